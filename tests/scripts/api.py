#!/usr/bin/env python3
# Run by tessera-cli script (tests/test-scripts.py api): the Tessera-1.0 typelib loads; one real
# file of each family loads, serializes byte-identical, takes one field edit through the editor's
# commands (modified, bytes change), undoes it (clean, bytes identical again), and lists findings;
# each family adds and removes elements through the editors' commands.
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

# Adding and removing elements through the editors' commands, one script group per family: the
# counts change by one, undo gives the loaded bytes back, redo the edited ones, and the saved file
# loads again through the codec with the same counts and bytes.
def count(document, kind):
    return len(document.find_record_source(0, kind).list_elements())


def wolf3d_objects(document):
    width, height = document.get_tile_map_size(0)[1:3]
    return [(x, y) for y in range(height) for x in range(width) if document.get_tile(0, 1, x, y) != 0]


def add_remove_records(document, add_kind, remove_kind):
    first = list(document.find_record_source(0, add_kind).list_elements())[0]
    copy = document.duplicate_record(0, add_kind, first, 16, 0)
    check(copy in document.find_record_source(0, add_kind).list_elements(), f'the copy {copy} is not listed')
    check(document.remove_records(0, remove_kind, [list(document.find_record_source(0, remove_kind).list_elements())[-1]]),
          f'remove a {remove_kind}')


def add_remove_object(document):
    objects = wolf3d_objects(document)
    x, y = objects[0]
    free = next((fx, fy) for fy in range(y, 64) for fx in range(64)
                if document.get_tile(0, 0, fx, fy) >= 107 and document.get_tile(0, 1, fx, fy) == 0)
    check(document.set_tile(0, 1, free[0], free[1], document.get_tile(0, 1, x, y)), 'place an object')
    check(document.set_tile(0, 1, objects[-1][0], objects[-1][1], 0), 'remove an object')


structure_cases = [
    ('marathon/chronicles_DreamBrother.sceA', [('object', 'platform'), ('light', 'object')]),
    ('wolf3d/wl1_v14_shareware/GAMEMAPS.WL1', None),
    ('sphere/village.rmp', [('person', 'trigger')]),
    ('doom2d/df_MAP01.map', [('item', 'monster'), ('panel', 'area')]),
]
for relative, pairs in structure_cases:
    path = os.path.join(testdata, relative)
    with open(path, 'rb') as f:
        original = f.read()
    document = Tessera.Document.new_from_path(path)
    stack = document.get_undo_stack()
    kinds = sorted({kind for pair in pairs for kind in pair}) if pairs else []
    before = {kind: count(document, kind) for kind in kinds}
    expected = dict(before)
    stack.begin_group('Script')
    if pairs is None:
        n_objects = len(wolf3d_objects(document))
        add_remove_object(document)
        check(len(wolf3d_objects(document)) == n_objects, 'one object placed and one removed')
    else:
        for add_kind, remove_kind in pairs:
            add_remove_records(document, add_kind, remove_kind)
            expected[add_kind] += 1
            expected[remove_kind] -= 1
    stack.end_group()
    counts = {kind: count(document, kind) for kind in kinds}
    check(counts == expected, f'{relative}: counts {counts}, not {expected}')
    check(stack.get_n_entries() == 1, f'{relative}: {stack.get_n_entries()} steps, not one group')
    edited = document.serialize_main(None).get_data()
    check(edited != original, f'{relative}: adding and removing changed no byte')
    check(document.undo() and document.serialize_main(None).get_data() == original,
          f'{relative}: undo does not give the loaded bytes')
    check({kind: count(document, kind) for kind in kinds} == before, f'{relative}: counts after undo')
    check(document.redo() and document.serialize_main(None).get_data() == edited,
          f'{relative}: redo does not give the edited bytes')
    with tempfile.TemporaryDirectory() as folder:
        saved_path = os.path.join(folder, os.path.basename(relative))
        check(document.save_to_path(saved_path, True), f'{relative}: save')
        reloaded = Tessera.Document.new_from_path(saved_path)
        with open(saved_path, 'rb') as f:
            check(f.read() == edited, f'{relative}: the saved file is not what serialize gave')
        check(reloaded.serialize_main(None).get_data() == edited, f'{relative}: the reloaded file differs')
        if pairs is None:
            check(wolf3d_objects(reloaded) == wolf3d_objects(document), f'{relative}: objects after reload')
        else:
            check({kind: count(reloaded, kind) for kind in kinds} == expected, f'{relative}: counts after reload')
    print(f'{relative}: added and removed {", ".join(f"{k} {before[k]}->{expected[k]}" for k in kinds) or "objects"}, '
          'undone, redone, saved and reloaded')

# A record that is not there, and a kind that is no element, are errors naming them.
document = Tessera.Document.new_from_path(os.path.join(testdata, 'sphere/village.rmp'))
for call, words in ((lambda: document.remove_records(0, 'trigger', [0]), 'no trigger 0'),
                    (lambda: document.duplicate_record(0, 'map', 0, 0, 0), "kind 'map'")):
    try:
        call()
        check(False, f'no error ({words})')
    except GLib.Error as error:
        check(words in error.message, f'the error does not say {words}: {error.message}')
check(not document.get_modified(), 'a refused edit changed the document')

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
