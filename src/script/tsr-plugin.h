/* tsr-plugin.h: the extension points the editor offers libpeas plugins (issue 39), as GObject
 * interfaces a plugin (in Python, through the Tessera-1.0 typelib) implements: a menu command on
 * the current document, a finding provider whose findings the findings view lists with their
 * places, and a file exporter. Running a command groups what it pushes into one undo step and
 * rolls it back when the plugin fails. GTK-free: the editor (src/app/tsr-plugins.c) shows them. */
#pragma once

#include <gio/gio.h>

#include "core/tsr-finding.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

/* A command in the window's Plugins menu, acting on the current document. */
#define TSR_TYPE_MENU_COMMAND (tsr_menu_command_get_type ())
G_DECLARE_INTERFACE (TsrMenuCommand, tsr_menu_command, TSR, MENU_COMMAND, GObject)

struct _TsrMenuCommandInterface {
  GTypeInterface parent_iface;

  char     *(*get_label) (TsrMenuCommand *self);
  gboolean  (*run)       (TsrMenuCommand *self,
                          TsrDocument    *document,
                          GError        **error);
};

char     *tsr_menu_command_get_label (TsrMenuCommand *self);
gboolean  tsr_menu_command_run       (TsrMenuCommand *self,
                                      TsrDocument    *document,
                                      GError        **error);

/* What a finding provider hands its findings to. */
#define TSR_TYPE_FINDING_COLLECTOR (tsr_finding_collector_get_type ())
G_DECLARE_FINAL_TYPE (TsrFindingCollector, tsr_finding_collector, TSR, FINDING_COLLECTOR, GObject)

TsrFindingCollector *tsr_finding_collector_new     (GPtrArray           *findings);
void                 tsr_finding_collector_add     (TsrFindingCollector *self,
                                                    TsrSeverity          severity,
                                                    const char          *where,
                                                    const char          *what);
void                 tsr_finding_collector_add_at  (TsrFindingCollector *self,
                                                    TsrSeverity          severity,
                                                    const char          *where,
                                                    const char          *what,
                                                    gint                 level,
                                                    const char          *kind,
                                                    gint                 index,
                                                    gint                 x,
                                                    gint                 y);
guint                tsr_finding_collector_get_n_added (TsrFindingCollector *self);

/* Extra checks, listed after the document's own findings. */
#define TSR_TYPE_FINDING_PROVIDER (tsr_finding_provider_get_type ())
G_DECLARE_INTERFACE (TsrFindingProvider, tsr_finding_provider, TSR, FINDING_PROVIDER, GObject)

struct _TsrFindingProviderInterface {
  GTypeInterface parent_iface;

  gboolean (*check) (TsrFindingProvider  *self,
                     TsrDocument         *document,
                     TsrFindingCollector *collector,
                     GError             **error);
};

gboolean tsr_finding_provider_check (TsrFindingProvider  *self,
                                     TsrDocument         *document,
                                     TsrFindingCollector *collector,
                                     GError             **error);

/* Writes the current document to a file of the plugin's own format. */
#define TSR_TYPE_EXPORTER (tsr_exporter_get_type ())
G_DECLARE_INTERFACE (TsrExporter, tsr_exporter, TSR, EXPORTER, GObject)

struct _TsrExporterInterface {
  GTypeInterface parent_iface;

  char     *(*get_label)     (TsrExporter *self);
  char     *(*get_extension) (TsrExporter *self);
  gboolean  (*export)        (TsrExporter *self,
                              TsrDocument *document,
                              const char  *path,
                              GError     **error);
};

char     *tsr_exporter_get_label     (TsrExporter *self);
char     *tsr_exporter_get_extension (TsrExporter *self);
gboolean  tsr_exporter_export        (TsrExporter *self,
                                      TsrDocument *document,
                                      const char  *path,
                                      GError     **error);

G_END_DECLS
