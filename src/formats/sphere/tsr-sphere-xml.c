/* tsr-sphere-xml.c: the Sphere codecs' shared GMarkup helpers (see the header). */
#include "formats/sphere/tsr-sphere-xml.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>

#include "core/tsr-error.h"

void
tsr_sphere_xml_fail (GMarkupParseContext *context,
                     const char          *file_name,
                     GError             **error,
                     const char          *format,
                     ...)
{
  va_list args;
  g_autofree char *message = NULL;
  int line = 0, column = 0;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_markup_parse_context_get_position (context, &line, &column);
  if (file_name != NULL)
    g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "%s:%d:%d: %s", file_name, line, column, message);
  else
    g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("TMX %d:%d: %s"), line, column, message);
}

const char *
tsr_sphere_xml_attribute (const char **names,
                          const char **values,
                          const char  *name)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      return values[i];
  return NULL;
}

gboolean
tsr_sphere_xml_parse_int (const char *text,
                          gboolean    decimals,
                          gint64      min,
                          gint64      max,
                          gint64     *value)
{
  char *end = NULL;

  if (text == NULL)
    return FALSE;
  errno = 0;
  *value = g_ascii_strtoll (text, &end, 10);
  if (decimals && *end == '.')
    {
      double number = floor (g_ascii_strtod (text, &end) + 0.5);

      /* Out of range (or not a number) before it is made an integer. */
      if (!(number >= (double) min && number <= (double) max))
        return FALSE;
      *value = (gint64) number;
    }
  return errno == 0 && end != text && *end == '\0' && *value >= min && *value <= max;
}

gboolean
tsr_sphere_xml_parse_double (const char *text,
                             double     *value)
{
  char *end = NULL;

  if (text == NULL)
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && isfinite (*value);
}
