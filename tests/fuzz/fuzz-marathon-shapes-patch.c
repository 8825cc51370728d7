/* fuzz-marathon-shapes-patch.c: the marathon-shapes-patch format's load, save, validate and describe. */
#include "fuzz-marathon-format-common.h"
#include "formats/marathon/tsr-marathon-shapes-formats.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  tsr_fuzz_format (&tsr_marathon_shapes_patch_format, data, size);
  return 0;
}
