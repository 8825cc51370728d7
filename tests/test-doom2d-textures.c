/* test-doom2d-textures.c: the GUI's texture decoding (GdkPixbuf with the loader named, the codec
 * decoder as fallback) against the codec's own TGA decoder on every real texture, and frames of
 * an animation as GdkTextures. Needs no display. */
#include <string.h>

#include "core/tsr-tga.h"
#include "formats/doom2d/tsr-doom2d-pack.h"
#include "formats/doom2d/tsr-doom2d-resources.h"
#include "tsr-test-common.h"
#include "formats/doom2d/tsr-doom2d-render.h"
#include "formats/doom2d/tsr-doom2d-sprites.h"
#include "views/doom2d/tsr-doom2d-canvas-layers.h"
#include "views/doom2d/tsr-doom2d-panel-layer.h"
#include "views/doom2d/tsr-doom2d-sprite-layer.h"
#include "views/doom2d/tsr-doom2d-textures.h"
#include "edit/tsr-move-elements-command.h"

static char *data_dir;

static void
add_tgas (GPtrArray  *files,
          const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        add_tgas (files, path);
      else if (g_str_has_suffix (name, ".tga"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

START_TEST (test_gdk_decoding_matches_codec)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *folder = g_build_filename (data_dir, "StandartWAD", NULL);
  guint checked = 0;

  add_tgas (files, folder);
  ck_assert_uint_ge (files->len, 200);
  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (files, i));
      TsrDoom2dTexture texture = { TSR_DOOM2D_RESOURCE_TGA, bytes };
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrImage) gdk = tsr_doom2d_texture_decode_gdk (&texture, "gdk", NULL, &error);
      g_autoptr(TsrImage) codec = tsr_image_load_tga (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                                      "codec", NULL);

      ck_assert_msg (gdk != NULL, "%s", error ? error->message : "");
      ck_assert_ptr_nonnull (codec);
      ck_assert_uint_eq (gdk->width, codec->width);
      ck_assert_uint_eq (gdk->height, codec->height);
      ck_assert_msg (memcmp (gdk->pixels, codec->pixels, (gsize) gdk->width * gdk->height * 4) == 0,
                     "%s: GdkPixbuf and the codec decode different pixels", (char *) g_ptr_array_index (files, i));
      checked++;
    }
  tsr_test_report_count ("TGA textures through GdkPixbuf", checked);

  /* Bytes no loader takes fall back to the codec, whose error is kept. */
  {
    g_autoptr(GBytes) junk = g_bytes_new_static ("\0\0\2junk", 7);
    TsrDoom2dTexture texture = { TSR_DOOM2D_RESOURCE_TGA, junk };
    g_autoptr(GError) error = NULL;

    ck_assert_ptr_null (tsr_doom2d_texture_decode_gdk (&texture, "junk", NULL, &error));
    ck_assert_msg (strstr (error->message, "junk") != NULL, "%s", error->message);
  }
}
END_TEST

START_TEST (test_animation_frames_as_textures)
{
  g_autofree char *list = g_build_filename (data_dir, "StandartWAD", "standart.lst", NULL);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (folder, "Standart.wad", NULL);
  TsrDoom2dWad *wad = tsr_doom2d_pack_list (list, NULL, NULL);
  g_autoptr(GBytes) bytes = tsr_doom2d_wad_write (wad, NULL);
  const char *search[] = { path, NULL };
  g_autoptr(TsrDoom2dTextureCache) cache = NULL;
  const TsrDoom2dCachedTexture *entry;
  g_autoptr(GdkTexture) first = NULL, last = NULL, still = NULL;

  tsr_doom2d_wad_free (wad);
  ck_assert (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
  cache = tsr_doom2d_texture_cache_new_gdk (tsr_doom2d_resources_new (search, NULL));
  entry = tsr_doom2d_texture_cache_get (cache, "Standart.wad:D2DTEXTURES\\W73A_1");
  ck_assert_msg (entry->image != NULL, "%s", entry->error ? entry->error->message : "");
  first = tsr_doom2d_texture_get_frame (entry, 0);
  last = tsr_doom2d_texture_get_frame (entry, 2);
  ck_assert_int_eq (gdk_texture_get_width (first), 128);
  ck_assert_int_eq (gdk_texture_get_height (last), 128);
  entry = tsr_doom2d_texture_cache_get (cache, "Standart.wad:D2DTEXTURES\\EXIT1");
  still = tsr_doom2d_texture_get_frame (entry, 0);
  ck_assert_int_eq (gdk_texture_get_width (still), (int) entry->image->width);
  ck_assert_ptr_null (tsr_doom2d_texture_get_frame (tsr_doom2d_texture_cache_get (cache, "Standart.wad:X\\Y"), 0));
}
END_TEST

/* The editor's panel layer over df_MAP01 with the packed Standart.wad, drawn offscreen at 1:1: a
 * wall shows its texture's pixels from its corner, water is the game's blue filter (no red or
 * green left), an animation steps with the game tick, and a second draw of the same view comes
 * from the layer's kept frame. */
START_TEST (test_panel_layer_draws_textures)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *wad = tsr_test_pack_standart_wad (data_dir, folder);
  g_autoptr(TsrDocument) document = tsr_test_open_document (data_dir, "df_MAP01.map");
  TsrDoom2dDocument *d2;
  TsrDoom2dMap *map;
  g_autoptr(TsrDoom2dPanelLayer) layer = NULL;
  TsrMapViewport viewport = { 0, 0, 1, 1600, 1600, 1 };
  cairo_surface_t *surface;
  cairo_t *cr;
  const guint8 *pixels;
  int stride;
  guint walls = 0, waters = 0, animated = G_MAXUINT;

  ck_assert_ptr_nonnull (wad);
  g_setenv ("TESSERA_DOOM2D_PATH", "", TRUE);
  d2 = TSR_DOOM2D_DOCUMENT (document);
  map = tsr_doom2d_document_get_map (d2);
  layer = tsr_doom2d_panel_layer_new (d2, (const char *const[]) { wad, NULL });
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1600, 1600);
  cr = cairo_create (surface);
  tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layer), cr, &viewport);
  cairo_surface_flush (surface);
  ck_assert_uint_eq (tsr_doom2d_panel_layer_get_n_drawn (layer), tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL));
  pixels = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL); i++)
    {
      const TsrDoom2dRecord *panel = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, i);
      gint64 type = panel->values[TSR_DOOM2D_PANEL_TYPE].v[0];
      gint64 x = panel->values[TSR_DOOM2D_PANEL_POSITION].v[0] + 1, y = panel->values[TSR_DOOM2D_PANEL_POSITION].v[1] + 1;
      gint64 texture = panel->values[TSR_DOOM2D_PANEL_TEXTURE].v[0];
      const char *texture_path = texture >= 0 ? tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, (guint) texture)->values[TSR_DOOM2D_TEXTURE_PATH].text : "";
      const TsrDoom2dCachedTexture *entry = tsr_doom2d_texture_cache_get (tsr_doom2d_panel_layer_get_cache (layer), texture_path);
      guint32 got;
      gboolean covered = FALSE;

      if (x < 0 || y < 0 || x >= 1600 || y >= 1600)
        continue;
      got = *(const guint32 *) (pixels + y * stride + x * 4);
      /* Only where nothing of a later drawing layer lies over the pixel. */
      for (guint j = 0; j < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL); j++)
        {
          const TsrDoom2dRecord *other = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, j);
          const gint64 *at = other->values[TSR_DOOM2D_PANEL_POSITION].v, *size = other->values[TSR_DOOM2D_PANEL_SIZE].v;

          if (j != i && x >= at[0] && x < at[0] + size[0] && y >= at[1] && y < at[1] + size[1]
              && tsr_doom2d_panel_draw_layer (other->values[TSR_DOOM2D_PANEL_TYPE].v[0]) >= tsr_doom2d_panel_draw_layer (type))
            covered = TRUE;
        }
      if (covered)
        continue;
      if (type == TSR_DOOM2D_PANEL_WALL && entry->image != NULL && !entry->texture->animated)
        {
          const guint8 *want = entry->image->pixels + (1 * entry->image->width + 1) * 4;

          if (want[3] != 255)
            continue;
          ck_assert_uint_eq (got, 0xff000000u | (guint32) want[0] << 16 | (guint32) want[1] << 8 | want[2]);
          walls++;
        }
      else if ((type & TSR_DOOM2D_PANEL_WATER) && entry->special == TSR_DOOM2D_SPECIAL_WATER)
        {
          ck_assert_uint_eq (got & 0x00ffff00u, 0);
          waters++;
        }
    }
  ck_assert_uint_gt (walls, 0);
  ck_assert_uint_gt (waters, 0);
  tsr_test_report_count ("wall and water pixels of the editor's panel layer", walls + waters);

  /* An animation steps with the tick (and only then the kept frame is dropped). */
  for (guint t = 0; t < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE); t++)
    if (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, t)->values[TSR_DOOM2D_TEXTURE_ANIMATED].v[0] != 0)
      animated = t;
  ck_assert_uint_ne (animated, G_MAXUINT);
  ck_assert (tsr_doom2d_panel_layer_has_animations (layer));
  ck_assert_uint_eq (tsr_doom2d_panel_layer_get_frame (layer, animated), 0);
  {
    guint64 tick = 1;
    gboolean changed = FALSE;

    for (; tick < 1000 && tsr_doom2d_panel_layer_get_frame (layer, animated) == 0; tick++)
      changed = tsr_doom2d_panel_layer_set_tick (layer, tick);
    ck_assert_uint_lt (tick, 1000);
    ck_assert (changed);
    ck_assert (!tsr_doom2d_panel_layer_set_tick (layer, tick - 1));
  }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}
END_TEST

/* The game's sprite table: paths, strips, and where monsters are drawn and mirrored. */
START_TEST (test_sprite_table)
{
  TsrDoom2dSprite sprite;
  g_autoptr(TsrImage) strip = tsr_image_new (6, 2);
  g_autoptr(TsrImage) frame = NULL;

  ck_assert (tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_ITEM, 1, 0, &sprite));
  ck_assert_str_eq (sprite.path, "GAME.WAD:TEXTURES\\MED1");
  ck_assert_uint_eq (sprite.frame_width, 0);
  ck_assert (tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_ITEM, 4, 0, &sprite));
  ck_assert_str_eq (sprite.path, "GAME.WAD:TEXTURES\\ARMORGREEN");
  ck_assert_uint_eq (sprite.frame_width, 32);
  ck_assert_uint_eq (sprite.frame_height, 16);
  ck_assert (!tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_ITEM, 0, 0, &sprite));
  ck_assert (!tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_ITEM, 39, 0, &sprite));
  ck_assert (!tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_AREA, 1, 0, &sprite));
  /* Every item and monster type has one. */
  for (gint64 t = 1; t <= 38; t++)
    ck_assert (tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_ITEM, t, 1, &sprite));
  for (gint64 t = 1; t <= 20; t++)
    ck_assert (tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_MONSTER, t, 0, &sprite) && sprite.frame_width > 0);
  ck_assert (!tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_MONSTER, 21, 0, &sprite));

  /* The imp facing right: hit box at (15, 10) of the frame, sleep offset (8, -4). */
  ck_assert (tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_MONSTER, 2, 1, &sprite));
  ck_assert_str_eq (sprite.path, "GAME.WAD:MTEXTURES\\IMP_SLEEP");
  ck_assert (!sprite.mirror);
  ck_assert_int_eq (sprite.dx, 8 - 15);
  ck_assert_int_eq (sprite.dy, -4 - 10);
  /* Facing left it has no picture of its own: mirrored, the box as far from the right edge. */
  ck_assert (tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_MONSTER, 2, 0, &sprite));
  ck_assert (sprite.mirror);
  ck_assert_int_eq (sprite.dx, -(64 - ((15 - 8) + 34) - 15) - 15);
  /* The chaingunner has one (_SLEEP_L), the barrel is never mirrored. */
  ck_assert (tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_MONSTER, 6, 0, &sprite));
  ck_assert_str_eq (sprite.path, "GAME.WAD:MTEXTURES\\CGUN_SLEEP_L");
  ck_assert (!sprite.mirror);
  ck_assert (tsr_doom2d_sprite_for (TSR_DOOM2D_KIND_MONSTER, 18, 0, &sprite));
  ck_assert_str_eq (sprite.path, "GAME.WAD:MTEXTURES\\BARREL_SLEEP");
  ck_assert (!sprite.mirror);

  /* Cutting: the first frame of a strip, mirrored on request; a picture too small gives none. */
  for (guint x = 0; x < 6; x++)
    for (guint y = 0; y < 2; y++)
      tsr_image_set_pixel (strip, x, y, 0x01000000u * (x + 1) | 0xff);
  sprite = (TsrDoom2dSprite) { "X", 3, 2, 0, 0, TRUE };
  frame = tsr_doom2d_sprite_cut_frame (&sprite, strip);
  ck_assert_uint_eq (frame->width, 3);
  ck_assert_uint_eq (frame->pixels[0], 3);
  ck_assert_uint_eq (frame->pixels[8], 1);
  ck_assert_uint_eq (frame->pixels[(3 + 2) * 4], 1);
  sprite.frame_width = 7;
  ck_assert_ptr_null (tsr_doom2d_sprite_cut_frame (&sprite, strip));
}
END_TEST

static guint32
pixel_at (cairo_surface_t *surface, gint64 x, gint64 y)
{
  const guint8 *pixels = cairo_image_surface_get_data (surface);

  if (x < 0 || y < 0 || x >= cairo_image_surface_get_width (surface) || y >= cairo_image_surface_get_height (surface))
    return 0;
  return *(const guint32 *) (gconstpointer) (pixels + y * cairo_image_surface_get_stride (surface) + x * 4);
}

/* The sprite layer over df_MAP01 with a Game.wad made here (the real one is not free to ship):
 * small medkits, the green armour's strip and the imp's sleep frames. Each record is drawn where
 * the game draws it, the strip cut to its first frame, left-facing imps mirrored; types whose
 * picture is missing are not drawn. */
START_TEST (test_sprite_layer_draws_game_pictures)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *wad_path = tsr_test_write_game_wad (folder);
  g_autoptr(TsrDocument) document = tsr_test_open_document (data_dir, "df_MAP01.map");
  g_autoptr(TsrDoom2dTextureCache) cache = NULL;
  g_autoptr(TsrDoom2dSpriteLayer) layer = NULL;
  TsrMapViewport viewport = { 0, 0, 1, 1600, 1600, 1 };
  cairo_surface_t *surface;
  cairo_t *cr;
  TsrDoom2dMap *map;
  guint want = 0, medkits = 0, armors = 0, imps_right = 0, imps_left = 0;

  map = tsr_doom2d_document_get_map (TSR_DOOM2D_DOCUMENT (document));
  ck_assert (g_file_test (wad_path, G_FILE_TEST_EXISTS));
  /* The folder is searched for GAME.WAD without case. */
  cache = tsr_doom2d_texture_cache_new_gdk (tsr_doom2d_resources_new ((const char *const[]) { folder, NULL }, NULL));
  layer = tsr_doom2d_sprite_layer_new (TSR_DOOM2D_DOCUMENT (document), cache);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1600, 1600);
  cr = cairo_create (surface);
  tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layer), cr, &viewport);
  cairo_surface_flush (surface);

  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_ITEM); i++)
    {
      const TsrDoom2dRecord *item = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_ITEM, i);
      gint64 type = item->values[TSR_DOOM2D_THING_TYPE].v[0];
      const gint64 *at = item->values[TSR_DOOM2D_THING_POSITION].v;

      if (type == 1)
        {
          want++;
          /* Its lower right corner: later medkits may lie over its upper left. */
          medkits += pixel_at (surface, at[0] + 13, at[1] + 14) == 0xffff0000u;
          ck_assert_uint_eq (pixel_at (surface, at[0] + 14, at[1] + 15) & 0xff000000u, 0);
        }
      else if (type == 4)
        {
          want++;
          /* The strip's first frame only: blue, and nothing right of its 32 columns. */
          armors += pixel_at (surface, at[0] + 31, at[1] + 15) == 0xff0000ffu
                    && (pixel_at (surface, at[0] + 33, at[1] + 8) & 0xff000000u) == 0;
        }
    }
  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_MONSTER); i++)
    {
      const TsrDoom2dRecord *monster = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_MONSTER, i);
      const gint64 *at = monster->values[TSR_DOOM2D_THING_POSITION].v;
      gint64 x0;

      if (monster->values[TSR_DOOM2D_THING_TYPE].v[0] != 2)
        continue;
      want++;
      if (monster->values[TSR_DOOM2D_MONSTER_DIRECTION].v[0] == 1)
        {
          x0 = at[0] + 8 - 15;
          imps_right += pixel_at (surface, x0 + 2, at[1] - 14 + 30) == 0xffff00ffu
                        && pixel_at (surface, x0 + 60, at[1] - 14 + 30) == 0xff00ffffu;
        }
      else
        {
          x0 = at[0] - (64 - ((15 - 8) + 34) - 15) - 15;
          imps_left += pixel_at (surface, x0 + 61, at[1] - 14 + 30) == 0xffff00ffu
                       && pixel_at (surface, x0 + 3, at[1] - 14 + 30) == 0xff00ffffu;
        }
    }
  ck_assert_uint_eq (tsr_doom2d_sprite_layer_get_n_drawn (layer), want);
  ck_assert_uint_gt (medkits, 0);
  ck_assert_uint_eq (armors, 1);
  ck_assert_uint_gt (imps_right + imps_left, 0);
  tsr_test_report_count ("items and monsters drawn with the game's pictures", want);

  /* The CLI's render draws the same pictures instead of the markers. */
  {
    g_autoptr(TsrDoom2dResources) resources = tsr_doom2d_resources_new ((const char *const[]) { folder, NULL }, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(TsrImage) image = tsr_doom2d_map_render (map, resources, 1600, 1600, &error);
    guint red = 0;

    ck_assert_msg (image != NULL, "%s", error ? error->message : "");
    for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_ITEM); i++)
      {
        const TsrDoom2dRecord *item = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_ITEM, i);
        const gint64 *at = item->values[TSR_DOOM2D_THING_POSITION].v;
        const guint8 *p = image->pixels + ((gsize) (at[1] + 13) * image->width + (gsize) (at[0] + 12)) * 4;

        if (item->values[TSR_DOOM2D_THING_TYPE].v[0] == 1)
          red += p[0] == 255 && p[1] == 0 && p[2] == 0;
      }
    ck_assert_uint_gt (red, 0);
  }

  /* Hidden with their category. */
  tsr_doom2d_document_set_category_visible (TSR_DOOM2D_DOCUMENT (document), TSR_DOOM2D_CATEGORY_ITEMS, FALSE);
  tsr_doom2d_document_set_category_visible (TSR_DOOM2D_DOCUMENT (document), TSR_DOOM2D_CATEGORY_MONSTERS, FALSE);
  tsr_canvas_layer_draw (TSR_CANVAS_LAYER (layer), cr, &viewport);
  ck_assert_uint_eq (tsr_doom2d_sprite_layer_get_n_drawn (layer), 0);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}
END_TEST

/* The greatest difference of one channel between two surfaces of the same size. */
static int
max_difference (cairo_surface_t *a,
                cairo_surface_t *b)
{
  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);
  int most = 0;

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 p = pixel_at (a, x, y), q = pixel_at (b, x, y);

        for (int c = 0; c < 32; c += 8)
          most = MAX (most, ABS ((int) ((p >> c) & 0xff) - (int) ((q >> c) & 0xff)));
      }
  return most;
}

static cairo_surface_t *
draw_layers_into (TsrCanvasLayer *const *layers,
                  guint                  n,
                  const TsrMapViewport  *viewport)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, viewport->width, viewport->height);
  cairo_t *cr = cairo_create (surface);

  for (guint i = 0; i < n; i++)
    {
      cairo_save (cr);
      ck_assert (tsr_canvas_layer_draw (layers[i], cr, viewport));
      cairo_restore (cr);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
on_stack_invalidated (TsrCanvasLayer *layer, const TsrVectorBounds *area, guint *count)
{
  (*count)++;
}

/* The Doom2D page's six layers (with textures and sprites) kept as one picture by a
 * TsrCanvasStackLayer draw what the layers draw one by one: at fit, again from the kept picture,
 * after a panel move (the stack says so), a selection, a grid colour, a pan (the picture moved,
 * strips drawn) and a zoom. */
START_TEST (test_stack_layer_matches_layers)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *wad = tsr_test_pack_standart_wad (data_dir, folder);
  g_autofree char *game = tsr_test_write_game_wad (folder);
  g_autoptr(TsrDocument) document = tsr_test_open_document (data_dir, "df_MAP01.map");
  g_autoptr(TsrSelection) selection = tsr_selection_new ();
  TsrDoom2dCanvasLayers page;
  TsrCanvasStackLayer *stack;
  TsrCanvasLayer *layers[TSR_DOOM2D_CANVAS_N_LAYERS];
  TsrDoom2dDocument *d2;
  TsrMapViewport viewport = { -580, 0, 0.5, 960, 800, 1 };
  guint invalidated = 0;
  GdkRGBA grid = { 1, 1, 1, 0.5 };

  ck_assert_ptr_nonnull (wad);
  g_setenv ("TESSERA_DOOM2D_PATH", "", TRUE);
  d2 = TSR_DOOM2D_DOCUMENT (document);
  tsr_doom2d_canvas_layers_init (&page, d2, (const char *const[]) { wad, folder, NULL }, selection);
  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    layers[i] = tsr_doom2d_canvas_layers_get (&page, i);
  stack = page.stack;
  g_signal_connect (stack, "invalidate-area", G_CALLBACK (on_stack_invalidated), &invalidated);

  for (guint step = 0; step < 7; step++)
    {
      cairo_surface_t *kept, *direct;

      switch (step)
        {
        case 2: /* a panel moved by a grid step */
          {
            TsrElementRef ref = tsr_doom2d_document_record_to_element (d2, TSR_DOOM2D_KIND_PANEL, 40);
            g_autoptr(TsrCommand) move = tsr_move_elements_command_new_translate (TSR_VECTOR_MAP (d2), &ref, 1, 16, 16,
                                                                                  "Move", NULL);

            tsr_document_execute (document, move);
            ck_assert_uint_gt (invalidated, 0);
            break;
          }
        case 3: /* a trigger selected: its outline and line drawn in orange */
          {
            TsrElementRef ref = tsr_doom2d_document_record_to_element (d2, TSR_DOOM2D_KIND_TRIGGER, 0);

            tsr_selection_add (selection, &ref);
            break;
          }
        case 4:
          tsr_canvas_layer_set_grid_color (TSR_CANVAS_LAYER (stack), &grid);
          break;
        case 5: /* 40 and 24 view pixels */
          viewport.x += 80, viewport.y += 48;
          break;
        case 6:
          viewport.zoom = 1, viewport.x = 300, viewport.y = 500;
          break;
        default:
          break;
        }
      kept = draw_layers_into ((TsrCanvasLayer *[]) { TSR_CANVAS_LAYER (stack) }, 1, &viewport);
      direct = draw_layers_into (layers, G_N_ELEMENTS (layers), &viewport);
      /* The pan moved the kept picture and drew the strips it uncovered: cairo's coverage of a line
       * clipped to a strip may differ by a few levels (as the vector layer's, test-map-canvas); a
       * missing or stale strip differs by far more. Every other step is exact. */
      ck_assert_msg (max_difference (kept, direct) <= (step == 5 ? 8 : 0), "step %u differs by %d", step,
                     max_difference (kept, direct));
      cairo_surface_destroy (kept);
      cairo_surface_destroy (direct);
    }
  ck_assert_uint_gt (tsr_doom2d_sprite_layer_get_n_drawn (page.sprites), 0);
  tsr_doom2d_canvas_layers_clear (&page);
}
END_TEST

static void
on_area_named (TsrCanvasLayer *layer, const TsrVectorBounds *area, guint *count)
{
  if (area != NULL)
    (*count)++;
}

/* An animation step draws the kept picture again only where the panels whose texture stepped lie
 * (the panel layer names each): at every game tick the stack shows what a new page's layers,
 * drawn one by one at that tick, show. */
START_TEST (test_stack_animation_step_matches_layers)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *wad = tsr_test_pack_standart_wad (data_dir, folder);
  g_autoptr(TsrDocument) document = tsr_test_open_document (data_dir, "df_MAP01.map");
  g_autoptr(TsrSelection) selection = tsr_selection_new ();
  TsrDoom2dDocument *d2 = TSR_DOOM2D_DOCUMENT (document);
  const char *const search[] = { wad, NULL };
  TsrDoom2dCanvasLayers page;
  TsrMapViewport viewport = { -580, 0, 0.5, 960, 800, 1 };
  guint named = 0, stepped = 0;

  ck_assert_ptr_nonnull (wad);
  g_setenv ("TESSERA_DOOM2D_PATH", "", TRUE);
  tsr_doom2d_canvas_layers_init (&page, d2, search, selection);
  ck_assert (tsr_doom2d_panel_layer_has_animations (page.panels));
  g_signal_connect (page.stack, "invalidate-area", G_CALLBACK (on_area_named), &named);
  cairo_surface_destroy (draw_layers_into ((TsrCanvasLayer *[]) { TSR_CANVAS_LAYER (page.stack) }, 1, &viewport));
  for (guint64 tick = 1; tick <= 40; tick++)
    {
      TsrDoom2dCanvasLayers fresh;
      TsrCanvasLayer *layers[TSR_DOOM2D_CANVAS_N_LAYERS];
      cairo_surface_t *kept, *direct;

      stepped += tsr_doom2d_panel_layer_set_tick (page.panels, tick);
      tsr_doom2d_canvas_layers_init (&fresh, d2, search, selection);
      tsr_doom2d_panel_layer_set_tick (fresh.panels, tick);
      for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
        layers[i] = tsr_doom2d_canvas_layers_get (&fresh, i);
      kept = draw_layers_into ((TsrCanvasLayer *[]) { TSR_CANVAS_LAYER (page.stack) }, 1, &viewport);
      direct = draw_layers_into (layers, G_N_ELEMENTS (layers), &viewport);
      ck_assert_msg (max_difference (kept, direct) == 0, "tick %" G_GUINT64_FORMAT " differs by %d", tick,
                     max_difference (kept, direct));
      cairo_surface_destroy (kept);
      cairo_surface_destroy (direct);
      tsr_doom2d_canvas_layers_clear (&fresh);
    }
  /* Some ticks stepped a texture the view shows, and each named where (not the whole picture). */
  ck_assert_uint_gt (stepped, 0);
  ck_assert_uint_ge (named, stepped);
  tsr_doom2d_canvas_layers_clear (&page);
}
END_TEST

/* The panel layer reuses its frame's pixels from view to view, clearing only what the last frame
 * drew outside the map's area (the background or the kept sky paint that area opaque): at every
 * step it draws what a new layer draws for the same view — zoomed out (the old frame reached
 * further), panned by whole pixels (the frame moved, the strips drawn), panned off the map's corner,
 * a panel moved outside the map and back, zoomed in so far
 * that the sky is not kept (the background painted under the scaled sky), and with no textures
 * (no sky: the background alone). */
START_TEST (test_panel_frame_reuse_matches_fresh)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *wad = tsr_test_pack_standart_wad (data_dir, folder);
  g_autoptr(TsrDocument) document = tsr_test_open_document (data_dir, "df_MAP01.map");
  const char *const *searches[] = { (const char *const[]) { wad, NULL }, (const char *const[]) { NULL } };

  ck_assert_ptr_nonnull (wad);
  g_setenv ("TESSERA_DOOM2D_PATH", "", TRUE);
  for (guint s = 0; s < G_N_ELEMENTS (searches); s++)
    {
      TsrDoom2dDocument *d2 = TSR_DOOM2D_DOCUMENT (document);
      g_autoptr(TsrDoom2dPanelLayer) kept = tsr_doom2d_panel_layer_new (d2, searches[s]);
      const TsrMapViewport views[] = {
        { -200, -100, 0.5, 960, 800, 1 }, /* the whole map and more */
        { 300, 500, 1, 960, 800, 1 },     /* inside the map */
        { 337, 461, 1, 960, 800, 1 },     /* panned by 37 x -39 view pixels: moved, strips drawn */
        { 290, 520, 1, 960, 800, 1 },     /* and back by -47 x 59 */
        { -900, -700, 0.25, 960, 800, 1 },/* zoomed out, the map in a corner */
        { 1200, 1300, 1, 960, 800, 1 },   /* over the map's bottom-right corner */
        { 1200, 1300, 1, 960, 800, 1 },   /* the same, a panel moved beyond the edge */
        { -200, -100, 0.5, 960, 800, 1 }, /* back to the first view, the panel back */
        { 400, 400, 4, 960, 800, 1 },     /* 6400 px of map: the sky is not kept */
        { -200, -100, 0.5, 960, 800, 1 },
      };

      for (guint v = 0; v < G_N_ELEMENTS (views); v++)
        {
          g_autoptr(TsrDoom2dPanelLayer) fresh = NULL;
          cairo_surface_t *a, *b;
          TsrElementRef ref = tsr_doom2d_document_record_to_element (d2, TSR_DOOM2D_KIND_PANEL, 60);

          if (v == 6 || v == 7)
            {
              g_autoptr(TsrCommand) move = tsr_move_elements_command_new_translate (TSR_VECTOR_MAP (d2), &ref, 1,
                                                                                    v == 6 ? 2000 : -2000, 0, "Move", NULL);

              tsr_document_execute (document, move);
            }
          fresh = tsr_doom2d_panel_layer_new (d2, searches[s]);
          a = draw_layers_into ((TsrCanvasLayer *[]) { TSR_CANVAS_LAYER (kept) }, 1, &views[v]);
          b = draw_layers_into ((TsrCanvasLayer *[]) { TSR_CANVAS_LAYER (fresh) }, 1, &views[v]);
          ck_assert_msg (max_difference (a, b) == 0, "search %u, view %u differs by %d", s, v, max_difference (a, b));
          cairo_surface_destroy (a);
          cairo_surface_destroy (b);
        }
    }
}
END_TEST

int
main (void)
{
  Suite *suite = suite_create ("doom2d-textures");
  TCase *gdk = tcase_create ("gdk");

  data_dir = tsr_test_data_require ("doom2d");
  tcase_set_timeout (gdk, 300);
  tcase_add_test (gdk, test_gdk_decoding_matches_codec);
  tcase_add_test (gdk, test_animation_frames_as_textures);
  tcase_add_test (gdk, test_panel_layer_draws_textures);
  tcase_add_test (gdk, test_sprite_table);
  tcase_add_test (gdk, test_sprite_layer_draws_game_pictures);
  tcase_add_test (gdk, test_stack_layer_matches_layers);
  tcase_add_test (gdk, test_stack_animation_step_matches_layers);
  tcase_add_test (gdk, test_panel_frame_reuse_matches_fresh);
  suite_add_tcase (suite, gdk);
  return tsr_test_run_suite (suite);
}
