/* tsr-marathon-physics.c: physics wads (**px chunks) and Marathon 1 physics record series.
 * Field names follow the community reference (marathon.md); bytes it leaves unnamed stay in the
 * record as they were. */
#include "formats/marathon/tsr-marathon-physics.h"

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/tsr-format.h"

typedef struct {
  const char *name;
  guint16     offset;
  guint8      width;
  gboolean    is_signed;
} PhysicsField;

static const PhysicsField constants_fields[] = {
  { "VelForw", 0, 4, TRUE },
  { "VelBack", 4, 4, TRUE },
  { "VelPerp", 8, 4, TRUE },
  { "Accel", 12, 4, TRUE },
  { "Decel", 16, 4, TRUE },
  { "DecelAir", 20, 4, TRUE },
  { "AccelGravity", 24, 4, TRUE },
  { "AccelClimb", 28, 4, TRUE },
  { "VelTerminal", 32, 4, TRUE },
  { "DecelExtern", 36, 4, TRUE },
  { "AccelAngular", 40, 4, TRUE },
  { "DecelAngular", 44, 4, TRUE },
  { "VelAngular", 48, 4, TRUE },
  { "VelRecenter", 52, 4, TRUE },
  { "FastVelAng", 56, 4, TRUE },
  { "FastVelMax", 60, 4, TRUE },
  { "Elevation", 64, 4, TRUE },
  { "DecelAngExt", 68, 4, TRUE },
  { "StepDelta", 72, 4, TRUE },
  { "StepAmp", 76, 4, TRUE },
  { "PlayerRadius", 80, 4, TRUE },
  { "PlayerHeight", 84, 4, TRUE },
  { "PlayerDeadHi", 88, 4, TRUE },
  { "PlayerCamHi", 92, 4, TRUE },
  { "PlayerSplash", 96, 4, TRUE },
  { "HalfCamSep", 100, 4, TRUE },
};

static const PhysicsField effects_fields[] = {
  { "Collection", 0, 2, FALSE },
  { "Shape", 2, 2, FALSE },
  { "Pitch", 4, 4, TRUE },
  { "Flags", 8, 2, FALSE },
  { "Delay", 10, 2, FALSE },
  { "DelaySound", 12, 2, FALSE },
};

static const PhysicsField monsters_fields[] = {
  { "Collection", 0, 2, FALSE },
  { "Vitality", 2, 2, FALSE },
  { "ImmuneTo", 4, 4, FALSE },
  { "WeakTo", 8, 4, FALSE },
  { "Flags", 12, 4, FALSE },
  { "MonsterClass", 16, 4, FALSE },
  { "FriendTo", 20, 4, FALSE },
  { "EnemyTo", 24, 4, FALSE },
  { "SndPitch", 28, 4, TRUE },
  { "SndSeeEnemy", 32, 2, TRUE },
  { "SndSeeFriend", 34, 2, TRUE },
  { "SndSeeClear", 36, 2, TRUE },
  { "SndKill", 38, 2, TRUE },
  { "SndApologize", 40, 2, TRUE },
  { "SndAmicide", 42, 2, TRUE },
  { "SndFlaming", 44, 2, TRUE },
  { "SndActive", 46, 2, TRUE },
  { "ActiveMask", 48, 2, FALSE },
  { "DropItem", 50, 2, TRUE },
  { "Radius", 52, 2, TRUE },
  { "Height", 54, 2, TRUE },
  { "HoverHeight", 56, 2, TRUE },
  { "LedgeMin", 58, 2, TRUE },
  { "LedgeMax", 60, 2, TRUE },
  { "ExtVelScale", 62, 4, TRUE },
  { "FxImpact", 66, 2, TRUE },
  { "FxTrail", 70, 2, TRUE },
  { "HalfFOVHorz", 72, 2, FALSE },
  { "HalfFOVVert", 74, 2, FALSE },
  { "ViewRange", 76, 2, TRUE },
  { "Intelligence", 80, 2, FALSE },
  { "Speed", 82, 2, FALSE },
  { "Gravity", 84, 2, FALSE },
  { "TerminalVel", 86, 2, FALSE },
  { "DoorTryMask", 88, 2, FALSE },
  { "SeqHit", 104, 2, TRUE },
  { "SeqHardDying", 106, 2, TRUE },
  { "SeqSoftDying", 108, 2, TRUE },
  { "SeqHardDead", 110, 2, TRUE },
  { "SeqSoftDead", 112, 2, TRUE },
  { "SeqStanding", 114, 2, FALSE },
  { "SeqMoving", 116, 2, FALSE },
  { "SeqTeleIn", 118, 2, TRUE },
  { "SeqTeleOut", 120, 2, TRUE },
  { "AtkFrequency", 122, 2, FALSE },
  { "AtkMelee.Type", 124, 2, TRUE },
  { "AtkMelee.Repetitions", 126, 2, FALSE },
  { "AtkMelee.Error", 128, 2, TRUE },
  { "AtkMelee.Range", 130, 2, TRUE },
  { "AtkMelee.Shape", 132, 2, FALSE },
  { "AtkMelee.OfsX", 134, 2, TRUE },
  { "AtkMelee.OfsY", 136, 2, TRUE },
  { "AtkMelee.OfsZ", 138, 2, TRUE },
  { "AtkRange.Type", 140, 2, TRUE },
  { "AtkRange.Repetitions", 142, 2, FALSE },
  { "AtkRange.Error", 144, 2, TRUE },
  { "AtkRange.Range", 146, 2, TRUE },
  { "AtkRange.Shape", 148, 2, FALSE },
  { "AtkRange.OfsX", 150, 2, TRUE },
  { "AtkRange.OfsY", 152, 2, TRUE },
  { "AtkRange.OfsZ", 154, 2, TRUE },
};

static const PhysicsField projectiles_fields[] = {
  { "Collection", 0, 2, TRUE },
  { "Shape", 2, 2, FALSE },
  { "FxExplode", 4, 2, TRUE },
  { "FxExplodeMed", 6, 2, TRUE },
  { "FxTrail", 8, 2, TRUE },
  { "TicksTrail", 10, 2, FALSE },
  { "MaxTrails", 12, 2, TRUE },
  { "MediaType", 14, 2, TRUE },
  { "Radius", 16, 2, TRUE },
  { "AreaOfEffect", 18, 2, TRUE },
  { "Damage.Type", 20, 2, FALSE },
  { "Damage.Flags", 22, 2, FALSE },
  { "Damage.DmgBase", 24, 2, FALSE },
  { "Damage.DmgRand", 26, 2, FALSE },
  { "Damage.Scale", 28, 4, TRUE },
  { "Flags", 32, 4, FALSE },
  { "Speed", 36, 2, TRUE },
  { "Range", 38, 2, TRUE },
  { "SndPitch", 40, 4, TRUE },
  { "SndFly", 44, 2, TRUE },
  { "SndBounce", 46, 2, TRUE },
};

static const PhysicsField weapons_fields[] = {
  { "ItemType", 0, 2, FALSE },
  { "PowerupType", 2, 2, FALSE },
  { "WeaponClass", 4, 2, FALSE },
  { "Flags", 6, 2, FALSE },
  { "LightValue", 8, 4, TRUE },
  { "LightDecay", 12, 2, FALSE },
  { "HeightIdle", 14, 4, TRUE },
  { "AmpBob", 18, 4, TRUE },
  { "HeightKick", 22, 4, TRUE },
  { "HeightReload", 26, 4, TRUE },
  { "WidthIdle", 30, 4, TRUE },
  { "AmpHorz", 34, 4, TRUE },
  { "Collection", 38, 2, FALSE },
  { "FrameIdle", 40, 2, FALSE },
  { "FrameFiring", 42, 2, FALSE },
  { "FrameReload", 44, 2, FALSE },
  { "FrameCharge", 48, 2, FALSE },
  { "FrameCharged", 50, 2, FALSE },
  { "TicksReady", 52, 2, FALSE },
  { "TicksLoadBeg", 54, 2, FALSE },
  { "TicksLoadMid", 56, 2, FALSE },
  { "TicksLoadEnd", 58, 2, FALSE },
  { "TicksPowerup", 60, 2, FALSE },
  { "TriggerPri.MagRounds", 62, 2, FALSE },
  { "TriggerPri.AmmoType", 64, 2, FALSE },
  { "TriggerPri.TicksRound", 66, 2, FALSE },
  { "TriggerPri.TicksRecover", 68, 2, FALSE },
  { "TriggerPri.TicksCharge", 70, 2, FALSE },
  { "TriggerPri.Recoil", 72, 2, TRUE },
  { "TriggerPri.SoundFire", 74, 2, FALSE },
  { "TriggerPri.SoundClick", 76, 2, FALSE },
  { "TriggerPri.SoundCharge", 78, 2, FALSE },
  { "TriggerPri.SoundCasing", 80, 2, FALSE },
  { "TriggerPri.SoundReload", 82, 2, FALSE },
  { "TriggerPri.SoundCharged", 84, 2, FALSE },
  { "TriggerPri.Projectile", 86, 2, FALSE },
  { "TriggerPri.Unknown26", 88, 2, FALSE },
  { "TriggerPri.Unknown28", 90, 2, TRUE },
  { "TriggerPri.Unknown30", 92, 2, TRUE },
  { "TriggerPri.CasingType", 94, 2, FALSE },
  { "TriggerPri.BurstCount", 96, 2, FALSE },
  { "TriggerSec.MagRounds", 98, 2, FALSE },
  { "TriggerSec.AmmoType", 100, 2, FALSE },
  { "TriggerSec.TicksRound", 102, 2, FALSE },
  { "TriggerSec.TicksRecover", 104, 2, FALSE },
  { "TriggerSec.TicksCharge", 106, 2, FALSE },
  { "TriggerSec.Recoil", 108, 2, TRUE },
  { "TriggerSec.SoundFire", 110, 2, FALSE },
  { "TriggerSec.SoundClick", 112, 2, FALSE },
  { "TriggerSec.SoundCharge", 114, 2, FALSE },
  { "TriggerSec.SoundCasing", 116, 2, FALSE },
  { "TriggerSec.SoundReload", 118, 2, FALSE },
  { "TriggerSec.SoundCharged", 120, 2, FALSE },
  { "TriggerSec.Projectile", 122, 2, FALSE },
  { "TriggerSec.Unknown26", 124, 2, FALSE },
  { "TriggerSec.Unknown28", 126, 2, TRUE },
  { "TriggerSec.Unknown30", 128, 2, TRUE },
  { "TriggerSec.CasingType", 130, 2, FALSE },
  { "TriggerSec.BurstCount", 132, 2, FALSE },
};

typedef struct {
  guint32             tag;
  gsize               size;
  const PhysicsField *fields;
  guint               n_fields;
} PhysicsKindSpec;

static const PhysicsKindSpec kinds[TSR_MARATHON_N_PHYSICS_KINDS] = {
  { TSR_WAD_TAG ('P', 'X', 'p', 'x'), 104, constants_fields, G_N_ELEMENTS (constants_fields) },
  { TSR_WAD_TAG ('F', 'X', 'p', 'x'), 14, effects_fields, G_N_ELEMENTS (effects_fields) },
  { TSR_WAD_TAG ('M', 'N', 'p', 'x'), 156, monsters_fields, G_N_ELEMENTS (monsters_fields) },
  { TSR_WAD_TAG ('P', 'R', 'p', 'x'), 48, projectiles_fields, G_N_ELEMENTS (projectiles_fields) },
  { TSR_WAD_TAG ('W', 'P', 'p', 'x'), 134, weapons_fields, G_N_ELEMENTS (weapons_fields) },
  { 0, 0, NULL, 0 },
};

static const guint32 m1_tags[] = {
  TSR_WAD_TAG ('m', 'o', 'n', 's'), TSR_WAD_TAG ('e', 'f', 'f', 'e'), TSR_WAD_TAG ('p', 'r', 'o', 'j'),
  TSR_WAD_TAG ('p', 'h', 'y', 's'), TSR_WAD_TAG ('w', 'e', 'a', 'p'),
};

int
tsr_marathon_physics_kind_for_tag (guint32 tag)
{
  for (int i = 0; i < TSR_MARATHON_PHYSICS_M1; i++)
    if (kinds[i].tag == tag)
      return i;
  return -1;
}

gsize
tsr_marathon_physics_record_size (TsrMarathonPhysicsKind kind)
{
  g_return_val_if_fail (kind < TSR_MARATHON_N_PHYSICS_KINDS, 0);
  return kinds[kind].size;
}

guint
tsr_marathon_physics_n_fields (TsrMarathonPhysicsKind kind)
{
  g_return_val_if_fail (kind < TSR_MARATHON_N_PHYSICS_KINDS, 0);
  return kinds[kind].n_fields;
}

const char *
tsr_marathon_physics_field_name (TsrMarathonPhysicsKind kind,
                                 guint                  field)
{
  g_return_val_if_fail (kind < TSR_MARATHON_N_PHYSICS_KINDS && field < kinds[kind].n_fields, NULL);
  return kinds[kind].fields[field].name;
}

int
tsr_marathon_physics_find_field (TsrMarathonPhysicsKind kind,
                                 const char            *name)
{
  g_return_val_if_fail (kind < TSR_MARATHON_N_PHYSICS_KINDS, -1);
  for (guint i = 0; i < kinds[kind].n_fields; i++)
    if (g_ascii_strcasecmp (kinds[kind].fields[i].name, name) == 0)
      return (int) i;
  return -1;
}

gint64
tsr_marathon_physics_get (const TsrMarathonPhysicsTable *table,
                          guint                          record,
                          guint                          field)
{
  const PhysicsField *spec;
  const guint8 *p;

  g_return_val_if_fail (table->kind < TSR_MARATHON_PHYSICS_M1 && record < table->count
                        && field < kinds[table->kind].n_fields, 0);
  spec = &kinds[table->kind].fields[field];
  p = table->records + record * table->record_size + spec->offset;
  if (spec->width == 2)
    {
      guint16 v = (guint16) (p[0] << 8 | p[1]);
      return spec->is_signed ? (gint64) (gint16) v : (gint64) v;
    }
  else
    {
      guint32 v = (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
      return spec->is_signed ? (gint64) (gint32) v : (gint64) v;
    }
}

void
tsr_marathon_physics_set (TsrMarathonPhysicsTable *table,
                          guint                    record,
                          guint                    field,
                          gint64                   value)
{
  const PhysicsField *spec;
  guint8 *p;

  g_return_if_fail (table->kind < TSR_MARATHON_PHYSICS_M1 && record < table->count
                    && field < kinds[table->kind].n_fields);
  spec = &kinds[table->kind].fields[field];
  p = table->records + record * table->record_size + spec->offset;
  if (spec->width == 2)
    {
      p[0] = (guint8) (value >> 8);
      p[1] = (guint8) value;
    }
  else
    {
      p[0] = (guint8) (value >> 24);
      p[1] = (guint8) (value >> 16);
      p[2] = (guint8) (value >> 8);
      p[3] = (guint8) value;
    }
}

void
tsr_marathon_physics_table_free (TsrMarathonPhysicsTable *table)
{
  if (table == NULL)
    return;
  g_free (table->records);
  g_clear_pointer (&table->tail, g_bytes_unref);
  g_free (table);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonPhysicsTable, tsr_marathon_physics_table_free)

GBytes *
tsr_marathon_physics_table_to_bytes (const TsrMarathonPhysicsTable *table)
{
  TsrWriter *writer = tsr_writer_new ();

  tsr_writer_write_bytes (writer, table->records, table->count * table->record_size);
  if (table->tail != NULL)
    tsr_writer_write_gbytes (writer, table->tail);
  return tsr_writer_free_to_bytes (writer);
}

GPtrArray *
tsr_marathon_physics_tables_from_entry (const TsrWadEntry *entry,
                                        GError           **error)
{
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_marathon_physics_table_free);

  for (guint i = 0; i < entry->chunks->len; i++)
    {
      TsrWadChunk *chunk = g_ptr_array_index (entry->chunks, i);
      int kind = tsr_marathon_physics_kind_for_tag (chunk->tag);
      TsrMarathonPhysicsTable *table;
      gsize size;
      const guint8 *data = g_bytes_get_data (chunk->data, &size);

      if (kind < 0)
        continue;
      table = g_new0 (TsrMarathonPhysicsTable, 1);
      table->tag = chunk->tag;
      table->kind = (TsrMarathonPhysicsKind) kind;
      table->record_size = kinds[kind].size;
      table->count = (guint) (size / table->record_size);
      table->records = g_memdup2 (data, table->count * table->record_size);
      if (table->count * table->record_size < size)
        table->tail = g_bytes_new_from_bytes (chunk->data, table->count * table->record_size,
                                              size - table->count * table->record_size);
      g_ptr_array_add (tables, table);
    }
  (void) error;
  return g_steal_pointer (&tables);
}

gboolean
tsr_marathon_physics_is_m1 (const guint8 *data,
                            gsize         size)
{
  TsrReader reader;
  guint32 tag;

  if (size < 12)
    return FALSE;
  tsr_reader_init (&reader, data, size, "physics");
  if (!tsr_reader_read_u32_be (&reader, &tag, NULL))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (m1_tags); i++)
    if (m1_tags[i] == tag)
      return TRUE;
  return FALSE;
}

guint
tsr_marathon_physics_sniff (const guint8 *data,
                            gsize         size)
{
  TsrReader reader;
  guint32 tag;

  if (tsr_marathon_physics_is_m1 (data, size))
    return TSR_SNIFF_LIKELY;
  if (tsr_wad_sniff (data, size) == TSR_SNIFF_NO)
    return TSR_SNIFF_NO;
  /* The first chunk of the first entry (right after the header in every writer). */
  tsr_reader_init (&reader, data, size, "physics");
  if (!tsr_reader_seek (&reader, TSR_WAD_HEADER_SIZE, NULL) || !tsr_reader_read_u32_be (&reader, &tag, NULL))
    return TSR_SNIFF_NO;
  return tsr_marathon_physics_kind_for_tag (tag) >= 0 ? TSR_SNIFF_CERTAIN : TSR_SNIFF_NO;
}

static TsrMarathonPhysics *
parse_m1 (const guint8 *data,
          gsize         size,
          const char   *label,
          GError      **error)
{
  g_autoptr(TsrMarathonPhysics) physics = g_new0 (TsrMarathonPhysics, 1);
  TsrReader reader;

  physics->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_marathon_physics_table_free);
  tsr_reader_init (&reader, data, size, label);
  while (!tsr_reader_at_end (&reader))
    {
      g_autoptr(TsrMarathonPhysicsTable) table = g_new0 (TsrMarathonPhysicsTable, 1);
      guint16 count, record_size;

      table->kind = TSR_MARATHON_PHYSICS_M1;
      if (!tsr_reader_read_u32_be (&reader, &table->tag, error)
          || !tsr_reader_read_u32_be (&reader, &table->m1_unused, error)
          || !tsr_reader_read_u16_be (&reader, &count, error)
          || !tsr_reader_read_u16_be (&reader, &record_size, error))
        return NULL;
      table->count = count;
      table->record_size = record_size;
      {
        const guint8 *records;

        /* Check the bytes are there before allocating what the header claims. */
        if (!tsr_reader_read_view (&reader, (gsize) count * record_size, &records, error))
          return NULL;
        table->records = g_memdup2 (records, (gsize) count * record_size);
      }
      g_ptr_array_add (physics->tables, g_steal_pointer (&table));
    }
  return g_steal_pointer (&physics);
}

TsrMarathonPhysics *
tsr_marathon_physics_parse (const guint8 *data,
                            gsize         size,
                            const char   *label,
                            GError      **error)
{
  g_autoptr(TsrMarathonPhysics) physics = NULL;
  TsrWadEntry *entry;

  if (label == NULL)
    label = "physics";
  if (tsr_marathon_physics_is_m1 (data, size))
    return parse_m1 (data, size, label, error);
  physics = g_new0 (TsrMarathonPhysics, 1);
  physics->wad = tsr_wad_parse (data, size, label, error);
  if (physics->wad == NULL)
    return NULL;
  if (physics->wad->entries->len < 1)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, "%s: a physics wad with one entry expected", label);
      return NULL;
    }
  entry = g_ptr_array_index (physics->wad->entries, 0);
  physics->tables = tsr_marathon_physics_tables_from_entry (entry, error);
  if (physics->tables == NULL)
    return NULL;
  return g_steal_pointer (&physics);
}

void
tsr_marathon_physics_free (TsrMarathonPhysics *physics)
{
  if (physics == NULL)
    return;
  g_clear_pointer (&physics->tables, g_ptr_array_unref);
  tsr_wad_free (physics->wad);
  g_free (physics);
}

GBytes *
tsr_marathon_physics_serialize (TsrMarathonPhysics *physics,
                                GError            **error)
{
  if (physics->wad == NULL)
    {
      g_autoptr(TsrWriter) writer = tsr_writer_new ();

      for (guint i = 0; i < physics->tables->len; i++)
        {
          TsrMarathonPhysicsTable *table = g_ptr_array_index (physics->tables, i);

          if (table->count > G_MAXUINT16 || table->record_size > G_MAXUINT16)
            {
              g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                           "physics table %u: at most 65535 records of 65535 bytes expected", i);
              return NULL;
            }
          tsr_writer_write_u32_be (writer, table->tag);
          tsr_writer_write_u32_be (writer, table->m1_unused);
          tsr_writer_write_u16_be (writer, (guint16) table->count);
          tsr_writer_write_u16_be (writer, (guint16) table->record_size);
          tsr_writer_write_bytes (writer, table->records, table->count * table->record_size);
        }
      return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
    }
  {
    TsrWadEntry *entry = g_ptr_array_index (physics->wad->entries, 0);

    for (guint i = 0; i < physics->tables->len; i++)
      {
        TsrMarathonPhysicsTable *table = g_ptr_array_index (physics->tables, i);
        g_autoptr(GBytes) bytes = tsr_marathon_physics_table_to_bytes (table);

        tsr_wad_entry_set_chunk (entry, table->tag, bytes);
      }
  }
  return tsr_wad_serialize (physics->wad, error);
}

void
tsr_marathon_physics_validate (const TsrMarathonPhysics *physics,
                               GPtrArray                *findings)
{
  gboolean seen[TSR_MARATHON_PHYSICS_M1] = { FALSE };

  if (physics->wad != NULL)
    tsr_wad_validate (physics->wad, findings);
  for (guint i = 0; i < physics->tables->len; i++)
    {
      TsrMarathonPhysicsTable *table = g_ptr_array_index (physics->tables, i);
      g_autofree char *tag = tsr_wad_tag_to_string (table->tag);

      if (table->tail != NULL)
        tsr_findings_add (findings, TSR_SEVERITY_WARNING, tag,
                          "%" G_GSIZE_FORMAT " bytes after the last whole %" G_GSIZE_FORMAT "-byte record",
                          g_bytes_get_size (table->tail), table->record_size);
      if (table->count == 0)
        tsr_findings_add (findings, TSR_SEVERITY_WARNING, tag, "no records");
      if (table->kind < TSR_MARATHON_PHYSICS_M1)
        seen[table->kind] = TRUE;
    }
  if (physics->wad != NULL)
    for (guint k = 0; k < TSR_MARATHON_PHYSICS_M1; k++)
      if (!seen[k])
        {
          g_autofree char *tag = tsr_wad_tag_to_string (kinds[k].tag);

          tsr_findings_add (findings, TSR_SEVERITY_WARNING, "physics",
                            "no %s chunk: the engine keeps its defaults for it", tag);
        }
}
