/* tsr-sphere-animation.c: both animations are "show an item for its delay, then the next", over
 * integer millionths of an engine frame so short display frames add up exactly. */
#include "model/sphere/tsr-sphere-animation.h"

void
tsr_sphere_animation_init (TsrSphereAnimation *animation,
                           guint               index)
{
  double speed = animation->speed > 0 ? animation->speed : 1.0;

  animation->index = index;
  animation->elapsed = 0;
  animation->pending = 0;
  animation->speed = speed;
}

/* Engine frames to play now for MICROSECONDS of wall time (at most 100000 at once). */
static gint64
take_frames (TsrSphereAnimation *animation,
             gint64              microseconds)
{
  gint64 whole;

  if (microseconds <= 0)
    return 0;
  animation->pending += (gint64) (microseconds * animation->speed * TSR_SPHERE_FRAMES_PER_SECOND + 0.5);
  whole = animation->pending / G_USEC_PER_SEC;
  animation->pending %= G_USEC_PER_SEC;
  return MIN (whole, 100000);
}

gboolean
tsr_sphere_animation_advance_direction (TsrSphereAnimation       *animation,
                                        const TsrSphereDirection *direction,
                                        gint64                    microseconds)
{
  gint64 frames = take_frames (animation, microseconds);
  guint start = animation->index;
  guint count = direction->frames->len;

  if (count == 0)
    return FALSE;
  if (animation->index >= count)
    animation->index = 0;
  for (gint64 i = 0; i < frames; i++)
    {
      const TsrSphereFrame *frame = &g_array_index (direction->frames, TsrSphereFrame, animation->index);

      if (++animation->elapsed >= MAX (frame->delay, 1))
        {
          animation->elapsed = 0;
          animation->index = (animation->index + 1) % count;
        }
    }
  return animation->index != start;
}

gboolean
tsr_sphere_animation_advance_tiles (TsrSphereAnimation     *animation,
                                    const TsrSphereTileset *tileset,
                                    gint64                  microseconds)
{
  gint64 frames = take_frames (animation, microseconds);
  guint start = animation->index;

  for (gint64 i = 0; i < frames && animation->index < tileset->tiles->len; i++)
    {
      const TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, animation->index);

      if (!tile->animated || tile->next_tile >= tileset->tiles->len)
        break;
      if (++animation->elapsed >= MAX (tile->delay, 1))
        {
          animation->elapsed = 0;
          animation->index = tile->next_tile;
        }
    }
  return animation->index != start;
}
