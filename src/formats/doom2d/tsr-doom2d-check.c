/* tsr-doom2d-check.c: map check tests over the codec's records. A point is inside a wall when it
 * lies within a WALL panel's rectangle (edges excluded: standing on a wall is fine). */
#include "formats/doom2d/tsr-doom2d-check.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include "core/tsr-finding.h"
#include "formats/doom2d/tsr-doom2d-names.h"

static TsrFindingPlace
record_place (const TsrDoom2dMap *map,
              TsrDoom2dKind       kind,
              guint               index,
              double              x,
              double              y)
{
  return tsr_finding_place_at (-1, tsr_doom2d_record_type (kind)->table.name, (gint) index, TSR_FINDING_POINT_PIXELS,
                               x, y);
}

/* The wall panel strictly containing (X, Y), or -1. */
static gint
wall_at (const TsrDoom2dMap *map,
         gint64              x,
         gint64              y)
{
  for (guint p = 0; p < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL); p++)
    {
      const TsrDoom2dRecord *panel = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, p);
      const gint64 *at = panel->values[TSR_DOOM2D_PANEL_POSITION].v, *size = panel->values[TSR_DOOM2D_PANEL_SIZE].v;

      if ((panel->values[TSR_DOOM2D_PANEL_TYPE].v[0] & TSR_DOOM2D_PANEL_WALL)
          && x > at[0] && y > at[1] && x < at[0] + size[0] && y < at[1] + size[1])
        return (gint) p;
    }
  return -1;
}

static void
check_spawns (const TsrDoom2dMap *map,
              GPtrArray          *findings)
{
  gint first[3] = { -1, -1, -1 }; /* PLAYERPOINT1, PLAYERPOINT2, DMPOINT */
  gboolean deathmatch = FALSE;
  gint dm_reason = -1;
  TsrDoom2dKind dm_kind = TSR_DOOM2D_KIND_AREA;

  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_AREA); i++)
    {
      const TsrDoom2dRecord *area = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_AREA, i);
      gint64 type = area->values[TSR_DOOM2D_THING_TYPE].v[0];
      const gint64 *at = area->values[TSR_DOOM2D_THING_POSITION].v;
      g_autofree char *where = g_strdup_printf (_("area %u"), i);

      if (type >= TSR_DOOM2D_AREA_PLAYERPOINT1 && type <= TSR_DOOM2D_AREA_DMPOINT)
        {
          if (type != TSR_DOOM2D_AREA_DMPOINT && first[type - 1] >= 0)
            {
              TsrFindingPlace place = record_place (map, TSR_DOOM2D_KIND_AREA, i, (double) at[0], (double) at[1]);

              tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                                   _("a second player %d spawn (area %d is the first); the game uses one"),
                                   (int) type, first[type - 1]);
            }
          else if (first[type - 1] < 0)
            first[type - 1] = (gint) i;
        }
      else if (type >= 4 && !deathmatch)
        {
          /* Flags and team points only exist in team and capture-the-flag games. */
          deathmatch = TRUE;
          dm_reason = (gint) i;
        }
    }
  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_ITEM) && !deathmatch; i++)
    if (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_ITEM, i)->values[2].v[0] & 1)
      {
        deathmatch = TRUE;
        dm_reason = (gint) i;
        dm_kind = TSR_DOOM2D_KIND_ITEM;
      }
  if (first[0] < 0)
    tsr_findings_add (findings, TSR_SEVERITY_WARNING, "map", _("no player 1 spawn (area PLAYERPOINT1)"));
  if (deathmatch && first[2] < 0)
    {
      const gint64 *at = tsr_doom2d_map_get (map, dm_kind, (guint) dm_reason)->values[0].v;
      TsrFindingPlace place = record_place (map, dm_kind, (guint) dm_reason, (double) at[0], (double) at[1]);
      g_autofree char *where = g_strdup_printf ("%s %d", tsr_doom2d_record_type (dm_kind)->table.name, dm_reason);

      tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                           dm_kind == TSR_DOOM2D_KIND_ITEM
                           ? _("a deathmatch map (this item is for multiplayer only) without DM spawns (area DMPOINT)")
                           : _("a deathmatch map (this area is for multiplayer only) without DM spawns (area DMPOINT)"));
    }
}

static void
check_triggers (const TsrDoom2dMap *map,
                GPtrArray          *findings)
{
  for (guint i = 0; i < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TRIGGER); i++)
    {
      const TsrDoom2dRecord *trigger = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TRIGGER, i);
      gint64 type = trigger->values[TSR_DOOM2D_TRIGGER_TYPE].v[0];
      const gint64 *at = trigger->values[TSR_DOOM2D_TRIGGER_POSITION].v;
      g_autofree char *where = g_strdup_printf (_("trigger %u"), i);
      TsrFindingPlace place = record_place (map, TSR_DOOM2D_KIND_TRIGGER, i, (double) at[0], (double) at[1]);

      if (type == 2 && trigger->layout != NULL)
        {
          int f = tsr_field_table_find (&trigger->layout->table, "target");
          const gint64 *target = f >= 0 ? trigger->data_values[f].v : NULL;
          gint wall = target != NULL ? wall_at (map, target[0], target[1]) : -1;

          if (wall >= 0)
            tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                                 _("teleports to (%" PRId64 ", %" PRId64 "), inside wall panel %d"),
                                 target[0], target[1], wall);
        }
      else if (type == 14 && trigger->values[TSR_DOOM2D_TRIGGER_TEXTURE_PANEL].v[0] < 0)
        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                             _("texture trigger has no texture panel to switch"));
      else
        {
          int position, size;

          /* Press, on, off, on/off: the area whose triggers they press. */
          if (tsr_doom2d_trigger_area_fields (trigger, &position, &size)
              && (trigger->data_values[size].v[0] == 0 || trigger->data_values[size].v[1] == 0))
            tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                                 _("presses nothing: its area is %" PRId64 " x %" PRId64 " (Pick Target: drag the area)"),
                                 trigger->data_values[size].v[0], trigger->data_values[size].v[1]);
        }
    }
}

/* A texture record no panel shows (tsr_doom2d_panel_shown_texture): hidden panels, lifts and
 * boundaries keep a texture number only as filler (the game's editor writes 0), so they do not
 * count. */
static void
check_unused_textures (const TsrDoom2dMap *map,
                       GPtrArray          *findings)
{
  guint n = tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_TEXTURE);
  g_autofree gboolean *used = g_new0 (gboolean, MAX (n, 1));

  for (guint p = 0; p < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL); p++)
    {
      gint64 texture = tsr_doom2d_panel_shown_texture (tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, p));

      if (texture >= 0 && texture < n)
        used[texture] = TRUE;
    }
  for (guint t = 0; t < n; t++)
    if (!used[t])
      {
        const char *path = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_TEXTURE, t)->values[TSR_DOOM2D_TEXTURE_PATH].text;
        TsrFindingPlace place = tsr_finding_place_element (-1, tsr_doom2d_record_type (TSR_DOOM2D_KIND_TEXTURE)->table.name,
                                                           (gint) t);
        g_autofree char *where = g_strdup_printf (_("texture %u"), t);

        tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                             _("%s is not shown by any panel (unused texture)"), path != NULL ? path : "");
      }
}

/* TYPE as the game's names of its bits joined by " + " ("Wall + Background"), "None" for 0, and
 * bits no panel type has as their number. */
static char *
panel_type_names (gint64 type)
{
  const TsrFieldEnum *types = tsr_doom2d_enum_by_name ("PanelType");
  g_autoptr(GString) names = g_string_new (NULL);
  gint64 named = 0;

  for (guint c = 0; types != NULL && c < types->n_constants; c++)
    {
      gint64 bit = types->constants[c].value;
      const char *label = tsr_doom2d_constant_label (types->constants[c].name);

      if (bit == 0 || (type & bit) != bit)
        continue;
      named |= bit;
      if (names->len > 0)
        g_string_append (names, " + ");
      g_string_append (names, label != NULL ? _(label) : types->constants[c].name);
    }
  if (type & ~named)
    g_string_append_printf (names, "%s%" PRId64, names->len > 0 ? " + " : "", type & ~named);
  if (names->len == 0)
    g_string_append (names, _("None"));
  return g_string_free (g_steal_pointer (&names), FALSE);
}

/* A panel's type must be exactly one of the fourteen types (MAPDEF's "bitset unique PanelType"):
 * Doom2D Forever's CreatePanel (src/game/g_map.pas) picks the panel's list by "case PanelType of"
 * one type, and for none or a combination ("else exit") creates no panel at all, so the panel is
 * silently missing from the game; a text map naming two types does not even load
 * (src/shared/xdynrec.pas, TDynField.parseValue: "expects only one value"). */
static void
check_panel_types (const TsrDoom2dMap *map,
                   GPtrArray          *findings)
{
  for (guint p = 0; p < tsr_doom2d_map_count (map, TSR_DOOM2D_KIND_PANEL); p++)
    {
      const TsrDoom2dRecord *panel = tsr_doom2d_map_get (map, TSR_DOOM2D_KIND_PANEL, p);
      gint64 type = panel->values[TSR_DOOM2D_PANEL_TYPE].v[0];
      const gint64 *at = panel->values[TSR_DOOM2D_PANEL_POSITION].v;

      if (type > 0 && type <= TSR_DOOM2D_PANEL_LIFTRIGHT && (type & (type - 1)) == 0)
        continue;
      {
        g_autofree char *where = g_strdup_printf (_("panel %u"), p);
        g_autofree char *names = panel_type_names (type);
        TsrFindingPlace place = record_place (map, TSR_DOOM2D_KIND_PANEL, p, (double) at[0], (double) at[1]);

        tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, where,
                             _("type %s is not one panel type: the game creates no panel for it (choose one type)"),
                             names);
      }
    }
}

void
tsr_doom2d_map_check (const TsrDoom2dMap *map,
                      GPtrArray          *findings)
{
  check_panel_types (map, findings);
  check_spawns (map, findings);
  check_triggers (map, findings);
  check_unused_textures (map, findings);
}
