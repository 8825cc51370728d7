/* tsr-marathon1-terminals.c: Marathon 1's 'term' resources as one editable script, compiled the
 * way Aleph One compiles them (Source_Files/RenderOther/computer_interface.cpp,
 * MarathonTerminalCompiler: Compile, FinishGroup, CompileLine, Build{Unfinished,Success,Failure}
 * Group), read for the facts, written anew. */
#include "formats/marathon/tsr-marathon1-terminals.h"

#include <string.h>
#include <glib/gi18n.h>

#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-terminal-layout.h"
#include "formats/marathon/tsr-wad.h"

#define TERM_TYPE TSR_FOURCC ('t', 'e', 'r', 'm')
#define LINES_PER_PAGE 22
/* What Marathon 1 prints for %r (CompileLine). */
#define REPLACEMENT_TEXT "The colony has been wiped out. Phhht! Just like that."

gboolean
tsr_marathon1_script_is (const char *text,
                         gsize       length)
{
  gsize pragma = strlen (TSR_MARATHON1_SCRIPT_PRAGMA);

  return length >= pragma && memcmp (text, TSR_MARATHON1_SCRIPT_PRAGMA, pragma) == 0
         && (length == pragma || text[pragma] == '\n' || text[pragma] == '\r');
}

/* ---- compiling one resource ------------------------------------------------------------------ */

typedef struct {
  gint16  type;        /* -1: none yet */
  gint16  permutation;
  guint16 flags;
  guint   start;
  guint   length;
  guint   ordinal;     /* which directive of the text (0-based) */
} SourceGroup;

typedef struct {
  guint line;          /* 0-based line of the resource text */
  guint ordinal;       /* the directive it belongs to; G_MAXUINT before the first */
  guint offset;        /* compiled text offset of the line (or of the group for a directive) */
} LineRecord;

typedef struct {
  GByteArray  *out;
  GArray      *faces;
  SourceGroup  current;
  SourceGroup  logon, information, briefing, unfinished, success, failure;
  GArray      *information_checkpoints;
  GArray      *unfinished_checkpoints;
  GArray      *checkpoints;  /* one of the two, or NULL: checkpoints elsewhere are dropped */
  guint        n_directives;
} M1Compiler;

static void
finish_group (M1Compiler *c)
{
  guint8 nul = 0;

  c->current.length = c->out->len - c->current.start;
  g_byte_array_append (c->out, &nul, 1);
  switch (c->current.type)
    {
    case TSR_MARATHON_GROUP_LOGON:
      c->checkpoints = NULL;
      c->logon = c->current;
      break;
    case TSR_MARATHON_GROUP_INFORMATION:
      c->information = c->current;
      g_array_set_size (c->information_checkpoints, 0);
      c->checkpoints = c->information_checkpoints;
      break;
    case TSR_MARATHON_GROUP_CHECKPOINT:
      if (c->checkpoints != NULL)
        g_array_append_val (c->checkpoints, c->current);
      break;
    case TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT:
      c->checkpoints = NULL;
      c->briefing = c->current;
      break;
    case TSR_MARATHON_GROUP_FINISHED:
      c->checkpoints = NULL;
      c->success = c->current;
      break;
    case TSR_MARATHON_GROUP_FAILED:
      c->checkpoints = NULL;
      c->failure = c->current;
      break;
    case TSR_MARATHON_GROUP_UNFINISHED:
      c->unfinished = c->current;
      g_array_set_size (c->unfinished_checkpoints, 0);
      c->checkpoints = c->unfinished_checkpoints;
      break;
    default:
      break;
    }
}

static void
push_face (M1Compiler *c,
           gint16      face,
           gint16      color)
{
  TsrMarathonTextFace record = { (gint16) c->out->len, face, color };

  g_array_append_val (c->faces, record);
}

/* Formatting starts afresh on every line; '$' with an unknown letter swallows both characters. */
static void
compile_line (M1Compiler   *c,
              const guint8 *line,
              gsize         length)
{
  gint16 face = 0, color = 0;
  guint8 cr = '\r';

  push_face (c, 0, 0);
  for (gsize i = 0; i < length; i++)
    {
      if (line[i] == '$' && i + 1 < length)
        {
          guint8 code = line[i + 1];

          switch (code)
            {
            case 'B': case 'b': case 'I': case 'i': case 'U': case 'u':
              {
                gint16 bit = (code == 'B' || code == 'b') ? 1 : (code == 'I' || code == 'i') ? 2 : 4;

                face = g_ascii_isupper (code) ? (face | bit) : (face & ~bit);
                push_face (c, face, color);
                i++;
                break;
              }
            case 'C':
              if (i + 2 < length && line[i + 2] >= '0' && line[i + 2] <= '7')
                {
                  color = (gint16) (line[i + 2] - '0');
                  push_face (c, face, color);
                  i += 2;
                }
              else
                g_byte_array_append (c->out, line + i, 1);
              break;
            default:
              i++;
              break;
            }
        }
      else if (line[i] == '%' && i + 1 < length && line[i + 1] == 'r')
        {
          g_byte_array_append (c->out, (const guint8 *) REPLACEMENT_TEXT, strlen (REPLACEMENT_TEXT));
          i++;
        }
      else if (line[i] == '%' && i + 1 < length && line[i + 1] == '%')
        {
          g_byte_array_append (c->out, line + i, 1);
          i++;
        }
      else
        g_byte_array_append (c->out, line + i, 1);
    }
  g_byte_array_append (c->out, &cr, 1);
}

static gboolean
starts_with_keyword (const guint8 *line,
                     gsize         length,
                     const char   *keyword)
{
  gsize n = strlen (keyword);

  return length >= n && g_ascii_strncasecmp ((const char *) line, keyword, n) == 0;
}

/* The number after a keyword as the engine reads it: from one character past the keyword, an
 * istream >> short (leading blanks, a sign, digits; nothing readable gives 0). */
static gint16
parse_permutation (const guint8 *line,
                   gsize         length,
                   gsize         from)
{
  g_autofree char *rest = g_strndup ((const char *) line + from, length - from);
  char *end = NULL;
  gint64 value = g_ascii_strtoll (rest, &end, 10);

  if (end == rest)
    return 0;
  return (gint16) CLAMP (value, G_MININT16, G_MAXINT16);
}

static void
add_group (GArray            *groups,
           const SourceGroup *source,
           gint16             type,
           gint16             permutation,
           guint16            flags,
           gboolean           whole)
{
  TsrMarathonTerminalGroup group = { 0 };

  group.type = type;
  group.permutation = permutation;
  group.flags = flags;
  if (whole && source != NULL)
    {
      group.start_index = (guint16) source->start;
      group.length = (guint16) source->length;
    }
  g_array_append_val (groups, group);
}

static void
add_copy (GArray            *groups,
          const SourceGroup *source,
          gint16             type,
          gint16             permutation)
{
  add_group (groups, source, type, permutation, source->flags, TRUE);
}

static void
build_sequences (M1Compiler *c,
                 GArray     *groups)
{
  const SourceGroup *logon = &c->logon;

  /* Unfinished: logon, information and its checkpoints, #unfinished and its checkpoints, logoff. */
  add_group (groups, NULL, TSR_MARATHON_GROUP_UNFINISHED, 0, 0, FALSE);
  add_copy (groups, logon, logon->type >= 0 ? logon->type : TSR_MARATHON_GROUP_LOGON, logon->permutation);
  if (c->information.type >= 0)
    {
      add_copy (groups, &c->information, TSR_MARATHON_GROUP_INFORMATION, c->information.permutation);
      for (guint i = 0; i < c->information_checkpoints->len; i++)
        {
          const SourceGroup *checkpoint = &g_array_index (c->information_checkpoints, SourceGroup, i);

          add_copy (groups, checkpoint, TSR_MARATHON_GROUP_CHECKPOINT, checkpoint->permutation);
        }
    }
  if (c->unfinished.type >= 0)
    {
      add_copy (groups, &c->unfinished, TSR_MARATHON_GROUP_INFORMATION, c->unfinished.permutation);
      for (guint i = 0; i < c->unfinished_checkpoints->len; i++)
        {
          const SourceGroup *checkpoint = &g_array_index (c->unfinished_checkpoints, SourceGroup, i);

          add_copy (groups, checkpoint, TSR_MARATHON_GROUP_CHECKPOINT, checkpoint->permutation);
        }
    }
  add_copy (groups, logon, TSR_MARATHON_GROUP_LOGOFF, logon->permutation);
  add_group (groups, NULL, TSR_MARATHON_GROUP_END, 0, 0, FALSE);

  /* Success (also made by a lone #briefing) and failure: logon, the text, the briefing, logoff,
   * the briefing's teleport. */
  for (int pass = 0; pass < 2; pass++)
    {
      const SourceGroup *section = pass == 0 ? &c->success : &c->failure;

      if (pass == 0 ? (section->type < 0 && c->briefing.type < 0) : section->type < 0)
        continue;
      add_group (groups, NULL, pass == 0 ? TSR_MARATHON_GROUP_FINISHED : TSR_MARATHON_GROUP_FAILED, 0, 0, FALSE);
      add_copy (groups, logon, logon->type >= 0 ? logon->type : TSR_MARATHON_GROUP_LOGON, logon->permutation);
      if (section->type >= 0)
        add_copy (groups, section, TSR_MARATHON_GROUP_INFORMATION, section->permutation);
      if (c->briefing.type >= 0)
        add_copy (groups, &c->briefing, TSR_MARATHON_GROUP_INFORMATION, 0);
      add_copy (groups, logon, TSR_MARATHON_GROUP_LOGOFF, logon->permutation);
      if (c->briefing.type >= 0)
        add_group (groups, NULL, TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT, c->briefing.permutation, logon->flags, FALSE);
      add_group (groups, NULL, TSR_MARATHON_GROUP_END, 0, 0, FALSE);
    }
}

/* The compile proper. LINES (LineRecord), when given, receives one record per text or directive
 * line. On failure *BAD_LINE is the 0-based line. */
static TsrMarathonTerminal *
compile_resource (const guint8 *text,
                  gsize         size,
                  GArray       *lines,
                  guint        *bad_line,
                  GError      **error)
{
  M1Compiler c = { 0 };
  g_autoptr(TsrMarathonTerminal) terminal = tsr_marathon_terminal_new ();
  const SourceGroup none = { -1, 0, 0, 0, 0, G_MAXUINT };
  gsize pos = 0;
  guint line_number = 0;

  c.out = g_byte_array_new ();
  c.faces = terminal->faces;
  c.current = none;
  c.logon = c.information = c.briefing = c.unfinished = c.success = c.failure = none;
  c.information_checkpoints = g_array_new (FALSE, FALSE, sizeof (SourceGroup));
  c.unfinished_checkpoints = g_array_new (FALSE, FALSE, sizeof (SourceGroup));

  /* std::getline on '\r': a final piece without '\r' is a line too, nothing after a last '\r'. */
  while (pos < size)
    {
      const guint8 *line = text + pos;
      const guint8 *cr = memchr (line, '\r', size - pos);
      gsize length = cr != NULL ? (gsize) (cr - line) : size - pos;
      LineRecord record = { line_number, c.current.ordinal, c.out->len };

      pos += length + (cr != NULL ? 1 : 0);
      if (length > 0 && line[0] == '#')
        {
          static const struct { const char *keyword; gint16 type; gboolean numbered; } keywords[] = {
            { "#logon", TSR_MARATHON_GROUP_LOGON, FALSE },
            { "#information", TSR_MARATHON_GROUP_INFORMATION, FALSE },
            { "#checkpoint", TSR_MARATHON_GROUP_CHECKPOINT, TRUE },
            { "#briefing", TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT, TRUE },
            { "#unfinished", TSR_MARATHON_GROUP_UNFINISHED, FALSE },
            { "#success", TSR_MARATHON_GROUP_FINISHED, FALSE },
            { "#failure", TSR_MARATHON_GROUP_FAILED, FALSE },
          };
          guint k;

          finish_group (&c);
          for (k = 0; k < G_N_ELEMENTS (keywords); k++)
            if (starts_with_keyword (line, length, keywords[k].keyword))
              break;
          if (k == G_N_ELEMENTS (keywords))
            {
              *bad_line = line_number;
              g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                           _("an unknown group: Aleph One refuses the whole terminal and shows nothing "
                             "(computer_interface.cpp, MarathonTerminalCompiler::Compile)"));
              goto failed;
            }
          if (keywords[k].numbered && length < strlen (keywords[k].keyword) + 1)
            {
              /* line.substr (1 + strlen (keyword)) past the end throws std::out_of_range. */
              *bad_line = line_number;
              g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                           _("%s without a number: Aleph One stops with an uncaught std::out_of_range "
                             "(computer_interface.cpp, MarathonTerminalCompiler::Compile)"),
                           keywords[k].keyword);
              goto failed;
            }
          c.current.type = keywords[k].type;
          c.current.flags = TSR_TERMINAL_GROUP_MARATHON_1;
          c.current.permutation = keywords[k].numbered
                                  ? parse_permutation (line, length, strlen (keywords[k].keyword) + 1) : 0;
          c.current.start = c.out->len;
          c.current.ordinal = c.n_directives++;
          record.ordinal = c.current.ordinal;
          record.offset = c.out->len;
          if (lines != NULL)
            g_array_append_val (lines, record);
        }
      else if (length == 0 || line[0] != ';')
        {
          if (lines != NULL)
            g_array_append_val (lines, record);
          compile_line (&c, line, length);
        }
      line_number++;
    }
  finish_group (&c);
  build_sequences (&c, terminal->groups);
  terminal->flags = 0;
  terminal->lines_per_page = LINES_PER_PAGE;
  terminal->text = g_byte_array_free_to_bytes (g_steal_pointer (&c.out));
  {
    gsize text_size;
    const guint8 *compiled = g_bytes_get_data (terminal->text, &text_size);

    for (guint g = 0; g < terminal->groups->len; g++)
      {
        TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);
        int width = group->type == TSR_MARATHON_GROUP_INFORMATION ? TSR_MARATHON_ATQUE_INFORMATION_WIDTH
                    : TSR_MARATHON_ATQUE_PICTURE_WIDTH;

        if (group->type == TSR_MARATHON_GROUP_UNFINISHED || group->type == TSR_MARATHON_GROUP_FINISHED
            || group->type == TSR_MARATHON_GROUP_FAILED)
          group->maximum_lines = 0;
        else if (group->type == TSR_MARATHON_GROUP_INFORMATION || group->type == TSR_MARATHON_GROUP_CHECKPOINT)
          group->maximum_lines = (gint16) tsr_marathon_terminal_count_lines (compiled + group->start_index,
                                                                              MIN ((gsize) group->length,
                                                                                   text_size - group->start_index),
                                                                              width);
        else
          group->maximum_lines = 1;
      }
  }
  g_array_unref (c.information_checkpoints);
  g_array_unref (c.unfinished_checkpoints);
  return g_steal_pointer (&terminal);

failed:
  g_byte_array_unref (c.out);
  g_array_unref (c.information_checkpoints);
  g_array_unref (c.unfinished_checkpoints);
  return NULL;
}

TsrMarathonTerminal *
tsr_marathon1_terminal_compile (const guint8 *text,
                                gsize         size,
                                GError      **error)
{
  guint bad_line = 0;
  GError *local = NULL;
  TsrMarathonTerminal *terminal = compile_resource (text, size, NULL, &bad_line, &local);

  if (terminal == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("line %u: %s"), bad_line + 1, local->message);
      g_error_free (local);
    }
  return terminal;
}

/* ---- the block script ------------------------------------------------------------------------ */

/* The resource's text as the script shows it: UTF-8, LF line ends, ending with a line end. */
static char *
resource_display_text (GBytes *data)
{
  gsize size;
  const guint8 *bytes = g_bytes_get_data (data, &size);
  g_autofree char *utf8 = tsr_mac_roman_to_utf8 (bytes, size);
  GString *out = g_string_new (NULL);

  for (const char *p = utf8; *p != '\0'; p++)
    g_string_append_c (out, *p == '\r' ? '\n' : *p);
  if (out->len > 0 && out->str[out->len - 1] != '\n')
    g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

static gint
compare_resource_ids (gconstpointer a,
                      gconstpointer b)
{
  const TsrMacResource *x = *(const TsrMacResource *const *) a;
  const TsrMacResource *y = *(const TsrMacResource *const *) b;

  return (x->id > y->id) - (x->id < y->id);
}

static void
append_block_heading (GString *script,
                      gint16   id)
{
  if (id >= TSR_MARATHON1_TERMINAL_BASE)
    g_string_append_printf (script, "; level %d, terminal %d\n", (id - TSR_MARATHON1_TERMINAL_BASE) / 10,
                            (id - TSR_MARATHON1_TERMINAL_BASE) % 10);
  else
    g_string_append_printf (script, "; resource %d (below %d: no level finds it)\n", id, TSR_MARATHON1_TERMINAL_BASE);
}

char *
tsr_marathon1_script_from_fork (const TsrResourceFork *fork,
                                const char            *label)
{
  return tsr_marathon1_script_for_level (fork, label, -1);
}

char *
tsr_marathon1_script_for_level (const TsrResourceFork *fork,
                                const char            *label,
                                int                    level)
{
  g_autoptr(GPtrArray) resources = tsr_resource_fork_list_type (fork, TERM_TYPE);
  GString *script;

  if (level >= 0)
    for (guint i = resources->len; i-- > 0;)
      {
        int id = ((const TsrMacResource *) g_ptr_array_index (resources, i))->id;

        if (id < TSR_MARATHON1_TERMINAL_BASE + 10 * level || id >= TSR_MARATHON1_TERMINAL_BASE + 10 * (level + 1))
          g_ptr_array_remove_index (resources, i);
      }
  if (resources == NULL || resources->len == 0)
    return NULL;
  g_ptr_array_sort (resources, compare_resource_ids);
  script = g_string_new (TSR_MARATHON1_SCRIPT_PRAGMA "\n");
  g_string_append_printf (script,
                          "; The 'term' resources of %s: terminal T of level L is resource 1000 + 10 * L + T.\n"
                          "; Each block holds one resource's text; comments between blocks are not saved.\n",
                          label != NULL ? label : "the file");
  for (guint i = 0; i < resources->len; i++)
    {
      const TsrMacResource *resource = g_ptr_array_index (resources, i);
      g_autofree char *body = resource_display_text (resource->data);

      g_string_append_c (script, '\n');
      append_block_heading (script, resource->id);
      g_string_append_printf (script, "#TERMINAL %d\n%s#ENDTERMINAL %d\n", resource->id, body, resource->id);
    }
  return g_string_free (script, FALSE);
}

typedef struct {
  gint16 id;
  guint  first_line;   /* 1-based line of the body's first line */
  gsize  body_start;   /* byte offsets in the script */
  gsize  body_end;
} Block;

static void
diagnose (GArray      *diagnostics,
          TsrSeverity  severity,
          guint        line,
          guint        column,
          const char  *message)
{
  TsrMarathonScriptDiagnostic diagnostic = { severity, line, column, g_strdup (message) };

  g_array_append_val (diagnostics, diagnostic);
}

static gboolean
is_directive (const char *line,
              gsize       length,
              const char *name,
              gint       *number)
{
  gsize n = strlen (name);
  g_autofree char *rest = NULL;
  char *end = NULL;
  gint64 value;

  if (length <= n || g_ascii_strncasecmp (line, name, n) != 0 || (line[n] != ' ' && line[n] != '\t'))
    return FALSE;
  rest = g_strndup (line + n, length - n);
  value = g_ascii_strtoll (rest, &end, 10);
  if (end == rest)
    return FALSE;
  while (*end == ' ' || *end == '\t' || *end == '\r')
    end++;
  if (*end != '\0' || value < G_MININT16 || value > G_MAXINT16)
    return FALSE;
  *number = (gint) value;
  return TRUE;
}

/* Splits TEXT into blocks; errors go to DIAGNOSTICS. */
static GArray *
split_blocks (const char *text,
              gsize       length,
              GArray     *diagnostics)
{
  GArray *blocks = g_array_new (FALSE, FALSE, sizeof (Block));
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  const char *p = text, *end = text + length;
  guint line_number = 0;
  gboolean inside = FALSE;
  Block block = { 0 };

  while (p < end)
    {
      const char *line = p;
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      gsize line_length = nl != NULL ? (gsize) (nl - p) : (gsize) (end - p);
      gint number = 0;

      p = nl != NULL ? nl + 1 : end;
      line_number++;
      if (inside)
        {
          if (is_directive (line, line_length, "#ENDTERMINAL", &number))
            {
              if (number != block.id)
                {
                  g_autofree char *message = g_strdup_printf (_("#ENDTERMINAL %d closes #TERMINAL %d"), number, block.id);

                  diagnose (diagnostics, TSR_SEVERITY_ERROR, line_number, 1, message);
                }
              block.body_end = (gsize) (line - text);
              g_array_append_val (blocks, block);
              inside = FALSE;
            }
          continue;
        }
      if (line_length > 0 && line[line_length - 1] == '\r')
        line_length--;
      {
        /* Blank lines and comments between blocks. */
        g_autofree char *copy = g_strndup (line, line_length);

        if (copy[0] == ';' || g_strstrip (copy)[0] == '\0')
          continue;
      }
      if (is_directive (line, line_length, "#TERMINAL", &number))
        {
          if (g_hash_table_contains (seen, GINT_TO_POINTER (number)))
            {
              g_autofree char *message = g_strdup_printf (_("terminal %d appears twice"), number);

              diagnose (diagnostics, TSR_SEVERITY_ERROR, line_number, 1, message);
            }
          g_hash_table_add (seen, GINT_TO_POINTER (number));
          block.id = (gint16) number;
          block.first_line = line_number + 1;
          block.body_start = (gsize) (p - text);
          inside = TRUE;
          continue;
        }
      diagnose (diagnostics, TSR_SEVERITY_ERROR, line_number, 1,
                _("text outside a block: Marathon 1 terminals go between #TERMINAL id and #ENDTERMINAL id"));
    }
  if (inside)
    {
      g_autofree char *message = g_strdup_printf (_("#TERMINAL %d has no #ENDTERMINAL"), block.id);

      diagnose (diagnostics, TSR_SEVERITY_ERROR, block.first_line - 1, 1, message);
    }
  return blocks;
}

/* A block's body in the resource's form: Mac Roman, CR line ends. NULL with *BAD_LINE/COLUMN (1-based,
 * relative to the body) at a character Mac Roman lacks. */
static GBytes *
encode_body (const char *body,
             gsize       length,
             guint      *bad_line,
             guint      *bad_column)
{
  glong bad = -1;
  g_autoptr(GBytes) roman = tsr_utf8_to_mac_roman (body, length, &bad);
  GByteArray *out;
  gsize size;
  const guint8 *bytes;

  if (roman == NULL)
    {
      const char *at = body;
      guint line = 1, column = 1;

      for (glong i = 0; i < bad && at < body + length; i++, at = g_utf8_next_char (at))
        {
          if (*at == '\n')
            line++, column = 1;
          else
            column++;
        }
      *bad_line = line;
      *bad_column = column;
      return NULL;
    }
  bytes = g_bytes_get_data (roman, &size);
  out = g_byte_array_sized_new ((guint) size);
  for (gsize i = 0; i < size; i++)
    {
      guint8 byte = bytes[i];

      if (byte == '\r' && i + 1 < size && bytes[i + 1] == '\n')
        continue; /* CRLF from another editor */
      if (byte == '\n')
        byte = '\r';
      g_byte_array_append (out, &byte, 1);
    }
  return g_byte_array_free_to_bytes (out);
}

TsrMarathonScriptCompilation *
tsr_marathon1_script_compile (const char *text,
                              gsize       length)
{
  TsrMarathonScriptCompilation *result = g_rc_box_new0 (TsrMarathonScriptCompilation);
  g_autoptr(GArray) blocks = NULL;
  gboolean failed = FALSE;

  result->terminals = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_marathon_terminal_free);
  result->diagnostics = tsr_marathon_script_diagnostics_new ();
  result->lines = g_array_new (FALSE, FALSE, sizeof (TsrMarathonScriptLine));
  blocks = split_blocks (text, length, result->diagnostics);
  failed = tsr_marathon_script_compilation_first_error (result) != NULL;
  for (guint b = 0; b < blocks->len && !failed; b++)
    {
      const Block *block = &g_array_index (blocks, Block, b);
      guint bad_line = 0, bad_column = 0;
      g_autoptr(GBytes) body = encode_body (text + block->body_start, block->body_end - block->body_start,
                                            &bad_line, &bad_column);
      g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (LineRecord));
      g_autoptr(GError) error = NULL;
      TsrMarathonTerminal *terminal;
      gsize size;
      const guint8 *data;

      if (body == NULL)
        {
          diagnose (result->diagnostics, TSR_SEVERITY_ERROR, block->first_line + bad_line - 1, bad_column,
                    _("a character Mac Roman cannot hold"));
          failed = TRUE;
          break;
        }
      data = g_bytes_get_data (body, &size);
      terminal = compile_resource (data, size, lines, &bad_line, &error);
      if (terminal == NULL)
        {
          diagnose (result->diagnostics, TSR_SEVERITY_ERROR, block->first_line + bad_line, 1, error->message);
          failed = TRUE;
          break;
        }
      for (guint l = 0; l < lines->len; l++)
        {
          const LineRecord *record = &g_array_index (lines, LineRecord, l);
          TsrMarathonScriptLine mapped = { block->first_line + record->line, b, 0, 0 };

          if (record->ordinal == G_MAXUINT)
            continue;
          /* The first rebuilt group that shows the directive's text: its start matches. */
          for (guint g = 0; g < terminal->groups->len; g++)
            {
              const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);

              if (group->type == TSR_MARATHON_GROUP_UNFINISHED || group->type == TSR_MARATHON_GROUP_FINISHED
                  || group->type == TSR_MARATHON_GROUP_FAILED || group->type == TSR_MARATHON_GROUP_END
                  || group->type == TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT)
                continue;
              if (group->start_index <= record->offset && record->offset <= (guint) group->start_index + group->length)
                {
                  mapped.group = g;
                  mapped.offset = record->offset - group->start_index;
                  g_array_append_val (result->lines, mapped);
                  break;
                }
            }
        }
      terminal->resource_id = block->id;
      g_ptr_array_add (result->terminals, terminal);
    }
  if (failed)
    g_clear_pointer (&result->terminals, g_ptr_array_unref);
  return result;
}

gboolean
tsr_marathon1_script_apply (const char      *text,
                            gsize            length,
                            TsrResourceFork *fork,
                            GError         **error)
{
  g_autoptr(GArray) diagnostics = tsr_marathon_script_diagnostics_new ();
  g_autoptr(GArray) blocks = split_blocks (text, length, diagnostics);
  g_autoptr(GPtrArray) bodies = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GPtrArray) existing = NULL;

  if (diagnostics->len > 0)
    {
      const TsrMarathonScriptDiagnostic *first = &g_array_index (diagnostics, TsrMarathonScriptDiagnostic, 0);

      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("line %u: %s"), first->line, first->message);
      return FALSE;
    }
  /* Encode everything first, so a failure leaves FORK as it was. */
  for (guint b = 0; b < blocks->len; b++)
    {
      const Block *block = &g_array_index (blocks, Block, b);
      const char *body = text + block->body_start;
      gsize body_length = block->body_end - block->body_start;
      const TsrMacResource *resource = tsr_resource_fork_find (fork, TERM_TYPE, block->id);
      guint bad_line = 0, bad_column = 0;
      GBytes *encoded = NULL;

      if (resource != NULL)
        {
          g_autofree char *shown = resource_display_text (resource->data);

          if (strlen (shown) == body_length && memcmp (shown, body, body_length) == 0)
            {
              g_ptr_array_add (bodies, NULL);
              continue;
            }
        }
      encoded = encode_body (body, body_length, &bad_line, &bad_column);
      if (encoded == NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("line %u, column %u: a character Mac Roman cannot hold"),
                       block->first_line + bad_line - 1, bad_column);
          return FALSE;
        }
      g_ptr_array_add (bodies, encoded);
    }
  for (guint b = 0; b < blocks->len; b++)
    {
      GBytes *encoded = g_ptr_array_index (bodies, b);

      if (encoded != NULL)
        tsr_resource_fork_set (fork, TERM_TYPE, g_array_index (blocks, Block, b).id, encoded);
    }
  existing = tsr_resource_fork_list_type (fork, TERM_TYPE);
  for (guint i = 0; existing != NULL && i < existing->len; i++)
    {
      gint16 id = ((const TsrMacResource *) g_ptr_array_index (existing, i))->id;
      gboolean kept = FALSE;

      for (guint b = 0; b < blocks->len && !kept; b++)
        kept = g_array_index (blocks, Block, b).id == id;
      if (!kept)
        tsr_resource_fork_remove (fork, TERM_TYPE, id);
    }
  return TRUE;
}

/* ---- the file -------------------------------------------------------------------------------- */

static gboolean
fork_has_terminals (const TsrResourceFork *fork)
{
  g_autoptr(GPtrArray) resources = tsr_resource_fork_list_type (fork, TERM_TYPE);

  return resources != NULL && resources->len > 0;
}

TsrMarathon1TerminalFile *
tsr_marathon1_terminal_file_parse (GBytes      *bytes,
                                   const char  *label,
                                   GError     **error)
{
  g_autoptr(TsrMarathon1TerminalFile) file = g_new0 (TsrMarathon1TerminalFile, 1);
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  g_autofree char *script = NULL;
  g_autofree char *fork_label = g_strdup_printf ("%s: resource fork", label != NULL ? label : "file");

  file->label = g_strdup (label != NULL ? label : "file");
  if (tsr_mac_wrapper_sniff (data, size) != TSR_MAC_WRAPPER_NONE)
    {
      file->mac = tsr_mac_file_parse (bytes, error);
      if (file->mac == NULL)
        return NULL;
      file->fork = tsr_resource_fork_parse (file->mac->resource_fork, fork_label, error);
    }
  else
    file->fork = tsr_resource_fork_parse (bytes, fork_label, error);
  if (file->fork == NULL)
    return NULL;
  script = tsr_marathon1_script_from_fork (file->fork, file->mac != NULL && file->mac->name != NULL ? file->mac->name : file->label);
  if (script == NULL)
    {
      /* The offset of the resource map's type list, in the file. */
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC,
                        tsr_mac_file_resource_fork_offset (file->mac) + file->fork->type_list_offset,
                        _("%s: no 'term' resources (Marathon 1 terminals)"), file->label);
      return NULL;
    }
  file->script.source = g_bytes_new_take (script, strlen (script));
  script = NULL;
  file->script.compilation = tsr_marathon1_script_compile (g_bytes_get_data (file->script.source, NULL),
                                                           g_bytes_get_size (file->script.source));
  return g_steal_pointer (&file);
}

GBytes *
tsr_marathon1_terminal_file_serialize (const TsrMarathon1TerminalFile *file,
                                       GError                        **error)
{
  g_autoptr(GBytes) original = tsr_resource_fork_serialize (file->fork);
  g_autoptr(TsrResourceFork) fork = tsr_resource_fork_parse (original, file->label, error);
  gsize size;
  const char *text = g_bytes_get_data (file->script.source, &size);
  g_autoptr(GBytes) fork_bytes = NULL;

  /* Applied to a copy, so the loaded fork stays what the script is compared with. */
  if (fork == NULL || !tsr_marathon1_script_apply (text, size, fork, error))
    return NULL;
  fork_bytes = tsr_resource_fork_serialize (fork);
  if (file->mac == NULL)
    return g_steal_pointer (&fork_bytes);
  {
    GBytes *previous = g_bytes_ref (file->mac->resource_fork);
    GBytes *result;

    tsr_mac_file_set_resource_fork (file->mac, fork_bytes);
    result = tsr_mac_file_serialize (file->mac);
    tsr_mac_file_set_resource_fork (file->mac, previous);
    g_bytes_unref (previous);
    return result;
  }
}

void
tsr_marathon1_terminal_file_free (TsrMarathon1TerminalFile *file)
{
  if (file == NULL)
    return;
  g_clear_pointer (&file->script.source, g_bytes_unref);
  g_clear_pointer (&file->script.compilation, tsr_marathon_script_compilation_free);
  g_clear_pointer (&file->mac, tsr_mac_file_free);
  g_clear_pointer (&file->fork, tsr_resource_fork_free);
  g_free (file->label);
  g_free (file);
}

/* ---- the format ------------------------------------------------------------------------------ */

static guint
m1_terminals_sniff (const guint8 *data,
                    gsize         size,
                    const char   *path)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(TsrMacFile) mac = NULL;
  g_autoptr(TsrResourceFork) fork = NULL;

  if (tsr_mac_wrapper_sniff (data, size) != TSR_MAC_WRAPPER_NONE)
    {
      mac = tsr_mac_file_parse (bytes, NULL);
      if (mac == NULL)
        return TSR_SNIFF_NO;
      fork = tsr_resource_fork_parse (mac->resource_fork, NULL, NULL);
    }
  else
    fork = tsr_resource_fork_parse (bytes, NULL, NULL);
  if (fork == NULL || !fork_has_terminals (fork))
    return TSR_SNIFF_NO;
  /* A Marathon 1 Shapes file may hold terminals too; it is a Shapes file first. */
  {
    g_autoptr(GPtrArray) shapes = tsr_resource_fork_list_type (fork, TSR_FOURCC ('.', '2', '5', '6'));

    if (shapes != NULL && shapes->len > 0)
      return TSR_SNIFF_MAYBE;
  }
  return TSR_SNIFF_CERTAIN;
}

static gpointer
m1_terminals_load (const char *path,
                   GBytes     *bytes,
                   GError    **error)
{
  g_autofree char *label = path != NULL ? g_path_get_basename (path) : NULL;

  return tsr_marathon1_terminal_file_parse (bytes, label, error);
}

static void
m1_terminals_free (gpointer data)
{
  tsr_marathon1_terminal_file_free (data);
}

static GPtrArray *
m1_terminals_save (gconstpointer data,
                   const char   *path,
                   GError      **error)
{
  return tsr_output_files_new_single (path, tsr_marathon1_terminal_file_serialize (data, error));
}

static void
m1_terminals_validate (gconstpointer data,
                       GPtrArray    *findings)
{
  const TsrMarathon1TerminalFile *file = data;
  const GArray *diagnostics = file->script.compilation->diagnostics;

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const TsrMarathonScriptDiagnostic *diagnostic = &g_array_index (diagnostics, TsrMarathonScriptDiagnostic, i);
      g_autofree char *where = g_strdup_printf (_("line %u, column %u"), diagnostic->line, diagnostic->column);
      TsrFindingPlace place = tsr_finding_place_at (-1, "script", -1, TSR_FINDING_POINT_TEXT,
                                                    diagnostic->column, diagnostic->line);

      tsr_findings_add_at (findings, diagnostic->severity, &place, where, "%s", diagnostic->message);
    }
}

static void
m1_terminals_describe (gconstpointer data,
                       JsonBuilder  *builder)
{
  const TsrMarathon1TerminalFile *file = data;
  g_autoptr(GPtrArray) resources = tsr_resource_fork_list_type (file->fork, TERM_TYPE);

  json_builder_set_member_name (builder, "wrapper");
  json_builder_add_string_value (builder, tsr_mac_wrapper_kind_to_string (file->mac != NULL ? file->mac->kind
                                                                                              : TSR_MAC_WRAPPER_NONE));
  json_builder_set_member_name (builder, "terminals");
  json_builder_begin_array (builder);
  g_ptr_array_sort (resources, compare_resource_ids);
  for (guint i = 0; i < resources->len; i++)
    {
      const TsrMacResource *resource = g_ptr_array_index (resources, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "resource");
      json_builder_add_int_value (builder, resource->id);
      json_builder_set_member_name (builder, "level");
      json_builder_add_int_value (builder, (resource->id - TSR_MARATHON1_TERMINAL_BASE) / 10);
      json_builder_set_member_name (builder, "terminal");
      json_builder_add_int_value (builder, (resource->id - TSR_MARATHON1_TERMINAL_BASE) % 10);
      json_builder_set_member_name (builder, "bytes");
      json_builder_add_int_value (builder, (gint64) g_bytes_get_size (resource->data));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static const char *const m1_terminals_extensions[] = { "appl", "rsrc", NULL };

static const TsrFormat marathon1_terminals_format = {
  .id = "marathon1-terminals",
  .name = N_("Marathon 1 terminals"),
  .family = "marathon",
  .extensions = m1_terminals_extensions,
  .sniff = m1_terminals_sniff,
  .load = m1_terminals_load,
  .free = m1_terminals_free,
  .save = m1_terminals_save,
  .validate = m1_terminals_validate,
  .describe = m1_terminals_describe,
};

const TsrFormat *
tsr_marathon1_terminals_format (void)
{
  return &marathon1_terminals_format;
}

/* ---- finding the external-resources file ----------------------------------------------------- */

/* A name that may be Marathon 1's application or a resource file beside a scenario. */
static gboolean
may_be_external_resources (const char *name)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);

  return g_str_has_suffix (lower, ".appl") || g_str_has_suffix (lower, ".rsrc")
         || g_str_has_suffix (lower, ".resources") || strstr (lower, "marathon") != NULL;
}

char *
tsr_marathon1_find_external_resources (const char *map_path)
{
  g_autofree char *folder = g_path_get_dirname (map_path);
  g_autofree char *map_name = g_path_get_basename (map_path);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  char *fallback = NULL;
  const char *name;

  if (dir == NULL)
    return NULL;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (strcmp (name, map_name) != 0 && may_be_external_resources (name))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (folder, g_ptr_array_index (names, i), NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;
      guint certainty;

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) || !g_file_get_contents (path, &contents, &length, NULL)
          || length > 64 * 1024 * 1024)
        continue;
      certainty = m1_terminals_sniff ((const guint8 *) contents, length, path);
      if (certainty >= TSR_SNIFF_CERTAIN)
        {
          g_free (fallback);
          return g_steal_pointer (&path);
        }
      if (certainty > TSR_SNIFF_NO && fallback == NULL)
        fallback = g_steal_pointer (&path);
    }
  return fallback;
}
