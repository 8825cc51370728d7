/* bench-hardening.c: what hostile small inputs cost now that loaders are bounded. Each case is
 * built in memory, written to a temporary folder and run in a child process, which reports its
 * time and peak memory (ms, MiB) against the budget of max(64 MiB, 64 x input):
 *   dfwad-huge     a DFWAD of a few hundred KB whose 7 resources each expand to 200 MiB:
 *                  load + describe + validate
 *   sphere-huge    a 2 KB Sphere map declaring 32768 x 32768 pixels: render refused at full
 *                  size, then drawn scaled to 1024 x 1024
 *   dfwad-65535    a 2 MB DFWAD with the most entries a directory holds (a section and 65,534
 *                  distinct small streams): load + describe + validate, once quadratic in the
 *                  entry count (the alias search), now linear
 *   dfz-65535      the same count in a ZIP archive (stored 4-byte entries in a TEXTURES folder) */
#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "core/tsr-writer.h"
#include "formats/tsr-format.h"

static GBytes *
zeros_stream (gsize size)
{
  static const guint8 zeros[65536];
  z_stream stream = { 0 };
  GByteArray *out = g_byte_array_new ();
  guint8 chunk[65536];

  deflateInit (&stream, 9);
  while (size > 0)
    {
      gsize part = MIN (size, sizeof zeros);

      size -= part;
      stream.next_in = (Bytef *) zeros;
      stream.avail_in = (uInt) part;
      do
        {
          stream.next_out = chunk;
          stream.avail_out = sizeof chunk;
          deflate (&stream, size == 0 ? Z_FINISH : Z_NO_FLUSH);
          g_byte_array_append (out, chunk, sizeof chunk - stream.avail_out);
        }
      while (stream.avail_out == 0);
    }
  deflateEnd (&stream);
  return g_byte_array_free_to_bytes (out);
}

static char *
write_dfwad (const char *folder)
{
  g_autoptr(GBytes) stream = zeros_stream ((gsize) 200 * 1024 * 1024);
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  g_autoptr(GBytes) bytes = NULL;
  const char *names[] = { "HUGE", "TEXTURES", "A", "B", "C", "D", "E", "F" };
  char *path = g_build_filename (folder, "huge.wad", NULL);

  tsr_writer_write_bytes (writer, (const guint8 *) "DFWAD\x01", 6);
  tsr_writer_write_u16_le (writer, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      guint8 name[16] = { 0 };

      memcpy (name, names[i], strlen (names[i]));
      tsr_writer_write_bytes (writer, name, 16);
      tsr_writer_write_u32_le (writer, i == 1 ? 0 : 8 + G_N_ELEMENTS (names) * 24);
      tsr_writer_write_u32_le (writer, i == 1 ? 0 : (guint32) g_bytes_get_size (stream));
    }
  tsr_writer_write_bytes (writer, g_bytes_get_data (stream, NULL), g_bytes_get_size (stream));
  bytes = tsr_writer_free_to_bytes (g_steal_pointer (&writer));
  g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL);
  return path;
}

static char *
write_dfwad_many (const char *folder)
{
  const guint count = G_MAXUINT16;
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  g_autoptr(GByteArray) streams = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  char *path = g_build_filename (folder, "many.wad", NULL);
  gsize data_start = 8 + (gsize) count * 24;

  tsr_writer_write_bytes (writer, (const guint8 *) "DFWAD\x01", 6);
  tsr_writer_write_u16_le (writer, (guint16) count);
  for (guint i = 0; i < count; i++)
    {
      guint8 name[16] = { 0 };
      guint8 stream[32];
      uLongf length = sizeof stream;
      guint32 content = GUINT32_TO_LE (i);

      if (i == 0)
        {
          memcpy (name, "TEXTURES", 8);
          tsr_writer_write_bytes (writer, name, 16);
          tsr_writer_write_u32_le (writer, 0);
          tsr_writer_write_u32_le (writer, 0);
          continue;
        }
      g_snprintf ((char *) name, sizeof name, "R%05u", i);
      compress2 (stream, &length, (const Bytef *) &content, sizeof content, 9);
      tsr_writer_write_bytes (writer, name, 16);
      tsr_writer_write_u32_le (writer, (guint32) (data_start + streams->len));
      tsr_writer_write_u32_le (writer, (guint32) length);
      g_byte_array_append (streams, stream, (guint) length);
    }
  tsr_writer_write_bytes (writer, streams->data, streams->len);
  bytes = tsr_writer_free_to_bytes (g_steal_pointer (&writer));
  g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL);
  return path;
}

static char *
write_zip_many (const char *folder)
{
  const guint count = G_MAXUINT16;
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  g_autoptr(TsrWriter) central = tsr_writer_new ();
  g_autoptr(GBytes) bytes = NULL, directory = NULL;
  char *path = g_build_filename (folder, "many.dfz", NULL);

  for (guint i = 0; i < count; i++)
    {
      char name[32];
      guint32 content = GUINT32_TO_LE (i);
      gsize length = i == 0 ? 0 : sizeof content;
      guint32 crc = i == 0 ? 0 : (guint32) crc32 (0, (const Bytef *) &content, sizeof content);
      gsize offset = tsr_writer_tell (writer);
      gsize name_length;

      if (i == 0)
        g_strlcpy (name, "TEXTURES/", sizeof name);
      else
        g_snprintf (name, sizeof name, "TEXTURES/R%05u", i);
      name_length = strlen (name);
      tsr_writer_write_bytes (writer, (const guint8 *) "PK\3\4", 4);
      tsr_writer_write_u16_le (writer, 10);
      tsr_writer_write_zeros (writer, 4);                 /* flags, method: stored */
      tsr_writer_write_u16_le (writer, 0);                /* time */
      tsr_writer_write_u16_le (writer, 0x21);             /* date */
      tsr_writer_write_u32_le (writer, crc);
      tsr_writer_write_u32_le (writer, (guint32) length);
      tsr_writer_write_u32_le (writer, (guint32) length);
      tsr_writer_write_u16_le (writer, (guint16) name_length);
      tsr_writer_write_u16_le (writer, 0);
      tsr_writer_write_bytes (writer, (const guint8 *) name, name_length);
      tsr_writer_write_bytes (writer, (const guint8 *) &content, length);

      tsr_writer_write_bytes (central, (const guint8 *) "PK\1\2", 4);
      tsr_writer_write_u16_le (central, 20);
      tsr_writer_write_u16_le (central, 10);
      tsr_writer_write_zeros (central, 4);
      tsr_writer_write_u16_le (central, 0);
      tsr_writer_write_u16_le (central, 0x21);
      tsr_writer_write_u32_le (central, crc);
      tsr_writer_write_u32_le (central, (guint32) length);
      tsr_writer_write_u32_le (central, (guint32) length);
      tsr_writer_write_u16_le (central, (guint16) name_length);
      tsr_writer_write_zeros (central, 12);               /* extra, comment, disk, attributes */
      tsr_writer_write_u32_le (central, (guint32) offset);
      tsr_writer_write_bytes (central, (const guint8 *) name, name_length);
    }
  {
    gsize directory_offset = tsr_writer_tell (writer);

    directory = tsr_writer_free_to_bytes (g_steal_pointer (&central));
    tsr_writer_write_gbytes (writer, directory);
    tsr_writer_write_bytes (writer, (const guint8 *) "PK\5\6", 4);
    tsr_writer_write_zeros (writer, 4);
    tsr_writer_write_u16_le (writer, (guint16) count);
    tsr_writer_write_u16_le (writer, (guint16) count);
    tsr_writer_write_u32_le (writer, (guint32) g_bytes_get_size (directory));
    tsr_writer_write_u32_le (writer, (guint32) directory_offset);
    tsr_writer_write_u16_le (writer, 0);
  }
  bytes = tsr_writer_free_to_bytes (g_steal_pointer (&writer));
  g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL);
  return path;
}

static char *
write_sphere_map (const char *folder)
{
  guint8 rts[256] = { '.', 'r', 't', 's', 1, 0, 0, 0, 0, 4, 0, 4, 32, 0 }; /* 0 tiles of 1024 */
  guint8 rmp[256] = { '.', 'r', 'm', 'p', 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0 };
  guint8 layer[32] = { 32, 0, 32, 0 };
  g_autoptr(GByteArray) map = g_byte_array_new ();
  g_autofree char *rts_path = g_build_filename (folder, "big.rts", NULL);
  char *path = g_build_filename (folder, "big.rmp", NULL);

  g_byte_array_append (map, rmp, sizeof rmp);
  g_byte_array_append (map, (const guint8 *) "\x07\x00" "big.rts", 9);
  for (int i = 0; i < 8; i++)
    g_byte_array_append (map, (const guint8 *) "\0\0", 2);
  g_byte_array_append (map, layer, sizeof layer);
  for (int i = 0; i < 32 * 32; i++)
    g_byte_array_append (map, (const guint8 *) "\0\0", 2);
  g_file_set_contents (rts_path, (const char *) rts, sizeof rts, NULL);
  g_file_set_contents (path, (const char *) map->data, map->len, NULL);
  return path;
}

static int
run_case (const char *name, const char *path, gboolean render)
{
  const TsrFormat *format = NULL;
  gpointer data = tsr_format_load_file (tsr_format_registry_get_default (), path, &format, NULL);

  if (data == NULL)
    return 1;
  if (!render)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(GPtrArray) findings = tsr_findings_new ();

      json_builder_begin_object (builder);
      format->describe (data, builder);
      json_builder_end_object (builder);
      format->validate (data, findings);
    }
  else
    {
      TsrRenderOptions full = { -1, 0, 0 }, scaled = { -1, 1024, 1024 };
      g_autoptr(TsrImage) refused = format->render (data, &full, NULL);
      g_autoptr(TsrImage) image = format->render (data, &scaled, NULL);

      if (refused != NULL || image == NULL)
        return 1;
    }
  format->free (data);
  return 0;
}

static void
measure (const char *name, const char *path, gboolean render)
{
  struct rusage usage = { 0 };
  gint64 start = g_get_monotonic_time ();
  GStatBuf status;
  int wait_status = 0;
  pid_t pid;

  fflush (NULL);
  pid = fork ();
  if (pid == 0)
    _exit (run_case (name, path, render));
  wait4 (pid, &wait_status, 0, &usage);
  g_stat (path, &status);
  g_print ("%-12s %8.1f ms  peak %6.1f MiB  input %" G_GINT64_FORMAT " bytes, budget %.0f MiB%s\n", name,
           (g_get_monotonic_time () - start) / 1000.0, usage.ru_maxrss / 1024.0, (gint64) status.st_size,
           MAX (64.0, status.st_size * 64.0 / (1024 * 1024)),
           WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == 0 ? "" : "  (FAILED)");
}

int
main (void)
{
  g_autofree char *folder = g_dir_make_tmp ("tessera-bench-XXXXXX", NULL);
  g_autofree char *wad = write_dfwad (folder);
  g_autofree char *map = write_sphere_map (folder);
  g_autofree char *tileset = g_build_filename (folder, "big.rts", NULL);
  g_autofree char *many = write_dfwad_many (folder);
  g_autofree char *many_zip = write_zip_many (folder);

  measure ("dfwad-huge", wad, FALSE);
  measure ("sphere-huge", map, TRUE);
  measure ("dfwad-65535", many, FALSE);
  measure ("dfz-65535", many_zip, FALSE);
  g_unlink (many);
  g_unlink (many_zip);
  g_unlink (wad);
  g_unlink (map);
  g_unlink (tileset);
  g_rmdir (folder);
  return 0;
}
