/* tsr-doom2d-map-page.c: the Doom2D map editor page, built in code: a tool bar, the canvas and a
 * notebook side bar. The page
 * owns the edit session and the one TsrDoom2dTool; palettes set what the tool creates. Layers,
 * bottom first: the map area with its grid, the records (TsrVectorLayer), the trigger lines. The
 * inspector's source follows the selection: one record kind (triggers: one data layout) shows
 * that kind's fields, nothing selected shows the map header. */
#include "views/doom2d/tsr-doom2d-map-page.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "formats/doom2d/tsr-doom2d-names.h"
#include "model/doom2d/tsr-doom2d-property-source.h"
#include "views/doom2d/tsr-doom2d-canvas-layers.h"
#include "views/doom2d/tsr-doom2d-texture-picker.h"
#include "views/doom2d/tsr-doom2d-textures.h"
#include "views/doom2d/tsr-doom2d-thing-palette.h"
#include "views/tsr-history-view.h"
#include "views/tsr-minimap.h"

#define N_MODES (TSR_DOOM2D_TOOL_PICK_TARGET + 1)

/* A palette: one schema enum's constants (NONE and aliases left out), a drop-down of names or,
 * for items, monsters and areas, a grid of their pictures. */
typedef struct {
  const char *name;     /* the drop-down's widget name */
  const char *enum_name;
  GtkWidget  *dropdown; /* or the pictorial palette */
  TsrDoom2dThingPalette *things; /* items, monsters, areas; else NULL */
  GArray     *values;   /* gint64 per row of a drop-down */
} Palette;

enum {
  PALETTE_PANEL,
  PALETTE_TRIGGER,
  PALETTE_ITEM,
  PALETTE_MONSTER,
  PALETTE_AREA,
  N_PALETTES
};

struct _TsrDoom2dMapPage {
  GtkWidget             parent_instance;
  GtkWidget            *root;
  GtkWidget            *mode_buttons[N_MODES];
  Palette               palettes[N_PALETTES];
  GtkWidget            *grid_dropdown;
  GtkWidget            *texture_dropdown;
  GtkWidget            *texture_picker;
  GPtrArray            *thumbnails;  /* GdkTexture (or NULL) per texture record */
  GtkWidget            *map_dropdown;
  GtkWidget            *resize_box;
  GtkWidget            *resize_width;
  GtkWidget            *resize_height;
  GtkWidget            *anchor_buttons[TSR_DOOM2D_N_ANCHORS];
  GtkWidget            *snap_check;
  GtkWidget            *scrolled;
  TsrMapCanvas         *canvas;
  GtkWidget            *status;
  GtkWidget            *position;    /* the map point under the pointer */
  GtkWidget            *zoom;        /* the zoom in per cent */
  GtkWidget            *notebook;
  TsrMinimap           *minimap;
  GtkWidget            *inspector_title;
  TsrPropertyInspector *inspector;
  GtkWidget            *category_checks[TSR_DOOM2D_N_CATEGORIES];
  TsrFindingsView      *findings;
  GtkWidget            *history;

  TsrDoom2dDocument    *document;
  TsrEditSession       *session;
  TsrTool              *tool;
  TsrDoom2dCanvasLayers layers;
  guint                 animation_tick;
  GtkWindow            *active_window;  /* the window whose is-active we follow while mapped (weak) */
  GdkSurface           *active_surface; /* its toplevel, whose state we follow */
  gulong                active_handler;
  gulong                state_handler;
  TsrPropertySource    *source;
  guint                 source_map;  /* the map shown when SOURCE was made (its fields depend on the map's kind) */
  guint                 fit_tick;
  gboolean              syncing;
};

static void tsr_doom2d_map_page_editor_page_init (TsrEditorPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrDoom2dMapPage, tsr_doom2d_map_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_EDITOR_PAGE, tsr_doom2d_map_page_editor_page_init))

static const char *const category_labels[TSR_DOOM2D_N_CATEGORIES] = {
  N_("Walls and doors"), N_("Background"), N_("Foreground"), N_("Water and acid"),
  N_("Lifts, streams, boundaries"), N_("Items"), N_("Monsters"), N_("Areas"), N_("Triggers"),
};

/* The map point under the pointer, in whole map pixels, or nothing when it is off the canvas. The
 * canvas's "pointer-changed" calls it at a motion and once in the frame after the view moved, so
 * during a pan it never shows the point the pointer left (issue 35). */
static void
update_position (TsrDoom2dMapPage *self)
{
  g_autofree char *text = NULL;
  double x, y;

  if (tsr_map_canvas_get_pointer (self->canvas, &x, &y))
    {
      /* Translators: the map point under the pointer, in map pixels, in the status line. */
      text = g_strdup_printf (_("x %d, y %d"), (int) floor (x), (int) floor (y));
    }
  if (g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (self->position)), text) != 0)
    gtk_inscription_set_text (GTK_INSCRIPTION (self->position), text);
}

static void
update_zoom (TsrDoom2dMapPage *self)
{
  /* Translators: the zoom in the status line; %% is a per cent sign. */
  g_autofree char *text = g_strdup_printf (_("%.0f %%"), tsr_map_canvas_get_zoom (self->canvas) * 100);

  gtk_inscription_set_text (GTK_INSCRIPTION (self->zoom), text);
}

gboolean
tsr_doom2d_map_page_accepts (TsrDocument *document)
{
  return TSR_IS_DOOM2D_DOCUMENT (document) && tsr_doom2d_document_get_map (TSR_DOOM2D_DOCUMENT (document)) != NULL;
}

static void
set_status (TsrDoom2dMapPage *self,
            const char       *text)
{
  gtk_label_set_text (GTK_LABEL (self->status), text != NULL ? text : "");
}

const char *
tsr_doom2d_map_page_get_status (TsrDoom2dMapPage *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->status));
}

/* --- Palettes --- */

static void
palette_init (Palette       *palette,
              const char    *name,
              const char    *enum_name,
              TsrDoom2dKind  kind)
{
  g_autoptr(GPtrArray) constants = tsr_doom2d_palette_constants (enum_name);
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  g_auto(GStrv) strings = NULL;

  palette->name = name;
  palette->enum_name = enum_name;
  palette->values = g_array_new (FALSE, FALSE, sizeof (gint64));
  /* Items, monsters and areas: the pictorial palette. */
  if (kind == TSR_DOOM2D_KIND_ITEM || kind == TSR_DOOM2D_KIND_MONSTER || kind == TSR_DOOM2D_KIND_AREA)
    {
      palette->things = TSR_DOOM2D_THING_PALETTE (tsr_doom2d_thing_palette_new (kind, enum_name, name));
      palette->dropdown = GTK_WIDGET (palette->things);
      gtk_widget_set_tooltip_text (palette->dropdown, name);
      return;
    }
  for (guint i = 0; i < constants->len; i++)
    {
      const TsrFieldConstant *constant = g_ptr_array_index (constants, i);
      g_autofree char *label = tsr_doom2d_constant_display_name (constant->name);

      g_array_append_val (palette->values, constant->value);
      g_strv_builder_add (labels, label);
    }
  strings = g_strv_builder_end (labels);
  palette->dropdown = gtk_drop_down_new_from_strings ((const char *const *) strings);
  gtk_widget_set_name (palette->dropdown, name);
  gtk_widget_set_tooltip_text (palette->dropdown, name);
}

static gint64
palette_value (const Palette *palette)
{
  guint selected;

  if (palette->things != NULL)
    return tsr_doom2d_thing_palette_get_value (palette->things);
  selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (palette->dropdown));
  return selected < palette->values->len ? g_array_index (palette->values, gint64, selected) : 0;
}

static void
palette_select (Palette *palette,
                gint64   value)
{
  for (guint i = 0; i < palette->values->len; i++)
    if (g_array_index (palette->values, gint64, i) == value)
      gtk_drop_down_set_selected (GTK_DROP_DOWN (palette->dropdown), i);
}

static void
apply_palettes (TsrDoom2dMapPage *self)
{
  TsrDoom2dTool *tool = TSR_DOOM2D_TOOL (self->tool);

  if (tool == NULL)
    return;
  tsr_doom2d_tool_set_panel_type (tool, palette_value (&self->palettes[PALETTE_PANEL]));
  tsr_doom2d_tool_set_trigger_type (tool, palette_value (&self->palettes[PALETTE_TRIGGER]));
  tsr_doom2d_tool_set_thing_type (tool, TSR_DOOM2D_KIND_ITEM, palette_value (&self->palettes[PALETTE_ITEM]));
  tsr_doom2d_tool_set_thing_type (tool, TSR_DOOM2D_KIND_MONSTER, palette_value (&self->palettes[PALETTE_MONSTER]));
  tsr_doom2d_tool_set_monster_direction (tool, tsr_doom2d_thing_palette_get_direction (self->palettes[PALETTE_MONSTER].things));
  tsr_doom2d_tool_set_thing_type (tool, TSR_DOOM2D_KIND_AREA, palette_value (&self->palettes[PALETTE_AREA]));
  tsr_doom2d_tool_set_grid (tool, gtk_drop_down_get_selected (GTK_DROP_DOWN (self->grid_dropdown)) == 0 ? 16 : 8);
  tsr_doom2d_tool_set_snap (tool, gtk_check_button_get_active (GTK_CHECK_BUTTON (self->snap_check)));
  if (self->layers.grid != NULL)
    tsr_doom2d_map_layer_set_grid (self->layers.grid, tsr_doom2d_tool_get_grid (tool));
}

static void
on_palette_changed (GObject          *dropdown,
                    GParamSpec       *pspec,
                    TsrDoom2dMapPage *self)
{
  apply_palettes (self);
}

/* The texture new panels get: the drop-down lists the map's texture records. */
static void
apply_texture (TsrDoom2dMapPage *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->texture_dropdown));
  guint width, height;

  if (self->tool == NULL || self->layers.panels == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  tsr_doom2d_tool_set_texture (TSR_DOOM2D_TOOL (self->tool), selected);
  /* Its frame size: Ctrl-click draws a panel of it, drawn panels snap to whole tiles of it. */
  if (tsr_doom2d_panel_layer_get_texture_size (self->layers.panels, selected, &width, &height))
    tsr_doom2d_tool_set_texture_size (TSR_DOOM2D_TOOL (self->tool), width, height);
}

static void
on_texture_changed (GObject          *dropdown,
                    GParamSpec       *pspec,
                    TsrDoom2dMapPage *self)
{
  apply_texture (self);
}

/* The chooser's name for texture record T: the path's last part. */
static const char *
texture_label (const TsrDoom2dMap *map,
               guint               t)
{
  const char *path = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, t)->values[TSR_DOOM2D_TEXTURE_PATH].text;

  return path != NULL ? tsr_doom2d_resource_name (path) : "";
}

/* Lists the map's texture records in the chooser, keeping the chosen one when it still exists. */
static void
fill_textures (TsrDoom2dMapPage *self)
{
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (self->document);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  TsrDoom2dTextureCache *cache = tsr_doom2d_panel_layer_get_cache (self->layers.panels);
  guint n = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE);
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->texture_dropdown));

  g_ptr_array_set_size (self->thumbnails, 0);
  for (guint t = 0; t < n; t++)
    {
      const char *path = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, t)->values[TSR_DOOM2D_TEXTURE_PATH].text;

      /* The first frame of the real texture, from the same cache the panels are drawn from. */
      g_ptr_array_add (self->thumbnails, tsr_doom2d_texture_get_frame (tsr_doom2d_texture_cache_get (cache, path != NULL ? path : ""), 0));
      gtk_string_list_append (names, texture_label (map, t));
    }
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->texture_dropdown), G_LIST_MODEL (names));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->texture_dropdown), selected < n ? selected : 0);
  apply_texture (self);
}

/* A texture from the resources: the map's record of that path is chosen, or a new record made
 * (one undo step) and chosen. */
static void
on_texture_picked (TsrDoom2dTexturePicker *picker,
                   const char             *path,
                   TsrDoom2dMapPage       *self)
{
  TsrDoom2dMap *map;
  TsrDoom2dRecord *record;
  const TsrDoom2dCachedTexture *entry;
  guint index;

  if (self->document == NULL)
    return;
  map = tsr_doom2d_document_get_map (self->document);
  for (guint t = 0; t < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE); t++)
    {
      const char *have = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, t)->values[TSR_DOOM2D_TEXTURE_PATH].text;

      if (have != NULL && g_ascii_strcasecmp (have, path) == 0)
        {
          gtk_drop_down_set_selected (GTK_DROP_DOWN (self->texture_dropdown), t);
          return;
        }
    }
  entry = tsr_doom2d_texture_cache_get (tsr_doom2d_panel_layer_get_cache (self->layers.panels), path);
  record = tsr_doom2d_record_new (TSR_DOOM2D_KIND_TEXTURE);
  tsr_field_value_set_text (&record->values[TSR_DOOM2D_TEXTURE_PATH], path);
  /* The game marks animated textures' records (a DFWAD or ZIP of frames). */
  record->values[TSR_DOOM2D_TEXTURE_ANIMATED].v[0] = entry->texture != NULL && entry->texture->animated;
  index = tsr_doom2d_document_add_record (self->document, record, _("Add Texture"));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->texture_dropdown), index);
}

/* Whether the chooser no longer lists the map's texture records as they are (an edit added,
 * removed or renamed one). */
static gboolean
textures_changed (TsrDoom2dMapPage *self)
{
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (self->document);
  GListModel *names = gtk_drop_down_get_model (GTK_DROP_DOWN (self->texture_dropdown));
  guint n = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE);

  if (names == NULL || g_list_model_get_n_items (names) != n)
    return TRUE;
  for (guint t = 0; t < n; t++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), t), texture_label (map, t)) != 0)
      return TRUE;
  return FALSE;
}

static void
thumbnail_free (gpointer texture)
{
  if (texture != NULL)
    g_object_unref (texture);
}

/* A row of the texture chooser: the texture drawn small beside its name. */
static void
setup_texture_row (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   TsrDoom2dMapPage         *self)
{
  gtk_list_item_set_child (item, tsr_doom2d_texture_row_new (24));
}

static void
bind_texture_row (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  TsrDoom2dMapPage         *self)
{
  guint position = gtk_list_item_get_position (item);
  GtkStringObject *name = gtk_list_item_get_item (item);

  tsr_doom2d_texture_row_set (gtk_list_item_get_child (item),
                              position < self->thumbnails->len ? g_ptr_array_index (self->thumbnails, position) : NULL,
                              gtk_string_object_get_string (name));
}

/* --- Maps of an archive --- */

static void
fill_maps (TsrDoom2dMapPage *self)
{
  guint n = tsr_doom2d_document_get_n_maps (self->document);
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (self->map_dropdown));
  gboolean same = model != NULL && g_list_model_get_n_items (model) == n;

  /* The list stays when only the map shown changed: this runs while the drop-down's own choice
   * is being made, and replacing its model then would free the selection making it. */
  for (guint i = 0; same && i < n; i++)
    same = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i),
                      tsr_doom2d_document_get_map_name (self->document, i)) == 0;
  self->syncing = TRUE;
  if (!same)
    {
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

      for (guint i = 0; i < n; i++)
        gtk_string_list_append (names, tsr_doom2d_document_get_map_name (self->document, i));
      gtk_drop_down_set_model (GTK_DROP_DOWN (self->map_dropdown), G_LIST_MODEL (names));
    }
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->map_dropdown)) != tsr_doom2d_document_get_map_index (self->document))
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->map_dropdown), tsr_doom2d_document_get_map_index (self->document));
  self->syncing = FALSE;
  gtk_widget_set_visible (self->map_dropdown, n > 1);
}

static void
on_map_selected (GObject          *dropdown,
                 GParamSpec       *pspec,
                 TsrDoom2dMapPage *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));
  g_autoptr(GError) error = NULL;

  if (self->syncing || self->document == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  if (!tsr_doom2d_document_select_map (self->document, selected, &error))
    {
      set_status (self, error->message);
      fill_maps (self);
    }
}

/* Another map of the archive is shown: every layer, the session and the palettes start over. */
static void
on_map_index_changed (TsrDoom2dDocument *document,
                      GParamSpec        *pspec,
                      TsrDoom2dMapPage  *self)
{
  g_autoptr(TsrDoom2dDocument) keep = g_object_ref (document);

  tsr_doom2d_map_page_set_document (self, NULL);
  tsr_doom2d_map_page_set_document (self, keep);
}

/* --- Map size --- */

static void
sync_resize (TsrDoom2dMapPage *self)
{
  TsrDoom2dMap *map = self->document != NULL ? tsr_doom2d_document_get_map (self->document) : NULL;

  if (map == NULL)
    return;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->resize_width), (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[0]);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->resize_height), (double) map->header->values[TSR_DOOM2D_HEADER_SIZE].v[1]);
}

static void
on_resize_clicked (GtkButton        *button,
                   TsrDoom2dMapPage *self)
{
  TsrDoom2dAnchor anchor = TSR_DOOM2D_ANCHOR_CENTER;
  g_autoptr(GError) error = NULL;

  if (self->document == NULL)
    return;
  for (guint a = 0; a < TSR_DOOM2D_N_ANCHORS; a++)
    if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->anchor_buttons[a])))
      anchor = a;
  if (!tsr_doom2d_document_resize_map (self->document,
                                       (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->resize_width)),
                                       (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->resize_height)),
                                       anchor, &error))
    set_status (self, error->message);
}

/* New size and a 3 x 3 grid of linked toggles for the anchor, as a canvas-size dialog has. */
static GtkWidget *
build_resize (TsrDoom2dMapPage *self)
{
  static const char *const arrows[TSR_DOOM2D_N_ANCHORS] = { "↖", "↑", "↗", "←", "•", "→", "↙", "↓", "↘" };
  static const char *const names[TSR_DOOM2D_N_ANCHORS] = {
    N_("Keep the top left corner"), N_("Keep the top edge's middle"), N_("Keep the top right corner"),
    N_("Keep the left edge's middle"), N_("Keep the centre"), N_("Keep the right edge's middle"),
    N_("Keep the bottom left corner"), N_("Keep the bottom edge's middle"), N_("Keep the bottom right corner"),
  };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *sizes = gtk_grid_new ();
  GtkWidget *anchors = gtk_grid_new ();
  GtkWidget *heading = gtk_label_new (_("Resize Map"));
  GtkWidget *button = gtk_button_new_with_label (_("Resize"));

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (box), heading);
  gtk_grid_set_row_spacing (GTK_GRID (sizes), 4);
  gtk_grid_set_column_spacing (GTK_GRID (sizes), 6);
  self->resize_width = gtk_spin_button_new_with_range (1, G_MAXUINT16, 16);
  self->resize_height = gtk_spin_button_new_with_range (1, G_MAXUINT16, 16);
  gtk_widget_set_name (self->resize_width, "resize-width");
  gtk_widget_set_name (self->resize_height, "resize-height");
  gtk_grid_attach (GTK_GRID (sizes), gtk_label_new (_("Width")), 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (sizes), self->resize_width, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (sizes), gtk_label_new (_("Height")), 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (sizes), self->resize_height, 1, 1, 1, 1);
  gtk_box_append (GTK_BOX (box), sizes);
  gtk_widget_add_css_class (anchors, "linked");
  gtk_widget_set_halign (anchors, GTK_ALIGN_START);
  for (guint a = 0; a < TSR_DOOM2D_N_ANCHORS; a++)
    {
      g_autofree char *name = g_strdup_printf ("anchor-%u", a);

      self->anchor_buttons[a] = gtk_toggle_button_new_with_label (arrows[a]);
      gtk_widget_set_name (self->anchor_buttons[a], name);
      gtk_widget_set_tooltip_text (self->anchor_buttons[a], _(names[a]));
      gtk_widget_set_size_request (self->anchor_buttons[a], 32, 32);
      if (a > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->anchor_buttons[a]), GTK_TOGGLE_BUTTON (self->anchor_buttons[0]));
      gtk_grid_attach (GTK_GRID (anchors), self->anchor_buttons[a], (int) (a % 3), (int) (a / 3), 1, 1);
    }
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->anchor_buttons[TSR_DOOM2D_ANCHOR_TOP_LEFT]), TRUE);
  gtk_box_append (GTK_BOX (box), anchors);
  gtk_widget_set_name (button, "resize-map");
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  g_signal_connect (button, "clicked", G_CALLBACK (on_resize_clicked), self);
  gtk_box_append (GTK_BOX (box), button);
  gtk_widget_set_margin_top (box, 12);
  return box;
}

/* --- Selection and inspector --- */

/* The one record kind (and trigger layout) of the selection; FALSE when it mixes kinds. */
static gboolean
selection_kind (TsrDoom2dMapPage              *self,
                TsrDoom2dKind                 *kind,
                const TsrDoom2dTriggerLayout **layout,
                GArray                        *indices)
{
  const TsrElementRef *elements;
  guint n;
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (self->document);

  elements = tsr_selection_get_elements (tsr_edit_session_get_selection (self->session), &n);
  *kind = TSR_DOOM2D_KIND_HEADER;
  *layout = NULL;
  for (guint i = 0; i < n; i++)
    {
      TsrDoom2dKind k;
      guint index;
      const TsrDoom2dTriggerLayout *l = NULL;

      if (!tsr_doom2d_document_element_to_record (self->document, &elements[i], &k, &index))
        continue;
      if (k == TSR_DOOM2D_KIND_TRIGGER)
        l = tsr_doom2d_map_get (map, k, index)->layout;
      if (indices->len > 0 && (k != *kind || l != *layout))
        return FALSE;
      *kind = k;
      *layout = l;
      g_array_append_val (indices, index);
    }
  if (indices->len == 0)
    {
      guint zero = 0;

      g_array_append_val (indices, zero);
    }
  return TRUE;
}

static void
update_pick_button (TsrDoom2dMapPage *self,
                    TsrDoom2dKind     kind,
                    GArray           *indices)
{
  TsrDoom2dTarget target;
  gboolean one_trigger = kind == TSR_DOOM2D_KIND_TRIGGER && indices->len == 1
                         && tsr_doom2d_document_get_trigger_target (self->document, g_array_index (indices, guint, 0),
                                                                   &target);

  gtk_widget_set_sensitive (self->mode_buttons[TSR_DOOM2D_TOOL_PICK_TARGET], one_trigger);
  if (one_trigger)
    tsr_doom2d_tool_set_trigger (TSR_DOOM2D_TOOL (self->tool), g_array_index (indices, guint, 0));
  else if (tsr_doom2d_tool_get_mode (TSR_DOOM2D_TOOL (self->tool)) != TSR_DOOM2D_TOOL_PICK_TARGET)
    tsr_doom2d_tool_set_trigger (TSR_DOOM2D_TOOL (self->tool), -1);
}

static void
update_inspector (TsrDoom2dMapPage *self)
{
  g_autoptr(GArray) indices = g_array_new (FALSE, FALSE, sizeof (guint));
  TsrDoom2dKind kind;
  const TsrDoom2dTriggerLayout *layout;
  TsrDoom2dPropertySource *current = self->source != NULL ? TSR_DOOM2D_PROPERTY_SOURCE (self->source) : NULL;

  if (self->document == NULL)
    return;
  if (!selection_kind (self, &kind, &layout, indices))
    {
      g_autofree char *text = g_strdup_printf (_("%u elements of different kinds"),
                                               tsr_selection_get_size (tsr_edit_session_get_selection (self->session)));
      gtk_label_set_text (GTK_LABEL (self->inspector_title), text);
      gtk_widget_set_visible (self->inspector_title, TRUE);
      tsr_property_inspector_set_source (self->inspector, NULL);
      g_clear_object (&self->source);
      gtk_widget_set_sensitive (self->mode_buttons[TSR_DOOM2D_TOOL_PICK_TARGET], FALSE);
      gtk_widget_set_visible (self->resize_box, FALSE);
      return;
    }
  update_pick_button (self, kind, indices);
  if (current == NULL || tsr_doom2d_property_source_get_kind (current) != kind
      || tsr_doom2d_property_source_get_layout (current) != layout
      || self->source_map != tsr_doom2d_document_get_map_index (self->document))
    {
      g_clear_object (&self->source);
      self->source = TSR_PROPERTY_SOURCE (tsr_doom2d_property_source_new (self->document, kind, layout));
      self->source_map = tsr_doom2d_document_get_map_index (self->document);
      tsr_property_source_set_elements (self->source, (const guint *) indices->data, indices->len);
      tsr_property_inspector_set_source (self->inspector, self->source);
    }
  else
    tsr_property_source_set_elements (self->source, (const guint *) indices->data, indices->len);
  /* The inspector names the kind itself; the line above it says which records. */
  gtk_widget_set_visible (self->inspector_title, kind != TSR_DOOM2D_KIND_HEADER);
  gtk_widget_set_visible (self->resize_box, kind == TSR_DOOM2D_KIND_HEADER);
  if (kind == TSR_DOOM2D_KIND_HEADER)
    sync_resize (self);
  if (kind != TSR_DOOM2D_KIND_HEADER)
    {
      g_autofree char *text = indices->len == 1
                              ? g_strdup_printf (_("Record %u"), g_array_index (indices, guint, 0))
                              : g_strdup_printf (_("%u records"), indices->len);
      gtk_label_set_text (GTK_LABEL (self->inspector_title), text);
    }
}

static void
on_selection_changed (TsrSelection     *selection,
                      TsrDoom2dMapPage *self)
{
  update_inspector (self);
}

static void
on_undo_stack_changed (TsrUndoStack     *stack,
                       TsrDoom2dMapPage *self)
{
  if (self->layers.edge != NULL)
    tsr_doom2d_map_layer_update (self->layers.edge);
  if (self->layers.grid != NULL)
    tsr_doom2d_map_layer_update (self->layers.grid);
  if (self->layers.panels != NULL)
    tsr_doom2d_panel_layer_update (self->layers.panels);
  if (self->document != NULL && self->layers.panels != NULL && textures_changed (self))
    fill_textures (self);
  update_inspector (self);
}

/* --- Modes --- */

static void
sync_mode_buttons (TsrDoom2dMapPage *self)
{
  TsrDoom2dToolMode mode = tsr_doom2d_tool_get_mode (TSR_DOOM2D_TOOL (self->tool));

  self->syncing = TRUE;
  for (guint m = 0; m < N_MODES; m++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->mode_buttons[m]), m == mode);
  self->syncing = FALSE;
  for (guint p = 0; p < N_PALETTES; p++)
    gtk_widget_set_visible (self->palettes[p].dropdown,
                            (p == PALETTE_PANEL && mode == TSR_DOOM2D_TOOL_PANEL)
                            || (p == PALETTE_TRIGGER && mode == TSR_DOOM2D_TOOL_TRIGGER)
                            || (p == PALETTE_ITEM && mode == TSR_DOOM2D_TOOL_ITEM)
                            || (p == PALETTE_MONSTER && mode == TSR_DOOM2D_TOOL_MONSTER)
                            || (p == PALETTE_AREA && mode == TSR_DOOM2D_TOOL_AREA));
  gtk_widget_set_visible (self->texture_dropdown, mode == TSR_DOOM2D_TOOL_PANEL);
  gtk_widget_set_visible (self->texture_picker, mode == TSR_DOOM2D_TOOL_PANEL);
  switch (mode)
    {
    case TSR_DOOM2D_TOOL_PANEL:
      set_status (self, _("Drag to draw a panel of the chosen type"));
      break;
    case TSR_DOOM2D_TOOL_TRIGGER:
      set_status (self, _("Drag to draw a trigger's area"));
      break;
    case TSR_DOOM2D_TOOL_ITEM:
    case TSR_DOOM2D_TOOL_MONSTER:
    case TSR_DOOM2D_TOOL_AREA:
      set_status (self, _("Click to place"));
      break;
    case TSR_DOOM2D_TOOL_PICK_TARGET:
      set_status (self, _("Click the trigger's target on the map"));
      break;
    case TSR_DOOM2D_TOOL_MOVE:
      set_status (self, _("Drag to move the selection"));
      break;
    case TSR_DOOM2D_TOOL_SELECT:
    default:
      set_status (self, _("Click or drag to select; drag to move; drag a corner or a side to resize"));
      break;
    }
}

static void
on_tool_mode_changed (GObject          *tool,
                      GParamSpec       *pspec,
                      TsrDoom2dMapPage *self)
{
  sync_mode_buttons (self);
}

static void
on_mode_toggled (GtkToggleButton  *button,
                 TsrDoom2dMapPage *self)
{
  if (self->syncing || !gtk_toggle_button_get_active (button) || self->tool == NULL)
    return;
  for (guint m = 0; m < N_MODES; m++)
    if (self->mode_buttons[m] == GTK_WIDGET (button))
      tsr_doom2d_tool_set_mode (TSR_DOOM2D_TOOL (self->tool), m);
}

static void
on_target_picked (TsrDoom2dTool    *tool,
                  gboolean          accepted,
                  TsrDoom2dMapPage *self)
{
  TsrDoom2dTarget target;
  gint64 trigger = tsr_doom2d_tool_get_trigger (tool);

  if (accepted)
    {
      tsr_doom2d_tool_set_mode (tool, TSR_DOOM2D_TOOL_SELECT);
      set_status (self, _("Target set"));
      return;
    }
  if (trigger >= 0 && tsr_doom2d_document_get_trigger_target (self->document, (guint) trigger, &target)
      && target.kind == TSR_DOOM2D_TARGET_MONSTER)
    set_status (self, _("This trigger takes a monster"));
  else if (trigger >= 0 && target.panel_mask == (TSR_DOOM2D_PANEL_OPENDOOR | TSR_DOOM2D_PANEL_CLOSEDOOR))
    set_status (self, _("A door trigger takes a door panel"));
  else if (trigger >= 0 && target.panel_mask != 0)
    set_status (self, _("A lift trigger takes a lift panel"));
  else
    set_status (self, _("Not a target for this trigger"));
  gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
box_centre (const TsrVectorBounds *box,
            double                *x,
            double                *y)
{
  *x = (box->x0 + box->x1) / 2;
  *y = (box->y0 + box->y1) / 2;
}

/* --- Findings --- */

/* The texture records that do not resolve with this page's resources join the map check. */
static void
on_collect_findings (TsrFindingsView  *view,
                     GPtrArray        *findings,
                     TsrDoom2dMapPage *self)
{
  if (self->document == NULL || self->layers.panels == NULL)
    return;
  tsr_doom2d_texture_cache_check_map (tsr_doom2d_panel_layer_get_cache (self->layers.panels),
                                      tsr_doom2d_document_get_map (self->document), findings);
}

/* A texture record's place: the first panel that shows it, selected; else (an unused texture) the
 * texture chooser of the panel tool with it chosen. */
static gboolean
show_texture (TsrDoom2dMapPage *self,
              guint             texture)
{
  TsrDoom2dMap *map = tsr_doom2d_document_get_map (self->document);

  if (texture >= tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE))
    return FALSE;
  for (guint p = 0; p < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL); p++)
    {
      if (tsr_doom2d_panel_shown_texture (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, p)) == texture)
        {
          tsr_doom2d_map_page_select_record (self, TSR_DOOM2D_KIND_PANEL, p);
          return TRUE;
        }
    }
  tsr_doom2d_tool_set_mode (TSR_DOOM2D_TOOL (self->tool), TSR_DOOM2D_TOOL_PANEL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->texture_dropdown), texture);
  gtk_widget_grab_focus (self->texture_dropdown);
  return TRUE;
}

static gboolean
on_finding_activated (TsrFindingsView  *view,
                      const TsrFinding *finding,
                      TsrDoom2dMapPage *self)
{
  const TsrDoom2dRecordType *type;

  if (finding->place.kind == NULL || finding->place.index < 0)
    {
      if (finding->place.unit == TSR_FINDING_POINT_NONE)
        return FALSE;
      tsr_map_canvas_center_on (self->canvas, finding->place.x, finding->place.y);
      return TRUE;
    }
  type = tsr_doom2d_record_type_by_name (finding->place.kind);
  if (type != NULL && type->kind == TSR_DOOM2D_KIND_TEXTURE)
    return show_texture (self, (guint) finding->place.index);
  if (type == NULL || type->kind == TSR_DOOM2D_KIND_HEADER
      || (guint) finding->place.index >= tsr_doom2d_map_count (tsr_doom2d_document_get_map (self->document), type->kind))
    return FALSE;
  tsr_doom2d_map_page_select_record (self, type->kind, (guint) finding->place.index);
  return TRUE;
}

void
tsr_doom2d_map_page_select_record (TsrDoom2dMapPage *self,
                                   TsrDoom2dKind     kind,
                                   guint             index)
{
  TsrElementRef ref;
  TsrVectorBounds box;
  double x, y;

  g_return_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self));
  g_return_if_fail (self->document != NULL);

  ref = tsr_doom2d_document_record_to_element (self->document, kind, index);
  tsr_doom2d_tool_set_mode (TSR_DOOM2D_TOOL (self->tool), TSR_DOOM2D_TOOL_SELECT);
  tsr_selection_set (tsr_edit_session_get_selection (self->session), &ref, 1);
  tsr_doom2d_document_get_record_box (self->document, kind, index, &box);
  box_centre (&box, &x, &y);
  tsr_map_canvas_center_on (self->canvas, x, y);
}

/* --- Categories --- */

static void
on_category_toggled (GtkCheckButton   *check,
                     TsrDoom2dMapPage *self)
{
  if (self->document == NULL)
    return;
  for (guint c = 0; c < TSR_DOOM2D_N_CATEGORIES; c++)
    if (self->category_checks[c] == GTK_WIDGET (check))
      tsr_doom2d_document_set_category_visible (self->document, c, gtk_check_button_get_active (check));
  tsr_map_canvas_queue_redraw (self->canvas);
}

/* --- Document --- */

/* A TsrDoom2dTextureSizeFunc: what the panel layer resolved. */
static gboolean
panel_texture_size (guint     texture,
                    guint    *width,
                    guint    *height,
                    gpointer  data)
{
  TsrDoom2dMapPage *self = data;

  return self->layers.panels != NULL
         && tsr_doom2d_panel_layer_get_texture_size (self->layers.panels, texture, width, height);
}

static gboolean
fit_when_allocated (GtkWidget     *canvas,
                    GdkFrameClock *clock,
                    gpointer       data)
{
  TsrDoom2dMapPage *self = data;

  if (gtk_widget_get_width (canvas) <= 0)
    return G_SOURCE_CONTINUE;
  self->fit_tick = 0;
  tsr_map_canvas_zoom_to_fit (self->canvas);
  return G_SOURCE_REMOVE;
}

/* Whether animations play: the map has some, the view shows one, the page is on screen and its
 * window is the active one and not minimised (an idle editor in the background costs nothing). */
static gboolean
should_animate (TsrDoom2dMapPage *self)
{
  if (self->document == NULL || self->layers.panels == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self->canvas))
      || self->active_window == NULL || !gtk_window_is_active (self->active_window))
    return FALSE;
  if (self->active_surface != NULL && GDK_IS_TOPLEVEL (self->active_surface)
      && (gdk_toplevel_get_state (GDK_TOPLEVEL (self->active_surface)) & GDK_TOPLEVEL_STATE_MINIMIZED))
    return FALSE;
  return tsr_doom2d_panel_layer_has_animations (self->layers.panels)
         && tsr_doom2d_panel_layer_shows_animations (self->layers.panels);
}

/* Animated textures play at the game's speed: one tick every 28 ms of frame-clock time. */
static gboolean
animate (GtkWidget     *canvas,
         GdkFrameClock *clock,
         gpointer       data)
{
  TsrDoom2dMapPage *self = data;

  tsr_doom2d_panel_layer_set_tick (self->layers.panels, (guint64) gdk_frame_clock_get_frame_time (clock) / 28000);
  if (should_animate (self))
    return G_SOURCE_CONTINUE;
  self->animation_tick = 0;
  return G_SOURCE_REMOVE;
}

/* Starts or stops the animation tick as should_animate says. */
static void
sync_animation (TsrDoom2dMapPage *self)
{
  gboolean want = should_animate (self);

  if (want && self->animation_tick == 0)
    self->animation_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->canvas), animate, self, NULL);
  else if (!want && self->animation_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->canvas), self->animation_tick);
      self->animation_tick = 0;
    }
}

/* A view drawn anew may show an animation it did not (scrolled or zoomed to one). */
static void
on_canvas_drawn (TsrMapCanvas     *canvas,
                 cairo_t          *cr,
                 gpointer          viewport,
                 TsrDoom2dMapPage *self)
{
  if (self->animation_tick == 0)
    sync_animation (self);
}

static void
forget_window (TsrDoom2dMapPage *self)
{
  if (self->active_window != NULL)
    g_clear_signal_handler (&self->active_handler, self->active_window);
  if (self->active_surface != NULL)
    g_clear_signal_handler (&self->state_handler, self->active_surface);
  g_clear_weak_pointer (&self->active_window);
  g_clear_weak_pointer (&self->active_surface);
}

/* On screen: follow the window's activity and its toplevel's state. */
static void
on_canvas_mapped (GtkWidget        *canvas,
                  TsrDoom2dMapPage *self)
{
  GtkRoot *root = gtk_widget_get_root (canvas);

  forget_window (self);
  if (GTK_IS_WINDOW (root))
    {
      g_set_weak_pointer (&self->active_window, GTK_WINDOW (root));
      self->active_handler = g_signal_connect_swapped (root, "notify::is-active", G_CALLBACK (sync_animation), self);
      g_set_weak_pointer (&self->active_surface, gtk_native_get_surface (GTK_NATIVE (root)));
      if (self->active_surface != NULL)
        self->state_handler = g_signal_connect_swapped (self->active_surface, "notify::state",
                                                        G_CALLBACK (sync_animation), self);
    }
  sync_animation (self);
}

static void
on_canvas_unmapped (GtkWidget        *canvas,
                    TsrDoom2dMapPage *self)
{
  forget_window (self);
  sync_animation (self);
}

static void
clear_document (TsrDoom2dMapPage *self)
{
  if (self->fit_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->canvas), self->fit_tick);
  self->fit_tick = 0;
  if (self->animation_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->canvas), self->animation_tick);
  self->animation_tick = 0;
  tsr_property_inspector_set_source (self->inspector, NULL);
  g_clear_object (&self->source);
  tsr_findings_view_set_document (self->findings, NULL);
  tsr_doom2d_texture_picker_set_source (TSR_DOOM2D_TEXTURE_PICKER (self->texture_picker), NULL, NULL);
  tsr_minimap_set_layers (self->minimap, NULL);
  tsr_history_view_set_undo_stack (TSR_HISTORY_VIEW (self->history), NULL);
  tsr_map_canvas_set_session (self->canvas, NULL);
  if (self->layers.stack != NULL)
    tsr_map_canvas_remove_layer (self->canvas, TSR_CANVAS_LAYER (self->layers.stack));
  tsr_doom2d_canvas_layers_clear (&self->layers);
  if (self->tool != NULL)
    g_signal_handlers_disconnect_by_data (self->tool, self);
  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (tsr_edit_session_get_selection (self->session), self);
      tsr_edit_session_set_tool (self->session, NULL);
      tsr_edit_session_set_layer (self->session, NULL);
    }
  g_clear_object (&self->tool);
  g_clear_object (&self->session);
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)), self);
      g_signal_handlers_disconnect_by_data (self->document, self);
    }
  g_clear_object (&self->document);
}

void
tsr_doom2d_map_page_set_document (TsrDoom2dMapPage  *self,
                                  TsrDoom2dDocument *document)
{
  TsrDoom2dMap *map;

  g_return_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self));
  g_return_if_fail (document == NULL || TSR_IS_DOOM2D_DOCUMENT (document));

  if (self->document == document)
    return;
  clear_document (self);
  if (document == NULL || (map = tsr_doom2d_document_get_map (document)) == NULL)
    return;

  self->document = g_object_ref (document);
  self->session = tsr_edit_session_new (TSR_DOCUMENT (document));
  tsr_edit_session_set_layer (self->session, G_OBJECT (document));
  self->tool = tsr_doom2d_tool_new (self->session, document);
  tsr_edit_session_set_tool (self->session, self->tool);
  g_signal_connect (self->tool, "notify::mode", G_CALLBACK (on_tool_mode_changed), self);
  g_signal_connect (self->tool, "target-picked", G_CALLBACK (on_target_picked), self);
  tsr_doom2d_tool_set_texture_size_func (TSR_DOOM2D_TOOL (self->tool), panel_texture_size, self);
  g_signal_connect (tsr_edit_session_get_selection (self->session), "changed", G_CALLBACK (on_selection_changed), self);
  g_signal_connect (tsr_document_get_undo_stack (TSR_DOCUMENT (document)), "changed",
                    G_CALLBACK (on_undo_stack_changed), self);
  g_signal_connect (document, "notify::map-index", G_CALLBACK (on_map_index_changed), self);

  tsr_doom2d_canvas_layers_init (&self->layers, document, NULL, tsr_edit_session_get_selection (self->session));
  /* The palettes' pictures come from the same game data. */
  for (guint p = 0; p < N_PALETTES; p++)
    if (self->palettes[p].things != NULL)
      tsr_doom2d_thing_palette_set_cache (self->palettes[p].things, tsr_doom2d_panel_layer_get_cache (self->layers.panels));
  tsr_map_canvas_add_layer (self->canvas, TSR_CANVAS_LAYER (self->layers.stack));
  tsr_map_canvas_set_session (self->canvas, self->session);

  /* Textures for new panels: the first the map has; more from the resources. */
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->texture_dropdown), NULL);
  fill_textures (self);
  tsr_doom2d_texture_picker_set_source (TSR_DOOM2D_TEXTURE_PICKER (self->texture_picker),
                                        tsr_doom2d_panel_layer_get_cache (self->layers.panels), map);
  /* The overview draws layers of its own, flat: the canvas's keep a picture of its view. */
  {
    g_autoptr(GPtrArray) overview = g_ptr_array_new_with_free_func (g_object_unref);
    TsrDoom2dMapLayer *area = tsr_doom2d_map_layer_new (document);
    TsrVectorLayer *records = tsr_vector_layer_new (TSR_VECTOR_MAP (document));

    tsr_doom2d_map_layer_set_parts (area, TSR_DOOM2D_MAP_LAYER_AREA);
    tsr_vector_layer_set_background (records, FALSE);
    g_ptr_array_add (overview, area);
    g_ptr_array_add (overview, records);
    tsr_minimap_set_layers (self->minimap, overview);
  }
  fill_maps (self);
  apply_palettes (self);
  for (guint c = 0; c < TSR_DOOM2D_N_CATEGORIES; c++)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->category_checks[c]),
                                 tsr_doom2d_document_get_category_visible (document, c));
  sync_mode_buttons (self);
  update_inspector (self);
  tsr_findings_view_set_document (self->findings, TSR_DOCUMENT (document));
  tsr_history_view_set_undo_stack (TSR_HISTORY_VIEW (self->history),
                                   tsr_document_get_undo_stack (TSR_DOCUMENT (document)));
  self->fit_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->canvas), fit_when_allocated, self, NULL);
  sync_animation (self);
}

/* --- Building --- */

static GtkWidget *
mode_button (TsrDoom2dMapPage  *self,
             TsrDoom2dToolMode  mode,
             const char        *label,
             const char        *tooltip,
             GtkWidget         *box)
{
  GtkWidget *button = gtk_toggle_button_new_with_label (label);
  GEnumValue *value = g_enum_get_value (g_type_class_ref (TSR_TYPE_DOOM2D_TOOL_MODE), (gint) mode);
  g_autofree char *name = g_strconcat ("doom2d-mode-", value->value_nick, NULL);

  gtk_widget_set_name (button, name);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_set_focus_on_click (button, FALSE);
  if (mode > 0)
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), GTK_TOGGLE_BUTTON (self->mode_buttons[0]));
  g_signal_connect (button, "toggled", G_CALLBACK (on_mode_toggled), self);
  gtk_box_append (GTK_BOX (box), button);
  self->mode_buttons[mode] = button;
  return button;
}

static GtkWidget *
side_page (TsrDoom2dMapPage *self,
           GtkWidget        *child,
           const char       *name,
           const char       *label)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), child);
  gtk_widget_set_name (scrolled, name);
  gtk_notebook_append_page (GTK_NOTEBOOK (self->notebook), scrolled, gtk_label_new (label));
  return scrolled;
}

static void
build (TsrDoom2dMapPage *self)
{
  GtkWidget *toolbar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *toolbar_scroll = gtk_scrolled_window_new ();
  GtkWidget *modes = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *inspector_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *layers_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *status_row;
  const char *const grids[] = { "16 px", "8 px", NULL };

  self->root = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->root, GTK_WIDGET (self));

  /* Tool bar: the map of an archive holding several, the modes, the palettes */
  self->map_dropdown = gtk_drop_down_new (NULL, NULL);
  gtk_widget_set_name (self->map_dropdown, "map");
  gtk_widget_set_tooltip_text (self->map_dropdown, _("The map of the archive to edit"));
  gtk_widget_set_visible (self->map_dropdown, FALSE);
  g_signal_connect (self->map_dropdown, "notify::selected", G_CALLBACK (on_map_selected), self);
  gtk_box_append (GTK_BOX (toolbar), self->map_dropdown);
  gtk_widget_add_css_class (modes, "linked");
  /* The keys are the page's class bindings (mode_keys). */
  mode_button (self, TSR_DOOM2D_TOOL_SELECT, _("Select"), _("Select, move and resize (S, Esc)"), modes);
  mode_button (self, TSR_DOOM2D_TOOL_MOVE, _("Move"), _("Drag the selection from anywhere (M)"), modes);
  mode_button (self, TSR_DOOM2D_TOOL_PANEL, _("Panel"), _("Draw a panel by dragging (P)"), modes);
  mode_button (self, TSR_DOOM2D_TOOL_TRIGGER, _("Trigger"), _("Draw a trigger's area by dragging (T)"), modes);
  mode_button (self, TSR_DOOM2D_TOOL_ITEM, _("Item"), _("Place an item (I)"), modes);
  mode_button (self, TSR_DOOM2D_TOOL_MONSTER, _("Monster"), _("Place a monster (O; F turns new monsters)"), modes);
  mode_button (self, TSR_DOOM2D_TOOL_AREA, _("Area"), _("Place a spawn point or flag (A)"), modes);
  mode_button (self, TSR_DOOM2D_TOOL_PICK_TARGET, _("Pick Target"),
               _("Click the selected trigger's target on the map (a door trigger takes a door panel) (K)"), modes);
  gtk_box_append (GTK_BOX (toolbar), modes);
  palette_init (&self->palettes[PALETTE_PANEL], "panel-type", "PanelType", TSR_DOOM2D_KIND_PANEL);
  palette_init (&self->palettes[PALETTE_TRIGGER], "trigger-type", "TriggerType", TSR_DOOM2D_KIND_TRIGGER);
  palette_init (&self->palettes[PALETTE_ITEM], "item", "Item", TSR_DOOM2D_KIND_ITEM);
  palette_init (&self->palettes[PALETTE_MONSTER], "monster", "Monster", TSR_DOOM2D_KIND_MONSTER);
  palette_init (&self->palettes[PALETTE_AREA], "area", "AreaType", TSR_DOOM2D_KIND_AREA);
  palette_select (&self->palettes[PALETTE_TRIGGER], TSR_DOOM2D_TRIGGER_DOOR);
  for (guint p = 0; p < N_PALETTES; p++)
    {
      g_signal_connect (self->palettes[p].dropdown, self->palettes[p].things != NULL ? "notify::value" : "notify::selected",
                        G_CALLBACK (on_palette_changed), self);
      gtk_box_append (GTK_BOX (toolbar), self->palettes[p].dropdown);
    }
  /* The monsters' facing toggles go the same way as the type. */
  g_signal_connect (self->palettes[PALETTE_MONSTER].dropdown, "notify::direction", G_CALLBACK (on_palette_changed), self);
  self->texture_dropdown = gtk_drop_down_new (NULL, NULL);
  {
    g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

    g_signal_connect (factory, "setup", G_CALLBACK (setup_texture_row), self);
    g_signal_connect (factory, "bind", G_CALLBACK (bind_texture_row), self);
    gtk_drop_down_set_factory (GTK_DROP_DOWN (self->texture_dropdown), factory);
  }
  gtk_widget_set_name (self->texture_dropdown, "texture");
  gtk_widget_set_tooltip_text (self->texture_dropdown, _("Texture of new panels (Ctrl-click: a panel of its size)"));
  g_signal_connect (self->texture_dropdown, "notify::selected", G_CALLBACK (on_texture_changed), self);
  gtk_box_append (GTK_BOX (toolbar), self->texture_dropdown);
  self->texture_picker = tsr_doom2d_texture_picker_new ();
  g_signal_connect (self->texture_picker, "picked", G_CALLBACK (on_texture_picked), self);
  gtk_box_append (GTK_BOX (toolbar), self->texture_picker);
  self->grid_dropdown = gtk_drop_down_new_from_strings (grids);
  gtk_widget_set_name (self->grid_dropdown, "grid");
  gtk_widget_set_tooltip_text (self->grid_dropdown, _("Grid"));
  g_signal_connect (self->grid_dropdown, "notify::selected", G_CALLBACK (on_palette_changed), self);
  gtk_box_append (GTK_BOX (toolbar), self->grid_dropdown);
  self->snap_check = gtk_check_button_new_with_label (_("Snap"));
  gtk_widget_set_name (self->snap_check, "snap");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->snap_check), TRUE);
  g_signal_connect_swapped (self->snap_check, "toggled", G_CALLBACK (apply_palettes), self);
  gtk_box_append (GTK_BOX (toolbar), self->snap_check);
  gtk_widget_set_margin_start (toolbar, 6);
  gtk_widget_set_margin_end (toolbar, 6);
  gtk_widget_set_margin_top (toolbar, 4);
  gtk_widget_set_margin_bottom (toolbar, 4);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (toolbar_scroll), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (toolbar_scroll), toolbar);
  gtk_box_append (GTK_BOX (self->root), toolbar_scroll);

  /* Canvas and status line */
  self->canvas = TSR_MAP_CANVAS (tsr_map_canvas_new ());
  g_signal_connect (self->canvas, "draw-overlay", G_CALLBACK (on_canvas_drawn), self);
  g_signal_connect (self->canvas, "map", G_CALLBACK (on_canvas_mapped), self);
  g_signal_connect (self->canvas, "unmap", G_CALLBACK (on_canvas_unmapped), self);
  g_object_set (self->canvas, "wheel-zooms", FALSE, NULL);
  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->canvas));
  gtk_widget_set_vexpand (self->scrolled, TRUE);
  gtk_widget_set_hexpand (self->scrolled, TRUE);
  gtk_box_append (GTK_BOX (column), self->scrolled);
  self->status = gtk_label_new ("");
  gtk_label_set_xalign (GTK_LABEL (self->status), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->status), PANGO_ELLIPSIZE_END);
  gtk_widget_set_margin_start (self->status, 6);
  gtk_widget_set_margin_top (self->status, 2);
  gtk_widget_set_margin_bottom (self->status, 2);
  gtk_widget_set_hexpand (self->status, TRUE);
  status_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_append (GTK_BOX (status_row), self->status);
  /* Where the pointer is and the zoom: only these change on motion, not the map. Inscriptions,
   * whose size does not follow their text: a new text is drawn, not laid out (a label's would lay
   * the window out again each frame of a pan, with X round trips for its size). */
  self->position = gtk_inscription_new (NULL);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (self->position), 16);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (self->position), 16);
  gtk_widget_set_name (self->position, "pointer-position");
  gtk_inscription_set_xalign (GTK_INSCRIPTION (self->position), 1);
  gtk_widget_set_valign (self->position, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->position, "numeric");
  gtk_box_append (GTK_BOX (status_row), self->position);
  self->zoom = gtk_inscription_new (NULL);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (self->zoom), 6);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (self->zoom), 6);
  gtk_widget_set_name (self->zoom, "zoom");
  gtk_inscription_set_xalign (GTK_INSCRIPTION (self->zoom), 1);
  gtk_widget_set_valign (self->zoom, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->zoom, "numeric");
  gtk_widget_set_margin_end (self->zoom, 6);
  gtk_box_append (GTK_BOX (status_row), self->zoom);
  gtk_box_append (GTK_BOX (column), status_row);
  g_signal_connect_swapped (self->canvas, "pointer-changed", G_CALLBACK (update_position), self);
  g_signal_connect_swapped (self->canvas, "notify::zoom", G_CALLBACK (update_zoom), self);
  update_zoom (self);
  gtk_paned_set_start_child (GTK_PANED (paned), column);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), TRUE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);

  /* Side bar */
  self->notebook = gtk_notebook_new ();
  gtk_widget_set_size_request (self->notebook, 300, -1);
  self->inspector_title = gtk_label_new ("");
  gtk_label_set_xalign (GTK_LABEL (self->inspector_title), 0);
  gtk_widget_add_css_class (self->inspector_title, "heading");
  gtk_box_append (GTK_BOX (inspector_box), self->inspector_title);
  self->inspector = TSR_PROPERTY_INSPECTOR (tsr_property_inspector_new ());
  gtk_box_append (GTK_BOX (inspector_box), GTK_WIDGET (self->inspector));
  self->resize_box = build_resize (self);
  gtk_box_append (GTK_BOX (inspector_box), self->resize_box);
  gtk_widget_set_margin_start (inspector_box, 8);
  gtk_widget_set_margin_end (inspector_box, 8);
  gtk_widget_set_margin_top (inspector_box, 8);
  side_page (self, inspector_box, "inspector", _("Inspector"));
  for (guint c = 0; c < TSR_DOOM2D_N_CATEGORIES; c++)
    {
      self->category_checks[c] = gtk_check_button_new_with_label (_(category_labels[c]));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->category_checks[c]), TRUE);
      g_signal_connect (self->category_checks[c], "toggled", G_CALLBACK (on_category_toggled), self);
      gtk_box_append (GTK_BOX (layers_box), self->category_checks[c]);
    }
  gtk_widget_set_margin_start (layers_box, 8);
  gtk_widget_set_margin_top (layers_box, 8);
  side_page (self, layers_box, "layers", _("Layers"));
  self->findings = TSR_FINDINGS_VIEW (tsr_findings_view_new ());
  g_object_set (self->findings, "activatable", TRUE, NULL);
  g_signal_connect (self->findings, "finding-activated", G_CALLBACK (on_finding_activated), self);
  g_signal_connect (self->findings, "collect-findings", G_CALLBACK (on_collect_findings), self);
  side_page (self, GTK_WIDGET (self->findings), "problems", _("Map Check"));
  self->history = tsr_history_view_new ();
  side_page (self, self->history, "history", _("History"));
  {
    GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

    /* The overview above the side bar's pages; it hides itself while the whole map fits. */
    self->minimap = TSR_MINIMAP (tsr_minimap_new ());
    tsr_minimap_set_canvas (self->minimap, self->canvas);
    gtk_widget_set_margin_top (GTK_WIDGET (self->minimap), 6);
    gtk_widget_set_halign (GTK_WIDGET (self->minimap), GTK_ALIGN_CENTER);
    gtk_box_append (GTK_BOX (side), GTK_WIDGET (self->minimap));
    gtk_widget_set_vexpand (self->notebook, TRUE);
    gtk_box_append (GTK_BOX (side), self->notebook);
    gtk_paned_set_end_child (GTK_PANED (paned), side);
  }
  gtk_paned_set_resize_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (self->root), paned);
}

static void
tsr_doom2d_map_page_page_set_document (TsrEditorPage *page,
                                       TsrDocument   *document)
{
  tsr_doom2d_map_page_set_document (TSR_DOOM2D_MAP_PAGE (page),
                                    document != NULL ? TSR_DOOM2D_DOCUMENT (document) : NULL);
}

/* The game data folders changed: the layers (and their texture cache) are made again over the
 * same document, the view kept where it was. */
static void
tsr_doom2d_map_page_page_reload_resources (TsrEditorPage *page)
{
  TsrDoom2dMapPage *self = TSR_DOOM2D_MAP_PAGE (page);
  g_autoptr(TsrDoom2dDocument) keep = self->document != NULL ? g_object_ref (self->document) : NULL;
  TsrMapViewport view;

  if (keep == NULL)
    return;
  tsr_map_canvas_get_viewport (self->canvas, &view);
  tsr_doom2d_map_page_set_document (self, NULL);
  tsr_doom2d_map_page_set_document (self, keep);
  if (self->fit_tick != 0 && view.width > 0 && view.zoom > 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->canvas), self->fit_tick);
      self->fit_tick = 0;
      tsr_map_canvas_set_zoom (self->canvas, view.zoom);
      tsr_map_canvas_center_on (self->canvas, view.x + view.width / (2 * view.zoom), view.y + view.height / (2 * view.zoom));
    }
}

static void
tsr_doom2d_map_page_editor_page_init (TsrEditorPageInterface *iface)
{
  iface->set_document = tsr_doom2d_map_page_page_set_document;
  iface->reload_resources = tsr_doom2d_map_page_page_reload_resources;
}

static void
tsr_doom2d_map_page_dispose (GObject *object)
{
  TsrDoom2dMapPage *self = TSR_DOOM2D_MAP_PAGE (object);

  if (self->canvas != NULL)
    clear_document (self);
  forget_window (self);
  g_clear_pointer (&self->root, gtk_widget_unparent);
  self->canvas = NULL;
  for (guint p = 0; p < N_PALETTES; p++)
    g_clear_pointer (&self->palettes[p].values, g_array_unref);
  g_clear_pointer (&self->thumbnails, g_ptr_array_unref);
  G_OBJECT_CLASS (tsr_doom2d_map_page_parent_class)->dispose (object);
}

/* doom2d.mode (i): the mode whose button is sensitive (Pick Target needs one trigger selected). */
static void
mode_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TsrDoom2dMapPage *self = TSR_DOOM2D_MAP_PAGE (widget);
  gint32 mode = g_variant_get_int32 (parameter);

  if (self->tool != NULL && mode >= 0 && mode < N_MODES && gtk_widget_get_sensitive (self->mode_buttons[mode]))
    tsr_doom2d_tool_set_mode (TSR_DOOM2D_TOOL (self->tool), mode);
}

/* doom2d.turn: new monsters face the other way (the palette's toggles follow). */
static void
turn_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TsrDoom2dMapPage *self = TSR_DOOM2D_MAP_PAGE (widget);
  TsrDoom2dThingPalette *monsters = self->palettes[PALETTE_MONSTER].things;

  tsr_doom2d_thing_palette_set_direction (monsters, tsr_doom2d_thing_palette_get_direction (monsters) == TSR_DOOM2D_DIR_LEFT
                                                      ? TSR_DOOM2D_DIR_RIGHT : TSR_DOOM2D_DIR_LEFT);
}

static void
tsr_doom2d_map_page_class_init (TsrDoom2dMapPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  /* Letters as the Marathon editor's and Tiled's tool keys. Class bindings run in the bubble
   * phase: an entry of the inspector keeps its letters. */
  static const struct { guint key; TsrDoom2dToolMode mode; } mode_keys[] = {
    { GDK_KEY_s, TSR_DOOM2D_TOOL_SELECT }, { GDK_KEY_m, TSR_DOOM2D_TOOL_MOVE },
    { GDK_KEY_p, TSR_DOOM2D_TOOL_PANEL },  { GDK_KEY_t, TSR_DOOM2D_TOOL_TRIGGER },
    { GDK_KEY_i, TSR_DOOM2D_TOOL_ITEM },   { GDK_KEY_o, TSR_DOOM2D_TOOL_MONSTER },
    { GDK_KEY_a, TSR_DOOM2D_TOOL_AREA },   { GDK_KEY_k, TSR_DOOM2D_TOOL_PICK_TARGET },
  };

  G_OBJECT_CLASS (klass)->dispose = tsr_doom2d_map_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_install_action (widget_class, "doom2d.mode", "i", mode_action);
  gtk_widget_class_install_action (widget_class, "doom2d.turn", NULL, turn_action);
  for (guint i = 0; i < G_N_ELEMENTS (mode_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, mode_keys[i].key, 0, "doom2d.mode", "i", (gint32) mode_keys[i].mode);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "doom2d.turn", NULL);
}

static void
tsr_doom2d_map_page_init (TsrDoom2dMapPage *self)
{
  self->thumbnails = g_ptr_array_new_with_free_func (thumbnail_free);
  build (self);
}

TsrMapCanvas *
tsr_doom2d_map_page_get_canvas (TsrDoom2dMapPage *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), NULL);
  return self->canvas;
}

TsrDoom2dTool *
tsr_doom2d_map_page_get_tool (TsrDoom2dMapPage *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), NULL);
  return self->tool != NULL ? TSR_DOOM2D_TOOL (self->tool) : NULL;
}

TsrEditSession *
tsr_doom2d_map_page_get_session (TsrDoom2dMapPage *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), NULL);
  return self->session;
}

TsrPropertyInspector *
tsr_doom2d_map_page_get_inspector (TsrDoom2dMapPage *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), NULL);
  return self->inspector;
}

gboolean
tsr_doom2d_map_page_is_animating (TsrDoom2dMapPage *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), FALSE);
  return self->animation_tick != 0;
}

TsrDoom2dPanelLayer *
tsr_doom2d_map_page_get_panel_layer (TsrDoom2dMapPage *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), NULL);
  return self->layers.panels;
}

TsrMinimap *
tsr_doom2d_map_page_get_minimap (TsrDoom2dMapPage *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), NULL);
  return self->minimap;
}

TsrFindingsView *
tsr_doom2d_map_page_get_findings (TsrDoom2dMapPage *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), NULL);
  return self->findings;
}

GtkWidget *
tsr_doom2d_map_page_get_mode_button (TsrDoom2dMapPage *self,
                                     TsrDoom2dToolMode mode)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), NULL);
  g_return_val_if_fail (mode < N_MODES, NULL);
  return self->mode_buttons[mode];
}

GtkWidget *
tsr_doom2d_map_page_get_dropdown (TsrDoom2dMapPage *self,
                                  const char       *name)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), NULL);
  if (g_strcmp0 (name, "grid") == 0)
    return self->grid_dropdown;
  if (g_strcmp0 (name, "texture") == 0)
    return self->texture_dropdown;
  if (g_strcmp0 (name, "map") == 0)
    return self->map_dropdown;
  if (g_strcmp0 (name, "add-texture") == 0)
    return self->texture_picker;
  for (guint p = 0; p < N_PALETTES; p++)
    if (g_strcmp0 (self->palettes[p].name, name) == 0)
      return self->palettes[p].dropdown;
  return NULL;
}

GtkWidget *
tsr_doom2d_map_page_get_category_check (TsrDoom2dMapPage  *self,
                                        TsrDoom2dCategory  category)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self), NULL);
  g_return_val_if_fail (category < TSR_DOOM2D_N_CATEGORIES, NULL);
  return self->category_checks[category];
}

void
tsr_doom2d_map_page_show_page (TsrDoom2dMapPage *self,
                               const char       *name)
{
  g_return_if_fail (TSR_IS_DOOM2D_MAP_PAGE (self));
  for (int i = 0; i < gtk_notebook_get_n_pages (GTK_NOTEBOOK (self->notebook)); i++)
    if (g_strcmp0 (gtk_widget_get_name (gtk_notebook_get_nth_page (GTK_NOTEBOOK (self->notebook), i)), name) == 0)
      gtk_notebook_set_current_page (GTK_NOTEBOOK (self->notebook), i);
}
