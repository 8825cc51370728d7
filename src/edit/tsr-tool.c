/* tsr-tool.c: the TsrTool interface, its signals and overlay items. */
#include "edit/tsr-tool.h"

G_DEFINE_ENUM_TYPE (TsrLayerKind, tsr_layer_kind,
                    G_DEFINE_ENUM_VALUE (TSR_LAYER_KIND_TILE, "tile"),
                    G_DEFINE_ENUM_VALUE (TSR_LAYER_KIND_VECTOR, "vector"))

G_DEFINE_INTERFACE (TsrTool, tsr_tool, G_TYPE_OBJECT)

enum {
  OVERLAY_CHANGED,
  CURSOR_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
tsr_tool_default_init (TsrToolInterface *iface)
{
  /* What get_overlay returns changed: the canvas redraws. */
  signals[OVERLAY_CHANGED] = g_signal_new ("overlay-changed", G_TYPE_FROM_INTERFACE (iface),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* What get_cursor_name returns changed. */
  signals[CURSOR_CHANGED] = g_signal_new ("cursor-changed", G_TYPE_FROM_INTERFACE (iface),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

TsrOverlayItem *
tsr_overlay_item_new (TsrOverlayKind        kind,
                      const TsrVectorPoint *points,
                      guint                 n_points)
{
  TsrOverlayItem *item = g_new0 (TsrOverlayItem, 1);

  item->kind = kind;
  item->n_points = n_points;
  item->points = g_memdup2 (points, sizeof (TsrVectorPoint) * n_points);
  return item;
}

TsrOverlayItem *
tsr_overlay_item_new_box (TsrOverlayKind kind,
                          double         x0,
                          double         y0,
                          double         x1,
                          double         y1)
{
  TsrVectorPoint corners[2] = { { x0, y0 }, { x1, y1 } };

  return tsr_overlay_item_new (kind, corners, 2);
}

void
tsr_overlay_item_free (TsrOverlayItem *item)
{
  if (item == NULL)
    return;
  g_free (item->points);
  g_free (item);
}

const char *
tsr_tool_get_id (TsrTool *self)
{
  g_return_val_if_fail (TSR_IS_TOOL (self), NULL);
  return TSR_TOOL_GET_IFACE (self)->get_id (self);
}

TsrLayerKind
tsr_tool_get_layer_kind (TsrTool *self)
{
  g_return_val_if_fail (TSR_IS_TOOL (self), TSR_LAYER_KIND_VECTOR);
  return TSR_TOOL_GET_IFACE (self)->get_layer_kind (self);
}

const char *
tsr_tool_get_cursor_name (TsrTool *self)
{
  g_return_val_if_fail (TSR_IS_TOOL (self), "default");
  return TSR_TOOL_GET_IFACE (self)->get_cursor_name (self);
}

void
tsr_tool_press (TsrTool            *self,
                const TsrToolEvent *event)
{
  g_return_if_fail (TSR_IS_TOOL (self));
  TSR_TOOL_GET_IFACE (self)->press (self, event);
}

void
tsr_tool_drag (TsrTool            *self,
               const TsrToolEvent *event)
{
  g_return_if_fail (TSR_IS_TOOL (self));
  TSR_TOOL_GET_IFACE (self)->drag (self, event);
}

void
tsr_tool_release (TsrTool            *self,
                  const TsrToolEvent *event)
{
  g_return_if_fail (TSR_IS_TOOL (self));
  TSR_TOOL_GET_IFACE (self)->release (self, event);
}

void
tsr_tool_hover (TsrTool            *self,
                const TsrToolEvent *event)
{
  g_return_if_fail (TSR_IS_TOOL (self));
  if (TSR_TOOL_GET_IFACE (self)->hover != NULL)
    TSR_TOOL_GET_IFACE (self)->hover (self, event);
}

gboolean
tsr_tool_key (TsrTool     *self,
              TsrToolKey   key,
              TsrModifiers modifiers)
{
  g_return_val_if_fail (TSR_IS_TOOL (self), FALSE);
  if (TSR_TOOL_GET_IFACE (self)->key == NULL)
    return FALSE;
  return TSR_TOOL_GET_IFACE (self)->key (self, key, modifiers);
}

void
tsr_tool_cancel (TsrTool *self)
{
  g_return_if_fail (TSR_IS_TOOL (self));
  TSR_TOOL_GET_IFACE (self)->cancel (self);
}

GPtrArray *
tsr_tool_get_overlay (TsrTool *self)
{
  GPtrArray *items = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_overlay_item_free);

  g_return_val_if_fail (TSR_IS_TOOL (self), items);
  if (TSR_TOOL_GET_IFACE (self)->get_overlay != NULL)
    TSR_TOOL_GET_IFACE (self)->get_overlay (self, items);
  return items;
}

void
tsr_tool_overlay_changed (TsrTool *self)
{
  g_return_if_fail (TSR_IS_TOOL (self));
  g_signal_emit (self, signals[OVERLAY_CHANGED], 0);
}

void
tsr_tool_cursor_changed (TsrTool *self)
{
  g_return_if_fail (TSR_IS_TOOL (self));
  g_signal_emit (self, signals[CURSOR_CHANGED], 0);
}
