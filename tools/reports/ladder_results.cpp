#include "ladder_results.hpp"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

namespace rulesrun::cli {

LadderResults ladder_results(const runtime::GameDefinition& game, const runtime::ResolvedSettings& settings,
                             std::vector<std::string> bots, std::int64_t games_per_pairing,
                             const std::vector<LadderSeating>& seatings, const std::vector<SimulationReport>& reports,
                             bool times) {
    LadderResults results{game, settings, std::move(bots), games_per_pairing, 0, times, {}, {}, {}, 0, 0, 0};
    const std::size_t count = results.bots.size();
    results.per_bot.resize(count);
    PairwiseTally tally(count);
    for (std::size_t i = 0; i < seatings.size(); ++i) {
        const LadderSeating& seating = seatings[i];
        const SimulationReport& report = reports[i];
        if (seating.first == seatings.front().first && seating.second == seatings.front().second)
            ++results.seatings_per_pairing;
        add_seat_results(tally, report, seating.bot_of_seat);
        results.games += report.games;
        results.draws += report.draws;
        results.everybody_loses += report.everybody_loses;
        results.stopped_games += report.stopped_games;
        for (const std::size_t bot : {seating.first, seating.second}) {
            results.per_bot[bot].games += report.games;
            results.per_bot[bot].draws += report.draws;
        }
        for (std::size_t seat = 0; seat < seating.bot_of_seat.size(); ++seat) {
            auto& figures = results.per_bot[seating.bot_of_seat[seat]];
            figures.decisions += report.decisions[seat];
            figures.nanoseconds += report.decision_nanoseconds[seat];
        }
    }
    results.depth = skill_depth_of(results.bots, std::move(tally), results.games,
                                   results.draws + results.everybody_loses);
    if (results.stopped_games > 0)
        results.depth.warnings.push_back(fmt::format(
            "{} of the {} games did not end by the rules: they were stopped at the cap on a game's length "
            "(--max-actions) and counted as draws. The bots may block each other forever, or the game may never end "
            "with them", results.stopped_games, results.games));
    results.ranking.resize(count);
    std::iota(results.ranking.begin(), results.ranking.end(), std::size_t{0});
    std::stable_sort(results.ranking.begin(), results.ranking.end(), [&](std::size_t a, std::size_t b) {
        return results.depth.fit.elo[a] > results.depth.fit.elo[b];
    });
    return results;
}

std::string seating_label(const std::vector<std::string>& bots, const LadderSeating& seating) {
    const auto& seats = seating.bot_of_seat;
    // The bot alone in its seat: the one that appears once (in two seats, the first seat's).
    std::size_t alone = 0;
    for (std::size_t seat = 0; seat < seats.size(); ++seat)
        if (std::count(seats.begin(), seats.end(), seats[seat]) == 1) {
            alone = seat;
            break;
        }
    const std::size_t other = seats[alone] == seating.first ? seating.second : seating.first;
    if (seats.size() == 2)
        return fmt::format("{} in seat {}, {} in seat {}", bots[seats[alone]], alone + 1, bots[other], 2 - alone);
    return fmt::format("{} in seat {}, {} in the others", bots[seats[alone]], alone + 1, bots[other]);
}

MatrixCell matrix_cell(const LadderResults& results, std::size_t row, std::size_t column) {
    const PairwiseTally& tally = results.depth.tally;
    const std::int64_t games = tally.games[row][column];
    const double points = tally.points[row][column];
    return {games ? points / static_cast<double>(games) : 0.0, wilson95(points, games), games};
}

std::string decision_time_text(const LadderBotFigures& figures) {
    const double ms = milliseconds_per_decision(figures);
    if (ms < 0) return "-";
    if (ms >= 1000) return fmt::format("{:.2f} s", ms / 1000);
    if (ms >= 1) return fmt::format("{:.2f} ms", ms);
    return fmt::format("{:.2f} us", ms * 1000);
}

double milliseconds_per_decision(const LadderBotFigures& figures) {
    if (figures.decisions == 0) return -1;
    return static_cast<double>(figures.nanoseconds) / 1e6 / static_cast<double>(figures.decisions);
}

}  // namespace rulesrun::cli
