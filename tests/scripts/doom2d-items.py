#!/usr/bin/env python3
# Lists every item record of every map of a Doom2D file: "MAP<TAB>TYPE<TAB>POSITION<TAB>OPTIONS"
# in record order (test-scripts.py).
import sys

import gi
gi.require_version('Tessera', '1.0')
from gi.repository import Tessera

document = Tessera.Document.new_from_path(sys.argv[1])
for level in range(document.get_n_levels()):
    source = document.find_record_source(level, 'item')
    for item in source.list_elements():
        print('\t'.join([document.dup_level_name(level)]
                        + [source.dup_field_text(item, field) for field in ('type', 'position', 'options')]))
