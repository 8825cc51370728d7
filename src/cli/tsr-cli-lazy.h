/* tsr-cli-lazy.h: libraries tessera-cli opens on first use, not at start (issue 35: start like a
 * shell tool). A file defines the functions of such a library that the codecs call as forwarders
 * of the same name (TSR_CLI_LAZY_FORWARDER): the first call opens the library by its soname and
 * looks the function up; the linker (--as-needed) then drops the library from tessera-cli's
 * dependencies. A function of the library called without a forwarder links it again (silently:
 * `readelf -d tessera-cli` then lists it; the cli benchmark shows the cost).
 * Used by tsr-cli-json.c (json-glib) and tsr-cli-png.c (libpng). */
#pragma once

#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *soname;
  const char *name;    /* in messages */
  void       *handle;  /* opened once; the process keeps it */
} TsrCliLazyLibrary;

/* Opens LIBRARY on the first call and looks SYMBOL up in it; a CLI without it cannot go on, so
 * failing says why on stderr and exits. */
void *tsr_cli_lazy_symbol (TsrCliLazyLibrary *library,
                           const char        *symbol);

#define TSR_CLI_LAZY_RESOLVE(library, name, real) \
  if (real == NULL) \
    { \
      void *symbol = tsr_cli_lazy_symbol ((library), #name); \
      memcpy (&real, &symbol, sizeof real); \
    }

/* TYPE NAME PARAMETERS forwarding ARGUMENTS to the function NAME of LIBRARY. */
#define TSR_CLI_LAZY_FORWARDER(library, type, name, parameters, arguments) \
  type name parameters \
  { \
    static type (*real) parameters; \
    TSR_CLI_LAZY_RESOLVE (library, name, real) \
    return real arguments; \
  }

#define TSR_CLI_LAZY_FORWARDER_VOID(library, name, parameters, arguments) \
  void name parameters \
  { \
    static void (*real) parameters; \
    TSR_CLI_LAZY_RESOLVE (library, name, real) \
    real arguments; \
  }

/* For a function that never returns (it longjmps or exits). */
#define TSR_CLI_LAZY_FORWARDER_NORETURN(library, name, parameters, arguments) \
  void name parameters \
  { \
    static void (*real) parameters; \
    TSR_CLI_LAZY_RESOLVE (library, name, real) \
    real arguments; \
    abort (); \
  }
