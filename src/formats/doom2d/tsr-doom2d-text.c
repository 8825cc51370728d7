/* tsr-doom2d-text.c: the text map syntax, `map { name "..."; panel panel0 { ... } ... }`, read and
 * written by walking the schema tables. Records whose binary bytes hold more than their fields say
 * (bytes after a string's NUL, unused trigger data) carry them in a `// tessera-raw: HEX` comment,
 * which other readers skip as a comment, so binary -> text -> binary gives back the same bytes. */
#include <errno.h>
#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-private.h"

#define RAW_COMMENT "// tessera-raw:"
#define LAYOUT_COMMENT "// tessera-blocks:"

/* Writer. Numbers and names are appended by hand: printf was most of the writer's time. */

/* Appends without GString's general insert path: the text writer's every token goes here. */
static inline void
put (GString    *out,
     const char *text,
     gsize       length)
{
  if (out->len + length < out->allocated_len)
    {
      memcpy (out->str + out->len, text, length);
      out->len += length;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, text, (gssize) length);
}

static inline void
put_str (GString    *out,
         const char *text)
{
  put (out, text, strlen (text));
}

static inline void
put_c (GString *out,
       char     c)
{
  put (out, &c, 1);
}

static void
append_int (GString *out,
            gint64   value)
{
  char buffer[24];
  char *p = buffer + sizeof buffer;
  guint64 magnitude = value < 0 ? (guint64) 0 - (guint64) value : (guint64) value;

  do
    {
      *--p = (char) ('0' + magnitude % 10);
      magnitude /= 10;
    }
  while (magnitude != 0);
  if (value < 0)
    *--p = '-';
  put (out, p, buffer + sizeof buffer - p);
}

static void
append_string (GString    *out,
               const char *text)
{
  put_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;
      if (c == '"' || c == '\\')
        {
          put_c (out, '\\');
          put_c (out, (char) c);
        }
      else if (c == '\n')
        put_str (out, "\\n");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else
        put_c (out, (char) c);
    }
  put_c (out, '"');
}

static void
append_integer (GString              *out,
                const TsrDoom2dMap   *map,
                const TsrField *field,
                gint64                value)
{
  if (field->reference != TSR_DOOM2D_REF_NONE)
    {
      TsrDoom2dKind kind = field->reference == TSR_DOOM2D_REF_TEXTURE ? TSR_DOOM2D_KIND_TEXTURE
                           : field->reference == TSR_DOOM2D_REF_PANEL ? TSR_DOOM2D_KIND_PANEL
                           : field->reference == TSR_DOOM2D_REF_MONSTER ? TSR_DOOM2D_KIND_MONSTER
                           : TSR_DOOM2D_KIND_TRIGGER;
      if (value == -1 && field->reference != TSR_DOOM2D_REF_TEXTURE)
        put_str (out, "null");
      else if (value >= 0 && value < tsr_doom2d_map_count (map, kind))
        {
          put_str (out, tsr_doom2d_record_type (kind)->table.name);
          append_int (out, value);
        }
      else
        append_int (out, value);
      return;
    }
  /* What tsr_field_value_append writes, without its calls, for the common cases: true/false, a
   * constant's name, a plain number. Bitsets and the rest go through it. */
  if (field->type == TSR_FIELD_BOOL && (value == 0 || value == 1))
    {
      put_str (out, value ? "true" : "false");
      return;
    }
  if (field->type == TSR_FIELD_INT && !(field->flags & TSR_FIELD_BYTE_PAIR))
    {
      const char *name = tsr_field_enum_name (field->enumeration, value);

      if (name != NULL)
        {
          put_str (out, name);
          return;
        }
      if (field->enumeration == NULL)
        {
          append_int (out, value);
          return;
        }
    }
  {
    TsrFieldValue shown = { { value }, NULL };

    tsr_field_value_append (out, field, &shown);
  }
}

/* tsr_field_value_is_default without its calls and copy: asked for every field the writer writes. */
static inline gboolean
value_is_default (const TsrField      *field,
                  const TsrFieldValue *value)
{
  switch (field->type)
    {
    case TSR_FIELD_CHARS:
    case TSR_FIELD_STRING:
      return strcmp (value->text != NULL ? value->text : "", field->default_text != NULL ? field->default_text : "") == 0;
    case TSR_FIELD_COLOR:
      return value->v[0] == field->default_value[0] && value->v[1] == field->default_value[1]
             && value->v[2] == field->default_value[2] && value->v[3] == field->default_value[3];
    case TSR_FIELD_POINT:
    case TSR_FIELD_SIZE:
      return value->v[0] == field->default_value[0] && value->v[1] == field->default_value[1];
    case TSR_FIELD_BYTES:
      return TRUE;
    default:
      return value->v[0] == field->default_value[0];
    }
}

static void
append_fields (GString              *out,
               const TsrDoom2dMap   *map,
               const TsrDoom2dRecord *record,
               const TsrField *fields,
               guint                 n_fields,
               const TsrFieldValue *values,
               const char           *indent)
{
  for (guint f = 0; f < n_fields; f++)
    {
      const TsrField *field = &fields[f];
      const TsrFieldValue *value = &values[f];

      if (field->type == TSR_FIELD_BYTES)
        {
          if (record->layout == NULL || record->layout->table.n_fields == 0)
            continue;
          put_str (out, indent);
          put_str (out, field->name);
          put_str (out, " {\n");
          {
            g_autofree char *deeper = g_strconcat (indent, "  ", NULL);
            append_fields (out, map, record, record->layout->table.fields, record->layout->table.n_fields,
                           record->data_values, deeper);
          }
          put_str (out, indent);
          put_str (out, "}\n");
          continue;
        }
      if (!(field->flags & TSR_FIELD_WRITE_DEFAULT) && value_is_default (field, value))
        continue;
      put_str (out, indent);
      put_str (out, field->name);
      put_c (out, ' ');
      switch (field->type)
        {
        case TSR_FIELD_CHARS:
        case TSR_FIELD_STRING:
          append_string (out, value->text != NULL ? value->text : "");
          break;
        case TSR_FIELD_POINT:
        case TSR_FIELD_SIZE:
        case TSR_FIELD_COLOR:
          put_c (out, '(');
          for (guint c = 0; c < (field->type == TSR_FIELD_COLOR ? 4u : 2u); c++)
            {
              if (c > 0)
                put_c (out, ' ');
              append_int (out, value->v[c]);
            }
          put_c (out, ')');
          break;
        default:
          append_integer (out, map, field, value->v[0]);
          break;
        }
      put_str (out, ";\n");
    }
}

/* The raw comment, when the record's bytes hold more than its fields. */
static void
append_raw (GString               *out,
            const TsrDoom2dRecord *record,
            const char            *indent)
{
  static const char hex[] = "0123456789abcdef";
  gsize size = tsr_doom2d_record_get_type (record)->table.size;
  guint8 kept[512], plain[512];

  if (record->raw == NULL)
    return;
  g_assert (size <= sizeof kept);
  tsr_doom2d_record_encode_into (record, TRUE, kept);
  tsr_doom2d_record_encode_into (record, FALSE, plain);
  if (memcmp (kept, plain, size) == 0)
    return;
  put_str (out, indent);
  put_str (out, RAW_COMMENT " ");
  for (gsize i = 0; i < size; i++)
    {
      put_c (out, hex[kept[i] >> 4]);
      put_c (out, hex[kept[i] & 15]);
    }
  put_c (out, '\n');
}

GBytes *
tsr_doom2d_map_write_text (const TsrDoom2dMap *map)
{
  gsize records = 0;
  GString *out;

  /* Room for what the writer makes of a record (a panel is about 130 bytes): no growth. */
  for (guint k = 1; k < TSR_DOOM2D_N_KINDS; k++)
    records += tsr_doom2d_map_count (map, k);
  out = g_string_sized_new (4096 + 192 * records);

  put_str (out, "map {\n");
  const TsrDoom2dRecordType *header = tsr_doom2d_record_type (TSR_DOOM2D_KIND_HEADER);
  static const TsrDoom2dKind order[] = {
    TSR_DOOM2D_KIND_TEXTURE, TSR_DOOM2D_KIND_PANEL, TSR_DOOM2D_KIND_ITEM,
    TSR_DOOM2D_KIND_MONSTER, TSR_DOOM2D_KIND_AREA, TSR_DOOM2D_KIND_TRIGGER,
  };

  g_autofree char *layout = tsr_doom2d_map_layout_to_string (map);

  if (layout != NULL)
    g_string_append_printf (out, "  " LAYOUT_COMMENT " %s\n", layout);
  append_fields (out, map, map->header, header->table.fields, header->table.n_fields, map->header->values, "  ");
  append_raw (out, map->header, "  ");
  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    {
      const TsrDoom2dRecordType *type = tsr_doom2d_record_type (order[k]);

      for (guint i = 0; i < tsr_doom2d_map_count (map, order[k]); i++)
        {
          const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, order[k], i);

          put_str (out, "\n  ");
          put_str (out, type->table.name);
          put_c (out, ' ');
          put_str (out, type->table.name);
          append_int (out, i);
          put_str (out, " {\n");
          append_fields (out, map, record, type->table.fields, type->table.n_fields, record->values, "    ");
          append_raw (out, record, "    ");
          put_str (out, "  }\n");
        }
    }
  put_str (out, "}\n");
  return g_string_free_to_bytes (out);
}

/* Reader */

typedef enum {
  TOKEN_END,
  TOKEN_IDENT,
  TOKEN_NUMBER,
  TOKEN_STRING,
  TOKEN_PUNCT,
  TOKEN_RAW,    /* the tessera-raw comment; text holds the hex digits */
  TOKEN_LAYOUT, /* the tessera-blocks comment; text holds the tokens */
} TokenType;

typedef struct {
  TokenType type;
  char     *text;
  gint64    number;
  char      punct;
  gsize     offset; /* the line is counted from it only for messages */
} Token;

typedef struct {
  const char *data;
  gsize       size;
  gsize       pos;
  Token       token;     /* the current token */
  GError    **error;
  gboolean    failed;
  GStringChunk *strings; /* record names and pending references' names, freed at once */
  TsrDoom2dRecordBatch batches[TSR_DOOM2D_N_KINDS]; /* the records' memory, per kind */
  /* Identifiers are copied here instead of into an allocation each (token.text then points at
   * it and is not freed); strings and comments still own their text. */
  char        ident[128];
} Parser;

static void
token_clear_text (Parser *parser)
{
  if (parser->token.text != parser->ident)
    g_free (parser->token.text);
  parser->token.text = NULL;
}

/* References by name, resolved once every record is known. */
typedef struct {
  TsrFieldValue    *value;
  TsrDoom2dReference reference;
  const char        *name;   /* in the parser's string chunk */
  gsize              offset;
} PendingReference;

/* The 1-based line of OFFSET in DATA, for messages (the tokenizer keeps no line count). */
static guint
line_at (const char *data,
         gsize       offset)
{
  guint line = 1;

  /* An empty input may come as NULL: no pointer arithmetic on it (UBSan, fuzz-doom2d-text). */
  if (data == NULL || offset == 0)
    return line;
  for (const char *p = data, *end = data + offset; (p = memchr (p, '\n', (gsize) (end - p))) != NULL; p++)
    line++;
  return line;
}

/* Character classes of the tokenizer, one table look-up per byte. */
enum {
  CHAR_SPACE = 1 << 0,
  CHAR_IDENT = 1 << 1, /* letters, '_' and digits: inside identifiers and numbers */
  CHAR_START = 1 << 2, /* letters and '_': what starts an identifier */
  CHAR_DIGIT = 1 << 3,
  CHAR_PUNCT = 1 << 4,
};

static guint8 char_class[256];

static void
char_class_init (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      for (guint c = 0; c < 256; c++)
        char_class[c] = (guint8) ((g_ascii_isspace (c) ? CHAR_SPACE : 0)
                                  | (g_ascii_isalnum (c) || c == '_' ? CHAR_IDENT : 0)
                                  | (g_ascii_isalpha (c) || c == '_' ? CHAR_START : 0)
                                  | (g_ascii_isdigit (c) ? CHAR_DIGIT : 0)
                                  | (c != 0 && strchr ("{}();|,", (int) c) != NULL ? CHAR_PUNCT : 0));
      g_once_init_leave (&done, 1);
    }
}

#define CLASS(c) char_class[(guchar) (c)]

static gboolean
parser_fail (Parser     *parser,
             TsrError    code,
             const char *what)
{
  if (!parser->failed)
    tsr_set_error_at (parser->error, code, parser->token.offset, _("text map: line %u: %s"),
                      line_at (parser->data, parser->token.offset), what);
  parser->failed = TRUE;
  return FALSE;
}

static gboolean
parser_next (Parser *parser)
{
  const char *d = parser->data;

  token_clear_text (parser);
  for (;;)
    {
      {
        /* Locals, so the loop keeps them in registers (D may alias PARSER). */
        gsize pos = parser->pos, size = parser->size;

        while (pos < size && (CLASS (d[pos]) & CHAR_SPACE))
          pos++;
        parser->pos = pos;
      }
      parser->token.offset = parser->pos;
      if (parser->pos + 1 < parser->size && d[parser->pos] == '/' && d[parser->pos + 1] == '/')
        {
          gsize start = parser->pos;
          while (parser->pos < parser->size && d[parser->pos] != '\n')
            parser->pos++;
          if (parser->pos - start > strlen (LAYOUT_COMMENT)
              && strncmp (d + start, LAYOUT_COMMENT, strlen (LAYOUT_COMMENT)) == 0)
            {
              parser->token.type = TOKEN_LAYOUT;
              parser->token.text = g_strstrip (g_strndup (d + start + strlen (LAYOUT_COMMENT),
                                                          parser->pos - start - strlen (LAYOUT_COMMENT)));
              return TRUE;
            }
          if (parser->pos - start > strlen (RAW_COMMENT)
              && strncmp (d + start, RAW_COMMENT, strlen (RAW_COMMENT)) == 0)
            {
              parser->token.type = TOKEN_RAW;
              parser->token.text = g_strstrip (g_strndup (d + start + strlen (RAW_COMMENT),
                                                          parser->pos - start - strlen (RAW_COMMENT)));
              return TRUE;
            }
          continue;
        }
      if (parser->pos + 1 < parser->size && d[parser->pos] == '/' && d[parser->pos + 1] == '*')
        {
          parser->pos += 2;
          while (parser->pos + 1 < parser->size && !(d[parser->pos] == '*' && d[parser->pos + 1] == '/'))
            {
              parser->pos++;
            }
          if (parser->pos + 1 >= parser->size)
            return parser_fail (parser, TSR_ERROR_TRUNCATED, _("comment not closed"));
          parser->pos += 2;
          continue;
        }
      break;
    }

  if (parser->pos >= parser->size)
    {
      parser->token.type = TOKEN_END;
      return TRUE;
    }
  if (CLASS (d[parser->pos]) & CHAR_PUNCT)
    {
      parser->token.type = TOKEN_PUNCT;
      parser->token.punct = d[parser->pos++];
      return TRUE;
    }
  if (CLASS (d[parser->pos]) & CHAR_START)
    {
      gsize start = parser->pos, pos = start + 1, size = parser->size, length;

      while (pos < size && (CLASS (d[pos]) & CHAR_IDENT))
        pos++;
      parser->pos = pos;
      parser->token.type = TOKEN_IDENT;
      length = pos - start;
      if (length >= sizeof parser->ident)
        {
          parser->token.text = g_strndup (d + start, length);
          return TRUE;
        }
      /* Nearly every name fits 16 or 32 bytes: a copy of a constant size is a few moves, where a
       * memcpy call of the length cost more than the bytes. */
      if (length < 16 && start + 16 <= size)
        memcpy (parser->ident, d + start, 16);
      else if (length < 32 && start + 32 <= size)
        memcpy (parser->ident, d + start, 32);
      else
        memcpy (parser->ident, d + start, length);
      parser->ident[length] = '\0';
      parser->token.text = parser->ident;
      return TRUE;
    }
  if ((CLASS (d[parser->pos]) & CHAR_DIGIT)
      || (d[parser->pos] == '-' && parser->pos + 1 < parser->size && (CLASS (d[parser->pos + 1]) & CHAR_DIGIT)))
    {
      gsize start = parser->pos;
      char digits[72];
      char *end = NULL;

      parser->pos++;
      while (parser->pos < parser->size && (CLASS (d[parser->pos]) & CHAR_IDENT) && d[parser->pos] != '_')
        parser->pos++;
      /* No number is this long; the limit only keeps the copy on the stack. */
      if (parser->pos - start >= sizeof digits)
        return parser_fail (parser, TSR_ERROR_INVALID, _("number expected"));
      {
        /* Plain decimals (nearly every number) by hand; the rest (0x..., 0...) through strtoll. */
        gboolean negative = d[start] == '-';
        gsize first = start + negative, length = parser->pos - first;
        guint64 magnitude = 0;
        gsize i = first;

        if (length > 0 && length <= 18 && (d[first] != '0' || length == 1))
          for (; i < parser->pos && g_ascii_isdigit (d[i]); i++)
            magnitude = magnitude * 10 + (guint64) (d[i] - '0');
        if (length > 0 && length <= 18 && i == parser->pos && (d[first] != '0' || length == 1))
          {
            parser->token.number = negative ? -(gint64) magnitude : (gint64) magnitude;
            parser->token.type = TOKEN_NUMBER;
            return TRUE;
          }
      }
      memcpy (digits, d + start, parser->pos - start);
      digits[parser->pos - start] = '\0';
      errno = 0;
      parser->token.number = g_ascii_strtoll (digits, &end, 0);
      if (errno != 0 || end == NULL || *end != '\0')
        return parser_fail (parser, TSR_ERROR_INVALID, _("number expected"));
      parser->token.type = TOKEN_NUMBER;
      return TRUE;
    }
  if (d[parser->pos] == '"' || d[parser->pos] == '\'')
    {
      char quote = d[parser->pos++];
      GString *text = g_string_new (NULL);

      while (parser->pos < parser->size && d[parser->pos] != quote)
        {
          char c = d[parser->pos++];
          if (c == '\\' && parser->pos < parser->size)
            {
              char e = d[parser->pos++];
              if (e == 'n')
                c = '\n';
              else if (e == 't')
                c = '\t';
              else if (e == 'x' && parser->pos + 1 < parser->size
                       && g_ascii_isxdigit (d[parser->pos]) && g_ascii_isxdigit (d[parser->pos + 1]))
                {
                  c = (char) (g_ascii_xdigit_value (d[parser->pos]) * 16
                              + g_ascii_xdigit_value (d[parser->pos + 1]));
                  parser->pos += 2;
                }
              else
                c = e;
            }
          g_string_append_c (text, c);
        }
      if (parser->pos >= parser->size)
        {
          g_string_free (text, TRUE);
          return parser_fail (parser, TSR_ERROR_TRUNCATED, _("string not closed"));
        }
      parser->pos++;
      if (!g_utf8_validate (text->str, text->len, NULL) || strlen (text->str) != text->len)
        {
          g_string_free (text, TRUE);
          return parser_fail (parser, TSR_ERROR_INVALID, _("string is not UTF-8 text"));
        }
      parser->token.type = TOKEN_STRING;
      parser->token.text = g_string_free (text, FALSE);
      return TRUE;
    }
  return parser_fail (parser, TSR_ERROR_INVALID, _("unexpected character"));
}

static gboolean
is_punct (Parser *parser,
          char    punct)
{
  return parser->token.type == TOKEN_PUNCT && parser->token.punct == punct;
}

static gboolean
expect_punct (Parser *parser,
              char    punct)
{
  if (!is_punct (parser, punct))
    {
      g_autofree char *what = g_strdup_printf (_("'%c' expected"), punct);
      return parser_fail (parser, parser->token.type == TOKEN_END ? TSR_ERROR_TRUNCATED
                                                                  : TSR_ERROR_INVALID, what);
    }
  return parser_next (parser);
}

static gboolean
parse_number (Parser *parser,
              gint64 *value)
{
  if (parser->token.type != TOKEN_NUMBER)
    return parser_fail (parser, parser->token.type == TOKEN_END ? TSR_ERROR_TRUNCATED
                                                                : TSR_ERROR_INVALID, _("number expected"));
  *value = parser->token.number;
  return parser_next (parser);
}

static gboolean
check_range (Parser  *parser,
             gint64   value,
             gint64   low,
             gint64   high,
             const char *name)
{
  if (value < low || value > high)
    {
      g_autofree char *what = g_strdup_printf (_("%s: %" PRId64 " outside %" PRId64
                                               "..%" PRId64), name, value, low, high);
      return parser_fail (parser, TSR_ERROR_OUT_OF_RANGE, what);
    }
  return TRUE;
}

static gboolean
parse_value (Parser               *parser,
             const TsrField *field,
             TsrFieldValue       *value,
             GArray               *pending)
{
  gint64 low = 0, high = 0;

  switch (field->type)
    {
    case TSR_FIELD_CHARS:
    case TSR_FIELD_STRING:
      if (parser->token.type != TOKEN_STRING)
        return parser_fail (parser, TSR_ERROR_INVALID, _("string expected"));
      /* String tokens own their text: the value takes it. */
      g_free (value->text);
      value->text = g_steal_pointer (&parser->token.text);
      return parser_next (parser);
    case TSR_FIELD_POINT:
    case TSR_FIELD_SIZE:
    case TSR_FIELD_COLOR:
      {
        guint n = tsr_field_get_n_components (field);
        gint64 limit_low, limit_high;

        tsr_field_get_range (field, &limit_low, &limit_high);

        if (!expect_punct (parser, '('))
          return FALSE;
        for (guint i = 0; i < n; i++)
          {
            if (i == 3 && is_punct (parser, ')'))
              {
                value->v[3] = 255; /* colours may leave alpha out */
                break;
              }
            if (is_punct (parser, ',') && !parser_next (parser))
              return FALSE;
            if (!parse_number (parser, &value->v[i])
                || !check_range (parser, value->v[i], limit_low, limit_high, field->name))
              return FALSE;
          }
        return expect_punct (parser, ')');
      }
    case TSR_FIELD_BYTES:
      return parser_fail (parser, TSR_ERROR_INVALID, _("triggerdata is a block"));
    default:
      tsr_field_get_range (field, &low, &high);
      break;
    }
  if (field->reference == TSR_DOOM2D_REF_MONSTER)
    low = -1, high = (gint64) G_MAXINT32 - 1;
  if (field->reference == TSR_DOOM2D_REF_TEXTURE)
    low = -1; /* a removed texture; written as 0xffff */

  if (field->reference != TSR_DOOM2D_REF_NONE && parser->token.type == TOKEN_IDENT)
    {
      if (strcmp (parser->token.text, "null") == 0)
        value->v[0] = -1;
      else
        {
          PendingReference reference = {
            value, field->reference, g_string_chunk_insert (parser->strings, parser->token.text),
            parser->token.offset
          };

          g_array_append_val (pending, reference);
        }
      return parser_next (parser);
    }
  if (field->type == TSR_FIELD_BOOL && parser->token.type == TOKEN_IDENT)
    {
      if (strcmp (parser->token.text, "true") != 0 && strcmp (parser->token.text, "false") != 0)
        return parser_fail (parser, TSR_ERROR_INVALID, _("true or false expected"));
      value->v[0] = strcmp (parser->token.text, "true") == 0;
      return parser_next (parser);
    }

  value->v[0] = 0;
  for (;;)
    {
      gint64 part;

      if (parser->token.type == TOKEN_IDENT && field->enumeration != NULL)
        {
          if (!tsr_field_enum_lookup (field->enumeration, parser->token.text, &part))
            {
              g_autofree char *what = g_strdup_printf (_("%s: %s is no %s"), field->name,
                                                       parser->token.text, field->enumeration->name);
              return parser_fail (parser, TSR_ERROR_INVALID, what);
            }
          if (!parser_next (parser))
            return FALSE;
        }
      else if (!parse_number (parser, &part))
        return FALSE;
      value->v[0] |= part;
      if (!is_punct (parser, '|'))
        break;
      if (!parser_next (parser))
        return FALSE;
    }
  return check_range (parser, value->v[0], low, high, field->name);
}

static gboolean parse_fields (Parser *parser, TsrDoom2dRecord *record, const TsrField *fields,
                              guint n_fields, TsrFieldValue *values, GArray *pending,
                              gboolean top_level, TsrDoom2dMap *map, GPtrArray **names);

static gboolean
apply_raw (Parser          *parser,
           TsrDoom2dRecord *record,
           const char      *hex)
{
  gsize size = tsr_doom2d_record_get_type (record)->table.size;
  gsize length = strlen (hex);

  if (length != size * 2)
    return parser_fail (parser, TSR_ERROR_INVALID, _("tessera-raw comment of the wrong length"));
  g_free (record->raw);
  record->raw = g_malloc (size);
  for (gsize i = 0; i < size; i++)
    {
      if (!g_ascii_isxdigit (hex[2 * i]) || !g_ascii_isxdigit (hex[2 * i + 1]))
        return parser_fail (parser, TSR_ERROR_INVALID, _("tessera-raw comment is not hexadecimal"));
      record->raw[i] = (guint8) (g_ascii_xdigit_value (hex[2 * i]) * 16
                                 + g_ascii_xdigit_value (hex[2 * i + 1]));
    }
  return TRUE;
}

/* A record block: `KIND [NAME] { fields }`; the current token is KIND. */
static gboolean
parse_record (Parser                    *parser,
              TsrDoom2dMap              *map,
              const TsrDoom2dRecordType *type,
              GArray                    *pending,
              GPtrArray                **names)
{
  TsrDoom2dRecord *record = tsr_doom2d_record_new_batched (type->kind, &parser->batches[type->kind]);
  char *name = NULL;

  tsr_doom2d_map_add (map, record);
  if (!parser_next (parser))
    return FALSE;
  if (parser->token.type == TOKEN_IDENT)
    {
      name = g_string_chunk_insert (parser->strings, parser->token.text);
      if (!parser_next (parser))
        return FALSE;
    }
  g_ptr_array_add (names[type->kind], name);
  if (!expect_punct (parser, '{'))
    return FALSE;
  return parse_fields (parser, record, type->table.fields, type->table.n_fields, record->values, pending, FALSE,
                       map, names);
}

/* The field named NAME: the names from NEXT on first, exactly (files list fields in the table's
 * order, so that is nearly always the first or second compared), then tsr_field_find's search. */
static int
field_from (const TsrField *fields,
            guint           n_fields,
            guint           next,
            const char     *name)
{
  for (guint i = next; i < n_fields; i++)
    if (fields[i].name[0] == name[0] && strcmp (fields[i].name, name) == 0)
      return (int) i;
  return tsr_field_find (fields, n_fields, name);
}

/* Fields up to and including the closing '}'. */
static gboolean
parse_fields (Parser                *parser,
              TsrDoom2dRecord       *record,
              const TsrField  *fields,
              guint                  n_fields,
              TsrFieldValue        *values,
              GArray                *pending,
              gboolean               top_level,
              TsrDoom2dMap          *map,
              GPtrArray            **names)
{
  g_autofree char *raw = NULL;
  gboolean data_parsed = FALSE;
  guint next = 0; /* the field after the last one read: writers keep the table's order */

  for (;;)
    {
      const TsrDoom2dRecordType *type;
      int f;

      if (is_punct (parser, '}'))
        break;
      if (parser->token.type == TOKEN_LAYOUT)
        {
          if (!top_level || !tsr_doom2d_map_layout_from_string (map, parser->token.text))
            return parser_fail (parser, TSR_ERROR_INVALID, _("tessera-blocks comment not understood"));
          if (!parser_next (parser))
            return FALSE;
          continue;
        }
      if (parser->token.type == TOKEN_RAW)
        {
          g_free (raw);
          raw = g_strdup (parser->token.text);
          if (!parser_next (parser))
            return FALSE;
          continue;
        }
      if (parser->token.type != TOKEN_IDENT)
        return parser_fail (parser, parser->token.type == TOKEN_END ? TSR_ERROR_TRUNCATED
                                                                    : TSR_ERROR_INVALID,
                            _("field name or '}' expected"));
      if (top_level && (type = tsr_doom2d_record_type_by_name (parser->token.text)) != NULL
          && type->kind != TSR_DOOM2D_KIND_HEADER)
        {
          if (!parse_record (parser, map, type, pending, names))
            return FALSE;
          continue;
        }
      f = field_from (fields, n_fields, next, parser->token.text);
      if (f < 0)
        {
          g_autofree char *what = g_strdup_printf (_("no field '%s' here"), parser->token.text);
          return parser_fail (parser, TSR_ERROR_INVALID, what);
        }
      next = (guint) f + 1;
      if (!parser_next (parser))
        return FALSE;
      if (fields[f].type == TSR_FIELD_BYTES)
        {
          if (!expect_punct (parser, '{'))
            return FALSE;
          data_parsed = TRUE;
          if (record->layout == NULL)
            {
              if (is_punct (parser, '}'))
                {
                  if (!parser_next (parser))
                    return FALSE;
                  continue;
                }
              return parser_fail (parser, TSR_ERROR_INVALID,
                                  _("triggerdata before the trigger's type, or for a type without data"));
            }
          if (!parse_fields (parser, record, record->layout->table.fields, record->layout->table.n_fields,
                             record->data_values, pending, FALSE, map, names))
            return FALSE;
          continue;
        }
      if (data_parsed && values == record->values && f == TSR_DOOM2D_TRIGGER_TYPE)
        return parser_fail (parser, TSR_ERROR_INVALID, _("the trigger's type after its triggerdata"));
      if (!parse_value (parser, &fields[f], &values[f], pending))
        return FALSE;
      if (!expect_punct (parser, ';'))
        return FALSE;
      if (record->kind == TSR_DOOM2D_KIND_TRIGGER && values == record->values && f == TSR_DOOM2D_TRIGGER_TYPE)
        tsr_doom2d_record_set_trigger_type (record, (guint) values[f].v[0]);
    }
  if (raw != NULL && !apply_raw (parser, record, raw))
    return FALSE;
  /* Applied last: the type's switch of layout clears a trigger's data bytes. The fields' values
   * win over the raw bytes; these only fill what no field covers. */
  return parser_next (parser);
}

gboolean
tsr_doom2d_map_sniff_text (const guint8 *data,
                           gsize         size)
{
  gsize i = 0;

  if (size >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf)
    i = 3;
  for (;;)
    {
      while (i < size && g_ascii_isspace (data[i]))
        i++;
      if (i + 1 < size && data[i] == '/' && data[i + 1] == '/')
        {
          while (i < size && data[i] != '\n')
            i++;
          continue;
        }
      break;
    }
  return i + 3 <= size && memcmp (data + i, "map", 3) == 0
         && (i + 3 == size || !(g_ascii_isalnum (data[i + 3]) || data[i + 3] == '_'));
}

TsrDoom2dMap *
tsr_doom2d_map_read_text (const guint8 *data,
                          gsize         size,
                          GError      **error)
{
  Parser parser = { .data = (const char *) data, .size = size, .error = error,
                    .strings = g_string_chunk_new (4096) };
  g_autoptr(GArray) pending = g_array_sized_new (FALSE, FALSE, sizeof (PendingReference), 256);
  GPtrArray *names[TSR_DOOM2D_N_KINDS];
  gboolean canonical[TSR_DOOM2D_N_KINDS];
  TsrDoom2dMap *map = tsr_doom2d_map_new ();
  gboolean ok = FALSE;

  for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
    names[k] = g_ptr_array_sized_new (k == TSR_DOOM2D_KIND_PANEL ? 256 : 32);
  if (size >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf)
    parser.pos = 3;
  char_class_init ();

  if (!parser_next (&parser))
    goto out;
  if (parser.token.type != TOKEN_IDENT || strcmp (parser.token.text, "map") != 0)
    {
      parser_fail (&parser, parser.token.type == TOKEN_END ? TSR_ERROR_TRUNCATED : TSR_ERROR_BAD_MAGIC,
                   _("'map' expected"));
      goto out;
    }
  if (!parser_next (&parser) || !expect_punct (&parser, '{'))
    goto out;
  {
    const TsrDoom2dRecordType *header = tsr_doom2d_record_type (TSR_DOOM2D_KIND_HEADER);
    if (!parse_fields (&parser, map->header, header->table.fields, header->table.n_fields, map->header->values,
                       pending, TRUE, map, names))
      goto out;
  }
  if (parser.token.type != TOKEN_END)
    {
      parser_fail (&parser, TSR_ERROR_INVALID, _("end of file expected after the map block"));
      goto out;
    }

  for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
    {
      const char *kind_name = tsr_doom2d_record_type (k)->table.name;
      gsize prefix = strlen (kind_name);

      canonical[k] = TRUE;
      for (guint n = 0; n < names[k]->len && canonical[k]; n++)
        {
          const char *name = g_ptr_array_index (names[k], n);
          const char *p;
          guint64 number = 0;

          canonical[k] = name != NULL && strncmp (name, kind_name, prefix) == 0 && name[prefix] != '\0'
                         && (name[prefix] != '0' || name[prefix + 1] == '\0');
          for (p = canonical[k] ? name + prefix : ""; *p != '\0' && g_ascii_isdigit (*p) && number <= G_MAXUINT32; p++)
            number = number * 10 + (guint64) (*p - '0');
          canonical[k] = canonical[k] && *p == '\0' && number == n;
        }
    }
  for (guint i = 0; i < pending->len; i++)
    {
      PendingReference *reference = &g_array_index (pending, PendingReference, i);
      TsrDoom2dKind kind = reference->reference == TSR_DOOM2D_REF_TEXTURE ? TSR_DOOM2D_KIND_TEXTURE
                           : reference->reference == TSR_DOOM2D_REF_PANEL ? TSR_DOOM2D_KIND_PANEL
                           : reference->reference == TSR_DOOM2D_REF_MONSTER ? TSR_DOOM2D_KIND_MONSTER
                           : TSR_DOOM2D_KIND_TRIGGER;
      gint64 found = -1;
      const char *digits = reference->name + strlen (reference->name);

      /* When every name of the kind is the one we write ("panel12" for panel 12), names are
       * unique and the number says the index. */
      if (canonical[kind])
        {
          const char *kind_name = tsr_doom2d_record_type (kind)->table.name;
          gsize prefix = strlen (kind_name);
          guint64 guess = G_MAXUINT64;

          while (digits > reference->name && g_ascii_isdigit (digits[-1]))
            digits--;
          if (*digits != '\0' && strlen (digits) < 10 && (gsize) (digits - reference->name) == prefix
              && strncmp (reference->name, kind_name, prefix) == 0)
            guess = g_ascii_strtoull (digits, NULL, 10);
          if (guess < names[kind]->len && strcmp (g_ptr_array_index (names[kind], guess), reference->name) == 0)
            found = (gint64) guess;
        }
      else
        for (guint n = 0; n < names[kind]->len; n++)
          if (g_strcmp0 (g_ptr_array_index (names[kind], n), reference->name) == 0)
            {
              found = n;
              break;
            }
      if (found < 0)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, reference->offset,
                            _("text map: line %u: no %s named '%s'"), line_at (parser.data, reference->offset),
                            tsr_doom2d_record_type (kind)->table.name, reference->name);
          goto out;
        }
      reference->value->v[0] = found;
    }
  ok = TRUE;

out:
  token_clear_text (&parser);
  g_string_chunk_free (parser.strings);
  for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
    g_ptr_array_unref (names[k]);
  if (!ok)
    {
      tsr_doom2d_map_free (map);
      return NULL;
    }
  return map;
}
