/* tsr-error.c: the TSR_ERROR domain. */
#include "core/tsr-error.h"

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

  g_set_error (error, TSR_ERROR, code, "%s (offset %" G_GSIZE_FORMAT ")", message, offset);
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
