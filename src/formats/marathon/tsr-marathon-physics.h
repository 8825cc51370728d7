/* tsr-marathon-physics.h: physics models. Marathon 2 / Infinity / Aleph One keep them in a wad
 * (chunks PXpx, FXpx, MNpx, PRpx, WPpx, also embedded in maps); Marathon 1 in a plain series of
 * records {tag, unused, count, size, data}. Each record keeps its bytes; named fields read and
 * write into them, so unknown parts survive and a record writes back exactly. */
#pragma once

#include <glib.h>

#include "core/tsr-field.h"
#include "core/tsr-finding.h"
#include "formats/marathon/tsr-wad.h"

G_BEGIN_DECLS

typedef enum {
  TSR_MARATHON_PHYSICS_CONSTANTS,   /* PXpx, 104 bytes */
  TSR_MARATHON_PHYSICS_EFFECTS,     /* FXpx, 14 */
  TSR_MARATHON_PHYSICS_MONSTERS,    /* MNpx, 156 */
  TSR_MARATHON_PHYSICS_PROJECTILES, /* PRpx, 48 */
  TSR_MARATHON_PHYSICS_WEAPONS,     /* WPpx, 134 */
  TSR_MARATHON_PHYSICS_M1,          /* a Marathon 1 record series (layout per tag, kept as bytes) */
  TSR_MARATHON_N_PHYSICS_KINDS
} TsrMarathonPhysicsKind;

/* What a physics field points at (TsrField.reference in the physics tables). */
typedef enum {
  TSR_MARATHON_PHYSICS_REF_NONE,
  TSR_MARATHON_PHYSICS_REF_PROJECTILE, /* a projectile type, NONE (-1) for none */
  TSR_MARATHON_PHYSICS_REF_EFFECT,     /* an effect type, NONE (-1) for none */
} TsrMarathonPhysicsReference;

typedef struct {
  guint32                tag;          /* 'PXpx' ... or M1 'mons', 'effe', 'proj', 'phys', 'weap' */
  TsrMarathonPhysicsKind kind;
  guint32                m1_unused;    /* Marathon 1: the field after the tag */
  gsize                  record_size;
  guint                  count;
  guint8                *records;      /* count * record_size bytes */
  GBytes                *tail;         /* bytes after the last whole record (wad chunks), or NULL */
} TsrMarathonPhysicsTable;

typedef struct {
  TsrWad    *wad;       /* NULL for Marathon 1 physics */
  GPtrArray *tables;    /* TsrMarathonPhysicsTable */
} TsrMarathonPhysics;

/* "PXpx" style chunk tag -> kind, or -1. */
int          tsr_marathon_physics_kind_for_tag (guint32 tag);
/* The wad chunk tag of KIND (< M1): 'MNpx' ... */
guint32      tsr_marathon_physics_kind_tag     (TsrMarathonPhysicsKind kind);
gsize        tsr_marathon_physics_record_size  (TsrMarathonPhysicsKind kind);
/* The named fields of KIND's records (transfer none; the M1 kind has none). */
const TsrFieldTable *tsr_marathon_physics_fields (TsrMarathonPhysicsKind kind);
/* The named fields of TABLE's records: its kind's, or for Marathon 1 those of its tag when its
 * record size is the one Aleph One reads; NULL otherwise (transfer none). */
const TsrFieldTable *tsr_marathon_physics_table_fields (const TsrMarathonPhysicsTable *table);
/* Which definitions TABLE holds (constants, effects, monsters, projectiles, weapons), Marathon 1
 * tables by their tag; TSR_MARATHON_PHYSICS_M1 for a tag Aleph One does not read. */
TsrMarathonPhysicsKind tsr_marathon_physics_table_definition (const TsrMarathonPhysicsTable *table);
/* How many definitions of KIND (< M1) the engine's array holds. */
guint        tsr_marathon_physics_engine_count (TsrMarathonPhysicsKind kind);
/* Field FIELD (of tsr_marathon_physics_table_fields) of record RECORD. */
gint64       tsr_marathon_physics_get          (const TsrMarathonPhysicsTable *table,
                                                guint                          record,
                                                guint                          field);
void         tsr_marathon_physics_set          (TsrMarathonPhysicsTable *table,
                                                guint                    record,
                                                guint                    field,
                                                gint64                   value);

/* Tables of the **px chunks of ENTRY (chunks stay in the entry; see _commit). */
GPtrArray   *tsr_marathon_physics_tables_from_entry (const TsrWadEntry *entry,
                                                     GError           **error);
void         tsr_marathon_physics_table_free   (TsrMarathonPhysicsTable *table);
GBytes      *tsr_marathon_physics_table_to_bytes (const TsrMarathonPhysicsTable *table);

guint        tsr_marathon_physics_sniff        (const guint8 *data,
                                                gsize         size);
gboolean     tsr_marathon_physics_is_m1        (const guint8 *data,
                                                gsize         size);
TsrMarathonPhysics *tsr_marathon_physics_parse (const guint8 *data,
                                                gsize         size,
                                                const char   *label,
                                                GError      **error);
void         tsr_marathon_physics_free         (TsrMarathonPhysics *physics);
GBytes      *tsr_marathon_physics_serialize    (TsrMarathonPhysics *physics,
                                                GError            **error);
void         tsr_marathon_physics_validate     (const TsrMarathonPhysics *physics,
                                                GPtrArray                *findings);
/* The checks of the tables alone (physics files and the physics chunks of level LEVEL, -1: none;
 * WHERE, or NULL, comes before the tag in what findings say); places name the table's tag as kind
 * and the record as index. */
void         tsr_marathon_physics_validate_tables (const GPtrArray *tables,
                                                   gint             level,
                                                   const char      *where,
                                                   GPtrArray       *findings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonPhysics, tsr_marathon_physics_free)

G_END_DECLS
