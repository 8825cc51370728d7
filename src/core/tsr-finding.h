/* tsr-finding.h: validation findings ("error: level 2: no player start"), shared by codecs,
 * documents, the CLI's validate and the window's findings list. A finding carries its WHERE as
 * text (for people and the CLI) and as a structured place (for editors: which level, which
 * element, which point), so nothing parses the text back. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  TSR_SEVERITY_WARNING,
  TSR_SEVERITY_ERROR,
} TsrSeverity;

/* What the point of a place is measured in: the map's cells, or the map's own pixel units. */
typedef enum {
  TSR_FINDING_POINT_NONE,
  TSR_FINDING_POINT_CELLS,
  TSR_FINDING_POINT_PIXELS,
  TSR_FINDING_POINT_TEXT,   /* a place in text: x is the column, y the line (both from 1) */
} TsrFindingPointUnit;

/* Where a finding is, as far as the validator knows. KIND names the element ("cell", "layer",
 * "entity", "zone", "start", "segment", "polygon", "line", "side", "object", "panel", "item",
 * "monster", "area", "trigger", "level", …); it is interned, so kinds compare with ==
 * after g_intern_string, or with g_strcmp0. */
typedef struct {
  gint                level;  /* the level the element is on, or -1 */
  const char         *kind;   /* interned; NULL: the finding names no element */
  gint                index;  /* the element's index among its kind (on its level), or -1 */
  TsrFindingPointUnit unit;   /* NONE: no point */
  double              x;      /* a point of the element, in UNIT */
  double              y;
} TsrFindingPlace;

/* No level, no element, no point. */
#define TSR_FINDING_PLACE_INIT { -1, NULL, -1, TSR_FINDING_POINT_NONE, 0, 0 }

typedef struct {
  TsrSeverity     severity;
  char           *where; /* "level 1 (Wolf1 Map1)", "polygon 12", "layer 0 tile (3,4)" */
  char           *what;
  TsrFindingPlace place;
} TsrFinding;

/* Builders for places: an element (LEVEL may be -1), optionally with a point. */
TsrFindingPlace tsr_finding_place_element (gint        level,
                                           const char *kind,
                                           gint        index);
TsrFindingPlace tsr_finding_place_at      (gint                level,
                                           const char         *kind,
                                           gint                index,
                                           TsrFindingPointUnit unit,
                                           double              x,
                                           double              y);
/* Whether PLACE names an element of KIND (any string; compared by content). */
gboolean        tsr_finding_place_is      (const TsrFindingPlace *place,
                                           const char            *kind);

/* A GPtrArray of TsrFinding that frees its elements. */
GPtrArray  *tsr_findings_new          (void);
/* A finding with no structured place. */
void        tsr_findings_add          (GPtrArray  *findings,
                                       TsrSeverity severity,
                                       const char *where,
                                       const char *format,
                                       ...) G_GNUC_PRINTF (4, 5);
/* A finding at PLACE (copied; NULL is no place); WHERE stays the text shown to people. */
void        tsr_findings_add_at       (GPtrArray             *findings,
                                       TsrSeverity            severity,
                                       const TsrFindingPlace *place,
                                       const char            *where,
                                       const char            *format,
                                       ...) G_GNUC_PRINTF (5, 6);
guint       tsr_findings_count        (GPtrArray  *findings,
                                       TsrSeverity severity);
/* "error: WHERE: WHAT" */
char       *tsr_finding_to_string     (const TsrFinding *finding);
const char *tsr_severity_to_string    (TsrSeverity severity);
void        tsr_finding_free          (TsrFinding *finding);

G_END_DECLS
