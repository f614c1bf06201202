"""Saving and restoring the game: whole saves only, and a bad file never stops the board."""
import json
import os

import pytest

from lockdown import storage
from lockdown.games.infiltration.rules.game import Game
from lockdown.games.infiltration.save import dumps
from lockdown.crash import append
from lockdown.storage import SAVE, Store
from tests.core.check import Saved, playing

BAD = "game.bad"


def game_in_play():
    g = playing(5)
    g.add_alarm(2)
    g.add_proximity(17)
    g.set_wounded(3)
    return g


def unreadable(why=None):
    """Matches the notice of a save set aside: it names the file, why, and where it is kept."""
    class Notice:
        def __eq__(self, text):
            return (text.startswith("game.json could not be loaded (") and "kept as game.bad" in text
                    and (why is None or "(%s)" % why in text))
    return Notice()


def store(tmp_path):
    lines = []
    return Store(str(tmp_path), lines.append), lines


def test_a_saved_game_comes_back_exactly(tmp_path):
    s, _ = store(tmp_path)
    g = game_in_play()
    s.save(Saved(g))
    back = Game()
    assert s.restore(Saved(back)) is None
    assert bytes(back.s) == bytes(g.s)
    assert sorted(os.listdir(tmp_path)) == [SAVE]


def test_no_save_yet_is_a_new_game_without_a_notice(tmp_path):
    s, lines = store(tmp_path)
    g = Game()
    before = bytes(g.s)
    assert s.restore(Saved(g)) is None
    assert bytes(g.s) == before and lines == []


def test_a_stale_tmp_from_a_cut_write_is_removed_not_loaded(tmp_path):
    s, _ = store(tmp_path)
    old = game_in_play()
    s.save(Saved(old))
    newer = game_in_play()
    newer.add_alarm(3)
    (tmp_path / "game.tmp").write_text(dumps(newer)[:40])
    back = Game()
    assert s.restore(Saved(back)) is None
    assert bytes(back.s) == bytes(old.s)
    assert not (tmp_path / "game.tmp").exists()


def test_a_complete_stale_tmp_is_not_loaded_either(tmp_path):
    """The rename never happened, so that save never happened: the older one stands."""
    s, _ = store(tmp_path)
    newer = game_in_play()
    (tmp_path / "game.tmp").write_text(dumps(newer))
    back = Game()
    assert s.restore(Saved(back)) is None
    assert bytes(back.s) == bytes(Game().s)


BAD_FILES = {
    "empty": b"",
    "truncated": dumps(game_in_play()).encode()[:57],
    "garbage": bytes(range(256)),
    "not an object": b"[1, 2, 3]",
    "old version": json.dumps(dict(json.loads(dumps(game_in_play())), v=0)).encode(),
    "unknown version": json.dumps(dict(json.loads(dumps(game_in_play())), v=99)).encode(),
    "out of range": dumps(game_in_play()).replace('"alarm": 2', '"alarm": 42').encode(),
}


@pytest.mark.parametrize("content", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_save_is_kept_as_game_bad_and_a_new_game_starts(tmp_path, content):
    s, lines = store(tmp_path)
    (tmp_path / SAVE).write_bytes(content)
    g = Game()
    fresh = bytes(g.s)
    assert s.restore(Saved(g)) == unreadable()
    assert bytes(g.s) == fresh
    assert (tmp_path / BAD).read_bytes() == content
    assert not (tmp_path / SAVE).exists()
    assert len(lines) == 1 and "kept as game.bad" in lines[0]


def test_the_newest_bad_save_is_kept_and_the_log_says_it_replaced_one(tmp_path):
    s, lines = store(tmp_path)
    (tmp_path / SAVE).write_text("first bad")
    s.restore(Saved(Game()))
    (tmp_path / SAVE).write_text("second bad")
    assert s.restore(Saved(Game())) == unreadable()
    assert (tmp_path / BAD).read_text() == "second bad"
    assert "replacing an older one" in lines[1] and "replacing" not in lines[0]


def test_after_a_bad_save_the_next_save_works(tmp_path):
    s, _ = store(tmp_path)
    (tmp_path / SAVE).write_text("{")
    g = Game()
    s.restore(Saved(g))
    g.start()
    s.save(Saved(g))
    back = Game()
    assert s.restore(Saved(back)) is None and bytes(back.s) == bytes(g.s)
    assert (tmp_path / BAD).read_text() == "{"


def test_a_save_that_cannot_be_read_at_all_is_set_aside(tmp_path):
    s, lines = store(tmp_path)
    (tmp_path / SAVE).mkdir()
    assert s.restore(Saved(Game())) == unreadable()
    assert "cannot read" in lines[0] and (tmp_path / BAD).is_dir()


def test_a_loader_bug_does_not_stop_the_boot(tmp_path, monkeypatch):
    """Whatever the loader raises on a strange file, the board boots into a new game."""
    s, lines = store(tmp_path)
    s.save(Saved(game_in_play()))

    def broken(text):
        g.s[0] = 1
        raise KeyError("ops")
    g = Game()
    doc = Saved(g)
    doc.loads = broken
    assert s.restore(doc) == unreadable()
    assert "'ops'" in lines[0] and (tmp_path / BAD).exists()


def test_write_replaces_the_file_and_leaves_no_tmp(tmp_path):
    s, _ = store(tmp_path)
    s.write("settings.json", "one")
    s.write("settings.json", "two")
    assert sorted(os.listdir(tmp_path)) == ["settings.json"]
    assert (tmp_path / "settings.json").read_text() == "two"


def test_root_may_end_in_a_slash_or_be_empty(tmp_path, monkeypatch):
    Store(str(tmp_path) + "/").save(Saved(Game()))
    assert (tmp_path / SAVE).exists()
    monkeypatch.chdir(tmp_path / "..")
    Store("").write("here.txt", "x")
    assert (tmp_path / ".." / "here.txt").read_text() == "x"


def test_the_log_keeps_only_its_newest_whole_lines_under_the_limit(tmp_path):
    s, _ = store(tmp_path)
    for i in range(300):
        append(s, "errors.log", "line %03d %s" % (i, "x" * (i % 37)), 512)
        assert os.path.getsize(tmp_path / "errors.log") <= 512
    rows = (tmp_path / "errors.log").read_text().split("\n")
    assert rows[-1] == "" and rows[-2].startswith("line 299")
    numbers = [int(r.split()[1]) for r in rows[:-1]]
    assert numbers == list(range(numbers[0], 300)) and numbers[0] > 250
    assert not (tmp_path / "errors.tmp").exists()


def test_a_huge_log_line_is_cut_to_keep_the_bound(tmp_path):
    s, _ = store(tmp_path)
    append(s, "errors.log", "a" * 100, 256)
    append(s, "errors.log", "b" * 1000, 256)
    text = (tmp_path / "errors.log").read_text()
    assert len(text) <= 256 and text.endswith("b\n")


def test_a_new_game_after_a_finished_one_archives_it_keeping_the_last_eight(tmp_path):
    from lockdown.archive import KEEP
    from lockdown.storage import ARCHIVE
    s, lines = store(tmp_path)
    for n in range(KEEP + 2):
        g = game_in_play()
        g.set_score(0, n, 0)  # ten different games
        s.save(Saved(g))
        g.set_proximity(99)  # lockdown: the game is over
        s.save(Saved(g))
        g.setup(4)
        g.start()
        s.save(Saved(g))  # a new game replaces the finished one
    kept = sorted(int(f[:-5]) for f in os.listdir(tmp_path / ARCHIVE))
    assert kept == list(range(3, KEEP + 3))
    doc = json.loads((tmp_path / ARCHIVE / ("%d.json" % kept[-1])).read_text())
    assert doc["phase"] == "game_over" and doc["prox"] == 99


def test_the_log_is_saved_and_restored_with_the_game(tmp_path):
    from lockdown.dice import Xorshift
    from lockdown.games.infiltration.session import Session
    s, lines = store(tmp_path)
    a = Session(Xorshift(2), game_in_play())
    a.turn(1, 3)
    s.save(Saved(a.game, a.log))
    b = Session(Xorshift(2))
    assert s.restore(Saved(b.game, b.log)) is None
    assert b.log.dump() == a.log.dump() and b.log.dump()["rounds"]


def test_an_oversized_save_is_set_aside_unread_naming_game_bad(tmp_path):
    s, lines = store(tmp_path)
    (tmp_path / SAVE).write_bytes(b" " * (storage.SAVE_MAX + 1))
    doc = Saved(Game())
    doc.loads = lambda text: pytest.fail("an oversized save must not be read")
    notice = s.restore(doc)
    assert notice == unreadable("too big, %d bytes" % (storage.SAVE_MAX + 1))
    assert (tmp_path / BAD).exists() and not (tmp_path / SAVE).exists()


def test_a_save_that_runs_the_loader_out_of_memory_is_set_aside_at_once(tmp_path):
    s, lines = store(tmp_path)
    s.save(Saved(game_in_play()))

    def too_deep(text):
        raise MemoryError
    doc = Saved(Game())
    doc.loads = too_deep
    assert s.restore(doc) == unreadable("too big for memory")
    assert (tmp_path / BAD).exists()


def test_the_notice_of_a_bad_save_says_why_in_short_words(tmp_path):
    s, _ = store(tmp_path)
    (tmp_path / SAVE).write_bytes(b"\xff\xfe{")
    assert s.restore(Saved(Game())) == unreadable("not text")
    (tmp_path / SAVE).write_text("{")
    notice = s.restore(Saved(Game()))
    assert notice == unreadable("not JSON") and "save:" not in notice


def test_the_same_finished_game_is_never_archived_twice(tmp_path):
    from lockdown.storage import ARCHIVE
    s, _ = store(tmp_path)
    s.archive("one game")
    s.archive("one game")  # again: a power cut before the new game's save, or an undone new game
    s.archive("another game")
    assert sorted(os.listdir(tmp_path / ARCHIVE)) == ["1.json", "2.json"]


def session_store(tmp_path):
    from lockdown.dice import Xorshift
    from lockdown.games.infiltration.rules.actions import A_SETUP
    from lockdown.games.infiltration.session import Session
    s, _ = store(tmp_path)
    a = Session(Xorshift(2))

    def new_game():
        def start():
            a.game.setup(4)
            a.game.start()
        a.act(A_SETUP, start)
        a.log.reset()
        s.save(a)
    return s, a, new_game


def archived(tmp_path):
    from lockdown.storage import ARCHIVE
    return sorted(os.listdir(tmp_path / ARCHIVE)) if (tmp_path / ARCHIVE).exists() else []


def test_an_unfinished_game_undone_from_lockdown_is_not_archived(tmp_path):
    from lockdown.games.infiltration.rules.actions import A_PHASE, A_PROX
    s, a, new_game = session_store(tmp_path)
    new_game()
    a.turn(A_PROX, 99)
    s.save(a)
    a.undo()
    s.save(a)
    a.act(A_PHASE, a.game.next_phase)
    s.save(a)
    assert archived(tmp_path) == []


def test_undoing_a_new_game_and_starting_it_again_archives_the_old_game_once(tmp_path):
    from lockdown.games.infiltration.rules.actions import A_ALARM, A_PROX
    s, a, new_game = session_store(tmp_path)
    new_game()
    a.turn(A_PROX, 99)
    s.save(a)
    new_game()
    assert archived(tmp_path) == ["1.json"]
    a.undo()
    s.save(a)
    new_game()
    assert archived(tmp_path) == ["1.json"]
    a.turn(A_ALARM, 2)  # another game (one exactly like the first could not be told apart)
    a.turn(A_PROX, 99)
    s.save(a)
    new_game()  # the next finished game is archived as usual
    assert archived(tmp_path) == ["1.json", "2.json"]


def test_a_restart_after_the_archive_but_before_the_save_archives_nothing_again(tmp_path):
    from lockdown.dice import Xorshift
    from lockdown.games.infiltration.rules.actions import A_PROX
    from lockdown.games.infiltration.session import Session
    s, a, new_game = session_store(tmp_path)
    new_game()
    a.turn(A_PROX, 99)
    s.save(a)
    s.archive(a.dumps())  # the power went after the archive, before game.json was replaced
    b = Session(Xorshift(2))
    again, _ = store(tmp_path)
    assert again.restore(b) is None and b.over
    from lockdown.games.infiltration.rules.actions import A_SETUP

    def start():
        b.game.setup(4)
        b.game.start()
    b.act(A_SETUP, start)
    again.save(b)
    assert archived(tmp_path) == ["1.json"]


def test_a_finished_game_undone_across_its_last_actions_and_played_on_is_archived_once(tmp_path):
    """New game, undo it, undo the lockdown, play on to another end, New game: still one archive,
    and it holds the game as it ended the second time (the same game id replaces the newest)."""
    from lockdown.games.infiltration.rules.actions import A_ALARM, A_PROX
    from lockdown.storage import ARCHIVE
    s, a, new_game = session_store(tmp_path)
    new_game()
    a.turn(A_PROX, 99)
    s.save(a)
    new_game()
    assert archived(tmp_path) == ["1.json"]
    a.undo()  # the new game
    a.undo()  # the lockdown
    s.save(a)
    a.turn(A_ALARM, 3)
    a.turn(A_PROX, 99)
    s.save(a)
    new_game()
    assert archived(tmp_path) == ["1.json"]
    kept = json.loads((tmp_path / ARCHIVE / "1.json").read_text())
    assert kept["alarm"] == a.game.alarm_start + 3 and kept["prox"] == 99


def test_a_finished_game_edited_after_an_undone_new_game_is_archived_once(tmp_path):
    from lockdown.games.infiltration.rules.actions import A_PROX, A_SCORE
    from lockdown.storage import ARCHIVE
    s, a, new_game = session_store(tmp_path)
    new_game()
    a.turn(A_PROX, 99)
    s.save(a)
    new_game()
    a.undo()
    a.act(A_SCORE, a.game.set_score, 0, 7, 2)
    s.save(a)
    new_game()
    assert archived(tmp_path) == ["1.json"]
    assert json.loads((tmp_path / ARCHIVE / "1.json").read_text())["ops"][0]["data"] == 7


def test_every_new_game_has_an_id_that_is_saved_and_an_undone_new_game_brings_the_old_one_back(tmp_path):
    from lockdown.dice import Xorshift
    from lockdown.games.infiltration.session import Session
    s, a, new_game = session_store(tmp_path)
    new_game()
    first = a.id
    assert 1 <= first <= 0xFFFF
    new_game()
    assert a.id not in (0, first)
    a.undo()
    assert a.id == first
    s.save(a)
    b = Session(Xorshift(9))
    assert s.restore(b) is None and b.id == first


def test_a_save_without_an_id_loads_and_a_bad_id_is_refused(tmp_path):
    from lockdown.dice import Xorshift
    from lockdown.games.infiltration.session import Session
    s, a, new_game = session_store(tmp_path)
    new_game()
    doc = json.loads(a.dumps())
    del doc["id"]
    b = Session(Xorshift(9))
    b.loads(json.dumps(doc))
    assert b.id == 0 and b.game.fields() == a.game.fields()
    for bad in (0, 0x10000, -1, "7", True, None, 1.5):
        doc["id"] = bad
        c = Session(Xorshift(9))
        with pytest.raises(ValueError):
            c.loads(json.dumps(doc))
        assert c.id == 0


def test_another_game_after_one_archived_without_an_id_is_archived(tmp_path):
    from lockdown.games.infiltration.rules.actions import A_PROX
    s, a, new_game = session_store(tmp_path)
    new_game()
    a.turn(A_PROX, 99)
    doc = json.loads(a.dumps())
    del doc["id"]
    s.archive(json.dumps(doc))  # archived by a firmware from before game ids
    s.archive(a.dumps())
    s.archive('{"id": %d, "v": 2}' % a.id)  # the same id: replaces the newest
    assert archived(tmp_path) == ["1.json", "2.json"]


def test_a_folder_named_game_bad_is_left_alone_and_the_notice_names_where_the_save_is(tmp_path):
    """Issue 24.11: the notice said "kept as game.bad" and the next save overwrote the save."""
    s, lines = store(tmp_path)
    (tmp_path / BAD).mkdir()
    (tmp_path / BAD / "mine.txt").write_text("someone's")
    (tmp_path / SAVE).write_text("{ broken")
    g = Game()
    notice = s.restore(Saved(g))
    assert notice == "game.json could not be loaded (not JSON). It is kept as game.bad1; a new game starts."
    assert (tmp_path / "game.bad1").read_text() == "{ broken" and "kept as game.bad1" in lines[0]
    g.start()
    s.save(Saved(g))  # the next save overwrites nothing that was kept
    assert (tmp_path / "game.bad1").read_text() == "{ broken"
    assert (tmp_path / BAD / "mine.txt").read_text() == "someone's"
    assert sorted(os.listdir(tmp_path)) == [BAD, "game.bad1", SAVE]


def test_when_the_save_cannot_be_kept_the_notice_says_so(tmp_path):
    s, lines = store(tmp_path)
    for n in [BAD] + ["game.bad%d" % i for i in range(1, 10)]:
        (tmp_path / n).mkdir()
    (tmp_path / SAVE).write_text("{ broken")
    notice = s.restore(Saved(Game()))
    assert notice.startswith("game.json could not be loaded (not JSON). It could not be kept (")
    assert "kept as" not in notice and "could not keep it" in lines[0]


def test_a_folder_named_game_tmp_is_left_alone_and_saves_still_work(tmp_path):
    """Issue 24.11: no save ever succeeded, and only the console said so."""
    s, lines = store(tmp_path)
    (tmp_path / "game.tmp").mkdir()
    (tmp_path / "game.tmp" / "mine.txt").write_text("someone's")
    g = game_in_play()
    s.save(Saved(g))
    back = Game()
    assert s.restore(Saved(back)) is None and bytes(back.s) == bytes(g.s)
    assert sorted(os.listdir(tmp_path)) == ["game.json", "game.tmp"] and lines == []
    assert (tmp_path / "game.tmp" / "mine.txt").read_text() == "someone's"
    (tmp_path / "game.tmp1").write_text(dumps(Game())[:30])  # a write a power cut interrupted
    assert s.restore(Saved(back)) is None and bytes(back.s) == bytes(g.s)
    assert sorted(os.listdir(tmp_path)) == ["game.json", "game.tmp"]
    s.write("game.txt", "infiltrate")  # the picker's choice, through the same spare name
    assert (tmp_path / "game.txt").read_text() == "infiltrate"


def test_a_save_that_crashed_three_times_says_where_it_is_kept(tmp_path):
    s, _ = store(tmp_path)
    (tmp_path / BAD).mkdir()
    s.save(Saved(game_in_play()))
    assert s.set_aside_after_crashes() == "The game crashed 3 times. It is kept as game.bad1; a new game starts."
    assert s.set_aside_after_crashes() is None  # nothing saved: nothing to keep, nothing to say
