/* test-marathon-maps.c: Marathon maps, physics and terminals on the real files: byte-identical
 * round trips, terminal scripts against the shipped .term.txt files, scenario edits, validation,
 * rendering, truncation at every length, and the terminal CLI. */
#include <glib/gstdio.h>
#include <string.h>

#include "cli/tsr-cli-terminal.h"
#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-physics.h"
#include "formats/marathon/tsr-marathon-terminal.h"
#include "tsr-marathon-sample.h"
#include "tsr-test-common.h"

gboolean tsr_marathon_records_check_coverage (char **problem);

static char *data_dir;

static GBytes *
read_data (const char *name)
{
  g_autofree char *path = g_build_filename (data_dir, name, NULL);

  return tsr_test_read_file (path);
}

static void
assert_bytes_equal (GBytes *a, GBytes *b, const char *what)
{
  gsize size_a, size_b, offset = 0;
  const guint8 *x = g_bytes_get_data (a, &size_a);
  const guint8 *y = g_bytes_get_data (b, &size_b);

  while (offset < size_a && offset < size_b && x[offset] == y[offset])
    offset++;
  ck_assert_msg (size_a == size_b && offset == size_a,
                 "%s: differs at %" G_GSIZE_FORMAT " (sizes %" G_GSIZE_FORMAT " and %" G_GSIZE_FORMAT ")",
                 what, offset, size_a, size_b);
}

START_TEST (test_record_tables_cover_every_byte)
{
  g_autofree char *problem = NULL;

  ck_assert_msg (tsr_marathon_records_check_coverage (&problem), "%s", problem);
}
END_TEST

/* The array conversions (byte shuffles where the processor has them, field runs elsewhere) give
 * what the field table gives record by record, padding zeroed, at every count (the last records
 * go another way than the rest); encode_matches finds a change in any record. */
START_TEST (test_record_arrays_match_field_tables)
{
  static const gsize counts[] = { 0, 1, 2, 3, 4, 5, 7, 16, 33, 100 };
  GRand *rand = g_rand_new_with_seed (35);

  for (guint kind = 0; kind < TSR_MARATHON_N_MAP_RECORDS; kind++)
    for (guint c = 0; c < G_N_ELEMENTS (counts); c++)
      {
        const TsrFieldTable *table = tsr_marathon_record_fields (kind);
        gsize count = counts[c], size = table->size, struct_size = table->struct_size;
        g_autofree guint8 *file = g_malloc (count * size + 1);
        g_autofree guint8 *decoded = g_malloc (count * struct_size + 1);
        g_autofree guint8 *expected = g_malloc0 (count * struct_size + 1);
        g_autofree guint8 *encoded = g_malloc (count * size + 1);

        for (gsize b = 0; b < count * size; b++)
          file[b] = (guint8) g_rand_int (rand);
        memset (decoded, 0xa5, count * struct_size);
        for (gsize r = 0; r < count; r++)
          tsr_marathon_record_decode (kind, file + r * size, expected + r * struct_size);
        tsr_marathon_records_decode_array (kind, file, count, decoded);
        ck_assert_msg (count == 0 || memcmp (decoded, expected, count * struct_size) == 0,
                       "%s: %zu records decode otherwise", table->name, count);
        tsr_marathon_records_encode_array (kind, decoded, count, encoded);
        ck_assert_msg (count == 0 || memcmp (encoded, file, count * size) == 0,
                       "%s: %zu records encode otherwise", table->name, count);
        ck_assert (tsr_marathon_records_encode_matches (kind, decoded, count, file));
        for (guint t = 0; t < 8 && count > 0; t++)
          {
            gsize at = t == 0 ? count * size - 1 : (gsize) g_rand_int_range (rand, 0, (gint32) (count * size));

            file[at] ^= 1u << g_rand_int_range (rand, 0, 8);
            ck_assert_msg (!tsr_marathon_records_encode_matches (kind, decoded, count, file),
                           "%s: %zu records: a change at byte %zu not found", table->name, count, at);
            memcpy (file + at, encoded + at, 1);
          }
      }
  g_rand_free (rand);
}
END_TEST

/* Every map and physics file loads through the registry and saves back byte-identical. */
START_TEST (test_real_files_roundtrip)
{
  static const char *const suffixes[] = { "", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (data_dir, suffixes);
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  guint maps = 0, physics = 0, levels = 0, scripts = 0;

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) outputs = NULL;
      const TsrFormat *format = tsr_format_registry_detect (registry, g_bytes_get_data (bytes, NULL),
                                                            g_bytes_get_size (bytes), path, NULL);
      const TsrFormat *script = tsr_marathon_terminal_script_format ();
      gpointer data;

      if (format == NULL && script->sniff (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), path) > 0)
        format = script;

      if (format == NULL || (strcmp (format->id, "marathon-map") != 0
                             && strcmp (format->id, "marathon-physics") != 0
                             && strcmp (format->id, "marathon-terminal-script") != 0))
        continue;
      data = format->load (path, bytes, &error);
      ck_assert_msg (data != NULL, "%s: %s", path, error ? error->message : "");
      outputs = format->save (data, path, &error);
      ck_assert_msg (outputs != NULL, "%s: %s", path, error ? error->message : "");
      assert_bytes_equal (bytes, ((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, path);
      if (strcmp (format->id, "marathon-map") == 0)
        {
          levels += ((TsrMarathonScenario *) data)->map->levels->len;
          maps++;
        }
      else if (strcmp (format->id, "marathon-physics") == 0)
        physics++;
      else
        scripts++;
      format->free (data);
    }
  /* Quartz (AppleSingle), 4 Chronicles maps, the version-4 map, the M1 scenario; 2 physics. */
  ck_assert_uint_ge (maps, 7);
  ck_assert_uint_ge (physics, 2);
  ck_assert_uint_ge (scripts, 2);
  ck_assert_uint_ge (levels, 37 + 6);
  tsr_test_report_count ("Marathon maps, physics and terminal scripts saved byte-identical",
                         maps + physics + scripts);
}
END_TEST

START_TEST (test_m1_scenario_contents)
{
  g_autoptr(GBytes) bytes = read_data ("m1_Map.scen");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, "m1", &error);
  TsrMarathonLevel *level;
  g_autofree char *name = NULL;

  ck_assert_msg (scenario != NULL, "%s", error ? error->message : "");
  ck_assert_int_eq (scenario->wrapper->kind, TSR_MAC_WRAPPER_MACBINARY);
  ck_assert_uint_eq (scenario->map->levels->len, 37);
  level = g_ptr_array_index (scenario->map->levels, 0);
  name = tsr_marathon_level_name (level);
  ck_assert_str_eq (name, "Arrival");
  ck_assert_uint_eq (level->data_version, 0);
  ck_assert_ptr_nonnull (level->old_lights);
  ck_assert_ptr_null (level->lights);
  ck_assert_uint_eq (level->endpoints->len, 565);
  ck_assert_uint_eq (level->polygons->len, 253);
  ck_assert (!tsr_wad_checksum_matches (scenario->map->wad));
}
END_TEST

static TsrMarathonLevel *
first_level (TsrMarathonScenario *scenario)
{
  return g_ptr_array_index (scenario->map->levels, 0);
}

/* Decompiling gives the shipped Atque text; compiling that text gives the map's own chunk. */
START_TEST (test_terminal_scripts_match_shipped_text)
{
  static const char *const maps[] = { "chronicles_DreamBrother", "chronicles_MenLikeRavenousFishes" };

  for (guint i = 0; i < G_N_ELEMENTS (maps); i++)
    {
      g_autofree char *map_name = g_strconcat (maps[i], ".sceA", NULL);
      g_autofree char *text_name = g_strconcat (maps[i], ".term.txt", NULL);
      g_autoptr(GBytes) bytes = read_data (map_name);
      g_autoptr(GBytes) shipped = read_data (text_name);
      g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, map_name, NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      g_autoptr(GPtrArray) compiled = NULL;
      g_autoptr(GPtrArray) recompiled = NULL;
      g_autoptr(GBytes) original_chunk = NULL;
      g_autoptr(GBytes) compiled_chunk = NULL;
      g_autoptr(GBytes) recompiled_chunk = NULL;
      TsrMarathonLevel *level;
      TsrWadChunk *chunk;

      ck_assert_ptr_nonnull (scenario);
      level = first_level (scenario);
      ck_assert_ptr_nonnull (level->terminals);
      chunk = tsr_wad_entry_find_chunk (level->entry, TSR_WAD_TAG ('t', 'e', 'r', 'm'));
      original_chunk = g_bytes_ref (chunk->data);

      text = tsr_marathon_terminals_decompile (level->terminals, &error);
      ck_assert_msg (text != NULL, "%s", error ? error->message : "");
      ck_assert_uint_eq (strlen (text), g_bytes_get_size (shipped));
      ck_assert_int_eq (memcmp (text, g_bytes_get_data (shipped, NULL), strlen (text)), 0);

      recompiled = tsr_marathon_terminals_compile (text, strlen (text), "decompiled", &error);
      ck_assert_msg (recompiled != NULL, "%s", error ? error->message : "");
      recompiled_chunk = tsr_marathon_terminals_serialize (recompiled, NULL);
      assert_bytes_equal (original_chunk, recompiled_chunk, map_name);

      compiled = tsr_marathon_terminals_compile (g_bytes_get_data (shipped, NULL), g_bytes_get_size (shipped),
                                                 text_name, &error);
      ck_assert_msg (compiled != NULL, "%s", error ? error->message : "");
      ck_assert_uint_eq (compiled->len, level->terminals->len);
      for (guint t = 0; t < compiled->len; t++)
        {
          TsrMarathonTerminal *a = g_ptr_array_index (compiled, t);
          TsrMarathonTerminal *b = g_ptr_array_index (level->terminals, t);

          ck_assert_uint_eq (a->groups->len, b->groups->len);
          ck_assert_int_eq (memcmp (a->groups->data, b->groups->data,
                                    a->groups->len * sizeof (TsrMarathonTerminalGroup)), 0);
          ck_assert_uint_eq (a->faces->len, b->faces->len);
          ck_assert (g_bytes_equal (a->text, b->text));
        }
      compiled_chunk = tsr_marathon_terminals_serialize (compiled, NULL);
      assert_bytes_equal (original_chunk, compiled_chunk, text_name);
    }
  tsr_test_report_count ("terminal scripts compiled and decompiled byte-identical", 2);
}
END_TEST

/* The text of group G of TERMINAL without its closing NUL. */
static GBytes *
group_text (const TsrMarathonTerminal *terminal,
            guint                      g)
{
  const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);
  gsize size;
  const guint8 *text = g_bytes_get_data (terminal->text, &size);
  gsize start = MIN (group->start_index, size), end = MIN ((gsize) group->start_index + group->length, size);

  while (end > start && text[end - 1] == '\0')
    end--;
  return g_bytes_new (text + start, end - start);
}

/* Every level of every real map with terminals, decompiled and compiled again: the same groups
 * (type, permutation, flags, maximum_lines — Atque's wrap —, text) and styles; for the maps Atque
 * wrote, a byte-identical 'term' chunk. Quartz (a Pfhortran example of 2001) was written by an
 * older tool that starts an empty first group one byte into the text: its chunk is laid out
 * differently but says the same. */
START_TEST (test_terminals_recompile_every_real_map)
{
  static const char *const suffixes[] = { ".sceA", ".scen", ".sceA.as", NULL };
  g_autoptr(GPtrArray) files = tsr_test_data_list (data_dir, suffixes);
  guint levels = 0, identical = 0, groups = 0, wrapped = 0;

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GBytes) bytes = tsr_test_read_file (path);
      g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, path, NULL);

      ck_assert_msg (scenario != NULL, "%s", path);
      for (guint l = 0; l < scenario->map->levels->len; l++)
        {
          TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, l);
          TsrWadChunk *chunk = tsr_wad_entry_find_chunk (level->entry, TSR_WAD_TAG ('t', 'e', 'r', 'm'));
          g_autoptr(GError) error = NULL;
          g_autofree char *text = NULL;
          g_autoptr(GPtrArray) recompiled = NULL;
          g_autoptr(GBytes) recompiled_chunk = NULL;
          g_autofree char *what = NULL;

          if (level->terminals == NULL || chunk == NULL)
            continue;
          what = g_strdup_printf ("%s level %u", path, l);
          text = tsr_marathon_terminals_decompile (level->terminals, &error);
          ck_assert_msg (text != NULL, "%s: %s", what, error ? error->message : "");
          recompiled = tsr_marathon_terminals_compile (text, strlen (text), what, &error);
          ck_assert_msg (recompiled != NULL, "%s", error ? error->message : "");
          recompiled_chunk = tsr_marathon_terminals_serialize (recompiled, NULL);
          levels++;
          if (g_bytes_equal (chunk->data, recompiled_chunk))
            identical++;
          else
            ck_assert_msg (strstr (path, "Quartz") != NULL, "%s: the recompiled chunk differs", what);
          ck_assert_uint_eq (recompiled->len, level->terminals->len);
          for (guint t = 0; t < level->terminals->len; t++)
            {
              const TsrMarathonTerminal *a = g_ptr_array_index (level->terminals, t);
              const TsrMarathonTerminal *b = g_ptr_array_index (recompiled, t);

              ck_assert_uint_eq (a->flags, b->flags);
              ck_assert_uint_eq (a->groups->len, b->groups->len);
              ck_assert_uint_eq (a->faces->len, b->faces->len);
              for (guint f = 0; f < a->faces->len; f++)
                {
                  ck_assert_int_eq (g_array_index (a->faces, TsrMarathonTextFace, f).face,
                                    g_array_index (b->faces, TsrMarathonTextFace, f).face);
                  ck_assert_int_eq (g_array_index (a->faces, TsrMarathonTextFace, f).color,
                                    g_array_index (b->faces, TsrMarathonTextFace, f).color);
                }
              for (guint g = 0; g < a->groups->len; g++)
                {
                  const TsrMarathonTerminalGroup *x = &g_array_index (a->groups, TsrMarathonTerminalGroup, g);
                  const TsrMarathonTerminalGroup *y = &g_array_index (b->groups, TsrMarathonTerminalGroup, g);
                  g_autoptr(GBytes) x_text = group_text (a, g);
                  g_autoptr(GBytes) y_text = group_text (b, g);

                  ck_assert_msg (x->type == y->type && x->permutation == y->permutation && x->flags == y->flags,
                                 "%s terminal %u group %u", what, t, g);
                  ck_assert_msg (x->maximum_lines == y->maximum_lines, "%s terminal %u group %u: %d lines, not %d",
                                 what, t, g, y->maximum_lines, x->maximum_lines);
                  ck_assert (g_bytes_equal (x_text, y_text));
                  groups++;
                  wrapped += x->maximum_lines > 1;
                }
            }
        }
    }
  ck_assert_uint_ge (levels, 4);
  g_print ("terminals: %u levels (%u recompiled byte-identical), %u groups (%u wrapped over more than one line), "
           "every group's maximum_lines as stored\n", levels, identical, groups, wrapped);
  tsr_test_report_count ("levels with terminals decompiled and compiled again", levels);
}
END_TEST

/* A reference model of Atque's line count (ferro/TerminalChunk.cpp: calculate_line and
 * count_total_lines), kept in its shape: signed chars (so Mac Roman's upper half adds no width),
 * a walk while the width is below WIDTH, a '\r' taken, else a scan back for a space from the
 * character after the crossing one. TEXT ends with a NUL. */
static int
atque_reference_lines (const guint8 *text,
                       int           start,
                       int           width)
{
  const signed char *base = (const signed char *) text;
  int count = 0;

  while (base[start] != 0)
    {
      int index = start, running_width = 0;

      while (running_width < width && base[index] != 0 && base[index] != '\r')
        {
          if (base[index] == '\t' || base[index] >= ' ')
            running_width += 7;
          index++;
        }
      if (base[index] == '\r')
        index++;
      else if (base[index] != 0)
        {
          int break_point = index;

          while (break_point > start)
            {
              if (base[break_point] == ' ')
                break;
              break_point--;
            }
          if (break_point != start)
            index = break_point + 1;
        }
      count++;
      start = index;
    }
  return count;
}

static int
atque_reference_group_lines (const TsrMarathonTerminal *terminal,
                             const TsrMarathonTerminalGroup *group)
{
  gsize size;
  const guint8 *text = g_bytes_get_data (terminal->text, &size);
  g_autofree guint8 *copy = g_malloc0 (size + 1);

  if (size > 0)
    memcpy (copy, text, size);
  switch (group->type)
    {
    case TSR_MARATHON_GROUP_UNFINISHED:
    case TSR_MARATHON_GROUP_FINISHED:
    case TSR_MARATHON_GROUP_FAILED:
      return 0;
    case TSR_MARATHON_GROUP_INFORMATION:
      return atque_reference_lines (copy, group->start_index, 514);
    case TSR_MARATHON_GROUP_PICT:
    case TSR_MARATHON_GROUP_CHECKPOINT:
      if ((group->flags & TSR_MARATHON_GROUP_CENTER) != 0)
        return 1;
      return atque_reference_lines (copy, group->start_index, 307);
    default:
      return 1;
    }
}

/* Atque's CompileLine on one script line (UTF-8, converted to Mac Roman first as Atque's get_line
 * does): "$B $b $I $i $U $u" and "$C0".."$C7" vanish, any other '$' stays text; the line ends in
 * '\r'. Appended to OUT. */
static void
atque_reference_compile_line (GByteArray *out,
                              const char *line,
                              gsize       length)
{
  g_autoptr(GBytes) roman = tsr_utf8_to_mac_roman (line, length, NULL);
  gsize size;
  const guint8 *bytes = g_bytes_get_data (roman, &size);
  guint8 cr = '\r';

  for (gsize i = 0; i < size; i++)
    {
      if (bytes[i] == '$' && i + 1 < size)
        {
          guint8 c = bytes[i + 1];

          if (c == 'B' || c == 'b' || c == 'I' || c == 'i' || c == 'U' || c == 'u')
            {
              i++;
              continue;
            }
          if (c == 'C' && i + 2 < size && bytes[i + 2] >= '0' && bytes[i + 2] <= '7')
            {
              i += 2;
              continue;
            }
        }
      g_byte_array_append (out, bytes + i, 1);
    }
  g_byte_array_append (out, &cr, 1);
}

/* A random word: letters, sometimes Mac Roman's upper half (0 px to Atque), a tab, or a style code
 * inside it (compiled away before counting). */
static void
append_random_word (GString *script,
                    GRand   *rand)
{
  static const char *const pieces[] = { "a", "b", "m", "W", "0", ".", ",", "\xe2\x80\x99", "\xe2\x80\x94",
                                        "\xc3\xa9", "\t", "$B", "$b", "$I", "$i", "$U", "$u", "$C3", "-", "/",
                                        "$x", "$C", "$C9", "$$", "%" };
  int length = g_rand_int_range (rand, 0, 8) == 0 ? g_rand_int_range (rand, 30, 90) : g_rand_int_range (rand, 1, 12);

  for (int i = 0; i < length; i++)
    {
      guint piece = (guint) g_rand_int_range (rand, 0, 100);

      if (piece < 70)
        g_string_append_c (script, (char) ('a' + piece % 26));
      else
        g_string_append (script, pieces[piece % G_N_ELEMENTS (pieces)]);
    }
}

/* Random scripts compiled by Tessera give every group the maximum_lines the reference model of
 * Atque's rule gives for the compiled text: lines beside pictures (left, right, centred) and in
 * information groups, style codes inside words, Mac Roman's upper half, tabs, runs of spaces,
 * words longer than a line, and lines cut to end exactly at the width (44 and 74 characters, and
 * one more). The real maps' stored counts agree with the model too. */
START_TEST (test_terminal_line_count_matches_atque)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3208);
  static const char *const directives[] = { "#INFORMATION", "#PICT 1", "#PICT 2 RIGHT", "#CHECKPOINT 3",
                                            "#PICT 4 CENTER" };
  guint groups = 0, multi = 0;

  for (guint round = 0; round < 300; round++)
    {
      g_autoptr(GString) script = g_string_new ("#TERMINAL 0\n#UNFINISHED\n");
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) terminals = NULL;
      g_autoptr(GPtrArray) expected_texts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
      guint n_groups = (guint) g_rand_int_range (rand, 1, 5);

      g_ptr_array_add (expected_texts, g_byte_array_new ()); /* #UNFINISHED */
      for (guint g = 0; g < n_groups; g++)
        {
          guint kind = (guint) g_rand_int_range (rand, 0, G_N_ELEMENTS (directives));
          guint n_lines = (guint) g_rand_int_range (rand, 0, 12);
          GByteArray *expected_text = g_byte_array_new ();

          g_ptr_array_add (expected_texts, expected_text);
          g_string_append_printf (script, "%s\n", directives[kind]);
          if (kind == 4)
            continue; /* a centred picture takes no text */
          for (guint l = 0; l < n_lines; l++)
            {
              gsize line_start = script->len;
              guint exact = (guint) g_rand_int_range (rand, 0, 6);

              if (exact == 0)
                {
                  /* Plain ASCII cut to end at the width, or one past it, after a space or not. */
                  guint columns = (kind == 0 ? 74 : 44) + (guint) g_rand_int_range (rand, -1, 2);

                  while (script->len - line_start < columns)
                    g_string_append_c (script, g_rand_int_range (rand, 0, 6) == 0 ? ' ' : 'x');
                  if (g_rand_boolean (rand))
                    g_string_append (script, " tail");
                }
              else
                {
                  guint words = (guint) g_rand_int_range (rand, 0, 40);

                  for (guint w = 0; w < words; w++)
                    {
                      if (w > 0)
                        g_string_append (script, g_rand_int_range (rand, 0, 10) == 0 ? "  " : " ");
                      append_random_word (script, rand);
                    }
                }
              atque_reference_compile_line (expected_text, script->str + line_start, script->len - line_start);
              g_string_append_c (script, '\n');
            }
        }
      g_string_append (script, "#END\n#ENDTERMINAL 0\n");
      terminals = tsr_marathon_terminals_compile (script->str, script->len, "random", &error);
      ck_assert_msg (terminals != NULL, "round %u: %s\n%s", round, error ? error->message : "", script->str);
      for (guint t = 0; t < terminals->len; t++)
        {
          const TsrMarathonTerminal *terminal = g_ptr_array_index (terminals, t);

          for (guint g = 0; g < terminal->groups->len; g++)
            {
              const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);
              int expected = atque_reference_group_lines (terminal, group);
              const GByteArray *expected_text = g < expected_texts->len ? g_ptr_array_index (expected_texts, g) : NULL;
              const guint8 *compiled = (const guint8 *) g_bytes_get_data (terminal->text, NULL) + group->start_index;

              /* The compiled text is Atque's (then its NUL): style codes inside words vanish, others stay. */
              if (g < expected_texts->len && g + 1 < terminal->groups->len)
                {
                  ck_assert_msg (group->length == expected_text->len + 1
                                 && (expected_text->len == 0
                                     || memcmp (compiled, expected_text->data, expected_text->len) == 0),
                                 "round %u group %u: compiled text differs from Atque's: %u bytes [%.*s], Atque %u [%.*s]",
                                 round, g, group->length, (int) group->length, (const char *) compiled, expected_text->len,
                                 (int) expected_text->len, (const char *) expected_text->data);
                }

              ck_assert_msg (group->maximum_lines == expected, "round %u group %u (type %d): %d lines, Atque %d\n%s",
                             round, g, group->type, group->maximum_lines, expected, script->str);
              groups++;
              multi += expected > 1;
            }
        }
    }
  ck_assert_uint_ge (multi, 100);

  {
    static const char *const suffixes[] = { ".sceA", ".scen", ".sceA.as", NULL };
    g_autoptr(GPtrArray) files = tsr_test_data_list (data_dir, suffixes);
    guint real = 0;

    for (guint i = 0; i < files->len; i++)
      {
        const char *path = g_ptr_array_index (files, i);
        g_autoptr(GBytes) bytes = tsr_test_read_file (path);
        g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, path, NULL);

        for (guint l = 0; scenario != NULL && l < scenario->map->levels->len; l++)
          {
            TsrMarathonLevel *level = g_ptr_array_index (scenario->map->levels, l);

            for (guint t = 0; level->terminals != NULL && t < level->terminals->len; t++)
              {
                const TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, t);

                for (guint g = 0; g < terminal->groups->len; g++)
                  {
                    const TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);

                    /* Quartz's older tool stored its own counts; the rest are Atque's. */
                    if (strstr (path, "Quartz") != NULL)
                      continue;
                    ck_assert_msg (group->maximum_lines == atque_reference_group_lines (terminal, group),
                                   "%s level %u terminal %u group %u: stored %d, model %d", path, l, t, g,
                                   group->maximum_lines, atque_reference_group_lines (terminal, group));
                    real++;
                  }
              }
          }
      }
    ck_assert_uint_ge (real, 100);
    g_print ("line counts: %u random groups (%u over several lines) and %u real groups as Atque counts\n",
             groups, multi, real);
  }
}
END_TEST

/* Where the old count (43 characters a line) and Atque's (while below the width: 44) part. */
START_TEST (test_terminal_line_count_edges)
{
  static const guint8 exact[] = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\r";          /* 44 */
  static const guint8 over[] = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\r";          /* 45, no space */
  static const guint8 space_after[] = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx y\r"; /* breaks at the space */
  static const guint8 quotes[] = "\xd5\xd5\xd5\xd5\xd5\xd5\xd5\xd5\xd5\xd5xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\r";

  ck_assert_int_eq (tsr_marathon_terminal_count_lines (exact, sizeof exact - 1, 307), 1);
  ck_assert_int_eq (tsr_marathon_terminal_count_lines (over, sizeof over - 1, 307), 2);
  ck_assert_int_eq (tsr_marathon_terminal_count_lines (space_after, sizeof space_after - 1, 307), 2);
  ck_assert_int_eq (tsr_marathon_terminal_count_lines (quotes, sizeof quotes - 1, 307), 1);
  ck_assert_int_eq (tsr_marathon_terminal_count_lines ((const guint8 *) "\r\r", 2, 307), 2);
  ck_assert_int_eq (tsr_marathon_terminal_count_lines ((const guint8 *) "", 0, 307), 0);
  ck_assert_int_eq (atque_reference_lines (exact, 0, 307), 1);
  ck_assert_int_eq (atque_reference_lines (quotes, 0, 307), 1);
}
END_TEST

static void
assert_compile_error (const char *script,
                      const char *expected_position,
                      const char *expected_words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) terminals = tsr_marathon_terminals_compile (script, strlen (script), "t.term.txt", &error);

  ck_assert_msg (terminals == NULL, "compiled: %s", script);
  ck_assert_ptr_nonnull (error);
  ck_assert_msg (g_str_has_prefix (error->message, expected_position), "%s", error->message);
  ck_assert_msg (strstr (error->message, expected_words) != NULL, "%s", error->message);
}

START_TEST (test_terminal_compile_errors)
{
  assert_compile_error ("#TERMINAL 0\n#BOGUS 3\n#UNFINISHED\n#ENDTERMINAL 0\n", "t.term.txt:2:2:", "unknown directive");
  assert_compile_error ("#TERMINAL 0\n#FINISHED\n#LOGON 1\n#UNFINISHED\n#ENDTERMINAL 0\n", "t.term.txt:2:1:", "missing #END");
  assert_compile_error ("#TERMINAL 0\n#UNFINISHED\n#ENDTERMINAL 1\n", "t.term.txt:3:", "#ENDTERMINAL 0 expected");
  assert_compile_error ("#TERMINAL 0\n#UNFINISHED\n#PICT 5 CENTER\nhello\n#ENDTERMINAL 0\n", "t.term.txt:4:1:", "centred");
  assert_compile_error ("#TERMINAL 0\n#UNFINISHED\n#INFORMATION\nab\xe2\x82\xaa\n#ENDTERMINAL 0\n", "t.term.txt:4:3:", "Mac Roman");
  assert_compile_error ("#TERMINAL 0\n#UNFINISHED\n", "t.term.txt:3:1:", "#ENDTERMINAL 0 expected");
  assert_compile_error ("#TERMINAL 1\n", "t.term.txt:1:", "#TERMINAL 0 expected");
}
END_TEST

/* The editor's compile: warnings that do not stop it, the first error with its place, and where
 * each source line landed in the compiled text. */
START_TEST (test_terminal_script_diagnostics)
{
  static const char script[] = "; comment\n#TERMINAL 0\n#UNFINISHED\n#INFORMATION\nab $C8red\n"
                               "#1 priority\n#STATIC 0\n#END\n#ENDTERMINAL 0\n";
  g_autoptr(TsrMarathonScriptCompilation) compilation = tsr_marathon_script_compile (script, strlen (script));
  const TsrMarathonScriptDiagnostic *d;
  const TsrMarathonScriptLine *line;
  TsrMarathonTerminal *terminal;
  g_autoptr(TsrMarathonScriptCompilation) broken = NULL;
  static const char unfinished[] = "#TERMINAL 0\n#UNFINISHED\n#LOGON 1\ntext\n";

  ck_assert_ptr_nonnull (compilation->terminals);
  ck_assert_ptr_null (tsr_marathon_script_compilation_first_error (compilation));
  ck_assert_uint_eq (compilation->diagnostics->len, 3);
  d = &g_array_index (compilation->diagnostics, TsrMarathonScriptDiagnostic, 0);
  ck_assert_uint_eq (d->line, 5);
  ck_assert_uint_eq (d->column, 4);
  ck_assert_ptr_nonnull (strstr (d->message, "$C8"));
  d = &g_array_index (compilation->diagnostics, TsrMarathonScriptDiagnostic, 1);
  ck_assert_uint_eq (d->line, 6);
  ck_assert_ptr_nonnull (strstr (d->message, "kept as text"));
  d = &g_array_index (compilation->diagnostics, TsrMarathonScriptDiagnostic, 2);
  ck_assert_uint_eq (d->line, 7);
  ck_assert_ptr_nonnull (strstr (d->message, "STATIC"));
  /* "#1 priority" is text of the information group, after "ab $C8red\r" ("$C8" is no colour: Atque's
   * CompileLine keeps it as text). */
  terminal = g_ptr_array_index (compilation->terminals, 0);
  ck_assert_uint_eq (terminal->groups->len, 4);
  ck_assert_int_eq (memcmp ((const char *) g_bytes_get_data (terminal->text, NULL)
                            + g_array_index (terminal->groups, TsrMarathonTerminalGroup, 1).start_index,
                            "ab $C8red\r#1 priority\r", 22), 0);
  /* Lines 3 (#UNFINISHED), 4 (#INFORMATION), 5, 6 (text), 7 (#STATIC), 8 (#END) are mapped. */
  ck_assert_uint_eq (compilation->lines->len, 6);
  line = &g_array_index (compilation->lines, TsrMarathonScriptLine, 3);
  ck_assert_uint_eq (line->line, 6);
  ck_assert_uint_eq (line->group, 1);
  ck_assert_uint_eq (line->offset, 10);

  broken = tsr_marathon_script_compile (unfinished, strlen (unfinished));
  ck_assert_ptr_null (broken->terminals);
  d = tsr_marathon_script_compilation_first_error (broken);
  ck_assert_ptr_nonnull (d);
  ck_assert_uint_eq (d->line, 5);
  ck_assert_ptr_nonnull (strstr (d->message, "#ENDTERMINAL 0 expected"));
}
END_TEST

/* A script file is kept as written: an edited layout, comments anywhere, CRLF and no final newline
 * come back byte for byte; a script with errors still opens (its errors are findings); bytes that
 * are not UTF-8 are refused with their offset. */
START_TEST (test_terminal_script_format_keeps_text)
{
  static const char text[] = ";top\r\n#terminal 0\r\n  \r\n#unfinished\r\n; inside\r\n#logon 2\r\nHi\r\n#end\r\n#endterminal 0";
  static const char broken[] = "#TERMINAL 0\n#UNFINISHED\n";
  const TsrFormat *format = tsr_marathon_terminal_script_format ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(GBytes) broken_bytes = g_bytes_new_static (broken, strlen (broken));
  g_autoptr(GBytes) bad = g_bytes_new_static ("#TERMINAL 0\n\xff", 13);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  gpointer data = format->load ("t.term.txt", bytes, &error);

  ck_assert_msg (data != NULL, "%s", error ? error->message : "");
  outputs = format->save (data, "t.term.txt", &error);
  assert_bytes_equal (bytes, ((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes, "script");
  format->validate (data, findings);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);
  format->free (data);

  data = format->load ("b.term.txt", broken_bytes, &error);
  ck_assert_ptr_nonnull (data);
  g_ptr_array_set_size (findings, 0);
  format->validate (data, findings);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 1);
  ck_assert_str_eq (((TsrFinding *) g_ptr_array_index (findings, 0))->where, "line 3, column 1");
  format->free (data);

  ck_assert_ptr_null (format->load ("x.term.txt", bad, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "offset 12"));
}
END_TEST

START_TEST (test_terminal_directives_any_case_and_xor)
{
  static const char script[] = "#terminal 0\n#unfinished\n#Logon 7\nHi $Bthere$b\n#pict 9 right\n"
                               "text\n#intralevel teleport 3\n#endterminal 0\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) terminals = tsr_marathon_terminals_compile (script, strlen (script), "s", &error);
  g_autoptr(GBytes) chunk = NULL;
  g_autoptr(GPtrArray) parsed = NULL;
  g_autofree char *text = NULL;
  TsrMarathonTerminal *terminal;
  guint8 sample[7] = { 1, 2, 3, 4, 5, 6, 7 };

  ck_assert_msg (terminals != NULL, "%s", error ? error->message : "");
  terminal = g_ptr_array_index (terminals, 0);
  ck_assert_uint_eq (terminal->groups->len, 4);
  ck_assert_int_eq (g_array_index (terminal->groups, TsrMarathonTerminalGroup, 2).flags, TSR_MARATHON_GROUP_ALIGN_RIGHT);
  ck_assert_int_eq (g_array_index (terminal->groups, TsrMarathonTerminalGroup, 3).type,
                    TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT);
  ck_assert_uint_eq (terminal->faces->len, 2);
  chunk = tsr_marathon_terminals_serialize (terminals, NULL);
  parsed = tsr_marathon_terminals_parse (g_bytes_get_data (chunk, NULL), g_bytes_get_size (chunk), "term", &error);
  ck_assert_ptr_nonnull (parsed);
  ck_assert (g_bytes_equal (terminal->text, ((TsrMarathonTerminal *) g_ptr_array_index (parsed, 0))->text));
  /* The stored text really is encoded. */
  ck_assert_ptr_null (memmem (g_bytes_get_data (chunk, NULL), g_bytes_get_size (chunk), "there", 5));
  text = tsr_marathon_terminals_decompile (parsed, NULL);
  ck_assert_ptr_nonnull (strstr (text, "#LOGON 7\nHi $Bthere$b\n#PICT 9 RIGHT\ntext\n#INTRALEVEL TELEPORT 3\n"));
  tsr_marathon_terminal_xor (sample, sizeof sample);
  ck_assert_int_eq (sample[2], 3 ^ 0xFE);
  ck_assert_int_eq (sample[3], 4 ^ 0xED);
  ck_assert_int_eq (sample[4], 5 ^ 0xFE);
  ck_assert_int_eq (sample[0], 1);
}
END_TEST

/* Scenario edits: the untouched levels keep their chunk bytes; the directory follows Atque. */
START_TEST (test_scenario_edits)
{
  g_autoptr(GBytes) bytes = read_data ("m1_Map.scen");
  g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, "m1", NULL);
  g_autoptr(GPtrArray) originals = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrMarathonScenario) again = NULL;
  g_autoptr(GError) error = NULL;
  TsrMarathonMap *map;
  TsrMarathonLevel *level;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  ck_assert_ptr_nonnull (scenario);
  map = scenario->map;
  /* Keep each level's chunk bytes, keyed by position. */
  for (guint i = 0; i < map->levels->len; i++)
    {
      TsrMarathonLevel *l = g_ptr_array_index (map->levels, i);
      GPtrArray *chunks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);

      for (guint c = 0; c < l->entry->chunks->len; c++)
        g_ptr_array_add (chunks, g_bytes_ref (((TsrWadChunk *) g_ptr_array_index (l->entry->chunks, c))->data));
      g_ptr_array_add (originals, chunks);
      g_ptr_array_add (names, tsr_marathon_level_name (l));
    }
  /* Remove level 3, move level 0 to the end, add a new level at position 5, rename level 1. */
  tsr_marathon_map_remove_level (map, 3);
  tsr_marathon_map_move_level (map, 0, map->levels->len - 1);
  level = tsr_marathon_level_new (0, 0, "Brand New");
  tsr_marathon_map_add_level (map, level, 5);
  ck_assert (tsr_marathon_map_rename_level (map, 1, "Renamed \xe2\x80\x9cLevel\xe2\x80\x9d", &error));
  ck_assert (!tsr_marathon_map_rename_level (map, 1, "\xe2\x82\xaa", NULL));

  saved = tsr_marathon_scenario_serialize (scenario, &error);
  ck_assert_msg (saved != NULL, "%s", error ? error->message : "");
  again = tsr_marathon_scenario_load (saved, "saved", &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (again->map->levels->len, 37);
  ck_assert_uint_eq (again->map->wad->version, TSR_WAD_VERSION_INFINITY);
  ck_assert_uint_eq (again->map->wad->app_data_size, TSR_WAD_LEVEL_APP_DATA_SIZE);
  ck_assert (tsr_wad_checksum_matches (again->map->wad));
  {
    g_autoptr(GPtrArray) findings = tsr_findings_new ();

    tsr_wad_validate (again->map->wad, findings);
    ck_assert_uint_eq (findings->len, 0);
  }

  /* Expected order: old 1, 2, 4, 5, 6, NEW, 7 .. 36, 0. */
  for (guint i = 0; i < again->map->levels->len; i++)
    {
      TsrMarathonLevel *l = g_ptr_array_index (again->map->levels, i);
      g_autofree char *name = tsr_marathon_level_name (l);
      TsrWadLevelInfo info;
      int old;

      ck_assert_int_eq (l->entry->index, (int) i);
      ck_assert (tsr_wad_level_info_parse (l->entry->app_data, &info, NULL));
      ck_assert_int_eq (memcmp (info.name, l->info.level_name, sizeof info.name), 0);
      ck_assert_int_eq (info.mission_flags, l->info.mission_flags);
      if (i == 5)
        {
          ck_assert_str_eq (name, "Brand New");
          continue;
        }
      old = i < 2 ? (int) i + 1 : i < 5 ? (int) i + 2 : i < 36 ? (int) i + 1 : 0;
      if (i == 1)
        {
          ck_assert_str_eq (name, "Renamed \xe2\x80\x9cLevel\xe2\x80\x9d");
          continue;
        }
      ck_assert_str_eq (name, g_ptr_array_index (names, (guint) old));
      {
        GPtrArray *chunks = g_ptr_array_index (originals, (guint) old);

        ck_assert_uint_eq (l->entry->chunks->len, chunks->len);
        for (guint c = 0; c < chunks->len; c++)
          ck_assert_msg (g_bytes_equal (g_ptr_array_index (chunks, c),
                                        ((TsrWadChunk *) g_ptr_array_index (l->entry->chunks, c))->data),
                         "level %u (was %d) chunk %u changed", i, old, c);
      }
    }
}
END_TEST

START_TEST (test_single_level_layout)
{
  g_autoptr(GBytes) bytes = read_data ("m1_Map.scen");
  g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, "m1", NULL);
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrMarathonScenario) again = NULL;
  TsrWad *wad;

  ck_assert_ptr_nonnull (scenario);
  ck_assert_uint_eq (scenario->map->wad->version, 0);
  while (scenario->map->levels->len > 1)
    tsr_marathon_map_remove_level (scenario->map, scenario->map->levels->len - 1);
  saved = tsr_marathon_scenario_serialize (scenario, NULL);
  again = tsr_marathon_scenario_load (saved, "one", NULL);
  ck_assert_ptr_nonnull (again);
  ck_assert_int_eq (again->wrapper->kind, TSR_MAC_WRAPPER_MACBINARY);
  wad = again->map->wad;
  ck_assert_uint_eq (wad->version, TSR_WAD_VERSION_OVERLAYS);
  ck_assert_uint_eq (wad->app_data_size, 0);
  ck_assert_uint_eq (wad->entries->len, 1);
}
END_TEST

START_TEST (test_validation_findings)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonMap) map = tsr_marathon_sample_build (&error);
  g_autoptr(GPtrArray) clean = tsr_findings_new ();
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  TsrMarathonLevel *level;
  TsrMarathonPoint far = { 10000, 10000 };
  char *joined;
  GString *all = g_string_new (NULL);

  ck_assert_msg (map != NULL, "%s", error ? error->message : "");
  tsr_marathon_map_validate (map, clean);
  for (guint i = 0; i < clean->len; i++)
    g_string_append_printf (all, "%s\n", ((TsrFinding *) g_ptr_array_index (clean, i))->what);
  ck_assert_msg (tsr_findings_count (clean, TSR_SEVERITY_ERROR) == 0, "%s", all->str);

  level = g_ptr_array_index (map->levels, 0);
  g_array_index (level->lines, TsrMarathonLine, 0).endpoint_indexes[1] = 99;
  g_array_index (level->lines, TsrMarathonLine, 1).endpoint_indexes[1] = 1;
  g_array_index (level->polygons, TsrMarathonPolygon, 1).vertex_count = 9;
  g_array_index (level->points, TsrMarathonPoint, 4) = far; /* breaks room 2's convexity */
  g_array_index (level->points, TsrMarathonPoint, 3).x = 1500;
  g_array_index (level->objects, TsrMarathonObject, 0).type = 2; /* no player start left */
  g_array_index (level->objects, TsrMarathonObject, 1).polygon_index = 40;
  g_array_index (level->platforms, TsrMarathonPlatform, 0).polygon_index = -1;
  g_array_index (level->media, TsrMarathonMedia, 0).light_index = 5;
  for (guint i = 0; i < level->sides->len; i++)
    if (g_array_index (level->sides, TsrMarathonSide, i).flags & 0x0002)
      g_array_index (level->sides, TsrMarathonSide, i).control_panel_permutation = 5;
  tsr_marathon_map_validate (map, findings);
  g_string_truncate (all, 0);
  for (guint i = 0; i < findings->len; i++)
    g_string_append_printf (all, "%s\n", ((TsrFinding *) g_ptr_array_index (findings, i))->what);
  joined = g_string_free (all, FALSE);
  ck_assert_msg (strstr (joined, "line 0: endpoint 0 or 99 outside") != NULL, "%s", joined);
  ck_assert_msg (strstr (joined, "line 1: both ends are point 1") != NULL, "%s", joined);
  ck_assert_msg (strstr (joined, "polygon 1: 9 vertices") != NULL, "%s", joined);
  ck_assert_msg (strstr (joined, "polygon 2: not convex") != NULL, "%s", joined);
  ck_assert_msg (strstr (joined, "without a player start") != NULL, "%s", joined);
  ck_assert_msg (strstr (joined, "object 1: polygon 40 outside") != NULL, "%s", joined);
  /* The places name the element and its level. */
  {
    const TsrFinding *convex = tsr_test_find_finding (findings, "polygon 2: not convex");
    const TsrFinding *object = tsr_test_find_finding (findings, "object 1: polygon 40");
    const TsrFinding *start = tsr_test_find_finding (findings, "without a player start");

    ck_assert (tsr_finding_place_is (&convex->place, "polygon"));
    ck_assert_int_eq (convex->place.index, 2);
    ck_assert_int_eq (convex->place.level, level->entry->index);
    ck_assert (tsr_finding_place_is (&object->place, "object"));
    ck_assert_int_eq (object->place.index, 1);
    ck_assert (tsr_finding_place_is (&start->place, "level"));
  }
  ck_assert_msg (strstr (joined, "platform 0: polygon -1 outside") != NULL, "%s", joined);
  ck_assert_msg (strstr (joined, "liquid 0: light 5 outside") != NULL, "%s", joined);
  ck_assert_msg (strstr (joined, ": terminal 5 outside 0..0") != NULL, "%s", joined);
  g_free (joined);
}
END_TEST

/* The codec's sample fixture (tsr-marathon-sample.c) validates clean, and the committed sample
 * (built with the editor's commands by the marathon-sample test) loads, writes back byte for byte
 * and validates clean too. */
START_TEST (test_sample_map)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonMap) map = tsr_marathon_sample_build (&error);
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TSR_SOURCE_ROOT"), "data", "samples",
                                            "marathon-sample.sceA", NULL);
  g_autoptr(GBytes) committed = NULL;
  g_autoptr(GBytes) written = NULL;
  g_autoptr(TsrMarathonMap) again = NULL;
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  TsrMarathonLevel *level;

  ck_assert_ptr_nonnull (map);
  bytes = tsr_marathon_map_serialize (map, &error);
  ck_assert_ptr_nonnull (bytes);
  tsr_marathon_map_validate (map, findings);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_WARNING), 0);
  level = g_ptr_array_index (map->levels, 0);
  ck_assert_uint_eq (level->polygons->len, 3);
  ck_assert_uint_eq (level->platforms->len, 1);
  ck_assert_uint_eq (level->terminals->len, 1);

  committed = tsr_test_read_file (path);
  again = tsr_marathon_map_parse (g_bytes_get_data (committed, NULL), g_bytes_get_size (committed), path, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  written = tsr_marathon_map_serialize (again, &error);
  assert_bytes_equal (committed, written, path);
  g_ptr_array_set_size (findings, 0);
  tsr_marathon_map_validate (again, findings);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_WARNING), 0);
  ck_assert_uint_eq (again->wad->version, TSR_WAD_VERSION_OVERLAYS);
}
END_TEST

START_TEST (test_render_level)
{
  g_autoptr(GBytes) bytes = read_data ("chronicles_net_War.sceA");
  g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, "war", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrImage) image = NULL;
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *png = g_build_filename (dir, "war.png", NULL);
  guint background = 0, other = 0;

  ck_assert_ptr_nonnull (scenario);
  image = tsr_marathon_level_render (first_level (scenario), 256, 200, &error);
  ck_assert_msg (image != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (image->width, 256);
  ck_assert_uint_eq (image->height, 200);
  for (guint i = 0; i < image->width * image->height; i++)
    {
      const guint8 *p = image->pixels + 4 * i;

      if (p[0] == 0x10 && p[1] == 0x10 && p[2] == 0x18)
        background++;
      else
        other++;
    }
  ck_assert_uint_gt (other, image->width * image->height / 10);
  ck_assert_uint_gt (background, 0);
  ck_assert (tsr_image_save_png (image, png, NULL));
}
END_TEST

START_TEST (test_embedded_physics)
{
  g_autoptr(GBytes) bytes = read_data ("chronicles_net_RequiescatInPace.sceA");
  g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, "rip", NULL);
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrMarathonScenario) again = NULL;
  TsrMarathonPhysicsTable *table;
  int field;

  ck_assert_ptr_nonnull (scenario);
  ck_assert_ptr_nonnull (first_level (scenario)->physics);
  ck_assert_uint_eq (first_level (scenario)->physics->len, 1);
  table = g_ptr_array_index (first_level (scenario)->physics, 0);
  ck_assert_int_eq (table->kind, TSR_MARATHON_PHYSICS_CONSTANTS);
  field = tsr_field_table_find (tsr_marathon_physics_fields (TSR_MARATHON_PHYSICS_CONSTANTS), "AccelGravity");
  ck_assert_int_ge (field, 0);
  tsr_marathon_physics_set (table, 0, (guint) field, 1234);
  saved = tsr_marathon_scenario_serialize (scenario, NULL);
  again = tsr_marathon_scenario_load (saved, "again", NULL);
  ck_assert_ptr_nonnull (again);
  ck_assert_int_eq (tsr_marathon_physics_get (g_ptr_array_index (first_level (again)->physics, 0), 0, (guint) field), 1234);
}
END_TEST

START_TEST (test_physics)
{
  g_autoptr(GBytes) bytes = read_data ("m2_Standard.phyA");
  g_autoptr(TsrMarathonPhysics) physics = tsr_marathon_physics_parse (g_bytes_get_data (bytes, NULL),
                                                                      g_bytes_get_size (bytes), "phyA", NULL);
  g_autoptr(GBytes) m1 = read_data ("m1_Physics.phys");
  g_autoptr(TsrMarathonPhysics) m1_physics = tsr_marathon_physics_parse (g_bytes_get_data (m1, NULL),
                                                                         g_bytes_get_size (m1), "phys", NULL);
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(TsrMarathonPhysics) again = NULL;
  TsrMarathonPhysicsTable *constants = NULL;
  int field;

  ck_assert_ptr_nonnull (physics);
  ck_assert_uint_eq (physics->tables->len, 5);
  for (guint i = 0; i < physics->tables->len; i++)
    {
      TsrMarathonPhysicsTable *table = g_ptr_array_index (physics->tables, i);

      ck_assert_ptr_null (table->tail);
      if (table->kind == TSR_MARATHON_PHYSICS_CONSTANTS)
        constants = table;
    }
  ck_assert_ptr_nonnull (constants);
  field = tsr_field_table_find (tsr_marathon_physics_fields (TSR_MARATHON_PHYSICS_CONSTANTS), "VelForw");
  ck_assert_int_ge (field, 0);
  ck_assert_int_gt (tsr_marathon_physics_get (constants, 0, (guint) field), 0);
  tsr_marathon_physics_set (constants, 0, (guint) field, 0x12345);
  saved = tsr_marathon_physics_serialize (physics, NULL);
  ck_assert (!g_bytes_equal (saved, bytes));
  again = tsr_marathon_physics_parse (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved), "again", NULL);
  ck_assert_ptr_nonnull (again);
  ck_assert (tsr_wad_checksum_matches (again->wad));
  for (guint i = 0; i < again->tables->len; i++)
    {
      TsrMarathonPhysicsTable *table = g_ptr_array_index (again->tables, i);

      if (table->kind == TSR_MARATHON_PHYSICS_CONSTANTS)
        ck_assert_int_eq (tsr_marathon_physics_get (table, 0, (guint) field), 0x12345);
    }

  ck_assert_ptr_nonnull (m1_physics);
  ck_assert_ptr_null (m1_physics->wad);
  ck_assert_uint_eq (m1_physics->tables->len, 5);
  ck_assert_uint_eq (((TsrMarathonPhysicsTable *) g_ptr_array_index (m1_physics->tables, 0))->count, 40);
}
END_TEST

/* Every cut of a small map (the wad, a wrapped map, physics) fails cleanly with a located error. */
START_TEST (test_truncation_every_length)
{
  static const char *const names[] = { "chronicles_net_War.sceA", "a1_pfhortran_Quartz.sceA.as", "m2_Standard.phyA" };
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  guint tried = 0;

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autoptr(GBytes) bytes = read_data (names[n]);
      gsize size;
      const guint8 *data = g_bytes_get_data (bytes, &size);
      const TsrFormat *format = tsr_format_registry_detect (registry, data, size, names[n], NULL);

      ck_assert_ptr_nonnull (format);
      for (gsize length = 0; length < size; length++)
        {
          g_autoptr(GBytes) cut = g_bytes_new_static (data, length);
          g_autoptr(GError) error = NULL;
          gpointer loaded = format->load (names[n], cut, &error);

          ck_assert_msg (loaded == NULL, "%s: %" G_GSIZE_FORMAT " bytes loaded", names[n], length);
          ck_assert_msg (error != NULL && error->domain == TSR_ERROR && error->message[0] != '\0',
                         "%s: %" G_GSIZE_FORMAT, names[n], length);
          tried++;
        }
    }
  g_print ("%u truncated lengths rejected\n", tried);
  tsr_test_report_count ("Marathon files cut at every length", G_N_ELEMENTS (names));
}
END_TEST

/* Cutting a term chunk or a script anywhere never crashes; a chunk cut inside a terminal fails. */
START_TEST (test_terminal_truncation)
{
  g_autoptr(GBytes) bytes = read_data ("chronicles_MenLikeRavenousFishes.sceA");
  g_autoptr(GBytes) script = read_data ("chronicles_MenLikeRavenousFishes.term.txt");
  g_autoptr(TsrMarathonScenario) scenario = tsr_marathon_scenario_load (bytes, "men", NULL);
  TsrWadChunk *chunk;
  gsize size;
  const guint8 *data;
  g_autoptr(GHashTable) boundaries = g_hash_table_new (g_direct_hash, g_direct_equal);
  gsize at = 0;

  ck_assert_ptr_nonnull (scenario);
  chunk = tsr_wad_entry_find_chunk (first_level (scenario)->entry, TSR_WAD_TAG ('t', 'e', 'r', 'm'));
  data = g_bytes_get_data (chunk->data, &size);
  while (at < size)
    {
      g_hash_table_add (boundaries, GSIZE_TO_POINTER (at));
      at += (gsize) (data[at] << 8 | data[at + 1]);
    }
  for (gsize length = 1; length < size; length++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) terminals = tsr_marathon_terminals_parse (data, length, "term", &error);

      ck_assert_msg ((terminals != NULL) == g_hash_table_contains (boundaries, GSIZE_TO_POINTER (length)),
                     "length %" G_GSIZE_FORMAT, length);
    }
  data = g_bytes_get_data (script, &size);
  for (gsize length = 0; length < size; length++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) terminals = tsr_marathon_terminals_compile ((const char *) data, length, "cut", &error);

      ck_assert (terminals != NULL || error != NULL);
    }
}
END_TEST

START_TEST (test_terminal_script_references)
{
  static const char script[] =
    "#TERMINAL 0\n"
    "#PICT 1000\nshown\n"
    "#PICT 1001\nmissing\n"
    "#INTERLEVEL TELEPORT 2\n"
    "#INTERLEVEL TELEPORT 3\n"
    "#INTRALEVEL TELEPORT 9\n"
    "#INTRALEVEL TELEPORT 10\n"
    "#ENDTERMINAL 0\n";
  static const int pictures[] = { 5, 1000, 1200 };
  g_autoptr(TsrMarathonScriptCompilation) compilation = tsr_marathon_script_compile (script, strlen (script));
  TsrMarathonScriptReferences references = { 3, 10, pictures, G_N_ELEMENTS (pictures) };
  TsrMarathonScriptReferences unknown = { -1, -1, NULL, 0 };
  g_autoptr(GArray) diagnostics = tsr_marathon_script_diagnostics_new ();
  const TsrMarathonScriptDiagnostic *d;

  ck_assert_uint_eq (compilation->diagnostics->len, 0);
  tsr_marathon_script_check_references (compilation, &unknown, diagnostics);
  ck_assert_uint_eq (diagnostics->len, 0);
  tsr_marathon_script_check_references (compilation, &references, diagnostics);
  ck_assert_uint_eq (diagnostics->len, 3);
  d = &g_array_index (diagnostics, TsrMarathonScriptDiagnostic, 0);
  ck_assert_int_eq (d->severity, TSR_SEVERITY_WARNING);
  ck_assert_uint_eq (d->line, 4);
  ck_assert_str_eq (d->message, "#PICT 1001: the Images file has no picture 1001");
  d = &g_array_index (diagnostics, TsrMarathonScriptDiagnostic, 1);
  ck_assert_int_eq (d->severity, TSR_SEVERITY_ERROR);
  ck_assert_uint_eq (d->line, 7);
  ck_assert_str_eq (d->message, "#INTERLEVEL TELEPORT 3: the scenario has levels 0 to 2");
  d = &g_array_index (diagnostics, TsrMarathonScriptDiagnostic, 2);
  ck_assert_uint_eq (d->line, 9);
  ck_assert_str_eq (d->message, "#INTRALEVEL TELEPORT 10: the level has polygons 0 to 9");
}
END_TEST

static int
run_cli (const char *first, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;
  const char *arg;

  g_ptr_array_add (args, (gpointer) "terminal");
  va_start (ap, first);
  for (arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return tsr_cli_terminal_run ((int) args->len - 1, (char **) args->pdata);
}

START_TEST (test_terminal_cli)
{
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *map = g_build_filename (data_dir, "chronicles_DreamBrother.sceA", NULL);
  g_autofree char *shipped = g_build_filename (data_dir, "chronicles_DreamBrother.term.txt", NULL);
  g_autofree char *other = g_build_filename (data_dir, "chronicles_MenLikeRavenousFishes.term.txt", NULL);
  g_autofree char *text = g_build_filename (dir, "out.term.txt", NULL);
  g_autofree char *chunk = g_build_filename (dir, "out.bin", NULL);
  g_autofree char *newmap = g_build_filename (dir, "new.sceA", NULL);
  g_autoptr(GBytes) a = NULL;
  g_autoptr(GBytes) b = NULL;
  g_autoptr(GBytes) c = NULL;
  g_autoptr(TsrMarathonScenario) scenario = NULL;
  g_autoptr(TsrMarathonScenario) original = NULL;
  g_autoptr(GBytes) map_bytes = NULL;
  g_autoptr(GBytes) new_bytes = NULL;

  ck_assert_int_eq (run_cli ("decompile", map, "--level", "0", "-o", text, NULL), 0);
  a = tsr_test_read_file (text);
  b = tsr_test_read_file (shipped);
  ck_assert (g_bytes_equal (a, b));
  ck_assert_int_eq (run_cli ("compile", shipped, "-o", chunk, NULL), 0);
  c = tsr_test_read_file (chunk);
  map_bytes = tsr_test_read_file (map);
  original = tsr_marathon_scenario_load (map_bytes, "map", NULL);
  ck_assert (g_bytes_equal (c, tsr_wad_entry_find_chunk (first_level (original)->entry,
                                                         TSR_WAD_TAG ('t', 'e', 'r', 'm'))->data));
  ck_assert_int_eq (run_cli ("replace", map, "--level", "0", other, "-o", newmap, NULL), 0);
  new_bytes = tsr_test_read_file (newmap);
  scenario = tsr_marathon_scenario_load (new_bytes, "new", NULL);
  ck_assert_ptr_nonnull (scenario);
  ck_assert_uint_eq (first_level (scenario)->terminals->len, 7);
  ck_assert (tsr_wad_checksum_matches (scenario->map->wad));
  /* Scripts cannot say whether a terminal is xor-encoded: replace keeps each position's flag. */
  {
    g_autofree char *plain = g_build_filename (dir, "plain.sceA", NULL);
    g_autofree char *replaced = g_build_filename (dir, "replaced.sceA", NULL);
    g_autoptr(GBytes) plain_bytes = NULL;
    g_autoptr(GBytes) replaced_bytes = NULL;
    g_autoptr(TsrMarathonScenario) reloaded = NULL;
    TsrMarathonTerminal *second = g_ptr_array_index (first_level (scenario)->terminals, 1);

    second->flags &= ~TSR_MARATHON_TERMINAL_ENCODED;
    plain_bytes = tsr_marathon_scenario_serialize (scenario, NULL);
    ck_assert_ptr_nonnull (plain_bytes);
    ck_assert (g_file_set_contents (plain, g_bytes_get_data (plain_bytes, NULL), (gssize) g_bytes_get_size (plain_bytes), NULL));
    ck_assert_int_eq (run_cli ("replace", plain, "--level", "0", other, "-o", replaced, NULL), 0);
    replaced_bytes = tsr_test_read_file (replaced);
    ck_assert (g_bytes_equal (replaced_bytes, plain_bytes));
    reloaded = tsr_marathon_scenario_load (replaced_bytes, "replaced", NULL);
    ck_assert_uint_eq (((TsrMarathonTerminal *) g_ptr_array_index (first_level (reloaded)->terminals, 1))->flags
                         & TSR_MARATHON_TERMINAL_ENCODED, 0);
    ck_assert_uint_ne (((TsrMarathonTerminal *) g_ptr_array_index (first_level (reloaded)->terminals, 0))->flags
                         & TSR_MARATHON_TERMINAL_ENCODED, 0);
    /* Decompiling says so in a comment line other tools skip; the script compiles back to it, and
     * a script stating other flags wins over the stored ones. */
    {
      g_autofree char *decompiled = g_build_filename (dir, "plain.term.txt", NULL);
      g_autofree char *stated = g_build_filename (dir, "stated.term.txt", NULL);
      g_autoptr(GBytes) script = NULL;
      g_autoptr(GBytes) again = NULL;
      g_autoptr(TsrMarathonScenario) encoded = NULL;
      g_autoptr(GString) edited = NULL;

      ck_assert_int_eq (run_cli ("decompile", plain, "--level", "0", "-o", decompiled, NULL), 0);
      script = tsr_test_read_file (decompiled);
      edited = g_string_new_len (g_bytes_get_data (script, NULL), (gssize) g_bytes_get_size (script));
      ck_assert_ptr_nonnull (strstr (edited->str, ";\n; tessera: flags 0x0000\n#TERMINAL 1\n"));
      ck_assert_ptr_null (strstr (edited->str, "flags 0x0001"));
      ck_assert_int_eq (run_cli ("replace", plain, "--level", "0", decompiled, "-o", replaced, NULL), 0);
      again = tsr_test_read_file (replaced);
      ck_assert (g_bytes_equal (again, plain_bytes));
      g_string_replace (edited, "; tessera: flags 0x0000\n", "; tessera: flags 0x0001\n", 1);
      ck_assert (g_file_set_contents (stated, edited->str, (gssize) edited->len, NULL));
      ck_assert_int_eq (run_cli ("replace", plain, "--level", "0", stated, "-o", replaced, NULL), 0);
      g_clear_pointer (&again, g_bytes_unref);
      again = tsr_test_read_file (replaced);
      encoded = tsr_marathon_scenario_load (again, "stated", NULL);
      ck_assert_uint_eq (((TsrMarathonTerminal *) g_ptr_array_index (first_level (encoded)->terminals, 1))->flags,
                         TSR_MARATHON_TERMINAL_ENCODED);
    }
  }
  /* A level the file does not hold is a usage error, like a negative one. */
  ck_assert_int_eq (run_cli ("decompile", map, "--level", "3", "-o", text, NULL), 2);
  ck_assert_int_eq (run_cli ("decompile", map, "--level", "-2", "-o", text, NULL), 2);
  ck_assert_int_eq (run_cli ("bogus", NULL), 2);
  ck_assert_int_eq (run_cli ("compile", shipped, NULL), 2);
}
END_TEST

static Suite *
maps_suite (void)
{
  Suite *suite = suite_create ("marathon-maps");
  TCase *files = tcase_create ("files");
  TCase *terminals = tcase_create ("terminals");
  TCase *edits = tcase_create ("edits");
  TCase *robustness = tcase_create ("robustness");

  tcase_add_test (files, test_record_tables_cover_every_byte);
  tcase_add_test (files, test_record_arrays_match_field_tables);
  tcase_add_test (files, test_real_files_roundtrip);
  tcase_add_test (files, test_m1_scenario_contents);
  tcase_add_test (files, test_physics);
  tcase_add_test (files, test_embedded_physics);
  tcase_add_test (files, test_render_level);
  tcase_add_test (terminals, test_terminal_scripts_match_shipped_text);
  tcase_add_test (terminals, test_terminals_recompile_every_real_map);
  tcase_add_test (terminals, test_terminal_line_count_matches_atque);
  tcase_add_test (terminals, test_terminal_line_count_edges);
  tcase_add_test (terminals, test_terminal_compile_errors);
  tcase_add_test (terminals, test_terminal_script_diagnostics);
  tcase_add_test (terminals, test_terminal_script_format_keeps_text);
  tcase_add_test (terminals, test_terminal_directives_any_case_and_xor);
  tcase_add_test (terminals, test_terminal_cli);
  tcase_add_test (terminals, test_terminal_script_references);
  tcase_add_test (edits, test_scenario_edits);
  tcase_add_test (edits, test_single_level_layout);
  tcase_add_test (edits, test_validation_findings);
  tcase_add_test (edits, test_sample_map);
  tcase_add_test (robustness, test_truncation_every_length);
  tcase_add_test (robustness, test_terminal_truncation);
  suite_add_tcase (suite, files);
  suite_add_tcase (suite, terminals);
  suite_add_tcase (suite, edits);
  suite_add_tcase (suite, robustness);
  return suite;
}

int
main (void)
{
  data_dir = tsr_test_data_require ("marathon");
  return tsr_test_run_suite (maps_suite ());
}
