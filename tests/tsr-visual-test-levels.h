/* tsr-visual-test-levels.h: small Marathon levels built in memory for the visual mode's tests. */
#pragma once

#include "formats/marathon/tsr-marathon-map.h"

G_BEGIN_DECLS

/* A texture descriptor: COLLECTION in the high byte, FRAME in the low one. */
#define TSR_VISUAL_TEST_TEXTURE(collection, frame) ((gint16) (((collection) << 8) | (frame)))

/* N square rooms of one world unit in a row along x (room i spans x i..i+1, y 0..1), each a
 * clockwise polygon with a side on every edge, light 0 constant at INTENSITY (16.16); FLOORS and
 * CEILINGS in map units. TEXTURES_PER_SIDE: primary frame 4i+edge, secondary 100+4i+edge of
 * collection 17, floor 200, ceiling 201, so each surface tells where it came from; otherwise
 * primary frame 0, secondary, floor and ceiling frame 1. (transfer full) */
TsrMarathonLevel *tsr_visual_test_rooms_level (guint         n,
                                               const gint16 *floors,
                                               const gint16 *ceilings,
                                               gint32        intensity,
                                               gboolean      textures_per_side);

G_END_DECLS
