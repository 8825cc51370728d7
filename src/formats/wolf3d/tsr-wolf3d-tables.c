/* tsr-wolf3d-tables.c: names and classes of plane-0 tiles and plane-1 objects. The names are
 * English here (the CLI, extracted file names and text maps use them) and marked with N_() so
 * that the editor shows them translated (tsr_wolf3d_tile_label, g_dgettext on info.name). */
#include "config.h"
#include "formats/wolf3d/tsr-wolf3d-tables.h"

#include <glib/gi18n-lib.h>

#define FIRST_STATIC 23
#define AREATILE     TSR_WOLF3D_AREA_FIRST

typedef struct {
  const char          *name;
  TsrWolf3dObjectClass kind;
  gboolean             blocking;
} StaticInfo;

/* Codes 23..74 (statinfo order); the last four exist only in Spear of Destiny. */
static const StaticInfo statics_wolf3d[] = {
  { N_("Puddle"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  { N_("Green barrel"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Table and chairs"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Floor lamp"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Chandelier"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  { N_("Hanged skeleton"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Dog food"), TSR_WOLF3D_OBJECT_PICKUP, FALSE },
  { N_("Stone column"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Potted tree"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Skeleton"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  { N_("Sink"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Potted plant"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Urn"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Bare table"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Ceiling light"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  { N_("Kitchen utensils"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  { N_("Suit of armor"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Hanging cage"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Skeleton in cage"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Bones"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  { N_("Gold key"), TSR_WOLF3D_OBJECT_KEY, FALSE },
  { N_("Silver key"), TSR_WOLF3D_OBJECT_KEY, FALSE },
  { N_("Bed"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Basket"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  { N_("Food"), TSR_WOLF3D_OBJECT_PICKUP, FALSE },
  { N_("First aid kit"), TSR_WOLF3D_OBJECT_PICKUP, FALSE },
  { N_("Ammo clip"), TSR_WOLF3D_OBJECT_PICKUP, FALSE },
  { N_("Machine gun"), TSR_WOLF3D_OBJECT_PICKUP, FALSE },
  { N_("Chain gun"), TSR_WOLF3D_OBJECT_PICKUP, FALSE },
  { N_("Cross"), TSR_WOLF3D_OBJECT_TREASURE, FALSE },
  { N_("Chalice"), TSR_WOLF3D_OBJECT_TREASURE, FALSE },
  { N_("Jewels"), TSR_WOLF3D_OBJECT_TREASURE, FALSE },
  { N_("Crown"), TSR_WOLF3D_OBJECT_TREASURE, FALSE },
  { N_("Extra life"), TSR_WOLF3D_OBJECT_TREASURE, FALSE },
  { N_("Bloody bones"), TSR_WOLF3D_OBJECT_PICKUP, FALSE },
  { N_("Barrel"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Well with water"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Empty well"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Pool of blood"), TSR_WOLF3D_OBJECT_PICKUP, FALSE },
  { N_("Flag"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Call Apogee sign"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Trash 1"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  { N_("Trash 2"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  { N_("Trash 3"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  { N_("Pots and pans"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  { N_("Stove"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Spear rack"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Vines"), TSR_WOLF3D_OBJECT_STATIC, FALSE },
  /* Spear of Destiny only */
  { N_("Marble pillar"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Ammo box"), TSR_WOLF3D_OBJECT_PICKUP, FALSE },
  { N_("Truck"), TSR_WOLF3D_OBJECT_STATIC, TRUE },
  { N_("Spear of Destiny"), TSR_WOLF3D_OBJECT_PICKUP, FALSE },
};
#define N_STATICS_WOLF3D 48
#define N_STATICS_SPEAR  G_N_ELEMENTS (statics_wolf3d)

/* Spear of Destiny redrew a few statics as different things. */
static const struct {
  guint16     code;
  const char *name;
  gboolean    blocking;
} statics_spear_changes[] = {
  { 38, N_("Cage with gore"), TRUE },
  { 45, N_("Cage with skulls"), TRUE },
  { 63, N_("Red light"), FALSE },
  { 67, N_("Skull on a stick"), TRUE },
  { 68, N_("Pool of guts"), TRUE },
  { 69, N_("Demon statue"), TRUE },
};

/* Standing and patrolling soldiers: base code per difficulty (easy, medium, hard). */
typedef struct {
  const char *name;
  guint16     stand[3];
  guint16     patrol[3];
  int         sprite_wolf3d;
} EnemyKind;

static const EnemyKind enemy_kinds[] = {
  { N_("Guard"),   { 108, 144, 180 }, { 112, 148, 184 }, 50 },
  { N_("Officer"), { 116, 152, 188 }, { 120, 156, 192 }, 238 },
  { N_("SS"),      { 126, 162, 198 }, { 130, 166, 202 }, 138 },
  { N_("Dog"),     { 134, 170, 206 }, { 138, 174, 210 }, 99 },
  { N_("Mutant"),  { 216, 234, 252 }, { 220, 238, 256 }, 187 },
};

typedef struct {
  guint16     code;
  const char *name;
  int         sprite;
  TsrWolf3dObjectClass kind;
} SingleInfo;

static const SingleInfo singles_wolf3d[] = {
  { 124, N_("Dead guard"), 95, TSR_WOLF3D_OBJECT_DEAD },
  { 160, N_("Fake Hitler"), 321, TSR_WOLF3D_OBJECT_BOSS },
  { 178, N_("Mecha Hitler"), 334, TSR_WOLF3D_OBJECT_BOSS },
  { 179, N_("General Fettgesicht"), 400, TSR_WOLF3D_OBJECT_BOSS },
  { 196, N_("Dr. Schabbs"), 307, TSR_WOLF3D_OBJECT_BOSS },
  { 197, N_("Gretel Grosse"), 389, TSR_WOLF3D_OBJECT_BOSS },
  { 214, N_("Hans Grosse"), 296, TSR_WOLF3D_OBJECT_BOSS },
  { 215, N_("Otto Giftmacher"), 364, TSR_WOLF3D_OBJECT_BOSS },
  { 224, N_("Ghost Blinky"), 288, TSR_WOLF3D_OBJECT_ENEMY },
  { 225, N_("Ghost Clyde"), 292, TSR_WOLF3D_OBJECT_ENEMY },
  { 226, N_("Ghost Pinky"), 290, TSR_WOLF3D_OBJECT_ENEMY },
  { 227, N_("Ghost Inky"), 294, TSR_WOLF3D_OBJECT_ENEMY },
};

static const SingleInfo singles_spear[] = {
  { 106, N_("Spectre"), -1, TSR_WOLF3D_OBJECT_ENEMY },
  { 107, N_("Angel of Death"), -1, TSR_WOLF3D_OBJECT_BOSS },
  { 124, N_("Dead guard"), 99, TSR_WOLF3D_OBJECT_DEAD },
  { 125, N_("Trans Grosse"), -1, TSR_WOLF3D_OBJECT_BOSS },
  { 142, N_("Uber Mutant"), -1, TSR_WOLF3D_OBJECT_BOSS },
  { 143, N_("Barnacle Wilhelm"), -1, TSR_WOLF3D_OBJECT_BOSS },
  { 161, N_("Death Knight"), -1, TSR_WOLF3D_OBJECT_BOSS },
};

static const char *const direction_names[] = { "east", "north", "west", "south" };

const char *
tsr_wolf3d_direction_name (int direction)
{
  return direction >= 0 && direction < 4 ? direction_names[direction] : "none";
}

TsrWolf3dTileClass
tsr_wolf3d_tile_classify (guint16 tile)
{
  if (tile == 0)
    return TSR_WOLF3D_TILE_EMPTY;
  if (tile <= 63)
    return TSR_WOLF3D_TILE_WALL;
  if (tile >= 90 && tile <= 101)
    return TSR_WOLF3D_TILE_DOOR;
  if (tile == 106)
    return TSR_WOLF3D_TILE_AMBUSH;
  if (tile >= AREATILE && tile <= 143)
    return TSR_WOLF3D_TILE_AREA;
  return TSR_WOLF3D_TILE_UNKNOWN;
}

static const char *const lock_names[] = {
  N_("normal"), N_("gold key"), N_("silver key"), N_("lock 3"), N_("lock 4"), N_("elevator"),
};

/* TRANSLATE: in the user's language for the editor, or English for the CLI. */
static char *
tile_describe (guint16  tile,
               gboolean translate)
{
#define T(s) (translate ? _(s) : (s))
  switch (tsr_wolf3d_tile_classify (tile))
    {
    case TSR_WOLF3D_TILE_EMPTY:
      return g_strdup (T (N_("Nothing")));
    case TSR_WOLF3D_TILE_WALL:
      return tile == 21 ? g_strdup (T (N_("Wall 21 (elevator switch)"))) : g_strdup_printf (T (N_("Wall %u")), tile);
    case TSR_WOLF3D_TILE_DOOR:
      /* Translators: a Wolf3D door: its lock ("gold key") and its orientation. */
      return g_strdup_printf (T (N_("Door (%s, %s)")), T (lock_names[(tile - 90) / 2]),
                              tile % 2 == 0 ? T (N_("vertical")) : T (N_("horizontal")));
    case TSR_WOLF3D_TILE_AMBUSH:
      return g_strdup (T (N_("Ambush marker")));
    case TSR_WOLF3D_TILE_AREA:
      /* Translators: a Wolf3D floor tile and its area number (sound and alarm zone). */
      return g_strdup_printf (T (N_("Floor, area %u")), tile - AREATILE);
    case TSR_WOLF3D_TILE_UNKNOWN:
    default:
      return g_strdup_printf (T (N_("Unknown tile %u")), tile);
    }
#undef T
}

char *
tsr_wolf3d_tile_describe (TsrWolf3dGame game,
                          guint16       tile)
{
  return tile_describe (tile, FALSE);
}

char *
tsr_wolf3d_tile_label (TsrWolf3dGame game,
                       guint16       tile)
{
  return tile_describe (tile, TRUE);
}

int
tsr_wolf3d_tile_texture (guint16 tile,
                         guint   sprite_start)
{
  switch (tsr_wolf3d_tile_classify (tile))
    {
    case TSR_WOLF3D_TILE_WALL:
      return (tile - 1) * 2;
    case TSR_WOLF3D_TILE_DOOR:
      {
        guint lock = (tile - 90) / 2;
        int base = (int) sprite_start - 8;
        int page = lock == 0 ? base : lock == 5 ? base + 4 : base + 6;

        if (base < 0)
          return -1;
        return tile % 2 == 0 ? page + 1 : page;
      }
    default:
      return -1;
    }
}

gboolean
tsr_wolf3d_object_lookup (TsrWolf3dGame        game,
                          guint16              object,
                          TsrWolf3dObjectInfo *info)
{
  gboolean spear = game == TSR_WOLF3D_GAME_SPEAR;
  /* Spear of Destiny has four more statics before the soldiers in its sprite list. */
  int soldier_shift = spear ? 4 : 0;

  *info = (TsrWolf3dObjectInfo) { TSR_WOLF3D_OBJECT_NONE, N_("Nothing"), -1, -1, FALSE, FALSE, -1 };
  if (object == 0)
    return TRUE;

  if (object >= 19 && object <= 22)
    {
      static const char *const names[] = { N_("Player start facing north"), N_("Player start facing east"),
                                           N_("Player start facing south"), N_("Player start facing west") };
      static const int directions[] = { 1, 0, 3, 2 };

      info->kind = TSR_WOLF3D_OBJECT_PLAYER;
      info->name = names[object - 19];
      info->direction = directions[object - 19];
      return TRUE;
    }
  if (object >= FIRST_STATIC && object < FIRST_STATIC + (spear ? N_STATICS_SPEAR : N_STATICS_WOLF3D))
    {
      const StaticInfo *s = &statics_wolf3d[object - FIRST_STATIC];

      info->kind = s->kind;
      info->name = s->name;
      info->blocking = s->blocking;
      info->sprite = 2 + (object - FIRST_STATIC);
      if (spear)
        for (guint i = 0; i < G_N_ELEMENTS (statics_spear_changes); i++)
          if (statics_spear_changes[i].code == object)
            {
              info->name = statics_spear_changes[i].name;
              info->blocking = statics_spear_changes[i].blocking;
              info->kind = TSR_WOLF3D_OBJECT_STATIC;
            }
      return TRUE;
    }
  if (object >= 90 && object <= 97)
    {
      static const char *const names[] = { N_("Turn east"), N_("Turn north-east"), N_("Turn north"),
                                           N_("Turn north-west"), N_("Turn west"), N_("Turn south-west"),
                                           N_("Turn south"), N_("Turn south-east") };
      info->kind = TSR_WOLF3D_OBJECT_TURN;
      info->name = names[object - 90];
      return TRUE;
    }
  if (object == 98)
    {
      info->kind = TSR_WOLF3D_OBJECT_PUSHWALL;
      info->name = N_("Pushwall (secret)");
      return TRUE;
    }
  if (object == 99)
    {
      info->kind = TSR_WOLF3D_OBJECT_EXIT;
      info->name = N_("End of game trigger");
      return TRUE;
    }

  for (guint k = 0; k < G_N_ELEMENTS (enemy_kinds); k++)
    {
      const EnemyKind *e = &enemy_kinds[k];

      for (guint d = 0; d < 3; d++)
        for (guint patrol = 0; patrol < 2; patrol++)
          {
            guint16 base = patrol ? e->patrol[d] : e->stand[d];

            if (object >= base && object < base + 4)
              {
                info->kind = TSR_WOLF3D_OBJECT_ENEMY;
                info->name = e->name;
                info->difficulty = (int) d + 1;
                info->direction = object - base;
                info->patrol = patrol;
                info->sprite = e->sprite_wolf3d + soldier_shift;
                return TRUE;
              }
          }
    }

  const SingleInfo *singles = spear ? singles_spear : singles_wolf3d;
  guint n_singles = spear ? G_N_ELEMENTS (singles_spear) : G_N_ELEMENTS (singles_wolf3d);
  for (guint i = 0; i < n_singles; i++)
    if (singles[i].code == object)
      {
        info->kind = singles[i].kind;
        info->name = singles[i].name;
        info->sprite = singles[i].sprite;
        info->difficulty = singles[i].kind == TSR_WOLF3D_OBJECT_DEAD ? -1 : 1;
        return TRUE;
      }

  info->kind = TSR_WOLF3D_OBJECT_UNKNOWN;
  info->name = N_("Unknown object");
  return FALSE;
}

void
tsr_wolf3d_level_stats (TsrWolf3dGame   game,
                        const guint16  *plane0,
                        const guint16  *plane1,
                        gsize           tiles,
                        int             difficulty,
                        TsrWolf3dStats *stats)
{
  *stats = (TsrWolf3dStats) { 0 };
  for (gsize i = 0; i < tiles; i++)
    {
      TsrWolf3dObjectInfo info;

      if (tsr_wolf3d_tile_classify (plane0[i]) == TSR_WOLF3D_TILE_DOOR)
        stats->doors++;
      tsr_wolf3d_object_lookup (game, plane1[i], &info);
      switch (info.kind)
        {
        case TSR_WOLF3D_OBJECT_PLAYER:
          stats->players++;
          break;
        case TSR_WOLF3D_OBJECT_ENEMY:
        case TSR_WOLF3D_OBJECT_BOSS:
          /* Easy soldiers (1) appear at every difficulty, medium (2) from medium, hard (3) on hard. */
          if (info.difficulty <= 1 || difficulty >= info.difficulty)
            stats->enemies++;
          break;
        case TSR_WOLF3D_OBJECT_TREASURE:
          stats->treasure++;
          stats->statics++;
          break;
        case TSR_WOLF3D_OBJECT_KEY:
          stats->keys++;
          stats->statics++;
          break;
        case TSR_WOLF3D_OBJECT_STATIC:
        case TSR_WOLF3D_OBJECT_PICKUP:
          stats->statics++;
          break;
        case TSR_WOLF3D_OBJECT_PUSHWALL:
          stats->secrets++;
          break;
        default:
          break;
        }
    }
}

GArray *
tsr_wolf3d_known_objects (TsrWolf3dGame game)
{
  GArray *codes = g_array_new (FALSE, FALSE, sizeof (guint16));

  /* Nothing is defined above 259 (the last hard mutant). */
  for (guint16 code = 1; code < 512; code++)
    {
      TsrWolf3dObjectInfo info;

      if (tsr_wolf3d_object_lookup (game, code, &info))
        g_array_append_val (codes, code);
    }
  return codes;
}

GArray *
tsr_wolf3d_known_tiles (void)
{
  GArray *codes = g_array_new (FALSE, FALSE, sizeof (guint16));

  for (guint16 code = 1; code <= 143; code++)
    if (tsr_wolf3d_tile_classify (code) != TSR_WOLF3D_TILE_UNKNOWN)
      g_array_append_val (codes, code);
  return codes;
}
