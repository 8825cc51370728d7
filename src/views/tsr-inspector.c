/* tsr-inspector.c: the generic document page: format, summary tree, findings (TsrFindingsView),
 * undo history (TsrHistoryView) and preview. */
#include "config.h"

#include "views/tsr-inspector.h"

#include <glib/gi18n.h>
#include <string.h>

#include "views/tsr-findings-view.h"
#include "views/tsr-history-view.h"
#include "views/tsr-image-texture.h"
#include "views/tsr-record-inspector.h"
#include "views/tsr-summary-item.h"

struct _TsrInspector {
  GtkWidget    parent_instance;

  TsrDocument *document;
  guint        refresh_source;
  char        *preview_message_text;
  char        *location_text;

  GtkPaned    *paned;
  GtkLabel    *format_label;
  GtkLabel    *location_label;
  TsrFindingsView *findings_view;
  TsrHistoryView *history_view;
  GtkListView *summary_view;
  GtkSignalListItemFactory *summary_factory;
  GtkStack    *preview_stack;
  GtkDropDown *preview_level;
  int          preview_level_index;  /* -1: the format's default */
  gboolean     filling_levels;
  GtkPicture  *preview_picture;
  GtkLabel    *preview_message;
  gboolean     preview_pending;      /* to draw once the preview is shown (or asked for) */
  GtkExpander *records_expander;
  TsrRecordInspector *records;
};

static void tsr_inspector_editor_page_init (TsrEditorPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrInspector, tsr_inspector, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_EDITOR_PAGE, tsr_inspector_editor_page_init))

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Members the header already shows. */
static const char *const summary_skip[] = { "format", "format_name", NULL };

static GListModel *
tsr_inspector_create_children (gpointer item,
                               gpointer user_data)
{
  return tsr_summary_item_list_children (TSR_SUMMARY_ITEM (item));
}

static void
tsr_inspector_setup_summary_row (GtkSignalListItemFactory *factory,
                                 GtkListItem              *list_item,
                                 gpointer                  user_data)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *key = gtk_label_new (NULL);
  GtkWidget *value = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (key), 0);
  gtk_widget_add_css_class (key, "tsr-summary-key");
  gtk_label_set_xalign (GTK_LABEL (value), 0);
  gtk_label_set_ellipsize (GTK_LABEL (value), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (value, TRUE);
  gtk_box_append (GTK_BOX (box), key);
  gtk_box_append (GTK_BOX (box), value);
  gtk_widget_set_margin_start (box, 4);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (list_item, expander);
  gtk_list_item_set_activatable (list_item, FALSE);
}

static void
tsr_inspector_bind_summary_row (GtkSignalListItemFactory *factory,
                                GtkListItem              *list_item,
                                gpointer                  user_data)
{
  GtkTreeListRow *row = gtk_list_item_get_item (list_item);
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget *key = gtk_widget_get_first_child (box);
  GtkWidget *value = gtk_widget_get_next_sibling (key);
  TsrSummaryItem *item = gtk_tree_list_row_get_item (row);
  g_autofree char *text = tsr_summary_item_dup_value_text (item);
  g_autofree char *key_text = NULL;
  const char *name = tsr_summary_item_get_key (item);

  /* Member names come from codecs as identifiers ("player_starts"); show them as words. */
  key_text = g_strdelimit (g_strdup (name), "_", ' ');
  if (key_text[0] != '\0')
    key_text[0] = g_ascii_toupper (key_text[0]);

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  gtk_label_set_text (GTK_LABEL (key), key_text);
  gtk_label_set_text (GTK_LABEL (value), text);
  gtk_widget_set_tooltip_text (value, text);
  if (tsr_summary_item_has_children (item))
    gtk_widget_add_css_class (value, "dim-label");
  else
    gtk_widget_remove_css_class (value, "dim-label");
  g_object_unref (item);
}

static void
tsr_inspector_unbind_summary_row (GtkSignalListItemFactory *factory,
                                  GtkListItem              *list_item,
                                  gpointer                  user_data)
{
  GtkWidget *expander = gtk_list_item_get_child (list_item);

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), NULL);
}

/* "layers/0": where ROW is in the summary, to keep rows expanded across refreshes. */
static char *
tsr_inspector_dup_row_path (GtkTreeListRow *row)
{
  g_autoptr(GtkTreeListRow) current = g_object_ref (row);
  g_autoptr(GString) path = g_string_new (NULL);

  while (current != NULL)
    {
      g_autoptr(TsrSummaryItem) item = gtk_tree_list_row_get_item (current);
      GtkTreeListRow *parent = gtk_tree_list_row_get_parent (current);

      g_string_prepend (path, tsr_summary_item_get_key (item));
      if (parent != NULL)
        g_string_prepend_c (path, '/');
      g_object_unref (current);
      current = parent;
    }
  return g_string_free (g_steal_pointer (&path), FALSE);
}

static void tsr_inspector_fill_levels (TsrInspector *self,
                                       JsonNode     *description);

static void
tsr_inspector_refresh_summary (TsrInspector *self)
{
  g_autoptr(JsonNode) description = tsr_document_describe (self->document);
  g_autoptr(GListModel) root = NULL;
  g_autoptr(GHashTable) expanded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GtkSelectionModel *old_model = gtk_list_view_get_model (self->summary_view);
  GtkTreeListModel *tree;
  GtkNoSelection *selection;

  tsr_inspector_fill_levels (self, description);
  if (old_model != NULL)
    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (old_model)); i++)
      {
        g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (old_model), i);

        if (gtk_tree_list_row_get_expanded (row))
          g_hash_table_add (expanded, tsr_inspector_dup_row_path (row));
      }

  if (JSON_NODE_HOLDS_OBJECT (description))
    root = tsr_summary_items_from_object (json_node_get_object (description), summary_skip);
  else
    root = G_LIST_MODEL (g_list_store_new (TSR_TYPE_SUMMARY_ITEM));

  tree = gtk_tree_list_model_new (g_steal_pointer (&root), FALSE, FALSE,
                                  tsr_inspector_create_children, NULL, NULL);
  /* Expanding a row inserts its children after it, so this also reaches nested rows. */
  for (guint i = 0; g_hash_table_size (expanded) > 0 && i < g_list_model_get_n_items (G_LIST_MODEL (tree)); i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (tree), i);
      g_autofree char *path = tsr_inspector_dup_row_path (row);

      if (g_hash_table_contains (expanded, path))
        gtk_tree_list_row_set_expanded (row, TRUE);
    }
  selection = gtk_no_selection_new (G_LIST_MODEL (tree));
  gtk_list_view_set_model (self->summary_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
}

/* Files with several levels (a Marathon scenario, a Wolf3D set) get a level chooser above the
 * preview, filled from the description's "levels" array (index and name); the preview draws the
 * chosen level. The choice survives refreshes after edits while the level still exists. */
static void
tsr_inspector_fill_levels (TsrInspector *self,
                           JsonNode     *description)
{
  JsonObject *root = description != NULL && JSON_NODE_HOLDS_OBJECT (description) ? json_node_get_object (description) : NULL;
  JsonArray *levels = root != NULL && json_object_has_member (root, "levels")
                      && JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "levels"))
                      ? json_object_get_array_member (root, "levels") : NULL;
  guint n = levels != NULL ? json_array_get_length (levels) : 0;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  const TsrFormat *format = tsr_document_get_format (self->document);

  if (n < 2 || format->render == NULL)
    {
      self->preview_level_index = -1;
      gtk_widget_set_visible (GTK_WIDGET (self->preview_level), FALSE);
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (levels, i);
      JsonObject *level = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *name = level != NULL && json_object_has_member (level, "name")
                         ? json_object_get_string_member (level, "name") : NULL;
      /* Translators: a level in the preview's chooser, numbered from 1: "5  Never Burn Money". */
      g_autofree char *label = name != NULL && *name != '\0' ? g_strdup_printf (_("%u  %s"), i + 1, name)
                                                              : g_strdup_printf (_("Level %u"), i + 1);

      gtk_string_list_append (names, label);
    }
  if (self->preview_level_index >= (int) n)
    self->preview_level_index = -1;
  self->filling_levels = TRUE;
  gtk_drop_down_set_model (self->preview_level, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->preview_level, self->preview_level_index < 0 ? 0 : (guint) self->preview_level_index);
  self->filling_levels = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->preview_level), TRUE);
}

static void tsr_inspector_refresh_preview (TsrInspector *self);

/* A template callback: the user chose another level. */
static void
tsr_inspector_on_preview_level (TsrInspector *self)
{
  guint selected = gtk_drop_down_get_selected (self->preview_level);

  if (self->filling_levels || self->document == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  self->preview_level_index = (int) selected;
  tsr_inspector_refresh_preview (self);
}

static void
tsr_inspector_set_preview_message (TsrInspector *self,
                                   const char   *message)
{
  g_free (self->preview_message_text);
  self->preview_message_text = g_strdup (message);
  gtk_label_set_text (self->preview_message, message);
  gtk_picture_set_paintable (self->preview_picture, NULL);
  gtk_stack_set_visible_child_name (self->preview_stack, "message");
}

/* Draws the preview now. */
static void
tsr_inspector_draw_preview (TsrInspector *self)
{
  const TsrFormat *format = tsr_document_get_format (self->document);
  TsrRenderOptions options = { .level = self->preview_level_index, .width = 0, .height = 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  TsrImage *image;

  self->preview_pending = FALSE;
  image = format->render (tsr_document_get_format_data (self->document), &options, &error);
  if (image == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The preview could not be drawn: %s"),
                                               error != NULL ? error->message : _("unknown error"));
      tsr_inspector_set_preview_message (self, text);
      return;
    }

  /* Small pictures (a sprite, a tiny map) are enlarged by whole pixels, at most 8 times. */
  texture = tsr_image_texture_take (image, tsr_image_texture_factor (image, 384, 8));
  g_clear_pointer (&self->preview_message_text, g_free);
  gtk_picture_set_paintable (self->preview_picture, GDK_PAINTABLE (texture));
  gtk_stack_set_visible_child_name (self->preview_stack, "image");
}

/* The preview is drawn when it is on screen: a page that embeds the inspector behind a tab (the
 * Marathon map's Summary) would otherwise draw the level (4 MB for m1_Map.scen's first one) when
 * the file opens and again after every edit, unseen. Hidden, a stale picture is let go of. */
static void
tsr_inspector_refresh_preview (TsrInspector *self)
{
  const TsrFormat *format = tsr_document_get_format (self->document);

  /* A file of data tables (Marathon physics) has no picture: the summary and records take the
   * whole page. */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->preview_stack)), format->render != NULL);
  if (format->render == NULL)
    {
      self->preview_pending = FALSE;
      return;
    }
  if (gtk_widget_get_mapped (GTK_WIDGET (self->preview_stack)))
    {
      tsr_inspector_draw_preview (self);
      return;
    }
  self->preview_pending = TRUE;
  gtk_picture_set_paintable (self->preview_picture, NULL);
}

/* The preview came on screen, or is asked for: draw it if it waits. */
static void
tsr_inspector_ensure_preview (TsrInspector *self)
{
  if (self->preview_pending && self->document != NULL)
    tsr_inspector_draw_preview (self);
}

static void
tsr_inspector_refresh (TsrInspector *self)
{
  const TsrFormat *format;
  GFile *file;

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->document == NULL)
    return;

  format = tsr_document_get_format (self->document);
  gtk_label_set_text (self->format_label, _(format->name));
  file = tsr_document_get_file (self->document);
  if (self->location_text != NULL)
    gtk_label_set_text (self->location_label, self->location_text);
  else if (file != NULL)
    {
      g_autofree char *path = g_file_get_path (file);
      gtk_label_set_text (self->location_label, path);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("%s (bundled sample, not saved yet)"),
                                               tsr_document_get_display_name (self->document));
      gtk_label_set_text (self->location_label, text);
    }

  tsr_inspector_refresh_summary (self);
  tsr_inspector_refresh_preview (self);
}

static gboolean
tsr_inspector_refresh_idle (gpointer user_data)
{
  TsrInspector *self = user_data;

  self->refresh_source = 0;
  tsr_inspector_refresh (self);
  return G_SOURCE_REMOVE;
}

/* Strokes come in bursts: refresh once per main-loop turn, not per command. */
static void
tsr_inspector_on_document_changed (TsrInspector *self)
{
  if (self->refresh_source == 0)
    /* Before GDK's layout and redraw, so the change shows in the next frame. */
    self->refresh_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, tsr_inspector_refresh_idle, self, NULL);
}

void
tsr_inspector_set_document (TsrInspector *self,
                            TsrDocument  *document)
{
  g_return_if_fail (TSR_IS_INSPECTOR (self));
  g_return_if_fail (document == NULL || TSR_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (tsr_document_get_undo_stack (self->document), self);
      g_signal_handlers_disconnect_by_data (self->document, self);
    }
  g_set_object (&self->document, document);
  /* The findings view re-validates on its own, once edits pause. */
  tsr_findings_view_set_document (self->findings_view, document);
  tsr_history_view_set_undo_stack (self->history_view, document != NULL ? tsr_document_get_undo_stack (document) : NULL);
  /* Records of formats without an editor page, through the property inspector. */
  gtk_widget_set_visible (GTK_WIDGET (self->records_expander),
                          tsr_record_inspector_set_document (self->records, document));
  self->preview_level_index = -1;
  if (document != NULL)
    {
      g_signal_connect_swapped (tsr_document_get_undo_stack (document), "changed",
                                G_CALLBACK (tsr_inspector_on_document_changed), self);
      g_signal_connect_swapped (document, "notify::file",
                                G_CALLBACK (tsr_inspector_on_document_changed), self);
    }
  tsr_inspector_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

TsrDocument *
tsr_inspector_get_document (TsrInspector *self)
{
  g_return_val_if_fail (TSR_IS_INSPECTOR (self), NULL);
  return self->document;
}

guint
tsr_inspector_get_n_findings_shown (TsrInspector *self)
{
  g_return_val_if_fail (TSR_IS_INSPECTOR (self), 0);
  return tsr_findings_view_get_n_findings (self->findings_view);
}

GListModel *
tsr_inspector_get_summary_model (TsrInspector *self)
{
  g_return_val_if_fail (TSR_IS_INSPECTOR (self), NULL);
  return G_LIST_MODEL (gtk_list_view_get_model (self->summary_view));
}

GdkPaintable *
tsr_inspector_get_preview (TsrInspector *self)
{
  g_return_val_if_fail (TSR_IS_INSPECTOR (self), NULL);
  tsr_inspector_ensure_preview (self);
  return gtk_picture_get_paintable (self->preview_picture);
}

TsrRecordInspector *
tsr_inspector_get_records (TsrInspector *self)
{
  g_return_val_if_fail (TSR_IS_INSPECTOR (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->records_expander)) ? self->records : NULL;
}

const char *
tsr_inspector_get_preview_message (TsrInspector *self)
{
  g_return_val_if_fail (TSR_IS_INSPECTOR (self), NULL);
  tsr_inspector_ensure_preview (self);
  return self->preview_message_text;
}

void
tsr_inspector_set_location_text (TsrInspector *self,
                                 const char   *text)
{
  g_return_if_fail (TSR_IS_INSPECTOR (self));

  if (g_strcmp0 (self->location_text, text) == 0)
    return;
  g_free (self->location_text);
  self->location_text = g_strdup (text);
  tsr_inspector_refresh (self);
}

GtkWidget *
tsr_inspector_new (void)
{
  return g_object_new (TSR_TYPE_INSPECTOR, NULL);
}

static void
tsr_inspector_dispose (GObject *object)
{
  TsrInspector *self = TSR_INSPECTOR (object);

  tsr_inspector_set_document (self, NULL);
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_INSPECTOR);
  G_OBJECT_CLASS (tsr_inspector_parent_class)->dispose (object);
}

static void
tsr_inspector_finalize (GObject *object)
{
  TsrInspector *self = TSR_INSPECTOR (object);

  g_free (self->preview_message_text);
  g_free (self->location_text);
  G_OBJECT_CLASS (tsr_inspector_parent_class)->finalize (object);
}

static void
tsr_inspector_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrInspector *self = TSR_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_inspector_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrInspector *self = TSR_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      tsr_inspector_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

TsrFindingsView *
tsr_inspector_get_findings_view (TsrInspector *self)
{
  g_return_val_if_fail (TSR_IS_INSPECTOR (self), NULL);
  return self->findings_view;
}

static void
tsr_inspector_class_init (TsrInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tsr_inspector_dispose;
  object_class->finalize = tsr_inspector_finalize;
  object_class->get_property = tsr_inspector_get_property;
  object_class->set_property = tsr_inspector_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, TSR_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TSR_TYPE_FINDINGS_VIEW);
  g_type_ensure (TSR_TYPE_HISTORY_VIEW);
  g_type_ensure (TSR_TYPE_RECORD_INSPECTOR);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, paned);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, format_label);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, location_label);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, findings_view);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, history_view);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, summary_view);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, summary_factory);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, preview_stack);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, preview_level);
  gtk_widget_class_bind_template_callback (widget_class, tsr_inspector_on_preview_level);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, preview_picture);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, preview_message);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, records_expander);
  gtk_widget_class_bind_template_child (widget_class, TsrInspector, records);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tsrinspector");
}

static void
tsr_inspector_init (TsrInspector *self)
{
  self->preview_level_index = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self->summary_factory, "setup", G_CALLBACK (tsr_inspector_setup_summary_row), NULL);
  g_signal_connect (self->summary_factory, "bind", G_CALLBACK (tsr_inspector_bind_summary_row), NULL);
  g_signal_connect (self->summary_factory, "unbind", G_CALLBACK (tsr_inspector_unbind_summary_row), NULL);
  g_signal_connect_swapped (self->preview_stack, "map", G_CALLBACK (tsr_inspector_ensure_preview), self);
}

static void
tsr_inspector_page_set_document (TsrEditorPage *page,
                                 TsrDocument   *document)
{
  tsr_inspector_set_document (TSR_INSPECTOR (page), document);
}

static void
tsr_inspector_page_set_note (TsrEditorPage *page,
                             const char    *note)
{
  tsr_inspector_set_location_text (TSR_INSPECTOR (page), note);
}

static void
tsr_inspector_editor_page_init (TsrEditorPageInterface *iface)
{
  iface->set_document = tsr_inspector_page_set_document;
  iface->set_note = tsr_inspector_page_set_note;
}
