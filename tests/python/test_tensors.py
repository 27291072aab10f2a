# The tensors and strings face one seat: states it cannot tell apart give identical arrays and texts (the leak audit's
# guarantee), and what it sees differently changes them.
import itertools

import numpy as np
import pytest

import rulesrun
from conftest import RULES, ROOT

KUHN = ROOT / "rules" / "classics" / "kuhn_poker.rules"


def seat_view(state, player):
    return (state.observation_tensor(player).tobytes(), state.information_state_tensor(player).tobytes(),
            state.observation_string(player), state.information_state_string(player))


def kuhn_state(game, deal, bets):
    state = game.new_initial_state()
    for card in deal.split(", ")[:2]:
        state.apply_action(state.string_to_action(rulesrun.CHANCE, card))
    for bet in bets:
        state.apply_action(state.string_to_action(state.current_player(), bet))
    return state


def test_kuhn_deals_a_seat_cannot_tell_apart_give_identical_tensors():
    game = rulesrun.load_game(KUHN)
    deals = [", ".join(order) for order in itertools.permutations("JQK")]
    for bets in ([], ["check"], ["bet"], ["check", "bet"]):
        for player in (0, 1):
            by_own_card = {}
            for deal in deals:
                own = deal.split(", ")[player]
                by_own_card.setdefault(own, set()).add(seat_view(kuhn_state(game, deal, bets), player))
            assert all(len(views) == 1 for views in by_own_card.values()), (bets, player)
            assert len({next(iter(views)) for views in by_own_card.values()}) == 3  # its own card shows


def test_kuhn_information_state_tensor_remembers_the_bets():
    game = rulesrun.load_game(KUHN)
    after_check_bet = kuhn_state(game, "J, Q, K", ["check", "bet"]).information_state_tensor(0)
    after_bet = kuhn_state(game, "J, Q, K", ["bet"]).information_state_tensor(1)
    assert game.information_state_remembered() == {"actions": 3, "size": 3 * (2 + 1 + 9), "ids": "one_hot"}
    assert not np.array_equal(after_check_bet[:len(after_bet)], after_bet)
    layout = game.observation_tensor_layout()
    assert sum(segment["size"] for segment in layout) == game.observation_tensor_size()
    hand = next(s for s in layout if s["name"] == "player 1 zone card: cards")
    assert hand["kind"] == "counts" and hand["labels"] == ["J", "K", "Q", "other"]


def play_one_step(state, rng):
    """A chance outcome or every acting seat's action, at random."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        return
    actions = [-1] * state.num_players()
    for seat in state.acting_players():
        legal = state.legal_actions(seat)
        actions[seat] = legal[rng.integers(len(legal))]
    state.apply_actions(actions)


@pytest.mark.parametrize("chance", ["explicit", "sampled"])
@pytest.mark.parametrize("path", RULES, ids=lambda p: p.stem)
def test_resampled_states_look_the_same_to_their_seat(path, chance):
    # With explicit chance too: the game is played again with the outcomes chosen at its chance nodes.
    game = rulesrun.load_game(path, chance=chance)
    rng = np.random.default_rng(1)
    state = game.new_initial_state(seed=3)
    # Every call fits, Hearts' passes included: the others' secret answers are drawn among those that fit what the
    # seat saw by themselves (docs/engine.md, "Drawing again what a seat did not see").
    checked = step = 0
    while step < 60 and not state.is_terminal():
        if state.is_chance_node():
            play_one_step(state, rng)
            continue
        if step % 5 == 0:
            player = state.acting_players()[0]
            for seed in (1, 2):
                resampled = state.resample_from_infostate(player, seed)
                assert seat_view(resampled, player) == seat_view(state, player)
                assert resampled.legal_actions(player) == state.legal_actions(player)
                checked += 1
        play_one_step(state, rng)
        step += 1
    assert checked > 0


@pytest.mark.parametrize("name", ["classics/six_nimmt", "classics/liars_dice"])
def test_resampling_with_explicit_chance_draws_again_what_the_seat_did_not_see(name):
    # The others' hands and hidden dice come out different, the seat's own view the same.
    game = rulesrun.load_game(ROOT / "rules" / f"{name}.rules")
    rng = np.random.default_rng(1)
    differed = resampled = 0
    for seed in range(3, 30):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and resampled < 12:
            if not state.is_chance_node():
                player = state.acting_players()[0]
                others = [seat for seat in range(game.num_players()) if seat != player]
                truth = [state.observation_string(seat) for seat in others]
                for rng_seed in (1, 2):
                    again = state.resample_from_infostate(player, rng_seed)
                    assert seat_view(again, player) == seat_view(state, player)
                    differed += [again.observation_string(seat) for seat in others] != truth
                resampled += 1
            play_one_step(state, rng)
    assert resampled == 12 and differed > 0


@pytest.mark.parametrize("name", ["classics/six_nimmt", "diamant"])
def test_the_search_bot_decides_on_explicit_chance_states(name):
    game = rulesrun.load_game(ROOT / "rules" / f"{name}.rules")
    state, rng = game.new_initial_state(seed=5), np.random.default_rng(2)
    bots = [rulesrun.bot("mcts:iterations=20", game, seat) for seat in range(game.num_players())]
    decisions = 0
    while not state.is_terminal() and decisions < 10:
        if state.is_chance_node():
            play_one_step(state, rng)
            continue
        actions = [-1] * game.num_players()
        for seat in state.acting_players():
            actions[seat] = bots[seat].step(state)
            assert actions[seat] in state.legal_actions(seat)
        state.apply_actions(actions)
        decisions += 1
    assert decisions == 10 or state.is_terminal()


def test_a_resampled_state_deals_the_hidden_cards_again():
    game = rulesrun.load_game(KUHN)
    state = kuhn_state(game, "J, Q, K", [])
    others = {resampled.observation_string(1) for resampled in
              (state.resample_from_infostate(0, seed) for seed in range(20))}
    assert len(others) == 2  # player 2 holds the Q or the K
    with pytest.raises(ValueError, match="no past to replay"):
        state.resample_from_infostate(0, 1).serialize()


def test_a_game_of_many_ids_remembers_them_as_bits():
    game = rulesrun.load_game(ROOT / "rules" / "classics" / "chess.rules", chance="sampled")
    memory = game.information_state_remembered()
    # Chess counts 40,960 moves (docs/python.md, "Action ids"): 17 bits are enough for twice that.
    assert game.num_distinct_actions() == 40960
    assert memory["ids"] == "bits" and memory["size"] == memory["actions"] * (2 + 1 + 17)
    state = game.new_initial_state()
    state.apply_action(state.string_to_action(0, "e2-e4"))
    tensor = state.information_state_tensor(1)
    first = tensor[game.observation_tensor_size():][:20]
    id_bits = sum(int(bit) << b for b, bit in enumerate(first[3:]))
    assert list(first[:3]) == [1, 0, 1] and id_bits == state.history()[0]


def test_hearts_resampling_fits_every_seat_after_the_passes():
    # Each seat saw its own pass and the one it received; the two others are drawn among the passes that keep every
    # card their seats play later and give the receivers those they play from them. It fitted 76 calls in 288 before.
    game = rulesrun.load_game(ROOT / "rules" / "classics" / "hearts.rules", chance="sampled")
    rng = np.random.default_rng(0)
    state = game.new_initial_state(seed=3)
    for step in range(41):
        if step in (5, 20, 40):
            for player in range(game.num_players()):
                for seed in (1, 2):
                    resampled = state.resample_from_infostate(player, seed)
                    assert seat_view(resampled, player) == seat_view(state, player)
                    if player in state.acting_players():
                        assert resampled.legal_actions(player) == state.legal_actions(player)
        play_one_step(state, rng)
