/* tsr-doom2d-select-map-command.c: the map-switching step; the map shown before is read when it
 * first runs. */
#include "model/doom2d/tsr-doom2d-select-map-command.h"

struct _TsrDoom2dSelectMapCommand {
  TsrCommand         parent_instance;
  TsrDoom2dDocument *document; /* owns the undo stack holding this command */
  guint              index;
  guint              previous;
};

G_DEFINE_FINAL_TYPE (TsrDoom2dSelectMapCommand, tsr_doom2d_select_map_command, TSR_TYPE_COMMAND)

static void
tsr_doom2d_select_map_command_redo (TsrCommand *command)
{
  TsrDoom2dSelectMapCommand *self = TSR_DOOM2D_SELECT_MAP_COMMAND (command);

  self->previous = tsr_doom2d_document_show_map (self->document, self->index);
}

static void
tsr_doom2d_select_map_command_undo (TsrCommand *command)
{
  TsrDoom2dSelectMapCommand *self = TSR_DOOM2D_SELECT_MAP_COMMAND (command);

  tsr_doom2d_document_show_map (self->document, self->previous);
}

/* Choosing the map shown is not an edit: the file stays unmodified. */
static gboolean
tsr_doom2d_select_map_command_changes_content (TsrCommand *command)
{
  return FALSE;
}

static void
tsr_doom2d_select_map_command_class_init (TsrDoom2dSelectMapCommandClass *klass)
{
  TsrCommandClass *command_class = TSR_COMMAND_CLASS (klass);

  command_class->changes_content = tsr_doom2d_select_map_command_changes_content;
  command_class->redo = tsr_doom2d_select_map_command_redo;
  command_class->undo = tsr_doom2d_select_map_command_undo;
}

static void
tsr_doom2d_select_map_command_init (TsrDoom2dSelectMapCommand *self)
{
}

TsrCommand *
tsr_doom2d_select_map_command_new (TsrDoom2dDocument *document,
                                   guint              index,
                                   const char        *description)
{
  TsrDoom2dSelectMapCommand *self;

  g_return_val_if_fail (TSR_IS_DOOM2D_DOCUMENT (document), NULL);

  self = g_object_new (TSR_TYPE_DOOM2D_SELECT_MAP_COMMAND, "description", description, NULL);
  self->document = document;
  self->index = index;
  self->previous = index;
  return TSR_COMMAND (self);
}
