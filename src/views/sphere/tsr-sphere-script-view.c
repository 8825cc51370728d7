/* tsr-sphere-script-view.c: a Sphere element's scripts in a GtkSourceView. */
#include "config.h"

#include "views/sphere/tsr-sphere-script-view.h"

#include <glib/gi18n.h>

#include "formats/sphere/tsr-sphere-string.h"

struct _TsrSphereScriptView {
  GtkBox                parent_instance;

  TsrSphereDocument    *document;
  TsrSphereScriptOwner  owner;
  guint                 index;
  GtkDropDown          *chooser;
  GtkStringList        *names;
  GtkSourceBuffer      *buffer;
  GtkSourceView        *view;
  GtkLabel             *error_label;
  gboolean              loading;   /* the buffer is being filled from the document */
};

G_DEFINE_FINAL_TYPE (TsrSphereScriptView, tsr_sphere_script_view, GTK_TYPE_BOX)

/* The map's scripts, in the drop-down's order. */
static const struct {
  TsrSphereMapString string;
  const char        *name;
} map_scripts[] = {
  { TSR_SPHERE_STRING_ENTRY, N_("On entry") },
  { TSR_SPHERE_STRING_EXIT, N_("On exit") },
  { TSR_SPHERE_STRING_NORTH, N_("Leaving north") },
  { TSR_SPHERE_STRING_EAST, N_("Leaving east") },
  { TSR_SPHERE_STRING_SOUTH, N_("Leaving south") },
  { TSR_SPHERE_STRING_WEST, N_("Leaving west") },
};

static const char *const person_scripts[TSR_SPHERE_N_SCRIPTS] = {
  N_("On create"), N_("On destroy"), N_("On touch"), N_("On talk"), N_("On generate commands"),
};

static const TsrSphereEntity *
current_entity (TsrSphereScriptView *self)
{
  if (self->owner != TSR_SPHERE_SCRIPTS_ENTITY || self->index >= tsr_sphere_document_get_n_entities (self->document))
    return NULL;
  return tsr_sphere_document_get_entity (self->document, self->index);
}

/* The bytes of the chosen script, or NULL when the element stores none (yet). */
static GBytes *
current_bytes (TsrSphereScriptView *self)
{
  guint script = gtk_drop_down_get_selected (self->chooser);
  const TsrSphereMap *map = tsr_sphere_document_get_map (self->document);
  const TsrSphereEntity *entity;

  switch (self->owner)
    {
    case TSR_SPHERE_SCRIPTS_MAP:
      if (script >= G_N_ELEMENTS (map_scripts) || (guint) map_scripts[script].string >= map->strings->len)
        return NULL;
      return g_ptr_array_index (map->strings, map_scripts[script].string);
    case TSR_SPHERE_SCRIPTS_ENTITY:
      entity = current_entity (self);
      if (entity == NULL)
        return NULL;
      if (entity->type == TSR_SPHERE_ENTITY_TRIGGER)
        return entity->function;
      return entity->scripts != NULL && script < entity->scripts->len ? g_ptr_array_index (entity->scripts, script) : NULL;
    case TSR_SPHERE_SCRIPTS_ZONE:
      if (self->index >= tsr_sphere_document_get_n_zones (self->document))
        return NULL;
      return tsr_sphere_document_get_zone (self->document, self->index)->function;
    default:
      return NULL;
    }
}

static char *
buffer_text (TsrSphereScriptView *self)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  return gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, FALSE);
}

/* Fills the buffer from the document unless it already says the same (the change came from it). */
static void
load (TsrSphereScriptView *self)
{
  GBytes *bytes = current_bytes (self);
  g_autofree char *text = bytes != NULL ? tsr_sphere_string_to_utf8 (bytes) : g_strdup ("");
  g_autofree char *shown = buffer_text (self);

  if (g_strcmp0 (text, shown) == 0)
    return;
  self->loading = TRUE;
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (self->buffer), text, -1);
  self->loading = FALSE;
}

static void
on_buffer_changed (TsrSphereScriptView *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint script;
  const TsrSphereEntity *entity;
  gboolean done = TRUE;

  if (self->loading)
    return;
  text = buffer_text (self);
  script = gtk_drop_down_get_selected (self->chooser);
  switch (self->owner)
    {
    case TSR_SPHERE_SCRIPTS_MAP:
      if (script < G_N_ELEMENTS (map_scripts))
        done = tsr_sphere_document_set_map_string (self->document, map_scripts[script].string, text, &error);
      break;
    case TSR_SPHERE_SCRIPTS_ENTITY:
      entity = current_entity (self);
      if (entity != NULL && entity->type == TSR_SPHERE_ENTITY_TRIGGER)
        done = tsr_sphere_document_set_trigger_function (self->document, self->index, text, &error);
      else if (entity != NULL)
        done = tsr_sphere_document_set_person_script (self->document, self->index, (TsrSpherePersonScript) script,
                                                      text, &error);
      break;
    case TSR_SPHERE_SCRIPTS_ZONE:
      done = tsr_sphere_document_set_zone_function (self->document, self->index, text, &error);
      break;
    default:
      break;
    }
  gtk_label_set_text (self->error_label, done ? "" : error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), !done);
}

static void
on_document_changed (TsrSphereScriptView *self)
{
  load (self);
}

static void
on_script_chosen (TsrSphereScriptView *self)
{
  load (self);
}

void
tsr_sphere_script_view_set_owner (TsrSphereScriptView  *self,
                                  TsrSphereScriptOwner  owner,
                                  guint                 index)
{
  const TsrSphereEntity *entity;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  g_return_if_fail (TSR_IS_SPHERE_SCRIPT_VIEW (self));

  /* The same element again (its fields changed): the chosen script stays. */
  if (owner == self->owner && index == self->index && tsr_sphere_script_view_get_n_scripts (self) > 0)
    {
      load (self);
      return;
    }
  self->owner = owner;
  self->index = index;
  entity = current_entity (self);
  if (owner == TSR_SPHERE_SCRIPTS_MAP)
    for (guint i = 0; i < G_N_ELEMENTS (map_scripts); i++)
      g_strv_builder_add (builder, _(map_scripts[i].name));
  else if (entity != NULL && entity->type == TSR_SPHERE_ENTITY_PERSON)
    for (guint i = 0; i < G_N_ELEMENTS (person_scripts); i++)
      g_strv_builder_add (builder, _(person_scripts[i]));
  else
    g_strv_builder_add (builder, _("Function"));
  names = g_strv_builder_end (builder);
  self->loading = TRUE;
  gtk_string_list_splice (self->names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->names)),
                          (const char *const *) names);
  gtk_drop_down_set_selected (self->chooser, 0);
  self->loading = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  load (self);
}

guint
tsr_sphere_script_view_get_n_scripts (TsrSphereScriptView *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_SCRIPT_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->names));
}

void
tsr_sphere_script_view_set_script (TsrSphereScriptView *self,
                                   guint                script)
{
  g_return_if_fail (TSR_IS_SPHERE_SCRIPT_VIEW (self));
  g_return_if_fail (script < tsr_sphere_script_view_get_n_scripts (self));
  gtk_drop_down_set_selected (self->chooser, script);
}

GtkSourceView *
tsr_sphere_script_view_get_source_view (TsrSphereScriptView *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_SCRIPT_VIEW (self), NULL);
  return self->view;
}

static void
tsr_sphere_script_view_dispose (GObject *object)
{
  TsrSphereScriptView *self = TSR_SPHERE_SCRIPT_VIEW (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (tsr_sphere_script_view_parent_class)->dispose (object);
}

/* The JavaScript language and the colours are set when the view first shows, not when a map opens:
 * GtkSourceView reads and validates the language file on first use, about half the cost of opening
 * a Sphere map's editor (issue 35), and most sessions never show the Scripts page. */
static void
tsr_sphere_script_view_map (GtkWidget *widget)
{
  TsrSphereScriptView *self = TSR_SPHERE_SCRIPT_VIEW (widget);

  if (gtk_source_buffer_get_language (self->buffer) == NULL)
    {
      GtkSourceLanguageManager *languages = gtk_source_language_manager_get_default ();
      GtkSourceStyleSchemeManager *schemes = gtk_source_style_scheme_manager_get_default ();

      /* Sphere scripts are JavaScript (SpiderMonkey in Sphere 1.x). */
      gtk_source_buffer_set_language (self->buffer, gtk_source_language_manager_get_language (languages, "js"));
      gtk_source_buffer_set_style_scheme (self->buffer, gtk_source_style_scheme_manager_get_scheme (schemes, "classic"));
    }
  GTK_WIDGET_CLASS (tsr_sphere_script_view_parent_class)->map (widget);
}

static void
tsr_sphere_script_view_class_init (TsrSphereScriptViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_sphere_script_view_dispose;
  GTK_WIDGET_CLASS (klass)->map = tsr_sphere_script_view_map;
}

static void
tsr_sphere_script_view_init (TsrSphereScriptView *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  self->names = gtk_string_list_new (NULL);
  self->chooser = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->names)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->chooser), _("The script to edit"));
  g_signal_connect_swapped (self->chooser, "notify::selected", G_CALLBACK (on_script_chosen), self);

  /* The language and colours: when first shown (tsr_sphere_script_view_map). */
  self->buffer = gtk_source_buffer_new (NULL);
  gtk_source_buffer_set_highlight_matching_brackets (self->buffer, TRUE);
  /* Ctrl+Z goes to the window's undo, the document's: the text follows it. */
  gtk_text_buffer_set_enable_undo (GTK_TEXT_BUFFER (self->buffer), FALSE);
  self->view = GTK_SOURCE_VIEW (gtk_source_view_new_with_buffer (self->buffer));
  g_object_unref (self->buffer);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (self->view), TRUE);
  gtk_source_view_set_show_line_numbers (self->view, TRUE);
  gtk_source_view_set_auto_indent (self->view, TRUE);
  gtk_source_view_set_tab_width (self->view, 2);
  gtk_source_view_set_insert_spaces_instead_of_tabs (self->view, TRUE);
  g_signal_connect_swapped (self->buffer, "changed", G_CALLBACK (on_buffer_changed), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->view));
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 160);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_add_css_class (scrolled, "frame");

  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_xalign (self->error_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);

  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->chooser));
  gtk_box_append (GTK_BOX (self), scrolled);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->error_label));
  g_object_unref (self->names);
}

GtkWidget *
tsr_sphere_script_view_new (TsrSphereDocument *document)
{
  TsrSphereScriptView *self = g_object_new (TSR_TYPE_SPHERE_SCRIPT_VIEW, NULL);
  static const char *const signals[] = { "entity-changed", "zone-changed", "map-changed", "entity-removed", "zone-removed" };

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (document), NULL);
  self->document = g_object_ref (document);
  self->owner = TSR_SPHERE_SCRIPTS_ZONE; /* so the first set_owner fills the list */
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_signal_connect_swapped (document, signals[i], G_CALLBACK (on_document_changed), self);
  tsr_sphere_script_view_set_owner (self, TSR_SPHERE_SCRIPTS_MAP, 0);
  return GTK_WIDGET (self);
}
