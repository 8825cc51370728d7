/* tsr-marathon-new-scenario.h: File → New for Marathon: a scenario of one empty level, built by
 * the codec and opened as an unsaved document. GTK-free. */
#pragma once

#include "model/tsr-document.h"

G_BEGIN_DECLS

/* The environments of Marathon 2 and Infinity (Minf environment_code). */
typedef enum {
  TSR_MARATHON_ENVIRONMENT_WATER,
  TSR_MARATHON_ENVIRONMENT_LAVA,
  TSR_MARATHON_ENVIRONMENT_SEWAGE,
  TSR_MARATHON_ENVIRONMENT_JJARO,
  TSR_MARATHON_ENVIRONMENT_PFHOR,
  TSR_MARATHON_N_ENVIRONMENTS
} TsrMarathonEnvironment;

/* A Marathon 2 scenario ("untitled.sceA", no file) holding one level named LEVEL_NAME (Mac Roman
 * characters only, at most 65 bytes) of ENVIRONMENT: one square room (4 × 4 world units round the
 * origin, one light) with the player's start, so it is playable and validates clean.
 * (transfer full) */
TsrDocument *tsr_marathon_new_scenario (const char              *level_name,
                                        TsrMarathonEnvironment   environment,
                                        GError                 **error);

G_END_DECLS
