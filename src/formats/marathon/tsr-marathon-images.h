/* tsr-marathon-images.h: Marathon Images files: PICT and clut resources in a resource fork
 * (MacBinary or AppleSingle) or in a wad (entry index = resource id, chunk tag = type). Pictures
 * can be listed, decoded, replaced or added from RGBA, and removed; untouched files write back
 * byte-identical. */
#pragma once

#include <glib.h>

#include "core/tsr-image.h"
#include "formats/marathon/tsr-mac-wrapper.h"
#include "formats/marathon/tsr-pict.h"
#include "formats/marathon/tsr-wad.h"

G_BEGIN_DECLS

#define TSR_RESOURCE_PICT TSR_FOURCC ('P', 'I', 'C', 'T')
#define TSR_RESOURCE_PICT_RAW TSR_FOURCC ('p', 'i', 'c', 't')
#define TSR_RESOURCE_CLUT TSR_FOURCC ('c', 'l', 'u', 't')

typedef enum {
  TSR_MARATHON_IMAGES_RESOURCE_FORK,
  TSR_MARATHON_IMAGES_WAD,
} TsrMarathonImagesStorage;

typedef struct {
  TsrMarathonImagesStorage storage;
  TsrMacFile      *mac;   /* wrapper (kind NONE for a bare wad) */
  TsrResourceFork *fork;  /* resource-fork storage */
  TsrWad          *wad;   /* wad storage (in the data fork) */
} TsrMarathonImages;

/* One picture or colour table: its type, id and bytes (borrowed). */
typedef struct {
  guint32  type;
  int      id;
  GBytes  *data;
} TsrMarathonImagesItem;

guint              tsr_marathon_images_sniff   (const guint8 *data,
                                                gsize         size);
TsrMarathonImages *tsr_marathon_images_parse   (GBytes       *bytes,
                                                GError      **error);
GBytes            *tsr_marathon_images_serialize (const TsrMarathonImages *images,
                                                  GError      **error);
void               tsr_marathon_images_free    (TsrMarathonImages *images);
/* Items of TYPE (PICT, pict or clut) in file order. */
GArray            *tsr_marathon_images_list    (const TsrMarathonImages *images,
                                                guint32       type);
/* The picture ID ('PICT' first, then the raw 'pict' form) decoded, or NULL with the reason. */
TsrImage          *tsr_marathon_images_decode  (const TsrMarathonImages *images,
                                                int           id,
                                                TsrPictInfo  *info,
                                                GError      **error);
/* Replaces or adds picture ID as a PICT encoded from IMAGE. */
gboolean           tsr_marathon_images_set_picture (TsrMarathonImages *images,
                                                    int           id,
                                                    const TsrImage *image,
                                                    TsrPictEncoding encoding,
                                                    GError      **error);
gboolean           tsr_marathon_images_remove_picture (TsrMarathonImages *images,
                                                       int           id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonImages, tsr_marathon_images_free)

G_END_DECLS
