/* tsr-marathon-map-page.h: the document page for a Marathon map or scenario: a level chooser over
 * a Map page editing the level's geometry (TsrMarathonMapEditor), a Terminals page editing its
 * terminals as script text (import and export of .term.txt files), and the file's summary. */
#pragma once

#include "model/marathon/tsr-marathon-document.h"
#include "views/marathon/tsr-marathon-map-editor.h"
#include "views/marathon/tsr-marathon-palettes.h"
#include "views/marathon/tsr-terminal-editor.h"
#include "views/tsr-editor-page.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_MAP_PAGE (tsr_marathon_map_page_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonMapPage, tsr_marathon_map_page, TSR, MARATHON_MAP_PAGE, GtkWidget)

void               tsr_marathon_map_page_set_document        (TsrMarathonMapPage  *self,
                                                              TsrMarathonDocument *document);
/* "map", "terminals", "summary", "palettes" or "physics" (shown only for a level with physics). */
void               tsr_marathon_map_page_show                (TsrMarathonMapPage  *self,
                                                              const char          *page);
TsrTerminalEditor *tsr_marathon_map_page_get_terminal_editor (TsrMarathonMapPage  *self);
TsrMarathonMapEditor *tsr_marathon_map_page_get_map_editor   (TsrMarathonMapPage  *self);
TsrMarathonPalettes *tsr_marathon_map_page_get_palettes     (TsrMarathonMapPage  *self);
/* Replaces the current level's script with FILE's text, as one undoable step. */
gboolean           tsr_marathon_map_page_import              (TsrMarathonMapPage  *self,
                                                              GFile               *file,
                                                              GError             **error);
/* Writes the current level's script to FILE (atomically). */
gboolean           tsr_marathon_map_page_export              (TsrMarathonMapPage  *self,
                                                              GFile               *file,
                                                              GError             **error);

G_END_DECLS
