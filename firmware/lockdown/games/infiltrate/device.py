"""The device opponent's turns, apart from session.py so that a board booting to the armies' form,
and every game two players play, leaves them out (the session makes its Device once a level is
chosen). It plays player 2 with its own army (opening.py's choice), places at once, and searches
its moves a slice a tick (ai.py), each step its own undo step (A_DEVICE). The placements and the
search never share RAM: opening.py is forgotten once setup is over (session.py), and the search is
made once play begins, ahead in the App's quiet passes (`ahead`), in passes of its own: ai.py
imported in one, its Opponent (the tables) made in the next, so no pass both makes it and searches.
"""
from lockdown.session import REDRAW, RuleError
from lockdown.games.infiltrate.rules.board import K_PLACE, SETUP
from lockdown.games.infiltrate.session import A_DEVICE, DEVICE, SLICE_MS, Session


class Device:
    def __init__(self, session: "Session"):
        self._session = session
        self._asked = 0  # the session's `changes` when the search began
        self._ai = None  # the Opponent, once made
        self._search = None  # ai.py, once imported

    def army(self):
        """The level's army in place of what player 2 had: no search tables for it."""
        from lockdown.games.infiltrate.opening import army
        b = self._session.board
        for size in (1, 2, 3):
            while b.army_remove(DEVICE, size):
                pass
        army(self._session.level, b, DEVICE)

    def _prepared(self):
        """The search once it is made for the session's level, else None after one step of making
        it (ai.py's import, then its Opponent), each well within a slice on an RP2040."""
        opp = self._ai
        level = self._session.level
        if opp is not None and opp.level == level:
            return opp
        if self._search is None:
            from lockdown.games.infiltrate import ai
            self._search = ai
        else:
            self._ai = self._search.Opponent(level, self._session.entropy)
        return None

    def ahead(self):
        """A step of making the search, in play; the session's busy for it."""
        if self._prepared() is None:
            self._session.busy_ms = SLICE_MS

    def tick(self):
        """The device's turn in game time: a placement at once; a move searched a slice a tick
        (begun in one, thought on in the next ones), then played, its search made first if `ahead`
        has not made it yet. REDRAW when the frame changed."""
        s = self._session
        s.busy_ms = SLICE_MS
        b = s.board
        if b.phase == SETUP:
            from lockdown.games.infiltrate.opening import placement
            size, sq = placement(b, s.level)
            why = b.why_not_place(size, sq)
            if why:
                raise RuleError("Device: " + why)
            s.act(A_DEVICE, b.place, size, sq, arg=s.step_arg(K_PLACE, sq << 3 | size))
            s.placed()
            return REDRAW
        ai = self._prepared()
        if ai is None:
            return 0
        if not s.thinking or self._asked != s.changes:
            ai.begin(b)
            s.thinking = True
            self._asked = s.changes
            return REDRAW  # "thinks" shows
        if not ai.think():
            return 0
        s.thinking = False
        m = ai.move
        if not b.legal(m):
            raise RuleError("Device: illegal move")
        s.act(A_DEVICE, b.apply, m, arg=s.step_arg(b.kind(m), m))
        return REDRAW
