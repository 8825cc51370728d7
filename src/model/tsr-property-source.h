/* tsr-property-source.h: the properties of a selection of elements of one kind (Sphere persons,
 * Marathon polygons, Doom2D panels ...), described by one TsrFieldTable. For each field it gives
 * the value the selected elements share or says they are mixed; setting a field sets it on every
 * selected element as one undoable step on the document's undo stack; and it finds elements by
 * field values (select similar, find by property). A family subclasses it with three functions:
 * list the elements of the kind, read a field of one, and push the family's command that sets a
 * field of one (optional: without it the source is read-only).
 *
 * Elements are the family's indices (entity 7, polygon 120). Signal "changed" (no arguments):
 * after every change of the document (any command done, undone or redone) and after the selected
 * elements change; views re-read what they show. */
#pragma once

#include <glib-object.h>

#include "core/tsr-field.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

#define TSR_TYPE_PROPERTY_SOURCE (tsr_property_source_get_type ())
G_DECLARE_DERIVABLE_TYPE (TsrPropertySource, tsr_property_source, TSR, PROPERTY_SOURCE, GObject)

typedef enum {
  TSR_PROPERTY_NONE,   /* no element selected */
  TSR_PROPERTY_SHARED, /* every selected element holds the value */
  TSR_PROPERTY_MIXED,  /* the selected elements differ */
} TsrPropertyState;

struct _TsrPropertySourceClass {
  GObjectClass parent_class;

  /* Every element of the kind, in the family's order (transfer full, guint). */
  GArray  *(*list_elements) (TsrPropertySource   *self);
  /* Reads FIELD of ELEMENT into VALUE (cleared before); FALSE when ELEMENT no longer exists. */
  gboolean (*get_value)     (TsrPropertySource   *self,
                             guint                element,
                             guint                field,
                             TsrFieldValue       *value);
  /* Pushes the family's command setting FIELD of ELEMENT; FALSE with an error for values the
   * element cannot take. NULL: the source is read-only. */
  gboolean (*set_value)     (TsrPropertySource   *self,
                             guint                element,
                             guint                field,
                             const TsrFieldValue *value,
                             GError             **error);
  /* What FIELD's value of ELEMENT means, for people ("platform 3"), or NULL (transfer full).
   * Optional. */
  char    *(*describe_value) (TsrPropertySource   *self,
                              guint                element,
                              guint                field);
  /* CONSTANT (of FIELD's enum or bitset) for people: a translated name, or NULL for its
   * identifier (transfer full). Optional. */
  char    *(*dup_constant_label) (TsrPropertySource      *self,
                                  guint                   field,
                                  const TsrFieldConstant *constant);
  /* Whether the file the document saves to has a place for FIELD; a field it lacks is not shown
   * (a value typed there would be lost on save). Optional: TRUE. */
  gboolean (*is_field_stored) (TsrPropertySource *self,
                               guint              field);
  /* A reference FIELD's choices: what it can point at, each with its name for people ("STONE1",
   * "Panel 104 (Wall, STONE1)"), in list order (transfer full, TsrPropertyChoice, cleared by the
   * array), or NULL when the field takes no choice from a list. Optional. */
  GArray  *(*list_choices) (TsrPropertySource *self,
                            guint              field);
  gpointer padding[4];
};

/* One value a reference field can take and its name for people. */
typedef struct {
  gint64  value;
  char   *label;
} TsrPropertyChoice;

/* An empty array of choices that frees their labels (for list_choices). */
GArray              *tsr_property_choices_new             (void);
void                 tsr_property_choices_add             (GArray     *choices,
                                                           gint64      value,
                                                           char       *label);

TsrDocument         *tsr_property_source_get_document     (TsrPropertySource *self);
const TsrFieldTable *tsr_property_source_get_table        (TsrPropertySource *self);
/* What the elements are, for people: "Person" (translated). */
const char          *tsr_property_source_get_title        (TsrPropertySource *self);
/* The field's label for people: its translated label, else its name as words ("floor height"). */
char                *tsr_property_source_dup_field_label  (TsrPropertySource *self,
                                                           guint              field);
/* How editors show CONSTANT of FIELD's enum or bitset: the family's label, else
 * tsr_field_constant_label (the enum's translated name) (transfer full). */
char                *tsr_property_source_dup_constant_label (TsrPropertySource      *self,
                                                             guint                   field,
                                                             const TsrFieldConstant *constant);
/* Whether FIELD can be set (the source is not read-only and the field not TSR_FIELD_READ_ONLY). */
gboolean             tsr_property_source_is_field_editable (TsrPropertySource *self,
                                                            guint              field);
/* Whether the field is shown at all (not TSR_FIELD_UNUSED, and stored by the document's file). */
gboolean             tsr_property_source_is_field_visible (TsrPropertySource *self,
                                                           guint              field);

/* The selection. ELEMENTS are copied; duplicates are dropped, the order is kept. */
void                 tsr_property_source_set_elements     (TsrPropertySource *self,
                                                           const guint       *elements,
                                                           guint              n_elements);
/* (transfer none) */
const guint         *tsr_property_source_get_elements     (TsrPropertySource *self,
                                                           guint             *n_elements);
/* Every element of the kind (transfer full, guint). */
GArray              *tsr_property_source_list_elements    (TsrPropertySource *self);

/* The value the selection shares in FIELD (into VALUE, which the caller clears), or MIXED (VALUE
 * holds the first element's), or NONE. */
TsrPropertyState     tsr_property_source_get_shared       (TsrPropertySource *self,
                                                           guint              field,
                                                           TsrFieldValue     *value);
/* FIELD of one element (VALUE cleared before); FALSE when it does not exist. */
gboolean             tsr_property_source_get_value        (TsrPropertySource *self,
                                                           guint              element,
                                                           guint              field,
                                                           TsrFieldValue     *value);
/* Sets FIELD to VALUE on every selected element as one undo step ("Set Spriteset"); elements that
 * already hold it are left alone. On an error nothing is changed. */
gboolean             tsr_property_source_set              (TsrPropertySource   *self,
                                                           guint                field,
                                                           const TsrFieldValue *value,
                                                           GError             **error);
/* The same with VALUE as text (tsr_field_value_parse_label: constants by label or name); a field
 * with choices also takes a choice's name (without case). */
gboolean             tsr_property_source_set_text         (TsrPropertySource *self,
                                                           guint              field,
                                                           const char        *text,
                                                           GError           **error);

/* FIELD's choices (list_choices), or NULL (transfer full, TsrPropertyChoice). */
GArray              *tsr_property_source_list_choices     (TsrPropertySource *self,
                                                           guint              field);

/* What the selection's value of FIELD means, when every selected element says the same (the
 * family's describe_value), else NULL (transfer full). */
char                *tsr_property_source_dup_description  (TsrPropertySource *self,
                                                           guint              field);

/* Bitsets: the bits every selected element has set (ALL) and those any of them has (ANY). */
void                 tsr_property_source_get_bits         (TsrPropertySource *self,
                                                           guint              field,
                                                           gint64            *all,
                                                           gint64            *any);
/* Sets (ON) or clears the bits of MASK in FIELD of every selected element, keeping their other
 * bits, as one undo step. */
gboolean             tsr_property_source_set_bits         (TsrPropertySource *self,
                                                           guint              field,
                                                           gint64             mask,
                                                           gboolean           on,
                                                           GError           **error);

/* Select similar: every element of the kind whose FIELDS all equal those of one of the selected
 * elements (the selected ones included), in the family's order (transfer full, guint). */
GArray              *tsr_property_source_find_similar     (TsrPropertySource *self,
                                                           const guint       *fields,
                                                           guint              n_fields);
/* Find by property: every element whose FIELD matches TEXT: text fields contain it (without
 * case), others equal it parsed as a value of the field. FALSE with an error when TEXT is no value
 * of the field (transfer full, guint). */
GArray              *tsr_property_source_find             (TsrPropertySource *self,
                                                           guint              field,
                                                           const char        *text,
                                                           GError           **error);

/* For subclasses: the document changed in a way the undo stack does not see. */
void                 tsr_property_source_emit_changed     (TsrPropertySource *self);

G_END_DECLS
