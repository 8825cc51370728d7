/* tsr-gimp-palette.c: the .gpl reader and writer, line by line. */
#include "core/tsr-gimp-palette.h"

#include <string.h>

#include "core/tsr-error.h"
#include <glib/gi18n.h>

static void
clear_color (gpointer data)
{
  g_free (((TsrGimpPaletteColor *) data)->name);
}

TsrGimpPalette *
tsr_gimp_palette_new (const char *name)
{
  TsrGimpPalette *palette = g_new0 (TsrGimpPalette, 1);

  palette->name = g_strdup (name);
  palette->colors = g_array_new (FALSE, FALSE, sizeof (TsrGimpPaletteColor));
  g_array_set_clear_func (palette->colors, clear_color);
  return palette;
}

void
tsr_gimp_palette_free (TsrGimpPalette *palette)
{
  if (palette == NULL)
    return;
  g_free (palette->name);
  g_array_unref (palette->colors);
  g_free (palette);
}

void
tsr_gimp_palette_add (TsrGimpPalette *palette,
                      guint8          red,
                      guint8          green,
                      guint8          blue,
                      const char     *name)
{
  TsrGimpPaletteColor color = { red, green, blue, g_strdup (name != NULL ? name : "") };

  /* A name is the rest of one line. */
  g_strdelimit (color.name, "\r\n", ' ');
  g_array_append_val (palette->colors, color);
}

/* Reads a decimal 0..255 at *P (after blanks), moving past it. */
static gboolean
read_component (const char **p,
                guint8      *value)
{
  guint number = 0, digits = 0;

  while (**p == ' ' || **p == '\t')
    (*p)++;
  while (g_ascii_isdigit (**p) && digits < 4)
    {
      number = number * 10 + (guint) (**p - '0');
      (*p)++;
      digits++;
    }
  if (digits == 0 || number > 255 || g_ascii_isdigit (**p) || (**p != '\0' && **p != ' ' && **p != '\t'))
    return FALSE;
  *value = (guint8) number;
  return TRUE;
}

TsrGimpPalette *
tsr_gimp_palette_parse (const guint8 *data,
                        gsize         size,
                        const char   *label,
                        GError      **error)
{
  g_autoptr(TsrGimpPalette) palette = tsr_gimp_palette_new (NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_utf8_validate ((const char *) data, (gssize) size, NULL))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: not a GIMP palette (the text is not UTF-8)"), label);
      return NULL;
    }
  text = g_strndup ((const char *) data, size);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = lines[i];
      gsize length = strlen (line);
      const char *p;
      guint8 rgb[3];

      if (length > 0 && line[length - 1] == '\r')
        line[length - 1] = '\0';
      if (i == 0)
        {
          /* (a UTF-8 byte-order mark is allowed before the header) */
          if (!g_str_has_prefix (line, "GIMP Palette") && !g_str_has_prefix (line, "\xEF\xBB\xBFGIMP Palette"))
            {
              g_set_error (error, TSR_ERROR, TSR_ERROR_BAD_MAGIC, _("%s: line 1: \"GIMP Palette\" expected"), label);
              return NULL;
            }
          continue;
        }
      g_strstrip (line);
      if (*line == '\0' || *line == '#')
        continue;
      if (g_str_has_prefix (line, "Name:"))
        {
          g_free (palette->name);
          palette->name = g_strstrip (g_strdup (line + 5));
          continue;
        }
      if (g_str_has_prefix (line, "Columns:"))
        {
          guint64 columns = 0;

          if (!g_ascii_string_to_unsigned (g_strstrip (line + 8), 10, 0, 256, &columns, NULL))
            {
              g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: line %u: a column count 0..256 expected"), label, i + 1);
              return NULL;
            }
          palette->columns = (guint) columns;
          continue;
        }
      p = line;
      for (guint c = 0; c < 3; c++)
        if (!read_component (&p, &rgb[c]))
          {
            g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                         _("%s: line %u: a colour as three numbers 0..255 (red, green, blue) expected"), label, i + 1);
            return NULL;
          }
      if (palette->colors->len >= TSR_GIMP_PALETTE_MAX_COLORS)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("%s: line %u: more than %u colours"), label, i + 1,
                       TSR_GIMP_PALETTE_MAX_COLORS);
          return NULL;
        }
      while (*p == ' ' || *p == '\t')
        p++;
      tsr_gimp_palette_add (palette, rgb[0], rgb[1], rgb[2], p);
    }
  if (lines[0] == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_TRUNCATED, _("%s: empty, \"GIMP Palette\" expected"), label);
      return NULL;
    }
  return g_steal_pointer (&palette);
}

GBytes *
tsr_gimp_palette_write (const TsrGimpPalette *palette)
{
  GString *text = g_string_new ("GIMP Palette\n");

  if (palette->name != NULL)
    g_string_append_printf (text, "Name: %s\n", palette->name);
  if (palette->columns > 0)
    g_string_append_printf (text, "Columns: %u\n", palette->columns);
  g_string_append (text, "#\n");
  for (guint i = 0; i < palette->colors->len; i++)
    {
      const TsrGimpPaletteColor *color = &g_array_index (palette->colors, TsrGimpPaletteColor, i);

      g_string_append_printf (text, "%3u %3u %3u\t%s\n", color->red, color->green, color->blue, color->name);
    }
  return g_string_free_to_bytes (text);
}
