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
gsize        tsr_marathon_physics_record_size  (TsrMarathonPhysicsKind kind);
/* The named fields of KIND's records (transfer none; the M1 kind has none). */
const TsrFieldTable *tsr_marathon_physics_fields (TsrMarathonPhysicsKind kind);
/* Field FIELD of the kind's table in record RECORD. */
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonPhysics, tsr_marathon_physics_free)

G_END_DECLS
