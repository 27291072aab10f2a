# A CFR written against OpenSpiel's method names alone reaches Kuhn poker's value, -1/18 to player 1.
import rulesrun
from conftest import ROOT


class CFRPlus:
    """CFR+ over the whole tree: regrets floored at 0, the average policy weighted by iteration."""

    def __init__(self, game):
        self.game = game
        self.regrets, self.average = {}, {}

    def policy(self, key, legal):
        positive = [max(self.regrets.get((key, a), 0.0), 0.0) for a in legal]
        total = sum(positive)
        return [p / total for p in positive] if total > 0 else [1 / len(legal)] * len(legal)

    def iterate(self, t):
        for player in range(self.game.num_players()):
            self.walk(self.game.new_initial_state(), player, 1.0, 1.0, t)

    def walk(self, state, player, own_reach, other_reach, t):
        if state.is_terminal():
            return state.returns()[player]
        if state.is_chance_node():
            return sum(p * self.walk(state.child(a), player, own_reach, other_reach * p, t)
                       for a, p in state.chance_outcomes())
        current = state.current_player()
        key = state.information_state_string(current)
        legal = state.legal_actions()
        policy = self.policy(key, legal)
        if current != player:
            return sum(p * self.walk(state.child(a), player, own_reach, other_reach * p, t) for a, p in zip(legal, policy))
        values = [self.walk(state.child(a), player, own_reach * p, other_reach, t) for a, p in zip(legal, policy)]
        value = sum(p * v for p, v in zip(policy, values))
        for a, p, v in zip(legal, policy, values):
            self.average[(key, a)] = self.average.get((key, a), 0.0) + t * own_reach * p
            self.regrets[(key, a)] = max(self.regrets.get((key, a), 0.0) + other_reach * (v - value), 0.0)
        return value

    def average_policy(self, key, legal):
        weights = [self.average.get((key, a), 0.0) for a in legal]
        total = sum(weights)
        return [w / total for w in weights] if total > 0 else [1 / len(legal)] * len(legal)

    def value(self, state, player=0):
        if state.is_terminal():
            return state.returns()[player]
        if state.is_chance_node():
            return sum(p * self.value(state.child(a), player) for a, p in state.chance_outcomes())
        legal = state.legal_actions()
        policy = self.average_policy(state.information_state_string(state.current_player()), legal)
        return sum(p * self.value(state.child(a), player) for a, p in zip(legal, policy))


def test_cfr_reaches_kuhn_pokers_value():
    game = rulesrun.load_game(ROOT / "rules" / "classics" / "kuhn_poker.rules", returns="score")
    solver = CFRPlus(game)
    for t in range(1, 301):
        solver.iterate(t)
    assert abs(solver.value(game.new_initial_state()) + 1 / 18) < 1e-3
