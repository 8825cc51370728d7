# Tessera example plugin (a menu command): mirrors the first level of a tile map (a Wolfenstein 3D
# level, a Sphere map) left to right on every layer. Each tile goes through the document's
# commands (Tessera.Document.set_tile); the editor groups them into one undo step.
import gi
gi.require_version('Tessera', '1.0')
from gi.repository import GObject, Tessera


class MirrorMapCommand(GObject.Object, Tessera.MenuCommand):
    def do_get_label(self):
        return 'Mirror Map Left to Right'

    def do_run(self, document):
        found, width, height, n_layers = document.get_tile_map_size(0)
        if not found:
            raise ValueError(f'{document.get_format_name()} has no tile map to mirror')
        for layer in range(n_layers):
            rows = [[document.get_tile(0, layer, x, y) for x in range(width)] for y in range(height)]
            for y, row in enumerate(rows):
                for x in range(width):
                    mirrored = row[width - 1 - x]
                    if mirrored != row[x]:
                        document.set_tile(0, layer, x, y, mirrored)
        return True
