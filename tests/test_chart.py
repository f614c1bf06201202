"""Charts: the desktop PNG of a game holds the game's data; the device's risk view and graph draw."""
import json
import sys

import pytest

from lockdown.games.infiltration.rules.gamelog import GameLog
from tests.test_export import play, saved
from tools import chart, export


@pytest.fixture
def game():
    pytest.importorskip("matplotlib")  # the desktop charts only; the device screens below need none
    log = GameLog()
    s, rolls = play(11, log)
    return export.read_game("log/1.json", saved(s, log)), rolls


def test_chart_png_has_the_size_and_the_data(game, tmp_path):
    from PIL import Image
    g, rolls = game
    path = str(tmp_path / "g.png")
    fig = chart.chart(g, path)
    img = Image.open(path)
    assert img.size == (chart.SIZE[0] * chart.DPI, chart.SIZE[1] * chart.DPI)
    assert len(img.convert("RGB").getcolors(1 << 20)) > 20  # not blank: a white page has one colour
    prox, alarm = fig.axes[0], fig.axes[1]
    line = prox.lines[0]
    assert list(line.get_xdata()) == [r[0] for r in rolls]
    assert list(line.get_ydata()) == [r[4] for r in rolls]
    assert list(alarm.lines[0].get_ydata()) == [r[2] for r in rolls]
    dice = [t.get_text() for t in prox.texts][:len(rolls)]
    assert dice == [str(r[1]) for r in rolls]
    acted, left = prox.collections[0].get_offsets(), prox.collections[1].get_offsets()
    assert [list(p) for p in acted] == [[4, rolls[3][3]]] and [list(p) for p in left] == [[4, rolls[3][3]]]
    assert "Nelson" in [t.get_text() for t in prox.texts]


def test_chart_command_picks_a_game_from_the_export(game, tmp_path):
    g, rolls = game
    other = dict(g, game="game.json", rounds=g["rounds"][:3])
    src = tmp_path / "games.json"
    src.write_text(json.dumps({"games": [g, other]}))
    out = str(tmp_path / "c.png")
    assert chart.main(["--json", str(src), "--game", "log/1.json", "--out", out]) == 0
    assert chart.main(["--json", str(src), "--out", out]) == 0  # the last: game.json
    with pytest.raises(SystemExit):
        chart.main(["--json", str(src), "--game", "log/9.json", "--out", out])


# ----- the device's risk view and log graph ---------------------------------------------------
class Recorder:
    """Stands in for lockdown.draw: records every string drawn, with its place."""

    def __init__(self):
        self.said = []

    def width(self, s, scale=1):
        return 6 * len(s) * scale

    def text(self, fb, s, x, y, c=1, scale=1):
        self.said.append((s, scale))
        return x + self.width(s, scale)

    def centre(self, fb, s, y, c=1, scale=1):
        return self.text(fb, s, 0, y, c, scale)

    def right(self, fb, s, x_right, y, c=1, scale=1):
        return self.text(fb, s, 0, y, c, scale)

    def words(self):
        return [s for s, _ in self.said]


@pytest.fixture
def screens(monkeypatch):
    pytest.importorskip("lockdown.draw")
    import framebuf
    from lockdown.games.infiltration.screens import stats as ss
    rec = Recorder()
    monkeypatch.setattr(ss, "draw", rec)
    monkeypatch.setattr(ss, "title_bar", lambda fb, left, right="": rec.said.append((left, 0)))
    buf = bytearray(1024)
    return ss, rec, buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def dial_game(prox, alarm):
    from lockdown.games.infiltration.rules.game import Game
    g = Game(4)
    g.start()
    g.set_proximity(prox)
    g.set_alarm(alarm)
    return g


def test_percent_never_rounds_a_possibility_away():
    pytest.importorskip("lockdown.draw")
    from lockdown.games.infiltration.screens.stats import percent
    assert [percent(q) for q in (0.0, 0.001, 0.004, 0.005, 0.17, 0.994, 0.996, 1.0)] == \
        ["0%", "<1%", "<1%", "1%", "17%", "99%", ">99%", "100%"]


def test_risk_view_says_the_chances_and_rounds_left(screens):
    ss, rec, buf, fb = screens
    ss.draw_risk(fb, dial_game(85, 8))  # 85 + 8 + 6 = 99: one face in six this round
    assert rec.words() == ["Lockdown risk", "This round", "17%", "In 2 rounds", "100%",
                           "In 3 rounds", "100%", "~1.8 rounds left"]
    assert rec.said[2][1] == 2  # the first chance is drawn large
    rec.said[:] = []
    ss.draw_risk(fb, dial_game(0, -1))
    assert rec.words()[2] == "0%" and rec.words()[-1] == "~40 rounds left"


def test_risk_view_after_the_roll_looks_from_next_round(screens):
    from lockdown.dice import Xorshift
    from lockdown.games.infiltration.rules.game import SECURITY
    from lockdown.games.infiltration.session import Session
    from tests.core.check import to_phase
    ss, rec, buf, fb = screens
    s = Session(Xorshift(1))
    s.game.start()
    s.game.set_proximity(80)
    to_phase(s.game, SECURITY)
    s.roll(1)  # 81: next round adds 1..6, never 18
    ss.draw_risk(fb, s.game)
    assert rec.words()[1:3] == ["Next round", "0%"]
    s.game.set_proximity(99)
    rec.said[:] = []
    ss.draw_risk(fb, s.game)
    assert rec.words() == ["Lockdown risk", "Game over"]


def test_graph_plots_each_round_and_its_alarm(screens):
    from lockdown.games.infiltration.rules.gamelog import GameLog
    ss, rec, buf, fb = screens
    log = GameLog()
    s, rolls = play(11, log)
    ss.draw_graph(fb, log, s.game)
    n = len(rolls)
    dx = min(8, 110 // n)
    for i, (rnd, die, alarm, before, after) in enumerate(rolls):
        x = 17 + (i + 1) * dx
        y = 52 - after * 42 // 99
        assert fb.pixel(x, y), (rnd, x, y)
        top = 63 - alarm - 1  # the bar is alarm + 2 pixels tall, on the bottom row
        assert fb.pixel(x - dx // 2, top) and not fb.pixel(x - dx // 2, top - 1), (rnd, alarm)
    assert fb.pixel(17 + n * dx, 10)  # the last point sits on the lockdown line
    empty = GameLog()
    rec.said[:] = []
    ss.draw_graph(fb, empty, s.game)
    assert "No rounds yet" in rec.words()


# ----- what can be missing: matplotlib, the board; a bad games.json ------------------------------
def test_chart_without_matplotlib_says_how_to_install_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails, as when not installed
    src = tmp_path / "games.json"
    src.write_text(json.dumps({"games": []}))
    assert chart.main(["--json", str(src), "--out", str(tmp_path / "c.png")]) == 1
    assert capsys.readouterr().err == "chart: matplotlib is not installed: %s -m pip install matplotlib\n" % export.python()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.json"]


def test_chart_without_a_board_says_so(monkeypatch, capsys):
    pytest.importorskip("matplotlib")
    from tests.test_export import NO_BOARD, no_board
    no_board(monkeypatch)
    assert chart.main(["--board"]) == 1
    assert capsys.readouterr().err == "chart: " + NO_BOARD


def test_chart_of_a_file_that_is_not_an_export(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    for text in ('{"rounds": []}', "[1, 2]", "{"):
        (tmp_path / "x.json").write_text(text)
        assert chart.main(["--json", str(tmp_path / "x.json")]) == 1
        assert capsys.readouterr().err.startswith("chart: ")
    assert chart.main(["--json", str(tmp_path / "none.json")]) == 1
    assert "No such file" in capsys.readouterr().err


def test_chart_writes_into_out_by_default(game, tmp_path, monkeypatch):
    g, _ = game
    (tmp_path / "games.json").write_text(json.dumps({"games": [g]}))
    monkeypatch.chdir(tmp_path)
    assert chart.main(["--json", "games.json"]) == 0
    assert (tmp_path / "out" / "game.png").stat().st_size > 1000
