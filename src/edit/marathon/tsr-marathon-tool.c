/* tsr-marathon-tool.c: helpers the Marathon tools share (see tsr-marathon-tools-private.h), and
 * the merge of the selection. */
#include "config.h"

#include "edit/marathon/tsr-marathon-tools-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-geometry.h"

TsrMarathonLevelMap *
tsr_marathon_tool_get_map (TsrEditSession *session)
{
  TsrVectorMap *map = session != NULL ? tsr_edit_session_get_vector_map (session) : NULL;

  return map != NULL && TSR_IS_MARATHON_LEVEL_MAP (map) ? TSR_MARATHON_LEVEL_MAP (map) : NULL;
}

static gboolean
line_ends (const TsrMarathonLevel *level,
           guint                   index,
           TsrMarathonPoint       *a,
           TsrMarathonPoint       *b)
{
  const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, index);
  guint n = tsr_marathon_level_n_points (level);

  if (line->endpoint_indexes[0] < 0 || (guint) line->endpoint_indexes[0] >= n
      || line->endpoint_indexes[1] < 0 || (guint) line->endpoint_indexes[1] >= n)
    return FALSE;
  *a = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[0]);
  *b = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[1]);
  return TRUE;
}

static gboolean
on_line_strictly (TsrMarathonPoint a,
                  TsrMarathonPoint b,
                  TsrMarathonPoint p)
{
  gint64 cross = (gint64) (b.x - a.x) * (p.y - a.y) - (gint64) (b.y - a.y) * (p.x - a.x);
  gint64 along = (gint64) (b.x - a.x) * (p.x - a.x) + (gint64) (b.y - a.y) * (p.y - a.y);
  gint64 length2 = (gint64) (b.x - a.x) * (b.x - a.x) + (gint64) (b.y - a.y) * (b.y - a.y);

  return cross == 0 && along > 0 && along < length2;
}

static guint
gcd (guint a,
     guint b)
{
  while (b != 0)
    {
      guint t = a % b;

      a = b;
      b = t;
    }
  return a;
}

/* The point with whole coordinates on the line A-B, strictly between its ends, nearest (X, Y);
 * FALSE when the line has none. */
static gboolean
lattice_point_near (TsrMarathonPoint  a,
                    TsrMarathonPoint  b,
                    double            x,
                    double            y,
                    TsrMarathonPoint *at)
{
  gint dx = b.x - a.x, dy = b.y - a.y;
  guint g = gcd ((guint) ABS (dx), (guint) ABS (dy));
  double length2 = (double) dx * dx + (double) dy * dy, t;
  gint k;

  if (g < 2 || length2 <= 0)
    return FALSE;
  t = ((x - a.x) * dx + (y - a.y) * dy) / length2;
  k = (gint) lround (t * g);
  k = CLAMP (k, 1, (gint) g - 1);
  at->x = (gint16) (a.x + k * (dx / (gint) g));
  at->y = (gint16) (a.y + k * (dy / (gint) g));
  return TRUE;
}

static double
segment_distance (TsrMarathonPoint a,
                  TsrMarathonPoint b,
                  double           x,
                  double           y)
{
  double abx = b.x - a.x, aby = b.y - a.y, length2 = abx * abx + aby * aby;
  double t = length2 > 0 ? ((x - a.x) * abx + (y - a.y) * aby) / length2 : 0;

  t = CLAMP (t, 0.0, 1.0);
  return hypot (x - (a.x + t * abx), y - (a.y + t * aby));
}

gint16
tsr_marathon_tool_coordinate (double value)
{
  return (gint16) CLAMP (lround (value), -32768, 32767);
}

gint
tsr_marathon_tool_polygon_with_diagonal (const TsrMarathonLevel *level,
                                         gint                    a,
                                         gint                    b)
{
  if (a < 0 || b < 0 || a == b)
    return -1;
  for (guint i = 0; level->polygons != NULL && i < level->polygons->len; i++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, i);
      guint n = MIN (polygon->vertex_count, 8);
      gint ia = -1, ib = -1;

      for (guint v = 0; v < n; v++)
        {
          if (polygon->endpoint_indexes[v] == a)
            ia = (gint) v;
          if (polygon->endpoint_indexes[v] == b)
            ib = (gint) v;
        }
      if (ia >= 0 && ib >= 0 && (guint) (ia + 1) % n != (guint) ib && (guint) (ib + 1) % n != (guint) ia)
        return (gint) i;
    }
  return -1;
}

/* Names the point or line at SNAP->at exactly, if any. */
static void
find_exact (const TsrMarathonLevel *level,
            TsrMarathonSnap        *snap)
{
  for (guint p = 0; p < tsr_marathon_level_n_points (level); p++)
    {
      TsrMarathonPoint q = tsr_marathon_level_point (level, p);

      if (q.x == snap->at.x && q.y == snap->at.y)
        {
          snap->point = (gint) p;
          return;
        }
    }
  for (guint i = 0; level->lines != NULL && i < level->lines->len; i++)
    {
      TsrMarathonPoint a, b;

      if (line_ends (level, i, &a, &b) && on_line_strictly (a, b, snap->at))
        {
          snap->line = (gint) i;
          return;
        }
    }
}

void
tsr_marathon_tool_snap (TsrEditSession  *session,
                        double           x,
                        double           y,
                        double           zoom,
                        gboolean         grid,
                        TsrMarathonSnap *snap)
{
  TsrMarathonLevelMap *map = tsr_marathon_tool_get_map (session);
  const TsrMarathonLevel *level;
  double tolerance = TSR_MARATHON_SNAP_PIXELS / (zoom > 0 ? zoom : 1), best = tolerance;
  gint best_line = -1;

  snap->point = snap->line = -1;
  snap->at = (TsrMarathonPoint) { tsr_marathon_tool_coordinate (x), tsr_marathon_tool_coordinate (y) };
  if (map == NULL)
    return;
  level = tsr_marathon_level_map_get_level (map);
  for (guint p = 0; p < tsr_marathon_level_n_points (level); p++)
    {
      TsrMarathonPoint q = tsr_marathon_level_point (level, p);
      double d = hypot (q.x - x, q.y - y);

      if (d <= best)
        {
          best = d;
          snap->point = (gint) p;
          snap->at = q;
        }
    }
  if (snap->point >= 0)
    return;
  best = tolerance;
  for (guint i = 0; level->lines != NULL && i < level->lines->len; i++)
    {
      TsrMarathonPoint a, b;
      double d;

      if (line_ends (level, i, &a, &b) && (d = segment_distance (a, b, x, y)) <= best)
        {
          best = d;
          best_line = (gint) i;
        }
    }
  if (best_line >= 0)
    {
      TsrMarathonPoint a, b;

      line_ends (level, (guint) best_line, &a, &b);
      if (lattice_point_near (a, b, x, y, &snap->at))
        {
          snap->line = best_line;
          return;
        }
    }
  if (grid)
    tsr_edit_session_snap (session, &x, &y);
  snap->at = (TsrMarathonPoint) { tsr_marathon_tool_coordinate (x), tsr_marathon_tool_coordinate (y) };
  find_exact (level, snap);
}

gboolean
tsr_marathon_tool_make_point (TsrMarathonLevel      *level,
                              const TsrMarathonSnap *snap,
                              guint                 *point,
                              GError               **error)
{
  TsrMarathonSnap exact = { snap->at, -1, -1 };

  if (snap->point >= 0 && (guint) snap->point < tsr_marathon_level_n_points (level))
    {
      TsrMarathonPoint q = tsr_marathon_level_point (level, (guint) snap->point);

      if (q.x == snap->at.x && q.y == snap->at.y)
        {
          *point = (guint) snap->point;
          return TRUE;
        }
    }
  /* An earlier step of the same edit may have split the line or made the point: look again. */
  find_exact (level, &exact);
  if (exact.point >= 0)
    {
      *point = (guint) exact.point;
      return TRUE;
    }
  if (exact.line >= 0)
    return tsr_marathon_level_split_line (level, (guint) exact.line, snap->at, point, NULL, error);
  return tsr_marathon_level_add_point (level, snap->at, point, error);
}

/* Shows the lines the last refused geometry operation blames until the next edit or Escape. */
static void
show_blamed (TsrEditSession      *session,
             TsrMarathonLevelMap *map)
{
  const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  GPtrArray *blamed = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_overlay_item_free);
  guint n;
  const guint *lines = tsr_marathon_refused_lines (&n);

  for (guint i = 0; i < n; i++)
    {
      const TsrMarathonLine *line;
      TsrVectorPoint ends[2];

      if (level->lines == NULL || lines[i] >= level->lines->len)
        continue;
      line = &g_array_index (level->lines, TsrMarathonLine, lines[i]);
      if (line->endpoint_indexes[0] < 0 || (guint) line->endpoint_indexes[0] >= tsr_marathon_level_n_points (level)
          || line->endpoint_indexes[1] < 0 || (guint) line->endpoint_indexes[1] >= tsr_marathon_level_n_points (level))
        continue;
      for (guint e = 0; e < 2; e++)
        {
          TsrMarathonPoint p = tsr_marathon_level_point (level, (guint) line->endpoint_indexes[e]);

          ends[e] = (TsrVectorPoint) { p.x, p.y };
        }
      g_ptr_array_add (blamed, tsr_overlay_item_new (TSR_OVERLAY_REFUSED_LINE, ends, 2));
    }
  tsr_edit_session_show_refused (session, blamed);
}

gboolean
tsr_marathon_tool_run (TsrEditSession       *session,
                       gpointer              tool,
                       guint                 signal_id,
                       const char           *description,
                       TsrMarathonLevelEdit  edit,
                       gpointer              user_data)
{
  TsrMarathonLevelMap *map = tsr_marathon_tool_get_map (session);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrCommand) command = NULL;

  if (map == NULL)
    return FALSE;
  command = tsr_marathon_edit_level_command_new (map, description, edit, user_data, &error);
  if (command == NULL)
    {
      show_blamed (session, map);
      if (error != NULL)
        g_signal_emit (tool, signal_id, 0, error->message);
      return FALSE;
    }
  tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (session));
  tsr_edit_session_execute (session, command);
  return TRUE;
}

gboolean
tsr_marathon_tool_common_key (TsrEditSession *session,
                              TsrToolKey      key)
{
  if (session == NULL)
    return FALSE;
  if (key == TSR_TOOL_KEY_ESCAPE)
    {
      tsr_edit_session_show_refused (session, NULL);
      tsr_selection_clear (tsr_edit_session_get_selection (session));
      return TRUE;
    }
  if (key == TSR_TOOL_KEY_DELETE)
    return tsr_edit_session_delete_selection (session);
  return FALSE;
}

TsrLayerKind
tsr_marathon_tool_layer_kind (TsrTool *tool)
{
  return TSR_LAYER_KIND_VECTOR;
}

guint
tsr_marathon_tool_class_install (GObjectClass *object_class)
{
  return g_signal_new ("edit-failed", G_TYPE_FROM_CLASS (object_class), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                       G_TYPE_NONE, 1, G_TYPE_STRING);
}

void
tsr_marathon_tool_select (TsrEditSession *session,
                          TsrElementKind  kind,
                          guint           index)
{
  TsrElementRef ref = { kind, index };

  tsr_selection_set (tsr_edit_session_get_selection (session), &ref, 1);
}

/* --- Merge --- */

typedef struct {
  guint a, b;
} MergeEdit;

static gboolean
merge_edit (TsrMarathonLevel *level,
            gpointer          user_data,
            GError          **error)
{
  MergeEdit *merge = user_data;

  return tsr_marathon_level_merge_polygons (level, merge->a, merge->b, error);
}

gboolean
tsr_marathon_merge_selection (TsrEditSession *session,
                              GError        **error)
{
  TsrMarathonLevelMap *map = tsr_marathon_tool_get_map (session);
  const TsrElementRef *elements;
  guint n_elements, n_polygons = 0;
  guint polygons[2] = { 0, 0 };
  MergeEdit merge;
  g_autoptr(TsrCommand) command = NULL;
  const TsrMarathonLevel *level;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (session), FALSE);
  if (map == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("Merge: this is not a Marathon level"));
      return FALSE;
    }
  level = tsr_marathon_level_map_get_level (map);
  elements = tsr_selection_get_elements (tsr_edit_session_get_selection (session), &n_elements);
  for (guint i = 0; i < n_elements; i++)
    if (elements[i].kind == TSR_ELEMENT_POLYGON)
      {
        if (n_polygons < 2)
          polygons[n_polygons] = elements[i].index;
        n_polygons++;
      }
  if (n_polygons != 2)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("Merge: select two adjacent polygons (%u selected)"),
                   n_polygons);
      return FALSE;
    }
  /* A platform can take its neighbour in, not be taken in. */
  merge = (MergeEdit) { polygons[0], polygons[1] };
  if (g_array_index (level->polygons, TsrMarathonPolygon, merge.b).type == 5)
    merge = (MergeEdit) { polygons[1], polygons[0] };
  command = tsr_marathon_edit_level_command_new (map, _("Merge Polygons"), merge_edit, &merge, error);
  if (command == NULL)
    {
      show_blamed (session, map);
      return FALSE;
    }
  tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (session));
  tsr_edit_session_execute (session, command);
  tsr_marathon_tool_select (session, TSR_ELEMENT_POLYGON, merge.a > merge.b ? merge.a - 1 : merge.a);
  return TRUE;
}
