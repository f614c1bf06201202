"""Golden screens: every screen of the app, reached from power-on through the simulator's inputs.

    python tools/golden.py [NAME ...]    rewrites tests/golden/screens/NAME.bin and NAME.png

Each state names the screen it must end on (the open screen's class, "play" or "saver") and the
inputs that reach it on a Sim with seed 1. The .bin is the raw 1024-byte frame (MONO_VLSB) that
tests/test_golden.py holds the app to; the .png is for people to review. Runs on MicroPython too
(tests/test_parity.py), where only STATES, screen() and frames() are used.
"""
import sys

FOLDER = None  # the goldens' folder; only CPython writes or reads them
if sys.implementation.name != "micropython":
    import os
    ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path.insert(0, ROOT)
    import host_sim  # noqa: F401,E402  (firmware/ and the shims on sys.path)
    FOLDER = os.path.join(ROOT, "tests", "golden", "screens")

from lockdown.events import ALARM, GO, PROX  # noqa: E402
from tools.goldens import Goldens  # noqa: E402

GOLDENS = Goldens("infiltration", FOLDER, home="play")
STATES = GOLDENS.states
HELD = GOLDENS.held  # name: why its golden is not stored (a screen that looks wrong), until fixed
state = GOLDENS.state
screen = GOLDENS.screen
frames = GOLDENS.frames


# ---- moves shared by the states ------------------------------------------------------------------
def start(sim, players=4):
    """From the setup screen: the player count, GO, and the "P.. starts" notice gone."""
    sim.turn(PROX, players - 4)
    sim.press(GO)
    sim.wait(1600)


def go(sim, times=1):
    for _ in range(times):
        sim.press(GO)


def open_op(sim, op):
    """From the play screen: the operatives table, then operative `op` (0-based)."""
    sim.press(PROX)
    sim.turn(ALARM, op)
    sim.press(GO)


def escape(sim, *ops):
    """Each operative escapes through its Status row; back on the play screen after."""
    for op in ops:
        open_op(sim, op)
        sim.turn(ALARM, 2)  # Status (the screen opens on Wounded)
        sim.press(GO)  # asks
        sim.press(GO)  # confirms
        sim.wait(1600)
        if sim.app.stack:  # the last one out ends the game and closes the screens itself
            sim.press(ALARM)
            sim.press(ALARM)


def menu(sim, row):
    sim.hold(GO)
    sim.turn(ALARM, row)
    sim.press(GO)


def setting(sim, row):
    """Toggles one rule setting through the menu, back on the play screen."""
    menu(sim, 7)
    sim.turn(ALARM, row)
    sim.press(GO)
    sim.press(ALARM)  # back to the menu
    sim.press(ALARM)


def npc_phase(sim, *npcs):
    """Round 1 with NPCs (number, room, face up) placed, then GO to the NPC phase."""
    start(sim)
    for n, room, up in npcs:
        sim.session.game.set_npc(n, room, up)
    go(sim, 2)


def lockdown(sim):
    sim.turn(PROX, 99)
    sim.wait(1600)


def scores(sim, *entries):
    """The final scores after the game ended: (row, detents) on each row in turn, from row 0."""
    go(sim)
    row = 0
    for r, n in entries:
        sim.turn(ALARM, r - row)
        sim.turn(PROX, n)
        row = r


def rounds(sim, faces):
    """Plays whole rounds from Selection, a device roll showing each face."""
    for face in faces:
        go(sim, 3)
        sim.die(face)
        go(sim)
        sim.wait(800)
        go(sim)


# ---- setup and the play screen -------------------------------------------------------------------
@state("setup", "Setup")
def _setup(sim):
    pass


@state("setup_own_die", "Setup")
def _setup_own_die(sim):
    sim.turn(ALARM, 2)
    sim.turn(PROX, 1)  # the Die row: the group's own die


@state("setup_two_players", "Setup")
def _setup_two(sim):
    sim.turn(PROX, -2)
    sim.turn(ALARM, 1)
    sim.turn(PROX, 1)  # two operatives each


@state("setup_rules", "Settings")
def _setup_rules(sim):
    sim.turn(ALARM, 5)  # Rules & variants
    sim.press(GO)
    sim.turn(ALARM, 3)
    sim.turn(PROX, 1)  # the Extract variant, for the game about to start


@state("flash_starts", "play")
def _flash(sim):
    sim.press(GO)  # the "P.. starts" notice over round 1


@state("play_selection_delayed", "play")
def _selection(sim):
    start(sim)
    sim.turn(ALARM, 2)
    for op in (1, 3):
        open_op(sim, op)
        sim.turn(ALARM, 1)  # the Delayed row
        sim.press(GO)
        sim.press(ALARM)
        sim.press(ALARM)
    sim.wait(1600)


@state("play_resolution", "play")
def _resolution(sim):
    start(sim)
    go(sim)


@state("play_npc_none", "play")
def _npc_none(sim):
    start(sim)
    go(sim, 2)


@state("play_security", "play")
def _security(sim):
    start(sim)
    sim.turn(ALARM, 2)
    go(sim, 3)


@state("play_rolling", "play")
def _rolling(sim):
    _security(sim)
    sim.die(4)
    go(sim)
    sim.wait(300)


@state("play_rolled", "play")
def _rolled(sim):
    start(sim)
    sim.turn(PROX, 31)
    sim.turn(ALARM, 2)
    go(sim, 3)
    sim.die(4)
    go(sim)
    sim.wait(800)


@state("over_lockdown", "play")
def _over_lockdown(sim):
    start(sim)
    lockdown(sim)


@state("over_escaped", "play")
def _over_escaped(sim):
    start(sim)
    escape(sim, 0, 1, 2, 3)


@state("saver", "saver")
def _saver(sim):
    start(sim)
    sim.wait(200000)


# ---- the NPC phase, one state per step kind ------------------------------------------------------
@state("npc_leave", "play")
def _npc_leave(sim):
    npc_phase(sim, (2, 1, True))  # Bailey at the entry: leaves, +20


@state("npc_bailey_question", "play")
def _npc_bailey_question(sim):
    npc_phase(sim, (2, 4, True))


@state("npc_bailey_back", "play")
def _npc_bailey_back(sim):
    npc_phase(sim, (2, 4, True))
    sim.press(PROX)  # no: not the Loading Dock or the Executive Elevator


@state("npc_bailey_ask", "play")
def _npc_bailey_ask(sim):
    start(sim)
    setting(sim, 2)  # NPC check at start: no, so Bailey asks when she acts
    sim.session.game.set_npc(2, 4, True)
    go(sim, 2)


@state("npc_csx_clear", "play")
def _npc_csx(sim):
    npc_phase(sim, (0, 5, True), (4, 5, False))  # Kent, face down, shares the room


@state("npc_choice", "play")
def _npc_choice(sim):
    npc_phase(sim, (1, 3, True), (4, 3, True))  # Harris and Kent in room 3: PROX sends Kent first


@state("npc_harris", "play")
def _npc_harris(sim):
    npc_phase(sim, (1, 3, True))


@state("npc_nelson", "play")
def _npc_nelson(sim):
    npc_phase(sim, (3, 6, True))


@state("npc_nelson_question", "play")
def _npc_nelson_question(sim):
    start(sim)
    setting(sim, 1)  # Nelson always +1: no
    sim.session.game.set_npc(3, 6, True)
    go(sim, 2)


@state("npc_kent", "play")
def _npc_kent(sim):
    npc_phase(sim, (4, 3, True))


@state("npc_wounds", "NpcStep")
def _npc_wounds(sim):
    npc_phase(sim, (1, 3, True))
    go(sim)  # Harris wounds: who was in his room?
    sim.turn(ALARM, 1)
    sim.turn(PROX, 1)  # P2 was


@state("npc_secret_room", "NpcStep")
def _npc_secret_room(sim):
    npc_phase(sim, (4, 13, True))
    go(sim)  # Kent leaves the secret room: to which room?
    sim.turn(PROX, -4)  # room 8


@state("npc_list", "NpcList")
def _npc_list(sim):
    start(sim)
    sim.session.game.set_npc(0, 5, True)
    sim.session.game.set_npc(1, 13, False)
    sim.hold(ALARM)
    sim.turn(ALARM, 1)


@state("npc_list_in_phase", "NpcList")
def _npc_list_phase(sim):
    npc_phase(sim, (0, 5, True), (3, 6, True))
    sim.hold(ALARM)
    sim.turn(ALARM, 4)


@state("npc_edit", "NpcEdit")
def _npc_edit(sim):
    _npc_list(sim)
    sim.press(GO)  # Harris, in the secret room face down


# ---- side screens --------------------------------------------------------------------------------
@state("undo_confirm", "UndoConfirm")
def _undo(sim):
    start(sim)
    sim.turn(ALARM, 2)
    sim.turn(PROX, 7)
    sim.press(ALARM)


@state("undo_operative", "UndoConfirm")
def _undo_operative(sim):
    start(sim)
    open_op(sim, 1)
    sim.press(GO)  # P2 wounded
    sim.press(ALARM)
    sim.press(ALARM)
    sim.press(ALARM)  # undo?


@state("undo_phase", "UndoConfirm")
def _undo_phase(sim):
    start(sim)
    go(sim)  # Resolution
    sim.press(ALARM)  # undo?


@state("menu", "Menu")
def _menu(sim):
    start(sim)
    sim.hold(GO)


@state("menu_odds_row", "Menu")
def _menu_odds(sim):
    _menu(sim)
    sim.turn(ALARM, 4)


@state("menu_scrolled", "Menu")
def _menu_scrolled(sim):
    _menu(sim)
    sim.turn(ALARM, 9)


@state("settings", "Settings")
def _settings(sim):
    start(sim)
    menu(sim, 7)
    sim.turn(PROX, -1)  # 1st skips escaped: no (anticlockwise says no)


@state("about", "About")
def _about(sim):
    start(sim)
    menu(sim, 9)


@state("operatives", "Operatives")
def _operatives(sim):
    start(sim)
    _wounded_p2(sim)
    sim.press(ALARM)
    sim.press(ALARM)
    escape(sim, 2)
    sim.press(PROX)


def _wounded_p2(sim):
    open_op(sim, 1)
    sim.press(GO)  # wounded (the screen opens on it)
    sim.turn(ALARM, 3)
    sim.press(GO)  # moved while wounded: delayed
    sim.wait(1600)


@state("operative", "Operative")
def _operative(sim):
    start(sim)
    _wounded_p2(sim)
    sim.turn(ALARM, -1)  # Status


@state("operatives_two_players", "Operatives")
def _operatives_two(sim):
    _setup_two(sim)
    sim.press(GO)
    sim.wait(1600)
    sim.press(PROX)


@state("die_entry", "DieEntry")
def _die_entry(sim):
    sim.turn(ALARM, 2)
    sim.turn(PROX, 1)  # the group's own die
    sim.press(GO)
    sim.wait(1600)
    go(sim, 4)
    sim.turn(PROX, 2)


@state("risk", "Risk")
def _risk(sim):
    start(sim)
    sim.turn(PROX, 90)
    sim.turn(ALARM, 3)
    sim.hold(PROX)


@state("graph", "Graph")
def _graph(sim):
    start(sim)
    rounds(sim, (5, 3))
    sim.turn(ALARM, 2)
    sim.wait(1600)
    rounds(sim, (6, 2))
    sim.turn(PROX, 12)
    sim.wait(1600)
    rounds(sim, (4,))
    menu(sim, 5)


@state("helpers", "Helpers")
def _helpers(sim):
    start(sim)
    menu(sim, 6)


@state("download", "Download")
def _download(sim):
    _helpers(sim)
    sim.press(GO)
    sim.turn(PROX, 2)  # 5 tokens in the room
    sim.turn(ALARM, 1)
    sim.turn(PROX, 1)  # 3 operatives download
    sim.turn(ALARM, 2)


@state("extract", "Extract")
def _extract(sim):
    _helpers(sim)
    sim.turn(ALARM, 1)
    sim.press(GO)
    for room in (3, 3, 13):  # P1 and P2 in room 3, P3 in the secret room
        sim.turn(PROX, room)
        sim.turn(ALARM, 1)
    sim.turn(ALARM, 4)  # down to the shares


@state("extract_end", "Extract")
def _extract_end(sim):
    _extract(sim)
    sim.turn(ALARM, 9)  # the last row: no more below


@state("draft", "Draft")
def _draft(sim):
    sim.turn(ALARM, 4)
    sim.turn(PROX, 1)  # Item draft: guide
    sim.press(GO)
    sim.wait(1600)
    go(sim)


# ---- the end -------------------------------------------------------------------------------------
@state("scoring", "Scoring")
def _scoring(sim):
    start(sim)
    escape(sim, 0)
    lockdown(sim)
    scores(sim, (0, 5), (1, 3), (2, 1))


@state("scoring_end", "Scoring")
def _scoring_end(sim):
    _scoring(sim)
    sim.turn(ALARM, 16)  # Who won?


@state("result_win", "Result")
def _result_win(sim):
    start(sim)
    escape(sim, 0, 2)
    lockdown(sim)
    scores(sim, (0, 5), (8, 3))
    go(sim)


@state("result_draw", "Result")
def _result_draw(sim):
    start(sim)
    escape(sim, 0, 2)
    lockdown(sim)
    scores(sim, (0, 4), (1, 2), (8, 4), (9, 2))
    go(sim)


@state("result_nobody", "Result")
def _result_nobody(sim):
    start(sim)
    lockdown(sim)
    go(sim, 2)


if __name__ == "__main__":
    GOLDENS.write(sys.argv[1:])
