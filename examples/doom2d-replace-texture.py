#!/usr/bin/env python3
# Replaces a texture by another in every map of a Doom2D Forever archive (DFWAD or ZIP) or in one
# map file: each texture record whose path is OLD gets path NEW, through the inspector's command,
# so the panels using it follow. Saves the result as OUT.
#   tessera-cli script examples/doom2d-replace-texture.py WAD OLD NEW OUT
import sys

import gi
gi.require_version('Tessera', '1.0')
from gi.repository import Tessera

if len(sys.argv) != 5:
    sys.exit('usage: tessera-cli script doom2d-replace-texture.py WAD OLD NEW OUT')
path, old, new, output = sys.argv[1:]
document = Tessera.Document.new_from_path(path)
if document.get_family() != 'doom2d':
    sys.exit(f'{path}: not a Doom2D Forever file ({document.get_format_name()})')

replaced = 0
for level in range(document.get_n_levels()):
    textures = document.find_record_source(level, 'texture')
    for texture in textures.list_elements():
        if textures.dup_field_text(texture, 'path').upper() == old.upper():
            textures.set_field_text(texture, 'path', new)
            replaced += 1
            print(f'{document.dup_level_name(level)}: texture {texture} {old} -> {new}')
document.save_to_path(output, False)
print(f'{replaced} textures replaced in {document.get_n_levels()} maps; wrote {output}')
