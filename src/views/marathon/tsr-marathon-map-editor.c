/* tsr-marathon-map-editor.c: one session and one pair of layers per shown level; the level maps
 * themselves belong to the document, so undo steps of another level keep working after a switch. */
#include "config.h"

#include "views/marathon/tsr-marathon-map-editor.h"

#include <glib/gi18n.h>

#include "edit/tsr-vector-move-tool.h"
#include "edit/tsr-vector-select-tool.h"
#include "model/marathon/tsr-marathon-level-source.h"
#include "views/tsr-grid-layer.h"
#include "views/tsr-vector-layer.h"

#define WORLD_UNIT 1024.0

static const double grid_steps[] = { 128, 256, 512, 1024, 2048 };

struct _TsrMarathonMapEditor {
  GtkWidget            parent_instance;
  TsrMarathonDocument *document;
  TsrMarathonLevelMap *map;
  TsrEditSession      *session;
  TsrTool             *select_tool;
  TsrTool             *move_tool;
  TsrVectorLayer      *layer;
  TsrGridLayer        *grid;
  TsrMarathonMapStyle *style; /* owned by the layer's style function */
  TsrMarathonDrawMode  mode;
  gboolean             has_pointer;
  double               pointer_x, pointer_y; /* map units */
  char                *status;

  GtkWidget           *editor_box;
  GtkToggleButton     *select_button;
  GtkToggleButton     *move_button;
  GtkDropDown         *mode_dropdown;
  GtkDropDown         *grid_dropdown;
  GtkCheckButton      *grid_check;
  GtkCheckButton      *snap_check;
  TsrMapCanvas        *canvas;
  GtkLabel            *selection_label;
  TsrPropertyInspector *inspector;
  TsrPropertyInspector *side_inspectors[2]; /* a selection of lines: their clockwise, counterclockwise sides */
  GtkLabel            *status_label;
};

G_DEFINE_FINAL_TYPE (TsrMarathonMapEditor, tsr_marathon_map_editor, GTK_TYPE_WIDGET)

static guint
count (GArray *array)
{
  return array != NULL ? array->len : 0;
}

static void
update_status (TsrMarathonMapEditor *self)
{
  GString *text = g_string_new (NULL);

  if (self->map != NULL)
    {
      const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (self->map);

      if (self->has_pointer)
        /* Translators: the pointer's position in Marathon world units. */
        g_string_append_printf (text, _("%.3f, %.3f WU · "), self->pointer_x / WORLD_UNIT, self->pointer_y / WORLD_UNIT);
      /* Translators: counts of a Marathon level's records in the status line. */
      g_string_append_printf (text, _("%u points · %u lines · %u sides · %u polygons · %u objects · %u annotations"),
                              tsr_marathon_level_n_points (level), count (level->lines), count (level->sides),
                              count (level->polygons), count (level->objects), count (level->annotations));
    }
  if (g_strcmp0 (text->str, self->status) != 0)
    {
      g_free (self->status);
      self->status = g_string_free (g_steal_pointer (&text), FALSE);
      gtk_label_set_text (self->status_label, self->status);
    }
  else
    g_string_free (text, TRUE);
}

/* Lines show their sides under them: SIDES[0] the clockwise ones, [1] the counterclockwise. */
static void
show_sides (TsrMarathonMapEditor *self,
            GArray               *lines)
{
  GArray *line_records = self->map != NULL ? tsr_marathon_level_map_get_records (self->map, TSR_MARATHON_RECORD_LINE) : NULL;
  GArray *side_records = self->map != NULL ? tsr_marathon_level_map_get_records (self->map, TSR_MARATHON_RECORD_SIDE) : NULL;

  for (guint which = 0; which < 2; which++)
    {
      g_autoptr(GArray) sides = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(TsrMarathonLevelSource) source = NULL;

      for (guint i = 0; lines != NULL && line_records != NULL && side_records != NULL && i < lines->len; i++)
        {
          const TsrMarathonLine *line = &g_array_index (line_records, TsrMarathonLine, g_array_index (lines, guint, i));
          gint side = which == 0 ? line->clockwise_side_index : line->counterclockwise_side_index;

          if (side >= 0 && (guint) side < side_records->len)
            g_array_append_val (sides, side);
        }
      if (sides->len > 0)
        source = tsr_marathon_level_source_new_titled (TSR_DOCUMENT (self->document), self->map, TSR_MARATHON_RECORD_SIDE,
                                                       which == 0 ? _("Clockwise side") : _("Counterclockwise side"));
      if (source != NULL)
        tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (source), (const guint *) sides->data, sides->len);
      tsr_property_inspector_set_source (self->side_inspectors[which], source != NULL ? TSR_PROPERTY_SOURCE (source) : NULL);
    }
}

/* The inspector shows one kind of the selection: polygons first, then lines (and their sides),
 * objects, annotations, points. */
static void
on_selection_changed (TsrMarathonMapEditor *self)
{
  static const TsrMarathonRecordKind preference[] = {
    TSR_MARATHON_RECORD_POLYGON, TSR_MARATHON_RECORD_LINE, TSR_MARATHON_RECORD_OBJECT,
    TSR_MARATHON_RECORD_ANNOTATION, TSR_MARATHON_RECORD_ENDPOINT, TSR_MARATHON_RECORD_POINT,
  };
  const TsrElementRef *elements;
  guint n_elements, shown = G_N_ELEMENTS (preference);
  GArray *per_kind[TSR_MARATHON_N_MAP_RECORDS] = { NULL };
  g_autoptr(TsrMarathonLevelSource) source = NULL;
  g_autoptr(GString) label = g_string_new (NULL);

  if (self->session == NULL)
    {
      tsr_property_inspector_set_source (self->inspector, NULL);
      show_sides (self, NULL);
      gtk_label_set_text (self->selection_label, "");
      return;
    }
  elements = tsr_selection_get_elements (tsr_edit_session_get_selection (self->session), &n_elements);
  for (guint i = 0; i < n_elements; i++)
    {
      guint record;
      TsrMarathonRecordKind kind = tsr_marathon_level_map_record_of (self->map, &elements[i], &record);

      if (kind >= TSR_MARATHON_N_MAP_RECORDS)
        continue;
      if (per_kind[kind] == NULL)
        per_kind[kind] = g_array_new (FALSE, FALSE, sizeof (guint));
      g_array_append_val (per_kind[kind], record);
    }
  for (guint p = 0; p < G_N_ELEMENTS (preference) && shown == G_N_ELEMENTS (preference); p++)
    if (per_kind[preference[p]] != NULL)
      shown = p;
  if (shown < G_N_ELEMENTS (preference))
    {
      GArray *records = per_kind[preference[shown]];

      source = tsr_marathon_level_source_new (TSR_DOCUMENT (self->document), self->map, preference[shown]);
      if (source != NULL)
        tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (source), (const guint *) records->data, records->len);
      /* Translators: the inspector's heading: how many records it shows (its title says of which
       * kind). */
      g_string_printf (label, g_dngettext (NULL, "%u record selected", "%u records selected", records->len),
                       records->len);
      if (n_elements > records->len)
        /* Translators: more elements are selected than the inspector shows. */
        g_string_append_printf (label, _(" (of %u elements)"), n_elements);
    }
  else
    g_string_assign (label, _("Nothing selected"));
  tsr_property_inspector_set_source (self->inspector, source != NULL ? TSR_PROPERTY_SOURCE (source) : NULL);
  show_sides (self, shown < G_N_ELEMENTS (preference) && preference[shown] == TSR_MARATHON_RECORD_LINE
                    ? per_kind[TSR_MARATHON_RECORD_LINE] : NULL);
  gtk_label_set_text (self->selection_label, label->str);
  for (guint k = 0; k < TSR_MARATHON_N_MAP_RECORDS; k++)
    g_clear_pointer (&per_kind[k], g_array_unref);
}

static void
on_undo_stack_changed (TsrMarathonMapEditor *self)
{
  /* Heights, lights, types may have changed: colours follow. */
  if (self->style != NULL)
    tsr_marathon_map_style_invalidate (self->style);
  if (self->layer != NULL)
    tsr_vector_layer_restyle (self->layer);
  update_status (self);
}

static void
apply_grid (TsrMarathonMapEditor *self)
{
  guint selected = gtk_drop_down_get_selected (self->grid_dropdown);
  double step = grid_steps[selected < G_N_ELEMENTS (grid_steps) ? selected : 2];

  if (self->grid != NULL)
    {
      tsr_grid_layer_set_step (self->grid, step);
      tsr_grid_layer_set_visible (self->grid, gtk_check_button_get_active (self->grid_check));
    }
  if (self->session != NULL)
    {
      tsr_edit_session_set_grid_step (self->session, step);
      tsr_edit_session_set_snap_to_grid (self->session, gtk_check_button_get_active (self->snap_check));
    }
}

static void
on_grid_changed (TsrMarathonMapEditor *self)
{
  apply_grid (self);
}

static void
on_tool_toggled (TsrMarathonMapEditor *self)
{
  if (self->session == NULL)
    return;
  tsr_edit_session_set_tool (self->session, gtk_toggle_button_get_active (self->move_button)
                                            ? self->move_tool : self->select_tool);
}

static void
on_mode_selected (TsrMarathonMapEditor *self)
{
  guint selected = gtk_drop_down_get_selected (self->mode_dropdown);

  if (selected != GTK_INVALID_LIST_POSITION)
    tsr_marathon_map_editor_set_draw_mode (self, selected);
}

static void
clear_level (TsrMarathonMapEditor *self)
{
  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (tsr_edit_session_get_selection (self->session), self);
      tsr_edit_session_set_tool (self->session, NULL);
    }
  tsr_map_canvas_set_session (self->canvas, NULL);
  if (self->layer != NULL)
    tsr_map_canvas_remove_layer (self->canvas, TSR_CANVAS_LAYER (self->layer));
  if (self->grid != NULL)
    tsr_map_canvas_remove_layer (self->canvas, TSR_CANVAS_LAYER (self->grid));
  tsr_property_inspector_set_source (self->inspector, NULL);
  show_sides (self, NULL);
  g_clear_object (&self->select_tool);
  g_clear_object (&self->move_tool);
  g_clear_object (&self->session);
  g_clear_object (&self->layer);
  g_clear_object (&self->grid);
  self->style = NULL;
  self->map = NULL;
}

static void
show_level (TsrMarathonMapEditor *self)
{
  clear_level (self);
  if (self->document != NULL)
    self->map = tsr_marathon_document_get_level_map (self->document,
                                                     tsr_marathon_document_get_current_level (self->document));
  if (self->map != NULL)
    {
      self->session = tsr_edit_session_new (TSR_DOCUMENT (self->document));
      tsr_edit_session_set_layer (self->session, G_OBJECT (self->map));
      self->select_tool = tsr_vector_select_tool_new (self->session);
      self->move_tool = tsr_vector_move_tool_new (self->session);
      self->grid = tsr_grid_layer_new (512, 2);
      self->layer = tsr_vector_layer_new (TSR_VECTOR_MAP (self->map));
      self->style = tsr_marathon_map_style_new ();
      tsr_marathon_map_style_set_mode (self->style, self->mode);
      tsr_vector_layer_set_style_func (self->layer, tsr_marathon_map_style_apply, self->style,
                                       (GDestroyNotify) tsr_marathon_map_style_free);
      tsr_vector_layer_set_background (self->layer, FALSE);
      /* A whole level at fit is about 0.02 view pixels a unit: still draw its points. */
      tsr_vector_layer_set_overview_zoom (self->layer, 1.0 / 128);
      tsr_vector_layer_set_selection (self->layer, tsr_edit_session_get_selection (self->session));
      tsr_map_canvas_add_layer (self->canvas, TSR_CANVAS_LAYER (self->grid));
      tsr_map_canvas_add_layer (self->canvas, TSR_CANVAS_LAYER (self->layer));
      tsr_map_canvas_set_session (self->canvas, self->session);
      g_signal_connect_swapped (tsr_edit_session_get_selection (self->session), "changed",
                                G_CALLBACK (on_selection_changed), self);
      apply_grid (self);
      on_tool_toggled (self);
      tsr_map_canvas_zoom_to_fit (self->canvas);
    }
  on_selection_changed (self);
  update_status (self);
}

void
tsr_marathon_map_editor_set_document (TsrMarathonMapEditor *self,
                                      TsrMarathonDocument  *document)
{
  g_return_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self));
  if (self->document == document)
    return;
  clear_level (self);
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->document, self);
      g_signal_handlers_disconnect_by_data (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)), self);
    }
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "notify::current-level", G_CALLBACK (show_level), self);
      g_signal_connect_swapped (tsr_document_get_undo_stack (TSR_DOCUMENT (document)), "changed",
                                G_CALLBACK (on_undo_stack_changed), self);
    }
  show_level (self);
}

TsrMapCanvas *
tsr_marathon_map_editor_get_canvas (TsrMarathonMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), NULL);
  return self->canvas;
}

TsrEditSession *
tsr_marathon_map_editor_get_session (TsrMarathonMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), NULL);
  return self->session;
}

TsrMarathonLevelMap *
tsr_marathon_map_editor_get_level_map (TsrMarathonMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), NULL);
  return self->map;
}

TsrPropertyInspector *
tsr_marathon_map_editor_get_inspector (TsrMarathonMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), NULL);
  return self->inspector;
}

void
tsr_marathon_map_editor_set_draw_mode (TsrMarathonMapEditor *self,
                                       TsrMarathonDrawMode   mode)
{
  g_return_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self));
  g_return_if_fail (mode < TSR_MARATHON_N_DRAW_MODES);

  self->mode = mode;
  if (gtk_drop_down_get_selected (self->mode_dropdown) != mode)
    gtk_drop_down_set_selected (self->mode_dropdown, mode);
  if (self->style != NULL)
    {
      tsr_marathon_map_style_set_mode (self->style, mode);
      tsr_vector_layer_restyle (self->layer);
    }
}

void
tsr_marathon_map_editor_set_grid_step (TsrMarathonMapEditor *self,
                                       double                step)
{
  g_return_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self));
  for (guint i = 0; i < G_N_ELEMENTS (grid_steps); i++)
    if (grid_steps[i] == step)
      gtk_drop_down_set_selected (self->grid_dropdown, i);
  apply_grid (self);
}

void
tsr_marathon_map_editor_set_snap (TsrMarathonMapEditor *self,
                                  gboolean              snap)
{
  g_return_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self));
  gtk_check_button_set_active (self->snap_check, snap);
  apply_grid (self);
}

const char *
tsr_marathon_map_editor_get_status (TsrMarathonMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), NULL);
  return self->status != NULL ? self->status : "";
}

static void
on_pointer_motion (GtkEventControllerMotion *controller,
                   double                    x,
                   double                    y,
                   TsrMarathonMapEditor     *self)
{
  TsrMapViewport viewport;

  tsr_map_canvas_get_viewport (self->canvas, &viewport);
  tsr_map_viewport_to_map (&viewport, x, y, &self->pointer_x, &self->pointer_y);
  self->has_pointer = TRUE;
  update_status (self);
}

static void
on_pointer_leave (GtkEventControllerMotion *controller,
                  TsrMarathonMapEditor     *self)
{
  self->has_pointer = FALSE;
  update_status (self);
}

static void
tsr_marathon_map_editor_dispose (GObject *object)
{
  TsrMarathonMapEditor *self = TSR_MARATHON_MAP_EDITOR (object);

  tsr_marathon_map_editor_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_MARATHON_MAP_EDITOR);
  G_OBJECT_CLASS (tsr_marathon_map_editor_parent_class)->dispose (object);
}

static void
tsr_marathon_map_editor_finalize (GObject *object)
{
  g_free (TSR_MARATHON_MAP_EDITOR (object)->status);
  G_OBJECT_CLASS (tsr_marathon_map_editor_parent_class)->finalize (object);
}

static void
tsr_marathon_map_editor_class_init (TsrMarathonMapEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tsr_marathon_map_editor_dispose;
  G_OBJECT_CLASS (klass)->finalize = tsr_marathon_map_editor_finalize;
  g_type_ensure (TSR_TYPE_MAP_CANVAS);
  g_type_ensure (TSR_TYPE_PROPERTY_INSPECTOR);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-marathon-map-editor.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, editor_box);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, select_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, move_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, mode_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, grid_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, grid_check);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, snap_check);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, canvas);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, selection_label);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, inspector);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, status_label);
  gtk_widget_class_bind_template_callback (widget_class, on_tool_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_mode_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_grid_changed);
}

static void
tsr_marathon_map_editor_init (TsrMarathonMapEditor *self)
{
  g_autoptr(GtkStringList) modes = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) steps = gtk_string_list_new (NULL);
  GtkEventController *motion;

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint which = 0; which < 2; which++)
    {
      self->side_inspectors[which] = TSR_PROPERTY_INSPECTOR (tsr_property_inspector_new ());
      gtk_widget_set_name (GTK_WIDGET (self->side_inspectors[which]), which == 0 ? "clockwise-side" : "counterclockwise-side");
      gtk_box_append (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->inspector))), GTK_WIDGET (self->side_inspectors[which]));
    }
  for (guint m = 0; m < TSR_MARATHON_N_DRAW_MODES; m++)
    gtk_string_list_append (modes, tsr_marathon_draw_mode_label (m));
  gtk_drop_down_set_model (self->mode_dropdown, G_LIST_MODEL (modes));
  /* Translators: grid steps in world units. */
  gtk_string_list_append (steps, _("⅛ WU"));
  gtk_string_list_append (steps, _("¼ WU"));
  gtk_string_list_append (steps, _("½ WU"));
  gtk_string_list_append (steps, _("1 WU"));
  gtk_string_list_append (steps, _("2 WU"));
  gtk_drop_down_set_model (self->grid_dropdown, G_LIST_MODEL (steps));
  gtk_drop_down_set_selected (self->grid_dropdown, 2);
  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_pointer_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_pointer_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), motion);
}
