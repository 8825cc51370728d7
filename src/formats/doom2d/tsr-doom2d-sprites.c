/* tsr-doom2d-sprites.c: the game's item and monster pictures (Doom 2D: Forever's g_items.pas and
 * g_monsters.pas, read for the facts: names, frame sizes, hit boxes and sleep-animation offsets). */
#include "formats/doom2d/tsr-doom2d-sprites.h"

#include <string.h>

typedef struct {
  const char *name;     /* TEXTURES\<name> */
  guint8      width;    /* of a frame of an animated strip; 0: a still picture */
  guint8      height;
} ItemSprite;

/* Item types 1 … 38 (ITEM_MEDKIT_SMALL … ITEM_AMMO_FUELCAN). */
static const ItemSprite item_sprites[] = {
  [1] = { "MED1" },          [2] = { "MED2" },         [3] = { "BMED" },
  [4] = { "ARMORGREEN", 32, 16 }, [5] = { "ARMORBLUE", 32, 16 },
  [6] = { "SBLUE", 32, 32 }, [7] = { "SWHITE", 32, 32 },
  [8] = { "SUIT" },          [9] = { "OXYGEN" },       [10] = { "INVUL", 32, 32 },
  [11] = { "SAW" },          [12] = { "SHOTGUN1" },    [13] = { "SHOTGUN2" },
  [14] = { "MGUN" },         [15] = { "RLAUNCHER" },   [16] = { "PGUN" },
  [17] = { "BFG" },          [18] = { "SCHAINGUN" },   [19] = { "CLIP" },
  [20] = { "AMMO" },         [21] = { "SHELL1" },      [22] = { "SHELL2" },
  [23] = { "ROCKET" },       [24] = { "ROCKETS" },     [25] = { "CELL" },
  [26] = { "CELL2" },        [27] = { "BPACK" },       [28] = { "KEYR" },
  [29] = { "KEYG" },         [30] = { "KEYB" },        [31] = { "KNUCKLES" },
  [32] = { "PISTOL" },       [33] = { "BOTTLE", 16, 32 }, [34] = { "HELMET", 16, 16 },
  [35] = { "JETPACK", 32, 32 }, [36] = { "INVIS", 32, 32 }, [37] = { "FLAMETHROWER" },
  [38] = { "FUELCAN" },
};

typedef struct {
  const char *name;         /* MTEXTURES\<name>_SLEEP */
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
  [1] = { "DEMON", 64, 64, 7, 8, 50, 1, 4, 1, 4 },
  [2] = { "IMP", 64, 64, 15, 10, 34, 8, -4, 8, -4 },
  [3] = { "ZOMBY", 64, 64, 15, 8, 34, 1, -4, 1, -4 },
  [4] = { "SERG", 64, 64, 15, 8, 34, 0, -4, 0, -4 },
  [5] = { "CYBER", 128, 128, 24, 9, 80, 2, -6, 3, -3, TRUE },
  [6] = { "CGUN", 64, 64, 15, 4, 34, -1, -2, -1, -2, TRUE },
  [7] = { "BARON", 128, 128, 39, 32, 50, 4, 0, 0, 0, TRUE },
  [8] = { "KNIGHT", 128, 128, 39, 32, 50, 4, 0, 0, 0, TRUE },
  [9] = { "CACO", 128, 128, 34, 36, 60, 0, -4, 0, -4 },
  [10] = { "SOUL", 64, 64, 16, 14, 32, 1, -10, 1, -10 },
  [11] = { "PAIN", 128, 128, 34, 36, 60, -1, -3, -1, -3 },
  [12] = { "SPIDER", 256, 128, 23, 14, 210, -4, -4, -4, -4 },
  [13] = { "BSP", 128, 64, 14, 17, 100, 0, -1, 0, -1 },
  [14] = { "MANCUB", 128, 128, 28, 34, 72, -2, -7, -2, -7 },
  [15] = { "SKEL", 128, 128, 30, 28, 68, -1, 4, 1, 4, TRUE },
  [16] = { "VILE", 128, 128, 30, 28, 68, 5, -21, -8, -21, TRUE },
  [17] = { "FISH", 32, 32, 6, 11, 20, -1, 0, -1, 0 },
  [18] = { "BARREL", 64, 64, 20, 13, 24, 0, -15, 0, -15, FALSE, TRUE },
  [19] = { "ROBO", 128, 128, 30, 26, 68, -2, -26, -2, -26 },
  [20] = { "MAN", 64, 64, 15, 6, 34, 0, -6, 0, -6 },
};

/* "GAME.WAD:SECTION\NAME[SUFFIX]" in static storage: the table's strings are few, so each path is
 * made once and kept. */
static const char *
sprite_path (const char *section,
             const char *name,
             const char *suffix)
{
  static GHashTable *paths; /* owned path -> itself, for the process */
  static GMutex lock;
  g_autofree char *path = g_strdup_printf ("GAME.WAD:%s\\%s%s", section, name, suffix);
  const char *kept;

  g_mutex_lock (&lock);
  if (paths == NULL)
    paths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  kept = g_hash_table_lookup (paths, path);
  if (kept == NULL)
    {
      kept = g_steal_pointer (&path);
      g_hash_table_add (paths, (gpointer) kept);
    }
  g_mutex_unlock (&lock);
  return kept;
}

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

      sprite->path = sprite_path ("TEXTURES", item->name, "");
      sprite->frame_width = item->width;
      sprite->frame_height = item->height;
      return TRUE;
    }
  if (kind == TSR_DOOM2D_KIND_MONSTER && type > 0 && type < (gint64) G_N_ELEMENTS (monster_sprites))
    {
      const MonsterSprite *monster = &monster_sprites[type];
      gboolean left = direction == 0 && !monster->never_mirror;
      int dx = left ? monster->left_dx : monster->right_dx;

      sprite->path = sprite_path ("MTEXTURES", monster->name, left && monster->own_left ? "_SLEEP_L" : "_SLEEP");
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
