/* tsr-marathon-terminal.h: Marathon terminals: the 'term' chunk (header, groups, text faces, text,
 * optionally xor-encoded) as structs, and the terminal script language (#TERMINAL ... #ENDTERMINAL,
 * Atque-compatible) compiled into and decompiled from them. Chunk text is Mac Roman; scripts are
 * UTF-8. */
#pragma once

#include <glib.h>

#include "core/tsr-finding.h"

G_BEGIN_DECLS

#define TSR_MARATHON_TERMINAL_ENCODED        0x0001
#define TSR_MARATHON_GROUP_ALIGN_RIGHT       0x0001
#define TSR_MARATHON_GROUP_CENTER            0x0002

typedef enum {
  TSR_MARATHON_GROUP_LOGON,
  TSR_MARATHON_GROUP_UNFINISHED,
  TSR_MARATHON_GROUP_FINISHED,
  TSR_MARATHON_GROUP_FAILED,
  TSR_MARATHON_GROUP_INFORMATION,
  TSR_MARATHON_GROUP_END,
  TSR_MARATHON_GROUP_INTERLEVEL_TELEPORT,
  TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT,
  TSR_MARATHON_GROUP_CHECKPOINT,
  TSR_MARATHON_GROUP_SOUND,
  TSR_MARATHON_GROUP_MOVIE,
  TSR_MARATHON_GROUP_TRACK,
  TSR_MARATHON_GROUP_PICT,
  TSR_MARATHON_GROUP_LOGOFF,
  TSR_MARATHON_GROUP_CAMERA,
  TSR_MARATHON_GROUP_STATIC,
  TSR_MARATHON_GROUP_TAG,
  TSR_MARATHON_N_GROUP_TYPES
} TsrMarathonGroupType;

typedef struct {          /* 12 bytes */
  guint16 flags;
  gint16  type;
  gint16  permutation;
  guint16 start_index;    /* into the terminal's text */
  guint16 length;         /* bytes, the closing NUL included */
  gint16  maximum_lines;
} TsrMarathonTerminalGroup;

typedef struct {          /* 6 bytes */
  gint16 index;           /* text offset */
  gint16 face;            /* bits: 1 bold, 2 italic, 4 underline */
  gint16 color;
} TsrMarathonTextFace;

typedef struct {
  guint16  flags;          /* TSR_MARATHON_TERMINAL_ENCODED */
  gint16   lines_per_page;
  GArray  *groups;         /* TsrMarathonTerminalGroup */
  GArray  *faces;          /* TsrMarathonTextFace */
  GBytes  *text;           /* decoded Mac Roman text (all groups, each ending in NUL) */
  gboolean flags_stated;   /* not in the chunk: a compiled script's "; tessera: flags" line gave FLAGS */
  gint     resource_id;    /* not in the chunk: Marathon 1's 'term' resource (1000 + 10 L + T), or 0 */
  gsize    groups_offset;  /* not in the chunk: where its groups lay in the parsed chunk (in the file
                            * when the map reader added the chunk's offset; 0 when made here): messages */
} TsrMarathonTerminal;

const char          *tsr_marathon_group_type_name  (int type);

TsrMarathonTerminal *tsr_marathon_terminal_new     (void);
void                 tsr_marathon_terminal_free    (TsrMarathonTerminal *terminal);
TsrMarathonTerminal *tsr_marathon_terminal_copy    (const TsrMarathonTerminal *terminal);
/* A deep copy of TERMINALS (the text bytes are shared: they are immutable). */
GPtrArray           *tsr_marathon_terminals_copy   (const GPtrArray *terminals);
/* Applies (or removes: the same operation) the xor encoding in place. */
void                 tsr_marathon_terminal_xor     (guint8 *data,
                                                    gsize   size);
/* The 'term' chunk: a series of terminals. Returns a GPtrArray of TsrMarathonTerminal. */
GPtrArray           *tsr_marathon_terminals_parse  (const guint8 *data,
                                                    gsize         size,
                                                    const char   *label,
                                                    GError      **error);
GBytes              *tsr_marathon_terminals_serialize (GPtrArray *terminals,
                                                       GError   **error);

/* A group's maximum_lines as Atque computes it (what authors compile with): the lines of TEXT
 * (compiled Mac Roman, ending at a NUL or SIZE) wrapped at WIDTH px, 7 px per printable ASCII
 * character or tab and 0 px for other bytes, breaking only at spaces. Widths: INFORMATION 514,
 * PICT and CHECKPOINT 307 (the text beside a picture). */
#define TSR_MARATHON_ATQUE_INFORMATION_WIDTH 514
#define TSR_MARATHON_ATQUE_PICTURE_WIDTH     307
int                  tsr_marathon_terminal_count_lines (const guint8 *text,
                                                        gsize         size,
                                                        int           width);

/* Terminal script text (UTF-8) for TERMINALS; numbered by position. */
char                *tsr_marathon_terminals_decompile (GPtrArray *terminals,
                                                       GError   **error);
/* Compiles script TEXT; the first error is reported as "FILENAME:LINE:COLUMN: WHAT". */
GPtrArray           *tsr_marathon_terminals_compile   (const char *text,
                                                       gsize       length,
                                                       const char *filename,
                                                       GError    **error);

/* A script compiled for the editor: every diagnostic with its place, the terminals (NULL when an
 * error stopped the compile) and where each source line landed. */
typedef struct {
  TsrSeverity severity;
  guint       line;    /* 1-based */
  guint       column;  /* 1-based, in characters of the line */
  char       *message;
} TsrMarathonScriptDiagnostic;

typedef struct {
  guint line;      /* 1-based source line: a group directive or a text line */
  guint terminal;
  guint group;     /* in the terminal */
  guint offset;    /* byte offset of the line's text in the group's compiled text */
} TsrMarathonScriptLine;

typedef struct {
  GPtrArray *terminals;   /* TsrMarathonTerminal, or NULL */
  GArray    *diagnostics; /* TsrMarathonScriptDiagnostic, in source order of discovery */
  GArray    *lines;       /* TsrMarathonScriptLine, ascending by line */
} TsrMarathonScriptCompilation;

/* Never fails: errors are diagnostics. Warnings: a "#" line that is no directive (kept as text),
 * $C8/$C9, #STATIC 0. */
TsrMarathonScriptCompilation      *tsr_marathon_script_compile                 (const char *text,
                                                                               gsize       length);
/* Compilations are shared, read-only, by whoever shows them: _ref takes a reference, _free drops
 * one. */
TsrMarathonScriptCompilation      *tsr_marathon_script_compilation_ref         (TsrMarathonScriptCompilation *compilation);
void                               tsr_marathon_script_compilation_free        (TsrMarathonScriptCompilation *compilation);
const TsrMarathonScriptDiagnostic *tsr_marathon_script_compilation_first_error (const TsrMarathonScriptCompilation *compilation);

/* What a script's groups refer to outside it, where known: the scenario's levels (interlevel
 * teleports), the script's own level's polygons (intralevel teleports) and the Images file's
 * pictures (#PICT). */
typedef struct {
  int         n_levels;    /* -1: unknown */
  int         n_polygons;  /* -1: unknown */
  const int  *pict_ids;    /* ascending; NULL: no Images file known */
  guint       n_pict_ids;
} TsrMarathonScriptReferences;

/* Appends to DIAGNOSTICS (TsrMarathonScriptDiagnostic, with a clear func that frees the message)
 * one diagnostic per group of COMPILATION that refers to something REFERENCES lacks, at the
 * group's directive line: a teleport to a level or polygon that does not exist (an error: the
 * engine would leave the map or index past its polygons) and a #PICT the Images file has no
 * picture for (a warning: the terminal shows an empty frame). */
void                               tsr_marathon_script_check_references        (const TsrMarathonScriptCompilation *compilation,
                                                                               const TsrMarathonScriptReferences  *references,
                                                                               GArray                             *diagnostics);
/* A diagnostics array as compilations hold them (messages freed on removal). */
GArray                            *tsr_marathon_script_diagnostics_new         (void);
/* Gives each terminal of COMPILED whose script did not state its flags (no "; tessera: flags"
 * line; Atque's scripts never have one) the "encoded" flag of the terminal at the same position
 * in STORED. */
void                               tsr_marathon_terminals_keep_encoding        (GPtrArray       *compiled,
                                                                               const GPtrArray *stored);

/* A script file as the marathon-terminal-script format holds it: the bytes as they are (saved back
 * unchanged) and their compilation. */
typedef struct {
  GBytes                       *source;
  TsrMarathonScriptCompilation *compilation;
} TsrMarathonTerminalScript;

/* Fails only when SOURCE is not UTF-8 text (the offset of the first bad byte is given). */
TsrMarathonTerminalScript *tsr_marathon_terminal_script_new  (GBytes                    *source,
                                                              GError                   **error);
void                       tsr_marathon_terminal_script_free (TsrMarathonTerminalScript *script);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonTerminal, tsr_marathon_terminal_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonScriptCompilation, tsr_marathon_script_compilation_free)

G_END_DECLS
