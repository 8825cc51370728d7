/* tsr-doom2d-map.c: the map model, the binary lump reader and writer, reference-keeping edits and
 * validation. Fields are read and written by walking the schema tables, compiled once into
 * operations that each run over a whole block of records; a record keeps its binary bytes so that
 * what no field covers (padding, unused trigger data) is written back unchanged. */
#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-finding.h"
#include "core/tsr-reader.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-private.h"

static const guint16 cp1251_high[128] = {
  0x0402, 0x0403, 0x201a, 0x0453, 0x201e, 0x2026, 0x2020, 0x2021,
  0x20ac, 0x2030, 0x0409, 0x2039, 0x040a, 0x040c, 0x040b, 0x040f,
  0x0452, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
  0x0098, 0x2122, 0x0459, 0x203a, 0x045a, 0x045c, 0x045b, 0x045f,
  0x00a0, 0x040e, 0x045e, 0x0408, 0x00a4, 0x0490, 0x00a6, 0x00a7,
  0x0401, 0x00a9, 0x0404, 0x00ab, 0x00ac, 0x00ad, 0x00ae, 0x0407,
  0x00b0, 0x00b1, 0x0406, 0x0456, 0x0491, 0x00b5, 0x00b6, 0x00b7,
  0x0451, 0x2116, 0x0454, 0x00bb, 0x0458, 0x0405, 0x0455, 0x0457,
  0x0410, 0x0411, 0x0412, 0x0413, 0x0414, 0x0415, 0x0416, 0x0417,
  0x0418, 0x0419, 0x041a, 0x041b, 0x041c, 0x041d, 0x041e, 0x041f,
  0x0420, 0x0421, 0x0422, 0x0423, 0x0424, 0x0425, 0x0426, 0x0427,
  0x0428, 0x0429, 0x042a, 0x042b, 0x042c, 0x042d, 0x042e, 0x042f,
  0x0430, 0x0431, 0x0432, 0x0433, 0x0434, 0x0435, 0x0436, 0x0437,
  0x0438, 0x0439, 0x043a, 0x043b, 0x043c, 0x043d, 0x043e, 0x043f,
  0x0440, 0x0441, 0x0442, 0x0443, 0x0444, 0x0445, 0x0446, 0x0447,
  0x0448, 0x0449, 0x044a, 0x044b, 0x044c, 0x044d, 0x044e, 0x044f,
};

/* How many of DATA's first SIZE bytes are ASCII, eight at a time: map strings nearly all are. */
static gsize
ascii_length (const guint8 *data,
              gsize         size)
{
  gsize n = 0;

  for (guint64 word; n + 8 <= size; n += 8)
    {
      memcpy (&word, data + n, 8);
      if (word & G_GUINT64_CONSTANT (0x8080808080808080))
        break;
    }
  while (n < size && data[n] < 0x80)
    n++;
  return n;
}

char *
tsr_doom2d_cp1251_to_utf8 (const guint8 *data,
                           gsize         size)
{
  GString *text;

  if (ascii_length (data, size) == size)
    {
      char *copy = g_malloc (size + 1);

      memcpy (copy, data, size);
      copy[size] = '\0';
      return copy;
    }
  text = g_string_sized_new (size * 2);
  for (gsize i = 0; i < size; i++)
    {
      if (data[i] < 0x80)
        g_string_append_c (text, (char) data[i]);
      else
        g_string_append_unichar (text, cp1251_high[data[i] - 0x80]);
    }
  return g_string_free (text, FALSE);
}

GByteArray *
tsr_doom2d_utf8_to_cp1251 (const char *text)
{
  GByteArray *bytes = g_byte_array_new ();

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, -1);
      guint8 code = '?';

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_byte_array_append (bytes, &code, 1);
          continue;
        }
      if (c < 0x80)
        code = (guint8) c;
      else
        for (guint i = 0; i < 128; i++)
          if (cp1251_high[i] == c)
            {
              code = (guint8) (0x80 + i);
              break;
            }
      g_byte_array_append (bytes, &code, 1);
    }
  return bytes;
}

/* TEXT in CP1251 into OUT (at most MAX bytes); returns the length of the whole encoding, which
 * may be more than MAX. No allocation: the binary writer encodes every string of every record. */
static gsize
cp1251_encode_into (const char *text,
                    guint8     *out,
                    gsize       max)
{
  gsize length = 0;

  for (const char *p = text; *p != '\0'; length++)
    {
      guint8 code = '?';

      if ((guchar) *p < 0x80)
        {
          code = (guint8) *p++;
        }
      else
        {
          gunichar c = g_utf8_get_char_validated (p, -1);

          if (c == (gunichar) -1 || c == (gunichar) -2)
            p++;
          else
            {
              if (c >= 0x0410 && c <= 0x044f) /* А..я: 0xc0..0xff in order */
                code = (guint8) (0xc0 + (c - 0x0410));
              else
                for (guint i = 0; i < 128; i++)
                  if (cp1251_high[i] == c)
                    {
                      code = (guint8) (0x80 + i);
                      break;
                    }
              p = g_utf8_next_char (p);
            }
        }
      if (length < max)
        out[length] = code;
    }
  return length;
}

/* Records and values */

/* A field table compiled for the binary hot path, once per table: the fields with a binary place
 * as operations (offset, width, components, signedness), the values a record starts from (the
 * defaults of text-only fields, zeros elsewhere, no strings), and which fields hold strings. The
 * general walk (field_decode/field_encode) stays for what no operation covers. */
enum {
  OP_CHARS   = 1 << 2, /* a CP1251 string of WIDTH bytes */
  OP_GENERAL = 1 << 3, /* anything else: through field_decode/field_encode */
};

typedef struct {
  guint16 offset; /* in the record, base included */
  guint16 width;
  guint8  components;
  guint8  flags;
  guint16 field;
} FieldOp;

/* One little-endian integer of a plain field (a point has two): the hot path, one switch each. */
enum {
  INT_U8, INT_S8, INT_U16, INT_S16, INT_U32, INT_S32, INT_64,
};

typedef struct {
  guint16 offset;    /* in the record, base included */
  guint8  kind;      /* INT_* */
  gint8   bias;      /* added when decoding, taken off when encoding: -1 for monster references */
  guint16 field;
  guint16 component;
} IntOp;

/* A plain integer without a bias, the common case: read from SRC in the record, stored at byte DST
 * of the values array (field and component resolved when the plan is built). The plan keeps them
 * grouped by kind, so each kind is one loop with no switch. */
enum {
  FAST_U8, FAST_S8, FAST_U16, FAST_S16, FAST_U32, FAST_S32, N_FAST,
};

typedef struct {
  guint16 src;
  guint16 dst;
} FastOp;

typedef struct {
  guint          fast_start[N_FAST + 1]; /* the kind K's operations are fast[fast_start[K] .. fast_start[K + 1]) */
  FastOp        *fast;
  guint          n_ints;        /* the other integers (biased, 64-bit, or a table with overlapping fields: in order) */
  IntOp         *ints;
  guint          n_ops;
  FieldOp       *ops;           /* strings and fields the general walk handles */
  TsrFieldValue *initial;       /* n_fields */
  TsrFieldValue *defaults;      /* n_fields: every field's default (texts NULL: copied from the field) */
  guint          n_default_texts;
  guint16       *default_texts; /* text-only string fields with a default text, which is copied
                                   (those without start NULL, read as "") */
  guint          n_texts;
  guint16       *texts;         /* every field that may hold a string */
  const TsrFieldTable *table;   /* what the plan was made of (saves a schema look-up per record) */
  gsize          base;          /* where the table starts in the record (trigger data: past the trigger) */
  gsize          record_size;   /* the whole record's size */
} TablePlan;

static const TablePlan *table_plan (const TsrFieldTable *table);

/* The plan of a record type's table, without a lock once made (records are freed one by one). */
static const TablePlan *
record_plan (TsrDoom2dKind kind)
{
  static const TablePlan *plans[TSR_DOOM2D_N_KINDS];
  const TablePlan *plan = g_atomic_pointer_get (&plans[kind]);

  if (G_UNLIKELY (plan == NULL))
    {
      plan = table_plan (&tsr_doom2d_record_type (kind)->table);
      g_atomic_pointer_set (&plans[kind], plan);
    }
  return plan;
}


static void
values_clear (TsrFieldValue *values,
              guint           n_values)
{
  for (guint i = 0; i < n_values; i++)
    g_free (values[i].text);
  g_free (values);
}

/* Every field's default (texts copied) into VALUES, from the plan's template. */
static void
plan_defaults_into (const TablePlan     *plan,
                    const TsrFieldTable *table,
                    TsrFieldValue       *values)
{
  memcpy (values, plan->defaults, table->n_fields * sizeof *values);
  for (guint t = 0; t < plan->n_texts; t++)
    {
      const TsrField *field = &table->fields[plan->texts[t]];

      /* Text-only fields left empty stay NULL (read as ""): triggers have four script names. */
      if (field->offset >= 0 || (field->default_text != NULL && field->default_text[0] != '\0'))
        values[plan->texts[t]].text = g_strdup (field->default_text != NULL ? field->default_text : "");
    }
}

static TsrFieldValue *
plan_defaults_new (const TablePlan     *plan,
                   const TsrFieldTable *table)
{
  TsrFieldValue *values = g_new (TsrFieldValue, table->n_fields);

  plan_defaults_into (plan, table, values);
  return values;
}

TsrDoom2dRecord *
tsr_doom2d_record_new (TsrDoom2dKind kind)
{
  const TsrDoom2dRecordType *type = tsr_doom2d_record_type (kind);
  TsrDoom2dRecord *record = g_new0 (TsrDoom2dRecord, 1);

  record->kind = kind;
  record->values = plan_defaults_new (record_plan (kind), &type->table);
  if (kind == TSR_DOOM2D_KIND_TRIGGER)
    tsr_doom2d_record_set_trigger_type (record, 0);
  return record;
}

/* Memory shared by records, refcounted by them: a refcount and the allocation's size, then
 * - for a block read from a binary map: its records, then their values (the table's n_fields
 *   each), then their raw bytes, which are the block's bytes as they were read (one copy for all);
 * - for a batch (tsr_doom2d_record_new_batched): up to BATCH_RECORDS records, each followed by
 *   its values. */
typedef struct {
  gint  refs;
  gsize size;
} RecordStorage;

#define STORAGE_ALIGN(n) (((n) + 15u) & ~(gsize) 15u)

/* Whether MEMORY is part of STORAGE (else it is the record's own, replaced by a caller). */
static inline gboolean
storage_holds (const RecordStorage *storage,
               gconstpointer        memory)
{
  /* One unsigned comparison: memory below the storage wraps round to a large offset. */
  return (guintptr) memory - (guintptr) storage < storage->size;
}

/* Records per storage of a batch: a few allocations for a map's records instead of two each. */
#define BATCH_RECORDS 64

TsrDoom2dRecord *
tsr_doom2d_record_new_batched (TsrDoom2dKind        kind,
                               TsrDoom2dRecordBatch *batch)
{
  const TablePlan *plan = record_plan (kind);
  gsize stride = STORAGE_ALIGN (sizeof (TsrDoom2dRecord)) + plan->table->n_fields * sizeof (TsrFieldValue);
  RecordStorage *storage = batch->storage;
  TsrDoom2dRecord *record;

  if (storage == NULL || batch->used == BATCH_RECORDS)
    {
      storage = g_malloc (STORAGE_ALIGN (sizeof (RecordStorage)) + BATCH_RECORDS * stride);
      storage->refs = 0;
      storage->size = STORAGE_ALIGN (sizeof (RecordStorage)) + BATCH_RECORDS * stride;
      batch->storage = storage;
      batch->used = 0;
    }
  record = (TsrDoom2dRecord *) ((guint8 *) storage + STORAGE_ALIGN (sizeof (RecordStorage)) + batch->used++ * stride);
  g_atomic_int_inc (&storage->refs);
  *record = (TsrDoom2dRecord) {
    .kind = kind, .values = (TsrFieldValue *) ((guint8 *) record + STORAGE_ALIGN (sizeof (TsrDoom2dRecord))),
    .storage = storage,
  };
  plan_defaults_into (plan, plan->table, record->values);
  if (kind == TSR_DOOM2D_KIND_TRIGGER)
    tsr_doom2d_record_set_trigger_type (record, 0);
  return record;
}

/* Everything of RECORD but the common case tsr_doom2d_record_free handles itself. */
static G_GNUC_NO_INLINE void
record_free_full (TsrDoom2dRecord *record)
{
  const TablePlan *plan;
  guint n_fields;

  plan = record_plan (record->kind);
  n_fields = plan->table->n_fields;
  if (record->storage == NULL)
    {
      values_clear (record->values, n_fields);
      if (record->layout != NULL)
        values_clear (record->data_values, record->layout->table.n_fields);
      g_free (record->raw);
      g_free (record);
      return;
    }
  /* Stored records: only what was replaced by memory of its own is freed on its own. */
  if (!storage_holds (record->storage, record->values))
    values_clear (record->values, n_fields);
  else
    for (guint t = 0; t < plan->n_texts; t++)
      if (record->values[plan->texts[t]].text != NULL) /* triggers' four script names nearly always are */
        g_free (record->values[plan->texts[t]].text);
  if (record->layout != NULL)
    values_clear (record->data_values, record->layout->table.n_fields);
  if (!storage_holds (record->storage, record->raw))
    g_free (record->raw);
  if (g_atomic_int_dec_and_test (&((RecordStorage *) record->storage)->refs))
    g_free (record->storage);
}

/* Whether RECORD (not NULL) is the common case, a record read from a file with nothing of its own
 * (no strings, no trigger data, values and any bytes in the storage): freeing it only drops its
 * reference to the storage. */
static inline gboolean
record_is_plain_stored (const TsrDoom2dRecord *record)
{
  const RecordStorage *storage = record->storage;

  return storage != NULL && record->layout == NULL && storage_holds (storage, record->values)
         && (record->raw == NULL || storage_holds (storage, record->raw))
         && record_plan (record->kind)->n_texts == 0;
}

/* Drops N references to STORAGE (may be NULL when N is 0), freeing it with the last. */
static inline void
storage_release (RecordStorage *storage,
                 gint           n)
{
  if (n > 0 && g_atomic_int_add (&storage->refs, -n) == n)
    g_free (storage);
}

void
tsr_doom2d_record_free (TsrDoom2dRecord *record)
{
  if (record == NULL)
    return;
  if (record_is_plain_stored (record))
    storage_release (record->storage, 1);
  else
    record_free_full (record);
}

const TsrDoom2dRecordType *
tsr_doom2d_record_get_type (const TsrDoom2dRecord *record)
{
  return tsr_doom2d_record_type (record->kind);
}

void
tsr_doom2d_record_set_trigger_type (TsrDoom2dRecord *record,
                                    guint            trigger_type)
{
  g_return_if_fail (record->kind == TSR_DOOM2D_KIND_TRIGGER);

  record->values[TSR_DOOM2D_TRIGGER_TYPE].v[0] = trigger_type;
  if (record->layout != NULL)
    values_clear (record->data_values, record->layout->table.n_fields);
  record->data_values = NULL;
  record->layout = tsr_doom2d_trigger_layout (trigger_type);
  if (record->layout != NULL)
    {
      record->data_values = plan_defaults_new (table_plan (&record->layout->table), &record->layout->table);
    }
  /* The old type's data bytes mean nothing for the new one. */
  if (record->raw != NULL)
    memset (record->raw + TSR_DOOM2D_TRIGGER_DATA_OFFSET, 0, TSR_DOOM2D_TRIGGER_DATA_SIZE);
}

/* Little-endian integers of 1, 2, 4 or 8 bytes, as every Doom2D field is: the codec's hot path,
 * so no loop per byte (tsr_field_decode/encode do the general case). */
static inline gboolean
field_is_plain_le (const TsrField *field)
{
  return (field->flags & (TSR_FIELD_BIG_ENDIAN | TSR_FIELD_NEGATED)) == 0
         && (field->width == 1 || field->width == 2 || field->width == 4 || field->width == 8);
}

static inline gint64
read_le (const guint8 *data,
         guint         width,
         gboolean      is_signed)
{
  switch (width)
    {
    case 1:
      return is_signed ? (gint64) (gint8) data[0] : (gint64) data[0];
    case 2:
      {
        guint16 v = (guint16) (data[0] | data[1] << 8);
        return is_signed ? (gint64) (gint16) v : (gint64) v;
      }
    case 4:
      {
        guint32 v = (guint32) data[0] | (guint32) data[1] << 8 | (guint32) data[2] << 16 | (guint32) data[3] << 24;
        return is_signed ? (gint64) (gint32) v : (gint64) v;
      }
    default:
      {
        guint64 v = 0;
        for (guint i = 0; i < 8; i++)
          v |= (guint64) data[i] << (8 * i);
        return (gint64) v;
      }
    }
}

static inline void
write_le (guint8 *data,
          guint   width,
          gint64  value)
{
  guint64 v = (guint64) value;

  switch (width)
    {
    case 1:
      data[0] = (guint8) v;
      break;
    case 2:
      data[0] = (guint8) v, data[1] = (guint8) (v >> 8);
      break;
    case 4:
      data[0] = (guint8) v, data[1] = (guint8) (v >> 8), data[2] = (guint8) (v >> 16), data[3] = (guint8) (v >> 24);
      break;
    default:
      for (guint i = 0; i < width; i++, v >>= 8)
        data[i] = (guint8) v;
      break;
    }
}

/* Unaligned 32-bit little-endian loads and stores, one instruction each where the CPU allows. */
static inline guint32
load_u32_le (const guint8 *at)
{
  guint32 v;

  memcpy (&v, at, 4);
  return GUINT32_FROM_LE (v);
}

static inline void
store_u16_le (guint8  *at,
              guint16  v)
{
  v = GUINT16_TO_LE (v);
  memcpy (at, &v, 2);
}

static inline void
store_u32_le (guint8  *at,
              guint32  v)
{
  v = GUINT32_TO_LE (v);
  memcpy (at, &v, 4);
}

static inline guint
field_components (const TsrField *field)
{
  switch (field->type)
    {
    case TSR_FIELD_POINT:
    case TSR_FIELD_SIZE:
      return 2;
    case TSR_FIELD_COLOR:
      return 4;
    default:
      return 1;
    }
}

/* Decoding and encoding one field of a binary record at BASE in BUFFER (the whole record). Integers
 * go through the field table's shared helpers; monster references are stored as index + 1. */

static void
field_decode (const TsrField *field,
              const guint8   *buffer,
              gsize           buffer_size,
              gsize           base,
              TsrFieldValue  *value)
{
  gsize at = base + (gsize) field->offset;
  gsize size = tsr_field_get_size (field);

  if (at + size > buffer_size)
    return;
  memset (value->v, 0, sizeof value->v);
  if (field->type == TSR_FIELD_CHARS)
    {
      const guint8 *end = memchr (buffer + at, 0, field->width);

      g_free (value->text);
      value->text = tsr_doom2d_cp1251_to_utf8 (buffer + at, end ? (gsize) (end - (buffer + at)) : field->width);
      return;
    }
  if (field_is_plain_le (field) && field->type != TSR_FIELD_STRING)
    {
      gboolean is_signed = (field->flags & TSR_FIELD_SIGNED) != 0;

      for (guint c = 0, n = field_components (field); c < n; c++)
        value->v[c] = read_le (buffer + at + c * field->width, field->width, is_signed);
    }
  else if (!tsr_field_decode (field, buffer + base, value))
    return;
  if (field->reference == TSR_DOOM2D_REF_MONSTER)
    value->v[0] -= 1;
}

static void
field_encode (const TsrField      *field,
              const TsrFieldValue *value,
              guint8              *record)
{
  if (field->type == TSR_FIELD_CHARS)
    {
      guint8 *out = record + field->offset;
      gsize length = cp1251_encode_into (value->text ? value->text : "", out, field->width);

      if (length < field->width)
        memset (out + length, 0, field->width - length);
    }
  else if (field_is_plain_le (field) && field->type != TSR_FIELD_STRING)
    {
      guint8 *out = record + field->offset;

      for (guint c = 0, n = field_components (field); c < n; c++)
        write_le (out + c * field->width, field->width,
                  value->v[c] + (c == 0 && field->reference == TSR_DOOM2D_REF_MONSTER ? 1 : 0));
    }
  else
    {
      TsrFieldValue stored = *value;

      if (field->reference == TSR_DOOM2D_REF_MONSTER)
        stored.v[0] += 1;
      tsr_field_encode (field, &stored, record);
    }
}

static const guint8 int_width[] = { [INT_U8] = 1, [INT_S8] = 1, [INT_U16] = 2, [INT_S16] = 2, [INT_U32] = 4,
                                     [INT_S32] = 4, [INT_64] = 8 };

/* Moves the unbiased integers of up to 32 bits into the per-kind fast lists, unless two integers
 * share bytes (then the order they are written in matters and all stay in order). */
static void
plan_split_fast (TablePlan *plan)
{
  guint n_slow = 0, count[N_FAST] = { 0 };

  G_STATIC_ASSERT ((int) FAST_U8 == (int) INT_U8 && (int) FAST_S32 == (int) INT_S32);
  plan->fast = g_new (FastOp, MAX (plan->n_ints, 1));
  for (guint a = 0; a < plan->n_ints; a++)
    for (guint b = a + 1; b < plan->n_ints; b++)
      if (plan->ints[a].offset < plan->ints[b].offset + int_width[plan->ints[b].kind]
          && plan->ints[b].offset < plan->ints[a].offset + int_width[plan->ints[a].kind])
        return;
  for (guint pass = 0; pass < 2; pass++)
    {
      guint next[N_FAST];

      if (pass == 1)
        for (guint k = 0; k < N_FAST; k++)
          next[k] = plan->fast_start[k] = k == 0 ? 0 : plan->fast_start[k - 1] + count[k - 1];
      for (guint i = 0; i < plan->n_ints; i++)
        {
          const IntOp *op = &plan->ints[i];
          /* INT_U8 .. INT_S32 are FAST_U8 .. FAST_S32. */
          gboolean fast = op->bias == 0 && op->kind != INT_64;

          if (pass == 0)
            {
              if (fast)
                count[op->kind]++;
              continue;
            }
          if (fast)
            {
              gsize dst = op->field * sizeof (TsrFieldValue) + G_STRUCT_OFFSET (TsrFieldValue, v)
                          + op->component * sizeof (gint64);

              g_assert (dst <= G_MAXUINT16);
              plan->fast[next[op->kind]++] = (FastOp) { op->offset, (guint16) dst };
            }
          else
            plan->ints[n_slow++] = *op;
        }
    }
  plan->fast_start[N_FAST] = plan->fast_start[N_FAST - 1] + count[N_FAST - 1];
  plan->n_ints = n_slow;
}

static TablePlan *
table_plan_build (const TsrFieldTable *table,
                  gsize                base,
                  gsize                record_size)
{
  TablePlan *plan = g_new0 (TablePlan, 1);

  plan->table = table;
  plan->base = base;
  plan->record_size = record_size;
  plan->ops = g_new0 (FieldOp, table->n_fields);
  plan->ints = g_new0 (IntOp, 4 * (gsize) table->n_fields);
  plan->initial = g_new0 (TsrFieldValue, table->n_fields);
  plan->defaults = g_new0 (TsrFieldValue, table->n_fields);
  plan->default_texts = g_new0 (guint16, table->n_fields);
  plan->texts = g_new0 (guint16, table->n_fields);
  for (guint i = 0; i < table->n_fields; i++)
    {
      const TsrField *field = &table->fields[i];
      FieldOp op = { (guint16) (base + (gsize) MAX (field->offset, 0)), field->width, (guint8) field_components (field),
                     0, (guint16) i };

      memcpy (plan->defaults[i].v, field->default_value, sizeof plan->defaults[i].v);
      if (tsr_field_is_text (field))
        plan->texts[plan->n_texts++] = (guint16) i;
      if (field->offset < 0)
        {
          memcpy (plan->initial[i].v, field->default_value, sizeof plan->initial[i].v);
          if (tsr_field_is_text (field) && field->default_text != NULL && field->default_text[0] != '\0')
            plan->default_texts[plan->n_default_texts++] = (guint16) i;
          continue;
        }
      /* Out of the record: field_decode leaves such a value alone. */
      if (field->type == TSR_FIELD_BYTES || base + (gsize) field->offset + tsr_field_get_size (field) > record_size)
        continue;
      if (field_is_plain_le (field) && field->type != TSR_FIELD_STRING && field->type != TSR_FIELD_CHARS)
        {
          gboolean is_signed = (field->flags & TSR_FIELD_SIGNED) != 0;
          guint8 kind = field->width == 1 ? (is_signed ? INT_S8 : INT_U8)
                        : field->width == 2 ? (is_signed ? INT_S16 : INT_U16)
                        : field->width == 4 ? (is_signed ? INT_S32 : INT_U32) : INT_64;

          for (guint c = 0; c < op.components; c++)
            plan->ints[plan->n_ints++] = (IntOp) {
              (guint16) (op.offset + c * field->width), kind,
              (gint8) (c == 0 && field->reference == TSR_DOOM2D_REF_MONSTER ? -1 : 0), (guint16) i, (guint16) c };
          continue;
        }
      op.flags = field->type == TSR_FIELD_CHARS ? OP_CHARS : OP_GENERAL;
      plan->ops[plan->n_ops++] = op;
    }
  plan_split_fast (plan);
  return plan;
}

/* The plan of a record type's table, or of a trigger layout's (at the trigger data's offset). Plans
 * once made are found without a lock (a trigger asks for its layout's on every read and write):
 * the schema has a fixed, small set of tables, published in CACHED in order. */
#define MAX_PLANS 64

static const TablePlan *
table_plan (const TsrFieldTable *table)
{
  static struct {
    const TsrFieldTable *table;
    const TablePlan     *plan;
  } cached[MAX_PLANS];
  static guint n_cached;
  G_LOCK_DEFINE_STATIC (plans);
  const TablePlan *plan = NULL;
  guint n = g_atomic_int_get (&n_cached);

  for (guint i = 0; i < n; i++)
    if (cached[i].table == table)
      return cached[i].plan;

  G_LOCK (plans);
  n = g_atomic_int_get (&n_cached);
  for (guint i = 0; i < n && plan == NULL; i++)
    if (cached[i].table == table)
      plan = cached[i].plan;
  if (plan == NULL)
    {
      const TsrDoom2dRecordType *trigger = tsr_doom2d_record_type (TSR_DOOM2D_KIND_TRIGGER);
      gboolean is_record = FALSE;

      for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
        is_record |= &tsr_doom2d_record_type (k)->table == table;
      plan = is_record ? table_plan_build (table, 0, table->size)
                       : table_plan_build (table, TSR_DOOM2D_TRIGGER_DATA_OFFSET, trigger->table.size);
      g_assert (n < MAX_PLANS);
      cached[n].table = table;
      cached[n].plan = plan;
      g_atomic_int_set (&n_cached, n + 1);
    }
  G_UNLOCK (plans);
  return plan;
}

/* Bytes copied at once when filling values: below glibc's threshold for `rep movsb`, whose start
 * costs more than a vector loop for copies of this size. */
#define FILL_COPY_MAX 2048

/* The initial values of COUNT records, one after another from VALUES: the plan's template copied
 * once, then the copied part doubled up to FILL_COPY_MAX bytes a copy (a few copies, not one per
 * record). */
static void
plan_init_records (const TablePlan *plan,
                   TsrFieldValue   *values,
                   guint            count)
{
  guint n_fields = plan->table->n_fields;
  gsize record_bytes = n_fields * sizeof *values;
  guint most = MAX (FILL_COPY_MAX / MAX (record_bytes, 1), 1);

  if (count == 0)
    return;
  memcpy (values, plan->initial, record_bytes);
  for (guint done = 1; done < count;)
    {
      guint n = MIN (MIN (done, count - done), most);

      memcpy (values + (gsize) done * n_fields, values, n * record_bytes);
      done += n;
    }
  for (guint r = 0; r < count; r++)
    for (guint t = 0; t < plan->n_default_texts; t++)
      values[(gsize) r * n_fields + plan->default_texts[t]].text
        = g_strdup (plan->table->fields[plan->default_texts[t]].default_text);
}

/* Fields of COUNT records decoded from RAW (the whole records, RAW_STRIDE bytes apart) into VALUES
 * (the table's n_fields per record, one record after another), which hold the plan's initial values.
 * Each operation runs over every record in turn: one loop per operation, none per record. */
static void
plan_decode_records (const TablePlan *plan,
                     const guint8    *raw,
                     gsize            raw_stride,
                     TsrFieldValue   *values,
                     guint            count)
{
  const TsrFieldTable *table = plan->table;
  gsize value_stride = table->n_fields * sizeof *values;

  for (guint o = 0; o < plan->n_ops; o++)
    {
      const FieldOp *op = &plan->ops[o];

      for (guint r = 0; r < count; r++)
        {
          const guint8 *record = raw + r * raw_stride;
          TsrFieldValue *value = &values[(gsize) r * table->n_fields + op->field];

          if (op->flags & OP_CHARS)
            {
              const guint8 *at = record + op->offset;
              const guint8 *end = memchr (at, 0, op->width);

              value->text = tsr_doom2d_cp1251_to_utf8 (at, end ? (gsize) (end - at) : op->width);
            }
          else
            field_decode (&table->fields[op->field], record, plan->record_size, plan->base, value);
        }
    }
#define DECODE_FAST(KIND, TYPE, LOAD) \
  for (const FastOp *op = plan->fast + plan->fast_start[KIND], *end = plan->fast + plan->fast_start[KIND + 1]; \
       op < end; op++) \
    { \
      const guint8 *at = raw + op->src; \
      guint8 *to = (guint8 *) values + op->dst; \
      _Pragma ("GCC unroll 4") /* a block has many records: the loop's own cost is most of it */ \
      for (guint r = 0; r < count; r++, at += raw_stride, to += value_stride) \
        *(gint64 *) (gpointer) to = (gint64) (TYPE) (LOAD); \
    }
  DECODE_FAST (FAST_U8, guint8, at[0])
  DECODE_FAST (FAST_S8, gint8, at[0])
  DECODE_FAST (FAST_U16, guint16, at[0] | at[1] << 8)
  DECODE_FAST (FAST_S16, gint16, at[0] | at[1] << 8)
  DECODE_FAST (FAST_U32, guint32, load_u32_le (at))
  DECODE_FAST (FAST_S32, gint32, load_u32_le (at))
#undef DECODE_FAST
  for (guint o = 0; o < plan->n_ints; o++)
    {
      const IntOp *op = &plan->ints[o];

      for (guint r = 0; r < count; r++)
        {
          const guint8 *at = raw + r * raw_stride + op->offset;
          gint64 v;

          switch (op->kind)
            {
            case INT_U8: v = at[0]; break;
            case INT_S8: v = (gint8) at[0]; break;
            case INT_U16: v = (guint16) (at[0] | at[1] << 8); break;
            case INT_S16: v = (gint16) (guint16) (at[0] | at[1] << 8); break;
            case INT_U32: v = (gint64) read_le (at, 4, FALSE); break;
            case INT_S32: v = read_le (at, 4, TRUE); break;
            default: v = read_le (at, 8, FALSE); break;
            }
          values[(gsize) r * table->n_fields + op->field].v[op->component] = v + op->bias;
        }
    }
}

/* A string field OP of VALUE encoded over the kept bytes of RECORD (the whole record): rewritten
 * only when the stored bytes up to their NUL (or the end) do not encode it, so bytes after the NUL
 * stay. */
static void
chars_encode (const TablePlan     *plan,
              const FieldOp       *op,
              const TsrFieldValue *value,
              guint8              *record)
{
  guint8 *at = record + op->offset;
  const char *text = value->text ? value->text : "";
  const guint8 *nul = memchr (at, 0, op->width);
  gsize stored = nul != NULL ? (gsize) (nul - at) : op->width;
  gboolean same = strncmp (text, (const char *) at, stored) == 0 && text[stored] == '\0';

  /* Equal bytes mean an equal encoding when they are ASCII (nearly always): no encoding. */
  same = same && ascii_length (at, stored) == stored;
  if (!same)
    {
      guint8 encoded[256];
      gsize length = cp1251_encode_into (text, encoded, sizeof encoded);

      if (length != stored || length > sizeof encoded || (stored > 0 && memcmp (encoded, at, stored) != 0))
        field_encode (&plan->table->fields[op->field], value, record + plan->base);
    }
}

/* Fields of COUNT records (VALUES[r] the values of record r) encoded over the kept bytes in OUT
 * (the whole records, OUT_STRIDE bytes apart), each operation over every record in turn; the
 * operations keep their order within a record. CONTIGUOUS, when not NULL, is VALUES[0] and says
 * that each record's values follow the previous one's (records read together and not replaced). */
static void
plan_encode_records (const TablePlan            *plan,
                     const TsrFieldValue *const *values,
                     const TsrFieldValue        *contiguous,
                     guint                       count,
                     guint8                     *out,
                     gsize                       out_stride)
{
  gsize value_stride = plan->table->n_fields * sizeof (TsrFieldValue);

  for (guint o = 0; o < plan->n_ops; o++)
    {
      const FieldOp *op = &plan->ops[o];

      for (guint r = 0; r < count; r++)
        {
          if (op->flags & OP_CHARS)
            chars_encode (plan, op, &values[r][op->field], out + r * out_stride);
          else
            field_encode (&plan->table->fields[op->field], &values[r][op->field], out + r * out_stride + plan->base);
        }
    }
#define ENCODE_FAST(KIND, STORE) \
  for (const FastOp *op = plan->fast + plan->fast_start[KIND], *end = plan->fast + plan->fast_start[KIND + 1]; \
       op < end; op++) \
    { \
      guint8 *at = out + op->src; \
      if (contiguous != NULL) \
        { \
          const guint8 *from = (const guint8 *) contiguous + op->dst; \
          /* Counted, not to an end pointer: unrolled with one test per four. */ \
          _Pragma ("GCC unroll 4") \
          for (guint r = 0; r < count; r++, from += value_stride, at += out_stride) \
            { \
              guint64 v = (guint64) *(const gint64 *) (gconstpointer) from; \
              STORE; \
            } \
        } \
      else \
        for (guint r = 0; r < count; r++, at += out_stride) \
          { \
            guint64 v = (guint64) *(const gint64 *) (gconstpointer) ((const guint8 *) values[r] + op->dst); \
            STORE; \
          } \
    }
  ENCODE_FAST (FAST_U8, at[0] = (guint8) v)
  ENCODE_FAST (FAST_S8, at[0] = (guint8) v)
  ENCODE_FAST (FAST_U16, store_u16_le (at, (guint16) v))
  ENCODE_FAST (FAST_S16, store_u16_le (at, (guint16) v))
  ENCODE_FAST (FAST_U32, store_u32_le (at, (guint32) v))
  ENCODE_FAST (FAST_S32, store_u32_le (at, (guint32) v))
#undef ENCODE_FAST
  for (guint o = 0; o < plan->n_ints; o++)
    {
      const IntOp *op = &plan->ints[o];

      for (guint r = 0; r < count; r++)
        {
          guint8 *at = out + r * out_stride + op->offset;
          guint64 v = (guint64) (values[r][op->field].v[op->component] - op->bias);

          switch (op->kind)
            {
            case INT_U8: case INT_S8: at[0] = (guint8) v; break;
            case INT_U16: case INT_S16: at[0] = (guint8) v, at[1] = (guint8) (v >> 8); break;
            case INT_U32: case INT_S32: write_le (at, 4, (gint64) v); break;
            default: write_le (at, 8, (gint64) v); break;
            }
        }
    }
}

/* tsr_doom2d_trigger_layout by a table, made once: the reader asks for every trigger. */
static const TsrDoom2dTriggerLayout *
trigger_layout (guint64 trigger_type)
{
  static const TsrDoom2dTriggerLayout *by_type[256];
  static gsize made;

  if (trigger_type >= G_N_ELEMENTS (by_type))
    return tsr_doom2d_trigger_layout ((guint) trigger_type);
  if (g_once_init_enter (&made))
    {
      for (guint t = 0; t < G_N_ELEMENTS (by_type); t++)
        by_type[t] = tsr_doom2d_trigger_layout (t);
      g_once_init_leave (&made, 1);
    }
  return by_type[trigger_type];
}

/* A trigger's data decoded from its raw bytes into data values of its own, after its type. */
static void
trigger_decode_data (TsrDoom2dRecord *record)
{
  record->layout = trigger_layout ((guint64) record->values[TSR_DOOM2D_TRIGGER_TYPE].v[0]);
  if (record->layout != NULL)
    {
      const TablePlan *data_plan = table_plan (&record->layout->table);

      record->data_values = g_new (TsrFieldValue, record->layout->table.n_fields);
      plan_init_records (data_plan, record->data_values, 1);
      plan_decode_records (data_plan, record->raw, data_plan->record_size, record->data_values, 1);
    }
}

/* Records encoded per chunk: the values of a chunk's records are gathered on the stack. */
#define ENCODE_CHUNK 256

/* COUNT records of one kind (PLAN's) into OUT, one after another: each over its kept bytes (when
 * KEEP_RAW and it has them; those of records read together are copied at once) or zeros, then
 * every field written over them. */
static void
records_encode (const TablePlan        *plan,
                TsrDoom2dRecord *const *records,
                guint                   count,
                gboolean                keep_raw,
                guint8                 *out)
{
  gsize size = plan->table->size;
  guint n_fields = plan->table->n_fields;

  for (guint first = 0; first < count; first += ENCODE_CHUNK)
    {
      const TsrFieldValue *values[ENCODE_CHUNK];
      guint n = MIN (ENCODE_CHUNK, count - first);
      guint8 *chunk = out + first * size;
      /* Bitwise, not short-circuit: no branch per record. Records read together and not replaced
         have their values and kept bytes one after another: one copy of the bytes for all. */
      guint contiguous = 1, triggers = 0, raw_contiguous = keep_raw;
      /* Numbers, not pointers: they run past memory of a record's own, and raw may be NULL. */
      guintptr expected = (guintptr) records[first]->values, expected_raw = (guintptr) records[first]->raw;

      for (guint r = 0; r < n; r++, expected += n_fields * sizeof (TsrFieldValue), expected_raw += size)
        {
          const TsrDoom2dRecord *record = records[first + r];

          values[r] = record->values;
          contiguous &= (guintptr) record->values == expected;
          raw_contiguous &= (guintptr) record->raw == expected_raw;
          triggers |= record->layout != NULL;
        }
      if (raw_contiguous && records[first]->raw != NULL)
        memcpy (chunk, records[first]->raw, n * size);
      else
        for (guint r = 0; r < n; r++)
          {
            const guint8 *raw = keep_raw ? records[first + r]->raw : NULL;

            if (raw != NULL)
              memcpy (chunk + r * size, raw, size);
            else
              memset (chunk + r * size, 0, size);
          }
      plan_encode_records (plan, values, contiguous ? values[0] : NULL, n, chunk, size);
      for (guint r = 0; triggers && r < n; r++)
        if (records[first + r]->layout != NULL)
          {
            const TsrDoom2dRecord *record = records[first + r];

            plan_encode_records (table_plan (&record->layout->table),
                                 (const TsrFieldValue *const *) &record->data_values, record->data_values, 1,
                                 chunk + r * size, size);
          }
    }
}

/* The record's binary bytes: its kept bytes (or zeros) with every field written over them. */
guint8 *
tsr_doom2d_record_encode (const TsrDoom2dRecord *record,
                          gboolean               keep_raw)
{
  guint8 *buffer = g_malloc (tsr_doom2d_record_get_type (record)->table.size);

  tsr_doom2d_record_encode_into (record, keep_raw, buffer);
  return buffer;
}

void
tsr_doom2d_record_encode_into (const TsrDoom2dRecord *record,
                               gboolean               keep_raw,
                               guint8                *buffer)
{
  records_encode (record_plan (record->kind), (TsrDoom2dRecord *const *) &record, 1, keep_raw, buffer);
}

/* The map */

/* A map with no records; the header too is left out (NULL) when the caller sets it. */
static TsrDoom2dMap *
map_new (gboolean with_header)
{
  TsrDoom2dMap *map = g_new0 (TsrDoom2dMap, 1);

  if (with_header)
    map->header = tsr_doom2d_record_new (TSR_DOOM2D_KIND_HEADER);
  for (guint k = 1; k < TSR_DOOM2D_N_KINDS; k++)
    map->records[k] = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_doom2d_record_free);
  /* Room for every block a map can have (seven kinds and the end): appended without a resize. */
  map->blocks = g_array_sized_new (FALSE, TRUE, sizeof (TsrDoom2dBlock), 8);
  return map;
}

TsrDoom2dMap *
tsr_doom2d_map_new (void)
{
  return map_new (TRUE);
}

void
tsr_doom2d_map_free (TsrDoom2dMap *map)
{
  if (map == NULL)
    return;
  tsr_doom2d_record_free (map->header);
  for (guint k = 1; k < TSR_DOOM2D_N_KINDS; k++)
    {
      /* The records freed here rather than by the array's free function (the arrays are the
         map's alone): no call for the common case, and a storage's references dropped at once
         for a run of its records, not with an atomic operation each. */
      gsize n = 0;
      TsrDoom2dRecord **records = (TsrDoom2dRecord **) g_ptr_array_steal (map->records[k], &n);
      RecordStorage *pending = NULL;
      gint n_pending = 0;

      for (gsize i = 0; i < n; i++)
        {
          if (records[i] == NULL || !record_is_plain_stored (records[i]))
            {
              tsr_doom2d_record_free (records[i]);
              continue;
            }
          if (records[i]->storage != pending)
            {
              storage_release (pending, n_pending);
              pending = records[i]->storage, n_pending = 0;
            }
          n_pending++;
        }
      storage_release (pending, n_pending);
      g_free (records);
      g_ptr_array_unref (map->records[k]);
    }
  g_array_unref (map->blocks);
  g_clear_pointer (&map->trailing, g_bytes_unref);
  g_free (map);
}

guint
tsr_doom2d_map_count (const TsrDoom2dMap *map,
                      TsrDoom2dKind       kind)
{
  if (kind == TSR_DOOM2D_KIND_HEADER)
    return 1;
  return map->records[kind]->len;
}

TsrDoom2dRecord *
tsr_doom2d_map_get (const TsrDoom2dMap *map,
                    TsrDoom2dKind       kind,
                    guint               index)
{
  if (kind == TSR_DOOM2D_KIND_HEADER)
    return map->header;
  g_return_val_if_fail (index < map->records[kind]->len, NULL);
  return g_ptr_array_index (map->records[kind], index);
}

/* Binary lump */

gboolean
tsr_doom2d_map_sniff_binary (const guint8 *data,
                             gsize         size)
{
  return size >= 4 && memcmp (data, "MAP", 3) == 0 && data[3] == 1;
}

TsrDoom2dMap *
tsr_doom2d_map_read_binary (const guint8 *data,
                            gsize         size,
                            GError      **error)
{
  TsrReader reader;
  guint8 magic[4];
  gboolean seen[8] = { FALSE };
  TsrDoom2dMap *map = NULL;

  tsr_reader_init (&reader, data, size, "map");
  if (!tsr_reader_read_bytes (&reader, 4, magic, error))
    return NULL;
  if (memcmp (magic, "MAP", 3) != 0)
    {
      tsr_set_error_at (error, TSR_ERROR_BAD_MAGIC, 0, _("map: 'MAP' signature expected"));
      return NULL;
    }
  if (magic[3] != 1)
    {
      tsr_set_error_at (error, TSR_ERROR_UNSUPPORTED_VERSION, 3,
                        _("map: version %u, only version 1 exists"), magic[3]);
      return NULL;
    }

  /* The header block is required: the map gets its header from there. */
  map = map_new (FALSE);
  for (;;)
    {
      TsrDoom2dBlock block;
      guint32 block_size;
      gsize block_offset = tsr_reader_file_offset (&reader);
      const TsrDoom2dRecordType *type;
      TsrReader sub;

      if (!tsr_reader_read_u8 (&reader, &block.type, error)
          || !tsr_reader_read_u32_le (&reader, &block.reserved, error)
          || !tsr_reader_read_u32_le (&reader, &block_size, error))
        goto fail;
      block.keep_empty = block_size == 0;
      g_array_append_val (map->blocks, block);
      if (block.type == 0)
        {
          map->end_size = block_size;
          if (!tsr_reader_at_end (&reader))
            map->trailing = tsr_reader_read_gbytes (&reader, tsr_reader_remaining (&reader), NULL);
          break;
        }
      type = tsr_doom2d_record_type_by_block (block.type);
      if (type == NULL)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, block_offset,
                            _("map: block type %u unknown (1 to 7 or 0 expected)"), block.type);
          goto fail;
        }
      if (seen[block.type])
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, block_offset,
                            _("map: second %s block (type %u)"), type->table.name, block.type);
          goto fail;
        }
      seen[block.type] = TRUE;
      if (block_size % type->table.size != 0
          || (type->kind == TSR_DOOM2D_KIND_HEADER && block_size != type->table.size))
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, block_offset,
                            _("map: %s block of %u bytes, a multiple of %zu expected"),
                            type->table.name, block_size, type->table.size);
          goto fail;
        }
      if (!tsr_reader_sub (&reader, tsr_reader_tell (&reader), block_size, type->table.name, &sub, error)
          || !tsr_reader_skip (&reader, block_size, error))
        goto fail;
      if (block_size > 0)
        {
          /* One allocation for the block's records, their values and raw bytes. */
          guint32 count = block_size / type->table.size;
          gsize records_size = STORAGE_ALIGN (count * sizeof (TsrDoom2dRecord));
          gsize values_size = (gsize) count * type->table.n_fields * sizeof (TsrFieldValue);
          RecordStorage *storage = g_malloc (STORAGE_ALIGN (sizeof (RecordStorage)) + records_size + values_size
                                             + block_size);
          TsrDoom2dRecord *record = (TsrDoom2dRecord *) ((guint8 *) storage + STORAGE_ALIGN (sizeof (RecordStorage)));
          TsrFieldValue *values = (TsrFieldValue *) ((guint8 *) record + records_size);
          guint8 *raw = (guint8 *) (values + (gsize) count * type->table.n_fields);
          const guint8 *bytes;
          GPtrArray *records = type->kind == TSR_DOOM2D_KIND_HEADER ? NULL : map->records[type->kind];

          /* Every record holds a reference. */
          storage->refs = (gint) count;
          storage->size = (gsize) (raw + block_size - (guint8 *) storage);
          if (!tsr_reader_read_view (&sub, block_size, &bytes, error))
            {
              g_free (storage);
              goto fail;
            }
          guint first = records != NULL ? records->len : 0;
          const TablePlan *plan = record_plan (type->kind);

          if (records != NULL)
            g_ptr_array_set_size (records, first + count); /* room for them, at once */
          memcpy (raw, bytes, block_size);
          /* The block's values at once, then the records pointing at them. */
          plan_init_records (plan, values, count);
          plan_decode_records (plan, raw, type->table.size, values, count);
          {
            /* Locals: the stores to the records could otherwise be the type's fields for all the
               compiler knows, and it would load them again each time. */
            TsrDoom2dKind kind = type->kind;
            guint n_fields = type->table.n_fields;
            gsize record_size = type->table.size;

            for (guint32 i = 0; i < count; i++)
              record[i] = (TsrDoom2dRecord) { .kind = kind, .values = values + (gsize) i * n_fields,
                                              .raw = raw + i * record_size, .storage = storage };
          }
          if (type->kind == TSR_DOOM2D_KIND_TRIGGER)
            for (guint32 i = 0; i < count; i++)
              trigger_decode_data (&record[i]);
          if (records == NULL)
            {
              tsr_doom2d_record_free (map->header);
              map->header = record;
            }
          else
            for (guint32 i = 0; i < count; i++)
              records->pdata[first + i] = &record[i];
        }
    }

  if (!seen[7])
    {
      tsr_set_error_at (error, TSR_ERROR_INVALID, 4, _("map: no header block (type 7)"));
      goto fail;
    }
  return map;

fail:
  tsr_doom2d_map_free (map);
  return NULL;
}

/* Block order of maps made in memory or read from text: the order the editor writes. */
static const guint8 default_block_order[] = { 7, 1, 2, 3, 5, 4, 6 };

/* Bytes of BLOCK when written: its header and its records. */
static gsize
block_size (const TsrDoom2dMap   *map,
            const TsrDoom2dBlock *block)
{
  const TsrDoom2dRecordType *type = tsr_doom2d_record_type_by_block (block->type);

  return 9 + (gsize) tsr_doom2d_map_count (map, type->kind) * type->table.size;
}

static guint8 *
put_block_header (guint8  *at,
                  guint8   type,
                  guint32  reserved,
                  guint32  size)
{
  at[0] = type;
  write_le (at + 1, 4, reserved);
  write_le (at + 5, 4, size);
  return at + 9;
}

/* BLOCK at AT, each record encoded in place over its kept bytes; returns the end. */
static guint8 *
put_block (guint8               *at,
           const TsrDoom2dMap   *map,
           const TsrDoom2dBlock *block)
{
  const TsrDoom2dRecordType *type = tsr_doom2d_record_type_by_block (block->type);
  guint count = tsr_doom2d_map_count (map, type->kind);

  at = put_block_header (at, block->type, block->reserved, (guint32) (count * type->table.size));
  records_encode (record_plan (type->kind),
                  type->kind == TSR_DOOM2D_KIND_HEADER
                  ? (TsrDoom2dRecord *const *) &map->header
                  : (TsrDoom2dRecord *const *) map->records[type->kind]->pdata, count, TRUE, at);
  at += count * type->table.size;
  return at;
}

/* Blocks in the order they were read, then those for kinds that gained records. A block emptied
 * by edits goes, as the editor drops it; one empty in the file stays. Measures (OUT NULL) or
 * writes; returns the size. */
static gsize
put_blocks (const TsrDoom2dMap *map,
            guint8             *out)
{
  gboolean written[8] = { FALSE };
  guint32 end_reserved = 0;
  gsize size = 4, trailing = map->trailing != NULL ? g_bytes_get_size (map->trailing) : 0;
  guint8 *at = out;

  if (out != NULL)
    memcpy (at, "MAP\1", 4), at += 4;
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < (pass == 0 ? map->blocks->len : G_N_ELEMENTS (default_block_order)); i++)
      {
        TsrDoom2dBlock fresh = { pass == 0 ? 0 : default_block_order[i], 0, FALSE };
        const TsrDoom2dBlock *block = pass == 0 ? &g_array_index (map->blocks, TsrDoom2dBlock, i) : &fresh;
        guint count;

        if (block->type == 0)
          {
            end_reserved = block->reserved;
            continue;
          }
        count = tsr_doom2d_map_count (map, tsr_doom2d_record_type_by_block (block->type)->kind);
        if (pass == 1 && (written[block->type] || count == 0))
          continue;
        written[block->type] = TRUE;
        if (!block->keep_empty && count == 0)
          continue;
        size += block_size (map, block);
        if (out != NULL)
          at = put_block (at, map, block);
      }
  if (out != NULL)
    {
      at = put_block_header (at, 0, end_reserved, map->end_size);
      if (trailing > 0)
        memcpy (at, g_bytes_get_data (map->trailing, NULL), trailing);
    }
  return size + 9 + trailing;
}

GBytes *
tsr_doom2d_map_write_binary (const TsrDoom2dMap *map)
{
  /* Measured first, then written into one buffer of that size. */
  gsize size = put_blocks (map, NULL);
  guint8 *out = g_malloc (size);

  put_blocks (map, out);
  return g_bytes_new_take (out, size);
}

/* Whether MAP's layout is the one a map read from text gets (tsr_doom2d_map_layout_to_string
 * would find its tokens those of the plain layout): the blocks with records in the default order,
 * none reserved or kept empty, nothing at the end. Asked first, without formatting a token. */
static gboolean
layout_is_plain (const TsrDoom2dMap *map)
{
  guint next = 0;

  if (map->end_size != 0 || (map->trailing != NULL && g_bytes_get_size (map->trailing) > 0))
    return FALSE;
  for (guint i = 0; i < map->blocks->len; i++)
    {
      const TsrDoom2dBlock *block = &g_array_index (map->blocks, TsrDoom2dBlock, i);
      guint count;

      if (block->type == 0)
        {
          if (block->reserved != 0)
            return FALSE;
          continue;
        }
      count = tsr_doom2d_map_count (map, tsr_doom2d_record_type_by_block (block->type)->kind);
      if (count == 0 && !block->keep_empty)
        continue;
      if (count == 0 || block->reserved != 0)
        return FALSE;
      /* The next type with records in the default order must be this one. */
      while (next < G_N_ELEMENTS (default_block_order)
             && tsr_doom2d_map_count (map, tsr_doom2d_record_type_by_block (default_block_order[next])->kind) == 0)
        next++;
      if (next == G_N_ELEMENTS (default_block_order) || default_block_order[next] != block->type)
        return FALSE;
      next++;
    }
  /* Types the blocks do not list follow in the default order: plain when they are the rest. */
  return TRUE;
}

char *
tsr_doom2d_map_layout_to_string (const TsrDoom2dMap *map)
{
  GString *layout, *plain;
  gboolean listed[8] = { FALSE };
  guint32 end_reserved = 0;

  if (layout_is_plain (map))
    return NULL;
  layout = g_string_new (NULL);
  plain = g_string_new (NULL);

  for (guint i = 0; i < map->blocks->len; i++)
    {
      const TsrDoom2dBlock *block = &g_array_index (map->blocks, TsrDoom2dBlock, i);
      guint count;

      if (block->type == 0)
        {
          end_reserved = block->reserved;
          continue;
        }
      listed[block->type] = TRUE;
      count = tsr_doom2d_map_count (map, tsr_doom2d_record_type_by_block (block->type)->kind);
      if (count == 0 && !block->keep_empty)
        continue;
      g_string_append_printf (layout, "%u", block->type);
      if (block->reserved != 0)
        g_string_append_printf (layout, ":%x", block->reserved);
      g_string_append (layout, count == 0 ? "! " : " ");
    }
  for (guint i = 0; i < G_N_ELEMENTS (default_block_order); i++)
    {
      guint8 type = default_block_order[i];
      if (tsr_doom2d_map_count (map, tsr_doom2d_record_type_by_block (type)->kind) == 0)
        continue;
      if (!listed[type])
        g_string_append_printf (layout, "%u ", type);
      g_string_append_printf (plain, "%u ", type);
    }
  g_string_append (layout, "0");
  g_string_append (plain, "0");
  if (end_reserved != 0)
    g_string_append_printf (layout, ":%x", end_reserved);
  if (map->end_size != 0)
    g_string_append_printf (layout, " size=%u", map->end_size);
  if (map->trailing != NULL && g_bytes_get_size (map->trailing) > 0)
    {
      gsize size = 0;
      const guint8 *tail = g_bytes_get_data (map->trailing, &size);
      g_string_append (layout, " tail=");
      for (gsize i = 0; i < size; i++)
        g_string_append_printf (layout, "%02x", tail[i]);
    }
  if (strcmp (layout->str, plain->str) == 0)
    {
      g_string_free (layout, TRUE);
      g_string_free (plain, TRUE);
      return NULL;
    }
  g_string_free (plain, TRUE);
  return g_string_free (layout, FALSE);
}

gboolean
tsr_doom2d_map_layout_from_string (TsrDoom2dMap *map,
                                   const char   *tokens)
{
  g_auto(GStrv) parts = g_strsplit (tokens, " ", -1);
  g_autoptr(GArray) blocks = g_array_new (FALSE, TRUE, sizeof (TsrDoom2dBlock));
  gboolean seen[8] = { FALSE };
  gboolean ended = FALSE;
  guint64 number;
  g_autoptr(GBytes) trailing = NULL;
  guint32 end_size = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *part = parts[i];
      TsrDoom2dBlock block = { 0 };
      char *colon;
      gsize length = strlen (part);

      if (length == 0)
        continue;
      if (ended && g_str_has_prefix (part, "size="))
        {
          if (!g_ascii_string_to_unsigned (part + 5, 10, 0, G_MAXUINT32, &number, NULL))
            return FALSE;
          end_size = (guint32) number;
          continue;
        }
      if (ended && g_str_has_prefix (part, "tail="))
        {
          gsize hex = strlen (part + 5);
          guint8 *bytes = g_malloc (hex / 2 + 1);

          for (gsize b = 0; b < hex / 2; b++)
            {
              if (!g_ascii_isxdigit (part[5 + 2 * b]) || !g_ascii_isxdigit (part[6 + 2 * b]))
                {
                  g_free (bytes);
                  return FALSE;
                }
              bytes[b] = (guint8) (g_ascii_xdigit_value (part[5 + 2 * b]) * 16
                                   + g_ascii_xdigit_value (part[6 + 2 * b]));
            }
          if (hex % 2 != 0)
            {
              g_free (bytes);
              return FALSE;
            }
          g_clear_pointer (&trailing, g_bytes_unref);
          trailing = g_bytes_new_take (bytes, hex / 2);
          continue;
        }
      if (ended)
        return FALSE;
      if (part[length - 1] == '!')
        {
          block.keep_empty = TRUE;
          part[length - 1] = '\0';
        }
      colon = strchr (part, ':');
      if (colon != NULL)
        {
          *colon = '\0';
          if (!g_ascii_string_to_unsigned (colon + 1, 16, 0, G_MAXUINT32, &number, NULL))
            return FALSE;
          block.reserved = (guint32) number;
        }
      if (!g_ascii_string_to_unsigned (part, 10, 0, 7, &number, NULL) || seen[number])
        return FALSE;
      block.type = (guint8) number;
      seen[number] = TRUE;
      ended = block.type == 0;
      g_array_append_val (blocks, block);
    }
  if (!ended)
    return FALSE;
  g_array_set_size (map->blocks, 0);
  g_array_append_vals (map->blocks, blocks->data, blocks->len);
  map->end_size = end_size;
  g_clear_pointer (&map->trailing, g_bytes_unref);
  map->trailing = g_steal_pointer (&trailing);
  return TRUE;
}

static void
record_losses (const TsrDoom2dRecord *record,
               guint                  index,
               GPtrArray             *lost)
{
  const TsrDoom2dRecordType *type = tsr_doom2d_record_get_type (record);
  g_autofree char *where = record->kind == TSR_DOOM2D_KIND_HEADER
                           ? g_strdup ("map") : g_strdup_printf ("%s %u", type->table.name, index);

  for (guint f = 0; f < type->table.n_fields; f++)
    if (type->table.fields[f].offset < 0 && !tsr_field_value_is_default (&type->table.fields[f], &record->values[f]))
      g_ptr_array_add (lost, g_strdup_printf ("%s: %s", where, type->table.fields[f].name));
  if (record->layout != NULL)
    for (guint f = 0; f < record->layout->table.n_fields; f++)
      if (record->layout->table.fields[f].offset < 0
          && !tsr_field_value_is_default (&record->layout->table.fields[f], &record->data_values[f]))
        g_ptr_array_add (lost, g_strdup_printf ("%s: triggerdata %s", where,
                                                record->layout->table.fields[f].name));
}

void
tsr_doom2d_map_binary_losses (const TsrDoom2dMap *map,
                              GPtrArray          *lost)
{
  record_losses (map->header, 0, lost);
  for (guint k = 1; k < TSR_DOOM2D_N_KINDS; k++)
    for (guint i = 0; i < map->records[k]->len; i++)
      record_losses (g_ptr_array_index (map->records[k], i), i, lost);
}

/* Panel rules */

gboolean
tsr_doom2d_panel_type_has_texture (gint64 type)
{
  return !(type & (TSR_DOOM2D_PANEL_LIFTUP | TSR_DOOM2D_PANEL_LIFTDOWN | TSR_DOOM2D_PANEL_LIFTLEFT
                   | TSR_DOOM2D_PANEL_LIFTRIGHT | TSR_DOOM2D_PANEL_BLOCKMON));
}

gboolean
tsr_doom2d_panel_shows_texture (const TsrDoom2dRecord *panel)
{
  gint64 type = panel->values[TSR_DOOM2D_PANEL_TYPE].v[0];
  gint64 flags = panel->values[TSR_DOOM2D_PANEL_FLAGS].v[0];

  if (!tsr_doom2d_panel_type_has_texture (type) || (flags & TSR_DOOM2D_PANEL_FLAG_HIDE))
    return FALSE;
  return !(type & (TSR_DOOM2D_PANEL_WATER | TSR_DOOM2D_PANEL_ACID1 | TSR_DOOM2D_PANEL_ACID2))
         || (flags & TSR_DOOM2D_PANEL_FLAG_WATERTEXTURES);
}

gint64
tsr_doom2d_panel_shown_texture (const TsrDoom2dRecord *panel)
{
  return tsr_doom2d_panel_shows_texture (panel) ? panel->values[TSR_DOOM2D_PANEL_TEXTURE].v[0] : -1;
}

gboolean
tsr_doom2d_trigger_area_fields (const TsrDoom2dRecord *trigger,
                                int                   *position,
                                int                   *size)
{
  const TsrFieldTable *table;

  if (trigger->kind != TSR_DOOM2D_KIND_TRIGGER || trigger->layout == NULL)
    return FALSE;
  table = &trigger->layout->table;
  *position = tsr_field_table_find (table, "position");
  *size = tsr_field_table_find (table, "size");
  return *position >= 0 && *size >= 0 && table->fields[*position].type == TSR_FIELD_POINT
         && table->fields[*size].type == TSR_FIELD_SIZE;
}

/* Edits */

guint
tsr_doom2d_map_add (TsrDoom2dMap    *map,
                    TsrDoom2dRecord *record)
{
  g_return_val_if_fail (record->kind != TSR_DOOM2D_KIND_HEADER, 0);
  g_ptr_array_add (map->records[record->kind], record);
  return map->records[record->kind]->len - 1;
}

static TsrDoom2dKind
reference_kind (TsrDoom2dReference reference)
{
  switch (reference)
    {
    case TSR_DOOM2D_REF_TEXTURE: return TSR_DOOM2D_KIND_TEXTURE;
    case TSR_DOOM2D_REF_PANEL:   return TSR_DOOM2D_KIND_PANEL;
    case TSR_DOOM2D_REF_MONSTER: return TSR_DOOM2D_KIND_MONSTER;
    case TSR_DOOM2D_REF_TRIGGER: return TSR_DOOM2D_KIND_TRIGGER;
    case TSR_DOOM2D_REF_NONE:
    default:                     return TSR_DOOM2D_KIND_HEADER;
    }
}

static void
fix_references (const TsrField *fields,
                guint                 n_fields,
                TsrFieldValue       *values,
                TsrDoom2dKind         kind,
                gint64                removed)
{
  for (guint f = 0; f < n_fields; f++)
    {
      if (fields[f].reference == TSR_DOOM2D_REF_NONE || reference_kind (fields[f].reference) != kind)
        continue;
      if (values[f].v[0] == removed)
        values[f].v[0] = -1;
      else if (values[f].v[0] > removed)
        values[f].v[0]--;
    }
}

void
tsr_doom2d_map_remove (TsrDoom2dMap *map,
                       TsrDoom2dKind kind,
                       guint         index)
{
  g_return_if_fail (kind != TSR_DOOM2D_KIND_HEADER);
  g_return_if_fail (index < map->records[kind]->len);

  g_ptr_array_remove_index (map->records[kind], index);
  for (guint k = 1; k < TSR_DOOM2D_N_KINDS; k++)
    for (guint i = 0; i < map->records[k]->len; i++)
      {
        TsrDoom2dRecord *record = g_ptr_array_index (map->records[k], i);
        const TsrDoom2dRecordType *type = tsr_doom2d_record_get_type (record);

        fix_references (type->table.fields, type->table.n_fields, record->values, kind, index);
        if (record->layout != NULL)
          fix_references (record->layout->table.fields, record->layout->table.n_fields, record->data_values,
                          kind, index);
      }
}

/* Validation */

typedef struct {
  gint64 x, y, w, h;
} Box;

static Box
record_box (const TsrDoom2dRecord *record)
{
  /* Items, monsters and areas have no size in the file; 16 x 16 is the smallest sprite cell. */
  Box box = { record->values[0].v[0], record->values[0].v[1], 16, 16 };

  if (record->kind == TSR_DOOM2D_KIND_PANEL || record->kind == TSR_DOOM2D_KIND_TRIGGER)
    {
      box.w = record->values[1].v[0];
      box.h = record->values[1].v[1];
    }
  return box;
}

static gboolean
box_inside (const Box *inner,
            const Box *outer)
{
  return inner->x >= outer->x && inner->y >= outer->y
         && inner->x + inner->w <= outer->x + outer->w
         && inner->y + inner->h <= outer->y + outer->h;
}

static void
validate_references (const TsrDoom2dMap    *map,
                     const TsrFindingPlace *place,
                     const char           *where,
                     const TsrField *fields,
                     guint                 n_fields,
                     const TsrFieldValue *values,
                     gboolean              texture_filler,
                     GPtrArray            *findings)
{
  for (guint f = 0; f < n_fields; f++)
    {
      TsrDoom2dKind kind;
      gint64 v = values[f].v[0];

      /* A panel that shows no texture keeps its number as filler: the game never reads it. */
      if (fields[f].reference == TSR_DOOM2D_REF_NONE
          || (texture_filler && fields[f].reference == TSR_DOOM2D_REF_TEXTURE))
        continue;
      kind = reference_kind (fields[f].reference);
      if ((v < 0 && fields[f].reference != TSR_DOOM2D_REF_TEXTURE && v == -1)
          || (v >= 0 && v < tsr_doom2d_map_count (map, kind)))
        continue;
      /* g_map.pas g_Map_Load refuses a map whose panel names no texture ("invalid texture index
       * for panel"); every other reference goes through g_Map_PanelByGUID and friends, which
       * give nil past the end, and the triggers (g_triggers.pas tr_OpenDoor, tr_SetLift, …) do
       * nothing then. */
      tsr_findings_add_at (findings,
                           fields[f].reference == TSR_DOOM2D_REF_TEXTURE ? TSR_SEVERITY_ERROR : TSR_SEVERITY_WARNING,
                           place, where, _("%s refers to %s %" PRId64 ", the map has %u"), fields[f].name,
                           tsr_doom2d_record_type (kind)->table.name, v, tsr_doom2d_map_count (map, kind));
    }
}

static gboolean
is_door_trigger (guint type)
{
  return type >= TSR_DOOM2D_TRIGGER_OPENDOOR && type <= TSR_DOOM2D_TRIGGER_TRAP;
}

static gboolean
is_lift_trigger (guint type)
{
  return type >= TSR_DOOM2D_TRIGGER_LIFTUP && type <= TSR_DOOM2D_TRIGGER_LIFT;
}

void
tsr_doom2d_map_validate (const TsrDoom2dMap *map,
                         GPtrArray          *findings)
{
  const TsrFieldValue *size = &map->header->values[TSR_DOOM2D_HEADER_SIZE];
  Box bounds = { 0, 0, size->v[0], size->v[1] };
  gboolean spawn = FALSE;
  GPtrArray *panels = map->records[TSR_DOOM2D_KIND_PANEL];

  /* No engine fact makes this fatal (g_map.pas builds its grid from the panels' extent), so a
   * warning: the map's edges are where objects fall out of it. */
  if (bounds.w == 0 || bounds.h == 0)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, "map", _("map size is %" PRId64 " x %" PRId64), bounds.w, bounds.h);

  for (guint k = 1; k < TSR_DOOM2D_N_KINDS; k++)
    for (guint i = 0; i < map->records[k]->len; i++)
      {
        const TsrDoom2dRecord *record = g_ptr_array_index (map->records[k], i);
        const TsrDoom2dRecordType *type = tsr_doom2d_record_get_type (record);
        g_autofree char *where = g_strdup_printf ("%s %u", type->table.name, i);
        /* Textures have no place on the map; every other record is at its box's corner. */
        Box box = record_box (record);
        TsrFindingPlace place = k == TSR_DOOM2D_KIND_TEXTURE
                                ? tsr_finding_place_element (-1, type->table.name, (gint) i)
                                : tsr_finding_place_at (-1, type->table.name, (gint) i, TSR_FINDING_POINT_PIXELS,
                                                        (double) box.x, (double) box.y);

        validate_references (map, &place, where, type->table.fields, type->table.n_fields, record->values,
                             k == TSR_DOOM2D_KIND_PANEL && !tsr_doom2d_panel_shows_texture (record), findings);
        if (record->layout != NULL)
          validate_references (map, &place, where, record->layout->table.fields, record->layout->table.n_fields,
                               record->data_values, FALSE, findings);
        for (guint f = 0; f < type->table.n_fields; f++)
          if (type->table.fields[f].type == TSR_FIELD_CHARS)
            {
              g_autoptr(GByteArray) bytes = tsr_doom2d_utf8_to_cp1251 (record->values[f].text);
              if (bytes->len > type->table.fields[f].width)
                tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                                  _("%s is %u bytes long, the file keeps %u"), type->table.fields[f].name,
                                  bytes->len, type->table.fields[f].width);
            }
        if (k == TSR_DOOM2D_KIND_TEXTURE)
          continue;

        if (!box_inside (&box, &bounds))
          tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                            _("at (%" PRId64 ", %" PRId64 ") size %" PRId64
                            " x %" PRId64 " reaches outside the map"), box.x, box.y, box.w, box.h);

        if (k == TSR_DOOM2D_KIND_AREA)
          {
            gint64 area = record->values[TSR_DOOM2D_THING_TYPE].v[0];
            /* g_game.pas counts the team points too (mapdef.inc AREA_REDTEAMPOINT 7,
             * AREA_BLUETEAMPOINT 8). */
            if (area == TSR_DOOM2D_AREA_PLAYERPOINT1 || area == TSR_DOOM2D_AREA_PLAYERPOINT2
                || area == TSR_DOOM2D_AREA_DMPOINT || area == 7 || area == 8)
              spawn = TRUE;
          }
        if (k == TSR_DOOM2D_KIND_MONSTER || k == TSR_DOOM2D_KIND_AREA)
          for (guint p = 0; p < panels->len; p++)
            {
              const TsrDoom2dRecord *panel = g_ptr_array_index (panels, p);
              Box panel_box = record_box (panel);

              if ((panel->values[TSR_DOOM2D_PANEL_TYPE].v[0] & TSR_DOOM2D_PANEL_WALL)
                  && box_inside (&box, &panel_box))
                {
                  tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                                    _("stuck inside wall panel %u"), p);
                  break;
                }
            }
        if (k == TSR_DOOM2D_KIND_TRIGGER && record->layout != NULL)
          {
            guint trigger_type = (guint) record->values[TSR_DOOM2D_TRIGGER_TYPE].v[0];
            int f = tsr_field_find (record->layout->table.fields, record->layout->table.n_fields, "panelid");
            gint64 target = f >= 0 ? record->data_values[f].v[0] : -1;
            gint64 wanted;

            if (!is_door_trigger (trigger_type) && !is_lift_trigger (trigger_type))
              continue;
            wanted = is_door_trigger (trigger_type)
                     ? TSR_DOOM2D_PANEL_OPENDOOR | TSR_DOOM2D_PANEL_CLOSEDOOR
                     : TSR_DOOM2D_PANEL_LIFTUP | TSR_DOOM2D_PANEL_LIFTDOWN
                       | TSR_DOOM2D_PANEL_LIFTLEFT | TSR_DOOM2D_PANEL_LIFTRIGHT;
            if (target == -1)
              tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where, "%s",
                                is_door_trigger (trigger_type) ? _("door trigger points at no panel")
                                : _("lift trigger points at no panel"));
            else if (target >= 0 && target < panels->len)
              {
                const TsrDoom2dRecord *panel = g_ptr_array_index (panels, target);
                /* g_triggers.pas tr_OpenDoor / tr_SetLift leave at once unless the panel is a
                 * wall or door (isGWall) or a lift (isGLift): nothing happens. */
                if (!(panel->values[TSR_DOOM2D_PANEL_TYPE].v[0] & wanted))
                  tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                                    is_door_trigger (trigger_type)
                                    ? _("door trigger points at panel %" PRId64 ", which is no door panel")
                                    : _("lift trigger points at panel %" PRId64 ", which is no lift panel"),
                                    target);
              }
          }
      }

  /* g_game.pas: a game on a map without any spawn point stops with g_FatalError
   * (I_GAME_ERROR_GET_SPAWN). */
  if (!spawn)
    tsr_findings_add (findings, TSR_SEVERITY_ERROR, "map",
                      _("no player spawn (area PLAYERPOINT1, PLAYERPOINT2 or DMPOINT)"));
}
