/* tsr-shapes-sample.c: see tsr-shapes-sample.h. */
#include "tsr-shapes-sample.h"

#include "formats/marathon/tsr-marathon-shapes-patch.h"
#include "tsr-test-common.h"

TsrShapesFile *
tsr_shapes_sample_build (const char *marathon_dir,
                         guint      *patches_applied)
{
  const char *suffixes[] = { ".ShPa", NULL };
  g_autoptr(GPtrArray) patches = tsr_test_data_list (marathon_dir, suffixes);
  TsrShapesFile *file = tsr_shapes_file_new ();
  guint applied = 0;

  for (guint i = 0; i < patches->len; i++)
    {
      g_autoptr(GBytes) bytes = tsr_test_read_file (g_ptr_array_index (patches, i));
      g_autoptr(GError) error = NULL;
      g_autoptr(TsrShapesPatch) patch = tsr_shapes_patch_parse (g_bytes_get_data (bytes, NULL),
                                                                g_bytes_get_size (bytes), file, &error);

      if (patch != NULL && tsr_shapes_patch_apply (patch, file, &error))
        applied++;
      else
        g_printerr ("shapes sample: %s: %s\n", (const char *) g_ptr_array_index (patches, i), error->message);
    }
  for (guint c = 0; c < TSR_SHAPES_COLLECTION_COUNT; c++)
    for (guint v = 0; v < 2; v++)
      {
        TsrShapesCollection *collection = file->slots[c].versions[v];
        TsrShapesColorTable *ramp;
        gboolean colourless = TRUE;

        if (collection == NULL)
          continue;
        /* Tables announced by a patch's definition but never sent are all black. */
        for (guint t = 0; t < collection->color_tables->len; t++)
          {
            const TsrShapesColorTable *table = g_ptr_array_index (collection->color_tables, t);
            for (guint k = 0; k < table->count; k++)
              if (table->colors[k].red | table->colors[k].green | table->colors[k].blue)
                colourless = FALSE;
          }
        if (!colourless)
          continue;
        g_ptr_array_set_size (collection->color_tables, 0);
        ramp = g_new0 (TsrShapesColorTable, 1);
        ramp->count = 256;
        ramp->colors = g_new0 (TsrShapesColor, 256);
        for (guint k = 0; k < 256; k++)
          ramp->colors[k] = (TsrShapesColor) { 0, (guint8) k, (guint16) (k * 257), (guint16) (k * 257), (guint16) (k * 257) };
        g_ptr_array_add (collection->color_tables, ramp);
        tsr_shapes_collection_touch (collection);
      }
  if (patches_applied != NULL)
    *patches_applied = applied;
  return file;
}

char *
tsr_shapes_sample_write (const char *marathon_dir,
                         const char *directory)
{
  g_autoptr(TsrShapesFile) file = tsr_shapes_sample_build (marathon_dir, NULL);
  g_autoptr(GBytes) bytes = tsr_shapes_file_serialize (file);
  char *path = g_build_filename (directory, "patches.shpA", NULL);
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), &error))
    g_error ("shapes sample: %s", error->message);
  return path;
}

#define WALL_SIZE   128
#define WALL_COLORS 64

/* Entry k of the generated table: 8 hues × 8 brightnesses. */
static guint32
wall_rgb (guint k)
{
  static const guint32 hues[8] = { 0xb04030, 0x40a040, 0x3060c0, 0xc0a030, 0x9040a0, 0x30a0a0, 0xc07030, 0x808080 };
  guint32 hue = hues[k / 8];
  double shade = 0.35 + 0.65 * (k % 8) / 7.0;
  guint r = (guint) (((hue >> 16) & 0xff) * shade), g = (guint) (((hue >> 8) & 0xff) * shade), b = (guint) ((hue & 0xff) * shade);

  return (r << 16) | (g << 8) | b;
}

static TsrShapesColorTable *
wall_table (void)
{
  TsrShapesColorTable *table = g_new0 (TsrShapesColorTable, 1);

  table->count = WALL_COLORS;
  table->colors = g_new0 (TsrShapesColor, WALL_COLORS);
  for (guint k = 0; k < WALL_COLORS; k++)
    {
      guint32 rgb = wall_rgb (k);

      table->colors[k] = (TsrShapesColor) { 0, (guint8) k, (guint16) (((rgb >> 16) & 0xff) * 257),
                                            (guint16) (((rgb >> 8) & 0xff) * 257), (guint16) ((rgb & 0xff) * 257) };
    }
  return table;
}

/* Texture SEED through PNG: bricks, tiles or stripes in one hue of the table, with mortar. */
static TsrImage *
wall_fixture (guint seed)
{
  g_autoptr(TsrImage) image = tsr_image_new (WALL_SIZE, WALL_SIZE);
  g_autoptr(GBytes) png = NULL;
  guint hue = seed % 7, pattern = (seed / 7 + seed) % 3;

  for (guint y = 0; y < WALL_SIZE; y++)
    for (guint x = 0; x < WALL_SIZE; x++)
      {
        guint shade;

        switch (pattern)
          {
          case 0: /* bricks: 32×16, every other row shifted */
            {
              guint row = y / 16, bx = (x + (row % 2) * 16) % 32;
              shade = (y % 16 == 0 || bx == 0) ? 1 : 4 + (row * 3 + (x + (row % 2) * 16) / 32) % 4;
              break;
            }
          case 1: /* tiles: 32×32 squares in two shades */
            shade = (x % 32 == 0 || y % 32 == 0) ? 0 : (((x / 32) + (y / 32)) % 2 ? 6 : 3);
            break;
          default: /* diagonal stripes */
            shade = 2 + ((x + y) / 8) % 6;
            break;
          }
        tsr_image_set_pixel (image, x, y, (wall_rgb (hue * 8 + shade) << 8) | 0xff);
      }
  png = tsr_image_to_png (image, NULL);
  return tsr_image_load_png (g_bytes_get_data (png, NULL), g_bytes_get_size (png), "wall.png", NULL);
}

static gboolean
bitmap_has_pixels (const TsrShapesCollection *collection,
                   guint                      index)
{
  const TsrShapesBitmap *bitmap = index < collection->bitmaps->len ? g_ptr_array_index (collection->bitmaps, index) : NULL;

  return bitmap != NULL && bitmap->width > 0 && bitmap->height > 0;
}

void
tsr_shapes_sample_add_walls (TsrShapesFile *file,
                             guint          collection_index,
                             guint          n_textures)
{
  TsrShapesCollection *collection = file->slots[collection_index].versions[0];
  TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (TSR_SHAPES_COLLECTION_WALL);
  const TsrShapesColorTable *table;

  if (collection == NULL)
    {
      collection = tsr_shapes_collection_new (TSR_SHAPES_COLLECTION_WALL, WALL_COLORS);
      g_ptr_array_add (collection->color_tables, wall_table ());
      tsr_shapes_file_set_collection (file, collection_index, 0, collection);
    }
  table = g_ptr_array_index (collection->color_tables, 0);
  for (guint f = 0; f < n_textures; f++)
    {
      if (!bitmap_has_pixels (collection, f))
        {
          g_autoptr(TsrImage) image = wall_fixture (collection_index * 5 + f);
          g_autoptr(GError) error = NULL;
          TsrShapesBitmap *bitmap = tsr_shapes_bitmap_encode (image, table, &options, NULL, &error);

          if (bitmap == NULL)
            g_error ("shapes sample: wall %u: %s", f, error->message);
          if (f < collection->bitmaps->len)
            {
              tsr_shapes_bitmap_free (collection->bitmaps->pdata[f]);
              collection->bitmaps->pdata[f] = bitmap;
            }
          else
            /* Bitmaps 0..f-1 are there already: earlier rounds saw to it. */
            g_ptr_array_add (collection->bitmaps, bitmap);
        }
      if (f >= collection->frames->len)
        g_ptr_array_add (collection->frames, tsr_shapes_frame_new ((gint16) f, 0));
      else
        {
          g_free (collection->frames->pdata[f]);
          collection->frames->pdata[f] = tsr_shapes_frame_new ((gint16) f, 0);
        }
    }
  tsr_shapes_collection_touch (collection);
}

#define SPRITE_WIDTH  64
#define SPRITE_HEIGHT 96
#define SPRITE_SCALE  8   /* world units (1/1024) a pixel: 96 px stand 0.75 WU */

/* A sprite of hue HUE: a 32-pixel-wide column with a transparent window in its middle (rows
 * 32..63, columns 24..39) and transparent margins, so that tests see both the picture and what is
 * behind it through the same billboard. */
static TsrImage *
sprite_fixture (guint hue)
{
  g_autoptr(TsrImage) image = tsr_image_new (SPRITE_WIDTH, SPRITE_HEIGHT);
  g_autoptr(GBytes) png = NULL;

  for (guint y = 0; y < SPRITE_HEIGHT; y++)
    for (guint x = 0; x < SPRITE_WIDTH; x++)
      {
        gboolean column = x >= 16 && x < 48;
        gboolean window = x >= 24 && x < 40 && y >= 32 && y < 64;

        tsr_image_set_pixel (image, x, y, column && !window ? (wall_rgb (hue * 8 + 7) << 8) | 0xff : 0);
      }
  png = tsr_image_to_png (image, NULL);
  return tsr_image_load_png (g_bytes_get_data (png, NULL), g_bytes_get_size (png), "sprite.png", NULL);
}

/* A frame of BITMAP with its origin at the bottom middle and its key point 3/4 up, and the world
 * extents Anvil and ShapeFusion derive from them (scale SPRITE_SCALE). */
static TsrShapesFrame *
sprite_frame (gint16 bitmap)
{
  guint8 raw[TSR_SHAPES_FRAME_SIZE] = { 0 };
  TsrShapesFrame *frame = g_new0 (TsrShapesFrame, 1);
  gint16 origin_x = SPRITE_WIDTH / 2, origin_y = SPRITE_HEIGHT, key_x = SPRITE_WIDTH / 2, key_y = SPRITE_HEIGHT / 4;
  gint16 values[] = {
    origin_x, origin_y, key_x, key_y,
    (gint16) (-SPRITE_SCALE * origin_x), (gint16) (SPRITE_SCALE * (SPRITE_WIDTH - origin_x)),
    (gint16) (SPRITE_SCALE * origin_y), (gint16) (-SPRITE_SCALE * (SPRITE_HEIGHT - origin_y)),
    (gint16) (SPRITE_SCALE * (key_x - origin_x)), (gint16) (SPRITE_SCALE * (origin_y - key_y)),
  };

  raw[6] = (guint8) (bitmap >> 8);
  raw[7] = (guint8) bitmap;
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      raw[8 + 2 * i] = (guint8) ((guint16) values[i] >> 8);
      raw[9 + 2 * i] = (guint8) values[i];
    }
  tsr_shapes_frame_parse (raw, frame);
  return frame;
}

void
tsr_shapes_sample_add_sprites (TsrShapesFile *file,
                               guint          collection_index,
                               guint          n_sequences)
{
  TsrShapesCollection *collection = file->slots[collection_index].versions[0];
  TsrShapesEncodeOptions options = tsr_shapes_encode_options_for (TSR_SHAPES_COLLECTION_OBJECT);
  const TsrShapesColorTable *table;

  if (collection != NULL)
    return;
  collection = tsr_shapes_collection_new (TSR_SHAPES_COLLECTION_OBJECT, WALL_COLORS);
  for (guint t = 0; t < 8; t++)
    g_ptr_array_add (collection->color_tables, wall_table ());
  tsr_shapes_file_set_collection (file, collection_index, 0, collection);
  table = g_ptr_array_index (collection->color_tables, 0);
  for (guint s = 0; s < n_sequences; s++)
    {
      g_autoptr(TsrImage) image = sprite_fixture ((collection_index + s) % 7);
      g_autoptr(GError) error = NULL;
      TsrShapesBitmap *bitmap = tsr_shapes_bitmap_encode (image, table, &options, NULL, &error);
      gint16 frame_index = (gint16) s;

      if (bitmap == NULL)
        g_error ("shapes sample: sprite %u: %s", s, error->message);
      g_ptr_array_add (collection->bitmaps, bitmap);
      g_ptr_array_add (collection->frames, sprite_frame ((gint16) s));
      /* One view (view code 10, unanimated), one frame. */
      g_ptr_array_add (collection->sequences, tsr_shapes_sequence_new ("sprite", 10, 1, &frame_index));
    }
  tsr_shapes_collection_touch (collection);
}
