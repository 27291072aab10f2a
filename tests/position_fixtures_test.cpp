// Position fixtures (docs/fixtures.md): every .rules file under tests/fixtures/ (subfolders included, except files
// whose name starts with '_', which are shared pieces that fixtures import) is one test. Below them, the runner's own
// tests: a fixture that is wrong must fail, with the place of the mistake.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "position_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using rulesrun::testing_support::run_position_fixture;

const fs::path fixtures_dir = fs::path(RULESRUN_SOURCE_DIR) / "tests" / "fixtures";

std::vector<fs::path> fixture_files() {
    std::vector<fs::path> files;
    if (!fs::is_directory(fixtures_dir)) return files;
    for (const auto& entry : fs::recursive_directory_iterator(fixtures_dir)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_regular_file() && entry.path().extension() == ".rules" && name.front() != '_') {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

class PositionFixture : public testing::TestWithParam<fs::path> {};

TEST_P(PositionFixture, Holds) {
    const std::vector<std::string> failures = run_position_fixture(GetParam().string());
    EXPECT_TRUE(failures.empty()) << joined(failures);
}

std::string fixture_name(const testing::TestParamInfo<fs::path>& info) {
    std::string name = fs::relative(info.param, fixtures_dir).replace_extension().string();
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Positions, PositionFixture, testing::ValuesIn(fixture_files()), fixture_name);

// ---- the runner finds mistakes ---------------------------------------------------------------------------------

class FixtureRunner : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("rulesrun_fixtures_" + std::to_string(::getpid()) + "_" +
                                            testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    // A fixture of rules/GAME with this text after its import line; returns its failures.
    std::vector<std::string> run(const std::string& game, const std::string& text) {
        const fs::path rules = fs::path(RULESRUN_SOURCE_DIR) / "rules" / game;
        const fs::path path = dir_ / "fixture.rules";
        std::ofstream(path) << "import \"" << fs::relative(rules, dir_).string() << "\"\n" << text;
        return run_position_fixture(path.string());
    }

    // Exactly one failure, which contains these pieces.
    static void expect_one_failure(const std::vector<std::string>& failures, const std::vector<std::string>& pieces) {
        ASSERT_EQ(failures.size(), 1U) << joined(failures);
        for (const auto& piece : pieces) EXPECT_NE(failures[0].find(piece), std::string::npos) << failures[0];
    }

    fs::path dir_;
};

TEST_F(FixtureRunner, AcceptsARightFixture) {
    const auto failures = run("pig.rules", "#> roll: 4\n#> expect actions: roll, hold\n#> apply: roll\n#> apply: hold\n"
                                           "#> expect view: player 1.total = 4\n");
    EXPECT_TRUE(failures.empty()) << joined(failures);
}

TEST_F(FixtureRunner, ReportsAWrongSetOfActionsWithWhatDiffers) {
    expect_one_failure(run("pig.rules", "#> expect actions: roll, stop\n"),
                       {"fixture.rules:2:20:", "expected but not legal: stop", "legal but not expected: hold"});
}

TEST_F(FixtureRunner, RefusesAForcedRollThatIsNoFaceOfTheDie) {
    expect_one_failure(run("pig.rules", "#> apply: roll\n#> roll: 7\n#> apply: roll\n#> expect finished\n"),
                       {"fixture.rules:5:4: the game failed before this line", "forced result 7 (", "fixture.rules:3:10",
                        "is not a face of die d6"});
}

TEST_F(FixtureRunner, AcceptsAnExpectedError) {
    EXPECT_TRUE(run("pig.rules", "#> roll: 0\n#> apply: roll\n#> expect error: is not a face of die d6\n").empty());
}

TEST_F(FixtureRunner, ReportsForcedResultsNeverUsed) {
    expect_one_failure(run("pig.rules", "#> roll: 3 5\n#> apply: roll\n#> expect actions: roll, hold\n"),
                       {"fixture.rules:2:10: this forced chance result was never used"});
}

TEST_F(FixtureRunner, RefusesAShuffleOrderWhereARollComes) {
    expect_one_failure(run("pig.rules", "#> shuffle: a card\n#> apply: roll\n#> expect error: nothing\n"),
                       {"the error was:", "the next forced result (", "is a shuffle order"});
}

TEST_F(FixtureRunner, RefusesACardThatIsNotInTheShuffledZone) {
    expect_one_failure(run("diamant.rules", "#> players: 3\n#> shuffle: no such card\n#> expect to act: 1, 2, 3\n"),
                       {"fixture.rules:4:4:", "no card shown as 'no such card'", "fixture.rules:3:13"});
}

TEST_F(FixtureRunner, ReportsMalformedLinesAndUnknownSeats) {
    expect_one_failure(run("pig.rules", "#> expect actoins: roll\n"), {"fixture.rules:2:4: not a fixture line"});
    expect_one_failure(run("pig.rules", "#> expect actions for 3: roll, hold\n"), {"fixture.rules:2:26: no seat '3'"});
    expect_one_failure(run("pig.rules", "#> seed: many\n#> expect to act: 1\n"),
                       {"fixture.rules:2:10: 'many' is not a whole number"});
    expect_one_failure(run("pig.rules", "#> option: target=5\n#> expect to act: 1\n"), {"wrong settings", "target"});
    expect_one_failure(run("pig.rules", "# nothing expected\n"), {"a fixture must expect something"});
}

TEST_F(FixtureRunner, ReportsErrorsInThePositionWithTheirPlace) {
    const auto failures = run("pig.rules", "setup {\n  turns_playd = 3\n}\n#> expect to act: 1\n");
    ASSERT_FALSE(failures.empty());
    EXPECT_NE(failures[0].find("fixture.rules:3:3: error: unknown name 'turns_playd'"), std::string::npos) << failures[0];
}

TEST_F(FixtureRunner, RunsThePositionAfterTheGamesOwnSetup) {
    EXPECT_TRUE(run("pig.rules", "setup {\n  turns_played = 40\n}\n#> expect view: turns_played = 41\n").empty());
}

TEST(PositionFixtures, AreFound) { EXPECT_GE(fixture_files().size(), 3U) << "fixtures are read from " << fixtures_dir; }

}  // namespace
