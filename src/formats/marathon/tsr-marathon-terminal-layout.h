/* tsr-marathon-terminal-layout.h: what the player sees of one compiled Marathon terminal, page by
 * page, the way Aleph One's computer_interface.cpp pages it: which groups a terminal state
 * (unfinished, finished, failed) runs through, the header and footer texts, the text box of each
 * page and its wrapped lines as styled runs in the 640x320 terminal's coordinates. Font-independent:
 * the caller measures characters (the drawing side passes Courier Prime 12 metrics, a test fixed
 * widths) and, optionally, tells picture sizes. GTK-free. */
#pragma once

#include <glib.h>

#include "formats/marathon/tsr-marathon-terminal.h"

G_BEGIN_DECLS

/* The terminal screen and its parts (Aleph One's interface rectangles, relative to the screen). */
#define TSR_TERMINAL_WIDTH         640
#define TSR_TERMINAL_HEIGHT        320
#define TSR_TERMINAL_BORDER_HEIGHT 18
#define TSR_TERMINAL_LABEL_INSET   3
#define TSR_TERMINAL_LINE_HEIGHT   12
#define TSR_TERMINAL_LINES_PER_PAGE 22   /* the full text box's height / the line height */
#define TSR_TERMINAL_GROUP_MARATHON_1 0x0100

#define TSR_TERMINAL_FACE_BOLD      0x1
#define TSR_TERMINAL_FACE_ITALIC    0x2
#define TSR_TERMINAL_FACE_UNDERLINE 0x4

typedef enum {
  TSR_TERMINAL_STATE_UNFINISHED,
  TSR_TERMINAL_STATE_FINISHED,
  TSR_TERMINAL_STATE_FAILED,
  TSR_TERMINAL_N_STATES
} TsrTerminalState;

typedef enum {
  TSR_TERMINAL_PAGE_LOGON,        /* centred picture, its line of text under it */
  TSR_TERMINAL_PAGE_LOGOFF,
  TSR_TERMINAL_PAGE_INFORMATION,  /* full-width text */
  TSR_TERMINAL_PAGE_PICT,         /* picture in one half (or centred), text in the other */
  TSR_TERMINAL_PAGE_CHECKPOINT,   /* the goal's map view in one half, text in the other */
  TSR_TERMINAL_PAGE_STATIC,       /* noise over the whole screen */
  TSR_TERMINAL_PAGE_BLANK,        /* a group the engine shows as an empty screen (movie, camera, ...) */
} TsrTerminalPageKind;

typedef struct {
  int x, y, width, height;
} TsrTerminalRect;

/* A group that shows nothing itself (sound, tag, teleport, ...), noted on the page it happens with:
 * sound and tag groups on the page that follows them, a teleport on the page it leaves. */
typedef struct {
  guint group;
  int   type;          /* TsrMarathonGroupType */
  int   permutation;
} TsrTerminalEvent;

typedef struct {
  char   *text;        /* UTF-8; control bytes (the line's \r) are not drawn */
  guint   start, end;  /* bytes of the terminal's text */
  double  x;           /* left edge */
  guint8  face;        /* TSR_TERMINAL_FACE_* bits */
  guint8  color;       /* 0..7, $C0..$C7 */
} TsrTerminalRun;

typedef struct {
  guint   start, end;  /* bytes of the terminal's text, the ending \r or eaten space included */
  int     baseline;    /* y of the text's baseline */
  double  x;           /* left edge */
  double  width;       /* of the text, trailing spaces and control bytes excluded */
  gboolean wrapped;    /* ended by the wrap rule, not by a \r or the text's end */
  gboolean unbroken;   /* wrapped with no break point: the engine keeps the character that
                        * crossed the box edge, so such a line can overflow by one character */
  GArray *runs;        /* TsrTerminalRun */
} TsrTerminalLine;

typedef struct {
  TsrTerminalPageKind kind;
  guint   group;            /* index in the terminal's groups */
  int     group_type;       /* TsrMarathonGroupType */
  int     permutation;      /* picture id, goal, static duration ... */
  guint   group_flags;
  guint   page_in_group, n_pages_in_group;
  guint   first_line;       /* the group's wrapped line this page starts at */
  guint   start, end;       /* bytes of the terminal's text this page covers; the pages of one
                             * group cover the group's text exactly once */
  const char *header_left, *header_right, *footer_left, *footer_right;
  TsrTerminalRect text_box;
  TsrTerminalRect object_box;  /* where the picture or map goes (its area, or the picture's
                                * placed rectangle when its size is known) */
  gboolean picture_known;      /* the picture's size was given: object_box is where it is drawn */
  gboolean marathon1_logo;     /* a Marathon 1 logon or logoff: the engine draws the interface's
                                * Marathon logo (shape 44) and title in object_box, no picture */
  GPtrArray *lines;            /* TsrTerminalLine */
  GArray    *events;           /* TsrTerminalEvent */
} TsrTerminalPage;

typedef struct {
  TsrTerminalState state;
  guint      entry_group;     /* the state's section group, or G_MAXUINT when the terminal has none */
  GBytes    *text;            /* the terminal's text (Mac Roman) the offsets point into */
  GPtrArray *pages;           /* TsrTerminalPage */
} TsrTerminalLayout;

/* The width in pixels of Mac Roman character C in FACE. */
typedef double   (*TsrTerminalMeasureFunc) (guint8   c,
                                            guint    face,
                                            gpointer user_data);
/* The size of picture ID, or FALSE when there is none. */
typedef gboolean (*TsrTerminalPictureSizeFunc) (int      id,
                                                int     *width,
                                                int     *height,
                                                gpointer user_data);

typedef struct {
  TsrTerminalMeasureFunc     measure;       /* required */
  TsrTerminalPictureSizeFunc picture_size;  /* optional */
  gpointer                   user_data;
} TsrTerminalMetrics;

const char        *tsr_terminal_state_name       (TsrTerminalState state);
gboolean           tsr_terminal_state_from_name  (const char       *name,
                                                  TsrTerminalState *state);
/* The RGB of text colour INDEX (0..7), of the border bars and of their text. */
void               tsr_terminal_text_color       (guint   index,
                                                  guint8  rgb[3]);
extern const guint8 tsr_terminal_border_color[3];
extern const guint8 tsr_terminal_border_text_color[3];
/* The date in the header (the engine's "%H%M %m.%d.%Y" of its fixed start time, year 2337). */
const char        *tsr_terminal_date_text        (gboolean marathon_1);

/* Whether a wrapped line may break after C (besides at a space). */
gboolean           tsr_terminal_can_break_after  (guint8 c);
/* Wraps TEXT[START..END) (stopping at a NUL or \r) at WIDTH pixels: returns the end of the line
 * starting at START (past its \r or eaten space), or START when there is no more text. */
gsize              tsr_terminal_wrap_line        (const guint8             *text,
                                                  gsize                     start,
                                                  gsize                     end,
                                                  double                    width,
                                                  const TsrTerminalMetrics *metrics,
                                                  guint                     face,
                                                  gboolean                 *unbroken);

TsrTerminalLayout *tsr_terminal_layout_new       (const TsrMarathonTerminal *terminal,
                                                  TsrTerminalState           state,
                                                  const TsrTerminalMetrics  *metrics);
void               tsr_terminal_layout_free      (TsrTerminalLayout *layout);
guint              tsr_terminal_layout_n_pages   (const TsrTerminalLayout *layout);
const TsrTerminalPage *tsr_terminal_layout_get_page (const TsrTerminalLayout *layout,
                                                     guint                    page);
/* The page showing byte OFFSET of group GROUP's text (or the page a non-drawn group is noted on);
 * -1 when this state does not show the group. */
int                tsr_terminal_layout_find_page (const TsrTerminalLayout *layout,
                                                  guint                    group,
                                                  guint                    offset);
/* The page the game's keys lead to from PAGE: down (Page Down, Down arrow, Space, Return, Tab,
 * Enter) goes to the next page, and stays on the last; up (Page Up, Up arrow) goes back one page
 * in a group, and from a group's first page to the first page of the previous shown group
 * (skipping sound and tag groups, never back past a logon, static or section). */
guint              tsr_terminal_layout_page_down (const TsrTerminalLayout *layout,
                                                  guint                    page);
guint              tsr_terminal_layout_page_up   (const TsrTerminalLayout *layout,
                                                  guint                    page);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrTerminalLayout, tsr_terminal_layout_free)

G_END_DECLS
