/* tsr-doom2d-names.c: the names people read for Doom2D Forever's constants. The identifiers
 * (ITEM_MEDKIT_SMALL) are the format's and stay in text maps and the CLI; these labels are English,
 * marked N_(), and the editor shows them through gettext. The Russian catalogue uses the game's
 * own Russian names (Doom2D Forever is a Russian game). Every constant of the schema has one
 * (test-doom2d-document checks it): the trigger data's enums take their meaning from the game's
 * code (src/game/g_triggers.pas, g_monsters.pas). */
#include "formats/doom2d/tsr-doom2d-names.h"

#include <glib/gi18n.h>
#include <string.h>

#include "formats/doom2d/tsr-doom2d-schema.h"

static const struct {
  const char *identifier;
  const char *label;
} labels[] = {
  { "PANEL_WALL", N_("Wall") },
  { "PANEL_BACK", N_("Background") },
  { "PANEL_FORE", N_("Foreground") },
  { "PANEL_WATER", N_("Water") },
  { "PANEL_ACID1", N_("Acid 1") },
  { "PANEL_ACID2", N_("Acid 2") },
  { "PANEL_STEP", N_("Step") },
  { "PANEL_LIFTUP", N_("Lift up") },
  { "PANEL_LIFTDOWN", N_("Lift down") },
  { "PANEL_OPENDOOR", N_("Door (open)") },
  { "PANEL_CLOSEDOOR", N_("Door (closed)") },
  { "PANEL_BLOCKMON", N_("Monster barrier") },
  { "PANEL_LIFTLEFT", N_("Lift left") },
  { "PANEL_LIFTRIGHT", N_("Lift right") },
  { "TRIGGER_EXIT", N_("Exit") },
  { "TRIGGER_TELEPORT", N_("Teleport") },
  { "TRIGGER_OPENDOOR", N_("Open door") },
  { "TRIGGER_CLOSEDOOR", N_("Close door") },
  { "TRIGGER_DOOR", N_("Door") },
  { "TRIGGER_DOOR5", N_("Door (5 seconds)") },
  { "TRIGGER_CLOSETRAP", N_("Close trap") },
  { "TRIGGER_TRAP", N_("Trap") },
  { "TRIGGER_PRESS", N_("Press") },
  { "TRIGGER_SECRET", N_("Secret") },
  { "TRIGGER_LIFTUP", N_("Lift up") },
  { "TRIGGER_LIFTDOWN", N_("Lift down") },
  { "TRIGGER_LIFT", N_("Lift") },
  { "TRIGGER_TEXTURE", N_("Texture") },
  { "TRIGGER_ON", N_("On") },
  { "TRIGGER_OFF", N_("Off") },
  { "TRIGGER_ONOFF", N_("On/off") },
  { "TRIGGER_SOUND", N_("Sound") },
  { "TRIGGER_SPAWNMONSTER", N_("Spawn monster") },
  { "TRIGGER_SPAWNITEM", N_("Spawn item") },
  { "TRIGGER_MUSIC", N_("Music") },
  { "TRIGGER_PUSH", N_("Push") },
  { "TRIGGER_SCORE", N_("Score") },
  { "TRIGGER_MESSAGE", N_("Message") },
  { "TRIGGER_DAMAGE", N_("Damage") },
  { "TRIGGER_HEALTH", N_("Health") },
  { "TRIGGER_SHOT", N_("Shot") },
  { "TRIGGER_EFFECT", N_("Effect") },
  { "TRIGGER_SCRIPT", N_("Script") },
  { "ITEM_MEDKIT_SMALL", N_("Small medkit") },
  { "ITEM_MEDKIT_LARGE", N_("Large medkit") },
  { "ITEM_MEDKIT_BLACK", N_("Black medkit") },
  { "ITEM_ARMOR_GREEN", N_("Green armor") },
  { "ITEM_ARMOR_BLUE", N_("Blue armor") },
  { "ITEM_SPHERE_BLUE", N_("Blue sphere") },
  { "ITEM_SPHERE_WHITE", N_("White sphere") },
  { "ITEM_SUIT", N_("Protective suit") },
  { "ITEM_OXYGEN", N_("Oxygen") },
  { "ITEM_INVUL", N_("Invulnerability") },
  { "ITEM_WEAPON_SAW", N_("Chainsaw") },
  { "ITEM_WEAPON_SHOTGUN1", N_("Shotgun") },
  { "ITEM_WEAPON_SHOTGUN2", N_("Super shotgun") },
  { "ITEM_WEAPON_CHAINGUN", N_("Chaingun") },
  { "ITEM_WEAPON_ROCKETLAUNCHER", N_("Rocket launcher") },
  { "ITEM_WEAPON_PLASMA", N_("Plasma gun") },
  { "ITEM_WEAPON_BFG", N_("BFG") },
  { "ITEM_WEAPON_SUPERPULEMET", N_("Super chaingun") },
  { "ITEM_AMMO_BULLETS", N_("Bullets") },
  { "ITEM_AMMO_BULLETS_BOX", N_("Box of bullets") },
  { "ITEM_AMMO_SHELLS", N_("Shells") },
  { "ITEM_AMMO_SHELLS_BOX", N_("Box of shells") },
  { "ITEM_AMMO_ROCKET", N_("Rocket") },
  { "ITEM_AMMO_ROCKET_BOX", N_("Box of rockets") },
  { "ITEM_AMMO_CELL", N_("Energy cell") },
  { "ITEM_AMMO_CELL_BIG", N_("Large energy cell") },
  { "ITEM_AMMO_BACKPACK", N_("Backpack") },
  { "ITEM_KEY_RED", N_("Red key") },
  { "ITEM_KEY_GREEN", N_("Green key") },
  { "ITEM_KEY_BLUE", N_("Blue key") },
  { "ITEM_WEAPON_KASTET", N_("Knuckles") },
  { "ITEM_WEAPON_PISTOL", N_("Pistol") },
  { "ITEM_BOTTLE", N_("Health bottle") },
  { "ITEM_HELMET", N_("Armor helmet") },
  { "ITEM_JETPACK", N_("Jetpack") },
  { "ITEM_INVIS", N_("Invisibility") },
  { "ITEM_WEAPON_FLAMETHROWER", N_("Flamethrower") },
  { "ITEM_AMMO_FUELCAN", N_("Fuel canister") },
  { "MONSTER_DEMON", N_("Demon") },
  { "MONSTER_IMP", N_("Imp") },
  { "MONSTER_ZOMBY", N_("Zombie") },
  { "MONSTER_SERG", N_("Sergeant") },
  { "MONSTER_CYBER", N_("Cyberdemon") },
  { "MONSTER_CGUN", N_("Chaingunner") },
  { "MONSTER_BARON", N_("Baron of Hell") },
  { "MONSTER_KNIGHT", N_("Hell knight") },
  { "MONSTER_CACO", N_("Cacodemon") },
  { "MONSTER_SOUL", N_("Lost soul") },
  { "MONSTER_PAIN", N_("Pain elemental") },
  { "MONSTER_SPIDER", N_("Spider mastermind") },
  { "MONSTER_BSP", N_("Arachnotron") },
  { "MONSTER_MANCUB", N_("Mancubus") },
  { "MONSTER_SKEL", N_("Revenant") },
  { "MONSTER_VILE", N_("Arch-vile") },
  { "MONSTER_FISH", N_("Piranha") },
  { "MONSTER_BARREL", N_("Barrel") },
  { "MONSTER_ROBO", N_("Robot") },
  { "MONSTER_MAN", N_("Prikolist") },
  { "AREA_PLAYERPOINT1", N_("Player 1 start") },
  { "AREA_PLAYERPOINT2", N_("Player 2 start") },
  { "AREA_DMPOINT", N_("Deathmatch start") },
  { "AREA_REDFLAG", N_("Red flag") },
  { "AREA_BLUEFLAG", N_("Blue flag") },
  { "AREA_DOMFLAG", N_("Domination flag") },
  { "AREA_REDTEAMPOINT", N_("Red team start") },
  { "AREA_BLUETEAMPOINT", N_("Blue team start") },
  { "PANEL_FLAG_BLENDING", N_("Blending") },
  { "PANEL_FLAG_HIDE", N_("Hidden") },
  { "PANEL_FLAG_WATERTEXTURES", N_("Water textures") },
  { "ITEM_OPTION_ONLYDM", N_("Deathmatch only") },
  { "ITEM_OPTION_FALL", N_("Falls") },
  { "ACTIVATE_PLAYERCOLLIDE", N_("Player touches") },
  { "ACTIVATE_MONSTERCOLLIDE", N_("Monster touches") },
  { "ACTIVATE_PLAYERPRESS", N_("Player presses") },
  { "ACTIVATE_MONSTERPRESS", N_("Monster presses") },
  { "ACTIVATE_SHOT", N_("Shot at") },
  { "ACTIVATE_NOMONSTER", N_("No monsters left") },
  { "KEY_RED", N_("Red key") },
  { "KEY_GREEN", N_("Green key") },
  { "KEY_BLUE", N_("Blue key") },
  { "KEY_REDTEAM", N_("Red team") },
  { "KEY_BLUETEAM", N_("Blue team") },
  /* Zero values: what a drop-down shows for "none". */
  { "TRIGGER_NONE", N_("None") },
  { "PANEL_NONE", N_("None") },
  { "PANEL_FLAG_NONE", N_("None") },
  { "ITEM_NONE", N_("None") },
  { "ITEM_OPTION_NONE", N_("None") },
  { "AREA_NONE", N_("None") },
  { "MONSTER_NONE", N_("None") },
  { "ACTIVATE_NONE", N_("None") },
  { "KEY_NONE", N_("None") },
  { "EFFECT_NONE", N_("None") },
  /* An alias names what its value names. */
  { "MONSTER_ZOMBIE", N_("Zombie") },
  { "ACTIVATE_CUSTOM", N_("Custom") },
  { "TEXTURE_SPECIAL_WATER", N_("Water") },
  { "TEXTURE_SPECIAL_ACID1", N_("Acid 1") },
  { "TEXTURE_SPECIAL_ACID2", N_("Acid 2") },
  { "TEXTURE_NONE", N_("No texture") },
  /* Facing of monsters, and of what a teleport puts out. */
  { "DIR_LEFT", N_("Facing left") },
  { "DIR_RIGHT", N_("Facing right") },
  { "DIR_PRESERVE", N_("Keep direction") },
  { "DIR_REVERSE", N_("Reverse direction") },
  /* The game's animations a teleport or an effect trigger plays. */
  { "EFFECT_TELEPORT", N_("Teleport effect") },
  { "EFFECT_RESPAWN", N_("Respawn effect") },
  { "EFFECT_FIRE", N_("Fire effect") },
  /* Whom a spawned monster attacks (g_monsters: players and who hurts it; players only; everyone;
   * other monsters; its own kind; no players). */
  { "BH_NORMAL", N_("Normal") },
  { "BH_KILLER", N_("Killer") },
  { "BH_MANIAC", N_("Maniac") },
  { "BH_INSANE", N_("Insane") },
  { "BH_CANNIBAL", N_("Cannibal") },
  { "BH_GOOD", N_("Friendly") },
  /* What a shot trigger fires (g_triggers' tr_SpawnShot: the weapon or monster attack it makes). */
  { "TRIGGER_SHOT_PISTOL", N_("Pistol bullet") },
  { "TRIGGER_SHOT_BULLET", N_("Chaingun bullet") },
  { "TRIGGER_SHOT_SHOTGUN", N_("Shotgun pellets") },
  { "TRIGGER_SHOT_SSG", N_("Super shotgun pellets") },
  { "TRIGGER_SHOT_IMP", N_("Imp fireball") },
  { "TRIGGER_SHOT_PLASMA", N_("Plasma ball") },
  { "TRIGGER_SHOT_SPIDER", N_("Arachnotron plasma") },
  { "TRIGGER_SHOT_CACO", N_("Cacodemon fireball") },
  { "TRIGGER_SHOT_BARON", N_("Baron fireball") },
  { "TRIGGER_SHOT_MANCUB", N_("Mancubus fireball") },
  { "TRIGGER_SHOT_REV", N_("Revenant rocket") },
  { "TRIGGER_SHOT_ROCKET", N_("Rocket") },
  { "TRIGGER_SHOT_BFG", N_("BFG ball") },
  { "TRIGGER_SHOT_EXPL", N_("Explosion") },
  { "TRIGGER_SHOT_BFGEXPL", N_("BFG explosion") },
  { "TRIGGER_SHOT_FLAME", N_("Flame") },
  /* Whom it aims at, and where it looks for them (the aim is two bits: whole map, line of sight). */
  { "TRIGGER_SHOT_TARGET_NONE", N_("No target") },
  { "TRIGGER_SHOT_TARGET_MON", N_("Monsters") },
  { "TRIGGER_SHOT_TARGET_PLR", N_("Players") },
  { "TRIGGER_SHOT_TARGET_RED", N_("Red team") },
  { "TRIGGER_SHOT_TARGET_BLUE", N_("Blue team") },
  { "TRIGGER_SHOT_TARGET_MONPLR", N_("Monsters, then players") },
  { "TRIGGER_SHOT_TARGET_PLRMON", N_("Players, then monsters") },
  { "TRIGGER_SHOT_AIM_DEFAULT", N_("In the trigger area") },
  { "TRIGGER_SHOT_AIM_ALLMAP", N_("Anywhere on the map") },
  { "TRIGGER_SHOT_AIM_TRACE", N_("In the area, in sight") },
  { "TRIGGER_SHOT_AIM_TRACEALL", N_("Anywhere, in sight") },
  /* Effect triggers: particles of a kind, or one of the animations above; at the centre or
   * anywhere in the area. */
  { "TRIGGER_EFFECT_PARTICLE", N_("Particles") },
  { "TRIGGER_EFFECT_ANIMATION", N_("Animation") },
  { "TRIGGER_EFFECT_SLIQUID", N_("Liquid drops") },
  { "TRIGGER_EFFECT_LLIQUID", N_("Light liquid") },
  { "TRIGGER_EFFECT_DLIQUID", N_("Dark liquid") },
  { "TRIGGER_EFFECT_BLOOD", N_("Blood") },
  { "TRIGGER_EFFECT_SPARK", N_("Sparks") },
  { "TRIGGER_EFFECT_BUBBLE", N_("Bubbles") },
  { "TRIGGER_EFFECT_POS_CENTER", N_("Center") },
  { "TRIGGER_EFFECT_POS_AREA", N_("Anywhere in the area") },
  { "TRIGGER_MUSIC_ACTION_STOP", N_("Stop") },
  { "TRIGGER_MUSIC_ACTION_PLAY", N_("Play") },
  { "TRIGGER_SCORE_ACTION_ADD", N_("Add points") },
  { "TRIGGER_SCORE_ACTION_SUB", N_("Take points") },
  { "TRIGGER_SCORE_ACTION_WIN", N_("Win") },
  { "TRIGGER_SCORE_ACTION_LOOSE", N_("Lose") },
  /* The score's team: the activator's own or its enemy's, or one by colour. */
  { "TRIGGER_SCORE_TEAM_MINE_RED", N_("Activator's team") },
  { "TRIGGER_SCORE_TEAM_MINE_BLUE", N_("Enemy team") },
  { "TRIGGER_SCORE_TEAM_FORCE_RED", N_("Red team") },
  { "TRIGGER_SCORE_TEAM_FORCE_BLUE", N_("Blue team") },
  { "TRIGGER_MESSAGE_DEST_ME", N_("Activator") },
  { "TRIGGER_MESSAGE_DEST_MY_TEAM", N_("Activator's team") },
  { "TRIGGER_MESSAGE_DEST_ENEMY_TEAM", N_("Enemy team") },
  { "TRIGGER_MESSAGE_DEST_RED_TEAM", N_("Red team") },
  { "TRIGGER_MESSAGE_DEST_BLUE_TEAM", N_("Blue team") },
  { "TRIGGER_MESSAGE_DEST_EVERYONE", N_("Everyone") },
  { "TRIGGER_MESSAGE_KIND_CHAT", N_("Chat") },
  { "TRIGGER_MESSAGE_KIND_GAME", N_("On screen") },
  /* The kind of damage a damage trigger does (what the game does with it: acid spares a suit,
   * water a player with air, flame sets alight). */
  { "HIT_SOME", N_("Ordinary hit") },
  { "HIT_ROCKET", N_("Rocket blast") },
  { "HIT_BFG", N_("BFG") },
  { "HIT_TRAP", N_("Crushing") },
  { "HIT_FALL", N_("Falling") },
  { "HIT_WATER", N_("Drowning") },
  { "HIT_ACID", N_("Acid") },
  { "HIT_ELECTRO", N_("Electric shock") },
  { "HIT_FLAME", N_("Burning") },
  { "HIT_SELF", N_("Suicide") },
  { "HIT_DISCON", N_("Disconnect") },
};

const char *
tsr_doom2d_constant_label (const char *identifier)
{
  g_return_val_if_fail (identifier != NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (strcmp (labels[i].identifier, identifier) == 0)
      return labels[i].label;
  return NULL;
}

char *
tsr_doom2d_constant_display_name (const char *identifier)
{
  const char *label, *rest;
  char *name;

  g_return_val_if_fail (identifier != NULL, NULL);
  if ((label = tsr_doom2d_constant_label (identifier)) != NULL)
    return g_strdup (_(label));
  rest = strchr (identifier, '_');
  name = g_strdup (rest != NULL && rest[1] != '\0' ? rest + 1 : identifier);
  for (char *c = name + 1; *c != '\0'; c++)
    *c = *c == '_' ? ' ' : g_ascii_tolower (*c);
  return name;
}

GPtrArray *
tsr_doom2d_palette_constants (const char *enum_name)
{
  const TsrFieldEnum *enumeration = tsr_doom2d_enum_by_name (enum_name);
  GPtrArray *constants = g_ptr_array_new ();

  for (guint i = 0; enumeration != NULL && i < enumeration->n_constants; i++)
    {
      const TsrFieldConstant *constant = &enumeration->constants[i];
      gboolean seen = constant->value == 0;

      for (guint j = 0; j < constants->len && !seen; j++)
        seen = ((const TsrFieldConstant *) g_ptr_array_index (constants, j))->value == constant->value;
      if (!seen)
        g_ptr_array_add (constants, (gpointer) constant);
    }
  return constants;
}
