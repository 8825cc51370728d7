/* tsr-marathon-level-change.h: the difference a level edit made, as the records that changed in
 * each array (old and new bytes), so an edit that touched a few records of a large level costs
 * a few records to keep, and undo writes back exactly what was there. It covers the level's
 * geometry arrays (points, endpoints, lines, sides, polygons, objects, annotations, platforms),
 * its iidx chunk and its terminals' teleport targets, plus any arrays and bytes of the caller
 * (the level map's rows). GTK-free. */
#pragma once

#include "formats/marathon/tsr-marathon-map.h"

G_BEGIN_DECLS

typedef struct _TsrMarathonLevelChange TsrMarathonLevelChange;

/* Records LEVEL as it is now (LEVEL must outlive the change). */
TsrMarathonLevelChange *tsr_marathon_level_change_new       (TsrMarathonLevel       *level);
/* Also records the array in *SLOT / the SIZE bytes at DATA (both must outlive the change).
 * Only before finish. */
void                    tsr_marathon_level_change_add_array (TsrMarathonLevelChange *self,
                                                             GArray                **slot);
void                    tsr_marathon_level_change_add_bytes (TsrMarathonLevelChange *self,
                                                             gpointer                data,
                                                             gsize                   size);
/* Compares with the state now and keeps only the difference; FALSE when nothing changed. */
gboolean                tsr_marathon_level_change_finish    (TsrMarathonLevelChange *self);
/* Puts the state after the edit (FORWARD) or before it back. Only after finish. */
void                    tsr_marathon_level_change_apply     (TsrMarathonLevelChange *self,
                                                             gboolean                forward);
void                    tsr_marathon_level_change_free      (TsrMarathonLevelChange *self);

/* The permutation of every group of every terminal of LEVEL, in order (gint16; transfer full),
 * and the same list written back: what an edit that renumbers polygons saves and restores of the
 * terminals (their teleports within the level name polygons). */
GArray                 *tsr_marathon_level_terminal_permutations     (const TsrMarathonLevel *level);
void                    tsr_marathon_level_set_terminal_permutations (TsrMarathonLevel       *level,
                                                                      const GArray           *list);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonLevelChange, tsr_marathon_level_change_free)

G_END_DECLS
