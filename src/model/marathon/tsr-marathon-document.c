/* tsr-marathon-document.c: levels of the scenario, and per level a TsrTerminalText whose
 * compilation is written into the level's terminals (level->terminals) whenever it compiles. */
#include "model/marathon/tsr-marathon-document-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-merge-folder.h"
#include "formats/marathon/tsr-marathon-palette.h"

typedef struct {
  TsrTerminalText *text;
  char            *loaded_text; /* the decompiled text of the terminals as loaded */
  GPtrArray       *loaded;      /* the terminals as loaded (or NULL), put back when the text is */
  gboolean         syncing;     /* the text is being brought in step with the level's terminals */
} LevelScript;

struct _TsrMarathonDocument {
  TsrDocument  parent_instance;
  guint        current_level;
  /* The level at current_level when the views were last told (current-level-map): an undo can
   * put another level at the same index, and a view must never keep one the list dropped. */
  TsrMarathonLevel *shown_level;
  GPtrArray   *scripts; /* LevelScript *, one per level, NULL until asked for */
  GPtrArray   *level_maps; /* TsrMarathonLevelMap *, one per level, NULL until asked for */
  GHashTable  *pristine;   /* loaded level -> GPtrArray of its geometry chunks as loaded */
};

/* The chunks a level's derived data follow from (points, lines, sides, polygons, objects for the
 * sound sources, platforms). */
static const guint32 geometry_tags[] = {
  TSR_WAD_TAG ('P', 'N', 'T', 'S'), TSR_WAD_TAG ('E', 'P', 'N', 'T'), TSR_WAD_TAG ('L', 'I', 'N', 'S'),
  TSR_WAD_TAG ('S', 'I', 'D', 'S'), TSR_WAD_TAG ('P', 'O', 'L', 'Y'), TSR_WAD_TAG ('O', 'B', 'J', 'S'),
  TSR_WAD_TAG ('p', 'l', 'a', 't'),
};
#define TAG_IIDX TSR_WAD_TAG ('i', 'i', 'd', 'x')

G_DEFINE_FINAL_TYPE (TsrMarathonDocument, tsr_marathon_document, TSR_TYPE_DOCUMENT)

enum {
  PROP_0,
  PROP_CURRENT_LEVEL,
  PROP_CURRENT_LEVEL_MAP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  LEVELS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

struct _TsrMarathonLevelSlot {
  TsrMarathonLevel    *level;
  TsrMarathonLevelMap *map;    /* or NULL */
  LevelScript         *script; /* or NULL */
};

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

/* Tells the views when the level at the current index is another one: the index moved, or a
 * level-list edit (or its undo) put another level there. */
static void
follow_current_level (TsrMarathonDocument *self)
{
  TsrMarathonLevel *level = level_at (self, self->current_level);

  if (level == self->shown_level)
    return;
  self->shown_level = level;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_LEVEL_MAP]);
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

  /* While the text follows the level's terminals, those are already what it says. */
  if (level == NULL || script->syncing)
    return;
  /* A copy: geometry edits renumber the level's terminals in place. */
  if (g_str_equal (contents, script->loaded_text))
    terminals = script->loaded != NULL ? tsr_marathon_terminals_copy (script->loaded) : NULL;
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

/* Writes VALUE as the number of the directive on LINE (1-based) of TEXT: the number after it
 * replaced, or added when the directive has none. */
static void
write_directive_number (LevelScript *script,
                        guint        line,
                        gint         value)
{
  const char *text = tsr_terminal_text_get_text (script->text, NULL), *start = text, *end, *number;
  g_autofree char *digits = g_strdup_printf ("%d", value);

  for (guint l = 1; l < line && start != NULL; l++)
    start = (start = strchr (start, '\n')) != NULL ? start + 1 : NULL;
  if (start == NULL)
    return;
  end = start + strcspn (start, "\r\n");
  number = memchr (start, '#', (gsize) (end - start));
  if (number == NULL)
    return;
  number += strcspn (number, "-+0123456789");
  if (number >= end)
    {
      g_autofree char *added = g_strconcat (" ", digits, NULL);

      tsr_terminal_text_store (script->text, (guint) g_utf8_pointer_to_offset (text, end), 0, added);
      return;
    }
  {
    const char *after = number + (*number == '-' || *number == '+');

    after += strspn (after, "0123456789");
    tsr_terminal_text_store (script->text, (guint) g_utf8_pointer_to_offset (text, number),
                             (guint) (after - number), digits);
  }
}

/* A geometry edit (or its undo) renumbered the level's intra-level teleports: the open script
 * says the same, or its next compile would put the old numbers back. */
static void
sync_script_teleports (TsrMarathonDocument *self,
                       guint                index)
{
  LevelScript *script = self->scripts != NULL && index < self->scripts->len ? g_ptr_array_index (self->scripts, index) : NULL;
  TsrMarathonLevel *level = level_at (self, index);
  const TsrMarathonScriptCompilation *compilation;
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (gint));

  if (script == NULL || level == NULL)
    return;
  compilation = tsr_terminal_text_get_compilation (script->text);
  /* A script that does not compile keeps the last terminals that did: nothing to line up. */
  if (compilation->terminals == NULL || level->terminals == NULL || compilation->terminals->len != level->terminals->len)
    return;
  for (guint t = 0; t < level->terminals->len; t++)
    {
      const TsrMarathonTerminal *said = g_ptr_array_index (compilation->terminals, t);
      const TsrMarathonTerminal *kept = g_ptr_array_index (level->terminals, t);

      for (guint g = 0; g < MIN (said->groups->len, kept->groups->len); g++)
        {
          const TsrMarathonTerminalGroup *a = &g_array_index (said->groups, TsrMarathonTerminalGroup, g);
          const TsrMarathonTerminalGroup *b = &g_array_index (kept->groups, TsrMarathonTerminalGroup, g);
          guint line = tsr_terminal_text_get_group_line (script->text, t, g);
          gint value = b->permutation;

          if (a->type == TSR_MARATHON_GROUP_INTRALEVEL_TELEPORT && b->type == a->type
              && a->permutation != b->permutation && line > 0)
            {
              g_array_append_val (lines, line);
              g_array_append_val (values, value);
            }
        }
    }
  /* From the last line up, so the earlier lines stay where they were. */
  script->syncing = TRUE;
  for (guint i = lines->len; i > 0; i--)
    write_directive_number (script, g_array_index (lines, guint, i - 1), g_array_index (values, gint, i - 1));
  script->syncing = FALSE;
}

static void
on_level_map_changed (TsrMarathonLevelMap *map,
                      gpointer             elements,
                      guint                n_elements,
                      guint                flags,
                      TsrMarathonDocument *self)
{
  if (!(flags & TSR_ELEMENTS_STRUCTURE) || self->level_maps == NULL)
    return;
  for (guint i = 0; i < self->level_maps->len; i++)
    if (g_ptr_array_index (self->level_maps, i) == map)
      sync_script_teleports (self, i);
}

/* The merge folder the document was opened from, or NULL. */
static TsrMarathonMergeFolder *
merge_folder (TsrMarathonDocument *self)
{
  if (g_strcmp0 (tsr_document_get_format_id (TSR_DOCUMENT (self)), "marathon-merge-folder") != 0)
    return NULL;
  return tsr_document_get_format_data (TSR_DOCUMENT (self));
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

  /* A merge folder's levels are numbered by their folders, with gaps where the author left them
   * (and the folder may be a part of the scenario): the level count says nothing there. */
  if (merge_folder (self) != NULL)
    n_levels = 1;
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
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("level %u: the file holds %u levels"), level,
                   tsr_marathon_document_get_n_levels (self));
      return NULL;
    }
  if (level < self->scripts->len && g_ptr_array_index (self->scripts, level) != NULL)
    return ((LevelScript *) g_ptr_array_index (self->scripts, level))->text;

  /* A level of a merge folder: its script is the one in its folder, as written. */
  if (merge_folder (self) != NULL && tsr_marathon_merge_folder_get_script (merge_folder (self), found) != NULL)
    {
      GBytes *written = tsr_marathon_merge_folder_get_script (merge_folder (self), found);

      text = g_strndup (g_bytes_get_data (written, NULL), g_bytes_get_size (written));
    }
  else if (found->terminals != NULL)
    {
      text = tsr_marathon_terminals_decompile (found->terminals, error);
      if (text == NULL)
        {
          g_prefix_error (error, _("level %u: "), level);
          return NULL;
        }
    }
  else
    text = g_strdup ("");
  script = g_new0 (LevelScript, 1);
  script->loaded_text = g_strdup (text);
  script->loaded = found->terminals != NULL ? tsr_marathon_terminals_copy (found->terminals) : NULL;
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
          g_autofree char *where = g_strdup_printf (_("level %u terminals, line %u, column %u"), level,
                                                    diagnostic->line, diagnostic->column);
          TsrFindingPlace place = tsr_finding_place_at ((gint) level, "script", -1, TSR_FINDING_POINT_TEXT,
                                                        diagnostic->column, diagnostic->line);

          if (i >= compilation->diagnostics->len && is_intralevel_teleport (script->text, diagnostic->line))
            continue; /* the map's own validation reports the compiled teleport */

          tsr_findings_add_at (findings, diagnostic->severity, &place, where, "%s", diagnostic->message);
        }
    }
}

static GPtrArray *
geometry_chunks (TsrMarathonLevel *level)
{
  GPtrArray *chunks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);

  for (guint i = 0; i < G_N_ELEMENTS (geometry_tags); i++)
    {
      TsrWadChunk *chunk = tsr_wad_entry_find_chunk (level->entry, geometry_tags[i]);

      g_ptr_array_add (chunks, chunk != NULL ? g_bytes_ref (chunk->data) : NULL);
    }
  return chunks;
}

static void
remember_pristine (TsrMarathonDocument *self)
{
  TsrMarathonMap *map = tsr_marathon_document_get_scenario (self)->map;

  self->pristine = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  for (guint i = 0; i < map->levels->len; i++)
    {
      TsrMarathonLevel *level = g_ptr_array_index (map->levels, i);

      g_hash_table_insert (self->pristine, level, geometry_chunks (level));
    }
}

/* Whether LEVEL (just committed) has the geometry it was loaded with: then its stored derived
 * data stay as they are, whatever tool wrote them. */
static gboolean
geometry_is_pristine (TsrMarathonDocument *self,
                      TsrMarathonLevel    *level)
{
  GPtrArray *loaded = g_hash_table_lookup (self->pristine, level);

  if (loaded == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (geometry_tags); i++)
    {
      TsrWadChunk *chunk = tsr_wad_entry_find_chunk (level->entry, geometry_tags[i]);
      GBytes *before = g_ptr_array_index (loaded, i);

      if ((chunk == NULL) != (before == NULL)
          || (chunk != NULL && chunk->data != before && !g_bytes_equal (chunk->data, before)))
        return FALSE;
    }
  return TRUE;
}

/* The arrays a derivation rewrites, set aside while a derived copy is written. */
typedef struct {
  TsrMarathonLevel *level;
  GArray           *endpoints, *lines, *sides, *polygons;
  GBytes           *iidx; /* or NULL */
} DerivedSwap;

static GArray *
array_copy0 (GArray *array)
{
  return array != NULL ? g_array_copy (array) : NULL;
}

static void
swap_in_derived (DerivedSwap      *swap,
                 TsrMarathonLevel *level)
{
  TsrWadChunk *iidx = tsr_wad_entry_find_chunk (level->entry, TAG_IIDX);

  swap->level = level;
  swap->endpoints = level->endpoints;
  swap->lines = level->lines;
  swap->sides = level->sides;
  swap->polygons = level->polygons;
  swap->iidx = iidx != NULL ? g_bytes_ref (iidx->data) : NULL;
  level->endpoints = array_copy0 (swap->endpoints);
  level->lines = array_copy0 (swap->lines);
  level->sides = array_copy0 (swap->sides);
  level->polygons = array_copy0 (swap->polygons);
  /* Placement counts are the author's: only the commands that add, delete or retype an object
   * move them (tsr_marathon_level_shift_placements), never a save. */
  tsr_marathon_derive_level (level);
}

static void
swap_back (DerivedSwap *swap)
{
  TsrMarathonLevel *level = swap->level;

  g_clear_pointer (&level->endpoints, g_array_unref);
  g_clear_pointer (&level->lines, g_array_unref);
  g_clear_pointer (&level->sides, g_array_unref);
  g_clear_pointer (&level->polygons, g_array_unref);
  level->endpoints = swap->endpoints;
  level->lines = swap->lines;
  level->sides = swap->sides;
  level->polygons = swap->polygons;
  if (swap->iidx != NULL)
    tsr_wad_entry_set_chunk (level->entry, TAG_IIDX, swap->iidx);
  else
    tsr_wad_entry_remove_chunk (level->entry, TAG_IIDX);
  g_clear_pointer (&swap->iidx, g_bytes_unref);
  tsr_marathon_level_commit (level);
}

/* Saving writes each level whose geometry changed with the derived data the engine computes
 * (adjacency, vertex order, line and endpoint flags and heights, side owners, exclusion zones,
 * the index list of preprocessed maps), on a copy: the document keeps what the commands made,
 * so undo stays exact and an undone level is pristine again. */
static GPtrArray *
tsr_marathon_document_serialize (TsrDocument *document,
                                 const char  *path,
                                 GError     **error)
{
  TsrMarathonDocument *self = TSR_MARATHON_DOCUMENT (document);
  TsrMarathonMap *map = tsr_marathon_document_get_scenario (self)->map;
  g_autoptr(GArray) swaps = g_array_new (FALSE, FALSE, sizeof (DerivedSwap));
  GPtrArray *outputs;

  for (guint i = 0; i < map->levels->len; i++)
    {
      TsrMarathonLevel *level = g_ptr_array_index (map->levels, i);
      DerivedSwap swap;

      tsr_marathon_level_commit (level);
      if (geometry_is_pristine (self, level))
        continue;
      swap_in_derived (&swap, level);
      g_array_append_val (swaps, swap);
    }
  /* A merge folder writes each level's script text into its own file. */
  for (guint i = 0; merge_folder (self) != NULL && i < self->scripts->len; i++)
    {
      LevelScript *script = g_ptr_array_index (self->scripts, i);

      if (script != NULL && level_at (self, i) != NULL)
        tsr_marathon_merge_folder_set_script_text (merge_folder (self), level_at (self, i),
                                                   tsr_terminal_text_get_text (script->text, NULL));
    }
  outputs = TSR_DOCUMENT_CLASS (tsr_marathon_document_parent_class)->serialize (document, path, error);
  for (guint i = 0; i < swaps->len; i++)
    swap_back (&g_array_index (swaps, DerivedSwap, i));
  return outputs;
}

static gboolean
tsr_marathon_document_attach (TsrDocument *document,
                              GError     **error)
{
  TSR_MARATHON_DOCUMENT (document)->scripts = g_ptr_array_new_with_free_func (level_script_free);
  TSR_MARATHON_DOCUMENT (document)->level_maps = g_ptr_array_new_with_free_func (g_object_unref0);
  TSR_MARATHON_DOCUMENT (document)->shown_level = level_at (TSR_MARATHON_DOCUMENT (document), 0);
  remember_pristine (TSR_MARATHON_DOCUMENT (document));
  /* A level of an Atque merge folder: its terminals are the script beside it (validation). */
  if (tsr_document_get_file (document) != NULL && merge_folder (TSR_MARATHON_DOCUMENT (document)) == NULL)
    {
      g_autofree char *path = g_file_get_path (tsr_document_get_file (document));

      if (path != NULL)
        tsr_marathon_map_attach_script (tsr_marathon_document_get_scenario (TSR_MARATHON_DOCUMENT (document))->map,
                                        path);
    }
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
  for (guint i = 0; self->level_maps != NULL && i < self->level_maps->len; i++)
    if (g_ptr_array_index (self->level_maps, i) != NULL)
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->level_maps, i), self);
  g_clear_pointer (&self->level_maps, g_ptr_array_unref);
  g_clear_pointer (&self->pristine, g_hash_table_unref);
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
    case PROP_CURRENT_LEVEL_MAP:
      g_value_set_object (value, tsr_marathon_document_get_current_level_map (self));
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
  document_class->serialize = tsr_marathon_document_serialize;

  /* The level list changed: REMOVED levels at POSITION were replaced by ADDED ones (a move is
   * the span it touched; a rename the one level). */
  signals[LEVELS_CHANGED] =
    g_signal_new ("levels-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);

  properties[PROP_CURRENT_LEVEL] =
    g_param_spec_uint ("current-level", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The level the pages show, notified whenever it is another level (not only another index). */
  properties[PROP_CURRENT_LEVEL_MAP] =
    g_param_spec_object ("current-level-map", NULL, NULL, TSR_TYPE_MARATHON_LEVEL_MAP,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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
  tsr_document_register_type ("marathon-merge-folder", TSR_TYPE_MARATHON_DOCUMENT);
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
  follow_current_level (self);
}

TsrMarathonLevelMap *
tsr_marathon_document_get_current_level_map (TsrMarathonDocument *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (self), NULL);
  return tsr_marathon_document_get_level_map (self, self->current_level);
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
    {
      g_ptr_array_index (self->level_maps, level) = tsr_marathon_level_map_new (found);
      g_signal_connect (g_ptr_array_index (self->level_maps, level), "elements-changed",
                        G_CALLBACK (on_level_map_changed), self);
    }
  return g_ptr_array_index (self->level_maps, level);
}

/* ---- Level list (raw stores for TsrMarathonLevelCommand) -------------------------------------- */

TsrMarathonLevelSlot *
tsr_marathon_level_slot_new (TsrMarathonLevel *level)
{
  TsrMarathonLevelSlot *slot = g_new0 (TsrMarathonLevelSlot, 1);

  slot->level = level;
  return slot;
}

TsrMarathonLevel *
tsr_marathon_level_slot_get_level (TsrMarathonLevelSlot *slot)
{
  return slot->level;
}

void
tsr_marathon_level_slot_free (TsrMarathonDocument  *document,
                              TsrMarathonLevelSlot *slot)
{
  if (slot == NULL)
    return;
  level_script_free (slot->script);
  /* The map borrows the level: it goes first. */
  g_clear_object (&slot->map);
  if (document != NULL)
    {
      tsr_marathon_map_forget_level (tsr_marathon_document_get_scenario (document)->map, slot->level);
      if (document->pristine != NULL)
        g_hash_table_remove (document->pristine, slot->level);
    }
  tsr_marathon_level_free (slot->level);
  g_free (slot);
}

/* The per-level arrays as long as the level list, so they can be edited alongside it. */
static void
sync_level_arrays (TsrMarathonDocument *self)
{
  guint n = tsr_marathon_document_get_n_levels (self);

  if (self->scripts->len < n)
    g_ptr_array_set_size (self->scripts, (gint) n);
  if (self->level_maps->len < n)
    g_ptr_array_set_size (self->level_maps, (gint) n);
}

/* Scripts know their level by index, and teleports' limits by the level count. */
static void
reindex_scripts (TsrMarathonDocument *self)
{
  for (guint level = 0; level < self->scripts->len; level++)
    {
      LevelScript *script = g_ptr_array_index (self->scripts, level);

      if (script == NULL)
        continue;
      g_object_set_data (G_OBJECT (script->text), "tsr-level", GUINT_TO_POINTER (level));
      set_script_targets (self, level, script->text);
    }
}

static void
set_current (TsrMarathonDocument *self,
             guint                level)
{
  guint n = tsr_marathon_document_get_n_levels (self);

  level = n == 0 ? 0 : MIN (level, n - 1);
  if (level == self->current_level)
    return;
  self->current_level = level;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_LEVEL]);
}

static void
levels_changed (TsrMarathonDocument *self,
                guint                position,
                guint                removed,
                guint                added)
{
  reindex_scripts (self);
  tsr_document_invalidate_findings (TSR_DOCUMENT (self));
  follow_current_level (self);
  g_signal_emit (self, signals[LEVELS_CHANGED], 0, position, removed, added);
}

void
tsr_marathon_document_insert_level (TsrMarathonDocument  *self,
                                    guint                 position,
                                    TsrMarathonLevelSlot *slot)
{
  TsrMarathonMap *map = tsr_marathon_document_get_scenario (self)->map;
  guint current = self->current_level;

  g_return_if_fail (TSR_IS_MARATHON_DOCUMENT (self));
  sync_level_arrays (self);
  position = MIN (position, map->levels->len);
  tsr_marathon_map_add_level (map, slot->level, position);
  g_ptr_array_insert (self->level_maps, (gint) position, slot->map);
  g_ptr_array_insert (self->scripts, (gint) position, slot->script);
  g_free (slot);
  /* Stay on the level that was current (the first level of a list that was empty). */
  self->current_level = position <= current && map->levels->len > 1 ? current + 1 : current;
  if (self->current_level != current)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_LEVEL]);
  levels_changed (self, position, 0, 1);
}

TsrMarathonLevelSlot *
tsr_marathon_document_take_level (TsrMarathonDocument *self,
                                  guint                position)
{
  TsrMarathonMap *map = tsr_marathon_document_get_scenario (self)->map;
  TsrMarathonLevelSlot *slot;

  g_return_val_if_fail (TSR_IS_MARATHON_DOCUMENT (self), NULL);
  g_return_val_if_fail (position < map->levels->len, NULL);
  sync_level_arrays (self);
  slot = g_new0 (TsrMarathonLevelSlot, 1);
  slot->level = tsr_marathon_map_take_level (map, position);
  slot->map = g_ptr_array_steal_index (self->level_maps, position);
  slot->script = g_ptr_array_steal_index (self->scripts, position);
  if (position < self->current_level)
    set_current (self, self->current_level - 1);
  else
    set_current (self, self->current_level);
  levels_changed (self, position, 1, 0);
  return slot;
}

static void
move_pointer (GPtrArray *array,
              guint      from,
              guint      to)
{
  gpointer item = g_ptr_array_steal_index (array, from);

  g_ptr_array_insert (array, (gint) to, item);
}

void
tsr_marathon_document_move_level (TsrMarathonDocument *self,
                                  guint                from,
                                  guint                to)
{
  TsrMarathonMap *map = tsr_marathon_document_get_scenario (self)->map;
  guint current = self->current_level;

  g_return_if_fail (TSR_IS_MARATHON_DOCUMENT (self));
  g_return_if_fail (from < map->levels->len && to < map->levels->len);
  sync_level_arrays (self);
  tsr_marathon_map_move_level (map, from, to);
  move_pointer (self->level_maps, from, to);
  move_pointer (self->scripts, from, to);
  /* The current level stays the same level. */
  if (current == from)
    current = to;
  else if (from < current && current <= to)
    current--;
  else if (to <= current && current < from)
    current++;
  set_current (self, current);
  levels_changed (self, MIN (from, to), MAX (from, to) - MIN (from, to) + 1, MAX (from, to) - MIN (from, to) + 1);
}

void
tsr_marathon_document_store_level_info (TsrMarathonDocument      *self,
                                        guint                     level,
                                        gboolean                  has_info,
                                        gsize                     size,
                                        const TsrMarathonMapInfo *info)
{
  TsrMarathonLevel *found = level_at (self, level);

  g_return_if_fail (found != NULL);
  found->has_info = has_info;
  found->info_size = size;
  found->info = *info;
  levels_changed (self, level, 1, 1);
}

gboolean
tsr_marathon_document_has_script (TsrMarathonDocument *self,
                                  guint                level)
{
  return level < self->scripts->len && g_ptr_array_index (self->scripts, level) != NULL;
}
