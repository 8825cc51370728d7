/* test-core.c: the bounds-checked reader and writer, CRC-32, atomic saves, the format registry. */
#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/tsr-crc.h"
#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "core/tsr-gimp-palette.h"
#include "core/tsr-image.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/tsr-format.h"
#include "tsr-test-common.h"

static const guint8 sample[] = { 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0 };

START_TEST (test_reader_endianness)
{
  TsrReader reader;
  guint16 u16;
  guint32 u32;
  gint16 s16;
  gint32 s32;
  g_autoptr(GError) error = NULL;

  tsr_reader_init (&reader, sample, sizeof sample, "sample");
  ck_assert (tsr_reader_read_u16_le (&reader, &u16, &error));
  ck_assert_uint_eq (u16, 0x3412);
  ck_assert (tsr_reader_read_u16_be (&reader, &u16, &error));
  ck_assert_uint_eq (u16, 0x5678);
  ck_assert (tsr_reader_read_u32_be (&reader, &u32, &error));
  ck_assert_uint_eq (u32, 0x9abcdef0);
  ck_assert (tsr_reader_at_end (&reader));

  tsr_reader_init (&reader, sample, sizeof sample, "sample");
  ck_assert (tsr_reader_read_u32_le (&reader, &u32, &error));
  ck_assert_uint_eq (u32, 0x78563412);
  ck_assert (tsr_reader_read_s16_be (&reader, &s16, &error));
  ck_assert_int_eq (s16, (gint16) 0x9abc);
  ck_assert (tsr_reader_seek (&reader, 4, &error));
  ck_assert (tsr_reader_read_s32_le (&reader, &s32, &error));
  ck_assert_int_eq (s32, (gint32) 0xf0debc9a);
  ck_assert_ptr_null (error);
}
END_TEST

typedef gboolean (*ReadFunc) (TsrReader *reader, gpointer value, GError **error);

/* Every read, at every position where too few bytes remain, must fail with TRUNCATED, name the
 * label and the offset, and leave the position where it was. */
START_TEST (test_reader_truncation_everywhere)
{
  struct { ReadFunc read; gsize width; } reads[] = {
    { (ReadFunc) tsr_reader_read_u8, 1 },     { (ReadFunc) tsr_reader_read_s8, 1 },
    { (ReadFunc) tsr_reader_read_u16_le, 2 }, { (ReadFunc) tsr_reader_read_u16_be, 2 },
    { (ReadFunc) tsr_reader_read_s16_le, 2 }, { (ReadFunc) tsr_reader_read_s16_be, 2 },
    { (ReadFunc) tsr_reader_read_u32_le, 4 }, { (ReadFunc) tsr_reader_read_u32_be, 4 },
    { (ReadFunc) tsr_reader_read_s32_le, 4 }, { (ReadFunc) tsr_reader_read_s32_be, 4 },
    { (ReadFunc) tsr_reader_read_f32_le, 4 }, { (ReadFunc) tsr_reader_read_f32_be, 4 },
  };

  for (gsize r = 0; r < G_N_ELEMENTS (reads); r++)
    for (gsize size = 0; size < reads[r].width; size++)
      {
        TsrReader reader;
        guint8 value[8] = { 0 };
        g_autoptr(GError) error = NULL;

        tsr_reader_init (&reader, sample, size, "field");
        ck_assert (!reads[r].read (&reader, value, &error));
        ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_TRUNCATED));
        ck_assert_msg (strstr (error->message, "field") != NULL, "%s", error->message);
        ck_assert_msg (strstr (error->message, "(offset 0)") != NULL, "%s", error->message);
        ck_assert_uint_eq (tsr_reader_tell (&reader), 0);
      }
}
END_TEST

START_TEST (test_reader_views_and_subreaders)
{
  TsrReader reader, sub;
  const guint8 *view = NULL;
  guint8 copy[3];
  guint16 value;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;

  tsr_reader_init (&reader, sample, sizeof sample, "sample");
  ck_assert (!tsr_reader_read_view (&reader, 9, &view, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_TRUNCATED));
  g_clear_error (&error);
  ck_assert (!tsr_reader_skip (&reader, 9, &error));
  g_clear_error (&error);
  ck_assert (!tsr_reader_seek (&reader, 9, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE));
  g_clear_error (&error);

  ck_assert (tsr_reader_read_bytes (&reader, 3, copy, &error));
  ck_assert_int_eq (memcmp (copy, sample, 3), 0);
  bytes = tsr_reader_read_gbytes (&reader, 5, &error);
  ck_assert_uint_eq (g_bytes_get_size (bytes), 5);
  ck_assert (tsr_reader_at_end (&reader));

  /* Sub-readers: offsets in errors are absolute file offsets. */
  ck_assert (!tsr_reader_sub (&reader, 6, 3, "chunk", &sub, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE));
  g_clear_error (&error);
  ck_assert (!tsr_reader_sub (&reader, G_MAXSIZE, 2, "chunk", &sub, &error));
  g_clear_error (&error);
  ck_assert (tsr_reader_sub (&reader, 4, 3, "chunk", &sub, &error));
  ck_assert (tsr_reader_read_u16_be (&sub, &value, &error));
  ck_assert_uint_eq (value, 0x9abc);
  ck_assert (!tsr_reader_read_u16_be (&sub, &value, &error));
  ck_assert_msg (strstr (error->message, "chunk: 2 bytes expected, only 1 left (offset 6)") != NULL,
                 "%s", error->message);
}
END_TEST

/* Zero-length inputs may come without a buffer (an empty GBytes gives NULL): still well-defined. */
START_TEST (test_reader_without_buffer)
{
  TsrReader reader, sub;
  const guint8 *view = (const guint8 *) "x";
  guint8 byte;
  g_autoptr(GError) error = NULL;

  tsr_reader_init (&reader, NULL, 0, "empty");
  ck_assert (tsr_reader_sub (&reader, 0, 0, "empty chunk", &sub, &error));
  ck_assert_ptr_null (sub.data);
  ck_assert (tsr_reader_read_view (&reader, 0, &view, &error));
  ck_assert_ptr_null (view);
  ck_assert (tsr_reader_read_bytes (&reader, 0, &byte, &error));
  ck_assert (!tsr_reader_read_u8 (&sub, &byte, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_TRUNCATED));
}
END_TEST

START_TEST (test_writer_roundtrip)
{
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  g_autoptr(GBytes) bytes = NULL;
  TsrReader reader;
  guint16 u16;
  guint32 u32;
  float f;
  gsize size;
  const guint8 *data;

  tsr_writer_write_u8 (writer, 0xfe);
  tsr_writer_write_u16_le (writer, 0x1234);
  tsr_writer_write_u16_be (writer, 0x1234);
  tsr_writer_write_u32_le (writer, 0xdeadbeef);
  tsr_writer_write_u32_be (writer, 0);
  tsr_writer_write_f32_le (writer, 1.5f);
  tsr_writer_write_zeros (writer, 3);
  tsr_writer_write_bytes (writer, sample, 2);
  tsr_writer_patch_u32_be (writer, 9, 0xcafef00d);
  ck_assert_uint_eq (tsr_writer_tell (writer), 1 + 2 + 2 + 4 + 4 + 4 + 3 + 2);

  bytes = tsr_writer_free_to_bytes (g_steal_pointer (&writer));
  data = g_bytes_get_data (bytes, &size);
  ck_assert_uint_eq (data[1], 0x34);
  ck_assert_uint_eq (data[3], 0x12);
  tsr_reader_init (&reader, data, size, "written");
  ck_assert (tsr_reader_skip (&reader, 5, NULL));
  ck_assert (tsr_reader_read_u32_le (&reader, &u32, NULL));
  ck_assert_uint_eq (u32, 0xdeadbeef);
  ck_assert (tsr_reader_read_u32_be (&reader, &u32, NULL));
  ck_assert_uint_eq (u32, 0xcafef00d);
  ck_assert (tsr_reader_read_f32_le (&reader, &f, NULL));
  ck_assert (f == 1.5f);
  ck_assert (tsr_reader_skip (&reader, 3, NULL));
  ck_assert (tsr_reader_read_u16_be (&reader, &u16, NULL));
  ck_assert_uint_eq (u16, 0x1234);
}
END_TEST

START_TEST (test_crc32)
{
  /* The standard check value of CRC-32. */
  ck_assert_uint_eq (tsr_crc32 ((const guint8 *) "123456789", 9), 0xcbf43926);
  ck_assert_uint_eq (tsr_crc32_update (tsr_crc32 ((const guint8 *) "1234", 4),
                                       (const guint8 *) "56789", 5), 0xcbf43926);
  ck_assert_uint_eq (tsr_crc32 (NULL, 0), 0);
}
END_TEST

static void
assert_file_contents (const char *path, const char *expected)
{
  g_autofree char *contents = NULL;
  gsize length;

  ck_assert (g_file_get_contents (path, &contents, &length, NULL));
  ck_assert_uint_eq (length, strlen (expected));
  ck_assert_str_eq (contents, expected);
}

static guint
count_entries (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint count = 0;

  while (g_dir_read_name (dir) != NULL)
    count++;
  return count;
}

START_TEST (test_atomic_save)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (folder, "map.rmp", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(GBytes) first = g_bytes_new_static ("original contents", 17);
  g_autoptr(GBytes) second = g_bytes_new_static ("a longer replacement text", 25);
  g_autoptr(GError) error = NULL;

  ck_assert (tsr_file_write_atomic (path, first, FALSE, &error));
  assert_file_contents (path, "original contents");

  /* A save that fails midway leaves the original byte-identical and no temporary behind. */
  for (gint64 after = 0; after < 25; after += 6)
    {
      tsr_file_inject_write_failure (after);
      ck_assert (!tsr_file_write_atomic (path, second, TRUE, &error));
      ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_IO));
      ck_assert_msg (strstr (error->message, path) != NULL, "%s", error->message);
      g_clear_error (&error);
      assert_file_contents (path, "original contents");
      ck_assert_uint_eq (count_entries (folder), 1);
    }

  /* With the backup preference, the previous version stays as FILE~. */
  ck_assert (tsr_file_write_atomic (path, second, TRUE, &error));
  assert_file_contents (path, "a longer replacement text");
  assert_file_contents (backup, "original contents");
}
END_TEST

START_TEST (test_atomic_save_set)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *a = g_build_filename (folder, "MAPHEAD.WL1", NULL);
  g_autofree char *b = g_build_filename (folder, "GAMEMAPS.WL1", NULL);
  g_autoptr(GPtrArray) outputs = tsr_output_files_new ();
  g_autoptr(GBytes) old_bytes = g_bytes_new_static ("old", 3);
  g_autoptr(GBytes) new_bytes = g_bytes_new_static ("new data", 8);
  g_autoptr(GError) error = NULL;

  ck_assert (tsr_file_write_atomic (a, old_bytes, FALSE, NULL));
  ck_assert (tsr_file_write_atomic (b, old_bytes, FALSE, NULL));
  g_ptr_array_add (outputs, tsr_output_file_new (a, new_bytes));
  g_ptr_array_add (outputs, tsr_output_file_new (b, new_bytes));

  /* The first file's temporary is written fully; the second fails: neither original changes. */
  tsr_file_inject_write_failure (-1);
  {
    g_autofree char *missing = g_build_filename (folder, "no-such-folder", "x", NULL);
    g_ptr_array_add (outputs, tsr_output_file_new (missing, new_bytes));
    ck_assert (!tsr_files_write_atomic (outputs, FALSE, &error));
    g_clear_error (&error);
    g_ptr_array_remove_index (outputs, 2);
  }
  assert_file_contents (a, "old");
  assert_file_contents (b, "old");
  ck_assert_uint_eq (count_entries (folder), 2);

  ck_assert (tsr_files_write_atomic (outputs, FALSE, &error));
  assert_file_contents (a, "new data");
  assert_file_contents (b, "new data");
}
END_TEST

/* A rename that fails after others succeeded puts the replaced originals back: the set on disk is
 * all old, with no temporary or kept file left. First a real failure (the last target is a
 * folder, which a file cannot replace), then an injected one in the middle of the set. */
START_TEST (test_atomic_save_set_rename_fails)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *a = g_build_filename (folder, "level.tmx", NULL);
  g_autofree char *b = g_build_filename (folder, "tiles.tsx", NULL);
  g_autofree char *c = g_build_filename (folder, "new.tsx", NULL);
  g_autofree char *blocker = g_build_filename (folder, "VSWAP.WL1", NULL);
  g_autofree char *inside = g_build_filename (blocker, "keep", NULL);
  g_autoptr(GPtrArray) outputs = tsr_output_files_new ();
  g_autoptr(GBytes) old_bytes = g_bytes_new_static ("old", 3);
  g_autoptr(GBytes) new_bytes = g_bytes_new_static ("new data", 8);
  g_autoptr(GError) error = NULL;

  ck_assert (tsr_file_write_atomic (a, old_bytes, FALSE, NULL));
  ck_assert (tsr_file_write_atomic (b, old_bytes, FALSE, NULL));
  ck_assert_int_eq (g_mkdir (blocker, 0755), 0);
  ck_assert (tsr_file_write_atomic (inside, old_bytes, FALSE, NULL));
  g_ptr_array_add (outputs, tsr_output_file_new (a, new_bytes));
  g_ptr_array_add (outputs, tsr_output_file_new (b, new_bytes));
  g_ptr_array_add (outputs, tsr_output_file_new (c, new_bytes));
  g_ptr_array_add (outputs, tsr_output_file_new (blocker, new_bytes));

  ck_assert (!tsr_files_write_atomic (outputs, FALSE, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_IO));
  ck_assert_msg (strstr (error->message, blocker) != NULL, "%s", error->message);
  g_clear_error (&error);
  assert_file_contents (a, "old");
  assert_file_contents (b, "old");
  ck_assert (!g_file_test (c, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (blocker, G_FILE_TEST_IS_DIR));
  ck_assert_uint_eq (count_entries (folder), 3);

  /* The second rename fails: the first is undone, with backups asked for as well. */
  g_ptr_array_remove_index (outputs, 3);
  tsr_file_inject_rename_failure (1);
  ck_assert (!tsr_files_write_atomic (outputs, TRUE, &error));
  ck_assert_msg (strstr (error->message, b) != NULL, "%s", error->message);
  g_clear_error (&error);
  assert_file_contents (a, "old");
  assert_file_contents (b, "old");
  ck_assert (!g_file_test (c, G_FILE_TEST_EXISTS));

  tsr_file_inject_rename_failure (G_MAXUINT);
  ck_assert (tsr_files_write_atomic (outputs, FALSE, &error));
  assert_file_contents (a, "new data");
  assert_file_contents (b, "new data");
  assert_file_contents (c, "new data");
  ck_assert_uint_eq (count_entries (folder), 4);
}
END_TEST

/* Only the members whose bytes change are written and backed up: an unchanged member keeps its
 * inode, gets no backup, and a disk that cannot take one more byte still saves the rest. */
START_TEST (test_atomic_save_only_changed)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *same = g_build_filename (folder, "VSWAP.WL1", NULL);
  g_autofree char *changed = g_build_filename (folder, "GAMEMAPS.WL1", NULL);
  g_autofree char *same_backup = g_strconcat (same, "~", NULL);
  g_autofree char *changed_backup = g_strconcat (changed, "~", NULL);
  g_autoptr(GPtrArray) outputs = tsr_output_files_new ();
  g_autoptr(GBytes) pages = g_bytes_new_static ("pages", 5);
  g_autoptr(GBytes) old_maps = g_bytes_new_static ("maps", 4);
  g_autoptr(GBytes) new_maps = g_bytes_new_static ("MAPS", 4);
  g_autoptr(GError) error = NULL;
  GStatBuf before, after;

  ck_assert (tsr_file_write_atomic (same, pages, FALSE, NULL));
  ck_assert (tsr_file_write_atomic (changed, old_maps, FALSE, NULL));
  ck_assert_int_eq (g_stat (same, &before), 0);
  g_ptr_array_add (outputs, tsr_output_file_new (same, pages));
  g_ptr_array_add (outputs, tsr_output_file_new (changed, new_maps));
  ck_assert_msg (tsr_files_write_atomic (outputs, TRUE, &error), "%s", error != NULL ? error->message : "");
  ck_assert_int_eq (g_stat (same, &after), 0);
  ck_assert_uint_eq (before.st_ino, after.st_ino);
  ck_assert (!g_file_test (same_backup, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (changed_backup, G_FILE_TEST_EXISTS));
  assert_file_contents (changed, "MAPS");
  assert_file_contents (changed_backup, "maps");

  /* Nothing left to change: nothing is written, so even a full disk does not fail. */
  tsr_file_inject_write_failure (0);
  ck_assert_msg (tsr_files_write_atomic (outputs, FALSE, &error), "%s", error != NULL ? error->message : "");
  tsr_file_inject_write_failure (-1);
  ck_assert_uint_eq (count_entries (folder), 3);
}
END_TEST

START_TEST (test_read_missing_file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = tsr_file_read ("/nonexistent/tessera/file.sceA", &error);

  ck_assert_ptr_null (bytes);
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_IO));
  ck_assert_msg (strstr (error->message, "file.sceA") != NULL, "%s", error->message);
}
END_TEST

/* tsr_file_map: the same bytes as a read, mapped from TSR_FILE_MAP_MINIMUM bytes on, read below
 * that; a folder and a missing file fail as tsr_file_read does. */
START_TEST (test_map_file)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *large = g_build_filename (folder, "large.sceA", NULL);
  g_autofree char *small = g_build_filename (folder, "small.sceA", NULL);
  g_autofree guint8 *data = g_malloc (TSR_FILE_MAP_MINIMUM + 3);
  g_autoptr(GError) error = NULL;
  gboolean mapped = FALSE;

  for (gsize i = 0; i < TSR_FILE_MAP_MINIMUM + 3; i++)
    data[i] = (guint8) (i * 7 + 1);
  ck_assert (g_file_set_contents (large, (const char *) data, TSR_FILE_MAP_MINIMUM + 3, NULL));
  ck_assert (g_file_set_contents (small, (const char *) data, 100, NULL));
  {
    g_autoptr(GBytes) bytes = tsr_file_map (large, &mapped, &error);
    g_autoptr(GBytes) read = tsr_file_read (large, NULL);

    ck_assert_ptr_nonnull (bytes);
    ck_assert (mapped);
    ck_assert (g_bytes_equal (bytes, read));
  }
  {
    g_autoptr(GBytes) bytes = tsr_file_map (small, &mapped, &error);

    ck_assert_ptr_nonnull (bytes);
    ck_assert (!mapped);
    ck_assert_uint_eq (g_bytes_get_size (bytes), 100);
    ck_assert (memcmp (g_bytes_get_data (bytes, NULL), data, 100) == 0);
  }
  ck_assert_ptr_null (tsr_file_map (folder, &mapped, &error));
  ck_assert (!mapped);
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_IO));
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_file_map ("/nonexistent/tessera/file.sceA", NULL, &error));
  ck_assert_msg (strstr (error->message, "file.sceA") != NULL, "%s", error->message);
  g_unlink (large);
  g_unlink (small);
  g_rmdir (folder);
}
END_TEST

START_TEST (test_escape_control)
{
  g_autofree char *a = tsr_escape_control ("ok \x1b[2J\r\n\t\x7f \xc2\x85 \xff é");
  g_autofree char *b = tsr_error_describe_for_path ("/tmp/x.map", "/tmp/x.map: cannot read the file: gone");
  g_autofree char *c = tsr_error_describe_for_path ("/tmp/x.map", "GAMEMAPS: level 3");

  ck_assert_str_eq (a, "ok \\x1B[2J\\x0D\\n\\t\\x7F \\u0085 \\xFF é");
  ck_assert_str_eq (b, "/tmp/x.map: cannot read the file: gone");
  ck_assert_str_eq (c, "/tmp/x.map: GAMEMAPS: level 3");
}
END_TEST

START_TEST (test_png_roundtrip)
{
  g_autoptr(TsrImage) image = tsr_image_new (3, 2);
  g_autoptr(TsrImage) back = NULL;
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GError) error = NULL;
  gsize size;
  const guint8 *data;

  ck_assert_ptr_null (tsr_image_new (0, 5));
  ck_assert_ptr_null (tsr_image_new (40000, 5));
  /* Capped by area too: each side is allowed, the product is not. */
  ck_assert_ptr_null (tsr_image_new (16384, 16384));
  ck_assert_ptr_null (tsr_image_new_checked (8192, 4096, TSR_IMAGE_NATURAL_MAX_PIXELS, "picture 3", &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE));
  ck_assert_msg (strstr (error->message, "picture 3: 8192x4096 pixels is above the limit of 16777216 pixels (64 MiB)")
                 != NULL, "%s", error->message);
  g_clear_error (&error);
  ck_assert_uint_eq (tsr_image_budget_pixels (1000), TSR_IMAGE_NATURAL_MAX_PIXELS);
  ck_assert_uint_eq (tsr_image_budget_pixels (2 * 1024 * 1024), 32u * 1024 * 1024);
  ck_assert_uint_eq (tsr_image_budget_pixels (G_MAXSIZE / 32), TSR_IMAGE_MAX_PIXELS);
  tsr_image_set_pixel (image, 0, 0, 0xff000080);
  tsr_image_set_pixel (image, 2, 1, 0x00ff00ff);
  tsr_image_set_pixel (image, 9, 9, 0xffffffff); /* outside: ignored */
  png = tsr_image_to_png (image, &error);
  ck_assert_ptr_nonnull (png);
  data = g_bytes_get_data (png, &size);
  back = tsr_image_load_png (data, size, "test.png", &error);
  ck_assert_ptr_nonnull (back);
  ck_assert_uint_eq (back->width, 3);
  ck_assert_int_eq (memcmp (back->pixels, image->pixels, 3 * 2 * 4), 0);

  /* Truncated PNGs fail cleanly at every length. */
  for (gsize cut = 0; cut < size; cut += 7)
    {
      g_autoptr(GError) cut_error = NULL;
      g_autoptr(TsrImage) none = tsr_image_load_png (data, cut, "cut.png", &cut_error);
      ck_assert_ptr_null (none);
      ck_assert_ptr_nonnull (cut_error);
    }
}
END_TEST

/* Two fake formats that claim the same bytes with the same certainty: the extension decides. */
static guint
sniff_abcd (const guint8 *data, gsize size, const char *path)
{
  return size >= 4 && memcmp (data, "ABCD", 4) == 0 ? TSR_SNIFF_CERTAIN : TSR_SNIFF_NO;
}

static guint
sniff_weak (const guint8 *data, gsize size, const char *path)
{
  return size > 0 ? TSR_SNIFF_MAYBE : TSR_SNIFF_NO;
}

static gpointer
load_bytes (const char *path, GBytes *bytes, GError **error)
{
  return g_bytes_ref (bytes);
}

static const char *const one_ext[] = { "one", NULL };
static const char *const two_ext[] = { "two", NULL };
static const char *const weak_ext[] = { "weak", NULL };
static const TsrFormat format_one = { .id = "one", .name = "One", .family = "test", .extensions = one_ext,
                                      .sniff = sniff_abcd, .load = load_bytes, .free = (GDestroyNotify) g_bytes_unref };
static const TsrFormat format_two = { .id = "two", .name = "Two", .family = "test", .extensions = two_ext,
                                      .sniff = sniff_abcd, .load = load_bytes, .free = (GDestroyNotify) g_bytes_unref };
static const TsrFormat format_weak = { .id = "weak", .name = "Weak", .family = "test", .extensions = weak_ext,
                                       .sniff = sniff_weak, .load = load_bytes, .free = (GDestroyNotify) g_bytes_unref };

/* A finding keeps its WHERE text for people and its structured place for editors. */
/* A PNG of a signature, an IHDR of WIDTH x HEIGHT (8-bit RGBA), the start of
 * a zlib stream and IEND: 59 bytes. */
static GBytes *
png_header_only (guint32 width,
                 guint32 height)
{
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  static const guint8 signature[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  guint8 ihdr[17] = { 'I', 'H', 'D', 'R' };
  const guint8 idat[6] = { 'I', 'D', 'A', 'T', 0x78, 0x9c };
  const guint8 iend[4] = { 'I', 'E', 'N', 'D' };

  ihdr[4] = (guint8) (width >> 24), ihdr[5] = (guint8) (width >> 16), ihdr[6] = (guint8) (width >> 8), ihdr[7] = (guint8) width;
  ihdr[8] = (guint8) (height >> 24), ihdr[9] = (guint8) (height >> 16), ihdr[10] = (guint8) (height >> 8), ihdr[11] = (guint8) height;
  ihdr[12] = 8;   /* bit depth */
  ihdr[13] = 6;   /* RGBA */
  tsr_writer_write_bytes (writer, signature, sizeof signature);
  tsr_writer_write_u32_be (writer, 13);
  tsr_writer_write_bytes (writer, ihdr, sizeof ihdr);
  tsr_writer_write_u32_be (writer, tsr_crc32 (ihdr, sizeof ihdr));
  tsr_writer_write_u32_be (writer, 2);
  tsr_writer_write_bytes (writer, idat, sizeof idat);
  tsr_writer_write_u32_be (writer, tsr_crc32 (idat, sizeof idat));
  tsr_writer_write_u32_be (writer, 0);
  tsr_writer_write_bytes (writer, iend, sizeof iend);
  tsr_writer_write_u32_be (writer, tsr_crc32 (iend, sizeof iend));
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

/* Issue 41: sizes read from files never abort in an allocation. A 59-byte PNG declaring 8192x8192
 * (256 MiB of pixels) is refused before any memory is asked for, naming the IHDR offset; and an
 * image within every limit that the process has no memory for is a GError (checked in a child
 * under RLIMIT_AS; before, g_malloc0 aborted). */
START_TEST (test_image_sizes_from_files)
{
  g_autoptr(GBytes) png = png_header_only (8192, 8192);
  g_autoptr(GError) error = NULL;
  int status = 0;
  pid_t child;

  ck_assert_uint_eq (g_bytes_get_size (png), 59);
  ck_assert_ptr_null (tsr_image_load_png (g_bytes_get_data (png, NULL), 59, "huge.png", &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_INVALID));
  ck_assert_msg (strstr (error->message, "huge.png: PNG of 8192x8192 pixels expected to fit in 59 bytes") != NULL
                 && strstr (error->message, "offset 16") != NULL, "%s", error->message);

#if !defined(__SANITIZE_ADDRESS__)
  child = fork ();
  ck_assert_int_ge (child, 0);
  if (child == 0)
    {
      g_autofree char *proc = NULL;
      const char *line;
      struct rlimit limit;
      gsize now;
      TsrImage *image;

      if (!g_file_get_contents ("/proc/self/status", &proc, NULL, NULL) || (line = strstr (proc, "VmSize:")) == NULL)
        _exit (3);
      now = (gsize) g_ascii_strtoull (line + 7, NULL, 10) * 1024;
      limit.rlim_cur = limit.rlim_max = (rlim_t) now + 64 * 1024 * 1024;
      if (setrlimit (RLIMIT_AS, &limit) != 0)
        _exit (3);
      g_clear_error (&error);
      image = tsr_image_new_checked (8192, 8192, TSR_IMAGE_MAX_PIXELS, "picture", &error);
      if (image != NULL || !g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE)
          || strstr (error->message, "picture: no memory for an image of 8192x8192 pixels") == NULL)
        _exit (2);
      _exit (0);
    }
  ck_assert_int_eq (waitpid (child, &status, 0), child);
  ck_assert_msg (WIFEXITED (status), "the child died of signal %d (an allocation aborted?)",
                 WIFSIGNALED (status) ? WTERMSIG (status) : 0);
  ck_assert_int_eq (WEXITSTATUS (status), 0);
#else
  /* The sanitizer reserves more address space than any limit would leave. */
  (void) status;
  (void) child;
#endif
}
END_TEST

START_TEST (test_finding_places)
{
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  g_autofree char *kind = g_strdup ("polygon");
  TsrFindingPlace place = tsr_finding_place_at (3, kind, 12, TSR_FINDING_POINT_PIXELS, 64.5, -8);
  const TsrFinding *finding;
  g_autofree char *text = NULL;

  tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, "level 3 (Arrival)", "not convex at vertex %u", 2u);
  tsr_findings_add (findings, TSR_SEVERITY_WARNING, NULL, "no place");
  tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, NULL, "map", "no place either");
  /* The kind is interned: the finding outlives the caller's string. */
  g_clear_pointer (&kind, g_free);

  finding = g_ptr_array_index (findings, 0);
  text = tsr_finding_to_string (finding);
  ck_assert_str_eq (text, "error: level 3 (Arrival): not convex at vertex 2");
  ck_assert_int_eq (finding->place.level, 3);
  ck_assert (tsr_finding_place_is (&finding->place, "polygon"));
  ck_assert (finding->place.kind == g_intern_static_string ("polygon"));
  ck_assert_int_eq (finding->place.index, 12);
  ck_assert_int_eq (finding->place.unit, TSR_FINDING_POINT_PIXELS);
  ck_assert (finding->place.x == 64.5 && finding->place.y == -8);
  for (guint i = 1; i < 3; i++)
    {
      finding = g_ptr_array_index (findings, i);
      ck_assert_int_eq (finding->place.level, -1);
      ck_assert_ptr_null (finding->place.kind);
      ck_assert_int_eq (finding->place.index, -1);
      ck_assert_int_eq (finding->place.unit, TSR_FINDING_POINT_NONE);
      ck_assert (!tsr_finding_place_is (&finding->place, "polygon"));
    }
  ck_assert_str_eq (((TsrFinding *) g_ptr_array_index (findings, 1))->where, "file");
}
END_TEST

START_TEST (test_registry_detection)
{
  g_autoptr(TsrFormatRegistry) registry = tsr_format_registry_new ();
  g_autoptr(GError) error = NULL;
  const guint8 abcd[] = "ABCDxyz";
  const guint8 other[] = "hello";

  tsr_format_registry_add (registry, &format_weak);
  tsr_format_registry_add (registry, &format_one);
  tsr_format_registry_add (registry, &format_two);

  /* Content wins over the extension... */
  ck_assert_ptr_eq (tsr_format_registry_detect (registry, abcd, 7, "x.weak", NULL), &format_one);
  /* ...and the extension breaks ties between equally sure content checks, case-insensitively. */
  ck_assert_ptr_eq (tsr_format_registry_detect (registry, abcd, 7, "x.TWO", NULL), &format_two);
  ck_assert_ptr_eq (tsr_format_registry_detect (registry, abcd, 7, NULL, NULL), &format_one);
  ck_assert_ptr_eq (tsr_format_registry_detect (registry, other, 5, "a.two", NULL), &format_weak);

  ck_assert_ptr_null (tsr_format_registry_detect (registry, other, 0, "empty", &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_UNKNOWN_FORMAT));

  ck_assert_ptr_eq (tsr_format_registry_lookup (registry, "two"), &format_two);
  ck_assert_ptr_null (tsr_format_registry_lookup (registry, "three"));
  ck_assert_ptr_eq (tsr_format_registry_lookup_by_extension (registry, "/a.b/out.One"), &format_one);
  ck_assert_ptr_null (tsr_format_registry_lookup_by_extension (registry, "/a.one/out"));
  ck_assert_int_eq (tsr_format_get_abilities (&format_one), TSR_FORMAT_CAN_LOAD);
}
END_TEST

/* GIMP palettes: a file as GIMP and others write it (comments, Name, Columns, CRLF, names with
 * spaces) parses; what the writer writes parses back the same; bad lines are refused with the
 * line number; every cut of a written palette loads a prefix of its colours or fails cleanly. */
START_TEST (test_gimp_palette)
{
  static const char gpl_text[] = "GIMP Palette\r\nName: Test ramp\r\nColumns: 4\r\n# a comment\r\n"
                               "  0   0   0\tBlack\r\n255 128   7 Orange peel\r\n\r\n 12  34  56\r\n";
  static const char *const bad[] = {
    "", "GIMP Pallete\n1 2 3\n", "GIMP Palette\n256 0 0\n", "GIMP Palette\n1 2\n", "GIMP Palette\na b c\n",
    "GIMP Palette\n-1 2 3\n", "GIMP Palette\n1 2 3x\n", "GIMP Palette\nColumns: many\n", "GIMP Palette\n1 2 3 \xff\n",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrGimpPalette) palette = tsr_gimp_palette_parse ((const guint8 *) gpl_text, strlen (gpl_text), "sample.gpl", &error);
  g_autoptr(GBytes) written = NULL;
  g_autoptr(TsrGimpPalette) back = NULL;
  const TsrGimpPaletteColor *orange;
  gsize size;
  const guint8 *data;

  ck_assert_msg (palette != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_str_eq (palette->name, "Test ramp");
  ck_assert_uint_eq (palette->columns, 4);
  ck_assert_uint_eq (palette->colors->len, 3);
  orange = &g_array_index (palette->colors, TsrGimpPaletteColor, 1);
  ck_assert (orange->red == 255 && orange->green == 128 && orange->blue == 7);
  ck_assert_str_eq (orange->name, "Orange peel");
  ck_assert_str_eq (g_array_index (palette->colors, TsrGimpPaletteColor, 2).name, "");

  written = tsr_gimp_palette_write (palette);
  data = g_bytes_get_data (written, &size);
  ck_assert (g_str_has_prefix ((const char *) data, "GIMP Palette\nName: Test ramp\nColumns: 4\n"));
  back = tsr_gimp_palette_parse (data, size, "written.gpl", &error);
  ck_assert_msg (back != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_uint_eq (back->colors->len, 3);
  for (guint i = 0; i < 3; i++)
    {
      const TsrGimpPaletteColor *a = &g_array_index (palette->colors, TsrGimpPaletteColor, i);
      const TsrGimpPaletteColor *b = &g_array_index (back->colors, TsrGimpPaletteColor, i);

      ck_assert (a->red == b->red && a->green == b->green && a->blue == b->blue);
      ck_assert_str_eq (a->name, b->name);
    }

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(TsrGimpPalette) refused = tsr_gimp_palette_parse ((const guint8 *) bad[i], strlen (bad[i]), "bad.gpl", &error);

      ck_assert_msg (refused == NULL, "bad palette %u loaded", i);
      ck_assert_ptr_nonnull (error);
      ck_assert_msg (strstr (error->message, "bad.gpl") != NULL, "%s", error->message);
      g_clear_error (&error);
    }
  {
    g_autoptr(TsrGimpPalette) refused = tsr_gimp_palette_parse ((const guint8 *) "GIMP Palette\n1 2 3\n4 5 256\n", 26, "bad.gpl", &error);

    ck_assert_ptr_null (refused);
    ck_assert_msg (strstr (error->message, "line 3") != NULL, "%s", error->message);
    g_clear_error (&error);
  }

  for (gsize cut = 0; cut < size; cut++)
    {
      g_autoptr(TsrGimpPalette) part = tsr_gimp_palette_parse (data, cut, "cut.gpl", &error);

      if (part == NULL)
        {
          ck_assert_ptr_nonnull (error);
          g_clear_error (&error);
        }
      else
        ck_assert_uint_le (part->colors->len, 3);
    }
}
END_TEST

static Suite *
core_suite (void)
{
  Suite *suite = suite_create ("core");
  TCase *reader = tcase_create ("reader");
  TCase *writer = tcase_create ("writer");
  TCase *files = tcase_create ("files");
  TCase *registry = tcase_create ("registry");

  tcase_add_test (reader, test_reader_endianness);
  tcase_add_test (reader, test_gimp_palette);
  tcase_add_test (reader, test_reader_truncation_everywhere);
  tcase_add_test (reader, test_reader_views_and_subreaders);
  tcase_add_test (reader, test_reader_without_buffer);
  tcase_add_test (writer, test_writer_roundtrip);
  tcase_add_test (writer, test_crc32);
  tcase_add_test (files, test_atomic_save);
  tcase_add_test (files, test_atomic_save_set);
  tcase_add_test (files, test_atomic_save_set_rename_fails);
  tcase_add_test (files, test_atomic_save_only_changed);
  tcase_add_test (files, test_read_missing_file);
  tcase_add_test (files, test_map_file);
  tcase_add_test (files, test_png_roundtrip);
  tcase_add_test (files, test_image_sizes_from_files);
  tcase_add_test (files, test_escape_control);
  tcase_add_test (registry, test_registry_detection);
  tcase_add_test (registry, test_finding_places);
  suite_add_tcase (suite, reader);
  suite_add_tcase (suite, writer);
  suite_add_tcase (suite, files);
  suite_add_tcase (suite, registry);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (core_suite ());
}
