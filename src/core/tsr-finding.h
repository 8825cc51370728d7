/* tsr-finding.h: validation findings ("error: level 2: no player start"), shared by codecs,
 * documents, the CLI's validate and the window's findings list. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  TSR_SEVERITY_WARNING,
  TSR_SEVERITY_ERROR,
} TsrSeverity;

typedef struct {
  TsrSeverity severity;
  char       *where; /* "level 1 (Wolf1 Map1)", "polygon 12", "layer 0 tile (3,4)" */
  char       *what;
} TsrFinding;

/* A GPtrArray of TsrFinding that frees its elements. */
GPtrArray  *tsr_findings_new          (void);
void        tsr_findings_add          (GPtrArray  *findings,
                                       TsrSeverity severity,
                                       const char *where,
                                       const char *format,
                                       ...) G_GNUC_PRINTF (4, 5);
guint       tsr_findings_count        (GPtrArray  *findings,
                                       TsrSeverity severity);
/* "error: WHERE: WHAT" */
char       *tsr_finding_to_string     (const TsrFinding *finding);
const char *tsr_severity_to_string    (TsrSeverity severity);
void        tsr_finding_free          (TsrFinding *finding);

G_END_DECLS
