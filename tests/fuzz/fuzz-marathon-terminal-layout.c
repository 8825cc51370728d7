/* fuzz-marathon-terminal-layout.c: the terminal page layout on arbitrary input: script text
 * compiled (first byte odd) or a 'term' chunk parsed (first byte even, so group ranges and face
 * offsets can be anything); every terminal is laid out in all three states, with character widths
 * and picture sizes taken from the first byte, and every page is looked up and paged through. */
#include <stdint.h>
#include <string.h>

#include "formats/marathon/tsr-marathon-terminal-layout.h"
#include "formats/marathon/tsr-marathon-terminal.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static double
width_of (guint8   c,
          guint    face,
          gpointer user_data)
{
  guint seed = GPOINTER_TO_UINT (user_data);

  /* Zero widths, odd widths and widths wider than a box all occur. */
  return (double) ((c * (seed | 1) + face) % (seed % 16 + 1)) * (seed & 0x80 ? 40.0 : 1.5);
}

static gboolean
picture_of (int      id,
            int     *width,
            int     *height,
            gpointer user_data)
{
  if (id % 3 == 0)
    return FALSE;
  *width = (id * 37) % 2000 - 10;
  *height = (id * 91) % 1500;
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GPtrArray) terminals = NULL;
  TsrTerminalMetrics metrics = { width_of, picture_of, NULL };

  if (size < 1)
    return 0;
  metrics.user_data = GUINT_TO_POINTER ((guint) data[0] >> 1);
  if (data[0] % 2 == 0)
    terminals = tsr_marathon_terminals_parse (data + 1, size - 1, "term", NULL);
  else
    terminals = tsr_marathon_terminals_compile ((const char *) data + 1, size - 1, "fuzz", NULL);
  if (terminals == NULL)
    return 0;
  for (guint t = 0; t < terminals->len; t++)
    for (int s = 0; s < TSR_TERMINAL_N_STATES; s++)
      {
        const TsrMarathonTerminal *terminal = g_ptr_array_index (terminals, t);
        g_autoptr(TsrTerminalLayout) layout = tsr_terminal_layout_new (terminal, (TsrTerminalState) s, &metrics);

        for (guint p = 0; p < tsr_terminal_layout_n_pages (layout); p++)
          {
            const TsrTerminalPage *page = tsr_terminal_layout_get_page (layout, p);

            if (tsr_terminal_layout_page_up (layout, p) > p || tsr_terminal_layout_page_down (layout, p) < p)
              __builtin_trap ();
            if (tsr_terminal_layout_find_page (layout, page->group, 0) < 0)
              __builtin_trap ();
          }
        for (guint g = 0; g < terminal->groups->len; g++)
          (void) tsr_terminal_layout_find_page (layout, g, 0);
      }
  return 0;
}
