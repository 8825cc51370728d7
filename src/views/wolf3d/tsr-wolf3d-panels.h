/* tsr-wolf3d-panels.h: the Wolfenstein 3D parts of the map editor: the levels page (switch, add,
 * duplicate, rename, reorder, delete), the object palette by category drawn as the sprites, and
 * the level inspector (name, size). The planes are the editor's layers; the area-code overlay is
 * the "Area codes" layer's visibility. Every change goes through the document's commands. */
#pragma once

#include "model/wolf3d/tsr-wolf3d-document.h"
#include "views/tsr-map-editor.h"

G_BEGIN_DECLS

#define TSR_TYPE_WOLF3D_PANELS (tsr_wolf3d_panels_get_type ())
G_DECLARE_FINAL_TYPE (TsrWolf3dPanels, tsr_wolf3d_panels, TSR, WOLF3D_PANELS, GObject)

/* Adds the panels to EDITOR (which shows DOCUMENT) and points the canvas at the current level. */
TsrWolf3dPanels *tsr_wolf3d_panels_new                 (TsrMapEditor    *editor,
                                                        TsrWolfDocument *document);
/* What the buttons do (UI tests call them as a click would). */
gboolean         tsr_wolf3d_panels_add_level           (TsrWolf3dPanels *self);
gboolean         tsr_wolf3d_panels_duplicate_level     (TsrWolf3dPanels *self);
gboolean         tsr_wolf3d_panels_delete_level        (TsrWolf3dPanels *self);
gboolean         tsr_wolf3d_panels_move_level          (TsrWolf3dPanels *self,
                                                        gint             delta);
gboolean         tsr_wolf3d_panels_rename_level        (TsrWolf3dPanels *self,
                                                        const char      *name);
/* Chooses plane-1 object CODE from the object palette (layer 1, that tile). */
void             tsr_wolf3d_panels_choose_object       (TsrWolf3dPanels *self,
                                                        guint32          code);
guint            tsr_wolf3d_panels_get_n_object_items  (TsrWolf3dPanels *self);
/* The code selected in the object palette, or G_MAXUINT32 when none is. */
guint32          tsr_wolf3d_panels_get_chosen_object   (TsrWolf3dPanels *self);
/* The levels list; selecting a row makes that level current. */
GtkListBox      *tsr_wolf3d_panels_get_level_list      (TsrWolf3dPanels *self);

G_END_DECLS
