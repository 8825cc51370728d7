/* tsr-sphere-document-layers.c: the Sphere document's layer edits (add, duplicate, remove, move,
 * rename, visibility, properties, resize), each one command. */
#include "model/sphere/tsr-sphere-document-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/tsr-error.h"
#include "formats/sphere/tsr-sphere-string.h"
#include "model/tsr-tile-commands.h"

/* Edits: layers */

static gboolean
insert_layer (TsrSphereDocument *self,
              guint              index,
              TsrSphereLayer    *layer,
              const char        *description,
              guint             *out_index,
              GError           **error)
{
  TsrSphereEditCommand *command;

  if (self->map->layers->len >= 255)
    {
      tsr_sphere_layer_free (layer);
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: at most 255 layers fit"));
      return FALSE;
    }
  command = tsr_sphere_edit_command_new (self, EDIT_LAYER_INSERT, OP_INSERT, description, NULL);
  command->index = index;
  command->held_layer = layer;
  if (out_index != NULL)
    *out_index = index;
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_add_layer (TsrSphereDocument *self,
                               int                index,
                               const char        *name,
                               guint             *out_index,
                               GError           **error)
{
  guint width, height;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_map (self, error) || !tsr_sphere_document_check_string (name, "the layer name", error))
    return FALSE;
  tsr_sphere_document_get_size (self, &width, &height);
  if (index < 0 || (guint) index > self->map->layers->len)
    index = (int) self->map->layers->len;
  return insert_layer (self, (guint) index,
                       tsr_sphere_layer_new ((guint16) MAX (width, 1), (guint16) MAX (height, 1), name),
                       _("Add Layer"), out_index, error);
}

gboolean
tsr_sphere_document_duplicate_layer (TsrSphereDocument *self,
                                     guint              index,
                                     guint             *out_index,
                                     GError           **error)
{
  TsrSphereLayer *copy;
  g_autofree char *name = NULL;
  g_autofree char *copy_name = NULL;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_layer (self, index, error))
    return FALSE;
  copy = tsr_sphere_layer_copy (g_ptr_array_index (self->map->layers, index));
  name = tsr_sphere_string_to_utf8 (copy->name);
  copy_name = g_strdup_printf (_("%s copy"), name);
  if (strlen (copy_name) <= TSR_SPHERE_STRING_MAX)
    tsr_sphere_string_set (&copy->name, copy_name);
  return insert_layer (self, index + 1, copy, _("Duplicate Layer"), out_index, error);
}

gboolean
tsr_sphere_document_remove_layer (TsrSphereDocument *self,
                                  guint              index,
                                  GError           **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_layer (self, index, error))
    return FALSE;
  if (self->map->layers->len == 1)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE, _("map: the last layer cannot be removed"));
      return FALSE;
    }
  command = tsr_sphere_edit_command_new (self, EDIT_LAYER_REMOVE, OP_REMOVE, _("Delete Layer"), NULL);
  command->index = index;
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_move_layer (TsrSphereDocument *self,
                                guint              from,
                                guint              to,
                                GError           **error)
{
  TsrSphereEditCommand *command;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_layer (self, from, error) || !tsr_sphere_document_check_layer (self, to, error))
    return FALSE;
  if (from == to)
    return TRUE;
  command = tsr_sphere_edit_command_new (self, EDIT_LAYER_MOVE, OP_REPLACE, _("Move Layer"), NULL);
  command->index = from;
  command->to = to;
  return tsr_sphere_document_execute_edit (self, command);
}

static gboolean
set_layer_header (TsrSphereDocument *self,
                  guint              index,
                  const LayerHeader *header,
                  const char        *description,
                  const char        *merge_key)
{
  TsrSphereEditCommand *command = tsr_sphere_edit_command_new (self, EDIT_LAYER_PROPERTIES, OP_REPLACE, description, merge_key);

  command->index = index;
  tsr_sphere_layer_header_take (&command->old_header, g_ptr_array_index (self->map->layers, index));
  tsr_sphere_layer_header_copy (&command->new_header, header);
  if (tsr_sphere_layer_header_equal (&command->old_header, &command->new_header))
    {
      g_object_unref (command);
      return TRUE;
    }
  return tsr_sphere_document_execute_edit (self, command);
}

gboolean
tsr_sphere_document_rename_layer (TsrSphereDocument *self,
                                  guint              index,
                                  const char        *name,
                                  GError           **error)
{
  LayerHeader header = { 0 };
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_layer (self, index, error) || !tsr_sphere_document_check_string (name, "the layer name", error))
    return FALSE;
  tsr_sphere_layer_header_take (&header, g_ptr_array_index (self->map->layers, index));
  tsr_sphere_string_set (&header.name, name != NULL ? name : "");
  done = set_layer_header (self, index, &header, _("Rename Layer"), "layer-name");
  tsr_sphere_layer_header_clear (&header);
  return done;
}

gboolean
tsr_sphere_document_set_layer_visible (TsrSphereDocument *self,
                                       guint              index,
                                       gboolean           visible,
                                       GError           **error)
{
  LayerHeader header = { 0 };
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_layer (self, index, error))
    return FALSE;
  tsr_sphere_layer_header_take (&header, g_ptr_array_index (self->map->layers, index));
  if (visible)
    header.properties.flags &= (guint16) ~TSR_SPHERE_LAYER_HIDDEN;
  else
    header.properties.flags |= TSR_SPHERE_LAYER_HIDDEN;
  done = set_layer_header (self, index, &header, visible ? _("Show Layer") : _("Hide Layer"), NULL);
  tsr_sphere_layer_header_clear (&header);
  return done;
}

gboolean
tsr_sphere_document_set_layer_properties (TsrSphereDocument              *self,
                                          guint                           index,
                                          const TsrSphereLayerProperties *properties,
                                          GError                        **error)
{
  LayerHeader header = { 0 };
  gboolean done;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (properties != NULL, FALSE);
  if (!tsr_sphere_document_check_layer (self, index, error))
    return FALSE;
  tsr_sphere_layer_header_take (&header, g_ptr_array_index (self->map->layers, index));
  header.properties = *properties;
  done = set_layer_header (self, index, &header, _("Layer Properties"), "layer-properties");
  tsr_sphere_layer_header_clear (&header);
  return done;
}

gboolean
tsr_sphere_document_resize_layer (TsrSphereDocument *self,
                                  guint              index,
                                  guint              width,
                                  guint              height,
                                  TsrSphereAnchor    anchor,
                                  guint16            fill,
                                  GError           **error)
{
  TsrSphereEditCommand *command;
  const TsrSphereLayer *layer;

  g_return_val_if_fail (TSR_IS_SPHERE_DOCUMENT (self), FALSE);
  if (!tsr_sphere_document_check_layer (self, index, error))
    return FALSE;
  if (width < 1 || height < 1 || width > TSR_SPHERE_LAYER_SIZE_MAX || height > TSR_SPHERE_LAYER_SIZE_MAX
      || (guint) anchor > TSR_SPHERE_ANCHOR_BOTTOM_RIGHT)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_OUT_OF_RANGE,
                   _("map: layer size 1..%u and one of nine anchors expected, %ux%u anchor %d asked"),
                   TSR_SPHERE_LAYER_SIZE_MAX, width, height, (int) anchor);
      return FALSE;
    }
  layer = g_ptr_array_index (self->map->layers, index);
  if (layer->width == width && layer->height == height)
    return TRUE;
  command = tsr_sphere_edit_command_new (self, EDIT_LAYER_RESIZE, OP_REPLACE, _("Resize Layer"), NULL);
  command->index = index;
  command->width = width;
  command->height = height;
  command->anchor = anchor;
  command->fill = fill;
  return tsr_sphere_document_execute_edit (self, command);
}
