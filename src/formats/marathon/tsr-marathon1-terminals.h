/* tsr-marathon1-terminals.h: Marathon 1 terminals. Marathon 1 keeps each terminal as a 'term'
 * resource of plain Mac Roman script text (CR line ends, lowercase "#logon", "#information",
 * "#checkpoint n", "#briefing n", "#unfinished", "#success", "#failure", ';' comments, $B $b $I
 * $i $U $u $Cn, %r and %%), compiled when the game loads it. Aleph One finds terminal T of level L
 * as resource 1000 + 10 * L + T, in the external-resources file (the Marathon application) and
 * then in the Marathon 1 Shapes file (computer_interface.cpp, get_indexed_terminal_data).
 *
 * Tessera edits them as one script: a pragma line, then one "#TERMINAL id" ... "#ENDTERMINAL id"
 * block per resource holding the resource's text (Mac Roman -> UTF-8, CR -> LF). Compiling
 * such a script follows Aleph One's MarathonTerminalCompiler, so the preview shows what the game
 * shows. Saving writes back only the resources whose text changed. GTK-free. */
#pragma once

#include <glib.h>

#include "formats/marathon/tsr-mac-wrapper.h"
#include "formats/marathon/tsr-marathon-terminal.h"
#include "formats/tsr-format.h"

G_BEGIN_DECLS

/* The first line of a script in Marathon 1's dialect. */
#define TSR_MARATHON1_SCRIPT_PRAGMA   "; tessera: marathon 1 terminals"
#define TSR_MARATHON1_TERMINAL_BASE   1000

/* TRUE when TEXT starts with the pragma line. */
gboolean                      tsr_marathon1_script_is           (const char   *text,
                                                                 gsize         length);
/* Compiles one resource's text (Mac Roman, CR line ends) by Aleph One's rules into a terminal
 * whose groups are rebuilt into the unfinished, success and failure sequences. NULL with an error
 * naming the line where the engine gives up (an unknown '#' line: the terminal shows nothing). */
TsrMarathonTerminal          *tsr_marathon1_terminal_compile    (const guint8 *text,
                                                                 gsize         size,
                                                                 GError      **error);
/* The script for every 'term' resource of FORK in id order; LABEL names the file in the header
 * comment. NULL when FORK holds none. (transfer full) */
char                         *tsr_marathon1_script_from_fork    (const TsrResourceFork *fork,
                                                                 const char            *label);
/* The blocks of LEVEL's terminals only (ids 1000 + 10 * LEVEL ... + 9); LEVEL -1: all. NULL when
 * there are none. (transfer full) */
char                         *tsr_marathon1_script_for_level    (const TsrResourceFork *fork,
                                                                 const char            *label,
                                                                 int                    level);
/* The external-resources file for the Marathon 1 map at MAP_PATH, as a sibling: a file named
 * *.appl, *.rsrc, *.resources or *Marathon* holding 'term' resources (one that is not a Shapes
 * file first, in name order). NULL when none. (transfer full) */
char                         *tsr_marathon1_find_external_resources (const char *map_path);
/* Compiles a Marathon 1 script: terminals by block order, diagnostics, line map (group indexes
 * in the rebuilt groups: the unfinished sequence's copy of a group). Never fails. */
TsrMarathonScriptCompilation *tsr_marathon1_script_compile      (const char   *text,
                                                                 gsize         length);
/* Writes SCRIPT into FORK: a block whose text equals what tsr_marathon1_script_from_fork makes of
 * the resource leaves it untouched; another block replaces (or adds) its resource with its text in
 * Mac Roman with CR line ends; a 'term' resource without a block is removed. FALSE (FORK
 * unchanged) when the script has an error. */
gboolean                      tsr_marathon1_script_apply        (const char      *text,
                                                                 gsize            length,
                                                                 TsrResourceFork *fork,
                                                                 GError         **error);

/* The marathon1-terminals format: a Mac file (MacBinary, AppleSingle or a bare resource fork)
 * holding 'term' resources. Its data starts with the TsrMarathonTerminalScript that the terminal
 * document edits; SOURCE is the block script. */
typedef struct {
  TsrMarathonTerminalScript script;  /* first: the terminal document reads the data as this */
  TsrMacFile               *mac;     /* NULL for a bare resource fork */
  TsrResourceFork          *fork;
  char                     *label;
} TsrMarathon1TerminalFile;

TsrMarathon1TerminalFile     *tsr_marathon1_terminal_file_parse     (GBytes      *bytes,
                                                                     const char  *label,
                                                                     GError     **error);
/* The file with SCRIPT's source applied: untouched resources keep their bytes. */
GBytes                       *tsr_marathon1_terminal_file_serialize (const TsrMarathon1TerminalFile *file,
                                                                     GError                        **error);
void                          tsr_marathon1_terminal_file_free      (TsrMarathon1TerminalFile *file);
const TsrFormat              *tsr_marathon1_terminals_format        (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathon1TerminalFile, tsr_marathon1_terminal_file_free)

G_END_DECLS
