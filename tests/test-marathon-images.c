/* test-marathon-images.c: PICT decoding and encoding, Images files (resource fork and wad). */
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tsr-test-common.h"
#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-images.h"
#include "formats/marathon/tsr-marathon-shapes-formats.h"

static char *data_dir;

static GBytes *
read_images_file (void)
{
  g_autofree char *path = g_build_filename (data_dir, "m2_Images.imgA", NULL);
  return tsr_test_read_file (path);
}

static guint32
pixel_at (const TsrImage *image, guint x, guint y)
{
  const guint8 *p = image->pixels + ((gsize) y * image->width + x) * 4;
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

START_TEST (test_roundtrip_through_format)
{
  g_autoptr(GBytes) bytes = read_images_file ();
  g_autoptr(GError) error = NULL;
  const TsrFormat *format = tsr_format_registry_detect (tsr_format_registry_get_default (),
                                                        g_bytes_get_data (bytes, NULL),
                                                        g_bytes_get_size (bytes), NULL, &error);
  gpointer data;
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GPtrArray) findings = tsr_findings_new ();

  ck_assert_ptr_eq (format, &tsr_marathon_images_format);
  data = format->load ("m2_Images.imgA", bytes, &error);
  ck_assert_msg (data != NULL, "%s", error ? error->message : "");
  outputs = format->save (data, "m2_Images.imgA", &error);
  ck_assert_ptr_nonnull (outputs);
  ck_assert (g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, bytes));
  format->validate (data, findings);
  ck_assert_uint_eq (findings->len, 0);
  format->free (data);
  tsr_test_report_count ("Images files written back identical", 1);
}
END_TEST

/* A resource map whose type list names its types in another order than their reference lists
 * lie (the two type entries of the real file swapped, as a mutation did): saved back identical,
 * not with the lists rewritten in type-list order (225 bytes did change). */
START_TEST (test_swapped_types_kept)
{
  g_autoptr(GBytes) original = read_images_file ();
  gsize size = g_bytes_get_size (original);
  g_autofree guint8 *data = g_memdup2 (g_bytes_get_data (original, NULL), size);
  g_autoptr(GBytes) swapped = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GError) error = NULL;
  guint32 data_length = ((guint32) data[83] << 24) | ((guint32) data[84] << 16) | ((guint32) data[85] << 8) | data[86];
  gsize fork = 128 + ((gsize) data_length + 127) / 128 * 128;
  gsize map = fork + (((gsize) data[fork + 4] << 24) | ((gsize) data[fork + 5] << 16) | ((gsize) data[fork + 6] << 8)
                      | data[fork + 7]);
  gsize types = map + (((gsize) data[map + 24] << 8) | data[map + 25]);
  guint8 entry[8];
  gpointer loaded;

  /* Two types (PICT, clut), each entry 8 bytes after the count. */
  ck_assert_uint_eq (((guint) data[types] << 8) | data[types + 1], 1);
  ck_assert (memcmp (data + types + 2, "PICT", 4) == 0);
  memcpy (entry, data + types + 2, 8);
  memmove (data + types + 2, data + types + 10, 8);
  memcpy (data + types + 10, entry, 8);
  swapped = g_bytes_new (data, size);
  loaded = tsr_marathon_images_format.load ("swapped.imgA", swapped, &error);
  ck_assert_msg (loaded != NULL, "%s", error ? error->message : "");
  outputs = tsr_marathon_images_format.save (loaded, "swapped.imgA", &error);
  ck_assert_ptr_nonnull (outputs);
  ck_assert (g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, swapped));
  tsr_marathon_images_format.free (loaded);
}
END_TEST

/* Pixel values checked by eye in the extracted PNGs: the terminal frame's dark-green screen and
 * bright-green border (8-bit), the gold logo of the title screen at 8 and 16 bits, and the black
 * corner of the 32-bit credits. */
START_TEST (test_decode_known_pixels)
{
  g_autoptr(GBytes) bytes = read_images_file ();
  g_autoptr(TsrMarathonImages) images = tsr_marathon_images_parse (bytes, NULL);
  g_autoptr(GArray) pictures = NULL;
  g_autoptr(GError) error = NULL;
  TsrPictInfo info;
  g_autoptr(TsrImage) terminal = NULL;
  g_autoptr(TsrImage) title8 = NULL;
  g_autoptr(TsrImage) title16 = NULL;
  g_autoptr(TsrImage) credits = NULL;

  ck_assert_ptr_nonnull (images);
  pictures = tsr_marathon_images_list (images, TSR_RESOURCE_PICT);
  ck_assert_uint_eq (pictures->len, 14);
  for (guint i = 0; i < pictures->len; i++)
    {
      int id = g_array_index (pictures, TsrMarathonImagesItem, i).id;
      g_autoptr(TsrImage) image = tsr_marathon_images_decode (images, id, &info, &error);
      ck_assert_msg (image != NULL, "picture %d: %s", id, error ? error->message : "");
      ck_assert_uint_eq (image->width, 640);
    }
  tsr_test_report_count ("PICT resources decoded", pictures->len);

  terminal = tsr_marathon_images_decode (images, 1700, &info, NULL);
  ck_assert_uint_eq (info.depth, 8);
  ck_assert_uint_eq (terminal->height, 160);
  ck_assert_uint_eq (pixel_at (terminal, 300, 80), 0x001400ff);
  ck_assert_uint_eq (pixel_at (terminal, 200, 30), 0x00b100ff);
  title8 = tsr_marathon_images_decode (images, 1000, &info, NULL);
  ck_assert_uint_eq (pixel_at (title8, 320, 290), 0xb38c00ff);
  ck_assert_uint_eq (pixel_at (title8, 5, 5), 0x000000ff);
  title16 = tsr_marathon_images_decode (images, 2000, &info, NULL);
  ck_assert_uint_eq (info.depth, 16);
  ck_assert_uint_eq (pixel_at (title16, 320, 290), 0xb59400ff);
  credits = tsr_marathon_images_decode (images, 3400, &info, NULL);
  ck_assert_uint_eq (info.depth, 32);
  ck_assert_uint_eq (info.pack_type, 4);
  ck_assert_uint_eq (pixel_at (credits, 5, 5), 0x000000ff);
  ck_assert_ptr_null (tsr_marathon_images_decode (images, 4242, NULL, &error));
}
END_TEST

static TsrImage *
make_test_image (guint width, guint height, guint colors)
{
  TsrImage *image = tsr_image_new (width, height);

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        guint c = (x / 3 + y * 7) % colors;
        guint32 rgba = colors <= 256
                       ? ((c * 37u & 0xff) << 24) | ((c * 91u & 0xff) << 16) | ((c * 13u & 0xff) << 8) | 0xff
                       : ((x * 5u & 0xff) << 24) | ((y * 3u & 0xff) << 16) | (((x ^ y) & 0xff) << 8) | 0xff;
        tsr_image_set_pixel (image, x, y, rgba);
      }
  return image;
}

static void
assert_same_pixels (const TsrImage *a, const TsrImage *b)
{
  ck_assert_uint_eq (a->width, b->width);
  ck_assert_uint_eq (a->height, b->height);
  ck_assert (memcmp (a->pixels, b->pixels, (gsize) a->width * a->height * 4) == 0);
}

START_TEST (test_encode_decode)
{
  const guint sizes[][2] = { { 1, 1 }, { 2, 3 }, { 7, 5 }, { 64, 40 }, { 300, 9 } };

  for (gsize s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr(TsrImage) few = make_test_image (sizes[s][0], sizes[s][1], 200);
      g_autoptr(TsrImage) many = make_test_image (sizes[s][0], sizes[s][1], 100000);
      g_autoptr(GBytes) pict8 = tsr_pict_encode (few, TSR_PICT_ENCODE_AUTO, NULL);
      g_autoptr(GBytes) pict32 = tsr_pict_encode (many, TSR_PICT_ENCODE_DIRECT32, NULL);
      g_autoptr(TsrImage) back8 = NULL;
      g_autoptr(TsrImage) back32 = NULL;
      g_autoptr(GError) error = NULL;
      TsrPictInfo info;

      back8 = tsr_pict_decode (g_bytes_get_data (pict8, NULL), g_bytes_get_size (pict8), &info, &error);
      ck_assert_msg (back8 != NULL, "%s", error ? error->message : "");
      ck_assert_uint_eq (info.depth, 8);
      assert_same_pixels (few, back8);
      back32 = tsr_pict_decode (g_bytes_get_data (pict32, NULL), g_bytes_get_size (pict32), &info, &error);
      ck_assert_msg (back32 != NULL, "%s", error ? error->message : "");
      ck_assert_uint_eq (info.depth, 32);
      assert_same_pixels (many, back32);
    }
  {
    g_autoptr(TsrImage) many = make_test_image (40, 40, 100000);
    g_autoptr(GError) error = NULL;
    ck_assert_ptr_null (tsr_pict_encode (many, TSR_PICT_ENCODE_INDEXED8, &error));
    ck_assert_ptr_nonnull (error);
  }
}
END_TEST

/* Replace a picture from PNG, add one, remove one; save, reload, extract-equivalent decode. */
START_TEST (test_edit_images)
{
  g_autoptr(GBytes) bytes = read_images_file ();
  g_autoptr(TsrMarathonImages) images = tsr_marathon_images_parse (bytes, NULL);
  g_autoptr(TsrImage) picture = make_test_image (33, 21, 50);
  g_autoptr(GBytes) png = tsr_image_to_png (picture, NULL);
  g_autoptr(TsrImage) from_png = tsr_image_load_png (g_bytes_get_data (png, NULL), g_bytes_get_size (png),
                                                     "test.png", NULL);
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrMarathonImages) reread = NULL;
  g_autoptr(TsrImage) back = NULL;
  g_autoptr(TsrImage) added = NULL;
  g_autoptr(GArray) pictures = NULL;
  g_autoptr(GError) error = NULL;

  ck_assert (tsr_marathon_images_set_picture (images, 1700, from_png, TSR_PICT_ENCODE_AUTO, &error));
  ck_assert (tsr_marathon_images_set_picture (images, 5000, from_png, TSR_PICT_ENCODE_DIRECT32, &error));
  ck_assert (tsr_marathon_images_remove_picture (images, 3400));
  ck_assert (!tsr_marathon_images_remove_picture (images, 3400));
  saved = tsr_marathon_images_serialize (images, &error);
  ck_assert_ptr_nonnull (saved);
  reread = tsr_marathon_images_parse (saved, &error);
  ck_assert_msg (reread != NULL, "%s", error ? error->message : "");
  pictures = tsr_marathon_images_list (reread, TSR_RESOURCE_PICT);
  ck_assert_uint_eq (pictures->len, 14);
  back = tsr_marathon_images_decode (reread, 1700, NULL, &error);
  assert_same_pixels (picture, back);
  added = tsr_marathon_images_decode (reread, 5000, NULL, &error);
  assert_same_pixels (picture, added);
  ck_assert_ptr_null (tsr_marathon_images_decode (reread, 3400, NULL, NULL));
}
END_TEST

/* An Images wad (as the Windows ports ship): built, written, read back through the format. */
START_TEST (test_images_wad)
{
  g_autoptr(TsrMarathonImages) images = g_new0 (TsrMarathonImages, 1);
  g_autoptr(TsrImage) picture = make_test_image (16, 8, 20);
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonImages) reread = NULL;
  g_autoptr(TsrImage) back = NULL;
  g_autoptr(GBytes) empty = g_bytes_new (NULL, 0);

  images->storage = TSR_MARATHON_IMAGES_WAD;
  images->wad = tsr_wad_new (TSR_WAD_VERSION_INFINITY, 0, "Images");
  images->mac = tsr_mac_file_parse (empty, NULL);
  ck_assert (tsr_marathon_images_set_picture (images, 1000, picture, TSR_PICT_ENCODE_AUTO, &error));
  ck_assert (tsr_marathon_images_set_picture (images, 1100, picture, TSR_PICT_ENCODE_DIRECT32, &error));
  saved = tsr_marathon_images_serialize (images, &error);
  ck_assert_msg (saved != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (tsr_marathon_images_sniff (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved)),
                     95);
  reread = tsr_marathon_images_parse (saved, &error);
  ck_assert_msg (reread != NULL, "%s", error ? error->message : "");
  ck_assert_int_eq (reread->storage, TSR_MARATHON_IMAGES_WAD);
  back = tsr_marathon_images_decode (reread, 1100, NULL, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  assert_same_pixels (picture, back);
  ck_assert (tsr_marathon_images_remove_picture (reread, 1000));
}
END_TEST

START_TEST (test_unsupported_quicktime)
{
  /* A PICT 2 whose only drawing opcode is CompressedQuickTime. */
  const guint8 pict[] = { 0, 0, 0, 0, 0, 0, 0, 10, 0, 10, 0x00, 0x11, 0x02, 0xff,
                          0x82, 0x00, 0, 0, 0, 4, 1, 2, 3, 4, 0x00, 0xff };
  g_autoptr(GError) error = NULL;

  ck_assert_ptr_null (tsr_pict_decode (pict, sizeof pict, NULL, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED));
  ck_assert_ptr_nonnull (strstr (error->message, "unsupported: opcode 0x8200"));
}
END_TEST

/* extract writes every picture (and the colour tables as swatches). */
START_TEST (test_extract_all)
{
  g_autoptr(GBytes) bytes = read_images_file ();
  g_autoptr(TsrMarathonImages) images = tsr_marathon_images_parse (bytes, NULL);
  g_autofree char *directory = tsr_test_make_temp_dir ();
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  guint pictures = 0;

  ck_assert (tsr_marathon_images_format.extract (images, directory, written, &error));
  for (guint i = 0; i < written->len; i++)
    pictures += strstr (written->pdata[i], "/pict-") != NULL;
  ck_assert_uint_eq (pictures, 14);
  ck_assert_uint_eq (written->len, 14 + 4);
  {
    g_autofree char *path = g_build_filename (directory, "pict-1600.png", NULL);
    g_autofree char *path1700 = g_build_filename (directory, "pict-1700.png", NULL);
    ck_assert (!g_file_test (path, G_FILE_TEST_EXISTS));
    ck_assert (g_file_test (path1700, G_FILE_TEST_EXISTS));
  }
}
END_TEST

/* Every truncation of a real picture fails cleanly (dense near the start, sampled further on). */
START_TEST (test_pict_truncation)
{
  g_autoptr(GBytes) bytes = read_images_file ();
  g_autoptr(TsrMarathonImages) images = tsr_marathon_images_parse (bytes, NULL);
  const int ids[] = { 1700, 2000, 3000 };

  for (gsize p = 0; p < G_N_ELEMENTS (ids); p++)
    {
      TsrMacResource *resource = tsr_resource_fork_find (images->fork, TSR_RESOURCE_PICT, (gint16) ids[p]);
      gsize size;
      const guint8 *data = g_bytes_get_data (resource->data, &size);
      guint checked = 0;

      for (gsize length = 0; length < size - 2; length += (length < 1024 ? 1 : 211))
        {
          g_autoptr(GError) error = NULL;
          g_autofree guint8 *copy = g_memdup2 (data, length);
          g_autoptr(TsrImage) image = tsr_pict_decode (copy, length, NULL, &error);

          ck_assert_msg (image == NULL, "PICT %d cut at %" G_GSIZE_FORMAT " decoded", ids[p], length);
          ck_assert_ptr_nonnull (error);
          ck_assert (error->domain == TSR_ERROR);
          checked++;
        }
      ck_assert_uint_gt (checked, 100);
    }
}
END_TEST

START_TEST (test_packbits)
{
  const guint8 input[] = { 1, 1, 1, 1, 2, 3, 4, 4, 5, 5, 5, 6 };
  g_autoptr(GByteArray) packed = g_byte_array_new ();
  guint8 out[sizeof input];
  g_autoptr(GError) error = NULL;
  const guint8 overrun[] = { 0xfd, 9 };

  tsr_packbits_pack (input, sizeof input, packed);
  ck_assert (tsr_packbits_unpack (packed->data, packed->len, out, sizeof out, 1, NULL));
  ck_assert (memcmp (input, out, sizeof input) == 0);
  ck_assert (!tsr_packbits_unpack (overrun, sizeof overrun, out, 3 - 1, 1, &error));
  ck_assert_ptr_nonnull (error);
}
END_TEST

/* A colour table of 65536 entries (512 KB) draws as small swatches: it asked for a 256 x 65536
 * image, which the image cap refuses, and drew into nothing. */
START_TEST (test_huge_clut_renders)
{
  gsize size = 8 + 65536 * 8;
  g_autofree guint8 *clut = g_malloc0 (size);
  g_autoptr(TsrImage) image = NULL;
  TsrPictColorTable table;

  clut[6] = 0xff; /* count - 1 = 0xfffe: 65535 entries */
  clut[7] = 0xfe;
  ck_assert (tsr_pict_parse_clut (clut, size, &table, NULL));
  image = tsr_pict_clut_render (&table);
  tsr_pict_color_table_clear (&table);
  ck_assert_ptr_nonnull (image);
  ck_assert_uint_le ((guint64) image->width * image->height, 1024 * 1024);
}
END_TEST

/* Issue 41: a PICT within every size limit (4000x4000, a 16 Mi-pixel frame from a few hundred
 * KB of PackBits) decoded by a process without the memory for it: a GError naming the picture,
 * not an abort in g_malloc0 (checked in a child under RLIMIT_AS). */
START_TEST (test_pict_canvas_beyond_memory_left)
{
  g_autoptr(TsrImage) flat = tsr_image_new (4000, 4000);
  g_autoptr(GBytes) pict = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;
  pid_t child;

  for (gsize i = 0; i < (gsize) 4000 * 4000; i++)
    flat->pixels[i * 4 + 3] = 0xff;
  pict = tsr_pict_encode (flat, TSR_PICT_ENCODE_AUTO, &error);
  ck_assert_ptr_nonnull (pict);
  g_clear_pointer (&flat, tsr_image_free);
#if !defined(__SANITIZE_ADDRESS__)
  child = fork ();
  ck_assert_int_ge (child, 0);
  if (child == 0)
    {
      g_autofree char *proc = NULL;
      const char *line;
      struct rlimit limit;
      gsize now;
      TsrImage *image;

      if (!g_file_get_contents ("/proc/self/status", &proc, NULL, NULL) || (line = strstr (proc, "VmSize:")) == NULL)
        _exit (3);
      now = (gsize) g_ascii_strtoull (line + 7, NULL, 10) * 1024;
      limit.rlim_cur = limit.rlim_max = (rlim_t) now + 32 * 1024 * 1024;
      if (setrlimit (RLIMIT_AS, &limit) != 0)
        _exit (3);
      image = tsr_pict_decode (g_bytes_get_data (pict, NULL), g_bytes_get_size (pict), NULL, &error);
      if (image != NULL || !g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE)
          || strstr (error->message, "PICT: no memory for an image of 4000x4000 pixels") == NULL)
        _exit (2);
      _exit (0);
    }
  ck_assert_int_eq (waitpid (child, &status, 0), child);
  ck_assert_msg (WIFEXITED (status), "the child died of signal %d (an allocation aborted?)",
                 WIFSIGNALED (status) ? WTERMSIG (status) : 0);
  ck_assert_int_eq (WEXITSTATUS (status), 0);
#else
  /* The sanitizer reserves more address space than any limit would leave. */
  (void) status;
  (void) child;
#endif
}
END_TEST

static Suite *
images_suite (void)
{
  Suite *suite = suite_create ("marathon-images");
  TCase *real = tcase_create ("real");
  TCase *codec = tcase_create ("codec");

  tcase_set_timeout (real, 300);
  tcase_add_test (real, test_roundtrip_through_format);
  tcase_add_test (real, test_swapped_types_kept);
  tcase_add_test (real, test_decode_known_pixels);
  tcase_add_test (real, test_edit_images);
  tcase_add_test (real, test_pict_truncation);
  tcase_add_test (real, test_extract_all);
  tcase_add_test (codec, test_encode_decode);
  tcase_add_test (codec, test_images_wad);
  tcase_add_test (codec, test_unsupported_quicktime);
  tcase_add_test (codec, test_packbits);
  tcase_add_test (codec, test_huge_clut_renders);
  tcase_add_test (codec, test_pict_canvas_beyond_memory_left);
  suite_add_tcase (suite, real);
  suite_add_tcase (suite, codec);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (images_suite ());
}
