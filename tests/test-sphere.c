/* test-sphere.c: the Sphere codecs: byte-exact round trips of every real .rmp/.rts/.rss, clean
 * failures on every truncation, hand-made v1/v2 spritesets, text decoding, validation, the
 * codec-level edits, TMX interchange and the committed sample. */
#include <glib/gstdio.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/sphere/tsr-sphere-formats.h"
#include "formats/sphere/tsr-sphere-map.h"
#include "formats/sphere/tsr-sphere-render.h"
#include "formats/sphere/tsr-sphere-spriteset.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "formats/sphere/tsr-sphere-tileset.h"
#include "formats/sphere/tsr-sphere-tmx.h"
#include "tsr-sphere-sample.h"
#include "tsr-test-common.h"

static char *data_dir;

static char *
data_path (const char *name)
{
  return g_build_filename (data_dir, name, NULL);
}

static GBytes *
read_data (const char *name)
{
  g_autofree char *path = data_path (name);

  return tsr_test_read_file (path);
}

static void
assert_bytes_equal (GBytes *expected, GBytes *actual, const char *what)
{
  gsize a_size, b_size;
  const guint8 *a = g_bytes_get_data (expected, &a_size);
  const guint8 *b = g_bytes_get_data (actual, &b_size);
  gsize first = 0;

  while (first < MIN (a_size, b_size) && a[first] == b[first])
    first++;
  ck_assert_msg (a_size == b_size && first == a_size,
                 "%s: %" G_GSIZE_FORMAT " vs %" G_GSIZE_FORMAT " bytes, first difference at %" G_GSIZE_FORMAT,
                 what, a_size, b_size, first);
}

/* Every real file: load through the registry's detection, save, compare; validate and describe
 * must not crash and find no errors. */
START_TEST (test_roundtrip_all)
{
  static const char *const suffixes[] = { ".rmp", ".rts", ".rss", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (data_dir, suffixes);
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  guint maps = 0;

  ck_assert_uint_ge (files->len, 6);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) outputs = NULL;
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      const TsrFormat *format = NULL;
      gpointer data = tsr_format_load_file (registry, path, &format, &error);

      ck_assert_msg (data != NULL, "%s: %s", path, error ? error->message : "?");
      ck_assert_str_eq (format->family, "sphere");
      outputs = format->save (data, path, &error);
      ck_assert_ptr_nonnull (outputs);
      ck_assert_uint_eq (outputs->len, 1);
      assert_bytes_equal (bytes, ((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, path);
      format->validate (data, findings);
      ck_assert_msg (tsr_findings_count (findings, TSR_SEVERITY_ERROR) == 0, "%s: %u errors", path,
                     tsr_findings_count (findings, TSR_SEVERITY_ERROR));
      json_builder_begin_object (builder);
      format->describe (data, builder);
      json_builder_end_object (builder);
      if (format == &tsr_sphere_rmp_format)
        {
          /* A deep copy saves the same bytes and shares nothing mutable. */
          g_autoptr(TsrSphereMap) copy = tsr_sphere_map_copy (data);
          g_autoptr(GBytes) copied = tsr_sphere_map_serialize (copy);
          TsrSphereLayer *layer = g_ptr_array_index (copy->layers, 0);

          assert_bytes_equal (bytes, copied, "copy");
          layer->tiles[0] ^= 1;
          g_clear_pointer (&copied, g_bytes_unref);
          copied = tsr_sphere_map_serialize (data);
          assert_bytes_equal (bytes, copied, "original after editing the copy");
          maps++;
        }
      format->free (data);
    }
  ck_assert_uint_ge (maps, 3);
  tsr_test_report_count ("Sphere .rmp/.rts/.rss byte-identical round trips", files->len);
}
END_TEST

START_TEST (test_appended_tileset)
{
  g_autoptr(GBytes) bytes = read_data ("turbosphere_test_appended.rmp");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrSphereMap) map = tsr_sphere_map_parse (bytes, &error);

  ck_assert_ptr_nonnull (map);
  ck_assert_ptr_nonnull (map->tileset);
  ck_assert_uint_gt (map->tileset->tiles->len, 0);
  ck_assert_ptr_null (map->unparsed_tail);
  ck_assert_uint_eq (g_bytes_get_size (g_ptr_array_index (map->strings, 0)), 0);
}
END_TEST

static void
assert_every_truncation_fails (const char *name, const TsrFormat *format, gsize step)
{
  g_autoptr(GBytes) bytes = read_data (name);
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  guint tried = 0;

  for (gsize length = 0; length < size; length += (length < 1024 ? 1 : step))
    {
      g_autoptr(GBytes) part = g_bytes_new (data, length);
      g_autoptr(GError) error = NULL;
      gpointer loaded = format->load (NULL, part, &error);

      ck_assert_msg (loaded == NULL, "%s cut at %" G_GSIZE_FORMAT " bytes loaded", name, length);
      ck_assert_msg (error != NULL && error->domain == TSR_ERROR, "%s cut at %" G_GSIZE_FORMAT, name, length);
      ck_assert_msg (strstr (error->message, "offset") != NULL, "%s", error->message);
      tried++;
    }
  ck_assert_uint_gt (tried, 100);
}

START_TEST (test_truncations)
{
  assert_every_truncation_fails ("test.rmp", &tsr_sphere_rmp_format, 1);
  assert_every_truncation_fails ("test.rts", &tsr_sphere_rts_format, 1);
  assert_every_truncation_fails ("village.rmp", &tsr_sphere_rmp_format, 1);
  assert_every_truncation_fails ("turbosphere_test_appended.rmp", &tsr_sphere_rmp_format, 7);
  assert_every_truncation_fails ("sarah.rss", &tsr_sphere_rss_format, 5);
  assert_every_truncation_fails ("outside_neo.rts", &tsr_sphere_rts_format, 61);
}
END_TEST

START_TEST (test_bad_headers)
{
  g_autoptr(GBytes) bytes = read_data ("test.rts");
  g_autoptr(GByteArray) copy = g_byte_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) modified = NULL;

  g_byte_array_append (copy, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  copy->data[12] = 16; /* bpp */
  modified = g_bytes_new (copy->data, copy->len);
  ck_assert_ptr_null (tsr_sphere_tileset_parse (modified, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_UNSUPPORTED_VERSION));
  g_clear_error (&error);
  g_clear_pointer (&modified, g_bytes_unref);
  copy->data[12] = 32;
  copy->data[8] = 0; copy->data[9] = 0; /* tile width 0 */
  modified = g_bytes_new (copy->data, copy->len);
  ck_assert_ptr_null (tsr_sphere_tileset_parse (modified, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_INVALID));
  g_clear_error (&error);
  g_clear_pointer (&modified, g_bytes_unref);

  /* Huge counts never allocate: 65535 tiles announced in a small file. */
  copy->data[8] = 16;
  copy->data[6] = 0xff; copy->data[7] = 0xff;
  modified = g_bytes_new (copy->data, copy->len);
  ck_assert_ptr_null (tsr_sphere_tileset_parse (modified, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_TRUNCATED));
}
END_TEST

/* Sniffing is by content: a map named .rts is still a map. */
START_TEST (test_sniff)
{
  g_autoptr(GBytes) map = read_data ("test.rmp");
  g_autoptr(GBytes) rss = read_data ("sarah.rss");
  g_autoptr(GError) error = NULL;
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  gsize size;
  const guint8 *data = g_bytes_get_data (map, &size);

  ck_assert_ptr_eq (tsr_format_registry_detect (registry, data, size, "x.rts", &error), &tsr_sphere_rmp_format);
  data = g_bytes_get_data (rss, &size);
  ck_assert_ptr_eq (tsr_format_registry_detect (registry, data, size, NULL, &error), &tsr_sphere_rss_format);
  ck_assert_uint_eq (tsr_sphere_rmp_format.sniff ((const guint8 *) "abcdefgh", 8, NULL), TSR_SNIFF_NO);
}
END_TEST

static TsrSphereSpriteset *
make_spriteset (guint16 version)
{
  TsrSphereSpriteset *spriteset = tsr_sphere_spriteset_new (version, 4, 3);
  guint directions = version == 1 ? 0 : 2;
  guint images = version == 1 ? 64 : 4;

  for (guint i = 0; i < images; i++)
    {
      TsrImage *image = tsr_image_new (4, 3);

      for (guint p = 0; p < 4 * 3 * 4; p++)
        image->pixels[p] = (guint8) (i * 7 + p);
      g_ptr_array_add (spriteset->images, image);
    }
  spriteset->image_count = (guint16) images;
  for (guint d = 0; d < directions; d++)
    {
      TsrSphereDirection *direction = tsr_sphere_spriteset_add_direction (spriteset, d ? "east" : "west");

      for (guint f = 0; f < 2; f++)
        {
          TsrSphereFrame frame = { .image = (guint16) (d * 2 + f), .delay = 5 + f, .width = 4, .height = 3 };

          g_array_append_val (direction->frames, frame);
        }
    }
  if (version == 1)
    spriteset->direction_count = 8;
  spriteset->base_x2 = 3;
  spriteset->base_y2 = 2;
  return spriteset;
}

START_TEST (test_spriteset_versions)
{
  for (guint16 version = 1; version <= 3; version++)
    {
      g_autoptr(TsrSphereSpriteset) made = make_spriteset (version);
      g_autoptr(GBytes) bytes = tsr_sphere_spriteset_serialize (made);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrSphereSpriteset) loaded = tsr_sphere_spriteset_parse (bytes, &error);
      g_autoptr(GBytes) again = NULL;
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      gsize size;
      const guint8 *data = g_bytes_get_data (bytes, &size);

      ck_assert_msg (loaded != NULL, "v%u: %s", version, error ? error->message : "");
      ck_assert_uint_eq (loaded->images->len, made->images->len);
      ck_assert_uint_eq (loaded->directions->len, made->directions->len);
      again = tsr_sphere_spriteset_serialize (loaded);
      assert_bytes_equal (bytes, again, "spriteset");
      tsr_sphere_spriteset_validate (loaded, findings);
      ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);
      ck_assert_ptr_nonnull (tsr_sphere_spriteset_pose_image (loaded, "east"));
      if (version == 2)
        ck_assert_uint_eq (g_array_index (((TsrSphereDirection *) g_ptr_array_index (loaded->directions, 1))->frames,
                                          TsrSphereFrame, 1).delay, 6);
      for (gsize length = 0; length < size; length++)
        {
          g_autoptr(GBytes) part = g_bytes_new (data, length);
          g_autoptr(GError) cut_error = NULL;

          ck_assert_ptr_null (tsr_sphere_spriteset_parse (part, &cut_error));
          ck_assert_ptr_nonnull (cut_error);
        }
    }
}
END_TEST

/* A version 1 file written here by the spec (the 128-byte header, then the images only), since no
 * real one is at hand: the codec gives it no stored directions, derives the 8 directions of 8 frames
 * minisphere's load_spriteset (spriteset.c) makes of it, and saves it byte for byte. */
static GBytes *
make_v1_file (guint16 images, guint16 stored_directions)
{
  TsrWriter *writer = tsr_writer_new ();
  guint8 reserved[106] = { 0 };

  reserved[0] = 0xa5;  /* reserved bytes survive */
  reserved[105] = 0x5a;
  tsr_writer_write_bytes (writer, (const guint8 *) ".rss", 4);
  tsr_writer_write_u16_le (writer, 1);
  tsr_writer_write_u16_le (writer, images);
  tsr_writer_write_u16_le (writer, 2);   /* frame width */
  tsr_writer_write_u16_le (writer, 3);   /* frame height */
  tsr_writer_write_u16_le (writer, stored_directions);
  tsr_writer_write_u16_le (writer, 0);
  tsr_writer_write_u16_le (writer, 1);
  tsr_writer_write_u16_le (writer, 1);
  tsr_writer_write_u16_le (writer, 2);
  tsr_writer_write_bytes (writer, reserved, sizeof reserved);
  for (guint i = 0; i < images; i++)
    for (guint p = 0; p < 2 * 3; p++)
      {
        guint8 rgba[4] = { (guint8) i, (guint8) p, (guint8) (i ^ 0x3c), 255 };
        tsr_writer_write_bytes (writer, rgba, 4);
      }
  return tsr_writer_free_to_bytes (writer);
}

START_TEST (test_spriteset_version1_implied)
{
  static const char *const names[] = { "north", "northeast", "east", "southeast",
                                       "south", "southwest", "west", "northwest" };
  static const guint16 image_counts[] = { 64, 10 };

  for (guint c = 0; c < G_N_ELEMENTS (image_counts); c++)
    {
      g_autoptr(GBytes) bytes = make_v1_file (image_counts[c], 3);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrSphereSpriteset) loaded = tsr_sphere_spriteset_parse (bytes, &error);
      g_autoptr(GPtrArray) directions = NULL;
      g_autoptr(GBytes) again = NULL;

      ck_assert_msg (loaded != NULL, "%s", error != NULL ? error->message : "");
      ck_assert_uint_eq (loaded->version, 1);
      ck_assert_uint_eq (loaded->images->len, image_counts[c]);
      ck_assert_uint_eq (loaded->directions->len, 0);
      directions = tsr_sphere_spriteset_implied_directions (loaded);
      ck_assert_ptr_nonnull (directions);
      ck_assert_uint_eq (directions->len, 8);
      for (guint d = 0; d < 8; d++)
        {
          const TsrSphereDirection *direction = g_ptr_array_index (directions, d);
          g_autofree char *name = tsr_sphere_spriteset_direction_name (loaded, d);

          ck_assert_str_eq (name, names[d]);
          ck_assert_ptr_null (direction->name);
          ck_assert_uint_eq (direction->frames->len, 8);
          for (guint f = 0; f < 8; f++)
            {
              const TsrSphereFrame *frame = &g_array_index (direction->frames, TsrSphereFrame, f);

              ck_assert_uint_eq (frame->image, d * 8 + f);
              ck_assert_uint_eq (frame->delay, 8);
            }
        }
      /* Image 13 is direction 1 ("northeast") frame 5: its first pixel's red is its index. */
      if (image_counts[c] == 64)
        ck_assert_uint_eq (((const TsrImage *) g_ptr_array_index (loaded->images, 13))->pixels[0], 13);
      /* Deriving changed nothing: the save is the file, the stored direction count 3 included. */
      ck_assert_uint_eq (loaded->directions->len, 0);
      again = tsr_sphere_spriteset_serialize (loaded);
      assert_bytes_equal (bytes, again, "version 1 spriteset");
    }
  {
    g_autoptr(TsrSphereSpriteset) v3 = make_spriteset (3);
    ck_assert_ptr_null (tsr_sphere_spriteset_implied_directions (v3));
  }
}
END_TEST

START_TEST (test_strings)
{
  g_autoptr(GBytes) utf8 = g_bytes_new ("caf\xc3\xa9", 5);
  g_autoptr(GBytes) latin1 = g_bytes_new ("caf\xe9", 4);
  g_autofree char *a = tsr_sphere_string_to_utf8 (utf8);
  g_autofree char *b = tsr_sphere_string_to_utf8 (latin1);
  GBytes *slot = g_bytes_ref (latin1);

  ck_assert_str_eq (a, "café");
  ck_assert_str_eq (b, "café");
  /* Setting the text a string already has keeps its original (Latin-1) bytes. */
  ck_assert (!tsr_sphere_string_set (&slot, "café"));
  ck_assert (g_bytes_equal (slot, latin1));
  ck_assert (tsr_sphere_string_set (&slot, "cafés"));
  ck_assert_uint_eq (g_bytes_get_size (slot), 6);
  g_bytes_unref (slot);
}
END_TEST

static gboolean
has_finding (GPtrArray *findings, TsrSeverity severity, const char *fragment)
{
  for (guint i = 0; i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);
      g_autofree char *text = tsr_finding_to_string (finding);

      if (finding->severity == severity && strstr (text, fragment) != NULL)
        return TRUE;
    }
  return FALSE;
}

START_TEST (test_validation)
{
  g_autoptr(TsrSphereMap) map = sample_build_map ();
  g_autoptr(GPtrArray) clean = tsr_findings_new ();
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  TsrSphereEntity *person;
  TsrSphereZone *zone;
  TsrSphereLayer *layer;

  tsr_sphere_map_embed_tileset (map, sample_build_tileset ());
  tsr_sphere_map_validate (map, clean);
  ck_assert_msg (tsr_findings_count (clean, TSR_SEVERITY_ERROR) == 0, "sample has errors");

  layer = g_ptr_array_index (map->layers, 0);
  tsr_sphere_layer_set_tile (layer, 3, 4, 500);
  person = g_ptr_array_index (map->entities, 0);
  g_ptr_array_set_size (person->scripts, 3);
  person->layer = 9;
  zone = g_ptr_array_index (map->zones, 0);
  zone->x1 = 5000;
  map->start_x = 9999;
  tsr_sphere_map_validate (map, findings);
  ck_assert (has_finding (findings, TSR_SEVERITY_ERROR, "tiles beyond the tileset"));
  /* What Sphere's loader (common/Map.cpp sMap::Load) copes with: warnings. */
  ck_assert (has_finding (findings, TSR_SEVERITY_WARNING, "5 scripts"));
  ck_assert (has_finding (findings, TSR_SEVERITY_WARNING, "layer 9, which does not exist"));
  ck_assert (has_finding (findings, TSR_SEVERITY_WARNING, "not normalised"));
  ck_assert (has_finding (findings, TSR_SEVERITY_WARNING, "leaves the map"));
  ck_assert (has_finding (findings, TSR_SEVERITY_WARNING, "start position"));
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 1);

  /* The places: elements by index, points in the map's pixels, the bad tile as a cell. */
  {
    const TsrFinding *tiles = tsr_test_find_finding (findings, "tiles beyond the tileset");
    const TsrFinding *scripts = tsr_test_find_finding (findings, "5 scripts");
    const TsrFinding *leaves = tsr_test_find_finding (findings, "leaves the map");
    const TsrFinding *start = tsr_test_find_finding (findings, "start position");

    ck_assert (tsr_finding_place_is (&tiles->place, "layer"));
    ck_assert_int_eq (tiles->place.index, 0);
    ck_assert_int_eq (tiles->place.unit, TSR_FINDING_POINT_CELLS);
    ck_assert (tiles->place.x == 3 && tiles->place.y == 4);
    ck_assert (tsr_finding_place_is (&scripts->place, "entity"));
    ck_assert_int_eq (scripts->place.index, 0);
    ck_assert_int_eq (scripts->place.unit, TSR_FINDING_POINT_PIXELS);
    ck_assert (scripts->place.x == person->x && scripts->place.y == person->y);
    ck_assert (tsr_finding_place_is (&leaves->place, "zone"));
    ck_assert_int_eq (leaves->place.index, 0);
    ck_assert (leaves->place.x == (zone->x1 + zone->x2) / 2.0);
    ck_assert (tsr_finding_place_is (&start->place, "start"));
    ck_assert (start->place.x == 9999);
    ck_assert_int_eq (start->place.level, -1);
  }
}
END_TEST

/* Sphere 1.x (sphere-group/sphere) against the tileset checks. engine/smap.cpp
 * SMAP::UpdateAnimations moves an animated tile on only when its next tile is in bounds ("make
 * sure the next tile is in bounds"): a next tile past the end stops the animation, a warning.
 * common/Tileset.cpp sTileset::Load skips a mask for obstruction type 1, reads segments for type
 * 2 and reads nothing for any other type (the tile is unobstructed): a warning, and such a file
 * loads and saves unchanged. A name or a segment list longer than its u16 count cannot be
 * written (TILE_INFORMATION_BLOCK name_length, num_segments): errors. The sample tileset, one
 * change at a time. */
START_TEST (test_tileset_engine_checks)
{
  g_autoptr(TsrSphereTileset) tileset = sample_build_tileset ();
  TsrSphereTile *tile = g_ptr_array_index (tileset->tiles, 0);
  TsrSphereTile *wall = g_ptr_array_index (tileset->tiles, SAMPLE_WALL);
  g_autoptr(GPtrArray) clean = tsr_findings_new ();
  g_autoptr(GPtrArray) animated = tsr_findings_new ();
  g_autoptr(GPtrArray) obstruction = tsr_findings_new ();
  g_autoptr(GPtrArray) name = tsr_findings_new ();
  g_autoptr(GPtrArray) segments = tsr_findings_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(TsrSphereTileset) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *long_name = g_strnfill (65536, 'a');
  GBytes *saved_name;

  tsr_sphere_tileset_validate (tileset, "tileset", clean);
  ck_assert_uint_eq (tsr_findings_count (clean, TSR_SEVERITY_ERROR), 0);
  ck_assert_uint_eq (tsr_findings_count (clean, TSR_SEVERITY_WARNING), 0);

  tile->animated = 1;
  tile->next_tile = (guint16) (tileset->tiles->len + 5);
  tsr_sphere_tileset_validate (tileset, "tileset", animated);
  ck_assert (has_finding (animated, TSR_SEVERITY_WARNING, "animation continues with tile 12, which does not exist"));
  ck_assert_uint_eq (tsr_findings_count (animated, TSR_SEVERITY_ERROR), 0);
  tile->animated = 0;
  tile->next_tile = 0;

  tile->obstruction_type = 3;
  tsr_sphere_tileset_validate (tileset, "tileset", obstruction);
  ck_assert (has_finding (obstruction, TSR_SEVERITY_WARNING, "obstruction type 3 is not 0, 1 or 2"));
  ck_assert_uint_eq (tsr_findings_count (obstruction, TSR_SEVERITY_ERROR), 0);
  bytes = tsr_sphere_tileset_serialize (tileset);
  loaded = tsr_sphere_tileset_parse (bytes, &error);
  ck_assert_msg (loaded != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_uint_eq (((TsrSphereTile *) g_ptr_array_index (loaded->tiles, 0))->obstruction_type, 3);
  again = tsr_sphere_tileset_serialize (loaded);
  assert_bytes_equal (bytes, again, "tileset with obstruction type 3");
  tile->obstruction_type = 0;

  saved_name = tile->name;
  tile->name = g_bytes_new (long_name, 65536);
  tsr_sphere_tileset_validate (tileset, "tileset", name);
  ck_assert (has_finding (name, TSR_SEVERITY_ERROR, "the name is too long"));
  g_bytes_unref (tile->name);
  tile->name = saved_name;

  g_array_set_size (wall->segments, 65536);
  tsr_sphere_tileset_validate (tileset, "tileset", segments);
  ck_assert (has_finding (segments, TSR_SEVERITY_ERROR, "too many obstruction segments"));
}
END_TEST

/* sphere/source/common/Tileset.cpp: the header's num_tiles is a word, which sTileset::Load
 * resizes its tiles to (and sTileset::Save writes from m_Tiles.size ()): a tileset of 65,536
 * tiles is stored as 0 and the engine loads no tile, so every cell draws nothing. An error; at
 * 65,535 tiles there is none. 1×1 tiles keep it small. */
START_TEST (test_tileset_too_many_tiles)
{
  g_autoptr(TsrSphereTileset) tileset = tsr_sphere_tileset_new (1, 1);
  g_autoptr(GPtrArray) fits = tsr_findings_new ();
  g_autoptr(GPtrArray) over = tsr_findings_new ();

  while (tileset->tiles->len < G_MAXUINT16)
    tsr_sphere_tileset_add_tile (tileset);
  tsr_sphere_tileset_validate (tileset, "tileset", fits);
  ck_assert_uint_eq (tsr_findings_count (fits, TSR_SEVERITY_ERROR), 0);
  tsr_sphere_tileset_add_tile (tileset);
  tsr_sphere_tileset_validate (tileset, "tileset", over);
  ck_assert (has_finding (over, TSR_SEVERITY_ERROR, "65536 tiles; at most 65535 fit"));
}
END_TEST

/* Sphere 1.x against the spriteset checks, each an error: the engine crashes drawing a person
 * with such a spriteset. engine/map_engine.cpp CMapEngine::RenderEntities draws
 * SSPRITESET::GetImage (GetFrameIndex (direction, frame)); engine/sspriteset.cpp
 * SSPRITESET::GetImage indexes its image array unchecked (no images; a frame's image past the
 * end); common/Spriteset.cpp sSpriteset::GetFrameIndex falls back to direction 0, which an empty
 * direction list lacks, and reads frames[frame] of a direction without frames, for which
 * CMapEngine::SetPersonDirection and UpdateFollower also take frame %= 0 (sSpriteset::Load
 * refuses a version 3 direction without frames outright). A 4×3 version 3 spriteset of two
 * directions, one change at a time. */
START_TEST (test_spriteset_engine_errors)
{
  g_autoptr(TsrSphereSpriteset) spriteset = make_spriteset (3);
  TsrSphereDirection *west = g_ptr_array_index (spriteset->directions, 0);
  TsrSphereFrame *frame = &g_array_index (west->frames, TsrSphereFrame, 0);
  g_autoptr(GPtrArray) clean = tsr_findings_new ();
  g_autoptr(GPtrArray) image = tsr_findings_new ();
  g_autoptr(GPtrArray) frames = tsr_findings_new ();
  g_autoptr(GPtrArray) images = tsr_findings_new ();
  g_autoptr(GPtrArray) directions = tsr_findings_new ();
  g_autoptr(GArray) saved_frames = NULL;
  g_autoptr(GPtrArray) saved_directions = NULL;

  tsr_sphere_spriteset_validate (spriteset, clean);
  ck_assert_uint_eq (tsr_findings_count (clean, TSR_SEVERITY_ERROR), 0);

  frame->image = 9;
  tsr_sphere_spriteset_validate (spriteset, image);
  ck_assert (has_finding (image, TSR_SEVERITY_ERROR, "direction 0: frame 0 shows image 9, which does not exist"));
  frame->image = 0;

  saved_frames = g_array_copy (west->frames);
  g_array_set_size (west->frames, 0);
  tsr_sphere_spriteset_validate (spriteset, frames);
  ck_assert (has_finding (frames, TSR_SEVERITY_ERROR, "direction 0: no frames"));
  g_array_append_vals (west->frames, saved_frames->data, saved_frames->len);

  g_ptr_array_set_size (spriteset->images, 0);
  tsr_sphere_spriteset_validate (spriteset, images);
  ck_assert (has_finding (images, TSR_SEVERITY_ERROR, "no images"));

  saved_directions = spriteset->directions;
  spriteset->directions = g_ptr_array_new ();
  tsr_sphere_spriteset_validate (spriteset, directions);
  ck_assert (has_finding (directions, TSR_SEVERITY_ERROR, "no directions"));
  g_ptr_array_unref (spriteset->directions);
  spriteset->directions = g_steal_pointer (&saved_directions);
}
END_TEST

START_TEST (test_edit_layers)
{
  g_autoptr(TsrSphereMap) map = sample_build_map ();
  g_autoptr(GError) error = NULL;
  TsrSphereLayer *base = g_ptr_array_index (map->layers, 0);
  TsrSphereEntity *person = g_ptr_array_index (map->entities, 0);
  guint16 corner = tsr_sphere_layer_get_tile (base, 19, 14);
  guint16 origin = tsr_sphere_layer_get_tile (base, 0, 0);
  guint segments = base->segments->len;

  /* Grow with the bottom-right anchor: old contents move by (+4, +2), new cells get the fill. */
  ck_assert (tsr_sphere_map_resize_layer (map, 0, 24, 17, TSR_SPHERE_ANCHOR_BOTTOM_RIGHT, 5, &error));
  ck_assert_uint_eq (base->width, 24);
  ck_assert_uint_eq (tsr_sphere_layer_get_tile (base, 23, 16), corner);
  ck_assert_uint_eq (tsr_sphere_layer_get_tile (base, 4, 2), origin);
  ck_assert_uint_eq (tsr_sphere_layer_get_tile (base, 0, 0), 5);
  ck_assert_uint_eq (base->segments->len, segments);
  ck_assert_uint_eq (g_array_index (base->segments, TsrSphereSegment, 0).x1, 224 + 4 * 16);
  /* Shrink from the centre; segments left outside are dropped. */
  ck_assert (tsr_sphere_map_resize_layer (map, 0, 8, 8, TSR_SPHERE_ANCHOR_CENTER, 0, &error));
  ck_assert_uint_eq (base->width * base->height, 64);
  ck_assert (!tsr_sphere_map_resize_layer (map, 0, 5000, 8, TSR_SPHERE_ANCHOR_CENTER, 0, &error));
  g_clear_error (&error);

  /* Insert below everything: entities, zones and the start layer follow their layers. */
  ck_assert_uint_eq (person->layer, 0);
  tsr_sphere_map_insert_layer (map, 0, tsr_sphere_layer_new (4, 4, "Under"));
  ck_assert_uint_eq (map->layers->len, 3);
  ck_assert_uint_eq (person->layer, 1);
  ck_assert_uint_eq (((TsrSphereZone *) g_ptr_array_index (map->zones, 0))->layer, 1);
  ck_assert_uint_eq (map->start_layer, 1);
  ck_assert (tsr_sphere_map_move_layer (map, 1, 2, &error));
  ck_assert_uint_eq (person->layer, 2);
  ck_assert_ptr_eq (g_ptr_array_index (map->layers, 2), base);
  ck_assert (tsr_sphere_map_move_layer (map, 2, 0, &error));
  ck_assert_uint_eq (person->layer, 0);
  ck_assert (tsr_sphere_map_remove_layer (map, 0, &error));
  ck_assert_uint_eq (person->layer, 0); /* its layer is gone: layer 0, as Sphere does */
  ck_assert (tsr_sphere_map_remove_layer (map, 1, &error));
  ck_assert (!tsr_sphere_map_remove_layer (map, 0, &error));
  g_clear_error (&error);
  ck_assert (!tsr_sphere_map_move_layer (map, 0, 3, &error));
}
END_TEST

START_TEST (test_edit_entities_and_tileset)
{
  g_autoptr(TsrSphereMap) map = sample_build_map ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) tileset_bytes = NULL;
  g_autoptr(TsrSphereMap) reloaded = NULL;
  g_autoptr(TsrSphereTileset) tileset = sample_build_tileset ();
  g_autoptr(GBytes) original_tileset = tsr_sphere_tileset_serialize (tileset);

  ck_assert (tsr_sphere_map_add_entity (map, 0, tsr_sphere_entity_new_trigger (1, 2, 0, "x()"), &error));
  ck_assert_uint_eq (map->entities->len, 3);
  ck_assert_uint_eq (((TsrSphereEntity *) g_ptr_array_index (map->entities, 0))->type, TSR_SPHERE_ENTITY_TRIGGER);
  ck_assert (tsr_sphere_map_remove_entity (map, 1, &error));
  ck_assert (!tsr_sphere_map_remove_entity (map, 7, &error));
  g_clear_error (&error);
  ck_assert (tsr_sphere_map_add_zone (map, -1, tsr_sphere_zone_new (50, 60, 10, 20, 1, "z()"), &error));
  ck_assert_uint_eq (((TsrSphereZone *) g_ptr_array_index (map->zones, 1))->x1, 10); /* normalised */
  ck_assert (tsr_sphere_map_remove_zone (map, 0, &error));
  ck_assert_uint_eq (map->zones->len, 1);

  /* Embedding appends the tileset and empties string 0; the saved map reloads with it. */
  tsr_sphere_map_embed_tileset (map, g_steal_pointer (&tileset));
  saved = tsr_sphere_map_serialize (map);
  reloaded = tsr_sphere_map_parse (saved, &error);
  ck_assert_ptr_nonnull (reloaded);
  ck_assert_ptr_nonnull (reloaded->tileset);
  ck_assert_uint_eq (reloaded->entities->len, 2);
  ck_assert_uint_eq (reloaded->zones->len, 1);
  {
    g_autoptr(GBytes) again = tsr_sphere_map_serialize (reloaded);
    assert_bytes_equal (saved, again, "edited map");
  }
  /* Externalising gives back the same tileset bytes and names the file in string 0. */
  tileset_bytes = tsr_sphere_map_externalise_tileset (reloaded, "forest.rts", &error);
  ck_assert_ptr_nonnull (tileset_bytes);
  assert_bytes_equal (original_tileset, tileset_bytes, "externalised tileset");
  ck_assert_ptr_null (reloaded->tileset);
  {
    g_autofree char *name = tsr_sphere_map_get_string (reloaded, TSR_SPHERE_STRING_TILESET);
    g_autoptr(GBytes) external = tsr_sphere_map_serialize (reloaded);

    ck_assert_str_eq (name, "forest.rts");
    ck_assert_uint_lt (g_bytes_get_size (external), g_bytes_get_size (saved));
  }
  ck_assert_ptr_null (tsr_sphere_map_externalise_tileset (reloaded, "again.rts", &error));
}
END_TEST

/* An entity of unknown type: everything from it on is kept as bytes and saved unchanged. */
START_TEST (test_unknown_entity)
{
  g_autoptr(TsrSphereMap) map = sample_build_map ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TsrSphereMap) loaded = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GError) error = NULL;

  ((TsrSphereEntity *) g_ptr_array_index (map->entities, 1))->type = 7;
  bytes = tsr_sphere_map_serialize (map);
  loaded = tsr_sphere_map_parse (bytes, &error);
  ck_assert_ptr_nonnull (loaded);
  ck_assert_uint_eq (loaded->entities->len, 1);
  ck_assert_uint_eq (loaded->tail_entity_count, 1);
  again = tsr_sphere_map_serialize (loaded);
  assert_bytes_equal (bytes, again, "map with unknown entity");
  ck_assert (!tsr_sphere_map_add_zone (loaded, -1, tsr_sphere_zone_new (0, 0, 1, 1, 0, ""), &error));
}
END_TEST

START_TEST (test_render)
{
  g_autofree char *path = data_path ("village.rmp");
  g_autoptr(GBytes) bytes = read_data ("village.rmp");
  g_autoptr(GError) error = NULL;
  TsrSphereMap *map = tsr_sphere_rmp_format.load (path, bytes, &error);
  g_autoptr(TsrImage) image = NULL;
  g_autoptr(GHashTable) spritesets = NULL;
  guint opaque = 0;

  ck_assert_ptr_nonnull (map);
  ck_assert_ptr_nonnull (map->external_tileset);
  spritesets = tsr_sphere_render_find_spritesets (map);
  ck_assert_ptr_nonnull (g_hash_table_lookup (spritesets, "sarah.rss"));
  image = tsr_sphere_rmp_format.render (map, NULL, &error);
  ck_assert_ptr_nonnull (image);
  ck_assert_uint_eq (image->width, 640);
  for (gsize p = 0; p < (gsize) image->width * image->height; p++)
    opaque += image->pixels[p * 4 + 3] == 255;
  ck_assert_uint_gt (opaque, image->width * image->height * 9 / 10);
  tsr_image_save_png (image, "sphere-village.png", NULL);

  /* --size scales the whole map into the box, keeping its 4:3 shape (it used to crop at 1:1). */
  {
    TsrRenderOptions small_options = { .level = -1, .width = 200, .height = 100 };
    TsrRenderOptions large_options = { .level = -1, .width = 1280, .height = 2000 };
    g_autoptr(TsrImage) small = tsr_sphere_rmp_format.render (map, &small_options, &error);
    g_autoptr(TsrImage) large = tsr_sphere_rmp_format.render (map, &large_options, &error);
    guint64 full_sum = 0, small_sum = 0;

    ck_assert_ptr_nonnull (small);
    ck_assert_uint_eq (small->width, 133);
    ck_assert_uint_eq (small->height, 100);
    ck_assert_ptr_nonnull (large);
    ck_assert_uint_eq (large->width, 1280);
    ck_assert_uint_eq (large->height, 960);
    /* Enlarged by whole pixels: 2x2 copies of the 1:1 picture. */
    ck_assert_mem_eq (large->pixels + ((gsize) 101 * 1280 + 301) * 4, image->pixels + ((gsize) 50 * 640 + 150) * 4, 4);
    /* Shrunk by averaging: the mean green stays within 2 % of the picture's (a crop would not). */
    for (gsize p = 0; p < (gsize) image->width * image->height; p++)
      full_sum += image->pixels[p * 4 + 1];
    for (gsize p = 0; p < (gsize) small->width * small->height; p++)
      small_sum += small->pixels[p * 4 + 1];
    ck_assert_double_eq_tol ((double) small_sum / (small->width * small->height),
                             (double) full_sum / (image->width * image->height),
                             0.02 * (double) full_sum / (image->width * image->height));
  }
  tsr_sphere_map_free (map);
}
END_TEST

static void
assert_file_bytes (const char *path, GBytes *expected)
{
  g_autoptr(GBytes) actual = tsr_test_read_file (path);

  assert_bytes_equal (expected, actual, path);
}

/* The committed sample equals what the generator builds, and loads, validates and renders. */
START_TEST (test_sample)
{
  const char *root = g_getenv ("TSR_SOURCE_ROOT");
  g_autofree char *map_path = g_build_filename (root, "data", "samples", "sphere", "maps", "sample.rmp", NULL);
  g_autofree char *rts_path = g_build_filename (root, "data", "samples", "sphere", "maps", "sample.rts", NULL);
  g_autofree char *rss_path = g_build_filename (root, "data", "samples", "sphere", "spritesets", "guide.rss", NULL);
  g_autoptr(TsrSphereMap) built = sample_build_map ();
  g_autoptr(TsrSphereTileset) tileset = sample_build_tileset ();
  g_autoptr(TsrSphereSpriteset) spriteset = sample_build_spriteset ();
  g_autoptr(GBytes) map_bytes = tsr_sphere_map_serialize (built);
  g_autoptr(GBytes) rts_bytes = tsr_sphere_tileset_serialize (tileset);
  g_autoptr(GBytes) rss_bytes = tsr_sphere_spriteset_serialize (spriteset);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  g_autoptr(TsrImage) image = NULL;
  TsrSphereMap *map;

  assert_file_bytes (map_path, map_bytes);
  assert_file_bytes (rts_path, rts_bytes);
  assert_file_bytes (rss_path, rss_bytes);
  map = tsr_sphere_rmp_format.load (map_path, map_bytes, &error);
  ck_assert_ptr_nonnull (map);
  ck_assert_ptr_nonnull (map->external_tileset);
  ck_assert_uint_eq (map->layers->len, 2);
  tsr_sphere_rmp_format.validate (map, findings);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_WARNING), 0);
  image = tsr_sphere_rmp_format.render (map, NULL, &error);
  ck_assert_ptr_nonnull (image);
  /* The guide is drawn from its spriteset (skin colour at its head), not as a marker. */
  {
    const guint8 *p = image->pixels + ((gsize) (120 - 19 + 5) * image->width + 160 - 7 + 8) * 4;

    ck_assert_msg (p[0] == 0xf0 && p[1] == 0xc8, "pixel %02x%02x%02x", p[0], p[1], p[2]);
  }
  tsr_image_save_png (image, "sphere-sample.png", NULL);
  tsr_sphere_map_free (map);
}
END_TEST


static gboolean
write_outputs (GPtrArray *outputs)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = tsr_files_write_atomic (outputs, FALSE, &error);

  ck_assert_msg (ok, "%s", error ? error->message : "");
  return ok;
}

/* Every real map: .rmp → .tmx (+ .tsx + .png) → .rmp gives back the identical bytes, and the
 * TMX opens in Tiled when it is installed. */
START_TEST (test_tmx_roundtrip)
{
  static const char *const suffixes[] = { ".rmp", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (data_dir, suffixes);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *tiled = g_find_program_in_path ("tiled");
  guint checked = 0;

  if (tiled == NULL)
    g_print ("SKIP: tiled is not installed: the TMX files are not opened in Tiled\n");
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *tmx_path = g_strdup_printf ("%s/%.*s.tmx", folder, (int) strlen (base) - 4, base);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) outputs = NULL;
      g_autoptr(GPtrArray) back = NULL;
      g_autoptr(GBytes) tmx = NULL;
      TsrSphereMap *map = tsr_sphere_rmp_format.load (path, bytes, &error);
      TsrSphereMap *imported;

      ck_assert_ptr_nonnull (map);
      outputs = tsr_sphere_rmp_format.convert (map, &tsr_sphere_tmx_format, tmx_path, NULL, lost, &error);
      ck_assert_msg (outputs != NULL, "%s: %s", path, error ? error->message : "");
      ck_assert_uint_eq (lost->len, 0);
      ck_assert_uint_eq (outputs->len, 3);
      write_outputs (outputs);
      tmx = tsr_test_read_file (tmx_path);
      ck_assert_uint_ge (tsr_sphere_tmx_format.sniff (g_bytes_get_data (tmx, NULL), g_bytes_get_size (tmx), NULL),
                         TSR_SNIFF_LIKELY);
      imported = tsr_sphere_tmx_format.load (tmx_path, tmx, &error);
      ck_assert_msg (imported != NULL, "%s: %s", tmx_path, error ? error->message : "");
      back = tsr_sphere_tmx_format.convert (imported, &tsr_sphere_rmp_format, "back.rmp", NULL, lost, &error);
      ck_assert_ptr_nonnull (back);
      assert_bytes_equal (bytes, ((TsrOutputFile *) g_ptr_array_index (back, 0))->bytes, tmx_path);
      tsr_sphere_map_free (imported);
      tsr_sphere_map_free (map);

      if (tiled != NULL)
        {
          /* Tiled opens the map and saves it again; that TMX still converts to the same bytes. */
          g_autofree char *resaved_path = g_strdup_printf ("%s/%.*s.tiled.tmx", folder, (int) strlen (base) - 4, base);
          const char *argv[] = { tiled, "--export-map", "tmx", tmx_path, resaved_path, NULL };
          g_autofree char *out = NULL, *err = NULL;
          g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "QT_QPA_PLATFORM", "offscreen", TRUE);
          g_autoptr(GBytes) resaved = NULL;
          g_autoptr(GPtrArray) again = NULL;
          int status = -1;

          ck_assert (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, NULL));
          ck_assert_msg (g_spawn_check_wait_status (status, NULL), "tiled refused %s: %s", tmx_path, err);
          resaved = tsr_test_read_file (resaved_path);
          imported = tsr_sphere_tmx_format.load (resaved_path, resaved, &error);
          ck_assert_msg (imported != NULL, "%s: %s", resaved_path, error ? error->message : "");
          again = tsr_sphere_tmx_format.convert (imported, &tsr_sphere_rmp_format, "back.rmp", NULL, lost, &error);
          ck_assert_ptr_nonnull (again);
          assert_bytes_equal (bytes, ((TsrOutputFile *) g_ptr_array_index (again, 0))->bytes, resaved_path);
          tsr_sphere_map_free (imported);
        }
      checked++;
    }
  tsr_test_report_count (tiled ? "Sphere maps .rmp -> .tmx -> .rmp byte-identical, also after Tiled re-saved the .tmx"
                               : "Sphere maps .rmp -> .tmx -> .rmp byte-identical (Tiled not run)", checked);
}
END_TEST

/* A TMX edited in Tiled: changed texts and tiles are taken, untouched Latin-1 bytes are kept. */
START_TEST (test_tmx_edits)
{
  g_autoptr(TsrSphereMap) map = sample_build_map ();
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *tmx_path = g_build_filename (folder, "edited.tmx", NULL);
  g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) tmx = NULL;
  g_autoptr(TsrSphereMap) imported = NULL;
  g_autofree char *text = NULL;
  GString *edited;
  TsrSphereEntity *person;

  /* A Latin-1 music name, a script with CR LF and quotes, a negative-zero float, a flipped zone. */
  g_bytes_unref (g_ptr_array_index (map->strings, 1));
  g_ptr_array_index (map->strings, 1) = g_bytes_new ("m\xfasica.ogg", 10);
  person = g_ptr_array_index (map->entities, 0);
  tsr_sphere_string_set ((GBytes **) &g_ptr_array_index (person->scripts, 0), "a = \"<x>\";\r\nb = 'y'&z;\t");
  ((TsrSphereLayer *) g_ptr_array_index (map->layers, 1))->scrolling_x = -0.0f;
  ((TsrSphereLayer *) g_ptr_array_index (map->layers, 1))->parallax_y = 0.1f;
  ((TsrSphereZone *) g_ptr_array_index (map->zones, 0))->x1 = 300;
  tsr_sphere_map_embed_tileset (map, sample_build_tileset ());

  outputs = tsr_sphere_tmx_export (map, tmx_path, lost, &error);
  ck_assert_ptr_nonnull (outputs);
  write_outputs (outputs);
  tmx = tsr_test_read_file (tmx_path);
  imported = tsr_sphere_tmx_import (tmx_path, tmx, &error);
  ck_assert_msg (imported != NULL, "%s", error ? error->message : "");
  {
    g_autoptr(GBytes) a = tsr_sphere_map_serialize (map);
    g_autoptr(GBytes) b = tsr_sphere_map_serialize (imported);

    assert_bytes_equal (a, b, "TMX with awkward strings");
  }
  g_clear_pointer (&imported, tsr_sphere_map_free);

  /* Now "edit in Tiled": rename the person and paint tile 3 at the first cell. */
  text = g_strndup (g_bytes_get_data (tmx, NULL), g_bytes_get_size (tmx));
  edited = g_string_new (text);
  g_string_replace (edited, "name=\"Guide\"", "name=\"Sage\"", 1);
  {
    char *data = strstr (edited->str, "<data encoding=\"csv\">\n");

    ck_assert_ptr_nonnull (data);
    data += strlen ("<data encoding=\"csv\">\n");
    ck_assert (data[0] == '1' && data[1] == ',');
    data[0] = '4';
  }
  g_clear_pointer (&tmx, g_bytes_unref);
  tmx = g_string_free_to_bytes (edited);
  imported = tsr_sphere_tmx_import (tmx_path, tmx, &error);
  ck_assert_ptr_nonnull (imported);
  person = g_ptr_array_index (imported->entities, 0);
  {
    g_autofree char *name = tsr_sphere_string_to_utf8 (person->name);
    g_autoptr(GBytes) latin1 = g_bytes_new ("m\xfasica.ogg", 10);

    ck_assert_str_eq (name, "Sage");
    ck_assert (g_bytes_equal (g_ptr_array_index (imported->strings, 1), latin1));
  }
  ck_assert_uint_eq (tsr_sphere_layer_get_tile (g_ptr_array_index (imported->layers, 0), 0, 0), 3);
}
END_TEST

START_TEST (test_tmx_rejects)
{
  static const char *const bad[] = {
    "<map orientation=\"isometric\" width=\"1\" height=\"1\"></map>",
    "<map orientation=\"orthogonal\"><layer width=\"1\" height=\"1\"><data encoding=\"csv\">1</data></layer></map>",
    "<map orientation=\"orthogonal\"><tileset firstgid=\"1\" source=\"missing.tsx\"/></map>",
    "<map orientation=\"orthogonal\"",
    "not xml at all",
    /* Obstruction objects before any tile layer (found by fuzz-sphere-tmx: it read far outside). */
    "<map orientation=\"orthogonal\" width=\"1\" height=\"1\" tilewidth=\"16\" tileheight=\"16\">"
    "<objectgroup><object id=\"1\" x=\"0\" y=\"0\"><polyline points=\"0,0 1,1\"/></object></objectgroup></map>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new_static (bad[i], strlen (bad[i]));
      g_autoptr(GError) error = NULL;

      ck_assert_ptr_null (tsr_sphere_tmx_import ("/nonexistent/x.tmx", bytes, &error));
      ck_assert_msg (error != NULL && error->domain == TSR_ERROR, "case %u", i);
    }
}
END_TEST

/* XML errors are one line that says where as TMX LINE:COLUMN, without GMarkup's "Error on line"
 * and without quoting the document at length (or its control bytes). */
START_TEST (test_tmx_errors_one_line)
{
  static const char *const bad[] = {
    "<map orientation=\"orthogonal\"\n width=\"1\">\n<layer name=\"x\">",
    "<map orientation=\"orthogonal\">\n <layer <<name=\"\x1b[31m a very long attribute value that goes on and on\"/>",
    "<map orientation=\"orthogonal\">\n\n  <a b=\"1\"></c>",
    "<map orientation=\"orthogonal\">\n<layer name=\"a\" width=\"abc\" height=\"1\"></layer></map>",
  };
  static const char *const where[] = { "TMX 3:", "TMX 2:", "TMX 3:", "TMX 2:" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new_static (bad[i], strlen (bad[i]));
      g_autoptr(GError) error = NULL;

      ck_assert_ptr_null (tsr_sphere_tmx_import ("/nonexistent/x.tmx", bytes, &error));
      ck_assert_msg (g_str_has_prefix (error->message, where[i]), "case %u: %s", i, error->message);
      ck_assert_msg (strstr (error->message, "Error on line") == NULL, "%s", error->message);
      ck_assert_msg (strstr (error->message, "goes on and on") == NULL, "%s", error->message);
      for (const char *p = error->message; *p != '\0'; p++)
        ck_assert_msg ((guint8) *p >= 0x20, "case %u: control byte in %s", i, error->message);
    }
}
END_TEST


/* Bytes after a whole .rts or .rss are kept and saved back (with a warning). */
START_TEST (test_trailing_bytes)
{
  static const char *const names[] = { "test.rts", "sarah.rss" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const TsrFormat *format = i == 0 ? &tsr_sphere_rts_format : &tsr_sphere_rss_format;
      g_autoptr(GBytes) bytes = read_data (names[i]);
      g_autoptr(GByteArray) longer = g_byte_array_new ();
      g_autoptr(GBytes) input = NULL;
      g_autoptr(GPtrArray) outputs = NULL;
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autoptr(GError) error = NULL;
      gpointer data;

      g_byte_array_append (longer, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      g_byte_array_append (longer, (const guint8 *) "junk", 4);
      input = g_bytes_new (longer->data, longer->len);
      data = format->load (NULL, input, &error);
      ck_assert_ptr_nonnull (data);
      outputs = format->save (data, "x", &error);
      assert_bytes_equal (input, ((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, names[i]);
      format->validate (data, findings);
      ck_assert (has_finding (findings, TSR_SEVERITY_WARNING, "4 bytes after"));
      format->free (data);
    }
}
END_TEST

static int
run_cli (const char *const *arguments, char **output)
{
  const char *cli = g_getenv ("TSR_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *err = NULL;
  int status = -1;

  ck_assert_ptr_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; arguments[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) arguments[i]);
  g_ptr_array_add (argv, NULL);
  ck_assert (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, output, &err, &status, NULL));
  return g_spawn_check_wait_status (status, NULL) ? 0 : 1;
}

/* The CLI verbs reach the codec: info, roundtrip, validate, render, extract, convert. */
START_TEST (test_cli)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *village = data_path ("village.rmp");
  g_autofree char *png = g_build_filename (folder, "village.png", NULL);
  g_autofree char *frames = g_build_filename (folder, "frames", NULL);
  g_autofree char *tmx = g_build_filename (folder, "village.tmx", NULL);
  g_autofree char *back = g_build_filename (folder, "village.rmp", NULL);
  g_autofree char *out = NULL;
  g_autoptr(GBytes) original = read_data ("village.rmp");
  g_autoptr(GBytes) converted = NULL;

  ck_assert_int_eq (run_cli ((const char *[]) { "formats", NULL }, &out), 0);
  ck_assert (strstr (out, "sphere-rmp") && strstr (out, "sphere-rts") && strstr (out, "sphere-rss") && strstr (out, "tiled-tmx"));
  g_clear_pointer (&out, g_free);
  ck_assert_int_eq (run_cli ((const char *[]) { "info", village, NULL }, &out), 0);
  ck_assert_msg (strstr (out, "persons: 11") && strstr (out, "tileset_source: outside_neo.rts"), "%s", out);
  g_clear_pointer (&out, g_free);
  ck_assert_int_eq (run_cli ((const char *[]) { "roundtrip", village, NULL }, &out), 0);
  g_clear_pointer (&out, g_free);
  ck_assert_int_eq (run_cli ((const char *[]) { "validate", village, NULL }, &out), 0);
  g_clear_pointer (&out, g_free);
  ck_assert_int_eq (run_cli ((const char *[]) { "render", village, "-o", png, NULL }, &out), 0);
  ck_assert (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  g_clear_pointer (&out, g_free);
  ck_assert_int_eq (run_cli ((const char *[]) { "extract", village, "-o", frames, NULL }, &out), 0);
  {
    g_autofree char *tile = g_build_filename (frames, "tile-0221.png", NULL);
    g_autofree char *frame = g_build_filename (frames, "sarah-rss", "frame-0011.png", NULL);

    ck_assert (g_file_test (tile, G_FILE_TEST_IS_REGULAR));
    ck_assert (g_file_test (frame, G_FILE_TEST_IS_REGULAR));
  }
  g_clear_pointer (&out, g_free);
  ck_assert_int_eq (run_cli ((const char *[]) { "convert", village, tmx, NULL }, &out), 0);
  g_clear_pointer (&out, g_free);
  ck_assert_int_eq (run_cli ((const char *[]) { "convert", tmx, back, NULL }, &out), 0);
  converted = tsr_test_read_file (back);
  assert_bytes_equal (original, converted, "CLI .rmp -> .tmx -> .rmp");
}
END_TEST

static Suite *
sphere_suite (void)
{
  Suite *suite = suite_create ("sphere");
  TCase *codec = tcase_create ("codec");
  TCase *edits = tcase_create ("edits");
  TCase *tmx = tcase_create ("tmx");

  tcase_add_test (codec, test_roundtrip_all);
  tcase_add_test (codec, test_appended_tileset);
  tcase_add_test (codec, test_truncations);
  tcase_add_test (codec, test_bad_headers);
  tcase_add_test (codec, test_sniff);
  tcase_add_test (codec, test_spriteset_versions);
  tcase_add_test (codec, test_spriteset_version1_implied);
  tcase_add_test (codec, test_strings);
  tcase_add_test (codec, test_unknown_entity);
  tcase_add_test (codec, test_render);
  tcase_add_test (codec, test_sample);
  tcase_add_test (codec, test_trailing_bytes);
  tcase_add_test (codec, test_cli);
  tcase_add_test (edits, test_validation);
  tcase_add_test (edits, test_tileset_engine_checks);
  tcase_add_test (edits, test_tileset_too_many_tiles);
  tcase_add_test (edits, test_spriteset_engine_errors);
  tcase_add_test (edits, test_edit_layers);
  tcase_add_test (edits, test_edit_entities_and_tileset);
  suite_add_tcase (suite, codec);
  suite_add_tcase (suite, edits);
  tcase_add_test (tmx, test_tmx_roundtrip);
  tcase_add_test (tmx, test_tmx_edits);
  tcase_add_test (tmx, test_tmx_rejects);
  tcase_add_test (tmx, test_tmx_errors_one_line);
  suite_add_tcase (suite, tmx);
  return suite;
}

/* "test-sphere --generate-sample SOURCE_ROOT" writes data/samples/sphere/ (the generator). */
static int
generate_sample (const char *root)
{
  g_autoptr(TsrSphereMap) map = sample_build_map ();
  g_autoptr(TsrSphereTileset) tileset = sample_build_tileset ();
  g_autoptr(TsrSphereSpriteset) spriteset = sample_build_spriteset ();
  g_autofree char *maps = g_build_filename (root, "data", "samples", "sphere", "maps", NULL);
  g_autofree char *spritesets = g_build_filename (root, "data", "samples", "sphere", "spritesets", NULL);
  g_autoptr(GPtrArray) outputs = tsr_output_files_new ();
  g_autoptr(GError) error = NULL;

  g_mkdir_with_parents (maps, 0755);
  g_mkdir_with_parents (spritesets, 0755);
  const char *names[] = { "sample.rmp", "sample.rts", "guide.rss" };
  GBytes *contents[] = { tsr_sphere_map_serialize (map), tsr_sphere_tileset_serialize (tileset),
                         tsr_sphere_spriteset_serialize (spriteset) };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (i < 2 ? maps : spritesets, names[i], NULL);

      g_ptr_array_add (outputs, tsr_output_file_new (path, contents[i]));
      g_bytes_unref (contents[i]);
    }
  if (!tsr_files_write_atomic (outputs, FALSE, &error))
    {
      g_printerr ("test-sphere: %s\n", error->message);
      return 1;
    }
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc == 3 && g_strcmp0 (argv[1], "--generate-sample") == 0)
    return generate_sample (argv[2]);
  data_dir = tsr_test_data_require ("sphere");
  return tsr_test_run_suite (sphere_suite ());
}
