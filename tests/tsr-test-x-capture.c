/* tsr-test-x-capture.c: a window's pixels from the X server (see the header). */
#include "tsr-test-x-capture.h"

#include <X11/Xutil.h>
#include <glib.h>

cairo_surface_t *
tsr_test_x_capture (Display *display,
                    Window   window)
{
  XWindowAttributes attributes;
  XImage *image;
  cairo_surface_t *surface;
  unsigned char *pixels;
  int stride;

  XSync (display, False);
  g_assert_true (XGetWindowAttributes (display, window, &attributes));
  image = XGetImage (display, window, 0, 0, (unsigned) attributes.width, (unsigned) attributes.height, AllPlanes, ZPixmap);
  g_assert_nonnull (image);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, attributes.width, attributes.height);
  cairo_surface_flush (surface);
  pixels = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < attributes.height; y++)
    for (int x = 0; x < attributes.width; x++)
      ((guint32 *) (pixels + (gsize) y * stride))[x] = (guint32) XGetPixel (image, x, y) & 0xffffff;
  cairo_surface_mark_dirty (surface);
  XDestroyImage (image);
  return surface;
}
