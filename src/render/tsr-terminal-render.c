/* tsr-terminal-render.c: cairo/pango drawing of terminal pages (facts from Aleph One's
 * computer_interface.cpp, screen_drawing.cpp and OverheadMapRenderer.cpp; see
 * docs/formats/marathon.md, "Terminal layout"). Terminal text is drawn as glyphs placed at the
 * layout's positions, so what is drawn is exactly what was measured; advances are rounded to whole
 * pixels as the engine's SDL_ttf font gives them (Courier Prime 12: 7 px). The four Courier Prime
 * files are loaded by file name: Debian's copies all name themselves "Courier Prime Regular", so
 * matching by style would pick one file for every face. */
#include "render/tsr-terminal-render.h"

#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "formats/marathon/tsr-wad.h"

#define N_FACES 4   /* bold and italic; underline is drawn as a line */

typedef struct {
  gulong  index;    /* glyph index, or G_MAXULONG: nothing to draw (control byte) */
  double  advance;  /* whole pixels */
} Glyph;

struct _TsrTerminalRenderer {
  PangoFontMap          *font_map;
  PangoContext          *context;
  cairo_font_options_t  *font_options;
  cairo_scaled_font_t   *fonts[N_FACES];
  Glyph                  glyphs[N_FACES][256];
  gboolean               glyph_ready[N_FACES][256];
  double                 ascent, descent;
  TsrTerminalMetrics     metrics;
  TsrTerminalPictureFunc picture_func;
  gpointer               picture_data;
  GDestroyNotify         picture_destroy;
  GHashTable            *pictures;    /* id -> cairo_surface_t, or NULL for "none" */
  const TsrMarathonLevel *level;
};

static PangoFontDescription *
font_description (guint       face,
                  double      size,
                  const char *family)
{
  PangoFontDescription *description = pango_font_description_new ();

  pango_font_description_set_family (description, family);
  pango_font_description_set_absolute_size (description, size * PANGO_SCALE);
  pango_font_description_set_weight (description, (face & TSR_TERMINAL_FACE_BOLD) ? PANGO_WEIGHT_BOLD
                                                                                   : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style (description, (face & TSR_TERMINAL_FACE_ITALIC) ? PANGO_STYLE_ITALIC
                                                                                   : PANGO_STYLE_NORMAL);
  return description;
}

/* The file of one Courier Prime face among the fonts fontconfig knows (Debian's and upstream's
 * file names), or NULL. */
static char *
find_font_file (guint face)
{
  static const char *const names[N_FACES][2] = {
    { "Courier Prime.otf", "CourierPrime-Regular.ttf" },
    { "Courier Prime Bold.otf", "CourierPrime-Bold.ttf" },
    { "Courier Prime Italic.otf", "CourierPrime-Italic.ttf" },
    { "Courier Prime Bold Italic.otf", "CourierPrime-BoldItalic.ttf" },
  };
  FcPattern *pattern = FcPatternCreate ();
  FcObjectSet *objects = FcObjectSetBuild (FC_FILE, NULL);
  FcFontSet *set = FcFontList (NULL, pattern, objects);
  char *found = NULL;

  for (int i = 0; set != NULL && i < set->nfont && found == NULL; i++)
    {
      FcChar8 *file = NULL;

      if (FcPatternGetString (set->fonts[i], FC_FILE, 0, &file) == FcResultMatch)
        {
          g_autofree char *base = g_path_get_basename ((const char *) file);

          if (g_ascii_strcasecmp (base, names[face][0]) == 0 || g_ascii_strcasecmp (base, names[face][1]) == 0)
            found = g_strdup ((const char *) file);
        }
    }
  if (set != NULL)
    FcFontSetDestroy (set);
  FcObjectSetDestroy (objects);
  FcPatternDestroy (pattern);
  return found;
}

static cairo_scaled_font_t *
load_font (guint                       face,
           const cairo_font_options_t *options)
{
  g_autofree char *file = find_font_file (face);
  g_autofree char *regular = file == NULL ? find_font_file (0) : NULL;
  cairo_font_face_t *font_face = NULL;
  cairo_matrix_t size, identity;
  cairo_scaled_font_t *font;

  if (file != NULL || regular != NULL)
    {
      int count = 0;
      FcPattern *pattern = FcFreeTypeQuery ((const FcChar8 *) (file != NULL ? file : regular), 0, NULL, &count);

      if (pattern != NULL)
        {
          font_face = cairo_ft_font_face_create_for_pattern (pattern);
          FcPatternDestroy (pattern);
          /* A missing bold or italic file: made from the regular one. */
          if (file == NULL)
            cairo_ft_font_face_set_synthesize (font_face,
                                               ((face & TSR_TERMINAL_FACE_BOLD) ? CAIRO_FT_SYNTHESIZE_BOLD : 0)
                                               | ((face & TSR_TERMINAL_FACE_ITALIC) ? CAIRO_FT_SYNTHESIZE_OBLIQUE : 0));
        }
    }
  if (font_face == NULL)
    font_face = cairo_toy_font_face_create ("monospace",
                                            (face & TSR_TERMINAL_FACE_ITALIC) ? CAIRO_FONT_SLANT_ITALIC
                                                                              : CAIRO_FONT_SLANT_NORMAL,
                                            (face & TSR_TERMINAL_FACE_BOLD) ? CAIRO_FONT_WEIGHT_BOLD
                                                                            : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_matrix_init_scale (&size, 12, 12);
  cairo_matrix_init_identity (&identity);
  font = cairo_scaled_font_create (font_face, &size, &identity, options);
  cairo_font_face_destroy (font_face);
  return font;
}

static const Glyph *
glyph_for (TsrTerminalRenderer *renderer,
           guint8               c,
           guint                face)
{
  Glyph *glyph;

  face &= N_FACES - 1;
  glyph = &renderer->glyphs[face][c];
  if (!renderer->glyph_ready[face][c])
    {
      renderer->glyph_ready[face][c] = TRUE;
      glyph->index = G_MAXULONG;
      if (c >= 0x20)
        {
          g_autofree char *text = tsr_mac_roman_to_utf8 (&c, 1);
          cairo_glyph_t *glyphs = NULL;
          int n_glyphs = 0;

          if (renderer->fonts[face] == NULL)
            renderer->fonts[face] = load_font (face, renderer->font_options);
          if (cairo_scaled_font_text_to_glyphs (renderer->fonts[face], 0, 0, text, -1, &glyphs, &n_glyphs,
                                                NULL, NULL, NULL) == CAIRO_STATUS_SUCCESS && n_glyphs > 0)
            {
              cairo_text_extents_t extents;

              cairo_scaled_font_glyph_extents (renderer->fonts[face], glyphs, 1, &extents);
              glyph->index = glyphs[0].index;
              glyph->advance = round (extents.x_advance);
            }
          cairo_glyph_free (glyphs);
        }
    }
  return glyph;
}

static double
measure_char (guint8   c,
              guint    face,
              gpointer user_data)
{
  return glyph_for (user_data, c, face)->advance;
}

static cairo_surface_t *
surface_from_image (const TsrImage *image)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) image->width,
                                                         (int) image->height);
  guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  for (guint y = 0; y < image->height; y++)
    {
      guint32 *row = (guint32 *) (data + (gsize) y * (gsize) stride);
      const guint8 *source = image->pixels + (gsize) y * image->width * 4;

      for (guint x = 0; x < image->width; x++, source += 4)
        {
          guint a = source[3];

          row[x] = (a << 24) | ((source[0] * a / 255) << 16) | ((source[1] * a / 255) << 8) | (source[2] * a / 255);
        }
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}

static cairo_surface_t *
picture_for (TsrTerminalRenderer *renderer,
             int                  id)
{
  gpointer cached;

  if (renderer->picture_func == NULL)
    return NULL;
  if (!g_hash_table_lookup_extended (renderer->pictures, GINT_TO_POINTER (id), NULL, &cached))
    {
      g_autoptr(TsrImage) image = renderer->picture_func (id, renderer->picture_data);

      cached = image != NULL ? surface_from_image (image) : NULL;
      g_hash_table_insert (renderer->pictures, GINT_TO_POINTER (id), cached);
    }
  return cached;
}

static gboolean
picture_size (int      id,
              int     *width,
              int     *height,
              gpointer user_data)
{
  cairo_surface_t *surface = picture_for (user_data, id);

  if (surface == NULL)
    return FALSE;
  *width = cairo_image_surface_get_width (surface);
  *height = cairo_image_surface_get_height (surface);
  return TRUE;
}

static void
surface_unref (gpointer data)
{
  if (data != NULL)
    cairo_surface_destroy (data);
}

TsrTerminalRenderer *
tsr_terminal_renderer_new (void)
{
  TsrTerminalRenderer *renderer = g_new0 (TsrTerminalRenderer, 1);
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_extents_t extents;

  renderer->font_map = pango_cairo_font_map_new ();
  renderer->context = pango_font_map_create_context (renderer->font_map);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_SLIGHT);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options (renderer->context, options);
  renderer->font_options = options;
  renderer->fonts[0] = load_font (0, options);
  cairo_scaled_font_extents (renderer->fonts[0], &extents);
  renderer->ascent = extents.ascent;
  renderer->descent = extents.descent;
  renderer->pictures = g_hash_table_new_full (NULL, NULL, NULL, surface_unref);
  renderer->metrics.measure = measure_char;
  renderer->metrics.picture_size = picture_size;
  renderer->metrics.user_data = renderer;
  return renderer;
}

void
tsr_terminal_renderer_free (TsrTerminalRenderer *renderer)
{
  if (renderer == NULL)
    return;
  for (guint f = 0; f < N_FACES; f++)
    g_clear_pointer (&renderer->fonts[f], cairo_scaled_font_destroy);
  cairo_font_options_destroy (renderer->font_options);
  if (renderer->picture_destroy != NULL)
    renderer->picture_destroy (renderer->picture_data);
  g_hash_table_unref (renderer->pictures);
  g_object_unref (renderer->context);
  g_object_unref (renderer->font_map);
  g_free (renderer);
}

void
tsr_terminal_renderer_set_pictures (TsrTerminalRenderer   *renderer,
                                    TsrTerminalPictureFunc func,
                                    gpointer               user_data,
                                    GDestroyNotify         destroy)
{
  if (renderer->picture_destroy != NULL)
    renderer->picture_destroy (renderer->picture_data);
  renderer->picture_func = func;
  renderer->picture_data = user_data;
  renderer->picture_destroy = destroy;
  g_hash_table_remove_all (renderer->pictures);
}

void
tsr_terminal_renderer_set_level (TsrTerminalRenderer    *renderer,
                                 const TsrMarathonLevel *level)
{
  renderer->level = level;
}

const TsrTerminalMetrics *
tsr_terminal_renderer_get_metrics (TsrTerminalRenderer *renderer)
{
  return &renderer->metrics;
}

TsrTerminalLayout *
tsr_terminal_renderer_layout (TsrTerminalRenderer       *renderer,
                              const TsrMarathonTerminal *terminal,
                              TsrTerminalState           state)
{
  return tsr_terminal_layout_new (terminal, state, &renderer->metrics);
}

static void
set_rgb (cairo_t      *cr,
         const guint8  rgb[3])
{
  cairo_set_source_rgb (cr, rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0);
}

/* Draws Mac Roman BYTES[0..LENGTH) from X on BASELINE; returns the end x. */
static double
draw_bytes (TsrTerminalRenderer *renderer,
            cairo_t             *cr,
            const guint8        *bytes,
            gsize                length,
            double               x,
            double               baseline,
            guint                face)
{
  g_autofree cairo_glyph_t *glyphs = g_new (cairo_glyph_t, MAX (length, 1));
  int n = 0;

  for (gsize i = 0; i < length; i++)
    {
      const Glyph *glyph = glyph_for (renderer, bytes[i], face);

      if (glyph->index != G_MAXULONG)
        glyphs[n++] = (cairo_glyph_t) { glyph->index, x, baseline };
      x += glyph->advance;
    }
  if (n > 0)
    {
      cairo_set_scaled_font (cr, renderer->fonts[face & (N_FACES - 1)]);
      cairo_show_glyphs (cr, glyphs, n);
    }
  return x;
}

static double
text_width (TsrTerminalRenderer *renderer,
            const char          *ascii)
{
  double width = 0;

  for (const char *p = ascii; *p != '\0'; p++)
    width += glyph_for (renderer, (guint8) *p, 0)->advance;
  return width;
}

static void
draw_label (TsrTerminalRenderer *renderer,
            cairo_t             *cr,
            const char          *text,
            int                  top,
            gboolean             right)
{
  /* Vertically centred in the bar, LABEL_INSET from its side. */
  double baseline = top + round ((TSR_TERMINAL_BORDER_HEIGHT + renderer->ascent - renderer->descent) / 2);
  double x = right ? TSR_TERMINAL_WIDTH - TSR_TERMINAL_LABEL_INSET - text_width (renderer, text)
                   : TSR_TERMINAL_LABEL_INSET;

  if (text == NULL)
    return;
  draw_bytes (renderer, cr, (const guint8 *) text, strlen (text), x, baseline, 0);
}

static void
draw_borders (TsrTerminalRenderer   *renderer,
              cairo_t               *cr,
              const TsrTerminalPage *page)
{
  set_rgb (cr, tsr_terminal_border_color);
  cairo_rectangle (cr, 0, 0, TSR_TERMINAL_WIDTH, TSR_TERMINAL_BORDER_HEIGHT);
  cairo_rectangle (cr, 0, TSR_TERMINAL_HEIGHT - TSR_TERMINAL_BORDER_HEIGHT, TSR_TERMINAL_WIDTH,
                   TSR_TERMINAL_BORDER_HEIGHT);
  cairo_fill (cr);
  if (page == NULL)
    return;
  set_rgb (cr, tsr_terminal_border_text_color);
  draw_label (renderer, cr, page->header_left, 0, FALSE);
  draw_label (renderer, cr, page->header_right, 0, TRUE);
  draw_label (renderer, cr, page->footer_left, TSR_TERMINAL_HEIGHT - TSR_TERMINAL_BORDER_HEIGHT, FALSE);
  draw_label (renderer, cr, page->footer_right, TSR_TERMINAL_HEIGHT - TSR_TERMINAL_BORDER_HEIGHT, TRUE);
}

static void
draw_lines (TsrTerminalRenderer     *renderer,
            cairo_t                 *cr,
            const TsrTerminalPage   *page,
            const guint8            *text)
{
  for (guint l = 0; l < page->lines->len; l++)
    {
      const TsrTerminalLine *line = g_ptr_array_index (page->lines, l);

      for (guint r = 0; r < line->runs->len; r++)
        {
          const TsrTerminalRun *run = &g_array_index (line->runs, TsrTerminalRun, r);
          guint8 rgb[3];
          double end;

          tsr_terminal_text_color (run->color, rgb);
          set_rgb (cr, rgb);
          end = draw_bytes (renderer, cr, text + run->start, run->end - run->start, run->x, line->baseline,
                            run->face);
          if ((run->face & TSR_TERMINAL_FACE_UNDERLINE) && end > run->x)
            {
              cairo_rectangle (cr, run->x, line->baseline + 1, end - run->x, 1);
              cairo_fill (cr);
            }
        }
    }
}

/* The engine's message for a missing picture or checkpoint: white, the title font, centred. */
static void
draw_missing (TsrTerminalRenderer   *renderer,
              cairo_t               *cr,
              const TsrTerminalRect *area,
              const char            *message)
{
  g_autoptr(PangoLayout) layout = pango_layout_new (renderer->context);
  PangoFontDescription *description = font_description (TSR_TERMINAL_FACE_BOLD, 14, TSR_TERMINAL_FONT_FAMILY);
  PangoRectangle logical;

  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_rectangle (cr, area->x, area->y, area->width, area->height);
  cairo_fill (cr);
  pango_layout_set_font_description (layout, description);
  pango_font_description_free (description);
  pango_layout_set_text (layout, message, -1);
  pango_layout_get_extents (layout, NULL, &logical);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_move_to (cr, area->x + (area->width - logical.width / PANGO_SCALE) / 2,
                 area->y + area->height / 2 - (double) pango_layout_get_baseline (layout) / PANGO_SCALE);
  pango_cairo_update_context (cr, renderer->context);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_picture (TsrTerminalRenderer   *renderer,
              cairo_t               *cr,
              const TsrTerminalPage *page)
{
  cairo_surface_t *surface = page->picture_known ? picture_for (renderer, page->permutation) : NULL;
  const TsrTerminalRect *box = &page->object_box;
  int width, height;

  if (page->marathon1_logo)
    {
      /* The logo is a shape of the interface collection, which the preview has no Shapes file
       * for: its title stands in, where the engine puts logo and title. */
      draw_missing (renderer, cr, box, "MARATHON");
      return;
    }
  if (surface == NULL)
    {
      g_autofree char *message = g_strdup_printf ("Picture %d was not found!", page->permutation);

      draw_missing (renderer, cr, box, message);
      return;
    }
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  cairo_save (cr);
  cairo_rectangle (cr, box->x, box->y, box->width, box->height);
  cairo_clip (cr);
  cairo_translate (cr, box->x, box->y);
  cairo_scale (cr, (double) box->width / width, (double) box->height / height);
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), (box->width == width && box->height == height)
                            ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD);
  cairo_paint (cr);
  cairo_restore (cr);
}

/* The engine's static: a 16-bit shift register from 6906, one pixel after another. */
static void
draw_static (cairo_t *cr)
{
  cairo_surface_t *noise = cairo_image_surface_create (CAIRO_FORMAT_RGB24, TSR_TERMINAL_WIDTH, TSR_TERMINAL_HEIGHT);
  guint8 *data = cairo_image_surface_get_data (noise);
  int stride = cairo_image_surface_get_stride (noise);
  guint16 seed = 6906;

  for (int y = 0; y < TSR_TERMINAL_HEIGHT; y++)
    {
      guint32 *row = (guint32 *) (data + (gsize) y * (gsize) stride);

      for (int x = 0; x < TSR_TERMINAL_WIDTH; x++)
        {
          row[x] = ((guint32) seed ^ ((guint32) seed << 8)) & 0xFFFFFF;
          seed = (seed & 1) ? (guint16) ((seed >> 1) ^ 0xb400) : (guint16) (seed >> 1);
        }
    }
  cairo_surface_mark_dirty (noise);
  cairo_save (cr);
  cairo_set_source_surface (cr, noise, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_surface_destroy (noise);
}

/* Flags and types of the engine's map. */
#define LINE_SOLID              0x4000
#define LINE_LANDSCAPED         0x1000
#define LINE_VARIABLE_ELEVATION 0x0400
#define POLYGON_DETACHED        0x4000
#define PLATFORM_SECRET         (1u << 25)
#define PLATFORM_DOOR           (1u << 26)
enum { POLYGON_HILL = 3, POLYGON_PLATFORM = 5, POLYGON_TELEPORTER = 10, POLYGON_MINOR_OUCH = 19,
       POLYGON_MAJOR_OUCH = 20 };
enum { MEDIA_WATER, MEDIA_LAVA, MEDIA_GOO, MEDIA_SEWAGE, MEDIA_JJARO };

/* The overhead map's polygon colours (16-bit components, as the engine's table). */
static const guint16 polygon_colors[][3] = {
  { 0, 12000, 0 },                 /* plain (also hill, teleporter) */
  { 30000, 0, 0 },                 /* platform */
  { 14 * 256, 37 * 256, 63 * 256 }, /* water */
  { 76 * 256, 27 * 256, 0 },       /* lava, minor damage */
  { 70 * 256, 90 * 256, 0 },       /* sewage, jjaro goo */
  { 137 * 256, 0, 137 * 256 },     /* pfhor slime, major damage */
};

static const TsrMarathonPlatform *
platform_of (const TsrMarathonLevel *level,
             int                     polygon)
{
  for (guint i = 0; level->platforms != NULL && i < level->platforms->len; i++)
    if (g_array_index (level->platforms, TsrMarathonPlatform, i).polygon_index == polygon)
      return &g_array_index (level->platforms, TsrMarathonPlatform, i);
  return NULL;
}

static guint
polygon_color (const TsrMarathonLevel   *level,
               const TsrMarathonPolygon *polygon,
               int                       index)
{
  guint color = 0;

  switch (polygon->type)
    {
    case POLYGON_PLATFORM:
      {
        const TsrMarathonPlatform *platform = platform_of (level, index);

        color = platform != NULL && (platform->static_flags & PLATFORM_SECRET) ? 0 : 1;
      }
      break;
    case POLYGON_MINOR_OUCH:
      color = 3;
      break;
    case POLYGON_MAJOR_OUCH:
      color = 5;
      break;
    default:
      break;
    }
  if (level->media != NULL && polygon->media_index >= 0 && (guint) polygon->media_index < level->media->len)
    {
      const TsrMarathonMedia *media = &g_array_index (level->media, TsrMarathonMedia, polygon->media_index);

      if (media->height >= polygon->floor_height)
        switch (media->type)
          {
          case MEDIA_WATER: color = 2; break;
          case MEDIA_LAVA: color = 3; break;
          case MEDIA_GOO: color = 5; break;
          case MEDIA_SEWAGE:
          case MEDIA_JJARO: color = 4; break;
          default: break;
          }
    }
  return color;
}

/* The engine's flood for the checkpoint map stops at secret platforms: none is left, and none
 * that is also a door is entered. */
static gboolean
can_flood (const TsrMarathonLevel *level,
           int                     from,
           int                     to)
{
  const TsrMarathonPolygon *source = &g_array_index (level->polygons, TsrMarathonPolygon, from);
  const TsrMarathonPolygon *destination = &g_array_index (level->polygons, TsrMarathonPolygon, to);
  const TsrMarathonPlatform *platform;

  if (source->type == POLYGON_PLATFORM && (platform = platform_of (level, from)) != NULL
      && (platform->static_flags & PLATFORM_SECRET))
    return FALSE;
  if (destination->type == POLYGON_PLATFORM && (platform = platform_of (level, to)) != NULL
      && (platform->static_flags & PLATFORM_DOOR) && (platform->static_flags & PLATFORM_SECRET))
    return FALSE;
  return TRUE;
}

static gboolean
endpoint_xy (const TsrMarathonLevel *level,
             int                     index,
             double                 *x,
             double                 *y)
{
  if (level->endpoints != NULL && index >= 0 && (guint) index < level->endpoints->len)
    {
      const TsrMarathonEndpoint *endpoint = &g_array_index (level->endpoints, TsrMarathonEndpoint, index);

      *x = endpoint->vertex.x;
      *y = endpoint->vertex.y;
      return TRUE;
    }
  if (level->points != NULL && index >= 0 && (guint) index < level->points->len)
    {
      const TsrMarathonPoint *point = &g_array_index (level->points, TsrMarathonPoint, index);

      *x = point->x;
      *y = point->y;
      return TRUE;
    }
  return FALSE;
}

/* The checkpoint view (the engine's overhead map in checkpoint mode, at its smallest scale): the
 * polygons reachable from the goal's, filled in the map's colours, their solid lines green,
 * elevation changes darker green, a red circle at the goal; 8 pixels per world unit, the goal (the
 * average of the goal objects with the group's number) centred. */
static gboolean
draw_checkpoint (TsrTerminalRenderer   *renderer,
                 cairo_t               *cr,
                 const TsrTerminalPage *page)
{
  const TsrMarathonLevel *level = renderer->level;
  const TsrTerminalRect *box = &page->object_box;
  double goal_x = 0, goal_y = 0, center_x, center_y;
  gint64 sum_x = 0, sum_y = 0;
  guint matches = 0, n_polygons;
  int origin = -1;
  g_autofree guint8 *reached = NULL;
  g_autoptr(GArray) queue = NULL;

  if (level == NULL || level->objects == NULL || level->polygons == NULL || level->lines == NULL)
    return FALSE;
  for (guint i = 0; i < level->objects->len; i++)
    {
      const TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, i);

      if (object->type == 4 && object->index == page->permutation)
        {
          sum_x += object->x;
          sum_y += object->y;
          matches++;
        }
    }
  if (matches == 0)
    return FALSE;
  goal_x = (double) (sum_x / matches);
  goal_y = (double) (sum_y / matches);
  n_polygons = level->polygons->len;
  /* The polygon holding the goal (the engine looks its point up). */
  for (guint p = 0; p < n_polygons && origin < 0; p++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);
      guint n = MIN (polygon->vertex_count, 8);
      gboolean inside = FALSE;

      for (guint a = 0, b = n - 1; n >= 3 && a < n; b = a++)
        {
          double ax, ay, bx, by;

          if (!endpoint_xy (level, polygon->endpoint_indexes[a], &ax, &ay)
              || !endpoint_xy (level, polygon->endpoint_indexes[b], &bx, &by))
            continue;
          if ((ay > goal_y) != (by > goal_y) && goal_x < (bx - ax) * (goal_y - ay) / (by - ay) + ax)
            inside = !inside;
        }
      if (inside)
        origin = (int) p;
    }
  if (origin < 0)
    return FALSE;
  /* Breadth-first over the polygons sharing a line. */
  reached = g_new0 (guint8, n_polygons);
  queue = g_array_new (FALSE, FALSE, sizeof (int));
  reached[origin] = 1;
  g_array_append_val (queue, origin);
  for (guint q = 0; q < queue->len; q++)
    {
      int current = g_array_index (queue, int, q);
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, current);

      for (guint e = 0; e < MIN (polygon->vertex_count, 8); e++)
        {
          int line_index = polygon->line_indexes[e];
          const TsrMarathonLine *line;
          int other;

          if (line_index < 0 || (guint) line_index >= level->lines->len)
            continue;
          line = &g_array_index (level->lines, TsrMarathonLine, line_index);
          other = line->clockwise_polygon_owner == current ? line->counterclockwise_polygon_owner
                                                           : line->clockwise_polygon_owner;
          if (other >= 0 && (guint) other < n_polygons && !reached[other] && can_flood (level, current, other))
            {
              reached[other] = 1;
              g_array_append_val (queue, other);
            }
        }
    }

  center_x = box->x + box->width / 2;
  center_y = box->y + box->height / 2;
#define MAP_X(wx) (center_x + floor (((wx) - goal_x) / 128.0))
#define MAP_Y(wy) (center_y + floor (((wy) - goal_y) / 128.0))
  cairo_save (cr);
  cairo_rectangle (cr, box->x, box->y, box->width, box->height);
  cairo_clip (cr);
  for (guint p = 0; p < n_polygons; p++)
    {
      const TsrMarathonPolygon *polygon = &g_array_index (level->polygons, TsrMarathonPolygon, p);
      guint n = MIN (polygon->vertex_count, 8);

      if (!reached[p] || n < 3 || (polygon->flags & POLYGON_DETACHED))
        continue;
      for (guint v = 0; v < n; v++)
        {
          double x, y;

          if (endpoint_xy (level, polygon->endpoint_indexes[v], &x, &y))
            cairo_line_to (cr, MAP_X (x), MAP_Y (y));
        }
      cairo_close_path (cr);
      {
        const guint16 *rgb = polygon_colors[polygon_color (level, polygon, (int) p)];

        cairo_set_source_rgb (cr, rgb[0] / 65535.0, rgb[1] / 65535.0, rgb[2] / 65535.0);
      }
      cairo_fill (cr);
    }
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < level->lines->len; i++)
    {
      const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);
      int cw = line->clockwise_polygon_owner, ccw = line->counterclockwise_polygon_owner;
      gboolean shown = (cw >= 0 && (guint) cw < n_polygons && reached[cw])
                       || (ccw >= 0 && (guint) ccw < n_polygons && reached[ccw]);
      double ax, ay, bx, by;

      if (!shown || !endpoint_xy (level, line->endpoint_indexes[0], &ax, &ay)
          || !endpoint_xy (level, line->endpoint_indexes[1], &bx, &by))
        continue;
      if ((line->flags & (LINE_SOLID | LINE_VARIABLE_ELEVATION)) && (line->flags & LINE_LANDSCAPED))
        cairo_set_source_rgb (cr, 0, 40000 / 65535.0, 0);
      else if (line->flags & (LINE_SOLID | LINE_VARIABLE_ELEVATION))
        cairo_set_source_rgb (cr, 0, 1, 0);
      else if (line->flags & LINE_LANDSCAPED)
        continue;
      else if (cw >= 0 && ccw >= 0 && (guint) cw < n_polygons && (guint) ccw < n_polygons
               && g_array_index (level->polygons, TsrMarathonPolygon, cw).floor_height
                  != g_array_index (level->polygons, TsrMarathonPolygon, ccw).floor_height)
        cairo_set_source_rgb (cr, 0, 40000 / 65535.0, 0);
      else
        continue;
      cairo_move_to (cr, MAP_X (ax) + 0.5, MAP_Y (ay) + 0.5);
      cairo_line_to (cr, MAP_X (bx) + 0.5, MAP_Y (by) + 0.5);
      cairo_stroke (cr);
    }
  /* The checkpoint "circle": the engine's red octagon (radius 8 at this scale, 2-pixel pen). */
  {
    static const double corners[8][2] = {
      { -0.75, -0.30 }, { -0.75, 0.30 }, { -0.30, 0.75 }, { 0.30, 0.75 },
      { 0.75, 0.30 }, { 0.75, -0.30 }, { 0.30, -0.75 }, { -0.30, -0.75 },
    };

    cairo_set_source_rgb (cr, 1, 0, 0);
    cairo_set_line_width (cr, 2);
    for (guint i = 0; i < 8; i++)
      cairo_line_to (cr, center_x + (int) (corners[i][0] * 8), center_y + (int) (corners[i][1] * 8));
    cairo_close_path (cr);
    cairo_stroke (cr);
  }
  cairo_restore (cr);
#undef MAP_X
#undef MAP_Y
  return TRUE;
}

char *
tsr_terminal_event_describe (const TsrTerminalEvent *event)
{
  switch (event->type)
    {
    case TSR_MARATHON_GROUP_SOUND:
      return g_strdup_printf (_("Sound %d"), event->permutation);
    case TSR_MARATHON_GROUP_TAG:
      return g_strdup_printf (_("Tag %d"), event->permutation);
    case TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT:
      return g_strdup_printf (_("Teleport to level %d"), event->permutation);
    case TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT:
      return g_strdup_printf (_("Teleport to polygon %d"), event->permutation);
    case TSR_MARATHON_GROUP_MOVIE:
      return g_strdup_printf (_("Movie %d (not played)"), event->permutation);
    case TSR_MARATHON_GROUP_TRACK:
      return g_strdup_printf (_("Track %d (not played)"), event->permutation);
    case TSR_MARATHON_GROUP_CAMERA:
      return g_strdup_printf (_("Camera %d"), event->permutation);
    case TSR_MARATHON_GROUP_UNFINISHED:
    case TSR_MARATHON_GROUP_FINISHED:
    case TSR_MARATHON_GROUP_FAILED:
      return g_strdup_printf (_("#%s section without #END"), tsr_marathon_group_type_name (event->type));
    default:
      return g_strdup_printf (_("Group type %d"), event->type);
    }
}

/* The annotation: a small label over the top right of the text area, outside the game's look. */
static void
draw_events (TsrTerminalRenderer   *renderer,
             cairo_t               *cr,
             const TsrTerminalPage *page)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *description;
  PangoRectangle logical;
  double x, y = TSR_TERMINAL_BORDER_HEIGHT + 2, w, h;

  for (guint e = 0; e < page->events->len; e++)
    {
      g_autofree char *one = tsr_terminal_event_describe (&g_array_index (page->events, TsrTerminalEvent, e));

      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append (text, one);
    }
  if (text->len == 0)
    return;
  pango_cairo_update_context (cr, renderer->context);
  layout = pango_layout_new (renderer->context);
  description = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (description, 9 * PANGO_SCALE);
  pango_layout_set_font_description (layout, description);
  pango_font_description_free (description);
  pango_layout_set_text (layout, text->str, -1);
  pango_layout_get_extents (layout, NULL, &logical);
  w = (double) logical.width / PANGO_SCALE + 8;
  h = (double) logical.height / PANGO_SCALE + 2;
  x = TSR_TERMINAL_WIDTH - 4 - w;
  cairo_set_source_rgba (cr, 0.15, 0.15, 0.35, 0.85);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.85, 0.85, 1);
  cairo_move_to (cr, x + 4, y + 1);
  pango_cairo_show_layout (cr, layout);
}

void
tsr_terminal_renderer_draw (TsrTerminalRenderer     *renderer,
                            cairo_t                 *cr,
                            const TsrTerminalLayout *layout,
                            guint                    page_index)
{
  const TsrTerminalPage *page = layout != NULL ? tsr_terminal_layout_get_page (layout, page_index) : NULL;
  const guint8 *text = layout != NULL ? g_bytes_get_data (layout->text, NULL) : NULL;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, TSR_TERMINAL_WIDTH, TSR_TERMINAL_HEIGHT);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_paint (cr);
  if (page != NULL)
    {
      switch (page->kind)
        {
        case TSR_TERMINAL_PAGE_LOGON:
        case TSR_TERMINAL_PAGE_LOGOFF:
        case TSR_TERMINAL_PAGE_PICT:
          draw_picture (renderer, cr, page);
          break;
        case TSR_TERMINAL_PAGE_CHECKPOINT:
          if (!draw_checkpoint (renderer, cr, page))
            {
              g_autofree char *message = g_strdup_printf ("Checkpoint %d was not found!", page->permutation);

              draw_missing (renderer, cr, &page->object_box, message);
            }
          break;
        case TSR_TERMINAL_PAGE_STATIC:
          draw_static (cr);
          break;
        default:
          break;
        }
      if (text != NULL)
        draw_lines (renderer, cr, page, text);
    }
  /* The bars go over everything (the engine draws them last). */
  draw_borders (renderer, cr, page);
  if (page != NULL)
    draw_events (renderer, cr, page);
  cairo_restore (cr);
}

cairo_surface_t *
tsr_terminal_renderer_render (TsrTerminalRenderer     *renderer,
                              const TsrTerminalLayout *layout,
                              guint                    page,
                              int                      scale)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  scale = CLAMP (scale, 1, 8);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, TSR_TERMINAL_WIDTH * scale, TSR_TERMINAL_HEIGHT * scale);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  tsr_terminal_renderer_draw (renderer, cr, layout, page);
  cairo_destroy (cr);
  return surface;
}
