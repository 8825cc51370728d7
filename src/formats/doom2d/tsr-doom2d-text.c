/* tsr-doom2d-text.c: the text map syntax, `map { name "..."; panel panel0 { ... } ... }`, read and
 * written by walking the schema tables. Records whose binary bytes hold more than their fields say
 * (bytes after a string's NUL, unused trigger data) carry them in a `// tessera-raw: HEX` comment,
 * which other readers skip as a comment, so binary -> text -> binary gives back the same bytes.
 *
 * Both directions work from a plan per field table (the header, each record type, each trigger
 * data layout), compiled once: per field its "  name " prefix, its name's length, what kind of
 * value it writes and reads, its range and its constants' names by value and with their lengths.
 * The reader matches words in place over the input bytes (no copies, no allocation per token),
 * and reads the lines the writer writes without tokens at all (the fast path, below parse_value);
 * the writer appends into one buffer through a cursor, with room checked once per field. */
#include <errno.h>
#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "formats/doom2d/tsr-doom2d-map.h"
#include "formats/doom2d/tsr-doom2d-private.h"

#define RAW_COMMENT "// tessera-raw:"
#define LAYOUT_COMMENT "// tessera-blocks:"

/* Plans */

typedef enum {
  OP_STRING, /* CHARS, STRING */
  OP_TUPLE,  /* POINT, SIZE (2 components), COLOR (4) */
  OP_BYTES,  /* a trigger's data: a block of its layout's fields */
  OP_REF,    /* an index of a record of ref_kind */
  OP_BOOL,
  OP_INT,    /* enums and plain integers: a constant's name or the number */
  OP_OTHER,  /* the rest (bitsets, byte pairs): through tsr_field_value_append */
} OpKind;

/* Values up to this have their constant's name looked up in a table. */
#define NAMES_BY_VALUE 64

typedef struct {
  const char *name;
  guint       length;
} Word;

/* Names the plans hold are copies followed by PAD zero bytes: compared and copied in words. */
#define PAD 32

static const char *
padded_copy (const char *text,
             gsize       length)
{
  char *copy = g_malloc0 (length + PAD + 1);

  memcpy (copy, text, length);
  return copy;
}

typedef struct {
  const TsrField *field;
  const char     *name;           /* padded */
  OpKind          op;
  TsrFieldType    type;           /* the field's, and what the writer asks of it, at hand */
  gboolean        write_default;
  gint64          default_value[4];
  const char     *default_text;   /* never NULL */
  TsrDoom2dKind   ref_kind;
  guint           n_components;
  guint           name_length;
  char           *prefix;         /* indent, name, ' ' */
  guint           prefix_length;
  gint64          low, high;      /* what the reader accepts */
  guint           room;           /* bytes the writer may write for a non-text value, prefix included */
  Word           *constants;      /* the enumeration's constants' names, in its order */
  Word            by_value[NAMES_BY_VALUE]; /* tsr_field_enum_name of 0..NAMES_BY_VALUE-1 */
  guint8         *constant_slots; /* CONSTANT_SLOTS: 1 + a constant's index by name_hash, 0 empty */
} FieldPlan;

/* Whether the LENGTH bytes at NAME make one identifier token. */
static gboolean
is_identifier (const char *name,
               gsize       length)
{
  if (length == 0 || !(g_ascii_isalpha (name[0]) || name[0] == '_'))
    return FALSE;
  for (gsize i = 1; i < length; i++)
    if (!(g_ascii_isalnum (name[i]) || name[i] == '_'))
      return FALSE;
  return TRUE;
}

/* The first N bytes of two little-endian words, for N up to 16. */
#define M(n) ((n) >= 8 ? G_MAXUINT64 : (n) <= 0 ? 0 : (G_GUINT64_CONSTANT (1) << (8 * (n))) - 1)
#define MASKS(n) { M (n), M ((n) - 8) }
static const guint64 byte_masks[17][2] = {
  MASKS (0), MASKS (1), MASKS (2), MASKS (3), MASKS (4), MASKS (5), MASKS (6), MASKS (7), MASKS (8),
  MASKS (9), MASKS (10), MASKS (11), MASKS (12), MASKS (13), MASKS (14), MASKS (15), MASKS (16),
};
#undef MASKS
#undef M

static inline guint64
load_le64 (const char *bytes)
{
  guint64 word;

  memcpy (&word, bytes, sizeof word);
  return GUINT64_FROM_LE (word);
}

/* Whether the N bytes at INPUT (AVAILABLE of them readable) are those of PADDED (a padded name,
 * or any string with 16 readable bytes): two masked words when they fit, else memcmp. */
static inline gboolean
same_bytes (const char *input,
            gsize       available,
            const char *padded,
            gsize       n)
{
  if (n <= 16 && available >= 16)
    return (((load_le64 (input) ^ load_le64 (padded)) & byte_masks[n][0])
            | ((load_le64 (input + 8) ^ load_le64 (padded + 8)) & byte_masks[n][1])) == 0;
  return memcmp (input, padded, n) == 0;
}

/* Constants found by name through a table of this many slots, indexed by name_hash. */
#define CONSTANT_SLOTS 256

/* A hash of the LENGTH bytes at START (8 of them readable): its first and its last eight. */
static inline guint
name_hash (const char *start,
           gsize       length)
{
  guint64 first = load_le64 (start) & byte_masks[MIN (length, 8)][0];
  guint64 last = length > 8 ? load_le64 (start + length - 8) : 0;

  return (guint) ((((last * G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f)) ^ first ^ length)
                   * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> 56);
}

/* The index of FP's constant named by the LENGTH bytes at START (8 of them readable), or -1. */
static inline int
constant_find (const FieldPlan *fp,
               const char      *start,
               gsize            length,
               gsize            available)
{
  for (guint h = name_hash (start, length);; h = (h + 1) % CONSTANT_SLOTS)
    {
      guint slot = fp->constant_slots[h];

      if (slot == 0)
        return -1;
      if (fp->constants[slot - 1].length == length
          && same_bytes (start, available, fp->constants[slot - 1].name, length))
        return (int) slot - 1;
    }
}

typedef struct {
  const TsrFieldTable *table;
  FieldPlan           *fields;
  guint                n_fields;
  char                *indent;
  guint                indent_length;
  /* The fields from QUIET_FROM on are numbers written only when not their default (a panel's
   * alpha to its end_size_trigger): when their values are DEFAULTS' bytes, the writer skips them
   * in one comparison. n_fields when the last field is no such number. */
  guint                quiet_from;
  TsrFieldValue       *defaults;
  char                *closing;       /* the block's last line, "  }" (padded) */
  guint                closing_length;
} TextPlan;

typedef struct {
  TextPlan  kinds[TSR_DOOM2D_N_KINDS];
  Word      kind_names[TSR_DOOM2D_N_KINDS];
  Word      record_heads[TSR_DOOM2D_N_KINDS]; /* "\n  panel panel": a record's line up to its number */
  const TsrDoom2dTriggerLayout *layouts[256];
  TextPlan *layout_plans[256];
  guint     n_layouts;
} Plans;

static Plans plans;

static TsrDoom2dKind
reference_kind (guint reference)
{
  return reference == TSR_DOOM2D_REF_TEXTURE ? TSR_DOOM2D_KIND_TEXTURE
         : reference == TSR_DOOM2D_REF_PANEL ? TSR_DOOM2D_KIND_PANEL
         : reference == TSR_DOOM2D_REF_MONSTER ? TSR_DOOM2D_KIND_MONSTER
         : TSR_DOOM2D_KIND_TRIGGER;
}

static void
plan_compile (TextPlan            *plan,
              const TsrFieldTable *table,
              guint                indent)
{
  plan->table = table;
  plan->n_fields = table->n_fields;
  plan->fields = g_new0 (FieldPlan, table->n_fields);
  {
    g_autofree char *spaces = g_strnfill (indent, ' ');

    plan->indent = (char *) padded_copy (spaces, indent);
  }
  plan->indent_length = indent;
  for (guint f = 0; f < table->n_fields; f++)
    {
      const TsrField *field = &table->fields[f];
      FieldPlan *fp = &plan->fields[f];
      guint longest = 0;

      fp->field = field;
      fp->type = field->type;
      fp->write_default = (field->flags & TSR_FIELD_WRITE_DEFAULT) != 0;
      memcpy (fp->default_value, field->default_value, sizeof fp->default_value);
      fp->default_text = field->default_text != NULL ? field->default_text : "";
      fp->name_length = (guint) strlen (field->name);
      fp->name = padded_copy (field->name, fp->name_length);
      {
        g_autofree char *prefix = g_strconcat (plan->indent, field->name, " ", NULL);

        fp->prefix = (char *) padded_copy (prefix, strlen (prefix));
      }
      fp->prefix_length = indent + fp->name_length + 1;
      fp->n_components = field->type == TSR_FIELD_COLOR ? 4 : 2;
      switch (field->type)
        {
        case TSR_FIELD_CHARS:
        case TSR_FIELD_STRING:
          fp->op = OP_STRING;
          break;
        case TSR_FIELD_POINT:
        case TSR_FIELD_SIZE:
        case TSR_FIELD_COLOR:
          fp->op = OP_TUPLE;
          break;
        case TSR_FIELD_BYTES:
          fp->op = OP_BYTES;
          break;
        default:
          if (field->reference != TSR_DOOM2D_REF_NONE)
            fp->op = OP_REF;
          else if (field->type == TSR_FIELD_BOOL)
            fp->op = OP_BOOL;
          else if (field->type == TSR_FIELD_INT && !(field->flags & TSR_FIELD_BYTE_PAIR))
            fp->op = OP_INT;
          else
            fp->op = OP_OTHER;
          break;
        }
      fp->ref_kind = reference_kind (field->reference);
      if (fp->op != OP_STRING && fp->op != OP_BYTES)
        tsr_field_get_range (field, &fp->low, &fp->high);
      if (field->reference == TSR_DOOM2D_REF_MONSTER)
        fp->low = -1, fp->high = (gint64) G_MAXINT32 - 1;
      if (field->reference == TSR_DOOM2D_REF_TEXTURE)
        fp->low = -1; /* a removed texture; written as 0xffff */
      if (field->enumeration != NULL)
        {
          fp->constants = g_new (Word, field->enumeration->n_constants);
          for (guint c = 0; c < field->enumeration->n_constants; c++)
            {
              const char *name = field->enumeration->constants[c].name;

              fp->constants[c] = (Word) { padded_copy (name, strlen (name)), (guint) strlen (name) };
              longest = MAX (longest, fp->constants[c].length);
            }
          /* The first of a name wins, as in a search in order. */
          g_assert (field->enumeration->n_constants < CONSTANT_SLOTS / 2);
          fp->constant_slots = g_new0 (guint8, CONSTANT_SLOTS);
          for (guint c = 0; c < field->enumeration->n_constants; c++)
            if (is_identifier (fp->constants[c].name, fp->constants[c].length)
                && constant_find (fp, fp->constants[c].name, fp->constants[c].length, PAD) < 0)
              {
                guint h = name_hash (fp->constants[c].name, fp->constants[c].length);

                while (fp->constant_slots[h] != 0)
                  h = (h + 1) % CONSTANT_SLOTS;
                fp->constant_slots[h] = (guint8) (c + 1);
              }
          for (guint v = 0; v < NAMES_BY_VALUE; v++)
            {
              const char *name = tsr_field_enum_name (field->enumeration, v);

              fp->by_value[v] = (Word) { name != NULL ? padded_copy (name, strlen (name)) : NULL,
                                         name != NULL ? (guint) strlen (name) : 0 };
            }
        }
      /* Four numbers of 20 characters, parentheses, spaces and ";\n"; a constant's name; a
       * record kind's name before an index. */
      fp->room = fp->prefix_length + 4 * 21 + 8 + longest + 16 + 2 * PAD;
    }
  {
    g_autofree char *closing = g_strdup_printf ("%*s}", (int) indent - 2, "");

    plan->closing = (char *) padded_copy (closing, indent - 1);
    plan->closing_length = indent - 1;
  }
  plan->defaults = g_new0 (TsrFieldValue, MAX (table->n_fields, 1));
  for (guint f = 0; f < table->n_fields; f++)
    memcpy (plan->defaults[f].v, table->fields[f].default_value, sizeof plan->defaults[f].v);
  plan->quiet_from = table->n_fields;
  while (plan->quiet_from > 0)
    {
      const FieldPlan *fp = &plan->fields[plan->quiet_from - 1];

      if (fp->write_default || fp->op == OP_STRING || fp->op == OP_BYTES)
        break;
      plan->quiet_from--;
    }
}

static const Plans *
plans_get (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
        {
          const TsrDoom2dRecordType *type = tsr_doom2d_record_type (k);

          plan_compile (&plans.kinds[k], &type->table, k == TSR_DOOM2D_KIND_HEADER ? 2 : 4);
          plans.kind_names[k] = (Word) { padded_copy (type->table.name, strlen (type->table.name)),
                                         (guint) strlen (type->table.name) };
          {
            g_autofree char *head = g_strdup_printf ("\n  %s %s", type->table.name, type->table.name);

            plans.record_heads[k] = (Word) { padded_copy (head, strlen (head)), (guint) strlen (head) };
          }
        }
      for (guint t = 0; t < 256; t++)
        {
          const TsrDoom2dTriggerLayout *layout = tsr_doom2d_trigger_layout (t);
          guint l;

          if (layout == NULL)
            continue;
          for (l = 0; l < plans.n_layouts && plans.layouts[l] != layout; l++)
            ;
          if (l == plans.n_layouts)
            {
              plans.layouts[l] = layout;
              plans.layout_plans[l] = g_new0 (TextPlan, 1);
              plan_compile (plans.layout_plans[l], &layout->table, 6);
              plans.n_layouts++;
            }
        }
      g_once_init_leave (&done, 1);
    }
  return &plans;
}

/* The plan of a trigger data LAYOUT (every layout's trigger types are bytes: all are compiled). */
static const TextPlan *
layout_plan (const Plans                  *all,
             const TsrDoom2dTriggerLayout *layout)
{
  for (guint l = 0; l < all->n_layouts; l++)
    if (all->layouts[l] == layout)
      return all->layout_plans[l];
  g_assert_not_reached ();
  return NULL;
}

/* Writer: a cursor into a GString's room, grown only when a field's bound does not fit. */

typedef struct {
  GString *out;
  char    *p;
  char    *end; /* the last byte of room (kept for the NUL) */
} Out;

static void
out_sync (Out *o)
{
  o->out->len = (gsize) (o->p - o->out->str);
  o->out->str[o->out->len] = '\0';
}

static void
out_resume (Out *o)
{
  o->p = o->out->str + o->out->len;
  o->end = o->out->str + o->out->allocated_len - 1;
}

static G_GNUC_NO_INLINE void
out_grow (Out  *o,
          gsize room)
{
  gsize len = (gsize) (o->p - o->out->str);

  g_string_set_size (o->out, len + room + o->out->allocated_len);
  o->out->len = len;
  out_resume (o);
}

static inline void
out_reserve (Out  *o,
             gsize room)
{
  if (G_UNLIKELY ((gsize) (o->end - o->p) < room))
    out_grow (o, room);
}

static inline void
put (Out        *o,
     const char *text,
     gsize       length)
{
  memcpy (o->p, text, length);
  o->p += length;
}

#define PUT_LITERAL(o, s) put ((o), (s), sizeof (s) - 1)

/* A padded name: one copy of a constant size (the room reserved covers it). */
static inline void
put_padded (Out        *o,
            const char *text,
            gsize       length)
{
  if (G_LIKELY (length <= PAD))
    memcpy (o->p, text, PAD);
  else
    memcpy (o->p, text, length);
  o->p += length;
}

static const char digit_pairs[] =
  "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
  "8081828384858687888990919293949596979899";

static inline void
put_int (Out   *o,
         gint64 value)
{
  /* 0..9999, most of a map's numbers: written in place, two digits at a time. */
  if (G_LIKELY ((guint64) value < 10000))
    {
      guint high = (guint) value / 100, low = (guint) value % 100;

      if (high == 0)
        {
          if (low < 10)
            *o->p++ = (char) ('0' + low);
          else
            {
              memcpy (o->p, digit_pairs + 2 * low, 2);
              o->p += 2;
            }
          return;
        }
      if (high < 10)
        *o->p++ = (char) ('0' + high);
      else
        {
          memcpy (o->p, digit_pairs + 2 * high, 2);
          o->p += 2;
        }
      memcpy (o->p, digit_pairs + 2 * low, 2);
      o->p += 2;
      return;
    }
  /* The digits end at the buffer's middle: a copy of 24 bytes from the first stays inside it. */
  char buffer[48];
  char *p = buffer + 24;
  guint64 magnitude = value < 0 ? (guint64) 0 - (guint64) value : (guint64) value;

  while (magnitude >= 100)
    {
      guint pair = (guint) (magnitude % 100) * 2;

      magnitude /= 100;
      p -= 2;
      p[0] = digit_pairs[pair];
      p[1] = digit_pairs[pair + 1];
    }
  if (magnitude >= 10)
    {
      p -= 2;
      p[0] = digit_pairs[magnitude * 2];
      p[1] = digit_pairs[magnitude * 2 + 1];
    }
  else
    *--p = (char) ('0' + magnitude);
  if (value < 0)
    *--p = '-';
  memcpy (o->p, p, 24);
  o->p += buffer + 24 - p;
}

/* Bytes a string writes escaped: a quote and backslash, a newline, control characters. */
static inline gboolean
needs_escape (guchar c)
{
  return c == '"' || c == '\\' || c < 0x20 || c == 0x7f;
}

static void
put_string (Out        *o,
            const char *text)
{
  static const char hex[] = "0123456789abcdef";
  gsize length = strlen (text);
  const char *p = text, *end = text + length;

  out_reserve (o, 4 * length + 4);
  *o->p++ = '"';
  while (p < end)
    {
      const char *run = p;
      guchar c;

      while (p < end && !needs_escape ((guchar) *p))
        p++;
      put (o, run, (gsize) (p - run));
      if (p == end)
        break;
      c = (guchar) *p++;
      *o->p++ = '\\';
      if (c == '"' || c == '\\')
        *o->p++ = (char) c;
      else if (c == '\n')
        *o->p++ = 'n';
      else
        {
          *o->p++ = 'x';
          *o->p++ = hex[c >> 4];
          *o->p++ = hex[c & 15];
        }
    }
  *o->p++ = '"';
}

static inline void
put_word (Out        *o,
          const Word *word)
{
  put_padded (o, word->name, word->length);
}

static void
put_integer (Out                *o,
             const Plans        *all,
             const TsrDoom2dMap *map,
             const FieldPlan    *fp,
             gint64              value)
{
  switch (fp->op)
    {
    case OP_REF:
      if (value == -1 && fp->field->reference != TSR_DOOM2D_REF_TEXTURE)
        PUT_LITERAL (o, "null");
      else
        {
          if (value >= 0 && value < tsr_doom2d_map_count (map, fp->ref_kind))
            put_word (o, &all->kind_names[fp->ref_kind]);
          put_int (o, value);
        }
      return;
    case OP_BOOL:
      if (value == 0 || value == 1)
        {
          if (value)
            PUT_LITERAL (o, "true");
          else
            PUT_LITERAL (o, "false");
          return;
        }
      break;
    case OP_INT:
      if (fp->field->enumeration == NULL)
        {
          put_int (o, value);
          return;
        }
      if (value >= 0 && value < NAMES_BY_VALUE)
        {
          if (fp->by_value[value].name != NULL)
            {
              put_word (o, &fp->by_value[value]);
              return;
            }
        }
      else
        {
          const char *name = tsr_field_enum_name (fp->field->enumeration, value);

          if (name != NULL)
            {
              put (o, name, strlen (name));
              return;
            }
        }
      break;
    default:
      break;
    }
  {
    TsrFieldValue shown = { { value }, NULL };

    out_sync (o);
    tsr_field_value_append (o->out, fp->field, &shown);
    out_resume (o);
  }
}

/* tsr_field_value_is_default without its calls and copy: asked for every field the writer writes. */
static inline gboolean
value_is_default (const FieldPlan     *field,
                  const TsrFieldValue *value)
{
  switch (field->type)
    {
    case TSR_FIELD_CHARS:
    case TSR_FIELD_STRING:
      return strcmp (value->text != NULL ? value->text : "", field->default_text) == 0;
    case TSR_FIELD_COLOR:
      return value->v[0] == field->default_value[0] && value->v[1] == field->default_value[1]
             && value->v[2] == field->default_value[2] && value->v[3] == field->default_value[3];
    case TSR_FIELD_POINT:
    case TSR_FIELD_SIZE:
      return value->v[0] == field->default_value[0] && value->v[1] == field->default_value[1];
    case TSR_FIELD_BYTES:
      return TRUE;
    default:
      return value->v[0] == field->default_value[0];
    }
}

static void
put_fields (Out                   *o,
            const Plans           *all,
            const TsrDoom2dMap    *map,
            const TsrDoom2dRecord *record,
            const TextPlan        *plan,
            const TsrFieldValue   *values)
{
  for (guint f = 0; f < plan->n_fields; f++)
    {
      const FieldPlan *fp = &plan->fields[f];
      const TsrFieldValue *value = &values[f];

      if (f == plan->quiet_from
          && memcmp (value, &plan->defaults[f], (plan->n_fields - f) * sizeof *value) == 0)
        break;
      if (fp->op == OP_BYTES)
        {
          if (record->layout == NULL || record->layout->table.n_fields == 0)
            continue;
          out_reserve (o, fp->prefix_length + PAD + 4);
          put_padded (o, fp->prefix, fp->prefix_length);
          PUT_LITERAL (o, "{\n");
          put_fields (o, all, map, record, layout_plan (all, record->layout), record->data_values);
          out_reserve (o, plan->indent_length + 4);
          put (o, plan->indent, plan->indent_length);
          PUT_LITERAL (o, "}\n");
          continue;
        }
      if (!fp->write_default && value_is_default (fp, value))
        continue;
      out_reserve (o, fp->room);
      put_padded (o, fp->prefix, fp->prefix_length);
      switch (fp->op)
        {
        case OP_STRING:
          put_string (o, value->text != NULL ? value->text : "");
          out_reserve (o, 4);
          break;
        case OP_TUPLE:
          *o->p++ = '(';
          for (guint c = 0; c < fp->n_components; c++)
            {
              if (c > 0)
                *o->p++ = ' ';
              put_int (o, value->v[c]);
            }
          *o->p++ = ')';
          break;
        default:
          put_integer (o, all, map, fp, value->v[0]);
          out_reserve (o, 4);
          break;
        }
      PUT_LITERAL (o, ";\n");
    }
}

/* The raw comment, when the record's bytes hold more than its fields. */
static void
put_raw (Out                   *o,
         const TsrDoom2dRecord *record,
         const TextPlan        *plan)
{
  static const char hex[] = "0123456789abcdef";
  gsize size = tsr_doom2d_record_get_type (record)->table.size;
  guint8 kept[512], plain[512];

  if (record->raw == NULL)
    return;
  g_assert (size <= sizeof kept);
  tsr_doom2d_record_encode_into (record, TRUE, kept);
  tsr_doom2d_record_encode_into (record, FALSE, plain);
  if (memcmp (kept, plain, size) == 0)
    return;
  out_reserve (o, plan->indent_length + sizeof RAW_COMMENT + 2 * size + 4);
  put (o, plan->indent, plan->indent_length);
  PUT_LITERAL (o, RAW_COMMENT " ");
  for (gsize i = 0; i < size; i++)
    {
      *o->p++ = hex[kept[i] >> 4];
      *o->p++ = hex[kept[i] & 15];
    }
  *o->p++ = '\n';
}

/* The writer's buffer, kept by each thread between calls: a buffer of room for the whole text
 * taken fresh per call was a new mapping, faulted in page by page, each time; the text is copied
 * out at its exact size. One of more than 16 MiB is not kept. */
static void
scratch_free (gpointer data)
{
  g_string_free (data, TRUE);
}

static GPrivate scratch_key = G_PRIVATE_INIT (scratch_free);

GBytes *
tsr_doom2d_map_write_text (const TsrDoom2dMap *map)
{
  static const TsrDoom2dKind order[] = {
    TSR_DOOM2D_KIND_TEXTURE, TSR_DOOM2D_KIND_PANEL, TSR_DOOM2D_KIND_ITEM,
    TSR_DOOM2D_KIND_MONSTER, TSR_DOOM2D_KIND_AREA, TSR_DOOM2D_KIND_TRIGGER,
  };
  const Plans *all = plans_get ();
  g_autofree char *layout = tsr_doom2d_map_layout_to_string (map);
  gsize records = 0;
  Out o;

  /* Room for what the writer makes of a record (a panel is about 130 bytes): no growth. */
  for (guint k = 1; k < TSR_DOOM2D_N_KINDS; k++)
    records += tsr_doom2d_map_count (map, k);
  o.out = g_private_get (&scratch_key);
  if (o.out == NULL)
    {
      o.out = g_string_sized_new (4096 + 192 * records);
      g_private_set (&scratch_key, o.out);
    }
  else if (o.out->allocated_len < 4096 + 192 * records)
    g_string_set_size (o.out, 4096 + 192 * records);
  g_string_truncate (o.out, 0);
  out_resume (&o);

  PUT_LITERAL (&o, "map {\n");
  if (layout != NULL)
    {
      gsize length = strlen (layout);

      out_reserve (&o, length + sizeof LAYOUT_COMMENT + 8);
      PUT_LITERAL (&o, "  " LAYOUT_COMMENT " ");
      put (&o, layout, length);
      *o.p++ = '\n';
    }
  put_fields (&o, all, map, map->header, &all->kinds[TSR_DOOM2D_KIND_HEADER], map->header->values);
  put_raw (&o, map->header, &all->kinds[TSR_DOOM2D_KIND_HEADER]);
  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    {
      const TextPlan *plan = &all->kinds[order[k]];
      const Word *name = &all->kind_names[order[k]];
      guint count = tsr_doom2d_map_count (map, order[k]);

      for (guint i = 0; i < count; i++)
        {
          const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, order[k], i);

          out_reserve (&o, 2 * name->length + 3 * PAD + 16);
          PUT_LITERAL (&o, "\n  ");
          put_word (&o, name);
          *o.p++ = ' ';
          put_word (&o, name);
          put_int (&o, i);
          PUT_LITERAL (&o, " {\n");
          put_fields (&o, all, map, record, plan, record->values);
          if (record->raw != NULL)
            put_raw (&o, record, plan);
          out_reserve (&o, 8);
          PUT_LITERAL (&o, "  }\n");
        }
    }
  out_reserve (&o, 4);
  PUT_LITERAL (&o, "}\n");
  out_sync (&o);
  {
    /* With the NUL that ends the GString after the text, as g_string_free_to_bytes left it:
     * callers may read the text as a string. */
    GBytes *text = g_bytes_new_take (g_memdup2 (o.out->str, o.out->len + 1), o.out->len);

    if (o.out->allocated_len > 16 * 1024 * 1024)
      g_private_replace (&scratch_key, NULL);
    return text;
  }
}

/* Reader */

typedef enum {
  TOKEN_END,
  TOKEN_IDENT,  /* start, length */
  TOKEN_NUMBER, /* number */
  TOKEN_STRING, /* text, owned */
  TOKEN_PUNCT,  /* punct */
  TOKEN_RAW,    /* the tessera-raw comment; text holds the hex digits */
  TOKEN_LAYOUT, /* the tessera-blocks comment; text holds the tokens */
} TokenType;

/* A record's name or a reference's, as bytes of the input. */
typedef struct {
  const char *start; /* NULL: a record without a name */
  gsize       length;
} Span;

/* References by name, resolved once every record is known. */
typedef struct {
  TsrFieldValue *value;
  TsrDoom2dKind  kind;
  Span           name;
  gsize          offset;
} PendingReference;

/* Growing arrays appended to inline (g_array_append_val is a call each). */
typedef struct {
  Span  *items;
  guint  len, allocated;
} SpanList;

typedef struct {
  TsrDoom2dRecord **items;
  guint             len, allocated;
} RecordList;

typedef struct {
  PendingReference *items;
  guint             len, allocated;
} PendingList;

#define LIST_APPEND(list, item)                                                              \
  G_STMT_START {                                                                             \
    if (G_UNLIKELY ((list)->len == (list)->allocated))                                       \
      {                                                                                      \
        (list)->allocated = MAX (2 * (list)->allocated, 64u);                                \
        (list)->items = g_realloc_n ((list)->items, (list)->allocated, sizeof *(list)->items); \
      }                                                                                      \
    (list)->items[(list)->len++] = (item);                                                   \
  } G_STMT_END

typedef struct {
  const char   *data;
  gsize         size;
  gsize         pos;
  /* Runs of spaces or identifier bytes starting below GUARD end below it: the byte at GUARD - 1
   * (the last that is neither, usually the closing '}') stops them, so no bound is checked
   * there. 0 when no byte is neither. */
  gsize         guard;
  /* The current token: identifiers are where they are in DATA. */
  TokenType     type;
  const char   *start;
  gsize         length;
  gint64        number;
  char          punct;
  char         *text;   /* strings and comments */
  gsize         offset; /* the line is counted from it only for messages */
  GError      **error;
  gboolean      failed;
  const Plans  *plans;
  TsrDoom2dMap *map;
  PendingList   pending;
  SpanList      names[TSR_DOOM2D_N_KINDS];     /* per record, in order */
  RecordList    records[TSR_DOOM2D_N_KINDS];   /* the map's, given to it at the end in one step */
  gboolean      canonical[TSR_DOOM2D_N_KINDS]; /* every name so far is the kind's and its index */
  TsrDoom2dRecordBatch batches[TSR_DOOM2D_N_KINDS]; /* the records' memory, per kind */
} Parser;

/* The 1-based line of OFFSET in DATA, for messages (the tokenizer keeps no line count). */
static guint
line_at (const char *data,
         gsize       offset)
{
  guint line = 1;

  /* An empty input may come as NULL: no pointer arithmetic on it (UBSan, fuzz-doom2d-text). */
  if (data == NULL || offset == 0)
    return line;
  for (const char *p = data, *end = data + offset; (p = memchr (p, '\n', (gsize) (end - p))) != NULL; p++)
    line++;
  return line;
}

/* Character classes of the tokenizer, one table look-up per byte. */
enum {
  CHAR_SPACE = 1 << 0,
  CHAR_IDENT = 1 << 1, /* letters, '_' and digits: inside identifiers and numbers */
  CHAR_START = 1 << 2, /* letters and '_': what starts an identifier */
  CHAR_DIGIT = 1 << 3,
  CHAR_PUNCT = 1 << 4,
};

static guint8 char_class[256];

static void
char_class_init (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      for (guint c = 0; c < 256; c++)
        char_class[c] = (guint8) ((g_ascii_isspace (c) ? CHAR_SPACE : 0)
                                  | (g_ascii_isalnum (c) || c == '_' ? CHAR_IDENT : 0)
                                  | (g_ascii_isalpha (c) || c == '_' ? CHAR_START : 0)
                                  | (g_ascii_isdigit (c) ? CHAR_DIGIT : 0)
                                  | (c != 0 && strchr ("{}();|,", (int) c) != NULL ? CHAR_PUNCT : 0));
      g_once_init_leave (&done, 1);
    }
}

#define CLASS(c) char_class[(guchar) (c)]

static gboolean
parser_fail (Parser     *parser,
             TsrError    code,
             const char *what)
{
  if (!parser->failed)
    tsr_set_error_at (parser->error, code, parser->offset, _("text map: line %u: %s"),
                      line_at (parser->data, parser->offset), what);
  parser->failed = TRUE;
  return FALSE;
}

static inline gboolean
is_word (const Parser *parser,
         const char   *word,
         gsize         length)
{
  return parser->type == TOKEN_IDENT && parser->length == length && memcmp (parser->start, word, length) == 0;
}

/* The identifier token is the padded NAME of LENGTH bytes. */
static inline gboolean
token_is (const Parser *parser,
          const char   *name,
          gsize         length)
{
  return parser->length == length
         && same_bytes (parser->start, (gsize) (parser->data + parser->size - parser->start), name, length);
}

#define IS_WORD(parser, literal) is_word ((parser), (literal), sizeof (literal) - 1)

/* The identifier token as a string of its own (messages, look-ups that ignore case). */
static char *
token_dup (const Parser *parser)
{
  return g_strndup (parser->start, parser->length);
}

/* The comment from START up to the end of the line after its PREFIX, stripped. */
static char *
comment_text (const char *start,
              gsize       length,
              gsize       prefix)
{
  return g_strstrip (g_strndup (start + prefix, length - prefix));
}

/* A quoted string from the quote at parser->pos: one pass finds its end, one decodes it into an
 * allocation of that size (escapes only shrink it). */
static G_GNUC_NO_INLINE gboolean
scan_string (Parser *parser)
{
  const char *d = parser->data;
  char quote = d[parser->pos];
  gsize start = parser->pos + 1, pos = start, size = parser->size;
  gboolean escaped = FALSE;
  char *text, *t;

  while (pos < size && d[pos] != quote)
    {
      if (d[pos] == '\\' && pos + 1 < size)
        {
          escaped = TRUE;
          pos++;
        }
      pos++;
    }
  if (pos >= size)
    {
      parser->pos = size;
      return parser_fail (parser, TSR_ERROR_TRUNCATED, _("string not closed"));
    }
  parser->pos = pos + 1;
  if (!escaped)
    {
      if (!g_utf8_validate (d + start, (gssize) (pos - start), NULL))
        return parser_fail (parser, TSR_ERROR_INVALID, _("string is not UTF-8 text"));
      parser->text = g_strndup (d + start, pos - start);
      parser->type = TOKEN_STRING;
      return TRUE;
    }
  text = t = g_malloc (pos - start + 1);
  for (gsize i = start; i < pos;)
    {
      char c = d[i++];

      if (c == '\\' && i < pos)
        {
          char e = d[i++];

          if (e == 'n')
            c = '\n';
          else if (e == 't')
            c = '\t';
          else if (e == 'x' && i + 1 < size && g_ascii_isxdigit (d[i]) && g_ascii_isxdigit (d[i + 1]))
            {
              c = (char) (g_ascii_xdigit_value (d[i]) * 16 + g_ascii_xdigit_value (d[i + 1]));
              i += 2;
            }
          else
            c = e;
        }
      *t++ = c;
    }
  *t = '\0';
  if (!g_utf8_validate (text, t - text, NULL))
    {
      g_free (text);
      return parser_fail (parser, TSR_ERROR_INVALID, _("string is not UTF-8 text"));
    }
  parser->text = text;
  parser->type = TOKEN_STRING;
  return TRUE;
}

/* Hexadecimal, octal and long numbers from START through strtoll on a copy. */
static G_GNUC_NO_INLINE gboolean
scan_number_slow (Parser *parser,
                  gsize   start)
{
  const char *d = parser->data;
  gsize pos = start + 1, size = parser->size;
  char digits[72];
  char *end = NULL;

  while (pos < size && (CLASS (d[pos]) & CHAR_IDENT) && d[pos] != '_')
    pos++;
  parser->pos = pos;
  /* No number is this long; the limit only keeps the copy on the stack. */
  if (pos - start >= sizeof digits)
    return parser_fail (parser, TSR_ERROR_INVALID, _("number expected"));
  memcpy (digits, d + start, pos - start);
  digits[pos - start] = '\0';
  errno = 0;
  parser->number = g_ascii_strtoll (digits, &end, 0);
  if (errno != 0 || end == NULL || *end != '\0')
    return parser_fail (parser, TSR_ERROR_INVALID, _("number expected"));
  parser->type = TOKEN_NUMBER;
  return TRUE;
}

/* Comments from the '/' at POS: skipped, or the tessera comments as tokens. FALSE on an error;
 * *TOKEN tells whether a token was made. */
static G_GNUC_NO_INLINE gboolean
scan_comment (Parser   *parser,
              gsize    *at,
              gboolean *token)
{
  const char *d = parser->data;
  gsize pos = *at, size = parser->size;

  *token = FALSE;
  parser->offset = pos;
  if (d[pos + 1] == '/')
    {
      const char *start = d + pos, *newline = memchr (start, '\n', size - pos);
      gsize length = newline != NULL ? (gsize) (newline - start) : size - pos;

      *at = pos + length;
      if (length > strlen (LAYOUT_COMMENT) && memcmp (start, LAYOUT_COMMENT, strlen (LAYOUT_COMMENT)) == 0)
        {
          parser->type = TOKEN_LAYOUT;
          parser->text = comment_text (start, length, strlen (LAYOUT_COMMENT));
          *token = TRUE;
        }
      else if (length > strlen (RAW_COMMENT) && memcmp (start, RAW_COMMENT, strlen (RAW_COMMENT)) == 0)
        {
          parser->type = TOKEN_RAW;
          parser->text = comment_text (start, length, strlen (RAW_COMMENT));
          *token = TRUE;
        }
      return TRUE;
    }
  pos += 2;
  while (pos + 1 < size && !(d[pos] == '*' && d[pos + 1] == '/'))
    pos++;
  *at = pos;
  if (pos + 1 >= size)
    {
      parser->pos = pos;
      return parser_fail (parser, TSR_ERROR_TRUNCATED, _("comment not closed"));
    }
  *at = pos + 2;
  return TRUE;
}

/* POS past the bytes of class CLASS_MASK from POS on. Below the guard no bound is checked: the
 * byte at guard - 1 stops every such run (see Parser.guard). */
static inline gsize
skip_class (const char *d,
            gsize       pos,
            gsize       size,
            gsize       guard,
            guint8      class_mask)
{
  if (G_LIKELY (pos < guard))
    {
      while (CLASS (d[pos]) & class_mask)
        pos++;
      return pos;
    }
  while (pos < size && (CLASS (d[pos]) & class_mask))
    pos++;
  return pos;
}

/* Inlined where it is called: a call's saving of registers was a fifth of its cost. */
static inline G_ALWAYS_INLINE gboolean
parser_next (Parser *parser)
{
  const char *d = parser->data;
  gsize pos = parser->pos, size = parser->size, guard = parser->guard;
  guint8 class;

  if (G_UNLIKELY (parser->text != NULL))
    g_clear_pointer (&parser->text, g_free);
  for (;;)
    {
      pos = skip_class (d, pos, size, guard, CHAR_SPACE);
      if (G_UNLIKELY (pos + 1 < size && d[pos] == '/' && (d[pos + 1] == '/' || d[pos + 1] == '*')))
        {
          gboolean token;

          if (!scan_comment (parser, &pos, &token))
            return FALSE;
          if (token)
            {
              parser->pos = pos;
              return TRUE;
            }
          continue;
        }
      break;
    }

  parser->offset = pos;
  if (G_UNLIKELY (pos >= size))
    {
      parser->pos = pos;
      parser->type = TOKEN_END;
      return TRUE;
    }
  class = CLASS (d[pos]);
  if (class & CHAR_START)
    {
      gsize end = skip_class (d, pos + 1, size, guard, CHAR_IDENT);

      parser->pos = end;
      parser->type = TOKEN_IDENT;
      parser->start = d + pos;
      parser->length = end - pos;
      return TRUE;
    }
  if (class & CHAR_PUNCT)
    {
      parser->type = TOKEN_PUNCT;
      parser->punct = d[pos];
      parser->pos = pos + 1;
      return TRUE;
    }
  if ((class & CHAR_DIGIT) || (d[pos] == '-' && pos + 1 < size && (CLASS (d[pos + 1]) & CHAR_DIGIT)))
    {
      /* Plain decimals (nearly every number) in place, at most 18 digits: no overflow. */
      gboolean negative = d[pos] == '-';
      gsize first = pos + negative, end = skip_class (d, first, size, guard, CHAR_DIGIT);
      guint64 magnitude = 0;

      if (end - first <= 18 && (d[first] != '0' || end - first == 1) && (end >= size || !(CLASS (d[end]) & CHAR_IDENT)))
        {
          for (gsize i = first; i < end; i++)
            magnitude = magnitude * 10 + (guint64) (d[i] - '0');
          parser->pos = end;
          parser->number = negative ? -(gint64) magnitude : (gint64) magnitude;
          parser->type = TOKEN_NUMBER;
          return TRUE;
        }
      return scan_number_slow (parser, pos);
    }
  parser->pos = pos;
  if (d[pos] == '"' || d[pos] == '\'')
    return scan_string (parser);
  return parser_fail (parser, TSR_ERROR_INVALID, _("unexpected character"));
}

static inline gboolean
is_punct (const Parser *parser,
          char          punct)
{
  return parser->type == TOKEN_PUNCT && parser->punct == punct;
}

static G_GNUC_NO_INLINE gboolean
fail_punct (Parser *parser,
            char    punct)
{
  g_autofree char *what = g_strdup_printf (_("'%c' expected"), punct);

  return parser_fail (parser, parser->type == TOKEN_END ? TSR_ERROR_TRUNCATED : TSR_ERROR_INVALID, what);
}

static inline gboolean
expect_punct (Parser *parser,
              char    punct)
{
  if (!is_punct (parser, punct))
    return fail_punct (parser, punct);
  return parser_next (parser);
}

static inline gboolean
parse_number (Parser *parser,
              gint64 *value)
{
  if (parser->type != TOKEN_NUMBER)
    return parser_fail (parser, parser->type == TOKEN_END ? TSR_ERROR_TRUNCATED : TSR_ERROR_INVALID,
                        _("number expected"));
  *value = parser->number;
  return parser_next (parser);
}

static G_GNUC_NO_INLINE gboolean
fail_range (Parser     *parser,
            gint64      value,
            gint64      low,
            gint64      high,
            const char *name)
{
  g_autofree char *what = g_strdup_printf (_("%s: %" PRId64 " outside %" PRId64 "..%" PRId64), name, value,
                                           low, high);

  return parser_fail (parser, TSR_ERROR_OUT_OF_RANGE, what);
}

static inline gboolean
check_range (Parser     *parser,
             gint64      value,
             gint64      low,
             gint64      high,
             const char *name)
{
  if (value < low || value > high)
    return fail_range (parser, value, low, high, name);
  return TRUE;
}

/* The constant of FP's enumeration the identifier token names: exactly, else without case. */
static gboolean
lookup_constant (const Parser    *parser,
                 const FieldPlan *fp,
                 gint64          *value)
{
  const TsrFieldEnum *enumeration = fp->field->enumeration;
  gsize available = (gsize) (parser->data + parser->size - parser->start);

  if (available >= 8)
    {
      int c = constant_find (fp, parser->start, parser->length, available);

      if (c >= 0)
        {
          *value = enumeration->constants[c].value;
          return TRUE;
        }
    }
  else
    for (guint c = 0; c < enumeration->n_constants; c++)
      if (token_is (parser, fp->constants[c].name, fp->constants[c].length))
        {
          *value = enumeration->constants[c].value;
          return TRUE;
        }
  {
    g_autofree char *name = token_dup (parser);

    return tsr_field_enum_lookup (enumeration, name, value);
  }
}

/* A tuple as the writer writes it, "(16 1504)", from after its '(' at *AT, with 64 bytes
 * readable there: up to a space, then an optional '-' and 1 to 9 digits per component, in range,
 * and the ')'. Anything else (comments, commas, other spacing, an alpha left out, a value out of
 * range) is left to the general path: FALSE without a change. On success *AT is past the ')'. */
static inline gboolean
scan_tuple_fast (const char      *d,
                 gsize           *at,
                 const FieldPlan *fp,
                 TsrFieldValue   *value)
{
  gsize q = *at;
  gint64 v[4];

  for (guint i = 0; i < fp->n_components; i++)
    {
      gboolean negative;
      gsize first;
      gint64 n = 0;

      if (i > 0 && d[q] == ' ')
        q++;
      negative = d[q] == '-';
      q += negative;
      first = q;
      while (q - first < 10 && (CLASS (d[q]) & CHAR_DIGIT))
        n = n * 10 + (d[q++] - '0');
      if (q == first || q - first > 9 || (d[first] == '0' && q - first > 1) || (CLASS (d[q]) & CHAR_IDENT))
        return FALSE;
      v[i] = negative ? -n : n;
      if (v[i] < fp->low || v[i] > fp->high)
        return FALSE;
    }
  if (d[q] != ')')
    return FALSE;
  for (guint i = 0; i < fp->n_components; i++)
    value->v[i] = v[i];
  *at = q + 1;
  return TRUE;
}

/* The tuple after its '(', the current token (see scan_tuple_fast). */
static inline gboolean
parse_tuple_fast (Parser          *parser,
                  const FieldPlan *fp,
                  TsrFieldValue   *value)
{
  /* 4 components of at most 12 bytes and the ')': no bound to check on the way. */
  return parser->size - parser->pos >= 64 && scan_tuple_fast (parser->data, &parser->pos, fp, value);
}

static gboolean
parse_value (Parser          *parser,
             const FieldPlan *fp,
             TsrFieldValue   *value)
{
  const TsrField *field = fp->field;

  switch (fp->op)
    {
    case OP_STRING:
      if (parser->type != TOKEN_STRING)
        return parser_fail (parser, TSR_ERROR_INVALID, _("string expected"));
      /* String tokens own their text: the value takes it. */
      g_free (value->text);
      value->text = g_steal_pointer (&parser->text);
      return parser_next (parser);
    case OP_TUPLE:
      if (is_punct (parser, '(') && parse_tuple_fast (parser, fp, value))
        return parser_next (parser);
      if (!expect_punct (parser, '('))
        return FALSE;
      for (guint i = 0; i < fp->n_components; i++)
        {
          if (i == 3 && is_punct (parser, ')'))
            {
              value->v[3] = 255; /* colours may leave alpha out */
              break;
            }
          if (is_punct (parser, ',') && !parser_next (parser))
            return FALSE;
          if (!parse_number (parser, &value->v[i]) || !check_range (parser, value->v[i], fp->low, fp->high, field->name))
            return FALSE;
        }
      return expect_punct (parser, ')');
    case OP_BYTES:
      return parser_fail (parser, TSR_ERROR_INVALID, _("triggerdata is a block"));
    case OP_REF:
      if (parser->type == TOKEN_IDENT)
        {
          if (IS_WORD (parser, "null"))
            value->v[0] = -1;
          else
            {
              PendingReference reference = {
                value, fp->ref_kind, { parser->start, parser->length }, parser->offset
              };

              LIST_APPEND (&parser->pending, reference);
            }
          return parser_next (parser);
        }
      break;
    case OP_BOOL:
      if (parser->type == TOKEN_IDENT)
        {
          if (IS_WORD (parser, "true"))
            value->v[0] = 1;
          else if (IS_WORD (parser, "false"))
            value->v[0] = 0;
          else
            return parser_fail (parser, TSR_ERROR_INVALID, _("true or false expected"));
          return parser_next (parser);
        }
      break;
    default:
      break;
    }

  if (parser->type == TOKEN_NUMBER)
    {
      /* A number alone: nearly every value. */
      value->v[0] = parser->number;
      if (!parser_next (parser))
        return FALSE;
      if (!is_punct (parser, '|'))
        return check_range (parser, value->v[0], fp->low, fp->high, field->name);
      if (!parser_next (parser))
        return FALSE;
    }
  else
    value->v[0] = 0;
  for (;;)
    {
      gint64 part;

      if (parser->type == TOKEN_IDENT && field->enumeration != NULL)
        {
          if (!lookup_constant (parser, fp, &part))
            {
              g_autofree char *name = token_dup (parser);
              g_autofree char *what = g_strdup_printf (_("%s: %s is no %s"), field->name, name,
                                                       field->enumeration->name);
              return parser_fail (parser, TSR_ERROR_INVALID, what);
            }
          if (!parser_next (parser))
            return FALSE;
        }
      else if (!parse_number (parser, &part))
        return FALSE;
      value->v[0] |= part;
      if (!is_punct (parser, '|'))
        break;
      if (!parser_next (parser))
        return FALSE;
    }
  return check_range (parser, value->v[0], fp->low, fp->high, field->name);
}

/* The fast path, for field lines as the writer writes them (`    position (16 1504);`): the value
 * read straight from the bytes, and the next line's field found by its "    name " prefix, without
 * tokens. What it does not take (other spacing, comments, strings, expressions, values out of
 * range, lines near the end of the input) the general path reads from where the fast path left
 * it, so both give the same values and the same errors. It runs only with FAST_WINDOW bytes
 * readable below the guard, so within a line it checks no bound. */
#define FAST_WINDOW 256

/* The end of the identifier of at most 64 bytes at D[Q], or 0. */
static inline gsize
scan_ident_fast (const char *d,
                 gsize       q)
{
  gsize start = q;

  if (!(CLASS (d[q]) & CHAR_START))
    return 0;
  while (CLASS (d[++q]) & CHAR_IDENT)
    ;
  return q - start <= 64 ? q : 0;
}

/* The offset of the first ';' in the 64 bytes at D, or 64: eight bytes at a time. */
static inline gsize
find_semicolon (const char *d)
{
  for (gsize i = 0; i < 64; i += 8)
    {
      guint64 x = load_le64 (d + i) ^ G_GUINT64_CONSTANT (0x3b3b3b3b3b3b3b3b);
      /* The lowest byte flagged is the first zero byte of X (flags above it may be false). */
      guint64 zero = (x - G_GUINT64_CONSTANT (0x0101010101010101)) & ~x & G_GUINT64_CONSTANT (0x8080808080808080);

      if (zero != 0)
        return i + ((gsize) __builtin_ctzll (zero) >> 3);
    }
  return 64;
}

/* A plain decimal at *AT as parser_next reads it in place: an optional '-', 1 to 18 digits, no
 * leading zero, not followed by a letter, digit or '_'. */
static inline gboolean
scan_decimal_fast (const char *d,
                   gsize      *at,
                   gint64     *value)
{
  gsize q = *at, first;
  gboolean negative = d[q] == '-';
  guint64 magnitude = 0;

  q += negative;
  first = q;
  while (q - first <= 18 && (CLASS (d[q]) & CHAR_DIGIT))
    magnitude = magnitude * 10 + (guint64) (d[q++] - '0');
  if (q == first || q - first > 18 || (d[first] == '0' && q - first > 1) || (CLASS (d[q]) & CHAR_IDENT))
    return FALSE;
  *value = negative ? -(gint64) magnitude : (gint64) magnitude;
  *at = q;
  return TRUE;
}

/* The value of FP and its ';' after the field's name, the current token: *AT past the ';'. FALSE
 * without a change when the line is not as the fast path takes it. */
static inline gboolean
parse_value_fast (Parser          *parser,
                  const FieldPlan *fp,
                  TsrFieldValue   *value,
                  gsize           *at)
{
  static const char true_line[16] = "true;", false_line[16] = "false;";
  const char *d = parser->data;
  gsize q = parser->pos + 1, end;
  gint64 v;

  if (d[parser->pos] != ' ')
    return FALSE;
  switch (fp->op)
    {
    case OP_TUPLE:
      if (d[q] != '(')
        return FALSE;
      q++;
      if (!scan_tuple_fast (d, &q, fp, value) || d[q] != ';')
        return FALSE;
      break;
    case OP_INT:
      if (fp->constant_slots != NULL && (CLASS (d[q]) & CHAR_START))
        {
          int c;

          /* Up to the ';': the constants are identifiers, so a name found is the token. */
          end = q + find_semicolon (d + q);
          if (end - q >= 64 || (c = constant_find (fp, d + q, end - q, FAST_WINDOW)) < 0)
            return FALSE;
          v = fp->field->enumeration->constants[c].value;
          q = end;
        }
      else if (!scan_decimal_fast (d, &q, &v))
        return FALSE;
      if (d[q] != ';' || v < fp->low || v > fp->high)
        return FALSE;
      value->v[0] = v;
      break;
    case OP_BOOL:
      if (same_bytes (d + q, FAST_WINDOW, true_line, 5))
        value->v[0] = 1, q += 4;
      else if (same_bytes (d + q, FAST_WINDOW, false_line, 6))
        value->v[0] = 0, q += 5;
      else
        return FALSE;
      break;
    case OP_REF:
      if ((end = scan_ident_fast (d, q)) == 0 || d[end] != ';')
        return FALSE;
      if (end - q == 4 && memcmp (d + q, "null", 4) == 0)
        value->v[0] = -1;
      else
        {
          PendingReference reference = { value, fp->ref_kind, { d + q, end - q }, q };

          LIST_APPEND (&parser->pending, reference);
        }
      q = end;
      break;
    default:
      return FALSE;
    }
  *at = q + 1;
  return TRUE;
}

/* The field of PLAN from NEXT on whose line ("\n    name ") starts at D[Q], made the current
 * token as parser_next would make its name; -1 when no such line is there. */
static inline G_ALWAYS_INLINE int
match_field_line (Parser         *parser,
                  const TextPlan *plan,
                  gsize           q,
                  guint           next)
{
  const char *d = parser->data;

  char first;

  /* A field's name by its first letter, then its prefix (indentation, name, space). */
  if (d[q] != '\n')
    return -1;
  q++;
  first = d[q + plan->indent_length];
  for (guint g = next; g < plan->n_fields; g++)
    {
      const FieldPlan *fp = &plan->fields[g];

      if (fp->name[0] == first && same_bytes (d + q, FAST_WINDOW, fp->prefix, fp->prefix_length))
        {
          parser->type = TOKEN_IDENT;
          parser->offset = q + plan->indent_length;
          parser->start = d + parser->offset;
          parser->length = fp->name_length;
          parser->pos = parser->offset + fp->name_length;
          return (int) g;
        }
    }
  return -1;
}

/* Whether PLAN's block closes on the line that starts at D[Q] ("\n  }"): then its '}' is made the
 * current token, as parser_next would make it. */
static inline gboolean
match_closing_line (Parser         *parser,
                    const TextPlan *plan,
                    gsize           q)
{
  const char *d = parser->data;

  if (d[q] != '\n' || !same_bytes (d + q + 1, FAST_WINDOW, plan->closing, plan->closing_length))
    return FALSE;
  parser->type = TOKEN_PUNCT;
  parser->punct = '}';
  parser->offset = q + plan->closing_length;
  parser->pos = parser->offset + 1;
  return TRUE;
}

/* Whether the fast path may read from the current position on. */
static inline gboolean
fast_window (const Parser *parser)
{
  return parser->pos + FAST_WINDOW <= parser->guard;
}

static gboolean parse_fields (Parser *parser, TsrDoom2dRecord *record, const TextPlan *plan,
                              TsrFieldValue *values, gboolean top_level, int known, gboolean advance);

static gboolean
apply_raw (Parser          *parser,
           TsrDoom2dRecord *record,
           const char      *hex)
{
  gsize size = tsr_doom2d_record_get_type (record)->table.size;
  gsize length = strlen (hex);

  if (length != size * 2)
    return parser_fail (parser, TSR_ERROR_INVALID, _("tessera-raw comment of the wrong length"));
  g_free (record->raw);
  record->raw = g_malloc (size);
  for (gsize i = 0; i < size; i++)
    {
      if (!g_ascii_isxdigit (hex[2 * i]) || !g_ascii_isxdigit (hex[2 * i + 1]))
        return parser_fail (parser, TSR_ERROR_INVALID, _("tessera-raw comment is not hexadecimal"));
      record->raw[i] = (guint8) (g_ascii_xdigit_value (hex[2 * i]) * 16
                                 + g_ascii_xdigit_value (hex[2 * i + 1]));
    }
  return TRUE;
}

/* Whether NAME (bytes of the input, which ends at END) is the name the writer gives record INDEX
 * of KIND ("panel12"). */
static gboolean
is_canonical (const Word *kind,
              const Span *name,
              const char *end,
              guint64    *index)
{
  guint64 number = 0;
  gsize digits;

  if (name->start == NULL || name->length <= kind->length
      || !same_bytes (name->start, (gsize) (end - name->start), kind->name, kind->length))
    return FALSE;
  digits = name->length - kind->length;
  if (digits >= 10 || (name->start[kind->length] == '0' && digits > 1))
    return FALSE;
  for (gsize i = kind->length; i < name->length; i++)
    {
      if (!(CLASS (name->start[i]) & CHAR_DIGIT))
        return FALSE;
      number = number * 10 + (guint64) (name->start[i] - '0');
    }
  *index = number;
  return TRUE;
}

/* The next record's line as the writer writes it ("\n\n  panel panel41 {" and its first field's
 * line) after the '}' that ends the current token, for a record of KIND or of a kind written after
 * it: the new record's kind, with *NAME its name, *NUMBER the number in it and the first field's
 * name the current token (*FIELD its index); HEADER when the line is otherwise (then nothing has
 * changed). */
static TsrDoom2dKind
match_record_line (Parser        *parser,
                   TsrDoom2dKind  kind,
                   Span          *name,
                   guint64       *number,
                   int           *field)
{
  const char *d = parser->data;
  gsize q = parser->pos;

  if (d[q] != '\n')
    return TSR_DOOM2D_KIND_HEADER;
  for (guint k = kind; k < TSR_DOOM2D_N_KINDS; k++)
    {
      const Word *head = &parser->plans->record_heads[k];
      gsize first, at;
      gint64 index;

      if (!same_bytes (d + q + 1, FAST_WINDOW, head->name, head->length))
        continue;
      first = at = q + 1 + head->length;
      /* The name is canonical (is_canonical): up to 9 digits, no leading zero. */
      if (!scan_decimal_fast (d, &at, &index) || d[first] == '-' || at - first > 9 || d[at] != ' ' || d[at + 1] != '{')
        return TSR_DOOM2D_KIND_HEADER;
      if ((*field = match_field_line (parser, &parser->plans->kinds[k], at + 2, 0)) < 0)
        return TSR_DOOM2D_KIND_HEADER;
      name->start = d + first - parser->plans->kind_names[k].length;
      name->length = at - (gsize) (name->start - d);
      *number = (guint64) index;
      return k;
    }
  return TSR_DOOM2D_KIND_HEADER;
}

/* Record blocks, `KIND [NAME] { fields }`, from the current token, KIND: the first, and those that
 * follow it as the writer writes them. */
static gboolean
parse_record (Parser        *parser,
              TsrDoom2dKind  kind)
{
  Span name = { NULL, 0 };
  int known = -1;
  gboolean named = FALSE;
  guint64 index = 0; /* the number of a canonical name ("panel41"), else G_MAXUINT64 */

  for (;;)
    {
      TsrDoom2dRecord *record = tsr_doom2d_record_new_batched (kind, &parser->batches[kind]);
      const TextPlan *plan = &parser->plans->kinds[kind];

      LIST_APPEND (&parser->records[kind], record);
      if (!named)
        {
          if (!parser_next (parser))
            return FALSE;
          if (parser->type == TOKEN_IDENT)
            {
              name = (Span) { parser->start, parser->length };
              if (!parser_next (parser))
                return FALSE;
            }
        }
      if (!named)
        index = is_canonical (&parser->plans->kind_names[kind], &name, parser->data + parser->size, &index)
                ? index : G_MAXUINT64;
      if (index != parser->names[kind].len)
        parser->canonical[kind] = FALSE;
      LIST_APPEND (&parser->names[kind], name);
      if (!named)
        {
          if (is_punct (parser, '{') && fast_window (parser))
            known = match_field_line (parser, plan, parser->pos, 0);
          if (known < 0 && !expect_punct (parser, '{'))
            return FALSE;
        }
      if (!parse_fields (parser, record, plan, record->values, FALSE, known, FALSE))
        return FALSE;
      /* The '}' is the current token. */
      named = fast_window (parser)
              && (kind = match_record_line (parser, kind, &name, &index, &known)) != TSR_DOOM2D_KIND_HEADER;
      if (!named)
        return parser_next (parser);
    }
}

/* The record kind the identifier token names (not the header's "map"), or HEADER when none. */
static TsrDoom2dKind
token_kind (const Parser *parser)
{
  for (guint k = 1; k < TSR_DOOM2D_N_KINDS; k++)
    {
      const Word *name = &parser->plans->kind_names[k];

      if (token_is (parser, name->name, name->length))
        return k;
    }
  return TSR_DOOM2D_KIND_HEADER;
}

/* The field the identifier token names: exactly from NEXT on first (files list fields in the
 * table's order, so that is nearly always the first compared), then before it, then as
 * tsr_field_find does (without case, aliases); -1 if none. */
static int
find_field (const Parser   *parser,
            const TextPlan *plan,
            guint           next)
{
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = pass == 0 ? next : 0; i < (pass == 0 ? plan->n_fields : next); i++)
      {
        const FieldPlan *fp = &plan->fields[i];

        if (token_is (parser, fp->name, fp->name_length))
          return (int) i;
      }
  {
    g_autofree char *name = token_dup (parser);

    return tsr_field_find (plan->table->fields, plan->n_fields, name);
  }
}

/* Fields up to the closing '}', and past it when ADVANCE (else the '}' is left the current
 * token); KNOWN: the index of the field the current token names, when the caller knows it, else
 * -1. */
static gboolean
parse_fields (Parser          *parser,
              TsrDoom2dRecord *record,
              const TextPlan  *plan,
              TsrFieldValue   *values,
              gboolean         top_level,
              int              known,
              gboolean         advance)
{
  g_autofree char *raw = NULL;
  gboolean data_parsed = FALSE;
  guint next = 0; /* the field after the last one read: writers keep the table's order */

  for (;;)
    {
      TsrDoom2dKind kind;
      const FieldPlan *fp;
      gboolean trigger_type;
      gsize end;
      int f = known;

      known = -1;
      if (f < 0)
        {
          if (parser->type != TOKEN_IDENT)
            {
              if (is_punct (parser, '}'))
                break;
              if (parser->type == TOKEN_LAYOUT)
                {
                  if (!top_level || !tsr_doom2d_map_layout_from_string (parser->map, parser->text))
                    return parser_fail (parser, TSR_ERROR_INVALID, _("tessera-blocks comment not understood"));
                  if (!parser_next (parser))
                    return FALSE;
                  continue;
                }
              if (parser->type == TOKEN_RAW)
                {
                  g_free (raw);
                  raw = g_steal_pointer (&parser->text);
                  if (!parser_next (parser))
                    return FALSE;
                  continue;
                }
              return parser_fail (parser, parser->type == TOKEN_END ? TSR_ERROR_TRUNCATED : TSR_ERROR_INVALID,
                                  _("field name or '}' expected"));
            }
          if (top_level && (kind = token_kind (parser)) != TSR_DOOM2D_KIND_HEADER)
            {
              if (!parse_record (parser, kind))
                return FALSE;
              continue;
            }
          f = find_field (parser, plan, next);
          if (f < 0)
            {
              g_autofree char *name = token_dup (parser);
              g_autofree char *what = g_strdup_printf (_("no field '%s' here"), name);
              return parser_fail (parser, TSR_ERROR_INVALID, what);
            }
        }
      fp = &plan->fields[f];
      next = (guint) f + 1;
      trigger_type = record->kind == TSR_DOOM2D_KIND_TRIGGER && values == record->values
                     && f == TSR_DOOM2D_TRIGGER_TYPE;
      if (!top_level && !(trigger_type && data_parsed) && fast_window (parser)
          && parse_value_fast (parser, fp, &values[f], &end))
        {
          if (trigger_type)
            tsr_doom2d_record_set_trigger_type (record, (guint) values[f].v[0]);
          if ((known = match_field_line (parser, plan, end, next)) < 0 && !match_closing_line (parser, plan, end))
            {
              parser->pos = end;
              if (!parser_next (parser))
                return FALSE;
            }
          continue;
        }
      if (!parser_next (parser))
        return FALSE;
      if (fp->op == OP_BYTES)
        {
          if (!expect_punct (parser, '{'))
            return FALSE;
          data_parsed = TRUE;
          if (record->layout == NULL)
            {
              if (is_punct (parser, '}'))
                {
                  if (!parser_next (parser))
                    return FALSE;
                  continue;
                }
              return parser_fail (parser, TSR_ERROR_INVALID,
                                  _("triggerdata before the trigger's type, or for a type without data"));
            }
          if (!parse_fields (parser, record, layout_plan (parser->plans, record->layout), record->data_values,
                             FALSE, -1, TRUE))
            return FALSE;
          continue;
        }
      if (data_parsed && trigger_type)
        return parser_fail (parser, TSR_ERROR_INVALID, _("the trigger's type after its triggerdata"));
      if (!parse_value (parser, fp, &values[f]))
        return FALSE;
      if (!expect_punct (parser, ';'))
        return FALSE;
      if (trigger_type)
        tsr_doom2d_record_set_trigger_type (record, (guint) values[f].v[0]);
    }
  /* Applied last: the type's switch of layout clears a trigger's data bytes. The fields' values
   * win over the raw bytes; these only fill what no field covers. */
  if (raw != NULL && !apply_raw (parser, record, raw))
    return FALSE;
  return !advance || parser_next (parser);
}

/* Where the first word of a text map starts: after a byte order mark, blanks and // comments. */
static gsize
sniff_skip (const guint8 *data,
            gsize         size)
{
  gsize i = 0;

  if (size >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf)
    i = 3;
  for (;;)
    {
      while (i < size && g_ascii_isspace (data[i]))
        i++;
      if (i + 1 < size && data[i] == '/' && data[i + 1] == '/')
        {
          while (i < size && data[i] != '\n')
            i++;
          continue;
        }
      return i;
    }
}

gboolean
tsr_doom2d_map_sniff_text (const guint8 *data,
                           gsize         size)
{
  gsize i = sniff_skip (data, size);

  return i + 3 <= size && memcmp (data + i, "map", 3) == 0
         && (i + 3 == size || !(g_ascii_isalnum (data[i + 3]) || data[i + 3] == '_'));
}

gboolean
tsr_doom2d_map_sniff_text_undecided (const guint8 *data,
                                     gsize         size)
{
  /* The first word, and the byte after it, must be inside: "map" then a blank, or something else. */
  return sniff_skip (data, size) + 4 > size;
}

/* The index of the record of KIND that REFERENCE names, or -1. */
static gint64
resolve (const Parser           *parser,
         const PendingReference *reference)
{
  const SpanList *names = &parser->names[reference->kind];
  guint64 index;

  /* When every name of the kind is the one we write ("panel12" for panel 12), names are unique
   * and the number says the index. */
  if (parser->canonical[reference->kind])
    return is_canonical (&parser->plans->kind_names[reference->kind], &reference->name,
                         parser->data + parser->size, &index) && index < names->len
           ? (gint64) index : -1;
  /* Else the first of the name. */
  for (guint n = 0; n < names->len; n++)
    {
      const Span *name = &names->items[n];

      if (name->start != NULL && name->length == reference->name.length
          && memcmp (name->start, reference->name.start, name->length) == 0)
        return n;
    }
  return -1;
}

TsrDoom2dMap *
tsr_doom2d_map_read_text (const guint8 *data,
                          gsize         size,
                          GError      **error)
{
  Parser parser = { .data = (const char *) data, .size = size, .error = error, .plans = plans_get (),
                    .map = tsr_doom2d_map_new () };
  gboolean ok = FALSE;

  for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
    parser.canonical[k] = TRUE;
  if (size >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf)
    parser.pos = 3;
  char_class_init ();
  for (gsize i = size; i > 0; i--)
    if (!(CLASS (data[i - 1]) & (CHAR_SPACE | CHAR_IDENT)))
      {
        parser.guard = i;
        break;
      }

  if (!parser_next (&parser))
    goto out;
  if (!IS_WORD (&parser, "map"))
    {
      parser_fail (&parser, parser.type == TOKEN_END ? TSR_ERROR_TRUNCATED : TSR_ERROR_BAD_MAGIC,
                   _("'map' expected"));
      goto out;
    }
  if (!parser_next (&parser) || !expect_punct (&parser, '{'))
    goto out;
  if (!parse_fields (&parser, parser.map->header, &parser.plans->kinds[TSR_DOOM2D_KIND_HEADER],
                     parser.map->header->values, TRUE, -1, TRUE))
    goto out;
  if (parser.type != TOKEN_END)
    {
      parser_fail (&parser, TSR_ERROR_INVALID, _("end of file expected after the map block"));
      goto out;
    }

  for (guint i = 0; i < parser.pending.len; i++)
    {
      PendingReference *reference = &parser.pending.items[i];
      gint64 found = resolve (&parser, reference);

      if (found < 0)
        {
          g_autofree char *name = g_strndup (reference->name.start, reference->name.length);

          tsr_set_error_at (error, TSR_ERROR_INVALID, reference->offset,
                            _("text map: line %u: no %s named '%s'"), line_at (parser.data, reference->offset),
                            parser.plans->kind_names[reference->kind].name, name);
          goto out;
        }
      reference->value->v[0] = found;
    }
  ok = TRUE;

out:
  g_free (parser.text);
  g_free (parser.pending.items);
  for (guint k = 0; k < TSR_DOOM2D_N_KINDS; k++)
    {
      RecordList *records = &parser.records[k];

      if (records->len > 0)
        {
          GPtrArray *array = parser.map->records[k];

          g_ptr_array_set_size (array, records->len);
          memcpy (array->pdata, records->items, records->len * sizeof *records->items);
        }
      g_free (records->items);
      g_free (parser.names[k].items);
    }
  if (!ok)
    {
      tsr_doom2d_map_free (parser.map);
      return NULL;
    }
  return parser.map;
}
