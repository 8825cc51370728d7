/* tsr-marathon-texture-picker.h: a popover with a grid of thumbnails of one Shapes collection's
 * frames (the level environment's wall collection first; a drop-down switches between the wall
 * and landscape collections). Clicking a thumbnail emits "texture-chosen (guint descriptor)"
 * and closes the popover. Thumbnail buttons are named "texture-COLLECTION-FRAME". */
#pragma once

#include <gtk/gtk.h>

#include "views/marathon/tsr-marathon-textures.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_TEXTURE_PICKER (tsr_marathon_texture_picker_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonTexturePicker, tsr_marathon_texture_picker, TSR, MARATHON_TEXTURE_PICKER,
                      GtkPopover)

GtkWidget *tsr_marathon_texture_picker_new            (void);
/* The pictures (NULL: the popover says there is no Shapes file). */
void       tsr_marathon_texture_picker_set_textures   (TsrMarathonTexturePicker *self,
                                                       TsrMarathonTextures      *textures);
/* The collection shown. */
void       tsr_marathon_texture_picker_set_collection (TsrMarathonTexturePicker *self,
                                                       guint                     collection);
guint      tsr_marathon_texture_picker_get_collection (TsrMarathonTexturePicker *self);
/* The thumbnail button of FRAME in the shown collection, or NULL (transfer none). */
GtkWidget *tsr_marathon_texture_picker_get_thumbnail  (TsrMarathonTexturePicker *self,
                                                       guint                     frame);

G_END_DECLS
