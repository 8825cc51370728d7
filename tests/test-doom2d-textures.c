/* test-doom2d-textures.c: the GUI's texture decoding (GdkPixbuf with the loader named, the codec
 * decoder as fallback) against the codec's own TGA decoder on every real texture, and frames of
 * an animation as GdkTextures. Needs no display. */
#include <string.h>

#include "core/tsr-tga.h"
#include "formats/doom2d/tsr-doom2d-pack.h"
#include "formats/doom2d/tsr-doom2d-resources.h"
#include "tsr-test-common.h"
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

int
main (void)
{
  Suite *suite = suite_create ("doom2d-textures");
  TCase *gdk = tcase_create ("gdk");

  data_dir = tsr_test_data_require ("doom2d");
  tcase_set_timeout (gdk, 300);
  tcase_add_test (gdk, test_gdk_decoding_matches_codec);
  tcase_add_test (gdk, test_animation_frames_as_textures);
  suite_add_tcase (suite, gdk);
  return tsr_test_run_suite (suite);
}
