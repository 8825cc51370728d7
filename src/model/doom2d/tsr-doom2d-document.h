/* tsr-doom2d-document.h: an open Doom2D Forever map (a map file, binary or text, or a map inside a
 * DFWAD or ZIP archive) as a document, and as a TsrVectorMap for the editor core: panels and
 * triggers are rectangles (panels first, then triggers), items, monsters and areas are markers at
 * their positions (items, then monsters, then areas). Every edit is a TsrDoom2dCommand on the
 * document's undo stack; removing records renumbers and clears references as the codec does, and
 * undo puts every reference back exactly. Saving writes the map as it was loaded (binary or text;
 * inside its archive, every other entry untouched). GTK-free. */
#pragma once

#include "edit/tsr-vector-map.h"
#include "formats/doom2d/tsr-doom2d-formats.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

/* What the editor shows or hides together. Panels fall into a category by their type. */
typedef enum {
  TSR_DOOM2D_CATEGORY_WALLS,       /* walls, doors, one-way steps */
  TSR_DOOM2D_CATEGORY_BACKGROUND,
  TSR_DOOM2D_CATEGORY_FOREGROUND,
  TSR_DOOM2D_CATEGORY_LIQUIDS,     /* water, acid */
  TSR_DOOM2D_CATEGORY_SPECIAL,     /* lifts, streams, monster boundaries */
  TSR_DOOM2D_CATEGORY_ITEMS,
  TSR_DOOM2D_CATEGORY_MONSTERS,
  TSR_DOOM2D_CATEGORY_AREAS,
  TSR_DOOM2D_CATEGORY_TRIGGERS,
  TSR_DOOM2D_N_CATEGORIES,
} TsrDoom2dCategory;

#define TSR_TYPE_DOOM2D_DOCUMENT (tsr_doom2d_document_get_type ())
G_DECLARE_FINAL_TYPE (TsrDoom2dDocument, tsr_doom2d_document, TSR, DOOM2D_DOCUMENT, TsrDocument)

/* Registers the document for doom2d-map, doom2d-text, doom2d-wad and doom2d-dfz. */
void              tsr_doom2d_document_register        (void);

/* The codec's file and its current map (NULL for an archive without maps). (transfer none) */
TsrDoom2dFile    *tsr_doom2d_document_get_file        (TsrDoom2dDocument *self);
TsrDoom2dMap     *tsr_doom2d_document_get_map         (TsrDoom2dDocument *self);

/* Archives holding several maps: the map shown is one of them, and switching is one step "Open
 * Map NAME" (undo goes back to the map before). Every map opened is kept with its edits, and saving
 * writes each edited one back into its resource, every other entry untouched. A map file has one
 * map. */
guint             tsr_doom2d_document_get_n_maps      (TsrDoom2dDocument *self);
/* The resource name of map INDEX (transfer none). */
const char       *tsr_doom2d_document_get_map_name    (TsrDoom2dDocument *self,
                                                       guint              index);
/* The map shown ("map-index" notifies when it changes). */
guint             tsr_doom2d_document_get_map_index   (TsrDoom2dDocument *self);
/* FALSE with an error when map INDEX does not parse; TRUE without a step when it is shown. */
gboolean          tsr_doom2d_document_select_map      (TsrDoom2dDocument *self,
                                                       guint              index,
                                                       GError           **error);
/* For the command only: shows map INDEX (parsed already) and returns the one shown before. */
guint             tsr_doom2d_document_show_map        (TsrDoom2dDocument *self,
                                                       guint              index);

/* Elements and records. FALSE when REF names no record. */
gboolean          tsr_doom2d_document_element_to_record (TsrDoom2dDocument   *self,
                                                         const TsrElementRef *ref,
                                                         TsrDoom2dKind       *kind,
                                                         guint               *index);
/* The element showing record INDEX of KIND (panels, items, monsters, areas, triggers). */
TsrElementRef     tsr_doom2d_document_record_to_element (TsrDoom2dDocument *self,
                                                         TsrDoom2dKind      kind,
                                                         guint              index);
/* The record's rectangle (panels, triggers) or its 16 x 16 box (things), in map pixels. */
void              tsr_doom2d_document_get_record_box  (TsrDoom2dDocument *self,
                                                       TsrDoom2dKind      kind,
                                                       guint              index,
                                                       TsrVectorBounds   *box);

/* Edits, each one undo step named DESCRIPTION (or a default). */
/* Appends RECORD (transfer full); returns its index. */
guint             tsr_doom2d_document_add_record      (TsrDoom2dDocument *self,
                                                       TsrDoom2dRecord   *record,
                                                       const char        *description);
/* Removes the listed records of KIND (any order; duplicates ignored). */
gboolean          tsr_doom2d_document_remove_records  (TsrDoom2dDocument *self,
                                                       TsrDoom2dKind      kind,
                                                       const guint       *indices,
                                                       guint              n_indices,
                                                       const char        *description);
/* Sets FIELD of the record (a field of the trigger's data layout when DATA) to VALUE. Setting a
 * trigger's type switches its data to the new type's layout. FALSE with an error when the value
 * is out of the field's range; TRUE without a step when the record already holds it. */
gboolean          tsr_doom2d_document_set_field       (TsrDoom2dDocument   *self,
                                                       TsrDoom2dKind        kind,
                                                       guint                index,
                                                       gboolean             data,
                                                       guint                field,
                                                       const TsrFieldValue *value,
                                                       const char          *description,
                                                       GError             **error);

/* Map size. The anchor is the place of the nine (a 3 x 3 grid, row by row from the top left) that
 * keeps its position when the map grows or shrinks, as in a canvas-size dialog. */
typedef enum {
  TSR_DOOM2D_ANCHOR_TOP_LEFT,
  TSR_DOOM2D_ANCHOR_TOP,
  TSR_DOOM2D_ANCHOR_TOP_RIGHT,
  TSR_DOOM2D_ANCHOR_LEFT,
  TSR_DOOM2D_ANCHOR_CENTER,
  TSR_DOOM2D_ANCHOR_RIGHT,
  TSR_DOOM2D_ANCHOR_BOTTOM_LEFT,
  TSR_DOOM2D_ANCHOR_BOTTOM,
  TSR_DOOM2D_ANCHOR_BOTTOM_RIGHT,
  TSR_DOOM2D_N_ANCHORS,
} TsrDoom2dAnchor;

/* How far a resize from OLD_* to NEW_* moves the map's contents for ANCHOR: nothing for the
 * top-left anchor, the whole growth for the far side, half of it (rounded towards zero) for the
 * middle. */
void              tsr_doom2d_resize_offset            (guint              old_width,
                                                       guint              old_height,
                                                       guint              new_width,
                                                       guint              new_height,
                                                       TsrDoom2dAnchor    anchor,
                                                       gint64            *dx,
                                                       gint64            *dy);
/* Gives the map WIDTH x HEIGHT (1 to 65535) and moves every panel, item, monster, area and
 * trigger, and every point in a trigger's data (teleport destinations, spawn and press places),
 * by the anchor's offset, as one step "Resize Map". FALSE with an error for a size out of range;
 * TRUE without a step when nothing would change. */
gboolean          tsr_doom2d_document_resize_map      (TsrDoom2dDocument *self,
                                                       guint              width,
                                                       guint              height,
                                                       TsrDoom2dAnchor    anchor,
                                                       GError           **error);

/* Trigger targets. What a trigger of its current type points at: a record (panel or monster) or
 * a point on the map. */
typedef enum {
  TSR_DOOM2D_TARGET_NONE,
  TSR_DOOM2D_TARGET_PANEL,   /* a panel whose type is in the mask */
  TSR_DOOM2D_TARGET_MONSTER,
  TSR_DOOM2D_TARGET_POINT,
} TsrDoom2dTargetKind;

typedef struct {
  TsrDoom2dTargetKind kind;
  gboolean            data;       /* the field is in the trigger's data layout */
  guint               field;
  gint64              panel_mask; /* PANEL: the panel types accepted (0: any) */
} TsrDoom2dTarget;

/* The target of trigger INDEX's type; FALSE when its type has none. */
gboolean          tsr_doom2d_document_get_trigger_target (TsrDoom2dDocument *self,
                                                          guint              trigger,
                                                          TsrDoom2dTarget   *target);
/* Whether the trigger may point at record INDEX of KIND (type-checked: a door trigger accepts
 * door panels only). */
gboolean          tsr_doom2d_document_accepts_target  (TsrDoom2dDocument *self,
                                                       guint              trigger,
                                                       TsrDoom2dKind      kind,
                                                       guint              index);
/* Points the trigger at record INDEX of KIND (-1: none), as one step "Set Trigger Target"; FALSE
 * with an error when the trigger does not accept it. */
gboolean          tsr_doom2d_document_set_trigger_target (TsrDoom2dDocument *self,
                                                          guint              trigger,
                                                          TsrDoom2dKind      kind,
                                                          gint64             index,
                                                          GError           **error);
/* Sets a point target (teleport destination, spawn position) to (X, Y). */
gboolean          tsr_doom2d_document_set_trigger_point (TsrDoom2dDocument *self,
                                                         guint              trigger,
                                                         gint64             x,
                                                         gint64             y,
                                                         GError           **error);
/* The area a trigger's data says it acts on (press, on, off and on/off triggers: the area whose
 * triggers it presses), in map pixels. FALSE for triggers without one. */
gboolean          tsr_doom2d_document_get_trigger_area (TsrDoom2dDocument *self,
                                                        guint              trigger,
                                                        TsrVectorBounds   *area);
/* Sets that area to X, Y, WIDTH x HEIGHT: one undo step ("Set Press Area"). FALSE with an error
 * for a trigger without one or a size out of range. */
gboolean          tsr_doom2d_document_set_trigger_area (TsrDoom2dDocument *self,
                                                        guint              trigger,
                                                        gint64             x,
                                                        gint64             y,
                                                        gint64             width,
                                                        gint64             height,
                                                        GError           **error);

/* Categories: visibility (hidden elements are neither drawn nor hit) and what a record is. */
TsrDoom2dCategory tsr_doom2d_document_get_category    (TsrDoom2dDocument *self,
                                                       TsrDoom2dKind      kind,
                                                       guint              index);
gboolean          tsr_doom2d_document_get_category_visible (TsrDoom2dDocument *self,
                                                            TsrDoom2dCategory  category);
void              tsr_doom2d_document_set_category_visible (TsrDoom2dDocument *self,
                                                            TsrDoom2dCategory  category,
                                                            gboolean           visible);
/* The category of a panel type. */
TsrDoom2dCategory tsr_doom2d_panel_category           (gint64             panel_type);
/* The flat colour the editor draws a record in (RGBA). */
void              tsr_doom2d_document_get_record_color (TsrDoom2dDocument *self,
                                                        TsrDoom2dKind      kind,
                                                        guint              index,
                                                        double             rgba[4]);

G_END_DECLS
