/* tsr-test-common.c: shared test support. */
#include "tsr-test-common.h"

#include "formats/doom2d/tsr-doom2d-pack.h"
#include "formats/doom2d/tsr-doom2d-wad.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *
tsr_test_data_root (void)
{
  const char *root = g_getenv ("TSR_TESTDATA");

  return root != NULL && *root != '\0' ? root : NULL;
}

char *
tsr_test_data_require (const char *subdir)
{
  const char *root = tsr_test_data_root ();
  char *path = root != NULL ? g_build_filename (root, subdir, NULL) : NULL;

  if (path != NULL && g_file_test (path, G_FILE_TEST_IS_DIR))
    return path;

  if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
    {
      fprintf (stderr, "TESTDATA: %s is missing and CI=true: failing\n",
               path != NULL ? path : "(no testdata option)");
      exit (EXIT_FAILURE);
    }
  fprintf (stdout, "TESTDATA: SKIP: %s not found; set -Dtestdata=DIR to run the real-file tests\n",
           path != NULL ? path : subdir);
  exit (77);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
tsr_test_data_list (const char        *directory,
                    const char *const *suffixes)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *lower = g_ascii_strdown (name, -1);

      for (gsize i = 0; suffixes != NULL && suffixes[i] != NULL; i++)
        {
          g_autofree char *suffix = g_ascii_strdown (suffixes[i], -1);
          if (g_str_has_suffix (lower, suffix))
            {
              g_ptr_array_add (files, g_build_filename (directory, name, NULL));
              break;
            }
        }
    }
  g_ptr_array_sort (files, compare_strings);
  return files;
}

GBytes *
tsr_test_read_file (const char *path)
{
  char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &contents, &length, &error))
    ck_abort_msg ("cannot read %s: %s", path, error->message);
  return g_bytes_new_take (contents, length);
}

void
tsr_test_report_count (const char *what,
                       guint       count)
{
  printf ("TESTDATA: checked %u real files (%s)\n", count, what);
  fflush (stdout);
}

static GPtrArray *temp_dirs;

static void
remove_temp_dirs (void)
{
  for (guint i = 0; temp_dirs != NULL && i < temp_dirs->len; i++)
    {
      g_autofree char *command = g_strdup_printf ("rm -rf '%s'", (char *) g_ptr_array_index (temp_dirs, i));
      if (system (command) != 0)
        fprintf (stderr, "could not remove %s\n", (char *) g_ptr_array_index (temp_dirs, i));
    }
}

TsrDocument *
tsr_test_open_document (const char *directory,
                        const char *name)
{
  g_autofree char *path = g_build_filename (directory, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TsrDocument *document = tsr_document_new_from_file (file, &error);

  ck_assert_msg (document != NULL, "%s: %s", path, error ? error->message : "");
  return document;
}

char *
tsr_test_make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("tessera-test-XXXXXX", &error);

  ck_assert_msg (dir != NULL, "cannot make a temporary folder: %s", error ? error->message : "");
  if (temp_dirs == NULL)
    {
      temp_dirs = g_ptr_array_new_with_free_func (g_free);
      atexit (remove_temp_dirs);
    }
  g_ptr_array_add (temp_dirs, g_strdup (dir));
  return dir;
}

int
tsr_test_run_suite (Suite *suite)
{
  SRunner *runner = srunner_create (suite);
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

const TsrFinding *
tsr_test_find_finding (GPtrArray  *findings,
                       const char *fragment)
{
  for (guint i = 0; findings != NULL && i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);
      g_autofree char *text = tsr_finding_to_string (finding);

      if (strstr (text, fragment) != NULL)
        return finding;
    }
  return NULL;
}

GBytes *
tsr_test_make_tga (guint w, guint h, guint32 rgb, guint stripe, guint32 stripe_rgb)
{
  GByteArray *tga = g_byte_array_new ();
  guint8 header[18] = { 0, 0, 2 };

  header[12] = w & 0xff, header[13] = w >> 8, header[14] = h & 0xff, header[15] = h >> 8;
  header[16] = 32, header[17] = 0x28;
  g_byte_array_append (tga, header, sizeof header);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      {
        guint32 c = x < stripe ? stripe_rgb : rgb;
        guint8 px[4] = { c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff, 0xff };

        g_byte_array_append (tga, px, 4);
      }
  return g_byte_array_free_to_bytes (tga);
}

char *
tsr_test_write_game_wad (const char *folder)
{
  char *path = g_build_filename (folder, "game.wad", NULL);
  TsrDoom2dWad *wad = tsr_doom2d_wad_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_autoptr(GBytes) med1 = tsr_test_make_tga (14, 15, 0xff0000, 0, 0);
  g_autoptr(GBytes) armor = tsr_test_make_tga (96, 16, 0xffff00, 32, 0x0000ff);
  g_autoptr(GBytes) imp = tsr_test_make_tga (128, 64, 0x00ffff, 8, 0xff00ff);

  tsr_doom2d_wad_add (wad, "TEXTURES", "MED1", med1);
  tsr_doom2d_wad_add (wad, "TEXTURES", "ARMORGREEN", armor);
  tsr_doom2d_wad_add (wad, "MTEXTURES", "IMP_SLEEP", imp);
  bytes = tsr_doom2d_wad_write (wad, &error);
  tsr_doom2d_wad_free (wad);
  if (bytes == NULL || !g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error))
    g_error ("%s: %s", path, error != NULL ? error->message : "not written");
  return path;
}

char *
tsr_test_pack_standart_wad (const char *doom2d_dir,
                            const char *folder)
{
  g_autofree char *list = g_build_filename (doom2d_dir, "StandartWAD", "standart.lst", NULL);
  g_autofree char *path = g_build_filename (folder, "Standart.wad", NULL);
  g_autoptr(GError) error = NULL;
  TsrDoom2dWad *wad = tsr_doom2d_pack_list (list, NULL, &error);
  g_autoptr(GBytes) bytes = wad != NULL ? tsr_doom2d_wad_write (wad, &error) : NULL;

  tsr_doom2d_wad_free (wad);
  if (bytes == NULL || !g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error))
    {
      g_printerr ("cannot pack %s: %s\n", list, error != NULL ? error->message : "?");
      return NULL;
    }
  return g_steal_pointer (&path);
}

char *
tsr_test_copy_files (const char        *source_dir,
                     const char *const *names,
                     const char        *work_dir,
                     const char        *subdir)
{
  g_autofree char *target = g_build_filename (work_dir, subdir, NULL);

  g_assert_cmpint (g_mkdir_with_parents (target, 0755), ==, 0);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *from = g_build_filename (source_dir, names[i], NULL);
      g_autofree char *to = g_build_filename (target, names[i], NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;
      g_autoptr(GError) error = NULL;

      g_file_get_contents (from, &contents, &length, &error);
      g_assert_no_error (error);
      g_file_set_contents (to, contents, length, &error);
      g_assert_no_error (error);
    }
  return g_steal_pointer (&target);
}
