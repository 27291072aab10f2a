// `rulesrun tree FILE --depth N`: how many sequences of moves of each length lead from the start of a game, and how
// many of them end it (a "perft" table: game_tree.hpp counts, this file prints), as text or JSON.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "game_setup.hpp"
#include "rulesrun.hpp"

namespace rulesrun::cli {

namespace {

using Json = nlohmann::ordered_json;

// "Pig: 2 players, seed 1, target=100": what the counts were made with (the seed deals the shuffles).
std::string heading(const runtime::GameDefinition& game, const runtime::ResolvedSettings& settings) {
    std::string text = fmt::format("{}: {} players, seed {}", game.title(), settings.players, settings.seed);
    for (const auto& [name, value] : settings.options) text += fmt::format(", {}={}", name, value);
    return text;
}

// One row per depth, the numbers right-aligned under their headings.
void print_text(std::ostream& out, const std::string& title, const runtime::TreeCounts& counts) {
    std::int64_t most = 0;
    for (const auto& level : counts.levels) most = std::max(most, level.sequences);
    const std::size_t width = std::max<std::size_t>(fmt::formatted_size("{}", most), 9);
    out << title << '\n';
    out << fmt::format("{:>5}  {:>{}}  {:>{}}\n", "depth", "sequences", width, "terminal", width);
    for (std::size_t depth = 0; depth < counts.levels.size(); ++depth) {
        const auto& level = counts.levels[depth];
        out << fmt::format("{:>5}  {:>{}}  {:>{}}\n", depth, level.sequences, width, level.terminal, width);
    }
}

Json tree_json(const std::string& file, const runtime::GameDefinition& game, const runtime::ResolvedSettings& settings,
               const runtime::TreeCounts& counts) {
    Json options = Json::object();
    for (const auto& [name, value] : settings.options) options[name] = value;
    Json levels = Json::array();
    for (std::size_t depth = 0; depth < counts.levels.size(); ++depth) {
        levels.push_back({{"depth", depth},
                          {"sequences", counts.levels[depth].sequences},
                          {"terminal", counts.levels[depth].terminal}});
    }
    return {{"title", game.title()}, {"file", file},       {"players", settings.players},
            {"seed", settings.seed},  {"options", options}, {"depths", levels}};
}

}  // namespace

int run_tree(const TreeOptions& options) {
    const auto definition = load_definition(options.file);
    const runtime::Settings wanted{player_count(*definition, options.players, 0),
                                   parse_option_assignments(options.options), options.seed};
    const auto settings = runtime::resolve_settings(*definition, wanted);
    const auto counts = runtime::count_tree(definition, settings, options.depth);
    if (options.json)
        std::cout << tree_json(options.file, *definition, settings, counts).dump(2) << '\n';
    else
        print_text(std::cout, heading(*definition, settings), counts);
    return exit_ok;
}

}  // namespace rulesrun::cli
