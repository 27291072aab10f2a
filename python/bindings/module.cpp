// The extension `rulesrun._rulesrun` (docs/python.md): the game, its states, bots, batches and simulations, wired to
// Python with OpenSpiel's method names. The package's Python files (python/rulesrun/) add the environments.
#include <pybind11/pybind11.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>

#include <fmt/format.h>

#include "batch.hpp"
#include "bot_seat.hpp"
#include "python_state.hpp"
#include "state_batches.hpp"

namespace py = pybind11;
using namespace rulesrun::python;

namespace {

using Context = std::shared_ptr<GameContext>;

std::vector<std::pair<std::string, std::string>> option_pairs(const py::dict& options) {
    std::vector<std::pair<std::string, std::string>> pairs;
    for (const auto& [name, value] : options) pairs.emplace_back(py::str(name), py::str(value));
    return pairs;
}

Context load(const std::string& path, int players, const py::dict& options, const std::string& returns,
             const std::string& chance, int discovery_games, int discovery_decisions) {
    LoadRequest request{path, players, option_pairs(options), Returns::outcome, Chance::explicit_nodes,
                        discovery_games, discovery_decisions};
    if (returns == "score") request.returns = Returns::score;
    else if (returns != "outcome")
        throw py::value_error("returns must be \"outcome\" (win shares) or \"score\" (the rules' scores), not \"" + returns + "\"");
    if (chance == "sampled") request.chance = Chance::sampled;
    else if (chance != "explicit")
        throw py::value_error("chance must be \"explicit\" (chance nodes) or \"sampled\" (drawn from the seed), not \"" + chance + "\"");
    py::gil_scoped_release release;
    return std::make_shared<GameContext>(request);
}

// A seed from OpenSpiel's samplers: an int, a callable giving a float in [0, 1) (UniformProbabilitySampler), or an
// object with random() (random.Random, numpy's Generator).
std::uint64_t seed_from(const py::object& rng) {
    if (py::isinstance<py::int_>(rng)) return rng.cast<std::uint64_t>();
    const py::object draw = py::hasattr(rng, "random") ? rng.attr("random") : rng;
    const double u = draw().cast<double>();
    return static_cast<std::uint64_t>(std::ldexp(u, 53));
}

int player_or_current(const State& state, const py::object& player) {
    if (!player.is_none()) return player.cast<int>();
    const int current = state.current_player();
    if (current == simultaneous_player)
        throw py::value_error("several players decide at once here: name the player");
    if (current == terminal_player) throw py::value_error("the game is over: name the player");
    return current;
}

py::array_t<float> tensor(std::size_t size, const std::function<void(float*)>& fill) {
    py::array_t<float> out(static_cast<py::ssize_t>(size));
    fill(out.mutable_data());
    return out;
}

py::list layout_list(const TensorLayout& layout) {
    py::list segments;
    for (const TensorSegment& s : layout.segments()) {
        const char* kind = s.kind == TensorSegment::Kind::number ? "number"
                           : s.kind == TensorSegment::Kind::one_hot ? "one_hot" : "counts";
        segments.append(py::dict(py::arg("name") = s.name, py::arg("kind") = kind, py::arg("offset") = s.offset,
                                 py::arg("size") = s.size, py::arg("labels") = s.labels));
    }
    return segments;
}

// An unbounded game's ids outgrowing the discovery run: said once per game, as a RuntimeWarning.
void warn_if_grown(GameContext& g) {
    if (!g.ids_outgrew_discovery()) return;
    const std::string text = fmt::format(
        "rulesrun: the actions of {} are not bounded by its rules ({}): action id {} was numbered after the discovery run, "
        "and num_distinct_actions() grew past its value at load ({}); load with larger discovery_games to number more "
        "before play", g.definition()->title(), g.action_space().unbounded, g.ids().size() - 1, g.discovered_ids());
    if (PyErr_WarnEx(PyExc_RuntimeWarning, text.c_str(), 1) != 0) throw py::error_already_set();
}

py::dict action_space_dict(const GameContext& g) {
    const auto& space = g.action_space();
    py::list decisions;
    for (const auto& d : space.decisions) {
        decisions.append(py::dict(py::arg("name") = d.name,
                                  py::arg("count") = d.count < 0 ? py::object(py::none()) : py::object(py::int_(d.count)),
                                  py::arg("unbounded") = d.unbounded));
    }
    return py::dict(py::arg("bounded") = space.bounded(),
                    py::arg("count") = space.bounded() ? py::object(py::int_(space.count)) : py::object(py::none()),
                    py::arg("unbounded") = space.unbounded, py::arg("decisions") = decisions);
}

void bind_game(py::module_& m) {
    py::class_<GameContext, Context>(m, "Game", "A loaded rules file with its players and options (load_game).")
        .def("num_players", &GameContext::players)
        .def("num_distinct_actions", &GameContext::num_distinct_actions,
             "every action id is below it: the actions the rules can offer, counted from their types; in a game whose "
             "rules do not bound them (action_space()), the ids numbered so far (docs/python.md, \"Action ids\")")
        .def("numbered_actions", [](GameContext& g) { return g.ids().size(); },
             "the ids numbered so far: the discovery run's, then those met since; action_name(id) names each")
        .def("action_space", &action_space_dict,
             "what the rules can offer, counted at load: {\"bounded\", \"count\", \"unbounded\": why not, \"decisions\"}")
        .def("max_game_length", [](GameContext& g, std::int64_t max_nodes) -> py::object {
                 const auto length = g.max_game_length(max_nodes);
                 return length ? py::object(py::int_(*length)) : py::object(py::none());
             }, py::arg("max_nodes") = 100000,
             "the most plies a game lasts, from its whole tree; None when the tree has more than max_nodes nodes")
        .def("new_initial_state", [](const Context& g, std::uint64_t seed) { return State(g, seed); },
             py::arg("seed") = 1)
        .def("observation_tensor_shape", [](const GameContext& g) { return std::vector<std::size_t>{g.layout().size()}; })
        .def("observation_tensor_size", [](const GameContext& g) { return g.layout().size(); })
        .def("information_state_tensor_shape",
             [](const GameContext& g) { return std::vector<std::size_t>{g.information_state_size()}; })
        .def("information_state_tensor_size", &GameContext::information_state_size)
        .def("observation_tensor_layout", [](const GameContext& g) { return layout_list(g.layout()); })
        .def("information_state_remembered", [](const GameContext& g) {
                 return py::dict(py::arg("actions") = g.memory().actions(), py::arg("size") = g.memory().size(),
                                 py::arg("ids") = g.memory().binary() ? "bits" : "one_hot");
             }, "the last actions the information state tensor keeps, the floats they take, and how ids are written")
        .def("action_name", [](GameContext& g, int id) { return g.ids().name(id); })
        .def("deserialize_state", [](const Context& g, const std::string& text) { return State::deserialize(g, text); })
        .def("title", [](const GameContext& g) { return g.definition()->title(); })
        .def("_imperfect_information", &GameContext::imperfect_information)
        .def("_simultaneous", &GameContext::simultaneous)
        .def("_player_range", [](const GameContext& g) {
                 return py::make_tuple(g.definition()->min_players(), g.definition()->max_players());
             })
        .def("path", [](const GameContext& g) { return g.request().path; })
        .def("returns_kind", [](const GameContext& g) { return g.request().returns == Returns::score ? "score" : "outcome"; })
        .def("chance_kind", [](const GameContext& g) { return g.request().chance == Chance::sampled ? "sampled" : "explicit"; })
        .def("options", [](const GameContext& g) { return g.settings().options; })
        .def("strategies", [](const GameContext& g) {
                 std::vector<std::string> names;
                 for (const auto& s : g.definition()->strategies()) names.push_back(s.name);
                 return names;
             })
        .def("__repr__", [](const GameContext& g) {
                 return "<rulesrun.Game '" + g.definition()->title() + "', " + std::to_string(g.players()) + " players>";
             });
}

void bind_state_queries(py::class_<State>& c) {
    c.def("current_player", &State::current_player)
        .def("is_chance_node", &State::is_chance_node)
        .def("is_terminal", &State::is_terminal)
        .def("is_simultaneous_node", &State::is_simultaneous_node)
        .def("is_player_node", [](const State& s) { return s.current_player() >= 0 || s.is_simultaneous_node(); })
        .def("acting_players", &State::acting_seats)
        .def("legal_actions", [](const State& s, const py::object& player) {
                 if (player.is_none() && s.is_chance_node()) return s.legal_actions(chance_player);
                 auto legal = s.legal_actions(player_or_current(s, player));
                 warn_if_grown(*s.context());
                 return legal;
             }, py::arg("player") = py::none())
        .def("legal_actions_mask", [](const State& s, const py::object& player) {
                 const int p = player.is_none() && s.is_chance_node() ? chance_player : player_or_current(s, player);
                 const std::vector<int> legal = s.legal_actions(p);
                 warn_if_grown(*s.context());
                 std::size_t size = static_cast<std::size_t>(s.context()->num_distinct_actions());
                 if (p == chance_player) size = legal.size();
                 std::vector<int> mask(size, 0);
                 for (const int a : legal) {
                     if (static_cast<std::size_t>(a) >= size) {  // the action space was counted too small: a bug
                         throw rulesrun::runtime::RuleError(fmt::format(
                             "action id {} is not below num_distinct_actions() ({}): the rules' action space was "
                             "counted too small; please report it with the rules file", a, size));
                     }
                     mask[static_cast<std::size_t>(a)] = 1;
                 }
                 return mask;
             }, py::arg("player") = py::none())
        .def("chance_outcomes", &State::chance_outcomes)
        .def("action_to_string", [](const State& s, int player, int action) { return s.action_to_string(player, action); })
        .def("action_to_string", [](const State& s, int action) {
                 return s.action_to_string(s.is_chance_node() ? chance_player : player_or_current(s, py::none()), action);
             })
        .def("string_to_action", &State::string_to_action)
        .def("string_to_action", [](const State& s, const std::string& name) {
                 return s.string_to_action(s.is_chance_node() ? chance_player : player_or_current(s, py::none()), name);
             })
        .def("returns", &State::returns)
        .def("rewards", &State::rewards)
        .def("player_return", [](const State& s, int player) { return s.returns().at(static_cast<std::size_t>(player)); })
        .def("history", &State::history)
        .def("history_str", [](const State& s) { return py::str(py::cast(s.history())); })
        .def("move_number", [](const State& s) { return s.history().size(); })
        .def("num_players", [](const State& s) { return s.context()->players(); })
        .def("get_game", [](const State& s) { return s.context(); })
        .def("__str__", &State::to_string);
}

void bind_state_views(py::class_<State>& c) {
    c.def("observation_string", [](const State& s, const py::object& p) { return s.observation_string(player_or_current(s, p)); },
          py::arg("player") = py::none())
        .def("information_state_string",
             [](const State& s, const py::object& p) { return s.information_state_string(player_or_current(s, p)); },
             py::arg("player") = py::none())
        .def("observation_tensor", [](const State& s, const py::object& p) {
                 const int player = player_or_current(s, p);
                 return tensor(s.context()->layout().size(), [&](float* out) { s.observation_tensor(player, out); });
             }, py::arg("player") = py::none())
        .def("information_state_tensor", [](const State& s, const py::object& p) {
                 const int player = player_or_current(s, p);
                 return tensor(s.context()->information_state_size(),
                               [&](float* out) { s.information_state_tensor(player, out); });
             }, py::arg("player") = py::none());
}

void bind_state(py::module_& m) {
    py::class_<State> c(m, "State", "A game in progress, shaped as OpenSpiel's states.");
    bind_state_queries(c);
    bind_state_views(c);
    c.def("apply_action", &State::apply_action)
        .def("apply_actions", &State::apply_actions)
        .def("child", [](const State& s, int action) {
                 State next = s;
                 next.apply_action(action);
                 return next;
             })
        .def("clone", [](const State& s) { return State(s); })
        .def("__copy__", [](const State& s) { return State(s); })
        .def("__deepcopy__", [](const State& s, const py::object&) { return State(s); })
        .def("serialize", &State::serialize)
        .def("resample_from_infostate", [](const State& s, int player, const py::object& rng) {
                 return s.resample_from_infostate(player, seed_from(rng));
             }, py::arg("player"), py::arg("rng") = py::int_(1));
}

void bind_batches(py::module_& m) {
    m.def("play_random", [](const GameContext& g, std::int64_t games, std::uint64_t seed) {
             RandomGames played;
             {
                 py::gil_scoped_release release;
                 played = play_random(g, games, seed);
             }
             py::array_t<double> returns({static_cast<py::ssize_t>(games), static_cast<py::ssize_t>(g.players())});
             std::copy(played.returns.begin(), played.returns.end(), returns.mutable_data());
             py::array_t<std::int64_t> lengths(static_cast<py::ssize_t>(games));
             std::copy(played.lengths.begin(), played.lengths.end(), lengths.mutable_data());
             return py::dict(py::arg("returns") = returns, py::arg("lengths") = lengths,
                             py::arg("steps") = played.steps);
         }, py::arg("game"), py::arg("games"), py::arg("seed") = 1);
    m.def("simulation_game_seed", &rulesrun::simulation_game_seed, py::arg("seed"), py::arg("index"),
          "the seed of game `index` of a simulation with this seed (rulesrun simulate --seed)");
    m.def("_simulate_json", [](const std::string& path, std::int64_t games, std::uint64_t seed, const std::string& bots,
                               int players, const std::vector<std::string>& options, int threads) {
              py::gil_scoped_release release;
              return simulate_json({path, games, seed, bots, players, options, threads});
          });
    py::class_<BotSeat>(m, "Bot", "A built-in bot taking one seat (rulesrun.bot).")
        .def("step", [](BotSeat& b, const State& s) { return b.step(s); }, "the id of the bot's action in this state")
        .def("restart", &BotSeat::restart, py::arg("seed"), "a new game: the bot's generator seeded again")
        .def_property_readonly("seat", &BotSeat::seat)
        .def("__repr__", [](const BotSeat& b) { return "<rulesrun.Bot " + b.name() + " for player " + std::to_string(b.seat()) + ">"; });
    m.def("_bot", [](const Context& g, const std::string& spec, int seat, std::uint64_t seed) {
              return BotSeat(g, spec, seat, seed);
          });
}

std::vector<const State*> read_only(const std::vector<State*>& states) { return {states.begin(), states.end()}; }

void bind_state_batches(py::module_& m) {
    m.def("apply_actions_batch", &apply_each, py::arg("states"), py::arg("actions"),
          "applies actions[i] to states[i] (a chance outcome or the action of its one seat to act)");
    m.def("observation_tensors", [](const std::vector<State*>& states, const std::vector<int>& players) {
              const std::size_t width = states.empty() ? 0 : states.front()->context()->layout().size();
              py::array_t<float> out({static_cast<py::ssize_t>(states.size()), static_cast<py::ssize_t>(width)});
              observation_rows(read_only(states), players, out.mutable_data());
              return out;
          }, py::arg("states"), py::arg("players"), "row i: states[i].observation_tensor(players[i])");
    m.def("legal_actions_masks", [](const std::vector<State*>& states, const std::vector<int>& players,
                                    const py::object& width) {
              std::size_t columns = 0;
              if (!width.is_none()) columns = width.cast<std::size_t>();
              else if (!states.empty()) columns = static_cast<std::size_t>(states.front()->context()->num_distinct_actions());
              py::array_t<std::int8_t> out({static_cast<py::ssize_t>(states.size()), static_cast<py::ssize_t>(columns)});
              legal_action_rows(read_only(states), players, columns, out.mutable_data());
              return out;
          }, py::arg("states"), py::arg("players"), py::arg("width") = py::none(),
          "row i: 1 for each legal action of players[i] in states[i]; width: the columns (num_distinct_actions())");
}

void register_errors(py::module_& m) {
    static py::exception<LoadError> load_error(m, "LoadError", PyExc_ValueError);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const LoadError& e) {
            load_error(e.what());
        } catch (const rulesrun::runtime::UsageError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const rulesrun::runtime::SettingsError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const rulesrun::BotListError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const rulesrun::runtime::RuleError& e) {
            PyErr_SetString(PyExc_RuntimeError, e.what());
        }
    });
}

}  // namespace

PYBIND11_MODULE(_rulesrun, m) {
    m.doc() = "rulesrun's games for Python, shaped as OpenSpiel's (docs/python.md)";
    register_errors(m);
    m.attr("TERMINAL") = terminal_player;
    m.attr("CHANCE") = chance_player;
    m.attr("SIMULTANEOUS") = simultaneous_player;
    m.def("_load_game", &load, py::arg("path"), py::arg("players"), py::arg("options"), py::arg("returns"),
          py::arg("chance"), py::arg("discovery_games"), py::arg("discovery_decisions"));
    bind_game(m);
    bind_state(m);
    bind_batches(m);
    bind_state_batches(m);
}
