/* tsr-sphere-panels-overlay.c: what the vector layer does not draw of a Sphere map: persons as
 * their spriteset's picture (over their markers), obstruction segments of the other visible
 * layers, a dashed outline round each selected person's picture and the resize handle of each
 * selected zone. */
#include "config.h"

#include "views/sphere/tsr-sphere-panels-private.h"

static cairo_surface_t *
person_surface (TsrSpherePanels *self, const TsrImage *image)
{
  cairo_surface_t *surface = g_hash_table_lookup (self->person_surfaces, image);

  if (surface == NULL)
    {
      guint8 *data;
      int stride;

      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) image->width, (int) image->height);
      data = cairo_image_surface_get_data (surface);
      stride = cairo_image_surface_get_stride (surface);
      for (guint y = 0; y < image->height; y++)
        for (guint x = 0; x < image->width; x++)
          {
            const guint8 *p = image->pixels + ((gsize) y * image->width + x) * 4;
            guint a = p[3];
            /* Premultiplied native-endian ARGB, as cairo wants. */
            ((guint32 *) (data + (gsize) y * stride))[x] =
              (a << 24) | ((p[0] * a / 255) << 16) | ((p[1] * a / 255) << 8) | (p[2] * a / 255);
          }
      cairo_surface_mark_dirty (surface);
      g_hash_table_insert (self->person_surfaces, (gpointer) image, surface);
    }
  return surface;
}

static void
dashed_box (cairo_t *cr, double x, double y, double width, double height)
{
  static const double dashes[] = { 4, 3 };

  cairo_rectangle (cr, x - 2, y - 2, width + 4, height + 4);
  cairo_set_line_width (cr, 2);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dashes, 2, 0);
  cairo_set_source_rgb (cr, 1, 0.62, 0.1);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

void
tsr_sphere_panels_draw_overlay (TsrMapCanvas         *canvas,
                                cairo_t              *cr,
                                const TsrMapViewport *viewport,
                                TsrSpherePanels      *self)
{
  TsrSelection *selection = tsr_edit_session_get_selection (self->session);
  guint current = tsr_sphere_panels_current_layer (self);
  guint n_layers = tsr_sphere_document_get_n_layers (self->document);
  double zoom = viewport->zoom;
  double vx, vy, vx2, vy2;

  /* The current layer's segments are the vector layer's; the others' are drawn as the renderer
   * draws them (red), on visible layers only. */
  cairo_set_source_rgb (cr, 0.95, 0.2, 0.2);
  cairo_set_line_width (cr, 2);
  for (guint layer = 0; layer < n_layers; layer++)
    {
      const TsrSphereLayer *stored = tsr_sphere_document_get_layer (self->document, layer);

      if (layer == current || !tsr_tile_map_get_layer_visible (TSR_TILE_MAP (self->document), layer)
          || stored->segments == NULL)
        continue;
      for (guint i = 0; i < stored->segments->len; i++)
        {
          const TsrSphereSegment *segment = &g_array_index (stored->segments, TsrSphereSegment, i);

          tsr_map_viewport_to_view (viewport, segment->x1, segment->y1, &vx, &vy);
          tsr_map_viewport_to_view (viewport, segment->x2, segment->y2, &vx2, &vy2);
          cairo_move_to (cr, vx, vy);
          cairo_line_to (cr, vx2, vy2);
        }
    }
  cairo_stroke (cr);

  for (guint i = 0; i < tsr_sphere_document_get_n_entities (self->document); i++)
    {
      const TsrSphereEntity *entity = tsr_sphere_document_get_entity (self->document, i);
      TsrElementRef ref = { TSR_ELEMENT_MARKER, i };
      gint origin_x = 0, origin_y = 0;
      const TsrImage *image = entity->type == TSR_SPHERE_ENTITY_PERSON
                              ? tsr_sphere_document_get_person_image (self->document, i, &origin_x, &origin_y) : NULL;

      if (image == NULL)
        continue;
      tsr_map_viewport_to_view (viewport, entity->x + origin_x, entity->y + origin_y, &vx, &vy);
      cairo_save (cr);
      cairo_translate (cr, vx, vy);
      cairo_scale (cr, zoom, zoom);
      cairo_set_source_surface (cr, person_surface (self, image), 0, 0);
      /* Pixel art stays crisp when zoomed in. */
      cairo_pattern_set_filter (cairo_get_source (cr), zoom >= 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD);
      cairo_paint (cr);
      cairo_restore (cr);
      if (tsr_selection_contains (selection, &ref))
        dashed_box (cr, vx, vy, image->width * zoom, image->height * zoom);
    }

  /* Each selected zone's resize handle. */
  for (guint i = 0; i < tsr_sphere_document_get_n_zones (self->document); i++)
    {
      const TsrSphereZone *zone = tsr_sphere_document_get_zone (self->document, i);
      TsrElementRef ref = { TSR_ELEMENT_RECTANGLE, i };

      if (!tsr_selection_contains (selection, &ref))
        continue;
      tsr_map_viewport_to_view (viewport, MAX (zone->x1, zone->x2), MAX (zone->y1, zone->y2), &vx, &vy);
      cairo_rectangle (cr, vx - 4, vy - 4, 8, 8);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
}
