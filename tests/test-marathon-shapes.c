/* test-marathon-shapes.c: Shapes files built from PNG fixtures through the writer and read back;
 * the real shapes patches (round trip, decoding, truncation); patches made and applied. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tsr-test-common.h"
#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-shapes-formats.h"
#include "formats/marathon/tsr-marathon-shapes-patch.h"
#include "formats/marathon/tsr-mac-wrapper.h"
#include "formats/marathon/tsr-wad.h"

static char *data_dir;

#define FIXTURE_COLORS 12

/* Colour c of palette p (p = 0, 1): distinct, and different between the two palettes. */
static guint32
fixture_rgb (guint palette, guint c)
{
  guint8 r = (guint8) (20 * c + 7), g = (guint8) (255 - 17 * c), b = (guint8) (90 + 13 * c);

  return palette == 0 ? ((guint32) r << 16) | ((guint32) g << 8) | b
                      : ((guint32) b << 16) | ((guint32) r << 8) | g;
}

static TsrShapesColorTable *
fixture_table (guint palette)
{
  TsrShapesColorTable *table = g_new0 (TsrShapesColorTable, 1);

  table->count = FIXTURE_COLORS;
  table->colors = g_new0 (TsrShapesColor, FIXTURE_COLORS);
  for (guint c = 0; c < FIXTURE_COLORS; c++)
    {
      guint32 rgb = fixture_rgb (palette, c);
      table->colors[c] = (TsrShapesColor) { 0, (guint8) c, (guint16) (((rgb >> 16) & 0xff) * 257),
                                            (guint16) (((rgb >> 8) & 0xff) * 257), (guint16) ((rgb & 0xff) * 257) };
    }
  return table;
}

/* A fixture image through PNG: colour values 1..11 of palette 0 in an asymmetric pattern, with
 * transparent pixels (value 0) when TRANSPARENT. */
static TsrImage *
fixture_image (guint width, guint height, gboolean transparent, guint seed)
{
  g_autoptr(TsrImage) image = tsr_image_new (width, height);
  g_autoptr(GBytes) png = NULL;

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        guint value = 1 + (x * 3 + y * 5 + seed + x * y / 7) % (FIXTURE_COLORS - 1);
        if (transparent && (x < 2 || (x + y) % 9 == 0 || y >= height - 1))
          continue;
        tsr_image_set_pixel (image, x, y, (fixture_rgb (0, value) << 8) | 0xff);
      }
  png = tsr_image_to_png (image, NULL);
  return tsr_image_load_png (g_bytes_get_data (png, NULL), g_bytes_get_size (png), "fixture.png", NULL);
}

/* The image FIXTURE decodes to with palette 1 instead of 0. */
static TsrImage *
repaint (const TsrImage *fixture)
{
  TsrImage *image = tsr_image_new (fixture->width, fixture->height);

  for (gsize i = 0; i < (gsize) fixture->width * fixture->height; i++)
    {
      const guint8 *p = fixture->pixels + i * 4;
      guint32 rgb = ((guint32) p[0] << 16) | ((guint32) p[1] << 8) | p[2];

      if (p[3] == 0)
        continue;
      for (guint c = 0; c < FIXTURE_COLORS; c++)
        if (fixture_rgb (0, c) == rgb)
          tsr_image_set_pixel (image, (guint) (i % fixture->width), (guint) (i / fixture->width),
                               (fixture_rgb (1, c) << 8) | 0xff);
    }
  return image;
}

static void
assert_same_image (const TsrImage *a, const TsrImage *b, const char *what)
{
  ck_assert_msg (a->width == b->width && a->height == b->height, "%s: sizes differ", what);
  ck_assert_msg (memcmp (a->pixels, b->pixels, (gsize) a->width * a->height * 4) == 0, "%s: pixels differ", what);
}

static TsrImage *
mirror (const TsrImage *image, gboolean x_axis, gboolean y_axis)
{
  TsrImage *out = tsr_image_new (image->width, image->height);

  for (guint y = 0; y < image->height; y++)
    for (guint x = 0; x < image->width; x++)
      memcpy (out->pixels + ((gsize) y * image->width + x) * 4,
              image->pixels + ((gsize) (y_axis ? image->height - 1 - y : y) * image->width
                               + (x_axis ? image->width - 1 - x : x)) * 4, 4);
  return out;
}

static const gint16 view_codes[] = { 1, 2, 3, 4, 5, 8, 9, 10, 11 };

typedef struct {
  TsrImage *images[4];        /* the fixtures of each collection's bitmaps */
} Fixtures;

/* Collection 0: walls, raw, column then row order. Collection 1: objects, RLE, column then row
 * order, frames with every mirror combination, a sequence of every view type. */
static TsrShapesFile *
build_shapes (Fixtures *fixtures)
{
  TsrShapesFile *file = tsr_shapes_file_new ();

  for (guint c = 0; c < 2; c++)
    {
      TsrShapesCollection *collection = tsr_shapes_collection_new (c == 0 ? TSR_SHAPES_COLLECTION_WALL
                                                                          : TSR_SHAPES_COLLECTION_OBJECT,
                                                                   FIXTURE_COLORS);
      TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (collection->definition.type);

      g_ptr_array_add (collection->color_tables, fixture_table (0));
      g_ptr_array_add (collection->color_tables, fixture_table (1));
      for (guint b = 0; b < 2; b++)
        {
          TsrImage *image = fixture_image (c == 0 ? 16 : 13 + b, c == 0 ? 16 : 9 + 2 * b, c == 1, b + c);
          TsrShapesBitmap *bitmap;
          double delta_e = -1;
          g_autoptr(GError) error = NULL;

          options.column_order = b == 0;
          bitmap = tsr_shapes_bitmap_encode (image, g_ptr_array_index (collection->color_tables, 0),
                                             &options, &delta_e, &error);
          ck_assert_msg (bitmap != NULL, "%s", error ? error->message : "");
          ck_assert_msg (delta_e < 1e-9, "an image of the table's colours maps exactly (mean ΔE %g)", delta_e);
          ck_assert_int_eq (bitmap->bytes_per_row < 0, c == 1);
          g_ptr_array_add (collection->bitmaps, bitmap);
          fixtures->images[c * 2 + b] = image;
        }
      for (guint f = 0; f < 4; f++)
        g_ptr_array_add (collection->frames,
                         tsr_shapes_frame_new ((gint16) (f % 2),
                                               (guint16) ((f & 1 ? TSR_SHAPES_FRAME_MIRROR_X : 0)
                                                          | (f & 2 ? TSR_SHAPES_FRAME_MIRROR_Y : 0))));
      if (c == 1)
        for (gsize v = 0; v < G_N_ELEMENTS (view_codes); v++)
          {
            guint views = tsr_shapes_view_count (view_codes[v]);
            gint16 indexes[16];
            g_autofree char *name = g_strdup_printf ("view code %d", view_codes[v]);

            for (guint i = 0; i < views * 2; i++)
              indexes[i] = (gint16) ((i + v) % 4);
            g_ptr_array_add (collection->sequences, tsr_shapes_sequence_new (name, view_codes[v], 2, indexes));
          }
      tsr_shapes_file_set_collection (file, c, 0, collection);
    }
  return file;
}

static void
fixtures_clear (Fixtures *fixtures)
{
  for (guint i = 0; i < 4; i++)
    g_clear_pointer (&fixtures->images[i], tsr_image_free);
}

START_TEST (test_built_shapes_file)
{
  Fixtures fixtures = { { NULL } };
  g_autoptr(TsrShapesFile) built = build_shapes (&fixtures);
  g_autoptr(GBytes) bytes = tsr_shapes_file_serialize (built);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrShapesFile) file = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  ck_assert_uint_eq (tsr_shapes_file_sniff (data, size), TSR_SNIFF_CERTAIN);
  ck_assert_uint_eq (tsr_shapes_patch_sniff (data, size), TSR_SNIFF_NO);
  file = tsr_shapes_file_parse (data, size, &error);
  ck_assert_msg (file != NULL, "%s", error ? error->message : "");
  again = tsr_shapes_file_serialize (file);
  ck_assert (g_bytes_equal (bytes, again));
  tsr_marathon_shapes_format.validate (file, findings);
  ck_assert_msg (findings->len == 0, "%s", findings->len ? ((TsrFinding *) findings->pdata[0])->what : "");

  for (guint c = 0; c < 2; c++)
    {
      const TsrShapesCollection *collection = file->slots[c].versions[0];

      ck_assert_ptr_nonnull (collection);
      ck_assert_ptr_null (file->slots[c].versions[1]);
      ck_assert_uint_eq (collection->color_tables->len, 2);
      ck_assert_uint_eq (collection->bitmaps->len, 2);
      for (guint b = 0; b < 2; b++)
        {
          const TsrShapesBitmap *bitmap = g_ptr_array_index (collection->bitmaps, b);
          g_autoptr(TsrImage) first = tsr_shapes_bitmap_decode (bitmap, g_ptr_array_index (collection->color_tables, 0), NULL);
          g_autoptr(TsrImage) second = tsr_shapes_bitmap_decode (bitmap, g_ptr_array_index (collection->color_tables, 1), NULL);
          g_autoptr(TsrImage) expected_second = repaint (fixtures.images[c * 2 + b]);

          ck_assert_int_eq ((bitmap->flags & TSR_SHAPES_BITMAP_COLUMN_ORDER) != 0, b == 0);
          assert_same_image (first, fixtures.images[c * 2 + b], "table 0");
          assert_same_image (second, expected_second, "table 1");
        }
      for (guint f = 0; f < 4; f++)
        {
          const TsrShapesFrame *frame = g_ptr_array_index (collection->frames, f);
          g_autoptr(TsrImage) decoded = tsr_shapes_frame_decode (collection, frame,
                                                                 g_ptr_array_index (collection->color_tables, 0), NULL);
          g_autoptr(TsrImage) expected = mirror (fixtures.images[c * 2 + f % 2], f & 1, f & 2);

          assert_same_image (decoded, expected, "mirrored frame");
        }
    }
  {
    const TsrShapesCollection *objects = file->slots[1].versions[0];
    ck_assert_uint_eq (objects->sequences->len, G_N_ELEMENTS (view_codes));
    for (guint s = 0; s < objects->sequences->len; s++)
      {
        const TsrShapesSequence *sequence = g_ptr_array_index (objects->sequences, s);
        ck_assert_int_eq (sequence->view_code, view_codes[s]);
        ck_assert_uint_eq (sequence->index_count, tsr_shapes_view_count (view_codes[s]) * 2);
        ck_assert_int_eq (sequence->frame_indexes[1], (gint16) ((1 + s) % 4));
      }
  }
  fixtures_clear (&fixtures);
}
END_TEST

START_TEST (test_built_shapes_extract)
{
  Fixtures fixtures = { { NULL } };
  g_autoptr(TsrShapesFile) file = build_shapes (&fixtures);
  g_autofree char *directory = tsr_test_make_temp_dir ();
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  const char *expected[] = { "c00-t0-b000.png", "c00-t1-b001.png", "c01-t1-b000.png", "c01-t0-f003.png",
                             "c01-t0-s000.png", "c01-t0-s005.png" };

  ck_assert (tsr_marathon_shapes_format.extract (file, directory, written, &error));
  /* 2 collections x 2 tables x 2 bitmaps, 8 frames, 9 sequence sheets. */
  ck_assert_uint_eq (written->len, 8 + 8 + 9);
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *path = g_build_filename (directory, expected[i], NULL);
      ck_assert_msg (g_file_test (path, G_FILE_TEST_EXISTS), "%s missing", expected[i]);
    }
  {
    /* The sheet of a 8-view sequence: 2 frames wide, 8 views high. */
    g_autofree char *path = g_build_filename (directory, "c01-t0-s005.png", NULL);
    g_autoptr(GBytes) png = tsr_test_read_file (path);
    g_autoptr(TsrImage) sheet = tsr_image_load_png (g_bytes_get_data (png, NULL), g_bytes_get_size (png), path, NULL);
    ck_assert_uint_eq (sheet->width, 2 * 14);
    ck_assert_uint_eq (sheet->height, 8 * 11);
  }
  {
    /* PNG import -> extract gives the same pixels back. */
    g_autofree char *path = g_build_filename (directory, "c01-t0-b001.png", NULL);
    g_autoptr(GBytes) png = tsr_test_read_file (path);
    g_autoptr(TsrImage) back = tsr_image_load_png (g_bytes_get_data (png, NULL), g_bytes_get_size (png), path, NULL);
    assert_same_image (back, fixtures.images[3], "extracted PNG");
  }
  fixtures_clear (&fixtures);
}
END_TEST

/* A photo-like image has colours the table lacks: the error is reported, not hidden. */
START_TEST (test_nearest_colour_error)
{
  g_autoptr(TsrImage) photo = tsr_image_new (64, 48);
  g_autoptr(TsrShapesColorTable) table = NULL;
  TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (TSR_SHAPES_COLLECTION_WALL);
  g_autoptr(TsrShapesBitmap) bitmap = NULL;
  double delta_e = -1;

  for (guint y = 0; y < 48; y++)
    for (guint x = 0; x < 64; x++)
      {
        double r = 128 + 100 * sin (x * 0.17 + y * 0.05), g = 128 + 90 * cos (y * 0.21), b = 4.0 * x;
        tsr_image_set_pixel (photo, x, y, ((guint32) r << 24) | ((guint32) g << 16) | ((guint32) MIN (b, 255.0) << 8) | 0xff);
      }
  table = fixture_table (0);
  bitmap = tsr_shapes_bitmap_encode (photo, table, &options, &delta_e, NULL);
  ck_assert_ptr_nonnull (bitmap);
  ck_assert (delta_e > 1.0 && delta_e < 100.0);
  printf ("nearest-colour import of a 64x48 photo into a %d-colour table: mean ΔE76 %.2f\n", FIXTURE_COLORS, delta_e);
}
END_TEST

static const char *const patch_suffixes[] = { ".ShPa", NULL };

START_TEST (test_real_patches)
{
  g_autoptr(GPtrArray) files = tsr_test_data_list (data_dir, patch_suffixes);
  guint bitmaps = 0;

  ck_assert_uint_eq (files->len, 3);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      const TsrFormat *format = tsr_format_registry_detect (tsr_format_registry_get_default (),
                                                            g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                                            path, &error);
      TsrShapesPatch *patch;
      g_autoptr(GPtrArray) outputs = NULL;
      g_autoptr(GPtrArray) findings = tsr_findings_new ();

      ck_assert_ptr_eq (format, &tsr_marathon_shapes_patch_format);
      patch = format->load (path, bytes, &error);
      ck_assert_msg (patch != NULL, "%s: %s", path, error ? error->message : "");
      outputs = format->save (patch, path, &error);
      ck_assert (g_bytes_equal (((TsrOutputFile *) outputs->pdata[0])->bytes, bytes));
      format->validate (patch, findings);
      ck_assert_msg (tsr_findings_count (findings, TSR_SEVERITY_ERROR) == 0, "%s: %s", path,
                     ((TsrFinding *) findings->pdata[0])->what);

      /* Every bitmap decodes; every sequence's frame indexes are within the frames. */
      for (guint c = 0; c < patch->collections->len; c++)
        {
          const TsrShapesPatchCollection *pc = g_ptr_array_index (patch->collections, c);
          g_autoptr(GPtrArray) parsed = tsr_shapes_patch_collection_bitmaps (pc, &error);
          gint frame_count = -1;

          ck_assert_ptr_nonnull (parsed);
          for (guint b = 0; b < parsed->len; b++)
            {
              const TsrShapesBitmap *bitmap = g_ptr_array_index (parsed, b);
              g_autoptr(TsrImage) image = tsr_shapes_bitmap_decode (bitmap, NULL, &error);
              ck_assert_msg (image != NULL, "%s: %s", path, error ? error->message : "");
              bitmaps++;
            }
          for (guint r = 0; r < pc->records->len; r++)
            {
              const TsrShapesPatchRecord *record = g_ptr_array_index (pc->records, r);
              if (record->tag == TSR_SHAPES_PATCH_CLDF)
                {
                  TsrShapesDefinition definition;
                  tsr_shapes_definition_parse (g_bytes_get_data (record->data, NULL), &definition);
                  frame_count = definition.frame_count;
                }
              else if (record->tag == TSR_SHAPES_PATCH_HLSH)
                {
                  g_autoptr(TsrShapesSequence) sequence =
                    tsr_shapes_sequence_parse (g_bytes_get_data (record->data, NULL),
                                               g_bytes_get_size (record->data), TRUE, 0, NULL);
                  ck_assert_ptr_nonnull (sequence);
                  ck_assert_uint_gt (tsr_shapes_view_count (sequence->view_code), 0);
                  for (guint k = 0; k < sequence->index_count; k++)
                    ck_assert (sequence->frame_indexes[k] >= 0 && sequence->frame_indexes[k] < frame_count);
                }
            }
        }
      /* The preview is a contact sheet, not a strip a few pixels high once fitted to a window. */
      {
        TsrRenderOptions options = { .level = -1 };
        g_autoptr(TsrImage) sheet = format->render (patch, &options, &error);

        ck_assert_msg (sheet != NULL, "%s: %s", path, error ? error->message : "");
        ck_assert_msg (sheet->width <= 3 * sheet->height + 512 && sheet->height <= 3 * sheet->width + 512,
                       "%s: sheet %ux%u", path, sheet->width, sheet->height);
      }
      format->free (patch);
    }
  tsr_test_report_count ("shapes patches written back identical", files->len);
  printf ("TESTDATA: %u patch bitmaps decoded\n", bitmaps);
}
END_TEST

/* Every truncation of the Items patch: a clean error, or (cut between collections) a shorter
 * patch that writes back as the cut bytes. */
START_TEST (test_patch_truncation)
{
  g_autofree char *path = g_build_filename (data_dir, "xbla_m2_Items.ShPa", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  guint failures = 0;

  for (gsize length = 0; length < size; length++)
    {
      g_autofree guint8 *copy = g_memdup2 (data, length);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrShapesPatch) patch = tsr_shapes_patch_parse (copy, length, NULL, &error);

      if (patch == NULL)
        {
          ck_assert (error != NULL && error->domain == TSR_ERROR);
          failures++;
        }
      else
        {
          g_autoptr(GBytes) again = tsr_shapes_patch_serialize (patch);
          ck_assert_uint_eq (g_bytes_get_size (again), length);
          ck_assert (length == 0 || memcmp (g_bytes_get_data (again, NULL), copy, length) == 0);
        }
    }
  ck_assert_uint_gt (failures, size - 200);
}
END_TEST

/* A mutated patch whose record indexes are G_MAXINT32: the collection view counts records in 64
 * bits (index + 1 overflowed a gint32, a UBSan report in CI's sanitizer stage) and fails cleanly. */
START_TEST (test_patch_view_index_limit)
{
  const guint32 tags[] = { TSR_SHAPES_PATCH_CTAB, TSR_SHAPES_PATCH_HLSH, TSR_SHAPES_PATCH_LLSH,
                           TSR_SHAPES_PATCH_BMAP };

  for (guint t = 0; t < G_N_ELEMENTS (tags); t++)
    {
      guint8 zeros[64] = { 0 };
      TsrShapesPatchRecord record = { tags[t], G_MAXINT32, g_bytes_new (zeros, sizeof zeros) };
      TsrShapesPatchCollection pc = { 0, 8, g_ptr_array_new () };
      g_autoptr(GError) error = NULL;
      TsrShapesCollection *view;

      g_ptr_array_add (pc.records, &record);
      view = tsr_shapes_patch_collection_view (&pc, &error);
      if (view == NULL)
        ck_assert_msg (error != NULL && error->domain == TSR_ERROR, "tag %u: no error", t);
      else
        tsr_shapes_collection_free (view);
      g_ptr_array_unref (pc.records);
      g_bytes_unref (record.data);
    }
}
END_TEST

/* Apply a real patch to an empty Shapes file, then write and read it back as a Shapes file. */
START_TEST (test_apply_real_patch)
{
  g_autofree char *path = g_build_filename (data_dir, "xbla_m2_Items.ShPa", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(TsrShapesPatch) patch = tsr_shapes_patch_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, NULL);
  g_autoptr(TsrShapesFile) file = tsr_shapes_file_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) written = NULL;
  g_autoptr(TsrShapesFile) reread = NULL;
  const TsrShapesCollection *items;

  ck_assert (tsr_shapes_patch_apply (patch, file, &error));
  written = tsr_shapes_file_serialize (file);
  reread = tsr_shapes_file_parse (g_bytes_get_data (written, NULL), g_bytes_get_size (written), &error);
  ck_assert_msg (reread != NULL, "%s", error ? error->message : "");
  items = reread->slots[7].versions[0];
  ck_assert_ptr_nonnull (items);
  ck_assert_int_eq (items->definition.type, TSR_SHAPES_COLLECTION_OBJECT);
  ck_assert_uint_eq (items->frames->len, 146);
  ck_assert_uint_eq (items->bitmaps->len, 51);
  ck_assert_uint_eq (items->sequences->len, 34);
  ck_assert_uint_eq (items->color_tables->len, 1);
}
END_TEST

/* Make a patch between two files (a bitmap, a colour table and a frame differ), write it, read it
 * against the original, apply it: the result equals the modified file. Also inside a map wad. */
START_TEST (test_make_and_apply_patch)
{
  Fixtures fixtures = { { NULL } }, again = { { NULL } };
  g_autoptr(TsrShapesFile) original = build_shapes (&fixtures);
  g_autoptr(TsrShapesFile) modified = build_shapes (&again);
  g_autoptr(GBytes) original_bytes = tsr_shapes_file_serialize (original);
  TsrShapesCollection *walls = modified->slots[0].versions[0];
  TsrShapesCollection *objects = modified->slots[1].versions[0];
  TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (TSR_SHAPES_COLLECTION_WALL);
  g_autoptr(TsrImage) replacement = fixture_image (16, 16, FALSE, 5);
  g_autoptr(TsrShapesPatch) patch = NULL;
  g_autoptr(GBytes) patch_bytes = NULL;
  g_autoptr(TsrShapesPatch) reread = NULL;
  g_autoptr(TsrShapesFile) target = NULL;
  g_autoptr(GBytes) target_bytes = NULL;
  g_autoptr(GBytes) modified_bytes = NULL;
  g_autoptr(GError) error = NULL;
  guint records = 0;

  tsr_shapes_bitmap_free (walls->bitmaps->pdata[1]);
  walls->bitmaps->pdata[1] = tsr_shapes_bitmap_encode (replacement, g_ptr_array_index (walls->color_tables, 0),
                                                       &options, NULL, NULL);
  ((TsrShapesColorTable *) g_ptr_array_index (objects->color_tables, 1))->colors[3].red = 0x1234;
  tsr_shapes_frame_parse ((guint8 *) ((TsrShapesFrame *) objects->frames->pdata[2])->raw, objects->frames->pdata[0]);
  tsr_shapes_collection_touch (walls);
  tsr_shapes_collection_touch (objects);
  modified_bytes = tsr_shapes_file_serialize (modified);

  patch = tsr_shapes_patch_make (original, modified);
  for (guint c = 0; c < patch->collections->len; c++)
    records += ((TsrShapesPatchCollection *) patch->collections->pdata[c])->records->len;
  ck_assert_uint_eq (patch->collections->len, 32);
  ck_assert_uint_eq (records, 3);
  patch_bytes = tsr_shapes_patch_serialize (patch);

  /* 'ctab' without 'cldf' needs the base file for its colour count. */
  ck_assert_ptr_null (tsr_shapes_patch_parse (g_bytes_get_data (patch_bytes, NULL), g_bytes_get_size (patch_bytes), NULL, &error));
  g_clear_error (&error);
  target = tsr_shapes_file_parse (g_bytes_get_data (original_bytes, NULL), g_bytes_get_size (original_bytes), NULL);
  reread = tsr_shapes_patch_parse (g_bytes_get_data (patch_bytes, NULL), g_bytes_get_size (patch_bytes), target, &error);
  ck_assert_msg (reread != NULL, "%s", error ? error->message : "");
  ck_assert (tsr_shapes_patch_apply (reread, target, &error));
  target_bytes = tsr_shapes_file_serialize (target);
  ck_assert (g_bytes_equal (target_bytes, modified_bytes));

  /* The same patch as the ShPa chunk of a map entry. */
  {
    g_autoptr(TsrWad) wad = tsr_wad_new (TSR_WAD_VERSION_OVERLAYS, 1, "Patched");
    TsrWadEntry *entry = tsr_wad_entry_new (0);
    g_autoptr(GBytes) wad_bytes = NULL;
    g_autoptr(TsrWad) wad_again = NULL;
    TsrWadChunk *chunk;
    g_autoptr(TsrShapesPatch) from_chunk = NULL;
    g_autoptr(GBytes) chunk_again = NULL;

    tsr_wad_entry_set_chunk (entry, TSR_WAD_TAG ('S', 'h', 'P', 'a'), patch_bytes);
    g_ptr_array_add (wad->entries, entry);
    wad_bytes = tsr_wad_serialize (wad, &error);
    ck_assert_ptr_nonnull (wad_bytes);
    wad_again = tsr_wad_parse (g_bytes_get_data (wad_bytes, NULL), g_bytes_get_size (wad_bytes), "wad", &error);
    ck_assert_ptr_nonnull (wad_again);
    chunk = tsr_wad_entry_find_chunk (g_ptr_array_index (wad_again->entries, 0), TSR_WAD_TAG ('S', 'h', 'P', 'a'));
    ck_assert_ptr_nonnull (chunk);
    from_chunk = tsr_shapes_patch_parse (g_bytes_get_data (chunk->data, NULL), g_bytes_get_size (chunk->data),
                                         target, &error);
    ck_assert_ptr_nonnull (from_chunk);
    chunk_again = tsr_shapes_patch_serialize (from_chunk);
    ck_assert (g_bytes_equal (chunk_again, patch_bytes));
  }
  fixtures_clear (&fixtures);
  fixtures_clear (&again);
}
END_TEST

/* Truncations and damage of a built Shapes file fail cleanly. */
START_TEST (test_shapes_truncation)
{
  Fixtures fixtures = { { NULL } };
  g_autoptr(TsrShapesFile) built = build_shapes (&fixtures);
  g_autoptr(GBytes) bytes = tsr_shapes_file_serialize (built);
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  for (gsize length = 0; length < size; length++)
    {
      g_autofree guint8 *copy = g_memdup2 (data, length);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrShapesFile) file = tsr_shapes_file_parse (copy, length, &error);

      ck_assert_msg (file == NULL, "cut at %" G_GSIZE_FORMAT " parsed", length);
      ck_assert (error != NULL && error->domain == TSR_ERROR);
    }
  fixtures_clear (&fixtures);
}
END_TEST

/* Sequence names are Mac Roman both ways: "I’m ™" is read from its Mac Roman bytes (not as
 * Latin-1), a rename stores Mac Roman and changes only the name's bytes, and a character Mac
 * Roman lacks is refused with the record untouched. */
START_TEST (test_sequence_name_mac_roman)
{
  guint8 raw[TSR_SHAPES_SEQUENCE_SIZE + 2] = { 0 };
  static const guint8 name[] = { 'I', 0xd5, 'm', ' ', 0xaa, 'X', 'Y', 'Z' };
  g_autoptr(GError) error = NULL;
  TsrShapesSequence *sequence;
  g_autoptr(GBytes) before = NULL;
  gsize size;
  const guint8 *after;

  raw[4] = 5;
  memcpy (raw + 5, name, sizeof name); /* "XYZ" lies past the name's length */
  raw[39] = 1;                          /* view code 1, no frames */
  sequence = tsr_shapes_sequence_parse (raw, sizeof raw, TRUE, 0, &error);
  ck_assert_msg (sequence != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_str_eq (sequence->name, "I\xe2\x80\x99m \xe2\x84\xa2");

  before = g_bytes_ref (sequence->raw);
  ck_assert (!tsr_shapes_sequence_set_name (sequence, "\xe2\x82\xaa", &error)); /* U+20AA */
  ck_assert (g_bytes_equal (before, sequence->raw));
  g_clear_error (&error);
  ck_assert (!tsr_shapes_sequence_set_name (sequence, "0123456789012345678901234567890123", &error));
  g_clear_error (&error);

  ck_assert (tsr_shapes_sequence_set_name (sequence, "\xe2\x80\x9c" "A\xe2\x80\x9d", &error));
  ck_assert_str_eq (sequence->name, "\xe2\x80\x9c" "A\xe2\x80\x9d");
  after = g_bytes_get_data (sequence->raw, &size);
  ck_assert_uint_eq (size, sizeof raw);
  ck_assert_uint_eq (after[4], 3);
  ck_assert_uint_eq (after[5], 0xd2);
  ck_assert_uint_eq (after[6], 'A');
  ck_assert_uint_eq (after[7], 0xd3);
  ck_assert_int_eq (memcmp (after + 8, raw + 8, sizeof raw - 8), 0);
  tsr_shapes_sequence_free (sequence);

  sequence = tsr_shapes_sequence_new ("\xe2\x84\xa2", 1, 0, NULL);
  ck_assert_uint_eq (((const guint8 *) g_bytes_get_data (sequence->raw, NULL))[5], 0xaa);
  ck_assert_str_eq (sequence->name, "\xe2\x84\xa2");
  tsr_shapes_sequence_free (sequence);
}
END_TEST

/* Marathon 1: a collection with M1-RLE bitmaps as '.256' resource 129 in a MacBinary file. */
START_TEST (test_marathon1_shapes)
{
  TsrShapesCollection *collection = tsr_shapes_collection_new (TSR_SHAPES_COLLECTION_OBJECT, FIXTURE_COLORS);
  TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (TSR_SHAPES_COLLECTION_OBJECT);
  g_autoptr(TsrImage) image = fixture_image (19, 12, TRUE, 3);
  g_autoptr(TsrResourceFork) fork = tsr_resource_fork_new ();
  g_autoptr(GBytes) collection_bytes = NULL;
  g_autoptr(GBytes) fork_bytes = NULL;
  g_autoptr(GBytes) wrapped = NULL;
  g_autoptr(TsrShapesFile) file = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(TsrImage) decoded = NULL;
  g_autoptr(GError) error = NULL;
  guint8 header[128] = { 0 };
  guint16 crc;

  options.marathon1 = TRUE;
  g_ptr_array_add (collection->color_tables, fixture_table (0));
  g_ptr_array_add (collection->bitmaps, tsr_shapes_bitmap_encode (image, collection->color_tables->pdata[0],
                                                                  &options, NULL, NULL));
  g_ptr_array_add (collection->frames, tsr_shapes_frame_new (0, TSR_SHAPES_FRAME_MIRROR_X));
  collection_bytes = tsr_shapes_collection_serialize (collection);
  tsr_shapes_collection_free (collection);
  tsr_resource_fork_set (fork, TSR_FOURCC ('.', '2', '5', '6'), 129, collection_bytes);
  fork_bytes = tsr_resource_fork_serialize (fork);

  header[1] = 6;
  memcpy (header + 2, "Shapes", 6);
  memcpy (header + 65, "shp2mar2", 8);
  header[87] = (guint8) (g_bytes_get_size (fork_bytes) >> 24);
  header[88] = (guint8) (g_bytes_get_size (fork_bytes) >> 16);
  header[89] = (guint8) (g_bytes_get_size (fork_bytes) >> 8);
  header[90] = (guint8) g_bytes_get_size (fork_bytes);
  crc = tsr_macbinary_crc (header, 124);
  header[124] = (guint8) (crc >> 8);
  header[125] = (guint8) crc;
  {
    g_autoptr(GByteArray) array = g_byte_array_new ();
    guint8 zeros[128] = { 0 };
    g_byte_array_append (array, header, 128);
    g_byte_array_append (array, g_bytes_get_data (fork_bytes, NULL), (guint) g_bytes_get_size (fork_bytes));
    g_byte_array_append (array, zeros, (guint) ((128 - g_bytes_get_size (fork_bytes) % 128) % 128));
    wrapped = g_byte_array_free_to_bytes (g_steal_pointer (&array));
  }

  ck_assert_uint_eq (tsr_marathon_shapes_format.sniff (g_bytes_get_data (wrapped, NULL), g_bytes_get_size (wrapped), NULL),
                     TSR_SNIFF_CERTAIN);
  file = tsr_shapes_file_parse (g_bytes_get_data (wrapped, NULL), g_bytes_get_size (wrapped), &error);
  ck_assert_msg (file != NULL, "%s", error ? error->message : "");
  ck_assert (file->marathon1);
  ck_assert_ptr_nonnull (file->slots[1].versions[0]);
  again = tsr_shapes_file_serialize (file);
  ck_assert (g_bytes_equal (again, wrapped));
  decoded = tsr_shapes_frame_decode (file->slots[1].versions[0], file->slots[1].versions[0]->frames->pdata[0],
                                     file->slots[1].versions[0]->color_tables->pdata[0], &error);
  ck_assert_ptr_nonnull (decoded);
  {
    g_autoptr(TsrImage) expected = mirror (image, TRUE, FALSE);
    assert_same_image (decoded, expected, "Marathon 1 frame");
  }
  /* Remove the collection: the resource goes too. */
  tsr_shapes_file_set_collection (file, 1, 0, NULL);
  {
    g_autoptr(GBytes) emptied = tsr_shapes_file_serialize (file);
    g_autoptr(TsrMacFile) mac = tsr_mac_file_parse (emptied, NULL);
    g_autoptr(TsrResourceFork) reread = tsr_resource_fork_parse (mac->resource_fork, NULL, NULL);
    ck_assert_uint_eq (reread->resources->len, 0);
  }
}
END_TEST

static int
run_cli (const char *const *arguments, char **out)
{
  const char *cli = g_getenv ("TSR_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = -1;

  ck_assert_msg (cli != NULL, "TSR_CLI is not set");
  g_ptr_array_add (argv, (gpointer) cli);
  for (gsize i = 0; arguments[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) arguments[i]);
  g_ptr_array_add (argv, NULL);
  ck_assert (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, NULL,
                           &status, &error));
  return g_spawn_check_wait_status (status, NULL) ? 0 : 1;
}

/* The CLI verbs on the real files: roundtrip identical, info, extract. */
START_TEST (test_cli)
{
  const char *names[] = { "xbla_m2_Items.ShPa", "xbla_m2_Player.ShPa", "eternal_IconicSomething.ShPa",
                          "m2_Images.imgA" };
  g_autofree char *directory = tsr_test_make_temp_dir ();

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (data_dir, names[i], NULL);
      const char *arguments[] = { "roundtrip", path, NULL };
      g_autofree char *out = NULL;

      ck_assert_int_eq (run_cli (arguments, &out), 0);
      ck_assert_str_eq (out, "identical\n");
    }
  {
    g_autofree char *path = g_build_filename (data_dir, "xbla_m2_Items.ShPa", NULL);
    const char *arguments[] = { "info", path, "--json", NULL };
    g_autofree char *out = NULL;

    ck_assert_int_eq (run_cli (arguments, &out), 0);
    ck_assert_ptr_nonnull (strstr (out, "\"marathon-shapes-patch\""));
    ck_assert_ptr_nonnull (strstr (out, "\"frames\" : 29"));
  }
  {
    g_autofree char *path = g_build_filename (data_dir, "eternal_IconicSomething.ShPa", NULL);
    const char *arguments[] = { "extract", path, "-o", directory, NULL };
    g_autofree char *out = NULL;
    g_autofree char *wall = g_build_filename (directory, "c19-ramp-b026.png", NULL);

    ck_assert_int_eq (run_cli (arguments, &out), 0);
    ck_assert (g_file_test (wall, G_FILE_TEST_EXISTS));
  }
}
END_TEST

static Suite *
shapes_suite (void)
{
  Suite *suite = suite_create ("marathon-shapes");
  TCase *built = tcase_create ("built");
  TCase *real = tcase_create ("real");

  tcase_add_test (built, test_built_shapes_file);
  tcase_add_test (built, test_built_shapes_extract);
  tcase_add_test (built, test_nearest_colour_error);
  tcase_add_test (built, test_make_and_apply_patch);
  tcase_add_test (built, test_shapes_truncation);
  tcase_add_test (built, test_marathon1_shapes);
  tcase_add_test (built, test_sequence_name_mac_roman);
  tcase_add_test (real, test_real_patches);
  tcase_add_test (real, test_patch_truncation);
  tcase_add_test (real, test_patch_view_index_limit);
  tcase_add_test (real, test_apply_real_patch);
  tcase_add_test (real, test_cli);
  suite_add_tcase (suite, built);
  suite_add_tcase (suite, real);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (shapes_suite ());
}
