// `rulesrun audit FILE...`: the leak audit (interpreter/audit/audit.hpp) of each rules file, or of every `.rules`
// file under a folder given instead of a file. Exit 0 when no file leaks and every file loads; 1 when one leaks, has
// errors or fails while it is played; 2 when --players or an --option does not fit a file.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "game_setup.hpp"
#include "rulesrun.hpp"
#include "terminal.hpp"

namespace rulesrun::cli {

namespace {

// A text on one line, cut when long: leaks are read in a terminal.
std::string one_line(const std::string& text) {
    std::string line;
    for (const char c : text) line += c == '\n' ? std::string(" | ") : std::string(1, c);
    return line.size() > 160 ? line.substr(0, 157) + "..." : line;
}

void print_leak(std::ostream& out, const std::string& file, const Leak& leak, const Style& style) {
    out << fmt::format("{}: {} to {} through the {}, made by {}\n", file, style.red("leak"), leak.seat_name,
                       leak.channel, leak.origin);
    out << fmt::format("    {} was shown:     {}\n", leak.seat_name, one_line(leak.shown));
    out << fmt::format("    or, in a state it cannot tell apart: {}\n", one_line(leak.instead));
    out << fmt::format("    reproduce: {}\n", leak.reproduction);
}

std::string player_counts(const std::vector<int>& counts, const runtime::GameDefinition& game) {
    if (counts.size() == 1) return fmt::format("{} players", counts.front());
    if (!counts.empty()) return "the player counts given";
    const int low = game.min_players();
    return game.max_players() > low ? fmt::format("{} and {} players", low, low + 1) : fmt::format("{} players", low);
}

enum class Outcome { clean, failed, wrong_arguments };

Outcome audit_file(const std::string& file, const AuditSettings& settings, const Style& style) {
    std::shared_ptr<const runtime::GameDefinition> game;
    try {
        game = load_definition(file);
    } catch (const LoadFailed& e) {
        std::cerr << "rulesrun: error: " << e.what() << '\n';
        return Outcome::failed;
    }
    if (!settings.players.empty() &&
        (settings.players.front() < game->min_players() || settings.players.front() > game->max_players())) {
        std::cerr << fmt::format("rulesrun: error: {}: the game is for {} to {} players, not {}\n", file,
                                 game->min_players(), game->max_players(), settings.players.front());
        return Outcome::wrong_arguments;
    }
    AuditReport report;
    try {
        report = audit_game(game, settings);
    } catch (const runtime::SettingsError& e) {
        std::cerr << fmt::format("rulesrun: error: {}: {}\n", file, e.what());
        return Outcome::wrong_arguments;
    } catch (const runtime::RuleError& e) {
        std::cerr << fmt::format("rulesrun: error: {}: a rule failed while the audit played: {}\n", file, e.what());
        return Outcome::failed;
    }
    for (const auto& leak : report.leaks) print_leak(std::cout, file, leak, style);
    const std::string unfinished =
        report.unfinished == 0 ? ""
                               : fmt::format(", {} left unfinished after {} actions (--max-actions)", report.unfinished,
                                             settings.max_actions);
    std::cout << fmt::format("{}: {} ({} games{}, {}; {} decisions, {} states compared seat by seat, {} not "
                             "comparable)\n",
                             file, report.leaks.empty() ? style.green("no leak found") : style.red("leaks found"),
                             report.games, unfinished, player_counts(settings.players, *game), report.decisions,
                             report.comparisons, report.not_comparable);
    std::cout.flush();  // each file's verdict as soon as it is known: a long audit shows its progress
    return report.leaks.empty() ? Outcome::clean : Outcome::failed;
}

// The files a FILE argument stands for: itself, or for a folder its `.rules` files at any depth, in name order.
std::vector<std::string> files_named(const std::string& argument) {
    namespace fs = std::filesystem;
    std::error_code error;
    if (!fs::is_directory(argument, error)) return {argument};
    std::vector<std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(argument, error)) {
        if (entry.is_regular_file() && entry.path().extension() == ".rules") files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

int run_audit(const AuditOptions& options) {
    AuditSettings settings;
    settings.games = options.games;
    settings.seed = options.seed;
    settings.variants = options.variants;
    settings.max_actions = options.max_actions;
    if (options.players > 0) settings.players = {options.players};
    settings.options = parse_option_assignments(options.options);
    const Style style = Style::for_stdout();
    int code = exit_ok;
    for (const auto& argument : options.files) {
        const std::vector<std::string> files = files_named(argument);
        if (files.empty()) {
            std::cerr << fmt::format("rulesrun: error: {}: no .rules file in this folder\n", argument);
            if (code == exit_ok) code = exit_failed;
        }
        for (const auto& file : files) {
            const Outcome outcome = audit_file(file, settings, style);
            if (outcome == Outcome::wrong_arguments) code = exit_arguments;
            if (outcome == Outcome::failed && code == exit_ok) code = exit_failed;
        }
    }
    return code;
}

}  // namespace rulesrun::cli
