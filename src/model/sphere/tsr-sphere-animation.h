/* tsr-sphere-animation.h: Sphere animations played without GTK, for the sprite and tile browser:
 * a spriteset direction (each frame shown for its delay) and a tileset's animated tiles (a tile
 * shown for its delay, then its next tile). Delays count map-engine frames; the browser plays them
 * at TSR_SPHERE_FRAMES_PER_SECOND, Sphere's usual map-engine rate. */
#pragma once

#include "formats/sphere/tsr-sphere-spriteset.h"
#include "formats/sphere/tsr-sphere-tileset.h"

G_BEGIN_DECLS

#define TSR_SPHERE_FRAMES_PER_SECOND 60

typedef struct {
  guint  index;    /* the frame of the direction, or the tile shown */
  guint  elapsed;  /* engine frames spent on it */
  gint64 pending;  /* millionths of an engine frame not yet played */
  double speed;    /* 1: the engine's speed */
} TsrSphereAnimation;

void     tsr_sphere_animation_init             (TsrSphereAnimation       *animation,
                                                guint                     index);
/* Plays MICROSECONDS of DIRECTION's frames (a frame's delay 0 shows it for one engine frame);
 * TRUE when the frame changed. */
gboolean tsr_sphere_animation_advance_direction (TsrSphereAnimation       *animation,
                                                 const TsrSphereDirection *direction,
                                                 gint64                    microseconds);
/* Plays MICROSECONDS of the tileset's animation from the tile shown: an animated tile gives way
 * to its next tile after its delay; a tile that is not animated (or whose next tile does not
 * exist) stays. TRUE when the tile changed. */
gboolean tsr_sphere_animation_advance_tiles     (TsrSphereAnimation       *animation,
                                                 const TsrSphereTileset   *tileset,
                                                 gint64                    microseconds);

G_END_DECLS
