/* tsr-gimp-palette.h: GIMP palettes (.gpl), the colour-list format GIMP, Inkscape, Krita and
 * Aseprite read and write: a "GIMP Palette" line, optional "Name:" and "Columns:" lines, "#"
 * comments, then one "R G B [name]" line (0..255 each) per colour. Read and written here for
 * importing and exporting colour tables; GTK-free. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A palette may hold at most this many colours (GIMP has no limit; this bounds what a file can
 * make us allocate). */
#define TSR_GIMP_PALETTE_MAX_COLORS 65536

typedef struct {
  guint8  red, green, blue;
  char   *name;     /* the rest of the line, trimmed; "" when there is none (UTF-8) */
} TsrGimpPaletteColor;

typedef struct {
  char   *name;     /* the "Name:" line, or NULL */
  guint   columns;  /* the "Columns:" line, 0 when absent */
  GArray *colors;   /* TsrGimpPaletteColor */
} TsrGimpPalette;

TsrGimpPalette *tsr_gimp_palette_new   (const char           *name);
void            tsr_gimp_palette_free  (TsrGimpPalette       *palette);
void            tsr_gimp_palette_add   (TsrGimpPalette       *palette,
                                        guint8                red,
                                        guint8                green,
                                        guint8                blue,
                                        const char           *name);
/* Parses a .gpl file. Errors name LABEL and the line: a missing header, a colour line with fewer
 * than three numbers or a number outside 0..255, text that is not UTF-8, more than
 * TSR_GIMP_PALETTE_MAX_COLORS colours. Windows line ends are accepted. (transfer full) */
TsrGimpPalette *tsr_gimp_palette_parse (const guint8         *data,
                                        gsize                 size,
                                        const char           *label,
                                        GError              **error);
/* The file's bytes, as GIMP writes them (values right-aligned in 3 columns, a tab before each
 * name). (transfer full) */
GBytes         *tsr_gimp_palette_write (const TsrGimpPalette *palette);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrGimpPalette, tsr_gimp_palette_free)

G_END_DECLS
