/* tsr-tile-commands.c: tile edits as commands. Everything is a TsrPaintTilesCommand (a set of
 * cells with old and new values) so undo, merging and change signals live in one place. */
#include "model/tsr-tile-commands.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct {
  guint   layer;
  gint    x;
  gint    y;
  guint32 old_value;
  guint32 new_value;
} CellChange;

struct _TsrPaintTilesCommand {
  TsrCommand  parent_instance;
  /* A weak pointer, not a reference: a document that is its own tile map owns the undo stack
   * holding this command, and a reference would keep it alive for ever. */
  TsrTileMap *map;
  char       *merge_key;
  GArray     *cells; /* CellChange, each cell at most once */
  GHashTable *index; /* packed (layer, x, y) → position in cells + 1 */
};

G_DEFINE_FINAL_TYPE (TsrPaintTilesCommand, tsr_paint_tiles_command, TSR_TYPE_COMMAND)

/* Maps are at most 65536 cells wide and high and have at most 65536 layers, so a cell packs
 * into 48 bits. */
static guint64
pack_cell (guint layer,
           gint  x,
           gint  y)
{
  return ((guint64) layer << 32) | ((guint64) (guint16) y << 16) | (guint16) x;
}

/* On 64-bit systems the packed cell is the hash key itself: a fill of a whole large layer
 * records a million cells, and a heap key for each doubled its time and memory. */
#if GLIB_SIZEOF_VOID_P == 8
static GHashTable *
cell_index_new (void)
{
  return g_hash_table_new (g_direct_hash, NULL);
}

static guint
cell_index_lookup (GHashTable *index,
                   guint64     key)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (index, (gpointer) (guintptr) key));
}

static void
cell_index_insert (GHashTable *index,
                   guint64     key,
                   guint       position)
{
  g_hash_table_insert (index, (gpointer) (guintptr) key, GUINT_TO_POINTER (position));
}
#else
static guint
cell_hash (gconstpointer key)
{
  return g_int64_hash (key);
}

static GHashTable *
cell_index_new (void)
{
  return g_hash_table_new_full (cell_hash, g_int64_equal, g_free, NULL);
}

static guint
cell_index_lookup (GHashTable *index,
                   guint64     key)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (index, &key));
}

static void
cell_index_insert (GHashTable *index,
                   guint64     key,
                   guint       position)
{
  g_hash_table_insert (index, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (position));
}
#endif

static void
tsr_paint_tiles_command_apply (TsrPaintTilesCommand *self,
                               gboolean              forward)
{
  guint n_layers;
  g_autofree TsrTileRect *changed = NULL;

  if (self->map == NULL)
    return;
  n_layers = tsr_tile_map_get_n_layers (self->map);
  changed = g_new0 (TsrTileRect, n_layers);

  /* Redo in the order the cells were recorded, undo in the reverse order: two layers may show one
   * plane (Wolf3D's area codes are plane 0 again), so a cell can be recorded under both, and only
   * the reverse order gives back its first old value. */
  for (guint n = 0; n < self->cells->len; n++)
    {
      guint i = forward ? n : self->cells->len - 1 - n;
      const CellChange *cell = &g_array_index (self->cells, CellChange, i);

      if (cell->layer >= n_layers)
        continue;
      tsr_tile_map_set_tile (self->map, cell->layer, (guint) cell->x, (guint) cell->y,
                             forward ? cell->new_value : cell->old_value);
      tsr_tile_rect_add_cell (&changed[cell->layer], cell->x, cell->y);
    }
  /* One signal per layer after all cells are in place: views redraw once per command. */
  for (guint layer = 0; layer < n_layers; layer++)
    tsr_tile_map_tiles_changed (self->map, layer, &changed[layer]);
}

static void
tsr_paint_tiles_command_redo (TsrCommand *command)
{
  tsr_paint_tiles_command_apply (TSR_PAINT_TILES_COMMAND (command), TRUE);
}

static void
tsr_paint_tiles_command_undo (TsrCommand *command)
{
  tsr_paint_tiles_command_apply (TSR_PAINT_TILES_COMMAND (command), FALSE);
}

static void
record_change (TsrPaintTilesCommand *self,
               guint                 layer,
               gint                  x,
               gint                  y,
               guint32               old_value,
               guint32               new_value)
{
  guint64 key = pack_cell (layer, x, y);
  guint position = cell_index_lookup (self->index, key);
  CellChange change = { layer, x, y, old_value, new_value };

  if (position != 0)
    {
      /* Already recorded: its old value is the one before this command. */
      g_array_index (self->cells, CellChange, position - 1).new_value = new_value;
      return;
    }
  g_array_append_val (self->cells, change);
  cell_index_insert (self->index, key, self->cells->len);
}

static gboolean
tsr_paint_tiles_command_merge (TsrCommand *command,
                               TsrCommand *next_command)
{
  TsrPaintTilesCommand *self = TSR_PAINT_TILES_COMMAND (command);
  TsrPaintTilesCommand *next;

  if (!TSR_IS_PAINT_TILES_COMMAND (next_command))
    return FALSE;
  next = TSR_PAINT_TILES_COMMAND (next_command);
  if (self->merge_key == NULL || g_strcmp0 (self->merge_key, next->merge_key) != 0
      || self->map != next->map)
    return FALSE;

  /* NEXT is applied: its old values are what SELF left, so cells SELF did not touch keep NEXT's
   * old value and cells it did keep SELF's. */
  for (guint i = 0; i < next->cells->len; i++)
    {
      const CellChange *cell = &g_array_index (next->cells, CellChange, i);
      record_change (self, cell->layer, cell->x, cell->y, cell->old_value, cell->new_value);
    }
  return TRUE;
}

static void
tsr_paint_tiles_command_finalize (GObject *object)
{
  TsrPaintTilesCommand *self = TSR_PAINT_TILES_COMMAND (object);

  if (self->map != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->map), (gpointer *) &self->map);
  g_free (self->merge_key);
  g_array_unref (self->cells);
  g_hash_table_unref (self->index);
  G_OBJECT_CLASS (tsr_paint_tiles_command_parent_class)->finalize (object);
}

static void
tsr_paint_tiles_command_class_init (TsrPaintTilesCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_paint_tiles_command_finalize;
  command_class->redo = tsr_paint_tiles_command_redo;
  command_class->undo = tsr_paint_tiles_command_undo;
  command_class->merge = tsr_paint_tiles_command_merge;
}

static void
tsr_paint_tiles_command_init (TsrPaintTilesCommand *self)
{
  self->cells = g_array_new (FALSE, FALSE, sizeof (CellChange));
  self->index = cell_index_new ();
}

TsrPaintTilesCommand *
tsr_paint_tiles_command_new (TsrTileMap *map,
                             const char *description,
                             const char *merge_key)
{
  TsrPaintTilesCommand *self;

  g_return_val_if_fail (TSR_IS_TILE_MAP (map), NULL);

  self = g_object_new (TSR_TYPE_PAINT_TILES_COMMAND, "description", description, NULL);
  self->map = map;
  g_object_add_weak_pointer (G_OBJECT (map), (gpointer *) &self->map);
  self->merge_key = g_strdup (merge_key);
  return self;
}

void
tsr_paint_tiles_command_set (TsrPaintTilesCommand *self,
                             guint                 layer,
                             gint                  x,
                             gint                  y,
                             guint32               value)
{
  g_return_if_fail (TSR_IS_PAINT_TILES_COMMAND (self));

  if (self->map == NULL || x < 0 || y < 0 || (guint) x >= tsr_tile_map_get_width (self->map)
      || (guint) y >= tsr_tile_map_get_height (self->map)
      || layer >= tsr_tile_map_get_n_layers (self->map))
    return;
  record_change (self, layer, x, y, tsr_tile_map_get_tile (self->map, layer, x, y), value);
}

gboolean
tsr_paint_tiles_command_has_changes (TsrPaintTilesCommand *self)
{
  g_return_val_if_fail (TSR_IS_PAINT_TILES_COMMAND (self), FALSE);

  for (guint i = 0; i < self->cells->len; i++)
    {
      const CellChange *cell = &g_array_index (self->cells, CellChange, i);
      if (cell->old_value != cell->new_value)
        return TRUE;
    }
  return FALSE;
}

guint
tsr_paint_tiles_command_get_n_cells (TsrPaintTilesCommand *self)
{
  g_return_val_if_fail (TSR_IS_PAINT_TILES_COMMAND (self), 0);
  return self->cells->len;
}

/* Hands back COMMAND, or NULL (dropping it) when it changes nothing. */
static TsrCommand *
finish (TsrPaintTilesCommand *command)
{
  if (!tsr_paint_tiles_command_has_changes (command))
    {
      g_object_unref (command);
      return NULL;
    }
  return TSR_COMMAND (command);
}

/* --- Clips --- */

struct _TsrTileClip {
  gatomicrefcount ref_count;
  char           *family;
  guint           width;
  guint           height;
  guint           first_layer;
  guint           n_layers;
  guint32        *values; /* n_layers planes of width * height */
};

G_DEFINE_BOXED_TYPE (TsrTileClip, tsr_tile_clip, tsr_tile_clip_ref, tsr_tile_clip_unref)

TsrTileClip *
tsr_tile_clip_new_from_map (TsrTileMap        *map,
                            guint              first_layer,
                            guint              n_layers,
                            const TsrTileRect *area)
{
  TsrTileRect bounds = tsr_tile_map_get_bounds (map);
  TsrTileRect clipped;
  TsrTileClip *clip;

  g_return_val_if_fail (TSR_IS_TILE_MAP (map), NULL);
  g_return_val_if_fail (n_layers > 0 && first_layer + n_layers <= tsr_tile_map_get_n_layers (map), NULL);

  if (!tsr_tile_rect_intersect (area, &bounds, &clipped))
    return NULL;

  clip = g_new0 (TsrTileClip, 1);
  g_atomic_ref_count_init (&clip->ref_count);
  clip->family = g_strdup (tsr_tile_map_get_family (map));
  clip->width = (guint) clipped.width;
  clip->height = (guint) clipped.height;
  clip->first_layer = first_layer;
  clip->n_layers = n_layers;
  clip->values = g_new (guint32, (gsize) n_layers * clip->width * clip->height);
  for (guint l = 0; l < n_layers; l++)
    for (guint y = 0; y < clip->height; y++)
      for (guint x = 0; x < clip->width; x++)
        clip->values[((gsize) l * clip->height + y) * clip->width + x] =
          tsr_tile_map_get_tile (map, first_layer + l, clipped.x + (gint) x, clipped.y + (gint) y);
  return clip;
}

TsrTileClip *
tsr_tile_clip_ref (TsrTileClip *clip)
{
  g_return_val_if_fail (clip != NULL, NULL);
  g_atomic_ref_count_inc (&clip->ref_count);
  return clip;
}

void
tsr_tile_clip_unref (TsrTileClip *clip)
{
  g_return_if_fail (clip != NULL);
  if (!g_atomic_ref_count_dec (&clip->ref_count))
    return;
  g_free (clip->family);
  g_free (clip->values);
  g_free (clip);
}

const char *
tsr_tile_clip_get_family (const TsrTileClip *clip)
{
  return clip->family;
}

guint
tsr_tile_clip_get_width (const TsrTileClip *clip)
{
  return clip->width;
}

guint
tsr_tile_clip_get_height (const TsrTileClip *clip)
{
  return clip->height;
}

guint
tsr_tile_clip_get_first_layer (const TsrTileClip *clip)
{
  return clip->first_layer;
}

guint
tsr_tile_clip_get_n_layers (const TsrTileClip *clip)
{
  return clip->n_layers;
}

guint32
tsr_tile_clip_get_tile (const TsrTileClip *clip,
                        guint              layer_index,
                        guint              x,
                        guint              y)
{
  g_return_val_if_fail (layer_index < clip->n_layers && x < clip->width && y < clip->height, 0);
  return clip->values[((gsize) layer_index * clip->height + y) * clip->width + x];
}

gboolean
tsr_tile_clip_fits_map (const TsrTileClip *clip,
                        TsrTileMap        *map)
{
  return g_strcmp0 (clip->family, tsr_tile_map_get_family (map)) == 0
         && clip->first_layer + clip->n_layers <= tsr_tile_map_get_n_layers (map);
}

/* --- Builders --- */

TsrCommand *
tsr_tile_command_fill_rect (TsrTileMap        *map,
                            guint              layer,
                            const TsrTileRect *area,
                            guint32            value)
{
  TsrPaintTilesCommand *command;
  TsrTileRect bounds = tsr_tile_map_get_bounds (map);
  TsrTileRect clipped;

  g_return_val_if_fail (TSR_IS_TILE_MAP (map), NULL);
  if (!tsr_tile_rect_intersect (area, &bounds, &clipped))
    return NULL;
  command = tsr_paint_tiles_command_new (map, _("Fill Rectangle"), NULL);
  for (gint y = clipped.y; y < clipped.y + clipped.height; y++)
    for (gint x = clipped.x; x < clipped.x + clipped.width; x++)
      tsr_paint_tiles_command_set (command, layer, x, y, value);
  return finish (command);
}

TsrCommand *
tsr_tile_command_flood_fill (TsrTileMap        *map,
                             guint              layer,
                             gint               x,
                             gint               y,
                             guint32            value,
                             const TsrTileRect *bounds)
{
  TsrTileRect map_bounds = tsr_tile_map_get_bounds (map);
  TsrTileRect area;
  g_autofree guint8 *visited = NULL;
  g_autoptr(GArray) stack = NULL;
  TsrPaintTilesCommand *command;
  guint32 target;

  g_return_val_if_fail (TSR_IS_TILE_MAP (map), NULL);
  if (!tsr_tile_rect_intersect (bounds != NULL ? bounds : &map_bounds, &map_bounds, &area)
      || !tsr_tile_rect_contains (&area, x, y))
    return NULL;
  target = tsr_tile_map_get_tile (map, layer, x, y);
  if (target == value)
    return NULL;

  /* An explicit stack and a visited bitmap over AREA: bounded memory, no recursion depth. */
  visited = g_new0 (guint8, (gsize) area.width * area.height);
  stack = g_array_new (FALSE, FALSE, sizeof (gint) * 2);
  command = tsr_paint_tiles_command_new (map, _("Flood Fill"), NULL);
  g_array_append_vals (stack, (gint[2]) { x, y }, 1);
  while (stack->len > 0)
    {
      gint *top = &g_array_index (stack, gint, (stack->len - 1) * 2);
      gint cx = top[0], cy = top[1];
      gsize index;
      static const gint offsets[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

      g_array_set_size (stack, stack->len - 1);
      if (!tsr_tile_rect_contains (&area, cx, cy))
        continue;
      index = (gsize) (cy - area.y) * area.width + (cx - area.x);
      if (visited[index] || tsr_tile_map_get_tile (map, layer, cx, cy) != target)
        continue;
      visited[index] = 1;
      tsr_paint_tiles_command_set (command, layer, cx, cy, value);
      for (guint i = 0; i < 4; i++)
        g_array_append_vals (stack, (gint[2]) { cx + offsets[i][0], cy + offsets[i][1] }, 1);
    }
  return finish (command);
}

TsrCommand *
tsr_tile_command_erase_rect (TsrTileMap        *map,
                             guint              first_layer,
                             guint              n_layers,
                             const TsrTileRect *area,
                             const char        *description)
{
  TsrPaintTilesCommand *command;
  TsrTileRect bounds = tsr_tile_map_get_bounds (map);
  TsrTileRect clipped;

  g_return_val_if_fail (TSR_IS_TILE_MAP (map), NULL);
  if (!tsr_tile_rect_intersect (area, &bounds, &clipped))
    return NULL;
  command = tsr_paint_tiles_command_new (map, description != NULL ? description : _("Delete"), NULL);
  for (guint layer = first_layer; layer < first_layer + n_layers; layer++)
    {
      guint32 empty = tsr_tile_map_get_empty_tile (map, layer);

      for (gint y = clipped.y; y < clipped.y + clipped.height; y++)
        for (gint x = clipped.x; x < clipped.x + clipped.width; x++)
          tsr_paint_tiles_command_set (command, layer, x, y, empty);
    }
  return finish (command);
}

/* Adds CLIP at (X, Y) to COMMAND. */
static void
add_clip (TsrPaintTilesCommand *command,
          const TsrTileClip    *clip,
          gint                  x,
          gint                  y)
{
  for (guint l = 0; l < clip->n_layers; l++)
    for (guint cy = 0; cy < clip->height; cy++)
      for (guint cx = 0; cx < clip->width; cx++)
        tsr_paint_tiles_command_set (command, clip->first_layer + l, x + (gint) cx, y + (gint) cy,
                                     tsr_tile_clip_get_tile (clip, l, cx, cy));
}

TsrCommand *
tsr_tile_command_paste (TsrTileMap        *map,
                        const TsrTileClip *clip,
                        gint               x,
                        gint               y)
{
  TsrPaintTilesCommand *command;

  g_return_val_if_fail (TSR_IS_TILE_MAP (map), NULL);
  g_return_val_if_fail (clip != NULL, NULL);
  if (!tsr_tile_clip_fits_map (clip, map))
    return NULL;
  command = tsr_paint_tiles_command_new (map, _("Paste"), NULL);
  add_clip (command, clip, x, y);
  return finish (command);
}

TsrCommand *
tsr_tile_command_move (TsrTileMap        *map,
                       guint              first_layer,
                       guint              n_layers,
                       const TsrTileRect *area,
                       gint               dx,
                       gint               dy)
{
  g_autoptr(TsrTileClip) clip = NULL;
  TsrPaintTilesCommand *command;
  TsrTileRect bounds = tsr_tile_map_get_bounds (map);
  TsrTileRect clipped;

  g_return_val_if_fail (TSR_IS_TILE_MAP (map), NULL);
  if (!tsr_tile_rect_intersect (area, &bounds, &clipped) || (dx == 0 && dy == 0))
    return NULL;
  clip = tsr_tile_clip_new_from_map (map, first_layer, n_layers, &clipped);
  command = tsr_paint_tiles_command_new (map, _("Move Selection"), NULL);
  /* Both halves are recorded against the state before the move; a cell set twice keeps its
   * original old value, so overlapping source and destination undo correctly. */
  for (guint layer = first_layer; layer < first_layer + n_layers; layer++)
    {
      guint32 empty = tsr_tile_map_get_empty_tile (map, layer);

      for (gint y = clipped.y; y < clipped.y + clipped.height; y++)
        for (gint x = clipped.x; x < clipped.x + clipped.width; x++)
          tsr_paint_tiles_command_set (command, layer, x, y, empty);
    }
  add_clip (command, clip, clipped.x + dx, clipped.y + dy);
  return finish (command);
}
