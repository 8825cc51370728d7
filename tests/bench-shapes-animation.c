/* bench-shapes-animation.c: the shapes browser's sequence player at 60 frames a second on a
 * 256x256 sequence of 8 run-length frames (an object collection, as monsters are): per displayed
 * frame the clock advances 1/60 s and the current frame is drawn onto the sequence's canvas
 * (decoded frames cached, as when playing), and the worst case where every frame is decoded again
 * (the first loop, or right after a colour-table switch). Prints ms per frame. */
#include <stdio.h>

#include "model/marathon/tsr-shapes-animation.h"
#include "tsr-test-common.h"

int
main (void)
{
  g_autoptr(TsrShapesCollection) collection = tsr_shapes_collection_new (TSR_SHAPES_COLLECTION_OBJECT, 256);
  TsrShapesColorTable *ramp = g_new0 (TsrShapesColorTable, 1);
  TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (TSR_SHAPES_COLLECTION_OBJECT);
  gint16 indexes[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
  g_autoptr(TsrShapesSequence) sequence = tsr_shapes_sequence_new ("bench", 1, 8, indexes);
  g_autoptr(TsrShapesFrameCache) cache = NULL;
  g_autoptr(TsrImage) canvas = NULL;
  TsrShapesAnimation animation = { 0 };
  TsrShapesBox box;
  const guint frames = 6000;
  gint64 start;
  double cached_ms, uncached_ms;

  ramp->count = 256;
  ramp->colors = g_new0 (TsrShapesColor, 256);
  for (guint k = 0; k < 256; k++)
    ramp->colors[k] = (TsrShapesColor) { 0, (guint8) k, (guint16) (k * 257), (guint16) (k * 257), (guint16) (k * 257) };
  g_ptr_array_add (collection->color_tables, ramp);
  for (guint f = 0; f < 8; f++)
    {
      g_autoptr(TsrImage) image = tsr_image_new (256, 256);

      /* A disc that moves: transparent corners, as a sprite has. */
      for (guint y = 0; y < 256; y++)
        for (guint x = 0; x < 256; x++)
          {
            int dx = (int) x - 128 - (int) f * 4, dy = (int) y - 128;
            if (dx * dx + dy * dy < 120 * 120)
              tsr_image_set_pixel (image, x, y, ((guint32) (1 + (x + y + f * 9) % 255) * 0x01010100u) | 0xff);
          }
      g_ptr_array_add (collection->bitmaps, tsr_shapes_bitmap_encode (image, ramp, &options, NULL, NULL));
      g_ptr_array_add (collection->frames, tsr_shapes_frame_new ((gint16) f, 0));
      ((TsrShapesFrame *) g_ptr_array_index (collection->frames, f))->origin_x = 128;
      ((TsrShapesFrame *) g_ptr_array_index (collection->frames, f))->origin_y = 255;
    }
  /* Two ticks per frame at 30 ticks a second: a new picture every fourth display frame. */
  sequence->ticks_per_frame = 2;
  sequence->loop_frame = 0;
  tsr_shapes_animation_init (&animation, sequence, FALSE);
  box = tsr_shapes_sequence_box (collection, sequence, 0);
  canvas = tsr_image_new ((guint) box.width, (guint) box.height);
  cache = tsr_shapes_frame_cache_new (collection, ramp);

  start = g_get_monotonic_time ();
  for (guint i = 0; i < frames; i++)
    {
      tsr_shapes_animation_advance (&animation, G_USEC_PER_SEC / 60);
      tsr_shapes_render_sequence_frame (cache, sequence, 0, animation.frame, &box, canvas);
    }
  cached_ms = (double) (g_get_monotonic_time () - start) / 1000.0 / frames;

  start = g_get_monotonic_time ();
  for (guint i = 0; i < frames / 10; i++)
    {
      tsr_shapes_frame_cache_drop (cache, -1);
      tsr_shapes_animation_advance (&animation, G_USEC_PER_SEC / 60);
      tsr_shapes_render_sequence_frame (cache, sequence, 0, animation.frame, &box, canvas);
    }
  uncached_ms = (double) (g_get_monotonic_time () - start) / 1000.0 / (frames / 10);

  printf ("shapes sequence %dx%d, 8 RLE frames, at 60 fps: %.3f ms per displayed frame (decoded frames cached), "
          "%.3f ms when every frame is decoded again; budget 2 ms\n", box.width, box.height, cached_ms, uncached_ms);
  return 0;
}
