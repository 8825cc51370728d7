/* tsr-error.c: the TSR_ERROR domain. */
#include "core/tsr-error.h"

#include <string.h>
#include <glib/gi18n.h>

G_DEFINE_QUARK (tsr-error-quark, tsr_error)

void
tsr_set_error_at (GError    **error,
                  TsrError    code,
                  gsize       offset,
                  const char *format,
                  ...)
{
  va_list args;
  g_autofree char *message = NULL;

  if (error == NULL)
    return;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, TSR_ERROR, code, _("%s (offset %zu)"), message, offset);
}

void
tsr_error_prefix (GError    **error,
                  const char *format,
                  ...)
{
  va_list args;
  g_autofree char *prefix = NULL;
  char *message;

  if (error == NULL || *error == NULL)
    return;

  va_start (args, format);
  prefix = g_strdup_vprintf (format, args);
  va_end (args);

  message = g_strconcat (prefix, ": ", (*error)->message, NULL);
  g_free ((*error)->message);
  (*error)->message = message;
}

char *
tsr_escape_control (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));
  const char *p = text;

  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", (guint8) *p);
          p++;
          continue;
        }
      if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02X", c);
      else if (c >= 0x80 && c < 0xa0)
        g_string_append_printf (out, "\\u%04X", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

char *
tsr_error_describe_for_path (const char *path,
                             const char *message)
{
  g_autofree char *safe_path = tsr_escape_control (path);
  g_autofree char *safe_message = NULL;
  gsize path_length = strlen (path);

  /* Messages about the file itself may already start with it (I/O errors do). */
  if (path_length > 0 && strncmp (message, path, path_length) == 0
      && strncmp (message + path_length, ": ", 2) == 0)
    message += path_length + 2;
  safe_message = tsr_escape_control (message);
  return g_strconcat (safe_path, ": ", safe_message, NULL);
}
