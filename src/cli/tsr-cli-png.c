/* tsr-cli-png.c: libpng for tessera-cli, opened on first use (tsr-cli-lazy.h). The images of the
 * core (tsr-image.c: render -o OUT.png, PNG pixels read from files) call libpng, but linking it
 * would load it into every run, also the many that never read or write a PNG (issue 35: start
 * like a shell tool). So the executable defines the libpng functions tsr-image.c uses as
 * forwarders that open libpng by its soname on the first call; the linker (--as-needed) then
 * drops it from tessera-cli's dependencies. A libpng function added to tsr-image.c without a
 * forwarder here links libpng again (`readelf -d tessera-cli` then lists it). */
#include "config.h"

#include <png.h>

#include "tsr-cli-lazy.h"

static TsrCliLazyLibrary libpng = { TSR_CLI_PNG_SONAME, "libpng", NULL };

#define F(type, name, parameters, arguments) \
  TSR_CLI_LAZY_FORWARDER (&libpng, type, name, parameters, arguments)
#define V(name, parameters, arguments) \
  TSR_CLI_LAZY_FORWARDER_VOID (&libpng, name, parameters, arguments)
#define N(name, parameters, arguments) \
  TSR_CLI_LAZY_FORWARDER_NORETURN (&libpng, name, parameters, arguments)

F (int, png_sig_cmp, (png_const_bytep sig, size_t start, size_t num_to_check), (sig, start, num_to_check))
F (png_structp, png_create_read_struct,
   (png_const_charp user_png_ver, png_voidp error_ptr, png_error_ptr error_fn, png_error_ptr warn_fn),
   (user_png_ver, error_ptr, error_fn, warn_fn))
F (png_structp, png_create_write_struct,
   (png_const_charp user_png_ver, png_voidp error_ptr, png_error_ptr error_fn, png_error_ptr warn_fn),
   (user_png_ver, error_ptr, error_fn, warn_fn))
F (png_infop, png_create_info_struct, (png_const_structrp png_ptr), (png_ptr))
V (png_destroy_read_struct, (png_structpp png_ptr_ptr, png_infopp info_ptr_ptr, png_infopp end_info_ptr_ptr),
   (png_ptr_ptr, info_ptr_ptr, end_info_ptr_ptr))
V (png_destroy_write_struct, (png_structpp png_ptr_ptr, png_infopp info_ptr_ptr), (png_ptr_ptr, info_ptr_ptr))
F (jmp_buf *, png_set_longjmp_fn, (png_structrp png_ptr, png_longjmp_ptr longjmp_fn, size_t jmp_buf_size),
   (png_ptr, longjmp_fn, jmp_buf_size))
N (png_error, (png_const_structrp png_ptr, png_const_charp error_message), (png_ptr, error_message))
N (png_longjmp, (png_const_structrp png_ptr, int val), (png_ptr, val))
F (png_voidp, png_get_error_ptr, (png_const_structrp png_ptr), (png_ptr))
F (png_voidp, png_get_io_ptr, (png_const_structrp png_ptr), (png_ptr))
V (png_set_read_fn, (png_structrp png_ptr, png_voidp io_ptr, png_rw_ptr read_data_fn), (png_ptr, io_ptr, read_data_fn))
V (png_set_write_fn, (png_structrp png_ptr, png_voidp io_ptr, png_rw_ptr write_data_fn, png_flush_ptr output_flush_fn),
   (png_ptr, io_ptr, write_data_fn, output_flush_fn))
V (png_set_user_limits, (png_structrp png_ptr, png_uint_32 user_width_max, png_uint_32 user_height_max),
   (png_ptr, user_width_max, user_height_max))
V (png_read_info, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
V (png_set_expand, (png_structrp png_ptr), (png_ptr))
V (png_set_strip_16, (png_structrp png_ptr), (png_ptr))
V (png_set_gray_to_rgb, (png_structrp png_ptr), (png_ptr))
V (png_set_add_alpha, (png_structrp png_ptr, png_uint_32 filler, int flags), (png_ptr, filler, flags))
V (png_read_update_info, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
F (png_uint_32, png_get_image_width, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr))
F (png_uint_32, png_get_image_height, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr))
V (png_read_row, (png_structrp png_ptr, png_bytep row, png_bytep display_row), (png_ptr, row, display_row))
V (png_read_end, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
V (png_set_compression_level, (png_structrp png_ptr, int level), (png_ptr, level))
V (png_set_filter, (png_structrp png_ptr, int method, int filters), (png_ptr, method, filters))
V (png_set_IHDR,
   (png_const_structrp png_ptr, png_inforp info_ptr, png_uint_32 width, png_uint_32 height, int bit_depth,
    int color_type, int interlace_method, int compression_method, int filter_method),
   (png_ptr, info_ptr, width, height, bit_depth, color_type, interlace_method, compression_method, filter_method))
V (png_write_info, (png_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr))
V (png_write_row, (png_structrp png_ptr, png_const_bytep row), (png_ptr, row))
V (png_write_end, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
