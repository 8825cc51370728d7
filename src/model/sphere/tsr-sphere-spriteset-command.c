/* tsr-sphere-spriteset-command.c: see the header. The spriteset is the document's format data;
 * the command keeps no pointer into it, only indexes, so it stays valid across other edits. */
#include "model/sphere/tsr-sphere-spriteset-command.h"

#include "model/sphere/tsr-sphere-document-private.h"

struct _TsrSphereSpritesetCommand {
  TsrCommand         parent_instance;
  /* Not a reference: the document owns the undo stack that owns this command. */
  TsrSphereDocument *document;
  guint              direction;
  GArray            *old_frames;   /* TsrSphereFrame */
  GArray            *new_frames;
  GPtrArray         *new_images;   /* TsrImage, appended by redo as copies */
  guint              images_before;
  guint16            old_image_count;
  gint               merge_frame;
};

G_DEFINE_FINAL_TYPE (TsrSphereSpritesetCommand, tsr_sphere_spriteset_command, TSR_TYPE_COMMAND)

static TsrSphereSpriteset *
spriteset_of (TsrSphereSpritesetCommand *self)
{
  return tsr_document_get_format_data (TSR_DOCUMENT (self->document));
}

static void
set_frames (TsrSphereSpritesetCommand *self,
            const GArray              *frames)
{
  TsrSphereDirection *direction = g_ptr_array_index (spriteset_of (self)->directions, self->direction);

  g_array_set_size (direction->frames, 0);
  g_array_append_vals (direction->frames, frames->data, frames->len);
}

static void
tsr_sphere_spriteset_command_redo (TsrCommand *command)
{
  TsrSphereSpritesetCommand *self = TSR_SPHERE_SPRITESET_COMMAND (command);
  TsrSphereSpriteset *spriteset = spriteset_of (self);

  g_ptr_array_set_size (spriteset->images, self->images_before);
  for (guint i = 0; i < self->new_images->len; i++)
    g_ptr_array_add (spriteset->images, tsr_image_copy (g_ptr_array_index (self->new_images, i)));
  /* Version 2 writes the count as stored: it grows with the frames (each has its own image). */
  if (spriteset->version == 2)
    spriteset->image_count = (guint16) (self->old_image_count + self->new_images->len);
  set_frames (self, self->new_frames);
  g_signal_emit (self->document, tsr_sphere_document_signals[SPRITESET_CHANGED], 0, self->direction);
}

static void
tsr_sphere_spriteset_command_undo (TsrCommand *command)
{
  TsrSphereSpritesetCommand *self = TSR_SPHERE_SPRITESET_COMMAND (command);
  TsrSphereSpriteset *spriteset = spriteset_of (self);

  set_frames (self, self->old_frames);
  g_ptr_array_set_size (spriteset->images, self->images_before);
  spriteset->image_count = self->old_image_count;
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
  if (self->merge_frame < 0 || next->merge_frame != self->merge_frame || next->direction != self->direction
      || self->new_images->len > 0 || next->new_images->len > 0)
    return FALSE;
  g_array_set_size (self->new_frames, 0);
  g_array_append_vals (self->new_frames, next->new_frames->data, next->new_frames->len);
  return TRUE;
}

static void
tsr_sphere_spriteset_command_finalize (GObject *object)
{
  TsrSphereSpritesetCommand *self = TSR_SPHERE_SPRITESET_COMMAND (object);

  g_clear_pointer (&self->old_frames, g_array_unref);
  g_clear_pointer (&self->new_frames, g_array_unref);
  g_clear_pointer (&self->new_images, g_ptr_array_unref);
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

static GArray *
copy_frames (const GArray *frames)
{
  GArray *copy = g_array_sized_new (FALSE, TRUE, sizeof (TsrSphereFrame), frames->len);

  g_array_append_vals (copy, frames->data, frames->len);
  return copy;
}

TsrCommand *
tsr_sphere_spriteset_command_new (TsrSphereDocument *document,
                                  guint              direction,
                                  GArray            *new_frames,
                                  GPtrArray         *new_images,
                                  gint               merge_frame,
                                  const char        *description)
{
  TsrSphereSpritesetCommand *self = g_object_new (TSR_TYPE_SPHERE_SPRITESET_COMMAND, NULL);
  const TsrSphereSpriteset *spriteset = tsr_document_get_format_data (TSR_DOCUMENT (document));
  const TsrSphereDirection *old = g_ptr_array_index (spriteset->directions, direction);

  self->document = document;
  self->direction = direction;
  self->old_frames = copy_frames (old->frames);
  self->new_frames = copy_frames (new_frames);
  self->new_images = new_images != NULL ? new_images : g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_image_free);
  self->images_before = spriteset->images->len;
  self->old_image_count = spriteset->image_count;
  self->merge_frame = merge_frame;
  tsr_command_set_description (TSR_COMMAND (self), description);
  return TSR_COMMAND (self);
}
