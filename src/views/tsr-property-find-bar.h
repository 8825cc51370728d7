/* tsr-property-find-bar.h: find by property and select similar for any TsrPropertySource: a
 * drop-down of the source's fields, an entry for the value (Enter finds every element whose field
 * matches it: text fields contain it, others equal it) and a "Select Similar" button (every element
 * whose chosen field equals one of the selected elements'). Results come as the "found" signal
 * (GArray of guint element indices, transfer none); the owner selects them. */
#pragma once

#include <gtk/gtk.h>

#include "model/tsr-property-source.h"

G_BEGIN_DECLS

#define TSR_TYPE_PROPERTY_FIND_BAR (tsr_property_find_bar_get_type ())
G_DECLARE_FINAL_TYPE (TsrPropertyFindBar, tsr_property_find_bar, TSR, PROPERTY_FIND_BAR, GtkWidget)

GtkWidget         *tsr_property_find_bar_new          (void);
void               tsr_property_find_bar_set_source   (TsrPropertyFindBar *self,
                                                       TsrPropertySource  *source);
TsrPropertySource *tsr_property_find_bar_get_source   (TsrPropertyFindBar *self);
/* The chosen field by name; FALSE when the source has no such visible field. */
gboolean           tsr_property_find_bar_set_field    (TsrPropertyFindBar *self,
                                                       const char         *name);
/* What Enter in the entry and the button do (for tests and keyboard actions). TRUE when something
 * was found (and "found" emitted); otherwise the bar says why. */
gboolean           tsr_property_find_bar_find         (TsrPropertyFindBar *self,
                                                       const char         *text);
gboolean           tsr_property_find_bar_select_similar (TsrPropertyFindBar *self);
/* The bar's last message ("3 found", "Nothing matches", a parse error), or NULL. */
const char        *tsr_property_find_bar_get_message  (TsrPropertyFindBar *self);

G_END_DECLS
