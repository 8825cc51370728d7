/* tsr-sphere-spriteset.h: Sphere .rss spritesets, versions 1, 2 and 3. A 128-byte header, then:
 * v1: the images only (8 directions of 8 frames implied); v2: per direction a 64-byte header and
 * per frame a 32-byte header followed by its pixels; v3: all images, then per direction a header,
 * a name and (image, delay) frames. Reserved bytes are kept for byte-exact saves. */
#pragma once

#include <glib.h>

#include "core/tsr-image.h"
#include "core/tsr-finding.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"

G_BEGIN_DECLS

typedef struct {
  guint16 image;        /* index into images */
  guint16 delay;
  guint16 width;        /* v2: the frame header's size (the pixels use the spriteset's when not 0) */
  guint16 height;
  guint8  reserved[26]; /* v2: 26 bytes; v3: the first 4 */
} TsrSphereFrame;

typedef struct {
  GBytes *name;         /* v3 only; NULL before */
  guint8  reserved[62]; /* v2: 62 bytes; v3: the first 6 */
  GArray *frames;       /* TsrSphereFrame */
} TsrSphereDirection;

typedef struct {
  guint16    version;       /* 1, 2 or 3 */
  guint16    image_count;   /* as stored (v2 files may disagree with their frames) */
  guint16    frame_width;
  guint16    frame_height;
  guint16    direction_count; /* as stored (v1 ignores it) */
  gint16     base_x1, base_y1, base_x2, base_y2;
  guint8     reserved[106];
  GPtrArray *images;        /* TsrImage */
  GPtrArray *directions;    /* TsrSphereDirection (empty for v1) */
  GBytes    *trailing;      /* bytes after the spriteset data (Sphere ignores them); NULL if none */
} TsrSphereSpriteset;

/* Version 1's fixed layout as the engine reads it (minisphere spriteset.c load_spriteset). */
#define TSR_SPHERE_V1_DIRECTIONS 8
#define TSR_SPHERE_V1_FRAMES     8
#define TSR_SPHERE_V1_DELAY      8

/* An empty spriteset of VERSION (1, 2 or 3) with frames of WIDTH x HEIGHT. */
TsrSphereSpriteset *tsr_sphere_spriteset_new       (guint16     version,
                                                    guint16     frame_width,
                                                    guint16     frame_height);
/* Appends an empty direction (NAME is kept for version 3) and returns it. */
TsrSphereDirection *tsr_sphere_spriteset_add_direction (TsrSphereSpriteset *spriteset,
                                                        const char *name);
/* A deep copy of DIRECTION (its name's bytes shared, they never change). (transfer full) */
TsrSphereDirection *tsr_sphere_direction_copy      (const TsrSphereDirection *direction);
void                tsr_sphere_direction_free      (TsrSphereDirection *direction);
TsrSphereSpriteset *tsr_sphere_spriteset_parse     (GBytes     *bytes,
                                                    GError    **error);
GBytes             *tsr_sphere_spriteset_serialize (const TsrSphereSpriteset *spriteset);
void                tsr_sphere_spriteset_free      (TsrSphereSpriteset *spriteset);
/* The image for DIRECTION (a name like "south", or NULL for the first) frame 0, borrowed; NULL
 * when there is none. */
const TsrImage     *tsr_sphere_spriteset_pose_image (const TsrSphereSpriteset *spriteset,
                                                     const char *direction);
/* For version 1: the 8 directions of 8 frames the engine implies (frame F of direction D shows
 * image D * 8 + F, which may lie past the images a short file holds; delay 8), named by
 * tsr_sphere_spriteset_direction_name. NULL for versions 2 and 3, which store their directions.
 * The spriteset is not changed. (transfer full) (element-type TsrSphereDirection) */
GPtrArray          *tsr_sphere_spriteset_implied_directions (const TsrSphereSpriteset *spriteset);
char               *tsr_sphere_spriteset_direction_name (const TsrSphereSpriteset *spriteset,
                                                         guint index);
/* The frames' pictures side by side: DIRECTION's frames in one row, or with DIRECTION < 0 every
 * direction in a row of its own (as wide as the longest); frames whose image is missing and the
 * room after a short row stay transparent. NULL when there is no frame or the picture would pass
 * TSR_IMAGE_MAX_PIXELS. (transfer full) */
TsrImage           *tsr_sphere_spriteset_export_sheet (const TsrSphereSpriteset *spriteset,
                                                       gint direction);
void                tsr_sphere_spriteset_validate  (const TsrSphereSpriteset *spriteset,
                                                    GPtrArray *findings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrSphereSpriteset, tsr_sphere_spriteset_free)

G_END_DECLS
