#include "game_info.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rulesrun::cli {

namespace {

std::string players_text(const runtime::GameDefinition& game) {
    if (game.min_players() == game.max_players()) return fmt::format("{}", game.min_players());
    return fmt::format("{} to {}", game.min_players(), game.max_players());
}

std::string player_counts(std::pair<int, int> players) {
    if (players.first == players.second) return fmt::format("{} players", players.first);
    return fmt::format("{} to {} players", players.first, players.second);
}

// Lines of text no wider than this (a long description goes on over several lines).
constexpr std::size_t page_width = 100;

// `text` cut at blanks into lines of at most `columns` characters (a longer word keeps its own line); the lines after
// the first start with `indent`.
std::vector<std::string> wrapped(const std::string& text, std::size_t columns, const std::string& indent) {
    std::vector<std::string> lines{""};
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t blank = text.find(' ', start);
        const std::string word = text.substr(start, blank == std::string::npos ? std::string::npos : blank - start);
        start = blank == std::string::npos ? text.size() : blank + 1;
        if (!lines.back().empty() && lines.back().size() + 1 + word.size() > columns) lines.push_back(indent);
        if (!lines.back().empty() && lines.back() != indent) lines.back() += ' ';
        lines.back() += word;
    }
    return lines;
}

// "  NAME   first line" then the next lines under the first, the names padded to `width`; long lines wrapped.
void entry(std::ostream& out, const std::string& name, std::size_t width, const std::vector<std::string>& given,
           const Style& style) {
    std::vector<std::string> lines;
    const std::size_t columns = page_width > width + 4 + 20 ? page_width - width - 4 : 20;
    for (const auto& line : given) {
        // A menu option's line ("- name  what it does") goes on under its description.
        const std::size_t hang = line.starts_with("- ") ? line.find("  ", 2) : std::string::npos;
        const std::string indent(hang == std::string::npos ? 0 : hang + 2, ' ');
        for (auto& part : wrapped(line, columns, indent)) lines.push_back(std::move(part));
    }
    const std::string padding(width - std::min(width, name.size()), ' ');
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i == 0)
            out << "  " << style.bold(name) << padding << "  " << lines[i] << '\n';
        else
            out << "  " << std::string(width, ' ') << "  " << lines[i] << '\n';
    }
    if (lines.empty()) out << "  " << style.bold(name) << '\n';
}

template <class T, class Name>
std::size_t name_width(const std::vector<T>& items, Name name) {
    std::size_t width = 0;
    for (const auto& item : items) width = std::max(width, name(item).size());
    return width;
}

std::string choice_kind(const runtime::ChoiceInfo& c) {
    std::string text = c.menu ? "one of:" : c.subset ? "several of a list" : "one of a list";
    if (c.secret) text = "secretly, " + text;
    if (c.simultaneous) text = "every player at once, " + text;
    return text;
}

}  // namespace

std::string option_values_text(const runtime::OptionInfo& option) {
    std::string text;
    for (std::size_t i = 0; i < option.values.size(); ++i) {
        if (i > 0) text += i + 1 == option.values.size() ? " or " : ", ";
        text += option.values[i];
    }
    return text;
}

namespace {

// How the game is won, in a line: cooperative, or who ranks first.
std::string outcome_text(const runtime::GameDefinition& game) {
    if (game.cooperative()) return "cooperative (the players win or lose together)";
    if (game.lowest_first()) return "competitive, the lowest first (rank keys declared)";
    return game.has_scores() ? "competitive, the highest score first" : "competitive, the rules name the winners";
}

}  // namespace

void print_game_info(std::ostream& out, const runtime::GameDefinition& game,
                     const std::vector<runtime::ChoiceInfo>& choices, const Style& style) {
    out << style.bold(game.title()) << "  (" << game.path() << ")\n";
    out << "players: " << players_text(game) << '\n';
    out << "scores:  " << (game.has_scores() ? "yes" : "no (a game ends with winners only)")
        << '\n';
    out << "outcome: " << outcome_text(game) << '\n';

    out << '\n' << style.bold("Options") << " (set with --option NAME=VALUE)\n";
    if (game.options().empty()) out << "  none\n";
    const auto option_width = name_width(game.options(), [](const auto& o) -> const std::string& { return o.name; });
    for (std::size_t i = 0; i < game.options().size(); ++i) {
        const auto& o = game.options()[i];
        std::vector<std::string> lines{fmt::format("{} (default {})", option_values_text(o), o.default_value)};
        const auto players = game.option_players(i);
        if (players.first > 0)
            lines.back() += fmt::format("; another value only with {}", player_counts(players));
        if (!o.description.empty()) lines.push_back(o.description);
        entry(out, o.name, option_width, lines, style);
    }

    out << '\n' << style.bold("Decisions") << " (what the rules ask the players; strategies are written for them)\n";
    if (choices.empty()) out << "  none\n";
    const auto choice_width = name_width(choices, [](const auto& c) -> const std::string& { return c.name; });
    for (const auto& c : choices) {
        std::vector<std::string> lines;
        for (const auto& prompt : c.prompts) lines.push_back(fmt::format("\"{}\"", prompt.text));
        lines.push_back(style.dim(choice_kind(c)));
        const auto width = name_width(c.options, [](const auto& o) -> const std::string& { return o.name; });
        for (const auto& o : c.options)
            lines.push_back(fmt::format("- {:<{}}  {}", o.name, width, o.description));
        entry(out, c.name, choice_width, lines, style);
    }

    out << '\n' << style.bold("Statistics") << " (reported by simulate)\n";
    if (game.stats().empty()) out << "  none\n";
    const auto stat_width = name_width(game.stats(), [](const auto& s) -> const std::string& { return s.name; });
    for (const auto& s : game.stats())
        entry(out, s.name, stat_width, {s.description + (s.per_player ? " (per player)" : "")}, style);

    out << '\n' << style.bold("Strategies") << " (bots for --bots, besides human, random and mcts)\n";
    if (game.strategies().empty()) out << "  none\n";
    const auto strategy_width =
        name_width(game.strategies(), [](const auto& s) -> const std::string& { return s.name; });
    for (const auto& s : game.strategies()) entry(out, s.name, strategy_width, {s.description}, style);
}

}  // namespace rulesrun::cli
