# Tessera example plugin (a finding provider): lists each secret push-wall of every Wolfenstein 3D
# level (object code 98 on the object layer, which WL_GAME.C ScanInfoPlane turns into a push-wall)
# as a warning at its cell, so the findings view can show them on the map one by one.
import gi
gi.require_version('Tessera', '1.0')
from gi.repository import GObject, Tessera

PUSHWALL = 98


class PushWallFindings(GObject.Object, Tessera.FindingProvider):
    def do_check(self, document, collector):
        if document.get_family() != 'wolf3d':
            return True
        for level in range(document.get_n_levels()):
            found, width, height, n_layers = document.get_tile_map_size(level)
            if not found or n_layers < 2:
                continue
            name = document.dup_level_name(level)
            for y in range(height):
                for x in range(width):
                    if document.get_tile(level, 1, x, y) == PUSHWALL:
                        collector.add_at(Tessera.Severity.WARNING,
                                         f'level {level + 1} ({name}), cell ({x},{y})',
                                         'secret push-wall', level, 'cell', y * width + x, x, y)
        return True
