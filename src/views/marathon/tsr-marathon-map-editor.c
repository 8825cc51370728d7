/* tsr-marathon-map-editor.c: one session and one pair of layers per shown level; the level maps
 * themselves belong to the document, so undo steps of another level keep working after a switch. */
#include "config.h"

#include "views/marathon/tsr-marathon-map-editor.h"
#include "views/tsr-property-find-bar.h"

#include <glib/gi18n.h>

#include "edit/marathon/tsr-marathon-tools.h"
#include "edit/marathon/tsr-marathon-paint-tool.h"
#include "edit/tsr-vector-move-tool.h"
#include "edit/tsr-vector-select-tool.h"
#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-names.h"
#include "model/marathon/tsr-marathon-level-source.h"
#include "formats/marathon/tsr-marathon-limits.h"
#include "views/marathon/tsr-marathon-go-to.h"
#include "views/marathon/tsr-marathon-texture-layer.h"
#include "views/marathon/tsr-marathon-texture-picker.h"
#include "views/tsr-side-bar-width.h"
#include "views/tsr-grid-layer.h"
#include "views/tsr-vector-layer.h"
#include "views/visual/tsr-visual-camera-layer.h"
#include "views/visual/tsr-visual-view.h"

#define WORLD_UNIT 1024.0

static const double grid_steps[] = { 128, 256, 512, 1024, 2048 };

/* The drawing tools, their toolbar buttons and keys (actions "marathon.tool" and "marathon.merge"). */
typedef enum {
  DRAWING_LINE,
  DRAWING_POLYGON,
  DRAWING_FILL,
  DRAWING_SPLIT,
  DRAWING_PLACE,
  N_DRAWING_TOOLS
} DrawingTool;

static const struct {
  const char *id;
  const char *button;
  guint       key;
} drawing_tools[N_DRAWING_TOOLS] = {
  { "line", "line_button", GDK_KEY_l },
  { "polygon", "polygon_button", GDK_KEY_p },
  { "fill", "fill_button", GDK_KEY_f },
  { "split", "split_button", GDK_KEY_s },
  { "place", "place_button", GDK_KEY_o },
};

struct _TsrMarathonMapEditor {
  GtkWidget            parent_instance;
  TsrMarathonDocument *document;
  TsrMarathonLevelMap *map;
  TsrEditSession      *session;
  TsrTool             *select_tool;
  TsrTool             *move_tool;
  TsrTool             *drawing_tools[N_DRAWING_TOOLS]; /* see drawing_tool_ids */
  guint                meter_idle;
  TsrTool             *paint_tool;
  TsrMarathonTextureLayer *texture_layer;
  TsrMarathonTextures *textures;
  GtkStack            *view_stack;   /* "2d" the canvas, "3d" the visual view */
  TsrVisualView       *visual_view;
  TsrVisualCameraLayer *camera_layer; /* the visual mode's camera on the 2D map */
  GSettings           *settings;
  TsrVectorLayer      *layer;
  TsrGridLayer        *grid;
  TsrMarathonMapStyle *style; /* owned by the layer's style function */
  TsrMarathonDrawMode  mode;
  gboolean             dragging;   /* between a press and a release on the canvas */
  gboolean             moved_only; /* the last elements-changed was GEOMETRY alone */
  gboolean             has_pointer;
  double               pointer_x, pointer_y; /* map units */
  char                *status;

  GtkWidget           *editor_box;
  GtkPaned            *paned;
  GtkToggleButton     *select_button;
  GtkToggleButton     *move_button;
  GtkToggleButton     *drawing_buttons[N_DRAWING_TOOLS];
  GtkSpinButton       *sides_spin;
  GtkWidget           *object_box;
  GtkDropDown         *object_kind_dropdown;
  GtkDropDown         *object_type_dropdown;
  GtkEntry            *annotation_entry;
  GtkLabel            *message_label;
  GtkLabel            *meter_label;
  GtkGrid             *limits_grid; /* a line per limit near or over */
  GtkToggleButton     *paint_button;
  GtkWidget           *paint_box;
  GtkDropDown         *paint_attribute_dropdown;
  GtkSpinButton       *paint_value_spin;
  GtkMenuButton       *paint_texture_button;
  GtkWidget           *texture_box;
  GtkMenuButton       *floor_texture_button;
  GtkMenuButton       *ceiling_texture_button;
  TsrMarathonTexturePicker *paint_picker;
  TsrMarathonTexturePicker *floor_picker;
  TsrMarathonTexturePicker *ceiling_picker;
  GtkDropDown         *mode_dropdown;
  GtkWidget           *legend_frame; /* over the map: the Colour by mode's legend */
  GtkFlowBox          *legend_box;
  GtkDropDown         *grid_dropdown;
  GtkCheckButton      *grid_check;
  GtkCheckButton      *snap_check;
  TsrMapCanvas        *canvas;
  GtkLabel            *selection_label;
  TsrPropertyInspector *inspector;
  TsrPropertyFindBar   *find_bar;  /* Find and Select Similar over the inspector's records */
  TsrMarathonRecordKind find_kind; /* the kind of those records */
  TsrPropertyInspector *side_inspectors[2]; /* a selection of lines: their clockwise, counterclockwise sides */
  GtkWidget           *side_texture_boxes[2]; /* under each: its three textures' pickers */
  TsrMarathonTexturePicker *side_pickers[2][3];
  GtkInscription      *status_label;
};

G_DEFINE_FINAL_TYPE (TsrMarathonMapEditor, tsr_marathon_map_editor, GTK_TYPE_WIDGET)

static void show_message (TsrMarathonMapEditor *self,
                          const char           *message);
static void queue_meter  (TsrMarathonMapEditor *self);

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
      /* Counts of a Marathon level's records, each with its plural form. */
      guint n_points = tsr_marathon_level_n_points (level), n_lines = count (level->lines);
      guint n_sides = count (level->sides), n_polygons = count (level->polygons);
      guint n_objects = count (level->objects), n_annotations = count (level->annotations);

      g_string_append_printf (text, ngettext ("%u point", "%u points", n_points), n_points);
      g_string_append (text, " · ");
      g_string_append_printf (text, ngettext ("%u line", "%u lines", n_lines), n_lines);
      g_string_append (text, " · ");
      g_string_append_printf (text, ngettext ("%u side", "%u sides", n_sides), n_sides);
      g_string_append (text, " · ");
      g_string_append_printf (text, ngettext ("%u polygon", "%u polygons", n_polygons), n_polygons);
      g_string_append (text, " · ");
      g_string_append_printf (text, ngettext ("%u object", "%u objects", n_objects), n_objects);
      g_string_append (text, " · ");
      g_string_append_printf (text, ngettext ("%u annotation", "%u annotations", n_annotations), n_annotations);
    }
  if (g_strcmp0 (text->str, self->status) != 0)
    {
      g_free (self->status);
      self->status = g_string_free (g_steal_pointer (&text), FALSE);
      gtk_inscription_set_text (self->status_label, self->status);
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
      gtk_widget_set_visible (self->side_texture_boxes[which], source != NULL);
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
  tsr_property_find_bar_set_source (self->find_bar, source != NULL ? TSR_PROPERTY_SOURCE (source) : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->find_bar), source != NULL);
  self->find_kind = shown < G_N_ELEMENTS (preference) ? preference[shown] : TSR_MARATHON_N_MAP_RECORDS;
  gtk_widget_set_visible (self->texture_box, source != NULL && shown == 0);
  show_sides (self, shown < G_N_ELEMENTS (preference) && preference[shown] == TSR_MARATHON_RECORD_LINE
                    ? per_kind[TSR_MARATHON_RECORD_LINE] : NULL);
  gtk_label_set_text (self->selection_label, label->str);
  for (guint k = 0; k < TSR_MARATHON_N_MAP_RECORDS; k++)
    g_clear_pointer (&per_kind[k], g_array_unref);
}

/* Find and Select Similar select on the map: the records found, as the elements they are. */
static void
on_records_found (TsrPropertyFindBar   *bar,
                  GArray               *records,
                  TsrMarathonMapEditor *self)
{
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));

  if (self->session == NULL || self->map == NULL)
    return;
  for (guint i = 0; i < records->len; i++)
    {
      guint record = g_array_index (records, guint, i);
      TsrElementRef ref = { TSR_N_ELEMENT_KINDS, record };

      switch (self->find_kind)
        {
        case TSR_MARATHON_RECORD_POLYGON: ref.kind = TSR_ELEMENT_POLYGON; break;
        case TSR_MARATHON_RECORD_LINE: ref.kind = TSR_ELEMENT_SEGMENT; break;
        case TSR_MARATHON_RECORD_POINT:
        case TSR_MARATHON_RECORD_ENDPOINT: ref.kind = TSR_ELEMENT_POINT; break;
        case TSR_MARATHON_RECORD_OBJECT:
          ref = (TsrElementRef) { TSR_ELEMENT_MARKER, tsr_marathon_level_map_object_marker (self->map, record) };
          break;
        case TSR_MARATHON_RECORD_ANNOTATION:
          ref = (TsrElementRef) { TSR_ELEMENT_MARKER, tsr_marathon_level_map_annotation_marker (self->map, record) };
          break;
        default:
          break;
        }
      if (ref.kind != TSR_N_ELEMENT_KINDS && tsr_vector_map_contains (TSR_VECTOR_MAP (self->map), &ref))
        g_array_append_val (refs, ref);
    }
  if (refs->len > 0)
    tsr_selection_set (tsr_edit_session_get_selection (self->session), (const TsrElementRef *) refs->data, refs->len);
}

static void
on_map_elements_changed (TsrVectorMap        *map,
                         const TsrElementRef *elements,
                         guint                n_elements,
                         guint                flags,
                         TsrMarathonMapEditor *self)
{
  self->moved_only = flags == TSR_ELEMENTS_GEOMETRY;
}

static gboolean
on_map_pointer (TsrMapCanvas         *canvas,
                TsrMapPointerPhase    phase,
                double                map_x,
                double                map_y,
                GdkModifierType       state,
                TsrMarathonMapEditor *self)
{
  self->dragging = phase != TSR_MAP_POINTER_RELEASE;
  return FALSE;
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  const GdkRGBA *colour = user_data;

  /* Over a dark ground, as the map shows the (translucent) colour. */
  cairo_set_source_rgb (cr, 0.12, 0.12, 0.15);
  cairo_paint (cr);
  gdk_cairo_set_source_rgba (cr, colour);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* The legend over the map follows the mode and the level's records. */
static void
update_legend (TsrMarathonMapEditor *self)
{
  g_autoptr(GArray) entries = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->legend_box))) != NULL)
    gtk_flow_box_remove (self->legend_box, child);
  if (self->style != NULL && self->map != NULL)
    entries = tsr_marathon_map_style_legend (self->style, tsr_marathon_level_map_get_level (self->map));
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      const TsrMarathonLegendEntry *entry = &g_array_index (entries, TsrMarathonLegendEntry, i);
      GdkRGBA *colour = g_new (GdkRGBA, 1);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *swatch = gtk_drawing_area_new ();
      g_autofree char *text = entry->polygons > 0
                              ? g_strdup_printf (ngettext ("%s: %u polygon", "%s: %u polygons", entry->polygons),
                                                 entry->label, entry->polygons)
                              : g_strdup (entry->label);
      GtkWidget *label = gtk_label_new (text);

      *colour = (GdkRGBA) { entry->rgba[0], entry->rgba[1], entry->rgba[2], entry->rgba[3] };
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 14);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 14);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, colour, g_free);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_append (GTK_BOX (row), swatch);
      gtk_box_append (GTK_BOX (row), label);
      gtk_flow_box_append (self->legend_box, row);
    }
  /* At most eight rows: more values take more columns. */
  gtk_flow_box_set_min_children_per_line (self->legend_box, entries != NULL ? MAX (1, (entries->len + 7) / 8) : 1);
  gtk_widget_set_visible (self->legend_frame, entries != NULL && entries->len > 0);
}

static void
on_undo_stack_changed (TsrMarathonMapEditor *self)
{
  /* Heights, lights, types may have changed: colours follow. A drag's moves (the select and move
   * tools, one per motion) change none of them, and the layer has drawn again the areas the moved
   * elements left and reached: its kept picture stays. (Setting a record is GEOMETRY too, and may
   * change how other elements look: it restyles.) */
  if (!(self->dragging && self->moved_only))
    {
      if (self->style != NULL)
        tsr_marathon_map_style_invalidate (self->style);
      if (self->layer != NULL)
        tsr_vector_layer_restyle (self->layer);
      update_legend (self);
    }
  self->moved_only = FALSE;
  update_status (self);
  show_message (self, NULL);
  queue_meter (self);
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

/* Paint and textures: the paint tool's attribute and value, the Shapes file the textures come
 * from (the scenario's own, remembered in the settings, else the default one) and the texture
 * pickers of the paint tool and of the selected polygons. */

static TsrMarathonDrawMode
paint_draw_mode (TsrMarathonPaintAttribute attribute)
{
  switch (attribute)
    {
    case TSR_MARATHON_PAINT_FLOOR_HEIGHT: return TSR_MARATHON_DRAW_FLOOR_HEIGHT;
    case TSR_MARATHON_PAINT_CEILING_HEIGHT: return TSR_MARATHON_DRAW_CEILING_HEIGHT;
    case TSR_MARATHON_PAINT_FLOOR_LIGHT: return TSR_MARATHON_DRAW_FLOOR_LIGHT;
    case TSR_MARATHON_PAINT_CEILING_LIGHT: return TSR_MARATHON_DRAW_CEILING_LIGHT;
    case TSR_MARATHON_PAINT_LIQUID: return TSR_MARATHON_DRAW_LIQUID;
    case TSR_MARATHON_PAINT_AMBIENT_SOUND: return TSR_MARATHON_DRAW_AMBIENT_SOUND;
    case TSR_MARATHON_PAINT_RANDOM_SOUND: return TSR_MARATHON_DRAW_RANDOM_SOUND;
    case TSR_MARATHON_PAINT_FLOOR_TEXTURE: return TSR_MARATHON_DRAW_FLOOR_TEXTURE;
    case TSR_MARATHON_PAINT_CEILING_TEXTURE: return TSR_MARATHON_DRAW_CEILING_TEXTURE;
    case TSR_MARATHON_PAINT_TYPE:
    case TSR_MARATHON_N_PAINT_ATTRIBUTES:
    default:
      return TSR_MARATHON_DRAW_TYPE;
    }
}

static gboolean
is_texture (TsrMarathonPaintAttribute attribute)
{
  return attribute == TSR_MARATHON_PAINT_FLOOR_TEXTURE || attribute == TSR_MARATHON_PAINT_CEILING_TEXTURE;
}

/* "17 · 3": a shape descriptor as the buttons show it. */
static char *
texture_label (guint descriptor)
{
  if (descriptor == TSR_MARATHON_DESCRIPTOR_NONE)
    /* Translators: no texture. */
    return g_strdup (_("None"));
  /* Translators: a texture: its collection and frame. */
  return g_strdup_printf (_("Texture %u · %u"), TSR_MARATHON_DESCRIPTOR_COLLECTION (descriptor),
                          TSR_MARATHON_DESCRIPTOR_FRAME (descriptor));
}

/* The value field's range for the attribute on this level (indices of its records, −1 none). */
static void
update_paint_value_range (TsrMarathonMapEditor *self)
{
  TsrMarathonPaintAttribute attribute = gtk_drop_down_get_selected (self->paint_attribute_dropdown);
  const TsrMarathonLevel *level = self->map != NULL ? tsr_marathon_level_map_get_level (self->map) : NULL;
  double lower = -32768, upper = 32767;

  if (attribute >= TSR_MARATHON_N_PAINT_ATTRIBUTES)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->paint_value_spin), !is_texture (attribute));
  gtk_widget_set_visible (GTK_WIDGET (self->paint_texture_button), is_texture (attribute));
  if (level != NULL)
    switch (attribute)
      {
      case TSR_MARATHON_PAINT_TYPE:
        lower = 0, upper = 23;
        break;
      case TSR_MARATHON_PAINT_FLOOR_LIGHT:
      case TSR_MARATHON_PAINT_CEILING_LIGHT:
        lower = 0, upper = (double) count (level->lights != NULL ? level->lights : level->old_lights) - 1;
        break;
      case TSR_MARATHON_PAINT_LIQUID:
        lower = -1, upper = (double) count (level->media) - 1;
        break;
      case TSR_MARATHON_PAINT_AMBIENT_SOUND:
        lower = -1, upper = (double) count (level->ambient_sounds) - 1;
        break;
      case TSR_MARATHON_PAINT_RANDOM_SOUND:
        lower = -1, upper = (double) count (level->random_sounds) - 1;
        break;
      default:
        break;
      }
  gtk_spin_button_set_range (self->paint_value_spin, lower, MAX (lower, upper));
}

static void
on_paint_tool_value (TsrMarathonMapEditor *self)
{
  gint value = tsr_marathon_paint_tool_get_value (TSR_MARATHON_PAINT_TOOL (self->paint_tool));
  g_autofree char *label = texture_label ((guint) value & 0xFFFF);

  if ((gint) gtk_spin_button_get_value (self->paint_value_spin) != value)
    gtk_spin_button_set_value (self->paint_value_spin, value);
  gtk_menu_button_set_label (self->paint_texture_button, label);
}

static void
paint_tool_attach (TsrMarathonMapEditor *self)
{
  TsrMarathonPaintTool *paint = TSR_MARATHON_PAINT_TOOL (self->paint_tool);
  guint attribute = gtk_drop_down_get_selected (self->paint_attribute_dropdown);

  tsr_marathon_paint_tool_set_attribute (paint, attribute < TSR_MARATHON_N_PAINT_ATTRIBUTES ? attribute : 0);
  update_paint_value_range (self);
  if (!is_texture (tsr_marathon_paint_tool_get_attribute (paint)))
    tsr_marathon_paint_tool_set_value (paint, (gint) gtk_spin_button_get_value (self->paint_value_spin));
  g_signal_connect_swapped (paint, "notify::value", G_CALLBACK (on_paint_tool_value), self);
  on_paint_tool_value (self);
}

static void
on_paint_attribute_selected (TsrMarathonMapEditor *self)
{
  guint attribute = gtk_drop_down_get_selected (self->paint_attribute_dropdown);

  if (attribute >= TSR_MARATHON_N_PAINT_ATTRIBUTES)
    return;
  update_paint_value_range (self);
  if (self->paint_tool == NULL)
    return;
  tsr_marathon_paint_tool_set_attribute (TSR_MARATHON_PAINT_TOOL (self->paint_tool), attribute);
  /* A texture keeps the value its picker gave; numbers take the field's. */
  if (!is_texture (attribute))
    tsr_marathon_paint_tool_set_value (TSR_MARATHON_PAINT_TOOL (self->paint_tool),
                                       (gint) gtk_spin_button_get_value (self->paint_value_spin));
  if (gtk_toggle_button_get_active (self->paint_button))
    tsr_marathon_map_editor_set_draw_mode (self, paint_draw_mode (attribute));
}

static void
on_paint_value_changed (TsrMarathonMapEditor *self)
{
  if (self->paint_tool != NULL
      && !is_texture (tsr_marathon_paint_tool_get_attribute (TSR_MARATHON_PAINT_TOOL (self->paint_tool))))
    tsr_marathon_paint_tool_set_value (TSR_MARATHON_PAINT_TOOL (self->paint_tool),
                                       (gint) gtk_spin_button_get_value (self->paint_value_spin));
}

static void
on_paint_texture_chosen (TsrMarathonMapEditor *self,
                         guint                 descriptor)
{
  if (self->paint_tool != NULL)
    tsr_marathon_paint_tool_set_value (TSR_MARATHON_PAINT_TOOL (self->paint_tool), (gint) descriptor);
  /* The texture the visual mode's T applies. */
  tsr_visual_view_set_texture (self->visual_view, (guint16) descriptor);
}

/* A texture for every record INSPECTOR shows, as one undo step through its source. */
static void
set_selected_texture (TsrPropertyInspector *inspector,
                      const char           *field_name,
                      guint                 descriptor)
{
  TsrPropertySource *source = tsr_property_inspector_get_source (inspector);
  TsrFieldValue value = { 0 };
  g_autoptr(GError) error = NULL;
  int field;

  if (source == NULL || (field = tsr_field_table_find (tsr_property_source_get_table (source), field_name)) < 0)
    return;
  value.v[0] = (gint16) descriptor;
  if (!tsr_property_source_set (source, (guint) field, &value, &error))
    g_warning ("%s: %s", field_name, error->message);
}

static void
on_floor_texture_chosen (TsrMarathonMapEditor *self,
                         guint                 descriptor)
{
  set_selected_texture (self->inspector, "floor_texture", descriptor);
}

static void
on_ceiling_texture_chosen (TsrMarathonMapEditor *self,
                           guint                 descriptor)
{
  set_selected_texture (self->inspector, "ceiling_texture", descriptor);
}

/* The sides' textures: a picker knows its side inspector and field. */
static const char *const side_texture_fields[3] = {
  "primary_texture.texture", "secondary_texture.texture", "transparent_texture.texture",
};

static void
on_side_texture_chosen (TsrMarathonTexturePicker *picker,
                        guint                     descriptor,
                        TsrMarathonMapEditor     *self)
{
  guint which = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (picker), "tsr-side"));
  guint field = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (picker), "tsr-field"));

  set_selected_texture (self->side_inspectors[which], side_texture_fields[field], descriptor);
}

static void
apply_textures (TsrMarathonMapEditor *self)
{
  TsrMarathonTexturePicker *pickers[] = {
    self->paint_picker, self->floor_picker, self->ceiling_picker, self->side_pickers[0][0], self->side_pickers[0][1],
    self->side_pickers[0][2], self->side_pickers[1][0], self->side_pickers[1][1], self->side_pickers[1][2],
  };
  gint collection = -1;

  if (self->map != NULL && tsr_marathon_level_map_get_level (self->map)->has_info)
    collection = tsr_marathon_environment_wall_collection (
      tsr_marathon_level_map_get_level (self->map)->info.environment_code);
  for (guint i = 0; i < G_N_ELEMENTS (pickers); i++)
    {
      tsr_marathon_texture_picker_set_textures (pickers[i], self->textures);
      if (collection >= 0)
        tsr_marathon_texture_picker_set_collection (pickers[i], (guint) collection);
    }
  if (self->texture_layer != NULL)
    tsr_marathon_texture_layer_set_textures (self->texture_layer, self->textures);
  tsr_visual_view_set_textures (self->visual_view, self->textures);
  tsr_marathon_map_editor_set_draw_mode (self, self->mode);
}

/* The scenario's file path, the key of its remembered Shapes file (NULL: an unsaved map). */
static char *
scenario_path (TsrMarathonMapEditor *self)
{
  GFile *file = self->document != NULL ? tsr_document_get_file (TSR_DOCUMENT (self->document)) : NULL;

  return file != NULL ? g_file_get_path (file) : NULL;
}

static void
textures_follow_settings (TsrMarathonMapEditor *self)
{
  g_autofree char *scenario = scenario_path (self);
  g_autofree char *shapes = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (self->settings == NULL)
    return;
  if (scenario != NULL)
    {
      g_autoptr(GVariant) remembered = g_settings_get_value (self->settings, "marathon-scenario-shapes");

      g_variant_lookup (remembered, scenario, "s", &shapes);
    }
  if (shapes == NULL || *shapes == '\0')
    {
      g_free (shapes);
      shapes = g_settings_get_string (self->settings, "marathon-shapes");
    }
  if (*shapes == '\0')
    return;
  file = g_file_new_for_path (shapes);
  if (self->textures != NULL && g_file_equal (file, tsr_marathon_textures_get_file (self->textures)))
    return;
  g_clear_object (&self->textures);
  self->textures = tsr_marathon_textures_load (file, &error);
  if (self->textures == NULL)
    g_message ("Shapes file %s: %s", shapes, error->message);
  apply_textures (self);
}

gboolean
tsr_marathon_map_editor_set_shapes_file (TsrMarathonMapEditor *self,
                                         GFile                *file,
                                         GError              **error)
{
  g_autoptr(TsrMarathonTextures) textures = NULL;
  g_autofree char *scenario = NULL;

  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  textures = tsr_marathon_textures_load (file, error);
  if (textures == NULL)
    return FALSE;
  g_set_object (&self->textures, textures);
  scenario = scenario_path (self);
  if (self->settings != NULL && scenario != NULL)
    {
      g_autoptr(GVariant) remembered = g_settings_get_value (self->settings, "marathon-scenario-shapes");
      g_autofree char *path = g_file_get_path (file);
      GVariantBuilder builder;
      GVariantIter iter;
      const char *key, *value;

      g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
      g_variant_iter_init (&iter, remembered);
      while (g_variant_iter_next (&iter, "{&s&s}", &key, &value))
        if (g_strcmp0 (key, scenario) != 0)
          g_variant_builder_add (&builder, "{ss}", key, value);
      g_variant_builder_add (&builder, "{ss}", scenario, path != NULL ? path : "");
      g_settings_set_value (self->settings, "marathon-scenario-shapes", g_variant_builder_end (&builder));
    }
  apply_textures (self);
  return TRUE;
}

TsrMarathonTextures *
tsr_marathon_map_editor_get_textures (TsrMarathonMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), NULL);
  return self->textures;
}

static void
on_shapes_response (GtkNativeDialog      *dialog,
                    int                   response,
                    TsrMarathonMapEditor *self)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && file != NULL && !tsr_marathon_map_editor_set_shapes_file (self, file, &error))
    gtk_inscription_set_text (self->status_label, error->message);
  g_object_unref (dialog);
}

static void
on_shapes_clicked (TsrMarathonMapEditor *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Shapes File"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_shapes_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static TsrMarathonTexturePicker *
add_picker (TsrMarathonMapEditor *self,
            GtkMenuButton        *button,
            GCallback             chosen)
{
  GtkWidget *picker = tsr_marathon_texture_picker_new ();

  gtk_menu_button_set_popover (button, picker);
  g_signal_connect_swapped (picker, "texture-chosen", chosen, self);
  return TSR_MARATHON_TEXTURE_PICKER (picker);
}

static void
paint_and_textures_init (TsrMarathonMapEditor *self)
{
  g_autoptr(GtkStringList) attributes = gtk_string_list_new (NULL);
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = source != NULL ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE) : NULL;

  for (guint a = 0; a < TSR_MARATHON_N_PAINT_ATTRIBUTES; a++)
    gtk_string_list_append (attributes, tsr_marathon_paint_attribute_label (a));
  gtk_drop_down_set_model (self->paint_attribute_dropdown, G_LIST_MODEL (attributes));
  self->paint_picker = add_picker (self, self->paint_texture_button, G_CALLBACK (on_paint_texture_chosen));
  self->floor_picker = add_picker (self, self->floor_texture_button, G_CALLBACK (on_floor_texture_chosen));
  self->ceiling_picker = add_picker (self, self->ceiling_texture_button, G_CALLBACK (on_ceiling_texture_chosen));
  for (guint which = 0; which < 2; which++)
    {
      const char *labels[3] = { _("Primary…"), _("Secondary…"), _("Transparent…") };

      self->side_texture_boxes[which] = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      gtk_widget_set_visible (self->side_texture_boxes[which], FALSE);
      for (guint field = 0; field < 3; field++)
        {
          GtkWidget *button = gtk_menu_button_new ();
          GtkWidget *picker = tsr_marathon_texture_picker_new ();

          gtk_menu_button_set_label (GTK_MENU_BUTTON (button), labels[field]);
          /* Translators: the tooltip of a side's texture buttons. */
          gtk_widget_set_tooltip_text (button, _("Choose this texture of the selected lines’ sides"));
          gtk_widget_set_name (button, side_texture_fields[field]);
          gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), picker);
          g_object_set_data (G_OBJECT (picker), "tsr-side", GUINT_TO_POINTER (which));
          g_object_set_data (G_OBJECT (picker), "tsr-field", GUINT_TO_POINTER (field));
          g_signal_connect (picker, "texture-chosen", G_CALLBACK (on_side_texture_chosen), self);
          self->side_pickers[which][field] = TSR_MARATHON_TEXTURE_PICKER (picker);
          gtk_box_append (GTK_BOX (self->side_texture_boxes[which]), button);
        }
      gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->side_inspectors[which]))),
                                  self->side_texture_boxes[which], GTK_WIDGET (self->side_inspectors[which]));
    }
  if (schema != NULL && g_settings_schema_has_key (schema, "marathon-scenario-shapes"))
    {
      self->settings = g_settings_new (APPLICATION_ID);
      g_signal_connect_swapped (self->settings, "changed::marathon-shapes", G_CALLBACK (textures_follow_settings), self);
    }
  if (self->settings != NULL && g_settings_schema_has_key (schema, "marathon-inspector-width"))
    tsr_side_bar_width_bind (self->paned, self->settings, "marathon-inspector-width");
}

TsrTool *
tsr_marathon_map_editor_get_paint_tool (TsrMarathonMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), NULL);
  return self->paint_tool;
}

TsrMarathonTextureLayer *
tsr_marathon_map_editor_get_texture_layer (TsrMarathonMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), NULL);
  return self->texture_layer;
}

/* WHICH: "paint", "floor", "ceiling", or "SIDE:FIELD" with SIDE "clockwise" or
 * "counterclockwise" and FIELD "primary", "secondary" or "transparent". */
TsrMarathonTexturePicker *
tsr_marathon_map_editor_get_texture_picker (TsrMarathonMapEditor *self,
                                            const char           *which)
{
  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), NULL);
  for (guint side = 0; side < 2; side++)
    for (guint field = 0; field < 3; field++)
      {
        g_autofree char *name = g_strdup_printf ("%s:%s", side == 0 ? "clockwise" : "counterclockwise",
                                                 field == 0 ? "primary" : field == 1 ? "secondary" : "transparent");

        if (g_strcmp0 (which, name) == 0)
          return self->side_pickers[side][field];
      }
  if (g_strcmp0 (which, "floor") == 0)
    return self->floor_picker;
  if (g_strcmp0 (which, "ceiling") == 0)
    return self->ceiling_picker;
  return self->paint_picker;
}

static void
on_tool_toggled (TsrMarathonMapEditor *self)
{
  TsrTool *tool;

  if (self->session == NULL)
    return;
  gtk_widget_set_visible (self->paint_box, gtk_toggle_button_get_active (self->paint_button));
  gtk_widget_set_visible (self->object_box, gtk_toggle_button_get_active (self->drawing_buttons[DRAWING_PLACE]));
  if (gtk_toggle_button_get_active (self->paint_button))
    {
      tsr_edit_session_set_tool (self->session, self->paint_tool);
      /* The map shows what is being painted. */
      tsr_marathon_map_editor_set_draw_mode (self, paint_draw_mode (
                                                     tsr_marathon_paint_tool_get_attribute (
                                                       TSR_MARATHON_PAINT_TOOL (self->paint_tool))));
      return;
    }
  tool = gtk_toggle_button_get_active (self->move_button) ? self->move_tool : self->select_tool;
  for (guint t = 0; t < N_DRAWING_TOOLS; t++)
    if (gtk_toggle_button_get_active (self->drawing_buttons[t]))
      tool = self->drawing_tools[t];
  tsr_edit_session_set_tool (self->session, tool);
}

/* --- Drawing tools, messages and the map-index meter --- */

/* The object tool's kinds (TsrMarathonObject.type) and the types of each: the engine's names of
 * monsters, scenery, items and ambient sounds, team numbers of player starts, numbers of goals. */
static const char *
object_kind_label (guint kind)
{
  switch (kind)
    {
    case 0: return _("Monster");
    case 1: return _("Scenery");
    case 2: return _("Item");
    case 3: return _("Player Start");
    case 4: return _("Goal");
    case TSR_MARATHON_PLACE_ANNOTATION: return _("Annotation");
    case 5:
    default:
      return _("Sound Source");
    }
}

static GListModel *
object_types (guint kind)
{
  GtkStringList *types = gtk_string_list_new (NULL);

  for (gint i = 0; i < 64; i++)
    {
      g_autofree char *numbered = NULL;
      const char *name = tsr_marathon_object_name ((gint) kind, i);

      if (kind != 3 && kind != 4)
        {
          if (name == NULL)
            break;
          numbered = g_strdup_printf ("%d %s", i, _(name));
        }
      else if (kind == 3)
        {
          if (i >= 8)
            break;
          /* Translators: a player start's index: the team it is for. */
          numbered = g_strdup_printf (_("Team %d"), i);
        }
      else
        /* Translators: a goal's type by number. */
        numbered = g_strdup_printf (_("Type %d"), i);
      gtk_string_list_append (types, numbered);
    }
  return G_LIST_MODEL (types);
}

/* The object tool places what the two drop-downs say. */
static void
on_object_type_selected (TsrMarathonMapEditor *self)
{
  guint kind = gtk_drop_down_get_selected (self->object_kind_dropdown);
  guint type = gtk_drop_down_get_selected (self->object_type_dropdown);

  if (kind == TSR_MARATHON_PLACE_ANNOTATION)
    type = 0;
  if (self->drawing_tools[DRAWING_PLACE] != NULL && kind != GTK_INVALID_LIST_POSITION && type != GTK_INVALID_LIST_POSITION)
    g_object_set (self->drawing_tools[DRAWING_PLACE], "object-type", (gint) kind, "object-index", (gint) type, NULL);
}

static void
on_annotation_text_changed (TsrMarathonMapEditor *self)
{
  if (self->drawing_tools[DRAWING_PLACE] != NULL)
    g_object_set (self->drawing_tools[DRAWING_PLACE], "annotation-text", gtk_editable_get_text (GTK_EDITABLE (self->annotation_entry)),
                  NULL);
}

static void
on_object_kind_selected (TsrMarathonMapEditor *self)
{
  guint kind = gtk_drop_down_get_selected (self->object_kind_dropdown);
  g_autoptr(GListModel) types = NULL;

  if (kind == GTK_INVALID_LIST_POSITION)
    return;
  /* An annotation has no type to choose, only its text. */
  gtk_widget_set_visible (GTK_WIDGET (self->object_type_dropdown), kind != TSR_MARATHON_PLACE_ANNOTATION);
  gtk_widget_set_visible (GTK_WIDGET (self->annotation_entry), kind == TSR_MARATHON_PLACE_ANNOTATION);
  if (kind == TSR_MARATHON_PLACE_ANNOTATION)
    {
      on_object_type_selected (self);
      return;
    }
  types = object_types (kind);
  gtk_drop_down_set_model (self->object_type_dropdown, types);
  gtk_drop_down_set_selected (self->object_type_dropdown, 0);
  on_object_type_selected (self);
}

static void
objects_init (TsrMarathonMapEditor *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);

  for (guint k = 0; k <= TSR_MARATHON_PLACE_ANNOTATION; k++)
    gtk_string_list_append (kinds, object_kind_label (k));
  gtk_drop_down_set_model (self->object_kind_dropdown, G_LIST_MODEL (kinds));
  /* Player starts first: a new level needs one. */
  gtk_drop_down_set_selected (self->object_kind_dropdown, 3);
  on_object_kind_selected (self);
}

static void
show_message (TsrMarathonMapEditor *self,
              const char           *message)
{
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->message_label), message);
}

static void
on_edit_failed (TsrTool              *tool,
                const char           *message,
                TsrMarathonMapEditor *self)
{
  show_message (self, message);
}

/* A line for each limit at 80 % or over: its name, used / limit and a level bar, red when over. */
static void
update_limit_lines (TsrMarathonMapEditor   *self,
                    const TsrMarathonLimit *limits)
{
  gint row = 0;

  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self->limits_grid))) != NULL;)
    gtk_grid_remove (self->limits_grid, child);
  for (guint i = 0; limits != NULL && i < TSR_MARATHON_N_LIMITS; i++)
    {
      const TsrMarathonLimit *limit = &limits[i];
      GtkWidget *name, *count, *bar;
      g_autofree char *text = NULL;
      gboolean over = limit->used > limit->limit;

      if (!tsr_marathon_limit_is_near (limit))
        continue;
      name = gtk_label_new (_(limit->name));
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      /* Translators: a limit's line under the map: used of the limit and the share used. */
      text = g_strdup_printf (_("%'u / %'u (%u %%)"), limit->used, limit->limit,
                              (guint) ((guint64) limit->used * 100 / limit->limit));
      count = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (count), 1);
      bar = gtk_level_bar_new_for_interval (0, limit->limit);
      gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), MIN (limit->used, limit->limit));
      gtk_widget_set_hexpand (bar, TRUE);
      gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (bar, over ? _("Over the engine's limit") : _("Near the engine's limit"));
      gtk_widget_add_css_class (name, over ? "error" : "warning");
      gtk_widget_add_css_class (count, over ? "error" : "warning");
      gtk_grid_attach (self->limits_grid, name, 0, row, 1, 1);
      gtk_grid_attach (self->limits_grid, count, 1, row, 1, 1);
      gtk_grid_attach (self->limits_grid, bar, 2, row, 1, 1);
      row++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->limits_grid), row > 0);
}

static gboolean
update_meter (gpointer user_data)
{
  TsrMarathonMapEditor *self = user_data;
  g_autofree char *text = NULL;
  guint used, limit = 0, percent;
  TsrMarathonLimit limits[TSR_MARATHON_N_LIMITS];

  self->meter_idle = 0;
  if (self->map == NULL)
    {
      gtk_label_set_text (self->meter_label, "");
      update_limit_lines (self, NULL);
      return G_SOURCE_REMOVE;
    }
  tsr_marathon_level_limits (tsr_marathon_level_map_get_level (self->map), limits);
  update_limit_lines (self, limits);
  used = limits[0].used;
  limit = limits[0].limit;
  percent = limit > 0 ? (guint) ((guint64) used * 100 / limit) : 0;
  /* Translators: the map-index meter: entries the engine's index list needs, its limit and the
   * share used (alephone issue #481). */
  text = g_strdup_printf (_("map indexes %'u / %'u (%u %%)"), used, limit, percent);
  gtk_label_set_text (self->meter_label, text);
  if (used > limit)
    gtk_widget_add_css_class (GTK_WIDGET (self->meter_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->meter_label), "error");
  if (used * 10 > limit * 9 && used <= limit)
    gtk_widget_add_css_class (GTK_WIDGET (self->meter_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->meter_label), "warning");
  return G_SOURCE_REMOVE;
}

/* The meter floods the whole level (some 20 ms on the largest): once per burst of changes. */
static void
queue_meter (TsrMarathonMapEditor *self)
{
  if (self->meter_idle == 0)
    self->meter_idle = g_idle_add_full (G_PRIORITY_LOW, update_meter, self, NULL);
}

static void
on_sides_changed (TsrMarathonMapEditor *self)
{
  if (self->drawing_tools[DRAWING_POLYGON] != NULL)
    tsr_marathon_polygon_tool_set_sides (TSR_MARATHON_POLYGON_TOOL (self->drawing_tools[DRAWING_POLYGON]),
                                         (guint) gtk_spin_button_get_value_as_int (self->sides_spin));
}

static void
make_drawing_tools (TsrMarathonMapEditor *self)
{
  self->drawing_tools[DRAWING_LINE] = tsr_marathon_line_tool_new (self->session);
  self->drawing_tools[DRAWING_POLYGON] = tsr_marathon_polygon_tool_new (self->session);
  self->drawing_tools[DRAWING_FILL] = tsr_marathon_click_tool_new (self->session, TSR_MARATHON_CLICK_FILL);
  self->drawing_tools[DRAWING_SPLIT] = tsr_marathon_click_tool_new (self->session, TSR_MARATHON_CLICK_SPLIT);
  self->drawing_tools[DRAWING_PLACE] = tsr_marathon_click_tool_new (self->session, TSR_MARATHON_CLICK_PLACE);
  for (guint t = 0; t < N_DRAWING_TOOLS; t++)
    g_signal_connect (self->drawing_tools[t], "edit-failed", G_CALLBACK (on_edit_failed), self);
  on_sides_changed (self);
  on_object_type_selected (self);
  on_annotation_text_changed (self);
}

static void
tool_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TsrMarathonMapEditor *self = TSR_MARATHON_MAP_EDITOR (widget);
  const char *id = g_variant_get_string (parameter, NULL);

  for (guint t = 0; t < N_DRAWING_TOOLS; t++)
    if (g_str_equal (id, drawing_tools[t].id))
      gtk_toggle_button_set_active (self->drawing_buttons[t], TRUE);
}

static void
merge_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  TsrMarathonMapEditor *self = TSR_MARATHON_MAP_EDITOR (widget);
  g_autoptr(GError) error = NULL;

  if (self->session != NULL && !tsr_marathon_merge_selection (self->session, &error))
    show_message (self, error->message);
}

/* V: the 2D map or the visual (3D) mode, on the same level, selection and undo stack. */
static void
toggle_visual_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  TsrMarathonMapEditor *self = TSR_MARATHON_MAP_EDITOR (widget);
  gboolean to_3d = g_strcmp0 (gtk_stack_get_visible_child_name (self->view_stack), "3d") != 0;

  gtk_stack_set_visible_child_name (self->view_stack, to_3d ? "3d" : "2d");
  gtk_widget_grab_focus (to_3d ? GTK_WIDGET (self->visual_view) : GTK_WIDGET (self->canvas));
}

/* C over the 2D map: the visual mode's camera stands where the pointer is. */
static void
camera_here_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TsrMarathonMapEditor *self = TSR_MARATHON_MAP_EDITOR (widget);

  if (self->has_pointer && self->map != NULL)
    tsr_visual_view_move_camera_to (self->visual_view, self->pointer_x, self->pointer_y);
}

/* A right click ends what the tool is drawing, as Escape does. */
static void
on_secondary_pressed (GtkGestureClick      *gesture,
                      int                   n_press,
                      double                x,
                      double                y,
                      TsrMarathonMapEditor *self)
{
  TsrTool *tool = self->session != NULL ? tsr_edit_session_get_tool (self->session) : NULL;

  if (tool != NULL)
    tsr_tool_key (tool, TSR_TOOL_KEY_ESCAPE, TSR_MODIFIER_NONE);
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
      g_signal_handlers_disconnect_by_data (self->session, self);
      tsr_edit_session_set_tool (self->session, NULL);
    }
  tsr_map_canvas_set_session (self->canvas, NULL);
  if (self->layer != NULL)
    tsr_map_canvas_remove_layer (self->canvas, TSR_CANVAS_LAYER (self->layer));
  if (self->grid != NULL)
    tsr_map_canvas_remove_layer (self->canvas, TSR_CANVAS_LAYER (self->grid));
  if (self->texture_layer != NULL)
    tsr_map_canvas_remove_layer (self->canvas, TSR_CANVAS_LAYER (self->texture_layer));
  if (self->camera_layer != NULL)
    tsr_map_canvas_remove_layer (self->canvas, TSR_CANVAS_LAYER (self->camera_layer));
  g_clear_object (&self->camera_layer);
  if (self->paint_tool != NULL)
    g_signal_handlers_disconnect_by_data (self->paint_tool, self);
  tsr_property_inspector_set_source (self->inspector, NULL);
  if (self->map != NULL)
    g_signal_handlers_disconnect_by_func (self->map, on_map_elements_changed, self);
  show_sides (self, NULL);
  g_clear_object (&self->select_tool);
  g_clear_object (&self->move_tool);
  for (guint t = 0; t < N_DRAWING_TOOLS; t++)
    if (self->drawing_tools[t] != NULL)
      {
        g_signal_handlers_disconnect_by_data (self->drawing_tools[t], self);
        g_clear_object (&self->drawing_tools[t]);
      }
  g_clear_object (&self->paint_tool);
  g_clear_object (&self->texture_layer);
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
      /* A drop the select or move tool refused (a polygon it would break): said like a tool's. */
      g_signal_connect (self->session, "edit-refused", G_CALLBACK (on_edit_failed), self);
      self->select_tool = tsr_vector_select_tool_new (self->session);
      self->move_tool = tsr_vector_move_tool_new (self->session);
      make_drawing_tools (self);
      self->paint_tool = tsr_marathon_paint_tool_new (self->session, self->map);
      self->texture_layer = tsr_marathon_texture_layer_new (self->map);
      tsr_marathon_texture_layer_set_textures (self->texture_layer, self->textures);
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
      /* Every change of the look restyles (on_undo_stack_changed), so the layer may keep what it drew. */
      tsr_vector_layer_set_cached (self->layer, TRUE);
      /* A zoom step shows the kept picture scaled; the canvas draws it anew once the zoom stops. */
      tsr_vector_layer_set_zoom_stand_ins (self->layer, TRUE);
      g_signal_connect (self->map, "elements-changed", G_CALLBACK (on_map_elements_changed), self);
      tsr_map_canvas_add_layer (self->canvas, TSR_CANVAS_LAYER (self->grid));
      tsr_map_canvas_add_layer (self->canvas, TSR_CANVAS_LAYER (self->texture_layer));
      tsr_map_canvas_add_layer (self->canvas, TSR_CANVAS_LAYER (self->layer));
      tsr_map_canvas_set_session (self->canvas, self->session);
      g_signal_connect_swapped (tsr_edit_session_get_selection (self->session), "changed",
                                G_CALLBACK (on_selection_changed), self);
      apply_grid (self);
      paint_tool_attach (self);
      on_tool_toggled (self);
      tsr_map_canvas_zoom_to_fit (self->canvas);
    }
  tsr_visual_view_set_marathon (self->visual_view, self->map, self->session);
  if (self->map != NULL)
    {
      self->camera_layer = tsr_visual_camera_layer_new (self->visual_view);
      tsr_map_canvas_add_layer (self->canvas, TSR_CANVAS_LAYER (self->camera_layer));
    }
  on_selection_changed (self);
  update_legend (self);
  update_status (self);
  show_message (self, NULL);
  queue_meter (self);
}

/* The current level is another one (current-level-map: another index, or a level-list edit or
 * its undo put another level at the index). */
static void
on_levels_changed (TsrMarathonMapEditor *self)
{
  if (tsr_marathon_document_get_current_level_map (self->document) != self->map)
    show_level (self);
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
  textures_follow_settings (self);
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "notify::current-level-map", G_CALLBACK (on_levels_changed), self);
      g_signal_connect_swapped (tsr_document_get_undo_stack (TSR_DOCUMENT (document)), "changed",
                                G_CALLBACK (on_undo_stack_changed), self);
    }
  show_level (self);
}

/* The element of the shown level a finding's place names, or FALSE. */
static gboolean
finding_element (TsrMarathonLevelMap   *map,
                 const TsrFindingPlace *place,
                 TsrElementRef         *ref)
{
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  TsrElementKind kind = TSR_N_ELEMENT_KINDS;
  gint index = place->index;

  if (place->kind == NULL || index < 0)
    return FALSE;
  if (tsr_finding_place_is (place, "side"))
    {
      if (level->sides == NULL || (guint) index >= level->sides->len)
        return FALSE;
      index = g_array_index (level->sides, TsrMarathonSide, index).line_index;
      kind = TSR_ELEMENT_SEGMENT;
    }
  else if (tsr_finding_place_is (place, "platform"))
    {
      if (level->platforms == NULL || (guint) index >= level->platforms->len)
        return FALSE;
      index = g_array_index (level->platforms, TsrMarathonPlatform, index).polygon_index;
      kind = TSR_ELEMENT_POLYGON;
    }
  else if (tsr_finding_place_is (place, "polygon"))
    kind = TSR_ELEMENT_POLYGON;
  else if (tsr_finding_place_is (place, "line"))
    kind = TSR_ELEMENT_SEGMENT;
  else if (tsr_finding_place_is (place, "point"))
    kind = TSR_ELEMENT_POINT;
  else if (tsr_finding_place_is (place, "object"))
    {
      if (level->objects == NULL || (guint) index >= level->objects->len)
        return FALSE;
      index = (gint) tsr_marathon_level_map_object_marker (map, (guint) index);
      kind = TSR_ELEMENT_MARKER;
    }
  else if (tsr_finding_place_is (place, "annotation"))
    {
      if (level->annotations == NULL || (guint) index >= level->annotations->len)
        return FALSE;
      index = (gint) tsr_marathon_level_map_annotation_marker (map, (guint) index);
      kind = TSR_ELEMENT_MARKER;
    }
  if (kind == TSR_N_ELEMENT_KINDS || index < 0)
    return FALSE;
  *ref = (TsrElementRef) { kind, (guint) index };
  return tsr_vector_map_contains (TSR_VECTOR_MAP (map), ref);
}

gboolean
tsr_marathon_map_editor_show_finding (TsrMarathonMapEditor *self,
                                      const TsrFinding     *finding)
{
  TsrMarathonLevelMap *map;
  TsrElementRef ref;
  TsrVectorBounds box;

  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), FALSE);
  g_return_val_if_fail (finding != NULL, FALSE);
  map = self->session != NULL ? tsr_marathon_map_editor_get_level_map (self) : NULL;
  if (map == NULL || !finding_element (map, &finding->place, &ref))
    return FALSE;
  tsr_selection_set (tsr_edit_session_get_selection (self->session), &ref, 1);
  tsr_vector_map_get_element_bounds (TSR_VECTOR_MAP (map), &ref, &box);
  /* Close enough to see it among its neighbours: about 8 world units across, or three times the
   * element, unless the view is closer already. */
  {
    double span = MAX (MAX (box.x1 - box.x0, box.y1 - box.y0) * 3, 8 * 1024);
    int width = gtk_widget_get_width (GTK_WIDGET (self->canvas)), height = gtk_widget_get_height (GTK_WIDGET (self->canvas));

    if (width <= 0 || height <= 0)
      width = gtk_widget_get_width (GTK_WIDGET (self)), height = gtk_widget_get_height (GTK_WIDGET (self));
    if (width > 0 && height > 0 && tsr_map_canvas_get_zoom (self->canvas) < MIN (width, height) / span)
      tsr_map_canvas_set_zoom (self->canvas, MIN (width, height) / span);
  }
  tsr_map_canvas_center_on (self->canvas, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2);
  return TRUE;
}

gboolean
tsr_marathon_map_editor_go_to (TsrMarathonMapEditor *self,
                               const char           *kind,
                               guint                 index)
{
  TsrFinding finding = { 0 };

  g_return_val_if_fail (TSR_IS_MARATHON_MAP_EDITOR (self), FALSE);
  g_return_val_if_fail (kind != NULL, FALSE);
  if (index > G_MAXINT16)
    return FALSE;
  finding.place = tsr_finding_place_element (-1, kind, (gint) index);
  if (!tsr_marathon_map_editor_show_finding (self, &finding))
    return FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  return TRUE;
}

static void
go_to_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  tsr_marathon_go_to_dialog_show (TSR_MARATHON_MAP_EDITOR (widget));
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
      tsr_marathon_map_style_set_textured (self->style, self->textures != NULL);
      tsr_vector_layer_restyle (self->layer);
    }
  update_legend (self);
  if (self->texture_layer != NULL)
    tsr_marathon_texture_layer_set_surface (self->texture_layer,
                                            mode == TSR_MARATHON_DRAW_FLOOR_TEXTURE ? TSR_MARATHON_TEXTURE_SURFACE_FLOOR
                                            : mode == TSR_MARATHON_DRAW_CEILING_TEXTURE ? TSR_MARATHON_TEXTURE_SURFACE_CEILING
                                            : TSR_MARATHON_TEXTURE_SURFACE_NONE);
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

/* The map point under the pointer moved, or the pointer left: the canvas says so at a motion, and
 * once in the frame after the view moved (a pan, a zoom about the pointer that stops at the map's
 * edge, a scroll), so the status line never shows the point the pointer left (issue 35). */
static void
on_pointer_changed (TsrMapCanvas         *canvas,
                    TsrMarathonMapEditor *self)
{
  self->has_pointer = tsr_map_canvas_get_pointer (canvas, &self->pointer_x, &self->pointer_y);
  update_status (self);
}

static void
tsr_marathon_map_editor_dispose (GObject *object)
{
  TsrMarathonMapEditor *self = TSR_MARATHON_MAP_EDITOR (object);

  tsr_marathon_map_editor_set_document (self, NULL);
  g_clear_handle_id (&self->meter_idle, g_source_remove);
  g_clear_object (&self->textures);
  g_clear_object (&self->settings);
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
  g_type_ensure (TSR_TYPE_VISUAL_VIEW);
  g_type_ensure (TSR_TYPE_PROPERTY_INSPECTOR);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-marathon-map-editor.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, editor_box);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, select_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, move_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, paint_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, paint_box);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, annotation_entry);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, paned);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, paint_attribute_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, paint_value_spin);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, paint_texture_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, texture_box);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, floor_texture_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, ceiling_texture_button);
  gtk_widget_class_bind_template_callback (widget_class, on_paint_attribute_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_paint_value_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_shapes_clicked);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, mode_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, legend_frame);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, legend_box);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, grid_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, grid_check);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, snap_check);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, canvas);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, view_stack);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, visual_view);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, selection_label);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, inspector);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, status_label);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, sides_spin);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, object_box);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, object_kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, object_type_dropdown);
  gtk_widget_class_bind_template_callback (widget_class, on_object_kind_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_annotation_text_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_object_type_selected);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, message_label);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, meter_label);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonMapEditor, limits_grid);
  for (guint t = 0; t < N_DRAWING_TOOLS; t++)
    {
      gtk_widget_class_bind_template_child_full (widget_class, drawing_tools[t].button, FALSE,
                                                 G_STRUCT_OFFSET (TsrMarathonMapEditor, drawing_buttons)
                                                 + t * sizeof (GtkToggleButton *));
      gtk_widget_class_add_binding_action (widget_class, drawing_tools[t].key, 0, "marathon.tool", "s",
                                           drawing_tools[t].id);
    }
  gtk_widget_class_install_action (widget_class, "marathon.tool", "s", tool_action);
  gtk_widget_class_install_action (widget_class, "marathon.merge", NULL, merge_action);
  gtk_widget_class_install_action (widget_class, "marathon.go-to", NULL, go_to_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_g, GDK_CONTROL_MASK, "marathon.go-to", NULL);
  gtk_widget_class_install_action (widget_class, "marathon.toggle-visual", NULL, toggle_visual_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, 0, "marathon.toggle-visual", NULL);
  gtk_widget_class_install_action (widget_class, "marathon.camera-here", NULL, camera_here_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, 0, "marathon.camera-here", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, 0, "marathon.merge", NULL);
  gtk_widget_class_bind_template_callback (widget_class, on_sides_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_tool_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_mode_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_grid_changed);
}

static void
tsr_marathon_map_editor_init (TsrMarathonMapEditor *self)
{
  g_autoptr(GtkStringList) modes = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) steps = gtk_string_list_new (NULL);
  GtkGesture *secondary;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->find_bar = TSR_PROPERTY_FIND_BAR (tsr_property_find_bar_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->find_bar), FALSE);
  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->inspector))), GTK_WIDGET (self->find_bar),
                              GTK_WIDGET (self->selection_label));
  g_signal_connect (self->find_bar, "found", G_CALLBACK (on_records_found), self);
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
  g_signal_connect (self->canvas, "pointer-changed", G_CALLBACK (on_pointer_changed), self);
  g_signal_connect (self->canvas, "map-pointer", G_CALLBACK (on_map_pointer), self);
  secondary = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (on_secondary_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), GTK_EVENT_CONTROLLER (secondary));
  paint_and_textures_init (self);
  objects_init (self);
}
