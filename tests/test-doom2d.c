/* test-doom2d.c: the Doom2D Forever codec: real files round trip byte for byte, binary <-> text,
 * DFWAD edits keep other resources, truncations fail cleanly, the schema tables are consistent,
 * edits keep references right, validation finds what it should, resources resolve. */
#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <zlib.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "core/tsr-finding.h"
#include "core/tsr-image.h"
#include "core/tsr-tga.h"
#include "core/tsr-writer.h"
#include "formats/doom2d/tsr-doom2d-config.h"
#include "formats/doom2d/tsr-doom2d-formats.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-pack.h"
#include "formats/doom2d/tsr-doom2d-render.h"
#include "formats/doom2d/tsr-doom2d-resources.h"
#include "formats/doom2d/tsr-doom2d-wad.h"
#include "tsr-test-common.h"

#if TSR_DOOM2D_HAVE_LIBZIP
#include <zip.h>
#endif

static char *data_dir;

static GPtrArray *
real_files (const char *suffix)
{
  const char *suffixes[] = { suffix, NULL };
  return tsr_test_data_list (data_dir, suffixes);
}

static GBytes *
first_real_map (void)
{
  g_autoptr(GPtrArray) maps = real_files (".map");
  ck_assert_uint_gt (maps->len, 0);
  return tsr_test_read_file (g_ptr_array_index (maps, 0));
}

/* The hand-checked real DFWAD the layout tests are written against: canonical (streams in
 * directory order, no gaps), sections TEXT and TEXTURES, TEXT/ANIM a stream at offset 104. Other
 * real archives need not be canonical (VETERAN stores its maps out of order). */
static GBytes *
canonical_real_wad (void)
{
  g_autofree char *path = g_build_filename (data_dir, "dfwad_W73A_1.wad", NULL);
  return tsr_test_read_file (path);
}

static char *
sample_path (const char *name)
{
  const char *root = g_getenv ("TSR_SOURCE_ROOT");
  ck_assert_ptr_nonnull (root);
  return g_build_filename (root, "data", "samples", name, NULL);
}

static guint
count_errors (const TsrDoom2dMap *map)
{
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  tsr_doom2d_map_validate (map, findings);
  return tsr_findings_count (findings, TSR_SEVERITY_ERROR);
}

static gboolean
has_finding (const TsrDoom2dMap *map,
             const char         *needle)
{
  g_autoptr(GPtrArray) findings = tsr_findings_new ();

  tsr_doom2d_map_validate (map, findings);
  for (guint i = 0; i < findings->len; i++)
    {
      g_autofree char *text = tsr_finding_to_string (g_ptr_array_index (findings, i));
      if (strstr (text, needle) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Every real file, through the registry as the CLI does it, saves back identical. */
START_TEST (test_real_files_roundtrip)
{
  g_autoptr(TsrFormatRegistry) registry = tsr_format_registry_new ();
  const char *suffixes[] = { ".map", ".wad", ".dfwad", ".txt", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (data_dir, suffixes);
  guint checked = 0;

  tsr_formats_register_builtin (registry);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) outputs = NULL;
      const TsrFormat *format = tsr_format_registry_detect (registry, g_bytes_get_data (bytes, NULL),
                                                            g_bytes_get_size (bytes), path, &error);
      gpointer data;

      ck_assert_msg (format != NULL, "%s: %s", path, error ? error->message : "");
      ck_assert_str_eq (format->family, "doom2d");
      data = format->load (path, bytes, &error);
      ck_assert_msg (data != NULL, "%s: %s", path, error ? error->message : "");
      outputs = format->save (data, path, &error);
      ck_assert_msg (outputs != NULL, "%s: %s", path, error ? error->message : "");
      ck_assert_uint_eq (outputs->len, 1);
      ck_assert_msg (g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, bytes),
                     "%s: saved bytes differ", path);
      format->free (data);
      checked++;
    }
  ck_assert_uint_ge (checked, 2);
  tsr_test_report_count ("doom2d maps and DFWADs round-tripped", checked);
}
END_TEST

/* binary -> text -> binary gives the same bytes, and the text is stable. */
START_TEST (test_binary_text_binary)
{
  g_autoptr(GPtrArray) maps = real_files (".map");
  guint checked = 0;

  for (guint i = 0; i < maps->len; i++)
    {
      g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (maps, i));
      g_autoptr(GError) error = NULL;
      TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
      g_autoptr(GBytes) text = NULL, again = NULL, text_again = NULL;
      TsrDoom2dMap *from_text;
      g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);

      ck_assert_msg (map != NULL, "%s", error ? error->message : "");
      text = tsr_doom2d_map_write_text (map);
      ck_assert (tsr_doom2d_map_sniff_text (g_bytes_get_data (text, NULL), g_bytes_get_size (text)));
      from_text = tsr_doom2d_map_read_text (g_bytes_get_data (text, NULL), g_bytes_get_size (text), &error);
      ck_assert_msg (from_text != NULL, "%s", error ? error->message : "");
      tsr_doom2d_map_binary_losses (from_text, lost);
      ck_assert_uint_eq (lost->len, 0);
      again = tsr_doom2d_map_write_binary (from_text);
      ck_assert (g_bytes_equal (again, bytes));
      text_again = tsr_doom2d_map_write_text (from_text);
      ck_assert (g_bytes_equal (text_again, text));
      /* The real map needs no raw comments: every byte is a field. */
      ck_assert_ptr_null (g_strstr_len (g_bytes_get_data (text, NULL), g_bytes_get_size (text), "tessera-raw"));
      tsr_doom2d_map_free (map);
      tsr_doom2d_map_free (from_text);
      checked++;
    }
  tsr_test_report_count ("doom2d maps through text and back", checked);
}
END_TEST

/* Bytes no field covers survive the text form through the raw comment. */
START_TEST (test_text_keeps_unknown_bytes)
{
  g_autoptr(GBytes) bytes = first_real_map ();
  g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  gsize size = g_bytes_get_size (bytes);
  TsrDoom2dMap *map, *from_text;
  g_autoptr(GBytes) text = NULL, again = NULL;
  g_autoptr(GError) error = NULL;

  /* Garbage after the NUL of the map name (header data starts at 13) and in a trigger's unused
   * data bytes (the last 8 bytes before the end block). */
  copy[13 + 20] = 'x';
  copy[size - 9 - 4] = 0x5a;
  map = tsr_doom2d_map_read_binary (copy, size, &error);
  ck_assert_msg (map != NULL, "%s", error ? error->message : "");
  text = tsr_doom2d_map_write_text (map);
  ck_assert_ptr_nonnull (g_strstr_len (g_bytes_get_data (text, NULL), g_bytes_get_size (text), "tessera-raw"));
  from_text = tsr_doom2d_map_read_text (g_bytes_get_data (text, NULL), g_bytes_get_size (text), &error);
  ck_assert_msg (from_text != NULL, "%s", error ? error->message : "");
  again = tsr_doom2d_map_write_binary (from_text);
  ck_assert_uint_eq (g_bytes_get_size (again), size);
  ck_assert (memcmp (g_bytes_get_data (again, NULL), copy, size) == 0);
  tsr_doom2d_map_free (map);
  tsr_doom2d_map_free (from_text);
}
END_TEST

/* Block order, reserved words, empty blocks and bytes after the end survive binary and text. */
START_TEST (test_odd_block_layout)
{
  TsrWriter *writer = tsr_writer_new ();
  guint8 header[452] = { 'O', 'D', 'D' };
  guint8 area[10] = { 16, 0, 0, 0, 32, 0, 0, 0, 1, 0 };
  g_autoptr(GBytes) bytes = NULL, saved = NULL, text = NULL, again = NULL;
  TsrDoom2dMap *map, *from_text;
  g_autoptr(GError) error = NULL;

  header[448] = 64;
  header[450] = 64;
  tsr_writer_write_bytes (writer, (const guint8 *) "MAP\1", 4);
  tsr_writer_write_u8 (writer, 4);          /* areas before the header */
  tsr_writer_write_u32_le (writer, 0);
  tsr_writer_write_u32_le (writer, 10);
  tsr_writer_write_bytes (writer, area, 10);
  tsr_writer_write_u8 (writer, 7);
  tsr_writer_write_u32_le (writer, 0xbeef); /* a reserved word that is not 0 */
  tsr_writer_write_u32_le (writer, 452);
  tsr_writer_write_bytes (writer, header, 452);
  tsr_writer_write_u8 (writer, 3);          /* an empty item block */
  tsr_writer_write_u32_le (writer, 0);
  tsr_writer_write_u32_le (writer, 0);
  tsr_writer_write_u8 (writer, 0);
  tsr_writer_write_u32_le (writer, 1);
  tsr_writer_write_u32_le (writer, 2);
  tsr_writer_write_bytes (writer, (const guint8 *) "xy", 2);
  bytes = tsr_writer_free_to_bytes (writer);

  map = tsr_doom2d_map_read_binary (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  ck_assert_msg (map != NULL, "%s", error ? error->message : "");
  saved = tsr_doom2d_map_write_binary (map);
  ck_assert (g_bytes_equal (saved, bytes));
  text = tsr_doom2d_map_write_text (map);
  ck_assert_ptr_nonnull (g_strstr_len (g_bytes_get_data (text, NULL), g_bytes_get_size (text),
                                       "tessera-blocks: 4 7:beef 3! 0:1 size=2 tail=7879"));
  from_text = tsr_doom2d_map_read_text (g_bytes_get_data (text, NULL), g_bytes_get_size (text), &error);
  ck_assert_msg (from_text != NULL, "%s", error ? error->message : "");
  again = tsr_doom2d_map_write_binary (from_text);
  ck_assert (g_bytes_equal (again, bytes));

  /* Emptied by an edit, the area block goes; the item block, empty in the file, stays. */
  tsr_doom2d_map_remove (map, TSR_DOOM2D_KIND_AREA, 0);
  g_clear_pointer (&saved, g_bytes_unref);
  saved = tsr_doom2d_map_write_binary (map);
  ck_assert_uint_eq (g_bytes_get_size (saved), g_bytes_get_size (bytes) - 19);
  tsr_doom2d_map_free (map);
  tsr_doom2d_map_free (from_text);
}
END_TEST

/* An empty text input (NULL data) is an error naming line 1, with no arithmetic on NULL (UBSan
 * under fuzz-doom2d-text found it). */
START_TEST (test_empty_text_fails_cleanly)
{
  g_autoptr(GError) error = NULL;
  TsrDoom2dMap *map = tsr_doom2d_map_read_text (NULL, 0, &error);

  ck_assert_ptr_null (map);
  ck_assert_ptr_nonnull (error);
}
END_TEST

START_TEST (test_truncated_map_fails_cleanly)
{
  g_autoptr(GBytes) bytes = first_real_map ();
  gsize size = g_bytes_get_size (bytes);
  const guint8 *data = g_bytes_get_data (bytes, NULL);

  for (gsize length = 0; length < size; length++)
    {
      g_autofree guint8 *copy = g_memdup2 (data, length);
      g_autoptr(GError) error = NULL;
      TsrDoom2dMap *map = tsr_doom2d_map_read_binary (copy, length, &error);

      ck_assert_msg (map == NULL, "a map cut at %" G_GSIZE_FORMAT " bytes loaded", length);
      ck_assert (error != NULL && error->domain == TSR_ERROR);
      ck_assert_msg (strstr (error->message, "offset") != NULL, "%s", error->message);
    }
  tsr_test_report_count ("doom2d map truncations", (guint) size);
}
END_TEST

START_TEST (test_truncated_text_and_wad_fail_cleanly)
{
  g_autoptr(GBytes) bytes = first_real_map ();
  TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL);
  g_autoptr(GBytes) text = tsr_doom2d_map_write_text (map);
  g_autoptr(GBytes) wad = canonical_real_wad ();
  const guint8 *data = g_bytes_get_data (text, NULL);
  gsize size = g_bytes_get_size (text);
  guint checked = 0;

  for (gsize length = 0; length < size; length += 3)
    {
      g_autoptr(GError) error = NULL;
      TsrDoom2dMap *cut = tsr_doom2d_map_read_text (data, length, &error);

      ck_assert_msg (cut == NULL, "a text map cut at %" G_GSIZE_FORMAT " bytes loaded", length);
      ck_assert (error != NULL && error->domain == TSR_ERROR);
      checked++;
    }
  for (gsize length = 0; length < g_bytes_get_size (wad); length++)
    {
      g_autoptr(GBytes) cut = g_bytes_new_from_bytes (wad, 0, length);
      g_autoptr(GError) error = NULL;
      TsrDoom2dWad *archive = tsr_doom2d_wad_read (cut, &error);

      ck_assert_msg (archive == NULL, "a DFWAD cut at %" G_GSIZE_FORMAT " bytes loaded", length);
      ck_assert (error != NULL && error->domain == TSR_ERROR);
      checked++;
    }
  tsr_doom2d_map_free (map);
  tsr_test_report_count ("doom2d text and DFWAD truncations", checked);
}
END_TEST

START_TEST (test_bad_binary_maps)
{
  static const struct { const char *bytes; gsize size; int code; } cases[] = {
    { "MAQ\1", 4, TSR_ERROR_BAD_MAGIC },
    { "MAP\2", 4, TSR_ERROR_UNSUPPORTED_VERSION },
    { "MAP\1\011\0\0\0\0\0\0\0\0", 13, TSR_ERROR_INVALID },              /* block type 9 */
    { "MAP\1\002\0\0\0\0\005\0\0\0xxxxx\0\0\0\0\0\0\0\0\0", 27, TSR_ERROR_INVALID }, /* 5 % 18 */
    { "MAP\1\0\0\0\0\0\0\0\0\0", 13, TSR_ERROR_INVALID },                 /* no header */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      TsrDoom2dMap *map = tsr_doom2d_map_read_binary ((const guint8 *) cases[i].bytes, cases[i].size, &error);
      ck_assert_ptr_null (map);
      ck_assert_msg (g_error_matches (error, TSR_ERROR, cases[i].code), "case %u: %s", i,
                     error ? error->message : "");
    }
}
END_TEST

/* The tables agree with themselves: fields inside their records, none overlapping. */
START_TEST (test_schema_tables)
{
  for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
    {
      const TsrDoom2dRecordType *type = tsr_doom2d_record_type (k);
      g_autofree guint8 *used = g_new0 (guint8, type->table.size);

      ck_assert_ptr_eq (tsr_doom2d_record_type_by_block (type->binblock), type);
      ck_assert_ptr_eq (tsr_doom2d_record_type_by_name (type->table.name), type);
      for (guint f = 0; f < type->table.n_fields; f++)
        {
          const TsrField *field = &type->table.fields[f];
          gsize width = tsr_field_get_size (field);

          if (field->offset < 0)
            continue;
          ck_assert_uint_le (field->offset + width, type->table.size);
          for (gsize b = 0; b < width; b++)
            {
              ck_assert_msg (!used[field->offset + b], "%s.%s overlaps", type->table.name, field->name);
              used[field->offset + b] = 1;
            }
        }
    }
  for (guint t = 0; t < 40; t++)
    {
      const TsrDoom2dTriggerLayout *layout = tsr_doom2d_trigger_layout (t);
      guint8 used[TSR_DOOM2D_TRIGGER_DATA_SIZE] = { 0 };

      if (layout == NULL)
        continue;
      for (guint f = 0; f < layout->table.n_fields; f++)
        {
          gsize width = tsr_field_get_size (&layout->table.fields[f]);
          if (layout->table.fields[f].offset < 0)
            continue;
          ck_assert_uint_le (layout->table.fields[f].offset + width, TSR_DOOM2D_TRIGGER_DATA_SIZE);
          for (gsize b = 0; b < width; b++)
            {
              ck_assert_msg (!used[layout->table.fields[f].offset + b], "%s.%s overlaps", layout->table.name,
                             layout->table.fields[f].name);
              used[layout->table.fields[f].offset + b] = 1;
            }
        }
    }
  /* The indices the codec uses by meaning name the fields they claim to. */
  ck_assert_str_eq (tsr_doom2d_record_type (TSR_DOOM2D_KIND_HEADER)->table.fields[TSR_DOOM2D_HEADER_SIZE].name, "size");
  ck_assert_str_eq (tsr_doom2d_record_type (TSR_DOOM2D_KIND_PANEL)->table.fields[TSR_DOOM2D_PANEL_TYPE].name, "type");
  ck_assert_str_eq (tsr_doom2d_record_type (TSR_DOOM2D_KIND_PANEL)->table.fields[TSR_DOOM2D_PANEL_TEXTURE].name, "texture");
  ck_assert_str_eq (tsr_doom2d_record_type (TSR_DOOM2D_KIND_PANEL)->table.fields[TSR_DOOM2D_PANEL_FLAGS].name, "flags");
  {
    gint64 hide = 0;

    ck_assert (tsr_field_enum_lookup (tsr_doom2d_enum_by_name ("PanelFlag"), "PANEL_FLAG_HIDE", &hide));
    ck_assert_int_eq (hide, TSR_DOOM2D_PANEL_FLAG_HIDE);
  }
  ck_assert_str_eq (tsr_doom2d_record_type (TSR_DOOM2D_KIND_TRIGGER)->table.fields[TSR_DOOM2D_TRIGGER_TYPE].name, "type");
  ck_assert_str_eq (tsr_doom2d_record_type (TSR_DOOM2D_KIND_TRIGGER)->table.fields[TSR_DOOM2D_TRIGGER_TEXTURE_PANEL].name, "texture_panel");
  ck_assert_str_eq (tsr_doom2d_record_type (TSR_DOOM2D_KIND_TRIGGER)->table.fields[TSR_DOOM2D_TRIGGER_DATA].name, "triggerdata");
  ck_assert_str_eq (tsr_doom2d_record_type (TSR_DOOM2D_KIND_AREA)->table.fields[TSR_DOOM2D_THING_TYPE].name, "type");
  ck_assert_str_eq (tsr_doom2d_record_type (TSR_DOOM2D_KIND_TEXTURE)->table.fields[TSR_DOOM2D_TEXTURE_PATH].name, "path");
}
END_TEST

START_TEST (test_cp1251)
{
  const guint8 encoded[] = { 0xcf, 0xd0, 0xce, 0xd1, 0xd2, 0xce, 0xd2, 0xc0, 0x98, 'A' };
  g_autofree char *text = tsr_doom2d_cp1251_to_utf8 (encoded, sizeof encoded);
  g_autoptr(GByteArray) back = tsr_doom2d_utf8_to_cp1251 (text);

  ck_assert (g_str_has_prefix (text, "ПРОСТОТА"));
  ck_assert_uint_eq (back->len, sizeof encoded);
  ck_assert (memcmp (back->data, encoded, sizeof encoded) == 0);
}
END_TEST

static TsrDoom2dMap *
load_sample (void)
{
  g_autofree char *path = sample_path ("doom2d-sample.txt");
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(GError) error = NULL;
  TsrDoom2dMap *map = tsr_doom2d_map_read_text (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);

  ck_assert_msg (map != NULL, "%s", error ? error->message : "");
  return map;
}

START_TEST (test_sample_map)
{
  g_autofree char *binary_path = sample_path ("doom2d-sample.map");
  g_autofree char *text_path = sample_path ("doom2d-sample.txt");
  g_autoptr(GBytes) binary = tsr_test_read_file (binary_path);
  g_autoptr(GBytes) text = tsr_test_read_file (text_path);
  TsrDoom2dMap *map = load_sample ();
  g_autoptr(GBytes) written = tsr_doom2d_map_write_binary (map);
  g_autoptr(GBytes) written_text = tsr_doom2d_map_write_text (map);
  g_autoptr(TsrImage) image = NULL;
  g_autoptr(GError) error = NULL;

  ck_assert (g_bytes_equal (written, binary));
  ck_assert (g_bytes_equal (written_text, text));
  ck_assert_uint_eq (count_errors (map), 0);
  ck_assert_uint_ge (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER), 2);
  image = tsr_doom2d_map_render (map, NULL, 0, 0, &error);
  ck_assert_ptr_nonnull (image);
  ck_assert_uint_eq (image->width, 640);
  ck_assert_uint_eq (image->height, 480);
  /* The floor (a wall at y 448..480) is drawn in the wall colour. */
  ck_assert_uint_eq (image->pixels[(470 * 640 + 300) * 4], 0x90);
  tsr_doom2d_map_free (map);
}
END_TEST

/* Records read from binary (one storage per block) and from text (batches of 64) may be taken
 * out of their map and outlive it, values replaced by memory of their own or not; a trigger's
 * empty script names hold nothing and are not written. 70 items cross a text batch. */
START_TEST (test_records_outlive_their_map)
{
  g_autoptr(GString) text = g_string_new ("map {\n  size (640 480);\n");
  g_autoptr(GBytes) binary = NULL;
  g_autoptr(GBytes) written = NULL;
  TsrDoom2dMap *from_text;

  for (guint i = 0; i < 70; i++)
    g_string_append_printf (text, "  item item%u { position (%u %u); type ITEM_AMMO_BULLETS; }\n", i, i, 2 * i);
  g_string_append (text, "  trigger trigger0 { position (1 2); size (3 4); type TRIGGER_EXIT; }\n}\n");
  from_text = tsr_doom2d_map_read_text ((const guint8 *) text->str, text->len, NULL);
  ck_assert_ptr_nonnull (from_text);
  ck_assert_uint_eq (tsr_doom2d_map_count (from_text, TSR_DOOM2D_KIND_ITEM), 70);
  {
    const TsrDoom2dRecord *trigger = tsr_doom2d_map_get (from_text, TSR_DOOM2D_KIND_TRIGGER, 0);
    int script = tsr_field_table_find (&tsr_doom2d_record_get_type (trigger)->table, "exoma_init");

    ck_assert_int_ge (script, 0);
    ck_assert_ptr_null (trigger->values[script].text);
    written = tsr_doom2d_map_write_text (from_text);
    ck_assert_ptr_null (g_strstr_len (g_bytes_get_data (written, NULL), (gssize) g_bytes_get_size (written), "exoma"));
  }
  binary = tsr_doom2d_map_write_binary (from_text);

  for (guint form = 0; form < 2; form++)
    {
      TsrDoom2dMap *map = form == 0 ? from_text
                                    : tsr_doom2d_map_read_binary (g_bytes_get_data (binary, NULL),
                                                                  g_bytes_get_size (binary), NULL);
      TsrDoom2dRecord *first, *last, *trigger;

      ck_assert_ptr_nonnull (map);
      first = g_ptr_array_steal_index (map->records[TSR_DOOM2D_KIND_ITEM], 0);
      last = g_ptr_array_steal_index (map->records[TSR_DOOM2D_KIND_ITEM], 68);
      trigger = g_ptr_array_steal_index (map->records[TSR_DOOM2D_KIND_TRIGGER], 0);
      /* One record's values become its own memory. */
      last->values = g_memdup2 (last->values, tsr_doom2d_record_get_type (last)->table.n_fields * sizeof *last->values);
      tsr_doom2d_map_free (map);
      ck_assert_int_eq (first->values[TSR_DOOM2D_THING_POSITION].v[1], 0);
      ck_assert_int_eq (last->values[TSR_DOOM2D_THING_POSITION].v[0], 69);
      ck_assert_int_eq (last->values[TSR_DOOM2D_THING_POSITION].v[1], 138);
      ck_assert_int_eq (trigger->values[TSR_DOOM2D_TRIGGER_SIZE].v[1], 4);
      tsr_doom2d_record_free (first);
      tsr_doom2d_record_free (trigger);
      tsr_doom2d_record_free (last);
    }
}
END_TEST

/* The binary writer encodes a block's records together, copying the kept bytes of records read
 * together at once: a block of more records than it gathers at a time, with records moved, one
 * with values of its own, one with bytes of its own, one without bytes and one made in memory,
 * writes each record as it would be written alone, and reads back to the same values. */
START_TEST (test_binary_block_of_mixed_records)
{
  g_autoptr(GString) text = g_string_new ("map {\n  size (4000 4000);\n  texture t { path 'a'; }\n");
  g_autoptr(GBytes) first = NULL, written = NULL;
  TsrDoom2dMap *map, *again;
  GPtrArray *panels;
  TsrDoom2dRecord *own;
  guint n_fields = tsr_doom2d_record_type (TSR_DOOM2D_KIND_PANEL)->table.n_fields;
  gsize size = tsr_doom2d_record_type (TSR_DOOM2D_KIND_PANEL)->table.size;

  for (guint i = 0; i < 600; i++)
    g_string_append_printf (text, "  panel { position (%u %u); size (16 16); texture t; type PANEL_WALL; }\n", i, i % 7);
  g_string_append (text, "  trigger { position (1 2); size (3 4); type TRIGGER_EXIT; triggerdata { map 'MAP02'; } }\n}\n");
  map = tsr_doom2d_map_read_text ((const guint8 *) text->str, text->len, NULL);
  ck_assert_ptr_nonnull (map);
  first = tsr_doom2d_map_write_binary (map);
  tsr_doom2d_map_free (map);
  map = tsr_doom2d_map_read_binary (g_bytes_get_data (first, NULL), g_bytes_get_size (first), NULL);
  ck_assert_ptr_nonnull (map);
  panels = map->records[TSR_DOOM2D_KIND_PANEL];

  /* Moved: panels 10 and 300 change places. */
  own = panels->pdata[10];
  panels->pdata[10] = panels->pdata[300];
  panels->pdata[300] = own;
  /* Values of its own, changed. */
  own = panels->pdata[20];
  own->values = g_memdup2 (own->values, n_fields * sizeof *own->values);
  own->values[TSR_DOOM2D_PANEL_POSITION].v[0] = -5;
  /* Bytes of its own, and no bytes at all. */
  own = panels->pdata[255];
  own->raw = g_memdup2 (own->raw, size);
  own = panels->pdata[256];
  own->raw = NULL;
  own->values[TSR_DOOM2D_PANEL_POSITION].v[1] = 77;
  /* Made in memory, between read ones. */
  own = tsr_doom2d_record_new (TSR_DOOM2D_KIND_PANEL);
  own->values[TSR_DOOM2D_PANEL_POSITION].v[0] = 1234;
  own->values[TSR_DOOM2D_PANEL_TEXTURE].v[0] = 0;
  g_ptr_array_insert (panels, 400, own);

  written = tsr_doom2d_map_write_binary (map);
  again = tsr_doom2d_map_read_binary (g_bytes_get_data (written, NULL), g_bytes_get_size (written), NULL);
  ck_assert_ptr_nonnull (again);
  for (guint k = 1; k < TSR_DOOM2D_N_KINDS; k++)
    {
      const TsrFieldTable *table = &tsr_doom2d_record_type (k)->table;

      ck_assert_uint_eq (tsr_doom2d_map_count (again, k), tsr_doom2d_map_count (map, k));
      for (guint i = 0; i < tsr_doom2d_map_count (map, k); i++)
        {
          const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, k, i);
          const TsrDoom2dRecord *read = tsr_doom2d_map_get (again, k, i);
          guint8 expected[18];

          if (k == TSR_DOOM2D_KIND_PANEL)
            {
              /* Every byte of a panel is a field's: its bytes by hand. */
              const TsrFieldValue *v = record->values;
              guint32 words[2] = { GUINT32_TO_LE ((guint32) v[TSR_DOOM2D_PANEL_POSITION].v[0]),
                                   GUINT32_TO_LE ((guint32) v[TSR_DOOM2D_PANEL_POSITION].v[1]) };
              guint16 halves[4] = { GUINT16_TO_LE ((guint16) v[TSR_DOOM2D_PANEL_SIZE].v[0]),
                                    GUINT16_TO_LE ((guint16) v[TSR_DOOM2D_PANEL_SIZE].v[1]),
                                    GUINT16_TO_LE ((guint16) v[TSR_DOOM2D_PANEL_TEXTURE].v[0]),
                                    GUINT16_TO_LE ((guint16) v[TSR_DOOM2D_PANEL_TYPE].v[0]) };

              ck_assert_uint_eq (table->size, sizeof expected);
              memcpy (expected, words, 8);
              memcpy (expected + 8, halves, 8);
              expected[16] = (guint8) v[TSR_DOOM2D_PANEL_TYPE + 1].v[0];
              expected[17] = (guint8) v[TSR_DOOM2D_PANEL_TYPE + 2].v[0];
              ck_assert_msg (memcmp (expected, read->raw, table->size) == 0, "panel %u written otherwise", i);
            }
          else
            ck_assert_msg (memcmp (record->raw, read->raw, table->size) == 0, "%s %u written otherwise",
                           table->name, i);
          for (guint f = 0; f < table->n_fields; f++)
            if (table->fields[f].offset >= 0 && table->fields[f].type != TSR_FIELD_BYTES)
              ck_assert_msg (tsr_field_value_equal (&table->fields[f], &record->values[f], &read->values[f]),
                             "%s %u: %s", table->name, i, table->fields[f].name);
        }
    }
  ck_assert_int_eq (tsr_doom2d_map_get (again, TSR_DOOM2D_KIND_PANEL, 10)->values[TSR_DOOM2D_PANEL_POSITION].v[0], 300);
  ck_assert_int_eq (tsr_doom2d_map_get (again, TSR_DOOM2D_KIND_PANEL, 20)->values[TSR_DOOM2D_PANEL_POSITION].v[0], -5);
  ck_assert_int_eq (tsr_doom2d_map_get (again, TSR_DOOM2D_KIND_PANEL, 256)->values[TSR_DOOM2D_PANEL_POSITION].v[1], 77);
  ck_assert_int_eq (tsr_doom2d_map_get (again, TSR_DOOM2D_KIND_PANEL, 400)->values[TSR_DOOM2D_PANEL_POSITION].v[0], 1234);
  ck_assert_str_eq (tsr_doom2d_map_get (again, TSR_DOOM2D_KIND_TRIGGER, 0)->data_values[0].text, "MAP02");
  tsr_doom2d_map_free (again);
  tsr_doom2d_map_free (map);
}
END_TEST

/* Named references in text, writedefault, enums and bitsets. */
START_TEST (test_text_syntax)
{
  const char *text =
    "// comment\nmap {\n name \"X\"; size (100 100); /* block comment */\n"
    " texture t { path '_water_1'; }\n"
    " panel door { position (10 10); size (16 32); texture t; type PANEL_OPENDOOR | PANEL_BLOCKMON; move_speed (1 0); }\n"
    " monster m { position (1 2); type MONSTER_IMP; }\n"
    " area a { position (50 50); type AREA_DMPOINT; }\n"
    " trigger { position (0 0); size (8 8); type TRIGGER_PRESS; activate_type ACTIVATE_PLAYERCOLLIDE | 64;\n"
    "   triggerdata { position (1 1); monsterid m; pressCount 3; } exoma_init \"x\"; }\n"
    " trigger { position (0 0); size (8 8); type TRIGGER_DOOR; triggerdata { panelid door; } }\n"
    "}\n";
  g_autoptr(GError) error = NULL;
  TsrDoom2dMap *map = tsr_doom2d_map_read_text ((const guint8 *) text, strlen (text), &error);
  TsrDoom2dRecord *press, *door, *panel;
  g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GBytes) written = NULL;

  ck_assert_msg (map != NULL, "%s", error ? error->message : "");
  panel = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, 0);
  ck_assert_int_eq (panel->values[TSR_DOOM2D_PANEL_TYPE].v[0], 512 | 2048);
  press = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, 0);
  ck_assert_int_eq (press->values[5].v[0], 1 | 64);
  ck_assert_int_eq (press->data_values[4].v[0], 0);    /* monsterid -> monster 0 */
  ck_assert_int_eq (press->data_values[3].v[0], 3);    /* the alias pressCount */
  door = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, 1);
  ck_assert_int_eq (door->data_values[0].v[0], 0);
  ck_assert_uint_eq (count_errors (map), 0);

  tsr_doom2d_map_binary_losses (map, lost);
  ck_assert_uint_eq (lost->len, 2);
  ck_assert_str_eq (g_ptr_array_index (lost, 0), "panel 0: move_speed");
  ck_assert_str_eq (g_ptr_array_index (lost, 1), "trigger 0: exoma_init");

  written = tsr_doom2d_map_write_text (map);
  ck_assert_ptr_nonnull (g_strstr_len (g_bytes_get_data (written, NULL), -1,
                                       "type PANEL_OPENDOOR | PANEL_BLOCKMON;"));
  ck_assert_ptr_nonnull (g_strstr_len (g_bytes_get_data (written, NULL), -1, "monsterid monster0;"));
  ck_assert_ptr_nonnull (g_strstr_len (g_bytes_get_data (written, NULL), -1, "move_speed (1 0);"));
  /* Defaults stay out unless writedefault: "enabled true" is the default. */
  ck_assert_ptr_null (g_strstr_len (g_bytes_get_data (written, NULL), -1, "enabled"));
  tsr_doom2d_map_free (map);
}
END_TEST

/* The text reader's fast path (lines as the writer writes them) and its general path agree: the
 * real map's text, changed in one line past its middle, reads to the same map or fails with the
 * same message (line and offset) as the same text with a tab for the space after each line's
 * first word, which only the general path reads. */
static char *
replace_past_middle (const char *text,
                     const char *find,
                     const char *replacement)
{
  const char *at = strstr (text + strlen (text) / 2, find);

  ck_assert_msg (at != NULL, "%s not in the second half", find);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, replacement, at + strlen (find));
}

static char *
read_and_write_text (const char *text,
                     char      **message)
{
  g_autoptr(GError) error = NULL;
  TsrDoom2dMap *map = tsr_doom2d_map_read_text ((const guint8 *) text, strlen (text), &error);
  g_autoptr(GBytes) written = NULL;

  *message = NULL;
  if (map == NULL)
    {
      ck_assert (error != NULL);
      *message = g_strdup (error->message);
      return NULL;
    }
  written = tsr_doom2d_map_write_text (map);
  tsr_doom2d_map_free (map);
  return g_strndup (g_bytes_get_data (written, NULL), g_bytes_get_size (written));
}

START_TEST (test_text_fast_path_agrees)
{
  static const struct {
    const char *find, *replacement;
    gboolean    loads;
  } cases[] = {
    { "size (32 32);", "size (32 32);", TRUE },
    { "size (32 32);", "size (32 -1);", FALSE },
    { "size (32 32);", "size (32 99999);", FALSE },
    { "size (32 32);", "size (32,32);", TRUE },
    { "size (32 32);", "size (32 032);", TRUE },
    { "size (32 32);", "size (32  32) ;", TRUE },
    { "size (32 32);", "size (32 32); // a note", TRUE },
    { "size (32 32);", "size (32 1234567890);", FALSE },
    { "size (32 32);", "size (32 32 32);", FALSE },
    { "    size (32 32);\n", "    size (32 32);\n    position (1 1);\n", TRUE },
    { "type PANEL_WALL;", "type PANEL_WALLS;", FALSE },
    { "type PANEL_WALL;", "type panel_wall;", TRUE },
    { "type PANEL_WALL;", "type PANEL_WALL|PANEL_BLOCKMON;", TRUE },
    { "type PANEL_WALL;", "type 70000;", FALSE },
    { "type PANEL_WALL;", "type -1;", FALSE },
    { "type PANEL_WALL;", "type 1;", TRUE },
    { "type PANEL_WALL;", "type PANEL_WALL;\n    type PANEL_BACK;", TRUE },
    { "type PANEL_WALL;", "type PANEL_WALL", FALSE },
    { "texture texture7;", "texture texture99;", FALSE },
    { "texture texture7;", "texture texture07;", FALSE },
    { "texture texture7;", "texture null;", TRUE },
    { "texture texture7;", "textur texture7;", FALSE },
    { "texture texture7;", "texture texture7 ;", TRUE },
    { "direction DIR_RIGHT;", "direction DIR_UP;", FALSE },
    { "direction DIR_RIGHT;", "direction DIR_LEFT;", TRUE },
    { "d2d true;", "d2d maybe;", FALSE },
    { "d2d true;", "d2d 1;", TRUE },
    { "d2d true;", "d2d false;", TRUE },
    { "d2d true;", "d2d truest;", FALSE },
    { "\n  panel panel", "\n  panel panel0", TRUE },
    { "\n  panel panel", "\n  panel  panel", TRUE },
    { "\n  panel panel", "\n  item panel", FALSE },
    { "\n  panel panel", "\n  panel", FALSE },
    { "\n  panel panel", "\n  panel p", TRUE },
    { "  }\n\n  panel", "  } // end\n\n  panel", TRUE },
    { "  }\n\n  panel", "  }\n  panel", TRUE },
    { "  }\n\n  panel", "  }}\n\n  panel", FALSE },
    { "  }\n\n  panel", "\n\n  panel", FALSE },
    { "  }\n\n  item", "  }\n\n  texture texture99 { path \"x\"; }\n\n  item", TRUE },
  };
  g_autoptr(GBytes) bytes = first_real_map ();
  TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL);
  g_autoptr(GBytes) text_bytes = tsr_doom2d_map_write_text (map);
  g_autofree char *text = g_strndup (g_bytes_get_data (text_bytes, NULL), g_bytes_get_size (text_bytes));

  tsr_doom2d_map_free (map);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *changed = replace_past_middle (text, cases[i].find, cases[i].replacement);
      g_autofree char *spaced = g_strdup (changed);
      g_autofree char *fast_message = NULL, *general_message = NULL;
      g_autofree char *fast = read_and_write_text (changed, &fast_message);
      g_autofree char *general = NULL;

      for (char *line = spaced; line != NULL; line = strchr (line, '\n'))
        {
          char *word = line + strspn (line, " \n");
          char *space = word + strcspn (word, " \n");

          if (*space == ' ')
            *space = '\t';
          line = space;
        }
      general = read_and_write_text (spaced, &general_message);

      ck_assert_msg ((fast != NULL) == cases[i].loads, "case %u (%s): %s", i, cases[i].replacement,
                     fast_message != NULL ? fast_message : "loaded");
      if (fast != NULL)
        {
          ck_assert_msg (general != NULL, "case %u: only the fast path loads: %s", i, general_message);
          ck_assert_msg (strcmp (fast, general) == 0, "case %u: the paths read different maps", i);
          if (i == 0)
            ck_assert_str_eq (fast, text);
        }
      else
        {
          ck_assert_msg (general == NULL, "case %u: only the general path loads", i);
          ck_assert_str_eq (fast_message, general_message);
        }
    }
}
END_TEST

START_TEST (test_bad_text_maps)
{
  const char *cases[] = {
    "mapp { }",
    "map { name 3; }",
    "map { nosuch 3; }",
    "map { panel p { type PANEL_NOPE; } }",
    "map { item i { type 300; } }",
    "map { trigger t { type TRIGGER_DOOR; triggerdata { panelid nowhere; } } }",
    "map { trigger t { triggerdata { panelid 1; } type TRIGGER_DOOR; } }",
    "map { name \"unterminated; }",
    "map { } trailing",
    "map { panel p { position (1); } }",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      TsrDoom2dMap *map = tsr_doom2d_map_read_text ((const guint8 *) cases[i], strlen (cases[i]), &error);
      ck_assert_msg (map == NULL, "case %u loaded", i);
      ck_assert (error != NULL && error->domain == TSR_ERROR);
      ck_assert_msg (strstr (error->message, "line") != NULL, "%s", error->message);
    }
}
END_TEST

/* Removing records renumbers and clears the references to them. */
START_TEST (test_remove_keeps_references)
{
  g_autoptr(GBytes) bytes = first_real_map ();
  TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL);
  TsrDoom2dRecord *door = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, 0);
  gint64 target = door->data_values[0].v[0];
  gint64 texture_panel = door->values[TSR_DOOM2D_TRIGGER_TEXTURE_PANEL].v[0];
  g_autoptr(GBytes) saved = NULL;
  TsrDoom2dMap *again;

  ck_assert_int_gt (target, 0);
  ck_assert_int_gt (texture_panel, 0);
  /* Removing a panel before both shifts them down by one. */
  tsr_doom2d_map_remove (map, TSR_DOOM2D_KIND_PANEL, 0);
  ck_assert_int_eq (door->data_values[0].v[0], target - 1);
  ck_assert_int_eq (door->values[TSR_DOOM2D_TRIGGER_TEXTURE_PANEL].v[0], texture_panel - 1);
  /* Removing the door itself clears the reference; validation then warns. */
  tsr_doom2d_map_remove (map, TSR_DOOM2D_KIND_PANEL, (guint) (target - 1));
  ck_assert_int_eq (door->data_values[0].v[0], -1);
  ck_assert (has_finding (map, "points at no panel"));

  saved = tsr_doom2d_map_write_binary (map);
  again = tsr_doom2d_map_read_binary (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved), NULL);
  ck_assert_ptr_nonnull (again);
  ck_assert_uint_eq (tsr_doom2d_map_count (again, TSR_DOOM2D_KIND_PANEL), 100);
  ck_assert_int_eq (tsr_doom2d_map_get (again, TSR_DOOM2D_KIND_TRIGGER, 0)->data_values[0].v[0], -1);
  tsr_doom2d_map_free (again);
  tsr_doom2d_map_free (map);
}
END_TEST

/* Random removals: after each, binary and text forms agree and reload to the same map. */
START_TEST (test_random_edits_stay_consistent)
{
  g_autoptr(GBytes) bytes = first_real_map ();
  TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL);
  GRand *rand = g_rand_new_with_seed (2026);

  for (guint step = 0; step < 60; step++)
    {
      TsrDoom2dKind kind = (TsrDoom2dKind) g_rand_int_range (rand, 1, TSR_DOOM2D_N_KINDS);
      g_autoptr(GBytes) binary = NULL, text = NULL, again = NULL;
      TsrDoom2dMap *from_text;
      g_autoptr(GError) error = NULL;

      if (tsr_doom2d_map_count (map, kind) > 0)
        tsr_doom2d_map_remove (map, kind, g_rand_int_range (rand, 0, tsr_doom2d_map_count (map, kind)));
      binary = tsr_doom2d_map_write_binary (map);
      text = tsr_doom2d_map_write_text (map);
      from_text = tsr_doom2d_map_read_text (g_bytes_get_data (text, NULL), g_bytes_get_size (text), &error);
      ck_assert_msg (from_text != NULL, "step %u: %s", step, error ? error->message : "");
      again = tsr_doom2d_map_write_binary (from_text);
      ck_assert_msg (g_bytes_equal (again, binary), "step %u: text and binary disagree", step);
      tsr_doom2d_map_free (from_text);
    }
  g_rand_free (rand);
  tsr_doom2d_map_free (map);
}
END_TEST

START_TEST (test_remove_monster_fixes_press)
{
  TsrDoom2dMap *map = load_sample ();
  TsrDoom2dRecord *press = NULL;

  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER); i++)
    if (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, i)->values[TSR_DOOM2D_TRIGGER_TYPE].v[0] == 9)
      press = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, i);
  ck_assert_ptr_nonnull (press);
  ck_assert_int_eq (press->data_values[4].v[0], 0);
  tsr_doom2d_map_remove (map, TSR_DOOM2D_KIND_MONSTER, 0);
  ck_assert_int_eq (press->data_values[4].v[0], -1);
  {
    g_autoptr(GBytes) saved = tsr_doom2d_map_write_binary (map);
    TsrDoom2dMap *again = tsr_doom2d_map_read_binary (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved), NULL);
    /* monsterid is index + 1 in the file: 0 means none. */
    ck_assert_int_eq (tsr_doom2d_map_get (again, TSR_DOOM2D_KIND_TRIGGER, 2)->data_values[4].v[0], -1);
    tsr_doom2d_map_free (again);
  }
  tsr_doom2d_map_free (map);
}
END_TEST

START_TEST (test_validation)
{
  TsrDoom2dMap *map = load_sample ();
  TsrDoom2dRecord *record;

  ck_assert_uint_eq (count_errors (map), 0);

  /* A door trigger pointing at a wall. */
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, 0);
  record->data_values[0].v[0] = 0;
  /* g_triggers.pas tr_OpenDoor leaves unless the panel is a wall or door: a warning. */
  ck_assert (has_finding (map, "no door panel"));
  ck_assert_uint_eq (count_errors (map), 0);
  record->data_values[0].v[0] = 999;
  /* g_Map_PanelByGUID gives nil past the end and the trigger does nothing: a warning. */
  ck_assert (has_finding (map, "refers to panel 999"));
  ck_assert_uint_eq (count_errors (map), 0);
  record->data_values[0].v[0] = 8;

  /* A monster inside the floor. */
  record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_MONSTER, 0);
  record->values[0].v[0] = 100;
  record->values[0].v[1] = 456;
  ck_assert (has_finding (map, "stuck inside wall panel 0"));
  {
    g_autoptr(GPtrArray) findings = tsr_findings_new ();
    const TsrFinding *stuck;

    tsr_doom2d_map_validate (map, findings);
    stuck = tsr_test_find_finding (findings, "stuck inside wall panel 0");
    ck_assert (tsr_finding_place_is (&stuck->place, "monster"));
    ck_assert_int_eq (stuck->place.index, 0);
    ck_assert_int_eq (stuck->place.unit, TSR_FINDING_POINT_PIXELS);
    ck_assert (stuck->place.x == 100 && stuck->place.y == 456);
  }
  /* Outside the map. */
  record->values[0].v[0] = 5000;
  ck_assert (has_finding (map, "reaches outside the map"));

  /* No spawn at all. */
  while (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_AREA) > 0)
    tsr_doom2d_map_remove (map, TSR_DOOM2D_KIND_AREA, 0);
  ck_assert (has_finding (map, "no player spawn"));

  /* g_game.pas stops a game on a map without spawns (g_FatalError I_GAME_ERROR_GET_SPAWN). */
  ck_assert (has_finding (map, "error: map: no player spawn"));

  /* A texture reference out of range: g_map.pas g_Map_Load refuses the map ("invalid texture
   * index for panel"). */
  tsr_doom2d_map_remove (map, TSR_DOOM2D_KIND_TEXTURE, 0);
  ck_assert (has_finding (map, "refers to texture"));
  ck_assert_uint_ge (count_errors (map), 2);
  tsr_doom2d_map_free (map);
}
END_TEST

/* A DFWAD made around the real map: round trip, then edit the map and keep everything else. */
/* How many resources of the archive BYTES lie in a section whose name ends in TEXTURES. */
static guint
wad_entries_in_textures (GBytes *bytes)
{
  TsrDoom2dWad *wad = tsr_doom2d_archive_read (bytes, NULL);
  guint n = 0;

  ck_assert_ptr_nonnull (wad);
  for (guint i = 0; i < wad->entries->len; i++)
    {
      const TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      g_autofree char *section = g_ascii_strup (entry->section, -1);

      n += !entry->is_section && g_str_has_suffix (section, "TEXTURES");
    }
  tsr_doom2d_wad_free (wad);
  return n;
}

START_TEST (test_wad_around_real_map)
{
  g_autoptr(GBytes) lump = first_real_map ();
  g_autoptr(GBytes) real_wad = canonical_real_wad ();
  TsrDoom2dWad *wad = tsr_doom2d_wad_read (real_wad, NULL);
  g_autoptr(GBytes) built = NULL, again = NULL, edited = NULL;
  g_autoptr(TsrFormatRegistry) registry = tsr_format_registry_new ();
  const TsrFormat *format;
  TsrDoom2dFile *file;
  TsrDoom2dWad *before, *after;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = NULL;

  ck_assert_ptr_nonnull (wad);
  tsr_doom2d_wad_add (wad, "", "MAP01", lump);
  {
    g_autoptr(GBytes) anim = tsr_doom2d_wad_get_data (wad, tsr_doom2d_wad_find (wad, "TEXT", "ANIM"), NULL);
    tsr_doom2d_wad_add (wad, "EXTRA", "ЛОГО", anim); /* a CP1251 name in a new section */
  }
  built = tsr_doom2d_wad_write (wad, &error);
  ck_assert_ptr_nonnull (built);
  tsr_doom2d_wad_free (wad);

  tsr_formats_register_builtin (registry);
  format = tsr_format_registry_lookup (registry, "doom2d-wad");
  ck_assert (format->sniff (g_bytes_get_data (built, NULL), g_bytes_get_size (built), NULL) > 0);
  file = format->load ("built.wad", built, &error);
  ck_assert_msg (file != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (file->map_entries->len, 1);
  ck_assert_ptr_nonnull (file->map);
  ck_assert_ptr_nonnull (tsr_doom2d_wad_find (file->wad, "EXTRA", "ЛОГО"));
  outputs = format->save (file, "built.wad", &error);
  ck_assert (g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, built));
  g_clear_pointer (&outputs, g_ptr_array_unref);

  /* Edit the map inside and save: every other stored stream stays byte-identical. */
  tsr_field_value_set_text (&file->map->header->values[TSR_DOOM2D_HEADER_AUTHOR], "Tessera test");
  tsr_doom2d_map_remove (file->map, TSR_DOOM2D_KIND_ITEM, 0);
  outputs = format->save (file, "built.wad", &error);
  ck_assert_ptr_nonnull (outputs);
  edited = g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
  format->free (file);

  before = tsr_doom2d_wad_read (built, NULL);
  after = tsr_doom2d_wad_read (edited, NULL);
  ck_assert_ptr_nonnull (after);
  ck_assert_uint_eq (before->entries->len, after->entries->len);
  for (guint i = 0; i < before->entries->len; i++)
    {
      TsrDoom2dWadEntry *a = g_ptr_array_index (before->entries, i);
      TsrDoom2dWadEntry *b = g_ptr_array_index (after->entries, i);

      ck_assert_str_eq (a->name, b->name);
      ck_assert (memcmp (a->raw_name, b->raw_name, 16) == 0);
      if (a->is_section)
        continue;
      if (strcmp (a->name, "MAP01") == 0)
        {
          g_autoptr(GBytes) map_bytes = tsr_doom2d_wad_get_data (after, b, NULL);
          TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (map_bytes, NULL),
                                                          g_bytes_get_size (map_bytes), NULL);
          ck_assert_str_eq (map->header->values[TSR_DOOM2D_HEADER_AUTHOR].text, "Tessera test");
          ck_assert_uint_eq (tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_ITEM), 37);
          tsr_doom2d_map_free (map);
          continue;
        }
      ck_assert_msg (g_bytes_equal (a->compressed, b->compressed), "%s changed", a->name);
    }
  /* And the edited archive round-trips itself. */
  again = tsr_doom2d_wad_write (after, NULL);
  ck_assert (g_bytes_equal (again, edited));
  tsr_doom2d_wad_free (before);
  tsr_doom2d_wad_free (after);
}
END_TEST

/* Whole streams inflate in one call, with zlib's streaming behind when that fails: a resource
 * a thousand times larger than its stream (the room grows from its first guess), a text map whose
 * comments run past the first bytes that listing the maps looks at, in a DFWAD and in a .dfz;
 * then a stream whose Adler-32 is wrong, refused with zlib's message. */
START_TEST (test_inflate_whole_streams)
{
  g_autoptr(GBytes) lump = first_real_map ();
  TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (lump, NULL), g_bytes_get_size (lump), NULL);
  g_autoptr(GBytes) text = NULL, commented = NULL, big = NULL, dfwad = NULL;
  g_autoptr(TsrFormatRegistry) registry = tsr_format_registry_new ();
  GString *comments = g_string_new (NULL);
  const gsize big_size = 3 * 1024 * 1024;
  guint8 *pattern = g_malloc (big_size);

  ck_assert_ptr_nonnull (map);
  text = tsr_doom2d_map_write_text (map);
  tsr_doom2d_map_free (map);
  while (comments->len < 2000)
    g_string_append (comments, "// a comment longer than the first bytes looked at\n");
  g_string_append_len (comments, g_bytes_get_data (text, NULL), (gssize) g_bytes_get_size (text));
  commented = g_string_free_to_bytes (comments);
  for (gsize i = 0; i < big_size; i++)
    pattern[i] = (guint8) (i / 4096);
  big = g_bytes_new_take (pattern, big_size);
  tsr_formats_register_builtin (registry);

  for (int zip = 0; zip < 1 + TSR_DOOM2D_HAVE_LIBZIP; zip++)
    {
      TsrDoom2dWad *wad = zip ? tsr_doom2d_zip_new () : tsr_doom2d_wad_new ();
      const TsrFormat *format = tsr_format_registry_lookup (registry, zip ? "doom2d-dfz" : "doom2d-wad");
      g_autoptr(GBytes) archive = NULL, got = NULL;
      g_autoptr(GError) error = NULL;
      TsrDoom2dWadEntry *entry;
      TsrDoom2dFile *file;
      gsize expanded = 0;

      tsr_doom2d_wad_add (wad, "PICS", "BIG", big);
      tsr_doom2d_wad_add (wad, "", "MAP01", commented);
      archive = tsr_doom2d_wad_write (wad, &error);
      ck_assert_msg (archive != NULL, "%s", error ? error->message : "");
      tsr_doom2d_wad_free (wad);
      ck_assert_uint_lt (g_bytes_get_size (archive), big_size / 100);
      if (!zip)
        dfwad = g_bytes_ref (archive);

      file = format->load (zip ? "built.dfz" : "built.wad", archive, &error);
      ck_assert_msg (file != NULL, "%s", error ? error->message : "");
      ck_assert_uint_eq (file->map_entries->len, 1);
      ck_assert (file->map_is_text);
      entry = tsr_doom2d_wad_find (file->wad, "PICS", "BIG");
      ck_assert_ptr_nonnull (entry);
      got = tsr_doom2d_wad_get_data (file->wad, entry, &error);
      ck_assert_msg (got != NULL, "%s", error ? error->message : "");
      ck_assert (g_bytes_equal (got, big));
      ck_assert (tsr_doom2d_wad_check_entry (file->wad, entry, G_MAXSIZE, &expanded, &error));
      ck_assert_uint_eq (expanded, big_size);
      format->free (file);
    }

  {
    TsrDoom2dWad *wad = tsr_doom2d_wad_read (dfwad, NULL);
    TsrDoom2dWadEntry *entry = tsr_doom2d_wad_find (wad, "PICS", "BIG");
    gsize size = 0, expanded = 0;
    guint8 *damaged = g_bytes_unref_to_data (g_bytes_ref (entry->compressed), &size);
    g_autoptr(GError) error = NULL, check_error = NULL;

    damaged[size - 1] ^= 0x5a; /* the last byte of the Adler-32 */
    g_bytes_unref (entry->compressed);
    entry->compressed = g_bytes_new_take (damaged, size);
    ck_assert_ptr_null (tsr_doom2d_wad_get_data (wad, entry, &error));
    ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_INVALID));
    ck_assert_msg (strstr (error->message, "zlib stream broken") != NULL, "%s", error->message);
    ck_assert (!tsr_doom2d_wad_check_entry (wad, entry, G_MAXSIZE, &expanded, &check_error));
    ck_assert (g_error_matches (check_error, TSR_ERROR, TSR_ERROR_INVALID));
    tsr_doom2d_wad_free (wad);
  }
}
END_TEST

/* Two directory entries sharing one stream (an alias) stay shared, also after an edit elsewhere. */
START_TEST (test_wad_aliases)
{
  g_autoptr(GBytes) real_wad = canonical_real_wad ();
  const guint8 *data = g_bytes_get_data (real_wad, NULL);
  gsize size = g_bytes_get_size (real_wad);
  g_autoptr(GByteArray) aliased = g_byte_array_new ();
  guint16 count = GUINT16_FROM_LE (*(const guint16 *) (data + 6));
  guint8 record[24];
  g_autoptr(GBytes) bytes = NULL, written = NULL, edited = NULL;
  TsrDoom2dWad *wad, *check;
  TsrDoom2dWadEntry *a, *b;

  /* The real directory plus one more record naming W73A's stream as COPY; data moves by 24. */
  g_byte_array_append (aliased, data, 8);
  aliased->data[6] = (guint8) (count + 1);
  for (guint i = 0; i < count; i++)
    {
      guint32 offset;
      memcpy (record, data + 8 + 24 * i, 24);
      memcpy (&offset, record + 16, 4);
      offset = GUINT32_FROM_LE (offset);
      if (offset != 0)
        offset = GUINT32_TO_LE (offset + 24);
      memcpy (record + 16, &offset, 4);
      g_byte_array_append (aliased, record, 24);
    }
  memset (record, 0, 16);
  memcpy (record, "COPY", 4);
  g_byte_array_append (aliased, record, 24);
  memcpy (aliased->data + aliased->len - 8, aliased->data + aliased->len - 32, 8); /* W73A's offset, length */
  g_byte_array_append (aliased, data + 8 + 24 * count, size - 8 - 24 * count);
  bytes = g_bytes_new (aliased->data, aliased->len);

  wad = tsr_doom2d_wad_read (bytes, NULL);
  ck_assert_ptr_nonnull (wad);
  ck_assert (wad->canonical);
  written = tsr_doom2d_wad_write (wad, NULL);
  ck_assert (g_bytes_equal (written, bytes));

  tsr_doom2d_wad_set_data (wad, tsr_doom2d_wad_find (wad, "TEXT", "ANIM"), g_bytes_new_static ("resource=W73A\r\n", 15));
  edited = tsr_doom2d_wad_write (wad, NULL);
  check = tsr_doom2d_wad_read (edited, NULL);
  ck_assert_ptr_nonnull (check);
  a = tsr_doom2d_wad_find (check, "TEXTURES", "W73A");
  b = tsr_doom2d_wad_find (check, "TEXTURES", "COPY");
  ck_assert_ptr_nonnull (b);
  ck_assert_uint_eq (a->offset, b->offset);
  ck_assert_uint_eq (a->length, b->length);
  ck_assert_uint_eq (g_bytes_get_size (edited), g_bytes_get_size (bytes) - 79 + tsr_doom2d_wad_find (check, "TEXT", "ANIM")->length);
  tsr_doom2d_wad_free (check);
  tsr_doom2d_wad_free (wad);
}
END_TEST

/* An archive whose data is out of directory order keeps its layout; edits append. */
START_TEST (test_wad_unusual_layout)
{
  g_autoptr(GBytes) real_wad = canonical_real_wad ();
  TsrDoom2dWad *wad = tsr_doom2d_wad_read (real_wad, NULL);
  g_autoptr(GByteArray) shuffled = g_byte_array_new ();
  TsrDoom2dWad *odd;
  g_autoptr(GBytes) odd_bytes = NULL, written = NULL, edited = NULL;
  guint32 offsets[4] = { 0 };

  ck_assert (wad->canonical);
  /* Header and directory, then a gap of 5 bytes, then the streams in reverse order. */
  g_byte_array_append (shuffled, g_bytes_get_data (real_wad, NULL), wad->data_start);
  g_byte_array_append (shuffled, (const guint8 *) "GAP!!", 5);
  for (int i = (int) wad->entries->len - 1; i >= 0; i--)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      if (entry->is_section)
        continue;
      offsets[i] = shuffled->len;
      g_byte_array_append (shuffled, g_bytes_get_data (entry->compressed, NULL), entry->length);
    }
  for (guint i = 0; i < wad->entries->len; i++)
    if (!((TsrDoom2dWadEntry *) g_ptr_array_index (wad->entries, i))->is_section)
      {
        guint32 le = GUINT32_TO_LE (offsets[i]);
        memcpy (shuffled->data + 8 + 24 * i + 16, &le, 4);
      }
  odd_bytes = g_bytes_new (shuffled->data, shuffled->len);
  odd = tsr_doom2d_wad_read (odd_bytes, NULL);
  ck_assert_ptr_nonnull (odd);
  ck_assert (!odd->canonical);
  written = tsr_doom2d_wad_write (odd, NULL);
  ck_assert (g_bytes_equal (written, odd_bytes));

  tsr_doom2d_wad_set_data (odd, tsr_doom2d_wad_find (odd, "TEXT", "ANIM"), g_bytes_new_static ("resource=W73A\r\n", 15));
  edited = tsr_doom2d_wad_write (odd, NULL);
  ck_assert_uint_gt (g_bytes_get_size (edited), g_bytes_get_size (odd_bytes));
  ck_assert (memcmp (g_bytes_get_data (edited, NULL) + wad->data_start, shuffled->data + wad->data_start,
                     shuffled->len - wad->data_start) == 0);
  {
    TsrDoom2dWad *check = tsr_doom2d_wad_read (edited, NULL);
    g_autoptr(GBytes) anim = tsr_doom2d_wad_get_data (check, tsr_doom2d_wad_find (check, "text", "anim"), NULL);
    ck_assert_uint_eq (g_bytes_get_size (anim), 15);
    tsr_doom2d_wad_free (check);
  }
  tsr_doom2d_wad_free (odd);
  tsr_doom2d_wad_free (wad);
}
END_TEST

START_TEST (test_broken_zlib_stream)
{
  g_autoptr(GBytes) real_wad = canonical_real_wad ();
  g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (real_wad, NULL), g_bytes_get_size (real_wad));
  g_autoptr(GBytes) bytes = NULL;
  TsrDoom2dWad *wad;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) data = NULL;

  copy[104 + 10] ^= 0xff; /* inside the ANIM stream */
  copy[104 + 11] ^= 0xff;
  bytes = g_bytes_new (copy, g_bytes_get_size (real_wad));
  wad = tsr_doom2d_wad_read (bytes, NULL);
  ck_assert_ptr_nonnull (wad);
  data = tsr_doom2d_wad_get_data (wad, tsr_doom2d_wad_find (wad, "TEXT", "ANIM"), &error);
  ck_assert_ptr_null (data);
  ck_assert (error != NULL && error->domain == TSR_ERROR);
  tsr_doom2d_wad_free (wad);
}
END_TEST

/* A zlib stream of SIZE zero bytes, made without holding them. */
static GBytes *
zeros_stream (gsize size)
{
  static const guint8 zeros[65536];
  z_stream stream = { 0 };
  GByteArray *out = g_byte_array_new ();
  guint8 chunk[65536];
  int status;

  ck_assert_int_eq (deflateInit (&stream, 9), Z_OK);
  while (size > 0 || stream.avail_in > 0)
    {
      gsize part = MIN (size, sizeof zeros);
      int flush = size == part ? Z_FINISH : Z_NO_FLUSH;

      stream.next_in = (Bytef *) zeros;
      stream.avail_in = (uInt) part;
      size -= part;
      do
        {
          stream.next_out = chunk;
          stream.avail_out = sizeof chunk;
          status = deflate (&stream, flush);
          g_byte_array_append (out, chunk, sizeof chunk - stream.avail_out);
        }
      while (stream.avail_out == 0);
      if (flush == Z_FINISH)
        break;
    }
  ck_assert_int_eq (status, Z_STREAM_END);
  deflateEnd (&stream);
  return g_byte_array_free_to_bytes (out);
}

static glong
peak_rss_kb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

/* A DFWAD of a few hundred KB whose resources expand to 200 MiB each (the root one first, where
 * maps are looked for): loading and describing it expands none of them, and validation expands
 * no more than the resource limit in total, in constant memory, saying what it left unchecked. */
START_TEST (test_wad_huge_resources_stay_lazy)
{
  g_autoptr(GBytes) stream = zeros_stream ((gsize) 200 * 1024 * 1024);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (folder, "huge.wad", NULL);
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  const char *names[] = { "HUGE", "TEXTURES", "A", "B", "C", "D", "E", "F" };
  guint count = G_N_ELEMENTS (names), not_checked = 0;
  const TsrFormat *format = NULL;
  gpointer data;
  glong before;

  tsr_writer_write_bytes (writer, (const guint8 *) "DFWAD\x01", 6);
  tsr_writer_write_u16_le (writer, (guint16) count);
  for (guint i = 0; i < count; i++)
    {
      guint8 name[16] = { 0 };
      gboolean section = i == 1;

      memcpy (name, names[i], strlen (names[i]));
      tsr_writer_write_bytes (writer, name, 16);
      /* Every resource shares the one stream (aliases, as real archives have). */
      tsr_writer_write_u32_le (writer, section ? 0 : 8 + count * 24);
      tsr_writer_write_u32_le (writer, section ? 0 : (guint32) g_bytes_get_size (stream));
    }
  tsr_writer_write_bytes (writer, g_bytes_get_data (stream, NULL), g_bytes_get_size (stream));
  bytes = tsr_writer_free_to_bytes (g_steal_pointer (&writer));
  ck_assert (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
  ck_assert_uint_lt (g_bytes_get_size (bytes), 1024 * 1024);

  before = peak_rss_kb ();
  data = tsr_format_load_file (tsr_format_registry_get_default (), path, &format, &error);
  ck_assert_msg (data != NULL, "%s", error ? error->message : "");
  json_builder_begin_object (builder);
  format->describe (data, builder);
  json_builder_end_object (builder);
  format->validate (data, findings);
  ck_assert_msg (peak_rss_kb () - before < 48 * 1024, "peak RSS grew by %ld KB",
                 peak_rss_kb () - before);
  for (guint i = 0; i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);

      ck_assert_msg (finding->severity == TSR_SEVERITY_WARNING, "%s: %s", finding->where, finding->what);
      ck_assert_msg (strstr (finding->what, "not checked: expands beyond") != NULL, "%s", finding->what);
      not_checked++;
    }
  ck_assert_uint_eq (not_checked, count - 1);
  format->free (data);
}
END_TEST

/* Resources: an animated texture (the real DFWAD) and a PNG resolved through a game folder. */
START_TEST (test_resources)
{
  g_autoptr(GBytes) real_wad = canonical_real_wad ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDoom2dTexture) animation = tsr_doom2d_texture_from_animation (real_wad, &error);
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *archive_path = g_build_filename (folder, "Tessera.wad", NULL);
  TsrDoom2dWad *wad = tsr_doom2d_wad_new ();
  g_autoptr(TsrImage) red = tsr_image_new (4, 4);
  g_autoptr(GBytes) png = NULL, archive = NULL;
  const char *folders[] = { folder, NULL };
  TsrDoom2dResources *resources;
  g_autoptr(TsrDoom2dTexture) texture = NULL;
  g_autoptr(TsrDoom2dTexture) nested = NULL;
  g_autofree char *a = NULL, *s = NULL, *n = NULL;

  ck_assert_msg (animation != NULL, "%s", error ? error->message : "");
  ck_assert (animation->animated);
  ck_assert_uint_eq (animation->frame_count, 3);
  ck_assert_uint_eq (animation->frame_width, 128);
  ck_assert_int_eq (animation->type, TSR_DOOM2D_RESOURCE_TGA);

  for (guint y = 0; y < 4; y++)
    for (guint x = 0; x < 4; x++)
      tsr_image_set_pixel (red, x, y, 0xff0000ff);
  png = tsr_image_to_png (red, NULL);
  tsr_doom2d_wad_add (wad, "TEX", "RED", png);
  tsr_doom2d_wad_add (wad, "ANIMS", "W73A", real_wad);
  archive = tsr_doom2d_wad_write (wad, NULL);
  tsr_doom2d_wad_free (wad);
  ck_assert (tsr_file_write_atomic (archive_path, archive, FALSE, NULL));

  /* The name people see: the part after the last separator. */
  ck_assert_str_eq (tsr_doom2d_resource_name ("Standart.wad:D2DTEXTURES\\EXIT1"), "EXIT1");
  ck_assert_str_eq (tsr_doom2d_resource_name (":TEXTURES/W73A"), "W73A");
  ck_assert_str_eq (tsr_doom2d_resource_name ("_water_0"), "_water_0");
  ck_assert_str_eq (tsr_doom2d_resource_name ("Standart.wad:"), "");
  ck_assert (tsr_doom2d_resource_split ("Tessera.wad:TEX\\RED", &a, &s, &n));
  ck_assert_str_eq (a, "Tessera.wad");
  ck_assert_str_eq (s, "TEX");
  ck_assert_str_eq (n, "RED");
  ck_assert_int_eq (tsr_doom2d_special_texture ("_water_0"), TSR_DOOM2D_SPECIAL_WATER);

  resources = tsr_doom2d_resources_new (folders, NULL);
  texture = tsr_doom2d_resources_load_texture (resources, "tessera.WAD:TEX\\RED", &error);
  ck_assert_msg (texture != NULL, "%s", error ? error->message : "");
  ck_assert_int_eq (texture->type, TSR_DOOM2D_RESOURCE_PNG);
  nested = tsr_doom2d_resources_load_texture (resources, "Tessera.wad:ANIMS\\W73A", &error);
  ck_assert_msg (nested != NULL, "%s", error ? error->message : "");
  ck_assert (nested->animated);
  ck_assert_ptr_null (tsr_doom2d_resources_load_texture (resources, "Missing.wad:X\\Y", NULL));
  ck_assert_ptr_null (tsr_doom2d_resources_load_texture (resources, "Tessera.wad:TEX\\NONE", NULL));

  /* A panel with that texture renders red. */
  {
    TsrDoom2dMap *map = load_sample ();
    TsrDoom2dRecord *record = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, 0);
    g_autoptr(TsrImage) image = NULL;

    tsr_field_value_set_text (&record->values[TSR_DOOM2D_TEXTURE_PATH], "Tessera.wad:TEX\\RED");
    image = tsr_doom2d_map_render (map, resources, 0, 0, NULL);
    ck_assert_ptr_nonnull (image);
    ck_assert_uint_eq (image->pixels[(470 * 640 + 300) * 4 + 0], 0xff);
    ck_assert_uint_eq (image->pixels[(470 * 640 + 300) * 4 + 1], 0x00);
    tsr_doom2d_map_free (map);
  }
  tsr_doom2d_resources_free (resources);
}
END_TEST

/* The formats through their vtable: convert between binary, text and DFWAD, listing losses. */
START_TEST (test_convert)
{
  g_autoptr(TsrFormatRegistry) registry = tsr_format_registry_new ();
  const TsrFormat *text_format, *map_format, *wad_format;
  const char *text = "map { size (64 64); area a { position (0 0); type AREA_DMPOINT; }"
                     " panel p { position (0 0); size (8 8); type PANEL_WALL; move_once true; } }";
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *wad_path = g_build_filename (folder, "out.wad", NULL);
  TsrConvertOptions options = { -1 };
  gpointer data;

  tsr_formats_register_builtin (registry);
  text_format = tsr_format_registry_lookup (registry, "doom2d-text");
  map_format = tsr_format_registry_lookup (registry, "doom2d-map");
  wad_format = tsr_format_registry_lookup (registry, "doom2d-wad");
  ck_assert_ptr_eq (tsr_format_registry_detect (registry, (const guint8 *) text, strlen (text), NULL, NULL),
                    text_format);
  data = text_format->load (NULL, bytes, &error);
  ck_assert_ptr_nonnull (data);
  outputs = text_format->convert (data, map_format, "out.map", &options, lost, &error);
  ck_assert_ptr_nonnull (outputs);
  ck_assert_uint_eq (lost->len, 1);
  ck_assert_str_eq (g_ptr_array_index (lost, 0), "panel 0: move_once");
  g_clear_pointer (&outputs, g_ptr_array_unref);

  outputs = text_format->convert (data, wad_format, wad_path, &options, lost, &error);
  ck_assert_ptr_nonnull (outputs);
  ck_assert (tsr_file_write_atomic (wad_path, ((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, FALSE, NULL));
  text_format->free (data);
  {
    g_autoptr(GBytes) wad_bytes = tsr_file_read (wad_path, NULL);
    TsrDoom2dFile *file = wad_format->load (wad_path, wad_bytes, &error);
    g_autoptr(GPtrArray) back = NULL;

    ck_assert_msg (file != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq (tsr_doom2d_map_count (file->map, TSR_DOOM2D_KIND_PANEL), 1);
    back = wad_format->convert (file, text_format, "x.txt", &options, lost, &error);
    ck_assert_ptr_nonnull (back);
    wad_format->free (file);
  }
}
END_TEST

#if TSR_DOOM2D_HAVE_LIBZIP
/* The stored (compressed) bytes of every entry of a ZIP, by name. */
static GHashTable *
zip_stored_streams (GBytes *bytes)
{
  GHashTable *streams = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
  zip_error_t zip_error;
  zip_source_t *source;
  zip_t *archive;

  zip_error_init (&zip_error);
  source = zip_source_buffer_create (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), 0, &zip_error);
  archive = zip_open_from_source (source, ZIP_RDONLY, &zip_error);
  ck_assert_ptr_nonnull (archive);
  for (zip_int64_t i = 0; i < zip_get_num_entries (archive, 0); i++)
    {
      zip_stat_t stat;
      zip_file_t *file;
      guint8 *data;

      zip_stat_index (archive, i, 0, &stat);
      data = g_malloc (stat.comp_size + 1);
      file = zip_fopen_index (archive, i, ZIP_FL_COMPRESSED);
      ck_assert_ptr_nonnull (file);
      ck_assert_int_eq (zip_fread (file, data, stat.comp_size), (zip_int64_t) stat.comp_size);
      zip_fclose (file);
      g_hash_table_insert (streams, g_strdup (stat.name), g_bytes_new_take (data, stat.comp_size));
    }
  zip_discard (archive);
  zip_error_fini (&zip_error);
  return streams;
}

/* A .dfz made around the real map and the real DFWAD's resources: round trip, edit the map, keep
 * every other entry's stored bytes; truncations fail cleanly. */
START_TEST (test_zip_archive)
{
  g_autoptr(GBytes) lump = first_real_map ();
  g_autoptr(GBytes) real_wad = canonical_real_wad ();
  TsrDoom2dWad *dfwad = tsr_doom2d_wad_read (real_wad, NULL);
  TsrDoom2dWad *zip = tsr_doom2d_zip_new ();
  g_autoptr(GBytes) built = NULL, edited = NULL;
  g_autoptr(TsrFormatRegistry) registry = tsr_format_registry_new ();
  g_autoptr(GHashTable) before = NULL, after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  const TsrFormat *format;
  TsrDoom2dFile *file;
  GHashTableIter iter;
  gpointer key, value;
  guint checked = 0;

  for (guint i = 0; i < dfwad->entries->len; i++)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (dfwad->entries, i);
      g_autoptr(GBytes) data = NULL;
      if (entry->is_section)
        continue;
      data = tsr_doom2d_wad_get_data (dfwad, entry, NULL);
      tsr_doom2d_wad_add (zip, entry->section, entry->name, data);
    }
  tsr_doom2d_wad_add (zip, "", "MAP01", lump);
  built = tsr_doom2d_wad_write (zip, &error);
  ck_assert_msg (built != NULL, "%s", error ? error->message : "");
  tsr_doom2d_wad_free (zip);
  tsr_doom2d_wad_free (dfwad);

  tsr_formats_register_builtin (registry);
  format = tsr_format_registry_lookup (registry, "doom2d-dfz");
  ck_assert_ptr_nonnull (format);
  ck_assert_ptr_eq (tsr_format_registry_detect (registry, g_bytes_get_data (built, NULL),
                                                g_bytes_get_size (built), "built.dfz", NULL), format);
  file = format->load ("built.dfz", built, &error);
  ck_assert_msg (file != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (file->map_entries->len, 1);
  {
    g_autoptr(GBytes) anim = tsr_doom2d_wad_get_data (file->wad, tsr_doom2d_wad_find (file->wad, "TEXT", "ANIM"), NULL);
    ck_assert_ptr_nonnull (anim);
    ck_assert (g_str_has_prefix (g_bytes_get_data (anim, NULL), "resource=W73A"));
  }
  outputs = format->save (file, "built.dfz", &error);
  ck_assert (g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, built));
  g_clear_pointer (&outputs, g_ptr_array_unref);

  tsr_doom2d_map_remove (file->map, TSR_DOOM2D_KIND_MONSTER, 3);
  outputs = format->save (file, "built.dfz", &error);
  ck_assert_msg (outputs != NULL, "%s", error ? error->message : "");
  edited = g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
  format->free (file);

  before = zip_stored_streams (built);
  after = zip_stored_streams (edited);
  ck_assert_uint_eq (g_hash_table_size (before), g_hash_table_size (after));
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GBytes *other = g_hash_table_lookup (after, key);
      ck_assert_ptr_nonnull (other);
      if (strcmp (key, "MAP01") == 0)
        ck_assert (!g_bytes_equal (value, other));
      else
        {
          ck_assert_msg (g_bytes_equal (value, other), "%s changed", (const char *) key);
          checked++;
        }
    }
  ck_assert_uint_eq (checked, 4); /* TEXT/, TEXT/ANIM, TEXTURES/, TEXTURES/W73A */

  for (gsize length = 0; length < g_bytes_get_size (built); length += 7)
    {
      g_autoptr(GBytes) cut = g_bytes_new_from_bytes (built, 0, length);
      g_autoptr(GError) cut_error = NULL;
      TsrDoom2dWad *archive = tsr_doom2d_archive_read (cut, &cut_error);
      ck_assert_msg (archive == NULL, "a ZIP cut at %" G_GSIZE_FORMAT " bytes loaded", length);
      ck_assert (cut_error != NULL && cut_error->domain == TSR_ERROR);
    }
}
END_TEST
/* The ZIP messages for a short entry and for 0xFFFFFFFF sizes say what is wrong (libzip says
 * "No error" and "No such file"). */
START_TEST (test_zip_bad_sizes_messages)
{
  g_autoptr(GBytes) lump = first_real_map ();
  TsrDoom2dWad *zip = tsr_doom2d_zip_new ();
  g_autoptr(GBytes) built = NULL;
  g_autoptr(GError) error = NULL;
  gsize size;
  const guint8 *data;

  tsr_doom2d_wad_add (zip, "", "MAP01", lump);
  built = tsr_doom2d_wad_write (zip, &error);
  ck_assert_msg (built != NULL, "%s", error ? error->message : "");
  tsr_doom2d_wad_free (zip);
  data = g_bytes_get_data (built, &size);

  for (guint variant = 0; variant < 3; variant++)
    {
      g_autofree guint8 *copy = g_memdup2 (data, size);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) load_error = NULL;
      TsrDoom2dWad *archive;
      guint32 value = variant == 0 ? (guint32) g_bytes_get_size (lump) + 4000 : 0xffffffffu;
      /* Central directory: uncompressed size at +24 (compressed at +20); local header: +22 (+18). */
      guint central = variant == 2 ? 20 : 24, local = variant == 2 ? 18 : 22;

      for (gsize i = 0; i + 4 <= size; i++)
        {
          if (memcmp (copy + i, "PK\x01\x02", 4) == 0 && i + central + 4 <= size)
            memcpy (copy + i + central, (guint8[]) { value, value >> 8, value >> 16, value >> 24 }, 4);
          else if (memcmp (copy + i, "PK\x03\x04", 4) == 0 && i + local + 4 <= size)
            memcpy (copy + i + local, (guint8[]) { value, value >> 8, value >> 16, value >> 24 }, 4);
        }
      bytes = g_bytes_new (copy, size);
      archive = tsr_doom2d_archive_read (bytes, &load_error);
      if (archive != NULL)
        {
          g_autoptr(GBytes) entry = tsr_doom2d_wad_get_data (archive, tsr_doom2d_wad_find (archive, "", "MAP01"),
                                                             &load_error);
          ck_assert_ptr_null (entry);
          tsr_doom2d_wad_free (archive);
        }
      ck_assert_ptr_nonnull (load_error);
      ck_assert_msg (strstr (load_error->message, "No error") == NULL, "%s", load_error->message);
      ck_assert_msg (strstr (load_error->message, "No such file") == NULL, "%s", load_error->message);
      if (variant == 0)
        ck_assert_msg (strstr (load_error->message, "bytes could be read") != NULL, "%s", load_error->message);
      else
        ck_assert_msg (strstr (load_error->message, "0xFFFFFFFF") != NULL, "%s", load_error->message);
    }
}
END_TEST

static guint32
test_le32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

/* Name → the entry's central record (its local offset zeroed) followed by its local record (header
 * and stored data), read straight from the bytes. */
static GHashTable *
zip_records (GBytes *bytes)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  GHashTable *records = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
  gsize end = size - 22, at;
  guint count;

  ck_assert (memcmp (data + end, "PK\5\6", 4) == 0);
  count = data[end + 10] | data[end + 11] << 8;
  at = test_le32 (data + end + 16);
  for (guint i = 0; i < count; i++)
    {
      guint name_length = data[at + 28] | data[at + 29] << 8;
      guint central_length = 46 + name_length + (data[at + 30] | data[at + 31] << 8) + (data[at + 32] | data[at + 33] << 8);
      gsize local = test_le32 (data + at + 42);
      guint local_length = 30 + (data[local + 26] | data[local + 27] << 8) + (data[local + 28] | data[local + 29] << 8);
      GByteArray *record = g_byte_array_new ();

      g_byte_array_append (record, data + at, central_length);
      memset (record->data + 42, 0, 4);
      g_byte_array_append (record, data + local, local_length + test_le32 (data + at + 20));
      g_hash_table_insert (records, g_strndup ((const char *) data + at + 46, name_length),
                           g_byte_array_free_to_bytes (record));
      at += central_length;
    }
  return records;
}

/* The real .dfz archives (the game's own writer: its version made by in the local headers' version
 * needed field, flag bit 10, no dates) load, save untouched to the same bytes, and an edit of one
 * map changes that entry's records alone; the edited archive reads back (here and in libzip). */
START_TEST (test_zip_real_archives)
{
  const char *names[] = { "d2dfnix_Darklab.dfz", "d2dfnix_BloodMP.dfz" };
  g_autoptr(TsrFormatRegistry) registry = tsr_format_registry_new ();
  const TsrFormat *format;

  tsr_formats_register_builtin (registry);
  format = tsr_format_registry_lookup (registry, "doom2d-dfz");
  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *path = g_build_filename (data_dir, names[n], NULL);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) outputs = NULL;
      g_autoptr(GHashTable) before = NULL, after = NULL, streams = NULL;
      TsrDoom2dFile *file = format->load (path, bytes, &error);
      GBytes *edited;
      g_autofree char *edited_name = NULL;
      GHashTableIter iter;
      gpointer key, value;
      guint same = 0;

      ck_assert_msg (file != NULL, "%s: %s", names[n], error != NULL ? error->message : "");
      ck_assert_uint_gt (file->map_entries->len, 0);
      outputs = format->save (file, path, &error);
      ck_assert_msg (outputs != NULL, "%s", error != NULL ? error->message : "");
      ck_assert_msg (g_bytes_equal (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, bytes),
                     "%s changed untouched", names[n]);
      g_clear_pointer (&outputs, g_ptr_array_unref);

      /* The last map (BloodMP: MAP04, Darklab: MAP01) loses its first monster or item. */
      ck_assert (tsr_doom2d_file_select_map (file, file->map_entries->len - 1, &error));
      edited_name = g_strdup (file->map_entry->name);
      if (tsr_doom2d_map_count (file->map, TSR_DOOM2D_KIND_MONSTER) > 0)
        tsr_doom2d_map_remove (file->map, TSR_DOOM2D_KIND_MONSTER, 0);
      else
        tsr_doom2d_map_remove (file->map, TSR_DOOM2D_KIND_ITEM, 0);
      outputs = format->save (file, path, &error);
      ck_assert_msg (outputs != NULL, "%s", error != NULL ? error->message : "");
      edited = ((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes;
      format->free (file);

      before = zip_records (bytes);
      after = zip_records (edited);
      ck_assert_uint_eq (g_hash_table_size (before), g_hash_table_size (after));
      g_hash_table_iter_init (&iter, before);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          GBytes *other = g_hash_table_lookup (after, key);
          ck_assert_ptr_nonnull (other);
          if (strcmp (key, edited_name) == 0)
            ck_assert (!g_bytes_equal (value, other));
          else
            {
              ck_assert_msg (g_bytes_equal (value, other), "%s: %s changed", names[n], (const char *) key);
              same++;
            }
        }
      ck_assert_uint_eq (same, g_hash_table_size (before) - 1);
      streams = zip_stored_streams (edited); /* libzip reads it too */
      ck_assert_uint_eq (g_hash_table_size (streams), g_hash_table_size (before));
      {
        TsrDoom2dFile *again = format->load (path, edited, &error);
        ck_assert_msg (again != NULL, "%s", error != NULL ? error->message : "");
        format->free (again);
      }
    }
}
END_TEST

/* The maps bundled with the game load and show no error on any map: the game plays them. */
START_TEST (test_game_archives_validate)
{
  const char *names[] = { "d2dfnix_VETERAN.wad", "d2dfnix_Stupidity_Coop.wad", "d2dfnix_Darklab.dfz",
                          "d2dfnix_BloodMP.dfz" };
  g_autoptr(TsrFormatRegistry) registry = tsr_format_registry_new ();

  tsr_formats_register_builtin (registry);
  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *path = g_build_filename (data_dir, names[n], NULL);
      g_autoptr(GError) error = NULL;
      const TsrFormat *format = NULL;
      TsrDoom2dFile *file = tsr_format_load_file (registry, path, &format, &error);

      ck_assert_msg (file != NULL, "%s: %s", names[n], error != NULL ? error->message : "");
      ck_assert_uint_ge (file->map_entries->len, 1);
      for (guint i = 0; i < file->map_entries->len; i++)
        {
          g_autoptr(GPtrArray) findings = tsr_findings_new ();

          ck_assert (tsr_doom2d_file_select_map (file, i, &error));
          format->validate (file, findings);
          for (guint f = 0; f < findings->len; f++)
            {
              g_autofree char *text = tsr_finding_to_string (g_ptr_array_index (findings, f));
              ck_assert_msg (((TsrFinding *) g_ptr_array_index (findings, f))->severity != TSR_SEVERITY_ERROR,
                             "%s map %u: %s", names[n], i, text);
            }
        }
      format->free (file);
    }
}
END_TEST

/* A one-entry stored archive as real writers make them: FLAGS (bit 3: a data descriptor, with
 * its signature), MADE_BY and an extra field of EXTRA bytes in the local header only. */
static GBytes *
make_zip (guint16  flags,
          guint16  made_by,
          guint16  local_version,
          guint    extra)
{
  static const char name[] = "MAP01";
  static const char content[] = "not a map, just bytes";
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  guint32 crc = (guint32) crc32 (0, (const Bytef *) content, sizeof content - 1);
  gboolean descriptor = (flags & 8) != 0;
  gsize central, central_size;

  tsr_writer_write_bytes (writer, (const guint8 *) "PK\3\4", 4);
  tsr_writer_write_u16_le (writer, local_version);
  tsr_writer_write_u16_le (writer, flags);
  tsr_writer_write_u16_le (writer, 0);
  tsr_writer_write_u32_le (writer, 0x5a8c6d21);
  tsr_writer_write_u32_le (writer, descriptor ? 0 : crc);
  tsr_writer_write_u32_le (writer, descriptor ? 0 : sizeof content - 1);
  tsr_writer_write_u32_le (writer, descriptor ? 0 : sizeof content - 1);
  tsr_writer_write_u16_le (writer, sizeof name - 1);
  tsr_writer_write_u16_le (writer, (guint16) extra);
  tsr_writer_write_bytes (writer, (const guint8 *) name, sizeof name - 1);
  if (extra >= 4)
    {
      tsr_writer_write_u16_le (writer, 0x5455); /* extended timestamp */
      tsr_writer_write_u16_le (writer, (guint16) (extra - 4));
      tsr_writer_write_zeros (writer, extra - 4);
    }
  tsr_writer_write_bytes (writer, (const guint8 *) content, sizeof content - 1);
  if (descriptor)
    {
      tsr_writer_write_bytes (writer, (const guint8 *) "PK\7\10", 4);
      tsr_writer_write_u32_le (writer, crc);
      tsr_writer_write_u32_le (writer, sizeof content - 1);
      tsr_writer_write_u32_le (writer, sizeof content - 1);
    }
  central = tsr_writer_tell (writer);
  tsr_writer_write_bytes (writer, (const guint8 *) "PK\1\2", 4);
  tsr_writer_write_u16_le (writer, made_by);
  tsr_writer_write_u16_le (writer, 10);
  tsr_writer_write_u16_le (writer, flags);
  tsr_writer_write_u16_le (writer, 0);
  tsr_writer_write_u32_le (writer, 0x5a8c6d21);
  tsr_writer_write_u32_le (writer, crc);
  tsr_writer_write_u32_le (writer, sizeof content - 1);
  tsr_writer_write_u32_le (writer, sizeof content - 1);
  tsr_writer_write_u16_le (writer, sizeof name - 1);
  tsr_writer_write_zeros (writer, 8);
  tsr_writer_write_u32_le (writer, 0x81a40000);
  tsr_writer_write_u32_le (writer, 0);
  tsr_writer_write_bytes (writer, (const guint8 *) name, sizeof name - 1);
  central_size = tsr_writer_tell (writer) - central;
  tsr_writer_write_bytes (writer, (const guint8 *) "PK\5\6", 4);
  tsr_writer_write_zeros (writer, 4);
  tsr_writer_write_u16_le (writer, 1);
  tsr_writer_write_u16_le (writer, 1);
  tsr_writer_write_u32_le (writer, (guint32) central_size);
  tsr_writer_write_u32_le (writer, (guint32) central);
  tsr_writer_write_u16_le (writer, 0);
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

/* What real zip writers vary is accepted, read, kept when untouched and rewritten cleanly when
 * replaced: flag bits (a data descriptor, UTF-8, bit 10), version made by (Unix, TOPS-20), a local
 * version needed above the central one, extra fields in the local header only. */
START_TEST (test_zip_writer_variants)
{
  struct { guint16 flags, made_by, local_version; guint extra; } variants[] = {
    { 0x0000, 0x0314, 10, 0 }, { 0x0008, 0x0314, 20, 0 }, { 0x0800, 0x031e, 10, 13 },
    { 0x0400, 0x0a10, 0x0a10, 0 }, { 0x0408, 0x0a10, 0x0a10, 9 },
  };

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autoptr(GBytes) bytes = make_zip (variants[v].flags, variants[v].made_by, variants[v].local_version, variants[v].extra);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) data = NULL, written = NULL, edited = NULL, reread = NULL;
      TsrDoom2dWad *wad = tsr_doom2d_archive_read (bytes, &error), *check;

      ck_assert_msg (wad != NULL, "variant %u: %s", v, error != NULL ? error->message : "");
      data = tsr_doom2d_wad_get_data (wad, tsr_doom2d_wad_find (wad, "", "MAP01"), &error);
      ck_assert_msg (data != NULL, "variant %u: %s", v, error != NULL ? error->message : "");
      ck_assert_uint_eq (g_bytes_get_size (data), 21);
      written = tsr_doom2d_wad_write (wad, &error);
      ck_assert (g_bytes_equal (written, bytes));
      tsr_doom2d_wad_set_data (wad, tsr_doom2d_wad_find (wad, "", "MAP01"), g_bytes_new_static ("other bytes", 11));
      edited = tsr_doom2d_wad_write (wad, &error);
      ck_assert_msg (edited != NULL, "variant %u: %s", v, error != NULL ? error->message : "");
      tsr_doom2d_wad_free (wad);
      check = tsr_doom2d_archive_read (edited, &error);
      ck_assert_msg (check != NULL, "variant %u: %s", v, error != NULL ? error->message : "");
      reread = tsr_doom2d_wad_get_data (check, tsr_doom2d_wad_find (check, "", "MAP01"), &error);
      ck_assert_msg (reread != NULL && g_bytes_get_size (reread) == 11, "variant %u", v);
      /* Name, extra field and made-by kept; the descriptor flag cleared with the descriptor. */
      ck_assert_uint_eq (g_bytes_get_size (edited), g_bytes_get_size (bytes) - 10 - ((variants[v].flags & 8) ? 16 : 0));
      ck_assert_uint_eq (((const guint8 *) g_bytes_get_data (edited, NULL))[6] & 8, 0);
      g_hash_table_unref (zip_stored_streams (edited));
      tsr_doom2d_wad_free (check);
    }
}
END_TEST

/* Real inconsistencies are refused with the offset and what was expected. */
START_TEST (test_zip_inconsistent)
{
  struct { gsize at; guint8 value; const char *expected; gsize offset; } cases[] = {
    { 30, 'X', "names another file", 30 },      /* local name */
    { 8, 8, "compression method 8", 8 },        /* local method */
    { 14, 0x55, "CRC", 14 },                     /* local CRC, no descriptor */
    { 56 + 42, 1, "\"PK\\3\\4\" expected", 1 }, /* central: local header offset */
  };
  g_autoptr(GBytes) good = make_zip (0, 0x0314, 10, 0);
  gsize size = g_bytes_get_size (good);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (good, NULL), size);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *offset = g_strdup_printf ("offset %zu", cases[c].offset);
      TsrDoom2dWad *wad;

      copy[cases[c].at] = cases[c].value;
      bytes = g_bytes_new (copy, size);
      wad = tsr_doom2d_archive_read (bytes, &error);
      ck_assert_msg (wad == NULL, "case %u loaded", c);
      ck_assert_msg (strstr (error->message, cases[c].expected) != NULL, "case %u: %s", c, error->message);
      ck_assert_msg (strstr (error->message, offset) != NULL, "case %u: %s", c, error->message);
      ck_assert_msg (strstr (error->message, "MAP01") != NULL, "case %u: %s", c, error->message);
    }
  /* The central directory pointing past itself, and no end record at all. */
  {
    g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (good, NULL), size);
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(GError) error = NULL;

    copy[size - 22 + 16] += 40;
    bytes = g_bytes_new (copy, size);
    ck_assert_ptr_null (tsr_doom2d_archive_read (bytes, &error));
    ck_assert_msg (strstr (error->message, "should end by the end record") != NULL, "%s", error->message);
    g_clear_error (&error);
    g_clear_pointer (&bytes, g_bytes_unref);
    bytes = g_bytes_new (copy, size - 22);
    ck_assert_ptr_null (tsr_doom2d_archive_read (bytes, &error));
    ck_assert_msg (strstr (error->message, "no end of central directory") != NULL, "%s", error->message);
  }
}
END_TEST
#endif


/* TGA: every real texture decodes at its header's size; a 24-bit picture's corners are its
 * bottom-left-origin bytes; RLE versions (made here, both origins, 24 and 32 bits) decode to the
 * same pixels; every cut of a small real file fails with an offset. */

/* PIXELS (RGBA, top row first) as a TGA of BITS (24/32), RLE or not, top or bottom origin. */
static GBytes *
make_tga (const TsrImage *image,
          guint           bits,
          gboolean        rle,
          gboolean        top_origin)
{
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  guint bpp = bits / 8;

  tsr_writer_write_u8 (writer, 0);
  tsr_writer_write_u8 (writer, 0);
  tsr_writer_write_u8 (writer, rle ? 10 : 2);
  for (guint i = 0; i < 9; i++)
    tsr_writer_write_u8 (writer, 0);
  tsr_writer_write_u16_le (writer, (guint16) image->width);
  tsr_writer_write_u16_le (writer, (guint16) image->height);
  tsr_writer_write_u8 (writer, (guint8) bits);
  tsr_writer_write_u8 (writer, (guint8) ((top_origin ? 0x20 : 0) | (bits == 32 ? 8 : 0)));
  for (guint row = 0; row < image->height; row++)
    {
      guint y = top_origin ? row : image->height - 1 - row;
      const guint8 *line = image->pixels + (gsize) y * image->width * 4;
      guint x = 0;

      while (x < image->width)
        {
          guint run = 1;
          guint8 pixel[4];

          if (rle)
            while (x + run < image->width && run < 128 && memcmp (line + x * 4, line + (x + run) * 4, 4) == 0)
              run++;
          if (rle && run > 1)
            tsr_writer_write_u8 (writer, (guint8) (0x80 | (run - 1)));
          else if (rle)
            {
              /* A raw packet of one pixel keeps the encoder short. */
              tsr_writer_write_u8 (writer, 0);
            }
          pixel[0] = line[x * 4 + 2];
          pixel[1] = line[x * 4 + 1];
          pixel[2] = line[x * 4 + 0];
          pixel[3] = line[x * 4 + 3];
          tsr_writer_write_bytes (writer, pixel, bpp);
          x += rle ? run : 1;
        }
    }
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

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

/* Every TGA file of the unpacked Standart.wad. */
static GPtrArray *
real_tgas (void)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *folder = g_build_filename (data_dir, "StandartWAD", NULL);

  add_tgas (files, folder);
  return files;
}

START_TEST (test_tga_real_textures)
{
  g_autoptr(GPtrArray) files = real_tgas ();
  guint checked = 0, rle_checked = 0;
  gsize smallest_size = G_MAXSIZE;
  g_autoptr(GBytes) smallest = NULL;

  ck_assert_uint_ge (files->len, 200);
  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (files, i));
      const guint8 *data = g_bytes_get_data (bytes, NULL);
      gsize size = g_bytes_get_size (bytes);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrImage) image = NULL;
      guint width = data[12] | data[13] << 8, height = data[14] | data[15] << 8, bpp = data[16] / 8;
      gboolean top = (data[17] & 0x20) != 0;
      const guint8 *first;

      ck_assert (tsr_tga_sniff (data, size));
      ck_assert_int_eq (tsr_doom2d_resource_sniff (data, size), TSR_DOOM2D_RESOURCE_TGA);
      image = tsr_image_load_tga (data, size, "texture", &error);
      ck_assert_msg (image != NULL, "%s: %s", (char *) g_ptr_array_index (files, i), error->message);
      ck_assert_uint_eq (image->width, width);
      ck_assert_uint_eq (image->height, height);
      /* The first stored pixel is the bottom-left one (top-left with the top origin bit). */
      first = data + 18 + data[0];
      {
        const guint8 *p = image->pixels + (gsize) (top ? 0 : height - 1) * width * 4;
        ck_assert_uint_eq (p[0], first[2]);
        ck_assert_uint_eq (p[1], first[1]);
        ck_assert_uint_eq (p[2], first[0]);
        ck_assert_uint_eq (p[3], bpp == 4 ? first[3] : 0xff);
      }
      if (size < smallest_size)
        {
          /* What the picture needs (some files carry a TGA 2.0 footer after it). */
          smallest_size = 18 + data[0] + (gsize) width * height * bpp;
          g_clear_pointer (&smallest, g_bytes_unref);
          smallest = g_bytes_ref (bytes);
        }
      /* The same picture as RLE and with the other origin decodes to the same pixels. */
      if (i % 10 == 0)
        for (guint variant = 0; variant < 4; variant++)
          {
            g_autoptr(GBytes) made = make_tga (image, variant & 1 ? 32 : 24, TRUE, variant & 2);
            g_autoptr(TsrImage) back = tsr_image_load_tga (g_bytes_get_data (made, NULL),
                                                           g_bytes_get_size (made), "rle", &error);

            ck_assert_msg (back != NULL, "%s", error ? error->message : "");
            if (!(variant & 1))
              for (gsize p = 0; p < (gsize) width * height; p++)
                image->pixels[p * 4 + 3] = 0xff;
            ck_assert_mem_eq (back->pixels, image->pixels, (gsize) width * height * 4);
            rle_checked++;
          }
      checked++;
    }
  tsr_test_report_count ("TGA textures", checked);
  ck_assert_uint_gt (rle_checked, 0);

  /* Every cut of the smallest real picture fails, naming an offset. */
  for (gsize cut = 0; cut < smallest_size; cut++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrImage) image = tsr_image_load_tga (g_bytes_get_data (smallest, NULL), cut, "cut", &error);

      ck_assert_ptr_null (image);
      ck_assert_msg (strstr (error->message, "(offset ") != NULL, "%s", error->message);
    }
}
END_TEST

START_TEST (test_tga_edge_cases)
{
  g_autoptr(TsrImage) source = tsr_image_new (3, 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) plain = NULL, rle = NULL;
  g_autoptr(TsrImage) image = NULL;
  guint8 *bytes;
  gsize size;

  for (guint i = 0; i < 6; i++)
    tsr_image_set_pixel (source, i % 3, i / 3, 0x10203040u * (i + 1));
  /* Top-left and bottom-left 32-bit pictures decode to the same pixels. */
  plain = make_tga (source, 32, FALSE, TRUE);
  image = tsr_image_load_tga (g_bytes_get_data (plain, NULL), g_bytes_get_size (plain), "top", &error);
  ck_assert_ptr_nonnull (image);
  ck_assert_mem_eq (image->pixels, source->pixels, 24);
  g_clear_pointer (&image, tsr_image_free);
  g_clear_pointer (&plain, g_bytes_unref);
  plain = make_tga (source, 32, FALSE, FALSE);
  image = tsr_image_load_tga (g_bytes_get_data (plain, NULL), g_bytes_get_size (plain), "bottom", &error);
  ck_assert_ptr_nonnull (image);
  ck_assert_mem_eq (image->pixels, source->pixels, 24);
  g_clear_pointer (&image, tsr_image_free);

  /* Right-to-left rows mirror the picture. */
  size = g_bytes_get_size (plain);
  bytes = g_memdup2 (g_bytes_get_data (plain, NULL), size);
  bytes[17] |= 0x10;
  image = tsr_image_load_tga (bytes, size, "mirrored", &error);
  ck_assert_ptr_nonnull (image);
  ck_assert_mem_eq (image->pixels, source->pixels + 8, 4);
  g_clear_pointer (&image, tsr_image_free);

  /* A run longer than the picture is an error at the packet's offset. */
  rle = make_tga (source, 24, TRUE, TRUE);
  g_free (bytes);
  size = g_bytes_get_size (rle);
  bytes = g_memdup2 (g_bytes_get_data (rle, NULL), size);
  bytes[18] = 0xff;
  image = tsr_image_load_tga (bytes, size, "run", &error);
  ck_assert_ptr_null (image);
  ck_assert_msg (strstr (error->message, "runs past the picture") != NULL, "%s", error->message);
  ck_assert_msg (strstr (error->message, "(offset 18)") != NULL, "%s", error->message);
  g_clear_error (&error);

  /* A 65535 x 65535 header on a few bytes is refused before anything is allocated. */
  bytes[12] = bytes[13] = bytes[14] = bytes[15] = 0xff;
  image = tsr_image_load_tga (bytes, size, "huge", &error);
  ck_assert_ptr_null (image);
  ck_assert_msg (strstr (error->message, "pixel data") != NULL, "%s", error->message);
  g_clear_error (&error);

  /* Not a TGA: image type 4 does not exist. */
  bytes[2] = 4;
  ck_assert (!tsr_tga_sniff (bytes, size));
  image = tsr_image_load_tga (bytes, size, "type", &error);
  ck_assert_ptr_null (image);
  ck_assert_int_eq (error->code, TSR_ERROR_BAD_MAGIC);
  g_free (bytes);
}
END_TEST

/* Animations: parsing TEXT\ANIM and the frames played over time. */
START_TEST (test_animation_frames)
{
  const char *anim = "resource=COL5A\r\nframecount=3\r\nframewidth=64\r\nframeheight=32\r\nwaitcount=2\r\nbackanimation=1";
  TsrDoom2dTexture texture = { 0 };
  g_autofree char *resource = NULL;
  g_autoptr(GError) error = NULL;
  static const guint back[] = { 0, 0, 1, 1, 2, 2, 1, 1, 0, 0, 1 };
  guint x, w, h;

  ck_assert (tsr_doom2d_animation_parse ((const guint8 *) anim, strlen (anim), &texture, &resource, &error));
  ck_assert_str_eq (resource, "COL5A");
  ck_assert_uint_eq (texture.frame_count, 3);
  ck_assert_uint_eq (texture.frame_width, 64);
  ck_assert_uint_eq (texture.frame_height, 32);
  ck_assert_uint_eq (texture.wait_count, 2);
  ck_assert (texture.back_animation);
  for (guint tick = 0; tick < G_N_ELEMENTS (back); tick++)
    ck_assert_uint_eq (tsr_doom2d_texture_frame_at (&texture, tick), back[tick]);
  texture.back_animation = FALSE;
  ck_assert_uint_eq (tsr_doom2d_texture_frame_at (&texture, 5), 2);
  ck_assert_uint_eq (tsr_doom2d_texture_frame_at (&texture, 6), 0);
  tsr_doom2d_texture_frame_rect (&texture, 2, 192, 32, &x, &w, &h);
  ck_assert_uint_eq (x, 128);
  ck_assert_uint_eq (w, 64);
  ck_assert_uint_eq (h, 32);
  /* A strip narrower than it says is clipped, never read past. */
  tsr_doom2d_texture_frame_rect (&texture, 2, 150, 32, &x, &w, &h);
  ck_assert_uint_eq (x + w, 150);

  ck_assert (!tsr_doom2d_animation_parse ((const guint8 *) "framecount=2", 12, &texture, &resource, &error));
  ck_assert_msg (strstr (error->message, "no resource") != NULL, "%s", error->message);
  g_clear_error (&error);
  ck_assert (!tsr_doom2d_animation_parse ((const guint8 *) "resource=A\nframecount=x", 24, &texture, &resource, &error));
  ck_assert_msg (strstr (error->message, "framecount") != NULL, "%s", error->message);
}
END_TEST

/* Packs StandartWAD/standart.lst into a Standart.wad in FOLDER; the missing files into MISSING. */
static char *
pack_standart (const char *folder,
               GPtrArray  *missing)
{
  g_autofree char *list = g_build_filename (data_dir, "StandartWAD", "standart.lst", NULL);
  g_autoptr(GError) error = NULL;
  TsrDoom2dWad *wad = tsr_doom2d_pack_list (list, missing, &error);
  g_autoptr(GBytes) bytes = NULL;
  char *path = g_build_filename (folder, "Standart.wad", NULL);

  ck_assert_msg (wad != NULL, "%s", error ? error->message : "");
  bytes = tsr_doom2d_wad_write (wad, &error);
  tsr_doom2d_wad_free (wad);
  ck_assert_ptr_nonnull (bytes);
  ck_assert (tsr_file_write_atomic (path, bytes, FALSE, NULL));
  return path;
}

/* The unpacked Standart.wad packs with our writer as standart.lst says; the real map's textures
 * resolve and decode from it (as an archive named on its own and through a game folder), and
 * the animated ones play. */
START_TEST (test_pack_standart_wad)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autoptr(GPtrArray) missing = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *packed_path = pack_standart (folder, missing);
  g_autoptr(GBytes) packed = tsr_test_read_file (packed_path);
  g_autoptr(GError) error = NULL;
  TsrDoom2dWad *wad = tsr_doom2d_wad_read (packed, &error);
  g_autoptr(GBytes) rewritten = NULL;
  g_autoptr(GPtrArray) tgas = real_tgas ();
  guint textures = 0, animations = 0;

  ck_assert_msg (wad != NULL, "%s", error ? error->message : "");
  /* Our test data holds D2DTEXTURES and one sky: everything else the list names is missing. */
  for (guint i = 0; i < missing->len; i++)
    ck_assert_msg (!g_str_has_prefix (g_ptr_array_index (missing, i), "D2DTEXTURES\\"), "%s",
                   (char *) g_ptr_array_index (missing, i));
  ck_assert_uint_gt (missing->len, 0);
  for (guint i = 0; i < wad->entries->len; i++)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      g_autoptr(GBytes) data = NULL;
      TsrDoom2dResourceType type;

      if (entry->is_section)
        continue;
      data = tsr_doom2d_wad_get_data (wad, entry, &error);
      ck_assert_msg (data != NULL, "%s", error ? error->message : "");
      type = tsr_doom2d_resource_sniff (g_bytes_get_data (data, NULL), g_bytes_get_size (data));
      if (strcmp (entry->section, "D2DTEXTURES") == 0)
        {
          textures++;
          ck_assert (type == TSR_DOOM2D_RESOURCE_TGA || type == TSR_DOOM2D_RESOURCE_DFWAD);
          if (type == TSR_DOOM2D_RESOURCE_DFWAD)
            {
              g_autoptr(TsrDoom2dTexture) animation = tsr_doom2d_texture_from_animation (data, &error);

              ck_assert_msg (animation != NULL, "%s: %s", entry->name, error ? error->message : "");
              ck_assert_uint_gt (animation->frame_count, 0);
              animations++;
            }
        }
    }
  /* 249 lines in the list's D2DTEXTURES: 204 pictures and 45 animations, whose frame strips
   * are TGA files in their folders; with the sky that is every .tga file of the folder. */
  ck_assert_uint_eq (textures, 249);
  ck_assert_uint_eq (animations, 45);
  ck_assert_uint_eq (tgas->len, 204 + 45 + 1);
  ck_assert_ptr_nonnull (tsr_doom2d_wad_find (wad, "d2dsky", "rsky1"));
  ck_assert_ptr_nonnull (tsr_doom2d_wad_find (wad, "D2DTEXTURES", "ЦЕПЬ1"));
  /* What we wrote reads back and writes again byte for byte. */
  rewritten = tsr_doom2d_wad_write (wad, &error);
  ck_assert (g_bytes_equal (rewritten, packed));
  tsr_doom2d_wad_free (wad);

  /* The real map's texture paths through the archive named on its own (any file name) and
   * through a game folder holding it. */
  for (guint how = 0; how < 2; how++)
    {
      g_autofree char *other = g_build_filename (folder, "packed-elsewhere.wad", NULL);
      const char *search[] = { how == 0 ? other : folder, NULL };
      g_autoptr(GBytes) map_bytes = first_real_map ();
      TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (map_bytes, NULL),
                                                      g_bytes_get_size (map_bytes), NULL);
      g_autoptr(TsrDoom2dTextureCache) cache = NULL;
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      const TsrDoom2dCachedTexture *entry;
      guint resolved = 0;

      if (how == 0)
        ck_assert (g_file_set_contents (other, g_bytes_get_data (packed, NULL), g_bytes_get_size (packed), NULL));
      cache = tsr_doom2d_texture_cache_new (tsr_doom2d_resources_new (search, NULL), NULL, NULL);
      ck_assert_uint_eq (tsr_doom2d_texture_cache_check_map (cache, map, findings), 0);
      ck_assert_uint_eq (findings->len, 0);
      for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE); i++)
        {
          const char *path = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, i)->values[TSR_DOOM2D_TEXTURE_PATH].text;

          entry = tsr_doom2d_texture_cache_get (cache, path);
          if (entry->special == TSR_DOOM2D_SPECIAL_NONE)
            {
              ck_assert_msg (entry->image != NULL, "%s: %s", path, entry->error ? entry->error->message : "");
              resolved++;
            }
        }
      ck_assert_uint_eq (resolved, 14);
      /* What the archive offers as textures: every picture of its *TEXTURES sections, once
       * whatever the case of its name, each one resolving and decoding; through the game folder,
       * an archive it lacks adds nothing. */
      {
        const char *archives[] = { "Standart.wad", "STANDART.WAD", how == 1 ? "NoSuch.wad" : NULL, NULL };
        g_autoptr(GPtrArray) offered = tsr_doom2d_resources_list_textures (tsr_doom2d_texture_cache_get_resources (cache),
                                                                            archives);
        gboolean exit1 = FALSE;

        ck_assert_uint_eq (offered->len, wad_entries_in_textures (packed));
        ck_assert_uint_ge (offered->len, 200);
        for (guint o = 0; o < offered->len; o++)
          {
            const char *path = g_ptr_array_index (offered, o);

            exit1 |= strcmp (path, "Standart.wad:D2DTEXTURES\\EXIT1") == 0;
            entry = tsr_doom2d_texture_cache_get (cache, path);
            ck_assert_msg (entry->image != NULL, "%s: %s", path, entry->error ? entry->error->message : "");
          }
        ck_assert (exit1);
      }
      /* The same entry again, without resolving anew. */
      ck_assert_ptr_eq (tsr_doom2d_texture_cache_get (cache, "STANDART.WAD:d2dtextures\\exit1"),
                        tsr_doom2d_texture_cache_get (cache, "Standart.wad:D2DTEXTURES\\EXIT1"));
      /* The animated torch: a strip of its frames. */
      entry = tsr_doom2d_texture_cache_get (cache, "Standart.wad:D2DTEXTURES\\SMRTA0");
      ck_assert (entry->texture->animated);
      ck_assert_uint_ge (entry->image->width, entry->texture->frame_width * entry->texture->frame_count);
      entry = tsr_doom2d_texture_cache_get (cache, "Standart.wad:D2DTEXTURES\\W73A_1");
      ck_assert_uint_eq (entry->texture->frame_count, 3);
      ck_assert_uint_eq (entry->texture->frame_width, 128);
      ck_assert_uint_eq (entry->texture->frame_height, 128);
      ck_assert_uint_eq (entry->texture->wait_count, 6);
      ck_assert (!entry->texture->back_animation);
      ck_assert_uint_eq (entry->image->width, 384);

      /* One that does not resolve is a warning naming the texture record and why. */
      tsr_field_value_set_text (&tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, 4)->values[TSR_DOOM2D_TEXTURE_PATH],
                                "Standart.wad:D2DTEXTURES\\NOSUCH");
      ck_assert_uint_eq (tsr_doom2d_texture_cache_check_map (cache, map, findings), 1);
      {
        const TsrFinding *finding = g_ptr_array_index (findings, 0);

        ck_assert_int_eq (finding->severity, TSR_SEVERITY_WARNING);
        ck_assert (tsr_finding_place_is (&finding->place, "texture"));
        ck_assert_int_eq (finding->place.index, 4);
        ck_assert_msg (strstr (finding->what, "no resource D2DTEXTURES\\NOSUCH") != NULL, "%s", finding->what);
      }
      tsr_doom2d_map_free (map);
    }

  /* The map's own archive answers paths without an archive part first. */
  {
    TsrDoom2dWad *own = tsr_doom2d_wad_new ();
    g_autoptr(TsrImage) one = tsr_image_new (2, 2);
    g_autoptr(GBytes) png = tsr_image_to_png (one, NULL);
    const char *search[] = { folder, NULL };
    g_autoptr(TsrDoom2dTextureCache) cache = NULL;

    tsr_doom2d_wad_add (own, "TEXTURES", "EXIT1", png);
    cache = tsr_doom2d_texture_cache_new (tsr_doom2d_resources_new (search, own), NULL, NULL);
    ck_assert_uint_eq (tsr_doom2d_texture_cache_get (cache, ":TEXTURES\\EXIT1")->image->width, 2);
    ck_assert_uint_eq (tsr_doom2d_texture_cache_get (cache, "Standart.wad:D2DTEXTURES\\EXIT1")->image->width, 32);
    ck_assert_ptr_nonnull (tsr_doom2d_texture_cache_get (cache, "Other.wad:D2DTEXTURES\\EXIT1")->error);
    tsr_doom2d_texture_cache_free (g_steal_pointer (&cache));
    tsr_doom2d_wad_free (own);
  }
}
END_TEST

/* The liquid filter, 2 x colour x beneath, against the formula for every channel value: in TsrImage's
 * RGBA bytes (straight alpha) and in cairo's ARGB32 words (premultiplied: never above the alpha),
 * over nothing (alpha 0: the liquid's own colour), and only inside the given rows and columns. */
START_TEST (test_liquid_filter)
{
  static const guint colour[][3] = { { 0, 0, 255 }, { 0, 128, 0 }, { 128, 0, 0 } };
  static const guint32 own[] = { 0xff0000ff, 0xff008000, 0xff800000 };

  for (guint s = 0; s < 3; s++)
    {
      TsrDoom2dSpecialTexture special = TSR_DOOM2D_SPECIAL_WATER + s;
      guint8 rgba[256 * 4 + 8];
      guint32 words[3][258];

      /* RGBA: pixel v of the row has every channel at v; one pixel either side stays as it was. */
      for (guint v = 0; v < 258; v++)
        memset (rgba + v * 4, v > 0 && v < 256 ? (int) v : 0x55, 4);
      tsr_doom2d_liquid_filter (rgba + 4, sizeof rgba, 255, 1, TSR_DOOM2D_PIXELS_RGBA, special);
      ck_assert_mem_eq (rgba, "UUUU", 4);
      ck_assert_mem_eq (rgba + 256 * 4, "UUUU", 4);
      for (guint v = 1; v < 256; v++)
        {
          for (guint c = 0; c < 3; c++)
            ck_assert_uint_eq (rgba[v * 4 + c], MIN (255u, 2 * colour[s][c] * v / 255));
          ck_assert_uint_eq (rgba[v * 4 + 3], v);
        }
      /* ARGB32: opaque rows, a half-covered row (alpha 128, channels up to 128) and a clear one. */
      for (guint v = 0; v < 258; v++)
        {
          guint c = MIN (v, 128u);

          words[0][v] = 0xff000000u | v % 256 * 0x010101u;
          words[1][v] = 0x80000000u | c * 0x010101u;
          words[2][v] = 0;
        }
      tsr_doom2d_liquid_filter ((guint8 *) words, sizeof words[0], 256, 3, TSR_DOOM2D_PIXELS_ARGB32, special);
      ck_assert_uint_eq (words[0][256], 0xff000000u);
      ck_assert_uint_eq (words[2][257], 0);
      for (guint v = 0; v < 256; v++)
        {
          guint c = MIN (v, 128u);

          ck_assert_uint_eq (words[0][v], 0xff000000u | MIN (255u, 2 * colour[s][0] * v / 255) << 16
                                          | MIN (255u, 2 * colour[s][1] * v / 255) << 8 | MIN (255u, 2 * colour[s][2] * v / 255));
          ck_assert_uint_eq (words[1][v], 0x80000000u | MIN (128u, 2 * colour[s][0] * c / 255) << 16
                                          | MIN (128u, 2 * colour[s][1] * c / 255) << 8 | MIN (128u, 2 * colour[s][2] * c / 255));
          ck_assert_uint_eq (words[2][v], own[s]);
        }
    }
}
END_TEST

/* The real map drawn with the packed textures: tiled walls, the blood pool's red filter. */
START_TEST (test_render_with_textures)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *packed_path = pack_standart (folder, NULL);
  const char *search[] = { packed_path, NULL };
  g_autoptr(GBytes) map_bytes = first_real_map ();
  TsrDoom2dMap *map = tsr_doom2d_map_read_binary (g_bytes_get_data (map_bytes, NULL), g_bytes_get_size (map_bytes), NULL);
  g_autoptr(TsrDoom2dTextureCache) cache = tsr_doom2d_texture_cache_new (tsr_doom2d_resources_new (search, NULL), NULL, NULL);
  g_autoptr(TsrImage) flat = tsr_doom2d_map_render (map, NULL, 0, 0, NULL);
  g_autoptr(TsrImage) image = tsr_doom2d_map_render_cached (map, cache, 0, 0, NULL);
  const TsrDoom2dCachedTexture *wall = NULL;
  g_autofree char *png_path = g_build_filename (g_getenv ("TSR_SCREENSHOT_DIR") ? g_getenv ("TSR_SCREENSHOT_DIR") : folder,
                                                "doom2d-df_MAP01-textured.png", NULL);
  guint differing = 0;

  ck_assert_ptr_nonnull (image);
  ck_assert_uint_eq (image->width, 1600);
  ck_assert (tsr_image_save_png (image, png_path, NULL));
  for (gsize i = 0; i < (gsize) image->width * image->height * 4; i += 4)
    differing += memcmp (image->pixels + i, flat->pixels + i, 3) != 0;
  ck_assert_uint_gt (differing, image->width * image->height / 2);
  /* A wall panel's top-left pixel is its texture's top-left pixel. */
  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL) && wall == NULL; i++)
    {
      const TsrDoom2dRecord *panel = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, i);
      gint64 texture = panel->values[TSR_DOOM2D_PANEL_TEXTURE].v[0];
      const char *path = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, (guint) texture)->values[TSR_DOOM2D_TEXTURE_PATH].text;
      const TsrDoom2dCachedTexture *entry = tsr_doom2d_texture_cache_get (cache, path);
      gint64 x = panel->values[TSR_DOOM2D_PANEL_POSITION].v[0], y = panel->values[TSR_DOOM2D_PANEL_POSITION].v[1];

      if (panel->values[TSR_DOOM2D_PANEL_TYPE].v[0] != TSR_DOOM2D_PANEL_WALL || entry->image == NULL
          || entry->texture->animated || x < 0 || y < 0 || entry->image->pixels[3] != 0xff)
        continue;
      wall = entry;
      ck_assert_mem_eq (image->pixels + ((gsize) y * image->width + x) * 4, entry->image->pixels, 3);
    }
  ck_assert_ptr_nonnull (wall);
  /* The acid pool (texture _water_2 on PANEL_ACID1, 704..1216 x 912..1040): red filtered. */
  {
    const guint8 *p = image->pixels + ((gsize) 1000 * image->width + 900) * 4;
    ck_assert_uint_gt (p[0], 0);
    ck_assert_uint_eq (p[1], 0);
    ck_assert_uint_eq (p[2], 0);
  }
  tsr_doom2d_map_free (map);
}
END_TEST

static Suite *
doom2d_suite (void)
{
  Suite *suite = suite_create ("doom2d");
  TCase *real = tcase_create ("real files");
  TCase *text = tcase_create ("text");
  TCase *model = tcase_create ("model");
  TCase *wad = tcase_create ("wad");
  TCase *resources = tcase_create ("resources");

  tcase_set_timeout (real, 300);
  tcase_add_test (real, test_real_files_roundtrip);
  tcase_add_test (real, test_binary_text_binary);
  tcase_add_test (real, test_text_keeps_unknown_bytes);
  tcase_add_test (real, test_odd_block_layout);
  tcase_add_test (real, test_truncated_map_fails_cleanly);
  tcase_add_test (real, test_empty_text_fails_cleanly);
  tcase_add_test (real, test_truncated_text_and_wad_fail_cleanly);
  tcase_add_test (real, test_bad_binary_maps);
  tcase_add_test (text, test_text_syntax);
  tcase_add_test (text, test_bad_text_maps);
  tcase_add_test (text, test_text_fast_path_agrees);
  tcase_add_test (text, test_cp1251);
  tcase_add_test (model, test_schema_tables);
  tcase_add_test (model, test_sample_map);
  tcase_add_test (model, test_records_outlive_their_map);
  tcase_add_test (model, test_binary_block_of_mixed_records);
  tcase_add_test (model, test_remove_keeps_references);
  tcase_add_test (model, test_remove_monster_fixes_press);
  tcase_add_test (model, test_random_edits_stay_consistent);
  tcase_add_test (model, test_validation);
  tcase_add_test (wad, test_wad_around_real_map);
  tcase_add_test (wad, test_inflate_whole_streams);
  tcase_add_test (wad, test_wad_unusual_layout);
  tcase_add_test (wad, test_wad_aliases);
  tcase_add_test (wad, test_broken_zlib_stream);
  tcase_add_test (wad, test_resources);
  tcase_add_test (wad, test_convert);
  tcase_add_test (wad, test_wad_huge_resources_stay_lazy);
#if TSR_DOOM2D_HAVE_LIBZIP
  tcase_add_test (wad, test_zip_archive);
  tcase_add_test (wad, test_zip_bad_sizes_messages);
  tcase_add_test (wad, test_zip_real_archives);
  tcase_add_test (wad, test_game_archives_validate);
  tcase_add_test (wad, test_zip_writer_variants);
  tcase_add_test (wad, test_zip_inconsistent);
#endif
  suite_add_tcase (suite, real);
  suite_add_tcase (suite, text);
  suite_add_tcase (suite, model);
  tcase_set_timeout (resources, 300);
  tcase_add_test (resources, test_tga_real_textures);
  tcase_add_test (resources, test_tga_edge_cases);
  tcase_add_test (resources, test_animation_frames);
  tcase_add_test (resources, test_pack_standart_wad);
  tcase_add_test (resources, test_liquid_filter);
  tcase_add_test (resources, test_render_with_textures);
  suite_add_tcase (suite, wad);
  suite_add_tcase (suite, resources);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("doom2d");
  return tsr_test_run_suite (doom2d_suite ());
}
