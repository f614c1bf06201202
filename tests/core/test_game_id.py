"""Every game has an id drawn at New game and kept in its save, so a finished game is archived
once whatever undo happens: the Store on a real folder, on CPython and MicroPython."""
import json
import os

from lockdown.dice import Xorshift
from lockdown.games.infiltration.rules.actions import A_ALARM, A_PROX, A_SETUP
from lockdown.games.infiltration.session import Session
from lockdown.storage import ARCHIVE, Store


def _folder(name):
    for path in ("/tmp", "/tmp/lockdown-tests", "/tmp/lockdown-tests/" + name):
        try:
            os.mkdir(path)
        except OSError:
            pass  # already there
    root = "/tmp/lockdown-tests/" + name
    _empty(root)
    return root


def _empty(root):
    for entry in os.listdir(root):
        path = root + "/" + entry
        try:
            os.remove(path)
        except OSError:
            _empty(path)
            os.rmdir(path)


def _setup(seed):
    root = _folder("id%d" % seed)
    store = Store(root, log=lambda m: None)
    a = Session(Xorshift(seed))

    def new_game():
        def start():
            a.game.setup(4)
            a.game.start()
        a.act(A_SETUP, start)
        a.log.reset()
        store.save(a)
    return root, store, a, new_game


def _archived(root):
    try:
        return sorted(os.listdir(root + "/" + ARCHIVE))
    except OSError:
        return []


def test_a_game_undone_across_its_end_and_played_on_is_archived_once():
    for seed in (1, 2, 3):
        root, store, a, new_game = _setup(seed)
        new_game()
        a.turn(A_PROX, 99)
        store.save(a)
        new_game()
        assert _archived(root) == ["1.json"]
        a.undo()  # the new game
        a.undo()  # the lockdown
        a.turn(A_ALARM, 2)
        a.turn(A_PROX, 99)
        store.save(a)
        new_game()
        assert _archived(root) == ["1.json"], _archived(root)
        with open(root + "/" + ARCHIVE + "/1.json") as f:
            assert json.loads(f.read())["alarm"] == a.game.alarm_start + 2
        a.turn(A_PROX, 99)
        store.save(a)
        new_game()  # the next game is another one
        assert _archived(root) == ["1.json", "2.json"]
        _empty(root)


def test_the_id_is_saved_restored_and_brought_back_by_undoing_a_new_game():
    root, store, a, new_game = _setup(4)
    new_game()
    first = a.id
    assert 0 < first <= 0xFFFF
    new_game()
    assert a.id != first and a.id
    a.undo()
    assert a.id == first
    store.save(a)
    b = Session(Xorshift(1))
    assert Store(root, log=lambda m: None).restore(b) is None and b.id == first
    doc = json.loads(a.dumps())
    del doc["id"]
    b.loads(json.dumps(doc))  # a save from before game ids
    assert b.id == 0
    _empty(root)
