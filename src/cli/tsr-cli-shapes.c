/* tsr-cli-shapes.c: see tsr-cli-shapes.h.
 *   render FILE --collection C [--depth 8|16] [--table T] [--sequence S [--view V]] [--frame F] -o OUT.png
 *   shapes patch-make ORIGINAL.shpA MODIFIED.shpA -o OUT.ShPa
 *   shapes patch-apply SHAPES.shpA PATCH.ShPa -o OUT.shpA */
#include "cli/tsr-cli-shapes.h"

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-shapes-patch.h"
#include "model/marathon/tsr-shapes-animation.h"

enum { STATUS_OK = 0, STATUS_FAILED = 1, STATUS_USAGE = 2 };

static void
print_file_error (const char *path, const char *message)
{
  g_autofree char *line = tsr_error_describe_for_path (path, message);

  g_printerr ("tessera-cli: %s\n", line);
}

/* The collection version from a Shapes file, or from a patch's partial collections. (transfer full) */
static TsrShapesCollection *
load_collection (const char *path, guint index, guint version, GError **error)
{
  g_autoptr(GBytes) bytes = tsr_file_read (path, error);
  gsize size;
  const guint8 *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  if (tsr_shapes_patch_sniff (data, size) != 0)
    {
      g_autoptr(TsrShapesPatch) patch = tsr_shapes_patch_parse (data, size, NULL, error);

      if (patch == NULL)
        return NULL;
      for (guint c = 0; c < patch->collections->len; c++)
        {
          const TsrShapesPatchCollection *pc = g_ptr_array_index (patch->collections, c);
          if (pc->collection == (gint32) index && (pc->depth == 16) == (version == 1) && pc->records->len > 0)
            return tsr_shapes_patch_collection_view (pc, error);
        }
    }
  else
    {
      g_autoptr(TsrShapesFile) file = tsr_shapes_file_parse (data, size, error);
      TsrShapesCollection *collection;

      if (file == NULL)
        return NULL;
      if (index < TSR_SHAPES_COLLECTION_COUNT && (collection = file->slots[index].versions[version]) != NULL)
        {
          file->slots[index].versions[version] = NULL;
          return collection;
        }
    }
  g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, "no collection %u at depth %d", index, version ? 16 : 8);
  return NULL;
}

int
tsr_cli_shapes_render (const char               *path,
                       const TsrCliShapesRender *options,
                       const char               *output)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrShapesCollection) collection = NULL;
  g_autoptr(TsrImage) image = NULL;
  const TsrShapesColorTable *table = NULL;

  if (options->collection < 0 || (options->depth != 8 && options->depth != 16))
    {
      g_printerr ("tessera-cli render: --collection C [--depth 8|16] needs a collection from 0\n");
      return STATUS_USAGE;
    }
  collection = load_collection (path, (guint) options->collection, options->depth == 16, &error);
  if (collection == NULL)
    {
      print_file_error (path, error->message);
      return g_error_matches (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL) ? STATUS_USAGE : STATUS_FAILED;
    }
  if (options->table >= 0 && (guint) options->table >= collection->color_tables->len)
    {
      g_autofree char *message = g_strdup_printf ("collection %d: no colour table %d (it has %u)", options->collection,
                                                  options->table, collection->color_tables->len);
      print_file_error (path, message);
      return STATUS_USAGE;
    }
  if (collection->color_tables->len > 0)
    table = g_ptr_array_index (collection->color_tables, (guint) MAX (options->table, 0));

  if (options->sequence >= 0)
    {
      g_autoptr(TsrShapesFrameCache) cache = tsr_shapes_frame_cache_new (collection, table);
      const TsrShapesSequence *sequence;
      TsrShapesBox box;
      int frame = MAX (options->frame, 0), view = MAX (options->view, 0);

      if ((guint) options->sequence >= collection->sequences->len)
        {
          g_autofree char *message = g_strdup_printf ("collection %d: no sequence %d (it has %u)", options->collection,
                                                      options->sequence, collection->sequences->len);
          print_file_error (path, message);
          return STATUS_USAGE;
        }
      sequence = g_ptr_array_index (collection->sequences, (guint) options->sequence);
      if ((guint) view >= sequence->view_count || frame >= sequence->frames_per_view)
        {
          g_autofree char *message = g_strdup_printf ("sequence %d: no view %d frame %d (it has %u views of %d frames)",
                                                      options->sequence, view, frame, sequence->view_count,
                                                      sequence->frames_per_view);
          print_file_error (path, message);
          return STATUS_USAGE;
        }
      box = tsr_shapes_sequence_box (collection, sequence, (guint) view);
      image = tsr_image_new_checked ((guint) box.width, (guint) box.height, TSR_IMAGE_NATURAL_MAX_PIXELS, "sequence", &error);
      if (image != NULL)
        tsr_shapes_render_sequence_frame (cache, sequence, (guint) view, (guint) frame, &box, image);
    }
  else
    {
      int frame = MAX (options->frame, 0);

      if ((guint) frame >= collection->frames->len)
        {
          g_autofree char *message = g_strdup_printf ("collection %d: no frame %d (it has %u)", options->collection, frame,
                                                      collection->frames->len);
          print_file_error (path, message);
          return STATUS_USAGE;
        }
      image = tsr_shapes_frame_decode (collection, g_ptr_array_index (collection->frames, (guint) frame), table, &error);
    }
  if (image == NULL || !tsr_image_save_png (image, output, &error))
    {
      print_file_error (path, error->message);
      return STATUS_FAILED;
    }
  g_print ("wrote %s (%ux%u)\n", output, image->width, image->height);
  return STATUS_OK;
}

static TsrShapesFile *
load_shapes (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = tsr_file_read (path, &error);
  TsrShapesFile *file = NULL;

  if (bytes != NULL)
    file = tsr_shapes_file_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  if (file == NULL)
    print_file_error (path, error->message);
  return file;
}

static int
write_output (const char *output, GBytes *bytes)
{
  g_autoptr(GError) error = NULL;

  if (!tsr_file_write_atomic (output, bytes, FALSE, &error))
    {
      print_file_error (output, error->message);
      return STATUS_FAILED;
    }
  g_print ("wrote %s (%" G_GSIZE_FORMAT " bytes)\n", output, g_bytes_get_size (bytes));
  return STATUS_OK;
}

static int
usage (void)
{
  g_printerr ("usage: tessera-cli shapes patch-make ORIGINAL.shpA MODIFIED.shpA -o OUT.ShPa\n"
              "       tessera-cli shapes patch-apply SHAPES.shpA PATCH.ShPa -o OUT.shpA\n");
  return STATUS_USAGE;
}

int
tsr_cli_shapes_run (int    argc,
                    char **argv)
{
  g_autofree char *output = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Output file", "PATH" },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("tessera-cli shapes: %s\n", error->message);
      return STATUS_USAGE;
    }
  if (argc != 4 || output == NULL)
    return usage ();
  if (strcmp (argv[1], "patch-make") == 0)
    {
      g_autoptr(TsrShapesFile) original = load_shapes (argv[2]);
      g_autoptr(TsrShapesFile) modified = original != NULL ? load_shapes (argv[3]) : NULL;
      g_autoptr(TsrShapesPatch) patch = NULL;
      g_autoptr(GBytes) bytes = NULL;

      if (modified == NULL)
        return STATUS_FAILED;
      patch = tsr_shapes_patch_make (original, modified);
      bytes = tsr_shapes_patch_serialize (patch);
      g_print ("%u collections differ\n", patch->collections->len);
      return write_output (output, bytes);
    }
  if (strcmp (argv[1], "patch-apply") == 0)
    {
      g_autoptr(TsrShapesFile) file = load_shapes (argv[2]);
      g_autoptr(GBytes) patch_bytes = NULL;
      g_autoptr(TsrShapesPatch) patch = NULL;
      g_autoptr(GBytes) bytes = NULL;

      if (file == NULL)
        return STATUS_FAILED;
      patch_bytes = tsr_file_read (argv[3], &error);
      if (patch_bytes != NULL)
        patch = tsr_shapes_patch_parse (g_bytes_get_data (patch_bytes, NULL), g_bytes_get_size (patch_bytes), file, &error);
      if (patch == NULL || !tsr_shapes_patch_apply (patch, file, &error))
        {
          print_file_error (argv[3], error->message);
          return STATUS_FAILED;
        }
      bytes = tsr_shapes_file_serialize (file);
      return write_output (output, bytes);
    }
  return usage ();
}
