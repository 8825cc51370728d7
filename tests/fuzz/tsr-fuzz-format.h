/* tsr-fuzz-format.h: the body shared by the per-format fuzz targets: run one registered format over
 * the input (load; when that works: save, validate, describe, optionally render), and check what
 * every codec promises. */
#pragma once

#include <stdint.h>

#include "formats/tsr-format.h"

typedef enum {
  TSR_FUZZ_PLAIN     = 0,
  TSR_FUZZ_IDENTICAL = 1 << 0, /* whatever loads must save back byte for byte */
  TSR_FUZZ_RENDER    = 1 << 1, /* also render small inputs */
} TsrFuzzFlags;

static inline void
tsr_fuzz_format (const char   *format_id,
                 const uint8_t *data,
                 size_t         size,
                 TsrFuzzFlags   flags)
{
  const TsrFormat *format = tsr_format_registry_lookup (tsr_format_registry_get_default (), format_id);
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  gpointer loaded;

  if (format == NULL) /* an optional format this build lacks (doom2d-dfz without libzip) */
    return;
  if (format->sniff (data, size, NULL) == TSR_SNIFF_NO && size > 0 && (data[0] & 1))
    return; /* half the inputs go through load even when the sniff says no */
  loaded = format->load ("fuzz.input", bytes, NULL);
  if (loaded == NULL)
    return;
  {
    g_autoptr(GPtrArray) findings = tsr_findings_new ();
    g_autoptr(JsonBuilder) builder = json_builder_new ();
    g_autoptr(GPtrArray) outputs = format->save != NULL ? format->save (loaded, "fuzz.input", NULL) : NULL;

    if ((flags & TSR_FUZZ_IDENTICAL)
        && (outputs == NULL || outputs->len == 0
            || !g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, bytes)))
      __builtin_trap ();
    if (format->validate != NULL)
      format->validate (loaded, findings);
    json_builder_begin_object (builder);
    if (format->describe != NULL)
      format->describe (loaded, builder);
    json_builder_end_object (builder);
    if ((flags & TSR_FUZZ_RENDER) && format->render != NULL && size < 65536)
      {
        TsrRenderOptions options = { -1, 64, 64 };
        TsrImage *image = format->render (loaded, &options, NULL);

        tsr_image_free (image);
      }
    /* What was saved loads again. */
    if (outputs != NULL && outputs->len > 0)
      {
        GBytes *saved = ((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes;
        gpointer again = format->load ("fuzz.input", saved, NULL);

        if (again != NULL)
          format->free (again);
      }
  }
  format->free (loaded);
}
