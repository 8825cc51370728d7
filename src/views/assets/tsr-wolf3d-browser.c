/* tsr-wolf3d-browser.c: one flow box of thumbnails per kind of picture, filled from the codec's
 * asset list when a document is set (the whole shareware set decodes in a few tens of
 * milliseconds, so no background work); the preview decodes the chosen picture again through
 * tsr_wolf3d_set_decode_asset, the function extract writes with, so what is shown and exported is
 * what `tessera-cli extract` writes. */
#include "config.h"

#include "views/assets/tsr-wolf3d-browser.h"

#include <glib/gi18n.h>

#include "core/tsr-error.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "views/assets/tsr-asset-preview.h"
#include "views/tsr-image-texture.h"

#define THUMBNAIL_SIZE 96

static const char *const kind_pages[TSR_WOLF3D_N_ASSET_KINDS] = { "walls", "sprites", "pics", "fonts" };

struct _TsrWolf3dBrowser {
  TsrAssetBrowser  parent_instance;
  TsrDocument     *document;
  GArray          *assets[TSR_WOLF3D_N_ASSET_KINDS];  /* TsrWolf3dAsset per thumbnail, in order */

  GtkStack        *kind_stack;
  GtkWidget       *kind_switcher;
  GtkSpinButton   *zoom_spin;
  GtkWidget       *content;
  GtkWidget       *paned;
  GtkFlowBox      *flows[TSR_WOLF3D_N_ASSET_KINDS];
  GtkLabel        *info_label;
  GtkDrawingArea  *preview;
  GtkLabel        *status_label;

  guint            zoom;
  gboolean         has_open;
  TsrWolf3dAsset   open;
  TsrImage        *image;     /* the open picture (owned) */
  cairo_surface_t *surface;   /* IMAGE for cairo */
};

G_DEFINE_FINAL_TYPE (TsrWolf3dBrowser, tsr_wolf3d_browser, TSR_TYPE_ASSET_BROWSER)

static const TsrWolf3dSet *
current_set (TsrWolf3dBrowser *self)
{
  return self->document != NULL ? tsr_wolf_document_get_set (TSR_WOLF_DOCUMENT (self->document)) : NULL;
}

/* "Sprite 50 · Guard (view 0)": the thumbnail's tooltip and the preview's caption start so. */
static char *
describe_asset (const TsrWolf3dSet *set,
                TsrWolf3dAsset      asset)
{
  g_autofree char *meaning = NULL;

  switch (asset.kind)
    {
    case TSR_WOLF3D_ASSET_WALL:
      meaning = tsr_wolf3d_wall_describe (set->vswap->sprite_start, asset.index);
      return g_strdup_printf (_("Wall page %u · %s"), asset.index, meaning);
    case TSR_WOLF3D_ASSET_SPRITE:
      meaning = tsr_wolf3d_sprite_describe (set->game, asset.index);
      if (meaning == NULL)
        return g_strdup_printf (_("Sprite %u"), asset.index);
      return g_strdup_printf (_("Sprite %u · %s"), asset.index, meaning);
    case TSR_WOLF3D_ASSET_PIC:
      return g_strdup_printf (_("Picture %u"), asset.index);
    case TSR_WOLF3D_ASSET_FONT:
    default:
      return g_strdup_printf (_("Font %u"), asset.index);
    }
}

/* ---- the preview ----------------------------------------------------------------------------- */

static void
update_preview_size (TsrWolf3dBrowser *self)
{
  int width = 0, height = 0;

  if (self->image != NULL)
    {
      width = (int) (self->image->width * self->zoom) + 2 * TSR_ASSET_CHECKER_SIZE;
      height = (int) (self->image->height * self->zoom) + 2 * TSR_ASSET_CHECKER_SIZE;
    }
  gtk_drawing_area_set_content_width (self->preview, width);
  gtk_drawing_area_set_content_height (self->preview, height);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
update_info (TsrWolf3dBrowser *self)
{
  g_autofree char *what = NULL;
  g_autofree char *text = NULL;

  if (!self->has_open || self->image == NULL || current_set (self) == NULL)
    {
      gtk_label_set_text (self->info_label, "");
      return;
    }
  what = describe_asset (current_set (self), self->open);
  text = g_strdup_printf (_("%s · %u×%u at %u:1"), what, self->image->width, self->image->height, self->zoom);
  gtk_label_set_text (self->info_label, text);
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  TsrWolf3dBrowser *self = user_data;

  if (self->surface != NULL)
    tsr_asset_preview_paint (cr, self->surface, TSR_ASSET_CHECKER_SIZE, TSR_ASSET_CHECKER_SIZE, self->zoom);
}

static void
close_picture (TsrWolf3dBrowser *self)
{
  self->has_open = FALSE;
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  g_clear_pointer (&self->image, tsr_image_free);
  update_preview_size (self);
  update_info (self);
}

static gboolean
open_asset (TsrWolf3dBrowser *self,
            TsrWolf3dAsset    asset)
{
  g_autoptr(GError) error = NULL;
  TsrImage *image;

  close_picture (self);
  if (current_set (self) == NULL)
    return FALSE;
  image = tsr_wolf3d_set_decode_asset (current_set (self), asset, &error);
  if (image == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      return FALSE;
    }
  self->image = image;
  self->surface = tsr_image_cairo_surface_new (image);
  self->open = asset;
  self->has_open = TRUE;
  update_preview_size (self);
  update_info (self);
  return TRUE;
}

/* ---- the thumbnails -------------------------------------------------------------------------- */

static GtkWidget *
thumbnail (const TsrWolf3dSet *set,
           TsrWolf3dAsset      asset)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrImage) image = tsr_wolf3d_set_decode_asset (set, asset, &error);
  g_autofree char *number = g_strdup_printf ("%u", asset.index);
  g_autofree char *tooltip = describe_asset (set, asset);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new (number);

  if (image != NULL)
    gtk_box_append (GTK_BOX (frame), tsr_asset_thumbnail_new (image, THUMBNAIL_SIZE, 1));
  else
    gtk_box_append (GTK_BOX (frame), tsr_asset_error_label_new (error->message, 12));
  /* Every cell is a thumbnail's size, so the grid stays even. */
  gtk_widget_set_size_request (frame, THUMBNAIL_SIZE + 4, THUMBNAIL_SIZE + 4);
  gtk_box_append (GTK_BOX (box), frame);
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), label);
  if (asset.kind == TSR_WOLF3D_ASSET_SPRITE)
    {
      /* The object the sprite stands for, under its number. */
      g_autofree char *meaning = tsr_wolf3d_sprite_describe (set->game, asset.index);
      GtkWidget *object = gtk_label_new (meaning != NULL ? meaning : "");

      gtk_label_set_ellipsize (GTK_LABEL (object), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (object), 12);
      gtk_widget_add_css_class (object, "caption");
      gtk_widget_add_css_class (object, "dim-label");
      gtk_box_append (GTK_BOX (box), object);
    }
  gtk_widget_set_tooltip_text (box, tooltip);
  return box;
}

static void
clear_flows (TsrWolf3dBrowser *self)
{
  for (guint k = 0; k < TSR_WOLF3D_N_ASSET_KINDS; k++)
    {
      tsr_asset_remove_children (GTK_WIDGET (self->flows[k]));
      g_clear_pointer (&self->assets[k], g_array_unref);
    }
}

static void
fill_flows (TsrWolf3dBrowser   *self,
            const TsrWolf3dSet *set)
{
  g_autoptr(GArray) assets = tsr_wolf3d_set_list_assets (set);
  g_autofree char *status = NULL;

  for (guint k = 0; k < TSR_WOLF3D_N_ASSET_KINDS; k++)
    self->assets[k] = g_array_new (FALSE, FALSE, sizeof (TsrWolf3dAsset));
  for (guint i = 0; i < assets->len; i++)
    {
      TsrWolf3dAsset asset = g_array_index (assets, TsrWolf3dAsset, i);

      g_array_append_val (self->assets[asset.kind], asset);
      gtk_flow_box_insert (self->flows[asset.kind], thumbnail (set, asset), -1);
    }
  status = g_strdup_printf (_("%u walls, %u sprites, %u pictures, %u fonts · %s"),
                            self->assets[TSR_WOLF3D_ASSET_WALL]->len, self->assets[TSR_WOLF3D_ASSET_SPRITE]->len,
                            self->assets[TSR_WOLF3D_ASSET_PIC]->len, self->assets[TSR_WOLF3D_ASSET_FONT]->len,
                            set->version);
  gtk_label_set_text (self->status_label, status);
}

static TsrWolf3dAssetKind
visible_kind (TsrWolf3dBrowser *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->kind_stack);

  for (guint k = 0; k < TSR_WOLF3D_N_ASSET_KINDS; k++)
    if (g_strcmp0 (name, kind_pages[k]) == 0)
      return (TsrWolf3dAssetKind) k;
  return TSR_WOLF3D_ASSET_WALL;
}

/* Opens the selected thumbnail of the kind shown, or nothing when none is selected there. */
static void
open_selected (TsrWolf3dBrowser *self)
{
  TsrWolf3dAssetKind kind = visible_kind (self);
  g_autoptr(GList) selected = gtk_flow_box_get_selected_children (self->flows[kind]);
  int position;

  if (selected == NULL || self->assets[kind] == NULL)
    {
      close_picture (self);
      return;
    }
  position = gtk_flow_box_child_get_index (selected->data);
  if (position < 0 || (guint) position >= self->assets[kind]->len)
    {
      close_picture (self);
      return;
    }
  open_asset (self, g_array_index (self->assets[kind], TsrWolf3dAsset, (guint) position));
}

static void
on_selection_changed (TsrWolf3dBrowser *self)
{
  open_selected (self);
}

static void
on_kind_changed (TsrWolf3dBrowser *self)
{
  open_selected (self);
}

/* Activating a thumbnail (double click, Enter) shows it at 1:1. */
static void
on_child_activated (TsrWolf3dBrowser *self)
{
  tsr_wolf3d_browser_set_zoom (self, 1);
  open_selected (self);
}

static void
on_zoom_changed (TsrWolf3dBrowser *self)
{
  tsr_wolf3d_browser_set_zoom (self, (guint) gtk_spin_button_get_value_as_int (self->zoom_spin));
}

/* ---- export ---------------------------------------------------------------------------------- */

gboolean
tsr_wolf3d_browser_export_selection (TsrWolf3dBrowser *self,
                                     GFile            *file,
                                     GError          **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = NULL;

  g_return_val_if_fail (TSR_IS_WOLF3D_BROWSER (self), FALSE);
  if (!self->has_open || self->image == NULL || path == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "no picture chosen to export");
      return FALSE;
    }
  if (!tsr_image_save_png (self->image, path, error))
    return FALSE;
  text = g_strdup_printf (_("Wrote %s."), path);
  gtk_label_set_text (self->status_label, text);
  return TRUE;
}

gboolean
tsr_wolf3d_browser_export_all (TsrWolf3dBrowser *self,
                              GFile            *folder,
                              GError          **error)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_BROWSER (self), FALSE);
  return tsr_asset_export_all (self->document, folder, self->status_label, error);
}

static void
on_export_chosen (GtkNativeDialog  *dialog,
                  int               response,
                  TsrWolf3dBrowser *self)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_autoptr(GError) error = NULL;
  gboolean all = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "tsr-all"));

  if (response == GTK_RESPONSE_ACCEPT && file != NULL
      && !(all ? tsr_wolf3d_browser_export_all (self, file, &error) : tsr_wolf3d_browser_export_selection (self, file, &error)))
    gtk_label_set_text (self->status_label, error->message);
  tsr_asset_chooser_done (dialog, self);
}

static void
choose_export (TsrWolf3dBrowser *self,
               gboolean          all)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog;

  if (!all && !self->has_open)
    {
      gtk_label_set_text (self->status_label, _("Choose a picture to export first."));
      return;
    }
  dialog = gtk_file_chooser_native_new (all ? _("Export All as PNG") : _("Export PNG"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        all ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  if (!all)
    {
      g_autofree char *name = tsr_wolf3d_asset_file_name (self->open);

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
    }
  g_object_set_data (G_OBJECT (dialog), "tsr-all", GINT_TO_POINTER (all));
  tsr_asset_chooser_show (dialog, G_CALLBACK (on_export_chosen), self);
}

static void
on_export_clicked (TsrWolf3dBrowser *self)
{
  choose_export (self, FALSE);
}

static void
on_export_all_clicked (TsrWolf3dBrowser *self)
{
  choose_export (self, TRUE);
}

/* ---- public ---------------------------------------------------------------------------------- */

gboolean
tsr_wolf3d_browser_accepts (TsrDocument *document)
{
  const TsrWolf3dSet *set;

  if (!TSR_IS_WOLF_DOCUMENT (document))
    return FALSE;
  set = tsr_wolf_document_get_set (TSR_WOLF_DOCUMENT (document));
  return set->main_kind == TSR_WOLF3D_FILE_VSWAP || set->main_kind == TSR_WOLF3D_FILE_VGAHEAD
         || set->main_kind == TSR_WOLF3D_FILE_VGADICT || set->main_kind == TSR_WOLF3D_FILE_VGAGRAPH;
}

void
tsr_wolf3d_browser_set_document (TsrWolf3dBrowser *self,
                                 TsrDocument      *document)
{
  g_return_if_fail (TSR_IS_WOLF3D_BROWSER (self));
  g_return_if_fail (document == NULL || TSR_IS_WOLF_DOCUMENT (document));
  if (self->document == document)
    return;
  close_picture (self);
  clear_flows (self);
  g_set_object (&self->document, document);
  gtk_label_set_text (self->status_label, "");
  if (document == NULL)
    return;
  fill_flows (self, tsr_wolf_document_get_set (TSR_WOLF_DOCUMENT (document)));
  /* Open on the first kind the set has (the VGA files alone have no walls). */
  for (guint k = 0; k < TSR_WOLF3D_N_ASSET_KINDS; k++)
    if (self->assets[k]->len > 0)
      {
        tsr_wolf3d_browser_select (self, (TsrWolf3dAssetKind) k, 0);
        break;
      }
}

guint
tsr_wolf3d_browser_get_n_items (TsrWolf3dBrowser   *self,
                                TsrWolf3dAssetKind  kind)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_BROWSER (self), 0);
  g_return_val_if_fail (kind < TSR_WOLF3D_N_ASSET_KINDS, 0);
  return self->assets[kind] != NULL ? self->assets[kind]->len : 0;
}

TsrWolf3dAssetKind
tsr_wolf3d_browser_get_kind (TsrWolf3dBrowser *self)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_BROWSER (self), TSR_WOLF3D_ASSET_WALL);
  return visible_kind (self);
}

gboolean
tsr_wolf3d_browser_select (TsrWolf3dBrowser   *self,
                           TsrWolf3dAssetKind  kind,
                           guint               position)
{
  GtkFlowBoxChild *child;

  g_return_val_if_fail (TSR_IS_WOLF3D_BROWSER (self), FALSE);
  g_return_val_if_fail (kind < TSR_WOLF3D_N_ASSET_KINDS, FALSE);
  if (position >= tsr_wolf3d_browser_get_n_items (self, kind))
    return FALSE;
  child = gtk_flow_box_get_child_at_index (self->flows[kind], (int) position);
  gtk_stack_set_visible_child_name (self->kind_stack, kind_pages[kind]);
  gtk_flow_box_select_child (self->flows[kind], child);
  open_selected (self);
  return self->has_open;
}

gboolean
tsr_wolf3d_browser_get_open (TsrWolf3dBrowser *self,
                             TsrWolf3dAsset   *asset)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_BROWSER (self), FALSE);
  if (self->has_open && asset != NULL)
    *asset = self->open;
  return self->has_open;
}

void
tsr_wolf3d_browser_set_zoom (TsrWolf3dBrowser *self,
                             guint             zoom)
{
  g_return_if_fail (TSR_IS_WOLF3D_BROWSER (self));
  zoom = tsr_asset_zoom_sync (self->zoom_spin, zoom);
  if (self->zoom == zoom)
    return;
  self->zoom = zoom;
  update_preview_size (self);
  update_info (self);
}

guint
tsr_wolf3d_browser_get_zoom (TsrWolf3dBrowser *self)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_BROWSER (self), 1);
  return self->zoom;
}

const char *
tsr_wolf3d_browser_get_info (TsrWolf3dBrowser *self)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_BROWSER (self), NULL);
  return gtk_label_get_text (self->info_label);
}

const char *
tsr_wolf3d_browser_get_status (TsrWolf3dBrowser *self)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_BROWSER (self), NULL);
  return gtk_label_get_text (self->status_label);
}

GtkWidget *
tsr_wolf3d_browser_get_preview (TsrWolf3dBrowser *self)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_BROWSER (self), NULL);
  return GTK_WIDGET (self->preview);
}

GtkWidget *
tsr_wolf3d_browser_get_flow (TsrWolf3dBrowser   *self,
                             TsrWolf3dAssetKind  kind)
{
  g_return_val_if_fail (TSR_IS_WOLF3D_BROWSER (self), NULL);
  g_return_val_if_fail (kind < TSR_WOLF3D_N_ASSET_KINDS, NULL);
  return GTK_WIDGET (self->flows[kind]);
}

GtkWidget *
tsr_wolf3d_browser_new (void)
{
  return g_object_new (TSR_TYPE_WOLF3D_BROWSER, NULL);
}

/* ---- the page -------------------------------------------------------------------------------- */

static void
tsr_wolf3d_browser_page_set_document (TsrAssetBrowser *browser,
                                      TsrDocument     *document)
{
  tsr_wolf3d_browser_set_document (TSR_WOLF3D_BROWSER (browser), document);
}

static void
tsr_wolf3d_browser_finalize (GObject *object)
{
  TsrWolf3dBrowser *self = TSR_WOLF3D_BROWSER (object);

  g_clear_pointer (&self->surface, cairo_surface_destroy);
  g_clear_pointer (&self->image, tsr_image_free);
  for (guint k = 0; k < TSR_WOLF3D_N_ASSET_KINDS; k++)
    g_clear_pointer (&self->assets[k], g_array_unref);
  G_OBJECT_CLASS (tsr_wolf3d_browser_parent_class)->finalize (object);
}

static void
tsr_wolf3d_browser_class_init (TsrWolf3dBrowserClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_wolf3d_browser_finalize;
  TSR_ASSET_BROWSER_CLASS (klass)->set_document = tsr_wolf3d_browser_page_set_document;
  tsr_asset_class_set_template (widget_class, "tsr-wolf3d-browser.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrWolf3dBrowser, kind_stack);
  gtk_widget_class_bind_template_child (widget_class, TsrWolf3dBrowser, kind_switcher);
  gtk_widget_class_bind_template_child (widget_class, TsrWolf3dBrowser, zoom_spin);
  tsr_asset_browser_class_bind_note (widget_class);
  gtk_widget_class_bind_template_child (widget_class, TsrWolf3dBrowser, content);
  gtk_widget_class_bind_template_child (widget_class, TsrWolf3dBrowser, paned);
  gtk_widget_class_bind_template_child_full (widget_class, "wall_flow", FALSE,
                                             G_STRUCT_OFFSET (TsrWolf3dBrowser, flows[TSR_WOLF3D_ASSET_WALL]));
  gtk_widget_class_bind_template_child_full (widget_class, "sprite_flow", FALSE,
                                             G_STRUCT_OFFSET (TsrWolf3dBrowser, flows[TSR_WOLF3D_ASSET_SPRITE]));
  gtk_widget_class_bind_template_child_full (widget_class, "pic_flow", FALSE,
                                             G_STRUCT_OFFSET (TsrWolf3dBrowser, flows[TSR_WOLF3D_ASSET_PIC]));
  gtk_widget_class_bind_template_child_full (widget_class, "font_flow", FALSE,
                                             G_STRUCT_OFFSET (TsrWolf3dBrowser, flows[TSR_WOLF3D_ASSET_FONT]));
  gtk_widget_class_bind_template_child (widget_class, TsrWolf3dBrowser, info_label);
  gtk_widget_class_bind_template_child (widget_class, TsrWolf3dBrowser, preview);
  gtk_widget_class_bind_template_child (widget_class, TsrWolf3dBrowser, status_label);
  gtk_widget_class_bind_template_callback (widget_class, on_selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_child_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_kind_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_export_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_export_all_clicked);
}

static void
tsr_wolf3d_browser_init (TsrWolf3dBrowser *self)
{
  self->zoom = 1;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
}
