/* tsr-finding.c: validation findings. */
#include "core/tsr-finding.h"

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

void
tsr_findings_add (GPtrArray  *findings,
                  TsrSeverity severity,
                  const char *where,
                  const char *format,
                  ...)
{
  TsrFinding *finding;
  va_list args;

  g_return_if_fail (findings != NULL);

  finding = g_new0 (TsrFinding, 1);
  finding->severity = severity;
  finding->where = g_strdup (where != NULL ? where : "file");
  va_start (args, format);
  finding->what = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (findings, finding);
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
