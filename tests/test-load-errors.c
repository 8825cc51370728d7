/* test-load-errors.c: every load error a file's bytes can cause says where in the file it is.
 * Copies of every real file the registry recognises are cut short, have bits flipped and extreme
 * counts written over them (a fixed seed, a fixed number per file) and are loaded in this process;
 * every failure's message must end like tsr_set_error_at's (" (offset N)"), the offset of the
 * bytes it is about. Loading only (no render, no save): a few seconds for the whole test data. */
#include <stdio.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/tsr-format.h"
#include "tsr-test-common.h"

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
      else if (!g_str_has_suffix (name, ".md"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

/* Writes a scratch copy in place, without g_file_set_contents's fsync (thousands of rewrites). */
static void
write_file (const char *path, const void *bytes, gsize length)
{
  FILE *file = fopen (path, "wb");

  ck_assert_msg (file != NULL, "%s: cannot write", path);
  ck_assert_uint_eq (fwrite (bytes, 1, length, file), length);
  ck_assert_int_eq (fclose (file), 0);
}

/* Copies the regular files of DIRECTORY (the siblings a loader reads: a Wolf3D set, a Sphere map's
 * tileset) into a new temporary folder; returns it. */
static char *
copy_folder (const char *directory)
{
  char *copy = tsr_test_make_temp_dir ();
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *source = g_build_filename (directory, name, NULL);
      g_autofree char *target = g_build_filename (copy, name, NULL);
      g_autoptr(GBytes) bytes = NULL;

      if (!g_file_test (source, G_FILE_TEST_IS_REGULAR))
        continue;
      bytes = tsr_test_read_file (source);
      write_file (target, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    }
  return copy;
}

/* MESSAGE with every run of digits as "N": one line per kind of message, not per value. */
static char *
message_kind (const char *message)
{
  GString *kind = g_string_new (NULL);

  for (const char *p = message; *p != '\0'; p++)
    {
      if (g_ascii_isdigit (*p))
        {
          g_string_append_c (kind, 'N');
          while (g_ascii_isdigit (p[1]))
            p++;
        }
      else
        g_string_append_c (kind, *p);
    }
  return g_string_free (kind, FALSE);
}

/* TRUE when MESSAGE ends with tsr_set_error_at's " (offset N)" (in any language: the test runs
 * untranslated, so the English words). */
static gboolean
names_an_offset (const char *message)
{
  const char *at = g_strrstr (message, " (offset ");
  const char *p;

  if (at == NULL)
    return FALSE;
  p = at + strlen (" (offset ");
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  return p[0] == ')' && p[1] == '\0';
}

typedef struct {
  guint       loads;
  guint       failures;
  GHashTable *kinds; /* message kind → first "what: message" */
} Tally;

static void
check_message (const GError *error, const char *what, Tally *tally)
{
  tally->failures++;
  if (!names_an_offset (error->message))
    {
      g_autofree char *kind = message_kind (error->message);

      if (!g_hash_table_contains (tally->kinds, kind))
        g_hash_table_insert (tally->kinds, g_steal_pointer (&kind),
                             g_strdup_printf ("%s: %s", what, error->message));
    }
}

static void
load_and_check (const char *path, const char *what, Tally *tally)
{
  const TsrFormat *format = NULL;
  g_autoptr(GError) error = NULL;
  gpointer data = tsr_format_load_file (tsr_format_registry_get_default (), path, &format, &error);

  tally->loads++;
  if (data == NULL)
    check_message (error, what, tally);
  else
    format->free (data);
}

static void
write_and_check (const char *path, const guint8 *bytes, gsize length, const char *what, Tally *tally)
{
  write_file (path, bytes, length);
  load_and_check (path, what, tally);
}

/* The mutations of one file: cuts (every length in the first 32 bytes, then 32 spread over the
 * file), single bit flips (in the first 4 KiB and anywhere) and extreme 32-bit values (in the
 * first 1 KiB, where headers and directories are, and anywhere). */
static void
mutate_file (const char *path, const char *source, GBytes *original, GRand *rand, Tally *tally)
{
  gsize size = g_bytes_get_size (original);
  const guint8 *bytes = g_bytes_get_data (original, NULL);
  g_autofree guint8 *mutated = g_memdup2 (bytes, MAX (size, 1));
  static const guint32 extremes[] = { 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x0000ffffu, 0x00010000u };

  for (gsize length = 0; length < MIN (size, 32); length++)
    {
      g_autofree char *what = g_strdup_printf ("%s cut to %zu bytes", source, length);

      write_and_check (path, bytes, length, what, tally);
    }
  for (guint i = 1; i <= 32 && size > 32; i++)
    {
      gsize length = 32 + (size - 32) * i / 33;
      g_autofree char *what = g_strdup_printf ("%s cut to %zu bytes", source, length);

      write_and_check (path, bytes, length, what, tally);
    }
  for (guint i = 0; i < 32 && size > 0; i++)
    {
      gsize limit = i < 20 ? MIN (size, 4096) : size;
      gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) MIN (limit, G_MAXINT32));
      guint bit = (guint) g_rand_int_range (rand, 0, 8);
      g_autofree char *what = g_strdup_printf ("%s with bit %u flipped at %zu", source, bit, at);

      mutated[at] ^= (guint8) (1u << bit);
      write_and_check (path, mutated, size, what, tally);
      mutated[at] = bytes[at];
    }
  for (guint i = 0; i < 32 && size >= 8; i++)
    {
      gsize limit = i < 24 ? MIN (size - 4, 1024) : size - 4;
      gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) MIN (limit, G_MAXINT32));
      guint32 value = extremes[i % G_N_ELEMENTS (extremes)];
      g_autofree char *what = g_strdup_printf ("%s with 0x%08X at %zu", source, value, at);

      memcpy (mutated + at, &value, 4);
      write_and_check (path, mutated, size, what, tally);
      memcpy (mutated + at, bytes + at, 4);
    }
  write_file (path, bytes, size);
}

START_TEST (test_load_errors_name_an_offset)
{
  g_autofree char *root = tsr_test_data_require (".");
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) copies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (41);
  g_autoptr(GList) kinds = NULL;
  Tally tally = { 0, 0, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free) };
  guint recognised = 0;

  collect_files (root, files);
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  for (guint f = 0; f < files->len; f++)
    {
      const char *source = g_ptr_array_index (files, f);
      g_autofree char *folder = g_path_get_dirname (source);
      g_autofree char *base = g_path_get_basename (source);
      g_autoptr(GBytes) original = tsr_test_read_file (source);
      g_autofree char *path = NULL;
      const char *copy;

      if (tsr_format_registry_detect (tsr_format_registry_get_default (), g_bytes_get_data (original, NULL),
                                      g_bytes_get_size (original), source, NULL) == NULL)
        continue;
      recognised++;
      if ((copy = g_hash_table_lookup (copies, folder)) == NULL)
        {
          copy = copy_folder (folder);
          g_hash_table_insert (copies, g_strdup (folder), (gpointer) copy);
        }
      path = g_build_filename (copy, base, NULL);
      mutate_file (path, source, original, rand, &tally);
    }

  tsr_test_report_count ("loaded mutated (cut, flipped, extreme values)", recognised);
  g_print ("load errors: %u loads of %u files, %u failed, %u kinds of message without an offset\n",
           tally.loads, recognised, tally.failures, g_hash_table_size (tally.kinds));
  kinds = g_list_sort (g_hash_table_get_values (tally.kinds), (GCompareFunc) g_strcmp0);
  for (GList *l = kinds; l != NULL; l = l->next)
    g_print ("  no offset: %s\n", (const char *) l->data);
  ck_assert_uint_gt (recognised, 0);
  ck_assert_uint_gt (tally.failures, 0);
  ck_assert_msg (g_hash_table_size (tally.kinds) == 0, "%u kinds of load error name no offset (listed above)",
                 g_hash_table_size (tally.kinds));
  g_hash_table_unref (tally.kinds);
}
END_TEST

int
main (void)
{
  Suite *suite = suite_create ("load-errors");
  TCase *load_errors = tcase_create ("load-errors");

  g_free (tsr_test_data_require ("."));
  tcase_add_test (load_errors, test_load_errors_name_an_offset);
  suite_add_tcase (suite, load_errors);
  return tsr_test_run_suite (suite);
}
