/* tsr-findings-view.c: the one list of validation findings (map editor and inspector). The
 * document drops its cached findings on every change; this view asks for them again only once
 * edits pause (a debounce: every change restarts the timer), so a long stroke validates once. */
#include "config.h"

#include "views/tsr-findings-view.h"

#include <glib/gi18n.h>

struct _TsrFindingsView {
  GtkWidget    parent_instance;

  TsrDocument *document;
  GPtrArray   *shown;          /* TsrFinding, borrowed from FINDINGS and EXTRA, in display order */
  GPtrArray   *findings;       /* a reference to the document's array */
  GPtrArray   *extra;          /* owned: what "collect-findings" handlers added */
  guint        refresh_source;
  guint        n_errors;
  guint        n_warnings;
  gboolean     activatable;
  gboolean     rows_pending;   /* SHOWN has no rows yet: made when the view is mapped */

  GtkWidget   *box;
  GtkLabel    *summary_label;
  GtkScrolledWindow *scroller;
  GtkListBox  *list;
};

G_DEFINE_FINAL_TYPE (TsrFindingsView, tsr_findings_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_ACTIVATABLE,
  PROP_MAX_CONTENT_HEIGHT,
  PROP_N_ERRORS,
  PROP_N_WARNINGS,
  N_PROPS
};

enum {
  FINDING_ACTIVATED,
  COLLECT_FINDINGS,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static GtkWidget *
create_row (const TsrFinding *finding,
            gboolean          activatable)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gboolean is_error = finding->severity == TSR_SEVERITY_ERROR;
  GtkWidget *icon = gtk_image_new_from_icon_name (is_error ? "dialog-error-symbolic" : "dialog-warning-symbolic");
  GtkWidget *what = gtk_label_new (finding->what);

  /* Hidden while their tooltips are set: setting one on a visible widget asks the X server
   * where the pointer is (a round trip per row, 2 per finding). */
  gtk_widget_set_visible (row, FALSE);
  gtk_widget_set_visible (icon, FALSE);
  gtk_widget_add_css_class (icon, is_error ? "tsr-finding-error" : "tsr-finding-warning");
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (icon, is_error ? _("Error") : _("Warning"));
  gtk_widget_set_visible (icon, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  is_error ? _("Error") : _("Warning"), -1);

  if (finding->where != NULL && finding->where[0] != '\0')
    {
      GtkWidget *where = gtk_label_new (finding->where);

      gtk_label_set_xalign (GTK_LABEL (where), 0);
      gtk_label_set_wrap (GTK_LABEL (where), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (where), PANGO_WRAP_WORD_CHAR);
      gtk_widget_add_css_class (where, "heading");
      gtk_box_append (GTK_BOX (texts), where);
    }
  /* Wrapped to the width the list gets, never ellipsized or clipped: a finding is read whole.
   * A small natural width keeps a long message from widening the side bar. */
  gtk_label_set_xalign (GTK_LABEL (what), 0);
  gtk_label_set_wrap (GTK_LABEL (what), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (what), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_width_chars (GTK_LABEL (what), 12);
  gtk_label_set_max_width_chars (GTK_LABEL (what), 12);
  gtk_widget_set_hexpand (what, TRUE);
  gtk_box_append (GTK_BOX (texts), what);
  gtk_widget_set_hexpand (texts, TRUE);

  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), texts);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), activatable);
  if (activatable)
    gtk_widget_set_tooltip_text (row, _("Show on the map"));
  gtk_widget_set_visible (row, TRUE);
  return row;
}

static void
set_counts (TsrFindingsView *self,
            guint            errors,
            guint            warnings)
{
  if (self->n_errors != errors)
    {
      self->n_errors = errors;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ERRORS]);
    }
  if (self->n_warnings != warnings)
    {
      self->n_warnings = warnings;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_WARNINGS]);
    }
}

static void
update_summary (TsrFindingsView *self)
{
  g_autofree char *error_text = g_strdup_printf (ngettext ("%u error", "%u errors", self->n_errors), self->n_errors);
  g_autofree char *warning_text = g_strdup_printf (ngettext ("%u warning", "%u warnings", self->n_warnings),
                                                   self->n_warnings);
  g_autofree char *text = NULL;

  if (self->document == NULL)
    text = g_strdup ("");
  else if (self->n_errors == 0 && self->n_warnings == 0)
    text = g_strdup (_("Validation found no problems."));
  else if (self->n_errors > 0 && self->n_warnings > 0)
    /* Translators: "Validation found 2 errors and 1 warning." */
    text = g_strdup_printf (_("Validation found %s and %s."), error_text, warning_text);
  else
    /* Translators: "Validation found 2 errors." or "Validation found 1 warning." */
    text = g_strdup_printf (_("Validation found %s."), self->n_errors > 0 ? error_text : warning_text);
  gtk_label_set_text (self->summary_label, text);
}

/* The rows of SHOWN. Wrapped labels are measured at many widths, so an unmapped view (a page
 * of a notebook not shown, which the notebook still measures) waits until it is mapped. */
static void
build_rows (TsrFindingsView *self)
{
  self->rows_pending = FALSE;
  for (guint i = 0; i < self->shown->len; i++)
    gtk_list_box_append (self->list, create_row (g_ptr_array_index (self->shown, i), self->activatable));
}

static void
rebuild (TsrFindingsView *self)
{
  GtkWidget *child;

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->shown, 0);
  g_clear_pointer (&self->findings, g_ptr_array_unref);
  g_clear_pointer (&self->extra, g_ptr_array_unref);

  if (self->document != NULL)
    {
      GPtrArray *sources[2];

      self->findings = g_ptr_array_ref (tsr_document_get_findings (self->document));
      self->extra = tsr_findings_new ();
      g_signal_emit (self, signals[COLLECT_FINDINGS], 0, self->extra);
      sources[0] = self->findings;
      sources[1] = self->extra;
      /* Errors first: they are what stops a save. */
      for (int pass = 0; pass < 2; pass++)
        for (guint s = 0; s < G_N_ELEMENTS (sources); s++)
          for (guint i = 0; i < sources[s]->len; i++)
            {
              TsrFinding *finding = g_ptr_array_index (sources[s], i);

              if ((pass == 0) != (finding->severity == TSR_SEVERITY_ERROR))
                continue;
              g_ptr_array_add (self->shown, finding);
            }
    }
  self->rows_pending = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    build_rows (self);
  set_counts (self, tsr_findings_count (self->findings, TSR_SEVERITY_ERROR) + tsr_findings_count (self->extra, TSR_SEVERITY_ERROR),
              tsr_findings_count (self->findings, TSR_SEVERITY_WARNING) + tsr_findings_count (self->extra, TSR_SEVERITY_WARNING));
  update_summary (self);
  gtk_widget_set_visible (GTK_WIDGET (self->scroller), self->shown->len > 0);
}

static gboolean
refresh_timeout (gpointer data)
{
  TsrFindingsView *self = data;

  self->refresh_source = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

static void
on_undo_stack_changed (TsrFindingsView *self)
{
  /* Restarted on every change: validation waits for the last edit of a burst. */
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  self->refresh_source = g_timeout_add (TSR_FINDINGS_VIEW_DELAY_MS, refresh_timeout, self);
}

static void
on_row_activated (GtkListBox      *list,
                  GtkListBoxRow   *row,
                  TsrFindingsView *self)
{
  if (!tsr_findings_view_activate (self, (guint) gtk_list_box_row_get_index (row)))
    gtk_widget_error_bell (GTK_WIDGET (self));
}

void
tsr_findings_view_set_document (TsrFindingsView *self,
                                TsrDocument     *document)
{
  g_return_if_fail (TSR_IS_FINDINGS_VIEW (self));
  g_return_if_fail (document == NULL || TSR_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (tsr_document_get_undo_stack (self->document), self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_swapped (tsr_document_get_undo_stack (document), "changed",
                              G_CALLBACK (on_undo_stack_changed), self);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

TsrDocument *
tsr_findings_view_get_document (TsrFindingsView *self)
{
  g_return_val_if_fail (TSR_IS_FINDINGS_VIEW (self), NULL);
  return self->document;
}

void
tsr_findings_view_refresh (TsrFindingsView *self)
{
  g_return_if_fail (TSR_IS_FINDINGS_VIEW (self));
  rebuild (self);
}

gboolean
tsr_findings_view_get_pending (TsrFindingsView *self)
{
  g_return_val_if_fail (TSR_IS_FINDINGS_VIEW (self), FALSE);
  return self->refresh_source != 0;
}

guint
tsr_findings_view_get_n_findings (TsrFindingsView *self)
{
  g_return_val_if_fail (TSR_IS_FINDINGS_VIEW (self), 0);
  return self->shown->len;
}

const TsrFinding *
tsr_findings_view_get_finding (TsrFindingsView *self,
                               guint            index)
{
  g_return_val_if_fail (TSR_IS_FINDINGS_VIEW (self), NULL);
  g_return_val_if_fail (index < self->shown->len, NULL);
  return g_ptr_array_index (self->shown, index);
}

guint
tsr_findings_view_get_n_errors (TsrFindingsView *self)
{
  g_return_val_if_fail (TSR_IS_FINDINGS_VIEW (self), 0);
  return self->n_errors;
}

guint
tsr_findings_view_get_n_warnings (TsrFindingsView *self)
{
  g_return_val_if_fail (TSR_IS_FINDINGS_VIEW (self), 0);
  return self->n_warnings;
}

gboolean
tsr_findings_view_activate (TsrFindingsView *self,
                            guint            index)
{
  /* Held: a handler may switch what the document shows (a level), which re-validates. */
  g_autoptr(GPtrArray) findings = NULL;
  g_autoptr(GPtrArray) extra = NULL;
  gboolean handled = FALSE;

  g_return_val_if_fail (TSR_IS_FINDINGS_VIEW (self), FALSE);
  if (!self->activatable || index >= self->shown->len)
    return FALSE;
  findings = g_ptr_array_ref (self->findings);
  extra = g_ptr_array_ref (self->extra);
  g_signal_emit (self, signals[FINDING_ACTIVATED], 0, g_ptr_array_index (self->shown, index), &handled);
  return handled;
}

GtkWidget *
tsr_findings_view_get_row (TsrFindingsView *self,
                           guint            index)
{
  g_return_val_if_fail (TSR_IS_FINDINGS_VIEW (self), NULL);
  if (self->rows_pending)
    build_rows (self);
  return GTK_WIDGET (gtk_list_box_get_row_at_index (self->list, (int) index));
}

GtkWidget *
tsr_findings_view_new (void)
{
  return g_object_new (TSR_TYPE_FINDINGS_VIEW, NULL);
}

static void
tsr_findings_view_map (GtkWidget *widget)
{
  TsrFindingsView *self = TSR_FINDINGS_VIEW (widget);

  if (self->rows_pending)
    build_rows (self);
  GTK_WIDGET_CLASS (tsr_findings_view_parent_class)->map (widget);
}

static void
tsr_findings_view_dispose (GObject *object)
{
  TsrFindingsView *self = TSR_FINDINGS_VIEW (object);

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (tsr_document_get_undo_stack (self->document), self);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_FINDINGS_VIEW);
  G_OBJECT_CLASS (tsr_findings_view_parent_class)->dispose (object);
}

static void
tsr_findings_view_finalize (GObject *object)
{
  TsrFindingsView *self = TSR_FINDINGS_VIEW (object);

  g_ptr_array_unref (self->shown);
  g_clear_pointer (&self->findings, g_ptr_array_unref);
  g_clear_pointer (&self->extra, g_ptr_array_unref);
  G_OBJECT_CLASS (tsr_findings_view_parent_class)->finalize (object);
}

static void
tsr_findings_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrFindingsView *self = TSR_FINDINGS_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_ACTIVATABLE:
      g_value_set_boolean (value, self->activatable);
      break;
    case PROP_MAX_CONTENT_HEIGHT:
      g_value_set_int (value, gtk_scrolled_window_get_max_content_height (self->scroller));
      break;
    case PROP_N_ERRORS:
      g_value_set_uint (value, self->n_errors);
      break;
    case PROP_N_WARNINGS:
      g_value_set_uint (value, self->n_warnings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_findings_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrFindingsView *self = TSR_FINDINGS_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      tsr_findings_view_set_document (self, g_value_get_object (value));
      break;
    case PROP_ACTIVATABLE:
      if (self->activatable != g_value_get_boolean (value))
        {
          self->activatable = g_value_get_boolean (value);
          rebuild (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_MAX_CONTENT_HEIGHT:
      if (gtk_scrolled_window_get_max_content_height (self->scroller) != g_value_get_int (value))
        {
          gtk_scrolled_window_set_max_content_height (self->scroller, g_value_get_int (value));
          /* Bounded: the list stops growing there; unbounded, it fills its page. */
          gtk_widget_set_vexpand (GTK_WIDGET (self->scroller), g_value_get_int (value) < 0);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_findings_view_class_init (TsrFindingsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags read_flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tsr_findings_view_dispose;
  object_class->finalize = tsr_findings_view_finalize;
  object_class->get_property = tsr_findings_view_get_property;
  object_class->set_property = tsr_findings_view_set_property;
  widget_class->map = tsr_findings_view_map;

  properties[PROP_DOCUMENT] = g_param_spec_object ("document", NULL, NULL, TSR_TYPE_DOCUMENT, flags);
  /* Whether rows can be clicked to show the finding's place (a page that can show places). */
  properties[PROP_ACTIVATABLE] = g_param_spec_boolean ("activatable", NULL, NULL, FALSE, flags);
  /* The list's height limit in pixels; -1 lets it fill the space it is given. */
  properties[PROP_MAX_CONTENT_HEIGHT] = g_param_spec_int ("max-content-height", NULL, NULL, -1, G_MAXINT, -1, flags);
  properties[PROP_N_ERRORS] = g_param_spec_uint ("n-errors", NULL, NULL, 0, G_MAXUINT, 0, read_flags);
  properties[PROP_N_WARNINGS] = g_param_spec_uint ("n-warnings", NULL, NULL, 0, G_MAXUINT, 0, read_flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[FINDING_ACTIVATED] =
    g_signal_new ("finding-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1, G_TYPE_POINTER);
  signals[COLLECT_FINDINGS] =
    g_signal_new ("collect-findings", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-findings-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TsrFindingsView, box);
  gtk_widget_class_bind_template_child (widget_class, TsrFindingsView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, TsrFindingsView, scroller);
  gtk_widget_class_bind_template_child (widget_class, TsrFindingsView, list);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tsr-findings-view");
}

static void
tsr_findings_view_init (TsrFindingsView *self)
{
  self->shown = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  rebuild (self);
}
