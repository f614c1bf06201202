"""The mission's rules as the device keeps them: the special rule in our words, the next token,
who may be eliminated yet, the elite agent, the reading of a special suspect, the Kingpin, the
last suspect; and the settings the group may change (each an undo step)."""
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules import specials as sp
from lockdown.games.infiltraitors.screens.common import LETTERS
from lockdown.games.infiltraitors.rules.actions import A_DISPLAY, A_ELITE, A_OPTION
from lockdown.games.infiltraitors.rules.table import ASIDE, DISPLAY_NAMES, FULL, HIDDEN, OFF, OPT_ONE_DIVIDES
from lockdown.ui import Form


class Rules(Form):
    footer = "PROX set   ALARM back"

    def __init__(self, app):
        self.title = ms.name(app.session.table.mission).upper()
        super().__init__(app)

    def layout(self):
        t = self.app.session.table
        f = t.flags
        m = t.mission
        rule = ms.part(ms.RULES, m)
        rows = tuple(("line", k) for k in range(len(rule.split("\n")))) if rule else ("norule",)
        rows += ("suits", "hand")
        if f & sp.F_ORDER:
            rows += ("next",)
        if f & sp.F_BALANCE:
            rows += tuple(("may", i) for i in range(t.slots) if t.status(i) == HIDDEN)
        if f & sp.F_ELITE:
            rows += ("elite",)
        if f & sp.F_SPECIALS:
            rows += ("one", ("reading", 0), ("reading", 1))
        if f & sp.F_FINAL:
            rows += ("final",)
        if f & sp.F_KINGPIN:
            rows += ("in_play", "kp_left")
        return rows + ("board",)

    def label(self, r):
        t = self.app.session.table
        if type(r) is tuple:
            if r[0] == "line":
                return ms.part(ms.RULES, t.mission).split("\n")[r[1]]
            if r[0] == "reading":
                return sp.SPECIAL_READING[bool(t.options & OPT_ONE_DIVIDES)].split("\n")[r[1]]
            return "S%d may go" % (r[1] + 1)
        return {"norule": "No special rule", "suits": "Suits", "hand": "Hand",
                "next": "Next token", "elite": "Elite agent", "one": "Special 1",
                "final": "Last one's clues", "in_play": "Agents in play",
                "kp_left": "Kingpin clues now", "board": "Clue board"}[r]

    def value(self, r):
        t = self.app.session.table
        if type(r) is tuple:
            return ("yes" if not t.may_shoot(r[1]) else "no") if r[0] == "may" else None
        if r == "suits":
            return "".join(LETTERS[s] for s in range(5) if t.suits >> s & 1)
        if r == "hand":
            return "%d, max %d" % (sp.hand_start(t.mission), sp.hand_limit(t.mission))
        if r == "next":
            return str(t.next_token()) if t.next_token() else "done"
        if r == "elite":
            return "none" if t.elite == ASIDE else "A%d" % (t.elite + 1)
        if r == "one":
            return "any clue" if t.options & OPT_ONE_DIVIDES else "suit only"
        if r == "final":
            return "%d left" % t.final_cards_left()
        if r == "in_play":
            return str(t.agents_in_play())
        if r == "kp_left":
            return str(t.kingpin_clues_left())
        if r == "board":
            return DISPLAY_NAMES[t.display]
        return None

    def editable(self, r):
        return r in ("elite", "one", "board")

    def change(self, r, d):
        """A setting changed: one undo step (settings.py, imported only for a change and forgotten
        with the screens over home)."""
        from lockdown.games.infiltraitors.rules import settings
        s = self.app.session
        t = s.table
        if r == "elite":
            a = -1 if t.elite == ASIDE else t.elite
            a = min(max(a + d, 0), t.agents - 1)
            if a != t.elite:
                s.act(A_ELITE, settings.set_elite, t, a)
        elif r == "one":
            if bool(t.options & OPT_ONE_DIVIDES) != (d > 0):
                s.act(A_OPTION, settings.set_option, t, OPT_ONE_DIVIDES, d > 0)
        else:
            level = min(max(t.display + d, FULL), OFF)
            if level != t.display:
                s.act(A_DISPLAY, settings.set_display, t, level)

    def pick(self, r):
        """A press flips the two-valued row and steps the others on."""
        if r == "one":
            self.change(r, -1 if self.app.session.table.options & OPT_ONE_DIVIDES else 1)
        elif self.editable(r):
            self.change(r, 1)
