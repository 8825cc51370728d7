/* tsr-shapes-animation.c: the engine's animation rule (advance a frame every ticks_per_frame ticks;
 * past the last frame go to the loop frame; the key frame and the end raise their sounds) and the
 * frame placement on a common origin. */
#include "model/marathon/tsr-shapes-animation.h"

#include <string.h>

void
tsr_shapes_animation_init (TsrShapesAnimation      *animation,
                           const TsrShapesSequence *sequence,
                           gboolean                 keep_speed)
{
  double speed = keep_speed && animation->speed > 0 ? animation->speed : 1.0;

  g_return_if_fail (animation != NULL && sequence != NULL);
  memset (animation, 0, sizeof *animation);
  animation->frames = (guint) MAX (sequence->frames_per_view, 0);
  animation->ticks_per_frame = (guint) MAX (sequence->ticks_per_frame, 1);
  animation->loop_frame = sequence->loop_frame;
  animation->key_frame = sequence->key_frame;
  animation->speed = speed;
  tsr_shapes_animation_reset (animation);
}

void
tsr_shapes_animation_reset (TsrShapesAnimation *animation)
{
  animation->frame = 0;
  animation->tick = 0;
  animation->pending = 0;
  animation->ticks_played = 0;
  animation->stopped = animation->frames <= 1 && (animation->loop_frame < 0 || animation->frames == 0);
}

guint
tsr_shapes_animation_tick (TsrShapesAnimation *animation)
{
  guint events = 0;

  if (animation->stopped || animation->frames == 0)
    return 0;
  animation->ticks_played++;
  if (++animation->tick < animation->ticks_per_frame)
    return 0;
  animation->tick = 0;
  if (animation->frame + 1 >= animation->frames)
    {
      events |= TSR_SHAPES_ANIMATION_LAST_FRAME;
      if (animation->loop_frame < 0 || (guint) animation->loop_frame >= animation->frames)
        {
          animation->stopped = TRUE;
          return events | TSR_SHAPES_ANIMATION_STOPPED;
        }
      animation->frame = (guint) animation->loop_frame;
    }
  else
    animation->frame++;
  events |= TSR_SHAPES_ANIMATION_FRAME_CHANGED;
  if (animation->key_frame >= 0 && animation->frame == (guint) animation->key_frame)
    events |= TSR_SHAPES_ANIMATION_KEY_FRAME;
  return events;
}

guint
tsr_shapes_animation_advance (TsrShapesAnimation *animation,
                              gint64              microseconds)
{
  guint events = 0;
  gint64 whole;

  if (microseconds <= 0 || animation->stopped)
    return 0;
  /* Integer millionths of a tick, so that many short frames add up to exactly the ticks of one
   * long one. */
  animation->pending += (gint64) (microseconds * animation->speed * TSR_SHAPES_TICKS_PER_SECOND + 0.5);
  whole = animation->pending / G_USEC_PER_SEC;
  animation->pending %= G_USEC_PER_SEC;
  /* At most 100000 ticks at once: a window hidden for an hour must not stall its next frame. */
  whole = MIN (whole, 100000);
  for (gint64 i = 0; i < whole && !animation->stopped; i++)
    events |= tsr_shapes_animation_tick (animation);
  return events;
}

void
tsr_shapes_animation_step (TsrShapesAnimation *animation,
                           int                 delta)
{
  gint64 frame;

  if (animation->frames == 0)
    return;
  frame = ((gint64) animation->frame + delta) % (gint64) animation->frames;
  if (frame < 0)
    frame += animation->frames;
  animation->frame = (guint) frame;
  animation->tick = 0;
  animation->pending = 0;
  animation->stopped = animation->frames <= 1 && animation->loop_frame < 0;
}

void
tsr_shapes_animation_set_speed (TsrShapesAnimation *animation,
                                double              speed)
{
  animation->speed = CLAMP (speed, 1.0 / 16, 16.0);
}

gint
tsr_shapes_sequence_frame_at (const TsrShapesSequence *sequence,
                              guint                    view,
                              guint                    frame)
{
  guint per_view = (guint) MAX (sequence->frames_per_view, 0);

  if (view >= sequence->view_count || frame >= per_view)
    return -1;
  return sequence->frame_indexes[view * per_view + frame];
}

static const TsrShapesBitmap *
frame_bitmap (const TsrShapesCollection *collection,
              gint                       frame_index,
              const TsrShapesFrame     **frame_out)
{
  const TsrShapesFrame *frame;
  const TsrShapesBitmap *bitmap;

  if (frame_index < 0 || (guint) frame_index >= collection->frames->len)
    return NULL;
  frame = g_ptr_array_index (collection->frames, (guint) frame_index);
  if (frame->bitmap_index < 0 || (guint) frame->bitmap_index >= collection->bitmaps->len)
    return NULL;
  bitmap = g_ptr_array_index (collection->bitmaps, (guint) frame->bitmap_index);
  if (bitmap->width <= 0 || bitmap->height <= 0)
    return NULL;
  *frame_out = frame;
  return bitmap;
}

gboolean
tsr_shapes_frame_box (const TsrShapesCollection *collection,
                      gint                       frame_index,
                      TsrShapesBox              *box)
{
  const TsrShapesFrame *frame = NULL;
  const TsrShapesBitmap *bitmap = frame_bitmap (collection, frame_index, &frame);
  int origin_x, origin_y;

  if (bitmap == NULL)
    return FALSE;
  /* The origin is a point of the stored bitmap: it mirrors with it. */
  origin_x = (frame->flags & TSR_SHAPES_FRAME_MIRROR_X) ? bitmap->width - 1 - frame->origin_x : frame->origin_x;
  origin_y = (frame->flags & TSR_SHAPES_FRAME_MIRROR_Y) ? bitmap->height - 1 - frame->origin_y : frame->origin_y;
  box->x = -origin_x;
  box->y = -origin_y;
  box->width = bitmap->width;
  box->height = bitmap->height;
  return TRUE;
}

TsrShapesBox
tsr_shapes_sequence_box (const TsrShapesCollection *collection,
                         const TsrShapesSequence   *sequence,
                         guint                      view)
{
  int x0 = 0, y0 = 0, x1 = 1, y1 = 1;
  gboolean any = FALSE;

  for (guint f = 0; f < (guint) MAX (sequence->frames_per_view, 0); f++)
    {
      TsrShapesBox box;

      if (!tsr_shapes_frame_box (collection, tsr_shapes_sequence_frame_at (sequence, view, f), &box))
        continue;
      if (!any)
        {
          x0 = box.x, y0 = box.y, x1 = box.x + box.width, y1 = box.y + box.height;
          any = TRUE;
          continue;
        }
      x0 = MIN (x0, box.x);
      y0 = MIN (y0, box.y);
      x1 = MAX (x1, box.x + box.width);
      y1 = MAX (y1, box.y + box.height);
    }
  return (TsrShapesBox) { x0, y0, x1 - x0, y1 - y0 };
}

struct _TsrShapesFrameCache {
  const TsrShapesCollection *collection;
  const TsrShapesColorTable *table;
  GPtrArray                 *frames;  /* TsrImage * or NULL, by frame index */
  GArray                    *decoded; /* gboolean: tried */
};

TsrShapesFrameCache *
tsr_shapes_frame_cache_new (const TsrShapesCollection *collection,
                            const TsrShapesColorTable *table)
{
  TsrShapesFrameCache *cache = g_new0 (TsrShapesFrameCache, 1);

  cache->collection = collection;
  cache->table = table;
  cache->frames = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
  cache->decoded = g_array_new (FALSE, TRUE, sizeof (gboolean));
  return cache;
}

void
tsr_shapes_frame_cache_free (TsrShapesFrameCache *cache)
{
  if (cache == NULL)
    return;
  g_ptr_array_unref (cache->frames);
  g_array_unref (cache->decoded);
  g_free (cache);
}

void
tsr_shapes_frame_cache_drop (TsrShapesFrameCache *cache,
                             gint                 frame_index)
{
  if (frame_index < 0)
    {
      g_ptr_array_set_size (cache->frames, 0);
      g_array_set_size (cache->decoded, 0);
      return;
    }
  if ((guint) frame_index < cache->frames->len)
    {
      g_clear_pointer (&cache->frames->pdata[frame_index], tsr_image_free);
      g_array_index (cache->decoded, gboolean, frame_index) = FALSE;
    }
}

const TsrImage *
tsr_shapes_frame_cache_get (TsrShapesFrameCache *cache,
                            gint                 frame_index)
{
  const TsrShapesFrame *frame = NULL;

  if (frame_index < 0 || (guint) frame_index >= cache->collection->frames->len)
    return NULL;
  if ((guint) frame_index >= cache->frames->len)
    {
      g_ptr_array_set_size (cache->frames, cache->collection->frames->len);
      g_array_set_size (cache->decoded, cache->collection->frames->len);
    }
  if (!g_array_index (cache->decoded, gboolean, frame_index))
    {
      g_array_index (cache->decoded, gboolean, frame_index) = TRUE;
      if (frame_bitmap (cache->collection, frame_index, &frame) != NULL)
        cache->frames->pdata[frame_index] = tsr_shapes_frame_decode (cache->collection, frame, cache->table, NULL);
    }
  return cache->frames->pdata[frame_index];
}

void
tsr_shapes_render_sequence_frame (TsrShapesFrameCache     *cache,
                                  const TsrShapesSequence *sequence,
                                  guint                    view,
                                  guint                    frame,
                                  const TsrShapesBox      *box,
                                  TsrImage                *canvas)
{
  gint index = tsr_shapes_sequence_frame_at (sequence, view, frame);
  const TsrImage *image;
  TsrShapesBox placed;

  memset (canvas->pixels, 0, (gsize) canvas->width * canvas->height * 4);
  image = tsr_shapes_frame_cache_get (cache, index);
  if (image == NULL || !tsr_shapes_frame_box (cache->collection, index, &placed))
    return;
  tsr_image_blit (canvas, image, placed.x - box->x, placed.y - box->y);
}
