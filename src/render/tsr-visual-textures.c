/* tsr-visual-textures.c: decoding goes through the shapes and VSWAP codecs; a miss is NULL. */
#include "render/tsr-visual-textures.h"

#define DESCRIPTOR_COLLECTION(d) (((d) >> 8) & 31)
#define DESCRIPTOR_CLUT(d)       (((d) >> 13) & 7)
#define DESCRIPTOR_FRAME(d)      ((d) & 255)

TsrImage *
tsr_visual_shapes_texture (const TsrShapesFile *shapes,
                           guint16              descriptor)
{
  const TsrShapesCollectionSlot *slot;
  const TsrShapesCollection *collection;
  const TsrShapesFrame *frame;
  const TsrShapesColorTable *table = NULL;
  guint frame_index = DESCRIPTOR_FRAME (descriptor), clut = DESCRIPTOR_CLUT (descriptor);

  if (shapes == NULL || descriptor == 0xFFFF)
    return NULL;
  slot = &shapes->slots[DESCRIPTOR_COLLECTION (descriptor)];
  collection = slot->versions[0] != NULL ? slot->versions[0] : slot->versions[1];
  if (collection == NULL || frame_index >= collection->frames->len)
    return NULL;
  frame = g_ptr_array_index (collection->frames, frame_index);
  if (frame->bitmap_index < 0 || (guint) frame->bitmap_index >= collection->bitmaps->len)
    return NULL;
  if (collection->color_tables->len > 0)
    table = g_ptr_array_index (collection->color_tables, clut < collection->color_tables->len ? clut : 0);
  return tsr_shapes_frame_decode (collection, frame, table, NULL);
}

TsrImage *
tsr_visual_shapes_texture_func (const TsrVisualTexture *texture,
                                gpointer                user_data)
{
  if (texture->kind != TSR_VISUAL_TEXTURE_SHAPES)
    return NULL;
  return tsr_visual_shapes_texture (user_data, texture->descriptor);
}

TsrImage *
tsr_visual_wolf3d_texture_func (const TsrVisualTexture *texture,
                                gpointer                user_data)
{
  const TsrVisualWolf3dTextures *source = user_data;
  guint16 pixels[64 * 64];

  if (source->vswap == NULL || source->palette == NULL)
    return NULL;
  if (texture->kind == TSR_VISUAL_TEXTURE_WOLF3D_WALL)
    {
      guint8 indexed[64 * 64];

      if (texture->descriptor >= tsr_wolf3d_vswap_get_n_walls (source->vswap)
          || !tsr_wolf3d_vswap_decode_wall (source->vswap, texture->descriptor, indexed, NULL))
        return NULL;
      for (guint i = 0; i < 64 * 64; i++)
        pixels[i] = indexed[i];
    }
  else if (texture->kind == TSR_VISUAL_TEXTURE_WOLF3D_SPRITE)
    {
      if (texture->descriptor >= tsr_wolf3d_vswap_get_n_sprites (source->vswap)
          || !tsr_wolf3d_vswap_decode_sprite (source->vswap, texture->descriptor, pixels, NULL))
        return NULL;
    }
  else
    return NULL;
  return tsr_wolf3d_indexed_to_image (pixels, 64, 64, source->palette);
}
