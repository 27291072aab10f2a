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
    b.fair_share = report.wins.empty() ? 0.0 : 1.0 / static_cast<double>(report.wins.size());
    const std::int64_t first = report.wins.empty() ? 0 : report.wins[0] + report.shared_wins[0];
    b.first_seat_wins = share(first, report.games);
    b.first_seat_interval = wilson95(static_cast<double>(first), report.games);
    b.shared_wins = share(report.shared_win_games, report.games);
    b.shared_interval = wilson95(static_cast<double>(report.shared_win_games), report.games);
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
