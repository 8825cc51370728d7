/* test-marathon-engine-checks.c: each Marathon check that calls a map broken, shown on the
 * smallest map that breaks the engine (the codec's three-room sample, changed in one place), with
 * the Aleph One code path that breaks; the same state where the engine copes is a warning. And
 * every real file of the test data validates without an error, whatever its family. */
#include <string.h>

#include "formats/marathon/tsr-mac-wrapper.h"
#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-images.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/marathon/tsr-marathon-shapes-formats.h"
#include "formats/marathon/tsr-marathon-shapes.h"
#include "formats/marathon/tsr-marathon-terminal.h"
#include "formats/marathon/tsr-pict.h"
#include "formats/marathon/tsr-wad.h"
#include "formats/tsr-format.h"
#include "tsr-marathon-sample.h"
#include "tsr-test-common.h"

#define LIGHT_SWITCH_PANEL 4 /* water light switch (devices.cpp control_panel_definitions) */
#define TAG_SWITCH_PANEL   6 /* water tag switch */
#define PLATFORM_DEACTIVATES_LIGHT (1u << 12)

static TsrMarathonMap *
sample (TsrMarathonLevel **level)
{
  g_autoptr(GError) error = NULL;
  TsrMarathonMap *map = tsr_marathon_sample_build (&error);

  ck_assert_msg (map != NULL, "%s", error != NULL ? error->message : "");
  *level = g_ptr_array_index (map->levels, 0);
  return map;
}

static GPtrArray *
validate (const TsrMarathonMap *map)
{
  GPtrArray *findings = tsr_findings_new ();

  tsr_marathon_map_validate (map, findings);
  return findings;
}

static char *
findings_text (GPtrArray *findings)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < findings->len; i++)
    {
      g_autofree char *line = tsr_finding_to_string (g_ptr_array_index (findings, i));

      g_string_append_printf (text, "%s\n", line);
    }
  return g_string_free (text, FALSE);
}

/* FRAGMENT is found with SEVERITY (or, with SEVERITY -1, not found at all). */
static void
expect (const TsrMarathonMap *map,
        const char           *fragment,
        int                   severity)
{
  g_autoptr(GPtrArray) findings = validate (map);
  const TsrFinding *finding = tsr_test_find_finding (findings, fragment);
  g_autofree char *text = findings_text (findings);

  if (severity < 0)
    {
      ck_assert_msg (finding == NULL, "unexpected '%s' in:\n%s", fragment, text);
      return;
    }
  ck_assert_msg (finding != NULL, "no '%s' in:\n%s", fragment, text);
  ck_assert_msg ((int) finding->severity == severity, "'%s' is a %s, not a %s", fragment,
                 tsr_severity_to_string (finding->severity), tsr_severity_to_string ((TsrSeverity) severity));
}

static TsrMarathonSide *
terminal_side (TsrMarathonLevel *level)
{
  for (guint i = 0; i < level->sides->len; i++)
    {
      TsrMarathonSide *side = &g_array_index (level->sides, TsrMarathonSide, i);

      if (side->flags & 0x0002)
        return side;
    }
  ck_abort_msg ("the sample has no control panel");
  return NULL;
}

/* lightsource.cpp rephase_light loops while the phase is at least the period; with the two
 * inactive periods summing to 0 it never ends. The light enters its inactive states through
 * new_light (initially inactive) or set_light_status, which switches, triggers and platforms call. */
START_TEST (test_light_inactive_freeze)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  TsrMarathonLight *light = &g_array_index (level->lights, TsrMarathonLight, 0);
  TsrMarathonPolygon *room0 = &g_array_index (level->polygons, TsrMarathonPolygon, 0);
  TsrMarathonPlatform *platform = &g_array_index (level->platforms, TsrMarathonPlatform, 0);
  TsrMarathonSide *panel = terminal_side (level);

  expect (map, "inactive periods", -1);
  /* Initially active and nothing turns it off: it never gets there (Chronicles ships 33 such). */
  light->primary_inactive.period = light->secondary_inactive.period = 0;
  expect (map, "light 0: the inactive periods (0 + 0) sum to 0; the engine would freeze", TSR_SEVERITY_WARNING);
  /* devices.cpp change_panel_state: a light switch toggles it. */
  panel->control_panel_type = LIGHT_SWITCH_PANEL;
  expect (map, "light 0: the inactive periods (0 + 0) sum to 0; the engine freezes", TSR_SEVERITY_ERROR);
  /* A tag switch for its tag (lightsource.cpp set_tagged_light_statuses). */
  panel->control_panel_type = TAG_SWITCH_PANEL;
  panel->control_panel_permutation = 3;
  expect (map, "the engine would freeze if the light were turned off", TSR_SEVERITY_WARNING);
  light->tag = 3;
  expect (map, "the engine freezes when the light is off", TSR_SEVERITY_ERROR);
  light->tag = 0;
  /* marathon2.cpp changed_polygon: a light-off trigger. */
  room0->type = 8;
  room0->permutation = 0;
  expect (map, "the engine freezes when the light is off", TSR_SEVERITY_ERROR);
  room0->type = 6; /* a light-on trigger never turns it off */
  expect (map, "the engine would freeze if the light were turned off", TSR_SEVERITY_WARNING);
  room0->type = 0;
  room0->permutation = -1;
  /* platforms.cpp set_platform_state: a platform that deactivates its polygon's lights. */
  platform->static_flags |= PLATFORM_DEACTIVATES_LIGHT;
  expect (map, "the engine freezes when the light is off", TSR_SEVERITY_ERROR);
  platform->static_flags &= ~PLATFORM_DEACTIVATES_LIGHT;
  /* Initially inactive: new_light enters the loop at once. */
  light->flags &= ~0x0001u;
  expect (map, "the engine freezes when the light is off", TSR_SEVERITY_ERROR);
  /* A random part (delta) ends the loop. */
  light->secondary_inactive.delta_period = 5;
  expect (map, "inactive periods", -1);
  /* 5 and -5 alternate for ever too. */
  light->secondary_inactive.delta_period = 0;
  light->primary_inactive.period = 5;
  light->secondary_inactive.period = -5;
  expect (map, "light 0: the inactive periods (5 + -5) sum to 0; the engine freezes", TSR_SEVERITY_ERROR);
}
END_TEST

/* The active half: reached initially, or by anything that turns the light on, terminal tag
 * groups included (computer_interface.cpp: _tag_group calls set_tagged_light_statuses on). */
START_TEST (test_light_active_freeze)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  TsrMarathonLight *light = &g_array_index (level->lights, TsrMarathonLight, 0);
  static const char script[] = "#TERMINAL 0\n#UNFINISHED\n#TAG 7\n#ENDTERMINAL 0\n";
  g_autoptr(GError) error = NULL;

  light->primary_active.period = light->secondary_active.period = 0;
  expect (map, "light 0: the active periods (0 + 0) sum to 0; the engine freezes when the light is on", TSR_SEVERITY_ERROR);
  light->flags &= ~0x0001u;
  expect (map, "the engine would freeze if the light were turned on", TSR_SEVERITY_WARNING);
  light->tag = 7;
  g_ptr_array_unref (level->terminals);
  level->terminals = tsr_marathon_terminals_compile (script, strlen (script), "tag", &error);
  ck_assert_msg (level->terminals != NULL, "%s", error != NULL ? error->message : "");
  expect (map, "the engine freezes when the light is on", TSR_SEVERITY_ERROR);
}
END_TEST

/* A stateless light runs through all six states (rephase_light); it freezes only when all six
 * periods are 0. Whatever it is switched to does not matter: set_light_status ignores it. */
START_TEST (test_light_stateless)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  TsrMarathonLight *light = &g_array_index (level->lights, TsrMarathonLight, 0);

  light->flags |= 0x0004;
  light->primary_inactive.period = light->secondary_inactive.period = 0;
  expect (map, "periods", -1);
  light->primary_active.period = light->secondary_active.period = 0;
  light->becoming_active.period = light->becoming_inactive.period = 0;
  expect (map, "light 0: a stateless light whose six periods sum to 0; the engine freezes", TSR_SEVERITY_ERROR);
}
END_TEST

/* lightsource.cpp change_light_state takes random % (delta + 1): a delta of -1 divides by zero in
 * any state the light enters. */
START_TEST (test_light_delta_divides_by_zero)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  TsrMarathonLight *light = &g_array_index (level->lights, TsrMarathonLight, 0);

  light->primary_inactive.delta_intensity = -1;
  expect (map, "light 0: primary inactive: a delta of -1 would divide by zero", TSR_SEVERITY_WARNING);
  light->primary_active.delta_period = -1;
  expect (map, "light 0: primary active: a delta of -1 divides by zero", TSR_SEVERITY_ERROR);
}
END_TEST

/* RenderRasterize.cpp render_node reads the primary light of every side, the secondary of split
 * sides and the transparent one under a transparent texture; lightsource.cpp get_light_intensity
 * gives 0 for a light that is not there. Chronicles keeps 627 stale indexes in slots never read. */
START_TEST (test_side_lights)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  TsrMarathonSide *side = terminal_side (level);

  side->secondary_lightsource_index = 9;
  side->transparent_lightsource_index = 9;
  side->transparent_texture.texture = -1;
  expect (map, "light 9", -1);
  side->type = 4; /* split: its low part takes the secondary light */
  expect (map, "secondary light 9 outside 0..0; the engine draws that surface unlit", TSR_SEVERITY_WARNING);
  side->type = 0;
  side->transparent_texture.texture = (17 << 8) | 5;
  expect (map, "transparent light 9 outside 0..0", TSR_SEVERITY_WARNING);
  side->primary_lightsource_index = 12;
  expect (map, "primary light 12 outside 0..0", TSR_SEVERITY_WARNING);
}
END_TEST

/* computer_interface.cpp enter_computer_interface: a terminal the map does not have plays the
 * logon sound and returns. A level of an Atque merge folder has its terminals in NAME.term.txt
 * beside it, compiled in at merge: it is checked against that script. */
START_TEST (test_terminal_script_beside)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *map_path = g_build_filename (dir, "Three Rooms.sceA", NULL);
  g_autofree char *script_path = g_build_filename (dir, "Three Rooms.term.txt", NULL);
  g_autofree char *beside = tsr_marathon_script_path_beside (map_path);
  static const char two[] = "#TERMINAL 0\n#UNFINISHED\n#INFORMATION\nOne\n#ENDTERMINAL 0\n"
                            "#TERMINAL 1\n#UNFINISHED\n#INFORMATION\nTwo\n#ENDTERMINAL 1\n";
  static const char broken[] = "#TERMINAL 0\n#UNFINISHED\n#LOGON\n";
  TsrMarathonSide *panel = terminal_side (level);
  g_autoptr(GError) error = NULL;

  ck_assert_str_eq (beside, script_path);
  panel->control_panel_permutation = 1;
  expect (map, "terminal 1 outside 0..0; the switch only plays the logon sound", TSR_SEVERITY_WARNING);
  /* No term chunk and no script: a net map's decorative terminals. */
  g_clear_pointer (&level->terminals, g_ptr_array_unref);
  ck_assert (!tsr_marathon_map_attach_script (map, map_path));
  expect (map, "terminal 1 outside 0..-1", TSR_SEVERITY_WARNING);
  /* The script beside it has two terminals: switch 1 is fine. */
  ck_assert (g_file_set_contents (script_path, two, -1, &error));
  ck_assert (tsr_marathon_map_attach_script (map, map_path));
  ck_assert_str_eq (level->script_path, script_path);
  expect (map, "terminal 1", -1);
  panel->control_panel_permutation = 2;
  expect (map, "terminal 2 outside 0..1 (of the script beside the map)", TSR_SEVERITY_WARNING);
  /* A script that does not compile: said once, and the switches are not judged. */
  ck_assert (g_file_set_contents (script_path, broken, -1, &error));
  ck_assert (tsr_marathon_map_attach_script (map, map_path));
  expect (map, "the terminal script beside the map", TSR_SEVERITY_WARNING);
  expect (map, "terminal 2 outside", -1);
}
END_TEST

/* marathon2.cpp changed_polygon and devices.cpp initialize_control_panels_for_level /
 * change_panel_state take a platform index from the permutation of the polygon a trigger or a
 * switch names: get_polygon_data and get_platform_data return NULL past their counts and
 * platforms.cpp try_and_change_platform_state / platform_is_on dereference it. */
START_TEST (test_platform_targets)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  TsrMarathonPolygon *room0 = &g_array_index (level->polygons, TsrMarathonPolygon, 0);
  TsrMarathonPolygon *room2 = &g_array_index (level->polygons, TsrMarathonPolygon, 2);
  TsrMarathonSide *panel = terminal_side (level);

  room0->type = 7; /* platform on trigger */
  room0->permutation = 1;
  expect (map, "platform trigger", -1);
  /* Room 2 is no platform; its permutation 0 is platform 0: that one moves instead. */
  room0->permutation = 2;
  room2->permutation = 0;
  expect (map, "polygon 0: platform trigger aimed at polygon 2, which is not a platform; the engine works platform 0",
          TSR_SEVERITY_WARNING);
  room2->permutation = 4;
  expect (map, "its permutation 4 is no platform either and the engine crashes", TSR_SEVERITY_ERROR);
  room0->permutation = 40;
  expect (map, "polygon 0: platform trigger for polygon 40 outside 0..2; the engine crashes", TSR_SEVERITY_ERROR);
  room0->type = 0;
  room0->permutation = -1;
  /* The same through a platform switch (water type 5). */
  panel->control_panel_type = 5;
  panel->control_panel_permutation = 2;
  expect (map, "platform switch aimed at polygon 2, which is not a platform; its permutation 4", TSR_SEVERITY_ERROR);
  panel->control_panel_permutation = -1;
  expect (map, "platform switch for polygon -1; the engine turns the switch off", TSR_SEVERITY_WARNING);
}
END_TEST

/* States the engine copes with stay warnings: lights, liquids and triggers past the end (every
 * reader goes through a bounds-checked get_*_data), zero-length lines, records the engine skips. */
START_TEST (test_engine_copes)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  TsrMarathonPolygon *room0 = &g_array_index (level->polygons, TsrMarathonPolygon, 0);
  TsrMarathonMedia *media = &g_array_index (level->media, TsrMarathonMedia, 0);
  g_autoptr(GPtrArray) findings = NULL;

  room0->floor_lightsource_index = 5;
  room0->media_index = 3;
  media->light_index = 6;
  expect (map, "polygon 0: light 5 or 0 outside 0..0; the engine draws it unlit", TSR_SEVERITY_WARNING);
  expect (map, "polygon 0: liquid 3 outside 0..0; the engine shows no liquid there", TSR_SEVERITY_WARNING);
  expect (map, "liquid 0: light 6 outside 0..0; the liquid stays at its low level", TSR_SEVERITY_WARNING);
  room0->type = 8;
  room0->permutation = 4;
  expect (map, "polygon 0: trigger light 4 outside 0..0; the trigger does nothing", TSR_SEVERITY_WARNING);
  findings = validate (map);
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);
}
END_TEST

/* Indexes the engine dereferences: map.cpp get_endpoint_data, get_line_data, get_side_data and
 * get_polygon_data return NULL past the end (GetMemberWithBounds; the vassert is compiled out of
 * release builds) and the renderer (RenderRasterize.cpp render_node), collision
 * (map.cpp find_line_crossed_leaving_polygon), teleporting (marathon2.cpp changed_polygon) and
 * object placement dereference it. One index changed at a time on the sample. */
START_TEST (test_indexes_past_the_end)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, 0);
  TsrMarathonPolygon *room0 = &g_array_index (level->polygons, TsrMarathonPolygon, 0);
  TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, 0);
  gint16 saved;

  saved = line->endpoint_indexes[1];
  line->endpoint_indexes[1] = 99;
  expect (map, "line 0: endpoint 0 or 99 outside", TSR_SEVERITY_ERROR);
  line->endpoint_indexes[1] = saved;
  saved = line->counterclockwise_side_index;
  line->counterclockwise_side_index = 99;
  expect (map, "line 0: side", TSR_SEVERITY_ERROR);
  line->counterclockwise_side_index = saved;
  saved = line->clockwise_polygon_owner;
  line->clockwise_polygon_owner = 99;
  expect (map, "line 0: polygon", TSR_SEVERITY_ERROR);
  line->clockwise_polygon_owner = saved;
  saved = room0->line_indexes[0];
  room0->line_indexes[0] = 99;
  expect (map, "polygon 0: edge 0 is line 99", TSR_SEVERITY_ERROR);
  room0->line_indexes[0] = saved;
  room0->type = 10; /* teleporter */
  room0->permutation = 99;
  expect (map, "polygon 0: teleporter destination 99 outside 0..2", TSR_SEVERITY_ERROR);
  room0->type = 0;
  room0->permutation = -1;
  object->polygon_index = 99;
  expect (map, "object 0: polygon 99 outside 0..2", TSR_SEVERITY_ERROR);
  object->polygon_index = 0;
  expect (map, "outside", -1);
}
END_TEST

/* computer_interface.cpp: a group's text is drawn from the terminal's text by start and length
 * (_draw_computer_text reads past the buffer when they lie beyond it) and an intralevel teleport
 * goes to get_polygon_data of its permutation; a group of an unknown type is skipped by every
 * switch ("default: break"). */
START_TEST (test_terminal_groups)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  TsrMarathonTerminal *terminal = g_ptr_array_index (level->terminals, 0);
  TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, 0);
  TsrMarathonTerminalGroup saved = *group;

  group->length = (guint16) (g_bytes_get_size (terminal->text) + 10);
  expect (map, "terminal 0 group 0: text", TSR_SEVERITY_ERROR);
  *group = saved;
  group->type = TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT;
  group->permutation = 99;
  expect (map, "terminal 0 group 0: teleport polygon 99 outside 0..2", TSR_SEVERITY_ERROR);
  group->type = 77;
  expect (map, "terminal 0 group 0: type 77 unknown; the engine shows nothing for it", TSR_SEVERITY_WARNING);
}
END_TEST

/* Files/game_wad.cpp process_map_wad reads 128 placement records from plac whatever its size
 * (the size assert is compiled out): a shorter chunk is read past its end. A level without points
 * has lines whose endpoints get_endpoint_data cannot find. */
START_TEST (test_chunks_the_engine_reads_blindly)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  g_autoptr(GArray) points = NULL;

  if (level->placements == NULL)
    level->placements = g_array_new (FALSE, TRUE, sizeof (TsrMarathonPlacement));
  g_array_set_size (level->placements, 100);
  expect (map, "plac holds 100 records, not 128", TSR_SEVERITY_ERROR);
  g_array_set_size (level->placements, 130);
  expect (map, "plac holds 130 records, not 128: the engine reads the first ones only", TSR_SEVERITY_WARNING);
  g_array_set_size (level->placements, 128);
  expect (map, "plac holds", -1);
  points = g_steal_pointer (&level->points);
  expect (map, "no PNTS or EPNT chunk", TSR_SEVERITY_ERROR);
  level->points = g_steal_pointer (&points);
}
END_TEST

/* Files/wad.cpp read_wad_header lets version 3 through (it refuses only versions above 4), then
 * calculate_directory_offset, the first thing reading a level does, has no case for it and
 * reaches vhalt ("what is version 3?"); vhalt is not compiled out of release builds: the engine
 * stops. The smallest wad: one empty entry. */
START_TEST (test_wad_version_3)
{
  for (guint16 version = 0; version <= 5; version++)
    {
      g_autoptr(TsrWad) wad = tsr_wad_new (version, 1, "version");
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autofree char *fragment = g_strdup_printf ("version %u: the engine reads 0, 1, 2 and 4", version);
      const TsrFinding *finding;

      g_ptr_array_add (wad->entries, tsr_wad_entry_new (0));
      tsr_wad_validate (wad, findings);
      finding = tsr_test_find_finding (findings, fragment);
      if (version == 3 || version > 4)
        ck_assert_msg (finding != NULL && finding->severity == TSR_SEVERITY_ERROR, "version %u", version);
      else
        ck_assert_msg (finding == NULL, "version %u", version);
    }
}
END_TEST

/* Files/wad.cpp read_indexed_directory_data returns the first directory entry whose index is the
 * one asked for, while the level list (Files/game_wad.cpp get_entry_points) numbers levels by
 * their place in the directory: with index 0 twice in a two-level wad, level 1 has no entry,
 * load_level_from_map fails and Misc/interface.cpp transfer_to_new_level ends the game with a
 * loading error. Two empty entries show it. */
START_TEST (test_wad_index_used_twice)
{
  g_autoptr(TsrWad) wad = tsr_wad_new (TSR_WAD_VERSION_OVERLAYS, 1, "twice");
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  g_autoptr(GPtrArray) distinct = tsr_findings_new ();
  const TsrFinding *finding;

  g_ptr_array_add (wad->entries, tsr_wad_entry_new (0));
  g_ptr_array_add (wad->entries, tsr_wad_entry_new (1));
  tsr_wad_validate (wad, distinct);
  ck_assert_ptr_null (tsr_test_find_finding (distinct, "appears more than once"));
  ((TsrWadEntry *) g_ptr_array_index (wad->entries, 1))->index = 0;
  tsr_wad_validate (wad, findings);
  finding = tsr_test_find_finding (findings, "index 0 appears more than once");
  ck_assert_ptr_nonnull (finding);
  ck_assert_int_eq (finding->severity, TSR_SEVERITY_ERROR);
}
END_TEST

/* GameWorld/player.cpp update_player_teleport asks for the level of an interlevel teleport;
 * Misc/interface.cpp transfer_to_new_level calls game_wad.cpp goto_level, whose
 * load_level_from_map refuses an index past the wad's count (errWadIndexOutOfRange): the game
 * ends with a loading error. Level 256 (interface.cpp EPILOGUE_LEVEL_NUMBER) is how a scenario
 * ends: it plays the epilogue. A one-terminal script against a one-level scenario. */
START_TEST (test_interlevel_teleport_past_the_last_level)
{
  const int targets[] = { 0, 1, 3, -1, 256 };
  const gboolean broken[] = { FALSE, TRUE, TRUE, TRUE, FALSE };

  for (gsize i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_autofree char *script = g_strdup_printf ("#TERMINAL 0\n#UNFINISHED\n#INTERLEVEL TELEPORT %d\n#ENDTERMINAL 0\n",
                                                 targets[i]);
      TsrMarathonScriptCompilation *compilation = tsr_marathon_script_compile (script, strlen (script));
      TsrMarathonScriptReferences references = { 1, -1, NULL, 0 };
      g_autoptr(GArray) diagnostics = tsr_marathon_script_diagnostics_new ();

      ck_assert_ptr_nonnull (compilation->terminals);
      tsr_marathon_script_check_references (compilation, &references, diagnostics);
      if (broken[i])
        {
          const TsrMarathonScriptDiagnostic *d;

          ck_assert_msg (diagnostics->len == 1, "teleport to %d", targets[i]);
          d = &g_array_index (diagnostics, TsrMarathonScriptDiagnostic, 0);
          ck_assert_int_eq (d->severity, TSR_SEVERITY_ERROR);
          ck_assert_uint_eq (d->line, 3);
          ck_assert_msg (strstr (d->message, "the scenario has levels 0 to 0") != NULL, "%s", d->message);
        }
      else
        ck_assert_msg (diagnostics->len == 0, "teleport to %d", targets[i]);
      tsr_marathon_script_compilation_free (compilation);
    }
}
END_TEST

/* GameWorld/map_constructors.cpp add_map_index counts the map indexes in int16
 * (dynamic_world->map_index_count; its assert is compiled out) and GameWorld/map.cpp
 * get_map_indexes bounds every list by that count read as 16 unsigned bits: past 65,535 it wraps
 * and the lists beyond it come back NULL; keep_line_segment_out_of_walls then skips the walls of
 * those polygons. The sample's room 0 400 times over with 170 sound sources near all of them
 * (the sound source lists are what fills the meter) passes the limit. */
START_TEST (test_map_index_meter_over_the_limit)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  TsrMarathonPolygon copy = g_array_index (level->polygons, TsrMarathonPolygon, 0);
  guint limit = 0, used;

  for (guint i = 0; i < 399; i++)
    g_array_append_val (level->polygons, copy);
  for (guint i = 0; i < 170; i++)
    {
      TsrMarathonObject sound = { 5, 0, 0, -1, 512, 512, 0, 0 };

      g_array_append_val (level->objects, sound);
    }
  used = tsr_marathon_level_index_usage (level, &limit);
  ck_assert_uint_eq (limit, TSR_MARATHON_MAP_INDEX_LIMIT);
  ck_assert_uint_gt (used, limit);
  expect (map, "map index meter: ", TSR_SEVERITY_ERROR);
}
END_TEST

/* GameWorld/map.h keeps 8 vertices a polygon (MAXIMUM_VERTICES_PER_POLYGON) and
 * map_constructors.cpp unpack_polygon_data keeps the stored vertex_count: map.cpp
 * point_in_polygon and find_line_crossed_leaving_polygon loop over vertex_count and read the
 * fields after the arrays as endpoint and line indexes. GameWorld/map.cpp point_in_polygon calls
 * a point inside only when it is on the inner side of every edge: in the notch of a concave
 * polygon a point is in no polygon and the objects there are lost. GameWorld/placement.cpp
 * get_random_player_starting_location_and_facing takes global_random () % the number of starts:
 * a solo level without one divides by zero. Each on the sample, one change at a time. */
START_TEST (test_polygons_and_player_start)
{
  TsrMarathonLevel *level;
  g_autoptr(TsrMarathonMap) map = sample (&level);
  TsrMarathonPolygon *room0 = &g_array_index (level->polygons, TsrMarathonPolygon, 0);
  TsrMarathonPoint *corner = &g_array_index (level->points, TsrMarathonPoint, 7);
  TsrMarathonObject *start = &g_array_index (level->objects, TsrMarathonObject, 0);
  TsrMarathonPoint saved = *corner;

  expect (map, "vertices, 3 to 8", -1);
  expect (map, "not convex", -1);
  expect (map, "player start", -1);
  room0->vertex_count = 9;
  expect (map, "polygon 0: 9 vertices, 3 to 8 expected", TSR_SEVERITY_ERROR);
  room0->vertex_count = 4;
  /* Room 0's fourth corner (0, 1024; no other room's) into the room: a notch. */
  corner->x = 600;
  corner->y = 300;
  expect (map, "polygon 0: not convex", TSR_SEVERITY_ERROR);
  *corner = saved;
  ck_assert_int_eq (start->type, 3);
  start->type = 2;
  expect (map, "a solo level without a player start", TSR_SEVERITY_ERROR);
  level->info.entry_point_flags = 0x02; /* cooperative only: a net level, its starts come from the game */
  expect (map, "player start", -1);
}
END_TEST

/* RenderMain/textures.cpp precalculate_bitmap_row_addresses, called for every bitmap by
 * RenderMain/shapes.cpp when a collection loads, walks the rows of a run-length bitmap by their
 * stored first/last without any bound: a bitmap cut short is read past the collection. One 4×3
 * object bitmap, whole and then without its last bytes. */
START_TEST (test_shapes_bitmap_past_its_bytes)
{
  g_autoptr(TsrShapesFile) file = tsr_shapes_file_new ();
  TsrShapesCollection *collection = tsr_shapes_collection_new (TSR_SHAPES_COLLECTION_OBJECT, 2);
  TsrShapesColorTable *table = g_new0 (TsrShapesColorTable, 1);
  TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (TSR_SHAPES_COLLECTION_OBJECT);
  g_autoptr(TsrImage) image = tsr_image_new (4, 3);
  g_autoptr(GPtrArray) whole = tsr_findings_new ();
  g_autoptr(GPtrArray) cut = tsr_findings_new ();
  g_autoptr(GError) error = NULL;
  TsrShapesBitmap *bitmap;
  GBytes *raw;
  const TsrFinding *finding;

  table->count = 2;
  table->colors = g_new0 (TsrShapesColor, 2);
  table->colors[1] = (TsrShapesColor) { 0, 1, 0xffff, 0, 0 };
  g_ptr_array_add (collection->color_tables, table);
  for (guint p = 0; p < 12; p++)
    tsr_image_set_pixel (image, p % 4, p / 4, 0xff0000ff);
  bitmap = tsr_shapes_bitmap_encode (image, table, &options, NULL, &error);
  ck_assert_msg (bitmap != NULL, "%s", error != NULL ? error->message : "");
  g_ptr_array_add (collection->bitmaps, bitmap);
  tsr_shapes_file_set_collection (file, 0, 0, collection);
  tsr_marathon_shapes_format.validate (file, whole);
  ck_assert_uint_eq (tsr_findings_count (whole, TSR_SEVERITY_ERROR), 0);
  raw = bitmap->raw;
  bitmap->raw = g_bytes_new_from_bytes (raw, 0, g_bytes_get_size (raw) - 6);
  g_bytes_unref (raw);
  tsr_marathon_shapes_format.validate (file, cut);
  finding = tsr_test_find_finding (cut, "bitmap 0: ");
  ck_assert_ptr_nonnull (finding);
  ck_assert_int_eq (finding->severity, TSR_SEVERITY_ERROR);
}
END_TEST

/* RenderOther/images.cpp picture_to_surface reads opcodes until OpEndPic (0x00ff); past the end
 * of the resource SDL_ReadBE16 gives 0, a NOP, so a picture cut short loops for ever: the engine
 * freezes showing it. A clut is read by CSeries/cscluts_sdl.cpp build_color_table through the
 * same bounded reader: a short one gives black for the colours it lacks (and only an 8-bit
 * interface reads it), a warning. An Images wad with one 4×4 picture and one clut. */
START_TEST (test_images_cut_short)
{
  g_autoptr(TsrMarathonImages) images = g_new0 (TsrMarathonImages, 1);
  g_autoptr(GBytes) empty = g_bytes_new (NULL, 0);
  g_autoptr(TsrImage) picture = tsr_image_new (4, 4);
  g_autoptr(GPtrArray) whole = tsr_findings_new ();
  g_autoptr(GPtrArray) cut = tsr_findings_new ();
  g_autoptr(GError) error = NULL;
  /* seed, flags, count - 1 = 3: four entries announced, one given */
  static const guint8 clut[] = { 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0xff, 0xff, 0, 0, 0, 0 };
  g_autoptr(GBytes) short_clut = g_bytes_new_static (clut, sizeof clut);
  TsrWadEntry *entry;
  TsrWadChunk *chunk;
  GBytes *data;
  const TsrFinding *finding;

  images->storage = TSR_MARATHON_IMAGES_WAD;
  images->wad = tsr_wad_new (TSR_WAD_VERSION_INFINITY, 0, "Images");
  images->mac = tsr_mac_file_parse (empty, NULL);
  for (guint p = 0; p < 16; p++)
    tsr_image_set_pixel (picture, p % 4, p / 4, p % 2 ? 0x204080ff : 0xc0a060ff);
  ck_assert (tsr_marathon_images_set_picture (images, 1000, picture, TSR_PICT_ENCODE_INDEXED8, &error));
  tsr_marathon_images_format.validate (images, whole);
  ck_assert_uint_eq (tsr_findings_count (whole, TSR_SEVERITY_ERROR), 0);
  entry = tsr_wad_find_entry (images->wad, 1000);
  chunk = tsr_wad_entry_find_chunk (entry, TSR_RESOURCE_PICT);
  ck_assert_ptr_nonnull (chunk);
  data = chunk->data;
  chunk->data = g_bytes_new_from_bytes (data, 0, g_bytes_get_size (data) / 2);
  g_bytes_unref (data);
  tsr_wad_entry_set_chunk (entry, TSR_RESOURCE_CLUT, short_clut);
  tsr_marathon_images_format.validate (images, cut);
  finding = tsr_test_find_finding (cut, "PICT 1000");
  ck_assert_ptr_nonnull (finding);
  ck_assert_int_eq (finding->severity, TSR_SEVERITY_ERROR);
  finding = tsr_test_find_finding (cut, "clut 1000");
  ck_assert_ptr_nonnull (finding);
  ck_assert_int_eq (finding->severity, TSR_SEVERITY_WARNING);
}
END_TEST

/* One 4×4 indexed picture (id 1000) in an Images wad, its PICT bytes changed by EDIT, validated:
 * the severity of the finding on "PICT 1000", or -1 when there is none. */
static int
picture_finding (void (*edit) (guint8 *pict, gsize size))
{
  g_autoptr(TsrMarathonImages) images = g_new0 (TsrMarathonImages, 1);
  g_autoptr(GBytes) empty = g_bytes_new (NULL, 0);
  g_autoptr(TsrImage) picture = tsr_image_new (4, 4);
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  g_autoptr(GError) error = NULL;
  TsrWadEntry *entry;
  TsrWadChunk *chunk;
  const TsrFinding *finding;
  guint8 *pict;
  gsize size;

  images->storage = TSR_MARATHON_IMAGES_WAD;
  images->wad = tsr_wad_new (TSR_WAD_VERSION_INFINITY, 0, "Images");
  images->mac = tsr_mac_file_parse (empty, NULL);
  for (guint p = 0; p < 16; p++)
    tsr_image_set_pixel (picture, p % 4, p / 4, p % 3 ? 0x204080ff : 0xc0a060ff);
  ck_assert (tsr_marathon_images_set_picture (images, 1000, picture, TSR_PICT_ENCODE_INDEXED8, &error));
  entry = tsr_wad_find_entry (images->wad, 1000);
  chunk = tsr_wad_entry_find_chunk (entry, TSR_RESOURCE_PICT);
  pict = g_bytes_unref_to_data (chunk->data, &size);
  edit (pict, size);
  chunk->data = g_bytes_new_take (pict, size);
  tsr_marathon_images_format.validate (images, findings);
  finding = tsr_test_find_finding (findings, "PICT 1000");
  return finding != NULL ? (int) finding->severity : -1;
}

/* The offset of the first PackBitsRect (0x0098) opcode: the encoder writes it after the header. */
static gsize
bits_opcode (const guint8 *pict, gsize size)
{
  for (gsize i = 10; i + 1 < size; i += 2)
    if (pict[i] == 0x00 && pict[i + 1] == 0x98)
      return i;
  ck_abort_msg ("no PackBitsRect opcode");
  return 0;
}

static void
edit_nothing (guint8 *pict, gsize size)
{
  (void) pict;
  (void) size;
}

/* The bitmap's bounds (after opcode and row bytes) made empty: right = left. */
static void
edit_empty_bounds (guint8 *pict, gsize size)
{
  gsize at = bits_opcode (pict, size) + 4;

  pict[at + 6] = pict[at + 2];
  pict[at + 7] = pict[at + 3];
}

/* Row bytes 2 (PixMap flag kept) for a bitmap 4 pixels of 8 bits wide. */
static void
edit_short_rows (guint8 *pict, gsize size)
{
  gsize at = bits_opcode (pict, size) + 2;

  pict[at] = 0x80;
  pict[at + 1] = 0x02;
}

/* The picture frame (bytes 2–9) made empty: bottom = top. */
static void
edit_empty_frame (guint8 *pict, gsize size)
{
  (void) size;
  pict[6] = pict[2];
  pict[7] = pict[3];
}

/* The version opcode (bytes 10–11) replaced by 0x0012. */
static void
edit_version (guint8 *pict, gsize size)
{
  (void) size;
  pict[10] = 0x00;
  pict[11] = 0x12;
}

/* RenderOther/images.cpp picture_to_surface makes the bitmap's surface from its bounds (uint16
 * width = right − left: empty gives no pixels, inverted wraps to ~65,535 and SDL_CreateRGBSurface
 * fails, so nothing is drawn) and uncompress_picture unpacks ROW_BYTES per row into it (row bytes
 * short of the width shift every row into garbage): the picture the terminal shows is missing or
 * wrong, errors. The frame (pic_width, pic_height) and the version opcode (0x0011 and 0x02ff are
 * NOPs to it) it reads and never uses: a picture with an empty frame or another version still
 * draws, warnings. */
START_TEST (test_images_unreadable_bitmaps)
{
  ck_assert_int_eq (picture_finding (edit_nothing), -1);
  ck_assert_int_eq (picture_finding (edit_empty_bounds), TSR_SEVERITY_ERROR);
  ck_assert_int_eq (picture_finding (edit_short_rows), TSR_SEVERITY_ERROR);
  ck_assert_int_eq (picture_finding (edit_empty_frame), TSR_SEVERITY_WARNING);
  ck_assert_int_eq (picture_finding (edit_version), TSR_SEVERITY_WARNING);
}
END_TEST

/* Every real file of the test data (all four families) validates without an error: shipped,
 * playable maps are not broken. A Marathon map is checked with the terminal script beside it, as
 * the CLI and the editor do. No file is an exception today. */
static void
check_folder (const char *folder,
              guint      *checked)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) findings = NULL;
      const TsrFormat *format = NULL;
      gpointer data;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          check_folder (path, checked);
          continue;
        }
      data = tsr_format_load_file (tsr_format_registry_get_default (), path, &format, &error);
      if (data == NULL)
        continue; /* what opens is test-detect's and the codecs' business */
      if (format->validate != NULL)
        {
          g_autofree char *text = NULL;

          if (format == tsr_marathon_map_format ())
            tsr_marathon_map_attach_script (((TsrMarathonScenario *) data)->map, path);
          findings = tsr_findings_new ();
          format->validate (data, findings);
          text = findings_text (findings);
          ck_assert_msg (tsr_findings_count (findings, TSR_SEVERITY_ERROR) == 0, "%s:\n%s", path, text);
          (*checked)++;
        }
      format->free (data);
    }
}

START_TEST (test_real_files_have_no_errors)
{
  const char *root = tsr_test_data_root ();
  guint checked = 0;

  check_folder (root, &checked);
  ck_assert_uint_gt (checked, 20);
  tsr_test_report_count ("validated without an error", checked);
}
END_TEST

/* Dream Brother's own term chunk taken out, the level is checked against the script that sits
 * beside it in the Chronicles merge folder: its terminal switches all find their terminal. */
START_TEST (test_real_merge_folder_level)
{
  g_autofree char *marathon = g_build_filename (tsr_test_data_root (), "marathon", NULL);
  g_autofree char *path = g_build_filename (marathon, "chronicles_DreamBrother.sceA", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonMap) map = tsr_marathon_map_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                                          path, &error);
  TsrMarathonLevel *level;
  g_autoptr(GPtrArray) findings = NULL;

  ck_assert_msg (map != NULL, "%s", error != NULL ? error->message : "");
  level = g_ptr_array_index (map->levels, 0);
  ck_assert_ptr_nonnull (level->terminals);
  g_clear_pointer (&level->terminals, g_ptr_array_unref);
  ck_assert (tsr_wad_entry_remove_chunk (level->entry, TSR_WAD_TAG ('t', 'e', 'r', 'm')));
  findings = validate (map);
  ck_assert_ptr_nonnull (tsr_test_find_finding (findings, "terminal 0 outside 0..-1"));
  g_clear_pointer (&findings, g_ptr_array_unref);
  ck_assert (tsr_marathon_map_attach_script (map, path));
  ck_assert_ptr_nonnull (level->script_terminals);
  ck_assert_uint_ge (level->script_terminals->len, 1);
  findings = validate (map);
  ck_assert_ptr_null (tsr_test_find_finding (findings, "terminal"));
  ck_assert_uint_eq (tsr_findings_count (findings, TSR_SEVERITY_ERROR), 0);
}
END_TEST

/* The editor does the same: a document opened from a merge folder finds the script beside it. */
START_TEST (test_document_merge_folder)
{
  g_autofree char *marathon = g_build_filename (tsr_test_data_root (), "marathon", NULL);
  g_autofree char *path = g_build_filename (marathon, "chronicles_DreamBrother.sceA", NULL);
  g_autofree char *script = g_build_filename (marathon, "chronicles_DreamBrother.term.txt", NULL);
  g_autofree char *dir = tsr_test_make_temp_dir ();
  g_autofree char *copy = g_build_filename (dir, "Dream Brother.sceA", NULL);
  g_autofree char *copy_script = g_build_filename (dir, "Dream Brother.term.txt", NULL);
  g_autoptr(GBytes) bytes = tsr_test_read_file (path);
  g_autoptr(GBytes) script_bytes = tsr_test_read_file (script);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrMarathonMap) map = tsr_marathon_map_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                                          path, &error);
  g_autoptr(GBytes) written = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (copy);
  g_autoptr(TsrDocument) document = NULL;
  TsrMarathonLevel *level;

  ck_assert_msg (map != NULL, "%s", error != NULL ? error->message : "");
  level = g_ptr_array_index (map->levels, 0);
  g_clear_pointer (&level->terminals, g_ptr_array_unref);
  ck_assert (tsr_wad_entry_remove_chunk (level->entry, TSR_WAD_TAG ('t', 'e', 'r', 'm')));
  written = tsr_marathon_map_serialize (map, &error);
  ck_assert_msg (written != NULL, "%s", error != NULL ? error->message : "");
  ck_assert (g_file_set_contents (copy, g_bytes_get_data (written, NULL), (gssize) g_bytes_get_size (written), &error));
  /* Without the script its terminal switch finds no terminal. */
  document = tsr_document_new_from_file (file, &error);
  ck_assert_msg (document != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_ptr_nonnull (tsr_test_find_finding (tsr_document_get_findings (document), "terminal 0 outside 0..-1"));
  g_clear_object (&document);
  ck_assert (g_file_set_contents (copy_script, g_bytes_get_data (script_bytes, NULL),
                                  (gssize) g_bytes_get_size (script_bytes), &error));
  document = tsr_document_new_from_file (file, &error);
  ck_assert_msg (document != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_ptr_null (tsr_test_find_finding (tsr_document_get_findings (document), "terminal"));
}
END_TEST

static Suite *
engine_checks_suite (void)
{
  Suite *suite = suite_create ("marathon-engine-checks");
  TCase *lights = tcase_create ("lights");
  TCase *references = tcase_create ("references");
  TCase *real = tcase_create ("real");

  tcase_add_test (lights, test_light_inactive_freeze);
  tcase_add_test (lights, test_light_active_freeze);
  tcase_add_test (lights, test_light_stateless);
  tcase_add_test (lights, test_light_delta_divides_by_zero);
  tcase_add_test (lights, test_side_lights);
  suite_add_tcase (suite, lights);
  tcase_add_test (references, test_terminal_script_beside);
  tcase_add_test (references, test_platform_targets);
  tcase_add_test (references, test_engine_copes);
  tcase_add_test (references, test_indexes_past_the_end);
  tcase_add_test (references, test_terminal_groups);
  tcase_add_test (references, test_chunks_the_engine_reads_blindly);
  tcase_add_test (references, test_wad_version_3);
  tcase_add_test (references, test_wad_index_used_twice);
  tcase_add_test (references, test_interlevel_teleport_past_the_last_level);
  tcase_add_test (references, test_map_index_meter_over_the_limit);
  tcase_add_test (references, test_polygons_and_player_start);
  tcase_add_test (references, test_shapes_bitmap_past_its_bytes);
  tcase_add_test (references, test_images_cut_short);
  tcase_add_test (references, test_images_unreadable_bitmaps);
  suite_add_tcase (suite, references);
  tcase_set_timeout (real, 120);
  tcase_add_test (real, test_real_files_have_no_errors);
  tcase_add_test (real, test_real_merge_folder_level);
  tcase_add_test (real, test_document_merge_folder);
  suite_add_tcase (suite, real);
  return suite;
}

int
main (void)
{
  g_autofree char *data_dir = tsr_test_data_require ("marathon");

  return tsr_test_run_suite (engine_checks_suite ());
}
