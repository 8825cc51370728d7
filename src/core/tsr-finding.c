/* tsr-finding.c: validation findings. */
#include "core/tsr-finding.h"

#include <glib/gi18n.h>

void
tsr_finding_free (TsrFinding *finding)
{
  if (finding == NULL)
    return;
  g_free (finding->where);
  g_free (finding->what);
  g_free (finding);
}

GPtrArray *
tsr_findings_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_finding_free);
}

TsrFindingPlace
tsr_finding_place_element (gint        level,
                           const char *kind,
                           gint        index)
{
  TsrFindingPlace place = TSR_FINDING_PLACE_INIT;

  place.level = level;
  place.kind = g_intern_string (kind);
  place.index = index;
  return place;
}

TsrFindingPlace
tsr_finding_place_at (gint                level,
                      const char         *kind,
                      gint                index,
                      TsrFindingPointUnit unit,
                      double              x,
                      double              y)
{
  TsrFindingPlace place = tsr_finding_place_element (level, kind, index);

  place.unit = unit;
  place.x = x;
  place.y = y;
  return place;
}

gboolean
tsr_finding_place_is (const TsrFindingPlace *place,
                      const char            *kind)
{
  return place != NULL && place->kind != NULL && g_strcmp0 (place->kind, kind) == 0;
}

static void
tsr_findings_add_valist (GPtrArray             *findings,
                         TsrSeverity            severity,
                         const TsrFindingPlace *place,
                         const char            *where,
                         const char            *format,
                         va_list                args)
{
  TsrFinding *finding = g_new0 (TsrFinding, 1);
  TsrFindingPlace none = TSR_FINDING_PLACE_INIT;

  finding->severity = severity;
  finding->where = g_strdup (where != NULL ? where : _("file"));
  finding->what = g_strdup_vprintf (format, args);
  finding->place = place != NULL ? *place : none;
  /* Callers may pass a kind they built; the finding outlives it. */
  finding->place.kind = g_intern_string (finding->place.kind);
  g_ptr_array_add (findings, finding);
}

void
tsr_findings_add (GPtrArray  *findings,
                  TsrSeverity severity,
                  const char *where,
                  const char *format,
                  ...)
{
  va_list args;

  g_return_if_fail (findings != NULL);

  va_start (args, format);
  tsr_findings_add_valist (findings, severity, NULL, where, format, args);
  va_end (args);
}

void
tsr_findings_add_at (GPtrArray             *findings,
                     TsrSeverity            severity,
                     const TsrFindingPlace *place,
                     const char            *where,
                     const char            *format,
                     ...)
{
  va_list args;

  g_return_if_fail (findings != NULL);

  va_start (args, format);
  tsr_findings_add_valist (findings, severity, place, where, format, args);
  va_end (args);
}

guint
tsr_findings_count (GPtrArray  *findings,
                    TsrSeverity severity)
{
  guint count = 0;

  for (guint i = 0; findings != NULL && i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);
      if (finding->severity == severity)
        count++;
    }
  return count;
}

const char *
tsr_severity_to_string (TsrSeverity severity)
{
  return severity == TSR_SEVERITY_ERROR ? "error" : "warning";
}

char *
tsr_finding_to_string (const TsrFinding *finding)
{
  return g_strdup_printf ("%s: %s: %s", tsr_severity_to_string (finding->severity),
                          finding->where, finding->what);
}
