# A test plugin (tests/test-plugins-ui.c): its command changes a tile through a command and then
# raises, so the editor must roll the change back and show this traceback.
import gi
gi.require_version('Tessera', '1.0')
from gi.repository import GObject, Tessera


class RaisingCommand(GObject.Object, Tessera.MenuCommand):
    def do_get_label(self):
        return 'Raise After One Change'

    def do_run(self, document):
        document.set_tile(0, 0, 0, 0, document.get_tile(0, 0, 0, 0) + 1)
        raise RuntimeError('the raising test plugin raised on purpose')
