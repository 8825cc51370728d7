/* fuzz-marathon-format-common.h: runs a TsrFormat over fuzz input: load, and when that works,
 * save, validate, describe (and reload what was saved). */
#pragma once

#include <stdint.h>

#include "formats/tsr-format.h"

static inline void
tsr_fuzz_format (const TsrFormat *format, const uint8_t *data, size_t size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GError) error = NULL;
  gpointer loaded;

  if (format->sniff (data, size, NULL) == TSR_SNIFF_NO && size > 0 && (data[0] & 1))
    return; /* half the inputs go through load even when the sniff says no */
  loaded = format->load ("fuzz.input", bytes, &error);
  if (loaded == NULL)
    return;
  {
    g_autoptr(GPtrArray) findings = tsr_findings_new ();
    g_autoptr(JsonBuilder) builder = json_builder_new ();
    g_autoptr(GPtrArray) outputs = format->save (loaded, "fuzz.input", NULL);

    format->validate (loaded, findings);
    json_builder_begin_object (builder);
    format->describe (loaded, builder);
    json_builder_end_object (builder);
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
