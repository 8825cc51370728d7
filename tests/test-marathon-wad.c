/* test-marathon-wad.c: the wad container on every real wad (bare, and the data forks inside the
 * MacBinary and AppleSingle files), edits, checksums and truncation. */
#include <string.h>

#include "core/tsr-crc.h"
#include "core/tsr-error.h"
#include "formats/marathon/tsr-wad.h"
#include "tsr-test-common.h"

static char *data_dir;

static guint32
be32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
}

/* The wad inside FILE: the whole file, or the data fork of a MacBinary / AppleSingle wrapper
 * (decoded here with trusted offsets: these are the project's own test files). */
static GBytes *
wad_bytes_of (GBytes *file)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (file, &size);

  if (size >= 128 && tsr_wad_sniff (data, size) > 0)
    return g_bytes_ref (file);
  if (size >= 26 && be32 (data) == 0x00051600)
    {
      guint count = (guint) (data[24] << 8 | data[25]);

      for (guint i = 0; i < count; i++)
        {
          const guint8 *e = data + 26 + 12 * i;

          if (be32 (e) == 1)
            return g_bytes_new_from_bytes (file, be32 (e + 4), be32 (e + 8));
        }
      return NULL;
    }
  if (size >= 128 && data[0] == 0 && data[74] == 0)
    {
      guint32 length = be32 (data + 83);

      if (length >= 128 && 128 + length <= size && tsr_wad_sniff (data + 128, length) > 0)
        return g_bytes_new_from_bytes (file, 128, length);
    }
  return NULL;
}

START_TEST (test_wad_roundtrip_real_files)
{
  static const char *const suffixes[] = { "", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (data_dir, suffixes);
  guint checked = 0;
  gboolean saw_v0 = FALSE, saw_v2 = FALSE, saw_v4 = FALSE;

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GBytes) file = tsr_test_read_file (path);
      g_autoptr(GBytes) wad_bytes = wad_bytes_of (file);
      g_autoptr(TsrWad) wad = NULL;
      g_autoptr(GBytes) saved = NULL;
      g_autoptr(GError) error = NULL;

      if (wad_bytes == NULL)
        continue;
      wad = tsr_wad_parse (g_bytes_get_data (wad_bytes, NULL), g_bytes_get_size (wad_bytes),
                           path, &error);
      ck_assert_msg (wad != NULL, "%s: %s", path, error ? error->message : "?");
      saved = tsr_wad_serialize (wad, &error);
      ck_assert_msg (saved != NULL, "%s: %s", path, error ? error->message : "?");
      ck_assert_msg (g_bytes_equal (saved, wad_bytes), "%s: not byte-identical", path);
      saw_v0 |= wad->version == 0;
      saw_v2 |= wad->version == 2;
      saw_v4 |= wad->version == 4;
      checked++;
    }
  ck_assert (saw_v0 && saw_v2 && saw_v4);
  ck_assert_uint_ge (checked, 8);
  tsr_test_report_count ("Marathon wads saved byte-identical", checked);
}
END_TEST

START_TEST (test_wad_stale_checksum_kept_then_recomputed)
{
  g_autofree char *path = g_build_filename (data_dir, "m1_Map.scen", NULL);
  g_autoptr(GBytes) file = tsr_test_read_file (path);
  g_autoptr(GBytes) wad_bytes = wad_bytes_of (file);
  g_autoptr(TsrWad) wad = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  TsrWadEntry *entry;
  const guint8 *out;
  gsize size;

  wad = tsr_wad_parse (g_bytes_get_data (wad_bytes, NULL), g_bytes_get_size (wad_bytes), "m1", NULL);
  ck_assert_ptr_nonnull (wad);
  ck_assert_uint_eq (wad->version, 0);
  ck_assert_uint_eq (wad->entries->len, 37);
  ck_assert (!tsr_wad_checksum_matches (wad));
  tsr_wad_validate (wad, findings);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_WARNING), 1);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);

  /* Change one entry: the checksum becomes the real CRC of the new bytes. */
  entry = tsr_wad_find_entry (wad, 3);
  ck_assert_ptr_nonnull (entry);
  g_ptr_array_remove_index (entry->chunks, entry->chunks->len - 1);
  saved = tsr_wad_serialize (wad, NULL);
  out = g_bytes_get_data (saved, &size);
  {
    g_autofree guint8 *copy = g_memdup2 (out, size);
    guint32 stored = be32 (copy + 68);

    memset (copy + 68, 0, 4);
    ck_assert_uint_eq (stored, tsr_crc32 (copy, size));
  }
  {
    g_autoptr(TsrWad) again = tsr_wad_parse (out, size, "edited", NULL);

    ck_assert_ptr_nonnull (again);
    ck_assert (tsr_wad_checksum_matches (again));
    ck_assert_uint_eq (again->entries->len, 37);
  }
}
END_TEST

START_TEST (test_wad_new_and_edit)
{
  g_autoptr(TsrWad) wad = tsr_wad_new (TSR_WAD_VERSION_INFINITY, 2, "Test");
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrWad) again = NULL;
  g_autoptr(GBytes) hello = g_bytes_new_static ("hello", 5);
  g_autoptr(GBytes) odd = g_bytes_new_static ("abc", 3);
  TsrWadLevelInfo info = { 1, 2, 0x11, "Level" }, back;
  TsrWadEntry *entry;
  g_autoptr(GError) error = NULL;

  wad->app_data_size = TSR_WAD_LEVEL_APP_DATA_SIZE;
  for (int i = 0; i < 3; i++)
    {
      entry = tsr_wad_entry_new (i * 2);
      tsr_wad_entry_set_chunk (entry, TSR_WAD_TAG ('A', 'B', 'C', 'D'), hello);
      tsr_wad_entry_set_chunk (entry, TSR_WAD_TAG ('E', 'F', 'G', 'H'), odd);
      entry->app_data = tsr_wad_level_info_to_bytes (&info);
      g_ptr_array_add (wad->entries, entry);
    }
  saved = tsr_wad_serialize (wad, &error);
  ck_assert_ptr_nonnull (saved);
  ck_assert_uint_eq (g_bytes_get_size (saved), 128 + 3 * (2 * 16 + 8) + 3 * (10 + 74));
  again = tsr_wad_parse (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved), "new", &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  ck_assert (tsr_wad_checksum_matches (again));
  ck_assert_uint_eq (again->entries->len, 3);
  entry = tsr_wad_find_entry (again, 4);
  ck_assert_ptr_nonnull (entry);
  ck_assert_uint_eq (entry->chunks->len, 2);
  ck_assert (g_bytes_equal (tsr_wad_entry_find_chunk (entry, TSR_WAD_TAG ('E', 'F', 'G', 'H'))->data, odd));
  ck_assert (tsr_wad_level_info_parse (entry->app_data, &back, NULL));
  ck_assert_int_eq (back.entry_point_flags, 0x11);
  ck_assert_str_eq ((char *) back.name, "Level");
  ck_assert_ptr_null (tsr_wad_find_entry (again, 1));
  ck_assert (tsr_wad_entry_remove_chunk (entry, TSR_WAD_TAG ('A', 'B', 'C', 'D')));
  ck_assert (!tsr_wad_entry_remove_chunk (entry, TSR_WAD_TAG ('A', 'B', 'C', 'D')));
}
END_TEST

START_TEST (test_wad_truncation)
{
  g_autofree char *path = g_build_filename (data_dir, "chronicles_net_War.sceA", NULL);
  g_autoptr(GBytes) file = tsr_test_read_file (path);
  gsize size;
  const guint8 *data = g_bytes_get_data (file, &size);

  for (gsize length = 0; length < size; length++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrWad) wad = tsr_wad_parse (data, length, "cut", &error);

      ck_assert_msg (wad == NULL, "length %" G_GSIZE_FORMAT " loaded", length);
      ck_assert (error != NULL && error->domain == TSR_ERROR);
      ck_assert_ptr_nonnull (strstr (error->message, "offset"));
    }
}
END_TEST

START_TEST (test_mac_roman)
{
  static const guint8 roman[] = { 'p', 0x8c, 't', 'h', 0xd2, 0xd3, 0xc9 };
  g_autofree char *utf8 = tsr_mac_roman_to_utf8 (roman, sizeof roman);
  g_autoptr(GBytes) back = tsr_utf8_to_mac_roman (utf8, strlen (utf8), NULL);
  glong bad = -1;
  g_autofree char *tag = tsr_wad_tag_to_string (TSR_WAD_TAG ('p', 0x8c, 't', 'h'));

  ck_assert_str_eq (utf8, "p\xc3\xa5th\xe2\x80\x9c\xe2\x80\x9d\xe2\x80\xa6");
  ck_assert_uint_eq (g_bytes_get_size (back), sizeof roman);
  ck_assert_int_eq (memcmp (g_bytes_get_data (back, NULL), roman, sizeof roman), 0);
  ck_assert_ptr_null (tsr_utf8_to_mac_roman ("ab\xe2\x82\xaa", 5, &bad)); /* U+20AA */
  ck_assert_int_eq (bad, 2);
  ck_assert_str_eq (tag, "p\xc3\xa5th");
}
END_TEST

/* The one Mac Roman table every Marathon string goes through agrees with the system's converter
 * (glibc's "MACINTOSH") byte for byte, and every byte comes back through the encoder. */
START_TEST (test_mac_roman_matches_iconv)
{
  guint compared = 0;

  for (guint byte = 1; byte < 256; byte++)
    {
      guint8 roman = (guint8) byte;
      g_autofree char *ours = tsr_mac_roman_to_utf8 (&roman, 1);
      g_autofree char *system = g_convert ((const char *) &roman, 1, "UTF-8", "MACINTOSH", NULL, NULL, NULL);
      g_autoptr(GBytes) back = tsr_utf8_to_mac_roman (ours, strlen (ours), NULL);

      ck_assert_ptr_nonnull (back);
      ck_assert_uint_eq (g_bytes_get_size (back), 1);
      ck_assert_uint_eq (((const guint8 *) g_bytes_get_data (back, NULL))[0], byte);
      /* Apple's table (ROMAN.TXT) maps 0xC6 to U+2206 INCREMENT and 0xF0 to the Apple logo
       * U+F8FF; glibc says U+0394 and a private-use U+E01E. Everything else agrees. */
      if (byte == 0xc6 || byte == 0xf0)
        {
          ck_assert_ptr_nonnull (system);
          continue;
        }
      ck_assert_ptr_nonnull (system);
      ck_assert_msg (strcmp (ours, system) == 0, "byte 0x%02x: %s, iconv says %s", byte, ours, system);
      compared++;
    }
  ck_assert_uint_eq (compared, 253);
  {
    /* Text converted by glibc comes back too: its U+0394 for 0xC6. */
    g_autoptr(GBytes) delta = tsr_utf8_to_mac_roman ("\xce\x94", 2, NULL);

    ck_assert_ptr_nonnull (delta);
    ck_assert_uint_eq (((const guint8 *) g_bytes_get_data (delta, NULL))[0], 0xc6);
  }
  {
    /* The names the issue found garbled: "I’m" and "™" as Mac Roman. */
    static const guint8 name[] = { 'I', 0xd5, 'm', ' ', 0xaa };
    g_autofree char *utf8 = tsr_mac_roman_to_utf8 (name, sizeof name);

    ck_assert_str_eq (utf8, "I\xe2\x80\x99m \xe2\x84\xa2");
  }
}
END_TEST

static Suite *
wad_suite (void)
{
  Suite *suite = suite_create ("marathon-wad");
  TCase *tc = tcase_create ("wad");

  tcase_add_test (tc, test_wad_roundtrip_real_files);
  tcase_add_test (tc, test_wad_stale_checksum_kept_then_recomputed);
  tcase_add_test (tc, test_wad_new_and_edit);
  tcase_add_test (tc, test_wad_truncation);
  tcase_add_test (tc, test_mac_roman);
  tcase_add_test (tc, test_mac_roman_matches_iconv);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (wad_suite ());
}
