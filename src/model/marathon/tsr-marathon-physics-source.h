/* tsr-marathon-physics-source.h: the records of one physics table (monsters, effects,
 * projectiles, physics models or weapons of a physics file, or of a scenario level's physics
 * chunks; Marathon 1's too) as a TsrPropertySource over the codec's field tables, so the one
 * property inspector shows and edits them. Elements are record indices; an edit is a
 * TsrMarathonPhysicsCommand that writes only the field's bytes. */
#pragma once

#include "formats/marathon/tsr-marathon-physics.h"
#include "model/tsr-property-source.h"

G_BEGIN_DECLS

#define TSR_TYPE_MARATHON_PHYSICS_SOURCE (tsr_marathon_physics_source_get_type ())
G_DECLARE_FINAL_TYPE (TsrMarathonPhysicsSource, tsr_marathon_physics_source, TSR, MARATHON_PHYSICS_SOURCE,
                      TsrPropertySource)

/* Table TABLE of DOCUMENT's physics (level LEVEL of a scenario); NULL when there is no such table
 * or its records have no known layout (transfer full). */
TsrMarathonPhysicsSource *tsr_marathon_physics_source_new (TsrDocument *document,
                                                           guint        level,
                                                           guint        table);
/* One source per table with a known layout, in file order (transfer full, TsrPropertySource);
 * empty when the document has no physics there. */
GPtrArray                *tsr_marathon_physics_sources_new (TsrDocument *document,
                                                            guint        level);
/* Which definitions the source's table holds (constants, effects, monsters, projectiles,
 * weapons) and its tag ("MNpx", Marathon 1 "mons"). */
TsrMarathonPhysicsKind    tsr_marathon_physics_source_get_definition (TsrMarathonPhysicsSource *self);
guint32                   tsr_marathon_physics_source_get_tag        (TsrMarathonPhysicsSource *self);
guint                     tsr_marathon_physics_source_get_table      (TsrMarathonPhysicsSource *self);
/* The name people know record RECORD by: "Marine" for monster 0, else "Projectile 3"
 * (transfer full). */
char                     *tsr_marathon_physics_source_dup_record_name (TsrMarathonPhysicsSource *self,
                                                                       guint                     record);
/* The definition type's name, plural, for lists: "Monsters" (translated). */
const char               *tsr_marathon_physics_definition_title     (TsrMarathonPhysicsKind kind);

G_END_DECLS
