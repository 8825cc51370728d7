/* test-ui-files.c: what GtkBuilder would silently undo in the ui folder's templates. A
 * GtkPaned's buildable add_child sets its resize-/shrink-*-child flags back to GTK's defaults
 * when a <child> adds a child (gtkpaned.c, gtk_paned_buildable_add_child, GTK 4.8): written
 * before the children, those properties never take effect (the shapes browser's action row was
 * cut off at the window's edge for it). They must come after the children, or the children be
 * set as start-child/end-child properties. */
#include <string.h>

#include "tsr-test-common.h"

typedef struct {
  const char *file;
  GString    *problems;
  GArray     *stack;    /* one Element per open element */
  GPtrArray  *pending;  /* per open GtkPaned: the flags written before a <child> came (names) */
} Lint;

typedef struct {
  gboolean paned;       /* an <object class="GtkPaned"> */
} Element;

static gboolean
is_flag (const char *name)
{
  return g_str_has_prefix (name, "resize-") || g_str_has_prefix (name, "shrink-");
}

/* The innermost open GtkPaned whose direct content the element at DEPTH is (its parent). */
static gboolean
parent_is_paned (Lint *lint, guint depth)
{
  return depth > 0 && g_array_index (lint->stack, Element, depth - 1).paned;
}

static void
start_element (GMarkupParseContext *context,
               const char          *element,
               const char         **names,
               const char         **values,
               gpointer             data,
               GError             **error)
{
  Lint *lint = data;
  Element entry = { FALSE };
  guint depth = lint->stack->len;
  const char *class_name = NULL, *name = NULL;

  for (guint i = 0; names[i] != NULL; i++)
    {
      if (strcmp (names[i], "class") == 0)
        class_name = values[i];
      else if (strcmp (names[i], "name") == 0)
        name = values[i];
    }
  if (strcmp (element, "object") == 0 && g_strcmp0 (class_name, "GtkPaned") == 0)
    {
      entry.paned = TRUE;
      g_ptr_array_add (lint->pending, g_ptr_array_new_with_free_func (g_free));
    }
  else if (strcmp (element, "property") == 0 && name != NULL && is_flag (name) && parent_is_paned (lint, depth))
    g_ptr_array_add (g_ptr_array_index (lint->pending, lint->pending->len - 1), g_strdup (name));
  else if (strcmp (element, "child") == 0 && parent_is_paned (lint, depth))
    {
      GPtrArray *before = g_ptr_array_index (lint->pending, lint->pending->len - 1);
      int line = 0;

      g_markup_parse_context_get_position (context, &line, NULL);
      for (guint i = 0; i < before->len; i++)
        g_string_append_printf (lint->problems, "%s:%d: GtkPaned property %s comes before this <child>, which resets it\n",
                                lint->file, line, (const char *) g_ptr_array_index (before, i));
      g_ptr_array_set_size (before, 0);
    }
  g_array_append_val (lint->stack, entry);
}

static void
end_element (GMarkupParseContext *context,
             const char          *element,
             gpointer             data,
             GError             **error)
{
  Lint *lint = data;
  Element *entry = &g_array_index (lint->stack, Element, lint->stack->len - 1);

  if (entry->paned)
    g_ptr_array_remove_index (lint->pending, lint->pending->len - 1);
  g_array_set_size (lint->stack, lint->stack->len - 1);
}

/* The problems of one .ui text, one line each ("" when none). */
static char *
lint_ui (const char *file,
         const char *text)
{
  static const GMarkupParser parser = { start_element, end_element, NULL, NULL, NULL };
  Lint lint = { file, g_string_new (NULL), g_array_new (FALSE, FALSE, sizeof (Element)),
                g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref) };
  GMarkupParseContext *context = g_markup_parse_context_new (&parser, 0, &lint, NULL);
  g_autoptr(GError) error = NULL;

  if (!g_markup_parse_context_parse (context, text, -1, &error) || !g_markup_parse_context_end_parse (context, &error))
    g_string_append_printf (lint.problems, "%s: not well-formed: %s\n", file, error->message);
  g_markup_parse_context_free (context);
  g_array_unref (lint.stack);
  g_ptr_array_unref (lint.pending);
  return g_string_free (lint.problems, FALSE);
}

/* The check itself catches the mistake: flags before a <child> are reported, after the children
 * or beside start-child/end-child properties they are not. */
START_TEST (test_lint_finds_flags_before_children)
{
  g_autofree char *before = lint_ui ("before.ui",
    "<interface><object class=\"GtkPaned\"><property name=\"shrink-start-child\">False</property>"
    "<child><object class=\"GtkLabel\"/></child><child><object class=\"GtkLabel\"/></child></object></interface>");
  g_autofree char *after = lint_ui ("after.ui",
    "<interface><object class=\"GtkPaned\"><property name=\"position\">9</property>"
    "<child><object class=\"GtkLabel\"/></child><child><object class=\"GtkLabel\"/></child>"
    "<property name=\"shrink-start-child\">False</property></object></interface>");
  g_autofree char *properties = lint_ui ("properties.ui",
    "<interface><object class=\"GtkPaned\"><property name=\"resize-end-child\">False</property>"
    "<property name=\"start-child\"><object class=\"GtkLabel\"/></property></object></interface>");
  g_autofree char *nested = lint_ui ("nested.ui",
    "<interface><object class=\"GtkPaned\"><child><object class=\"GtkBox\">"
    "<property name=\"shrink-start-child\">x</property><child><object class=\"GtkLabel\"/></child>"
    "</object></child></object></interface>");

  ck_assert_msg (strstr (before, "before.ui:1: GtkPaned property shrink-start-child comes before") != NULL, "%s", before);
  ck_assert_str_eq (after, "");
  ck_assert_str_eq (properties, "");
  ck_assert_str_eq (nested, "");
}
END_TEST

START_TEST (test_ui_files_keep_their_paned_flags)
{
  g_autofree char *folder = g_build_filename (g_getenv ("TSR_SOURCE_ROOT"), "ui", NULL);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GString) problems = g_string_new (NULL);
  const char *name;
  guint checked = 0;

  ck_assert_msg (dir != NULL, "no folder %s", folder);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *text = NULL;
      g_autofree char *found = NULL;

      if (!g_str_has_suffix (name, ".ui"))
        continue;
      path = g_build_filename (folder, name, NULL);
      ck_assert (g_file_get_contents (path, &text, NULL, NULL));
      found = lint_ui (name, text);
      g_string_append (problems, found);
      checked++;
    }
  ck_assert_uint_gt (checked, 10);
  ck_assert_msg (problems->len == 0, "%s", problems->str);
}
END_TEST

static Suite *
ui_files_suite (void)
{
  Suite *suite = suite_create ("ui-files");
  TCase *lint = tcase_create ("lint");

  tcase_add_test (lint, test_lint_finds_flags_before_children);
  tcase_add_test (lint, test_ui_files_keep_their_paned_flags);
  suite_add_tcase (suite, lint);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (ui_files_suite ());
}
