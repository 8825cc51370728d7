/* test-spriteset-editor.c: the spriteset editor's commands (issue 38) on the real sarah.rss and on
 * a hand-made version 2 file: an untouched file saves identical; each edit changes exactly what it
 * names (read back with the codec), its undo gives the loaded bytes and its redo the edited ones;
 * the version 2 header bytes, image count and trailing bytes the codec keeps survive edits; a
 * sheet exported and imported again gives the same pixels; random edits undone give the loaded
 * bytes. */
#include <check.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "model/sphere/tsr-sphere-document.h"
#include "model/sphere/tsr-sphere-spriteset-edit.h"
#include "model/tsr-undo-stack.h"
#include "tsr-test-common.h"

static char *data_dir;

static GBytes *
serialize (TsrDocument *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (document, "saved.rss", &error);

  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (outputs->len, 1);
  return g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
}

static TsrSphereSpriteset *
reparse (TsrDocument *document)
{
  g_autoptr(GBytes) bytes = serialize (document);
  g_autoptr(GError) error = NULL;
  TsrSphereSpriteset *spriteset = tsr_sphere_spriteset_parse (bytes, &error);

  ck_assert_msg (spriteset != NULL, "%s", error ? error->message : "");
  return spriteset;
}

static TsrDocument *
open_sarah (GBytes **original)
{
  g_autofree char *path = g_build_filename (data_dir, "sarah.rss", NULL);
  TsrDocument *document = tsr_test_open_document (data_dir, "sarah.rss");

  *original = tsr_test_read_file (path);
  ck_assert (TSR_IS_SPHERE_DOCUMENT (document));
  return document;
}

static void
assert_bytes_equal (GBytes *a, GBytes *b)
{
  ck_assert_uint_eq (g_bytes_get_size (a), g_bytes_get_size (b));
  ck_assert (g_bytes_equal (a, b));
}

/* The edit just made is one undo step: undo gives ORIGINAL, redo the edited bytes again. */
static void
assert_undo_redo (TsrDocument *document, GBytes *original)
{
  TsrUndoStack *stack = tsr_document_get_undo_stack (document);
  g_autoptr(GBytes) edited = serialize (document);
  g_autoptr(GBytes) undone = NULL, redone = NULL;

  ck_assert (!g_bytes_equal (edited, original));
  ck_assert (tsr_undo_stack_undo (stack));
  undone = serialize (document);
  assert_bytes_equal (undone, original);
  ck_assert (!tsr_document_get_modified (document));
  ck_assert (!tsr_undo_stack_get_can_undo (stack));
  ck_assert (tsr_undo_stack_redo (stack));
  redone = serialize (document);
  assert_bytes_equal (redone, edited);
}

static void
assert_frames_equal (const TsrSphereDirection *a, const TsrSphereDirection *b)
{
  ck_assert_uint_eq (a->frames->len, b->frames->len);
  ck_assert (memcmp (a->frames->data, b->frames->data, a->frames->len * sizeof (TsrSphereFrame)) == 0);
}

static void
assert_direction_equal (const TsrSphereDirection *a, const TsrSphereDirection *b)
{
  ck_assert ((a->name == NULL) == (b->name == NULL));
  if (a->name != NULL)
    ck_assert (g_bytes_equal (a->name, b->name));
  ck_assert (memcmp (a->reserved, b->reserved, sizeof a->reserved) == 0);
  assert_frames_equal (a, b);
}

static const TsrSphereDirection *
direction_of (const TsrSphereSpriteset *spriteset, guint index)
{
  ck_assert_uint_lt (index, spriteset->directions->len);
  return g_ptr_array_index (spriteset->directions, index);
}

static TsrSphereFrame
frame_of (const TsrSphereSpriteset *spriteset, guint direction, guint frame)
{
  const TsrSphereDirection *d = direction_of (spriteset, direction);

  ck_assert_uint_lt (frame, d->frames->len);
  return g_array_index (d->frames, TsrSphereFrame, frame);
}

static const TsrImage *
image_of (const TsrSphereSpriteset *spriteset, guint index)
{
  ck_assert_uint_lt (index, spriteset->images->len);
  return g_ptr_array_index (spriteset->images, index);
}

static gboolean
images_equal (const TsrImage *a, const TsrImage *b)
{
  return a->width == b->width && a->height == b->height
         && memcmp (a->pixels, b->pixels, (gsize) a->width * a->height * 4) == 0;
}

/* Version 2 numbers images by the frames' order in the file: direction A of BEFORE and direction
 * B of AFTER have the same header and frames, each frame the same pixels. */
static void
assert_v2_direction_equal (const TsrSphereSpriteset *before, guint a, const TsrSphereSpriteset *after, guint b)
{
  const TsrSphereDirection *da = direction_of (before, a), *db = direction_of (after, b);

  ck_assert (memcmp (da->reserved, db->reserved, sizeof da->reserved) == 0);
  ck_assert_uint_eq (da->frames->len, db->frames->len);
  for (guint f = 0; f < da->frames->len; f++)
    {
      TsrSphereFrame fa = frame_of (before, a, f), fb = frame_of (after, b, f);

      ck_assert (images_equal (image_of (before, fa.image), image_of (after, fb.image)));
      fa.image = fb.image = 0;
      ck_assert (memcmp (&fa, &fb, sizeof fa) == 0);
    }
}

/* The header, the images up to KEPT_IMAGES and the directions not named in SKIP are as before. */
static void
assert_rest_unchanged (const TsrSphereSpriteset *before, const TsrSphereSpriteset *after, guint kept_images)
{
  ck_assert_uint_eq (after->version, before->version);
  ck_assert_uint_eq (after->frame_width, before->frame_width);
  ck_assert_uint_eq (after->frame_height, before->frame_height);
  ck_assert (memcmp (after->reserved, before->reserved, sizeof before->reserved) == 0);
  for (guint i = 0; i < kept_images; i++)
    ck_assert (images_equal (image_of (before, i), image_of (after, i)));
}

START_TEST (test_untouched_saves_identical)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(TsrDocument) document = open_sarah (&original);
  g_autoptr(GBytes) saved = serialize (document);

  assert_bytes_equal (saved, original);
}
END_TEST

START_TEST (test_direction_edits)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(TsrDocument) document = open_sarah (&original);
  TsrSphereDocument *sphere = TSR_SPHERE_DOCUMENT (document);
  g_autoptr(TsrSphereSpriteset) before = tsr_sphere_spriteset_parse (original, NULL);
  g_autoptr(GError) error = NULL;
  guint n = before->directions->len;

  ck_assert_uint_eq (before->version, 3);
  ck_assert_uint_eq (n, 4);

  /* Add: an empty named direction at place 1, the others after it unchanged. */
  ck_assert (tsr_sphere_document_add_direction (sphere, 1, "dance", &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);
    g_autofree char *name = tsr_sphere_spriteset_direction_name (after, 1);

    ck_assert_uint_eq (after->directions->len, n + 1);
    ck_assert_str_eq (name, "dance");
    ck_assert_uint_eq (direction_of (after, 1)->frames->len, 0);
    assert_direction_equal (direction_of (before, 0), direction_of (after, 0));
    for (guint d = 1; d < n; d++)
      assert_direction_equal (direction_of (before, d), direction_of (after, d + 1));
    ck_assert_uint_eq (after->images->len, before->images->len);
    assert_rest_unchanged (before, after, before->images->len);
  }
  assert_undo_redo (document, original);
  ck_assert (tsr_undo_stack_undo (tsr_document_get_undo_stack (document)));

  /* Rename: only that name. The same name pushes nothing. */
  ck_assert (tsr_sphere_document_rename_direction (sphere, 2, "walk south", &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);
    g_autofree char *name = tsr_sphere_spriteset_direction_name (after, 2);

    ck_assert_str_eq (name, "walk south");
    for (guint d = 0; d < n; d++)
      if (d == 2)
        assert_frames_equal (direction_of (before, d), direction_of (after, d));
      else
        assert_direction_equal (direction_of (before, d), direction_of (after, d));
  }
  assert_undo_redo (document, original);
  ck_assert (tsr_undo_stack_undo (tsr_document_get_undo_stack (document)));
  {
    g_autofree char *same = tsr_sphere_spriteset_direction_name (before, 2);
    ck_assert (tsr_sphere_document_rename_direction (sphere, 2, same, &error));
    ck_assert (!tsr_undo_stack_get_can_undo (tsr_document_get_undo_stack (document)));
  }

  /* Move the first to the end. */
  ck_assert (tsr_sphere_document_move_direction (sphere, 0, n - 1, &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);

    assert_direction_equal (direction_of (before, 0), direction_of (after, n - 1));
    for (guint d = 1; d < n; d++)
      assert_direction_equal (direction_of (before, d), direction_of (after, d - 1));
  }
  assert_undo_redo (document, original);
  ck_assert (tsr_undo_stack_undo (tsr_document_get_undo_stack (document)));

  /* Remove one: its images stay in the file. */
  ck_assert (tsr_sphere_document_remove_direction (sphere, 1, &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);

    ck_assert_uint_eq (after->directions->len, n - 1);
    ck_assert_uint_eq (after->images->len, before->images->len);
    assert_direction_equal (direction_of (before, 0), direction_of (after, 0));
    assert_direction_equal (direction_of (before, 2), direction_of (after, 1));
    assert_rest_unchanged (before, after, before->images->len);
  }
  assert_undo_redo (document, original);
  ck_assert (tsr_undo_stack_undo (tsr_document_get_undo_stack (document)));

  /* Refused: a place past the end, the last direction. */
  ck_assert (!tsr_sphere_document_add_direction (sphere, n + 1, "x", &error));
  ck_assert_int_eq (error->code, TSR_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  ck_assert (!tsr_sphere_document_move_direction (sphere, 0, n, &error));
  g_clear_error (&error);
  for (guint d = 1; d < n; d++)
    ck_assert (tsr_sphere_document_remove_direction (sphere, 1, &error));
  ck_assert (!tsr_sphere_document_remove_direction (sphere, 0, &error));
  ck_assert_int_eq (error->code, TSR_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  while (tsr_undo_stack_undo (tsr_document_get_undo_stack (document)))
    ;
  {
    g_autoptr(GBytes) back = serialize (document);
    assert_bytes_equal (back, original);
  }
}
END_TEST

START_TEST (test_frame_edits)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(TsrDocument) document = open_sarah (&original);
  TsrSphereDocument *sphere = TSR_SPHERE_DOCUMENT (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (document);
  g_autoptr(TsrSphereSpriteset) before = tsr_sphere_spriteset_parse (original, NULL);
  g_autoptr(GError) error = NULL;
  guint images = before->images->len;

  /* Add a frame at 1 of direction 0: a new transparent image, the delay of the frame before. */
  ck_assert (tsr_sphere_document_add_frame (sphere, 0, 1, &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);
    TsrSphereFrame added = frame_of (after, 0, 1);
    const TsrImage *image;

    ck_assert_uint_eq (after->images->len, images + 1);
    ck_assert_uint_eq (added.image, images);
    ck_assert_uint_eq (added.delay, frame_of (before, 0, 0).delay);
    image = image_of (after, images);
    for (gsize i = 0; i < (gsize) image->width * image->height * 4; i++)
      ck_assert_uint_eq (image->pixels[i], 0);
    ck_assert_uint_eq (direction_of (after, 0)->frames->len, direction_of (before, 0)->frames->len + 1);
    for (guint d = 1; d < before->directions->len; d++)
      assert_direction_equal (direction_of (before, d), direction_of (after, d));
    assert_rest_unchanged (before, after, images);
  }
  assert_undo_redo (document, original);
  ck_assert (tsr_undo_stack_undo (stack));

  /* Duplicate frame 3 of direction 2: after it, a copy of its image, its delay. */
  ck_assert (tsr_sphere_document_duplicate_frame (sphere, 2, 3, &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);
    TsrSphereFrame source = frame_of (before, 2, 3), copy = frame_of (after, 2, 4);

    ck_assert_uint_eq (copy.image, images);
    ck_assert_uint_eq (copy.delay, source.delay);
    ck_assert (images_equal (image_of (after, images), image_of (before, source.image)));
    assert_rest_unchanged (before, after, images);
  }
  assert_undo_redo (document, original);
  ck_assert (tsr_undo_stack_undo (stack));

  /* Remove frame 0 of direction 3: the image stays. */
  ck_assert (tsr_sphere_document_remove_frame (sphere, 3, 0, &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);
    const TsrSphereDirection *was = direction_of (before, 3), *now = direction_of (after, 3);

    ck_assert_uint_eq (now->frames->len, was->frames->len - 1);
    ck_assert (memcmp (now->frames->data, &g_array_index (was->frames, TsrSphereFrame, 1),
                       now->frames->len * sizeof (TsrSphereFrame)) == 0);
    ck_assert_uint_eq (after->images->len, images);
  }
  assert_undo_redo (document, original);
  ck_assert (tsr_undo_stack_undo (stack));

  /* Move frame 0 of direction 1 to the end. */
  ck_assert (tsr_sphere_document_move_frame (sphere, 1, 0, 3, &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);

    for (guint f = 0; f < 3; f++)
      {
        TsrSphereFrame a = frame_of (after, 1, f), b = frame_of (before, 1, f + 1);
        ck_assert (memcmp (&a, &b, sizeof a) == 0);
      }
    ck_assert_uint_eq (frame_of (after, 1, 3).image, frame_of (before, 1, 0).image);
  }
  assert_undo_redo (document, original);
  ck_assert (tsr_undo_stack_undo (stack));

  /* Delays typed step by step merge into one step; the same value pushes nothing. */
  {
    guint16 delay = frame_of (before, 0, 2).delay;

    ck_assert (tsr_sphere_document_set_frame_delay (sphere, 0, 2, delay + 1, &error));
    ck_assert (tsr_sphere_document_set_frame_delay (sphere, 0, 2, delay + 12, &error));
    ck_assert (tsr_sphere_document_set_frame_delay (sphere, 0, 2, delay + 12, &error));
    {
      g_autoptr(TsrSphereSpriteset) after = reparse (document);
      TsrSphereFrame expected = frame_of (before, 0, 2);

      expected.delay = delay + 12;
      ck_assert (memcmp (&expected, &g_array_index (direction_of (after, 0)->frames, TsrSphereFrame, 2),
                         sizeof expected) == 0);
    }
    assert_undo_redo (document, original);
    ck_assert (tsr_undo_stack_undo (stack));
  }

  /* A frame image's pixels: only that image. */
  {
    g_autoptr(TsrImage) pixels = tsr_image_copy (image_of (before, 5));

    tsr_image_set_pixel (pixels, 3, 4, 0x11223344u);
    ck_assert (tsr_sphere_document_set_image (sphere, 0, 5, pixels, NULL, &error));
    {
      g_autoptr(TsrSphereSpriteset) after = reparse (document);

      ck_assert (images_equal (image_of (after, 5), pixels));
      for (guint i = 0; i < images; i++)
        if (i != 5)
          ck_assert (images_equal (image_of (after, i), image_of (before, i)));
      for (guint d = 0; d < before->directions->len; d++)
        assert_direction_equal (direction_of (before, d), direction_of (after, d));
    }
    assert_undo_redo (document, original);
    ck_assert (tsr_undo_stack_undo (stack));
    ck_assert (!tsr_sphere_document_set_image (sphere, 0, images, pixels, NULL, &error));
    g_clear_error (&error);
  }

  /* Refused: frames that are not there. */
  ck_assert (!tsr_sphere_document_remove_frame (sphere, 0, 99, &error));
  ck_assert_int_eq (error->code, TSR_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  ck_assert (!tsr_sphere_document_add_frame (sphere, 0, 99, &error));
  g_clear_error (&error);
  ck_assert (!tsr_sphere_document_move_frame (sphere, 9, 0, 1, &error));
  g_clear_error (&error);
  ck_assert (!tsr_undo_stack_get_can_undo (stack));
}
END_TEST

START_TEST (test_base_drag_is_one_step)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(TsrDocument) document = open_sarah (&original);
  TsrSphereDocument *sphere = TSR_SPHERE_DOCUMENT (document);
  g_autoptr(TsrSphereSpriteset) before = tsr_sphere_spriteset_parse (original, NULL);
  g_autoptr(GError) error = NULL;

  /* A drag: the first change starts a step, the moves continue it; corners stored normalised. */
  ck_assert (tsr_sphere_document_set_base (sphere, 1, 2, 14, 27, FALSE, &error));
  ck_assert (tsr_sphere_document_set_base (sphere, 12, 20, 3, 5, TRUE, &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);

    ck_assert_int_eq (after->base_x1, 3);
    ck_assert_int_eq (after->base_y1, 5);
    ck_assert_int_eq (after->base_x2, 12);
    ck_assert_int_eq (after->base_y2, 20);
    for (guint d = 0; d < before->directions->len; d++)
      assert_direction_equal (direction_of (before, d), direction_of (after, d));
    assert_rest_unchanged (before, after, before->images->len);
  }
  assert_undo_redo (document, original);
  /* A second drag is a step of its own. */
  ck_assert (tsr_sphere_document_set_base (sphere, 0, 0, 1, 1, FALSE, &error));
  ck_assert (tsr_undo_stack_undo (tsr_document_get_undo_stack (document)));
  ck_assert_int_eq (tsr_sphere_document_get_edited_spriteset (sphere)->base_x2, 12);
  ck_assert (!tsr_sphere_document_set_base (sphere, 0, 0, 40000, 1, FALSE, &error));
  ck_assert_int_eq (error->code, TSR_ERROR_OUT_OF_RANGE);
}
END_TEST

/* A version 2 file with what the codec keeps but does not use: non-zero reserved bytes in the
 * header, direction and frame headers, a stored image count that disagrees with the frames (9 for
 * 3), and bytes after the data. */
static GBytes *
make_v2 (void)
{
  g_autoptr(TsrSphereSpriteset) spriteset = tsr_sphere_spriteset_new (2, 4, 3);
  g_autoptr(GBytes) tail = g_bytes_new_static ("TAIL", 4);

  for (guint i = 0; i < sizeof spriteset->reserved; i++)
    spriteset->reserved[i] = (guint8) (i * 7 + 1);
  spriteset->base_x1 = 1, spriteset->base_y1 = 1, spriteset->base_x2 = 2, spriteset->base_y2 = 2;
  for (guint d = 0; d < 2; d++)
    {
      TsrSphereDirection *direction = tsr_sphere_spriteset_add_direction (spriteset, NULL);

      memset (direction->reserved, 0xd0 + d, sizeof direction->reserved);
      for (guint f = 0; f < (d == 0 ? 2u : 1u); f++)
        {
          TsrSphereFrame frame = { 0 };
          TsrImage *image = tsr_image_new (4, 3);

          frame.image = (guint16) spriteset->images->len;
          frame.delay = (guint16) (5 + f);
          frame.width = 4, frame.height = 3;
          memset (frame.reserved, 0xf0 + f, sizeof frame.reserved);
          memset (image->pixels, 0x20 + spriteset->images->len, 4 * 3 * 4);
          g_ptr_array_add (spriteset->images, image);
          g_array_append_val (direction->frames, frame);
        }
    }
  spriteset->image_count = 9;
  spriteset->trailing = g_bytes_ref (tail);
  return tsr_sphere_spriteset_serialize (spriteset);
}

START_TEST (test_version2_keeps_what_it_does_not_use)
{
  g_autoptr(GBytes) original = make_v2 ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_document_new_from_bytes (original, "old.rss", &error);
  g_autoptr(TsrSphereSpriteset) before = tsr_sphere_spriteset_parse (original, NULL);
  TsrSphereDocument *sphere;

  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
  sphere = TSR_SPHERE_DOCUMENT (document);
  ck_assert_uint_eq (before->image_count, 9);
  {
    g_autoptr(GBytes) untouched = serialize (document);
    assert_bytes_equal (untouched, original);
  }

  /* A duplicated frame: its header bytes copied, the count moves by one, the rest kept. */
  ck_assert (tsr_sphere_document_duplicate_frame (sphere, 0, 1, &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);
    TsrSphereFrame source = frame_of (before, 0, 1), copy = frame_of (after, 0, 2);

    ck_assert_uint_eq (after->image_count, 10);
    ck_assert (memcmp (copy.reserved, source.reserved, sizeof source.reserved) == 0);
    ck_assert_uint_eq (copy.delay, source.delay);
    ck_assert (images_equal (image_of (after, copy.image), image_of (before, source.image)));
    ck_assert (memcmp (direction_of (after, 0)->reserved, direction_of (before, 0)->reserved, 62) == 0);
    assert_v2_direction_equal (before, 1, after, 1);
    ck_assert (memcmp (after->reserved, before->reserved, sizeof before->reserved) == 0);
    ck_assert_ptr_nonnull (after->trailing);
    ck_assert (g_bytes_equal (after->trailing, before->trailing));
  }
  assert_undo_redo (document, original);
  ck_assert (tsr_undo_stack_undo (tsr_document_get_undo_stack (document)));

  /* A removed direction takes its frames' count with it; version 2 has no names to rename. */
  ck_assert (tsr_sphere_document_remove_direction (sphere, 0, &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);

    ck_assert_uint_eq (after->image_count, 7);
    ck_assert_uint_eq (after->images->len, 1);
    assert_v2_direction_equal (before, 1, after, 0);
  }
  assert_undo_redo (document, original);
  ck_assert (tsr_undo_stack_undo (tsr_document_get_undo_stack (document)));
  ck_assert (!tsr_sphere_document_rename_direction (sphere, 0, "north", &error));
  ck_assert_int_eq (error->code, TSR_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);

  /* A new direction: a 62-byte header of zeros, no name. */
  ck_assert (tsr_sphere_document_add_direction (sphere, 2, NULL, &error));
  ck_assert (tsr_sphere_document_add_frame (sphere, 2, 0, &error));
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);
    static const guint8 zeros[62] = { 0 };

    ck_assert_uint_eq (after->directions->len, 3);
    ck_assert (memcmp (direction_of (after, 2)->reserved, zeros, 62) == 0);
    ck_assert_uint_eq (frame_of (after, 2, 0).width, 4);
    ck_assert_uint_eq (frame_of (after, 2, 0).height, 3);
    ck_assert_uint_eq (after->image_count, 10);
  }
}
END_TEST

START_TEST (test_sheet_export_and_import)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(TsrDocument) document = open_sarah (&original);
  TsrSphereDocument *sphere = TSR_SPHERE_DOCUMENT (document);
  const TsrSphereSpriteset *spriteset = tsr_sphere_document_get_edited_spriteset (sphere);
  g_autoptr(TsrImage) sheet = tsr_sphere_spriteset_export_sheet (spriteset, -1);
  g_autoptr(TsrImage) strip = tsr_sphere_spriteset_export_sheet (spriteset, 0);
  g_autoptr(TsrImage) odd = NULL;
  g_autoptr(GError) error = NULL;
  guint w = spriteset->frame_width, h = spriteset->frame_height, images = spriteset->images->len;
  const TsrSphereDirection *added;

  ck_assert_ptr_nonnull (sheet);
  ck_assert_uint_eq (sheet->width, 4 * w);
  ck_assert_uint_eq (sheet->height, spriteset->directions->len * h);
  ck_assert_uint_eq (strip->height, h);
  /* Every cell of the sheet is its frame's image. */
  for (guint d = 0; d < spriteset->directions->len; d++)
    for (guint f = 0; f < 4; f++)
      {
        g_autoptr(TsrImage) cell = tsr_image_crop (sheet, f * w, d * h, w, h);
        ck_assert (images_equal (cell, image_of (spriteset, frame_of (spriteset, d, f).image)));
      }

  /* The whole sheet into a new direction: 16 frames read row by row, one undo step. */
  ck_assert (tsr_sphere_document_add_direction (sphere, 4, "all", &error));
  ck_assert (tsr_sphere_document_import_strip (sphere, 4, sheet, TSR_SPHERE_STRIP_APPEND, "sheet.png", &error));
  added = direction_of (spriteset, 4);
  ck_assert_uint_eq (added->frames->len, 16);
  ck_assert_uint_eq (spriteset->images->len, images + 16);
  for (guint i = 0; i < 16; i++)
    ck_assert (images_equal (image_of (spriteset, g_array_index (added->frames, TsrSphereFrame, i).image),
                             image_of (spriteset, frame_of (spriteset, i / 4, i % 4).image)));
  /* Exported again, the new direction's row is the old sheet's rows side by side. */
  {
    g_autoptr(TsrImage) row = tsr_sphere_spriteset_export_sheet (spriteset, 4);
    ck_assert_uint_eq (row->width, 16 * w);
  }
  odd = tsr_image_new (w * 2, h + 1);
  ck_assert (!tsr_sphere_document_import_strip (sphere, 0, odd, TSR_SPHERE_STRIP_APPEND, "odd.png", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "odd.png"));
  g_clear_error (&error);
  ck_assert (tsr_undo_stack_undo (tsr_document_get_undo_stack (document)));
  ck_assert (tsr_undo_stack_undo (tsr_document_get_undo_stack (document)));
  {
    g_autoptr(GBytes) back = serialize (document);
    assert_bytes_equal (back, original);
  }
}
END_TEST

/* Random edits of every kind, then undo all: the loaded bytes; redo all: the edited bytes. */
START_TEST (test_random_edits_undone)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(TsrDocument) document = open_sarah (&original);
  TsrSphereDocument *sphere = TSR_SPHERE_DOCUMENT (document);
  TsrUndoStack *stack = tsr_document_get_undo_stack (document);
  const TsrSphereSpriteset *spriteset = tsr_sphere_document_get_edited_spriteset (sphere);
  g_autoptr(GRand) rand = g_rand_new_with_seed (38);
  g_autoptr(GBytes) edited = NULL, undone = NULL, redone = NULL;
  guint done = 0;

  for (guint step = 0; step < 300; step++)
    {
      guint n = spriteset->directions->len;
      guint d = (guint) g_rand_int_range (rand, 0, (gint32) n);
      guint frames = direction_of (spriteset, d)->frames->len;
      guint f = frames > 0 ? (guint) g_rand_int_range (rand, 0, (gint32) frames) : 0;
      gboolean ok = FALSE;
      g_autoptr(GError) error = NULL;

      switch (g_rand_int_range (rand, 0, 11))
        {
        case 0: ok = tsr_sphere_document_add_direction (sphere, (guint) g_rand_int_range (rand, 0, (gint32) n + 1), "r", &error); break;
        case 1: ok = tsr_sphere_document_rename_direction (sphere, d, step % 2 ? "a" : "b", &error); break;
        case 2: ok = tsr_sphere_document_move_direction (sphere, d, (guint) g_rand_int_range (rand, 0, (gint32) n), &error); break;
        case 3: ok = n > 2 && tsr_sphere_document_remove_direction (sphere, d, &error); break;
        case 4: ok = tsr_sphere_document_add_frame (sphere, d, frames > 0 ? f : 0, &error); break;
        case 5: ok = frames > 0 && tsr_sphere_document_duplicate_frame (sphere, d, f, &error); break;
        case 6: ok = frames > 1 && tsr_sphere_document_remove_frame (sphere, d, f, &error); break;
        case 7: ok = frames > 1 && tsr_sphere_document_move_frame (sphere, d, f, 0, &error); break;
        case 8: ok = frames > 0 && tsr_sphere_document_set_frame_delay (sphere, d, f, (guint16) g_rand_int_range (rand, 0, 100), &error); break;
        case 9: ok = tsr_sphere_document_set_base (sphere, g_rand_int_range (rand, 0, 16), g_rand_int_range (rand, 0, 28), 8, 20, FALSE, &error); break;
        default:
          if (frames > 0)
            {
              guint image = frame_of (spriteset, d, f).image;
              g_autoptr(TsrImage) pixels = tsr_image_copy (image_of (spriteset, image));

              tsr_image_set_pixel (pixels, (guint) g_rand_int_range (rand, 0, 16), (guint) g_rand_int_range (rand, 0, 28),
                                   g_rand_int (rand));
              ok = tsr_sphere_document_set_image (sphere, d, image, pixels, NULL, &error);
            }
          break;
        }
      ck_assert_msg (error == NULL, "step %u: %s", step, error ? error->message : "");
      done += ok;
    }
  ck_assert_uint_gt (done, 200);
  edited = serialize (document);
  while (tsr_undo_stack_undo (stack))
    ;
  undone = serialize (document);
  assert_bytes_equal (undone, original);
  while (tsr_undo_stack_redo (stack))
    ;
  redone = serialize (document);
  assert_bytes_equal (redone, edited);
}
END_TEST

/* Version 1 has no directions to edit (its 64 frames are implied): every edit is refused and
 * changes nothing; an empty direction exports nothing. */
START_TEST (test_version1_and_empty_refused)
{
  g_autoptr(TsrSphereSpriteset) v1 = tsr_sphere_spriteset_new (1, 2, 2);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = NULL;
  g_autoptr(TsrImage) strip = tsr_image_new (4, 2);
  g_autoptr(TsrSphereSpriteset) empty = tsr_sphere_spriteset_new (3, 2, 2);
  TsrSphereDocument *sphere;

  for (guint i = 0; i < 64; i++)
    g_ptr_array_add (v1->images, tsr_image_new (2, 2));
  v1->direction_count = 8;
  bytes = tsr_sphere_spriteset_serialize (v1);
  document = tsr_document_new_from_bytes (bytes, "old.rss", &error);
  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
  sphere = TSR_SPHERE_DOCUMENT (document);
  ck_assert (!tsr_sphere_document_add_direction (sphere, 0, "x", &error));
  ck_assert_int_eq (error->code, TSR_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  ck_assert (!tsr_sphere_document_import_strip (sphere, 0, strip, TSR_SPHERE_STRIP_APPEND, "s.png", &error));
  g_clear_error (&error);
  ck_assert (!tsr_sphere_document_set_base (sphere, 0, 0, 1, 1, FALSE, &error));
  g_clear_error (&error);
  ck_assert (!tsr_undo_stack_get_can_undo (tsr_document_get_undo_stack (document)));
  {
    g_autoptr(GBytes) saved = serialize (document);
    assert_bytes_equal (saved, bytes);
  }
  tsr_sphere_spriteset_add_direction (empty, "none");
  ck_assert_ptr_null (tsr_sphere_spriteset_export_sheet (empty, 0));
  ck_assert_ptr_null (tsr_sphere_spriteset_export_sheet (empty, -1));
}
END_TEST

/* The pixel tools draw on a frame's image through the document's image target: one stroke is one
 * undo step that changes only that image; an image that is not there starts no stroke. */
START_TEST (test_pixel_stroke_through_target)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(TsrDocument) document = open_sarah (&original);
  g_autoptr(TsrSphereSpriteset) before = tsr_sphere_spriteset_parse (original, NULL);
  const TsrPixelTarget *target = tsr_sphere_document_get_image_target ();
  TsrPixelStroke *stroke = tsr_pixel_stroke_begin (target, document, 5);
  g_autoptr(TsrImage) expected = tsr_image_copy (image_of (before, 5));
  TsrCommand *command;

  ck_assert_ptr_nonnull (stroke);
  tsr_pixel_line (tsr_pixel_stroke_get_image (stroke), 1, 1, 9, 6, 0xff00ffffu);
  tsr_pixel_line (expected, 1, 1, 9, 6, 0xff00ffffu);
  command = tsr_pixel_stroke_finish (stroke, "Pencil");
  ck_assert_ptr_nonnull (command);
  tsr_document_execute_take (document, command);
  {
    g_autoptr(TsrSphereSpriteset) after = reparse (document);

    ck_assert (images_equal (image_of (after, 5), expected));
    for (guint i = 0; i < before->images->len; i++)
      if (i != 5)
        ck_assert (images_equal (image_of (after, i), image_of (before, i)));
    for (guint d = 0; d < before->directions->len; d++)
      assert_direction_equal (direction_of (before, d), direction_of (after, d));
  }
  assert_undo_redo (document, original);
  ck_assert_ptr_null (tsr_pixel_stroke_begin (target, document, before->images->len));
}
END_TEST

static Suite *
spriteset_editor_suite (void)
{
  Suite *suite = suite_create ("spriteset-editor");
  TCase *commands = tcase_create ("commands");

  tcase_add_test (commands, test_untouched_saves_identical);
  tcase_add_test (commands, test_direction_edits);
  tcase_add_test (commands, test_frame_edits);
  tcase_add_test (commands, test_base_drag_is_one_step);
  tcase_add_test (commands, test_version2_keeps_what_it_does_not_use);
  tcase_add_test (commands, test_sheet_export_and_import);
  tcase_add_test (commands, test_random_edits_undone);
  tcase_add_test (commands, test_version1_and_empty_refused);
  tcase_add_test (commands, test_pixel_stroke_through_target);
  suite_add_tcase (suite, commands);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("sphere");
  return tsr_test_run_suite (spriteset_editor_suite ());
}
