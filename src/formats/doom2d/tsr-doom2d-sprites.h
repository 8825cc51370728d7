/* tsr-doom2d-sprites.h: where the game keeps the pictures of items and monsters, and where it
 * draws them relative to a map record's position. The facts are the game's own (Doom 2D: Forever,
 * g_items.pas and g_monsters.pas): items are TEXTURES\<name> of the game's Game.wad, one picture
 * or a strip of frames side by side, drawn with their corner at the item's position; monsters
 * are the first frame of their sleep animation, MTEXTURES\<NAME>_SLEEP (and _SLEEP_L for the
 * monsters that have a picture of their own facing left, mirrored otherwise), placed by the
 * monster's hit box and the game's per-animation offsets. GTK-free: the editor and `render`
 * share it. */
#pragma once

#include <glib.h>

#include "core/tsr-image.h"
#include "formats/doom2d/tsr-doom2d-map.h"

G_BEGIN_DECLS

typedef struct {
  const char *path;         /* a resource path as maps write them: "GAME.WAD:TEXTURES\MED1" */
  guint       frame_width;  /* of the first frame in the strip; 0: the whole picture */
  guint       frame_height;
  int         dx;           /* the frame's top-left corner, relative to the record's position */
  int         dy;
  gboolean    mirror;       /* drawn flipped left to right */
} TsrDoom2dSprite;

/* The sprite of a record of KIND (items and monsters; areas and others have none) with TYPE and,
 * for monsters, DIRECTION (0 left, 1 right). FALSE for kinds and types the game draws nothing
 * for. */
gboolean  tsr_doom2d_sprite_for       (TsrDoom2dKind    kind,
                                       gint64           type,
                                       gint64           direction,
                                       TsrDoom2dSprite *sprite);
/* The sprite of RECORD, an item or monster of KIND (its type and, for monsters, facing). */
gboolean  tsr_doom2d_sprite_for_record (TsrDoom2dKind          kind,
                                        const TsrDoom2dRecord *record,
                                        TsrDoom2dSprite       *sprite);
/* SPRITE's frame cut from PICTURE (the decoded resource), mirrored when SPRITE says so; NULL
 * when the picture is smaller than the frame. (transfer full) */
TsrImage *tsr_doom2d_sprite_cut_frame (const TsrDoom2dSprite *sprite,
                                       const TsrImage        *picture);

G_END_DECLS
