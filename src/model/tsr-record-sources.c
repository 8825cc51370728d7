/* tsr-record-sources.c: the families with record sources are listed here by format id, as
 * tsr-builtin-documents.c lists the family documents. */
#include "model/tsr-record-sources.h"

#include "formats/doom2d/tsr-doom2d-formats.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "model/doom2d/tsr-doom2d-record-source.h"
#include "model/marathon/tsr-marathon-physics-source.h"
#include "model/marathon/tsr-marathon-record-source.h"
#include "formats/marathon/tsr-marathon-merge-folder.h"

static gboolean
is_doom2d_map (TsrDocument *document)
{
  TsrDoom2dFile *file;

  /* Every Doom2D format (map, text, DFWAD, ZIP) loads a TsrDoom2dFile. */
  if (!g_str_has_prefix (tsr_document_get_format_id (document), "doom2d-"))
    return FALSE;
  file = tsr_document_get_format_data (document);
  return file != NULL && file->map != NULL;
}

guint
tsr_record_sources_get_n_levels (TsrDocument *document)
{
  g_return_val_if_fail (TSR_IS_DOCUMENT (document), 0);

  if (tsr_marathon_format_holds_scenario (tsr_document_get_format_id (document)))
    return ((TsrMarathonScenario *) tsr_document_get_format_data (document))->map->levels->len;
  if (is_doom2d_map (document) || g_strcmp0 (tsr_document_get_format_id (document), "marathon-physics") == 0)
    return 1;
  return 0;
}

GPtrArray *
tsr_record_sources_new (TsrDocument *document,
                        guint        level)
{
  GPtrArray *sources = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (TSR_IS_DOCUMENT (document), sources);

  if (level >= tsr_record_sources_get_n_levels (document))
    return sources;
  if (tsr_marathon_format_holds_scenario (tsr_document_get_format_id (document)))
    {
      g_autoptr(GPtrArray) physics = tsr_marathon_physics_sources_new (document, level);

      for (guint kind = 0; kind < TSR_MARATHON_N_MAP_RECORDS; kind++)
        g_ptr_array_add (sources, tsr_marathon_record_source_new (document, level, (TsrMarathonRecordKind) kind));
      /* The level's own physics chunks follow its map records. */
      for (guint i = 0; i < physics->len; i++)
        g_ptr_array_add (sources, g_object_ref (g_ptr_array_index (physics, i)));
    }
  else if (g_strcmp0 (tsr_document_get_format_id (document), "marathon-physics") == 0)
    {
      g_autoptr(GPtrArray) physics = tsr_marathon_physics_sources_new (document, 0);

      for (guint i = 0; i < physics->len; i++)
        g_ptr_array_add (sources, g_object_ref (g_ptr_array_index (physics, i)));
    }
  else
    {
      for (guint kind = 0; kind < TSR_DOOM2D_N_KINDS; kind++)
        g_ptr_array_add (sources, tsr_doom2d_record_source_new (document, (TsrDoom2dKind) kind));
    }
  return sources;
}
