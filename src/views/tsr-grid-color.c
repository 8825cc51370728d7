/* tsr-grid-color.c: the grid colour preference's mappings and stroke colour. */
#include "views/tsr-grid-color.h"

void
tsr_grid_color_get_default (GdkRGBA *color)
{
  gboolean parsed = gdk_rgba_parse (color, TSR_GRID_COLOR_DEFAULT);

  g_assert (parsed);
}

gboolean
tsr_grid_color_from_setting (GValue   *value,
                             GVariant *variant,
                             gpointer  user_data)
{
  GdkRGBA color;

  /* A hand-edited key that does not parse keeps the default rather than failing the binding. */
  if (!gdk_rgba_parse (&color, g_variant_get_string (variant, NULL)))
    tsr_grid_color_get_default (&color);
  g_value_set_boxed (value, &color);
  return TRUE;
}

GVariant *
tsr_grid_color_to_setting (const GValue       *value,
                           const GVariantType *expected_type,
                           gpointer            user_data)
{
  const GdkRGBA *color = g_value_get_boxed (value);
  g_autofree char *text = NULL;

  if (color == NULL)
    return NULL;
  text = gdk_rgba_to_string (color);
  return g_variant_new_string (text);
}

gboolean
tsr_grid_color_bind (GSettings          *settings,
                     gpointer            object,
                     const char         *property,
                     GSettingsBindFlags  flags)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (settings == NULL)
    return FALSE;
  g_object_get (settings, "settings-schema", &schema, NULL);
  if (schema == NULL || !g_settings_schema_has_key (schema, "grid-color"))
    return FALSE;
  g_settings_bind_with_mapping (settings, "grid-color", object, property, flags,
                                tsr_grid_color_from_setting, tsr_grid_color_to_setting, NULL, NULL);
  return TRUE;
}

void
tsr_grid_color_set_source (cairo_t       *cr,
                           const GdkRGBA *color,
                           double         strength)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * CLAMP (strength, 0, 1));
}
