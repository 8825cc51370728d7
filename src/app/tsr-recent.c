/* tsr-recent.c: recent files filtered to those Tessera opened. */
#include "config.h"

#include "app/tsr-recent.h"

#include <glib/gi18n.h>
#include <string.h>

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

/* Menu labels are parsed for mnemonics: a literal underscore is written twice. */
static void
append_escaped (GString *label, const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == '_')
        g_string_append_c (label, '_');
      g_string_append_c (label, *c);
    }
}

char *
tsr_recent_menu_label (const char *uri)
{
  g_autoptr(GFile) file = g_file_new_for_uri (uri);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *folder = parent != NULL ? g_file_get_parse_name (parent) : NULL;
  const char *home = g_get_home_dir ();
  g_autofree char *shown_folder = NULL;
  GString *label = g_string_new (NULL);
  GString *name_part = g_string_new (NULL);
  GString *folder_part = g_string_new (NULL);
  g_autofree char *name_text = NULL;
  g_autofree char *folder_text = NULL;

  g_return_val_if_fail (uri != NULL, NULL);
  /* Two files of one name differ by their folder, shown short: ~ for the home folder. */
  if (folder != NULL && home != NULL && g_str_has_prefix (folder, home)
      && (folder[strlen (home)] == '\0' || folder[strlen (home)] == G_DIR_SEPARATOR))
    shown_folder = g_strconcat ("~", folder + strlen (home), NULL);
  else
    shown_folder = g_strdup (folder != NULL ? folder : "");
  append_escaped (name_part, name != NULL ? name : uri);
  append_escaped (folder_part, shown_folder);
  name_text = g_string_free (name_part, FALSE);
  folder_text = g_string_free (folder_part, FALSE);
  /* Translators: an Open Recent menu item, the file's name and its folder,
   * "Player.ShPa — ~/Games/Marathon". */
  g_string_printf (label, _("%s — %s"), name_text, folder_text);
  return g_string_free (label, FALSE);
}
