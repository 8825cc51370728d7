/* tsr-tileset-editor.c: see the header. Built in code: the page is a grid, a pixel editor and a
 * few fields, all rebuilt from the document on "tileset-changed". */
#include "views/sphere/tsr-tileset-editor.h"

#include <glib/gi18n.h>
#include <math.h>

#include "formats/sphere/tsr-sphere-string.h"
#include "formats/sphere/tsr-sphere-tsx.h"
#include "model/sphere/tsr-sphere-tileset-edit.h"
#include "model/tsr-undo-stack.h"
#include "views/assets/tsr-asset-preview.h"
#include "views/tsr-editor-page.h"
#include "views/tsr-image-texture.h"
#include "views/tsr-pixel-editor.h"

#define GRID_COLUMNS 8
#define GRID_GAP     2
/* Sphere's map engine counts tile delays in its frames; the preview plays them at 60 a second,
 * the rate most games pass to MapEngine (the rate is the script's choice, not the file's). */
#define PREVIEW_FPS  60

struct _TsrTilesetEditor {
  GtkBox             parent_instance;
  TsrSphereDocument *document;
  gulong             changed_handler;
  guint              current;
  guint              shown;         /* the tile the preview shows */
  guint              play_source;
  gboolean           syncing;
  GtkWidget         *grid;          /* GtkDrawingArea of all tiles */
  TsrPixelEditor    *pixels;
  GtkWidget         *name_entry;
  GtkWidget         *animated_check;
  GtkWidget         *next_spin;
  GtkWidget         *delay_spin;
  GtkWidget         *snap_spin;
  GtkWidget         *play_button;
  GtkWidget         *preview;
  GtkLabel          *info_label;
};

static void tsr_tileset_editor_page_init (TsrEditorPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrTilesetEditor, tsr_tileset_editor, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_EDITOR_PAGE, tsr_tileset_editor_page_init))

gboolean
tsr_tileset_editor_accepts (TsrDocument *document)
{
  return TSR_IS_SPHERE_DOCUMENT (document) && g_strcmp0 (tsr_document_get_format_id (document), "sphere-rts") == 0;
}

static const TsrSphereTileset *
tileset_of (TsrTilesetEditor *self)
{
  return self->document != NULL ? tsr_sphere_document_get_edited_tileset (self->document) : NULL;
}

static const TsrSphereTile *
current_tile (TsrTilesetEditor *self)
{
  const TsrSphereTileset *tileset = tileset_of (self);

  if (tileset == NULL || self->current >= tileset->tiles->len)
    return NULL;
  return g_ptr_array_index (tileset->tiles, self->current);
}

static void
show_error (TsrTilesetEditor *self,
            GError           *error)
{
  if (error != NULL)
    gtk_label_set_text (self->info_label, error->message);
}

static guint
grid_cell (TsrTilesetEditor *self,
           guint            *width,
           guint            *height)
{
  const TsrSphereTileset *tileset = tileset_of (self);
  guint zoom = 1;

  *width = *height = 0;
  if (tileset == NULL)
    return 0;
  /* Small tiles twice as large, so they can be told apart and clicked. */
  if (tileset->tile_width <= 32 && tileset->tile_height <= 32)
    zoom = 2;
  *width = tileset->tile_width * zoom + GRID_GAP;
  *height = tileset->tile_height * zoom + GRID_GAP;
  return zoom;
}

static void
draw_grid (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        data)
{
  TsrTilesetEditor *self = data;
  const TsrSphereTileset *tileset = tileset_of (self);
  guint cell_w, cell_h, zoom = grid_cell (self, &cell_w, &cell_h);

  if (tileset == NULL)
    return;
  for (guint i = 0; i < tileset->tiles->len; i++)
    {
      g_autoptr(TsrImage) image = tsr_sphere_tileset_tile_image (tileset, i);
      cairo_surface_t *surface = tsr_image_cairo_surface_new (image);
      double x = (i % GRID_COLUMNS) * cell_w + GRID_GAP / 2.0, y = (i / GRID_COLUMNS) * cell_h + GRID_GAP / 2.0;

      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
      cairo_rectangle (cr, 0, 0, tileset->tile_width * zoom, tileset->tile_height * zoom);
      cairo_fill (cr);
      cairo_scale (cr, zoom, zoom);
      cairo_set_source_surface (cr, surface, 0, 0);
      cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
      cairo_paint (cr);
      cairo_restore (cr);
      cairo_surface_destroy (surface);
      if (i == self->current)
        {
          cairo_set_source_rgb (cr, 0.2, 0.5, 1.0);
          cairo_set_line_width (cr, 2);
          cairo_rectangle (cr, x - 1, y - 1, tileset->tile_width * zoom + 2, tileset->tile_height * zoom + 2);
          cairo_stroke (cr);
        }
    }
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        data)
{
  TsrTilesetEditor *self = data;
  const TsrSphereTileset *tileset = tileset_of (self);
  g_autoptr(TsrImage) image = NULL;
  cairo_surface_t *surface;

  if (tileset == NULL || self->shown >= tileset->tiles->len)
    return;
  image = tsr_sphere_tileset_tile_image (tileset, self->shown);
  surface = tsr_image_cairo_surface_new (image);
  cairo_scale (cr, (double) width / tileset->tile_width, (double) height / tileset->tile_height);
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_surface_destroy (surface);
}

static void
update_fields (TsrTilesetEditor *self)
{
  const TsrSphereTileset *tileset = tileset_of (self);
  const TsrSphereTile *tile = current_tile (self);
  guint cell_w, cell_h;
  g_autofree char *name = NULL;
  g_autofree char *info = NULL;

  self->syncing = TRUE;
  gtk_widget_set_sensitive (GTK_WIDGET (self), tile != NULL);
  if (tileset != NULL && grid_cell (self, &cell_w, &cell_h) > 0)
    {
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->grid), (int) (GRID_COLUMNS * cell_w));
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->grid),
                                           (int) (((tileset->tiles->len + GRID_COLUMNS - 1) / GRID_COLUMNS) * cell_h));
    }
  if (tile != NULL)
    {
      name = tsr_sphere_string_to_utf8 (tile->name);
      if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->name_entry)), name) != 0)
        gtk_editable_set_text (GTK_EDITABLE (self->name_entry), name);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->animated_check), tile->animated != 0);
      gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->next_spin), 0, MAX (tileset->tiles->len, 1u) - 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->next_spin), tile->next_tile);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->delay_spin), tile->delay);
      gtk_widget_set_sensitive (self->next_spin, tile->animated != 0);
      gtk_widget_set_sensitive (self->delay_spin, tile->animated != 0);
      tsr_pixel_canvas_set_image (tsr_pixel_editor_get_canvas (self->pixels), TSR_DOCUMENT (self->document),
                                  tsr_sphere_document_get_tile_target (), self->document, self->current);
      tsr_pixel_canvas_set_segments (tsr_pixel_editor_get_canvas (self->pixels), tile->segments);
      info = g_strdup_printf (_("Tile %u of %u, %u×%u pixels, %u obstruction segments"), self->current,
                              tileset->tiles->len, tileset->tile_width, tileset->tile_height, tile->segments->len);
      gtk_label_set_text (self->info_label, info);
    }
  if (self->play_source == 0)
    self->shown = self->current;
  tsr_pixel_editor_refresh (self->pixels);
  gtk_widget_queue_draw (self->grid);
  gtk_widget_queue_draw (self->preview);
  self->syncing = FALSE;
}

static void
on_tileset_changed (TsrTilesetEditor *self)
{
  const TsrSphereTileset *tileset = tileset_of (self);

  if (tileset != NULL && self->current >= tileset->tiles->len)
    self->current = tileset->tiles->len - 1;
  update_fields (self);
}

void
tsr_tileset_editor_set_current_tile (TsrTilesetEditor *self,
                                     guint             index)
{
  const TsrSphereTileset *tileset = tileset_of (self);

  if (tileset == NULL || index >= tileset->tiles->len)
    return;
  self->current = index;
  update_fields (self);
}

guint
tsr_tileset_editor_get_current_tile (TsrTilesetEditor *self)
{
  return self->current;
}

guint
tsr_tileset_editor_get_shown_tile (TsrTilesetEditor *self)
{
  return self->shown;
}

static void
on_grid_pressed (GtkGestureClick  *gesture,
                 int               n_press,
                 double            x,
                 double            y,
                 TsrTilesetEditor *self)
{
  guint cell_w, cell_h;

  if (grid_cell (self, &cell_w, &cell_h) == 0 || x < 0 || y < 0 || x >= GRID_COLUMNS * cell_w)
    return;
  tsr_tileset_editor_set_current_tile (self, (guint) (y / cell_h) * GRID_COLUMNS + (guint) (x / cell_w));
}

gboolean
tsr_tileset_editor_tile_point (TsrTilesetEditor *self,
                               guint             index,
                               double           *x,
                               double           *y)
{
  guint cell_w, cell_h;

  if (grid_cell (self, &cell_w, &cell_h) == 0)
    return FALSE;
  *x = (index % GRID_COLUMNS) * cell_w + cell_w / 2.0;
  *y = (index / GRID_COLUMNS) * cell_h + cell_h / 2.0;
  return TRUE;
}

/* Tile list buttons. */

static void
on_add (TsrTilesetEditor *self)
{
  g_autoptr(GError) error = NULL;
  const TsrSphereTileset *tileset = tileset_of (self);

  if (tileset != NULL && tsr_sphere_document_insert_tiles (self->document, tileset->tiles->len, 1, &error))
    tsr_tileset_editor_set_current_tile (self, tileset->tiles->len - 1);
  show_error (self, error);
}

static void
on_insert (TsrTilesetEditor *self)
{
  g_autoptr(GError) error = NULL;

  if (!tsr_sphere_document_insert_tiles (self->document, self->current, 1, &error))
    show_error (self, error);
}

static void
on_duplicate (TsrTilesetEditor *self)
{
  g_autoptr(GError) error = NULL;

  if (tsr_sphere_document_duplicate_tile (self->document, self->current, &error))
    tsr_tileset_editor_set_current_tile (self, self->current + 1);
  show_error (self, error);
}

static void
on_remove (TsrTilesetEditor *self)
{
  g_autoptr(GError) error = NULL;

  if (!tsr_sphere_document_remove_tile (self->document, self->current, &error))
    show_error (self, error);
}

static void
move_by (TsrTilesetEditor *self,
         gint              delta)
{
  g_autoptr(GError) error = NULL;
  const TsrSphereTileset *tileset = tileset_of (self);
  gint64 to = (gint64) self->current + delta;

  if (tileset == NULL || to < 0 || to >= tileset->tiles->len)
    return;
  if (tsr_sphere_document_move_tile (self->document, self->current, (guint) to, &error))
    tsr_tileset_editor_set_current_tile (self, (guint) to);
  show_error (self, error);
}

static void on_move_earlier (TsrTilesetEditor *self) { move_by (self, -1); }
static void on_move_later (TsrTilesetEditor *self) { move_by (self, 1); }

/* Properties. */

static void
on_name_changed (TsrTilesetEditor *self)
{
  g_autoptr(GError) error = NULL;

  if (self->syncing || current_tile (self) == NULL)
    return;
  if (!tsr_sphere_document_set_tile_name (self->document, self->current,
                                          gtk_editable_get_text (GTK_EDITABLE (self->name_entry)), &error))
    show_error (self, error);
}

static void
on_animation_changed (TsrTilesetEditor *self)
{
  g_autoptr(GError) error = NULL;

  if (self->syncing || current_tile (self) == NULL)
    return;
  if (!tsr_sphere_document_set_tile_animation (self->document, self->current,
                                               gtk_check_button_get_active (GTK_CHECK_BUTTON (self->animated_check)),
                                               (guint16) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->next_spin)),
                                               (guint16) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->delay_spin)),
                                               &error))
    show_error (self, error);
}

static void
on_snap_changed (TsrTilesetEditor *self)
{
  tsr_pixel_canvas_set_snap (tsr_pixel_editor_get_canvas (self->pixels),
                             (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->snap_spin)));
}

/* Playback: follows the next-tile links from the current tile, each shown for its delay. */
static gboolean play_step (gpointer data);

static void
schedule_step (TsrTilesetEditor *self)
{
  const TsrSphereTileset *tileset = tileset_of (self);
  const TsrSphereTile *tile;
  guint delay;

  if (tileset == NULL || self->shown >= tileset->tiles->len)
    return;
  tile = g_ptr_array_index (tileset->tiles, self->shown);
  /* As minisphere's tileset_update: a tile that is not animated, or has no delay, stays. */
  if (!tile->animated || tile->delay == 0)
    return;
  delay = tile->delay;
  self->play_source = g_timeout_add (MAX (delay * 1000u / PREVIEW_FPS, 16u), play_step, self);
}

static gboolean
play_step (gpointer data)
{
  TsrTilesetEditor *self = data;
  const TsrSphereTileset *tileset = tileset_of (self);
  const TsrSphereTile *tile;

  self->play_source = 0;
  if (tileset == NULL || self->shown >= tileset->tiles->len)
    return G_SOURCE_REMOVE;
  tile = g_ptr_array_index (tileset->tiles, self->shown);
  if (tile->next_tile < tileset->tiles->len)
    self->shown = tile->next_tile;
  gtk_widget_queue_draw (self->preview);
  schedule_step (self);
  return G_SOURCE_REMOVE;
}

static void
stop_playing (TsrTilesetEditor *self)
{
  g_clear_handle_id (&self->play_source, g_source_remove);
  self->shown = self->current;
  gtk_widget_queue_draw (self->preview);
}

static void
on_play_toggled (TsrTilesetEditor *self)
{
  if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->play_button)))
    {
      self->shown = self->current;
      if (self->play_source == 0)
        schedule_step (self);
    }
  else
    stop_playing (self);
}

/* Obstruction segments drawn on the canvas. */

static void
on_segment_drawn (TsrTilesetEditor *self,
                  gint              x1,
                  gint              y1,
                  gint              x2,
                  gint              y2)
{
  const TsrSphereTile *tile = current_tile (self);
  g_autoptr(GArray) segments = NULL;
  g_autoptr(GError) error = NULL;
  TsrSphereSegment segment = { (guint32) x1, (guint32) y1, (guint32) x2, (guint32) y2 };

  if (tile == NULL)
    return;
  segments = g_array_copy (tile->segments);
  g_array_append_val (segments, segment);
  if (!tsr_sphere_document_set_tile_segments (self->document, self->current, (TsrSphereSegment *) segments->data,
                                              segments->len, &error))
    show_error (self, error);
  /* Each segment drawn is its own step. */
  tsr_undo_stack_break_merge (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)));
}

/* One end of a segment dragged: one undo step per drag. */
static void
on_segment_moved (TsrTilesetEditor *self,
                  gint              index,
                  gboolean          second,
                  gint              x,
                  gint              y)
{
  const TsrSphereTile *tile = current_tile (self);
  g_autoptr(GArray) segments = NULL;
  g_autoptr(GError) error = NULL;
  TsrSphereSegment *segment;

  if (tile == NULL || index < 0 || (guint) index >= tile->segments->len)
    return;
  segments = g_array_copy (tile->segments);
  segment = &g_array_index (segments, TsrSphereSegment, index);
  if (second)
    {
      segment->x2 = (guint32) x;
      segment->y2 = (guint32) y;
    }
  else
    {
      segment->x1 = (guint32) x;
      segment->y1 = (guint32) y;
    }
  if (!tsr_sphere_document_set_tile_segments (self->document, self->current, (TsrSphereSegment *) segments->data,
                                              segments->len, &error))
    show_error (self, error);
  tsr_undo_stack_break_merge (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)));
}

static double
distance_to_segment (const TsrSphereSegment *s,
                     double                  x,
                     double                  y)
{
  double dx = (double) s->x2 - s->x1, dy = (double) s->y2 - s->y1;
  double length = dx * dx + dy * dy;
  double t = length > 0 ? CLAMP (((x - s->x1) * dx + (y - s->y1) * dy) / length, 0, 1) : 0;
  double px = s->x1 + t * dx - x, py = s->y1 + t * dy - y;

  return sqrt (px * px + py * py);
}

static void
on_segment_erase (TsrTilesetEditor *self,
                  gint              x,
                  gint              y)
{
  const TsrSphereTile *tile = current_tile (self);
  g_autoptr(GArray) segments = NULL;
  g_autoptr(GError) error = NULL;
  gint nearest = -1;
  double best = 2.5; /* pixels */

  if (tile == NULL)
    return;
  for (guint i = 0; i < tile->segments->len; i++)
    {
      double d = distance_to_segment (&g_array_index (tile->segments, TsrSphereSegment, i), x + 0.5, y + 0.5);

      if (d <= best)
        {
          best = d;
          nearest = (gint) i;
        }
    }
  if (nearest < 0)
    return;
  segments = g_array_copy (tile->segments);
  g_array_remove_index (segments, (guint) nearest);
  if (!tsr_sphere_document_set_tile_segments (self->document, self->current, (TsrSphereSegment *) segments->data,
                                              segments->len, &error))
    show_error (self, error);
  tsr_undo_stack_break_merge (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)));
}

/* PNG sheets. */

/* A Tiled tileset: its tiles appended after the last one (animations and obstructions with them). */
static gboolean
import_tsx (TsrTilesetEditor *self,
            GFile            *file,
            GError          **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(TsrSphereTileset) imported = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  const TsrSphereTileset *tileset;
  guint count = 0;

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("%s: only local files can be imported"), name);
      return FALSE;
    }
  bytes = g_file_load_bytes (file, NULL, NULL, error);
  if (bytes == NULL)
    return FALSE;
  imported = tsr_sphere_tsx_import (path, bytes, lost, error);
  if (imported == NULL
      || !tsr_sphere_document_append_tileset (self->document, imported, name, &count, error))
    return FALSE;
  g_string_printf (text, ngettext ("Imported %u tile from %s.", "Imported %u tiles from %s.", count), count, name);
  for (guint i = 0; i < lost->len; i++)
    g_string_append_printf (text, "\n%s", (const char *) g_ptr_array_index (lost, i));
  gtk_label_set_text (self->info_label, text->str);
  tileset = tileset_of (self);
  if (tileset != NULL)
    tsr_tileset_editor_set_current_tile (self, tileset->tiles->len - count);
  return TRUE;
}

gboolean
tsr_tileset_editor_import_file (TsrTilesetEditor *self,
                                GFile            *file,
                                GError          **error)
{
  g_autoptr(TsrImage) sheet = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *text = NULL;
  guint count = 0;

  if (g_str_has_suffix (name, ".tsx") || g_str_has_suffix (name, ".TSX"))
    return import_tsx (self, file, error);
  sheet = tsr_asset_load_png (file, error);
  if (sheet == NULL
      || !tsr_sphere_document_import_tile_sheet (self->document, self->current, sheet, name, &count, error))
    return FALSE;
  text = g_strdup_printf (ngettext ("Imported %u tile from %s.", "Imported %u tiles from %s.", count), count, name);
  gtk_label_set_text (self->info_label, text);
  return TRUE;
}

gboolean
tsr_tileset_editor_export_file (TsrTilesetEditor *self,
                                GFile            *file,
                                GError          **error)
{
  const TsrSphereTileset *tileset = tileset_of (self);
  g_autoptr(TsrImage) sheet = NULL;
  g_autofree char *path = g_file_get_path (file);

  if (tileset == NULL || path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("nothing to export"));
      return FALSE;
    }
  sheet = tsr_sphere_tileset_sheet (tileset, GRID_COLUMNS);
  return tsr_image_save_png (sheet, path, error);
}

static void
on_import (TsrTilesetEditor *self)
{
  GtkFileChooserNative *dialog = tsr_asset_png_chooser_new (GTK_WIDGET (self), _("Import PNG Sheet as Tiles"),
                                                           GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"));

  tsr_asset_chooser_run (dialog, self, (TsrAssetFileFunc) tsr_tileset_editor_import_file, self->info_label);
}

static void
on_import_tiled (TsrTilesetEditor *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Import Tiled Tileset"),
                                                              GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Tiled tilesets"));
  gtk_file_filter_add_pattern (filter, "*.tsx");
  gtk_file_filter_add_pattern (filter, "*.TSX");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  tsr_asset_chooser_run (dialog, self, (TsrAssetFileFunc) tsr_tileset_editor_import_file, self->info_label);
}

static void
on_export (TsrTilesetEditor *self)
{
  GtkFileChooserNative *dialog = tsr_asset_png_chooser_new (GTK_WIDGET (self), _("Export Tileset as PNG Sheet"),
                                                           GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"));

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "tileset.png");
  tsr_asset_chooser_run (dialog, self, (TsrAssetFileFunc) tsr_tileset_editor_export_file, self->info_label);
}

/* The page. */

static void
tsr_tileset_editor_set_document (TsrEditorPage *page,
                                 TsrDocument   *document)
{
  TsrTilesetEditor *self = TSR_TILESET_EDITOR (page);

  if (self->document != NULL)
    {
      g_clear_signal_handler (&self->changed_handler, self->document);
      g_clear_object (&self->document);
    }
  g_clear_handle_id (&self->play_source, g_source_remove);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->play_button), FALSE);
  self->current = 0;
  if (TSR_IS_SPHERE_DOCUMENT (document) && tsr_sphere_document_get_edited_tileset (TSR_SPHERE_DOCUMENT (document)) != NULL)
    {
      self->document = g_object_ref (TSR_SPHERE_DOCUMENT (document));
      self->changed_handler = g_signal_connect_swapped (document, "tileset-changed", G_CALLBACK (on_tileset_changed), self);
    }
  else
    tsr_pixel_canvas_set_image (tsr_pixel_editor_get_canvas (self->pixels), NULL, NULL, NULL, 0);
  update_fields (self);
}

static void
tsr_tileset_editor_page_init (TsrEditorPageInterface *iface)
{
  iface->set_document = tsr_tileset_editor_set_document;
}

static void
tsr_tileset_editor_dispose (GObject *object)
{
  TsrTilesetEditor *self = TSR_TILESET_EDITOR (object);

  g_clear_handle_id (&self->play_source, g_source_remove);
  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_handler, self->document);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (tsr_tileset_editor_parent_class)->dispose (object);
}

static void
tsr_tileset_editor_class_init (TsrTilesetEditorClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_tileset_editor_dispose;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "tileset-editor");
}

static GtkWidget *
labelled_button (const char *label,
                 const char *tooltip,
                 GCallback   handler,
                 gpointer    self)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_tooltip_text (button, tooltip);
  g_signal_connect_swapped (button, "clicked", handler, self);
  return button;
}

static GtkWidget *
field (GtkGrid    *grid,
       guint       row,
       const char *label,
       GtkWidget  *widget)
{
  GtkWidget *caption = gtk_label_new_with_mnemonic (label);

  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (caption), widget);
  gtk_grid_attach (grid, caption, 0, (int) row, 1, 1);
  gtk_grid_attach (grid, widget, 1, (int) row, 1, 1);
  return widget;
}

static void
tsr_tileset_editor_init (TsrTilesetEditor *self)
{
  GtkWidget *left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *buttons = gtk_flow_box_new ();
  GtkWidget *properties = gtk_grid_new ();
  GtkWidget *preview_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (self), 8);
  gtk_widget_set_margin_start (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_top (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self), 6);

  self->grid = gtk_drawing_area_new ();
  gtk_widget_set_name (self->grid, "tile-grid");
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->grid), draw_grid, self, NULL);
  gtk_widget_set_halign (self->grid, GTK_ALIGN_START);
  gtk_widget_set_valign (self->grid, GTK_ALIGN_START);
  g_signal_connect (click, "pressed", G_CALLBACK (on_grid_pressed), self);
  gtk_widget_add_controller (self->grid, GTK_EVENT_CONTROLLER (click));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->grid);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (left), scrolled);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 3);
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), labelled_button (_("_Add"), _("Add a tile at the end"), G_CALLBACK (on_add), self));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), labelled_button (_("_Insert"), _("Insert a tile before this one"), G_CALLBACK (on_insert), self));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), labelled_button (_("_Duplicate"), _("Insert a copy of this tile after it"), G_CALLBACK (on_duplicate), self));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), labelled_button (_("_Remove"), _("Remove this tile; the map's cells that show it show tile 0"), G_CALLBACK (on_remove), self));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), labelled_button (_("Move _Earlier"), _("Swap this tile with the one before it; the map keeps its picture"), G_CALLBACK (on_move_earlier), self));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), labelled_button (_("Move _Later"), _("Swap this tile with the one after it; the map keeps its picture"), G_CALLBACK (on_move_later), self));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), labelled_button (_("Import PNG…"), _("Cut a PNG sheet into tiles and insert them before this one"), G_CALLBACK (on_import), self));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), labelled_button (_("Import _Tiled…"), _("Append the tiles of a Tiled tileset (.tsx and its image) with their animations and collision shapes"), G_CALLBACK (on_import_tiled), self));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), labelled_button (_("Export PNG…"), _("Write every tile into one PNG sheet"), G_CALLBACK (on_export), self));
  gtk_box_append (GTK_BOX (left), buttons);
  gtk_box_append (GTK_BOX (self), left);

  self->pixels = TSR_PIXEL_EDITOR (tsr_pixel_editor_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->pixels), TRUE);
  gtk_box_append (GTK_BOX (right), GTK_WIDGET (self->pixels));
  g_signal_connect_swapped (tsr_pixel_editor_get_canvas (self->pixels), "segment-drawn", G_CALLBACK (on_segment_drawn), self);
  g_signal_connect_swapped (tsr_pixel_editor_get_canvas (self->pixels), "segment-erase", G_CALLBACK (on_segment_erase), self);
  g_signal_connect_swapped (tsr_pixel_editor_get_canvas (self->pixels), "segment-moved", G_CALLBACK (on_segment_moved), self);

  gtk_grid_set_row_spacing (GTK_GRID (properties), 4);
  gtk_grid_set_column_spacing (GTK_GRID (properties), 8);
  self->name_entry = field (GTK_GRID (properties), 0, _("_Name"), gtk_entry_new ());
  g_signal_connect_swapped (self->name_entry, "changed", G_CALLBACK (on_name_changed), self);
  self->animated_check = field (GTK_GRID (properties), 1, _("A_nimated"), gtk_check_button_new ());
  g_signal_connect_swapped (self->animated_check, "toggled", G_CALLBACK (on_animation_changed), self);
  self->next_spin = field (GTK_GRID (properties), 2, _("Ne_xt tile"), gtk_spin_button_new_with_range (0, 65535, 1));
  gtk_widget_set_name (self->next_spin, "next-tile");
  g_signal_connect_swapped (self->next_spin, "value-changed", G_CALLBACK (on_animation_changed), self);
  self->delay_spin = field (GTK_GRID (properties), 3, _("_Delay (frames)"), gtk_spin_button_new_with_range (0, 65535, 1));
  gtk_widget_set_name (self->delay_spin, "delay");
  g_signal_connect_swapped (self->delay_spin, "value-changed", G_CALLBACK (on_animation_changed), self);
  self->snap_spin = field (GTK_GRID (properties), 4, _("Segment _snap (pixels)"), gtk_spin_button_new_with_range (1, 64, 1));
  g_signal_connect_swapped (self->snap_spin, "value-changed", G_CALLBACK (on_snap_changed), self);
  gtk_box_append (GTK_BOX (right), properties);

  self->play_button = gtk_toggle_button_new_with_mnemonic (_("_Play Animation"));
  g_signal_connect_swapped (self->play_button, "toggled", G_CALLBACK (on_play_toggled), self);
  self->preview = gtk_drawing_area_new ();
  gtk_widget_set_name (self->preview, "animation-preview");
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->preview), 64);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->preview), 64);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->preview), draw_preview, self, NULL);
  gtk_box_append (GTK_BOX (preview_box), self->play_button);
  gtk_box_append (GTK_BOX (preview_box), self->preview);
  gtk_box_append (GTK_BOX (right), preview_box);
  self->info_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->info_label, 0);
  gtk_label_set_wrap (self->info_label, TRUE);
  gtk_box_append (GTK_BOX (right), GTK_WIDGET (self->info_label));
  gtk_widget_set_hexpand (right, TRUE);
  gtk_box_append (GTK_BOX (self), right);
}

GtkWidget *
tsr_tileset_editor_new (void)
{
  return g_object_new (TSR_TYPE_TILESET_EDITOR, NULL);
}

static gboolean
on_window_undo (GtkWidget *widget,
                GVariant  *arguments,
                gpointer   data)
{
  TsrDocument *document = g_object_get_data (G_OBJECT (widget), "tsr-document");
  TsrUndoStack *stack = tsr_document_get_undo_stack (document);

  return g_variant_get_boolean (arguments) ? tsr_undo_stack_redo (stack) : tsr_undo_stack_undo (stack);
}

GtkWindow *
tsr_tileset_editor_show_window (GtkWindow   *parent,
                                TsrDocument *document)
{
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *editor = tsr_tileset_editor_new ();
  g_autofree char *title = g_strdup_printf (_("Tileset of %s"), tsr_document_get_display_name (document));

  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (window), editor);
  tsr_editor_page_set_document (TSR_EDITOR_PAGE (editor), document);
  /* The map's window holds Undo and Redo; this window answers their keys for the same document. */
  g_object_set_data_full (G_OBJECT (window), "tsr-document", g_object_ref (document), g_object_unref);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
    gtk_shortcut_new_with_arguments (gtk_shortcut_trigger_parse_string ("<Control>z"),
                                     gtk_callback_action_new (on_window_undo, NULL, NULL), "b", FALSE));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
    gtk_shortcut_new_with_arguments (gtk_shortcut_trigger_parse_string ("<Control><Shift>z"),
                                     gtk_callback_action_new (on_window_undo, NULL, NULL), "b", TRUE));
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_widget_add_controller (window, shortcuts);
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}
