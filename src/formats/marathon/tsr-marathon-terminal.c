/* tsr-marathon-terminal.c: the 'term' chunk as structs and back. The script language lives in
 * tsr-marathon-terminal-script.c. */
#include "formats/marathon/tsr-marathon-terminal.h"

#include <string.h>

#include "core/tsr-error.h"
#include "core/tsr-reader.h"
#include "core/tsr-writer.h"
#include <glib/gi18n.h>

#define TERMINAL_HEADER_SIZE 10
#define GROUP_SIZE 12
#define FACE_SIZE 6

static const char *const group_type_names[TSR_MARATHON_N_GROUP_TYPES] = {
  "LOGON", "UNFINISHED", "FINISHED", "FAILED", "INFORMATION", "END", "INTERLEVEL TELEPORT",
  "INTRALEVEL TELEPORT", "CHECKPOINT", "SOUND", "MOVIE", "TRACK", "PICT", "LOGOFF", "CAMERA",
  "STATIC", "TAG",
};

const char *
tsr_marathon_group_type_name (int type)
{
  if (type < 0 || type >= TSR_MARATHON_N_GROUP_TYPES)
    return NULL;
  return group_type_names[type];
}

TsrMarathonTerminal *
tsr_marathon_terminal_new (void)
{
  TsrMarathonTerminal *terminal = g_new0 (TsrMarathonTerminal, 1);

  terminal->lines_per_page = 22;
  terminal->groups = g_array_new (FALSE, TRUE, sizeof (TsrMarathonTerminalGroup));
  terminal->faces = g_array_new (FALSE, TRUE, sizeof (TsrMarathonTextFace));
  terminal->text = g_bytes_new (NULL, 0);
  return terminal;
}

TsrMarathonTerminal *
tsr_marathon_terminal_copy (const TsrMarathonTerminal *terminal)
{
  TsrMarathonTerminal *copy = g_new0 (TsrMarathonTerminal, 1);

  copy->flags = terminal->flags;
  copy->flags_stated = terminal->flags_stated;
  copy->resource_id = terminal->resource_id;
  copy->groups_offset = terminal->groups_offset;
  copy->lines_per_page = terminal->lines_per_page;
  copy->groups = g_array_copy (terminal->groups);
  copy->faces = g_array_copy (terminal->faces);
  copy->text = g_bytes_ref (terminal->text);
  return copy;
}

GPtrArray *
tsr_marathon_terminals_copy (const GPtrArray *terminals)
{
  GPtrArray *copy = g_ptr_array_new_full (terminals->len, (GDestroyNotify) tsr_marathon_terminal_free);

  for (guint t = 0; t < terminals->len; t++)
    g_ptr_array_add (copy, tsr_marathon_terminal_copy (g_ptr_array_index ((GPtrArray *) terminals, t)));
  return copy;
}

void
tsr_marathon_terminal_free (TsrMarathonTerminal *terminal)
{
  if (terminal == NULL)
    return;
  g_array_unref (terminal->groups);
  g_array_unref (terminal->faces);
  g_clear_pointer (&terminal->text, g_bytes_unref);
  g_free (terminal);
}

void
tsr_marathon_terminal_xor (guint8 *data,
                           gsize   size)
{
  gsize i = 0;

  for (gsize block = 0; block < size / 4; block++)
    {
      i += 2;
      data[i++] ^= 0xFE;
      data[i++] ^= 0xED;
    }
  for (gsize rest = 0; rest < size % 4; rest++)
    data[i++] ^= 0xFE;
}

GPtrArray *
tsr_marathon_terminals_parse (const guint8 *data,
                              gsize         size,
                              const char   *label,
                              GError      **error)
{
  g_autoptr(GPtrArray) terminals = g_ptr_array_new_with_free_func ((GDestroyNotify) tsr_marathon_terminal_free);
  TsrReader chunk;

  tsr_reader_init (&chunk, data, size, label != NULL ? label : "term");
  while (!tsr_reader_at_end (&chunk))
    {
      g_autoptr(TsrMarathonTerminal) terminal = tsr_marathon_terminal_new ();
      gsize start = tsr_reader_tell (&chunk);
      guint16 total, n_groups, n_faces;
      gsize fixed;
      TsrReader reader;
      guint8 *text;
      gsize text_size;

      if (!tsr_reader_read_u16_be (&chunk, &total, error))
        return NULL;
      if (!tsr_reader_sub (&chunk, start, total, NULL, &reader, error))
        return NULL;
      if (!tsr_reader_skip (&reader, 2, error)
          || !tsr_reader_read_u16_be (&reader, &terminal->flags, error)
          || !tsr_reader_read_s16_be (&reader, &terminal->lines_per_page, error)
          || !tsr_reader_read_u16_be (&reader, &n_groups, error)
          || !tsr_reader_read_u16_be (&reader, &n_faces, error))
        return NULL;
      fixed = TERMINAL_HEADER_SIZE + (gsize) n_groups * GROUP_SIZE + (gsize) n_faces * FACE_SIZE;
      if (fixed > total)
        {
          tsr_set_error_at (error, TSR_ERROR_TRUNCATED, chunk.base + start,
                            _("%s: terminal %u: %u groups and %u faces need %zu bytes, its length is %u"), chunk.label, terminals->len, n_groups,
                            n_faces, fixed, total);
          return NULL;
        }
      g_array_set_size (terminal->groups, n_groups);
      terminal->groups_offset = chunk.base + start + TERMINAL_HEADER_SIZE;
      for (guint g = 0; g < n_groups; g++)
        {
          TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);

          if (!tsr_reader_read_u16_be (&reader, &group->flags, error)
              || !tsr_reader_read_s16_be (&reader, &group->type, error)
              || !tsr_reader_read_s16_be (&reader, &group->permutation, error)
              || !tsr_reader_read_u16_be (&reader, &group->start_index, error)
              || !tsr_reader_read_u16_be (&reader, &group->length, error)
              || !tsr_reader_read_s16_be (&reader, &group->maximum_lines, error))
            return NULL;
        }
      g_array_set_size (terminal->faces, n_faces);
      for (guint f = 0; f < n_faces; f++)
        {
          TsrMarathonTextFace *face = &g_array_index (terminal->faces, TsrMarathonTextFace, f);

          if (!tsr_reader_read_s16_be (&reader, &face->index, error)
              || !tsr_reader_read_s16_be (&reader, &face->face, error)
              || !tsr_reader_read_s16_be (&reader, &face->color, error))
            return NULL;
        }
      text_size = total - fixed;
      text = g_malloc (text_size + 1);
      if (!tsr_reader_read_bytes (&reader, text_size, text, error))
        {
          g_free (text);
          return NULL;
        }
      if (terminal->flags & TSR_MARATHON_TERMINAL_ENCODED)
        tsr_marathon_terminal_xor (text, text_size);
      g_bytes_unref (terminal->text);
      terminal->text = g_bytes_new_take (text, text_size);
      if (!tsr_reader_seek (&chunk, start + total, error))
        return NULL;
      if (total < TERMINAL_HEADER_SIZE)
        {
          tsr_set_error_at (error, TSR_ERROR_INVALID, chunk.base + start,
                            _("%s: terminal length of at least 10 expected, found %u"), chunk.label, total);
          return NULL;
        }
      g_ptr_array_add (terminals, g_steal_pointer (&terminal));
    }
  return g_steal_pointer (&terminals);
}

GBytes *
tsr_marathon_terminals_serialize (GPtrArray *terminals,
                                  GError   **error)
{
  g_autoptr(TsrWriter) writer = tsr_writer_new ();

  for (guint t = 0; t < terminals->len; t++)
    {
      TsrMarathonTerminal *terminal = g_ptr_array_index (terminals, t);
      gsize text_size = g_bytes_get_size (terminal->text);
      gsize total = TERMINAL_HEADER_SIZE + terminal->groups->len * GROUP_SIZE
                    + terminal->faces->len * FACE_SIZE + text_size;
      g_autofree guint8 *text = NULL;

      if (total > G_MAXUINT16)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                       _("terminal %u: at most 65535 bytes expected, it needs %zu"), t, total);
          return NULL;
        }
      tsr_writer_write_u16_be (writer, (guint16) total);
      tsr_writer_write_u16_be (writer, terminal->flags);
      tsr_writer_write_u16_be (writer, (guint16) terminal->lines_per_page);
      tsr_writer_write_u16_be (writer, (guint16) terminal->groups->len);
      tsr_writer_write_u16_be (writer, (guint16) terminal->faces->len);
      for (guint g = 0; g < terminal->groups->len; g++)
        {
          TsrMarathonTerminalGroup *group = &g_array_index (terminal->groups, TsrMarathonTerminalGroup, g);

          tsr_writer_write_u16_be (writer, group->flags);
          tsr_writer_write_u16_be (writer, (guint16) group->type);
          tsr_writer_write_u16_be (writer, (guint16) group->permutation);
          tsr_writer_write_u16_be (writer, group->start_index);
          tsr_writer_write_u16_be (writer, group->length);
          tsr_writer_write_u16_be (writer, (guint16) group->maximum_lines);
        }
      for (guint f = 0; f < terminal->faces->len; f++)
        {
          TsrMarathonTextFace *face = &g_array_index (terminal->faces, TsrMarathonTextFace, f);

          tsr_writer_write_u16_be (writer, (guint16) face->index);
          tsr_writer_write_u16_be (writer, (guint16) face->face);
          tsr_writer_write_u16_be (writer, (guint16) face->color);
        }
      text = g_memdup2 (g_bytes_get_data (terminal->text, NULL), text_size);
      if (terminal->flags & TSR_MARATHON_TERMINAL_ENCODED)
        tsr_marathon_terminal_xor (text, text_size);
      tsr_writer_write_bytes (writer, text, text_size);
    }
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}
