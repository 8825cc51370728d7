/* tsr-marathon-sample.h: a small Marathon 2 map built with the codec: the codec tests' fixture. */
#pragma once

#include "formats/marathon/tsr-marathon-map.h"

TsrMarathonMap *tsr_marathon_sample_build (GError **error);
