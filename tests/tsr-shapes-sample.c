/* tsr-shapes-sample.c: see tsr-shapes-sample.h. */
#include "tsr-shapes-sample.h"

#include "formats/marathon/tsr-marathon-shapes-patch.h"
#include "tsr-test-common.h"

TsrShapesFile *
tsr_shapes_sample_build (const char *marathon_dir,
                         guint      *patches_applied)
{
  const char *suffixes[] = { ".ShPa", NULL };
  g_autoptr(GPtrArray) patches = tsr_test_data_list (marathon_dir, suffixes);
  TsrShapesFile *file = tsr_shapes_file_new ();
  guint applied = 0;

  for (guint i = 0; i < patches->len; i++)
    {
      g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (patches, i));
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrShapesPatch) patch = tsr_shapes_patch_parse (g_bytes_get_data (bytes, NULL),
                                                                g_bytes_get_size (bytes), file, &error);

      if (patch != NULL && tsr_shapes_patch_apply (patch, file, &error))
        applied++;
      else
        g_printerr ("shapes sample: %s: %s\n", (const char *) g_ptr_array_index (patches, i), error->message);
    }
  for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
    for (guint v = 0; v < 2; v++)
      {
        TsrShapesCollection *collection = file->slots[c].versions[v];
        TsrShapesColorTable *ramp;
        gboolean colourless = TRUE;

        if (collection == NULL)
          continue;
        /* Tables announced by a patch's definition but never sent are all black. */
        for (guint t = 0; t < collection->color_tables->len; t++)
          {
            const TsrShapesColorTable *table = g_ptr_array_index (collection->color_tables, t);
            for (guint k = 0; k < table->count; k++)
              if (table->colors[k].red | table->colors[k].green | table->colors[k].blue)
                colourless = FALSE;
          }
        if (!colourless)
          continue;
        g_ptr_array_set_size (collection->color_tables, 0);
        ramp = g_new0 (TsrShapesColorTable, 1);
        ramp->count = 256;
        ramp->colors = g_new0 (TsrShapesColor, 256);
        for (guint k = 0; k < 256; k++)
          ramp->colors[k] = (TsrShapesColor) { 0, (guint8) k, (guint16) (k * 257), (guint16) (k * 257), (guint16) (k * 257) };
        g_ptr_array_add (collection->color_tables, ramp);
        tsr_shapes_collection_touch (collection);
      }
  if (patches_applied != NULL)
    *patches_applied = applied;
  return file;
}

char *
tsr_shapes_sample_write (const char *marathon_dir,
                         const char *directory)
{
  g_autoptr(TsrShapesFile) file = tsr_shapes_sample_build (marathon_dir, NULL);
  g_autoptr(GBytes) bytes = tsr_shapes_file_serialize (file);
  char *path = g_build_filename (directory, "patches.shpA", NULL);
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), &error))
    g_error ("shapes sample: %s", error->message);
  return path;
}
