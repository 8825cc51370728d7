/* tsr-marathon-test-maps.c: see tsr-marathon-test-maps.h. */
#include "tsr-marathon-test-maps.h"

#include "core/tsr-finding.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "tsr-test-common.h"

GPtrArray *
tsr_marathon_test_real_maps (const char *data_dir)
{
  static const char *const suffixes[] = { ".sceA", ".scen", ".sceA.as", NULL };
  g_autofree char *marathon = g_build_filename (data_dir, "marathon", NULL);

  return tsr_test_data_list (marathon, suffixes);
}

TsrMarathonDocument *
tsr_marathon_test_open_map (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TsrDocument *document = tsr_document_new_from_file (file, &error);

  if (document == NULL)
    g_error ("%s: %s", path, error != NULL ? error->message : "");
  if (!TSR_IS_MARATHON_DOCUMENT (document))
    g_error ("%s opens as %s", path, G_OBJECT_TYPE_NAME (document));
  return TSR_MARATHON_DOCUMENT (document);
}

GBytes *
tsr_marathon_test_serialize (TsrMarathonDocument *document)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes = tsr_marathon_scenario_serialize (tsr_marathon_document_get_scenario (document), &error);

  if (bytes == NULL)
    g_error ("serialize: %s", error != NULL ? error->message : "");
  return bytes;
}

char *
tsr_marathon_test_validation_errors (const TsrMarathonLevel *level)
{
  g_autoptr(GPtrArray) findings = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_finding_free);
  GString *text = g_string_new (NULL);

  tsr_marathon_level_validate (level, 0, "level", findings);
  for (guint i = 0; i < findings->len; i++)
    {
      const TsrFinding *finding = g_ptr_array_index (findings, i);

      if (finding->severity == TSR_SEVERITY_ERROR)
        g_string_append_printf (text, "%s: %s\n", finding->where, finding->what);
    }
  return g_string_free (text, FALSE);
}
