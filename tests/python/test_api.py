# The OpenSpiel-shaped API on every rules file: random playouts through it, the same games as `simulate`'s, action
# ids, copies and serialization.
import warnings

import numpy as np
import pytest

import rulesrun
from conftest import RULES, ROOT

KUHN = ROOT / "rules" / "classics" / "kuhn_poker.rules"
# The rules files whose actions their declared types do not bound (a number or a text in what a decision offers).
# Counted, but past what an id (an int) can number: sets of cards from a hand or the market of no size the rules bound.
UNBOUNDED = {"cosmic_disaster", "diams"}


def random_playout(state, rng, limit=400):
    """Plays at random through the public API, checking what each step offers. Returns the actions taken."""
    taken = 0
    while not state.is_terminal() and taken < limit:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            continue
        acting = state.acting_players()
        actions = [-1] * state.num_players()
        for seat in acting:
            legal = state.legal_actions(seat)
            assert legal == sorted(set(legal)) and legal
            mask = state.legal_actions_mask(seat)
            assert [i for i, m in enumerate(mask) if m] == legal
            action = legal[rng.integers(len(legal))]
            assert state.string_to_action(seat, state.action_to_string(seat, action)) == action
            actions[seat] = action
        if len(acting) == 1:
            assert state.current_player() == acting[0]
            state.apply_action(actions[acting[0]])
        else:
            assert state.current_player() == rulesrun.SIMULTANEOUS
            state.apply_actions(actions)
        taken += 1
    return taken


@pytest.mark.parametrize("chance", ["explicit", "sampled"])
@pytest.mark.parametrize("path", RULES, ids=lambda p: p.stem)
def test_random_playouts_on_every_rules_file(path, chance):
    game = rulesrun.load_game(path, chance=chance)
    rng = np.random.default_rng(7)
    for seed in range(2 if chance == "sampled" else 1):
        state = game.new_initial_state(seed=seed)
        random_playout(state, rng)
        for player in range(game.num_players()):
            assert state.observation_tensor(player).shape == tuple(game.observation_tensor_shape())
            assert state.information_state_tensor(player).shape == tuple(game.information_state_tensor_shape())
            assert isinstance(state.information_state_string(player), str)
        if state.is_terminal():
            assert state.current_player() == rulesrun.TERMINAL
            returns = state.returns()
            assert len(returns) == game.num_players() and all(0 <= r <= 1 for r in returns)


@pytest.mark.parametrize("path", RULES, ids=lambda p: p.stem)
def test_random_bots_through_the_api_play_simulates_games(path):
    """Games played from Python with simulate's seeds and random bots are simulate's games: the same figures."""
    game = rulesrun.load_game(path, chance="sampled")
    games, wins, lengths = 12, [0] * game.num_players(), []
    for index in range(games):
        seed = rulesrun.simulation_game_seed(9, index)
        state = game.new_initial_state(seed=seed)
        bots = [rulesrun.bot("random", game, seat, seed=seed) for seat in range(game.num_players())]
        moves = 0
        while not state.is_terminal():
            actions = [-1] * game.num_players()
            for seat in state.acting_players():
                actions[seat] = bots[seat].step(state)
            state.apply_actions(actions)
            moves += sum(a >= 0 for a in actions)
        lengths.append(moves)
        for seat, value in enumerate(state.returns()):
            wins[seat] += value == 1.0 and sum(state.returns()) == 1.0
    figures = rulesrun.simulate(path, games=games, seed=9, bots="random")
    assert np.mean(lengths) == pytest.approx(figures["length"]["mean"])
    if not figures["cooperative"]:
        assert wins == [seat["wins"] for seat in figures["seats"]]


@pytest.mark.parametrize("path", [p for p in RULES if p.stem in ("pig", "diamant", "kuhn_poker", "connect_four")],
                         ids=lambda p: p.stem)
def test_play_random_plays_simulates_games(path):
    game = rulesrun.load_game(path, chance="sampled")
    played = rulesrun.play_random(game, 60, seed=5)
    figures = rulesrun.simulate(path, games=60, seed=5, bots="random")
    assert figures["games"] == 60
    assert played["lengths"].mean() == pytest.approx(figures["length"]["mean"])
    assert played["steps"] == played["lengths"].sum()


def deal(state, cards):
    """Kuhn poker's shuffle, a card at a time from the top: player 1's card, then player 2's."""
    for card in cards:
        state.apply_action(state.string_to_action(rulesrun.CHANCE, card))


def test_explicit_chance_in_kuhn_poker():
    game = rulesrun.load_game(KUHN)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == rulesrun.CHANCE
    outcomes = state.chance_outcomes()
    assert [state.action_to_string(rulesrun.CHANCE, a) for a, _ in outcomes] == ["J", "K", "Q"]
    assert all(p == pytest.approx(1 / 3) for _, p in outcomes)
    deal(state, "K")
    assert state.is_chance_node()
    assert [(state.action_to_string(rulesrun.CHANCE, a), p) for a, p in state.chance_outcomes()] == [
        ("J", 0.5), ("Q", 0.5)]
    deal(state, "Q")  # the third card, the J, stays in the deck: the order is complete
    assert state.current_player() == 0
    assert "K" in state.observation_string(0) and "K" not in state.observation_string(1)
    names = {state.action_to_string(0, a) for a in state.legal_actions()}
    assert names == {"check", "bet"}


def test_a_shuffle_of_cards_alike_weighs_them():
    game = rulesrun.load_game(ROOT / "rules" / "diamant.rules")  # hazards come three of a kind
    state = game.new_initial_state()
    first = {state.action_to_string(rulesrun.CHANCE, a): p for a, p in state.chance_outcomes()}
    cards = round(1 / min(first.values()))
    name = max(first, key=first.get)
    alike = round(first[name] * cards)
    assert alike > 1 and sum(first.values()) == pytest.approx(1)
    state.apply_action(state.string_to_action(rulesrun.CHANCE, name))
    second = {state.action_to_string(rulesrun.CHANCE, a): p for a, p in state.chance_outcomes()}
    assert second[name] == pytest.approx((alike - 1) / (cards - 1))


def test_a_large_shuffle_is_a_card_at_a_time():
    game = rulesrun.load_game(ROOT / "rules" / "diamant.rules")
    state = game.new_initial_state()
    nodes = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1)
        state.apply_action(outcomes[0][0])
        nodes += 1
    assert nodes >= 10 and state.current_player() != rulesrun.TERMINAL


def test_returns_as_outcome_and_as_score():
    for returns, expected in (("outcome", [1.0, 0.0]), ("score", [2.0, -2.0])):
        game = rulesrun.load_game(KUHN, returns=returns)
        state = game.new_initial_state()
        deal(state, "KQ")
        state.apply_action(state.string_to_action(0, "bet"))
        state.apply_action(state.string_to_action(1, "call"))
        assert state.is_terminal() and state.returns() == expected and state.rewards() == expected


def test_action_ids_are_the_same_in_every_state_and_load():
    first, second = rulesrun.load_game(KUHN), rulesrun.load_game(KUHN)
    assert first.num_distinct_actions() == second.num_distinct_actions() == 8  # its two menus' options
    assert first.numbered_actions() == second.numbered_actions() == 4
    names = [first.action_name(i) for i in range(4)]
    assert sorted(names) == ["bet", "call", "check", "fold"]
    state = second.new_initial_state()
    deal(state, "JQ")
    state.apply_action(state.string_to_action(0, "check"))
    assert {second.action_name(a) for a in state.legal_actions(1)} == {"check", "bet"}
    assert state.string_to_action(1, "bet") == names.index("bet")


def test_clone_and_serialize_round_trips():
    rng = np.random.default_rng(3)
    some = [KUHN] + [p for p in RULES if p.stem in ("pig", "connect_four", "backgammon", "diamant", "hanabi")]
    for path, chance in [(p, chance) for p in some for chance in ("explicit", "sampled")]:
        game = rulesrun.load_game(path, chance=chance)
        state = game.new_initial_state(seed=11)
        random_playout(state, rng, limit=int(rng.integers(1, 12)))
        copy = state.clone()
        again = game.deserialize_state(state.serialize())
        for other in (copy, again):
            assert other.history() == state.history()
            assert str(other) == str(state)
            assert other.serialize() == state.serialize()
        if not state.is_terminal():
            legal = state.legal_actions() if not state.is_simultaneous_node() else None
            if legal:
                copy.apply_action(legal[0])
                assert copy.history() != state.history()  # the copy went on alone


def test_bad_input_gets_clear_errors():
    with pytest.raises(rulesrun.LoadError, match="no_such"):
        rulesrun.load_game("no_such.rules")
    with pytest.raises(ValueError, match="returns"):
        rulesrun.load_game(KUHN, returns="chips")
    game = rulesrun.load_game(KUHN)
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="no chance outcome 9"):
        state.apply_action(9)
    with pytest.raises(ValueError, match="nothing to observe"):
        state.observation_tensor(0)
    deal(state, "JQ")
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(99)
    with pytest.raises(ValueError, match="other rules"):
        rulesrun.load_game(ROOT / "rules" / "pig.rules").deserialize_state(state.serialize())
    with pytest.raises(ValueError, match="one bot"):
        rulesrun.bot("random,random", game, 0)


def test_a_longer_discovery_meets_more_actions():
    path = ROOT / "rules" / "classics" / "hearts.rules"
    short = rulesrun.load_game(path, chance="sampled", discovery_games=1, discovery_decisions=100)
    longer = rulesrun.load_game(path, chance="sampled", discovery_games=4, discovery_decisions=1000)
    assert short.numbered_actions() < longer.numbered_actions()
    assert short.num_distinct_actions() == longer.num_distinct_actions()  # fixed by the rules, not by discovery
    names = [short.action_name(i) for i in range(short.numbered_actions())]
    assert names == [longer.action_name(i) for i in range(len(names))]  # the same start: the same first ids
    with pytest.raises(ValueError, match="discovery_games"):
        rulesrun.load_game(path, discovery_games=0)


def test_max_game_length():
    kuhn = rulesrun.load_game(KUHN)
    assert kuhn.max_game_length(max_nodes=10) is None and kuhn.max_game_length() == 3
    assert rulesrun.load_game(ROOT / "rules" / "classics" / "chess.rules", chance="sampled").max_game_length(
        max_nodes=1000) is None


def test_bots_and_simulate():
    game = rulesrun.load_game(KUHN)
    state = game.new_initial_state()
    deal(state, "JQ")
    bot = rulesrun.bot("mcts:iterations=50", game, 0)
    assert bot.step(state) in state.legal_actions(0)
    honest = rulesrun.bot("honest", game, 0)
    assert honest.step(state) in state.legal_actions(0)
    figures = rulesrun.simulate(KUHN, games=50, bots="honest,random")
    assert figures["games"] == 50 and len(figures["seats"]) == 2


def test_batches_of_states_give_what_each_state_gives():
    game = rulesrun.load_game(ROOT / "rules" / "classics" / "connect_four.rules")
    states = [game.new_initial_state(seed=seed) for seed in range(5)]
    for state, opening in zip(states, range(5)):
        state.apply_action(state.legal_actions()[opening])
    players = [state.current_player() for state in states]
    rows = rulesrun.observation_tensors(states, players)
    masks = rulesrun.legal_actions_masks(states, players)
    for state, player, row, mask in zip(states, players, rows, masks):
        assert np.array_equal(row, state.observation_tensor(player))
        assert list(mask) == state.legal_actions_mask(player)
    copies = [state.clone() for state in states]
    rulesrun.apply_actions_batch(states, [state.legal_actions()[0] for state in states])
    for state, copy in zip(states, copies):
        copy.apply_action(copy.legal_actions()[0])
        assert state.serialize() == copy.serialize()
    with pytest.raises(ValueError, match="5 states but 1 actions"):
        rulesrun.apply_actions_batch(states, [0])


def test_game_type():
    kuhn = rulesrun.load_game(KUHN).get_type()
    assert (kuhn.short_name, kuhn.dynamics, kuhn.information, kuhn.chance_mode) == (
        "kuhn_poker", "sequential", "imperfect_information", "explicit_stochastic")
    chess = rulesrun.load_game(ROOT / "rules" / "classics" / "chess.rules", chance="sampled").get_type()
    assert chess.information == "perfect_information"
    assert rulesrun.load_game(KUHN).max_utility() == 1.0 and rulesrun.load_game(KUHN, returns="score").max_utility() is None


def play_checking_ids(game, seed, steps, check=True):
    """Plays at random from `seed`, checking that every legal id is below num_distinct_actions()."""
    bound = game.num_distinct_actions()
    state, rng = game.new_initial_state(seed=seed), np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            continue
        actions = [-1] * game.num_players()
        for seat in state.acting_players():
            legal = state.legal_actions(seat)
            assert max(legal) < bound or not check, (state.action_to_string(seat, max(legal)), bound)
            actions[seat] = legal[rng.integers(len(legal))]
        state.apply_actions(actions)


@pytest.mark.parametrize("path", RULES, ids=lambda p: p.stem)
def test_num_distinct_actions_is_fixed_at_load_or_said_unbounded(path):
    # A small discovery run, so that play meets actions it did not: the bound holds all the same.
    game = rulesrun.load_game(path, chance="sampled", discovery_games=1, discovery_decisions=20)
    space = game.action_space()
    assert [d["name"] for d in space["decisions"]] and all(
        (d["count"] is None) == bool(d["unbounded"]) for d in space["decisions"])
    if not space["bounded"]:
        assert path.stem in UNBOUNDED, space["unbounded"]
        assert space["count"] is None and path.name in space["unbounded"]
        return
    assert path.stem not in UNBOUNDED
    assert space["count"] == game.num_distinct_actions() == sum(d["count"] for d in space["decisions"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a bounded game never says its ids grew
        for seed in range(3):
            play_checking_ids(game, seed, 300)
    assert game.num_distinct_actions() == space["count"]


def test_an_unbounded_game_says_so_when_its_ids_grow():
    game = rulesrun.load_game(ROOT / "rules" / "diams.rules", chance="sampled",
                              discovery_games=1, discovery_decisions=5)
    at_load = game.num_distinct_actions()
    with pytest.warns(RuntimeWarning, match="not bounded by its rules .*diams.rules"):
        play_checking_ids(game, 1, 200, check=False)
    assert game.num_distinct_actions() > at_load
