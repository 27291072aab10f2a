// The tables of `rulesrun serve` without the network: what each seat's messages hold, answers refused with their
// reasons, the answers to a simultaneous decision told only once all are in, undo (alone with bots, nothing hidden
// revealed since), and a table made again from what the store kept, names and rematch included (tools/serve/table.hpp,
// store.hpp).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include <fmt/format.h>

#include "server.hpp"
#include "store.hpp"
#include "table.hpp"
#include "test_games.hpp"

namespace rulesrun::serve {
namespace {

std::shared_ptr<const runtime::GameDefinition> game(const std::string& name) {
    return testing_support::expect_game(runtime::load_game(std::string(RULESRUN_SOURCE_DIR) + "/rules/" + name + ".rules"));
}

TableRecord record(const std::string& name, int players, std::vector<std::string> seats) {
    TableRecord r;
    r.id = "t1";
    r.game = name;
    r.settings.players = players;
    r.settings.seed = 5;
    for (auto& s : seats) {
        BotSpec spec;
        spec.kind = s == "human" ? BotKind::human : BotKind::random;
        spec.name = s;
        r.seats.push_back({spec, s == "human" ? new_token() : "", ""});
    }
    r.spectator_token = new_token();
    return r;
}

TEST(ServeTable, TokensOpenTheirSeatAndNothingElse) {
    Table table(game("pig"), record("pig", 2, {"human", "human"}));
    EXPECT_EQ(table.seat_of(table.record().seats[1].token), 1);
    EXPECT_EQ(table.seat_of(table.record().spectator_token), -1);
    EXPECT_FALSE(table.seat_of("0123"));
    EXPECT_FALSE(table.seat_of(""));
    EXPECT_EQ(new_token().size(), 32U);
    EXPECT_NE(new_token(), new_token());
}

TEST(ServeTable, RefusedAnswersSayWhyAndChangeNothing) {
    Table table(game("pig"), record("pig", 2, {"human", "human"}));
    const int turn = table.game().to_act().front();
    const int other = 1 - turn;
    EXPECT_EQ(*table.act(other, 0, 0, ""), fmt::format("it is not {}'s turn", table.game().seat_name(other)));
    EXPECT_EQ(*table.act(turn, 3, 0, ""), "this answers step 3, but the game is at step 0");
    EXPECT_EQ(*table.act(turn, 0, 9, ""), "action 9 does not exist: there are 2 (0 to 1)");
    EXPECT_EQ(*table.act(turn, 0, 0, "jump"), "no option is named 'jump'");
    EXPECT_EQ(*table.act(-1, 0, 0, ""), "a spectator cannot act");
    EXPECT_TRUE(table.game().history().empty());
    EXPECT_FALSE(table.act(turn, 0, 0, "hold"));
    EXPECT_EQ(table.game().history().size(), 1U);
}

// What a seat sends is read field by field: numbers that are not whole or are out of range are refused with the
// field named, never rounded or wrapped into another action.
TEST(ServeTable, ActMessagesAreCheckedFieldByField) {
    const auto read = [](const std::string& text) { return runtime::read_act_message(parse_json_input(text)); };
    const auto act = read(R"({"type": "act", "step": 3, "action": 1})");
    EXPECT_EQ(act.error, "");
    EXPECT_EQ(act.step, 3);
    EXPECT_EQ(act.action, 1);
    EXPECT_EQ(read(R"({"type": "act", "name": "hold"})").name, "hold");
    EXPECT_FALSE(read(R"({"type": "act", "name": "hold"})").step);
    EXPECT_EQ(read(R"({"type": "act", "step": -1, "action": 0})").error,
              "\"step\" must be a whole number from 0 to 9223372036854775807, not -1");
    EXPECT_EQ(read(R"({"type": "act", "step": 0, "action": 0.5})").error,
              "\"action\" must be a whole number from 0, not a number with a fraction or exponent (0.5)");
    EXPECT_EQ(read(R"({"type": "act", "step": 0, "action": 1e300})").error,
              "\"action\" must be a whole number from 0, not a number with a fraction or exponent (1e+300)");
    EXPECT_EQ(read(R"({"type": "act", "action": 18446744073709551615})").error,
              "\"action\" must be a whole number from 0 to 2147483647, not 18446744073709551615");
    EXPECT_EQ(read(R"({"type": "act", "action": -2})").error,
              "\"action\" must be a whole number from 0 to 2147483647, not -2");
    EXPECT_EQ(read(R"({"type": "act", "name": 4})").error, "\"name\" must be the name of an option, not a whole number");
    EXPECT_EQ(read(R"({"type": "act"})").error, "an act message names its action: \"action\": K or \"name\": \"...\"");
    EXPECT_NE(read(R"([1, 2])").error.find("expected an act message"), std::string::npos);
}

TEST(ServeTable, OutsideJsonIsParsedWithADepthLimitAndWrittenWithoutThrowing) {
    EXPECT_NO_THROW((void)parse_json_input(std::string(max_json_depth, '[') + std::string(max_json_depth, ']')));
    try {
        (void)parse_json_input(std::string(8000, '[') + std::string(8000, ']'));
        ADD_FAILURE() << "no error";
    } catch (const JsonInputError& e) {
        EXPECT_EQ(std::string(e.what()), "JSON whose arrays and objects nest more than 64 deep");
    }
    try {
        (void)parse_json_input("{\"a\": \xff}");
        ADD_FAILURE() << "no error";
    } catch (const JsonInputError& e) {
        EXPECT_EQ(std::string(e.what()), "not valid JSON: line 1, column 7: syntax error while parsing value - invalid literal");
    }
    EXPECT_EQ(json_text(runtime::error_message("nothing at GET /\xff")),
              "{\"message\":\"nothing at GET /\xef\xbf\xbd\",\"protocol\":1,\"type\":\"error\"}");
}

// Diamant's players decide at once whether to stay or leave: nobody's answer is told before all are in.
TEST(ServeTable, SimultaneousAnswersAreToldOnceAllAreIn) {
    Table table(game("diamant"), record("diamant", 3, {"human", "human", "human"}));
    ASSERT_EQ(table.game().to_act().size(), 3U);
    const auto before = table.log_size(1);
    ASSERT_FALSE(table.act(0, 0, 0, ""));
    EXPECT_EQ(table.log_size(1), before) << "seat 2 learns nothing of seat 1's answer yet";
    const auto message = table.state_for(1, 0);
    EXPECT_EQ(message["to_act"], nlohmann::json({1, 2}));
    EXPECT_FALSE(message["decision"].is_null());
    ASSERT_FALSE(table.act(1, 1, 0, ""));
    ASSERT_FALSE(table.act(2, 2, 0, ""));
    EXPECT_GT(table.log_size(1), before + 2) << "the three answers are told together";
}

TEST(ServeTable, SeatMessagesHoldOnlyWhatTheSeatSees) {
    Table table(game("diams"), record("diams", 3, {"human", "human", "random"}));
    const auto mine = table.state_for(0, 0);
    const auto spectator = table.state_for(-1, 0);
    EXPECT_EQ(mine["seat"], 0);
    EXPECT_TRUE(spectator["seat"].is_null());
    EXPECT_TRUE(spectator["decision"].is_null());
    for (const auto& player : mine["view"]["players"]) {
        for (const auto& zone : player["zones"]) {
            if (zone["label"] != "hand") continue;
            EXPECT_EQ(zone.contains("cards"), player["seat"] == 0) << player["name"];
        }
    }
    for (const auto& player : spectator["view"]["players"]) {
        for (const auto& zone : player["zones"]) EXPECT_TRUE(zone["label"] != "hand" || !zone.contains("cards"));
    }
}

TEST(ServeStore, ATableIsMadeAgainFromWhatWasStored) {
    const auto folder = std::filesystem::temp_directory_path() / fmt::format("rulesrun-store-{}", ::getpid());
    std::filesystem::create_directories(folder);
    const auto file = (folder / "tables.sqlite").string();
    std::filesystem::remove(file);
    Table table(game("diablo"), record("diablo", 2, {"human", "human"}));
    {
        Store store(file);
        store.add_table(table.record());
        for (int i = 0; i < 6 && !table.game().finished(); ++i) {
            const int seat = table.game().to_act().front();
            ASSERT_FALSE(table.act(seat, static_cast<std::int64_t>(i), i % table.game().action_count(seat), ""));
            store.add_action("t1", table.record().actions.size() - 1, table.record().actions.back());
        }
    }
    Store reopened(file);
    auto tables = reopened.tables();
    ASSERT_EQ(tables.size(), 1U);
    for (auto& seat : tables[0].seats) seat.player.kind = seat.player.name == "human" ? BotKind::human : BotKind::random;
    const Table again(game("diablo"), tables[0]);
    ASSERT_EQ(again.game().history().size(), table.game().history().size());
    EXPECT_EQ(runtime::view_facts(again.game(), 1), runtime::view_facts(table.game(), 1));
    EXPECT_EQ(again.state_for(0, 0), table.state_for(0, 0));
    EXPECT_EQ(again.seat_of(table.record().seats[0].token), 0);
    reopened.remove_table("t1");
    EXPECT_TRUE(reopened.tables().empty());
    std::filesystem::remove_all(folder);
}

TEST(ServeTable, UndoIsForAPersonAloneWithBotsWhileNothingHiddenCameToLight) {
    const auto four = testing_support::expect_game(
        runtime::load_game(std::string(RULESRUN_SOURCE_DIR) + "/rules/classics/connect_four.rules"));
    Table alone(four, record("connect_four", 2, {"human", "random"}));
    EXPECT_FALSE(alone.may_undo(0));
    EXPECT_EQ(alone.take_back(0).refused, "nothing to undo: you have not decided anything yet");
    ASSERT_FALSE(alone.act(0, 0, 3, ""));
    ASSERT_FALSE(alone.act(1, 1, 0, ""));
    const auto first_state = Table(four, record("connect_four", 2, {"human", "random"})).state_for(0, 0);
    EXPECT_TRUE(alone.may_undo(0));
    EXPECT_FALSE(alone.may_undo(1));
    EXPECT_EQ(alone.take_back(-1).refused, "a spectator cannot undo");
    const Table::TakeBack back = alone.take_back(0);
    ASSERT_EQ(back.refused, "");
    EXPECT_EQ(back.step, 0U);
    alone.keep_steps(back.step);
    EXPECT_EQ(alone.game().history().size(), 0U);
    EXPECT_EQ(alone.state_for(0, 0), first_state);

    Table together(four, record("connect_four", 2, {"human", "human"}));
    ASSERT_FALSE(together.act(0, 0, 3, ""));
    EXPECT_FALSE(together.may_undo(0));
    EXPECT_NE(together.take_back(0).refused.find("with other people at the table"), std::string::npos);

    // Pig: the die rolled after "roll" is something the person could not know.
    Table pig(game("pig"), record("pig", 2, {"human", "random"}));
    const auto roll = runtime::action_named(pig.game(), 0, "roll");
    ASSERT_TRUE(roll);
    ASSERT_FALSE(pig.act(0, 0, *roll, ""));
    EXPECT_TRUE(pig.may_undo(0));
    EXPECT_NE(pig.take_back(0).refused.find("undo is not possible: since you chose roll"), std::string::npos);
}

TEST(ServeStore, NamesRematchesAndTakenBackActionsAreKept) {
    const auto folder = std::filesystem::temp_directory_path() / fmt::format("rulesrun-store-names-{}", ::getpid());
    std::filesystem::create_directories(folder);
    const auto file = (folder / "tables.sqlite").string();
    std::filesystem::remove(file);
    TableRecord r = record("pig", 2, {"human", "random"});
    r.seats[0].name = "Ann \u00e9";
    {
        Store store(file);
        store.add_table(r);
        for (std::size_t step = 0; step < 3; ++step) store.add_action("t1", step, {0, 0});
        store.remove_actions_from("t1", 1);
        r.rematch = "t2";
        store.update_plan(r);
    }
    Store reopened(file);
    const auto tables = reopened.tables();
    ASSERT_EQ(tables.size(), 1U);
    EXPECT_EQ(tables[0].seats[0].name, "Ann \u00e9");
    EXPECT_EQ(tables[0].seats[1].name, "");
    EXPECT_EQ(tables[0].rematch, "t2");
    EXPECT_EQ(tables[0].actions.size(), 1U);
    std::filesystem::remove_all(folder);
}

TEST(ServeStore, AFileThatCannotBeOpenedIsNamed) {
    try {
        Store store("/proc/no/such/folder/tables.sqlite");
        FAIL() << "opened";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("/proc/no/such/folder/tables.sqlite"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace rulesrun::serve
