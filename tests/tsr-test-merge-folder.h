/* tsr-test-merge-folder.h: a merge folder split from the real Chronicles levels, and folder
 * snapshots (Check and UI tests of merge folders). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The Chronicles levels and scripts of DATA_DIR (the Marathon test data) merged into a scenario
 * (from ROOT/Source) and split back by the split of tessera-cli into ROOT/Chronicles (levels 03,
 * 07, 10 and 12; scripts beside 03 and 07), whose path it returns. (transfer full) */
char       *tsr_test_build_merge_folder (const char *data_dir,
                                         const char *root);
/* Every file under FOLDER: relative path -> GBytes. (transfer full) */
GHashTable *tsr_test_snapshot_folder    (const char *folder);
/* The files of AFTER that differ from BEFORE (or are new, or gone), sorted, joined by ", ".
 * (transfer full) */
char       *tsr_test_changed_files      (GHashTable *before,
                                         GHashTable *after);

G_END_DECLS
