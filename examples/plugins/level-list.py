# Tessera example plugin (an exporter): writes a text file listing the current document's levels,
# one a line (number, name), then the document's findings.
import gi
gi.require_version('Tessera', '1.0')
from gi.repository import GObject, Tessera


class LevelListExporter(GObject.Object, Tessera.Exporter):
    def do_get_label(self):
        return 'Level List (text)'

    def do_get_extension(self):
        return '.txt'

    def do_export(self, document, path):
        with open(path, 'w', encoding='utf-8') as out:
            out.write(f'# {document.get_format_name()}\n')
            for level in range(document.get_n_levels()):
                out.write(f'{level + 1}\t{document.dup_level_name(level)}\n')
            for finding in document.list_findings():
                out.write(f'{finding.where}: {finding.what}\n')
        return True
