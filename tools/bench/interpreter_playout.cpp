#include "interpreter_playout.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace rulesrun::bench {

namespace {

// A random game still going after this many decisions is taken to be endless.
constexpr std::int64_t max_decisions_per_game = 10'000'000;

runtime::ResolvedSettings settings_for(const runtime::GameDefinition& definition, int players,
                                       const std::vector<std::pair<std::string, std::string>>& options) {
    runtime::Settings settings;
    settings.players = players;
    settings.options = options;
    return runtime::resolve_settings(definition, settings);
}

int find_stat(const runtime::GameDefinition& definition, const std::string& name) {
    if (name.empty()) return -1;
    const auto& stats = definition.stats();
    for (std::size_t i = 0; i < stats.size(); ++i)
        if (stats[i].name == name) return static_cast<int>(i);
    throw std::runtime_error(fmt::format("{} declares no statistic '{}'", definition.path(), name));
}

}  // namespace

std::shared_ptr<const runtime::GameDefinition> load_rules(const std::string& path) {
    runtime::LoadedGame loaded = runtime::load_game(path);
    if (loaded.game) return loaded.game;
    std::string message = fmt::format("{} has errors:", path);
    for (const Diagnostic& d : loaded.diagnostics)
        if (d.severity == Severity::error) message += "\n" + render_diagnostic(loaded.sources, d, false);
    throw std::runtime_error(message);
}

InterpreterPlayout::InterpreterPlayout(std::shared_ptr<const runtime::GameDefinition> definition, int players,
                                       const std::string& length_stat,
                                       const std::vector<std::pair<std::string, std::string>>& options)
    : definition_(definition), game_(definition, settings_for(*definition, players, options)),
      length_stat_name_(length_stat), options_(options),
      length_stat_(find_stat(*definition, length_stat)) {
    game_.keep_knowledge(false);  // a random bot never determinizes: nobody reads what the seats know
}

InterpreterPlayout InterpreterPlayout::on(std::shared_ptr<const runtime::GameDefinition> definition) const {
    return {std::move(definition), game_.players(), length_stat_name_, options_};
}

GameOutcome InterpreterPlayout::operator()(std::uint64_t seed) {
    try {
        game_.restart(seed);
        Rng bot = random_bot_rng(seed);
        const std::int64_t decisions = play_out(bot);
        return {decisions, length_stat_ < 0 ? decisions : length_stat_total()};
    } catch (const runtime::RuleError& e) {
        throw std::runtime_error(fmt::format("{}, game of seed {}: {}", game_.definition().path(), seed, e.what()));
    }
}

// Every seat to act draws its action in seat order; returns the decisions made.
std::int64_t InterpreterPlayout::play_out(Rng& bot) {
    std::int64_t decisions = 0;
    while (!game_.finished()) {
        game_.to_act(seats_);
        if (seats_.empty()) throw runtime::RuleError("the game is not finished but nobody is to act");
        for (const int seat : seats_)
            game_.apply(seat, static_cast<int>(bot.below(static_cast<std::uint32_t>(game_.action_count(seat)))));
        decisions += static_cast<std::int64_t>(seats_.size());
        if (decisions > max_decisions_per_game)
            throw runtime::RuleError(fmt::format("no end after {} decisions", max_decisions_per_game));
    }
    return decisions;
}

std::int64_t InterpreterPlayout::length_stat_total() const {
    std::int64_t total = 0;
    for (const runtime::StatSample& sample : game_.samples())
        if (sample.stat == length_stat_) total += sample.value;
    return total;
}

}  // namespace rulesrun::bench
