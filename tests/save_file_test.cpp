// Saved games: a round trip keeps everything, the writing is atomic (no temporary file left behind), and every kind
// of broken file is refused with a message naming what is wrong.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "save_file.hpp"

namespace rulesrun {
namespace {

SavedGame sample() {
    return {"/games/diamant.rules", 3, {{"variant", "official"}, {"rounds", "5"}}, "0123456789abcdef",
            18446744073709551615ULL, {"human", "random", "cautious"},
            {{0, 1, "leave"}, {2, 0, "stay"}, {1, 0, "stay \"quoted\""}}};
}

std::string error_of(const std::string& text) {
    try {
        save_from_json(text, "game.json");
    } catch (const SaveFileError& e) {
        return e.what();
    }
    return "no error";
}

TEST(SaveFile, RoundTripKeepsEverything) {
    const auto game = sample();
    EXPECT_EQ(save_from_json(save_to_json(game), "x"), game);
    SavedGame empty{"r.rules", 2, {}, "ffffffffffffffff", 0, {"human", "human"}, {}};
    EXPECT_EQ(save_from_json(save_to_json(empty), "x"), empty);
}

TEST(SaveFile, WritesAtomicallyAndReadsBack) {
    const auto dir = std::filesystem::temp_directory_path() / "rulesrun_save_file_test";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const auto path = (dir / "game.json").string();
    auto game = sample();
    write_save_file(path, game);
    game.actions.push_back({0, 0, "stay"});
    write_save_file(path, game);  // replaces the previous save
    EXPECT_EQ(read_save_file(path), game);
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()), 1);
}

TEST(SaveFile, UnwritableAndMissingFilesAreNamed) {
    EXPECT_THROW(write_save_file("/nonexistent-folder/game.json", sample()), SaveFileError);
    try {
        read_save_file("/nonexistent-folder/game.json");
        FAIL() << "no error";
    } catch (const SaveFileError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent-folder/game.json"), std::string::npos) << e.what();
    }
}

// A save nested tens of thousands deep once overflowed the stack in replay and play --resume.
TEST(SaveFile, DeeplyNestedFilesAreRefusedWithoutOverflowingTheStack) {
    const std::string deep = std::string(30000, '[') + std::string(30000, ']');
    EXPECT_EQ(error_of(deep), "game.json: JSON whose arrays and objects nest more than 64 deep");
    auto json = save_to_json(sample());
    const auto actions = json.find("\"actions\": [");
    ASSERT_NE(actions, std::string::npos);
    json.insert(actions + 12, std::string(30000, '[') + std::string(30000, ']') + ",");
    EXPECT_EQ(error_of(json), "game.json: JSON whose arrays and objects nest more than 64 deep");
}

TEST(SaveFile, BrokenFilesAreRefusedWithTheReason) {
    EXPECT_NE(error_of("not json").find("not valid JSON"), std::string::npos);
    EXPECT_NE(error_of("[]").find("not a rulesrun saved game"), std::string::npos);
    EXPECT_NE(error_of(R"({"format": 3})").find("not a rulesrun saved game"), std::string::npos);
    auto json = save_to_json(sample());
    const auto replaced = [&](const std::string& from, const std::string& to) {
        auto text = json;
        const auto at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return text.replace(at, from.size(), to);
    };
    EXPECT_NE(error_of(replaced("\"version\": 2", "\"version\": 9")).find("version 9"), std::string::npos);
    EXPECT_NE(error_of(replaced("\"0123456789abcdef\"", "\"xyz\"")).find("'fingerprint' must be 16 hexadecimal"),
              std::string::npos);
    EXPECT_NE(error_of(replaced(" \"fingerprint\"", " \"fingerprints\"")).find("'fingerprint' is missing"),
              std::string::npos);
    EXPECT_NE(error_of(replaced("\"players\": 3", "\"players\": \"3\"")).find("'players' must be a whole number"),
              std::string::npos);
    EXPECT_NE(error_of(replaced("\"seed\": 18446744073709551615", "\"seed\": -1")).find("'seed'"), std::string::npos);
    EXPECT_NE(error_of(replaced(" \"rules\"", " \"rulez\"")).find("'rules' is missing"), std::string::npos);
    EXPECT_NE(error_of(replaced("{\"seat\":2,", "{\"seat\":-2,")).find("action 2: 'seat' is out of range"),
              std::string::npos);
    EXPECT_NE(error_of(replaced("\"name\":\"leave\"", "\"name\":5")).find("action 1: 'name' must be a text"),
              std::string::npos);
    EXPECT_NE(error_of(replaced("\"rounds\":\"5\"", "\"rounds\":5")).find("option 'rounds' must be a text"),
              std::string::npos);
    EXPECT_NE(error_of(replaced("\"cautious\"", "7")).find("'bots' must be a text"), std::string::npos);
}

// A file of version 1 (before fingerprints) is still read, with no fingerprint.
TEST(SaveFile, VersionOneFilesAreReadWithoutAFingerprint) {
    const std::string old = R"({"format": "rulesrun saved game", "version": 1, "rules": "/g/pig.rules", "players": 2,
        "options": {"target": "100"}, "seed": 7, "bots": ["human", "random"], "actions": []})";
    const SavedGame game = save_from_json(old, "old.json");
    EXPECT_EQ(game.fingerprint, "");
    EXPECT_EQ(game.seed, 7u);
    EXPECT_EQ(game.options, (std::vector<std::pair<std::string, std::string>>{{"target", "100"}}));
}

}  // namespace
}  // namespace rulesrun
