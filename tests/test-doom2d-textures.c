/* test-doom2d-textures.c: the GUI's texture decoding (GdkPixbuf with the loader named, the codec
 * decoder as fallback) against the codec's own TGA decoder on every real texture, and frames of
 * an animation as GdkTextures. Needs no display. */
#include <string.h>

#include "core/tsr-tga.h"
#include "formats/doom2d/tsr-doom2d-pack.h"
#include "formats/doom2d/tsr-doom2d-resources.h"
#include "tsr-test-common.h"
#include "formats/doom2d/tsr-doom2d-render.h"
#include "views/doom2d/tsr-doom2d-panel-layer.h"
#include "views/doom2d/tsr-doom2d-textures.h"

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
  g_autofree char *path = g_build_filename (data_dir, "df_MAP01.map", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_document_new_from_file (file, &error);
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
  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
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
  suite_add_tcase (suite, gdk);
  return tsr_test_run_suite (suite);
}
