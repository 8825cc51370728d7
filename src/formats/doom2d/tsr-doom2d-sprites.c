/* tsr-doom2d-sprites.c: the game's item and monster pictures (Doom 2D: Forever's g_items.pas and
 * g_monsters.pas, read for the facts: names, frame sizes, hit boxes and sleep-animation offsets). */
#include "formats/doom2d/tsr-doom2d-sprites.h"

#include <string.h>

/* The game's archive and sections, as maps write resource paths. */
#define ITEM(name)    "GAME.WAD:TEXTURES\\" name
#define MONSTER(name) "GAME.WAD:MTEXTURES\\" name "_SLEEP", "GAME.WAD:MTEXTURES\\" name "_SLEEP_L"

typedef struct {
  const char *path;     /* GAME.WAD:TEXTURES\<name> */
  guint8      width;    /* of a frame of an animated strip; 0: a still picture */
  guint8      height;
} ItemSprite;

/* Item types 1 … 38 (ITEM_MEDKIT_SMALL … ITEM_AMMO_FUELCAN). */
static const ItemSprite item_sprites[] = {
  [1] = { ITEM ("MED1") },          [2] = { ITEM ("MED2") },         [3] = { ITEM ("BMED") },
  [4] = { ITEM ("ARMORGREEN"), 32, 16 }, [5] = { ITEM ("ARMORBLUE"), 32, 16 },
  [6] = { ITEM ("SBLUE"), 32, 32 }, [7] = { ITEM ("SWHITE"), 32, 32 },
  [8] = { ITEM ("SUIT") },          [9] = { ITEM ("OXYGEN") },       [10] = { ITEM ("INVUL"), 32, 32 },
  [11] = { ITEM ("SAW") },          [12] = { ITEM ("SHOTGUN1") },    [13] = { ITEM ("SHOTGUN2") },
  [14] = { ITEM ("MGUN") },         [15] = { ITEM ("RLAUNCHER") },   [16] = { ITEM ("PGUN") },
  [17] = { ITEM ("BFG") },          [18] = { ITEM ("SCHAINGUN") },   [19] = { ITEM ("CLIP") },
  [20] = { ITEM ("AMMO") },         [21] = { ITEM ("SHELL1") },      [22] = { ITEM ("SHELL2") },
  [23] = { ITEM ("ROCKET") },       [24] = { ITEM ("ROCKETS") },     [25] = { ITEM ("CELL") },
  [26] = { ITEM ("CELL2") },        [27] = { ITEM ("BPACK") },       [28] = { ITEM ("KEYR") },
  [29] = { ITEM ("KEYG") },         [30] = { ITEM ("KEYB") },        [31] = { ITEM ("KNUCKLES") },
  [32] = { ITEM ("PISTOL") },       [33] = { ITEM ("BOTTLE"), 16, 32 }, [34] = { ITEM ("HELMET"), 16, 16 },
  [35] = { ITEM ("JETPACK"), 32, 32 }, [36] = { ITEM ("INVIS"), 32, 32 }, [37] = { ITEM ("FLAMETHROWER") },
  [38] = { ITEM ("FUELCAN") },
};

typedef struct {
  const char *path;         /* MTEXTURES\<name>_SLEEP */
  const char *left_path;    /* MTEXTURES\<name>_SLEEP_L, used when OWN_LEFT */
  guint16     width;        /* sleep frame */
  guint16     height;
  gint8       box_x;        /* the hit box's corner in the frame's coordinates (MONSTERTABLE) */
  gint8       box_y;
  guint8      box_width;
  gint8       right_dx;     /* sleep offsets facing right and left (MONSTER_ANIMTABLE) */
  gint8       right_dy;
  gint8       left_dx;
  gint8       left_dy;
  gboolean    own_left;     /* MTEXTURES\<name>_SLEEP_L exists: not mirrored */
  gboolean    never_mirror; /* the barrel */
} MonsterSprite;

/* Monster types 1 … 20 (MONSTER_DEMON … MONSTER_MAN). */
static const MonsterSprite monster_sprites[] = {
  [1] = { MONSTER ("DEMON"), 64, 64, 7, 8, 50, 1, 4, 1, 4 },
  [2] = { MONSTER ("IMP"), 64, 64, 15, 10, 34, 8, -4, 8, -4 },
  [3] = { MONSTER ("ZOMBY"), 64, 64, 15, 8, 34, 1, -4, 1, -4 },
  [4] = { MONSTER ("SERG"), 64, 64, 15, 8, 34, 0, -4, 0, -4 },
  [5] = { MONSTER ("CYBER"), 128, 128, 24, 9, 80, 2, -6, 3, -3, TRUE },
  [6] = { MONSTER ("CGUN"), 64, 64, 15, 4, 34, -1, -2, -1, -2, TRUE },
  [7] = { MONSTER ("BARON"), 128, 128, 39, 32, 50, 4, 0, 0, 0, TRUE },
  [8] = { MONSTER ("KNIGHT"), 128, 128, 39, 32, 50, 4, 0, 0, 0, TRUE },
  [9] = { MONSTER ("CACO"), 128, 128, 34, 36, 60, 0, -4, 0, -4 },
  [10] = { MONSTER ("SOUL"), 64, 64, 16, 14, 32, 1, -10, 1, -10 },
  [11] = { MONSTER ("PAIN"), 128, 128, 34, 36, 60, -1, -3, -1, -3 },
  [12] = { MONSTER ("SPIDER"), 256, 128, 23, 14, 210, -4, -4, -4, -4 },
  [13] = { MONSTER ("BSP"), 128, 64, 14, 17, 100, 0, -1, 0, -1 },
  [14] = { MONSTER ("MANCUB"), 128, 128, 28, 34, 72, -2, -7, -2, -7 },
  [15] = { MONSTER ("SKEL"), 128, 128, 30, 28, 68, -1, 4, 1, 4, TRUE },
  [16] = { MONSTER ("VILE"), 128, 128, 30, 28, 68, 5, -21, -8, -21, TRUE },
  [17] = { MONSTER ("FISH"), 32, 32, 6, 11, 20, -1, 0, -1, 0 },
  [18] = { MONSTER ("BARREL"), 64, 64, 20, 13, 24, 0, -15, 0, -15, FALSE, TRUE },
  [19] = { MONSTER ("ROBO"), 128, 128, 30, 26, 68, -2, -26, -2, -26 },
  [20] = { MONSTER ("MAN"), 64, 64, 15, 6, 34, 0, -6, 0, -6 },
};

gboolean
tsr_doom2d_sprite_for (TsrDoom2dKind    kind,
                       gint64           type,
                       gint64           direction,
                       TsrDoom2dSprite *sprite)
{
  g_return_val_if_fail (sprite != NULL, FALSE);

  memset (sprite, 0, sizeof *sprite);
  if (kind == TSR_DOOM2D_KIND_ITEM && type > 0 && type < (gint64) G_N_ELEMENTS (item_sprites))
    {
      const ItemSprite *item = &item_sprites[type];

      sprite->path = item->path;
      sprite->frame_width = item->width;
      sprite->frame_height = item->height;
      return TRUE;
    }
  if (kind == TSR_DOOM2D_KIND_MONSTER && type > 0 && type < (gint64) G_N_ELEMENTS (monster_sprites))
    {
      const MonsterSprite *monster = &monster_sprites[type];
      gboolean left = direction == 0 && !monster->never_mirror;
      int dx = left ? monster->left_dx : monster->right_dx;

      sprite->path = left && monster->own_left ? monster->left_path : monster->path;
      sprite->frame_width = monster->width;
      sprite->frame_height = monster->height;
      sprite->mirror = left && !monster->own_left;
      /* The record's position is the hit box's corner. A mirrored frame puts the box as far from
       * the frame's right edge as the offset puts it from the left (the game's own arithmetic). */
      if (sprite->mirror)
        dx = -((int) monster->width - ((monster->box_x - dx) + monster->box_width) - monster->box_x);
      sprite->dx = dx - monster->box_x;
      sprite->dy = (left ? monster->left_dy : monster->right_dy) - monster->box_y;
      return TRUE;
    }
  return FALSE;
}

gboolean
tsr_doom2d_sprite_for_record (TsrDoom2dKind          kind,
                              const TsrDoom2dRecord *record,
                              TsrDoom2dSprite       *sprite)
{
  g_return_val_if_fail (record != NULL, FALSE);
  return tsr_doom2d_sprite_for (kind, record->values[TSR_DOOM2D_THING_TYPE].v[0],
                                kind == TSR_DOOM2D_KIND_MONSTER ? record->values[TSR_DOOM2D_MONSTER_DIRECTION].v[0] : 1,
                                sprite);
}

TsrImage *
tsr_doom2d_sprite_cut_frame (const TsrDoom2dSprite *sprite,
                             const TsrImage        *picture)
{
  guint width, height;
  TsrImage *frame;

  g_return_val_if_fail (sprite != NULL && picture != NULL, NULL);

  width = sprite->frame_width > 0 ? sprite->frame_width : picture->width;
  height = sprite->frame_height > 0 ? sprite->frame_height : picture->height;
  if (width == 0 || height == 0 || width > picture->width || height > picture->height)
    return NULL;
  frame = tsr_image_crop (picture, 0, 0, width, height);
  if (sprite->mirror)
    for (guint y = 0; y < height; y++)
      {
        guint32 *row = (guint32 *) (gpointer) (frame->pixels + (gsize) y * width * 4);

        for (guint a = 0, b = width - 1; a < b; a++, b--)
          {
            guint32 t = row[a];

            row[a] = row[b];
            row[b] = t;
          }
      }
  return frame;
}
