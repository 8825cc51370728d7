/* tsr-marathon-names.c: the editor's field tables are copies of the codec's, patched by field-name
 * patterns once; the constants are the engine's (Aleph One), named as its level editors name them.
 * Constant names are marked NC_() with their enum's name as context, monster and item names N_():
 * English for the CLI and text output (the names parse back), translated where the editor shows them
 * (tsr_field_constant_label, _()). */
#include "formats/marathon/tsr-marathon-names.h"

#include "formats/marathon/tsr-marathon-palette.h"

#include <glib/gi18n.h>
#include <string.h>

#define C(n, v) { n, v }
#define ENUM(id, name, bitset, ...) \
  static const TsrFieldConstant id##_constants[] = { __VA_ARGS__ }; \
  static const TsrFieldEnum id = { name, bitset, id##_constants, G_N_ELEMENTS (id##_constants) }

ENUM (polygon_type_enum, "polygon_type", FALSE,
      C (NC_ ("polygon_type", "Normal"), 0), C (NC_ ("polygon_type", "Item impassable"), 1),
      C (NC_ ("polygon_type", "Monster impassable"), 2), C (NC_ ("polygon_type", "Hill"), 3),
      C (NC_ ("polygon_type", "Base"), 4), C (NC_ ("polygon_type", "Platform"), 5),
      C (NC_ ("polygon_type", "Light on trigger"), 6), C (NC_ ("polygon_type", "Platform on trigger"), 7),
      C (NC_ ("polygon_type", "Light off trigger"), 8), C (NC_ ("polygon_type", "Platform off trigger"), 9),
      C (NC_ ("polygon_type", "Teleporter"), 10), C (NC_ ("polygon_type", "Zone border"), 11),
      C (NC_ ("polygon_type", "Goal"), 12), C (NC_ ("polygon_type", "Visible monster trigger"), 13),
      C (NC_ ("polygon_type", "Invisible monster trigger"), 14),
      C (NC_ ("polygon_type", "Dual monster trigger"), 15), C (NC_ ("polygon_type", "Item trigger"), 16),
      C (NC_ ("polygon_type", "Must be explored"), 17), C (NC_ ("polygon_type", "Automatic exit"), 18),
      C (NC_ ("polygon_type", "Minor ouch"), 19), C (NC_ ("polygon_type", "Major ouch"), 20),
      C (NC_ ("polygon_type", "Glue"), 21), C (NC_ ("polygon_type", "Glue trigger"), 22),
      C (NC_ ("polygon_type", "Superglue"), 23));
ENUM (polygon_flags_enum, "polygon_flags", TRUE,
      C (NC_ ("polygon_flags", "Detached"), 0x4000));
ENUM (transfer_enum, "transfer_mode", FALSE,
      C (NC_ ("transfer_mode", "Normal"), 0), C (NC_ ("transfer_mode", "Fade out to black"), 1),
      C (NC_ ("transfer_mode", "Invisibility"), 2), C (NC_ ("transfer_mode", "Subtle invisibility"), 3),
      C (NC_ ("transfer_mode", "Pulsate"), 4), C (NC_ ("transfer_mode", "Wobble"), 5),
      C (NC_ ("transfer_mode", "Fast wobble"), 6), C (NC_ ("transfer_mode", "Static"), 7),
      /* xgettext:no-c-format */
      C (NC_ ("transfer_mode", "50% static"), 8), C (NC_ ("transfer_mode", "Landscape"), 9),
      C (NC_ ("transfer_mode", "Smear"), 10), C (NC_ ("transfer_mode", "Fade out static"), 11),
      C (NC_ ("transfer_mode", "Pulsating static"), 12), C (NC_ ("transfer_mode", "Fold in"), 13),
      C (NC_ ("transfer_mode", "Fold out"), 14), C (NC_ ("transfer_mode", "Horizontal slide"), 15),
      C (NC_ ("transfer_mode", "Fast horizontal slide"), 16), C (NC_ ("transfer_mode", "Vertical slide"), 17),
      C (NC_ ("transfer_mode", "Fast vertical slide"), 18), C (NC_ ("transfer_mode", "Wander"), 19),
      C (NC_ ("transfer_mode", "Fast wander"), 20), C (NC_ ("transfer_mode", "Big landscape"), 21),
      C (NC_ ("transfer_mode", "Reverse horizontal slide"), 22),
      C (NC_ ("transfer_mode", "Reverse fast horizontal slide"), 23),
      C (NC_ ("transfer_mode", "Reverse vertical slide"), 24),
      C (NC_ ("transfer_mode", "Reverse fast vertical slide"), 25), C (NC_ ("transfer_mode", "2x"), 26),
      C (NC_ ("transfer_mode", "4x"), 27));
/* A texture or a shape is a descriptor (collection:shape); -1 is none. */
ENUM (descriptor_enum, "shape_descriptor", FALSE,
      C (NC_ ("shape_descriptor", "None"), -1));
/* Landscape, elevation, variable elevation and has-transparent-side are recomputed on save from
 * the sides and the polygons' heights (tsr_marathon_derive_line, as Aleph One's
 * recalculate_redundant_line_data): the inspector shows them read-only. */
static const TsrFieldConstant line_flags_constants[] = {
  C (NC_ ("line_flags", "Solid"), 0x4000), C (NC_ ("line_flags", "Transparent"), 0x2000),
  C (NC_ ("line_flags", "Landscape"), 0x1000), C (NC_ ("line_flags", "Elevation"), 0x800),
  C (NC_ ("line_flags", "Variable elevation"), 0x400),
  C (NC_ ("line_flags", "Has transparent side"), 0x200), C (NC_ ("line_flags", "Decorative"), 0x100),
};
static const TsrFieldEnum line_flags_enum = {
  "line_flags", TRUE, line_flags_constants, G_N_ELEMENTS (line_flags_constants), FALSE,
  0x1000 | 0x800 | 0x400 | 0x200,
  N_("Derived: the editor sets this from the line's sides (landscape, transparent texture) and the "
     "heights of its polygons (elevation, platform) when it saves; change those instead"),
};
ENUM (side_type_enum, "side_type", FALSE,
      C (NC_ ("side_type", "Full"), 0), C (NC_ ("side_type", "High"), 1), C (NC_ ("side_type", "Low"), 2),
      C (NC_ ("side_type", "Composite"), 3), C (NC_ ("side_type", "Split"), 4));
ENUM (side_flags_enum, "side_flags", TRUE,
      C (NC_ ("side_flags", "Control panel on"), 0x1), C (NC_ ("side_flags", "Control panel"), 0x2),
      C (NC_ ("side_flags", "Repair switch"), 0x4), C (NC_ ("side_flags", "Destructive switch"), 0x8),
      C (NC_ ("side_flags", "Lighted switch"), 0x10), C (NC_ ("side_flags", "Can be destroyed"), 0x20),
      C (NC_ ("side_flags", "Only hit by projectiles"), 0x40), C (NC_ ("side_flags", "Item is optional"), 0x80),
      C (NC_ ("side_flags", "M1 lighted switch"), 0x100));
/* The engine's control panel list: per environment (water, lava, sewage, pfhor, jjaro) its
 * panels in the order of devices.cpp; water has no triple-shield recharger. */
ENUM (panel_type_enum, "control_panel_type", FALSE,
      C (NC_ ("control_panel_type", "None"), -1), C (NC_ ("control_panel_type", "Water oxygen recharger"), 0),
      C (NC_ ("control_panel_type", "Water shield recharger"), 1),
      C (NC_ ("control_panel_type", "Water double shield recharger"), 2),
      C (NC_ ("control_panel_type", "Water chip insertion"), 3),
      C (NC_ ("control_panel_type", "Water light switch"), 4),
      C (NC_ ("control_panel_type", "Water platform switch"), 5),
      C (NC_ ("control_panel_type", "Water tag switch"), 6),
      C (NC_ ("control_panel_type", "Water pattern buffer"), 7),
      C (NC_ ("control_panel_type", "Water terminal"), 8), C (NC_ ("control_panel_type", "Water wires"), 9),
      C (NC_ ("control_panel_type", "Lava shield recharger"), 10),
      C (NC_ ("control_panel_type", "Lava double shield recharger"), 11),
      C (NC_ ("control_panel_type", "Lava triple shield recharger"), 12),
      C (NC_ ("control_panel_type", "Lava light switch"), 13),
      C (NC_ ("control_panel_type", "Lava platform switch"), 14),
      C (NC_ ("control_panel_type", "Lava tag switch"), 15),
      C (NC_ ("control_panel_type", "Lava pattern buffer"), 16),
      C (NC_ ("control_panel_type", "Lava terminal"), 17),
      C (NC_ ("control_panel_type", "Lava oxygen recharger"), 18),
      C (NC_ ("control_panel_type", "Lava chip insertion"), 19),
      C (NC_ ("control_panel_type", "Lava wires"), 20),
      C (NC_ ("control_panel_type", "Sewage shield recharger"), 21),
      C (NC_ ("control_panel_type", "Sewage double shield recharger"), 22),
      C (NC_ ("control_panel_type", "Sewage triple shield recharger"), 23),
      C (NC_ ("control_panel_type", "Sewage light switch"), 24),
      C (NC_ ("control_panel_type", "Sewage platform switch"), 25),
      C (NC_ ("control_panel_type", "Sewage tag switch"), 26),
      C (NC_ ("control_panel_type", "Sewage pattern buffer"), 27),
      C (NC_ ("control_panel_type", "Sewage terminal"), 28),
      C (NC_ ("control_panel_type", "Sewage oxygen recharger"), 29),
      C (NC_ ("control_panel_type", "Sewage chip insertion"), 30),
      C (NC_ ("control_panel_type", "Sewage wires"), 31),
      C (NC_ ("control_panel_type", "Pfhor shield recharger"), 32),
      C (NC_ ("control_panel_type", "Pfhor double shield recharger"), 33),
      C (NC_ ("control_panel_type", "Pfhor triple shield recharger"), 34),
      C (NC_ ("control_panel_type", "Pfhor light switch"), 35),
      C (NC_ ("control_panel_type", "Pfhor platform switch"), 36),
      C (NC_ ("control_panel_type", "Pfhor tag switch"), 37),
      C (NC_ ("control_panel_type", "Pfhor pattern buffer"), 38),
      C (NC_ ("control_panel_type", "Pfhor terminal"), 39),
      C (NC_ ("control_panel_type", "Pfhor oxygen recharger"), 40),
      C (NC_ ("control_panel_type", "Pfhor chip insertion"), 41),
      C (NC_ ("control_panel_type", "Pfhor wires"), 42),
      C (NC_ ("control_panel_type", "Jjaro shield recharger"), 43),
      C (NC_ ("control_panel_type", "Jjaro double shield recharger"), 44),
      C (NC_ ("control_panel_type", "Jjaro triple shield recharger"), 45),
      C (NC_ ("control_panel_type", "Jjaro light switch"), 46),
      C (NC_ ("control_panel_type", "Jjaro platform switch"), 47),
      C (NC_ ("control_panel_type", "Jjaro tag switch"), 48),
      C (NC_ ("control_panel_type", "Jjaro pattern buffer"), 49),
      C (NC_ ("control_panel_type", "Jjaro terminal"), 50),
      C (NC_ ("control_panel_type", "Jjaro oxygen recharger"), 51),
      C (NC_ ("control_panel_type", "Jjaro chip insertion"), 52),
      C (NC_ ("control_panel_type", "Jjaro wires"), 53));
ENUM (object_type_enum, "object_type", FALSE,
      C (NC_ ("object_type", "Monster"), 0), C (NC_ ("object_type", "Scenery"), 1),
      C (NC_ ("object_type", "Item"), 2), C (NC_ ("object_type", "Player"), 3),
      C (NC_ ("object_type", "Goal"), 4), C (NC_ ("object_type", "Sound source"), 5));
ENUM (object_flags_enum, "object_flags", TRUE,
      C (NC_ ("object_flags", "Invisible or platform sound"), 0x1),
      C (NC_ ("object_flags", "Hanging from ceiling"), 0x2), C (NC_ ("object_flags", "Blind"), 0x4),
      C (NC_ ("object_flags", "Deaf"), 0x8), C (NC_ ("object_flags", "Floats"), 0x10),
      C (NC_ ("object_flags", "Network only"), 0x20));
ENUM (light_type_enum, "light_type", FALSE,
      C (NC_ ("light_type", "Normal"), 0), C (NC_ ("light_type", "Strobe"), 1),
      C (NC_ ("light_type", "Media"), 2));
ENUM (light_flags_enum, "light_flags", TRUE,
      C (NC_ ("light_flags", "Initially active"), 0x1), C (NC_ ("light_flags", "Slaved intensities"), 0x2),
      C (NC_ ("light_flags", "Stateless"), 0x4));
ENUM (lighting_function_enum, "lighting_function", FALSE,
      C (NC_ ("lighting_function", "Constant"), 0), C (NC_ ("lighting_function", "Linear"), 1),
      C (NC_ ("lighting_function", "Smooth"), 2), C (NC_ ("lighting_function", "Flicker"), 3),
      C (NC_ ("lighting_function", "Random"), 4), C (NC_ ("lighting_function", "Fluorescent"), 5));
ENUM (platform_type_enum, "platform_type", FALSE,
      C (NC_ ("platform_type", "S'pht door"), 0), C (NC_ ("platform_type", "S'pht split door"), 1),
      C (NC_ ("platform_type", "Locked S'pht door"), 2), C (NC_ ("platform_type", "S'pht platform"), 3),
      C (NC_ ("platform_type", "Noisy S'pht platform"), 4), C (NC_ ("platform_type", "Heavy S'pht door"), 5),
      C (NC_ ("platform_type", "Pfhor door"), 6), C (NC_ ("platform_type", "Heavy S'pht platform"), 7),
      C (NC_ ("platform_type", "Pfhor platform"), 8));
ENUM (platform_flags_enum, "platform_flags", TRUE,
      C (NC_ ("platform_flags", "Initially active"), 1 << 0),
      C (NC_ ("platform_flags", "Initially extended"), 1 << 1),
      C (NC_ ("platform_flags", "Deactivates at each level"), 1 << 2),
      C (NC_ ("platform_flags", "Deactivates at initial level"), 1 << 3),
      C (NC_ ("platform_flags", "Activates adjacent platforms when deactivating"), 1 << 4),
      C (NC_ ("platform_flags", "Extends floor to ceiling"), 1 << 5),
      C (NC_ ("platform_flags", "Comes from floor"), 1 << 6),
      C (NC_ ("platform_flags", "Comes from ceiling"), 1 << 7),
      C (NC_ ("platform_flags", "Causes damage"), 1 << 8),
      C (NC_ ("platform_flags", "Does not activate parent"), 1 << 9),
      C (NC_ ("platform_flags", "Activates only once"), 1 << 10),
      C (NC_ ("platform_flags", "Activates light"), 1 << 11),
      C (NC_ ("platform_flags", "Deactivates light"), 1 << 12),
      C (NC_ ("platform_flags", "Player controllable"), 1 << 13),
      C (NC_ ("platform_flags", "Monster controllable"), 1 << 14),
      C (NC_ ("platform_flags", "Reverses direction when obstructed"), 1 << 15),
      C (NC_ ("platform_flags", "Cannot be externally deactivated"), 1 << 16),
      C (NC_ ("platform_flags", "Uses native polygon heights"), 1 << 17),
      C (NC_ ("platform_flags", "Delays before activation"), 1 << 18),
      C (NC_ ("platform_flags", "Activates adjacent platforms when activating"), 1 << 19),
      C (NC_ ("platform_flags", "Deactivates adjacent platforms when activating"), 1 << 20),
      C (NC_ ("platform_flags", "Deactivates adjacent platforms when deactivating"), 1 << 21),
      C (NC_ ("platform_flags", "Contracts slower"), 1 << 22),
      C (NC_ ("platform_flags", "Activates adjacent platforms at each level"), 1 << 23),
      C (NC_ ("platform_flags", "Locked"), 1 << 24), C (NC_ ("platform_flags", "Secret"), 1 << 25),
      C (NC_ ("platform_flags", "Door"), 1 << 26), C (NC_ ("platform_flags", "Floods (M1)"), 1 << 27));
/* A platform height of -1 is computed by the engine from the neighbours. */
ENUM (platform_height_enum, "platform_height", FALSE,
      C (NC_ ("platform_height", "Auto"), -1));
ENUM (media_type_enum, "media_type", FALSE,
      C (NC_ ("media_type", "Water"), 0), C (NC_ ("media_type", "Lava"), 1), C (NC_ ("media_type", "Goo"), 2),
      C (NC_ ("media_type", "Sewage"), 3), C (NC_ ("media_type", "Jjaro"), 4));
ENUM (media_flags_enum, "media_flags", TRUE,
      C (NC_ ("media_flags", "Sound obstructed by floor"), 0x1));
ENUM (sound_flags_enum, "sound_image_flags", TRUE,
      C (NC_ ("sound_image_flags", "Non-directional"), 0x1));
ENUM (placement_flags_enum, "placement_flags", TRUE,
      C (NC_ ("placement_flags", "Random location"), 0x1));
ENUM (environment_code_enum, "environment_code", FALSE,
      C (NC_ ("environment_code", "Water"), 0), C (NC_ ("environment_code", "Lava"), 1),
      C (NC_ ("environment_code", "Sewage"), 2), C (NC_ ("environment_code", "Jjaro"), 3),
      C (NC_ ("environment_code", "Pfhor"), 4));
ENUM (mission_flags_enum, "mission_flags", TRUE,
      C (NC_ ("mission_flags", "Extermination"), 0x1), C (NC_ ("mission_flags", "Exploration"), 0x2),
      C (NC_ ("mission_flags", "Retrieval"), 0x4), C (NC_ ("mission_flags", "Repair"), 0x8),
      C (NC_ ("mission_flags", "Rescue"), 0x10), C (NC_ ("mission_flags", "Exploration (M1)"), 0x20),
      C (NC_ ("mission_flags", "Rescue (M1)"), 0x40), C (NC_ ("mission_flags", "Repair (M1)"), 0x80));
ENUM (environment_flags_enum, "environment_flags", TRUE,
      C (NC_ ("environment_flags", "Vacuum"), 0x1), C (NC_ ("environment_flags", "Magnetic"), 0x2),
      C (NC_ ("environment_flags", "Rebellion"), 0x4), C (NC_ ("environment_flags", "Low gravity"), 0x8),
      C (NC_ ("environment_flags", "Glue (M1)"), 0x10), C (NC_ ("environment_flags", "Lava floor (M1)"), 0x20),
      C (NC_ ("environment_flags", "Rebellion (M1)"), 0x40), C (NC_ ("environment_flags", "Music (M1)"), 0x80),
      C (NC_ ("environment_flags", "Terminals stop time"), 0x100),
      C (NC_ ("environment_flags", "Activation ranges (M1)"), 0x200),
      C (NC_ ("environment_flags", "M1 weapons"), 0x400));
ENUM (entry_point_enum, "entry_points", TRUE,
      C (NC_ ("entry_points", "Solo"), 0x1), C (NC_ ("entry_points", "Co-op"), 0x2),
      C (NC_ ("entry_points", "Carnage"), 0x4), C (NC_ ("entry_points", "KTMWTB"), 0x8),
      C (NC_ ("entry_points", "King of the hill"), 0x10), C (NC_ ("entry_points", "Defense"), 0x20),
      C (NC_ ("entry_points", "Rugby"), 0x40), C (NC_ ("entry_points", "Capture the flag"), 0x80));

static const char *const monster_names[] = {
  N_("Marine"), N_("Tick (energy)"), N_("Tick (oxygen)"), N_("Tick (kamikaze)"), N_("Compiler (minor)"),
  N_("Compiler (major)"), N_("Compiler (minor, invisible)"), N_("Compiler (major, invisible)"),
  N_("Fighter (minor)"), N_("Fighter (major)"), N_("Fighter (minor, projectile)"),
  N_("Fighter (major, projectile)"), N_("Crew (civilian)"), N_("Science (civilian)"),
  N_("Security (civilian)"), N_("Assimilated (civilian)"), N_("Hummer (minor)"), N_("Hummer (major)"),
  N_("Big hummer (minor)"), N_("Big hummer (major)"), N_("Hummer (possessed)"), N_("Cyborg (minor)"),
  N_("Cyborg (major)"), N_("Flame cyborg (minor)"), N_("Flame cyborg (major)"), N_("Enforcer (minor)"),
  N_("Enforcer (major)"), N_("Hunter (minor)"), N_("Hunter (major)"), N_("Trooper (minor)"),
  N_("Trooper (major)"), N_("Mother of all cyborgs"), N_("Mother of all hunters"), N_("Sewage yeti"),
  N_("Water yeti"), N_("Lava yeti"), N_("Defender (minor)"), N_("Defender (major)"),
  N_("Juggernaut (minor)"), N_("Juggernaut (major)"), N_("Tiny fighter"), N_("Tiny bob"), N_("Tiny yeti"),
  N_("Fusion crew (civilian)"), N_("Fusion science (civilian)"), N_("Fusion security (civilian)"),
  N_("Fusion assimilated (civilian)"),
};

static const char *const item_names[] = {
  N_("Knife"), N_("Magnum pistol"), N_("Magnum magazine"), N_("Fusion pistol"), N_("Fusion battery"),
  N_("Assault rifle"), N_("Assault rifle magazine"), N_("Grenade magazine"), N_("Missile launcher"),
  N_("Missile pack"), N_("Invisibility"), N_("Invincibility"), N_("Infravision"), N_("Alien weapon"),
  N_("Alien weapon ammunition"), N_("Flamethrower"), N_("Flamethrower canister"), N_("Extravision"),
  N_("Oxygen"), N_("Energy"), N_("Double energy"), N_("Triple energy"), N_("Shotgun"), N_("Shotgun shells"),
  N_("S'pht door key"), N_("Uplink chip"), N_("Light blue ball"), N_("Red ball"), N_("Violet ball"),
  N_("Yellow ball"), N_("Brown ball"), N_("Orange ball"), N_("Blue ball"), N_("Green ball"),
  N_("Submachine gun"), N_("Submachine gun clip"),
};

/* Scenery by environment, in the engine's order (scenery_definitions.h): lava, water, sewage,
 * alien, Jjaro. */
static const char *const scenery_names[] = {
  N_("Lava: pale dirt"), N_("Lava: dark dirt"), N_("Lava: bone pile"), N_("Lava: bone"), N_("Lava: rib cage"),
  N_("Lava: skull"), N_("Lava: hanging lamp 1"), N_("Lava: hanging lamp 2"), N_("Lava: small column"),
  N_("Lava: large column"), N_("Lava: block 1"), N_("Lava: block 2"), N_("Lava: block 3"),
  N_("Water: pistol magazine"), N_("Water: short lamp"), N_("Water: long lamp"), N_("Water: siren"),
  N_("Water: rocks"), N_("Water: blood spatter"), N_("Water: water device"), N_("Water: dropped gun"),
  N_("Water: BoB remains"), N_("Water: puddles"), N_("Water: large puddles"), N_("Water: security monitor"),
  N_("Water: alien supply can"), N_("Water: machine"), N_("Water: fighter's staff"),
  N_("Sewage: stubby green lamp"), N_("Sewage: long green lamp"), N_("Sewage: junk"),
  N_("Sewage: big antenna 1"), N_("Sewage: big antenna 2"), N_("Sewage: alien supply can"),
  N_("Sewage: bones"), N_("Sewage: big bones"), N_("Sewage: Pfhor remains"), N_("Sewage: BoB remains"),
  N_("Sewage: BoB blood"),
  N_("Alien: green lamp"), N_("Alien: small lamp"), N_("Alien: ceiling rod lamp"),
  N_("Alien: bulbous yellow object"), N_("Alien: square grey organic object"), N_("Alien: Pfhor skeleton"),
  N_("Alien: Pfhor mask"), N_("Alien: green matter"), N_("Alien: hunter shield"), N_("Alien: bones"),
  N_("Alien: sludge"),
  N_("Jjaro: short ceiling lamp"), N_("Jjaro: long lamp"), N_("Jjaro: strange rod"), N_("Jjaro: Pfhor ship"),
  N_("Jjaro: sun"), N_("Jjaro: large glass tank"), N_("Jjaro: nub 1"), N_("Jjaro: nub 2"),
  N_("Jjaro: Lh'owon"), N_("Jjaro: floor whip antenna"), N_("Jjaro: ceiling whip antenna"),
};

/* A sound source's index is an ambient sound code (SoundManagerEnums.h). */
static const char *const ambient_sound_names[] = {
  N_("Water"), N_("Sewage"), N_("Lava"), N_("Goo"), N_("Under liquid"), N_("Wind"), N_("Waterfall"),
  N_("Siren"), N_("Fan"), N_("S'pht door"), N_("S'pht platform"), N_("Heavy S'pht door"),
  N_("Heavy S'pht platform"), N_("Light machinery"), N_("Heavy machinery"), N_("Transformer"),
  N_("Sparking transformer"), N_("Binding machine"), N_("Book press"), N_("Punching machine"),
  N_("Electric hum"), N_("Alarm"), N_("Night wind"), N_("Pfhor door"), N_("Pfhor platform"),
  N_("Alien noise 1"), N_("Alien noise 2"), N_("Alien harmonics"),
};

const char *
tsr_marathon_monster_name (gint index)
{
  return tsr_marathon_object_name (0, index);
}

const char *
tsr_marathon_item_name (gint index)
{
  return tsr_marathon_object_name (2, index);
}

const char *
tsr_marathon_object_name (gint kind,
                          gint index)
{
  static const struct { const char *const *names; guint n; } lists[] = {
    { monster_names, G_N_ELEMENTS (monster_names) }, { scenery_names, G_N_ELEMENTS (scenery_names) },
    { item_names, G_N_ELEMENTS (item_names) }, { NULL, 0 }, { NULL, 0 },
    { ambient_sound_names, G_N_ELEMENTS (ambient_sound_names) },
  };

  if (kind < 0 || (guint) kind >= G_N_ELEMENTS (lists) || index < 0 || (guint) index >= lists[kind].n)
    return NULL;
  return lists[kind].names[index];
}

gint
tsr_marathon_panel_class (gint type)
{
  /* Water: oxygen, shield, double, chip (tag), light, platform, tag, pattern buffer, terminal,
   * wires (tag); every other environment: shield, double, triple, light, platform, tag, pattern
   * buffer, terminal, oxygen, chip (tag), wires (tag). */
  static const gint8 water[] = { 0, 1, 2, 6, 4, 5, 6, 7, 8, 6 };
  static const gint8 other[] = { 1, 2, 3, 4, 5, 6, 7, 8, 0, 6, 6 };

  if (type < 0 || type > 53)
    return -1;
  if (type < 10)
    return water[type];
  return other[(type - 10) % 11];
}

/* --- Editor tables --- */

typedef struct {
  const char         *pattern;     /* glob over field names */
  const TsrFieldEnum *enumeration;
  guint16             add_flags;
  guint8              fixed_bits;  /* > 0: fixed point */
} Patch;

typedef struct {
  TsrMarathonRecordKind kind;
  const Patch          *patches;
  guint                 n_patches;
} KindPatches;

#define RO TSR_FIELD_READ_ONLY
/* Derived index lists (vertex order, adjacency, exclusion zones): kept, not shown. */
#define HIDE TSR_FIELD_UNUSED
#define BP (TSR_FIELD_BYTE_PAIR | TSR_FIELD_SPECIAL_VALUES)
#define SV TSR_FIELD_SPECIAL_VALUES

static const Patch polygon_patches[] = {
  { "type", &polygon_type_enum }, { "flags", &polygon_flags_enum },
  { "floor_texture", &descriptor_enum, BP }, { "ceiling_texture", &descriptor_enum, BP },
  { "floor_transfer_mode", &transfer_enum }, { "ceiling_transfer_mode", &transfer_enum },
  { "vertex_count", NULL, RO }, { "endpoint_indexes*", NULL, HIDE }, { "line_indexes*", NULL, HIDE },
  { "area", NULL, RO }, { "first_object", NULL, RO }, { "first_exclusion_zone_index", NULL, RO },
  { "*_exclusion_zone_count", NULL, RO }, { "adjacent_polygon_indexes*", NULL, HIDE },
  { "first_neighbor_index", NULL, RO }, { "neighbor_count", NULL, RO }, { "center.*", NULL, RO },
  { "side_indexes*", NULL, HIDE }, { "sound_source_indexes", NULL, RO },
};
static const Patch line_patches[] = {
  { "flags", &line_flags_enum }, { "endpoint_indexes*", NULL, RO }, { "length", NULL, RO },
  { "highest_adjacent_floor", NULL, RO }, { "lowest_adjacent_ceiling", NULL, RO },
  { "*_side_index", NULL, RO }, { "*_polygon_owner", NULL, RO },
};
static const Patch side_patches[] = {
  { "type", &side_type_enum }, { "flags", &side_flags_enum }, { "*_texture.texture", &descriptor_enum, BP },
  { "*_transfer_mode", &transfer_enum }, { "control_panel_type", &panel_type_enum },
  { "exclusion_zone*", NULL, HIDE }, { "polygon_index", NULL, RO }, { "line_index", NULL, RO },
};
static const Patch endpoint_patches[] = {
  { "flags", NULL, RO }, { "*_adjacent_*", NULL, RO }, { "transformed.*", NULL, HIDE },
  { "supporting_polygon_index", NULL, RO },
};
static const Patch object_patches[] = {
  { "type", &object_type_enum }, { "flags", &object_flags_enum }, { "polygon_index", NULL, RO },
};
static const Patch light_patches[] = {
  { "type", &light_type_enum }, { "flags", &light_flags_enum }, { "*.function", &lighting_function_enum },
  { "*.intensity", NULL, 0, 16 }, { "*.delta_intensity", NULL, 0, 16 },
};
static const Patch platform_patches[] = {
  { "type", &platform_type_enum }, { "static_flags", &platform_flags_enum },
  { "*_height", &platform_height_enum, SV },
};
static const Patch media_patches[] = {
  { "type", &media_type_enum }, { "flags", &media_flags_enum }, { "transfer_mode", &transfer_enum },
  { "texture", &descriptor_enum, BP }, { "minimum_light_intensity", NULL, 0, 16 },
  { "origin.*", NULL, RO }, { "height", NULL, RO },
};
static const Patch sound_patches[] = {
  { "flags", &sound_flags_enum }, { "pitch", NULL, 0, 16 }, { "delta_pitch", NULL, 0, 16 },
};
static const Patch placement_patches[] = { { "flags", &placement_flags_enum } };
static const Patch info_patches[] = {
  { "environment_code", &environment_code_enum }, { "mission_flags", &mission_flags_enum },
  { "environment_flags", &environment_flags_enum }, { "entry_point_flags", &entry_point_enum },
};

#define KP(k, p) { k, p, G_N_ELEMENTS (p) }
static const KindPatches kind_patches[] = {
  KP (TSR_MARATHON_RECORD_POLYGON, polygon_patches), KP (TSR_MARATHON_RECORD_LINE, line_patches),
  KP (TSR_MARATHON_RECORD_SIDE, side_patches), KP (TSR_MARATHON_RECORD_ENDPOINT, endpoint_patches),
  KP (TSR_MARATHON_RECORD_OBJECT, object_patches), KP (TSR_MARATHON_RECORD_LIGHT, light_patches),
  KP (TSR_MARATHON_RECORD_PLATFORM, platform_patches), KP (TSR_MARATHON_RECORD_MEDIA, media_patches),
  KP (TSR_MARATHON_RECORD_AMBIENT_SOUND, sound_patches), KP (TSR_MARATHON_RECORD_RANDOM_SOUND, sound_patches),
  KP (TSR_MARATHON_RECORD_PLACEMENT, placement_patches), KP (TSR_MARATHON_RECORD_MAP_INFO, info_patches),
};

/* The inspector's labels of the fields it shows (the codec's names read as words otherwise). */
typedef struct {
  const char *name;
  const char *label;
} Label;

static const Label labels[] = {
  { "x", N_("X") }, { "y", N_("Y") }, { "z", N_("Z") }, { "flags", N_("Flags") },
  { "highest_adjacent_floor_height", N_("Highest adjacent floor height") },
  { "lowest_adjacent_ceiling_height", N_("Lowest adjacent ceiling height") }, { "vertex.x", N_("Vertex X") },
  { "vertex.y", N_("Vertex Y") }, { "supporting_polygon_index", N_("Supporting polygon") },
  { "endpoint_indexes[0]", N_("First point") }, { "endpoint_indexes[1]", N_("Second point") },
  { "length", N_("Length") }, { "highest_adjacent_floor", N_("Highest adjacent floor") },
  { "lowest_adjacent_ceiling", N_("Lowest adjacent ceiling") },
  { "clockwise_side_index", N_("Clockwise side") },
  { "counterclockwise_side_index", N_("Counterclockwise side") },
  { "clockwise_polygon_owner", N_("Clockwise polygon") },
  { "counterclockwise_polygon_owner", N_("Counterclockwise polygon") }, { "type", N_("Type") },
  { "primary_texture.x0", N_("Primary texture X offset") },
  { "primary_texture.y0", N_("Primary texture Y offset") },
  { "primary_texture.texture", N_("Primary texture") },
  { "primary_transfer_mode", N_("Primary transfer mode") },
  { "primary_lightsource_index", N_("Primary light") },
  { "secondary_texture.x0", N_("Secondary texture X offset") },
  { "secondary_texture.y0", N_("Secondary texture Y offset") },
  { "secondary_texture.texture", N_("Secondary texture") },
  { "secondary_transfer_mode", N_("Secondary transfer mode") },
  { "secondary_lightsource_index", N_("Secondary light") },
  { "transparent_texture.x0", N_("Transparent texture X offset") },
  { "transparent_texture.y0", N_("Transparent texture Y offset") },
  { "transparent_texture.texture", N_("Transparent texture") },
  { "transparent_transfer_mode", N_("Transparent transfer mode") },
  { "transparent_lightsource_index", N_("Transparent light") },
  { "control_panel_type", N_("Control panel type") },
  { "control_panel_permutation", N_("Control panel permutation") }, { "polygon_index", N_("Polygon") },
  { "line_index", N_("Line") }, { "ambient_delta", N_("Ambient delta") },
  { "permutation", N_("Permutation") }, { "vertex_count", N_("Vertex count") },
  { "floor_texture", N_("Floor texture") }, { "ceiling_texture", N_("Ceiling texture") },
  { "floor_height", N_("Floor height") }, { "ceiling_height", N_("Ceiling height") },
  { "floor_lightsource_index", N_("Floor light") }, { "ceiling_lightsource_index", N_("Ceiling light") },
  { "area", N_("Surface area") }, { "first_object", N_("First object") },
  { "first_exclusion_zone_index", N_("First exclusion zone") },
  { "line_exclusion_zone_count", N_("Line exclusion zones") },
  { "point_exclusion_zone_count", N_("Point exclusion zones") },
  { "floor_transfer_mode", N_("Floor transfer mode") },
  { "ceiling_transfer_mode", N_("Ceiling transfer mode") }, { "first_neighbor_index", N_("First neighbour") },
  { "neighbor_count", N_("Neighbour count") }, { "center.x", N_("Centre X") }, { "center.y", N_("Centre Y") },
  { "floor_origin.x", N_("Floor origin X") }, { "floor_origin.y", N_("Floor origin Y") },
  { "ceiling_origin.x", N_("Ceiling origin X") }, { "ceiling_origin.y", N_("Ceiling origin Y") },
  { "media_index", N_("Liquid") }, { "media_lightsource_index", N_("Liquid light") },
  { "sound_source_indexes", N_("Sound sources") }, { "ambient_sound_image_index", N_("Ambient sound") },
  { "random_sound_image_index", N_("Random sound") }, { "phase", N_("Phase") },
  { "primary_active.function", N_("Primary active: function") },
  { "primary_active.period", N_("Primary active: period") },
  { "primary_active.delta_period", N_("Primary active: period variation") },
  { "primary_active.intensity", N_("Primary active: intensity") },
  { "primary_active.delta_intensity", N_("Primary active: intensity variation") },
  { "secondary_active.function", N_("Secondary active: function") },
  { "secondary_active.period", N_("Secondary active: period") },
  { "secondary_active.delta_period", N_("Secondary active: period variation") },
  { "secondary_active.intensity", N_("Secondary active: intensity") },
  { "secondary_active.delta_intensity", N_("Secondary active: intensity variation") },
  { "becoming_active.function", N_("Becoming active: function") },
  { "becoming_active.period", N_("Becoming active: period") },
  { "becoming_active.delta_period", N_("Becoming active: period variation") },
  { "becoming_active.intensity", N_("Becoming active: intensity") },
  { "becoming_active.delta_intensity", N_("Becoming active: intensity variation") },
  { "primary_inactive.function", N_("Primary inactive: function") },
  { "primary_inactive.period", N_("Primary inactive: period") },
  { "primary_inactive.delta_period", N_("Primary inactive: period variation") },
  { "primary_inactive.intensity", N_("Primary inactive: intensity") },
  { "primary_inactive.delta_intensity", N_("Primary inactive: intensity variation") },
  { "secondary_inactive.function", N_("Secondary inactive: function") },
  { "secondary_inactive.period", N_("Secondary inactive: period") },
  { "secondary_inactive.delta_period", N_("Secondary inactive: period variation") },
  { "secondary_inactive.intensity", N_("Secondary inactive: intensity") },
  { "secondary_inactive.delta_intensity", N_("Secondary inactive: intensity variation") },
  { "becoming_inactive.function", N_("Becoming inactive: function") },
  { "becoming_inactive.period", N_("Becoming inactive: period") },
  { "becoming_inactive.delta_period", N_("Becoming inactive: period variation") },
  { "becoming_inactive.intensity", N_("Becoming inactive: intensity") },
  { "becoming_inactive.delta_intensity", N_("Becoming inactive: intensity variation") }, { "tag", N_("Tag") },
  { "mode", N_("Mode") }, { "minimum_intensity", N_("Minimum intensity") },
  { "maximum_intensity", N_("Maximum intensity") }, { "period", N_("Period") },
  { "intensity", N_("Intensity") }, { "location.x", N_("X") }, { "location.y", N_("Y") },
  { "text", N_("Text") }, { "index", N_("Index") }, { "facing", N_("Facing") },
  { "initial_count", N_("Initial count") }, { "minimum_count", N_("Minimum count") },
  { "maximum_count", N_("Maximum count") }, { "random_count", N_("Random count") },
  { "random_chance", N_("Random chance") }, { "speed", N_("Speed") }, { "delay", N_("Delay") },
  { "maximum_height", N_("Maximum height") }, { "minimum_height", N_("Minimum height") },
  { "static_flags", N_("Flags") }, { "light_index", N_("Light source") },
  { "current_direction", N_("Current direction") }, { "current_magnitude", N_("Current strength") },
  { "low", N_("Low") }, { "high", N_("High") }, { "origin.x", N_("Origin X") },
  { "origin.y", N_("Origin Y") }, { "height", N_("Height") },
  { "minimum_light_intensity", N_("Minimum light intensity") }, { "texture", N_("Texture") },
  { "transfer_mode", N_("Transfer mode") }, { "sound_index", N_("Sound") }, { "volume", N_("Volume") },
  { "delta_volume", N_("Volume variation") }, { "delta_period", N_("Period variation") },
  { "direction", N_("Direction") }, { "delta_direction", N_("Direction variation") },
  { "pitch", N_("Pitch") }, { "delta_pitch", N_("Pitch variation") },
  { "environment_code", N_("Environment") }, { "physics_model", N_("Physics model") },
  { "song_index", N_("Landscape") }, { "mission_flags", N_("Mission") },
  { "environment_flags", N_("Environment flags") }, { "ball_in_play", N_("Ball in play") },
  { "level_name", N_("Level name") }, { "entry_point_flags", N_("Game types") },
};

static TsrFieldTable editor_tables[TSR_MARATHON_N_MAP_RECORDS];

static void
build_editor_tables (void)
{
  for (guint kind = 0; kind < TSR_MARATHON_N_MAP_RECORDS; kind++)
    {
      const TsrFieldTable *codec = tsr_marathon_record_fields (kind);
      TsrField *fields = g_new (TsrField, codec->n_fields);

      memcpy (fields, codec->fields, sizeof (TsrField) * codec->n_fields);
      for (guint f = 0; f < codec->n_fields; f++)
        for (guint l = 0; l < G_N_ELEMENTS (labels) && fields[f].label == NULL; l++)
          if (strcmp (labels[l].name, fields[f].name) == 0)
            fields[f].label = labels[l].label;
      for (guint k = 0; k < G_N_ELEMENTS (kind_patches); k++)
        {
          if (kind_patches[k].kind != kind)
            continue;
          for (guint f = 0; f < codec->n_fields; f++)
            for (guint p = 0; p < kind_patches[k].n_patches; p++)
              {
                const Patch *patch = &kind_patches[k].patches[p];

                if (!g_pattern_match_simple (patch->pattern, fields[f].name))
                  continue;
                if (patch->enumeration != NULL)
                  fields[f].enumeration = patch->enumeration;
                fields[f].flags |= patch->add_flags;
                if (patch->fixed_bits > 0)
                  {
                    fields[f].type = TSR_FIELD_FIXED;
                    fields[f].fraction_bits = patch->fixed_bits;
                  }
                break;
              }
        }
      editor_tables[kind] = *codec;
      editor_tables[kind].fields = fields;
    }
}

const char *
tsr_marathon_record_title (TsrMarathonRecordKind kind)
{
  static const char *const titles[TSR_MARATHON_N_MAP_RECORDS] = {
    NC_ ("marathon_record", "Point"), NC_ ("marathon_record", "Point"), NC_ ("marathon_record", "Line"),
    NC_ ("marathon_record", "Side"), NC_ ("marathon_record", "Polygon"), NC_ ("marathon_record", "Light"),
    NC_ ("marathon_record", "Light (Marathon 1)"), NC_ ("marathon_record", "Annotation"),
    NC_ ("marathon_record", "Object"), NC_ ("marathon_record", "Placement"), NC_ ("marathon_record", "Platform"),
    NC_ ("marathon_record", "Liquid"), NC_ ("marathon_record", "Ambient sound"),
    NC_ ("marathon_record", "Random sound"), NC_ ("marathon_record", "Level"),
  };

  g_return_val_if_fail (kind < TSR_MARATHON_N_MAP_RECORDS, NULL);
  return titles[kind];
}

const TsrFieldTable *
tsr_marathon_record_editor_fields (TsrMarathonRecordKind kind)
{
  static gsize built = 0;

  g_return_val_if_fail (kind < TSR_MARATHON_N_MAP_RECORDS, NULL);
  if (g_once_init_enter (&built))
    {
      build_editor_tables ();
      g_once_init_leave (&built, 1);
    }
  return &editor_tables[kind];
}

/* --- Descriptions --- */

static guint
count_of (const GArray *array)
{
  return array != NULL ? array->len : 0;
}

static guint
n_lights (const TsrMarathonLevel *level)
{
  return level->lights != NULL ? level->lights->len : count_of (level->old_lights);
}

typedef enum { REF_LIGHT, REF_POLYGON, REF_PLATFORM, REF_MEDIA, REF_AMBIENT, REF_RANDOM, REF_TERMINAL } RefKind;

static guint
ref_count (const TsrMarathonLevel *level,
           RefKind                 kind)
{
  switch (kind)
    {
    case REF_LIGHT: return n_lights (level);
    case REF_POLYGON: return count_of (level->polygons);
    case REF_PLATFORM: return count_of (level->platforms);
    case REF_MEDIA: return count_of (level->media);
    case REF_AMBIENT: return count_of (level->ambient_sounds);
    case REF_RANDOM: return count_of (level->random_sounds);
    case REF_TERMINAL: return level->terminals != NULL ? level->terminals->len : 0;
    default: return 0;
    }
}

/* "light 3", or that it does not exist; NONE says none. */
static char *
describe_reference (const TsrMarathonLevel *level,
                    RefKind                 kind,
                    gint64                  value)
{
  g_autofree char *name = NULL;
  int v = (int) value;

  if (value < 0)
    return g_strdup (_("none"));
  /* Translators: what an index in a Marathon level names; %d is the index. */
  switch (kind)
    {
    case REF_LIGHT: name = g_strdup_printf (_("light %d"), v); break;
    case REF_POLYGON: name = g_strdup_printf (_("polygon %d"), v); break;
    case REF_PLATFORM: name = g_strdup_printf (_("platform %d"), v); break;
    case REF_MEDIA: name = g_strdup_printf (_("liquid %d"), v); break;
    case REF_AMBIENT: name = g_strdup_printf (_("ambient sound %d"), v); break;
    case REF_RANDOM: name = g_strdup_printf (_("random sound %d"), v); break;
    case REF_TERMINAL:
    default: name = g_strdup_printf (_("terminal %d"), v); break;
    }
  if (value >= ref_count (level, kind))
    /* Translators: %s is "light 40", "platform 3" ... */
    return g_strdup_printf (_("%s does not exist"), name);
  return g_steal_pointer (&name);
}

/* Fields that are plain indexes of a palette or of polygons. */
typedef struct {
  TsrMarathonRecordKind kind;
  const char           *field;
  RefKind               target;
  glong                 offset;
} PlainReference;

#define REF(k, T, m, t) { k, #m, t, G_STRUCT_OFFSET (T, m) }
static const PlainReference plain_references[] = {
  REF (TSR_MARATHON_RECORD_POLYGON, TsrMarathonPolygon, floor_lightsource_index, REF_LIGHT),
  REF (TSR_MARATHON_RECORD_POLYGON, TsrMarathonPolygon, ceiling_lightsource_index, REF_LIGHT),
  REF (TSR_MARATHON_RECORD_POLYGON, TsrMarathonPolygon, media_lightsource_index, REF_LIGHT),
  REF (TSR_MARATHON_RECORD_POLYGON, TsrMarathonPolygon, media_index, REF_MEDIA),
  REF (TSR_MARATHON_RECORD_POLYGON, TsrMarathonPolygon, ambient_sound_image_index, REF_AMBIENT),
  REF (TSR_MARATHON_RECORD_POLYGON, TsrMarathonPolygon, random_sound_image_index, REF_RANDOM),
  REF (TSR_MARATHON_RECORD_SIDE, TsrMarathonSide, primary_lightsource_index, REF_LIGHT),
  REF (TSR_MARATHON_RECORD_SIDE, TsrMarathonSide, secondary_lightsource_index, REF_LIGHT),
  REF (TSR_MARATHON_RECORD_SIDE, TsrMarathonSide, transparent_lightsource_index, REF_LIGHT),
  REF (TSR_MARATHON_RECORD_ANNOTATION, TsrMarathonAnnotation, polygon_index, REF_POLYGON),
  REF (TSR_MARATHON_RECORD_MEDIA, TsrMarathonMedia, light_index, REF_LIGHT),
  REF (TSR_MARATHON_RECORD_PLATFORM, TsrMarathonPlatform, polygon_index, REF_POLYGON),
};

static char *
describe_polygon_permutation (const TsrMarathonLevel   *level,
                              const TsrMarathonPolygon *polygon)
{
  switch (polygon->type)
    {
    case 4:
      /* Translators: the team of a base polygon. */
      return g_strdup_printf (_("team %d"), polygon->permutation);
    case 5:
      return describe_reference (level, REF_PLATFORM, polygon->permutation);
    case 6:
    case 8:
      return describe_reference (level, REF_LIGHT, polygon->permutation);
    case 7:
    case 9:
    case 10:
      return describe_reference (level, REF_POLYGON, polygon->permutation);
    default:
      return g_strdup (_("unused by this type"));
    }
}

static char *
describe_object_index (const TsrMarathonObject *object)
{
  const char *name = tsr_marathon_object_name (object->type, object->index);

  switch (object->type)
    {
    case 0:
    case 1:
    case 2:
    case 5:
      return g_strdup (name != NULL ? _(name) : _("unknown to the engine"));
    case 3:
      return g_strdup_printf (_("team %d"), object->index);
    default:
      return NULL;
    }
}

static char *
describe_panel_permutation (const TsrMarathonLevel *level,
                            const TsrMarathonSide  *side)
{
  if (!(side->flags & 0x2))
    return g_strdup (_("not a control panel"));
  switch (tsr_marathon_panel_class (side->control_panel_type))
    {
    case 4:
      return describe_reference (level, REF_LIGHT, side->control_panel_permutation);
    case 5:
      return describe_reference (level, REF_POLYGON, side->control_panel_permutation);
    case 6:
      /* Translators: the tag a tag switch toggles. */
      return side->control_panel_permutation < 0 ? g_strdup (_("no tag")) : g_strdup_printf (_("tag %d"), side->control_panel_permutation);
    case 8:
      return describe_reference (level, REF_TERMINAL, side->control_panel_permutation);
    default:
      return g_strdup (_("unused by this panel"));
    }
}

static char *
describe_facing (gint64 facing)
{
  /* Facing is an angle of 512 steps a turn. */
  return g_strdup_printf (_("%.1f°"), (double) (facing & 511) * 360.0 / 512.0);
}

char *
tsr_marathon_record_describe (const TsrMarathonLevel *level,
                              TsrMarathonRecordKind   kind,
                              gconstpointer           record,
                              const char             *field)
{
  g_return_val_if_fail (level != NULL && record != NULL && field != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (plain_references); i++)
    if (plain_references[i].kind == kind && strcmp (plain_references[i].field, field) == 0)
      return describe_reference (level, plain_references[i].target,
                                 *(const gint16 *) G_STRUCT_MEMBER_P ((gpointer) record, plain_references[i].offset));
  if (kind == TSR_MARATHON_RECORD_POLYGON && strcmp (field, "permutation") == 0)
    return describe_polygon_permutation (level, record);
  if (kind == TSR_MARATHON_RECORD_SIDE && strcmp (field, "control_panel_permutation") == 0)
    return describe_panel_permutation (level, record);
  if (kind == TSR_MARATHON_RECORD_OBJECT && strcmp (field, "index") == 0)
    return describe_object_index (record);
  if (kind == TSR_MARATHON_RECORD_OBJECT && strcmp (field, "facing") == 0)
    /* Translators: a sound source's facing field holds its volume. */
    return ((const TsrMarathonObject *) record)->type == 5 ? g_strdup (_("volume"))
                                                           : describe_facing (((const TsrMarathonObject *) record)->facing);
  if (kind == TSR_MARATHON_RECORD_PLATFORM && (strcmp (field, "minimum_height") == 0 || strcmp (field, "maximum_height") == 0))
    {
      const TsrMarathonPlatform *platform = record;
      gboolean is_minimum = field[1] == 'i';
      gint16 minimum, maximum, height;

      if ((is_minimum ? platform->minimum_height : platform->maximum_height) != -1
          || !tsr_marathon_platform_heights (level, platform, &minimum, &maximum))
        return NULL;
      height = is_minimum ? minimum : maximum;
      /* Translators: an "auto" platform height as the engine resolves it: internal units, world units. */
      return g_strdup_printf (_("auto: %d (%.3g WU)"), height, height / 1024.0);
    }
  if (kind == TSR_MARATHON_RECORD_MEDIA && strcmp (field, "current_direction") == 0)
    return describe_facing (((const TsrMarathonMedia *) record)->current_direction);
  return NULL;
}
