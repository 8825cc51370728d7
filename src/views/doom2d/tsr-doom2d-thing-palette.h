/* tsr-doom2d-thing-palette.h: the palette of item, monster or area types the place tool puts
 * down: a tool-bar button showing the chosen type, opening a grid of every type of the schema's
 * enum (NONE and aliases left out), each its game picture (the sprite layer's, from
 * formats/doom2d/tsr-doom2d-sprites.h) above its translated name; a type whose picture the game
 * data lack, and every area, shows a plain icon. Monsters' palette has a pair of linked toggles
 * beside the button, facing left and right, and its pictures face the chosen way (items and areas
 * face right). Properties "value": the chosen type; "direction": TSR_DOOM2D_DIR_LEFT or _RIGHT
 * (the default). */
#pragma once

#include <gtk/gtk.h>

#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-resources.h"

G_BEGIN_DECLS

#define TSR_TYPE_DOOM2D_THING_PALETTE (tsr_doom2d_thing_palette_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dThingPalette, tsr_doom2d_thing_palette, TSR, DOOM2D_THING_PALETTE, GtkWidget)

/* The types of ENUM_NAME ("Item", "Monster", "AreaType") for records of KIND; NAME is the widget
 * name of the button. */
GtkWidget *tsr_doom2d_thing_palette_new           (TsrDoom2dKind          kind,
                                                   const char            *enum_name,
                                                   const char            *name);
/* Pictures from CACHE (borrowed only while called; NULL: every entry plain). */
void       tsr_doom2d_thing_palette_set_cache     (TsrDoom2dThingPalette *self,
                                                   TsrDoom2dTextureCache *cache);
gint64     tsr_doom2d_thing_palette_get_value     (TsrDoom2dThingPalette *self);
/* Chooses VALUE if the palette has it. */
void       tsr_doom2d_thing_palette_set_value     (TsrDoom2dThingPalette *self,
                                                   gint64                 value);
/* The way new monsters face (always TSR_DOOM2D_DIR_RIGHT for other kinds). */
gint64     tsr_doom2d_thing_palette_get_direction (TsrDoom2dThingPalette *self);
void       tsr_doom2d_thing_palette_set_direction (TsrDoom2dThingPalette *self,
                                                   gint64                 direction);
/* Monsters: the toggle choosing DIRECTION (transfer none); NULL for other kinds. */
GtkWidget *tsr_doom2d_thing_palette_get_direction_button (TsrDoom2dThingPalette *self,
                                                          gint64                 direction);
/* The button opening the grid (transfer none). */
GtkWidget *tsr_doom2d_thing_palette_get_button    (TsrDoom2dThingPalette *self);
guint      tsr_doom2d_thing_palette_get_n_entries (TsrDoom2dThingPalette *self);
gint64     tsr_doom2d_thing_palette_get_entry_value (TsrDoom2dThingPalette *self,
                                                     guint                  entry);
/* The button of ENTRY in the grid (transfer none). */
GtkWidget *tsr_doom2d_thing_palette_get_entry     (TsrDoom2dThingPalette *self,
                                                   guint                  entry);
/* Whether ENTRY shows the game's picture (not the plain icon). */
gboolean   tsr_doom2d_thing_palette_entry_has_picture (TsrDoom2dThingPalette *self,
                                                       guint                  entry);

G_END_DECLS
