/* tsr-sphere-new-map.c: File → New for Sphere: a fresh map as an unsaved document. */
#include "model/sphere/tsr-sphere-document.h"

#include <string.h>

#include "core/tsr-error.h"
#include <glib/gi18n.h>

/* Two plain tiles, so a blank map shows and the first strokes can be seen. */
static TsrSphereTileset *
blank_tileset (guint tile_width, guint tile_height)
{
  static const guint8 colours[][4] = { { 0x3c, 0x5a, 0x3a, 0xff }, { 0xb4, 0xb4, 0xaa, 0xff } };
  TsrSphereTileset *tileset = tsr_sphere_tileset_new ((guint16) tile_width, (guint16) tile_height);

  for (guint t = 0; t < G_N_ELEMENTS (colours); t++)
    {
      TsrSphereTile *tile = tsr_sphere_tileset_add_tile (tileset);

      for (gsize p = 0; p < (gsize) tile_width * tile_height; p++)
        memcpy (tile->pixels + p * 4, colours[t], 4);
    }
  return tileset;
}

TsrDocument *
tsr_sphere_document_new_map (guint    width,
                             guint    height,
                             guint    tile_width,
                             guint    tile_height,
                             GBytes  *tileset_rts,
                             GError **error)
{
  TsrSphereTileset *tileset;
  TsrSphereMap *map;
  g_autoptr(GBytes) bytes = NULL;

  if (width < 1 || width > 4096 || height < 1 || height > 4096)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: %u × %u cells: each side must be 1 to 4096"),
                   width, height);
      return NULL;
    }
  if (tileset_rts != NULL)
    {
      tileset = tsr_sphere_tileset_parse (tileset_rts, error);
      if (tileset == NULL)
        {
          g_prefix_error (error, _("tileset: "));
          return NULL;
        }
      if (tileset->tiles->len == 0)
        {
          tsr_sphere_tileset_free (tileset);
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("tileset: it has no tiles"));
          return NULL;
        }
    }
  else
    {
      if (tile_width < 1 || tile_width > TSR_SPHERE_TILE_SIZE_MAX || tile_height < 1 || tile_height > TSR_SPHERE_TILE_SIZE_MAX)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("tileset: %u × %u pixel tiles: each side must be 1 to %u"),
                       tile_width, tile_height, TSR_SPHERE_TILE_SIZE_MAX);
          return NULL;
        }
      tileset = blank_tileset (tile_width, tile_height);
    }
  /* The tileset is appended to the map (string 0 empty), so the map is one file wherever it is
   * saved. */
  map = tsr_sphere_map_new ((guint16) width, (guint16) height, tileset);
  bytes = tsr_sphere_map_serialize (map);
  tsr_sphere_map_free (map);
  return tsr_document_new_from_bytes (bytes, "untitled.rmp", error);
}
