/* tsr-wolf3d-format.c: the TsrFormat vtable for Wolf3D data sets: sniff, load, save, validate,
 * describe (game, version, files, levels with statistics), render and extract. */
#include <glib/gi18n.h>
#include "formats/wolf3d/tsr-wolf3d-format.h"

#include "formats/wolf3d/tsr-wolf3d-set.h"

static const char *const set_extensions[] = {
  "wl1", "wl3", "wl6", "sod", "sdm", "sd1", "sd2", "sd3", NULL,
};

static guint
wolf3d_set_sniff (const guint8 *data,
                  gsize         size,
                  const char   *path)
{
  TsrWolf3dFileKind kind;

  return tsr_wolf3d_sniff_kind (data, size, path, &kind);
}

static gpointer
wolf3d_set_load (const char *path,
                 GBytes     *bytes,
                 GError    **error)
{
  return tsr_wolf3d_set_load (path, bytes, error);
}

static void
wolf3d_set_free (gpointer data)
{
  tsr_wolf3d_set_free (data);
}

static GPtrArray *
wolf3d_set_save (gconstpointer data,
                 const char   *path,
                 GError      **error)
{
  return tsr_wolf3d_set_save (data, path, error);
}

static void
wolf3d_set_validate (gconstpointer data,
                     GPtrArray    *findings)
{
  tsr_wolf3d_set_validate (data, findings);
}

static void
add_int (JsonBuilder *builder,
         const char  *name,
         gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

static void
wolf3d_set_describe (gconstpointer data,
                     JsonBuilder  *builder)
{
  const TsrWolf3dSet *set = data;
  static const char *const difficulty_names[] = { "baby", "easy", "medium", "hard" };

  json_builder_set_member_name (builder, "game");
  json_builder_add_string_value (builder, set->game == TSR_WOLF3D_GAME_SPEAR ? "Spear of Destiny"
                                                                              : "Wolfenstein 3D");
  json_builder_set_member_name (builder, "version");
  json_builder_add_string_value (builder, set->version);
  json_builder_set_member_name (builder, "extension");
  json_builder_add_string_value (builder, set->extension != NULL ? set->extension : "");

  json_builder_set_member_name (builder, "files");
  json_builder_begin_object (builder);
  for (guint k = 0; k < TSR_WOLF3D_N_FILES; k++)
    if (set->files[k] != NULL)
      add_int (builder, set->names[k], (gint64) g_bytes_get_size (set->files[k]));
  json_builder_end_object (builder);

  if (set->vswap != NULL)
    {
      json_builder_set_member_name (builder, "vswap");
      json_builder_begin_object (builder);
      add_int (builder, "pages", set->vswap->n_pages);
      add_int (builder, "walls", tsr_wolf3d_vswap_get_n_walls (set->vswap));
      add_int (builder, "sprites", tsr_wolf3d_vswap_get_n_sprites (set->vswap));
      add_int (builder, "sound_pages", set->vswap->n_pages - set->vswap->sound_start);
      add_int (builder, "digitised_sounds", set->vswap->n_sounds);
      json_builder_end_object (builder);
    }
  if (set->graphics != NULL)
    {
      json_builder_set_member_name (builder, "graphics");
      json_builder_begin_object (builder);
      add_int (builder, "chunks", set->graphics->n_chunks);
      add_int (builder, "pics", set->graphics->n_pics);
      json_builder_end_object (builder);
    }
  if (set->files[TSR_WOLF3D_FILE_AUDIOHED] != NULL)
    add_int (builder, "audio_chunks", set->n_audio_chunks);

  if (set->maps == NULL)
    return;
  json_builder_set_member_name (builder, "compression");
  json_builder_add_string_value (builder, set->maps->carmack ? "Carmack + RLEW" : "RLEW");
  json_builder_set_member_name (builder, "rlew_tag");
  {
    g_autofree char *tag = g_strdup_printf ("0x%04X", set->maps->rlew_tag);
    json_builder_add_string_value (builder, tag);
  }
  json_builder_set_member_name (builder, "levels");
  json_builder_begin_array (builder);
  for (guint i = 0; i < set->maps->levels->len; i++)
    {
      const TsrWolf3dLevel *level = g_ptr_array_index (set->maps->levels, i);
      g_autofree char *size = NULL;

      json_builder_begin_object (builder);
      add_int (builder, "index", i);
      if (level == NULL)
        {
          json_builder_set_member_name (builder, "name");
          json_builder_add_null_value (builder);
          json_builder_end_object (builder);
          continue;
        }
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, level->name);
      size = g_strdup_printf ("%ux%u", level->width, level->height);
      json_builder_set_member_name (builder, "size");
      json_builder_add_string_value (builder, size);
      add_int (builder, "compressed_bytes",
               level->plane_lengths[0] + level->plane_lengths[1] + level->plane_lengths[2]);
      for (int d = 0; d < 4; d++)
        {
          TsrWolf3dStats stats;

          tsr_wolf3d_level_stats (set->game, level->planes[0], level->planes[1],
                                  (gsize) level->width * level->height, d, &stats);
          if (d == 0)
            {
              add_int (builder, "treasure", stats.treasure);
              add_int (builder, "secrets", stats.secrets);
              add_int (builder, "keys", stats.keys);
              add_int (builder, "doors", stats.doors);
              add_int (builder, "statics", stats.statics);
              json_builder_set_member_name (builder, "enemies");
              json_builder_begin_object (builder);
            }
          add_int (builder, difficulty_names[d], stats.enemies);
        }
      json_builder_end_object (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static TsrImage *
wolf3d_set_render (gconstpointer           data,
                   const TsrRenderOptions *options,
                   GError                **error)
{
  const TsrWolf3dSet *set = data;
  guint level = options->level >= 0 ? (guint) options->level : 0;
  guint tile_size = 16;
  const TsrWolf3dLevel *l = set->maps != NULL ? tsr_wolf3d_maps_get_level (set->maps, level) : NULL;

  /* With a size asked for: whole tiles that make the level at least as large as the box on both
   * sides; the CLI then scales it down into the box (render --size). */
  if (l != NULL && options->width > 0 && options->height > 0)
    tile_size = CLAMP (MAX ((options->width + l->width - 1) / l->width, (options->height + l->height - 1) / l->height),
                       1u, 64u);
  else if (l != NULL && options->width > 0)
    tile_size = MAX (options->width / l->width, 1);
  return tsr_wolf3d_set_render_level (set, level, tile_size, error);
}

static gboolean
wolf3d_set_extract (gconstpointer data,
                    const char   *directory,
                    GPtrArray    *written,
                    GError      **error)
{
  return tsr_wolf3d_set_extract (data, directory, written, error);
}

const TsrFormat tsr_wolf3d_set_format = {
  .id = "wolf3d-set",
  .name = N_("Wolfenstein 3D data set"),
  .family = "wolf3d",
  .extensions = set_extensions,
  .sniff = wolf3d_set_sniff,
  .load = wolf3d_set_load,
  .free = wolf3d_set_free,
  .save = wolf3d_set_save,
  .validate = wolf3d_set_validate,
  .describe = wolf3d_set_describe,
  .render = wolf3d_set_render,
  .extract = wolf3d_set_extract,
};

void
tsr_wolf3d_register_formats (TsrFormatRegistry *registry)
{
  tsr_format_registry_add (registry, &tsr_wolf3d_set_format);
}
