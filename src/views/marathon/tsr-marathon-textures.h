/* tsr-marathon-textures.h: the pictures of a Shapes file as the map editor draws them: a
 * Marathon shape descriptor (collection, colour table, frame) becomes a cairo surface of the
 * frame's bitmap in that colour table, decoded once and cached. Shared by the texture layer and
 * the texture picker. */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "formats/marathon/tsr-marathon-shapes.h"

G_BEGIN_DECLS

/* A shape descriptor's parts (Aleph One's shape_descriptors.h). */
#define TSR_MARATHON_DESCRIPTOR_NONE 0xFFFF
#define TSR_MARATHON_DESCRIPTOR(collection, clut, frame) \
  ((guint16) ((((clut) & 7) << 13) | (((collection) & 31) << 8) | ((frame) & 255)))
#define TSR_MARATHON_DESCRIPTOR_COLLECTION(d) (((d) >> 8) & 31)
#define TSR_MARATHON_DESCRIPTOR_CLUT(d)       (((d) >> 13) & 7)
#define TSR_MARATHON_DESCRIPTOR_FRAME(d)      ((d) & 255)

/* The wall collections of Marathon 2 and Infinity (water, lava, sewage, Jjaro, Pfhor) and the
 * collection of environment code CODE (level info), or -1. */
#define TSR_MARATHON_FIRST_WALL_COLLECTION 17
#define TSR_MARATHON_N_WALL_COLLECTIONS    5
gint tsr_marathon_environment_wall_collection (gint code);

#define TSR_TYPE_MARATHON_TEXTURES (tsr_marathon_textures_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonTextures, tsr_marathon_textures, TSR, MARATHON_TEXTURES, GObject)

/* Takes FILE over. */
TsrMarathonTextures *tsr_marathon_textures_new       (TsrShapesFile       *file,
                                                      GFile               *location);
/* Reads a Shapes file. (transfer full) */
TsrMarathonTextures *tsr_marathon_textures_load      (GFile               *location,
                                                      GError             **error);
/* Where it was read from (transfer none; may be NULL). */
GFile               *tsr_marathon_textures_get_file  (TsrMarathonTextures *self);
/* The Shapes file it draws from (transfer none). */
const TsrShapesFile *tsr_marathon_textures_get_shapes (TsrMarathonTextures *self);
/* Frames of COLLECTION's 8-bit version (or its 16-bit one), 0 when absent. */
guint                tsr_marathon_textures_get_n_frames (TsrMarathonTextures *self,
                                                         guint                collection);
/* The picture of DESCRIPTOR, or NULL when the file has no such frame or bitmap (transfer none;
 * lives as long as SELF). A colour table the collection lacks falls back to its first. */
cairo_surface_t     *tsr_marathon_textures_get_surface (TsrMarathonTextures *self,
                                                        guint16              descriptor);

G_END_DECLS
