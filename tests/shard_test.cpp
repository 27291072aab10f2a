// Shards of a simulation: every game of the run in exactly one shard, shards' reports merged equal to the whole run's
// (with bots that use their seat's generator and with strategies), a comparison's per-game figures put back in game
// order give the whole run's comparison to the bit, and partial results read back from JSON (sums of squares beyond
// 64 bits included) are the figures that were written.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>

#include "partial_result.hpp"
#include "simulation.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

using testing_support::load_rules;

SimulationRequest request(const std::string& rules, int players, const std::string& bots, std::int64_t games,
                          std::uint64_t seed = 1) {
    SimulationRequest r;
    r.game = load_rules(rules);
    r.settings = runtime::resolve_settings(*r.game, {players, {}, seed});
    r.bots = parse_bot_list(bots, r.game->strategies(), false);
    r.games = games;
    r.threads = 2;
    return r;
}

TEST(Shard, EveryGameInExactlyOneShard) {
    for (std::int64_t games = 0; games <= 11; ++games)
        for (std::int64_t count = 1; count <= 5; ++count) {
            std::multiset<std::int64_t> seen;
            for (std::int64_t k = 0; k < count; ++k) {
                const Shard shard{k, count};
                for (std::int64_t j = 0; j < shard.games_of(games); ++j) {
                    const std::int64_t index = shard.game_index(j);
                    EXPECT_EQ(index % count, k);
                    seen.insert(index);
                }
            }
            ASSERT_EQ(static_cast<std::int64_t>(seen.size()), games) << games << " games, " << count << " shards";
            for (std::int64_t i = 0; i < games; ++i) EXPECT_EQ(seen.count(i), 1U) << i;
        }
}

TEST(Shard, MergedShardsAreTheWholeRun) {
    for (const auto& [rules, players, bots] :
         {std::tuple{"diamant.rules", 4, "random,stay,cautious,bold"}, std::tuple{"pig.rules", 2, "hold_at_20,random"}}) {
        auto whole_request = request(rules, players, bots, 101);
        const auto whole = simulate(whole_request);
        auto merged = empty_simulation_report(*whole_request.game, players);
        for (std::int64_t k = 0; k < 3; ++k) {
            auto part = whole_request;
            part.shard = {k, 3};
            const auto report = simulate(part);
            EXPECT_EQ(report.games, part.shard.games_of(101));
            merged.merge(report);
        }
        EXPECT_EQ(merged, whole) << rules;
    }
}

TEST(Shard, AShardOutOfRangeIsRefused) {
    auto r = request("pig.rules", 2, "random", 10);
    r.shard = {3, 3};
    EXPECT_THROW(simulate(r), std::invalid_argument);
    r.shard = {0, 0};
    EXPECT_THROW(simulate(r), std::invalid_argument);
}

// The same bits, NaN included (a game without the figure).
bool same_bits(const RunFigures& a, const RunFigures& b) {
    if (a.names != b.names || a.values.size() != b.values.size()) return false;
    for (std::size_t f = 0; f < a.values.size(); ++f) {
        if (a.values[f].size() != b.values[f].size()) return false;
        for (std::size_t i = 0; i < a.values[f].size(); ++i)
            if (std::bit_cast<std::uint64_t>(a.values[f][i]) != std::bit_cast<std::uint64_t>(b.values[f][i])) return false;
    }
    return true;
}

TEST(Shard, ComparisonFiguresPutBackInGameOrder) {
    const auto whole_request = request("diamant.rules", 3, "cautious,random,random", 40);
    const auto whole = collect_figures(whole_request);
    std::vector<RunFigures> parts;
    for (std::int64_t k = 0; k < 3; ++k) {
        auto part = whole_request;
        part.shard = {k, 3};
        parts.push_back(collect_figures(part));
    }
    const auto merged = merge_shard_figures(parts, 40);
    EXPECT_TRUE(same_bits(merged, whole));
    const auto a = compare_figures(whole, whole), b = compare_figures(merged, merged);
    ASSERT_EQ(a.figures.size(), b.figures.size());
    for (std::size_t f = 0; f < a.figures.size(); ++f) EXPECT_EQ(a.figures[f].a, b.figures[f].a) << a.figures[f].name;
    parts.pop_back();
    EXPECT_THROW(merge_shard_figures(parts, 40), std::invalid_argument);  // two shards cannot hold 40 games' 3 parts
}

TEST(PartialResult, ReportsReadBackExactly) {
    auto r = request("diamant.rules", 4, "random,stay,cautious,bold", 60);
    const auto report = simulate(r);
    const auto json = cli::report_to_json(report);
    const auto back = cli::report_from_json(cli::PartJson::parse(json.dump()), empty_simulation_report(*r.game, 4));
    EXPECT_EQ(back, report);
    // A part of another player count does not fit.
    EXPECT_THROW((void)cli::report_from_json(json, empty_simulation_report(*r.game, 3)), cli::PartFormatError);
}

TEST(PartialResult, SumsOfSquaresBeyond64Bits) {
    SimulationReport report;
    report.length.add(std::numeric_limits<std::int64_t>::max() / 2);
    report.length.add(std::numeric_limits<std::int64_t>::min() / 2);
    report.length.add(-7);
    const auto json = cli::report_to_json(report);
    EXPECT_EQ(json["length"]["sum_squares"], "42535295865117307923698453892116250674");
    const auto back = cli::report_from_json(json, SimulationReport{});
    EXPECT_EQ(back.length, report.length);
}

TEST(PartialResult, FiguresReadBackToTheSameDoubles) {
    RunFigures figures{{"x", "y"}, {{0.1, 1.0 / 3, std::numeric_limits<double>::quiet_NaN()}, {1e-300, -2.5, 100.0 / 7}}};
    const auto back = cli::figures_from_json(cli::PartJson::parse(cli::figures_to_json(figures).dump()));
    EXPECT_TRUE(same_bits(back, figures));
}

}  // namespace
}  // namespace rulesrun
