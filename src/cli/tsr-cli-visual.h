/* tsr-cli-visual.h: `tessera-cli render FILE --view 3d`: a Marathon or Wolf3D level drawn in 3D as
 * the editor's visual mode draws it, offscreen (EGL surfaceless), into a PNG. */
#pragma once

#include <glib.h>

/* Whether ARGV asks for the 3D view (--view 3d or --view=3d). */
gboolean tsr_cli_visual_wanted (int    argc,
                                char **argv);
/* ARGV[0] is "render". Returns the exit status (0, 1 failed, 2 usage). */
int      tsr_cli_visual_render (int    argc,
                                char **argv);
