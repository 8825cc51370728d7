/* fuzz-all-extract.c: libFuzzer target for the extract paths: whatever loads (any format, by
 * content) writes its images as PNG into a scratch folder, which is emptied after each input. */
#include <stdint.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "formats/tsr-format.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static char *scratch;

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  const TsrFormat *format = tsr_format_registry_detect (registry, data, size, NULL, NULL);
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  gpointer loaded;

  if (format == NULL || format->extract == NULL)
    return 0;
  if (scratch == NULL)
    {
      /* In memory where the system has it: a shapes patch writes hundreds of PNGs per input, and
       * on a busy disk their writes and unlinks alone outlast libFuzzer's time-out. */
      if (g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR) && g_access ("/dev/shm", W_OK) == 0)
        scratch = g_mkdtemp (g_strdup ("/dev/shm/tessera-fuzz-extract-XXXXXX"));
      if (scratch == NULL && (scratch = g_dir_make_tmp ("tessera-fuzz-extract-XXXXXX", NULL)) == NULL)
        __builtin_trap ();
    }
  loaded = format->load ("fuzz/input", bytes, NULL);
  if (loaded == NULL)
    return 0;
  (void) format->extract (loaded, scratch, written, NULL);
  for (guint i = 0; i < written->len; i++)
    {
      const char *path = g_ptr_array_index (written, i);

      /* Everything written is inside the scratch folder. */
      if (!g_str_has_prefix (path, scratch))
        __builtin_trap ();
      g_unlink (path);
    }
  /* Folders made per spriteset or collection. */
  {
    g_autoptr(GDir) dir = g_dir_open (scratch, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *child = g_build_filename (scratch, name, NULL);

        g_rmdir (child);
      }
  }
  format->free (loaded);
  return 0;
}
