/* tsr-marathon-terminal-script.c: the terminal script language (as Atque writes it when it
 * splits a scenario) compiled into terminal structs and decompiled from them.
 *
 *   ;  a comment line
 *   #TERMINAL 0
 *   #UNFINISHED
 *   #LOGON 1600
 *   $C1text with $Bstyles$b
 *   #ENDTERMINAL 0
 *
 * Every group directive starts a group; the lines after it are its text (each ends with '\r' in
 * the chunk, the group with '\0'). Style codes become text-face records; styles reset at every
 * group. Directives are read in any case and written upper case.
 *
 * A terminal whose flags are not the usual "encoded" is preceded by the comment line
 * "; tessera: flags 0xNNNN" (FLAGS_PRAGMA): other tools skip it as a comment, the compiler gives
 * the next terminal those flags, so a decompiled unencoded terminal compiles back unencoded. */
#include "formats/marathon/tsr-marathon-terminal.h"

#include <string.h>

#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon1-terminals.h"
#include "formats/marathon/tsr-wad.h"
#include <glib/gi18n.h>

#define FACE_BOLD      1
#define FACE_ITALIC    2
#define FACE_UNDERLINE 4
#define LINES_PER_PAGE 22
#define CHARACTER_WIDTH 7
#define EPILOGUE_LEVEL 256 /* Misc/interface.cpp EPILOGUE_LEVEL_NUMBER: the epilogue, not a level */
#define FLAGS_PRAGMA "; tessera: flags "

typedef struct {
  const char *name;
  int         type;
  gboolean    takes_argument;
} Directive;

/* Readable names first: decompiling writes the first name of a type. */
static const Directive directives[] = {
  { "LOGON", TSR_MARATHON_GROUP_LOGON, TRUE },
  { "UNFINISHED", TSR_MARATHON_GROUP_UNFINISHED, FALSE },
  { "FINISHED", TSR_MARATHON_GROUP_FINISHED, FALSE },
  { "FAILURE", TSR_MARATHON_GROUP_FAILED, FALSE },
  { "INFORMATION", TSR_MARATHON_GROUP_INFORMATION, FALSE },
  { "END", TSR_MARATHON_GROUP_END, FALSE },
  { "INTERLEVEL TELEPORT", TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT, TRUE },
  { "INTRALEVEL TELEPORT", TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT, TRUE },
  { "CHECKPOINT", TSR_MARATHON_GROUP_CHECKPOINT, TRUE },
  { "SOUND", TSR_MARATHON_GROUP_SOUND, TRUE },
  { "MOVIE", TSR_MARATHON_GROUP_MOVIE, TRUE },
  { "TRACK", TSR_MARATHON_GROUP_TRACK, TRUE },
  { "PICT", TSR_MARATHON_GROUP_PICT, TRUE },
  { "LOGOFF", TSR_MARATHON_GROUP_LOGOFF, TRUE },
  { "CAMERA", TSR_MARATHON_GROUP_CAMERA, TRUE },
  { "STATIC", TSR_MARATHON_GROUP_STATIC, TRUE },
  { "TAG", TSR_MARATHON_GROUP_TAG, TRUE },
  /* Aliases accepted when compiling. */
  { "SUCCESS", TSR_MARATHON_GROUP_FINISHED, FALSE },
  { "FAILED", TSR_MARATHON_GROUP_FAILED, FALSE },
};

static const Directive *
directive_for_type (int type)
{
  for (guint i = 0; i < G_N_ELEMENTS (directives); i++)
    if (directives[i].type == type)
      return &directives[i];
  return NULL;
}

/* ---- Decompiling ------------------------------------------------------------------------------ */

static void
append_style_codes (GString                   *out,
                    const TsrMarathonTextFace *face,
                    int                       *state_face,
                    int                       *state_color)
{
  static const struct { int bit; char on, off; } bits[] = {
    { FACE_BOLD, 'B', 'b' }, { FACE_ITALIC, 'I', 'i' }, { FACE_UNDERLINE, 'U', 'u' },
  };
  gboolean emitted = FALSE;

  for (guint b = 0; b < G_N_ELEMENTS (bits); b++)
    if ((face->face & bits[b].bit) != (*state_face & bits[b].bit))
      {
        g_string_append_printf (out, "$%c", (face->face & bits[b].bit) ? bits[b].on : bits[b].off);
        emitted = TRUE;
      }
  /* A record that changes nothing still came from a code: the colour one is the natural guess. */
  if (face->color != *state_color || !emitted)
    g_string_append_printf (out, "$C%d", face->color);
  *state_face = face->face;
  *state_color = face->color;
}

static void
append_roman (GString      *out,
              const guint8 *data,
              gsize         size)
{
  g_autofree char *utf8 = tsr_mac_roman_to_utf8 (data, size);

  g_string_append (out, utf8);
}

char *
tsr_marathon_terminals_decompile (GPtrArray *terminals,
                                  GError   **error)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint t = 0; t < terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (terminals, t);
      gsize text_size;
      const guint8 *text = g_bytes_get_data (terminal->text, &text_size);
      guint face_cursor = 0;

      g_string_append (out, ";\n");
      if (terminal->flags != TSR_MARATHON_TERMINAL_ENCODED)
        g_string_append_printf (out, FLAGS_PRAGMA "0x%04x\n", terminal->flags);
      g_string_append_printf (out, "#TERMINAL %u\n", t);
      for (guint g = 0; g < terminal->groups->len; g++)
        {
          const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);
          const Directive *directive = directive_for_type (group->type);
          gsize start = group->start_index;
          gsize end = MIN ((gsize) group->start_index + group->length, text_size);
          int state_face = 0, state_color = 0;
          gsize line_start;

          if (directive == NULL)
            {
              /* The group's type field: 12-byte groups, the type after the flags. */
              tsr_set_error_at (error, TSR_ERROR_INVALID, terminal->groups_offset + (gsize) g * 12 + 2,
                                _("terminal %u group %u: type %d has no script directive"), t, g, group->type);
              return NULL;
            }
          g_string_append_printf (out, "#%s", directive->name);
          if (directive->takes_argument || group->permutation != -1)
            g_string_append_printf (out, " %d", group->permutation);
          if (group->type == TSR_MARATHON_GROUP_PICT && (group->flags & TSR_MARATHON_GROUP_CENTER))
            g_string_append (out, " CENTER");
          else if (group->type == TSR_MARATHON_GROUP_PICT && (group->flags & TSR_MARATHON_GROUP_ALIGN_RIGHT))
            g_string_append (out, " RIGHT");
          g_string_append_c (out, '\n');
          if (start > end)
            continue;
          /* The closing NUL (and anything after one) is not text. */
          for (gsize i = start; i < end; i++)
            if (text[i] == '\0')
              {
                end = i;
                break;
              }
          while (face_cursor < terminal->faces->len
                 && (gsize) g_array_index (terminal->faces, TsrMarathonTextFace, face_cursor).index < start)
            face_cursor++;
          line_start = start;
          for (gsize i = start; i <= end; i++)
            {
              /* Style records at this offset go before the character. */
              while (face_cursor < terminal->faces->len
                     && (gsize) g_array_index (terminal->faces, TsrMarathonTextFace, face_cursor).index == i
                     && i < end + 1)
                {
                  append_roman (out, text + line_start, i - line_start);
                  line_start = i;
                  append_style_codes (out, &g_array_index (terminal->faces, TsrMarathonTextFace, face_cursor),
                                      &state_face, &state_color);
                  face_cursor++;
                }
              if (i == end)
                {
                  append_roman (out, text + line_start, i - line_start);
                  /* Text not ending with a line break still ends its line in the script. */
                  if (i > line_start)
                    g_string_append_c (out, '\n');
                  break;
                }
              if (text[i] == '\r')
                {
                  append_roman (out, text + line_start, i - line_start);
                  g_string_append_c (out, '\n');
                  line_start = i + 1;
                }
            }
        }
      g_string_append_printf (out, "#ENDTERMINAL %u\n", t);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ---- Compiling ----------------------------------------------------------------------------- */

typedef struct {
  TsrMarathonScriptCompilation *result;
  TsrMarathonTerminal          *terminal;
  GByteArray                   *text;
  int                           terminal_number;
  gboolean                      in_group;
  gboolean                      centered_pict;
  int                           face;
  int                           color;
  guint                         group_line;
  int                           pending_flags; /* from a FLAGS_PRAGMA line; -1: none */
} Compiler;

static void
diagnose (Compiler    *compiler,
          TsrSeverity  severity,
          guint        line,
          guint        column,
          const char  *format,
          ...) G_GNUC_PRINTF (5, 6);

static void
diagnose (Compiler    *compiler,
          TsrSeverity  severity,
          guint        line,
          guint        column,
          const char  *format,
          ...)
{
  TsrMarathonScriptDiagnostic diagnostic;
  va_list args;

  va_start (args, format);
  diagnostic.severity = severity;
  diagnostic.line = line;
  diagnostic.column = column;
  diagnostic.message = g_strdup_vprintf (format, args);
  va_end (args);
  g_array_append_val (compiler->result->diagnostics, diagnostic);
}

/* Atque's rule (ferro/TerminalChunk.cpp, calculate_line and count_total_lines), which is what
 * authors compile with and so what the stored counts say. It is not the engine's wrap (see
 * tsr_terminal_wrap_line): characters are added while the running width is below WIDTH, 7 px for a
 * tab or a byte from ' ' to 0x7E and nothing for the rest — Atque reads the text as signed char,
 * so Mac Roman's upper half (curly quotes, dashes, accents) is 0 px wide; then, unless a '\r'
 * (taken) or the end stopped it, the line breaks after the last space at or after the character
 * that follows the crossing one, scanning back no further than the line's second byte (a line
 * with no such space breaks hard after the crossing character). Only spaces break; the text ends
 * at a NUL or at SIZE. */
int
tsr_marathon_terminal_count_lines (const guint8 *text,
                                   gsize         size,
                                   int           width)
{
  int lines = 0;
  gsize pos = 0;

  while (pos < size && text[pos] != '\0')
    {
      gsize end = pos;
      int running_width = 0;

      while (running_width < width && end < size && text[end] != '\0' && text[end] != '\r')
        {
          if (text[end] == '\t' || (text[end] >= ' ' && text[end] < 0x80))
            running_width += CHARACTER_WIDTH;
          end++;
        }
      if (end < size && text[end] == '\r')
        end++;
      else if (end < size && text[end] != '\0')
        {
          gsize space = end;

          while (space > pos && text[space] != ' ')
            space--;
          if (space != pos)
            end = space + 1;
        }
      lines++;
      pos = MAX (end, pos + 1); /* a WIDTH of 0 or less would not move on */
    }
  return lines;
}

static int
maximum_lines_for (const TsrMarathonTerminalGroup *group,
                   const guint8                   *text,
                   gsize                           size)
{
  switch (group->type)
    {
    case TSR_MARATHON_GROUP_UNFINISHED:
    case TSR_MARATHON_GROUP_FINISHED:
    case TSR_MARATHON_GROUP_FAILED:
      return 0;
    case TSR_MARATHON_GROUP_INFORMATION:
      return tsr_marathon_terminal_count_lines (text, size, TSR_MARATHON_ATQUE_INFORMATION_WIDTH);
    case TSR_MARATHON_GROUP_PICT:
    case TSR_MARATHON_GROUP_CHECKPOINT:
      if ((group->flags & TSR_MARATHON_GROUP_CENTER) != 0)
        return 1; /* Atque: a centred object has no text beside it */
      return tsr_marathon_terminal_count_lines (text, size, TSR_MARATHON_ATQUE_PICTURE_WIDTH);
    default:
      return 1;
    }
}

static void
finish_group (Compiler *compiler)
{
  TsrMarathonTerminalGroup *group;
  guint8 nul = 0;
  gsize start;

  if (!compiler->in_group)
    return;
  group = &g_array_index (compiler->terminal->groups, TsrMarathonTerminalGroup,
                          compiler->terminal->groups->len - 1);
  start = group->start_index;
  g_byte_array_append (compiler->text, &nul, 1);
  group->length = (guint16) (compiler->text->len - start);
  group->maximum_lines = (gint16) maximum_lines_for (group, compiler->text->data + start,
                                                     compiler->text->len - start - 1);
  compiler->in_group = FALSE;
}

static gboolean
parse_number (const char *text,
              int        *value)
{
  gint64 parsed;
  char *end = NULL;

  parsed = g_ascii_strtoll (text, &end, 10);
  if (end == text || parsed < G_MININT16 || parsed > G_MAXUINT16)
    return FALSE;
  while (*end == ' ' || *end == '\t')
    end++;
  *value = (int) parsed;
  return TRUE;
}

/* Records where source line LINE lands in the compiled text (the preview follows the cursor). */
static void
map_line (Compiler *compiler,
          guint     line)
{
  TsrMarathonScriptLine entry = {
    .line = line,
    .terminal = (guint) compiler->terminal_number,
    .group = compiler->terminal->groups->len > 0 ? compiler->terminal->groups->len - 1 : 0,
    .offset = 0,
  };

  if (compiler->terminal->groups->len > 0)
    entry.offset = compiler->text->len
                   - g_array_index (compiler->terminal->groups, TsrMarathonTerminalGroup, entry.group).start_index;
  g_array_append_val (compiler->result->lines, entry);
}

/* Appends one text line (UTF-8) with its style codes converted. */
static gboolean
compile_text_line (Compiler   *compiler,
                   const char *line,
                   gsize       length,
                   guint       line_number)
{
  glong bad = 0;
  g_autoptr(GBytes) roman = tsr_utf8_to_mac_roman (line, length, &bad);
  gsize size;
  const guint8 *data;
  guint8 cr = '\r';

  if (roman == NULL)
    {
      diagnose (compiler, TSR_SEVERITY_ERROR, line_number, (guint) bad + 1,
                _("this character cannot be written in Mac Roman (the terminal text encoding)"));
      return FALSE;
    }
  map_line (compiler, line_number);
  data = g_bytes_get_data (roman, &size);
  for (gsize i = 0; i < size; i++)
    {
      if (data[i] == '$' && i + 1 < size)
        {
          char code = (char) data[i + 1];
          int bit = 0;
          gboolean on = FALSE, known = TRUE;

          switch (code)
            {
            case 'B': bit = FACE_BOLD; on = TRUE; break;
            case 'b': bit = FACE_BOLD; break;
            case 'I': bit = FACE_ITALIC; on = TRUE; break;
            case 'i': bit = FACE_ITALIC; break;
            case 'U': bit = FACE_UNDERLINE; on = TRUE; break;
            case 'u': bit = FACE_UNDERLINE; break;
            case 'C':
              /* Atque's CompileLine takes $C0..$C7 only: "$C8" stays text, and the engine shows it. */
              if (i + 2 < size && data[i + 2] >= '0' && data[i + 2] <= '7')
                break;
              if (i + 2 < size && g_ascii_isdigit (data[i + 2]))
                diagnose (compiler, TSR_SEVERITY_WARNING, line_number, (guint) i + 1,
                          _("$C%d is no colour (the engine has $C0 to $C7): it stays text and the terminal shows it"),
                          data[i + 2] - '0');
              known = FALSE;
              break;
            default:
              known = FALSE;
              break;
            }
          if (known)
            {
              TsrMarathonTextFace face;

              if (code == 'C')
                {
                  compiler->color = data[i + 2] - '0';
                  i += 2;
                }
              else
                {
                  compiler->face = on ? (compiler->face | bit) : (compiler->face & ~bit);
                  i += 1;
                }
              face.index = (gint16) compiler->text->len;
              face.face = (gint16) compiler->face;
              face.color = (gint16) compiler->color;
              g_array_append_val (compiler->terminal->faces, face);
              continue;
            }
        }
      g_byte_array_append (compiler->text, &data[i], 1);
    }
  g_byte_array_append (compiler->text, &cr, 1);
  return TRUE;
}

static void
finish_terminal (Compiler *compiler)
{
  finish_group (compiler);
  g_bytes_unref (compiler->terminal->text);
  compiler->terminal->text = g_byte_array_free_to_bytes (compiler->text);
  compiler->text = NULL;
  g_ptr_array_add (compiler->result->terminals, compiler->terminal);
  compiler->terminal = NULL;
}

static gboolean
keyword_is (const char *text,
            const char *keyword)
{
  gsize n = strlen (keyword);

  return g_ascii_strncasecmp (text, keyword, n) == 0 && (text[n] == '\0' || text[n] == ' ' || text[n] == '\t');
}

/* One "#..." line. Returns FALSE on an error that stops the compile; *AS_TEXT is set when the line
 * is no directive and stays text. */
static gboolean
compile_directive (Compiler   *compiler,
                   const char *directive_text,
                   guint       line_number,
                   gboolean   *section_open,
                   guint      *section_line,
                   gboolean   *as_text)
{
  GPtrArray *terminals = compiler->result->terminals;
  const Directive *directive = NULL;
  const char *args = NULL;
  gsize best = 0;

  *as_text = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (directives); i++)
    {
      gsize n = strlen (directives[i].name);

      if (n > best && keyword_is (directive_text, directives[i].name))
        {
          directive = &directives[i];
          best = n;
        }
    }
  if (keyword_is (directive_text, "TERMINAL"))
    {
      int number;

      if (compiler->terminal != NULL)
        {
          diagnose (compiler, TSR_SEVERITY_ERROR, line_number, 1,
                    _("#ENDTERMINAL %d expected before a new #TERMINAL"), compiler->terminal_number);
          return FALSE;
        }
      if (!parse_number (directive_text + 8, &number) || number != (int) terminals->len)
        {
          diagnose (compiler, TSR_SEVERITY_ERROR, line_number, 11,
                    _("#TERMINAL %u expected (terminals are numbered in order)"), terminals->len);
          return FALSE;
        }
      compiler->terminal = tsr_marathon_terminal_new ();
      compiler->terminal->flags = compiler->pending_flags >= 0 ? (guint16) compiler->pending_flags
                                                                : TSR_MARATHON_TERMINAL_ENCODED;
      compiler->terminal->flags_stated = compiler->pending_flags >= 0;
      compiler->pending_flags = -1;
      compiler->terminal->lines_per_page = LINES_PER_PAGE;
      compiler->text = g_byte_array_new ();
      compiler->terminal_number = number;
      *section_open = FALSE;
      return TRUE;
    }
  if (keyword_is (directive_text, "ENDTERMINAL"))
    {
      int number;

      if (compiler->terminal == NULL)
        {
          diagnose (compiler, TSR_SEVERITY_ERROR, line_number, 1, _("#ENDTERMINAL without #TERMINAL"));
          return FALSE;
        }
      if (!parse_number (directive_text + 11, &number) || number != compiler->terminal_number)
        {
          diagnose (compiler, TSR_SEVERITY_ERROR, line_number, 14,
                    _("#ENDTERMINAL %d expected (to close #TERMINAL %d)"),
                    compiler->terminal_number, compiler->terminal_number);
          return FALSE;
        }
      finish_terminal (compiler);
      return TRUE;
    }
  if (directive == NULL)
    {
      /* Real scripts hold such lines in their text ("#1 priority"): inside a group they stay text. */
      if (compiler->terminal != NULL && compiler->in_group)
        {
          diagnose (compiler, TSR_SEVERITY_WARNING, line_number, 2,
                    _("\"#%s\" is no directive: it is kept as text"), directive_text);
          *as_text = TRUE;
          return TRUE;
        }
      diagnose (compiler, TSR_SEVERITY_ERROR, line_number, 2, _("unknown directive \"#%s\""), directive_text);
      return FALSE;
    }
  if (compiler->terminal == NULL)
    {
      diagnose (compiler, TSR_SEVERITY_ERROR, line_number, 1, _("#%s outside a #TERMINAL block"), directive->name);
      return FALSE;
    }
  args = directive_text + best;
  {
    TsrMarathonTerminalGroup group = { 0 };
    int value = -1;
    gboolean is_section = directive->type == TSR_MARATHON_GROUP_UNFINISHED
                          || directive->type == TSR_MARATHON_GROUP_FINISHED
                          || directive->type == TSR_MARATHON_GROUP_FAILED;

    /* A section runs until #END or the terminal's end; a second one before #END would be read by
     * the engine as part of the first. */
    if (is_section && *section_open)
      {
        diagnose (compiler, TSR_SEVERITY_ERROR, *section_line, 1,
                  _("missing #END: this section is still open at line %u"), line_number);
        return FALSE;
      }
    if (is_section)
      {
        *section_open = TRUE;
        *section_line = line_number;
      }
    if (directive->type == TSR_MARATHON_GROUP_END)
      *section_open = FALSE;
    while (*args == ' ' || *args == '\t')
      args++;
    if (*args != '\0')
      {
        char *after = NULL;
        gint64 parsed = g_ascii_strtoll (args, &after, 10);

        if (after == args || parsed < G_MININT16 || parsed > G_MAXUINT16)
          {
            diagnose (compiler, TSR_SEVERITY_ERROR, line_number, (guint) (args - directive_text) + 2,
                      _("a number expected after #%s"), directive->name);
            return FALSE;
          }
        value = (int) parsed;
        args = after;
        while (*args == ' ' || *args == '\t')
          args++;
      }
    else if (directive->takes_argument)
      value = 0;
    if (*args != '\0')
      {
        if (directive->type == TSR_MARATHON_GROUP_PICT && g_ascii_strcasecmp (args, "CENTER") == 0)
          group.flags = TSR_MARATHON_GROUP_CENTER;
        else if (directive->type == TSR_MARATHON_GROUP_PICT && g_ascii_strcasecmp (args, "RIGHT") == 0)
          group.flags = TSR_MARATHON_GROUP_ALIGN_RIGHT;
        else if (directive->type == TSR_MARATHON_GROUP_PICT && g_ascii_strcasecmp (args, "LEFT") == 0)
          group.flags = 0;
        else
          {
            diagnose (compiler, TSR_SEVERITY_ERROR, line_number, (guint) (args - directive_text) + 2,
                      _("unexpected \"%s\" after #%s"), args, directive->name);
            return FALSE;
          }
      }
    if (directive->type == TSR_MARATHON_GROUP_STATIC && value <= 0)
      diagnose (compiler, TSR_SEVERITY_WARNING, line_number, 1,
                _("#STATIC %d: static for no time shows nothing (the permutation is the duration in ticks)"),
                value);
    finish_group (compiler);
    group.type = (gint16) directive->type;
    group.permutation = (gint16) value;
    group.start_index = (guint16) compiler->text->len;
    g_array_append_val (compiler->terminal->groups, group);
    compiler->in_group = TRUE;
    compiler->centered_pict = group.flags == TSR_MARATHON_GROUP_CENTER;
    compiler->face = 0;
    compiler->color = 0;
    compiler->group_line = line_number;
    map_line (compiler, line_number);
  }
  return TRUE;
}

static void
diagnostic_clear (gpointer data)
{
  g_free (((TsrMarathonScriptDiagnostic *) data)->message);
}

TsrMarathonScriptCompilation *
tsr_marathon_script_compile (const char *text,
                             gsize       length)
{
  TsrMarathonScriptCompilation *result;
  Compiler compiler = { NULL, NULL, NULL, -1, FALSE, FALSE, 0, 0, 0, -1 };
  const char *p = text, *end = text + length;
  guint line_number = 0;

  /* Marathon 1's term resources gathered into blocks compile by Marathon 1's rules. */
  if (tsr_marathon1_script_is (text, length))
    return tsr_marathon1_script_compile (text, length);
  result = g_rc_box_new0 (TsrMarathonScriptCompilation);
  compiler.result = result;
  gboolean section_open = FALSE, failed = FALSE;
  guint section_line = 0;

  result->terminals = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_marathon_terminal_free);
  result->diagnostics = tsr_marathon_script_diagnostics_new ();
  result->lines = g_array_new (FALSE, FALSE, sizeof (TsrMarathonScriptLine));

  while (p < end && !failed)
    {
      const char *line_end = memchr (p, '\n', (gsize) (end - p));
      gsize line_length;
      const char *line = p;
      gboolean as_text = FALSE, blank;

      if (line_end == NULL)
        line_end = end;
      line_length = (gsize) (line_end - p);
      p = line_end < end ? line_end + 1 : end;
      if (line_length > 0 && line[line_length - 1] == '\r')
        line_length--;
      line_number++;

      if (line_length > 0 && line[0] == ';')
        {
          if (line_length > strlen (FLAGS_PRAGMA) && strncmp (line, FLAGS_PRAGMA, strlen (FLAGS_PRAGMA)) == 0)
            {
              g_autofree char *value = g_strndup (line + strlen (FLAGS_PRAGMA), line_length - strlen (FLAGS_PRAGMA));
              char *after = NULL;
              guint64 flags = g_ascii_strtoull (value, &after, 0);

              if (after == value || *after != '\0' || flags > G_MAXUINT16)
                diagnose (&compiler, TSR_SEVERITY_WARNING, line_number, (guint) strlen (FLAGS_PRAGMA) + 1,
                          _("terminal flags: a number from 0 to 0xffff expected (the line is ignored)"));
              else
                {
                  compiler.pending_flags = (int) flags;
                }
            }
          continue;
        }
      if (line_length > 0 && line[0] == '#')
        {
          g_autofree char *directive_text = g_strndup (line + 1, line_length - 1);

          if (!compile_directive (&compiler, directive_text, line_number, &section_open, &section_line, &as_text))
            {
              failed = TRUE;
              break;
            }
          if (!as_text)
            continue;
        }
      /* A text line. */
      blank = TRUE;
      for (gsize i = 0; i < line_length; i++)
        blank &= line[i] == ' ' || line[i] == '\t';
      if (compiler.terminal == NULL)
        {
          if (blank)
            continue;
          diagnose (&compiler, TSR_SEVERITY_ERROR, line_number, 1, _("text outside a #TERMINAL block"));
          failed = TRUE;
          break;
        }
      if (!compiler.in_group)
        {
          if (blank)
            continue;
          diagnose (&compiler, TSR_SEVERITY_ERROR, line_number, 1,
                    _("text before the first group directive (#LOGON, #PICT ...)"));
          failed = TRUE;
          break;
        }
      if (compiler.centered_pict)
        {
          if (line_length == 0)
            continue;
          diagnose (&compiler, TSR_SEVERITY_ERROR, line_number, 1,
                    _("text after a centred #PICT (line %u): the engine would never show it"),
                    compiler.group_line);
          failed = TRUE;
          break;
        }
      if (!compile_text_line (&compiler, line, line_length, line_number))
        {
          failed = TRUE;
          break;
        }
      if (compiler.text->len > G_MAXUINT16)
        {
          diagnose (&compiler, TSR_SEVERITY_ERROR, line_number, 1,
                    _("terminal %d: text beyond 65535 bytes"), compiler.terminal_number);
          failed = TRUE;
          break;
        }
    }
  if (!failed && compiler.terminal != NULL)
    {
      diagnose (&compiler, TSR_SEVERITY_ERROR, line_number + 1, 1,
                _("#ENDTERMINAL %d expected before the end of the file"), compiler.terminal_number);
      failed = TRUE;
    }
  if (compiler.terminal != NULL)
    tsr_marathon_terminal_free (compiler.terminal);
  if (compiler.text != NULL)
    g_byte_array_unref (compiler.text);
  if (failed)
    g_clear_pointer (&result->terminals, g_ptr_array_unref);
  return result;
}

GArray *
tsr_marathon_script_diagnostics_new (void)
{
  GArray *diagnostics = g_array_new (FALSE, FALSE, sizeof (TsrMarathonScriptDiagnostic));

  g_array_set_clear_func (diagnostics, diagnostic_clear);
  return diagnostics;
}

static gboolean
has_pict (const TsrMarathonScriptReferences *references,
          int                                id)
{
  guint low = 0, high = references->n_pict_ids;

  while (low < high)
    {
      guint middle = low + (high - low) / 2;

      if (references->pict_ids[middle] == id)
        return TRUE;
      if (references->pict_ids[middle] < id)
        low = middle + 1;
      else
        high = middle;
    }
  return FALSE;
}

static void
add_reference_diagnostic (GArray      *diagnostics,
                          TsrSeverity  severity,
                          guint        line,
                          const char  *format,
                          ...) G_GNUC_PRINTF (4, 5);

static void
add_reference_diagnostic (GArray      *diagnostics,
                          TsrSeverity  severity,
                          guint        line,
                          const char  *format,
                          ...)
{
  TsrMarathonScriptDiagnostic diagnostic = { severity, line, 1, NULL };
  va_list args;

  va_start (args, format);
  diagnostic.message = g_strdup_vprintf (format, args);
  va_end (args);
  g_array_append_val (diagnostics, diagnostic);
}

void
tsr_marathon_script_check_references (const TsrMarathonScriptCompilation *compilation,
                                      const TsrMarathonScriptReferences  *references,
                                      GArray                             *diagnostics)
{
  guint last_terminal = G_MAXUINT, last_group = G_MAXUINT;

  g_return_if_fail (compilation != NULL && references != NULL && diagnostics != NULL);
  if (compilation->terminals == NULL)
    return;
  /* The lines ascend and each group's first mapped line is its directive. */
  for (guint i = 0; i < compilation->lines->len; i++)
    {
      const TsrMarathonScriptLine *entry = &g_array_index (compilation->lines, TsrMarathonScriptLine, i);
      const TsrMarathonTerminal *terminal;
      const TsrMarathonTerminalGroup *group;

      if (entry->terminal == last_terminal && entry->group == last_group)
        continue;
      last_terminal = entry->terminal;
      last_group = entry->group;
      if (entry->terminal >= compilation->terminals->len)
        continue;
      terminal = g_ptr_array_index (compilation->terminals, entry->terminal);
      if (entry->group >= terminal->groups->len)
        continue;
      group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, entry->group);
      switch (group->type)
        {
        case TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT:
          /* GameWorld/player.cpp update_player_teleport sets the level to change to;
           * Misc/interface.cpp goto_level of a level the file lacks fails (game_wad.cpp
           * load_level_from_map: errWadIndexOutOfRange) and the game ends with a loading error.
           * Level 256 (interface.cpp EPILOGUE_LEVEL_NUMBER) is the end of the scenario. */
          if (references->n_levels >= 0 && group->permutation != EPILOGUE_LEVEL
              && (group->permutation < 0 || group->permutation >= references->n_levels))
            add_reference_diagnostic (diagnostics, TSR_SEVERITY_ERROR, entry->line,
                                      _("#INTERLEVEL TELEPORT %d: the scenario has levels 0 to %d"),
                                      group->permutation, references->n_levels - 1);
          break;
        case TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT:
          if (references->n_polygons >= 0
              && (group->permutation < 0 || group->permutation >= references->n_polygons))
            add_reference_diagnostic (diagnostics, TSR_SEVERITY_ERROR, entry->line,
                                      _("#INTRALEVEL TELEPORT %d: the level has polygons 0 to %d"),
                                      group->permutation, references->n_polygons - 1);
          break;
        case TSR_MARATHON_GROUP_PICT:
          if (references->pict_ids != NULL && !has_pict (references, group->permutation))
            add_reference_diagnostic (diagnostics, TSR_SEVERITY_WARNING, entry->line,
                                      _("#PICT %d: the Images file has no picture %d"), group->permutation,
                                      group->permutation);
          break;
        default:
          break;
        }
    }
}

void
tsr_marathon_terminals_keep_encoding (GPtrArray       *compiled,
                                      const GPtrArray *stored)
{
  for (guint t = 0; compiled != NULL && stored != NULL && t < compiled->len && t < stored->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (compiled, t);
      const TsrMarathonTerminal *original = g_ptr_array_index ((GPtrArray *) stored, t);

      if (terminal->flags_stated)
        continue;
      terminal->flags = (terminal->flags & ~TSR_MARATHON_TERMINAL_ENCODED)
                        | (original->flags & TSR_MARATHON_TERMINAL_ENCODED);
    }
}

static void
compilation_clear (gpointer data)
{
  TsrMarathonScriptCompilation *compilation = data;

  g_clear_pointer (&compilation->terminals, g_ptr_array_unref);
  g_array_unref (compilation->diagnostics);
  g_array_unref (compilation->lines);
}

TsrMarathonScriptCompilation *
tsr_marathon_script_compilation_ref (TsrMarathonScriptCompilation *compilation)
{
  return g_rc_box_acquire (compilation);
}

void
tsr_marathon_script_compilation_free (TsrMarathonScriptCompilation *compilation)
{
  if (compilation != NULL)
    g_rc_box_release_full (compilation, compilation_clear);
}

const TsrMarathonScriptDiagnostic *
tsr_marathon_script_compilation_first_error (const TsrMarathonScriptCompilation *compilation)
{
  for (guint i = 0; i < compilation->diagnostics->len; i++)
    {
      const TsrMarathonScriptDiagnostic *diagnostic =
        &g_array_index (compilation->diagnostics, TsrMarathonScriptDiagnostic, i);

      if (diagnostic->severity == TSR_SEVERITY_ERROR)
        return diagnostic;
    }
  return NULL;
}

GPtrArray *
tsr_marathon_terminals_compile (const char *text,
                                gsize       length,
                                const char *filename,
                                GError    **error)
{
  g_autoptr(TsrMarathonScriptCompilation) compilation = tsr_marathon_script_compile (text, length);
  const TsrMarathonScriptDiagnostic *failure = tsr_marathon_script_compilation_first_error (compilation);

  if (failure != NULL || compilation->terminals == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "%s:%u:%u: %s", filename != NULL ? filename : "script",
                   failure != NULL ? failure->line : 1, failure != NULL ? failure->column : 1,
                   failure != NULL ? failure->message : "no terminals");
      return NULL;
    }
  return g_steal_pointer (&compilation->terminals);
}

TsrMarathonTerminalScript *
tsr_marathon_terminal_script_new (GBytes  *source,
                                  GError **error)
{
  TsrMarathonTerminalScript *script;
  gsize size;
  const char *text = g_bytes_get_data (source, &size);
  const char *bad = NULL;

  if (!g_utf8_validate_len (text, size, &bad))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("terminal script: UTF-8 text expected, byte 0x%02X is not (offset %zu)"),
                   (guint8) *bad, (gsize) (bad - text));
      return NULL;
    }
  script = g_new0 (TsrMarathonTerminalScript, 1);
  script->source = g_bytes_ref (source);
  script->compilation = tsr_marathon_script_compile (text, size);
  return script;
}

void
tsr_marathon_terminal_script_free (TsrMarathonTerminalScript *script)
{
  if (script == NULL)
    return;
  g_bytes_unref (script->source);
  tsr_marathon_script_compilation_free (script->compilation);
  g_free (script);
}
