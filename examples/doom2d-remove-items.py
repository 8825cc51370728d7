#!/usr/bin/env python3
# Removes every item of one type (ITEM_SPHERE_BLUE, ITEM_WEAPON_BFG …) from every map of a Doom2D
# Forever archive (DFWAD or ZIP) or from one map file, through the map editor's Delete command
# (triggers aimed at a removed item are repaired as the editor repairs them). The whole run is one
# undo step; the result is saved as OUT.
#   tessera-cli script examples/doom2d-remove-items.py WAD TYPE OUT
import sys

import gi
gi.require_version('Tessera', '1.0')
from gi.repository import Tessera

if len(sys.argv) != 4:
    sys.exit('usage: tessera-cli script doom2d-remove-items.py WAD TYPE OUT')
path, item_type, output = sys.argv[1:]
document = Tessera.Document.new_from_path(path)
if document.get_family() != 'doom2d':
    sys.exit(f'{path}: not a Doom2D Forever file ({document.get_format_name()})')

stack = document.get_undo_stack()
stack.begin_group(f'Remove {item_type}')
removed = 0
maps = 0
for level in range(document.get_n_levels()):
    items = document.find_record_source(level, 'item')
    doomed = [item for item in items.list_elements()
              if items.dup_field_text(item, 'type').upper() == item_type.upper()]
    if doomed:
        document.remove_records(level, 'item', doomed)
        removed += len(doomed)
        maps += 1
        print(f'{document.dup_level_name(level)}: {len(doomed)} removed')
stack.end_group()
document.save_to_path(output, False)
print(f'{removed} items {item_type} removed from {maps} of {document.get_n_levels()} maps; wrote {output}')
