/* fuzz-marathon-m1-terminals.c: the resource-fork reader as Marathon 1's terminals use it: a Mac
 * file or bare fork with 'term' resources parsed, its block script compiled, written back and read
 * again; the input also as one resource's text and as a block script. */
#include <stdint.h>
#include <string.h>

#include "formats/marathon/tsr-marathon1-terminals.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(TsrMarathon1TerminalFile) file = tsr_marathon1_terminal_file_parse (bytes, "fuzz", NULL);
  g_autoptr(TsrMarathonTerminal) terminal = tsr_marathon1_terminal_compile (data, size, NULL);

  if (file != NULL)
    {
      g_autoptr(GBytes) saved = tsr_marathon1_terminal_file_serialize (file, NULL);
      g_autoptr(TsrMarathon1TerminalFile) again = NULL;

      if (saved == NULL)
        __builtin_trap (); /* an untouched script always applies */
      again = tsr_marathon1_terminal_file_parse (saved, "fuzz again", NULL);
      if (again == NULL || !g_bytes_equal (again->script.source, file->script.source))
        __builtin_trap (); /* what we write reads back to the same script */
    }
  if (g_utf8_validate_len ((const char *) data, size, NULL))
    {
      g_autoptr(GString) script = g_string_new (TSR_MARATHON1_SCRIPT_PRAGMA "\n");
      g_autoptr(TsrMarathonScriptCompilation) compilation = NULL;
      g_autoptr(TsrResourceFork) fork = tsr_resource_fork_new ();

      g_string_append_len (script, (const char *) data, (gssize) size);
      compilation = tsr_marathon1_script_compile (script->str, script->len);
      if (tsr_marathon1_script_apply (script->str, script->len, fork, NULL))
        g_bytes_unref (tsr_resource_fork_serialize (fork));
    }
  return 0;
}
