/* tsr-marathon-records.c: the field tables (TsrFieldTable) of the fixed-size map records. Every byte of a record
 * belongs to exactly one field (unused ones too), so decode + encode gives the same bytes; the
 * test suite checks that coverage. */
#include "formats/marathon/tsr-marathon-map.h"

#include <stddef.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#define TSR_RECORDS_SHUFFLE 1
#endif

/* Marathon stores every integer big-endian; unused words are kept but not shown. */
#define BE TSR_FIELD_BIG_ENDIAN
#define INT_FIELD(T, m, o, w, f) { .name = #m, .type = TSR_FIELD_INT, .width = w, .flags = (f) | BE, \
                                   .offset = o, .member = offsetof (T, m) }
#define S16(T, m, o)  INT_FIELD (T, m, o, 2, TSR_FIELD_SIGNED)
#define U16(T, m, o)  INT_FIELD (T, m, o, 2, 0)
#define S32(T, m, o)  INT_FIELD (T, m, o, 4, TSR_FIELD_SIGNED)
#define U32(T, m, o)  INT_FIELD (T, m, o, 4, 0)
#define U8(T, m, o)   INT_FIELD (T, m, o, 1, 0)
#define X16(T, m, o)  INT_FIELD (T, m, o, 2, TSR_FIELD_SIGNED | TSR_FIELD_UNUSED)
#define X8(T, m, o)   INT_FIELD (T, m, o, 1, TSR_FIELD_UNUSED)
#define A8(M, T, m, o) M (T, m[0], o), M (T, m[1], o + 2), M (T, m[2], o + 4), M (T, m[3], o + 6), \
                       M (T, m[4], o + 8), M (T, m[5], o + 10), M (T, m[6], o + 12), M (T, m[7], o + 14)
#define PT(T, m, o) S16 (T, m.x, o), S16 (T, m.y, o + 2)
#define TEX(T, m, o) S16 (T, m.x0, o), S16 (T, m.y0, o + 2), S16 (T, m.texture, o + 4)
#define FN(T, m, o) S16 (T, m.function, o), S16 (T, m.period, o + 2), S16 (T, m.delta_period, o + 4), \
                    S32 (T, m.intensity, o + 6), S32 (T, m.delta_intensity, o + 10)
#define STR(T, m, o, n) { .name = #m, .type = TSR_FIELD_CHARS, .width = n, .offset = o, .member = offsetof (T, m) }
static const TsrField point_fields[] = {
  S16 (TsrMarathonPoint, x, 0), S16 (TsrMarathonPoint, y, 2),
};

static const TsrField endpoint_fields[] = {
  U16 (TsrMarathonEndpoint, flags, 0),
  S16 (TsrMarathonEndpoint, highest_adjacent_floor_height, 2),
  S16 (TsrMarathonEndpoint, lowest_adjacent_ceiling_height, 4),
  PT (TsrMarathonEndpoint, vertex, 6),
  PT (TsrMarathonEndpoint, transformed, 10),
  S16 (TsrMarathonEndpoint, supporting_polygon_index, 14),
};

static const TsrField line_fields[] = {
  S16 (TsrMarathonLine, endpoint_indexes[0], 0), S16 (TsrMarathonLine, endpoint_indexes[1], 2),
  U16 (TsrMarathonLine, flags, 4), S16 (TsrMarathonLine, length, 6),
  S16 (TsrMarathonLine, highest_adjacent_floor, 8), S16 (TsrMarathonLine, lowest_adjacent_ceiling, 10),
  S16 (TsrMarathonLine, clockwise_side_index, 12), S16 (TsrMarathonLine, counterclockwise_side_index, 14),
  S16 (TsrMarathonLine, clockwise_polygon_owner, 16),
  S16 (TsrMarathonLine, counterclockwise_polygon_owner, 18),
  X16 (TsrMarathonLine, unused[0], 20), X16 (TsrMarathonLine, unused[1], 22),
  X16 (TsrMarathonLine, unused[2], 24), X16 (TsrMarathonLine, unused[3], 26),
  X16 (TsrMarathonLine, unused[4], 28), X16 (TsrMarathonLine, unused[5], 30),
};

static const TsrField side_fields[] = {
  S16 (TsrMarathonSide, type, 0), U16 (TsrMarathonSide, flags, 2),
  TEX (TsrMarathonSide, primary_texture, 4), TEX (TsrMarathonSide, secondary_texture, 10),
  TEX (TsrMarathonSide, transparent_texture, 16),
  PT (TsrMarathonSide, exclusion_zone[0], 22), PT (TsrMarathonSide, exclusion_zone[1], 26),
  PT (TsrMarathonSide, exclusion_zone[2], 30), PT (TsrMarathonSide, exclusion_zone[3], 34),
  S16 (TsrMarathonSide, control_panel_type, 38), S16 (TsrMarathonSide, control_panel_permutation, 40),
  S16 (TsrMarathonSide, primary_transfer_mode, 42), S16 (TsrMarathonSide, secondary_transfer_mode, 44),
  S16 (TsrMarathonSide, transparent_transfer_mode, 46),
  S16 (TsrMarathonSide, polygon_index, 48), S16 (TsrMarathonSide, line_index, 50),
  S16 (TsrMarathonSide, primary_lightsource_index, 52),
  S16 (TsrMarathonSide, secondary_lightsource_index, 54),
  S16 (TsrMarathonSide, transparent_lightsource_index, 56),
  S32 (TsrMarathonSide, ambient_delta, 58), X16 (TsrMarathonSide, unused, 62),
};

static const TsrField polygon_fields[] = {
  S16 (TsrMarathonPolygon, type, 0), U16 (TsrMarathonPolygon, flags, 2),
  S16 (TsrMarathonPolygon, permutation, 4), U16 (TsrMarathonPolygon, vertex_count, 6),
  A8 (S16, TsrMarathonPolygon, endpoint_indexes, 8),
  A8 (S16, TsrMarathonPolygon, line_indexes, 24),
  S16 (TsrMarathonPolygon, floor_texture, 40), S16 (TsrMarathonPolygon, ceiling_texture, 42),
  S16 (TsrMarathonPolygon, floor_height, 44), S16 (TsrMarathonPolygon, ceiling_height, 46),
  S16 (TsrMarathonPolygon, floor_lightsource_index, 48),
  S16 (TsrMarathonPolygon, ceiling_lightsource_index, 50),
  S32 (TsrMarathonPolygon, area, 52), S16 (TsrMarathonPolygon, first_object, 56),
  S16 (TsrMarathonPolygon, first_exclusion_zone_index, 58),
  S16 (TsrMarathonPolygon, line_exclusion_zone_count, 60),
  S16 (TsrMarathonPolygon, point_exclusion_zone_count, 62),
  S16 (TsrMarathonPolygon, floor_transfer_mode, 64), S16 (TsrMarathonPolygon, ceiling_transfer_mode, 66),
  A8 (S16, TsrMarathonPolygon, adjacent_polygon_indexes, 68),
  S16 (TsrMarathonPolygon, first_neighbor_index, 84), S16 (TsrMarathonPolygon, neighbor_count, 86),
  PT (TsrMarathonPolygon, center, 88),
  A8 (S16, TsrMarathonPolygon, side_indexes, 92),
  PT (TsrMarathonPolygon, floor_origin, 108), PT (TsrMarathonPolygon, ceiling_origin, 112),
  S16 (TsrMarathonPolygon, media_index, 116), S16 (TsrMarathonPolygon, media_lightsource_index, 118),
  S16 (TsrMarathonPolygon, sound_source_indexes, 120),
  S16 (TsrMarathonPolygon, ambient_sound_image_index, 122),
  S16 (TsrMarathonPolygon, random_sound_image_index, 124), X16 (TsrMarathonPolygon, unused, 126),
};

static const TsrField light_fields[] = {
  S16 (TsrMarathonLight, type, 0), U16 (TsrMarathonLight, flags, 2), S16 (TsrMarathonLight, phase, 4),
  FN (TsrMarathonLight, primary_active, 6), FN (TsrMarathonLight, secondary_active, 20),
  FN (TsrMarathonLight, becoming_active, 34), FN (TsrMarathonLight, primary_inactive, 48),
  FN (TsrMarathonLight, secondary_inactive, 62), FN (TsrMarathonLight, becoming_inactive, 76),
  S16 (TsrMarathonLight, tag, 90),
  X16 (TsrMarathonLight, unused[0], 92), X16 (TsrMarathonLight, unused[1], 94),
  X16 (TsrMarathonLight, unused[2], 96), X16 (TsrMarathonLight, unused[3], 98),
};

static const TsrField old_light_fields[] = {
  U16 (TsrMarathonOldLight, flags, 0), S16 (TsrMarathonOldLight, type, 2),
  S16 (TsrMarathonOldLight, mode, 4), S16 (TsrMarathonOldLight, phase, 6),
  S32 (TsrMarathonOldLight, minimum_intensity, 8), S32 (TsrMarathonOldLight, maximum_intensity, 12),
  S16 (TsrMarathonOldLight, period, 16), S32 (TsrMarathonOldLight, intensity, 18),
  X16 (TsrMarathonOldLight, unused[0], 22), X16 (TsrMarathonOldLight, unused[1], 24),
  X16 (TsrMarathonOldLight, unused[2], 26), X16 (TsrMarathonOldLight, unused[3], 28),
  X16 (TsrMarathonOldLight, unused[4], 30),
};

static const TsrField annotation_fields[] = {
  S16 (TsrMarathonAnnotation, type, 0), PT (TsrMarathonAnnotation, location, 2),
  S16 (TsrMarathonAnnotation, polygon_index, 6), STR (TsrMarathonAnnotation, text, 8, 64),
};

static const TsrField object_fields[] = {
  S16 (TsrMarathonObject, type, 0), S16 (TsrMarathonObject, index, 2),
  S16 (TsrMarathonObject, facing, 4), S16 (TsrMarathonObject, polygon_index, 6),
  S16 (TsrMarathonObject, x, 8), S16 (TsrMarathonObject, y, 10), S16 (TsrMarathonObject, z, 12),
  U16 (TsrMarathonObject, flags, 14),
};

static const TsrField placement_fields[] = {
  U16 (TsrMarathonPlacement, flags, 0), S16 (TsrMarathonPlacement, initial_count, 2),
  S16 (TsrMarathonPlacement, minimum_count, 4), S16 (TsrMarathonPlacement, maximum_count, 6),
  S16 (TsrMarathonPlacement, random_count, 8), U16 (TsrMarathonPlacement, random_chance, 10),
};

static const TsrField platform_fields[] = {
  S16 (TsrMarathonPlatform, type, 0), S16 (TsrMarathonPlatform, speed, 2),
  S16 (TsrMarathonPlatform, delay, 4), S16 (TsrMarathonPlatform, maximum_height, 6),
  S16 (TsrMarathonPlatform, minimum_height, 8), U32 (TsrMarathonPlatform, static_flags, 10),
  S16 (TsrMarathonPlatform, polygon_index, 14), S16 (TsrMarathonPlatform, tag, 16),
  X16 (TsrMarathonPlatform, unused[0], 18), X16 (TsrMarathonPlatform, unused[1], 20),
  X16 (TsrMarathonPlatform, unused[2], 22), X16 (TsrMarathonPlatform, unused[3], 24),
  X16 (TsrMarathonPlatform, unused[4], 26), X16 (TsrMarathonPlatform, unused[5], 28),
  X16 (TsrMarathonPlatform, unused[6], 30),
};

static const TsrField media_fields[] = {
  S16 (TsrMarathonMedia, type, 0), U16 (TsrMarathonMedia, flags, 2),
  S16 (TsrMarathonMedia, light_index, 4), S16 (TsrMarathonMedia, current_direction, 6),
  S16 (TsrMarathonMedia, current_magnitude, 8), S16 (TsrMarathonMedia, low, 10),
  S16 (TsrMarathonMedia, high, 12), PT (TsrMarathonMedia, origin, 14),
  S16 (TsrMarathonMedia, height, 18), S32 (TsrMarathonMedia, minimum_light_intensity, 20),
  S16 (TsrMarathonMedia, texture, 24), S16 (TsrMarathonMedia, transfer_mode, 26),
  X16 (TsrMarathonMedia, unused[0], 28), X16 (TsrMarathonMedia, unused[1], 30),
};

static const TsrField ambient_fields[] = {
  U16 (TsrMarathonAmbientSound, flags, 0), S16 (TsrMarathonAmbientSound, sound_index, 2),
  S16 (TsrMarathonAmbientSound, volume, 4),
  X16 (TsrMarathonAmbientSound, unused[0], 6), X16 (TsrMarathonAmbientSound, unused[1], 8),
  X16 (TsrMarathonAmbientSound, unused[2], 10), X16 (TsrMarathonAmbientSound, unused[3], 12),
  X16 (TsrMarathonAmbientSound, unused[4], 14),
};

static const TsrField random_fields[] = {
  U16 (TsrMarathonRandomSound, flags, 0), S16 (TsrMarathonRandomSound, sound_index, 2),
  S16 (TsrMarathonRandomSound, volume, 4), S16 (TsrMarathonRandomSound, delta_volume, 6),
  S16 (TsrMarathonRandomSound, period, 8), S16 (TsrMarathonRandomSound, delta_period, 10),
  S16 (TsrMarathonRandomSound, direction, 12), S16 (TsrMarathonRandomSound, delta_direction, 14),
  S32 (TsrMarathonRandomSound, pitch, 16), S32 (TsrMarathonRandomSound, delta_pitch, 20),
  S16 (TsrMarathonRandomSound, phase, 24),
  X16 (TsrMarathonRandomSound, unused[0], 26), X16 (TsrMarathonRandomSound, unused[1], 28),
  X16 (TsrMarathonRandomSound, unused[2], 30),
};

static const TsrField info_fields[] = {
  S16 (TsrMarathonMapInfo, environment_code, 0), S16 (TsrMarathonMapInfo, physics_model, 2),
  S16 (TsrMarathonMapInfo, song_index, 4), S16 (TsrMarathonMapInfo, mission_flags, 6),
  S16 (TsrMarathonMapInfo, environment_flags, 8), U8 (TsrMarathonMapInfo, ball_in_play, 10),
  X8 (TsrMarathonMapInfo, unused1, 11),
  X16 (TsrMarathonMapInfo, unused[0], 12), X16 (TsrMarathonMapInfo, unused[1], 14),
  X16 (TsrMarathonMapInfo, unused[2], 16),
  STR (TsrMarathonMapInfo, level_name, 18, 66), U32 (TsrMarathonMapInfo, entry_point_flags, 84),
};

#define SPEC(name, size, table, type) { name, size, sizeof (type), table, G_N_ELEMENTS (table) }

static const TsrFieldTable records[TSR_MARATHON_N_MAP_RECORDS] = {
  [TSR_MARATHON_RECORD_POINT] = SPEC ("point", 4, point_fields, TsrMarathonPoint),
  [TSR_MARATHON_RECORD_ENDPOINT] = SPEC ("endpoint", 16, endpoint_fields, TsrMarathonEndpoint),
  [TSR_MARATHON_RECORD_LINE] = SPEC ("line", 32, line_fields, TsrMarathonLine),
  [TSR_MARATHON_RECORD_SIDE] = SPEC ("side", 64, side_fields, TsrMarathonSide),
  [TSR_MARATHON_RECORD_POLYGON] = SPEC ("polygon", 128, polygon_fields, TsrMarathonPolygon),
  [TSR_MARATHON_RECORD_LIGHT] = SPEC ("light", 100, light_fields, TsrMarathonLight),
  [TSR_MARATHON_RECORD_OLD_LIGHT] = SPEC ("old_light", 32, old_light_fields, TsrMarathonOldLight),
  [TSR_MARATHON_RECORD_ANNOTATION] = SPEC ("annotation", 72, annotation_fields, TsrMarathonAnnotation),
  [TSR_MARATHON_RECORD_OBJECT] = SPEC ("object", 16, object_fields, TsrMarathonObject),
  [TSR_MARATHON_RECORD_PLACEMENT] = SPEC ("placement", 12, placement_fields, TsrMarathonPlacement),
  [TSR_MARATHON_RECORD_PLATFORM] = SPEC ("platform", 32, platform_fields, TsrMarathonPlatform),
  [TSR_MARATHON_RECORD_MEDIA] = SPEC ("media", 32, media_fields, TsrMarathonMedia),
  [TSR_MARATHON_RECORD_AMBIENT_SOUND] = SPEC ("ambient_sound", 16, ambient_fields, TsrMarathonAmbientSound),
  [TSR_MARATHON_RECORD_RANDOM_SOUND] = SPEC ("random_sound", 32, random_fields, TsrMarathonRandomSound),
  [TSR_MARATHON_RECORD_MAP_INFO] = SPEC ("map_info", 88, info_fields, TsrMarathonMapInfo),
};

gsize
tsr_marathon_record_size (TsrMarathonRecordKind kind)
{
  g_return_val_if_fail (kind < TSR_MARATHON_N_MAP_RECORDS, 0);
  return records[kind].size;
}

const TsrFieldTable *
tsr_marathon_record_fields (TsrMarathonRecordKind kind)
{
  g_return_val_if_fail (kind < TSR_MARATHON_N_MAP_RECORDS, NULL);
  return &records[kind];
}

void
tsr_marathon_record_decode (TsrMarathonRecordKind kind,
                            const guint8         *data,
                            gpointer              record)
{
  tsr_field_table_decode_struct (&records[kind], data, record);
}

void
tsr_marathon_record_encode (TsrMarathonRecordKind kind,
                            gconstpointer         record,
                            guint8               *data)
{
  tsr_field_table_encode_struct (&records[kind], record, data);
}

/* For the tests: every byte of each record covered exactly once, and no field outside. */
gboolean tsr_marathon_records_check_coverage (char **problem);

gboolean
tsr_marathon_records_check_coverage (char **problem)
{
  for (guint kind = 0; kind < TSR_MARATHON_N_MAP_RECORDS; kind++)
    if (!tsr_field_table_check_coverage (&records[kind], problem))
      return FALSE;
  return TRUE;
}

/* Converting arrays of records goes through a plan compiled from the field table: runs of
 * 16-bit fields that sit next to each other both in the file and in the struct are swapped as one
 * run, 32-bit fields are byte-swapped, byte strings copied. A record whose struct matches the file
 * exactly is a single run plus its 32-bit fields. Most of a map's bytes are such records. */
typedef enum { OP_SWAP16, OP_SWAP32, OP_COPY } OpKind;

typedef struct {
  guint16 file;
  guint16 member;
  guint16 length;
  guint8  kind;
} Op;

/* Where SSSE3 is there (nearly every x86-64 processor), records are converted 16 bytes at a time
 * by byte shuffles compiled from the same field table: a lane loads 16 bytes of the input record,
 * puts each byte where it goes (a 16-bit field's two bytes turned round, padding zeroed) and stores
 * 16 bytes of the output record. A round trip of the Marathon 1 scenario converts its 3.8 MB
 * twice; in cache, its sides (whose struct has padding, so they went one field run at a time)
 * converted at 7 GB/s and its other records at 13, shuffled all at 17-21 GB/s, and the round trip
 * took 0.5 ms less. Records shorter than 16 bytes are shuffled in groups (a unit). A lane is right
 * for the bytes up to where the next one starts and writes garbage past them, which the next lane,
 * the next unit or the scalar tail (the last units, whose lanes would read or write past the
 * arrays) overwrites: units go in increasing order. */
typedef struct {
  guint16 out;        /* the first output byte in the unit */
  guint16 in;         /* the first of the 16 input bytes loaded */
  guint8  mask[16];   /* the input byte of each output byte, 0x80: zero */
  guint8  right[16];  /* 0xff where the output byte is right (not garbage for later lanes to overwrite) */
} Lane;

typedef struct {
  guint  records;     /* records per unit; 0: no shuffle program */
  guint  n_lanes;
  gsize  in_reach;    /* bytes past a unit's start that its lanes load and store */
  gsize  out_reach;
  Lane   lanes[12];     /* a polygon or a light needs 8 */
} ShuffleProgram;

typedef struct {
  gint    ready;
  gboolean block;        /* struct == file layout: whole-array swaps */
  guint   n_ops;
  Op      ops[48];
  ShuffleProgram decode, encode;
} Plan;

static Plan plans[TSR_MARATHON_N_MAP_RECORDS];
G_LOCK_DEFINE_STATIC (plans);

#ifdef TSR_RECORDS_SHUFFLE
/* Asked here when the first plan is made, not with __builtin_cpu_supports: that links libgcc's
 * constructor, which runs a dozen CPUID instructions at every start of every program (each one
 * a trip to the hypervisor on a virtual machine: tessera-cli --version took 3 % longer). */
static gboolean
have_ssse3 (void)
{
  unsigned int eax, ebx, ecx, edx;

  return __get_cpuid (1, &eax, &ebx, &ecx, &edx) && (ecx & bit_SSSE3) != 0;
}

/* Compiles the lanes that convert a unit of SPEC's records (file to struct with FROM_FILE, else
 * back), greedily: each lane takes as many output bytes as have their input bytes within 16 of
 * each other. Leaves PROGRAM->records 0 where that does not work out. */
static void
compile_shuffle (const TsrFieldTable *spec,
                 gboolean             from_file,
                 ShuffleProgram      *program)
{
  gsize per_unit, out_size;
  int source[512];
  gsize pos = 0;

  program->records = 0;
  program->n_lanes = 0;
  program->in_reach = program->out_reach = 0;
  if (spec->size == 0 || spec->struct_size == 0)
    return;
  per_unit = spec->size >= 16 && spec->struct_size >= 16 ? 1 : 16 / MIN (spec->size, spec->struct_size) + 1;
  out_size = (from_file ? spec->struct_size : spec->size) * per_unit;
  if (out_size > G_N_ELEMENTS (source))
    return;
  for (gsize b = 0; b < out_size; b++)
    source[b] = -1;
  for (gsize r = 0; r < per_unit; r++)
    for (guint i = 0; i < spec->n_fields; i++)
      {
        const TsrField *field = &spec->fields[i];
        gboolean swap = field->type != TSR_FIELD_CHARS && (field->flags & TSR_FIELD_BIG_ENDIAN) != 0;
        gsize file = r * spec->size + (gsize) field->offset;
        gsize member = r * spec->struct_size + (gsize) field->member;

        for (gsize k = 0; k < field->width; k++)
          {
            gsize in_struct = member + (swap ? field->width - 1 - k : k);

            if (from_file)
              source[in_struct] = (int) (file + k);
            else
              source[file + k] = (int) in_struct;
          }
      }
  while (pos < out_size)
    {
      Lane *lane;
      int low = G_MAXINT, high = -1;
      gsize length = 0;

      if (program->n_lanes == G_N_ELEMENTS (program->lanes))
        return;
      for (gsize b = pos; b < out_size && length < 16; b++, length++)
        if (source[b] >= 0)
          {
            if (MAX (high, source[b]) - MIN (low, source[b]) > 15)
              break;
            low = MIN (low, source[b]);
            high = MAX (high, source[b]);
          }
      if (low == G_MAXINT)
        low = 0;
      lane = &program->lanes[program->n_lanes++];
      lane->out = (guint16) pos;
      lane->in = (guint16) low;
      for (gsize j = 0; j < 16; j++)
        {
          lane->mask[j] = j < length && source[pos + j] >= 0 ? (guint8) (source[pos + j] - low) : 0x80;
          lane->right[j] = j < length ? 0xff : 0;
        }
      program->in_reach = MAX (program->in_reach, (gsize) low + 16);
      program->out_reach = MAX (program->out_reach, pos + 16);
      pos += length;
    }
  program->records = (guint) per_unit;
}

__attribute__ ((target ("ssse3"), always_inline)) static inline void
shuffle_units (const ShuffleProgram *program,
               guint                 n_lanes,
               const guint8         *in,
               gsize                 in_unit,
               guint8               *out,
               gsize                 out_unit,
               gsize                 units)
{
  __m128i masks[G_N_ELEMENTS (program->lanes)];

  for (guint l = 0; l < n_lanes; l++)
    masks[l] = _mm_loadu_si128 ((const __m128i *) program->lanes[l].mask);
  for (gsize u = 0; u < units; u++, in += in_unit, out += out_unit)
    for (guint l = 0; l < n_lanes; l++)
      _mm_storeu_si128 ((__m128i *) (out + program->lanes[l].out),
                        _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) (in + program->lanes[l].in)), masks[l]));
}

/* How many whole units of PROGRAM, over the first of COUNT records (IN_RECORD bytes each in,
 * OUT_RECORD out), have every lane's 16-byte loads and stores inside the arrays; 0 without a
 * program. */
static gsize
units_in_reach (const ShuffleProgram *program,
                gsize                 in_record,
                gsize                 out_record,
                gsize                 count)
{
  gsize in_unit = in_record * program->records, out_unit = out_record * program->records;
  gsize in_total = in_record * count, out_total = out_record * count;
  gsize units;

  if (program->records == 0 || in_total < program->in_reach || out_total < program->out_reach)
    return 0;
  units = MIN ((in_total - program->in_reach) / in_unit, (out_total - program->out_reach) / out_unit) + 1;
  return MIN (units, count / program->records);
}

/* Runs PROGRAM over the first units of COUNT records whose lanes stay inside IN_TOTAL and
 * OUT_TOTAL bytes; returns how many records it converted. */
__attribute__ ((target ("ssse3"))) static gsize
run_shuffle (const ShuffleProgram *program,
             const guint8         *in,
             gsize                 in_record,
             gsize                 out_record,
             gsize                 count,
             guint8               *out)
{
  gsize in_unit = in_record * program->records, out_unit = out_record * program->records;
  gsize units = units_in_reach (program, in_record, out_record, count);

  /* The lane counts of the large arrays (points and lines 2, sides 5, polygons 8) unrolled, their
   * masks held in registers. */
  switch (program->n_lanes)
    {
    case 1: shuffle_units (program, 1, in, in_unit, out, out_unit, units); break;
    case 2: shuffle_units (program, 2, in, in_unit, out, out_unit, units); break;
    case 3: shuffle_units (program, 3, in, in_unit, out, out_unit, units); break;
    case 5: shuffle_units (program, 5, in, in_unit, out, out_unit, units); break;
    case 8: shuffle_units (program, 8, in, in_unit, out, out_unit, units); break;
    default: shuffle_units (program, program->n_lanes, in, in_unit, out, out_unit, units); break;
    }
  return units * program->records;
}

__attribute__ ((target ("ssse3"), always_inline)) static inline gsize
match_units (const ShuffleProgram *program,
             guint                 n_lanes,
             const guint8         *in,
             gsize                 in_unit,
             const guint8         *expected,
             gsize                 out_unit,
             gsize                 units)
{
  __m128i masks[G_N_ELEMENTS (program->lanes)], rights[G_N_ELEMENTS (program->lanes)];

  for (guint l = 0; l < n_lanes; l++)
    {
      masks[l] = _mm_loadu_si128 ((const __m128i *) program->lanes[l].mask);
      rights[l] = _mm_loadu_si128 ((const __m128i *) program->lanes[l].right);
    }
  for (gsize u = 0; u < units; u++, in += in_unit, expected += out_unit)
    {
      __m128i wrong = _mm_setzero_si128 ();

      for (guint l = 0; l < n_lanes; l++)
        {
          __m128i bytes = _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) (in + program->lanes[l].in)), masks[l]);
          __m128i there = _mm_loadu_si128 ((const __m128i *) (expected + program->lanes[l].out));

          wrong = _mm_or_si128 (wrong, _mm_andnot_si128 (_mm_cmpeq_epi8 (bytes, there), rights[l]));
        }
      if (_mm_movemask_epi8 (wrong) != 0)
        return u;
    }
  return units;
}

/* run_shuffle, comparing each lane's right bytes with EXPECTED instead of storing them: how many
 * records it compared, and *DIFFERS once one differs (it stops there). */
__attribute__ ((target ("ssse3"))) static gsize
match_shuffle (const ShuffleProgram *program,
               const guint8         *in,
               gsize                 in_record,
               gsize                 out_record,
               gsize                 count,
               const guint8         *expected,
               gboolean             *differs)
{
  gsize in_unit = in_record * program->records, out_unit = out_record * program->records;
  gsize units = units_in_reach (program, in_record, out_record, count), same;

  switch (program->n_lanes)
    {
    case 1: same = match_units (program, 1, in, in_unit, expected, out_unit, units); break;
    case 2: same = match_units (program, 2, in, in_unit, expected, out_unit, units); break;
    case 3: same = match_units (program, 3, in, in_unit, expected, out_unit, units); break;
    case 5: same = match_units (program, 5, in, in_unit, expected, out_unit, units); break;
    case 8: same = match_units (program, 8, in, in_unit, expected, out_unit, units); break;
    default: same = match_units (program, program->n_lanes, in, in_unit, expected, out_unit, units); break;
    }
  if (same < units)
    *differs = TRUE;
  return same * program->records;
}
#endif

static const Plan *
get_plan (TsrMarathonRecordKind kind)
{
  Plan *plan = &plans[kind];
  const TsrFieldTable *spec = &records[kind];

  if (g_atomic_int_get (&plan->ready))
    return plan;
  G_LOCK (plans);
  if (!plan->ready)
    {
      gboolean block = spec->struct_size == spec->size;

      plan->n_ops = 0;
      for (guint i = 0; i < spec->n_fields; i++)
        {
          const TsrField *field = &spec->fields[i];
          OpKind op_kind = field->type == TSR_FIELD_CHARS || field->width == 1 ? OP_COPY : field->width == 2 ? OP_SWAP16 : OP_SWAP32;
          Op *last = plan->n_ops > 0 ? &plan->ops[plan->n_ops - 1] : NULL;

          if (field->member != field->offset)
            block = FALSE;
          if (op_kind == OP_COPY)
            block = FALSE;
          if (last != NULL && last->kind == op_kind && op_kind != OP_SWAP32
              && last->file + last->length == field->offset && last->member + last->length == field->member)
            {
              last->length += field->width;
              continue;
            }
          g_assert (plan->n_ops < G_N_ELEMENTS (plan->ops));
          plan->ops[plan->n_ops++] = (Op) { (guint16) field->offset, (guint16) field->member, field->width, (guint8) op_kind };
        }
      plan->block = block && G_BYTE_ORDER == G_LITTLE_ENDIAN;
#ifdef TSR_RECORDS_SHUFFLE
      if (G_BYTE_ORDER == G_LITTLE_ENDIAN && have_ssse3 ())
        {
          compile_shuffle (spec, TRUE, &plan->decode);
          compile_shuffle (spec, FALSE, &plan->encode);
        }
#endif
      g_atomic_int_set (&plan->ready, 1);
    }
  G_UNLOCK (plans);
  return plan;
}

static inline void
swap16_run (guint8 *out, const guint8 *in, gsize length)
{
  for (gsize i = 0; i + 1 < length; i += 2)
    {
      out[i] = in[i + 1];
      out[i + 1] = in[i];
    }
}

static inline void
swap32 (guint8 *out, const guint8 *in)
{
  guint8 a = in[0], b = in[1], c = in[2], d = in[3];

  out[0] = d;
  out[1] = c;
  out[2] = b;
  out[3] = a;
}

/* One record: FROM_FILE converts file bytes to a struct, else the other way. */
static inline void
run_plan (const Plan *plan, const guint8 *in, guint8 *out, gboolean from_file)
{
  for (guint o = 0; o < plan->n_ops; o++)
    {
      const Op *op = &plan->ops[o];
      const guint8 *src = in + (from_file ? op->file : op->member);
      guint8 *dst = out + (from_file ? op->member : op->file);

      switch (op->kind)
        {
        case OP_SWAP16:
          swap16_run (dst, src, op->length);
          break;
        case OP_SWAP32:
          swap32 (dst, src);
          break;
        default:
          memcpy (dst, src, op->length);
          break;
        }
    }
}

static void
convert_array (TsrMarathonRecordKind kind,
               const guint8         *in,
               gsize                 count,
               guint8               *out,
               gboolean              from_file)
{
  const Plan *plan = get_plan (kind);
  const TsrFieldTable *spec = &records[kind];

#ifdef TSR_RECORDS_SHUFFLE
  {
    const ShuffleProgram *program = from_file ? &plan->decode : &plan->encode;
    gsize in_record = from_file ? spec->size : spec->struct_size;
    gsize out_record = from_file ? spec->struct_size : spec->size;
    gsize done = run_shuffle (program, in, in_record, out_record, count, out);

    /* An empty array may come as NULL pointers: no arithmetic on them. */
    if (done > 0)
      {
        in += done * in_record;
        out += done * out_record;
        count -= done;
      }
  }
#endif
  if (G_BYTE_ORDER != G_LITTLE_ENDIAN)
    {
      if (from_file && count > 0)
        memset (out, 0, count * spec->struct_size);
      for (gsize i = 0; i < count; i++)
        {
          if (from_file)
            tsr_marathon_record_decode (kind, in + i * spec->size, out + i * spec->struct_size);
          else
            tsr_marathon_record_encode (kind, in + i * spec->struct_size, out + i * spec->size);
        }
      return;
    }
  if (plan->block)
    {
      /* Same layout: swap all the 16-bit words, then turn the 32-bit fields' halves around. */
      swap16_run (out, in, count * spec->size);
      for (gsize r = 0; r < count; r++)
        for (guint o = 0; o < plan->n_ops; o++)
          if (plan->ops[o].kind == OP_SWAP32)
            {
              guint8 *p = out + r * spec->size + plan->ops[o].file;
              guint8 a = p[0], b = p[1];

              p[0] = p[2];
              p[1] = p[3];
              p[2] = a;
              p[3] = b;
            }
      return;
    }
  /* Decoding writes every byte of the records (callers need not zero them first): here the struct
   * has padding the fields do not cover. */
  if (from_file && count > 0)
    memset (out, 0, count * spec->struct_size);
  for (gsize r = 0; r < count; r++)
    {
      if (from_file)
        run_plan (plan, in + r * spec->size, out + r * spec->struct_size, TRUE);
      else
        run_plan (plan, in + r * spec->struct_size, out + r * spec->size, FALSE);
    }
}

void
tsr_marathon_records_decode_array (TsrMarathonRecordKind kind,
                                   const guint8         *data,
                                   gsize                 count,
                                   gpointer              records_out)
{
  convert_array (kind, data, count, records_out, TRUE);
}

void
tsr_marathon_records_encode_array (TsrMarathonRecordKind kind,
                                   gconstpointer         records_in,
                                   gsize                 count,
                                   guint8               *data)
{
  convert_array (kind, records_in, count, data, FALSE);
}

gboolean
tsr_marathon_records_encode_matches (TsrMarathonRecordKind kind,
                                     gconstpointer         records_in,
                                     gsize                 count,
                                     const guint8         *data)
{
  const TsrFieldTable *spec = &records[kind];
  const guint8 *in = records_in;
  guint8 piece[4096];
  gsize per_piece = sizeof piece / spec->size;

#ifdef TSR_RECORDS_SHUFFLE
  {
    gboolean differs = FALSE;
    gsize done = match_shuffle (&get_plan (kind)->encode, in, spec->struct_size, spec->size, count, data,
                                &differs);

    if (differs)
      return FALSE;
    if (done > 0) /* an empty array may come as NULL pointers */
      {
        in += done * spec->struct_size;
        data += done * spec->size;
        count -= done;
      }
  }
#endif
  for (gsize at = 0; at < count; at += per_piece)
    {
      gsize n = MIN (per_piece, count - at);

      convert_array (kind, in + at * spec->struct_size, n, piece, FALSE);
      if (memcmp (piece, data + at * spec->size, n * spec->size) != 0)
        return FALSE;
    }
  return TRUE;
}
