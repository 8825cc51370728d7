#!/usr/bin/env python3
# Run by tessera-cli script (tests/test-scripts.py api): the Tessera-1.0 typelib loads; one real
# file of each family loads, serializes byte-identical, takes one field edit through the editor's
# commands (modified, bytes change), undoes it (clean, bytes identical again), and lists findings.
#   api.py TESTDATA TESSERA_CLI
import json
import os
import subprocess
import sys
import tempfile

import gi
gi.require_version('Tessera', '1.0')
from gi.repository import GLib, Tessera

testdata, cli = sys.argv[1], sys.argv[2]


def check(condition, message):
    if not condition:
        sys.exit(f'FAILED: {message}')


def edit_record(document, level, kind, element, field, value):
    source = document.find_record_source(level, kind)
    before = source.dup_field_text(element, field)
    check(before != value, f'{kind} {element} {field} already holds {value}')
    check(source.set_field_text(element, field, value), f'set {kind} {field}')
    check(source.dup_field_text(element, field) == value, f'{kind} {field} reads back {value}')
    return before


def edit_tile(document, level, layer, x, y):
    old = document.get_tile(level, layer, x, y)
    new = 1 if old != 1 else 2
    check(document.set_tile(level, layer, x, y, new), 'set_tile')
    check(document.get_tile(level, layer, x, y) == new, 'the tile reads back')
    return old


cases = [
    ('marathon/chronicles_DreamBrother.sceA', 'marathon',
     lambda d: edit_record(d, 0, 'polygon', 0, 'floor_height', '4100')),
    ('wolf3d/wl1_v14_shareware/GAMEMAPS.WL1', 'wolf3d', lambda d: edit_tile(d, 0, 0, 0, 0)),
    ('sphere/village.rmp', 'sphere', lambda d: edit_record(d, 0, 'person', 0, 'x', '300')),
    ('doom2d/df_MAP01.map', 'doom2d', lambda d: edit_record(d, 0, 'panel', 0, 'position', '1528, 48')),
]

for relative, family, edit in cases:
    path = os.path.join(testdata, relative)
    with open(path, 'rb') as f:
        original = f.read()
    document = Tessera.Document.new_from_path(path)
    check(document.get_family() == family, f'{relative}: family {document.get_family()}')
    check(document.serialize_main(None).get_data() == original, f'{relative}: not byte-identical')
    check(not document.get_modified(), f'{relative}: modified after load')

    edit(document)
    stack = document.get_undo_stack()
    check(document.get_modified(), f'{relative}: not modified after the edit')
    check(stack.get_n_entries() == 1, f'{relative}: {stack.get_n_entries()} undo steps, not 1')
    check(document.serialize_main(None).get_data() != original, f'{relative}: the edit changed no byte')
    check(document.undo(), f'{relative}: undo')
    check(not document.get_modified(), f'{relative}: modified after undo')
    check(document.serialize_main(None).get_data() == original, f'{relative}: not identical after undo')

    # The findings are the editor's: the same counts tessera-cli info reports.
    findings = document.list_findings()
    errors = document.count_findings(Tessera.Severity.ERROR)
    warnings = document.count_findings(Tessera.Severity.WARNING)
    check(len(findings) == errors + warnings, f'{relative}: findings do not add up')
    for finding in findings:
        check(finding.to_string().startswith(('error: ', 'warning: ')), finding.to_string())
    info = json.loads(subprocess.run([cli, 'info', '--json', path], check=True, capture_output=True,
                                     text=True).stdout)
    if 'errors' in info:
        check((info['errors'], info['warnings']) == (errors, warnings),
              f'{relative}: {errors} errors, {warnings} warnings; tessera-cli info says '
              f'{info["errors"]}, {info["warnings"]}')
    print(f'{relative}: {document.get_format_id()}, identical, one edit undone, '
          f'{errors} errors, {warnings} warnings')

# A whole script as one step: a group on the undo stack.
document = Tessera.Document.new_from_path(os.path.join(testdata, 'sphere/village.rmp'))
stack = document.get_undo_stack()
stack.begin_group('Script')
edit_record(document, 0, 'person', 0, 'x', '301')
edit_record(document, 0, 'person', 0, 'y', '201')
stack.end_group()
check(stack.get_n_entries() == 1, f'{stack.get_n_entries()} steps for a group, not 1')
check(document.undo() and not document.get_modified(), 'the group does not undo as one')

# Rendering and the terminal compiler are the CLI's: the same bytes as tessera-cli writes.
with tempfile.TemporaryDirectory() as folder:
    for relative in ('sphere/village.rmp', 'wolf3d/wl1_v14_shareware/GAMEMAPS.WL1',
                     'marathon/chronicles_DreamBrother.sceA'):
        path = os.path.join(testdata, relative)
        mine, theirs = os.path.join(folder, 'script.png'), os.path.join(folder, 'cli.png')
        check(Tessera.Document.new_from_path(path).render_png(-1, 0, 0, mine), f'{relative}: render')
        subprocess.run([cli, 'render', path, '-o', theirs], check=True, capture_output=True)
        with open(mine, 'rb') as a, open(theirs, 'rb') as b:
            check(a.read() == b.read(), f'{relative}: the PNG differs from tessera-cli render')
    script_path = os.path.join(testdata, 'marathon/chronicles_DreamBrother.term.txt')
    with open(script_path, encoding='utf-8') as f:
        chunk = Tessera.terminal_compile(f.read(), script_path)
    compiled = os.path.join(folder, 'term.bin')
    subprocess.run([cli, 'terminal', 'compile', script_path, '-o', compiled], check=True, capture_output=True)
    with open(compiled, 'rb') as f:
        check(chunk.get_data() == f.read(), 'terminal_compile differs from tessera-cli terminal compile')
    decompiled = Tessera.terminal_decompile(chunk)
    check(Tessera.terminal_compile(decompiled, None).get_data() == chunk.get_data(),
          'decompiling and compiling again changes the chunk')
print('group, render and terminal compiler ok')

# Errors are Python exceptions that name the file.
try:
    Tessera.Document.new_from_path(os.path.join(testdata, 'no-such-file.map'))
    check(False, 'a missing file loaded')
except GLib.Error as error:
    check('no-such-file.map' in error.message, f'the error does not name the file: {error.message}')
print('ok')
