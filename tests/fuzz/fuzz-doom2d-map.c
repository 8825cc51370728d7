/* fuzz-doom2d-map.c: the Doom2D Forever binary map lump (saves back identical) through the shared fuzz body (tsr-fuzz-format.h). */
#include "tsr-fuzz-format.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  tsr_fuzz_format ("doom2d-map", data, size, TSR_FUZZ_IDENTICAL | TSR_FUZZ_RENDER);
  return 0;
}
