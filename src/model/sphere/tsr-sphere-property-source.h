/* tsr-sphere-property-source.h: the properties of selected Sphere persons, triggers or zones (a
 * TsrPropertySource). Elements are entity indices (persons, triggers) or zone indices; each field
 * is set through the TsrSphereDocument edit that owns it (move, layer, name, spriteset, scripts,
 * trigger function, zone rectangle, steps and function; the map's strings, start and repeating
 * flag), so one multi-element edit is one undo step made of the document's own commands. */
#pragma once

#include "model/sphere/tsr-sphere-document.h"
#include "model/tsr-property-source.h"

G_BEGIN_DECLS

typedef enum {
  TSR_SPHERE_ELEMENT_PERSON,
  TSR_SPHERE_ELEMENT_TRIGGER,
  TSR_SPHERE_ELEMENT_ZONE,
  TSR_SPHERE_ELEMENT_MAP,  /* one element (0): strings, start, repeating */
} TsrSphereElementKind;

/* Field indices of the person table. */
enum {
  TSR_SPHERE_PERSON_NAME,
  TSR_SPHERE_PERSON_SPRITESET,
  TSR_SPHERE_PERSON_X,
  TSR_SPHERE_PERSON_Y,
  TSR_SPHERE_PERSON_LAYER,
  TSR_SPHERE_PERSON_SCRIPT_FIRST, /* + TsrSpherePersonScript */
};

#define TSR_TYPE_SPHERE_PROPERTY_SOURCE (tsr_sphere_property_source_get_type ())
G_DECLARE_FINAL_TYPE (TsrSpherePropertySource, tsr_sphere_property_source, TSR, SPHERE_PROPERTY_SOURCE,
                      TsrPropertySource)

TsrSpherePropertySource *tsr_sphere_property_source_new      (TsrSphereDocument   *document,
                                                              TsrSphereElementKind kind);
TsrSphereElementKind     tsr_sphere_property_source_get_kind (TsrSpherePropertySource *self);
/* The field table of KIND (transfer none). */
const TsrFieldTable     *tsr_sphere_property_source_table    (TsrSphereElementKind kind);

G_END_DECLS
