/* tsr-shapes-sample.h: a Shapes file the tests build from the real shapes patches: every patch in
 * the test data applied to one empty file, and a neutral grey ramp (value v -> grey v, the colours
 * patches are shown with) given to each collection that has no colour table, so pictures can be
 * quantised into it. */
#pragma once

#include "formats/marathon/tsr-marathon-shapes.h"

/* MARATHON_DIR: the test data's marathon folder. (transfer full) */
TsrShapesFile *tsr_shapes_sample_build (const char *marathon_dir,
                                        guint      *patches_applied);
/* Builds it and writes it as DIRECTORY/patches.shpA; returns the path. (transfer full) */
char          *tsr_shapes_sample_write (const char *marathon_dir,
                                        const char *directory);

/* Makes the wall collection COLLECTION of FILE hold at least N_TEXTURES textures, frame f showing
 * bitmap f: a collection the patches sent keeps its real bitmaps (frames are added for them, since
 * patches send none) and gets 128×128 textures from PNG fixtures (bricks, tiles and stripes in a
 * colourful 64-entry table) where it has no bitmap; a missing collection is created with that
 * table. */
void           tsr_shapes_sample_add_walls (TsrShapesFile *file,
                                            guint          collection,
                                            guint          n_textures);
/* Makes COLLECTION of FILE, when the file lacks it, an object collection of N_SEQUENCES
 * one-view, one-frame sequences, sequence s showing a 64×96 sprite (a column in hue
 * (COLLECTION + s) % 7 of the wall table, with a transparent window in rows 32..63, columns
 * 24..39, and transparent margins) standing on its origin at the bottom middle, 8 world units a
 * pixel (0.25 × 0.75 WU opaque). A collection the file has is left as it is. */
void           tsr_shapes_sample_add_sprites (TsrShapesFile *file,
                                              guint          collection,
                                              guint          n_sequences);
