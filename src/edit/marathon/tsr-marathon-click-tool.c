/* tsr-marathon-click-tool.c: the tools a click is enough for: fill a loop, split a line or (two
 * corners) a polygon, place an object (a press places it, a drag from there sets its facing, as
 * in Weland; the release makes the one undo step) or an annotation (its text at the press). */
#include "config.h"

#include "edit/marathon/tsr-marathon-tools-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/marathon/tsr-marathon-geometry.h"
#include "formats/marathon/tsr-wad.h"

struct _TsrMarathonClickTool {
  GObject               parent_instance;
  TsrEditSession       *session; /* weak: the session owns its tool */
  TsrMarathonClickKind  kind;
  gint                  corner;  /* split: the first corner clicked, or -1 */
  TsrMarathonPoint      corner_at;
  gboolean              has_hover;
  TsrMarathonPoint      hover;
  gint                  object_type, object_index, facing;
  char                 *annotation_text; /* UTF-8 */
  /* place: between the press and the release */
  gboolean              placing;
  TsrMarathonPoint      place_at;
  gint                  place_polygon;
  gint                  place_facing;
  double                place_zoom;
};

enum {
  PROP_0,
  PROP_OBJECT_TYPE,
  PROP_OBJECT_INDEX,
  PROP_FACING,
  PROP_ANNOTATION_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
static guint edit_failed_signal;

static void tsr_marathon_click_tool_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMarathonClickTool, tsr_marathon_click_tool, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TOOL, tsr_marathon_click_tool_iface_init))

typedef struct {
  TsrMarathonClickTool *tool;
  TsrMarathonPoint      at;
  gint                  line, polygon;
  guint                 a, b;
  guint                 result;
} ClickEdit;

static gboolean
fill_edit (TsrMarathonLevel *level,
           gpointer          user_data,
           GError          **error)
{
  ClickEdit *edit = user_data;

  return tsr_marathon_level_fill (level, edit->at, &edit->result, error);
}

static gboolean
split_line_edit (TsrMarathonLevel *level,
                 gpointer          user_data,
                 GError          **error)
{
  ClickEdit *edit = user_data;

  return tsr_marathon_level_split_line (level, (guint) edit->line, edit->at, &edit->result, NULL, error);
}

static gboolean
split_polygon_edit (TsrMarathonLevel *level,
                    gpointer          user_data,
                    GError          **error)
{
  ClickEdit *edit = user_data;

  return tsr_marathon_level_split_polygon (level, (guint) edit->polygon, edit->a, edit->b, &edit->result, error);
}

static gboolean
place_edit (TsrMarathonLevel *level,
            gpointer          user_data,
            GError          **error)
{
  ClickEdit *edit = user_data;
  TsrMarathonObject object = { 0 };

  if (level->objects == NULL)
    level->objects = g_array_new (FALSE, TRUE, sizeof (TsrMarathonObject));
  if (level->objects->len >= G_MAXINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("place: the level holds 32,767 objects already"));
      return FALSE;
    }
  object.type = (gint16) edit->tool->object_type;
  object.index = (gint16) edit->tool->object_index;
  object.facing = (gint16) edit->tool->place_facing;
  object.polygon_index = (gint16) edit->polygon;
  object.x = edit->at.x;
  object.y = edit->at.y;
  g_array_append_val (level->objects, object);
  edit->result = level->objects->len - 1;
  return TRUE;
}

/* An annotation as the engine stores it (Aleph One map.h struct map_annotation): type 0, where its
 * text starts, the polygon it stands in (OverheadMapRenderer::Render draws it only once that
 * polygon is on the automap) and at most 63 bytes of Mac Roman, NUL-terminated. */
static gboolean
annotation_edit (TsrMarathonLevel *level,
                 gpointer          user_data,
                 GError          **error)
{
  ClickEdit *edit = user_data;
  const char *text = edit->tool->annotation_text != NULL ? edit->tool->annotation_text : "";
  TsrMarathonAnnotation annotation = { 0 };
  g_autoptr(GBytes) mac_roman = NULL;
  glong bad = -1;
  gsize size = 0;

  if (*text == '\0')
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID, _("Annotation: type its text in the tool bar first"));
      return FALSE;
    }
  mac_roman = tsr_utf8_to_mac_roman (text, strlen (text), &bad);
  if (mac_roman == NULL)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID,
                   _("Annotation: character %ld of the text has no Mac Roman code"), bad + 1);
      return FALSE;
    }
  g_bytes_get_data (mac_roman, &size);
  if (size >= sizeof annotation.text)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("Annotation: the text is %lu characters long; the engine keeps at most %lu"),
                   (unsigned long) size, (unsigned long) sizeof annotation.text - 1);
      return FALSE;
    }
  if (level->annotations == NULL)
    level->annotations = g_array_new (FALSE, TRUE, sizeof (TsrMarathonAnnotation));
  if (level->annotations->len >= G_MAXINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("place: the level holds 32,767 annotations already"));
      return FALSE;
    }
  annotation.location = edit->at;
  annotation.polygon_index = (gint16) edit->polygon;
  memcpy (annotation.text, g_bytes_get_data (mac_roman, NULL), size);
  g_array_append_val (level->annotations, annotation);
  edit->result = level->annotations->len - 1;
  return TRUE;
}

static void
emit_failure (TsrMarathonClickTool *self,
              const char           *message)
{
  g_signal_emit (self, edit_failed_signal, 0, message);
}

static void
split_press (TsrMarathonClickTool *self,
             const TsrToolEvent   *event,
             TsrMarathonLevelMap  *map)
{
  const TsrMarathonLevel *level = tsr_marathon_level_map_get_level (map);
  TsrMarathonSnap snap;
  ClickEdit edit = { self };

  tsr_marathon_tool_snap (self->session, event->x, event->y, event->zoom, FALSE, &snap);
  if (snap.point >= 0)
    {
      gint polygon = self->corner >= 0 ? tsr_marathon_tool_polygon_with_diagonal (level, self->corner, snap.point) : -1;

      if (polygon < 0)
        {
          /* The first corner of a polygon's split. */
          self->corner = snap.point;
          self->corner_at = snap.at;
          tsr_tool_overlay_changed (TSR_TOOL (self));
          return;
        }
      edit.polygon = polygon;
      edit.a = (guint) self->corner;
      edit.b = (guint) snap.point;
      self->corner = -1;
      tsr_tool_overlay_changed (TSR_TOOL (self));
      if (tsr_marathon_tool_run (self->session, self, edit_failed_signal, _("Split Polygon"), split_polygon_edit, &edit))
        tsr_marathon_tool_select (self->session, TSR_ELEMENT_POLYGON, edit.result);
      return;
    }
  self->corner = -1;
  tsr_tool_overlay_changed (TSR_TOOL (self));
  if (snap.line < 0)
    {
      emit_failure (self, _("Split: click on a line, or on two corners of a polygon"));
      return;
    }
  edit.line = snap.line;
  edit.at = snap.at;
  if (tsr_marathon_tool_run (self->session, self, edit_failed_signal, _("Split Line"), split_line_edit, &edit))
    tsr_marathon_tool_select (self->session, TSR_ELEMENT_POINT, edit.result);
}

/* The facing of an object placed at the press with the pointer at (X, Y): the direction from
 * the press (512 units a circle, 0 east, growing towards +y), in 32-unit steps with Shift. A
 * sound source's "facing" is its volume: a drag leaves it. */
static void
place_aim (TsrMarathonClickTool *self,
           const TsrToolEvent   *event)
{
  double dx = event->x - self->place_at.x, dy = event->y - self->place_at.y;
  double facing;

  if (self->object_type == 5 || self->object_type == TSR_MARATHON_PLACE_ANNOTATION || hypot (dx, dy) * event->zoom < 4)
    {
      self->place_facing = self->facing;
      return;
    }
  facing = atan2 (dy, dx) * 512 / (2 * G_PI);
  if (event->modifiers & TSR_MODIFIER_SHIFT)
    facing = round (facing / 32) * 32;
  self->place_facing = ((gint) lround (facing) % 512 + 512) % 512;
}

static void
place_press (TsrMarathonClickTool *self,
             const TsrToolEvent   *event,
             TsrMarathonLevelMap  *map)
{
  double x = event->x, y = event->y;

  tsr_edit_session_snap (self->session, &x, &y);
  self->place_at = (TsrMarathonPoint) { tsr_marathon_tool_coordinate (x), tsr_marathon_tool_coordinate (y) };
  self->place_polygon = tsr_marathon_level_map_polygon_at (map, self->place_at.x, self->place_at.y);
  if (self->place_polygon < 0)
    {
      emit_failure (self, self->object_type == TSR_MARATHON_PLACE_ANNOTATION
                          ? _("Place: an annotation must stand inside a polygon (the engine shows it once that polygon is mapped)")
                          : _("Place: an object must stand inside a polygon"));
      return;
    }
  self->placing = TRUE;
  self->place_facing = self->facing;
  self->place_zoom = event->zoom;
  tsr_tool_overlay_changed (TSR_TOOL (self));
}

static void
place_release (TsrMarathonClickTool *self,
               const TsrToolEvent   *event)
{
  TsrMarathonLevelMap *map = tsr_marathon_tool_get_map (self->session);
  ClickEdit edit = { self };

  if (!self->placing || map == NULL)
    return;
  place_aim (self, event);
  self->placing = FALSE;
  tsr_tool_overlay_changed (TSR_TOOL (self));
  edit.at = self->place_at;
  edit.polygon = self->place_polygon;
  if (self->object_type == TSR_MARATHON_PLACE_ANNOTATION)
    {
      if (tsr_marathon_tool_run (self->session, self, edit_failed_signal, _("Add Annotation"), annotation_edit, &edit))
        tsr_marathon_tool_select (self->session, TSR_ELEMENT_MARKER, tsr_marathon_level_map_annotation_marker (map, edit.result));
      return;
    }
  if (tsr_marathon_tool_run (self->session, self, edit_failed_signal, _("Place Object"), place_edit, &edit))
    tsr_marathon_tool_select (self->session, TSR_ELEMENT_MARKER, tsr_marathon_level_map_object_marker (map, edit.result));
}

static const char *
click_get_id (TsrTool *tool)
{
  switch (TSR_MARATHON_CLICK_TOOL (tool)->kind)
    {
    case TSR_MARATHON_CLICK_FILL: return "marathon-fill";
    case TSR_MARATHON_CLICK_SPLIT: return "marathon-split";
    case TSR_MARATHON_CLICK_PLACE:
    default:
      return "marathon-place";
    }
}

static const char *
click_get_cursor_name (TsrTool *tool)
{
  return TSR_MARATHON_CLICK_TOOL (tool)->kind == TSR_MARATHON_CLICK_FILL ? "cell" : "crosshair";
}

static void
click_press (TsrTool            *tool,
             const TsrToolEvent *event)
{
  TsrMarathonClickTool *self = TSR_MARATHON_CLICK_TOOL (tool);
  TsrMarathonLevelMap *map = tsr_marathon_tool_get_map (self->session);
  ClickEdit edit = { self };

  if (map == NULL)
    return;
  edit.at = (TsrMarathonPoint) { tsr_marathon_tool_coordinate (event->x), tsr_marathon_tool_coordinate (event->y) };
  switch (self->kind)
    {
    case TSR_MARATHON_CLICK_FILL:
      if (tsr_marathon_tool_run (self->session, self, edit_failed_signal, _("Fill Polygon"), fill_edit, &edit))
        tsr_marathon_tool_select (self->session, TSR_ELEMENT_POLYGON, edit.result);
      break;
    case TSR_MARATHON_CLICK_SPLIT:
      split_press (self, event, map);
      break;
    case TSR_MARATHON_CLICK_PLACE:
    default:
      place_press (self, event, map);
      break;
    }
}

static void
click_drag (TsrTool            *tool,
            const TsrToolEvent *event)
{
  TsrMarathonClickTool *self = TSR_MARATHON_CLICK_TOOL (tool);

  if (!self->placing)
    return;
  place_aim (self, event);
  self->place_zoom = event->zoom;
  tsr_tool_overlay_changed (tool);
}

static void
click_hover (TsrTool            *tool,
             const TsrToolEvent *event)
{
  TsrMarathonClickTool *self = TSR_MARATHON_CLICK_TOOL (tool);

  if (self->corner < 0)
    return;
  self->hover = (TsrMarathonPoint) { tsr_marathon_tool_coordinate (event->x), tsr_marathon_tool_coordinate (event->y) };
  self->has_hover = TRUE;
  tsr_tool_overlay_changed (tool);
}

static void
click_release (TsrTool            *tool,
               const TsrToolEvent *event)
{
  TsrMarathonClickTool *self = TSR_MARATHON_CLICK_TOOL (tool);

  if (self->kind == TSR_MARATHON_CLICK_PLACE)
    place_release (self, event);
}

static void
click_cancel (TsrTool *tool)
{
  TsrMarathonClickTool *self = TSR_MARATHON_CLICK_TOOL (tool);

  if (self->corner < 0 && !self->placing)
    return;
  self->corner = -1;
  self->placing = FALSE;
  tsr_tool_overlay_changed (tool);
}

static gboolean
click_key (TsrTool     *tool,
           TsrToolKey   key,
           TsrModifiers modifiers)
{
  TsrMarathonClickTool *self = TSR_MARATHON_CLICK_TOOL (tool);

  if (self->session != NULL && key == TSR_TOOL_KEY_ESCAPE && (self->corner >= 0 || self->placing))
    {
      click_cancel (tool);
      return TRUE;
    }
  return tsr_marathon_tool_common_key (self->session, key);
}

/* While placing: an octagon round the object and an arrow the way it will face. */
static void
place_get_overlay (TsrMarathonClickTool *self,
                   GPtrArray            *items)
{
  double r = 8 / MAX (self->place_zoom, 1e-6), angle = self->place_facing * 2 * G_PI / 512;
  double x = self->place_at.x, y = self->place_at.y, tip_x, tip_y;
  TsrVectorPoint ring[8], arrow[5];

  for (guint k = 0; k < 8; k++)
    ring[k] = (TsrVectorPoint) { x + r * cos (k * G_PI / 4 + G_PI / 8), y + r * sin (k * G_PI / 4 + G_PI / 8) };
  g_ptr_array_add (items, tsr_overlay_item_new (TSR_OVERLAY_OUTLINE, ring, 8));
  if (self->object_type == TSR_MARATHON_PLACE_ANNOTATION)
    return; /* an annotation faces nowhere */
  tip_x = x + 3 * r * cos (angle), tip_y = y + 3 * r * sin (angle);
  arrow[0] = (TsrVectorPoint) { x, y };
  arrow[1] = (TsrVectorPoint) { tip_x, tip_y };
  arrow[2] = (TsrVectorPoint) { tip_x - r * cos (angle - G_PI / 6), tip_y - r * sin (angle - G_PI / 6) };
  arrow[3] = (TsrVectorPoint) { tip_x, tip_y };
  arrow[4] = (TsrVectorPoint) { tip_x - r * cos (angle + G_PI / 6), tip_y - r * sin (angle + G_PI / 6) };
  g_ptr_array_add (items, tsr_overlay_item_new (TSR_OVERLAY_POLYLINE, arrow, 5));
}

static void
click_get_overlay (TsrTool   *tool,
                   GPtrArray *items)
{
  TsrMarathonClickTool *self = TSR_MARATHON_CLICK_TOOL (tool);
  TsrVectorPoint points[2];

  if (self->placing)
    {
      place_get_overlay (self, items);
      return;
    }
  if (self->corner < 0 || !self->has_hover)
    return;
  points[0] = (TsrVectorPoint) { self->corner_at.x, self->corner_at.y };
  points[1] = (TsrVectorPoint) { self->hover.x, self->hover.y };
  g_ptr_array_add (items, tsr_overlay_item_new (TSR_OVERLAY_POLYLINE, points, 2));
}

static void
tsr_marathon_click_tool_iface_init (TsrToolInterface *iface)
{
  iface->get_id = click_get_id;
  iface->get_layer_kind = tsr_marathon_tool_layer_kind;
  iface->get_cursor_name = click_get_cursor_name;
  iface->press = click_press;
  iface->drag = click_drag;
  iface->release = click_release;
  iface->hover = click_hover;
  iface->key = click_key;
  iface->cancel = click_cancel;
  iface->get_overlay = click_get_overlay;
}

static gint *
int_field (TsrMarathonClickTool *self,
           guint                 prop_id)
{
  switch (prop_id)
    {
    case PROP_OBJECT_TYPE: return &self->object_type;
    case PROP_OBJECT_INDEX: return &self->object_index;
    case PROP_FACING: return &self->facing;
    default: return NULL;
    }
}

static void
tsr_marathon_click_tool_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  gint *field = int_field (TSR_MARATHON_CLICK_TOOL (object), prop_id);

  if (prop_id == PROP_ANNOTATION_TEXT)
    g_value_set_string (value, TSR_MARATHON_CLICK_TOOL (object)->annotation_text);
  else if (field != NULL)
    g_value_set_int (value, *field);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tsr_marathon_click_tool_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  gint *field = int_field (TSR_MARATHON_CLICK_TOOL (object), prop_id);

  if (prop_id == PROP_ANNOTATION_TEXT)
    {
      TsrMarathonClickTool *self = TSR_MARATHON_CLICK_TOOL (object);

      if (g_strcmp0 (self->annotation_text, g_value_get_string (value)) != 0)
        {
          g_free (self->annotation_text);
          self->annotation_text = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else if (field == NULL)
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  else if (*field != g_value_get_int (value))
    {
      *field = g_value_get_int (value);
      g_object_notify_by_pspec (object, pspec);
    }
}

static void
tsr_marathon_click_tool_finalize (GObject *object)
{
  g_clear_weak_pointer (&TSR_MARATHON_CLICK_TOOL (object)->session);
  g_clear_pointer (&TSR_MARATHON_CLICK_TOOL (object)->annotation_text, g_free);
  G_OBJECT_CLASS (tsr_marathon_click_tool_parent_class)->finalize (object);
}

static void
tsr_marathon_click_tool_class_init (TsrMarathonClickToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tsr_marathon_click_tool_finalize;
  object_class->get_property = tsr_marathon_click_tool_get_property;
  object_class->set_property = tsr_marathon_click_tool_set_property;
  /* 0 monster, 1 scenery, 2 item, 3 player start (the default), 4 goal, 5 sound source;
   * TSR_MARATHON_PLACE_ANNOTATION an annotation. */
  properties[PROP_OBJECT_TYPE] = g_param_spec_int ("object-type", NULL, NULL, 0, TSR_MARATHON_PLACE_ANNOTATION, 3, flags);
  properties[PROP_OBJECT_INDEX] = g_param_spec_int ("object-index", NULL, NULL, 0, G_MAXINT16, 0, flags);
  properties[PROP_FACING] = g_param_spec_int ("facing", NULL, NULL, 0, 511, 0, flags);
  properties[PROP_ANNOTATION_TEXT] = g_param_spec_string ("annotation-text", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  edit_failed_signal = tsr_marathon_tool_class_install (object_class);
}

static void
tsr_marathon_click_tool_init (TsrMarathonClickTool *self)
{
  self->corner = -1;
  self->object_type = 3;
}

TsrTool *
tsr_marathon_click_tool_new (TsrEditSession       *session,
                             TsrMarathonClickKind  kind)
{
  TsrMarathonClickTool *self;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (session), NULL);
  self = g_object_new (TSR_TYPE_MARATHON_CLICK_TOOL, NULL);
  g_set_weak_pointer (&self->session, session);
  self->kind = kind;
  return TSR_TOOL (self);
}
