/* test-pixel-tools.c: the pixel editor's tools without a widget (src/edit/tsr-pixel-tools.c):
 * each tool on small images, their edges (clipping far outside, a 1×1 image, filling with the
 * colour already there, a non-square rotation refused), strokes as one undo step whose undo and
 * redo give back the exact bytes, and a property test of random strokes undone to the original;
 * index images (Marathon bitmaps): the tools write, fill by and pick indexes, the eraser and a move
 * leave index 0, and a target's make_command receives the whole stroke. GTK-free, so the sanitizer
 * build runs it. */
#include <string.h>

#include "edit/tsr-pixel-tools.h"
#include "model/tsr-undo-stack.h"
#include "tsr-test-common.h"

#define RED   0xff0000ffu
#define GREEN 0x00ff00ffu
#define BLUE  0x0000ff80u /* half transparent: alpha must be kept as given */
#define CLEAR 0x00000000u

/* An owner of a few images, as a document would lend its tiles. */
typedef struct {
  GPtrArray *images;
  guint      changes;
  TsrPixelRect last_area;
  guint      last_index;
} Owner;

static gboolean
owner_get_image (gpointer  data,
                 guint     index,
                 TsrImage *out)
{
  Owner *owner = data;

  if (index >= owner->images->len)
    return FALSE;
  *out = *(TsrImage *) g_ptr_array_index (owner->images, index);
  return TRUE;
}

static void
owner_changed (gpointer            data,
               guint               index,
               const TsrPixelRect *area)
{
  Owner *owner = data;

  owner->changes++;
  owner->last_index = index;
  owner->last_area = *area;
}

static const TsrPixelTarget owner_target = { owner_get_image, owner_changed };

static Owner *
owner_new (guint n,
           guint width,
           guint height)
{
  Owner *owner = g_new0 (Owner, 1);

  owner->images = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
  for (guint i = 0; i < n; i++)
    {
      TsrImage *image = tsr_image_new (width, height);

      /* A pattern so that every byte is known. */
      for (guint j = 0; j < width * height * 4; j++)
        image->pixels[j] = (guint8) (j * 7 + i * 31 + 3);
      g_ptr_array_add (owner->images, image);
    }
  return owner;
}

static void
owner_free (Owner *owner)
{
  g_ptr_array_unref (owner->images);
  g_free (owner);
}

static TsrImage *
image_filled (guint   width,
              guint   height,
              guint32 rgba)
{
  TsrImage *image = tsr_image_new (width, height);

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      tsr_image_set_pixel (image, x, y, rgba);
  return image;
}

static guint
count_colour (const TsrImage *image,
              guint32         rgba)
{
  guint n = 0;

  for (guint y = 0; y < image->height; y++)
    for (guint x = 0; x < image->width; x++)
      n += tsr_pixel_get (image, (gint) x, (gint) y) == rgba;
  return n;
}

START_TEST (test_pencil_and_eraser)
{
  g_autoptr(TsrImage) image = image_filled (4, 3, RED);
  TsrPixelRect changed;

  changed = tsr_pixel_pencil (image, 2, 1, BLUE);
  ck_assert_int_eq (changed.x, 2);
  ck_assert_int_eq (changed.y, 1);
  ck_assert_uint_eq (changed.width, 1);
  ck_assert_uint_eq (tsr_pixel_get (image, 2, 1), BLUE);
  /* The same colour again changes nothing. */
  changed = tsr_pixel_pencil (image, 2, 1, BLUE);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  /* Outside: clipped, no error. */
  changed = tsr_pixel_pencil (image, -1, 0, BLUE);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  changed = tsr_pixel_pencil (image, 4, 0, BLUE);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  changed = tsr_pixel_pencil (image, G_MAXINT, G_MININT, BLUE);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  ck_assert_uint_eq (tsr_pixel_get (image, -5, 99), 0);
  /* The eraser writes transparent black, whatever was there. */
  changed = tsr_pixel_pencil (image, 0, 0, CLEAR);
  ck_assert_uint_eq (changed.width, 1);
  ck_assert_uint_eq (image->pixels[0] | image->pixels[1] | image->pixels[2] | image->pixels[3], 0);
  ck_assert_uint_eq (count_colour (image, RED), 10);
}
END_TEST

START_TEST (test_line)
{
  g_autoptr(TsrImage) image = image_filled (8, 8, CLEAR);
  TsrPixelRect changed;

  changed = tsr_pixel_line (image, 0, 0, 7, 7, RED);
  ck_assert_uint_eq (count_colour (image, RED), 8);
  for (gint i = 0; i < 8; i++)
    ck_assert_uint_eq (tsr_pixel_get (image, i, i), RED);
  ck_assert_int_eq (changed.x, 0);
  ck_assert_uint_eq (changed.width, 8);
  ck_assert_uint_eq (changed.height, 8);
  /* A horizontal line, ends included, drawn right to left. */
  tsr_pixel_line (image, 6, 2, 1, 2, GREEN);
  for (gint x = 1; x <= 6; x++)
    ck_assert_uint_eq (tsr_pixel_get (image, x, 2), x == 2 ? GREEN : GREEN);
  ck_assert_uint_eq (tsr_pixel_get (image, 0, 2), CLEAR);
  ck_assert_uint_eq (tsr_pixel_get (image, 7, 2), CLEAR);
  /* A line from far outside through the image and far beyond: only its visible part, and it ends. */
  changed = tsr_pixel_line (image, -1000000, 5, 1000000, 5, BLUE);
  ck_assert_uint_eq (changed.width, 8);
  ck_assert_uint_eq (changed.height, 1);
  for (gint x = 0; x < 8; x++)
    ck_assert_uint_eq (tsr_pixel_get (image, x, 5), BLUE);
  changed = tsr_pixel_line (image, G_MININT / 2, G_MININT / 2, -3, -9, BLUE);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  /* A single point. */
  changed = tsr_pixel_line (image, 3, 7, 3, 7, GREEN);
  ck_assert_uint_eq (changed.width, 1);
  ck_assert_uint_eq (tsr_pixel_get (image, 3, 7), GREEN);
}
END_TEST

START_TEST (test_rectangle)
{
  g_autoptr(TsrImage) image = image_filled (6, 5, CLEAR);
  TsrPixelRect changed;

  /* Corners given in any order. */
  changed = tsr_pixel_rectangle (image, 4, 3, 1, 0, FALSE, RED);
  ck_assert_int_eq (changed.x, 1);
  ck_assert_int_eq (changed.y, 0);
  ck_assert_uint_eq (changed.width, 4);
  ck_assert_uint_eq (changed.height, 4);
  ck_assert_uint_eq (count_colour (image, RED), 12); /* 4×4 outline */
  ck_assert_uint_eq (tsr_pixel_get (image, 2, 1), CLEAR);
  changed = tsr_pixel_rectangle (image, 1, 0, 4, 3, TRUE, GREEN);
  ck_assert_uint_eq (count_colour (image, GREEN), 16);
  /* Partly outside: the outline's hidden sides are not drawn on the edge. */
  tsr_image_free (image);
  image = image_filled (6, 5, CLEAR);
  tsr_pixel_rectangle (image, -3, -3, 2, 2, FALSE, RED);
  ck_assert_uint_eq (count_colour (image, RED), 5);
  ck_assert_uint_eq (tsr_pixel_get (image, 0, 0), CLEAR);
  ck_assert_uint_eq (tsr_pixel_get (image, 2, 2), RED);
  changed = tsr_pixel_rectangle (image, 100, 100, 200, 200, TRUE, RED);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  changed = tsr_pixel_rectangle (image, G_MININT, G_MININT, G_MAXINT, G_MAXINT, TRUE, BLUE);
  ck_assert_uint_eq (changed.width, 6);
  ck_assert_uint_eq (count_colour (image, BLUE), 30);
}
END_TEST

START_TEST (test_flood_fill)
{
  g_autoptr(TsrImage) image = image_filled (7, 7, CLEAR);
  g_autoptr(TsrImage) one = image_filled (1, 1, RED);
  TsrPixelRect changed;

  /* A closed box: filling inside stays inside, outside stays outside. */
  tsr_pixel_rectangle (image, 1, 1, 5, 5, FALSE, RED);
  changed = tsr_pixel_flood_fill (image, 3, 3, GREEN);
  ck_assert_uint_eq (count_colour (image, GREEN), 9);
  ck_assert_int_eq (changed.x, 2);
  ck_assert_uint_eq (changed.width, 3);
  changed = tsr_pixel_flood_fill (image, 0, 0, BLUE);
  ck_assert_uint_eq (count_colour (image, BLUE), 49 - 16 - 9);
  ck_assert_uint_eq (count_colour (image, GREEN), 9);
  /* 4-connected: a diagonal gap does not leak. */
  {
    g_autoptr(TsrImage) corner = image_filled (3, 3, CLEAR);

    tsr_pixel_pencil (corner, 0, 1, RED);
    tsr_pixel_pencil (corner, 1, 0, RED);
    changed = tsr_pixel_flood_fill (corner, 0, 0, GREEN);
    ck_assert_uint_eq (changed.width, 1);
    ck_assert_uint_eq (count_colour (corner, GREEN), 1);
    ck_assert_uint_eq (count_colour (corner, CLEAR), 6);
  }
  /* Same colour: nothing. Alpha counts as a difference. */
  changed = tsr_pixel_flood_fill (image, 3, 3, GREEN);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  changed = tsr_pixel_flood_fill (image, 3, 3, GREEN & 0xffffff00u);
  ck_assert_uint_eq (count_colour (image, GREEN & 0xffffff00u), 9);
  /* Outside: nothing. */
  changed = tsr_pixel_flood_fill (image, -1, 3, GREEN);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  changed = tsr_pixel_flood_fill (image, 7, 0, GREEN);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  /* 1×1. */
  changed = tsr_pixel_flood_fill (one, 0, 0, BLUE);
  ck_assert_uint_eq (changed.width, 1);
  ck_assert_uint_eq (tsr_pixel_get (one, 0, 0), BLUE);
  changed = tsr_pixel_flood_fill (one, 0, 0, BLUE);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
}
END_TEST

START_TEST (test_flood_fill_large)
{
  /* A whole 512×512 image of one colour: every pixel once, no recursion. */
  g_autoptr(TsrImage) image = image_filled (512, 512, RED);
  TsrPixelRect changed = tsr_pixel_flood_fill (image, 511, 0, GREEN);

  ck_assert_uint_eq (changed.width, 512);
  ck_assert_uint_eq (changed.height, 512);
  ck_assert_uint_eq (count_colour (image, GREEN), 512 * 512);
}
END_TEST

START_TEST (test_flip_rotate)
{
  g_autoptr(TsrImage) image = image_filled (3, 3, CLEAR);
  g_autoptr(TsrImage) wide = image_filled (4, 2, CLEAR);
  g_autoptr(TsrImage) before = NULL;
  TsrPixelRect all = { 0, 0, 3, 3 };
  TsrPixelRect changed;

  tsr_pixel_pencil (image, 0, 0, RED);
  tsr_pixel_pencil (image, 1, 0, GREEN);
  tsr_pixel_flip (image, &all, TRUE);
  ck_assert_uint_eq (tsr_pixel_get (image, 2, 0), RED);
  ck_assert_uint_eq (tsr_pixel_get (image, 1, 0), GREEN);
  ck_assert_uint_eq (tsr_pixel_get (image, 0, 0), CLEAR);
  tsr_pixel_flip (image, &all, FALSE);
  ck_assert_uint_eq (tsr_pixel_get (image, 2, 2), RED);
  ck_assert_uint_eq (tsr_pixel_get (image, 1, 2), GREEN);
  /* Clockwise: bottom-right → bottom-left, bottom-middle → middle-left. */
  ck_assert (tsr_pixel_rotate (image, &all, TRUE, &changed));
  ck_assert_uint_eq (changed.width, 3);
  ck_assert_uint_eq (tsr_pixel_get (image, 0, 2), RED);
  ck_assert_uint_eq (tsr_pixel_get (image, 0, 1), GREEN);
  before = tsr_image_copy (image);
  /* Four quarter turns, or one each way, give the same bytes. */
  for (guint i = 0; i < 4; i++)
    ck_assert (tsr_pixel_rotate (image, &all, TRUE, NULL));
  ck_assert_mem_eq (image->pixels, before->pixels, 36);
  ck_assert (tsr_pixel_rotate (image, &all, TRUE, NULL));
  ck_assert (tsr_pixel_rotate (image, &all, FALSE, NULL));
  ck_assert_mem_eq (image->pixels, before->pixels, 36);
  /* Non-square, empty and partly outside areas are refused, untouched. */
  ck_assert (!tsr_pixel_rotate (wide, &(TsrPixelRect) { 0, 0, 4, 2 }, TRUE, &changed));
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  ck_assert (!tsr_pixel_rotate (image, &(TsrPixelRect) { 2, 2, 2, 2 }, TRUE, NULL));
  ck_assert (!tsr_pixel_rotate (image, &(TsrPixelRect) { 0, 0, 0, 0 }, TRUE, NULL));
  ck_assert_mem_eq (image->pixels, before->pixels, 36);
  /* A square selection inside a wide image turns. */
  tsr_pixel_pencil (wide, 1, 0, RED);
  ck_assert (tsr_pixel_rotate (wide, &(TsrPixelRect) { 1, 0, 2, 2 }, TRUE, NULL));
  ck_assert_uint_eq (tsr_pixel_get (wide, 2, 0), RED);
  /* Flipping a uniform area changes nothing; flipping outside changes nothing. */
  changed = tsr_pixel_flip (wide, &(TsrPixelRect) { 3, 0, 1, 2 }, TRUE);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  changed = tsr_pixel_flip (wide, &(TsrPixelRect) { 10, 10, 3, 3 }, FALSE);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
}
END_TEST

START_TEST (test_selection_copy_paste_move)
{
  g_autoptr(TsrImage) image = image_filled (5, 5, CLEAR);
  g_autoptr(TsrImage) other = image_filled (3, 3, GREEN);
  g_autoptr(TsrImage) clip = NULL;
  TsrPixelRect changed;

  tsr_pixel_rectangle (image, 0, 0, 1, 1, TRUE, RED);
  tsr_pixel_pencil (image, 1, 1, BLUE);
  clip = tsr_pixel_copy (image, &(TsrPixelRect) { -1, 0, 3, 2 });
  ck_assert_uint_eq (clip->width, 3);
  ck_assert_uint_eq (tsr_pixel_get (clip, 0, 0), CLEAR); /* outside the image */
  ck_assert_uint_eq (tsr_pixel_get (clip, 1, 0), RED);
  ck_assert_uint_eq (tsr_pixel_get (clip, 2, 1), BLUE);
  /* Paste into another image (between tiles): transparent pixels of the clip are written too. */
  changed = tsr_pixel_paste (other, clip, 1, 1);
  ck_assert_uint_eq (tsr_pixel_get (other, 1, 1), CLEAR);
  ck_assert_uint_eq (tsr_pixel_get (other, 2, 1), RED);
  ck_assert_uint_eq (tsr_pixel_get (other, 2, 2), RED);
  ck_assert_uint_eq (tsr_pixel_get (other, 0, 0), GREEN);
  ck_assert_int_eq (changed.x, 1);
  ck_assert_uint_eq (changed.width, 2);
  changed = tsr_pixel_paste (other, clip, -100, 100);
  ck_assert (tsr_pixel_rect_is_empty (&changed));
  /* Move: the source becomes transparent, the pixels land at the offset (the overlap too). */
  changed = tsr_pixel_move (image, &(TsrPixelRect) { 0, 0, 2, 2 }, 1, 1);
  ck_assert_uint_eq (tsr_pixel_get (image, 0, 0), CLEAR);
  ck_assert_uint_eq (tsr_pixel_get (image, 1, 1), RED);
  ck_assert_uint_eq (tsr_pixel_get (image, 2, 2), BLUE);
  ck_assert_uint_eq (count_colour (image, RED), 3);
  ck_assert_int_eq (changed.x, 0);
  ck_assert_uint_eq (changed.width, 3);
  /* Moved partly out of the image: what leaves is lost. */
  tsr_pixel_move (image, &(TsrPixelRect) { 1, 1, 2, 2 }, 3, 0);
  ck_assert_uint_eq (count_colour (image, RED), 2);
  ck_assert_uint_eq (count_colour (image, BLUE), 0);
}
END_TEST

START_TEST (test_palette)
{
  g_autoptr(TsrImage) image = image_filled (4, 4, CLEAR);
  g_autoptr(GArray) palette = NULL;
  g_autoptr(GArray) limited = NULL;

  tsr_pixel_pencil (image, 2, 0, RED);
  tsr_pixel_pencil (image, 3, 3, BLUE);
  tsr_pixel_pencil (image, 0, 1, RED);
  palette = tsr_pixel_palette (image, 0);
  ck_assert_uint_eq (palette->len, 3);
  ck_assert_uint_eq (g_array_index (palette, guint32, 0), CLEAR);
  ck_assert_uint_eq (g_array_index (palette, guint32, 1), RED);
  ck_assert_uint_eq (g_array_index (palette, guint32, 2), BLUE);
  limited = tsr_pixel_palette (image, 2);
  ck_assert_uint_eq (limited->len, 2);
}
END_TEST

static void
assert_images_equal (Owner     *owner,
                     GPtrArray *copies)
{
  for (guint i = 0; i < owner->images->len; i++)
    {
      TsrImage *a = g_ptr_array_index (owner->images, i), *b = g_ptr_array_index (copies, i);

      ck_assert_mem_eq (a->pixels, b->pixels, (gsize) a->width * a->height * 4);
    }
}

static GPtrArray *
copy_images (Owner *owner)
{
  GPtrArray *copies = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);

  for (guint i = 0; i < owner->images->len; i++)
    g_ptr_array_add (copies, tsr_image_copy (g_ptr_array_index (owner->images, i)));
  return copies;
}

START_TEST (test_stroke_one_undo_step)
{
  Owner *owner = owner_new (2, 16, 16);
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(GPtrArray) loaded = copy_images (owner);
  g_autoptr(GPtrArray) drawn = NULL;
  TsrPixelStroke *stroke;
  TsrCommand *command;
  const TsrPixelRect *area;

  /* A pencil stroke of many pixels on image 1: the owner is untouched until the stroke ends. */
  stroke = tsr_pixel_stroke_begin (&owner_target, owner, 1);
  ck_assert_ptr_nonnull (stroke);
  for (gint i = 0; i < 10; i++)
    tsr_pixel_pencil (tsr_pixel_stroke_get_image (stroke), 3 + i, 4 + i / 2, RED);
  assert_images_equal (owner, loaded);
  ck_assert_uint_eq (owner->changes, 0);
  command = tsr_pixel_stroke_finish (stroke, "Pencil");
  ck_assert_ptr_nonnull (command);
  area = tsr_pixel_command_get_area (TSR_PIXEL_COMMAND (command));
  ck_assert_int_eq (area->x, 3);
  ck_assert_int_eq (area->y, 4);
  ck_assert_uint_eq (area->width, 10);
  ck_assert_uint_eq (area->height, 5);
  tsr_undo_stack_push (stack, command);
  ck_assert_uint_eq (owner->changes, 1);
  ck_assert_uint_eq (owner->last_index, 1);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 1);
  ck_assert_uint_eq (tsr_pixel_get (g_ptr_array_index (owner->images, 1), 12, 8), RED);
  drawn = copy_images (owner);
  /* A second stroke (line preview redrawn several times) is its own step. */
  stroke = tsr_pixel_stroke_begin (&owner_target, owner, 1);
  for (gint end = 0; end < 16; end++)
    {
      tsr_pixel_stroke_reset (stroke);
      tsr_pixel_line (tsr_pixel_stroke_get_image (stroke), 0, 15, end, 0, GREEN);
    }
  tsr_undo_stack_push (stack, tsr_pixel_stroke_finish (stroke, "Line"));
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 2);
  ck_assert_uint_eq (tsr_pixel_get (g_ptr_array_index (owner->images, 1), 15, 0), GREEN);
  ck_assert_uint_eq (tsr_pixel_get (g_ptr_array_index (owner->images, 1), 0, 15), GREEN);
  /* Undo, undo: the loaded bytes; redo: the drawn ones. */
  ck_assert (tsr_undo_stack_undo (stack));
  assert_images_equal (owner, drawn);
  ck_assert (tsr_undo_stack_undo (stack));
  assert_images_equal (owner, loaded);
  ck_assert (tsr_undo_stack_redo (stack));
  assert_images_equal (owner, drawn);
  /* A stroke that ends where it began is no command at all. */
  stroke = tsr_pixel_stroke_begin (&owner_target, owner, 0);
  tsr_pixel_pencil (tsr_pixel_stroke_get_image (stroke), 0, 0, RED);
  tsr_pixel_stroke_reset (stroke);
  ck_assert_ptr_null (tsr_pixel_stroke_finish (stroke, "Pencil"));
  stroke = tsr_pixel_stroke_begin (&owner_target, owner, 0);
  tsr_pixel_flood_fill (tsr_pixel_stroke_get_image (stroke), 0, 0, tsr_pixel_get (g_ptr_array_index (owner->images, 0), 0, 0));
  ck_assert_ptr_null (tsr_pixel_stroke_finish (stroke, "Fill"));
  /* No such image. */
  ck_assert_ptr_null (tsr_pixel_stroke_begin (&owner_target, owner, 2));
  tsr_undo_stack_clear (stack);
  owner_free (owner);
}
END_TEST

/* Property: random strokes of every tool on random images, then undo all: the loaded bytes; redo
 * all: the bytes after the last stroke. */
START_TEST (test_random_strokes_undone)
{
  GRand *rand = g_rand_new_with_seed (0x5e7 + (guint32) _i);
  Owner *owner = owner_new (3, 1 + g_rand_int_range (rand, 0, 20), 1 + g_rand_int_range (rand, 0, 20));
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(GPtrArray) loaded = copy_images (owner);
  g_autoptr(GPtrArray) final = NULL;
  guint pushed = 0;

  for (guint step = 0; step < 60; step++)
    {
      guint index = (guint) g_rand_int_range (rand, 0, 3);
      TsrPixelStroke *stroke = tsr_pixel_stroke_begin (&owner_target, owner, index);
      TsrImage *image = tsr_pixel_stroke_get_image (stroke);
      gint w = (gint) image->width, h = (gint) image->height;
      gint x0 = g_rand_int_range (rand, -3, w + 3), y0 = g_rand_int_range (rand, -3, h + 3);
      gint x1 = g_rand_int_range (rand, -3, w + 3), y1 = g_rand_int_range (rand, -3, h + 3);
      guint32 colour = g_rand_boolean (rand) ? g_rand_int (rand) : tsr_pixel_get (image, x0, y0);
      TsrPixelRect area = { MIN (x0, x1), MIN (y0, y1), (guint) ABS (x1 - x0) + 1, (guint) ABS (y1 - y0) + 1 };
      TsrCommand *command;

      switch (g_rand_int_range (rand, 0, 10))
        {
        case 0: tsr_pixel_pencil (image, x0, y0, colour); tsr_pixel_pencil (image, x1, y1, colour); break;
        case 1: tsr_pixel_line (image, x0, y0, x1, y1, colour); break;
        case 2: tsr_pixel_rectangle (image, x0, y0, x1, y1, g_rand_boolean (rand), colour); break;
        case 3: tsr_pixel_flood_fill (image, x0, y0, colour); break;
        case 4: tsr_pixel_pencil (image, x0, y0, CLEAR); break;
        case 5: tsr_pixel_flip (image, &area, g_rand_boolean (rand)); break;
        case 6:
          area.height = area.width;
          tsr_pixel_rotate (image, &area, g_rand_boolean (rand), NULL);
          break;
        case 7: tsr_pixel_move (image, &area, x1 - x0, y0 - y1); break;
        case 8:
          {
            g_autoptr(TsrImage) clip = tsr_pixel_copy (g_ptr_array_index (owner->images, (index + 1) % 3), &area);

            tsr_pixel_paste (image, clip, x1, y0);
            break;
          }
        default:
          tsr_pixel_stroke_reset (stroke);
          break;
        }
      command = tsr_pixel_stroke_finish (stroke, "Stroke");
      if (command != NULL)
        {
          tsr_undo_stack_push (stack, command);
          pushed++;
        }
    }
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), pushed);
  final = copy_images (owner);
  while (tsr_undo_stack_undo (stack))
    ;
  assert_images_equal (owner, loaded);
  while (tsr_undo_stack_redo (stack))
    ;
  assert_images_equal (owner, final);
  tsr_undo_stack_clear (stack);
  owner_free (owner);
  g_rand_free (rand);
}
END_TEST

/* An owner whose images are encoded records: one index image, strokes become its own command. */
typedef struct {
  TsrImage *image;
  guint     made;
  TsrPixelRect area;
  guint8   *after;    /* the indexes the last command was made from */
} IndexedOwner;

static gboolean
indexed_get_image (gpointer  data,
                   guint     index,
                   TsrImage *out)
{
  IndexedOwner *owner = data;

  if (index != 7)
    return FALSE;
  *out = *owner->image;
  return TRUE;
}

static TsrCommand *
indexed_make_command (gpointer            data,
                      guint               index,
                      const TsrImage     *after,
                      const TsrPixelRect *area,
                      const char         *description)
{
  IndexedOwner *owner = data;

  ck_assert_uint_eq (index, 7);
  ck_assert_str_eq (description, "Pencil");
  owner->made++;
  owner->area = *area;
  g_free (owner->after);
  owner->after = tsr_pixel_index_image_get (after);
  /* A command of the owner's own kind; a refusing owner gives NULL. */
  return owner->made == 1 ? NULL : TSR_COMMAND (tsr_pixel_command_new (&owner_target, NULL, 0, area, after->pixels, after->pixels, description));
}

static const TsrPixelTarget indexed_target = { indexed_get_image, NULL, indexed_make_command };

/* Index images: values 0x000000II; the tools work on indexes unchanged. */
START_TEST (test_index_images)
{
  static const guint8 indexes[4 * 3] = { 0, 5, 5, 9,
                                         5, 5, 0, 9,
                                         200, 5, 0, 0 };
  g_autoptr(TsrImage) image = tsr_pixel_index_image_new (4, 3, indexes);
  g_autoptr(TsrImage) rendered = NULL;
  g_autofree guint8 *back = NULL;
  guint32 palette[256];
  TsrPixelRect changed;
  IndexedOwner owner = { 0 };
  TsrPixelStroke *stroke;
  TsrCommand *command;

  ck_assert_ptr_nonnull (image);
  back = tsr_pixel_index_image_get (image);
  ck_assert_mem_eq (back, indexes, sizeof indexes);
  g_clear_pointer (&back, g_free);
  /* The picker reads an index. */
  ck_assert_uint_eq (tsr_pixel_get (image, 0, 2), 200);
  ck_assert_uint_eq (tsr_pixel_get (image, 1, 0), 5);
  /* Flood fill compares indexes: the 4-connected 5s become 7, the 5 at (1, 2) too (below (1, 1)). */
  changed = tsr_pixel_flood_fill (image, 1, 0, 7);
  ck_assert (!tsr_pixel_rect_is_empty (&changed));
  back = tsr_pixel_index_image_get (image);
  {
    static const guint8 filled[4 * 3] = { 0, 7, 7, 9,
                                          7, 7, 0, 9,
                                          200, 7, 0, 0 };
    ck_assert_mem_eq (back, filled, sizeof filled);
  }
  g_clear_pointer (&back, g_free);
  /* The eraser writes index 0; a move leaves index 0 behind. */
  tsr_pixel_pencil (image, 3, 0, CLEAR);
  ck_assert_uint_eq (tsr_pixel_get (image, 3, 0), 0);
  tsr_pixel_move (image, &(TsrPixelRect) { 0, 2, 1, 1 }, 3, 0);
  ck_assert_uint_eq (tsr_pixel_get (image, 0, 2), 0);
  ck_assert_uint_eq (tsr_pixel_get (image, 3, 2), 200);
  /* Drawn through a palette: index 0 as the palette says (transparent here), others its colour. */
  for (guint i = 0; i < 256; i++)
    palette[i] = (i * 0x01000000u) | 0xff;
  palette[0] = 0;
  rendered = tsr_pixel_index_image_render (image, palette);
  ck_assert_uint_eq (tsr_pixel_get (rendered, 0, 0), 0);
  ck_assert_uint_eq (tsr_pixel_get (rendered, 1, 0), 0x070000ffu);
  ck_assert_uint_eq (tsr_pixel_get (rendered, 3, 2), 0xc80000ffu);

  /* A target with make_command: the stroke's finish hands it the whole image and the changed area
   * and returns its command (here NULL first: the owner refused), the lent image untouched. */
  owner.image = image;
  back = tsr_pixel_index_image_get (image);
  stroke = tsr_pixel_stroke_begin (&indexed_target, &owner, 7);
  tsr_pixel_pencil (tsr_pixel_stroke_get_image (stroke), 2, 1, 42);
  command = tsr_pixel_stroke_finish (stroke, "Pencil");
  ck_assert_ptr_null (command);
  ck_assert_uint_eq (owner.made, 1);
  ck_assert_int_eq (owner.area.x, 2);
  ck_assert_int_eq (owner.area.y, 1);
  ck_assert_uint_eq (owner.area.width, 1);
  ck_assert_uint_eq (owner.area.height, 1);
  ck_assert_uint_eq (owner.after[1 * 4 + 2], 42);
  owner.after[1 * 4 + 2] = back[1 * 4 + 2];
  ck_assert_mem_eq (owner.after, back, 12);
  g_clear_pointer (&back, g_free);
  back = tsr_pixel_index_image_get (image);
  ck_assert_uint_eq (back[1 * 4 + 2], 0);
  stroke = tsr_pixel_stroke_begin (&indexed_target, &owner, 7);
  tsr_pixel_line (tsr_pixel_stroke_get_image (stroke), 0, 0, 3, 0, 1);
  command = tsr_pixel_stroke_finish (stroke, "Pencil");
  ck_assert_ptr_nonnull (command);
  ck_assert (TSR_IS_PIXEL_COMMAND (command));
  ck_assert_uint_eq (owner.made, 2);
  ck_assert_uint_eq (owner.area.width, 4);
  g_object_unref (command);
  /* No change: no command asked for. */
  stroke = tsr_pixel_stroke_begin (&indexed_target, &owner, 7);
  ck_assert_ptr_null (tsr_pixel_stroke_finish (stroke, "Pencil"));
  ck_assert_uint_eq (owner.made, 2);
  g_free (owner.after);
}
END_TEST

static Suite *
pixel_tools_suite (void)
{
  Suite *suite = suite_create ("pixel-tools");
  TCase *tcase = tcase_create ("tools");

  tcase_set_timeout (tcase, 120);
  tcase_add_test (tcase, test_pencil_and_eraser);
  tcase_add_test (tcase, test_line);
  tcase_add_test (tcase, test_rectangle);
  tcase_add_test (tcase, test_flood_fill);
  tcase_add_test (tcase, test_flood_fill_large);
  tcase_add_test (tcase, test_flip_rotate);
  tcase_add_test (tcase, test_selection_copy_paste_move);
  tcase_add_test (tcase, test_palette);
  tcase_add_test (tcase, test_stroke_one_undo_step);
  tcase_add_test (tcase, test_index_images);
  tcase_add_loop_test (tcase, test_random_strokes_undone, 0, 20);
  suite_add_tcase (suite, tcase);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (pixel_tools_suite ());
}
