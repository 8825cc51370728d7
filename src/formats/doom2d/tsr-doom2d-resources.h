/* tsr-doom2d-resources.h: finding what a map names ('Archive.wad:SECTION\NAME') in the map's own
 * archive and a list of game folders, and handing textures over as bytes plus their type. Decoding
 * pictures is left to the caller (the GUI has GdkPixbuf; the codec stays GTK-free). */
#pragma once

#include <glib.h>

#include "formats/doom2d/tsr-doom2d-wad.h"

G_BEGIN_DECLS

typedef enum {
  TSR_DOOM2D_RESOURCE_UNKNOWN,
  TSR_DOOM2D_RESOURCE_PNG,
  TSR_DOOM2D_RESOURCE_TGA,
  TSR_DOOM2D_RESOURCE_BMP,
  TSR_DOOM2D_RESOURCE_JPEG,
  TSR_DOOM2D_RESOURCE_GIF,
  TSR_DOOM2D_RESOURCE_DFWAD, /* a nested archive: animated textures */
  TSR_DOOM2D_RESOURCE_ZIP,   /* the same in a ZIP archive */
  TSR_DOOM2D_RESOURCE_MAP,
} TsrDoom2dResourceType;

/* The special textures that need no resource. */
typedef enum {
  TSR_DOOM2D_SPECIAL_NONE,
  TSR_DOOM2D_SPECIAL_WATER,  /* _water_0 */
  TSR_DOOM2D_SPECIAL_ACID1,  /* _water_1 */
  TSR_DOOM2D_SPECIAL_ACID2,  /* _water_2 */
} TsrDoom2dSpecialTexture;

typedef struct {
  TsrDoom2dResourceType type;  /* of BYTES: the picture (for animations, the frame strip) */
  GBytes               *bytes;
  gboolean              animated;
  /* From TEXT\ANIM of an animated texture. */
  guint                 frame_count;
  guint                 frame_width;
  guint                 frame_height;
  guint                 wait_count;
  gboolean              back_animation;
} TsrDoom2dTexture;

typedef struct _TsrDoom2dResources TsrDoom2dResources;

TsrDoom2dResourceType   tsr_doom2d_resource_sniff         (const guint8 *data,
                                                           gsize         size);
TsrDoom2dSpecialTexture tsr_doom2d_special_texture        (const char *path);
/* Splits 'Archive.wad:SECTION\NAME' (also '/' separators, no archive part = the map's own archive).
 * ARCHIVE is "" for the own archive, SECTION "" for the root. */
gboolean                tsr_doom2d_resource_split         (const char *path,
                                                           char      **archive,
                                                           char      **section,
                                                           char      **name);

/* GAME_FOLDERS: folders searched for archives (also their wads/ and maps/ subfolders). OWN: the
 * map's archive (borrowed, may be NULL). */
TsrDoom2dResources     *tsr_doom2d_resources_new          (const char *const *game_folders,
                                                           const TsrDoom2dWad *own);
void                    tsr_doom2d_resources_free         (TsrDoom2dResources *resources);
/* The uncompressed bytes PATH names. */
GBytes                 *tsr_doom2d_resources_lookup       (TsrDoom2dResources *resources,
                                                           const char         *path,
                                                           GError            **error);
TsrDoom2dTexture       *tsr_doom2d_resources_load_texture (TsrDoom2dResources *resources,
                                                           const char         *path,
                                                           GError            **error);
/* Reads an animated texture's nested archive (TEXT\ANIM and TEXTURES\<resource>). */
TsrDoom2dTexture       *tsr_doom2d_texture_from_animation (GBytes  *archive,
                                                           GError **error);
void                    tsr_doom2d_texture_free           (TsrDoom2dTexture *texture);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrDoom2dTexture, tsr_doom2d_texture_free)

G_END_DECLS
