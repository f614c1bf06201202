"""A save the MicroPython loader runs out of memory on is set aside on the first boot (issue 11),
on the real unix port with a board-sized heap."""
import os

from tests.mpy import run

CODE = """-c
import os
from lockdown.dice import Xorshift
from lockdown.games.infiltration.session import Session
from lockdown.storage import Store
root = %r
with open(root + '/game.json', 'w') as f:
    f.write('[' * %d)
notice = Store(root, log=lambda m: None).restore(Session(Xorshift(1)))
print('NOTICE', notice)
print('FILES', sorted(os.listdir(root)))
"""


def restore_on_mp(tmp_path, text_len):
    r = run((CODE % (str(tmp_path), text_len)).replace("-c\n", "-c ", 1), heapsize="256K")
    return r.stdout


def test_a_save_nested_too_deep_for_the_heap_is_set_aside_at_once(tmp_path):
    out = restore_on_mp(tmp_path, 2500)
    assert "NOTICE game.json could not be loaded (too big for memory)" in out and "kept as game.bad" in out, out
    assert "FILES ['game.bad']" in out, out
    assert os.path.exists(tmp_path / "game.bad")


FOLDERS = """-c
import os
from lockdown.dice import Xorshift
from lockdown.games.infiltration.session import Session
from lockdown.storage import Store
root = %r
for n in ('game.bad', 'game.tmp'):
    os.mkdir(root + '/' + n)
with open(root + '/game.json', 'w') as f:
    f.write('{ broken')
store = Store(root, log=lambda m: None)
s = Session(Xorshift(1))
print('NOTICE', store.restore(s))
s.act(9, s.game.setup, 5)  # A_SETUP
store.save(s)
back = Session(Xorshift(2))
print('BACK', store.restore(back), back.game.players)
print('FILES', sorted(os.listdir(root)))
"""


def test_folders_named_game_bad_and_game_tmp_keep_the_save_and_let_saves_work_on_micropython(tmp_path):
    r = run((FOLDERS % str(tmp_path)).replace("-c\n", "-c ", 1))
    assert "NOTICE game.json could not be loaded (not JSON). It is kept as game.bad1; a new game starts." in r.stdout
    assert "BACK None 5" in r.stdout, r.stdout
    assert "FILES ['game.bad', 'game.bad1', 'game.json', 'game.tmp']" in r.stdout, r.stdout
    assert (tmp_path / "game.bad1").read_text() == "{ broken"
