/* tsr-marathon-geometry.c: geometry operations on a level, each one checked and undone as a whole
 * when its result would not be a level the engine accepts. */
#include "formats/marathon/tsr-marathon-geometry.h"

#include <math.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-derive.h"
#include <glib/gi18n.h>

/* The lines the last refused operation of this thread blames (see tsr_marathon_refused_lines). */
static GPrivate refused_lines = G_PRIVATE_INIT ((GDestroyNotify) g_array_unref);

static GArray *
refused (void)
{
  GArray *lines = g_private_get (&refused_lines);

  if (lines == NULL)
    {
      lines = g_array_new (FALSE, FALSE, sizeof (guint));
      g_private_set (&refused_lines, lines);
    }
  return lines;
}

static void
refused_reset (void)
{
  g_array_set_size (refused (), 0);
}

static void
refused_blame (gint line)
{
  GArray *lines = refused ();
  guint index = (guint) line;

  if (line < 0)
    return;
  for (guint i = 0; i < lines->len; i++)
    if (g_array_index (lines, guint, i) == index)
      return;
  g_array_append_val (lines, index);
}

const guint *
tsr_marathon_refused_lines (guint *n)
{
  GArray *lines = refused ();

  *n = lines->len;
  return (const guint *) lines->data;
}

#define TAG_IIDX TSR_WAD_TAG ('i', 'i', 'd', 'x')

/* What an operation may change, to put it back when the result is refused. */
typedef struct {
  GArray *points, *endpoints, *lines, *sides, *polygons, *objects, *annotations, *platforms;
  GArray *terminal_permutations; /* gint16, every group of every terminal in order */
  GBytes *iidx;
  gboolean had_iidx;
} Snapshot;

static GArray *
copy_array (GArray *array)
{
  GArray *copy;

  if (array == NULL)
    return NULL;
  copy = g_array_sized_new (FALSE, TRUE, g_array_get_element_size (array), array->len);
  g_array_append_vals (copy, array->data, array->len);
  return copy;
}

static void
snapshot_take (Snapshot               *snapshot,
               const TsrMarathonLevel *level)
{
  TsrWadChunk *chunk = level->entry != NULL ? tsr_wad_entry_find_chunk (level->entry, TAG_IIDX) : NULL;

  snapshot->points = copy_array (level->points);
  snapshot->endpoints = copy_array (level->endpoints);
  snapshot->lines = copy_array (level->lines);
  snapshot->sides = copy_array (level->sides);
  snapshot->polygons = copy_array (level->polygons);
  snapshot->objects = copy_array (level->objects);
  snapshot->annotations = copy_array (level->annotations);
  snapshot->platforms = copy_array (level->platforms);
  snapshot->terminal_permutations = g_array_new (FALSE, FALSE, sizeof (gint16));
  for (guint t = 0; level->terminals != NULL && t < level->terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, t);

      for (guint g = 0; g < terminal->groups->len; g++)
        g_array_append_val (snapshot->terminal_permutations,
                            g_array_index (terminal->groups, TsrMarathonTerminalGroup, g).permutation);
    }
  snapshot->had_iidx = chunk != NULL;
  snapshot->iidx = chunk != NULL ? g_bytes_ref (chunk->data) : NULL;
}

static void
swap_array (GArray **a,
            GArray **b)
{
  GArray *t = *a;

  *a = *b;
  *b = t;
}

/* Puts the level back as it was. */
static void
snapshot_restore (Snapshot         *snapshot,
                  TsrMarathonLevel *level)
{
  swap_array (&level->points, &snapshot->points);
  swap_array (&level->endpoints, &snapshot->endpoints);
  swap_array (&level->lines, &snapshot->lines);
  swap_array (&level->sides, &snapshot->sides);
  swap_array (&level->polygons, &snapshot->polygons);
  swap_array (&level->objects, &snapshot->objects);
  swap_array (&level->annotations, &snapshot->annotations);
  swap_array (&level->platforms, &snapshot->platforms);
  for (guint t = 0, k = 0; level->terminals != NULL && t < level->terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, t);

      for (guint g = 0; g < terminal->groups->len; g++)
        g_array_index (terminal->groups, TsrMarathonTerminalGroup, g).permutation =
          g_array_index (snapshot->terminal_permutations, gint16, k++);
    }
  if (level->entry != NULL)
    {
      if (snapshot->had_iidx)
        tsr_wad_entry_set_chunk (level->entry, TAG_IIDX, g_bytes_ref (snapshot->iidx));
      else
        tsr_wad_entry_remove_chunk (level->entry, TAG_IIDX);
    }
}

static void
snapshot_clear (Snapshot *snapshot)
{
  g_clear_pointer (&snapshot->points, g_array_unref);
  g_clear_pointer (&snapshot->endpoints, g_array_unref);
  g_clear_pointer (&snapshot->lines, g_array_unref);
  g_clear_pointer (&snapshot->sides, g_array_unref);
  g_clear_pointer (&snapshot->polygons, g_array_unref);
  g_clear_pointer (&snapshot->objects, g_array_unref);
  g_clear_pointer (&snapshot->annotations, g_array_unref);
  g_clear_pointer (&snapshot->platforms, g_array_unref);
  g_clear_pointer (&snapshot->terminal_permutations, g_array_unref);
  g_clear_pointer (&snapshot->iidx, g_bytes_unref);
}

/* The error texts of LEVEL's validation, as a set. */
static GHashTable *
validation_errors (const TsrMarathonLevel *level)
{
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  GHashTable *errors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  tsr_marathon_level_validate (level, -1, "level", findings);
  for (guint i = 0; i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);

      if (finding->severity == TSR_SEVERITY_ERROR)
        g_hash_table_add (errors, g_strdup (finding->what));
    }
  return errors;
}

/* Derives the whole level and checks that it has no validation error it did not have BEFORE;
 * on a new one, puts SNAPSHOT back and fails naming it. */
static gboolean
finish (TsrMarathonLevel *level,
        Snapshot         *snapshot,
        GHashTable       *before,
        const char       *operation,
        GError          **error)
{
  g_autoptr(GHashTable) after = NULL;
  GHashTableIter iter;
  gpointer key;

  if (level->defer_map_indexes)
    tsr_marathon_derive_geometry (level);
  else
    tsr_marathon_derive_level (level);
  after = validation_errors (level);
  g_hash_table_iter_init (&iter, after);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (before, key))
      {
        g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s refused: it would leave %s"), operation,
                     (const char *) key);
        snapshot_restore (snapshot, level);
        return FALSE;
      }
  return TRUE;
}

static guint
n_points (const TsrMarathonLevel *level)
{
  return tsr_marathon_level_n_points (level);
}

static guint
add_point (TsrMarathonLevel *level,
           TsrMarathonPoint  at,
           guint             like)
{
  if (level->endpoints != NULL && (level->points == NULL || level->points->len == 0))
    {
      TsrMarathonEndpoint endpoint = g_array_index (level->endpoints, TsrMarathonEndpoint, like);

      endpoint.vertex = at;
      endpoint.transformed = at;
      g_array_append_val (level->endpoints, endpoint);
      return level->endpoints->len - 1;
    }
  g_array_append_val (level->points, at);
  return level->points->len - 1;
}

/* Shifts a side's texture offsets along the wall by DISTANCE (the engine draws x0 from the
 * side's first end). */
static void
shift_side (TsrMarathonSide *side,
            gint             distance)
{
  side->primary_texture.x0 = (gint16) (side->primary_texture.x0 + distance);
  side->secondary_texture.x0 = (gint16) (side->secondary_texture.x0 + distance);
  side->transparent_texture.x0 = (gint16) (side->transparent_texture.x0 + distance);
}

static gint
rounded_distance (TsrMarathonPoint a,
                  TsrMarathonPoint b)
{
  double dx = (double) b.x - a.x, dy = (double) b.y - a.y;

  return (gint) lround (sqrt (dx * dx + dy * dy));
}

/* Inserts VALUE at POSITION of a polygon's list of COUNT entries (room for one more checked). */
static void
insert_at (gint16 *list,
           guint   count,
           guint   position,
           gint16  value)
{
  memmove (list + position + 1, list + position, (count - position) * sizeof *list);
  list[position] = value;
}

gboolean
tsr_marathon_level_split_line (TsrMarathonLevel *level,
                               guint             line_index,
                               TsrMarathonPoint  at,
                               guint            *new_point,
                               guint            *new_line,
                               GError          **error)
{
  g_autoptr(GHashTable) before = NULL;
  Snapshot snapshot = { 0 };
  TsrMarathonLine *line, second;
  TsrMarathonPoint a, b;
  gint64 cross, along, length2;
  gint16 owners[2];
  guint point, added_line;
  gint first_part, second_part;
  gboolean ok;

  g_return_val_if_fail (level != NULL, FALSE);

  if (line_index >= (level->lines != NULL ? level->lines->len : 0))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("split: there is no line %u"), line_index);
      return FALSE;
    }
  line = &g_array_index (level->lines, TsrMarathonLine, line_index);
  if (line->endpoint_indexes[0] < 0 || (guint) line->endpoint_indexes[0] >= n_points (level)
      || line->endpoint_indexes[1] < 0 || (guint) line->endpoint_indexes[1] >= n_points (level))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("split: line %u has no valid ends"), line_index);
      return FALSE;
    }
  if (n_points (level) >= G_MAXINT16 || level->lines->len >= G_MAXINT16
      || (level->sides != NULL && level->sides->len + 2 > G_MAXINT16))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("split: the level holds 32,767 elements of a kind already"));
      return FALSE;
    }
  a = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[0]);
  b = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[1]);
  cross = (gint64) (b.x - a.x) * (at.y - a.y) - (gint64) (b.y - a.y) * (at.x - a.x);
  along = (gint64) (b.x - a.x) * (at.x - a.x) + (gint64) (b.y - a.y) * (at.y - a.y);
  length2 = (gint64) (b.x - a.x) * (b.x - a.x) + (gint64) (b.y - a.y) * (b.y - a.y);
  /* On the line exactly: a point beside it would bend one of the two polygons inwards. */
  if (cross != 0 || along <= 0 || along >= length2)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("split: (%d, %d) is not on line %u between (%d, %d) and (%d, %d)"), at.x, at.y, line_index,
                   a.x, a.y, b.x, b.y);
      return FALSE;
    }
  owners[0] = line->clockwise_polygon_owner;
  owners[1] = line->counterclockwise_polygon_owner;
  for (guint k = 0; k < 2; k++)
    if (owners[k] >= 0 && level->polygons != NULL && (guint) owners[k] < level->polygons->len
        && g_array_index (level->polygons, TsrMarathonPolygon, owners[k]).vertex_count >= 8)
      {
        g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                     _("split: polygon %d already has 8 vertices, the engine's most"), owners[k]);
        return FALSE;
      }

  before = validation_errors (level);
  snapshot_take (&snapshot, level);

  point = add_point (level, at, (guint) line->endpoint_indexes[1]);
  line = &g_array_index (level->lines, TsrMarathonLine, line_index);
  first_part = rounded_distance (a, at);
  second_part = rounded_distance (at, b);
  second = *line;
  second.endpoint_indexes[0] = (gint16) point;
  line->endpoint_indexes[1] = (gint16) point;
  added_line = level->lines->len;

  /* The clockwise side runs from the first end: the new (second) part's clone starts further
   * along. The counterclockwise side runs from the second end: the old (first) part moves on. */
  if (line->clockwise_side_index >= 0 && level->sides != NULL && (guint) line->clockwise_side_index < level->sides->len)
    {
      TsrMarathonSide clone = g_array_index (level->sides, TsrMarathonSide, line->clockwise_side_index);

      shift_side (&clone, first_part);
      clone.line_index = (gint16) added_line;
      second.clockwise_side_index = (gint16) level->sides->len;
      g_array_append_val (level->sides, clone);
    }
  if (line->counterclockwise_side_index >= 0 && level->sides != NULL
      && (guint) line->counterclockwise_side_index < level->sides->len)
    {
      TsrMarathonSide clone = g_array_index (level->sides, TsrMarathonSide, line->counterclockwise_side_index);

      clone.line_index = (gint16) added_line;
      second.counterclockwise_side_index = (gint16) level->sides->len;
      g_array_append_val (level->sides, clone);
      shift_side (&g_array_index (level->sides, TsrMarathonSide, line->counterclockwise_side_index), second_part);
    }
  g_array_append_val (level->lines, second);

  /* The clockwise owner walks first end -> second end: old part, then new. The counterclockwise
   * owner walks the other way: new part, then old. */
  for (guint k = 0; k < 2; k++)
    {
      TsrMarathonPolygon *polygon;

      if (owners[k] < 0 || level->polygons == NULL || (guint) owners[k] >= level->polygons->len)
        continue;
      polygon = &g_array_index (level->polygons, TsrMarathonPolygon, owners[k]);
      for (guint v = 0; v < polygon->vertex_count; v++)
        if (polygon->line_indexes[v] == (gint16) line_index)
          {
            insert_at (polygon->line_indexes, polygon->vertex_count, k == 0 ? v + 1 : v, (gint16) added_line);
            insert_at (polygon->endpoint_indexes, polygon->vertex_count, v + 1, (gint16) point);
            insert_at (polygon->adjacent_polygon_indexes, polygon->vertex_count, v + 1, TSR_MARATHON_NONE);
            insert_at (polygon->side_indexes, polygon->vertex_count, v + 1, TSR_MARATHON_NONE);
            polygon->vertex_count++;
            break;
          }
    }

  ok = finish (level, &snapshot, before, C_("geometry operation", "split"), error);
  snapshot_clear (&snapshot);
  if (ok && new_point != NULL)
    *new_point = point;
  if (ok && new_line != NULL)
    *new_line = added_line;
  return ok;
}

/* ---- Merge ------------------------------------------------------------------------------------- */

/* The platform switches of the engine's panel table (water, lava, sewage, pfhor, jjaro). */
#define PANEL_PLATFORM_SWITCH(type) ((type) == 5 || (type) == 14 || (type) == 25 || (type) == 36 || (type) == 47)
#define GROUP_INTRALEVEL_TELEPORT 7

/* After removing element REMOVED: an index equal to it becomes REPLACEMENT, later ones move down. */
static gint16
renumber (gint16 index,
          guint  removed,
          gint16 replacement)
{
  if (index < 0)
    return index;
  if ((guint) index == removed)
    return replacement;
  return (guint) index > removed ? (gint16) (index - 1) : index;
}

static void
remove_side (TsrMarathonLevel *level,
             guint             side)
{
  g_array_remove_index (level->sides, side);
  for (guint i = 0; i < level->lines->len; i++)
    {
      TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      line->clockwise_side_index = renumber (line->clockwise_side_index, side, TSR_MARATHON_NONE);
      line->counterclockwise_side_index = renumber (line->counterclockwise_side_index, side, TSR_MARATHON_NONE);
    }
  for (guint i = 0; i < level->polygons->len; i++)
    {
      TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);

      for (guint v = 0; v < 8; v++)
        polygon->side_indexes[v] = renumber (polygon->side_indexes[v], side, TSR_MARATHON_NONE);
    }
}

static void
remove_line (TsrMarathonLevel *level,
             guint             line)
{
  g_array_remove_index (level->lines, line);
  for (guint i = 0; i < level->polygons->len; i++)
    {
      TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);

      for (guint v = 0; v < polygon->vertex_count && v < 8; v++)
        polygon->line_indexes[v] = renumber (polygon->line_indexes[v], line, TSR_MARATHON_NONE);
    }
  for (guint i = 0; level->sides != NULL && i < level->sides->len; i++)
    {
      TsrMarathonSide *side = &g_array_index (level->sides, TsrMarathonSide, i);

      side->line_index = renumber (side->line_index, line, TSR_MARATHON_NONE);
    }
}

/* Removes polygon REMOVED; every reference to it names INTO (already renumbered) instead. */
static void
remove_polygon (TsrMarathonLevel *level,
                guint             removed,
                gint16            into)
{
  g_array_remove_index (level->polygons, removed);
  for (guint i = 0; i < level->lines->len; i++)
    {
      TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      line->clockwise_polygon_owner = renumber (line->clockwise_polygon_owner, removed, into);
      line->counterclockwise_polygon_owner = renumber (line->counterclockwise_polygon_owner, removed, into);
    }
  for (guint i = 0; level->sides != NULL && i < level->sides->len; i++)
    {
      TsrMarathonSide *side = &g_array_index (level->sides, TsrMarathonSide, i);

      side->polygon_index = renumber (side->polygon_index, removed, into);
      if ((side->flags & 0x0002) && PANEL_PLATFORM_SWITCH (side->control_panel_type))
        side->control_panel_permutation = renumber (side->control_panel_permutation, removed, into);
    }
  for (guint i = 0; i < level->polygons->len; i++)
    {
      TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);

      for (guint v = 0; v < 8; v++)
        polygon->adjacent_polygon_indexes[v] = renumber (polygon->adjacent_polygon_indexes[v], removed, into);
      if (polygon->type == 10 || (level->data_version != 0 && (polygon->type == 7 || polygon->type == 9)))
        polygon->permutation = renumber (polygon->permutation, removed, into);
    }
  for (guint i = 0; level->objects != NULL && i < level->objects->len; i++)
    {
      TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, i);

      object->polygon_index = renumber (object->polygon_index, removed, into);
    }
  for (guint i = 0; level->annotations != NULL && i < level->annotations->len; i++)
    {
      TsrMarathonAnnotation *note = &g_array_index (level->annotations, TsrMarathonAnnotation, i);

      note->polygon_index = renumber (note->polygon_index, removed, into);
    }
  for (guint i = 0; level->platforms != NULL && i < level->platforms->len; i++)
    {
      TsrMarathonPlatform *platform = &g_array_index (level->platforms, TsrMarathonPlatform, i);

      platform->polygon_index = renumber (platform->polygon_index, removed, into);
    }
  for (guint t = 0; level->terminals != NULL && t < level->terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, t);

      for (guint g = 0; g < terminal->groups->len; g++)
        {
          TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);

          if (group->type == GROUP_INTRALEVEL_TELEPORT)
            group->permutation = renumber (group->permutation, removed, into);
        }
    }
}

/* The start of LINE walking round POLYGON (the engine's clockwise_endpoint_in_line). */
static gint16
start_of (const TsrMarathonLine *line,
          gint16                 polygon)
{
  return line->endpoint_indexes[line->clockwise_polygon_owner == polygon ? 0 : 1];
}

gboolean
tsr_marathon_level_merge_polygons (TsrMarathonLevel *level,
                                   guint             a,
                                   guint             b,
                                   GError          **error)
{
  g_autoptr(GHashTable) before = NULL;
  Snapshot snapshot = { 0 };
  TsrMarathonPolygon *pa, *pb;
  gint16 merged[16], starts[16];
  guint n = 0, shared_count = 0, ka = 0, kb = 0, n_polygons = level->polygons != NULL ? level->polygons->len : 0;
  int sign = 0;
  gint16 shared = TSR_MARATHON_NONE;
  gboolean ok;

  g_return_val_if_fail (level != NULL, FALSE);

  refused_reset ();
  if (a == b || a >= n_polygons || b >= n_polygons)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("merge: polygons %u and %u are not two polygons of the level"), a, b);
      return FALSE;
    }
  pa = &g_array_index (level->polygons, TsrMarathonPolygon, a);
  pb = &g_array_index (level->polygons, TsrMarathonPolygon, b);
  if (pa->vertex_count < 3 || pa->vertex_count > 8 || pb->vertex_count < 3 || pb->vertex_count > 8)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("merge: polygon %u or %u has no valid vertex count"), a, b);
      return FALSE;
    }
  for (guint v = 0; v < pa->vertex_count; v++)
    {
      gint16 l = pa->line_indexes[v];

      if (l < 0 || (guint) l >= level->lines->len)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("merge: polygon %u has line %d outside the level"), a, l);
          return FALSE;
        }
      for (guint w = 0; w < pb->vertex_count; w++)
        if (pb->line_indexes[w] == l)
          {
            shared = l, ka = v, kb = w;
            shared_count++;
          }
    }
  for (guint w = 0; w < pb->vertex_count; w++)
    if (pb->line_indexes[w] < 0 || (guint) pb->line_indexes[w] >= level->lines->len)
      {
        g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("merge: polygon %u has line %d outside the level"), b,
                     pb->line_indexes[w]);
        return FALSE;
      }
  if (shared_count != 1)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("merge: polygons %u and %u share %u lines, not one"), a, b,
                   shared_count);
      return FALSE;
    }
  if (pa->vertex_count + pb->vertex_count - 2 > 8)
    {
      /* Every line of the outline the merge would make. */
      for (guint v = 0; v < pa->vertex_count; v++)
        if (v != ka)
          refused_blame (pa->line_indexes[v]);
      for (guint w = 0; w < pb->vertex_count; w++)
        if (w != kb)
          refused_blame (pb->line_indexes[w]);
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("merge: the result would have %u vertices, more than the engine's 8"),
                   pa->vertex_count + pb->vertex_count - 2);
      return FALSE;
    }
  if (pb->type == 5)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("merge: polygon %u is a platform; merge it the other way"), b);
      return FALSE;
    }
  for (guint i = 0; level->platforms != NULL && i < level->platforms->len; i++)
    if (g_array_index (level->platforms, TsrMarathonPlatform, i).polygon_index == (gint16) b)
      {
        g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("merge: polygon %u is platform %u's polygon"), b, i);
        return FALSE;
      }

  /* A's lines after the shared one, then B's: the walk round the merged polygon. */
  for (guint i = 1; i < pa->vertex_count; i++, n++)
    {
      merged[n] = pa->line_indexes[(ka + i) % pa->vertex_count];
      starts[n] = start_of (&g_array_index (level->lines, TsrMarathonLine, merged[n]), (gint16) a);
    }
  for (guint i = 1; i < pb->vertex_count; i++, n++)
    {
      merged[n] = pb->line_indexes[(kb + i) % pb->vertex_count];
      starts[n] = start_of (&g_array_index (level->lines, TsrMarathonLine, merged[n]), (gint16) b);
    }
  for (guint i = 0; i < n; i++)
    {
      TsrMarathonPoint p0 = tsr_marathon_level_point (level, (guint) starts[i]);
      TsrMarathonPoint p1 = tsr_marathon_level_point (level, (guint) starts[(i + 1) % n]);
      TsrMarathonPoint p2 = tsr_marathon_level_point (level, (guint) starts[(i + 2) % n]);
      gint64 cross = (gint64) (p1.x - p0.x) * (p2.y - p1.y) - (gint64) (p1.y - p0.y) * (p2.x - p1.x);

      if (cross == 0)
        continue;
      if (sign == 0)
        sign = cross > 0 ? 1 : -1;
      else if ((cross > 0 ? 1 : -1) != sign)
        {
          /* The two lines meeting at the corner that turns the wrong way. */
          refused_blame (merged[i]);
          refused_blame (merged[(i + 1) % n]);
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                       _("merge: polygons %u and %u together are concave at point %d"), a, b, starts[(i + 1) % n]);
          return FALSE;
        }
    }

  before = validation_errors (level);
  snapshot_take (&snapshot, level);

  /* A walks B's lines now; the shared line and its sides go, then B. */
  pa->vertex_count = (guint16) n;
  for (guint i = 0; i < 8; i++)
    {
      pa->line_indexes[i] = i < n ? merged[i] : TSR_MARATHON_NONE;
      pa->endpoint_indexes[i] = i < n ? starts[i] : TSR_MARATHON_NONE;
      pa->adjacent_polygon_indexes[i] = TSR_MARATHON_NONE;
      pa->side_indexes[i] = TSR_MARATHON_NONE;
    }
  for (guint i = 0; i < n; i++)
    {
      TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, merged[i]);

      if (line->clockwise_polygon_owner == (gint16) b)
        line->clockwise_polygon_owner = (gint16) a;
      if (line->counterclockwise_polygon_owner == (gint16) b)
        line->counterclockwise_polygon_owner = (gint16) a;
    }
  {
    TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, shared);
    gint16 sides[2] = { line->clockwise_side_index, line->counterclockwise_side_index };

    if (sides[0] < sides[1])
      {
        gint16 t = sides[0];

        sides[0] = sides[1];
        sides[1] = t;
      }
    for (guint k = 0; k < 2; k++)
      if (sides[k] >= 0 && level->sides != NULL && (guint) sides[k] < level->sides->len)
        remove_side (level, (guint) sides[k]);
  }
  remove_line (level, (guint) shared);
  remove_polygon (level, b, (gint16) (a > b ? a - 1 : a));

  ok = finish (level, &snapshot, before, C_("geometry operation", "merge"), error);
  snapshot_clear (&snapshot);
  return ok;
}

/* ---- Fill -------------------------------------------------------------------------------------- */

#define LINE_SOLID       0x4000
#define LINE_TRANSPARENT 0x2000

static gint64
cross3 (TsrMarathonPoint a,
        TsrMarathonPoint b,
        TsrMarathonPoint p)
{
  return (gint64) (b.x - a.x) * (p.y - a.y) - (gint64) (b.y - a.y) * (p.x - a.x);
}

static double
segment_distance2 (TsrMarathonPoint p,
                   TsrMarathonPoint a,
                   TsrMarathonPoint b)
{
  double abx = b.x - a.x, aby = b.y - a.y, apx = p.x - a.x, apy = p.y - a.y;
  double length2 = abx * abx + aby * aby, t = length2 > 0 ? (apx * abx + apy * aby) / length2 : 0;
  double dx, dy;

  t = CLAMP (t, 0.0, 1.0);
  dx = apx - t * abx;
  dy = apy - t * aby;
  return dx * dx + dy * dy;
}

/* The engine's side types from the two polygons' heights (recalculate_side_type, platforms
 * aside): 0 full, 1 high, 2 low, 4 split. */
static gint16
side_type_between (const TsrMarathonPolygon *polygon,
                   const TsrMarathonPolygon *opposite)
{
  if (opposite == NULL)
    return 0;
  if (opposite->ceiling_height < polygon->ceiling_height && opposite->floor_height > polygon->floor_height)
    return 4;
  if (opposite->floor_height > polygon->floor_height)
    return 2;
  if (opposite->ceiling_height < polygon->ceiling_height)
    return 1;
  return 0;
}

static void
new_side (TsrMarathonLevel         *level,
          TsrMarathonLine          *line,
          gboolean                  clockwise,
          gint16                    polygon_index,
          const TsrMarathonPolygon *polygon,
          const TsrMarathonPolygon *opposite,
          const TsrMarathonSide    *model)
{
  TsrMarathonSide side = { 0 };

  if (model != NULL)
    {
      side.primary_texture.texture = model->primary_texture.texture;
      side.secondary_texture.texture = model->secondary_texture.texture;
      side.primary_transfer_mode = model->primary_transfer_mode;
      side.secondary_transfer_mode = model->secondary_transfer_mode;
    }
  else
    side.primary_texture.texture = side.secondary_texture.texture = TSR_MARATHON_NONE;
  side.transparent_texture.texture = TSR_MARATHON_NONE;
  side.type = side_type_between (polygon, opposite);
  side.control_panel_type = TSR_MARATHON_NONE;
  side.control_panel_permutation = TSR_MARATHON_NONE;
  side.polygon_index = polygon_index;
  side.primary_lightsource_index = side.secondary_lightsource_index = side.transparent_lightsource_index =
    polygon->ceiling_lightsource_index;
  if (clockwise)
    line->clockwise_side_index = (gint16) level->sides->len;
  else
    line->counterclockwise_side_index = (gint16) level->sides->len;
  g_array_append_val (level->sides, side);
}

gboolean
tsr_marathon_level_fill (TsrMarathonLevel *level,
                         TsrMarathonPoint  at,
                         guint            *new_polygon,
                         GError          **error)
{
  g_autoptr(GHashTable) before = NULL;
  Snapshot snapshot = { 0 };
  guint n_lines = level->lines != NULL ? level->lines->len : 0, count = 0;
  guint n_polygons = level->polygons != NULL ? level->polygons->len : 0;
  gint16 loop_lines[9], loop_points[9];
  gboolean forward[9];
  int nearest = -1, template_index = -1;
  double best = G_MAXDOUBLE;
  TsrMarathonPolygon polygon = { 0 };
  gint16 index = (gint16) n_polygons;
  gboolean ok;

  g_return_val_if_fail (level != NULL, FALSE);

  refused_reset ();
  if (level->polygons == NULL || level->sides == NULL || n_lines == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("fill: the level has no lines to fill between"));
      return FALSE;
    }
  if (n_polygons >= G_MAXINT16 || level->sides->len + 8 > G_MAXINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("fill: the level holds 32,767 polygons or sides already"));
      return FALSE;
    }
  for (guint i = 0; i < n_lines; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);
      double d;

      if (line->endpoint_indexes[0] < 0 || (guint) line->endpoint_indexes[0] >= n_points (level)
          || line->endpoint_indexes[1] < 0 || (guint) line->endpoint_indexes[1] >= n_points (level))
        continue;
      d = segment_distance2 (at, tsr_marathon_level_point (level, (guint) line->endpoint_indexes[0]),
                             tsr_marathon_level_point (level, (guint) line->endpoint_indexes[1]));
      if (d < best)
        best = d, nearest = (int) i;
    }
  if (nearest < 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("fill: the level has no lines to fill between"));
      return FALSE;
    }

  /* Walk with AT on the right (the inside of a clockwise polygon), turning as sharply right as
   * the lines allow at each point. */
  {
    const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, nearest);
    TsrMarathonPoint a = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[0]);
    TsrMarathonPoint b = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[1]);
    gint64 side = cross3 (a, b, at);
    gint16 start, current, previous;

    if (side == 0)
      {
        g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("fill: (%d, %d) is on line %d"), at.x, at.y, nearest);
        return FALSE;
      }
    forward[0] = side > 0;
    start = line->endpoint_indexes[forward[0] ? 0 : 1];
    current = line->endpoint_indexes[forward[0] ? 1 : 0];
    loop_lines[0] = (gint16) nearest;
    loop_points[0] = start;
    count = 1;
    previous = start;
    while (current != start)
      {
        TsrMarathonPoint u = tsr_marathon_level_point (level, (guint) previous);
        TsrMarathonPoint v = tsr_marathon_level_point (level, (guint) current);
        double in_x = v.x - u.x, in_y = v.y - u.y, best_turn = -G_MAXDOUBLE;
        int next_line = -1;
        gint16 next_point = -1;
        gboolean next_forward = TRUE;

        if (count >= 9)
          {
            for (guint i = 0; i < count; i++)
              refused_blame (loop_lines[i]);
            g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                         _("fill: the loop round (%d, %d) has more than 8 lines, the engine's most"), at.x, at.y);
            return FALSE;
          }
        for (guint i = 0; i < n_lines; i++)
          {
            const TsrMarathonLine *candidate = &g_array_index (level->lines, TsrMarathonLine, i);
            gint16 other;
            TsrMarathonPoint w;
            double out_x, out_y, turn;

            if ((gint16) i == loop_lines[count - 1])
              continue;
            if (candidate->endpoint_indexes[0] == current)
              other = candidate->endpoint_indexes[1];
            else if (candidate->endpoint_indexes[1] == current)
              other = candidate->endpoint_indexes[0];
            else
              continue;
            if (other < 0 || (guint) other >= n_points (level))
              continue;
            w = tsr_marathon_level_point (level, (guint) other);
            out_x = w.x - v.x, out_y = w.y - v.y;
            turn = atan2 (in_x * out_y - in_y * out_x, in_x * out_x + in_y * out_y);
            if (turn > best_turn)
              {
                best_turn = turn;
                next_line = (int) i;
                next_point = other;
                next_forward = candidate->endpoint_indexes[0] == current;
              }
          }
        if (next_line < 0)
          {
            g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("fill: no closed loop round (%d, %d): point %d ends a line"),
                         at.x, at.y, current);
            return FALSE;
          }
        loop_lines[count] = (gint16) next_line;
        loop_points[count] = current;
        forward[count] = next_forward;
        count++;
        previous = current;
        current = next_point;
      }
  }
  if (count > 8)
    {
      for (guint i = 0; i < count; i++)
        refused_blame (loop_lines[i]);
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("fill: the loop round (%d, %d) has more than 8 lines, the engine's most"), at.x, at.y);
      return FALSE;
    }
  if (count < 3)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("fill: the loop round (%d, %d) has %u lines"), at.x, at.y, count);
      return FALSE;
    }

  /* Convex, with AT inside, nothing inside it, and no polygon on its inner side yet. */
  for (guint i = 0; i < count; i++)
    {
      TsrMarathonPoint p0 = tsr_marathon_level_point (level, (guint) loop_points[i]);
      TsrMarathonPoint p1 = tsr_marathon_level_point (level, (guint) loop_points[(i + 1) % count]);
      TsrMarathonPoint p2 = tsr_marathon_level_point (level, (guint) loop_points[(i + 2) % count]);
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, loop_lines[i]);

      if (cross3 (p0, p1, p2) < 0)
        {
          refused_blame (loop_lines[i]);
          refused_blame (loop_lines[(i + 1) % count]);
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("fill: the loop round (%d, %d) is concave at point %d"),
                       at.x, at.y, loop_points[(i + 1) % count]);
          return FALSE;
        }
      if (cross3 (p0, p1, at) <= 0)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("fill: (%d, %d) is not inside the loop found"), at.x, at.y);
          return FALSE;
        }
      if ((forward[i] ? line->clockwise_polygon_owner : line->counterclockwise_polygon_owner) != TSR_MARATHON_NONE)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("fill: polygon %d is already there"),
                       forward[i] ? line->clockwise_polygon_owner : line->counterclockwise_polygon_owner);
          return FALSE;
        }
    }
  for (guint p = 0; p < n_points (level); p++)
    {
      TsrMarathonPoint q = tsr_marathon_level_point (level, p);
      gboolean inside = TRUE;

      for (guint i = 0; i < count && inside; i++)
        inside = cross3 (tsr_marathon_level_point (level, (guint) loop_points[i]),
                         tsr_marathon_level_point (level, (guint) loop_points[(i + 1) % count]), q) > 0;
      if (inside)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("fill: the loop round (%d, %d) holds point %u"), at.x, at.y, p);
          return FALSE;
        }
    }

  /* The neighbour across the first shared line lends its heights, lights and textures. */
  for (guint i = 0; i < count && template_index < 0; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, loop_lines[i]);
      gint16 other = forward[i] ? line->counterclockwise_polygon_owner : line->clockwise_polygon_owner;

      if (other >= 0 && (guint) other < n_polygons)
        template_index = other;
    }
  if (template_index >= 0)
    {
      const TsrMarathonPolygon *model = &g_array_index (level->polygons, TsrMarathonPolygon, template_index);

      polygon.floor_texture = model->floor_texture;
      polygon.ceiling_texture = model->ceiling_texture;
      polygon.floor_height = model->floor_height;
      polygon.ceiling_height = model->ceiling_height;
      polygon.floor_lightsource_index = model->floor_lightsource_index;
      polygon.ceiling_lightsource_index = model->ceiling_lightsource_index;
      polygon.floor_transfer_mode = model->floor_transfer_mode;
      polygon.ceiling_transfer_mode = model->ceiling_transfer_mode;
      polygon.media_index = model->media_index;
      polygon.media_lightsource_index = model->media_lightsource_index;
      polygon.ambient_sound_image_index = model->ambient_sound_image_index;
      polygon.random_sound_image_index = model->random_sound_image_index;
    }
  else
    {
      guint n_lights = level->data_version == 0 ? (level->old_lights != NULL ? level->old_lights->len : 0)
                                                : (level->lights != NULL ? level->lights->len : 0);

      polygon.floor_texture = polygon.ceiling_texture = TSR_MARATHON_NONE;
      polygon.ceiling_height = 1024;
      polygon.floor_lightsource_index = polygon.ceiling_lightsource_index = n_lights > 0 ? 0 : TSR_MARATHON_NONE;
      polygon.media_index = polygon.media_lightsource_index = TSR_MARATHON_NONE;
      polygon.ambient_sound_image_index = polygon.random_sound_image_index = TSR_MARATHON_NONE;
    }
  polygon.type = 0;
  polygon.first_object = TSR_MARATHON_NONE;
  polygon.vertex_count = (guint16) count;
  for (guint v = 0; v < 8; v++)
    {
      polygon.endpoint_indexes[v] = v < count ? loop_points[v] : TSR_MARATHON_NONE;
      polygon.line_indexes[v] = v < count ? loop_lines[v] : TSR_MARATHON_NONE;
      polygon.adjacent_polygon_indexes[v] = polygon.side_indexes[v] = TSR_MARATHON_NONE;
    }

  before = validation_errors (level);
  snapshot_take (&snapshot, level);
  g_array_append_val (level->polygons, polygon);
  for (guint i = 0; i < count; i++)
    {
      TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, loop_lines[i]);
      gint16 other = forward[i] ? line->counterclockwise_polygon_owner : line->clockwise_polygon_owner;
      const TsrMarathonPolygon *self = &g_array_index (level->polygons, TsrMarathonPolygon, index);
      const TsrMarathonPolygon *opposite = other >= 0 ? &g_array_index (level->polygons, TsrMarathonPolygon, other) : NULL;
      const TsrMarathonSide *model = NULL;
      TsrMarathonSide copy;
      gint16 own_side = forward[i] ? line->clockwise_side_index : line->counterclockwise_side_index;
      gint16 other_side = forward[i] ? line->counterclockwise_side_index : line->clockwise_side_index;

      if (forward[i])
        line->clockwise_polygon_owner = index;
      else
        line->counterclockwise_polygon_owner = index;
      if (other_side >= 0 && (guint) other_side < level->sides->len)
        model = &g_array_index (level->sides, TsrMarathonSide, other_side);
      /* A wall takes the look of the neighbour's walls. */
      if (model == NULL && template_index >= 0)
        {
          const TsrMarathonPolygon *neighbour = &g_array_index (level->polygons, TsrMarathonPolygon, template_index);

          for (guint v = 0; v < neighbour->vertex_count && v < 8 && model == NULL; v++)
            if (neighbour->side_indexes[v] >= 0 && (guint) neighbour->side_indexes[v] < level->sides->len
                && g_array_index (level->sides, TsrMarathonSide, neighbour->side_indexes[v]).primary_texture.texture
                   != TSR_MARATHON_NONE)
              model = &g_array_index (level->sides, TsrMarathonSide, neighbour->side_indexes[v]);
        }
      if (model != NULL)
        {
          copy = *model;
          model = &copy;
        }
      if (opposite != NULL)
        {
          /* Shared now: passable and see-through, and the neighbour's wall there shows only
           * where a step or a ceiling drop remains. */
          line->flags = (guint16) ((line->flags & ~LINE_SOLID) | LINE_TRANSPARENT);
          if (other_side >= 0 && (guint) other_side < level->sides->len)
            {
              TsrMarathonSide *facing = &g_array_index (level->sides, TsrMarathonSide, other_side);

              facing->type = side_type_between (opposite, self);
              if (facing->type == 0)
                facing->primary_texture.texture = TSR_MARATHON_NONE;
              facing->transparent_texture.texture = TSR_MARATHON_NONE;
            }
        }
      if (own_side < 0 && (opposite == NULL || side_type_between (self, opposite) != 0))
        new_side (level, line, forward[i], index, self, opposite, model);
    }

  ok = finish (level, &snapshot, before, C_("geometry operation", "fill"), error);
  snapshot_clear (&snapshot);
  if (ok && new_polygon != NULL)
    *new_polygon = (guint) index;
  return ok;
}

/* ---- Drawing ----------------------------------------------------------------------------------- */

/* Whether P lies strictly inside convex polygon INDEX (clockwise on screen: every edge has P on
 * its right). */
static gboolean
inside_polygon (const TsrMarathonLevel *level,
                guint                   index,
                TsrMarathonPoint        p)
{
  const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, index);
  guint n = MIN (polygon->vertex_count, 8);

  if (n < 3)
    return FALSE;
  for (guint v = 0; v < n; v++)
    {
      gint16 a = polygon->endpoint_indexes[v], b = polygon->endpoint_indexes[(v + 1) % n];

      if (a < 0 || (guint) a >= n_points (level) || b < 0 || (guint) b >= n_points (level))
        return FALSE;
      if (cross3 (tsr_marathon_level_point (level, (guint) a), tsr_marathon_level_point (level, (guint) b), p) <= 0)
        return FALSE;
    }
  return TRUE;
}

/* The polygon holding P strictly inside, or -1. */
static gint
polygon_holding (const TsrMarathonLevel *level,
                 TsrMarathonPoint        p)
{
  for (guint i = 0; level->polygons != NULL && i < level->polygons->len; i++)
    if (inside_polygon (level, i, p))
      return (gint) i;
  return -1;
}

static gboolean
strictly_between (TsrMarathonPoint a,
                  TsrMarathonPoint b,
                  TsrMarathonPoint p)
{
  gint64 along = (gint64) (b.x - a.x) * (p.x - a.x) + (gint64) (b.y - a.y) * (p.y - a.y);
  gint64 length2 = (gint64) (b.x - a.x) * (b.x - a.x) + (gint64) (b.y - a.y) * (b.y - a.y);

  return cross3 (a, b, p) == 0 && along > 0 && along < length2;
}

static int
sign64 (gint64 value)
{
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

/* Why a new line from point A to point B cannot be drawn (a line there already, one it would
 * cross or overlap, a point it would pass through), or NULL. Free the text. */
static char *
line_obstacle (const TsrMarathonLevel *level,
               guint                   a,
               guint                   b)
{
  TsrMarathonPoint pa = tsr_marathon_level_point (level, a), pb = tsr_marathon_level_point (level, b);

  refused_reset ();
  for (guint p = 0; p < n_points (level); p++)
    if (p != a && p != b && strictly_between (pa, pb, tsr_marathon_level_point (level, p)))
      return g_strdup_printf (_("it would pass through point %u"), p);
  for (guint i = 0; level->lines != NULL && i < level->lines->len; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);
      gint16 c = line->endpoint_indexes[0], d = line->endpoint_indexes[1];
      TsrMarathonPoint pc, pd;

      if (c < 0 || (guint) c >= n_points (level) || d < 0 || (guint) d >= n_points (level))
        continue;
      if (((guint) c == a && (guint) d == b) || ((guint) c == b && (guint) d == a))
        return (refused_blame ((gint) i), g_strdup_printf (_("line %u joins those points already"), i));
      pc = tsr_marathon_level_point (level, (guint) c);
      pd = tsr_marathon_level_point (level, (guint) d);
      if ((guint) c == a || (guint) c == b || (guint) d == a || (guint) d == b)
        {
          /* Sharing an end: they overlap only when collinear and pointing the same way. */
          TsrMarathonPoint shared = ((guint) c == a || (guint) c == b) ? pc : pd;
          TsrMarathonPoint other_new = ((guint) c == a || (guint) d == a) ? pb : pa;
          TsrMarathonPoint other_old = ((guint) c == a || (guint) c == b) ? pd : pc;

          if (cross3 (shared, other_new, other_old) == 0
              && (gint64) (other_new.x - shared.x) * (other_old.x - shared.x)
                 + (gint64) (other_new.y - shared.y) * (other_old.y - shared.y) > 0)
            return (refused_blame ((gint) i), g_strdup_printf (_("it would overlap line %u"), i));
          continue;
        }
      if (strictly_between (pc, pd, pa) || strictly_between (pc, pd, pb))
        return (refused_blame ((gint) i), g_strdup_printf (_("it would end on line %u (split the line there first)"), i));
      if (sign64 (cross3 (pa, pb, pc)) * sign64 (cross3 (pa, pb, pd)) < 0
          && sign64 (cross3 (pc, pd, pa)) * sign64 (cross3 (pc, pd, pb)) < 0)
        return (refused_blame ((gint) i), g_strdup_printf (_("it would cross line %u"), i));
    }
  return NULL;
}

static GArray *
ensure_array (GArray **array,
              gsize    element_size)
{
  if (*array == NULL)
    *array = g_array_new (FALSE, TRUE, (guint) element_size);
  return *array;
}

gboolean
tsr_marathon_level_add_point (TsrMarathonLevel *level,
                              TsrMarathonPoint  at,
                              guint            *new_point,
                              GError          **error)
{
  g_autoptr(GHashTable) before = NULL;
  Snapshot snapshot = { 0 };
  gint holder;
  gboolean ok;

  g_return_val_if_fail (level != NULL, FALSE);

  if (n_points (level) >= G_MAXINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("draw: the level holds 32,767 points already"));
      return FALSE;
    }
  for (guint p = 0; p < n_points (level); p++)
    {
      TsrMarathonPoint q = tsr_marathon_level_point (level, p);

      if (q.x == at.x && q.y == at.y)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("draw: point %u is at (%d, %d) already"), p, at.x, at.y);
          return FALSE;
        }
    }
  for (guint i = 0; level->lines != NULL && i < level->lines->len; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

      if (line->endpoint_indexes[0] >= 0 && (guint) line->endpoint_indexes[0] < n_points (level)
          && line->endpoint_indexes[1] >= 0 && (guint) line->endpoint_indexes[1] < n_points (level)
          && strictly_between (tsr_marathon_level_point (level, (guint) line->endpoint_indexes[0]),
                               tsr_marathon_level_point (level, (guint) line->endpoint_indexes[1]), at))
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("draw: (%d, %d) is on line %u: split the line there"),
                       at.x, at.y, i);
          return FALSE;
        }
    }
  holder = polygon_holding (level, at);
  if (holder >= 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("draw: (%d, %d) is inside polygon %d: a polygon cannot hold a loose point"), at.x, at.y, holder);
      return FALSE;
    }

  before = validation_errors (level);
  snapshot_take (&snapshot, level);
  if (level->endpoints != NULL && (level->points == NULL || level->points->len == 0))
    {
      TsrMarathonEndpoint endpoint = { .vertex = at, .transformed = at, .supporting_polygon_index = TSR_MARATHON_NONE };

      g_array_append_val (level->endpoints, endpoint);
    }
  else
    g_array_append_val (ensure_array (&level->points, sizeof (TsrMarathonPoint)), at);
  ok = finish (level, &snapshot, before, C_("geometry operation", "draw"), error);
  snapshot_clear (&snapshot);
  if (ok && new_point != NULL)
    *new_point = n_points (level) - 1;
  return ok;
}

gboolean
tsr_marathon_level_add_line (TsrMarathonLevel *level,
                             guint             a,
                             guint             b,
                             guint            *new_line,
                             GError          **error)
{
  g_autoptr(GHashTable) before = NULL;
  g_autofree char *obstacle = NULL;
  Snapshot snapshot = { 0 };
  TsrMarathonLine line = { 0 };
  TsrMarathonPoint pa, pb, middle;
  gint holder;
  gboolean ok;

  g_return_val_if_fail (level != NULL, FALSE);

  refused_reset ();
  if (a >= n_points (level) || b >= n_points (level) || a == b)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("draw: points %u and %u are not two points of the level"), a, b);
      return FALSE;
    }
  if (level->lines != NULL && level->lines->len >= G_MAXINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("draw: the level holds 32,767 lines already"));
      return FALSE;
    }
  obstacle = line_obstacle (level, a, b);
  if (obstacle != NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("draw: no line from point %u to %u: %s"), a, b, obstacle);
      return FALSE;
    }
  pa = tsr_marathon_level_point (level, a);
  pb = tsr_marathon_level_point (level, b);
  middle = (TsrMarathonPoint) { (gint16) (((gint) pa.x + pb.x) / 2), (gint16) (((gint) pa.y + pb.y) / 2) };
  holder = polygon_holding (level, middle);
  if (holder >= 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("draw: the line from point %u to %u runs inside polygon %d (join two of its corners to split it)"),
                   a, b, holder);
      return FALSE;
    }

  before = validation_errors (level);
  snapshot_take (&snapshot, level);
  line.endpoint_indexes[0] = (gint16) a;
  line.endpoint_indexes[1] = (gint16) b;
  line.flags = LINE_SOLID;
  line.clockwise_side_index = line.counterclockwise_side_index = TSR_MARATHON_NONE;
  line.clockwise_polygon_owner = line.counterclockwise_polygon_owner = TSR_MARATHON_NONE;
  g_array_append_val (ensure_array (&level->lines, sizeof (TsrMarathonLine)), line);
  ok = finish (level, &snapshot, before, C_("geometry operation", "draw"), error);
  snapshot_clear (&snapshot);
  if (ok && new_line != NULL)
    *new_line = level->lines->len - 1;
  return ok;
}

gboolean
tsr_marathon_level_split_polygon (TsrMarathonLevel *level,
                                  guint             polygon_index,
                                  guint             point_a,
                                  guint             point_b,
                                  guint            *new_polygon,
                                  GError          **error)
{
  g_autoptr(GHashTable) before = NULL;
  g_autofree char *obstacle = NULL;
  Snapshot snapshot = { 0 };
  TsrMarathonPolygon *original, first, second;
  TsrMarathonLine line = { 0 };
  guint n, ia = G_MAXUINT, ib = G_MAXUINT, n_polygons = level->polygons != NULL ? level->polygons->len : 0;
  guint n1 = 0, n2 = 0, added;
  gint16 added_line, index;
  gboolean ok;

  g_return_val_if_fail (level != NULL, FALSE);

  if (polygon_index >= n_polygons)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("split: there is no polygon %u"), polygon_index);
      return FALSE;
    }
  if (n_polygons >= G_MAXINT16 || (level->lines != NULL && level->lines->len >= G_MAXINT16))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("split: the level holds 32,767 polygons or lines already"));
      return FALSE;
    }
  original = &g_array_index (level->polygons, TsrMarathonPolygon, polygon_index);
  n = original->vertex_count;
  for (guint v = 0; v < n && v < 8; v++)
    {
      if (original->endpoint_indexes[v] == (gint16) point_a)
        ia = v;
      if (original->endpoint_indexes[v] == (gint16) point_b)
        ib = v;
      if (original->line_indexes[v] < 0 || level->lines == NULL || (guint) original->line_indexes[v] >= level->lines->len)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("split: polygon %u has line %d outside the level"),
                       polygon_index, original->line_indexes[v]);
          return FALSE;
        }
    }
  if (n < 4 || n > 8 || ia == G_MAXUINT || ib == G_MAXUINT || ia == ib || (ia + 1) % n == ib || (ib + 1) % n == ia)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("split: points %u and %u are not two corners of polygon %u with a corner between them on each side"),
                   point_a, point_b, polygon_index);
      return FALSE;
    }
  if (original->type == 5)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("split: polygon %u is a platform"), polygon_index);
      return FALSE;
    }
  for (guint i = 0; level->platforms != NULL && i < level->platforms->len; i++)
    if (g_array_index (level->platforms, TsrMarathonPlatform, i).polygon_index == (gint16) polygon_index)
      {
        g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("split: polygon %u is platform %u's polygon"), polygon_index, i);
        return FALSE;
      }
  obstacle = line_obstacle (level, point_a, point_b);
  if (obstacle != NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("split: no line from point %u to %u: %s"), point_a, point_b, obstacle);
      return FALSE;
    }

  before = validation_errors (level);
  snapshot_take (&snapshot, level);
  added_line = (gint16) level->lines->len;
  index = (gint16) n_polygons;
  original = &g_array_index (level->polygons, TsrMarathonPolygon, polygon_index);
  first = second = *original;
  for (guint v = 0; v < 8; v++)
    {
      first.endpoint_indexes[v] = first.line_indexes[v] = TSR_MARATHON_NONE;
      second.endpoint_indexes[v] = second.line_indexes[v] = TSR_MARATHON_NONE;
      first.adjacent_polygon_indexes[v] = first.side_indexes[v] = TSR_MARATHON_NONE;
      second.adjacent_polygon_indexes[v] = second.side_indexes[v] = TSR_MARATHON_NONE;
    }
  /* The first part walks A .. B and back along the new line, the second B .. A and back: both
   * keep the clockwise order, and each copies the polygon's records. */
  for (guint v = ia; v != ib; v = (v + 1) % n, n1++)
    {
      first.endpoint_indexes[n1] = original->endpoint_indexes[v];
      first.line_indexes[n1] = original->line_indexes[v];
    }
  first.endpoint_indexes[n1] = (gint16) point_b;
  first.line_indexes[n1++] = added_line;
  for (guint v = ib; v != ia; v = (v + 1) % n, n2++)
    {
      second.endpoint_indexes[n2] = original->endpoint_indexes[v];
      second.line_indexes[n2] = original->line_indexes[v];
    }
  second.endpoint_indexes[n2] = (gint16) point_a;
  second.line_indexes[n2++] = added_line;
  first.vertex_count = (guint16) n1;
  second.vertex_count = (guint16) n2;
  *original = first;
  g_array_append_val (level->polygons, second);

  /* The second part's lines and their sides name the new polygon now. */
  for (guint v = 0; v + 1 < n2; v++)
    {
      TsrMarathonLine *edge = &g_array_index (level->lines, TsrMarathonLine, second.line_indexes[v]);
      gint16 *owners[2] = { &edge->clockwise_polygon_owner, &edge->counterclockwise_polygon_owner };
      gint16 sides[2] = { edge->clockwise_side_index, edge->counterclockwise_side_index };

      for (guint k = 0; k < 2; k++)
        if (*owners[k] == (gint16) polygon_index)
          {
            *owners[k] = index;
            if (sides[k] >= 0 && level->sides != NULL && (guint) sides[k] < level->sides->len)
              g_array_index (level->sides, TsrMarathonSide, sides[k]).polygon_index = index;
          }
    }
  /* The new line runs from A to B: the second part walks it forwards (its clockwise owner), the
   * first part backwards. Same heights on both sides: a passage with no sides. */
  line.endpoint_indexes[0] = (gint16) point_a;
  line.endpoint_indexes[1] = (gint16) point_b;
  line.flags = LINE_TRANSPARENT;
  line.clockwise_side_index = line.counterclockwise_side_index = TSR_MARATHON_NONE;
  line.clockwise_polygon_owner = index;
  line.counterclockwise_polygon_owner = (gint16) polygon_index;
  g_array_append_val (level->lines, line);

  /* Objects and annotations in the second part move with it. */
  for (guint i = 0; level->objects != NULL && i < level->objects->len; i++)
    {
      TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, i);
      TsrMarathonPoint at = { object->x, object->y };

      if (object->polygon_index == (gint16) polygon_index && inside_polygon (level, (guint) index, at))
        object->polygon_index = index;
    }
  for (guint i = 0; level->annotations != NULL && i < level->annotations->len; i++)
    {
      TsrMarathonAnnotation *annotation = &g_array_index (level->annotations, TsrMarathonAnnotation, i);

      if (annotation->polygon_index == (gint16) polygon_index && inside_polygon (level, (guint) index, annotation->location))
        annotation->polygon_index = index;
    }
  added = (guint) index;
  ok = finish (level, &snapshot, before, C_("geometry operation", "split"), error);
  snapshot_clear (&snapshot);
  if (ok && new_polygon != NULL)
    *new_polygon = added;
  return ok;
}

/* ---- Shapes ------------------------------------------------------------------------------------ */

/* Whether segments AB and CD (no shared corner) cross or touch. */
static gboolean
segments_meet (TsrMarathonPoint a,
               TsrMarathonPoint b,
               TsrMarathonPoint c,
               TsrMarathonPoint d)
{
  if (sign64 (cross3 (a, b, c)) * sign64 (cross3 (a, b, d)) < 0
      && sign64 (cross3 (c, d, a)) * sign64 (cross3 (c, d, b)) < 0)
    return TRUE;
  return strictly_between (a, b, c) || strictly_between (a, b, d)
         || strictly_between (c, d, a) || strictly_between (c, d, b);
}

TsrMarathonShape
tsr_marathon_corners_shape (const TsrMarathonPoint *corners,
                            guint                   n)
{
  gboolean left = FALSE, right = FALSE;
  gint64 twice = 0;

  if (n < 3)
    return TSR_MARATHON_SHAPE_DEGENERATE;
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (corners[i].x == corners[j].x && corners[i].y == corners[j].y)
        return TSR_MARATHON_SHAPE_DEGENERATE;
  for (guint i = 0; i < n; i++)
    {
      TsrMarathonPoint p0 = corners[i], p1 = corners[(i + 1) % n], p2 = corners[(i + 2) % n];
      gint64 turn = cross3 (p0, p1, p2);

      /* Straight on is allowed; straight back is an edge folded onto the one before. */
      if (turn == 0 && (gint64) (p1.x - p0.x) * (p2.x - p1.x) + (gint64) (p1.y - p0.y) * (p2.y - p1.y) < 0)
        return TSR_MARATHON_SHAPE_DEGENERATE;
      left |= turn < 0;
      right |= turn > 0;
      twice += (gint64) p0.x * p1.y - (gint64) p1.x * p0.y;
    }
  /* Edges that are not neighbours must not meet (a star turns one way only, yet crosses itself). */
  for (guint i = 0; i < n; i++)
    for (guint j = i + 2; j < n; j++)
      if ((j + 1) % n != i
          && segments_meet (corners[i], corners[(i + 1) % n], corners[j], corners[(j + 1) % n]))
        return TSR_MARATHON_SHAPE_SELF_INTERSECTING;
  if (twice == 0)
    return TSR_MARATHON_SHAPE_DEGENERATE;
  if (left && right)
    return TSR_MARATHON_SHAPE_CONCAVE;
  return twice < 0 ? TSR_MARATHON_SHAPE_INSIDE_OUT : TSR_MARATHON_SHAPE_OK;
}

TsrMarathonShape
tsr_marathon_level_polygon_shape (const TsrMarathonLevel *level,
                                  guint                   polygon)
{
  const TsrMarathonPolygon *record;
  TsrMarathonPoint corners[8];

  g_return_val_if_fail (level->polygons != NULL && polygon < level->polygons->len, TSR_MARATHON_SHAPE_DEGENERATE);
  record = &g_array_index (level->polygons, TsrMarathonPolygon, polygon);
  if (record->vertex_count > 8)
    return TSR_MARATHON_SHAPE_DEGENERATE;
  for (guint v = 0; v < record->vertex_count; v++)
    {
      if (record->endpoint_indexes[v] < 0 || (guint) record->endpoint_indexes[v] >= n_points (level))
        return TSR_MARATHON_SHAPE_DEGENERATE;
      corners[v] = tsr_marathon_level_point (level, (guint) record->endpoint_indexes[v]);
    }
  return tsr_marathon_corners_shape (corners, record->vertex_count);
}
