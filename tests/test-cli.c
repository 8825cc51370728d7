/* test-cli.c: tessera-cli's contract: subcommands, exit codes and error lines. Runs the real
 * binary (TSR_CLI). Format-specific behaviour is tested by each family's suite. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "core/tsr-image.h"
#include "tsr-test-common.h"

typedef struct {
  int   status;
  char *out;
  char *err;
} CliResult;

static void
cli_result_clear (CliResult *result)
{
  g_free (result->out);
  g_free (result->err);
}

static CliResult
run_cli (const char *first, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  CliResult result = { 0 };
  int wait_status = 0;
  va_list args;

  g_ptr_array_add (argv, (gpointer) g_getenv ("TSR_CLI"));
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  ck_assert_msg (g_getenv ("TSR_CLI") != NULL, "TSR_CLI is not set");
  ck_assert_msg (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &result.out, &result.err, &wait_status, &error),
                 "spawn: %s", error ? error->message : "");
  ck_assert (WIFEXITED (wait_status));
  result.status = WEXITSTATUS (wait_status);
  return result;
}

START_TEST (test_help_lists_subcommands)
{
  CliResult result = run_cli ("--help", NULL);
  const char *expected[] = { "info", "roundtrip", "validate", "formats", "convert", "render",
                             "extract", "terminal", "--version" };

  ck_assert_int_eq (result.status, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    ck_assert_msg (strstr (result.out, expected[i]) != NULL, "--help lacks %s", expected[i]);
  cli_result_clear (&result);

  result = run_cli ("--version", NULL);
  ck_assert_int_eq (result.status, 0);
  ck_assert (g_str_has_prefix (result.out, "tessera-cli "));
  cli_result_clear (&result);

  result = run_cli ("frobnicate", NULL);
  ck_assert_int_eq (result.status, 2);
  ck_assert (strstr (result.err, "unknown command 'frobnicate'") != NULL);
  cli_result_clear (&result);

  result = run_cli ("formats", NULL);
  ck_assert_int_eq (result.status, 0);
  cli_result_clear (&result);
}
END_TEST

START_TEST (test_random_bytes_are_a_clear_error)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (folder, "random.bin", NULL);
  g_autofree char *png = g_build_filename (folder, "out.png", NULL);
  g_autofree char *converted = g_build_filename (folder, "out.rmp", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  guint8 random[4096];
  g_autofree char *expected_prefix = NULL;
  const char *commands[] = { "info", "roundtrip", "validate" };
  CliResult result;

  for (gsize i = 0; i < sizeof random; i++)
    random[i] = (guint8) g_rand_int (rand);
  ck_assert (g_file_set_contents (path, (const char *) random, sizeof random, NULL));
  expected_prefix = g_strdup_printf ("tessera-cli: %s: ", path);

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      result = run_cli (commands[i], path, NULL);
      ck_assert_int_eq (result.status, 1);
      ck_assert_str_eq (result.out, "");
      ck_assert_msg (g_str_has_prefix (result.err, expected_prefix), "%s", result.err);
      ck_assert_msg (strstr (result.err, "(offset ") != NULL, "%s", result.err);
      /* One line. */
      ck_assert_ptr_eq (strchr (result.err, '\n'), result.err + strlen (result.err) - 1);
      cli_result_clear (&result);
    }

  /* Nothing is written when the input fails to load. */
  result = run_cli ("render", path, "-o", png, NULL);
  ck_assert_int_eq (result.status, 1);
  ck_assert (!g_file_test (png, G_FILE_TEST_EXISTS));
  cli_result_clear (&result);
  result = run_cli ("convert", path, converted, "--to", "no-such-format", NULL);
  ck_assert_int_eq (result.status, 2);
  ck_assert (!g_file_test (converted, G_FILE_TEST_EXISTS));
  cli_result_clear (&result);
}
END_TEST

START_TEST (test_missing_file_and_usage)
{
  CliResult result = run_cli ("info", "/nonexistent/tessera/Map.sceA", NULL);

  ck_assert_int_eq (result.status, 1);
  ck_assert (g_str_has_prefix (result.err, "tessera-cli: /nonexistent/tessera/Map.sceA: "));
  cli_result_clear (&result);

  result = run_cli ("info", NULL);
  ck_assert_int_eq (result.status, 2);
  ck_assert (strstr (result.err, "usage: tessera-cli info") != NULL);
  cli_result_clear (&result);

  result = run_cli ("render", "x", NULL);  /* no -o */
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);

  result = run_cli ("render", "x", "-o", "y.png", "--size", "12", NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);

  result = run_cli ("info", "--bogus", "x", NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);
}
END_TEST

static const char terminal_script[] =
  "#TERMINAL 0\n#UNFINISHED\n#LOGON 1700\n$C1logon line\n"
  "#INFORMATION\n$C0green $C1white $C2red $C3dark green\n$C4cyan $C5yellow $C6dark red $C7blue\n"
  "$Bbold$b $Iitalic$i $Uunderlined$u\n"
  "#PICT 1100\nA picture on the left, this text beside it in the right half.\n"
  "#PICT 3100 RIGHT\nA picture on the right.\n"
  "#CHECKPOINT 0\nThe goal.\n#SOUND 12\n#LOGOFF 1700\nbye\n#END\n#ENDTERMINAL 0\n";

/* Pixels of IMAGE in the rectangle whose colour is within 40 of RGB. */
static guint
count_color (const TsrImage *image,
             int x0, int y0, int x1, int y1,
             int r, int g, int b)
{
  guint count = 0;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        const guint8 *p = image->pixels + ((gsize) y * image->width + (gsize) x) * 4;

        count += abs (p[0] - r) <= 40 && abs (p[1] - g) <= 40 && abs (p[2] - b) <= 40;
      }
  return count;
}

/* Distinct colours in the rectangle (up to 1000). */
static guint
count_colors (const TsrImage *image,
              int x0, int y0, int x1, int y1)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1 && g_hash_table_size (seen) < 1000; x++)
      {
        const guint8 *p = image->pixels + ((gsize) y * image->width + (gsize) x) * 4;

        g_hash_table_add (seen, GUINT_TO_POINTER (((guint) p[0] << 16) | ((guint) p[1] << 8) | p[2]));
      }
  return g_hash_table_size (seen);
}

static TsrImage *
render_terminal_page (const char *folder,
                      const char *name,
                      const char *first,
                      ...)
{
  g_autofree char *png = g_build_filename (folder, name, NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GBytes) bytes = NULL;
  int wait_status = 0;
  va_list args;
  TsrImage *image;

  g_ptr_array_add (argv, (gpointer) g_getenv ("TSR_CLI"));
  g_ptr_array_add (argv, (gpointer) "terminal");
  g_ptr_array_add (argv, (gpointer) "render");
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, (gpointer) "-o");
  g_ptr_array_add (argv, png);
  g_ptr_array_add (argv, NULL);
  ck_assert (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                           &wait_status, &error));
  ck_assert_msg (WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == 0, "%s: %s", name, err);
  ck_assert (strstr (out, "wrote") != NULL);
  bytes = tsr_test_read_file (png);
  image = tsr_image_load_png (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), png, &error);
  ck_assert_msg (image != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (image->width, 640);
  ck_assert_uint_eq (image->height, 320);
  /* The border bars in the border colour, the screen black. */
  ck_assert_uint_gt (count_color (image, 0, 0, 640, 2, 39, 0, 0), 1200);
  ck_assert_uint_gt (count_color (image, 0, 318, 640, 320, 39, 0, 0), 1200);
  ck_assert_uint_gt (count_color (image, 0, 0, 640, 18, 255, 0, 0), 50);   /* red labels */
  return image;
}

/* terminal render: PNGs of a logon, an information page with colours, pictures from a real Images
 * file and a checkpoint on a real level (written beside the build for looking at). */
START_TEST (test_terminal_render)
{
  const char *root = tsr_test_data_root ();
  g_autofree char *temp = tsr_test_make_temp_dir ();
  const char *folder = g_getenv ("TSR_SCREENSHOT_DIR") != NULL ? g_getenv ("TSR_SCREENSHOT_DIR") : temp;
  g_autofree char *script = g_build_filename (temp, "t.term.txt", NULL);
  g_autofree char *images = root != NULL ? g_build_filename (root, "marathon", "m2_Images.imgA", NULL) : NULL;
  g_autofree char *map = root != NULL ? g_build_filename (root, "marathon", "chronicles_MenLikeRavenousFishes.sceA", NULL) : NULL;
  g_autoptr(TsrImage) info = NULL;
  CliResult result;

  ck_assert (g_file_set_contents (script, terminal_script, -1, NULL));
  result = run_cli ("terminal", "render", script, "--terminal", "0", NULL);
  ck_assert_int_eq (result.status, 0);
  ck_assert_msg (strstr (result.out, "6 pages") != NULL, "%s", result.out);
  ck_assert (strstr (result.out, "checkpoint") != NULL);
  cli_result_clear (&result);

  /* Colour codes: each of the eight colours is drawn. */
  info = render_terminal_page (folder, "terminal-information.png", script, "--terminal", "0", "--page", "1", NULL);
  {
    static const int colors[8][3] = { { 0, 255, 0 }, { 255, 255, 255 }, { 255, 0, 0 }, { 0, 156, 0 },
                                      { 0, 176, 201 }, { 255, 231, 0 }, { 175, 0, 0 }, { 12, 0, 255 } };

    for (int c = 0; c < 8; c++)
      ck_assert_msg (count_color (info, 72, 27, 568, 27 + 3 * 12, colors[c][0], colors[c][1], colors[c][2]) > 3,
                     "colour %d not drawn", c);
    /* Nothing outside the full-width box. */
    ck_assert_uint_eq (count_colors (info, 0, 20, 70, 300), 1);
  }

  if (images != NULL && g_file_test (images, G_FILE_TEST_EXISTS))
    {
      g_autoptr(TsrImage) logon = render_terminal_page (folder, "terminal-logon.png", script, "--terminal", "0",
                                                        "--images", images, NULL);
      g_autoptr(TsrImage) pict = render_terminal_page (folder, "terminal-pict.png", script, "--terminal", "0",
                                                       "--page", "2", "--images", images, NULL);
      g_autoptr(TsrImage) right = render_terminal_page (folder, "terminal-pict-right.png", script, "--terminal", "0",
                                                        "--page", "3", "--images", images, NULL);

      /* 1700 is 640x160: scaled into 622 wide, centred; the line under it. */
      ck_assert_uint_gt (count_colors (logon, 9, 100, 631, 200), 20);
      ck_assert_uint_gt (count_color (logon, 200, 226, 440, 250, 255, 255, 255), 10);
      /* 1100 (640x480) scaled into the left half, text in the right half. */
      ck_assert_uint_gt (count_colors (pict, 9, 60, 316, 250), 50);
      ck_assert_uint_gt (count_color (pict, 324, 27, 631, 60, 0, 255, 0), 10);
      ck_assert_uint_eq (count_color (pict, 324, 60, 631, 290, 0, 255, 0), 0);
      ck_assert_uint_gt (count_colors (right, 324, 60, 631, 250), 50);
      ck_assert_uint_gt (count_color (right, 9, 27, 316, 60, 0, 255, 0), 10);
    }
  if (map != NULL && g_file_test (map, G_FILE_TEST_EXISTS))
    {
      g_autoptr(TsrImage) checkpoint = render_terminal_page (folder, "terminal-checkpoint.png", script,
                                                             "--terminal", "0", "--page", "4", "--map", map, NULL);

      /* The map in the left half: solid lines green, the goal's red circle at its centre. */
      ck_assert_uint_gt (count_color (checkpoint, 9, 27, 316, 293, 0, 255, 0), 100);
      ck_assert_uint_gt (count_color (checkpoint, 162 - 10, 160 - 10, 162 + 10, 160 + 10, 255, 0, 0), 10);
    }

  /* Errors: no such terminal or page, a bad state. */
  result = run_cli ("terminal", "render", script, "--terminal", "3", "-o", "x.png", NULL);
  ck_assert_int_eq (result.status, 1);
  ck_assert (strstr (result.err, "there are 1 terminals") != NULL);
  cli_result_clear (&result);
  result = run_cli ("terminal", "render", script, "--terminal", "0", "--page", "6", "-o", "x.png", NULL);
  ck_assert_int_eq (result.status, 1);
  ck_assert (strstr (result.err, "there are 6 pages") != NULL);
  cli_result_clear (&result);
  result = run_cli ("terminal", "render", script, "--terminal", "0", "--state", "won", NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);
  ck_assert (!g_file_test ("x.png", G_FILE_TEST_EXISTS));
}
END_TEST

/* Every byte of an error line is printable: control bytes from a file name (or from the file) are
 * escaped, and the path is said once. */
static void
assert_clean_line (const char *line, const char *path_text)
{
  const char *first = strstr (line, path_text);

  ck_assert_msg (first != NULL, "%s: does not name %s", line, path_text);
  ck_assert_msg (strstr (first + 1, path_text) == NULL, "%s: names the path twice", line);
  for (const char *p = line; *p != '\0'; p++)
    ck_assert_msg ((guint8) *p >= 0x20 || (*p == '\n' && p[1] == '\0'),
                   "%s: control byte 0x%02x at %d", line, (guint8) *p, (int) (p - line));
}

START_TEST (test_messages_escape_and_name_once)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *nasty = g_build_filename (folder, "map\x1b[31m\x07.rmp", NULL);
  g_autofree char *escaped = g_build_filename (folder, "map\\x1B[31m\\x07.rmp", NULL);
  g_autofree char *missing = g_build_filename (folder, "Missing.sceA", NULL);
  const char *commands[] = { "info", "validate", "roundtrip" };
  CliResult result;

  ck_assert (g_file_set_contents (nasty, "\x1b]0;title\x07\x01\x02 not a map", -1, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      result = run_cli (commands[i], nasty, NULL);
      ck_assert_int_eq (result.status, 1);
      assert_clean_line (result.err, escaped);
      cli_result_clear (&result);

      result = run_cli (commands[i], missing, NULL);
      ck_assert_int_eq (result.status, 1);
      assert_clean_line (result.err, missing);
      ck_assert_msg (strstr (result.err, "No such file") != NULL, "%s", result.err);
      cli_result_clear (&result);
    }
}
END_TEST

/* A Sphere map of .rts tile size SIDE and LAYER x LAYER tiles, with its tileset beside it (no
 * tiles: a few hundred bytes that declare the map's size). */
static char *
write_sphere_map (const char *folder, guint16 side, guint16 layer)
{
  g_autofree char *rts_path = g_build_filename (folder, "big.rts", NULL);
  char *rmp_path = g_build_filename (folder, "big.rmp", NULL);
  g_autoptr(GByteArray) rts = g_byte_array_new ();
  g_autoptr(GByteArray) rmp = g_byte_array_new ();
  guint8 header[256] = { '.', 'r', 't', 's', 1, 0, 0, 0, side & 0xff, side >> 8, side & 0xff, side >> 8, 32, 0 };
  guint8 map_header[256] = { '.', 'r', 'm', 'p', 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0 };
  guint8 layer_header[32] = { layer & 0xff, layer >> 8, layer & 0xff, layer >> 8 };

  g_byte_array_append (rts, header, sizeof header);
  g_byte_array_append (rmp, map_header, sizeof map_header);
  g_byte_array_append (rmp, (const guint8 *) "\x07\x00" "big.rts", 9);
  for (int i = 0; i < 8; i++)
    g_byte_array_append (rmp, (const guint8 *) "\0\0", 2);
  g_byte_array_append (rmp, layer_header, sizeof layer_header); /* 30 bytes + an empty name */
  for (guint i = 0; i < (guint) layer * layer; i++)
    g_byte_array_append (rmp, (const guint8 *) "\0\0", 2);
  ck_assert (g_file_set_contents (rts_path, (const char *) rts->data, rts->len, NULL));
  ck_assert (g_file_set_contents (rmp_path, (const char *) rmp->data, rmp->len, NULL));
  return rmp_path;
}

/* A map of a few KB that declares 32768x32768 pixels is not drawn at full size (it was: 4 GiB and
 * minutes); the error says the limit and how to draw it scaled, which works. */
START_TEST (test_render_is_bounded_and_scales)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *map = write_sphere_map (folder, 1024, 32);
  g_autofree char *png = g_build_filename (folder, "out.png", NULL);
  CliResult result;

  ck_assert_int_lt (g_bytes_get_size (tsr_test_read_file (map)), 4096);
  result = run_cli ("render", map, "-o", png, NULL);
  ck_assert_int_eq (result.status, 1);
  ck_assert_msg (strstr (result.err, "32768x32768 pixels is above the limit of") != NULL, "%s", result.err);
  ck_assert_msg (strstr (result.err, "--size") != NULL, "%s", result.err);
  ck_assert (!g_file_test (png, G_FILE_TEST_EXISTS));
  cli_result_clear (&result);

  result = run_cli ("render", map, "-o", png, "--size", "512x300", NULL);
  ck_assert_int_eq (result.status, 0);
  ck_assert_msg (strstr (result.out, "(300x300)") != NULL, "%s", result.out);
  cli_result_clear (&result);
}
END_TEST

static TsrImage *
load_png_file (const char *path)
{
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(GError) error = NULL;
  TsrImage *image = tsr_image_load_png (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), path, &error);

  ck_assert_msg (image != NULL, "%s", error != NULL ? error->message : "");
  return image;
}

/* render --size WxH scales the whole drawing into the box, keeping its proportions, for the files
 * whose renderer draws at its own size: the Images file's picture sheet is its natural rendering
 * scaled (it was written at its natural 640x160, ignoring --size), and a Wolf3D level is drawn
 * whole at 80x80 (it was 64x64: one pixel per tile, height ignored). Real files. */
START_TEST (test_render_size_scales)
{
  g_autofree char *data = tsr_test_data_require ("marathon");
  g_autofree char *images = g_build_filename (data, "m2_Images.imgA", NULL);
  g_autofree char *root = g_path_get_dirname (data);
  g_autofree char *gamemaps = g_build_filename (root, "wolf3d", "wl1_v14_shareware", "GAMEMAPS.WL1", NULL);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *natural_png = g_build_filename (folder, "natural.png", NULL);
  g_autofree char *sized_png = g_build_filename (folder, "sized.png", NULL);
  g_autoptr(TsrImage) natural = NULL, sized = NULL, expected = NULL;
  guint fit_width = 0, fit_height = 0;
  CliResult result;

  result = run_cli ("render", images, "-o", natural_png, NULL);
  ck_assert_msg (result.status == 0, "%s", result.err);
  cli_result_clear (&result);
  result = run_cli ("render", images, "-o", sized_png, "--size", "100x80", NULL);
  ck_assert_msg (result.status == 0, "%s", result.err);
  cli_result_clear (&result);
  natural = load_png_file (natural_png);
  sized = load_png_file (sized_png);
  tsr_image_fit_size (natural->width, natural->height, 100, 80, &fit_width, &fit_height);
  ck_assert (fit_width == 100 || fit_height == 80);
  ck_assert_uint_le (fit_width, 100);
  ck_assert_uint_le (fit_height, 80);
  ck_assert_uint_eq (sized->width, fit_width);
  ck_assert_uint_eq (sized->height, fit_height);
  expected = tsr_image_scale (natural, fit_width, fit_height);
  ck_assert_mem_eq (sized->pixels, expected->pixels, (gsize) fit_width * fit_height * 4);

  if (g_file_test (gamemaps, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(TsrImage) level = NULL;
      guint drawn = 0;

      result = run_cli ("render", gamemaps, "-o", sized_png, "--size", "100x80", NULL);
      ck_assert_msg (result.status == 0, "%s", result.err);
      ck_assert_msg (strstr (result.out, "(80x80)") != NULL, "%s", result.out);
      cli_result_clear (&result);
      level = load_png_file (sized_png);
      /* The whole level, not a corner: the walls reach into every quarter of the picture. */
      for (guint q = 0; q < 4; q++)
        {
          guint filled = 0;

          for (guint y = (q / 2) * 40; y < (q / 2) * 40 + 40; y++)
            for (guint x = (q % 2) * 40; x < (q % 2) * 40 + 40; x++)
              filled += level->pixels[((gsize) y * 80 + x) * 4 + 3] != 0;
          drawn += filled > 0;
        }
      ck_assert_uint_eq (drawn, 4);
    }
}
END_TEST

/* --level below 0, or beyond what the file holds, is a usage error (status 2). */
START_TEST (test_level_out_of_range_is_usage)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *map = write_sphere_map (folder, 16, 4);
  g_autofree char *png = g_build_filename (folder, "out.png", NULL);
  g_autofree char *tmx = g_build_filename (folder, "out.tmx", NULL);
  CliResult result;

  result = run_cli ("render", map, "-o", png, "--level", "-3", NULL);
  ck_assert_int_eq (result.status, 2);
  ck_assert_msg (strstr (result.err, "--level -3") != NULL, "%s", result.err);
  cli_result_clear (&result);
  result = run_cli ("render", map, "-o", png, "--level", "1", NULL);
  ck_assert_int_eq (result.status, 2);
  ck_assert_msg (strstr (result.err, "no level 1") != NULL, "%s", result.err);
  cli_result_clear (&result);
  result = run_cli ("convert", map, tmx, "--level", "7", "--force", NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);
  result = run_cli ("terminal", "decompile", map, "--level", "-1", NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);
  ck_assert (!g_file_test (png, G_FILE_TEST_EXISTS));
  ck_assert (!g_file_test (tmx, G_FILE_TEST_EXISTS));

  result = run_cli ("render", map, "-o", png, "--level", "0", NULL);
  ck_assert_int_eq (result.status, 0);
  cli_result_clear (&result);
}
END_TEST

/* Real files of the games that Tessera does not open say what they are; a damaged file under a
 * format's extension says what is wrong with it, not "not a file Tessera knows". */
START_TEST (test_unsupported_files_say_what_they_are)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  static const struct { const char *name; const char *bytes; gsize size; const char *expected; } cases[] = {
    { "Sounds", "\0\0\0\1snd2\0\2\0\3", 12, "a Marathon Sounds file" },
    { "Infinity.sndz", "not a header", 12, "a Marathon Sounds file" },
    { "Replay.filA", "\0\0\1\0\0\1\0\0", 8, "a Marathon film" },
    { "DOOM2D.WAD", "IWAD\3\0\0\0\14\0\0\0", 12, "a Doom-style WAD" },
    { "broken.rmp", "garbage, not a map", 18, "read as Sphere map (by its extension): " },
    { "broken.sceA", "garbage, not a map at all", 25, "read as Marathon map / scenario (by its extension): 64 bytes" },
    { "WALL1.tga", "\0\0\2\0\0\0\0\0\0\0\0\0\1\0\1\0\40\0\0\0\0\0", 22, "a TGA image" },
    { "ANIM", "resource=COL5A\nframecount=2\n", 28, "animated-texture description" },
    { "standart.lst", "StandartWAD\\STDTEXTURES\\WALL1.tga|WALL1\n", 40, "packed into a Doom2D Forever archive" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (folder, cases[i].name, NULL);
      CliResult result;

      ck_assert (g_file_set_contents (path, cases[i].bytes, (gssize) cases[i].size, NULL));
      result = run_cli ("info", path, NULL);
      ck_assert_int_eq (result.status, 1);
      ck_assert_msg (strstr (result.err, cases[i].expected) != NULL, "%s", result.err);
      ck_assert_msg (strstr (result.err, "not a file Tessera knows") == NULL, "%s", result.err);
      /* A damaged file names itself once, at the start, not again in its loader's reason. */
      if (strstr (cases[i].expected, "by its extension") != NULL)
        ck_assert_msg (strstr (strstr (result.err, path) + strlen (path), cases[i].name) == NULL, "%s", result.err);
      assert_clean_line (result.err, path);
      cli_result_clear (&result);
    }
}
END_TEST

/* Doom2D Forever: pack the unpacked Standart.wad, draw the real map with its textures, convert it
 * to a text map by the .txt extension (which Marathon terminal text shares) and back. */
START_TEST (test_doom2d_pack_render_convert)
{
  g_autofree char *data = g_build_filename (tsr_test_data_root (), "doom2d", NULL);
  g_autofree char *list = g_build_filename (data, "StandartWAD", "standart.lst", NULL);
  g_autofree char *map = g_build_filename (data, "df_MAP01.map", NULL);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *wad = g_build_filename (folder, "Standart.wad", NULL);
  g_autofree char *flat_png = g_build_filename (folder, "flat.png", NULL);
  g_autofree char *png = g_build_filename (folder, "textured.png", NULL);
  g_autofree char *text = g_build_filename (folder, "MAP01.txt", NULL);
  g_autofree char *back = g_build_filename (folder, "back.map", NULL);
  g_autoptr(GBytes) original = NULL, converted = NULL, flat = NULL, textured = NULL;
  CliResult result;

  if (!g_file_test (list, G_FILE_TEST_EXISTS))
    return;
  /* Files the list names but the test data lacks: nothing written without --force. */
  result = run_cli ("doom2d", "pack", list, wad, NULL);
  ck_assert_int_eq (result.status, 1);
  ck_assert_msg (strstr (result.err, "missing: D2DMUS\\") != NULL, "%s", result.err);
  ck_assert (!g_file_test (wad, G_FILE_TEST_EXISTS));
  cli_result_clear (&result);
  result = run_cli ("doom2d", "pack", list, wad, "--force", NULL);
  ck_assert_int_eq (result.status, 0);
  ck_assert_msg (strstr (result.out, "(250 resources") != NULL, "%s", result.out);
  cli_result_clear (&result);
  result = run_cli ("doom2d", "pack", list, NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);

  result = run_cli ("render", map, "-o", flat_png, NULL);
  ck_assert_int_eq (result.status, 0);
  cli_result_clear (&result);
  result = run_cli ("render", "--resources", wad, map, "-o", png, NULL);
  ck_assert_int_eq (result.status, 0);
  ck_assert_msg (strstr (result.out, "(1600x1600)") != NULL, "%s", result.out);
  cli_result_clear (&result);
  flat = tsr_test_read_file (flat_png);
  textured = tsr_test_read_file (png);
  ck_assert (!g_bytes_equal (flat, textured));
  /* A game folder holding the archive gives the same picture. */
  result = run_cli ("render", "--resources", folder, map, "-o", png, NULL);
  ck_assert_int_eq (result.status, 0);
  cli_result_clear (&result);
  {
    g_autoptr(GBytes) again = tsr_test_read_file (png);
    ck_assert (g_bytes_equal (again, textured));
  }

  /* validate --resources looks the textures up too: all 14 resolve through the packed archive;
   * through a folder without it each is a warning naming its record, and the exit status stays 0
   * (the map itself is sound). Only Doom2D maps take --resources. */
  result = run_cli ("validate", map, "--resources", wad, NULL);
  ck_assert_msg (result.status == 0 && strcmp (result.out, "no findings\n") == 0, "%s%s", result.out, result.err);
  cli_result_clear (&result);
  {
    g_autofree char *empty = g_build_filename (folder, "empty", NULL);

    ck_assert (g_mkdir_with_parents (empty, 0700) == 0);
    result = run_cli ("validate", map, "--resources", empty, NULL);
  }
  ck_assert_int_eq (result.status, 0);
  ck_assert_msg (strstr (result.out, "warning: texture 2: Standart.wad:D2DTEXTURES\\EXIT1 does not resolve: ") != NULL,
                 "%s", result.out);
  {
    g_auto(GStrv) lines = g_strsplit (result.out, "\n", -1);

    ck_assert_uint_eq (g_strv_length (lines), 14 + 1);
  }
  cli_result_clear (&result);
  {
    g_autofree char *village = g_build_filename (tsr_test_data_root (), "sphere", "village.rmp", NULL);

    result = run_cli ("validate", village, "--resources", wad, NULL);
  }
  ck_assert_int_eq (result.status, 2);
  ck_assert_msg (strstr (result.err, "--resources is for Doom2D Forever maps") != NULL, "%s", result.err);
  cli_result_clear (&result);

  result = run_cli ("convert", map, text, NULL);
  ck_assert_msg (result.status == 0, "%s", result.err);
  cli_result_clear (&result);
  converted = tsr_test_read_file (text);
  ck_assert (g_str_has_prefix (g_bytes_get_data (converted, NULL), "map {"));
  result = run_cli ("convert", text, back, NULL);
  ck_assert_msg (result.status == 0, "%s", result.err);
  cli_result_clear (&result);
  original = tsr_test_read_file (map);
  {
    g_autoptr(GBytes) round = tsr_test_read_file (back);
    ck_assert (g_bytes_equal (round, original));
  }
}
END_TEST

/* The exit status, stdout and stderr of tessera-cli ARGS (NULL-terminated, after the binary) in the environment ENV. */
static char *
run_cli_in (char **env, const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int wait_status = 0;

  g_ptr_array_add (argv, (gpointer) g_getenv ("TSR_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  ck_assert (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                           &wait_status, NULL));
  ck_assert (WIFEXITED (wait_status));
  return g_strdup_printf ("%d\n%s\n--\n%s", WEXITSTATUS (wait_status), out, err);
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static char *
list_folder (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  ck_assert (dir != NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv ("\n", (char **) names->pdata);
}

/* The CLI speaks English whatever the locale: its output, the game names in it (the tables'
 * N_() strings the editor translates) and the names of extracted files are a contract for
 * scripts. Runs info, validate and extract on a Wolf3D level set with LANGUAGE=ru and de. */
/* marathon merge/split (issue 37): a one-level merge folder from the Chronicles level and its
 * script becomes a scenario (version 2, no level list, as Atque writes one level) and splits back;
 * a missing folder is a clear error and writes nothing; wrong arguments are usage. */
START_TEST (test_marathon_merge_split)
{
  g_autofree char *data = g_build_filename (tsr_test_data_root (), "marathon", NULL);
  g_autofree char *map = g_build_filename (data, "chronicles_DreamBrother.sceA", NULL);
  g_autofree char *script = g_build_filename (data, "chronicles_DreamBrother.term.txt", NULL);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *level = g_build_filename (folder, "Merge", "40 Dream Brother", NULL);
  g_autofree char *level_map = g_build_filename (level, "Dream Brother.sceA", NULL);
  g_autofree char *level_script = g_build_filename (level, "Dream Brother.term.txt", NULL);
  g_autofree char *merge_dir = g_build_filename (folder, "Merge", NULL);
  g_autofree char *scenario = g_build_filename (folder, "Dream.sceA", NULL);
  g_autofree char *split_dir = g_build_filename (folder, "Split", NULL);
  g_autofree char *missing = g_build_filename (folder, "No Such Folder", NULL);
  g_autofree char *nothing = g_build_filename (folder, "Nothing.sceA", NULL);
  g_autoptr(GBytes) map_bytes = NULL, script_bytes = NULL;
  CliResult result;

  if (!g_file_test (map, G_FILE_TEST_EXISTS))
    return;
  map_bytes = tsr_test_read_file (map);
  script_bytes = tsr_test_read_file (script);
  ck_assert_int_eq (g_mkdir_with_parents (level, 0777), 0);
  ck_assert (g_file_set_contents (level_map, g_bytes_get_data (map_bytes, NULL), (gssize) g_bytes_get_size (map_bytes), NULL));
  ck_assert (g_file_set_contents (level_script, g_bytes_get_data (script_bytes, NULL), (gssize) g_bytes_get_size (script_bytes), NULL));

  result = run_cli ("marathon", "merge", merge_dir, "-o", scenario, NULL);
  ck_assert_msg (result.status == 0, "%s", result.err);
  cli_result_clear (&result);
  result = run_cli ("info", scenario, NULL);
  ck_assert_int_eq (result.status, 0);
  ck_assert_msg (strstr (result.out, "wad_version: 2") != NULL && strstr (result.out, "wad_name: Dream") != NULL,
                 "%s", result.out);
  cli_result_clear (&result);
  result = run_cli ("roundtrip", scenario, NULL);
  ck_assert_int_eq (result.status, 0);
  cli_result_clear (&result);
  result = run_cli ("marathon", "split", scenario, "-o", split_dir, NULL);
  ck_assert_msg (result.status == 0, "%s", result.err);
  ck_assert_msg (strstr (result.out, "40 Dream Brother/Dream Brother.sceA") != NULL
                 && strstr (result.out, "40 Dream Brother/Dream Brother.term.txt") != NULL, "%s", result.out);
  cli_result_clear (&result);

  result = run_cli ("marathon", "merge", missing, "-o", nothing, NULL);
  ck_assert_int_eq (result.status, 1);
  ck_assert_msg (strstr (result.err, "No Such Folder: no such folder") != NULL, "%s", result.err);
  ck_assert (!g_file_test (nothing, G_FILE_TEST_EXISTS));
  cli_result_clear (&result);
  result = run_cli ("marathon", "merge", merge_dir, NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);
  result = run_cli ("marathon", "frobnicate", NULL);
  ck_assert_int_eq (result.status, 2);
  cli_result_clear (&result);
}
END_TEST

START_TEST (test_output_stays_english_in_a_translation)
{
  const char *root = tsr_test_data_root ();
  g_autofree char *maps = NULL;
  g_autofree char *work = tsr_test_make_temp_dir ();
  g_auto(GStrv) english = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);
  const char *languages[] = { "ru", "de" };

  if (root == NULL)
    return;
  maps = g_build_filename (root, "wolf3d", "wl1_v14_shareware", "GAMEMAPS.WL1", NULL);
  if (!g_file_test (maps, G_FILE_TEST_EXISTS))
    return;
  english = g_environ_unsetenv (english, "LANGUAGE");
  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    {
      g_auto(GStrv) translated = g_environ_setenv (g_strdupv (english), "LANGUAGE", languages[l], TRUE);
      g_autofree char *out_en = g_build_filename (work, "en", NULL);
      g_autofree char *out_tr = g_build_filename (work, languages[l], NULL);
      const char *info[] = { "info", maps, NULL };
      const char *validate[] = { "validate", maps, NULL };
      const char *extract_en[] = { "extract", maps, "-o", out_en, NULL };
      const char *extract_tr[] = { "extract", maps, "-o", out_tr, NULL };
      const char *const *commands[] = { info, validate };

      translated = g_environ_setenv (translated, "LANG", languages[l][0] == 'r' ? "ru_RU.UTF-8" : "de_DE.UTF-8", TRUE);
      for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
        {
          g_autofree char *a = run_cli_in (english, commands[c]);
          g_autofree char *b = run_cli_in (translated, commands[c]);

          ck_assert_str_eq (b, a);
        }
      {
        g_autofree char *a = run_cli_in (english, extract_en);
        g_autofree char *b = run_cli_in (translated, extract_tr);
        g_autofree char *files_en = NULL;
        g_autofree char *files_tr = NULL;
        g_autofree char *replaced = NULL;
        g_auto(GStrv) parts = g_strsplit (b, out_tr, -1);

        replaced = g_strjoinv (out_en, parts);
        ck_assert_str_eq (replaced, a);
        files_en = list_folder (out_en);
        files_tr = list_folder (out_tr);
        ck_assert (*files_en != '\0');
        ck_assert_str_eq (files_tr, files_en);
      }
    }
}
END_TEST

/* A mapped input that another program cuts short while it is read (the file named, or another
 * file of its set, both mapped by tessera-cli) is a failure naming that file, not a crash. */
START_TEST (test_input_cut_short_while_mapped)
{
  g_autofree char *source = tsr_test_data_require ("wolf3d");
  g_autofree char *set = g_build_filename (source, "wl1_v14_shareware", NULL);
  g_autofree char *work = tsr_test_make_temp_dir ();
  const char *names[] = { "MAPHEAD.WL1", "GAMEMAPS.WL1", "VSWAP.WL1", "VGAHEAD.WL1", "VGADICT.WL1",
                          "VGAGRAPH.WL1", "AUDIOHED.WL1", "AUDIOT.WL1", NULL };
  /* The file named cut short, then a file of its set mapped after it (VGAGRAPH.WL1, 326 KB, is
   * mapped first; VSWAP.WL1, 742 KB, is read through at load). */
  const char *cases[][2] = { { "VSWAP.WL1", "VSWAP.WL1" }, { "VGAGRAPH.WL1", "VSWAP.WL1" } };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *folder = tsr_test_copy_files (set, names, work, cases[c][0]);
      g_autofree char *main_path = g_build_filename (folder, cases[c][0], NULL);
      g_autofree char *cut_path = g_build_filename (folder, cases[c][1], NULL);
      g_autofree char *expected = g_strdup_printf ("tessera-cli: %s: the file was cut short by another program", cut_path);
      g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "TSR_CLI_TEST_CUT_SHORT", cases[c][1], TRUE);
      const char *roundtrip[] = { "roundtrip", main_path, NULL };
      g_autofree char *result = run_cli_in (env, roundtrip);

      ck_assert_msg (g_str_has_prefix (result, "1\n"), "%s", result);
      ck_assert_msg (strstr (result, expected) != NULL, "%s", result);
    }
}
END_TEST

static Suite *
cli_suite (void)
{
  Suite *suite = suite_create ("cli");
  TCase *contract = tcase_create ("contract");

  tcase_add_test (contract, test_help_lists_subcommands);
  tcase_add_test (contract, test_random_bytes_are_a_clear_error);
  tcase_add_test (contract, test_missing_file_and_usage);
  tcase_add_test (contract, test_terminal_render);
  tcase_add_test (contract, test_messages_escape_and_name_once);
  tcase_add_test (contract, test_render_is_bounded_and_scales);
  tcase_add_test (contract, test_render_size_scales);
  tcase_add_test (contract, test_level_out_of_range_is_usage);
  tcase_add_test (contract, test_unsupported_files_say_what_they_are);
  tcase_add_test (contract, test_doom2d_pack_render_convert);
  tcase_add_test (contract, test_marathon_merge_split);
  tcase_add_test (contract, test_input_cut_short_while_mapped);
  tcase_add_test (contract, test_output_stays_english_in_a_translation);
  suite_add_tcase (suite, contract);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (cli_suite ());
}
