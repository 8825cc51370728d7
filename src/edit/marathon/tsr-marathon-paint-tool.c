/* tsr-marathon-paint-tool.c: a stroke is an undo group of record commands, one per polygon it
 * reached (each polygon at most once); the drag is sampled every few screen pixels so a fast
 * stroke does not jump over a narrow polygon. */
#include "config.h"

#include "edit/marathon/tsr-marathon-paint-tool.h"

#include <glib/gi18n.h>
#include <math.h>

#include "model/marathon/tsr-marathon-platform-commands.h"
#include "model/marathon/tsr-marathon-set-record-command.h"

/* Screen pixels between the points of a drag that are looked at. */
#define SAMPLE_PIXELS 3.0

struct _TsrMarathonPaintTool {
  GObject                   parent_instance;
  TsrEditSession           *session; /* weak */
  TsrMarathonLevelMap      *map;     /* weak: the document owns it */
  TsrMarathonPaintAttribute attribute;
  gint                      value;
  gboolean                  painting;
  double                    last_x, last_y;
  GHashTable               *painted; /* polygon indices of this stroke */
};

enum {
  PROP_0,
  PROP_ATTRIBUTE,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void tsr_marathon_paint_tool_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMarathonPaintTool, tsr_marathon_paint_tool, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TOOL, tsr_marathon_paint_tool_iface_init))

const char *
tsr_marathon_paint_attribute_label (TsrMarathonPaintAttribute attribute)
{
  switch (attribute)
    {
    case TSR_MARATHON_PAINT_FLOOR_HEIGHT: return _("Floor height");
    case TSR_MARATHON_PAINT_CEILING_HEIGHT: return _("Ceiling height");
    case TSR_MARATHON_PAINT_TYPE: return _("Polygon type");
    case TSR_MARATHON_PAINT_FLOOR_LIGHT: return _("Floor light");
    case TSR_MARATHON_PAINT_CEILING_LIGHT: return _("Ceiling light");
    case TSR_MARATHON_PAINT_LIQUID: return _("Liquid");
    case TSR_MARATHON_PAINT_AMBIENT_SOUND: return _("Ambient sound");
    case TSR_MARATHON_PAINT_RANDOM_SOUND: return _("Random sound");
    case TSR_MARATHON_PAINT_FLOOR_TEXTURE: return _("Floor texture");
    case TSR_MARATHON_PAINT_CEILING_TEXTURE: return _("Ceiling texture");
    case TSR_MARATHON_N_PAINT_ATTRIBUTES: break;
    }
  g_return_val_if_reached ("");
}

/* The undo step's name. */
static const char *
stroke_description (TsrMarathonPaintAttribute attribute)
{
  switch (attribute)
    {
    case TSR_MARATHON_PAINT_FLOOR_HEIGHT: return _("Paint floor height");
    case TSR_MARATHON_PAINT_CEILING_HEIGHT: return _("Paint ceiling height");
    case TSR_MARATHON_PAINT_TYPE: return _("Paint polygon type");
    case TSR_MARATHON_PAINT_FLOOR_LIGHT: return _("Paint floor light");
    case TSR_MARATHON_PAINT_CEILING_LIGHT: return _("Paint ceiling light");
    case TSR_MARATHON_PAINT_LIQUID: return _("Paint liquid");
    case TSR_MARATHON_PAINT_AMBIENT_SOUND: return _("Paint ambient sound");
    case TSR_MARATHON_PAINT_RANDOM_SOUND: return _("Paint random sound");
    case TSR_MARATHON_PAINT_FLOOR_TEXTURE: return _("Paint floor texture");
    case TSR_MARATHON_PAINT_CEILING_TEXTURE: return _("Paint ceiling texture");
    case TSR_MARATHON_N_PAINT_ATTRIBUTES: break;
    }
  g_return_val_if_reached ("");
}

static gint16 *
attribute_member (TsrMarathonPaintAttribute attribute,
                  TsrMarathonPolygon       *polygon)
{
  switch (attribute)
    {
    case TSR_MARATHON_PAINT_FLOOR_HEIGHT: return &polygon->floor_height;
    case TSR_MARATHON_PAINT_CEILING_HEIGHT: return &polygon->ceiling_height;
    case TSR_MARATHON_PAINT_TYPE: return &polygon->type;
    case TSR_MARATHON_PAINT_FLOOR_LIGHT: return &polygon->floor_lightsource_index;
    case TSR_MARATHON_PAINT_CEILING_LIGHT: return &polygon->ceiling_lightsource_index;
    case TSR_MARATHON_PAINT_LIQUID: return &polygon->media_index;
    case TSR_MARATHON_PAINT_AMBIENT_SOUND: return &polygon->ambient_sound_image_index;
    case TSR_MARATHON_PAINT_RANDOM_SOUND: return &polygon->random_sound_image_index;
    case TSR_MARATHON_PAINT_FLOOR_TEXTURE: return &polygon->floor_texture;
    case TSR_MARATHON_PAINT_CEILING_TEXTURE: return &polygon->ceiling_texture;
    case TSR_MARATHON_N_PAINT_ATTRIBUTES: break;
    }
  g_return_val_if_reached (NULL);
}

gint
tsr_marathon_paint_attribute_get (TsrMarathonPaintAttribute  attribute,
                                  const TsrMarathonPolygon  *polygon)
{
  g_return_val_if_fail (attribute < TSR_MARATHON_N_PAINT_ATTRIBUTES, 0);
  g_return_val_if_fail (polygon != NULL, 0);

  /* Textures are unsigned shape descriptors. */
  if (attribute == TSR_MARATHON_PAINT_FLOOR_TEXTURE || attribute == TSR_MARATHON_PAINT_CEILING_TEXTURE)
    return (guint16) *attribute_member (attribute, (TsrMarathonPolygon *) polygon);
  return *attribute_member (attribute, (TsrMarathonPolygon *) polygon);
}

void
tsr_marathon_paint_attribute_set (TsrMarathonPaintAttribute  attribute,
                                  TsrMarathonPolygon        *polygon,
                                  gint                       value)
{
  g_return_if_fail (attribute < TSR_MARATHON_N_PAINT_ATTRIBUTES);
  g_return_if_fail (polygon != NULL);

  *attribute_member (attribute, polygon) = (gint16) value;
}

/* Platforms, light and platform triggers and teleporters: their permutation names a record. */
static gboolean
type_needs_permutation (gint type)
{
  return type >= 5 && type <= 10;
}

static guint
count (const GArray *array)
{
  return array != NULL ? array->len : 0;
}

static gboolean
index_valid (gint         value,
             const GArray *records,
             gboolean     none_allowed)
{
  return (none_allowed && value == -1) || (value >= 0 && (guint) value < count (records));
}

gboolean
tsr_marathon_paint_value_valid (TsrMarathonPaintAttribute  attribute,
                                const TsrMarathonLevel    *level,
                                gint                       value)
{
  g_return_val_if_fail (level != NULL, FALSE);

  switch (attribute)
    {
    case TSR_MARATHON_PAINT_FLOOR_HEIGHT:
    case TSR_MARATHON_PAINT_CEILING_HEIGHT:
      return value >= G_MININT16 && value <= G_MAXINT16;
    case TSR_MARATHON_PAINT_TYPE:
      /* A platform gets its own record (Marathon 2 and later; Marathon 1 platforms are types). */
      return value >= 0 && value <= G_MAXINT16 && (!type_needs_permutation (value) || value == 5);
    case TSR_MARATHON_PAINT_FLOOR_LIGHT:
    case TSR_MARATHON_PAINT_CEILING_LIGHT:
      return index_valid (value, level->lights != NULL ? level->lights : level->old_lights, FALSE);
    case TSR_MARATHON_PAINT_LIQUID:
      return index_valid (value, level->media, TRUE);
    case TSR_MARATHON_PAINT_AMBIENT_SOUND:
      return index_valid (value, level->ambient_sounds, TRUE);
    case TSR_MARATHON_PAINT_RANDOM_SOUND:
      return index_valid (value, level->random_sounds, TRUE);
    case TSR_MARATHON_PAINT_FLOOR_TEXTURE:
    case TSR_MARATHON_PAINT_CEILING_TEXTURE:
      return value >= 0 && value <= G_MAXUINT16;
    case TSR_MARATHON_N_PAINT_ATTRIBUTES:
      break;
    }
  return FALSE;
}

gboolean
tsr_marathon_paint_applies (TsrMarathonPaintAttribute  attribute,
                            const TsrMarathonPolygon  *polygon)
{
  g_return_val_if_fail (polygon != NULL, FALSE);
  return attribute != TSR_MARATHON_PAINT_TYPE || polygon->type != 5;
}

static void
paint_polygon (TsrMarathonPaintTool *self,
               gint                  index)
{
  TsrMarathonLevel *level = tsr_marathon_level_map_get_level (self->map);
  TsrMarathonPolygon polygon;
  g_autoptr(TsrCommand) command = NULL;

  if (index < 0 || (guint) index >= count (level->polygons)
      || g_hash_table_contains (self->painted, GINT_TO_POINTER (index)))
    return;
  g_hash_table_add (self->painted, GINT_TO_POINTER (index));
  polygon = g_array_index (level->polygons, TsrMarathonPolygon, index);
  if (!tsr_marathon_paint_applies (self->attribute, &polygon))
    return;
  tsr_marathon_paint_attribute_set (self->attribute, &polygon, self->value);
  /* A trigger or teleporter painted plain loses the record its permutation named. */
  if (self->attribute == TSR_MARATHON_PAINT_TYPE)
    polygon.permutation = 0;
  if (self->attribute == TSR_MARATHON_PAINT_TYPE)
    command = tsr_marathon_polygon_record_command_new (self->map, (guint) index, &polygon,
                                                       stroke_description (self->attribute), NULL);
  else
    command = tsr_marathon_set_record_command_new (self->map, TSR_MARATHON_RECORD_POLYGON, (guint) index, &polygon,
                                                   stroke_description (self->attribute));
  tsr_edit_session_execute (self->session, command);
}

static gboolean
usable (TsrMarathonPaintTool *self)
{
  return self->session != NULL && self->map != NULL
         && tsr_edit_session_get_vector_map (self->session) == TSR_VECTOR_MAP (self->map);
}

static const char *
paint_get_id (TsrTool *tool)
{
  return "paint";
}

static TsrLayerKind
paint_get_layer_kind (TsrTool *tool)
{
  return TSR_LAYER_KIND_VECTOR;
}

static const char *
paint_get_cursor_name (TsrTool *tool)
{
  return "crosshair";
}

static void
paint_finish (TsrMarathonPaintTool *self)
{
  if (!self->painting)
    return;
  self->painting = FALSE;
  g_hash_table_remove_all (self->painted);
  if (self->session != NULL)
    tsr_undo_stack_end_group (tsr_edit_session_get_undo_stack (self->session));
}

static void
paint_press (TsrTool            *tool,
             const TsrToolEvent *event)
{
  TsrMarathonPaintTool *self = TSR_MARATHON_PAINT_TOOL (tool);
  gint index;

  /* A press without the previous release: keep what that stroke did. */
  paint_finish (self);
  if (!usable (self))
    return;
  index = tsr_marathon_level_map_polygon_at (self->map, event->x, event->y);
  if (event->modifiers & TSR_MODIFIER_ALT)
    {
      if (index >= 0)
        {
          const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (self->map);

          tsr_marathon_paint_tool_set_value (self, tsr_marathon_paint_attribute_get (
                                                     self->attribute,
                                                     &g_array_index (level->polygons, TsrMarathonPolygon, index)));
        }
      return;
    }
  if (!tsr_marathon_paint_value_valid (self->attribute, tsr_marathon_level_map_get_level (self->map), self->value))
    return;
  self->painting = TRUE;
  self->last_x = event->x;
  self->last_y = event->y;
  tsr_undo_stack_begin_group (tsr_edit_session_get_undo_stack (self->session), stroke_description (self->attribute));
  paint_polygon (self, index);
}

static void
paint_drag (TsrTool            *tool,
            const TsrToolEvent *event)
{
  TsrMarathonPaintTool *self = TSR_MARATHON_PAINT_TOOL (tool);
  double dx, dy, step;
  guint steps;

  if (!self->painting || !usable (self))
    return;
  dx = event->x - self->last_x;
  dy = event->y - self->last_y;
  step = SAMPLE_PIXELS / MAX (event->zoom, 1e-9);
  steps = (guint) MIN (ceil (sqrt (dx * dx + dy * dy) / step), 100000.0);
  for (guint i = 1; i <= steps; i++)
    paint_polygon (self, tsr_marathon_level_map_polygon_at (self->map, self->last_x + dx * i / steps,
                                                            self->last_y + dy * i / steps));
  paint_polygon (self, tsr_marathon_level_map_polygon_at (self->map, event->x, event->y));
  self->last_x = event->x;
  self->last_y = event->y;
}

static void
paint_release (TsrTool            *tool,
               const TsrToolEvent *event)
{
  TsrMarathonPaintTool *self = TSR_MARATHON_PAINT_TOOL (tool);

  paint_drag (tool, event);
  paint_finish (self);
}

static void
paint_cancel (TsrTool *tool)
{
  TsrMarathonPaintTool *self = TSR_MARATHON_PAINT_TOOL (tool);

  if (!self->painting)
    return;
  self->painting = FALSE;
  g_hash_table_remove_all (self->painted);
  if (self->session != NULL)
    tsr_undo_stack_cancel_group (tsr_edit_session_get_undo_stack (self->session));
}

static gboolean
paint_key (TsrTool     *tool,
           TsrToolKey   key,
           TsrModifiers modifiers)
{
  TsrMarathonPaintTool *self = TSR_MARATHON_PAINT_TOOL (tool);

  if (key != TSR_TOOL_KEY_ESCAPE || !self->painting)
    return FALSE;
  paint_cancel (tool);
  return TRUE;
}

static void
tsr_marathon_paint_tool_iface_init (TsrToolInterface *iface)
{
  iface->get_id = paint_get_id;
  iface->get_layer_kind = paint_get_layer_kind;
  iface->get_cursor_name = paint_get_cursor_name;
  iface->press = paint_press;
  iface->drag = paint_drag;
  iface->release = paint_release;
  iface->key = paint_key;
  iface->cancel = paint_cancel;
}

static void
tsr_marathon_paint_tool_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  TsrMarathonPaintTool *self = TSR_MARATHON_PAINT_TOOL (object);

  switch (prop_id)
    {
    case PROP_ATTRIBUTE:
      g_value_set_uint (value, self->attribute);
      break;
    case PROP_VALUE:
      g_value_set_int (value, self->value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_marathon_paint_tool_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  TsrMarathonPaintTool *self = TSR_MARATHON_PAINT_TOOL (object);

  switch (prop_id)
    {
    case PROP_ATTRIBUTE:
      tsr_marathon_paint_tool_set_attribute (self, g_value_get_uint (value));
      break;
    case PROP_VALUE:
      tsr_marathon_paint_tool_set_value (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_marathon_paint_tool_finalize (GObject *object)
{
  TsrMarathonPaintTool *self = TSR_MARATHON_PAINT_TOOL (object);

  paint_finish (self);
  g_clear_weak_pointer (&self->session);
  g_clear_weak_pointer (&self->map);
  g_clear_pointer (&self->painted, g_hash_table_unref);
  G_OBJECT_CLASS (tsr_marathon_paint_tool_parent_class)->finalize (object);
}

static void
tsr_marathon_paint_tool_class_init (TsrMarathonPaintToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = tsr_marathon_paint_tool_get_property;
  object_class->set_property = tsr_marathon_paint_tool_set_property;
  object_class->finalize = tsr_marathon_paint_tool_finalize;
  properties[PROP_ATTRIBUTE] = g_param_spec_uint ("attribute", NULL, NULL, 0, TSR_MARATHON_N_PAINT_ATTRIBUTES - 1, 0,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALUE] = g_param_spec_int ("value", NULL, NULL, G_MININT, G_MAXINT, 0,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tsr_marathon_paint_tool_init (TsrMarathonPaintTool *self)
{
  self->painted = g_hash_table_new (NULL, NULL);
}

TsrTool *
tsr_marathon_paint_tool_new (TsrEditSession      *session,
                             TsrMarathonLevelMap *map)
{
  TsrMarathonPaintTool *self;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (session), NULL);
  g_return_val_if_fail (TSR_IS_MARATHON_LEVEL_MAP (map), NULL);

  self = g_object_new (TSR_TYPE_MARATHON_PAINT_TOOL, NULL);
  g_set_weak_pointer (&self->session, session);
  g_set_weak_pointer (&self->map, map);
  return TSR_TOOL (self);
}

TsrMarathonPaintAttribute
tsr_marathon_paint_tool_get_attribute (TsrMarathonPaintTool *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PAINT_TOOL (self), 0);
  return self->attribute;
}

void
tsr_marathon_paint_tool_set_attribute (TsrMarathonPaintTool     *self,
                                       TsrMarathonPaintAttribute attribute)
{
  g_return_if_fail (TSR_IS_MARATHON_PAINT_TOOL (self));
  g_return_if_fail (attribute < TSR_MARATHON_N_PAINT_ATTRIBUTES);

  if (self->attribute == attribute)
    return;
  /* A stroke paints one attribute. */
  paint_finish (self);
  self->attribute = attribute;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTRIBUTE]);
}

gint
tsr_marathon_paint_tool_get_value (TsrMarathonPaintTool *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_PAINT_TOOL (self), 0);
  return self->value;
}

void
tsr_marathon_paint_tool_set_value (TsrMarathonPaintTool *self,
                                   gint                  value)
{
  g_return_if_fail (TSR_IS_MARATHON_PAINT_TOOL (self));

  if (self->value == value)
    return;
  self->value = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}
