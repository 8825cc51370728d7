/* tsr-wolf3d-set.h: a Wolfenstein 3D / Spear of Destiny data set: the files sharing one
 * extension (WL1, WL3, WL6, SOD, SDM, SD1-SD3) in one folder, found from any one of them, with
 * the game and version identified by the files present and the VGAHEAD chunk count. */
#pragma once

#include <glib.h>

#include "core/tsr-image.h"
#include "formats/wolf3d/tsr-wolf3d-graphics.h"
#include "formats/wolf3d/tsr-wolf3d-maps.h"
#include "formats/wolf3d/tsr-wolf3d-tables.h"
#include "formats/wolf3d/tsr-wolf3d-vswap.h"

G_BEGIN_DECLS

typedef enum {
  TSR_WOLF3D_FILE_MAPHEAD,
  TSR_WOLF3D_FILE_GAMEMAPS,
  TSR_WOLF3D_FILE_MAPTEMP,
  TSR_WOLF3D_FILE_VSWAP,
  TSR_WOLF3D_FILE_VGAHEAD,
  TSR_WOLF3D_FILE_VGADICT,
  TSR_WOLF3D_FILE_VGAGRAPH,
  TSR_WOLF3D_FILE_AUDIOHED,
  TSR_WOLF3D_FILE_AUDIOT,
  TSR_WOLF3D_N_FILES,
  TSR_WOLF3D_FILE_NONE = -1,
} TsrWolf3dFileKind;

typedef struct {
  char              *directory;   /* NULL when loaded from bytes alone */
  char              *extension;   /* as found on disk ("WL1") */
  char              *names[TSR_WOLF3D_N_FILES];  /* file names on disk, NULL when absent */
  GBytes            *files[TSR_WOLF3D_N_FILES];  /* NULL when absent */
  TsrWolf3dFileKind  main_kind;   /* the file the set was opened from */
  TsrWolf3dGame      game;
  char              *version;     /* "Wolfenstein 3D shareware v1.4" */
  TsrWolf3dMaps     *maps;        /* NULL without MAPHEAD + GAMEMAPS/MAPTEMP */
  TsrWolf3dVswap    *vswap;       /* NULL without VSWAP */
  TsrWolf3dGraphics *graphics;    /* NULL without VGAHEAD + VGADICT + VGAGRAPH */
  guint              n_audio_chunks;
} TsrWolf3dSet;

const char        *tsr_wolf3d_file_kind_name      (TsrWolf3dFileKind kind);
/* The kind a file name ("vswap.wl6") names, or TSR_WOLF3D_FILE_NONE. */
TsrWolf3dFileKind  tsr_wolf3d_file_kind_from_name (const char *basename,
                                                   char      **extension);
/* The kind the bytes look like, with a TSR_SNIFF_* certainty. PATH (may be NULL) helps only
 * for VGAGRAPH and AUDIOT, which carry no structure of their own: their header file must end
 * where they end. */
guint              tsr_wolf3d_sniff_kind          (const guint8 *data,
                                                   gsize         size,
                                                   const char   *path,
                                                   TsrWolf3dFileKind *kind);

/* Loads the set PATH belongs to (a member file or the folder). BYTES, when given, are PATH's
 * contents (already read). */
TsrWolf3dSet      *tsr_wolf3d_set_load            (const char   *path,
                                                   GBytes       *bytes,
                                                   GError      **error);
/* Loads a set from the files given (NULL entries absent); for tests and fuzzing. */
TsrWolf3dSet      *tsr_wolf3d_set_load_files      (GBytes      **files,
                                                   TsrWolf3dFileKind main_kind,
                                                   const char   *extension,
                                                   GError      **error);
void               tsr_wolf3d_set_free            (TsrWolf3dSet *set);
/* One TsrOutputFile per file of the set in the folder of PATH (or the set's folder when PATH
 * is NULL), the main file first. Untouched files are the bytes loaded. */
GPtrArray         *tsr_wolf3d_set_save            (const TsrWolf3dSet *set,
                                                   const char   *path,
                                                   GError      **error);

void               tsr_wolf3d_set_validate        (const TsrWolf3dSet *set,
                                                   GPtrArray    *findings);
/* Top-down view of level LEVEL: TILE_SIZE pixels per tile, walls and doors textured from VSWAP
 * (flat colours per tile class without one), objects as their sprites or markers. */
TsrImage          *tsr_wolf3d_set_render_level    (const TsrWolf3dSet *set,
                                                   guint         level,
                                                   guint         tile_size,
                                                   GError      **error);
/* Writes wall-NNN.png, sprite-NNN.png, pic-NNN.png and font-N.png into DIRECTORY (every picture of
 * tsr_wolf3d_set_list_assets, decoded by tsr_wolf3d_set_decode_asset). */
gboolean           tsr_wolf3d_set_extract         (const TsrWolf3dSet *set,
                                                   const char   *directory,
                                                   GPtrArray    *written,
                                                   GError      **error);

G_END_DECLS
