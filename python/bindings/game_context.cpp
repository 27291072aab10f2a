#include "game_context.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rulesrun::python {

namespace {

std::shared_ptr<const runtime::GameDefinition> load_definition(const std::string& path) {
    auto loaded = runtime::load_game(path);
    if (loaded.game) return loaded.game;
    std::string text = fmt::format("{}: the rules file has errors:\n", path);
    for (const auto& d : loaded.diagnostics) text += render_diagnostic(loaded.sources, d, false);
    throw LoadError(text);
}

// The seed of discovery game i: fixed, so that ids and layout are the same in every process.
std::uint64_t discovery_seed(int game) { return derive_seed(0x646973636f766572ULL, static_cast<std::uint64_t>(game)); }

// A value shown as "secret", or a zone with cards of which none is shown.
bool hides_something(const std::vector<ViewFact>& facts) {
    for (std::size_t i = 0; i < facts.size(); ++i) {
        const ViewFact& fact = facts[i];
        if (fact.kind == ViewFact::Kind::value && fact.value == "secret") return true;
        const bool zone_count = fact.name.ends_with(": count") && i + 1 < facts.size() &&
                                facts[i + 1].name.ends_with(": cards");
        if (zone_count && fact.value != "0" && facts[i + 1].items.empty()) return true;
    }
    return false;
}

}  // namespace

GameContext::GameContext(const LoadRequest& request)
    : request_(request), definition_(load_definition(request.path)) {
    if (request.discovery_games < 1 || request.discovery_decisions < 1)
        throw runtime::UsageError(fmt::format("discovery_games and discovery_decisions must be 1 or more, not {} and {}",
                                              request.discovery_games, request.discovery_decisions));
    settings_ = runtime::resolve_settings(*definition_, {request.players, request.options, 1});
    action_space_ = new_game(1).action_space();
    if (action_space_.bounded() && action_space_.count > most_action_ids) {
        action_space_.unbounded = fmt::format("{}: {} actions, more than an id (an int) can number", request.path,
                                              action_space_.count);
        action_space_.count = 0;
    }
    discover();
}

runtime::Game GameContext::new_game(std::uint64_t seed) const {
    auto settings = settings_;
    settings.seed = seed;
    return runtime::Game(definition_, settings, true);
}

// Random games from fixed seeds, until either budget is spent.
void GameContext::discover() {
    TensorLayoutBuilder layout;
    int decisions = 0;
    int longest = 1;
    for (int g = 0; g < request_.discovery_games && decisions < request_.discovery_decisions; ++g)
        longest = std::max(longest, discover_game(discovery_seed(g), layout, decisions));
    for (const auto& choice : definition_->choices()) imperfect_information_ = imperfect_information_ || choice.secret;
    layout_ = layout.finish();
    discovered_ids_ = ids_.size();
    memory_ = ActionMemory(players(), num_distinct_actions(), std::min(longest, most_remembered_actions));
}

// One random game: every action offered gets its id, every seat's view at every decision and at the end goes into the
// layout. Returns the actions it took.
int GameContext::discover_game(std::uint64_t seed, TensorLayoutBuilder& layout, int& decisions) {
    runtime::Game game = new_game(seed);
    game.keep_knowledge(false);
    Rng rng(seed);
    std::vector<std::uint64_t> keys;
    while (!game.finished() && decisions < request_.discovery_decisions) {
        see_views(game, layout);
        for (const int seat : game.to_act()) {
            game.action_keys(seat, keys);
            if (keys.empty()) throw runtime::RuleError(fmt::format("{} is to act with no action", game.seat_name(seat)));
            for (std::size_t a = 0; a < keys.size(); ++a) {
                const std::string name = game.action_name(seat, static_cast<int>(a));
                ids_.id_of(ActionIds::identity(keys[a], name, game.choice_is_subset(seat)), name);
            }
            ++decisions;
            game.apply(seat, static_cast<int>(rng.below(static_cast<std::uint32_t>(keys.size()))));
        }
        game.take_messages();
    }
    if (game.finished()) see_views(game, layout);
    return static_cast<int>(game.history().size());
}

void GameContext::see_views(const runtime::Game& game, TensorLayoutBuilder& layout) {
    for (int seat = 0; seat < players(); ++seat) {
        const auto facts = runtime::tensor_facts(game, seat);
        imperfect_information_ = imperfect_information_ || hides_something(facts);
        layout.add(facts);
    }
}

bool GameContext::simultaneous() const {
    for (const auto& choice : definition_->choices()) {
        if (choice.simultaneous) return true;
    }
    return false;
}

std::optional<int> GameContext::max_game_length(std::int64_t max_nodes) {
    if (max_length_ || max_nodes <= length_tried_nodes_) return max_length_;
    length_tried_nodes_ = max_nodes;
    try {
        SolverTreeOptions options;
        options.max_nodes = max_nodes;
        max_length_ = build_solver_tree(definition_, settings_, options).depth;
    } catch (const SolveRefused&) {
        max_length_.reset();
    } catch (const runtime::RuleError&) {
        max_length_.reset();
    }
    return max_length_;
}

}  // namespace rulesrun::python
