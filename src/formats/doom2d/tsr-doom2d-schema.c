/* tsr-doom2d-schema.c: the tables of doom2d-mapdef.txt. The enum and bitset tables were generated
 * from that file; the record and trigger-data tables follow it line by line. */
#include <glib/gi18n.h>
#include <string.h>

#include "formats/doom2d/tsr-doom2d-schema.h"

static const TsrFieldConstant texturespecial_constants[] = {
  { "TEXTURE_SPECIAL_WATER", -1 },
  { "TEXTURE_SPECIAL_ACID1", -2 },
  { "TEXTURE_SPECIAL_ACID2", -3 },
  { "TEXTURE_NONE", -4 },
};
static const TsrFieldConstant dirtype_constants[] = {
  { "DIR_LEFT", 0 },
  { "DIR_RIGHT", 1 },
  { "DIR_PRESERVE", 2 },
  { "DIR_REVERSE", 3 },
};
static const TsrFieldConstant triggertype_constants[] = {
  { "TRIGGER_NONE", 0 },
  { "TRIGGER_EXIT", 1 },
  { "TRIGGER_TELEPORT", 2 },
  { "TRIGGER_OPENDOOR", 3 },
  { "TRIGGER_CLOSEDOOR", 4 },
  { "TRIGGER_DOOR", 5 },
  { "TRIGGER_DOOR5", 6 },
  { "TRIGGER_CLOSETRAP", 7 },
  { "TRIGGER_TRAP", 8 },
  { "TRIGGER_PRESS", 9 },
  { "TRIGGER_SECRET", 10 },
  { "TRIGGER_LIFTUP", 11 },
  { "TRIGGER_LIFTDOWN", 12 },
  { "TRIGGER_LIFT", 13 },
  { "TRIGGER_TEXTURE", 14 },
  { "TRIGGER_ON", 15 },
  { "TRIGGER_OFF", 16 },
  { "TRIGGER_ONOFF", 17 },
  { "TRIGGER_SOUND", 18 },
  { "TRIGGER_SPAWNMONSTER", 19 },
  { "TRIGGER_SPAWNITEM", 20 },
  { "TRIGGER_MUSIC", 21 },
  { "TRIGGER_PUSH", 22 },
  { "TRIGGER_SCORE", 23 },
  { "TRIGGER_MESSAGE", 24 },
  { "TRIGGER_DAMAGE", 25 },
  { "TRIGGER_HEALTH", 26 },
  { "TRIGGER_SHOT", 27 },
  { "TRIGGER_EFFECT", 28 },
  { "TRIGGER_SCRIPT", 29 },
};
static const TsrFieldConstant paneltype_constants[] = {
  { "PANEL_NONE", 0 },
  { "PANEL_WALL", 1 },
  { "PANEL_BACK", 2 },
  { "PANEL_FORE", 4 },
  { "PANEL_WATER", 8 },
  { "PANEL_ACID1", 16 },
  { "PANEL_ACID2", 32 },
  { "PANEL_STEP", 64 },
  { "PANEL_LIFTUP", 128 },
  { "PANEL_LIFTDOWN", 256 },
  { "PANEL_OPENDOOR", 512 },
  { "PANEL_CLOSEDOOR", 1024 },
  { "PANEL_BLOCKMON", 2048 },
  { "PANEL_LIFTLEFT", 4096 },
  { "PANEL_LIFTRIGHT", 8192 },
};
static const TsrFieldConstant panelflag_constants[] = {
  { "PANEL_FLAG_NONE", 0 },
  { "PANEL_FLAG_BLENDING", 1 },
  { "PANEL_FLAG_HIDE", 2 },
  { "PANEL_FLAG_WATERTEXTURES", 4 },
};
static const TsrFieldConstant effectaction_constants[] = {
  { "EFFECT_NONE", 0 },
  { "EFFECT_TELEPORT", 1 },
  { "EFFECT_RESPAWN", 2 },
  { "EFFECT_FIRE", 3 },
};
static const TsrFieldConstant item_constants[] = {
  { "ITEM_NONE", 0 },
  { "ITEM_MEDKIT_SMALL", 1 },
  { "ITEM_MEDKIT_LARGE", 2 },
  { "ITEM_MEDKIT_BLACK", 3 },
  { "ITEM_ARMOR_GREEN", 4 },
  { "ITEM_ARMOR_BLUE", 5 },
  { "ITEM_SPHERE_BLUE", 6 },
  { "ITEM_SPHERE_WHITE", 7 },
  { "ITEM_SUIT", 8 },
  { "ITEM_OXYGEN", 9 },
  { "ITEM_INVUL", 10 },
  { "ITEM_WEAPON_SAW", 11 },
  { "ITEM_WEAPON_SHOTGUN1", 12 },
  { "ITEM_WEAPON_SHOTGUN2", 13 },
  { "ITEM_WEAPON_CHAINGUN", 14 },
  { "ITEM_WEAPON_ROCKETLAUNCHER", 15 },
  { "ITEM_WEAPON_PLASMA", 16 },
  { "ITEM_WEAPON_BFG", 17 },
  { "ITEM_WEAPON_SUPERPULEMET", 18 },
  { "ITEM_AMMO_BULLETS", 19 },
  { "ITEM_AMMO_BULLETS_BOX", 20 },
  { "ITEM_AMMO_SHELLS", 21 },
  { "ITEM_AMMO_SHELLS_BOX", 22 },
  { "ITEM_AMMO_ROCKET", 23 },
  { "ITEM_AMMO_ROCKET_BOX", 24 },
  { "ITEM_AMMO_CELL", 25 },
  { "ITEM_AMMO_CELL_BIG", 26 },
  { "ITEM_AMMO_BACKPACK", 27 },
  { "ITEM_KEY_RED", 28 },
  { "ITEM_KEY_GREEN", 29 },
  { "ITEM_KEY_BLUE", 30 },
  { "ITEM_WEAPON_KASTET", 31 },
  { "ITEM_WEAPON_PISTOL", 32 },
  { "ITEM_BOTTLE", 33 },
  { "ITEM_HELMET", 34 },
  { "ITEM_JETPACK", 35 },
  { "ITEM_INVIS", 36 },
  { "ITEM_WEAPON_FLAMETHROWER", 37 },
  { "ITEM_AMMO_FUELCAN", 38 },
};
static const TsrFieldConstant itemoption_constants[] = {
  { "ITEM_OPTION_NONE", 0 },
  { "ITEM_OPTION_ONLYDM", 1 },
  { "ITEM_OPTION_FALL", 2 },
};
static const TsrFieldConstant areatype_constants[] = {
  { "AREA_NONE", 0 },
  { "AREA_PLAYERPOINT1", 1 },
  { "AREA_PLAYERPOINT2", 2 },
  { "AREA_DMPOINT", 3 },
  { "AREA_REDFLAG", 4 },
  { "AREA_BLUEFLAG", 5 },
  { "AREA_DOMFLAG", 6 },
  { "AREA_REDTEAMPOINT", 7 },
  { "AREA_BLUETEAMPOINT", 8 },
};
static const TsrFieldConstant monster_constants[] = {
  { "MONSTER_NONE", 0 },
  { "MONSTER_DEMON", 1 },
  { "MONSTER_IMP", 2 },
  { "MONSTER_ZOMBY", 3 },
  { "MONSTER_SERG", 4 },
  { "MONSTER_CYBER", 5 },
  { "MONSTER_CGUN", 6 },
  { "MONSTER_BARON", 7 },
  { "MONSTER_KNIGHT", 8 },
  { "MONSTER_CACO", 9 },
  { "MONSTER_SOUL", 10 },
  { "MONSTER_PAIN", 11 },
  { "MONSTER_SPIDER", 12 },
  { "MONSTER_BSP", 13 },
  { "MONSTER_MANCUB", 14 },
  { "MONSTER_SKEL", 15 },
  { "MONSTER_VILE", 16 },
  { "MONSTER_FISH", 17 },
  { "MONSTER_BARREL", 18 },
  { "MONSTER_ROBO", 19 },
  { "MONSTER_MAN", 20 },
  { "MONSTER_ZOMBIE", 3 },
};
static const TsrFieldConstant monsterbehaviour_constants[] = {
  { "BH_NORMAL", 0 },
  { "BH_KILLER", 1 },
  { "BH_MANIAC", 2 },
  { "BH_INSANE", 3 },
  { "BH_CANNIBAL", 4 },
  { "BH_GOOD", 5 },
};
static const TsrFieldConstant triggershot_constants[] = {
  { "TRIGGER_SHOT_PISTOL", 0 },
  { "TRIGGER_SHOT_BULLET", 1 },
  { "TRIGGER_SHOT_SHOTGUN", 2 },
  { "TRIGGER_SHOT_SSG", 3 },
  { "TRIGGER_SHOT_IMP", 4 },
  { "TRIGGER_SHOT_PLASMA", 5 },
  { "TRIGGER_SHOT_SPIDER", 6 },
  { "TRIGGER_SHOT_CACO", 7 },
  { "TRIGGER_SHOT_BARON", 8 },
  { "TRIGGER_SHOT_MANCUB", 9 },
  { "TRIGGER_SHOT_REV", 10 },
  { "TRIGGER_SHOT_ROCKET", 11 },
  { "TRIGGER_SHOT_BFG", 12 },
  { "TRIGGER_SHOT_EXPL", 13 },
  { "TRIGGER_SHOT_BFGEXPL", 14 },
  { "TRIGGER_SHOT_FLAME", 15 },
};
static const TsrFieldConstant triggershottarget_constants[] = {
  { "TRIGGER_SHOT_TARGET_NONE", 0 },
  { "TRIGGER_SHOT_TARGET_MON", 1 },
  { "TRIGGER_SHOT_TARGET_PLR", 2 },
  { "TRIGGER_SHOT_TARGET_RED", 3 },
  { "TRIGGER_SHOT_TARGET_BLUE", 4 },
  { "TRIGGER_SHOT_TARGET_MONPLR", 5 },
  { "TRIGGER_SHOT_TARGET_PLRMON", 6 },
};
static const TsrFieldConstant triggershotaim_constants[] = {
  { "TRIGGER_SHOT_AIM_DEFAULT", 0 },
  { "TRIGGER_SHOT_AIM_ALLMAP", 1 },
  { "TRIGGER_SHOT_AIM_TRACE", 2 },
  { "TRIGGER_SHOT_AIM_TRACEALL", 3 },
};
static const TsrFieldConstant triggereffect_constants[] = {
  { "TRIGGER_EFFECT_PARTICLE", 0 },
  { "TRIGGER_EFFECT_ANIMATION", 1 },
};
static const TsrFieldConstant triggereffecttype_constants[] = {
  { "TRIGGER_EFFECT_SLIQUID", 0 },
  { "TRIGGER_EFFECT_LLIQUID", 1 },
  { "TRIGGER_EFFECT_DLIQUID", 2 },
  { "TRIGGER_EFFECT_BLOOD", 3 },
  { "TRIGGER_EFFECT_SPARK", 4 },
  { "TRIGGER_EFFECT_BUBBLE", 5 },
};
static const TsrFieldConstant triggereffectpos_constants[] = {
  { "TRIGGER_EFFECT_POS_CENTER", 0 },
  { "TRIGGER_EFFECT_POS_AREA", 1 },
};
static const TsrFieldConstant triggermusicaction_constants[] = {
  { "TRIGGER_MUSIC_ACTION_STOP", 0 },
  { "TRIGGER_MUSIC_ACTION_PLAY", 1 },
};
static const TsrFieldConstant triggerscoreaction_constants[] = {
  { "TRIGGER_SCORE_ACTION_ADD", 0 },
  { "TRIGGER_SCORE_ACTION_SUB", 1 },
  { "TRIGGER_SCORE_ACTION_WIN", 2 },
  { "TRIGGER_SCORE_ACTION_LOOSE", 3 },
};
static const TsrFieldConstant triggermessagedest_constants[] = {
  { "TRIGGER_MESSAGE_DEST_ME", 0 },
  { "TRIGGER_MESSAGE_DEST_MY_TEAM", 1 },
  { "TRIGGER_MESSAGE_DEST_ENEMY_TEAM", 2 },
  { "TRIGGER_MESSAGE_DEST_RED_TEAM", 3 },
  { "TRIGGER_MESSAGE_DEST_BLUE_TEAM", 4 },
  { "TRIGGER_MESSAGE_DEST_EVERYONE", 5 },
};
static const TsrFieldConstant triggermessagekind_constants[] = {
  { "TRIGGER_MESSAGE_KIND_CHAT", 0 },
  { "TRIGGER_MESSAGE_KIND_GAME", 1 },
};
static const TsrFieldConstant activatetype_constants[] = {
  { "ACTIVATE_NONE", 0 },
  { "ACTIVATE_PLAYERCOLLIDE", 1 },
  { "ACTIVATE_MONSTERCOLLIDE", 2 },
  { "ACTIVATE_PLAYERPRESS", 4 },
  { "ACTIVATE_MONSTERPRESS", 8 },
  { "ACTIVATE_SHOT", 16 },
  { "ACTIVATE_NOMONSTER", 32 },
  { "ACTIVATE_CUSTOM", 255 },
};
static const TsrFieldConstant key_constants[] = {
  { "KEY_NONE", 0 },
  { "KEY_RED", 1 },
  { "KEY_GREEN", 2 },
  { "KEY_BLUE", 4 },
  { "KEY_REDTEAM", 8 },
  { "KEY_BLUETEAM", 16 },
};
static const TsrFieldConstant hittype_constants[] = {
  { "HIT_SOME", 0 },
  { "HIT_ROCKET", 1 },
  { "HIT_BFG", 2 },
  { "HIT_TRAP", 3 },
  { "HIT_FALL", 4 },
  { "HIT_WATER", 5 },
  { "HIT_ACID", 6 },
  { "HIT_ELECTRO", 7 },
  { "HIT_FLAME", 8 },
  { "HIT_SELF", 9 },
  { "HIT_DISCON", 10 },
};
static const TsrFieldConstant triggerscoreteam_constants[] = {
  { "TRIGGER_SCORE_TEAM_MINE_RED", 0 },
  { "TRIGGER_SCORE_TEAM_MINE_BLUE", 1 },
  { "TRIGGER_SCORE_TEAM_FORCE_RED", 2 },
  { "TRIGGER_SCORE_TEAM_FORCE_BLUE", 3 },
};
static const TsrFieldEnum enum_texturespecial = { "TextureSpecial", FALSE, texturespecial_constants, G_N_ELEMENTS (texturespecial_constants) };
static const TsrFieldEnum enum_dirtype = { "DirType", FALSE, dirtype_constants, G_N_ELEMENTS (dirtype_constants) };
static const TsrFieldEnum enum_triggertype = { "TriggerType", FALSE, triggertype_constants, G_N_ELEMENTS (triggertype_constants) };
/* MAPDEF: "type" type ushort offset 14 bitset unique PanelType. */
static const TsrFieldEnum enum_paneltype = { "PanelType", TRUE, paneltype_constants, G_N_ELEMENTS (paneltype_constants), TRUE };
static const TsrFieldEnum enum_panelflag = { "PanelFlag", TRUE, panelflag_constants, G_N_ELEMENTS (panelflag_constants) };
static const TsrFieldEnum enum_effectaction = { "EffectAction", FALSE, effectaction_constants, G_N_ELEMENTS (effectaction_constants) };
static const TsrFieldEnum enum_item = { "Item", FALSE, item_constants, G_N_ELEMENTS (item_constants) };
static const TsrFieldEnum enum_itemoption = { "ItemOption", TRUE, itemoption_constants, G_N_ELEMENTS (itemoption_constants) };
static const TsrFieldEnum enum_areatype = { "AreaType", FALSE, areatype_constants, G_N_ELEMENTS (areatype_constants) };
static const TsrFieldEnum enum_monster = { "Monster", FALSE, monster_constants, G_N_ELEMENTS (monster_constants) };
static const TsrFieldEnum enum_monsterbehaviour = { "MonsterBehaviour", FALSE, monsterbehaviour_constants, G_N_ELEMENTS (monsterbehaviour_constants) };
static const TsrFieldEnum enum_triggershot = { "TriggerShot", FALSE, triggershot_constants, G_N_ELEMENTS (triggershot_constants) };
static const TsrFieldEnum enum_triggershottarget = { "TriggerShotTarget", FALSE, triggershottarget_constants, G_N_ELEMENTS (triggershottarget_constants) };
static const TsrFieldEnum enum_triggershotaim = { "TriggerShotAim", FALSE, triggershotaim_constants, G_N_ELEMENTS (triggershotaim_constants) };
static const TsrFieldEnum enum_triggereffect = { "TriggerEffect", FALSE, triggereffect_constants, G_N_ELEMENTS (triggereffect_constants) };
static const TsrFieldEnum enum_triggereffecttype = { "TriggerEffectType", FALSE, triggereffecttype_constants, G_N_ELEMENTS (triggereffecttype_constants) };
static const TsrFieldEnum enum_triggereffectpos = { "TriggerEffectPos", FALSE, triggereffectpos_constants, G_N_ELEMENTS (triggereffectpos_constants) };
static const TsrFieldEnum enum_triggermusicaction = { "TriggerMusicAction", FALSE, triggermusicaction_constants, G_N_ELEMENTS (triggermusicaction_constants) };
static const TsrFieldEnum enum_triggerscoreaction = { "TriggerScoreAction", FALSE, triggerscoreaction_constants, G_N_ELEMENTS (triggerscoreaction_constants) };
static const TsrFieldEnum enum_triggermessagedest = { "TriggerMessageDest", FALSE, triggermessagedest_constants, G_N_ELEMENTS (triggermessagedest_constants) };
static const TsrFieldEnum enum_triggermessagekind = { "TriggerMessageKind", FALSE, triggermessagekind_constants, G_N_ELEMENTS (triggermessagekind_constants) };
static const TsrFieldEnum enum_activatetype = { "ActivateType", TRUE, activatetype_constants, G_N_ELEMENTS (activatetype_constants) };
static const TsrFieldEnum enum_key = { "Key", TRUE, key_constants, G_N_ELEMENTS (key_constants) };
static const TsrFieldEnum enum_hittype = { "HitType", FALSE, hittype_constants, G_N_ELEMENTS (hittype_constants) };
static const TsrFieldEnum enum_triggerscoreteam = { "TriggerScoreTeam", FALSE, triggerscoreteam_constants, G_N_ELEMENTS (triggerscoreteam_constants) };
static const TsrFieldEnum *const all_enums[] = {
  &enum_texturespecial,
  &enum_dirtype,
  &enum_triggertype,
  &enum_paneltype,
  &enum_panelflag,
  &enum_effectaction,
  &enum_item,
  &enum_itemoption,
  &enum_areatype,
  &enum_monster,
  &enum_monsterbehaviour,
  &enum_triggershot,
  &enum_triggershottarget,
  &enum_triggershotaim,
  &enum_triggereffect,
  &enum_triggereffecttype,
  &enum_triggereffectpos,
  &enum_triggermusicaction,
  &enum_triggerscoreaction,
  &enum_triggermessagedest,
  &enum_triggermessagekind,
  &enum_activatetype,
  &enum_key,
  &enum_hittype,
  &enum_triggerscoreteam,
};

/* Binary records are little-endian; each mapdef.txt type is a TsrField type and width. */
#define WD TSR_FIELD_WRITE_DEFAULT
#define T_STRING   .type = TSR_FIELD_STRING
#define T_BOOL     .type = TSR_FIELD_BOOL, .width = 1
#define T_NEGBOOL  .type = TSR_FIELD_BOOL, .width = 1
#define T_BYTE     .type = TSR_FIELD_INT, .width = 1
#define T_UBYTE    .type = TSR_FIELD_INT, .width = 1
#define T_USHORT   .type = TSR_FIELD_INT, .width = 2
#define T_INT      .type = TSR_FIELD_INT, .width = 4
#define T_POINT    .type = TSR_FIELD_POINT, .width = 4
#define T_SIZE     .type = TSR_FIELD_SIZE, .width = 2
#define T_COLOR    .type = TSR_FIELD_COLOR, .width = 1
#define T_TRIGDATA .type = TSR_FIELD_BYTES
#define FIELD(n, t, off) .name = n, T_##t, .offset = off
#define CHARS(n, len, off) .name = n, .type = TSR_FIELD_CHARS, .width = len, .offset = off
#define ENUM(e) .enumeration = &enum_##e
#define REF(r) .reference = TSR_DOOM2D_REF_##r, .default_value = { -1 }
#define DEF(...) .default_value = { __VA_ARGS__ }

static const TsrField header_fields[] = {
  { CHARS ("name", 32, 0), .label = N_("Name"), .flags = WD, .tip = "map name" },
  { CHARS ("author", 32, 32), .label = N_("Author"), .flags = WD, .tip = "map author" },
  { CHARS ("description", 256, 64), .label = N_("Description"), .flags = WD, .tip = "map description" },
  { CHARS ("music", 64, 320), .label = N_("Music"), .flags = WD, .default_text = "Standart.wad:D2DMUS\\ПРОСТОТА",
    .tip = "music resource" },
  { CHARS ("sky", 64, 384), .label = N_("Sky"), .flags = WD, .default_text = "Standart.wad:D2DSKY\\RSKY1",
    .tip = "sky resource" },
  { FIELD ("size", SIZE, 448), .label = N_("Size"), .flags = WD },
  { FIELD ("light_ambient", COLOR, -1), .label = N_("Ambient light"), DEF (0, 0, 0, 255), .tip = "ambient light for the whole level" },
};

static const TsrField texture_fields[] = {
  { CHARS ("path", 64, 0), .label = N_("Path"), .flags = WD },
  { FIELD ("animated", BOOL, 64), .label = N_("Animated") },
};

static const TsrField panel_fields[] = {
  { FIELD ("position", POINT, 0), .label = N_("Position"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("size", SIZE, 8), .label = N_("Size"), .flags = WD },
  { FIELD ("texture", USHORT, 12), .label = N_("Texture"), .reference = TSR_DOOM2D_REF_TEXTURE, .flags = WD },
  { FIELD ("type", USHORT, 14), .label = N_("Type"), ENUM (paneltype), .flags = WD },
  { FIELD ("alpha", UBYTE, 16), .label = N_("Transparency") },
  { FIELD ("flags", UBYTE, 17), .label = N_("Flags"), ENUM (panelflag) },
  { FIELD ("move_speed", POINT, -1), .label = N_("Move speed"), .flags = TSR_FIELD_SIGNED },
  { FIELD ("size_speed", POINT, -1), .label = N_("Resize speed"), .flags = TSR_FIELD_SIGNED },
  { FIELD ("move_start", POINT, -1), .label = N_("Move start"), .flags = TSR_FIELD_SIGNED },
  { FIELD ("move_end", POINT, -1), .label = N_("Move end"), .flags = TSR_FIELD_SIGNED },
  { FIELD ("size_end", SIZE, -1), .label = N_("End size") },
  { FIELD ("move_active", BOOL, -1), .label = N_("Moving at start") },
  { FIELD ("move_once", BOOL, -1), .label = N_("Move once") },
  { FIELD ("end_pos_trigger", INT, -1), .label = N_("Trigger at end position"), REF (TRIGGER), .flags = TSR_FIELD_SIGNED },
  { FIELD ("end_size_trigger", INT, -1), .label = N_("Trigger at end size"), REF (TRIGGER), .flags = TSR_FIELD_SIGNED },
};

static const TsrField item_fields[] = {
  { FIELD ("position", POINT, 0), .label = N_("Position"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("type", UBYTE, 8), .label = N_("Type"), ENUM (item), .flags = WD },
  { FIELD ("options", UBYTE, 9), .label = N_("Options"), ENUM (itemoption) },
};

static const TsrField monster_fields[] = {
  { FIELD ("position", POINT, 0), .label = N_("Position"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("type", UBYTE, 8), .label = N_("Type"), ENUM (monster), .flags = WD },
  { FIELD ("direction", UBYTE, 9), .label = N_("Direction"), ENUM (dirtype) },
};

static const TsrField area_fields[] = {
  { FIELD ("position", POINT, 0), .label = N_("Position"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("type", UBYTE, 8), .label = N_("Type"), ENUM (areatype), .flags = WD },
  { FIELD ("direction", UBYTE, 9), .label = N_("Direction"), ENUM (dirtype) },
};

static const TsrField trigger_fields[] = {
  { FIELD ("position", POINT, 0), .label = N_("Position"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("size", SIZE, 8), .label = N_("Size"), .flags = WD },
  { FIELD ("enabled", BOOL, 12), .label = N_("Enabled"), DEF (1) },
  { FIELD ("texture_panel", INT, 13), .label = N_("Switch panel"), REF (PANEL), .flags = TSR_FIELD_SIGNED },
  { FIELD ("type", UBYTE, 17), .label = N_("Type"), ENUM (triggertype), .flags = WD },
  { FIELD ("activate_type", UBYTE, 18), .label = N_("Activated by"), ENUM (activatetype) },
  { FIELD ("keys", UBYTE, 19), .label = N_("Keys needed"), ENUM (key) },
  { FIELD ("triggerdata", TRIGDATA, 20), .label = N_("Data"), .width = 128 },
  { FIELD ("exoma_init", STRING, -1), .label = N_("Exoma on creation"), .tip = "will be called on trigger creation" },
  { FIELD ("exoma_think", STRING, -1), .label = N_("Exoma each step"), .tip = "will be called on each think step" },
  { FIELD ("exoma_check", STRING, -1), .label = N_("Exoma before activation"), .tip = "will be called before activation" },
  { FIELD ("exoma_action", STRING, -1), .label = N_("Exoma on activation"), .tip = "will be called on activation" },
};

static const TsrDoom2dRecordType record_types[TSR_DOOM2D_N_KINDS] = {
  { { "map", 452, 0, header_fields, G_N_ELEMENTS (header_fields) }, TSR_DOOM2D_KIND_HEADER, 7 },
  { { "texture", 65, 0, texture_fields, G_N_ELEMENTS (texture_fields) }, TSR_DOOM2D_KIND_TEXTURE, 1 },
  { { "panel", 18, 0, panel_fields, G_N_ELEMENTS (panel_fields) }, TSR_DOOM2D_KIND_PANEL, 2 },
  { { "item", 10, 0, item_fields, G_N_ELEMENTS (item_fields) }, TSR_DOOM2D_KIND_ITEM, 3 },
  { { "monster", 10, 0, monster_fields, G_N_ELEMENTS (monster_fields) }, TSR_DOOM2D_KIND_MONSTER, 5 },
  { { "area", 10, 0, area_fields, G_N_ELEMENTS (area_fields) }, TSR_DOOM2D_KIND_AREA, 4 },
  { { "trigger", 148, 0, trigger_fields, G_N_ELEMENTS (trigger_fields) }, TSR_DOOM2D_KIND_TRIGGER, 6 },
};

/* Trigger data layouts. */
static const TsrField exit_fields[] = {
  { CHARS ("map", 16, 0), .label = N_("Map"), .flags = WD },
};
static const TsrField teleport_fields[] = {
  { FIELD ("target", POINT, 0), .label = N_("Destination"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("d2d", BOOL, 8), .label = N_("Classic Doom 2D behaviour") },
  { FIELD ("silent", BOOL, 9), .label = N_("Silent") },
  { FIELD ("direction", UBYTE, 10), .label = N_("Direction"), ENUM (dirtype) },
};
static const TsrField door_fields[] = {
  { FIELD ("panelid", INT, 0), .label = N_("Panel"), REF (PANEL), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("silent", BOOL, 4), .label = N_("Silent") },
  { FIELD ("d2d", BOOL, 5), .label = N_("Classic Doom 2D behaviour") },
};
static const TsrField press_fields[] = {
  { FIELD ("position", POINT, 0), .label = N_("Position"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("size", SIZE, 8), .label = N_("Size") },
  { FIELD ("wait", USHORT, 12), .label = N_("Delay") },
  { FIELD ("count", USHORT, 14), .label = N_("Count"), .alias = "pressCount" },
  { FIELD ("monsterid", INT, 16), .label = N_("Monster"), REF (MONSTER), .flags = TSR_FIELD_SIGNED },
  { FIELD ("ext_random", BOOL, 20), .label = N_("Random") },
  { FIELD ("panelid", INT, -1), .label = N_("Panel"), REF (PANEL), .flags = TSR_FIELD_SIGNED },
  { FIELD ("silent", BOOL, -1), .label = N_("Silent"), DEF (1) },
  { FIELD ("sound", STRING, -1), .label = N_("Sound") },
};
static const TsrField texture_trigger_fields[] = {
  { FIELD ("activate_once", BOOL, 0), .label = N_("Activate once"), .flags = WD },
  { FIELD ("animate_once", BOOL, 1), .label = N_("Animate once"), .flags = WD },
};
static const TsrField sound_fields[] = {
  { CHARS ("sound_name", 64, 0), .label = N_("Sound"), .flags = WD },
  { FIELD ("volume", UBYTE, 64), .label = N_("Volume"), .flags = WD },
  { FIELD ("pan", UBYTE, 65), .label = N_("Pan") },
  { FIELD ("local", BOOL, 66), .label = N_("Local"), DEF (1) },
  { FIELD ("play_count", UBYTE, 67), .label = N_("Play count"), DEF (1) },
  { FIELD ("sound_switch", BOOL, 68), .label = N_("Switch on and off") },
};
static const TsrField spawn_monster_fields[] = {
  { FIELD ("position", POINT, 0), .label = N_("Position"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("type", UBYTE, 8), .label = N_("Type"), .alias = "spawnMonsType", ENUM (monster), DEF (2), .flags = WD },
  { FIELD ("health", INT, 12), .label = N_("Health"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("direction", UBYTE, 16), .label = N_("Direction"), ENUM (dirtype), .flags = WD },
  { FIELD ("active", BOOL, 17), .label = N_("Active"), DEF (1) },
  { FIELD ("count", INT, 20), .label = N_("Count"), .alias = "monsCount", DEF (1), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("effect", UBYTE, 24), .label = N_("Effect"), ENUM (effectaction), .flags = WD },
  { FIELD ("max", USHORT, 26), .label = N_("Maximum"), DEF (1), .flags = WD },
  { FIELD ("delay", USHORT, 28), .label = N_("Delay"), DEF (1000), .flags = WD },
  { FIELD ("behaviour", UBYTE, 30), .label = N_("Behaviour"), ENUM (monsterbehaviour) },
};
static const TsrField spawn_item_fields[] = {
  { FIELD ("position", POINT, 0), .label = N_("Position"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("type", UBYTE, 8), .label = N_("Type"), .alias = "spawnItemType", ENUM (item), .flags = WD },
  { FIELD ("gravity", BOOL, 9), .label = N_("Gravity"), DEF (1) },
  { FIELD ("dmonly", BOOL, 10), .label = N_("Deathmatch only") },
  { FIELD ("count", INT, 12), .label = N_("Count"), .alias = "itemCount", DEF (1), .flags = TSR_FIELD_SIGNED },
  { FIELD ("effect", UBYTE, 16), .label = N_("Effect"), ENUM (effectaction), .flags = WD },
  { FIELD ("max", USHORT, 18), .label = N_("Maximum"), DEF (1) },
  { FIELD ("delay", USHORT, 20), .label = N_("Delay"), DEF (1000), .flags = WD },
};
static const TsrField music_fields[] = {
  { CHARS ("name", 64, 0), .label = N_("Music"), .alias = "musicName", .flags = WD },
  { FIELD ("action", UBYTE, 64), .label = N_("Action"), .alias = "musicAction", ENUM (triggermusicaction), .flags = WD },
};
static const TsrField push_fields[] = {
  { FIELD ("angle", USHORT, 0), .label = N_("Angle"), .flags = WD },
  { FIELD ("force", UBYTE, 2), .label = N_("Force"), .flags = WD },
  { FIELD ("reset_velocity", BOOL, 3), .label = N_("Reset velocity"), .flags = WD },
};
static const TsrField score_fields[] = {
  { FIELD ("action", UBYTE, 0), .label = N_("Action"), .alias = "scoreAction", ENUM (triggerscoreaction), .flags = WD },
  { FIELD ("count", UBYTE, 1), .label = N_("Count"), .alias = "scoreCount", DEF (1), .flags = WD },
  { FIELD ("team", UBYTE, 2), .label = N_("Team"), .alias = "scoreTeam", ENUM (triggerscoreteam), .flags = WD },
  { FIELD ("console", BOOL, 3), .label = N_("Console message"), .alias = "scoreCon", .flags = WD },
  { FIELD ("message", BOOL, 4), .label = N_("Message"), .alias = "scoreMsg", DEF (1), .flags = WD },
};
static const TsrField message_fields[] = {
  { FIELD ("kind", UBYTE, 0), .label = N_("Kind"), ENUM (triggermessagekind), DEF (1), .flags = WD },
  { FIELD ("dest", UBYTE, 1), .label = N_("Recipient"), .alias = "msgDest", ENUM (triggermessagedest) },
  { CHARS ("text", 100, 2), .label = N_("Text"), .flags = WD },
  { FIELD ("time", USHORT, 102), .label = N_("Time"), .alias = "msgTime", .flags = WD },
};
static const TsrField damage_fields[] = {
  { FIELD ("amount", USHORT, 0), .label = N_("Amount"), .flags = WD },
  { FIELD ("interval", USHORT, 2), .label = N_("Interval"), .flags = WD },
  { FIELD ("kind", UBYTE, 4), .label = N_("Kind"), ENUM (hittype), .flags = WD },
};
static const TsrField health_fields[] = {
  { FIELD ("amount", USHORT, 0), .label = N_("Amount"), .flags = WD },
  { FIELD ("interval", USHORT, 2), .label = N_("Interval"), .flags = WD },
  { FIELD ("max", BOOL, 4), .label = N_("Up to maximum"), .alias = "healMax", .flags = WD },
  { FIELD ("silent", BOOL, 5), .label = N_("Silent"), .flags = WD },
};
static const TsrField shot_fields[] = {
  { FIELD ("position", POINT, 0), .label = N_("Position"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("type", UBYTE, 8), .label = N_("Type"), .alias = "shotType", ENUM (triggershot), .flags = WD },
  { FIELD ("target", UBYTE, 9), .label = N_("Target"), .alias = "shotTarget", ENUM (triggershottarget), .flags = WD },
  { FIELD ("sound", NEGBOOL, 10), .label = N_("Sound"), .alias = "shotSound", .flags = TSR_FIELD_NEGATED },
  { FIELD ("aim", BYTE, 11), .label = N_("Aim"), ENUM (triggershotaim), .flags = TSR_FIELD_SIGNED },
  { FIELD ("panelid", INT, 12), .label = N_("Panel"), REF (PANEL), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("sight", USHORT, 16), .label = N_("Sight") },
  { FIELD ("angle", USHORT, 18), .label = N_("Angle") },
  { FIELD ("wait", USHORT, 20), .label = N_("Delay") },
  { FIELD ("accuracy", USHORT, 22), .label = N_("Accuracy") },
  { FIELD ("ammo", USHORT, 24), .label = N_("Ammo") },
  { FIELD ("reload", USHORT, 26), .label = N_("Reload") },
};
static const TsrField effect_fields[] = {
  { FIELD ("count", UBYTE, 0), .label = N_("Count"), .alias = "FXCount", .flags = WD },
  { FIELD ("type", UBYTE, 1), .label = N_("Type"), .alias = "FXType", ENUM (triggereffect), .flags = WD },
  { FIELD ("subtype", UBYTE, 2), .label = N_("Subtype"), .alias = "FXSubType", ENUM (triggereffecttype), DEF (4), .flags = WD },
  { FIELD ("red", UBYTE, 3), .label = N_("Red"), .alias = "FXRed", .flags = WD },
  { FIELD ("green", UBYTE, 4), .label = N_("Green"), .alias = "FXGreen", .flags = WD },
  { FIELD ("blue", UBYTE, 5), .label = N_("Blue"), .alias = "FXBlue", .flags = WD },
  { FIELD ("pos", UBYTE, 6), .label = N_("Position"), .alias = "FXPos", ENUM (triggereffectpos), .flags = WD },
  { FIELD ("wait", USHORT, 8), .label = N_("Delay"), .flags = WD },
  { FIELD ("vel_x", BYTE, 10), .label = N_("Velocity X"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("vel_y", BYTE, 11), .label = N_("Velocity Y"), .flags = WD | TSR_FIELD_SIGNED },
  { FIELD ("spread_l", UBYTE, 12), .label = N_("Spread left"), .flags = WD },
  { FIELD ("spread_r", UBYTE, 13), .label = N_("Spread right"), .flags = WD },
  { FIELD ("spread_u", UBYTE, 14), .label = N_("Spread up"), .flags = WD },
  { FIELD ("spread_d", UBYTE, 15), .label = N_("Spread down"), .flags = WD },
};

static const guint8 exit_types[] = { 1 };
static const guint8 teleport_types[] = { 2 };
static const guint8 door_types[] = { 3, 4, 5, 6, 7, 8, 11, 12, 13 };
static const guint8 press_types[] = { 9, 15, 16, 17 };
static const guint8 texture_types[] = { 14 };
static const guint8 sound_types[] = { 18 };
static const guint8 spawn_monster_types[] = { 19 };
static const guint8 spawn_item_types[] = { 20 };
static const guint8 music_types[] = { 21 };
static const guint8 push_types[] = { 22 };
static const guint8 score_types[] = { 23 };
static const guint8 message_types[] = { 24 };
static const guint8 damage_types[] = { 25 };
static const guint8 health_types[] = { 26 };
static const guint8 shot_types[] = { 27 };
static const guint8 effect_types[] = { 28 };

#define LAYOUT(n, t, f) { { n, TSR_DOOM2D_TRIGGER_DATA_SIZE, 0, f, G_N_ELEMENTS (f) }, t, G_N_ELEMENTS (t) }
static const TsrDoom2dTriggerLayout trigger_layouts[] = {
  LAYOUT ("exit", exit_types, exit_fields),
  LAYOUT ("teleport", teleport_types, teleport_fields),
  LAYOUT ("door", door_types, door_fields),
  LAYOUT ("press", press_types, press_fields),
  LAYOUT ("texture", texture_types, texture_trigger_fields),
  LAYOUT ("sound", sound_types, sound_fields),
  LAYOUT ("spawn monster", spawn_monster_types, spawn_monster_fields),
  LAYOUT ("spawn item", spawn_item_types, spawn_item_fields),
  LAYOUT ("music", music_types, music_fields),
  LAYOUT ("push", push_types, push_fields),
  LAYOUT ("score", score_types, score_fields),
  LAYOUT ("message", message_types, message_fields),
  LAYOUT ("damage", damage_types, damage_fields),
  LAYOUT ("health", health_types, health_fields),
  LAYOUT ("shot", shot_types, shot_fields),
  LAYOUT ("effect", effect_types, effect_fields),
};

const TsrDoom2dRecordType *
tsr_doom2d_record_type (TsrDoom2dKind kind)
{
  g_return_val_if_fail (kind < TSR_DOOM2D_N_KINDS, NULL);
  return &record_types[kind];
}

const TsrDoom2dRecordType *
tsr_doom2d_record_type_by_block (guint block)
{
  for (guint i = 0; i < TSR_DOOM2D_N_KINDS; i++)
    if (record_types[i].binblock == block)
      return &record_types[i];
  return NULL;
}

const TsrDoom2dRecordType *
tsr_doom2d_record_type_by_name (const char *name)
{
  for (guint i = 0; i < TSR_DOOM2D_N_KINDS; i++)
    if (name != NULL && record_types[i].table.name[0] == name[0] && strcmp (record_types[i].table.name, name) == 0)
      return &record_types[i];
  return NULL;
}

const TsrDoom2dTriggerLayout *
tsr_doom2d_trigger_layout (guint trigger_type)
{
  for (guint i = 0; i < G_N_ELEMENTS (trigger_layouts); i++)
    for (guint j = 0; j < trigger_layouts[i].n_trigger_types; j++)
      if (trigger_layouts[i].trigger_types[j] == trigger_type)
        return &trigger_layouts[i];
  return NULL;
}

const TsrFieldEnum *
tsr_doom2d_enum_at (guint index)
{
  return index < G_N_ELEMENTS (all_enums) ? all_enums[index] : NULL;
}

const TsrFieldEnum *
tsr_doom2d_enum_by_name (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (all_enums); i++)
    if (strcmp (all_enums[i]->name, name) == 0)
      return all_enums[i];
  return NULL;
}
