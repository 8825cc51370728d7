/* fuzz-doom2d-dfz.c: the Doom2D Forever ZIP archive (saves back identical) through the shared fuzz body (tsr-fuzz-format.h). */
#include "tsr-fuzz-format.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  tsr_fuzz_format ("doom2d-dfz", data, size, TSR_FUZZ_IDENTICAL | TSR_FUZZ_RENDER);
  return 0;
}
