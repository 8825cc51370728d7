/* tsr-sphere-document-spriteset.c: the edits of a spriteset opened as a document: directions
 * (add, rename, move, remove), frames (add, duplicate, remove, move, delay), a PNG strip or sheet
 * cut into a direction's frames, the base rectangle and a frame image's pixels. Each builds the
 * spriteset's new structure and hands it to one TsrSphereSpritesetCommand. */
#include "model/sphere/tsr-sphere-document-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "model/sphere/tsr-sphere-spriteset-command.h"
#include "model/sphere/tsr-sphere-spriteset-edit.h"
#include "model/tsr-undo-stack.h"

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

/* The spriteset when it has directions to edit (versions 2 and 3). */
static const TsrSphereSpriteset *
spriteset_for_edit (TsrSphereDocument *self,
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
  return spriteset;
}

static const TsrSphereDirection *
direction_for_edit (TsrSphereDocument *self,
                    guint              direction,
                    GError           **error)
{
  const TsrSphereSpriteset *spriteset = spriteset_for_edit (self, error);

  if (spriteset == NULL)
    return NULL;
  if (direction >= spriteset->directions->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("direction %u: the spriteset has %u"), direction,
                   spriteset->directions->len);
      return NULL;
    }
  return g_ptr_array_index (spriteset->directions, direction);
}

static gboolean
check_frame (const TsrSphereDirection *direction,
             guint                     index,
             guint                     frame,
             GError                  **error)
{
  if (frame < direction->frames->len)
    return TRUE;
  g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("frame %u: direction %u has %u"), frame, index,
               direction->frames->len);
  return FALSE;
}

static guint
total_frames (GPtrArray *directions)
{
  guint total = 0;

  for (guint d = 0; d < directions->len; d++)
    total += ((const TsrSphereDirection *) g_ptr_array_index (directions, d))->frames->len;
  return total;
}

/* Hands AFTER to a command. Version 2 stores every frame's pixels with the frame and keeps the
 * header's image count as stored: it moves by the frames added or removed, so a file whose count
 * disagreed keeps disagreeing by as much (nothing recomputed behind the user's back). */
static gboolean
execute (TsrSphereDocument       *self,
         TsrSphereSpritesetState *after,
         GPtrArray               *new_images,
         guint                    pixels_image,
         TsrImage                *pixels,
         guint                    direction,
         const char              *merge_key,
         const char              *description)
{
  const TsrSphereSpriteset *spriteset = tsr_sphere_document_get_edited_spriteset (self);

  if (spriteset->version == 2)
    {
      gint64 count = (gint64) spriteset->image_count + total_frames (after->directions)
                     - total_frames (spriteset->directions);
      after->image_count = (guint16) CLAMP (count, 0, G_MAXUINT16);
    }
  return tsr_document_execute_take (TSR_DOCUMENT (self),
                                    tsr_sphere_spriteset_command_new (self, after, new_images, pixels_image, pixels,
                                                                      direction, merge_key, description));
}

static TsrSphereDirection *
state_direction (TsrSphereSpritesetState *state,
                 guint                    direction)
{
  return g_ptr_array_index (state->directions, direction);
}

static gboolean
room_for_images (const TsrSphereSpriteset *spriteset,
                 guint                     count,
                 GError                  **error)
{
  if ((gsize) spriteset->images->len + count <= G_MAXUINT16)
    return TRUE;
  g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("%u more images would pass the format's 65535"), count);
  return FALSE;
}

/* A new frame of the spriteset's size showing IMAGE, with DELAY (version 2 frame headers carry
 * the size: Sphere writes the spriteset's). */
static TsrSphereFrame
new_frame (const TsrSphereSpriteset *spriteset,
           guint                     image,
           guint16                   delay)
{
  TsrSphereFrame frame = { 0 };

  frame.image = (guint16) image;
  frame.delay = delay;
  frame.width = spriteset->frame_width;
  frame.height = spriteset->frame_height;
  return frame;
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
  g_autoptr(TsrSphereSpritesetState) after = NULL;
  g_autoptr(GPtrArray) images = NULL;
  TsrSphereDirection *target;
  guint width, height, columns, count;
  guint16 delay = DEFAULT_DELAY;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (strip != NULL, FALSE);
  if ((old = direction_for_edit (self, direction, error)) == NULL)
    return FALSE;
  spriteset = tsr_sphere_document_get_edited_spriteset (self);
  width = spriteset->frame_width;
  height = spriteset->frame_height;
  /* A row, a column or a sheet of whole frames. */
  if (width == 0 || height == 0 || strip->width % width != 0 || strip->height % height != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("%s: %u×%u is not a row, column or sheet of %u×%u frames (the spriteset's frame size)"),
                   label != NULL ? label : "picture", strip->width, strip->height, width, height);
      return FALSE;
    }
  columns = strip->width / width;
  count = columns * (strip->height / height);
  if ((gsize) spriteset->images->len + count > G_MAXUINT16
      || (mode == TSR_SPHERE_STRIP_APPEND && (gsize) old->frames->len + count > G_MAXUINT16))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("%s: %u more frames would pass the format's 65535"),
                   label != NULL ? label : "picture", count);
      return FALSE;
    }
  if (old->frames->len > 0)
    delay = g_array_index (old->frames, TsrSphereFrame, old->frames->len - 1).delay;
  after = tsr_sphere_spriteset_state_capture (spriteset);
  target = state_direction (after, direction);
  if (mode == TSR_SPHERE_STRIP_REPLACE)
    g_array_set_size (target->frames, 0);
  images = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
  for (guint i = 0; i < count; i++)
    {
      TsrSphereFrame frame = new_frame (spriteset, spriteset->images->len + i, delay);

      g_ptr_array_add (images, tsr_image_crop (strip, (i % columns) * width, (i / columns) * height, width, height));
      g_array_append_val (target->frames, frame);
    }
  return execute (self, g_steal_pointer (&after), g_steal_pointer (&images), G_MAXUINT, NULL, direction, NULL,
                  mode == TSR_SPHERE_STRIP_APPEND ? _("Add Frames") : _("Replace Frames"));
}

gboolean
tsr_sphere_document_set_frame_delay (TsrSphereDocument *self,
                                     guint              direction,
                                     guint              frame,
                                     guint16            delay,
                                     GError           **error)
{
  const TsrSphereDirection *old;
  g_autoptr(TsrSphereSpritesetState) after = NULL;
  g_autofree char *key = NULL;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if ((old = direction_for_edit (self, direction, error)) == NULL || !check_frame (old, direction, frame, error))
    return FALSE;
  if (g_array_index (old->frames, TsrSphereFrame, frame).delay == delay)
    return TRUE;
  after = tsr_sphere_spriteset_state_capture (tsr_sphere_document_get_edited_spriteset (self));
  g_array_index (state_direction (after, direction)->frames, TsrSphereFrame, frame).delay = delay;
  key = g_strdup_printf ("delay:%u:%u", direction, frame);
  return execute (self, g_steal_pointer (&after), NULL, G_MAXUINT, NULL, direction, key, _("Change Delay"));
}

static gboolean
check_name (const char *name,
            GError    **error)
{
  if (name == NULL || g_utf8_validate (name, -1, NULL))
    {
      if (name == NULL || strlen (name) <= G_MAXUINT16)
        return TRUE;
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("a direction name is at most 65535 bytes"));
      return FALSE;
    }
  g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("a direction name must be UTF-8 text"));
  return FALSE;
}

gboolean
tsr_sphere_document_add_direction (TsrSphereDocument *self,
                                   guint              position,
                                   const char        *name,
                                   GError           **error)
{
  const TsrSphereSpriteset *spriteset;
  g_autoptr(TsrSphereSpritesetState) after = NULL;
  TsrSphereDirection *direction;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if ((spriteset = spriteset_for_edit (self, error)) == NULL || !check_name (name, error))
    return FALSE;
  if (position > spriteset->directions->len || spriteset->directions->len >= G_MAXUINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("direction %u: the spriteset has %u"), position,
                   spriteset->directions->len);
      return FALSE;
    }
  after = tsr_sphere_spriteset_state_capture (spriteset);
  direction = g_new0 (TsrSphereDirection, 1);
  direction->name = spriteset->version >= 3 ? tsr_sphere_string_new (name != NULL ? name : "") : NULL;
  direction->frames = g_array_new (FALSE, TRUE, sizeof (TsrSphereFrame));
  g_ptr_array_insert (after->directions, (gint) position, direction);
  return execute (self, g_steal_pointer (&after), NULL, G_MAXUINT, NULL, G_MAXUINT, NULL, _("Add Direction"));
}

gboolean
tsr_sphere_document_rename_direction (TsrSphereDocument *self,
                                      guint              direction,
                                      const char        *name,
                                      GError           **error)
{
  const TsrSphereSpriteset *spriteset;
  const TsrSphereDirection *old;
  g_autoptr(TsrSphereSpritesetState) after = NULL;
  g_autofree char *current = NULL;
  TsrSphereDirection *target;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  if ((old = direction_for_edit (self, direction, error)) == NULL || !check_name (name, error))
    return FALSE;
  spriteset = tsr_sphere_document_get_edited_spriteset (self);
  if (spriteset->version < 3)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("a version %u spriteset stores no direction names (Sphere names them by their place)"),
                   spriteset->version);
      return FALSE;
    }
  current = tsr_sphere_spriteset_direction_name (spriteset, direction);
  if (g_strcmp0 (current, name) == 0)
    return TRUE;
  after = tsr_sphere_spriteset_state_capture (spriteset);
  target = state_direction (after, direction);
  g_clear_pointer (&target->name, g_bytes_unref);
  target->name = tsr_sphere_string_new (name);
  return execute (self, g_steal_pointer (&after), NULL, G_MAXUINT, NULL, direction, NULL, _("Rename Direction"));
}

gboolean
tsr_sphere_document_move_direction (TsrSphereDocument *self,
                                    guint              from,
                                    guint              to,
                                    GError           **error)
{
  const TsrSphereSpriteset *spriteset;
  g_autoptr(TsrSphereSpritesetState) after = NULL;
  gpointer moved;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (direction_for_edit (self, from, error) == NULL || direction_for_edit (self, to, error) == NULL)
    return FALSE;
  if (from == to)
    return TRUE;
  spriteset = tsr_sphere_document_get_edited_spriteset (self);
  after = tsr_sphere_spriteset_state_capture (spriteset);
  moved = g_ptr_array_steal_index (after->directions, from);
  g_ptr_array_insert (after->directions, (gint) to, moved);
  return execute (self, g_steal_pointer (&after), NULL, G_MAXUINT, NULL, G_MAXUINT, NULL, _("Move Direction"));
}

gboolean
tsr_sphere_document_remove_direction (TsrSphereDocument *self,
                                      guint              direction,
                                      GError           **error)
{
  const TsrSphereSpriteset *spriteset;
  g_autoptr(TsrSphereSpritesetState) after = NULL;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (direction_for_edit (self, direction, error) == NULL)
    return FALSE;
  spriteset = tsr_sphere_document_get_edited_spriteset (self);
  if (spriteset->directions->len == 1)
    {
      /* engine/map_engine.cpp draws a person by direction 0 of sSpriteset::GetFrameIndex. */
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED, _("the last direction cannot be removed: Sphere "
                   "needs one to draw a person"));
      return FALSE;
    }
  after = tsr_sphere_spriteset_state_capture (spriteset);
  g_ptr_array_remove_index (after->directions, direction);
  return execute (self, g_steal_pointer (&after), NULL, G_MAXUINT, NULL, G_MAXUINT, NULL, _("Remove Direction"));
}

gboolean
tsr_sphere_document_add_frame (TsrSphereDocument *self,
                               guint              direction,
                               guint              position,
                               GError           **error)
{
  const TsrSphereSpriteset *spriteset;
  const TsrSphereDirection *old;
  g_autoptr(TsrSphereSpritesetState) after = NULL;
  g_autoptr(GPtrArray) images = NULL;
  TsrSphereFrame frame;
  guint16 delay = DEFAULT_DELAY;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if ((old = direction_for_edit (self, direction, error)) == NULL)
    return FALSE;
  spriteset = tsr_sphere_document_get_edited_spriteset (self);
  if (position > old->frames->len || old->frames->len >= G_MAXUINT16)
    return check_frame (old, direction, G_MAXUINT, error);
  if (!room_for_images (spriteset, 1, error))
    return FALSE;
  if (old->frames->len > 0)
    delay = g_array_index (old->frames, TsrSphereFrame, position > 0 ? position - 1 : 0).delay;
  images = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
  g_ptr_array_add (images, tsr_image_new (spriteset->frame_width, spriteset->frame_height));
  after = tsr_sphere_spriteset_state_capture (spriteset);
  frame = new_frame (spriteset, spriteset->images->len, delay);
  g_array_insert_val (state_direction (after, direction)->frames, position, frame);
  return execute (self, g_steal_pointer (&after), g_steal_pointer (&images), G_MAXUINT, NULL, direction, NULL,
                  _("Add Frame"));
}

gboolean
tsr_sphere_document_duplicate_frame (TsrSphereDocument *self,
                                     guint              direction,
                                     guint              frame,
                                     GError           **error)
{
  const TsrSphereSpriteset *spriteset;
  const TsrSphereDirection *old;
  g_autoptr(TsrSphereSpritesetState) after = NULL;
  g_autoptr(GPtrArray) images = NULL;
  TsrSphereFrame copy;
  const TsrImage *image;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if ((old = direction_for_edit (self, direction, error)) == NULL || !check_frame (old, direction, frame, error))
    return FALSE;
  spriteset = tsr_sphere_document_get_edited_spriteset (self);
  if (old->frames->len >= G_MAXUINT16 || !room_for_images (spriteset, 1, error))
    return check_frame (old, direction, G_MAXUINT, error);
  copy = g_array_index (old->frames, TsrSphereFrame, frame);
  image = copy.image < spriteset->images->len ? g_ptr_array_index (spriteset->images, copy.image) : NULL;
  images = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
  g_ptr_array_add (images, image != NULL ? tsr_image_copy (image)
                                         : tsr_image_new (spriteset->frame_width, spriteset->frame_height));
  copy.image = (guint16) spriteset->images->len;
  after = tsr_sphere_spriteset_state_capture (spriteset);
  g_array_insert_val (state_direction (after, direction)->frames, frame + 1, copy);
  return execute (self, g_steal_pointer (&after), g_steal_pointer (&images), G_MAXUINT, NULL, direction, NULL,
                  _("Duplicate Frame"));
}

gboolean
tsr_sphere_document_remove_frame (TsrSphereDocument *self,
                                  guint              direction,
                                  guint              frame,
                                  GError           **error)
{
  const TsrSphereDirection *old;
  g_autoptr(TsrSphereSpritesetState) after = NULL;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if ((old = direction_for_edit (self, direction, error)) == NULL || !check_frame (old, direction, frame, error))
    return FALSE;
  after = tsr_sphere_spriteset_state_capture (tsr_sphere_document_get_edited_spriteset (self));
  g_array_remove_index (state_direction (after, direction)->frames, frame);
  return execute (self, g_steal_pointer (&after), NULL, G_MAXUINT, NULL, direction, NULL, _("Remove Frame"));
}

gboolean
tsr_sphere_document_move_frame (TsrSphereDocument *self,
                                guint              direction,
                                guint              from,
                                guint              to,
                                GError           **error)
{
  const TsrSphereDirection *old;
  g_autoptr(TsrSphereSpritesetState) after = NULL;
  GArray *frames;
  TsrSphereFrame moved;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if ((old = direction_for_edit (self, direction, error)) == NULL || !check_frame (old, direction, from, error)
      || !check_frame (old, direction, to, error))
    return FALSE;
  if (from == to)
    return TRUE;
  after = tsr_sphere_spriteset_state_capture (tsr_sphere_document_get_edited_spriteset (self));
  frames = state_direction (after, direction)->frames;
  moved = g_array_index (frames, TsrSphereFrame, from);
  g_array_remove_index (frames, from);
  g_array_insert_val (frames, to, moved);
  return execute (self, g_steal_pointer (&after), NULL, G_MAXUINT, NULL, direction, NULL, _("Move Frame"));
}

gboolean
tsr_sphere_document_set_base (TsrSphereDocument *self,
                              gint               x1,
                              gint               y1,
                              gint               x2,
                              gint               y2,
                              gboolean           continuing,
                              GError           **error)
{
  const TsrSphereSpriteset *spriteset;
  g_autoptr(TsrSphereSpritesetState) after = NULL;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if ((spriteset = spriteset_for_edit (self, error)) == NULL)
    return FALSE;
  if (MIN (MIN (x1, x2), MIN (y1, y2)) < G_MININT16 || MAX (MAX (x1, x2), MAX (y1, y2)) > G_MAXINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("the base corners are 16-bit numbers (%d..%d)"),
                   G_MININT16, G_MAXINT16);
      return FALSE;
    }
  /* Every base change may take the next one in; a new drag starts a step of its own (also when
   * its first point changes nothing). */
  if (!continuing)
    tsr_undo_stack_break_merge (tsr_document_get_undo_stack (TSR_DOCUMENT (self)));
  if (spriteset->base_x1 == MIN (x1, x2) && spriteset->base_y1 == MIN (y1, y2)
      && spriteset->base_x2 == MAX (x1, x2) && spriteset->base_y2 == MAX (y1, y2))
    return TRUE;
  after = tsr_sphere_spriteset_state_capture (spriteset);
  after->base_x1 = (gint16) MIN (x1, x2);
  after->base_y1 = (gint16) MIN (y1, y2);
  after->base_x2 = (gint16) MAX (x1, x2);
  after->base_y2 = (gint16) MAX (y1, y2);
  return execute (self, g_steal_pointer (&after), NULL, G_MAXUINT, NULL, TSR_SPHERE_SPRITESET_BASE, "base",
                  _("Change Base"));
}

gboolean
tsr_sphere_document_set_image (TsrSphereDocument *self,
                               guint              direction,
                               guint              image,
                               const TsrImage    *pixels,
                               const char        *description,
                               GError           **error)
{
  const TsrSphereSpriteset *spriteset;
  const TsrImage *old;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (pixels != NULL, FALSE);
  if ((spriteset = spriteset_for_edit (self, error)) == NULL)
    return FALSE;
  if (image >= spriteset->images->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("image %u: the spriteset has %u"), image,
                   spriteset->images->len);
      return FALSE;
    }
  old = g_ptr_array_index (spriteset->images, image);
  if (pixels->width != old->width || pixels->height != old->height)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("image %u is %u×%u, the new pixels %u×%u"), image,
                   old->width, old->height, pixels->width, pixels->height);
      return FALSE;
    }
  if (memcmp (old->pixels, pixels->pixels, (gsize) old->width * old->height * 4) == 0)
    return TRUE;
  return execute (self, tsr_sphere_spriteset_state_capture (spriteset), NULL, image, tsr_image_copy (pixels),
                  direction, NULL, description != NULL ? description : _("Draw"));
}

static gboolean
image_get (gpointer  owner,
           guint     index,
           TsrImage *out)
{
  const TsrSphereSpriteset *spriteset = tsr_sphere_document_get_edited_spriteset (owner);

  if (spriteset == NULL || spriteset->version < 2 || index >= spriteset->images->len)
    return FALSE;
  *out = *(const TsrImage *) g_ptr_array_index (spriteset->images, index);
  return TRUE;
}

static void
image_changed (gpointer            owner,
               guint               index,
               const TsrPixelRect *area)
{
  g_signal_emit (owner, tsr_sphere_document_signals[SPRITESET_CHANGED], 0, G_MAXUINT);
}

static const TsrPixelTarget image_target = { image_get, image_changed };

const TsrPixelTarget *
tsr_sphere_document_get_image_target (void)
{
  return &image_target;
}
