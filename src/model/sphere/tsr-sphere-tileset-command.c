/* tsr-sphere-tileset-command.c: see the header. The command keeps no pointer into the tileset:
 * it writes its snapshots into whatever tileset the document edits when it runs. */
#include "model/sphere/tsr-sphere-tileset-command.h"

#include <string.h>

#include "model/sphere/tsr-sphere-document-private.h"
#include "model/sphere/tsr-sphere-tileset-edit.h"

struct _TsrSphereTilesetCommand {
  TsrCommand         parent_instance;
  /* Not a reference: the document owns the undo stack that owns this command. */
  TsrSphereDocument *document;
  TsrSphereTileset  *before;
  TsrSphereTileset  *after;
  GPtrArray         *layers_before; /* guint16 * per layer, or NULL: cells untouched */
  GPtrArray         *layers_after;
  gint               merge_tile;
  guint              merge_kind;
};

G_DEFINE_FINAL_TYPE (TsrSphereTilesetCommand, tsr_sphere_tileset_command, TSR_TYPE_COMMAND)

static void
put_tileset (TsrSphereTilesetCommand *self,
             const TsrSphereTileset  *snapshot)
{
  TsrSphereTileset *tileset = (TsrSphereTileset *) tsr_sphere_document_get_edited_tileset (self->document);
  TsrSphereTileset *copy = tsr_sphere_tileset_copy (snapshot);
  GPtrArray *tiles = tileset->tiles;
  GBytes *trailing = tileset->trailing;

  /* The header fields and tiles of the snapshot, in the same struct the map points at. */
  *tileset = *copy;
  copy->tiles = tiles;
  copy->trailing = trailing;
  tsr_sphere_tileset_free (copy);
}

static void
put_layers (TsrSphereTilesetCommand *self,
            GPtrArray               *cells)
{
  const TsrSphereMap *map = tsr_sphere_document_get_map (self->document);

  if (cells == NULL || map == NULL)
    return;
  for (guint i = 0; i < cells->len && i < map->layers->len; i++)
    {
      TsrSphereLayer *layer = g_ptr_array_index (map->layers, i);

      memcpy (layer->tiles, g_ptr_array_index (cells, i), (gsize) layer->width * layer->height * sizeof (guint16));
    }
}

static void
emit_changed (TsrSphereTilesetCommand *self,
              gboolean                 cells)
{
  const TsrSphereMap *map = tsr_sphere_document_get_map (self->document);

  g_clear_pointer (&self->document->tile_images, g_ptr_array_unref);
  tsr_tile_map_tileset_changed (TSR_TILE_MAP (self->document));
  if (cells && map != NULL)
    for (guint i = 0; i < map->layers->len; i++)
      {
        const TsrSphereLayer *layer = g_ptr_array_index (map->layers, i);

        tsr_tile_map_tiles_changed (TSR_TILE_MAP (self->document), i,
                                    &(TsrTileRect) { 0, 0, layer->width, layer->height });
      }
}

static void
tsr_sphere_tileset_command_redo (TsrCommand *command)
{
  TsrSphereTilesetCommand *self = TSR_SPHERE_TILESET_COMMAND (command);

  put_tileset (self, self->after);
  put_layers (self, self->layers_after);
  emit_changed (self, self->layers_after != NULL);
}

static void
tsr_sphere_tileset_command_undo (TsrCommand *command)
{
  TsrSphereTilesetCommand *self = TSR_SPHERE_TILESET_COMMAND (command);

  put_tileset (self, self->before);
  put_layers (self, self->layers_before);
  emit_changed (self, self->layers_before != NULL);
}

static gboolean
tsr_sphere_tileset_command_merge (TsrCommand *command,
                                  TsrCommand *next_command)
{
  TsrSphereTilesetCommand *self = TSR_SPHERE_TILESET_COMMAND (command);
  TsrSphereTilesetCommand *next;

  if (!TSR_IS_SPHERE_TILESET_COMMAND (next_command))
    return FALSE;
  next = TSR_SPHERE_TILESET_COMMAND (next_command);
  if (self->merge_tile < 0 || next->merge_tile != self->merge_tile || next->merge_kind != self->merge_kind
      || self->layers_after != NULL || next->layers_after != NULL)
    return FALSE;
  tsr_sphere_tileset_free (self->after);
  self->after = g_steal_pointer (&next->after);
  next->after = tsr_sphere_tileset_copy (self->after);
  return TRUE;
}

static void
tsr_sphere_tileset_command_finalize (GObject *object)
{
  TsrSphereTilesetCommand *self = TSR_SPHERE_TILESET_COMMAND (object);

  g_clear_pointer (&self->before, tsr_sphere_tileset_free);
  g_clear_pointer (&self->after, tsr_sphere_tileset_free);
  g_clear_pointer (&self->layers_before, g_ptr_array_unref);
  g_clear_pointer (&self->layers_after, g_ptr_array_unref);
  G_OBJECT_CLASS (tsr_sphere_tileset_command_parent_class)->finalize (object);
}

static void
tsr_sphere_tileset_command_class_init (TsrSphereTilesetCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_sphere_tileset_command_finalize;
  command_class->redo = tsr_sphere_tileset_command_redo;
  command_class->undo = tsr_sphere_tileset_command_undo;
  command_class->merge = tsr_sphere_tileset_command_merge;
}

static void
tsr_sphere_tileset_command_init (TsrSphereTilesetCommand *self)
{
}

TsrCommand *
tsr_sphere_tileset_command_new (TsrSphereDocument *document,
                                TsrSphereTileset  *after,
                                GPtrArray         *layers_after,
                                gint               merge_tile,
                                guint              merge_kind,
                                const char        *description)
{
  TsrSphereTilesetCommand *self = g_object_new (TSR_TYPE_SPHERE_TILESET_COMMAND, NULL);
  const TsrSphereMap *map = tsr_sphere_document_get_map (document);

  self->document = document;
  self->before = tsr_sphere_tileset_copy (tsr_sphere_document_get_edited_tileset (document));
  self->after = after;
  self->merge_tile = merge_tile;
  self->merge_kind = merge_kind;
  if (layers_after != NULL && map != NULL)
    {
      self->layers_after = layers_after;
      self->layers_before = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < map->layers->len; i++)
        {
          const TsrSphereLayer *layer = g_ptr_array_index (map->layers, i);

          g_ptr_array_add (self->layers_before,
                           g_memdup2 (layer->tiles, (gsize) layer->width * layer->height * sizeof (guint16)));
        }
    }
  else if (layers_after != NULL)
    g_ptr_array_unref (layers_after);
  tsr_command_set_description (TSR_COMMAND (self), description);
  return TSR_COMMAND (self);
}
