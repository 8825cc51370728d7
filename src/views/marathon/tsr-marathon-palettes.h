/* tsr-marathon-palettes.h: the palette editors of a Marathon map's current level — lights (with
 * a curve preview that plays as the engine runs the light), liquids, platforms, ambient and random
 * sounds, item and monster placement (with the counts of placed objects), level info (Minf) — as a
 * list of records
 * with add, duplicate and delete (references repaired, each one undo step) and the chosen
 * record's fields in the property inspector. Follows the document's current level. */
#pragma once

#include <gtk/gtk.h>

#include "model/marathon/tsr-marathon-document.h"
#include "views/marathon/tsr-marathon-map-editor.h"
#include "views/tsr-property-inspector.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_PALETTES (tsr_marathon_palettes_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonPalettes, tsr_marathon_palettes, TSR, MARATHON_PALETTES, GtkWidget)

/* What the kind drop-down offers, in its order. */
typedef enum {
  TSR_MARATHON_PALETTES_LIGHTS,
  TSR_MARATHON_PALETTES_LIQUIDS,
  TSR_MARATHON_PALETTES_PLATFORMS,
  TSR_MARATHON_PALETTES_AMBIENT_SOUNDS,
  TSR_MARATHON_PALETTES_RANDOM_SOUNDS,
  TSR_MARATHON_PALETTES_ITEMS,
  TSR_MARATHON_PALETTES_MONSTERS,
  TSR_MARATHON_PALETTES_LEVEL_INFO, /* Minf: name, environment, physics, music, flags, entry points */
} TsrMarathonPalettesKind;

GtkWidget            *tsr_marathon_palettes_new           (void);
void                  tsr_marathon_palettes_set_document  (TsrMarathonPalettes    *self,
                                                           TsrMarathonDocument    *document);
/* The map editor whose selected polygons the Platforms palette's Add makes platforms. */
void                  tsr_marathon_palettes_set_map_editor (TsrMarathonPalettes  *self,
                                                           TsrMarathonMapEditor *editor);
void                  tsr_marathon_palettes_set_kind      (TsrMarathonPalettes    *self,
                                                           TsrMarathonPalettesKind kind);
/* Chooses record INDEX of the shown kind (placement: the item or monster type). */
void                  tsr_marathon_palettes_select        (TsrMarathonPalettes    *self,
                                                           guint                   index);
gint                  tsr_marathon_palettes_get_selected  (TsrMarathonPalettes    *self);
/* The level the page shows, or NULL (transfer none). */
TsrMarathonLevelMap  *tsr_marathon_palettes_get_level_map (TsrMarathonPalettes    *self);
/* (transfer none) */
TsrPropertyInspector *tsr_marathon_palettes_get_inspector (TsrMarathonPalettes    *self);
/* The intensities the curve shows (16.16 fixed, one per tick), or NULL when it shows none
 * (transfer none). */
const gint32         *tsr_marathon_palettes_get_curve     (TsrMarathonPalettes    *self,
                                                           guint                  *n_ticks);

G_END_DECLS
