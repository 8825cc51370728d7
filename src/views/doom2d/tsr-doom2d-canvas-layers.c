/* tsr-doom2d-canvas-layers.c: the Doom2D map page's layers, made and stacked. */
#include "views/doom2d/tsr-doom2d-canvas-layers.h"

void
tsr_doom2d_canvas_layers_init (TsrDoom2dCanvasLayers *layers,
                               TsrDoom2dDocument     *document,
                               const char *const     *search,
                               TsrSelection          *selection)
{
  layers->edge = tsr_doom2d_map_layer_new (document);
  tsr_doom2d_map_layer_set_parts (layers->edge, TSR_DOOM2D_MAP_LAYER_EDGE);
  layers->panels = tsr_doom2d_panel_layer_new (document, search);
  layers->sprites = tsr_doom2d_sprite_layer_new (document, tsr_doom2d_panel_layer_get_cache (layers->panels));
  layers->grid = tsr_doom2d_map_layer_new (document);
  tsr_doom2d_map_layer_set_parts (layers->grid, TSR_DOOM2D_MAP_LAYER_GRID);
  layers->records = tsr_vector_layer_new (TSR_VECTOR_MAP (document));
  tsr_vector_layer_set_background (layers->records, FALSE);
  tsr_vector_layer_set_selection (layers->records, selection);
  tsr_vector_layer_set_style_func (layers->records, tsr_doom2d_panel_layer_outline_style, NULL, NULL);
  /* Every change of the look names its elements: edits and undo, and a category shown or hidden
   * (the document's elements-changed), the selection (the layer's own handler); so the layer may
   * keep what it drew. */
  tsr_vector_layer_set_cached (layers->records, TRUE);
  layers->triggers = tsr_doom2d_trigger_layer_new (document, selection);
  /* Every layer says when its look changes (the document's elements-changed, the selection, the
   * grid, a frame of an animation): kept as one picture, a frame that changes none of them (the
   * tool's overlay, a hover) is one blit of what they drew. */
  layers->stack = tsr_canvas_stack_layer_new ();
  for (guint i = 0; i < TSR_DOOM2D_CANVAS_N_LAYERS; i++)
    {
      TsrCanvasLayer *layer = tsr_doom2d_canvas_layers_get (layers, i);

      /* An animation step names the panels it changed: the picture is drawn again only there. */
      if (layer == TSR_CANVAS_LAYER (layers->panels))
        tsr_canvas_stack_layer_add_reaching (layers->stack, layer, TSR_DOOM2D_PANEL_LAYER_REACH);
      else
        tsr_canvas_stack_layer_add (layers->stack, layer);
    }
}

void
tsr_doom2d_canvas_layers_clear (TsrDoom2dCanvasLayers *layers)
{
  g_clear_object (&layers->stack);
  g_clear_object (&layers->triggers);
  g_clear_object (&layers->records);
  g_clear_object (&layers->grid);
  g_clear_object (&layers->sprites);
  g_clear_object (&layers->panels);
  g_clear_object (&layers->edge);
}

TsrCanvasLayer *
tsr_doom2d_canvas_layers_get (const TsrDoom2dCanvasLayers *layers,
                              guint                        index)
{
  gpointer each[TSR_DOOM2D_CANVAS_N_LAYERS] = {
    layers->edge, layers->panels, layers->sprites, layers->grid, layers->records, layers->triggers,
  };

  g_return_val_if_fail (index < TSR_DOOM2D_CANVAS_N_LAYERS, NULL);
  return TSR_CANVAS_LAYER (each[index]);
}
