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
