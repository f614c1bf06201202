"""Infiltraitors' state as plain JSON data. Agents and suspects are numbered from 1 as at the
table; a card is [suit name, number], number 1 being a suit's special card. The fields of one
mission's own rules (elite agent, next token, reward cards, who sits out) are null elsewhere."""
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules import specials as sp
from lockdown.games.infiltraitors.rules.clues import SUITS, VERTICAL, HORIZONTAL
from lockdown.games.infiltraitors.rules.table import ASIDE, DISPLAY_NAMES, WHY_NAMES

# The device's codes by name (it shows none of these words, so it keeps none of them)
KIND_NAMES = ("", "vertical", "horizontal", "guess", "known")
STATUS_NAMES = ("hidden", "identified")
RESULT_NAMES = ("", "win", "lose")
SUIT_NAMES = ("red", "blue", "green", "yellow", "black")  # missions.py's suit order


def candidate_list(t, i):
    """The cards suspect `i` can still be, as (suit, number) pairs."""
    t.candidates(i)
    c = t.board.cand
    return [(s, n) for s in range(SUITS) for n in range(16) if c[s] >> n & 1]


def identity(t, i):
    """The card a hit named for suspect `i`, as (suit, number), or None."""
    c = t.board.identity(i)
    return None if c < 0 else (c >> 4, c & 0x0F)


def _card(suit, number):
    return [SUIT_NAMES[suit], number]


def suspects(t):
    b = t.board
    out = []
    for i in range(t.slots):
        clues = [_card(b.suit(j), b.number(j)) + [KIND_NAMES[b.kind(j)]]
                 for j in range(b.n) if b.owner(j) == i and b.kind(j) in (VERTICAL, HORIZONTAL)]
        cards = candidate_list(t, i)
        known = identity(t, i)
        out.append({
            "suspect": i + 1,
            "agent": None if t.agent_of(i) == ASIDE else t.agent_of(i) + 1,
            "status": STATUS_NAMES[t.status(i)],
            "clues": clues,
            "candidates": {"count": len(cards), "list": [_card(s, n) for s, n in cards]},
            "card": None if known is None else _card(*known),
            "may_eliminate": not t.may_shoot(i),
        })
    return out


def state(session):
    t = session.table
    left = t.clock.left_s()
    return {
        "game": "infiltraitors",
        "started": session.started,
        "mission": ms.name(t.mission),
        "agents": t.agents,
        "bullets": t.bullets,
        "suspects_total": t.total,
        "identified": t.identified,
        "remaining": t.remaining,
        "pile": t.pile,
        "suits": [SUIT_NAMES[s] for s in range(5) if t.suits >> s & 1],
        "display": DISPLAY_NAMES[t.display],
        "suspects": suspects(t),
        "seen": [_card(s, n) for s, n in t.seen_list()],
        "timer_left_s": None if left < 0 else left,
        "timer_running": t.clock.running,
        "result": RESULT_NAMES[t.result] or None,
        "why": ms.part(WHY_NAMES, t.why) or None,
        "elite_agent": None if not t.flags & sp.F_ELITE or t.elite == ASIDE else t.elite + 1,
        "next_token": t.next_token() if t.flags & sp.F_ORDER else None,
        "reward_cards_left": t.final_cards_left() if t.flags & sp.F_FINAL else None,
        "sits_out": [a + 1 for a in range(t.agents) if t.is_out(a)] if t.flags & sp.F_KINGPIN else None,
    }
