/* tsr-sphere-document-tileset.c: the tileset edits of TsrSphereDocument (see
 * tsr-sphere-tileset-edit.h). Each edit builds the tileset it wants from a copy and pushes one
 * TsrSphereTilesetCommand; list edits also build the map's renumbered cells. */
#include "model/sphere/tsr-sphere-tileset-edit.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "model/sphere/tsr-sphere-document-private.h"
#include "model/sphere/tsr-sphere-tileset-command.h"
#include "model/tsr-undo-stack.h"

/* Merge kinds of consecutive edits of one tile. */
enum {
  MERGE_ANIMATION = 1,
  MERGE_NAME,
  MERGE_SEGMENTS,
};

/* The most tiles a map cell (u16) can name. */
#define MAX_TILES 65536u

const TsrSphereTileset *
tsr_sphere_document_get_edited_tileset (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  if (self->map != NULL)
    return tsr_sphere_map_get_tileset (self->map);
  if (g_strcmp0 (tsr_document_get_format_id (TSR_DOCUMENT (self)), "sphere-rts") != 0)
    return NULL;
  return tsr_document_get_format_data (TSR_DOCUMENT (self));
}

static gboolean
tile_get_image (gpointer  owner,
                guint     index,
                TsrImage *out)
{
  const TsrSphereTileset *tileset = tsr_sphere_document_get_edited_tileset (owner);
  const TsrSphereTile *tile;

  if (tileset == NULL || index >= tileset->tiles->len)
    return FALSE;
  tile = g_ptr_array_index (tileset->tiles, index);
  *out = (TsrImage) { tileset->tile_width, tileset->tile_height, tile->pixels };
  return TRUE;
}

static void
tile_changed (gpointer            owner,
              guint               index,
              const TsrPixelRect *area)
{
  TsrSphereDocument *self = owner;

  if (self->tile_images != NULL && index < self->tile_images->len)
    g_clear_pointer (&g_ptr_array_index (self->tile_images, index), tsr_image_free);
  tsr_tile_map_tileset_changed (TSR_TILE_MAP (self));
}

static const TsrPixelTarget tile_target = { tile_get_image, tile_changed };

const TsrPixelTarget *
tsr_sphere_document_get_tile_target (void)
{
  return &tile_target;
}

static const TsrSphereTileset *
tileset_for_edit (TsrSphereDocument *self,
                  GError           **error)
{
  const TsrSphereTileset *tileset = tsr_sphere_document_get_edited_tileset (self);

  if (tileset == NULL)
    g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("the document has no tileset to edit"));
  return tileset;
}

static gboolean
check_tile (const TsrSphereTileset *tileset,
            guint                   index,
            GError                **error)
{
  if (index < tileset->tiles->len)
    return TRUE;
  g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("tile %u does not exist (the tileset has %u)"),
               index, tileset->tiles->len);
  return FALSE;
}

static void
push (TsrSphereDocument *self,
      TsrCommand        *command)
{
  tsr_undo_stack_push (tsr_document_get_undo_stack (TSR_DOCUMENT (self)), command);
}

/* Renumbers every map cell and every animation link of AFTER by RENUMBER (old index → new; -1:
 * the tile is gone, its users get tile 0). Values at or past OLD_COUNT are not tiles and stay.
 * Returns the map's new cells (NULL without a map) and counts the cells that lost their tile. */
static GPtrArray *
renumber (TsrSphereDocument *self,
          TsrSphereTileset  *after,
          const gint64      *renumber_table,
          guint              old_count,
          guint             *orphans)
{
  GPtrArray *cells = NULL;

  *orphans = 0;
  for (guint i = 0; i < after->tiles->len; i++)
    {
      TsrSphereTile *tile = g_ptr_array_index (after->tiles, i);

      if (tile->next_tile < old_count)
        tile->next_tile = (guint16) MAX (renumber_table[tile->next_tile], 0);
    }
  if (self->map == NULL)
    return NULL;
  cells = g_ptr_array_new_with_free_func (g_free);
  for (guint l = 0; l < self->map->layers->len; l++)
    {
      const TsrSphereLayer *layer = g_ptr_array_index (self->map->layers, l);
      gsize n = (gsize) layer->width * layer->height;
      guint16 *tiles = g_memdup2 (layer->tiles, n * sizeof (guint16));

      for (gsize c = 0; c < n; c++)
        if (tiles[c] < old_count)
          {
            gint64 to = renumber_table[tiles[c]];

            if (to < 0)
              (*orphans)++;
            tiles[c] = (guint16) MAX (to, 0);
          }
      g_ptr_array_add (cells, tiles);
    }
  return cells;
}

/* The most map files looked at beside a tileset: a folder of a game, not a disk. */
#define MAX_MAPS_SCANNED 500

/* Whether the map file PATH draws with the tileset at TILESET_PATH (its string 0, resolved
 * against the map's folder as tsr_sphere_map_load_external_tileset does; Windows separators
 * allowed). */
static gboolean
map_uses_tileset (const char *path,
                  const char *tileset_path)
{
  g_autoptr(GBytes) bytes = tsr_file_read (path, NULL);
  g_autoptr(TsrSphereMap) map = NULL;
  g_autofree char *name = NULL, *folder = NULL, *resolved = NULL;

  if (bytes == NULL || (map = tsr_sphere_map_parse (bytes, NULL)) == NULL || map->strings->len == 0)
    return FALSE;
  name = tsr_sphere_string_to_utf8 (g_ptr_array_index (map->strings, 0));
  if (name == NULL || name[0] == '\0')
    return FALSE;
  g_strdelimit (name, "\\", '/');
  folder = g_path_get_dirname (path);
  resolved = g_canonicalize_filename (name, folder);
  return g_strcmp0 (resolved, tileset_path) == 0;
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The maps beside the .rts being edited that draw with it, as "NAME" (same folder) and
 * "maps/NAME" (Sphere's maps/ folder beside the tileset's): they are not open, so a renumbering
 * leaves their cells as they were. NULL when the document has no local file. (transfer full) */
static char *
maps_beside_tileset (TsrSphereDocument *self)
{
  GFile *file = tsr_document_get_file (TSR_DOCUMENT (self));
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  g_autofree char *tileset_path = NULL, *folder = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint scanned = 0;

  if (path == NULL)
    return NULL;
  tileset_path = g_canonicalize_filename (path, NULL);
  folder = g_path_get_dirname (tileset_path);
  for (guint d = 0; d < 2; d++)
    {
      g_autofree char *dir_path = d == 0 ? g_strdup (folder) : g_canonicalize_filename ("../maps", folder);
      g_autoptr(GDir) dir = NULL;
      const char *entry;

      if (d == 1 && g_strcmp0 (dir_path, folder) == 0)
        break;
      dir = g_dir_open (dir_path, 0, NULL);
      while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL && scanned < MAX_MAPS_SCANNED)
        {
          g_autofree char *lower = g_ascii_strdown (entry, -1);
          g_autofree char *map_path = NULL;

          if (!g_str_has_suffix (lower, ".rmp"))
            continue;
          scanned++;
          map_path = g_build_filename (dir_path, entry, NULL);
          if (map_uses_tileset (map_path, tileset_path))
            g_ptr_array_add (names, d == 0 ? g_strdup (entry) : g_strconcat ("maps/", entry, NULL));
        }
    }
  if (names->len == 0)
    return NULL;
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (char **) names->pdata);
}

static gboolean
push_list_edit (TsrSphereDocument *self,
                TsrSphereTileset  *after,
                const gint64      *renumber_table,
                guint              old_count,
                const char        *description)
{
  guint orphans;
  GPtrArray *cells = renumber (self, after, renumber_table, old_count, &orphans);
  TsrCommand *command = tsr_sphere_tileset_command_new (self, after, cells, -1, 0, description);

  if (orphans > 0)
    {
      g_autofree char *note = g_strdup_printf (ngettext ("%u cell now shows tile 0",
                                                            "%u cells now show tile 0", orphans), orphans);

      tsr_command_add_note (command, note);
    }
  /* Only the map open here is renumbered: other maps drawing with the same .rts are not open.
   * Tiles only added after the last one renumber nothing, and the note says so. */
  if (self->map == NULL || self->map->tileset == NULL)
    {
      gboolean appended = after->tiles->len >= old_count;

      for (guint i = 0; i < old_count && appended; i++)
        appended = renumber_table[i] == (gint64) i;
      if (appended)
        {
          tsr_command_add_note (command, _("tiles only added after the last one: maps that use this tileset are unaffected"));
          push (self, command);
          return TRUE;
        }
    }
  if (self->map == NULL)
    {
      g_autofree char *maps = maps_beside_tileset (self);
      g_autofree char *note = maps != NULL ? g_strdup_printf (_("maps beside it that use this tileset were not renumbered: %s"), maps)
                                           : NULL;

      tsr_command_add_note (command, note != NULL ? note : _("maps that use this tileset keep their tile numbers"));
    }
  else if (self->map->tileset == NULL)
    tsr_command_add_note (command, _("other maps that use this tileset keep their tile numbers"));
  push (self, command);
  return TRUE;
}

static gboolean
insert_tiles (TsrSphereDocument *self,
              guint              index,
              GPtrArray         *new_tiles, /* TsrSphereTile, taken */
              const char        *description,
              GError           **error)
{
  const TsrSphereTileset *tileset = tileset_for_edit (self, error);
  TsrSphereTileset *after;
  g_autofree gint64 *table = NULL;
  guint old_count;

  if (tileset == NULL)
    {
      g_ptr_array_unref (new_tiles);
      return FALSE;
    }
  old_count = tileset->tiles->len;
  if (index > old_count || (guint64) old_count + new_tiles->len > MAX_TILES || new_tiles->len == 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("cannot insert %u tiles at %u: the tileset has %u and can hold %u"),
                   new_tiles->len, index, old_count, MAX_TILES);
      g_ptr_array_unref (new_tiles);
      return FALSE;
    }
  after = tsr_sphere_tileset_copy (tileset);
  for (guint i = 0; i < new_tiles->len; i++)
    g_ptr_array_insert (after->tiles, (gint) (index + i), g_ptr_array_index (new_tiles, i));
  g_ptr_array_set_free_func (new_tiles, NULL);
  g_ptr_array_unref (new_tiles);
  table = g_new (gint64, MAX (old_count, 1));
  for (guint i = 0; i < old_count; i++)
    table[i] = i < index ? i : i + (after->tiles->len - old_count);
  return push_list_edit (self, after, table, old_count, description);
}

gboolean
tsr_sphere_document_insert_tiles (TsrSphereDocument *self,
                                  guint              index,
                                  guint              count,
                                  GError           **error)
{
  const TsrSphereTileset *tileset = tileset_for_edit (self, error);
  GPtrArray *tiles;

  if (tileset == NULL)
    return FALSE;
  if (count == 0 || count > MAX_TILES)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("cannot insert %u tiles"), count);
      return FALSE;
    }
  tiles = g_ptr_array_new_with_free_func (tsr_sphere_tile_free);
  for (guint i = 0; i < count; i++)
    g_ptr_array_add (tiles, tsr_sphere_tileset_new_tile (tileset));
  return insert_tiles (self, index, tiles, index == tileset->tiles->len ? _("Add Tiles") : _("Insert Tiles"), error);
}

gboolean
tsr_sphere_document_duplicate_tile (TsrSphereDocument *self,
                                    guint              index,
                                    GError           **error)
{
  const TsrSphereTileset *tileset = tileset_for_edit (self, error);
  GPtrArray *tiles;

  if (tileset == NULL || !check_tile (tileset, index, error))
    return FALSE;
  tiles = g_ptr_array_new_with_free_func (tsr_sphere_tile_free);
  g_ptr_array_add (tiles, tsr_sphere_tileset_copy_tile (tileset, index));
  return insert_tiles (self, index + 1, tiles, _("Duplicate Tile"), error);
}

gboolean
tsr_sphere_document_remove_tile (TsrSphereDocument *self,
                                 guint              index,
                                 GError           **error)
{
  const TsrSphereTileset *tileset = tileset_for_edit (self, error);
  TsrSphereTileset *after;
  g_autofree gint64 *table = NULL;

  if (tileset == NULL || !check_tile (tileset, index, error))
    return FALSE;
  if (tileset->tiles->len == 1)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("the last tile of a tileset cannot be removed"));
      return FALSE;
    }
  after = tsr_sphere_tileset_copy (tileset);
  g_ptr_array_remove_index (after->tiles, index);
  table = g_new (gint64, tileset->tiles->len);
  for (guint i = 0; i < tileset->tiles->len; i++)
    table[i] = i < index ? i : i == index ? -1 : (gint64) i - 1;
  return push_list_edit (self, after, table, tileset->tiles->len, _("Remove Tile"));
}

gboolean
tsr_sphere_document_move_tile (TsrSphereDocument *self,
                               guint              from,
                               guint              to,
                               GError           **error)
{
  const TsrSphereTileset *tileset = tileset_for_edit (self, error);
  TsrSphereTileset *after;
  g_autofree gint64 *table = NULL;
  gpointer tile;

  if (tileset == NULL || !check_tile (tileset, from, error) || !check_tile (tileset, to, error))
    return FALSE;
  if (from == to)
    return TRUE;
  after = tsr_sphere_tileset_copy (tileset);
  g_ptr_array_set_free_func (after->tiles, NULL);
  tile = g_ptr_array_steal_index (after->tiles, from);
  g_ptr_array_insert (after->tiles, (gint) to, tile);
  g_ptr_array_set_free_func (after->tiles, tsr_sphere_tile_free);
  table = g_new (gint64, tileset->tiles->len);
  for (guint i = 0; i < tileset->tiles->len; i++)
    {
      if (i == from)
        table[i] = to;
      else if (from < to && i > from && i <= to)
        table[i] = (gint64) i - 1;
      else if (to < from && i >= to && i < from)
        table[i] = (gint64) i + 1;
      else
        table[i] = i;
    }
  return push_list_edit (self, after, table, tileset->tiles->len, _("Move Tile"));
}

/* A copy of the tileset for an edit of tile INDEX, which TILE receives. */
static TsrSphereTileset *
copy_for_tile (const TsrSphereTileset *tileset,
               guint                   index,
               TsrSphereTile         **tile)
{
  TsrSphereTileset *after = tsr_sphere_tileset_copy (tileset);

  *tile = g_ptr_array_index (after->tiles, index);
  return after;
}

gboolean
tsr_sphere_document_set_tile_animation (TsrSphereDocument *self,
                                        guint              index,
                                        gboolean           animated,
                                        guint16            next_tile,
                                        guint16            delay,
                                        GError           **error)
{
  const TsrSphereTileset *tileset = tileset_for_edit (self, error);
  const TsrSphereTile *old;
  TsrSphereTileset *after;
  TsrSphereTile *tile;

  if (tileset == NULL || !check_tile (tileset, index, error))
    return FALSE;
  if (animated && next_tile >= tileset->tiles->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("the next tile %u does not exist (the tileset has %u)"),
                   next_tile, tileset->tiles->len);
      return FALSE;
    }
  old = g_ptr_array_index (tileset->tiles, index);
  /* The stored bytes say animated with any non-zero value: keep the byte when the meaning holds. */
  if ((old->animated != 0) == (animated != FALSE) && old->next_tile == next_tile && old->delay == delay)
    return TRUE;
  after = copy_for_tile (tileset, index, &tile);
  if ((tile->animated != 0) != (animated != FALSE))
    tile->animated = animated ? 1 : 0;
  tile->next_tile = next_tile;
  tile->delay = delay;
  push (self, tsr_sphere_tileset_command_new (self, after, NULL, (gint) index, MERGE_ANIMATION, _("Set Tile Animation")));
  return TRUE;
}

gboolean
tsr_sphere_document_set_tile_name (TsrSphereDocument *self,
                                   guint              index,
                                   const char        *name,
                                   GError           **error)
{
  const TsrSphereTileset *tileset = tileset_for_edit (self, error);
  TsrSphereTileset *after;
  TsrSphereTile *tile;

  g_return_val_if_fail (name != NULL, FALSE);
  if (tileset == NULL || !check_tile (tileset, index, error))
    return FALSE;
  if (strlen (name) > TSR_SPHERE_STRING_MAX)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("a tile name holds at most %u bytes"),
                   (guint) TSR_SPHERE_STRING_MAX);
      return FALSE;
    }
  after = copy_for_tile (tileset, index, &tile);
  if (!tsr_sphere_string_set (&tile->name, name))
    {
      tsr_sphere_tileset_free (after);
      return TRUE;
    }
  push (self, tsr_sphere_tileset_command_new (self, after, NULL, (gint) index, MERGE_NAME, _("Rename Tile")));
  return TRUE;
}

/* Switching obstructions on: minisphere's tileset_read (tileset.c) refuses the whole file when a
 * tile's type is neither 1 nor 2, and the bytes of tiles that had no data were never read; those
 * tiles become segment tiles without segments (no bytes added). */
static void
switch_obstructions_on (TsrSphereTileset *after)
{
  if (after->has_obstructions)
    return;
  for (guint i = 0; i < after->tiles->len; i++)
    {
      TsrSphereTile *other = g_ptr_array_index (after->tiles, i);

      if (other->obstruction_type != TSR_SPHERE_OBSTRUCTION_MASK
          && other->obstruction_type != TSR_SPHERE_OBSTRUCTION_SEGMENTS)
        {
          other->obstruction_type = TSR_SPHERE_OBSTRUCTION_SEGMENTS;
          g_array_set_size (other->segments, 0);
        }
      else if (other->obstruction_type == TSR_SPHERE_OBSTRUCTION_SEGMENTS)
        g_array_set_size (other->segments, 0);
    }
  after->has_obstructions = TRUE;
}

gboolean
tsr_sphere_document_set_tile_segments (TsrSphereDocument      *self,
                                       guint                   index,
                                       const TsrSphereSegment *segments,
                                       guint                   n_segments,
                                       GError                **error)
{
  const TsrSphereTileset *tileset = tileset_for_edit (self, error);
  const TsrSphereTile *old;
  TsrSphereTileset *after;
  TsrSphereTile *tile;

  if (tileset == NULL || !check_tile (tileset, index, error))
    return FALSE;
  if (n_segments > G_MAXUINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("a tile holds at most %u obstruction segments"), G_MAXUINT16);
      return FALSE;
    }
  for (guint i = 0; i < n_segments; i++)
    if (segments[i].x1 > tileset->tile_width || segments[i].x2 > tileset->tile_width
        || segments[i].y1 > tileset->tile_height || segments[i].y2 > tileset->tile_height)
      {
        g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                     _("segment %u (%u,%u)–(%u,%u) leaves the %u×%u tile"), i, segments[i].x1, segments[i].y1,
                     segments[i].x2, segments[i].y2, tileset->tile_width, tileset->tile_height);
        return FALSE;
      }
  old = g_ptr_array_index (tileset->tiles, index);
  if (tileset->has_obstructions && old->obstruction_type == TSR_SPHERE_OBSTRUCTION_SEGMENTS
      && old->segments->len == n_segments
      && (n_segments == 0 || memcmp (old->segments->data, segments, n_segments * sizeof *segments) == 0))
    return TRUE;
  after = copy_for_tile (tileset, index, &tile);
  switch_obstructions_on (after);
  tile->obstruction_type = TSR_SPHERE_OBSTRUCTION_SEGMENTS;
  g_array_set_size (tile->segments, 0);
  g_array_append_vals (tile->segments, segments, n_segments);
  tile->segment_count = (guint16) n_segments;
  push (self, tsr_sphere_tileset_command_new (self, after, NULL, (gint) index, MERGE_SEGMENTS, _("Edit Tile Obstructions")));
  return TRUE;
}

gboolean
tsr_sphere_document_import_tile_sheet (TsrSphereDocument *self,
                                       guint              index,
                                       const TsrImage    *sheet,
                                       const char        *label,
                                       guint             *out_count,
                                       GError           **error)
{
  const TsrSphereTileset *tileset = tileset_for_edit (self, error);
  GPtrArray *tiles;
  guint columns, rows;

  if (tileset == NULL)
    return FALSE;
  if (tileset->tile_width == 0 || tileset->tile_height == 0 || sheet->width % tileset->tile_width != 0
      || sheet->height % tileset->tile_height != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("%s: the picture is %u×%u pixels, not a whole number of %u×%u tiles"),
                   label, sheet->width, sheet->height, tileset->tile_width, tileset->tile_height);
      return FALSE;
    }
  columns = sheet->width / tileset->tile_width;
  rows = sheet->height / tileset->tile_height;
  tiles = g_ptr_array_new_with_free_func (tsr_sphere_tile_free);
  for (guint r = 0; r < rows; r++)
    for (guint c = 0; c < columns; c++)
      {
        TsrSphereTile *tile;
        g_autoptr(TsrImage) cut = NULL;

        if (tiles->len >= MAX_TILES)
          break;
        tile = tsr_sphere_tileset_new_tile (tileset);
        cut = tsr_image_crop (sheet, c * tileset->tile_width, r * tileset->tile_height,
                              tileset->tile_width, tileset->tile_height);
        memcpy (tile->pixels, cut->pixels, (gsize) tileset->tile_width * tileset->tile_height * 4);
        g_ptr_array_add (tiles, tile);
      }
  if (out_count != NULL)
    *out_count = tiles->len;
  return insert_tiles (self, index, tiles, _("Import Tiles"), error);
}

gboolean
tsr_sphere_document_append_tileset (TsrSphereDocument      *self,
                                    const TsrSphereTileset *source,
                                    const char             *label,
                                    guint                  *out_count,
                                    GError                **error)
{
  const TsrSphereTileset *tileset = tileset_for_edit (self, error);
  TsrSphereTileset *after;
  g_autofree gint64 *table = NULL;
  guint old_count;

  if (tileset == NULL)
    return FALSE;
  if (source->tile_width != tileset->tile_width || source->tile_height != tileset->tile_height)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s: tiles of %u×%u pixels; this tileset's are %u×%u"),
                   label, source->tile_width, source->tile_height, tileset->tile_width, tileset->tile_height);
      return FALSE;
    }
  old_count = tileset->tiles->len;
  if (source->tiles->len == 0 || (guint64) old_count + source->tiles->len > MAX_TILES)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("%s: %u tiles cannot be added to %u (at most %u)"),
                   label, source->tiles->len, old_count, MAX_TILES);
      return FALSE;
    }
  after = tsr_sphere_tileset_copy (tileset);
  if (source->has_obstructions)
    switch_obstructions_on (after);
  for (guint i = 0; i < source->tiles->len; i++)
    {
      TsrSphereTile *tile = tsr_sphere_tileset_copy_tile (source, i);

      /* The source numbers its tiles from 0; appended, they follow the tileset's. */
      tile->next_tile = (guint16) (tile->next_tile + old_count);
      if (after->has_obstructions)
        tile->obstruction_type = TSR_SPHERE_OBSTRUCTION_SEGMENTS;
      else
        {
          tile->obstruction_type = TSR_SPHERE_OBSTRUCTION_NONE;
          g_array_set_size (tile->segments, 0);
        }
      tile->segment_count = (guint16) MIN (tile->segments->len, G_MAXUINT16);
      g_ptr_array_add (after->tiles, tile);
    }
  table = g_new (gint64, MAX (old_count, 1));
  for (guint i = 0; i < old_count; i++)
    table[i] = i;
  if (out_count != NULL)
    *out_count = source->tiles->len;
  return push_list_edit (self, after, table, old_count, _("Import Tiled Tileset"));
}
