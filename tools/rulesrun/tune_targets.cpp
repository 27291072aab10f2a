// The targets of `rulesrun tune` (tune_targets.hpp).
#include "tune_targets.hpp"

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "commands.hpp"

namespace rulesrun::cli {

namespace {

// A proportion of the games and its normal-approximation interval, as the other figures' intervals are.
TuneFigure proportion(double count, std::int64_t games) {
    if (games <= 0) return {};
    const double p = count / static_cast<double>(games);
    return {p, 1.96 * std::sqrt(p * (1 - p) / static_cast<double>(games))};
}

std::string figure_names(const runtime::GameDefinition& game) {
    std::string names = "length, draws, wins:K (seat K's share of the wins)";
    for (const auto& stat : game.stats()) names += ", " + stat.name;
    return names;
}

}  // namespace

TuneTarget parse_tune_target(const std::string& text, const runtime::GameDefinition& game, int players) {
    const auto equals = text.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == text.size())
        throw ArgumentError(fmt::format("--target {}: write FIGURE=VALUE, e.g. length=40", text));
    TuneTarget target;
    target.figure = text.substr(0, equals);
    const std::string value = text.substr(equals + 1);
    char* end = nullptr;
    target.value = std::strtod(value.c_str(), &end);
    if (end == value.c_str() || *end != '\0' || !std::isfinite(target.value))
        throw ArgumentError(fmt::format("--target {}: '{}' is not a number", text, value));
    if (target.figure == "length" || target.figure == "draws") return target;
    if (target.figure.rfind("wins:", 0) == 0) {
        const std::string seat = target.figure.substr(5);
        const int k = seat.empty() || seat.find_first_not_of("0123456789") != std::string::npos || seat.size() > 6
                          ? 0
                          : std::stoi(seat);
        if (k < 1 || k > players)
            throw ArgumentError(fmt::format("--target {}: the seat after 'wins:' must be from 1 to {}", text, players));
        target.seat = k - 1;
        return target;
    }
    const auto& stats = game.stats();
    for (std::size_t i = 0; i < stats.size(); ++i) {
        if (stats[i].name == target.figure) {
            target.stat = static_cast<int>(i);
            return target;
        }
    }
    throw ArgumentError(fmt::format("--target {}: '{}' is not a figure of this game; the figures are {}", text,
                                    target.figure, figure_names(game)));
}

TuneFigure figure_of(const SimulationReport& report, const TuneTarget& target) {
    if (target.stat >= 0) {
        const Accumulator& all = report.stats[static_cast<std::size_t>(target.stat)].all;
        return {all.mean(), all.ci95()};
    }
    if (target.seat >= 0) {
        // In a cooperative game a seat's wins are the team's (won together, not shared out).
        const auto seat = static_cast<std::size_t>(target.seat);
        return proportion(report.cooperative ? static_cast<double>(report.wins[seat]) : report.win_points(seat),
                          report.games);
    }
    if (target.figure == "draws") return proportion(static_cast<double>(report.draws), report.games);
    return {report.length.mean(), report.length.ci95()};
}

double distance_to(const SimulationReport& report, const std::vector<TuneTarget>& targets) {
    double distance = 0;
    for (const auto& target : targets) {
        const double off = std::abs(figure_of(report, target).mean - target.value);
        distance += target.value == 0 ? off : off / std::abs(target.value);
    }
    return distance;
}

}  // namespace rulesrun::cli
