/* tsr-sprite-browser.h: the viewer page for Sphere version 1 spritesets (.rss) and tilesets
 * (.rts): a version 1 spriteset's 8 implied directions of 8 frames played with the engine's delay,
 * its base rectangle drawn (versions 2 and 3 are the spriteset editor's); a tileset's
 * tiles as thumbnails, the chosen tile with its obstruction (segments or mask) and its animation
 * (next tile after the delay) played. Nearest-neighbour zoom over a checkerboard. */
#pragma once

#include <gtk/gtk.h>

#include "model/sphere/tsr-sphere-animation.h"
#include "model/tsr-document.h"
#include "views/assets/tsr-asset-browser.h"

G_BEGIN_DECLS

#define TSR_TYPE_SPRITE_BROWSER (tsr_sprite_browser_get_type ())
G_DECLARE_FINAL_TYPE (TsrSpriteBrowser, tsr_sprite_browser, TSR, SPRITE_BROWSER, TsrAssetBrowser)

/* Whether DOCUMENT is a Sphere version 1 spriteset or a tileset (the page's test for the registry). */
gboolean  tsr_sprite_browser_accepts      (TsrDocument      *document);
void      tsr_sprite_browser_set_document (TsrSpriteBrowser *self,
                                           TsrDocument      *document);
/* Selects direction INDEX (spritesets) or tile INDEX (tilesets). */
void      tsr_sprite_browser_select       (TsrSpriteBrowser *self,
                                           guint             index);
void      tsr_sprite_browser_set_playing  (TsrSpriteBrowser *self,
                                           gboolean          playing);
void      tsr_sprite_browser_set_zoom     (TsrSpriteBrowser *self,
                                           guint             zoom);
/* Shows the frame DELTA frames on in the direction (wrapping), stopping the animation. */
void      tsr_sprite_browser_step         (TsrSpriteBrowser *self,
                                           int               delta);
/* The animation (the frame of the direction, or the tile shown). */
const TsrSphereAnimation *tsr_sprite_browser_get_animation (TsrSpriteBrowser *self);

G_END_DECLS
