/* tsr-sphere-property-source.c: Sphere persons, triggers and zones as property sources. The tables
 * have no binary offsets (the .rmp codec reads entities with its own reader); reads come from the
 * document's entities and zones, writes go through its edit functions. */
#include "model/sphere/tsr-sphere-property-source.h"

#include <glib/gi18n.h>

#include "formats/sphere/tsr-sphere-string.h"

struct _TsrSpherePropertySource {
  TsrPropertySource    parent_instance;
  TsrSphereElementKind kind;
};

G_DEFINE_FINAL_TYPE (TsrSpherePropertySource, tsr_sphere_property_source, TSR_TYPE_PROPERTY_SOURCE)

/* Rows: { name, offset, width, flags } and the rest by name. Coordinates are u16 pixels. */
#define TEXT_FIELD(n, l) { n, -1, 0, 0, .type = TSR_FIELD_STRING, .label = l }
#define U16_FIELD(n, l)  { n, -1, 2, 0, .type = TSR_FIELD_INT, .label = l }

static const TsrField person_fields[] = {
  TEXT_FIELD ("name", N_("Name")),
  TEXT_FIELD ("spriteset", N_("Spriteset")),
  U16_FIELD ("x", N_("X")),
  U16_FIELD ("y", N_("Y")),
  U16_FIELD ("layer", N_("Layer")),
  TEXT_FIELD ("on_create", N_("On create")),
  TEXT_FIELD ("on_destroy", N_("On destroy")),
  TEXT_FIELD ("on_activate_touch", N_("On touch")),
  TEXT_FIELD ("on_activate_talk", N_("On talk")),
  TEXT_FIELD ("on_generate_commands", N_("On generate commands")),
};

enum { TRIGGER_X, TRIGGER_Y, TRIGGER_LAYER, TRIGGER_FUNCTION };

static const TsrField trigger_fields[] = {
  U16_FIELD ("x", N_("X")),
  U16_FIELD ("y", N_("Y")),
  U16_FIELD ("layer", N_("Layer")),
  TEXT_FIELD ("function", N_("Function")),
};

enum { ZONE_X1, ZONE_Y1, ZONE_X2, ZONE_Y2, ZONE_LAYER, ZONE_STEPS, ZONE_FUNCTION };

static const TsrField zone_fields[] = {
  U16_FIELD ("x1", N_("Left")),
  U16_FIELD ("y1", N_("Top")),
  U16_FIELD ("x2", N_("Right")),
  U16_FIELD ("y2", N_("Bottom")),
  U16_FIELD ("layer", N_("Layer")),
  U16_FIELD ("reactivate_steps", N_("Steps")),
  TEXT_FIELD ("function", N_("Function")),
};

enum { MAP_MUSIC, MAP_SCRIPT, MAP_ENTRY, MAP_EXIT, MAP_START_X, MAP_START_Y, MAP_START_LAYER, MAP_START_DIRECTION,
       MAP_REPEATING };

static const TsrFieldConstant direction_constants[] = {
  { "north", 0 }, { "north-east", 1 }, { "east", 2 }, { "south-east", 3 },
  { "south", 4 }, { "south-west", 5 }, { "west", 6 }, { "north-west", 7 },
};
static const TsrFieldEnum direction_enum = { "Direction", FALSE, direction_constants, G_N_ELEMENTS (direction_constants) };

static const TsrField map_fields[] = {
  TEXT_FIELD ("music", N_("Music")),
  TEXT_FIELD ("script", N_("Script")),
  TEXT_FIELD ("on_entry", N_("On entry")),
  TEXT_FIELD ("on_exit", N_("On exit")),
  U16_FIELD ("start_x", N_("Start X")),
  U16_FIELD ("start_y", N_("Start Y")),
  { "start_layer", -1, 1, 0, .type = TSR_FIELD_INT, .label = N_("Start layer") },
  { "start_direction", -1, 1, 0, .type = TSR_FIELD_INT, .label = N_("Start direction"), .enumeration = &direction_enum },
  { "repeating", -1, 1, 0, .type = TSR_FIELD_BOOL, .label = N_("Repeating") },
};

G_STATIC_ASSERT (G_N_ELEMENTS (person_fields) == TSR_SPHERE_PERSON_SCRIPT_FIRST + TSR_SPHERE_N_SCRIPTS);

static const TsrFieldTable tables[] = {
  [TSR_SPHERE_ELEMENT_PERSON] = { "person", 0, 0, person_fields, G_N_ELEMENTS (person_fields) },
  [TSR_SPHERE_ELEMENT_TRIGGER] = { "trigger", 0, 0, trigger_fields, G_N_ELEMENTS (trigger_fields) },
  [TSR_SPHERE_ELEMENT_ZONE] = { "zone", 0, 0, zone_fields, G_N_ELEMENTS (zone_fields) },
  [TSR_SPHERE_ELEMENT_MAP] = { "map", 0, 0, map_fields, G_N_ELEMENTS (map_fields) },
};

const TsrFieldTable *
tsr_sphere_property_source_table (TsrSphereElementKind kind)
{
  g_return_val_if_fail (kind <= TSR_SPHERE_ELEMENT_MAP, NULL);
  return &tables[kind];
}

static TsrSphereDocument *
document (TsrSpherePropertySource *self)
{
  return TSR_SPHERE_DOCUMENT (tsr_property_source_get_document (TSR_PROPERTY_SOURCE (self)));
}

static TsrSphereEntityType
entity_type (TsrSphereElementKind kind)
{
  return kind == TSR_SPHERE_ELEMENT_PERSON ? TSR_SPHERE_ENTITY_PERSON : TSR_SPHERE_ENTITY_TRIGGER;
}

/* The entity ELEMENT when it exists and is of the source's kind. */
static const TsrSphereEntity *
entity (TsrSpherePropertySource *self,
        guint                    element)
{
  const TsrSphereEntity *found;

  if (element >= tsr_sphere_document_get_n_entities (document (self)))
    return NULL;
  found = tsr_sphere_document_get_entity (document (self), element);
  return found->type == entity_type (self->kind) ? found : NULL;
}

static GArray *
tsr_sphere_property_source_list_elements (TsrPropertySource *source)
{
  TsrSpherePropertySource *self = TSR_SPHERE_PROPERTY_SOURCE (source);
  GArray *elements = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n;

  if (self->kind == TSR_SPHERE_ELEMENT_MAP)
    {
      guint only = 0;

      if (tsr_sphere_document_get_map (document (self)) != NULL)
        g_array_append_val (elements, only);
      return elements;
    }
  n = self->kind == TSR_SPHERE_ELEMENT_ZONE ? tsr_sphere_document_get_n_zones (document (self))
                                                  : tsr_sphere_document_get_n_entities (document (self));

  for (guint i = 0; i < n; i++)
    if (self->kind == TSR_SPHERE_ELEMENT_ZONE || entity (self, i) != NULL)
      g_array_append_val (elements, i);
  return elements;
}

static void
set_text (TsrFieldValue *value,
          GBytes        *text)
{
  value->text = text != NULL ? tsr_sphere_string_to_utf8 (text) : g_strdup ("");
}

static gboolean
tsr_sphere_property_source_get_value (TsrPropertySource *source,
                                      guint              element,
                                      guint              field,
                                      TsrFieldValue     *value)
{
  TsrSpherePropertySource *self = TSR_SPHERE_PROPERTY_SOURCE (source);
  const TsrSphereEntity *e;
  const TsrSphereZone *zone;

  if (self->kind == TSR_SPHERE_ELEMENT_MAP)
    {
      const TsrSphereMap *map = tsr_sphere_document_get_map (document (self));
      static const TsrSphereMapString strings[] = {
        TSR_SPHERE_STRING_MUSIC, TSR_SPHERE_STRING_SCRIPT, TSR_SPHERE_STRING_ENTRY, TSR_SPHERE_STRING_EXIT,
      };

      if (map == NULL || element != 0)
        return FALSE;
      switch (field)
        {
        case MAP_START_X: value->v[0] = map->start_x; break;
        case MAP_START_Y: value->v[0] = map->start_y; break;
        case MAP_START_LAYER: value->v[0] = map->start_layer; break;
        case MAP_START_DIRECTION: value->v[0] = map->start_direction; break;
        case MAP_REPEATING: value->v[0] = map->repeating != 0; break;
        default:
          set_text (value, strings[field] < map->strings->len ? g_ptr_array_index (map->strings, strings[field]) : NULL);
          break;
        }
      return TRUE;
    }
  if (self->kind == TSR_SPHERE_ELEMENT_ZONE)
    {
      if (element >= tsr_sphere_document_get_n_zones (document (self)))
        return FALSE;
      zone = tsr_sphere_document_get_zone (document (self), element);
      switch (field)
        {
        case ZONE_X1: value->v[0] = zone->x1; break;
        case ZONE_Y1: value->v[0] = zone->y1; break;
        case ZONE_X2: value->v[0] = zone->x2; break;
        case ZONE_Y2: value->v[0] = zone->y2; break;
        case ZONE_LAYER: value->v[0] = zone->layer; break;
        case ZONE_STEPS: value->v[0] = zone->reactivate_steps; break;
        default: set_text (value, zone->function); break;
        }
      return TRUE;
    }

  e = entity (self, element);
  if (e == NULL)
    return FALSE;
  if (self->kind == TSR_SPHERE_ELEMENT_TRIGGER)
    switch (field)
      {
      case TRIGGER_X: value->v[0] = e->x; break;
      case TRIGGER_Y: value->v[0] = e->y; break;
      case TRIGGER_LAYER: value->v[0] = e->layer; break;
      default: set_text (value, e->function); break;
      }
  else
    switch (field)
      {
      case TSR_SPHERE_PERSON_NAME: set_text (value, e->name); break;
      case TSR_SPHERE_PERSON_SPRITESET: set_text (value, e->spriteset); break;
      case TSR_SPHERE_PERSON_X: value->v[0] = e->x; break;
      case TSR_SPHERE_PERSON_Y: value->v[0] = e->y; break;
      case TSR_SPHERE_PERSON_LAYER: value->v[0] = e->layer; break;
      default:
        {
          guint script = field - TSR_SPHERE_PERSON_SCRIPT_FIRST;

          set_text (value, e->scripts != NULL && script < e->scripts->len ? g_ptr_array_index (e->scripts, script) : NULL);
          break;
        }
      }
  return TRUE;
}

static gboolean
tsr_sphere_property_source_set_value (TsrPropertySource   *source,
                                      guint                element,
                                      guint                field,
                                      const TsrFieldValue *value,
                                      GError             **error)
{
  TsrSpherePropertySource *self = TSR_SPHERE_PROPERTY_SOURCE (source);
  TsrSphereDocument *doc = document (self);
  guint16 number = (guint16) value->v[0];
  const char *text = value->text != NULL ? value->text : "";

  if (self->kind == TSR_SPHERE_ELEMENT_MAP)
    {
      const TsrSphereMap *map = tsr_sphere_document_get_map (doc);
      guint8 small = (guint8) value->v[0];

      switch (field)
        {
        case MAP_MUSIC: return tsr_sphere_document_set_map_string (doc, TSR_SPHERE_STRING_MUSIC, text, error);
        case MAP_SCRIPT: return tsr_sphere_document_set_map_string (doc, TSR_SPHERE_STRING_SCRIPT, text, error);
        case MAP_ENTRY: return tsr_sphere_document_set_map_string (doc, TSR_SPHERE_STRING_ENTRY, text, error);
        case MAP_EXIT: return tsr_sphere_document_set_map_string (doc, TSR_SPHERE_STRING_EXIT, text, error);
        case MAP_START_X: return tsr_sphere_document_set_start (doc, number, map->start_y, map->start_layer, map->start_direction, error);
        case MAP_START_Y: return tsr_sphere_document_set_start (doc, map->start_x, number, map->start_layer, map->start_direction, error);
        case MAP_START_LAYER: return tsr_sphere_document_set_start (doc, map->start_x, map->start_y, small, map->start_direction, error);
        case MAP_START_DIRECTION: return tsr_sphere_document_set_start (doc, map->start_x, map->start_y, map->start_layer, small, error);
        default: return tsr_sphere_document_set_repeating (doc, value->v[0] != 0, error);
        }
    }
  if (self->kind == TSR_SPHERE_ELEMENT_ZONE)
    {
      const TsrSphereZone *zone = tsr_sphere_document_get_zone (doc, element);

      switch (field)
        {
        case ZONE_X1: return tsr_sphere_document_set_zone_rect (doc, element, number, zone->y1, zone->x2, zone->y2, error);
        case ZONE_Y1: return tsr_sphere_document_set_zone_rect (doc, element, zone->x1, number, zone->x2, zone->y2, error);
        case ZONE_X2: return tsr_sphere_document_set_zone_rect (doc, element, zone->x1, zone->y1, number, zone->y2, error);
        case ZONE_Y2: return tsr_sphere_document_set_zone_rect (doc, element, zone->x1, zone->y1, zone->x2, number, error);
        case ZONE_LAYER: return tsr_sphere_document_set_zone_layer (doc, element, number, error);
        case ZONE_STEPS: return tsr_sphere_document_set_zone_steps (doc, element, number, error);
        default: return tsr_sphere_document_set_zone_function (doc, element, text, error);
        }
    }
  if (self->kind == TSR_SPHERE_ELEMENT_TRIGGER)
    {
      const TsrSphereEntity *e = tsr_sphere_document_get_entity (doc, element);

      switch (field)
        {
        case TRIGGER_X: return tsr_sphere_document_move_entity (doc, element, number, e->y, error);
        case TRIGGER_Y: return tsr_sphere_document_move_entity (doc, element, e->x, number, error);
        case TRIGGER_LAYER: return tsr_sphere_document_set_entity_layer (doc, element, number, error);
        default: return tsr_sphere_document_set_trigger_function (doc, element, text, error);
        }
    }
  switch (field)
    {
    case TSR_SPHERE_PERSON_NAME:
      return tsr_sphere_document_set_person_name (doc, element, text, error);
    case TSR_SPHERE_PERSON_SPRITESET:
      return tsr_sphere_document_set_person_spriteset (doc, element, text, error);
    case TSR_SPHERE_PERSON_X:
      return tsr_sphere_document_move_entity (doc, element, number, tsr_sphere_document_get_entity (doc, element)->y, error);
    case TSR_SPHERE_PERSON_Y:
      return tsr_sphere_document_move_entity (doc, element, tsr_sphere_document_get_entity (doc, element)->x, number, error);
    case TSR_SPHERE_PERSON_LAYER:
      return tsr_sphere_document_set_entity_layer (doc, element, number, error);
    default:
      return tsr_sphere_document_set_person_script (doc, element,
                                                    (TsrSpherePersonScript) (field - TSR_SPHERE_PERSON_SCRIPT_FIRST),
                                                    text, error);
    }
}

static void
tsr_sphere_property_source_class_init (TsrSpherePropertySourceClass *klass)
{
  TsrPropertySourceClass *source_class = TSR_PROPERTY_SOURCE_CLASS (klass);

  source_class->list_elements = tsr_sphere_property_source_list_elements;
  source_class->get_value = tsr_sphere_property_source_get_value;
  source_class->set_value = tsr_sphere_property_source_set_value;
}

static void
tsr_sphere_property_source_init (TsrSpherePropertySource *self)
{
}

TsrSpherePropertySource *
tsr_sphere_property_source_new (TsrSphereDocument   *document,
                                TsrSphereElementKind kind)
{
  static const char *const titles[] = { N_("Person"), N_("Trigger"), N_("Zone"), N_("Map") };
  TsrSpherePropertySource *self;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (document), NULL);
  g_return_val_if_fail (kind <= TSR_SPHERE_ELEMENT_MAP, NULL);

  self = g_object_new (TSR_TYPE_SPHERE_PROPERTY_SOURCE, "document", document, "table", &tables[kind],
                       "title", _(titles[kind]), NULL);
  self->kind = kind;
  return self;
}

TsrSphereElementKind
tsr_sphere_property_source_get_kind (TsrSpherePropertySource *self)
{
  g_return_val_if_fail (TSR_IS_SPHERE_PROPERTY_SOURCE (self), TSR_SPHERE_ELEMENT_PERSON);
  return self->kind;
}
