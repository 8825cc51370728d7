/* tsr-doom2d-schema.h: the Doom2D Forever map schema (doom2d-mapdef.txt) as data. Record types,
 * their fields with binary offsets, defaults, enums, bitsets and references, and the per-trigger-type
 * layouts of the 128 trigger data bytes, as TsrField tables (core/tsr-field.h). The binary reader/writer, the text reader/writer, validation
 * and the inspector all walk these tables instead of naming fields in code. */
#pragma once

#include <glib.h>

#include "core/tsr-field.h"

G_BEGIN_DECLS

/* What an integer field points at. Values in the model are always 0-based indices, -1 for none;
 * the binary encoding differs per field (TsrField.reference holds one of these). */
typedef enum {
  TSR_DOOM2D_REF_NONE,
  TSR_DOOM2D_REF_TEXTURE, /* binary: u16 index */
  TSR_DOOM2D_REF_PANEL,   /* binary: s32 index, -1 none */
  TSR_DOOM2D_REF_MONSTER, /* binary: s32 index + 1, 0 none */
  TSR_DOOM2D_REF_TRIGGER, /* text only */
} TsrDoom2dReference;

typedef enum {
  TSR_DOOM2D_KIND_HEADER,
  TSR_DOOM2D_KIND_TEXTURE,
  TSR_DOOM2D_KIND_PANEL,
  TSR_DOOM2D_KIND_ITEM,
  TSR_DOOM2D_KIND_MONSTER,
  TSR_DOOM2D_KIND_AREA,
  TSR_DOOM2D_KIND_TRIGGER,
  TSR_DOOM2D_N_KINDS,
} TsrDoom2dKind;

/* TABLE's name is the text keyword ("panel"), its size the binary record size. */
typedef struct {
  TsrFieldTable table;
  TsrDoom2dKind kind;
  guint         binblock; /* block type in the binary map */
} TsrDoom2dRecordType;

/* The fields of a trigger's 128 data bytes for a set of trigger types. */
typedef struct {
  TsrFieldTable table;    /* offsets from the start of the data bytes */
  const guint8 *trigger_types;
  guint         n_trigger_types;
} TsrDoom2dTriggerLayout;

#define TSR_DOOM2D_TRIGGER_DATA_OFFSET 20
#define TSR_DOOM2D_TRIGGER_DATA_SIZE   128

const TsrDoom2dRecordType    *tsr_doom2d_record_type          (TsrDoom2dKind kind);
/* By binary block type (1..7), or NULL. */
const TsrDoom2dRecordType    *tsr_doom2d_record_type_by_block (guint block);
/* By text keyword ("panel"), or NULL. */
const TsrDoom2dRecordType    *tsr_doom2d_record_type_by_name  (const char *name);
/* The layout of a trigger type's data, or NULL when the type has no fields (the bytes stay raw). */
const TsrDoom2dTriggerLayout *tsr_doom2d_trigger_layout       (guint trigger_type);
/* An enum or bitset table by its mapdef.txt name ("PanelType"), or NULL. */
const TsrFieldEnum           *tsr_doom2d_enum_by_name         (const char *name);
/* The schema's enum and bitset tables in mapdef.txt's order: INDEX 0, 1, ... until NULL. */
const TsrFieldEnum           *tsr_doom2d_enum_at              (guint       index);

/* Field indices the codec needs by meaning (asserted against the tables at start-up). */
enum {
  TSR_DOOM2D_HEADER_NAME = 0,
  TSR_DOOM2D_HEADER_AUTHOR = 1,
  TSR_DOOM2D_HEADER_DESCRIPTION = 2,
  TSR_DOOM2D_HEADER_MUSIC = 3,
  TSR_DOOM2D_HEADER_SKY = 4,
  TSR_DOOM2D_HEADER_SIZE = 5,
  TSR_DOOM2D_TEXTURE_PATH = 0,
  TSR_DOOM2D_TEXTURE_ANIMATED = 1,
  TSR_DOOM2D_PANEL_POSITION = 0,
  TSR_DOOM2D_PANEL_SIZE = 1,
  TSR_DOOM2D_PANEL_TEXTURE = 2,
  TSR_DOOM2D_PANEL_TYPE = 3,
  TSR_DOOM2D_PANEL_FLAGS = 5,
  TSR_DOOM2D_THING_POSITION = 0, /* items, monsters, areas */
  TSR_DOOM2D_THING_TYPE = 1,
  TSR_DOOM2D_MONSTER_DIRECTION = 2,
  TSR_DOOM2D_TRIGGER_POSITION = 0,
  TSR_DOOM2D_TRIGGER_SIZE = 1,
  TSR_DOOM2D_TRIGGER_TEXTURE_PANEL = 3,
  TSR_DOOM2D_TRIGGER_TYPE = 4,
  TSR_DOOM2D_TRIGGER_DATA = 7,
};

/* Values used by validation and rendering. */
enum {
  TSR_DOOM2D_PANEL_WALL = 1, TSR_DOOM2D_PANEL_BACK = 2, TSR_DOOM2D_PANEL_FORE = 4,
  TSR_DOOM2D_PANEL_WATER = 8, TSR_DOOM2D_PANEL_ACID1 = 16, TSR_DOOM2D_PANEL_ACID2 = 32,
  TSR_DOOM2D_PANEL_STEP = 64, TSR_DOOM2D_PANEL_LIFTUP = 128, TSR_DOOM2D_PANEL_LIFTDOWN = 256,
  TSR_DOOM2D_PANEL_OPENDOOR = 512, TSR_DOOM2D_PANEL_CLOSEDOOR = 1024,
  TSR_DOOM2D_PANEL_BLOCKMON = 2048, TSR_DOOM2D_PANEL_LIFTLEFT = 4096,
  TSR_DOOM2D_PANEL_LIFTRIGHT = 8192,
};
enum {
  TSR_DOOM2D_PANEL_FLAG_BLENDING = 1, TSR_DOOM2D_PANEL_FLAG_HIDE = 2, TSR_DOOM2D_PANEL_FLAG_WATERTEXTURES = 4,
};
enum {
  TSR_DOOM2D_DIR_LEFT = 0, TSR_DOOM2D_DIR_RIGHT = 1,
};
enum {
  TSR_DOOM2D_AREA_PLAYERPOINT1 = 1, TSR_DOOM2D_AREA_PLAYERPOINT2 = 2, TSR_DOOM2D_AREA_DMPOINT = 3,
};
enum {
  TSR_DOOM2D_TRIGGER_OPENDOOR = 3, TSR_DOOM2D_TRIGGER_CLOSEDOOR = 4, TSR_DOOM2D_TRIGGER_DOOR = 5,
  TSR_DOOM2D_TRIGGER_DOOR5 = 6, TSR_DOOM2D_TRIGGER_CLOSETRAP = 7, TSR_DOOM2D_TRIGGER_TRAP = 8,
  TSR_DOOM2D_TRIGGER_LIFTUP = 11, TSR_DOOM2D_TRIGGER_LIFTDOWN = 12, TSR_DOOM2D_TRIGGER_LIFT = 13,
};

G_END_DECLS
