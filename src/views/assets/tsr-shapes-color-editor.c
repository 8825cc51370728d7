/* tsr-shapes-color-editor.c: one row per entry, rebuilt when the table shown changes and
 * refilled (without rebuilding) when the document says the table record was replaced (an edit,
 * its undo, an import). Typed colours keep a component's 16-bit value when its 8-bit form is
 * unchanged, so retyping the colour shown is no edit. */
#include "config.h"

#include "views/assets/tsr-shapes-color-editor.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "views/assets/tsr-asset-preview.h"

struct _TsrShapesColorEditor {
  GtkWidget          parent_instance;
  TsrShapesDocument *document;
  gulong             changed_id;
  guint              collection, version, table;

  GtkWidget         *content;
  GtkWidget         *import_button;
  GtkLabel          *status_label;
  GtkListBox        *list;
  GPtrArray         *entries;   /* GtkEntry per table entry */
  GPtrArray         *checks;    /* GtkCheckButton per table entry */
  GPtrArray         *swatches;  /* GtkDrawingArea per table entry */
  gboolean           updating;
};

G_DEFINE_FINAL_TYPE (TsrShapesColorEditor, tsr_shapes_color_editor, GTK_TYPE_WIDGET)

static const TsrShapesColorTable *
current_table (TsrShapesColorEditor *self)
{
  const TsrShapesCollection *collection;

  if (self->document == NULL)
    return NULL;
  collection = tsr_shapes_document_get_collection (self->document, self->collection, self->version);
  if (collection == NULL || self->table >= collection->color_tables->len)
    return NULL;
  return g_ptr_array_index (collection->color_tables, self->table);
}

static guint8
to_8 (guint16 value)
{
  return (guint8) ((value * 255u + 32767u) / 65535u);
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  TsrShapesColorEditor *self = user_data;
  const TsrShapesColorTable *table = current_table (self);
  guint entry = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "tsr-entry"));
  const TsrShapesColor *color;

  if (table == NULL || entry >= table->count)
    return;
  color = &table->colors[entry];
  cairo_set_source_rgb (cr, color->red / 65535.0, color->green / 65535.0, color->blue / 65535.0);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* Puts the table's values into the rows. */
static void
fill_rows (TsrShapesColorEditor *self)
{
  const TsrShapesColorTable *table = current_table (self);

  self->updating = TRUE;
  for (guint e = 0; table != NULL && e < table->count && e < self->entries->len; e++)
    {
      const TsrShapesColor *color = &table->colors[e];
      g_autofree char *hex = g_strdup_printf ("#%02x%02x%02x", to_8 (color->red), to_8 (color->green), to_8 (color->blue));

      gtk_editable_set_text (GTK_EDITABLE (self->entries->pdata[e]), hex);
      gtk_check_button_set_active (self->checks->pdata[e], (color->flags & TSR_SHAPES_COLOR_SELF_LUMINOUS) != 0);
      gtk_widget_queue_draw (self->swatches->pdata[e]);
    }
  self->updating = FALSE;
}

static void
report (TsrShapesColorEditor *self,
        const GError         *error)
{
  gtk_label_set_text (self->status_label, error != NULL ? error->message : "");
}

/* A typed "#rrggbb" or "rrggbb". */
static gboolean
parse_hex (const char *text,
           guint8      rgb[3])
{
  guint64 value;

  if (*text == '#')
    text++;
  if (strlen (text) != 6 || !g_ascii_string_to_unsigned (text, 16, 0, 0xffffff, &value, NULL))
    return FALSE;
  rgb[0] = (guint8) (value >> 16);
  rgb[1] = (guint8) (value >> 8);
  rgb[2] = (guint8) value;
  return TRUE;
}

static void
apply_entry (TsrShapesColorEditor *self,
             guint                 entry)
{
  const TsrShapesColorTable *table = current_table (self);
  g_autoptr(GError) error = NULL;
  const TsrShapesColor *color;
  guint16 components[3];
  guint8 rgb[3];

  if (self->updating || table == NULL || entry >= table->count)
    return;
  color = &table->colors[entry];
  if (!parse_hex (gtk_editable_get_text (GTK_EDITABLE (self->entries->pdata[entry])), rgb))
    {
      gtk_label_set_text (self->status_label, _("A colour is six hexadecimal digits, #rrggbb."));
      fill_rows (self);
      return;
    }
  components[0] = to_8 (color->red) == rgb[0] ? color->red : (guint16) (rgb[0] * 257u);
  components[1] = to_8 (color->green) == rgb[1] ? color->green : (guint16) (rgb[1] * 257u);
  components[2] = to_8 (color->blue) == rgb[2] ? color->blue : (guint16) (rgb[2] * 257u);
  tsr_shapes_document_set_color (self->document, self->collection, self->version, self->table, entry, components[0],
                                 components[1], components[2],
                                 gtk_check_button_get_active (self->checks->pdata[entry]), &error);
  report (self, error);
  if (error != NULL)
    fill_rows (self);
}

static void
on_entry_activate (GtkEntry             *entry,
                   TsrShapesColorEditor *self)
{
  apply_entry (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "tsr-entry")));
}

static void
on_check_toggled (GtkCheckButton       *check,
                  TsrShapesColorEditor *self)
{
  apply_entry (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "tsr-entry")));
}

static void
rebuild_rows (TsrShapesColorEditor *self)
{
  const TsrShapesColorTable *table = current_table (self);
  gboolean editable = self->document != NULL && tsr_shapes_document_get_editable (self->document);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->entries, 0);
  g_ptr_array_set_size (self->checks, 0);
  g_ptr_array_set_size (self->swatches, 0);
  gtk_widget_set_sensitive (self->import_button, editable && table != NULL);
  for (guint e = 0; table != NULL && e < table->count; e++)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      g_autofree char *number = g_strdup_printf ("%u", table->colors[e].value);
      GtkWidget *label = gtk_label_new (number);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *entry = gtk_entry_new ();
      GtkWidget *check = gtk_check_button_new_with_label (_("Self-luminous"));

      gtk_widget_set_margin_start (row, 6);
      gtk_widget_set_margin_end (row, 6);
      gtk_label_set_width_chars (GTK_LABEL (label), 4);
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_set_size_request (swatch, 32, 18);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (swatch), "tsr-entry", GUINT_TO_POINTER (e));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, self, NULL);
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 8);
      gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 8);
      gtk_widget_set_sensitive (entry, editable);
      gtk_widget_set_sensitive (check, editable);
      gtk_widget_set_tooltip_text (check, _("Drawn at full brightness whatever the light"));
      g_object_set_data (G_OBJECT (entry), "tsr-entry", GUINT_TO_POINTER (e));
      g_object_set_data (G_OBJECT (check), "tsr-entry", GUINT_TO_POINTER (e));
      g_signal_connect (entry, "activate", G_CALLBACK (on_entry_activate), self);
      g_signal_connect (check, "toggled", G_CALLBACK (on_check_toggled), self);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), swatch);
      gtk_box_append (GTK_BOX (row), entry);
      gtk_box_append (GTK_BOX (row), check);
      gtk_list_box_append (self->list, row);
      g_ptr_array_add (self->entries, entry);
      g_ptr_array_add (self->checks, check);
      g_ptr_array_add (self->swatches, swatch);
    }
  fill_rows (self);
}

static void
on_shapes_changed (TsrShapesDocument    *document,
                   guint                 collection,
                   guint                 version,
                   guint                 part,
                   guint                 index,
                   TsrShapesColorEditor *self)
{
  if (part == TSR_SHAPES_PART_COLOR_TABLE && collection == self->collection && version == self->version
      && index == self->table)
    fill_rows (self);
}

void
tsr_shapes_color_editor_show (TsrShapesColorEditor *self,
                              TsrShapesDocument    *document,
                              guint                 collection,
                              guint                 version,
                              guint                 table)
{
  g_return_if_fail (TSR_IS_SHAPES_COLOR_EDITOR (self));
  if (self->document != document)
    {
      g_clear_signal_handler (&self->changed_id, self->document);
      g_set_object (&self->document, document);
      if (document != NULL)
        self->changed_id = g_signal_connect (document, "shapes-changed", G_CALLBACK (on_shapes_changed), self);
    }
  self->collection = collection;
  self->version = version;
  self->table = table;
  gtk_label_set_text (self->status_label, document != NULL && current_table (self) == NULL
                                          ? _("This collection has no colour table.") : "");
  rebuild_rows (self);
}

GtkWidget *
tsr_shapes_color_editor_get_entry (TsrShapesColorEditor *self,
                                   guint                 entry)
{
  g_return_val_if_fail (TSR_IS_SHAPES_COLOR_EDITOR (self), NULL);
  return entry < self->entries->len ? self->entries->pdata[entry] : NULL;
}

GtkWidget *
tsr_shapes_color_editor_get_check (TsrShapesColorEditor *self,
                                   guint                 entry)
{
  g_return_val_if_fail (TSR_IS_SHAPES_COLOR_EDITOR (self), NULL);
  return entry < self->checks->len ? self->checks->pdata[entry] : NULL;
}

gboolean
tsr_shapes_color_editor_import_file (TsrShapesColorEditor *self,
                                     GFile                *file,
                                     GError              **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (TSR_IS_SHAPES_COLOR_EDITOR (self), FALSE);
  if (self->document == NULL || path == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "no colour table to import into");
      return FALSE;
    }
  if ((bytes = tsr_file_read (path, error)) == NULL
      || !tsr_shapes_document_import_color_table (self->document, self->collection, self->version, self->table,
                                                  g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), name, error))
    return FALSE;
  text = g_strdup_printf (_("Imported the colours of %s."), name);
  gtk_label_set_text (self->status_label, text);
  return TRUE;
}

gboolean
tsr_shapes_color_editor_export_file (TsrShapesColorEditor *self,
                                     GFile                *file,
                                     GError              **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (TSR_IS_SHAPES_COLOR_EDITOR (self), FALSE);
  if (self->document == NULL || path == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "no colour table to export");
      return FALSE;
    }
  bytes = tsr_shapes_document_export_color_table (self->document, self->collection, self->version, self->table, error);
  if (bytes == NULL || !tsr_file_write_atomic (path, bytes, FALSE, error))
    return FALSE;
  text = g_strdup_printf (_("Wrote %s."), path);
  gtk_label_set_text (self->status_label, text);
  return TRUE;
}

const char *
tsr_shapes_color_editor_get_status (TsrShapesColorEditor *self)
{
  g_return_val_if_fail (TSR_IS_SHAPES_COLOR_EDITOR (self), NULL);
  return gtk_label_get_text (self->status_label);
}

static void
on_palette_chosen (GtkNativeDialog      *dialog,
                   int                   response,
                   TsrShapesColorEditor *self)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_autoptr(GError) error = NULL;
  gboolean import = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (dialog)) == GTK_FILE_CHOOSER_ACTION_OPEN;

  if (response == GTK_RESPONSE_ACCEPT && file != NULL
      && !(import ? tsr_shapes_color_editor_import_file (self, file, &error)
                  : tsr_shapes_color_editor_export_file (self, file, &error)))
    report (self, error);
  tsr_asset_chooser_done (dialog, self);
}

static void
choose_palette (TsrShapesColorEditor *self,
                gboolean              import)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (import ? _("Import GIMP Palette") : _("Export GIMP Palette"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        import ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE,
                                        import ? _("_Import") : _("_Export"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("GIMP palettes"));
  gtk_file_filter_add_pattern (filter, "*.gpl");
  gtk_file_filter_add_pattern (filter, "*.GPL");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  if (!import)
    {
      g_autofree char *name = g_strdup_printf ("collection-%u-table-%u.gpl", self->collection, self->table);

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
    }
  g_signal_connect (dialog, "response", G_CALLBACK (on_palette_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_import_clicked (TsrShapesColorEditor *self)
{
  choose_palette (self, TRUE);
}

static void
on_export_clicked (TsrShapesColorEditor *self)
{
  choose_palette (self, FALSE);
}

static void
tsr_shapes_color_editor_dispose (GObject *object)
{
  TsrShapesColorEditor *self = TSR_SHAPES_COLOR_EDITOR (object);

  g_clear_signal_handler (&self->changed_id, self->document);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_SHAPES_COLOR_EDITOR);
  G_OBJECT_CLASS (tsr_shapes_color_editor_parent_class)->dispose (object);
}

static void
tsr_shapes_color_editor_finalize (GObject *object)
{
  TsrShapesColorEditor *self = TSR_SHAPES_COLOR_EDITOR (object);

  g_ptr_array_unref (self->entries);
  g_ptr_array_unref (self->checks);
  g_ptr_array_unref (self->swatches);
  G_OBJECT_CLASS (tsr_shapes_color_editor_parent_class)->finalize (object);
}

static void
tsr_shapes_color_editor_class_init (TsrShapesColorEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tsr_shapes_color_editor_dispose;
  G_OBJECT_CLASS (klass)->finalize = tsr_shapes_color_editor_finalize;
  tsr_asset_class_set_template (widget_class, "tsr-shapes-color-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrShapesColorEditor, content);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesColorEditor, import_button);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesColorEditor, status_label);
  gtk_widget_class_bind_template_child (widget_class, TsrShapesColorEditor, list);
  gtk_widget_class_bind_template_callback (widget_class, on_import_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_export_clicked);
}

static void
tsr_shapes_color_editor_init (TsrShapesColorEditor *self)
{
  self->entries = g_ptr_array_new ();
  self->checks = g_ptr_array_new ();
  self->swatches = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}
