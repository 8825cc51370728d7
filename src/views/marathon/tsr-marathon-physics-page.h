/* tsr-marathon-physics-page.h: the physics editor: on the left a list per definition type
 * (monsters, effects, projectiles, physics models, weapons) of the document's physics tables, on
 * the right the property inspector editing the chosen definition through commands. It is the page
 * of a Marathon physics file (Marathon 2/Infinity wads and Marathon 1 record series) and, given a
 * level, the Physics tab of a scenario whose level holds physics chunks. */
#pragma once

#include <gtk/gtk.h>

#include "formats/marathon/tsr-marathon-physics.h"
#include "model/tsr-document.h"
#include "views/tsr-property-inspector.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_PHYSICS_PAGE (tsr_marathon_physics_page_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonPhysicsPage, tsr_marathon_physics_page, TSR, MARATHON_PHYSICS_PAGE, GtkWidget)

GtkWidget            *tsr_marathon_physics_page_new            (void);
/* Whether DOCUMENT is a Marathon physics file (the page's registration test). */
gboolean              tsr_marathon_physics_page_accepts        (TsrDocument            *document);
/* Shows the physics of DOCUMENT (of level LEVEL for a scenario); NULL lets go. Returns whether
 * there is any table to show. */
gboolean              tsr_marathon_physics_page_show_level     (TsrMarathonPhysicsPage *self,
                                                                TsrDocument            *document,
                                                                guint                  level);
/* Chooses definition RECORD of KIND (its list shown, its row selected, the inspector on it);
 * FALSE when there is no such definition. */
gboolean              tsr_marathon_physics_page_select         (TsrMarathonPhysicsPage *self,
                                                                TsrMarathonPhysicsKind  kind,
                                                                guint                  record);
/* The list of KIND's definitions, or NULL (transfer none). */
GtkListBox           *tsr_marathon_physics_page_get_list       (TsrMarathonPhysicsPage *self,
                                                                TsrMarathonPhysicsKind  kind);
/* The button that shows KIND's list, or NULL (transfer none). */
GtkWidget            *tsr_marathon_physics_page_get_kind_button (TsrMarathonPhysicsPage *self,
                                                                 TsrMarathonPhysicsKind  kind);
TsrPropertyInspector *tsr_marathon_physics_page_get_inspector  (TsrMarathonPhysicsPage *self);

G_END_DECLS
