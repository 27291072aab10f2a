"""Environments with PettingZoo's and Gymnasium's conventions, written without those packages (docs/python.md).

AECEnv: every seat is an agent ("player_0", ...), stepped in turn (agent_selection); a simultaneous decision takes
each acting agent's action in turn and applies them together. SingleAgentEnv: one seat against built-in bots.
Both draw chance outcomes from their own generator, seeded by reset(seed=...), and observe the seat's
observation_tensor with its action mask (1 for each legal action id).
"""
import numpy as np


class Discrete:
    """A space of n actions, as gymnasium.spaces.Discrete: sample() one, or one of those a mask allows."""

    def __init__(self, n, rng=None):
        self.n = int(n)
        self.shape = ()
        self._rng = rng if rng is not None else np.random.default_rng()

    def sample(self, mask=None):
        if mask is None:
            return int(self._rng.integers(self.n))
        return int(self._rng.choice(np.flatnonzero(mask)))

    def contains(self, action):
        return 0 <= int(action) < self.n


class Box:
    """A space of float32 arrays of one shape, as gymnasium.spaces.Box."""

    def __init__(self, shape):
        self.shape = tuple(shape)
        self.dtype = np.float32


def _mask(state, player, size):
    mask = np.zeros(size, dtype=np.int8)
    for action in state.legal_actions(player):
        if action >= size:
            raise ValueError(f"action id {action} was first met after the environment was made (its space has "
                             f"{size} actions): see docs/python.md, 'Action ids'")
        mask[action] = 1
    return mask


def _resolve_chance(state, rng):
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=np.array(probabilities) / sum(probabilities))))


class AECEnv:
    """A PettingZoo-style AEC environment over every seat of a game."""

    metadata = {"name": "rulesrun_aec", "is_parallelizable": False}

    def __init__(self, game):
        self.game = game
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players())]
        self._actions = game.num_distinct_actions()
        self._rng = np.random.default_rng()
        self.state = None
        self.agents = []

    def observation_space(self, agent):
        return {"observation": Box(self.game.observation_tensor_shape()), "action_mask": Box((self._actions,))}

    def action_space(self, agent):
        return Discrete(self._actions, self._rng)

    def reset(self, seed=None, options=None):
        self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state(seed=int(self._rng.integers(2**63)))
        _resolve_chance(self.state, self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._held = {}  # a simultaneous decision's actions given so far, by seat
        self._select()

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def _waiting(self):
        return [seat for seat in self.state.acting_players() if seat not in self._held]

    def _select(self):
        if self.state.is_terminal():
            self.agent_selection = self.agents[0] if self.agents else None
        else:
            self.agent_selection = self.possible_agents[self._waiting()[0]]

    def observe(self, agent):
        seat = self._seat(agent)
        acting = not self.state.is_terminal() and seat in self._waiting()
        mask = _mask(self.state, seat, self._actions) if acting else np.zeros(self._actions, dtype=np.int8)
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._step_done(agent, action)
        self._cumulative_rewards[agent] = 0.0
        self._held[self._seat(agent)] = int(action)
        if self._waiting():
            return self._select()
        actions = [self._held.get(seat, -1) for seat in range(len(self.possible_agents))]
        self._held = {}
        self.state.apply_actions(actions)
        _resolve_chance(self.state, self._rng)
        if self.state.is_terminal():
            for agent_, value in zip(self.possible_agents, self.state.returns()):
                self.rewards[agent_] = value
                self._cumulative_rewards[agent_] += value
                self.terminations[agent_] = True
        self._select()

    def _step_done(self, agent, action):
        if action is not None:
            raise ValueError(f"{agent} is done: step it with None")
        self.agents.remove(agent)
        self._select()


class SingleAgentEnv:
    """A Gymnasium-style environment: one seat of a game against built-in bots (random by default)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, seat=0, opponents="random"):
        import rulesrun
        self.game = game
        self.seat = int(seat)
        specs = opponents.split(",") if isinstance(opponents, str) else list(opponents)
        if len(specs) == 1:
            specs = specs * game.num_players()
        self._specs = specs
        self._bot = rulesrun.bot
        self.action_space = Discrete(game.num_distinct_actions())
        self.observation_space = Box(game.observation_tensor_shape())
        self.state = None

    def reset(self, seed=None, options=None):
        self._rng = np.random.default_rng(seed)
        self.action_space._rng = self._rng
        game_seed = int(self._rng.integers(2**63))
        self.state = self.game.new_initial_state(seed=game_seed)
        self._bots = {other: self._bot(self._specs[other], self.game, other, seed=game_seed)
                      for other in range(self.game.num_players()) if other != self.seat}
        self._play_others()
        return self._observation(), self._info()

    def step(self, action):
        actions = [-1] * self.game.num_players()
        actions[self.seat] = int(action)
        for other in self.state.acting_players():
            if other != self.seat:
                actions[other] = self._bots[other].step(self.state)
        self.state.apply_actions(actions)
        self._play_others()
        terminated = self.state.is_terminal()
        reward = self.state.returns()[self.seat] if terminated else 0.0
        return self._observation(), reward, terminated, False, self._info()

    def render(self):
        return str(self.state)

    def _play_others(self):
        """Chance and the others' decisions, until the seat is to act or the game is over."""
        while True:
            _resolve_chance(self.state, self._rng)
            if self.state.is_terminal() or self.seat in self.state.acting_players():
                return
            actions = [-1] * self.game.num_players()
            for other in self.state.acting_players():
                actions[other] = self._bots[other].step(self.state)
            self.state.apply_actions(actions)

    def _observation(self):
        return self.state.observation_tensor(self.seat)

    def _info(self):
        if self.state.is_terminal():
            return {"action_mask": np.zeros(self.action_space.n, dtype=np.int8)}
        return {"action_mask": _mask(self.state, self.seat, self.action_space.n)}
