/* tsr-property-inspector.h: the one property inspector: a grid of labelled editors built from a
 * TsrPropertySource's field table (entries for text and numbers, drop-downs for enums, check
 * buttons for booleans and for each bit of a bitset). With several elements selected it shows the
 * values they share and marks the others as mixed (an empty entry saying "Mixed", no drop-down
 * choice, inconsistent check buttons); an edit sets the field on all of them as one undo step.
 * Entries commit on Enter and when they lose the focus. Fields of a read-only source are shown
 * with insensitive editors. Each editor is named after its field (gtk_widget_get_name). */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-property-source.h"

G_BEGIN_DECLS

#define TSR_TYPE_PROPERTY_INSPECTOR (tsr_property_inspector_get_type ())
G_DECLARE_FINAL_TYPE (TsrPropertyInspector, tsr_property_inspector, TSR, PROPERTY_INSPECTOR, GtkWidget)

GtkWidget         *tsr_property_inspector_new        (void);
/* Rebuilds the editors for SOURCE's fields (NULL: empty). */
void               tsr_property_inspector_set_source (TsrPropertyInspector *self,
                                                      TsrPropertySource    *source);
TsrPropertySource *tsr_property_inspector_get_source (TsrPropertyInspector *self);
/* The editor of the field named NAME, or NULL (transfer none). A bitset's editor is a box of
 * check buttons, one per constant bit. */
GtkWidget         *tsr_property_inspector_get_editor (TsrPropertyInspector *self,
                                                      const char           *name);
/* What the selection's value of the field named NAME means, as shown under its editor ("platform
 * 3"), or NULL when nothing is shown (transfer none). */
const char        *tsr_property_inspector_get_hint   (TsrPropertyInspector *self,
                                                      const char           *name);
/* The drop-down listing the choices of the reference field named NAME (beside its entry, which
 * shows the chosen one's name and takes a typed one), or NULL (transfer none). */
GtkWidget         *tsr_property_inspector_get_chooser (TsrPropertyInspector *self,
                                                       const char           *name);
/* The message of the last refused edit (also shown under the refused field's editor), or NULL. */
const char        *tsr_property_inspector_get_error  (TsrPropertyInspector *self);

G_END_DECLS
