/* tsr-sphere-spriteset-command.c: see the header. The spriteset is the document's format data;
 * the command keeps no pointer into it. Directions are updated in place slot by slot, so a
 * direction pointer a view holds stays valid while the number of directions does not shrink. */
#include "model/sphere/tsr-sphere-spriteset-command.h"

#include <string.h>

#include "model/sphere/tsr-sphere-document-private.h"

struct _TsrSphereSpritesetCommand {
  TsrCommand               parent_instance;
  /* Not a reference: the document owns the undo stack that owns this command. */
  TsrSphereDocument       *document;
  TsrSphereSpritesetState *before;
  TsrSphereSpritesetState *after;
  GPtrArray               *new_images;   /* TsrImage, appended by redo as copies */
  guint                    images_before;
  guint                    pixels_image;
  TsrImage                *old_pixels;   /* NULL when no image's pixels change */
  TsrImage                *new_pixels;
  guint                    direction;
  char                    *merge_key;
};

G_DEFINE_FINAL_TYPE (TsrSphereSpritesetCommand, tsr_sphere_spriteset_command, TSR_TYPE_COMMAND)

TsrSphereSpritesetState *
tsr_sphere_spriteset_state_capture (const TsrSphereSpriteset *spriteset)
{
  TsrSphereSpritesetState *state = g_new0 (TsrSphereSpritesetState, 1);

  state->directions = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_sphere_direction_free);
  for (guint d = 0; d < spriteset->directions->len; d++)
    g_ptr_array_add (state->directions, tsr_sphere_direction_copy (g_ptr_array_index (spriteset->directions, d)));
  state->base_x1 = spriteset->base_x1;
  state->base_y1 = spriteset->base_y1;
  state->base_x2 = spriteset->base_x2;
  state->base_y2 = spriteset->base_y2;
  state->image_count = spriteset->image_count;
  return state;
}

void
tsr_sphere_spriteset_state_free (TsrSphereSpritesetState *state)
{
  if (state == NULL)
    return;
  g_ptr_array_unref (state->directions);
  g_free (state);
}

static TsrSphereSpriteset *
spriteset_of (TsrSphereSpritesetCommand *self)
{
  return tsr_document_get_format_data (TSR_DOCUMENT (self->document));
}

static void
apply_state (TsrSphereSpriteset            *spriteset,
             const TsrSphereSpritesetState *state)
{
  if (spriteset->directions->len > state->directions->len)
    g_ptr_array_set_size (spriteset->directions, state->directions->len);
  for (guint d = 0; d < state->directions->len; d++)
    {
      const TsrSphereDirection *from = g_ptr_array_index (state->directions, d);
      TsrSphereDirection *to;

      if (d == spriteset->directions->len)
        {
          g_ptr_array_add (spriteset->directions, tsr_sphere_direction_copy (from));
          continue;
        }
      to = g_ptr_array_index (spriteset->directions, d);
      if (to->name != from->name)
        {
          g_clear_pointer (&to->name, g_bytes_unref);
          to->name = from->name != NULL ? g_bytes_ref (from->name) : NULL;
        }
      memcpy (to->reserved, from->reserved, sizeof to->reserved);
      g_array_set_size (to->frames, 0);
      g_array_append_vals (to->frames, from->frames->data, from->frames->len);
    }
  spriteset->direction_count = (guint16) spriteset->directions->len;
  spriteset->base_x1 = state->base_x1;
  spriteset->base_y1 = state->base_y1;
  spriteset->base_x2 = state->base_x2;
  spriteset->base_y2 = state->base_y2;
  spriteset->image_count = state->image_count;
}

static void
set_pixels (TsrSphereSpriteset *spriteset,
            guint               index,
            const TsrImage     *pixels)
{
  if (pixels != NULL && index < spriteset->images->len)
    {
      g_ptr_array_remove_index (spriteset->images, index);
      g_ptr_array_insert (spriteset->images, (gint) index, tsr_image_copy (pixels));
    }
}

static void
tsr_sphere_spriteset_command_redo (TsrCommand *command)
{
  TsrSphereSpritesetCommand *self = TSR_SPHERE_SPRITESET_COMMAND (command);
  TsrSphereSpriteset *spriteset = spriteset_of (self);

  g_ptr_array_set_size (spriteset->images, self->images_before);
  for (guint i = 0; i < self->new_images->len; i++)
    g_ptr_array_add (spriteset->images, tsr_image_copy (g_ptr_array_index (self->new_images, i)));
  set_pixels (spriteset, self->pixels_image, self->new_pixels);
  apply_state (spriteset, self->after);
  g_signal_emit (self->document, tsr_sphere_document_signals[SPRITESET_CHANGED], 0, self->direction);
}

static void
tsr_sphere_spriteset_command_undo (TsrCommand *command)
{
  TsrSphereSpritesetCommand *self = TSR_SPHERE_SPRITESET_COMMAND (command);
  TsrSphereSpriteset *spriteset = spriteset_of (self);

  apply_state (spriteset, self->before);
  set_pixels (spriteset, self->pixels_image, self->old_pixels);
  g_ptr_array_set_size (spriteset->images, self->images_before);
  g_signal_emit (self->document, tsr_sphere_document_signals[SPRITESET_CHANGED], 0, self->direction);
}

static gboolean
tsr_sphere_spriteset_command_merge (TsrCommand *command,
                                    TsrCommand *next_command)
{
  TsrSphereSpritesetCommand *self = TSR_SPHERE_SPRITESET_COMMAND (command);
  TsrSphereSpritesetCommand *next;

  if (!TSR_IS_SPHERE_SPRITESET_COMMAND (next_command))
    return FALSE;
  next = TSR_SPHERE_SPRITESET_COMMAND (next_command);
  if (self->merge_key == NULL || g_strcmp0 (self->merge_key, next->merge_key) != 0
      || self->new_images->len > 0 || next->new_images->len > 0
      || self->new_pixels != NULL || next->new_pixels != NULL)
    return FALSE;
  tsr_sphere_spriteset_state_free (self->after);
  self->after = g_steal_pointer (&next->after);
  return TRUE;
}

static void
tsr_sphere_spriteset_command_finalize (GObject *object)
{
  TsrSphereSpritesetCommand *self = TSR_SPHERE_SPRITESET_COMMAND (object);

  g_clear_pointer (&self->before, tsr_sphere_spriteset_state_free);
  g_clear_pointer (&self->after, tsr_sphere_spriteset_state_free);
  g_clear_pointer (&self->new_images, g_ptr_array_unref);
  g_clear_pointer (&self->old_pixels, tsr_image_free);
  g_clear_pointer (&self->new_pixels, tsr_image_free);
  g_free (self->merge_key);
  G_OBJECT_CLASS (tsr_sphere_spriteset_command_parent_class)->finalize (object);
}

static void
tsr_sphere_spriteset_command_class_init (TsrSphereSpritesetCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tsr_sphere_spriteset_command_finalize;
  command_class->redo = tsr_sphere_spriteset_command_redo;
  command_class->undo = tsr_sphere_spriteset_command_undo;
  command_class->merge = tsr_sphere_spriteset_command_merge;
}

static void
tsr_sphere_spriteset_command_init (TsrSphereSpritesetCommand *self)
{
}

TsrCommand *
tsr_sphere_spriteset_command_new (TsrSphereDocument       *document,
                                  TsrSphereSpritesetState *after,
                                  GPtrArray               *new_images,
                                  guint                    pixels_image,
                                  TsrImage                *pixels,
                                  guint                    direction,
                                  const char              *merge_key,
                                  const char              *description)
{
  TsrSphereSpritesetCommand *self = g_object_new (TSR_TYPE_SPHERE_SPRITESET_COMMAND, NULL);
  const TsrSphereSpriteset *spriteset = tsr_document_get_format_data (TSR_DOCUMENT (document));

  self->document = document;
  self->before = tsr_sphere_spriteset_state_capture (spriteset);
  self->after = after;
  self->new_images = new_images != NULL ? new_images : g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
  self->images_before = spriteset->images->len;
  self->pixels_image = pixels_image;
  if (pixels != NULL && pixels_image < spriteset->images->len)
    {
      self->old_pixels = tsr_image_copy (g_ptr_array_index (spriteset->images, pixels_image));
      self->new_pixels = pixels;
    }
  else
    g_clear_pointer (&pixels, tsr_image_free);
  self->direction = direction;
  self->merge_key = g_strdup (merge_key);
  tsr_command_set_description (TSR_COMMAND (self), description);
  return TSR_COMMAND (self);
}
