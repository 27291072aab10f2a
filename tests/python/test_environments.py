# The PettingZoo-style and Gymnasium-style environments: their conventions, simultaneous decisions, the end.
import warnings

import numpy as np
import pytest

import rulesrun
from conftest import ROOT


def play_aec(env, seed, rng):
    env.reset(seed=seed)
    steps, returns = 0, {}
    for agent in iter(lambda: env.agent_selection, None):
        observation, reward, termination, truncation, info = env.last()
        assert observation["observation"].shape == tuple(env.observation_space(agent)["observation"].shape)
        if termination or truncation:
            returns[agent] = reward
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.shape == (env.action_space(agent).n,) and mask.any()
        env.step(env.action_space(agent).sample(mask))
        steps += 1
    return steps, returns


@pytest.mark.parametrize("name", ["classics/kuhn_poker", "diamant", "classics/six_nimmt", "pig"])
def test_aec_environment_plays_whole_games(name):
    game = rulesrun.load_game(ROOT / "rules" / f"{name}.rules", chance="sampled")
    env = rulesrun.AECEnv(game)
    rng = np.random.default_rng(0)
    for seed in range(3):
        steps, returns = play_aec(env, seed, rng)
        assert steps > 0 and env.agents == []
        assert set(returns) == set(env.possible_agents)
        assert returns == dict(zip(env.possible_agents, env.state.returns()))


def test_an_action_id_beyond_the_space_is_named():
    # Only in a game whose actions are too many to number at load (docs/python.md, "Action ids"): Diam's sets of
    # diamonds; a small discovery run leaves most of them to play.
    game = rulesrun.load_game(ROOT / "rules" / "diams.rules", chance="sampled",
                              discovery_games=1, discovery_decisions=5)
    env = rulesrun.AECEnv(game)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # the growth is said once, when first met
        with pytest.raises(ValueError, match="first met after the environment was made"):
            for seed in range(5):
                play_aec(env, seed, None)


def test_hearts_passes_fit_the_space_made_at_load():
    # Hearts' passes of three cards are too many for the discovery run to meet them all: the space is counted from
    # the rules (the cards to play and the passes of up to three cards), so no pass falls outside it.
    env = rulesrun.AECEnv(rulesrun.load_game(ROOT / "rules" / "classics" / "hearts.rules", chance="sampled",
                                             discovery_games=1, discovery_decisions=50))
    for seed in range(2):
        play_aec(env, seed, None)


def test_aec_environment_takes_a_simultaneous_decision_agent_by_agent():
    game = rulesrun.load_game(ROOT / "rules" / "diamant.rules", players=3, chance="sampled")
    env = rulesrun.AECEnv(game)
    env.reset(seed=4)
    while not env.state.is_simultaneous_node():
        env.step(env.action_space(env.agent_selection).sample(env.last()[0]["action_mask"]))
    acting = env.state.acting_players()
    history = len(env.state.history())
    for seat in acting[:-1]:
        assert env.agent_selection == f"player_{seat}"
        env.step(env.action_space(env.agent_selection).sample(env.last()[0]["action_mask"]))
        assert len(env.state.history()) == history  # held until every acting agent has chosen
    env.step(env.action_space(env.agent_selection).sample(env.last()[0]["action_mask"]))
    assert len(env.state.history()) > history
    with pytest.raises(ValueError, match="step it with None"):
        while True:
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(0)
            env.step(env.action_space(agent).sample(env.last()[0]["action_mask"]))


def test_single_agent_environment_against_bots():
    game = rulesrun.load_game(ROOT / "rules" / "diamant.rules", players=3, chance="sampled")
    env = rulesrun.SingleAgentEnv(game, seat=1, opponents="cautious")
    observation, info = env.reset(seed=2)
    assert observation.shape == env.observation_space.shape
    total, terminated = 0.0, False
    while not terminated:
        observation, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))
        assert not truncated
        total += reward
    assert total == env.state.returns()[1]
    first = env.reset(seed=2)[0]
    assert np.array_equal(first, env.reset(seed=2)[0])  # the same seed, the same game
