/* tsr-sphere-entity-list.c: every person, trigger and zone of a Sphere map in one list with a
 * search field, as Tiled's Objects panel lists a map's objects. The list is rebuilt from the
 * document's entity and zone signals (cheap: maps hold tens of elements); the filter matches the
 * row text case-insensitively; activating a row emits "element-activated (kind, index)". */
#include "config.h"

#include "views/sphere/tsr-sphere-entity-list.h"

#include <glib/gi18n.h>
#include <string.h>

#include "formats/sphere/tsr-sphere-string.h"

struct _TsrSphereEntityList {
  GtkWidget          parent_instance;

  TsrSphereDocument *document;
  GtkWidget         *box;
  GtkSearchEntry    *search;
  GtkListBox        *list;
  char              *filter;   /* case-folded, NULL: everything */
  gboolean           selecting;
  gboolean           setting_text;  /* the entry is being set from set_filter */
};

G_DEFINE_FINAL_TYPE (TsrSphereEntityList, tsr_sphere_entity_list, GTK_TYPE_WIDGET)

enum {
  ELEMENT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
entity_text (const TsrSphereEntity *entity, guint index)
{
  if (entity->type == TSR_SPHERE_ENTITY_PERSON)
    {
      g_autofree char *name = tsr_sphere_string_to_utf8 (entity->name);

      /* Translators: a person in the entity list: name, position in pixels, layer. */
      return g_strdup_printf (_("Person “%s” · %u, %u · layer %u"), name, entity->x, entity->y, entity->layer);
    }
  if (entity->type == TSR_SPHERE_ENTITY_TRIGGER)
    {
      g_autofree char *function = tsr_sphere_string_to_utf8 (entity->function);

      if (function[0] == '\0')
        /* Translators: a trigger without a script in the entity list: position, layer. */
        return g_strdup_printf (_("Trigger · %u, %u · layer %u"), entity->x, entity->y, entity->layer);
      /* Translators: a trigger in the entity list: position, layer, the start of its script. */
      return g_strdup_printf (_("Trigger · %u, %u · layer %u · %s"), entity->x, entity->y, entity->layer, function);
    }
  return g_strdup_printf (_("Entity %u"), index);
}

static char *
zone_text (const TsrSphereZone *zone)
{
  g_autofree char *function = tsr_sphere_string_to_utf8 (zone->function);

  if (function[0] == '\0')
    /* Translators: a zone without a script in the entity list: its rectangle in pixels, layer. */
    return g_strdup_printf (_("Zone · %u, %u – %u, %u · layer %u"), zone->x1, zone->y1, zone->x2, zone->y2, zone->layer);
  /* Translators: a zone in the entity list: its rectangle in pixels, layer, its script. */
  return g_strdup_printf (_("Zone · %u, %u – %u, %u · layer %u · %s"), zone->x1, zone->y1, zone->x2, zone->y2,
                          zone->layer, function);
}

static GtkWidget *
make_row (const char *text, TsrSphereListKind kind, guint index)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (text);
  g_autofree char *folded = g_utf8_casefold (text, -1);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  gtk_widget_set_margin_top (label, 4);
  gtk_widget_set_margin_bottom (label, 4);
  gtk_widget_set_tooltip_text (label, text);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  g_object_set_data (G_OBJECT (row), "tsr-kind", GUINT_TO_POINTER (kind));
  g_object_set_data (G_OBJECT (row), "tsr-index", GUINT_TO_POINTER (index));
  g_object_set_data_full (G_OBJECT (row), "tsr-folded", g_steal_pointer (&folded), g_free);
  return row;
}

static void
rebuild (TsrSphereEntityList *self)
{
  GtkWidget *child;
  guint n_entities = tsr_sphere_document_get_n_entities (self->document);
  guint n_zones = tsr_sphere_document_get_n_zones (self->document);

  self->selecting = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < n_entities; i++)
    {
      g_autofree char *text = entity_text (tsr_sphere_document_get_entity (self->document, i), i);

      gtk_list_box_append (self->list, make_row (text, TSR_SPHERE_LIST_ENTITY, i));
    }
  for (guint i = 0; i < n_zones; i++)
    {
      g_autofree char *text = zone_text (tsr_sphere_document_get_zone (self->document, i));

      gtk_list_box_append (self->list, make_row (text, TSR_SPHERE_LIST_ZONE, i));
    }
  self->selecting = FALSE;
}

static gboolean
filter_row (GtkListBoxRow *row, gpointer data)
{
  TsrSphereEntityList *self = data;

  return self->filter == NULL || strstr (g_object_get_data (G_OBJECT (row), "tsr-folded"), self->filter) != NULL;
}

static void
on_search_changed (GtkSearchEntry *entry, TsrSphereEntityList *self)
{
  if (self->setting_text)
    return;
  tsr_sphere_entity_list_set_filter (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, TsrSphereEntityList *self)
{
  if (self->selecting)
    return;
  g_signal_emit (self, signals[ELEMENT_ACTIVATED], 0,
                 GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "tsr-kind")),
                 GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "tsr-index")));
}

static void
on_row_selected (GtkListBox *list, GtkListBoxRow *row, TsrSphereEntityList *self)
{
  if (row != NULL && !self->selecting)
    on_row_activated (list, row, self);
}

static void
tsr_sphere_entity_list_dispose (GObject *object)
{
  TsrSphereEntityList *self = TSR_SPHERE_ENTITY_LIST (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->filter, g_free);
  G_OBJECT_CLASS (tsr_sphere_entity_list_parent_class)->dispose (object);
}

static void
tsr_sphere_entity_list_class_init (TsrSphereEntityListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tsr_sphere_entity_list_dispose;
  /* element-activated (kind: TsrSphereListKind, index): a row was clicked or chosen. */
  signals[ELEMENT_ACTIVATED] = g_signal_new ("element-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                             0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
tsr_sphere_entity_list_init (TsrSphereEntityList *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->search = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  gtk_search_entry_set_key_capture_widget (self->search, NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->search), _("Filter by name, kind or script"));
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_list_box_set_filter_func (self->list, filter_row, self, NULL);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 120);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->search));
  gtk_box_append (GTK_BOX (self->box), scrolled);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  g_signal_connect (self->search, "search-changed", G_CALLBACK (on_search_changed), self);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  g_signal_connect (self->list, "row-selected", G_CALLBACK (on_row_selected), self);
}

GtkWidget *
tsr_sphere_entity_list_new (TsrSphereDocument *document)
{
  TsrSphereEntityList *self;
  static const char *const changes[] = {
    "entity-added", "entity-removed", "entity-changed", "zone-added", "zone-removed", "zone-changed",
  };

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (document), NULL);
  self = g_object_new (TSR_TYPE_SPHERE_ENTITY_LIST, NULL);
  self->document = g_object_ref (document);
  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    g_signal_connect_swapped (document, changes[i], G_CALLBACK (rebuild), self);
  rebuild (self);
  return GTK_WIDGET (self);
}

guint
tsr_sphere_entity_list_get_n_shown (TsrSphereEntityList *self)
{
  guint n = 0;

  g_return_val_if_fail (TSR_IS_SPHERE_ENTITY_LIST (self), 0);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && filter_row (GTK_LIST_BOX_ROW (row), self))
      n++;
  return n;
}

static GtkListBoxRow *
shown_row (TsrSphereEntityList *self, guint wanted)
{
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && filter_row (GTK_LIST_BOX_ROW (row), self) && n++ == wanted)
      return GTK_LIST_BOX_ROW (row);
  return NULL;
}

const char *
tsr_sphere_entity_list_get_row_text (TsrSphereEntityList *self,
                                     guint                row)
{
  GtkListBoxRow *found;

  g_return_val_if_fail (TSR_IS_SPHERE_ENTITY_LIST (self), NULL);
  found = shown_row (self, row);
  return found != NULL ? gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (found))) : NULL;
}

void
tsr_sphere_entity_list_set_filter (TsrSphereEntityList *self,
                                   const char          *text)
{
  g_return_if_fail (TSR_IS_SPHERE_ENTITY_LIST (self));
  g_clear_pointer (&self->filter, g_free);
  if (text != NULL && text[0] != '\0')
    self->filter = g_utf8_casefold (text, -1);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->search)), text != NULL ? text : "") != 0)
    {
      self->setting_text = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->search), text != NULL ? text : "");
      self->setting_text = FALSE;
    }
  gtk_list_box_invalidate_filter (self->list);
}

gboolean
tsr_sphere_entity_list_activate_row (TsrSphereEntityList *self,
                                     guint                row)
{
  GtkListBoxRow *found;

  g_return_val_if_fail (TSR_IS_SPHERE_ENTITY_LIST (self), FALSE);
  found = shown_row (self, row);
  if (found == NULL)
    return FALSE;
  g_signal_emit_by_name (found, "activate");
  return TRUE;
}

void
tsr_sphere_entity_list_show_selected (TsrSphereEntityList *self,
                                      gboolean             any,
                                      TsrSphereListKind kind,
                                      guint                index)
{
  GtkListBoxRow *selected = NULL;

  g_return_if_fail (TSR_IS_SPHERE_ENTITY_LIST (self));
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); any && row != NULL; row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row)
        && GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "tsr-kind")) == kind
        && GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "tsr-index")) == index)
      selected = GTK_LIST_BOX_ROW (row);
  self->selecting = TRUE;
  if (selected != NULL)
    gtk_list_box_select_row (self->list, selected);
  else
    gtk_list_box_unselect_all (self->list);
  self->selecting = FALSE;
}
