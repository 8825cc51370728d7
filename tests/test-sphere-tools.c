/* test-sphere-tools.c: the Sphere map's TsrVectorMap and the Sphere tools (src/edit/sphere) on
 * the real village map, through the same TsrEditSession the canvas uses, without GTK: the vector
 * view of entities, zones and segments; placing, drawing, grabbing a person by its picture,
 * resizing a zone, the rubber band, deleting; copy and paste that keep a person's name and
 * scripts, into the same map and into another open map; and random pointer paths through every
 * tool (every drag at most one undo step), undone to the original bytes and redone. */
#include <math.h>
#include <string.h>

#include "edit/sphere/tsr-sphere-tools.h"
#include "edit/tsr-edit-session.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "model/sphere/tsr-sphere-document.h"
#include "model/sphere/tsr-sphere-vector-map.h"
#include "tsr-test-common.h"

static char *data_dir;

static TsrSphereDocument *
open_village (void)
{
  TsrDocument *document = tsr_test_open_document (data_dir, "village.rmp");

  ck_assert (TSR_IS_SPHERE_DOCUMENT (document));
  return TSR_SPHERE_DOCUMENT (document);
}

static GBytes *
serialize (TsrSphereDocument *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (TSR_DOCUMENT (document),
                                                         tsr_sphere_document_get_map (document)->path, &error);

  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  return g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
}

static TsrToolEvent
at (double x, double y, double zoom, TsrModifiers modifiers)
{
  return (TsrToolEvent) { x, y, zoom, modifiers };
}

/* Press, a few motions along the line, release: one drag as the canvas sends it. */
static void
drag (TsrTool *tool, double x0, double y0, double x1, double y1, double zoom, TsrModifiers modifiers)
{
  TsrToolEvent event = at (x0, y0, zoom, modifiers);

  tsr_tool_press (tool, &event);
  for (guint i = 1; i <= 4; i++)
    {
      event = at (x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * i / 4, zoom, modifiers);
      tsr_tool_drag (tool, &event);
    }
  tsr_tool_release (tool, &event);
}

static char *
entity_name (TsrSphereDocument *document, guint index)
{
  return tsr_sphere_string_to_utf8 (tsr_sphere_document_get_entity (document, index)->name);
}

START_TEST (test_vector_view)
{
  g_autoptr(TsrSphereDocument) document = open_village ();
  TsrVectorMap *map = tsr_sphere_document_get_vector_map (document, 1);
  const TsrSphereLayer *layer = tsr_sphere_document_get_layer (document, 1);
  TsrVectorPoint p;

  ck_assert_ptr_eq (map, tsr_sphere_document_get_vector_map (document, 1));
  ck_assert_ptr_ne (map, tsr_sphere_document_get_vector_map (document, 0));
  ck_assert_str_eq (tsr_vector_map_get_family (map), "sphere");
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_MARKER), tsr_sphere_document_get_n_entities (document));
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_RECTANGLE), tsr_sphere_document_get_n_zones (document));
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_SEGMENT), layer->segments->len);
  ck_assert_uint_eq (tsr_vector_map_get_n_elements (map, TSR_ELEMENT_POLYGON), 0);
  ck_assert_uint_gt (tsr_sphere_document_get_n_entities (document), 3);
  for (guint i = 0; i < tsr_sphere_document_get_n_entities (document); i++)
    {
      const TsrSphereEntity *entity = tsr_sphere_document_get_entity (document, i);

      tsr_vector_map_get_vertex (map, &(TsrElementRef) { TSR_ELEMENT_MARKER, i }, 0, &p);
      ck_assert (p.x == entity->x && p.y == entity->y);
    }
  ck_assert_uint_eq (tsr_sphere_vector_map_get_layer (TSR_SPHERE_VECTOR_MAP (map)), 1);
  ck_assert_ptr_eq (tsr_sphere_vector_map_get_document (TSR_SPHERE_VECTOR_MAP (map)), document);
  tsr_test_report_count ("sphere tools: village.rmp as a vector map", 1);
}
END_TEST

START_TEST (test_tools_on_village)
{
  g_autoptr(TsrSphereDocument) document = open_village ();
  g_autoptr(GBytes) original = serialize (document);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  TsrSelection *selection = tsr_edit_session_get_selection (session);
  g_autoptr(TsrTool) person = tsr_sphere_place_tool_new (session, TSR_SPHERE_PLACE_PERSON);
  g_autoptr(TsrTool) trigger = tsr_sphere_place_tool_new (session, TSR_SPHERE_PLACE_TRIGGER);
  g_autoptr(TsrTool) zone_tool = tsr_sphere_shape_tool_new (session, TSR_SPHERE_SHAPE_ZONE);
  g_autoptr(TsrTool) segment_tool = tsr_sphere_shape_tool_new (session, TSR_SPHERE_SHAPE_SEGMENT);
  g_autoptr(TsrTool) select = tsr_sphere_select_tool_new (session);
  guint n_entities = tsr_sphere_document_get_n_entities (document);
  guint n_zones = tsr_sphere_document_get_n_zones (document);
  guint n_segments = tsr_sphere_document_get_layer (document, 1)->segments->len;
  const TsrElementRef *selected;
  guint n_selected, depth, sarah = G_MAXUINT;
  TsrToolEvent event;
  TsrTileRect box;

  tsr_edit_session_set_layer (session, G_OBJECT (tsr_sphere_document_get_vector_map (document, 1)));

  /* A person placed with a click (95.9999999 is pixel 96, view ↔ map rounding), on the session's layer, selected. */
  tsr_edit_session_set_tool (session, person);
  event = at (95.9999999, 120.4, 2, 0);
  tsr_tool_press (person, &event);
  tsr_tool_release (person, &event);
  ck_assert_uint_eq (tsr_sphere_document_get_n_entities (document), n_entities + 1);
  ck_assert_uint_eq (tsr_sphere_document_get_entity (document, n_entities)->x, 96);
  ck_assert_uint_eq (tsr_sphere_document_get_entity (document, n_entities)->y, 120);
  ck_assert_uint_eq (tsr_sphere_document_get_entity (document, n_entities)->layer, 1);
  ck_assert_uint_eq (tsr_sphere_document_get_entity (document, n_entities)->type, TSR_SPHERE_ENTITY_PERSON);
  selected = tsr_selection_get_elements (selection, &n_selected);
  ck_assert_uint_eq (n_selected, 1);
  ck_assert (selected[0].kind == TSR_ELEMENT_MARKER && selected[0].index == n_entities);

  /* A zone dragged out, stored normalised; a click makes a one-tile zone. */
  tsr_edit_session_set_tool (session, zone_tool);
  drag (zone_tool, 224, 208, 160, 160, 2, 0);
  ck_assert_uint_eq (tsr_sphere_document_get_n_zones (document), n_zones + 1);
  {
    const TsrSphereZone *zone = tsr_sphere_document_get_zone (document, n_zones);

    ck_assert_uint_eq (zone->x1, 160);
    ck_assert_uint_eq (zone->y1, 160);
    ck_assert_uint_eq (zone->x2, 224);
    ck_assert_uint_eq (zone->y2, 208);
    ck_assert_uint_eq (zone->layer, 1);
  }
  drag (zone_tool, 400, 400, 400, 400, 2, 0);
  ck_assert_uint_eq (tsr_sphere_document_get_zone (document, n_zones + 1)->x2, 416);

  /* A segment on layer 1; a click draws none. */
  tsr_edit_session_set_tool (session, segment_tool);
  drag (segment_tool, 320, 96, 384, 96, 2, 0);
  drag (segment_tool, 330, 330, 330, 330, 2, 0);
  ck_assert_uint_eq (tsr_sphere_document_get_layer (document, 1)->segments->len, n_segments + 1);
  selected = tsr_selection_get_elements (selection, &n_selected);
  ck_assert (n_selected == 1 && selected[0].kind == TSR_ELEMENT_SEGMENT && selected[0].index == n_segments);

  /* Sarah is grabbed anywhere on her picture, not only at her feet, and dragged 32 pixels in one
   * undo step. */
  for (guint i = 0; i < n_entities && sarah == G_MAXUINT; i++)
    {
      g_autofree char *name = entity_name (document, i);

      if (g_strcmp0 (name, "sarah") == 0)
        sarah = i;
    }
  ck_assert_uint_ne (sarah, G_MAXUINT);
  ck_assert (tsr_sphere_document_get_entity_bounds (document, sarah, &box));
  ck_assert_int_gt (box.height, 9);
  {
    guint16 x = tsr_sphere_document_get_entity (document, sarah)->x;
    guint16 y = tsr_sphere_document_get_entity (document, sarah)->y;

    tsr_edit_session_set_tool (session, select);
    depth = tsr_undo_stack_get_depth (stack);
    drag (select, box.x + box.width / 2.0, box.y + 3.3, box.x + box.width / 2.0 + 32.2, box.y + 3.3, 2, 0);
    ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
    ck_assert_uint_eq (tsr_sphere_document_get_entity (document, sarah)->x, x + 32);
    ck_assert_uint_eq (tsr_sphere_document_get_entity (document, sarah)->y, y);
    selected = tsr_selection_get_elements (selection, &n_selected);
    ck_assert (n_selected == 1 && selected[0].kind == TSR_ELEMENT_MARKER && selected[0].index == sarah);
    ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
    ck_assert_uint_eq (tsr_sphere_document_get_entity (document, sarah)->x, x);
    ck_assert (tsr_document_redo (TSR_DOCUMENT (document)));
  }

  /* The new zone resized by its bottom-right corner (within the handle's reach at zoom 2), one
   * step; it never turns inside out. */
  depth = tsr_undo_stack_get_depth (stack);
  drag (select, 226, 209, 240, 224, 2, 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  ck_assert_uint_eq (tsr_sphere_document_get_zone (document, n_zones)->x2, 240);
  ck_assert_uint_eq (tsr_sphere_document_get_zone (document, n_zones)->y2, 224);
  ck_assert_uint_eq (tsr_sphere_document_get_zone (document, n_zones)->x1, 160);
  drag (select, 240, 224, 100, 100, 2, 0);
  ck_assert_uint_eq (tsr_sphere_document_get_zone (document, n_zones)->x2, 160);
  ck_assert_uint_eq (tsr_sphere_document_get_zone (document, n_zones)->y2, 160);
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));

  /* With snapping, a zone moved by 10 and 1 pixels moves one tile and keeps its row. */
  g_object_set (select, "snap", TRUE, NULL);
  drag (select, 190, 190, 200, 191, 2, 0);
  ck_assert_uint_eq (tsr_sphere_document_get_zone (document, n_zones)->x1, 176);
  ck_assert_uint_eq (tsr_sphere_document_get_zone (document, n_zones)->y1, 160);
  ck_assert (tsr_document_undo (TSR_DOCUMENT (document)));
  g_object_set (select, "snap", FALSE, NULL);

  /* A rubber band round the new segment and zone selects exactly what lies inside. */
  drag (select, 150, 80, 390, 230, 2, 0);
  selected = tsr_selection_get_elements (selection, &n_selected);
  for (guint i = 0; i < n_selected; i++)
    {
      TsrVectorBounds bounds;

      tsr_vector_map_get_element_bounds (tsr_edit_session_get_vector_map (session), &selected[i], &bounds);
      ck_assert (bounds.x0 >= 150 && bounds.x1 <= 390 && bounds.y0 >= 80 && bounds.y1 <= 230);
    }
  ck_assert (tsr_selection_contains (selection, &(TsrElementRef) { TSR_ELEMENT_RECTANGLE, n_zones }));
  ck_assert (tsr_selection_contains (selection, &(TsrElementRef) { TSR_ELEMENT_SEGMENT, n_segments }));

  /* Delete takes them all in one step. */
  depth = tsr_undo_stack_get_depth (stack);
  {
    guint n_markers = 0;

    for (guint i = 0; i < n_selected; i++)
      n_markers += selected[i].kind == TSR_ELEMENT_MARKER;
    ck_assert (tsr_tool_key (select, TSR_TOOL_KEY_DELETE, 0));
    ck_assert_uint_eq (tsr_sphere_document_get_n_entities (document), n_entities + 1 - n_markers);
  }
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  ck_assert_uint_eq (tsr_sphere_document_get_n_zones (document), n_zones + 1);
  ck_assert_uint_eq (tsr_sphere_document_get_layer (document, 1)->segments->len, n_segments);

  /* A trigger: placed and nudged by the arrows. */
  tsr_edit_session_set_tool (session, trigger);
  event = at (300, 300, 1, 0);
  tsr_tool_press (trigger, &event);
  tsr_tool_release (trigger, &event);
  selected = tsr_selection_get_elements (selection, &n_selected);
  ck_assert_uint_eq (n_selected, 1);
  ck_assert_uint_eq (selected[0].index, tsr_sphere_document_get_n_entities (document) - 1);
  {
    guint index = selected[0].index;

    ck_assert_uint_eq (tsr_sphere_document_get_entity (document, index)->type, TSR_SPHERE_ENTITY_TRIGGER);
    tsr_edit_session_set_tool (session, select);
    ck_assert (tsr_tool_key (select, TSR_TOOL_KEY_RIGHT, TSR_MODIFIER_SHIFT));
    ck_assert_uint_eq (tsr_sphere_document_get_entity (document, index)->x, 310);
  }

  while (tsr_document_undo (TSR_DOCUMENT (document)))
    ;
  {
    g_autoptr(GBytes) undone = serialize (document);

    ck_assert (g_bytes_equal (undone, original));
  }
  tsr_edit_session_set_tool (session, NULL);
}
END_TEST

/* Copy and paste keep a person's name, spriteset and scripts (the map's element data) and put
 * the copy on the target map's layer, in the same map and in another open map. */
START_TEST (test_copy_paste)
{
  g_autoptr(TsrSphereDocument) document = open_village ();
  g_autoptr(TsrSphereDocument) other = open_village ();
  g_autoptr(GBytes) original = serialize (document);
  g_autoptr(GBytes) other_original = serialize (other);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  g_autoptr(TsrEditSession) other_session = tsr_edit_session_new (TSR_DOCUMENT (other));
  guint n_entities = tsr_sphere_document_get_n_entities (document);
  TsrElementRef refs[] = { { TSR_ELEMENT_MARKER, 0 }, { TSR_ELEMENT_MARKER, 1 } };
  const TsrElementRef *pasted;
  guint n_pasted;

  tsr_edit_session_set_layer (session, G_OBJECT (tsr_sphere_document_get_vector_map (document, 1)));
  tsr_edit_session_set_layer (other_session, G_OBJECT (tsr_sphere_document_get_vector_map (other, 0)));
  tsr_selection_set (tsr_edit_session_get_selection (session), refs, G_N_ELEMENTS (refs));
  ck_assert (tsr_edit_session_copy (session));
  ck_assert (tsr_edit_session_paste (session, 16, 8));
  ck_assert_uint_eq (tsr_sphere_document_get_n_entities (document), n_entities + 2);
  pasted = tsr_selection_get_elements (tsr_edit_session_get_selection (session), &n_pasted);
  ck_assert_uint_eq (n_pasted, 2);
  for (guint i = 0; i < 2; i++)
    {
      const TsrSphereEntity *from = tsr_sphere_document_get_entity (document, i);
      const TsrSphereEntity *copy = tsr_sphere_document_get_entity (document, n_entities + i);

      ck_assert_uint_eq (pasted[i].index, n_entities + i);
      ck_assert_uint_eq (copy->type, from->type);
      ck_assert_uint_eq (copy->x, from->x + 16);
      ck_assert_uint_eq (copy->y, from->y + 8);
      ck_assert_uint_eq (copy->layer, 1);
      if (from->type == TSR_SPHERE_ENTITY_PERSON)
        {
          ck_assert (g_bytes_equal (copy->name, from->name));
          ck_assert (g_bytes_equal (copy->spriteset, from->spriteset));
          ck_assert_uint_eq (copy->scripts->len, from->scripts->len);
          for (guint s = 0; s < from->scripts->len; s++)
            ck_assert (g_bytes_equal (g_ptr_array_index (copy->scripts, s), g_ptr_array_index (from->scripts, s)));
        }
      else
        ck_assert (g_bytes_equal (copy->function, from->function));
    }

  /* Into another open map of the family, onto its session's layer 0. */
  ck_assert (tsr_edit_session_paste (other_session, 0, 0));
  ck_assert_uint_eq (tsr_sphere_document_get_n_entities (other), n_entities + 2);
  ck_assert_uint_eq (tsr_sphere_document_get_entity (other, n_entities)->layer, 0);
  ck_assert (g_bytes_equal (tsr_sphere_document_get_entity (other, n_entities)->name,
                            tsr_sphere_document_get_entity (document, 0)->name));

  /* Cut is one step; every paste and cut undoes to the original bytes. */
  tsr_selection_set (tsr_edit_session_get_selection (session), refs, 1);
  ck_assert (tsr_edit_session_cut (session));
  ck_assert_uint_eq (tsr_sphere_document_get_n_entities (document), n_entities + 1);
  while (tsr_document_undo (TSR_DOCUMENT (document)))
    ;
  while (tsr_document_undo (TSR_DOCUMENT (other)))
    ;
  {
    g_autoptr(GBytes) undone = serialize (document);
    g_autoptr(GBytes) other_undone = serialize (other);

    ck_assert (g_bytes_equal (undone, original));
    ck_assert (g_bytes_equal (other_undone, other_original));
  }
  tsr_edit_session_set_clipboard (NULL);
}
END_TEST

/* Random pointer paths through every tool: on random layers, with random modifiers and zooms,
 * cancels, keys, clipboard actions and undos between them. Every drag is at most one undo step;
 * zones stay normalised; undoing everything gives the original bytes, redoing it the edited ones. */
START_TEST (test_random_pointer_paths)
{
  g_autoptr(TsrSphereDocument) document = open_village ();
  g_autoptr(GBytes) original = serialize (document);
  g_autoptr(TsrEditSession) session = tsr_edit_session_new (TSR_DOCUMENT (document));
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (document));
  TsrTool *tools[5];
  GRand *rand = g_rand_new_with_seed (12 + _i);
  guint width = tsr_tile_map_get_width (TSR_TILE_MAP (document)) * 16;
  guint height = tsr_tile_map_get_height (TSR_TILE_MAP (document)) * 16;
  guint n_drags = 0, n_steps = 0;

  tools[0] = tsr_sphere_select_tool_new (session);
  tools[1] = tsr_sphere_place_tool_new (session, TSR_SPHERE_PLACE_PERSON);
  tools[2] = tsr_sphere_place_tool_new (session, TSR_SPHERE_PLACE_TRIGGER);
  tools[3] = tsr_sphere_shape_tool_new (session, TSR_SPHERE_SHAPE_ZONE);
  tools[4] = tsr_sphere_shape_tool_new (session, TSR_SPHERE_SHAPE_SEGMENT);
  for (guint path = 0; path < 1200; path++)
    {
      TsrTool *tool = tools[g_rand_int_range (rand, 0, path % 3 == 0 ? 5 : 1)];
      double zoom = (double[]) { 0.5, 1, 2, 4 }[g_rand_int_range (rand, 0, 4)];
      TsrModifiers modifiers = g_rand_int_range (rand, 0, 4) == 0 ? TSR_MODIFIER_SHIFT : 0;
      guint depth = tsr_undo_stack_get_depth (stack);
      guint n_motions = (guint) g_rand_int_range (rand, 0, 12);
      gboolean cancelled = FALSE;
      TsrToolEvent event;

      if (g_rand_int_range (rand, 0, 20) == 0)
        tsr_edit_session_set_layer (session, G_OBJECT (tsr_sphere_document_get_vector_map (document, (guint) g_rand_int_range (rand, 0, 3))));
      else if (tsr_edit_session_get_layer (session) == NULL)
        tsr_edit_session_set_layer (session, G_OBJECT (tsr_sphere_document_get_vector_map (document, 1)));
      tsr_edit_session_set_tool (session, tool);
      g_object_set (tool, "snap", g_rand_boolean (rand), NULL);

      /* Near elements half of the time, so grabs, handles and bands all happen. */
      if (g_rand_boolean (rand) && tsr_sphere_document_get_n_entities (document) > 0)
        {
          const TsrSphereEntity *entity = tsr_sphere_document_get_entity (document, (guint) g_rand_int_range (rand, 0, (gint) tsr_sphere_document_get_n_entities (document)));

          event = at (entity->x + g_rand_double_range (rand, -10, 10), entity->y + g_rand_double_range (rand, -20, 4), zoom, modifiers);
        }
      else
        event = at (g_rand_double_range (rand, -40, width + 40), g_rand_double_range (rand, -40, height + 40), zoom, modifiers);
      tsr_tool_press (tool, &event);
      for (guint m = 0; m < n_motions; m++)
        {
          event.x += g_rand_double_range (rand, -70, 70);
          event.y += g_rand_double_range (rand, -70, 70);
          tsr_tool_drag (tool, &event);
          if (g_rand_int_range (rand, 0, 40) == 0)
            {
              /* Escape in the middle of a drag puts everything back. */
              ck_assert (tsr_tool_key (tool, TSR_TOOL_KEY_ESCAPE, 0));
              ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth);
              cancelled = TRUE;
              break;
            }
        }
      tsr_tool_release (tool, &event);
      n_drags++;
      ck_assert_uint_le (tsr_undo_stack_get_depth (stack), depth + (cancelled ? 0 : 1));

      switch (g_rand_int_range (rand, 0, 14))
        {
        case 0:
          tsr_tool_key (tool, TSR_TOOL_KEY_DELETE, 0);
          break;
        case 1:
          tsr_tool_key (tool, (TsrToolKey) g_rand_int_range (rand, TSR_TOOL_KEY_LEFT, TSR_TOOL_KEY_DOWN + 1),
                        g_rand_boolean (rand) ? TSR_MODIFIER_SHIFT : 0);
          break;
        case 2:
          tsr_edit_session_copy (session);
          break;
        case 3:
          tsr_edit_session_paste (session, g_rand_int_range (rand, -64, 64), g_rand_int_range (rand, -64, 64));
          break;
        case 4:
          tsr_edit_session_cut (session);
          break;
        case 5:
          tsr_document_undo (TSR_DOCUMENT (document));
          break;
        case 6:
          tsr_document_redo (TSR_DOCUMENT (document));
          break;
        default:
          break;
        }
      for (guint i = 0; i < tsr_sphere_document_get_n_zones (document); i++)
        {
          const TsrSphereZone *zone = tsr_sphere_document_get_zone (document, i);

          ck_assert (zone->x1 <= zone->x2 && zone->y1 <= zone->y2);
        }
      ck_assert_uint_eq (tsr_vector_map_get_n_elements (tsr_edit_session_get_vector_map (session), TSR_ELEMENT_MARKER),
                         tsr_sphere_document_get_n_entities (document));
    }
  n_steps = tsr_undo_stack_get_depth (stack);
  ck_assert_uint_gt (n_steps, 100);
  {
    g_autoptr(GBytes) edited = serialize (document);
    g_autoptr(GBytes) undone = NULL;
    g_autoptr(GBytes) redone = NULL;

    while (tsr_document_undo (TSR_DOCUMENT (document)))
      ;
    undone = serialize (document);
    ck_assert (g_bytes_equal (undone, original));
    while (tsr_document_redo (TSR_DOCUMENT (document)))
      ;
    redone = serialize (document);
    ck_assert (g_bytes_equal (redone, edited));
  }
  tsr_edit_session_set_tool (session, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    g_object_unref (tools[i]);
  tsr_edit_session_set_clipboard (NULL);
  g_rand_free (rand);
  ck_assert_uint_eq (n_drags, 1200);
  tsr_test_report_count ("sphere tools: village.rmp under random pointer paths", 1);
}
END_TEST

static Suite *
sphere_tools_suite (void)
{
  Suite *suite = suite_create ("sphere-tools");
  TCase *tools = tcase_create ("tools");

  tcase_set_timeout (tools, 300);
  tcase_add_test (tools, test_vector_view);
  tcase_add_test (tools, test_tools_on_village);
  tcase_add_test (tools, test_copy_paste);
  tcase_add_loop_test (tools, test_random_pointer_paths, 0, 3);
  suite_add_tcase (suite, tools);
  return suite;
}

int
main (int argc, char **argv)
{
  data_dir = tsr_test_data_require ("sphere");
  return tsr_test_run_suite (sphere_tools_suite ());
}
