/* tsr-findings-hook.h: one process-wide hook that adds findings after a document's own each time
 * they are computed: the editor's plugin finding providers (src/app/tsr-plugins.c). Not set in
 * the CLI or scripts. Called on the thread that asks for the findings. */
#pragma once

#include "model/tsr-document.h"

G_BEGIN_DECLS

typedef void (*TsrFindingsHook) (TsrDocument *document,
                                 GPtrArray   *findings,
                                 gpointer     user_data);

/* Sets (or with NULL clears) the hook; USER_DATA must live until it is cleared. */
void tsr_document_set_findings_hook (TsrFindingsHook hook,
                                     gpointer        user_data);

G_END_DECLS
