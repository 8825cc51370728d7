/* tsr-doom2d-render.c: map rendering with a tiny built-in font for marker labels. */
#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/doom2d/tsr-doom2d-private.h"
#include "formats/doom2d/tsr-doom2d-render.h"
#include "formats/doom2d/tsr-doom2d-sprites.h"

#define MAX_SIDE 4096

typedef struct {
  TsrImage *image;
  double    scale;
} Canvas;

static void
blend_pixel (TsrImage *image,
             int       x,
             int       y,
             guint32   rgba)
{
  guint8 *p;
  guint a = rgba & 0xff;

  if (x < 0 || y < 0 || (guint) x >= image->width || (guint) y >= image->height || a == 0)
    return;
  p = image->pixels + ((gsize) y * image->width + x) * 4;
  for (guint c = 0; c < 3; c++)
    {
      guint src = (rgba >> (24 - 8 * c)) & 0xff;
      p[c] = (guint8) ((src * a + p[c] * (255 - a)) / 255);
    }
  p[3] = (guint8) MAX (p[3], a);
}

/* Map rectangle to pixel rectangle, at least one pixel wide. */
static void
map_rect (const Canvas *canvas,
          gint64        x,
          gint64        y,
          gint64        w,
          gint64        h,
          int          *x0,
          int          *y0,
          int          *x1,
          int          *y1)
{
  double s = canvas->scale;

  *x0 = (int) CLAMP (x * s, -1.0, canvas->image->width + 1.0);
  *y0 = (int) CLAMP (y * s, -1.0, canvas->image->height + 1.0);
  *x1 = (int) CLAMP ((x + w) * s, -1.0, canvas->image->width + 1.0);
  *y1 = (int) CLAMP ((y + h) * s, -1.0, canvas->image->height + 1.0);
  if (*x1 <= *x0)
    *x1 = *x0 + 1;
  if (*y1 <= *y0)
    *y1 = *y0 + 1;
}

/* The filter's colours are 0, 128 or 255 per channel, so 2 x colour x c / 255 is 0, c (255 stays
 * 255) or 2c: a channel is cleared, kept or doubled (at most 255, or the alpha when premultiplied). */
void
tsr_doom2d_liquid_filter (guint8                 *pixels,
                          gsize                   stride,
                          guint                   width,
                          guint                   height,
                          TsrDoom2dPixelOrder     order,
                          TsrDoom2dSpecialTexture special)
{
  /* The game's colours (R, G, B) of water, acid 1 and acid 2: only water's blue is doubled. */
  static const guint8 colours[][3] = { { 0, 0, 0 }, { 0, 0, 255 }, { 0, 128, 0 }, { 128, 0, 0 } };
  const guint8 *colour;
  guint32 keep = 0xff000000, own = 0xff000000;
  gboolean doubles_blue;

  if (special == TSR_DOOM2D_SPECIAL_NONE || (guint) special >= G_N_ELEMENTS (colours))
    return;
  colour = colours[special];
  /* As ARGB32 words: the channels kept, and the liquid's own colour where nothing lies beneath. */
  for (guint c = 0; c < 3; c++)
    {
      keep |= colour[c] == 128 ? 0xffu << (16 - 8 * c) : 0;
      own |= (guint32) colour[c] << (16 - 8 * c);
    }
  /* In locals: the pixel stores could alias the table, so the loop would read it again. */
  doubles_blue = colour[2] == 255;
  for (guint y = 0; y < height; y++)
    {
      guint8 *row = pixels + y * stride;

      if (order == TSR_DOOM2D_PIXELS_RGBA)
        for (guint x = 0; x < width; x++)
          for (guint c = 0; c < 3; c++)
            row[x * 4 + c] = colour[c] == 0 ? 0 : colour[c] == 128 ? row[x * 4 + c] : (guint8) MIN (255u, 2u * row[x * 4 + c]);
      else
        {
          guint32 *word = (guint32 *) (gpointer) row;

          for (guint x = 0; x < width; x++)
            {
              guint32 p = word[x], a = p >> 24;

              if (a == 0)
                word[x] = own;
              else if (doubles_blue)
                word[x] = (p & 0xff000000) | MIN (2 * (p & 0xff), a);
              else
                word[x] = p & keep;
            }
        }
    }
}

static void
fill_rect (Canvas *canvas, int x0, int y0, int x1, int y1, guint32 rgba)
{
  for (int y = MAX (y0, 0); y < MIN (y1, (int) canvas->image->height); y++)
    for (int x = MAX (x0, 0); x < MIN (x1, (int) canvas->image->width); x++)
      blend_pixel (canvas->image, x, y, rgba);
}

static void
outline_rect (Canvas *canvas, int x0, int y0, int x1, int y1, guint32 rgba)
{
  for (int x = x0; x < x1; x++)
    {
      blend_pixel (canvas->image, x, y0, rgba);
      blend_pixel (canvas->image, x, y1 - 1, rgba);
    }
  for (int y = y0 + 1; y < y1 - 1; y++)
    {
      blend_pixel (canvas->image, x0, y, rgba);
      blend_pixel (canvas->image, x1 - 1, y, rgba);
    }
}

/* 3 x 5 glyphs, rows top to bottom, bit 2 = left column. */
static const guint8 font_digits[10][5] = {
  { 7, 5, 5, 5, 7 }, { 2, 6, 2, 2, 7 }, { 7, 1, 7, 4, 7 }, { 7, 1, 7, 1, 7 }, { 5, 5, 7, 1, 1 },
  { 7, 4, 7, 1, 7 }, { 7, 4, 7, 5, 7 }, { 7, 1, 1, 2, 2 }, { 7, 5, 7, 5, 7 }, { 7, 5, 7, 1, 7 },
};
static const guint8 font_letters[26][5] = {
  { 2, 5, 7, 5, 5 }, { 6, 5, 6, 5, 6 }, { 3, 4, 4, 4, 3 }, { 6, 5, 5, 5, 6 }, { 7, 4, 6, 4, 7 },
  { 7, 4, 6, 4, 4 }, { 3, 4, 5, 5, 3 }, { 5, 5, 7, 5, 5 }, { 7, 2, 2, 2, 7 }, { 1, 1, 1, 5, 2 },
  { 5, 5, 6, 5, 5 }, { 4, 4, 4, 4, 7 }, { 5, 7, 7, 5, 5 }, { 6, 5, 5, 5, 5 }, { 2, 5, 5, 5, 2 },
  { 6, 5, 6, 4, 4 }, { 2, 5, 5, 6, 3 }, { 6, 5, 6, 5, 5 }, { 3, 4, 2, 1, 6 }, { 7, 2, 2, 2, 2 },
  { 5, 5, 5, 5, 7 }, { 5, 5, 5, 5, 2 }, { 5, 5, 7, 7, 5 }, { 5, 5, 2, 5, 5 }, { 5, 5, 2, 2, 2 },
  { 7, 1, 2, 4, 7 },
};

static void
draw_label (Canvas *canvas, int x, int y, const char *text, guint32 rgba)
{
  for (const char *p = text; *p != '\0'; p++, x += 4)
    {
      const guint8 *glyph = NULL;
      char c = g_ascii_toupper (*p);

      if (c >= '0' && c <= '9')
        glyph = font_digits[c - '0'];
      else if (c >= 'A' && c <= 'Z')
        glyph = font_letters[c - 'A'];
      if (glyph == NULL)
        continue;
      for (int row = -1; row <= 5; row++)
        for (int col = -1; col <= 3; col++)
          {
            gboolean on = row >= 0 && row < 5 && col >= 0 && col < 3 && (glyph[row] >> (2 - col)) & 1;
            if (on)
              blend_pixel (canvas->image, x + col, y + row, rgba);
            else
              blend_pixel (canvas->image, x + col, y + row, 0x00000090);
          }
    }
}

/* A short label from an enum constant: "MONSTER_IMP" -> "IMP", "AREA_PLAYERPOINT1" -> "PLA1". */
static char *
short_label (const TsrFieldEnum *enumeration,
             gint64               value)
{
  const char *name = enumeration ? tsr_field_enum_name (enumeration, value) : NULL;
  const char *rest;
  GString *label;
  gsize length;

  if (name == NULL)
    return g_strdup_printf ("%" PRId64, value);
  rest = strchr (name, '_') ? strchr (name, '_') + 1 : name;
  if (g_str_has_prefix (rest, "WEAPON_") || g_str_has_prefix (rest, "AMMO_"))
    rest = strchr (rest, '_') + 1;
  length = strlen (rest);
  label = g_string_new_len (rest, MIN (length, 3));
  if (length > 3 && g_ascii_isdigit (rest[length - 1]))
    g_string_append_c (label, rest[length - 1]);
  return g_string_free (label, FALSE);
}

static guint32
panel_colour (gint64 type)
{
  if (type & TSR_DOOM2D_PANEL_WATER) return 0x2050d0b0;
  if (type & TSR_DOOM2D_PANEL_ACID1) return 0x30c030b0;
  if (type & TSR_DOOM2D_PANEL_ACID2) return 0xd03030b0;
  if (type & (TSR_DOOM2D_PANEL_OPENDOOR | TSR_DOOM2D_PANEL_CLOSEDOOR)) return 0xa07040ff;
  if (type & (TSR_DOOM2D_PANEL_LIFTUP | TSR_DOOM2D_PANEL_LIFTDOWN | TSR_DOOM2D_PANEL_LIFTLEFT
              | TSR_DOOM2D_PANEL_LIFTRIGHT)) return 0x40a0a0c0;
  if (type & TSR_DOOM2D_PANEL_BLOCKMON) return 0x80208060;
  if (type & TSR_DOOM2D_PANEL_WALL) return 0x909090ff;
  if (type & TSR_DOOM2D_PANEL_STEP) return 0xb0b070ff;
  if (type & TSR_DOOM2D_PANEL_FORE) return 0x60606090;
  if (type & TSR_DOOM2D_PANEL_BACK) return 0x404048ff;
  return 0x808080a0;
}

int
tsr_doom2d_panel_draw_layer (gint64 type)
{
  if (type & TSR_DOOM2D_PANEL_BACK) return 0;
  if (type & TSR_DOOM2D_PANEL_STEP) return 1;
  if (type & (TSR_DOOM2D_PANEL_WATER | TSR_DOOM2D_PANEL_ACID1 | TSR_DOOM2D_PANEL_ACID2)) return 4;
  if (type & TSR_DOOM2D_PANEL_FORE) return 5;
  if (type & (TSR_DOOM2D_PANEL_LIFTUP | TSR_DOOM2D_PANEL_LIFTDOWN | TSR_DOOM2D_PANEL_LIFTLEFT
              | TSR_DOOM2D_PANEL_LIFTRIGHT | TSR_DOOM2D_PANEL_BLOCKMON)) return 3;
  return 2;
}

/* What a panel's texture record draws with: the picture and the first frame's place in it. */
typedef struct {
  const TsrImage *picture;
  guint           x, width, height;
} PanelTexture;

static gboolean
panel_texture (const TsrDoom2dMap    *map,
               TsrDoom2dTextureCache *cache,
               gint64                 index,
               PanelTexture          *out)
{
  const TsrDoom2dRecord *record;
  const TsrDoom2dCachedTexture *entry;
  const char *path;

  if (cache == NULL || index < 0 || index >= tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE))
    return FALSE;
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, (guint) index);
  path = record->values[TSR_DOOM2D_TEXTURE_PATH].text;
  entry = tsr_doom2d_texture_cache_get (cache, path != NULL ? path : "");
  if (entry->image == NULL)
    return FALSE;
  out->picture = entry->image;
  tsr_doom2d_texture_frame_rect (entry->texture, 0, entry->image->width, entry->image->height,
                                 &out->x, &out->width, &out->height);
  return out->width > 0 && out->height > 0;
}

/* The texture tiled over the panel from its top-left corner, as the game fills panels; OPACITY
 * (0-255) from the panel's alpha, ADDITIVE for PANEL_FLAG_BLENDING. */
static void
draw_tiled (Canvas             *canvas,
            const PanelTexture *texture,
            gint64              panel_x,
            gint64              panel_y,
            int x0, int y0, int x1, int y1,
            guint               opacity,
            gboolean            additive)
{
  const TsrImage *picture = texture->picture;
  TsrImage *image = canvas->image;

  for (int y = MAX (y0, 0); y < MIN (y1, (int) image->height); y++)
    {
      gint64 ty = ((gint64) (y / canvas->scale) - panel_y) % texture->height;
      const guint8 *row;

      if (ty < 0)
        ty += texture->height;
      row = picture->pixels + ((gsize) ty * picture->width + texture->x) * 4;
      for (int x = MAX (x0, 0); x < MIN (x1, (int) image->width); x++)
        {
          gint64 tx = ((gint64) (x / canvas->scale) - panel_x) % texture->width;
          const guint8 *p;
          guint8 *d;
          guint a;

          if (tx < 0)
            tx += texture->width;
          p = row + tx * 4;
          a = p[3] * opacity / 255;
          if (a == 0)
            continue;
          d = image->pixels + ((gsize) y * image->width + x) * 4;
          for (guint c = 0; c < 3; c++)
            d[c] = additive ? (guint8) MIN (255u, d[c] + p[c] * a / 255)
                            : (guint8) ((p[c] * a + d[c] * (255 - a)) / 255);
          d[3] = (guint8) MAX (d[3], a);
        }
    }
}

static TsrDoom2dSpecialTexture
special_of (const TsrDoom2dMap *map,
            gint64              index)
{
  const char *path;

  if (index < 0 || index >= tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE))
    return TSR_DOOM2D_SPECIAL_NONE;
  path = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, (guint) index)->values[TSR_DOOM2D_TEXTURE_PATH].text;
  return path != NULL ? tsr_doom2d_special_texture (path) : TSR_DOOM2D_SPECIAL_NONE;
}

/* Liquids with the special textures: the game fills them in blue (water), dark green or dark red
 * (acid) with its filter blending, which doubles what lies beneath times the colour. */
static void
filter_rect (Canvas                 *canvas,
             int x0, int y0, int x1, int y1,
             TsrDoom2dSpecialTexture special)
{
  TsrImage *image = canvas->image;

  x0 = MAX (x0, 0), y0 = MAX (y0, 0);
  x1 = MIN (x1, (int) image->width), y1 = MIN (y1, (int) image->height);
  if (x1 > x0 && y1 > y0)
    tsr_doom2d_liquid_filter (image->pixels + ((gsize) y0 * image->width + x0) * 4, (gsize) image->width * 4,
                              (guint) (x1 - x0), (guint) (y1 - y0), TSR_DOOM2D_PIXELS_RGBA, special);
}

/* The sky (the header's sky texture) scaled over the whole picture, behind everything. */
static void
draw_sky (Canvas                *canvas,
          const TsrDoom2dMap    *map,
          TsrDoom2dTextureCache *cache)
{
  const char *path = map->header->values[TSR_DOOM2D_HEADER_SKY].text;
  const TsrDoom2dCachedTexture *sky;
  TsrImage *image = canvas->image;

  if (cache == NULL || path == NULL || *path == '\0')
    return;
  sky = tsr_doom2d_texture_cache_get (cache, path);
  if (sky->image == NULL)
    return;
  for (guint y = 0; y < image->height; y++)
    {
      const guint8 *row = sky->image->pixels
                          + (gsize) ((guint64) y * sky->image->height / image->height) * sky->image->width * 4;
      guint8 *d = image->pixels + (gsize) y * image->width * 4;

      for (guint x = 0; x < image->width; x++, d += 4)
        {
          memcpy (d, row + (gsize) ((guint64) x * sky->image->width / image->width) * 4, 3);
          d[3] = 0xff;
        }
    }
}

/* PICTURE with its corner at map point (MAP_X, MAP_Y), scaled nearest-neighbour, blended by its
 * alpha. */
static void
draw_picture (Canvas         *canvas,
              const TsrImage *picture,
              gint64          map_x,
              gint64          map_y)
{
  TsrImage *image = canvas->image;
  int x0, y0, x1, y1;

  map_rect (canvas, map_x, map_y, picture->width, picture->height, &x0, &y0, &x1, &y1);
  for (int y = MAX (y0, 0); y < MIN (y1, (int) image->height); y++)
    {
      gint64 py = (gint64) (y / canvas->scale) - map_y;

      if (py < 0 || py >= picture->height)
        continue;
      for (int x = MAX (x0, 0); x < MIN (x1, (int) image->width); x++)
        {
          gint64 px = (gint64) (x / canvas->scale) - map_x;
          const guint8 *p;

          if (px < 0 || px >= picture->width)
            continue;
          p = picture->pixels + ((gsize) py * picture->width + px) * 4;
          blend_pixel (image, x, y, (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3]);
        }
    }
}

/* The game's picture of THING (an item or monster) when CACHE resolves it: drawn, TRUE. */
static gboolean
draw_sprite (Canvas                *canvas,
             TsrDoom2dTextureCache *cache,
             TsrDoom2dKind          kind,
             const TsrDoom2dRecord *thing)
{
  const gint64 *at = thing->values[TSR_DOOM2D_THING_POSITION].v;
  TsrDoom2dSprite sprite;
  const TsrDoom2dCachedTexture *entry;
  g_autoptr(TsrImage) frame = NULL;

  if (cache == NULL || !tsr_doom2d_sprite_for_record (kind, thing, &sprite))
    return FALSE;
  entry = tsr_doom2d_texture_cache_get (cache, sprite.path);
  if (entry->image == NULL || (frame = tsr_doom2d_sprite_cut_frame (&sprite, entry->image)) == NULL)
    return FALSE;
  draw_picture (canvas, frame, at[0] + sprite.dx, at[1] + sprite.dy);
  return TRUE;
}

TsrImage *
tsr_doom2d_map_render (const TsrDoom2dMap *map,
                       TsrDoom2dResources *resources,
                       guint               width,
                       guint               height,
                       GError            **error)
{
  g_autoptr(TsrDoom2dTextureCache) cache = resources != NULL ? tsr_doom2d_texture_cache_new_borrowed (resources)
                                                             : NULL;

  return tsr_doom2d_map_render_cached (map, cache, width, height, error);
}

TsrImage *
tsr_doom2d_map_render_cached (const TsrDoom2dMap    *map,
                              TsrDoom2dTextureCache *cache,
                              guint                  width,
                              guint                  height,
                              GError               **error)
{
  const TsrFieldValue *size = &map->header->values[TSR_DOOM2D_HEADER_SIZE];
  gint64 map_w = MAX (size->v[0], 1), map_h = MAX (size->v[1], 1);
  Canvas canvas;
  GPtrArray *panels = map->records[TSR_DOOM2D_KIND_PANEL];
  const TsrFieldTable *panel_table = &tsr_doom2d_record_type (TSR_DOOM2D_KIND_PANEL)->table;
  int alpha_field = tsr_field_table_find (panel_table, "alpha");
  int flags_field = tsr_field_table_find (panel_table, "flags");

  if (width == 0 && height == 0)
    canvas.scale = MIN (1.0, (double) MAX_SIDE / MAX (map_w, map_h));
  else if (width == 0 || height == 0)
    canvas.scale = width ? (double) width / map_w : (double) height / map_h;
  else
    canvas.scale = MIN ((double) width / map_w, (double) height / map_h);
  canvas.image = tsr_image_new (MAX (1, (guint) (map_w * canvas.scale + 0.5)),
                                MAX (1, (guint) (map_h * canvas.scale + 0.5)));
  if (canvas.image == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map of %" PRId64 " x %"
                   PRId64 " cannot be drawn at that size"), map_w, map_h);
      return NULL;
    }
  fill_rect (&canvas, 0, 0, canvas.image->width, canvas.image->height, 0x101018ff);
  draw_sky (&canvas, map, cache);

  for (int layer = 0; layer < TSR_DOOM2D_N_DRAW_LAYERS; layer++)
    for (guint i = 0; i < panels->len; i++)
      {
        const TsrDoom2dRecord *panel = g_ptr_array_index (panels, i);
        gint64 type = panel->values[TSR_DOOM2D_PANEL_TYPE].v[0];
        gint64 flags = panel->values[flags_field].v[0];
        guint opacity = 255 - (guint) CLAMP (panel->values[alpha_field].v[0], 0, 255);
        const TsrFieldValue *at = &panel->values[TSR_DOOM2D_PANEL_POSITION];
        const TsrFieldValue *extent = &panel->values[TSR_DOOM2D_PANEL_SIZE];
        int x0, y0, x1, y1;
        PanelTexture texture;
        TsrDoom2dSpecialTexture special;

        if (tsr_doom2d_panel_draw_layer (type) != layer || (flags & TSR_DOOM2D_PANEL_FLAG_HIDE) != 0)
          continue;
        map_rect (&canvas, at->v[0], at->v[1], extent->v[0], extent->v[1], &x0, &y0, &x1, &y1);
        special = special_of (map, panel->values[TSR_DOOM2D_PANEL_TEXTURE].v[0]);
        /* Only liquids may carry them (the editor's panel rules); elsewhere: the flat colour. */
        if (special != TSR_DOOM2D_SPECIAL_NONE)
          {
            if (type & (TSR_DOOM2D_PANEL_WATER | TSR_DOOM2D_PANEL_ACID1 | TSR_DOOM2D_PANEL_ACID2))
              filter_rect (&canvas, x0, y0, x1, y1, special);
            else
              fill_rect (&canvas, x0, y0, x1, y1, panel_colour (type));
            continue;
          }
        if (!panel_texture (map, cache, panel->values[TSR_DOOM2D_PANEL_TEXTURE].v[0], &texture))
          {
            fill_rect (&canvas, x0, y0, x1, y1, panel_colour (type));
            continue;
          }
        /* The game draws whole tiles only (size div texture size of them). */
        map_rect (&canvas, at->v[0], at->v[1], extent->v[0] / texture.width * texture.width,
                  extent->v[1] / texture.height * texture.height, &x0, &y0, &x1, &y1);
        if (extent->v[0] < texture.width || extent->v[1] < texture.height)
          continue;
        draw_tiled (&canvas, &texture, at->v[0], at->v[1], x0, y0, x1, y1, opacity,
                    (flags & TSR_DOOM2D_PANEL_FLAG_BLENDING) != 0);
      }

  for (guint i = 0; i < map->records[TSR_DOOM2D_KIND_TRIGGER]->len; i++)
    {
      const TsrDoom2dRecord *trigger = g_ptr_array_index (map->records[TSR_DOOM2D_KIND_TRIGGER], i);
      const TsrFieldValue *at = &trigger->values[TSR_DOOM2D_TRIGGER_POSITION];
      const TsrFieldValue *extent = &trigger->values[TSR_DOOM2D_TRIGGER_SIZE];
      int x0, y0, x1, y1;

      map_rect (&canvas, at->v[0], at->v[1], extent->v[0], extent->v[1], &x0, &y0, &x1, &y1);
      outline_rect (&canvas, x0, y0, x1, y1, 0xff40ffff);
    }

  {
    static const struct { TsrDoom2dKind kind; guint32 colour; } things[] = {
      { TSR_DOOM2D_KIND_ITEM, 0xf0d020ff },
      { TSR_DOOM2D_KIND_MONSTER, 0xe03020ff },
      { TSR_DOOM2D_KIND_AREA, 0x20e060ff },
    };
    for (guint t = 0; t < G_N_ELEMENTS (things); t++)
      for (guint i = 0; i < tsr_doom2d_map_count (map, things[t].kind); i++)
        {
          const TsrDoom2dRecord *thing = tsr_doom2d_map_get (map, things[t].kind, i);
          const TsrDoom2dRecordType *type = tsr_doom2d_record_get_type (thing);
          const TsrFieldValue *at = &thing->values[TSR_DOOM2D_THING_POSITION];
          g_autofree char *label = short_label (type->table.fields[TSR_DOOM2D_THING_TYPE].enumeration,
                                                thing->values[TSR_DOOM2D_THING_TYPE].v[0]);
          int x0, y0, x1, y1;

          map_rect (&canvas, at->v[0], at->v[1], 16, 16, &x0, &y0, &x1, &y1);
          x1 = MAX (x1, x0 + 4);
          y1 = MAX (y1, y0 + 4);
          if (!draw_sprite (&canvas, cache, things[t].kind, thing))
            {
              fill_rect (&canvas, x0, y0, x1, y1, things[t].colour);
              outline_rect (&canvas, x0, y0, x1, y1, 0x000000ff);
            }
          draw_label (&canvas, x1 + 2, y0, label, things[t].colour);
        }
  }

  return canvas.image;
}
