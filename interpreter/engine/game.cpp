// The engine (game.hpp) over the compiler, the instance builder and the machine.
#include "game.hpp"

#include "spoken_names.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "card_knowledge.hpp"
#include "compiler.hpp"
#include "final_ranking.hpp"
#include "instance.hpp"
#include "machine.hpp"
#include "state_inspection.hpp"

namespace rulesrun::runtime {

// ---- the definition ----------------------------------------------------------------------------------------------

const std::string& GameDefinition::title() const { return program_->title; }
const std::string& GameDefinition::path() const { return program_->path; }
int GameDefinition::min_players() const { return program_->min_players; }
int GameDefinition::max_players() const { return program_->max_players; }
const std::vector<OptionInfo>& GameDefinition::options() const { return program_->option_infos; }
const std::vector<StatInfo>& GameDefinition::stats() const { return program_->stat_infos; }
const std::vector<StrategyInfo>& GameDefinition::strategies() const { return program_->strategy_infos; }
bool GameDefinition::has_scores() const { return program_->score >= 0; }
bool GameDefinition::cooperative() const { return program_->cooperative; }
bool GameDefinition::lowest_first() const { return !program_->rank_keys.empty() && !program_->rank_keys.front().highest; }

std::vector<ChoiceInfo> GameDefinition::choices() const {
    const Program& p = *program_;
    std::vector<ChoiceInfo> out(p.choice_points.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i].name = p.choice_points[i].name;
    const auto add_prompt = [&p](ChoiceInfo& info, std::int32_t prompt) {
        if (prompt < 0) return;
        const Expr& e = p.exprs[static_cast<std::size_t>(prompt)];
        std::string text;
        if (e.op == ExprOp::text_constant) {
            text = p.texts[static_cast<std::size_t>(e.a)];
        } else if (e.op == ExprOp::interpolate) {
            const Template& t = p.templates[static_cast<std::size_t>(e.a)];
            for (std::size_t i = 0; i < t.pieces.size(); ++i) text += t.pieces[i] + (i < t.holes.size() ? "{...}" : "");
        } else {
            return;
        }
        for (const auto& known : info.prompts) {
            if (known.text == text) return;
        }
        info.prompts.push_back({std::move(text), e.loc});
    };
    for (const Choice& c : p.choices) {
        if (c.choice_point < 0 || static_cast<std::size_t>(c.choice_point) >= out.size()) continue;
        ChoiceInfo& info = out[static_cast<std::size_t>(c.choice_point)];
        add_prompt(info, c.prompt);
        info.subset = info.subset || c.subset;
        info.secret = info.secret || c.secret;
        info.simultaneous = info.simultaneous || c.simultaneous_slot >= 0;
    }
    for (const Menu& m : p.menus) {
        if (m.choice_point < 0 || static_cast<std::size_t>(m.choice_point) >= out.size()) continue;
        ChoiceInfo& info = out[static_cast<std::size_t>(m.choice_point)];
        add_prompt(info, m.prompt);
        info.menu = true;
        info.secret = info.secret || m.secret;
        for (std::size_t i = 0; i < m.options.size(); ++i) {
            const bool known = std::any_of(info.options.begin(), info.options.end(),
                                           [&](const ChoiceInfo::Option& o) { return o.name == m.options[i]; });
            if (!known) info.options.push_back({m.options[i], i < m.descriptions.size() ? m.descriptions[i] : ""});
        }
    }
    return out;
}

std::pair<int, int> GameDefinition::option_players(std::size_t option) const {
    if (option >= program_->options.size()) return {0, 0};
    const OptionDecl& o = program_->options[option];
    return {o.min_players, o.max_players};
}

LoadedGame load_game(const std::string& path) {
    LoadedGame out;
    auto program = compile_rules_file(path, out.sources, out.diagnostics);
    if (program) {
        prepare_to_run(*program);
        out.game = std::make_shared<GameDefinition>(std::move(program));
    }
    return out;
}

// ---- a game ------------------------------------------------------------------------------------------------------

Game::Game(std::shared_ptr<const GameDefinition> definition, const ResolvedSettings& settings, bool keep_messages)
    : definition_(std::move(definition)), settings_(settings) {
    auto instance = build_instance(definition_->program(), settings_);
    state_ = std::make_unique<StateData>(instance->initial);
    state_->instance = std::move(instance);
    state_->keep_messages = keep_messages;
    restart(settings_.seed);
}

Game::Game(const Game& other)
    : definition_(other.definition_), settings_(other.settings_), state_(std::make_unique<StateData>(*other.state_)) {}

Game& Game::operator=(const Game& other) {
    if (this != &other) {
        definition_ = other.definition_;
        settings_ = other.settings_;
        *state_ = *other.state_;
    }
    return *this;
}

Game::Game(Game&&) noexcept = default;
Game& Game::operator=(Game&&) noexcept = default;
Game::~Game() = default;

void Game::restart(std::uint64_t seed) { restart(seed, {}); }

void Game::restart(std::uint64_t seed, std::vector<ForcedChance> forced) {
    settings_.seed = seed;
    auto instance = state_->instance;
    const bool keep = state_->keep_messages, knowledge = state_->knowledge_kept;
    ChanceRedraw* const chance_redraw = state_->chance_redraw;
    const std::size_t cap = state_->action_cap;
    *state_ = instance->initial;
    state_->action_cap = cap;
    state_->chance_redraw = chance_redraw;
    state_->instance = std::move(instance);
    state_->keep_messages = keep;
    state_->knowledge_kept = knowledge;
    state_->rng = Rng(seed);
    state_->forced = std::move(forced);
    Machine(definition_->program(), *state_).start();
}

void Game::force_chance(const std::vector<ForcedChance>& more) {
    state_->forced.insert(state_->forced.end(), more.begin(), more.end());
}

std::vector<ForcedChance> Game::forced_chance_left() const {
    return {state_->forced.begin() + static_cast<std::ptrdiff_t>(state_->forced_next), state_->forced.end()};
}

ChanceProbe Game::probed_chance() const { return state_->probed; }

std::vector<ForcedChance> Game::chance_to_replay() const {
    std::vector<ForcedChance> chance = state_->forced_used;
    const auto left = forced_chance_left();
    chance.insert(chance.end(), left.begin(), left.end());
    return chance;
}

void Game::follow_chance_of(const Game& played) {
    auto chance = played.chance_to_replay();
    const std::size_t used = std::min(state_->forced_used.size(), chance.size());
    state_->forced.assign(chance.begin() + static_cast<std::ptrdiff_t>(used), chance.end());
    state_->forced_next = 0;
}

void Game::drop_forced_chance() {
    state_->forced.clear();
    state_->forced_next = 0;
    state_->probed = {};
}

void Game::keep_messages(bool keep) { state_->keep_messages = keep; }
void Game::redraw_chance(ChanceRedraw* numbers) { state_->chance_redraw = numbers; }

void Game::keep_knowledge(bool keep) {
    if (keep && !state_->knowledge_kept && state_->instance->tracks_knowledge) forget_all_but(*state_, 0);
    state_->knowledge_kept = keep;
}

std::vector<Message> Game::take_messages() {
    std::vector<Message> out;
    out.swap(state_->messages);
    return out;
}

std::string Game::seat_name(int seat) const {
    return inspect(*state_, [&](Machine& m) { return m.seat_name(seat); });
}

bool Game::finished() const { return state_->finished; }

std::vector<int> Game::to_act() const {
    std::vector<int> seats;
    to_act(seats);
    return seats;
}

void Game::to_act(std::vector<int>& seats) const {
    seats.clear();
    const std::vector<Pending>& pending = state_->pending;
    if (pending.size() == 1) {  // most decisions: one seat's
        if (pending.front().answer < 0) seats.push_back(pending.front().seat);
        return;
    }
    for (const Pending& d : pending) {
        if (d.answer < 0) seats.push_back(d.seat);
    }
    if (!std::is_sorted(seats.begin(), seats.end())) std::sort(seats.begin(), seats.end());  // usually they are
    seats.erase(std::unique(seats.begin(), seats.end()), seats.end());
}

namespace {

const Pending& pending_for(const StateData& s, int seat) {
    for (const Pending& d : s.pending) {
        if (d.seat == seat && d.answer < 0) return d;
    }
    throw UsageError(fmt::format("seat {} has nothing to decide now", seat + 1));
}

// The option behind action `action` of a pending decision (a menu option's index, or the chosen value).
Value pending_option(const StateData& s, const Pending& d, int action) {
    if (action < 0 || action >= d.options_count) throw UsageError(fmt::format("no action {}", action));
    return s.pending_options[static_cast<std::size_t>(d.options_begin + action)];
}

bool is_secret(const Program& p, const Pending& d) {
    return d.menu >= 0 ? p.menus[static_cast<std::size_t>(d.menu)].secret : p.choices[static_cast<std::size_t>(d.choice)].secret;
}

}  // namespace

int Game::action_count(int seat) const { return pending_for(*state_, seat).options_count; }

std::string Game::action_name(int seat, int action) const {
    const Pending& d = pending_for(*state_, seat);
    const Value option = pending_option(*state_, d, action);
    const Program& p = definition_->program();
    if (d.menu >= 0) return spoken_name(p.menus[static_cast<std::size_t>(d.menu)].options[static_cast<std::size_t>(option)]);
    const Choice& ch = p.choices[static_cast<std::size_t>(d.choice)];
    return inspect(*state_, [&](Machine& m) -> std::string {
        if (!ch.subset) return option == none_value ? "pass" : m.show(option, ch.option_type);
        std::string out;
        for (Value i = 0; i < state_->heap[static_cast<std::size_t>(option)]; ++i) {
            if (!out.empty()) out += " + ";
            out += m.show(state_->heap[static_cast<std::size_t>(option + 1 + i)], ch.option_type);
        }
        return out.empty() ? (ch.optional ? "pass" : "nothing") : out;
    });
}

std::string Game::action_description(int seat, int action) const {
    const Pending& d = pending_for(*state_, seat);
    const Value option = pending_option(*state_, d, action);
    if (d.menu < 0) return "";
    const Menu& menu = definition_->program().menus[static_cast<std::size_t>(d.menu)];
    const std::int32_t text = menu.description_texts[static_cast<std::size_t>(option)];
    if (text < 0) return menu.descriptions[static_cast<std::size_t>(option)];
    // `"draw {n} cards"`: read in the frame of the rule that asks, as it is now (the locals it names are there).
    return inspect(*state_, [&](Machine& m) { return m.text_in_frame(text, d.frame_base); });
}

std::string Game::action_mark(int seat, int action) const {
    const Pending& d = pending_for(*state_, seat);
    const Value option = pending_option(*state_, d, action);
    if (d.menu >= 0) return "";
    const Program& p = definition_->program();
    const Choice& ch = p.choices[static_cast<std::size_t>(d.choice)];
    if (ch.subset || ch.option_type < 0) return "";
    const ValueType& type = p.type(ch.option_type);
    std::int32_t mark = -1;
    if (type.kind == ValueKind::record) mark = p.record_types[static_cast<std::size_t>(type.id)].marked_by;
    if (type.kind == ValueKind::card) mark = p.card_types[static_cast<std::size_t>(type.id)].marked_by;
    if (mark < 0 || option == none_value) return "";
    return inspect(*state_, [&](Machine& m) { return m.text_of(m.call_value(mark, -1, option)); });
}

std::string Game::choice_name(int seat) const {
    const Pending& d = pending_for(*state_, seat);
    const Program& p = definition_->program();
    return d.menu >= 0 ? p.menus[static_cast<std::size_t>(d.menu)].name : p.choices[static_cast<std::size_t>(d.choice)].name;
}

bool Game::choice_is_secret(int seat) const { return is_secret(definition_->program(), pending_for(*state_, seat)); }

bool Game::choice_is_subset(int seat) const {
    const Pending& d = pending_for(*state_, seat);
    return d.menu < 0 && definition_->program().choices[static_cast<std::size_t>(d.choice)].subset;
}

std::string Game::choice_origin(int seat) const {
    const Pending& d = pending_for(*state_, seat);
    const Program& p = definition_->program();
    std::int32_t expr = -1;
    if (d.menu >= 0) {
        const Menu& m = p.menus[static_cast<std::size_t>(d.menu)];
        expr = m.prompt >= 0 ? m.prompt : m.chooser;
    } else {
        const Choice& c = p.choices[static_cast<std::size_t>(d.choice)];
        expr = c.prompt >= 0 ? c.prompt : c.chooser;
    }
    return inspect(*state_, [&](Machine& m) { return m.where(p.expr(expr).loc); });
}

std::string Game::prompt(int seat) const {
    const Pending& d = pending_for(*state_, seat);
    const auto k = static_cast<std::size_t>(&d - state_->pending.data());
    return k < state_->prompts.size() ? state_->prompts[k] : choice_name(seat) + "?";
}

void Game::apply(int seat, int action) {
    if (state_->finished) throw UsageError("the game is over");
    const Pending& found = pending_for(*state_, seat);
    if (action < 0 || action >= found.options_count) {
        throw UsageError(fmt::format("action {} does not exist: there are {} (0 to {})", action, found.options_count,
                                     found.options_count - 1));
    }
    if (state_->history.size() >= max_actions_per_game) {
        throw RuleError(fmt::format("the game has not ended after {} actions: does it go on forever? It is asking the "
                                    "decision at {} again",
                                    max_actions_per_game, choice_origin(seat)));
    }
    if (is_secret(definition_->program(), found)) state_->secret_answerers |= seat_bit(seat);
    auto& d = const_cast<Pending&>(found);
    d.answer = action;
    state_->history.push_back({seat, action});
    const bool everyone = std::all_of(state_->pending.begin(), state_->pending.end(), [](const Pending& x) { return x.answer >= 0; });
    if (everyone) {
        Machine(definition_->program(), *state_).resume_with_answers();
        end_if_too_long();
    }
}

// A length limit is reached where the game would ask its next decision (so a simultaneous decision is whole).
void Game::end_if_too_long() {
    if (state_->finished) return;
    const std::size_t taken = state_->history.size();
    const auto rules_limit = static_cast<std::size_t>(definition_->program().action_limit.actions);
    const bool by_rules = rules_limit > 0 && taken >= rules_limit;
    if (by_rules || (state_->action_cap > 0 && taken >= state_->action_cap)) {
        Machine(definition_->program(), *state_).end_at_length_limit(by_rules);
    }
}

void Game::cap_actions(std::size_t actions) { state_->action_cap = actions; }
bool Game::ended_at_rules_limit() const { return state_->ended_at_limit == StateData::LengthLimit::rules; }
bool Game::stopped_at_cap() const { return state_->ended_at_limit == StateData::LengthLimit::cap; }

const std::vector<ActionRecord>& Game::history() const { return state_->history; }

bool Game::others_answered_in_secret(int seat) const { return (state_->secret_answerers & ~seat_bit(seat)) != 0; }
const std::vector<StatSample>& Game::samples() const { return state_->samples; }
std::int64_t Game::steps() const { return state_->steps; }

std::size_t Game::state_values() const {
    const StateData& s = *state_;
    return s.slots.size() + s.heap.size() + s.zone_cards.size() + s.zone_start.size() + s.zone_size.size() + s.card_zone.size() +
           s.card_pos.size() + s.locals.size() + 3 * s.frames.size() + s.pending_options.size();
}

// The outcome the machine recorded, read as the language defines it: a competitive game that every player won is
// a draw; in a cooperative game any winner makes every player a winner. Winners rank first, the others follow.
void Game::scores_now(std::vector<std::int32_t>& scores) const {
    scores.clear();
    const Program& program = definition_->program();
    if (program.score < 0) return;
    inspect(*state_, [&](Machine& m) {
        for (int seat = 0; seat < players(); ++seat) scores.push_back(static_cast<std::int32_t>(m.call_value(program.score, -1, seat)));
    });
}

Results Game::results() const {
    if (!state_->finished) throw UsageError("the game is not over yet");
    const StateData& s = *state_;
    const Program& program = definition_->program();
    Results r;
    const auto n = static_cast<std::size_t>(players());
    r.scores.assign(s.final_scores.begin(), s.final_scores.end());
    r.ranks.assign(n, 1);
    r.winners.assign(n, false);
    r.cooperative = program.cooperative;
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++i) count += s.final_winners[i] != 0;
    r.draw = s.final_draw || (!r.cooperative && n > 1 && count == n);
    if (r.draw) return r;
    for (std::size_t i = 0; i < n; ++i) r.winners[i] = r.cooperative ? count > 0 : s.final_winners[i] != 0;
    if (r.cooperative) count = count > 0 ? n : 0;
    r.everybody_loses = count == 0;
    r.shared_win = !r.cooperative && count > 1;
    if (r.cooperative) return r;
    for (std::size_t i = 0; i < n; ++i) {
        if (r.winners[i]) continue;
        r.ranks[i] += static_cast<int>(count);
        for (std::size_t j = 0; j < n; ++j) r.ranks[i] += !r.winners[j] && ranks_before(program, s, j, i);
    }
    return r;
}

std::vector<std::int32_t> Game::preferences(int strategy, int seat) const {
    std::vector<std::int32_t> scores;
    preferences(strategy, seat, scores);
    return scores;
}

void Game::preferences(int strategy, int seat, std::vector<std::int32_t>& scores) const {
    scores.clear();
    const Pending& d = pending_for(*state_, seat);
    const Program& p = definition_->program();
    const Strategy& st = p.strategies.at(static_cast<std::size_t>(strategy));
    const int point = d.menu >= 0 ? p.menus[static_cast<std::size_t>(d.menu)].choice_point
                                  : p.choices[static_cast<std::size_t>(d.choice)].choice_point;
    const std::int32_t rule = static_cast<std::size_t>(point) < st.prefer.size() ? st.prefer[static_cast<std::size_t>(point)] : -1;
    if (rule < 0) return;
    // A strategy sees only what its seat may see: it scores the options on one possible truth behind that view,
    // dealt from a seed the seat knows too (the number of actions so far), so equal views give equal preferences.
    thread_local std::unique_ptr<Game> guess;  // kept: simulations ask at every decision, and should not allocate
    if (!guess) guess = std::make_unique<Game>(*this);
    else *guess = *this;
    guess->determinize(seat, state_->history.size());
    const StateData& g = *guess->state_;
    const Pending& options = pending_for(g, seat);
    inspect(g, [&](Machine& m) {
        m.me_ = seat;
        for (std::int32_t i = 0; i < options.options_count; ++i) {
            m.choice_ = g.pending_options[static_cast<std::size_t>(options.options_begin + i)];
            scores.push_back(m.call_value(rule, -1, 0));
        }
        return 0;
    });
}

std::uint64_t Game::chance_mark() const { return state_->rng.fingerprint(); }

bool operator==(const Game& a, const Game& b) {
    const StateData& x = *a.state_;
    const StateData& y = *b.state_;
    auto same_pending = [](const Pending& p, const Pending& q) {
        return p.seat == q.seat && p.choice == q.choice && p.menu == q.menu && p.options_begin == q.options_begin &&
               p.options_count == q.options_count && p.answer == q.answer;
    };
    auto same_frames = [](const Frame& f, const Frame& g) { return f.callable == g.callable && f.pc == g.pc && f.base == g.base; };
    auto same_samples = [](const StatSample& s, const StatSample& t) { return s.stat == t.stat && s.seat == t.seat && s.value == t.value; };
    auto same_history = [](const ActionRecord& r, const ActionRecord& t) { return r.seat == t.seat && r.action == t.action; };
    return a.definition_ == b.definition_ && x.slots == y.slots && x.heap == y.heap && x.zone_cards == y.zone_cards &&
           x.zone_start == y.zone_start && x.zone_size == y.zone_size && x.card_zone == y.card_zone && x.card_pos == y.card_pos &&
           x.card_known == y.card_known && x.card_window == y.card_window && x.told == y.told &&
           std::equal(x.frames.begin(), x.frames.end(), y.frames.begin(), y.frames.end(), same_frames) &&
           x.locals == y.locals && std::equal(x.pending.begin(), x.pending.end(), y.pending.begin(), y.pending.end(), same_pending) &&
           x.pending_options == y.pending_options && x.rng == y.rng && x.forced == y.forced &&
           x.forced_next == y.forced_next && x.finished == y.finished &&
           x.play_started == y.play_started && x.final_scores == y.final_scores && x.final_winners == y.final_winners &&
           x.final_rank_keys == y.final_rank_keys && x.final_draw == y.final_draw &&
           std::equal(x.samples.begin(), x.samples.end(), y.samples.begin(), y.samples.end(), same_samples) &&
           std::equal(x.history.begin(), x.history.end(), y.history.begin(), y.history.end(), same_history);
}

}  // namespace rulesrun::runtime
