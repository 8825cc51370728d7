/* tsr-marathon-palettes.c: the list is rebuilt from the level on every change of the undo stack
 * (palettes are small: tens of records), keeping the chosen row; the inspector edits the chosen
 * record through a TsrMarathonLevelSource; palette edits are TsrMarathonPaletteCommands. The
 * curve is tsr_marathon_light_curve over eight seconds; playing moves a cursor along it with the
 * frame clock and shows the intensity as a grey swatch. */
#include "config.h"

#include "views/marathon/tsr-marathon-palettes.h"

#include <glib/gi18n.h>

#include "formats/marathon/tsr-marathon-lighting.h"
#include "formats/marathon/tsr-marathon-names.h"
#include "model/marathon/tsr-marathon-level-source.h"
#include "formats/marathon/tsr-marathon-palette.h"
#include "model/marathon/tsr-marathon-palette-command.h"
#include "model/marathon/tsr-marathon-platform-commands.h"
#include "model/marathon/tsr-marathon-set-record-command.h"

#define CURVE_TICKS  240 /* eight seconds at the engine's 30 ticks a second */
#define PLACEMENT_TYPES 64 /* plac: 64 item records, then 64 monster records */

struct _TsrMarathonPalettes {
  GtkWidget               parent_instance;
  TsrMarathonDocument    *document;
  TsrMarathonLevelMap    *map;
  TsrMarathonPalettesKind kind;
  TsrMarathonLevelSource *source;
  gint                    selected; /* record of the shown kind (placement: type), or -1 */
  gboolean                syncing;
  gint32                  curve[CURVE_TICKS];
  gboolean                has_curve;
  guint                   tick_callback;
  gint64                  play_start;  /* frame time when playing began, µs */
  guint                   play_tick;

  GtkWidget              *paned;
  GtkDropDown            *kind_dropdown;
  GtkListBox             *record_list;
  GtkWidget              *add_button;
  GtkWidget              *duplicate_button;
  GtkWidget              *delete_button;
  GtkWidget              *fix_count_button; /* placements: the fix of a placed type counted 0 */
  GtkLabel               *status_label;
  GtkWidget              *curve_box;
  GtkDrawingArea         *curve_area;
  GtkToggleButton        *play_button;
  TsrPropertyInspector   *inspector;
  TsrMarathonMapEditor   *map_editor; /* weak: whose selection Add of a platform uses */
};

G_DEFINE_FINAL_TYPE (TsrMarathonPalettes, tsr_marathon_palettes, GTK_TYPE_WIDGET)

static gboolean
is_placement (TsrMarathonPalettesKind kind)
{
  return kind == TSR_MARATHON_PALETTES_ITEMS || kind == TSR_MARATHON_PALETTES_MONSTERS;
}

/* Lights, liquids, platforms and sounds: records that can be added and deleted. */
static gboolean
is_palette (TsrMarathonPalettesKind kind)
{
  return kind <= TSR_MARATHON_PALETTES_RANDOM_SOUNDS;
}

static TsrMarathonLevel *
level_of (TsrMarathonPalettes *self)
{
  return self->map != NULL ? tsr_marathon_level_map_get_level (self->map) : NULL;
}

/* Palette kinds map one to one onto the first five entries. */
static TsrMarathonPaletteKind
palette_kind (TsrMarathonPalettesKind kind)
{
  return (TsrMarathonPaletteKind) kind;
}

static TsrMarathonRecordKind
record_kind (TsrMarathonPalettes *self)
{
  if (is_placement (self->kind))
    return TSR_MARATHON_RECORD_PLACEMENT;
  if (self->kind == TSR_MARATHON_PALETTES_LEVEL_INFO)
    return TSR_MARATHON_RECORD_MAP_INFO;
  return tsr_marathon_palette_record_kind (level_of (self), palette_kind (self->kind));
}

static guint
n_rows (TsrMarathonPalettes *self)
{
  TsrMarathonLevel *level = level_of (self);
  GArray *records;

  if (level == NULL)
    return 0;
  if (self->kind == TSR_MARATHON_PALETTES_LEVEL_INFO)
    return level->has_info ? 1 : 0;
  if (is_placement (self->kind))
    {
      guint base = self->kind == TSR_MARATHON_PALETTES_MONSTERS ? PLACEMENT_TYPES : 0;

      return level->placements != NULL && level->placements->len > base
             ? MIN (PLACEMENT_TYPES, level->placements->len - base) : 0;
    }
  records = tsr_marathon_palette_records (level, palette_kind (self->kind));
  return records != NULL ? records->len : 0;
}

/* The record index in the level's array of row ROW. */
static guint
record_of_row (TsrMarathonPalettes *self,
               guint                row)
{
  return self->kind == TSR_MARATHON_PALETTES_MONSTERS ? row + PLACEMENT_TYPES : row;
}

static guint
count_placed (TsrMarathonLevel *level,
              gint16            type,
              guint             index)
{
  guint n = 0;

  for (guint i = 0; level->objects != NULL && i < level->objects->len; i++)
    {
      const TsrMarathonObject *object = &g_array_index (level->objects, TsrMarathonObject, i);

      n += object->type == type && object->index == (gint16) index;
    }
  return n;
}

static char *
row_text (TsrMarathonPalettes *self,
          guint                row)
{
  TsrMarathonLevel *level = level_of (self);

  switch (self->kind)
    {
    case TSR_MARATHON_PALETTES_ITEMS:
    case TSR_MARATHON_PALETTES_MONSTERS:
      {
        gboolean monsters = self->kind == TSR_MARATHON_PALETTES_MONSTERS;
        const TsrMarathonPlacement *placement = &g_array_index (level->placements, TsrMarathonPlacement,
                                                                record_of_row (self, row));
        const char *name = monsters ? tsr_marathon_monster_name ((gint) row) : tsr_marathon_item_name ((gint) row);
        g_autofree char *fallback = g_strdup_printf ("%u", row);

        /* Translators: a placement row: the type, its initial count and how many the map places. */
        return g_strdup_printf (_("%s — initial %d, %u on the map"), name != NULL ? _(name) : fallback,
                                placement->initial_count, count_placed (level, monsters ? 0 : 2, row));
      }
    case TSR_MARATHON_PALETTES_LIGHTS:
      if (level->lights != NULL)
        {
          const TsrMarathonLight *light = &g_array_index (level->lights, TsrMarathonLight, row);
          const TsrFieldTable *table = tsr_marathon_record_editor_fields (TSR_MARATHON_RECORD_LIGHT);
          const char *function = tsr_field_enum_label (table->fields[tsr_field_table_find (table, "primary_active.function")].enumeration,
                                                       light->primary_active.function);

          /* Translators: a light row: its number, its primary active function, on or off at start. */
          return g_strdup_printf (_("%u  %s, %s"), row, function != NULL ? function : "?",
                                  (light->flags & 0x1) ? _("on") : _("off"));
        }
      return g_strdup_printf ("%u", row);
    case TSR_MARATHON_PALETTES_LIQUIDS:
      {
        const TsrMarathonMedia *media = &g_array_index (level->media, TsrMarathonMedia, row);
        const TsrFieldTable *table = tsr_marathon_record_editor_fields (TSR_MARATHON_RECORD_MEDIA);
        const char *type = tsr_field_enum_label (table->fields[tsr_field_table_find (table, "type")].enumeration, media->type);

        return g_strdup_printf ("%u  %s", row, type != NULL ? type : "?");
      }
    case TSR_MARATHON_PALETTES_PLATFORMS:
      {
        const TsrMarathonPlatform *platform = &g_array_index (level->platforms, TsrMarathonPlatform, row);

        /* Translators: a platform row: its number and its polygon. */
        return g_strdup_printf (_("%u  polygon %d"), row, platform->polygon_index);
      }
    case TSR_MARATHON_PALETTES_LEVEL_INFO:
      return tsr_marathon_level_name (level);
    case TSR_MARATHON_PALETTES_AMBIENT_SOUNDS:
    case TSR_MARATHON_PALETTES_RANDOM_SOUNDS:
    default:
      return g_strdup_printf ("%u", row);
    }
}

static void
update_curve (TsrMarathonPalettes *self)
{
  TsrMarathonLevel *level = level_of (self);

  self->has_curve = self->kind == TSR_MARATHON_PALETTES_LIGHTS && level != NULL && level->lights != NULL
                    && self->selected >= 0 && (guint) self->selected < level->lights->len;
  if (self->has_curve)
    tsr_marathon_light_curve (&g_array_index (level->lights, TsrMarathonLight, self->selected), 1, CURVE_TICKS, self->curve);
  gtk_widget_set_visible (self->curve_box, self->kind == TSR_MARATHON_PALETTES_LIGHTS);
  gtk_widget_queue_draw (GTK_WIDGET (self->curve_area));
}

static void
update_buttons (TsrMarathonPalettes *self)
{
  TsrMarathonLevel *level = level_of (self);
  gboolean palette = is_palette (self->kind) && level != NULL
                     && (tsr_marathon_palette_records (level, palette_kind (self->kind)) != NULL
                         || self->kind == TSR_MARATHON_PALETTES_PLATFORMS);
  gboolean chosen = self->selected >= 0;

  /* A platform is added to a polygon selected on the map (Marathon 2 and later). */
  gtk_widget_set_sensitive (self->add_button, palette && (self->kind != TSR_MARATHON_PALETTES_PLATFORMS
                                                          || (self->map_editor != NULL
                                                              && level != NULL && level->data_version > 0)));
  gtk_widget_set_sensitive (self->duplicate_button, palette && chosen && self->kind != TSR_MARATHON_PALETTES_PLATFORMS);
  gtk_widget_set_sensitive (self->delete_button, palette && chosen);
  /* "Placed on the map, but its initial count is 0": one click sets the count. */
  gtk_widget_set_visible (self->fix_count_button, is_placement (self->kind));
  /* Placements are a fixed table: no Add, Duplicate or Delete (and the row keeps its width). */
  gtk_widget_set_visible (self->add_button, !is_placement (self->kind));
  gtk_widget_set_visible (self->duplicate_button, !is_placement (self->kind));
  gtk_widget_set_visible (self->delete_button, !is_placement (self->kind));
  if (is_placement (self->kind))
    {
      g_autoptr(TsrCommand) fix = chosen && self->map != NULL
                                    ? tsr_marathon_initial_count_fix_new (self->map, record_of_row (self, (guint) self->selected))
                                    : NULL;

      gtk_widget_set_sensitive (self->fix_count_button, fix != NULL);
    }
}

static void
choose (TsrMarathonPalettes *self,
        gint                 row)
{
  self->selected = row;
  if (self->source != NULL)
    {
      guint record = row >= 0 ? record_of_row (self, (guint) row) : 0;

      tsr_property_source_set_elements (TSR_PROPERTY_SOURCE (self->source), &record, row >= 0 ? 1 : 0);
    }
  update_curve (self);
  update_buttons (self);
}

static guint
n_list_rows (TsrMarathonPalettes *self)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->record_list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

/* Rows are relabelled in place while their number stays (so the focused row stays), and rebuilt
 * when records come or go. */
static void
rebuild_list (TsrMarathonPalettes *self)
{
  guint count = n_rows (self);
  gint keep = self->selected;

  self->syncing = TRUE;
  if (n_list_rows (self) != count)
    {
      /* gtk_list_box_remove_all is GTK 4.12. */
      for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self->record_list))) != NULL;)
        gtk_list_box_remove (self->record_list, child);
      for (guint row = 0; row < count; row++)
        {
          GtkWidget *label = gtk_label_new (NULL);

          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
          gtk_list_box_append (self->record_list, label);
        }
    }
  for (guint row = 0; row < count; row++)
    {
      g_autofree char *text = row_text (self, row);
      GtkListBoxRow *list_row = gtk_list_box_get_row_at_index (self->record_list, (int) row);

      gtk_label_set_text (GTK_LABEL (gtk_list_box_row_get_child (list_row)), text);
    }
  if (keep >= (gint) count)
    keep = (gint) count - 1;
  if (keep >= 0)
    gtk_list_box_select_row (self->record_list, gtk_list_box_get_row_at_index (self->record_list, keep));
  self->syncing = FALSE;
  choose (self, keep);
}

static void
rebuild_source (TsrMarathonPalettes *self)
{
  TsrMarathonRecordKind kind;

  g_clear_object (&self->source);
  if (self->map != NULL)
    {
      kind = record_kind (self);
      self->source = tsr_marathon_level_source_new (TSR_DOCUMENT (self->document), self->map, kind);
    }
  tsr_property_inspector_set_source (self->inspector, self->source != NULL ? TSR_PROPERTY_SOURCE (self->source) : NULL);
  gtk_label_set_text (self->status_label, self->map != NULL && self->source == NULL
                      ? _("This level has no such records.") : "");
  rebuild_list (self);
}

/* Follows the current level itself (current-level-map), not its index: an undo that takes a
 * level out can leave the index as it was with another level there (issue 41). */
static void
on_current_level (TsrMarathonPalettes *self)
{
  TsrMarathonLevelMap *map = self->document != NULL ? tsr_marathon_document_get_current_level_map (self->document) : NULL;

  g_set_object (&self->map, map);
  self->selected = n_rows (self) > 0 ? 0 : -1;
  rebuild_source (self);
}

static void
on_stack_changed (TsrMarathonPalettes *self)
{
  rebuild_list (self);
  update_buttons (self);
}

static void
on_kind_selected (TsrMarathonPalettes *self)
{
  guint selected = gtk_drop_down_get_selected (self->kind_dropdown);

  if (selected == GTK_INVALID_LIST_POSITION || (TsrMarathonPalettesKind) selected == self->kind)
    return;
  self->kind = selected;
  self->selected = -1;
  rebuild_source (self);
  if (n_rows (self) > 0)
    tsr_marathon_palettes_select (self, 0);
}

static void
on_row_selected (TsrMarathonPalettes *self,
                 GtkListBoxRow       *row)
{
  if (self->syncing)
    return;
  choose (self, row != NULL ? gtk_list_box_row_get_index (row) : -1);
}

static void
run_command (TsrMarathonPalettes        *self,
             TsrMarathonPaletteOperation operation)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrCommand) command = NULL;

  if (self->map == NULL || !is_palette (self->kind))
    return;
  command = tsr_marathon_palette_command_new (self->map, palette_kind (self->kind), operation,
                                              self->selected >= 0 ? (guint) self->selected : 0, &error);
  if (command == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      return;
    }
  gtk_label_set_text (self->status_label, "");
  if (operation != TSR_MARATHON_PALETTE_DELETE)
    self->selected = (gint) tsr_marathon_palette_command_get_index (TSR_MARATHON_PALETTE_COMMAND (command));
  tsr_document_execute (TSR_DOCUMENT (self->document), command);
}

/* The polygons selected on the map, lowest first (transfer full). */
static GArray *
selected_polygons (TsrMarathonPalettes *self)
{
  GArray *polygons = g_array_new (FALSE, FALSE, sizeof (guint));
  TsrEditSession *session = self->map_editor != NULL ? tsr_marathon_map_editor_get_session (self->map_editor) : NULL;
  const TsrElementRef *elements;
  guint n = 0;

  if (session == NULL || tsr_edit_session_get_vector_map (session) != TSR_VECTOR_MAP (self->map))
    return polygons;
  elements = tsr_selection_get_elements (tsr_edit_session_get_selection (session), &n);
  for (guint i = 0; i < n; i++)
    if (elements[i].kind == TSR_ELEMENT_POLYGON)
      g_array_append_val (polygons, elements[i].index);
  return polygons;
}

/* Every selected polygon that is not one yet becomes a platform: one undo step. */
static void
add_platforms (TsrMarathonPalettes *self)
{
  g_autoptr(GArray) polygons = selected_polygons (self);
  TsrUndoStack *stack = tsr_document_get_undo_stack (TSR_DOCUMENT (self->document));
  TsrMarathonLevel *level = level_of (self);
  gint added = -1;

  if (polygons->len == 0)
    {
      gtk_label_set_text (self->status_label, _("Select a polygon on the map to make it a platform."));
      return;
    }
  /* Translators: an undo step of the Platforms palette. */
  tsr_undo_stack_begin_group (stack, _("Add Platform"));
  for (guint i = 0; i < polygons->len; i++)
    {
      guint polygon = g_array_index (polygons, guint, i);
      g_autoptr(TsrCommand) command = NULL;

      if (tsr_marathon_level_find_platform (level, polygon) >= 0)
        continue;
      command = tsr_marathon_add_platform_command_new (self->map, polygon, NULL);
      if (command == NULL)
        continue;
      tsr_document_execute (TSR_DOCUMENT (self->document), command);
      added = tsr_marathon_level_find_platform (level, polygon);
    }
  tsr_undo_stack_end_group (stack);
  if (added < 0)
    {
      gtk_label_set_text (self->status_label, _("The selected polygons are platforms already."));
      return;
    }
  gtk_label_set_text (self->status_label, "");
  choose (self, added);
}

static void
on_add_clicked (TsrMarathonPalettes *self)
{
  if (self->kind == TSR_MARATHON_PALETTES_PLATFORMS)
    add_platforms (self);
  else
    run_command (self, TSR_MARATHON_PALETTE_ADD);
}

static void
on_duplicate_clicked (TsrMarathonPalettes *self)
{
  run_command (self, TSR_MARATHON_PALETTE_DUPLICATE);
}

static void
on_delete_clicked (TsrMarathonPalettes *self)
{
  run_command (self, TSR_MARATHON_PALETTE_DELETE);
}

static void
on_fix_count_clicked (TsrMarathonPalettes *self)
{
  if (self->map == NULL || self->document == NULL || self->selected < 0 || !is_placement (self->kind))
    return;
  tsr_document_execute_take (TSR_DOCUMENT (self->document),
                             tsr_marathon_initial_count_fix_new (self->map, record_of_row (self, (guint) self->selected)));
}

/* --- The curve --- */

static void
draw_curve (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  TsrMarathonPalettes *self = user_data;
  double swatch = height;
  double plot = MAX (1.0, width - swatch - 8);

  cairo_set_source_rgb (cr, 0.12, 0.12, 0.14);
  cairo_rectangle (cr, 0, 0, plot, height);
  cairo_fill (cr);
  if (!self->has_curve)
    return;
  /* Grid lines at 0, 1/2 and 1 and a tick mark a second. */
  cairo_set_source_rgba (cr, 1, 1, 1, 0.15);
  cairo_set_line_width (cr, 1);
  for (int i = 0; i <= 2; i++)
    {
      cairo_move_to (cr, 0, 4 + (height - 8) * i / 2.0 + 0.5);
      cairo_line_to (cr, plot, 4 + (height - 8) * i / 2.0 + 0.5);
    }
  for (int s = 1; s < CURVE_TICKS / 30; s++)
    {
      cairo_move_to (cr, plot * s * 30 / CURVE_TICKS + 0.5, 0);
      cairo_line_to (cr, plot * s * 30 / CURVE_TICKS + 0.5, height);
    }
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, 1.0, 0.8, 0.3);
  cairo_set_line_width (cr, 1.5);
  for (guint t = 0; t < CURVE_TICKS; t++)
    {
      double x = plot * t / (CURVE_TICKS - 1);
      double y = 4 + (height - 8) * (1.0 - CLAMP (self->curve[t] / 65536.0, 0.0, 1.0));

      if (t == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  /* The cursor and the swatch of the intensity at it. */
  {
    guint tick = self->play_tick % CURVE_TICKS;
    double grey = CLAMP (self->curve[tick] / 65536.0, 0.0, 1.0);

    cairo_set_source_rgba (cr, 1, 1, 1, 0.7);
    cairo_move_to (cr, plot * tick / (CURVE_TICKS - 1) + 0.5, 0);
    cairo_line_to (cr, plot * tick / (CURVE_TICKS - 1) + 0.5, height);
    cairo_stroke (cr);
    cairo_set_source_rgb (cr, grey, grey, grey);
    cairo_rectangle (cr, width - swatch, 0, swatch, height);
    cairo_fill (cr);
  }
}

static gboolean
on_play_tick (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       user_data)
{
  TsrMarathonPalettes *self = user_data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->play_start == 0)
    self->play_start = now;
  self->play_tick = (guint) ((now - self->play_start) * 30 / G_USEC_PER_SEC);
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static void
stop_playing (TsrMarathonPalettes *self)
{
  if (self->tick_callback != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->curve_area), self->tick_callback);
  self->tick_callback = 0;
}

static void
on_play_toggled (TsrMarathonPalettes *self)
{
  stop_playing (self);
  if (gtk_toggle_button_get_active (self->play_button))
    {
      self->play_start = 0;
      self->tick_callback = gtk_widget_add_tick_callback (GTK_WIDGET (self->curve_area), on_play_tick, self, NULL);
    }
}

/* --- API --- */

void
tsr_marathon_palettes_set_document (TsrMarathonPalettes *self,
                                    TsrMarathonDocument *document)
{
  g_return_if_fail (TSR_IS_MARATHON_PALETTES (self));
  if (self->document == document)
    return;
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->document, self);
      g_signal_handlers_disconnect_by_data (tsr_document_get_undo_stack (TSR_DOCUMENT (self->document)), self);
    }
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "notify::current-level-map", G_CALLBACK (on_current_level), self);
      g_signal_connect_swapped (tsr_document_get_undo_stack (TSR_DOCUMENT (document)), "changed",
                                G_CALLBACK (on_stack_changed), self);
    }
  on_current_level (self);
}

void
tsr_marathon_palettes_set_map_editor (TsrMarathonPalettes  *self,
                                      TsrMarathonMapEditor *editor)
{
  g_return_if_fail (TSR_IS_MARATHON_PALETTES (self));
  g_set_weak_pointer (&self->map_editor, editor);
  update_buttons (self);
}

void
tsr_marathon_palettes_set_kind (TsrMarathonPalettes    *self,
                                TsrMarathonPalettesKind kind)
{
  g_return_if_fail (TSR_IS_MARATHON_PALETTES (self));
  gtk_drop_down_set_selected (self->kind_dropdown, kind);
}

void
tsr_marathon_palettes_select (TsrMarathonPalettes *self,
                              guint                index)
{
  GtkListBoxRow *row;

  g_return_if_fail (TSR_IS_MARATHON_PALETTES (self));
  row = gtk_list_box_get_row_at_index (self->record_list, (int) index);
  if (row != NULL)
    gtk_list_box_select_row (self->record_list, row);
}

gint
tsr_marathon_palettes_get_selected (TsrMarathonPalettes *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PALETTES (self), -1);
  return self->selected;
}

TsrMarathonLevelMap *
tsr_marathon_palettes_get_level_map (TsrMarathonPalettes *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PALETTES (self), NULL);
  return self->map;
}

TsrPropertyInspector *
tsr_marathon_palettes_get_inspector (TsrMarathonPalettes *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PALETTES (self), NULL);
  return self->inspector;
}

const gint32 *
tsr_marathon_palettes_get_curve (TsrMarathonPalettes *self,
                                 guint               *n_ticks)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PALETTES (self), NULL);
  if (n_ticks != NULL)
    *n_ticks = self->has_curve ? CURVE_TICKS : 0;
  return self->has_curve ? self->curve : NULL;
}

GtkWidget *
tsr_marathon_palettes_new (void)
{
  return g_object_new (TSR_TYPE_MARATHON_PALETTES, NULL);
}

static void
tsr_marathon_palettes_dispose (GObject *object)
{
  TsrMarathonPalettes *self = TSR_MARATHON_PALETTES (object);

  stop_playing (self);
  tsr_marathon_palettes_set_document (self, NULL);
  g_clear_weak_pointer (&self->map_editor);
  g_clear_object (&self->source);
  g_clear_object (&self->map);
  gtk_widget_dispose_template (GTK_WIDGET (self), TSR_TYPE_MARATHON_PALETTES);
  G_OBJECT_CLASS (tsr_marathon_palettes_parent_class)->dispose (object);
}

static void
tsr_marathon_palettes_class_init (TsrMarathonPalettesClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tsr_marathon_palettes_dispose;
  g_type_ensure (TSR_TYPE_PROPERTY_INSPECTOR);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/ui/tsr-marathon-palettes.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, paned);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, record_list);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, add_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, duplicate_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, delete_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, fix_count_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, status_label);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, curve_box);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, curve_area);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, play_button);
  gtk_widget_class_bind_template_child (widget_class, TsrMarathonPalettes, inspector);
  gtk_widget_class_bind_template_callback (widget_class, on_kind_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_add_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_duplicate_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_delete_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_fix_count_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_play_toggled);
}

static void
tsr_marathon_palettes_init (TsrMarathonPalettes *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->selected = -1;
  gtk_drawing_area_set_draw_func (self->curve_area, draw_curve, self, NULL);
}
