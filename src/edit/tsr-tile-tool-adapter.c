/* tsr-tile-tool-adapter.c: TsrTool over TsrTileTools. */
#include "edit/tsr-tile-tool-adapter.h"

#include <math.h>

struct _TsrTileToolAdapter {
  GObject       parent_instance;
  TsrTileTools *tools;
  gulong        overlay_changed_id;
  gulong        notify_tool_id;
};

static void tsr_tile_tool_adapter_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrTileToolAdapter, tsr_tile_tool_adapter, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TOOL, tsr_tile_tool_adapter_iface_init))

static void
to_cell (TsrTileToolAdapter *self,
         const TsrToolEvent *event,
         gint               *x,
         gint               *y)
{
  guint cell_w = 1, cell_h = 1;

  tsr_tile_map_get_cell_size (tsr_tile_tools_get_map (self->tools), &cell_w, &cell_h);
  *x = (gint) floor (event->x / MAX (cell_w, 1));
  *y = (gint) floor (event->y / MAX (cell_h, 1));
}

static const char *
adapter_get_id (TsrTool *tool)
{
  GEnumClass *enum_class = g_type_class_ref (TSR_TYPE_TILE_TOOL_KIND);
  GEnumValue *value = g_enum_get_value (enum_class, tsr_tile_tools_get_tool (TSR_TILE_TOOL_ADAPTER (tool)->tools));
  const char *id = value != NULL ? value->value_nick : "tile";

  g_type_class_unref (enum_class);
  return id;
}

static TsrLayerKind
adapter_get_layer_kind (TsrTool *tool)
{
  return TSR_LAYER_KIND_TILE;
}

static const char *
adapter_get_cursor_name (TsrTool *tool)
{
  switch (tsr_tile_tools_get_tool (TSR_TILE_TOOL_ADAPTER (tool)->tools))
    {
    case TSR_TILE_TOOL_SELECT:
      return "default";
    case TSR_TILE_TOOL_PICKER:
      return "copy";
    case TSR_TILE_TOOL_PENCIL:
    case TSR_TILE_TOOL_RECTANGLE:
    case TSR_TILE_TOOL_FILL:
    case TSR_TILE_TOOL_ERASER:
    default:
      return "crosshair";
    }
}

static void
adapter_press (TsrTool            *tool,
               const TsrToolEvent *event)
{
  TsrTileToolAdapter *self = TSR_TILE_TOOL_ADAPTER (tool);
  gint x, y;

  to_cell (self, event, &x, &y);
  tsr_tile_tools_press (self->tools, x, y, (event->modifiers & TSR_MODIFIER_ALT) != 0);
}

static void
adapter_drag (TsrTool            *tool,
              const TsrToolEvent *event)
{
  TsrTileToolAdapter *self = TSR_TILE_TOOL_ADAPTER (tool);
  gint x, y;

  to_cell (self, event, &x, &y);
  tsr_tile_tools_motion (self->tools, x, y);
}

static void
adapter_release (TsrTool            *tool,
                 const TsrToolEvent *event)
{
  TsrTileToolAdapter *self = TSR_TILE_TOOL_ADAPTER (tool);
  gint x, y;

  to_cell (self, event, &x, &y);
  tsr_tile_tools_release (self->tools, x, y);
}

static void
adapter_cancel (TsrTool *tool)
{
  tsr_tile_tools_cancel (TSR_TILE_TOOL_ADAPTER (tool)->tools);
}

static gboolean
adapter_key (TsrTool     *tool,
             TsrToolKey   key,
             TsrModifiers modifiers)
{
  TsrTileToolAdapter *self = TSR_TILE_TOOL_ADAPTER (tool);

  switch (key)
    {
    case TSR_TOOL_KEY_DELETE:
      return tsr_tile_tools_delete (self->tools);
    case TSR_TOOL_KEY_ESCAPE:
      tsr_tile_tools_cancel (self->tools);
      tsr_tile_tools_set_selection (self->tools, NULL);
      return TRUE;
    case TSR_TOOL_KEY_LEFT:
    case TSR_TOOL_KEY_RIGHT:
    case TSR_TOOL_KEY_UP:
    case TSR_TOOL_KEY_DOWN:
    default:
      return FALSE;
    }
}

static void
add_cells (TsrTileToolAdapter *self,
           GPtrArray          *items,
           TsrOverlayKind      kind,
           const TsrTileRect  *cells)
{
  guint cell_w = 1, cell_h = 1;

  tsr_tile_map_get_cell_size (tsr_tile_tools_get_map (self->tools), &cell_w, &cell_h);
  g_ptr_array_add (items, tsr_overlay_item_new_box (kind, (double) cells->x * cell_w, (double) cells->y * cell_h,
                                                    (double) (cells->x + cells->width) * cell_w,
                                                    (double) (cells->y + cells->height) * cell_h));
}

static void
adapter_get_overlay (TsrTool   *tool,
                     GPtrArray *items)
{
  TsrTileToolAdapter *self = TSR_TILE_TOOL_ADAPTER (tool);
  TsrTileRect rect;

  if (tsr_tile_tools_get_selection (self->tools, &rect))
    add_cells (self, items, TSR_OVERLAY_SELECTION, &rect);
  if (tsr_tile_tools_get_preview (self->tools, &rect))
    add_cells (self, items, TSR_OVERLAY_OUTLINE, &rect);
}

static void
tsr_tile_tool_adapter_iface_init (TsrToolInterface *iface)
{
  iface->get_id = adapter_get_id;
  iface->get_layer_kind = adapter_get_layer_kind;
  iface->get_cursor_name = adapter_get_cursor_name;
  iface->press = adapter_press;
  iface->drag = adapter_drag;
  iface->release = adapter_release;
  iface->key = adapter_key;
  iface->cancel = adapter_cancel;
  iface->get_overlay = adapter_get_overlay;
}

static void
on_overlay_changed (TsrTileTools *tools,
                    TsrTool      *tool)
{
  tsr_tool_overlay_changed (tool);
}

static void
on_tool_notify (TsrTileTools *tools,
                GParamSpec   *pspec,
                TsrTool      *tool)
{
  tsr_tool_cursor_changed (tool);
}

static void
tsr_tile_tool_adapter_dispose (GObject *object)
{
  TsrTileToolAdapter *self = TSR_TILE_TOOL_ADAPTER (object);

  if (self->tools != NULL)
    {
      g_clear_signal_handler (&self->overlay_changed_id, self->tools);
      g_clear_signal_handler (&self->notify_tool_id, self->tools);
    }
  g_clear_object (&self->tools);
  G_OBJECT_CLASS (tsr_tile_tool_adapter_parent_class)->dispose (object);
}

static void
tsr_tile_tool_adapter_class_init (TsrTileToolAdapterClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tsr_tile_tool_adapter_dispose;
}

static void
tsr_tile_tool_adapter_init (TsrTileToolAdapter *self)
{
}

TsrTool *
tsr_tile_tool_adapter_new (TsrTileTools *tools)
{
  TsrTileToolAdapter *self;

  g_return_val_if_fail (TSR_IS_TILE_TOOLS (tools), NULL);

  self = g_object_new (TSR_TYPE_TILE_TOOL_ADAPTER, NULL);
  self->tools = g_object_ref (tools);
  self->overlay_changed_id = g_signal_connect (tools, "overlay-changed", G_CALLBACK (on_overlay_changed), self);
  self->notify_tool_id = g_signal_connect (tools, "notify::tool", G_CALLBACK (on_tool_notify), self);
  return TSR_TOOL (self);
}

TsrTileTools *
tsr_tile_tool_adapter_get_tools (TsrTileToolAdapter *self)
{
  g_return_val_if_fail (TSR_IS_TILE_TOOL_ADAPTER (self), NULL);
  return self->tools;
}
