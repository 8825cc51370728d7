/* test-edit-core.c: the GTK-free editor core on a vector test document of a few hundred points,
 * segments, polygons, rectangles and markers: hit testing at several zooms, rubber-band selection,
 * moving with the select and move tools through TsrTool + TsrEditSession (the code the canvas
 * calls), exact undo and redo, deletion, copy/paste between maps with references remapped, the
 * tile tools through their TsrTool adapter, and random
 * pointer paths through every vector tool undone back to the original document. */
#include <math.h>
#include <string.h>

#include "edit/tsr-edit-session.h"
#include "edit/tsr-selection.h"
#include "edit/tsr-tile-tool-adapter.h"
#include "edit/tsr-vector-map-memory.h"
#include "edit/tsr-vector-move-tool.h"
#include "edit/tsr-vector-select-tool.h"
#include "model/tsr-tile-map-memory.h"
#include "tsr-test-common.h"

#define GRID_W  20   /* cells */
#define GRID_H  15
#define SPACING 32.0 /* map units between grid points */

static guint
grid_point (guint i,
            guint j)
{
  return j * (GRID_W + 1) + i;
}

/* A grid of 21×16 points; a segment along every horizontal grid edge (320); a square polygon on
 * every third cell (100); a rectangle and a marker in some cells away from the polygons. */
static TsrVectorMap *
make_document (void)
{
  TsrMemoryVectorMap *map = tsr_memory_vector_map_new ("test-vector");

  for (guint j = 0; j <= GRID_H; j++)
    for (guint i = 0; i <= GRID_W; i++)
      tsr_memory_vector_map_add_point (map, i * SPACING, j * SPACING);
  for (guint j = 0; j <= GRID_H; j++)
    for (guint i = 0; i < GRID_W; i++)
      tsr_memory_vector_map_add_segment (map, grid_point (i, j), grid_point (i + 1, j));
  for (guint j = 0; j < GRID_H; j++)
    for (guint i = 0; i < GRID_W; i++)
      if ((i + j) % 3 == 0)
        {
          guint corners[4] = { grid_point (i, j), grid_point (i + 1, j), grid_point (i + 1, j + 1),
                               grid_point (i, j + 1) };
          tsr_memory_vector_map_add_polygon (map, corners, 4);
        }
      else if ((i + j) % 3 == 1 && i % 4 == 0)
        tsr_memory_vector_map_add_rectangle (map, i * SPACING + 8, j * SPACING + 8,
                                             i * SPACING + 24, j * SPACING + 24);
      else if ((i + j) % 3 == 2 && j % 4 == 0)
        tsr_memory_vector_map_add_marker (map, i * SPACING + 16, j * SPACING + 16);
  return TSR_VECTOR_MAP (map);
}

/* Every element's vertices (coordinates and point references) as bytes, to compare exactly. */
static GBytes *
snapshot (TsrVectorMap *map)
{
  GByteArray *bytes = g_byte_array_new ();

  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    {
      guint n = tsr_vector_map_get_n_elements (map, kind);

      g_byte_array_append (bytes, (const guint8 *) &n, sizeof n);
      for (guint i = 0; i < n; i++)
        {
          TsrElementRef ref = { kind, i };
          guint n_vertices = tsr_vector_map_get_n_vertices (map, &ref);

          g_byte_array_append (bytes, (const guint8 *) &n_vertices, sizeof n_vertices);
          for (guint v = 0; v < n_vertices; v++)
            {
              TsrVectorPoint p;
              guint point = tsr_vector_map_get_vertex_point (map, &ref, v);

              tsr_vector_map_get_vertex (map, &ref, v, &p);
              g_byte_array_append (bytes, (const guint8 *) &p, sizeof p);
              g_byte_array_append (bytes, (const guint8 *) &point, sizeof point);
            }
        }
    }
  return g_byte_array_free_to_bytes (bytes);
}

static TsrToolEvent
event_at (double       x,
          double       y,
          double       zoom,
          TsrModifiers modifiers)
{
  return (TsrToolEvent) { x, y, zoom, modifiers };
}

/* A press, STEPS drags along a straight line and a release, as the canvas sends them. */
static void
drag_line (TsrTool     *tool,
           double       x0,
           double       y0,
           double       x1,
           double       y1,
           guint        steps,
           double       zoom,
           TsrModifiers modifiers)
{
  TsrToolEvent event = event_at (x0, y0, zoom, modifiers);

  tsr_tool_press (tool, &event);
  for (guint s = 1; s <= steps; s++)
    {
      event = event_at (x0 + (x1 - x0) * s / steps, y0 + (y1 - y0) * s / steps, zoom, modifiers);
      tsr_tool_drag (tool, &event);
    }
  tsr_tool_release (tool, &event);
}

START_TEST (test_document_size)
{
  g_autoptr(TsrVectorMap) map = make_document ();
  TsrVectorBounds bounds;

  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POINT), 21 * 16);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_SEGMENT), 20 * 16);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POLYGON), 100);
  ck_assert_uint_gt (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_RECTANGLE), 5);
  ck_assert_uint_gt (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_MARKER), 5);
  tsr_vector_map_get_bounds (map, &bounds);
  ck_assert_double_eq (bounds.x0, 0);
  ck_assert_double_eq (bounds.y0, 0);
  ck_assert_double_eq (bounds.x1, GRID_W * SPACING);
  ck_assert_double_eq (bounds.y1, GRID_H * SPACING);
}
END_TEST

static double
distance_to_segment (TsrVectorMap *map,
                     guint         segment,
                     double        x,
                     double        y)
{
  TsrElementRef ref = { TSR_ELEMENT_SEGMENT, segment };
  TsrVectorPoint a, b;
  double t;

  tsr_vector_map_get_vertex (map, &ref, 0, &a);
  tsr_vector_map_get_vertex (map, &ref, 1, &b);
  t = ((x - a.x) * (b.x - a.x) + (y - a.y) * (b.y - a.y)) / ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
  t = CLAMP (t, 0, 1);
  return hypot (x - (a.x + t * (b.x - a.x)), y - (a.y + t * (b.y - a.y)));
}

/* The tolerance is in screen pixels: 5 px off a segment hits it and 7 px does not, at every zoom;
 * points beat segments; insides are hit only away from edges; random probes agree with a brute
 * force over points and segments. */
START_TEST (test_hit_testing)
{
  g_autoptr(TsrVectorMap) map = make_document ();
  const double zooms[] = { 0.5, 1, 3, 8 };
  GRand *rand = g_rand_new_with_seed (21);

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      double zoom = zooms[z];
      TsrElementRef hit;
      /* Segment 5 of row 3: from point (5, 3) to (6, 3). */
      guint segment = 3 * GRID_W + 5;
      double mx = 5.5 * SPACING, my = 3 * SPACING;

      ck_assert (tsr_vector_map_hit_test (map, mx, my + 5 / zoom, TSR_TOOL_HIT_TOLERANCE, zoom,
                                          TSR_ELEMENT_MASK (TSR_ELEMENT_SEGMENT), &hit));
      ck_assert_uint_eq (hit.index, segment);
      ck_assert (!tsr_vector_map_hit_test (map, mx, my + 7 / zoom, TSR_TOOL_HIT_TOLERANCE, zoom,
                                           TSR_ELEMENT_MASK (TSR_ELEMENT_SEGMENT), &hit)
                 || hit.index != segment);
      /* Near an end point, the point wins over the segments meeting there. */
      ck_assert (tsr_vector_map_hit_test (map, 5 * SPACING + 2 / zoom, 3 * SPACING - 2 / zoom,
                                          TSR_TOOL_HIT_TOLERANCE, zoom, TSR_ELEMENT_MASK_ALL, &hit));
      ck_assert_int_eq (hit.kind, TSR_ELEMENT_POINT);
      ck_assert_uint_eq (hit.index, grid_point (5, 3));
      /* The middle of cell (0, 0) lies inside polygon 0. */
      ck_assert (tsr_vector_map_hit_test (map, 16, 16, TSR_TOOL_HIT_TOLERANCE, zoom,
                                          TSR_ELEMENT_MASK (TSR_ELEMENT_POLYGON), &hit));
      ck_assert_uint_eq (hit.index, 0);
      /* Nothing far outside the map. */
      ck_assert (!tsr_vector_map_hit_test (map, -1000, -1000, TSR_TOOL_HIT_TOLERANCE, zoom,
                                           TSR_ELEMENT_MASK_ALL, &hit));

      for (guint probe = 0; probe < 400; probe++)
        {
          double x = g_rand_double_range (rand, -20, GRID_W * SPACING + 20);
          double y = g_rand_double_range (rand, -20, GRID_H * SPACING + 20);
          double nearest_point = INFINITY, nearest_segment = INFINITY;
          gboolean found;

          for (guint i = 0; i < tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POINT); i++)
            {
              TsrElementRef ref = { TSR_ELEMENT_POINT, i };
              TsrVectorPoint p;

              tsr_vector_map_get_vertex (map, &ref, 0, &p);
              nearest_point = MIN (nearest_point, hypot (x - p.x, y - p.y) * zoom);
            }
          for (guint i = 0; i < tsr_vector_map_get_n_elements (map, TSR_ELEMENT_SEGMENT); i++)
            nearest_segment = MIN (nearest_segment, distance_to_segment (map, i, x, y) * zoom);

          found = tsr_vector_map_hit_test (map, x, y, TSR_TOOL_HIT_TOLERANCE, zoom,
                                           TSR_ELEMENT_MASK (TSR_ELEMENT_POINT) | TSR_ELEMENT_MASK (TSR_ELEMENT_SEGMENT),
                                           &hit);
          ck_assert_int_eq (found, nearest_point <= TSR_TOOL_HIT_TOLERANCE || nearest_segment <= TSR_TOOL_HIT_TOLERANCE);
          if (nearest_point <= TSR_TOOL_HIT_TOLERANCE)
            ck_assert_int_eq (hit.kind, TSR_ELEMENT_POINT);
          else if (found)
            ck_assert_double_le (fabs (distance_to_segment (map, hit.index, x, y) * zoom - nearest_segment), 1e-9);
        }
    }
  g_rand_free (rand);
}
END_TEST

/* Markers are hit within their symbol plus the tolerance; rectangles inside and on their edges. */
START_TEST (test_hit_markers_rectangles)
{
  g_autoptr(TsrVectorMap) map = make_document ();
  TsrElementRef marker = { TSR_ELEMENT_MARKER, 0 }, rectangle = { TSR_ELEMENT_RECTANGLE, 0 }, hit;
  TsrVectorPoint p, a, b;

  tsr_vector_map_get_vertex (map, &marker, 0, &p);
  for (double zoom = 0.5; zoom <= 8; zoom *= 2)
    {
      double reach = (TSR_TOOL_HIT_TOLERANCE + TSR_VECTOR_MARKER_RADIUS) / zoom;

      ck_assert (tsr_vector_map_hit_test (map, p.x + reach * 0.99, p.y, TSR_TOOL_HIT_TOLERANCE, zoom,
                                          TSR_ELEMENT_MASK (TSR_ELEMENT_MARKER), &hit));
      ck_assert (tsr_element_ref_equal (&hit, &marker));
      ck_assert (!tsr_vector_map_hit_test (map, p.x + reach * 1.01, p.y, TSR_TOOL_HIT_TOLERANCE, zoom,
                                           TSR_ELEMENT_MASK (TSR_ELEMENT_MARKER), &hit)
                 || !tsr_element_ref_equal (&hit, &marker));
    }
  tsr_vector_map_get_vertex (map, &rectangle, 0, &a);
  tsr_vector_map_get_vertex (map, &rectangle, 1, &b);
  ck_assert (tsr_vector_map_hit_test (map, (a.x + b.x) / 2, (a.y + b.y) / 2, TSR_TOOL_HIT_TOLERANCE, 1,
                                      TSR_ELEMENT_MASK_ALL, &hit));
  ck_assert (tsr_element_ref_equal (&hit, &rectangle));
  ck_assert (tsr_vector_map_hit_test (map, b.x + 3, (a.y + b.y) / 2, TSR_TOOL_HIT_TOLERANCE, 1,
                                      TSR_ELEMENT_MASK (TSR_ELEMENT_RECTANGLE), &hit));
  ck_assert (tsr_element_ref_equal (&hit, &rectangle));
}
END_TEST

START_TEST (test_selection_set)
{
  g_autoptr(TsrSelection) selection = tsr_selection_new ();
  TsrElementRef a = { TSR_ELEMENT_SEGMENT, 4 }, b = { TSR_ELEMENT_POINT, 9 }, c = { TSR_ELEMENT_SEGMENT, 1 };
  TsrElementRef many[] = { a, b, c, a };
  const TsrElementRef *elements;
  guint changes = 0, n;

  g_signal_connect_swapped (selection, "changed", G_CALLBACK (g_atomic_int_inc), &changes);
  tsr_selection_add (selection, &a);
  tsr_selection_add (selection, &a);
  ck_assert_uint_eq (changes, 1);
  tsr_selection_toggle (selection, &b);
  ck_assert (tsr_selection_contains (selection, &b));
  tsr_selection_toggle (selection, &b);
  ck_assert (!tsr_selection_contains (selection, &b));
  ck_assert_uint_eq (changes, 3);
  tsr_selection_set (selection, many, G_N_ELEMENTS (many));
  elements = tsr_selection_get_elements (selection, &n);
  ck_assert_uint_eq (n, 3);
  /* Sorted: points before segments, then by index. */
  ck_assert (tsr_element_ref_equal (&elements[0], &b));
  ck_assert (tsr_element_ref_equal (&elements[1], &c));
  ck_assert (tsr_element_ref_equal (&elements[2], &a));
  tsr_selection_set (selection, many, G_N_ELEMENTS (many));
  ck_assert_uint_eq (changes, 4);
  tsr_selection_remove (selection, &c);
  tsr_selection_add_all (selection, many, 2);
  ck_assert_uint_eq (tsr_selection_get_size (selection), 2);
  tsr_selection_clear (selection);
  tsr_selection_clear (selection);
  ck_assert (tsr_selection_is_empty (selection));
  ck_assert_uint_eq (changes, 6);
}
END_TEST

/* What lies wholly inside AREA, by brute force over the vertices. */
static GArray *
brute_force_inside (TsrVectorMap          *map,
                    const TsrVectorBounds *area)
{
  GArray *result = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));

  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    for (guint i = 0; i < tsr_vector_map_get_n_elements (map, kind); i++)
      {
        TsrElementRef ref = { kind, i };
        gboolean inside = TRUE;

        for (guint v = 0; v < tsr_vector_map_get_n_vertices (map, &ref); v++)
          {
            TsrVectorPoint p;

            tsr_vector_map_get_vertex (map, &ref, v, &p);
            inside &= p.x >= area->x0 && p.x <= area->x1 && p.y >= area->y0 && p.y <= area->y1;
          }
        if (inside)
          g_array_append_val (result, ref);
      }
  return result;
}

static void
assert_selection_is (TsrSelection *selection,
                     GArray       *expected)
{
  guint n;
  const TsrElementRef *elements = tsr_selection_get_elements (selection, &n);

  ck_assert_uint_eq (n, expected->len);
  for (guint i = 0; i < n; i++)
    ck_assert (tsr_element_ref_equal (&elements[i], &g_array_index (expected, TsrElementRef, i)));
}

/* A rubber band from empty space selects exactly what lies inside it; Shift adds a second band;
 * a click selects one element, Shift+click toggles it, a click on nothing clears. */
START_TEST (test_rubber_band_and_clicks)
{
  g_autoptr(TsrVectorMap) map = make_document ();
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrEditSession) session = tsr_edit_session_new_for_stack (stack);
  g_autoptr(TsrTool) tool = tsr_vector_select_tool_new (session);
  TsrSelection *selection = tsr_edit_session_get_selection (session);
  TsrVectorBounds area = tsr_vector_bounds_from_corners (-10, -10, 3 * SPACING + 1, 2 * SPACING + 1);
  TsrVectorBounds second = tsr_vector_bounds_from_corners (9.5 * SPACING, 4.5 * SPACING, 14 * SPACING + 1, 9 * SPACING + 1);
  g_autoptr(GArray) expected = brute_force_inside (map, &area);
  g_autoptr(GArray) expected_second = brute_force_inside (map, &second);
  g_autoptr(GPtrArray) overlay = NULL;
  TsrToolEvent event;
  TsrElementRef segment = { TSR_ELEMENT_SEGMENT, 7 * GRID_W + 2 };

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  tsr_edit_session_set_tool (session, tool);

  /* 12 points, 9 segments (rows 0..2, cells 0..2), the polygons of cells (0,0) and (2,1), the
   * rectangle in cell (0,1) and the marker in cell (2,0). */
  ck_assert_uint_eq (expected->len, 12 + 9 + 2 + 1 + 1);
  event = event_at (-10, -10, 1, 0);
  tsr_tool_press (tool, &event);
  event = event_at (50, 40, 1, 0);
  tsr_tool_drag (tool, &event);
  overlay = tsr_tool_get_overlay (tool);
  ck_assert_uint_eq (overlay->len, 1);
  ck_assert_int_eq (((TsrOverlayItem *) overlay->pdata[0])->kind, TSR_OVERLAY_RUBBER_BAND);
  event = event_at (3 * SPACING + 1, 2 * SPACING + 1, 1, 0);
  tsr_tool_release (tool, &event);
  assert_selection_is (selection, expected);
  g_clear_pointer (&overlay, g_ptr_array_unref);
  overlay = tsr_tool_get_overlay (tool);
  ck_assert_uint_eq (overlay->len, 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 0);

  /* Shift adds a second band (started in the empty cell (9, 4)). */
  drag_line (tool, second.x0, second.y0, second.x1, second.y1, 4, 1, TSR_MODIFIER_SHIFT);
  ck_assert_uint_eq (tsr_selection_get_size (selection), expected->len + expected_second->len);

  /* Click on a segment's middle: it alone; Shift+click toggles it off; a click on nothing
   * (outside the map) clears. */
  drag_line (tool, 2.5 * SPACING, 7 * SPACING + 2, 2.5 * SPACING, 7 * SPACING + 2, 0, 1, 0);
  ck_assert_uint_eq (tsr_selection_get_size (selection), 1);
  ck_assert (tsr_selection_contains (selection, &segment));
  drag_line (tool, 2.5 * SPACING, 7 * SPACING + 2, 2.5 * SPACING, 7 * SPACING + 2, 0, 1, TSR_MODIFIER_SHIFT);
  ck_assert (tsr_selection_is_empty (selection));
  tsr_selection_add (selection, &segment);
  drag_line (tool, -500, -500, -500, -500, 0, 1, 0);
  ck_assert (tsr_selection_is_empty (selection));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 0);
}
END_TEST

/* Band-select a block, drag it by one of its points in many small steps: one undo step, every
 * vertex of the selection (and only those) moved by exactly the offset, the segments using moved
 * points follow; undo gives back identical coordinates, redo the moved ones. */
START_TEST (test_move_undo_redo)
{
  g_autoptr(TsrVectorMap) map = make_document ();
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrEditSession) session = tsr_edit_session_new_for_stack (stack);
  g_autoptr(TsrTool) tool = tsr_vector_select_tool_new (session);
  g_autoptr(GBytes) before = snapshot (map);
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GBytes) redone = NULL;
  g_autoptr(GBytes) undone = NULL;
  /* From inside cell (3, 4), which holds nothing: a press inside a polygon would grab it. */
  TsrVectorBounds area = tsr_vector_bounds_from_corners (3.5 * SPACING, 4.5 * SPACING,
                                                         9 * SPACING + 1, 8 * SPACING + 1);
  g_autoptr(GArray) expected = brute_force_inside (map, &area);
  const double dx = 37.3, dy = -12.9, zoom = 2;
  guint changed_signals = 0;

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  tsr_edit_session_set_tool (session, tool);
  g_signal_connect_swapped (map, "elements-changed", G_CALLBACK (g_atomic_int_inc), &changed_signals);

  drag_line (tool, area.x0, area.y0, area.x1, area.y1, 5, zoom, 0);
  assert_selection_is (tsr_edit_session_get_selection (session), expected);
  ck_assert_uint_gt (expected->len, 40);

  /* Grab point (6, 6) and drag. */
  drag_line (tool, 6 * SPACING + 1, 6 * SPACING, 6 * SPACING + 1 + dx, 6 * SPACING + dy, 17, zoom, 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);
  ck_assert_uint_gt (changed_signals, 1);
  for (guint j = 0; j <= GRID_H; j++)
    for (guint i = 0; i <= GRID_W; i++)
      {
        TsrElementRef ref = { TSR_ELEMENT_POINT, grid_point (i, j) };
        gboolean moved = i >= 4 && i <= 9 && j >= 5 && j <= 8;
        TsrVectorPoint p;

        tsr_vector_map_get_vertex (map, &ref, 0, &p);
        ck_assert_double_eq (p.x, i * SPACING + (moved ? dx : 0));
        ck_assert_double_eq (p.y, j * SPACING + (moved ? dy : 0));
      }
  /* The selection survives a move. */
  assert_selection_is (tsr_edit_session_get_selection (session), expected);
  after = snapshot (map);
  ck_assert (!g_bytes_equal (before, after));

  ck_assert (tsr_undo_stack_undo (stack));
  undone = snapshot (map);
  ck_assert (g_bytes_equal (before, undone));
  ck_assert (tsr_undo_stack_redo (stack));
  redone = snapshot (map);
  ck_assert (g_bytes_equal (after, redone));

  /* A second drag is a second undo step, even right after the first. */
  drag_line (tool, 6 * SPACING + 1 + dx, 6 * SPACING + dy, 6 * SPACING + 1, 6 * SPACING, 3, zoom, 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);
  tsr_undo_stack_undo (stack);
  tsr_undo_stack_undo (stack);
  g_clear_pointer (&undone, g_bytes_unref);
  undone = snapshot (map);
  ck_assert (g_bytes_equal (before, undone));
}
END_TEST

/* With snapping on, a click on a selected element (a press, drags that stay at the press, a
 * release) and a drag that comes back to its press move nothing and push no undo step: only a
 * pointer that has left the press puts the grabbed vertex on the grid. */
START_TEST (test_click_with_snap_moves_nothing)
{
  g_autoptr(TsrVectorMap) map = make_document ();
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrEditSession) session = tsr_edit_session_new_for_stack (stack);
  g_autoptr(TsrTool) tool = tsr_vector_select_tool_new (session);
  g_autoptr(GBytes) before = snapshot (map);
  g_autoptr(GBytes) after = NULL;
  const double x = 6 * SPACING, y = 6 * SPACING, zoom = 2;
  const guint n_points = tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POINT);

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  tsr_edit_session_set_tool (session, tool);
  /* A step the points are not on. */
  tsr_edit_session_set_grid_step (session, 7);
  tsr_edit_session_set_snap_to_grid (session, TRUE);

  drag_line (tool, x, y, x, y, 0, zoom, 0);  /* selects the point */
  ck_assert_uint_gt (tsr_selection_get_size (tsr_edit_session_get_selection (session)), 0);
  drag_line (tool, x, y, x, y, 4, zoom, 0);  /* a click on it */
  drag_line (tool, x, y, x + 20, y + 9, 3, zoom, 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);
  tsr_undo_stack_undo (stack);
  {
    /* Out and back: the drag ends where it began. */
    TsrToolEvent event = event_at (x, y, zoom, 0);

    tsr_tool_press (tool, &event);
    event = event_at (x + 20, y + 9, zoom, 0);
    tsr_tool_drag (tool, &event);
    event = event_at (x, y, zoom, 0);
    tsr_tool_drag (tool, &event);
    tsr_tool_release (tool, &event);
  }
  after = snapshot (map);
  ck_assert (g_bytes_equal (before, after));
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POINT), n_points);
}
END_TEST

/* The move tool drags the selection from anywhere; Shift keeps the move on one axis; Escape in
 * the middle of a drag puts everything back. */
START_TEST (test_move_tool)
{
  g_autoptr(TsrVectorMap) map = make_document ();
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrEditSession) session = tsr_edit_session_new_for_stack (stack);
  g_autoptr(TsrTool) tool = tsr_vector_move_tool_new (session);
  g_autoptr(GBytes) before = snapshot (map);
  g_autoptr(GBytes) cancelled = NULL;
  TsrElementRef polygon = { TSR_ELEMENT_POLYGON, 0 };
  TsrElementRef point = { TSR_ELEMENT_POINT, grid_point (1, 1) };
  TsrVectorPoint p;
  TsrToolEvent event;

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  tsr_edit_session_set_tool (session, tool);
  ck_assert_int_eq (tsr_tool_get_layer_kind (tool), TSR_LAYER_KIND_VECTOR);

  /* Press inside polygon 0 (cell 0,0): it is selected and moves with its 4 points. */
  drag_line (tool, 16, 16, 16 + 40, 16 + 3, 6, 1, TSR_MODIFIER_SHIFT);
  ck_assert (tsr_selection_contains (tsr_edit_session_get_selection (session), &polygon));
  tsr_vector_map_get_vertex (map, &point, 0, &p);
  ck_assert_double_eq (p.x, SPACING + 40);
  ck_assert_double_eq (p.y, SPACING); /* Shift: horizontal only */
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);

  /* From empty space, the selection still moves; Escape mid-drag cancels. */
  event = event_at (-300, -300, 1, 0);
  tsr_tool_press (tool, &event);
  event = event_at (-200, -250, 1, 0);
  tsr_tool_drag (tool, &event);
  tsr_vector_map_get_vertex (map, &point, 0, &p);
  ck_assert_double_eq (p.x, SPACING + 140);
  ck_assert (tsr_tool_key (tool, TSR_TOOL_KEY_ESCAPE, 0));
  tsr_tool_release (tool, &event);
  tsr_vector_map_get_vertex (map, &point, 0, &p);
  ck_assert_double_eq (p.x, SPACING + 40);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);

  tsr_undo_stack_undo (stack);
  cancelled = snapshot (map);
  ck_assert (g_bytes_equal (before, cancelled));
}
END_TEST

/* Delete removes the selection and everything using its points; undo restores every element at
 * its index; the selection is gone after the change. */
START_TEST (test_delete_selection)
{
  g_autoptr(TsrVectorMap) map = make_document ();
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrEditSession) session = tsr_edit_session_new_for_stack (stack);
  g_autoptr(TsrTool) tool = tsr_vector_select_tool_new (session);
  g_autoptr(GBytes) before = snapshot (map);
  g_autoptr(GBytes) deleted = NULL;
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GBytes) redone = NULL;
  TsrElementRef point = { TSR_ELEMENT_POINT, grid_point (1, 1) };
  guint n_points = tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POINT);
  guint n_segments = tsr_vector_map_get_n_elements (map, TSR_ELEMENT_SEGMENT);
  guint n_polygons = tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POLYGON);

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  tsr_edit_session_set_tool (session, tool);
  ck_assert (!tsr_tool_key (tool, TSR_TOOL_KEY_DELETE, 0));

  /* Point (1, 1) is used by segments (0,1)-(1,1), (1,1)-(2,1) and polygon 0 (cell 0,0). */
  tsr_selection_set (tsr_edit_session_get_selection (session), &point, 1);
  ck_assert (tsr_tool_key (tool, TSR_TOOL_KEY_DELETE, 0));
  ck_assert (tsr_selection_is_empty (tsr_edit_session_get_selection (session)));
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POINT), n_points - 1);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_SEGMENT), n_segments - 2);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POLYGON), n_polygons - 1);
  /* Later points were renumbered: segment 0 still joins (0,0) and (1,0) at their coordinates. */
  {
    TsrElementRef last = { TSR_ELEMENT_SEGMENT, n_segments - 3 };
    TsrVectorPoint p;

    tsr_vector_map_get_vertex (map, &last, 1, &p);
    ck_assert_double_eq (p.x, GRID_W * SPACING);
    ck_assert_double_eq (p.y, GRID_H * SPACING);
  }
  deleted = snapshot (map);
  tsr_undo_stack_undo (stack);
  undone = snapshot (map);
  ck_assert (g_bytes_equal (before, undone));
  tsr_undo_stack_redo (stack);
  redone = snapshot (map);
  ck_assert (g_bytes_equal (deleted, redone));
}
END_TEST

/* Arrow keys nudge the selection by one map unit (Shift: ten), one undo step each. */
START_TEST (test_nudge)
{
  g_autoptr(TsrVectorMap) map = make_document ();
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrEditSession) session = tsr_edit_session_new_for_stack (stack);
  g_autoptr(TsrTool) tool = tsr_vector_select_tool_new (session);
  TsrElementRef marker = { TSR_ELEMENT_MARKER, 2 };
  TsrVectorPoint before, p;

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  tsr_vector_map_get_vertex (map, &marker, 0, &before);
  tsr_selection_set (tsr_edit_session_get_selection (session), &marker, 1);
  ck_assert (tsr_tool_key (tool, TSR_TOOL_KEY_RIGHT, 0));
  ck_assert (tsr_tool_key (tool, TSR_TOOL_KEY_UP, TSR_MODIFIER_SHIFT));
  tsr_vector_map_get_vertex (map, &marker, 0, &p);
  ck_assert_double_eq (p.x, before.x + 1);
  ck_assert_double_eq (p.y, before.y - 10);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);
}
END_TEST

/* Changing the layer clears the selection and cancels the active tool's drag. */
START_TEST (test_session_layer_and_tool)
{
  g_autoptr(TsrVectorMap) map = make_document ();
  g_autoptr(TsrVectorMap) other = make_document ();
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrEditSession) session = tsr_edit_session_new_for_stack (stack);
  g_autoptr(TsrTool) tool = tsr_vector_select_tool_new (session);
  g_autoptr(GBytes) before = snapshot (map);
  g_autoptr(GBytes) after = NULL;
  TsrToolEvent event;
  guint notifies = 0;

  g_signal_connect_swapped (session, "notify::layer", G_CALLBACK (g_atomic_int_inc), &notifies);
  tsr_edit_session_set_layer (session, G_OBJECT (map));
  tsr_edit_session_set_layer (session, G_OBJECT (map));
  ck_assert_uint_eq (notifies, 1);
  ck_assert_ptr_eq (tsr_edit_session_get_vector_map (session), map);
  ck_assert_ptr_null (tsr_edit_session_get_tile_map (session));
  tsr_edit_session_set_tool (session, tool);
  event = event_at (0, 0, 1, 0);
  tsr_tool_press (tool, &event);
  event = event_at (100, 100, 1, 0);
  tsr_tool_drag (tool, &event);
  tsr_edit_session_set_layer (session, G_OBJECT (other));
  after = snapshot (map);
  ck_assert (g_bytes_equal (before, after));
  ck_assert (tsr_selection_is_empty (tsr_edit_session_get_selection (session)));
  tsr_tool_release (tool, &event);
  ck_assert (tsr_selection_is_empty (tsr_edit_session_get_selection (session)));
}
END_TEST

/* The tile tools through TsrTool: map pixels become cells, a rectangle drag previews in map
 * pixels, Escape cancels, Delete erases the tile selection. */
START_TEST (test_tile_tool_adapter)
{
  g_autoptr(TsrMemoryTileMap) map = tsr_memory_tile_map_new ("test", 10, 8, 1, 16, 16);
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrTileTools) tools = tsr_tile_tools_new (TSR_TILE_MAP (map), stack);
  g_autoptr(TsrTool) tool = tsr_tile_tool_adapter_new (tools);
  g_autoptr(GPtrArray) overlay = NULL;
  TsrOverlayItem *item;
  TsrToolEvent event;

  ck_assert_int_eq (tsr_tool_get_layer_kind (tool), TSR_LAYER_KIND_TILE);
  ck_assert_str_eq (tsr_tool_get_id (tool), "pencil");
  tsr_tile_tools_set_tile (tools, 3);
  drag_line (tool, 17, 17, 17 + 3 * 16, 17, 6, 2, 0);
  for (gint x = 0; x < 10; x++)
    ck_assert_uint_eq (tsr_tile_map_get_tile (TSR_TILE_MAP (map), 0, x, 1), x >= 1 && x <= 4 ? 3 : 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);

  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_RECTANGLE);
  ck_assert_str_eq (tsr_tool_get_id (tool), "rectangle");
  event = event_at (5, 100, 1, 0);
  tsr_tool_press (tool, &event);
  event = event_at (40, 120, 1, 0);
  tsr_tool_drag (tool, &event);
  overlay = tsr_tool_get_overlay (tool);
  ck_assert_uint_eq (overlay->len, 1);
  item = overlay->pdata[0];
  ck_assert_int_eq (item->kind, TSR_OVERLAY_OUTLINE);
  ck_assert_double_eq (item->points[0].x, 0);
  ck_assert_double_eq (item->points[0].y, 96);
  ck_assert_double_eq (item->points[1].x, 48);
  ck_assert_double_eq (item->points[1].y, 128);
  ck_assert (tsr_tool_key (tool, TSR_TOOL_KEY_ESCAPE, 0));
  tsr_tool_release (tool, &event);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);

  tsr_tile_tools_set_tool (tools, TSR_TILE_TOOL_SELECT);
  drag_line (tool, 16, 16, 40, 20, 2, 1, 0);
  ck_assert (tsr_tool_key (tool, TSR_TOOL_KEY_DELETE, 0));
  ck_assert_uint_eq (tsr_tile_map_get_tile (TSR_TILE_MAP (map), 0, 2, 1), 0);
  ck_assert_uint_eq (tsr_tile_map_get_tile (TSR_TILE_MAP (map), 0, 3, 1), 3);
  while (tsr_undo_stack_undo (stack))
    ;
  for (gint x = 0; x < 10; x++)
    ck_assert_uint_eq (tsr_tile_map_get_tile (TSR_TILE_MAP (map), 0, x, 1), 0);
}
END_TEST

/* Copy a polygon (without selecting its points) and a marker, paste into another map of the same
 * family: the pasted polygon refers to the pasted points, displaced; the paste is selected; undo
 * gives back the target exactly, redo the same paste. Another family refuses it. Cut is one step. */
START_TEST (test_copy_paste)
{
  g_autoptr(TsrVectorMap) source = make_document ();
  g_autoptr(TsrMemoryVectorMap) target = tsr_memory_vector_map_new ("test-vector");
  g_autoptr(TsrMemoryVectorMap) foreign = tsr_memory_vector_map_new ("other-family");
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrEditSession) session = tsr_edit_session_new_for_stack (stack);
  g_autoptr(GBytes) empty = NULL;
  g_autoptr(GBytes) pasted = NULL;
  g_autoptr(GBytes) redone = NULL;
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GBytes) source_before = snapshot (source);
  g_autoptr(GBytes) source_after = NULL;
  TsrElementRef copied[] = { { TSR_ELEMENT_POLYGON, 5 }, { TSR_ELEMENT_MARKER, 1 } };
  TsrElementRef pasted_polygon = { TSR_ELEMENT_POLYGON, 0 };
  TsrElementRef original_polygon = { TSR_ELEMENT_POLYGON, 5 };
  TsrVectorMap *target_map = TSR_VECTOR_MAP (target);
  guint n;

  tsr_memory_vector_map_add_point (target, -5, -5); /* so indices differ from the clip's */
  empty = snapshot (target_map);
  tsr_edit_session_set_layer (session, G_OBJECT (source));
  ck_assert (!tsr_edit_session_copy (session));
  tsr_selection_set (tsr_edit_session_get_selection (session), copied, G_N_ELEMENTS (copied));
  ck_assert (tsr_edit_session_copy (session));

  tsr_edit_session_set_layer (session, G_OBJECT (foreign));
  ck_assert (!tsr_edit_session_can_paste (session));
  ck_assert (!tsr_edit_session_paste (session, 0, 0));

  tsr_edit_session_set_layer (session, G_OBJECT (target));
  ck_assert (tsr_edit_session_paste (session, 100, 50));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (target_map, TSR_ELEMENT_POINT), 1 + 4);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (target_map, TSR_ELEMENT_POLYGON), 1);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (target_map, TSR_ELEMENT_MARKER), 1);
  tsr_selection_get_elements (tsr_edit_session_get_selection (session), &n);
  ck_assert_uint_eq (n, 6);
  for (guint v = 0; v < 4; v++)
    {
      TsrVectorPoint a, b;
      guint point = tsr_vector_map_get_vertex_point (target_map, &pasted_polygon, v);

      ck_assert_uint_ge (point, 1);
      ck_assert_uint_lt (point, 5);
      tsr_vector_map_get_vertex (source, &original_polygon, v, &a);
      tsr_vector_map_get_vertex (target_map, &pasted_polygon, v, &b);
      ck_assert_double_eq (b.x, a.x + 100);
      ck_assert_double_eq (b.y, a.y + 50);
    }
  pasted = snapshot (target_map);
  tsr_undo_stack_undo (stack);
  undone = snapshot (target_map);
  ck_assert (g_bytes_equal (empty, undone));
  tsr_undo_stack_redo (stack);
  redone = snapshot (target_map);
  ck_assert (g_bytes_equal (pasted, redone));

  /* Cut in the source: one undo step, undone exactly. */
  tsr_edit_session_set_layer (session, G_OBJECT (source));
  tsr_selection_set (tsr_edit_session_get_selection (session), copied, G_N_ELEMENTS (copied));
  ck_assert (tsr_edit_session_cut (session));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (source, TSR_ELEMENT_POLYGON), 99);
  tsr_undo_stack_undo (stack);
  source_after = snapshot (source);
  ck_assert (g_bytes_equal (source_before, source_after));
  tsr_edit_session_set_clipboard (NULL);
}
END_TEST

/* Random pointer paths (clicks, drags, bands, modifiers, zooms, cancels, keys) through every
 * vector tool end, and undoing everything gives back the original document exactly; redoing
 * everything and undoing again too. */
START_TEST (test_random_paths_every_tool)
{
  g_autoptr(TsrVectorMap) map = make_document ();
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(TsrEditSession) session = tsr_edit_session_new_for_stack (stack);
  g_autoptr(TsrTool) select = tsr_vector_select_tool_new (session);
  g_autoptr(TsrTool) move = tsr_vector_move_tool_new (session);
  TsrTool *tools[] = { select, move };
  g_autoptr(GBytes) original = snapshot (map);
  g_autoptr(GBytes) edited = NULL;
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GBytes) redone = NULL;
  GRand *rand = g_rand_new_with_seed (_i + 30);
  const double zooms[] = { 0.25, 1, 2.5, 16 };

  tsr_edit_session_set_layer (session, G_OBJECT (map));
  for (guint i = 0; i < 1500; i++)
    {
      TsrTool *tool = tools[g_rand_int_range (rand, 0, G_N_ELEMENTS (tools))];
      double zoom = zooms[g_rand_int_range (rand, 0, G_N_ELEMENTS (zooms))];
      TsrModifiers modifiers = g_rand_int_range (rand, 0, 8);
      double x = g_rand_double_range (rand, -64, GRID_W * SPACING + 64);
      double y = g_rand_double_range (rand, -64, GRID_H * SPACING + 64);
      guint steps = g_rand_int_range (rand, 0, 10);
      TsrToolEvent event;

      /* Snap some presses onto grid points, so drags grab points and segments often. */
      if (g_rand_boolean (rand))
        {
          x = round (x / SPACING) * SPACING;
          y = round (y / SPACING) * SPACING;
        }
      tsr_edit_session_set_tool (session, tool);
      event = event_at (x, y, zoom, modifiers);
      tsr_tool_hover (tool, &event);
      tsr_tool_press (tool, &event);
      for (guint s = 0; s < steps; s++)
        {
          x += g_rand_double_range (rand, -50, 50);
          y += g_rand_double_range (rand, -50, 50);
          event = event_at (x, y, zoom, g_rand_int_range (rand, 0, 8));
          tsr_tool_drag (tool, &event);
        }
      if (g_rand_int_range (rand, 0, 10) == 0)
        tsr_tool_cancel (tool);
      tsr_tool_release (tool, &event);
      switch (g_rand_int_range (rand, 0, 14))
        {
        case 0: tsr_tool_key (tool, TSR_TOOL_KEY_DELETE, 0); break;
        case 1: tsr_tool_key (tool, TSR_TOOL_KEY_ESCAPE, 0); break;
        case 2: tsr_tool_key (tool, TSR_TOOL_KEY_LEFT + g_rand_int_range (rand, 0, 4), g_rand_int_range (rand, 0, 2)); break;
        case 3: if (tsr_undo_stack_get_can_undo (stack)) tsr_undo_stack_undo (stack); break;
        case 4: tsr_edit_session_copy (session); break;
        case 5: tsr_edit_session_paste (session, g_rand_double_range (rand, -40, 40), g_rand_double_range (rand, -40, 40)); break;
        case 6: tsr_edit_session_cut (session); break;
        default: break;
        }
      /* Every selected reference names an existing element. */
      {
        guint n;
        const TsrElementRef *selected = tsr_selection_get_elements (tsr_edit_session_get_selection (session), &n);

        for (guint k = 0; k < n; k++)
          ck_assert (tsr_vector_map_contains (map, &selected[k]));
      }
    }
  /* The path may end with undos: the newest state is after redoing them. */
  while (tsr_undo_stack_get_can_redo (stack))
    tsr_undo_stack_redo (stack);
  edited = snapshot (map);
  ck_assert (!g_bytes_equal (original, edited));
  ck_assert_uint_gt (tsr_undo_stack_get_depth (stack), 20);
  while (tsr_undo_stack_get_can_undo (stack))
    tsr_undo_stack_undo (stack);
  undone = snapshot (map);
  ck_assert (g_bytes_equal (original, undone));
  while (tsr_undo_stack_get_can_redo (stack))
    tsr_undo_stack_redo (stack);
  redone = snapshot (map);
  ck_assert (g_bytes_equal (edited, redone));
  tsr_edit_session_set_clipboard (NULL);
  g_rand_free (rand);
}
END_TEST

static Suite *
edit_core_suite (void)
{
  Suite *suite = suite_create ("edit-core");
  TCase *tcase = tcase_create ("core");

  tcase_set_timeout (tcase, 120);
  tcase_add_test (tcase, test_document_size);
  tcase_add_test (tcase, test_hit_testing);
  tcase_add_test (tcase, test_hit_markers_rectangles);
  tcase_add_test (tcase, test_selection_set);
  tcase_add_test (tcase, test_rubber_band_and_clicks);
  tcase_add_test (tcase, test_move_undo_redo);
  tcase_add_test (tcase, test_click_with_snap_moves_nothing);
  tcase_add_test (tcase, test_move_tool);
  tcase_add_test (tcase, test_delete_selection);
  tcase_add_test (tcase, test_nudge);
  tcase_add_test (tcase, test_session_layer_and_tool);
  tcase_add_test (tcase, test_tile_tool_adapter);
  tcase_add_test (tcase, test_copy_paste);
  tcase_add_loop_test (tcase, test_random_paths_every_tool, 0, 3);
  suite_add_tcase (suite, tcase);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (edit_core_suite ());
}
