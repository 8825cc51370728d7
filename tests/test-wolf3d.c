/* test-wolf3d.c: the Wolfenstein 3D codec against the real shareware data set and hand-made
 * cases: byte-exact round trips, level decoding, Carmack/RLEW both ways with the size ratio
 * against id's tools, edits touching only what changed, truncation, validation, images. */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "core/tsr-finding.h"
#include "formats/tsr-format.h"
#include "formats/wolf3d/tsr-wolf3d-compress.h"
#include "formats/wolf3d/tsr-wolf3d-palette.h"
#include "formats/wolf3d/tsr-wolf3d-assets.h"
#include "formats/wolf3d/tsr-wolf3d-set.h"
#include "model/tsr-document.h"
#include "tsr-test-common.h"

static char *data_root;

/* Every folder of the test data holding a MAPHEAD or VSWAP file. */
static GPtrArray *
set_folders (void)
{
  GPtrArray *folders = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (data_root, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *folder = g_build_filename (data_root, name, NULL);

      if (g_file_test (folder, G_FILE_TEST_IS_DIR))
        g_ptr_array_add (folders, g_steal_pointer (&folder));
    }
  ck_assert_uint_gt (folders->len, 0);
  return folders;
}

static const char *const set_suffixes[] = {
  ".wl1", ".wl3", ".wl6", ".sod", ".sdm", ".sd1", ".sd2", ".sd3", NULL,
};

static TsrWolf3dSet *
load_shareware (void)
{
  g_autofree char *path = g_build_filename (data_root, "wl1_v14_shareware", "MAPHEAD.WL1", NULL);
  g_autoptr(GError) error = NULL;
  TsrWolf3dSet *set = tsr_wolf3d_set_load (path, NULL, &error);

  ck_assert_msg (set != NULL, "%s", error ? error->message : "");
  return set;
}

/* Every real file, opened on its own, finds its set, which saves back byte-identical. */
START_TEST (test_roundtrip_every_file)
{
  g_autoptr(GPtrArray) folders = set_folders ();
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  guint checked = 0;

  for (guint f = 0; f < folders->len; f++)
    {
      g_autoptr(GPtrArray) files = tsr_test_data_list (g_ptr_array_index (folders, f), set_suffixes);

      for (guint i = 0; i < files->len; i++)
        {
          const char *path = g_ptr_array_index (files, i);
          g_autoptr(GError) error = NULL;
          g_autoptr(GPtrArray) outputs = NULL;
          const TsrFormat *format = NULL;
          gpointer data = tsr_format_load_file (registry, path, &format, &error);

          ck_assert_msg (data != NULL, "%s: %s", path, error ? error->message : "");
          ck_assert_str_eq (format->id, "wolf3d-set");
          outputs = format->save (data, path, &error);
          ck_assert_msg (outputs != NULL, "%s: %s", path, error ? error->message : "");
          ck_assert_uint_ge (outputs->len, 8);
          ck_assert_str_eq (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->path, path);
          for (guint o = 0; o < outputs->len; o++)
            {
              const TsrOutputFile *output = g_ptr_array_index (outputs, o);
              g_autoptr(GBytes) original = tsr_test_read_file (output->path);

              ck_assert_msg (g_bytes_equal (original, output->bytes), "%s differs", output->path);
            }
          format->free (data);
          checked++;
        }
    }
  tsr_test_report_count ("Wolf3D data files round-tripped as whole sets", checked);
}
END_TEST

START_TEST (test_shareware_identified)
{
  TsrWolf3dSet *set = load_shareware ();

  ck_assert_int_eq (set->game, TSR_WOLF3D_GAME_WOLF3D);
  ck_assert_str_eq (set->version, "Wolfenstein 3D shareware v1.4");
  ck_assert_uint_eq (set->graphics->n_chunks, 156);
  ck_assert_uint_eq (set->vswap->n_pages, 663);
  ck_assert_uint_eq (set->vswap->sprite_start, 106);
  ck_assert_uint_eq (set->vswap->sound_start, 542);
  ck_assert_uint_eq (set->vswap->n_sounds, 46);
  ck_assert_uint_eq (set->n_audio_chunks, 288);
  tsr_wolf3d_set_free (set);

  /* The folder itself opens the same set. */
  g_autofree char *folder = g_build_filename (data_root, "wl1_v14_shareware", NULL);
  g_autoptr(GError) error = NULL;
  set = tsr_wolf3d_set_load (folder, NULL, &error);
  ck_assert_msg (set != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_nonnull (set->maps);
  ck_assert_ptr_nonnull (set->graphics);
  tsr_wolf3d_set_free (set);
}
END_TEST

START_TEST (test_levels_decode)
{
  TsrWolf3dSet *set = load_shareware ();
  static const char *const names[] = {
    "Wolf1 Map1", "Wolf1 Map2", "Wolf1 Map3", "Wolf1 Map4", "Wolf1 Map5",
    "Wolf1 Map6", "Wolf1 Map7", "Wolf1 Map8", "Wolf1 Boss", "Wolf1 Secret",
  };
  TsrWolf3dStats stats;

  ck_assert_uint_eq (tsr_wolf3d_maps_get_n_levels (set->maps), 10);
  for (guint i = 0; i < 10; i++)
    {
      const TsrWolf3dLevel *level = tsr_wolf3d_maps_get_level (set->maps, i);

      ck_assert_str_eq (level->name, names[i]);
      ck_assert_uint_eq (level->width, 64);
      ck_assert_uint_eq (level->height, 64);
      for (guint p = 0; p < 3; p++)
        ck_assert_ptr_nonnull (level->planes[p]);
      /* The outer ring of every level is wall. */
      for (guint x = 0; x < 64; x++)
        ck_assert_uint_eq (tsr_wolf3d_tile_classify (level->planes[0][x]), TSR_WOLF3D_TILE_WALL);
      tsr_wolf3d_level_stats (set->game, level->planes[0], level->planes[1], 64 * 64, 3, &stats);
      ck_assert_uint_eq (stats.players, 1);
    }

  /* E1M1, counted by hand from its object plane. */
  const TsrWolf3dLevel *first = tsr_wolf3d_maps_get_level (set->maps, 0);
  tsr_wolf3d_level_stats (set->game, first->planes[0], first->planes[1], 64 * 64, 0, &stats);
  ck_assert_uint_eq (stats.enemies, 11);
  ck_assert_uint_eq (stats.treasure, 23);
  ck_assert_uint_eq (stats.secrets, 5);
  tsr_wolf3d_level_stats (set->game, first->planes[0], first->planes[1], 64 * 64, 2, &stats);
  ck_assert_uint_eq (stats.enemies, 20);
  tsr_wolf3d_level_stats (set->game, first->planes[0], first->planes[1], 64 * 64, 3, &stats);
  ck_assert_uint_eq (stats.enemies, 37);
  tsr_wolf3d_set_free (set);
}
END_TEST

/* Counts the near and far copies in a stored plane's Carmack stream (after its length word). */
static void
count_carmack_copies (GBytes *chunk,
                      guint  *near,
                      guint  *far)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (chunk, &size);
  gsize i = 2;

  while (i + 1 < size)
    {
      guint8 count = data[i], flag = data[i + 1];

      if (flag == TSR_WOLF3D_CARMACK_NEAR)
        {
          *near += count != 0;
          i += 3;
        }
      else if (flag == TSR_WOLF3D_CARMACK_FAR)
        {
          *far += count != 0;
          i += count != 0 ? 4 : 3;
        }
      else
        i += 2;
    }
}

/* Tessera's compressor on every plane: expands back to the same words, and is compared with
 * the size id's tools produced for the same plane. */
START_TEST (test_recompress_every_level)
{
  TsrWolf3dSet *set = load_shareware ();
  gsize original_total = 0, ours_total = 0;
  double worst = 0;
  guint near = 0, far = 0, id_near = 0, id_far = 0;

  for (guint i = 0; i < tsr_wolf3d_maps_get_n_levels (set->maps); i++)
    {
      const TsrWolf3dLevel *level = tsr_wolf3d_maps_get_level (set->maps, i);
      gsize original = 0, ours = 0;

      for (guint p = 0; p < 3; p++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(GBytes) chunk = tsr_wolf3d_plane_compress (level->planes[p], 64 * 64,
                                                               set->maps->rlew_tag, TRUE);
          g_autofree guint16 *back = tsr_wolf3d_plane_expand (chunk, 64 * 64, set->maps->rlew_tag,
                                                              TRUE, &error);

          ck_assert_msg (back != NULL, "%s", error ? error->message : "");
          ck_assert (memcmp (back, level->planes[p], 64 * 64 * 2) == 0);
          original += g_bytes_get_size (level->chunks[p]);
          ours += g_bytes_get_size (chunk);
          count_carmack_copies (chunk, &near, &far);
          count_carmack_copies (level->chunks[p], &id_near, &id_far);

          /* RLEW alone (MAPTEMP) as well. */
          g_autoptr(GBytes) rlew = tsr_wolf3d_plane_compress (level->planes[p], 64 * 64,
                                                              set->maps->rlew_tag, FALSE);
          g_autofree guint16 *back_rlew = tsr_wolf3d_plane_expand (rlew, 64 * 64, set->maps->rlew_tag,
                                                                   FALSE, &error);
          ck_assert (back_rlew != NULL && memcmp (back_rlew, level->planes[p], 64 * 64 * 2) == 0);
        }
      g_print ("CARMACK: level %u (%s): original %" G_GSIZE_FORMAT " bytes, Tessera %" G_GSIZE_FORMAT
               " bytes, ratio %.4f\n", i, level->name, original, ours, (double) ours / original);
      worst = MAX (worst, (double) ours / original);
      original_total += original;
      ours_total += ours;
    }
  g_print ("CARMACK: all levels: original %" G_GSIZE_FORMAT ", Tessera %" G_GSIZE_FORMAT
           ", ratio %.4f, worst level %.4f\n", original_total, ours_total,
           (double) ours_total / original_total, worst);
  g_print ("CARMACK: copies written: %u near, %u far (id's files: %u near, %u far)\n",
           near, far, id_near, id_far);
  ck_assert_uint_gt (near, 100);
  ck_assert_uint_gt (far, 100);
  ck_assert_msg (worst <= 1.02, "compressed size ratio %.4f above 1.02", worst);
  tsr_wolf3d_set_free (set);
}
END_TEST

/* The writer, forced to rebuild unchanged maps, reproduces id's files byte for byte. */
START_TEST (test_rebuild_reproduces_layout)
{
  TsrWolf3dSet *set = load_shareware ();
  g_autoptr(GBytes) maphead = NULL;
  g_autoptr(GBytes) gamemaps = NULL;
  g_autoptr(GError) error = NULL;

  ck_assert (tsr_wolf3d_maps_save (set->maps, TRUE, &maphead, &gamemaps, &error));
  ck_assert (g_bytes_equal (maphead, set->files[TSR_WOLF3D_FILE_MAPHEAD]));
  ck_assert (g_bytes_equal (gamemaps, set->files[TSR_WOLF3D_FILE_GAMEMAPS]));
  tsr_wolf3d_set_free (set);
}
END_TEST

static TsrWolf3dSet *
reload_maps (TsrWolf3dSet *set)
{
  g_autoptr(GBytes) maphead = NULL;
  g_autoptr(GBytes) gamemaps = NULL;
  g_autoptr(GError) error = NULL;
  GBytes *files[TSR_WOLF3D_N_FILES] = { NULL };
  TsrWolf3dSet *reloaded;

  ck_assert (tsr_wolf3d_maps_save (set->maps, FALSE, &maphead, &gamemaps, &error));
  files[TSR_WOLF3D_FILE_MAPHEAD] = maphead;
  files[TSR_WOLF3D_FILE_GAMEMAPS] = gamemaps;
  files[TSR_WOLF3D_FILE_VSWAP] = set->files[TSR_WOLF3D_FILE_VSWAP];
  reloaded = tsr_wolf3d_set_load_files (files, TSR_WOLF3D_FILE_MAPHEAD, "WL1", &error);
  ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
  return reloaded;
}

/* Changing tiles of one level rewrites that level's chunks and the MAPHEAD offsets only. */
START_TEST (test_edit_changes_only_that_level)
{
  TsrWolf3dSet *set = load_shareware ();
  TsrWolf3dSet *reloaded;
  g_autoptr(GError) error = NULL;

  ck_assert (tsr_wolf3d_maps_set_tile (set->maps, 3, 0, 10, 10, 1, &error));
  ck_assert (tsr_wolf3d_maps_set_tile (set->maps, 3, 1, 11, 10, 52, &error));
  ck_assert (!tsr_wolf3d_maps_set_tile (set->maps, 3, 0, 64, 0, 1, &error));
  g_clear_error (&error);

  reloaded = reload_maps (set);
  for (guint i = 0; i < 10; i++)
    {
      const TsrWolf3dLevel *before = tsr_wolf3d_maps_get_level (set->maps, i);
      const TsrWolf3dLevel *after = tsr_wolf3d_maps_get_level (reloaded->maps, i);

      for (guint p = 0; p < 3; p++)
        ck_assert (memcmp (before->planes[p], after->planes[p], 64 * 64 * 2) == 0);
      ck_assert (memcmp (before->name_raw, after->name_raw, 16) == 0);
    }
  /* Levels before the edited one keep their offsets; later ones move by the size change. */
  {
    TsrWolf3dSet *original = load_shareware ();
    gssize delta = 0;

    for (guint i = 0; i < 10; i++)
      {
        const TsrWolf3dLevel *a = tsr_wolf3d_maps_get_level (original->maps, i);
        const TsrWolf3dLevel *b = tsr_wolf3d_maps_get_level (reloaded->maps, i);

        if (i < 3)
          ck_assert_int_eq (original->maps->slots[i], reloaded->maps->slots[i]);
        for (guint p = 0; p < 3; p++)
          {
            if (i == 3 && p < 2)
              {
                ck_assert (!g_bytes_equal (a->chunks[p], b->chunks[p]));
                delta += (gssize) g_bytes_get_size (b->chunks[p]) - (gssize) g_bytes_get_size (a->chunks[p]);
              }
            else
              ck_assert (g_bytes_equal (a->chunks[p], b->chunks[p]));
          }
        if (i > 3)
          ck_assert_int_eq (original->maps->slots[i] + delta, reloaded->maps->slots[i]);
      }
    /* The GAMEMAPS bytes before level 3's data are untouched. */
    gsize start = (gsize) tsr_wolf3d_maps_get_level (original->maps, 3)->plane_offsets[0];
    ck_assert (memcmp (g_bytes_get_data (original->files[TSR_WOLF3D_FILE_GAMEMAPS], NULL),
                       g_bytes_get_data (reloaded->maps->gamemaps_bytes, NULL), start) == 0);
    ck_assert_uint_eq (tsr_wolf3d_maps_get_level (reloaded->maps, 3)->planes[0][10 * 64 + 10], 1);
    ck_assert_uint_eq (tsr_wolf3d_maps_get_level (reloaded->maps, 3)->planes[1][10 * 64 + 11], 52);
    tsr_wolf3d_set_free (original);
  }
  tsr_wolf3d_set_free (reloaded);
  tsr_wolf3d_set_free (set);
}
END_TEST

START_TEST (test_add_remove_reorder_rename)
{
  TsrWolf3dSet *set = load_shareware ();
  TsrWolf3dSet *reloaded;
  TsrWolf3dLevel *level, *removed;
  g_autoptr(GError) error = NULL;

  ck_assert (tsr_wolf3d_maps_rename_level (set->maps, 0, "Start here", &error));
  ck_assert (!tsr_wolf3d_maps_rename_level (set->maps, 0, "A name far too long", &error));
  g_clear_error (&error);
  ck_assert (tsr_wolf3d_maps_move_level (set->maps, 9, 1, &error));
  removed = tsr_wolf3d_maps_remove_level (set->maps, 8);   /* was the boss level */
  ck_assert_str_eq (removed->name, "Wolf1 Map8");
  tsr_wolf3d_level_free (removed);
  level = tsr_wolf3d_level_new ("Tiny", 8, 6);
  for (guint i = 0; i < 8 * 6; i++)
    level->planes[0][i] = (i % 8 == 0 || i % 8 == 7 || i < 8 || i >= 40) ? 1 : 108;
  level->planes[1][2 * 8 + 3] = 19;
  ck_assert (tsr_wolf3d_maps_insert_level (set->maps, 10, level, &error));

  reloaded = reload_maps (set);
  ck_assert_uint_eq (tsr_wolf3d_maps_get_n_levels (reloaded->maps), 10);
  ck_assert_str_eq (tsr_wolf3d_maps_get_level (reloaded->maps, 0)->name, "Start here");
  ck_assert_str_eq (tsr_wolf3d_maps_get_level (reloaded->maps, 1)->name, "Wolf1 Secret");
  ck_assert_str_eq (tsr_wolf3d_maps_get_level (reloaded->maps, 2)->name, "Wolf1 Map2");
  ck_assert_str_eq (tsr_wolf3d_maps_get_level (reloaded->maps, 8)->name, "Wolf1 Boss");
  ck_assert_str_eq (tsr_wolf3d_maps_get_level (reloaded->maps, 9)->name, "Tiny");
  ck_assert_uint_eq (tsr_wolf3d_maps_get_level (reloaded->maps, 9)->width, 8);
  ck_assert_uint_eq (tsr_wolf3d_maps_get_level (reloaded->maps, 9)->planes[1][2 * 8 + 3], 19);
  ck_assert (memcmp (tsr_wolf3d_maps_get_level (reloaded->maps, 1)->planes[0],
                     tsr_wolf3d_maps_get_level (set->maps, 1)->planes[0], 8192) == 0);
  ck_assert_int_eq (reloaded->maps->slots[10], 0);

  /* Validation warns about the non-64x64 level. */
  {
    g_autoptr(GPtrArray) findings = tsr_findings_new ();

    tsr_wolf3d_set_validate (reloaded, findings);
    ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);
    ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_WARNING), 1);
  }
  tsr_wolf3d_set_free (reloaded);
  tsr_wolf3d_set_free (set);
}
END_TEST

/* MAPTEMP (RLEW only): written from the shareware levels and read back. */
START_TEST (test_maptemp)
{
  TsrWolf3dSet *set = load_shareware ();
  g_autoptr(GBytes) maphead = NULL;
  g_autoptr(GBytes) maptemp = NULL;
  g_autoptr(GError) error = NULL;
  GBytes *files[TSR_WOLF3D_N_FILES] = { NULL };
  TsrWolf3dSet *reloaded;

  set->maps->carmack = FALSE;
  for (guint i = 0; i < 10; i++)
    for (guint p = 0; p < 3; p++)
      tsr_wolf3d_maps_mark_plane_changed (set->maps, i, p);
  ck_assert (tsr_wolf3d_maps_save (set->maps, FALSE, &maphead, &maptemp, &error));
  files[TSR_WOLF3D_FILE_MAPHEAD] = maphead;
  files[TSR_WOLF3D_FILE_MAPTEMP] = maptemp;
  reloaded = tsr_wolf3d_set_load_files (files, TSR_WOLF3D_FILE_MAPHEAD, "WL1", &error);
  ck_assert_msg (reloaded != NULL, "%s", error ? error->message : "");
  ck_assert (!reloaded->maps->carmack);
  ck_assert_uint_gt (g_bytes_get_size (maptemp), g_bytes_get_size (set->files[TSR_WOLF3D_FILE_GAMEMAPS]));
  for (guint i = 0; i < 10; i++)
    for (guint p = 0; p < 3; p++)
      ck_assert (memcmp (tsr_wolf3d_maps_get_level (set->maps, i)->planes[p],
                         tsr_wolf3d_maps_get_level (reloaded->maps, i)->planes[p], 8192) == 0);
  tsr_wolf3d_set_free (reloaded);
  tsr_wolf3d_set_free (set);
}
END_TEST

START_TEST (test_carmack_edge_cases)
{
  /* Words whose high byte is a flag must be escaped; far and near copies both used. */
  guint16 words[700];
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  g_autoptr(GError) error = NULL;
  g_autofree guint16 *back = NULL;
  const guint8 *data;
  gsize size = 0;
  TsrReader reader;
  gboolean saw_near = FALSE, saw_far = FALSE;

  for (guint i = 0; i < 700; i++)
    words[i] = (guint16) (i < 350 ? (0xA700 + (i % 7) * 0x100 + i % 13) : words[i - 350 + (i % 2)]);
  words[0] = 0xA7A7;
  words[1] = 0xA8A8;
  tsr_wolf3d_carmack_compress (words, 700, writer);
  data = tsr_writer_peek (writer, &size);
  for (gsize i = 1; i < size; i++)
    {
      saw_near |= data[i] == 0xA7 && data[i - 1] > 1;
      saw_far |= data[i] == 0xA8 && data[i - 1] > 1;
    }
  ck_assert (saw_far);
  tsr_reader_init (&reader, data, size, "carmack");
  back = tsr_wolf3d_carmack_expand (&reader, 700, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert (memcmp (back, words, sizeof words) == 0);
  ck_assert (tsr_reader_at_end (&reader));
  (void) saw_near;

  /* A near copy reaching before the start, a far copy ahead of the output, a copy too long. */
  static const guint8 bad_near[] = { 0x34, 0x12, 0x02, 0xA7, 0x05 };
  static const guint8 bad_far[] = { 0x34, 0x12, 0x01, 0xA8, 0x01, 0x00 };
  static const guint8 too_long[] = { 0x34, 0x12, 0x09, 0xA7, 0x01 };
  static const guint8 overlap[] = { 0x34, 0x12, 0x03, 0xA7, 0x01 };
  const guint8 *cases[] = { bad_near, bad_far, too_long };
  gsize sizes[] = { sizeof bad_near, sizeof bad_far, sizeof too_long };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GError) case_error = NULL;
      g_autofree guint16 *out = NULL;

      tsr_reader_init (&reader, cases[c], sizes[c], "bad");
      out = tsr_wolf3d_carmack_expand (&reader, 4, &case_error);
      ck_assert_ptr_null (out);
      ck_assert (g_error_matches (case_error, TSR_ERROR, TSR_ERROR_INVALID));
      ck_assert_ptr_nonnull (strstr (case_error->message, "offset"));
    }
  /* An overlapping near copy repeats, as the original engine's word-by-word copy does. */
  {
    g_autofree guint16 *out = NULL;

    tsr_reader_init (&reader, overlap, sizeof overlap, "overlap");
    out = tsr_wolf3d_carmack_expand (&reader, 4, &error);
    ck_assert (out != NULL && out[0] == 0x1234 && out[3] == 0x1234);
  }
}
END_TEST

START_TEST (test_rlew_edge_cases)
{
  guint16 words[] = { 0xABCD, 5, 5, 5, 5, 7, 7, 7, 0xABCD, 0xABCD, 9 };
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  g_autoptr(GError) error = NULL;
  g_autofree guint16 *back = NULL;
  const guint8 *data;
  gsize size = 0;
  TsrReader reader;

  tsr_wolf3d_rlew_compress (words, G_N_ELEMENTS (words), 0xABCD, writer);
  data = tsr_writer_peek (writer, &size);
  /* tag(1) + run of four 5s + three literal 7s + tag run of 2 + literal 9 */
  ck_assert_uint_eq (size, 2 * (3 + 3 + 3 + 3 + 1));
  tsr_reader_init (&reader, data, size, "rlew");
  back = tsr_wolf3d_rlew_expand (&reader, 0xABCD, G_N_ELEMENTS (words), &error);
  ck_assert (back != NULL && memcmp (back, words, sizeof words) == 0);

  static const guint8 overrun[] = { 0xCD, 0xAB, 0x10, 0x00, 0x01, 0x00 };
  g_autofree guint16 *out = NULL;
  tsr_reader_init (&reader, overrun, sizeof overrun, "overrun");
  out = tsr_wolf3d_rlew_expand (&reader, 0xABCD, 4, &error);
  ck_assert_ptr_null (out);
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_INVALID));
}
END_TEST

/* GAMEMAPS and MAPHEAD cut at every length fail with a clean error. */
START_TEST (test_truncated_maps)
{
  TsrWolf3dSet *set = load_shareware ();
  GBytes *maphead = set->files[TSR_WOLF3D_FILE_MAPHEAD];
  GBytes *gamemaps = set->files[TSR_WOLF3D_FILE_GAMEMAPS];
  gsize size = g_bytes_get_size (gamemaps);
  guint failures = 0;

  for (gsize length = 0; length < size; length++)
    {
      g_autoptr(GBytes) cut = g_bytes_new_from_bytes (gamemaps, 0, length);
      g_autoptr(GError) error = NULL;
      TsrWolf3dMaps *maps = tsr_wolf3d_maps_load (maphead, cut, TRUE, &error);

      /* The last level's trailer ("!ID!") is not needed to read the levels. */
      if (length >= size - 4)
        {
          ck_assert_msg (maps != NULL, "length %" G_GSIZE_FORMAT, length);
          tsr_wolf3d_maps_free (maps);
          continue;
        }
      ck_assert_msg (maps == NULL, "GAMEMAPS cut to %" G_GSIZE_FORMAT " bytes loaded", length);
      ck_assert (error != NULL && error->domain == TSR_ERROR);
      ck_assert_ptr_nonnull (strstr (error->message, "offset"));
      failures++;
    }
  for (gsize length = 0; length < g_bytes_get_size (maphead); length++)
    {
      g_autoptr(GBytes) cut = g_bytes_new_from_bytes (maphead, 0, length);
      g_autoptr(GError) error = NULL;

      ck_assert_ptr_null (tsr_wolf3d_maps_load (cut, gamemaps, TRUE, &error));
      ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_TRUNCATED));
      failures++;
    }
  g_print ("truncated: %u cuts of GAMEMAPS.WL1 and MAPHEAD.WL1 failed cleanly\n", failures);
  tsr_wolf3d_set_free (set);
}
END_TEST

/* Graphics and VSWAP cut short (a dense sample of lengths) fail cleanly or decode what is there. */
START_TEST (test_truncated_graphics_and_vswap)
{
  TsrWolf3dSet *set = load_shareware ();
  GBytes *head = set->files[TSR_WOLF3D_FILE_VGAHEAD];
  GBytes *dict = set->files[TSR_WOLF3D_FILE_VGADICT];
  GBytes *graph = set->files[TSR_WOLF3D_FILE_VGAGRAPH];
  GBytes *vswap = set->files[TSR_WOLF3D_FILE_VSWAP];
  guint checked = 0;

  for (gsize length = 0; length < g_bytes_get_size (head); length++)
    {
      g_autoptr(GBytes) cut = g_bytes_new_from_bytes (head, 0, length);
      g_autoptr(GError) error = NULL;
      TsrWolf3dGraphics *graphics = tsr_wolf3d_graphics_load (cut, dict, graph, &error);

      if (graphics != NULL)
        {
          /* A shorter head is a valid smaller set: every pic still decodes or errors cleanly. */
          for (guint p = 0; p < graphics->n_pics; p++)
            {
              guint w, h;
              g_autoptr(GError) pic_error = NULL;
              g_free (tsr_wolf3d_graphics_decode_pic (graphics, p, &w, &h, &pic_error));
            }
          tsr_wolf3d_graphics_free (graphics);
        }
      else
        ck_assert (error != NULL && error->domain == TSR_ERROR);
      checked++;
    }
  for (gsize length = 0; length < g_bytes_get_size (dict); length++)
    {
      g_autoptr(GBytes) cut = g_bytes_new_from_bytes (dict, 0, length);
      g_autoptr(GError) error = NULL;
      TsrWolf3dGraphics *graphics = tsr_wolf3d_graphics_load (head, cut, graph, &error);

      if (length < 1020)
        ck_assert (graphics == NULL && g_error_matches (error, TSR_ERROR, TSR_ERROR_TRUNCATED));
      tsr_wolf3d_graphics_free (graphics);
      checked++;
    }
  for (gsize length = 0; length < g_bytes_get_size (graph); length += 997)
    {
      g_autoptr(GBytes) cut = g_bytes_new_from_bytes (graph, 0, length);
      g_autoptr(GError) error = NULL;

      ck_assert_ptr_null (tsr_wolf3d_graphics_load (head, dict, cut, &error));
      ck_assert (error != NULL && error->domain == TSR_ERROR);
      checked++;
    }
  for (gsize length = 0; length < g_bytes_get_size (vswap); length += length < 8192 ? 1 : 4099)
    {
      g_autoptr(GBytes) cut = g_bytes_new_from_bytes (vswap, 0, length);
      g_autoptr(GError) error = NULL;
      TsrWolf3dVswap *pages = tsr_wolf3d_vswap_load (cut, &error);

      if (pages != NULL)
        tsr_wolf3d_vswap_free (pages);
      else
        ck_assert (error != NULL && error->domain == TSR_ERROR);
      checked++;
    }
  g_print ("truncated: %u cuts of VGAHEAD/VGADICT/VGAGRAPH/VSWAP handled cleanly\n", checked);
  tsr_wolf3d_set_free (set);
}
END_TEST

START_TEST (test_validation_findings)
{
  TsrWolf3dSet *set = load_shareware ();
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  g_autoptr(GError) error = NULL;

  tsr_wolf3d_set_validate (set, findings);
  ck_assert_uint_eq (findings->len, 0);

  /* Second player start, a door in the open, an unknown tile and an unknown object. */
  TsrWolf3dLevel *level = tsr_wolf3d_maps_get_level (set->maps, 0);
  for (guint i = 0; i < 64 * 64; i++)
    if (tsr_wolf3d_tile_classify (level->planes[0][i]) == TSR_WOLF3D_TILE_AREA
        && level->planes[1][i] == 0)
      {
        ck_assert (tsr_wolf3d_maps_set_tile (set->maps, 0, 1, i % 64, i / 64, 21, &error));
        break;
      }
  ck_assert (tsr_wolf3d_maps_set_tile (set->maps, 1, 0, 0, 0, 75, &error));
  ck_assert (tsr_wolf3d_maps_set_tile (set->maps, 1, 1, 0, 0, 300, &error));
  /* A door where the floor of Map3 is widest: find an area tile with area tiles around it. */
  level = tsr_wolf3d_maps_get_level (set->maps, 2);
  for (guint y = 1; y < 63; y++)
    for (guint x = 1; x < 63; x++)
      if (tsr_wolf3d_tile_classify (level->planes[0][y * 64 + x - 1]) == TSR_WOLF3D_TILE_AREA
          && tsr_wolf3d_tile_classify (level->planes[0][y * 64 + x + 1]) == TSR_WOLF3D_TILE_AREA
          && tsr_wolf3d_tile_classify (level->planes[0][y * 64 + x]) == TSR_WOLF3D_TILE_AREA)
        {
          ck_assert (tsr_wolf3d_maps_set_tile (set->maps, 2, 0, x, y, 91, &error));
          x = y = 64;
        }
  g_ptr_array_set_size (findings, 0);
  tsr_wolf3d_set_validate (set, findings);
  /* A second start is a warning (the last one wins); the engine copes with all four. */
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_WARNING), 4);
  /* Each finding's place: the level, and the cell where there is one. */
  {
    const TsrFinding *starts = tsr_test_find_finding (findings, "player starts");
    const TsrFinding *door = tsr_test_find_finding (findings, "door at");
    const TsrFinding *tile = tsr_test_find_finding (findings, "unknown tile code 75");
    const TsrFinding *object = tsr_test_find_finding (findings, "unknown object code 300");

    ck_assert (starts != NULL && door != NULL && tile != NULL && object != NULL);
    ck_assert_int_eq (starts->place.level, 0);
    ck_assert (tsr_finding_place_is (&starts->place, "level"));
    ck_assert_int_eq (starts->place.unit, TSR_FINDING_POINT_NONE);
    ck_assert_int_eq (door->place.level, 2);
    ck_assert (tsr_finding_place_is (&door->place, "cell"));
    ck_assert_int_eq (door->place.unit, TSR_FINDING_POINT_CELLS);
    ck_assert_uint_eq (level->planes[0][(gsize) door->place.y * 64 + (gsize) door->place.x], 91);
    ck_assert_int_eq (door->place.index, (int) (door->place.y * 64 + door->place.x));
    ck_assert_int_eq (tile->place.level, 1);
    ck_assert (tile->place.x == 0 && tile->place.y == 0);
    ck_assert (tsr_finding_place_is (&object->place, "object"));
    ck_assert_int_eq (object->place.level, 1);
  }
  for (guint i = 0; i < findings->len; i++)
    {
      g_autofree char *text = tsr_finding_to_string (g_ptr_array_index (findings, i));
      g_print ("finding: %s\n", text);
    }
  /* No start at all: WL_GAME.C ScanInfoPlane never calls WL_AGENT.C SpawnPlayer; the player
   * stays at (0,0) in the corner wall, stateless (WL_PLAY.C PlayLoop). */
  level = tsr_wolf3d_maps_get_level (set->maps, 0);
  for (guint i = 0; i < 64 * 64; i++)
    if (level->planes[1][i] >= 19 && level->planes[1][i] <= 22)
      ck_assert (tsr_wolf3d_maps_set_tile (set->maps, 0, 1, i % 64, i / 64, 0, &error));
  g_ptr_array_set_size (findings, 0);
  tsr_wolf3d_set_validate (set, findings);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 1);
  ck_assert_int_eq (tsr_test_find_finding (findings, "no player start; the engine cannot place the player")->severity,
                    TSR_SEVERITY_ERROR);
  tsr_wolf3d_set_free (set);
}
END_TEST

/* The engine's fixed tables (WL_DEF.H MAXACTORS 150, MAXSTATS 400, MAXDOORS 64): one more
 * quits the game while the level loads (WL_PLAY.C GetNewActor "No free spots in objlist",
 * WL_ACT1.C SpawnStatic "Too many static objects", WL_ACT1.C SpawnDoor "64+ doors on level").
 * Each made on Wolf1 Map1 of the shareware. */
START_TEST (test_engine_limits)
{
  static const struct { guint plane; guint16 code; guint count; const char *finding; } cases[] = {
    { 1, 108, 151, "151 actors on hard, the engine holds at most 150" },   /* guard */
    { 1, 23, 401, "static objects, the engine holds at most 400" },        /* puddle */
    { 0, 90, 65, "doors, the engine holds at most 64" },                   /* door */
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      TsrWolf3dSet *set = load_shareware ();
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autoptr(GError) error = NULL;
      const TsrFinding *finding;
      TsrWolf3dLevel *level = tsr_wolf3d_maps_get_level (set->maps, 0);

      /* The codes already there are cleared first, so the count is exact where it matters. */
      for (guint i = 0; i < 64 * 64; i++)
        if (cases[c].plane == 1 && level->planes[1][i] != 0 && (level->planes[1][i] < 19 || level->planes[1][i] > 22))
          ck_assert (tsr_wolf3d_maps_set_tile (set->maps, 0, 1, i % 64, i / 64, 0, &error));
      for (guint i = 0, placed = 0; i < 64 * 64 && placed < cases[c].count; i++)
        if (cases[c].plane == 0 || (level->planes[1][i] < 19 || level->planes[1][i] > 22))
          {
            ck_assert (tsr_wolf3d_maps_set_tile (set->maps, 0, cases[c].plane, i % 64, i / 64, cases[c].code, &error));
            placed++;
          }
      tsr_wolf3d_set_validate (set, findings);
      finding = tsr_test_find_finding (findings, cases[c].finding);
      ck_assert_msg (finding != NULL && finding->severity == TSR_SEVERITY_ERROR, "%s", cases[c].finding);
      tsr_wolf3d_set_free (set);
    }
}
END_TEST

START_TEST (test_tables)
{
  TsrWolf3dObjectInfo info;
  g_autofree char *door = tsr_wolf3d_tile_describe (TSR_WOLF3D_GAME_WOLF3D, 92);
  g_autofree char *area = tsr_wolf3d_tile_describe (TSR_WOLF3D_GAME_WOLF3D, 108);

  ck_assert_str_eq (door, "Door (gold key, vertical)");
  ck_assert_str_eq (area, "Floor, area 1");
  ck_assert_int_eq (tsr_wolf3d_tile_texture (5, 106), 8);
  ck_assert_int_eq (tsr_wolf3d_tile_texture (90, 106), 99);
  ck_assert_int_eq (tsr_wolf3d_tile_texture (91, 106), 98);
  ck_assert (tsr_wolf3d_object_lookup (TSR_WOLF3D_GAME_WOLF3D, 19, &info));
  ck_assert_int_eq (info.kind, TSR_WOLF3D_OBJECT_PLAYER);
  ck_assert_int_eq (info.direction, 1);
  ck_assert (tsr_wolf3d_object_lookup (TSR_WOLF3D_GAME_WOLF3D, 185, &info));
  ck_assert_str_eq (info.name, "Guard");
  ck_assert_int_eq (info.difficulty, 3);
  ck_assert (info.patrol);
  ck_assert_int_eq (info.direction, 1);
  ck_assert (tsr_wolf3d_object_lookup (TSR_WOLF3D_GAME_WOLF3D, 43, &info));
  ck_assert_int_eq (info.kind, TSR_WOLF3D_OBJECT_KEY);
  ck_assert (tsr_wolf3d_object_lookup (TSR_WOLF3D_GAME_SPEAR, 74, &info));
  ck_assert_str_eq (info.name, "Spear of Destiny");
  ck_assert (!tsr_wolf3d_object_lookup (TSR_WOLF3D_GAME_WOLF3D, 74, &info));

  {
    g_autoptr(GArray) wolf = tsr_wolf3d_known_objects (TSR_WOLF3D_GAME_WOLF3D);
    g_autoptr(GArray) spear = tsr_wolf3d_known_objects (TSR_WOLF3D_GAME_SPEAR);
    g_autoptr(GArray) tiles = tsr_wolf3d_known_tiles ();

    /* 4 starts, 48 statics, 8 turns, pushwall, exit, 5 soldier kinds x 24, 12 singles */
    ck_assert_uint_eq (wolf->len, 4 + 48 + 8 + 2 + 120 + 12);
    /* 52 statics, the same soldiers, 7 singles of its own */
    ck_assert_uint_eq (spear->len, 4 + 52 + 8 + 2 + 120 + 7);
    ck_assert_uint_eq (tiles->len, 63 + 12 + 1 + 37);
  }

  /* The palettes: entry 255 (38,0,34) scaled, and Spear differs only at 166 and 167. */
  ck_assert_uint_eq (tsr_wolf3d_palette_get (TSR_WOLF3D_GAME_WOLF3D)[255], 0x990089FF);
  for (guint i = 0; i < 256; i++)
    ck_assert ((tsr_wolf3d_palette_get (TSR_WOLF3D_GAME_WOLF3D)[i]
                == tsr_wolf3d_palette_get (TSR_WOLF3D_GAME_SPEAR)[i]) == (i != 166 && i != 167));
}
END_TEST

/* One picture at a time: the list holds what extract writes, every kind decodes, the fonts parse
 * and every truncation of a real font chunk fails cleanly; sprites name the objects they draw. */
START_TEST (test_assets)
{
  TsrWolf3dSet *set = load_shareware ();
  g_autoptr(GArray) assets = tsr_wolf3d_set_list_assets (set);
  g_autoptr(GError) error = NULL;
  guint counts[TSR_WOLF3D_N_ASSET_KINDS] = { 0 };
  g_autoptr(GBytes) chunk = NULL;
  g_autoptr(TsrWolf3dFont) font = NULL;
  guint printable = 0;
  gsize size = 0;
  const guint8 *data;

  for (guint i = 0; i < assets->len; i++)
    counts[g_array_index (assets, TsrWolf3dAsset, i).kind]++;
  ck_assert_uint_eq (counts[TSR_WOLF3D_ASSET_WALL], 64);
  ck_assert_uint_eq (counts[TSR_WOLF3D_ASSET_SPRITE], 226);
  ck_assert_uint_eq (counts[TSR_WOLF3D_ASSET_PIC], 144);
  ck_assert_uint_eq (counts[TSR_WOLF3D_ASSET_FONT], 2);
  for (guint i = 0; i < assets->len; i++)
    {
      TsrWolf3dAsset asset = g_array_index (assets, TsrWolf3dAsset, i);
      g_autoptr(TsrImage) image = tsr_wolf3d_set_decode_asset (set, asset, &error);

      ck_assert_msg (image != NULL, "asset %u: %s", i, error != NULL ? error->message : "");
      if (asset.kind <= TSR_WOLF3D_ASSET_SPRITE)
        ck_assert (image->width == 64 && image->height == 64);
    }
  {
    g_autofree char *wall = tsr_wolf3d_asset_file_name ((TsrWolf3dAsset) { TSR_WOLF3D_ASSET_WALL, 5 });
    g_autofree char *fnt = tsr_wolf3d_asset_file_name ((TsrWolf3dAsset) { TSR_WOLF3D_ASSET_FONT, 1 });
    g_autoptr(TsrImage) missing = tsr_wolf3d_set_decode_asset (set, (TsrWolf3dAsset) { TSR_WOLF3D_ASSET_FONT, 2 }, &error);

    ck_assert_str_eq (wall, "wall-005.png");
    ck_assert_str_eq (fnt, "font-1.png");
    ck_assert_ptr_null (missing);
    ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL));
    g_clear_error (&error);
  }

  /* Font 0: the small font, the printable ASCII characters all there. */
  chunk = tsr_wolf3d_graphics_expand_chunk (set->graphics, 1, &error);
  ck_assert_msg (chunk != NULL, "%s", error != NULL ? error->message : "");
  font = tsr_wolf3d_font_load (chunk, 0, "font 0", &error);
  ck_assert_msg (font != NULL, "%s", error != NULL ? error->message : "");
  for (guint c = 'A'; c <= 'Z'; c++)
    printable += font->width[c] > 0;
  ck_assert_uint_eq (printable, 26);
  ck_assert_uint_gt (font->height, 4);
  ck_assert_uint_lt (font->height, 20);
  g_print ("font 0: %u rows, 'A' %u wide\n", font->height, font->width['A']);
  data = g_bytes_get_data (chunk, &size);
  for (gsize cut = 0; cut < size; cut += cut < 800 ? 1 : 37)
    {
      g_autoptr(GBytes) part = g_bytes_new (data, cut);
      g_autoptr(TsrWolf3dFont) broken = tsr_wolf3d_font_load (part, 0, "font 0", &error);

      ck_assert_msg (broken == NULL, "a font cut at %" G_GSIZE_FORMAT " bytes loaded", cut);
      ck_assert_ptr_nonnull (error);
      g_clear_error (&error);
    }

  /* The standing guard's eight views, a static object, and an animation frame no object uses. */
  {
    g_autofree char *guard = tsr_wolf3d_sprite_describe (TSR_WOLF3D_GAME_WOLF3D, 50);
    g_autofree char *guard3 = tsr_wolf3d_sprite_describe (TSR_WOLF3D_GAME_WOLF3D, 53);
    g_autofree char *dead = tsr_wolf3d_sprite_describe (TSR_WOLF3D_GAME_WOLF3D, 95);
    g_autofree char *frame = tsr_wolf3d_sprite_describe (TSR_WOLF3D_GAME_WOLF3D, 60);

    ck_assert_str_eq (guard, "Guard (view 0)");
    ck_assert_str_eq (guard3, "Guard (view 3)");
    ck_assert_str_eq (dead, "Dead guard");
    ck_assert_ptr_null (frame);
  }
  tsr_wolf3d_set_free (set);
}
END_TEST

START_TEST (test_images)
{
  TsrWolf3dSet *set = load_shareware ();
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  guint8 wall[64 * 64];
  guint16 sprite[64 * 64];
  guint walls = 0, sprites = 0, opaque = 0;
  TsrImage *image;

  ck_assert (tsr_wolf3d_set_extract (set, folder, written, &error));
  for (guint i = 0; i < set->vswap->sprite_start; i++)
    walls += set->vswap->pages[i].offset != 0;
  for (guint i = set->vswap->sprite_start; i < set->vswap->sound_start; i++)
    sprites += set->vswap->pages[i].offset != 0;
  ck_assert_uint_eq (written->len, walls + sprites + set->graphics->n_pics + 2); /* and the two fonts */
  ck_assert_uint_eq (set->graphics->n_pics, 144);
  g_print ("extracted %u walls, %u sprites, %u pics\n", walls, sprites, set->graphics->n_pics);

  /* The cell wall (page 8) is opaque; the standing guard (sprite 50) has transparent corners. */
  ck_assert (tsr_wolf3d_vswap_decode_wall (set->vswap, 8, wall, &error));
  ck_assert (tsr_wolf3d_vswap_decode_sprite (set->vswap, 50, sprite, &error));
  ck_assert_uint_eq (sprite[0], TSR_WOLF3D_TRANSPARENT);
  for (guint i = 0; i < 64 * 64; i++)
    opaque += sprite[i] != TSR_WOLF3D_TRANSPARENT;
  ck_assert_uint_gt (opaque, 600);
  ck_assert_uint_lt (opaque, 3000);

  /* The title screen is a full 320x200 pic. */
  ck_assert_uint_eq (set->graphics->pic_sizes[96].width, 320);
  ck_assert_uint_eq (set->graphics->pic_sizes[96].height, 200);

  image = tsr_wolf3d_set_render_level (set, 0, 8, &error);
  ck_assert_msg (image != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (image->width, 512);
  {
    g_autofree char *png = g_build_filename (g_getenv ("MESON_BUILD_ROOT") ? g_getenv ("MESON_BUILD_ROOT") : folder,
                                             "wolf3d-level0.png", NULL);
    ck_assert (tsr_image_save_png (image, png, &error));
  }
  tsr_image_free (image);
  ck_assert_ptr_null (tsr_wolf3d_set_render_level (set, 10, 8, &error));
  tsr_wolf3d_set_free (set);
}
END_TEST

START_TEST (test_sniff)
{
  g_autofree char *folder = g_build_filename (data_root, "wl1_v14_shareware", NULL);
  static const char *const names[] = {
    "MAPHEAD", "GAMEMAPS", "VSWAP", "VGAHEAD", "VGADICT", "VGAGRAPH", "AUDIOHED", "AUDIOT",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s.WL1", names[i]);
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      TsrWolf3dFileKind kind;
      gsize size;
      const guint8 *data = g_bytes_get_data (bytes, &size);

      ck_assert_uint_ge (tsr_wolf3d_sniff_kind (data, size, path, &kind), TSR_SNIFF_MAYBE);
      ck_assert_str_eq (tsr_wolf3d_file_kind_name (kind), names[i]);
      /* Under another name the content still says what it is (except the headerless two). */
      if (i != 5 && i != 7)
        {
          ck_assert_uint_ge (tsr_wolf3d_sniff_kind (data, size, "/tmp/renamed.bin", &kind), TSR_SNIFF_MAYBE);
          ck_assert_str_eq (tsr_wolf3d_file_kind_name (kind), names[i]);
        }
    }
  {
    static const guint8 text[] = "hello, this is not a game data file at all......";
    TsrWolf3dFileKind kind;

    ck_assert_uint_eq (tsr_wolf3d_sniff_kind (text, sizeof text, NULL, &kind), TSR_SNIFF_NO);
  }
}
END_TEST

/* The sample level shipped in data/samples/wolf3d, built through the editing API. */
static TsrWolf3dMaps *
build_sample_maps (void)
{
  TsrWolf3dMaps *maps = tsr_wolf3d_maps_new (0xABCD, TRUE);
  TsrWolf3dLevel *level = tsr_wolf3d_level_new ("Tessera sample", 64, 64);
  g_autoptr(GError) error = NULL;
  guint16 *walls = level->planes[0], *objects = level->planes[1];

#define AT(x, y) ((y) * 64 + (x))
  for (guint i = 0; i < 64 * 64; i++)
    walls[i] = 1;                                   /* grey stone */
  for (guint y = 10; y <= 20; y++)
    for (guint x = 10; x <= 20; x++)
      walls[AT (x, y)] = 108;                       /* room A: area 1 */
  for (guint y = 12; y <= 18; y++)
    for (guint x = 24; x <= 40; x++)
      walls[AT (x, y)] = 109;                       /* room B: area 2 */
  for (guint y = 13; y <= 17; y++)
    for (guint x = 42; x <= 46; x++)
      walls[AT (x, y)] = 110;                       /* secret room: area 3 */
  for (guint x = 24; x <= 40; x++)
    walls[AT (x, 11)] = walls[AT (x, 19)] = 12;    /* wood panelling around room B */
  walls[AT (21, 15)] = 108;
  walls[AT (22, 15)] = 90;                          /* door, entered from east or west */
  walls[AT (23, 15)] = 109;
  walls[AT (32, 11)] = 21;                          /* elevator switch */
  walls[AT (41, 15)] = 8;                           /* the pushwall's own face: blue stone */

  objects[AT (15, 15)] = 20;                        /* player, facing east */
  objects[AT (30, 15)] = 110;                       /* guard standing, facing west */
  objects[AT (36, 17)] = 146;                       /* guard from medium, facing west */
  objects[AT (36, 13)] = 52;                        /* cross */
  objects[AT (38, 17)] = 43;                        /* gold key */
  objects[AT (12, 12)] = 26;                        /* floor lamp */
  objects[AT (18, 18)] = 24;                        /* green barrel */
  objects[AT (41, 15)] = 98;                        /* pushwall */
  objects[AT (44, 15)] = 55;                        /* crown in the secret room */
#undef AT
  ck_assert (tsr_wolf3d_maps_insert_level (maps, 0, level, &error));
  return maps;
}

START_TEST (test_sample_level)
{
  TsrWolf3dMaps *maps = build_sample_maps ();
  g_autoptr(GBytes) maphead = NULL;
  g_autoptr(GBytes) gamemaps = NULL;
  g_autoptr(GError) error = NULL;
  const char *source_root = g_getenv ("TSR_SOURCE_ROOT");
  const char *write_to = g_getenv ("TSR_WOLF3D_WRITE_SAMPLE");
  g_autofree char *folder = g_build_filename (source_root != NULL ? source_root : ".", "data",
                                              "samples", "wolf3d", NULL);
  g_autofree char *maphead_path = g_build_filename (write_to != NULL ? write_to : folder, "MAPHEAD.WL1", NULL);
  g_autofree char *gamemaps_path = g_build_filename (write_to != NULL ? write_to : folder, "GAMEMAPS.WL1", NULL);
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  TsrWolf3dSet *set;

  ck_assert (tsr_wolf3d_maps_save (maps, FALSE, &maphead, &gamemaps, &error));
  tsr_wolf3d_maps_free (maps);
  if (write_to != NULL)
    {
      ck_assert (tsr_file_write_atomic (maphead_path, maphead, FALSE, &error));
      ck_assert (tsr_file_write_atomic (gamemaps_path, gamemaps, FALSE, &error));
    }

  /* The committed sample is exactly what the codec writes, and it opens as a clean set. */
  set = tsr_wolf3d_set_load (maphead_path, NULL, &error);
  ck_assert_msg (set != NULL, "%s", error ? error->message : "");
  ck_assert (g_bytes_equal (set->files[TSR_WOLF3D_FILE_MAPHEAD], maphead));
  ck_assert (g_bytes_equal (set->files[TSR_WOLF3D_FILE_GAMEMAPS], gamemaps));
  ck_assert_ptr_null (set->vswap);
  tsr_wolf3d_set_validate (set, findings);
  ck_assert_uint_eq (findings->len, 0);
  {
    /* Without a VSWAP it draws flat colours per tile class. */
    TsrImage *image = tsr_wolf3d_set_render_level (set, 0, 4, &error);

    ck_assert (image != NULL && image->width == 256);
    tsr_image_free (image);
  }
  tsr_wolf3d_set_free (set);
}
END_TEST

/* A copy with lower-case names and a stray set of another extension: siblings are matched by
 * extension, case-insensitively, and saving writes back under the names found. */
START_TEST (test_lower_case_copy)
{
  g_autofree char *source = g_build_filename (data_root, "wl1_v14_shareware", NULL);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autoptr(GPtrArray) files = tsr_test_data_list (source, set_suffixes);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  g_autofree char *vswap = NULL;
  g_autofree char *stray = g_build_filename (folder, "MAPHEAD.WL6", NULL);
  TsrWolf3dSet *set;

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (files, i));
      g_autofree char *lower = g_ascii_strdown (base, -1);
      g_autofree char *target = g_build_filename (folder, lower, NULL);
      g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (files, i));

      ck_assert (tsr_file_write_atomic (target, bytes, FALSE, &error));
    }
  ck_assert (g_file_set_contents (stray, "not a maphead", -1, NULL));
  vswap = g_build_filename (folder, "vswap.wl1", NULL);
  set = tsr_wolf3d_set_load (vswap, NULL, &error);
  ck_assert_msg (set != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (set->extension, "wl1");
  ck_assert_str_eq (set->names[TSR_WOLF3D_FILE_MAPHEAD], "maphead.wl1");
  ck_assert_uint_eq (tsr_wolf3d_maps_get_n_levels (set->maps), 10);
  outputs = tsr_wolf3d_set_save (set, vswap, &error);
  ck_assert_uint_eq (outputs->len, 8);
  ck_assert_str_eq (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->path, vswap);
  for (guint i = 0; i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      g_autoptr(GBytes) original = tsr_test_read_file (output->path);

      ck_assert (g_bytes_equal (original, output->bytes));
    }
  tsr_wolf3d_set_free (set);
}
END_TEST

/* A corrupt MAPHEAD says what is wrong with it: not "not a file Tessera knows" (cut short, it was
 * no longer recognised), nor a GAMEMAPS error (a wrong tag or offset). */
START_TEST (test_corrupt_maphead_says_why)
{
  g_autofree char *source = g_build_filename (data_root, "wl1_v14_shareware", NULL);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autoptr(GPtrArray) files = tsr_test_data_list (source, set_suffixes);
  g_autofree char *maphead = g_build_filename (folder, "MAPHEAD.WL1", NULL);
  g_autofree char *original_path = g_build_filename (source, "MAPHEAD.WL1", NULL);
  g_autoptr(GBytes) original = tsr_test_read_file (original_path);
  static const char *const expected[] = {
    "MAPHEAD: 100 bytes, 402 expected",
    "MAPHEAD: RLEW tag 0x3412",
    "MAPHEAD: level 0 starts at offset 371661, past the end of GAMEMAPS",
  };

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (files, i));
      g_autofree char *target = g_build_filename (folder, base, NULL);
      g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (files, i));

      ck_assert (tsr_file_write_atomic (target, bytes, FALSE, NULL));
    }
  for (guint variant = 0; variant < G_N_ELEMENTS (expected); variant++)
    {
      g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (original, NULL), g_bytes_get_size (original));
      gsize size = variant == 0 ? 100 : g_bytes_get_size (original);
      g_autoptr(GError) error = NULL;
      const TsrFormat *format = NULL;

      if (variant == 1)
        memcpy (copy, "\x12\x34", 2);
      if (variant == 2)
        memcpy (copy + 2, "\xcd\xab\x05\x00", 4);
      ck_assert (g_file_set_contents (maphead, (const char *) copy, size, NULL));
      ck_assert_ptr_null (tsr_format_load_file (tsr_format_registry_get_default (), maphead, &format, &error));
      ck_assert_msg (g_str_has_prefix (error->message, expected[variant]), "variant %u: %s", variant,
                     error->message);
    }
}
END_TEST

/* VGAHEAD entries FF FF FF mark absent chunks: skipped when measuring the chunk before. */
START_TEST (test_vgahead_absent_chunks)
{
  TsrWolf3dSet *set = load_shareware ();
  gsize size = 0;
  const guint8 *head = g_bytes_get_data (set->files[TSR_WOLF3D_FILE_VGAHEAD], &size);
  g_autofree guint8 *edited = g_memdup2 (head, size);
  g_autoptr(GBytes) edited_bytes = NULL;
  g_autoptr(GError) error = NULL;
  TsrWolf3dGraphics *graphics;
  guint w, h;
  g_autofree guint8 *pic = NULL;

  /* Chunk 5 (pic 2) becomes absent; pic 1 (chunk 4) then runs up to chunk 6. */
  memset (edited + 3 * 5, 0xFF, 3);
  edited_bytes = g_bytes_new (edited, size);
  graphics = tsr_wolf3d_graphics_load (edited_bytes, set->files[TSR_WOLF3D_FILE_VGADICT],
                                       set->files[TSR_WOLF3D_FILE_VGAGRAPH], &error);
  ck_assert_msg (graphics != NULL, "%s", error ? error->message : "");
  ck_assert_int_eq (graphics->offsets[5], -1);
  pic = tsr_wolf3d_graphics_decode_pic (graphics, 1, &w, &h, &error);
  ck_assert_msg (pic != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (tsr_wolf3d_graphics_decode_pic (graphics, 2, &w, &h, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE));
  tsr_wolf3d_graphics_free (graphics);
  tsr_wolf3d_set_free (set);
}
END_TEST

/* The CLI verbs on the set, as a user runs them. */
START_TEST (test_cli)
{
  const char *cli = g_getenv ("TSR_CLI");
  g_autofree char *maphead = g_build_filename (data_root, "wl1_v14_shareware", "MAPHEAD.WL1", NULL);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *png = g_build_filename (folder, "level.png", NULL);
  g_autofree char *pics = g_build_filename (folder, "images", NULL);
  const char *const commands[][8] = {
    { cli, "roundtrip", maphead, NULL },
    { cli, "validate", maphead, NULL },
    { cli, "info", maphead, NULL },
    { cli, "render", maphead, "--level", "9", "-o", png },
    { cli, "extract", maphead, "-o", pics, NULL },
  };

  if (cli == NULL)
    return;
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status = -1;
      g_autoptr(GError) error = NULL;

      ck_assert (g_spawn_sync (NULL, (char **) commands[c], NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
      ck_assert_msg (g_spawn_check_wait_status (status, NULL), "%s %s: %s", commands[c][1], out, err);
      if (c == 0)
        {
          g_auto(GStrv) parts = g_strsplit (out, "identical", -1);

          ck_assert_uint_eq (g_strv_length (parts) - 1, 8);
        }
      if (c == 2)
        ck_assert_ptr_nonnull (strstr (out, "Wolf1 Secret"));
    }
  ck_assert (g_file_test (png, G_FILE_TEST_EXISTS));
}
END_TEST

/* ---- Set saves that a killed process interrupts (issue 41) ---- */

/* Copies the shareware set into a new folder; returns the folder. */
static char *
copy_shareware (void)
{
  g_autofree char *source = g_build_filename (data_root, "wl1_v14_shareware", NULL);
  g_autoptr(GPtrArray) files = tsr_test_data_list (source, set_suffixes);
  char *folder = tsr_test_make_temp_dir ();

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (files, i));
      g_autofree char *target = g_build_filename (folder, base, NULL);
      g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (files, i));

      ck_assert (tsr_file_write_atomic (target, bytes, FALSE, NULL));
    }
  return folder;
}

/* The outputs of a save of the set at PATH with one tile of level 3 changed: GAMEMAPS and MAPHEAD
 * both change (level 3's planes grow, so later offsets move). */
static GPtrArray *
edited_set_outputs (const char *path)
{
  g_autoptr(GError) error = NULL;
  TsrWolf3dSet *set = tsr_wolf3d_set_load (path, NULL, &error);
  GPtrArray *outputs;

  ck_assert_msg (set != NULL, "%s", error ? error->message : "");
  ck_assert (tsr_wolf3d_maps_set_tile (set->maps, 3, 0, 10, 10, 1, &error));
  ck_assert (tsr_wolf3d_maps_set_tile (set->maps, 3, 1, 11, 10, 52, &error));
  outputs = tsr_wolf3d_set_save (set, path, &error);
  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  tsr_wolf3d_set_free (set);
  return outputs;
}

/* Every output's bytes as now on disk: the set's state before a save. */
static GPtrArray *
outputs_on_disk (GPtrArray *outputs)
{
  GPtrArray *on_disk = tsr_output_files_new ();

  for (guint i = 0; i < outputs->len; i++)
    {
      const char *path = ((const TsrOutputFile *) g_ptr_array_index (outputs, i))->path;
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);

      g_ptr_array_add (on_disk, tsr_output_file_new (path, bytes));
    }
  return on_disk;
}

/* TRUE when every file of OUTPUTS holds its bytes there. */
static gboolean
disk_holds (GPtrArray *outputs)
{
  for (guint i = 0; i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      g_autoptr(GBytes) bytes = NULL;
      g_autofree char *contents = NULL;
      gsize size = 0;

      if (!g_file_get_contents (output->path, &contents, &size, NULL))
        return FALSE;
      bytes = g_bytes_new (contents, size);
      if (!g_bytes_equal (bytes, output->bytes))
        return FALSE;
    }
  return TRUE;
}

/* The names in FOLDER that a save leaves only while it runs: temporaries, kept originals and
 * journals, all "*.tsr-*". */
static guint
count_save_leftovers (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint count = 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    if (strstr (name, ".tsr-") != NULL)
      count++;
  return count;
}

/* The set at PATH opens, and saves back byte-identical to what is on disk. */
static void
assert_set_opens_and_round_trips (const char *path)
{
  g_autoptr(GError) error = NULL;
  TsrWolf3dSet *set = tsr_wolf3d_set_load (path, NULL, &error);
  g_autoptr(GPtrArray) outputs = NULL;

  ck_assert_msg (set != NULL, "%s", error ? error->message : "");
  outputs = tsr_wolf3d_set_save (set, path, &error);
  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  ck_assert (disk_holds (outputs));
  tsr_wolf3d_set_free (set);
}

/* A save stopped between its two renames (as a kill would) leaves a set that does not open; the
 * next open finds the journal and completes the save, or undoes it when a new file was lost. */
START_TEST (test_set_save_interrupted_between_renames)
{
  g_autofree char *folder = copy_shareware ();
  g_autofree char *maphead = g_build_filename (folder, "MAPHEAD.WL1", NULL);
  g_autoptr(GPtrArray) outputs = edited_set_outputs (maphead);
  g_autoptr(GPtrArray) before = outputs_on_disk (outputs);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) messages = NULL;
  TsrWolf3dSet *set;

  /* Forward: every new file is there (one renamed, the other still its temporary). */
  tsr_file_inject_stop_after_rename (0);
  ck_assert (!tsr_files_write_atomic (outputs, FALSE, &error));
  g_clear_error (&error);
  ck_assert_uint_gt (count_save_leftovers (folder), 0);
  set = tsr_wolf3d_set_load (maphead, NULL, &error);
  ck_assert_msg (set == NULL, "a half-saved set opened");
  ck_assert_msg (error != NULL, "no error");
  g_clear_error (&error);
  messages = tsr_file_recover_interrupted_saves (maphead);
  ck_assert_uint_eq (g_strv_length (messages), 1);
  ck_assert_msg (strstr (messages[0], "completed") != NULL, "%s", messages[0]);
  ck_assert_uint_eq (count_save_leftovers (folder), 0);
  ck_assert (disk_holds (outputs));
  assert_set_opens_and_round_trips (maphead);
  g_clear_pointer (&messages, g_strfreev);

  /* Back: the stopped save's second temporary is lost, so the first rename is undone. */
  tsr_file_inject_stop_after_rename (0);
  ck_assert (!tsr_files_write_atomic (before, TRUE, &error));
  g_clear_error (&error);
  {
    g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
    const TsrOutputFile *second = g_ptr_array_index (before, 1);
    g_autofree char *second_name = g_path_get_basename (second->path);
    g_autofree char *prefix = g_strconcat (second_name, ".tsr-", NULL);
    const char *name;
    guint lost = 0;

    while ((name = g_dir_read_name (dir)) != NULL)
      if (g_str_has_prefix (name, prefix) && !g_str_has_prefix (name + strlen (prefix), "old-")
          && !g_str_has_suffix (name, "journal"))
        {
          g_autofree char *temporary = g_build_filename (folder, name, NULL);

          ck_assert_int_eq (g_unlink (temporary), 0);
          lost++;
        }
    ck_assert_uint_eq (lost, 1);
  }
  messages = tsr_file_recover_interrupted_saves (maphead);
  ck_assert_uint_eq (g_strv_length (messages), 1);
  ck_assert_msg (strstr (messages[0], "undone") != NULL, "%s", messages[0]);
  ck_assert_uint_eq (count_save_leftovers (folder), 0);
  ck_assert (disk_holds (outputs));
  assert_set_opens_and_round_trips (maphead);
  g_clear_pointer (&messages, g_strfreev);

  /* Opening a file of the set in the editor recovers it first, and the document says so. */
  tsr_file_inject_stop_after_rename (0);
  ck_assert (!tsr_files_write_atomic (before, FALSE, &error));
  g_clear_error (&error);
  {
    g_autofree char *gamemaps = g_build_filename (folder, "GAMEMAPS.WL1", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (gamemaps);
    g_autoptr(TsrDocument) document = tsr_document_new_from_file (file, &error);
    const char *const *notes;

    ck_assert_msg (document != NULL, "%s", error ? error->message : "");
    notes = tsr_document_get_load_notes (document);
    ck_assert_ptr_nonnull (notes);
    ck_assert_msg (notes[0] != NULL && strstr (notes[0], "completed") != NULL, "%s", notes[0]);
    ck_assert (disk_holds (before));
    ck_assert_uint_eq (count_save_leftovers (folder), 0);
  }

  /* And so does the CLI, on stderr, before it goes on with the command. */
  tsr_file_inject_stop_after_rename (0);
  ck_assert (!tsr_files_write_atomic (outputs, FALSE, &error));
  g_clear_error (&error);
  if (g_getenv ("TSR_CLI") != NULL)
    {
      const char *argv[] = { g_getenv ("TSR_CLI"), "roundtrip", maphead, NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status = -1;

      ck_assert (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
      ck_assert_msg (g_spawn_check_wait_status (status, NULL), "%s %s", out, err);
      ck_assert_msg (strstr (err, "an interrupted save of a set of files was completed") != NULL, "%s", err);
      ck_assert (disk_holds (outputs));
      ck_assert_uint_eq (count_save_leftovers (folder), 0);
    }

  /* Nothing pending: nothing to say. */
  messages = tsr_file_recover_interrupted_saves (maphead);
  ck_assert_uint_eq (g_strv_length (messages), 0);
}
END_TEST

/* Temporaries a save left before its journal was written (a kill while writing them) go on the
 * next open of any file of the set, and on the next save of their file. */
START_TEST (test_set_save_leftovers_removed)
{
  g_autofree char *folder = copy_shareware ();
  g_autofree char *maphead = g_build_filename (folder, "MAPHEAD.WL1", NULL);
  g_autofree char *vswap = g_build_filename (folder, "VSWAP.WL1", NULL);
  g_autofree char *stray_temporary = g_build_filename (folder, "GAMEMAPS.WL1.tsr-Ab12Cd", NULL);
  g_autofree char *stray_kept = g_build_filename (folder, "MAPHEAD.WL1.tsr-old-x9Y8z7", NULL);
  g_autofree char *not_ours = g_build_filename (folder, "notes.txt.tsr-Ab12Cd", NULL);
  g_autoptr(GPtrArray) outputs = edited_set_outputs (maphead);
  g_auto(GStrv) messages = NULL;
  g_autoptr(GError) error = NULL;

  ck_assert (g_file_set_contents (stray_temporary, "half", -1, NULL));
  ck_assert (g_file_set_contents (stray_kept, "old", -1, NULL));
  ck_assert (g_file_set_contents (not_ours, "other", -1, NULL));
  messages = tsr_file_recover_interrupted_saves (vswap);
  ck_assert_uint_eq (g_strv_length (messages), 1);
  ck_assert_msg (strstr (messages[0], "(2)") != NULL, "%s", messages[0]);
  ck_assert (!g_file_test (stray_temporary, G_FILE_TEST_EXISTS));
  ck_assert (!g_file_test (stray_kept, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (not_ours, G_FILE_TEST_EXISTS));
  ck_assert_int_eq (g_unlink (not_ours), 0);

  ck_assert (g_file_set_contents (stray_temporary, "half", -1, NULL));
  ck_assert_msg (tsr_files_write_atomic (outputs, FALSE, &error), "%s", error ? error->message : "");
  ck_assert_uint_eq (count_save_leftovers (folder), 0);
  assert_set_opens_and_round_trips (maphead);
}
END_TEST

/* A real kill at a random moment of a set save, 20 times: after the next open's recovery the set
 * is all old or all new, opens, round-trips, and no temporary is left. */
START_TEST (test_set_save_killed_at_random)
{
  g_autofree char *folder = copy_shareware ();
  g_autofree char *maphead = g_build_filename (folder, "MAPHEAD.WL1", NULL);
  g_autoptr(GPtrArray) edited = edited_set_outputs (maphead);
  g_autoptr(GPtrArray) original = outputs_on_disk (edited);
  g_autoptr(GRand) rand = g_rand_new_with_seed (41);
  guint forward = 0, back = 0, cleaned = 0, untouched = 0;
  gint64 started;
  gint64 save_time;

  /* One save unkilled, to spread the kills over the time a save takes here. */
  started = g_get_monotonic_time ();
  ck_assert (tsr_files_write_atomic (edited, FALSE, NULL));
  save_time = MAX (g_get_monotonic_time () - started, 200);
  ck_assert (tsr_files_write_atomic (original, FALSE, NULL));

  for (guint round = 0; round < 20; round++)
    {
      GPtrArray *target = edited;
      GPtrArray *other = original;
      g_auto(GStrv) messages = NULL;
      gint64 delay = g_rand_int_range (rand, 0, (gint32) MIN (save_time * 3 / 2, G_MAXINT32));
      int status = 0;
      pid_t child;

      ck_assert (disk_holds (other));
      child = fork ();
      ck_assert_int_ge (child, 0);
      if (child == 0)
        {
          /* Save over and over until killed, so that every kill lands inside a save. */
          for (;;)
            {
              (void) tsr_files_write_atomic (target, FALSE, NULL);
              (void) tsr_files_write_atomic (other, FALSE, NULL);
            }
        }
      g_usleep ((gulong) delay);
      ck_assert_int_eq (kill (child, SIGKILL), 0);
      ck_assert_int_eq (waitpid (child, &status, 0), child);

      messages = tsr_file_recover_interrupted_saves (maphead);
      for (guint i = 0; messages[i] != NULL; i++)
        {
          if (strstr (messages[i], "completed") != NULL)
            forward++;
          else if (strstr (messages[i], "undone") != NULL)
            back++;
          else
            cleaned++;
        }
      if (messages[0] == NULL)
        untouched++;
      ck_assert_uint_eq (count_save_leftovers (folder), 0);
      ck_assert_msg (disk_holds (target) || disk_holds (other), "round %u: the set is half old, half new", round);
      assert_set_opens_and_round_trips (maphead);
      /* Each round starts from the old set. */
      if (!disk_holds (other))
        ck_assert (tsr_files_write_atomic (other, FALSE, NULL));
    }
  g_print ("set save killed 20 times (a save takes %" G_GINT64_FORMAT " us): %u rolled forward, "
           "%u rolled back, %u left temporaries, %u left nothing to do\n",
           save_time, forward, back, cleaned, untouched);
}
END_TEST

static Suite *
wolf3d_suite (void)
{
  Suite *suite = suite_create ("wolf3d");
  TCase *real = tcase_create ("real");
  TCase *codec = tcase_create ("codec");

  tcase_set_timeout (real, 300);
  tcase_add_test (real, test_roundtrip_every_file);
  tcase_add_test (real, test_shareware_identified);
  tcase_add_test (real, test_levels_decode);
  tcase_add_test (real, test_recompress_every_level);
  tcase_add_test (real, test_rebuild_reproduces_layout);
  tcase_add_test (real, test_edit_changes_only_that_level);
  tcase_add_test (real, test_add_remove_reorder_rename);
  tcase_add_test (real, test_maptemp);
  tcase_add_test (real, test_truncated_maps);
  tcase_add_test (real, test_truncated_graphics_and_vswap);
  tcase_add_test (real, test_validation_findings);
  tcase_add_test (real, test_engine_limits);
  tcase_add_test (real, test_images);
  tcase_add_test (real, test_assets);
  tcase_add_test (real, test_sniff);
  tcase_add_test (codec, test_sample_level);
  tcase_add_test (real, test_lower_case_copy);
  tcase_add_test (real, test_corrupt_maphead_says_why);
  tcase_add_test (real, test_vgahead_absent_chunks);
  tcase_add_test (real, test_cli);
  tcase_add_test (real, test_set_save_interrupted_between_renames);
  tcase_add_test (real, test_set_save_leftovers_removed);
  tcase_add_test (real, test_set_save_killed_at_random);
  tcase_add_test (codec, test_carmack_edge_cases);
  tcase_add_test (codec, test_rlew_edge_cases);
  tcase_add_test (codec, test_tables);
  suite_add_tcase (suite, real);
  suite_add_tcase (suite, codec);
  return suite;
}

int
main (void)
{
  data_root = tsr_test_data_require ("wolf3d");
  return tsr_test_run_suite (wolf3d_suite ());
}
