/* test-marathon-terminal-layout.c: the terminal page layout on the real terminals of both
 * Chronicles maps (every shown byte on exactly one page, lines inside their box, wraps where the
 * engine's rule puts them) and on hand-made scripts (empty groups, over-long words, style codes
 * only, faces carried across pages, sounds, tags and teleports, paging keys). Fixed 7-pixel
 * characters stand in for the font. */
#include <string.h>

#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-terminal-layout.h"
#include "formats/marathon/tsr-marathon-terminal.h"
#include "tsr-test-common.h"

#define GLYPH_WIDTH 7

static char *data_dir;

static double
fixed_width (guint8   c,
             guint    face,
             gpointer user_data)
{
  return GLYPH_WIDTH;
}

static gboolean
fixed_picture (int      id,
               int     *width,
               int     *height,
               gpointer user_data)
{
  if (id <= 0)
    return FALSE;
  *width = id;          /* a square picture of side ID */
  *height = id;
  return TRUE;
}

static const TsrTerminalMetrics metrics = { fixed_width, NULL, NULL };
static const TsrTerminalMetrics metrics_with_pictures = { fixed_width, fixed_picture, NULL };

static GPtrArray *
compile (const char *script)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *terminals = tsr_marathon_terminals_compile (script, strlen (script), "test.term.txt", &error);

  ck_assert_msg (terminals != NULL, "%s", error ? error->message : "");
  return terminals;
}

/* The wrap rule, checked independently of the layout's code: a wrapped line ends after a space or
 * a breakable character, and the next break point would not have fitted. */
static void
check_wrap (const guint8          *text,
            const TsrTerminalLine *line,
            int                    box_width,
            guint                  group_end)
{
  int crossing = (box_width + GLYPH_WIDTH - 1) / GLYPH_WIDTH;   /* characters taken before breaking */

  if (!line->wrapped)
    return;
  if (line->unbroken)
    {
      /* No break point at all: the characters taken, one past the edge. */
      ck_assert_int_eq ((int) (line->end - line->start), crossing);
      for (guint i = line->start + 1; i < line->end; i++)
        {
          ck_assert_int_ne (text[i], ' ');
          ck_assert (i == line->start + 1 || !tsr_terminal_can_break_after (text[i - 1]));
        }
      return;
    }
  ck_assert_msg (text[line->end - 1] == ' ' || tsr_terminal_can_break_after (text[line->end - 1]),
                 "line %u..%u ends on '%c'", line->start, line->end, text[line->end - 1]);
  ck_assert_int_le ((int) (line->end - line->start), crossing);
  /* The next break point lies beyond what the line could take. */
  for (guint i = line->end; i < group_end && text[i] != '\r' && text[i] != '\0'; i++)
    {
      gboolean breaks = text[i] == ' ' || (i > line->start + 1 && tsr_terminal_can_break_after (text[i - 1])
                                            && i != line->end);

      if (breaks)
        {
          ck_assert_msg ((int) (i - line->start) >= crossing,
                         "line %u..%u could have broken at %u", line->start, line->end, i);
          break;
        }
    }
}

/* Checks one layout against its terminal; returns the number of lines seen. */
static guint
check_layout (const TsrMarathonTerminal *terminal,
              const TsrTerminalLayout   *layout)
{
  gsize text_size = 0;
  const guint8 *text = terminal->text != NULL ? g_bytes_get_data (terminal->text, &text_size) : NULL;
  guint n_lines = 0;
  int previous_group = -1;
  guint expected_start = 0;

  for (guint p = 0; p < tsr_terminal_layout_n_pages (layout); p++)
    {
      const TsrTerminalPage *page = tsr_terminal_layout_get_page (layout, p);
      const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup,
                                                              page->group);
      guint group_start = MIN (group->start_index, text_size);
      guint group_end = MIN ((guint) group->start_index + group->length, text_size);
      guint line_start = page->start;

      ck_assert_uint_lt (page->group, terminal->groups->len);
      ck_assert_int_eq (page->group_type, group->type);
      ck_assert_uint_lt (page->page_in_group, page->n_pages_in_group);
      ck_assert_ptr_nonnull (page->header_left);
      ck_assert_ptr_nonnull (page->footer_right);
      /* The pages of a group cover its bytes exactly once, in order. */
      if ((int) page->group != previous_group)
        {
          ck_assert_uint_eq (page->page_in_group, 0);
          ck_assert_uint_eq (page->start, group_start);
          expected_start = group_start;
        }
      ck_assert_uint_eq (page->start, expected_start);
      ck_assert_uint_le (page->start, page->end);
      if (page->page_in_group + 1 == page->n_pages_in_group)
        ck_assert_uint_eq (page->end, group_end);
      expected_start = page->end;
      previous_group = (int) page->group;
      ck_assert_uint_le (page->lines->len, TSR_TERMINAL_LINES_PER_PAGE);

      for (guint l = 0; l < page->lines->len; l++)
        {
          const TsrTerminalLine *line = g_ptr_array_index (page->lines, l);
          guint run_start = line->start;

          ck_assert_uint_eq (line->start, line_start);
          ck_assert_uint_gt (line->end, line->start);
          ck_assert_uint_le (line->end, page->end);
          ck_assert_int_eq (line->baseline, page->text_box.y + TSR_TERMINAL_LINE_HEIGHT * (int) (l + 1));
          /* Inside the box; an unbroken word may take the one character that crossed the edge. */
          ck_assert_msg (line->width <= page->text_box.width + (line->unbroken ? GLYPH_WIDTH : 0),
                         "line %u..%u is %g px wide in a %d px box", line->start, line->end, line->width,
                         page->text_box.width);
          for (guint r = 0; r < line->runs->len; r++)
            {
              const TsrTerminalRun *run = &g_array_index (line->runs, TsrTerminalRun, r);

              ck_assert_uint_eq (run->start, run_start);
              ck_assert (g_utf8_validate (run->text, -1, NULL));
              ck_assert_uint_lt (run->color, 8);
              run_start = run->end;
            }
          ck_assert_uint_eq (run_start, line->end);
          if (page->kind != TSR_TERMINAL_PAGE_LOGON && page->kind != TSR_TERMINAL_PAGE_LOGOFF)
            check_wrap (text, line, page->text_box.width, group_end);
          line_start = line->end;
          n_lines++;
        }
    }
  return n_lines;
}

static TsrMarathonScenario *
load_map (const char *name)
{
  g_autofree char *path = g_build_filename (data_dir, name, NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(GError) error = NULL;
  TsrMarathonScenario *scenario = tsr_marathon_scenario_load (bytes, name, &error);

  ck_assert_msg (scenario != NULL, "%s: %s", name, error ? error->message : "");
  return scenario;
}

START_TEST (test_real_terminals)
{
  static const char *const maps[] = { "chronicles_DreamBrother.sceA", "chronicles_MenLikeRavenousFishes.sceA" };
  guint n_terminals = 0, n_pages = 0, n_lines = 0, agree = 0, groups = 0;

  for (guint m = 0; m < G_N_ELEMENTS (maps); m++)
    {
      g_autoptr(TsrMarathonScenario) scenario = load_map (maps[m]);

      for (guint l = 0; l < scenario->map->levels->len; l++)
        {
          TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, l);

          for (guint t = 0; level->terminals != NULL && t < level->terminals->len; t++)
            {
              const TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, t);

              n_terminals++;
              for (int s = 0; s < TSR_TERMINAL_N_STATES; s++)
                {
                  g_autoptr(TsrTerminalLayout) layout = tsr_terminal_layout_new (terminal, (TsrTerminalState) s,
                                                                                 &metrics_with_pictures);

                  ck_assert_uint_gt (tsr_terminal_layout_n_pages (layout), 0);
                  n_pages += tsr_terminal_layout_n_pages (layout);
                  n_lines += check_layout (terminal, layout);
                  /* The stored line counts (Atque's, 7 px characters) against the engine's wrap. */
                  if (s == TSR_TERMINAL_STATE_UNFINISHED)
                    for (guint p = 0; p < tsr_terminal_layout_n_pages (layout); p++)
                      {
                        const TsrTerminalPage *page = tsr_terminal_layout_get_page (layout, p);
                        const TsrMarathonTerminalGroup *group =
                          &g_array_index (terminal->groups, TsrMarathonTerminalGroup, page->group);

                        if (page->page_in_group + 1 == page->n_pages_in_group
                            && (page->kind == TSR_TERMINAL_PAGE_INFORMATION || page->kind == TSR_TERMINAL_PAGE_PICT))
                          {
                            groups++;
                            agree += (guint) group->maximum_lines
                                     == page->first_line + page->lines->len;
                          }
                      }
                }
            }
        }
    }
  ck_assert_uint_eq (n_terminals, 8);
  ck_assert_uint_gt (n_lines, 500);
  g_print ("terminal layout: %u terminals, %u pages, %u lines in 3 states; stored max_lines equal "
           "the engine's wrapped line count in %u of %u text groups\n",
           n_terminals, n_pages, n_lines, agree, groups);
  tsr_test_report_count ("Chronicles maps laid out", G_N_ELEMENTS (maps));
}
END_TEST

/* Dream Brother's first terminal: logon 1630, then pictures with text beside them. */
START_TEST (test_real_first_terminal)
{
  g_autoptr(TsrMarathonScenario) scenario = load_map ("chronicles_DreamBrother.sceA");
  TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, 0);
  const TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, 0);
  g_autoptr(TsrTerminalLayout) layout = tsr_terminal_layout_new (terminal, TSR_TERMINAL_STATE_UNFINISHED,
                                                                 &metrics);
  const TsrTerminalPage *logon = tsr_terminal_layout_get_page (layout, 0);
  const TsrTerminalPage *pict = tsr_terminal_layout_get_page (layout, 1);
  const TsrTerminalLine *line;
  const TsrTerminalRun *run;

  ck_assert_int_eq (logon->kind, TSR_TERMINAL_PAGE_LOGON);
  ck_assert_int_eq (logon->permutation, 1630);
  ck_assert_str_eq (logon->header_left, "Opening Connection to b.4.5-23");
  ck_assert_str_eq (logon->header_right, "0142 05.10.2337");
  ck_assert_str_eq (logon->footer_left, "CAS.qterm//CyberAcme Systems Inc.");
  ck_assert_uint_eq (logon->lines->len, 1);
  line = g_ptr_array_index (logon->lines, 0);
  run = &g_array_index (line->runs, TsrTerminalRun, line->runs->len - 1);
  ck_assert_str_eq (run->text, "dulce.et.decorum.est");
  ck_assert_uint_eq (run->color, 1);
  /* Centred on the text's width; without a picture the line sits at the frame's bottom. */
  ck_assert_int_eq (logon->text_box.x, 9 + (622 - 20 * GLYPH_WIDTH) / 2);
  ck_assert_int_eq (line->baseline, 293 + 12);

  ck_assert_int_eq (pict->kind, TSR_TERMINAL_PAGE_PICT);
  ck_assert_int_eq (pict->permutation, 1631);
  ck_assert_str_eq (pict->header_left, "UESCTerm 802.11 (remote override)");
  ck_assert_str_eq (pict->footer_left, "PgUp/PgDown/Arrows To Scroll");
  ck_assert_str_eq (pict->footer_right, "Return/Enter To Acknowledge");
  /* A picture on the left: text in the right half. */
  ck_assert_int_eq (pict->text_box.x, 324);
  ck_assert_int_eq (pict->text_box.width, 307);
  ck_assert_int_eq (pict->object_box.x, 9);
  line = g_ptr_array_index (pict->lines, 4);
  ck_assert_str_eq (g_array_index (line->runs, TsrTerminalRun, 0).text, "Bent double, like old beggars under sacks,");
}
END_TEST

START_TEST (test_empty_and_style_only_groups)
{
  g_autoptr(GPtrArray) terminals = compile ("#TERMINAL 0\n#UNFINISHED\n#LOGON 5\n#INFORMATION\n"
                                            "#INFORMATION\n$B$C1$U\n#END\n#ENDTERMINAL 0\n");
  const TsrMarathonTerminal *terminal = g_ptr_array_index (terminals, 0);
  g_autoptr(TsrTerminalLayout) layout = tsr_terminal_layout_new (terminal, TSR_TERMINAL_STATE_UNFINISHED,
                                                                 &metrics);
  const TsrTerminalPage *page;
  const TsrTerminalLine *line;

  check_layout (terminal, layout);
  ck_assert_uint_eq (tsr_terminal_layout_n_pages (layout), 3);
  page = tsr_terminal_layout_get_page (layout, 0);
  ck_assert_int_eq (page->kind, TSR_TERMINAL_PAGE_LOGON);
  ck_assert_uint_eq (page->lines->len, 0);
  /* An empty group is still one (empty) page. */
  page = tsr_terminal_layout_get_page (layout, 1);
  ck_assert_int_eq (page->kind, TSR_TERMINAL_PAGE_INFORMATION);
  ck_assert_uint_eq (page->lines->len, 0);
  ck_assert_uint_eq (page->n_pages_in_group, 1);
  ck_assert_uint_eq (page->end - page->start, 1);     /* the NUL */
  /* Style codes only: one line of nothing but its \r. */
  page = tsr_terminal_layout_get_page (layout, 2);
  ck_assert_uint_eq (page->lines->len, 1);
  line = g_ptr_array_index (page->lines, 0);
  ck_assert_uint_eq (line->end - line->start, 1);
  ck_assert_double_eq (line->width, 0);
  ck_assert_str_eq (g_array_index (line->runs, TsrTerminalRun, line->runs->len - 1).text, "");
}
END_TEST

START_TEST (test_long_word_and_break_characters)
{
  GString *script = g_string_new ("#TERMINAL 0\n#UNFINISHED\n#INFORMATION\n");
  g_autoptr(GPtrArray) terminals = NULL;
  g_autoptr(TsrTerminalLayout) layout = NULL;
  const TsrMarathonTerminal *terminal;
  const TsrTerminalPage *page;
  const TsrTerminalLine *line;

  for (int i = 0; i < 100; i++)
    g_string_append_c (script, 'x');
  g_string_append_c (script, '\n');
  /* 69 letters, a hyphen, then more: the break comes after the hyphen. */
  for (int i = 0; i < 69; i++)
    g_string_append_c (script, 'a');
  g_string_append (script, "-bbbb\n");
  /* A space where the 71st character would be: eaten. */
  for (int i = 0; i < 70; i++)
    g_string_append_c (script, 'c');
  g_string_append (script, " dd\n#END\n#ENDTERMINAL 0\n");
  terminals = compile (script->str);
  g_string_free (script, TRUE);
  terminal = g_ptr_array_index (terminals, 0);
  layout = tsr_terminal_layout_new (terminal, TSR_TERMINAL_STATE_UNFINISHED, &metrics);
  check_layout (terminal, layout);
  page = tsr_terminal_layout_get_page (layout, 0);
  ck_assert_int_eq (page->text_box.width, 496);
  ck_assert_uint_eq (page->lines->len, 6);
  /* 496 px: characters are taken while the width is below it, so the 71st (497 px) is in. */
  line = g_ptr_array_index (page->lines, 0);
  ck_assert (line->unbroken);
  ck_assert_uint_eq (line->end - line->start, 71);
  ck_assert_double_eq (line->width, 71 * GLYPH_WIDTH);
  line = g_ptr_array_index (page->lines, 1);
  ck_assert_uint_eq (line->end - line->start, 30);   /* the rest and its \r */
  line = g_ptr_array_index (page->lines, 2);
  ck_assert (line->wrapped && !line->unbroken);
  ck_assert_uint_eq (line->end - line->start, 70);   /* after the hyphen */
  ck_assert_str_eq (g_array_index (line->runs, TsrTerminalRun, 0).text + 69, "-");
  line = g_ptr_array_index (page->lines, 4);
  ck_assert_uint_eq (line->end - line->start, 71);   /* 70 letters and the eaten space */
  ck_assert_double_eq (line->width, 70 * GLYPH_WIDTH);
}
END_TEST

START_TEST (test_faces_across_pages)
{
  GString *script = g_string_new ("#TERMINAL 0\n#UNFINISHED\n#INFORMATION\n$C1first\n");
  g_autoptr(GPtrArray) terminals = NULL;
  g_autoptr(TsrTerminalLayout) layout = NULL;
  const TsrMarathonTerminal *terminal;
  const TsrTerminalPage *page;
  const TsrTerminalLine *line;

  for (int i = 1; i < 30; i++)
    g_string_append_printf (script, "line %d\n", i);
  g_string_append (script, "#INFORMATION\n$C4start\n");
  for (int i = 1; i < 21; i++)
    g_string_append_printf (script, "line %d\n", i);
  g_string_append (script, "$B$C5bold\nstill bold\n#END\n#ENDTERMINAL 0\n");
  terminals = compile (script->str);
  g_string_free (script, TRUE);
  terminal = g_ptr_array_index (terminals, 0);
  layout = tsr_terminal_layout_new (terminal, TSR_TERMINAL_STATE_UNFINISHED, &metrics);
  check_layout (terminal, layout);
  ck_assert_uint_eq (tsr_terminal_layout_n_pages (layout), 4);
  page = tsr_terminal_layout_get_page (layout, 0);
  line = g_ptr_array_index (page->lines, 1);
  ck_assert_uint_eq (g_array_index (line->runs, TsrTerminalRun, 0).color, 1);
  /* The $C1 at the group's first byte is not seen on its second page (the engine's search). */
  page = tsr_terminal_layout_get_page (layout, 1);
  ck_assert_uint_eq (page->page_in_group, 1);
  ck_assert_uint_eq (page->first_line, 22);
  line = g_ptr_array_index (page->lines, 0);
  ck_assert_uint_eq (g_array_index (line->runs, TsrTerminalRun, 0).color, 0);
  /* A change after the group's start is carried into the next page. */
  page = tsr_terminal_layout_get_page (layout, 3);
  line = g_ptr_array_index (page->lines, 0);
  ck_assert_str_eq (g_array_index (line->runs, TsrTerminalRun, 0).text, "still bold");
  ck_assert_uint_eq (g_array_index (line->runs, TsrTerminalRun, 0).color, 5);
  ck_assert_uint_eq (g_array_index (line->runs, TsrTerminalRun, 0).face, TSR_TERMINAL_FACE_BOLD);

  /* Keys: down to the next page and no further than the last; up within a group, and from a
   * group's first page to the previous group's first page. */
  ck_assert_uint_eq (tsr_terminal_layout_page_down (layout, 0), 1);
  ck_assert_uint_eq (tsr_terminal_layout_page_down (layout, 3), 3);
  ck_assert_uint_eq (tsr_terminal_layout_page_up (layout, 3), 2);
  ck_assert_uint_eq (tsr_terminal_layout_page_up (layout, 2), 0);
  ck_assert_uint_eq (tsr_terminal_layout_page_up (layout, 0), 0);
  /* Following the source: byte offsets in a group's text. */
  ck_assert_int_eq (tsr_terminal_layout_find_page (layout, 1, 0), 0);
  ck_assert_int_eq (tsr_terminal_layout_find_page (layout, 1, 200), 1);
  ck_assert_int_eq (tsr_terminal_layout_find_page (layout, 1, 60000), 1);
  ck_assert_int_eq (tsr_terminal_layout_find_page (layout, 2, 3), 2);
  ck_assert_int_eq (tsr_terminal_layout_find_page (layout, 0, 0), -1);
}
END_TEST

START_TEST (test_states_and_events)
{
  g_autoptr(GPtrArray) terminals = compile (
    "#TERMINAL 0\n#UNFINISHED\n#LOGON 5\nhello\n#SOUND 12\n#TAG 3\n#PICT 40 RIGHT\ntext\n"
    "#STATIC 30\n#LOGOFF 5\nbye\n#INTERLEVEL TELEPORT 2\n#END\n"
    "#FAILURE\n#PICT 400 CENTER\n#CHECKPOINT 1\nthe goal\n#END\n#ENDTERMINAL 0\n");
  const TsrMarathonTerminal *terminal = g_ptr_array_index (terminals, 0);
  g_autoptr(TsrTerminalLayout) unfinished = tsr_terminal_layout_new (terminal, TSR_TERMINAL_STATE_UNFINISHED,
                                                                     &metrics_with_pictures);
  g_autoptr(TsrTerminalLayout) finished = tsr_terminal_layout_new (terminal, TSR_TERMINAL_STATE_FINISHED,
                                                                   &metrics_with_pictures);
  g_autoptr(TsrTerminalLayout) failed = tsr_terminal_layout_new (terminal, TSR_TERMINAL_STATE_FAILED,
                                                                 &metrics_with_pictures);
  const TsrTerminalPage *page;
  const TsrTerminalEvent *event;

  check_layout (terminal, unfinished);
  check_layout (terminal, failed);
  ck_assert_uint_eq (tsr_terminal_layout_n_pages (unfinished), 4);
  /* No #FINISHED section: the unfinished one is shown. */
  ck_assert_uint_eq (tsr_terminal_layout_n_pages (finished), 4);
  ck_assert_uint_eq (unfinished->entry_group, finished->entry_group);

  page = tsr_terminal_layout_get_page (unfinished, 0);
  ck_assert_int_eq (page->kind, TSR_TERMINAL_PAGE_LOGON);
  ck_assert (page->picture_known);
  /* A 5x5 picture centred in (9,27)-(631,293); the line below it, centred on "hello". */
  ck_assert_int_eq (page->object_box.x, 9 + (622 - 5) / 2);
  ck_assert_int_eq (page->object_box.y, 27 + (266 - 5) / 2);
  ck_assert_int_eq (page->text_box.y, page->object_box.y + 5);
  ck_assert_int_eq (page->text_box.x, 9 + (622 - 5 * GLYPH_WIDTH) / 2);
  ck_assert_uint_eq (page->events->len, 0);
  /* The sound and tag are noted on the page after them. */
  page = tsr_terminal_layout_get_page (unfinished, 1);
  ck_assert_int_eq (page->kind, TSR_TERMINAL_PAGE_PICT);
  ck_assert_uint_eq (page->events->len, 2);
  event = &g_array_index (page->events, TsrTerminalEvent, 0);
  ck_assert_int_eq (event->type, TSR_MARATHON_GROUP_SOUND);
  ck_assert_int_eq (event->permutation, 12);
  ck_assert_int_eq (g_array_index (page->events, TsrTerminalEvent, 1).type, TSR_MARATHON_GROUP_TAG);
  /* A picture on the right: text on the left; a small picture is centred, not scaled up. */
  ck_assert_int_eq (page->text_box.x, 9);
  ck_assert_int_eq (page->object_box.width, 40);
  ck_assert_int_eq (page->object_box.x, 324 + (307 - 40) / 2);
  ck_assert_int_eq (tsr_terminal_layout_find_page (unfinished, 3, 0), 1);   /* the sound group */
  page = tsr_terminal_layout_get_page (unfinished, 2);
  ck_assert_int_eq (page->kind, TSR_TERMINAL_PAGE_STATIC);
  ck_assert_int_eq (page->permutation, 30);
  /* The teleport happens as the logoff page is left; the terminal ends there. */
  page = tsr_terminal_layout_get_page (unfinished, 3);
  ck_assert_int_eq (page->kind, TSR_TERMINAL_PAGE_LOGOFF);
  ck_assert_str_eq (page->header_left, "Disconnecting...");
  ck_assert_uint_eq (page->events->len, 1);
  ck_assert_int_eq (g_array_index (page->events, TsrTerminalEvent, 0).type, TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT);
  /* Up: the static before the logoff and the logon before the picture refuse. */
  ck_assert_uint_eq (tsr_terminal_layout_page_up (unfinished, 3), 3);
  ck_assert_uint_eq (tsr_terminal_layout_page_up (unfinished, 1), 1);    /* not back to the logon */

  ck_assert_uint_eq (tsr_terminal_layout_n_pages (failed), 2);
  page = tsr_terminal_layout_get_page (failed, 0);
  /* A 400x400 picture centred: scaled down into 622x266, keeping its shape. */
  ck_assert_int_eq (page->object_box.height, 266);
  ck_assert_int_eq (page->object_box.width, 266);
  ck_assert_int_eq (page->object_box.x, 9 + (622 - 266) / 2);
  page = tsr_terminal_layout_get_page (failed, 1);
  ck_assert_int_eq (page->kind, TSR_TERMINAL_PAGE_CHECKPOINT);
  ck_assert_int_eq (page->object_box.x, 9);
  ck_assert_int_eq (page->text_box.x, 324);
  ck_assert_uint_eq (tsr_terminal_layout_page_up (failed, 1), 0);
}
END_TEST

START_TEST (test_no_section)
{
  g_autoptr(GPtrArray) terminals = compile ("#TERMINAL 0\n#FINISHED\n#INFORMATION\nx\n#END\n#ENDTERMINAL 0\n");
  const TsrMarathonTerminal *terminal = g_ptr_array_index (terminals, 0);
  g_autoptr(TsrTerminalLayout) unfinished = tsr_terminal_layout_new (terminal, TSR_TERMINAL_STATE_UNFINISHED,
                                                                     &metrics);
  g_autoptr(TsrTerminalLayout) finished = tsr_terminal_layout_new (terminal, TSR_TERMINAL_STATE_FINISHED,
                                                                   &metrics);
  TsrTerminalState state;

  /* The engine finds no #UNFINISHED group and leaves at once. */
  ck_assert_uint_eq (tsr_terminal_layout_n_pages (unfinished), 0);
  ck_assert_uint_eq (unfinished->entry_group, G_MAXUINT);
  ck_assert_uint_eq (tsr_terminal_layout_n_pages (finished), 1);
  ck_assert_uint_eq (tsr_terminal_layout_page_up (unfinished, 0), 0);
  ck_assert_uint_eq (tsr_terminal_layout_page_down (unfinished, 0), 0);
  ck_assert (tsr_terminal_state_from_name ("Failed", &state));
  ck_assert_int_eq (state, TSR_TERMINAL_STATE_FAILED);
  ck_assert (!tsr_terminal_state_from_name ("won", &state));
}
END_TEST

static Suite *
layout_suite (void)
{
  Suite *suite = suite_create ("marathon-terminal-layout");
  TCase *real = tcase_create ("real");
  TCase *rules = tcase_create ("rules");

  tcase_add_test (real, test_real_terminals);
  tcase_add_test (real, test_real_first_terminal);
  tcase_add_test (rules, test_empty_and_style_only_groups);
  tcase_add_test (rules, test_long_word_and_break_characters);
  tcase_add_test (rules, test_faces_across_pages);
  tcase_add_test (rules, test_states_and_events);
  tcase_add_test (rules, test_no_section);
  suite_add_tcase (suite, real);
  suite_add_tcase (suite, rules);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (layout_suite ());
}
