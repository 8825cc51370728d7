#!/usr/bin/env python3
# Counts the enemies of every Wolfenstein 3D level for each difficulty, from the object layer as the
# editor names its codes ("..., all skill levels", "..., medium and hard", "..., hard only"):
# "Can I Play, Daddy?" and "Don't hurt me" get the first, "Bring 'em on!" adds the second,
# "I am Death incarnate!" the third; bosses come on every difficulty.
#   tessera-cli script examples/wolf3d-enemies.py GAMEMAPS
import sys

import gi
gi.require_version('Tessera', '1.0')
from gi.repository import Tessera

if len(sys.argv) != 2:
    sys.exit('usage: tessera-cli script wolf3d-enemies.py GAMEMAPS')
document = Tessera.Document.new_from_path(sys.argv[1])
if document.get_family() != 'wolf3d':
    sys.exit(f'{sys.argv[1]}: not a Wolfenstein 3D set ({document.get_format_name()})')

SKILLS = {'all skill levels': 0, 'medium and hard': 1, 'hard only': 2}
# Bosses carry no skill in their code: WL_GAME.C ScanInfoPlane spawns them on every difficulty.
BOSSES = {'Hans Grosse', 'Dr. Schabbs', 'Fake Hitler', 'Mecha Hitler', 'General Fettgesicht',
          'Gretel Grosse', 'Otto Giftmacher'}
print('level\teasy\tmedium\thard\tname')
for level in range(document.get_n_levels()):
    found, width, height, n_layers = document.get_tile_map_size(level)
    if not found:
        continue
    names = {}
    counts = [0, 0, 0]
    for y in range(height):
        for x in range(width):
            value = document.get_tile(level, 1, x, y)
            if value not in names:
                names[value] = document.dup_tile_name(level, 1, value) or ''
            if names[value] in BOSSES:
                counts[0] += 1
            for suffix, skill in SKILLS.items():
                if names[value].endswith(', ' + suffix):
                    counts[skill] += 1
    easy = counts[0]
    print(f'{level}\t{easy}\t{easy + counts[1]}\t{easy + counts[1] + counts[2]}\t'
          f'{document.dup_level_name(level)}')
