/* tsr-builtin-documents.c: the family document types Tessera ships, one line per family. */
#include "model/tsr-builtin-documents.h"

#include "model/doom2d/tsr-doom2d-document.h"
#include "model/marathon/tsr-marathon-document.h"
#include "model/marathon/tsr-shapes-document.h"
#include "model/marathon/tsr-terminal-document.h"
#include "model/sphere/tsr-sphere-document.h"
#include "model/wolf3d/tsr-wolf3d-document.h"

void
tsr_documents_register_builtin (void)
{
  tsr_doom2d_document_register ();
  tsr_sphere_document_register ();
  tsr_terminal_document_register ();
  tsr_marathon_document_register ();
  tsr_shapes_document_register ();
  tsr_wolf3d_document_register ();
}
