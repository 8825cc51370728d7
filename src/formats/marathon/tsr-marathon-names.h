/* tsr-marathon-names.h: what Marathon's numbers mean, for people: the editor's field tables (the
 * codec's record tables with enums for types, transfer modes and panel kinds, bitsets for flags,
 * shape descriptors as collection:shape, intensities as fixed point, derived fields read-only),
 * the engine's monster, item, scenery and ambient sound names, and a short description of a
 * field's value in its level (a polygon's permutation says which platform, light or polygon it
 * names). Facts from Aleph One's
 * map.h, monsters.h, items.h, scenery_definitions.h, SoundManagerEnums.h, lightsource.h, platforms.h,
 * media.h and devices.cpp. GTK-free. */
#pragma once

#include "formats/marathon/tsr-marathon-map.h"

G_BEGIN_DECLS

/* The table the property inspector shows for KIND: the same fields, members and offsets as
 * tsr_marathon_record_fields (KIND), with meaning added (transfer none, static). */
const TsrFieldTable *tsr_marathon_record_editor_fields (TsrMarathonRecordKind kind);
/* KIND's name for the inspector's heading (English, translatable in context "marathon_record"). */
const char          *tsr_marathon_record_title         (TsrMarathonRecordKind kind);

/* The engine's names of monster and item types, or NULL for an index it does not define (English,
 * marked N_(): the editor shows them through gettext). */
const char          *tsr_marathon_monster_name         (gint index);
const char          *tsr_marathon_item_name            (gint index);
/* The name of an object's type by its kind (TsrMarathonObject.type: 0 monster, 1 scenery, 2 item,
 * 5 sound source, by ambient sound) and index, or NULL (player starts and goals have numbers; English,
 * marked N_()). */
const char          *tsr_marathon_object_name          (gint kind,
                                                        gint index);
/* The class of a control panel type (an index into the engine's per-environment panel list):
 * 0 oxygen, 1 shield, 2 double shield, 3 triple shield, 4 light switch, 5 platform switch, 6 tag
 * switch, 7 pattern buffer, 8 terminal; -1 for none or unknown. */
gint                 tsr_marathon_panel_class          (gint type);

/* What FIELD (a name of KIND's table) of RECORD means in LEVEL, or NULL when there is nothing to
 * add to the number: "platform 3", "polygon 120", "Fighter (major)", "light 40 does not exist"
 * (transfer full). */
char                *tsr_marathon_record_describe      (const TsrMarathonLevel *level,
                                                        TsrMarathonRecordKind   kind,
                                                        gconstpointer           record,
                                                        const char             *field);

G_END_DECLS
