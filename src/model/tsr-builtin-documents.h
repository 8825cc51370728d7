/* tsr-builtin-documents.h: registers every family's document type (tsr_document_register_family). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Called once by tsr_document_new_from_file/new_from_bytes; safe to call again. */
void tsr_documents_register_builtin (void);

G_END_DECLS
