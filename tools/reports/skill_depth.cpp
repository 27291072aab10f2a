#include "skill_depth.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace rulesrun::cli {

namespace {

std::string names(const SkillDepth& depth, const std::vector<std::size_t>& bots) {
    std::string text;
    for (std::size_t i = 0; i < bots.size(); ++i) text += (i ? ", " : "") + depth.bots[bots[i]];
    return text;
}

std::vector<std::string> warnings_of(const SkillDepth& depth, std::int64_t games, std::int64_t no_winner_games) {
    std::vector<std::string> warnings;
    if (!depth.fit.informative) {
        warnings.push_back("no game ranked one bot's seat before another's (every game drawn, lost by all or ended "
                           "level): the ratings tell nothing about the bots' strength");
        return warnings;
    }
    if (games > 0 && no_winner_games == games)
        warnings.push_back("no game had a winner (every one drawn or lost by everybody): the ratings come from the "
                           "order of the scores alone");
    if (!depth.fit.bounded) {
        const auto all = took_every_point(depth.tally), none = took_no_point(depth.tally);
        std::string who;
        if (!all.empty()) who = names(depth, all) + " was ranked before its opponents in every game";
        if (!none.empty()) who += (who.empty() ? "" : " and ") + names(depth, none) + " after them in every game";
        if (who.empty()) who = "some bots were ranked before all the others in every game they played together";
        warnings.push_back(who + ": the ratings would be infinite, so one virtual draw is added to each pairing and "
                                 "the gaps are lower bounds (more games, or bots closer in strength, tell more)");
    }
    return warnings;
}

std::string signed_number(double x, bool sign) {
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    const long long rounded = std::llround(x);
    return sign && rounded > 0 ? fmt::format("+{}", rounded) : fmt::format("{}", rounded);
}

nlohmann::ordered_json number_or_null(double x) {
    return std::isfinite(x) ? nlohmann::ordered_json(x) : nlohmann::ordered_json(nullptr);
}

}  // namespace

SkillDepth skill_depth_of(std::vector<std::string> bots, PairwiseTally tally, std::int64_t games,
                          std::int64_t no_winner_games) {
    SkillDepth depth{std::move(bots), std::move(tally), {}, {}, {}};
    const auto random = std::find(depth.bots.begin(), depth.bots.end(), "random");
    if (random != depth.bots.end()) {
        depth.fit = fit_ratings(depth.tally, static_cast<std::size_t>(random - depth.bots.begin()));
    } else {
        depth.fit = fit_ratings(depth.tally, 0);
        depth.fit = fit_ratings(depth.tally, rating_gap(depth.fit).weakest);
    }
    depth.gap = rating_gap(depth.fit);
    depth.warnings = warnings_of(depth, games, no_winner_games);
    return depth;
}

std::optional<SkillDepth> seat_skill_depth(const std::vector<BotSpec>& seats, const SimulationReport& report) {
    std::vector<std::string> bots;
    std::vector<std::size_t> bot_of_seat;
    for (const auto& seat : seats) {
        const std::string text = seat.text();
        const auto found = std::find(bots.begin(), bots.end(), text);
        bot_of_seat.push_back(static_cast<std::size_t>(found - bots.begin()));
        if (found == bots.end()) bots.push_back(text);
    }
    if (bots.size() < 2) return std::nullopt;
    PairwiseTally tally(bots.size());
    add_seat_results(tally, report, bot_of_seat);
    return skill_depth_of(std::move(bots), std::move(tally), report.games, report.draws + report.everybody_loses);
}

std::string anchor_text(const SkillDepth& depth) {
    const std::string& name = depth.bots[depth.fit.anchor];
    return name == "random" ? "random = 0" : fmt::format("the weakest, {}, = 0", name);
}

std::string elo_text(double elo, const Interval& interval, bool sign) {
    return fmt::format("{} [{}, {}]", signed_number(elo, sign), signed_number(interval.low, sign),
                       signed_number(interval.high, sign));
}

std::string skill_depth_line(const SkillDepth& depth) {
    const std::string& strongest = depth.bots[depth.gap.strongest];
    const std::string& weakest = depth.bots[depth.gap.weakest];
    if (depth.gap.elo == 0)
        return fmt::format("skill depth: {} Elo: the bots are rated alike", elo_text(0, depth.gap.interval, false));
    return fmt::format("skill depth: {} Elo between {} and {} ({} would score {:.1f}% against {})",
                       elo_text(depth.gap.elo, depth.gap.interval, false), strongest, weakest, strongest,
                       100 * expected_score(depth.gap.elo), weakest);
}

std::string skill_depth_meaning() {
    return "the rating gap between the strongest and the weakest bot: the more the game rewards better play, the "
           "wider; 400 Elo is 91% to 9%; near 0, luck decides";
}

nlohmann::ordered_json skill_depth_json(const SkillDepth& depth) {
    return {{"elo", depth.gap.elo},
            {"ci95", {number_or_null(depth.gap.interval.low), number_or_null(depth.gap.interval.high)}},
            {"strongest", depth.bots[depth.gap.strongest]},
            {"weakest", depth.bots[depth.gap.weakest]},
            {"expected_score", expected_score(depth.gap.elo)},
            {"anchor", depth.bots[depth.fit.anchor]},
            {"bounded", depth.fit.bounded},
            {"informative", depth.fit.informative},
            {"warnings", depth.warnings}};
}

}  // namespace rulesrun::cli
