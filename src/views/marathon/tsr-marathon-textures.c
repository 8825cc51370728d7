/* tsr-marathon-textures.c: decoding goes through the shapes codec; a miss (no frame, no bitmap,
 * a bitmap that fails to decode) is cached too, so a map full of missing textures is not decoded
 * again at every frame. */
#include "views/marathon/tsr-marathon-textures.h"

#include "views/tsr-image-texture.h"

struct _TsrMarathonTextures {
  GObject        parent_instance;
  TsrShapesFile *file;
  GFile         *location;
  GHashTable    *surfaces; /* descriptor -> cairo_surface_t, or NULL for a miss */
};

G_DEFINE_FINAL_TYPE (TsrMarathonTextures, tsr_marathon_textures, G_TYPE_OBJECT)

gint
tsr_marathon_environment_wall_collection (gint code)
{
  return code >= 0 && code < TSR_MARATHON_N_WALL_COLLECTIONS ? TSR_MARATHON_FIRST_WALL_COLLECTION + code : -1;
}

static void
tsr_marathon_textures_finalize (GObject *object)
{
  TsrMarathonTextures *self = TSR_MARATHON_TEXTURES (object);

  g_clear_pointer (&self->surfaces, g_hash_table_unref);
  g_clear_pointer (&self->file, tsr_shapes_file_free);
  g_clear_object (&self->location);
  G_OBJECT_CLASS (tsr_marathon_textures_parent_class)->finalize (object);
}

static void
tsr_marathon_textures_class_init (TsrMarathonTexturesClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_marathon_textures_finalize;
}

static void
destroy_surface (gpointer surface)
{
  if (surface != NULL)
    cairo_surface_destroy (surface);
}

static void
tsr_marathon_textures_init (TsrMarathonTextures *self)
{
  self->surfaces = g_hash_table_new_full (NULL, NULL, NULL, destroy_surface);
}

TsrMarathonTextures *
tsr_marathon_textures_new (TsrShapesFile *file,
                           GFile         *location)
{
  TsrMarathonTextures *self;

  g_return_val_if_fail (file != NULL, NULL);

  self = g_object_new (TSR_TYPE_MARATHON_TEXTURES, NULL);
  self->file = file;
  g_set_object (&self->location, location);
  return self;
}

TsrMarathonTextures *
tsr_marathon_textures_load (GFile   *location,
                            GError **error)
{
  g_autoptr(GBytes) bytes = NULL;
  TsrShapesFile *file;

  g_return_val_if_fail (G_IS_FILE (location), NULL);

  bytes = g_file_load_bytes (location, NULL, NULL, error);
  if (bytes == NULL)
    return NULL;
  file = tsr_shapes_file_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error);
  return file != NULL ? tsr_marathon_textures_new (file, location) : NULL;
}

GFile *
tsr_marathon_textures_get_file (TsrMarathonTextures *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_TEXTURES (self), NULL);
  return self->location;
}

const TsrShapesFile *
tsr_marathon_textures_get_shapes (TsrMarathonTextures *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_TEXTURES (self), NULL);
  return self->file;
}

static const TsrShapesCollection *
collection_of (TsrMarathonTextures *self,
               guint                collection)
{
  if (collection >= TSR_SHAPES_COLLECTION_COUNT)
    return NULL;
  return self->file->slots[collection].versions[0] != NULL ? self->file->slots[collection].versions[0]
                                                           : self->file->slots[collection].versions[1];
}

guint
tsr_marathon_textures_get_n_frames (TsrMarathonTextures *self,
                                    guint                collection)
{
  const TsrShapesCollection *found;

  g_return_val_if_fail (TSR_IS_MARATHON_TEXTURES (self), 0);
  found = collection_of (self, collection);
  return found != NULL ? found->frames->len : 0;
}

static cairo_surface_t *
decode (TsrMarathonTextures *self,
        guint16              descriptor)
{
  const TsrShapesCollection *collection = collection_of (self, TSR_MARATHON_DESCRIPTOR_COLLECTION (descriptor));
  guint frame_index = TSR_MARATHON_DESCRIPTOR_FRAME (descriptor), clut = TSR_MARATHON_DESCRIPTOR_CLUT (descriptor);
  const TsrShapesFrame *frame;
  const TsrShapesColorTable *table = NULL;
  g_autoptr(TsrImage) image = NULL;

  if (collection == NULL || frame_index >= collection->frames->len)
    return NULL;
  frame = g_ptr_array_index (collection->frames, frame_index);
  if (frame->bitmap_index < 0 || (guint) frame->bitmap_index >= collection->bitmaps->len)
    return NULL;
  if (collection->color_tables->len > 0)
    table = g_ptr_array_index (collection->color_tables, clut < collection->color_tables->len ? clut : 0);
  image = tsr_shapes_frame_decode (collection, frame, table, NULL);
  /* Gaps a patch left are empty bitmaps: no picture to repeat. */
  if (image == NULL || image->width == 0 || image->height == 0)
    return NULL;
  return tsr_image_cairo_surface_new (image);
}

cairo_surface_t *
tsr_marathon_textures_get_surface (TsrMarathonTextures *self,
                                   guint16              descriptor)
{
  gpointer surface;

  g_return_val_if_fail (TSR_IS_MARATHON_TEXTURES (self), NULL);

  if (descriptor == TSR_MARATHON_DESCRIPTOR_NONE)
    return NULL;
  if (g_hash_table_lookup_extended (self->surfaces, GUINT_TO_POINTER (descriptor), NULL, &surface))
    return surface;
  surface = decode (self, descriptor);
  g_hash_table_insert (self->surfaces, GUINT_TO_POINTER (descriptor), surface);
  return surface;
}
