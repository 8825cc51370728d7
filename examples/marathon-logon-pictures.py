#!/usr/bin/env python3
# Renames the picture every terminal's logon screen shows (#LOGON OLD becomes #LOGON NEW) in every
# level of a Marathon map, through the Terminals page's own edit (one undo step per level), and
# saves the result as OUT. Other directives, logoff screens included, are left alone.
#   tessera-cli script examples/marathon-logon-pictures.py MAP OLD NEW OUT
import re
import sys

import gi
gi.require_version('Tessera', '1.0')
from gi.repository import Tessera

if len(sys.argv) != 5:
    sys.exit('usage: tessera-cli script marathon-logon-pictures.py MAP OLD NEW OUT')
path, old, new, output = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
document = Tessera.Document.new_from_path(path)
logon = re.compile(r'^(#LOGON[ \t]+)' + str(old) + r'\b', re.MULTILINE | re.IGNORECASE)

renamed = 0
for level in range(document.get_n_levels()):
    script = document.dup_terminal_script(level)
    changed, count = logon.subn(lambda match: match.group(1) + str(new), script)
    if count:
        document.set_terminal_script(level, changed, f'Rename Logon Picture {old} to {new}')
        renamed += count
        print(f'level {level} "{document.dup_level_name(level)}": {count} logon screens')
document.save_to_path(output, False)
print(f'{renamed} logon screens now show picture {new}; wrote {output}')
