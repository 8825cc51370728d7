/* tsr-marathon-sample.h: the project's sample Marathon 2 map, built with the codec. */
#pragma once

#include "formats/marathon/tsr-marathon-map.h"

TsrMarathonMap *tsr_marathon_sample_build (GError **error);
