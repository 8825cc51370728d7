/* tsr-editor-pages.c: the page registry, kept sorted by priority. */
#include "views/tsr-editor-pages.h"

static GPtrArray *kinds; /* TsrEditorPageKind *, highest priority first */

static void
ensure_builtin (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      if (kinds == NULL)
        kinds = g_ptr_array_new_with_free_func (g_free);
      tsr_editor_pages_register_builtin ();
      g_once_init_leave (&done, 1);
    }
}

static gint
by_priority (gconstpointer a, gconstpointer b)
{
  const TsrEditorPageKind *first = *(TsrEditorPageKind *const *) a;
  const TsrEditorPageKind *second = *(TsrEditorPageKind *const *) b;

  return second->priority - first->priority;
}

void
tsr_editor_pages_register (const char           *name,
                           GType                 type,
                           int                   priority,
                           TsrEditorPageAccepts  accepts)
{
  TsrEditorPageKind *kind;

  g_return_if_fail (name != NULL);
  g_return_if_fail (g_type_is_a (type, GTK_TYPE_WIDGET) && g_type_is_a (type, TSR_TYPE_EDITOR_PAGE));

  if (kinds == NULL)
    kinds = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < kinds->len; i++)
    if (g_str_equal (((TsrEditorPageKind *) g_ptr_array_index (kinds, i))->name, name))
      {
        g_ptr_array_remove_index (kinds, i);
        break;
      }
  kind = g_new0 (TsrEditorPageKind, 1);
  kind->name = g_intern_string (name);
  kind->type = type;
  kind->priority = priority;
  kind->accepts = accepts;
  g_ptr_array_add (kinds, kind);
  g_ptr_array_sort (kinds, by_priority);
}

const TsrEditorPageKind *
tsr_editor_pages_lookup (TsrDocument *document)
{
  ensure_builtin ();
  for (guint i = 0; i < kinds->len; i++)
    {
      const TsrEditorPageKind *kind = g_ptr_array_index (kinds, i);

      if (kind->accepts == NULL || kind->accepts (document))
        return kind;
    }
  return NULL;
}

GPtrArray *
tsr_editor_pages_list (void)
{
  ensure_builtin ();
  return kinds;
}
