// What a figure of play must say besides itself: which bots played, seat by seat, and when the figures say nothing
// about play because every game ended alike (lost by all, drawn, or won by the same seat or the same bot), a
// statistic never varied, or an option varied changed nothing. Read by simulate, --compare, sweep and tune, for their
// tables, JSON and pages, and for their warnings on standard error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rulesrun.hpp"
#include "sweep_results.hpp"

namespace rulesrun::cli {

// "mcts:iterations=200 (seat 1), random (seats 2-3)": each bot once, with the seats it played, in seat order.
[[nodiscard]] std::string bots_by_seat(const std::vector<BotSpec>& bots);

// A run of fewer games is not warned about: that a handful of games all ended alike may be chance.
inline constexpr std::int64_t fewest_games_to_warn = 10;

// How every game of a run ended alike: what it was and what to do about it.
struct SameEnding {
    std::string kind;    // the same for runs that ended alike the same way: "lost by all", "won by player 2", ...
    std::string fact;    // "every one of the 2000 games was lost by all players"
    std::string advice;  // "the bots may be too weak to win: try stronger bots, ..."

    // "FACT: ADVICE": one warning.
    [[nodiscard]] std::string text() const { return fact + ": " + advice; }
};

// Nothing when the games did not all end alike, or when there were fewer than fewest_games_to_warn.
[[nodiscard]] std::optional<SameEnding> same_ending(const runtime::GameDefinition& game,
                                                    const std::vector<BotSpec>& bots, const SimulationReport& report);

// When some games were stopped at the run's cap on a game's length (counted as draws): how many, and what it may mean.
[[nodiscard]] std::optional<std::string> stopped_games_warning(const SimulationReport& report);

// The same from a comparison's figures of one side (`b` false: file A's, else file B's): every game lost by all, a
// draw, or won by the same seat.
[[nodiscard]] std::optional<SameEnding> same_ending(const runtime::GameDefinition& game,
                                                    const std::vector<BotSpec>& bots, const ComparisonReport& report,
                                                    bool b);

// Warnings for the declared statistics whose every sample, in every run, had the same value 0, 1 or 100 (a
// percentage or a yes-or-no figure that never moved): "statistic 'everybody_lost' was 100 in every game of `where`".
[[nodiscard]] std::vector<std::string> constant_statistics(const runtime::GameDefinition& game,
                                                           const std::vector<const SimulationReport*>& reports,
                                                           const std::string& where);

// The same for a comparison: the statistics (by name) whose every value was the same 0, 1 or 100 in both files.
[[nodiscard]] std::vector<std::string> constant_statistics(const runtime::GameDefinition& game,
                                                           const ComparisonReport& report);

// The warnings of a comparison: when both files' games all ended alike (the difference then says nothing about
// play), and the statistics that never moved in either.
[[nodiscard]] std::vector<std::string> comparison_warnings(const runtime::GameDefinition& a,
                                                           const runtime::GameDefinition& b,
                                                           const std::vector<BotSpec>& bots,
                                                           const ComparisonReport& report);

// Warnings for the swept options that changed nothing: at some player count, every pair of configurations that
// differ in that option alone gave exactly the same figures (the games are the same seeds in each, so an option
// that changes play changes them). Configurations of fewer than fewest_games_to_warn games are not compared.
[[nodiscard]] std::vector<std::string> unchanging_options(const SweepResults& results, const char* command = "sweep");

// The warnings of a sweep (or of tune's settings): each configuration's, named by its label, then a summary line
// for what holds in every configuration (every game ended alike the same way, a statistic that never moved, an option
// that changed nothing).
struct SweepWarnings {
    std::vector<std::vector<std::string>> per_point;  // by point, each with its advice
    std::vector<std::optional<SameEnding>> endings;   // by point
    std::vector<std::string> summary;
    bool alike_everywhere = false;  // the summary says every point's games ended alike, with the advice
    std::string noun = "configuration";  // what a point is called: "configuration" or tune's "setting"
};
// `command` is "sweep" or "tune" (whose advice is to vary the option elsewhere).
[[nodiscard]] SweepWarnings sweep_warnings(const SweepResults& results, const char* command = "sweep");

// Which bots played a sweep, seat by seat: one bots_by_seat text when it is the same in every configuration, else
// each player count's ("random (seats 1-2) with 2 players; random (seats 1-3) with 3 players").
[[nodiscard]] std::string sweep_bots(const SweepResults& results);

// Every warning of a sweep in one list, as standard error and the JSON's top-level "warnings" give them: each
// configuration's fact after its label, the advice once for the configurations that share it (when no summary gives
// it), then the summary.
[[nodiscard]] std::vector<std::string> all_warnings(const SweepResults& results, const SweepWarnings& warnings);

// "simulate: warning: TEXT" on standard error, one line per warning.
void print_warnings(const std::string& command, const std::vector<std::string>& warnings);

// The page's section of warnings ("" when there is none).
[[nodiscard]] std::string warnings_html(const std::vector<std::string>& warnings);

}  // namespace rulesrun::cli
