/* tsr-summary-item.h: one member of a document's describe() JSON, as an item of the inspector's
 * summary tree (GtkTreeListModel wants GObjects). */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TSR_TYPE_SUMMARY_ITEM (tsr_summary_item_get_type ())
G_DECLARE_FINAL_TYPE (TsrSummaryItem, tsr_summary_item, TSR, SUMMARY_ITEM, GObject)

/* KEY is the member name ("levels") or, inside arrays, the position ("3"). */
TsrSummaryItem *tsr_summary_item_new            (const char     *key,
                                                 JsonNode       *node);
const char     *tsr_summary_item_get_key        (TsrSummaryItem *self);
JsonNode       *tsr_summary_item_get_node       (TsrSummaryItem *self);
/* The value as the summary shows it: scalars as text, containers as their size ("12 items"). */
char           *tsr_summary_item_dup_value_text (TsrSummaryItem *self);
gboolean        tsr_summary_item_has_children   (TsrSummaryItem *self);
/* A list of TsrSummaryItem for an object's members or an array's elements; NULL for scalars. */
GListModel     *tsr_summary_item_list_children  (TsrSummaryItem *self);
/* The items of a JSON object's members, except those named in SKIP (NULL-terminated, may be NULL). */
GListModel     *tsr_summary_items_from_object   (JsonObject        *object,
                                                 const char *const *skip);

G_END_DECLS
