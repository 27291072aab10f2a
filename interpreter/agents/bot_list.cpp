// Parsing of bot lists ("human,random,cautious", "mcts:iterations=2000,c=1.4,random").
#include <fmt/format.h>

#include "bots.hpp"
#include "mcts.hpp"

namespace rulesrun {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split(std::string_view s, char separator) {
    std::vector<std::string_view> parts;
    for (;;) {
        const auto at = s.find(separator);
        parts.push_back(trim(s.substr(0, at)));
        if (at == std::string_view::npos) return parts;
        s.remove_prefix(at + 1);
    }
}

std::string known_list(const std::vector<runtime::StrategyInfo>& strategies, bool allow_human) {
    return fmt::format("{}", fmt::join(known_bot_names(strategies, allow_human), ", "));
}

// Adds "key=value" to the entry's parameters.
void add_parameter(BotSpec& spec, std::string_view text) {
    const auto at = text.find('=');
    const auto key = trim(text.substr(0, at));
    if (at == std::string_view::npos || key.empty())
        throw BotListError(fmt::format("bot parameter '{}' of '{}' is not written key=value", text, spec.name));
    spec.parameters.emplace_back(std::string(key), std::string(trim(text.substr(at + 1))));
}

// Names the bot of an entry (its kind and strategy), or throws.
void identify(BotSpec& spec, const std::vector<runtime::StrategyInfo>& strategies, bool allow_human) {
    if (spec.name == "human") {
        if (!allow_human)
            throw BotListError(fmt::format("'human' can only play in 'rulesrun play' (known bots: {})",
                                           known_list(strategies, false)));
        spec.kind = BotKind::human;
        return;
    }
    if (spec.name == "random") {
        spec.kind = BotKind::random;
        return;
    }
    if (spec.name == "mcts") {
        spec.kind = BotKind::mcts;
        return;
    }
    for (std::size_t i = 0; i < strategies.size(); ++i) {
        if (strategies[i].name == spec.name) {
            spec.kind = BotKind::strategy;
            spec.strategy = static_cast<int>(i);
            return;
        }
    }
    throw BotListError(fmt::format("unknown bot '{}' (known bots: {})", spec.name, known_list(strategies, allow_human)));
}

// Only the search bot takes parameters; its playout strategy is named by the game.
void check_parameters(BotSpec& spec, const std::vector<runtime::StrategyInfo>& strategies) {
    if (spec.kind == BotKind::mcts) {
        spec.strategy = playout_strategy(spec.parameters, strategies);
        parse_mcts_settings(spec.parameters, spec.strategy);
        return;
    }
    if (spec.parameters.empty()) return;
    throw BotListError(fmt::format("bot '{}' takes no parameters (got '{}')", spec.name, spec.text()));
}

}  // namespace

std::string BotSpec::text() const {
    std::string out = name;
    for (std::size_t i = 0; i < parameters.size(); ++i)
        out += fmt::format("{}{}={}", i == 0 ? ":" : ",", parameters[i].first, parameters[i].second);
    return out;
}

std::vector<std::string> known_bot_names(const std::vector<runtime::StrategyInfo>& strategies, bool allow_human) {
    std::vector<std::string> names;
    if (allow_human) names.emplace_back("human");
    names.emplace_back("random");
    names.emplace_back("mcts");
    for (const auto& s : strategies)
        if (s.name != "random" && s.name != "mcts") names.push_back(s.name);
    return names;
}

// Entries are separated by commas; a piece with '=' and no ':' before it is one more parameter of the entry before.
std::vector<BotSpec> parse_bot_list(std::string_view list, const std::vector<runtime::StrategyInfo>& strategies,
                                    bool allow_human) {
    std::vector<BotSpec> specs;
    for (const auto piece : split(list, ',')) {
        const auto colon = piece.find(':');
        const auto equals = piece.find('=');
        if (equals != std::string_view::npos && (colon == std::string_view::npos || equals < colon)) {
            if (specs.empty() || specs.back().parameters.empty())
                throw BotListError(fmt::format("'{}' in the bot list '{}' is a parameter but follows no 'NAME:' entry",
                                               piece, list));
            add_parameter(specs.back(), piece);
            continue;
        }
        BotSpec spec;
        spec.name = std::string(trim(piece.substr(0, colon)));
        if (spec.name.empty())
            throw BotListError(fmt::format("the bot list '{}' has an empty entry (known bots: {})", list,
                                           known_list(strategies, allow_human)));
        if (colon != std::string_view::npos) add_parameter(spec, piece.substr(colon + 1));
        specs.push_back(std::move(spec));
    }
    for (auto& spec : specs) {
        identify(spec, strategies, allow_human);
        check_parameters(spec, strategies);
    }
    return specs;
}

}  // namespace rulesrun
