/* tsr-doom2d-property-source.h: the records of one kind of a Doom2D Forever map as an editable
 * TsrPropertySource over the schema's fields (the map header is one element). Triggers are shown
 * with the fields of one data layout after their own (a door trigger's panelid, a teleport's
 * target ...), so a selection of triggers of one layout edits its data too; the opaque data bytes
 * are hidden. Every set is the document's command; the base class groups a selection's sets into
 * one step. GTK-free. */
#pragma once

#include "model/doom2d/tsr-doom2d-document.h"
#include "model/tsr-property-source.h"

G_BEGIN_DECLS

#define TSR_TYPE_DOOM2D_PROPERTY_SOURCE (tsr_doom2d_property_source_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dPropertySource, tsr_doom2d_property_source, TSR, DOOM2D_PROPERTY_SOURCE,
                      TsrPropertySource)

/* LAYOUT: for triggers, the data layout whose fields follow the trigger's own (NULL: none). */
TsrDoom2dPropertySource      *tsr_doom2d_property_source_new        (TsrDoom2dDocument            *document,
                                                                     TsrDoom2dKind                 kind,
                                                                     const TsrDoom2dTriggerLayout *layout);
TsrDoom2dKind                 tsr_doom2d_property_source_get_kind   (TsrDoom2dPropertySource      *self);
const TsrDoom2dTriggerLayout *tsr_doom2d_property_source_get_layout (TsrDoom2dPropertySource      *self);

G_END_DECLS
