/* tsr-field.c: the shared helpers of field tables: integer reads and writes of any width, sign and
 * byte order, struct decoding, coverage checks, enum lookup, and values as text. */
#include "core/tsr-field.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/tsr-error.h"

#include <glib/gi18n.h>
#include <inttypes.h>

int
tsr_field_find (const TsrField *fields,
                guint           n_fields,
                const char     *name)
{
  g_return_val_if_fail (name != NULL, -1);

  /* The first byte first: text readers look a name up per field they read. */
  for (guint i = 0; i < n_fields; i++)
    if (fields[i].name[0] == name[0] && strcmp (fields[i].name, name) == 0)
      return (int) i;
  /* Other spellings compare without case: aliases are older names, engines' parsers ignore case. */
  for (guint i = 0; i < n_fields; i++)
    if (g_ascii_strcasecmp (fields[i].name, name) == 0
        || (fields[i].alias != NULL && g_ascii_strcasecmp (fields[i].alias, name) == 0))
      return (int) i;
  return -1;
}

int
tsr_field_table_find (const TsrFieldTable *table,
                      const char          *name)
{
  g_return_val_if_fail (table != NULL, -1);
  return tsr_field_find (table->fields, table->n_fields, name);
}

gboolean
tsr_field_table_check_coverage (const TsrFieldTable *table,
                                char               **problem)
{
  g_autofree guint8 *seen = g_malloc0 (MAX (table->size, 1));

  for (guint i = 0; i < table->n_fields; i++)
    {
      const TsrField *field = &table->fields[i];
      gsize size = tsr_field_get_size (field);

      for (gsize b = 0; b < size; b++)
        {
          gsize at = (gsize) field->offset + b;

          if (at >= table->size || seen[at]++)
            {
              *problem = g_strdup_printf ("%s: field %s byte %" G_GSIZE_FORMAT, table->name, field->name, at);
              return FALSE;
            }
        }
    }
  for (gsize b = 0; b < table->size; b++)
    if (!seen[b])
      {
        *problem = g_strdup_printf ("%s: byte %" G_GSIZE_FORMAT " uncovered", table->name, b);
        return FALSE;
      }
  return TRUE;
}

gsize
tsr_field_get_size (const TsrField *field)
{
  if (field->offset < 0)
    return 0;
  switch (field->type)
    {
    case TSR_FIELD_POINT:
    case TSR_FIELD_SIZE:
      return 2u * field->width;
    case TSR_FIELD_COLOR:
      return 4u * field->width;
    case TSR_FIELD_STRING:
      return 0;
    default:
      return field->width;
    }
}

const char *
tsr_field_get_label (const TsrField *field)
{
  return field->label != NULL ? field->label : field->name;
}

gboolean
tsr_field_is_text (const TsrField *field)
{
  return field->type == TSR_FIELD_CHARS || field->type == TSR_FIELD_STRING;
}

guint
tsr_field_get_n_components (const TsrField *field)
{
  switch (field->type)
    {
    case TSR_FIELD_POINT:
    case TSR_FIELD_SIZE:
      return 2;
    case TSR_FIELD_COLOR:
      return 4;
    case TSR_FIELD_CHARS:
    case TSR_FIELD_STRING:
    case TSR_FIELD_BYTES:
      return 0;
    default:
      return 1;
    }
}

void
tsr_field_get_range (const TsrField *field,
                     gint64         *minimum,
                     gint64         *maximum)
{
  guint width = field->width == 0 ? 4 : MIN (field->width, 8);

  if (width >= 8)
    {
      *minimum = (field->flags & TSR_FIELD_SIGNED) ? G_MININT64 : 0;
      *maximum = G_MAXINT64;
    }
  else if (field->flags & TSR_FIELD_SIGNED)
    {
      *minimum = -((gint64) 1 << (width * 8 - 1));
      *maximum = ((gint64) 1 << (width * 8 - 1)) - 1;
    }
  else
    {
      *minimum = 0;
      *maximum = ((gint64) 1 << (width * 8)) - 1;
    }
  /* A negated boolean holds 1 - stored, so any stored byte still has a value. */
  if (field->type == TSR_FIELD_BOOL && (field->flags & TSR_FIELD_NEGATED))
    {
      gint64 stored_maximum = *maximum;

      *maximum = 1 - *minimum;
      *minimum = 1 - stored_maximum;
    }
}

gint64
tsr_field_read_int (const TsrField *field,
                    const guint8   *data)
{
  guint width = MIN (field->width, 8);
  guint64 v = 0;

  for (guint i = 0; i < width; i++)
    {
      guint at = (field->flags & TSR_FIELD_BIG_ENDIAN) ? i : width - 1 - i;

      v = v << 8 | data[at];
    }
  if ((field->flags & TSR_FIELD_SIGNED) && width < 8 && width > 0 && (v >> (width * 8 - 1)) & 1)
    v |= ~(guint64) 0 << (width * 8);
  return (gint64) v;
}

void
tsr_field_write_int (const TsrField *field,
                     guint8         *data,
                     gint64          value)
{
  guint width = MIN (field->width, 8);
  guint64 v = (guint64) value;

  for (guint i = 0; i < width; i++)
    {
      guint at = (field->flags & TSR_FIELD_BIG_ENDIAN) ? width - 1 - i : i;

      data[at] = (guint8) (v & 0xff);
      v >>= 8;
    }
}

gint64
tsr_field_get (const TsrField *field,
               const guint8   *record)
{
  gint64 v;

  g_return_val_if_fail (field->offset >= 0, 0);
  v = tsr_field_read_int (field, record + field->offset);
  if (field->type == TSR_FIELD_BOOL && (field->flags & TSR_FIELD_NEGATED))
    v = 1 - v;
  return v;
}

void
tsr_field_set (const TsrField *field,
               guint8         *record,
               gint64          value)
{
  g_return_if_fail (field->offset >= 0);
  if (field->type == TSR_FIELD_BOOL && (field->flags & TSR_FIELD_NEGATED))
    value = 1 - value;
  tsr_field_write_int (field, record + field->offset, value);
}

/* A struct member is the field's integer in host byte order. */
static TsrField
host_order (const TsrField *field)
{
  TsrField host = *field;

  host.flags &= ~TSR_FIELD_BIG_ENDIAN;
  if (G_BYTE_ORDER == G_BIG_ENDIAN)
    host.flags |= TSR_FIELD_BIG_ENDIAN;
  return host;
}

gint64
tsr_field_get_member (const TsrField *field,
                      gconstpointer   record)
{
  TsrField host = host_order (field);

  return tsr_field_read_int (&host, (const guint8 *) record + field->member);
}

void
tsr_field_set_member (const TsrField *field,
                      gpointer        record,
                      gint64          value)
{
  TsrField host = host_order (field);

  tsr_field_write_int (&host, (guint8 *) record + field->member, value);
}

void
tsr_field_table_decode_struct (const TsrFieldTable *table,
                               const guint8        *data,
                               gpointer             record)
{
  for (guint i = 0; i < table->n_fields; i++)
    {
      const TsrField *field = &table->fields[i];
      guint8 *out = (guint8 *) record + field->member;
      const guint8 *in = data + field->offset;

      if (field->type == TSR_FIELD_CHARS || field->type == TSR_FIELD_BYTES || field->width == 1)
        memcpy (out, in, tsr_field_get_size (field));
      else
        for (guint c = 0; c < MAX (tsr_field_get_n_components (field), 1); c++)
          tsr_field_set_member (&(TsrField) { .width = field->width, .flags = field->flags,
                                              .member = field->member + (int) (c * field->width) },
                                record, tsr_field_read_int (field, in + c * field->width));
    }
}

void
tsr_field_table_encode_struct (const TsrFieldTable *table,
                               gconstpointer        record,
                               guint8              *data)
{
  for (guint i = 0; i < table->n_fields; i++)
    {
      const TsrField *field = &table->fields[i];
      const guint8 *in = (const guint8 *) record + field->member;
      guint8 *out = data + field->offset;

      if (field->type == TSR_FIELD_CHARS || field->type == TSR_FIELD_BYTES || field->width == 1)
        memcpy (out, in, tsr_field_get_size (field));
      else
        for (guint c = 0; c < MAX (tsr_field_get_n_components (field), 1); c++)
          tsr_field_write_int (field, out + c * field->width,
                               tsr_field_get_member (&(TsrField) { .width = field->width, .flags = field->flags,
                                                                   .member = field->member + (int) (c * field->width) },
                                                     record));
    }
}

gboolean
tsr_field_decode (const TsrField *field,
                  const guint8   *record,
                  TsrFieldValue  *value)
{
  guint n = tsr_field_get_n_components (field);

  if (n == 0 || field->offset < 0)
    return FALSE;
  for (guint c = 0; c < n; c++)
    value->v[c] = tsr_field_read_int (field, record + field->offset + c * field->width);
  if (field->type == TSR_FIELD_BOOL && (field->flags & TSR_FIELD_NEGATED))
    value->v[0] = 1 - value->v[0];
  return TRUE;
}

gboolean
tsr_field_encode (const TsrField      *field,
                  const TsrFieldValue *value,
                  guint8              *record)
{
  guint n = tsr_field_get_n_components (field);

  if (n == 0 || field->offset < 0)
    return FALSE;
  for (guint c = 0; c < n; c++)
    {
      gint64 v = value->v[c];

      if (field->type == TSR_FIELD_BOOL && (field->flags & TSR_FIELD_NEGATED))
        v = 1 - v;
      tsr_field_write_int (field, record + field->offset + c * field->width, v);
    }
  return TRUE;
}

/* The constant for VALUE, or NULL. */
static const TsrFieldConstant *
find_constant (const TsrFieldEnum *enumeration,
               gint64              value)
{
  for (guint i = 0; enumeration != NULL && i < enumeration->n_constants; i++)
    if (enumeration->constants[i].value == value)
      return &enumeration->constants[i];
  return NULL;
}

const char *
tsr_field_enum_name (const TsrFieldEnum *enumeration,
                     gint64              value)
{
  const TsrFieldConstant *constant = find_constant (enumeration, value);

  return constant != NULL ? constant->name : NULL;
}

const char *
tsr_field_constant_label (const TsrFieldEnum     *enumeration,
                          const TsrFieldConstant *constant)
{
  /* The default domain, as _() uses: the program that binds a catalogue chose it. */
  return g_dpgettext2 (NULL, enumeration->name, constant->name);
}

const char *
tsr_field_enum_label (const TsrFieldEnum *enumeration,
                      gint64              value)
{
  const TsrFieldConstant *constant = find_constant (enumeration, value);

  return constant != NULL ? tsr_field_constant_label (enumeration, constant) : NULL;
}

/* A constant whose label is NAME (exactly, else ignoring case), in the editors' spelling. */
static gboolean
enum_lookup_label (const TsrFieldEnum *enumeration,
                   const char         *name,
                   gint64             *value)
{
  g_autofree char *folded = g_utf8_casefold (name, -1);

  for (guint i = 0; i < enumeration->n_constants; i++)
    {
      g_autofree char *label = g_utf8_casefold (tsr_field_constant_label (enumeration, &enumeration->constants[i]), -1);

      if (strcmp (label, folded) == 0)
        {
          *value = enumeration->constants[i].value;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
tsr_field_enum_lookup (const TsrFieldEnum *enumeration,
                       const char         *name,
                       gint64             *value)
{
  if (enumeration == NULL)
    return FALSE;
  for (guint i = 0; i < enumeration->n_constants; i++)
    if (enumeration->constants[i].name[0] == name[0] && strcmp (enumeration->constants[i].name, name) == 0)
      {
        *value = enumeration->constants[i].value;
        return TRUE;
      }
  for (guint i = 0; i < enumeration->n_constants; i++)
    if (g_ascii_strcasecmp (enumeration->constants[i].name, name) == 0)
      {
        *value = enumeration->constants[i].value;
        return TRUE;
      }
  return FALSE;
}

void
tsr_field_value_clear (TsrFieldValue *value)
{
  g_clear_pointer (&value->text, g_free);
  memset (value->v, 0, sizeof value->v);
}

void
tsr_field_value_copy (TsrFieldValue       *to,
                      const TsrFieldValue *from)
{
  char *text = g_strdup (from->text);

  g_free (to->text);
  memcpy (to->v, from->v, sizeof to->v);
  to->text = text;
}

void
tsr_field_value_set_text (TsrFieldValue *value,
                          const char    *text)
{
  char *copy = g_strdup (text);

  g_free (value->text);
  value->text = copy;
}

gboolean
tsr_field_value_equal (const TsrField      *field,
                       const TsrFieldValue *a,
                       const TsrFieldValue *b)
{
  if (tsr_field_is_text (field))
    return g_strcmp0 (a->text != NULL ? a->text : "", b->text != NULL ? b->text : "") == 0;
  for (guint c = 0; c < tsr_field_get_n_components (field); c++)
    if (a->v[c] != b->v[c])
      return FALSE;
  return TRUE;
}

gboolean
tsr_field_value_is_default (const TsrField      *field,
                            const TsrFieldValue *value)
{
  TsrFieldValue def = { { 0 }, (char *) (field->default_text != NULL ? field->default_text : "") };

  memcpy (def.v, field->default_value, sizeof def.v);
  return tsr_field_value_equal (field, value, &def);
}

/* Exact constant names first; a positive bitset value as its single-bit constants joined by " | ",
 * with the bits no constant names as one number at the end; anything else as a number. */
static const char *
constant_text (const TsrFieldEnum     *enumeration,
               const TsrFieldConstant *constant,
               gboolean                labels)
{
  return labels ? tsr_field_constant_label (enumeration, constant) : constant->name;
}

static void
append_integer (GString        *out,
                const TsrField *field,
                gint64          value,
                gboolean        labels)
{
  const TsrFieldEnum *enumeration = field->enumeration;
  const TsrFieldConstant *named = find_constant (enumeration, value);
  gint64 rest = value;
  gboolean first = TRUE;

  if (named != NULL)
    {
      g_string_append (out, constant_text (enumeration, named, labels));
      return;
    }
  if (field->flags & TSR_FIELD_BYTE_PAIR)
    {
      g_string_append_printf (out, "%u:%u", (guint) ((value >> 8) & 0xff), (guint) (value & 0xff));
      return;
    }
  if (enumeration == NULL || !enumeration->bitset || value <= 0)
    {
      g_string_append_printf (out, "%" G_GINT64_FORMAT, value);
      return;
    }
  for (guint i = 0; i < enumeration->n_constants; i++)
    {
      gint64 bit = enumeration->constants[i].value;

      if (bit == 0 || (bit & (bit - 1)) != 0 || !(rest & bit))
        continue;
      g_string_append_printf (out, "%s%s", first ? "" : " | ", constant_text (enumeration, &enumeration->constants[i], labels));
      rest &= ~bit;
      first = FALSE;
    }
  if (rest != 0)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, first ? "" : " | ", rest);
}

static void
append_value (GString             *out,
              const TsrField      *field,
              const TsrFieldValue *value,
              gboolean             labels);

char *
tsr_field_value_to_string (const TsrField      *field,
                           const TsrFieldValue *value)
{
  GString *out = g_string_new (NULL);

  append_value (out, field, value, FALSE);
  return g_string_free (out, FALSE);
}

char *
tsr_field_value_to_label (const TsrField      *field,
                          const TsrFieldValue *value)
{
  GString *out = g_string_new (NULL);

  append_value (out, field, value, TRUE);
  return g_string_free (out, FALSE);
}

void
tsr_field_value_append (GString             *out,
                        const TsrField      *field,
                        const TsrFieldValue *value)
{
  append_value (out, field, value, FALSE);
}

static void
append_value (GString             *out,
              const TsrField      *field,
              const TsrFieldValue *value,
              gboolean             labels)
{
  switch (field->type)
    {
    case TSR_FIELD_CHARS:
    case TSR_FIELD_STRING:
      g_string_append (out, value->text != NULL ? value->text : "");
      break;
    case TSR_FIELD_BOOL:
      if (value->v[0] == 0 || value->v[0] == 1)
        g_string_append (out, value->v[0] ? "true" : "false");
      else
        g_string_append_printf (out, "%" G_GINT64_FORMAT, value->v[0]);
      break;
    case TSR_FIELD_FIXED:
      {
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];
        double scale = (double) ((gint64) 1 << field->fraction_bits);
        double d = (double) value->v[0] / scale;

        /* The fewest decimals that parse back to the same integer: 58982 / 65536 is "0.9", not
         * "0.899993896484375". */
        for (int digits = 0; digits <= 17; digits++)
          {
            char format[8];
            double back;

            g_snprintf (format, sizeof format, "%%.%df", digits);
            g_ascii_formatd (buffer, sizeof buffer, format, d);
            back = g_ascii_strtod (buffer, NULL);
            if ((gint64) (back * scale + (back < 0 ? -0.5 : 0.5)) == value->v[0])
              break;
          }
        g_string_append (out, buffer);
        break;
      }
    case TSR_FIELD_BYTES:
      g_string_append_printf (out, "(%u bytes)", field->width);
      break;
    case TSR_FIELD_INT:
      append_integer (out, field, value->v[0], labels);
      break;
    default:
      for (guint c = 0; c < tsr_field_get_n_components (field); c++)
        g_string_append_printf (out, "%s%" G_GINT64_FORMAT, c > 0 ? ", " : "", value->v[c]);
      break;
    }
}

static gboolean
parse_integer (const TsrField *field,
               const char     *text,
               gboolean        labels,
               gint64         *out,
               GError        **error)
{
  gint64 minimum, maximum, v;
  char *end = NULL;
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  if (field->enumeration != NULL && tsr_field_enum_lookup (field->enumeration, stripped, &v))
    ;
  else if (labels && field->enumeration != NULL && enum_lookup_label (field->enumeration, stripped, &v))
    ;
  else if ((field->flags & TSR_FIELD_BYTE_PAIR) && strchr (stripped, ':') != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (stripped, ":", -1);
      guint64 high = 0, low = 0;

      if (g_strv_length (parts) != 2 || !g_ascii_string_to_unsigned (g_strstrip (parts[0]), 10, 0, 255, &high, NULL)
          || !g_ascii_string_to_unsigned (g_strstrip (parts[1]), 10, 0, 255, &low, NULL))
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: “%s” is not two numbers 0..255 as high:low"),
                       field->name, stripped);
          return FALSE;
        }
      v = (gint64) (high << 8 | low);
      /* The two bytes of a signed 16-bit field: 255:255 is -1. */
      if ((field->flags & TSR_FIELD_SIGNED) && field->width == 2 && v > G_MAXINT16)
        v -= 65536;
    }
  else if (field->enumeration != NULL && field->enumeration->bitset && strchr (stripped, '|') != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (stripped, "|", -1);

      v = 0;
      for (guint i = 0; parts[i] != NULL; i++)
        {
          gint64 bit;

          if (!parse_integer (field, parts[i], labels, &bit, error))
            return FALSE;
          v |= bit;
        }
      *out = v;
      return TRUE;
    }
  else
    {
      errno = 0;
      v = g_ascii_strtoll (stripped, &end, 0);
      if (stripped[0] == '\0' || end == NULL || *end != '\0' || errno != 0)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: “%s” is not a number%s"), field->name, stripped,
                       field->enumeration != NULL ? _(" or a constant name") : "");
          return FALSE;
        }
    }
  tsr_field_get_range (field, &minimum, &maximum);
  if (field->type == TSR_FIELD_INT && field->enumeration != NULL && field->enumeration->bitset)
    ;
  else if (v < minimum || v > maximum)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("%s: %" PRId64 " is outside %" PRId64 "..%" PRId64), field->name, v,
                   minimum, maximum);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

static gboolean
parse_value (const TsrField *field,
             const char     *text,
             gboolean        labels,
             TsrFieldValue  *value,
             GError        **error)
{
  switch (field->type)
    {
    case TSR_FIELD_CHARS:
    case TSR_FIELD_STRING:
      tsr_field_value_set_text (value, text);
      return TRUE;
    case TSR_FIELD_BOOL:
      if (g_ascii_strcasecmp (text, "true") == 0 || g_strcmp0 (text, "1") == 0)
        value->v[0] = 1;
      else if (g_ascii_strcasecmp (text, "false") == 0 || g_strcmp0 (text, "0") == 0)
        value->v[0] = 0;
      else
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: “%s” is not true or false"), field->name, text);
          return FALSE;
        }
      return TRUE;
    case TSR_FIELD_FIXED:
      {
        char *end = NULL;
        double d = g_ascii_strtod (text, &end);

        if (text[0] == '\0' || end == NULL || *end != '\0')
          {
            g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: “%s” is not a number"), field->name, text);
            return FALSE;
          }
        value->v[0] = (gint64) (d * (double) ((gint64) 1 << field->fraction_bits) + (d < 0 ? -0.5 : 0.5));
        return TRUE;
      }
    case TSR_FIELD_BYTES:
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("%s: raw bytes cannot be typed in"), field->name);
      return FALSE;
    case TSR_FIELD_INT:
      return parse_integer (field, text, labels, &value->v[0], error);
    default:
      {
        g_auto(GStrv) parts = g_strsplit (text, ",", -1);
        guint n = tsr_field_get_n_components (field);

        if (g_strv_length (parts) != n)
          {
            g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: %u numbers separated by commas expected"),
                         field->name, n);
            return FALSE;
          }
        for (guint c = 0; c < n; c++)
          if (!parse_integer (field, parts[c], labels, &value->v[c], error))
            return FALSE;
        return TRUE;
      }
    }
}

gboolean
tsr_field_value_parse (const TsrField *field,
                       const char     *text,
                       TsrFieldValue  *value,
                       GError        **error)
{
  return parse_value (field, text, FALSE, value, error);
}

gboolean
tsr_field_value_parse_label (const TsrField *field,
                             const char     *text,
                             TsrFieldValue  *value,
                             GError        **error)
{
  return parse_value (field, text, TRUE, value, error);
}
