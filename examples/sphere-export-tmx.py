#!/usr/bin/env python3
# Exports every Sphere map (.rmp) of a folder to a Tiled map (.tmx) in OUTDIR, as Save As to a
# .tmx name does in the editor (the tilesets are written beside it).
#   tessera-cli script examples/sphere-export-tmx.py FOLDER OUTDIR
import os
import sys

import gi
gi.require_version('Tessera', '1.0')
from gi.repository import GLib, Tessera

if len(sys.argv) != 3:
    sys.exit('usage: tessera-cli script sphere-export-tmx.py FOLDER OUTDIR')
folder, outdir = sys.argv[1:]
os.makedirs(outdir, exist_ok=True)
failed = 0
for name in sorted(os.listdir(folder)):
    if not name.lower().endswith('.rmp'):
        continue
    target = os.path.join(outdir, os.path.splitext(name)[0] + '.tmx')
    try:
        document = Tessera.Document.new_from_path(os.path.join(folder, name))
        document.save_to_path(target, False)
        print(f'{name} -> {target}')
    except GLib.Error as error:
        print(f'{name}: {error.message}', file=sys.stderr)
        failed += 1
sys.exit(1 if failed else 0)
