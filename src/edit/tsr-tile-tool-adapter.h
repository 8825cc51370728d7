/* tsr-tile-tool-adapter.h: the tile tools (pencil, rectangle, fill, eraser, picker, select) as one
 * TsrTool for a tile layer. Map coordinates become cells; Alt picks; Delete and Escape act on the
 * tile selection; the overlay is the drag preview and the selection in map pixels. TsrTileTools
 * keeps its own API (tool buttons, palettes and tests bind to it); the adapter only forwards. */
#pragma once

#include "edit/tsr-tile-tools.h"
#include "edit/tsr-tool.h"

G_BEGIN_DECLS

#define TSR_TYPE_TILE_TOOL_ADAPTER (tsr_tile_tool_adapter_get_type ())
G_DECLARE_FINAL_TYPE (TsrTileToolAdapter, tsr_tile_tool_adapter, TSR, TILE_TOOL_ADAPTER, GObject)

TsrTool      *tsr_tile_tool_adapter_new       (TsrTileTools       *tools);
TsrTileTools *tsr_tile_tool_adapter_get_tools (TsrTileToolAdapter *self);

G_END_DECLS
