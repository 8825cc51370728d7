/* tsr-sphere-string.c: Sphere's length-prefixed byte strings and their text decoding. */
#include "formats/sphere/tsr-sphere-string.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"

GBytes *
tsr_sphere_string_read (TsrReader  *reader,
                        const char *label,
                        GError    **error)
{
  guint16 length;
  GBytes *bytes;

  if (!tsr_reader_read_u16_le (reader, &length, error))
    {
      tsr_error_prefix (error, _("%s length"), label);
      return NULL;
    }
  bytes = tsr_reader_read_gbytes (reader, length, error);
  if (bytes == NULL)
    tsr_error_prefix (error, _("%s (%u bytes)"), label, length);
  return bytes;
}

void
tsr_sphere_string_write (TsrWriter *writer,
                         GBytes    *string)
{
  gsize size = 0;
  const guint8 *data = string != NULL ? g_bytes_get_data (string, &size) : NULL;

  g_return_if_fail (size <= TSR_SPHERE_STRING_MAX);
  tsr_writer_write_u16_le (writer, (guint16) size);
  if (size > 0)
    tsr_writer_write_bytes (writer, data, size);
}

gboolean
tsr_sphere_string_is_utf8 (GBytes *string)
{
  gsize size = 0;
  const char *data = string != NULL ? g_bytes_get_data (string, &size) : NULL;

  if (size == 0)
    return TRUE;
  return g_utf8_validate_len (data, size, NULL);
}

char *
tsr_sphere_string_to_utf8 (GBytes *string)
{
  gsize size = 0;
  const guint8 *data = string != NULL ? g_bytes_get_data (string, &size) : NULL;
  GString *text;

  if (size == 0)
    return g_strdup ("");
  if (g_utf8_validate_len ((const char *) data, size, NULL))
    return g_strndup ((const char *) data, size);

  text = g_string_sized_new (size * 2);
  for (gsize i = 0; i < size; i++)
    g_string_append_unichar (text, data[i]);
  return g_string_free (text, FALSE);
}

GBytes *
tsr_sphere_string_new (const char *text)
{
  return g_bytes_new (text, strlen (text));
}

GBytes *
tsr_sphere_string_new_latin1 (const char *text)
{
  GByteArray *bytes = g_byte_array_new ();

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      guint8 byte = (guint8) c;

      if (c > 0xff)
        {
          g_byte_array_unref (bytes);
          return NULL;
        }
      g_byte_array_append (bytes, &byte, 1);
    }
  return g_byte_array_free_to_bytes (bytes);
}

gboolean
tsr_sphere_string_set (GBytes    **slot,
                       const char *text)
{
  g_autofree char *current = tsr_sphere_string_to_utf8 (*slot);

  if (g_strcmp0 (current, text) == 0)
    return FALSE;
  g_clear_pointer (slot, g_bytes_unref);
  *slot = tsr_sphere_string_new (text);
  return TRUE;
}
