#!/usr/bin/env python3
# The installed mode (issue 39): installs this build into a temporary folder (meson install
# --destdir) and runs the installed tessera-cli with no build-tree variables (GI_TYPELIB_PATH,
# LD_LIBRARY_PATH, PYTHONPATH cleared): a script finds the installed Tessera-1.0 typelib and
# libtessera-1.so of that tree (not the configured prefix's, which a DESTDIR install leaves empty),
# an example script runs, the render module is loaded from the tree (glibc's LD_DEBUG=files names
# the file), and the example plugins lie in $datadir/tessera/plugins, the folder the installed
# editor looks in.
#   test-installed.py MESON BUILD_DIR SOURCE_ROOT PREFIX BINDIR LIBDIR DATADIR TESTDATA PLUGINS(0|1)
import os
import subprocess
import sys
import tempfile

meson, build_dir, source_root, prefix, bindir, libdir, datadir, testdata, plugins = sys.argv[1:10]
SKIP = 77
source_root, build_dir, testdata = map(os.path.abspath, (source_root, build_dir, testdata))


def check(condition, message):
    if not condition:
        print(f'FAILED: {message}')
        sys.exit(1)


def data(relative):
    path = os.path.join(testdata, relative)
    if not os.path.exists(path):
        if os.environ.get('CI') == 'true':
            check(False, f'test data missing: {path}')
        print(f'TESTDATA: missing {path}, skipped')
        sys.exit(SKIP)
    return path


gamemaps = data('wolf3d/wl1_v14_shareware/GAMEMAPS.WL1')
scenario = data('marathon/chronicles_DreamBrother.sceA')
env = {name: value for name, value in os.environ.items()
       if name not in ('GI_TYPELIB_PATH', 'LD_LIBRARY_PATH', 'PYTHONPATH', 'TESSERA_PYTHON')}

with tempfile.TemporaryDirectory() as destdir:
    result = subprocess.run([meson, 'install', '-C', build_dir, '--no-rebuild', '--destdir', destdir, '--quiet'],
                            capture_output=True, text=True)
    check(result.returncode == 0, f'meson install: {result.stdout}\n{result.stderr}')
    root = destdir + prefix
    cli = os.path.join(root, bindir, 'tessera-cli')
    check(os.access(cli, os.X_OK), f'{cli} not installed')

    def run(*args, extra_env=None):
        result = subprocess.run([cli, *args], capture_output=True, text=True, cwd=destdir,
                                env={**env, **(extra_env or {})})
        check(result.returncode == 0, f'tessera-cli {" ".join(args)}: exit {result.returncode}\n'
                                      f'{result.stdout}\n{result.stderr}')
        return result

    # The typelib and the library a script uses are the tree's.
    probe = os.path.join(destdir, 'probe.py')
    with open(probe, 'w') as f:
        f.write('import gi\n'
                'gi.require_version("GIRepository", "2.0")\n'
                'gi.require_version("Tessera", "1.0")\n'
                'from gi.repository import GIRepository, Tessera\n'
                'import sys\n'
                'document = Tessera.Document.new_from_path(sys.argv[1])\n'
                'print("typelib", GIRepository.Repository.get_default().get_typelib_path("Tessera"))\n'
                'with open("/proc/self/maps") as maps:\n'
                '    for name in sorted({line.split()[-1] for line in maps if "libtessera-1.so" in line}):\n'
                '        print("library", name)\n'
                'print("levels", document.get_n_levels())\n')
    lines = run('script', probe, gamemaps).stdout.splitlines()
    print('\n'.join(lines))
    typelib = os.path.join(root, libdir, 'girepository-1.0', 'Tessera-1.0.typelib')
    check(f'typelib {typelib}' in lines, f'the typelib is not {typelib}')
    libraries = [line.split(' ', 1)[1] for line in lines if line.startswith('library ')]
    check(libraries and all(os.path.realpath(name).startswith(os.path.realpath(root) + os.sep)
                            for name in libraries), f'libtessera-1.so is not the tree\'s: {libraries}')
    check('levels 10' in lines, 'GAMEMAPS does not load with its 10 levels')

    # An example as users run it.
    out = run('script', os.path.join(source_root, 'examples', 'wolf3d-enemies.py'), gamemaps).stdout
    check(len(out.splitlines()) == 11, f'wolf3d-enemies.py: {out}')

    # The render module of the tree draws a terminal.
    png = os.path.join(destdir, 'terminal.png')
    result = run('terminal', 'render', scenario, '--terminal', '0', '-o', png, extra_env={'LD_DEBUG': 'files'})
    module = os.path.join(root, libdir, 'tessera', 'tessera-cli-render.so')
    check(f'file={module} ' in result.stderr, f'the render module loaded is not {module}')
    with open(png, 'rb') as f:
        check(f.read(8) == b'\x89PNG\r\n\x1a\n', 'no PNG written')

    # The example plugins are where the installed editor looks.
    if plugins == '1':
        folder = os.path.join(root, datadir, 'tessera', 'plugins')
        shipped = sorted(name for name in os.listdir(os.path.join(source_root, 'examples', 'plugins')))
        check(sorted(os.listdir(folder)) == shipped, f'{folder} holds {os.listdir(folder)}, not {shipped}')
        with open(os.path.join(root, bindir, 'tessera'), 'rb') as f:
            check(os.path.join(prefix, datadir, 'tessera', 'plugins').encode() + b'\0' in f.read(),
                  'the editor does not look in $datadir/tessera/plugins')
        print(f'plugins: {", ".join(shipped)} in {folder}')
print('ok')
