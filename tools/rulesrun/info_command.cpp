// `rulesrun info FILE [--json]`: what a player or a designer needs to know of a game without opening its rules file:
// title, player counts, options (values and defaults, as --option accepts them), the decisions the rules ask with
// their prompts, statistics, strategies (the bots --bots accepts) and whether the game has scores. A file with errors
// gets its diagnostics on standard error, as `check` prints them, and exit code 1.
#include <cstdio>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "game_info.hpp"
#include "rulesrun.hpp"
#include "terminal.hpp"

namespace rulesrun::cli {

namespace {

using Json = nlohmann::ordered_json;

// A compiled prompt shows its holes as "{...}"; the rules file has them written out ("{turn_total}"). Reads the text
// from the source (the string at the prompt's place, escapes undone) and keeps it when it is the same text with its
// holes filled in; else keeps the compiled one.
std::string prompt_as_written(const SourceSet& sources, const runtime::ChoiceInfo::Prompt& prompt) {
    if (prompt.where.file < 0 || static_cast<std::size_t>(prompt.where.file) >= sources.size()) return prompt.text;
    const std::string& source = sources.file(prompt.where.file).text;
    std::size_t at = prompt.where.offset;
    if (at >= source.size() || source[at] != '"') return prompt.text;
    std::string written;
    for (++at; at < source.size() && source[at] != '"' && source[at] != '\n'; ++at) {
        if (source[at] == '\\' && at + 1 < source.size()) {
            const char c = source[++at];
            written += c == 'n' ? '\n' : c == 't' ? '\t' : c;
        } else {
            written += source[at];
        }
    }
    std::string holes_hidden;  // the written text with every {hole} as {...}, to compare with the compiled one
    for (std::size_t i = 0; i < written.size(); ++i) {
        const auto close = written[i] == '{' ? written.find('}', i) : std::string::npos;
        if (close == std::string::npos) {
            holes_hidden += written[i];
        } else {
            holes_hidden += "{...}";
            i = close;
        }
    }
    return holes_hidden == prompt.text ? written : prompt.text;
}

Json info_json(const runtime::GameDefinition& game, const std::vector<runtime::ChoiceInfo>& choices) {
    Json out;
    out["title"] = game.title();
    out["file"] = game.path();
    out["players"] = {{"min", game.min_players()}, {"max", game.max_players()}};
    out["scores"] = game.has_scores();
    out["cooperative"] = game.cooperative();
    out["lowest_first"] = game.lowest_first();
    Json options = Json::array();
    for (std::size_t i = 0; i < game.options().size(); ++i) {
        const auto& o = game.options()[i];
        Json option{{"name", o.name}, {"description", o.description}, {"default", o.default_value}};
        long long low = 0, high = 0;
        char rest = 0;
        const bool range = o.values.size() == 1 &&
                           std::sscanf(o.values.front().c_str(), "%lld to %lld%c", &low, &high, &rest) == 2;
        option["values"] = range ? Json::array() : Json(o.values);
        option["range"] = range ? Json{{"low", low}, {"high", high}} : Json(nullptr);
        const auto players = game.option_players(i);
        option["other_values_players"] =
            players.first > 0 ? Json{{"min", players.first}, {"max", players.second}} : Json(nullptr);
        options.push_back(option);
    }
    out["options"] = options;
    Json decisions = Json::array();
    for (const auto& c : choices) {
        Json prompts = Json::array();
        for (const auto& p : c.prompts) prompts.push_back(p.text);
        Json menu = Json::array();
        for (const auto& o : c.options) menu.push_back({{"name", o.name}, {"description", o.description}});
        decisions.push_back({{"name", c.name}, {"prompts", prompts}, {"options", menu},
                             {"kind", c.menu ? "menu" : c.subset ? "subset" : "one"}, {"secret", c.secret},
                             {"simultaneous", c.simultaneous}});
    }
    out["decisions"] = decisions;
    Json stats = Json::array();
    for (const auto& s : game.stats())
        stats.push_back({{"name", s.name}, {"description", s.description}, {"per_player", s.per_player}});
    out["stats"] = stats;
    Json strategies = Json::array();
    for (const auto& s : game.strategies()) strategies.push_back({{"name", s.name}, {"description", s.description}});
    out["strategies"] = strategies;
    Json bots(builtin_bot_names());
    for (const auto& s : game.strategies()) bots.push_back(s.name);
    out["bots"] = bots;
    return out;
}

}  // namespace

int run_info(const InfoOptions& options) {
    auto loaded = runtime::load_game(options.file);
    if (!loaded.game) {
        const bool colour = colour_enabled(stderr);
        std::size_t errors = 0, warnings = 0;
        for (const auto& d : loaded.diagnostics) {
            std::cerr << render_diagnostic(loaded.sources, d, colour);
            (d.severity == Severity::error ? errors : warnings)++;
        }
        std::cerr << fmt::format("{} error(s), {} warning(s)\n", errors, warnings);
        return exit_failed;
    }
    const auto& game = *loaded.game;
    auto choices = game.choices();
    for (auto& c : choices) {
        for (auto& p : c.prompts) p.text = prompt_as_written(loaded.sources, p);
    }
    if (options.json)
        std::cout << info_json(game, choices).dump(2) << '\n';
    else
        print_game_info(std::cout, game, choices, Style::for_stdout());
    return exit_ok;
}

}  // namespace rulesrun::cli
