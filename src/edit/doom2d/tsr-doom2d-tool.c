/* tsr-doom2d-tool.c: the modes of the Doom2D tool. Select wraps the core's select tool and only
 * adds what Doom2D needs around it (handles, grid steps for moves); drawing, placing and picking
 * turn one press/drag/release into one document command. */
#include "edit/doom2d/tsr-doom2d-tool.h"

#include <glib/gi18n.h>
#include <math.h>

#include "edit/tsr-move-elements-command.h"
#include "edit/tsr-vector-drag.h"
#include "edit/tsr-vector-move-tool.h"
#include "edit/tsr-vector-select-tool.h"

G_DEFINE_ENUM_TYPE (TsrDoom2dToolMode, tsr_doom2d_tool_mode,
                    G_DEFINE_ENUM_VALUE (TSR_DOOM2D_TOOL_SELECT, "select"),
                    G_DEFINE_ENUM_VALUE (TSR_DOOM2D_TOOL_MOVE, "move"),
                    G_DEFINE_ENUM_VALUE (TSR_DOOM2D_TOOL_PANEL, "panel"),
                    G_DEFINE_ENUM_VALUE (TSR_DOOM2D_TOOL_TRIGGER, "trigger"),
                    G_DEFINE_ENUM_VALUE (TSR_DOOM2D_TOOL_ITEM, "item"),
                    G_DEFINE_ENUM_VALUE (TSR_DOOM2D_TOOL_MONSTER, "monster"),
                    G_DEFINE_ENUM_VALUE (TSR_DOOM2D_TOOL_AREA, "area"),
                    G_DEFINE_ENUM_VALUE (TSR_DOOM2D_TOOL_PICK_TARGET, "pick-target"))

#define RESIZE_MERGE_KEY "doom2d-resize"

typedef enum {
  STATE_IDLE,
  STATE_SELECT,  /* the select or move tool (INNER) has the drag */
  STATE_RESIZE,
  STATE_DRAW,
} State;

typedef struct {
  TsrElementRef  element;
  guint          edges;    /* EDGE_* the handle moves */
  const char    *cursor;
  TsrVectorPoint a, b;     /* the rectangle's corners at the press */
} Handle;

struct _TsrDoom2dTool {
  GObject            parent_instance;
  TsrEditSession    *session;  /* weak */
  TsrDoom2dDocument *document; /* weak */
  TsrTool           *select;
  TsrTool           *move;
  TsrDoom2dToolMode  mode;
  guint              grid;
  gboolean           snap;
  gint64             panel_type;
  gint64             texture;
  guint              texture_width;   /* a frame of the new panels' texture; 0: none resolved */
  guint              texture_height;
  gboolean           texture_sized;   /* Ctrl at the press: one texture-sized panel */
  gboolean           picking_area;    /* a Pick Target drag of a press trigger's area */
  TsrDoom2dTextureSizeFunc texture_size_func;
  gpointer           texture_size_data;
  gint64             trigger_type;
  gint64             thing_types[TSR_DOOM2D_N_KINDS];
  gint64             monster_direction;
  gint64             trigger;
  State              state;
  double             press_x, press_y;
  double             x0, y0, x1, y1;  /* the rectangle being drawn */
  Handle             handle;          /* the corner or edge being resized */
  guint              depth_at_press;
  const char        *cursor;
  TsrVectorDrag      nudge;           /* arrow keys while snapping (grid steps) */
};

enum {
  PROP_0,
  PROP_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  TARGET_PICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void tsr_doom2d_tool_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrDoom2dTool, tsr_doom2d_tool, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TOOL, tsr_doom2d_tool_iface_init))

static void
set_cursor (TsrDoom2dTool *self,
            const char    *cursor)
{
  if (g_strcmp0 (self->cursor, cursor) == 0)
    return;
  self->cursor = cursor;
  tsr_tool_cursor_changed (TSR_TOOL (self));
}

double
tsr_doom2d_tool_snap_coordinate (TsrDoom2dTool *self,
                                 double         value)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_TOOL (self), value);
  if (!self->snap || self->grid == 0)
    return floor (value + 0.5);
  return floor (value / self->grid + 0.5) * self->grid;
}

/* A press point: snapped to the grid cell's corner it lies in (placing marks the cell clicked). */
static double
snap_down (TsrDoom2dTool *self,
           double         value)
{
  if (!self->snap || self->grid == 0)
    return floor (value);
  return floor (value / self->grid) * self->grid;
}

/* Whether new panels get a texture whose size they snap to (snapping on, Panel mode). */
static gboolean
textured (TsrDoom2dTool *self)
{
  return self->mode == TSR_DOOM2D_TOOL_PANEL && self->snap && self->texture_width > 0 && self->texture_height > 0
         && tsr_doom2d_panel_type_has_texture (self->panel_type);
}

/* The core tool the mode delegates to. */
static TsrTool *
inner (TsrDoom2dTool *self)
{
  return self->mode == TSR_DOOM2D_TOOL_MOVE ? self->move : self->select;
}

static const char *
doom2d_tool_get_id (TsrTool *tool)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (tool);
  GEnumValue *value = g_enum_get_value (g_type_class_peek (TSR_TYPE_DOOM2D_TOOL_MODE), (gint) self->mode);

  return value != NULL ? value->value_nick : "select";
}

static TsrLayerKind
doom2d_tool_get_layer_kind (TsrTool *tool)
{
  return TSR_LAYER_KIND_VECTOR;
}

static const char *
doom2d_tool_get_cursor_name (TsrTool *tool)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (tool);

  if (self->mode == TSR_DOOM2D_TOOL_MOVE)
    return tsr_tool_get_cursor_name (self->move);
  if (self->mode == TSR_DOOM2D_TOOL_SELECT && self->state != STATE_RESIZE && g_strcmp0 (self->cursor, "nwse-resize") != 0)
    return tsr_tool_get_cursor_name (self->select);
  return self->cursor;
}

/* The corner of a selected rectangle within the handle radius of (X, Y), if any. */
/* Which of a rectangle's sides a handle moves. */
enum {
  EDGE_LEFT = 1 << 0, EDGE_RIGHT = 1 << 1, EDGE_TOP = 1 << 2, EDGE_BOTTOM = 1 << 3,
};

static const struct {
  guint       edges;
  const char *cursor;
} handles[] = {
  /* Corners first: where a corner and an edge's middle meet (a small rectangle), the corner wins. */
  { EDGE_RIGHT | EDGE_BOTTOM, "se-resize" }, { EDGE_LEFT | EDGE_TOP, "nw-resize" },
  { EDGE_RIGHT | EDGE_TOP, "ne-resize" }, { EDGE_LEFT | EDGE_BOTTOM, "sw-resize" },
  { EDGE_TOP, "n-resize" }, { EDGE_BOTTOM, "s-resize" }, { EDGE_LEFT, "w-resize" }, { EDGE_RIGHT, "e-resize" },
};

/* The handle of a selected rectangle (panel or trigger) under EVENT: its four corners and the
 * middles of its four sides. */
static gboolean
find_handle (TsrDoom2dTool      *self,
             const TsrToolEvent *event,
             Handle             *handle)
{
  TsrSelection *selection = tsr_edit_session_get_selection (self->session);
  TsrVectorMap *map = TSR_VECTOR_MAP (self->document);
  const TsrElementRef *elements;
  guint n;
  double reach = TSR_DOOM2D_HANDLE_RADIUS / event->zoom;

  elements = tsr_selection_get_elements (selection, &n);
  for (guint i = 0; i < n; i++)
    {
      TsrVectorPoint a, b;

      if (elements[i].kind != TSR_ELEMENT_RECTANGLE || !tsr_vector_map_contains (map, &elements[i]))
        continue;
      tsr_vector_map_get_vertex (map, &elements[i], 0, &a);
      tsr_vector_map_get_vertex (map, &elements[i], 1, &b);
      for (guint h = 0; h < G_N_ELEMENTS (handles); h++)
        {
          guint edges = handles[h].edges;
          double x = edges & EDGE_LEFT ? a.x : edges & EDGE_RIGHT ? b.x : (a.x + b.x) / 2;
          double y = edges & EDGE_TOP ? a.y : edges & EDGE_BOTTOM ? b.y : (a.y + b.y) / 2;

          if (fabs (x - event->x) <= reach && fabs (y - event->y) <= reach)
            {
              *handle = (Handle) { elements[i], edges, handles[h].cursor, a, b };
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* The event with its offset from the press rounded to whole grid steps. */
static TsrToolEvent
grid_steps (TsrDoom2dTool      *self,
            const TsrToolEvent *event)
{
  TsrToolEvent stepped = *event;

  if (self->snap && self->grid > 0)
    {
      stepped.x = self->press_x + floor ((event->x - self->press_x) / self->grid + 0.5) * self->grid;
      stepped.y = self->press_y + floor ((event->y - self->press_y) / self->grid + 0.5) * self->grid;
    }
  return stepped;
}

static void
select_new (TsrDoom2dTool *self,
            TsrDoom2dKind  kind,
            guint          index)
{
  TsrElementRef ref = tsr_doom2d_document_record_to_element (self->document, kind, index);

  tsr_selection_set (tsr_edit_session_get_selection (self->session), &ref, 1);
}

static void
place_thing (TsrDoom2dTool      *self,
             const TsrToolEvent *event)
{
  static const char *const names[] = { NULL, NULL, NULL, N_("Place Item"), N_("Place Monster"), N_("Place Area") };
  TsrDoom2dKind kind = self->mode == TSR_DOOM2D_TOOL_ITEM ? TSR_DOOM2D_KIND_ITEM
                       : self->mode == TSR_DOOM2D_TOOL_MONSTER ? TSR_DOOM2D_KIND_MONSTER : TSR_DOOM2D_KIND_AREA;
  TsrDoom2dRecord *record = tsr_doom2d_record_new (kind);
  guint index;

  record->values[TSR_DOOM2D_THING_POSITION].v[0] = (gint64) snap_down (self, event->x);
  record->values[TSR_DOOM2D_THING_POSITION].v[1] = (gint64) snap_down (self, event->y);
  record->values[TSR_DOOM2D_THING_TYPE].v[0] = self->thing_types[kind];
  if (kind == TSR_DOOM2D_KIND_MONSTER)
    record->values[TSR_DOOM2D_MONSTER_DIRECTION].v[0] = self->monster_direction;
  tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (self->session));
  index = tsr_doom2d_document_add_record (self->document, record, _(names[kind]));
  select_new (self, kind, index);
}

static void
pick_target (TsrDoom2dTool      *self,
             const TsrToolEvent *event)
{
  TsrDoom2dTarget target;
  TsrElementRef hit;
  TsrDoom2dKind kind;
  guint index;
  gboolean accepted = FALSE;

  if (self->trigger >= 0 && tsr_doom2d_document_get_trigger_target (self->document, (guint) self->trigger, &target))
    {
      if (target.kind == TSR_DOOM2D_TARGET_POINT)
        accepted = tsr_doom2d_document_set_trigger_point (self->document, (guint) self->trigger,
                                                          (gint64) snap_down (self, event->x),
                                                          (gint64) snap_down (self, event->y), NULL);
      else if (tsr_vector_map_hit_test (TSR_VECTOR_MAP (self->document), event->x, event->y, TSR_TOOL_HIT_TOLERANCE,
                                        event->zoom, TSR_ELEMENT_MASK_ALL, &hit)
               && tsr_doom2d_document_element_to_record (self->document, &hit, &kind, &index)
               && tsr_doom2d_document_accepts_target (self->document, (guint) self->trigger, kind, index))
        accepted = tsr_doom2d_document_set_trigger_target (self->document, (guint) self->trigger, kind, index, NULL);
    }
  g_signal_emit (self, signals[TARGET_PICKED], 0, accepted);
}

static void
doom2d_tool_press (TsrTool            *tool,
                   const TsrToolEvent *event)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (tool);

  if (self->state != STATE_IDLE)
    tsr_tool_release (tool, event);
  if (self->session == NULL || self->document == NULL || tsr_doom2d_document_get_map (self->document) == NULL)
    return;
  self->press_x = event->x;
  self->press_y = event->y;
  self->depth_at_press = tsr_undo_stack_get_depth (tsr_edit_session_get_undo_stack (self->session));
  switch (self->mode)
    {
    case TSR_DOOM2D_TOOL_SELECT:
      if (find_handle (self, event, &self->handle))
        {
          self->state = STATE_RESIZE;
          tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (self->session));
          set_cursor (self, self->handle.cursor);
          return;
        }
      self->state = STATE_SELECT;
      tsr_tool_press (self->select, event);
      break;
    case TSR_DOOM2D_TOOL_MOVE:
      self->state = STATE_SELECT;
      tsr_tool_press (self->move, event);
      break;
    case TSR_DOOM2D_TOOL_PANEL:
    case TSR_DOOM2D_TOOL_TRIGGER:
      self->state = STATE_DRAW;
      self->x0 = self->x1 = snap_down (self, event->x);
      self->y0 = self->y1 = snap_down (self, event->y);
      /* Ctrl-click: a panel of its texture's size at the cell clicked. */
      self->texture_sized = self->mode == TSR_DOOM2D_TOOL_PANEL && (event->modifiers & TSR_MODIFIER_CONTROL)
                            && self->texture_width > 0 && self->texture_height > 0
                            && tsr_doom2d_panel_type_has_texture (self->panel_type);
      if (self->texture_sized)
        self->x1 = self->x0 + self->texture_width, self->y1 = self->y0 + self->texture_height;
      tsr_tool_overlay_changed (tool);
      break;
    case TSR_DOOM2D_TOOL_ITEM:
    case TSR_DOOM2D_TOOL_MONSTER:
    case TSR_DOOM2D_TOOL_AREA:
      place_thing (self, event);
      break;
    case TSR_DOOM2D_TOOL_PICK_TARGET:
      {
        TsrVectorBounds area;

        /* A trigger that presses an area: a drag draws the area, a click picks its monster. */
        if (self->trigger >= 0 && tsr_doom2d_document_get_trigger_area (self->document, (guint) self->trigger, &area))
          {
            self->state = STATE_DRAW;
            self->picking_area = TRUE;
            self->texture_sized = FALSE;
            self->x0 = self->x1 = snap_down (self, event->x);
            self->y0 = self->y1 = snap_down (self, event->y);
          }
        else
          pick_target (self, event);
      }
      break;
    }
}

/* A textured panel resized while snapping keeps whole tiles of its texture, at least one: the
 * moving sides go to the nearest multiple from the side that stays. */
static void
keep_texture_tiles (TsrDoom2dTool  *self,
                    const Handle   *h,
                    TsrVectorPoint *to)
{
  TsrDoom2dKind kind;
  guint index, tw = 0, th = 0;
  gint64 texture;

  if (!self->snap || self->texture_size_func == NULL
      || !tsr_doom2d_document_element_to_record (self->document, &h->element, &kind, &index)
      || kind != TSR_DOOM2D_KIND_PANEL)
    return;
  texture = tsr_doom2d_panel_shown_texture (tsr_doom2d_map_get (tsr_doom2d_document_get_map (self->document), kind, index));
  if (texture < 0 || !self->texture_size_func ((guint) texture, &tw, &th, self->texture_size_data) || tw == 0 || th == 0)
    return;
  if (h->edges & EDGE_LEFT)
    to[0].x = h->b.x - MAX (1, floor ((h->b.x - to[0].x) / tw + 0.5)) * tw;
  if (h->edges & EDGE_RIGHT)
    to[1].x = h->a.x + MAX (1, floor ((to[1].x - h->a.x) / tw + 0.5)) * tw;
  if (h->edges & EDGE_TOP)
    to[0].y = h->b.y - MAX (1, floor ((h->b.y - to[0].y) / th + 0.5)) * th;
  if (h->edges & EDGE_BOTTOM)
    to[1].y = h->a.y + MAX (1, floor ((to[1].y - h->a.y) / th + 0.5)) * th;
}

/* The rectangle of the handle being dragged to EVENT: the sides it moves follow the pointer
 * (snapped), never past the opposite side (at least one grid cell, or a pixel, stays). Both
 * corners are moved in one command, merged with the rest of the drag. */
static void
resize (TsrDoom2dTool      *self,
        const TsrToolEvent *event)
{
  const Handle *h = &self->handle;
  double minimum = self->snap && self->grid > 0 ? self->grid : 1;
  double x = tsr_doom2d_tool_snap_coordinate (self, event->x), y = tsr_doom2d_tool_snap_coordinate (self, event->y);
  TsrVectorPoint to[2] = { h->a, h->b };
  TsrVertexRef corners[2] = { { h->element, 0 }, { h->element, 1 } };
  g_autoptr(TsrCommand) command = NULL;

  if (h->edges & EDGE_LEFT)
    to[0].x = MIN (x, h->b.x - minimum);
  if (h->edges & EDGE_RIGHT)
    to[1].x = MAX (x, h->a.x + minimum);
  if (h->edges & EDGE_TOP)
    to[0].y = MIN (y, h->b.y - minimum);
  if (h->edges & EDGE_BOTTOM)
    to[1].y = MAX (y, h->a.y + minimum);
  keep_texture_tiles (self, h, to);
  command = tsr_move_elements_command_new (TSR_VECTOR_MAP (self->document), corners, to, 2, _("Resize"),
                                           RESIZE_MERGE_KEY);
  tsr_edit_session_execute (self->session, command);
}

static void
doom2d_tool_drag (TsrTool            *tool,
                  const TsrToolEvent *event)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (tool);

  switch (self->state)
    {
    case STATE_SELECT:
      {
        TsrToolEvent stepped = grid_steps (self, event);
        tsr_tool_drag (inner (self), &stepped);
      }
      break;
    case STATE_RESIZE:
      resize (self, event);
      break;
    case STATE_DRAW:
      if (self->texture_sized)
        break;
      self->x1 = tsr_doom2d_tool_snap_coordinate (self, event->x);
      self->y1 = tsr_doom2d_tool_snap_coordinate (self, event->y);
      if (textured (self))
        {
          /* Textured panels snap to whole tiles of their texture, at least one. */
          self->x1 = self->x0 + copysign (MAX (1, floor (fabs (event->x - self->x0) / self->texture_width + 0.5)),
                                          event->x - self->x0) * self->texture_width;
          self->y1 = self->y0 + copysign (MAX (1, floor (fabs (event->y - self->y0) / self->texture_height + 0.5)),
                                          event->y - self->y0) * self->texture_height;
        }
      tsr_tool_overlay_changed (tool);
      break;
    case STATE_IDLE:
    default:
      break;
    }
}

/* A new panel's type and texture by the game editor's rules: lifts and boundaries get none
 * (texture 0, no flags); liquids show their texture record (PANEL_FLAG_WATERTEXTURES), or their
 * type's special texture when the map has no texture to give; other panels without a texture to
 * give are hidden (PANEL_FLAG_HIDE, texture 0 as filler). */
static void
set_panel_texture (TsrDoom2dTool   *self,
                   TsrDoom2dRecord *record)
{
  gint64 type = self->panel_type;
  gboolean has = self->texture >= 0
                 && self->texture < tsr_doom2d_map_count (tsr_doom2d_document_get_map (self->document), TSR_DOOM2D_KIND_TEXTURE);
  gint64 flags = 0;

  if (!tsr_doom2d_panel_type_has_texture (type))
    has = FALSE;
  else if (type & (TSR_DOOM2D_PANEL_WATER | TSR_DOOM2D_PANEL_ACID1 | TSR_DOOM2D_PANEL_ACID2))
    flags = has ? TSR_DOOM2D_PANEL_FLAG_WATERTEXTURES : 0;
  else if (!has)
    flags = TSR_DOOM2D_PANEL_FLAG_HIDE;
  record->values[TSR_DOOM2D_PANEL_TYPE].v[0] = type;
  record->values[TSR_DOOM2D_PANEL_TEXTURE].v[0] = has ? self->texture : 0;
  record->values[TSR_DOOM2D_PANEL_FLAGS].v[0] = flags;
}

static void
finish_drawing (TsrDoom2dTool *self)
{
  double minimum = self->snap && self->grid > 0 ? self->grid : 1;
  double x0 = MIN (self->x0, self->x1), y0 = MIN (self->y0, self->y1);
  double w = MAX (fabs (self->x1 - self->x0), minimum), h = MAX (fabs (self->y1 - self->y0), minimum);
  gboolean panel = self->mode == TSR_DOOM2D_TOOL_PANEL;
  TsrDoom2dRecord *record = tsr_doom2d_record_new (panel ? TSR_DOOM2D_KIND_PANEL : TSR_DOOM2D_KIND_TRIGGER);
  guint index;

  record->values[0].v[0] = (gint64) x0;
  record->values[0].v[1] = (gint64) y0;
  record->values[1].v[0] = (gint64) MIN (w, G_MAXUINT16);
  record->values[1].v[1] = (gint64) MIN (h, G_MAXUINT16);
  if (panel)
    set_panel_texture (self, record);
  else
    {
      tsr_doom2d_record_set_trigger_type (record, (guint) self->trigger_type);
      /* A new trigger fires when a player walks in (the game editor's default). */
      record->values[TSR_DOOM2D_TRIGGER_TYPE + 1].v[0] = 1;
    }
  tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (self->session));
  index = tsr_doom2d_document_add_record (self->document, record, panel ? _("Draw Panel") : _("Add Trigger"));
  select_new (self, panel ? TSR_DOOM2D_KIND_PANEL : TSR_DOOM2D_KIND_TRIGGER, index);
}

/* The end of a Pick Target press on a press trigger: a drag of at least a cell sets its area (one
 * undo step), a click picks the monster under it as before. */
static void
finish_area (TsrDoom2dTool      *self,
             const TsrToolEvent *event)
{
  double x0 = MIN (self->x0, self->x1), y0 = MIN (self->y0, self->y1);
  double w = fabs (self->x1 - self->x0), h = fabs (self->y1 - self->y0);
  gboolean accepted;

  if (w < 1 || h < 1)
    {
      pick_target (self, event);
      return;
    }
  tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (self->session));
  accepted = tsr_doom2d_document_set_trigger_area (self->document, (guint) self->trigger, (gint64) x0, (gint64) y0,
                                                   (gint64) MIN (w, G_MAXUINT16), (gint64) MIN (h, G_MAXUINT16), NULL);
  g_signal_emit (self, signals[TARGET_PICKED], 0, accepted);
}

static void
doom2d_tool_release (TsrTool            *tool,
                     const TsrToolEvent *event)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (tool);
  State state = self->state;

  doom2d_tool_drag (tool, event);
  self->state = STATE_IDLE;
  switch (state)
    {
    case STATE_SELECT:
      {
        TsrToolEvent stepped = grid_steps (self, event);
        tsr_tool_release (inner (self), &stepped);
      }
      break;
    case STATE_RESIZE:
      tsr_undo_stack_break_merge (tsr_edit_session_get_undo_stack (self->session));
      set_cursor (self, "default");
      break;
    case STATE_DRAW:
      if (self->picking_area)
        finish_area (self, event);
      else
        finish_drawing (self);
      self->picking_area = FALSE;
      tsr_tool_overlay_changed (tool);
      break;
    case STATE_IDLE:
    default:
      break;
    }
}

static void
doom2d_tool_hover (TsrTool            *tool,
                   const TsrToolEvent *event)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (tool);
  Handle handle;
  TsrElementRef hit;
  TsrDoom2dKind kind;
  guint index;
  TsrDoom2dTarget target;

  if (self->state != STATE_IDLE || self->session == NULL || self->document == NULL)
    return;
  switch (self->mode)
    {
    case TSR_DOOM2D_TOOL_SELECT:
      if (find_handle (self, event, &handle))
        set_cursor (self, handle.cursor);
      else
        {
          set_cursor (self, "default");
          tsr_tool_hover (self->select, event);
        }
      break;
    case TSR_DOOM2D_TOOL_MOVE:
      tsr_tool_hover (self->move, event);
      break;
    case TSR_DOOM2D_TOOL_PICK_TARGET:
      if (self->trigger >= 0 && tsr_doom2d_document_get_trigger_target (self->document, (guint) self->trigger, &target)
          && (target.kind == TSR_DOOM2D_TARGET_POINT
              || (tsr_vector_map_hit_test (TSR_VECTOR_MAP (self->document), event->x, event->y, TSR_TOOL_HIT_TOLERANCE,
                                           event->zoom, TSR_ELEMENT_MASK_ALL, &hit)
                  && tsr_doom2d_document_element_to_record (self->document, &hit, &kind, &index)
                  && tsr_doom2d_document_accepts_target (self->document, (guint) self->trigger, kind, index))))
        set_cursor (self, "pointer");
      else
        set_cursor (self, "not-allowed");
      break;
    case TSR_DOOM2D_TOOL_PANEL:
    case TSR_DOOM2D_TOOL_TRIGGER:
    case TSR_DOOM2D_TOOL_ITEM:
    case TSR_DOOM2D_TOOL_MONSTER:
    case TSR_DOOM2D_TOOL_AREA:
    default:
      set_cursor (self, "crosshair");
      break;
    }
}

static void
doom2d_tool_cancel (TsrTool *tool)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (tool);
  State state = self->state;

  self->state = STATE_IDLE;
  if (state == STATE_SELECT)
    tsr_tool_cancel (inner (self));
  else if (state == STATE_RESIZE && self->session != NULL)
    {
      TsrUndoStack *stack = tsr_edit_session_get_undo_stack (self->session);

      while (tsr_undo_stack_get_depth (stack) > self->depth_at_press && tsr_undo_stack_undo (stack))
        ;
      tsr_undo_stack_break_merge (stack);
    }
  else if (state == STATE_DRAW)
    {
      self->picking_area = FALSE;
      tsr_tool_overlay_changed (tool);
    }
}

/* The grid line next to VALUE in DIRECTION (-1 or 1): one grid step from a value on the grid, the
 * nearest line that way from one off it (so the first step puts it on the grid). */
static double
next_grid_line (double value,
                double grid,
                int    direction)
{
  return direction > 0 ? (floor (value / grid) + 1) * grid : (ceil (value / grid) - 1) * grid;
}

/* An arrow key while Snap is on moves the selection's top-left corner to the next grid line that
 * way (Shift: one pixel, for fine placing, as the Marathon editor's Shift+arrow). Without Snap the
 * inner tool nudges by a pixel (Shift: ten). FALSE when the key is not an arrow, Snap is off or
 * nothing is selected. */
static gboolean
nudge_on_grid (TsrDoom2dTool *self,
               TsrToolKey     key,
               TsrModifiers   modifiers)
{
  TsrSelection *selection;
  TsrVectorMap *map;
  TsrVectorBounds bounds;
  const TsrElementRef *elements;
  guint n;
  double grid = self->grid, dx = 0, dy = 0;

  if (!self->snap || self->grid == 0 || self->session == NULL
      || (self->mode != TSR_DOOM2D_TOOL_SELECT && self->mode != TSR_DOOM2D_TOOL_MOVE)
      || (key != TSR_TOOL_KEY_LEFT && key != TSR_TOOL_KEY_RIGHT && key != TSR_TOOL_KEY_UP && key != TSR_TOOL_KEY_DOWN))
    return FALSE;
  map = tsr_edit_session_get_vector_map (self->session);
  selection = tsr_edit_session_get_selection (self->session);
  if (map == NULL || tsr_selection_is_empty (selection))
    return FALSE;
  tsr_vector_bounds_init_empty (&bounds);
  elements = tsr_selection_get_elements (selection, &n);
  for (guint i = 0; i < n; i++)
    {
      TsrVectorBounds element;

      tsr_vector_map_get_element_bounds (map, &elements[i], &element);
      tsr_vector_bounds_union (&bounds, &element);
    }
  if (tsr_vector_bounds_is_empty (&bounds))
    return FALSE;
  if (modifiers & TSR_MODIFIER_SHIFT)
    {
      dx = key == TSR_TOOL_KEY_LEFT ? -1 : key == TSR_TOOL_KEY_RIGHT ? 1 : 0;
      dy = key == TSR_TOOL_KEY_UP ? -1 : key == TSR_TOOL_KEY_DOWN ? 1 : 0;
    }
  else if (key == TSR_TOOL_KEY_LEFT || key == TSR_TOOL_KEY_RIGHT)
    dx = next_grid_line (bounds.x0, grid, key == TSR_TOOL_KEY_RIGHT ? 1 : -1) - bounds.x0;
  else
    dy = next_grid_line (bounds.y0, grid, key == TSR_TOOL_KEY_DOWN ? 1 : -1) - bounds.y0;
  tsr_vector_drag_nudge (&self->nudge, self->session, dx, dy, modifiers);
  return TRUE;
}

static gboolean
doom2d_tool_key (TsrTool      *tool,
                 TsrToolKey    key,
                 TsrModifiers  modifiers)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (tool);

  if (self->state == STATE_RESIZE || self->state == STATE_DRAW)
    {
      if (key != TSR_TOOL_KEY_ESCAPE)
        return FALSE;
      tsr_tool_cancel (tool);
      return TRUE;
    }
  if (key == TSR_TOOL_KEY_ESCAPE && self->mode != TSR_DOOM2D_TOOL_SELECT && self->state == STATE_IDLE)
    {
      tsr_doom2d_tool_set_mode (self, TSR_DOOM2D_TOOL_SELECT);
      return TRUE;
    }
  if (self->state == STATE_IDLE && nudge_on_grid (self, key, modifiers))
    return TRUE;
  return tsr_tool_key (inner (self), key, modifiers);
}

static void
doom2d_tool_get_overlay (TsrTool   *tool,
                         GPtrArray *items)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (tool);
  g_autoptr(GPtrArray) delegated = NULL;

  if (self->state == STATE_DRAW)
    {
      double minimum = self->snap && self->grid > 0 ? self->grid : 1;
      double x0 = MIN (self->x0, self->x1), y0 = MIN (self->y0, self->y1);
      double x1 = x0 + MAX (fabs (self->x1 - self->x0), minimum), y1 = y0 + MAX (fabs (self->y1 - self->y0), minimum);
      TsrVectorPoint corners[4] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };

      g_ptr_array_add (items, tsr_overlay_item_new (TSR_OVERLAY_OUTLINE, corners, 4));
      return;
    }
  delegated = tsr_tool_get_overlay (inner (self));
  for (guint i = 0; i < delegated->len; i++)
    g_ptr_array_add (items, g_steal_pointer (&delegated->pdata[i]));
  g_ptr_array_set_size (delegated, 0);
}

static void
tsr_doom2d_tool_iface_init (TsrToolInterface *iface)
{
  iface->get_id = doom2d_tool_get_id;
  iface->get_layer_kind = doom2d_tool_get_layer_kind;
  iface->get_cursor_name = doom2d_tool_get_cursor_name;
  iface->press = doom2d_tool_press;
  iface->drag = doom2d_tool_drag;
  iface->release = doom2d_tool_release;
  iface->hover = doom2d_tool_hover;
  iface->key = doom2d_tool_key;
  iface->cancel = doom2d_tool_cancel;
  iface->get_overlay = doom2d_tool_get_overlay;
}

static void
on_select_overlay_changed (TsrTool       *select,
                           TsrDoom2dTool *self)
{
  tsr_tool_overlay_changed (TSR_TOOL (self));
}

static void
on_select_cursor_changed (TsrTool       *select,
                          TsrDoom2dTool *self)
{
  tsr_tool_cursor_changed (TSR_TOOL (self));
}

static void
tsr_doom2d_tool_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (object);

  switch (prop_id)
    {
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_doom2d_tool_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (object);

  switch (prop_id)
    {
    case PROP_MODE:
      tsr_doom2d_tool_set_mode (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_doom2d_tool_dispose (GObject *object)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (object);

  if (self->select != NULL)
    g_signal_handlers_disconnect_by_data (self->select, self);
  if (self->move != NULL)
    g_signal_handlers_disconnect_by_data (self->move, self);
  g_clear_object (&self->select);
  g_clear_object (&self->move);
  g_clear_weak_pointer (&self->session);
  g_clear_weak_pointer (&self->document);
  G_OBJECT_CLASS (tsr_doom2d_tool_parent_class)->dispose (object);
}

static void
tsr_doom2d_tool_finalize (GObject *object)
{
  TsrDoom2dTool *self = TSR_DOOM2D_TOOL (object);

  tsr_vector_drag_clear (&self->nudge);
  G_OBJECT_CLASS (tsr_doom2d_tool_parent_class)->finalize (object);
}

static void
tsr_doom2d_tool_class_init (TsrDoom2dToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tsr_doom2d_tool_dispose;
  object_class->finalize = tsr_doom2d_tool_finalize;
  object_class->get_property = tsr_doom2d_tool_get_property;
  object_class->set_property = tsr_doom2d_tool_set_property;

  properties[PROP_MODE] = g_param_spec_enum ("mode", NULL, NULL, TSR_TYPE_DOOM2D_TOOL_MODE, TSR_DOOM2D_TOOL_SELECT,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* After a click in PICK_TARGET mode: whether the clicked record or point became the target. */
  signals[TARGET_PICKED] = g_signal_new ("target-picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
tsr_doom2d_tool_init (TsrDoom2dTool *self)
{
  self->grid = 16;
  self->snap = TRUE;
  self->panel_type = TSR_DOOM2D_PANEL_WALL;
  self->trigger_type = TSR_DOOM2D_TRIGGER_DOOR;
  self->thing_types[TSR_DOOM2D_KIND_ITEM] = 1;
  self->thing_types[TSR_DOOM2D_KIND_MONSTER] = 2;
  self->thing_types[TSR_DOOM2D_KIND_AREA] = TSR_DOOM2D_AREA_PLAYERPOINT1;
  self->monster_direction = TSR_DOOM2D_DIR_RIGHT;
  self->trigger = -1;
  self->cursor = "default";
  tsr_vector_drag_init (&self->nudge);
}

TsrTool *
tsr_doom2d_tool_new (TsrEditSession    *session,
                     TsrDoom2dDocument *document)
{
  TsrDoom2dTool *self;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (session), NULL);
  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (document), NULL);

  self = g_object_new (TSR_TYPE_DOOM2D_TOOL, NULL);
  g_set_weak_pointer (&self->session, session);
  g_set_weak_pointer (&self->document, document);
  self->select = tsr_vector_select_tool_new (session);
  g_signal_connect (self->select, "overlay-changed", G_CALLBACK (on_select_overlay_changed), self);
  g_signal_connect (self->select, "cursor-changed", G_CALLBACK (on_select_cursor_changed), self);
  self->move = tsr_vector_move_tool_new (session);
  g_signal_connect (self->move, "overlay-changed", G_CALLBACK (on_select_overlay_changed), self);
  g_signal_connect (self->move, "cursor-changed", G_CALLBACK (on_select_cursor_changed), self);
  return TSR_TOOL (self);
}

TsrDoom2dToolMode
tsr_doom2d_tool_get_mode (TsrDoom2dTool *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_TOOL (self), TSR_DOOM2D_TOOL_SELECT);
  return self->mode;
}

void
tsr_doom2d_tool_set_mode (TsrDoom2dTool     *self,
                          TsrDoom2dToolMode  mode)
{
  g_return_if_fail (TSR_IS_DOOM2D_TOOL (self));

  if (self->mode == mode)
    return;
  tsr_tool_cancel (TSR_TOOL (self));
  self->mode = mode;
  set_cursor (self, mode == TSR_DOOM2D_TOOL_SELECT ? "default" : mode == TSR_DOOM2D_TOOL_MOVE ? "move"
                    : mode == TSR_DOOM2D_TOOL_PICK_TARGET ? "pointer" : "crosshair");
  tsr_tool_cursor_changed (TSR_TOOL (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

guint
tsr_doom2d_tool_get_grid (TsrDoom2dTool *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_TOOL (self), 16);
  return self->grid;
}

void
tsr_doom2d_tool_set_grid (TsrDoom2dTool *self,
                          guint          grid)
{
  g_return_if_fail (TSR_IS_DOOM2D_TOOL (self));
  self->grid = grid;
}

gboolean
tsr_doom2d_tool_get_snap (TsrDoom2dTool *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_TOOL (self), FALSE);
  return self->snap;
}

void
tsr_doom2d_tool_set_snap (TsrDoom2dTool *self,
                          gboolean       snap)
{
  g_return_if_fail (TSR_IS_DOOM2D_TOOL (self));
  self->snap = !!snap;
}

void
tsr_doom2d_tool_set_panel_type (TsrDoom2dTool *self,
                                gint64         type)
{
  g_return_if_fail (TSR_IS_DOOM2D_TOOL (self));
  self->panel_type = type;
}

gint64
tsr_doom2d_tool_get_panel_type (TsrDoom2dTool *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_TOOL (self), 0);
  return self->panel_type;
}

void
tsr_doom2d_tool_set_texture (TsrDoom2dTool *self,
                             gint64         texture)
{
  g_return_if_fail (TSR_IS_DOOM2D_TOOL (self));
  self->texture = texture;
  self->texture_width = self->texture_height = 0;
}

void
tsr_doom2d_tool_set_trigger_type (TsrDoom2dTool *self,
                                  gint64         type)
{
  g_return_if_fail (TSR_IS_DOOM2D_TOOL (self));
  self->trigger_type = type;
}

void
tsr_doom2d_tool_set_thing_type (TsrDoom2dTool *self,
                                TsrDoom2dKind  kind,
                                gint64         type)
{
  g_return_if_fail (TSR_IS_DOOM2D_TOOL (self));
  g_return_if_fail (kind == TSR_DOOM2D_KIND_ITEM || kind == TSR_DOOM2D_KIND_MONSTER || kind == TSR_DOOM2D_KIND_AREA);
  self->thing_types[kind] = type;
}

void
tsr_doom2d_tool_set_monster_direction (TsrDoom2dTool *self,
                                       gint64         direction)
{
  g_return_if_fail (TSR_IS_DOOM2D_TOOL (self));
  g_return_if_fail (direction == TSR_DOOM2D_DIR_LEFT || direction == TSR_DOOM2D_DIR_RIGHT);
  self->monster_direction = direction;
}

gint64
tsr_doom2d_tool_get_monster_direction (TsrDoom2dTool *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_TOOL (self), TSR_DOOM2D_DIR_RIGHT);
  return self->monster_direction;
}

gint64
tsr_doom2d_tool_get_thing_type (TsrDoom2dTool *self,
                                TsrDoom2dKind  kind)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_TOOL (self), 0);
  g_return_val_if_fail (kind < TSR_DOOM2D_N_KINDS, 0);
  return self->thing_types[kind];
}

void
tsr_doom2d_tool_set_trigger (TsrDoom2dTool *self,
                             gint64         trigger)
{
  g_return_if_fail (TSR_IS_DOOM2D_TOOL (self));
  self->trigger = trigger;
}

gint64
tsr_doom2d_tool_get_trigger (TsrDoom2dTool *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_TOOL (self), -1);
  return self->trigger;
}

void
tsr_doom2d_tool_set_texture_size_func (TsrDoom2dTool           *self,
                                       TsrDoom2dTextureSizeFunc func,
                                       gpointer                 user_data)
{
  g_return_if_fail (TSR_IS_DOOM2D_TOOL (self));
  self->texture_size_func = func;
  self->texture_size_data = user_data;
}

void
tsr_doom2d_tool_set_texture_size (TsrDoom2dTool *self,
                                  guint          width,
                                  guint          height)
{
  g_return_if_fail (TSR_IS_DOOM2D_TOOL (self));
  self->texture_width = width;
  self->texture_height = height;
}
