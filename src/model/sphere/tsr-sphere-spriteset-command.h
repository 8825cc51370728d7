/* tsr-sphere-spriteset-command.h: the undo command of a spriteset opened as a document. It holds
 * one direction's frames before and after the edit and the images the edit appends, so undo puts
 * the frames back and drops those images, and redo appends copies of them again. GTK-free. */
#pragma once

#include "model/sphere/tsr-sphere-document.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

#define TSR_TYPE_SPHERE_SPRITESET_COMMAND (tsr_sphere_spriteset_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrSphereSpritesetCommand, tsr_sphere_spriteset_command, TSR, SPHERE_SPRITESET_COMMAND, TsrCommand)

/* A command that gives DIRECTION of the document's spriteset the frames NEW_FRAMES (TsrSphereFrame,
 * copied) and appends NEW_IMAGES (TsrImage, taken; may be NULL). MERGE_FRAME >= 0 makes consecutive
 * commands of the same direction and frame merge (a delay typed step by step). (transfer full) */
TsrCommand *tsr_sphere_spriteset_command_new (TsrSphereDocument *document,
                                              guint              direction,
                                              GArray            *new_frames,
                                              GPtrArray         *new_images,
                                              gint               merge_frame,
                                              const char        *description);

G_END_DECLS
