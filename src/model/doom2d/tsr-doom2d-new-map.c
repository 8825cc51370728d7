/* tsr-doom2d-new-map.c: File → New for Doom2D Forever, through the map codec. */
#include "config.h"

#include "model/doom2d/tsr-doom2d-new-map.h"

#include "core/tsr-error.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include <glib/gi18n.h>

#define NAME_BYTES 32
#define SIDE_MAX   32767

TsrDocument *
tsr_doom2d_new_map (const char  *name,
                    guint        width,
                    guint        height,
                    GError     **error)
{
  g_autoptr(GByteArray) encoded = NULL;
  g_autofree char *decoded = NULL;
  g_autoptr(GBytes) bytes = NULL;
  TsrDoom2dMap *map;
  TsrFieldValue *size;
  TsrDoom2dRecord *start;

  g_return_val_if_fail (name != NULL, NULL);

  if (width < 1 || width > SIDE_MAX || height < 1 || height > SIDE_MAX)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: %u × %u pixels: each side must be 1 to %d"),
                   width, height, SIDE_MAX);
      return NULL;
    }
  /* The header keeps 32 bytes of CP1251; the codec would write '?' for what it cannot encode. */
  encoded = tsr_doom2d_utf8_to_cp1251 (name);
  decoded = tsr_doom2d_cp1251_to_utf8 (encoded->data, encoded->len);
  if (g_strcmp0 (decoded, name) != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("map name “%s”: it has characters CP1251 cannot hold"), name);
      return NULL;
    }
  if (encoded->len > NAME_BYTES)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map name “%s”: %u bytes, at most %d fit"),
                   name, encoded->len, NAME_BYTES);
      return NULL;
    }

  map = tsr_doom2d_map_new ();
  g_free (map->header->values[TSR_DOOM2D_HEADER_NAME].text);
  map->header->values[TSR_DOOM2D_HEADER_NAME].text = g_strdup (name);
  size = &map->header->values[TSR_DOOM2D_HEADER_SIZE];
  size->v[0] = width;
  size->v[1] = height;
  /* The first player's spawn in the middle: without it the map cannot be played (and validation
   * says so). */
  start = tsr_doom2d_record_new (TSR_DOOM2D_KIND_AREA);
  start->values[TSR_DOOM2D_THING_POSITION].v[0] = width / 2;
  start->values[TSR_DOOM2D_THING_POSITION].v[1] = height / 2;
  start->values[TSR_DOOM2D_THING_TYPE].v[0] = TSR_DOOM2D_AREA_PLAYERPOINT1;
  tsr_doom2d_map_add (map, start);
  bytes = tsr_doom2d_map_write_binary (map);
  tsr_doom2d_map_free (map);
  return tsr_document_new_from_bytes (bytes, "untitled.map", error);
}
