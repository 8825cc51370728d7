/* tsr-cli-shapes.h: Marathon shapes from the command line: one frame of a collection or of a
 * sequence drawn as the shapes browser draws it (render --collection ...), and shapes patches made
 * from two Shapes files or applied to one (shapes patch-make|patch-apply). */
#pragma once

#include <glib.h>

typedef struct {
  int collection;  /* -1: not asked for */
  int depth;       /* 8 or 16 */
  int sequence;    /* -1: a collection frame */
  int view;
  int frame;       /* the sequence's frame, or with no sequence the collection's frame index */
  int table;       /* colour table */
} TsrCliShapesRender;

/* Renders PATH (a Shapes file or patch) as OPTIONS say into OUTPUT. Returns the exit status. */
int tsr_cli_shapes_render (const char               *path,
                           const TsrCliShapesRender *options,
                           const char               *output);
/* ARGV[0] is "shapes", ARGV[1] the subcommand. Returns the exit status (0, 1 failed, 2 usage). */
int tsr_cli_shapes_run    (int    argc,
                           char **argv);
