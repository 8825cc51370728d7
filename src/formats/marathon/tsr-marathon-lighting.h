/* tsr-marathon-lighting.h: a light's intensity over time as the engine computes it (Aleph One's
 * lightsource.cpp): six states each with a lighting function (constant, linear, smooth, flicker,
 * random, fluorescent), a period and an intensity with random deltas, stepped once per tick (30 a
 * second) with the engine's 16-bit random generator and its 512-step cosine table. For the light
 * editor's curve preview and its tests. GTK-free. */
#pragma once

#include "formats/marathon/tsr-marathon-map.h"

G_BEGIN_DECLS

/* The engine's state numbers (not the record's order of functions). */
typedef enum {
  TSR_MARATHON_LIGHT_BECOMING_ACTIVE,
  TSR_MARATHON_LIGHT_PRIMARY_ACTIVE,
  TSR_MARATHON_LIGHT_SECONDARY_ACTIVE,
  TSR_MARATHON_LIGHT_BECOMING_INACTIVE,
  TSR_MARATHON_LIGHT_PRIMARY_INACTIVE,
  TSR_MARATHON_LIGHT_SECONDARY_INACTIVE,
} TsrMarathonLightState;

typedef struct {
  TsrMarathonLight      light;     /* a copy */
  TsrMarathonLightState state;
  gint16                phase;
  gint16                period;
  gint32                initial_intensity;
  gint32                final_intensity;
  gint32                intensity; /* 16.16 fixed point, 1.0 = 65536 */
  guint16               seed;      /* the engine's random_seed */
} TsrMarathonLightRun;

/* The engine's global_random: steps SEED and returns it. */
guint16 tsr_marathon_random_next        (guint16 *seed);
/* One lighting function (0..5) at PHASE of PERIOD between two intensities. */
gint32  tsr_marathon_lighting_function  (gint     function,
                                         gint32   initial_intensity,
                                         gint32   final_intensity,
                                         gint     phase,
                                         gint     period,
                                         guint16 *seed);
/* The light as the engine creates it at level start (new_light), with SEED (0 means 1). */
void    tsr_marathon_light_run_init     (TsrMarathonLightRun    *run,
                                         const TsrMarathonLight *light,
                                         guint16                 seed);
/* One tick (update_lights). */
void    tsr_marathon_light_run_tick     (TsrMarathonLightRun    *run);
/* Switched on or off (set_light_status): the light starts becoming active or inactive. */
void    tsr_marathon_light_run_switch   (TsrMarathonLightRun    *run,
                                         gboolean                active);
/* N_TICKS intensities from level start into OUT (16.16 fixed). */
void    tsr_marathon_light_curve        (const TsrMarathonLight *light,
                                         guint16                 seed,
                                         guint                   n_ticks,
                                         gint32                 *out);

G_END_DECLS
