/* tsr-visual-camera-layer.h: the visual mode's camera on the 2D map: a dot where it stands and
 * its view cone (the horizontal field of view, two world units long), redrawn as the camera moves.
 * A canvas layer over the Marathon map editor's vector layer or the Wolf3D tile map. */
#pragma once

#include "views/tsr-canvas-layer.h"
#include "views/visual/tsr-visual-view.h"

G_BEGIN_DECLS

#define TSR_TYPE_VISUAL_CAMERA_LAYER (tsr_visual_camera_layer_get_type ())
G_DECLARE_FINAL_TYPE (TsrVisualCameraLayer, tsr_visual_camera_layer, TSR, VISUAL_CAMERA_LAYER, GObject)

/* Follows VIEW's camera (VIEW is not kept alive: the layer goes with the editor's level). */
TsrVisualCameraLayer *tsr_visual_camera_layer_new (TsrVisualView *view);

G_END_DECLS
