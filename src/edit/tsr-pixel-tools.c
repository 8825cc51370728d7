/* tsr-pixel-tools.c: see the header. Everything here writes whole RGBA values (no blending) so
 * that what a tool draws is exactly the colour the user chose, alpha included. */
#include "edit/tsr-pixel-tools.h"

#include <string.h>

gboolean
tsr_pixel_rect_is_empty (const TsrPixelRect *rect)
{
  return rect->width == 0 || rect->height == 0;
}

void
tsr_pixel_rect_union (TsrPixelRect       *rect,
                      const TsrPixelRect *other)
{
  gint64 x1, y1, x2, y2;

  if (tsr_pixel_rect_is_empty (other))
    return;
  if (tsr_pixel_rect_is_empty (rect))
    {
      *rect = *other;
      return;
    }
  x1 = MIN (rect->x, other->x);
  y1 = MIN (rect->y, other->y);
  x2 = MAX ((gint64) rect->x + rect->width, (gint64) other->x + other->width);
  y2 = MAX ((gint64) rect->y + rect->height, (gint64) other->y + other->height);
  rect->x = (gint) x1;
  rect->y = (gint) y1;
  rect->width = (guint) (x2 - x1);
  rect->height = (guint) (y2 - y1);
}

gboolean
tsr_pixel_rect_clip (TsrPixelRect   *rect,
                     const TsrImage *image)
{
  gint64 x1 = MAX ((gint64) rect->x, 0);
  gint64 y1 = MAX ((gint64) rect->y, 0);
  gint64 x2 = MIN ((gint64) rect->x + rect->width, (gint64) image->width);
  gint64 y2 = MIN ((gint64) rect->y + rect->height, (gint64) image->height);

  if (x2 <= x1 || y2 <= y1)
    {
      *rect = (TsrPixelRect) { 0, 0, 0, 0 };
      return FALSE;
    }
  *rect = (TsrPixelRect) { (gint) x1, (gint) y1, (guint) (x2 - x1), (guint) (y2 - y1) };
  return TRUE;
}

static inline gboolean
inside (const TsrImage *image,
        gint            x,
        gint            y)
{
  return x >= 0 && y >= 0 && (guint) x < image->width && (guint) y < image->height;
}

static inline guint8 *
pixel_at (const TsrImage *image,
          guint           x,
          guint           y)
{
  return image->pixels + ((gsize) y * image->width + x) * 4;
}

static inline guint32
read_rgba (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static inline void
write_rgba (guint8  *p,
            guint32  rgba)
{
  p[0] = rgba >> 24;
  p[1] = (rgba >> 16) & 0xff;
  p[2] = (rgba >> 8) & 0xff;
  p[3] = rgba & 0xff;
}

guint32
tsr_pixel_get (const TsrImage *image,
               gint            x,
               gint            y)
{
  if (!inside (image, x, y))
    return 0;
  return read_rgba (pixel_at (image, (guint) x, (guint) y));
}

/* Sets one pixel and grows CHANGED when the value really changes. */
static void
put (TsrImage     *image,
     gint          x,
     gint          y,
     guint32       rgba,
     TsrPixelRect *changed)
{
  guint8 *p;

  if (!inside (image, x, y))
    return;
  p = pixel_at (image, (guint) x, (guint) y);
  if (read_rgba (p) == rgba)
    return;
  write_rgba (p, rgba);
  tsr_pixel_rect_union (changed, &(TsrPixelRect) { x, y, 1, 1 });
}

TsrPixelRect
tsr_pixel_pencil (TsrImage *image,
                  gint      x,
                  gint      y,
                  guint32   rgba)
{
  TsrPixelRect changed = { 0, 0, 0, 0 };

  put (image, x, y, rgba, &changed);
  return changed;
}

TsrPixelRect
tsr_pixel_line (TsrImage *image,
                gint      x0,
                gint      y0,
                gint      x1,
                gint      y1,
                guint32   rgba)
{
  TsrPixelRect changed = { 0, 0, 0, 0 };
  gint64 dx = ABS ((gint64) x1 - x0), dy = -ABS ((gint64) y1 - y0);
  gint sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  gint64 err = dx + dy;
  gint64 x = x0, y = y0;

  for (;;)
    {
      gint64 e2;

      put (image, (gint) x, (gint) y, rgba, &changed);
      if (x == x1 && y == y1)
        break;
      /* Far outside the image nothing more can be drawn; stop once past it in the direction of
       * travel so a line to a huge coordinate is not walked to its end. */
      if ((sx > 0 && x >= (gint64) image->width && dx >= -dy) || (sx < 0 && x < 0 && dx >= -dy)
          || (sy > 0 && y >= (gint64) image->height && -dy >= dx) || (sy < 0 && y < 0 && -dy >= dx))
        break;
      e2 = 2 * err;
      if (e2 >= dy)
        {
          err += dy;
          x += sx;
        }
      if (e2 <= dx)
        {
          err += dx;
          y += sy;
        }
    }
  return changed;
}

TsrPixelRect
tsr_pixel_rectangle (TsrImage *image,
                     gint      x0,
                     gint      y0,
                     gint      x1,
                     gint      y1,
                     gboolean  filled,
                     guint32   rgba)
{
  TsrPixelRect changed = { 0, 0, 0, 0 };
  TsrPixelRect box;
  gint left = MIN (x0, x1), right = MAX (x0, x1), top = MIN (y0, y1), bottom = MAX (y0, y1);
  /* Clipped in 64 bits: the corners may be the whole range of gint apart. */
  gint64 cx1 = MAX ((gint64) left, 0), cy1 = MAX ((gint64) top, 0);
  gint64 cx2 = MIN ((gint64) right, (gint64) image->width - 1), cy2 = MIN ((gint64) bottom, (gint64) image->height - 1);

  if (cx2 < cx1 || cy2 < cy1)
    return changed;
  box = (TsrPixelRect) { (gint) cx1, (gint) cy1, (guint) (cx2 - cx1 + 1), (guint) (cy2 - cy1 + 1) };
  for (guint y = 0; y < box.height; y++)
    for (guint x = 0; x < box.width; x++)
      {
        gint px = box.x + (gint) x, py = box.y + (gint) y;

        if (filled || px == left || px == right || py == top || py == bottom)
          put (image, px, py, rgba, &changed);
      }
  return changed;
}

TsrPixelRect
tsr_pixel_flood_fill (TsrImage *image,
                      gint      x,
                      gint      y,
                      guint32   rgba)
{
  TsrPixelRect changed = { 0, 0, 0, 0 };
  g_autoptr(GArray) stack = NULL;
  guint32 target;

  if (!inside (image, x, y))
    return changed;
  target = tsr_pixel_get (image, x, y);
  if (target == rgba)
    return changed;
  /* Every pushed pixel is recoloured at once, so none is pushed twice: the stack holds at most
   * width * height entries. */
  stack = g_array_new (FALSE, FALSE, sizeof (guint32) * 2);
  put (image, x, y, rgba, &changed);
  g_array_append_val (stack, ((guint32[2]) { (guint32) x, (guint32) y }));
  while (stack->len > 0)
    {
      guint32 *top = &g_array_index (stack, guint32, (stack->len - 1) * 2);
      gint px = (gint) top[0], py = (gint) top[1];
      static const gint steps[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

      g_array_set_size (stack, stack->len - 1);
      for (guint i = 0; i < 4; i++)
        {
          gint nx = px + steps[i][0], ny = py + steps[i][1];

          if (inside (image, nx, ny) && tsr_pixel_get (image, nx, ny) == target)
            {
              put (image, nx, ny, rgba, &changed);
              g_array_append_val (stack, ((guint32[2]) { (guint32) nx, (guint32) ny }));
            }
        }
    }
  return changed;
}

TsrPixelRect
tsr_pixel_flip (TsrImage           *image,
                const TsrPixelRect *area,
                gboolean            horizontal)
{
  TsrPixelRect changed = { 0, 0, 0, 0 };
  TsrPixelRect box = *area;

  if (!tsr_pixel_rect_clip (&box, image))
    return changed;
  for (guint y = 0; y < box.height; y++)
    for (guint x = 0; x < box.width; x++)
      {
        guint ox = horizontal ? box.width - 1 - x : x;
        guint oy = horizontal ? y : box.height - 1 - y;
        guint8 *a, *b;
        guint32 va, vb;

        /* Each pair once. */
        if (horizontal ? x >= ox : y >= oy)
          continue;
        a = pixel_at (image, box.x + x, box.y + y);
        b = pixel_at (image, box.x + ox, box.y + oy);
        va = read_rgba (a);
        vb = read_rgba (b);
        if (va == vb)
          continue;
        write_rgba (a, vb);
        write_rgba (b, va);
        tsr_pixel_rect_union (&changed, &(TsrPixelRect) { box.x + (gint) x, box.y + (gint) y, 1, 1 });
        tsr_pixel_rect_union (&changed, &(TsrPixelRect) { box.x + (gint) ox, box.y + (gint) oy, 1, 1 });
      }
  return changed;
}

gboolean
tsr_pixel_rotate (TsrImage           *image,
                  const TsrPixelRect *area,
                  gboolean            clockwise,
                  TsrPixelRect       *changed)
{
  TsrPixelRect box = *area;
  g_autoptr(TsrImage) copy = NULL;
  guint n = area->width;

  if (changed != NULL)
    *changed = (TsrPixelRect) { 0, 0, 0, 0 };
  if (area->width != area->height || tsr_pixel_rect_is_empty (area) || !tsr_pixel_rect_clip (&box, image)
      || box.width != area->width || box.height != area->height)
    return FALSE;
  copy = tsr_pixel_copy (image, area);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        /* Clockwise: the source's row y becomes the destination's column n-1-y. */
        guint sx = clockwise ? y : n - 1 - y;
        guint sy = clockwise ? n - 1 - x : x;

        memcpy (pixel_at (image, area->x + x, area->y + y), pixel_at (copy, sx, sy), 4);
      }
  if (changed != NULL)
    {
      g_autoptr(TsrImage) turned = tsr_pixel_copy (image, area);

      if (memcmp (copy->pixels, turned->pixels, (gsize) n * n * 4) != 0)
        *changed = *area;
    }
  return TRUE;
}

TsrImage *
tsr_pixel_copy (const TsrImage     *image,
                const TsrPixelRect *area)
{
  TsrImage *clip;

  g_return_val_if_fail (!tsr_pixel_rect_is_empty (area), NULL);
  clip = tsr_image_new (area->width, area->height);
  if (clip == NULL)
    return NULL;
  for (guint y = 0; y < area->height; y++)
    for (guint x = 0; x < area->width; x++)
      {
        gint64 sx = (gint64) area->x + x, sy = (gint64) area->y + y;

        if (sx >= 0 && sy >= 0 && sx < image->width && sy < image->height)
          memcpy (pixel_at (clip, x, y), pixel_at (image, (guint) sx, (guint) sy), 4);
      }
  return clip;
}

TsrPixelRect
tsr_pixel_paste (TsrImage       *image,
                 const TsrImage *clip,
                 gint            x,
                 gint            y)
{
  TsrPixelRect changed = { 0, 0, 0, 0 };
  TsrPixelRect box = { x, y, clip->width, clip->height };

  if (!tsr_pixel_rect_clip (&box, image))
    return changed;
  for (guint row = 0; row < box.height; row++)
    for (guint column = 0; column < box.width; column++)
      {
        gint px = box.x + (gint) column, py = box.y + (gint) row;

        put (image, px, py, read_rgba (pixel_at (clip, (guint) (px - x), (guint) (py - y))), &changed);
      }
  return changed;
}

TsrPixelRect
tsr_pixel_move (TsrImage           *image,
                const TsrPixelRect *area,
                gint                dx,
                gint                dy)
{
  TsrPixelRect changed = { 0, 0, 0, 0 };
  TsrPixelRect pasted;
  g_autoptr(TsrImage) clip = NULL;

  if (tsr_pixel_rect_is_empty (area) || (dx == 0 && dy == 0))
    return changed;
  clip = tsr_pixel_copy (image, area);
  changed = tsr_pixel_rectangle (image, area->x, area->y, area->x + (gint) area->width - 1,
                                 area->y + (gint) area->height - 1, TRUE, 0);
  pasted = tsr_pixel_paste (image, clip, area->x + dx, area->y + dy);
  tsr_pixel_rect_union (&changed, &pasted);
  return changed;
}

GArray *
tsr_pixel_palette (const TsrImage *image,
                   guint           max)
{
  GArray *colours = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  gsize n = (gsize) image->width * image->height;
  gboolean zero_seen = FALSE;

  for (gsize i = 0; i < n && (max == 0 || colours->len < max); i++)
    {
      guint32 rgba = read_rgba (image->pixels + i * 4);

      /* 0 cannot be a key of a direct hash table (it reads as "absent"). */
      if (rgba == 0 ? zero_seen : g_hash_table_contains (seen, GUINT_TO_POINTER (rgba)))
        continue;
      if (rgba == 0)
        zero_seen = TRUE;
      else
        g_hash_table_add (seen, GUINT_TO_POINTER (rgba));
      g_array_append_val (colours, rgba);
    }
  return colours;
}

TsrImage *
tsr_pixel_index_image_new (guint         width,
                           guint         height,
                           const guint8 *indexes)
{
  TsrImage *image = tsr_image_new (width, height);

  if (image == NULL)
    return NULL;
  for (gsize i = 0; i < (gsize) width * height; i++)
    write_rgba (image->pixels + i * 4, indexes[i]);
  return image;
}

guint8 *
tsr_pixel_index_image_get (const TsrImage *image)
{
  gsize n = (gsize) image->width * image->height;
  guint8 *indexes = g_malloc (MAX (n, 1));

  for (gsize i = 0; i < n; i++)
    indexes[i] = image->pixels[i * 4 + 3];
  return indexes;
}

TsrImage *
tsr_pixel_index_image_render (const TsrImage *image,
                              const guint32  *palette)
{
  TsrImage *picture = tsr_image_new (image->width, image->height);

  if (picture == NULL)
    return NULL;
  for (gsize i = 0; i < (gsize) image->width * image->height; i++)
    write_rgba (picture->pixels + i * 4, palette[image->pixels[i * 4 + 3]]);
  return picture;
}

/* The command. */

struct _TsrPixelCommand {
  TsrCommand            parent_instance;
  const TsrPixelTarget *target;
  gpointer              owner;
  guint                 index;
  TsrPixelRect          area;
  guint8               *before;
  guint8               *after;
};

G_DEFINE_FINAL_TYPE (TsrPixelCommand, tsr_pixel_command, TSR_TYPE_COMMAND)

static void
write_area (TsrPixelCommand *self,
            const guint8    *pixels)
{
  TsrImage image;

  if (!self->target->get_image (self->owner, self->index, &image))
    g_return_if_reached ();
  /* The image may have been resized since only by another command, which undo already reverted. */
  g_return_if_fail ((guint64) self->area.x + self->area.width <= image.width
                    && (guint64) self->area.y + self->area.height <= image.height);
  for (guint y = 0; y < self->area.height; y++)
    memcpy (pixel_at (&image, (guint) self->area.x, (guint) self->area.y + y),
            pixels + (gsize) y * self->area.width * 4, (gsize) self->area.width * 4);
  if (self->target->changed != NULL)
    self->target->changed (self->owner, self->index, &self->area);
}

static void
tsr_pixel_command_redo (TsrCommand *command)
{
  TsrPixelCommand *self = TSR_PIXEL_COMMAND (command);

  write_area (self, self->after);
}

static void
tsr_pixel_command_undo (TsrCommand *command)
{
  TsrPixelCommand *self = TSR_PIXEL_COMMAND (command);

  write_area (self, self->before);
}

static void
tsr_pixel_command_finalize (GObject *object)
{
  TsrPixelCommand *self = TSR_PIXEL_COMMAND (object);

  g_free (self->before);
  g_free (self->after);
  G_OBJECT_CLASS (tsr_pixel_command_parent_class)->finalize (object);
}

static void
tsr_pixel_command_class_init (TsrPixelCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_pixel_command_finalize;
  command_class->redo = tsr_pixel_command_redo;
  command_class->undo = tsr_pixel_command_undo;
}

static void
tsr_pixel_command_init (TsrPixelCommand *self)
{
}

TsrCommand *
tsr_pixel_command_new (const TsrPixelTarget *target,
                       gpointer              owner,
                       guint                 index,
                       const TsrPixelRect   *area,
                       const guint8         *before,
                       const guint8         *after,
                       const char           *description)
{
  TsrPixelCommand *self;
  gsize size;

  g_return_val_if_fail (target != NULL && target->get_image != NULL, NULL);
  g_return_val_if_fail (area != NULL && !tsr_pixel_rect_is_empty (area) && area->x >= 0 && area->y >= 0, NULL);
  self = g_object_new (TSR_TYPE_PIXEL_COMMAND, NULL);
  size = (gsize) area->width * area->height * 4;
  self->target = target;
  self->owner = owner;
  self->index = index;
  self->area = *area;
  self->before = g_memdup2 (before, size);
  self->after = g_memdup2 (after, size);
  tsr_command_set_description (TSR_COMMAND (self), description);
  return TSR_COMMAND (self);
}

guint
tsr_pixel_command_get_index (TsrPixelCommand *self)
{
  g_return_val_if_fail (TSR_IS_PIXEL_COMMAND (self), 0);
  return self->index;
}

const TsrPixelRect *
tsr_pixel_command_get_area (TsrPixelCommand *self)
{
  g_return_val_if_fail (TSR_IS_PIXEL_COMMAND (self), NULL);
  return &self->area;
}

/* The stroke. */

struct _TsrPixelStroke {
  const TsrPixelTarget *target;
  gpointer              owner;
  guint                 index;
  TsrImage             *original;
  TsrImage             *working;
};

TsrPixelStroke *
tsr_pixel_stroke_begin (const TsrPixelTarget *target,
                        gpointer              owner,
                        guint                 index)
{
  TsrPixelStroke *stroke;
  TsrImage image;

  g_return_val_if_fail (target != NULL && target->get_image != NULL, NULL);
  if (!target->get_image (owner, index, &image) || image.width == 0 || image.height == 0)
    return NULL;
  stroke = g_new0 (TsrPixelStroke, 1);
  stroke->target = target;
  stroke->owner = owner;
  stroke->index = index;
  stroke->original = tsr_image_copy (&image);
  stroke->working = tsr_image_copy (&image);
  return stroke;
}

TsrImage *
tsr_pixel_stroke_get_image (TsrPixelStroke *stroke)
{
  return stroke->working;
}

void
tsr_pixel_stroke_reset (TsrPixelStroke *stroke)
{
  memcpy (stroke->working->pixels, stroke->original->pixels,
          (gsize) stroke->original->width * stroke->original->height * 4);
}

void
tsr_pixel_stroke_free (TsrPixelStroke *stroke)
{
  if (stroke == NULL)
    return;
  tsr_image_free (stroke->original);
  tsr_image_free (stroke->working);
  g_free (stroke);
}

TsrCommand *
tsr_pixel_stroke_finish (TsrPixelStroke *stroke,
                         const char     *description)
{
  TsrPixelRect area = { 0, 0, 0, 0 };
  g_autoptr(TsrImage) before = NULL;
  g_autoptr(TsrImage) after = NULL;
  TsrCommand *command;

  for (guint y = 0; y < stroke->working->height; y++)
    for (guint x = 0; x < stroke->working->width; x++)
      if (memcmp (pixel_at (stroke->working, x, y), pixel_at (stroke->original, x, y), 4) != 0)
        tsr_pixel_rect_union (&area, &(TsrPixelRect) { (gint) x, (gint) y, 1, 1 });
  if (tsr_pixel_rect_is_empty (&area))
    {
      tsr_pixel_stroke_free (stroke);
      return NULL;
    }
  if (stroke->target->make_command != NULL)
    {
      command = stroke->target->make_command (stroke->owner, stroke->index, stroke->working, &area, description);
      tsr_pixel_stroke_free (stroke);
      return command;
    }
  before = tsr_pixel_copy (stroke->original, &area);
  after = tsr_pixel_copy (stroke->working, &area);
  command = tsr_pixel_command_new (stroke->target, stroke->owner, stroke->index, &area,
                                   before->pixels, after->pixels, description);
  tsr_pixel_stroke_free (stroke);
  return command;
}
