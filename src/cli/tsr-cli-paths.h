/* tsr-cli-paths.h: where an installed tessera-cli finds what was installed with it (the Tessera-1.0
 * typelib and libtessera-1.so for scripts, the render module). The install tree is taken from the
 * executable's own place: $ROOT/bin/tessera-cli means $ROOT is the prefix, so a tree installed with
 * DESTDIR or moved elsewhere (a bundle, a test's temporary folder) finds its own files, not the
 * configured prefix's. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* RELATIVE (a path below the prefix, as meson's libdir) inside the tree this executable was
 * installed in; the configured prefix's when the executable is not in a bin folder of a tree.
 * An absolute RELATIVE is returned as it is. (transfer full) */
char *tsr_cli_installed_path (const char *relative);

G_END_DECLS
