/* tsr-document.c: the open-file base class: loading through the format registry, derived
 * modified state, validation, atomic saving. */
#include "model/tsr-document.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "model/tsr-builtin-documents.h"
#include "model/tsr-findings-hook.h"
#include <glib/gi18n.h>

typedef struct {
  GFile           *file;
  char            *display_name;
  const TsrFormat *format;
  gpointer         data;
  TsrUndoStack    *undo_stack;
  GPtrArray       *findings;  /* NULL until asked for, and after each change */
  GPtrArray       *validated; /* the format's findings, made by the loading worker
                               * so that opening does not validate on the main thread; taken by
                               * the first tsr_document_get_findings(), dropped on a change */
  gboolean         modified;
  char           **load_notes; /* what opening did besides loading: interrupted saves recovered */
  char            *disk_stamp; /* the file as last read or written: etag, size, inode; NULL: none */
} TsrDocumentPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (TsrDocument, tsr_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_DISPLAY_NAME,
  PROP_FORMAT_ID,
  PROP_MODIFIED,
  PROP_UNDO_STACK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
static GHashTable *document_types; /* format id → GType */
G_LOCK_DEFINE_STATIC (document_types);

void
tsr_document_register_type (const char *format_id,
                            GType       type)
{
  g_return_if_fail (format_id != NULL);
  g_return_if_fail (g_type_is_a (type, TSR_TYPE_DOCUMENT));

  G_LOCK (document_types);
  if (document_types == NULL)
    document_types = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (document_types, (gpointer) g_intern_string (format_id), GSIZE_TO_POINTER (type));
  G_UNLOCK (document_types);
}

GType
tsr_document_type_for_format (const char *format_id)
{
  static gsize builtin_registered = 0;
  GType type = TSR_TYPE_BASIC_DOCUMENT;

  if (g_once_init_enter (&builtin_registered))
    g_once_init_leave (&builtin_registered, (tsr_documents_register_builtin (), 1));

  G_LOCK (document_types);
  if (document_types != NULL && format_id != NULL && g_hash_table_contains (document_types, format_id))
    type = GPOINTER_TO_SIZE (g_hash_table_lookup (document_types, format_id));
  G_UNLOCK (document_types);
  return type;
}

static void
tsr_document_on_stack_changed (TsrDocument  *self,
                               TsrUndoStack *stack)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  gboolean modified = !tsr_undo_stack_get_is_clean (stack);

  g_clear_pointer (&priv->findings, g_ptr_array_unref);
  g_clear_pointer (&priv->validated, g_ptr_array_unref);
  if (modified != priv->modified)
    {
      priv->modified = modified;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
    }
}

static void
tsr_document_dispose (GObject *object)
{
  TsrDocument *self = TSR_DOCUMENT (object);
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);

  if (priv->undo_stack != NULL)
    {
      g_signal_handlers_disconnect_by_data (priv->undo_stack, self);
      /* Commands may point into the codec data and hand mementos back to the family's maps:
       * drop them now, before the data, even when a view still holds the stack. */
      tsr_undo_stack_clear (priv->undo_stack);
    }
  g_clear_object (&priv->undo_stack);
  G_OBJECT_CLASS (tsr_document_parent_class)->dispose (object);
}

static void
tsr_document_finalize (GObject *object)
{
  TsrDocument *self = TSR_DOCUMENT (object);
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);

  if (priv->data != NULL && priv->format != NULL)
    priv->format->free (priv->data);
  g_clear_object (&priv->file);
  g_free (priv->display_name);
  g_clear_pointer (&priv->findings, g_ptr_array_unref);
  g_clear_pointer (&priv->validated, g_ptr_array_unref);
  g_strfreev (priv->load_notes);
  g_free (priv->disk_stamp);
  G_OBJECT_CLASS (tsr_document_parent_class)->finalize (object);
}

static void
tsr_document_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrDocument *self = TSR_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, tsr_document_get_file (self));
      break;
    case PROP_DISPLAY_NAME:
      g_value_set_string (value, tsr_document_get_display_name (self));
      break;
    case PROP_FORMAT_ID:
      g_value_set_string (value, tsr_document_get_format_id (self));
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, tsr_document_get_modified (self));
      break;
    case PROP_UNDO_STACK:
      g_value_set_object (value, tsr_document_get_undo_stack (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The format a save at PATH writes: the class's choice, else the loaded one. */
static const TsrFormat *
format_for_path (TsrDocument *self,
                 const char  *path)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  const TsrFormat *format = NULL;

  if (TSR_DOCUMENT_GET_CLASS (self)->format_for_path != NULL)
    format = TSR_DOCUMENT_GET_CLASS (self)->format_for_path (self, path);
  return format != NULL ? format : priv->format;
}

gboolean
tsr_document_check_save_path (TsrDocument *self,
                              const char  *path,
                              GError     **error)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GString) own = g_string_new (NULL);
  g_autoptr(GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);
  const char *extension = strrchr (base, '.');
  GPtrArray *formats;
  const TsrFormat *claimed = NULL;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  if (TSR_DOCUMENT_GET_CLASS (self)->format_for_path != NULL
      && TSR_DOCUMENT_GET_CLASS (self)->format_for_path (self, path) != NULL)
    return TRUE;
  if (extension == NULL || extension == base || tsr_format_has_extension (priv->format, path))
    return TRUE;
  /* Named by the loaded format's family first: .map is a Doom2D map to a Doom2D document. */
  formats = tsr_format_registry_list (registry);
  for (guint pass = 0; pass < 2 && claimed == NULL; pass++)
    for (guint i = 0; i < formats->len && claimed == NULL; i++)
      {
        const TsrFormat *format = g_ptr_array_index (formats, i);

        if ((pass == 1 || g_strcmp0 (format->family, priv->format->family) == 0)
            && tsr_format_has_extension (format, path))
          claimed = format;
      }
  if (claimed == NULL)
    return TRUE;
  /* What the document can be saved as: its own extensions, then those the class converts to. */
  for (guint i = 0; priv->format->extensions != NULL && priv->format->extensions[i] != NULL; i++)
    g_string_append_printf (own, "%s.%s", own->len > 0 ? ", " : "", priv->format->extensions[i]);
  for (guint i = 0; i < formats->len && TSR_DOCUMENT_GET_CLASS (self)->format_for_path != NULL; i++)
    {
      const TsrFormat *format = g_ptr_array_index (formats, i);

      for (guint e = 0; format != priv->format && format->extensions != NULL && format->extensions[e] != NULL; e++)
        {
          g_autofree char *probe = g_strconcat ("probe.", format->extensions[e], NULL);
          const TsrFormat *target = TSR_DOCUMENT_GET_CLASS (self)->format_for_path (self, probe);

          if (target != NULL && target != priv->format && tsr_format_has_extension (target, probe)
              && g_hash_table_add (listed, (gpointer) format->extensions[e]))
            g_string_append_printf (own, ", .%s", format->extensions[e]);
        }
    }
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
               _("%s: %s is the extension of %s files, and a %s cannot be saved as one; nothing was "
                 "written. Choose a name ending in %s"),
               path, extension, _(claimed->name), _(priv->format->name), own->len > 0 ? own->str : "?");
  return FALSE;
}

static GPtrArray *
tsr_document_real_serialize (TsrDocument *self,
                             const char  *path,
                             GError     **error)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);

  const TsrFormat *format = format_for_path (self, path);

  if (format->save == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s files cannot be saved yet"), format->name);
      return NULL;
    }
  return format->save (priv->data, path, error);
}

static void
tsr_document_class_init (TsrDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tsr_document_dispose;
  object_class->finalize = tsr_document_finalize;
  object_class->get_property = tsr_document_get_property;
  klass->serialize = tsr_document_real_serialize;

  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, flags);
  properties[PROP_DISPLAY_NAME] = g_param_spec_string ("display-name", NULL, NULL, NULL, flags);
  properties[PROP_FORMAT_ID] = g_param_spec_string ("format-id", NULL, NULL, NULL, flags);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, flags);
  properties[PROP_UNDO_STACK] = g_param_spec_object ("undo-stack", NULL, NULL, TSR_TYPE_UNDO_STACK, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tsr_document_init (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);

  priv->undo_stack = tsr_undo_stack_new ();
  g_signal_connect_swapped (priv->undo_stack, "changed",
                            G_CALLBACK (tsr_document_on_stack_changed), self);
}

/* Wraps loaded codec DATA in a document of the type registered for its format. Takes DATA. */
static TsrDocument *
tsr_document_create (const TsrFormat *format,
                     gpointer         data,
                     GFile           *file,
                     const char      *display_name,
                     GError         **error)
{
  g_autoptr(TsrDocument) self = g_object_new (tsr_document_type_for_format (format->id), NULL);
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);

  priv->format = format;
  priv->data = data;
  priv->file = file != NULL ? g_object_ref (file) : NULL;
  priv->display_name = g_strdup (display_name);

  if (TSR_DOCUMENT_GET_CLASS (self)->attach != NULL
      && !TSR_DOCUMENT_GET_CLASS (self)->attach (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* What tells one version of FILE on disk from another: its etag (the modification time, to the
 * microsecond, for local files), size and inode (a file replaced by a rename is a new inode).
 * NULL when it cannot be read (gone). */
static char *
tsr_document_query_disk_stamp (GFile *file)
{
  g_autoptr(GFileInfo) info = NULL;

  if (file == NULL)
    return NULL;
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_ETAG_VALUE "," G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                            G_FILE_ATTRIBUTE_UNIX_INODE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info == NULL)
    return NULL;
  return g_strdup_printf ("%s:%" G_GINT64_FORMAT ":%" G_GUINT64_FORMAT,
                          g_file_info_get_etag (info) != NULL ? g_file_info_get_etag (info) : "",
                          (gint64) g_file_info_get_size (info),
                          g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE));
}

gboolean
tsr_document_changed_on_disk (TsrDocument *self)
{
  TsrDocumentPrivate *priv;
  g_autofree char *now = NULL;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), FALSE);
  priv = tsr_document_get_instance_private (self);
  if (priv->file == NULL || priv->disk_stamp == NULL)
    return FALSE;
  now = tsr_document_query_disk_stamp (priv->file);
  return g_strcmp0 (now, priv->disk_stamp) != 0;
}

TsrDocument *
tsr_document_new_from_file (GFile   *file,
                            GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_auto(GStrv) notes = NULL;
  g_autofree char *stamp = NULL;
  const TsrFormat *format = NULL;
  TsrDocument *document;
  gpointer data;

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: only local files can be opened"), uri);
      return NULL;
    }

  /* A save of this file's set that a killed process left unfinished is finished or undone
   * first, so that the set opens; the page then says what was done. */
  notes = tsr_file_recover_interrupted_saves (path);
  /* Before reading: a change made while the file loads counts as a change on disk. */
  stamp = tsr_document_query_disk_stamp (file);
  data = tsr_format_load_file (tsr_format_registry_get_default (), path, &format, error);
  if (data == NULL)
    {
      tsr_error_prefix (error, "%s", path);
      if (notes[0] != NULL)
        {
          g_autofree char *joined = g_strjoinv ("; ", notes);

          g_prefix_error (error, "%s; ", joined);
        }
      return NULL;
    }
  document = tsr_document_create (format, data, file, name, error);
  if (document != NULL)
    {
      TsrDocumentPrivate *priv = tsr_document_get_instance_private (document);

      if (notes[0] != NULL)
        priv->load_notes = g_steal_pointer (&notes);
      priv->disk_stamp = g_steal_pointer (&stamp);
    }
  return document;
}

const char * const *
tsr_document_get_load_notes (TsrDocument *self)
{
  TsrDocumentPrivate *priv;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  priv = tsr_document_get_instance_private (self);
  return (const char * const *) priv->load_notes;
}

static GPtrArray *validate (TsrDocument *self);

static void
tsr_document_load_in_thread (GTask        *task,
                             gpointer      source_object,
                             gpointer      task_data,
                             GCancellable *cancellable)
{
  GError *error = NULL;
  TsrDocument *document = tsr_document_new_from_file (task_data, &error);

  if (document == NULL)
    g_task_return_error (task, error);
  else
    {
      TsrDocumentPrivate *priv = tsr_document_get_instance_private (document);

      /* Nothing else holds the new document yet: validating all its levels here keeps the
       * main thread free (a 37-level Marathon map). The family's validation and the findings
       * hook (plugins) still run on the main thread, in tsr_document_get_findings(). */
      priv->validated = validate (document);
      g_task_return_pointer (task, document, g_object_unref);
    }
}

void
tsr_document_new_from_file_async (GFile               *file,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, tsr_document_new_from_file_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  /* A codec cannot stop half-way: a cancelled load returns at once and its result is dropped. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, tsr_document_load_in_thread);
}

TsrDocument *
tsr_document_new_from_file_finish (GAsyncResult *result,
                                   GError      **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

TsrDocument *
tsr_document_new_from_bytes (GBytes     *bytes,
                             const char *display_name,
                             GError    **error)
{
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  gsize size = 0;
  const guint8 *contents = g_bytes_get_data (bytes, &size);
  const TsrFormat *format;
  gpointer data;

  format = tsr_format_registry_detect (registry, contents, size, display_name, error);
  if (format == NULL || (data = format->load (display_name, bytes, error)) == NULL)
    {
      tsr_error_prefix (error, "%s", display_name);
      return NULL;
    }
  return tsr_document_create (format, data, NULL, display_name, error);
}

/* Removes the staging folder PATH and everything below it, without following symbolic links. */
static void
tsr_document_remove_staging (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (!g_file_test (child, G_FILE_TEST_IS_SYMLINK) && g_file_test (child, G_FILE_TEST_IS_DIR))
        tsr_document_remove_staging (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

/* Writes OUTPUTS into STAGING at their places relative to FOLDER, then links every other entry of
 * FOLDER into STAGING, so the codec finds the recovered files and the untouched siblings. */
static gboolean
tsr_document_stage_recovered (const char *staging,
                              const char *folder,
                              GPtrArray  *outputs,
                              GError    **error)
{
  g_autoptr(GFile) folder_file = g_file_new_for_path (folder);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  for (guint i = 0; i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      g_autoptr(GFile) file = g_file_new_for_path (output->path);
      g_autofree char *relative = g_file_get_relative_path (folder_file, file);
      g_autofree char *target = NULL;
      g_autofree char *parent = NULL;
      g_autoptr(GError) local_error = NULL;
      gsize size = 0;
      const char *data = g_bytes_get_data (output->bytes, &size);

      if (relative == NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                       _("%s: a recovered file outside the document's folder %s"), output->path, folder);
          return FALSE;
        }
      target = g_build_filename (staging, relative, NULL);
      parent = g_path_get_dirname (target);
      if (g_mkdir_with_parents (parent, 0700) != 0
          || !g_file_set_contents (target, data != NULL ? data : "", size, &local_error))
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("staging %s for recovery: %s"), output->path,
                       local_error != NULL ? local_error->message : g_strerror (errno));
          return FALSE;
        }
    }

  /* Siblings that a save does not write (a Sphere map's unchanged tileset) are the originals. */
  dir = g_dir_open (folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *link = g_build_filename (staging, name, NULL);
      g_autofree char *original = g_build_filename (folder, name, NULL);

      if (!g_file_test (link, G_FILE_TEST_EXISTS) && symlink (original, link) != 0)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("staging %s for recovery: %s"), original,
                       g_strerror (errno));
          return FALSE;
        }
    }
  return TRUE;
}

TsrDocument *
tsr_document_new_from_recovered (GFile     *file,
                                 GPtrArray *outputs,
                                 GError   **error)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *staging = NULL;
  g_autofree char *load_path = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TsrDocument) self = NULL;
  const TsrOutputFile *main_output = NULL;
  const TsrFormat *format;
  TsrDocumentPrivate *priv;
  gpointer data = NULL;
  gsize size = 0;
  const guint8 *contents;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (outputs != NULL, NULL);

  path = g_file_get_path (file);
  name = g_file_get_basename (file);
  if (path == NULL || outputs->len == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: nothing recovered to open"), name);
      return NULL;
    }
  for (guint i = 0; i < outputs->len && main_output == NULL; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);

      if (g_strcmp0 (output->path, path) == 0)
        main_output = output;
    }

  if (outputs->len == 1 && main_output != NULL)
    {
      /* One file: the codec may read unchanged siblings beside the original, as on open. */
      load_path = g_strdup (path);
      bytes = g_bytes_ref (main_output->bytes);
    }
  else
    {
      g_autofree char *folder = g_path_get_dirname (path);
      g_autoptr(GFile) folder_file = g_file_new_for_path (folder);
      g_autofree char *relative = NULL;

      if (main_output == NULL)
        main_output = g_ptr_array_index (outputs, 0);
      staging = g_dir_make_tmp ("tessera-recovered-XXXXXX", NULL);
      if (staging == NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: no temporary folder to stage the recovered files"), name);
          return NULL;
        }
      if (!tsr_document_stage_recovered (staging, folder, outputs, error))
        {
          tsr_document_remove_staging (staging);
          return NULL;
        }
      relative = g_file_get_relative_path (folder_file, file);
      load_path = g_build_filename (staging, relative, NULL);
      bytes = tsr_file_read (load_path, error);
      if (bytes == NULL)
        {
          tsr_document_remove_staging (staging);
          return NULL;
        }
    }

  contents = g_bytes_get_data (bytes, &size);
  format = tsr_format_registry_detect (tsr_format_registry_get_default (), contents, size, load_path, error);
  if (format != NULL)
    data = format->load (load_path, bytes, error);
  if (staging != NULL)
    tsr_document_remove_staging (staging);
  if (data == NULL)
    {
      tsr_error_prefix (error, _("recovered %s"), path);
      return NULL;
    }

  self = tsr_document_create (format, data, file, name, error);
  if (self == NULL)
    return NULL;
  priv = tsr_document_get_instance_private (self);
  /* Loaded from the staging folder: family documents re-point their paths at the original. */
  if (staging != NULL)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  tsr_undo_stack_forget_clean (priv->undo_stack);
  return g_steal_pointer (&self);
}

GPtrArray *
tsr_document_serialize (TsrDocument *self,
                        const char  *path,
                        GError     **error)
{
  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  return TSR_DOCUMENT_GET_CLASS (self)->serialize (self, path, error);
}

gboolean
tsr_document_save (TsrDocument  *self,
                   GFile        *file,
                   TsrSaveFlags  flags,
                   GError      **error)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GPtrArray) changes = NULL;
  g_autofree char *path = NULL;
  GPtrArray *findings;
  guint errors;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), FALSE);

  if (file == NULL)
    file = priv->file;
  if (file == NULL || (path = g_file_get_path (file)) == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_IO, _("%s: choose a local file to save to"),
                   priv->display_name);
      return FALSE;
    }

  if (!tsr_document_check_save_path (self, path, error))
    return FALSE;
  findings = tsr_document_get_findings (self);
  errors = tsr_findings_count (findings, TSR_SEVERITY_ERROR);
  if (errors > 0 && !(flags & TSR_SAVE_FORCE))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_VALIDATION,
                   _("%s: validation found %u errors; not saved (force to save anyway)"), path, errors);
      return FALSE;
    }

  outputs = tsr_document_serialize (self, path, error);
  /* A merge folder's save also moves, makes and removes level folders: in the same set. */
  if (outputs != NULL && format_for_path (self, path) == priv->format && priv->format->save_changes != NULL)
    changes = priv->format->save_changes (priv->data);
  if (outputs == NULL || !tsr_files_write_set (outputs, changes, (flags & TSR_SAVE_BACKUP) != 0, error))
    {
      tsr_error_prefix (error, _("saving %s"), priv->display_name);
      return FALSE;
    }
  if (priv->format->saved != NULL && format_for_path (self, path) == priv->format)
    priv->format->saved (priv->data);
  /* Saved in another format (Save As converted): the document is of that format now. */
  {
    const TsrFormat *written = format_for_path (self, path);

    if (written != priv->format)
      {
        priv->format = written;
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FORMAT_ID]);
      }
  }

  /* What is on disk now is this document's own version. */
  g_free (priv->disk_stamp);
  priv->disk_stamp = tsr_document_query_disk_stamp (file);
  if (priv->file == NULL || !g_file_equal (priv->file, file))
    {
      g_set_object (&priv->file, file);
      g_free (priv->display_name);
      priv->display_name = g_file_get_basename (file);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_NAME]);
    }
  tsr_undo_stack_set_clean (priv->undo_stack);
  return TRUE;
}

void
tsr_document_execute (TsrDocument *self,
                      TsrCommand  *command)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);

  g_return_if_fail (TSR_IS_DOCUMENT (self));
  tsr_undo_stack_push (priv->undo_stack, command);
}

gboolean
tsr_document_execute_take (TsrDocument *self,
                           TsrCommand  *command)
{
  g_autoptr(TsrCommand) owned = command;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), FALSE);
  if (owned == NULL)
    return FALSE;
  tsr_document_execute (self, owned);
  return TRUE;
}

gboolean
tsr_document_undo (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  return tsr_undo_stack_undo (priv->undo_stack);
}

gboolean
tsr_document_redo (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  return tsr_undo_stack_redo (priv->undo_stack);
}

GFile *
tsr_document_get_file (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  return priv->file;
}

const char *
tsr_document_get_display_name (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  return priv->display_name;
}

const TsrFormat *
tsr_document_get_format (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  return priv->format;
}

const char *
tsr_document_get_format_id (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  return priv->format != NULL ? priv->format->id : NULL;
}

gpointer
tsr_document_get_format_data (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  return priv->data;
}

TsrUndoStack *
tsr_document_get_undo_stack (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  return priv->undo_stack;
}

gboolean
tsr_document_get_modified (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  return priv->modified;
}

static TsrFindingsHook findings_hook;
static gpointer findings_hook_data;

/* The format's findings: the codec's own, on data nothing else holds while a document loads. */
static GPtrArray *
validate (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  GPtrArray *findings = tsr_findings_new ();

  if (priv->format->validate != NULL)
    priv->format->validate (priv->data, findings);
  return findings;
}

GPtrArray *
tsr_document_get_findings (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);

  if (priv->findings == NULL)
    {
      priv->findings = priv->validated != NULL ? g_steal_pointer (&priv->validated) : validate (self);
      /* The family's: its scripts are made on the main thread, as the pages ask for them. */
      if (TSR_DOCUMENT_GET_CLASS (self)->validate != NULL)
        TSR_DOCUMENT_GET_CLASS (self)->validate (self, priv->findings);
      if (findings_hook != NULL)
        findings_hook (self, priv->findings, findings_hook_data);
    }
  return priv->findings;
}

void
tsr_document_set_findings_hook (TsrFindingsHook hook,
                                gpointer        user_data)
{
  findings_hook = hook;
  findings_hook_data = user_data;
}

void
tsr_document_invalidate_findings (TsrDocument *self)
{
  TsrDocumentPrivate *priv;

  g_return_if_fail (TSR_IS_DOCUMENT (self));
  priv = tsr_document_get_instance_private (self);
  g_clear_pointer (&priv->findings, g_ptr_array_unref);
  g_clear_pointer (&priv->validated, g_ptr_array_unref);
}

JsonNode *
tsr_document_describe (TsrDocument *self)
{
  TsrDocumentPrivate *priv = tsr_document_get_instance_private (self);
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, priv->format->id);
  json_builder_set_member_name (builder, "format_name");
  json_builder_add_string_value (builder, priv->format->name);
  if (priv->format->describe != NULL)
    priv->format->describe (priv->data, builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* The document for formats without a family document: load, inspect, validate, save. */
struct _TsrBasicDocument {
  TsrDocument parent_instance;
};

G_DEFINE_FINAL_TYPE (TsrBasicDocument, tsr_basic_document, TSR_TYPE_DOCUMENT)

static void
tsr_basic_document_class_init (TsrBasicDocumentClass *klass)
{
}

static void
tsr_basic_document_init (TsrBasicDocument *self)
{
}
