/* tsr-edit-session.c: document, layer, selection and tool of one editor page. */
#include "edit/tsr-edit-session.h"

#include <glib/gi18n.h>
#include <math.h>

#include "edit/tsr-paste-elements-command.h"
#include "edit/tsr-remove-elements-command.h"

struct _TsrEditSession {
  GObject       parent_instance;
  TsrDocument  *document;
  TsrUndoStack *undo_stack;
  GObject      *layer;
  gulong        elements_changed_id;
  guint         n_elements[TSR_N_ELEMENT_KINDS]; /* of the vector layer, as of its last change */
  TsrSelection *selection;
  TsrTool      *tool;
  double        grid_step;
  gboolean      snap_to_grid;
  GPtrArray    *refused; /* TsrOverlayItem: what the last refusal blamed, or NULL */
};

G_DEFINE_FINAL_TYPE (TsrEditSession, tsr_edit_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_UNDO_STACK,
  PROP_LAYER,
  PROP_SELECTION,
  PROP_TOOL,
  PROP_GRID_STEP,
  PROP_SNAP_TO_GRID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  EDIT_REFUSED,
  REFUSED_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static TsrVectorClip *clipboard;

static void
on_elements_changed (TsrVectorMap        *map,
                     const TsrElementRef *elements,
                     guint                n_elements,
                     guint                flags,
                     TsrEditSession      *self)
{
  gboolean same = TRUE;

  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    {
      guint n = tsr_vector_map_get_n_elements (map, kind);

      same &= n == self->n_elements[kind];
      self->n_elements[kind] = n;
    }
  /* Indices may have shifted: the selection would name other elements. A structure change that
   * leaves every count as it was (a Marathon polygon made a platform: a record added beside the
   * geometry, the same polygons) shifts none, and the selection stays for the inspector. */
  if ((flags & TSR_ELEMENTS_STRUCTURE) && !same)
    tsr_selection_clear (self->selection);
}

static void
count_elements (TsrEditSession *self)
{
  for (guint kind = 0; kind < TSR_N_ELEMENT_KINDS; kind++)
    self->n_elements[kind] = self->layer != NULL && TSR_IS_VECTOR_MAP (self->layer)
                               ? tsr_vector_map_get_n_elements (TSR_VECTOR_MAP (self->layer), kind) : 0;
}

static void
disconnect_layer (TsrEditSession *self)
{
  if (self->layer != NULL)
    g_clear_signal_handler (&self->elements_changed_id, self->layer);
  g_clear_object (&self->layer);
}

static void
tsr_edit_session_dispose (GObject *object)
{
  TsrEditSession *self = TSR_EDIT_SESSION (object);

  disconnect_layer (self);
  g_clear_object (&self->tool);
  G_OBJECT_CLASS (tsr_edit_session_parent_class)->dispose (object);
}

static void
tsr_edit_session_finalize (GObject *object)
{
  TsrEditSession *self = TSR_EDIT_SESSION (object);

  g_clear_pointer (&self->refused, g_ptr_array_unref);
  g_clear_object (&self->selection);
  g_clear_object (&self->undo_stack);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (tsr_edit_session_parent_class)->finalize (object);
}

static void
tsr_edit_session_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TsrEditSession *self = TSR_EDIT_SESSION (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_UNDO_STACK:
      g_value_set_object (value, self->undo_stack);
      break;
    case PROP_LAYER:
      g_value_set_object (value, self->layer);
      break;
    case PROP_SELECTION:
      g_value_set_object (value, self->selection);
      break;
    case PROP_TOOL:
      g_value_set_object (value, self->tool);
      break;
    case PROP_GRID_STEP:
      g_value_set_double (value, self->grid_step);
      break;
    case PROP_SNAP_TO_GRID:
      g_value_set_boolean (value, self->snap_to_grid);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_edit_session_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  TsrEditSession *self = TSR_EDIT_SESSION (object);

  switch (prop_id)
    {
    case PROP_LAYER:
      tsr_edit_session_set_layer (self, g_value_get_object (value));
      break;
    case PROP_TOOL:
      tsr_edit_session_set_tool (self, g_value_get_object (value));
      break;
    case PROP_GRID_STEP:
      tsr_edit_session_set_grid_step (self, g_value_get_double (value));
      break;
    case PROP_SNAP_TO_GRID:
      tsr_edit_session_set_snap_to_grid (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_edit_session_class_init (TsrEditSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags read_only = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags read_write = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tsr_edit_session_dispose;
  object_class->finalize = tsr_edit_session_finalize;
  object_class->get_property = tsr_edit_session_get_property;
  object_class->set_property = tsr_edit_session_set_property;

  properties[PROP_DOCUMENT] = g_param_spec_object ("document", NULL, NULL, TSR_TYPE_DOCUMENT, read_only);
  properties[PROP_UNDO_STACK] = g_param_spec_object ("undo-stack", NULL, NULL, TSR_TYPE_UNDO_STACK, read_only);
  properties[PROP_LAYER] = g_param_spec_object ("layer", NULL, NULL, G_TYPE_OBJECT, read_write);
  properties[PROP_SELECTION] = g_param_spec_object ("selection", NULL, NULL, TSR_TYPE_SELECTION, read_only);
  properties[PROP_TOOL] = g_param_spec_object ("tool", NULL, NULL, TSR_TYPE_TOOL, read_write);
  properties[PROP_GRID_STEP] = g_param_spec_double ("grid-step", NULL, NULL, 0, G_MAXDOUBLE, 0, read_write);
  properties[PROP_SNAP_TO_GRID] = g_param_spec_boolean ("snap-to-grid", NULL, NULL, FALSE, read_write);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* "edit-refused" (const char *message): a tool refused what the user asked and changed nothing. */
  signals[EDIT_REFUSED] = g_signal_new ("edit-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* "refused-changed": the highlight of what a refusal blamed came or went. */
  signals[REFUSED_CHANGED] = g_signal_new ("refused-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tsr_edit_session_init (TsrEditSession *self)
{
  self->selection = tsr_selection_new ();
}

TsrEditSession *
tsr_edit_session_new (TsrDocument *document)
{
  TsrEditSession *self;

  g_return_val_if_fail (TSR_IS_DOCUMENT (document), NULL);

  self = tsr_edit_session_new_for_stack (tsr_document_get_undo_stack (document));
  self->document = g_object_ref (document);
  return self;
}

TsrEditSession *
tsr_edit_session_new_for_stack (TsrUndoStack *undo_stack)
{
  TsrEditSession *self;

  g_return_val_if_fail (TSR_IS_UNDO_STACK (undo_stack), NULL);

  self = g_object_new (TSR_TYPE_EDIT_SESSION, NULL);
  self->undo_stack = g_object_ref (undo_stack);
  return self;
}

TsrDocument *
tsr_edit_session_get_document (TsrEditSession *self)
{
  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), NULL);
  return self->document;
}

TsrUndoStack *
tsr_edit_session_get_undo_stack (TsrEditSession *self)
{
  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), NULL);
  return self->undo_stack;
}

void
tsr_edit_session_execute (TsrEditSession *self,
                          TsrCommand     *command)
{
  g_return_if_fail (TSR_IS_EDIT_SESSION (self));
  if (command == NULL)
    return;
  tsr_edit_session_show_refused (self, NULL);
  if (self->document != NULL)
    tsr_document_execute (self->document, command);
  else
    tsr_undo_stack_push (self->undo_stack, command);
}

GObject *
tsr_edit_session_get_layer (TsrEditSession *self)
{
  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), NULL);
  return self->layer;
}

void
tsr_edit_session_set_layer (TsrEditSession *self,
                            GObject        *layer)
{
  g_return_if_fail (TSR_IS_EDIT_SESSION (self));
  g_return_if_fail (layer == NULL || TSR_IS_VECTOR_MAP (layer) || TSR_IS_TILE_MAP (layer));

  if (self->layer == layer)
    return;
  if (self->tool != NULL)
    tsr_tool_cancel (self->tool);
  disconnect_layer (self);
  tsr_selection_clear (self->selection);
  if (layer != NULL)
    {
      self->layer = g_object_ref (layer);
      if (TSR_IS_VECTOR_MAP (layer))
        self->elements_changed_id = g_signal_connect (layer, "elements-changed",
                                                      G_CALLBACK (on_elements_changed), self);
      count_elements (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAYER]);
}

TsrVectorMap *
tsr_edit_session_get_vector_map (TsrEditSession *self)
{
  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), NULL);
  return self->layer != NULL && TSR_IS_VECTOR_MAP (self->layer) ? TSR_VECTOR_MAP (self->layer) : NULL;
}

TsrTileMap *
tsr_edit_session_get_tile_map (TsrEditSession *self)
{
  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), NULL);
  return self->layer != NULL && TSR_IS_TILE_MAP (self->layer) ? TSR_TILE_MAP (self->layer) : NULL;
}

TsrSelection *
tsr_edit_session_get_selection (TsrEditSession *self)
{
  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), NULL);
  return self->selection;
}

TsrTool *
tsr_edit_session_get_tool (TsrEditSession *self)
{
  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), NULL);
  return self->tool;
}

void
tsr_edit_session_set_tool (TsrEditSession *self,
                           TsrTool        *tool)
{
  g_return_if_fail (TSR_IS_EDIT_SESSION (self));
  g_return_if_fail (tool == NULL || TSR_IS_TOOL (tool));

  if (self->tool == tool)
    return;
  if (self->tool != NULL)
    tsr_tool_cancel (self->tool);
  g_set_object (&self->tool, tool);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

double
tsr_edit_session_get_grid_step (TsrEditSession *self)
{
  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), 0);
  return self->grid_step;
}

void
tsr_edit_session_set_grid_step (TsrEditSession *self,
                                double          step)
{
  g_return_if_fail (TSR_IS_EDIT_SESSION (self));
  step = MAX (step, 0);
  if (self->grid_step == step)
    return;
  self->grid_step = step;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRID_STEP]);
}

gboolean
tsr_edit_session_get_snap_to_grid (TsrEditSession *self)
{
  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), FALSE);
  return self->snap_to_grid;
}

void
tsr_edit_session_set_snap_to_grid (TsrEditSession *self,
                                   gboolean        snap)
{
  g_return_if_fail (TSR_IS_EDIT_SESSION (self));
  if (self->snap_to_grid == !!snap)
    return;
  self->snap_to_grid = !!snap;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SNAP_TO_GRID]);
}

void
tsr_edit_session_snap (TsrEditSession *self,
                       double         *x,
                       double         *y)
{
  g_return_if_fail (TSR_IS_EDIT_SESSION (self));
  if (!self->snap_to_grid || self->grid_step <= 0)
    return;
  *x = round (*x / self->grid_step) * self->grid_step;
  *y = round (*y / self->grid_step) * self->grid_step;
}

gboolean
tsr_edit_session_delete_selection (TsrEditSession *self)
{
  TsrVectorMap *map;
  const TsrElementRef *elements;
  guint n_elements;
  TsrCommand *command;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), FALSE);

  map = tsr_edit_session_get_vector_map (self);
  elements = tsr_selection_get_elements (self->selection, &n_elements);
  if (map == NULL || n_elements == 0)
    return FALSE;
  command = tsr_remove_elements_command_new (map, elements, n_elements,
                                             n_elements == 1 ? _("Delete Element") : _("Delete Elements"));
  tsr_undo_stack_break_merge (self->undo_stack);
  tsr_edit_session_execute (self, command);
  g_object_unref (command);
  tsr_selection_clear (self->selection);
  return TRUE;
}

TsrVectorClip *
tsr_edit_session_get_clipboard (void)
{
  return clipboard;
}

void
tsr_edit_session_set_clipboard (TsrVectorClip *clip)
{
  if (clip != NULL)
    tsr_vector_clip_ref (clip);
  g_clear_pointer (&clipboard, tsr_vector_clip_unref);
  clipboard = clip;
}

gboolean
tsr_edit_session_copy (TsrEditSession *self)
{
  TsrVectorMap *map;
  const TsrElementRef *elements;
  guint n_elements;
  g_autoptr(TsrVectorClip) clip = NULL;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), FALSE);

  map = tsr_edit_session_get_vector_map (self);
  elements = tsr_selection_get_elements (self->selection, &n_elements);
  if (map == NULL || n_elements == 0)
    return FALSE;
  clip = tsr_vector_clip_new_from_map (map, elements, n_elements);
  tsr_edit_session_set_clipboard (clip);
  return TRUE;
}

gboolean
tsr_edit_session_cut (TsrEditSession *self)
{
  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), FALSE);

  return tsr_edit_session_copy (self) && tsr_edit_session_delete_selection (self);
}

gboolean
tsr_edit_session_can_paste (TsrEditSession *self)
{
  TsrVectorMap *map;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), FALSE);

  map = tsr_edit_session_get_vector_map (self);
  return map != NULL && clipboard != NULL
         && g_strcmp0 (tsr_vector_clip_get_family (clipboard), tsr_vector_map_get_family (map)) == 0;
}

gboolean
tsr_edit_session_paste (TsrEditSession *self,
                        double          dx,
                        double          dy)
{
  g_autoptr(TsrCommand) command = NULL;
  const TsrElementRef *added;
  guint n_added;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), FALSE);
  if (!tsr_edit_session_can_paste (self))
    return FALSE;

  command = tsr_paste_elements_command_new (tsr_edit_session_get_vector_map (self), clipboard, dx, dy,
                                            _("Paste"));
  tsr_undo_stack_break_merge (self->undo_stack);
  tsr_edit_session_execute (self, command);
  added = tsr_paste_elements_command_get_added (TSR_PASTE_ELEMENTS_COMMAND (command), &n_added);
  tsr_selection_set (self->selection, added, n_added);
  return n_added > 0;
}

void
tsr_edit_session_refuse (TsrEditSession *self,
                         const char     *message)
{
  g_return_if_fail (TSR_IS_EDIT_SESSION (self));
  g_signal_emit (self, signals[EDIT_REFUSED], 0, message);
}

void
tsr_edit_session_show_refused (TsrEditSession *self,
                               GPtrArray      *items)
{
  g_return_if_fail (TSR_IS_EDIT_SESSION (self));
  if (items != NULL && items->len == 0)
    g_clear_pointer (&items, g_ptr_array_unref);
  if (self->refused == NULL && items == NULL)
    return;
  g_clear_pointer (&self->refused, g_ptr_array_unref);
  self->refused = items;
  g_signal_emit (self, signals[REFUSED_CHANGED], 0);
}

GPtrArray *
tsr_edit_session_get_refused (TsrEditSession *self)
{
  g_return_val_if_fail (TSR_IS_EDIT_SESSION (self), NULL);
  return self->refused;
}
