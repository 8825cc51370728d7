/* tsr-marathon-test-maps.h: what the Marathon editing tests share: the real map files of the
 * test data, opening one as a document, its bytes as saved, and a level's validation errors as
 * one text to compare before and after edits. */
#pragma once

#include "model/marathon/tsr-marathon-document.h"

/* The .sceA, .scen and .sceA.as files under DATA_DIR/marathon (transfer full, char *). */
GPtrArray           *tsr_marathon_test_real_maps         (const char             *data_dir);
/* Fails the test when PATH does not open as a Marathon document. (transfer full) */
TsrMarathonDocument *tsr_marathon_test_open_map          (const char             *path);
/* The scenario's bytes as a save writes them. (transfer full) */
GBytes              *tsr_marathon_test_serialize         (TsrMarathonDocument    *document);
/* "WHERE: WHAT\n" for each validation error of LEVEL (transfer full). */
char                *tsr_marathon_test_validation_errors (const TsrMarathonLevel *level);
