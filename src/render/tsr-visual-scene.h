/* tsr-visual-scene.h: the visual (3D) mode's scene: a Marathon or Wolfenstein 3D level turned into
 * plain surfaces (convex polygons in world space with a texture descriptor, texture coordinates, a
 * light intensity and where each came from), built without GTK or GL so that the builder can be
 * tested and fuzzed alone. The GL renderer (tsr-visual-renderer.h) draws it; picking casts a ray
 * through it.
 *
 * World space: x and y are the map's (y grows southwards, as on the 2D map), z is up; one unit is
 * one Marathon world unit (1024 map units) or one Wolf3D cell. */
#pragma once

#include <glib.h>

#include "formats/marathon/tsr-marathon-map.h"
#include "formats/marathon/tsr-marathon-shapes.h"
#include "formats/wolf3d/tsr-wolf3d-maps.h"
#include "formats/wolf3d/tsr-wolf3d-tables.h"

G_BEGIN_DECLS

#define TSR_VISUAL_MAX_VERTICES 8

/* What a surface is part of, for picking and for the commands that edit it. */
typedef enum {
  TSR_VISUAL_PART_FLOOR,             /* Marathon polygon INDEX's floor */
  TSR_VISUAL_PART_CEILING,           /* Marathon polygon INDEX's ceiling */
  TSR_VISUAL_PART_WALL_FULL,         /* Marathon side INDEX (or line DETAIL with no side) */
  TSR_VISUAL_PART_WALL_HIGH,         /* the part above the neighbour's ceiling */
  TSR_VISUAL_PART_WALL_LOW,          /* the part below the neighbour's floor */
  TSR_VISUAL_PART_WALL_TRANSPARENT,  /* the opening, drawn with the transparent texture */
  TSR_VISUAL_PART_LIQUID,            /* the liquid of polygon INDEX (DETAIL: the media index) */
  TSR_VISUAL_PART_OBJECT,            /* Marathon object INDEX */
  TSR_VISUAL_PART_CELL_WALL,         /* Wolf3D cell INDEX (y * width + x), DETAIL: face 0 N 1 E 2 S 3 W */
  TSR_VISUAL_PART_CELL_DOOR,         /* Wolf3D door cell INDEX, DETAIL: 0 front 1 back */
  TSR_VISUAL_PART_CELL_FLOOR,        /* Wolf3D open cell INDEX's floor */
  TSR_VISUAL_PART_CELL_CEILING,      /* Wolf3D open cell INDEX's ceiling */
  TSR_VISUAL_PART_CELL_OBJECT,       /* Wolf3D plane-1 object on cell INDEX */
} TsrVisualPart;

typedef enum {
  TSR_VISUAL_TEXTURE_NONE,           /* a flat colour */
  TSR_VISUAL_TEXTURE_SHAPES,         /* a Marathon shape descriptor (collection, clut, frame) */
  TSR_VISUAL_TEXTURE_WOLF3D_WALL,    /* a VSWAP wall page */
  TSR_VISUAL_TEXTURE_WOLF3D_SPRITE,  /* a VSWAP sprite (from the sprite start) */
} TsrVisualTextureKind;

typedef struct {
  TsrVisualTextureKind kind;
  guint16              descriptor;   /* SHAPES: as stored; WOLF3D: the page or sprite number */
  gint16               transfer_mode;/* Marathon transfer mode (0 normal); 0 for Wolf3D */
  gint16               x0, y0;       /* Marathon texture offsets as stored (map units) */
  guint8               slot;         /* Marathon walls: the side's texture drawn, 0 primary,
                                      * 1 secondary, 2 transparent */
} TsrVisualTexture;

typedef struct {
  TsrVisualPart    part;
  gint32           index;
  gint32           detail;           /* see TsrVisualPart; -1 when unused */
  TsrVisualTexture texture;
  guint32          color;            /* 0xRRGGBBAA: the flat colour without a texture; alpha < 255
                                      * marks a translucent surface (liquids) */
  gint16           light_index;      /* Marathon light, -1 none */
  float            light;            /* the light's current intensity, 0..1 */
  float            normal[3];        /* unit, facing the viewer side */
  guint            n_vertices;       /* 3..TSR_VISUAL_MAX_VERTICES (4 for billboards) */
  float            positions[TSR_VISUAL_MAX_VERTICES][3];
  float            uv[TSR_VISUAL_MAX_VERTICES][2];  /* in texture repetitions */
  /* Billboards (objects) face the camera: the renderer places the quad round CENTER, WIDTH wide
   * and HEIGHT tall standing on CENTER's z, its middle SHIFT along the camera's right of CENTER (a
   * sprite whose origin is off its middle); positions hold the quad facing south. */
  gboolean         billboard;
  float            center[3];
  float            width, height;
  float            shift;
} TsrVisualSurface;

typedef struct {
  GArray  *surfaces;                 /* TsrVisualSurface */
  float    bounds_min[3], bounds_max[3];
  /* Where a player starts (the first player start) and which way it faces (radians, 0 east,
   * growing towards +y); has_start FALSE when the level has none (the camera then stands at the
   * middle of the bounds). */
  gboolean has_start;
  float    start[3];
  float    start_yaw;
  guint32  sky_color;                /* background (Wolf3D: ceiling colour) 0xRRGGBBAA */
  /* Marathon: each light's intensity the surfaces were built with (0..1), by light index. */
  float   *light_intensity;
  guint    n_lights;
  gboolean wolf3d;
  guint    wolf3d_width, wolf3d_height;
} TsrVisualScene;

void            tsr_visual_scene_free          (TsrVisualScene *scene);

/* The scene of LEVEL as the engine starts it: surfaces at the stored heights (platforms and
 * liquids at their current heights, a liquid's height from its light's intensity at level start,
 * as Aleph One's media.cpp update_medias computes it), lights at their level-start intensity
 * (lightsource.cpp new_light). Never fails: indexes naming nothing are skipped. (transfer full) */
TsrVisualScene *tsr_visual_scene_build_marathon (const TsrMarathonLevel *level);
/* The same with the map objects as sprites of SHAPES (may be NULL: markers), each the first frame
 * of the shape the engine gives it (tsr-visual-marathon-objects.h) standing at its location as
 * RenderPlaceObjs.cpp build_render_object places it; objects without a picture stay markers.
 * (transfer full) */
TsrVisualScene *tsr_visual_scene_build_marathon_with_shapes (const TsrMarathonLevel *level,
                                                             const TsrShapesFile    *shapes);
/* Gives every surface lit by light i the intensity INTENSITY[i] (0..1; N entries, lights past N
 * keep theirs), as the build would have at that moment, and keeps them in the scene. */
void            tsr_visual_scene_set_lights    (TsrVisualScene         *scene,
                                                const float            *intensity,
                                                guint                   n);

/* The level's lights running by the engine's lighting functions (tsr-marathon-lighting.h, the
 * code the light editor's curves use), from level start, one tick a 30th of a second. */
typedef struct _TsrVisualLightClock TsrVisualLightClock;

/* NULL when the level has no Marathon 2 lights (Marathon 1 lights do not change here). (transfer full) */
TsrVisualLightClock *tsr_visual_light_clock_new   (const TsrMarathonLevel *level);
void                 tsr_visual_light_clock_free  (TsrVisualLightClock    *clock);
/* Steps N_TICKS ticks. */
void                 tsr_visual_light_clock_tick  (TsrVisualLightClock    *clock,
                                                   guint                   n_ticks);
guint64              tsr_visual_light_clock_get_tick (const TsrVisualLightClock *clock);
/* Each light's intensity now (0..1), *N_LIGHTS entries. (transfer none) */
const float         *tsr_visual_light_clock_get_intensities (const TsrVisualLightClock *clock,
                                                             guint                     *n_lights);
/* The scene of a Wolf3D level: walls as unit cubes with the VSWAP page of each face (light N/S,
 * dark E/W, door jambs beside doors, as WL_DRAW.C HitHorizWall/HitVertWall choose them), doors as
 * thin slabs in the middle of their cell, plane-1 objects as billboards of their sprites, floor
 * and ceiling in the level's colours (WL_DRAW.C vgaCeiling by SLOT, floor 0x19). SPRITE_START is
 * the VSWAP's (0 without one: no door textures). PALETTE is 256 0xRRGGBBAA. (transfer full) */
TsrVisualScene *tsr_visual_scene_build_wolf3d   (const TsrWolf3dLevel   *level,
                                                 TsrWolf3dGame           game,
                                                 guint                   slot,
                                                 guint                   sprite_start,
                                                 const guint32          *palette);

/* The camera: position in world units, yaw (radians, 0 east, growing towards +y, i.e. clockwise
 * on the 2D map), pitch (radians, up positive), vertical field of view (degrees). */
typedef struct {
  float position[3];
  float yaw;
  float pitch;
  float fov;
} TsrVisualCamera;

/* A camera at the scene's start (eye height above the start's floor) or in its middle. */
void            tsr_visual_camera_init_start   (TsrVisualCamera      *camera,
                                                const TsrVisualScene *scene);
/* The unit forward, right and up vectors. */
void            tsr_visual_camera_axes         (const TsrVisualCamera *camera,
                                                float                  forward[3],
                                                float                  right[3],
                                                float                  up[3]);
/* The ray through the point (SX, SY) of a WIDTH x HEIGHT view (pixels, y down). */
void            tsr_visual_camera_ray          (const TsrVisualCamera *camera,
                                                guint                  width,
                                                guint                  height,
                                                double                 sx,
                                                double                 sy,
                                                float                  origin[3],
                                                float                  direction[3]);

/* The nearest opaque or translucent surface the ray hits (billboards face the ray), or NULL;
 * *DISTANCE (may be NULL) receives the distance along the unit DIRECTION. (transfer none) */
const TsrVisualSurface *tsr_visual_scene_pick  (const TsrVisualScene *scene,
                                                const float           origin[3],
                                                const float           direction[3],
                                                float                *distance);

/* What the scene builder and the walk share of a Marathon level: polygon INDEX (NULL when out of
 * range), and endpoint ENDPOINT in world units (1 = 1,024 map units; FALSE when out of range). */
const TsrMarathonPolygon *tsr_visual_marathon_polygon (const TsrMarathonLevel *level,
                                                       gint                    index);
gboolean                  tsr_visual_marathon_corner  (const TsrMarathonLevel *level,
                                                       gint16                  endpoint,
                                                       float                   out[2]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrVisualScene, tsr_visual_scene_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrVisualLightClock, tsr_visual_light_clock_free)

G_END_DECLS
