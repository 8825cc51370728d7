/* tsr-marathon-physics.c: physics wads (**px chunks) and Marathon 1 physics record series.
 * Field names follow the community reference (marathon.md); bytes it leaves unnamed stay in the
 * record as they were. */
#include "formats/marathon/tsr-marathon-physics.h"

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/tsr-format.h"
#include <glib/gi18n.h>

/* Rows are { name, offset, width, flags } of big-endian integers, like everything Marathon writes. */
#define S (TSR_FIELD_SIGNED | TSR_FIELD_BIG_ENDIAN)
#define U TSR_FIELD_BIG_ENDIAN

static const TsrField constants_fields[] = {
  { "VelForw", 0, 4, S },
  { "VelBack", 4, 4, S },
  { "VelPerp", 8, 4, S },
  { "Accel", 12, 4, S },
  { "Decel", 16, 4, S },
  { "DecelAir", 20, 4, S },
  { "AccelGravity", 24, 4, S },
  { "AccelClimb", 28, 4, S },
  { "VelTerminal", 32, 4, S },
  { "DecelExtern", 36, 4, S },
  { "AccelAngular", 40, 4, S },
  { "DecelAngular", 44, 4, S },
  { "VelAngular", 48, 4, S },
  { "VelRecenter", 52, 4, S },
  { "FastVelAng", 56, 4, S },
  { "FastVelMax", 60, 4, S },
  { "Elevation", 64, 4, S },
  { "DecelAngExt", 68, 4, S },
  { "StepDelta", 72, 4, S },
  { "StepAmp", 76, 4, S },
  { "PlayerRadius", 80, 4, S },
  { "PlayerHeight", 84, 4, S },
  { "PlayerDeadHi", 88, 4, S },
  { "PlayerCamHi", 92, 4, S },
  { "PlayerSplash", 96, 4, S },
  { "HalfCamSep", 100, 4, S },
};

static const TsrField effects_fields[] = {
  { "Collection", 0, 2, U },
  { "Shape", 2, 2, U },
  { "Pitch", 4, 4, S },
  { "Flags", 8, 2, U },
  { "Delay", 10, 2, U },
  { "DelaySound", 12, 2, U },
};

static const TsrField monsters_fields[] = {
  { "Collection", 0, 2, U },
  { "Vitality", 2, 2, U },
  { "ImmuneTo", 4, 4, U },
  { "WeakTo", 8, 4, U },
  { "Flags", 12, 4, U },
  { "MonsterClass", 16, 4, U },
  { "FriendTo", 20, 4, U },
  { "EnemyTo", 24, 4, U },
  { "SndPitch", 28, 4, S },
  { "SndSeeEnemy", 32, 2, S },
  { "SndSeeFriend", 34, 2, S },
  { "SndSeeClear", 36, 2, S },
  { "SndKill", 38, 2, S },
  { "SndApologize", 40, 2, S },
  { "SndAmicide", 42, 2, S },
  { "SndFlaming", 44, 2, S },
  { "SndActive", 46, 2, S },
  { "ActiveMask", 48, 2, U },
  { "DropItem", 50, 2, S },
  { "Radius", 52, 2, S },
  { "Height", 54, 2, S },
  { "HoverHeight", 56, 2, S },
  { "LedgeMin", 58, 2, S },
  { "LedgeMax", 60, 2, S },
  { "ExtVelScale", 62, 4, S },
  { "FxImpact", 66, 2, S },
  { "FxTrail", 70, 2, S },
  { "HalfFOVHorz", 72, 2, U },
  { "HalfFOVVert", 74, 2, U },
  { "ViewRange", 76, 2, S },
  { "Intelligence", 80, 2, U },
  { "Speed", 82, 2, U },
  { "Gravity", 84, 2, U },
  { "TerminalVel", 86, 2, U },
  { "DoorTryMask", 88, 2, U },
  { "SeqHit", 104, 2, S },
  { "SeqHardDying", 106, 2, S },
  { "SeqSoftDying", 108, 2, S },
  { "SeqHardDead", 110, 2, S },
  { "SeqSoftDead", 112, 2, S },
  { "SeqStanding", 114, 2, U },
  { "SeqMoving", 116, 2, U },
  { "SeqTeleIn", 118, 2, S },
  { "SeqTeleOut", 120, 2, S },
  { "AtkFrequency", 122, 2, U },
  { "AtkMelee.Type", 124, 2, S },
  { "AtkMelee.Repetitions", 126, 2, U },
  { "AtkMelee.Error", 128, 2, S },
  { "AtkMelee.Range", 130, 2, S },
  { "AtkMelee.Shape", 132, 2, U },
  { "AtkMelee.OfsX", 134, 2, S },
  { "AtkMelee.OfsY", 136, 2, S },
  { "AtkMelee.OfsZ", 138, 2, S },
  { "AtkRange.Type", 140, 2, S },
  { "AtkRange.Repetitions", 142, 2, U },
  { "AtkRange.Error", 144, 2, S },
  { "AtkRange.Range", 146, 2, S },
  { "AtkRange.Shape", 148, 2, U },
  { "AtkRange.OfsX", 150, 2, S },
  { "AtkRange.OfsY", 152, 2, S },
  { "AtkRange.OfsZ", 154, 2, S },
};

static const TsrField projectiles_fields[] = {
  { "Collection", 0, 2, S },
  { "Shape", 2, 2, U },
  { "FxExplode", 4, 2, S },
  { "FxExplodeMed", 6, 2, S },
  { "FxTrail", 8, 2, S },
  { "TicksTrail", 10, 2, U },
  { "MaxTrails", 12, 2, S },
  { "MediaType", 14, 2, S },
  { "Radius", 16, 2, S },
  { "AreaOfEffect", 18, 2, S },
  { "Damage.Type", 20, 2, U },
  { "Damage.Flags", 22, 2, U },
  { "Damage.DmgBase", 24, 2, U },
  { "Damage.DmgRand", 26, 2, U },
  { "Damage.Scale", 28, 4, S },
  { "Flags", 32, 4, U },
  { "Speed", 36, 2, S },
  { "Range", 38, 2, S },
  { "SndPitch", 40, 4, S },
  { "SndFly", 44, 2, S },
  { "SndBounce", 46, 2, S },
};

static const TsrField weapons_fields[] = {
  { "ItemType", 0, 2, U },
  { "PowerupType", 2, 2, U },
  { "WeaponClass", 4, 2, U },
  { "Flags", 6, 2, U },
  { "LightValue", 8, 4, S },
  { "LightDecay", 12, 2, U },
  { "HeightIdle", 14, 4, S },
  { "AmpBob", 18, 4, S },
  { "HeightKick", 22, 4, S },
  { "HeightReload", 26, 4, S },
  { "WidthIdle", 30, 4, S },
  { "AmpHorz", 34, 4, S },
  { "Collection", 38, 2, U },
  { "FrameIdle", 40, 2, U },
  { "FrameFiring", 42, 2, U },
  { "FrameReload", 44, 2, U },
  { "FrameCharge", 48, 2, U },
  { "FrameCharged", 50, 2, U },
  { "TicksReady", 52, 2, U },
  { "TicksLoadBeg", 54, 2, U },
  { "TicksLoadMid", 56, 2, U },
  { "TicksLoadEnd", 58, 2, U },
  { "TicksPowerup", 60, 2, U },
  { "TriggerPri.MagRounds", 62, 2, U },
  { "TriggerPri.AmmoType", 64, 2, U },
  { "TriggerPri.TicksRound", 66, 2, U },
  { "TriggerPri.TicksRecover", 68, 2, U },
  { "TriggerPri.TicksCharge", 70, 2, U },
  { "TriggerPri.Recoil", 72, 2, S },
  { "TriggerPri.SoundFire", 74, 2, U },
  { "TriggerPri.SoundClick", 76, 2, U },
  { "TriggerPri.SoundCharge", 78, 2, U },
  { "TriggerPri.SoundCasing", 80, 2, U },
  { "TriggerPri.SoundReload", 82, 2, U },
  { "TriggerPri.SoundCharged", 84, 2, U },
  { "TriggerPri.Projectile", 86, 2, U },
  { "TriggerPri.Unknown26", 88, 2, U },
  { "TriggerPri.Unknown28", 90, 2, S },
  { "TriggerPri.Unknown30", 92, 2, S },
  { "TriggerPri.CasingType", 94, 2, U },
  { "TriggerPri.BurstCount", 96, 2, U },
  { "TriggerSec.MagRounds", 98, 2, U },
  { "TriggerSec.AmmoType", 100, 2, U },
  { "TriggerSec.TicksRound", 102, 2, U },
  { "TriggerSec.TicksRecover", 104, 2, U },
  { "TriggerSec.TicksCharge", 106, 2, U },
  { "TriggerSec.Recoil", 108, 2, S },
  { "TriggerSec.SoundFire", 110, 2, U },
  { "TriggerSec.SoundClick", 112, 2, U },
  { "TriggerSec.SoundCharge", 114, 2, U },
  { "TriggerSec.SoundCasing", 116, 2, U },
  { "TriggerSec.SoundReload", 118, 2, U },
  { "TriggerSec.SoundCharged", 120, 2, U },
  { "TriggerSec.Projectile", 122, 2, U },
  { "TriggerSec.Unknown26", 124, 2, U },
  { "TriggerSec.Unknown28", 126, 2, S },
  { "TriggerSec.Unknown30", 128, 2, S },
  { "TriggerSec.CasingType", 130, 2, U },
  { "TriggerSec.BurstCount", 132, 2, U },
};

typedef struct {
  guint32       tag;
  TsrFieldTable table;
} PhysicsKindSpec;

static const PhysicsKindSpec kinds[TSR_MARATHON_N_PHYSICS_KINDS] = {
  { TSR_WAD_TAG ('P', 'X', 'p', 'x'), { "PXpx", 104, 0, constants_fields, G_N_ELEMENTS (constants_fields) } },
  { TSR_WAD_TAG ('F', 'X', 'p', 'x'), { "FXpx", 14, 0, effects_fields, G_N_ELEMENTS (effects_fields) } },
  { TSR_WAD_TAG ('M', 'N', 'p', 'x'), { "MNpx", 156, 0, monsters_fields, G_N_ELEMENTS (monsters_fields) } },
  { TSR_WAD_TAG ('P', 'R', 'p', 'x'), { "PRpx", 48, 0, projectiles_fields, G_N_ELEMENTS (projectiles_fields) } },
  { TSR_WAD_TAG ('W', 'P', 'p', 'x'), { "WPpx", 134, 0, weapons_fields, G_N_ELEMENTS (weapons_fields) } },
  { 0, { "M1", 0, 0, NULL, 0 } },
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
  return kinds[kind].table.size;
}

const TsrFieldTable *
tsr_marathon_physics_fields (TsrMarathonPhysicsKind kind)
{
  g_return_val_if_fail (kind < TSR_MARATHON_N_PHYSICS_KINDS, NULL);
  return &kinds[kind].table;
}

gint64
tsr_marathon_physics_get (const TsrMarathonPhysicsTable *table,
                          guint                          record,
                          guint                          field)
{
  g_return_val_if_fail (table->kind < TSR_MARATHON_PHYSICS_M1 && record < table->count
                        && field < kinds[table->kind].table.n_fields, 0);
  return tsr_field_get (&kinds[table->kind].table.fields[field], table->records + record * table->record_size);
}

void
tsr_marathon_physics_set (TsrMarathonPhysicsTable *table,
                          guint                    record,
                          guint                    field,
                          gint64                   value)
{
  g_return_if_fail (table->kind < TSR_MARATHON_PHYSICS_M1 && record < table->count
                    && field < kinds[table->kind].table.n_fields);
  tsr_field_set (&kinds[table->kind].table.fields[field], table->records + record * table->record_size, value);
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
      table->record_size = kinds[kind].table.size;
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
      /* The wad header's entry count (offset 76). */
      tsr_set_error_at (error, TSR_ERROR_INVALID, 76, _("%s: a physics wad with one entry expected"), label);
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
                           _("physics table %u: at most 65535 records of 65535 bytes expected"), i);
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
                          _("%zu bytes after the last whole %zu-byte record"),
                          g_bytes_get_size (table->tail), table->record_size);
      if (table->count == 0)
        tsr_findings_add (findings, TSR_SEVERITY_WARNING, tag, _("no records"));
      if (table->kind < TSR_MARATHON_PHYSICS_M1)
        seen[table->kind] = TRUE;
    }
  if (physics->wad != NULL)
    for (guint k = 0; k < TSR_MARATHON_PHYSICS_M1; k++)
      if (!seen[k])
        {
          g_autofree char *tag = tsr_wad_tag_to_string (kinds[k].tag);

          tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("physics"),
                            _("no %s chunk: the engine keeps its defaults for it"), tag);
        }
}
