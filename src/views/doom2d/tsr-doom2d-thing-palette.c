/* tsr-doom2d-thing-palette.c: a GtkMenuButton whose popover holds a GtkFlowBox, one child per
 * type. Pictures are cut by the sprite table's own tsr_doom2d_sprite_cut_frame from the texture
 * cache the canvas draws with, enlarged by whole pixels (tsr_image_texture_factor) so pixel art
 * stays sharp, and made again whenever the page's cache changes (another map, other data).
 * Monsters' pictures are made facing both ways, so the facing toggles only swap them. */
#include "config.h"

#include "views/doom2d/tsr-doom2d-thing-palette.h"

#include <glib/gi18n.h>

#include "formats/doom2d/tsr-doom2d-names.h"
#include "formats/doom2d/tsr-doom2d-sprites.h"
#include "views/tsr-image-texture.h"

#define PICTURE_SIZE 40
#define BUTTON_PICTURE_SIZE 24

typedef struct {
  gint64      value;
  GtkWidget  *child;   /* GtkFlowBoxChild */
  GtkWidget  *button;  /* the flat button filling it */
  GtkWidget  *picture; /* GtkPicture */
  GtkWidget  *icon;    /* GtkImage, shown when there is no picture */
  GdkTexture *textures[2]; /* facing left and right (things other than monsters: right only), or NULL */
} Entry;

struct _TsrDoom2dThingPalette {
  GtkWidget      parent_instance;
  TsrDoom2dKind  kind;
  GtkWidget     *button;
  GtkWidget     *button_picture;
  GtkWidget     *button_label;
  GtkWidget     *flow;
  GtkWidget     *missing;    /* says which pictures the game data lack and where to set it */
  GtkWidget     *facing;     /* monsters: the linked pair of toggles, else NULL */
  GtkWidget     *face[2];    /* the toggles for TSR_DOOM2D_DIR_LEFT and _RIGHT */
  GArray        *entries; /* Entry */
  guint          chosen;
  gint64         direction;  /* TSR_DOOM2D_DIR_LEFT or _RIGHT */
};

G_DEFINE_FINAL_TYPE (TsrDoom2dThingPalette, tsr_doom2d_thing_palette, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_VALUE,
  PROP_DIRECTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static Entry *
entry_at (TsrDoom2dThingPalette *self,
          guint                  index)
{
  return &g_array_index (self->entries, Entry, index);
}

/* The picture ENTRY shows: facing the chosen way for monsters. */
static GdkTexture *
entry_texture (TsrDoom2dThingPalette *self,
               Entry                 *entry)
{
  return entry->textures[self->kind == TSR_DOOM2D_KIND_MONSTER ? self->direction : TSR_DOOM2D_DIR_RIGHT];
}

/* The button shows the chosen entry: its picture small and its name. */
static void
show_chosen (TsrDoom2dThingPalette *self)
{
  Entry *entry;
  GdkTexture *texture;

  if (self->chosen >= self->entries->len)
    return;
  entry = entry_at (self, self->chosen);
  texture = entry_texture (self, entry);
  gtk_picture_set_paintable (GTK_PICTURE (self->button_picture), GDK_PAINTABLE (texture));
  gtk_widget_set_visible (self->button_picture, texture != NULL);
  gtk_label_set_text (GTK_LABEL (self->button_label),
                      gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (gtk_button_get_child (GTK_BUTTON (entry->button))))));
  gtk_flow_box_select_child (GTK_FLOW_BOX (self->flow), GTK_FLOW_BOX_CHILD (entry->child));
}

static void
choose (TsrDoom2dThingPalette *self,
        guint                  index)
{
  if (index == self->chosen || index >= self->entries->len)
    return;
  self->chosen = index;
  show_chosen (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

static void
on_entry_clicked (GtkButton             *button,
                  TsrDoom2dThingPalette *self)
{
  choose (self, (guint) gtk_flow_box_child_get_index (GTK_FLOW_BOX_CHILD (gtk_widget_get_parent (GTK_WIDGET (button)))));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->button));
}

static void
add_entry (TsrDoom2dThingPalette  *self,
           const TsrFieldConstant *constant)
{
  Entry entry = { constant->value, NULL, NULL, NULL, NULL, { NULL, NULL } };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label;
  g_autofree char *name = tsr_doom2d_constant_display_name (constant->name);

  entry.picture = gtk_picture_new ();
  gtk_picture_set_can_shrink (GTK_PICTURE (entry.picture), TRUE);
  gtk_picture_set_content_fit (GTK_PICTURE (entry.picture), GTK_CONTENT_FIT_CONTAIN);
  gtk_widget_set_size_request (entry.picture, PICTURE_SIZE, PICTURE_SIZE);
  gtk_widget_set_halign (entry.picture, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (entry.picture, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), entry.picture);
  /* The plain stand-in: spawn points and flags, and types the data lack. */
  entry.icon = gtk_image_new_from_icon_name (self->kind == TSR_DOOM2D_KIND_AREA ? "mark-location-symbolic"
                                                                                : "image-missing-symbolic");
  gtk_image_set_pixel_size (GTK_IMAGE (entry.icon), PICTURE_SIZE / 2);
  gtk_widget_set_size_request (entry.icon, PICTURE_SIZE, PICTURE_SIZE);
  gtk_widget_add_css_class (entry.icon, "dim-label");
  gtk_box_append (GTK_BOX (box), entry.icon);
  label = gtk_label_new (name);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 11);
  gtk_label_set_width_chars (GTK_LABEL (label), 11);
  gtk_box_append (GTK_BOX (box), label);
  /* A button, so a click chooses whether or not the grid has the focus. */
  entry.button = gtk_button_new ();
  gtk_button_set_child (GTK_BUTTON (entry.button), box);
  gtk_widget_add_css_class (entry.button, "flat");
  gtk_widget_set_tooltip_text (entry.button, constant->name);
  g_signal_connect (entry.button, "clicked", G_CALLBACK (on_entry_clicked), self);
  gtk_flow_box_append (GTK_FLOW_BOX (self->flow), entry.button);
  entry.child = gtk_widget_get_parent (entry.button);
  g_array_append_val (self->entries, entry);
}

static void
entry_clear (gpointer data)
{
  g_clear_object (&((Entry *) data)->textures[0]);
  g_clear_object (&((Entry *) data)->textures[1]);
}

/* Every entry's picture (or plain icon) for the chosen facing, and the button's. */
static void
show_pictures (TsrDoom2dThingPalette *self)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = entry_at (self, i);
      GdkTexture *texture = entry_texture (self, entry);

      gtk_picture_set_paintable (GTK_PICTURE (entry->picture), GDK_PAINTABLE (texture));
      gtk_widget_set_visible (entry->picture, texture != NULL);
      gtk_widget_set_visible (entry->icon, texture == NULL);
    }
  show_chosen (self);
}

void
tsr_doom2d_thing_palette_set_cache (TsrDoom2dThingPalette *self,
                                    TsrDoom2dTextureCache *cache)
{
  g_return_if_fail (TSR_IS_DOOM2D_THING_PALETTE (self));

  guint n_sprites = 0, n_missing = 0;
  g_autofree char *why = NULL;

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = entry_at (self, i);

      entry_clear (entry);
      /* Monsters both ways (a type with a left picture of its own, or mirrored), so turning is
       * only a swap; other things face right. */
      for (gint64 direction = self->kind == TSR_DOOM2D_KIND_MONSTER ? TSR_DOOM2D_DIR_LEFT : TSR_DOOM2D_DIR_RIGHT;
           direction <= TSR_DOOM2D_DIR_RIGHT; direction++)
        {
          TsrDoom2dSprite sprite;
          const TsrDoom2dCachedTexture *picture;
          TsrImage *frame;

          if (!tsr_doom2d_sprite_for (self->kind, entry->value, direction, &sprite))
            continue;
          if (direction == TSR_DOOM2D_DIR_RIGHT)
            n_sprites++;
          picture = cache != NULL ? tsr_doom2d_texture_cache_get (cache, sprite.path) : NULL;
          frame = picture != NULL && picture->image != NULL ? tsr_doom2d_sprite_cut_frame (&sprite, picture->image) : NULL;
          if (frame != NULL)
            entry->textures[direction] = tsr_image_texture_take (frame, tsr_image_texture_factor (frame, PICTURE_SIZE, 4));
          else if (direction == TSR_DOOM2D_DIR_RIGHT)
            {
              n_missing++;
              if (why == NULL && picture != NULL && picture->error != NULL)
                why = g_strdup (picture->error->message);
            }
        }
    }
  /* Without the game's own archive the grid is stand-in icons: say why, and where to fix it. */
  if (n_missing > 0 && n_missing == n_sprites)
    gtk_label_set_text (GTK_LABEL (self->missing),
                        _("No pictures: Doom2D Forever’s Game.wad was not found. Add the game’s data folder "
                          "(the one holding Game.wad) in Preferences → Doom2D Forever Data Folders."));
  else if (n_missing > 0)
    {
      g_autofree char *text = g_strdup_printf (_("Some pictures are missing (%s). Game.wad is looked for in "
                                                 "Preferences → Doom2D Forever Data Folders."),
                                               why != NULL ? why : "");

      gtk_label_set_text (GTK_LABEL (self->missing), text);
    }
  gtk_widget_set_visible (self->missing, n_missing > 0);
  show_pictures (self);
}

gint64
tsr_doom2d_thing_palette_get_direction (TsrDoom2dThingPalette *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_THING_PALETTE (self), TSR_DOOM2D_DIR_RIGHT);
  return self->direction;
}

void
tsr_doom2d_thing_palette_set_direction (TsrDoom2dThingPalette *self,
                                        gint64                 direction)
{
  g_return_if_fail (TSR_IS_DOOM2D_THING_PALETTE (self));
  g_return_if_fail (direction == TSR_DOOM2D_DIR_LEFT || direction == TSR_DOOM2D_DIR_RIGHT);
  if (self->face[direction] != NULL)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->face[direction]), TRUE);
  if (direction == self->direction)
    return;
  self->direction = direction;
  show_pictures (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRECTION]);
}

GtkWidget *
tsr_doom2d_thing_palette_get_direction_button (TsrDoom2dThingPalette *self,
                                               gint64                 direction)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_THING_PALETTE (self), NULL);
  g_return_val_if_fail (direction == TSR_DOOM2D_DIR_LEFT || direction == TSR_DOOM2D_DIR_RIGHT, NULL);
  return self->face[direction];
}

static void
on_face_toggled (GtkToggleButton       *button,
                 TsrDoom2dThingPalette *self)
{
  if (gtk_toggle_button_get_active (button))
    tsr_doom2d_thing_palette_set_direction (self, button == GTK_TOGGLE_BUTTON (self->face[TSR_DOOM2D_DIR_LEFT])
                                                    ? TSR_DOOM2D_DIR_LEFT : TSR_DOOM2D_DIR_RIGHT);
}

/* Monsters: two linked toggles beside the button choose the way new ones face. */
static void
add_facing (TsrDoom2dThingPalette *self,
            const char            *name)
{
  static const char *const icons[] = { "go-previous-symbolic", "go-next-symbolic" };
  static const char *const tips[] = { N_("New monsters face left"), N_("New monsters face right") };
  static const char *const names[] = { "face-left", "face-right" };

  self->facing = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (self->facing, "linked");
  for (guint d = TSR_DOOM2D_DIR_LEFT; d <= TSR_DOOM2D_DIR_RIGHT; d++)
    {
      g_autofree char *widget_name = g_strdup_printf ("%s-%s", name, names[d]);

      self->face[d] = gtk_toggle_button_new ();
      gtk_button_set_icon_name (GTK_BUTTON (self->face[d]), icons[d]);
      gtk_widget_set_tooltip_text (self->face[d], _(tips[d]));
      gtk_widget_set_name (self->face[d], widget_name);
      if (d > TSR_DOOM2D_DIR_LEFT)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->face[d]), GTK_TOGGLE_BUTTON (self->face[TSR_DOOM2D_DIR_LEFT]));
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->face[d]), d == self->direction);
      g_signal_connect (self->face[d], "toggled", G_CALLBACK (on_face_toggled), self);
      gtk_box_append (GTK_BOX (self->facing), self->face[d]);
    }
  gtk_widget_set_parent (self->facing, GTK_WIDGET (self));
}

gint64
tsr_doom2d_thing_palette_get_value (TsrDoom2dThingPalette *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_THING_PALETTE (self), 0);
  return self->chosen < self->entries->len ? entry_at (self, self->chosen)->value : 0;
}

void
tsr_doom2d_thing_palette_set_value (TsrDoom2dThingPalette *self,
                                    gint64                 value)
{
  g_return_if_fail (TSR_IS_DOOM2D_THING_PALETTE (self));
  for (guint i = 0; i < self->entries->len; i++)
    if (entry_at (self, i)->value == value)
      choose (self, i);
}

GtkWidget *
tsr_doom2d_thing_palette_get_button (TsrDoom2dThingPalette *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_THING_PALETTE (self), NULL);
  return self->button;
}

guint
tsr_doom2d_thing_palette_get_n_entries (TsrDoom2dThingPalette *self)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_THING_PALETTE (self), 0);
  return self->entries->len;
}

gint64
tsr_doom2d_thing_palette_get_entry_value (TsrDoom2dThingPalette *self,
                                          guint                  entry)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_THING_PALETTE (self), 0);
  g_return_val_if_fail (entry < self->entries->len, 0);
  return entry_at (self, entry)->value;
}

GtkWidget *
tsr_doom2d_thing_palette_get_entry (TsrDoom2dThingPalette *self,
                                    guint                  entry)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_THING_PALETTE (self), NULL);
  g_return_val_if_fail (entry < self->entries->len, NULL);
  return entry_at (self, entry)->button;
}

gboolean
tsr_doom2d_thing_palette_entry_has_picture (TsrDoom2dThingPalette *self,
                                            guint                  entry)
{
  g_return_val_if_fail (TSR_IS_DOOM2D_THING_PALETTE (self), FALSE);
  g_return_val_if_fail (entry < self->entries->len, FALSE);
  return entry_texture (self, entry_at (self, entry)) != NULL;
}

static void
tsr_doom2d_thing_palette_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  TsrDoom2dThingPalette *self = TSR_DOOM2D_THING_PALETTE (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_int64 (value, tsr_doom2d_thing_palette_get_value (self));
      break;
    case PROP_DIRECTION:
      g_value_set_int64 (value, self->direction);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_doom2d_thing_palette_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  TsrDoom2dThingPalette *self = TSR_DOOM2D_THING_PALETTE (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      tsr_doom2d_thing_palette_set_value (self, g_value_get_int64 (value));
      break;
    case PROP_DIRECTION:
      tsr_doom2d_thing_palette_set_direction (self, g_value_get_int64 (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tsr_doom2d_thing_palette_dispose (GObject *object)
{
  TsrDoom2dThingPalette *self = TSR_DOOM2D_THING_PALETTE (object);

  g_clear_pointer (&self->button, gtk_widget_unparent);
  g_clear_pointer (&self->facing, gtk_widget_unparent);
  g_clear_pointer (&self->entries, g_array_unref);
  G_OBJECT_CLASS (tsr_doom2d_thing_palette_parent_class)->dispose (object);
}

static void
tsr_doom2d_thing_palette_class_init (TsrDoom2dThingPaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = tsr_doom2d_thing_palette_get_property;
  object_class->set_property = tsr_doom2d_thing_palette_set_property;
  object_class->dispose = tsr_doom2d_thing_palette_dispose;
  properties[PROP_VALUE] = g_param_spec_int64 ("value", NULL, NULL, G_MININT64, G_MAXINT64, 0,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIRECTION] = g_param_spec_int64 ("direction", NULL, NULL, TSR_DOOM2D_DIR_LEFT, TSR_DOOM2D_DIR_RIGHT,
                                                   TSR_DOOM2D_DIR_RIGHT,
                                                   G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BOX_LAYOUT);
}

static void
tsr_doom2d_thing_palette_init (TsrDoom2dThingPalette *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *popover_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  self->direction = TSR_DOOM2D_DIR_RIGHT;
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 4);
  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  g_array_set_clear_func (self->entries, entry_clear);
  self->button = gtk_menu_button_new ();
  gtk_widget_set_parent (self->button, GTK_WIDGET (self));
  self->button_picture = gtk_picture_new ();
  gtk_picture_set_can_shrink (GTK_PICTURE (self->button_picture), TRUE);
  gtk_picture_set_content_fit (GTK_PICTURE (self->button_picture), GTK_CONTENT_FIT_CONTAIN);
  gtk_widget_set_size_request (self->button_picture, BUTTON_PICTURE_SIZE, BUTTON_PICTURE_SIZE);
  gtk_box_append (GTK_BOX (content), self->button_picture);
  self->button_label = gtk_label_new (NULL);
  gtk_box_append (GTK_BOX (content), self->button_label);
  gtk_box_append (GTK_BOX (content), gtk_image_new_from_icon_name ("pan-down-symbolic"));
  gtk_menu_button_set_child (GTK_MENU_BUTTON (self->button), content);

  self->flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->flow), GTK_SELECTION_SINGLE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (self->flow), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (self->flow), 6);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->flow), 6);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 560);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->flow);
  self->missing = gtk_label_new (NULL);
  gtk_widget_set_name (self->missing, "missing-pictures");
  gtk_label_set_wrap (GTK_LABEL (self->missing), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->missing), 60);
  gtk_label_set_xalign (GTK_LABEL (self->missing), 0);
  gtk_widget_add_css_class (self->missing, "warning");
  gtk_widget_set_margin_start (self->missing, 6);
  gtk_widget_set_margin_end (self->missing, 6);
  gtk_widget_set_margin_top (self->missing, 6);
  gtk_widget_set_margin_bottom (self->missing, 6);
  gtk_widget_set_visible (self->missing, FALSE);
  gtk_box_append (GTK_BOX (popover_box), self->missing);
  gtk_box_append (GTK_BOX (popover_box), scrolled);
  gtk_popover_set_child (GTK_POPOVER (popover), popover_box);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->button), popover);
}

GtkWidget *
tsr_doom2d_thing_palette_new (TsrDoom2dKind  kind,
                              const char    *enum_name,
                              const char    *name)
{
  TsrDoom2dThingPalette *self = g_object_new (TSR_TYPE_DOOM2D_THING_PALETTE, NULL);
  g_autoptr(GPtrArray) constants = tsr_doom2d_palette_constants (enum_name);

  self->kind = kind;
  gtk_widget_set_name (self->button, name);
  for (guint i = 0; i < constants->len; i++)
    add_entry (self, g_ptr_array_index (constants, i));
  if (kind == TSR_DOOM2D_KIND_MONSTER)
    add_facing (self, name);
  self->chosen = 0;
  tsr_doom2d_thing_palette_set_cache (self, NULL);
  return GTK_WIDGET (self);
}
