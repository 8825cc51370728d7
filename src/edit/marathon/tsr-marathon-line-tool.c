/* tsr-marathon-line-tool.c: click-click chains of lines. The chain's points are made by the edit
 * that draws the first line from them, so a click that draws nothing leaves nothing behind. */
#include "config.h"

#include "edit/marathon/tsr-marathon-tools-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "formats/marathon/tsr-marathon-geometry.h"

struct _TsrMarathonLineTool {
  GObject          parent_instance;
  TsrEditSession  *session; /* weak: the session owns its tool */
  gboolean         chaining;
  TsrMarathonSnap  first;   /* the chain's first point (point -1 until a line made it) */
  TsrMarathonSnap  last;    /* where the next line starts */
  gboolean         has_hover;
  TsrMarathonPoint hover;
};

static guint edit_failed_signal;

static void tsr_marathon_line_tool_iface_init (TsrToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsrMarathonLineTool, tsr_marathon_line_tool, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TSR_TYPE_TOOL, tsr_marathon_line_tool_iface_init))

typedef struct {
  TsrMarathonSnap from, to;
  gint            polygon; /* >= 0: FROM and TO are two corners of it: split it */
  guint           from_point, to_point;
} LineEdit;

static gboolean
line_edit (TsrMarathonLevel *level,
           gpointer          user_data,
           GError          **error)
{
  LineEdit *edit = user_data;

  if (!tsr_marathon_tool_make_point (level, &edit->from, &edit->from_point, error)
      || !tsr_marathon_tool_make_point (level, &edit->to, &edit->to_point, error))
    return FALSE;
  if (edit->polygon >= 0)
    return tsr_marathon_level_split_polygon (level, (guint) edit->polygon, edit->from_point, edit->to_point, NULL, error);
  return tsr_marathon_level_add_line (level, edit->from_point, edit->to_point, NULL, error);
}

/* Where the pointer puts the next point: snapped, or with Shift at the nearest 22.5° from the
 * chain's last point (keeping the distance). */
static void
target (TsrMarathonLineTool *self,
        const TsrToolEvent  *event,
        TsrMarathonSnap     *snap)
{
  if (self->chaining && (event->modifiers & TSR_MODIFIER_SHIFT))
    {
      double dx = event->x - self->last.at.x, dy = event->y - self->last.at.y;
      double angle = round (atan2 (dy, dx) / (G_PI / 8)) * (G_PI / 8), length = hypot (dx, dy);

      /* Points only: a grid or a line would pull it off the angle. */
      tsr_marathon_tool_snap (self->session, self->last.at.x + length * cos (angle),
                              self->last.at.y + length * sin (angle), event->zoom * 4, FALSE, snap);
      return;
    }
  tsr_marathon_tool_snap (self->session, event->x, event->y, event->zoom, TRUE, snap);
}

static void
end_chain (TsrMarathonLineTool *self)
{
  if (!self->chaining)
    return;
  self->chaining = FALSE;
  tsr_tool_overlay_changed (TSR_TOOL (self));
}

static const char *
line_get_id (TsrTool *tool)
{
  return "marathon-line";
}

static const char *
line_get_cursor_name (TsrTool *tool)
{
  return "crosshair";
}

static void
line_press (TsrTool            *tool,
            const TsrToolEvent *event)
{
  TsrMarathonLineTool *self = TSR_MARATHON_LINE_TOOL (tool);
  TsrMarathonLevelMap *map = tsr_marathon_tool_get_map (self->session);
  LineEdit edit = { 0 };
  const TsrMarathonLevel *level;

  if (map == NULL)
    return;
  level = tsr_marathon_level_map_get_level (map);
  target (self, event, &edit.to);
  self->hover = edit.to.at;
  self->has_hover = TRUE;
  /* After an undo the chain's last point may be gone or elsewhere: start again here. */
  if (self->chaining && self->last.point >= 0
      && ((guint) self->last.point >= tsr_marathon_level_n_points (level)
          || tsr_marathon_level_point (level, (guint) self->last.point).x != self->last.at.x
          || tsr_marathon_level_point (level, (guint) self->last.point).y != self->last.at.y))
    self->chaining = FALSE;
  if (!self->chaining)
    {
      self->chaining = TRUE;
      self->first = self->last = edit.to;
      tsr_tool_overlay_changed (tool);
      return;
    }
  if (edit.to.at.x == self->last.at.x && edit.to.at.y == self->last.at.y)
    return;
  edit.from = self->last;
  edit.polygon = tsr_marathon_tool_polygon_with_diagonal (level, edit.from.point, edit.to.point);
  if (!tsr_marathon_tool_run (self->session, self, edit_failed_signal,
                              edit.polygon >= 0 ? _("Split Polygon") : _("Draw Line"), line_edit, &edit))
    {
      tsr_tool_overlay_changed (tool);
      return;
    }
  if (self->first.point < 0 && self->first.at.x == edit.from.at.x && self->first.at.y == edit.from.at.y)
    self->first.point = (gint) edit.from_point;
  self->last = (TsrMarathonSnap) { edit.to.at, (gint) edit.to_point, -1 };
  tsr_marathon_tool_select (self->session, TSR_ELEMENT_POINT, edit.to_point);
  /* Back at the chain's first point, or across a polygon: the chain is closed. */
  if ((gint) edit.to_point == self->first.point || edit.polygon >= 0)
    end_chain (self);
  else
    tsr_tool_overlay_changed (tool);
}

static void
line_hover (TsrTool            *tool,
            const TsrToolEvent *event)
{
  TsrMarathonLineTool *self = TSR_MARATHON_LINE_TOOL (tool);
  TsrMarathonSnap snap;

  target (self, event, &snap);
  if (self->has_hover && snap.at.x == self->hover.x && snap.at.y == self->hover.y)
    return;
  self->hover = snap.at;
  self->has_hover = TRUE;
  tsr_tool_overlay_changed (tool);
}

static void
line_release (TsrTool            *tool,
              const TsrToolEvent *event)
{
}

static gboolean
line_key (TsrTool     *tool,
          TsrToolKey   key,
          TsrModifiers modifiers)
{
  TsrMarathonLineTool *self = TSR_MARATHON_LINE_TOOL (tool);

  if (self->session != NULL && key == TSR_TOOL_KEY_ESCAPE && self->chaining)
    {
      /* Escape also takes away what a refused line blamed (tsr_marathon_tool_common_key). */
      tsr_edit_session_show_refused (self->session, NULL);
      end_chain (self);
      return TRUE;
    }
  return tsr_marathon_tool_common_key (self->session, key);
}

static void
line_cancel (TsrTool *tool)
{
  end_chain (TSR_MARATHON_LINE_TOOL (tool));
}

static void
line_get_overlay (TsrTool   *tool,
                  GPtrArray *items)
{
  TsrMarathonLineTool *self = TSR_MARATHON_LINE_TOOL (tool);
  TsrVectorPoint points[2];

  if (!self->chaining || !self->has_hover)
    return;
  points[0] = (TsrVectorPoint) { self->last.at.x, self->last.at.y };
  points[1] = (TsrVectorPoint) { self->hover.x, self->hover.y };
  g_ptr_array_add (items, tsr_overlay_item_new (TSR_OVERLAY_POLYLINE, points, 2));
}

static void
tsr_marathon_line_tool_iface_init (TsrToolInterface *iface)
{
  iface->get_id = line_get_id;
  iface->get_layer_kind = tsr_marathon_tool_layer_kind;
  iface->get_cursor_name = line_get_cursor_name;
  iface->press = line_press;
  iface->drag = line_hover;
  iface->release = line_release;
  iface->hover = line_hover;
  iface->key = line_key;
  iface->cancel = line_cancel;
  iface->get_overlay = line_get_overlay;
}

static void
tsr_marathon_line_tool_finalize (GObject *object)
{
  g_clear_weak_pointer (&TSR_MARATHON_LINE_TOOL (object)->session);
  G_OBJECT_CLASS (tsr_marathon_line_tool_parent_class)->finalize (object);
}

static void
tsr_marathon_line_tool_class_init (TsrMarathonLineToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tsr_marathon_line_tool_finalize;
  edit_failed_signal = tsr_marathon_tool_class_install (object_class);
}

static void
tsr_marathon_line_tool_init (TsrMarathonLineTool *self)
{
}

TsrTool *
tsr_marathon_line_tool_new (TsrEditSession *session)
{
  TsrMarathonLineTool *self;

  g_return_val_if_fail (TSR_IS_EDIT_SESSION (session), NULL);
  self = g_object_new (TSR_TYPE_MARATHON_LINE_TOOL, NULL);
  g_set_weak_pointer (&self->session, session);
  return TSR_TOOL (self);
}
