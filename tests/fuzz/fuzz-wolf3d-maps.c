/* fuzz-wolf3d-maps.c: MAPHEAD + GAMEMAPS (or MAPTEMP) through the data set loader, then save,
 * validate, describe and render. Input: u16 MAPHEAD length, MAPHEAD bytes, GAMEMAPS bytes; a
 * first byte with bit 7 set after the length selects MAPTEMP. The whole input also goes
 * through the registry entry's load with no path. */
#include <stdint.h>
#include <json-glib/json-glib.h>

#include "formats/wolf3d/tsr-wolf3d-format.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
exercise (const TsrFormat *format,
          gpointer         set)
{
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  TsrRenderOptions options = { 0, 64, 64 };
  TsrImage *image;

  outputs = format->save (set, NULL, NULL);
  g_assert (outputs == NULL || outputs->len > 0);
  format->validate (set, findings);
  json_builder_begin_object (builder);
  format->describe (set, builder);
  json_builder_end_object (builder);
  image = format->render (set, &options, NULL);
  if (image != NULL)
    tsr_image_free (image);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const TsrFormat *format = &tsr_wolf3d_set_format;
  g_autoptr(GBytes) whole = g_bytes_new (data, size);
  GBytes *files[TSR_WOLF3D_N_FILES] = { NULL };
  gpointer set;
  size_t head_size;

  set = format->load (NULL, whole, NULL);
  if (set != NULL)
    {
      exercise (format, set);
      format->free (set);
    }

  if (size < 3)
    return 0;
  head_size = (size_t) (data[0] | (data[1] << 8));
  if (head_size > size - 3)
    head_size = size - 3;
  {
    gboolean maptemp = (data[2] & 0x80) != 0;
    g_autoptr(GBytes) head = g_bytes_new (data + 3, head_size);
    g_autoptr(GBytes) maps = g_bytes_new (data + 3 + head_size, size - 3 - head_size);

    files[TSR_WOLF3D_FILE_MAPHEAD] = head;
    files[maptemp ? TSR_WOLF3D_FILE_MAPTEMP : TSR_WOLF3D_FILE_GAMEMAPS] = maps;
    set = tsr_wolf3d_set_load_files (files, TSR_WOLF3D_FILE_MAPHEAD, "WL1", NULL);
    if (set != NULL)
      {
        TsrWolf3dSet *loaded = set;

        exercise (format, set);
        /* An edit forces the writer and the compressors over the fuzzed planes. */
        if (tsr_wolf3d_maps_get_n_levels (loaded->maps) > 0
            && tsr_wolf3d_maps_get_level (loaded->maps, 0) != NULL)
          {
            tsr_wolf3d_maps_mark_plane_changed (loaded->maps, 0, 0);
            exercise (format, set);
          }
        format->free (set);
      }
  }
  return 0;
}
