/* tsr-mac-wrapper.h: classic Mac file wrappers (MacBinary I-III, AppleSingle) and resource forks.
 * Marathon data from Mac distributions carries its payload in a data fork (a wad), a resource
 * fork (PICT, clut, TEXT, '.256' shapes) or both. Everything here writes back byte-identical when
 * untouched: padding, reserved header bytes, handles and the order of resource data are kept. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  TSR_MAC_WRAPPER_NONE,        /* plain bytes: the whole file is the data fork */
  TSR_MAC_WRAPPER_MACBINARY,
  TSR_MAC_WRAPPER_APPLESINGLE,
} TsrMacWrapperKind;

/* AppleSingle entry ids. */
#define TSR_APPLESINGLE_DATA_FORK     1
#define TSR_APPLESINGLE_RESOURCE_FORK 2

typedef struct {
  guint32  id;
  guint32  original_offset; /* where it was; orders the entry data when writing */
  GBytes  *gap_before;      /* bytes between the previous entry's data (or the table) and this one */
  GBytes  *data;            /* the data fork and resource fork entries are owned by TsrMacFile */
} TsrAppleSingleEntry;

typedef struct {
  TsrMacWrapperKind kind;
  GBytes   *data_fork;      /* never NULL; empty when absent */
  GBytes   *resource_fork;  /* never NULL; empty when absent */
  char     *name;           /* the Mac file name (UTF-8 from Mac Roman), or NULL */
  guint32   file_type;      /* 'imgA', 'sceA' ... (0 when unknown) */
  guint32   creator;

  /* MacBinary: the 128-byte header; fork lengths and the CRC are written anew. */
  guint8    macbinary_header[128];
  gboolean  macbinary_crc_valid;     /* recompute the CRC on save only when the original had one */
  GBytes   *macbinary_secondary;     /* secondary header with its padding, or NULL */
  GBytes   *macbinary_data_padding;  /* what followed the data fork up to the 128-byte boundary */
  GBytes   *macbinary_resource_padding;
  GBytes   *macbinary_trailing;      /* Get Info comment and anything after it */
  gsize     macbinary_data_length;   /* fork lengths as found: the kept padding fits only them */
  gsize     macbinary_resource_length;

  /* AppleSingle: the 24-byte header (magic, version, filler) and the entries in table order. */
  guint8     applesingle_header[24];
  GPtrArray *applesingle_entries;    /* TsrAppleSingleEntry */
  GBytes    *applesingle_trailing;

  GBytes    *source;                 /* the parsed bytes: an untouched save returns them */
} TsrMacFile;

/* Which wrapper DATA is, by content (MacBinary needs its CRC or MacBinary I's zero bytes). */
TsrMacWrapperKind tsr_mac_wrapper_sniff      (const guint8 *data,
                                              gsize         size);
/* Unwraps DATA. A file without a wrapper gives kind NONE with DATA as the data fork. */
TsrMacFile       *tsr_mac_file_parse         (GBytes       *data,
                                              GError      **error);
GBytes           *tsr_mac_file_serialize     (const TsrMacFile *file);
void              tsr_mac_file_free          (TsrMacFile   *file);
/* Where the resource fork starts in the wrapped file (0 for plain bytes), for messages that name
 * an offset in the file rather than in the fork. */
gsize             tsr_mac_file_resource_fork_offset (const TsrMacFile *file);
/* Replaces a fork (for edits); takes a reference on FORK. */
void              tsr_mac_file_set_data_fork     (TsrMacFile *file,
                                                  GBytes     *fork);
void              tsr_mac_file_set_resource_fork (TsrMacFile *file,
                                                  GBytes     *fork);
const char       *tsr_mac_wrapper_kind_to_string (TsrMacWrapperKind kind);
/* CRC-16/XMODEM as MacBinary II uses it. */
guint16           tsr_macbinary_crc          (const guint8 *data,
                                              gsize         size);

/* Four-character codes. */
#define TSR_FOURCC(a, b, c, d) \
  (((guint32) (guint8) (a) << 24) | ((guint32) (guint8) (b) << 16) | ((guint32) (guint8) (c) << 8) \
   | (guint32) (guint8) (d))
/* Writes CODE as 4 printable characters (non-printable bytes as '?') into BUFFER[5]. */
const char       *tsr_fourcc_to_string       (guint32       code,
                                              char          buffer[5]);

/* One resource. NAME is the Pascal string's bytes (no length byte) or NULL. */
typedef struct {
  guint32  type;
  gint16   id;
  guint8   attributes;
  GBytes  *name;
  guint32  handle;           /* reserved field of the reference, kept as found */
  GBytes  *data;
  /* Layout of the original, so an untouched fork is rewritten in place. */
  guint32  original_offset;  /* G_MAXUINT32 for added resources */
  guint32  original_name_offset;
  guint32  original_reference; /* where its reference lay in the map; G_MAXUINT32 when added */
  GBytes  *gap_after;        /* bytes after this resource's data before the next one's */
} TsrMacResource;

typedef struct {
  GBytes    *header_reserved;  /* bytes 16 .. data offset (system and application use) */
  guint8     map_reserved[22]; /* map copy of the header, next-map handle, file reference */
  gboolean   map_header_copy;  /* the first 16 map bytes repeat the header: rewrite them so */
  guint16    attributes;
  GPtrArray *resources;        /* TsrMacResource, grouped by type in map order */
  GBytes    *data_gap;         /* bytes before the map (after all resource data) */
  GBytes    *map_trailing;     /* after the name list, inside the map */
  GBytes    *fork_trailing;    /* after the map, inside the fork */
  guint32    type_list_offset; /* where the map's type list lay in the parsed fork (for messages) */
} TsrResourceFork;

TsrResourceFork *tsr_resource_fork_new       (void);
/* An empty DATA gives an empty fork. LABEL names the fork in messages. */
TsrResourceFork *tsr_resource_fork_parse     (GBytes          *data,
                                              const char      *label,
                                              GError         **error);
GBytes          *tsr_resource_fork_serialize (const TsrResourceFork *fork);
void             tsr_resource_fork_free      (TsrResourceFork *fork);
TsrMacResource  *tsr_resource_fork_find      (const TsrResourceFork *fork,
                                              guint32          type,
                                              gint16           id);
/* Replaces the data of (TYPE, ID) or adds the resource after the last one of its type. */
TsrMacResource  *tsr_resource_fork_set       (TsrResourceFork *fork,
                                              guint32          type,
                                              gint16           id,
                                              GBytes          *data);
gboolean         tsr_resource_fork_remove    (TsrResourceFork *fork,
                                              guint32          type,
                                              gint16           id);
/* The resources of TYPE in map order (borrowed pointers). */
GPtrArray       *tsr_resource_fork_list_type (const TsrResourceFork *fork,
                                              guint32          type);
/* Distinct types in map order. */
GArray          *tsr_resource_fork_types     (const TsrResourceFork *fork);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMacFile, tsr_mac_file_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrResourceFork, tsr_resource_fork_free)

G_END_DECLS
