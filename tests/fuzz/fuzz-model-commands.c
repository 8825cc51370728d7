/* fuzz-model-commands.c: libFuzzer target for the editor's GTK-free model commands. The input is
 * a command sequence run on a real document (a Sphere map, a Wolf3D level set, loaded once from
 * TSR_TESTDATA): paint, rectangle fill, flood fill, erase, move, undo and redo, built through the
 * same builders the tools use. Then everything is undone, and the document must serialise to the
 * bytes it was loaded from. */
#include <stdint.h>

#include "model/tsr-document.h"
#include "model/tsr-tile-commands.h"
#include "model/tsr-tile-map.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

typedef struct {
  TsrDocument *document;
  GBytes      *original; /* the main output file's bytes as loaded */
  char        *path;
} Subject;

static GPtrArray *subjects;

static GBytes *
serialize_main (const Subject *subject)
{
  g_autoptr(GPtrArray) outputs = tsr_document_serialize (subject->document, subject->path, NULL);

  if (outputs == NULL || outputs->len == 0)
    __builtin_trap ();
  return g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes);
}

static void
load_subjects (void)
{
  const char *root = g_getenv ("TSR_TESTDATA");
  const char *names[] = { "sphere/village.rmp", "sphere/test.rmp", "wolf3d/wl1_v14_shareware/GAMEMAPS.WL1" };

  subjects = g_ptr_array_new ();
  for (gsize i = 0; root != NULL && i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (root, names[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      TsrDocument *document = tsr_document_new_from_file (file, NULL);
      Subject *subject;

      if (document == NULL || !TSR_IS_TILE_MAP (document))
        {
          g_clear_object (&document);
          continue;
        }
      subject = g_new0 (Subject, 1);
      subject->document = document;
      subject->path = g_steal_pointer (&path);
      subject->original = serialize_main (subject);
      g_ptr_array_add (subjects, subject);
    }
  if (subjects->len == 0)
    g_printerr ("fuzz-model-commands: no documents (set TSR_TESTDATA to the test data)\n");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  Subject *subject;
  TsrTileMap *map;
  g_autoptr(GArray) tiles = NULL;
  g_autoptr(GBytes) after = NULL;
  guint width, height, layers;

  if (subjects == NULL)
    load_subjects ();
  if (subjects->len == 0 || size < 1)
    return 0;
  subject = g_ptr_array_index (subjects, data[0] % subjects->len);
  map = TSR_TILE_MAP (subject->document);
  width = tsr_tile_map_get_width (map);
  height = tsr_tile_map_get_height (map);
  layers = tsr_tile_map_get_n_layers (map);
  if (width == 0 || height == 0 || layers == 0)
    return 0;

  /* Seven bytes a step: what, layer, x, y, width, height, tile. Coordinates may fall outside the
   * map on purpose (the builders clip). */
  for (size_t at = 1; at + 7 <= size && at < 1 + 7 * 256; at += 7)
    {
      const uint8_t *step = data + at;
      guint layer = step[1] % layers;
      gint x = (gint) step[2] - 8, y = (gint) step[3] - 8;
      TsrTileRect area = tsr_tile_rect_from_corners (x, y, x + step[4] % 32, y + step[5] % 32);
      guint32 value;
      TsrCommand *command = NULL;

      g_clear_pointer (&tiles, g_array_unref);
      tiles = tsr_tile_map_list_tiles (map, layer);
      value = tiles != NULL && tiles->len > 0 ? g_array_index (tiles, guint32, step[6] % tiles->len)
                                              : tsr_tile_map_get_empty_tile (map, layer);
      switch (step[0] % 8)
        {
        case 0:
          {
            TsrPaintTilesCommand *paint = tsr_paint_tiles_command_new (map, "Pencil", "pencil");

            tsr_paint_tiles_command_set (paint, layer, x, y, value);
            tsr_paint_tiles_command_set (paint, layer, x + 1, y, value);
            if (tsr_paint_tiles_command_has_changes (paint))
              command = TSR_COMMAND (paint);
            else
              g_object_unref (paint);
          }
          break;
        case 1:
          command = tsr_tile_command_fill_rect (map, layer, &area, value);
          break;
        case 2:
          command = tsr_tile_command_flood_fill (map, layer, x, y, value, (step[4] & 1) ? &area : NULL);
          break;
        case 3:
          command = tsr_tile_command_erase_rect (map, layer, 1 + step[5] % layers, &area, "Delete");
          break;
        case 4:
          command = tsr_tile_command_move (map, layer, 1, &area, (gint) (step[6] % 17) - 8,
                                           (gint) (step[5] % 17) - 8);
          break;
        case 5:
          tsr_document_undo (subject->document);
          break;
        case 6:
          tsr_document_redo (subject->document);
          break;
        default:
          tsr_undo_stack_break_merge (tsr_document_get_undo_stack (subject->document));
          break;
        }
      if (command != NULL)
        {
          tsr_document_execute (subject->document, command);
          g_object_unref (command);
        }
    }

  while (tsr_document_undo (subject->document))
    ;
  after = serialize_main (subject);
  if (!g_bytes_equal (after, subject->original))
    __builtin_trap ();
  return 0;
}
