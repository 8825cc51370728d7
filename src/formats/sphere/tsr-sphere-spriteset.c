/* tsr-sphere-spriteset.c: reading, writing and checking Sphere .rss spritesets. */
#include "formats/sphere/tsr-sphere-spriteset.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/sphere/tsr-sphere-string.h"

#define TSR_SPHERE_FRAME_SIZE_MAX 4096

/* The direction names Sphere gives versions 1 and 2, which store none. */
static const char *const default_direction_names[] = {
  "north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest",
};

void
tsr_sphere_direction_free (TsrSphereDirection *direction)
{
  if (direction == NULL)
    return;
  g_clear_pointer (&direction->name, g_bytes_unref);
  g_array_unref (direction->frames);
  g_free (direction);
}

TsrSphereDirection *
tsr_sphere_direction_copy (const TsrSphereDirection *direction)
{
  TsrSphereDirection *copy = g_new0 (TsrSphereDirection, 1);

  copy->name = direction->name != NULL ? g_bytes_ref (direction->name) : NULL;
  memcpy (copy->reserved, direction->reserved, sizeof copy->reserved);
  copy->frames = g_array_sized_new (FALSE, TRUE, sizeof (TsrSphereFrame), direction->frames->len);
  g_array_append_vals (copy->frames, direction->frames->data, direction->frames->len);
  return copy;
}

void
tsr_sphere_spriteset_free (TsrSphereSpriteset *spriteset)
{
  if (spriteset == NULL)
    return;
  g_ptr_array_unref (spriteset->images);
  g_ptr_array_unref (spriteset->directions);
  g_clear_pointer (&spriteset->trailing, g_bytes_unref);
  g_free (spriteset);
}

TsrSphereSpriteset *
tsr_sphere_spriteset_new (guint16 version,
                          guint16 frame_width,
                          guint16 frame_height)
{
  TsrSphereSpriteset *spriteset = g_new0 (TsrSphereSpriteset, 1);

  spriteset->version = version;
  spriteset->frame_width = frame_width;
  spriteset->frame_height = frame_height;
  spriteset->images = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
  spriteset->directions = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_sphere_direction_free);
  return spriteset;
}

TsrSphereDirection *
tsr_sphere_spriteset_add_direction (TsrSphereSpriteset *spriteset,
                                    const char         *name)
{
  TsrSphereDirection *direction = g_new0 (TsrSphereDirection, 1);

  direction->name = spriteset->version >= 3 ? tsr_sphere_string_new (name != NULL ? name : "") : NULL;
  direction->frames = g_array_new (FALSE, TRUE, sizeof (TsrSphereFrame));
  g_ptr_array_add (spriteset->directions, direction);
  spriteset->direction_count = (guint16) spriteset->directions->len;
  return direction;
}

/* minisphere's load_spriteset (spriteset.c, "case 1"): version 1 stores no directions; the engine
 * makes 8, named as default_direction_names, whose frame F of direction D shows image D * 8 + F
 * with a delay of 8. Derived each time, never stored: the file keeps only the images. */
GPtrArray *
tsr_sphere_spriteset_implied_directions (const TsrSphereSpriteset *spriteset)
{
  GPtrArray *directions;

  g_return_val_if_fail (spriteset != NULL, NULL);
  if (spriteset->version != 1)
    return NULL;
  directions = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_sphere_direction_free);
  for (guint d = 0; d < TSR_SPHERE_V1_DIRECTIONS; d++)
    {
      TsrSphereDirection *direction = g_new0 (TsrSphereDirection, 1);

      direction->frames = g_array_new (FALSE, TRUE, sizeof (TsrSphereFrame));
      for (guint f = 0; f < TSR_SPHERE_V1_FRAMES; f++)
        {
          TsrSphereFrame frame = { 0 };

          frame.image = (guint16) (d * TSR_SPHERE_V1_FRAMES + f);
          frame.delay = TSR_SPHERE_V1_DELAY;
          g_array_append_val (direction->frames, frame);
        }
      g_ptr_array_add (directions, direction);
    }
  return directions;
}

static gboolean
tsr_sphere_read_image (TsrReader  *reader,
                       GPtrArray  *images,
                       guint       width,
                       guint       height,
                       guint       index,
                       GError    **error)
{
  TsrImage *image;
  gsize size = (gsize) width * height * 4;

  if (width == 0 || height == 0 || width > TSR_SPHERE_FRAME_SIZE_MAX || height > TSR_SPHERE_FRAME_SIZE_MAX)
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, tsr_reader_file_offset (reader),
                        _("spriteset: image %u: size 1..%u expected, found %ux%u"),
                        index, TSR_SPHERE_FRAME_SIZE_MAX, width, height);
      return FALSE;
    }
  if (tsr_reader_remaining (reader) < size)
    {
      tsr_set_error_at (error, TSR_ERROR_TRUNCATED, tsr_reader_file_offset (reader),
                        _("spriteset: image %u: %ux%u RGBA pixels expected, the data ends first"),
                        index, width, height);
      return FALSE;
    }
  image = tsr_image_new (width, height);
  g_ptr_array_add (images, image);
  return tsr_reader_read_bytes (reader, size, image->pixels, error);
}

TsrSphereSpriteset *
tsr_sphere_spriteset_parse (GBytes  *bytes,
                            GError **error)
{
  g_autoptr(TsrSphereSpriteset) spriteset = tsr_sphere_spriteset_new (0, 0, 0);
  TsrReader reader;
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  const guint8 *magic;
  guint16 base[4];

  tsr_reader_init (&reader, data, size, "spriteset");
  if (!tsr_reader_read_view (&reader, 4, &magic, error))
    return NULL;
  if (memcmp (magic, ".rss", 4) != 0)
    {
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC, 0, _("spriteset: signature \".rss\" expected"));
      return NULL;
    }
  if (!tsr_reader_read_u16_le (&reader, &spriteset->version, error) ||
      !tsr_reader_read_u16_le (&reader, &spriteset->image_count, error) ||
      !tsr_reader_read_u16_le (&reader, &spriteset->frame_width, error) ||
      !tsr_reader_read_u16_le (&reader, &spriteset->frame_height, error) ||
      !tsr_reader_read_u16_le (&reader, &spriteset->direction_count, error))
    return NULL;
  for (guint i = 0; i < 4; i++)
    if (!tsr_reader_read_u16_le (&reader, &base[i], error))
      return NULL;
  spriteset->base_x1 = (gint16) base[0];
  spriteset->base_y1 = (gint16) base[1];
  spriteset->base_x2 = (gint16) base[2];
  spriteset->base_y2 = (gint16) base[3];
  if (!tsr_reader_read_bytes (&reader, sizeof spriteset->reserved, spriteset->reserved, error))
    return NULL;

  switch (spriteset->version)
    {
    case 1:
      for (guint i = 0; i < spriteset->image_count; i++)
        if (!tsr_sphere_read_image (&reader, spriteset->images, spriteset->frame_width,
                                    spriteset->frame_height, i, error))
          return NULL;
      break;

    case 2:
      for (guint d = 0; d < spriteset->direction_count; d++)
        {
          TsrSphereDirection *direction = g_new0 (TsrSphereDirection, 1);
          guint16 frame_count;

          direction->frames = g_array_new (FALSE, TRUE, sizeof (TsrSphereFrame));
          g_ptr_array_add (spriteset->directions, direction);
          if (!tsr_reader_read_u16_le (&reader, &frame_count, error) ||
              !tsr_reader_read_bytes (&reader, 62, direction->reserved, error))
            {
              tsr_error_prefix (error, _("spriteset: direction %u header"), d);
              return NULL;
            }
          for (guint f = 0; f < frame_count; f++)
            {
              TsrSphereFrame frame = { 0 };

              if (!tsr_reader_read_u16_le (&reader, &frame.width, error) ||
                  !tsr_reader_read_u16_le (&reader, &frame.height, error) ||
                  !tsr_reader_read_u16_le (&reader, &frame.delay, error) ||
                  !tsr_reader_read_bytes (&reader, 26, frame.reserved, error))
                {
                  tsr_error_prefix (error, _("spriteset: direction %u frame %u header"), d, f);
                  return NULL;
                }
              if (spriteset->images->len >= G_MAXUINT16)
                {
                  tsr_set_error_at (error, TSR_ERROR_INVALID, tsr_reader_file_offset (&reader),
                                    _("spriteset: more than 65535 frames"));
                  return NULL;
                }
              frame.image = (guint16) spriteset->images->len;
              if (!tsr_sphere_read_image (&reader, spriteset->images,
                                          spriteset->frame_width ? spriteset->frame_width : frame.width,
                                          spriteset->frame_height ? spriteset->frame_height : frame.height,
                                          frame.image, error))
                return NULL;
              g_array_append_val (direction->frames, frame);
            }
        }
      break;

    case 3:
      for (guint i = 0; i < spriteset->image_count; i++)
        if (!tsr_sphere_read_image (&reader, spriteset->images, spriteset->frame_width,
                                    spriteset->frame_height, i, error))
          return NULL;
      for (guint d = 0; d < spriteset->direction_count; d++)
        {
          TsrSphereDirection *direction = g_new0 (TsrSphereDirection, 1);
          guint16 frame_count;

          direction->frames = g_array_new (FALSE, TRUE, sizeof (TsrSphereFrame));
          g_ptr_array_add (spriteset->directions, direction);
          if (!tsr_reader_read_u16_le (&reader, &frame_count, error) ||
              !tsr_reader_read_bytes (&reader, 6, direction->reserved, error))
            {
              tsr_error_prefix (error, _("spriteset: direction %u header"), d);
              return NULL;
            }
          direction->name = tsr_sphere_string_read (&reader, "spriteset: direction name", error);
          if (direction->name == NULL)
            return NULL;
          if (tsr_reader_remaining (&reader) / 8 < frame_count)
            {
              tsr_set_error_at (error, TSR_ERROR_TRUNCATED, tsr_reader_file_offset (&reader),
                                _("spriteset: direction %u: %u frames expected, the data ends first"),
                                d, frame_count);
              return NULL;
            }
          for (guint f = 0; f < frame_count; f++)
            {
              TsrSphereFrame frame = { 0 };

              if (!tsr_reader_read_u16_le (&reader, &frame.image, error) ||
                  !tsr_reader_read_u16_le (&reader, &frame.delay, error) ||
                  !tsr_reader_read_bytes (&reader, 4, frame.reserved, error))
                return NULL;
              g_array_append_val (direction->frames, frame);
            }
        }
      break;

    default:
      tsr_set_error_at (error, TSR_ERROR_UNSUPPORTED_VERSION, 4,
                        _("spriteset: version 1, 2 or 3 expected, found %u"), spriteset->version);
      return NULL;
    }

  if (!tsr_reader_at_end (&reader))
    spriteset->trailing = tsr_reader_read_gbytes (&reader, tsr_reader_remaining (&reader), error);
  return g_steal_pointer (&spriteset);
}

static void
tsr_sphere_write_image (TsrWriter      *writer,
                        const TsrImage *image,
                        guint           width,
                        guint           height)
{
  /* An image whose size was changed in memory is cropped or padded to what the header says. */
  for (guint y = 0; y < height; y++)
    {
      if (image != NULL && y < image->height)
        {
          guint copy = MIN (width, image->width);

          tsr_writer_write_bytes (writer, image->pixels + (gsize) y * image->width * 4, (gsize) copy * 4);
          tsr_writer_write_zeros (writer, (gsize) (width - copy) * 4);
        }
      else
        tsr_writer_write_zeros (writer, (gsize) width * 4);
    }
}

GBytes *
tsr_sphere_spriteset_serialize (const TsrSphereSpriteset *spriteset)
{
  TsrWriter *writer = tsr_writer_new ();
  gboolean v2 = spriteset->version == 2;

  tsr_writer_write_bytes (writer, (const guint8 *) ".rss", 4);
  tsr_writer_write_u16_le (writer, spriteset->version);
  tsr_writer_write_u16_le (writer, v2 ? spriteset->image_count : (guint16) spriteset->images->len);
  tsr_writer_write_u16_le (writer, spriteset->frame_width);
  tsr_writer_write_u16_le (writer, spriteset->frame_height);
  tsr_writer_write_u16_le (writer, spriteset->version == 1 ? spriteset->direction_count
                                                           : (guint16) spriteset->directions->len);
  tsr_writer_write_u16_le (writer, (guint16) spriteset->base_x1);
  tsr_writer_write_u16_le (writer, (guint16) spriteset->base_y1);
  tsr_writer_write_u16_le (writer, (guint16) spriteset->base_x2);
  tsr_writer_write_u16_le (writer, (guint16) spriteset->base_y2);
  tsr_writer_write_bytes (writer, spriteset->reserved, sizeof spriteset->reserved);

  if (!v2)
    for (guint i = 0; i < spriteset->images->len; i++)
      tsr_sphere_write_image (writer, g_ptr_array_index (spriteset->images, i),
                              spriteset->frame_width, spriteset->frame_height);
  if (spriteset->version == 1)
    goto done;

  for (guint d = 0; d < spriteset->directions->len; d++)
    {
      const TsrSphereDirection *direction = g_ptr_array_index (spriteset->directions, d);

      tsr_writer_write_u16_le (writer, (guint16) direction->frames->len);
      tsr_writer_write_bytes (writer, direction->reserved, v2 ? 62 : 6);
      if (!v2)
        tsr_sphere_string_write (writer, direction->name);
      for (guint f = 0; f < direction->frames->len; f++)
        {
          const TsrSphereFrame *frame = &g_array_index (direction->frames, TsrSphereFrame, f);

          if (v2)
            {
              const TsrImage *image = frame->image < spriteset->images->len
                                      ? g_ptr_array_index (spriteset->images, frame->image) : NULL;

              tsr_writer_write_u16_le (writer, frame->width);
              tsr_writer_write_u16_le (writer, frame->height);
              tsr_writer_write_u16_le (writer, frame->delay);
              tsr_writer_write_bytes (writer, frame->reserved, 26);
              tsr_sphere_write_image (writer, image,
                                      spriteset->frame_width ? spriteset->frame_width : frame->width,
                                      spriteset->frame_height ? spriteset->frame_height : frame->height);
            }
          else
            {
              tsr_writer_write_u16_le (writer, frame->image);
              tsr_writer_write_u16_le (writer, frame->delay);
              tsr_writer_write_bytes (writer, frame->reserved, 4);
            }
        }
    }
done:
  if (spriteset->trailing != NULL)
    tsr_writer_write_gbytes (writer, spriteset->trailing);
  return tsr_writer_free_to_bytes (writer);
}

char *
tsr_sphere_spriteset_direction_name (const TsrSphereSpriteset *spriteset,
                                     guint                     index)
{
  if (index < spriteset->directions->len)
    {
      const TsrSphereDirection *direction = g_ptr_array_index (spriteset->directions, index);

      if (direction->name != NULL)
        return tsr_sphere_string_to_utf8 (direction->name);
    }
  if (index < G_N_ELEMENTS (default_direction_names))
    return g_strdup (default_direction_names[index]);
  return g_strdup_printf ("extra %u", index);
}

const TsrImage *
tsr_sphere_spriteset_pose_image (const TsrSphereSpriteset *spriteset,
                                 const char               *name)
{
  guint image = 0;

  if (spriteset->version == 1)
    {
      for (guint d = 0; name != NULL && d < G_N_ELEMENTS (default_direction_names); d++)
        if (g_ascii_strcasecmp (name, default_direction_names[d]) == 0)
          image = d * 8;
    }
  else
    {
      const TsrSphereDirection *chosen = NULL;

      for (guint d = 0; d < spriteset->directions->len; d++)
        {
          const TsrSphereDirection *direction = g_ptr_array_index (spriteset->directions, d);
          g_autofree char *direction_name = tsr_sphere_spriteset_direction_name (spriteset, d);

          if (direction->frames->len == 0)
            continue;
          if (chosen == NULL || (name != NULL && g_ascii_strcasecmp (name, direction_name) == 0))
            chosen = direction;
          if (name != NULL && g_ascii_strcasecmp (name, direction_name) == 0)
            break;
        }
      if (chosen == NULL)
        return NULL;
      image = g_array_index (chosen->frames, TsrSphereFrame, 0).image;
    }
  return image < spriteset->images->len ? g_ptr_array_index (spriteset->images, image) : NULL;
}

TsrImage *
tsr_sphere_spriteset_export_sheet (const TsrSphereSpriteset *spriteset,
                                   gint                      direction)
{
  guint first = direction < 0 ? 0 : (guint) direction;
  guint last = direction < 0 ? spriteset->directions->len : MIN ((guint) direction + 1, spriteset->directions->len);
  guint columns = 0;
  guint w = spriteset->frame_width, h = spriteset->frame_height;
  TsrImage *sheet;

  for (guint d = first; d < last; d++)
    columns = MAX (columns, ((const TsrSphereDirection *) g_ptr_array_index (spriteset->directions, d))->frames->len);
  if (columns == 0 || w == 0 || h == 0 || (guint64) columns * w > TSR_IMAGE_MAX_SIDE
      || (guint64) (last - first) * h > TSR_IMAGE_MAX_SIDE
      || (guint64) columns * w * (last - first) * h > TSR_IMAGE_MAX_PIXELS)
    return NULL;
  sheet = tsr_image_new (columns * w, (last - first) * h);
  for (guint d = first; d < last; d++)
    {
      const TsrSphereDirection *dir = g_ptr_array_index (spriteset->directions, d);

      for (guint f = 0; f < dir->frames->len; f++)
        {
          guint image = g_array_index (dir->frames, TsrSphereFrame, f).image;
          const TsrImage *picture = image < spriteset->images->len ? g_ptr_array_index (spriteset->images, image) : NULL;

          /* Copied row by row, transparent pixels too (a blit would skip them). */
          for (guint y = 0; picture != NULL && y < MIN (h, picture->height); y++)
            memcpy (sheet->pixels + (((gsize) (d - first) * h + y) * sheet->width + (gsize) f * w) * 4,
                    picture->pixels + (gsize) y * picture->width * 4, (gsize) MIN (w, picture->width) * 4);
        }
    }
  return sheet;
}

void
tsr_sphere_spriteset_validate (const TsrSphereSpriteset *spriteset,
                               GPtrArray                *findings)
{
  /* Errors where Sphere 1.x crashes drawing a person with this spriteset (engine/map_engine.cpp
   * CMapEngine::RenderEntities draws SSPRITESET::GetImage (GetFrameIndex (direction, frame))):
   * engine/sspriteset.cpp SSPRITESET::GetImage indexes its image array unchecked (no images, or
   * a frame's image past the end); common/Spriteset.cpp sSpriteset::GetFrameIndex and
   * GetNumFrames fall back to direction 0, which an empty direction list lacks; for a direction
   * without frames GetFrameIndex reads frames[frame] of an empty list, and
   * CMapEngine::SetPersonDirection and UpdateFollower take "frame %= GetNumFrames (direction)",
   * a division by zero (sSpriteset::Load refuses such a version 3 file outright). */
  if (spriteset->images->len == 0)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, _("spriteset"), _("no images"));
  if (spriteset->trailing != NULL)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("spriteset"), _("%zu bytes after the "
                      "spriteset data (kept, ignored by Sphere)"), g_bytes_get_size (spriteset->trailing));
  if (spriteset->version == 1 && spriteset->images->len != 64)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("spriteset"),
                      _("version 1 spritesets hold 64 images (8 directions of 8), %u found"),
                      spriteset->images->len);
  if (spriteset->version == 2 && spriteset->image_count != spriteset->images->len)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("spriteset"),
                      _("the header counts %u images, the directions hold %u frames"),
                      spriteset->image_count, spriteset->images->len);
  if (spriteset->version != 1 && spriteset->directions->len == 0)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, _("spriteset"), _("no directions"));
  for (guint d = 0; d < spriteset->directions->len; d++)
    {
      const TsrSphereDirection *direction = g_ptr_array_index (spriteset->directions, d);
      g_autofree char *where = g_strdup_printf (_("direction %u"), d);
      TsrFindingPlace place = tsr_finding_place_element (-1, "direction", (gint) d);

      if (direction->frames->len == 0)
        tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, where, _("no frames"));
      for (guint f = 0; f < direction->frames->len; f++)
        {
          const TsrSphereFrame *frame = &g_array_index (direction->frames, TsrSphereFrame, f);

          if (frame->image >= spriteset->images->len)
            tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, where, _("frame %u shows image %u, which does not exist"),
                              f, frame->image);
        }
    }
  if (spriteset->base_x1 > spriteset->base_x2 || spriteset->base_y1 > spriteset->base_y2)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("spriteset"), _("the base rectangle is not normalised"));
}
