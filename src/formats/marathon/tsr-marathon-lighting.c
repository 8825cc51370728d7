/* tsr-marathon-lighting.c: the engine's light state machine. A state whose period is 0 or less
 * would make the engine loop for ever (validation reports it); here a tick gives up after a few
 * state changes instead. */
#include "formats/marathon/tsr-marathon-lighting.h"

#include <math.h>

#define TRIG_SHIFT       10
#define TRIG_MAGNITUDE   (1 << TRIG_SHIFT)
#define NUMBER_OF_ANGLES 512
#define HALF_CIRCLE      256
#define MAX_STATE_CHANGES 12

static gint16 cosine_table[NUMBER_OF_ANGLES];

static void
build_cosine_table (void)
{
  static gsize built = 0;

  if (g_once_init_enter (&built))
    {
      double two_pi = 8.0 * atan (1.0);

      /* As the engine builds it: rounded, with the quarter turns exact. */
      for (int i = 0; i < NUMBER_OF_ANGLES; i++)
        cosine_table[i] = (gint16) ((double) TRIG_MAGNITUDE * cos (two_pi * (double) i / (double) NUMBER_OF_ANGLES) + 0.5);
      cosine_table[0] = TRIG_MAGNITUDE;
      cosine_table[NUMBER_OF_ANGLES / 4] = 0;
      cosine_table[HALF_CIRCLE] = -TRIG_MAGNITUDE;
      cosine_table[3 * NUMBER_OF_ANGLES / 4] = 0;
      g_once_init_leave (&built, 1);
    }
}

guint16
tsr_marathon_random_next (guint16 *seed)
{
  guint16 value = *seed;

  value = (value & 1) ? (guint16) ((value >> 1) ^ 0xb400) : (guint16) (value >> 1);
  *seed = value;
  return value;
}

static gint32
smooth (gint32 initial,
        gint32 final,
        gint   phase,
        gint   period)
{
  return initial + (gint32) (((gint64) (final - initial) * (cosine_table[(phase * HALF_CIRCLE) / period + HALF_CIRCLE] + TRIG_MAGNITUDE))
                             >> (TRIG_SHIFT + 1));
}

gint32
tsr_marathon_lighting_function (gint     function,
                                gint32   initial,
                                gint32   final,
                                gint     phase,
                                gint     period,
                                guint16 *seed)
{
  build_cosine_table ();
  if (period <= 0 || phase < 0 || phase >= period)
    return final;
  switch (function)
    {
    case 1: /* linear */
      return initial + (gint32) (((gint64) (final - initial) * phase) / period);
    case 2: /* smooth */
      return smooth (initial, final, phase, period);
    case 3: /* flicker: between the smooth curve and the final intensity */
      {
        gint32 smooth_intensity = smooth (initial, final, phase, period);
        gint32 delta = final - smooth_intensity;

        return smooth_intensity + (delta != 0 ? (gint32) tsr_marathon_random_next (seed) % delta : 0);
      }
    case 4: /* random between the two */
      {
        gint32 low = MIN (initial, final), delta = ABS (final - initial);

        return low + (delta != 0 ? (gint32) tsr_marathon_random_next (seed) % delta : 0);
      }
    case 5: /* fluorescent: one or the other */
      return (tsr_marathon_random_next (seed) % 2) ? final : initial;
    case 0: /* constant */
    default:
      return final;
    }
}

static const TsrMarathonLightingFunction *
function_of (const TsrMarathonLight *light,
             TsrMarathonLightState   state)
{
  switch (state)
    {
    case TSR_MARATHON_LIGHT_BECOMING_ACTIVE: return &light->becoming_active;
    case TSR_MARATHON_LIGHT_PRIMARY_ACTIVE: return &light->primary_active;
    case TSR_MARATHON_LIGHT_SECONDARY_ACTIVE: return &light->secondary_active;
    case TSR_MARATHON_LIGHT_BECOMING_INACTIVE: return &light->becoming_inactive;
    case TSR_MARATHON_LIGHT_PRIMARY_INACTIVE: return &light->primary_inactive;
    case TSR_MARATHON_LIGHT_SECONDARY_INACTIVE:
    default: return &light->secondary_inactive;
    }
}

/* change_light_state: a new period and final intensity, each with its random delta. */
static void
change_state (TsrMarathonLightRun   *run,
              TsrMarathonLightState  state)
{
  const TsrMarathonLightingFunction *function = function_of (&run->light, state);
  gint32 period_range = (gint32) function->delta_period + 1;
  gint32 intensity_range = function->delta_intensity + 1;
  gint32 period_random = tsr_marathon_random_next (&run->seed);
  gint32 intensity_random;

  run->phase = 0;
  run->period = (gint16) (function->period + (period_range > 0 ? period_random % period_range : 0));
  intensity_random = tsr_marathon_random_next (&run->seed);
  run->initial_intensity = run->intensity;
  run->final_intensity = function->intensity + (intensity_range > 0 ? intensity_random % intensity_range : 0);
  run->state = state;
}

static TsrMarathonLightState
next_state (const TsrMarathonLightRun *run)
{
  gboolean stateless = (run->light.flags & 0x4) != 0;

  switch (run->state)
    {
    case TSR_MARATHON_LIGHT_BECOMING_ACTIVE: return TSR_MARATHON_LIGHT_PRIMARY_ACTIVE;
    case TSR_MARATHON_LIGHT_PRIMARY_ACTIVE: return TSR_MARATHON_LIGHT_SECONDARY_ACTIVE;
    case TSR_MARATHON_LIGHT_SECONDARY_ACTIVE:
      return stateless ? TSR_MARATHON_LIGHT_BECOMING_INACTIVE : TSR_MARATHON_LIGHT_PRIMARY_ACTIVE;
    case TSR_MARATHON_LIGHT_BECOMING_INACTIVE: return TSR_MARATHON_LIGHT_PRIMARY_INACTIVE;
    case TSR_MARATHON_LIGHT_PRIMARY_INACTIVE: return TSR_MARATHON_LIGHT_SECONDARY_INACTIVE;
    case TSR_MARATHON_LIGHT_SECONDARY_INACTIVE:
    default:
      return stateless ? TSR_MARATHON_LIGHT_BECOMING_ACTIVE : TSR_MARATHON_LIGHT_PRIMARY_INACTIVE;
    }
}

/* rephase_light: past the period, on to the next state with what is left of the phase. */
static void
rephase (TsrMarathonLightRun *run)
{
  gint phase = run->phase;

  for (guint changes = 0; phase >= run->period && changes < MAX_STATE_CHANGES; changes++)
    {
      phase -= run->period;
      change_state (run, next_state (run));
    }
  run->phase = (gint16) phase;
}

static void
update_intensity (TsrMarathonLightRun *run)
{
  run->intensity = tsr_marathon_lighting_function (function_of (&run->light, run->state)->function,
                                                   run->initial_intensity, run->final_intensity,
                                                   run->phase, run->period, &run->seed);
}

void
tsr_marathon_light_run_init (TsrMarathonLightRun    *run,
                             const TsrMarathonLight *light,
                             guint16                 seed)
{
  gboolean active;

  g_return_if_fail (run != NULL && light != NULL);

  *run = (TsrMarathonLightRun) { .light = *light, .seed = seed != 0 ? seed : 1 };
  active = (light->flags & 0x1) != 0;
  change_state (run, active ? TSR_MARATHON_LIGHT_SECONDARY_ACTIVE : TSR_MARATHON_LIGHT_SECONDARY_INACTIVE);
  run->intensity = run->final_intensity;
  change_state (run, active ? TSR_MARATHON_LIGHT_PRIMARY_ACTIVE : TSR_MARATHON_LIGHT_PRIMARY_INACTIVE);
  run->phase = light->phase;
  rephase (run);
  update_intensity (run);
}

void
tsr_marathon_light_run_tick (TsrMarathonLightRun *run)
{
  g_return_if_fail (run != NULL);

  run->phase++;
  rephase (run);
  update_intensity (run);
}

void
tsr_marathon_light_run_switch (TsrMarathonLightRun *run,
                               gboolean             active)
{
  g_return_if_fail (run != NULL);

  change_state (run, active ? TSR_MARATHON_LIGHT_BECOMING_ACTIVE : TSR_MARATHON_LIGHT_BECOMING_INACTIVE);
}

void
tsr_marathon_light_curve (const TsrMarathonLight *light,
                          guint16                 seed,
                          guint                   n_ticks,
                          gint32                 *out)
{
  TsrMarathonLightRun run;

  g_return_if_fail (light != NULL && (out != NULL || n_ticks == 0));

  tsr_marathon_light_run_init (&run, light, seed);
  for (guint i = 0; i < n_ticks; i++)
    {
      out[i] = run.intensity;
      tsr_marathon_light_run_tick (&run);
    }
}
