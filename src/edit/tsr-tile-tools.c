/* tsr-tile-tools.c: tool behaviour. A drag is press → motion* → release in cells; painting tools
 * push one mergeable command per event and break the merge at the end of the stroke, so a stroke
 * is one undo step however long it is. */
#include "edit/tsr-tile-tools.h"

#include <glib/gi18n.h>

#include "edit/tsr-tile-line.h"

struct _TsrTileTools {
  GObject          parent_instance;
  TsrTileMap      *map;
  TsrUndoStack    *undo_stack;
  TsrTileToolKind  tool;
  guint            brush_size;
  guint            layer;
  guint32          tile;

  gboolean         has_selection;
  TsrTileRect      selection;

  /* The drag in progress. */
  gboolean         dragging;
  TsrTileToolKind  drag_tool; /* the picker while Alt is held, else tool */
  gboolean         moving;    /* a select drag that started inside the selection */
  gint             start_x;
  gint             start_y;
  gint             last_x;
  gint             last_y;

  /* Fills of more than FILL_LIMIT cells on FILL_LIMIT_LAYER wait for "confirm-fill". */
  guint            fill_limit_layer;
  guint            fill_limit;       /* 0: none */
  TsrCommand      *pending_fill;
};

G_DEFINE_FINAL_TYPE (TsrTileTools, tsr_tile_tools, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (TsrTileToolKind, tsr_tile_tool_kind,
                    G_DEFINE_ENUM_VALUE (TSR_TILE_TOOL_PENCIL, "pencil"),
                    G_DEFINE_ENUM_VALUE (TSR_TILE_TOOL_RECTANGLE, "rectangle"),
                    G_DEFINE_ENUM_VALUE (TSR_TILE_TOOL_FILL, "fill"),
                    G_DEFINE_ENUM_VALUE (TSR_TILE_TOOL_ERASER, "eraser"),
                    G_DEFINE_ENUM_VALUE (TSR_TILE_TOOL_PICKER, "picker"),
                    G_DEFINE_ENUM_VALUE (TSR_TILE_TOOL_SELECT, "select"))

enum {
  PROP_0,
  PROP_TOOL,
  PROP_BRUSH_SIZE,
  PROP_LAYER,
  PROP_TILE,
  N_PROPS
};

enum {
  OVERLAY_CHANGED,
  CONFIRM_FILL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];
static TsrTileClip *clipboard;

static void
overlay_changed (TsrTileTools *self)
{
  g_signal_emit (self, signals[OVERLAY_CHANGED], 0);
}

static void
tsr_tile_tools_finalize (GObject *object)
{
  TsrTileTools *self = TSR_TILE_TOOLS (object);

  g_clear_object (&self->map);
  g_clear_object (&self->undo_stack);
  g_clear_object (&self->pending_fill);
  G_OBJECT_CLASS (tsr_tile_tools_parent_class)->finalize (object);
}

static void
tsr_tile_tools_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrTileTools *self = TSR_TILE_TOOLS (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_enum (value, self->tool);
      break;
    case PROP_BRUSH_SIZE:
      g_value_set_uint (value, self->brush_size);
      break;
    case PROP_LAYER:
      g_value_set_uint (value, self->layer);
      break;
    case PROP_TILE:
      g_value_set_uint (value, self->tile);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_tile_tools_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrTileTools *self = TSR_TILE_TOOLS (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      tsr_tile_tools_set_tool (self, g_value_get_enum (value));
      break;
    case PROP_BRUSH_SIZE:
      tsr_tile_tools_set_brush_size (self, g_value_get_uint (value));
      break;
    case PROP_LAYER:
      tsr_tile_tools_set_layer (self, g_value_get_uint (value));
      break;
    case PROP_TILE:
      tsr_tile_tools_set_tile (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_tile_tools_class_init (TsrTileToolsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tsr_tile_tools_finalize;
  object_class->get_property = tsr_tile_tools_get_property;
  object_class->set_property = tsr_tile_tools_set_property;

  properties[PROP_TOOL] = g_param_spec_enum ("tool", NULL, NULL, TSR_TYPE_TILE_TOOL_KIND,
                                             TSR_TILE_TOOL_PENCIL, flags);
  properties[PROP_BRUSH_SIZE] = g_param_spec_uint ("brush-size", NULL, NULL, 1, 5, 1, flags);
  properties[PROP_LAYER] = g_param_spec_uint ("layer", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_TILE] = g_param_spec_uint ("tile", NULL, NULL, 0, G_MAXUINT32, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The selection or the drag preview changed: the canvas redraws its overlay. */
  signals[OVERLAY_CHANGED] = g_signal_new ("overlay-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A fill of CELLS cells (above the layer's fill limit) waits: a handler that returns TRUE asks
   * the user and answers with tsr_tile_tools_finish_fill; with none the fill is applied. */
  signals[CONFIRM_FILL] = g_signal_new ("confirm-fill", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, g_signal_accumulator_true_handled, NULL,
                                        NULL, G_TYPE_BOOLEAN, 1, G_TYPE_UINT);
}

static void
tsr_tile_tools_init (TsrTileTools *self)
{
  self->brush_size = 1;
}

/* The chosen tile is always one the layer's palette offers: a new user's first stroke must not
 * paint a value the palette does not have (Wolf3D's code 0, which the engine takes for a hole in
 * the floor). When it is not, the palette's first tile is chosen (a wall on Wolf3D's
 * architecture, tile 0 of a Sphere tileset). */
static void
choose_listed_tile (TsrTileTools *self)
{
  g_autoptr(GArray) tiles = NULL;

  if (self->layer >= tsr_tile_map_get_n_layers (self->map))
    return;
  tiles = tsr_tile_map_list_tiles (self->map, self->layer);
  if (tiles == NULL || tiles->len == 0)
    return;
  for (guint i = 0; i < tiles->len; i++)
    if (g_array_index (tiles, guint32, i) == self->tile)
      return;
  tsr_tile_tools_set_tile (self, g_array_index (tiles, guint32, 0));
}

TsrTileTools *
tsr_tile_tools_new (TsrTileMap   *map,
                    TsrUndoStack *undo_stack)
{
  TsrTileTools *self;

  g_return_val_if_fail (TSR_IS_TILE_MAP (map), NULL);
  g_return_val_if_fail (TSR_IS_UNDO_STACK (undo_stack), NULL);

  self = g_object_new (TSR_TYPE_TILE_TOOLS, NULL);
  self->map = g_object_ref (map);
  self->undo_stack = g_object_ref (undo_stack);
  choose_listed_tile (self);
  return self;
}

TsrTileMap *
tsr_tile_tools_get_map (TsrTileTools *self)
{
  return self->map;
}

TsrTileToolKind
tsr_tile_tools_get_tool (TsrTileTools *self)
{
  return self->tool;
}

void
tsr_tile_tools_set_tool (TsrTileTools    *self,
                         TsrTileToolKind  tool)
{
  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  if (self->tool == tool)
    return;
  tsr_tile_tools_cancel (self);
  self->tool = tool;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

guint
tsr_tile_tools_get_brush_size (TsrTileTools *self)
{
  return self->brush_size;
}

void
tsr_tile_tools_set_brush_size (TsrTileTools *self,
                               guint         size)
{
  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  /* Odd sizes only, so the brush has a centre cell under the pointer. */
  size = CLAMP (size | 1, 1, 5);
  if (self->brush_size == size)
    return;
  self->brush_size = size;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BRUSH_SIZE]);
}

guint
tsr_tile_tools_get_layer (TsrTileTools *self)
{
  return self->layer;
}

void
tsr_tile_tools_set_layer (TsrTileTools *self,
                          guint         layer)
{
  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  if (self->layer == layer)
    return;
  self->layer = layer;
  choose_listed_tile (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAYER]);
}

guint32
tsr_tile_tools_get_tile (TsrTileTools *self)
{
  return self->tile;
}

void
tsr_tile_tools_set_tile (TsrTileTools *self,
                         guint32       tile)
{
  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  if (self->tile == tile)
    return;
  self->tile = tile;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TILE]);
}

void
tsr_tile_tools_choose_from_palette (TsrTileTools *self,
                                    guint32       tile)
{
  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  tsr_tile_tools_set_tile (self, tile);
  tsr_tile_tools_set_tool (self, TSR_TILE_TOOL_PENCIL);
}

void
tsr_tile_tools_set_fill_limit (TsrTileTools *self,
                               guint         layer,
                               guint         cells)
{
  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  self->fill_limit_layer = layer;
  self->fill_limit = cells;
}

gboolean
tsr_tile_tools_has_pending_fill (TsrTileTools *self)
{
  g_return_val_if_fail (TSR_IS_TILE_TOOLS (self), FALSE);
  return self->pending_fill != NULL;
}

void
tsr_tile_tools_finish_fill (TsrTileTools *self,
                            gboolean      apply)
{
  g_autoptr(TsrCommand) command = NULL;

  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  command = g_steal_pointer (&self->pending_fill);
  if (command != NULL && apply)
    tsr_undo_stack_push (self->undo_stack, command);
}

static gboolean
layer_is_valid (TsrTileTools *self)
{
  return self->layer < tsr_tile_map_get_n_layers (self->map);
}

static void
push (TsrTileTools *self,
      TsrCommand   *command)
{
  g_autoptr(TsrCommand) owned = command;

  if (owned != NULL)
    tsr_undo_stack_push (self->undo_stack, owned);
}

/* A flood fill: applied at once, or held for "confirm-fill" when it paints more cells than the
 * layer's limit (one click on Wolf3D's objects layer could put thousands of guards down). */
static void
fill (TsrTileTools *self,
      TsrCommand   *command)
{
  g_autoptr(TsrCommand) owned = command;
  gboolean asking = FALSE;
  guint cells;

  if (owned == NULL)
    return;
  cells = tsr_paint_tiles_command_get_n_cells (TSR_PAINT_TILES_COMMAND (owned));
  if (self->fill_limit > 0 && self->layer == self->fill_limit_layer && cells > self->fill_limit)
    {
      g_set_object (&self->pending_fill, owned);
      g_signal_emit (self, signals[CONFIRM_FILL], 0, cells, &asking);
      if (asking)
        return;
      g_clear_object (&self->pending_fill);
    }
  tsr_undo_stack_push (self->undo_stack, owned);
}

typedef struct {
  TsrPaintTilesCommand *command;
  guint                 layer;
  gint                  radius;
  guint32               value;
} Stroke;

static void
paint_brush (gint     x,
             gint     y,
             gpointer user_data)
{
  Stroke *stroke = user_data;

  for (gint by = -stroke->radius; by <= stroke->radius; by++)
    for (gint bx = -stroke->radius; bx <= stroke->radius; bx++)
      tsr_paint_tiles_command_set (stroke->command, stroke->layer, x + bx, y + by, stroke->value);
}

/* Paints the brush along the straight line from the last cell to (X, Y), so a fast pointer
 * leaves no gaps; one mergeable command per event. Only the part of the line whose brush can touch
 * the map is walked, so a pointer far outside costs nothing. */
static void
paint_line (TsrTileTools *self,
            gint          x,
            gint          y,
            gboolean      erase)
{
  g_autoptr(TsrPaintTilesCommand) command = NULL;
  TsrTileRect reach = tsr_tile_map_get_bounds (self->map);
  Stroke stroke;

  command = tsr_paint_tiles_command_new (self->map, erase ? _("Erase") : _("Pencil"),
                                         erase ? "eraser" : "pencil");
  stroke = (Stroke) {
    .command = command,
    .layer = self->layer,
    .radius = (gint) self->brush_size / 2,
    .value = erase ? tsr_tile_map_get_empty_tile (self->map, self->layer) : self->tile,
  };
  reach.x -= stroke.radius;
  reach.y -= stroke.radius;
  reach.width += 2 * stroke.radius;
  reach.height += 2 * stroke.radius;
  tsr_tile_line_walk (self->last_x, self->last_y, x, y, &reach, paint_brush, &stroke);
  self->last_x = x;
  self->last_y = y;
  if (tsr_paint_tiles_command_has_changes (command))
    tsr_undo_stack_push (self->undo_stack, TSR_COMMAND (command));
}

static void
pick (TsrTileTools *self,
      gint          x,
      gint          y)
{
  TsrTileRect bounds = tsr_tile_map_get_bounds (self->map);

  if (tsr_tile_rect_contains (&bounds, x, y))
    tsr_tile_tools_set_tile (self, tsr_tile_map_get_tile (self->map, self->layer, x, y));
}

void
tsr_tile_tools_press (TsrTileTools *self,
                      gint          x,
                      gint          y,
                      gboolean      pick_instead)
{
  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  if (!layer_is_valid (self))
    return;

  self->dragging = TRUE;
  self->drag_tool = pick_instead ? TSR_TILE_TOOL_PICKER : self->tool;
  self->start_x = self->last_x = x;
  self->start_y = self->last_y = y;
  self->moving = FALSE;
  /* A new stroke is a new undo step even if the previous one was the same tool. */
  tsr_undo_stack_break_merge (self->undo_stack);

  switch (self->drag_tool)
    {
    case TSR_TILE_TOOL_PENCIL:
    case TSR_TILE_TOOL_ERASER:
      paint_line (self, x, y, self->drag_tool == TSR_TILE_TOOL_ERASER);
      break;
    case TSR_TILE_TOOL_PICKER:
      pick (self, x, y);
      break;
    case TSR_TILE_TOOL_FILL:
      {
        TsrTileRect *bounds = self->has_selection && tsr_tile_rect_contains (&self->selection, x, y)
                              ? &self->selection : NULL;
        fill (self, tsr_tile_command_flood_fill (self->map, self->layer, x, y, self->tile, bounds));
        self->dragging = FALSE;
      }
      break;
    case TSR_TILE_TOOL_SELECT:
      self->moving = self->has_selection && tsr_tile_rect_contains (&self->selection, x, y);
      overlay_changed (self);
      break;
    case TSR_TILE_TOOL_RECTANGLE:
      overlay_changed (self);
      break;
    default:
      break;
    }
}

void
tsr_tile_tools_motion (TsrTileTools *self,
                       gint          x,
                       gint          y)
{
  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  if (!self->dragging || (x == self->last_x && y == self->last_y))
    return;

  switch (self->drag_tool)
    {
    case TSR_TILE_TOOL_PENCIL:
    case TSR_TILE_TOOL_ERASER:
      paint_line (self, x, y, self->drag_tool == TSR_TILE_TOOL_ERASER);
      break;
    case TSR_TILE_TOOL_PICKER:
      pick (self, x, y);
      self->last_x = x;
      self->last_y = y;
      break;
    default:
      self->last_x = x;
      self->last_y = y;
      overlay_changed (self);
      break;
    }
}

void
tsr_tile_tools_release (TsrTileTools *self,
                        gint          x,
                        gint          y)
{
  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  if (!self->dragging)
    return;

  tsr_tile_tools_motion (self, x, y);
  self->dragging = FALSE;
  switch (self->drag_tool)
    {
    case TSR_TILE_TOOL_RECTANGLE:
      {
        TsrTileRect area = tsr_tile_rect_from_corners (self->start_x, self->start_y, x, y);
        push (self, tsr_tile_command_fill_rect (self->map, self->layer, &area, self->tile));
      }
      break;
    case TSR_TILE_TOOL_SELECT:
      if (self->moving)
        {
          gint dx = x - self->start_x, dy = y - self->start_y;

          TsrTileRect bounds = tsr_tile_map_get_bounds (self->map);

          push (self, tsr_tile_command_move (self->map, self->layer, 1, &self->selection, dx, dy));
          /* The selection follows the cells; what fell off the map is gone. */
          self->selection.x += dx;
          self->selection.y += dy;
          self->has_selection = tsr_tile_rect_intersect (&self->selection, &bounds, &self->selection);
        }
      else
        {
          TsrTileRect bounds = tsr_tile_map_get_bounds (self->map);
          TsrTileRect area = tsr_tile_rect_from_corners (self->start_x, self->start_y, x, y);

          self->has_selection = tsr_tile_rect_intersect (&area, &bounds, &self->selection);
        }
      break;
    default:
      break;
    }
  tsr_undo_stack_break_merge (self->undo_stack);
  self->moving = FALSE;
  overlay_changed (self);
}

void
tsr_tile_tools_cancel (TsrTileTools *self)
{
  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  if (!self->dragging)
    return;
  /* Pencil events already applied stay (they are on the undo stack); previews just vanish. */
  self->dragging = FALSE;
  self->moving = FALSE;
  tsr_undo_stack_break_merge (self->undo_stack);
  overlay_changed (self);
}

gboolean
tsr_tile_tools_get_selection (TsrTileTools *self,
                              TsrTileRect  *selection)
{
  g_return_val_if_fail (TSR_IS_TILE_TOOLS (self), FALSE);
  if (self->has_selection && selection != NULL)
    *selection = self->selection;
  return self->has_selection;
}

void
tsr_tile_tools_set_selection (TsrTileTools      *self,
                              const TsrTileRect *selection)
{
  TsrTileRect bounds;

  g_return_if_fail (TSR_IS_TILE_TOOLS (self));
  bounds = tsr_tile_map_get_bounds (self->map);
  self->has_selection = selection != NULL && tsr_tile_rect_intersect (selection, &bounds, &self->selection);
  overlay_changed (self);
}

gboolean
tsr_tile_tools_get_preview (TsrTileTools *self,
                            TsrTileRect  *preview)
{
  g_return_val_if_fail (TSR_IS_TILE_TOOLS (self), FALSE);
  if (!self->dragging)
    return FALSE;
  if (self->drag_tool == TSR_TILE_TOOL_RECTANGLE
      || (self->drag_tool == TSR_TILE_TOOL_SELECT && !self->moving))
    {
      *preview = tsr_tile_rect_from_corners (self->start_x, self->start_y, self->last_x, self->last_y);
      return TRUE;
    }
  if (self->drag_tool == TSR_TILE_TOOL_SELECT && self->moving)
    {
      *preview = self->selection;
      preview->x += self->last_x - self->start_x;
      preview->y += self->last_y - self->start_y;
      return TRUE;
    }
  return FALSE;
}

gboolean
tsr_tile_tools_get_move_offset (TsrTileTools *self,
                                gint         *dx,
                                gint         *dy)
{
  g_return_val_if_fail (TSR_IS_TILE_TOOLS (self), FALSE);
  if (!self->dragging || !self->moving)
    return FALSE;
  *dx = self->last_x - self->start_x;
  *dy = self->last_y - self->start_y;
  return TRUE;
}

TsrTileClip *
tsr_tile_tools_get_clipboard (void)
{
  return clipboard;
}

void
tsr_tile_tools_set_clipboard (TsrTileClip *clip)
{
  if (clip != NULL)
    tsr_tile_clip_ref (clip);
  g_clear_pointer (&clipboard, tsr_tile_clip_unref);
  clipboard = clip;
}

gboolean
tsr_tile_tools_copy (TsrTileTools *self)
{
  g_autoptr(TsrTileClip) clip = NULL;

  g_return_val_if_fail (TSR_IS_TILE_TOOLS (self), FALSE);
  if (!self->has_selection || !layer_is_valid (self))
    return FALSE;
  clip = tsr_tile_clip_new_from_map (self->map, self->layer, 1, &self->selection);
  tsr_tile_tools_set_clipboard (clip);
  return clip != NULL;
}

gboolean
tsr_tile_tools_cut (TsrTileTools *self)
{
  g_return_val_if_fail (TSR_IS_TILE_TOOLS (self), FALSE);
  if (!tsr_tile_tools_copy (self))
    return FALSE;
  push (self, tsr_tile_command_erase_rect (self->map, self->layer, 1, &self->selection, _("Cut")));
  return TRUE;
}

gboolean
tsr_tile_tools_can_paste (TsrTileTools *self)
{
  return clipboard != NULL && tsr_tile_clip_get_n_layers (clipboard) == 1
         && g_strcmp0 (tsr_tile_clip_get_family (clipboard), tsr_tile_map_get_family (self->map)) == 0
         && layer_is_valid (self);
}

gboolean
tsr_tile_tools_paste (TsrTileTools *self,
                      gint          x,
                      gint          y)
{
  g_autoptr(TsrPaintTilesCommand) command = NULL;
  TsrTileRect pasted;

  g_return_val_if_fail (TSR_IS_TILE_TOOLS (self), FALSE);
  if (!tsr_tile_tools_can_paste (self))
    return FALSE;
  /* A one-layer clip lands on the current layer, whichever layer it was copied from, like text
   * pasted at the cursor. */
  command = tsr_paint_tiles_command_new (self->map, _("Paste"), NULL);
  for (guint cy = 0; cy < tsr_tile_clip_get_height (clipboard); cy++)
    for (guint cx = 0; cx < tsr_tile_clip_get_width (clipboard); cx++)
      tsr_paint_tiles_command_set (command, self->layer, x + (gint) cx, y + (gint) cy,
                                   tsr_tile_clip_get_tile (clipboard, 0, cx, cy));
  if (tsr_paint_tiles_command_has_changes (command))
    tsr_undo_stack_push (self->undo_stack, TSR_COMMAND (command));
  pasted = (TsrTileRect) { x, y, (gint) tsr_tile_clip_get_width (clipboard), (gint) tsr_tile_clip_get_height (clipboard) };
  tsr_tile_tools_set_selection (self, &pasted);
  return TRUE;
}

gboolean
tsr_tile_tools_delete (TsrTileTools *self)
{
  g_return_val_if_fail (TSR_IS_TILE_TOOLS (self), FALSE);
  if (!self->has_selection || !layer_is_valid (self))
    return FALSE;
  push (self, tsr_tile_command_erase_rect (self->map, self->layer, 1, &self->selection, _("Delete")));
  return TRUE;
}
