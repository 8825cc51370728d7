/* tsr-field.h: field tables, the one description of a record's fields that codecs, describe
 * output, validation and the property inspector share. A field has a name, a type (integers of a
 * given width, signedness and byte order, fixed point, booleans, enums and bitsets through a
 * constant table, fixed-size character arrays, strings, points, sizes, colours, opaque bytes), its
 * offset in the record's bytes (or -1 when the field has no binary place), the offset of the C
 * struct member a codec decodes it into (tables with a struct_size), a family-defined reference
 * kind, defaults and a tip. Values travel as TsrFieldValue. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  TSR_FIELD_INT,    /* an integer of WIDTH bytes (1, 2, 4, 8) */
  TSR_FIELD_FIXED,  /* an integer of WIDTH bytes holding value * 2^fraction_bits */
  TSR_FIELD_BOOL,   /* an integer of WIDTH bytes, 0 or 1 (TSR_FIELD_NEGATED: stored as 1 - value) */
  TSR_FIELD_CHARS,  /* char[WIDTH], NUL-padded; the family decides the encoding */
  TSR_FIELD_STRING, /* text of any length (no fixed binary place, or length-prefixed) */
  TSR_FIELD_POINT,  /* x, y: two integers of WIDTH bytes each */
  TSR_FIELD_SIZE,   /* width, height: two integers of WIDTH bytes each */
  TSR_FIELD_COLOR,  /* r, g, b, a */
  TSR_FIELD_BYTES,  /* WIDTH opaque bytes (laid out by something else, e.g. by another table) */
} TsrFieldType;

typedef enum {
  TSR_FIELD_SIGNED        = 1 << 0,
  TSR_FIELD_BIG_ENDIAN    = 1 << 1,
  TSR_FIELD_NEGATED       = 1 << 2, /* booleans stored as 1 - value (any byte keeps a value) */
  TSR_FIELD_WRITE_DEFAULT = 1 << 3, /* text formats write it even when it holds its default */
  TSR_FIELD_READ_ONLY     = 1 << 4, /* derived or bookkeeping: shown, not edited */
  TSR_FIELD_UNUSED        = 1 << 5, /* padding/reserved bytes: kept for round trips, not shown */
  TSR_FIELD_BYTE_PAIR     = 1 << 6, /* 16-bit integers written as their two bytes "high:low" (Marathon
                                     * shape descriptors: collection:shape); constants still first */
  TSR_FIELD_SPECIAL_VALUES = 1 << 7, /* the constants name special values of a number (none, auto),
                                      * not every choice: editors take text, not a choice */
} TsrFieldFlags;

typedef struct {
  const char *name;
  gint64      value;
} TsrFieldConstant;

/* An enum (one of the constants) or a bitset (any OR of them). A UNIQUE bitset holds one of its
 * bits at a time (Doom2D's "bitset unique": a panel has one type), so editors offer one choice. */
typedef struct {
  const char             *name;
  gboolean                bitset;
  const TsrFieldConstant *constants;
  guint                   n_constants;
  gboolean                unique;
  /* A bitset's bits the family derives from other data (on save): shown, not edited, with
   * DERIVED_TIP (translatable, N_) saying why. */
  gint64                  derived_bits;
  const char             *derived_tip;
} TsrFieldEnum;

/* The first four members come first so that plain tables can list { name, offset, width, flags }
 * (type TSR_FIELD_INT); everything else is set by name. */
typedef struct {
  const char         *name;          /* identifier: "spriteset", "VelForw", "floor_height" */
  int                 offset;        /* in the record's bytes; -1: none */
  guint16             width;         /* bytes of one integer, or of a CHARS/BYTES field */
  guint16             flags;         /* TsrFieldFlags */
  TsrFieldType        type;
  const char         *label;         /* for people (translatable), or NULL: the name */
  const char         *alias;         /* an older name accepted when reading, or NULL */
  int                 member;        /* offset of the C struct member (tables with struct_size) */
  const TsrFieldEnum *enumeration;   /* constants of an enum or bitset, or NULL */
  guint               reference;     /* the family's kind of element this points at; 0: none */
  guint8              fraction_bits; /* TSR_FIELD_FIXED */
  gint64              default_value[4];
  const char         *default_text;
  const char         *tip;
} TsrField;

typedef struct {
  const char     *name;        /* "polygon", "PXpx", "panel" */
  gsize           size;        /* bytes of one record (0: no fixed binary layout) */
  gsize           struct_size; /* bytes of the C struct fields' members live in (0: none) */
  const TsrField *fields;
  guint           n_fields;
} TsrFieldTable;

/* Integers in v[0] (points and sizes in v[0], v[1]; colours in v[0..3]); strings (UTF-8) in text.
 * References hold what the family's model holds (usually a 0-based index, -1 for none). */
typedef struct {
  gint64  v[4];
  char   *text;
} TsrFieldValue;

/* Field tables. Finding compares names exactly, then names and aliases without case; -1 if none. */
int          tsr_field_find              (const TsrField      *fields,
                                          guint                n_fields,
                                          const char          *name);
int          tsr_field_table_find        (const TsrFieldTable *table,
                                          const char          *name);
/* Every byte of each record covered by exactly one field and no field outside the record;
 * otherwise FALSE and PROBLEM (transfer full) says where. */
gboolean     tsr_field_table_check_coverage (const TsrFieldTable *table,
                                             char               **problem);
/* Struct tables: converts one record between file bytes and the C struct, field by field. */
void         tsr_field_table_decode_struct (const TsrFieldTable *table,
                                            const guint8        *data,
                                            gpointer             record);
void         tsr_field_table_encode_struct (const TsrFieldTable *table,
                                            gconstpointer        record,
                                            guint8              *data);

/* Fields */
/* Bytes the field takes in a record (0 when it has no binary place). */
gsize        tsr_field_get_size          (const TsrField *field);
const char  *tsr_field_get_label         (const TsrField *field);
gboolean     tsr_field_is_text           (const TsrField *field);
/* Number of integers a value of the field carries (1, 2 for points/sizes, 4 for colours, 0 text). */
guint        tsr_field_get_n_components  (const TsrField *field);
/* The smallest and largest value the field's integers can hold. */
void         tsr_field_get_range         (const TsrField *field,
                                          gint64         *minimum,
                                          gint64         *maximum);
/* One integer of the field's width, signedness and byte order at DATA (no offset added). */
gint64       tsr_field_read_int          (const TsrField *field,
                                          const guint8   *data);
void         tsr_field_write_int         (const TsrField *field,
                                          guint8         *data,
                                          gint64          value);
/* Integer fields in raw record bytes: the value at RECORD + offset (booleans un-negated). */
gint64       tsr_field_get               (const TsrField *field,
                                          const guint8   *record);
void         tsr_field_set               (const TsrField *field,
                                          guint8         *record,
                                          gint64          value);
/* Integer fields in a decoded C struct (native byte order at the member). */
gint64       tsr_field_get_member        (const TsrField *field,
                                          gconstpointer   record);
void         tsr_field_set_member        (const TsrField *field,
                                          gpointer        record,
                                          gint64          value);
/* Numeric fields (not text, not bytes) between record bytes and a value. */
gboolean     tsr_field_decode            (const TsrField *field,
                                          const guint8   *record,
                                          TsrFieldValue  *value);
gboolean     tsr_field_encode            (const TsrField      *field,
                                          const TsrFieldValue *value,
                                          guint8              *record);

/* Enums and bitsets */
/* The constant's name for VALUE (enums), or NULL. */
const char  *tsr_field_enum_name         (const TsrFieldEnum *enumeration,
                                          gint64              value);
gboolean     tsr_field_enum_lookup       (const TsrFieldEnum *enumeration,
                                          const char         *name,
                                          gint64             *value);
/* CONSTANT's name for people: its translation in the program's catalogue with the enum's name as
 * context (tables that want translated constants mark them NC_ (enum name, name)), else the name.
 * Programs that bind no catalogue (the CLI) get the name itself. */
const char  *tsr_field_constant_label    (const TsrFieldEnum     *enumeration,
                                          const TsrFieldConstant *constant);
/* The label of the constant for VALUE (enums), or NULL. */
const char  *tsr_field_enum_label        (const TsrFieldEnum *enumeration,
                                          gint64              value);

/* Values */
void         tsr_field_value_clear       (TsrFieldValue       *value);
void         tsr_field_value_copy        (TsrFieldValue       *to,
                                          const TsrFieldValue *from);
void         tsr_field_value_set_text    (TsrFieldValue       *value,
                                          const char          *text);
gboolean     tsr_field_value_equal       (const TsrField      *field,
                                          const TsrFieldValue *a,
                                          const TsrFieldValue *b);
gboolean     tsr_field_value_is_default  (const TsrField      *field,
                                          const TsrFieldValue *value);
/* The value as people read it: numbers in decimal (fixed point with its fraction), enum constant
 * names, bitsets "A | B", points "x, y", text as is (transfer full). */
char        *tsr_field_value_to_string   (const TsrField      *field,
                                          const TsrFieldValue *value);
/* The same appended to OUT (no allocation of its own: writers of whole files call it per field). */
void         tsr_field_value_append      (GString             *out,
                                          const TsrField      *field,
                                          const TsrFieldValue *value);
/* Parses what to_string writes (and plain numbers where names are expected); FALSE with an error
 * naming the field when TEXT is not a value of it or out of its range. */
gboolean     tsr_field_value_parse       (const TsrField      *field,
                                          const char          *text,
                                          TsrFieldValue       *value,
                                          GError             **error);
/* The same for editors: constants as their labels (tsr_field_constant_label) when written; read
 * back as labels or names. Files and the CLI keep to_string and parse. */
char        *tsr_field_value_to_label    (const TsrField      *field,
                                          const TsrFieldValue *value);
gboolean     tsr_field_value_parse_label (const TsrField      *field,
                                          const char          *text,
                                          TsrFieldValue       *value,
                                          GError             **error);

G_END_DECLS
