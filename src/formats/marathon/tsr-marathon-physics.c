/* tsr-marathon-physics.c: physics wads (**px chunks) and Marathon 1 physics record series.
 * Field names follow the community reference (marathon.md); bytes it leaves unnamed stay in the
 * record as they were. */
#include "formats/marathon/tsr-marathon-physics.h"

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include "formats/tsr-format.h"
#include <glib/gi18n.h>

/* Rows name the fields as Aleph One's *_definition structs do (monster_definitions.h,
 * effect_definitions.h, projectile_definitions.h, physics_models.h, weapon_definitions.h), at the
 * offsets its unpack_*_definition functions read them; the alias is the community reference's
 * older name. Every byte of a record belongs to one field. Marathon stores integers big-endian. */
#define S (TSR_FIELD_SIGNED | TSR_FIELD_BIG_ENDIAN)
#define U TSR_FIELD_BIG_ENDIAN
#define I16(n, o, a)  { n, o, 2, S, .alias = a }
#define U16(n, o, a)  { n, o, 2, U, .alias = a }
#define I32(n, o, a)  { n, o, 4, S, .alias = a }
#define FIX(n, o, a)  { n, o, 4, S, .type = TSR_FIELD_FIXED, .fraction_bits = 16, .alias = a }
#define BITS(n, o, w, e, a) { n, o, w, U, .enumeration = &e, .alias = a }
#define ENUM16(n, o, e, a) { n, o, 2, S, .enumeration = &e, .alias = a }
#define REF(n, o, r, a) { n, o, 2, S, .reference = r, .alias = a }

#define C(n, v) { n, v }
#define CONSTANTS(id, name, bitset, ...) \
  static const TsrFieldConstant id##_constants[] = { __VA_ARGS__ }; \
  static const TsrFieldEnum id = { name, bitset, id##_constants, G_N_ELEMENTS (id##_constants) }

/* Constant names are Aleph One's identifiers without their leading underscore. */
CONSTANTS (effect_flags_enum, "effect_flags", TRUE,
           C ("end_when_animation_loops", 0x1), C ("end_when_transfer_animation_loops", 0x2),
           C ("sound_only", 0x4), C ("make_twin_visible", 0x8), C ("media_effect", 0x10));
CONSTANTS (monster_flags_enum, "monster_flags", TRUE,
           C ("monster_is_omniscent", 0x1), C ("monster_flys", 0x2), C ("monster_is_alien", 0x4),
           C ("monster_major", 0x8), C ("monster_minor", 0x10), C ("monster_cannot_be_dropped", 0x20),
           C ("monster_floats", 0x40), C ("monster_cannot_attack", 0x80),
           C ("monster_uses_sniper_ledges", 0x100), C ("monster_is_invisible", 0x200),
           C ("monster_is_subtly_invisible", 0x400), C ("monster_is_kamakazi", 0x800),
           C ("monster_is_berserker", 0x1000), C ("monster_is_enlarged", 0x2000),
           C ("monster_has_delayed_hard_death", 0x4000), C ("monster_fires_symmetrically", 0x8000),
           C ("monster_has_nuclear_hard_death", 0x10000), C ("monster_cant_fire_backwards", 0x20000),
           C ("monster_can_die_in_flames", 0x40000), C ("monster_waits_with_clear_shot", 0x80000),
           C ("monster_is_tiny", 0x100000), C ("monster_attacks_immediately", 0x200000),
           C ("monster_is_not_afraid_of_water", 0x400000), C ("monster_is_not_afraid_of_sewage", 0x800000),
           C ("monster_is_not_afraid_of_lava", 0x1000000), C ("monster_is_not_afraid_of_goo", 0x2000000),
           C ("monster_can_teleport_under_media", 0x4000000),
           C ("monster_chooses_weapons_randomly", 0x8000000));
CONSTANTS (monster_class_enum, "monster_class", TRUE,
           C ("class_player", 1 << 0), C ("class_human_civilian", 1 << 1), C ("class_madd", 1 << 2),
           C ("class_possessed_hummer", 1 << 3), C ("class_defender", 1 << 4), C ("class_fighter", 1 << 5),
           C ("class_trooper", 1 << 6), C ("class_hunter", 1 << 7), C ("class_enforcer", 1 << 8),
           C ("class_juggernaut", 1 << 9), C ("class_hummer", 1 << 10), C ("class_compiler", 1 << 11),
           C ("class_cyborg", 1 << 12), C ("class_assimilated_civilian", 1 << 13), C ("class_tick", 1 << 14),
           C ("class_yeti", 1 << 15));
/* Marathon 1's classes (monster_definitions.h, "old Marathon monster classes"). */
CONSTANTS (m1_monster_class_enum, "m1_monster_class", TRUE,
           C ("class_player_m1", 0x1), C ("class_human_civilian_m1", 0x2), C ("class_madd_m1", 0x4),
           C ("class_fighter_m1", 0x8), C ("class_trooper_m1", 0x10), C ("class_hunter_m1", 0x20),
           C ("class_enforcer_m1", 0x40), C ("class_juggernaut_m1", 0x80), C ("class_compiler_m1", 0x200),
           C ("class_hulk", 0x400), C ("class_looker", 0x1000), C ("class_wasp", 0x4000),
           C ("class_assimilated_civilian_m1", 0x8000));
/* map.h: damage types; immunities and weaknesses are bitsets of them. */
#define DAMAGE_TYPES(shift) \
  C ("damage_explosion", shift 0), C ("damage_electrical_staff", shift 1), C ("damage_projectile", shift 2), \
  C ("damage_absorbed", shift 3), C ("damage_flame", shift 4), C ("damage_hound_claws", shift 5), \
  C ("damage_alien_projectile", shift 6), C ("damage_hulk_slap", shift 7), C ("damage_compiler_bolt", shift 8), \
  C ("damage_fusion_bolt", shift 9), C ("damage_hunter_bolt", shift 10), C ("damage_fist", shift 11), \
  C ("damage_teleporter", shift 12), C ("damage_defender", shift 13), C ("damage_yeti_claws", shift 14), \
  C ("damage_yeti_projectile", shift 15), C ("damage_crushing", shift 16), C ("damage_lava", shift 17), \
  C ("damage_suffocation", shift 18), C ("damage_goo", shift 19), C ("damage_energy_drain", shift 20), \
  C ("damage_oxygen_drain", shift 21), C ("damage_hummer_bolt", shift 22), \
  C ("damage_shotgun_projectile", shift 23)
CONSTANTS (damage_type_enum, "damage_type", FALSE, C ("none", -1), DAMAGE_TYPES ());
CONSTANTS (damage_mask_enum, "damage_mask", TRUE, DAMAGE_TYPES (1 <<));
CONSTANTS (damage_flags_enum, "damage_flags", TRUE, C ("alien_damage", 0x1));
CONSTANTS (projectile_flags_enum, "projectile_flags", TRUE,
           C ("guided", 0x1), C ("stop_when_animation_loops", 0x2), C ("persistent", 0x4),
           C ("alien_projectile", 0x8), C ("affected_by_gravity", 0x10), C ("no_horizontal_error", 0x20),
           C ("no_vertical_error", 0x40), C ("can_toggle_control_panels", 0x80),
           C ("positive_vertical_error", 0x100), C ("melee_projectile", 0x200),
           C ("persistent_and_virulent", 0x400), C ("usually_pass_transparent_side", 0x800),
           C ("sometimes_pass_transparent_side", 0x1000), C ("doubly_affected_by_gravity", 0x2000),
           C ("rebounds_from_floor", 0x4000), C ("penetrates_media", 0x8000),
           C ("becomes_item_on_detonation", 0x10000), C ("bleeding_projectile", 0x20000),
           C ("horizontal_wander", 0x40000), C ("vertical_wander", 0x80000),
           C ("affected_by_half_gravity", 0x100000), C ("penetrates_media_boundary", 0x200000),
           C ("passes_through_objects", 0x400000));
CONSTANTS (weapon_class_enum, "weapon_class", FALSE,
           C ("none", -1), C ("melee_class", 0), C ("normal_class", 1), C ("dual_function_class", 2),
           C ("twofisted_pistol_class", 3), C ("multipurpose_class", 4));
CONSTANTS (weapon_flags_enum, "weapon_flags", TRUE,
           C ("weapon_is_automatic", 0x1), C ("weapon_disappears_after_use", 0x2),
           C ("weapon_plays_instant_shell_casing_sound", 0x4), C ("weapon_overloads", 0x8),
           C ("weapon_has_random_ammo_on_pickup", 0x10), C ("powerup_is_temporary", 0x20),
           C ("weapon_reloads_in_one_hand", 0x40), C ("weapon_fires_out_of_phase", 0x80),
           C ("weapon_fires_under_media", 0x100), C ("weapon_triggers_share_ammo", 0x200),
           C ("weapon_secondary_has_angular_flipping", 0x400));

#define PROJ TSR_MARATHON_PHYSICS_REF_PROJECTILE
#define EFFECT TSR_MARATHON_PHYSICS_REF_EFFECT

static const TsrField constants_fields[] = {
  FIX ("maximum_forward_velocity", 0, "VelForw"), FIX ("maximum_backward_velocity", 4, "VelBack"),
  FIX ("maximum_perpendicular_velocity", 8, "VelPerp"), FIX ("acceleration", 12, "Accel"),
  FIX ("deceleration", 16, "Decel"), FIX ("airborne_deceleration", 20, "DecelAir"),
  FIX ("gravitational_acceleration", 24, "AccelGravity"), FIX ("climbing_acceleration", 28, "AccelClimb"),
  FIX ("terminal_velocity", 32, "VelTerminal"), FIX ("external_deceleration", 36, "DecelExtern"),
  FIX ("angular_acceleration", 40, "AccelAngular"), FIX ("angular_deceleration", 44, "DecelAngular"),
  FIX ("maximum_angular_velocity", 48, "VelAngular"), FIX ("angular_recentering_velocity", 52, "VelRecenter"),
  FIX ("fast_angular_velocity", 56, "FastVelAng"), FIX ("fast_angular_maximum", 60, "FastVelMax"),
  FIX ("maximum_elevation", 64, "Elevation"), FIX ("external_angular_deceleration", 68, "DecelAngExt"),
  FIX ("step_delta", 72, "StepDelta"), FIX ("step_amplitude", 76, "StepAmp"),
  FIX ("radius", 80, "PlayerRadius"), FIX ("height", 84, "PlayerHeight"),
  FIX ("dead_height", 88, "PlayerDeadHi"), FIX ("camera_height", 92, "PlayerCamHi"),
  FIX ("splash_height", 96, "PlayerSplash"), FIX ("half_camera_separation", 100, "HalfCamSep"),
};

/* unpack_m1_physics_constants: the same without splash_height (100 bytes). */
static const TsrField m1_constants_fields[] = {
  FIX ("maximum_forward_velocity", 0, NULL), FIX ("maximum_backward_velocity", 4, NULL),
  FIX ("maximum_perpendicular_velocity", 8, NULL), FIX ("acceleration", 12, NULL),
  FIX ("deceleration", 16, NULL), FIX ("airborne_deceleration", 20, NULL),
  FIX ("gravitational_acceleration", 24, NULL), FIX ("climbing_acceleration", 28, NULL),
  FIX ("terminal_velocity", 32, NULL), FIX ("external_deceleration", 36, NULL),
  FIX ("angular_acceleration", 40, NULL), FIX ("angular_deceleration", 44, NULL),
  FIX ("maximum_angular_velocity", 48, NULL), FIX ("angular_recentering_velocity", 52, NULL),
  FIX ("fast_angular_velocity", 56, NULL), FIX ("fast_angular_maximum", 60, NULL),
  FIX ("maximum_elevation", 64, NULL), FIX ("external_angular_deceleration", 68, NULL),
  FIX ("step_delta", 72, NULL), FIX ("step_amplitude", 76, NULL),
  FIX ("radius", 80, NULL), FIX ("height", 84, NULL),
  FIX ("dead_height", 88, NULL), FIX ("camera_height", 92, NULL),
  FIX ("half_camera_separation", 96, NULL),
};

static const TsrField effects_fields[] = {
  I16 ("collection", 0, "Collection"), I16 ("shape", 2, "Shape"), FIX ("sound_pitch", 4, "Pitch"),
  BITS ("flags", 8, 2, effect_flags_enum, "Flags"), I16 ("delay", 10, "Delay"),
  I16 ("delay_sound", 12, "DelaySound"),
};

static const TsrField m1_effects_fields[] = {
  I16 ("collection", 0, NULL), I16 ("shape", 2, NULL), BITS ("flags", 4, 2, effect_flags_enum, NULL),
};

#define DAMAGE(p, o, a) \
  ENUM16 (p "type", o, damage_type_enum, a "Type"), BITS (p "flags", o + 2, 2, damage_flags_enum, a "Flags"), \
  I16 (p "base", o + 4, a "DmgBase"), I16 (p "random", o + 6, a "DmgRand"), FIX (p "scale", o + 8, a "Scale")
#define ATTACK(p, o, a) \
  REF (p "type", o, PROJ, a "Type"), I16 (p "repetitions", o + 2, a "Repetitions"), \
  I16 (p "error", o + 4, a "Error"), I16 (p "range", o + 6, a "Range"), \
  I16 (p "attack_shape", o + 8, a "Shape"), I16 (p "dx", o + 10, a "OfsX"), I16 (p "dy", o + 12, a "OfsY"), \
  I16 (p "dz", o + 14, a "OfsZ")
/* Marathon 1's, with no older names. */
#define DAMAGE1(p, o) \
  ENUM16 (p "type", o, damage_type_enum, NULL), BITS (p "flags", o + 2, 2, damage_flags_enum, NULL), \
  I16 (p "base", o + 4, NULL), I16 (p "random", o + 6, NULL), FIX (p "scale", o + 8, NULL)
#define ATTACK1(p, o) \
  REF (p "type", o, PROJ, NULL), I16 (p "repetitions", o + 2, NULL), I16 (p "error", o + 4, NULL), \
  I16 (p "range", o + 6, NULL), I16 (p "attack_shape", o + 8, NULL), I16 (p "dx", o + 10, NULL), \
  I16 (p "dy", o + 12, NULL), I16 (p "dz", o + 14, NULL)

static const TsrField monsters_fields[] = {
  I16 ("collection", 0, "Collection"), I16 ("vitality", 2, "Vitality"),
  BITS ("immunities", 4, 4, damage_mask_enum, "ImmuneTo"), BITS ("weaknesses", 8, 4, damage_mask_enum, "WeakTo"),
  BITS ("flags", 12, 4, monster_flags_enum, "Flags"), BITS ("class", 16, 4, monster_class_enum, "MonsterClass"),
  BITS ("friends", 20, 4, monster_class_enum, "FriendTo"), BITS ("enemies", 24, 4, monster_class_enum, "EnemyTo"),
  FIX ("sound_pitch", 28, "SndPitch"), I16 ("activation_sound", 32, "SndSeeEnemy"),
  I16 ("friendly_activation_sound", 34, "SndSeeFriend"), I16 ("clear_sound", 36, "SndSeeClear"),
  I16 ("kill_sound", 38, "SndKill"), I16 ("apology_sound", 40, "SndApologize"),
  I16 ("friendly_fire_sound", 42, "SndAmicide"), I16 ("flaming_sound", 44, "SndFlaming"),
  I16 ("random_sound", 46, "SndActive"), I16 ("random_sound_mask", 48, "ActiveMask"),
  I16 ("carrying_item_type", 50, "DropItem"), I16 ("radius", 52, "Radius"), I16 ("height", 54, "Height"),
  I16 ("preferred_hover_height", 56, "HoverHeight"), I16 ("minimum_ledge_delta", 58, "LedgeMin"),
  I16 ("maximum_ledge_delta", 60, "LedgeMax"), FIX ("external_velocity_scale", 62, "ExtVelScale"),
  REF ("impact_effect", 66, EFFECT, "FxImpact"), REF ("melee_impact_effect", 68, EFFECT, NULL),
  REF ("contrail_effect", 70, EFFECT, "FxTrail"), I16 ("half_visual_arc", 72, "HalfFOVHorz"),
  I16 ("half_vertical_visual_arc", 74, "HalfFOVVert"), I16 ("visual_range", 76, "ViewRange"),
  I16 ("dark_visual_range", 78, NULL), I16 ("intelligence", 80, "Intelligence"), I16 ("speed", 82, "Speed"),
  I16 ("gravity", 84, "Gravity"), I16 ("terminal_velocity", 86, "TerminalVel"),
  I16 ("door_retry_mask", 88, "DoorTryMask"), I16 ("shrapnel_radius", 90, NULL),
  DAMAGE ("shrapnel_damage.", 92, "Shrapnel."),
  I16 ("hit_shapes", 104, "SeqHit"), I16 ("hard_dying_shape", 106, "SeqHardDying"),
  I16 ("soft_dying_shape", 108, "SeqSoftDying"), I16 ("hard_dead_shapes", 110, "SeqHardDead"),
  I16 ("soft_dead_shapes", 112, "SeqSoftDead"), I16 ("stationary_shape", 114, "SeqStanding"),
  I16 ("moving_shape", 116, "SeqMoving"), I16 ("teleport_in_shape", 118, "SeqTeleIn"),
  I16 ("teleport_out_shape", 120, "SeqTeleOut"), I16 ("attack_frequency", 122, "AtkFrequency"),
  ATTACK ("melee_attack.", 124, "AtkMelee."), ATTACK ("ranged_attack.", 140, "AtkRange."),
};

/* unpack_m1_monster_definition: no sound pitch, one conversation sound where Marathon 2 has five
 * friendly-fire sounds (the engine skips it), no contrail effect, no teleport shapes (138 bytes). */
static const TsrField m1_monsters_fields[] = {
  I16 ("collection", 0, NULL), I16 ("vitality", 2, NULL),
  BITS ("immunities", 4, 4, damage_mask_enum, NULL), BITS ("weaknesses", 8, 4, damage_mask_enum, NULL),
  BITS ("flags", 12, 4, monster_flags_enum, NULL), BITS ("class", 16, 4, m1_monster_class_enum, NULL),
  BITS ("friends", 20, 4, m1_monster_class_enum, NULL), BITS ("enemies", 24, 4, m1_monster_class_enum, NULL),
  I16 ("activation_sound", 28, NULL), I16 ("conversation_sound", 30, NULL),
  I16 ("flaming_sound", 32, NULL), I16 ("random_sound", 34, NULL), I16 ("random_sound_mask", 36, NULL),
  I16 ("carrying_item_type", 38, NULL), I16 ("radius", 40, NULL), I16 ("height", 42, NULL),
  I16 ("preferred_hover_height", 44, NULL), I16 ("minimum_ledge_delta", 46, NULL),
  I16 ("maximum_ledge_delta", 48, NULL), FIX ("external_velocity_scale", 50, NULL),
  REF ("impact_effect", 54, EFFECT, NULL), REF ("melee_impact_effect", 56, EFFECT, NULL),
  I16 ("half_visual_arc", 58, NULL), I16 ("half_vertical_visual_arc", 60, NULL),
  I16 ("visual_range", 62, NULL), I16 ("dark_visual_range", 64, NULL), I16 ("intelligence", 66, NULL),
  I16 ("speed", 68, NULL), I16 ("gravity", 70, NULL), I16 ("terminal_velocity", 72, NULL),
  I16 ("door_retry_mask", 74, NULL), I16 ("shrapnel_radius", 76, NULL),
  DAMAGE1 ("shrapnel_damage.", 78),
  I16 ("hit_shapes", 90, NULL), I16 ("hard_dying_shape", 92, NULL), I16 ("soft_dying_shape", 94, NULL),
  I16 ("hard_dead_shapes", 96, NULL), I16 ("soft_dead_shapes", 98, NULL), I16 ("stationary_shape", 100, NULL),
  I16 ("moving_shape", 102, NULL), I16 ("attack_frequency", 104, NULL),
  ATTACK1 ("melee_attack.", 106), ATTACK1 ("ranged_attack.", 122),
};

static const TsrField projectiles_fields[] = {
  I16 ("collection", 0, "Collection"), I16 ("shape", 2, "Shape"),
  REF ("detonation_effect", 4, EFFECT, "FxExplode"), REF ("media_detonation_effect", 6, EFFECT, "FxExplodeMed"),
  REF ("contrail_effect", 8, EFFECT, "FxTrail"), I16 ("ticks_between_contrails", 10, "TicksTrail"),
  I16 ("maximum_contrails", 12, "MaxTrails"), I16 ("media_projectile_promotion", 14, "MediaType"),
  I16 ("radius", 16, "Radius"), I16 ("area_of_effect", 18, "AreaOfEffect"),
  DAMAGE ("damage.", 20, "Damage."), BITS ("flags", 32, 4, projectile_flags_enum, "Flags"),
  I16 ("speed", 36, "Speed"), I16 ("maximum_range", 38, "Range"), FIX ("sound_pitch", 40, "SndPitch"),
  I16 ("flyby_sound", 44, "SndFly"), I16 ("rebound_sound", 46, "SndBounce"),
};

/* unpack_m1_projectile_definition: no media effect or promotion, 16-bit flags, no pitch or
 * rebound sound (36 bytes). */
static const TsrField m1_projectiles_fields[] = {
  I16 ("collection", 0, NULL), I16 ("shape", 2, NULL), REF ("detonation_effect", 4, EFFECT, NULL),
  REF ("contrail_effect", 6, EFFECT, NULL), I16 ("ticks_between_contrails", 8, NULL),
  I16 ("maximum_contrails", 10, NULL), I16 ("radius", 12, NULL), I16 ("area_of_effect", 14, NULL),
  DAMAGE1 ("damage.", 16), BITS ("flags", 28, 2, projectile_flags_enum, NULL),
  I16 ("speed", 30, NULL), I16 ("maximum_range", 32, NULL), I16 ("flyby_sound", 34, NULL),
};

#define TRIGGER(p, o, a) \
  I16 (p "rounds_per_magazine", o, a "MagRounds"), I16 (p "ammunition_type", o + 2, a "AmmoType"), \
  I16 (p "ticks_per_round", o + 4, a "TicksRound"), I16 (p "recovery_ticks", o + 6, a "TicksRecover"), \
  I16 (p "charging_ticks", o + 8, a "TicksCharge"), I16 (p "recoil_magnitude", o + 10, a "Recoil"), \
  I16 (p "firing_sound", o + 12, a "SoundFire"), I16 (p "click_sound", o + 14, a "SoundClick"), \
  I16 (p "charging_sound", o + 16, a "SoundCharge"), I16 (p "shell_casing_sound", o + 18, a "SoundCasing"), \
  I16 (p "reloading_sound", o + 20, a "SoundReload"), I16 (p "charged_sound", o + 22, a "SoundCharged"), \
  REF (p "projectile_type", o + 24, PROJ, a "Projectile"), I16 (p "theta_error", o + 26, a "Unknown26"), \
  I16 (p "dx", o + 28, a "Unknown28"), I16 (p "dz", o + 30, a "Unknown30"), \
  I16 (p "shell_casing_type", o + 32, a "CasingType"), I16 (p "burst_count", o + 34, a "BurstCount")

static const TsrField weapons_fields[] = {
  I16 ("item_type", 0, "ItemType"), I16 ("powerup_type", 2, "PowerupType"),
  ENUM16 ("weapon_class", 4, weapon_class_enum, "WeaponClass"), BITS ("flags", 6, 2, weapon_flags_enum, "Flags"),
  FIX ("firing_light_intensity", 8, "LightValue"), I16 ("firing_intensity_decay_ticks", 12, "LightDecay"),
  FIX ("idle_height", 14, "HeightIdle"), FIX ("bob_amplitude", 18, "AmpBob"), FIX ("kick_height", 22, "HeightKick"),
  FIX ("reload_height", 26, "HeightReload"), FIX ("idle_width", 30, "WidthIdle"),
  FIX ("horizontal_amplitude", 34, "AmpHorz"), I16 ("collection", 38, "Collection"),
  I16 ("idle_shape", 40, "FrameIdle"), I16 ("firing_shape", 42, "FrameFiring"),
  I16 ("reloading_shape", 44, "FrameReload"), { "unused", 46, 2, S | TSR_FIELD_UNUSED },
  I16 ("charging_shape", 48, "FrameCharge"), I16 ("charged_shape", 50, "FrameCharged"),
  I16 ("ready_ticks", 52, "TicksReady"), I16 ("await_reload_ticks", 54, "TicksLoadBeg"),
  I16 ("loading_ticks", 56, "TicksLoadMid"), I16 ("finish_loading_ticks", 58, "TicksLoadEnd"),
  I16 ("powerup_ticks", 60, "TicksPowerup"),
  TRIGGER ("primary.", 62, "TriggerPri."), TRIGGER ("secondary.", 98, "TriggerSec."),
};

/* unpack_m1_weapon_definition: the triggers' fields interleaved (primary, secondary), no powerup,
 * no loading ticks, one reloading and charging sound, an activation range per trigger and an
 * instant reload tick the engine skips (120 bytes). */
static const TsrField m1_weapons_fields[] = {
  I16 ("item_type", 0, NULL), ENUM16 ("weapon_class", 2, weapon_class_enum, NULL),
  BITS ("flags", 4, 2, weapon_flags_enum, NULL),
  I16 ("primary.ammunition_type", 6, NULL), I16 ("primary.rounds_per_magazine", 8, NULL),
  I16 ("secondary.ammunition_type", 10, NULL), I16 ("secondary.rounds_per_magazine", 12, NULL),
  FIX ("firing_light_intensity", 14, NULL), I16 ("firing_intensity_decay_ticks", 18, NULL),
  FIX ("idle_height", 20, NULL), FIX ("bob_amplitude", 24, NULL), FIX ("kick_height", 28, NULL),
  FIX ("reload_height", 32, NULL), FIX ("idle_width", 36, NULL), FIX ("horizontal_amplitude", 40, NULL),
  I16 ("collection", 44, NULL), I16 ("idle_shape", 46, NULL), I16 ("firing_shape", 48, NULL),
  I16 ("reloading_shape", 50, NULL), { "unused", 52, 2, S | TSR_FIELD_UNUSED },
  I16 ("charging_shape", 54, NULL), I16 ("charged_shape", 56, NULL),
  I16 ("primary.ticks_per_round", 58, NULL), I16 ("secondary.ticks_per_round", 60, NULL),
  I16 ("await_reload_ticks", 62, NULL), I16 ("ready_ticks", 64, NULL),
  I16 ("primary.recovery_ticks", 66, NULL), I16 ("secondary.recovery_ticks", 68, NULL),
  I16 ("primary.charging_ticks", 70, NULL), I16 ("secondary.charging_ticks", 72, NULL),
  I16 ("primary.recoil_magnitude", 74, NULL), I16 ("secondary.recoil_magnitude", 76, NULL),
  I16 ("primary.firing_sound", 78, NULL), I16 ("secondary.firing_sound", 80, NULL),
  I16 ("primary.click_sound", 82, NULL), I16 ("secondary.click_sound", 84, NULL),
  I16 ("reloading_sound", 86, NULL), I16 ("charging_sound", 88, NULL),
  I16 ("primary.shell_casing_sound", 90, NULL), I16 ("secondary.shell_casing_sound", 92, NULL),
  I16 ("primary.sound_activation_range", 94, NULL), I16 ("secondary.sound_activation_range", 96, NULL),
  REF ("primary.projectile_type", 98, PROJ, NULL), REF ("secondary.projectile_type", 100, PROJ, NULL),
  I16 ("primary.theta_error", 102, NULL), I16 ("secondary.theta_error", 104, NULL),
  I16 ("primary.dx", 106, NULL), I16 ("primary.dz", 108, NULL),
  I16 ("secondary.dx", 110, NULL), I16 ("secondary.dz", 112, NULL),
  I16 ("primary.burst_count", 114, NULL), I16 ("secondary.burst_count", 116, NULL),
  { "instant_reload_tick", 118, 2, S | TSR_FIELD_UNUSED },
};

typedef struct {
  guint32       tag;
  TsrFieldTable table;
} PhysicsKindSpec;

static const PhysicsKindSpec kinds[TSR_MARATHON_N_PHYSICS_KINDS] = {
  { TSR_WAD_TAG ('P', 'X', 'p', 'x'), { "PXpx", 104, 0, constants_fields, G_N_ELEMENTS (constants_fields) } },
  { TSR_WAD_TAG ('F', 'X', 'p', 'x'), { "FXpx", 14, 0, effects_fields, G_N_ELEMENTS (effects_fields) } },
  { TSR_WAD_TAG ('M', 'N', 'p', 'x'), { "MNpx", 156, 0, monsters_fields, G_N_ELEMENTS (monsters_fields) } },
  { TSR_WAD_TAG ('P', 'R', 'p', 'x'), { "PRpx", 48, 0, projectiles_fields, G_N_ELEMENTS (projectiles_fields) } },
  { TSR_WAD_TAG ('W', 'P', 'p', 'x'), { "WPpx", 134, 0, weapons_fields, G_N_ELEMENTS (weapons_fields) } },
  { 0, { "M1", 0, 0, NULL, 0 } },
};

/* Marathon 1's record series by definition type (import_definitions.cpp import_m1_physics_data). */
static const PhysicsKindSpec m1_kinds[TSR_MARATHON_PHYSICS_M1] = {
  { TSR_WAD_TAG ('p', 'h', 'y', 's'), { "phys", 100, 0, m1_constants_fields, G_N_ELEMENTS (m1_constants_fields) } },
  { TSR_WAD_TAG ('e', 'f', 'f', 'e'), { "effe", 6, 0, m1_effects_fields, G_N_ELEMENTS (m1_effects_fields) } },
  { TSR_WAD_TAG ('m', 'o', 'n', 's'), { "mons", 138, 0, m1_monsters_fields, G_N_ELEMENTS (m1_monsters_fields) } },
  { TSR_WAD_TAG ('p', 'r', 'o', 'j'), { "proj", 36, 0, m1_projectiles_fields, G_N_ELEMENTS (m1_projectiles_fields) } },
  { TSR_WAD_TAG ('w', 'e', 'a', 'p'), { "weap", 120, 0, m1_weapons_fields, G_N_ELEMENTS (m1_weapons_fields) } },
};

/* How many definitions of each type the engine has room for: MNpx NUMBER_OF_MONSTER_TYPES
 * (monsters.h), FXpx NUMBER_OF_EFFECT_TYPES (effects.h), PRpx NUMBER_OF_PROJECTILE_TYPES
 * (projectiles.h), PXpx NUMBER_OF_PHYSICS_MODELS (physics_models.h), WPpx NUMBER_OF_WEAPONS
 * (weapon_definitions.h), in kind order. */
static const guint engine_counts[TSR_MARATHON_PHYSICS_M1] = { 2, 73, 47, 39, 10 };
static const char *const engine_arrays[TSR_MARATHON_PHYSICS_M1] = {
  "physics_models", "effect_definitions", "monster_definitions", "projectile_definitions", "weapon_definitions",
};

static const guint32 m1_tags[] = {
  TSR_WAD_TAG ('m', 'o', 'n', 's'), TSR_WAD_TAG ('e', 'f', 'f', 'e'), TSR_WAD_TAG ('p', 'r', 'o', 'j'),
  TSR_WAD_TAG ('p', 'h', 'y', 's'), TSR_WAD_TAG ('w', 'e', 'a', 'p'),
};

int
tsr_marathon_physics_kind_for_tag (guint32 tag)
{
  for (int i = 0; i < TSR_MARATHON_PHYSICS_M1; i++)
    if (kinds[i].tag == tag)
      return i;
  return -1;
}

guint32
tsr_marathon_physics_kind_tag (TsrMarathonPhysicsKind kind)
{
  g_return_val_if_fail (kind < TSR_MARATHON_PHYSICS_M1, 0);
  return kinds[kind].tag;
}

gsize
tsr_marathon_physics_record_size (TsrMarathonPhysicsKind kind)
{
  g_return_val_if_fail (kind < TSR_MARATHON_N_PHYSICS_KINDS, 0);
  return kinds[kind].table.size;
}

const TsrFieldTable *
tsr_marathon_physics_fields (TsrMarathonPhysicsKind kind)
{
  g_return_val_if_fail (kind < TSR_MARATHON_N_PHYSICS_KINDS, NULL);
  return &kinds[kind].table;
}

const TsrFieldTable *
tsr_marathon_physics_table_fields (const TsrMarathonPhysicsTable *table)
{
  g_return_val_if_fail (table != NULL, NULL);
  if (table->kind < TSR_MARATHON_PHYSICS_M1)
    return &kinds[table->kind].table;
  for (guint i = 0; i < G_N_ELEMENTS (m1_kinds); i++)
    if (m1_kinds[i].tag == table->tag && m1_kinds[i].table.size == table->record_size)
      return &m1_kinds[i].table;
  return NULL;
}

TsrMarathonPhysicsKind
tsr_marathon_physics_table_definition (const TsrMarathonPhysicsTable *table)
{
  g_return_val_if_fail (table != NULL, TSR_MARATHON_PHYSICS_M1);
  if (table->kind < TSR_MARATHON_PHYSICS_M1)
    return table->kind;
  for (guint i = 0; i < G_N_ELEMENTS (m1_kinds); i++)
    if (m1_kinds[i].tag == table->tag)
      return (TsrMarathonPhysicsKind) i;
  return TSR_MARATHON_PHYSICS_M1;
}

guint
tsr_marathon_physics_engine_count (TsrMarathonPhysicsKind kind)
{
  g_return_val_if_fail (kind < TSR_MARATHON_PHYSICS_M1, 0);
  return engine_counts[kind];
}

gint64
tsr_marathon_physics_get (const TsrMarathonPhysicsTable *table,
                          guint                          record,
                          guint                          field)
{
  const TsrFieldTable *fields = tsr_marathon_physics_table_fields (table);

  g_return_val_if_fail (fields != NULL && record < table->count && field < fields->n_fields, 0);
  return tsr_field_get (&fields->fields[field], table->records + record * table->record_size);
}

void
tsr_marathon_physics_set (TsrMarathonPhysicsTable *table,
                          guint                    record,
                          guint                    field,
                          gint64                   value)
{
  const TsrFieldTable *fields = tsr_marathon_physics_table_fields (table);

  g_return_if_fail (fields != NULL && record < table->count && field < fields->n_fields);
  tsr_field_set (&fields->fields[field], table->records + record * table->record_size, value);
}

void
tsr_marathon_physics_table_free (TsrMarathonPhysicsTable *table)
{
  if (table == NULL)
    return;
  g_free (table->records);
  g_clear_pointer (&table->tail, g_bytes_unref);
  g_free (table);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrMarathonPhysicsTable, tsr_marathon_physics_table_free)

GBytes *
tsr_marathon_physics_table_to_bytes (const TsrMarathonPhysicsTable *table)
{
  TsrWriter *writer = tsr_writer_new ();

  tsr_writer_write_bytes (writer, table->records, table->count * table->record_size);
  if (table->tail != NULL)
    tsr_writer_write_gbytes (writer, table->tail);
  return tsr_writer_free_to_bytes (writer);
}

GPtrArray *
tsr_marathon_physics_tables_from_entry (const TsrWadEntry *entry,
                                        GError           **error)
{
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_marathon_physics_table_free);

  for (guint i = 0; i < entry->chunks->len; i++)
    {
      TsrWadChunk *chunk = g_ptr_array_index (entry->chunks, i);
      int kind = tsr_marathon_physics_kind_for_tag (chunk->tag);
      TsrMarathonPhysicsTable *table;
      gsize size;
      const guint8 *data = g_bytes_get_data (chunk->data, &size);

      if (kind < 0)
        continue;
      table = g_new0 (TsrMarathonPhysicsTable, 1);
      table->tag = chunk->tag;
      table->kind = (TsrMarathonPhysicsKind) kind;
      table->record_size = kinds[kind].table.size;
      table->count = (guint) (size / table->record_size);
      table->records = g_memdup2 (data, table->count * table->record_size);
      if (table->count * table->record_size < size)
        table->tail = g_bytes_new_from_bytes (chunk->data, table->count * table->record_size,
                                              size - table->count * table->record_size);
      g_ptr_array_add (tables, table);
    }
  (void) error;
  return g_steal_pointer (&tables);
}

gboolean
tsr_marathon_physics_is_m1 (const guint8 *data,
                            gsize         size)
{
  TsrReader reader;
  guint32 tag;

  if (size < 12)
    return FALSE;
  tsr_reader_init (&reader, data, size, "physics");
  if (!tsr_reader_read_u32_be (&reader, &tag, NULL))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (m1_tags); i++)
    if (m1_tags[i] == tag)
      return TRUE;
  return FALSE;
}

guint
tsr_marathon_physics_sniff (const guint8 *data,
                            gsize         size)
{
  TsrReader reader;
  guint32 tag;

  if (tsr_marathon_physics_is_m1 (data, size))
    return TSR_SNIFF_LIKELY;
  if (tsr_wad_sniff (data, size) == TSR_SNIFF_NO)
    return TSR_SNIFF_NO;
  /* The first chunk of the first entry (right after the header in every writer). */
  tsr_reader_init (&reader, data, size, "physics");
  if (!tsr_reader_seek (&reader, TSR_WAD_HEADER_SIZE, NULL) || !tsr_reader_read_u32_be (&reader, &tag, NULL))
    return TSR_SNIFF_NO;
  return tsr_marathon_physics_kind_for_tag (tag) >= 0 ? TSR_SNIFF_CERTAIN : TSR_SNIFF_NO;
}

static TsrMarathonPhysics *
parse_m1 (const guint8 *data,
          gsize         size,
          const char   *label,
          GError      **error)
{
  g_autoptr(TsrMarathonPhysics) physics = g_new0 (TsrMarathonPhysics, 1);
  TsrReader reader;

  physics->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_marathon_physics_table_free);
  tsr_reader_init (&reader, data, size, label);
  while (!tsr_reader_at_end (&reader))
    {
      g_autoptr(TsrMarathonPhysicsTable) table = g_new0 (TsrMarathonPhysicsTable, 1);
      guint16 count, record_size;

      table->kind = TSR_MARATHON_PHYSICS_M1;
      if (!tsr_reader_read_u32_be (&reader, &table->tag, error)
          || !tsr_reader_read_u32_be (&reader, &table->m1_unused, error)
          || !tsr_reader_read_u16_be (&reader, &count, error)
          || !tsr_reader_read_u16_be (&reader, &record_size, error))
        return NULL;
      table->count = count;
      table->record_size = record_size;
      {
        const guint8 *records;

        /* Check the bytes are there before allocating what the header claims. */
        if (!tsr_reader_read_view (&reader, (gsize) count * record_size, &records, error))
          return NULL;
        table->records = g_memdup2 (records, (gsize) count * record_size);
      }
      g_ptr_array_add (physics->tables, g_steal_pointer (&table));
    }
  return g_steal_pointer (&physics);
}

TsrMarathonPhysics *
tsr_marathon_physics_parse (const guint8 *data,
                            gsize         size,
                            const char   *label,
                            GError      **error)
{
  g_autoptr(TsrMarathonPhysics) physics = NULL;
  TsrWadEntry *entry;

  if (label == NULL)
    label = "physics";
  if (tsr_marathon_physics_is_m1 (data, size))
    return parse_m1 (data, size, label, error);
  physics = g_new0 (TsrMarathonPhysics, 1);
  physics->wad = tsr_wad_parse (data, size, label, error);
  if (physics->wad == NULL)
    return NULL;
  if (physics->wad->entries->len < 1)
    {
      /* The wad header's entry count (offset 76). */
      tsr_set_error_at (error, TSR_ERROR_INVALID, 76, _("%s: a physics wad with one entry expected"), label);
      return NULL;
    }
  entry = g_ptr_array_index (physics->wad->entries, 0);
  physics->tables = tsr_marathon_physics_tables_from_entry (entry, error);
  if (physics->tables == NULL)
    return NULL;
  return g_steal_pointer (&physics);
}

void
tsr_marathon_physics_free (TsrMarathonPhysics *physics)
{
  if (physics == NULL)
    return;
  g_clear_pointer (&physics->tables, g_ptr_array_unref);
  tsr_wad_free (physics->wad);
  g_free (physics);
}

GBytes *
tsr_marathon_physics_serialize (TsrMarathonPhysics *physics,
                                GError            **error)
{
  if (physics->wad == NULL)
    {
      g_autoptr(TsrWriter) writer = tsr_writer_new ();

      for (guint i = 0; i < physics->tables->len; i++)
        {
          TsrMarathonPhysicsTable *table = g_ptr_array_index (physics->tables, i);

          if (table->count > G_MAXUINT16 || table->record_size > G_MAXUINT16)
            {
              g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                           _("physics table %u: at most 65535 records of 65535 bytes expected"), i);
              return NULL;
            }
          tsr_writer_write_u32_be (writer, table->tag);
          tsr_writer_write_u32_be (writer, table->m1_unused);
          tsr_writer_write_u16_be (writer, (guint16) table->count);
          tsr_writer_write_u16_be (writer, (guint16) table->record_size);
          tsr_writer_write_bytes (writer, table->records, table->count * table->record_size);
        }
      return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
    }
  {
    TsrWadEntry *entry = g_ptr_array_index (physics->wad->entries, 0);

    for (guint i = 0; i < physics->tables->len; i++)
      {
        TsrMarathonPhysicsTable *table = g_ptr_array_index (physics->tables, i);
        g_autoptr(GBytes) bytes = tsr_marathon_physics_table_to_bytes (table);

        tsr_wad_entry_set_chunk (entry, table->tag, bytes);
      }
  }
  return tsr_wad_serialize (physics->wad, error);
}

/* A projectile type the engine looks up with get_projectile_definition (projectiles.cpp): outside
 * projectile_definitions it returns NULL, which mark_projectile_collections dereferences while a
 * level loads (monsters.cpp mark_monster_collections for each monster type the level has,
 * weapons.cpp mark_weapon_collections for every weapon but the ball) and new_projectile when one is
 * fired. NONE (-1) is no projectile; the ball's triggers may hold _projectile_ball_dropped (1000,
 * weapon_definitions.h), which fire_weapon never passes to new_projectile. */
static gboolean
projectile_type_breaks_engine (gint64                 value,
                               TsrMarathonPhysicsKind definition,
                               guint                  record)
{
  if (value == -1 || (value >= 0 && value < engine_counts[TSR_MARATHON_PHYSICS_PROJECTILES]))
    return FALSE;
  /* _weapon_ball is weapon 8 (weapons.h). */
  return !(definition == TSR_MARATHON_PHYSICS_WEAPONS && record == 8 && value == 1000);
}

static void
validate_table (const TsrMarathonPhysicsTable *table,
                gint                           level,
                const char                    *prefix,
                GPtrArray                     *findings)
{
  g_autofree char *kind = tsr_wad_tag_to_string (table->tag);
  g_autofree char *tag = prefix != NULL ? g_strdup_printf ("%s: %s", prefix, kind) : g_strdup (kind);
  const TsrFieldTable *fields = tsr_marathon_physics_table_fields (table);
  TsrMarathonPhysicsKind definition = tsr_marathon_physics_table_definition (table);
  gboolean m1 = table->kind == TSR_MARATHON_PHYSICS_M1;
  TsrFindingPlace place = tsr_finding_place_element (level, g_intern_string (kind), -1);

  if (table->tail != NULL)
    tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, tag,
                         _("%zu bytes after the last whole %zu-byte record"),
                         g_bytes_get_size (table->tail), table->record_size);
  if (table->count == 0 && !(m1 && definition == TSR_MARATHON_PHYSICS_CONSTANTS))
    tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, tag, _("no records"));
  if (definition == TSR_MARATHON_PHYSICS_M1)
    {
      /* import_m1_physics_data's switch skips tags it does not know. */
      tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, tag,
                           _("not a Marathon 1 physics tag: Aleph One skips these records"));
      return;
    }
  if (m1 && table->record_size < m1_kinds[definition].table.size)
    {
      tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, tag,
                           _("records of %zu bytes where Aleph One reads %zu: import_m1_physics_data "
                             "(import_definitions.cpp) reads the records past the end of its buffer"),
                           table->record_size, m1_kinds[definition].table.size);
      return;
    }
  if (m1 && table->record_size > m1_kinds[definition].table.size)
    tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, tag,
                         _("records of %zu bytes where Aleph One reads %zu: it reads them as if they "
                           "followed each other at %zu bytes"),
                         table->record_size, m1_kinds[definition].table.size, m1_kinds[definition].table.size);
  if (m1 && definition == TSR_MARATHON_PHYSICS_CONSTANTS && table->count == 0)
    tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, tag,
                         _("no records: unpack_m1_physics_constants (physics.cpp) skips the first "
                           "(the editor's) and unpacks count - 1 in a size_t, which wraps round"));
  else if (m1 && definition == TSR_MARATHON_PHYSICS_CONSTANTS && table->count - 1 > engine_counts[definition])
    tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, tag,
                         _("%u records: unpack_m1_physics_constants (physics.cpp) skips the first and "
                           "writes the rest into physics_models, which holds %u"),
                         table->count, engine_counts[definition]);
  else if (definition != TSR_MARATHON_PHYSICS_CONSTANTS || !m1)
    if (table->count > engine_counts[definition])
      tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, tag,
                           _("%u records where the engine has room for %u: the loaders check the count "
                             "only with assert, which release builds leave out (game_wad.cpp "
                             "process_map_wad, import_definitions.cpp import_physics_wad_data and "
                             "import_m1_physics_data), and unpack_*_definition writes past %s"),
                           table->count, engine_counts[definition], engine_arrays[definition]);
  if (fields == NULL)
    return;
  for (guint r = 0; r < table->count; r++)
    for (guint f = 0; f < fields->n_fields; f++)
      {
        const TsrField *field = &fields->fields[f];
        gint64 value;

        if (field->reference == TSR_MARATHON_PHYSICS_REF_NONE)
          continue;
        value = tsr_field_get (field, table->records + r * table->record_size);
        place = tsr_finding_place_element (level, g_intern_string (kind), (gint) r);
        if (field->reference == TSR_MARATHON_PHYSICS_REF_PROJECTILE
            && projectile_type_breaks_engine (value, definition, r))
          {
            g_autofree char *where = g_strdup_printf ("%s %u", tag, r);

            tsr_findings_add_at (findings, TSR_SEVERITY_ERROR, &place, where,
                                 _("%s is projectile type %lld, outside the engine's %u: "
                                   "get_projectile_definition (projectiles.cpp) returns NULL and "
                                   "mark_projectile_collections dereferences it when a level loads"),
                                 field->name, (long long) value, engine_counts[TSR_MARATHON_PHYSICS_PROJECTILES]);
          }
        else if (field->reference == TSR_MARATHON_PHYSICS_REF_EFFECT && value != -1
                 && (value < 0 || value >= engine_counts[TSR_MARATHON_PHYSICS_EFFECTS]))
          {
            g_autofree char *where = g_strdup_printf ("%s %u", tag, r);

            tsr_findings_add_at (findings, TSR_SEVERITY_WARNING, &place, where,
                                 _("%s is effect type %lld, outside the engine's %u: "
                                   "new_effect (effects.cpp) shows nothing"),
                                 field->name, (long long) value, engine_counts[TSR_MARATHON_PHYSICS_EFFECTS]);
          }
      }
}

void
tsr_marathon_physics_validate_tables (const GPtrArray *tables,
                                      gint             level,
                                      const char      *where,
                                      GPtrArray       *findings)
{
  for (guint i = 0; i < tables->len; i++)
    validate_table (g_ptr_array_index ((GPtrArray *) tables, i), level, where, findings);
}

void
tsr_marathon_physics_validate (const TsrMarathonPhysics *physics,
                               GPtrArray                *findings)
{
  gboolean seen[TSR_MARATHON_PHYSICS_M1] = { FALSE };

  if (physics->wad != NULL)
    tsr_wad_validate (physics->wad, findings);
  tsr_marathon_physics_validate_tables (physics->tables, -1, NULL, findings);
  for (guint i = 0; i < physics->tables->len; i++)
    {
      TsrMarathonPhysicsTable *table = g_ptr_array_index (physics->tables, i);

      if (table->kind < TSR_MARATHON_PHYSICS_M1)
        seen[table->kind] = TRUE;
    }
  if (physics->wad != NULL)
    for (guint k = 0; k < TSR_MARATHON_PHYSICS_M1; k++)
      if (!seen[k])
        {
          g_autofree char *tag = tsr_wad_tag_to_string (kinds[k].tag);

          tsr_findings_add (findings, TSR_SEVERITY_WARNING, _("physics"),
                            _("no %s chunk: the engine keeps its defaults for it"), tag);
        }
}
