/* tsr-script.c: the scripting API over the model (see tsr-script.h). Every function here is a thin
 * path to what the editor does: the same load, commands, validation and save. The gtk-doc blocks
 * carry the GObject Introspection annotations g-ir-scanner reads (Tessera-1.0). */
#include "script/tsr-script.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "core/tsr-image.h"
#include "edit/tsr-paste-elements-command.h"
#include "edit/tsr-remove-elements-command.h"
#include "edit/tsr-vector-clip.h"
#include "formats/marathon/tsr-marathon-terminal.h"
#include "model/doom2d/tsr-doom2d-document.h"
#include "model/doom2d/tsr-doom2d-property-source.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-marathon-level-source.h"
#include "model/marathon/tsr-marathon-palette-command.h"
#include "model/sphere/tsr-sphere-property-source.h"
#include "model/tsr-record-sources.h"
#include "model/tsr-tile-commands.h"
#include "model/tsr-tile-map.h"
#include "model/wolf3d/tsr-wolf3d-document-level.h"
#include "model/wolf3d/tsr-wolf3d-document.h"

static TsrFinding *
finding_copy (const TsrFinding *finding)
{
  TsrFinding *copy = g_new0 (TsrFinding, 1);

  copy->severity = finding->severity;
  copy->where = g_strdup (finding->where);
  copy->what = g_strdup (finding->what);
  copy->place = finding->place;
  return copy;
}

G_DEFINE_BOXED_TYPE (TsrFinding, tsr_finding, finding_copy, tsr_finding_free)

/**
 * tsr_finding_copy:
 * @finding: a finding
 *
 * Returns: (transfer full): a copy of @finding
 */
TsrFinding *
tsr_finding_copy (const TsrFinding *finding)
{
  g_return_val_if_fail (finding != NULL, NULL);
  return finding_copy (finding);
}

/**
 * tsr_document_new_from_path: (constructor)
 * @path: (type filename): a local file of any format Tessera reads
 * @error: return location for an error
 *
 * Loads @path as the editor does (the format is detected by content).
 *
 * Returns: (transfer full): the document, or %NULL with @error set
 */
TsrDocument *
tsr_document_new_from_path (const char *path,
                            GError    **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  file = g_file_new_for_path (path);
  return tsr_document_new_from_file (file, error);
}

/**
 * tsr_document_get_format_name:
 * @self: a document
 *
 * Returns: (transfer none): the format's name in English ("Sphere map")
 */
const char *
tsr_document_get_format_name (TsrDocument *self)
{
  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  return tsr_document_get_format (self)->name;
}

/**
 * tsr_document_get_family:
 * @self: a document
 *
 * Returns: (transfer none): "marathon", "wolf3d", "sphere" or "doom2d"
 */
const char *
tsr_document_get_family (TsrDocument *self)
{
  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  return tsr_document_get_format (self)->family;
}

/**
 * tsr_document_list_findings:
 * @self: a document
 *
 * The document's current validation findings (what the findings view lists).
 *
 * Returns: (transfer full) (element-type TsrFinding): copies of the findings
 */
GPtrArray *
tsr_document_list_findings (TsrDocument *self)
{
  GPtrArray *findings;
  GPtrArray *copies;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  findings = tsr_document_get_findings (self);
  /* (transfer full): the caller frees the elements, so the array has no free function. */
  copies = g_ptr_array_sized_new (findings->len);
  for (guint i = 0; i < findings->len; i++)
    g_ptr_array_add (copies, finding_copy (g_ptr_array_index (findings, i)));
  return copies;
}

/**
 * tsr_document_count_findings:
 * @self: a document
 * @severity: errors or warnings
 *
 * Returns: how many of the current findings have @severity
 */
guint
tsr_document_count_findings (TsrDocument *self,
                             TsrSeverity  severity)
{
  g_return_val_if_fail (TSR_IS_DOCUMENT (self), 0);
  return tsr_findings_count (tsr_document_get_findings (self), severity);
}

/**
 * tsr_document_save_to_path:
 * @self: a document
 * @path: (type filename) (nullable): where to save, or %NULL for the document's own file
 * @force: save even when validation finds errors
 * @error: return location for an error
 *
 * Saves as the editor's Save (or Save As: a name another format claims converts or is refused).
 *
 * Returns: %TRUE on success
 */
gboolean
tsr_document_save_to_path (TsrDocument *self,
                           const char  *path,
                           gboolean     force,
                           GError     **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), FALSE);
  if (path != NULL)
    file = g_file_new_for_path (path);
  return tsr_document_save (self, file, force ? TSR_SAVE_FORCE : TSR_SAVE_NONE, error);
}

/**
 * tsr_document_serialize_main:
 * @self: a document
 * @path: (type filename) (nullable): the path a save would write to, or %NULL for the document's
 *   own file
 * @error: return location for an error
 *
 * The bytes a save would write to the main file, without writing anything.
 *
 * Returns: (transfer full): the bytes, or %NULL with @error set
 */
GBytes *
tsr_document_serialize_main (TsrDocument *self,
                             const char  *path,
                             GError     **error)
{
  g_autoptr(GPtrArray) outputs = NULL;
  g_autofree char *own = NULL;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  if (path == NULL)
    {
      GFile *file = tsr_document_get_file (self);

      if (file == NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "%s has no file: give a path",
                       tsr_document_get_display_name (self));
          return NULL;
        }
      path = own = g_file_get_path (file);
    }
  outputs = tsr_document_serialize (self, path, error);
  if (outputs == NULL)
    return NULL;
  for (guint i = 0; i < outputs->len; i++)
    {
      TsrOutputFile *output = g_ptr_array_index (outputs, i);

      if (strcmp (output->path, path) == 0)
        return g_bytes_ref (output->bytes);
    }
  return outputs->len > 0 ? g_bytes_ref (((TsrOutputFile *) g_ptr_array_index (outputs, 0))->bytes) : NULL;
}

/**
 * tsr_document_render_png:
 * @self: a document
 * @level: the level to draw, or -1 for the format's default
 * @width: the width in pixels, or 0 for the natural size
 * @height: the height in pixels, or 0 for the natural size
 * @png_path: (type filename): the PNG file to write
 * @error: return location for an error
 *
 * Draws the file's data as `tessera-cli render` does.
 *
 * Returns: %TRUE when @png_path was written
 */
gboolean
tsr_document_render_png (TsrDocument *self,
                         int          level,
                         guint        width,
                         guint        height,
                         const char  *png_path,
                         GError     **error)
{
  const TsrFormat *format;
  TsrRenderOptions options = { level, width, height };
  g_autoptr(TsrImage) image = NULL;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (png_path != NULL, FALSE);
  format = tsr_document_get_format (self);
  if (format->render == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "format %s cannot be rendered", format->id);
      return FALSE;
    }
  image = format->render (tsr_document_get_format_data (self), &options, error);
  return image != NULL && tsr_image_save_png (image, png_path, error);
}

/**
 * tsr_document_get_n_levels:
 * @self: a document
 *
 * The levels a script can address: a Marathon scenario's levels, a Wolfenstein 3D set's map
 * slots, the maps of a Doom2D archive (1 for one map), 1 for a Sphere map, 0 otherwise.
 *
 * Returns: the number of levels
 */
guint
tsr_document_get_n_levels (TsrDocument *self)
{
  g_return_val_if_fail (TSR_IS_DOCUMENT (self), 0);
  if (TSR_IS_MARATHON_DOCUMENT (self))
    return tsr_marathon_document_get_n_levels (TSR_MARATHON_DOCUMENT (self));
  if (TSR_IS_WOLF_DOCUMENT (self))
    return tsr_wolf_document_get_n_levels (TSR_WOLF_DOCUMENT (self));
  if (TSR_IS_DOOM2D_DOCUMENT (self))
    return tsr_doom2d_document_get_n_maps (TSR_DOOM2D_DOCUMENT (self));
  if (TSR_IS_TILE_MAP (self))
    return 1;
  return 0;
}

/**
 * tsr_document_dup_level_name:
 * @self: a document
 * @level: a level below tsr_document_get_n_levels()
 *
 * Returns: (transfer full) (nullable): the level's name ("Dream Brother", "Wolf1 Map1", a Doom2D
 *   map's resource name), or %NULL when it has none
 */
char *
tsr_document_dup_level_name (TsrDocument *self,
                             guint        level)
{
  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  if (level >= tsr_document_get_n_levels (self))
    return NULL;
  if (TSR_IS_MARATHON_DOCUMENT (self))
    return tsr_marathon_document_dup_level_name (TSR_MARATHON_DOCUMENT (self), level);
  if (TSR_IS_WOLF_DOCUMENT (self))
    {
      TsrWolfLevelMap *map = tsr_wolf_document_get_level_map (TSR_WOLF_DOCUMENT (self), level);

      return map != NULL && !tsr_wolf_level_map_is_empty_slot (map)
               ? g_strdup (tsr_wolf_level_map_get_name (map)) : NULL;
    }
  if (TSR_IS_DOOM2D_DOCUMENT (self))
    return g_strdup (tsr_doom2d_document_get_map_name (TSR_DOOM2D_DOCUMENT (self), level));
  return NULL;
}

/* SOURCES for a (transfer full) return: the caller unrefs the elements, so the array must not. */
static GPtrArray *
for_caller (GPtrArray *sources)
{
  if (sources != NULL)
    g_ptr_array_set_free_func (sources, NULL);
  return sources;
}

static gboolean
check_level (TsrDocument *self,
             guint        level,
             GError     **error)
{
  guint n = tsr_document_get_n_levels (self);

  if (level < n)
    return TRUE;
  g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, "%s: level %u: the file holds %u levels",
               tsr_document_get_display_name (self), level, n);
  return FALSE;
}

/**
 * tsr_document_list_record_sources:
 * @self: a document
 * @level: the level whose records to list (Doom2D archives: the map, which becomes the one shown,
 *   a step that changes nothing saved)
 * @error: return location for an error
 *
 * The record kinds of @level as the inspector lists them, one property source each: Marathon map
 * records (polygons, lights, platforms …), Doom2D map records (textures, panels, items …), Sphere
 * persons, triggers, zones and the map. Empty for formats without records.
 *
 * Returns: (transfer full) (element-type TsrPropertySource): the sources, or %NULL with @error set
 */
GPtrArray *
tsr_document_list_record_sources (TsrDocument *self,
                                  guint        level,
                                  GError     **error)
{
  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  if (TSR_IS_SPHERE_DOCUMENT (self))
    {
      GPtrArray *sources;

      if (!check_level (self, level, error))
        return NULL;
      sources = g_ptr_array_new ();
      for (guint kind = TSR_SPHERE_ELEMENT_PERSON; kind <= TSR_SPHERE_ELEMENT_MAP; kind++)
        g_ptr_array_add (sources, tsr_sphere_property_source_new (TSR_SPHERE_DOCUMENT (self), kind));
      return sources;
    }
  if (TSR_IS_MARATHON_DOCUMENT (self))
    {
      /* The map editor's editable sources (the generic inspector's are read-only). */
      TsrMarathonLevelMap *map;
      GPtrArray *sources;

      if (!check_level (self, level, error))
        return NULL;
      map = tsr_marathon_document_get_level_map (TSR_MARATHON_DOCUMENT (self), level);
      sources = g_ptr_array_new ();
      for (guint kind = 0; kind < TSR_MARATHON_N_MAP_RECORDS; kind++)
        {
          TsrMarathonLevelSource *source = tsr_marathon_level_source_new (self, map, (TsrMarathonRecordKind) kind);

          if (source != NULL)
            g_ptr_array_add (sources, source);
        }
      return sources;
    }
  if (TSR_IS_DOOM2D_DOCUMENT (self))
    {
      GPtrArray *sources;

      /* The map page's editable sources (the generic inspector's are read-only). */
      if (!check_level (self, level, error)
          || !tsr_doom2d_document_select_map (TSR_DOOM2D_DOCUMENT (self), level, error))
        return NULL;
      sources = g_ptr_array_new ();
      for (guint kind = 0; kind < TSR_DOOM2D_N_KINDS; kind++)
        g_ptr_array_add (sources, tsr_doom2d_property_source_new (TSR_DOOM2D_DOCUMENT (self), (TsrDoom2dKind) kind, NULL));
      return sources;
    }
  if (tsr_record_sources_get_n_levels (self) > 0 && !check_level (self, level, error))
    return NULL;
  return for_caller (tsr_record_sources_new (self, level));
}

/**
 * tsr_document_find_record_source:
 * @self: a document
 * @level: the level (see tsr_document_list_record_sources())
 * @kind: the record kind's name ("polygon", "light", "texture", "person") or title ("Polygon")
 * @error: return location for an error
 *
 * Returns: (transfer full): the property source of @kind, or %NULL with @error set
 */
TsrPropertySource *
tsr_document_find_record_source (TsrDocument *self,
                                 guint        level,
                                 const char  *kind,
                                 GError     **error)
{
  g_autoptr(GPtrArray) sources = NULL;
  g_autoptr(GString) kinds = g_string_new (NULL);
  TsrPropertySource *found = NULL;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (kind != NULL, NULL);
  sources = tsr_document_list_record_sources (self, level, error);
  if (sources == NULL)
    return NULL;
  g_ptr_array_set_free_func (sources, g_object_unref);
  for (guint i = 0; i < sources->len && found == NULL; i++)
    {
      TsrPropertySource *source = g_ptr_array_index (sources, i);

      if (g_ascii_strcasecmp (tsr_property_source_get_kind (source), kind) == 0
          || g_strcmp0 (tsr_property_source_get_title (source), kind) == 0)
        found = g_object_ref (source);
      g_string_append_printf (kinds, "%s%s", kinds->len > 0 ? ", " : "", tsr_property_source_get_kind (source));
    }
  if (found != NULL)
    return found;
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "%s has no records of kind '%s' (it has: %s)",
               tsr_document_get_display_name (self), kind, kinds->len > 0 ? kinds->str : "none");
  return NULL;
}

/* The tile map of LEVEL, or NULL. */
static TsrTileMap *
tile_map (TsrDocument *self,
          guint        level)
{
  if (TSR_IS_WOLF_DOCUMENT (self))
    {
      TsrWolfLevelMap *map = tsr_wolf_document_get_level_map (TSR_WOLF_DOCUMENT (self), level);

      return map != NULL && !tsr_wolf_level_map_is_empty_slot (map) ? TSR_TILE_MAP (map) : NULL;
    }
  if (TSR_IS_TILE_MAP (self) && level == 0)
    return TSR_TILE_MAP (self);
  return NULL;
}

/**
 * tsr_document_get_tile_map_size:
 * @self: a document
 * @level: a Wolfenstein 3D map slot, or 0 for a Sphere map
 * @width: (out) (optional): cells across
 * @height: (out) (optional): cells down
 * @n_layers: (out) (optional): layers (Wolfenstein 3D: walls, objects; Sphere: the map's layers)
 *
 * Returns: %FALSE when @level is no tile map (an empty slot, another family)
 */
gboolean
tsr_document_get_tile_map_size (TsrDocument *self,
                                guint        level,
                                guint       *width,
                                guint       *height,
                                guint       *n_layers)
{
  TsrTileMap *map;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), FALSE);
  map = tile_map (self, level);
  if (width != NULL)
    *width = map != NULL ? tsr_tile_map_get_width (map) : 0;
  if (height != NULL)
    *height = map != NULL ? tsr_tile_map_get_height (map) : 0;
  if (n_layers != NULL)
    *n_layers = map != NULL ? tsr_tile_map_get_n_layers (map) : 0;
  return map != NULL;
}

/**
 * tsr_document_get_tile_layer_name:
 * @self: a document
 * @level: a tile map's level
 * @layer: a layer
 *
 * Returns: (transfer none) (nullable): the layer's name, or %NULL when there is no such layer
 */
const char *
tsr_document_get_tile_layer_name (TsrDocument *self,
                                  guint        level,
                                  guint        layer)
{
  TsrTileMap *map;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  map = tile_map (self, level);
  if (map == NULL || layer >= tsr_tile_map_get_n_layers (map))
    return NULL;
  return tsr_tile_map_get_layer_name (map, layer);
}

/**
 * tsr_document_get_tile:
 * @self: a document
 * @level: a tile map's level
 * @layer: a layer
 * @x: a column
 * @y: a row
 *
 * Returns: the value of the cell (Wolfenstein 3D: the plane's word), the layer's empty value
 *   outside the map, 0 when @level is no tile map
 */
guint32
tsr_document_get_tile (TsrDocument *self,
                       guint        level,
                       guint        layer,
                       guint        x,
                       guint        y)
{
  TsrTileMap *map;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), 0);
  map = tile_map (self, level);
  if (map == NULL || layer >= tsr_tile_map_get_n_layers (map) || x > G_MAXINT || y > G_MAXINT)
    return 0;
  return tsr_tile_map_get_tile (map, layer, (gint) x, (gint) y);
}

/**
 * tsr_document_dup_tile_name:
 * @self: a document
 * @level: a tile map's level
 * @layer: a layer
 * @value: a cell value
 *
 * Returns: (transfer full) (nullable): what @value means on @layer, as the editor's status line
 *   says ("Guard (standing, east, skill 1+)", "Tile 12")
 */
char *
tsr_document_dup_tile_name (TsrDocument *self,
                            guint        level,
                            guint        layer,
                            guint32      value)
{
  TsrTileMap *map;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  map = tile_map (self, level);
  if (map == NULL || layer >= tsr_tile_map_get_n_layers (map))
    return NULL;
  return tsr_tile_map_get_tile_name (map, layer, value);
}

/**
 * tsr_document_set_tile:
 * @self: a document
 * @level: a tile map's level
 * @layer: a layer
 * @x: a column
 * @y: a row
 * @value: the new value
 * @error: return location for an error
 *
 * Sets one cell through the editor's tile command (one undo step; nothing when it holds @value).
 *
 * Returns: %TRUE when the cell holds @value afterwards
 */
gboolean
tsr_document_set_tile (TsrDocument *self,
                       guint        level,
                       guint        layer,
                       guint        x,
                       guint        y,
                       guint32      value,
                       GError     **error)
{
  TsrTileMap *map;
  TsrTileRect cell;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), FALSE);
  map = tile_map (self, level);
  if (map == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL, "%s: level %u is no tile map",
                   tsr_document_get_display_name (self), level);
      return FALSE;
    }
  if (layer >= tsr_tile_map_get_n_layers (map) || x >= tsr_tile_map_get_width (map)
      || y >= tsr_tile_map_get_height (map))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   "%s: level %u: layer %u cell (%u, %u) is outside the %ux%u map of %u layers",
                   tsr_document_get_display_name (self), level, layer, x, y, tsr_tile_map_get_width (map),
                   tsr_tile_map_get_height (map), tsr_tile_map_get_n_layers (map));
      return FALSE;
    }
  cell = (TsrTileRect) { (gint) x, (gint) y, 1, 1 };
  tsr_document_execute_take (self, tsr_tile_command_fill_rect (map, layer, &cell, value));
  if (tsr_tile_map_get_tile (map, layer, (gint) x, (gint) y) != value)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "%s: level %u: layer %u cannot hold %u",
                   tsr_document_get_display_name (self), level, layer, value);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_marathon (TsrDocument *self,
                guint        level,
                GError     **error)
{
  if (!TSR_IS_MARATHON_DOCUMENT (self))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "%s is no Marathon map: it has no terminals",
                   tsr_document_get_display_name (self));
      return FALSE;
    }
  return check_level (self, level, error);
}

/**
 * tsr_document_dup_terminal_script:
 * @self: a Marathon map document
 * @level: a level
 * @error: return location for an error
 *
 * The level's terminals as the Terminals page shows them: a #TERMINAL script (empty when the level
 * has none).
 *
 * Returns: (transfer full): the script text, or %NULL with @error set
 */
char *
tsr_document_dup_terminal_script (TsrDocument *self,
                                  guint        level,
                                  GError     **error)
{
  TsrTerminalText *text;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), NULL);
  if (!check_marathon (self, level, error))
    return NULL;
  text = tsr_marathon_document_get_terminal_text (TSR_MARATHON_DOCUMENT (self), level, error);
  return text != NULL ? g_strdup (tsr_terminal_text_get_text (text, NULL)) : NULL;
}

/**
 * tsr_document_set_terminal_script:
 * @self: a Marathon map document
 * @level: a level
 * @text: the new #TERMINAL script (UTF-8)
 * @description: (nullable): the undo step's name, or %NULL for "Script"
 * @error: return location for an error
 *
 * Replaces the level's terminal script as the Terminals page's import does: one undo step. A
 * script that does not compile is refused (nothing changes).
 *
 * Returns: %TRUE when the text was set (or already held @text)
 */
gboolean
tsr_document_set_terminal_script (TsrDocument *self,
                                  guint        level,
                                  const char  *text,
                                  const char  *description,
                                  GError     **error)
{
  TsrTerminalText *terminal_text;
  g_autoptr(GPtrArray) compiled = NULL;
  g_autoptr(GError) compile_error = NULL;
  g_autofree char *label = NULL;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  if (!check_marathon (self, level, error))
    return FALSE;
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "the terminal script is not UTF-8");
      return FALSE;
    }
  label = g_strdup_printf ("level %u terminals", level);
  compiled = tsr_marathon_terminals_compile (text, strlen (text), label, &compile_error);
  if (compiled == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&compile_error));
      return FALSE;
    }
  terminal_text = tsr_marathon_document_get_terminal_text (TSR_MARATHON_DOCUMENT (self), level, error);
  if (terminal_text == NULL)
    return FALSE;
  if (strcmp (tsr_terminal_text_get_text (terminal_text, NULL), text) != 0)
    tsr_terminal_text_set_text (terminal_text, text, description != NULL ? description : "Script");
  return TRUE;
}

/**
 * tsr_terminal_compile:
 * @text: a #TERMINAL script (UTF-8)
 * @filename: (nullable): the name errors give, or %NULL
 * @error: return location for an error
 *
 * Compiles @text as `tessera-cli terminal compile` does.
 *
 * Returns: (transfer full): the 'term' chunk's bytes, or %NULL with @error set ("NAME:LINE:COLUMN:
 *   WHAT")
 */
GBytes *
tsr_terminal_compile (const char *text,
                      const char *filename,
                      GError    **error)
{
  g_autoptr(GPtrArray) terminals = NULL;

  g_return_val_if_fail (text != NULL, NULL);
  terminals = tsr_marathon_terminals_compile (text, strlen (text), filename != NULL ? filename : "script", error);
  return terminals != NULL ? tsr_marathon_terminals_serialize (terminals, error) : NULL;
}

/**
 * tsr_terminal_decompile:
 * @chunk: a 'term' chunk's bytes
 * @error: return location for an error
 *
 * Returns: (transfer full): the #TERMINAL script, or %NULL with @error set
 */
char *
tsr_terminal_decompile (GBytes  *chunk,
                        GError **error)
{
  g_autoptr(GPtrArray) terminals = NULL;

  g_return_val_if_fail (chunk != NULL, NULL);
  terminals = tsr_marathon_terminals_parse (g_bytes_get_data (chunk, NULL), g_bytes_get_size (chunk), "term", error);
  return terminals != NULL ? tsr_marathon_terminals_decompile (terminals, error) : NULL;
}

/**
 * tsr_property_source_get_kind:
 * @self: a property source
 *
 * Returns: (transfer none): the name of the record kind ("polygon", "panel", "person")
 */
const char *
tsr_property_source_get_kind (TsrPropertySource *self)
{
  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  return tsr_property_source_get_table (self)->name;
}

/**
 * tsr_property_source_get_n_fields:
 * @self: a property source
 *
 * Returns: the number of fields of the kind's table (hidden ones included; see
 *   tsr_property_source_is_field_visible())
 */
guint
tsr_property_source_get_n_fields (TsrPropertySource *self)
{
  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), 0);
  return tsr_property_source_get_table (self)->n_fields;
}

/**
 * tsr_property_source_get_field_name:
 * @self: a property source
 * @field: a field index
 *
 * Returns: (transfer none) (nullable): the field's identifier ("floor_height"), or %NULL past the
 *   last field
 */
const char *
tsr_property_source_get_field_name (TsrPropertySource *self,
                                    guint              field)
{
  const TsrFieldTable *table;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  table = tsr_property_source_get_table (self);
  return field < table->n_fields ? table->fields[field].name : NULL;
}

/**
 * tsr_property_source_find_field:
 * @self: a property source
 * @name: a field's identifier (or an older alias; without case when no exact match)
 *
 * Returns: the field's index, or -1
 */
int
tsr_property_source_find_field (TsrPropertySource *self,
                                const char        *name)
{
  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), -1);
  g_return_val_if_fail (name != NULL, -1);
  return tsr_field_table_find (tsr_property_source_get_table (self), name);
}

/**
 * tsr_property_source_dup_constants:
 * @self: a property source
 * @field: a field index
 *
 * Returns: (transfer full) (nullable) (array zero-terminated=1): the names of the constants of an
 *   enum or bitset field, in table order, or %NULL for other fields
 */
char **
tsr_property_source_dup_constants (TsrPropertySource *self,
                                   guint              field)
{
  const TsrFieldTable *table;
  const TsrFieldEnum *enumeration;
  GStrvBuilder *builder;
  char **names;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  table = tsr_property_source_get_table (self);
  if (field >= table->n_fields || (enumeration = table->fields[field].enumeration) == NULL)
    return NULL;
  builder = g_strv_builder_new ();
  for (guint i = 0; i < enumeration->n_constants; i++)
    g_strv_builder_add (builder, enumeration->constants[i].name);
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}

/* FIELD's index in SELF's table, or -1 with an error naming what there is. */
static int
find_field (TsrPropertySource *self,
            const char        *field,
            GError           **error)
{
  int index = tsr_property_source_find_field (self, field);

  if (index < 0)
    g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "a %s has no field '%s'",
                 tsr_property_source_get_kind (self), field);
  return index;
}

static gboolean
read_value (TsrPropertySource *self,
            guint              element,
            const char        *field,
            int               *index,
            TsrFieldValue     *value,
            GError           **error)
{
  if ((*index = find_field (self, field, error)) < 0)
    return FALSE;
  if (!tsr_property_source_get_value (self, element, (guint) *index, value))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "there is no %s %u",
                   tsr_property_source_get_kind (self), element);
      return FALSE;
    }
  return TRUE;
}

/**
 * tsr_property_source_dup_field_text:
 * @self: a property source
 * @element: an element of tsr_property_source_list_elements()
 * @field: the field's identifier
 * @error: return location for an error
 *
 * The field as the CLI and files write it: numbers in decimal, enum constants by name, bitsets
 * "A | B", points "x, y", text as is.
 *
 * Returns: (transfer full): the value, or %NULL with @error set
 */
char *
tsr_property_source_dup_field_text (TsrPropertySource *self,
                               guint              element,
                               const char        *field,
                               GError           **error)
{
  TsrFieldValue value = { { 0 }, NULL };
  int index;
  char *text;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);
  if (!read_value (self, element, field, &index, &value, error))
    return NULL;
  text = tsr_field_value_to_string (&tsr_property_source_get_table (self)->fields[index], &value);
  tsr_field_value_clear (&value);
  return text;
}

/**
 * tsr_property_source_get_field_int:
 * @self: a property source
 * @element: an element
 * @field: the identifier of a numeric field
 * @error: return location for an error
 *
 * Returns: the field's (first) integer: a number, an enum's value, a bitset's bits, a fixed-point
 *   field's raw integer, a reference's index (-1: none); 0 with @error set for text fields
 */
gint64
tsr_property_source_get_field_int (TsrPropertySource *self,
                             guint              element,
                             const char        *field,
                             GError           **error)
{
  TsrFieldValue value = { { 0 }, NULL };
  int index;
  gint64 result;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), 0);
  g_return_val_if_fail (field != NULL, 0);
  if (!read_value (self, element, field, &index, &value, error))
    return 0;
  if (tsr_field_is_text (&tsr_property_source_get_table (self)->fields[index]))
    {
      tsr_field_value_clear (&value);
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "field '%s' of a %s is text, not a number", field,
                   tsr_property_source_get_kind (self));
      return 0;
    }
  result = value.v[0];
  tsr_field_value_clear (&value);
  return result;
}

/**
 * tsr_property_source_dup_field_meaning:
 * @self: a property source
 * @element: an element
 * @field: the field's identifier
 *
 * What the value means for people, as the inspector says beside it ("platform 3").
 *
 * Returns: (transfer full) (nullable): the meaning, or %NULL when the family says nothing
 */
char *
tsr_property_source_dup_field_meaning (TsrPropertySource *self,
                                 guint              element,
                                 const char        *field)
{
  TsrPropertySourceClass *klass;
  int index;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);
  klass = TSR_PROPERTY_SOURCE_GET_CLASS (self);
  index = tsr_property_source_find_field (self, field);
  if (index < 0 || klass->describe_value == NULL)
    return NULL;
  return klass->describe_value (self, element, (guint) index);
}

/**
 * tsr_property_source_set_field_text:
 * @self: a property source
 * @element: an element
 * @field: the field's identifier
 * @text: the value, as tsr_property_source_dup_field_text() writes it (constants by name or label)
 * @error: return location for an error
 *
 * Sets the field of @element through the family's command, as the inspector does: one undo step
 * (nothing when it holds the value already). The selection is @element afterwards.
 *
 * Returns: %TRUE on success; %FALSE with @error set when @text is no value of the field or the
 *   element refuses it (nothing changes)
 */
gboolean
tsr_property_source_set_field_text (TsrPropertySource *self,
                               guint              element,
                               const char        *field,
                               const char        *text,
                               GError           **error)
{
  TsrFieldValue value = { { 0 }, NULL };
  int index;

  g_return_val_if_fail (TSR_IS_PROPERTY_SOURCE (self), FALSE);
  g_return_val_if_fail (field != NULL && text != NULL, FALSE);
  if (!read_value (self, element, field, &index, &value, error))
    return FALSE;
  tsr_field_value_clear (&value);
  if (!tsr_property_source_is_field_editable (self, (guint) index))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "field '%s' of a %s is read-only", field,
                   tsr_property_source_get_kind (self));
      return FALSE;
    }
  tsr_property_source_set_elements (self, &element, 1);
  return tsr_property_source_set_text (self, (guint) index, text, error);
}

/* Adding and removing records: what the editors' Delete, Copy and Paste do (TsrRemoveElementsCommand,
 * TsrPasteElementsCommand on the level's TsrVectorMap), and the Marathon palettes' Add, Duplicate
 * and Delete (TsrMarathonPaletteCommand) for the records that are no map elements. */

typedef struct {
  TsrPropertySource *source;  /* the record kind's source (owned) */
  TsrVectorMap      *map;     /* the map its records are elements of, or NULL */
  TsrMarathonLevelMap *marathon;  /* Marathon levels */
  int                palette; /* a Marathon palette kind, or -1 */
  TsrElementKind     element_kind;
} RecordKind;

static void
record_kind_clear (RecordKind *kind)
{
  g_clear_object (&kind->source);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RecordKind, record_kind_clear)

static gboolean
record_kind_init (RecordKind  *out,
                  TsrDocument *self,
                  guint        level,
                  const char  *kind,
                  GError     **error)
{
  out->source = tsr_document_find_record_source (self, level, kind, error);
  out->map = NULL;
  out->marathon = NULL;
  out->palette = -1;
  if (out->source == NULL)
    return FALSE;
  if (TSR_IS_MARATHON_LEVEL_SOURCE (out->source))
    {
      out->marathon = tsr_marathon_document_get_level_map (TSR_MARATHON_DOCUMENT (self), level);
      switch (tsr_marathon_level_source_get_kind (TSR_MARATHON_LEVEL_SOURCE (out->source)))
        {
        case TSR_MARATHON_RECORD_POINT:
        case TSR_MARATHON_RECORD_ENDPOINT:
          out->element_kind = TSR_ELEMENT_POINT;
          break;
        case TSR_MARATHON_RECORD_LINE:
          out->element_kind = TSR_ELEMENT_SEGMENT;
          break;
        case TSR_MARATHON_RECORD_POLYGON:
          out->element_kind = TSR_ELEMENT_POLYGON;
          break;
        case TSR_MARATHON_RECORD_OBJECT:
        case TSR_MARATHON_RECORD_ANNOTATION:
          out->element_kind = TSR_ELEMENT_MARKER;
          break;
        case TSR_MARATHON_RECORD_LIGHT:
        case TSR_MARATHON_RECORD_OLD_LIGHT:
          out->palette = TSR_MARATHON_PALETTE_LIGHT;
          return TRUE;
        case TSR_MARATHON_RECORD_MEDIA:
          out->palette = TSR_MARATHON_PALETTE_MEDIA;
          return TRUE;
        case TSR_MARATHON_RECORD_PLATFORM:
          out->palette = TSR_MARATHON_PALETTE_PLATFORM;
          return TRUE;
        case TSR_MARATHON_RECORD_AMBIENT_SOUND:
          out->palette = TSR_MARATHON_PALETTE_AMBIENT_SOUND;
          return TRUE;
        case TSR_MARATHON_RECORD_RANDOM_SOUND:
          out->palette = TSR_MARATHON_PALETTE_RANDOM_SOUND;
          return TRUE;
        default:
          goto unsupported;
        }
      out->map = TSR_VECTOR_MAP (out->marathon);
      return TRUE;
    }
  if (TSR_IS_SPHERE_PROPERTY_SOURCE (out->source))
    {
      switch (tsr_sphere_property_source_get_kind (TSR_SPHERE_PROPERTY_SOURCE (out->source)))
        {
        case TSR_SPHERE_ELEMENT_PERSON:
        case TSR_SPHERE_ELEMENT_TRIGGER:
          out->element_kind = TSR_ELEMENT_MARKER;
          break;
        case TSR_SPHERE_ELEMENT_ZONE:
          out->element_kind = TSR_ELEMENT_RECTANGLE;
          break;
        default:
          goto unsupported;
        }
      /* Entities and zones belong to every layer's map; a copy goes onto the map's layer. */
      out->map = tsr_sphere_document_get_vector_map (TSR_SPHERE_DOCUMENT (self), 0);
      return out->map != NULL;
    }
  if (TSR_IS_DOOM2D_PROPERTY_SOURCE (out->source))
    {
      switch (tsr_doom2d_property_source_get_kind (TSR_DOOM2D_PROPERTY_SOURCE (out->source)))
        {
        case TSR_DOOM2D_KIND_PANEL:
        case TSR_DOOM2D_KIND_ITEM:
        case TSR_DOOM2D_KIND_MONSTER:
        case TSR_DOOM2D_KIND_AREA:
        case TSR_DOOM2D_KIND_TRIGGER:
          out->map = TSR_VECTOR_MAP (self);
          return TRUE;
        default:
          goto unsupported;
        }
    }
unsupported:
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "%s: records of kind '%s' cannot be added or removed",
               tsr_document_get_display_name (self), kind);
  return FALSE;
}

/* The map element record ELEMENT is; FALSE with an error when there is no such record. */
static gboolean
record_element (RecordKind    *kind,
                TsrDocument   *self,
                guint          element,
                TsrElementRef *ref,
                GError       **error)
{
  g_autoptr(GArray) elements = tsr_property_source_list_elements (kind->source);
  gboolean listed = FALSE;

  /* Sphere persons and triggers are entity indices, so an index is checked against the list. */
  for (guint i = 0; i < elements->len && !listed; i++)
    listed = g_array_index (elements, guint, i) == element;
  if (!listed)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "%s: there is no %s %u (%u %s records)",
                   tsr_document_get_display_name (self), tsr_property_source_get_kind (kind->source),
                   element, elements->len, tsr_property_source_get_kind (kind->source));
      return FALSE;
    }
  if (kind->palette >= 0)
    return TRUE;
  if (TSR_IS_DOOM2D_PROPERTY_SOURCE (kind->source))
    *ref = tsr_doom2d_document_record_to_element (TSR_DOOM2D_DOCUMENT (self),
                                                  tsr_doom2d_property_source_get_kind (TSR_DOOM2D_PROPERTY_SOURCE (kind->source)),
                                                  element);
  else if (kind->marathon != NULL && kind->element_kind == TSR_ELEMENT_MARKER)
    {
      ref->kind = TSR_ELEMENT_MARKER;
      ref->index = tsr_marathon_level_source_get_kind (TSR_MARATHON_LEVEL_SOURCE (kind->source)) == TSR_MARATHON_RECORD_OBJECT
                     ? tsr_marathon_level_map_object_marker (kind->marathon, element)
                     : tsr_marathon_level_map_annotation_marker (kind->marathon, element);
    }
  else
    {
      ref->kind = kind->element_kind;
      ref->index = element;
    }
  return TRUE;
}

/* The record of KIND that map element REF is, or -1. */
static gint
element_record (RecordKind          *kind,
                TsrDocument         *self,
                const TsrElementRef *ref)
{
  if (TSR_IS_DOOM2D_PROPERTY_SOURCE (kind->source))
    {
      TsrDoom2dKind record_kind;
      guint index;

      if (tsr_doom2d_document_element_to_record (TSR_DOOM2D_DOCUMENT (self), ref, &record_kind, &index)
          && record_kind == tsr_doom2d_property_source_get_kind (TSR_DOOM2D_PROPERTY_SOURCE (kind->source)))
        return (gint) index;
      return -1;
    }
  if (kind->marathon != NULL)
    {
      TsrMarathonRecordKind wanted = tsr_marathon_level_source_get_kind (TSR_MARATHON_LEVEL_SOURCE (kind->source));
      guint record;
      TsrMarathonRecordKind record_kind = tsr_marathon_level_map_record_of (kind->marathon, ref, &record);

      if (record_kind == wanted
          || (ref->kind == TSR_ELEMENT_POINT && (wanted == TSR_MARATHON_RECORD_POINT || wanted == TSR_MARATHON_RECORD_ENDPOINT)))
        return (gint) record;
      return -1;
    }
  return ref->kind == kind->element_kind ? (gint) ref->index : -1;
}

static gint
compare_uint_descending (gconstpointer a,
                         gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? 1 : x > y ? -1 : 0;
}

/**
 * tsr_document_remove_records:
 * @self: a document
 * @level: the level (see tsr_document_list_record_sources())
 * @kind: the record kind's name, as tsr_document_find_record_source() takes it
 * @elements: (array length=n_elements): the records to remove, as the kind's property source lists
 *   them (tsr_property_source_list_elements(): record indices; Sphere persons and triggers are
 *   entity indices)
 * @n_elements: how many
 * @error: return location for an error
 *
 * Removes records as the editor's Delete does, in one undo step: map elements (Marathon
 * endpoints, lines, polygons, objects, annotations; Sphere persons, triggers, zones; Doom2D
 * panels, items, monsters, areas, triggers) with everything that depends on them (a removed
 * point's lines and polygons, a polygon's objects), references to them repaired; a Marathon
 * level's lights, liquids, platforms and sounds as the palettes' Delete does. The indices of the
 * records after a removed one shift down. Wolfenstein 3D objects are cells of the objects layer:
 * set them with tsr_document_set_tile().
 *
 * Returns: %TRUE when the records were removed; %FALSE with @error set (nothing changes)
 */
gboolean
tsr_document_remove_records (TsrDocument *self,
                             guint        level,
                             const char  *kind,
                             const guint *elements,
                             guint        n_elements,
                             GError     **error)
{
  g_auto(RecordKind) records = { NULL };
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));
  g_autoptr(GArray) indices = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(TsrCommand) command = NULL;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (kind != NULL, FALSE);
  g_return_val_if_fail (elements != NULL || n_elements == 0, FALSE);
  if (!record_kind_init (&records, self, level, kind, error))
    return FALSE;
  for (guint i = 0; i < n_elements; i++)
    {
      TsrElementRef ref = { 0 };

      if (!record_element (&records, self, elements[i], &ref, error))
        return FALSE;
      g_array_append_val (refs, ref);
      g_array_append_val (indices, elements[i]);
    }
  if (n_elements == 0)
    return TRUE;
  if (records.palette >= 0)
    {
      TsrUndoStack *stack = tsr_document_get_undo_stack (self);
      g_autoptr(GPtrArray) commands = g_ptr_array_new_with_free_func (g_object_unref);

      /* From the last, so each index still names the record asked for. */
      g_array_sort (indices, compare_uint_descending);
      for (guint i = indices->len; i > 1; i--)
        if (g_array_index (indices, guint, i - 1) == g_array_index (indices, guint, i - 2))
          g_array_remove_index (indices, i - 1);
      /* The palette's one refusal (tsr_marathon_palette_delete), checked before anything changes. */
      if (records.palette == TSR_MARATHON_PALETTE_LIGHT
          && indices->len == tsr_marathon_level_map_get_n_records (records.marathon, tsr_marathon_level_source_get_kind (TSR_MARATHON_LEVEL_SOURCE (records.source)))
          && (tsr_marathon_level_map_get_n_records (records.marathon, TSR_MARATHON_RECORD_POLYGON) > 0
              || tsr_marathon_level_map_get_n_records (records.marathon, TSR_MARATHON_RECORD_SIDE) > 0
              || tsr_marathon_level_map_get_n_records (records.marathon, TSR_MARATHON_RECORD_MEDIA) > 0))
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                       "%s: level %u: the last light cannot be removed: its polygons and sides need one",
                       tsr_document_get_display_name (self), level);
          return FALSE;
        }
      tsr_undo_stack_begin_group (stack, n_elements == 1 ? _("Delete Element") : _("Delete Elements"));
      for (guint i = 0; i < indices->len; i++)
        {
          guint index = g_array_index (indices, guint, i);
          TsrCommand *step;

          step = tsr_marathon_palette_command_new (records.marathon, (TsrMarathonPaletteKind) records.palette,
                                                   TSR_MARATHON_PALETTE_DELETE, index, error);
          if (step == NULL)
            {
              /* Not reached: the indices were checked and a light's refusal is above. */
              tsr_undo_stack_end_group (stack);
              return FALSE;
            }
          tsr_document_execute (self, step);
          g_object_unref (step);
        }
      tsr_undo_stack_end_group (stack);
      return TRUE;
    }
  g_array_sort (refs, (GCompareFunc) tsr_element_ref_compare);
  for (guint i = refs->len; i > 1; i--)
    if (tsr_element_ref_equal (&g_array_index (refs, TsrElementRef, i - 1),
                               &g_array_index (refs, TsrElementRef, i - 2)))
      g_array_remove_index (refs, i - 1);
  command = tsr_remove_elements_command_new (records.map, (const TsrElementRef *) refs->data, refs->len,
                                             refs->len == 1 ? _("Delete Element") : _("Delete Elements"));
  tsr_document_execute (self, command);
  return TRUE;
}

/**
 * tsr_document_duplicate_record:
 * @self: a document
 * @level: the level (see tsr_document_list_record_sources())
 * @kind: the record kind's name, as tsr_document_find_record_source() takes it
 * @element: the record to copy, as the kind's property source lists it
 * @dx: how far the copy lies right of the original, in map units (map elements only)
 * @dy: how far the copy lies below the original (map elements only)
 * @error: return location for an error
 *
 * Adds a copy of a record as the editor's Copy and Paste do (one undo step): a map element with
 * what it needs (a polygon its lines and points) and its data (a Sphere person's scripts, a
 * Doom2D record's fields), or a Marathon level's light, liquid, platform or sound as the
 * palettes' Duplicate does. The copy is the last record of @kind; set its fields through the
 * kind's property source.
 *
 * Returns: the copy as the kind's property source lists it (a record index; an entity index for
 *   Sphere persons and triggers), or -1 with @error set
 */
gint
tsr_document_duplicate_record (TsrDocument *self,
                               guint        level,
                               const char  *kind,
                               guint        element,
                               double       dx,
                               double       dy,
                               GError     **error)
{
  g_auto(RecordKind) records = { NULL };
  TsrElementRef ref = { 0 };
  g_autoptr(TsrVectorClip) clip = NULL;
  g_autoptr(TsrCommand) command = NULL;
  const TsrElementRef *added;
  guint n_added;

  g_return_val_if_fail (TSR_IS_DOCUMENT (self), -1);
  g_return_val_if_fail (kind != NULL, -1);
  if (!record_kind_init (&records, self, level, kind, error)
      || !record_element (&records, self, element, &ref, error))
    return -1;
  if (records.palette >= 0)
    {
      command = tsr_marathon_palette_command_new (records.marathon, (TsrMarathonPaletteKind) records.palette,
                                                  TSR_MARATHON_PALETTE_DUPLICATE, element, error);
      if (command == NULL)
        return -1;
      tsr_document_execute (self, command);
      return (gint) tsr_marathon_palette_command_get_index (TSR_MARATHON_PALETTE_COMMAND (command));
    }
  clip = tsr_vector_clip_new_from_map (records.map, &ref, 1);
  command = tsr_paste_elements_command_new (records.map, clip, dx, dy, _("Paste"));
  tsr_document_execute (self, command);
  added = tsr_paste_elements_command_get_added (TSR_PASTE_ELEMENTS_COMMAND (command), &n_added);
  for (guint i = 0; i < n_added; i++)
    {
      gint record = element_record (&records, self, &added[i]);

      if (added[i].kind == ref.kind && record >= 0)
        return record;
    }
  /* The map could not hold the copy (a full record table): the step added nothing. */
  g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, "%s: the %s could not be copied",
               tsr_document_get_display_name (self), kind);
  return -1;
}
