/* tsr-tile-line.c: a line walk in 64-bit arithmetic. Cell k of n (n = the longer side) is the
 * start plus k/n of the way, rounded half away from zero: consecutive cells differ by at most one
 * in each axis, the end cells are exact, and each axis is monotonic in k, so the part of the line
 * inside a rectangle is one interval of k found by bisection. */
#include "edit/tsr-tile-line.h"

typedef struct {
  gint64 x0, y0, dx, dy, n;
} Line;

/* NUMERATOR / DENOMINATOR (> 0) rounded half away from zero. The remainder is doubled, never
 * the numerator, which may use 62 bits. */
static gint64
round_div (gint64 numerator,
           gint64 denominator)
{
  gint64 quotient = numerator / denominator, remainder = numerator % denominator;

  if (remainder >= 0 ? 2 * remainder >= denominator : -2 * remainder >= denominator)
    quotient += remainder >= 0 ? 1 : -1;
  return quotient;
}

static gint64
line_x (const Line *line,
        gint64      k)
{
  return line->n == 0 ? line->x0 : line->x0 + round_div (k * line->dx, line->n);
}

static gint64
line_y (const Line *line,
        gint64      k)
{
  return line->n == 0 ? line->y0 : line->y0 + round_div (k * line->dy, line->n);
}

static gboolean
inside (const Line        *line,
        const TsrTileRect *clip,
        gint64             k)
{
  gint64 x = line_x (line, k), y = line_y (line, k);

  return x >= clip->x && x < (gint64) clip->x + clip->width
         && y >= clip->y && y < (gint64) clip->y + clip->height;
}

/* Each coordinate is monotonic in k, so "before the rectangle" on either axis is a prefix and
 * "after it" a suffix; the inside is what lies between. first_not_before finds where the prefix
 * ends. */
static gboolean
before (const Line        *line,
        const TsrTileRect *clip,
        gint64             k)
{
  gint64 x = line_x (line, k), y = line_y (line, k);

  return (line->dx >= 0 ? x < clip->x : x >= (gint64) clip->x + clip->width)
         || (line->dy >= 0 ? y < clip->y : y >= (gint64) clip->y + clip->height);
}

static gboolean
after (const Line        *line,
       const TsrTileRect *clip,
       gint64             k)
{
  gint64 x = line_x (line, k), y = line_y (line, k);

  return (line->dx >= 0 ? x >= (gint64) clip->x + clip->width : x < clip->x)
         || (line->dy >= 0 ? y >= (gint64) clip->y + clip->height : y < clip->y);
}

guint64
tsr_tile_line_walk (gint               x0,
                    gint               y0,
                    gint               x1,
                    gint               y1,
                    const TsrTileRect *clip,
                    TsrTileLineFunc    func,
                    gpointer           user_data)
{
  Line line;
  gint64 first = 0, last, low, high;
  guint64 visited = 0;

  g_return_val_if_fail (func != NULL, 0);
  /* Beyond a billion cells nothing is on a map; the clamp keeps k·dx inside 62 bits. */
  x0 = CLAMP (x0, -TSR_TILE_LINE_LIMIT, TSR_TILE_LINE_LIMIT);
  y0 = CLAMP (y0, -TSR_TILE_LINE_LIMIT, TSR_TILE_LINE_LIMIT);
  x1 = CLAMP (x1, -TSR_TILE_LINE_LIMIT, TSR_TILE_LINE_LIMIT);
  y1 = CLAMP (y1, -TSR_TILE_LINE_LIMIT, TSR_TILE_LINE_LIMIT);
  line = (Line) { x0, y0, (gint64) x1 - x0, (gint64) y1 - y0, 0 };
  line.n = MAX (ABS (line.dx), ABS (line.dy));
  last = line.n;

  if (clip != NULL)
    {
      if (clip->width <= 0 || clip->height <= 0)
        return 0;
      /* first k that is not before the rectangle */
      low = 0, high = line.n + 1;
      while (low < high)
        {
          gint64 middle = low + (high - low) / 2;
          if (before (&line, clip, middle))
            low = middle + 1;
          else
            high = middle;
        }
      first = low;
      /* first k that is after the rectangle */
      low = first, high = line.n + 1;
      while (low < high)
        {
          gint64 middle = low + (high - low) / 2;
          if (!after (&line, clip, middle))
            low = middle + 1;
          else
            high = middle;
        }
      last = low - 1;
    }

  for (gint64 k = first; k <= last; k++)
    {
      if (clip != NULL && !inside (&line, clip, k))
        continue;
      func ((gint) line_x (&line, k), (gint) line_y (&line, k), user_data);
      visited++;
    }
  return visited;
}
