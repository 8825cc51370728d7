/* tsr-marathon-terminal-layout.c: pages a compiled terminal the way Aleph One's
 * computer_interface.cpp does (facts read from it, see docs/formats/marathon.md): the state's
 * section group is found and the groups after it are walked until #END; each shown group becomes
 * one or more pages of 22 wrapped lines; the wrap, the face carried into a page and the logon
 * line's centring follow the engine, quirks included. */
#include "formats/marathon/tsr-marathon-terminal-layout.h"

#include <string.h>

#include "formats/marathon/tsr-wad.h"

/* Interface rectangles of the terminal (top-left based, from the engine's table). */
static const TsrTerminalRect full_text_rect = { 72, 27, 496, 266 };
static const TsrTerminalRect left_rect = { 9, 27, 307, 266 };
static const TsrTerminalRect right_rect = { 324, 27, 307, 266 };
static const TsrTerminalRect logon_graphic_rect = { 9, 27, 622, 266 };

static const guint8 text_colors[8][3] = {
  { 0, 255, 0 }, { 255, 255, 255 }, { 255, 0, 0 }, { 0, 156, 0 },
  { 0, 176, 201 }, { 255, 231, 0 }, { 175, 0, 0 }, { 12, 0, 255 },
};
const guint8 tsr_terminal_border_color[3] = { 39, 0, 0 };
const guint8 tsr_terminal_border_text_color[3] = { 255, 0, 0 };

/* The engine's computer interface strings (STR# 135); in-game text, not translated. */
static const char *const label_starting_up = "Opening Connection to b.4.5-23";
static const char *const label_manufacturer = "CAS.qterm//CyberAcme Systems Inc.";
static const char *const label_address = "<931.461.60231.14.vt920>";
static const char *const label_terminal = "UESCTerm 802.11 (remote override)";
static const char *const label_scrolling = "PgUp/PgDown/Arrows To Scroll";
static const char *const label_acknowledge = "Return/Enter To Acknowledge";
static const char *const label_disconnecting = "Disconnecting...";

static const char *const state_names[TSR_TERMINAL_N_STATES] = { "unfinished", "finished", "failed" };

const char *
tsr_terminal_state_name (TsrTerminalState state)
{
  return (guint) state < TSR_TERMINAL_N_STATES ? state_names[state] : "unknown";
}

gboolean
tsr_terminal_state_from_name (const char       *name,
                              TsrTerminalState *state)
{
  for (guint i = 0; i < TSR_TERMINAL_N_STATES; i++)
    if (g_ascii_strcasecmp (name, state_names[i]) == 0)
      {
        *state = (TsrTerminalState) i;
        return TRUE;
      }
  return FALSE;
}

void
tsr_terminal_text_color (guint  index,
                         guint8 rgb[3])
{
  memcpy (rgb, text_colors[index & 7], 3);
}

const char *
tsr_terminal_date_text (gboolean marathon_1)
{
  /* The engine's start times (800070137 and 809304137 seconds) formatted with year 2337. */
  return marathon_1 ? "2242 08.24.2337" : "0142 05.10.2337";
}

gboolean
tsr_terminal_can_break_after (guint8 c)
{
  return c != '\0' && strchr ("&*+-\\<=>/^|", c) != NULL;
}

static double
measure (const TsrTerminalMetrics *metrics,
         guint8                    c,
         guint                     face)
{
  double width = metrics->measure (c, face, metrics->user_data);

  return width > 0 ? width : 0;
}

gsize
tsr_terminal_wrap_line (const guint8             *text,
                        gsize                     start,
                        gsize                     end,
                        double                    width,
                        const TsrTerminalMetrics *metrics,
                        guint                     face,
                        gboolean                 *unbroken)
{
  gsize index = start;
  double running = 0;

  if (unbroken != NULL)
    *unbroken = FALSE;
  if (start >= end || text[start] == '\0')
    return start;
  /* Characters are added while the running width is below the box: the one that crosses the
   * edge is in, and the break is searched for backwards from it. */
  while (index < end && running < width && text[index] != '\0' && text[index] != '\r')
    running += measure (metrics, text[index++], face);
  if (index < end && text[index] == '\r')
    return index + 1;
  if (index >= end || text[index] == '\0')
    return index;
  for (gsize point = index - 1; point > start; point--)
    {
      if (text[point] == ' ')
        return point + 1;   /* the space is eaten */
      if (point > start + 1 && tsr_terminal_can_break_after (text[point - 1]))
        return point;
    }
  if (unbroken != NULL)
    *unbroken = TRUE;
  return index;
}

static void
line_free (gpointer data)
{
  TsrTerminalLine *line = data;

  for (guint i = 0; i < line->runs->len; i++)
    g_free (g_array_index (line->runs, TsrTerminalRun, i).text);
  g_array_unref (line->runs);
  g_free (line);
}

static void
page_free (gpointer data)
{
  TsrTerminalPage *page = data;

  g_ptr_array_unref (page->lines);
  g_array_unref (page->events);
  g_free (page);
}

void
tsr_terminal_layout_free (TsrTerminalLayout *layout)
{
  if (layout == NULL)
    return;
  g_ptr_array_unref (layout->pages);
  g_bytes_unref (layout->text);
  g_free (layout);
}

static int
compare_faces (gconstpointer a,
               gconstpointer b)
{
  const TsrMarathonTextFace *fa = a, *fb = b;

  return (fa->index > fb->index) - (fa->index < fb->index);
}

static GArray *
group_faces (const TsrMarathonTerminal *terminal,
             gsize                      group_start,
             gsize                      group_end)
{
  GArray *faces = g_array_new (FALSE, FALSE, sizeof (TsrMarathonTextFace));

  for (guint i = 0; terminal->faces != NULL && i < terminal->faces->len; i++)
    {
      const TsrMarathonTextFace *face = &g_array_index (terminal->faces, TsrMarathonTextFace, i);

      if (face->index >= 0 && (gsize) face->index >= group_start && (gsize) face->index < group_end)
        g_array_append_val (faces, *face);
    }
  /* Compiled terminals have them in order; sort only when not (the order of equal offsets is
   * then unspecified). */
  if (faces->len > 1)
    {
      gboolean sorted = TRUE;

      for (guint i = 1; i < faces->len && sorted; i++)
        sorted = g_array_index (faces, TsrMarathonTextFace, i - 1).index
                 <= g_array_index (faces, TsrMarathonTextFace, i).index;
      if (!sorted)
        g_array_sort (faces, compare_faces);
    }
  return faces;
}

typedef struct {
  const TsrMarathonTerminal *terminal;
  const TsrTerminalMetrics  *metrics;
  const guint8              *text;
  gsize                      text_size;
  TsrTerminalLayout         *layout;
  GArray                    *pending;   /* TsrTerminalEvent: sounds and tags waiting for a page */
} Builder;

static TsrTerminalPage *
page_new (const TsrMarathonTerminalGroup *group,
          guint                           group_index,
          TsrTerminalPageKind             kind)
{
  TsrTerminalPage *page = g_new0 (TsrTerminalPage, 1);

  page->kind = kind;
  page->group = group_index;
  page->group_type = group->type;
  page->permutation = group->permutation;
  page->group_flags = group->flags;
  page->n_pages_in_group = 1;
  page->lines = g_ptr_array_new_with_free_func (line_free);
  page->events = g_array_new (FALSE, FALSE, sizeof (TsrTerminalEvent));
  switch (group->type)
    {
    case TSR_MARATHON_GROUP_LOGON:
      page->header_left = label_starting_up;
      page->footer_left = label_manufacturer;
      page->footer_right = label_address;
      break;
    case TSR_MARATHON_GROUP_LOGOFF:
      page->header_left = label_disconnecting;
      page->footer_left = label_manufacturer;
      page->footer_right = label_address;
      break;
    default:
      page->header_left = label_terminal;
      page->footer_left = label_scrolling;
      page->footer_right = label_acknowledge;
      break;
    }
  page->header_right = tsr_terminal_date_text ((group->flags & TSR_TERMINAL_GROUP_MARATHON_1) != 0);
  return page;
}

static void
add_page (Builder         *builder,
          TsrTerminalPage *page)
{
  if (builder->pending->len > 0)
    {
      g_array_append_vals (page->events, builder->pending->data, builder->pending->len);
      g_array_set_size (builder->pending, 0);
    }
  g_ptr_array_add (builder->layout->pages, page);
}

/* The byte range of a group's text, clamped to the terminal's text. */
static void
group_range (const Builder                  *builder,
             const TsrMarathonTerminalGroup *group,
             gsize                          *start,
             gsize                          *end)
{
  *start = MIN ((gsize) group->start_index, builder->text_size);
  *end = MIN ((gsize) group->start_index + group->length, builder->text_size);
}

static void
append_run (const Builder   *builder,
            TsrTerminalLine *line,
            gsize            start,
            gsize            end,
            double           x,
            guint            face,
            guint            color)
{
  GString *bytes = g_string_new (NULL);
  TsrTerminalRun run = { 0 };

  for (gsize i = start; i < end; i++)
    if (builder->text[i] >= 0x20)
      g_string_append_c (bytes, (char) builder->text[i]);
  run.text = tsr_mac_roman_to_utf8 ((const guint8 *) bytes->str, bytes->len);
  run.start = (guint) start;
  run.end = (guint) end;
  run.x = x;
  run.face = (guint8) (face & 7);
  run.color = (guint8) (color & 7);
  g_array_append_val (line->runs, run);
  g_string_free (bytes, TRUE);
}

/* Splits the line [START, END) into runs at the face changes in FACES (sorted); *FACE and *COLOR
 * carry the style across lines. */
static TsrTerminalLine *
build_line (const Builder *builder,
            GArray        *faces,
            gsize          start,
            gsize          end,
            double         left,
            int            baseline,
            guint         *face,
            guint         *color)
{
  TsrTerminalLine *line = g_new0 (TsrTerminalLine, 1);
  gsize run_start = start;
  double x = left, visible_end = left;
  guint f = 0;

  line->start = (guint) start;
  line->end = (guint) end;
  line->x = left;
  line->baseline = baseline;
  line->runs = g_array_new (FALSE, FALSE, sizeof (TsrTerminalRun));
  while (f < faces->len && (gsize) g_array_index (faces, TsrMarathonTextFace, f).index < start)
    f++;
  for (gsize i = start; i <= end; i++)
    {
      gboolean change = FALSE;
      guint new_face = *face, new_color = *color;

      while (i < end && f < faces->len && (gsize) g_array_index (faces, TsrMarathonTextFace, f).index == i)
        {
          new_face = (guint) g_array_index (faces, TsrMarathonTextFace, f).face;
          new_color = (guint) g_array_index (faces, TsrMarathonTextFace, f).color;
          change = TRUE;
          f++;
        }
      if ((change || i == end) && i > run_start)
        {
          double run_x = x;

          for (gsize c = run_start; c < i; c++)
            if (builder->text[c] >= 0x20)
              {
                x += measure (builder->metrics, builder->text[c], *face);
                if (builder->text[c] != ' ')
                  visible_end = x;
              }
          append_run (builder, line, run_start, i, run_x, *face, *color);
          run_start = i;
        }
      if (change)
        {
          *face = new_face;
          *color = new_color;
        }
    }
  line->width = visible_end - left;
  return line;
}

/* Wraps the whole group into line ranges (pairs of offsets). */
static GArray *
wrap_group (const Builder *builder,
            gsize          group_start,
            gsize          group_end,
            double         width,
            GArray        *unbroken_flags,
            GArray        *wrapped_flags)
{
  GArray *ends = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize start = group_start;

  while (start < group_end)
    {
      gboolean unbroken = FALSE;
      gsize end = tsr_terminal_wrap_line (builder->text, start, group_end, width, builder->metrics, 0,
                                          &unbroken);
      gboolean wrapped;

      if (end == start)
        break;
      wrapped = builder->text[end - 1] != '\r' && end < group_end && builder->text[end] != '\0';
      g_array_append_val (ends, end);
      g_array_append_val (unbroken_flags, unbroken);
      g_array_append_val (wrapped_flags, wrapped);
      start = end;
    }
  return ends;
}

/* Places a picture of WIDTH x HEIGHT the way the engine does: centred when it fits, else scaled
 * down into the area keeping its aspect ratio (integer arithmetic as the engine's). */
static TsrTerminalRect
place_picture (guint flags,
               int   width,
               int   height)
{
  TsrTerminalRect area;
  TsrTerminalRect bounds = { 0, 0, width, height };

  if (flags & TSR_MARATHON_GROUP_CENTER)
    {
      area = logon_graphic_rect;
      if (width <= area.width && height <= area.height)
        {
          int dx = (area.width - width) / 2, dy = (area.height - height) / 2;

          area.x += dx;
          area.y += dy;
          area.width -= 2 * dx;
          area.height -= 2 * dy;
        }
    }
  else if (flags & TSR_MARATHON_GROUP_ALIGN_RIGHT)
    area = right_rect;
  else
    area = left_rect;

  if (width <= area.width && height <= area.height)
    {
      bounds.x = area.x + (area.width - width) / 2;
      bounds.y = area.y + (area.height - height) / 2;
    }
  else if (height - area.height >= width - area.width)
    {
      int adjusted = height > 0 ? (int) ((gint64) area.height * width / height) : 0;
      int inset = (area.width - adjusted) / 2;

      bounds = area;
      bounds.x += inset;
      bounds.width -= 2 * inset;
    }
  else
    {
      int adjusted = width > 0 ? (int) ((gint64) area.width * height / width) : 0;
      int inset = (area.height - adjusted) / 2;

      bounds = area;
      bounds.y += inset;
      bounds.height -= 2 * inset;
    }
  return bounds;
}

/* The area of a picture or map without a known picture size. */
static TsrTerminalRect
object_area (guint flags)
{
  return (flags & TSR_MARATHON_GROUP_ALIGN_RIGHT) ? right_rect : left_rect;
}

static TsrTerminalRect
text_box_for (guint flags)
{
  TsrTerminalRect box;

  if (flags & TSR_MARATHON_GROUP_CENTER)
    box = right_rect;
  else if (flags & TSR_MARATHON_GROUP_ALIGN_RIGHT)
    box = left_rect;
  else
    box = right_rect;
  if (flags & TSR_TERMINAL_GROUP_MARATHON_1)
    box.y += TSR_TERMINAL_LINE_HEIGHT;
  return box;
}

/* Pages of a text group (information, pict, checkpoint) in TEXT_BOX, 22 lines each. */
static void
add_text_pages (Builder                        *builder,
                const TsrMarathonTerminalGroup *group,
                guint                           group_index,
                TsrTerminalPageKind             kind,
                TsrTerminalRect                 text_box,
                TsrTerminalRect                 object_box,
                gboolean                        picture_known)
{
  gsize group_start, group_end;
  g_autoptr(GArray) unbroken = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autoptr(GArray) wrapped = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autoptr(GArray) ends = NULL;
  g_autoptr(GArray) faces = NULL;
  guint n_lines, n_pages;

  group_range (builder, group, &group_start, &group_end);
  ends = wrap_group (builder, group_start, group_end, text_box.width, unbroken, wrapped);
  faces = group_faces (builder->terminal, group_start, group_end);
  n_lines = ends->len;
  n_pages = MAX (1, (n_lines + TSR_TERMINAL_LINES_PER_PAGE - 1) / TSR_TERMINAL_LINES_PER_PAGE);
  for (guint p = 0; p < n_pages; p++)
    {
      TsrTerminalPage *page = page_new (group, group_index, kind);
      guint first = p * TSR_TERMINAL_LINES_PER_PAGE;
      guint last = MIN (n_lines, first + TSR_TERMINAL_LINES_PER_PAGE);
      gsize start = first == 0 ? group_start : g_array_index (ends, gsize, first - 1);
      g_autoptr(GArray) page_faces = g_array_new (FALSE, FALSE, sizeof (TsrMarathonTextFace));
      guint face = 0, color = 0;

      /* The face carried into a page is the last change before its first byte (a change at that
       * byte is applied by the line). On a later page the engine looks only at changes after the
       * group's first byte, so a change there is not seen at all. */
      for (guint f = 0; f < faces->len; f++)
        {
          const TsrMarathonTextFace *text_face = &g_array_index (faces, TsrMarathonTextFace, f);

          if (p > 0 && (gsize) text_face->index == group_start)
            continue;
          g_array_append_val (page_faces, *text_face);
          if ((gsize) text_face->index < start)
            {
              face = (guint) text_face->face;
              color = (guint) text_face->color;
            }
        }
      page->page_in_group = p;
      page->n_pages_in_group = n_pages;
      page->first_line = first;
      page->start = (guint) start;
      page->end = (guint) (p + 1 == n_pages ? group_end : g_array_index (ends, gsize, last - 1));
      page->text_box = text_box;
      page->object_box = object_box;
      page->picture_known = picture_known;
      for (guint l = first; l < last; l++)
        {
          gsize line_start = l == 0 ? group_start : g_array_index (ends, gsize, l - 1);
          gsize line_end = g_array_index (ends, gsize, l);
          TsrTerminalLine *line;

          line = build_line (builder, page_faces, line_start, line_end, text_box.x,
                             text_box.y + TSR_TERMINAL_LINE_HEIGHT * (int) (l - first + 1), &face, &color);
          line->unbroken = g_array_index (unbroken, gboolean, l);
          line->wrapped = g_array_index (wrapped, gboolean, l);
          g_ptr_array_add (page->lines, line);
        }
      add_page (builder, page);
    }
}

/* A logon or logoff page: the picture centred in the whole area, the text centred under it. */
static void
add_logon_page (Builder                        *builder,
                const TsrMarathonTerminalGroup *group,
                guint                           group_index)
{
  TsrTerminalPage *page = page_new (group, group_index, group->type == TSR_MARATHON_GROUP_LOGON
                                    ? TSR_TERMINAL_PAGE_LOGON : TSR_TERMINAL_PAGE_LOGOFF);
  TsrTerminalRect box = logon_graphic_rect;
  int width = 0, height = 0;
  double text_width = 0;
  gsize group_start, group_end, start;
  g_autoptr(GArray) faces = NULL;
  guint face = 0, color = 0;

  group_range (builder, group, &group_start, &group_end);
  faces = group_faces (builder->terminal, group_start, group_end);
  page->start = (guint) group_start;
  page->end = (guint) group_end;
  if (group->flags & TSR_TERMINAL_GROUP_MARATHON_1)
    {
      /* RenderOther/computer_interface.cpp draw_logon_text: a Marathon 1 group shows the
       * interface's logo (MARATHON_LOGON_SHAPE 44) and the title "Marathon" in the logon graphic
       * rectangle, never a picture; its text goes under that rectangle. */
      page->object_box = logon_graphic_rect;
      page->marathon1_logo = TRUE;
      box.y = logon_graphic_rect.y + logon_graphic_rect.height;
      box.height = 0;
    }
  else if (builder->metrics->picture_size != NULL
           && builder->metrics->picture_size (group->permutation, &width, &height, builder->metrics->user_data)
           && width > 0 && height > 0)
    {
      page->object_box = place_picture (TSR_MARATHON_GROUP_CENTER, width, height);
      page->picture_known = TRUE;
      box.y = page->object_box.y + page->object_box.height;
      box.height = logon_graphic_rect.y + logon_graphic_rect.height - box.y;
    }
  else
    {
      /* Without a picture the engine leaves the frame as it was: the text starts at its bottom;
       * its "not found" message goes in the left half. */
      page->object_box = left_rect;
      box.y = logon_graphic_rect.y + logon_graphic_rect.height;
      box.height = 0;
    }
  /* Centred on the width of the whole group's text (the engine measures it all at once). */
  for (gsize i = group_start; i < group_end; i++)
    if (builder->text[i] >= 0x20)
      text_width += measure (builder->metrics, builder->text[i], 0);
  {
    int shift = (int) ((box.width - (int) text_width) / 2);

    box.x += shift;
    box.width -= shift;
  }
  page->text_box = box;
  start = group_start;
  for (guint l = 0; l < TSR_TERMINAL_LINES_PER_PAGE && start < group_end; l++)
    {
      gboolean unbroken = FALSE;
      gsize end = tsr_terminal_wrap_line (builder->text, start, group_end, box.width, builder->metrics, 0,
                                          &unbroken);
      TsrTerminalLine *line;

      if (end == start)
        break;
      line = build_line (builder, faces, start, end, box.x, box.y + TSR_TERMINAL_LINE_HEIGHT * (int) (l + 1),
                         &face, &color);
      line->unbroken = unbroken;
      line->wrapped = builder->text[end - 1] != '\r' && end < group_end && builder->text[end] != '\0';
      g_ptr_array_add (page->lines, line);
      start = end;
    }
  add_page (builder, page);
}

static void
add_plain_page (Builder                        *builder,
                const TsrMarathonTerminalGroup *group,
                guint                           group_index,
                TsrTerminalPageKind             kind)
{
  TsrTerminalPage *page = page_new (group, group_index, kind);
  gsize group_start, group_end;

  group_range (builder, group, &group_start, &group_end);
  page->start = (guint) group_start;
  page->end = (guint) group_end;
  page->text_box = full_text_rect;
  page->object_box = (TsrTerminalRect) { 0, 0, TSR_TERMINAL_WIDTH, TSR_TERMINAL_HEIGHT };
  add_page (builder, page);
}

/* Notes EVENT on the last page, or on an empty page when there is none yet. */
static void
note_on_last_page (Builder                        *builder,
                   const TsrMarathonTerminalGroup *group,
                   guint                           group_index,
                   const TsrTerminalEvent         *event)
{
  TsrTerminalPage *last;

  if (builder->layout->pages->len == 0)
    add_plain_page (builder, group, group_index, TSR_TERMINAL_PAGE_BLANK);
  last = g_ptr_array_index (builder->layout->pages, builder->layout->pages->len - 1);
  if (builder->pending->len > 0)
    {
      g_array_append_vals (last->events, builder->pending->data, builder->pending->len);
      g_array_set_size (builder->pending, 0);
    }
  if (event != NULL)
    g_array_append_val (last->events, *event);
}

static guint
find_group (const TsrMarathonTerminal *terminal,
            int                        type)
{
  for (guint i = 0; i < terminal->groups->len; i++)
    if (g_array_index (terminal->groups, TsrMarathonTerminalGroup, i).type == type)
      return i;
  return G_MAXUINT;
}

TsrTerminalLayout *
tsr_terminal_layout_new (const TsrMarathonTerminal *terminal,
                         TsrTerminalState           state,
                         const TsrTerminalMetrics  *metrics)
{
  TsrTerminalLayout *layout;
  g_autoptr(GArray) pending = g_array_new (FALSE, FALSE, sizeof (TsrTerminalEvent));
  Builder builder = { terminal, metrics, NULL, 0, NULL, pending };
  guint entry, g;
  gboolean done = FALSE;

  g_return_val_if_fail (terminal != NULL && metrics != NULL && metrics->measure != NULL, NULL);
  layout = g_new0 (TsrTerminalLayout, 1);
  builder.layout = layout;

  layout->state = state;
  layout->pages = g_ptr_array_new_with_free_func (page_free);
  layout->entry_group = G_MAXUINT;
  layout->text = terminal->text != NULL ? g_bytes_ref (terminal->text) : g_bytes_new (NULL, 0);
  if (terminal->groups == NULL || terminal->groups->len == 0)
    return layout;
  if (terminal->text != NULL)
    builder.text = g_bytes_get_data (terminal->text, &builder.text_size);
  if (builder.text == NULL)
    builder.text = (const guint8 *) "", builder.text_size = 0;

  switch (state)
    {
    case TSR_TERMINAL_STATE_FINISHED:
      entry = find_group (terminal, TSR_MARATHON_GROUP_FINISHED);
      break;
    case TSR_TERMINAL_STATE_FAILED:
      entry = find_group (terminal, TSR_MARATHON_GROUP_FAILED);
      break;
    default:
      entry = G_MAXUINT;
      break;
    }
  if (entry == G_MAXUINT)
    entry = find_group (terminal, TSR_MARATHON_GROUP_UNFINISHED);
  layout->entry_group = entry;
  if (entry == G_MAXUINT)
    {
      /* Marathon 1 terminals without sections start at their first group. */
      if (!(g_array_index (terminal->groups, TsrMarathonTerminalGroup, 0).flags & TSR_TERMINAL_GROUP_MARATHON_1))
        return layout;
      g = 0;
    }
  else
    g = entry + 1;

  for (; g < terminal->groups->len && !done; g++)
    {
      const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);
      TsrTerminalEvent event = { g, group->type, group->permutation };

      switch (group->type)
        {
        case TSR_MARATHON_GROUP_END:
          done = TRUE;
          break;
        case TSR_MARATHON_GROUP_LOGON:
        case TSR_MARATHON_GROUP_LOGOFF:
          add_logon_page (&builder, group, g);
          break;
        case TSR_MARATHON_GROUP_INFORMATION:
          add_text_pages (&builder, group, g, TSR_TERMINAL_PAGE_INFORMATION, full_text_rect, full_text_rect, FALSE);
          break;
        case TSR_MARATHON_GROUP_PICT:
          {
            int width = 0, height = 0;
            gboolean known = metrics->picture_size != NULL
                             && metrics->picture_size (group->permutation, &width, &height, metrics->user_data)
                             && width > 0 && height > 0;

            add_text_pages (&builder, group, g, TSR_TERMINAL_PAGE_PICT, text_box_for (group->flags),
                            known ? place_picture (group->flags, width, height) : object_area (group->flags),
                            known);
          }
          break;
        case TSR_MARATHON_GROUP_CHECKPOINT:
          add_text_pages (&builder, group, g, TSR_TERMINAL_PAGE_CHECKPOINT, text_box_for (group->flags),
                          object_area (group->flags), FALSE);
          break;
        case TSR_MARATHON_GROUP_STATIC:
          add_plain_page (&builder, group, g, TSR_TERMINAL_PAGE_STATIC);
          break;
        case TSR_MARATHON_GROUP_SOUND:
        case TSR_MARATHON_GROUP_TAG:
          /* Played or switched at once, then the next group follows. */
          g_array_append_val (pending, event);
          break;
        case TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT:
        case TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT:
          /* Happens as the player leaves the previous page, and ends the terminal. */
          note_on_last_page (&builder, group, g, &event);
          done = TRUE;
          break;
        case TSR_MARATHON_GROUP_CAMERA:
        case TSR_MARATHON_GROUP_UNFINISHED:
        case TSR_MARATHON_GROUP_FINISHED:
        case TSR_MARATHON_GROUP_FAILED:
          /* Drawn as an empty screen, paged past like text. */
          g_array_append_val (pending, event);
          add_plain_page (&builder, group, g, TSR_TERMINAL_PAGE_BLANK);
          break;
        default:
          /* Movies, tracks and unknown groups: an empty screen no key leaves (but Escape). */
          g_array_append_val (pending, event);
          add_plain_page (&builder, group, g, TSR_TERMINAL_PAGE_BLANK);
          done = TRUE;
          break;
        }
    }
  if (pending->len > 0)
    {
      const TsrMarathonTerminalGroup *last = &g_array_index (terminal->groups, TsrMarathonTerminalGroup,
                                                             MIN (g, terminal->groups->len) - 1);

      note_on_last_page (&builder, last, MIN (g, terminal->groups->len) - 1, NULL);
    }
  return layout;
}

guint
tsr_terminal_layout_n_pages (const TsrTerminalLayout *layout)
{
  return layout->pages->len;
}

const TsrTerminalPage *
tsr_terminal_layout_get_page (const TsrTerminalLayout *layout,
                              guint                    page)
{
  return page < layout->pages->len ? g_ptr_array_index (layout->pages, page) : NULL;
}

int
tsr_terminal_layout_find_page (const TsrTerminalLayout *layout,
                               guint                    group,
                               guint                    offset)
{
  int first_of_group = -1;

  for (guint p = 0; p < layout->pages->len; p++)
    {
      const TsrTerminalPage *page = g_ptr_array_index (layout->pages, p);

      if (page->group == group)
        {
          const TsrTerminalPage *first;
          gsize absolute;

          if (first_of_group < 0)
            first_of_group = (int) p;
          first = g_ptr_array_index (layout->pages, first_of_group);
          absolute = (gsize) first->start + offset;
          /* Past the group's end: its last page. */
          if (absolute < page->end || page->page_in_group + 1 == page->n_pages_in_group)
            return (int) p;
        }
      for (guint e = 0; e < page->events->len; e++)
        if (g_array_index (page->events, TsrTerminalEvent, e).group == group)
          return (int) p;
    }
  return -1;
}

guint
tsr_terminal_layout_page_down (const TsrTerminalLayout *layout,
                               guint                    page)
{
  if (layout->pages->len == 0)
    return 0;
  return MIN (page + 1, layout->pages->len - 1);
}

guint
tsr_terminal_layout_page_up (const TsrTerminalLayout *layout,
                             guint                    page)
{
  const TsrTerminalPage *current;

  if (page >= layout->pages->len)
    return layout->pages->len > 0 ? layout->pages->len - 1 : 0;
  current = g_ptr_array_index (layout->pages, page);
  if (current->page_in_group > 0)
    return page - 1;
  /* The previous group: the engine steps back over sounds and tags, and refuses logons, ends,
   * sections and static; text, picture, checkpoint, camera and logoff groups are gone to at their
   * start (not at their last page). */
  for (guint p = page; p > 0; p--)
    {
      const TsrTerminalPage *previous = g_ptr_array_index (layout->pages, p - 1);

      if (previous->group == current->group)
        continue;
      switch (previous->group_type)
        {
        case TSR_MARATHON_GROUP_INFORMATION:
        case TSR_MARATHON_GROUP_PICT:
        case TSR_MARATHON_GROUP_CHECKPOINT:
        case TSR_MARATHON_GROUP_CAMERA:
        case TSR_MARATHON_GROUP_LOGOFF:
          /* Only sounds and tags lie between two pages' groups: the walk back reaches it. */
          return p - 1 - previous->page_in_group;
        default:
          return page;
        }
    }
  return page;
}
