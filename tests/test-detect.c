/* test-detect.c: every real file and every bundled sample is recognised as its own format by
 * content alone (no extension to help), and no format claims a file of another family. Codecs
 * written separately guard against each other's sniffers here. */
#include <string.h>

#include "formats/tsr-format.h"
#include "tsr-test-common.h"

typedef struct {
  const char *suffix;    /* lower-case file name ending */
  const char *format;    /* expected format id; NULL: no format should claim it */
  gboolean    by_path;   /* part of a set: some members (VGAGRAPH, AUDIOT) are raw data that only
                          * their siblings identify, so the path is given to the sniffer */
} Expectation;

/* Case matters: Marathon's ".ShPa" (a shapes patch) and ".shpA" (a Shapes file) differ only so. */
static const Expectation expectations[] = {
  { ".term.txt", "marathon-terminal-script" },
  { ".sceA.as", "marathon-map" },
  { ".sceA", "marathon-map" },
  { ".scen", "marathon-map" },
  { ".phys", "marathon-physics" },
  { ".phyA", "marathon-physics" },
  { ".imgA", "marathon-images" },
  { ".ShPa", "marathon-shapes-patch" },
  { ".shpA", "marathon-shapes" },
  /* Marathon 1's application: its resource fork holds the terminals of m1_Map.scen. */
  { ".appl", "marathon1-terminals" },
  { ".rmp", "sphere-rmp" },
  { ".rts", "sphere-rts" },
  { ".rss", "sphere-rss" },
  { ".WL1", "wolf3d-set", TRUE },
  { ".map", "doom2d-map" },
  { ".wad", "doom2d-wad" },
  { ".dfz", "doom2d-dfz" },
  { "doom2d-sample.txt", "doom2d-text" },
  /* The unpacked sources of Doom2D Forever's Standart.wad: textures, animation descriptions and
   * the packing lists are resources, not documents; no format claims them. */
  { ".tga", NULL },
  { ".lst", NULL },
  { "/TEXT/ANIM.txt", NULL },
};

static const Expectation *
expectation_for (const char *path)
{
  for (gsize i = 0; i < G_N_ELEMENTS (expectations); i++)
    if (g_str_has_suffix (path, expectations[i].suffix))
      return &expectations[i];
  return NULL;
}

static void
collect_files (const char *directory, GPtrArray *files)
{
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (directory, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_files (path, files);
      else if (!g_str_has_suffix (name, ".md") && !g_str_has_suffix (name, ".xml"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

static const char *
family_of (const char *format_id)
{
  const TsrFormat *format = tsr_format_registry_lookup (tsr_format_registry_get_default (), format_id);

  ck_assert_msg (format != NULL, "format %s is not registered", format_id);
  return format->family;
}

static guint
check_folder (const char *folder)
{
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  GPtrArray *formats = tsr_format_registry_list (registry);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  guint checked = 0;

  collect_files (folder, files);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      const Expectation *expected = expectation_for (path);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      gsize size;
      const guint8 *data = g_bytes_get_data (bytes, &size);
      const TsrFormat *detected;

      ck_assert_msg (expected != NULL, "%s: no expectation for this file; add one", path);
      detected = tsr_format_registry_detect (registry, data, size, expected->by_path ? path : NULL, &error);
      if (expected->format == NULL)
        {
          ck_assert_msg (detected == NULL, "%s: claimed by %s", path, detected ? detected->id : "");
          checked++;
          continue;
        }
      ck_assert_msg (detected != NULL, "%s: not recognised: %s", path, error ? error->message : "");
      ck_assert_msg (g_str_equal (detected->id, expected->format), "%s: detected as %s, expected %s",
                     path, detected->id, expected->format);

      /* No format of another family may claim it at all. */
      for (guint f = 0; f < formats->len; f++)
        {
          const TsrFormat *other = g_ptr_array_index (formats, f);

          if (g_str_equal (other->family, family_of (expected->format)))
            continue;
          ck_assert_msg (other->sniff (data, size, NULL) == TSR_SNIFF_NO,
                         "%s (%s) is also claimed by %s", path, expected->format, other->id);
        }
      checked++;
    }
  return checked;
}

START_TEST (test_real_files_detected)
{
  g_autofree char *root = tsr_test_data_require (".");
  guint count = check_folder (root);

  tsr_test_report_count ("detected by content as their own format", count);
  ck_assert_uint_gt (count, 0);
}
END_TEST

START_TEST (test_samples_detected)
{
  g_autofree char *samples = g_build_filename (g_getenv ("TSR_SOURCE_ROOT"), "data", "samples", NULL);
  guint count = check_folder (samples);

  g_print ("checked %u bundled samples\n", count);
  ck_assert_uint_gt (count, 0);
}
END_TEST

START_TEST (test_every_format_rejects_nothing_much)
{
  /* Tiny and empty inputs are nobody's. */
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  const guint8 zeros[16] = { 0 };

  for (gsize size = 0; size <= sizeof zeros; size++)
    {
      const TsrFormat *format = tsr_format_registry_detect (registry, zeros, size, NULL, NULL);
      ck_assert_msg (format == NULL, "%" G_GSIZE_FORMAT " zero bytes claimed by %s", size, format->id);
    }
}
END_TEST

static Suite *
detect_suite (void)
{
  Suite *suite = suite_create ("detect");
  TCase *detect = tcase_create ("detect");

  tcase_add_test (detect, test_real_files_detected);
  tcase_add_test (detect, test_samples_detected);
  tcase_add_test (detect, test_every_format_rejects_nothing_much);
  suite_add_tcase (suite, detect);
  return suite;
}

int
main (void)
{
  g_free (tsr_test_data_require ("."));
  return tsr_test_run_suite (detect_suite ());
}
