/* fuzz-marathon-resource-fork.c: Mac wrappers and resource forks: parse, write back, parse again. */
#include <stdint.h>
#include <string.h>

#include "formats/marathon/tsr-mac-wrapper.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(TsrMacFile) file = tsr_mac_file_parse (bytes, NULL);
  g_autoptr(TsrResourceFork) fork = NULL;
  g_autoptr(TsrResourceFork) raw_fork = NULL;

  if (file != NULL)
    {
      g_bytes_unref (tsr_mac_file_serialize (file));
      fork = tsr_resource_fork_parse (file->resource_fork, NULL, NULL);
      if (fork != NULL)
        {
          g_autoptr(GBytes) fork_again = tsr_resource_fork_serialize (fork);
          g_autoptr(TsrResourceFork) reread = tsr_resource_fork_parse (fork_again, NULL, NULL);

          if (reread == NULL)
            __builtin_trap (); /* what we write must read back */
        }
    }
  /* The input as a bare resource fork too. */
  raw_fork = tsr_resource_fork_parse (bytes, NULL, NULL);
  if (raw_fork != NULL)
    g_bytes_unref (tsr_resource_fork_serialize (raw_fork));
  return 0;
}
