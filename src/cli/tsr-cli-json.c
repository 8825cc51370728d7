/* tsr-cli-json.c: json-glib for tessera-cli, opened on first use. The codecs' describe functions
 * and `info` call json-glib, but linking it would load it, GIO, GObject and GIO's libmount,
 * libblkid and libselinux into every run, which was most of the start-up cost of commands that
 * never describe anything (issue 35: start like a shell tool). So the executable defines the
 * json-glib functions it uses as forwarders that open the library by its soname on the first
 * call (tsr-cli-lazy.h); the linker (--as-needed) then drops json-glib, GObject and GIO from
 * tessera-cli's dependencies. g_object_unref is here because only json-glib's objects reach it
 * in the CLI.
 * A json-glib function added to the codecs without a forwarder here links json-glib again
 * (silently: `readelf -d tessera-cli` then lists it; the cli benchmark shows the cost). */
#include "config.h"

#include <json-glib/json-glib.h>

#include "tsr-cli-lazy.h"

/* F: return type, name, parameters, arguments; V: the same for functions returning nothing. */
#define TSR_CLI_JSON_FUNCTIONS(F, V) \
  F (JsonNode *, json_array_get_element, (JsonArray *array, guint index_), (array, index_)) \
  F (guint, json_array_get_length, (JsonArray *array), (array)) \
  F (JsonBuilder *, json_builder_add_boolean_value, (JsonBuilder *builder, gboolean value), (builder, value)) \
  F (JsonBuilder *, json_builder_add_double_value, (JsonBuilder *builder, gdouble value), (builder, value)) \
  F (JsonBuilder *, json_builder_add_int_value, (JsonBuilder *builder, gint64 value), (builder, value)) \
  F (JsonBuilder *, json_builder_add_null_value, (JsonBuilder *builder), (builder)) \
  F (JsonBuilder *, json_builder_add_string_value, (JsonBuilder *builder, const gchar *value), (builder, value)) \
  F (JsonBuilder *, json_builder_begin_array, (JsonBuilder *builder), (builder)) \
  F (JsonBuilder *, json_builder_begin_object, (JsonBuilder *builder), (builder)) \
  F (JsonBuilder *, json_builder_end_array, (JsonBuilder *builder), (builder)) \
  F (JsonBuilder *, json_builder_end_object, (JsonBuilder *builder), (builder)) \
  F (JsonNode *, json_builder_get_root, (JsonBuilder *builder), (builder)) \
  F (JsonBuilder *, json_builder_new, (void), ()) \
  F (JsonBuilder *, json_builder_set_member_name, (JsonBuilder *builder, const gchar *member_name), (builder, member_name)) \
  F (JsonGenerator *, json_generator_new, (void), ()) \
  V (json_generator_set_pretty, (JsonGenerator *generator, gboolean is_pretty), (generator, is_pretty)) \
  V (json_generator_set_root, (JsonGenerator *generator, JsonNode *node), (generator, node)) \
  F (gchar *, json_generator_to_data, (JsonGenerator *generator, gsize *length), (generator, length)) \
  F (JsonArray *, json_node_get_array, (JsonNode *node), (node)) \
  F (gboolean, json_node_get_boolean, (JsonNode *node), (node)) \
  F (gdouble, json_node_get_double, (JsonNode *node), (node)) \
  F (gint64, json_node_get_int, (JsonNode *node), (node)) \
  F (JsonNodeType, json_node_get_node_type, (JsonNode *node), (node)) \
  F (JsonObject *, json_node_get_object, (JsonNode *node), (node)) \
  F (const gchar *, json_node_get_string, (JsonNode *node), (node)) \
  F (GType, json_node_get_value_type, (JsonNode *node), (node)) \
  V (json_node_unref, (JsonNode *node), (node)) \
  F (JsonNode *, json_object_get_member, (JsonObject *object, const gchar *member_name), (object, member_name)) \
  F (GList *, json_object_get_members, (JsonObject *object), (object)) \
  V (g_object_unref, (gpointer object), (object))

static TsrCliLazyLibrary json_glib = { TSR_CLI_JSON_SONAME, "json-glib", NULL };

#define TSR_CLI_JSON_FORWARDER(type, name, parameters, arguments) \
  TSR_CLI_LAZY_FORWARDER (&json_glib, type, name, parameters, arguments)
#define TSR_CLI_JSON_FORWARDER_VOID(name, parameters, arguments) \
  TSR_CLI_LAZY_FORWARDER_VOID (&json_glib, name, parameters, arguments)

TSR_CLI_JSON_FUNCTIONS (TSR_CLI_JSON_FORWARDER, TSR_CLI_JSON_FORWARDER_VOID)
