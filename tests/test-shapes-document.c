/* test-shapes-document.c: the shapes browser's GTK-free side: the animation clock against the
 * engine's rule, frame placement on a common origin, the quantiser's report, and the shapes
 * document's commands on a Shapes file built from the real patches (undo and redo byte-exact,
 * only the edited records change, merging, read-only patches). */
#include <check.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include "core/tsr-error.h"
#include "core/tsr-gimp-palette.h"
#include "formats/marathon/tsr-marathon-shapes-patch.h"
#include "model/marathon/tsr-shapes-animation.h"
#include "model/marathon/tsr-shapes-dither.h"
#include "model/marathon/tsr-shapes-diff.h"
#include "model/marathon/tsr-shapes-document.h"
#include "model/sphere/tsr-sphere-animation.h"
#include "model/sphere/tsr-sphere-document.h"
#include "model/tsr-builtin-documents.h"
#include "model/tsr-undo-stack.h"
#include "tsr-shapes-sample.h"
#include "tsr-test-common.h"

static char *data_dir;

static TsrShapesSequence *
make_sequence (gint16 frames, gint16 ticks, gint16 loop, gint16 key)
{
  gint16 indexes[64];
  TsrShapesSequence *sequence;
  g_autofree guint8 *raw = NULL;
  gsize size;

  for (guint i = 0; i < G_N_ELEMENTS (indexes); i++)
    indexes[i] = (gint16) i;
  sequence = tsr_shapes_sequence_new ("walk", 1, frames, indexes);
  raw = g_bytes_unref_to_data (g_bytes_ref (sequence->raw), &size);
  raw[42] = 0, raw[43] = (guint8) ticks;
  raw[44] = (guint8) (key >> 8), raw[45] = (guint8) key;
  raw[58] = (guint8) (loop >> 8), raw[59] = (guint8) loop;
  tsr_shapes_sequence_free (sequence);
  return tsr_shapes_sequence_parse (raw, size, TRUE, 0, NULL);
}

START_TEST (test_animation_engine_rule)
{
  g_autoptr(TsrShapesSequence) sequence = make_sequence (4, 3, 1, 2);
  TsrShapesAnimation animation = { 0 };
  guint frames[13], events = 0, key_events = 0, last_events = 0;

  tsr_shapes_animation_init (&animation, sequence, FALSE);
  ck_assert_uint_eq (animation.frames, 4);
  ck_assert_uint_eq (animation.ticks_per_frame, 3);
  /* 3 ticks per frame: frames 0 0 0 1 1 1 2 2 2 3 3 3, then the loop frame 1. */
  for (guint t = 0; t < 13; t++)
    {
      frames[t] = animation.frame;
      events = tsr_shapes_animation_tick (&animation);
      key_events += (events & TSR_SHAPES_ANIMATION_KEY_FRAME) != 0;
      last_events += (events & TSR_SHAPES_ANIMATION_LAST_FRAME) != 0;
    }
  {
    const guint expected[13] = { 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 1 };
    for (guint t = 0; t < 13; t++)
      ck_assert_msg (frames[t] == expected[t], "tick %u: frame %u, %u expected", t, frames[t], expected[t]);
  }
  ck_assert_uint_eq (key_events, 1);
  ck_assert_uint_eq (last_events, 1);
  ck_assert (!animation.stopped);

  /* One second at speed 1 is 30 ticks; at speed 2, 60; fractions carry over. */
  tsr_shapes_animation_reset (&animation);
  tsr_shapes_animation_advance (&animation, G_USEC_PER_SEC);
  ck_assert_uint_eq (animation.ticks_played, 30);
  tsr_shapes_animation_set_speed (&animation, 2.0);
  for (guint i = 0; i < 50; i++)
    tsr_shapes_animation_advance (&animation, G_USEC_PER_SEC / 50);
  ck_assert_uint_eq (animation.ticks_played, 90);
  tsr_shapes_animation_set_speed (&animation, 1000);
  ck_assert (animation.speed == 16.0);

  /* Stepping wraps inside the view. */
  tsr_shapes_animation_reset (&animation);
  tsr_shapes_animation_step (&animation, -1);
  ck_assert_uint_eq (animation.frame, 3);
  tsr_shapes_animation_step (&animation, 6);
  ck_assert_uint_eq (animation.frame, 1);
  ck_assert_uint_eq (animation.tick, 0);
}
END_TEST

START_TEST (test_animation_stops_without_loop)
{
  g_autoptr(TsrShapesSequence) once = make_sequence (3, 1, -1, -1);
  g_autoptr(TsrShapesSequence) zero_ticks = make_sequence (2, 0, 0, -1);
  TsrShapesAnimation animation = { 0 };
  guint events = 0;

  tsr_shapes_animation_init (&animation, once, FALSE);
  for (guint t = 0; t < 10; t++)
    events |= tsr_shapes_animation_tick (&animation);
  ck_assert (animation.stopped);
  ck_assert (events & TSR_SHAPES_ANIMATION_STOPPED);
  ck_assert_uint_eq (animation.frame, 2);
  ck_assert_uint_eq (animation.ticks_played, 3);
  /* Stepping starts it again. */
  tsr_shapes_animation_step (&animation, 1);
  ck_assert_uint_eq (animation.frame, 0);
  ck_assert (!animation.stopped);

  /* Zero ticks per frame plays as one. */
  tsr_shapes_animation_init (&animation, zero_ticks, FALSE);
  ck_assert_uint_eq (animation.ticks_per_frame, 1);
  tsr_shapes_animation_tick (&animation);
  ck_assert_uint_eq (animation.frame, 1);
  tsr_shapes_animation_tick (&animation);
  ck_assert_uint_eq (animation.frame, 0);
}
END_TEST

static TsrShapesColorTable *
table_of (const guint32 *rgb, guint count)
{
  TsrShapesColorTable *table = g_new0 (TsrShapesColorTable, 1);

  table->count = count;
  table->colors = g_new0 (TsrShapesColor, count);
  for (guint i = 0; i < count; i++)
    table->colors[i] = (TsrShapesColor) { 0, (guint8) i, (guint16) ((rgb[i] >> 16 & 0xff) * 257),
                                          (guint16) ((rgb[i] >> 8 & 0xff) * 257), (guint16) ((rgb[i] & 0xff) * 257) };
  return table;
}

/* Two frames of different bitmaps and origins land on one origin; mirroring mirrors the origin. */
START_TEST (test_frame_placement)
{
  const guint32 rgb[] = { 0x000000, 0xff0000, 0x00ff00 };
  g_autoptr(TsrShapesCollection) collection = tsr_shapes_collection_new (TSR_SHAPES_COLLECTION_OBJECT, 3);
  g_autoptr(TsrImage) red = tsr_image_new (4, 2), green = tsr_image_new (2, 6), canvas = NULL;
  TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (TSR_SHAPES_COLLECTION_OBJECT);
  gint16 indexes[] = { 0, 1, 2 };
  g_autoptr(TsrShapesSequence) sequence = tsr_shapes_sequence_new ("s", 1, 3, indexes);
  g_autoptr(TsrShapesFrameCache) cache = NULL;
  TsrShapesFrame *frame;
  TsrShapesBox box, one;

  g_ptr_array_add (collection->color_tables, table_of (rgb, 3));
  for (guint i = 0; i < 8; i++)
    tsr_image_set_pixel (red, i % 4, i / 4, 0xff0000ff);
  for (guint i = 0; i < 12; i++)
    tsr_image_set_pixel (green, i % 2, i / 2, 0x00ff00ff);
  g_ptr_array_add (collection->bitmaps, tsr_shapes_bitmap_encode (red, collection->color_tables->pdata[0], &options, NULL, NULL));
  g_ptr_array_add (collection->bitmaps, tsr_shapes_bitmap_encode (green, collection->color_tables->pdata[0], &options, NULL, NULL));
  frame = tsr_shapes_frame_new (0, 0);
  frame->origin_x = 1, frame->origin_y = 1;
  g_ptr_array_add (collection->frames, frame);
  frame = tsr_shapes_frame_new (1, 0);
  frame->origin_x = 0, frame->origin_y = 5;
  g_ptr_array_add (collection->frames, frame);
  frame = tsr_shapes_frame_new (0, TSR_SHAPES_FRAME_MIRROR_X);
  frame->origin_x = 1, frame->origin_y = 1;
  g_ptr_array_add (collection->frames, frame);

  ck_assert (tsr_shapes_frame_box (collection, 2, &one));
  ck_assert_int_eq (one.x, -2); /* 4 wide, origin 1 mirrored to 2 */
  box = tsr_shapes_sequence_box (collection, sequence, 0);
  /* red: x -1..3, y -1..1; green: x 0..2, y -5..1; mirrored red: x -2..2. */
  ck_assert_int_eq (box.x, -2);
  ck_assert_int_eq (box.y, -5);
  ck_assert_int_eq (box.width, 5);
  ck_assert_int_eq (box.height, 6);
  ck_assert (!tsr_shapes_frame_box (collection, 7, &one));

  cache = tsr_shapes_frame_cache_new (collection, collection->color_tables->pdata[0]);
  canvas = tsr_image_new ((guint) box.width, (guint) box.height);
  tsr_shapes_render_sequence_frame (cache, sequence, 0, 1, &box, canvas);
  /* Green's top-left is at (0, -5) from the origin: canvas (2, 0). */
  ck_assert_uint_eq (canvas->pixels[(0 * 5 + 2) * 4 + 1], 0xff);
  ck_assert_uint_eq (canvas->pixels[(0 * 5 + 1) * 4 + 3], 0);
  tsr_shapes_render_sequence_frame (cache, sequence, 0, 0, &box, canvas);
  /* Red covers canvas x 1..4, y 4..5; the green of the previous frame is gone. */
  ck_assert_uint_eq (canvas->pixels[(4 * 5 + 1) * 4 + 0], 0xff);
  ck_assert_uint_eq (canvas->pixels[(0 * 5 + 2) * 4 + 3], 0);
  ck_assert_uint_eq (canvas->pixels[(4 * 5 + 0) * 4 + 3], 0);
  ck_assert_int_eq (tsr_shapes_sequence_frame_at (sequence, 0, 3), -1);
  ck_assert_int_eq (tsr_shapes_sequence_frame_at (sequence, 1, 0), -1);
}
END_TEST

/* Ordered dithering: a flat grey between black and white becomes a pattern of both (without it,
 * one colour); the spacing follows the table; transparent pixels stay. */
START_TEST (test_ordered_dithering)
{
  const guint32 rgb[] = { 0x000000, 0xffffff };
  const guint32 ramp_rgb[] = { 0x000000, 0x010101, 0x020202, 0x030303 };
  g_autoptr(TsrShapesColorTable) table = table_of (rgb, 2);
  g_autoptr(TsrShapesColorTable) ramp = table_of (ramp_rgb, 4);
  g_autoptr(TsrImage) image = tsr_image_new (16, 16);
  g_autoptr(TsrImage) dithered = NULL, plain_back = NULL, dithered_back = NULL;
  g_autoptr(TsrShapesBitmap) plain = NULL, patterned = NULL;
  TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (TSR_SHAPES_COLLECTION_WALL);
  guint white_plain = 0, white_dithered = 0;

  ck_assert (fabs (tsr_shapes_color_table_spacing (table) - 255.0) < 0.01);
  ck_assert (fabs (tsr_shapes_color_table_spacing (ramp) - 1.0) < 0.01);
  for (guint y = 0; y < 16; y++)
    for (guint x = 0; x < 16; x++)
      tsr_image_set_pixel (image, x, y, x == 0 && y == 0 ? 0 : 0x808080ff);
  dithered = tsr_shapes_dither_ordered (image, table);
  ck_assert_uint_eq (dithered->pixels[3], 0); /* the transparent pixel is left alone */
  plain = tsr_shapes_bitmap_encode (image, table, &options, NULL, NULL);
  patterned = tsr_shapes_bitmap_encode (dithered, table, &options, NULL, NULL);
  plain_back = tsr_shapes_bitmap_decode (plain, table, NULL);
  dithered_back = tsr_shapes_bitmap_decode (patterned, table, NULL);
  for (guint i = 1; i < 256; i++)
    {
      white_plain += plain_back->pixels[i * 4] == 0xff;
      white_dithered += dithered_back->pixels[i * 4] == 0xff;
    }
  ck_assert (white_plain == 0 || white_plain == 255);
  g_print ("ordered dithering: %u of 255 grey pixels white\n", white_dithered);
  ck_assert_uint_gt (white_dithered, 255 / 4);
  ck_assert_uint_lt (white_dithered, 255 * 3 / 4);
}
END_TEST

START_TEST (test_quantiser_report)
{
  const guint32 rgb[] = { 0x000000, 0xc02020, 0x20c020, 0x2020c0, 0xffffff };
  g_autoptr(TsrShapesColorTable) table = table_of (rgb, 5);
  g_autoptr(TsrImage) image = tsr_image_new (4, 4);
  g_autoptr(TsrShapesBitmap) bitmap = NULL;
  g_autoptr(TsrImage) back = NULL;
  TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (TSR_SHAPES_COLLECTION_OBJECT);
  TsrShapesEncodeReport report;

  /* Table colours only, and transparent pixels. */
  for (guint i = 0; i < 12; i++)
    tsr_image_set_pixel (image, i % 4, i / 4, (rgb[1 + i % 4] << 8) | 0xff);
  bitmap = tsr_shapes_bitmap_encode_report (image, table, &options, &report, NULL);
  ck_assert_ptr_nonnull (bitmap);
  ck_assert (report.mean_delta_e == 0.0);
  ck_assert_uint_eq (report.colors, 4);
  ck_assert_uint_eq (report.unmatched_colors, 0);
  back = tsr_shapes_bitmap_decode (bitmap, table, NULL);
  ck_assert_mem_eq (back->pixels, image->pixels, 16 * 4);
  g_clear_pointer (&bitmap, tsr_shapes_bitmap_free);
  g_clear_pointer (&back, tsr_image_free);

  /* Near colours match; yellow and magenta have no close entry. */
  tsr_image_set_pixel (image, 0, 3, 0xc42222ff);
  tsr_image_set_pixel (image, 1, 3, 0xffff00ff);
  tsr_image_set_pixel (image, 2, 3, 0xff00ffff);
  bitmap = tsr_shapes_bitmap_encode_report (image, table, &options, &report, NULL);
  ck_assert_uint_eq (report.colors, 7);
  ck_assert_uint_eq (report.unmatched_colors, 2);
  ck_assert (report.worst_delta_e > TSR_SHAPES_CLOSE_DELTA_E);
  ck_assert (report.worst_rgb == 0xffff00 || report.worst_rgb == 0xff00ff);
  back = tsr_shapes_bitmap_decode (bitmap, table, NULL);
  ck_assert_uint_eq (back->pixels[(3 * 4 + 0) * 4 + 0], 0xc0);
  ck_assert_uint_eq (back->pixels[(3 * 4 + 3) * 4 + 3], 0); /* still transparent */
}
END_TEST

static TsrDocument *
open_document (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TsrDocument *document = tsr_document_new_from_file (file, &error);

  ck_assert_msg (document != NULL, "%s: %s", path, error ? error->message : "");
  return document;
}

static GBytes *
serialize (TsrDocument *document)
{
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (document, "unused.shpA", NULL);
  TsrOutputFile *output;

  ck_assert_ptr_nonnull (outputs);
  ck_assert_uint_eq (outputs->len, 1);
  output = g_ptr_array_index (outputs, 0);
  return g_bytes_ref (output->bytes);
}

static void
on_shapes_changed (TsrShapesDocument *document, guint collection, guint version, guint part, guint index,
                   guint *count)
{
  (*count)++;
}

START_TEST (test_commands_on_real_shapes)
{
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *path = tsr_shapes_sample_write (data_dir, dir);
  g_autoptr(TsrDocument) document = open_document (path);
  TsrShapesDocument *shapes = TSR_SHAPES_DOCUMENT (document);
  g_autoptr(GBytes) original = tsr_test_read_file (path);
  g_autoptr(GBytes) after_sequence = NULL, edited = NULL, redone = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrShapesFile) reloaded = NULL, loaded = NULL;
  g_autoptr(TsrImage) picture = tsr_image_new (20, 30);
  const TsrShapesCollection *player;
  const TsrShapesSequence *sequence;
  TsrShapesEncodeReport report;
  guint changes = 0, depth;
  gint16 old_ticks;

  ck_assert (TSR_IS_SHAPES_DOCUMENT (document));
  ck_assert (tsr_shapes_document_get_editable (shapes));
  g_signal_connect (document, "shapes-changed", G_CALLBACK (on_shapes_changed), &changes);
  /* Collection 6 is the XBLA player: 403 frames, 204 bitmaps. */
  player = tsr_shapes_document_get_collection (shapes, 6, 0);
  ck_assert_ptr_nonnull (player);
  ck_assert_uint_ge (player->sequences->len, 6);
  ck_assert_uint_eq (player->color_tables->len, 1);
  g_autoptr(GBytes) untouched = serialize (document);
  ck_assert (g_bytes_equal (untouched, original));

  sequence = g_ptr_array_index (player->sequences, 0);
  old_ticks = sequence->ticks_per_frame;
  /* Two steps of one spin button are one undo step. */
  depth = tsr_undo_stack_get_depth (tsr_document_get_undo_stack (document));
  ck_assert (tsr_shapes_document_set_sequence_field (shapes, 6, 0, 0, TSR_SHAPES_SEQUENCE_TICKS_PER_FRAME, old_ticks + 1, &error));
  ck_assert (tsr_shapes_document_set_sequence_field (shapes, 6, 0, 0, TSR_SHAPES_SEQUENCE_TICKS_PER_FRAME, old_ticks + 5, &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (tsr_document_get_undo_stack (document)), depth + 1);
  sequence = g_ptr_array_index (player->sequences, 0);
  ck_assert_int_eq (sequence->ticks_per_frame, old_ticks + 5);
  ck_assert_int_eq (tsr_shapes_sequence_get_field (sequence, TSR_SHAPES_SEQUENCE_TICKS_PER_FRAME), old_ticks + 5);
  after_sequence = serialize (document);
  ck_assert (!g_bytes_equal (after_sequence, original));
  ck_assert (tsr_document_get_modified (document));

  /* An unchanged value is no command; out of range is refused. */
  ck_assert (tsr_shapes_document_set_sequence_field (shapes, 6, 0, 0, TSR_SHAPES_SEQUENCE_TICKS_PER_FRAME, old_ticks + 5, NULL));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (tsr_document_get_undo_stack (document)), depth + 1);
  ck_assert (!tsr_shapes_document_set_sequence_field (shapes, 6, 0, 0, TSR_SHAPES_SEQUENCE_KEY_FRAME, -7, &error));
  ck_assert_int_eq (error->code, TSR_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  ck_assert (!tsr_shapes_document_set_frame_field (shapes, 6, 0, 999, TSR_SHAPES_FRAME_ORIGIN_X, 1, &error));
  g_clear_error (&error);

  ck_assert (tsr_shapes_document_set_frame_field (shapes, 6, 0, 3, TSR_SHAPES_FRAME_ORIGIN_X, -12, &error));
  ck_assert (tsr_shapes_document_set_frame_field (shapes, 6, 0, 3, TSR_SHAPES_FRAME_FLAGS, TSR_SHAPES_FRAME_MIRROR_X, &error));
  ck_assert (tsr_shapes_document_set_frame_field (shapes, 6, 0, 3, TSR_SHAPES_FRAME_MINIMUM_LIGHT, 0x8000, &error));
  for (guint i = 0; i < 20 * 30; i++)
    tsr_image_set_pixel (picture, i % 20, i / 20, (i % 7 == 0) ? 0 : ((guint32) (i % 255 + 1) * 0x01010100u) | 0xff);
  ck_assert_msg (tsr_shapes_document_import_bitmap (shapes, 6, 0, 5, picture, 0, &report, &error), "%s",
                 error ? error->message : "");
  ck_assert (report.mean_delta_e < 1.0);
  ck_assert_uint_eq (report.unmatched_colors, 0);
  ck_assert_uint_eq (changes, 6);
  edited = serialize (document);

  /* The reloaded file differs exactly in those records. */
  reloaded = tsr_shapes_file_parse (g_bytes_get_data (edited, NULL), g_bytes_get_size (edited), &error);
  loaded = tsr_shapes_file_parse (g_bytes_get_data (original, NULL), g_bytes_get_size (original), &error);
  ck_assert_ptr_nonnull (reloaded);
  for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
    for (guint v = 0; v < 2; v++)
      {
        const TsrShapesCollection *a = loaded->slots[c].versions[v], *b = reloaded->slots[c].versions[v];

        ck_assert ((a == NULL) == (b == NULL));
        if (a == NULL)
          continue;
        if (c != 6 || v != 0)
          {
            ck_assert (g_bytes_equal (a->original, b->original));
            continue;
          }
        for (guint s = 0; s < a->sequences->len; s++)
          {
            const TsrShapesSequence *sa = g_ptr_array_index (a->sequences, s), *sb = g_ptr_array_index (b->sequences, s);
            if (s == 0)
              {
                gsize size;
                const guint8 *ra = g_bytes_get_data (sa->raw, &size), *rb = g_bytes_get_data (sb->raw, NULL);
                ck_assert_int_eq (sb->ticks_per_frame, old_ticks + 5);
                ck_assert_mem_eq (ra, rb, 42);
                ck_assert_mem_eq (ra + 44, rb + 44, size - 44);
              }
            else
              ck_assert (g_bytes_equal (sa->raw, sb->raw));
          }
        for (guint f = 0; f < a->frames->len; f++)
          {
            const TsrShapesFrame *fa = g_ptr_array_index (a->frames, f), *fb = g_ptr_array_index (b->frames, f);
            if (f != 3)
              ck_assert_mem_eq (fa->raw, fb->raw, TSR_SHAPES_FRAME_SIZE);
            else
              {
                ck_assert_int_eq (fb->origin_x, -12);
                ck_assert_uint_eq (fb->flags, TSR_SHAPES_FRAME_MIRROR_X);
                ck_assert_int_eq (fb->minimum_light, 0x8000);
                ck_assert_mem_eq (fa->raw + 6, fb->raw + 6, 2);
                ck_assert_mem_eq (fa->raw + 10, fb->raw + 10, TSR_SHAPES_FRAME_SIZE - 10);
              }
          }
        for (guint i = 0; i < a->bitmaps->len; i++)
          if (i != 5)
            ck_assert (g_bytes_equal (((TsrShapesBitmap *) a->bitmaps->pdata[i])->raw, ((TsrShapesBitmap *) b->bitmaps->pdata[i])->raw));
          else
            {
              g_autoptr(TsrImage) image = tsr_shapes_bitmap_decode (b->bitmaps->pdata[i], b->color_tables->pdata[0], NULL);
              ck_assert_uint_eq (image->width, 20);
              ck_assert_uint_eq (image->height, 30);
              /* The ramp holds every grey but value 0, which is transparency here: the picture
               * (greys 1..255 and transparent pixels) comes back exactly. */
              ck_assert_mem_eq (image->pixels, picture->pixels, 20 * 30 * 4);
            }
      }

  /* Undo everything: the original bytes; redo everything: the edited bytes. */
  while (tsr_document_undo (document))
    ;
  g_autoptr(GBytes) undone = serialize (document);
  ck_assert (g_bytes_equal (undone, original));
  ck_assert (!tsr_document_get_modified (document));
  while (tsr_document_redo (document))
    ;
  redone = serialize (document);
  ck_assert (g_bytes_equal (redone, edited));
  ck_assert_uint_eq (changes, 6 + 5 + 5);
}
END_TEST

/* Colour tables: entry edits (colour and self-luminous flag merging apart), an exported palette
 * that imports back as no change, an edited palette imported as one step, bad palettes refused;
 * reloaded, only that table changed; undo all gives the original bytes, redo all the edited. */
START_TEST (test_color_tables)
{
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *path = tsr_shapes_sample_write (data_dir, dir);
  g_autoptr(TsrDocument) document = open_document (path);
  TsrShapesDocument *shapes = TSR_SHAPES_DOCUMENT (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (document);
  g_autoptr(GBytes) original = tsr_test_read_file (path);
  g_autoptr(GBytes) exported = NULL, edited = NULL, redone = NULL, undone = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrGimpPalette) palette = NULL;
  g_autoptr(TsrShapesFile) reloaded = NULL;
  g_autoptr(GString) changed = NULL;
  const TsrShapesCollection *player;
  const TsrShapesColorTable *table;
  guint depth, count, changes = 0;
  gsize size;
  const guint8 *data;

  g_signal_connect (document, "shapes-changed", G_CALLBACK (on_shapes_changed), &changes);
  player = tsr_shapes_document_get_collection (shapes, 6, 0);
  table = g_ptr_array_index (player->color_tables, 0);
  count = table->count;
  ck_assert_uint_gt (count, 10);
  depth = tsr_undo_stack_get_depth (stack);

  /* Two colour changes of entry 3 are one step; its flag is a step of its own. */
  ck_assert (tsr_shapes_document_set_color (shapes, 6, 0, 0, 3, 0x1000, 0x2000, 0x3000, FALSE, &error));
  ck_assert (tsr_shapes_document_set_color (shapes, 6, 0, 0, 3, 0xff00, 0x2000, 0x3000, FALSE, &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  ck_assert (tsr_shapes_document_set_color (shapes, 6, 0, 0, 3, 0xff00, 0x2000, 0x3000, TRUE, &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 2);
  table = g_ptr_array_index (player->color_tables, 0);
  ck_assert_uint_eq (table->colors[3].red, 0xff00);
  ck_assert_uint_eq (table->colors[3].flags & TSR_SHAPES_COLOR_SELF_LUMINOUS, TSR_SHAPES_COLOR_SELF_LUMINOUS);
  ck_assert_uint_eq (table->colors[3].value, 3);
  /* Unchanged: nothing; out of range and a patch: refused. */
  ck_assert (tsr_shapes_document_set_color (shapes, 6, 0, 0, 3, 0xff00, 0x2000, 0x3000, TRUE, &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 2);
  ck_assert (!tsr_shapes_document_set_color (shapes, 6, 0, 0, count, 0, 0, 0, FALSE, &error));
  ck_assert_int_eq (error->code, TSR_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  ck_assert (!tsr_shapes_document_set_color (shapes, 6, 0, 1, 0, 0, 0, 0, FALSE, &error));
  g_clear_error (&error);

  /* Export: one colour per entry, the flag in the name; imported back it changes nothing. */
  exported = tsr_shapes_document_export_color_table (shapes, 6, 0, 0, &error);
  ck_assert_msg (exported != NULL, "%s", error != NULL ? error->message : "");
  data = g_bytes_get_data (exported, &size);
  palette = tsr_gimp_palette_parse (data, size, "exported.gpl", &error);
  ck_assert_ptr_nonnull (palette);
  ck_assert_uint_eq (palette->colors->len, count);
  ck_assert_str_eq (g_array_index (palette->colors, TsrGimpPaletteColor, 3).name, "3 self-luminous");
  ck_assert_uint_eq (g_array_index (palette->colors, TsrGimpPaletteColor, 3).red, 0xfe);
  ck_assert (tsr_shapes_document_import_color_table (shapes, 6, 0, 0, data, size, "exported.gpl", &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 2);

  /* An edited palette: entry 5 pure red; one step, flags kept. */
  changed = g_string_new ("GIMP Palette\n");
  for (guint c = 0; c < count; c++)
    {
      const TsrGimpPaletteColor *color = &g_array_index (palette->colors, TsrGimpPaletteColor, c);

      if (c == 5)
        g_string_append (changed, "255 0 0 red\n");
      else
        g_string_append_printf (changed, "%u %u %u\n", color->red, color->green, color->blue);
    }
  ck_assert (tsr_shapes_document_import_color_table (shapes, 6, 0, 0, (const guint8 *) changed->str, changed->len,
                                                     "edited.gpl", &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 3);
  table = g_ptr_array_index (player->color_tables, 0);
  ck_assert (table->colors[5].red == 0xffff && table->colors[5].green == 0 && table->colors[5].blue == 0);
  ck_assert_uint_eq (table->colors[3].flags & TSR_SHAPES_COLOR_SELF_LUMINOUS, TSR_SHAPES_COLOR_SELF_LUMINOUS);
  ck_assert_uint_eq (table->colors[3].red, 0xff00);

  /* Too few colours, and not a palette: refused, nothing pushed. */
  ck_assert (!tsr_shapes_document_import_color_table (shapes, 6, 0, 0, (const guint8 *) "GIMP Palette\n1 2 3\n", 19,
                                                      "short.gpl", &error));
  ck_assert_msg (strstr (error->message, "short.gpl: 1 colours") != NULL, "%s", error->message);
  g_clear_error (&error);
  ck_assert (!tsr_shapes_document_import_color_table (shapes, 6, 0, 0, (const guint8 *) "JASC-PAL\n", 9, "other.pal", &error));
  g_clear_error (&error);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 3);

  /* Reloaded with the codec: table 0 differs in entries 3 and 5 only. */
  edited = serialize (document);
  data = g_bytes_get_data (edited, &size);
  reloaded = tsr_shapes_file_parse (data, size, &error);
  ck_assert_ptr_nonnull (reloaded);
  {
    g_autoptr(TsrShapesFile) before = tsr_shapes_file_parse (g_bytes_get_data (original, NULL), g_bytes_get_size (original), &error);
    const TsrShapesColorTable *a = g_ptr_array_index (before->slots[6].versions[0]->color_tables, 0);
    const TsrShapesColorTable *b = g_ptr_array_index (reloaded->slots[6].versions[0]->color_tables, 0);

    ck_assert_uint_eq (a->count, b->count);
    for (guint c = 0; c < a->count; c++)
      ck_assert ((memcmp (&a->colors[c], &b->colors[c], sizeof (TsrShapesColor)) != 0) == (c == 3 || c == 5));
    ck_assert (b->colors[3].flags == TSR_SHAPES_COLOR_SELF_LUMINOUS && b->colors[3].red == 0xff00);
  }

  while (tsr_document_undo (document))
    ;
  undone = serialize (document);
  ck_assert (g_bytes_equal (undone, original));
  ck_assert (!tsr_document_get_modified (document));
  while (tsr_document_redo (document))
    ;
  redone = serialize (document);
  ck_assert (g_bytes_equal (redone, edited));
  /* four edits (the merged one signals too), three undone, three redone */
  ck_assert_uint_eq (changes, 4 + 3 + 3);
}
END_TEST

/* Frames and views of a sequence: insert, remove (back to the very record), change the view code;
 * each one step; refused positions and codes; undo all gives the original bytes. */
START_TEST (test_sequence_frames_and_views)
{
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *path = tsr_shapes_sample_write (data_dir, dir);
  g_autoptr(TsrDocument) document = open_document (path);
  TsrShapesDocument *shapes = TSR_SHAPES_DOCUMENT (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (document);
  g_autoptr(GBytes) original = tsr_test_read_file (path);
  g_autoptr(GBytes) old_raw = NULL, undone = NULL;
  g_autoptr(GError) error = NULL;
  const TsrShapesCollection *player = NULL;
  const TsrShapesSequence *sequence = NULL;
  guint chosen = 0, depth = tsr_undo_stack_get_depth (stack), views, frames, c;

  /* A sequence of two frames or more, in any collection. */
  for (c = 0; c < TSR_SHAPES_COLLECTION_COUNT && sequence == NULL; c++)
    {
      player = tsr_shapes_document_get_collection (shapes, c, 0);
      for (chosen = 0; player != NULL && chosen < player->sequences->len && sequence == NULL; chosen++)
        {
          const TsrShapesSequence *candidate = g_ptr_array_index (player->sequences, chosen);

          if (candidate->frames_per_view >= 2)
            sequence = candidate;
        }
    }
  ck_assert_ptr_nonnull (sequence);
  c--;
  chosen--;
  g_print ("sequence frames and views: collection %u sequence %u, %u views of %d frames\n", c, chosen,
           sequence->view_count, sequence->frames_per_view);
  old_raw = g_bytes_ref (sequence->raw);
  views = sequence->view_count;
  frames = (guint) sequence->frames_per_view;
  {
    g_autofree gint16 *before = g_memdup2 (sequence->frame_indexes, sizeof (gint16) * views * frames);

    /* A frame at 1: every view shows its frame 0 twice. */
    ck_assert (tsr_shapes_document_insert_sequence_frame (shapes, c, 0, chosen, 1, &error));
    sequence = g_ptr_array_index (player->sequences, chosen);
    ck_assert_int_eq (sequence->frames_per_view, (gint) frames + 1);
    ck_assert_uint_eq (sequence->view_count, views);
    for (guint v = 0; v < views; v++)
      {
        ck_assert_int_eq (tsr_shapes_sequence_frame_at (sequence, v, 0), before[v * frames]);
        ck_assert_int_eq (tsr_shapes_sequence_frame_at (sequence, v, 1), before[v * frames]);
        ck_assert_int_eq (tsr_shapes_sequence_frame_at (sequence, v, 2), before[v * frames + 1]);
      }
    ck_assert_uint_eq (g_bytes_get_size (sequence->raw), g_bytes_get_size (old_raw) + 2 * views);
    /* Removing it again gives the very record. */
    ck_assert (tsr_shapes_document_remove_sequence_frame (shapes, c, 0, chosen, 1, &error));
    sequence = g_ptr_array_index (player->sequences, chosen);
    ck_assert (g_bytes_equal (sequence->raw, old_raw));
    ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 2);

    /* One view (code 1), or four (code 3) for a one-view sequence: the first view's frames first. */
    ck_assert (tsr_shapes_document_set_sequence_view_code (shapes, c, 0, chosen, views == 1 ? 3 : 1, &error));
    sequence = g_ptr_array_index (player->sequences, chosen);
    ck_assert_uint_eq (sequence->view_count, views == 1 ? 4 : 1);
    ck_assert_mem_eq (sequence->frame_indexes, before, sizeof (gint16) * frames);
    /* Eight views (code 5): the one view repeated. */
    ck_assert (tsr_shapes_document_set_sequence_view_code (shapes, c, 0, chosen, 5, &error));
    sequence = g_ptr_array_index (player->sequences, chosen);
    ck_assert_uint_eq (sequence->view_count, 8);
    for (guint v = 0; v < 8; v++)
      ck_assert_int_eq (tsr_shapes_sequence_frame_at (sequence, v, 1), before[1]);
  }
  /* Refused: past the end, a view code the engine does not know, a patch. */
  ck_assert (!tsr_shapes_document_insert_sequence_frame (shapes, c, 0, chosen, frames + 1, &error));
  g_clear_error (&error);
  ck_assert (!tsr_shapes_document_remove_sequence_frame (shapes, c, 0, chosen, frames, &error));
  g_clear_error (&error);
  ck_assert (!tsr_shapes_document_set_sequence_view_code (shapes, c, 0, chosen, 7, &error));
  g_clear_error (&error);
  ck_assert (!tsr_shapes_document_insert_sequence_frame (shapes, c, 0, player->sequences->len, 0, &error));
  g_clear_error (&error);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 4);

  while (tsr_document_undo (document))
    ;
  undone = serialize (document);
  ck_assert (g_bytes_equal (undone, original));
}
END_TEST

START_TEST (test_patch_documents_read_only)
{
  const char *suffixes[] = { ".ShPa", NULL };
  g_autoptr(GPtrArray) patches = tsr_test_data_list (data_dir, suffixes);

  ck_assert_uint_gt (patches->len, 0);
  for (guint i = 0; i < patches->len; i++)
    {
      g_autoptr(TsrDocument) document = open_document (g_ptr_array_index (patches, i));
      TsrShapesDocument *shapes = TSR_SHAPES_DOCUMENT (document);
      g_autoptr(GError) error = NULL;
      guint present = 0;

      ck_assert (tsr_shapes_document_is_patch (shapes));
      ck_assert (!tsr_shapes_document_get_editable (shapes));
      for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
        if (tsr_shapes_document_get_collection (shapes, c, 0) != NULL)
          {
            present++;
            ck_assert (!tsr_shapes_document_set_frame_field (shapes, c, 0, 0, TSR_SHAPES_FRAME_KEY_X, 1, &error));
            ck_assert_int_eq (error->code, TSR_ERROR_NOT_SUPPORTED);
            g_clear_error (&error);
          }
      ck_assert_uint_gt (present, 0);
    }
  tsr_test_report_count ("shapes patches opened as documents", patches->len);
}
END_TEST


/* Runs the real tessera-cli (TSR_CLI) with the NULL-ended arguments; returns the exit status and
 * the standard error in *ERR. */
static int
run_cli (char **err, const char *first, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  int wait_status = 0;
  va_list args;

  ck_assert_msg (g_getenv ("TSR_CLI") != NULL, "TSR_CLI is not set");
  g_ptr_array_add (argv, (gpointer) g_getenv ("TSR_CLI"));
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  ck_assert (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, err,
                           &wait_status, &error));
  ck_assert (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

START_TEST (test_cli_render_extract_and_patches)
{
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *path = tsr_shapes_sample_write (data_dir, dir);
  g_autofree char *png = g_build_filename (dir, "frame.png", NULL);
  g_autofree char *modified_path = g_build_filename (dir, "modified.shpA", NULL);
  g_autofree char *patch_path = g_build_filename (dir, "made.ShPa", NULL);
  g_autofree char *applied_path = g_build_filename (dir, "applied.shpA", NULL);
  const char *suffixes[] = { ".ShPa", NULL };
  g_autoptr(GPtrArray) patches = tsr_test_data_list (data_dir, suffixes);
  g_autoptr(TsrDocument) document = open_document (path);
  TsrShapesDocument *shapes = TSR_SHAPES_DOCUMENT (document);
  const TsrShapesCollection *player = tsr_shapes_document_get_collection (shapes, 6, 0);
  g_autoptr(GFile) modified_file = g_file_new_for_path (modified_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) png_bytes = NULL, applied_bytes = NULL, modified_bytes = NULL;
  g_autoptr(TsrImage) image = NULL;
  g_autoptr(TsrShapesFile) applied = NULL, modified = NULL;
  guint chosen;
  char *err = NULL;

  /* A sequence frame is drawn on the sequence's box, as the browser draws it. */
  for (chosen = 0; chosen < player->sequences->len; chosen++)
    if (((TsrShapesSequence *) g_ptr_array_index (player->sequences, chosen))->frames_per_view >= 2)
      break;
  ck_assert_uint_lt (chosen, player->sequences->len);
  {
    const TsrShapesSequence *sequence = g_ptr_array_index (player->sequences, chosen);
    g_autofree char *s = g_strdup_printf ("%u", chosen);
    TsrShapesBox box = tsr_shapes_sequence_box (player, sequence, 0);

    ck_assert_int_eq (run_cli (&err, "render", path, "--collection", "6", "--sequence", s, "--view", "0", "--frame", "1",
                               "-o", png, NULL), 0);
    ck_assert_str_eq (err, "");
    g_clear_pointer (&err, g_free);
    png_bytes = tsr_test_read_file (png);
    image = tsr_image_load_png (g_bytes_get_data (png_bytes, NULL), g_bytes_get_size (png_bytes), "frame.png", &error);
    ck_assert_ptr_nonnull (image);
    ck_assert_uint_eq (image->width, (guint) box.width);
    ck_assert_uint_eq (image->height, (guint) box.height);
    /* The same from the real patch itself. */
    ck_assert_int_eq (run_cli (&err, "render", g_ptr_array_index (patches, patches->len - 1), "--collection", "6",
                               "--sequence", s, "--frame", "0", "-o", png, NULL), 0);
    g_clear_pointer (&err, g_free);
    /* A view past the sequence's is a usage error naming what there is. */
    ck_assert_int_eq (run_cli (&err, "render", path, "--collection", "6", "--sequence", s, "--view", "9", "-o", png, NULL), 2);
    ck_assert_ptr_nonnull (strstr (err, "views of"));
    g_clear_pointer (&err, g_free);
    ck_assert_int_eq (run_cli (&err, "render", path, "--collection", "30", "--frame", "0", "-o", png, NULL), 2);
    g_clear_pointer (&err, g_free);
  }

  /* Extract of every real patch: no warnings. */
  for (guint i = 0; i < patches->len; i++)
    {
      g_autofree char *out = g_build_filename (dir, "extract", NULL);
      ck_assert_int_eq (run_cli (&err, "extract", g_ptr_array_index (patches, i), "-o", out, NULL), 0);
      ck_assert_str_eq (err, "");
      g_clear_pointer (&err, g_free);
    }

  /* patch-make from an edited copy, patch-apply onto the original: the edit comes back. */
  ck_assert (tsr_shapes_document_set_sequence_field (shapes, 6, 0, chosen, TSR_SHAPES_SEQUENCE_TICKS_PER_FRAME, 9, &error));
  ck_assert (tsr_shapes_document_set_frame_field (shapes, 6, 0, 1, TSR_SHAPES_FRAME_KEY_Y, -3, &error));
  ck_assert (tsr_document_save (document, modified_file, TSR_SAVE_FORCE, &error));
  ck_assert_int_eq (run_cli (&err, "shapes", "patch-make", path, modified_path, "-o", patch_path, NULL), 0);
  g_clear_pointer (&err, g_free);
  ck_assert_int_eq (run_cli (&err, "shapes", "patch-apply", path, patch_path, "-o", applied_path, NULL), 0);
  g_clear_pointer (&err, g_free);
  ck_assert_int_eq (run_cli (&err, "shapes", "patch-apply", path, NULL), 2);
  g_clear_pointer (&err, g_free);
  applied_bytes = tsr_test_read_file (applied_path);
  modified_bytes = tsr_test_read_file (modified_path);
  applied = tsr_shapes_file_parse (g_bytes_get_data (applied_bytes, NULL), g_bytes_get_size (applied_bytes), &error);
  modified = tsr_shapes_file_parse (g_bytes_get_data (modified_bytes, NULL), g_bytes_get_size (modified_bytes), &error);
  ck_assert_ptr_nonnull (applied);
  for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
    for (guint v = 0; v < 2; v++)
      {
        const TsrShapesCollection *a = applied->slots[c].versions[v], *b = modified->slots[c].versions[v];

        ck_assert ((a == NULL) == (b == NULL));
        if (a == NULL)
          continue;
        ck_assert_uint_eq (a->sequences->len, b->sequences->len);
        for (guint s = 0; s < a->sequences->len; s++)
          ck_assert (g_bytes_equal (((TsrShapesSequence *) a->sequences->pdata[s])->raw,
                                    ((TsrShapesSequence *) b->sequences->pdata[s])->raw));
        for (guint f = 0; f < a->frames->len; f++)
          ck_assert_mem_eq (((TsrShapesFrame *) a->frames->pdata[f])->raw, ((TsrShapesFrame *) b->frames->pdata[f])->raw,
                            TSR_SHAPES_FRAME_SIZE);
      }
  ck_assert_int_eq (((TsrShapesSequence *) applied->slots[6].versions[0]->sequences->pdata[chosen])->ticks_per_frame, 9);
  tsr_test_report_count ("shapes patches extracted by tessera-cli", patches->len);
}
END_TEST

/* Apply Patch and Make Patch on a Shapes file document: a real patch applied gives the bytes
 * `tessera-cli shapes patch-apply` gives, as one undo step whose undo gives the loaded bytes back;
 * a patch made from the base against an edited document, applied onto the base, gives the edits. */
static GBytes *
document_bytes (TsrDocument *document)
{
  return tsr_shapes_file_serialize (tsr_document_get_format_data (document));
}

static void
count_replaced (TsrShapesDocument *document, guint *count)
{
  (*count)++;
}

START_TEST (test_apply_and_make_patch)
{
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *path = tsr_shapes_sample_write (data_dir, dir);
  g_autofree char *cli_path = g_build_filename (dir, "cli.shpA", NULL);
  const char *suffixes[] = { ".ShPa", NULL };
  g_autoptr(GPtrArray) patches = tsr_test_data_list (data_dir, suffixes);
  g_autoptr(TsrDocument) document = open_document (path);
  g_autoptr(TsrDocument) base_document = open_document (path);
  TsrShapesDocument *shapes = TSR_SHAPES_DOCUMENT (document);
  g_autoptr(GBytes) loaded = tsr_test_read_file (path);
  g_autoptr(GError) error = NULL;
  guint replaced = 0;
  char *err = NULL;

  ck_assert_uint_gt (patches->len, 0);
  g_signal_connect (document, "shapes-replaced", G_CALLBACK (count_replaced), &replaced);
  for (guint i = 0; i < patches->len; i++)
    {
      const char *patch_path = g_ptr_array_index (patches, i);
      g_autoptr(GBytes) patch = tsr_test_read_file (patch_path);
      g_autoptr(GBytes) cli = NULL, applied = NULL, undone = NULL, redone = NULL;

      ck_assert_int_eq (run_cli (&err, "shapes", "patch-apply", path, patch_path, "-o", cli_path, NULL), 0);
      g_clear_pointer (&err, g_free);
      cli = tsr_test_read_file (cli_path);
      ck_assert (tsr_shapes_document_apply_patch (shapes, g_bytes_get_data (patch, NULL), g_bytes_get_size (patch),
                                                  patch_path, &error));
      ck_assert_ptr_null (error);
      applied = document_bytes (document);
      ck_assert (g_bytes_equal (applied, cli));
      ck_assert (tsr_document_undo (document));
      undone = document_bytes (document);
      ck_assert (g_bytes_equal (undone, loaded));
      ck_assert (tsr_document_redo (document));
      redone = document_bytes (document);
      ck_assert (g_bytes_equal (redone, cli));
      ck_assert (tsr_document_undo (document));
    }
  ck_assert_uint_eq (replaced, patches->len * 4); /* apply, undo, redo, undo */

  /* Not a patch: an error naming the file, nothing pushed. */
  {
    static const guint8 junk[] = "not a patch at all";
    ck_assert (!tsr_shapes_document_apply_patch (shapes, junk, sizeof junk, "junk.ShPa", &error));
    ck_assert_ptr_nonnull (strstr (error->message, "junk.ShPa"));
    g_clear_error (&error);
    ck_assert (!tsr_document_undo (document));
  }

  /* Make Patch: base = the file on disk, the document edited; applied onto the base, the edits. */
  {
    g_autoptr(GBytes) made = NULL, edited = NULL, rebuilt = NULL;

    ck_assert (tsr_shapes_document_set_sequence_field (shapes, 6, 0, 0, TSR_SHAPES_SEQUENCE_TICKS_PER_FRAME, 11, &error));
    ck_assert (tsr_shapes_document_set_frame_field (shapes, 6, 0, 1, TSR_SHAPES_FRAME_KEY_X, -5, &error));
    made = tsr_shapes_document_make_patch (shapes, path, &error);
    ck_assert_ptr_nonnull (made);
    ck_assert_uint_gt (tsr_shapes_patch_sniff (g_bytes_get_data (made, NULL), g_bytes_get_size (made)), 0);
    edited = document_bytes (document);
    ck_assert (!g_bytes_equal (edited, loaded));
    ck_assert (tsr_shapes_document_apply_patch (TSR_SHAPES_DOCUMENT (base_document), g_bytes_get_data (made, NULL),
                                                g_bytes_get_size (made), "made.ShPa", &error));
    rebuilt = document_bytes (base_document);
    ck_assert (g_bytes_equal (rebuilt, edited));
    ck_assert_ptr_null (tsr_shapes_document_make_patch (shapes, "/nonexistent/base.shpA", &error));
    g_clear_error (&error);
  }
  tsr_test_report_count ("real shapes patches applied as one undo step", patches->len);
}
END_TEST

/* Sphere: a direction of the real sarah.rss plays each frame for its delay and wraps; the real
 * test.rts tiles follow their next tiles after their delays. */
/* One engine frame, rounded up to whole microseconds. */
#define ENGINE_FRAME_US ((G_USEC_PER_SEC + TSR_SPHERE_FRAMES_PER_SECOND - 1) / TSR_SPHERE_FRAMES_PER_SECOND)


/* A patch against base Shapes files: the file built from every real patch carries each of the
 * patch's records unchanged; a copy with one bitmap re-imported shows that bitmap replaced; an empty
 * Shapes file shows every record added. */
static void
count_all (const TsrShapesDiff *diff, guint *totals)
{
  memset (totals, 0, sizeof (guint) * TSR_SHAPES_N_CHANGES);
  for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
    for (guint v = 0; v < 2; v++)
      {
        guint counts[TSR_SHAPES_N_CHANGES];
        tsr_shapes_diff_count (diff, c, v, counts);
        for (guint k = 0; k < TSR_SHAPES_N_CHANGES; k++)
          totals[k] += counts[k];
      }
}

START_TEST (test_patch_against_base)
{
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *base_path = tsr_shapes_sample_write (data_dir, dir);
  g_autofree char *patch_path = g_build_filename (data_dir, "xbla_m2_Items.ShPa", NULL);
  g_autofree char *edited_path = g_build_filename (dir, "edited.shpA", NULL);
  g_autofree char *empty_path = g_build_filename (dir, "empty.shpA", NULL);
  g_autoptr(TsrDocument) patch = open_document (patch_path);
  g_autoptr(TsrDocument) base = open_document (base_path);
  g_autoptr(TsrImage) picture = tsr_image_new (6, 5);
  g_autoptr(TsrShapesFile) empty = tsr_shapes_file_new ();
  g_autoptr(GBytes) empty_bytes = tsr_shapes_file_serialize (empty);
  g_autoptr(GError) error = NULL;
  TsrShapesDocument *shapes = TSR_SHAPES_DOCUMENT (patch);
  const TsrShapesDiff *diff;
  const TsrShapesCollection *collection = NULL;
  guint totals[TSR_SHAPES_N_CHANGES], c, carried = G_MAXUINT, definitions = 0;
  g_autoptr(GFile) edited_file = g_file_new_for_path (edited_path);

  ck_assert (tsr_shapes_document_is_patch (shapes));
  ck_assert_ptr_null (tsr_shapes_document_get_diff (shapes));
  /* A Shapes file has no base. */
  ck_assert (!tsr_shapes_document_set_base (TSR_SHAPES_DOCUMENT (base), base_path, &error));
  ck_assert_int_eq (error->code, TSR_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);

  ck_assert_msg (tsr_shapes_document_set_base (shapes, base_path, &error), "%s", error ? error->message : "");
  diff = tsr_shapes_document_get_diff (shapes);
  ck_assert_ptr_nonnull (diff);
  ck_assert_ptr_nonnull (tsr_shapes_document_get_base (shapes));
  count_all (diff, totals);
  ck_assert_uint_gt (totals[TSR_SHAPES_CHANGE_SAME], 0);
  /* Only definitions differ: the built file gave the grey ramp to collections without a table,
   * which changes their definition's colour count. */
  for (guint k = 0; k < TSR_SHAPES_COLLECTION_COUNT * 2; k++)
    if (tsr_shapes_diff_get_definition (diff, k / 2, k % 2) == TSR_SHAPES_CHANGE_REPLACED)
      definitions++;
  ck_assert_uint_eq (totals[TSR_SHAPES_CHANGE_REPLACED], definitions);
  ck_assert_uint_eq (totals[TSR_SHAPES_CHANGE_ADDED], 0);

  /* The patch's first collection and the first bitmap it carries. */
  for (c = 0; c < TSR_SHAPES_COLLECTION_COUNT && collection == NULL; c++)
    collection = tsr_shapes_document_get_collection (shapes, c, 0);
  ck_assert_ptr_nonnull (collection);
  c--;
  for (guint b = 0; b < collection->bitmaps->len && carried == G_MAXUINT; b++)
    if (tsr_shapes_diff_get (diff, c, 0, TSR_SHAPES_PART_BITMAP, b) == TSR_SHAPES_CHANGE_SAME)
      carried = b;
  ck_assert_uint_ne (carried, G_MAXUINT);

  /* The base with that bitmap re-imported (through the document's command) and saved. */
  for (guint i = 0; i < 6 * 5; i++)
    picture->pixels[i * 4] = picture->pixels[i * 4 + 1] = picture->pixels[i * 4 + 2] = (guint8) (i * 8), picture->pixels[i * 4 + 3] = 255;
  ck_assert_msg (tsr_shapes_document_import_bitmap (TSR_SHAPES_DOCUMENT (base), c, 0, carried, picture, 0, NULL, &error),
                 "%s", error ? error->message : "");
  ck_assert (tsr_document_save (base, edited_file, TSR_SAVE_NONE, &error));
  ck_assert (tsr_shapes_document_set_base (shapes, edited_path, &error));
  diff = tsr_shapes_document_get_diff (shapes);
  ck_assert_int_eq (tsr_shapes_diff_get (diff, c, 0, TSR_SHAPES_PART_BITMAP, carried), TSR_SHAPES_CHANGE_REPLACED);
  count_all (diff, &totals[0]);
  ck_assert_uint_eq (totals[TSR_SHAPES_CHANGE_REPLACED], definitions + 1);
  ck_assert_uint_eq (totals[TSR_SHAPES_CHANGE_ADDED], 0);
  /* Records the patch does not carry are the base's. */
  ck_assert_int_eq (tsr_shapes_diff_get (diff, c, 0, TSR_SHAPES_PART_BITMAP, 30000), TSR_SHAPES_CHANGE_NONE);

  /* Against an empty file everything is added. */
  ck_assert (g_file_set_contents (empty_path, g_bytes_get_data (empty_bytes, NULL), (gssize) g_bytes_get_size (empty_bytes), NULL));
  ck_assert (tsr_shapes_document_set_base (shapes, empty_path, &error));
  count_all (tsr_shapes_document_get_diff (shapes), totals);
  ck_assert_uint_eq (totals[TSR_SHAPES_CHANGE_SAME] + totals[TSR_SHAPES_CHANGE_REPLACED], 0);
  ck_assert_uint_gt (totals[TSR_SHAPES_CHANGE_ADDED], 0);

  /* A file that does not load leaves no base; NULL clears it. */
  ck_assert (!tsr_shapes_document_set_base (shapes, patch_path, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "xbla_m2_Items.ShPa"));
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_shapes_document_get_diff (shapes));
  ck_assert (tsr_shapes_document_set_base (shapes, base_path, &error));
  ck_assert (tsr_shapes_document_set_base (shapes, NULL, &error));
  ck_assert_ptr_null (tsr_shapes_document_get_base (shapes));
}
END_TEST

/* Sphere spritesets as documents: a PNG strip cut into a direction (appended and replacing, rows
 * and columns), delays edited with merging; saved, only those frames and the new images differ;
 * undo all gives the original bytes back, redo all the edited ones. */
static TsrImage *
make_strip (guint width, guint height, guint8 seed)
{
  TsrImage *strip = tsr_image_new (width, height);

  for (gsize i = 0; i < (gsize) width * height; i++)
    {
      strip->pixels[i * 4] = (guint8) (i + seed);
      strip->pixels[i * 4 + 1] = (guint8) (i / 7);
      strip->pixels[i * 4 + 2] = seed;
      /* Transparent pixels keep their colour bytes (RGBA as given). */
      strip->pixels[i * 4 + 3] = i % 5 == 0 ? 0 : 255;
    }
  return strip;
}

static guint spriteset_changes;

static void
on_spriteset_changed (TsrDocument *document, guint direction, gpointer user_data)
{
  spriteset_changes++;
}

START_TEST (test_spriteset_strip_and_delays)
{
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *source = g_build_filename (tsr_test_data_root (), "sphere", "sarah.rss", NULL);
  g_autofree char *path = g_build_filename (dir, "sarah.rss", NULL);
  g_autoptr(GBytes) original = tsr_test_read_file (source);
  g_autoptr(TsrDocument) document = NULL;
  g_autoptr(TsrSphereSpriteset) before = tsr_sphere_spriteset_parse (original, NULL);
  g_autoptr(TsrSphereSpriteset) after = NULL;
  g_autoptr(TsrImage) strip = NULL, column = NULL, wrong = NULL;
  g_autoptr(GBytes) edited = NULL, saved = NULL, redone = NULL, undone = NULL, back = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  TsrSphereDocument *sphere;
  TsrUndoStack *stack;
  const TsrSphereSpriteset *spriteset;
  const TsrSphereDirection *d0, *d1;
  guint w, h, images, frames1, depth;
  guint16 last_delay, delay0;

  ck_assert (g_file_set_contents (path, g_bytes_get_data (original, NULL), (gssize) g_bytes_get_size (original), NULL));
  document = open_document (path);
  ck_assert (TSR_IS_SPHERE_DOCUMENT (document));
  sphere = TSR_SPHERE_DOCUMENT (document);
  stack = tsr_document_get_undo_stack (document);
  g_signal_connect (document, "spriteset-changed", G_CALLBACK (on_spriteset_changed), NULL);
  spriteset = tsr_sphere_document_get_edited_spriteset (sphere);
  ck_assert_ptr_nonnull (spriteset);
  ck_assert_uint_eq (spriteset->version, 3);
  w = spriteset->frame_width, h = spriteset->frame_height;
  images = spriteset->images->len;
  d0 = g_ptr_array_index (spriteset->directions, 0);
  d1 = g_ptr_array_index (spriteset->directions, 1);
  frames1 = d1->frames->len;
  last_delay = g_array_index (d1->frames, TsrSphereFrame, frames1 - 1).delay;
  delay0 = g_array_index (d0->frames, TsrSphereFrame, 0).delay;

  /* Refused: a picture that is not a strip of frames, a direction or frame that is not there. */
  wrong = make_strip (w * 2 + 1, h, 1);
  ck_assert (!tsr_sphere_document_import_strip (sphere, 1, wrong, TSR_SPHERE_STRIP_APPEND, "wrong.png", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "wrong.png"));
  g_clear_error (&error);
  ck_assert (!tsr_sphere_document_import_strip (sphere, 99, wrong, TSR_SPHERE_STRIP_APPEND, "x.png", &error));
  ck_assert_int_eq (error->code, TSR_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  ck_assert (!tsr_sphere_document_set_frame_delay (sphere, 0, 999, 3, &error));
  ck_assert_int_eq (error->code, TSR_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  ck_assert (!tsr_document_get_modified (document));

  /* A row of three frames after direction 1's frames, one undo step. */
  strip = make_strip (w * 3, h, 40);
  depth = tsr_undo_stack_get_depth (stack);
  spriteset_changes = 0;
  ck_assert (tsr_sphere_document_import_strip (sphere, 1, strip, TSR_SPHERE_STRIP_APPEND, "strip.png", &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 1);
  ck_assert_uint_eq (spriteset_changes, 1);
  ck_assert_uint_eq (d1->frames->len, frames1 + 3);
  ck_assert_uint_eq (spriteset->images->len, images + 3);
  for (guint i = 0; i < 3; i++)
    {
      const TsrSphereFrame *frame = &g_array_index (d1->frames, TsrSphereFrame, frames1 + i);
      const TsrImage *image = g_ptr_array_index (spriteset->images, images + i);
      ck_assert_uint_eq (frame->image, images + i);
      ck_assert_uint_eq (frame->delay, last_delay);
      for (guint y = 0; y < h; y++)
        ck_assert (memcmp (image->pixels + (gsize) y * w * 4, strip->pixels + ((gsize) y * strip->width + i * w) * 4, w * 4) == 0);
    }
  /* Two delay steps of one frame merge; the same value pushes nothing. */
  ck_assert (tsr_sphere_document_set_frame_delay (sphere, 0, 0, (guint16) (delay0 + 1), &error));
  ck_assert (tsr_sphere_document_set_frame_delay (sphere, 0, 0, (guint16) (delay0 + 7), &error));
  ck_assert (tsr_sphere_document_set_frame_delay (sphere, 0, 0, (guint16) (delay0 + 7), &error));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), depth + 2);
  ck_assert_uint_eq (g_array_index (d0->frames, TsrSphereFrame, 0).delay, delay0 + 7);
  ck_assert (tsr_document_get_modified (document));

  /* Saved and read back with the codec: only those changed. */
  file = g_file_new_for_path (path);
  ck_assert (tsr_document_save (document, file, TSR_SAVE_NONE, &error));
  saved = tsr_test_read_file (path);
  after = tsr_sphere_spriteset_parse (saved, &error);
  ck_assert_ptr_nonnull (after);
  ck_assert_uint_eq (after->images->len, images + 3);
  for (guint i = 0; i < images; i++)
    ck_assert (memcmp (((TsrImage *) g_ptr_array_index (before->images, i))->pixels,
                       ((TsrImage *) g_ptr_array_index (after->images, i))->pixels, (gsize) w * h * 4) == 0);
  ck_assert_uint_eq (after->directions->len, before->directions->len);
  for (guint d = 0; d < before->directions->len; d++)
    {
      const TsrSphereDirection *a = g_ptr_array_index (before->directions, d), *b = g_ptr_array_index (after->directions, d);
      ck_assert_uint_eq (b->frames->len, a->frames->len + (d == 1 ? 3 : 0));
      for (guint f = 0; f < a->frames->len; f++)
        {
          TsrSphereFrame fa = g_array_index (a->frames, TsrSphereFrame, f), fb = g_array_index (b->frames, TsrSphereFrame, f);
          if (d == 0 && f == 0)
            {
              ck_assert_uint_eq (fb.delay, delay0 + 7);
              fb.delay = fa.delay;
            }
          ck_assert (memcmp (&fa, &fb, sizeof fa) == 0);
        }
    }
  edited = g_bytes_ref (saved);

  /* Undo all: the original bytes, clean again; redo all: the edited bytes. */
  while (tsr_document_undo (document))
    ;
  ck_assert_uint_eq (spriteset->images->len, images);
  undone = serialize (document);
  ck_assert (g_bytes_equal (undone, original));
  while (tsr_document_redo (document))
    ;
  redone = serialize (document);
  ck_assert (g_bytes_equal (redone, edited));
  ck_assert (!tsr_document_get_modified (document));

  /* A column of two frames replacing direction 2's frames; undone, they come back. */
  column = make_strip (w, h * 2, 90);
  ck_assert (tsr_sphere_document_import_strip (sphere, 2, column, TSR_SPHERE_STRIP_REPLACE, "column.png", &error));
  ck_assert_uint_eq (((TsrSphereDirection *) g_ptr_array_index (spriteset->directions, 2))->frames->len, 2);
  ck_assert (memcmp (((TsrImage *) g_ptr_array_index (spriteset->images, images + 4))->pixels,
                     column->pixels + (gsize) w * h * 4, (gsize) w * h * 4) == 0);
  ck_assert (tsr_document_undo (document));
  back = serialize (document);
  ck_assert (g_bytes_equal (back, edited));
}
END_TEST

START_TEST (test_sphere_animations)
{
  g_autofree char *sphere = g_build_filename (tsr_test_data_root (), "sphere", NULL);
  g_autofree char *rss = g_build_filename (sphere, "sarah.rss", NULL);
  g_autofree char *rts = g_build_filename (sphere, "test.rts", NULL);
  g_autoptr(GBytes) rss_bytes = tsr_test_read_file (rss);
  g_autoptr(GBytes) rts_bytes = tsr_test_read_file (rts);
  g_autoptr(TsrSphereSpriteset) spriteset = tsr_sphere_spriteset_parse (rss_bytes, NULL);
  g_autoptr(GError) error = NULL;
  TsrSphereTileset *tileset = tsr_sphere_tileset_parse (rts_bytes, &error);
  TsrSphereAnimation animation = { 0 };
  const TsrSphereDirection *direction;
  guint total = 0, tile, start;

  ck_assert_ptr_nonnull (spriteset);
  ck_assert_ptr_nonnull (tileset);
  direction = g_ptr_array_index (spriteset->directions, 0);
  ck_assert_uint_eq (direction->frames->len, 4);
  for (guint f = 0; f < direction->frames->len; f++)
    total += MAX (g_array_index (direction->frames, TsrSphereFrame, f).delay, 1);
  /* One engine frame at a time: frame F lasts exactly its delay; the whole loop comes back. */
  tsr_sphere_animation_init (&animation, 0);
  for (guint f = 0; f < direction->frames->len; f++)
    {
      guint delay = MAX (g_array_index (direction->frames, TsrSphereFrame, f).delay, 1);
      for (guint t = 0; t + 1 < delay; t++)
        ck_assert (!tsr_sphere_animation_advance_direction (&animation, direction, ENGINE_FRAME_US));
      ck_assert (tsr_sphere_animation_advance_direction (&animation, direction, ENGINE_FRAME_US));
      ck_assert_uint_eq (animation.index, (f + 1) % direction->frames->len);
    }
  /* Twice the loop's time in one step lands on frame 0 again. */
  tsr_sphere_animation_init (&animation, 0);
  tsr_sphere_animation_advance_direction (&animation, direction, (gint64) total * 2 * ENGINE_FRAME_US);
  ck_assert_uint_eq (animation.index, 0);
  ck_assert_uint_eq (animation.elapsed, 0);

  /* Tiles: an animated tile gives way to its next after its delay. */
  for (tile = 0; tile < tileset->tiles->len; tile++)
    if (((TsrSphereTile *) g_ptr_array_index (tileset->tiles, tile))->animated)
      break;
  ck_assert_uint_lt (tile, tileset->tiles->len);
  {
    const TsrSphereTile *t = g_ptr_array_index (tileset->tiles, tile);
    guint delay = MAX (t->delay, 1);

    tsr_sphere_animation_init (&animation, tile);
    start = tile;
    ck_assert (!tsr_sphere_animation_advance_tiles (&animation, tileset, (gint64) (delay - 1) * ENGINE_FRAME_US));
    ck_assert_uint_eq (animation.index, start);
    ck_assert (tsr_sphere_animation_advance_tiles (&animation, tileset, ENGINE_FRAME_US));
    ck_assert_uint_eq (animation.index, t->next_tile);
  }
  tsr_sphere_tileset_free (tileset);
}
END_TEST

/* ---- pixel edits of bitmaps (the shared pixel tools on index images) ------------------------- */

/* A stroke of one random tool on the bitmap's index image, pushed as the canvas pushes it; the
 * indexes the stroke drew are returned in EXPECTED (unchanged when nothing changed). */
static void
random_stroke (TsrDocument *document, guint key, GRand *rand, guint8 **expected)
{
  TsrPixelStroke *stroke = tsr_pixel_stroke_begin (tsr_shapes_document_get_pixel_target (), document, key);
  TsrImage *image;
  gint w, h, x0, y0, x1, y1;
  guint32 index;
  TsrPixelRect area;
  TsrCommand *command;

  ck_assert_ptr_nonnull (stroke);
  image = tsr_pixel_stroke_get_image (stroke);
  w = (gint) image->width, h = (gint) image->height;
  x0 = g_rand_int_range (rand, -2, w + 2), y0 = g_rand_int_range (rand, -2, h + 2);
  x1 = g_rand_int_range (rand, 0, w), y1 = g_rand_int_range (rand, 0, h);
  /* Any index, 0 (the eraser) often, or one already in the picture. */
  index = g_rand_int_range (rand, 0, 4) == 0 ? 0 : g_rand_boolean (rand) ? (guint32) g_rand_int_range (rand, 1, 256)
                                                                            : tsr_pixel_get (image, x1, y1);
  area = (TsrPixelRect) { MIN (x0, x1), MIN (y0, y1), (guint) ABS (x1 - x0) + 1, (guint) ABS (y1 - y0) + 1 };
  switch (g_rand_int_range (rand, 0, 7))
    {
    case 0: tsr_pixel_pencil (image, x0, y0, index); tsr_pixel_line (image, x0, y0, x1, y1, index); break;
    case 1: tsr_pixel_rectangle (image, x0, y0, x1, y1, g_rand_boolean (rand), index); break;
    case 2: tsr_pixel_flood_fill (image, x1, y1, index); break;
    case 3: tsr_pixel_flip (image, &area, g_rand_boolean (rand)); break;
    case 4: tsr_pixel_move (image, &area, g_rand_int_range (rand, -3, 4), g_rand_int_range (rand, -3, 4)); break;
    case 5:
      area.height = area.width;
      tsr_pixel_rotate (image, &area, g_rand_boolean (rand), NULL);
      break;
    default: tsr_pixel_pencil (image, x1, y1, index); break;
    }
  g_free (*expected);
  *expected = tsr_pixel_index_image_get (image);
  command = tsr_pixel_stroke_finish (stroke, "Pencil");
  if (command != NULL)
    tsr_document_execute_take (document, command);
}

/* Real bitmaps of the sample with stored pixels: raw column-order wall textures of collection 19
 * (from eternal_IconicSomething.ShPa; bitmap 15 flagged transparent) and RLE object bitmaps of
 * collection 22 (from xbla_m2_Items.ShPa; the XBLA player's 8-bit bitmaps store no pixel). */
static const struct {
  guint collection, bitmap;
  gboolean rle;
} real_bitmaps[] = { { 19, 5, FALSE }, { 22, 19, TRUE }, { 19, 15, FALSE }, { 22, 20, TRUE } };

static guint8 *
bitmap_indexes (TsrDocument *document, guint collection, guint bitmap)
{
  const TsrShapesCollection *found = tsr_shapes_document_get_collection (TSR_SHAPES_DOCUMENT (document), collection, 0);
  g_autoptr(GError) error = NULL;
  guint8 *indexes = tsr_shapes_bitmap_get_indexes (g_ptr_array_index (found->bitmaps, bitmap), &error);

  ck_assert_msg (indexes != NULL, "%s", error ? error->message : "");
  return indexes;
}

/* Property: random pixel edits (every tool, through the document's pixel target) on real raw and
 * RLE bitmaps (real_bitmaps) undone give the loaded bytes; redone, saved and reloaded with the
 * codec, that bitmap holds exactly the edited indexes and every other record its bytes. */
START_TEST (test_pixel_edits_undone)
{
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *path = tsr_shapes_sample_write (data_dir, dir);
  g_autoptr(TsrDocument) document = open_document (path);
  g_autoptr(GBytes) original = tsr_test_read_file (path);
  g_autoptr(GBytes) edited = NULL;
  g_autoptr(TsrShapesFile) loaded = NULL, reloaded = NULL;
  g_autoptr(GError) error = NULL;
  guint edited_collection = real_bitmaps[_i].collection, bitmap = real_bitmaps[_i].bitmap;
  const TsrShapesCollection *player = tsr_shapes_document_get_collection (TSR_SHAPES_DOCUMENT (document), edited_collection, 0);
  GRand *rand = g_rand_new_with_seed (0x38 + (guint32) _i);
  g_autofree guint8 *expected = NULL;
  guint key, size, stored = 0;
  const TsrShapesBitmap *record;

  ck_assert_ptr_nonnull (player);
  record = g_ptr_array_index (player->bitmaps, bitmap);
  ck_assert_int_eq (record->bytes_per_row < 0, real_bitmaps[_i].rle);
  key = tsr_shapes_pixel_key (edited_collection, 0, bitmap);
  size = (guint) record->width * (guint) record->height;
  expected = bitmap_indexes (document, edited_collection, bitmap);
  for (guint i = 0; i < size; i++)
    stored += expected[i] != 0;
  ck_assert_uint_gt (stored, 0);
  for (guint step = 0; step < 25; step++)
    {
      g_autofree guint8 *now = NULL;

      random_stroke (document, key, rand, &expected);
      now = bitmap_indexes (document, edited_collection, bitmap);
      ck_assert_mem_eq (now, expected, size);
    }
  edited = serialize (document);
  while (tsr_document_undo (document))
    ;
  {
    g_autoptr(GBytes) undone = serialize (document);
    ck_assert (g_bytes_equal (undone, original));
    ck_assert (!tsr_document_get_modified (document));
  }
  while (tsr_document_redo (document))
    ;
  {
    g_autoptr(GBytes) redone = serialize (document);
    ck_assert (g_bytes_equal (redone, edited));
  }
  /* Reloaded with the codec: exactly the edited indexes; every other record as it was. */
  reloaded = tsr_shapes_file_parse (g_bytes_get_data (edited, NULL), g_bytes_get_size (edited), &error);
  loaded = tsr_shapes_file_parse (g_bytes_get_data (original, NULL), g_bytes_get_size (original), &error);
  ck_assert_ptr_nonnull (reloaded);
  for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
    {
      const TsrShapesCollection *a = loaded->slots[c].versions[0], *b = reloaded->slots[c].versions[0];

      if (a == NULL || c == edited_collection)
        continue;
      ck_assert (g_bytes_equal (a->original, b->original));
    }
  {
    const TsrShapesCollection *a = loaded->slots[edited_collection].versions[0], *b = reloaded->slots[edited_collection].versions[0];

    ck_assert_uint_eq (a->bitmaps->len, b->bitmaps->len);
    for (guint f = 0; f < a->frames->len; f++)
      ck_assert_mem_eq (((TsrShapesFrame *) a->frames->pdata[f])->raw, ((TsrShapesFrame *) b->frames->pdata[f])->raw,
                        TSR_SHAPES_FRAME_SIZE);
    for (guint i = 0; i < a->bitmaps->len; i++)
      if (i != bitmap)
        ck_assert (g_bytes_equal (((TsrShapesBitmap *) a->bitmaps->pdata[i])->raw, ((TsrShapesBitmap *) b->bitmaps->pdata[i])->raw));
      else
        {
          g_autofree guint8 *saved = tsr_shapes_bitmap_get_indexes (b->bitmaps->pdata[i], &error);

          ck_assert_ptr_nonnull (saved);
          ck_assert_mem_eq (saved, expected, size);
          /* The header (flags the codec masks included) is kept. */
          ck_assert_mem_eq (g_bytes_get_data (((TsrShapesBitmap *) a->bitmaps->pdata[i])->raw, NULL),
                            g_bytes_get_data (((TsrShapesBitmap *) b->bitmaps->pdata[i])->raw, NULL), TSR_SHAPES_BITMAP_HEADER_SIZE);
        }
  }
  tsr_undo_stack_clear (tsr_document_get_undo_stack (document));
  g_rand_free (rand);
}
END_TEST

/* One stored pixel changed by the pencil (in a raw wall texture; inside an RLE scanline's run):
 * the saved file differs from the loaded one in exactly one byte (no size or offset moves); undo
 * gives the loaded bytes. */
START_TEST (test_pixel_edit_one_byte)
{
  guint edited_collection = real_bitmaps[_i].collection;
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *path = tsr_shapes_sample_write (data_dir, dir);
  g_autoptr(TsrDocument) document = open_document (path);
  g_autoptr(GBytes) original = tsr_test_read_file (path);
  g_autoptr(GBytes) edited = NULL;
  const TsrShapesCollection *player = tsr_shapes_document_get_collection (TSR_SHAPES_DOCUMENT (document), edited_collection, 0);
  guint key, depth, differ = 0, chosen;
  g_autofree guint8 *indexes = NULL;
  const TsrShapesBitmap *record = NULL;
  TsrPixelStroke *stroke;
  gsize p = 0, size = 0;
  const guint8 *a, *b;

  /* The bitmap, or the first after it with a stored pixel. */
  for (chosen = real_bitmaps[_i].bitmap; chosen < player->bitmaps->len; chosen++)
    {
      record = g_ptr_array_index (player->bitmaps, chosen);
      if (record->width <= 0 || record->height <= 0)
        continue;
      g_free (indexes);
      indexes = bitmap_indexes (document, edited_collection, chosen);
      size = (gsize) record->width * (gsize) record->height;
      for (p = 0; p < size && indexes[p] == 0; p++)
        ;
      if (p < size)
        break;
    }
  ck_assert_uint_lt (chosen, player->bitmaps->len);
  key = tsr_shapes_pixel_key (edited_collection, 0, chosen);
  depth = tsr_undo_stack_get_depth (tsr_document_get_undo_stack (document));
  stroke = tsr_pixel_stroke_begin (tsr_shapes_document_get_pixel_target (), document, key);
  tsr_pixel_pencil (tsr_pixel_stroke_get_image (stroke), (gint) (p % (gsize) record->width), (gint) (p / (gsize) record->width),
                    indexes[p] == 77 ? 78 : 77);
  ck_assert (tsr_document_execute_take (document, tsr_pixel_stroke_finish (stroke, "Pencil")));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (tsr_document_get_undo_stack (document)), depth + 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (tsr_document_get_undo_stack (document)), "Pencil");
  edited = serialize (document);
  ck_assert_uint_eq (g_bytes_get_size (edited), g_bytes_get_size (original));
  a = g_bytes_get_data (original, NULL);
  b = g_bytes_get_data (edited, NULL);
  for (gsize i = 0; i < g_bytes_get_size (edited); i++)
    differ += a[i] != b[i];
  ck_assert_uint_eq (differ, 1);
  ck_assert (tsr_document_undo (document));
  {
    g_autoptr(GBytes) undone = serialize (document);
    ck_assert (g_bytes_equal (undone, original));
  }
  tsr_undo_stack_clear (tsr_document_get_undo_stack (document));
}
END_TEST

/* The codec's index re-encoding in each layout: raw (column order, padded rows), Marathon 2 RLE
 * (a run grown by a pixel outside it, never shrunk) and Marathon 1 RLE (runs kept when they cover
 * the new values, the scanline written anew otherwise); unchanged scanlines and the header keep
 * their bytes, and decoding gives the indexes back. */
START_TEST (test_bitmap_set_indexes_layouts)
{
  g_autoptr(TsrImage) picture = tsr_image_new (6, 5);
  TsrShapesColorTable *ramp = g_new0 (TsrShapesColorTable, 1);
  const TsrShapesEncodeOptions layouts[3] = {
    { FALSE, TRUE, FALSE, FALSE }, { TRUE, TRUE, TRUE, FALSE }, { TRUE, FALSE, TRUE, TRUE } };

  ramp->count = 256;
  ramp->colors = g_new0 (TsrShapesColor, 256);
  for (guint k = 0; k < 256; k++)
    ramp->colors[k] = (TsrShapesColor) { 0, (guint8) k, (guint16) (k * 257), (guint16) (k * 257), (guint16) (k * 257) };
  /* Greys 10.. in the middle, transparent around. */
  for (guint y = 1; y < 4; y++)
    for (guint x = 1; x < 5; x++)
      tsr_image_set_pixel (picture, x, y, ((10 + x + y * 6) * 0x01010100u) | 0xff);
  for (guint l = 0; l < 3; l++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrShapesBitmap) bitmap = tsr_shapes_bitmap_encode (picture, ramp, &layouts[l], NULL, &error);
      g_autoptr(TsrShapesBitmap) same = NULL, inside = NULL, outside = NULL;
      g_autofree guint8 *indexes = NULL, *back = NULL;
      gsize old_size, new_size, differ = 0;
      const guint8 *old_raw, *new_raw;

      ck_assert_ptr_nonnull (bitmap);
      indexes = tsr_shapes_bitmap_get_indexes (bitmap, &error);
      ck_assert_uint_eq (indexes[2 * 6 + 2], 10 + 2 + 12);
      ck_assert_uint_eq (indexes[0], 0);
      /* No change: the same bytes. */
      same = tsr_shapes_bitmap_set_indexes (bitmap, indexes, &error);
      ck_assert (g_bytes_equal (same->raw, bitmap->raw));
      /* A value inside the stored pixels: one byte. */
      indexes[2 * 6 + 2] = 99;
      inside = tsr_shapes_bitmap_set_indexes (bitmap, indexes, &error);
      old_raw = g_bytes_get_data (bitmap->raw, &old_size);
      new_raw = g_bytes_get_data (inside->raw, &new_size);
      ck_assert_uint_eq (old_size, new_size);
      for (gsize i = 0; i < new_size; i++)
        differ += old_raw[i] != new_raw[i];
      ck_assert_uint_eq (differ, 1);
      back = tsr_shapes_bitmap_get_indexes (inside, &error);
      ck_assert_mem_eq (back, indexes, 30);
      g_clear_pointer (&back, g_free);
      /* A value where nothing was stored (a corner): decoded back exactly; raw stays the same size. */
      indexes[0] = 200;
      indexes[4 * 6 + 5] = 201;
      outside = tsr_shapes_bitmap_set_indexes (bitmap, indexes, &error);
      ck_assert_ptr_nonnull (outside);
      back = tsr_shapes_bitmap_get_indexes (outside, &error);
      ck_assert_mem_eq (back, indexes, 30);
      ck_assert_mem_eq (g_bytes_get_data (outside->raw, NULL), old_raw, TSR_SHAPES_BITMAP_HEADER_SIZE);
      if (l == 0)
        ck_assert_uint_eq (g_bytes_get_size (outside->raw), old_size);
      else
        ck_assert_uint_gt (g_bytes_get_size (outside->raw), old_size);
    }
  tsr_shapes_color_table_free (ramp);
}
END_TEST

static Suite *
shapes_document_suite (void)
{
  Suite *suite = suite_create ("shapes-document");
  TCase *animation = tcase_create ("animation");
  TCase *quantiser = tcase_create ("quantiser");
  TCase *commands = tcase_create ("commands");

  tcase_add_test (animation, test_animation_engine_rule);
  tcase_add_test (animation, test_animation_stops_without_loop);
  tcase_add_test (animation, test_frame_placement);
  tcase_add_test (animation, test_sphere_animations);
  tcase_add_test (quantiser, test_quantiser_report);
  tcase_add_test (quantiser, test_ordered_dithering);
  tcase_add_test (commands, test_commands_on_real_shapes);
  tcase_add_test (commands, test_color_tables);
  tcase_add_test (commands, test_sequence_frames_and_views);
  tcase_add_test (commands, test_patch_documents_read_only);
  tcase_add_test (commands, test_cli_render_extract_and_patches);
  tcase_add_test (commands, test_patch_against_base);
  tcase_add_test (commands, test_apply_and_make_patch);
  tcase_add_test (commands, test_spriteset_strip_and_delays);
  tcase_add_loop_test (commands, test_pixel_edits_undone, 0, G_N_ELEMENTS (real_bitmaps));
  tcase_add_loop_test (commands, test_pixel_edit_one_byte, 0, 2);
  tcase_add_test (quantiser, test_bitmap_set_indexes_layouts);
  suite_add_tcase (suite, animation);
  suite_add_tcase (suite, quantiser);
  suite_add_tcase (suite, commands);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (shapes_document_suite ());
}
