/* tsr-marathon-merge.h: Atque merge folders. A scenario as its authors keep it: one folder per
 * level, "NN Level Name/", holding the level's one-level map file "Name.sceA", its terminal script
 * "Name.term.txt" and the level's physics, shapes and sounds patches, Lua and MML scripts. Merging
 * builds the scenario wad Atque would write; splitting writes a scenario back as such a folder.
 * Both work in memory: nothing is written until everything was read and checked. */
#pragma once

#include <glib.h>

#include "formats/marathon/tsr-wad.h"

G_BEGIN_DECLS

/* Merges the merge folder FOLDER into a scenario wad whose header names SCENARIO_NAME (UTF-8;
 * Atque takes the output file's name without extension). Appends a warning (char *) to NOTES for
 * each thing Atque also skips or chooses (several level files, an incomplete physics model, a
 * patch over 4 MiB, the Resources folder). Fails, naming the file, on a folder without levels, a
 * level file that is no Marathon 2 map wad, a terminal script that does not compile, a file that
 * cannot be read. (transfer full) */
GBytes    *tsr_marathon_merge_folder   (const char  *folder,
                                        const char  *scenario_name,
                                        GPtrArray   *notes,
                                        GError     **error);

/* Splits the scenario wad BYTES (LABEL names it in messages) into the files of a merge folder:
 * a GPtrArray of TsrOutputFile (core/tsr-file.h) whose paths are relative to the folder ("NN
 * Name/Name.sceA"). A chunk goes out of the level file only when merging gives its bytes back;
 * otherwise it stays in the level file, which merging carries through. (transfer full) */
GPtrArray *tsr_marathon_scenario_split (GBytes      *bytes,
                                        const char  *label,
                                        GError     **error);

/* Writes FILES (from tsr_marathon_scenario_split) under FOLDER, creating it and the level
 * folders; the files are written as one set (all or none). */
gboolean   tsr_marathon_merge_folder_write (GPtrArray   *files,
                                            const char  *folder,
                                            GError     **error);

/* One level folder of a merge folder, as merging reads it: its number, the folder, the level file
 * it merges (the first ".sceA" by name) and the terminal script (the first ".txt", or NULL). */
typedef struct {
  int   index;
  char *folder;
  char *level_path;
  char *script_path;
} TsrMarathonMergeLevel;

void       tsr_marathon_merge_level_free (TsrMarathonMergeLevel *level);
/* The level folders of FOLDER in level order (TsrMarathonMergeLevel); fails as merging does on a
 * folder without levels, two folders of one number, a level folder without a level file.
 * (transfer full) */
GPtrArray *tsr_marathon_merge_folder_list_levels (const char  *folder,
                                                  GError     **error);
/* The names Atque's split gives level NUMBER named MAC_ROMAN_NAME (its Minf name): its folder
 * "NN Name" and the base "Name" of its files (split.cpp sanitize), UTF-8. (transfer full) */
void       tsr_marathon_merge_level_names (int          number,
                                           const char  *mac_roman_name,
                                           char       **folder,
                                           char       **base);
/* ENTRY's chunks as the one-level map file split writes (version 2, data version 1, named after
 * the level). (transfer full) */
GBytes    *tsr_marathon_merge_level_file  (const TsrWadEntry *entry,
                                           GError           **error);
/* The level number a level folder's NAME starts with, as merging reads it, and in *REST the name
 * after it and its spaces; FALSE when NAME has none. */
gboolean   tsr_marathon_merge_folder_number (const char  *name,
                                             int         *number,
                                             const char **rest);
/* Whether PATH is a folder holding at least one "NN Level Name/" folder with a level file. */
gboolean   tsr_marathon_is_merge_folder (const char *path);

G_END_DECLS
