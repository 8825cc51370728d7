/* tsr-pixel-editor.c: see the header. The tool buttons are one radio group bound to the canvas's
 * "tool"; the colour button and the palette set the canvas's "colour", the picker sets them back. */
#include "views/tsr-pixel-editor.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define PALETTE_MAX 48

struct _TsrPixelEditor {
  GtkBox          parent_instance;
  TsrPixelCanvas *canvas;
  GtkWidget      *tool_buttons[TSR_N_PIXEL_TOOLS];
  GtkWidget      *colour_button;
  GtkWidget      *palette;
  gboolean        syncing;
  /* Indexed mode: the strip offers VALUES (a colour table's entries), drawn in COLOURS by index. */
  gboolean        indexed;
  guint32         colours[256];
  GArray         *values;      /* guint8 */
};

G_DEFINE_FINAL_TYPE (TsrPixelEditor, tsr_pixel_editor, GTK_TYPE_BOX)

/* Each tool's key, Aseprite's where it has the tool (B pencil, L line, G paint bucket, I
 * eyedropper, E eraser, M marquee); R for the rectangle (Aseprite's U is hard to remember), with
 * Shift filled, and O for obstructions. Listed in help/C/sphere.page. */
static const struct {
  const char *icon;
  const char *tooltip;
  guint       key;      /* lower-case keyval */
  gboolean    shift;
} tools[TSR_N_PIXEL_TOOLS] = {
  [TSR_PIXEL_TOOL_PENCIL] = { "document-edit-symbolic", N_("Pencil"), GDK_KEY_b, FALSE },
  [TSR_PIXEL_TOOL_LINE] = { "list-remove-symbolic", N_("Line"), GDK_KEY_l, FALSE },
  [TSR_PIXEL_TOOL_RECTANGLE] = { "checkbox-symbolic", N_("Rectangle"), GDK_KEY_r, FALSE },
  [TSR_PIXEL_TOOL_FILLED_RECTANGLE] = { "media-playback-stop-symbolic", N_("Filled Rectangle"), GDK_KEY_r, TRUE },
  [TSR_PIXEL_TOOL_FILL] = { "color-select-symbolic", N_("Flood Fill"), GDK_KEY_g, FALSE },
  [TSR_PIXEL_TOOL_PICKER] = { "find-location-symbolic", N_("Colour Picker"), GDK_KEY_i, FALSE },
  [TSR_PIXEL_TOOL_ERASER] = { "edit-clear-symbolic", N_("Eraser"), GDK_KEY_e, FALSE },
  [TSR_PIXEL_TOOL_SELECT] = { "edit-select-all-symbolic", N_("Select and Move"), GDK_KEY_m, FALSE },
  [TSR_PIXEL_TOOL_SEGMENT] = { "insert-link-symbolic", N_("Obstruction Segments"), GDK_KEY_o, FALSE },
};

/* A tool's key chooses it while the focus is in the editor (the canvas takes it on a click); a
 * key typed into a text field never reaches here, and keys with Ctrl or Alt are left alone. */
static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                TsrPixelEditor        *self)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self)));
  guint key = gdk_keyval_to_lower (keyval);
  gboolean shift = (state & GDK_SHIFT_MASK) != 0;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return FALSE;
  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT (focus)))
    return FALSE;
  for (guint i = 0; i < TSR_N_PIXEL_TOOLS; i++)
    if (tools[i].key == key && tools[i].shift == shift && gtk_widget_get_visible (self->tool_buttons[i]))
      {
        tsr_pixel_canvas_set_tool (self->canvas, (TsrPixelTool) i);
        return TRUE;
      }
  return FALSE;
}

static void
rgba_to_gdk (guint32  rgba,
             GdkRGBA *colour)
{
  colour->red = (rgba >> 24) / 255.0f;
  colour->green = ((rgba >> 16) & 0xff) / 255.0f;
  colour->blue = ((rgba >> 8) & 0xff) / 255.0f;
  colour->alpha = (rgba & 0xff) / 255.0f;
}

static guint32
gdk_to_rgba (const GdkRGBA *colour)
{
  return ((guint32) lround (colour->red * 255) << 24) | ((guint32) lround (colour->green * 255) << 16)
         | ((guint32) lround (colour->blue * 255) << 8) | (guint32) lround (colour->alpha * 255);
}

static void
on_tool_toggled (GtkToggleButton *button,
                 TsrPixelEditor  *self)
{
  if (self->syncing || !gtk_toggle_button_get_active (button))
    return;
  tsr_pixel_canvas_set_tool (self->canvas, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tool")));
}

static void
on_canvas_tool (TsrPixelEditor *self)
{
  self->syncing = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->tool_buttons[tsr_pixel_canvas_get_tool (self->canvas)]), TRUE);
  self->syncing = FALSE;
}

/* Indexed mode: the strip's swatch of the canvas's index is the selected one. */
static void
select_index_swatch (TsrPixelEditor *self)
{
  guint32 index = tsr_pixel_canvas_get_colour (self->canvas);

  gtk_flow_box_unselect_all (GTK_FLOW_BOX (self->palette));
  for (GtkWidget *child = gtk_widget_get_first_child (self->palette); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (button != NULL && GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "rgba")) == index)
        {
          gtk_flow_box_select_child (GTK_FLOW_BOX (self->palette), GTK_FLOW_BOX_CHILD (child));
          break;
        }
    }
}

static void
on_canvas_colour (TsrPixelEditor *self)
{
  GdkRGBA colour;

  if (self->indexed)
    {
      select_index_swatch (self);
      return;
    }
  rgba_to_gdk (tsr_pixel_canvas_get_colour (self->canvas), &colour);
  self->syncing = TRUE;
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (self->colour_button), &colour);
  self->syncing = FALSE;
}

static void
on_colour_set (GtkColorButton *button,
               TsrPixelEditor *self)
{
  GdkRGBA colour;

  if (self->syncing)
    return;
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &colour);
  tsr_pixel_canvas_set_colour (self->canvas, gdk_to_rgba (&colour));
}

static void
on_palette_clicked (GtkButton      *button,
                    TsrPixelEditor *self)
{
  tsr_pixel_canvas_set_colour (self->canvas, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "rgba")));
}

static void
on_index_swatch_pressed (GtkGestureClick *gesture,
                         int              n_press,
                         double           x,
                         double           y,
                         TsrPixelEditor  *self)
{
  GtkWidget *swatch = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  tsr_pixel_canvas_set_colour (self->canvas, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (swatch), "rgba")));
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  GdkRGBA colour;

  rgba_to_gdk (GPOINTER_TO_UINT (data), &colour);
  cairo_set_source_rgb (cr, 0.7, 0.7, 0.7);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_rectangle (cr, 0, 0, width / 2.0, height / 2.0);
  cairo_rectangle (cr, width / 2.0, height / 2.0, width / 2.0, height / 2.0);
  cairo_fill (cr);
  gdk_cairo_set_source_rgba (cr, &colour);
  cairo_paint (cr);
}

void
tsr_pixel_editor_refresh (TsrPixelEditor *self)
{
  g_autoptr(GArray) colours = NULL;
  TsrImage image;
  GtkWidget *child;

  tsr_pixel_canvas_refresh (self->canvas);
  while ((child = gtk_widget_get_first_child (self->palette)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->palette), child);
  if (!tsr_pixel_canvas_lend_image (self->canvas, &image))
    return;
  if (self->indexed)
    {
      /* The colour table's entries, each its index (the strip stays as the picture changes). */
      colours = g_array_new (FALSE, FALSE, sizeof (guint32));
      for (guint i = 0; i < self->values->len; i++)
        {
          guint32 index = g_array_index (self->values, guint8, i);
          g_array_append_val (colours, index);
        }
    }
  else
    colours = tsr_pixel_palette (&image, PALETTE_MAX);
  for (guint i = 0; i < colours->len; i++)
    {
      guint32 rgba = g_array_index (colours, guint32, i);
      guint32 shown = self->indexed ? self->colours[rgba & 0xff] : rgba;
      GtkWidget *button;
      GtkWidget *swatch = gtk_drawing_area_new ();
      g_autofree char *tooltip = self->indexed ? g_strdup_printf ("%u · #%06X", rgba, shown >> 8) : g_strdup_printf ("#%08X", rgba);

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 14);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 14);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, GUINT_TO_POINTER (shown), NULL);
      if (self->indexed)
        {
          /* Up to 256 entries: bare swatches (a button's padding would make the strip a page). */
          GtkGesture *click = gtk_gesture_click_new ();

          gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 12);
          gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 12);
          gtk_widget_set_tooltip_text (swatch, tooltip);
          g_object_set_data (G_OBJECT (swatch), "rgba", GUINT_TO_POINTER (rgba));
          g_signal_connect (click, "pressed", G_CALLBACK (on_index_swatch_pressed), self);
          gtk_widget_add_controller (swatch, GTK_EVENT_CONTROLLER (click));
          gtk_flow_box_append (GTK_FLOW_BOX (self->palette), swatch);
          continue;
        }
      button = gtk_button_new ();
      gtk_button_set_child (GTK_BUTTON (button), swatch);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, tooltip);
      g_object_set_data (G_OBJECT (button), "rgba", GUINT_TO_POINTER (rgba));
      g_signal_connect (button, "clicked", G_CALLBACK (on_palette_clicked), self);
      gtk_flow_box_append (GTK_FLOW_BOX (self->palette), button);
    }
  if (self->indexed)
    select_index_swatch (self);
}

static GtkWidget *
icon_button (const char *icon,
             const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

static void on_copy (TsrPixelEditor *self) { tsr_pixel_canvas_copy (self->canvas); }
static void on_paste (TsrPixelEditor *self) { tsr_pixel_canvas_paste (self->canvas); }
static void on_flip_h (TsrPixelEditor *self) { tsr_pixel_canvas_flip (self->canvas, TRUE); }
static void on_flip_v (TsrPixelEditor *self) { tsr_pixel_canvas_flip (self->canvas, FALSE); }
static void on_rotate (TsrPixelEditor *self) { tsr_pixel_canvas_rotate (self->canvas, TRUE); }
static void on_zoom_in (TsrPixelEditor *self) { tsr_pixel_canvas_set_zoom (self->canvas, tsr_pixel_canvas_get_zoom (self->canvas) + 2); }
static void on_zoom_out (TsrPixelEditor *self) { tsr_pixel_canvas_set_zoom (self->canvas, MAX (tsr_pixel_canvas_get_zoom (self->canvas), 3u) - 2); }

static void
tsr_pixel_editor_finalize (GObject *object)
{
  TsrPixelEditor *self = TSR_PIXEL_EDITOR (object);

  g_clear_pointer (&self->values, g_array_unref);
  G_OBJECT_CLASS (tsr_pixel_editor_parent_class)->finalize (object);
}

static void
tsr_pixel_editor_class_init (TsrPixelEditorClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_pixel_editor_finalize;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "pixel-editor");
}

static void
tsr_pixel_editor_init (TsrPixelEditor *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkToggleButton *group = NULL;
  GtkEventController *keys;
  static const struct {
    const char *icon;
    const char *tooltip;
    void      (*handler) (TsrPixelEditor *);
  } actions[] = {
    { "edit-copy-symbolic", N_("Copy Pixels"), on_copy },
    { "edit-paste-symbolic", N_("Paste Pixels"), on_paste },
    { "object-flip-horizontal-symbolic", N_("Flip Horizontally"), on_flip_h },
    { "object-flip-vertical-symbolic", N_("Flip Vertically"), on_flip_v },
    { "object-rotate-right-symbolic", N_("Rotate Clockwise"), on_rotate },
    { "zoom-out-symbolic", N_("Zoom Out"), on_zoom_out },
    { "zoom-in-symbolic", N_("Zoom In"), on_zoom_in },
  };

  self->values = g_array_new (FALSE, FALSE, sizeof (guint8));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 4);
  self->canvas = TSR_PIXEL_CANVAS (tsr_pixel_canvas_new ());
  for (guint i = 0; i < TSR_N_PIXEL_TOOLS; i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();

      g_autofree char *key = g_utf8_strup (gdk_keyval_name (tools[i].key), -1);
      /* TRANSLATORS: a pixel tool's tooltip: its name, its key ("Pencil (B)"). */
      g_autofree char *tooltip = tools[i].shift ? g_strdup_printf (_("%s (Shift+%s)"), _(tools[i].tooltip), key)
                                                : g_strdup_printf (_("%s (%s)"), _(tools[i].tooltip), key);

      gtk_button_set_icon_name (GTK_BUTTON (button), tools[i].icon);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_widget_add_css_class (button, "flat");
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      g_object_set_data (G_OBJECT (button), "tool", GINT_TO_POINTER (i));
      g_signal_connect (button, "toggled", G_CALLBACK (on_tool_toggled), self);
      self->tool_buttons[i] = button;
      gtk_box_append (GTK_BOX (bar), button);
    }
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->tool_buttons[TSR_PIXEL_TOOL_PENCIL]), TRUE);
  gtk_box_append (GTK_BOX (bar), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *button = icon_button (actions[i].icon, _(actions[i].tooltip));

      g_signal_connect_swapped (button, "clicked", G_CALLBACK (actions[i].handler), self);
      gtk_box_append (GTK_BOX (bar), button);
    }
  gtk_box_append (GTK_BOX (bar), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  self->colour_button = gtk_color_button_new ();
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (self->colour_button), TRUE);
  gtk_widget_set_tooltip_text (self->colour_button, _("Colour"));
  g_signal_connect (self->colour_button, "color-set", G_CALLBACK (on_colour_set), self);
  gtk_box_append (GTK_BOX (bar), self->colour_button);
  gtk_box_append (GTK_BOX (self), bar);

  self->palette = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->palette), GTK_SELECTION_NONE);
  /* At least 16 swatches a row: aligned to the start, a flow box is given its minimum width. */
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (self->palette), 16);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->palette), 24);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->palette), 0);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->palette), 0);
  gtk_widget_set_tooltip_text (self->palette, _("Colours used in the picture"));
  gtk_widget_set_halign (self->palette, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (self), self->palette);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->canvas));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_hexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (self), scrolled);
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (self->canvas, "notify::tool", G_CALLBACK (on_canvas_tool), self);
  g_signal_connect_swapped (self->canvas, "notify::colour", G_CALLBACK (on_canvas_colour), self);
  on_canvas_colour (self);
}

GtkWidget *
tsr_pixel_editor_new (void)
{
  return g_object_new (TSR_TYPE_PIXEL_EDITOR, NULL);
}

TsrPixelCanvas *
tsr_pixel_editor_get_canvas (TsrPixelEditor *self)
{
  return self->canvas;
}

void
tsr_pixel_editor_set_segment_tool_visible (TsrPixelEditor *self,
                                           gboolean        visible)
{
  gtk_widget_set_visible (self->tool_buttons[TSR_PIXEL_TOOL_SEGMENT], visible);
}

void
tsr_pixel_editor_set_indexed (TsrPixelEditor *self,
                              const guint32  *colours,
                              const guint8   *values,
                              guint           n_values,
                              gboolean        transparent)
{
  guint32 index;

  g_return_if_fail (TSR_IS_PIXEL_EDITOR (self));
  self->indexed = colours != NULL;
  g_array_set_size (self->values, 0);
  if (colours != NULL)
    {
      memcpy (self->colours, colours, sizeof self->colours);
      g_array_append_vals (self->values, values, n_values);
    }
  tsr_pixel_canvas_set_palette (self->canvas, colours);
  gtk_widget_set_visible (self->colour_button, colours == NULL);
  gtk_widget_set_visible (self->tool_buttons[TSR_PIXEL_TOOL_ERASER], colours == NULL || transparent);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->palette), colours != NULL ? GTK_SELECTION_SINGLE : GTK_SELECTION_NONE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (self->palette), colours != NULL ? 32 : 16);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->palette), colours != NULL ? 64 : 24);
  gtk_widget_set_tooltip_text (self->palette, colours != NULL ? _("The colour table: a click draws with that entry")
                                                              : _("Colours used in the picture"));
  if (colours != NULL)
    {
      /* The colour becomes an index the strip offers: the first that is not transparent. */
      index = tsr_pixel_canvas_get_colour (self->canvas);
      if (index > 0xff || (transparent && index == 0) || memchr (values, (int) index, n_values) == NULL)
        {
          index = n_values > 0 ? values[0] : 0;
          for (guint i = 0; i < n_values; i++)
            if (!transparent || values[i] != 0)
              {
                index = values[i];
                break;
              }
        }
      if (tsr_pixel_canvas_get_tool (self->canvas) == TSR_PIXEL_TOOL_ERASER && !transparent)
        tsr_pixel_canvas_set_tool (self->canvas, TSR_PIXEL_TOOL_PENCIL);
      tsr_pixel_canvas_set_colour (self->canvas, index);
    }
  else if (tsr_pixel_canvas_get_colour (self->canvas) <= 0xff)
    tsr_pixel_canvas_set_colour (self->canvas, 0x000000ff);
  tsr_pixel_editor_refresh (self);
}
