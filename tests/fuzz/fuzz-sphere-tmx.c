/* fuzz-sphere-tmx.c: libFuzzer target for the Tiled TMX importer (untrusted XML) with the files a
 * TMX names served from memory, so the external TSX and the tileset PNG are fuzzed too. The input
 * is TMX [SEPARATOR TSX [SEPARATOR PNG]] (tsr-fuzz-tmx.h; the seeds are built that way). Load;
 * when that works, save as .rmp, validate and describe. */
#include <stdint.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/sphere/tsr-sphere-formats.h"
#include "formats/sphere/tsr-sphere-tmx.h"
#include "tsr-fuzz-tmx.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

typedef struct {
  GBytes *tsx;
  GBytes *png;
} Files;

static GBytes *
read_from_memory (const char *path, gpointer user_data, GError **error)
{
  Files *files = user_data;
  GBytes *bytes = g_str_has_suffix (path, ".tsx") ? files->tsx
                  : g_str_has_suffix (path, ".png") ? files->png : NULL;

  if (bytes == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, "%s: not in the fuzz input", path);
      return NULL;
    }
  return g_bytes_ref (bytes);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const TsrFormat *format = &tsr_sphere_tmx_format;
  GBytes *parts[3] = { NULL, NULL, NULL };
  Files files;
  gpointer loaded;

  tsr_fuzz_tmx_split (data, size, parts);
  files.tsx = parts[1];
  files.png = parts[2];
  tsr_file_set_sibling_reader (read_from_memory, &files);
  loaded = format->load ("fuzz/map.tmx", parts[0], NULL);
  if (loaded != NULL)
    {
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(GPtrArray) outputs = tsr_sphere_rmp_format.save (loaded, "fuzz.rmp", NULL);

      if (outputs == NULL)
        __builtin_trap ();
      format->validate (loaded, findings);
      json_builder_begin_object (builder);
      format->describe (loaded, builder);
      json_builder_end_object (builder);
      format->free (loaded);
    }
  tsr_file_set_sibling_reader (NULL, NULL);
  for (guint i = 0; i < 3; i++)
    g_clear_pointer (&parts[i], g_bytes_unref);
  return 0;
}
