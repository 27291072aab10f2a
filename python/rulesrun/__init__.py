"""rulesrun's games for Python programs, shaped as OpenSpiel's pyspiel (docs/python.md).

    import rulesrun
    game = rulesrun.load_game("rules/classics/kuhn_poker.rules")
    state = game.new_initial_state(seed=1)
    while not state.is_terminal():
        ...
"""
import json as _json
import pathlib as _pathlib
import types as _types

from ._rulesrun import (CHANCE, SIMULTANEOUS, TERMINAL, Bot, Game, LoadError, State, apply_actions_batch,
                        legal_actions_masks, observation_tensors, play_random, simulation_game_seed)
from ._rulesrun import _bot, _load_game, _simulate_json
from .environments import AECEnv, SingleAgentEnv

__all__ = ["CHANCE", "SIMULTANEOUS", "TERMINAL", "Bot", "Game", "LoadError", "State", "AECEnv", "SingleAgentEnv",
           "load_game", "bot", "simulate", "play_random", "apply_actions_batch", "observation_tensors",
           "legal_actions_masks", "simulation_game_seed"]


def load_game(path, players=0, options=None, returns="outcome", chance="explicit", discovery_games=64,
              discovery_decisions=4000):
    """Loads a rules file: a Game for `players` seats (0: the game's smallest count) with these options.

    returns="outcome" gives each seat its share of the win (1 a win, 0 a loss, 1/k to each of k winners, 1/n to
    each of n players in a draw); returns="score" gives the rules' scores. chance="explicit" makes every roll,
    random number and shuffle a chance node with its outcomes; chance="sampled" draws them from the state's seed.
    The discovery run (random games from fixed seeds, up to discovery_games games and discovery_decisions decisions)
    numbers the action ids and lays out the tensors: docs/python.md.
    """
    return _load_game(str(path), int(players), dict(options or {}), returns, chance, int(discovery_games),
                      int(discovery_decisions))


def bot(spec, game, seat, seed=1):
    """A built-in bot for one seat: "random", a strategy the rules declare, "mcts:iterations=200"..."""
    return _bot(game, spec, int(seat), int(seed))


def simulate(path, games=1000, bots="", players=0, options=None, seed=1, threads=1):
    """Plays `games` games between bots as `rulesrun simulate` does: the figures its --json prints, as a dict."""
    option_list = [f"{name}={value}" for name, value in (options or {}).items()]
    return _json.loads(_simulate_json(str(path), int(games), int(seed), bots, int(players), option_list,
                                      int(threads)))


def _game_type(game):
    """What OpenSpiel's GameType says, as strings: dynamics, chance_mode, information, utility, reward_model..."""
    low, high = game._player_range()
    return _types.SimpleNamespace(
        short_name=_pathlib.Path(game.path()).stem, long_name=game.title(),
        dynamics="simultaneous" if game._simultaneous() else "sequential",
        chance_mode="explicit_stochastic" if game.chance_kind() == "explicit" else "sampled_stochastic",
        information="imperfect_information" if game._imperfect_information() else "perfect_information",
        # Win shares sum to 1 only when somebody wins or all draw; scores to whatever the rules give.
        utility="general_sum", reward_model="terminal", min_num_players=low, max_num_players=high,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True)


def _min_utility(game):
    """The lowest return: 0 (a loss) with returns="outcome"; None for scores (the rules do not bound them)."""
    return 0.0 if game.returns_kind() == "outcome" else None


def _max_utility(game):
    """The highest return: 1 (a win alone) with returns="outcome"; None for scores."""
    return 1.0 if game.returns_kind() == "outcome" else None


Game.get_type = _game_type
Game.min_utility = _min_utility
Game.max_utility = _max_utility
