/* tsr-visual-marathon-objects.h: which picture the engine draws for a Marathon map object, for
 * the visual mode's sprites. The shape an object starts with comes from Aleph One's definitions
 * (monster_definitions.h collection and stationary_shape, item_definitions.h base_shape,
 * scenery_definitions.h shape, player.cpp player_shapes), or, for monsters, from the monster
 * physics embedded in the level (MNpx) where it has them; the sprite's size and placement from the
 * frame's world_left/right/top/bottom as RenderPlaceObjs.cpp build_render_object uses them. GTK-
 * and GL-free. */
#pragma once

#include <glib.h>

#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-marathon-shapes.h"

G_BEGIN_DECLS

/* The engine's object scale flags (map.h _object_is_enlarged, _object_is_tiny). */
typedef enum {
  TSR_VISUAL_SPRITE_NORMAL,
  TSR_VISUAL_SPRITE_ENLARGED,   /* 1.25 times (RenderPlaceObjs.cpp rescale_shape_information) */
  TSR_VISUAL_SPRITE_TINY,       /* half */
} TsrVisualSpriteScale;

/* Up to two shapes make an object: a player is legs with a torso riding on their key point
 * (player.cpp player_shapes, RenderPlaceObjs.cpp parasitic objects). */
typedef struct {
  guint                n_shapes;
  guint16              shapes[2];    /* sequence descriptors: clut, collection, sequence */
  TsrVisualSpriteScale scale;
} TsrVisualObjectShape;

/* What OBJECT of LEVEL is drawn with at level start; FALSE for goals, sound sources, unknown types
 * and objects whose definition has no shape (the knife, the alien weapon's ammunition), and for
 * Marathon 1 levels (data version 0), whose definitions differ. */
gboolean tsr_visual_marathon_object_shape (const TsrMarathonLevel   *level,
                                           const TsrMarathonObject  *object,
                                           TsrVisualObjectShape     *out);

typedef struct {
  guint16 texture;                   /* clut, collection, frame (low-level shape): the picture */
  /* World units (1024 a unit) from the object's location: horizontally along the viewer's right,
   * vertically up; already scaled. */
  float   left, right, top, bottom;
  float   key_x, key_y;              /* world_x0, world_y0: where a parasitic shape sits */
} TsrVisualSprite;

/* The first frame of SEQUENCE's first view (the object seen from in front) in SHAPES, scaled;
 * FALSE when the collection, sequence, frame or bitmap is missing or the frame has no extent. */
gboolean tsr_visual_marathon_sprite       (const TsrShapesFile      *shapes,
                                           guint16                   sequence,
                                           TsrVisualSpriteScale      scale,
                                           TsrVisualSprite          *out);

G_END_DECLS
