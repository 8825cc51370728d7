/* tsr-sphere-spriteset-edit.h: what the pixel tools need to draw on a spriteset's frames: the
 * TsrPixelTarget whose owner is the spriteset document and whose image INDEX is the spriteset's
 * image INDEX (the frame's image; frames sharing an image share the drawing). A TsrPixelCommand
 * through it emits "spriteset-changed" (G_MAXUINT) after do, undo and redo. GTK-free. */
#pragma once

#include "edit/tsr-pixel-tools.h"
#include "model/sphere/tsr-sphere-document.h"

G_BEGIN_DECLS

/* (transfer none, static) */
const TsrPixelTarget *tsr_sphere_document_get_image_target (void);

G_END_DECLS
