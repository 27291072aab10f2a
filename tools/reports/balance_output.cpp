#include "balance_output.hpp"

#include <fmt/format.h>

namespace rulesrun::cli {

namespace {

std::string percent_interval(double rate, const Interval& interval) {
    return fmt::format("{:.1f}% [{:.1f}%, {:.1f}%]", 100 * rate, 100 * interval.low, 100 * interval.high);
}

nlohmann::ordered_json rate_json(double rate, const Interval& interval) {
    return {{"rate", rate}, {"ci95_low", interval.low}, {"ci95_high", interval.high}};
}

}  // namespace

bool seats_comparable(const std::vector<BotSpec>& bots) {
    for (const auto& bot : bots) {
        if (bot.text() != bots.front().text()) return false;
    }
    return true;
}

void print_balance_text(std::ostream& out, const BalanceFigures& b, bool comparable) {
    if (comparable) {
        out << fmt::format("first seat's share of the wins {} (a win among k winners counts 1/k; fair share {:.1f}%)\n",
                           percent_interval(b.first_seat_wins, b.first_seat_interval), 100 * b.fair_share);
    } else {
        out << "the seats play different bots: no first-seat figure (it would mix the seat with its bot)\n";
    }
    out << fmt::format("shared wins {}; draws {}; everybody loses {}\n", percent_interval(b.shared_wins, b.shared_interval),
                       percent_interval(b.draws, b.draws_interval),
                       percent_interval(b.everybody_loses, b.everybody_loses_interval));
    out << fmt::format("game length {:.1f} actions (95% CI +-{:.1f}); {} decisions, {:.2f} legal choices per "
                       "decision on average, {:.1f}% forced (a single choice)\n",
                       b.mean_length, b.length_ci95, b.decisions, b.mean_choices, 100 * b.forced_share);
}

nlohmann::ordered_json balance_json(const BalanceFigures& b, bool comparable) {
    nlohmann::ordered_json json = {{"fair_share", b.fair_share}, {"seats_comparable", comparable}};
    if (comparable) json["first_seat_wins"] = rate_json(b.first_seat_wins, b.first_seat_interval);
    json.update(nlohmann::ordered_json{
            {"shared_wins", rate_json(b.shared_wins, b.shared_interval)},
            {"draws", rate_json(b.draws, b.draws_interval)},
            {"everybody_loses", rate_json(b.everybody_loses, b.everybody_loses_interval)},
            {"mean_length", b.mean_length},
            {"length_ci95", b.length_ci95},
            {"decisions", b.decisions},
            {"mean_choices", b.mean_choices},
            {"forced_share", b.forced_share}});
    return json;
}

}  // namespace rulesrun::cli
