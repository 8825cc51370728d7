/* test-model.c: undo/redo, merging, grouping, the clean point and the document's derived
 * modified state and saving, against a small test format whose data is a byte array. */
#include <glib/gstdio.h>
#include <string.h>

#include "core/tsr-error.h"
#include "model/tsr-document.h"
#include "tsr-test-common.h"

/* --- A test format: "TSRTEST" followed by bytes; a byte 0xEE is a validation error. --- */

static guint
sniff_test (const guint8 *data, gsize size, const char *path)
{
  return size >= 7 && memcmp (data, "TSRTEST", 7) == 0 ? TSR_SNIFF_CERTAIN : TSR_SNIFF_NO;
}

static gpointer
load_test (const char *path, GBytes *bytes, GError **error)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  GByteArray *array = g_byte_array_new ();

  g_byte_array_append (array, data, (guint) size);
  return array;
}

static GPtrArray *
save_test (gconstpointer data, const char *path, GError **error)
{
  const GByteArray *array = data;
  GPtrArray *outputs = tsr_output_files_new ();
  g_autoptr(GBytes) bytes = g_bytes_new (array->data, array->len);

  g_ptr_array_add (outputs, tsr_output_file_new (path, bytes));
  return outputs;
}

static void
validate_test (gconstpointer data, GPtrArray *findings)
{
  const GByteArray *array = data;

  for (guint i = 7; i < array->len; i++)
    if (array->data[i] == 0xee)
      tsr_findings_add (findings, TSR_SEVERITY_ERROR, "byte", "0xEE at %u", i);
}

static const TsrFormat test_format = {
  .id = "test-bytes", .name = "Test bytes", .family = "test",
  .sniff = sniff_test, .load = load_test, .free = (GDestroyNotify) g_byte_array_unref,
  .save = save_test, .validate = validate_test,
};

/* --- A command that sets one byte; consecutive sets merge into one "Paint". --- */

#define TEST_TYPE_SET_BYTE (test_set_byte_get_type ())
G_DECLARE_FINAL_TYPE (TestSetByte, test_set_byte, TEST, SET_BYTE, TsrCommand)

struct _TestSetByte {
  TsrCommand  parent_instance;
  GByteArray *target;
  GArray     *offsets;
  GArray     *old_values;
  GArray     *new_values;
  gboolean    mergeable;
  gboolean    view_only;  /* a step that changes nothing a save writes */
};

G_DEFINE_FINAL_TYPE (TestSetByte, test_set_byte, TSR_TYPE_COMMAND)

static gboolean
test_set_byte_changes_content (TsrCommand *command)
{
  return !TEST_SET_BYTE (command)->view_only;
}

static void
test_set_byte_redo (TsrCommand *command)
{
  TestSetByte *self = TEST_SET_BYTE (command);

  for (guint i = 0; i < self->offsets->len; i++)
    self->target->data[g_array_index (self->offsets, guint, i)] = g_array_index (self->new_values, guint8, i);
}

static void
test_set_byte_undo (TsrCommand *command)
{
  TestSetByte *self = TEST_SET_BYTE (command);

  for (guint i = self->offsets->len; i > 0; i--)
    self->target->data[g_array_index (self->offsets, guint, i - 1)] = g_array_index (self->old_values, guint8, i - 1);
}

static gboolean
test_set_byte_merge (TsrCommand *command, TsrCommand *next_command)
{
  TestSetByte *self = TEST_SET_BYTE (command);
  TestSetByte *next;

  if (!TEST_IS_SET_BYTE (next_command))
    return FALSE;
  next = TEST_SET_BYTE (next_command);
  if (!self->mergeable || !next->mergeable || self->target != next->target)
    return FALSE;
  g_array_append_vals (self->offsets, next->offsets->data, next->offsets->len);
  g_array_append_vals (self->old_values, next->old_values->data, next->old_values->len);
  g_array_append_vals (self->new_values, next->new_values->data, next->new_values->len);
  return TRUE;
}

static void
test_set_byte_finalize (GObject *object)
{
  TestSetByte *self = TEST_SET_BYTE (object);

  g_array_unref (self->offsets);
  g_array_unref (self->old_values);
  g_array_unref (self->new_values);
  G_OBJECT_CLASS (test_set_byte_parent_class)->finalize (object);
}

static void
test_set_byte_class_init (TestSetByteClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_set_byte_finalize;
  TSR_COMMAND_CLASS (klass)->redo = test_set_byte_redo;
  TSR_COMMAND_CLASS (klass)->undo = test_set_byte_undo;
  TSR_COMMAND_CLASS (klass)->merge = test_set_byte_merge;
  TSR_COMMAND_CLASS (klass)->changes_content = test_set_byte_changes_content;
}

static void
test_set_byte_init (TestSetByte *self)
{
  self->offsets = g_array_new (FALSE, FALSE, sizeof (guint));
  self->old_values = g_array_new (FALSE, FALSE, 1);
  self->new_values = g_array_new (FALSE, FALSE, 1);
}

static TsrCommand *
test_set_byte_new (GByteArray *target, guint offset, guint8 value, gboolean mergeable)
{
  TestSetByte *self = g_object_new (TEST_TYPE_SET_BYTE, "description",
                                    mergeable ? "Paint" : "Set Byte", NULL);

  self->target = target;
  self->mergeable = mergeable;
  g_array_append_val (self->offsets, offset);
  g_array_append_val (self->old_values, target->data[offset]);
  g_array_append_val (self->new_values, value);
  return TSR_COMMAND (self);
}

/* --- Undo stack --- */

START_TEST (test_undo_redo_and_labels)
{
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 zeros[4] = { 0 };

  g_byte_array_append (bytes, zeros, 4);
  ck_assert (!tsr_undo_stack_get_can_undo (stack));
  ck_assert (tsr_undo_stack_get_is_clean (stack));
  ck_assert_ptr_null (tsr_undo_stack_get_undo_description (stack));

  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 0, 1, FALSE));
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 1, 2, FALSE));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Set Byte");
  ck_assert (!tsr_undo_stack_get_is_clean (stack));

  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert_uint_eq (bytes->data[1], 0);
  ck_assert (tsr_undo_stack_get_can_redo (stack));
  ck_assert_str_eq (tsr_undo_stack_get_redo_description (stack), "Set Byte");
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert (!tsr_undo_stack_undo (stack));
  ck_assert_uint_eq (bytes->data[0], 0);
  ck_assert (tsr_undo_stack_get_is_clean (stack));

  ck_assert (tsr_undo_stack_redo (stack));
  ck_assert (tsr_undo_stack_redo (stack));
  ck_assert (!tsr_undo_stack_redo (stack));
  ck_assert_uint_eq (bytes->data[1], 2);

  /* A new push after undo drops the redoable commands. */
  ck_assert (tsr_undo_stack_undo (stack));
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 3, 9, FALSE));
  ck_assert (!tsr_undo_stack_get_can_redo (stack));
  ck_assert_uint_eq (bytes->data[1], 0);
  ck_assert_uint_eq (bytes->data[3], 9);
}
END_TEST

START_TEST (test_merge_and_break)
{
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 zeros[8] = { 0 };

  g_byte_array_append (bytes, zeros, 8);
  /* A stroke: three merged paints are one undo step. */
  for (guint i = 0; i < 3; i++)
    tsr_undo_stack_push (stack, test_set_byte_new (bytes, i, 7, TRUE));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Paint");

  /* The stroke ended: the next paint is a new step. */
  tsr_undo_stack_break_merge (stack);
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 5, 7, TRUE));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);

  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert (tsr_undo_stack_undo (stack));
  for (guint i = 0; i < 8; i++)
    ck_assert_uint_eq (bytes->data[i], 0);

  /* After an undo, a push never merges into the command below. */
  ck_assert (tsr_undo_stack_redo (stack));
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 6, 1, TRUE));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);
}
END_TEST

START_TEST (test_groups)
{
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 zeros[4] = { 0 };

  g_byte_array_append (bytes, zeros, 4);
  tsr_undo_stack_begin_group (stack, "Paste");
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 0, 1, FALSE));
  tsr_undo_stack_begin_group (stack, "inner");
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 1, 2, FALSE));
  tsr_undo_stack_end_group (stack);
  /* Inside a group nothing is recorded yet. */
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 0);
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 1, 3, FALSE));
  tsr_undo_stack_end_group (stack);

  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);
  ck_assert_str_eq (tsr_undo_stack_get_undo_description (stack), "Paste");
  ck_assert_uint_eq (bytes->data[1], 3);
  ck_assert (tsr_undo_stack_undo (stack));
  /* Undone in reverse: byte 1 goes 3 → 2 → 0. */
  ck_assert_uint_eq (bytes->data[0], 0);
  ck_assert_uint_eq (bytes->data[1], 0);
  ck_assert (tsr_undo_stack_redo (stack));
  ck_assert_uint_eq (bytes->data[1], 3);

  /* An empty group records nothing. */
  tsr_undo_stack_begin_group (stack, "Nothing");
  tsr_undo_stack_end_group (stack);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 1);

  /* A cancelled group takes back what it applied and records nothing; redo is still the same. */
  ck_assert (tsr_undo_stack_undo (stack));
  tsr_undo_stack_begin_group (stack, "Refused");
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 2, 5, FALSE));
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 3, 6, FALSE));
  ck_assert_uint_eq (bytes->data[3], 6);
  tsr_undo_stack_cancel_group (stack);
  ck_assert_uint_eq (bytes->data[2], 0);
  ck_assert_uint_eq (bytes->data[3], 0);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 0);
  ck_assert (tsr_undo_stack_get_can_redo (stack));
  ck_assert_str_eq (tsr_undo_stack_get_redo_description (stack), "Paste");
}
END_TEST

START_TEST (test_clean_point)
{
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 zeros[4] = { 0 };

  g_byte_array_append (bytes, zeros, 4);
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 0, 1, TRUE));
  tsr_undo_stack_set_clean (stack);
  ck_assert (tsr_undo_stack_get_is_clean (stack));

  /* A command after the save point does not merge into it, so undo returns to the saved state. */
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 1, 1, TRUE));
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);
  ck_assert (!tsr_undo_stack_get_is_clean (stack));
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert (tsr_undo_stack_get_is_clean (stack));
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert (!tsr_undo_stack_get_is_clean (stack));
  ck_assert (tsr_undo_stack_redo (stack));
  ck_assert (tsr_undo_stack_get_is_clean (stack));

  /* Undo below the save point, then a new edit: the saved state is unreachable for good. */
  ck_assert (tsr_undo_stack_undo (stack));
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 2, 5, FALSE));
  ck_assert (!tsr_undo_stack_get_is_clean (stack));
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert (!tsr_undo_stack_get_is_clean (stack));
}
END_TEST

/* Steps that change no content (Doom2D's map choice) keep the history but not the modified flag:
 * clean across them, after undoing them, and after a new step replaces them. */
START_TEST (test_clean_point_view_steps)
{
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 zeros[4] = { 0 };
  TsrCommand *view;

  g_byte_array_append (bytes, zeros, 4);
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 0, 1, FALSE));
  tsr_undo_stack_set_clean (stack);
  view = test_set_byte_new (bytes, 3, 0, FALSE);
  TEST_SET_BYTE (view)->view_only = TRUE;
  tsr_undo_stack_push (stack, view);
  ck_assert_uint_eq (tsr_undo_stack_get_depth (stack), 2);
  ck_assert (tsr_undo_stack_get_is_clean (stack));
  /* Saved after the view step, then undone: still clean; a content step makes it modified. */
  tsr_undo_stack_set_clean (stack);
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert (tsr_undo_stack_get_is_clean (stack));
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 1, 1, FALSE));
  ck_assert (!tsr_undo_stack_get_is_clean (stack));
  /* The view step was dropped, but the saved content is where it was. */
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert (tsr_undo_stack_get_is_clean (stack));
  ck_assert (tsr_undo_stack_undo (stack));
  ck_assert (!tsr_undo_stack_get_is_clean (stack));
  /* A group of view steps only is no edit either; a group with content is. */
  ck_assert (tsr_undo_stack_redo (stack));
  tsr_undo_stack_begin_group (stack, "Views");
  view = test_set_byte_new (bytes, 3, 0, FALSE);
  TEST_SET_BYTE (view)->view_only = TRUE;
  tsr_undo_stack_push (stack, view);
  tsr_undo_stack_end_group (stack);
  ck_assert (tsr_undo_stack_get_is_clean (stack));
  tsr_undo_stack_begin_group (stack, "Mixed");
  view = test_set_byte_new (bytes, 3, 0, FALSE);
  TEST_SET_BYTE (view)->view_only = TRUE;
  tsr_undo_stack_push (stack, view);
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 2, 1, FALSE));
  tsr_undo_stack_end_group (stack);
  ck_assert (!tsr_undo_stack_get_is_clean (stack));
}
END_TEST

static void
count_changed (TsrUndoStack *stack, guint *count)
{
  (*count)++;
}

/* What a history view reads: entries, position and clean point; jumping to a position undoes or
 * redoes every step in between, with one "changed". */
START_TEST (test_history_positions)
{
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 zeros[8] = { 0 };
  guint8 after_two[8];
  guint changed = 0;

  g_byte_array_append (bytes, zeros, 8);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 0);
  ck_assert_uint_eq (tsr_undo_stack_get_position (stack), 0);
  ck_assert_int_eq (tsr_undo_stack_get_clean_position (stack), 0);

  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 0, 1, FALSE));
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 1, 2, FALSE));
  memcpy (after_two, bytes->data, 8);
  tsr_undo_stack_set_clean (stack);
  for (guint i = 0; i < 3; i++)
    tsr_undo_stack_push (stack, test_set_byte_new (bytes, 2 + i, 7, TRUE));
  tsr_undo_stack_break_merge (stack);
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 0, 9, FALSE));
  /* The stroke of three merged into one entry. */
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 4);
  ck_assert_uint_eq (tsr_undo_stack_get_position (stack), 4);
  ck_assert_int_eq (tsr_undo_stack_get_clean_position (stack), 2);
  ck_assert_str_eq (tsr_undo_stack_get_entry_description (stack, 0), "Set Byte");
  ck_assert_str_eq (tsr_undo_stack_get_entry_description (stack, 2), "Paint");
  ck_assert_str_eq (tsr_undo_stack_get_entry_description (stack, 3), "Set Byte");

  g_signal_connect (stack, "changed", G_CALLBACK (count_changed), &changed);
  /* Back to the saved state in one call. */
  ck_assert (tsr_undo_stack_set_position (stack, 2));
  ck_assert_uint_eq (changed, 1);
  ck_assert_uint_eq (tsr_undo_stack_get_position (stack), 2);
  ck_assert (tsr_undo_stack_get_is_clean (stack));
  ck_assert_mem_eq (bytes->data, after_two, 8);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 4);

  /* To the original state, then forward to the end. */
  ck_assert (tsr_undo_stack_set_position (stack, 0));
  ck_assert_mem_eq (bytes->data, zeros, 8);
  ck_assert (!tsr_undo_stack_get_can_undo (stack));
  ck_assert (tsr_undo_stack_set_position (stack, 4));
  ck_assert_uint_eq (bytes->data[0], 9);
  ck_assert_uint_eq (bytes->data[4], 7);
  ck_assert_uint_eq (changed, 3);

  /* The same position changes nothing; one beyond the entries is refused. */
  ck_assert (tsr_undo_stack_set_position (stack, 4));
  ck_assert_uint_eq (changed, 3);
  ck_assert (!tsr_undo_stack_set_position (stack, 5));
  ck_assert_uint_eq (tsr_undo_stack_get_position (stack), 4);

  /* Inside a group, jumping is refused. */
  tsr_undo_stack_begin_group (stack, "Open");
  ck_assert (!tsr_undo_stack_set_position (stack, 0));
  tsr_undo_stack_end_group (stack);
  ck_assert_uint_eq (tsr_undo_stack_get_position (stack), 4);

  /* Jump below the saved point and edit: the saved state is gone, and so are the later entries. */
  ck_assert (tsr_undo_stack_set_position (stack, 1));
  tsr_undo_stack_push (stack, test_set_byte_new (bytes, 7, 3, FALSE));
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), 2);
  ck_assert_int_eq (tsr_undo_stack_get_clean_position (stack), -1);
  ck_assert (!tsr_undo_stack_get_can_redo (stack));
}
END_TEST

/* No depth limit: tens of thousands of actions stay undoable, down to the original bytes. */
START_TEST (test_history_unlimited)
{
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 original[256];
  const guint n = 30000;

  for (guint i = 0; i < 256; i++)
    original[i] = (guint8) i;
  g_byte_array_append (bytes, original, 256);
  for (guint i = 0; i < n; i++)
    tsr_undo_stack_push (stack, test_set_byte_new (bytes, (i * 7) % 256, (guint8) (i * 13), FALSE));
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), n);
  ck_assert_uint_eq (tsr_undo_stack_get_position (stack), n);
  ck_assert (tsr_undo_stack_set_position (stack, 0));
  ck_assert_mem_eq (bytes->data, original, 256);
  ck_assert_uint_eq (tsr_undo_stack_get_n_entries (stack), n);
}
END_TEST

/* Random edits, then undo all: the bytes are the original again; redo all gives the edited ones. */
START_TEST (test_random_edits_undo_all)
{
  g_autoptr(TsrUndoStack) stack = tsr_undo_stack_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (1234);
  guint8 original[64], edited[64];

  for (guint i = 0; i < 64; i++)
    original[i] = (guint8) g_rand_int (rand);
  g_byte_array_append (bytes, original, 64);

  for (guint i = 0; i < 500; i++)
    {
      switch (g_rand_int_range (rand, 0, 6))
        {
        case 0:
          tsr_undo_stack_undo (stack);
          break;
        case 1:
          tsr_undo_stack_break_merge (stack);
          break;
        case 2:
          tsr_undo_stack_begin_group (stack, "group");
          tsr_undo_stack_push (stack, test_set_byte_new (bytes, g_rand_int_range (rand, 0, 64), (guint8) g_rand_int (rand), TRUE));
          tsr_undo_stack_push (stack, test_set_byte_new (bytes, g_rand_int_range (rand, 0, 64), (guint8) g_rand_int (rand), FALSE));
          tsr_undo_stack_end_group (stack);
          break;
        default:
          tsr_undo_stack_push (stack, test_set_byte_new (bytes, g_rand_int_range (rand, 0, 64),
                                                         (guint8) g_rand_int (rand), g_rand_boolean (rand)));
        }
    }
  while (tsr_undo_stack_redo (stack))
    ;
  memcpy (edited, bytes->data, 64);
  while (tsr_undo_stack_undo (stack))
    ;
  ck_assert_int_eq (memcmp (bytes->data, original, 64), 0);
  while (tsr_undo_stack_redo (stack))
    ;
  ck_assert_int_eq (memcmp (bytes->data, edited, 64), 0);
}
END_TEST

/* --- Documents --- */

static char *
write_test_file (const char *folder, const char *name, const char *contents)
{
  char *path = g_build_filename (folder, name, NULL);

  ck_assert (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

static guint modified_notifications;

static void
on_modified (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  modified_notifications++;
}

START_TEST (test_document_modified_and_save)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *path = write_test_file (folder, "a.test", "TSRTEST0123");
  g_autofree char *copy_path = g_build_filename (folder, "copy.test", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) copy = g_file_new_for_path (copy_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_document_new_from_file (file, &error);
  g_autofree char *contents = NULL;
  GByteArray *data;

  ck_assert_msg (document != NULL, "%s", error ? error->message : "");
  ck_assert (TSR_IS_BASIC_DOCUMENT (document));
  ck_assert_str_eq (tsr_document_get_format_id (document), "test-bytes");
  ck_assert_str_eq (tsr_document_get_display_name (document), "a.test");
  ck_assert (!tsr_document_get_modified (document));
  g_signal_connect (document, "notify::modified", G_CALLBACK (on_modified), NULL);
  modified_notifications = 0;

  data = tsr_document_get_format_data (document);
  tsr_document_execute (document, test_set_byte_new (data, 7, 'X', TRUE));
  ck_assert (tsr_document_get_modified (document));
  ck_assert (tsr_document_undo (document));
  ck_assert (!tsr_document_get_modified (document));
  ck_assert (tsr_document_redo (document));
  ck_assert_uint_eq (modified_notifications, 3);

  ck_assert (tsr_document_save (document, NULL, TSR_SAVE_BACKUP, &error));
  ck_assert (!tsr_document_get_modified (document));
  ck_assert (g_file_get_contents (path, &contents, NULL, NULL));
  ck_assert_str_eq (contents, "TSRTESTX123");
  g_clear_pointer (&contents, g_free);
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);
    ck_assert (g_file_get_contents (backup, &contents, NULL, NULL));
    ck_assert_str_eq (contents, "TSRTEST0123");
    g_clear_pointer (&contents, g_free);
  }

  /* Save As moves the document to the new file. */
  tsr_document_execute (document, test_set_byte_new (data, 8, 'Y', FALSE));
  ck_assert (tsr_document_save (document, copy, TSR_SAVE_NONE, &error));
  ck_assert (g_file_equal (tsr_document_get_file (document), copy));
  ck_assert_str_eq (tsr_document_get_display_name (document), "copy.test");
  ck_assert (g_file_get_contents (copy_path, &contents, NULL, NULL));
  ck_assert_str_eq (contents, "TSRTESTXY23");
}
END_TEST

START_TEST (test_document_failed_save_keeps_everything)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *path = write_test_file (folder, "b.test", "TSRTEST0123");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrDocument) document = tsr_document_new_from_file (file, &error);
  g_autofree char *contents = NULL;
  GByteArray *data = tsr_document_get_format_data (document);

  tsr_document_execute (document, test_set_byte_new (data, 7, 'Z', FALSE));

  /* The disk fills up midway: the original stays, the document stays modified. */
  tsr_file_inject_write_failure (5);
  ck_assert (!tsr_document_save (document, NULL, TSR_SAVE_NONE, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_IO));
  ck_assert_msg (strstr (error->message, "b.test") != NULL, "%s", error->message);
  g_clear_error (&error);
  ck_assert (tsr_document_get_modified (document));
  ck_assert (g_file_get_contents (path, &contents, NULL, NULL));
  ck_assert_str_eq (contents, "TSRTEST0123");
  g_clear_pointer (&contents, g_free);

  /* Validation errors refuse the save unless forced. */
  tsr_document_execute (document, test_set_byte_new (data, 8, 0xee, FALSE));
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (document), TSR_SEVERITY_ERROR), 1);
  ck_assert (!tsr_document_save (document, NULL, TSR_SAVE_NONE, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_VALIDATION));
  g_clear_error (&error);
  ck_assert (g_file_get_contents (path, &contents, NULL, NULL));
  ck_assert_str_eq (contents, "TSRTEST0123");
  ck_assert (tsr_document_get_modified (document));
  ck_assert (tsr_document_undo (document));
  ck_assert_uint_eq (tsr_findings_count (tsr_document_get_findings (document), TSR_SEVERITY_ERROR), 0);
  ck_assert (tsr_document_redo (document));
  ck_assert (tsr_document_save (document, NULL, TSR_SAVE_FORCE, &error));
  ck_assert (!tsr_document_get_modified (document));
}
END_TEST

START_TEST (test_document_load_errors)
{
  g_autofree char *folder = tsr_test_make_temp_dir ();
  g_autofree char *path = write_test_file (folder, "random.bin", "\x13\x37 not a known format");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/x.sceA");
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) sample = g_bytes_new_static ("TSRTEST", 7);
  g_autoptr(TsrDocument) from_bytes = NULL;

  ck_assert_ptr_null (tsr_document_new_from_file (file, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_UNKNOWN_FORMAT));
  ck_assert_msg (g_str_has_prefix (error->message, path), "%s", error->message);
  g_clear_error (&error);
  ck_assert_ptr_null (tsr_document_new_from_file (missing, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_IO));
  g_clear_error (&error);

  /* A bundled sample has no file: saving needs Save As. */
  from_bytes = tsr_document_new_from_bytes (sample, "sample.test", &error);
  ck_assert_ptr_nonnull (from_bytes);
  ck_assert_ptr_null (tsr_document_get_file (from_bytes));
  ck_assert (!tsr_document_save (from_bytes, NULL, TSR_SAVE_NONE, &error));
  ck_assert (g_error_matches (error, TSR_ERROR, TSR_ERROR_IO));
}
END_TEST

static Suite *
model_suite (void)
{
  Suite *suite = suite_create ("model");
  TCase *undo = tcase_create ("undo");
  TCase *document = tcase_create ("document");

  tcase_add_test (undo, test_undo_redo_and_labels);
  tcase_add_test (undo, test_merge_and_break);
  tcase_add_test (undo, test_groups);
  tcase_add_test (undo, test_clean_point);
  tcase_add_test (undo, test_clean_point_view_steps);
  tcase_add_test (undo, test_random_edits_undo_all);
  tcase_add_test (undo, test_history_positions);
  tcase_add_test (undo, test_history_unlimited);
  tcase_add_test (document, test_document_modified_and_save);
  tcase_add_test (document, test_document_failed_save_keeps_everything);
  tcase_add_test (document, test_document_load_errors);
  suite_add_tcase (suite, undo);
  suite_add_tcase (suite, document);
  return suite;
}

int
main (void)
{
  tsr_format_registry_add (tsr_format_registry_get_default (), &test_format);
  return tsr_test_run_suite (model_suite ());
}
