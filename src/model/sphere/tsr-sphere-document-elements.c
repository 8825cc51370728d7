/* tsr-sphere-document-elements.c: the Sphere document's edits of entities (persons, triggers),
 * zones, obstruction segments and map properties, each one command. */
#include "model/sphere/tsr-sphere-document-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "model/tsr-tile-commands.h"

/* Edits: entities */

static gboolean
insert_entity (TsrSphereDocument *self,
               TsrSphereEntity   *entity,
               const char        *description,
               guint             *out_index,
               GError           **error)
{
  TsrSphereEditCommand *command;

  if (!tsr_sphere_document_check_elements_editable (self, error))
    {
      tsr_sphere_entity_free (entity);
      return FALSE;
    }
  if (self->map->entities->len >= G_MAXUINT16)
    {
      tsr_sphere_entity_free (entity);
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: at most 65535 entities fit"));
      return FALSE;
    }
  command = tsr_sphere_edit_command_new (self, EDIT_ENTITY, OP_INSERT, description, NULL);
  command->index = self->map->entities->len;
  command->new_item = entity;
  if (out_index != NULL)
    *out_index = command->index;
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_add_person (TsrSphereDocument *self,
                                guint16            x,
                                guint16            y,
                                guint16            layer,
                                const char        *name,
                                const char        *spriteset,
                                guint             *out_index,
                                GError           **error)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_layer (self, layer, error) || !tsr_sphere_document_check_string (name, "the person name", error)
      || !tsr_sphere_document_check_string (spriteset, "the spriteset name", error))
    return FALSE;
  return insert_entity (self, tsr_sphere_entity_new_person (x, y, layer, name ? name : "", spriteset ? spriteset : ""),
                        _("Add Person"), out_index, error);
}

gboolean
tsr_sphere_document_add_trigger (TsrSphereDocument *self,
                                 guint16            x,
                                 guint16            y,
                                 guint16            layer,
                                 const char        *function,
                                 guint             *out_index,
                                 GError           **error)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_layer (self, layer, error) || !tsr_sphere_document_check_string (function, "the trigger function", error))
    return FALSE;
  return insert_entity (self, tsr_sphere_entity_new_trigger (x, y, layer, function ? function : ""),
                        _("Add Trigger"), out_index, error);
}

gboolean
tsr_sphere_document_remove_entity (TsrSphereDocument *self,
                                   guint              index,
                                   GError           **error)
{
  TsrSphereEditCommand *command;
  const TsrSphereEntity *entity;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_elements_editable (self, error) || !tsr_sphere_document_check_entity (self, index, error))
    return FALSE;
  entity = g_ptr_array_index (self->map->entities, index);
  command = tsr_sphere_edit_command_new (self, EDIT_ENTITY, OP_REMOVE,
                                         entity->type == TSR_SPHERE_ENTITY_PERSON ? _("Delete Person") : _("Delete Trigger"),
                                         NULL);
  command->index = index;
  command->old_item = tsr_sphere_entity_copy (entity);
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_move_entity (TsrSphereDocument *self,
                                 guint              index,
                                 guint16            x,
                                 guint16            y,
                                 GError           **error)
{
  TsrSphereEntity *entity;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_entity (self, index, error))
    return FALSE;
  entity = tsr_sphere_document_copy_entity (self, index);
  entity->x = x;
  entity->y = y;
  return tsr_sphere_document_replace_entity (self, index, entity,
                                             entity->type == TSR_SPHERE_ENTITY_PERSON ? _("Move Person") : _("Move Trigger"),
                                             "entity-move");
}

gboolean
tsr_sphere_document_set_entity_layer (TsrSphereDocument *self,
                                      guint              index,
                                      guint16            layer,
                                      GError           **error)
{
  TsrSphereEntity *entity;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_entity (self, index, error) || !tsr_sphere_document_check_layer (self, layer, error))
    return FALSE;
  entity = tsr_sphere_document_copy_entity (self, index);
  entity->layer = layer;
  return tsr_sphere_document_replace_entity (self, index, entity, _("Change Entity Layer"), NULL);
}

/* Sets the string at SLOT of a copy of entity INDEX (found by OFFSET into the struct). */
static gboolean
set_entity_string (TsrSphereDocument  *self,
                   guint               index,
                   TsrSphereEntityType type,
                   gsize               offset,
                   const char         *text,
                   const char         *what,
                   const char         *description,
                   const char         *merge_key,
                   GError            **error)
{
  TsrSphereEntity *entity;

  if (!tsr_sphere_document_check_entity_type (self, index, type, error) || !tsr_sphere_document_check_string (text, what, error))
    return FALSE;
  entity = tsr_sphere_document_copy_entity (self, index);
  tsr_sphere_string_set (G_STRUCT_MEMBER_P (entity, offset), text != NULL ? text : "");
  return tsr_sphere_document_replace_entity (self, index, entity, description, merge_key);
}

gboolean
tsr_sphere_document_set_person_name (TsrSphereDocument *self,
                                     guint              index,
                                     const char        *name,
                                     GError           **error)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  return set_entity_string (self, index, TSR_SPHERE_ENTITY_PERSON, G_STRUCT_OFFSET (TsrSphereEntity, name),
                            name, "the person name", _("Rename Person"), "person-name", error);
}

gboolean
tsr_sphere_document_set_person_spriteset (TsrSphereDocument *self,
                                          guint              index,
                                          const char        *spriteset,
                                          GError           **error)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  return set_entity_string (self, index, TSR_SPHERE_ENTITY_PERSON, G_STRUCT_OFFSET (TsrSphereEntity, spriteset),
                            spriteset, "the spriteset name", _("Change Spriteset"), "person-spriteset", error);
}

gboolean
tsr_sphere_document_set_trigger_function (TsrSphereDocument *self,
                                          guint              index,
                                          const char        *function,
                                          GError           **error)
{
  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  return set_entity_string (self, index, TSR_SPHERE_ENTITY_TRIGGER, G_STRUCT_OFFSET (TsrSphereEntity, function),
                            function, "the trigger function", _("Edit Trigger Function"), "trigger-function", error);
}

gboolean
tsr_sphere_document_set_person_script (TsrSphereDocument    *self,
                                       guint                 index,
                                       TsrSpherePersonScript which,
                                       const char           *script,
                                       GError              **error)
{
  TsrSphereEntity *entity;
  g_autofree char *merge_key = NULL;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_entity_type (self, index, TSR_SPHERE_ENTITY_PERSON, error) || !tsr_sphere_document_check_string (script, "the script", error))
    return FALSE;
  if ((guint) which >= TSR_SPHERE_N_SCRIPTS)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: person script %u does not exist"), which);
      return FALSE;
    }
  entity = tsr_sphere_document_copy_entity (self, index);
  while (entity->scripts->len <= (guint) which)
    g_ptr_array_add (entity->scripts, g_bytes_new (NULL, 0));
  tsr_sphere_string_set ((GBytes **) &g_ptr_array_index (entity->scripts, which), script != NULL ? script : "");
  merge_key = g_strdup_printf ("person-script-%u", which);
  return tsr_sphere_document_replace_entity (self, index, entity, _("Edit Person Script"), merge_key);
}

/* Edits: zones */

gboolean
tsr_sphere_document_add_zone (TsrSphereDocument *self,
                              guint16            x1,
                              guint16            y1,
                              guint16            x2,
                              guint16            y2,
                              guint16            layer,
                              const char        *function,
                              guint             *out_index,
                              GError           **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_elements_editable (self, error) || !tsr_sphere_document_check_layer (self, layer, error)
      || !tsr_sphere_document_check_string (function, "the zone function", error))
    return FALSE;
  if (self->map->zones->len >= G_MAXUINT16)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: at most 65535 zones fit"));
      return FALSE;
    }
  command = tsr_sphere_edit_command_new (self, EDIT_ZONE, OP_INSERT, _("Add Zone"), NULL);
  command->index = self->map->zones->len;
  command->new_item = tsr_sphere_zone_new (x1, y1, x2, y2, layer, function != NULL ? function : "");
  if (out_index != NULL)
    *out_index = command->index;
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_remove_zone (TsrSphereDocument *self,
                                 guint              index,
                                 GError           **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_elements_editable (self, error) || !tsr_sphere_document_check_zone (self, index, error))
    return FALSE;
  command = tsr_sphere_edit_command_new (self, EDIT_ZONE, OP_REMOVE, _("Delete Zone"), NULL);
  command->index = index;
  command->old_item = tsr_sphere_document_copy_zone (self, index);
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_move_zone (TsrSphereDocument *self,
                               guint              index,
                               guint16            x,
                               guint16            y,
                               GError           **error)
{
  TsrSphereZone *zone;
  guint width, height;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_zone (self, index, error))
    return FALSE;
  zone = tsr_sphere_document_copy_zone (self, index);
  width = (guint) ABS ((int) zone->x2 - (int) zone->x1);
  height = (guint) ABS ((int) zone->y2 - (int) zone->y1);
  if ((guint) x + width > G_MAXUINT16 || (guint) y + height > G_MAXUINT16)
    {
      tsr_sphere_zone_free (zone);
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: zone %u would leave 0..65535"), index);
      return FALSE;
    }
  /* The corners keep their order, so a zone stored unnormalised stays as it was stored. */
  if (zone->x1 <= zone->x2)
    zone->x1 = x, zone->x2 = (guint16) (x + width);
  else
    zone->x2 = x, zone->x1 = (guint16) (x + width);
  if (zone->y1 <= zone->y2)
    zone->y1 = y, zone->y2 = (guint16) (y + height);
  else
    zone->y2 = y, zone->y1 = (guint16) (y + height);
  return tsr_sphere_document_replace_zone (self, index, zone, _("Move Zone"), "zone-move");
}

gboolean
tsr_sphere_document_set_zone_rect (TsrSphereDocument *self,
                                   guint              index,
                                   guint16            x1,
                                   guint16            y1,
                                   guint16            x2,
                                   guint16            y2,
                                   GError           **error)
{
  TsrSphereZone *zone;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_zone (self, index, error))
    return FALSE;
  zone = tsr_sphere_document_copy_zone (self, index);
  zone->x1 = MIN (x1, x2);
  zone->x2 = MAX (x1, x2);
  zone->y1 = MIN (y1, y2);
  zone->y2 = MAX (y1, y2);
  return tsr_sphere_document_replace_zone (self, index, zone, _("Resize Zone"), "zone-rect");
}

gboolean
tsr_sphere_document_set_zone_layer (TsrSphereDocument *self,
                                    guint              index,
                                    guint16            layer,
                                    GError           **error)
{
  TsrSphereZone *zone;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_zone (self, index, error) || !tsr_sphere_document_check_layer (self, layer, error))
    return FALSE;
  zone = tsr_sphere_document_copy_zone (self, index);
  zone->layer = layer;
  return tsr_sphere_document_replace_zone (self, index, zone, _("Change Zone Layer"), NULL);
}

gboolean
tsr_sphere_document_set_zone_steps (TsrSphereDocument *self,
                                    guint              index,
                                    guint16            steps,
                                    GError           **error)
{
  TsrSphereZone *zone;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_zone (self, index, error))
    return FALSE;
  zone = tsr_sphere_document_copy_zone (self, index);
  zone->reactivate_steps = steps;
  return tsr_sphere_document_replace_zone (self, index, zone, _("Change Zone Steps"), "zone-steps");
}

gboolean
tsr_sphere_document_set_zone_function (TsrSphereDocument *self,
                                       guint              index,
                                       const char        *function,
                                       GError           **error)
{
  TsrSphereZone *zone;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_zone (self, index, error) || !tsr_sphere_document_check_string (function, "the zone function", error))
    return FALSE;
  zone = tsr_sphere_document_copy_zone (self, index);
  tsr_sphere_string_set (&zone->function, function != NULL ? function : "");
  return tsr_sphere_document_replace_zone (self, index, zone, _("Edit Zone Function"), "zone-function");
}

/* Edits: obstruction segments */

static gboolean
check_segment (TsrSphereDocument *self,
               guint              layer,
               guint              index,
               GError           **error)
{
  if (!tsr_sphere_document_check_layer (self, layer, error))
    return FALSE;
  if (index >= ((TsrSphereLayer *) g_ptr_array_index (self->map->layers, layer))->segments->len)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: layer %u has no segment %u"), layer, index);
      return FALSE;
    }
  return TRUE;
}

gboolean
tsr_sphere_document_add_segment (TsrSphereDocument      *self,
                                 guint                   layer,
                                 const TsrSphereSegment *segment,
                                 guint                  *out_index,
                                 GError                **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (segment != NULL, FALSE);
  if (!tsr_sphere_document_check_layer (self, layer, error))
    return FALSE;
  command = tsr_sphere_edit_command_new (self, EDIT_SEGMENT, OP_INSERT, _("Add Obstruction"), NULL);
  command->layer = layer;
  command->index = ((TsrSphereLayer *) g_ptr_array_index (self->map->layers, layer))->segments->len;
  command->new_segment = *segment;
  if (out_index != NULL)
    *out_index = command->index;
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_remove_segment (TsrSphereDocument *self,
                                    guint              layer,
                                    guint              index,
                                    GError           **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_segment (self, layer, index, error))
    return FALSE;
  command = tsr_sphere_edit_command_new (self, EDIT_SEGMENT, OP_REMOVE, _("Delete Obstruction"), NULL);
  command->layer = layer;
  command->index = index;
  command->old_segment = g_array_index (((TsrSphereLayer *) g_ptr_array_index (self->map->layers, layer))->segments,
                                        TsrSphereSegment, index);
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_set_segment (TsrSphereDocument      *self,
                                 guint                   layer,
                                 guint                   index,
                                 const TsrSphereSegment *segment,
                                 GError                **error)
{
  TsrSphereEditCommand *command;
  TsrSphereSegment current;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (segment != NULL, FALSE);
  if (!check_segment (self, layer, index, error))
    return FALSE;
  current = g_array_index (((TsrSphereLayer *) g_ptr_array_index (self->map->layers, layer))->segments,
                           TsrSphereSegment, index);
  if (memcmp (&current, segment, sizeof current) == 0)
    return TRUE;
  command = tsr_sphere_edit_command_new (self, EDIT_SEGMENT, OP_REPLACE, _("Move Obstruction"), "segment-move");
  command->layer = layer;
  command->index = index;
  command->old_segment = current;
  command->new_segment = *segment;
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_move_segment (TsrSphereDocument *self,
                                  guint              layer,
                                  guint              index,
                                  gint               dx,
                                  gint               dy,
                                  GError           **error)
{
  TsrSphereSegment segment;
  gint64 x1, y1, x2, y2;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!check_segment (self, layer, index, error))
    return FALSE;
  segment = g_array_index (((TsrSphereLayer *) g_ptr_array_index (self->map->layers, layer))->segments,
                           TsrSphereSegment, index);
  x1 = (gint64) segment.x1 + dx;
  y1 = (gint64) segment.y1 + dy;
  x2 = (gint64) segment.x2 + dx;
  y2 = (gint64) segment.y2 + dy;
  if (MIN (MIN (x1, x2), MIN (y1, y2)) < 0 || MAX (MAX (x1, x2), MAX (y1, y2)) > G_MAXUINT32)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: layer %u segment %u would leave the coordinate range"),
                   layer, index);
      return FALSE;
    }
  segment = (TsrSphereSegment) { (guint32) x1, (guint32) y1, (guint32) x2, (guint32) y2 };
  return tsr_sphere_document_set_segment (self, layer, index, &segment, error);
}

/* Edits: map properties */

static gboolean
set_map_header (TsrSphereDocument *self,
                const MapHeader   *header,
                const char        *description,
                const char        *merge_key)
{
  TsrSphereEditCommand *command = tsr_sphere_edit_command_new (self, EDIT_MAP, OP_REPLACE, description, merge_key);

  tsr_sphere_map_header_take (&command->old_map, self->map);
  tsr_sphere_map_header_copy (&command->new_map, header);
  if (tsr_sphere_map_header_equal (&command->old_map, &command->new_map))
    {
      g_object_unref (command);
      return TRUE;
    }
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_set_map_string (TsrSphereDocument *self,
                                    TsrSphereMapString which,
                                    const char        *text,
                                    GError           **error)
{
  MapHeader header = { 0 };
  g_autofree char *merge_key = NULL;
  g_autofree char *current = NULL;
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_map (self, error) || !tsr_sphere_document_check_string (text, "the map string", error))
    return FALSE;
  if (which <= TSR_SPHERE_STRING_TILESET || which > TSR_SPHERE_STRING_WEST)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: string %d cannot be edited"), (int) which);
      return FALSE;
    }
  current = tsr_sphere_map_get_string (self->map, which);
  if ((guint) which < self->map->strings->len && g_strcmp0 (current, text != NULL ? text : "") == 0)
    return TRUE;
  /* The codec's setter grows the string list as Sphere expects; do it on a scratch copy. */
  {
    TsrSphereMap scratch = *self->map;

    scratch.strings = tsr_sphere_strings_copy (self->map->strings);
    tsr_sphere_map_set_string (&scratch, which, text != NULL ? text : "");
    tsr_sphere_map_header_take (&header, &scratch);
    g_ptr_array_unref (scratch.strings);
  }
  merge_key = g_strdup_printf ("map-string-%d", (int) which);
  done = set_map_header (self, &header, which == TSR_SPHERE_STRING_MUSIC ? _("Change Music") : _("Edit Map Script"),
                         merge_key);
  tsr_sphere_map_header_clear (&header);
  return done;
}

gboolean
tsr_sphere_document_set_start (TsrSphereDocument *self,
                               guint16            x,
                               guint16            y,
                               guint8             layer,
                               guint8             direction,
                               GError           **error)
{
  MapHeader header = { 0 };
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_layer (self, layer, error))
    return FALSE;
  tsr_sphere_map_header_take (&header, self->map);
  header.start_x = x;
  header.start_y = y;
  header.start_layer = layer;
  header.start_direction = direction;
  done = set_map_header (self, &header, _("Move Start"), "map-start");
  tsr_sphere_map_header_clear (&header);
  return done;
}

gboolean
tsr_sphere_document_set_repeating (TsrSphereDocument *self,
                                   gboolean           repeating,
                                   GError           **error)
{
  MapHeader header = { 0 };
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_map (self, error))
    return FALSE;
  tsr_sphere_map_header_take (&header, self->map);
  /* Any non-zero byte means repeating; keep the stored one while the meaning is unchanged. */
  if ((header.repeating != 0) != (repeating != FALSE))
    header.repeating = repeating ? 1 : 0;
  done = set_map_header (self, &header, repeating ? _("Repeat Map") : _("Stop Repeating Map"), NULL);
  tsr_sphere_map_header_clear (&header);
  return done;
}
