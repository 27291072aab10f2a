#include "python_state.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

namespace rulesrun::python {

using runtime::UsageError;

namespace {

bool explicit_chance(const GameContext& context) { return context.request().chance == Chance::explicit_nodes; }

}  // namespace

State::State(std::shared_ptr<GameContext> context, std::uint64_t seed)
    : context_(std::move(context)), seed_(seed), game_(context_->new_game(seed)), log_(context_->players()) {
    if (explicit_chance(*context_)) {
        game_.take_messages();  // the seeded start's: the start is played again with the outcomes chosen
        const runtime::Ply start;
        settle(resolve_ply(game_, start, seed_));
    } else {
        log_.add_messages(game_.take_messages());
    }
}

int State::current_player() const {
    if (chance_) return chance_player;
    if (game_.finished()) return terminal_player;
    const std::vector<int> seats = game_.to_act();
    return seats.size() == 1 ? seats.front() : simultaneous_player;
}

std::vector<int> State::acting_seats() const { return chance_ ? std::vector<int>{} : game_.to_act(); }

void State::check_player(int player) const {
    if (player < 0 || player >= context_->players())
        throw UsageError(fmt::format("no player {}: players are 0 to {}", player, context_->players() - 1));
}

// The ids of the seat's menu, position by position (ids are given to actions never met).
std::vector<int> State::ids_of_menu(int seat) const {
    std::vector<std::uint64_t> keys;
    game_.action_keys(seat, keys);
    std::vector<int> ids;
    ids.reserve(keys.size());
    ActionIds& table = context_->ids();
    const bool subset = game_.choice_is_subset(seat);
    for (std::size_t a = 0; a < keys.size(); ++a) {
        const std::string name = game_.action_name(seat, static_cast<int>(a));
        ids.push_back(table.id_of(ActionIds::identity(keys[a], name, subset), name));
    }
    return ids;
}

std::vector<int> State::legal_actions(int player) const {
    if (chance_) {
        if (player != chance_player) return {};
        std::vector<int> outcomes(static_cast<std::size_t>(chance_->outcome_count()));
        for (std::size_t i = 0; i < outcomes.size(); ++i) outcomes[i] = static_cast<int>(i);
        return outcomes;
    }
    if (player == chance_player) return {};
    check_player(player);
    std::vector<int> ids = ids_of_menu(player);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

std::vector<std::pair<int, double>> State::chance_outcomes() const {
    if (!chance_) throw UsageError("chance_outcomes(): this state is not a chance node");
    std::vector<std::pair<int, double>> outcomes;
    for (int i = 0; i < chance_->outcome_count(); ++i) outcomes.emplace_back(i, chance_->probability(i));
    return outcomes;
}

int State::menu_index(int seat, int id) const {
    const std::vector<int> ids = ids_of_menu(seat);
    const auto at = std::find(ids.begin(), ids.end(), id);
    if (at == ids.end()) {
        throw UsageError(fmt::format("action {} is not legal for player {} now (legal: {})", id, seat,
                                     fmt::join(legal_actions(seat), ", ")));
    }
    return static_cast<int>(at - ids.begin());
}

std::string State::action_to_string(int player, int action) const {
    if (player == chance_player) {
        if (!chance_) throw UsageError("action_to_string(chance): this state is not a chance node");
        return chance_->outcome_name(action);
    }
    check_player(player);
    if (!chance_ && !game_.finished()) {
        const std::vector<int> ids = ids_of_menu(player);
        const auto at = std::find(ids.begin(), ids.end(), action);
        if (at != ids.end()) return game_.action_name(player, static_cast<int>(at - ids.begin()));
    }
    if (action < 0 || action >= context_->ids().size())
        throw UsageError(fmt::format("no action {}: the ids met so far are 0 to {}", action, context_->ids().size() - 1));
    return context_->ids().name(action);
}

int State::string_to_action(int player, const std::string& name) const {
    std::vector<std::string> names;
    if (player == chance_player && chance_) {
        for (int i = 0; i < chance_->outcome_count(); ++i) {
            if (chance_->outcome_name(i) == name) return i;
        }
    } else if (player != chance_player && !chance_ && !game_.finished()) {
        check_player(player);
        const std::vector<int> ids = ids_of_menu(player);
        for (std::size_t a = 0; a < ids.size(); ++a) {
            names.push_back(game_.action_name(player, static_cast<int>(a)));
            if (names.back() == name) return ids[a];
        }
    }
    throw UsageError(fmt::format("player {} has no action named '{}' now{}", player, name,
                                 names.empty() ? "" : fmt::format(" (its actions: {})", fmt::join(names, ", "))));
}

void State::apply_action(int action) {
    if (chance_) {
        auto next = chance_->after(action);
        history_.push_back(action);
        moves_.push_back(action);
        if (auto* node = std::get_if<ChanceNode>(&next)) {
            chance_ = std::move(*node);  // the shuffle's next position
            return;
        }
        settle(resolve_ply(game_, std::get<runtime::Ply>(next), seed_));
        return;
    }
    const int player = current_player();
    if (player == terminal_player) throw UsageError("apply_action: the game is over");
    if (player == simultaneous_player)
        throw UsageError("apply_action: several players decide at once here; give one action each with apply_actions");
    std::vector<int> actions(static_cast<std::size_t>(context_->players()), -1);
    actions[static_cast<std::size_t>(player)] = action;
    apply_actions(actions);
}

void State::apply_actions(const std::vector<int>& actions) {
    if (chance_) throw UsageError("apply_actions: this is a chance node; apply_action(outcome) picks its outcome");
    if (game_.finished()) throw UsageError("apply_actions: the game is over");
    if (actions.size() != static_cast<std::size_t>(context_->players()))
        throw UsageError(fmt::format("apply_actions: one action per player ({}), not {}", context_->players(),
                                     actions.size()));
    std::vector<runtime::ActionRecord> records;
    for (const int seat : game_.to_act()) records.push_back({seat, menu_index(seat, actions[static_cast<std::size_t>(seat)])});
    for (const runtime::ActionRecord& r : records) {
        const int id = actions[static_cast<std::size_t>(r.seat)];
        const bool secret = game_.choice_is_secret(r.seat);
        taken_.push_back({r.seat, id, secret});
        history_.push_back(id);
        moves_.push_back(r.action);
        log_.hold_choice(r.seat, game_.action_name(r.seat, r.action), secret);
    }
    apply_records(records);
}

void State::apply_records(const std::vector<runtime::ActionRecord>& records) {
    const runtime::Ply ply{records, {}};
    if (explicit_chance(*context_)) return settle(resolve_ply(game_, ply, seed_));
    for (const runtime::ActionRecord& r : records) game_.apply(r.seat, r.action);
    tell_ply();
}

void State::settle(std::variant<runtime::Game, ChanceNode> resolved) {
    if (auto* node = std::get_if<ChanceNode>(&resolved)) {
        chance_.emplace(std::move(*node));
        return;
    }
    chance_.reset();
    game_ = std::move(std::get<runtime::Game>(resolved));
    tell_ply();
}

// What the table was told of the ply: the choices held, then the rules' messages.
void State::tell_ply() {
    log_.tell_held_choices(game_);
    log_.add_messages(game_.take_messages());
}

std::vector<double> State::returns() const {
    std::vector<double> values(static_cast<std::size_t>(context_->players()), 0.0);
    if (!is_terminal()) return values;
    const runtime::Results results = game_.results();
    for (std::size_t seat = 0; seat < values.size(); ++seat) {
        values[seat] = context_->request().returns == Returns::score ? static_cast<double>(results.scores[seat])
                                                                     : results.win_share(seat);
    }
    return values;
}

// The rules pay at the end only: the returns once the game is over, nothing before.
std::vector<double> State::rewards() const { return returns(); }

void State::check_observable(int player) const {
    check_player(player);
    if (chance_ && chance_->ply().actions.empty())
        throw UsageError("the start's chance outcomes are not all chosen yet: there is nothing to observe");
}

std::string State::observation_string(int player) const {
    check_observable(player);
    return runtime::view_text(game_, player);
}

std::string State::information_state_string(int player) const {
    std::string text = observation_string(player);
    for (const std::string& line : log_.readable(player)) text += "\n" + line;
    return text;
}

void State::observation_tensor(int player, float* out) const {
    check_observable(player);
    context_->layout().encode(runtime::tensor_facts(game_, player), out);
}

// The observation, then the last actions as the player was told them.
void State::information_state_tensor(int player, float* out) const {
    observation_tensor(player, out);
    context_->memory().encode(taken_, player, out + context_->layout().size());
}

std::string State::to_string() const {
    if (chance_ && chance_->ply().actions.empty()) return "(the start: its chance outcomes are being chosen)";
    std::string text = runtime::view_text(game_, -1);
    if (chance_) text += "\n(a chance node)";
    return text;
}

std::string State::serialize() const {
    if (!replayable_) throw UsageError("serialize: a state from resample_from_infostate has no past to replay");
    const nlohmann::json out{{"rules", runtime::rules_fingerprint(*context_->definition(), context_->settings())},
                             {"chance", explicit_chance(*context_) ? "explicit" : "sampled"},
                             {"seed", seed_},
                             {"moves", moves_}};
    return out.dump();
}

State State::deserialize(std::shared_ptr<GameContext> context, const std::string& text) {
    nlohmann::json in;
    try {
        in = nlohmann::json::parse(text);
        if (in.at("rules") != runtime::rules_fingerprint(*context->definition(), context->settings()))
            throw UsageError("deserialize_state: the state is of other rules, players or options than this game's");
        if (in.at("chance") != (explicit_chance(*context) ? "explicit" : "sampled"))
            throw UsageError("deserialize_state: the state was saved with chance=" + in.at("chance").dump());
        State state(std::move(context), in.at("seed").get<std::uint64_t>());
        const auto moves = in.at("moves").get<std::vector<int>>();
        for (std::size_t i = 0; i < moves.size();) {
            if (state.is_chance_node()) {
                state.apply_action(moves[i++]);
                continue;
            }
            std::vector<int> actions(static_cast<std::size_t>(state.context_->players()), -1);
            for (const int seat : state.acting_seats()) {
                if (i == moves.size()) throw UsageError("deserialize_state: the moves end in the middle of a decision");
                actions[static_cast<std::size_t>(seat)] = state.ids_of_menu(seat).at(static_cast<std::size_t>(moves[i++]));
            }
            state.apply_actions(actions);
        }
        return state;
    } catch (const nlohmann::json::exception& e) {
        throw UsageError(fmt::format("deserialize_state: not a serialized state ({})", e.what()));
    } catch (const std::out_of_range&) {
        throw UsageError("deserialize_state: a move is not one of the state's actions");
    }
}

// The game with what `player` did not see drawn or answered (numbers, other seats' secret answers) drawn again, as the
// search bot does (UnseenRedraw): the game is played again from its seed with the chance outcomes chosen at its nodes
// (Game::chance_to_replay), each step drawn until the player sees what it saw. Never the game itself when something
// is to be drawn: its true secrets are what the player may not know.
runtime::Game State::redrawn(int player, std::uint64_t seed) const {
    if (!context_->imperfect_information() || game_.finished()) return game_;
    const runtime::UnseenRedraw redraw(game_, player, true);
    if (!redraw.draws_anything()) {
        if (!redraw.replays_the_game() && !game_.history().empty()) {
            throw UsageError(fmt::format("resample_from_infostate: the game could not be played again from its seed "
                                         "and chance outcomes, so what player {} did not see cannot be drawn again",
                                         player));
        }
        return game_;  // nothing unseen was drawn or answered in secret (a copy without a past: nothing to draw)
    }
    if (auto drawn = redraw.draw(seed, resample_attempts)) return std::move(*drawn);
    throw UsageError(fmt::format("resample_from_infostate: no game drawn again fitted what player {} saw in {} attempts "
                                 "(the numbers or secret answers it did not see rarely give what it saw); try another "
                                 "rng, or resample at another state", player, resample_attempts));
}

State State::resample_from_infostate(int player, std::uint64_t seed) const {
    check_observable(player);
    if (chance_) throw UsageError("resample_from_infostate: at a chance node; resample at a decision");
    State copy = *this;
    copy.game_ = redrawn(player, seed);
    copy.game_.determinize(player, derive_seed(seed, 1));
    copy.game_.take_messages();
    // What the copy holds of the past is what `player` knows of it: no replay, the others' secret answers unknown,
    // the table's lines it read.
    copy.replayable_ = false;
    copy.history_.clear();
    copy.moves_.clear();
    for (TakenAction& t : copy.taken_) {
        if (t.secret && t.seat != player) t.id = -1;
    }
    copy.log_ = runtime::TableLog(context_->players());
    for (std::string& line : log_.readable(player)) copy.log_.add(std::move(line), {});
    return copy;
}

}  // namespace rulesrun::python
