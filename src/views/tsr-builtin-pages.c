/* tsr-builtin-pages.c: the document pages and map-editor family panels Tessera ships: the one
 * place that lists them. A new family adds its registrations here. */
#include "views/tsr-editor-pages.h"

#include "model/doom2d/tsr-doom2d-document.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-shapes-document.h"
#include "model/marathon/tsr-terminal-document.h"
#include "model/sphere/tsr-sphere-document.h"
#include "model/tsr-tile-map.h"
#include "model/wolf3d/tsr-wolf3d-document.h"
#include "views/doom2d/tsr-doom2d-map-page.h"
#include "views/assets/tsr-images-browser.h"
#include "views/assets/tsr-shapes-browser.h"
#include "views/assets/tsr-sprite-browser.h"
#include "views/assets/tsr-wolf3d-browser.h"
#include "views/marathon/tsr-marathon-map-page.h"
#include "views/marathon/tsr-marathon-physics-page.h"
#include "views/marathon/tsr-terminal-editor.h"
#include "views/sphere/tsr-sphere-panels.h"
#include "views/sphere/tsr-tileset-editor.h"
#include "views/sphere/tsr-spriteset-editor.h"
#include "views/tsr-inspector.h"
#include "views/tsr-map-editor.h"
#include "views/wolf3d/tsr-wolf3d-panels.h"

/* A document with a tile map to edit; a Sphere tileset or spriteset has no layers. */
static gboolean
map_editor_accepts (TsrDocument *document)
{
  return TSR_IS_TILE_MAP (document) && tsr_tile_map_get_n_layers (TSR_TILE_MAP (document)) > 0;
}

static gboolean
terminal_editor_accepts (TsrDocument *document)
{
  return TSR_IS_TERMINAL_DOCUMENT (document);
}

static gboolean
marathon_map_page_accepts (TsrDocument *document)
{
  return TSR_IS_MARATHON_DOCUMENT (document);
}

static gboolean
shapes_browser_accepts (TsrDocument *document)
{
  return TSR_IS_SHAPES_DOCUMENT (document);
}

static GObject *
sphere_panels_new (TsrMapEditor *editor,
                   TsrDocument  *document)
{
  if (!tsr_sphere_document_is_map (TSR_SPHERE_DOCUMENT (document)))
    return NULL;
  return G_OBJECT (tsr_sphere_panels_new (editor, TSR_SPHERE_DOCUMENT (document)));
}

static GObject *
wolf3d_panels_new (TsrMapEditor *editor,
                   TsrDocument  *document)
{
  return G_OBJECT (tsr_wolf3d_panels_new (editor, TSR_WOLF_DOCUMENT (document)));
}

void
tsr_editor_pages_register_builtin (void)
{
  /* The inspector shows every document no other page takes. */
  tsr_editor_pages_register ("inspector", TSR_TYPE_INSPECTOR, 0, NULL);
  tsr_editor_pages_register ("map-editor", TSR_TYPE_MAP_EDITOR, 10, map_editor_accepts);
  tsr_editor_pages_register ("terminal-editor", TSR_TYPE_TERMINAL_EDITOR, 10, terminal_editor_accepts);
  tsr_editor_pages_register ("doom2d-map", TSR_TYPE_DOOM2D_MAP_PAGE, 10, tsr_doom2d_map_page_accepts);
  tsr_editor_pages_register ("marathon-map", TSR_TYPE_MARATHON_MAP_PAGE, 10, marathon_map_page_accepts);
  tsr_editor_pages_register ("marathon-physics", TSR_TYPE_MARATHON_PHYSICS_PAGE, 10, tsr_marathon_physics_page_accepts);
  tsr_editor_pages_register ("shapes-browser", TSR_TYPE_SHAPES_BROWSER, 10, shapes_browser_accepts);
  tsr_editor_pages_register ("images-browser", TSR_TYPE_IMAGES_BROWSER, 10, tsr_images_browser_accepts);
  tsr_editor_pages_register ("sprite-browser", TSR_TYPE_SPRITE_BROWSER, 10, tsr_sprite_browser_accepts);
  /* Above the sprite browser: spritesets are edited, directions, frames, base and pixels. */
  tsr_editor_pages_register ("spriteset-editor", TSR_TYPE_SPRITESET_EDITOR, 15, tsr_spriteset_editor_accepts);
  /* Above the inspector: a Sphere tileset (.rts) is edited, tiles, pixels, animation, obstructions. */
  tsr_editor_pages_register ("tileset-editor", TSR_TYPE_TILESET_EDITOR, 15, tsr_tileset_editor_accepts);
  /* Above the map editor: a Wolf3D set opened from its graphics files shows their pictures. */
  tsr_editor_pages_register ("wolf3d-browser", TSR_TYPE_WOLF3D_BROWSER, 20, tsr_wolf3d_browser_accepts);

  tsr_map_editor_register_panels (TSR_TYPE_SPHERE_DOCUMENT, sphere_panels_new);
  tsr_map_editor_register_panels (TSR_TYPE_WOLF_DOCUMENT, wolf3d_panels_new);
}
