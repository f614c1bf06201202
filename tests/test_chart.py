"""Charts: the desktop PNG of a game holds the game's data; the device's risk view and graph draw."""
import json

import pytest

from lockdown.gamelog import GameLog
from tests.test_export import play, saved
from tools import chart, export

pytest.importorskip("matplotlib")


@pytest.fixture
def game():
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
