/* test-marathon-mac-wrapper.c: MacBinary, AppleSingle and resource forks: real files written back
 * byte-identical, edits, and clean errors for every truncation. */
#include <string.h>

#include "tsr-test-common.h"
#include "core/tsr-error.h"
#include "formats/marathon/tsr-mac-wrapper.h"

static char *data_dir;

static void
assert_bytes_equal (GBytes *a, GBytes *b, const char *what)
{
  gsize size_a, size_b, offset = 0;
  const guint8 *x = g_bytes_get_data (a, &size_a);
  const guint8 *y = g_bytes_get_data (b, &size_b);

  while (offset < size_a && offset < size_b && x[offset] == y[offset])
    offset++;
  ck_assert_msg (size_a == size_b && offset == size_a,
                 "%s: differs at %" G_GSIZE_FORMAT " (sizes %" G_GSIZE_FORMAT " and %" G_GSIZE_FORMAT ")",
                 what, offset, size_a, size_b);
}

START_TEST (test_real_files_roundtrip)
{
  const char *const suffixes[] = { ".imgA", ".as", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (data_dir, suffixes);
  guint checked = 0;

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrMacFile) file = tsr_mac_file_parse (bytes, &error);
      g_autoptr(TsrResourceFork) fork = NULL;
      g_autoptr(GBytes) fork_again = NULL;
      g_autoptr(GBytes) again = NULL;

      ck_assert_msg (file != NULL, "%s: %s", path, error ? error->message : "");
      ck_assert_int_ne (file->kind, TSR_MAC_WRAPPER_NONE);
      fork = tsr_resource_fork_parse (file->resource_fork, "resource fork", &error);
      ck_assert_msg (fork != NULL, "%s: %s", path, error ? error->message : "");
      fork_again = tsr_resource_fork_serialize (fork);
      assert_bytes_equal (file->resource_fork, fork_again, path);
      tsr_mac_file_set_resource_fork (file, fork_again);
      again = tsr_mac_file_serialize (file);
      assert_bytes_equal (bytes, again, path);
      checked++;
    }
  ck_assert_uint_ge (checked, 2);
  tsr_test_report_count ("Mac wrappers and resource forks", checked);
}
END_TEST

START_TEST (test_images_resources)
{
  g_autofree char *path = g_build_filename (data_dir, "m2_Images.imgA", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(TsrMacFile) file = tsr_mac_file_parse (bytes, NULL);
  g_autoptr(TsrResourceFork) fork = NULL;
  g_autoptr(GPtrArray) picts = NULL;
  g_autoptr(GPtrArray) cluts = NULL;
  TsrMacResource *resource;

  ck_assert_ptr_nonnull (file);
  ck_assert_int_eq (file->kind, TSR_MAC_WRAPPER_MACBINARY);
  ck_assert_str_eq (file->name, "Images");
  ck_assert_uint_eq (file->file_type, TSR_FOURCC ('i', 'm', 'g', '2'));
  ck_assert_uint_eq (g_bytes_get_size (file->data_fork), 0);
  fork = tsr_resource_fork_parse (file->resource_fork, NULL, NULL);
  ck_assert_ptr_nonnull (fork);
  picts = tsr_resource_fork_list_type (fork, TSR_FOURCC ('P', 'I', 'C', 'T'));
  cluts = tsr_resource_fork_list_type (fork, TSR_FOURCC ('c', 'l', 'u', 't'));
  ck_assert_uint_eq (picts->len, 14);
  ck_assert_uint_eq (cluts->len, 4);
  resource = tsr_resource_fork_find (fork, TSR_FOURCC ('P', 'I', 'C', 'T'), 1700);
  ck_assert_ptr_nonnull (resource);
  ck_assert_uint_eq (g_bytes_get_size (resource->data), 53248);
  ck_assert_uint_eq (g_bytes_get_size (tsr_resource_fork_find (fork, TSR_FOURCC ('c', 'l', 'u', 't'), 1000)->data),
                     2056);
}
END_TEST

START_TEST (test_applesingle_names)
{
  g_autofree char *path = g_build_filename (data_dir, "a1_pfhortran_Quartz.sceA.as", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(TsrMacFile) file = tsr_mac_file_parse (bytes, NULL);
  g_autoptr(TsrResourceFork) fork = NULL;
  TsrMacResource *resource;

  ck_assert_ptr_nonnull (file);
  ck_assert_int_eq (file->kind, TSR_MAC_WRAPPER_APPLESINGLE);
  ck_assert_ptr_null (file->name); /* no real-name entry; the wad inside names the level */
  ck_assert_uint_eq (file->applesingle_entries->len, 3);
  ck_assert_uint_eq (g_bytes_get_size (file->data_fork), 0x91c4);
  fork = tsr_resource_fork_parse (file->resource_fork, NULL, NULL);
  ck_assert_ptr_nonnull (fork);
  resource = tsr_resource_fork_find (fork, TSR_FOURCC ('c', 'k', 'i', 'd'), 128);
  ck_assert_ptr_nonnull (resource);
  ck_assert_uint_eq (g_bytes_get_size (resource->name), 14);
  ck_assert (memcmp (g_bytes_get_data (resource->name, NULL), "Projector Data", 14) == 0);
}
END_TEST

/* Edits: replace, add and remove resources; grow the data fork; everything reads back. */
START_TEST (test_edits)
{
  g_autofree char *path = g_build_filename (data_dir, "a1_pfhortran_Quartz.sceA.as", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(TsrMacFile) file = tsr_mac_file_parse (bytes, NULL);
  g_autoptr(TsrResourceFork) fork = tsr_resource_fork_parse (file->resource_fork, NULL, NULL);
  g_autoptr(GBytes) small = g_bytes_new_static ("hello", 5);
  g_autoptr(GBytes) data_fork = g_bytes_new_static ("0123456789", 10);
  g_autoptr(GBytes) new_fork = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrMacFile) reread = NULL;
  g_autoptr(TsrResourceFork) reread_fork = NULL;
  TsrMacResource *resource;

  tsr_resource_fork_set (fork, TSR_FOURCC ('T', 'E', 'X', 'T'), 1000, small);
  tsr_resource_fork_set (fork, TSR_FOURCC ('P', 'I', 'C', 'T'), 7, small);
  tsr_resource_fork_set (fork, TSR_FOURCC ('T', 'E', 'X', 'T'), 5, data_fork);
  ck_assert (tsr_resource_fork_remove (fork, TSR_FOURCC ('c', 'k', 'i', 'd'), 128));
  ck_assert (!tsr_resource_fork_remove (fork, TSR_FOURCC ('c', 'k', 'i', 'd'), 128));
  new_fork = tsr_resource_fork_serialize (fork);
  tsr_mac_file_set_resource_fork (file, new_fork);
  tsr_mac_file_set_data_fork (file, data_fork);
  saved = tsr_mac_file_serialize (file);

  reread = tsr_mac_file_parse (saved, NULL);
  ck_assert_ptr_nonnull (reread);
  assert_bytes_equal (reread->data_fork, data_fork, "data fork");
  reread_fork = tsr_resource_fork_parse (reread->resource_fork, NULL, NULL);
  ck_assert_ptr_nonnull (reread_fork);
  ck_assert_uint_eq (reread_fork->resources->len, 4);
  resource = tsr_resource_fork_find (reread_fork, TSR_FOURCC ('T', 'E', 'X', 'T'), 1000);
  assert_bytes_equal (resource->data, small, "TEXT 1000");
  resource = tsr_resource_fork_find (reread_fork, TSR_FOURCC ('T', 'E', 'X', 'T'), 128);
  ck_assert_uint_eq (g_bytes_get_size (resource->name), 5);
  ck_assert_ptr_nonnull (tsr_resource_fork_find (reread_fork, TSR_FOURCC ('P', 'I', 'C', 'T'), 7));
  ck_assert_ptr_null (tsr_resource_fork_find (reread_fork, TSR_FOURCC ('c', 'k', 'i', 'd'), 128));
}
END_TEST

/* A fresh MacBinary file built by hand round-trips through a grown resource fork. */
START_TEST (test_macbinary_built)
{
  guint8 header[128] = { 0 };
  g_autoptr(TsrResourceFork) fork = tsr_resource_fork_new ();
  g_autoptr(GBytes) payload = g_bytes_new_static ("PICTDATA", 8);
  g_autoptr(GBytes) fork_bytes = NULL;
  g_autoptr(GBytes) file_bytes = NULL;
  g_autoptr(TsrMacFile) file = NULL;
  g_autoptr(TsrMacFile) reread = NULL;
  g_autoptr(GBytes) saved = NULL;
  guint16 crc;

  tsr_resource_fork_set (fork, TSR_FOURCC ('P', 'I', 'C', 'T'), 1000, payload);
  fork_bytes = tsr_resource_fork_serialize (fork);

  header[1] = 4;
  memcpy (header + 2, "Test", 4);
  memcpy (header + 65, "imgAmia2", 8);
  header[122] = 0x81;
  header[123] = 0x81;
  crc = tsr_macbinary_crc (header, 124);
  header[124] = (guint8) (crc >> 8);
  header[125] = (guint8) crc;
  file_bytes = g_bytes_new (header, sizeof header);
  file = tsr_mac_file_parse (file_bytes, NULL);
  ck_assert_ptr_nonnull (file);
  ck_assert_int_eq (file->kind, TSR_MAC_WRAPPER_MACBINARY);
  tsr_mac_file_set_resource_fork (file, fork_bytes);
  saved = tsr_mac_file_serialize (file);
  ck_assert_uint_eq (g_bytes_get_size (saved) % 128, 0);
  ck_assert_int_eq (tsr_mac_wrapper_sniff (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved)),
                    TSR_MAC_WRAPPER_MACBINARY);
  reread = tsr_mac_file_parse (saved, NULL);
  ck_assert_ptr_nonnull (reread);
  assert_bytes_equal (reread->resource_fork, fork_bytes, "resource fork");
}
END_TEST

/* Every truncation of the AppleSingle map and a dense sample of the Images file fail cleanly
 * (or, where the cut falls in padding, parse). */
static void
truncate_everywhere (const char *name, gsize step)
{
  g_autofree char *path = g_build_filename (data_dir, name, NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  guint failures = 0;

  for (gsize length = 0; length < size; length += (length < 4096 ? 1 : step))
    {
      g_autoptr(GBytes) cut = g_bytes_new (data, length);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrMacFile) file = tsr_mac_file_parse (cut, &error);
      g_autoptr(TsrResourceFork) fork = NULL;

      if (file == NULL)
        {
          ck_assert_ptr_nonnull (error);
          ck_assert (error->domain == TSR_ERROR);
          failures++;
          continue;
        }
      fork = tsr_resource_fork_parse (file->resource_fork, NULL, &error);
      if (fork == NULL)
        {
          ck_assert_ptr_nonnull (error);
          failures++;
        }
    }
  ck_assert_uint_gt (failures, 0);
}

/* A raw Marathon Wad whose directory offset has a zero second-lowest byte (one Wad in 256) is no
 * MacBinary file, though its header passes MacBinary I's zero-byte tests (found by the randomized
 * editor test, whose edits moved a real map's directory to such an offset). */
START_TEST (test_wad_is_not_macbinary)
{
  guint8 header[128] = { 0 };
  const char *name = "Genie in a Bottle.sceA";

  header[1] = 4;                    /* version */
  header[3] = 1;                    /* data version */
  memcpy (header + 4, name, strlen (name));
  header[68] = 0xda;                /* checksum */
  header[69] = 0x99;
  header[73] = 0x05;                /* directory offset 0x050034: byte 74 is 0 */
  header[75] = 0x34;
  header[77] = 1;                   /* one level */
  header[81] = 16;                  /* entry header size */
  header[83] = 10;                  /* directory entry base size */
  ck_assert_int_eq (tsr_mac_wrapper_sniff (header, sizeof header), TSR_MAC_WRAPPER_NONE);
  /* The same bytes with a Pascal file name where MacBinary has it are MacBinary I. */
  header[1] = 5;
  memcpy (header + 2, "Genie", 5);
  header[83] = 0;
  ck_assert_int_eq (tsr_mac_wrapper_sniff (header, sizeof header), TSR_MAC_WRAPPER_MACBINARY);
}
END_TEST

START_TEST (test_truncation)
{
  truncate_everywhere ("a1_pfhortran_Quartz.sceA.as", 1);
  truncate_everywhere ("m2_Images.imgA", 16381);
}
END_TEST

START_TEST (test_resource_fork_garbage)
{
  /* A map whose reference list points outside the map. */
  guint8 fork[16 + 4 + 30 + 8] = { 0 };
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  fork[3] = 16;            /* data offset */
  fork[7] = 20;            /* map offset */
  fork[15] = 38;           /* map length */
  fork[20 + 25] = 28;      /* type list offset */
  fork[20 + 27] = 38;      /* name list offset */
  memcpy (fork + 20 + 30, "PICT", 4);
  fork[20 + 36] = 0x7f;    /* reference list far away */
  bytes = g_bytes_new (fork, sizeof fork);
  ck_assert_ptr_null (tsr_resource_fork_parse (bytes, NULL, &error));
  ck_assert_ptr_nonnull (error);
  ck_assert_ptr_nonnull (strstr (error->message, "offset"));
}
END_TEST

static Suite *
mac_wrapper_suite (void)
{
  Suite *suite = suite_create ("marathon-mac-wrapper");
  TCase *real = tcase_create ("real");
  TCase *edits = tcase_create ("edits");
  TCase *bad = tcase_create ("bad");

  tcase_add_test (real, test_real_files_roundtrip);
  tcase_add_test (real, test_images_resources);
  tcase_add_test (real, test_applesingle_names);
  tcase_add_test (edits, test_edits);
  tcase_add_test (edits, test_macbinary_built);
  tcase_add_test (bad, test_truncation);
  tcase_add_test (bad, test_wad_is_not_macbinary);
  tcase_add_test (bad, test_resource_fork_garbage);
  suite_add_tcase (suite, real);
  suite_add_tcase (suite, edits);
  suite_add_tcase (suite, bad);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (mac_wrapper_suite ());
}
