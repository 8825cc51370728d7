/* tsr-samples.h: the samples bundled in the /io/github/tessera/Tessera/samples/ resource folder
 * (data/samples/). Some samples are sets of files that find each other by path (a Wolf3D
 * MAPHEAD beside its GAMEMAPS, a Sphere map beside its tileset), so a sample is opened from a
 * private scratch copy of the whole folder rather than from its bytes alone. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TSR_SAMPLES_RESOURCE_PATH "/io/github/tessera/Tessera/samples/"

/* Paths relative to the samples folder ("wolf3d/GAMEMAPS.WL1") of every bundled file, sorted. */
GPtrArray *tsr_samples_list_files   (void);
/* Copies every sample into a new temporary folder and returns it. */
char      *tsr_samples_make_copy    (GError    **error);
/* Removes a folder made by tsr_samples_make_copy, with whatever was saved into it. */
void       tsr_samples_remove_copy  (const char *directory);

G_END_DECLS
