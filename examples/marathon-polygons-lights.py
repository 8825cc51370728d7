#!/usr/bin/env python3
# Lists every level of a Marathon map or scenario with its polygons and lights, through the same
# record sources the editor's inspector shows.
#   tessera-cli script examples/marathon-polygons-lights.py MAP.sceA
import sys

import gi
gi.require_version('Tessera', '1.0')
from gi.repository import Tessera

if len(sys.argv) != 2:
    sys.exit('usage: tessera-cli script marathon-polygons-lights.py MAP')
document = Tessera.Document.new_from_path(sys.argv[1])
if document.get_family() != 'marathon' or document.get_n_levels() == 0:
    sys.exit(f'{sys.argv[1]}: not a Marathon map ({document.get_format_name()})')

for level in range(document.get_n_levels()):
    polygons = document.find_record_source(level, 'polygon')
    lights = document.find_record_source(level, 'light')
    polygon_ids = polygons.list_elements()
    light_ids = lights.list_elements()
    print(f'level {level} "{document.dup_level_name(level)}": '
          f'{len(polygon_ids)} polygons, {len(light_ids)} lights')
    for p in polygon_ids:
        print(f'  polygon {p}: type {polygons.dup_field_text(p, "type")}, '
              f'floor {polygons.dup_field_text(p, "floor_height")}, '
              f'ceiling {polygons.dup_field_text(p, "ceiling_height")}, '
              f'floor light {polygons.get_field_int(p, "floor_lightsource_index")}')
    for light in light_ids:
        print(f'  light {light}: type {lights.dup_field_text(light, "type")}, '
              f'phase {lights.dup_field_text(light, "phase")}')
