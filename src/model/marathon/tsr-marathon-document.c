/* tsr-marathon-document.c: levels of the scenario, and per level a TsrTerminalText whose
 * compilation is written into the level's terminals (level->terminals) whenever it compiles. */
#include "model/marathon/tsr-marathon-document.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"

typedef struct {
  TsrTerminalText *text;
  char            *loaded_text; /* the decompiled text of the terminals as loaded */
  GPtrArray       *loaded;      /* the terminals as loaded (or NULL), put back when the text is */
} LevelScript;

struct _TsrMarathonDocument {
  TsrDocument  parent_instance;
  guint        current_level;
  GPtrArray   *scripts; /* LevelScript *, one per level, NULL until asked for */
  GPtrArray   *level_maps; /* TsrMarathonLevelMap *, one per level, NULL until asked for */
};

G_DEFINE_FINAL_TYPE (TsrMarathonDocument, tsr_marathon_document, TSR_TYPE_DOCUMENT)

enum {
  PROP_0,
  PROP_CURRENT_LEVEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
level_script_free (gpointer data)
{
  LevelScript *script = data;

  if (script == NULL)
    return;
  g_signal_handlers_disconnect_matched (script->text, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, script);
  g_object_unref (script->text);
  g_free (script->loaded_text);
  g_clear_pointer (&script->loaded, g_ptr_array_unref);
  g_free (script);
}

static void
g_object_unref0 (gpointer object)
{
  if (object != NULL)
    g_object_unref (object);
}

static TsrMarathonLevel *
level_at (TsrMarathonDocument *self,
          guint                level)
{
  TsrMarathonScenario *scenario = tsr_marathon_document_get_scenario (self);

  return level < scenario->map->levels->len ? g_ptr_array_index (scenario->map->levels, level) : NULL;
}

/* The terminals the text stands for: the loaded ones while the text is what was loaded (byte-exact
 * saves after undo), else a fresh compile that keeps each terminal's stored "encoded" flag. */
static void
on_script_compiled (TsrTerminalText *text,
                    gpointer         user_data)
{
  LevelScript *script = user_data;
  TsrMarathonDocument *self = g_object_get_data (G_OBJECT (text), "tsr-document");
  TsrMarathonLevel *level = level_at (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (text), "tsr-level")));
  const char *contents = tsr_terminal_text_get_text (text, NULL);
  GPtrArray *terminals;

  if (level == NULL)
    return;
  if (g_str_equal (contents, script->loaded_text))
    terminals = script->loaded != NULL ? g_ptr_array_ref (script->loaded) : NULL;
  else
    {
      const TsrMarathonScriptCompilation *compilation = tsr_terminal_text_get_compilation (text);

      if (compilation->terminals == NULL)
        return; /* reported by validate; the last terminals that compiled stay */
      terminals = tsr_marathon_terminals_copy (compilation->terminals);
      tsr_marathon_terminals_keep_encoding (terminals, script->loaded);
      if (terminals->len == 0)
        g_clear_pointer (&terminals, g_ptr_array_unref);
    }
  g_clear_pointer (&level->terminals, g_ptr_array_unref);
  level->terminals = terminals;
}

/* Teleports may go to the scenario's levels and the level's own polygons. A one-level file is
 * one level of a scenario merged later (Atque's layout), so its teleports may go further. */
static void
set_script_targets (TsrMarathonDocument *self,
                    guint                level,
                    TsrTerminalText     *text)
{
  TsrMarathonLevel *found = level_at (self, level);
  guint n_levels = tsr_marathon_document_get_n_levels (self);

  tsr_terminal_text_set_targets (text, n_levels > 1 ? (int) n_levels : -1,
                                 found != NULL && found->polygons != NULL ? (int) found->polygons->len : 0);
}

TsrTerminalText *
tsr_marathon_document_get_terminal_text (TsrMarathonDocument *self,
                                         guint                level,
                                         GError             **error)
{
  TsrMarathonLevel *found;
  LevelScript *script;
  g_autofree char *text = NULL;

  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (self), NULL);
  found = level_at (self, level);
  if (found == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, "level %u: the file holds %u levels", level,
                   tsr_marathon_document_get_n_levels (self));
      return NULL;
    }
  if (level < self->scripts->len && g_ptr_array_index (self->scripts, level) != NULL)
    return ((LevelScript *) g_ptr_array_index (self->scripts, level))->text;

  if (found->terminals != NULL)
    {
      text = tsr_marathon_terminals_decompile (found->terminals, error);
      if (text == NULL)
        {
          g_prefix_error (error, "level %u: ", level);
          return NULL;
        }
    }
  else
    text = g_strdup ("");
  script = g_new0 (LevelScript, 1);
  script->loaded_text = g_strdup (text);
  script->loaded = found->terminals != NULL ? g_ptr_array_ref (found->terminals) : NULL;
  script->text = tsr_terminal_text_new (text, strlen (text), tsr_document_get_undo_stack (TSR_DOCUMENT (self)));
  set_script_targets (self, level, script->text);
  g_object_set_data (G_OBJECT (script->text), "tsr-document", self);
  g_object_set_data (G_OBJECT (script->text), "tsr-level", GUINT_TO_POINTER (level));
  g_signal_connect (script->text, "compiled", G_CALLBACK (on_script_compiled), script);
  if (self->scripts->len <= level)
    g_ptr_array_set_size (self->scripts, (gint) level + 1);
  g_ptr_array_index (self->scripts, level) = script;
  return script->text;
}

static gboolean
is_intralevel_teleport (TsrTerminalText *text,
                        guint            line)
{
  const TsrMarathonScriptCompilation *compilation = tsr_terminal_text_get_compilation (text);
  TsrMarathonScriptLine location;
  const TsrMarathonTerminal *terminal;

  if (!tsr_terminal_text_locate_line (text, line, &location) || location.terminal >= compilation->terminals->len)
    return FALSE;
  terminal = g_ptr_array_index (compilation->terminals, location.terminal);
  return location.group < terminal->groups->len
         && g_array_index (terminal->groups, TsrMarathonTerminalGroup, location.group).type
              == TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT;
}

static void
tsr_marathon_document_validate (TsrDocument *document,
                                GPtrArray   *findings)
{
  TsrMarathonDocument *self = TSR_MARATHON_DOCUMENT (document);

  for (guint level = 0; level < self->scripts->len; level++)
    {
      LevelScript *script = g_ptr_array_index (self->scripts, level);
      const TsrMarathonScriptCompilation *compilation;
      GArray *references;

      if (script == NULL)
        continue;
      set_script_targets (self, level, script->text);
      compilation = tsr_terminal_text_get_compilation (script->text);
      references = tsr_terminal_text_get_reference_diagnostics (script->text);
      for (guint i = 0; i < compilation->diagnostics->len + references->len; i++)
        {
          const TsrMarathonScriptDiagnostic *diagnostic =
            i < compilation->diagnostics->len
              ? &g_array_index (compilation->diagnostics, TsrMarathonScriptDiagnostic, i)
              : &g_array_index (references, TsrMarathonScriptDiagnostic, i - compilation->diagnostics->len);
          g_autofree char *where = g_strdup_printf ("level %u terminals, line %u, column %u", level,
                                                    diagnostic->line, diagnostic->column);
          TsrFindingPlace place = tsr_finding_place_at ((gint) level, "script", -1, TSR_FINDING_POINT_TEXT,
                                                        diagnostic->column, diagnostic->line);

          if (i >= compilation->diagnostics->len && is_intralevel_teleport (script->text, diagnostic->line))
            continue; /* the map's own validation reports the compiled teleport */

          tsr_findings_add_at (findings, diagnostic->severity, &place, where, "%s", diagnostic->message);
        }
    }
}

static gboolean
tsr_marathon_document_attach (TsrDocument *document,
                              GError     **error)
{
  TSR_MARATHON_DOCUMENT (document)->scripts = g_ptr_array_new_with_free_func (level_script_free);
  TSR_MARATHON_DOCUMENT (document)->level_maps = g_ptr_array_new_with_free_func (g_object_unref0);
  return TRUE;
}

static void
tsr_marathon_document_dispose (GObject *object)
{
  TsrMarathonDocument *self = TSR_MARATHON_DOCUMENT (object);

  g_clear_pointer (&self->scripts, g_ptr_array_unref);
  /* The undo stack goes first (the parent's dispose): its commands hand their mementos back to
   * the level maps they were made on. */
  G_OBJECT_CLASS (tsr_marathon_document_parent_class)->dispose (object);
  g_clear_pointer (&self->level_maps, g_ptr_array_unref);
}

static void
tsr_marathon_document_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsrMarathonDocument *self = TSR_MARATHON_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CURRENT_LEVEL:
      g_value_set_uint (value, self->current_level);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_marathon_document_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TsrMarathonDocument *self = TSR_MARATHON_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CURRENT_LEVEL:
      tsr_marathon_document_set_current_level (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_marathon_document_class_init (TsrMarathonDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TsrDocumentClass *document_class = TSR_DOCUMENT_CLASS (klass);

  object_class->dispose = tsr_marathon_document_dispose;
  object_class->get_property = tsr_marathon_document_get_property;
  object_class->set_property = tsr_marathon_document_set_property;
  document_class->attach = tsr_marathon_document_attach;
  document_class->validate = tsr_marathon_document_validate;

  properties[PROP_CURRENT_LEVEL] =
    g_param_spec_uint ("current-level", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tsr_marathon_document_init (TsrMarathonDocument *self)
{
}

void
tsr_marathon_document_register (void)
{
  tsr_document_register_type ("marathon-map", TSR_TYPE_MARATHON_DOCUMENT);
}

TsrMarathonScenario *
tsr_marathon_document_get_scenario (TsrMarathonDocument *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (self), NULL);
  return tsr_document_get_format_data (TSR_DOCUMENT (self));
}

guint
tsr_marathon_document_get_n_levels (TsrMarathonDocument *self)
{
  return tsr_marathon_document_get_scenario (self)->map->levels->len;
}

char *
tsr_marathon_document_dup_level_name (TsrMarathonDocument *self,
                                      guint                level)
{
  TsrMarathonLevel *found = level_at (self, level);
  g_autofree char *name = found != NULL ? tsr_marathon_level_name (found) : NULL;

  if (name != NULL && *name != '\0')
    return g_steal_pointer (&name);
  return g_strdup_printf (_("Level %u"), level);
}

guint
tsr_marathon_document_get_current_level (TsrMarathonDocument *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (self), 0);
  return self->current_level;
}

void
tsr_marathon_document_set_current_level (TsrMarathonDocument *self,
                                         guint                level)
{
  g_return_if_fail (TSR_IS_MARATHON_DOCUMENT (self));
  if (level >= tsr_marathon_document_get_n_levels (self) || level == self->current_level)
    return;
  self->current_level = level;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_LEVEL]);
}

TsrMarathonLevelMap *
tsr_marathon_document_get_level_map (TsrMarathonDocument *self,
                                     guint                level)
{
  TsrMarathonLevel *found;

  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (self), NULL);
  found = level_at (self, level);
  if (found == NULL || self->level_maps == NULL)
    return NULL;
  if (self->level_maps->len <= level)
    g_ptr_array_set_size (self->level_maps, (gint) level + 1);
  if (g_ptr_array_index (self->level_maps, level) == NULL)
    g_ptr_array_index (self->level_maps, level) = tsr_marathon_level_map_new (found);
  return g_ptr_array_index (self->level_maps, level);
}
