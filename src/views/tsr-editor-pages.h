/* tsr-editor-pages.h: the registry of document pages. Each page kind registers a widget type (a
 * TsrEditorPage), a priority and a test of which documents it edits; the window shows a document
 * on the highest-priority page that accepts it. A new family adds one registration
 * (tsr-builtin-pages.c) and never edits the window. */
#pragma once

#include "views/tsr-editor-page.h"

G_BEGIN_DECLS

/* Whether the page can edit DOCUMENT; NULL accepts every document (the fallback). */
typedef gboolean (*TsrEditorPageAccepts) (TsrDocument *document);

typedef struct {
  const char           *name;       /* the page's name in the window's stack: "map-editor" */
  GType                 type;       /* a GtkWidget implementing TsrEditorPage */
  int                   priority;   /* higher wins */
  TsrEditorPageAccepts  accepts;
} TsrEditorPageKind;

void                     tsr_editor_pages_register (const char           *name,
                                                    GType                 type,
                                                    int                   priority,
                                                    TsrEditorPageAccepts  accepts);
/* The page kind for DOCUMENT (never NULL once the inspector, which takes every document, is
 * registered; the built-in pages register on first use). */
const TsrEditorPageKind *tsr_editor_pages_lookup   (TsrDocument          *document);
/* Every registered kind (TsrEditorPageKind *), highest priority first. (transfer none) */
GPtrArray               *tsr_editor_pages_list     (void);

/* Registers the pages and family panels Tessera ships (tsr-builtin-pages.c). */
void                     tsr_editor_pages_register_builtin (void);

G_END_DECLS
