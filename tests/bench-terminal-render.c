/* bench-terminal-render.c: terminal preview speed on the real Chronicles terminals: laying out
 * every terminal in every state (what a recompile while typing costs), and drawing every page at
 * 1x, with the m2 Images file's pictures on a hand-made picture page. Prints figures only; it
 * never fails on speed. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-images.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "render/tsr-terminal-render.h"
#include "tsr-test-common.h"

static gint64
cpu_time (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

static TsrImage *
picture (int      id,
         gpointer user_data)
{
  return tsr_marathon_images_decode (user_data, id, NULL, NULL);
}

int
main (void)
{
  g_autofree char *dir = tsr_test_data_require ("marathon");
  static const char *const maps[] = { "chronicles_DreamBrother.sceA", "chronicles_MenLikeRavenousFishes.sceA" };
  static const char script[] = "#TERMINAL 0\n#UNFINISHED\n#PICT 1100\nA picture.\n#PICT 3100 RIGHT\nAnother.\n#END\n#ENDTERMINAL 0\n";
  g_autoptr(TsrTerminalRenderer) renderer = tsr_terminal_renderer_new ();
  g_autofree char *images_path = g_build_filename (dir, "m2_Images.imgA", NULL);
  g_autoptr(GBytes) images_bytes = tsr_test_read_file (images_path);
  g_autoptr(GPtrArray) picture_terminals = tsr_marathon_terminals_compile (script, strlen (script), "bench", NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 320);
  cairo_t *cr = cairo_create (surface);
  guint layouts = 0, pages = 0, draws = 0;
  gint64 layout_cpu = 0, draw_cpu = 0, start;
  const int rounds = 20;

  for (guint m = 0; m < G_N_ELEMENTS (maps); m++)
    {
      g_autofree char *path = g_build_filename (dir, maps[m], NULL);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, maps[m], NULL);
      TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, 0);

      for (guint t = 0; t < level->terminals->len; t++)
        for (int s = 0; s < TSR_TERMINAL_N_STATES; s++)
          {
            g_autoptr(TsrTerminalLayout) layout = NULL;

            start = cpu_time ();
            for (int r = 0; r < rounds; r++)
              {
                g_clear_pointer (&layout, tsr_terminal_layout_free);
                layout = tsr_terminal_renderer_layout (renderer, g_ptr_array_index (level->terminals, t),
                                                       (TsrTerminalState) s);
                layouts++;
              }
            layout_cpu += cpu_time () - start;
            pages += tsr_terminal_layout_n_pages (layout);
            start = cpu_time ();
            for (guint p = 0; p < tsr_terminal_layout_n_pages (layout); p++, draws++)
              tsr_terminal_renderer_draw (renderer, cr, layout, p);
            draw_cpu += cpu_time () - start;
          }
    }
  printf ("layout: %.3f ms CPU per terminal and state (%u layouts)\n", layout_cpu / 1000.0 / layouts, layouts);
  printf ("draw:   %.3f ms CPU per page (%u pages, text and 'not found' pictures)\n", draw_cpu / 1000.0 / draws,
          draws);

  tsr_terminal_renderer_set_pictures (renderer, picture, tsr_marathon_images_parse (images_bytes, NULL),
                                      (GDestroyNotify) tsr_marathon_images_free);
  {
    g_autoptr(TsrTerminalLayout) layout = NULL;
    gint64 first;

    start = cpu_time ();
    layout = tsr_terminal_renderer_layout (renderer, g_ptr_array_index (picture_terminals, 0),
                                           TSR_TERMINAL_STATE_UNFINISHED);
    first = cpu_time () - start;
    draws = 0;
    start = cpu_time ();
    for (int r = 0; r < rounds; r++)
      for (guint p = 0; p < tsr_terminal_layout_n_pages (layout); p++, draws++)
        tsr_terminal_renderer_draw (renderer, cr, layout, p);
    printf ("pictures: %.1f ms CPU to decode two 640x480/640x386 PICTs once, then %.3f ms per page drawn\n",
            first / 1000.0, (cpu_time () - start) / 1000.0 / draws);
  }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  (void) pages;
  return 0;
}
