/* tsr-doom2d-resources.h: finding what a map names ('Archive.wad:SECTION\NAME') in the map's own
 * archive and a list of archives and game folders; textures as bytes plus their type and
 * animation; decoding them (PNG, TGA) without GTK; and a lazy per-map texture cache that keeps
 * why each texture does not resolve, for the map check. */
#pragma once

#include <glib.h>

#include "core/tsr-image.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-wad.h"

G_BEGIN_DECLS

/* NAME in FOLDER: the exact name when it passes TEST, else the first entry equal to it ignoring
 * ASCII case (the game's names are case-blind; Unix file systems are not), or NULL. */
char *tsr_doom2d_find_child (const char *folder,
                             const char *name,
                             GFileTest   test);

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
  /* Where the entry BYTES came from lay in its archive (the animation's own archive for
   * animations; 0 when made here): for messages. */
  guint32               entry_offset;
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

/* PATH's resource name, for people: what follows its last ':', '\' or '/' (PATH itself without
 * any). (transfer none: points into PATH) */
const char             *tsr_doom2d_resource_name          (const char *path);

/* SEARCH: where archives are looked for, in order. A folder is searched (also its wads/, maps/
 * and data/ subfolders) for a file of the archive's name, without case; an archive file answers
 * for its own name, and, when no place has an archive of the name asked for, as a last resort for
 * any name (so `render --resources packed.wad` needs no particular file name). OWN: the map's
 * archive (borrowed, may be NULL), always searched first for paths without an archive part. */
TsrDoom2dResources     *tsr_doom2d_resources_new          (const char *const *game_folders,
                                                           const TsrDoom2dWad *own);
void                    tsr_doom2d_resources_free         (TsrDoom2dResources *resources);
/* The uncompressed bytes PATH names. */
GBytes                 *tsr_doom2d_resources_lookup       (TsrDoom2dResources *resources,
                                                           const char         *path,
                                                           GError            **error);
/* The pictures maps can name as textures: every resource of a section whose name ends in
 * "TEXTURES" (D2DTEXTURES, TEXTURES, ...), first of the map's own archive, then of each archive
 * ARCHIVES names (looked up as paths are; missing ones are skipped), as maps name them
 * ('Standart.wad:D2DTEXTURES\BRICK'; ':TEXTURES\W73A' in the own archive), each archive's in its
 * directory order. (transfer full: char *) */
GPtrArray              *tsr_doom2d_resources_list_textures (TsrDoom2dResources *resources,
                                                            const char *const  *archives);
TsrDoom2dTexture       *tsr_doom2d_resources_load_texture (TsrDoom2dResources *resources,
                                                           const char         *path,
                                                           GError            **error);
/* Reads an animated texture's nested archive (TEXT\ANIM and TEXTURES\<resource>). */
TsrDoom2dTexture       *tsr_doom2d_texture_from_animation (GBytes  *archive,
                                                           GError **error);
/* Parses TEXT\ANIM ('key=value' lines: resource, framecount, framewidth, frameheight,
 * waitcount, backanimation) into TEXTURE's animation fields and *RESOURCE (transfer full). A
 * description without a resource, or with a frame count or size of 0, is an error. */
gboolean                tsr_doom2d_animation_parse        (const guint8     *text,
                                                           gsize             size,
                                                           TsrDoom2dTexture *texture,
                                                           char            **resource,
                                                           GError          **error);
/* The frame shown at game tick TICK (the game runs 1000/28 ticks a second): each frame stays
 * wait_count ticks (at least 1); back-animation plays 0 … n-1 then n-2 … 1 and again. 0 for
 * textures that are not animated. */
guint                   tsr_doom2d_texture_frame_at       (const TsrDoom2dTexture *texture,
                                                           guint64                 tick);
/* Frame FRAME's place in the decoded strip (frames side by side, left to right), clipped to the
 * picture of PICTURE_WIDTH x PICTURE_HEIGHT; a still texture is one frame, the whole picture. */
void                    tsr_doom2d_texture_frame_rect     (const TsrDoom2dTexture *texture,
                                                           guint                   frame,
                                                           guint                   picture_width,
                                                           guint                   picture_height,
                                                           guint                  *x,
                                                           guint                  *width,
                                                           guint                  *height);
/* TEXTURE's picture (for animations the whole strip) decoded without GTK: PNG and TGA; other
 * types are TSR_ERROR_NOT_SUPPORTED. LABEL names it in errors. (transfer full) */
TsrImage               *tsr_doom2d_texture_decode         (const TsrDoom2dTexture *texture,
                                                           const char             *label,
                                                           GError                **error);
void                    tsr_doom2d_texture_free           (TsrDoom2dTexture *texture);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrDoom2dTexture, tsr_doom2d_texture_free)

/* The texture cache: path -> resolved texture and decoded picture, each resolved once, when first
 * asked for. */
typedef struct {
  char                   *path;    /* as the map names it */
  TsrDoom2dSpecialTexture special; /* _water_0/1/2: no resource, drawn by the panel's type */
  TsrDoom2dTexture       *texture; /* the resource (bytes, type, animation); NULL when unresolved */
  TsrImage               *image;   /* the decoded picture (animations: the strip), or NULL */
  GError                 *error;   /* why TEXTURE or IMAGE is missing (NULL for special ones) */
} TsrDoom2dCachedTexture;

/* Decodes TEXTURE (the GUI passes GdkPixbuf here); returns NULL with ERROR when it cannot. */
typedef TsrImage *(*TsrDoom2dTextureDecoder) (const TsrDoom2dTexture *texture,
                                              const char             *label,
                                              gpointer                user_data,
                                              GError                **error);

typedef struct _TsrDoom2dTextureCache TsrDoom2dTextureCache;

/* RESOURCES is taken (freed with the cache). DECODER NULL: tsr_doom2d_texture_decode. */
TsrDoom2dTextureCache        *tsr_doom2d_texture_cache_new       (TsrDoom2dResources     *resources,
                                                                  TsrDoom2dTextureDecoder decoder,
                                                                  gpointer                user_data);
void                          tsr_doom2d_texture_cache_free      (TsrDoom2dTextureCache  *cache);
/* Never NULL; resolved and decoded on the first call for PATH (compared without case). The entry
 * lives as long as the cache (transfer none). */
const TsrDoom2dCachedTexture *tsr_doom2d_texture_cache_get       (TsrDoom2dTextureCache  *cache,
                                                                  const char             *path);
/* The resources CACHE resolves through (transfer none). */
TsrDoom2dResources           *tsr_doom2d_texture_cache_get_resources (TsrDoom2dTextureCache *cache);
/* Resolves every texture record of MAP and adds a warning (kind "texture", its index) for each
 * that does not resolve or decode, saying why. A warning, not an error: it tells of the resources
 * this machine has, which neither the map's bytes nor its save depend on. Returns how many failed. */
guint                         tsr_doom2d_texture_cache_check_map (TsrDoom2dTextureCache  *cache,
                                                                  const TsrDoom2dMap     *map,
                                                                  GPtrArray              *findings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrDoom2dTextureCache, tsr_doom2d_texture_cache_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrDoom2dResources, tsr_doom2d_resources_free)

G_END_DECLS
