/* tsr-doom2d-render.c: map rendering with a tiny built-in font for marker labels. */
#include <string.h>

#include "core/tsr-error.h"
#include "formats/doom2d/tsr-doom2d-render.h"

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
    return g_strdup_printf ("%" G_GINT64_FORMAT, value);
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

static int
panel_layer (gint64 type)
{
  if (type & TSR_DOOM2D_PANEL_BACK) return 0;
  if (type & TSR_DOOM2D_PANEL_STEP) return 1;
  if (type & (TSR_DOOM2D_PANEL_WATER | TSR_DOOM2D_PANEL_ACID1 | TSR_DOOM2D_PANEL_ACID2)) return 4;
  if (type & TSR_DOOM2D_PANEL_FORE) return 5;
  if (type & (TSR_DOOM2D_PANEL_LIFTUP | TSR_DOOM2D_PANEL_LIFTDOWN | TSR_DOOM2D_PANEL_LIFTLEFT
              | TSR_DOOM2D_PANEL_LIFTRIGHT | TSR_DOOM2D_PANEL_BLOCKMON)) return 3;
  return 2;
}

/* Decoded texture of texture record INDEX: a PNG (first frame of an animation), or NULL. */
static TsrImage *
decode_texture (const TsrDoom2dMap *map,
                TsrDoom2dResources *resources,
                guint               index,
                guint              *frame_width)
{
  const TsrDoom2dRecord *texture = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, index);
  const char *path = texture->values[TSR_DOOM2D_TEXTURE_PATH].text;
  g_autoptr(TsrDoom2dTexture) loaded = NULL;
  TsrImage *image;

  if (resources == NULL || tsr_doom2d_special_texture (path) != TSR_DOOM2D_SPECIAL_NONE)
    return NULL;
  loaded = tsr_doom2d_resources_load_texture (resources, path, NULL);
  if (loaded == NULL || loaded->type != TSR_DOOM2D_RESOURCE_PNG)
    return NULL;
  image = tsr_image_load_png (g_bytes_get_data (loaded->bytes, NULL), g_bytes_get_size (loaded->bytes),
                              path, NULL);
  *frame_width = image != NULL && loaded->animated && loaded->frame_width > 0
                 ? MIN (loaded->frame_width, image->width) : (image ? image->width : 0);
  return image;
}

TsrImage *
tsr_doom2d_map_render (const TsrDoom2dMap *map,
                       TsrDoom2dResources *resources,
                       guint               width,
                       guint               height,
                       GError            **error)
{
  const TsrFieldValue *size = &map->header->values[TSR_DOOM2D_HEADER_SIZE];
  gint64 map_w = MAX (size->v[0], 1), map_h = MAX (size->v[1], 1);
  Canvas canvas;
  guint n_textures = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE);
  g_autofree TsrImage **textures = g_new0 (TsrImage *, n_textures);
  g_autofree guint *frame_widths = g_new0 (guint, n_textures);
  g_autofree gboolean *tried = g_new0 (gboolean, n_textures);
  GPtrArray *panels = map->records[TSR_DOOM2D_KIND_PANEL];

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
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "map of %" G_GINT64_FORMAT " x %"
                   G_GINT64_FORMAT " cannot be drawn at that size", map_w, map_h);
      return NULL;
    }
  fill_rect (&canvas, 0, 0, canvas.image->width, canvas.image->height, 0x101018ff);

  for (int layer = 0; layer <= 5; layer++)
    for (guint i = 0; i < panels->len; i++)
      {
        const TsrDoom2dRecord *panel = g_ptr_array_index (panels, i);
        gint64 type = panel->values[TSR_DOOM2D_PANEL_TYPE].v[0];
        gint64 texture = panel->values[TSR_DOOM2D_PANEL_TEXTURE].v[0];
        const TsrFieldValue *at = &panel->values[TSR_DOOM2D_PANEL_POSITION];
        const TsrFieldValue *extent = &panel->values[TSR_DOOM2D_PANEL_SIZE];
        int x0, y0, x1, y1;
        TsrImage *picture = NULL;

        if (panel_layer (type) != layer)
          continue;
        map_rect (&canvas, at->v[0], at->v[1], extent->v[0], extent->v[1], &x0, &y0, &x1, &y1);
        if (texture >= 0 && texture < n_textures)
          {
            if (!tried[texture])
              {
                textures[texture] = decode_texture (map, resources, (guint) texture, &frame_widths[texture]);
                tried[texture] = TRUE;
              }
            picture = textures[texture];
          }
        if (picture == NULL || frame_widths[texture] == 0)
          {
            fill_rect (&canvas, x0, y0, x1, y1, panel_colour (type));
            continue;
          }
        for (int y = MAX (y0, 0); y < MIN (y1, (int) canvas.image->height); y++)
          for (int x = MAX (x0, 0); x < MIN (x1, (int) canvas.image->width); x++)
            {
              gint64 tx = ((gint64) (x / canvas.scale) - at->v[0]) % frame_widths[texture];
              gint64 ty = ((gint64) (y / canvas.scale) - at->v[1]) % picture->height;
              const guint8 *p;

              if (tx < 0) tx += frame_widths[texture];
              if (ty < 0) ty += picture->height;
              p = picture->pixels + ((gsize) ty * picture->width + tx) * 4;
              blend_pixel (canvas.image, x, y, ((guint32) p[0] << 24) | ((guint32) p[1] << 16)
                                              | ((guint32) p[2] << 8) | p[3]);
            }
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
          fill_rect (&canvas, x0, y0, x1, y1, things[t].colour);
          outline_rect (&canvas, x0, y0, x1, y1, 0x000000ff);
          draw_label (&canvas, x1 + 2, y0, label, things[t].colour);
        }
  }

  for (guint i = 0; i < n_textures; i++)
    g_clear_pointer (&textures[i], tsr_image_free);
  return canvas.image;
}
