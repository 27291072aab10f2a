#include "sweep_results.hpp"

#include <fmt/format.h>

#include "balance_output.hpp"

namespace rulesrun::cli {

namespace {

SweepFigure rate(const std::string& name, double value, const Interval& interval) {
    return {name, true, value, interval.low, interval.high};
}

SweepFigure mean(const std::string& name, const Accumulator& a) {
    if (a.count() == 0) return {name, false, std::nullopt, 0, 0};
    return {name, false, a.mean(), a.mean() - a.ci95(), a.mean() + a.ci95()};
}

}  // namespace

std::vector<SweepFigure> sweep_figures(const runtime::GameDefinition& game, const SweepPoint& point) {
    const BalanceFigures b = balance_of(point.report);
    std::vector<SweepFigure> figures;
    if (seats_comparable(point.bots))
        figures.push_back(rate("first seat's share of the wins", b.first_seat_wins, b.first_seat_interval));
    figures.push_back(rate("shared wins", b.shared_wins, b.shared_interval));
    figures.push_back(rate("draws", b.draws, b.draws_interval));
    figures.push_back(rate("everybody loses", b.everybody_loses, b.everybody_loses_interval));
    figures.push_back(mean("game length (actions)", point.report.length));
    figures.push_back(mean("legal choices per decision", point.report.choices));
    for (std::size_t i = 0; i < game.stats().size(); ++i)
        figures.push_back(mean(game.stats()[i].name, point.report.stats[i].all));
    return figures;
}

std::string configurations_text(const SweepResults& results) {
    if (results.sampled_from == 0) return fmt::format("{} configurations", results.points.size());
    return fmt::format("{} configurations sampled from a grid of {} ({})", results.points.size(), results.sampled_from,
                       sample_design);
}

}  // namespace rulesrun::cli
