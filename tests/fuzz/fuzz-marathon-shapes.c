/* fuzz-marathon-shapes.c: the marathon-shapes format's load, save, validate and describe through the shared fuzz body (tsr-fuzz-format.h). */
#include "tsr-fuzz-format.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  tsr_fuzz_format ("marathon-shapes", data, size, TSR_FUZZ_PLAIN);
  return 0;
}
