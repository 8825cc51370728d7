/* tsr-cli-lazy.c: opening a library on first use (tsr-cli-lazy.h). */
#include "config.h"

#include <dlfcn.h>
#include <glib.h>
#include <stdio.h>

#include "tsr-cli-lazy.h"

void *
tsr_cli_lazy_symbol (TsrCliLazyLibrary *library,
                     const char        *symbol)
{
  void *handle = g_atomic_pointer_get (&library->handle);
  void *found;

  /* dlopen itself, not GModule: libgmodule would be one more library loaded by every start. Two
   * threads opening at once get the same handle. */
  if (handle == NULL)
    {
      if ((handle = dlopen (library->soname, RTLD_NOW | RTLD_LOCAL)) == NULL)
        {
          fprintf (stderr, "tessera-cli: cannot load %s (%s): %s\n", library->name, library->soname, dlerror ());
          exit (1);
        }
      g_atomic_pointer_set (&library->handle, handle);
    }
  if ((found = dlsym (handle, symbol)) == NULL)
    {
      fprintf (stderr, "tessera-cli: %s (%s) lacks %s\n", library->name, library->soname, symbol);
      exit (1);
    }
  return found;
}
