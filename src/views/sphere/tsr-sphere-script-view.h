/* tsr-sphere-script-view.h: the scripts of a Sphere map element in a multi-line source view
 * (GtkSourceView, JavaScript highlighting): the map's entry, exit and edge scripts, a person's
 * five, a trigger's or a zone's function. A drop-down chooses the script; every change goes to the
 * document as its edit command (consecutive changes to one script merge into one undo step), and
 * the text follows the document (undo, the inspector). */
#pragma once

#include <gtksourceview/gtksource.h>

#include "model/sphere/tsr-sphere-document.h"

G_BEGIN_DECLS

/* Whose scripts the view shows. */
typedef enum {
  TSR_SPHERE_SCRIPTS_MAP,
  TSR_SPHERE_SCRIPTS_ENTITY,  /* a person (five scripts) or a trigger (one) */
  TSR_SPHERE_SCRIPTS_ZONE,
} TsrSphereScriptOwner;

#define TSR_TYPE_SPHERE_SCRIPT_VIEW (tsr_sphere_script_view_get_type ())
G_DECLARE_FINAL_TYPE (TsrSphereScriptView, tsr_sphere_script_view, TSR, SPHERE_SCRIPT_VIEW, GtkBox)

GtkWidget     *tsr_sphere_script_view_new             (TsrSphereDocument    *document);
/* Shows the scripts of OWNER (INDEX: the entity or zone), the first one chosen. */
void           tsr_sphere_script_view_set_owner       (TsrSphereScriptView  *self,
                                                       TsrSphereScriptOwner  owner,
                                                       guint                 index);
/* How many scripts the owner has, and choosing one (0 ..). */
guint          tsr_sphere_script_view_get_n_scripts   (TsrSphereScriptView  *self);
void           tsr_sphere_script_view_set_script      (TsrSphereScriptView  *self,
                                                       guint                 script);
GtkSourceView *tsr_sphere_script_view_get_source_view (TsrSphereScriptView  *self);

G_END_DECLS
