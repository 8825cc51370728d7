/* tsr-doom2d-document.c: the Doom2D Forever document and its vector map. Element indices are
 * derived from the record counts (rectangles: panels then triggers; markers: items, monsters,
 * areas), so there is no second list to keep in step with the codec's records. Coordinates are
 * whole map pixels: stored vertices are rounded. */
#include "model/doom2d/tsr-doom2d-document.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "core/tsr-error.h"
#include "model/doom2d/tsr-doom2d-command.h"
#include "model/doom2d/tsr-doom2d-record-clip.h"
#include "model/doom2d/tsr-doom2d-select-map-command.h"

struct _TsrDoom2dDocument {
  TsrDocument    parent_instance;
  TsrDoom2dFile *file;
  gboolean       hidden[TSR_DOOM2D_N_CATEGORIES];
  /* The records of the copy being made: a clip asks for the requirements of the whole selection
   * before it asks for each element's data, so each record's data can say which of its
   * references point at records copied along. */
  TsrDoom2dCopySet *copying;
  /* Archives: the maps opened but not shown (TsrDoom2dMap per map entry, NULL when not parsed
   * or shown; the shown one is the file's) and whether each is a text map. */
  GPtrArray     *kept_maps;
  GArray        *kept_text;
};

enum {
  PROP_0,
  PROP_MAP_INDEX,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void tsr_doom2d_document_vector_map_init (TsrVectorMapInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrDoom2dDocument, tsr_doom2d_document, TSR_TYPE_DOCUMENT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_VECTOR_MAP, tsr_doom2d_document_vector_map_init))

static guint
count (TsrDoom2dDocument *self,
       TsrDoom2dKind      kind)
{
  return self->file != NULL && self->file->map != NULL ? tsr_doom2d_map_count (self->file->map, kind) : 0;
}

gboolean
tsr_doom2d_document_element_to_record (TsrDoom2dDocument   *self,
                                       const TsrElementRef *ref,
                                       TsrDoom2dKind       *kind,
                                       guint               *index)
{
  static const TsrDoom2dKind rectangles[] = { TSR_DOOM2D_KIND_PANEL, TSR_DOOM2D_KIND_TRIGGER };
  static const TsrDoom2dKind markers[] = { TSR_DOOM2D_KIND_ITEM, TSR_DOOM2D_KIND_MONSTER, TSR_DOOM2D_KIND_AREA };
  const TsrDoom2dKind *kinds;
  guint n_kinds, i = ref->index;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), FALSE);
  if (ref->kind == TSR_ELEMENT_RECTANGLE)
    kinds = rectangles, n_kinds = G_N_ELEMENTS (rectangles);
  else if (ref->kind == TSR_ELEMENT_MARKER)
    kinds = markers, n_kinds = G_N_ELEMENTS (markers);
  else
    return FALSE;
  for (guint k = 0; k < n_kinds; k++)
    {
      guint n = count (self, kinds[k]);

      if (i < n)
        {
          if (kind != NULL)
            *kind = kinds[k];
          if (index != NULL)
            *index = i;
          return TRUE;
        }
      i -= n;
    }
  return FALSE;
}

TsrElementRef
tsr_doom2d_document_record_to_element (TsrDoom2dDocument *self,
                                       TsrDoom2dKind      kind,
                                       guint              index)
{
  switch (kind)
    {
    case TSR_DOOM2D_KIND_PANEL:
      return (TsrElementRef) { TSR_ELEMENT_RECTANGLE, index };
    case TSR_DOOM2D_KIND_TRIGGER:
      return (TsrElementRef) { TSR_ELEMENT_RECTANGLE, count (self, TSR_DOOM2D_KIND_PANEL) + index };
    case TSR_DOOM2D_KIND_ITEM:
      return (TsrElementRef) { TSR_ELEMENT_MARKER, index };
    case TSR_DOOM2D_KIND_MONSTER:
      return (TsrElementRef) { TSR_ELEMENT_MARKER, count (self, TSR_DOOM2D_KIND_ITEM) + index };
    case TSR_DOOM2D_KIND_AREA:
      return (TsrElementRef) { TSR_ELEMENT_MARKER, count (self, TSR_DOOM2D_KIND_ITEM)
                                                   + count (self, TSR_DOOM2D_KIND_MONSTER) + index };
    case TSR_DOOM2D_KIND_HEADER:
    case TSR_DOOM2D_KIND_TEXTURE:
    case TSR_DOOM2D_N_KINDS:
    default:
      g_return_val_if_reached (((TsrElementRef) { TSR_ELEMENT_POINT, G_MAXUINT }));
    }
}

static TsrDoom2dRecord *
element_record (TsrDoom2dDocument   *self,
                const TsrElementRef *ref)
{
  TsrDoom2dKind kind;
  guint index;

  if (!tsr_doom2d_document_element_to_record (self, ref, &kind, &index))
    return NULL;
  return tsr_doom2d_map_get (self->file->map, kind, index);
}

void
tsr_doom2d_document_get_record_box (TsrDoom2dDocument *self,
                                    TsrDoom2dKind      kind,
                                    guint              index,
                                    TsrVectorBounds   *box)
{
  const TsrDoom2dRecord *record;
  double w = 16, h = 16;

  g_return_if_fail (TSR_IS_DOOM2D_DOCUMENT (self));
  g_return_if_fail (kind != TSR_DOOM2D_KIND_HEADER && kind != TSR_DOOM2D_KIND_TEXTURE);
  g_return_if_fail (index < count (self, kind));

  record = tsr_doom2d_map_get (self->file->map, kind, index);
  if (kind == TSR_DOOM2D_KIND_PANEL || kind == TSR_DOOM2D_KIND_TRIGGER)
    {
      w = (double) record->values[1].v[0];
      h = (double) record->values[1].v[1];
    }
  *box = (TsrVectorBounds) { (double) record->values[0].v[0], (double) record->values[0].v[1],
                             (double) record->values[0].v[0] + w, (double) record->values[0].v[1] + h };
}

/* TsrVectorMap */

static const char *
doom2d_get_family (TsrVectorMap *map)
{
  return "doom2d";
}

static guint
doom2d_get_n_elements (TsrVectorMap  *map,
                       TsrElementKind kind)
{
  TsrDoom2dDocument *self = TSR_DOOM2D_DOCUMENT (map);

  if (kind == TSR_ELEMENT_RECTANGLE)
    return count (self, TSR_DOOM2D_KIND_PANEL) + count (self, TSR_DOOM2D_KIND_TRIGGER);
  if (kind == TSR_ELEMENT_MARKER)
    return count (self, TSR_DOOM2D_KIND_ITEM) + count (self, TSR_DOOM2D_KIND_MONSTER)
           + count (self, TSR_DOOM2D_KIND_AREA);
  return 0;
}

static guint
doom2d_get_n_vertices (TsrVectorMap        *map,
                       const TsrElementRef *ref)
{
  if (element_record (TSR_DOOM2D_DOCUMENT (map), ref) == NULL)
    return 0;
  return ref->kind == TSR_ELEMENT_RECTANGLE ? 2 : 1;
}

static void
doom2d_get_vertex (TsrVectorMap        *map,
                   const TsrElementRef *ref,
                   guint                vertex,
                   TsrVectorPoint      *position)
{
  const TsrDoom2dRecord *record = element_record (TSR_DOOM2D_DOCUMENT (map), ref);

  g_return_if_fail (record != NULL);
  position->x = (double) record->values[0].v[0];
  position->y = (double) record->values[0].v[1];
  if (ref->kind == TSR_ELEMENT_RECTANGLE && vertex == 1)
    {
      position->x += (double) record->values[1].v[0];
      position->y += (double) record->values[1].v[1];
    }
}

static guint
doom2d_get_vertex_point (TsrVectorMap        *map,
                         const TsrElementRef *ref,
                         guint                vertex)
{
  return G_MAXUINT;
}

static gint64
clamp_coordinate (double value,
                  gint64 minimum,
                  gint64 maximum)
{
  double rounded = floor (value + 0.5);

  if (rounded < (double) minimum)
    return minimum;
  if (rounded > (double) maximum)
    return maximum;
  return (gint64) rounded;
}

/* Corner 0 is the position (the opposite corner stays where it is); corner 1 sets the size.
 * A move stores both corners, so the size comes out right whichever is stored first. */
static void
doom2d_set_vertex (TsrVectorMap         *map,
                   const TsrElementRef  *ref,
                   guint                 vertex,
                   const TsrVectorPoint *position)
{
  TsrDoom2dRecord *record = element_record (TSR_DOOM2D_DOCUMENT (map), ref);
  TsrFieldValue *at, *size;

  g_return_if_fail (record != NULL);
  at = &record->values[0];
  size = &record->values[1];
  if (ref->kind == TSR_ELEMENT_RECTANGLE && vertex == 1)
    {
      size->v[0] = clamp_coordinate (position->x - (double) at->v[0], 0, G_MAXUINT16);
      size->v[1] = clamp_coordinate (position->y - (double) at->v[1], 0, G_MAXUINT16);
      return;
    }
  if (ref->kind == TSR_ELEMENT_RECTANGLE)
    {
      gint64 x1 = at->v[0] + size->v[0], y1 = at->v[1] + size->v[1];

      at->v[0] = clamp_coordinate (position->x, G_MININT32, G_MAXINT32);
      at->v[1] = clamp_coordinate (position->y, G_MININT32, G_MAXINT32);
      size->v[0] = CLAMP (x1 - at->v[0], 0, G_MAXUINT16);
      size->v[1] = CLAMP (y1 - at->v[1], 0, G_MAXUINT16);
      return;
    }
  at->v[0] = clamp_coordinate (position->x, G_MININT32, G_MAXINT32);
  at->v[1] = clamp_coordinate (position->y, G_MININT32, G_MAXINT32);
}

/* Removes the records behind REFS (sorted by kind, then index) highest index first. */
static gpointer
doom2d_remove_elements (TsrVectorMap        *map,
                        const TsrElementRef *refs,
                        guint                n_refs)
{
  TsrDoom2dDocument *self = TSR_DOOM2D_DOCUMENT (map);
  g_autofree TsrDoom2dKind *kinds = g_new (TsrDoom2dKind, MAX (n_refs, 1));
  g_autofree guint *indices = g_new (guint, MAX (n_refs, 1));
  guint n = 0;

  /* Within a kind of element the records' kinds and indices grow with the element index, so the
   * reverse order removes every kind's highest index first, and earlier indices stay valid. */
  for (guint i = n_refs; i-- > 0;)
    if (tsr_doom2d_document_element_to_record (self, &refs[i], &kinds[n], &indices[n]))
      n++;
  return tsr_doom2d_removal_run (self->file->map, kinds, indices, n);
}

static void
doom2d_restore_removed (TsrVectorMap *map,
                        gpointer      removed)
{
  tsr_doom2d_removal_restore (removed, TSR_DOOM2D_DOCUMENT (map)->file->map);
}

static void
doom2d_free_removed (TsrVectorMap *map,
                     gpointer      removed)
{
  tsr_doom2d_removal_free (removed);
}

/* Geometry alone is no record (it has no type, texture or data): pastes bring the record. */
static guint
doom2d_append_element (TsrVectorMap         *map,
                       TsrElementKind        kind,
                       guint                 n_vertices,
                       const TsrVectorPoint *positions,
                       const guint          *points)
{
  return G_MAXUINT;
}

/* Nothing more is needed to paste a copy whole (a trigger whose target stays behind keeps
 * pointing at it); the copy's records are noted for the element data asked for next. */
static void
doom2d_add_requirements (TsrVectorMap *map,
                         GArray       *elements)
{
  TsrDoom2dDocument *self = TSR_DOOM2D_DOCUMENT (map);

  g_clear_pointer (&self->copying, tsr_doom2d_copy_set_free);
  self->copying = tsr_doom2d_copy_set_new ();
  for (guint i = 0; i < elements->len; i++)
    {
      TsrDoom2dKind kind;
      guint index;

      if (tsr_doom2d_document_element_to_record (self, &g_array_index (elements, TsrElementRef, i), &kind, &index))
        tsr_doom2d_copy_set_add (self->copying, kind, index);
    }
}

static GBytes *
doom2d_get_element_data (TsrVectorMap        *map,
                         const TsrElementRef *ref)
{
  TsrDoom2dDocument *self = TSR_DOOM2D_DOCUMENT (map);
  TsrDoom2dKind kind;
  guint index;

  if (!tsr_doom2d_document_element_to_record (self, ref, &kind, &index))
    return NULL;
  return tsr_doom2d_record_clip_encode (self->file->map, kind, index, self->copying);
}

static guint
doom2d_append_element_with_data (TsrVectorMap         *map,
                                 TsrElementKind        kind,
                                 guint                 n_vertices,
                                 const TsrVectorPoint *positions,
                                 const guint          *points,
                                 GBytes               *data)
{
  TsrDoom2dDocument *self = TSR_DOOM2D_DOCUMENT (map);
  TsrDoom2dRecord *record;
  TsrElementRef ref;

  if (tsr_doom2d_document_get_map (self) == NULL || n_vertices < 1
      || (record = tsr_doom2d_record_clip_decode (self->file->map, data, positions[0].x, positions[0].y)) == NULL)
    return G_MAXUINT;
  if ((kind == TSR_ELEMENT_RECTANGLE) != (record->kind == TSR_DOOM2D_KIND_PANEL || record->kind == TSR_DOOM2D_KIND_TRIGGER))
    {
      tsr_doom2d_record_free (record);
      return G_MAXUINT;
    }
  ref = tsr_doom2d_document_record_to_element (self, record->kind, tsr_doom2d_map_add (self->file->map, record));
  return ref.index;
}

static gboolean
doom2d_get_element_style (TsrVectorMap        *map,
                          const TsrElementRef *ref,
                          TsrElementStyle     *style)
{
  TsrDoom2dDocument *self = TSR_DOOM2D_DOCUMENT (map);
  TsrDoom2dKind kind;
  guint index;

  if (!tsr_doom2d_document_element_to_record (self, ref, &kind, &index))
    return FALSE;
  tsr_doom2d_document_get_record_color (self, kind, index, style->color);
  style->hidden = self->hidden[tsr_doom2d_document_get_category (self, kind, index)];
  return TRUE;
}

static void
tsr_doom2d_document_vector_map_init (TsrVectorMapInterface *iface)
{
  iface->get_family = doom2d_get_family;
  iface->get_n_elements = doom2d_get_n_elements;
  iface->get_n_vertices = doom2d_get_n_vertices;
  iface->get_vertex = doom2d_get_vertex;
  iface->get_vertex_point = doom2d_get_vertex_point;
  iface->set_vertex = doom2d_set_vertex;
  iface->remove_elements = doom2d_remove_elements;
  iface->restore_removed = doom2d_restore_removed;
  iface->free_removed = doom2d_free_removed;
  iface->append_element = doom2d_append_element;
  iface->add_requirements = doom2d_add_requirements;
  iface->get_element_data = doom2d_get_element_data;
  iface->append_element_with_data = doom2d_append_element_with_data;
  iface->get_element_style = doom2d_get_element_style;
}

/* The document */

static gboolean
tsr_doom2d_document_attach (TsrDocument *document,
                            GError     **error)
{
  TSR_DOOM2D_DOCUMENT (document)->file = tsr_document_get_format_data (document);
  return TRUE;
}

typedef enum {
  SAVE_KEEP,    /* an extension that names no Doom2D format: as loaded */
  SAVE_BINARY,  /* .map */
  SAVE_TEXT,    /* .txt */
  SAVE_ARCHIVE, /* .wad, .dfwad, .dfz, .zip (the game names ZIP archives .wad too) */
} SaveKind;

static SaveKind
save_kind (const char *path)
{
  static const struct { const char *suffix; SaveKind kind; } suffixes[] = {
    { ".map", SAVE_BINARY }, { ".txt", SAVE_TEXT }, { ".wad", SAVE_ARCHIVE }, { ".dfwad", SAVE_ARCHIVE },
    { ".dfz", SAVE_ARCHIVE }, { ".zip", SAVE_ARCHIVE },
  };
  g_autofree char *lower = g_ascii_strdown (path, -1);

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (g_str_has_suffix (lower, suffixes[i].suffix))
      return suffixes[i].kind;
  return SAVE_KEEP;
}

/* Save As converts a map file between binary (.map) and text (.txt) by the new name's extension;
 * an archive stays the archive it is under its own extensions, a ZIP also under .wad (the game
 * names ZIP archives .wad too). A map file as an archive or an archive as a map file keeps the
 * format, for check_save_path to refuse with its advice. Other names: NULL, the document's rule
 * (refused where another format claims the extension: a DFWAD is no .dfz). */
static const TsrFormat *
tsr_doom2d_document_format_for_path (TsrDocument *document,
                                     const char  *path)
{
  TsrDoom2dDocument *self = TSR_DOOM2D_DOCUMENT (document);
  const TsrFormat *loaded = tsr_document_get_format (document);
  SaveKind kind = save_kind (path);

  if (self->file->wad != NULL)
    {
      g_autofree char *lower = g_ascii_strdown (path, -1);

      if (kind == SAVE_BINARY || kind == SAVE_TEXT || tsr_format_has_extension (loaded, path)
          || (kind == SAVE_ARCHIVE && g_strcmp0 (loaded->id, "doom2d-dfz") == 0 && g_str_has_suffix (lower, ".wad")))
        return loaded;
      return NULL;
    }
  if (kind == SAVE_ARCHIVE)
    return loaded;
  if (kind != SAVE_BINARY && kind != SAVE_TEXT)
    return NULL;
  return tsr_format_registry_lookup (tsr_format_registry_get_default (),
                                     kind == SAVE_TEXT ? "doom2d-text" : "doom2d-map");
}

/* Refuses a save that would change what the file is (a map file as an archive, an archive as a
 * map) or lose data (a text map's text-only fields as binary). An archive keeps its own kind
 * (DFWAD or ZIP) under any archive extension. */
static gboolean
check_save_path (TsrDoom2dDocument *self,
                 const char        *path,
                 GError           **error)
{
  TsrDoom2dFile *file = self->file;
  SaveKind kind = save_kind (path);
  g_autoptr(GPtrArray) lost = NULL;

  if (kind == SAVE_KEEP)
    return TRUE;
  if (file->wad != NULL && (kind == SAVE_BINARY || kind == SAVE_TEXT))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s: an archive of maps is saved as an archive (.wad, .dfz); tessera-cli convert "
                     "takes a map out of it"), path);
      return FALSE;
    }
  if (file->wad == NULL && kind == SAVE_ARCHIVE)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                   _("%s: a map file is saved as .map (binary) or .txt (text); tessera-cli convert "
                     "puts it into an archive"), path);
      return FALSE;
    }
  if (kind != SAVE_BINARY || g_strcmp0 (tsr_document_get_format_id (TSR_DOCUMENT (self)), "doom2d-text") != 0)
    return TRUE;
  lost = g_ptr_array_new_with_free_func (g_free);
  tsr_doom2d_map_binary_losses (file->map, lost);
  if (lost->len == 0)
    return TRUE;
  g_ptr_array_add (lost, NULL);
  {
    g_autofree char *list = g_strjoinv (", ", (char **) lost->pdata);

    g_set_error (error, TSR_ERROR, TSR_ERROR_NOT_SUPPORTED,
                 ngettext ("%s: the binary format has no place for %u value of this text map (%s); save it as .txt",
                           "%s: the binary format has no place for %u values of this text map (%s); save it as .txt",
                           lost->len - 1),
                 path, lost->len - 1, list);
  }
  return FALSE;
}

/* Each edited map of an archive goes back into its resource before the archive is written (the
 * shown one through the format's save). */
static GPtrArray *
tsr_doom2d_document_serialize (TsrDocument *document,
                               const char  *path,
                               GError     **error)
{
  TsrDoom2dDocument *self = TSR_DOOM2D_DOCUMENT (document);
  TsrDoom2dFile *file = self->file;

  if (!check_save_path (self, path, error))
    return NULL;

  for (guint i = 0; file->wad != NULL && i < self->kept_maps->len; i++)
    if (g_ptr_array_index (self->kept_maps, i) != NULL)
      {
        TsrDoom2dMap *shown = file->map;
        TsrDoom2dWadEntry *shown_entry = file->map_entry;
        gboolean shown_text = file->map_is_text, stored;

        file->map = g_ptr_array_index (self->kept_maps, i);
        file->map_entry = g_ptr_array_index (file->map_entries, i);
        file->map_is_text = g_array_index (self->kept_text, gboolean, i);
        stored = tsr_doom2d_file_store_map (file, error);
        file->map = shown;
        file->map_entry = shown_entry;
        file->map_is_text = shown_text;
        if (!stored)
          return NULL;
      }
  return TSR_DOCUMENT_CLASS (tsr_doom2d_document_parent_class)->serialize (document, path, error);
}

static void
tsr_doom2d_document_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MAP_INDEX:
      g_value_set_uint (value, tsr_doom2d_document_get_map_index (TSR_DOOM2D_DOCUMENT (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_doom2d_document_finalize (GObject *object)
{
  TsrDoom2dDocument *self = TSR_DOOM2D_DOCUMENT (object);

  g_clear_pointer (&self->copying, tsr_doom2d_copy_set_free);
  for (guint i = 0; i < self->kept_maps->len; i++)
    tsr_doom2d_map_free (g_ptr_array_index (self->kept_maps, i));
  g_ptr_array_unref (self->kept_maps);
  g_array_unref (self->kept_text);
  G_OBJECT_CLASS (tsr_doom2d_document_parent_class)->finalize (object);
}

static void
tsr_doom2d_document_class_init (TsrDoom2dDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tsr_doom2d_document_finalize;
  object_class->get_property = tsr_doom2d_document_get_property;
  TSR_DOCUMENT_CLASS (klass)->attach = tsr_doom2d_document_attach;
  TSR_DOCUMENT_CLASS (klass)->serialize = tsr_doom2d_document_serialize;
  TSR_DOCUMENT_CLASS (klass)->format_for_path = tsr_doom2d_document_format_for_path;

  properties[PROP_MAP_INDEX] = g_param_spec_uint ("map-index", NULL, NULL, 0, G_MAXUINT, 0,
                                                  G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tsr_doom2d_document_init (TsrDoom2dDocument *self)
{
  self->kept_maps = g_ptr_array_new ();
  self->kept_text = g_array_new (FALSE, TRUE, sizeof (gboolean));
}

void
tsr_doom2d_document_register (void)
{
  static const char *const formats[] = { "doom2d-map", "doom2d-text", "doom2d-wad", "doom2d-dfz" };

  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    tsr_document_register_type (formats[i], TSR_TYPE_DOOM2D_DOCUMENT);
}

TsrDoom2dFile *
tsr_doom2d_document_get_file (TsrDoom2dDocument *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), NULL);
  return self->file;
}

TsrDoom2dMap *
tsr_doom2d_document_get_map (TsrDoom2dDocument *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), NULL);
  return self->file != NULL ? self->file->map : NULL;
}

/* Maps of an archive */

guint
tsr_doom2d_document_get_n_maps (TsrDoom2dDocument *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), 0);

  if (self->file == NULL || self->file->map == NULL)
    return 0;
  return self->file->wad != NULL && self->file->map_entries != NULL ? self->file->map_entries->len : 1;
}

const char *
tsr_doom2d_document_get_map_name (TsrDoom2dDocument *self,
                                  guint              index)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), NULL);
  g_return_val_if_fail (index < tsr_doom2d_document_get_n_maps (self), NULL);

  if (self->file->wad == NULL)
    return self->file->path != NULL ? self->file->path : "";
  return ((TsrDoom2dWadEntry *) g_ptr_array_index (self->file->map_entries, index))->name;
}

guint
tsr_doom2d_document_get_map_index (TsrDoom2dDocument *self)
{
  guint index;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), 0);

  if (self->file == NULL || self->file->wad == NULL || self->file->map_entries == NULL
      || !g_ptr_array_find (self->file->map_entries, self->file->map_entry, &index))
    return 0;
  return index;
}

static void
ensure_kept (TsrDoom2dDocument *self)
{
  guint n = tsr_doom2d_document_get_n_maps (self);

  if (self->kept_maps->len < n)
    {
      g_ptr_array_set_size (self->kept_maps, (gint) n);
      g_array_set_size (self->kept_text, n);
    }
}

guint
tsr_doom2d_document_show_map (TsrDoom2dDocument *self,
                              guint              index)
{
  TsrDoom2dFile *file;
  guint shown;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), 0);
  shown = tsr_doom2d_document_get_map_index (self);
  g_return_val_if_fail (index < tsr_doom2d_document_get_n_maps (self), shown);

  ensure_kept (self);
  if (index == shown || g_ptr_array_index (self->kept_maps, index) == NULL)
    return shown;
  file = self->file;
  g_ptr_array_index (self->kept_maps, shown) = file->map;
  g_array_index (self->kept_text, gboolean, shown) = file->map_is_text;
  file->map = g_steal_pointer (&g_ptr_array_index (self->kept_maps, index));
  file->map_is_text = g_array_index (self->kept_text, gboolean, index);
  file->map_entry = g_ptr_array_index (file->map_entries, index);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAP_INDEX]);
  /* Every element is another now. */
  tsr_vector_map_elements_changed (TSR_VECTOR_MAP (self), NULL, 0, TSR_ELEMENTS_STRUCTURE);
  return shown;
}

gboolean
tsr_doom2d_document_select_map (TsrDoom2dDocument *self,
                                guint              index,
                                GError           **error)
{
  TsrDoom2dFile *file;
  g_autofree char *description = NULL;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), FALSE);
  g_return_val_if_fail (index < tsr_doom2d_document_get_n_maps (self), FALSE);

  if (index == tsr_doom2d_document_get_map_index (self))
    return TRUE;
  ensure_kept (self);
  file = self->file;
  if (g_ptr_array_index (self->kept_maps, index) == NULL)
    {
      /* Parsed by the codec, then kept beside the map shown. */
      TsrDoom2dMap *shown = g_steal_pointer (&file->map);
      TsrDoom2dWadEntry *shown_entry = file->map_entry;
      gboolean shown_text = file->map_is_text, parsed;

      parsed = tsr_doom2d_file_select_map (file, index, error);
      if (parsed)
        {
          g_ptr_array_index (self->kept_maps, index) = file->map;
          g_array_index (self->kept_text, gboolean, index) = file->map_is_text;
        }
      file->map = shown;
      file->map_entry = shown_entry;
      file->map_is_text = shown_text;
      if (!parsed)
        return FALSE;
    }
  description = g_strdup_printf (_("Open Map %s"), tsr_doom2d_document_get_map_name (self, index));
  tsr_document_execute_take (TSR_DOCUMENT (self), tsr_doom2d_select_map_command_new (self, index, description));
  return TRUE;
}

/* Edits */

static void
execute (TsrDoom2dDocument *self,
         TsrDoom2dCommand  *command)
{
  tsr_document_execute (TSR_DOCUMENT (self), TSR_COMMAND (command));
}

guint
tsr_doom2d_document_add_record (TsrDoom2dDocument *self,
                                TsrDoom2dRecord   *record,
                                const char        *description)
{
  g_autoptr(TsrDoom2dCommand) command = NULL;
  guint index;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), G_MAXUINT);
  g_return_val_if_fail (tsr_doom2d_document_get_map (self) != NULL, G_MAXUINT);
  g_return_val_if_fail (record != NULL && record->kind != TSR_DOOM2D_KIND_HEADER, G_MAXUINT);

  index = count (self, record->kind);
  command = tsr_doom2d_command_new (self, description);
  tsr_doom2d_command_add (command, record);
  execute (self, command);
  return index;
}

static int
compare_descending (gconstpointer a,
                    gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? 1 : x > y ? -1 : 0;
}

gboolean
tsr_doom2d_document_remove_records (TsrDoom2dDocument *self,
                                    TsrDoom2dKind      kind,
                                    const guint       *indices,
                                    guint              n_indices,
                                    const char        *description)
{
  g_autoptr(TsrDoom2dCommand) command = NULL;
  g_autoptr(GArray) sorted = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), FALSE);
  g_return_val_if_fail (kind != TSR_DOOM2D_KIND_HEADER, FALSE);

  for (guint i = 0; i < n_indices; i++)
    if (indices[i] < count (self, kind))
      g_array_append_val (sorted, indices[i]);
  g_array_sort (sorted, compare_descending);
  command = tsr_doom2d_command_new (self, description != NULL ? description : _("Delete"));
  for (guint i = 0; i < sorted->len; i++)
    if (i == 0 || g_array_index (sorted, guint, i) != g_array_index (sorted, guint, i - 1))
      tsr_doom2d_command_remove (command, kind, g_array_index (sorted, guint, i));
  if (tsr_doom2d_command_get_n_operations (command) == 0)
    return FALSE;
  execute (self, command);
  return TRUE;
}

static TsrDoom2dRecord *
get_record (TsrDoom2dDocument *self,
            TsrDoom2dKind      kind,
            guint              index)
{
  if (kind == TSR_DOOM2D_KIND_HEADER)
    return self->file->map->header;
  return index < count (self, kind) ? tsr_doom2d_map_get (self->file->map, kind, index) : NULL;
}

gboolean
tsr_doom2d_document_set_field (TsrDoom2dDocument   *self,
                               TsrDoom2dKind        kind,
                               guint                index,
                               gboolean             data,
                               guint                field,
                               const TsrFieldValue *value,
                               const char          *description,
                               GError             **error)
{
  g_autoptr(TsrDoom2dCommand) command = NULL;
  TsrDoom2dRecord *record;
  const TsrFieldTable *table;
  const TsrField *info;
  g_autofree char *label = NULL;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tsr_doom2d_document_get_map (self) != NULL, FALSE);

  record = get_record (self, kind, index);
  if (record == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("no %s %u"),
                   tsr_doom2d_record_type (kind)->table.name, index);
      return FALSE;
    }
  table = data ? (record->layout != NULL ? &record->layout->table : NULL) : &tsr_doom2d_record_get_type (record)->table;
  if (table == NULL || field >= table->n_fields)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("%s %u has no field %u"),
                   tsr_doom2d_record_type (kind)->table.name, index, field);
      return FALSE;
    }
  info = &table->fields[field];
  if (tsr_field_is_text (info) ? value->text == NULL : info->type == TSR_FIELD_BYTES)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("%s cannot be set"), info->name);
      return FALSE;
    }
  if (!tsr_field_is_text (info))
    {
      gint64 minimum, maximum;
      guint n = tsr_field_get_n_components (info);

      tsr_field_get_range (info, &minimum, &maximum);
      /* References are held as indices, -1 for none, whatever the stored form. */
      if (info->reference != TSR_DOOM2D_REF_NONE)
        minimum = -1;
      for (guint c = 0; c < n; c++)
        if (value->v[c] < minimum || value->v[c] > maximum)
          {
            g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                         _("%s: %" PRId64 " is outside %" PRId64 " to %" PRId64),
                         info->name, value->v[c], minimum, maximum);
            return FALSE;
          }
    }
  if (tsr_field_value_equal (info, data ? &record->data_values[field] : &record->values[field], value))
    return TRUE;

  if (description == NULL)
    {
      g_autofree char *name = g_strdup (info->label != NULL ? _(info->label) : info->name);

      name[0] = g_ascii_toupper (name[0]);
      label = g_strdup_printf (_("Set %s"), name);
      description = label;
    }
  command = tsr_doom2d_command_new (self, description);
  if (kind == TSR_DOOM2D_KIND_TRIGGER && !data && field == TSR_DOOM2D_TRIGGER_TYPE)
    tsr_doom2d_command_set_trigger_type (command, index, (guint) value->v[0]);
  else
    tsr_doom2d_command_set (command, kind, index, data, field, value);
  execute (self, command);
  return TRUE;
}

/* Map size */

void
tsr_doom2d_resize_offset (guint           old_width,
                          guint           old_height,
                          guint           new_width,
                          guint           new_height,
                          TsrDoom2dAnchor anchor,
                          gint64         *dx,
                          gint64         *dy)
{
  g_return_if_fail (anchor < TSR_DOOM2D_N_ANCHORS);

  *dx = ((gint64) new_width - (gint64) old_width) * (gint64) (anchor % 3) / 2;
  *dy = ((gint64) new_height - (gint64) old_height) * (gint64) (anchor / 3) / 2;
}

/* Adds to COMMAND a move by (DX, DY) of every point field of FIELDS holding VALUES. */
static void
move_points (TsrDoom2dCommand    *command,
             TsrDoom2dKind        kind,
             guint                index,
             gboolean             data,
             const TsrFieldTable *table,
             const TsrFieldValue *values,
             gint64               dx,
             gint64               dy)
{
  for (guint f = 0; f < table->n_fields; f++)
    if (table->fields[f].type == TSR_FIELD_POINT)
      {
        TsrFieldValue moved = { { values[f].v[0] + dx, values[f].v[1] + dy } };

        tsr_doom2d_command_set (command, kind, index, data, f, &moved);
      }
}

gboolean
tsr_doom2d_document_resize_map (TsrDoom2dDocument *self,
                                guint              width,
                                guint              height,
                                TsrDoom2dAnchor    anchor,
                                GError           **error)
{
  static const TsrDoom2dKind kinds[] = { TSR_DOOM2D_KIND_PANEL, TSR_DOOM2D_KIND_ITEM, TSR_DOOM2D_KIND_MONSTER,
                                         TSR_DOOM2D_KIND_AREA, TSR_DOOM2D_KIND_TRIGGER };
  g_autoptr(TsrDoom2dCommand) command = NULL;
  TsrDoom2dMap *map;
  TsrFieldValue size = { { width, height } };
  const TsrFieldValue *old;
  gint64 dx, dy;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), FALSE);
  g_return_val_if_fail (anchor < TSR_DOOM2D_N_ANCHORS, FALSE);
  g_return_val_if_fail ((map = tsr_doom2d_document_get_map (self)) != NULL, FALSE);

  if (width < 1 || width > G_MAXUINT16 || height < 1 || height > G_MAXUINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("A map is 1 to 65535 pixels wide and high, not %u × %u"),
                   width, height);
      return FALSE;
    }
  old = &map->header->values[TSR_DOOM2D_HEADER_SIZE];
  if (old->v[0] == width && old->v[1] == height)
    return TRUE;
  tsr_doom2d_resize_offset ((guint) old->v[0], (guint) old->v[1], width, height, anchor, &dx, &dy);
  command = tsr_doom2d_command_new (self, _("Resize Map"));
  tsr_doom2d_command_set (command, TSR_DOOM2D_KIND_HEADER, 0, FALSE, TSR_DOOM2D_HEADER_SIZE, &size);
  if (dx != 0 || dy != 0)
    for (gsize k = 0; k < G_N_ELEMENTS (kinds); k++)
      for (guint i = 0; i < count (self, kinds[k]); i++)
        {
          const TsrDoom2dRecord *record = tsr_doom2d_map_get (map, kinds[k], i);
          TsrFieldValue moved = { { record->values[0].v[0] + dx, record->values[0].v[1] + dy } };

          /* Field 0 is every placed record's position; other points of a record (a panel's
           * text-only move_* and size_* fields) are speeds and offsets, not places. */
          tsr_doom2d_command_set (command, kinds[k], i, FALSE, 0, &moved);
          if (record->layout != NULL)
            move_points (command, kinds[k], i, TRUE, &record->layout->table, record->data_values, dx, dy);
        }
  execute (self, command);
  return TRUE;
}

/* Targets */

gboolean
tsr_doom2d_document_get_trigger_target (TsrDoom2dDocument *self,
                                        guint              trigger,
                                        TsrDoom2dTarget   *target)
{
  const TsrDoom2dRecord *record;
  guint type;
  int field = -1;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), FALSE);

  *target = (TsrDoom2dTarget) { TSR_DOOM2D_TARGET_NONE, FALSE, 0, 0 };
  if (trigger >= count (self, TSR_DOOM2D_KIND_TRIGGER))
    return FALSE;
  record = tsr_doom2d_map_get (self->file->map, TSR_DOOM2D_KIND_TRIGGER, trigger);
  type = (guint) record->values[TSR_DOOM2D_TRIGGER_TYPE].v[0];
  if (record->layout != NULL)
    {
      const TsrFieldTable *table = &record->layout->table;

      if (type >= TSR_DOOM2D_TRIGGER_OPENDOOR && type <= TSR_DOOM2D_TRIGGER_TRAP)
        {
          field = tsr_field_table_find (table, "panelid");
          target->panel_mask = TSR_DOOM2D_PANEL_OPENDOOR | TSR_DOOM2D_PANEL_CLOSEDOOR;
          target->kind = TSR_DOOM2D_TARGET_PANEL;
        }
      else if (type >= TSR_DOOM2D_TRIGGER_LIFTUP && type <= TSR_DOOM2D_TRIGGER_LIFT)
        {
          field = tsr_field_table_find (table, "panelid");
          target->panel_mask = TSR_DOOM2D_PANEL_LIFTUP | TSR_DOOM2D_PANEL_LIFTDOWN
                               | TSR_DOOM2D_PANEL_LIFTLEFT | TSR_DOOM2D_PANEL_LIFTRIGHT;
          target->kind = TSR_DOOM2D_TARGET_PANEL;
        }
      else if (tsr_field_table_find (table, "monsterid") >= 0)
        {
          field = tsr_field_table_find (table, "monsterid");
          target->kind = TSR_DOOM2D_TARGET_MONSTER;
        }
      else if (tsr_field_table_find (table, "panelid") >= 0)
        {
          field = tsr_field_table_find (table, "panelid");
          target->kind = TSR_DOOM2D_TARGET_PANEL;
        }
      else if (tsr_field_table_find (table, "target") >= 0
               && table->fields[tsr_field_table_find (table, "target")].type == TSR_FIELD_POINT)
        {
          field = tsr_field_table_find (table, "target");
          target->kind = TSR_DOOM2D_TARGET_POINT;
        }
      else if (tsr_field_table_find (table, "position") >= 0)
        {
          field = tsr_field_table_find (table, "position");
          target->kind = TSR_DOOM2D_TARGET_POINT;
        }
      target->data = TRUE;
    }
  if (field < 0 && type == 14)
    {
      /* TRIGGER_TEXTURE switches the texture of its texture panel. */
      field = TSR_DOOM2D_TRIGGER_TEXTURE_PANEL;
      target->kind = TSR_DOOM2D_TARGET_PANEL;
      target->data = FALSE;
    }
  if (field < 0)
    {
      target->kind = TSR_DOOM2D_TARGET_NONE;
      return FALSE;
    }
  target->field = (guint) field;
  return TRUE;
}

gboolean
tsr_doom2d_document_accepts_target (TsrDoom2dDocument *self,
                                    guint              trigger,
                                    TsrDoom2dKind      kind,
                                    guint              index)
{
  TsrDoom2dTarget target;

  if (!tsr_doom2d_document_get_trigger_target (self, trigger, &target) || index >= count (self, kind))
    return FALSE;
  if (target.kind == TSR_DOOM2D_TARGET_MONSTER)
    return kind == TSR_DOOM2D_KIND_MONSTER;
  if (target.kind != TSR_DOOM2D_TARGET_PANEL || kind != TSR_DOOM2D_KIND_PANEL)
    return FALSE;
  return target.panel_mask == 0
         || (tsr_doom2d_map_get (self->file->map, kind, index)->values[TSR_DOOM2D_PANEL_TYPE].v[0]
             & target.panel_mask) != 0;
}

gboolean
tsr_doom2d_document_set_trigger_target (TsrDoom2dDocument *self,
                                        guint              trigger,
                                        TsrDoom2dKind      kind,
                                        gint64             index,
                                        GError           **error)
{
  TsrDoom2dTarget target;
  TsrFieldValue value = { { index } };

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), FALSE);

  if (!tsr_doom2d_document_get_trigger_target (self, trigger, &target)
      || target.kind == TSR_DOOM2D_TARGET_POINT
      || (index >= 0 && !tsr_doom2d_document_accepts_target (self, trigger, kind, (guint) index)))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("Trigger %u cannot point at this %s"), trigger,
                   tsr_doom2d_record_type (kind)->table.name);
      return FALSE;
    }
  return tsr_doom2d_document_set_field (self, TSR_DOOM2D_KIND_TRIGGER, trigger, target.data, target.field,
                                        &value, _("Set Trigger Target"), error);
}

gboolean
tsr_doom2d_document_set_trigger_point (TsrDoom2dDocument *self,
                                       guint              trigger,
                                       gint64             x,
                                       gint64             y,
                                       GError           **error)
{
  TsrDoom2dTarget target;
  TsrFieldValue value = { { x, y } };

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), FALSE);

  if (!tsr_doom2d_document_get_trigger_target (self, trigger, &target) || target.kind != TSR_DOOM2D_TARGET_POINT)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("Trigger %u has no target point"), trigger);
      return FALSE;
    }
  return tsr_doom2d_document_set_field (self, TSR_DOOM2D_KIND_TRIGGER, trigger, target.data, target.field,
                                        &value, _("Set Trigger Target"), error);
}

/* The data fields of trigger TRIGGER's area (a point "position" and a size "size"), or FALSE. */
static gboolean
trigger_area_fields (TsrDoom2dDocument *self,
                     guint              trigger,
                     int               *position,
                     int               *size)
{
  return trigger < count (self, TSR_DOOM2D_KIND_TRIGGER)
         && tsr_doom2d_trigger_area_fields (tsr_doom2d_map_get (self->file->map, TSR_DOOM2D_KIND_TRIGGER, trigger),
                                            position, size);
}

gboolean
tsr_doom2d_document_get_trigger_area (TsrDoom2dDocument *self,
                                      guint              trigger,
                                      TsrVectorBounds   *area)
{
  const TsrDoom2dRecord *record;
  int position, size;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), FALSE);
  if (!trigger_area_fields (self, trigger, &position, &size))
    return FALSE;
  record = tsr_doom2d_map_get (self->file->map, TSR_DOOM2D_KIND_TRIGGER, trigger);
  area->x0 = (double) record->data_values[position].v[0];
  area->y0 = (double) record->data_values[position].v[1];
  area->x1 = area->x0 + (double) record->data_values[size].v[0];
  area->y1 = area->y0 + (double) record->data_values[size].v[1];
  return TRUE;
}

gboolean
tsr_doom2d_document_set_trigger_area (TsrDoom2dDocument *self,
                                      guint              trigger,
                                      gint64             x,
                                      gint64             y,
                                      gint64             width,
                                      gint64             height,
                                      GError           **error)
{
  g_autoptr(TsrDoom2dCommand) command = NULL;
  const TsrDoom2dRecord *record;
  TsrFieldValue at = { { x, y } }, extent = { { width, height } };
  int position, size;
  gint64 minimum, maximum;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), FALSE);
  if (!trigger_area_fields (self, trigger, &position, &size))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("Trigger %u presses no area"), trigger);
      return FALSE;
    }
  record = tsr_doom2d_map_get (self->file->map, TSR_DOOM2D_KIND_TRIGGER, trigger);
  for (int f = 0; f < 2; f++)
    {
      const TsrFieldValue *value = f == 0 ? &at : &extent;

      tsr_field_get_range (&record->layout->table.fields[f == 0 ? position : size], &minimum, &maximum);
      for (int c = 0; c < 2; c++)
        if (value->v[c] < minimum || value->v[c] > maximum)
          {
            g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                         _("%s: %" PRId64 " is outside %" PRId64 " to %" PRId64),
                         record->layout->table.fields[f == 0 ? position : size].name, value->v[c], minimum, maximum);
            return FALSE;
          }
    }
  command = tsr_doom2d_command_new (self, _("Set Press Area"));
  tsr_doom2d_command_set (command, TSR_DOOM2D_KIND_TRIGGER, trigger, TRUE, (guint) position, &at);
  tsr_doom2d_command_set (command, TSR_DOOM2D_KIND_TRIGGER, trigger, TRUE, (guint) size, &extent);
  execute (self, command);
  return TRUE;
}

/* Categories and colours */

TsrDoom2dCategory
tsr_doom2d_panel_category (gint64 type)
{
  if (type & (TSR_DOOM2D_PANEL_WATER | TSR_DOOM2D_PANEL_ACID1 | TSR_DOOM2D_PANEL_ACID2))
    return TSR_DOOM2D_CATEGORY_LIQUIDS;
  if (type & (TSR_DOOM2D_PANEL_LIFTUP | TSR_DOOM2D_PANEL_LIFTDOWN | TSR_DOOM2D_PANEL_LIFTLEFT
              | TSR_DOOM2D_PANEL_LIFTRIGHT | TSR_DOOM2D_PANEL_BLOCKMON))
    return TSR_DOOM2D_CATEGORY_SPECIAL;
  if (type & (TSR_DOOM2D_PANEL_WALL | TSR_DOOM2D_PANEL_OPENDOOR | TSR_DOOM2D_PANEL_CLOSEDOOR
              | TSR_DOOM2D_PANEL_STEP))
    return TSR_DOOM2D_CATEGORY_WALLS;
  if (type & TSR_DOOM2D_PANEL_FORE)
    return TSR_DOOM2D_CATEGORY_FOREGROUND;
  return TSR_DOOM2D_CATEGORY_BACKGROUND;
}

TsrDoom2dCategory
tsr_doom2d_document_get_category (TsrDoom2dDocument *self,
                                  TsrDoom2dKind      kind,
                                  guint              index)
{
  switch (kind)
    {
    case TSR_DOOM2D_KIND_PANEL:
      g_return_val_if_fail (index < count (self, kind), TSR_DOOM2D_CATEGORY_WALLS);
      return tsr_doom2d_panel_category (tsr_doom2d_map_get (self->file->map, kind, index)->values[TSR_DOOM2D_PANEL_TYPE].v[0]);
    case TSR_DOOM2D_KIND_ITEM:
      return TSR_DOOM2D_CATEGORY_ITEMS;
    case TSR_DOOM2D_KIND_MONSTER:
      return TSR_DOOM2D_CATEGORY_MONSTERS;
    case TSR_DOOM2D_KIND_AREA:
      return TSR_DOOM2D_CATEGORY_AREAS;
    case TSR_DOOM2D_KIND_TRIGGER:
      return TSR_DOOM2D_CATEGORY_TRIGGERS;
    case TSR_DOOM2D_KIND_HEADER:
    case TSR_DOOM2D_KIND_TEXTURE:
    case TSR_DOOM2D_N_KINDS:
    default:
      g_return_val_if_reached (TSR_DOOM2D_CATEGORY_WALLS);
    }
}

gboolean
tsr_doom2d_document_get_category_visible (TsrDoom2dDocument *self,
                                          TsrDoom2dCategory  category)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (self), FALSE);
  g_return_val_if_fail (category < TSR_DOOM2D_N_CATEGORIES, FALSE);
  return !self->hidden[category];
}

void
tsr_doom2d_document_set_category_visible (TsrDoom2dDocument *self,
                                          TsrDoom2dCategory  category,
                                          gboolean           visible)
{
  g_autoptr(GArray) elements = g_array_new (FALSE, FALSE, sizeof (TsrElementRef));

  g_return_if_fail (TSR_IS_DOOM2D_DOCUMENT (self));
  g_return_if_fail (category < TSR_DOOM2D_N_CATEGORIES);

  if (self->hidden[category] == !visible)
    return;
  self->hidden[category] = !visible;
  for (TsrDoom2dKind kind = TSR_DOOM2D_KIND_PANEL; kind < TSR_DOOM2D_N_KINDS; kind++)
    for (guint i = 0; i < count (self, kind); i++)
      if (tsr_doom2d_document_get_category (self, kind, i) == category)
        {
          TsrElementRef ref = tsr_doom2d_document_record_to_element (self, kind, i);

          g_array_append_val (elements, ref);
        }
  g_array_sort (elements, (GCompareFunc) tsr_element_ref_compare);
  /* Not an edit: the elements look different, nothing moved in the lists. */
  tsr_vector_map_elements_changed (TSR_VECTOR_MAP (self), (const TsrElementRef *) elements->data, elements->len,
                                   TSR_ELEMENTS_GEOMETRY);
}

static void
set_rgba (double        rgba[4],
          guint32       packed)
{
  rgba[0] = ((packed >> 24) & 0xff) / 255.0;
  rgba[1] = ((packed >> 16) & 0xff) / 255.0;
  rgba[2] = ((packed >> 8) & 0xff) / 255.0;
  rgba[3] = (packed & 0xff) / 255.0;
}

void
tsr_doom2d_document_get_record_color (TsrDoom2dDocument *self,
                                      TsrDoom2dKind      kind,
                                      guint              index,
                                      double             rgba[4])
{
  gint64 type;

  g_return_if_fail (TSR_IS_DOOM2D_DOCUMENT (self));

  switch (kind)
    {
    case TSR_DOOM2D_KIND_PANEL:
      g_return_if_fail (index < count (self, kind));
      type = tsr_doom2d_map_get (self->file->map, kind, index)->values[TSR_DOOM2D_PANEL_TYPE].v[0];
      /* The CLI render's colours (tsr-doom2d-render.c), so both views of a map agree. */
      if (type & TSR_DOOM2D_PANEL_WATER)
        set_rgba (rgba, 0x2050d0b0);
      else if (type & TSR_DOOM2D_PANEL_ACID1)
        set_rgba (rgba, 0x30c030b0);
      else if (type & TSR_DOOM2D_PANEL_ACID2)
        set_rgba (rgba, 0xd03030b0);
      else if (type & (TSR_DOOM2D_PANEL_OPENDOOR | TSR_DOOM2D_PANEL_CLOSEDOOR))
        set_rgba (rgba, 0xa07040ff);
      else if (type & (TSR_DOOM2D_PANEL_LIFTUP | TSR_DOOM2D_PANEL_LIFTDOWN | TSR_DOOM2D_PANEL_LIFTLEFT
                       | TSR_DOOM2D_PANEL_LIFTRIGHT))
        set_rgba (rgba, 0x40a0a0c0);
      else if (type & TSR_DOOM2D_PANEL_BLOCKMON)
        set_rgba (rgba, 0x80208060);
      else if (type & TSR_DOOM2D_PANEL_WALL)
        set_rgba (rgba, 0x909090ff);
      else if (type & TSR_DOOM2D_PANEL_STEP)
        set_rgba (rgba, 0xb0b070ff);
      else if (type & TSR_DOOM2D_PANEL_FORE)
        set_rgba (rgba, 0x60606090);
      else if (type & TSR_DOOM2D_PANEL_BACK)
        set_rgba (rgba, 0x404048ff);
      else
        set_rgba (rgba, 0x808080a0);
      break;
    case TSR_DOOM2D_KIND_ITEM:
      set_rgba (rgba, 0xf0d020ff);
      break;
    case TSR_DOOM2D_KIND_MONSTER:
      set_rgba (rgba, 0xe03020ff);
      break;
    case TSR_DOOM2D_KIND_AREA:
      set_rgba (rgba, 0x20e060ff);
      break;
    case TSR_DOOM2D_KIND_TRIGGER:
      set_rgba (rgba, 0xff40ff40);
      break;
    case TSR_DOOM2D_KIND_HEADER:
    case TSR_DOOM2D_KIND_TEXTURE:
    case TSR_DOOM2D_N_KINDS:
    default:
      set_rgba (rgba, 0x808080ff);
      break;
    }
}
