/* tsr-summary-item.c: describe() JSON members as GObjects for the inspector's summary tree. */
#include "views/tsr-summary-item.h"

#include <glib/gi18n.h>

struct _TsrSummaryItem {
  GObject   parent_instance;
  char     *key;
  JsonNode *node;
};

G_DEFINE_FINAL_TYPE (TsrSummaryItem, tsr_summary_item, G_TYPE_OBJECT)

static void
tsr_summary_item_finalize (GObject *object)
{
  TsrSummaryItem *self = TSR_SUMMARY_ITEM (object);

  g_free (self->key);
  g_clear_pointer (&self->node, json_node_unref);
  G_OBJECT_CLASS (tsr_summary_item_parent_class)->finalize (object);
}

static void
tsr_summary_item_class_init (TsrSummaryItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_summary_item_finalize;
}

static void
tsr_summary_item_init (TsrSummaryItem *self)
{
}

TsrSummaryItem *
tsr_summary_item_new (const char *key,
                      JsonNode   *node)
{
  TsrSummaryItem *self;

  g_return_val_if_fail (key != NULL, NULL);
  g_return_val_if_fail (node != NULL, NULL);

  self = g_object_new (TSR_TYPE_SUMMARY_ITEM, NULL);
  self->key = g_strdup (key);
  self->node = json_node_ref (node);
  return self;
}

const char *
tsr_summary_item_get_key (TsrSummaryItem *self)
{
  g_return_val_if_fail (TSR_IS_SUMMARY_ITEM (self), NULL);
  return self->key;
}

JsonNode *
tsr_summary_item_get_node (TsrSummaryItem *self)
{
  g_return_val_if_fail (TSR_IS_SUMMARY_ITEM (self), NULL);
  return self->node;
}

char *
tsr_summary_item_dup_value_text (TsrSummaryItem *self)
{
  g_return_val_if_fail (TSR_IS_SUMMARY_ITEM (self), NULL);

  switch (json_node_get_node_type (self->node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (self->node);
        guint n = json_object_get_size (object);
        g_autofree char *size = g_strdup_printf (ngettext ("%u field", "%u fields", n), n);
        JsonNode *name = json_object_get_member (object, "name");

        /* Elements of a list of levels or layers are easier to find by their name. */
        if (name != NULL && JSON_NODE_HOLDS_VALUE (name) && json_node_get_value_type (name) == G_TYPE_STRING)
          return g_strdup_printf ("%s · %s", json_node_get_string (name), size);
        return g_steal_pointer (&size);
      }
    case JSON_NODE_ARRAY:
      {
        guint n = json_array_get_length (json_node_get_array (self->node));
        return g_strdup_printf (ngettext ("%u item", "%u items", n), n);
      }
    case JSON_NODE_NULL:
      return g_strdup ("—");
    case JSON_NODE_VALUE:
    default:
      break;
    }

  switch (json_node_get_value_type (self->node))
    {
    case G_TYPE_STRING:
      return g_strdup (json_node_get_string (self->node));
    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (self->node) ? _("yes") : _("no"));
    case G_TYPE_INT64:
      return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (self->node));
    case G_TYPE_DOUBLE:
      {
        /* Numbers from files are shown without the locale's decimal mark, as the CLI prints them. */
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];
        return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, json_node_get_double (self->node)));
      }
    default:
      return g_strdup ("?");
    }
}

gboolean
tsr_summary_item_has_children (TsrSummaryItem *self)
{
  g_return_val_if_fail (TSR_IS_SUMMARY_ITEM (self), FALSE);

  if (JSON_NODE_HOLDS_OBJECT (self->node))
    return json_object_get_size (json_node_get_object (self->node)) > 0;
  if (JSON_NODE_HOLDS_ARRAY (self->node))
    return json_array_get_length (json_node_get_array (self->node)) > 0;
  return FALSE;
}

GListModel *
tsr_summary_items_from_object (JsonObject        *object,
                               const char *const *skip)
{
  GListStore *store = g_list_store_new (TSR_TYPE_SUMMARY_ITEM);
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    {
      g_autoptr(TsrSummaryItem) item = NULL;

      if (skip != NULL && g_strv_contains (skip, name))
        continue;
      item = tsr_summary_item_new (name, member);
      g_list_store_append (store, item);
    }
  return G_LIST_MODEL (store);
}

GListModel *
tsr_summary_item_list_children (TsrSummaryItem *self)
{
  g_return_val_if_fail (TSR_IS_SUMMARY_ITEM (self), NULL);

  if (!tsr_summary_item_has_children (self))
    return NULL;

  if (JSON_NODE_HOLDS_OBJECT (self->node))
    return tsr_summary_items_from_object (json_node_get_object (self->node), NULL);

  {
    JsonArray *array = json_node_get_array (self->node);
    GListStore *store = g_list_store_new (TSR_TYPE_SUMMARY_ITEM);
    guint n = json_array_get_length (array);

    for (guint i = 0; i < n; i++)
      {
        g_autofree char *key = g_strdup_printf ("%u", i);
        g_autoptr(TsrSummaryItem) item = tsr_summary_item_new (key, json_array_get_element (array, i));
        g_list_store_append (store, item);
      }
    return G_LIST_MODEL (store);
  }
}
