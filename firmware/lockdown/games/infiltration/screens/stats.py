"""The risk view and the log graph: two rarely used screens, drawn only when asked for."""
from micropython import const

from lockdown import draw
from lockdown.games.infiltration.rules.game import OVER, ROLLED
from lockdown.games.infiltration.rules.gamelog import F_AFTER, F_ALARM, F_BEFORE, F_DIE
from lockdown.games.infiltration.rules.odds import chance_by_round, expected_rounds
from lockdown.ui import title_bar

_AHEAD = const(3)  # rounds the risk view looks ahead
_out = [0.0] * _AHEAD

# The graph: proximity 0..99 over rows _TOP.._BASE, the alarm as bars in the strip below it.
_LEFT = const(17)
_TOP = const(10)
_BASE = const(52)
_STRIP = const(63)  # bottom row of the alarm bars; a bar is alarm + 2 pixels tall (1..10)
_WIDTH = const(110)


def percent(q):
    """Whole percent, never rounding a possible lockdown to 0% or a possible escape to 100%."""
    if q <= 0.0:
        return "0%"
    if q >= 1.0:
        return "100%"
    r = int(q * 100 + 0.5)
    return "<1%" if r < 1 else ">99%" if r > 99 else "%d%%" % r


def draw_risk(fb, game):
    """Chance of lockdown by the coming Security phases, with the alarm held where it is."""
    fb.fill(0)
    title_bar(fb, "Lockdown risk")
    if game.phase == OVER:
        draw.centre(fb, "Game over", 28)
        return
    chance_by_round(game.proximity, game.alarm, _AHEAD, _out)
    label = "Next round" if game.flag(ROLLED) else "This round"
    p = percent(_out[0])
    big = 2 if draw.width(label) + draw.width(p, 2) < 124 else 1  # the first chance, large if it fits
    draw.text(fb, label, 0, 15)
    draw.right(fb, p, 125, 19 - 4 * big, 1, big)
    for k in (1, 2):
        y = 18 + 10 * k
        draw.text(fb, "In %d rounds" % (k + 1), 0, y)
        draw.right(fb, percent(_out[k]), 125, y)
    e = expected_rounds(game.proximity, game.alarm)
    draw.text(fb, ("~%.1f rounds left" if e < 10 else "~%.0f rounds left") % e, 0, 56)


def _y(prox):
    return _BASE - prox * (_BASE - _TOP) // 99


def _prox_at(log, game, r, prev):
    """Proximity after round r's roll; this round before its roll shows the dial now."""
    if log.get(r, F_DIE):
        return log.get(r, F_AFTER)
    return game.proximity if r == game.round else prev


def draw_graph(fb, log, game):
    """Proximity after each round's roll as a line up to the lockdown line, alarm bars below."""
    fb.fill(0)
    title_bar(fb, "Proximity")
    draw.right(fb, "R%d" % game.round, 125, 0, 0)  # two columns in from the edge, as a Form's values
    first, last = log.first(), log.last
    if not last:
        draw.centre(fb, "No rounds yet", 28)
        return
    n = last - first + 1
    dx = min(8, max(1, _WIDTH // n))
    draw.text(fb, "99", 0, _TOP - 1)
    draw.text(fb, "0", 8, _BASE - 6)
    draw.text(fb, "A", 8, _STRIP - 7)
    for x in range(_LEFT, 128, 3):  # the lockdown line
        fb.pixel(x, _TOP, 1)
    fb.vline(_LEFT - 2, _TOP, _BASE - _TOP + 1, 1)
    prev = log.get(first, F_BEFORE) if log.has(first) and log.get(first, F_DIE) else 0
    x0, y0 = _LEFT, _y(prev)
    for r in range(first, last + 1):
        x = _LEFT + (r - first + 1) * dx
        if log.has(r):
            prev = _prox_at(log, game, r, prev)
            alarm = log.get(r, F_ALARM) if log.get(r, F_DIE) else game.alarm if r == game.round else -2
            fb.fill_rect(x - dx // 2, _STRIP - alarm - 1, dx - 1 or 1, alarm + 2, 1)
        y = _y(prev)
        fb.line(x0, y0, x, y, 1)
        fb.fill_rect(x - 1, y - 1, 3, 3, 1) if dx >= 4 else fb.pixel(x, y, 1)
        x0, y0 = x, y
