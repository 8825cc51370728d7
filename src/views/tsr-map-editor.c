/* tsr-map-editor.c: the generic tile-map document page. It wires the shared canvas, tools,
 * minimap and palette to a document's TsrTileMap and undo stack, lists layers, shows the
 * validation findings (TsrFindingsView) and the undo history (TsrHistoryView), and hosts the
 * family panels registered for the document's type (tsr_map_editor_register_panels); it knows no
 * family itself. */
#include "config.h"

#include "views/tsr-map-editor.h"

#include <glib/gi18n.h>
#include <math.h>

#include "model/tsr-tile-map.h"
#include "views/tsr-editor-pages.h"
#include "views/tsr-findings-view.h"
#include "views/tsr-history-view.h"
#include "views/tsr-minimap.h"
#include "views/tsr-tile-palette.h"

struct _TsrMapEditor {
  GtkWidget        parent_instance;

  TsrDocument     *document;
  TsrTileMap      *map;          /* what the canvas shows: the document or a part of it */
  TsrTileTools    *tools;        /* the canvas's, followed for the tool bar and layers */
  GObject         *family;       /* the family panels, if any */
  GPtrArray       *family_widgets;
  gboolean         tile_tools_enabled;
  gboolean         updating;     /* guards the tool bar and layer list against feedback */

  GtkWidget       *content;
  GtkToggleButton *pencil_button;
  GtkToggleButton *rectangle_button;
  GtkToggleButton *fill_button;
  GtkToggleButton *eraser_button;
  GtkToggleButton *picker_button;
  GtkToggleButton *select_button;
  GtkToggleButton *brush1_button;
  GtkToggleButton *brush3_button;
  GtkToggleButton *brush5_button;
  GtkToggleButton *grid_button;
  GtkWidget       *visual_button;
  GtkStack        *view_stack;        /* "2d" the canvas, "3d" the family's visual view */
  GtkWidget       *visual_view;       /* NULL when the family has none */
  TsrMapCanvas    *canvas;
  GtkInscription  *status_label;
  GtkInscription  *zoom_label;
  TsrMinimap      *minimap;
  GtkPaned        *side_paned;        /* side_notebook over palette_notebook */
  double           side_share;        /* the upper notebook's share of the side bar's height */
  gboolean         placing_side;      /* side_paned's position is being set by the editor */
  GtkNotebook     *side_notebook;     /* layers, problems, family lists */
  GtkNotebook     *palette_notebook;  /* tiles, inspector, family palettes */
  GtkNotebook     *last_notebook;     /* the one whose page was shown last */
  GSettings       *settings;          /* side-bar-width; NULL without the installed schema */
  gboolean         side_bar_placed;
  int              handle_width;
  guint            place_tick;
  GtkWidget       *layers_page;
  GtkWidget       *inspector_scrolled;
  TsrFindingsView *problems_page;
  TsrHistoryView  *history_page;
  TsrTilePalette  *palette;
  GtkListBox      *layer_list;
  GtkBox          *layer_widgets;
  GtkBox          *inspector_widgets;
  GtkLabel        *selection_label;
  GtkLabel        *problems_tab;
};

static void tsr_map_editor_editor_page_init (TsrEditorPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMapEditor, tsr_map_editor, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_EDITOR_PAGE, tsr_map_editor_editor_page_init))

enum {
  LOCATE_FINDING,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_VISUAL_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Family panels by document type, in registration order. */
typedef struct {
  GType                 document_type;
  TsrMapEditorPanelsNew create;
} PanelsKind;

static GArray *panels_kinds;

void
tsr_map_editor_register_panels (GType                 document_type,
                                TsrMapEditorPanelsNew create)
{
  PanelsKind kind = { document_type, create };

  g_return_if_fail (g_type_is_a (document_type, TSR_TYPE_DOCUMENT));
  g_return_if_fail (create != NULL);
  if (panels_kinds == NULL)
    panels_kinds = g_array_new (FALSE, FALSE, sizeof (PanelsKind));
  g_array_append_val (panels_kinds, kind);
}

/* The family panels for DOCUMENT, or NULL when none is registered for its type. */
static GObject *
create_family_panels (TsrMapEditor *self,
                      TsrDocument  *document)
{
  tsr_editor_pages_list (); /* the built-in panels register with the pages */
  for (guint i = 0; panels_kinds != NULL && i < panels_kinds->len; i++)
    {
      const PanelsKind *kind = &g_array_index (panels_kinds, PanelsKind, i);
      GObject *panels;

      if (g_type_is_a (G_OBJECT_TYPE (document), kind->document_type)
          && (panels = kind->create (self, document)) != NULL)
        return panels;
    }
  return NULL;
}

/* The application's settings: the side bar's width is kept there. */
#define TSR_MAP_EDITOR_SCHEMA "io.github.tessera.Tessera"

/* --- Tool bar --- */

static GtkToggleButton *
tool_button (TsrMapEditor *self, TsrTileToolKind tool)
{
  switch (tool)
    {
    case TSR_TILE_TOOL_PENCIL: return self->pencil_button;
    case TSR_TILE_TOOL_RECTANGLE: return self->rectangle_button;
    case TSR_TILE_TOOL_FILL: return self->fill_button;
    case TSR_TILE_TOOL_ERASER: return self->eraser_button;
    case TSR_TILE_TOOL_PICKER: return self->picker_button;
    case TSR_TILE_TOOL_SELECT: return self->select_button;
    default: return self->pencil_button;
    }
}

static void
sync_tool_bar (TsrMapEditor *self)
{
  TsrTileToolKind tool;
  guint brush;

  if (self->tools == NULL)
    return;
  tool = tsr_tile_tools_get_tool (self->tools);
  brush = tsr_tile_tools_get_brush_size (self->tools);
  self->updating = TRUE;
  gtk_toggle_button_set_active (tool_button (self, tool), TRUE);
  gtk_toggle_button_set_active (brush == 5 ? self->brush5_button : brush == 3 ? self->brush3_button : self->brush1_button, TRUE);
  self->updating = FALSE;
  /* The brush size matters only to the pencil and the eraser. */
  gtk_widget_set_sensitive (gtk_widget_get_parent (GTK_WIDGET (self->brush1_button)),
                            self->tile_tools_enabled && (tool == TSR_TILE_TOOL_PENCIL || tool == TSR_TILE_TOOL_ERASER));
}

static void
on_tool_toggled (GtkToggleButton *button, TsrMapEditor *self)
{
  if (self->updating || self->tools == NULL || !gtk_toggle_button_get_active (button))
    return;
  for (TsrTileToolKind tool = TSR_TILE_TOOL_PENCIL; tool <= TSR_TILE_TOOL_SELECT; tool++)
    if (tool_button (self, tool) == button)
      tsr_tile_tools_set_tool (self->tools, tool);
}

static void
on_brush_toggled (GtkToggleButton *button, TsrMapEditor *self)
{
  if (self->updating || self->tools == NULL || !gtk_toggle_button_get_active (button))
    return;
  tsr_tile_tools_set_brush_size (self->tools, button == self->brush5_button ? 5 : button == self->brush3_button ? 3 : 1);
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TsrMapEditor *self = TSR_MAP_EDITOR (widget);
  /* "editor.zoom-in" → the canvas's "canvas.zoom-in", which only the canvas can reach. */
  g_autofree char *canvas_action = g_strconcat ("canvas.", action_name + strlen ("editor."), NULL);

  gtk_widget_activate_action (GTK_WIDGET (self->canvas), canvas_action, NULL);
}

/* "editor.tool" (a TsrTileToolKind): the tool keys. Ignored while a family mode has taken the
 * canvas (the tool bar is insensitive then). */
static void
tool_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TsrMapEditor *self = TSR_MAP_EDITOR (widget);
  gint32 tool = g_variant_get_int32 (parameter);

  if (self->tools == NULL || !self->tile_tools_enabled || tool < TSR_TILE_TOOL_PENCIL || tool > TSR_TILE_TOOL_SELECT)
    return;
  tsr_tile_tools_set_tool (self->tools, (TsrTileToolKind) tool);
}

static void
update_zoom_label (TsrMapEditor *self)
{
  /* Translators: the canvas zoom in the status line, e.g. "200%". */
  g_autofree char *text = g_strdup_printf (_("%.0f%%"), tsr_map_canvas_get_zoom (self->canvas) * 100);

  gtk_inscription_set_text (self->zoom_label, text);
}

/* --- Layers --- */

static void
on_layer_visible_toggled (GtkCheckButton *check, TsrMapEditor *self)
{
  guint layer = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "tsr-layer"));

  if (self->updating || self->map == NULL)
    return;
  if (tsr_tile_map_get_layer_visible (self->map, layer) != gtk_check_button_get_active (check))
    tsr_tile_map_set_layer_visible (self->map, layer, gtk_check_button_get_active (check));
}

/* The list shows the top layer (drawn last) first, as Tiled and GIMP do: row R is layer N-1-R, and
 * the same mapping turns a layer back into its row. */
static int
layer_row (TsrMapEditor *self, guint layer)
{
  guint n_layers = tsr_tile_map_get_n_layers (self->map);

  return layer < n_layers ? (int) (n_layers - 1 - layer) : -1;
}

static void
select_layer_row (TsrMapEditor *self)
{
  GtkListBoxRow *row;

  if (self->tools == NULL)
    return;
  row = self->map != NULL ? gtk_list_box_get_row_at_index (self->layer_list,
                                                            layer_row (self, tsr_tile_tools_get_layer (self->tools)))
                          : NULL;
  self->updating = TRUE;
  gtk_list_box_select_row (self->layer_list, row);
  self->updating = FALSE;
}

/* Visibility changes (also layers-changed) update the rows in place: rebuilding would destroy
 * the check button whose toggle caused it. Returns FALSE when the layers themselves differ. */
static gboolean
update_layer_rows (TsrMapEditor *self)
{
  guint n_layers = tsr_tile_map_get_n_layers (self->map);

  if (tsr_map_editor_get_n_layer_rows (self) != n_layers)
    return FALSE;
  for (guint i = 0; i < n_layers; i++)
    {
      GtkWidget *box = gtk_list_box_row_get_child (gtk_list_box_get_row_at_index (self->layer_list, layer_row (self, i)));
      GtkWidget *check = gtk_widget_get_first_child (box);
      GtkWidget *label = gtk_widget_get_next_sibling (check);

      if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), tsr_tile_map_get_layer_title (self->map, i)) != 0)
        return FALSE;
    }
  self->updating = TRUE;
  for (guint i = 0; i < n_layers; i++)
    {
      GtkWidget *box = gtk_list_box_row_get_child (gtk_list_box_get_row_at_index (self->layer_list, layer_row (self, i)));

      gtk_check_button_set_active (GTK_CHECK_BUTTON (gtk_widget_get_first_child (box)),
                                   tsr_tile_map_get_layer_visible (self->map, i));
    }
  self->updating = FALSE;
  return TRUE;
}

static void
rebuild_layers (TsrMapEditor *self)
{
  GtkWidget *child;
  guint n_layers;

  if (self->map != NULL && update_layer_rows (self))
    {
      select_layer_row (self);
      return;
    }
  self->updating = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->layer_list))) != NULL)
    gtk_list_box_remove (self->layer_list, child);
  self->updating = FALSE;
  if (self->map == NULL)
    return;

  n_layers = tsr_tile_map_get_n_layers (self->map);
  for (guint i = n_layers; i-- > 0;)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *check = gtk_check_button_new ();
      GtkWidget *label = gtk_label_new (tsr_tile_map_get_layer_title (self->map, i));

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), tsr_tile_map_get_layer_visible (self->map, i));
      gtk_widget_set_tooltip_text (check, _("Show the layer"));
      g_object_set_data (G_OBJECT (check), "tsr-layer", GUINT_TO_POINTER (i));
      g_signal_connect (check, "toggled", G_CALLBACK (on_layer_visible_toggled), self);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (box), check);
      gtk_box_append (GTK_BOX (box), label);
      gtk_widget_set_margin_start (box, 6);
      gtk_widget_set_margin_end (box, 6);
      gtk_widget_set_margin_top (box, 4);
      gtk_widget_set_margin_bottom (box, 4);
      gtk_list_box_append (self->layer_list, box);
    }
  /* The tools' layer may be gone (a layer was deleted). */
  if (self->tools != NULL && tsr_tile_tools_get_layer (self->tools) >= n_layers && n_layers > 0)
    tsr_tile_tools_set_layer (self->tools, n_layers - 1);
  select_layer_row (self);
}

static void
on_layer_row_selected (GtkListBox *list, GtkListBoxRow *row, TsrMapEditor *self)
{
  guint n_layers;
  int index;

  if (self->updating || row == NULL || self->tools == NULL || self->map == NULL)
    return;
  n_layers = tsr_tile_map_get_n_layers (self->map);
  index = gtk_list_box_row_get_index (row);
  if (index >= 0 && (guint) index < n_layers)
    tsr_tile_tools_set_layer (self->tools, n_layers - 1 - (guint) index);
}

/* --- Inspector of the selection --- */

static void
update_selection (TsrMapEditor *self)
{
  TsrTileRect selection;
  GString *text;

  if (self->tools == NULL || !tsr_tile_tools_get_selection (self->tools, &selection))
    {
      gtk_label_set_text (self->selection_label, _("Nothing is selected. Use the Select tool to choose cells."));
      return;
    }

  text = g_string_new (NULL);
  /* Translators: a selected rectangle of map cells: position, then width × height. */
  g_string_append_printf (text, _("Cells %d, %d · %d × %d"), selection.x, selection.y, selection.width, selection.height);
  if (selection.width == 1 && selection.height == 1)
    for (guint layer = 0; layer < tsr_tile_map_get_n_layers (self->map); layer++)
      {
        guint32 value = tsr_tile_map_get_tile (self->map, layer, selection.x, selection.y);
        g_autofree char *name = tsr_tile_map_get_tile_name (self->map, layer, value);

        g_string_append_printf (text, "\n%s: %s (%u)", tsr_tile_map_get_layer_title (self->map, layer),
                                name != NULL ? name : "", value);
      }
  gtk_label_set_text (self->selection_label, text->str);
  g_string_free (text, TRUE);
}

/* --- Validation findings --- */

static void
update_problems_tab (TsrMapEditor *self)
{
  guint n = tsr_findings_view_get_n_errors (self->problems_page) + tsr_findings_view_get_n_warnings (self->problems_page);
  g_autofree char *title = n > 0 ? g_strdup_printf (_("Problems (%u)"), n) : g_strdup (_("Problems"));

  gtk_label_set_text (self->problems_tab, title);
}

static void
on_undo_stack_changed (TsrMapEditor *self)
{
  update_selection (self);
}

void
tsr_map_editor_refresh_findings (TsrMapEditor *self)
{
  g_return_if_fail (TSR_IS_MAP_EDITOR (self));
  tsr_findings_view_refresh (self->problems_page);
}

/* The place the validator recorded, on the current map: cells as they are, pixels through the
 * cell size; a layer becomes the tools' layer. Family handlers ran first (levels, entities). */
static gboolean
tsr_map_editor_real_locate_finding (TsrMapEditor     *self,
                                    const TsrFinding *finding,
                                    TsrTileRect      *area)
{
  const TsrFindingPlace *place = &finding->place;
  guint cell_width, cell_height;

  if (self->map == NULL)
    return FALSE;
  if (tsr_finding_place_is (place, "layer") && place->index >= 0 && self->tools != NULL
      && (guint) place->index < tsr_tile_map_get_n_layers (self->map))
    tsr_tile_tools_set_layer (self->tools, (guint) place->index);
  tsr_tile_map_get_cell_size (self->map, &cell_width, &cell_height);
  switch (place->unit)
    {
    case TSR_FINDING_POINT_CELLS:
      *area = (TsrTileRect) { (gint) floor (place->x), (gint) floor (place->y), 1, 1 };
      return TRUE;
    case TSR_FINDING_POINT_PIXELS:
      if (cell_width == 0 || cell_height == 0)
        return FALSE;
      *area = (TsrTileRect) { (gint) floor (place->x / cell_width), (gint) floor (place->y / cell_height), 1, 1 };
      return TRUE;
    case TSR_FINDING_POINT_NONE:
    default:
      return FALSE;
    }
}

guint
tsr_map_editor_get_n_findings (TsrMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), 0);
  return tsr_findings_view_get_n_findings (self->problems_page);
}

const TsrFinding *
tsr_map_editor_get_finding (TsrMapEditor *self,
                            guint         index)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), NULL);
  return tsr_findings_view_get_finding (self->problems_page, index);
}

/* Selects and centres FINDING's place; FALSE when it names none on the map. */
static gboolean
locate_finding (TsrMapEditor     *self,
                const TsrFinding *finding)
{
  TsrTileRect area = { 0, 0, 0, 0 };
  TsrTileRect clipped;
  gboolean found = FALSE;
  guint cell_width, cell_height;

  if (self->map == NULL)
    return FALSE;
  g_signal_emit (self, signals[LOCATE_FINDING], 0, finding, &area, &found);
  /* A family handler may have switched the map (another level): read the tools afterwards. */
  if (!found || self->tools == NULL || self->map == NULL)
    return FALSE;
  clipped = tsr_tile_map_get_bounds (self->map);
  if (!tsr_tile_rect_intersect (&area, &clipped, &clipped))
    return FALSE;

  tsr_tile_tools_set_selection (self->tools, &clipped);
  tsr_tile_map_get_cell_size (self->map, &cell_width, &cell_height);
  tsr_map_canvas_center_on (self->canvas, (clipped.x + clipped.width / 2.0) * cell_width,
                            (clipped.y + clipped.height / 2.0) * cell_height);
  return TRUE;
}

TsrFindingsView *
tsr_map_editor_get_findings_view (TsrMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), NULL);
  return self->problems_page;
}

TsrHistoryView *
tsr_map_editor_get_history_view (TsrMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), NULL);
  return self->history_page;
}

gboolean
tsr_map_editor_activate_finding (TsrMapEditor *self,
                                 guint         index)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), FALSE);
  return tsr_findings_view_activate (self->problems_page, index);
}

static gboolean
on_finding_activated (TsrFindingsView  *view,
                      const TsrFinding *finding,
                      TsrMapEditor     *self)
{
  return locate_finding (self, finding);
}

/* --- Document --- */

static void
on_tools_notify (TsrMapEditor *self)
{
  sync_tool_bar (self);
  select_layer_row (self);
}

static void
set_tools (TsrMapEditor *self)
{
  TsrTileTools *tools = tsr_map_canvas_get_tools (self->canvas);

  if (self->tools == tools)
    return;
  if (self->tools != NULL)
    g_signal_handlers_disconnect_by_data (self->tools, self);
  g_set_object (&self->tools, tools);
  if (tools != NULL)
    {
      g_signal_connect_swapped (tools, "notify::tool", G_CALLBACK (on_tools_notify), self);
      g_signal_connect_swapped (tools, "notify::brush-size", G_CALLBACK (on_tools_notify), self);
      g_signal_connect_swapped (tools, "notify::layer", G_CALLBACK (on_tools_notify), self);
      g_signal_connect_swapped (tools, "overlay-changed", G_CALLBACK (update_selection), self);
    }
  sync_tool_bar (self);
  update_selection (self);
}

/* --- Visual mode --- */

void
tsr_map_editor_set_visual_view (TsrMapEditor *self,
                                GtkWidget    *view)
{
  g_return_if_fail (TSR_IS_MAP_EDITOR (self));
  g_return_if_fail (view == NULL || GTK_IS_WIDGET (view));

  if (self->visual_view == view)
    return;
  tsr_map_editor_set_visual_mode (self, FALSE);
  if (self->visual_view != NULL)
    gtk_stack_remove (self->view_stack, self->visual_view);
  self->visual_view = view;
  if (view != NULL)
    gtk_stack_add_named (self->view_stack, view, "3d");
  gtk_widget_set_visible (self->visual_button, view != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.visual-mode", view != NULL);
}

GtkWidget *
tsr_map_editor_get_visual_view (TsrMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), NULL);
  return self->visual_view;
}

gboolean
tsr_map_editor_get_visual_mode (TsrMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), FALSE);
  return self->visual_view != NULL && gtk_stack_get_visible_child (self->view_stack) == self->visual_view;
}

void
tsr_map_editor_set_visual_mode (TsrMapEditor *self,
                                gboolean      visual)
{
  g_return_if_fail (TSR_IS_MAP_EDITOR (self));

  visual = visual && self->visual_view != NULL;
  if (visual == tsr_map_editor_get_visual_mode (self))
    return;
  /* The tools' drag does not go on across the switch. */
  if (self->tools != NULL)
    tsr_tile_tools_cancel (self->tools);
  gtk_stack_set_visible_child_name (self->view_stack, visual ? "3d" : "2d");
  gtk_widget_grab_focus (visual ? self->visual_view : GTK_WIDGET (self->canvas));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VISUAL_MODE]);
}

static void
clear_family (TsrMapEditor *self)
{
  /* The panels let go of their widgets first (the list holds a reference to each, so a page's
   * inner widgets outlive the panels' dispose), then the pages leave the editor. */
  tsr_map_editor_set_visual_view (self, NULL);
  if (self->family != NULL)
    g_object_run_dispose (self->family);
  g_clear_object (&self->family);
  for (guint i = 0; i < self->family_widgets->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (self->family_widgets, i);
      GtkWidget *parent = gtk_widget_get_parent (widget);

      /* A GTK 4 notebook parents its pages to an inner stack, never to itself: ask it. */
      if (gtk_notebook_page_num (self->side_notebook, widget) >= 0)
        gtk_notebook_remove_page (self->side_notebook, gtk_notebook_page_num (self->side_notebook, widget));
      else if (gtk_notebook_page_num (self->palette_notebook, widget) >= 0)
        gtk_notebook_remove_page (self->palette_notebook, gtk_notebook_page_num (self->palette_notebook, widget));
      else if (GTK_IS_BOX (parent))
        gtk_box_remove (GTK_BOX (parent), widget);
    }
  g_ptr_array_set_size (self->family_widgets, 0);
}

void
tsr_map_editor_set_map (TsrMapEditor *self,
                        TsrTileMap   *map)
{
  g_return_if_fail (TSR_IS_MAP_EDITOR (self));
  g_return_if_fail (map == NULL || TSR_IS_TILE_MAP (map));
  g_return_if_fail (map == NULL || self->document != NULL);

  if (self->map != NULL)
    g_signal_handlers_disconnect_by_data (self->map, self);
  g_set_object (&self->map, map);
  tsr_map_canvas_set_map (self->canvas, map, map != NULL ? tsr_document_get_undo_stack (self->document) : NULL);
  set_tools (self);
  if (map != NULL)
    {
      g_signal_connect_swapped (map, "layers-changed", G_CALLBACK (rebuild_layers), self);
      g_signal_connect_swapped (map, "layers-changed", G_CALLBACK (update_selection), self);
    }
  rebuild_layers (self);
}

TsrTileMap *
tsr_map_editor_get_map (TsrMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), NULL);
  return self->map;
}

void
tsr_map_editor_set_document (TsrMapEditor *self,
                             TsrDocument  *document)
{
  g_return_if_fail (TSR_IS_MAP_EDITOR (self));
  g_return_if_fail (document == NULL || TSR_IS_TILE_MAP (document));

  if (self->document == document)
    return;
  clear_family (self);
  tsr_map_editor_set_tile_tools_enabled (self, TRUE);
  tsr_map_editor_set_map (self, NULL);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (tsr_document_get_undo_stack (self->document), self);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_swapped (tsr_document_get_undo_stack (document), "changed",
                                G_CALLBACK (on_undo_stack_changed), self);
      tsr_map_editor_set_map (self, TSR_TILE_MAP (document));
    }
  tsr_findings_view_set_document (self->problems_page, document);
  tsr_history_view_set_undo_stack (self->history_page, document != NULL ? tsr_document_get_undo_stack (document) : NULL);
  if (document != NULL)
    {
      self->family = create_family_panels (self, document);
      /* A newly opened map starts fitted in the view. Not allocated yet, the canvas fits in its
       * first size_allocate, before its first snapshot: a fit one frame later (a tick callback)
       * drew the map at zoom 1 first, and the fitted view then filled in under the frame budget
       * (issue 35). A zoom chosen before that allocation is kept (tsr_map_canvas_zoom_at). */
      tsr_map_canvas_zoom_to_fit (self->canvas);
      tsr_map_editor_show_page (self, "tiles");
    }
}

void
tsr_map_editor_set_tile_tools_enabled (TsrMapEditor *self,
                                       gboolean      enabled)
{
  g_return_if_fail (TSR_IS_MAP_EDITOR (self));
  gtk_widget_set_sensitive (gtk_widget_get_parent (GTK_WIDGET (self->pencil_button)), enabled);
  self->tile_tools_enabled = enabled;
  sync_tool_bar (self);
}

GObject *
tsr_map_editor_get_family_panels (TsrMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), NULL);
  return self->family;
}

TsrDocument *
tsr_map_editor_get_document (TsrMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), NULL);
  return self->document;
}

TsrMapCanvas *
tsr_map_editor_get_canvas (TsrMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), NULL);
  return self->canvas;
}

TsrTileTools *
tsr_map_editor_get_tools (TsrMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), NULL);
  return self->tools;
}

void
tsr_map_editor_add_page (TsrMapEditor *self,
                         GtkWidget    *page,
                         const char   *name,
                         const char   *title)
{
  g_return_if_fail (TSR_IS_MAP_EDITOR (self));
  g_return_if_fail (GTK_IS_WIDGET (page));

  g_object_set_data_full (G_OBJECT (page), "tsr-page-name", g_strdup (name), g_free);
  gtk_notebook_append_page (self->side_notebook, page, gtk_label_new (title));
  g_ptr_array_add (self->family_widgets, g_object_ref (page));
}

void
tsr_map_editor_add_palette_page (TsrMapEditor *self,
                                 GtkWidget    *page,
                                 const char   *name,
                                 const char   *title)
{
  g_return_if_fail (TSR_IS_MAP_EDITOR (self));
  g_return_if_fail (GTK_IS_WIDGET (page));

  g_object_set_data_full (G_OBJECT (page), "tsr-page-name", g_strdup (name), g_free);
  gtk_notebook_append_page (self->palette_notebook, page, gtk_label_new (title));
  g_ptr_array_add (self->family_widgets, g_object_ref (page));
}

void
tsr_map_editor_add_layer_widget (TsrMapEditor *self,
                                 GtkWidget    *widget)
{
  g_return_if_fail (TSR_IS_MAP_EDITOR (self));
  gtk_box_append (self->layer_widgets, widget);
  g_ptr_array_add (self->family_widgets, g_object_ref (widget));
}

void
tsr_map_editor_add_inspector_widget (TsrMapEditor *self,
                                     GtkWidget    *widget)
{
  g_return_if_fail (TSR_IS_MAP_EDITOR (self));
  gtk_box_append (self->inspector_widgets, widget);
  g_ptr_array_add (self->family_widgets, g_object_ref (widget));
}

void
tsr_map_editor_show_page (TsrMapEditor *self,
                          const char   *name)
{
  GtkNotebook *notebooks[] = { self->side_notebook, self->palette_notebook };

  g_return_if_fail (TSR_IS_MAP_EDITOR (self));
  for (guint n = 0; n < G_N_ELEMENTS (notebooks); n++)
    for (int i = 0; i < gtk_notebook_get_n_pages (notebooks[n]); i++)
      if (g_strcmp0 (g_object_get_data (G_OBJECT (gtk_notebook_get_nth_page (notebooks[n], i)), "tsr-page-name"), name) == 0)
        {
          gtk_notebook_set_current_page (notebooks[n], i);
          self->last_notebook = notebooks[n];
        }
}

const char *
tsr_map_editor_get_visible_page (TsrMapEditor *self)
{
  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), NULL);
  int page = gtk_notebook_get_current_page (self->last_notebook);

  return page < 0 ? NULL : g_object_get_data (G_OBJECT (gtk_notebook_get_nth_page (self->last_notebook, page)), "tsr-page-name");
}

gboolean
tsr_map_editor_page_is_visible (TsrMapEditor *self,
                                const char   *name)
{
  GtkNotebook *notebooks[] = { self->side_notebook, self->palette_notebook };

  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), FALSE);
  for (guint n = 0; n < G_N_ELEMENTS (notebooks); n++)
    {
      int page = gtk_notebook_get_current_page (notebooks[n]);

      if (page >= 0 && g_strcmp0 (g_object_get_data (G_OBJECT (gtk_notebook_get_nth_page (notebooks[n], page)), "tsr-page-name"), name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* --- Side bar width: remembered in side-bar-width, restored at the first allocation --- */

/* The side bar's two notebooks share its height in one proportion: 45 % for the upper one (layers,
 * problems, the family's lists) until the user drags the divider, then the share the user left,
 * kept when the window is resized. (Left to GtkPaned, they were sized by their natural heights,
 * and the tile palette's is the whole tileset: at 1920×1080 the layers list showed two rows.)
 * Neither goes below its minimum (shrink is off on both). */
static void
on_side_paned_position (GObject    *object,
                        GParamSpec *pspec,
                        gpointer    user_data)
{
  TsrMapEditor *self = user_data;
  gboolean position_set = FALSE;
  int height = gtk_widget_get_height (GTK_WIDGET (object));

  g_object_get (object, "position-set", &position_set, NULL);
  if (!self->placing_side && position_set && height > 0)
    self->side_share = CLAMP ((double) gtk_paned_get_position (GTK_PANED (object)) / height, 0.0, 1.0);
}

static void
on_side_paned_max_position (GObject    *object,
                            GParamSpec *pspec,
                            gpointer    user_data)
{
  TsrMapEditor *self = user_data;
  int min = 0, max = 0, height = gtk_widget_get_height (GTK_WIDGET (object));

  g_object_get (object, "min-position", &min, "max-position", &max, NULL);
  if (max <= 0 || height <= 0)
    return;
  self->placing_side = TRUE;
  gtk_paned_set_position (GTK_PANED (object), CLAMP ((int) (height * self->side_share + 0.5), min, max));
  self->placing_side = FALSE;
}

/* The side bar's width is the paned's width less the position and the handle; the handle's width
 * is measured at the first frame where both children have their allocation. */
static gboolean
place_side_bar (GtkWidget *content, GdkFrameClock *clock, gpointer data)
{
  TsrMapEditor *self = data;
  GtkWidget *start = gtk_paned_get_start_child (GTK_PANED (content));
  GtkWidget *end = gtk_paned_get_end_child (GTK_PANED (content));
  int total = gtk_widget_get_width (content);
  int start_width = gtk_widget_get_width (start), end_width = gtk_widget_get_width (end);

  if (start_width <= 0 || end_width <= 0)
    return G_SOURCE_CONTINUE;
  self->place_tick = 0;
  self->side_bar_placed = TRUE;
  self->handle_width = MAX (total - start_width - end_width, 0);
  gtk_paned_set_position (GTK_PANED (content),
                          MAX (total - self->handle_width - g_settings_get_int (self->settings, "side-bar-width"), 0));
  return G_SOURCE_REMOVE;
}

static void
on_content_position (TsrMapEditor *self)
{
  int total = gtk_widget_get_width (self->content);

  if (!self->side_bar_placed || self->settings == NULL || total <= 0)
    return;
  g_settings_set_int (self->settings, "side-bar-width",
                      CLAMP (total - self->handle_width - gtk_paned_get_position (GTK_PANED (self->content)), 0, 4000));
}

static gboolean
on_capture_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                        GdkModifierType state, TsrMapEditor *self)
{
  if (keyval != GDK_KEY_Escape || (state & gtk_accelerator_get_default_mod_mask ()) != 0
      || !gtk_widget_has_focus (GTK_WIDGET (self->canvas)))
    return FALSE;
  return gtk_widget_activate_action (GTK_WIDGET (self->canvas), "canvas.select-none", NULL);
}

static void
on_notebook_switch_page (GtkNotebook *notebook, GtkWidget *page, guint index, TsrMapEditor *self)
{
  self->last_notebook = notebook;
}

const char *
tsr_map_editor_get_layer_row_name (TsrMapEditor *self,
                                   guint         row)
{
  GtkListBoxRow *list_row;
  GtkWidget *box;

  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), NULL);
  list_row = gtk_list_box_get_row_at_index (self->layer_list, (int) row);
  if (list_row == NULL)
    return NULL;
  box = gtk_list_box_row_get_child (list_row);
  return gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (gtk_widget_get_first_child (box))));
}

guint
tsr_map_editor_get_n_layer_rows (TsrMapEditor *self)
{
  guint n = 0;

  g_return_val_if_fail (TSR_IS_MAP_EDITOR (self), 0);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->layer_list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

/* --- Class --- */

static void
tsr_map_editor_dispose (GObject *object)
{
  TsrMapEditor *self = TSR_MAP_EDITOR (object);

  if (self->family_widgets != NULL)
    {
      clear_family (self);
      g_clear_pointer (&self->family_widgets, g_ptr_array_unref);
    }
  if (self->tools != NULL)
    g_signal_handlers_disconnect_by_data (self->tools, self);
  g_clear_object (&self->tools);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (tsr_document_get_undo_stack (self->document), self);
  if (self->map != NULL)
    g_signal_handlers_disconnect_by_data (self->map, self);
  g_clear_object (&self->map);
  g_clear_object (&self->document);
  if (self->content != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->content, self);
      if (self->place_tick != 0)
        gtk_widget_remove_tick_callback (self->content, self->place_tick);
      self->place_tick = 0;
    }
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_MAP_EDITOR);
  G_OBJECT_CLASS (tsr_map_editor_parent_class)->dispose (object);
}

static void
tsr_map_editor_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TsrMapEditor *self = TSR_MAP_EDITOR (object);

  switch (prop_id)
    {
    case PROP_VISUAL_MODE:
      g_value_set_boolean (value, tsr_map_editor_get_visual_mode (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_map_editor_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TsrMapEditor *self = TSR_MAP_EDITOR (object);

  switch (prop_id)
    {
    case PROP_VISUAL_MODE:
      tsr_map_editor_set_visual_mode (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_map_editor_class_init (TsrMapEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tsr_map_editor_dispose;
  object_class->get_property = tsr_map_editor_get_property;
  object_class->set_property = tsr_map_editor_set_property;
  /* Whether the family's visual (3D) view is shown instead of the canvas. */
  properties[PROP_VISUAL_MODE] =
    g_param_spec_boolean ("visual-mode", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[LOCATE_FINDING] =
    g_signal_new_class_handler ("locate-finding", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                G_CALLBACK (tsr_map_editor_real_locate_finding),
                                g_signal_accumulator_true_handled, NULL, NULL,
                                G_TYPE_BOOLEAN, 2, G_TYPE_POINTER, G_TYPE_POINTER);

  g_type_ensure (TSR_TYPE_FINDINGS_VIEW);
  g_type_ensure (TSR_TYPE_HISTORY_VIEW);
  g_type_ensure (TSR_TYPE_MAP_CANVAS);
  g_type_ensure (TSR_TYPE_MINIMAP);
  g_type_ensure (TSR_TYPE_TILE_PALETTE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-map-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, content);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, pencil_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, rectangle_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, fill_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, eraser_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, picker_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, select_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, brush1_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, brush3_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, brush5_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, grid_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, visual_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, view_stack);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, canvas);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, status_label);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, zoom_label);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, minimap);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, side_paned);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, side_notebook);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, palette_notebook);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, layers_page);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, inspector_scrolled);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, problems_page);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, history_page);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, palette);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, layer_list);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, layer_widgets);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, inspector_widgets);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, selection_label);
  gtk_widget_class_bind_template_child (widget_class, TsrMapEditor, problems_tab);
  gtk_widget_class_bind_template_callback (widget_class, on_finding_activated);
  gtk_widget_class_bind_template_callback (widget_class, update_problems_tab);

  gtk_widget_class_install_action (widget_class, "editor.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "editor.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "editor.zoom-one", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "editor.zoom-fit", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "editor.tool", "i", tool_action);
  /* V, and the tool bar's 3D button: the 2D map or the family's visual view. */
  gtk_widget_class_install_property_action (widget_class, "editor.visual-mode", "visual-mode");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, 0, "editor.visual-mode", NULL);

  /* Tiled's tool keys. Class bindings run in the bubble phase, so an entry in the side bar keeps
   * its letters and the canvas its own keys; they work wherever the focus is in the editor. */
  {
    static const struct { guint key; TsrTileToolKind tool; } keys[] = {
      { GDK_KEY_b, TSR_TILE_TOOL_PENCIL },  { GDK_KEY_u, TSR_TILE_TOOL_RECTANGLE },
      { GDK_KEY_f, TSR_TILE_TOOL_FILL },    { GDK_KEY_e, TSR_TILE_TOOL_ERASER },
      { GDK_KEY_i, TSR_TILE_TOOL_PICKER },  { GDK_KEY_r, TSR_TILE_TOOL_SELECT },
    };

    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      gtk_widget_class_add_binding_action (widget_class, keys[i].key, 0, "editor.tool", "i", (gint32) keys[i].tool);
  }

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tsr-map-editor");
}

static void
tsr_map_editor_init (TsrMapEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->family_widgets = g_ptr_array_new_with_free_func (g_object_unref);
  self->tile_tools_enabled = TRUE;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.visual-mode", FALSE);

  for (TsrTileToolKind tool = TSR_TILE_TOOL_PENCIL; tool <= TSR_TILE_TOOL_SELECT; tool++)
    g_signal_connect (tool_button (self, tool), "toggled", G_CALLBACK (on_tool_toggled), self);
  gtk_toggle_button_set_active (self->pencil_button, TRUE);
  gtk_toggle_button_set_active (self->brush1_button, TRUE);
  g_signal_connect (self->brush1_button, "toggled", G_CALLBACK (on_brush_toggled), self);
  g_signal_connect (self->brush3_button, "toggled", G_CALLBACK (on_brush_toggled), self);
  g_signal_connect (self->brush5_button, "toggled", G_CALLBACK (on_brush_toggled), self);
  g_object_bind_property (self->canvas, "show-grid", self->grid_button, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->canvas, "pointer-text", self->status_label, "text", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->canvas, "tools", self->palette, "tools", G_BINDING_SYNC_CREATE);
  tsr_minimap_set_canvas (self->minimap, self->canvas);
  g_object_set_data (G_OBJECT (self->palette), "tsr-page-name", (gpointer) "tiles");
  g_object_set_data (G_OBJECT (self->layers_page), "tsr-page-name", (gpointer) "layers");
  g_object_set_data (G_OBJECT (self->inspector_scrolled), "tsr-page-name", (gpointer) "inspector");
  g_object_set_data (G_OBJECT (self->problems_page), "tsr-page-name", (gpointer) "problems");
  g_object_set_data (G_OBJECT (self->history_page), "tsr-page-name", (gpointer) "history");
  self->last_notebook = self->palette_notebook;
  g_signal_connect (self->side_notebook, "switch-page", G_CALLBACK (on_notebook_switch_page), self);
  self->side_share = 0.45;
  g_signal_connect (self->side_paned, "notify::max-position", G_CALLBACK (on_side_paned_max_position), self);
  g_signal_connect (self->side_paned, "notify::position", G_CALLBACK (on_side_paned_position), self);
  g_signal_connect (self->palette_notebook, "switch-page", G_CALLBACK (on_notebook_switch_page), self);
  {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
    g_autoptr(GSettingsSchema) schema = source != NULL ? g_settings_schema_source_lookup (source, TSR_MAP_EDITOR_SCHEMA, TRUE) : NULL;

    if (schema != NULL && g_settings_schema_has_key (schema, "side-bar-width"))
      self->settings = g_settings_new (TSR_MAP_EDITOR_SCHEMA);
    /* Tiled's default: the wheel scrolls, Ctrl+wheel zooms; the preference may swap that. */
    g_object_set (self->canvas, "wheel-zooms", FALSE, NULL);
    if (schema != NULL && g_settings_schema_has_key (schema, "wheel-zooms"))
      g_settings_bind (self->settings, "wheel-zooms", self->canvas, "wheel-zooms", G_SETTINGS_BIND_GET);
  }
  /* GtkPaned takes Escape in the capture phase (to cancel a handle drag), before the canvas's own
   * Escape binding could clear the selection; this controller, on the paned's parent, runs first
   * and hands the key to the canvas while the canvas has the focus. */
  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect (keys, "key-pressed", G_CALLBACK (on_capture_key_pressed), self);
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
  }
  if (self->settings != NULL)
    self->place_tick = gtk_widget_add_tick_callback (self->content, place_side_bar, self, NULL);
  g_signal_connect_swapped (self->content, "notify::position", G_CALLBACK (on_content_position), self);
  g_signal_connect_swapped (self->canvas, "notify::zoom", G_CALLBACK (update_zoom_label), self);
  update_zoom_label (self);
  g_signal_connect (self->layer_list, "row-selected", G_CALLBACK (on_layer_row_selected), self);
  update_selection (self);
}

GtkWidget *
tsr_map_editor_new (void)
{
  return g_object_new (TSR_TYPE_MAP_EDITOR, NULL);
}

static void
tsr_map_editor_page_set_document (TsrEditorPage *page,
                                  TsrDocument   *document)
{
  tsr_map_editor_set_document (TSR_MAP_EDITOR (page), document);
}

static void
tsr_map_editor_editor_page_init (TsrEditorPageInterface *iface)
{
  iface->set_document = tsr_map_editor_page_set_document;
}
