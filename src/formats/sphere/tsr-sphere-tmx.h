/* tsr-sphere-tmx.h: Tiled TMX interchange for Sphere maps. Export writes MAP.tmx, MAP.tsx and
 * MAP.png (the tileset); everything Sphere stores that Tiled has no place for goes into custom
 * properties, so a TMX written by Tessera imports back to the identical .rmp. */
#pragma once

#include <glib.h>

#include "formats/sphere/tsr-sphere-map.h"

G_BEGIN_DECLS

/* Returns the output files (the .tmx first). What TMX cannot carry is appended to LOST. */
GPtrArray    *tsr_sphere_tmx_export (const TsrSphereMap *map,
                                     const char         *path,
                                     GPtrArray          *lost,
                                     GError            **error);
/* Reads an orthogonal TMX with one tileset (TSX and image found next to PATH). */
TsrSphereMap *tsr_sphere_tmx_import (const char *path,
                                     GBytes     *bytes,
                                     GError    **error);

/* The importer reads the files a TMX names (its TSX and the tileset PNG) through
 * tsr_file_read_sibling (core/tsr-file.h). */

G_END_DECLS
