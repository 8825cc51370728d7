#!/usr/bin/env python3
# Lists every texture record of every map of a Doom2D file: "MAP<TAB>INDEX<TAB>PATH" (test-scripts.py).
import sys

import gi
gi.require_version('Tessera', '1.0')
from gi.repository import Tessera

document = Tessera.Document.new_from_path(sys.argv[1])
for level in range(document.get_n_levels()):
    source = document.find_record_source(level, 'texture')
    for texture in source.list_elements():
        print(f'{document.dup_level_name(level)}\t{texture}\t{source.dup_field_text(texture, "path")}')
