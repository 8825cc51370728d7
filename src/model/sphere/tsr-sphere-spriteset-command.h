/* tsr-sphere-spriteset-command.h: the undo command of a spriteset opened as a document. It holds
 * the spriteset's structure before and after the edit (directions with their names, reserved bytes
 * and frames; the base rectangle; the stored image count), the images the edit appends and at most
 * one image whose pixels it replaces. Undo puts the structure and pixels back and drops the
 * appended images; redo appends copies again. Images are never removed or renumbered, so frames of
 * other directions keep showing what they showed. GTK-free. */
#pragma once

#include "model/sphere/tsr-sphere-document.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

/* The part of a spriteset an edit changes besides its images. */
typedef struct {
  GPtrArray *directions;   /* TsrSphereDirection, deep copies */
  gint16     base_x1, base_y1, base_x2, base_y2;
  guint16    image_count;  /* the header's, as stored (version 2 keeps it) */
} TsrSphereSpritesetState;

/* A copy of SPRITESET's structure to change and hand to the command. (transfer full) */
TsrSphereSpritesetState *tsr_sphere_spriteset_state_capture (const TsrSphereSpriteset *spriteset);
void                     tsr_sphere_spriteset_state_free    (TsrSphereSpritesetState  *state);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrSphereSpritesetState, tsr_sphere_spriteset_state_free)

#define TSR_TYPE_SPHERE_SPRITESET_COMMAND (tsr_sphere_spriteset_command_get_type ())
G_DECLARE_FINAL_TYPE (TsrSphereSpritesetCommand, tsr_sphere_spriteset_command, TSR, SPHERE_SPRITESET_COMMAND, TsrCommand)

/* A command that gives the document's spriteset the structure AFTER (taken), appends NEW_IMAGES
 * (TsrImage, taken; may be NULL) and, when PIXELS is not NULL (taken), gives image PIXELS_IMAGE
 * those pixels. DIRECTION is what "spriteset-changed" names (G_MAXUINT: the directions' list
 * itself changed). Consecutive commands with the same non-NULL MERGE_KEY (a delay typed step by
 * step, "delay:1:3"; one drag of the base) merge into one. (transfer full) */
TsrCommand *tsr_sphere_spriteset_command_new (TsrSphereDocument       *document,
                                              TsrSphereSpritesetState *after,
                                              GPtrArray               *new_images,
                                              guint                    pixels_image,
                                              TsrImage                *pixels,
                                              guint                    direction,
                                              const char              *merge_key,
                                              const char              *description);

G_END_DECLS
