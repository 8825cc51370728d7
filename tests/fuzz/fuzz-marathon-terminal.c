/* fuzz-marathon-terminal.c: the 'term' chunk parser (first byte even) or the terminal script
 * compiler (first byte odd) on arbitrary bytes; what loads is serialised and decompiled. */
#include <stdint.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-terminal.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GPtrArray) terminals = NULL;

  if (size < 1)
    return 0;
  if (data[0] % 2 == 0)
    terminals = tsr_marathon_terminals_parse (data + 1, size - 1, "term", NULL);
  else
    terminals = tsr_marathon_terminals_compile ((const char *) data + 1, size - 1, "fuzz", NULL);
  if (terminals != NULL)
    {
      g_autoptr(GBytes) chunk = tsr_marathon_terminals_serialize (terminals, NULL);
      (void) chunk;
      g_autofree char *text = tsr_marathon_terminals_decompile (terminals, NULL);

      if (text != NULL)
        {
          g_autoptr(GPtrArray) again = tsr_marathon_terminals_compile (text, strlen (text), "again", NULL);
      (void) again;
        }
    }
  return 0;
}
