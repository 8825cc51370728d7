/* tsr-marathon-merge-folder.h: an Atque merge folder opened as one scenario ("marathon-merge-folder"):
 * the folders' levels merged in folder order, terminals compiled from the ".term.txt" beside each
 * level. Saving writes back each level file and each script whose bytes changed, as one set; every
 * other file of the folder stays as it is. GTK-free. */
#pragma once

#include "formats/marathon/tsr-marathon-maps-formats.h"

G_BEGIN_DECLS

typedef struct _TsrMarathonMergeFolder TsrMarathonMergeFolder;

const TsrFormat *tsr_marathon_merge_folder_format (void);
/* Whether documents of FORMAT_ID hold a TsrMarathonScenario ("marathon-map", and merge folders). */
gboolean         tsr_marathon_format_holds_scenario (const char *format_id);

/* The terminal script LEVEL's folder holds, as read (UTF-8 text), or NULL when it has none: its
 * terminals came from that script (transfer none). */
GBytes          *tsr_marathon_merge_folder_get_script      (TsrMarathonMergeFolder *self,
                                                            const TsrMarathonLevel *level);
/* What the next save writes into LEVEL's script file: TEXT (UTF-8), the editor's current text. */
void             tsr_marathon_merge_folder_set_script_text (TsrMarathonMergeFolder *self,
                                                            const TsrMarathonLevel *level,
                                                            const char             *text);
/* Where LEVEL's files are: its level file, and its script or NULL (transfer none). */
const char      *tsr_marathon_merge_folder_get_level_path  (TsrMarathonMergeFolder *self,
                                                            const TsrMarathonLevel *level);
const char      *tsr_marathon_merge_folder_get_script_path (TsrMarathonMergeFolder *self,
                                                            const TsrMarathonLevel *level);

/* The merge folder PATH is a level of: PATH is the level file merging takes (the first ".sceA"
 * by name) from a level folder "NN Level Name/" of a folder that opens as a merge folder
 * (tsr_marathon_is_merge_folder, the rule File ▸ Open Folder… uses). NULL for any other file, so
 * a map in an ordinary folder opens alone. (transfer full) */
char            *tsr_marathon_merge_folder_of_level_file   (const char             *path);
/* The position in the scenario's level list of the level whose level file is PATH, or -1. */
int              tsr_marathon_merge_folder_find_level_file (TsrMarathonMergeFolder *self,
                                                            const char             *path);

G_END_DECLS
