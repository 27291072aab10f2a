// The parameters of the search bot, read from a bot list entry such as "mcts:iterations=2000,c=0.7".
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "mcts.hpp"

namespace rulesrun {

namespace {

const char* const known_parameters = "iterations, time, c, score, seed, playout, prior, epsilon, memory, cutoff, rave, temperature, reuse, solver, ngram, chance";

template <class Number>
Number parse_number(const std::string& key, const std::string& text, Number low, Number high, const char* kind) {
    Number value{};
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end || !(value >= low && value <= high)) {
        throw BotListError(fmt::format("bot 'mcts': parameter '{}' must be {} from {} to {} (got '{}')", key, kind,
                                       low, high, text));
    }
    return value;
}

}  // namespace

int playout_strategy(const std::vector<std::pair<std::string, std::string>>& parameters,
                     const std::vector<runtime::StrategyInfo>& strategies) {
    for (const auto& [key, value] : parameters) {
        if (key != "playout" || value == "random") continue;
        for (std::size_t i = 0; i < strategies.size(); ++i) {
            if (strategies[i].name == value) return static_cast<int>(i);
        }
        std::string known = "random";
        for (const auto& s : strategies) known += ", " + s.name;
        throw BotListError(fmt::format("bot 'mcts': parameter 'playout' names no strategy of the game: '{}' (known: {})",
                                       value, known));
    }
    return -1;
}

MctsSettings parse_mcts_settings(const std::vector<std::pair<std::string, std::string>>& parameters,
                                 int playout_strategy) {
    MctsSettings settings;
    settings.playout_strategy = playout_strategy;
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        const auto& [key, value] = parameters[i];
        for (std::size_t j = 0; j < i; ++j) {
            if (parameters[j].first == key) throw BotListError(fmt::format("bot 'mcts': parameter '{}' is given twice", key));
        }
        if (key == "iterations") {
            settings.iterations = parse_number(key, value, 1, 100'000'000, "a whole number");
        } else if (key == "time") {
            settings.seconds = parse_number(key, value, 0.001, 3600.0, "a number of seconds");
        } else if (key == "c") {
            settings.exploration = parse_number(key, value, 0.0, 100.0, "a number");
        } else if (key == "score") {
            settings.score_weight = parse_number(key, value, 0.0, 1.0, "a number");
        } else if (key == "prior") {
            settings.prior = parse_number(key, value, 0.0, 1.0, "a number");
        } else if (key == "playout") {
            // a strategy is resolved against the game's by playout_strategy()
            settings.random_playouts = value == "random";
        } else if (key == "temperature") {
            settings.temperature = parse_number(key, value, 0.0, 100.0, "a number");
        } else if (key == "reuse") {
            settings.reuse = parse_number(key, value, 0, 1, "0 or 1") == 1;
        } else if (key == "solver") {
            settings.solver = parse_number(key, value, 0, 1, "0 or 1") == 1;
        } else if (key == "rave") {
            settings.rave = parse_number(key, value, 0.0, 1e9, "a number");
        } else if (key == "chance") {
            settings.chance_keys = parse_number(key, value, 0, 1, "0 or 1") == 1;
        } else if (key == "ngram") {
            settings.ngram = parse_number(key, value, 0, 1'000'000, "a whole number");
        } else if (key == "cutoff") {
            settings.cutoff = parse_number(key, value, 0, 1'000'000, "a whole number");
        } else if (key == "memory") {
            settings.memory = parse_number(key, value, 0.0, 1.0, "a number");
        } else if (key == "epsilon") {
            settings.epsilon = parse_number(key, value, 0.0, 1.0, "a number");
        } else if (key == "seed") {
            settings.seed = parse_number<std::uint64_t>(key, value, 0, UINT64_MAX, "a whole number");
        } else {
            throw BotListError(fmt::format("bot 'mcts' has no parameter '{}' (its parameters: {})", key, known_parameters));
        }
    }
    return settings;
}

}  // namespace rulesrun
