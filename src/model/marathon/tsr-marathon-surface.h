/* tsr-marathon-surface.h: one visible surface of a Marathon level (a polygon's floor or ceiling, a
 * side's full, high, low or transparent wall) and the edits the visual mode makes on it, each one
 * undoable command the 2D editor shares: paste a copied texture with its offsets and transfer
 * mode, step its light through the level's lights, move its texture offsets (consecutive moves of
 * one drag merge), and auto-align the x offsets along the run of connected walls on both sides of
 * a wall, as Forge and Doom Builder do. GTK-free.
 *
 * A wall's sections are the scene builder's (tsr-visual-scene.c, as Aleph One splits them): full
 * when the edge has no neighbour, high above a lower neighbour ceiling (primary texture), low
 * below a higher neighbour floor (secondary when the side also has a high part, else primary),
 * transparent in the opening. A side's texture runs from its polygon's vertex I to I + 1 (left to
 * right seen from inside) starting at x0, and its top is at the section's top plus y0. */
#pragma once

#include "model/marathon/tsr-marathon-level-map.h"
#include "model/tsr-command.h"

G_BEGIN_DECLS

typedef enum {
  TSR_MARATHON_SURFACE_FLOOR,
  TSR_MARATHON_SURFACE_CEILING,
  TSR_MARATHON_SURFACE_WALL_FULL,
  TSR_MARATHON_SURFACE_WALL_HIGH,
  TSR_MARATHON_SURFACE_WALL_LOW,
  TSR_MARATHON_SURFACE_WALL_TRANSPARENT,
} TsrMarathonSurfacePart;

typedef struct {
  TsrMarathonSurfacePart part;
  guint                  index;  /* the polygon (floor, ceiling) or the side (walls) */
  guint8                 slot;   /* walls: the side's texture shown, 0 primary, 1 secondary,
                                  * 2 transparent */
} TsrMarathonSurface;

/* What Ctrl+C copies from a surface: its texture and how it is laid on. */
typedef struct {
  gint16 texture;
  gint16 x0, y0;                 /* a side texture's offsets, a floor's or ceiling's origin */
  gint16 transfer_mode;
} TsrMarathonSurfaceStyle;

/* A side the auto-align changes, and its record as it would be. */
typedef struct {
  guint           side;
  TsrMarathonSide record;
} TsrMarathonAlignedSide;

/* The texture of 1 WU: offsets wrap at this many map units. */
#define TSR_MARATHON_TEXTURE_SIZE 1024

/* The style of SURFACE in LEVEL; FALSE when its polygon or side does not exist. */
gboolean    tsr_marathon_surface_get_style         (const TsrMarathonLevel        *level,
                                                    const TsrMarathonSurface      *surface,
                                                    TsrMarathonSurfaceStyle       *style);
/* Puts STYLE on SURFACE (a floor's style on a wall and back is fine: the offsets go as they
 * are). NULL when nothing would change or the surface does not exist. (transfer full) */
TsrCommand *tsr_marathon_surface_paste_command_new (TsrMarathonLevelMap           *map,
                                                    const TsrMarathonSurface      *surface,
                                                    const TsrMarathonSurfaceStyle *style);

/* The light of SURFACE (floor/ceiling_lightsource_index, or the side's primary, secondary or
 * transparent lightsource for the slot), -1 when it does not exist. */
gint        tsr_marathon_surface_get_light         (const TsrMarathonLevel        *level,
                                                    const TsrMarathonSurface      *surface);
/* The level's number of lights (LITE, or Marathon 1's old lights). */
guint       tsr_marathon_level_n_lights            (const TsrMarathonLevel        *level);
/* Steps SURFACE's light STEPS lights on (wrapping round the level's lights; a light naming none
 * starts at the first or the last). NULL when the level has no lights. (transfer full) */
TsrCommand *tsr_marathon_surface_light_command_new (TsrMarathonLevelMap           *map,
                                                    const TsrMarathonSurface      *surface,
                                                    int                            steps);

/* Moves SURFACE's texture by (DX, DY) map units. Commands with the same nonzero MERGE_KEY on the
 * same surface merge into one (a drag). NULL when nothing changes. (transfer full) */
TsrCommand *tsr_marathon_surface_offset_command_new (TsrMarathonLevelMap          *map,
                                                     const TsrMarathonSurface     *surface,
                                                     int                           dx,
                                                     int                           dy,
                                                     guint                         merge_key);

/* The auto-align of wall SURFACE: walking from its right end round the vertex through open
 * space (edges with no section are crossed into the next polygon), the next wall is the one
 * section met whose height overlaps the current one; the run stops where none is met (it ends),
 * more than one is (it branches), the next texture differs, a side is missing or comes round
 * again. Each next side's x0 is the previous x0 plus the previous line's length, and going left
 * the previous x0 minus its own line's length, modulo TSR_MARATHON_TEXTURE_SIZE; where both
 * sections are of one kind (full, high, low, transparent) y0 also follows the difference of their
 * tops, so the texture continues across a floor or ceiling step. The picked side stays as it is.
 * (transfer full; element-type TsrMarathonAlignedSide, in the run's order right then left; NULL
 * when SURFACE is not a wall of an existing side) */
GArray     *tsr_marathon_auto_align                 (const TsrMarathonLevel       *level,
                                                     const TsrMarathonSurface     *surface);
/* The auto-align as one command (a group of the sides that change). NULL when nothing changes.
 * (transfer full) */
TsrCommand *tsr_marathon_auto_align_command_new     (TsrMarathonLevelMap          *map,
                                                     const TsrMarathonSurface     *surface);

G_END_DECLS
