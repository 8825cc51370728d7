/* test-doom2d-limits.c: a decompression bomb under a real memory limit (issue 41, "bounded by
 * absolute limits"). A 4 MB DFWAD whose eight resources each expand to 200 MB is within the
 * relative cap (64 times the archive, 256 MB a resource), yet all eight would take 1.6 GB. One
 * document holds no more than an absolute limit decompressed: a forked child under an address
 * space limit (setrlimit RLIMIT_AS) reads the resources, keeping them, and the one beyond the
 * limit fails as a GError; dropping one makes room again. Before the limit the child died in a
 * GLib allocation. Peak memory is printed. */
#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "core/tsr-error.h"
#include "core/tsr-writer.h"
#include "formats/doom2d/tsr-doom2d-wad.h"
#include "tsr-test-common.h"

#define EXPANDED ((gsize) 200 * 1024 * 1024)
#define PADDING  ((gsize) 4 * 1024 * 1024)

/* A zlib stream of SIZE zero bytes (level 9: about a thousandth of SIZE). */
static GBytes *
zeros_stream (gsize size)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  static const guint8 zeros[65536] = { 0 };
  z_stream stream = { 0 };
  gsize left = size;
  int status;

  ck_assert_int_eq (deflateInit (&stream, 9), Z_OK);
  do
    {
      guint8 chunk[65536];
      gsize take = MIN (left, sizeof zeros);

      stream.next_in = (Bytef *) zeros;
      stream.avail_in = (uInt) take;
      left -= take;
      do
        {
          stream.next_out = chunk;
          stream.avail_out = sizeof chunk;
          status = deflate (&stream, left == 0 ? Z_FINISH : Z_NO_FLUSH);
          g_byte_array_append (out, chunk, (guint) (sizeof chunk - stream.avail_out));
        }
      while (stream.avail_out == 0);
    }
  while (left > 0);
  ck_assert_int_eq (status, Z_STREAM_END);
  deflateEnd (&stream);
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

/* The bomb: eight resources sharing one stream of EXPANDED zeros, and a stored padding resource
 * that makes the archive PADDING bytes big (so the relative cap allows 64 times that). */
static GBytes *
bomb_archive (void)
{
  g_autoptr(GBytes) stream = zeros_stream (EXPANDED);
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  g_autofree guint8 *random = g_malloc (PADDING);
  g_autofree guint8 *padding = NULL;
  uLongf padding_size = compressBound (PADDING);
  const guint count = 9;
  guint32 data_start = 8 + count * 24;
  GRand *rand = g_rand_new_with_seed (41);

  for (gsize i = 0; i < PADDING; i++)
    random[i] = (guint8) g_rand_int (rand);
  g_rand_free (rand);
  padding = g_malloc (padding_size);
  ck_assert_int_eq (compress2 (padding, &padding_size, random, PADDING, 0), Z_OK);

  tsr_writer_write_bytes (writer, (const guint8 *) "DFWAD\x01", 6);
  tsr_writer_write_u16_le (writer, (guint16) count);
  for (guint i = 0; i < count; i++)
    {
      guint8 name[16] = { 0 };

      g_snprintf ((char *) name, sizeof name, i == 0 ? "PADDING" : "BOMB%u", i);
      tsr_writer_write_bytes (writer, name, 16);
      if (i == 0)
        {
          tsr_writer_write_u32_le (writer, data_start);
          tsr_writer_write_u32_le (writer, (guint32) padding_size);
        }
      else
        {
          tsr_writer_write_u32_le (writer, data_start + (guint32) padding_size);
          tsr_writer_write_u32_le (writer, (guint32) g_bytes_get_size (stream));
        }
    }
  tsr_writer_write_bytes (writer, padding, padding_size);
  tsr_writer_write_bytes (writer, g_bytes_get_data (stream, NULL), g_bytes_get_size (stream));
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

/* In the child: reads every bomb resource, keeping each, under LIMIT held; exits 0 when the one
 * beyond the limit failed cleanly and dropping one made room, 2 on a wrong outcome. */
static int
child_reads (GBytes *bytes,
             gsize   limit)
{
  g_autoptr(GError) error = NULL;
  TsrDoom2dWad *wad = tsr_doom2d_wad_read (bytes, &error);
  GPtrArray *kept = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  guint refused = 0;
  struct rusage usage;

  if (wad == NULL)
    return 2;
  tsr_doom2d_wad_set_held_limit (limit);
  for (guint i = 0; i < wad->entries->len; i++)
    {
      TsrDoom2dWadEntry *entry = g_ptr_array_index (wad->entries, i);
      GBytes *data;

      if (!g_str_has_prefix (entry->name, "BOMB"))
        continue;
      data = tsr_doom2d_wad_get_data (wad, entry, &error);
      if (data == NULL)
        {
          g_print ("%s: %s\n", entry->name, error->message);
          if (!g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE)
              || strstr (error->message, "what one document may hold decompressed") == NULL)
            return 2;
          g_clear_error (&error);
          refused++;
          continue;
        }
      if (g_bytes_get_size (data) != EXPANDED)
        return 2;
      g_ptr_array_add (kept, data);
    }
  /* One at a time fits (the first), every other is refused; freed, the room is back. */
  if (kept->len != 1 || refused != 7 || tsr_doom2d_wad_get_held (wad) != EXPANDED)
    return 2;
  g_ptr_array_set_size (kept, 0);
  if (tsr_doom2d_wad_get_held (wad) != 0)
    return 2;
  g_ptr_array_add (kept, tsr_doom2d_wad_get_data (wad, g_ptr_array_index (wad->entries, 2), &error));
  if (g_ptr_array_index (kept, 0) == NULL)
    return 2;
  g_ptr_array_unref (kept);
  tsr_doom2d_wad_free (wad);
  getrusage (RUSAGE_SELF, &usage);
  g_print ("bomb: 4 MB archive, 8 resources of 200 MB; held limit %zu MiB; peak RSS %ld MiB under a 1 GiB address "
           "space limit\n", limit >> 20, usage.ru_maxrss / 1024);
  return 0;
}

START_TEST (test_bomb_under_memory_limit)
{
  g_autoptr(GBytes) bytes = bomb_archive ();
  int status = 0;
  pid_t child;

#if defined(__SANITIZE_ADDRESS__)
  /* ASan reserves terabytes of address space: an address space limit cannot apply. */
  return;
#endif
  ck_assert_uint_lt (g_bytes_get_size (bytes), PADDING + 1024 * 1024);
  child = fork ();
  ck_assert_int_ge (child, 0);
  if (child == 0)
    {
      struct rlimit limit = { (rlim_t) 1024 * 1024 * 1024, (rlim_t) 1024 * 1024 * 1024 };

      if (setrlimit (RLIMIT_AS, &limit) != 0)
        _exit (3);
      /* A limit between one resource and two: 256 MiB. */
      _exit (child_reads (bytes, (gsize) 256 * 1024 * 1024));
    }
  ck_assert_int_eq (waitpid (child, &status, 0), child);
  ck_assert_msg (WIFEXITED (status), "the child died of signal %d (an allocation aborted?)",
                 WIFSIGNALED (status) ? WTERMSIG (status) : 0);
  ck_assert_int_eq (WEXITSTATUS (status), 0);
}
END_TEST

/* The address space this process uses now, from /proc/self/status (VmSize), or 0. */
static gsize
address_space_now (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (line = strstr (status, "VmSize:")) == NULL)
    return 0;
  return (gsize) g_ascii_strtoull (line + 7, NULL, 10) * 1024;
}

/* In the child: one bomb resource that would fit every limit but not the memory left; exits 0
 * when reading it fails as a GError naming the resource and how far it got, 2 otherwise. */
static int
child_runs_out (GBytes *bytes)
{
  g_autoptr(GError) error = NULL;
  TsrDoom2dWad *wad = tsr_doom2d_wad_read (bytes, &error);
  TsrDoom2dWadEntry *entry;
  GBytes *data;
  struct rusage usage;

  if (wad == NULL)
    return 2;
  tsr_doom2d_wad_set_held_limit ((gsize) 1024 * 1024 * 1024);
  entry = g_ptr_array_index (wad->entries, 1);
  data = tsr_doom2d_wad_get_data (wad, entry, &error);
  if (data != NULL)
    return 2;
  g_print ("%s\n", error->message);
  if (!g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE)
      || strstr (error->message, "BOMB1: no memory for more than") == NULL
      || strstr (error->message, "offset") == NULL)
    return 2;
  tsr_doom2d_wad_free (wad);
  getrusage (RUSAGE_SELF, &usage);
  g_print ("out of memory: a 200 MB resource with 128 MiB of address space left; peak RSS %ld MiB\n",
           usage.ru_maxrss / 1024);
  return 0;
}

/* A resource within every limit of the archive still cannot take memory the process does not have:
 * the decompressed data grows with g_try_realloc, and running out is an error (before: an abort in
 * g_byte_array_append). */
START_TEST (test_resource_beyond_memory_left)
{
  g_autoptr(GBytes) bytes = bomb_archive ();
  int status = 0;
  pid_t child;

#if defined(__SANITIZE_ADDRESS__)
  return;
#endif
  child = fork ();
  ck_assert_int_ge (child, 0);
  if (child == 0)
    {
      gsize now = address_space_now ();
      struct rlimit limit = { (rlim_t) now + 128 * 1024 * 1024, (rlim_t) now + 128 * 1024 * 1024 };

      if (now == 0 || setrlimit (RLIMIT_AS, &limit) != 0)
        _exit (3);
      _exit (child_runs_out (bytes));
    }
  ck_assert_int_eq (waitpid (child, &status, 0), child);
  ck_assert_msg (WIFEXITED (status), "the child died of signal %d (an allocation aborted?)",
                 WIFSIGNALED (status) ? WTERMSIG (status) : 0);
  ck_assert_int_eq (WEXITSTATUS (status), 0);
}
END_TEST

#define ZIP_EXPANDED ((gsize) 60 * 1024 * 1024)

/* A ZIP of one entry, BOMB, deflating ZIP_EXPANDED zeros: below every size limit (64 MiB a
 * resource at least), about 60 KB. */
static GBytes *
zip_bomb (void)
{
  g_autoptr(TsrWriter) writer = tsr_writer_new ();
  g_autoptr(GByteArray) raw = g_byte_array_new ();
  static const guint8 zeros[65536] = { 0 };
  z_stream stream = { 0 };
  gsize left = ZIP_EXPANDED;
  uLong crc = crc32 (0, NULL, 0);
  gsize central;
  int status;

  ck_assert_int_eq (deflateInit2 (&stream, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  do
    {
      guint8 chunk[65536];
      gsize take = MIN (left, sizeof zeros);

      crc = crc32 (crc, zeros, (uInt) take);
      stream.next_in = (Bytef *) zeros;
      stream.avail_in = (uInt) take;
      left -= take;
      do
        {
          stream.next_out = chunk;
          stream.avail_out = sizeof chunk;
          status = deflate (&stream, left == 0 ? Z_FINISH : Z_NO_FLUSH);
          g_byte_array_append (raw, chunk, (guint) (sizeof chunk - stream.avail_out));
        }
      while (stream.avail_out == 0);
    }
  while (left > 0);
  ck_assert_int_eq (status, Z_STREAM_END);
  deflateEnd (&stream);

  for (guint header = 0; header < 2; header++)
    {
      if (header == 1)
        central = tsr_writer_tell (writer);
      tsr_writer_write_u32_le (writer, header == 0 ? 0x04034b50 : 0x02014b50);
      if (header == 1)
        tsr_writer_write_u16_le (writer, 20);
      tsr_writer_write_u16_le (writer, 20);
      tsr_writer_write_u16_le (writer, 0);            /* flags */
      tsr_writer_write_u16_le (writer, 8);            /* deflate */
      tsr_writer_write_u16_le (writer, 0);            /* time */
      tsr_writer_write_u16_le (writer, 0x21);         /* date: 1980-01-01 */
      tsr_writer_write_u32_le (writer, (guint32) crc);
      tsr_writer_write_u32_le (writer, raw->len);
      tsr_writer_write_u32_le (writer, (guint32) ZIP_EXPANDED);
      tsr_writer_write_u16_le (writer, 4);
      tsr_writer_write_u16_le (writer, 0);
      if (header == 1)
        {
          tsr_writer_write_u16_le (writer, 0);        /* comment */
          tsr_writer_write_u16_le (writer, 0);        /* disk */
          tsr_writer_write_u16_le (writer, 0);
          tsr_writer_write_u32_le (writer, 0);
          tsr_writer_write_u32_le (writer, 0);        /* local header offset */
        }
      tsr_writer_write_bytes (writer, (const guint8 *) "BOMB", 4);
      if (header == 0)
        tsr_writer_write_bytes (writer, raw->data, raw->len);
    }
  tsr_writer_write_u32_le (writer, 0x06054b50);
  tsr_writer_write_u16_le (writer, 0);
  tsr_writer_write_u16_le (writer, 0);
  tsr_writer_write_u16_le (writer, 1);
  tsr_writer_write_u16_le (writer, 1);
  tsr_writer_write_u32_le (writer, (guint32) (tsr_writer_tell (writer) - 12 - central));
  tsr_writer_write_u32_le (writer, (guint32) central);
  tsr_writer_write_u16_le (writer, 0);
  return tsr_writer_free_to_bytes (g_steal_pointer (&writer));
}

/* The same through libzip: a ZIP entry the process has no memory for is a GError. */
START_TEST (test_zip_entry_beyond_memory_left)
{
  g_autoptr(GBytes) bytes = zip_bomb ();
  g_autoptr(GError) error = NULL;
  TsrDoom2dWad *wad;
  int status = 0;
  pid_t child;

  if (!tsr_doom2d_zip_available ())
    return;
  ck_assert_uint_lt (g_bytes_get_size (bytes), 256 * 1024);
  wad = tsr_doom2d_archive_read (bytes, &error);
  ck_assert_msg (wad != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (wad->entries->len, 1);
#if !defined(__SANITIZE_ADDRESS__)
  child = fork ();
  ck_assert_int_ge (child, 0);
  if (child == 0)
    {
      gsize now = address_space_now ();
      struct rlimit limit = { (rlim_t) now + 32 * 1024 * 1024, (rlim_t) now + 32 * 1024 * 1024 };
      GBytes *data;

      if (now == 0 || setrlimit (RLIMIT_AS, &limit) != 0)
        _exit (3);
      data = tsr_doom2d_wad_get_data (wad, g_ptr_array_index (wad->entries, 0), &error);
      if (data != NULL)
        _exit (2);
      g_print ("%s\n", error->message);
      _exit (g_error_matches (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE)
             && strstr (error->message, "BOMB: no memory for more than") != NULL ? 0 : 2);
    }
  ck_assert_int_eq (waitpid (child, &status, 0), child);
  ck_assert_msg (WIFEXITED (status), "the child died of signal %d (an allocation aborted?)",
                 WIFSIGNALED (status) ? WTERMSIG (status) : 0);
  ck_assert_int_eq (WEXITSTATUS (status), 0);
#else
  /* The sanitizer reserves more address space than any limit would leave. */
  (void) status;
  (void) child;
#endif
  tsr_doom2d_wad_free (wad);
}
END_TEST

/* The default limit is absolute: a default archive holds 1 GiB at most. */
START_TEST (test_default_held_limit)
{
  tsr_doom2d_wad_set_held_limit (0);
  ck_assert_uint_eq (tsr_doom2d_wad_get_held_limit (), TSR_DOOM2D_DEFAULT_HELD_LIMIT);
  ck_assert_uint_eq (TSR_DOOM2D_DEFAULT_HELD_LIMIT, (gsize) 1024 * 1024 * 1024);
}
END_TEST

static Suite *
doom2d_limits_suite (void)
{
  Suite *suite = suite_create ("doom2d-limits");
  TCase *limits = tcase_create ("limits");

  tcase_set_timeout (limits, 300);
  tcase_add_test (limits, test_bomb_under_memory_limit);
  tcase_add_test (limits, test_resource_beyond_memory_left);
  tcase_add_test (limits, test_zip_entry_beyond_memory_left);
  tcase_add_test (limits, test_default_held_limit);
  suite_add_tcase (suite, limits);
  return suite;
}

int
main (void)
{
  return tsr_test_run_suite (doom2d_limits_suite ());
}
