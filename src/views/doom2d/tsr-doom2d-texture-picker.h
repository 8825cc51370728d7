/* tsr-doom2d-texture-picker.h: the Doom2D page's "Add Texture" button. Its popover lists the
 * pictures the map's resources offer as textures (tsr_doom2d_resources_list_textures: the map's
 * own archive, then the archives its textures name and Standart.wad), each drawn small beside its
 * name, filtered by a search entry; activating one (click, or Enter on the first match) emits
 * "picked" with the path a texture record names it by, and closes the popover. */
#pragma once

#include <gtk/gtk.h>

#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-resources.h"

G_BEGIN_DECLS

/* "picked" (const char *path): a texture was chosen. */
#define TSR_TYPE_DOOM2D_TEXTURE_PICKER (tsr_doom2d_texture_picker_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dTexturePicker, tsr_doom2d_texture_picker, TSR, DOOM2D_TEXTURE_PICKER, GtkWidget)

GtkWidget *tsr_doom2d_texture_picker_new        (void);
/* The cache (borrowed: it must outlive its use here, or be unset with NULL first) whose
 * resources and pictures the list shows, and the map whose texture records name the archives to
 * list. The list is made each time the popover opens. */
void       tsr_doom2d_texture_picker_set_source (TsrDoom2dTexturePicker *self,
                                                 TsrDoom2dTextureCache  *cache,
                                                 const TsrDoom2dMap     *map);
/* For tests: the button, the search entry, the list and how many paths it lists now. */
GtkWidget *tsr_doom2d_texture_picker_get_button (TsrDoom2dTexturePicker *self);
GtkWidget *tsr_doom2d_texture_picker_get_search (TsrDoom2dTexturePicker *self);
GtkWidget *tsr_doom2d_texture_picker_get_list   (TsrDoom2dTexturePicker *self);
guint      tsr_doom2d_texture_picker_get_n_shown (TsrDoom2dTexturePicker *self);

G_END_DECLS
