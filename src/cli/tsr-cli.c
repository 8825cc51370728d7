/* tsr-cli.c: tessera-cli, the headless face of Tessera. It uses the same registry, load, save and
 * validate paths as the editor, so tests and scripts see exactly what users get. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <sys/mman.h>
#endif

#include "core/tsr-error.h"
#include "core/tsr-file.h"
#include "formats/marathon/tsr-marathon-derive.h"
#include "formats/marathon/tsr-marathon-maps-formats.h"
#include "formats/tsr-format.h"
#include "formats/doom2d/tsr-doom2d-formats.h"
#include "tsr-cli-doom2d.h"
#include "tsr-cli-marathon.h"
#include "tsr-cli-shapes.h"
#include "tsr-cli-terminal.h"
#include "tsr-cli-script.h"
#include "tsr-cli-visual.h"

enum {
  EXIT_OK = 0,
  EXIT_FAILED = 1,        /* load failure, differing round trip, validation errors */
  EXIT_UNSUPPORTED = 2,   /* usage errors, or an operation no format offers for this file */
};

typedef struct {
  const char *name;
  const char *usage;
  const char *summary;
  int       (*run) (int argc, char **argv);
} TsrCliCommand;

/* Every message about a file goes through here: the path once, no control bytes from the file. */
static void
print_file_error (const char *path, const char *message)
{
  g_autofree char *line = tsr_error_describe_for_path (path, message);

  g_printerr ("tessera-cli: %s\n", line);
}

static void
print_error (const char *message)
{
  g_autofree char *line = tsr_escape_control (message);

  g_printerr ("tessera-cli: %s\n", line);
}

/* The exit status for a failed operation: asking for a level the file does not hold is a usage
 * error, like a negative --level. */
static int
failure_status (const GError *error)
{
  return g_error_matches (error, TSR_ERROR, TSR_ERROR_NO_SUCH_LEVEL) ? EXIT_UNSUPPORTED : EXIT_FAILED;
}

/* A loaded file: the codec data and its format, freed together, and the bytes read (NULL for a
 * folder). */
typedef struct {
  const TsrFormat *format;
  gpointer         data;
  GBytes          *bytes;
} TsrLoaded;

/* What a command loaded is left for the process's exit to take back: freeing a scenario's levels
 * chunk by chunk and unmapping its file cost ~0.1 ms of a 2 ms round trip, just before the exit
 * that frees everything at once. Kept here, it stays reachable, which leak checkers (the tests
 * run tessera-cli under ASan) count as in use, not leaked. A command that loads more than this
 * frees the rest. */
static TsrLoaded kept_for_exit[2];

static void
tsr_loaded_clear (TsrLoaded *loaded)
{
  for (guint i = 0; i < G_N_ELEMENTS (kept_for_exit); i++)
    if (kept_for_exit[i].data == NULL && kept_for_exit[i].bytes == NULL)
      {
        kept_for_exit[i] = *loaded;
        *loaded = (TsrLoaded) { 0 };
        return;
      }
  if (loaded->data != NULL)
    loaded->format->free (loaded->data);
  loaded->data = NULL;
  g_clear_pointer (&loaded->bytes, g_bytes_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TsrLoaded, tsr_loaded_clear)

/* A command is a short-lived process that decodes a whole file into memory (a scenario's 37
 * levels are 4 MB of records): on a machine where each page fault is costly, faulting it in 4 KiB
 * at a time was most of a round trip. So what glibc's glibc.malloc.hugetlb=1 tunable does, set
 * here: the heap grows in one 32 MiB step that may be backed by transparent huge pages (where the
 * system allows them on request), big buffers come from it too instead of a fresh mapping each,
 * and nothing is handed back before exit. Only pages touched count against memory. */
static void
heap_for_a_command (void)
{
#if defined(__GLIBC__) && defined(M_TOP_PAD)
  const gsize pad = 32 * 1024 * 1024;

  mallopt (M_TOP_PAD, (int) pad);
  mallopt (M_MMAP_THRESHOLD, (int) pad);
  mallopt (M_TRIM_THRESHOLD, (int) (4 * pad));
#endif
}

/* A huge page is cleared whole when first touched, 2 MiB for a heap that may need a few KiB: a
 * command on a small input (a 21 KB Sphere map) ran 0.14-0.18 ms (17-21 %) faster on small pages,
 * one on a large input (4 MB of Marathon records) 0.7 ms faster on huge ones. So the heap takes huge
 * pages from the point where the command has read this much input, or at once when its first
 * argument is no small file. */
#define HUGE_PAGES_INPUT (128 * 1024)

static void
heap_take_huge_pages (void)
{
#if defined(__GLIBC__) && defined(M_TOP_PAD) && defined(MADV_HUGEPAGE)
  /* Kept, never touched: the heap below the next 2 MiB boundary, so that what comes next starts
   * there (a huge page needs a whole aligned 2 MiB). */
  static void *below_boundary;
  const gsize huge = 2 * 1024 * 1024;
  void *probe;
  guintptr top, start, end;

  if (below_boundary != NULL || (probe = malloc (1)) == NULL)
    return;
  top = (guintptr) probe;
  free (probe);
  /* The heap's next header is written below the boundary: a page touched before madvise above
   * it would keep its 2 MiB in small pages. */
  start = (top + 16384 + huge - 1) & ~(guintptr) (huge - 1);
  below_boundary = malloc (start - top - 8192); /* extends the heap by the pad too */
  end = (guintptr) sbrk (0) & ~(guintptr) (huge - 1);
  if (below_boundary != NULL && end > start)
    (void) madvise ((void *) start, end - start, MADV_HUGEPAGE);
#endif
}

/* How much input the command has read (read_input). */
static gsize input_read;

/* The input files mapped by load_checked and by the loads it starts (tsr_file_map: the file, the
 * other files of its set): a fault on one means another process cut the file short while it was
 * being read. Said as a failure instead of a crash. Filled before any fault can happen on the
 * entry, read by the handler. */
typedef struct {
  const guint8 *start;
  gsize         size;
  char         *message; /* names the file */
} MappedInput;

static MappedInput mapped_inputs[16];
static guint n_mapped_inputs;

static void
mapped_input_fault (int signal_number, siginfo_t *info, void *context)
{
  const guint8 *address = info->si_addr;

  for (guint i = 0; i < n_mapped_inputs; i++)
    if (address >= mapped_inputs[i].start && address < mapped_inputs[i].start + mapped_inputs[i].size)
      {
        gssize written = write (STDERR_FILENO, mapped_inputs[i].message, strlen (mapped_inputs[i].message));

        (void) written;
        _exit (EXIT_FAILED);
      }
  /* Any other fault: the default action, at the same instruction. */
  signal (signal_number, SIG_DFL);
}

/* PATH's bytes, mapped when it is a large regular file (see mapped_input_fault) and fewer than
 * 16 are mapped already; read otherwise. */
static GBytes *
read_input (const char *path, GError **error)
{
  gboolean mapped = FALSE;
  GBytes *bytes = n_mapped_inputs < G_N_ELEMENTS (mapped_inputs) ? tsr_file_map (path, &mapped, error)
                                                                  : tsr_file_read (path, error);

  if (bytes != NULL && (input_read += g_bytes_get_size (bytes)) >= HUGE_PAGES_INPUT)
    heap_take_huge_pages ();
  if (mapped)
    {
      MappedInput *input = &mapped_inputs[n_mapped_inputs];
      struct sigaction action = { 0 };

      input->start = g_bytes_get_data (bytes, &input->size);
      input->message = g_strdup_printf ("tessera-cli: %s: the file was cut short by another program while it "
                                        "was read (it was %" G_GSIZE_FORMAT " bytes long when mapped)\n",
                                        path, input->size);
      n_mapped_inputs++;
      action.sa_sigaction = mapped_input_fault;
      action.sa_flags = SA_SIGINFO;
      sigemptyset (&action.sa_mask);
      sigaction (SIGBUS, &action, NULL);
      /* For tests: "another program" cuts the file so named to one page once it is mapped. */
      {
        const char *cut = g_getenv ("TSR_CLI_TEST_CUT_SHORT");
        g_autofree char *name = cut != NULL ? g_path_get_basename (path) : NULL;

        if (cut != NULL && strcmp (name, cut) == 0 && truncate (path, 4096) != 0)
          g_error ("TSR_CLI_TEST_CUT_SHORT: %s: %s", path, g_strerror (errno));
      }
    }
  return bytes;
}

/* read_input as the loads' reader of the other files of a set (tsr_file_read_sibling). */
static GBytes *
read_sibling (const char *path, gpointer user_data, GError **error)
{
  return read_input (path, error);
}

/* Loads PATH and checks that its format offers the vtable entry at OPERATION (a G_STRUCT_OFFSET
 * into TsrFormat, or 0 for none). Reports failures itself; returns the exit status. */
static int
load_checked (const char *path,
              TsrLoaded  *loaded,
              gsize       operation,
              const char *lacking)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notes = tsr_file_recover_interrupted_saves (path);

  /* A save of this file's set that a killed process left unfinished is finished or undone
   * first (as the editor does), and said on stderr. */
  for (guint i = 0; notes[i] != NULL; i++)
    {
      g_autofree char *escaped = tsr_escape_control (notes[i]);

      g_printerr ("tessera-cli: %s\n", escaped);
    }
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    loaded->data = tsr_format_load_file_bytes (tsr_format_registry_get_default (), path,
                                               &loaded->format, &loaded->bytes, &error);
  else if ((loaded->bytes = read_input (path, &error)) != NULL)
    loaded->data = tsr_format_load_bytes (tsr_format_registry_get_default (), path, loaded->bytes,
                                          &loaded->format, &error);
  if (loaded->data == NULL)
    {
      print_file_error (path, error->message);
      return EXIT_FAILED;
    }
  /* A level of an Atque merge folder is checked against the terminal script beside it, as the
   * editor does. */
  if (loaded->format == tsr_marathon_map_format ())
    tsr_marathon_map_attach_script (((TsrMarathonScenario *) loaded->data)->map, path);
  if (operation != 0 && G_STRUCT_MEMBER (gpointer, loaded->format, operation) == NULL)
    {
      g_autofree char *message = g_strdup_printf ("format %s %s", loaded->format->id, lacking);

      print_file_error (path, message);
      return EXIT_UNSUPPORTED;
    }
  return EXIT_OK;
}

static int
usage (const char *text)
{
  g_printerr ("usage: tessera-cli %s\n", text);
  return EXIT_UNSUPPORTED;
}

/* Parses the options shared by the subcommands; positional arguments stay in ARGV. */
typedef struct {
  gboolean json;
  gboolean force;
  int      level;
  char    *output;
  char    *target;
  char    *size;
  char   **resources;
  /* Shapes (render --collection ...); -1 when not given. */
  int      collection, depth, sequence, view, frame, table;
} TsrCliOptions;

static gboolean
parse_options (const char    *command,
               int           *argc,
               char        ***argv,
               TsrCliOptions *options)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &options->json, "Print JSON", NULL },
    { "force", 0, 0, G_OPTION_ARG_NONE, &options->force, "Write even when validation finds errors or data is lost", NULL },
    { "level", 0, 0, G_OPTION_ARG_INT, &options->level, "Level number (from 0)", "N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &options->output, "Output file or folder", "PATH" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &options->target, "Target format id", "ID" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &options->size, "Output size", "WxH" },
    { "resources", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &options->resources, "Doom2D archive or game folder", "DIR|WAD" },
    { "collection", 0, 0, G_OPTION_ARG_INT, &options->collection, "Shapes collection", "C" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &options->depth, "Shapes collection version: 8 or 16", "D" },
    { "sequence", 0, 0, G_OPTION_ARG_INT, &options->sequence, "Shapes sequence", "S" },
    { "view", 0, 0, G_OPTION_ARG_INT, &options->view, "Shapes sequence view", "V" },
    { "frame", 0, 0, G_OPTION_ARG_INT, &options->frame, "Shapes sequence frame (or collection frame)", "F" },
    { "table", 0, 0, G_OPTION_ARG_INT, &options->table, "Shapes colour table", "T" },
    { NULL }
  };

  options->level = G_MININT;
  options->collection = options->sequence = options->view = options->frame = options->table = -1;
  options->depth = 8;
  context = g_option_context_new (NULL);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("tessera-cli %s: %s\n", command, error->message);
      return FALSE;
    }
  if (options->level == G_MININT)
    options->level = -1;
  else if (options->level < 0)
    {
      g_printerr ("tessera-cli %s: --level %d: levels count from 0\n", command, options->level);
      return FALSE;
    }
  return TRUE;
}

static void
clear_options (TsrCliOptions *options)
{
  g_clear_pointer (&options->output, g_free);
  g_clear_pointer (&options->target, g_free);
  g_clear_pointer (&options->size, g_free);
  g_clear_pointer (&options->resources, g_strfreev);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TsrCliOptions, clear_options)

/* Prints a JSON node as indented "key: value" lines. */
static void
print_node_text (JsonNode *node, const char *key, int depth)
{
  g_autofree char *indent = g_strnfill ((gsize) depth * 2, ' ');

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        g_autoptr(GList) members = json_object_get_members (object);

        if (key != NULL)
          g_print ("%s%s:\n", indent, key);
        for (GList *l = members; l != NULL; l = l->next)
          print_node_text (json_object_get_member (object, l->data), l->data,
                           key != NULL ? depth + 1 : depth);
      }
      break;
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint length = json_array_get_length (array);

        g_print ("%s%s: (%u)\n", indent, key != NULL ? key : "items", length);
        for (guint i = 0; i < length; i++)
          {
            g_autofree char *item_key = g_strdup_printf ("[%u]", i);
            JsonNode *item = json_array_get_element (array, i);

            print_node_text (item, item_key, depth + 1);
          }
      }
      break;
    case JSON_NODE_VALUE:
      {
        GType type = json_node_get_value_type (node);

        if (type == G_TYPE_STRING)
          {
            g_autofree char *text = tsr_escape_control (json_node_get_string (node));

            g_print ("%s%s: %s\n", indent, key, text);
          }
        else if (type == G_TYPE_BOOLEAN)
          g_print ("%s%s: %s\n", indent, key, json_node_get_boolean (node) ? "yes" : "no");
        else if (type == G_TYPE_DOUBLE)
          {
            char buffer[G_ASCII_DTOSTR_BUF_SIZE];
            g_print ("%s%s: %s\n", indent, key,
                     g_ascii_dtostr (buffer, sizeof buffer, json_node_get_double (node)));
          }
        else
          g_print ("%s%s: %" G_GINT64_FORMAT "\n", indent, key, json_node_get_int (node));
      }
      break;
    case JSON_NODE_NULL:
      g_print ("%s%s: -\n", indent, key);
      break;
    }
}

static int
run_info (int argc, char **argv)
{
  g_auto(TsrCliOptions) options = { 0 };
  g_auto(TsrLoaded) loaded = { 0 };
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  const TsrFormat *format;
  int status;

  if (!parse_options ("info", &argc, &argv, &options) || argc != 2)
    return usage ("info FILE [--json]");
  if ((status = load_checked (argv[1], &loaded, 0, NULL)) != EXIT_OK)
    return status;
  format = loaded.format;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "file");
  json_builder_add_string_value (builder, argv[1]);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, format->id);
  json_builder_set_member_name (builder, "format_name");
  json_builder_add_string_value (builder, format->name);
  if (format->describe != NULL)
    format->describe (loaded.data, builder);
  if (format->validate != NULL)
    {
      format->validate (loaded.data, findings);
      json_builder_set_member_name (builder, "errors");
      json_builder_add_int_value (builder, tsr_findings_count (findings, TSR_SEVERITY_ERROR));
      json_builder_set_member_name (builder, "warnings");
      json_builder_add_int_value (builder, tsr_findings_count (findings, TSR_SEVERITY_WARNING));
    }
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);

  if (options.json)
    {
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autofree char *text = NULL;

      json_generator_set_pretty (generator, TRUE);
      json_generator_set_root (generator, root);
      text = json_generator_to_data (generator, NULL);
      g_print ("%s\n", text);
    }
  else
    print_node_text (root, NULL, 0);
  return EXIT_OK;
}

/* How many of the N bytes at A and B are the same before the first difference. */
static gsize
same_prefix (const guint8 *a,
             const guint8 *b,
             gsize         n)
{
  gsize same = 0;

  /* An untouched file's save is the very bytes its load read (the codecs compare what they
   * encode with them as they go): nothing to compare. */
  if (n == 0 || a == b || memcmp (a, b, n) == 0)
    return n;
  while (a[same] == b[same])
    same++;
  return same;
}

/* Compares DATA with the file at PATH, read in 64 KiB pieces (nothing of the file's size is
 * allocated, the saved bytes are compared as they come): *OFFSET is the first differing byte (or
 * the shorter length), *FILE_SIZE the file's. A file that cannot be read is read by tsr_file_read
 * instead, which says why. */
static gboolean
compare_with_file (const char   *path,
                   const guint8 *data,
                   gsize         size,
                   gsize        *offset,
                   gsize        *file_size,
                   GError      **error)
{
  guint8 buffer[65536];
  gsize at = 0;
  gboolean differ = FALSE;
  int fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);

  for (;;)
    {
      gssize got = fd >= 0 ? read (fd, buffer, sizeof buffer) : -1;

      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          g_autoptr(GBytes) bytes = NULL;

          if (fd >= 0)
            close (fd);
          if ((bytes = tsr_file_read (path, error)) == NULL)
            return FALSE;
          *file_size = g_bytes_get_size (bytes);
          *offset = same_prefix (g_bytes_get_data (bytes, NULL), data, MIN (size, *file_size));
          return TRUE;
        }
      if (got == 0)
        break;
      if (!differ)
        {
          gsize n = MIN ((gsize) got, size > at ? size - at : 0);
          gsize same = n > 0 ? same_prefix (buffer, data + at, n) : 0;

          if (same < (gsize) got)
            {
              differ = TRUE;
              *offset = at + same;
            }
        }
      at += (gsize) got;
    }
  close (fd);
  if (!differ)
    *offset = MIN (at, size);
  *file_size = at;
  return TRUE;
}

/* Compares what the codec writes for PATH's data with the bytes its load read and the other files
 * of its set on disk. */
static int
run_roundtrip (int argc, char **argv)
{
  g_auto(TsrLoaded) loaded = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) outputs = NULL;
  int status;

  if (argc != 2)
    return usage ("roundtrip FILE");
  if ((status = load_checked (argv[1], &loaded, G_STRUCT_OFFSET (TsrFormat, save),
                              "cannot be saved yet")) != EXIT_OK)
    return status;

  outputs = loaded.format->save (loaded.data, argv[1], &error);
  if (outputs == NULL)
    {
      print_file_error (argv[1], error->message);
      return EXIT_FAILED;
    }

  for (guint i = 0; i < outputs->len; i++)
    {
      const TsrOutputFile *output = g_ptr_array_index (outputs, i);
      g_autofree char *label = outputs->len > 1 ? g_strconcat (output->path, ": ", NULL) : g_strdup ("");
      gsize original_size = 0, saved_size = 0, offset = 0;
      const guint8 *saved = g_bytes_get_data (output->bytes, &saved_size);

      /* The loaded file is compared with the bytes its load read, the others are read again. */
      if (loaded.bytes != NULL && strcmp (output->path, argv[1]) == 0)
        {
          const guint8 *original = g_bytes_get_data (loaded.bytes, &original_size);

          offset = same_prefix (original, saved, MIN (original_size, saved_size));
        }
      else if (!compare_with_file (output->path, saved, saved_size, &offset, &original_size, &error))
        {
          print_error (error->message);
          return EXIT_FAILED;
        }

      if (offset == original_size && offset == saved_size)
        g_print ("%sidentical\n", label);
      else
        {
          g_print ("%sdiffers at offset %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " bytes"
                   " (written: %" G_GSIZE_FORMAT " bytes)\n", label, offset, original_size, saved_size);
          status = EXIT_FAILED;
        }
    }
  return status;
}

static void
print_findings (GPtrArray *findings)
{
  for (guint i = 0; i < findings->len; i++)
    {
      g_autofree char *line = tsr_finding_to_string (g_ptr_array_index (findings, i));
      g_autofree char *safe = tsr_escape_control (line);

      g_print ("%s\n", safe);
    }
}

/* validate --derived: per level, the engine's derived data recomputed and compared with what the
 * file stores. Differences are warnings (the engine derives most of them again at load). */
static int
run_validate_derived (const char *path)
{
  g_auto(TsrLoaded) loaded = { 0 };
  const TsrMarathonMap *map;
  int status;

  if ((status = load_checked (path, &loaded, 0, NULL)) != EXIT_OK)
    return status;
  if (strcmp (loaded.format->id, "marathon-map") != 0)
    {
      g_autofree char *message = g_strdup_printf ("format %s has no derived data to check", loaded.format->id);

      print_file_error (path, message);
      return EXIT_UNSUPPORTED;
    }
  map = ((const TsrMarathonScenario *) loaded.data)->map;
  for (guint i = 0; i < map->levels->len; i++)
    {
      const TsrMarathonLevel *level = g_ptr_array_index (map->levels, i);
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      g_autofree char *name = tsr_marathon_level_name (level);
      g_autofree char *where = g_strdup_printf ("level %d (%s)", level->entry->index, name);
      g_autofree char *safe = tsr_escape_control (where);
      guint checked = 0;
      guint differ = tsr_marathon_level_compare_derived (level, level->entry->index, where, findings, &checked);

      g_print ("%s: derived: %u fields checked, %u differ\n", safe, checked, differ);
      print_findings (findings);
    }
  return EXIT_OK;
}

/* --resources names Doom2D resources: only Doom2D maps name resources in other archives. */
static gboolean
resources_allowed (const TsrLoaded *loaded,
                   const char      *path)
{
  g_autofree char *message = NULL;

  if (g_str_has_prefix (loaded->format->id, "doom2d-"))
    return TRUE;
  message = g_strdup_printf ("--resources is for Doom2D Forever maps, not %s", loaded->format->id);
  print_file_error (path, message);
  return FALSE;
}

static int
run_validate (int argc, char **argv)
{
  g_auto(TsrCliOptions) options = { 0 };
  g_auto(TsrLoaded) loaded = { 0 };
  g_autoptr(GPtrArray) findings = tsr_findings_new ();
  int status;

  if (argc == 3 && strcmp (argv[1], "--derived") == 0)
    return run_validate_derived (argv[2]);
  if (argc == 3 && strcmp (argv[2], "--derived") == 0)
    return run_validate_derived (argv[1]);
  if (!parse_options ("validate", &argc, &argv, &options) || argc != 2 || strcmp (argv[1], "--derived") == 0)
    return usage ("validate FILE [--derived] [--resources DIR|WAD]");
  if ((status = load_checked (argv[1], &loaded, G_STRUCT_OFFSET (TsrFormat, validate),
                              "has no validation yet")) != EXIT_OK)
    return status;
  if (options.resources != NULL && !resources_allowed (&loaded, argv[1]))
    return EXIT_UNSUPPORTED;

  loaded.format->validate (loaded.data, findings);
  /* With resources, a Doom2D map's textures are looked up and decoded too. */
  if (options.resources != NULL)
    tsr_doom2d_file_check_textures (loaded.data, (const char *const *) options.resources, findings);
  print_findings (findings);
  if (findings->len == 0)
    g_print ("no findings\n");
  return tsr_findings_count (findings, TSR_SEVERITY_ERROR) > 0 ? EXIT_FAILED : EXIT_OK;
}

static int
run_formats (int argc, char **argv)
{
  GPtrArray *formats = tsr_format_registry_list (tsr_format_registry_get_default ());

  if (argc != 1)
    {
      g_printerr ("usage: tessera-cli formats\n");
      return EXIT_UNSUPPORTED;
    }
  if (formats->len == 0)
    g_print ("no formats are built in yet\n");
  for (guint i = 0; i < formats->len; i++)
    {
      const TsrFormat *format = g_ptr_array_index (formats, i);
      TsrFormatAbilities abilities = tsr_format_get_abilities (format);
      g_autofree char *extensions = format->extensions
                                    ? g_strjoinv (",", (char **) format->extensions)
                                    : g_strdup ("-");

      g_print ("%-20s %-36s load%s%s%s%s  [%s]\n", format->id, format->name,
               abilities & TSR_FORMAT_CAN_SAVE ? " save" : "",
               abilities & TSR_FORMAT_CAN_CONVERT ? " convert" : "",
               abilities & TSR_FORMAT_CAN_RENDER ? " render" : "",
               abilities & TSR_FORMAT_CAN_EXTRACT ? " extract" : "",
               extensions);
    }
  return EXIT_OK;
}

static int
run_convert (int argc, char **argv)
{
  g_auto(TsrCliOptions) options = { 0 };
  g_auto(TsrLoaded) loaded = { 0 };
  TsrFormatRegistry *registry = tsr_format_registry_get_default ();
  const TsrFormat *target;
  TsrConvertOptions convert_options = { -1 };
  g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if (!parse_options ("convert", &argc, &argv, &options) || argc != 3)
    return usage ("convert IN OUT [--level N] [--to ID] [--force]");

  target = options.target != NULL ? tsr_format_registry_lookup (registry, options.target)
                                  : tsr_format_registry_lookup_by_extension (registry, argv[2]);
  if (target == NULL)
    {
      print_file_error (argv[2], options.target != NULL ? "no format to convert to (unknown --to id)"
                                                        : "no format to convert to (unknown extension; use --to)");
      return EXIT_UNSUPPORTED;
    }

  if ((status = load_checked (argv[1], &loaded, G_STRUCT_OFFSET (TsrFormat, convert),
                              "cannot be converted yet")) != EXIT_OK)
    return status;
  /* Several formats share an extension (.txt: Marathon terminal text, Doom2D text maps): by
   * extension, the one the source converts to wins. */
  if (options.target == NULL && loaded.format->convert_targets != NULL
      && !g_strv_contains (loaded.format->convert_targets, target->id))
    {
      GPtrArray *formats = tsr_format_registry_list (registry);

      for (guint i = 0; i < formats->len; i++)
        {
          const TsrFormat *candidate = g_ptr_array_index (formats, i);

          if (tsr_format_has_extension (candidate, argv[2])
              && g_strv_contains (loaded.format->convert_targets, candidate->id))
            {
              target = candidate;
              break;
            }
        }
    }
  if (loaded.format->convert_targets == NULL || !g_strv_contains (loaded.format->convert_targets, target->id))
    {
      g_autofree char *message = g_strdup_printf ("format %s cannot convert to %s",
                                                  loaded.format->id, target->id);

      print_file_error (argv[1], message);
      return EXIT_UNSUPPORTED;
    }

  /* Writing a file whose validation finds errors needs --force, as saving does in the editor. */
  if (loaded.format->validate != NULL && !options.force)
    {
      g_autoptr(GPtrArray) findings = tsr_findings_new ();
      guint errors;

      loaded.format->validate (loaded.data, findings);
      errors = tsr_findings_count (findings, TSR_SEVERITY_ERROR);
      if (errors > 0)
        {
          g_autofree char *message = g_strdup_printf ("nothing written: validation found %u errors "
                                                      "(tessera-cli validate lists them; --force "
                                                      "writes anyway)", errors);

          print_file_error (argv[1], message);
          return EXIT_FAILED;
        }
    }

  convert_options.level = options.level;
  outputs = loaded.format->convert (loaded.data, target, argv[2], &convert_options, lost, &error);
  for (guint i = 0; i < lost->len; i++)
    {
      g_autofree char *message = g_strdup_printf ("lost in %s: %s", target->id,
                                                  (const char *) g_ptr_array_index (lost, i));

      print_file_error (argv[1], message);
    }

  if (outputs == NULL)
    {
      print_file_error (argv[1], error->message);
      return failure_status (error);
    }
  if (lost->len > 0 && !options.force)
    {
      g_printerr ("tessera-cli: nothing written: %u things would be lost; --force writes anyway\n",
                  lost->len);
      return EXIT_FAILED;
    }
  if (!tsr_files_write_atomic (outputs, FALSE, &error))
    {
      print_error (error->message);
      return EXIT_FAILED;
    }
  for (guint i = 0; i < outputs->len; i++)
    g_print ("wrote %s\n", ((TsrOutputFile *) g_ptr_array_index (outputs, i))->path);
  return EXIT_OK;
}

static gboolean
parse_size (const char *text, guint *width, guint *height)
{
  guint64 w, h;
  char *end;

  w = g_ascii_strtoull (text, &end, 10);
  if (*end != 'x' && *end != 'X')
    return FALSE;
  h = g_ascii_strtoull (end + 1, &end, 10);
  if (*end != '\0' || w == 0 || h == 0 || w > 32768 || h > 32768)
    return FALSE;
  *width = (guint) w;
  *height = (guint) h;
  return TRUE;
}

static int
run_render (int argc, char **argv)
{
  g_auto(TsrCliOptions) options = { 0 };
  g_auto(TsrLoaded) loaded = { 0 };
  TsrRenderOptions render_options = { -1, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TsrImage) image = NULL;
  int status;

  if (tsr_cli_visual_wanted (argc, argv))
    return tsr_cli_visual_render (argc, argv);
  if (!parse_options ("render", &argc, &argv, &options) || argc != 2 || options.output == NULL
      || (options.size != NULL
          && !parse_size (options.size, &render_options.width, &render_options.height)))
    return usage ("render FILE [--level N] -o OUT.png [--size WxH] [--resources DIR|WAD]\n"
                  "       tessera-cli render FILE --view 3d [--level N] [--camera X,Y,Z,YAW,PITCH] [--shapes FILE] [--size WxH] -o OUT.png\n"
                  "       tessera-cli render SHAPES --collection C [--depth 8|16] [--table T] [--sequence S [--view V]] [--frame F] -o OUT.png");
  if (options.collection != -1 || options.sequence != -1 || options.frame != -1)
    {
      TsrCliShapesRender shapes = { options.collection, options.depth, options.sequence, options.view, options.frame,
                                    options.table };

      return tsr_cli_shapes_render (argv[1], &shapes, options.output);
    }
  if ((status = load_checked (argv[1], &loaded, G_STRUCT_OFFSET (TsrFormat, render),
                              "cannot be rendered yet")) != EXIT_OK)
    return status;

  render_options.level = options.level;
  if (options.resources != NULL)
    {
      if (!resources_allowed (&loaded, argv[1]))
        return EXIT_UNSUPPORTED;
      image = tsr_doom2d_file_render (loaded.data, (const char *const *) options.resources,
                                      render_options.level, render_options.width,
                                      render_options.height, &error);
    }
  else
    image = loaded.format->render (loaded.data, &render_options, &error);
  /* --size WxH: the drawing scaled to fit inside the box, whatever size the format drew it at
   * (Wolf3D in whole tiles, pictures and sheets at their own size). */
  if (image != NULL && options.size != NULL)
    {
      guint fit_width, fit_height;

      tsr_image_fit_size (image->width, image->height, render_options.width, render_options.height,
                          &fit_width, &fit_height);
      if (fit_width != image->width || fit_height != image->height)
        {
          TsrImage *scaled = tsr_image_scale (image, fit_width, fit_height);

          if (scaled == NULL)
            g_set_error (&error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                         "--size: %ux%u pixels is above the limit of %u pixels", fit_width, fit_height,
                         TSR_IMAGE_MAX_PIXELS);
          tsr_image_free (image);
          image = scaled;
        }
    }
  if (image == NULL || !tsr_image_save_png (image, options.output, &error))
    {
      print_file_error (argv[1], error->message);
      return failure_status (error);
    }
  g_print ("wrote %s (%ux%u)\n", options.output, image->width, image->height);
  return EXIT_OK;
}

static int
run_extract (int argc, char **argv)
{
  g_auto(TsrCliOptions) options = { 0 };
  g_auto(TsrLoaded) loaded = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  int status;

  if (!parse_options ("extract", &argc, &argv, &options) || argc != 2 || options.output == NULL)
    return usage ("extract FILE -o DIR");
  if ((status = load_checked (argv[1], &loaded, G_STRUCT_OFFSET (TsrFormat, extract),
                              "has no images to extract yet")) != EXIT_OK)
    return status;

  if (g_mkdir_with_parents (options.output, 0755) != 0)
    {
      g_autofree char *message = g_strdup_printf ("cannot create the folder: %s", g_strerror (errno));

      print_file_error (options.output, message);
      return EXIT_FAILED;
    }
  if (!loaded.format->extract (loaded.data, options.output, written, &error))
    {
      print_file_error (argv[1], error->message);
      return EXIT_FAILED;
    }
  g_print ("wrote %u files into %s\n", written->len, options.output);
  return EXIT_OK;
}

static int run_help (int argc, char **argv);

static const TsrCliCommand commands[] = {
  { "info", "FILE [--json]", "Detected format and a summary of the file", run_info },
  { "roundtrip", "FILE", "Load and serialize; print 'identical' or where the bytes differ", run_roundtrip },
  { "validate", "FILE [--derived] [--resources DIR|WAD]", "The format's checks, one 'error|warning: WHERE: WHAT' line each; --derived: Marathon derived data against the engine's; --resources: Doom2D textures looked up there too", run_validate },
  { "formats", "", "The formats Tessera knows and what it can do with each", run_formats },
  { "convert", "IN OUT [--level N] [--to ID] [--force]", "Convert to the format OUT's extension names", run_convert },
  { "render", "FILE [--level N] -o OUT.png [--size WxH] [--resources DIR|WAD]", "Draw a map or image as PNG", run_render },
  { "extract", "FILE -o DIR", "Write the file's images as PNG files", run_extract },
  { "doom2d", "pack LIST.lst OUT.wad [--force]", "Pack a Doom2D Forever resource folder into a DFWAD", tsr_cli_doom2d_run },
  { "marathon", "merge DIR -o SCENARIO | split SCENARIO -o DIR", "Marathon scenarios as Atque merge folders (one \"NN Level Name\" folder per level) and back", tsr_cli_marathon_run },
  { "shapes", "patch-make|patch-apply A B -o OUT", "Marathon shapes patches: make one from two Shapes files, or apply one", tsr_cli_shapes_run },
  { "terminal", "decompile|compile|replace|render ...", "Marathon terminal text: #TERMINAL script ↔ term chunks", tsr_cli_terminal_run },
  { "script", "FILE.py [ARGS…]", "Run a Python 3 script with this build's Tessera library (GObject Introspection; see the user guide)", tsr_cli_script_run },
  { "help", "", "This help", run_help },
};

static int
run_help (int argc, char **argv)
{
  g_print ("Usage: tessera-cli COMMAND [ARGS…]\n\n"
           "Reads, checks and converts Marathon, Wolfenstein 3D, Sphere and Doom2D Forever files.\n\n"
           "Commands:\n");
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    g_print ("  %-10s %-42s %s\n", commands[i].name, commands[i].usage, commands[i].summary);
  g_print ("\nOptions:\n  --help     This help\n  --version  Print the version\n\n"
           "Exit status: 0 success, 1 failure (load error, differing round trip, validation\n"
           "errors), 2 usage error or an operation the file's format does not offer.\n");
  return EXIT_OK;
}

int
main (int argc, char **argv)
{
  /* The version is plain ASCII in every locale: printed before the locale's files are loaded. */
  if (argc >= 2 && strcmp (argv[1], "--version") == 0)
    {
      fputs ("tessera-cli " PACKAGE_VERSION "\n", stdout);
      return EXIT_OK;
    }
  setlocale (LC_ALL, "");

  if (argc < 2)
    {
      run_help (0, NULL);
      return EXIT_UNSUPPORTED;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    return run_help (0, NULL);

  heap_for_a_command ();
  {
    GStatBuf status;

    if (argc < 3 || g_stat (argv[2], &status) != 0 || !S_ISREG (status.st_mode)
        || status.st_size >= HUGE_PAGES_INPUT)
      heap_take_huge_pages ();
  }
  /* The other files of a set are mapped like the file named (read_input). */
  tsr_file_set_sibling_reader (read_sibling, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);

  g_printerr ("tessera-cli: unknown command '%s' (see tessera-cli --help)\n", argv[1]);
  return EXIT_UNSUPPORTED;
}
