/* tsr-visual-marathon-objects.c: the engine's object definitions, as far as the picture goes
 * (Aleph One, Source_Files/GameWorld/); the numbers are facts of the engine, not its code. */
#include "render/tsr-visual-marathon-objects.h"

#include "formats/marathon/tsr-marathon-physics.h"

/* shape_descriptors.h: [clut.3] [collection.5] [shape.8]. */
#define DESCRIPTOR(collection, clut, shape) ((guint16) (((clut) << 13) | ((collection) << 8) | (shape)))
#define DESCRIPTOR_COLLECTION(d) (((d) >> 8) & 31)
#define DESCRIPTOR_CLUT(d)       (((d) >> 13) & 7)
#define DESCRIPTOR_SHAPE(d)      ((d) & 255)
#define NO_SHAPE 0xFFFF

/* Collections (shape_descriptors.h). */
enum {
  JUGGERNAUT = 2, TICK = 3, HUNTER = 5, PLAYER = 6, ITEMS = 7, TROOPER = 8, FIGHTER = 9,
  DEFENDER = 10, YETI = 11, CIVILIAN = 12, CIVILIAN_FUSION = 13, ENFORCER = 14, HUMMER = 15,
  COMPILER = 16, SCENERY1 = 22, SCENERY2 = 23, SCENERY3 = 24, SCENERY4 = 25, SCENERY5 = 26,
  CYBORG = 31,
};

/* monster_definitions.h: flags _monster_is_enlarged and _monster_is_tiny. */
#define MONSTER_IS_ENLARGED 0x2000
#define MONSTER_IS_TINY     0x100000

typedef struct {
  guint8  collection, clut, stationary_shape;
  guint32 flags;
} MonsterShape;

/* monster_definitions.h original_monster_definitions: collection (BUILD_COLLECTION), the
 * enlarged/tiny flags and stationary_shape, in monster type order. */
static const MonsterShape monster_shapes[] = {
  { PLAYER, 0, 0, 0 },                               /* marine */
  { TICK, 0, 1, 0 }, { TICK, 0, 1, 0 }, { TICK, 0, 0, 0 },
  { COMPILER, 0, 0, 0 }, { COMPILER, 1, 0, 0 }, { COMPILER, 0, 0, 0 }, { COMPILER, 1, 0, 0 },
  { FIGHTER, 0, 7, 0 }, { FIGHTER, 1, 7, 0 }, { FIGHTER, 2, 7, 0 }, { FIGHTER, 3, 7, 0 },
  { CIVILIAN, 0, 6, 0 }, { CIVILIAN, 1, 6, 0 }, { CIVILIAN, 2, 6, 0 }, { CIVILIAN, 3, 6, 0 },
  { HUMMER, 0, 0, 0 }, { HUMMER, 1, 0, 0 }, { HUMMER, 2, 0, 0 }, { HUMMER, 3, 0, 0 }, { HUMMER, 4, 0, 0 },
  { CYBORG, 0, 0, 0 }, { CYBORG, 1, 0, 0 }, { CYBORG, 0, 0, 0 }, { CYBORG, 0, 0, 0 },
  { ENFORCER, 0, 0, 0 }, { ENFORCER, 1, 0, 0 },
  { HUNTER, 0, 1, 0 }, { HUNTER, 1, 1, 0 },
  { TROOPER, 0, 1, 0 }, { TROOPER, 1, 1, 0 },
  { CYBORG, 0, 0, MONSTER_IS_ENLARGED },             /* mother of all cyborgs */
  { HUNTER, 2, 1, MONSTER_IS_ENLARGED },             /* mother of all hunters */
  { YETI, 0, 0, 0 }, { YETI, 1, 0, 0 }, { YETI, 2, 0, 0 },
  { DEFENDER, 0, 0, 0 }, { DEFENDER, 1, 0, 0 },
  { JUGGERNAUT, 0, 0, 0 }, { JUGGERNAUT, 1, 0, 0 },
  { FIGHTER, 1, 7, MONSTER_IS_TINY }, { CIVILIAN, 0, 6, MONSTER_IS_TINY }, { YETI, 2, 0, MONSTER_IS_TINY },
  { CIVILIAN_FUSION, 0, 6, 0 }, { CIVILIAN_FUSION, 1, 6, 0 }, { CIVILIAN_FUSION, 2, 6, 0 },
  { CIVILIAN_FUSION, 3, 6, 0 },
};

/* item_definitions.h item_definitions: base_shape, in item type order (NO_SHAPE: UNONE). */
static const guint16 item_shapes[] = {
  NO_SHAPE,                                          /* knife */
  DESCRIPTOR (ITEMS, 0, 0), DESCRIPTOR (ITEMS, 0, 3),        /* pistol, magazine */
  DESCRIPTOR (ITEMS, 0, 1), DESCRIPTOR (ITEMS, 0, 4),        /* fusion pistol, battery */
  DESCRIPTOR (ITEMS, 0, 2), DESCRIPTOR (ITEMS, 0, 5), DESCRIPTOR (ITEMS, 0, 6), /* assault rifle */
  DESCRIPTOR (ITEMS, 0, 12), DESCRIPTOR (ITEMS, 0, 7),       /* rocket launcher, rockets */
  DESCRIPTOR (ITEMS, 0, 8), DESCRIPTOR (ITEMS, 0, 9), DESCRIPTOR (ITEMS, 0, 14), /* powerups */
  DESCRIPTOR (ITEMS, 0, 13), NO_SHAPE,               /* alien weapon, its ammunition */
  DESCRIPTOR (ITEMS, 0, 10), DESCRIPTOR (ITEMS, 0, 11),      /* flamethrower, canister */
  DESCRIPTOR (ITEMS, 0, 15),                         /* extravision */
  DESCRIPTOR (ITEMS, 0, 23), DESCRIPTOR (ITEMS, 0, 20), DESCRIPTOR (ITEMS, 0, 21), DESCRIPTOR (ITEMS, 0, 22),
  DESCRIPTOR (ITEMS, 0, 18), DESCRIPTOR (ITEMS, 0, 19),      /* shotgun, shells */
  DESCRIPTOR (ITEMS, 0, 17), DESCRIPTOR (ITEMS, 0, 16),      /* S'pht door key, uplink chip */
  DESCRIPTOR (PLAYER, 0, 29), DESCRIPTOR (PLAYER, 1, 29), DESCRIPTOR (PLAYER, 2, 29), DESCRIPTOR (PLAYER, 3, 29),
  DESCRIPTOR (PLAYER, 4, 29), DESCRIPTOR (PLAYER, 5, 29), DESCRIPTOR (PLAYER, 6, 29), DESCRIPTOR (PLAYER, 7, 29),
  DESCRIPTOR (ITEMS, 0, 25), DESCRIPTOR (ITEMS, 0, 24),      /* SMG, its ammunition */
};

/* scenery_definitions.h scenery_definitions: shape, in scenery type order. */
static const guint16 scenery_shapes[] = {
  /* lava */
  DESCRIPTOR (SCENERY2, 0, 3), DESCRIPTOR (SCENERY2, 0, 4), DESCRIPTOR (SCENERY2, 0, 5), DESCRIPTOR (SCENERY2, 0, 6),
  DESCRIPTOR (SCENERY2, 0, 7), DESCRIPTOR (SCENERY2, 0, 8), DESCRIPTOR (SCENERY2, 0, 9), DESCRIPTOR (SCENERY2, 0, 10),
  DESCRIPTOR (SCENERY2, 0, 12), DESCRIPTOR (SCENERY2, 0, 13), DESCRIPTOR (SCENERY2, 0, 14), DESCRIPTOR (SCENERY2, 0, 15),
  DESCRIPTOR (SCENERY2, 0, 16),
  /* water */
  DESCRIPTOR (SCENERY1, 0, 4), DESCRIPTOR (SCENERY1, 0, 5), DESCRIPTOR (SCENERY1, 0, 7), DESCRIPTOR (SCENERY1, 0, 9),
  DESCRIPTOR (SCENERY1, 0, 10), DESCRIPTOR (SCENERY1, 0, 21), DESCRIPTOR (SCENERY1, 0, 11), DESCRIPTOR (SCENERY1, 0, 12),
  DESCRIPTOR (SCENERY1, 0, 13), DESCRIPTOR (SCENERY1, 0, 14), DESCRIPTOR (SCENERY1, 0, 15), DESCRIPTOR (SCENERY1, 0, 16),
  DESCRIPTOR (SCENERY1, 0, 17), DESCRIPTOR (SCENERY1, 0, 18), DESCRIPTOR (SCENERY1, 0, 20),
  /* sewage */
  DESCRIPTOR (SCENERY3, 0, 5), DESCRIPTOR (SCENERY3, 0, 7), DESCRIPTOR (SCENERY3, 0, 4), DESCRIPTOR (SCENERY3, 0, 9),
  DESCRIPTOR (SCENERY3, 0, 10), DESCRIPTOR (SCENERY3, 0, 11), DESCRIPTOR (SCENERY3, 0, 13), DESCRIPTOR (SCENERY3, 0, 17),
  DESCRIPTOR (SCENERY3, 0, 12), DESCRIPTOR (SCENERY3, 0, 14), DESCRIPTOR (SCENERY3, 0, 15),
  /* alien */
  DESCRIPTOR (SCENERY5, 0, 4), DESCRIPTOR (SCENERY5, 0, 14), DESCRIPTOR (SCENERY5, 0, 16), DESCRIPTOR (SCENERY5, 0, 6),
  DESCRIPTOR (SCENERY5, 0, 7), DESCRIPTOR (SCENERY5, 0, 9), DESCRIPTOR (SCENERY5, 0, 10), DESCRIPTOR (SCENERY5, 0, 11),
  DESCRIPTOR (SCENERY5, 0, 12), DESCRIPTOR (SCENERY5, 0, 13), DESCRIPTOR (SCENERY5, 0, 18),
  /* Jjaro */
  DESCRIPTOR (SCENERY4, 0, 5), DESCRIPTOR (SCENERY4, 0, 7), DESCRIPTOR (SCENERY4, 0, 4), DESCRIPTOR (SCENERY4, 0, 9),
  DESCRIPTOR (SCENERY4, 0, 10), DESCRIPTOR (SCENERY4, 0, 11), DESCRIPTOR (SCENERY4, 0, 13), DESCRIPTOR (SCENERY4, 0, 17),
  DESCRIPTOR (SCENERY4, 0, 12), DESCRIPTOR (SCENERY4, 0, 14), DESCRIPTOR (SCENERY4, 0, 15),
};

/* player.cpp player_shapes: collection 6, legs stationary 7, the idle torso holding the pistol
 * (the first of player_initial_items) 3. */
#define PLAYER_LEGS  7
#define PLAYER_TORSO 3

/* The level's embedded monster physics (MNpx) for TYPE: collection at 0, flags at 12,
 * stationary_shape at 114 (monster_definition as physics_models packs it). */
static gboolean
embedded_monster (const TsrMarathonLevel *level,
                  guint                   type,
                  MonsterShape           *out)
{
  for (guint t = 0; level->physics != NULL && t < level->physics->len; t++)
    {
      const TsrMarathonPhysicsTable *table = g_ptr_array_index (level->physics, t);
      const guint8 *record;
      guint16 collection, shape;

      if (table->kind != TSR_MARATHON_PHYSICS_MONSTERS || table->record_size < 116 || type >= table->count)
        continue;
      record = table->records + (gsize) type * table->record_size;
      collection = (guint16) ((record[0] << 8) | record[1]);
      shape = (guint16) ((record[114] << 8) | record[115]);
      out->collection = collection & 31;
      out->clut = (collection >> 5) & 7;
      out->stationary_shape = (guint8) (shape & 255);
      out->flags = ((guint32) record[12] << 24) | ((guint32) record[13] << 16) | ((guint32) record[14] << 8) | record[15];
      return TRUE;
    }
  return FALSE;
}

gboolean
tsr_visual_marathon_object_shape (const TsrMarathonLevel  *level,
                                  const TsrMarathonObject *object,
                                  TsrVisualObjectShape    *out)
{
  guint16 shape = NO_SHAPE;

  g_return_val_if_fail (level != NULL && object != NULL && out != NULL, FALSE);

  out->n_shapes = 0;
  out->scale = TSR_VISUAL_SPRITE_NORMAL;
  if (level->data_version == 0 || object->index < 0)
    return FALSE;
  switch (object->type)
    {
    case 0:
      {
        MonsterShape monster;

        if (!embedded_monster (level, (guint) object->index, &monster))
          {
            if ((guint) object->index >= G_N_ELEMENTS (monster_shapes))
              return FALSE;
            monster = monster_shapes[object->index];
          }
        shape = DESCRIPTOR (monster.collection, monster.clut, monster.stationary_shape);
        out->scale = monster.flags & MONSTER_IS_ENLARGED ? TSR_VISUAL_SPRITE_ENLARGED
                     : monster.flags & MONSTER_IS_TINY ? TSR_VISUAL_SPRITE_TINY : TSR_VISUAL_SPRITE_NORMAL;
        break;
      }
    case 1:
      if ((guint) object->index < G_N_ELEMENTS (scenery_shapes))
        shape = scenery_shapes[object->index];
      break;
    case 2:
      if ((guint) object->index < G_N_ELEMENTS (item_shapes))
        shape = item_shapes[object->index];
      break;
    case 3:
      /* The player's colour table is its team (player.cpp: BUILD_COLLECTION(collection, team)). */
      out->shapes[0] = DESCRIPTOR (PLAYER, (guint) object->index & 7, PLAYER_LEGS);
      out->shapes[1] = DESCRIPTOR (PLAYER, (guint) object->index & 7, PLAYER_TORSO);
      out->n_shapes = 2;
      return TRUE;
    default:
      return FALSE;
    }
  if (shape == NO_SHAPE)
    return FALSE;
  out->shapes[0] = shape;
  out->n_shapes = 1;
  return TRUE;
}

gboolean
tsr_visual_marathon_sprite (const TsrShapesFile  *shapes,
                            guint16               sequence_descriptor,
                            TsrVisualSpriteScale  scale,
                            TsrVisualSprite      *out)
{
  const TsrShapesCollectionSlot *slot;
  const TsrShapesCollection *collection;
  const TsrShapesSequence *sequence;
  const TsrShapesFrame *frame;
  const TsrShapesBitmap *bitmap;
  guint sequence_index = DESCRIPTOR_SHAPE (sequence_descriptor);
  gint16 frame_index;
  float factor;

  g_return_val_if_fail (out != NULL, FALSE);

  if (shapes == NULL || sequence_descriptor == NO_SHAPE)
    return FALSE;
  slot = &shapes->slots[DESCRIPTOR_COLLECTION (sequence_descriptor)];
  /* As the texture lookup (tsr-visual-textures.c) picks the version. */
  collection = slot->versions[0] != NULL ? slot->versions[0] : slot->versions[1];
  if (collection == NULL || sequence_index >= collection->sequences->len)
    return FALSE;
  sequence = g_ptr_array_index (collection->sequences, sequence_index);
  if (sequence->index_count == 0 || sequence->frame_indexes == NULL)
    return FALSE;
  frame_index = sequence->frame_indexes[0];
  if (frame_index < 0 || (guint) frame_index >= collection->frames->len || frame_index > 255)
    return FALSE;
  frame = g_ptr_array_index (collection->frames, frame_index);
  if (frame->bitmap_index < 0 || (guint) frame->bitmap_index >= collection->bitmaps->len)
    return FALSE;
  bitmap = g_ptr_array_index (collection->bitmaps, frame->bitmap_index);
  if (bitmap->width <= 0 || bitmap->height <= 0
      || frame->world_right <= frame->world_left || frame->world_top <= frame->world_bottom)
    return FALSE;
  /* rescale_shape_information: enlarged adds a quarter, tiny halves. */
  factor = scale == TSR_VISUAL_SPRITE_ENLARGED ? 1.25f : scale == TSR_VISUAL_SPRITE_TINY ? 0.5f : 1.0f;
  out->texture = DESCRIPTOR (DESCRIPTOR_COLLECTION (sequence_descriptor), DESCRIPTOR_CLUT (sequence_descriptor),
                             (guint) frame_index);
  out->left = frame->world_left * factor;
  out->right = frame->world_right * factor;
  out->top = frame->world_top * factor;
  out->bottom = frame->world_bottom * factor;
  out->key_x = frame->world_x0 * factor;
  out->key_y = frame->world_y0 * factor;
  return TRUE;
}
