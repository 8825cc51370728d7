/* tsr-doom2d-formats.h: the Doom2D Forever formats as TsrFormat entries: "doom2d-map" (binary
 * lump), "doom2d-text" (text map) and "doom2d-wad" (DFWAD archive). All three load into a
 * TsrDoom2dFile. */
#pragma once

#include "core/tsr-image.h"
#include "formats/tsr-format.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-wad.h"

G_BEGIN_DECLS

typedef struct {
  char              *path;      /* where it was loaded from, or NULL */
  TsrDoom2dWad      *wad;       /* doom2d-wad: the archive, else NULL */
  GPtrArray         *map_entries; /* doom2d-wad: root resources holding maps (borrowed entries) */
  TsrDoom2dWadEntry *map_entry; /* doom2d-wad: the resource MAP came from, or NULL */
  TsrDoom2dMap      *map;       /* the map (for an archive: its first map), or NULL */
  gboolean           map_is_text; /* MAP came from / goes back as text */
} TsrDoom2dFile;

void           tsr_doom2d_register_formats   (TsrFormatRegistry *registry);
void           tsr_doom2d_file_free          (TsrDoom2dFile *file);
/* Folders searched for game archives: $TESSERA_DOOM2D_PATH (':'-separated), then the file's own
 * folder and its parent. */
GStrv          tsr_doom2d_file_game_folders  (const TsrDoom2dFile *file);
/* Draws FILE's map (LEVEL < 0: the selected one) with its textures, looked up in FILE's own
 * archive, then in SEARCH (archives or folders, may be NULL), then in the game folders; WIDTH and
 * HEIGHT as tsr_doom2d_map_render. (transfer full) */
TsrImage      *tsr_doom2d_file_render        (TsrDoom2dFile      *file,
                                              const char *const  *search,
                                              int                 level,
                                              guint               width,
                                              guint               height,
                                              GError            **error);
/* Resolves and decodes (without GTK) every texture record of FILE's map, looked up as
 * tsr_doom2d_file_render looks them up, and adds a warning to FINDINGS for each that fails
 * (tsr_doom2d_texture_cache_check_map). Returns how many failed. */
guint          tsr_doom2d_file_check_textures (TsrDoom2dFile     *file,
                                               const char *const *search,
                                               GPtrArray         *findings);
/* Writes FILE->map back into FILE->wad's resource (as binary or text, as it was read). */
gboolean       tsr_doom2d_file_store_map     (TsrDoom2dFile *file,
                                              GError       **error);
/* Selects map INDEX of an archive (parsing it); FALSE with an error if it has none such. */
gboolean       tsr_doom2d_file_select_map    (TsrDoom2dFile *file,
                                              guint          index,
                                              GError       **error);

G_END_DECLS
