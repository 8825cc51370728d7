/* tsr-playtest.h: play-testing a document in its game's engine, and Tiled-style custom commands.
 * The document's current state is written, with the serializer Save uses (tsr_document_serialize),
 * into a private temporary folder laid out as the engine wants it (the user's file is never
 * touched, saved or not); the engine or command runs there as a child process whose stdout and
 * stderr arrive line by line; the folder is removed when the child has exited. GTK-free (GIO's
 * GSubprocess).
 *
 * What each family's engine is given (facts from the engines' sources, see help/C/playtest.page):
 *   - marathon: Aleph One `-e --no-chooser FOLDER MAP` (shell_options.cpp: -e "jump directly to
 *     map", a directory argument is the scenario folder, a file argument the map); the folder holds
 *     the map as "Map" beside the files of the map's own folder, with "Shapes" from the settings
 *     when given (preprocess_map_sdl.cpp looks for Map, Shapes, Sounds, Physics Model there).
 *     Aleph One starts such a game at level 1 (interface.cpp begin_game: _single_player without
 *     cheat sets level_number 0): it has no option for another level.
 *   - wolf3d: ECWolf `--data EXT --tedlevel MAPnn` (wl_main.cpp CheckParameters; the levels are
 *     lumps MAP01.. in file_gamemaps.cpp) or Wolf4SDL `--tedlevel N` (wl_main.c, N from 0), run in
 *     a copy of the data folder (both look for the data in the working directory).
 *   - doom2d: Doom2D Forever `-map ARCHIVE:\MAP` (g_game.pas g_Game_Process_Params; utils.pas
 *     isWadPath); the game lower-cases every option value (Parse_Params), so the temporary path is
 *     lower case.
 *   - sphere: neoSphere / miniSphere `GAME_FOLDER` (main.c parse_command_line), a copy of the game
 *     folder (the one holding game.sgm or game.json) with the edited file in place. */
#pragma once

#include <gio/gio.h>

#include "model/tsr-document.h"

G_BEGIN_DECLS

/* How one family's engine is configured (the preferences). Every member may be NULL or empty. */
typedef struct {
  const char *engine;          /* path or program name; empty: the first of the usual names on PATH */
  const char *arguments;       /* extra arguments, parsed as a shell would (g_shell_parse_argv) */
  const char *marathon_shapes; /* the Shapes file to play with; empty: the one beside the map */
} TsrPlaytestSettings;

/* The program names looked for on PATH for FAMILY, NULL-terminated (transfer none), or NULL for a
 * family without an engine. */
const char * const *tsr_playtest_engine_names (const char *family);
/* The engine's name for messages ("Aleph One"), or NULL. */
const char         *tsr_playtest_engine_title (const char *family);
/* The engine SETTINGS name for FAMILY as a full path: the configured one, else the first usual name
 * found on PATH. NULL with an error saying what to install and where to set it. (transfer full) */
char               *tsr_playtest_find_engine  (const char                *family,
                                               const TsrPlaytestSettings *settings,
                                               GError                   **error);
/* The level the editor shows: the index of a Marathon or Wolf3D level, of a Doom2D archive's map;
 * 0 otherwise. */
guint               tsr_playtest_current_level (TsrDocument *document);

#define TSR_TYPE_PLAYTEST_RUN (tsr_playtest_run_get_type ())
G_DECLARE_FINAL_TYPE (TsrPlaytestRun, tsr_playtest_run, TSR, PLAYTEST_RUN, GObject)

/* Writes DOCUMENT's temporary copy laid out for its family's engine and builds the engine's command
 * line; nothing runs yet. (transfer full) */
TsrPlaytestRun     *tsr_playtest_prepare          (TsrDocument               *document,
                                                   const TsrPlaytestSettings *settings,
                                                   GError                   **error);
/* A custom command: COMMAND_LINE parsed as a shell would, then in each argument %file is the
 * temporary copy of the document's file, %folder the temporary folder, %level the current level
 * (Marathon, Wolf3D: its index from 0; Doom2D: the map's name in its archive; else 0), %% a %.
 * (transfer full) */
TsrPlaytestRun     *tsr_playtest_prepare_command  (TsrDocument               *document,
                                                   const char                *command_line,
                                                   GError                   **error);
/* The command line and the folder it runs in (transfer none). */
const char * const *tsr_playtest_run_get_argv     (TsrPlaytestRun *self);
const char         *tsr_playtest_run_get_folder   (TsrPlaytestRun *self);
/* The temporary copy of the document's main file (transfer none). */
const char         *tsr_playtest_run_get_file     (TsrPlaytestRun *self);
/* Starts the child. Signals: "output" (gboolean is_stderr, const char *line without its newline,
 * valid UTF-8) for each line; "finished" once the child has exited, both streams are read and the
 * folder is removed. */
gboolean            tsr_playtest_run_start        (TsrPlaytestRun *self,
                                                   GError        **error);
gboolean            tsr_playtest_run_is_running   (TsrPlaytestRun *self);
/* Sends the child SIGKILL (the engine stops; "finished" follows). */
void                tsr_playtest_run_stop         (TsrPlaytestRun *self);
/* For when the editor goes (its window closes, the application quits) and no main loop will turn
 * again: kills the child, waits for it and removes the folder now. "finished" is not emitted. */
void                tsr_playtest_run_abandon      (TsrPlaytestRun *self);
/* After "finished": TRUE when it exited with status 0. */
gboolean            tsr_playtest_run_succeeded    (TsrPlaytestRun *self);
/* After "finished": "exited with status 3", "killed by signal 11 (Segmentation fault)" (transfer none). */
const char         *tsr_playtest_run_get_status   (TsrPlaytestRun *self);

G_END_DECLS
