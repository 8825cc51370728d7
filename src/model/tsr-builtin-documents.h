/* tsr-builtin-documents.h: registers every family document type Tessera ships. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void tsr_documents_register_builtin (void);

G_END_DECLS
