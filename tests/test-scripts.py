#!/usr/bin/env python3
# Scripting (issue 39): runs `tessera-cli script` on the API test (tests/scripts/api.py) and on
# each example of examples/ with real files, checking what they print and write against other
# paths (tessera-cli info and terminal decompile, the engines' own rules). Outputs go to a
# temporary folder, never into the test data.
#   test-scripts.py CASE TESSERA_CLI SOURCE_ROOT TESTDATA
import json
import os
import re
import subprocess
import sys
import tempfile

case, cli, source_root, testdata = sys.argv[1:5]
SKIP = 77


def fail(message):
    print(f'FAILED: {message}')
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def data(relative):
    path = os.path.join(testdata, relative)
    if not os.path.exists(path):
        if os.environ.get('CI') == 'true':
            fail(f'test data missing: {path}')
        print(f'TESTDATA: missing {path}, skipped')
        sys.exit(SKIP)
    return path


def run(*args, status=0):
    result = subprocess.run([cli, *args], capture_output=True, text=True)
    check(result.returncode == status,
          f'tessera-cli {" ".join(args)}: exit {result.returncode}, not {status}\n'
          f'stdout:\n{result.stdout}\nstderr:\n{result.stderr}')
    return result


def script(name, *args, status=0):
    return run('script', os.path.join(source_root, 'examples', name), *args, status=status)


def info(path):
    return json.loads(run('info', '--json', path).stdout)


def test_api():
    data('marathon/chronicles_DreamBrother.sceA')
    out = run('script', os.path.join(source_root, 'tests', 'scripts', 'api.py'), testdata, cli).stdout
    print(out)
    check(out.rstrip().endswith('ok'), 'api.py did not finish')
    check(out.count('one edit undone') == 4, 'not every family was edited and undone')
    check(out.count('undone, redone, saved and reloaded') == 4, 'not every family added and removed elements')


def test_bad_script():
    with tempfile.TemporaryDirectory() as folder:
        bad = os.path.join(folder, 'bad.py')
        with open(bad, 'w') as f:
            f.write('import gi\ngi.require_version("Tessera", "1.0")\nfrom gi.repository import Tessera\n'
                    'Tessera.Document.new_from_path("/nonexistent/level.map")\n')
        result = run('script', bad, status=1)
        check('Traceback' in result.stderr and '/nonexistent/level.map' in result.stderr,
              f'no traceback naming the file: {result.stderr}')
        result = run('script', os.path.join(folder, 'missing.py'), status=1)
        check('missing.py' in result.stderr and 'no such script' in result.stderr, result.stderr)
    run('script', status=2)


def test_marathon_polygons_lights():
    for name in ('chronicles_DreamBrother.sceA', 'chronicles_MenLikeRavenousFishes.sceA'):
        path = data('marathon/' + name)
        out = script('marathon-polygons-lights.py', path).stdout
        for level in info(path)['levels']:
            header = (f'level {level["index"]} "{level["name"]}": {level["polygons"]} polygons, '
                      f'{level["lights"]} lights')
            check(header in out, f'{name}: no line "{header}"')
            check(len(re.findall(r'^  polygon \d+:', out, re.M)) == level['polygons'], 'polygon lines')
            check(len(re.findall(r'^  light \d+:', out, re.M)) == level['lights'], 'light lines')
        print(out.splitlines()[0])


def test_marathon_logon_pictures():
    path = data('marathon/chronicles_MenLikeRavenousFishes.sceA')
    with tempfile.TemporaryDirectory() as folder:
        output = os.path.join(folder, 'renamed.sceA')
        out = script('marathon-logon-pictures.py', path, '1647', '1650', output).stdout
        print(out)
        before = run('terminal', 'decompile', path).stdout
        after = run('terminal', 'decompile', output).stdout
        count = len(re.findall(r'^#LOGON 1647\b', before, re.M))
        check(count > 0 and f'{count} logon screens now show picture 1650' in out, out)
        check(not re.search(r'^#LOGON 1647\b', after, re.M), 'a #LOGON 1647 is left')
        expected = re.sub(r'^#LOGON 1647\b', '#LOGON 1650', before, flags=re.M)
        check(after == expected, 'the terminals changed beyond the logon pictures')
        check(info(output)['errors'] == 0, 'the saved map has errors')


def textures(path):
    listing = os.path.join(source_root, 'tests', 'scripts', 'doom2d-textures.py')
    return run('script', listing, path).stdout.splitlines()


def test_doom2d_replace_texture():
    path = data('doom2d/d2dfnix_VETERAN.wad')
    old, new = 'Standart.wad:D2DTEXTURES\\COMP03_1', 'Standart.wad:D2DTEXTURES\\COMP03_4'
    with tempfile.TemporaryDirectory() as folder:
        output = os.path.join(folder, 'veteran.wad')
        before = textures(path)
        uses = sum(1 for line in before if line.split('\t')[2] == old)
        check(uses > 0, f'{old} is in no map')
        out = script('doom2d-replace-texture.py', path, old, new, output).stdout
        print(out.splitlines()[-1])
        check(f'{uses} textures replaced in 8 maps' in out, out)
        after = textures(output)
        expected = [line.replace('\t' + old, '\t' + new) if line.endswith('\t' + old) else line for line in before]
        check(after == expected, 'the texture lists differ beyond the replaced one')


def test_doom2d_remove_items():
    path = data('doom2d/d2dfnix_VETERAN.wad')
    item_type = 'ITEM_SPHERE_BLUE'
    listing = os.path.join(source_root, 'tests', 'scripts', 'doom2d-items.py')
    with tempfile.TemporaryDirectory() as folder:
        output = os.path.join(folder, 'veteran.wad')
        before = run('script', listing, path).stdout.splitlines()
        doomed = sum(1 for line in before if line.split('\t')[1] == item_type)
        check(doomed > 0, f'no {item_type} in any map')
        out = script('doom2d-remove-items.py', path, item_type, output).stdout
        print(out.splitlines()[-1])
        check(f'{doomed} items {item_type} removed from ' in out, out)
        # Every other item is kept, in order, with its position and options.
        after = run('script', listing, output).stdout.splitlines()
        check(after == [line for line in before if line.split('\t')[1] != item_type],
              'the items differ beyond the removed type')
        check(info(output)['errors'] == info(path)['errors'], 'the removal added errors')


def test_sphere_export_tmx():
    folder_in = os.path.dirname(data('sphere/village.rmp'))
    maps = sorted(name for name in os.listdir(folder_in) if name.endswith('.rmp'))
    with tempfile.TemporaryDirectory() as folder:
        out = script('sphere-export-tmx.py', folder_in, folder).stdout
        print(out)
        for name in maps:
            tmx = os.path.join(folder, name[:-4] + '.tmx')
            check(os.path.exists(tmx), f'{tmx} not written')
            check(info(tmx)['format'] == 'tiled-tmx', f'{tmx} is no Tiled map')
            # The exported map converts back to the original bytes' map (tessera-cli roundtrip of
            # the TMX: what it read, it writes again).
            check('identical' in run('roundtrip', tmx).stdout, f'{tmx} does not round-trip')


def test_wolf3d_enemies():
    path = data('wolf3d/wl1_v14_shareware/GAMEMAPS.WL1')
    out = script('wolf3d-enemies.py', path).stdout
    print(out)
    rows = [line.split('\t') for line in out.splitlines()[1:]]
    check(len(rows) == 10, f'{len(rows)} levels, not 10')
    # The same counts from the raw codes by the engine's rule (WL_GAME.C ScanInfoPlane), not
    # through the editor's names (tests/scripts/wolf3d-codes.py).
    counts = json.loads(run('script', os.path.join(source_root, 'tests', 'scripts', 'wolf3d-codes.py'),
                            path).stdout)
    for row, expected in zip(rows, counts):
        check([int(row[1]), int(row[2]), int(row[3])] == expected, f'level {row[0]}: {row[1:4]} != {expected}')


cases = {
    'api': test_api,
    'bad-script': test_bad_script,
    'marathon-polygons-lights': test_marathon_polygons_lights,
    'marathon-logon-pictures': test_marathon_logon_pictures,
    'doom2d-replace-texture': test_doom2d_replace_texture,
    'doom2d-remove-items': test_doom2d_remove_items,
    'sphere-export-tmx': test_sphere_export_tmx,
    'wolf3d-enemies': test_wolf3d_enemies,
}
cases[case]()
