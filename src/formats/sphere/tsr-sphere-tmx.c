/* tsr-sphere-tmx.c: Tiled TMX export and import for Sphere maps. */
#include "formats/sphere/tsr-sphere-tmx.h"

#include "core/tsr-error.h"
#include "core/tsr-file.h"

GPtrArray *
tsr_sphere_tmx_export (const TsrSphereMap *map,
                       const char         *path,
                       GPtrArray          *lost,
                       GError            **error)
{
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "TMX export is not written yet");
  return NULL;
}

TsrSphereMap *
tsr_sphere_tmx_import (const char *path,
                       GBytes     *bytes,
                       GError    **error)
{
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "TMX import is not written yet");
  return NULL;
}
