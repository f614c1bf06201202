"""Table helpers: download and extract shares, the item draft, operative names."""
from lockdown.games.infiltration.rules.helpers import DRAFT, ITEMS_DEALT, download, draft_prompt, extract, op_name
from tests.core.check import playing


def test_first_downloader_takes_two_later_ones_one():
    assert download(3, 9) == [2, 1, 1]
    assert download(1, 9) == [2]


def test_download_stops_when_tokens_run_out():
    assert download(3, 2) == [2, 0, 0]
    assert download(3, 3) == [2, 1, 0]
    assert download(2, 1) == [1, 0]
    assert download(2, 0) == [0, 0]


def test_download_after_others_this_round_takes_one():
    assert download(2, 5, before=1) == [1, 1]
    assert download(0, 5) == []


def test_extract_alone_takes_four():
    assert extract([3, 0, 5], {3: 6, 5: 2}) == [4, 0, 2]


def test_extract_two_take_two_each_three_take_one():
    assert extract([4, 4, 7, 7, 7, 0], {4: 9, 7: 9}) == [2, 2, 1, 1, 1, 0]


def test_extract_scarce_tokens_go_in_turn_order_from_the_first_player():
    rooms = [2, 2, 2, 6, 6]
    tokens = {2: 2, 6: 3}
    assert extract(rooms, tokens, first=0) == [1, 1, 0, 2, 1]
    assert extract(rooms, tokens, first=2) == [1, 0, 1, 2, 1]
    assert extract(rooms, tokens, first=4) == [1, 1, 0, 1, 2]
    assert tokens == {2: 2, 6: 3}  # the caller's counts are left alone


def test_extract_in_a_room_without_tokens_takes_nothing():
    assert extract([5, 5], {}) == [0, 0]


def test_draft_hands_always_add_up_and_everyone_ends_with_four_different_items():
    for players in range(2, 7):
        hands = [list(range(p * ITEMS_DEALT, (p + 1) * ITEMS_DEALT)) for p in range(players)]
        kept = [[] for _ in range(players)]
        for keep, give in DRAFT[1:]:
            passed = []
            for p in range(players):
                hand = kept[p] + hands[p]
                assert len(hand) == keep + give == ITEMS_DEALT
                kept[p], out = hand[:keep], hand[keep:]
                passed.append(out)
            hands = [passed[(p - 1) % players] for p in range(players)]  # each passes to the next player
        assert all(len(k) == ITEMS_DEALT for k in kept)
        assert sorted(c for k in kept for c in k) == list(range(players * ITEMS_DEALT))
        assert all(not h for h in hands)


def test_draft_prompts():
    assert len(DRAFT) == 5
    assert draft_prompt(0) == ("Deal 4 items", "to each player")
    assert draft_prompt(1) == ("Keep 1, pass 3", "to the left")
    assert draft_prompt(3) == ("Keep 3, pass 1", "to the left")
    assert draft_prompt(4) == ("Add the one", "passed: hold 4")
    assert all(len(t) <= 16 for s in range(5) for t in draft_prompt(s))


def test_operative_names():
    assert [op_name(playing(3), op) for op in range(3)] == ["P1", "P2", "P3"]
    g = playing(2, two_player=True)
    assert [op_name(g, op) for op in range(4)] == ["P1a", "P1b", "P2a", "P2b"]
