/* tsr-doom2d-record-clip.c: a Doom2D record as the bytes a vector clip carries for its element
 * (GVariant), and back. Besides the record's values, data values, raw bytes and its panel's
 * texture path, the bytes say which of its references point at records copied with it, by their
 * rank among the copied records of their kind, so a paste can point them at the pasted copies:
 * clips list panels, then triggers (rectangles), then items, monsters and areas (markers), and a
 * paste appends them in that order, so where each copy lands follows from the counts. */
#include "model/doom2d/tsr-doom2d-record-clip.h"

#include "model/doom2d/tsr-doom2d-command.h"

#include <math.h>
#include <string.h>

#define CLIP_FORMAT "(uuxxa(xxxxms)a(xxxxms)aysa(buuuu))"

struct _TsrDoom2dCopySet {
  GArray *indices[TSR_DOOM2D_N_KINDS]; /* guint, sorted */
};

TsrDoom2dCopySet *
tsr_doom2d_copy_set_new (void)
{
  TsrDoom2dCopySet *set = g_new0 (TsrDoom2dCopySet, 1);

  for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
    set->indices[k] = g_array_new (FALSE, FALSE, sizeof (guint));
  return set;
}

void
tsr_doom2d_copy_set_free (TsrDoom2dCopySet *set)
{
  if (set == NULL)
    return;
  for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
    g_array_unref (set->indices[k]);
  g_free (set);
}

static int
compare_indices (gconstpointer a,
                 gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

void
tsr_doom2d_copy_set_add (TsrDoom2dCopySet *set,
                         TsrDoom2dKind     kind,
                         guint             index)
{
  g_return_if_fail (kind < TSR_DOOM2D_N_KINDS);
  g_array_append_val (set->indices[kind], index);
  g_array_sort (set->indices[kind], compare_indices);
}

/* The rank of record INDEX among the copied ones of KIND, or -1 when it was not copied. */
static gint64
copy_set_rank (const TsrDoom2dCopySet *set,
               TsrDoom2dKind           kind,
               gint64                  index)
{
  guint position;

  if (set == NULL || index < 0 || index > G_MAXUINT)
    return -1;
  if (!g_array_binary_search (set->indices[kind], &(guint) { (guint) index }, compare_indices, &position))
    return -1;
  return position;
}

/* The order in which a paste appends the kinds (clip order: rectangles, then markers). */
static guint
paste_order (TsrDoom2dKind kind)
{
  switch (kind)
    {
    case TSR_DOOM2D_KIND_PANEL:   return 0;
    case TSR_DOOM2D_KIND_TRIGGER: return 1;
    case TSR_DOOM2D_KIND_ITEM:    return 2;
    case TSR_DOOM2D_KIND_MONSTER: return 3;
    case TSR_DOOM2D_KIND_AREA:    return 4;
    case TSR_DOOM2D_KIND_HEADER:
    case TSR_DOOM2D_KIND_TEXTURE:
    case TSR_DOOM2D_N_KINDS:
    default:                      return 5;
    }
}

static void
add_values (GVariantBuilder     *builder,
            const TsrFieldValue *values,
            guint                n_values)
{
  g_variant_builder_open (builder, G_VARIANT_TYPE ("a(xxxxms)"));
  for (guint i = 0; i < n_values; i++)
    g_variant_builder_add (builder, "(xxxxms)", values[i].v[0], values[i].v[1], values[i].v[2], values[i].v[3],
                           values[i].text);
  g_variant_builder_close (builder);
}

static void
add_remaps (GVariantBuilder        *builder,
            const TsrDoom2dCopySet *set,
            gboolean                data,
            const TsrFieldTable    *table,
            const TsrFieldValue    *values)
{
  for (guint f = 0; f < table->n_fields; f++)
    {
      TsrDoom2dKind kind = tsr_doom2d_reference_kind (table->fields[f].reference);
      gint64 rank;

      if (kind == TSR_DOOM2D_KIND_HEADER || kind == TSR_DOOM2D_KIND_TEXTURE)
        continue;
      rank = copy_set_rank (set, kind, values[f].v[0]);
      if (rank >= 0)
        g_variant_builder_add (builder, "(buuuu)", data, f, (guint) kind, (guint) rank, set->indices[kind]->len);
    }
}

GBytes *
tsr_doom2d_record_clip_encode (const TsrDoom2dMap     *map,
                               TsrDoom2dKind           kind,
                               guint                   index,
                               const TsrDoom2dCopySet *set)
{
  const TsrDoom2dRecord *record;
  const TsrFieldTable *table;
  const char *texture = "";
  GVariantBuilder builder;
  g_autoptr(GVariant) variant = NULL;
  gint64 own_rank;

  g_return_val_if_fail (index < tsr_doom2d_map_count (map, kind), NULL);

  record = tsr_doom2d_map_get (map, kind, index);
  table = &tsr_doom2d_record_get_type (record)->table;
  own_rank = copy_set_rank (set, kind, index);
  if (kind == TSR_DOOM2D_KIND_PANEL)
    {
      gint64 t = record->values[TSR_DOOM2D_PANEL_TEXTURE].v[0];

      if (t >= 0 && t < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE)
          && tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, (guint) t)->values[TSR_DOOM2D_TEXTURE_PATH].text != NULL)
        texture = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, (guint) t)->values[TSR_DOOM2D_TEXTURE_PATH].text;
    }

  g_variant_builder_init (&builder, G_VARIANT_TYPE (CLIP_FORMAT));
  g_variant_builder_add (&builder, "u", (guint) kind);
  g_variant_builder_add (&builder, "u", own_rank >= 0 ? (guint) own_rank : 0);
  g_variant_builder_add (&builder, "x", record->values[0].v[0]);
  g_variant_builder_add (&builder, "x", record->values[0].v[1]);
  add_values (&builder, record->values, table->n_fields);
  add_values (&builder, record->data_values, record->layout != NULL ? record->layout->table.n_fields : 0);
  g_variant_builder_add_value (&builder, g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, record->raw,
                                                                    record->raw != NULL ? table->size : 0, 1));
  g_variant_builder_add (&builder, "s", texture);
  g_variant_builder_open (&builder, G_VARIANT_TYPE ("a(buuuu)"));
  add_remaps (&builder, set, FALSE, table, record->values);
  if (record->layout != NULL)
    add_remaps (&builder, set, TRUE, &record->layout->table, record->data_values);
  g_variant_builder_close (&builder);
  variant = g_variant_ref_sink (g_variant_builder_end (&builder));
  return g_variant_get_data_as_bytes (variant);
}

static gboolean
read_values (GVariant            *array,
             TsrFieldValue       *values,
             guint                n_values)
{
  if (g_variant_n_children (array) != n_values)
    return FALSE;
  for (guint i = 0; i < n_values; i++)
    {
      g_autofree char *text = NULL;

      g_variant_get_child (array, i, "(xxxxms)", &values[i].v[0], &values[i].v[1], &values[i].v[2], &values[i].v[3],
                           &text);
      g_free (values[i].text);
      values[i].text = g_steal_pointer (&text);
    }
  return TRUE;
}

/* Field F of the record's values (or data values) as a reference that did not come along: kept
 * when the map has such a record, else cleared. */
static void
keep_or_clear (const TsrDoom2dMap  *map,
               const TsrFieldTable *table,
               TsrFieldValue       *values)
{
  for (guint f = 0; f < table->n_fields; f++)
    {
      TsrDoom2dKind kind = tsr_doom2d_reference_kind (table->fields[f].reference);

      if (kind != TSR_DOOM2D_KIND_HEADER && values[f].v[0] >= tsr_doom2d_map_count (map, kind))
        values[f].v[0] = -1;
    }
}

/* The texture record of PATH: the one at the copied index if it holds PATH, else the first of
 * that path (without case), else -1. */
static gint64
find_texture (const TsrDoom2dMap *map,
              gint64              copied,
              const char         *path)
{
  guint n = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE);

  if (*path == '\0')
    return copied >= 0 && copied < n ? copied : -1;
  if (copied >= 0 && copied < n
      && g_ascii_strcasecmp (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, (guint) copied)->values[TSR_DOOM2D_TEXTURE_PATH].text
                             ? tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, (guint) copied)->values[TSR_DOOM2D_TEXTURE_PATH].text : "",
                             path) == 0)
    return copied;
  for (guint t = 0; t < n; t++)
    {
      const char *text = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, t)->values[TSR_DOOM2D_TEXTURE_PATH].text;

      if (text != NULL && g_ascii_strcasecmp (text, path) == 0)
        return t;
    }
  return -1;
}

TsrDoom2dRecord *
tsr_doom2d_record_clip_decode (const TsrDoom2dMap *map,
                               GBytes             *bytes,
                               double              x,
                               double              y)
{
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(GVariant) values = NULL;
  g_autoptr(GVariant) data_values = NULL;
  g_autoptr(GVariant) raw = NULL;
  g_autoptr(GVariant) remaps = NULL;
  g_autofree char *texture = NULL;
  TsrDoom2dRecord *record;
  const TsrFieldTable *table;
  guint kind, own_rank;
  gint64 x0, y0, dx, dy;
  gsize n_raw;
  const guint8 *raw_data;

  if (bytes == NULL)
    return NULL;
  variant = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (CLIP_FORMAT), bytes, FALSE));
  g_variant_get (variant, "(uuxx@a(xxxxms)@a(xxxxms)@ays@a(buuuu))", &kind, &own_rank, &x0, &y0, &values,
                 &data_values, &raw, &texture, &remaps);
  if (kind <= TSR_DOOM2D_KIND_TEXTURE || kind >= TSR_DOOM2D_N_KINDS)
    return NULL;

  record = tsr_doom2d_record_new (kind);
  table = &tsr_doom2d_record_get_type (record)->table;
  if (!read_values (values, record->values, table->n_fields))
    {
      tsr_doom2d_record_free (record);
      return NULL;
    }
  if (kind == TSR_DOOM2D_KIND_TRIGGER)
    {
      /* The type's layout with its defaults, then the copied data over them. */
      TsrFieldValue type = record->values[TSR_DOOM2D_TRIGGER_TYPE];

      tsr_doom2d_record_set_trigger_type (record, (guint) type.v[0]);
      if (!read_values (data_values, record->data_values, record->layout != NULL ? record->layout->table.n_fields : 0))
        {
          tsr_doom2d_record_free (record);
          return NULL;
        }
    }
  raw_data = g_variant_get_fixed_array (raw, &n_raw, 1);
  if (n_raw == table->size && n_raw > 0)
    record->raw = g_memdup2 (raw_data, n_raw);

  /* Moved to where it is pasted; the points in a trigger's data go with it. */
  record->values[0].v[0] = (gint64) floor (x + 0.5);
  record->values[0].v[1] = (gint64) floor (y + 0.5);
  dx = record->values[0].v[0] - x0;
  dy = record->values[0].v[1] - y0;
  if (record->layout != NULL)
    for (guint f = 0; f < record->layout->table.n_fields; f++)
      if (record->layout->table.fields[f].type == TSR_FIELD_POINT)
        {
          record->data_values[f].v[0] += dx;
          record->data_values[f].v[1] += dy;
        }

  if (kind == TSR_DOOM2D_KIND_PANEL)
    record->values[TSR_DOOM2D_PANEL_TEXTURE].v[0] = find_texture (map, record->values[TSR_DOOM2D_PANEL_TEXTURE].v[0],
                                                                  texture);
  keep_or_clear (map, table, record->values);
  if (record->layout != NULL)
    keep_or_clear (map, &record->layout->table, record->data_values);

  /* References to records copied along: where their copies land. */
  for (gsize i = 0; i < g_variant_n_children (remaps); i++)
    {
      gboolean data;
      guint field, target, rank, n_copied;
      gint64 now, index;
      TsrFieldValue *value;

      g_variant_get_child (remaps, i, "(buuuu)", &data, &field, &target, &rank, &n_copied);
      if (target <= TSR_DOOM2D_KIND_TEXTURE || target >= TSR_DOOM2D_N_KINDS || rank >= n_copied
          || field >= (data ? (record->layout != NULL ? record->layout->table.n_fields : 0) : table->n_fields))
        continue;
      now = tsr_doom2d_map_count (map, target);
      if (paste_order (target) < paste_order (kind))
        index = now - n_copied + rank;      /* all of them are in already */
      else if (paste_order (target) > paste_order (kind))
        index = now + rank;                 /* none of them is in yet */
      else
        index = now - own_rank + rank;      /* those before this record are in */
      value = data ? &record->data_values[field] : &record->values[field];
      value->v[0] = index >= 0 ? index : -1;
    }
  return record;
}
