/* tsr-doom2d-wad.h: DFWAD archives ('DFWAD' 1): a directory of CP1251-named, zlib-compressed
 * resources grouped in sections. Reading keeps every stored stream as it is; writing re-compresses
 * only resources whose data was replaced, so the rest stays byte-identical. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  char     *name;        /* UTF-8 */
  guint8    raw_name[16];
  char     *section;     /* UTF-8 name of the section it is in, "" for the root */
  gboolean  is_section;  /* a section marker (stored length 0) */
  guint32   offset;      /* as read (0 for entries added in memory) */
  guint32   length;
  GBytes   *compressed;  /* the stored zlib stream; NULL for sections and new data */
  GBytes   *data;        /* replacement data (uncompressed), or NULL */
  gint64    zip_index;   /* ZIP archives: the entry's index, -1 when added in memory */
} TsrDoom2dWadEntry;

typedef struct {
  GPtrArray *entries;    /* TsrDoom2dWadEntry in directory order */
  GBytes    *original;   /* the file as read, or NULL */
  gsize      data_start; /* where the data began in ORIGINAL */
  gsize      directory_offset; /* where its directory began in ORIGINAL (DFWAD: after the 8-byte
                                * header; ZIP: the central directory), for messages */
  gboolean   canonical;  /* ORIGINAL's data lay in directory order without gaps */
  gboolean   is_zip;     /* a ZIP archive (.dfz): directories are sections */
  gpointer   zip;        /* ZIP: libzip's open archive over ORIGINAL */
  gpointer   zip_layout; /* ZIP: where ORIGINAL's records lie (tsr-doom2d-zip.c), for saving in place */
  gpointer   held;       /* what tsr_doom2d_wad_get_data handed out and is still alive (tsr-doom2d-wad.c) */
} TsrDoom2dWad;

/* The most bytes one archive may hold decompressed at once (whole resources from
 * tsr_doom2d_wad_get_data that are still referenced), whatever its size: a resource that would go
 * beyond it fails with TSR_ERROR_OUT_OF_RANGE instead of taking the memory. 1 GiB unless set. */
#define TSR_DOOM2D_DEFAULT_HELD_LIMIT ((gsize) 1024 * 1024 * 1024)
/* Sets that limit for every archive (the editor's preference); 0 restores the default. */
void               tsr_doom2d_wad_set_held_limit (gsize limit);
gsize              tsr_doom2d_wad_get_held_limit (void);
/* The bytes of ARCHIVE's resources now held decompressed. */
gsize              tsr_doom2d_wad_get_held       (const TsrDoom2dWad *wad);

gboolean           tsr_doom2d_wad_sniff      (const guint8 *data,
                                              gsize         size);
TsrDoom2dWad      *tsr_doom2d_wad_new        (void);
TsrDoom2dWad      *tsr_doom2d_wad_read       (GBytes       *bytes,
                                              GError      **error);
GBytes            *tsr_doom2d_wad_write      (const TsrDoom2dWad *wad,
                                              GError      **error);
void               tsr_doom2d_wad_free       (TsrDoom2dWad *wad);

/* ZIP archives (.dfz, .zip) hold the same resources: directories are sections. Tessera checks the
 * layout itself (central directory against local headers: names, methods, sizes, where data lies)
 * and reads stored and deflated entries with zlib, opening libzip only for other methods; without
 * libzip at build time (see tsr_doom2d_zip_available) they fail with NOT_SUPPORTED. Writing an unchanged archive gives its bytes back; otherwise only the replaced
 * entries' records are rewritten in place, every other byte is copied (offsets move). */
gboolean           tsr_doom2d_zip_available  (void);
gboolean           tsr_doom2d_zip_sniff      (const guint8 *data,
                                              gsize         size);
TsrDoom2dWad      *tsr_doom2d_zip_new        (void);
/* A DFWAD or a ZIP archive, by content. */
TsrDoom2dWad      *tsr_doom2d_archive_read   (GBytes       *bytes,
                                              GError      **error);

/* SECTION "" is the root; names compare without ASCII case, as the game does. */
TsrDoom2dWadEntry *tsr_doom2d_wad_find       (const TsrDoom2dWad *wad,
                                              const char         *section,
                                              const char         *name);
/* The uncompressed data of ENTRY. */
GBytes            *tsr_doom2d_wad_get_data   (const TsrDoom2dWad      *wad,
                                              const TsrDoom2dWadEntry *entry,
                                              GError                 **error);
/* The first MAX (> 0) bytes of ENTRY's data, fewer when it is shorter: what sniffing needs,
 * without expanding the rest. */
GBytes            *tsr_doom2d_wad_get_prefix (const TsrDoom2dWad      *wad,
                                              const TsrDoom2dWadEntry *entry,
                                              gsize                    max,
                                              GError                 **error);
/* Whether ENTRY's data expands cleanly (zlib stream; ZIP size and CRC), in constant memory, and
 * to how many bytes (*EXPANDED). Data that expands (or says it does) beyond LIMIT bytes is not
 * expanded further: TSR_ERROR_OUT_OF_RANGE. */
gboolean           tsr_doom2d_wad_check_entry (const TsrDoom2dWad      *wad,
                                               const TsrDoom2dWadEntry *entry,
                                               gsize                    limit,
                                               gsize                   *expanded,
                                               GError                 **error);
/* The most bytes one resource may expand to: 64 times the archive, at least 64 MiB (the loaders'
 * memory budget). Validation expands no more than this in total. */
gsize              tsr_doom2d_wad_resource_limit (const TsrDoom2dWad *wad);
/* Replaces ENTRY's data (compressed when written). */
void               tsr_doom2d_wad_set_data   (TsrDoom2dWad      *wad,
                                              TsrDoom2dWadEntry *entry,
                                              GBytes            *data);
/* Adds a resource at the end of SECTION (made when missing) and returns it. */
TsrDoom2dWadEntry *tsr_doom2d_wad_add        (TsrDoom2dWad *wad,
                                              const char   *section,
                                              const char   *name,
                                              GBytes       *data);
/* Root resources whose content is a map (binary or text), in directory order. */
GPtrArray         *tsr_doom2d_wad_find_maps  (const TsrDoom2dWad *wad);

G_END_DECLS
