/* tsr-shapes-animation.h: a Marathon sequence played as the engine plays it, without GTK: an
 * animation clock (30 ticks a second, a speed factor, frame stepping, loop and key frames, the
 * sequence's sounds as events) and the placement of a view's frames on one canvas, so that every
 * frame of a view lands at the same origin and the picture does not jump. */
#pragma once

#include "formats/marathon/tsr-marathon-shapes.h"

G_BEGIN_DECLS

#define TSR_SHAPES_TICKS_PER_SECOND 30

typedef enum {
  TSR_SHAPES_ANIMATION_FRAME_CHANGED = 1 << 0,
  TSR_SHAPES_ANIMATION_KEY_FRAME     = 1 << 1, /* the key frame was reached (key frame sound) */
  TSR_SHAPES_ANIMATION_LAST_FRAME    = 1 << 2, /* the last frame ended (last frame sound) */
  TSR_SHAPES_ANIMATION_STOPPED       = 1 << 3, /* no loop frame: the animation holds its last frame */
} TsrShapesAnimationEvents;

typedef struct {
  /* The sequence's timing, copied by tsr_shapes_animation_init (call it again after an edit). */
  guint    frames;          /* frames per view */
  guint    ticks_per_frame; /* at least 1 */
  gint     loop_frame;      /* where the animation goes after its last frame; outside: it stops */
  gint     key_frame;       /* -1: none */
  /* State. */
  guint    frame;
  guint    tick;            /* ticks spent in this frame */
  gint64   pending;         /* millionths of a tick of time not yet played (below one tick) */
  double   speed;           /* 1: the engine's speed */
  gboolean stopped;
  guint64  ticks_played;    /* since the last reset */
} TsrShapesAnimation;

/* Starts SEQUENCE at frame 0 with speed 1 (keeps the speed when already initialised with
 * KEEP_SPEED). */
void     tsr_shapes_animation_init    (TsrShapesAnimation      *animation,
                                       const TsrShapesSequence *sequence,
                                       gboolean                 keep_speed);
/* Back to frame 0, nothing pending. */
void     tsr_shapes_animation_reset   (TsrShapesAnimation      *animation);
/* One engine tick; returns the events it caused. */
guint    tsr_shapes_animation_tick    (TsrShapesAnimation      *animation);
/* Plays MICROSECONDS of wall time at the animation's speed; returns the union of the events. */
guint    tsr_shapes_animation_advance (TsrShapesAnimation      *animation,
                                       gint64                   microseconds);
/* Frame stepping: DELTA frames forward or back, wrapping inside the view; the tick count of the
 * new frame starts at 0 and a stopped animation may play again. */
void     tsr_shapes_animation_step    (TsrShapesAnimation      *animation,
                                       int                      delta);
/* The speed factor, clamped to 1/16..16. */
void     tsr_shapes_animation_set_speed (TsrShapesAnimation    *animation,
                                         double                 speed);

/* The frame index (into the collection's frames) shown for VIEW at FRAME, or -1. */
gint     tsr_shapes_sequence_frame_at (const TsrShapesSequence *sequence,
                                       guint                    view,
                                       guint                    frame);

typedef struct {
  int x, y, width, height;  /* origin-relative: the origin is at (-x, -y) of the canvas */
} TsrShapesBox;

/* The box (origin at 0,0) the frame's bitmap covers, its origin mirrored with the bitmap; FALSE
 * when the frame has no drawable bitmap. */
gboolean tsr_shapes_frame_box         (const TsrShapesCollection *collection,
                                       gint                       frame_index,
                                       TsrShapesBox              *box);
/* The union of the boxes of VIEW's frames (at least 1x1 at the origin). */
TsrShapesBox tsr_shapes_sequence_box  (const TsrShapesCollection *collection,
                                       const TsrShapesSequence   *sequence,
                                       guint                      view);

/* Decoded frames of one collection and colour table, each decoded once (mirroring applied). */
typedef struct _TsrShapesFrameCache TsrShapesFrameCache;

TsrShapesFrameCache *tsr_shapes_frame_cache_new   (const TsrShapesCollection *collection,
                                                   const TsrShapesColorTable *table);
void                 tsr_shapes_frame_cache_free  (TsrShapesFrameCache       *cache);
/* Forgets FRAME_INDEX (-1: every frame), after an edit of the frame or its bitmap. */
void                 tsr_shapes_frame_cache_drop  (TsrShapesFrameCache       *cache,
                                                   gint                       frame_index);
/* The decoded frame, or NULL when it has no drawable bitmap. (transfer none) */
const TsrImage      *tsr_shapes_frame_cache_get   (TsrShapesFrameCache       *cache,
                                                   gint                       frame_index);
/* Draws the frame shown for VIEW at FRAME into CANVAS (cleared to transparent first), a canvas
 * of BOX's size (tsr_shapes_sequence_box), so every frame lands on the common origin. */
void                 tsr_shapes_render_sequence_frame (TsrShapesFrameCache     *cache,
                                                       const TsrShapesSequence *sequence,
                                                       guint                    view,
                                                       guint                    frame,
                                                       const TsrShapesBox      *box,
                                                       TsrImage                *canvas);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsrShapesFrameCache, tsr_shapes_frame_cache_free)

G_END_DECLS
