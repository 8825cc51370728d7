/* tsr-wolf3d-document-images.c: what the Wolf3D editor draws for each plane value, its name, and
 * the palettes. Walls and doors are their VSWAP textures (the N/S face), objects their sprites,
 * all through the game palette; values without a picture in this set (shareware lacks many
 * pages) get flat colours or markers: player starts and patrol turns with an arrow for their
 * direction, pushwalls, the end-of-game trigger, and objects without a sprite as a disc labelled
 * with their initials. Soldiers and dogs are drawn in the view that shows their facing; area codes
 * carry their number. */
#include "model/wolf3d/tsr-wolf3d-document-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "formats/wolf3d/tsr-wolf3d-palette.h"

#define SIZE        TSR_WOLF3D_TILE_SIZE
#define AREA_FIRST  107
#define AREA_LAST   143
#define FLOOR_RGBA  0x383838FFu

/* ---- drawing ------------------------------------------------------------------------------ */

static TsrImage *
flat_image (guint32 rgba)
{
  TsrImage *image = tsr_image_new (SIZE, SIZE);

  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      tsr_image_set_pixel (image, x, y, rgba);
  return image;
}

static void
fill_rect (TsrImage *image, int x0, int y0, int width, int height, guint32 rgba)
{
  for (int y = MAX (y0, 0); y < MIN (y0 + height, SIZE); y++)
    for (int x = MAX (x0, 0); x < MIN (x0 + width, SIZE); x++)
      tsr_image_set_pixel (image, (guint) x, (guint) y, rgba);
}

static void
fill_disc (TsrImage *image, double cx, double cy, double radius, guint32 rgba)
{
  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      {
        double dx = x + 0.5 - cx, dy = y + 0.5 - cy;

        if (dx * dx + dy * dy <= radius * radius)
          tsr_image_set_pixel (image, (guint) x, (guint) y, rgba);
      }
}

static void
draw_line (TsrImage *image, double x0, double y0, double x1, double y1, int width, guint32 rgba)
{
  double length = MAX (fabs (x1 - x0), fabs (y1 - y0));
  int steps = (int) ceil (length) + 1;

  for (int i = 0; i <= steps; i++)
    {
      double t = (double) i / steps;
      int x = (int) lround (x0 + (x1 - x0) * t), y = (int) lround (y0 + (y1 - y0) * t);

      fill_rect (image, x - width / 2, y - width / 2, width, width, rgba);
    }
}

static void
draw_frame (TsrImage *image, int inset, int width, guint32 rgba)
{
  fill_rect (image, inset, inset, SIZE - 2 * inset, width, rgba);
  fill_rect (image, inset, SIZE - inset - width, SIZE - 2 * inset, width, rgba);
  fill_rect (image, inset, inset, width, SIZE - 2 * inset, rgba);
  fill_rect (image, SIZE - inset - width, inset, width, SIZE - 2 * inset, rgba);
}

/* A 3x5 pixel font for the labels on markers and area codes: digits, capitals and '.'. Each glyph
 * is five rows of three bits, the high bit on the left. */
static const struct { char c; guint8 rows[5]; } glyphs[] = {
  { '0', { 7, 5, 5, 5, 7 } }, { '1', { 2, 6, 2, 2, 7 } }, { '2', { 7, 1, 7, 4, 7 } },
  { '3', { 7, 1, 7, 1, 7 } }, { '4', { 5, 5, 7, 1, 1 } }, { '5', { 7, 4, 7, 1, 7 } },
  { '6', { 7, 4, 7, 5, 7 } }, { '7', { 7, 1, 1, 1, 1 } }, { '8', { 7, 5, 7, 5, 7 } },
  { '9', { 7, 5, 7, 1, 7 } }, { 'A', { 2, 5, 7, 5, 5 } }, { 'B', { 6, 5, 6, 5, 6 } },
  { 'C', { 3, 4, 4, 4, 3 } }, { 'D', { 6, 5, 5, 5, 6 } }, { 'E', { 7, 4, 6, 4, 7 } },
  { 'F', { 7, 4, 6, 4, 4 } }, { 'G', { 3, 4, 5, 5, 3 } }, { 'H', { 5, 5, 7, 5, 5 } },
  { 'I', { 7, 2, 2, 2, 7 } }, { 'J', { 1, 1, 1, 5, 2 } }, { 'K', { 5, 5, 6, 5, 5 } },
  { 'L', { 4, 4, 4, 4, 7 } }, { 'M', { 5, 7, 7, 5, 5 } }, { 'N', { 6, 5, 5, 5, 5 } },
  { 'O', { 2, 5, 5, 5, 2 } }, { 'P', { 6, 5, 6, 4, 4 } }, { 'Q', { 2, 5, 5, 6, 3 } },
  { 'R', { 6, 5, 6, 5, 5 } }, { 'S', { 3, 4, 2, 1, 6 } }, { 'T', { 7, 2, 2, 2, 2 } },
  { 'U', { 5, 5, 5, 5, 7 } }, { 'V', { 5, 5, 5, 5, 2 } }, { 'W', { 5, 5, 7, 7, 5 } },
  { 'X', { 5, 5, 2, 5, 5 } }, { 'Y', { 5, 5, 2, 2, 2 } }, { 'Z', { 7, 1, 2, 4, 7 } },
  { '.', { 0, 0, 0, 0, 2 } },
};

/* TEXT centred at (CX, CY) in glyph pixels of SCALE image pixels, with a dark outline so it reads
 * on any colour. */
static void
draw_label (TsrImage *image, const char *text, int cx, int cy, int scale, guint32 rgba)
{
  int n = (int) strlen (text);
  int width = n * 4 * scale - scale, x0 = cx - width / 2, y0 = cy - 5 * scale / 2;

  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < n; i++)
      for (guint g = 0; g < G_N_ELEMENTS (glyphs); g++)
        {
          if (glyphs[g].c != text[i])
            continue;
          for (int row = 0; row < 5; row++)
            for (int col = 0; col < 3; col++)
              if (glyphs[g].rows[row] & (4 >> col))
                {
                  int x = x0 + (i * 4 + col) * scale, y = y0 + row * scale;

                  if (pass == 0)
                    fill_rect (image, x - 1, y - 1, scale + 2, scale + 2, 0x000000C0);
                  else
                    fill_rect (image, x, y, scale, scale, rgba);
                }
        }
}

/* What a marker says: the initials of a name of several words ("Hans Grosse" HG), else its first
 * three letters ("OFF" for Officer). */
static char *
marker_label (const char *name)
{
  g_auto(GStrv) words = g_strsplit (name, " ", -1);
  GString *label = g_string_new (NULL);

  if (g_strv_length (words) > 1)
    for (guint i = 0; words[i] != NULL && label->len < 3; i++)
      {
        if (words[i][0] != '\0')
          g_string_append_c (label, g_ascii_toupper (words[i][0]));
      }
  else
    for (guint i = 0; name[i] != '\0' && i < 3; i++)
      g_string_append_c (label, g_ascii_toupper (name[i]));
  return g_string_free (label, FALSE);
}

/* An arrow from the centre towards ANGLE (radians, 0 east, counter-clockwise as on the map's
 * compass: north is up), LENGTH pixels long. */
static void
draw_arrow (TsrImage *image, double angle, double length, int width, guint32 rgba)
{
  double cx = SIZE / 2.0, cy = SIZE / 2.0;
  double tx = cx + cos (angle) * length, ty = cy - sin (angle) * length;
  double head = length * 0.45;

  draw_line (image, cx, cy, tx, ty, width, rgba);
  draw_line (image, tx, ty, tx - cos (angle - 0.6) * head, ty + sin (angle - 0.6) * head, width, rgba);
  draw_line (image, tx, ty, tx - cos (angle + 0.6) * head, ty + sin (angle + 0.6) * head, width, rgba);
}

/* The tables' directions: 0 east, 1 north, 2 west, 3 south. */
static double
direction_angle (int direction)
{
  return direction * G_PI / 2;
}

static TsrImage *
indexed_image (const guint16 *pixels, const TsrWolf3dSet *set)
{
  return tsr_wolf3d_indexed_to_image (pixels, SIZE, SIZE, tsr_wolf3d_palette_get (set->game));
}

static TsrImage *
wall_page_image (const TsrWolf3dSet *set, int page)
{
  guint8 indexed[SIZE * SIZE];
  guint16 pixels[SIZE * SIZE];

  if (set->vswap == NULL || page < 0 || !tsr_wolf3d_vswap_decode_wall (set->vswap, (guint) page, indexed, NULL))
    return NULL;
  for (guint i = 0; i < SIZE * SIZE; i++)
    pixels[i] = indexed[i];
  return indexed_image (pixels, set);
}

static TsrImage *
sprite_image (const TsrWolf3dSet *set, int sprite)
{
  guint16 pixels[SIZE * SIZE];

  if (set->vswap == NULL || sprite < 0 || !tsr_wolf3d_vswap_decode_sprite (set->vswap, (guint) sprite, pixels, NULL))
    return NULL;
  return indexed_image (pixels, set);
}

/* A colour per area code, spread round the hue circle so neighbouring codes differ. */
static guint32
area_colour (guint16 code)
{
  double hue = fmod ((code - AREA_FIRST) * 0.618033988749895, 1.0) * 6.0;
  double f = hue - floor (hue);
  double rgb[3];
  guint sector = (guint) hue % 6;

  switch (sector)
    {
    case 0:  rgb[0] = 1; rgb[1] = f; rgb[2] = 0; break;
    case 1:  rgb[0] = 1 - f; rgb[1] = 1; rgb[2] = 0; break;
    case 2:  rgb[0] = 0; rgb[1] = 1; rgb[2] = f; break;
    case 3:  rgb[0] = 0; rgb[1] = 1 - f; rgb[2] = 1; break;
    case 4:  rgb[0] = f; rgb[1] = 0; rgb[2] = 1; break;
    default: rgb[0] = 1; rgb[1] = 0; rgb[2] = 1 - f; break;
    }
  return ((guint32) (rgb[0] * 255) << 24) | ((guint32) (rgb[1] * 255) << 16)
         | ((guint32) (rgb[2] * 255) << 8) | 0x80u;
}

static guint32
marker_colour (TsrWolf3dObjectClass kind)
{
  switch (kind)
    {
    case TSR_WOLF3D_OBJECT_PLAYER:   return 0x00C000FF;
    case TSR_WOLF3D_OBJECT_ENEMY:    return 0xE03030FF;
    case TSR_WOLF3D_OBJECT_BOSS:     return 0xC000C0FF;
    case TSR_WOLF3D_OBJECT_DEAD:     return 0x802020FF;
    case TSR_WOLF3D_OBJECT_TREASURE: return 0xFFD700FF;
    case TSR_WOLF3D_OBJECT_KEY:      return 0x00E0E0FF;
    case TSR_WOLF3D_OBJECT_PICKUP:   return 0x60D060FF;
    case TSR_WOLF3D_OBJECT_PUSHWALL: return 0xFFE000FF;
    case TSR_WOLF3D_OBJECT_EXIT:     return 0xFFFFFFFF;
    case TSR_WOLF3D_OBJECT_TURN:     return 0x6060FFFF;
    case TSR_WOLF3D_OBJECT_STATIC:   return 0xA0A0A0FF;
    default:                         return 0xFF00FFFF;
    }
}

static TsrImage *
architecture_image (const TsrWolf3dSet *set, guint16 value)
{
  TsrImage *image;
  int page;

  switch (tsr_wolf3d_tile_classify (value))
    {
    case TSR_WOLF3D_TILE_EMPTY:
      return NULL;
    case TSR_WOLF3D_TILE_WALL:
    case TSR_WOLF3D_TILE_DOOR:
      page = set->vswap != NULL ? tsr_wolf3d_tile_texture (value, set->vswap->sprite_start) : -1;
      image = wall_page_image (set, page);
      if (image == NULL)
        image = flat_image (tsr_wolf3d_tile_classify (value) == TSR_WOLF3D_TILE_WALL ? 0x6C6C6CFF : 0xC8A000FF);
      if (tsr_wolf3d_tile_classify (value) == TSR_WOLF3D_TILE_DOOR)
        {
          /* The door leaf across the tile: even codes open east-west (the leaf runs north-south). */
          if (value % 2 == 0)
            fill_rect (image, SIZE / 2 - 2, 0, 4, SIZE, 0x202020FF);
          else
            fill_rect (image, 0, SIZE / 2 - 2, SIZE, 4, 0x202020FF);
        }
      return image;
    case TSR_WOLF3D_TILE_AMBUSH:
      image = flat_image (FLOOR_RGBA);
      draw_line (image, 12, 12, 51, 51, 5, 0xC03030FF);
      draw_line (image, 12, 51, 51, 12, 5, 0xC03030FF);
      return image;
    case TSR_WOLF3D_TILE_AREA:
      return flat_image (FLOOR_RGBA);
    case TSR_WOLF3D_TILE_UNKNOWN:
    default:
      return flat_image (0xFF00FFFF);
    }
}

static TsrImage *
object_image (const TsrWolf3dSet *set, guint16 value)
{
  TsrWolf3dObjectInfo info;
  TsrImage *image;
  gboolean known;

  if (value == 0)
    return NULL;
  known = tsr_wolf3d_object_lookup (set->game, value, &info);
  image = NULL;
  /* Soldiers and dogs have eight views after their sprite: the one seen from the south (the bottom
   * of the map) shows which way they face: east 6, north 4 (the back), west 2, south 0 (front). */
  if (known && info.kind == TSR_WOLF3D_OBJECT_ENEMY && info.direction >= 0 && info.direction < 4 && info.sprite >= 0)
    {
      static const int views[] = { 6, 4, 2, 0 };

      image = sprite_image (set, info.sprite + views[info.direction]);
    }
  if (image == NULL && known)
    image = sprite_image (set, info.sprite);
  if (image == NULL)
    {
      image = tsr_image_new (SIZE, SIZE);
      switch (info.kind)
        {
        case TSR_WOLF3D_OBJECT_PUSHWALL:
          /* A block with a frame: the wall that moves. */
          fill_rect (image, 8, 8, SIZE - 16, SIZE - 16, 0xFFE00060);
          draw_frame (image, 6, 5, marker_colour (info.kind));
          break;
        case TSR_WOLF3D_OBJECT_EXIT:
          draw_frame (image, 6, 5, marker_colour (info.kind));
          draw_line (image, 14, 14, 49, 49, 5, 0xFFFFFFFF);
          draw_line (image, 14, 49, 49, 14, 5, 0xFFFFFFFF);
          break;
        case TSR_WOLF3D_OBJECT_TURN:
          fill_disc (image, SIZE / 2.0, SIZE / 2.0, 10, marker_colour (info.kind));
          break;
        default:
          {
            /* Objects whose sprite this release lacks (the shareware set has no officers, mutants
             * or most bosses): a disc labelled with the object, or its code when unknown. */
            g_autofree char *label = known ? marker_label (info.name) : g_strdup_printf ("%u", value);

            fill_disc (image, SIZE / 2.0, SIZE / 2.0, 24, marker_colour (known ? info.kind : TSR_WOLF3D_OBJECT_UNKNOWN));
            /* Player starts say it with their arrow. */
            if (info.kind != TSR_WOLF3D_OBJECT_PLAYER)
              draw_label (image, label, SIZE / 2, SIZE / 2, strlen (label) > 2 ? 4 : 5, 0xFFFFFFFF);
          }
          break;
        }
    }

  if (info.kind == TSR_WOLF3D_OBJECT_TURN)
    draw_arrow (image, (value - 90) * G_PI / 4, 26, 5, marker_colour (info.kind));
  else if (info.kind == TSR_WOLF3D_OBJECT_PLAYER)
    draw_arrow (image, direction_angle (info.direction), 26, 6, 0xFFFFFFFF);
  else if ((info.kind == TSR_WOLF3D_OBJECT_ENEMY || info.kind == TSR_WOLF3D_OBJECT_BOSS) && info.direction >= 0)
    {
      /* Facing as a short tick at the edge; difficulty as dots in the corner; patrol as a ring. */
      double angle = direction_angle (info.direction);
      double cx = SIZE / 2.0 + cos (angle) * 27, cy = SIZE / 2.0 - sin (angle) * 27;

      fill_disc (image, cx, cy, 4, 0xFFFFFFFF);
      for (int d = 0; d < info.difficulty; d++)
        fill_rect (image, 2 + d * 7, 2, 5, 5, 0xFFFFFFFF);
      if (info.patrol)
        draw_frame (image, 0, 2, 0x6060FFFF);
    }
  return image;
}

TsrImage *
tsr_wolf_area_palette_image_new (guint16 value)
{
  g_autofree char *number = g_strdup_printf ("%u", value - AREA_FIRST);
  guint32 tint = area_colour (value);
  guint32 mixed = 0xFF;
  TsrImage *image;

  /* A third of the area's colour over the floor: still a floor, but each code its own. */
  for (int shift = 8; shift <= 24; shift += 8)
    {
      guint floor = (FLOOR_RGBA >> shift) & 0xFF, colour = (tint >> shift) & 0xFF;

      mixed |= ((floor * 2 + colour) / 3) << shift;
    }
  image = flat_image (mixed);
  draw_frame (image, 0, 2, tint | 0xFF);
  draw_label (image, number, SIZE / 2, SIZE / 2, 5, 0xFFFFFFFF);
  return image;
}

TsrImage *
tsr_wolf_tile_image_new (const TsrWolf3dSet *set,
                         guint               layer,
                         guint16             value)
{
  TsrImage *image;

  switch (layer)
    {
    case TSR_WOLF_LAYER_ARCHITECTURE:
      return architecture_image (set, value);
    case TSR_WOLF_LAYER_OBJECTS:
      return object_image (set, value);
    case TSR_WOLF_LAYER_AREAS:
      if (tsr_wolf3d_tile_classify (value) != TSR_WOLF3D_TILE_AREA)
        return NULL;
      {
        /* The area's number (code - 107), so neighbouring areas of similar hue still differ. */
        g_autofree char *number = g_strdup_printf ("%u", value - AREA_FIRST);

        image = flat_image (area_colour (value));
        draw_frame (image, 0, 1, area_colour (value) | 0xFF);
        draw_label (image, number, SIZE / 2, SIZE / 2, 5, 0xFFFFFFFF);
        return image;
      }
    default:
      return NULL;
    }
}

/* ---- names -------------------------------------------------------------------------------- */

/* The codec's tables name directions in English for the CLI; the editor shows them translated. */
static const char *
direction_name (int direction)
{
  switch (direction)
    {
    /* Translators: "Guard, standing, facing east, all skill levels". */
    case 0:  return _("east");
    case 1:  return _("north");
    case 2:  return _("west");
    case 3:  return _("south");
    default: return tsr_wolf3d_direction_name (direction);
    }
}

static const char *
difficulty_name (int difficulty)
{
  switch (difficulty)
    {
    case 1:  return _("all skill levels");
    case 2:  return _("medium and hard");
    case 3:  return _("hard only");
    default: return "";
    }
}

char *
tsr_wolf_tile_name (TsrWolf3dGame game,
                    guint         layer,
                    guint16       value)
{
  TsrWolf3dObjectInfo info;

  if (layer != TSR_WOLF_LAYER_OBJECTS)
    return tsr_wolf3d_tile_label (game, value);

  if (!tsr_wolf3d_object_lookup (game, value, &info))
    return g_strdup_printf (_("Unknown object %u"), value);
  if (info.kind == TSR_WOLF3D_OBJECT_ENEMY && info.direction >= 0)
    return g_strdup_printf (_("%s, %s, facing %s, %s"), _(info.name),
                            info.patrol ? _("patrolling") : _("standing"),
                            direction_name (info.direction), difficulty_name (info.difficulty));
  return g_strdup (_(info.name));
}

/* ---- palettes ----------------------------------------------------------------------------- */

static gboolean
texture_present (const TsrWolf3dSet *set, guint16 tile)
{
  int page;
  const TsrWolf3dPage *entry;

  if (set->vswap == NULL)
    return TRUE;
  page = tsr_wolf3d_tile_texture (tile, set->vswap->sprite_start);
  if (page < 0 || page >= set->vswap->n_pages)
    return FALSE;
  entry = &set->vswap->pages[page];
  return entry->offset != 0 && entry->length >= SIZE * SIZE;
}

GArray *
tsr_wolf_tile_palette (const TsrWolf3dSet *set,
                       guint               layer)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) codes = NULL;

  switch (layer)
    {
    case TSR_WOLF_LAYER_ARCHITECTURE:
      /* Walls whose texture this release leaves out would show garbage in the game. */
      codes = tsr_wolf3d_known_tiles ();
      for (guint i = 0; i < codes->len; i++)
        {
          guint16 code = g_array_index (codes, guint16, i);
          guint32 value = code;

          if (tsr_wolf3d_tile_classify (code) == TSR_WOLF3D_TILE_WALL && !texture_present (set, code))
            continue;
          g_array_append_val (values, value);
        }
      break;
    case TSR_WOLF_LAYER_OBJECTS:
      codes = tsr_wolf3d_known_objects (set->game);
      for (guint i = 0; i < codes->len; i++)
        {
          guint32 value = g_array_index (codes, guint16, i);
          g_array_append_val (values, value);
        }
      break;
    case TSR_WOLF_LAYER_AREAS:
      for (guint32 value = AREA_FIRST; value <= AREA_LAST; value++)
        g_array_append_val (values, value);
      break;
    default:
      break;
    }
  return values;
}

void
tsr_wolf_object_category_free (TsrWolfObjectCategory *category)
{
  if (category == NULL)
    return;
  g_free (category->id);
  g_free (category->name);
  g_clear_pointer (&category->values, g_array_unref);
  g_free (category);
}

enum {
  CAT_PLAYER, CAT_ENEMIES_ALL, CAT_ENEMIES_MEDIUM, CAT_ENEMIES_HARD, CAT_BOSSES, CAT_STATICS,
  CAT_PICKUPS, CAT_TREASURE, CAT_KEYS, CAT_PUSHWALLS, CAT_EXITS, CAT_TURNS, N_CATS
};

/* Sort key inside a category: enemies by kind (their name's first code), then standing before
 * patrolling, then facing east, north, west, south; everything else by code. */
typedef struct {
  guint32 value;
  guint   kind_rank;
  guint   patrol;
  int     direction;
} Entry;

static gint
entry_compare (gconstpointer a, gconstpointer b)
{
  const Entry *x = a, *y = b;

  if (x->kind_rank != y->kind_rank)
    return x->kind_rank < y->kind_rank ? -1 : 1;
  if (x->patrol != y->patrol)
    return x->patrol < y->patrol ? -1 : 1;
  if (x->direction != y->direction)
    return x->direction < y->direction ? -1 : 1;
  return x->value < y->value ? -1 : x->value > y->value;
}

GPtrArray *
tsr_wolf_object_categories (TsrWolf3dGame game)
{
  static const struct { const char *id; const char *name; } cats[N_CATS] = {
    { "player", N_("Player starts") },
    { "enemies-all", N_("Enemies, all skill levels") },
    { "enemies-medium", N_("Enemies, medium and hard") },
    { "enemies-hard", N_("Enemies, hard only") },
    { "bosses", N_("Bosses") },
    { "statics", N_("Static objects") },
    { "pickups", N_("Food, health, ammo and weapons") },
    { "treasure", N_("Treasure") },
    { "keys", N_("Keys") },
    { "pushwalls", N_("Pushwalls") },
    { "exits", N_("Exits") },
    { "turns", N_("Patrol turns") },
  };
  g_autoptr(GArray) codes = tsr_wolf3d_known_objects (game);
  g_autoptr(GHashTable) kind_ranks = g_hash_table_new (g_str_hash, g_str_equal);
  GArray *entries[N_CATS];
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_wolf_object_category_free);

  for (guint c = 0; c < N_CATS; c++)
    entries[c] = g_array_new (FALSE, FALSE, sizeof (Entry));

  for (guint i = 0; i < codes->len; i++)
    {
      guint16 code = g_array_index (codes, guint16, i);
      TsrWolf3dObjectInfo info;
      Entry entry = { code, 0, 0, 0 };
      int category;

      tsr_wolf3d_object_lookup (game, code, &info);
      switch (info.kind)
        {
        case TSR_WOLF3D_OBJECT_PLAYER:   category = CAT_PLAYER; break;
        case TSR_WOLF3D_OBJECT_BOSS:     category = CAT_BOSSES; break;
        case TSR_WOLF3D_OBJECT_TREASURE: category = CAT_TREASURE; break;
        case TSR_WOLF3D_OBJECT_KEY:      category = CAT_KEYS; break;
        case TSR_WOLF3D_OBJECT_PICKUP:   category = CAT_PICKUPS; break;
        case TSR_WOLF3D_OBJECT_PUSHWALL: category = CAT_PUSHWALLS; break;
        case TSR_WOLF3D_OBJECT_EXIT:     category = CAT_EXITS; break;
        case TSR_WOLF3D_OBJECT_TURN:     category = CAT_TURNS; break;
        case TSR_WOLF3D_OBJECT_ENEMY:
          category = info.difficulty >= 3 ? CAT_ENEMIES_HARD
                     : info.difficulty == 2 ? CAT_ENEMIES_MEDIUM : CAT_ENEMIES_ALL;
          if (!g_hash_table_contains (kind_ranks, info.name))
            g_hash_table_insert (kind_ranks, (gpointer) info.name,
                                 GUINT_TO_POINTER (g_hash_table_size (kind_ranks) + 1));
          entry.kind_rank = GPOINTER_TO_UINT (g_hash_table_lookup (kind_ranks, info.name));
          entry.patrol = info.patrol;
          entry.direction = info.direction;
          break;
        case TSR_WOLF3D_OBJECT_STATIC:
        case TSR_WOLF3D_OBJECT_DEAD:
        default:
          category = CAT_STATICS;
          break;
        }
      g_array_append_val (entries[category], entry);
    }

  for (guint c = 0; c < N_CATS; c++)
    {
      TsrWolfObjectCategory *category;

      if (entries[c]->len == 0)
        {
          g_array_unref (entries[c]);
          continue;
        }
      g_array_sort (entries[c], entry_compare);
      category = g_new0 (TsrWolfObjectCategory, 1);
      category->id = g_strdup (cats[c].id);
      category->name = g_strdup (_(cats[c].name));
      category->values = g_array_sized_new (FALSE, FALSE, sizeof (guint32), entries[c]->len);
      for (guint i = 0; i < entries[c]->len; i++)
        g_array_append_val (category->values, g_array_index (entries[c], Entry, i).value);
      g_array_unref (entries[c]);
      g_ptr_array_add (result, category);
    }
  return result;
}
