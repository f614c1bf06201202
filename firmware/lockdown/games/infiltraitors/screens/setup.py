"""New mission: which one, how many agents; the suspects, bullets and special rule it brings,
an optional clock, and how much the clue board shows."""
from lockdown.events import GO
from lockdown.games.infiltraitors import missions as ms
from lockdown.games.infiltraitors.table import DISPLAY_NAMES, FULL, OFF
from lockdown.ui import Form

_LABELS = {"mission": "Mission", "agents": "Agents", "suspects": "Suspects", "bullets": "Bullets",
           "clock": "Clock", "board": "Clue board", "start": "Start mission"}
_MAX_MIN = 99


def _clock(m):
    return ms.CLOCK_S // 60 if ms.has(m, ms.F_CLOCK) else 0


class Setup(Form):
    title = "NEW MISSION"
    footer = "GO start mission"

    def __init__(self, app):
        s = app.session
        t = s.table
        self.mission = t.mission if s.started else 0
        self.agents = t.agents
        self.minutes = _clock(self.mission)
        self.display = t.display if s.started else FULL
        super().__init__(app)

    def layout(self):
        rule = ms.rule(self.mission)
        lines = tuple(("rule", k) for k in range(len(rule.split("\n")))) if rule else (("rule", -1),)
        return ("mission", "agents", "suspects", "bullets") + lines + ("clock", "board", "start")

    def label(self, r):
        if type(r) is tuple:
            rule = ms.rule(self.mission)
            return rule.split("\n")[r[1]] if rule else "No special rule"
        return _LABELS[r]

    def value(self, r):
        m = self.mission
        if r == "mission":
            return ms.name(m)
        if r == "agents":
            return str(self.agents)
        if r == "suspects":
            return str(ms.suspects(m, self.agents))
        if r == "bullets":
            return str(ms.bullets(m, self.agents))
        if r == "clock":
            return "%d min" % self.minutes if self.minutes else "off"
        if r == "board":
            return DISPLAY_NAMES[self.display]
        return None

    def editable(self, r):
        return r in ("mission", "agents", "clock", "board")

    def change(self, r, d):
        if r == "mission":
            m = min(max(self.mission + d, 0), ms.COUNT - 1)
            if m != self.mission:
                self.mission = m
                self.minutes = _clock(m)
                self.refresh()
        elif r == "agents":
            self.agents = min(max(self.agents + d, ms.MIN_AGENTS), ms.MAX_AGENTS)
        elif r == "clock":
            self.minutes = min(max(self.minutes + d, 0), _MAX_MIN)
        elif r == "board":
            self.display = min(max(self.display + d, FULL), OFF)

    def pick(self, r):
        if r == "start":
            self.start()

    def press(self, button):
        if button == GO:
            self.act(self.start)
        else:
            super().press(button)

    def start(self):
        app = self.app
        app.session.start(self.mission, self.agents, self.minutes * 60, self.display, app.now)
        app.close_all()
        app.home.agent = 0
        app.flash(ms.name(self.mission) + ": go")
