#!/usr/bin/env python3
# Enemies per difficulty of each Wolfenstein 3D level from the raw object codes, by the engine's
# rule (WL_GAME.C ScanInfoPlane: a code of the hard band falls through to the medium band and on
# to the base band, each step guarded by gamestate.difficulty): guards and officers 108-123, SS and
# dogs 126-141 on every difficulty, the same +36 from medium, +72 on hard only; mutants 216-223,
# 234-241, 252-259 likewise; 124 is a dead guard, no enemy; the seven bosses (160, 178, 179, 196,
# 197, 214, 215) come on every difficulty. Pac-Man ghosts (224-227) are not counted (the shareware
# maps hold none). Prints
# [[easy, medium, hard], ...] as JSON, one per map slot that holds a map (test-scripts.py).
import json
import sys

import gi
gi.require_version('Tessera', '1.0')
from gi.repository import Tessera

BOSSES = {160, 178, 179, 196, 197, 214, 215}


def skill(code):
    """0 every difficulty, 1 from medium, 2 hard only, None: no enemy."""
    if code in BOSSES:
        return 0
    # Guards and officers (stand, patrol), SS and dogs (stand, patrol): base, +36 medium, +72 hard.
    for band, first in enumerate((108, 144, 180)):
        offset = code - first
        if 0 <= offset < 16 or 18 <= offset < 34:
            return band
    # Mutants (stand, patrol): 216-223, 234-241 from medium, 252-259 hard only.
    for band, first in enumerate((216, 234, 252)):
        if first <= code < first + 8:
            return band
    return None


document = Tessera.Document.new_from_path(sys.argv[1])
result = []
for level in range(document.get_n_levels()):
    found, width, height, n_layers = document.get_tile_map_size(level)
    if not found:
        continue
    counts = [0, 0, 0]
    for y in range(height):
        for x in range(width):
            band = skill(document.get_tile(level, 1, x, y))
            if band is not None:
                counts[band] += 1
    result.append([counts[0], counts[0] + counts[1], counts[0] + counts[1] + counts[2]])
print(json.dumps(result))
