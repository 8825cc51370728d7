/* tsr-recent.c: recent files filtered to those Tessera opened. */
#include "app/tsr-recent.h"

/* Not translated, so the filter works in any locale. */
#define TSR_RECENT_APPLICATION_NAME "Tessera"

void
tsr_recent_add (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *content_type = g_content_type_guess (path, NULL, 0, NULL);
  g_autofree char *mime_type = g_content_type_get_mime_type (content_type);
  GtkRecentData data = { 0 };

  data.mime_type = mime_type != NULL ? mime_type : (char *) "application/octet-stream";
  data.app_name = (char *) TSR_RECENT_APPLICATION_NAME;
  data.app_exec = (char *) "tessera %u";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static int
tsr_recent_compare_newest_first (gconstpointer a,
                                 gconstpointer b)
{
  return g_date_time_compare (gtk_recent_info_get_modified ((GtkRecentInfo *) b),
                              gtk_recent_info_get_modified ((GtkRecentInfo *) a));
}

GList *
tsr_recent_list (guint limit)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  GList *result = NULL;
  guint n = 0;

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (gtk_recent_info_has_application (info, TSR_RECENT_APPLICATION_NAME)
          && gtk_recent_info_is_local (info) && gtk_recent_info_exists (info))
        result = g_list_prepend (result, gtk_recent_info_ref (info));
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);

  result = g_list_sort (result, tsr_recent_compare_newest_first);
  for (GList *l = result; l != NULL; l = l->next)
    if (++n == limit && l->next != NULL)
      {
        g_list_free_full (l->next, (GDestroyNotify) gtk_recent_info_unref);
        l->next = NULL;
        break;
      }
  return result;
}
