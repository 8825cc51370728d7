/* tsr-marathon-polygon-tool.c: a regular polygon dragged out from its centre: its points, lines
 * and the polygon filling them in one edit. */
#include "config.h"

#include "edit/marathon/tsr-marathon-tools-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "formats/marathon/tsr-marathon-geometry.h"

/* Smaller polygons round to corners that are not convex any more. */
#define MIN_RADIUS 64.0

struct _TsrMarathonPolygonTool {
  GObject          parent_instance;
  TsrEditSession  *session; /* weak: the session owns its tool */
  guint            sides;
  gboolean         dragging;
  TsrMarathonPoint centre;
  double           radius, angle;
};

enum {
  PROP_0,
  PROP_SIDES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
static guint edit_failed_signal;

static void tsr_marathon_polygon_tool_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMarathonPolygonTool, tsr_marathon_polygon_tool, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TOOL, tsr_marathon_polygon_tool_iface_init))

typedef struct {
  TsrMarathonPoint centre;
  guint            n;
  TsrMarathonPoint corners[8];
  guint            polygon;
} PolygonEdit;

static void
corners (TsrMarathonPolygonTool *self,
         TsrMarathonPoint       *out)
{
  for (guint k = 0; k < self->sides; k++)
    {
      /* Increasing angles turn clockwise on screen (y grows downwards), as polygons run. */
      double a = self->angle + 2 * G_PI * k / self->sides;

      out[k].x = tsr_marathon_tool_coordinate (self->centre.x + self->radius * cos (a));
      out[k].y = tsr_marathon_tool_coordinate (self->centre.y + self->radius * sin (a));
    }
}

static gboolean
polygon_edit (TsrMarathonLevel *level,
              gpointer          user_data,
              GError          **error)
{
  PolygonEdit *edit = user_data;
  guint points[8];

  for (guint k = 0; k < edit->n; k++)
    {
      TsrMarathonSnap snap = { edit->corners[k], -1, -1 };

      if (!tsr_marathon_tool_make_point (level, &snap, &points[k], error))
        return FALSE;
    }
  for (guint k = 0; k < edit->n; k++)
    {
      guint a = points[k], b = points[(k + 1) % edit->n];
      gboolean joined = FALSE;

      /* A side on an existing line (a polygon drawn against a wall) uses that line. */
      for (guint i = 0; level->lines != NULL && i < level->lines->len && !joined; i++)
        {
          const TsrMarathonLine *line = &g_array_index (level->lines, TsrMarathonLine, i);

          joined = (line->endpoint_indexes[0] == (gint16) a && line->endpoint_indexes[1] == (gint16) b)
                   || (line->endpoint_indexes[0] == (gint16) b && line->endpoint_indexes[1] == (gint16) a);
        }
      if (!joined && !tsr_marathon_level_add_line (level, a, b, NULL, error))
        return FALSE;
    }
  return tsr_marathon_level_fill (level, edit->centre, &edit->polygon, error);
}

static const char *
polygon_get_id (TsrTool *tool)
{
  return "marathon-polygon";
}

static const char *
polygon_get_cursor_name (TsrTool *tool)
{
  return "crosshair";
}

static void
polygon_press (TsrTool            *tool,
               const TsrToolEvent *event)
{
  TsrMarathonPolygonTool *self = TSR_MARATHON_POLYGON_TOOL (tool);
  TsrMarathonSnap snap;

  if (tsr_marathon_tool_get_map (self->session) == NULL)
    return;
  tsr_marathon_tool_snap (self->session, event->x, event->y, event->zoom, TRUE, &snap);
  self->centre = snap.at;
  self->radius = 0;
  self->angle = -G_PI / 2;
  self->dragging = TRUE;
}

static void
polygon_drag (TsrTool            *tool,
              const TsrToolEvent *event)
{
  TsrMarathonPolygonTool *self = TSR_MARATHON_POLYGON_TOOL (tool);
  double dx, dy;

  if (!self->dragging)
    return;
  dx = event->x - self->centre.x;
  dy = event->y - self->centre.y;
  self->radius = hypot (dx, dy);
  if (self->radius > 0)
    self->angle = atan2 (dy, dx);
  if (event->modifiers & TSR_MODIFIER_SHIFT)
    self->angle = round (self->angle / (G_PI / 8)) * (G_PI / 8);
  tsr_tool_overlay_changed (tool);
}

static void
polygon_release (TsrTool            *tool,
                 const TsrToolEvent *event)
{
  TsrMarathonPolygonTool *self = TSR_MARATHON_POLYGON_TOOL (tool);
  PolygonEdit edit = { 0 };

  if (!self->dragging)
    return;
  polygon_drag (tool, event);
  self->dragging = FALSE;
  tsr_tool_overlay_changed (tool);
  if (self->radius < MIN_RADIUS)
    return;
  edit.centre = self->centre;
  edit.n = self->sides;
  corners (self, edit.corners);
  if (tsr_marathon_tool_run (self->session, self, edit_failed_signal, _("Draw Regular Polygon"), polygon_edit, &edit))
    tsr_marathon_tool_select (self->session, TSR_ELEMENT_POLYGON, edit.polygon);
}

static gboolean
polygon_key (TsrTool     *tool,
             TsrToolKey   key,
             TsrModifiers modifiers)
{
  TsrMarathonPolygonTool *self = TSR_MARATHON_POLYGON_TOOL (tool);

  if (self->session != NULL && key == TSR_TOOL_KEY_ESCAPE && self->dragging)
    {
      self->dragging = FALSE;
      tsr_tool_overlay_changed (tool);
      return TRUE;
    }
  return tsr_marathon_tool_common_key (self->session, key);
}

static void
polygon_cancel (TsrTool *tool)
{
  TsrMarathonPolygonTool *self = TSR_MARATHON_POLYGON_TOOL (tool);

  if (!self->dragging)
    return;
  self->dragging = FALSE;
  tsr_tool_overlay_changed (tool);
}

static void
polygon_get_overlay (TsrTool   *tool,
                     GPtrArray *items)
{
  TsrMarathonPolygonTool *self = TSR_MARATHON_POLYGON_TOOL (tool);
  TsrMarathonPoint at[8];
  TsrVectorPoint points[8];

  if (!self->dragging || self->radius <= 0)
    return;
  corners (self, at);
  for (guint k = 0; k < self->sides; k++)
    points[k] = (TsrVectorPoint) { at[k].x, at[k].y };
  g_ptr_array_add (items, tsr_overlay_item_new (TSR_OVERLAY_OUTLINE, points, self->sides));
}

static void
tsr_marathon_polygon_tool_iface_init (TsrToolInterface *iface)
{
  iface->get_id = polygon_get_id;
  iface->get_layer_kind = tsr_marathon_tool_layer_kind;
  iface->get_cursor_name = polygon_get_cursor_name;
  iface->press = polygon_press;
  iface->drag = polygon_drag;
  iface->release = polygon_release;
  iface->key = polygon_key;
  iface->cancel = polygon_cancel;
  iface->get_overlay = polygon_get_overlay;
}

guint
tsr_marathon_polygon_tool_get_sides (TsrMarathonPolygonTool *self)
{
  g_return_val_if_fail (TSR_IS_MARATHON_POLYGON_TOOL (self), 0);
  return self->sides;
}

void
tsr_marathon_polygon_tool_set_sides (TsrMarathonPolygonTool *self,
                                     guint                   sides)
{
  g_return_if_fail (TSR_IS_MARATHON_POLYGON_TOOL (self));
  sides = CLAMP (sides, 3, 8);
  if (self->sides == sides)
    return;
  self->sides = sides;
  tsr_tool_overlay_changed (TSR_TOOL (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDES]);
}

static void
tsr_marathon_polygon_tool_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  if (prop_id == PROP_SIDES)
    g_value_set_uint (value, TSR_MARATHON_POLYGON_TOOL (object)->sides);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tsr_marathon_polygon_tool_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  if (prop_id == PROP_SIDES)
    tsr_marathon_polygon_tool_set_sides (TSR_MARATHON_POLYGON_TOOL (object), g_value_get_uint (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tsr_marathon_polygon_tool_finalize (GObject *object)
{
  g_clear_weak_pointer (&TSR_MARATHON_POLYGON_TOOL (object)->session);
  G_OBJECT_CLASS (tsr_marathon_polygon_tool_parent_class)->finalize (object);
}

static void
tsr_marathon_polygon_tool_class_init (TsrMarathonPolygonToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tsr_marathon_polygon_tool_finalize;
  object_class->get_property = tsr_marathon_polygon_tool_get_property;
  object_class->set_property = tsr_marathon_polygon_tool_set_property;
  properties[PROP_SIDES] = g_param_spec_uint ("sides", NULL, NULL, 3, 8, 4,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  edit_failed_signal = tsr_marathon_tool_class_install (object_class);
}

static void
tsr_marathon_polygon_tool_init (TsrMarathonPolygonTool *self)
{
  self->sides = 4;
}

TsrTool *
tsr_marathon_polygon_tool_new (TsrEditSession *session)
{
  TsrMarathonPolygonTool *self;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (session), NULL);
  self = g_object_new (TSR_TYPE_MARATHON_POLYGON_TOOL, NULL);
  g_set_weak_pointer (&self->session, session);
  return TSR_TOOL (self);
}
