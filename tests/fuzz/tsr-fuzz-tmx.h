/* tsr-fuzz-tmx.h: the input layout of the TMX fuzz target — a TMX, then optionally its TSX and
 * its tileset PNG, each after a separator line — shared by the target and the seed builder. */
#pragma once

#include <glib.h>
#include <string.h>

#define TSR_FUZZ_TMX_SEPARATOR "\n--tessera-fuzz-file--\n"

/* Cuts DATA at the separators into PARTS[0..2] (TMX, TSX, PNG); missing parts are NULL, the TMX
 * never is. (transfer full) */
static inline void
tsr_fuzz_tmx_split (const guint8 *data,
                    gsize         size,
                    GBytes      **parts)
{
  gsize separator = strlen (TSR_FUZZ_TMX_SEPARATOR);
  gsize start = 0;

  for (guint part = 0; part < 3; part++)
    {
      gsize end = size;

      if (part < 2)
        for (gsize i = start; i + separator <= size; i++)
          if (memcmp (data + i, TSR_FUZZ_TMX_SEPARATOR, separator) == 0)
            {
              end = i;
              break;
            }
      parts[part] = g_bytes_new (data + start, end - start);
      if (end == size)
        break;
      start = end + separator;
    }
}

/* The other way round: the fuzz input for TMX (and TSX and PNG, which may be NULL). */
static inline GBytes *
tsr_fuzz_tmx_join (GBytes *tmx,
                   GBytes *tsx,
                   GBytes *png)
{
  GByteArray *out = g_byte_array_new ();
  GBytes *parts[3] = { tmx, tsx, png };

  for (guint i = 0; i < 3 && parts[i] != NULL; i++)
    {
      if (i > 0)
        g_byte_array_append (out, (const guint8 *) TSR_FUZZ_TMX_SEPARATOR, strlen (TSR_FUZZ_TMX_SEPARATOR));
      g_byte_array_append (out, g_bytes_get_data (parts[i], NULL), (guint) g_bytes_get_size (parts[i]));
    }
  return g_byte_array_free_to_bytes (out);
}
