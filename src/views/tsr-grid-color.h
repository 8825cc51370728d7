/* tsr-grid-color.h: the grid colour preference (GSettings key "grid-color", a CSS colour string
 * such as "rgba(255,255,255,0.22)"): the mappings that bind it to a GdkRGBA property (the map
 * canvas's "grid-color", the Preferences colour button's "rgba"), and how a grid strokes with it.
 * The key's colour is the tile grid's; fainter grids (Marathon's minor lines, Doom2D's) draw it
 * with their own share of its alpha, so one choice recolours every editor. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The schema default, also used without the installed schema. */
#define TSR_GRID_COLOR_DEFAULT "rgba(255,255,255,0.22)"

/* The default as a GdkRGBA. */
void     tsr_grid_color_get_default   (GdkRGBA            *color);
/* GSettings bind mappings between the key's string and a GdkRGBA property. */
gboolean tsr_grid_color_from_setting  (GValue             *value,
                                       GVariant           *variant,
                                       gpointer            user_data);
GVariant *tsr_grid_color_to_setting   (const GValue       *value,
                                       const GVariantType *expected_type,
                                       gpointer            user_data);
/* Binds SETTINGS' "grid-color" to OBJECT's GdkRGBA PROPERTY with FLAGS; FALSE (nothing bound)
 * when SETTINGS is NULL or its schema has no such key. */
gboolean tsr_grid_color_bind          (GSettings          *settings,
                                       gpointer            object,
                                       const char         *property,
                                       GSettingsBindFlags  flags);
/* Sets CR's source to COLOR with STRENGTH (0..1) of its alpha. */
void     tsr_grid_color_set_source    (cairo_t            *cr,
                                       const GdkRGBA      *color,
                                       double              strength);

G_END_DECLS
