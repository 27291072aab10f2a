// Parsing of bot lists ("human,random,cautious", "mcts:iterations=2000,c=1.4,random", exec:"python3 bot.py",random).
#include <fmt/format.h>

#include "bots.hpp"
#include "exec_bot.hpp"
#include "mcts.hpp"

namespace rulesrun {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

constexpr std::string_view exec_prefix = "exec:";

// Where the closing quote of an `exec:"COMMAND"` entry starting at `start` is: the first quote after the opening one
// that only spaces separate from a comma or from the end of the list (so the command may hold commas, and quotes
// elsewhere). npos when the entry is not a quoted exec entry.
std::size_t closing_quote(std::string_view list, std::size_t start) {
    const auto entry = list.find_first_not_of(" \t", start);
    if (entry == std::string_view::npos || list.substr(entry, exec_prefix.size()) != exec_prefix)
        return std::string_view::npos;
    const auto open = list.find_first_not_of(" \t", entry + exec_prefix.size());
    if (open == std::string_view::npos || list[open] != '"') return std::string_view::npos;
    for (auto quote = list.find('"', open + 1); quote != std::string_view::npos; quote = list.find('"', quote + 1)) {
        const auto next = list.find_first_not_of(" \t", quote + 1);
        if (next == std::string_view::npos || list[next] == ',') return quote;
    }
    throw BotListError(fmt::format("the command of '{}' in the bot list has no closing quote (a quote followed by a "
                                   "comma or by the end of the list)", trim(list.substr(entry))));
}

// The list's entries, split at its commas but those inside an exec entry's quoted command.
std::vector<std::string_view> split_entries(std::string_view list) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (;;) {
        const auto quote = closing_quote(list, start);
        const auto comma = list.find(',', quote == std::string_view::npos ? start : quote);
        parts.push_back(trim(list.substr(start, comma == std::string_view::npos ? comma : comma - start)));
        if (comma == std::string_view::npos) return parts;
        start = comma + 1;
    }
}

// `exec:COMMAND` or `exec:"COMMAND"`: the command without its quotes.
BotSpec exec_entry(std::string_view piece) {
    auto command = trim(piece.substr(exec_prefix.size()));
    if (command.size() >= 2 && command.front() == '"' && command.back() == '"')
        command = trim(command.substr(1, command.size() - 2));
    if (command.empty())
        throw BotListError(fmt::format("'{}' names no command: write exec:COMMAND (exec:\"python3 bot.py\")", piece));
    BotSpec spec;
    spec.kind = BotKind::exec;
    spec.name = "exec";
    spec.command = std::string(command);
    return spec;
}

std::string known_list(const std::vector<runtime::StrategyInfo>& strategies, bool allow_human) {
    return fmt::format("{}, or exec:COMMAND for a program", fmt::join(known_bot_names(strategies, allow_human), ", "));
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
    if (spec.name == "exec")
        throw BotListError("'exec' needs a command: write exec:COMMAND (exec:\"python3 bot.py\")");
    throw BotListError(fmt::format("unknown bot '{}' (known bots: {})", spec.name, known_list(strategies, allow_human)));
}

// Only the search bot takes parameters; its playout strategy is named by the game.
void check_parameters(BotSpec& spec, const std::vector<runtime::StrategyInfo>& strategies) {
    if (spec.kind == BotKind::exec) return;  // its entry is its command
    if (spec.kind == BotKind::mcts) {
        spec.strategy = playout_strategy(spec.parameters, strategies);
        parse_mcts_settings(spec.parameters, spec.strategy);
        return;
    }
    if (spec.parameters.empty()) return;
    throw BotListError(fmt::format("bot '{}' takes no parameters (got '{}')", spec.name, spec.text()));
}

// The entries as written, each with its parameters (not yet checked against the game).
std::vector<BotSpec> read_entries(std::string_view list, const std::vector<runtime::StrategyInfo>& strategies,
                                  bool allow_human) {
    std::vector<BotSpec> specs;
    for (const auto piece : split_entries(list)) {
        if (piece.starts_with(exec_prefix)) {
            specs.push_back(exec_entry(piece));
            continue;
        }
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
    return specs;
}

// When an exec entry is followed by another piece, the comma between them may have been meant as part of the
// command: what a wrong list's error then adds, saying where the command ended. Empty otherwise.
std::string exec_command_hint(std::string_view list) {
    const auto pieces = split_entries(list);
    for (std::size_t i = 0; i + 1 < pieces.size(); ++i) {
        if (!pieces[i].starts_with(exec_prefix)) continue;
        const auto command = trim(pieces[i].substr(exec_prefix.size()));
        if (command.empty()) continue;
        if (command.starts_with('"'))
            return fmt::format(" (the quoted command of {} ends at the first quote followed by a comma)", pieces[i]);
        return fmt::format(" (the command of {} ends at the first comma: a command with commas goes in double "
                           "quotes, exec:\"COMMAND\")", pieces[i]);
    }
    return "";
}

}  // namespace

std::string BotSpec::text() const {
    if (kind == BotKind::exec) return exec_bot_name(command);
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
    try {
        auto specs = read_entries(list, strategies, allow_human);
        for (auto& spec : specs) {
            if (spec.kind == BotKind::exec) continue;  // named by its entry already
            identify(spec, strategies, allow_human);
            check_parameters(spec, strategies);
        }
        return specs;
    } catch (const BotListError& e) {
        const auto hint = exec_command_hint(list);
        if (hint.empty()) throw;
        throw BotListError(e.what() + hint);
    }
}

}  // namespace rulesrun
