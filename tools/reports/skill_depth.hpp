// Skill depth: how far apart the strongest and the weakest bot of a game are, as the gap between their Bradley-Terry
// ratings (ratings.hpp) on the Elo scale, with its 95% interval, and what it means in a line. The ladder rates its bots
// from rotated seats; simulate rates the seats' bots from the seats they played (not rotated: a seat's advantage goes
// into its bot's rating). Both say when the games tell nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rulesrun.hpp"

namespace rulesrun::cli {

struct SkillDepth {
    std::vector<std::string> bots;  // as in the tally
    PairwiseTally tally;
    RatingFit fit;  // anchored at `random` when it plays, else at the weakest bot
    RatingGap gap;
    std::vector<std::string> warnings;  // when the figures say nothing, or less than they seem to
};

// Fits the tally of `bots`. `games` and `no_winner_games` (drawn or lost by everybody) are the games it came from.
SkillDepth skill_depth_of(std::vector<std::string> bots, PairwiseTally tally, std::int64_t games,
                          std::int64_t no_winner_games);

// The ratings of a simulation's bots from its seats' results; nothing when every seat plays the same bot.
std::optional<SkillDepth> seat_skill_depth(const std::vector<BotSpec>& seats, const SimulationReport& report);

// "random = 0", "the weakest (greedy) = 0": what the ratings are measured from.
std::string anchor_text(const SkillDepth& depth);
// "312 [250, 374]", with a sign for ratings ("+312 [+250, +374]").
std::string elo_text(double elo, const Interval& interval, bool sign);
// "skill depth: 312 Elo [250, 374] between hold_at_20 and random (hold_at_20 would score 86% against random)".
std::string skill_depth_line(const SkillDepth& depth);
// What the gap means, in a line.
std::string skill_depth_meaning();

// {"elo", "ci95", "strongest", "weakest", "expected_score", "anchor", "bounded", "informative", "warnings"}.
nlohmann::ordered_json skill_depth_json(const SkillDepth& depth);

}  // namespace rulesrun::cli
