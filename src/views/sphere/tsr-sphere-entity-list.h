/* tsr-sphere-entity-list.h: the persons, triggers and zones of a Sphere map as a filterable list;
 * activating a row asks for that element to be selected (the "element-activated" signal). */
#pragma once

#include <gtk/gtk.h>

#include "model/sphere/tsr-sphere-document.h"

G_BEGIN_DECLS

/* What a row stands for. */
typedef enum {
  TSR_SPHERE_LIST_ENTITY,
  TSR_SPHERE_LIST_ZONE,
} TsrSphereListKind;

#define TSR_TYPE_SPHERE_ENTITY_LIST (tsr_sphere_entity_list_get_type ())
G_DECLARE_FINAL_TYPE (TsrSphereEntityList, tsr_sphere_entity_list, TSR, SPHERE_ENTITY_LIST, GtkWidget)

GtkWidget  *tsr_sphere_entity_list_new          (TsrSphereDocument   *document);
/* Rows shown after the filter (for tests). */
guint       tsr_sphere_entity_list_get_n_shown  (TsrSphereEntityList *self);
/* The label of shown row ROW, or NULL (transfer none). */
const char *tsr_sphere_entity_list_get_row_text (TsrSphereEntityList *self,
                                                 guint                row);
void        tsr_sphere_entity_list_set_filter   (TsrSphereEntityList *self,
                                                 const char          *text);
/* Activates shown row ROW as a click would. */
gboolean    tsr_sphere_entity_list_activate_row (TsrSphereEntityList *self,
                                                 guint                row);
/* Highlights the row of the element KIND INDEX (none when there is no such row). */
void        tsr_sphere_entity_list_show_selected (TsrSphereEntityList *self,
                                                  gboolean             any,
                                                  TsrSphereListKind kind,
                                                  guint                index);

G_END_DECLS
