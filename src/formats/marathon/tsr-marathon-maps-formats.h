/* tsr-marathon-maps-formats.h: registration of the maps half of the Marathon family, and the
 * scenario file (a map wad plus the Mac wrapper it came in) that the formats load. */
#pragma once

#include "formats/marathon/tsr-mac-wrapper.h"
#include "formats/marathon/tsr-marathon-map.h"
#include "formats/tsr-format.h"

G_BEGIN_DECLS

/* What "marathon-map" loads: the map and, for files from Mac distributions, the wrapper (whose
 * resource fork and header are written back as they were). */
typedef struct {
  TsrMacFile     *wrapper;
  TsrMarathonMap *map;
} TsrMarathonScenario;

TsrMarathonScenario *tsr_marathon_scenario_load      (GBytes              *bytes,
                                                      const char          *label,
                                                      GError             **error);
GBytes              *tsr_marathon_scenario_serialize (TsrMarathonScenario *scenario,
                                                      GError             **error);
void                 tsr_marathon_scenario_free      (TsrMarathonScenario *scenario);

const TsrFormat     *tsr_marathon_map_format         (void);
const TsrFormat     *tsr_marathon_physics_format     (void);
/* The physics a "marathon-physics" format's loaded data holds (transfer none). */
TsrMarathonPhysics  *tsr_marathon_physics_file_get_physics (gpointer data);
/* Terminal scripts (.term.txt): the bytes as written (saved unchanged) and their compilation. */
const TsrFormat     *tsr_marathon_terminal_script_format (void);
void                 tsr_marathon_maps_register_formats (TsrFormatRegistry *registry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonScenario, tsr_marathon_scenario_free)

G_END_DECLS
