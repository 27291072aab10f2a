#include "balance.hpp"

namespace rulesrun {

namespace {

double share(std::int64_t part, std::int64_t whole) {
    return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

}  // namespace

BalanceFigures balance_of(const SimulationReport& report) {
    BalanceFigures b;
    b.games = report.games;
    // The first seat's share of the wins (a win among k winners counts 1/k, a draw 1/n), against the share every
    // seat would have if none were favoured: the wins there were, split evenly.
    const std::size_t seats = report.wins.size();
    double all_points = 0;
    for (std::size_t seat = 0; seat < seats; ++seat) all_points += report.win_points(seat);
    const double first = seats == 0 ? 0.0 : report.win_points(0);
    b.fair_share = seats == 0 || report.games == 0 ? 0.0 : all_points / static_cast<double>(seats) / static_cast<double>(report.games);
    b.first_seat_wins = report.games == 0 ? 0.0 : first / static_cast<double>(report.games);
    b.first_seat_interval = wilson95(first, report.games);
    b.shared_wins = share(report.shared_win_games, report.games);
    b.shared_interval = wilson95(static_cast<double>(report.shared_win_games), report.games);
    b.draws = share(report.draws, report.games);
    b.draws_interval = wilson95(static_cast<double>(report.draws), report.games);
    b.everybody_loses = share(report.everybody_loses, report.games);
    b.everybody_loses_interval = wilson95(static_cast<double>(report.everybody_loses), report.games);
    b.mean_length = report.length.mean();
    b.length_ci95 = report.length.ci95();
    b.decisions = report.choices.count();
    b.mean_choices = report.choices.mean();
    b.forced_share = share(report.forced_decisions, report.choices.count());
    return b;
}

}  // namespace rulesrun
