/* tsr-shapes-diff.c: see the header. The states are kept per record in one table keyed by
 * collection, version, part and index; records are compared by their stored bytes (a bitmap's,
 * sequence's and frame's raw record, a colour table's colours), so a patch record that decodes
 * the same but is stored otherwise counts as replaced, as the engine would load it. */
#include "model/marathon/tsr-shapes-diff.h"

#include <glib/gi18n.h>
#include <string.h>

/* The definition is a fifth part in the keys. */
#define PART_DEFINITION 4

struct _TsrShapesDiff {
  GHashTable *changes;  /* key (guint64 *) → GINT_TO_POINTER (TsrShapesChange) */
};

static guint64
change_key (guint collection,
            guint version,
            guint part,
            guint index)
{
  return ((guint64) collection << 40) | ((guint64) version << 36) | ((guint64) part << 32) | index;
}

static void
put (TsrShapesDiff  *diff,
     guint           collection,
     guint           version,
     guint           part,
     guint           index,
     TsrShapesChange change)
{
  guint64 *key = g_new (guint64, 1);

  *key = change_key (collection, version, part, index);
  g_hash_table_replace (diff->changes, key, GINT_TO_POINTER (change));
}

static gboolean
records_equal (TsrShapesPart part,
               gconstpointer a,
               gconstpointer b)
{
  switch (part)
    {
    case TSR_SHAPES_PART_FRAME:
      return memcmp (((const TsrShapesFrame *) a)->raw, ((const TsrShapesFrame *) b)->raw, TSR_SHAPES_FRAME_SIZE) == 0;
    case TSR_SHAPES_PART_SEQUENCE:
      return g_bytes_equal (((const TsrShapesSequence *) a)->raw, ((const TsrShapesSequence *) b)->raw);
    case TSR_SHAPES_PART_BITMAP:
      return g_bytes_equal (((const TsrShapesBitmap *) a)->raw, ((const TsrShapesBitmap *) b)->raw);
    case TSR_SHAPES_PART_COLOR_TABLE:
      {
        const TsrShapesColorTable *ta = a, *tb = b;
        return ta->count == tb->count && (ta->count == 0 || memcmp (ta->colors, tb->colors, sizeof (TsrShapesColor) * ta->count) == 0);
      }
    default:
      g_assert_not_reached ();
    }
}

static gboolean
part_of_tag (guint32        tag,
             TsrShapesPart *part)
{
  switch (tag)
    {
    case TSR_SHAPES_PATCH_CTAB: *part = TSR_SHAPES_PART_COLOR_TABLE; return TRUE;
    case TSR_SHAPES_PATCH_HLSH: *part = TSR_SHAPES_PART_SEQUENCE; return TRUE;
    case TSR_SHAPES_PATCH_LLSH: *part = TSR_SHAPES_PART_FRAME; return TRUE;
    case TSR_SHAPES_PATCH_BMAP: *part = TSR_SHAPES_PART_BITMAP; return TRUE;
    default: return FALSE;
    }
}

TsrShapesDiff *
tsr_shapes_diff_new (const TsrShapesPatch *patch,
                     const TsrShapesFile  *patch_view,
                     const TsrShapesFile  *base)
{
  TsrShapesDiff *diff = g_new0 (TsrShapesDiff, 1);

  diff->changes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint c = 0; c < patch->collections->len; c++)
    {
      const TsrShapesPatchCollection *pc = g_ptr_array_index (patch->collections, c);
      guint collection = (guint) pc->collection, version = pc->depth == 16;
      const TsrShapesCollection *view, *old;

      if (collection >= TSR_SHAPES_COLLECTION_COUNT || (view = patch_view->slots[collection].versions[version]) == NULL)
        continue;
      old = base->slots[collection].versions[version];
      for (guint r = 0; r < pc->records->len; r++)
        {
          const TsrShapesPatchRecord *record = g_ptr_array_index (pc->records, r);
          TsrShapesPart part;
          GPtrArray *now, *before;
          guint index;

          if (record->tag == TSR_SHAPES_PATCH_CLDF)
            {
              put (diff, collection, version, PART_DEFINITION, 0,
                   old == NULL ? TSR_SHAPES_CHANGE_ADDED
                   : g_bytes_equal (old->definition_raw, view->definition_raw) ? TSR_SHAPES_CHANGE_SAME
                   : TSR_SHAPES_CHANGE_REPLACED);
              continue;
            }
          if (!part_of_tag (record->tag, &part) || record->index < 0)
            continue;
          index = (guint) record->index;
          now = tsr_shapes_collection_get_part (view, part);
          if (index >= now->len || now->pdata[index] == NULL)
            continue;
          before = old != NULL ? tsr_shapes_collection_get_part (old, part) : NULL;
          if (before == NULL || index >= before->len || before->pdata[index] == NULL)
            put (diff, collection, version, part, index, TSR_SHAPES_CHANGE_ADDED);
          else
            put (diff, collection, version, part, index,
                 records_equal (part, now->pdata[index], before->pdata[index]) ? TSR_SHAPES_CHANGE_SAME
                 : TSR_SHAPES_CHANGE_REPLACED);
        }
    }
  return diff;
}

void
tsr_shapes_diff_free (TsrShapesDiff *diff)
{
  if (diff == NULL)
    return;
  g_hash_table_unref (diff->changes);
  g_free (diff);
}

static TsrShapesChange
lookup (const TsrShapesDiff *diff,
        guint64              key)
{
  return (TsrShapesChange) GPOINTER_TO_INT (g_hash_table_lookup (diff->changes, &key));
}

TsrShapesChange
tsr_shapes_diff_get (const TsrShapesDiff *diff,
                     guint                collection,
                     guint                version,
                     TsrShapesPart        part,
                     guint                index)
{
  g_return_val_if_fail (diff != NULL, TSR_SHAPES_CHANGE_NONE);
  return lookup (diff, change_key (collection, version, part, index));
}

TsrShapesChange
tsr_shapes_diff_get_definition (const TsrShapesDiff *diff,
                                guint                collection,
                                guint                version)
{
  g_return_val_if_fail (diff != NULL, TSR_SHAPES_CHANGE_NONE);
  return lookup (diff, change_key (collection, version, PART_DEFINITION, 0));
}

void
tsr_shapes_diff_count (const TsrShapesDiff *diff,
                       guint                collection,
                       guint                version,
                       guint               *counts)
{
  GHashTableIter iter;
  gpointer key, value;
  guint64 prefix = change_key (collection, version, 0, 0);

  g_return_if_fail (diff != NULL);
  memset (counts, 0, sizeof (guint) * TSR_SHAPES_N_CHANGES);
  g_hash_table_iter_init (&iter, diff->changes);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if ((*(guint64 *) key >> 36) == (prefix >> 36))
      counts[GPOINTER_TO_INT (value)]++;
}

const char *
tsr_shapes_change_name (TsrShapesChange change)
{
  switch (change)
    {
    case TSR_SHAPES_CHANGE_SAME: return _("unchanged");
    case TSR_SHAPES_CHANGE_REPLACED: return _("replaced");
    case TSR_SHAPES_CHANGE_ADDED: return _("added");
    default: return NULL;
    }
}
