/* tsr-spriteset-editor.h: the editor page of Sphere spritesets (.rss, versions 2 and 3; a version
 * 1 file is shown without edits): directions added, renamed, moved and removed; the chosen
 * direction's frames as thumbnails, added, duplicated, removed and moved, each with its delay; the
 * frame zoomed with the base (collision) rectangle, which a drag draws (or moves, started inside
 * it), beside the shared pixel editor drawing on the frame's image; the direction played at the game's speed; PNG strips and sheets imported and exported.
 * Every edit goes through the document's commands (tsr-sphere-document.h). */
#pragma once

#include <gtk/gtk.h>

#include "model/sphere/tsr-sphere-animation.h"
#include "model/tsr-document.h"
#include "views/assets/tsr-asset-browser.h"

G_BEGIN_DECLS

#define TSR_TYPE_SPRITESET_EDITOR (tsr_spriteset_editor_get_type ())
G_DECLARE_FINAL_TYPE (TsrSpritesetEditor, tsr_spriteset_editor, TSR, SPRITESET_EDITOR, TsrAssetBrowser)

/* Whether DOCUMENT is a Sphere spriteset of version 2 or 3 (the page's test for the registry). */
gboolean tsr_spriteset_editor_accepts        (TsrDocument        *document);
void     tsr_spriteset_editor_set_document   (TsrSpritesetEditor *self,
                                              TsrDocument        *document);
/* Chooses direction INDEX and shows its frame FRAME (clamped). */
void     tsr_spriteset_editor_select         (TsrSpritesetEditor *self,
                                              guint               direction,
                                              guint               frame);
guint    tsr_spriteset_editor_get_direction  (TsrSpritesetEditor *self);
guint    tsr_spriteset_editor_get_frame      (TsrSpritesetEditor *self);
void     tsr_spriteset_editor_set_playing    (TsrSpritesetEditor *self,
                                              gboolean            playing);
/* Cuts the PNG FILE (a strip or sheet) into frames of the chosen direction (appended, or replacing
 * its frames when Replace frames is ticked). */
gboolean tsr_spriteset_editor_import_file    (TsrSpritesetEditor *self,
                                              GFile              *file,
                                              GError            **error);
/* Writes the chosen direction as a PNG strip, or every direction as a sheet (WHOLE_SHEET). */
gboolean tsr_spriteset_editor_export_file    (TsrSpritesetEditor *self,
                                              GFile              *file,
                                              gboolean            whole_sheet,
                                              GError            **error);
/* The preview's widget point of frame pixel (X, Y)'s centre. */
void     tsr_spriteset_editor_pixel_point    (TsrSpritesetEditor *self,
                                              guint               x,
                                              guint               y,
                                              double             *widget_x,
                                              double             *widget_y);

G_END_DECLS
