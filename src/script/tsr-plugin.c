/* tsr-plugin.c: the plugin interfaces' dispatch and the finding collector (see tsr-plugin.h). */
#include "config.h"

#include "script/tsr-plugin.h"

/**
 * TsrMenuCommand:
 *
 * A command the editor lists in its Plugins menu; it acts on the current document through its
 * commands (tsr_document_set_tile(), tsr_property_source_set_field_text(), …). The editor groups
 * what it pushes into one undo step, and rolls all of it back when run fails (or raises).
 */
G_DEFINE_INTERFACE (TsrMenuCommand, tsr_menu_command, G_TYPE_OBJECT)

static void
tsr_menu_command_default_init (TsrMenuCommandInterface *iface)
{
}

/**
 * tsr_menu_command_get_label:
 * @self: a #TsrMenuCommand
 *
 * Returns: (transfer full): the menu item's label
 */
char *
tsr_menu_command_get_label (TsrMenuCommand *self)
{
  g_return_val_if_fail (TSR_IS_MENU_COMMAND (self), NULL);
  if (TSR_MENU_COMMAND_GET_IFACE (self)->get_label == NULL)
    return NULL;
  return TSR_MENU_COMMAND_GET_IFACE (self)->get_label (self);
}

/**
 * tsr_menu_command_run:
 * @self: a #TsrMenuCommand
 * @document: the current document
 * @error: return location for an error
 *
 * Runs the command on @document.
 *
 * Returns: %TRUE when it ran; %FALSE with @error set when it failed
 */
gboolean
tsr_menu_command_run (TsrMenuCommand *self,
                      TsrDocument    *document,
                      GError        **error)
{
  g_return_val_if_fail (TSR_IS_MENU_COMMAND (self), FALSE);
  g_return_val_if_fail (TSR_IS_DOCUMENT (document), FALSE);
  g_return_val_if_fail (TSR_MENU_COMMAND_GET_IFACE (self)->run != NULL, FALSE);
  return TSR_MENU_COMMAND_GET_IFACE (self)->run (self, document, error);
}

/**
 * TsrFindingCollector:
 *
 * What a #TsrFindingProvider adds its findings to.
 */
struct _TsrFindingCollector {
  GObject    parent_instance;
  GPtrArray *findings;
  guint      n_added;
};

G_DEFINE_FINAL_TYPE (TsrFindingCollector, tsr_finding_collector, G_TYPE_OBJECT)

static void
tsr_finding_collector_finalize (GObject *object)
{
  TsrFindingCollector *self = TSR_FINDING_COLLECTOR (object);

  g_clear_pointer (&self->findings, g_ptr_array_unref);
  G_OBJECT_CLASS (tsr_finding_collector_parent_class)->finalize (object);
}

static void
tsr_finding_collector_class_init (TsrFindingCollectorClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tsr_finding_collector_finalize;
}

static void
tsr_finding_collector_init (TsrFindingCollector *self)
{
}

/**
 * tsr_finding_collector_new:
 * @findings: (element-type TsrFinding) (transfer none): the array the findings go to
 *
 * Returns: (transfer full): a collector adding to @findings
 */
TsrFindingCollector *
tsr_finding_collector_new (GPtrArray *findings)
{
  TsrFindingCollector *self = g_object_new (TSR_TYPE_FINDING_COLLECTOR, NULL);

  g_return_val_if_fail (findings != NULL, NULL);
  self->findings = g_ptr_array_ref (findings);
  return self;
}

/**
 * tsr_finding_collector_add:
 * @self: a #TsrFindingCollector
 * @severity: how bad it is
 * @where: where, for people ("level 1")
 * @what: what is wrong
 *
 * Adds a finding with no place in the map.
 */
void
tsr_finding_collector_add (TsrFindingCollector *self,
                           TsrSeverity          severity,
                           const char          *where,
                           const char          *what)
{
  g_return_if_fail (TSR_IS_FINDING_COLLECTOR (self));
  g_return_if_fail (where != NULL && what != NULL);
  tsr_findings_add (self->findings, severity, where, "%s", what);
  self->n_added++;
}

/**
 * tsr_finding_collector_add_at:
 * @self: a #TsrFindingCollector
 * @severity: how bad it is
 * @where: where, for people ("level 1, cell (3,4)")
 * @what: what is wrong
 * @level: the level of the element, or -1
 * @kind: the element's kind as the family's findings name it ("cell", "polygon", "entity", …)
 * @index: the element's index among its kind, or -1
 * @x: a point of the element in the map's cells (tile maps) or units, or -1 for none
 * @y: the point's other coordinate, or -1
 *
 * Adds a finding with a place the findings view can show on the map.
 */
void
tsr_finding_collector_add_at (TsrFindingCollector *self,
                              TsrSeverity          severity,
                              const char          *where,
                              const char          *what,
                              gint                 level,
                              const char          *kind,
                              gint                 index,
                              gint                 x,
                              gint                 y)
{
  TsrFindingPlace place;

  g_return_if_fail (TSR_IS_FINDING_COLLECTOR (self));
  g_return_if_fail (where != NULL && what != NULL && kind != NULL);
  if (x >= 0 && y >= 0)
    place = tsr_finding_place_at (level, kind, index,
                                  g_str_equal (kind, "cell") || g_str_equal (kind, "object")
                                    ? TSR_FINDING_POINT_CELLS : TSR_FINDING_POINT_PIXELS,
                                  x, y);
  else
    place = tsr_finding_place_element (level, kind, index);
  tsr_findings_add_at (self->findings, severity, &place, where, "%s", what);
  self->n_added++;
}

/**
 * tsr_finding_collector_get_n_added:
 * @self: a #TsrFindingCollector
 *
 * Returns: how many findings were added through @self
 */
guint
tsr_finding_collector_get_n_added (TsrFindingCollector *self)
{
  g_return_val_if_fail (TSR_IS_FINDING_COLLECTOR (self), 0);
  return self->n_added;
}

/**
 * TsrFindingProvider:
 *
 * Extra checks of a plugin: the findings view lists what it adds after the document's own.
 */
G_DEFINE_INTERFACE (TsrFindingProvider, tsr_finding_provider, G_TYPE_OBJECT)

static void
tsr_finding_provider_default_init (TsrFindingProviderInterface *iface)
{
}

/**
 * tsr_finding_provider_check:
 * @self: a #TsrFindingProvider
 * @document: the document to check (read it; do not change it)
 * @collector: where the findings go
 * @error: return location for an error
 *
 * Returns: %TRUE when the check ran; %FALSE with @error set when it failed
 */
gboolean
tsr_finding_provider_check (TsrFindingProvider  *self,
                            TsrDocument         *document,
                            TsrFindingCollector *collector,
                            GError             **error)
{
  g_return_val_if_fail (TSR_IS_FINDING_PROVIDER (self), FALSE);
  g_return_val_if_fail (TSR_FINDING_PROVIDER_GET_IFACE (self)->check != NULL, FALSE);
  return TSR_FINDING_PROVIDER_GET_IFACE (self)->check (self, document, collector, error);
}

/**
 * TsrExporter:
 *
 * Writes the current document to a file of the plugin's own format (Export in the Plugins menu).
 */
G_DEFINE_INTERFACE (TsrExporter, tsr_exporter, G_TYPE_OBJECT)

static void
tsr_exporter_default_init (TsrExporterInterface *iface)
{
}

/**
 * tsr_exporter_get_label:
 * @self: a #TsrExporter
 *
 * Returns: (transfer full): the menu item's label
 */
char *
tsr_exporter_get_label (TsrExporter *self)
{
  g_return_val_if_fail (TSR_IS_EXPORTER (self), NULL);
  if (TSR_EXPORTER_GET_IFACE (self)->get_label == NULL)
    return NULL;
  return TSR_EXPORTER_GET_IFACE (self)->get_label (self);
}

/**
 * tsr_exporter_get_extension:
 * @self: a #TsrExporter
 *
 * Returns: (transfer full) (nullable): the file name extension it writes (".txt"), or %NULL
 */
char *
tsr_exporter_get_extension (TsrExporter *self)
{
  g_return_val_if_fail (TSR_IS_EXPORTER (self), NULL);
  if (TSR_EXPORTER_GET_IFACE (self)->get_extension == NULL)
    return NULL;
  return TSR_EXPORTER_GET_IFACE (self)->get_extension (self);
}

/**
 * tsr_exporter_export:
 * @self: a #TsrExporter
 * @document: the document to write
 * @path: (type utf8): the file to write (a str in Python)
 * @error: return location for an error
 *
 * Returns: %TRUE when @path was written
 */
gboolean
tsr_exporter_export (TsrExporter *self,
                     TsrDocument *document,
                     const char  *path,
                     GError     **error)
{
  g_return_val_if_fail (TSR_IS_EXPORTER (self), FALSE);
  g_return_val_if_fail (TSR_EXPORTER_GET_IFACE (self)->export != NULL, FALSE);
  return TSR_EXPORTER_GET_IFACE (self)->export (self, document, path, error);
}
