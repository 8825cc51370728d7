/* tsr-sphere-document-spriteset.c: the edits of a spriteset opened as a document: a PNG strip cut
 * into a direction's frames, a frame's delay. Each builds the direction's new frames and hands
 * them to one TsrSphereSpritesetCommand. */
#include "model/sphere/tsr-sphere-document-private.h"

#include <glib/gi18n.h>

#include "core/tsr-error.h"
#include "model/sphere/tsr-sphere-spriteset-command.h"

/* What a new frame is shown for in an empty direction: Sphere's editor's default. */
#define DEFAULT_DELAY 8

const TsrSphereSpriteset *
tsr_sphere_document_get_edited_spriteset (TsrSphereDocument *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), NULL);
  if (g_strcmp0 (tsr_document_get_format_id (TSR_DOCUMENT (self)), "sphere-rss") != 0)
    return NULL;
  return tsr_document_get_format_data (TSR_DOCUMENT (self));
}

static const TsrSphereDirection *
direction_for_edit (TsrSphereDocument *self,
                    guint              direction,
                    GError           **error)
{
  const TsrSphereSpriteset *spriteset = tsr_sphere_document_get_edited_spriteset (self);

  if (spriteset == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("the document is not a spriteset"));
      return NULL;
    }
  if (spriteset->version < 2)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("a version %u spriteset has no directions to edit (its 64 frames are implied)"), spriteset->version);
      return NULL;
    }
  if (direction >= spriteset->directions->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("direction %u: the spriteset has %u"), direction,
                   spriteset->directions->len);
      return NULL;
    }
  return g_ptr_array_index (spriteset->directions, direction);
}

gboolean
tsr_sphere_document_import_strip (TsrSphereDocument *self,
                                  guint              direction,
                                  const TsrImage    *strip,
                                  TsrSphereStripMode mode,
                                  const char        *label,
                                  GError           **error)
{
  const TsrSphereSpriteset *spriteset;
  const TsrSphereDirection *old;
  g_autoptr(GArray) frames = NULL;
  g_autoptr(GPtrArray) images = NULL;
  guint width, height, count;
  gboolean across;
  guint16 delay = DEFAULT_DELAY;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (strip != NULL, FALSE);
  if ((old = direction_for_edit (self, direction, error)) == NULL)
    return FALSE;
  spriteset = tsr_sphere_document_get_edited_spriteset (self);
  width = spriteset->frame_width;
  height = spriteset->frame_height;
  /* A row of frames, or a column of them (a single frame is both). */
  across = strip->height == height && width > 0 && strip->width % width == 0;
  if (width == 0 || height == 0 || (!across && !(strip->width == width && strip->height % height == 0)))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("%s: %u×%u is not a row or column of %u×%u frames (the spriteset's frame size)"),
                   label != NULL ? label : "picture", strip->width, strip->height, width, height);
      return FALSE;
    }
  count = across ? strip->width / width : strip->height / height;
  if ((gsize) spriteset->images->len + count > G_MAXUINT16
      || (mode == TSR_SPHERE_STRIP_APPEND && (gsize) old->frames->len + count > G_MAXUINT16))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("%s: %u more frames would pass the format's 65535"),
                   label != NULL ? label : "picture", count);
      return FALSE;
    }
  if (old->frames->len > 0)
    delay = g_array_index (old->frames, TsrSphereFrame, old->frames->len - 1).delay;
  frames = g_array_new (FALSE, TRUE, sizeof (TsrSphereFrame));
  if (mode == TSR_SPHERE_STRIP_APPEND)
    g_array_append_vals (frames, old->frames->data, old->frames->len);
  images = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
  for (guint i = 0; i < count; i++)
    {
      TsrSphereFrame frame = { 0 };

      frame.image = (guint16) (spriteset->images->len + i);
      frame.delay = delay;
      /* Version 2 frame headers carry the size (Sphere writes the spriteset's). */
      frame.width = (guint16) width;
      frame.height = (guint16) height;
      g_ptr_array_add (images, tsr_image_crop (strip, across ? i * width : 0, across ? 0 : i * height, width, height));
      g_array_append_val (frames, frame);
    }
  return tsr_document_execute_take (TSR_DOCUMENT (self),
                                    tsr_sphere_spriteset_command_new (self, direction, frames, g_steal_pointer (&images), -1,
                                                                      mode == TSR_SPHERE_STRIP_APPEND ? _("Add Frames")
                                                                                                     : _("Replace Frames")));
}

gboolean
tsr_sphere_document_set_frame_delay (TsrSphereDocument *self,
                                     guint              direction,
                                     guint              frame,
                                     guint16            delay,
                                     GError           **error)
{
  const TsrSphereDirection *old;
  g_autoptr(GArray) frames = NULL;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if ((old = direction_for_edit (self, direction, error)) == NULL)
    return FALSE;
  if (frame >= old->frames->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("frame %u: direction %u has %u"), frame, direction,
                   old->frames->len);
      return FALSE;
    }
  if (g_array_index (old->frames, TsrSphereFrame, frame).delay == delay)
    return TRUE;
  frames = g_array_sized_new (FALSE, TRUE, sizeof (TsrSphereFrame), old->frames->len);
  g_array_append_vals (frames, old->frames->data, old->frames->len);
  g_array_index (frames, TsrSphereFrame, frame).delay = delay;
  tsr_document_execute_take (TSR_DOCUMENT (self),
                             tsr_sphere_spriteset_command_new (self, direction, frames, NULL, (gint) frame, _("Change Delay")));
  return TRUE;
}
