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

/* Where the importer reads the files a TMX names (its TSX and the tileset PNG): the file system,
 * or READ when set (the fuzz target serves them from memory; NULL restores the file system).
 * READ returns the bytes (transfer full), or NULL with ERROR. */
typedef GBytes *(*TsrSphereTmxReadFunc) (const char *path,
                                         gpointer    user_data,
                                         GError    **error);
void          tsr_sphere_tmx_set_reader (TsrSphereTmxReadFunc read,
                                         gpointer             user_data);

G_END_DECLS
