// Exec bots: programs that take a seat over their standard input and output (docs/protocol.md). Whole games of Pig
// and Diam's with tools/example_bot.py against random bots, through simulate() and through make_bot; what a program
// is sent (states of its seat only, its log lines once each, the last state); exec entries of bot lists; and every
// way a program can misbehave, each stopping the game with an error that names the bot, its seat and what it did.
// The misbehaving programs are small shell scripts written to the test's temporary folder.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "exec_bot.hpp"
#include "simulation.hpp"
#include "table_log.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

using runtime::Game;
using testing_support::load_rules;
using testing_support::process_folder;
using Clock = std::chrono::steady_clock;

const std::string example_bot = std::string("python3 ") + RULESRUN_SOURCE_DIR + "/tools/example_bot.py";

// Writes a script to the test's folder; the command that runs it.
std::string script(const std::string& name, const std::string& text) {
    const auto path = process_folder() / name;
    std::ofstream(path) << text;
    return "sh " + path.string();
}

BotSpec exec_spec(const std::string& command, double timeout_seconds = 10) {
    BotSpec spec;
    spec.kind = BotKind::exec;
    spec.name = "exec";
    spec.command = command;
    spec.timeout_seconds = timeout_seconds;
    return spec;
}

// A game that keeps its messages, as front ends start them for a table's log.
Game start(const std::string& rules, int players, std::uint64_t seed) {
    const auto definition = load_rules(rules);
    return Game(definition, runtime::resolve_settings(*definition, {players, {}, seed}), true);
}

// Plays the game to its end as a front end does: the engine's messages and the choices go into the table's log (the
// choices of a decision once all of its seats have chosen), and the bots are told the end.
void play_out(Game& game, const std::vector<std::unique_ptr<Bot>>& bots, runtime::TableLog& log) {
    for (const auto& bot : bots) bot->follow(&log);
    while (!game.finished()) {
        log.add_messages(game.take_messages());
        std::vector<std::tuple<int, std::string, bool>> chosen;
        for (const int seat : game.to_act()) {
            const int action = bots[seat]->choose(game, seat);
            chosen.emplace_back(seat, game.action_name(seat, action), game.choice_is_secret(seat));
            game.apply(seat, action);
        }
        for (const auto& [seat, name, secret] : chosen) log.add_choice(game, seat, name, secret);
    }
    log.add_messages(game.take_messages());
    for (int seat = 0; seat < game.players(); ++seat) bots[seat]->game_over(game, seat);
}

// Seat 0 played by `spec`, the others by random bots.
std::vector<std::unique_ptr<Bot>> seats(const BotSpec& spec, int players, std::uint64_t seed) {
    std::vector<std::unique_ptr<Bot>> bots;
    bots.push_back(make_bot(spec, seed, 0));
    for (int seat = 1; seat < players; ++seat) bots.push_back(make_bot(BotSpec{}, seed, seat));  // random
    return bots;
}

SimulationRequest request(const std::string& rules, int players, const std::string& bots, std::int64_t games,
                          int threads) {
    SimulationRequest r;
    r.game = load_rules(rules);
    r.settings = runtime::resolve_settings(*r.game, {players, {}, 5});
    r.bots = parse_bot_list(bots, r.game->strategies(), false);
    r.games = games;
    r.threads = threads;
    return r;
}

// The error a game of Pig with `spec` in seat 1 stops with ("no error" when it ends well).
std::string pig_error(const BotSpec& spec) {
    Game game = start("pig.rules", 2, 3);
    runtime::TableLog log(2);
    try {
        play_out(game, seats(spec, 2, 3), log);
    } catch (const BotError& e) {
        return e.what();
    }
    return "no error";
}

TEST(ExecBotList, TakesTheRestOfTheEntryOrAQuotedCommand) {
    const auto bots = parse_bot_list("exec:python3 bot.py --level=2,random, exec:\"python3 bot.py --level 2, fast\"",
                                     {}, false);
    ASSERT_EQ(bots.size(), 3U);
    EXPECT_EQ(bots[0].kind, BotKind::exec);
    EXPECT_EQ(bots[0].command, "python3 bot.py --level=2");
    EXPECT_EQ(bots[1].kind, BotKind::random);
    EXPECT_EQ(bots[2].command, "python3 bot.py --level 2, fast");
    EXPECT_EQ(bots[2].text(), "exec:\"python3 bot.py --level 2, fast\"");
    EXPECT_EQ(parse_bot_list(bots[2].text(), {}, false).at(0).command, bots[2].command);  // as a saved game keeps it
    EXPECT_EQ(parse_bot_list("exec:\"say \"hi\" twice\"", {}, false).at(0).command, "say \"hi\" twice");
    EXPECT_TRUE(bots[0].reads_log());
    EXPECT_FALSE(bots[1].reads_log());
}

TEST(ExecBotList, WrongEntriesAreExplained) {
    const auto error = [](const std::string& list) {
        try {
            parse_bot_list(list, {}, false);
        } catch (const BotListError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(error("exec:  ,random"), "'exec:' names no command: write exec:COMMAND (exec:\"python3 bot.py\")");
    EXPECT_EQ(error("exec"), "'exec' needs a command: write exec:COMMAND (exec:\"python3 bot.py\")");
    EXPECT_EQ(error("exec:\"bot.py, fast"),
              "the command of 'exec:\"bot.py, fast' in the bot list has no closing quote (a quote followed by a comma "
              "or by the end of the list)");
    EXPECT_EQ(error("exec:bot.py --level 2, fast"),
              "unknown bot 'fast' (known bots: random, mcts, or exec:COMMAND for a program) (the command of "
              "exec:bot.py --level 2 ends at the first comma: a command with commas goes in double quotes, "
              "exec:\"COMMAND\")");
}

TEST(ExecBot, PlaysWholeSimulatedGames) {
    for (const auto& [rules, players, games] : {std::tuple{"pig.rules", 2, 4}, std::tuple{"diams.rules", 3, 2}}) {
        std::string bots = "exec:\"" + example_bot + " 4\"";
        for (int seat = 1; seat < players; ++seat) bots += ",random";
        const auto two_threads = simulate(request(rules, players, bots, games, 2));
        EXPECT_EQ(two_threads.games, games) << rules;
        // The program draws from its own seeded generator: the same games again, on one thread, are the same bits.
        EXPECT_EQ(simulate(request(rules, players, bots, games, 1)), two_threads) << rules;
    }
}

TEST(ExecBot, PlaysWholeGamesMadeByMakeBot) {
    for (const auto& [rules, players] : {std::pair{"pig.rules", 2}, std::pair{"diams.rules", 3}}) {
        Game game = start(rules, players, 11);
        runtime::TableLog log(players);
        play_out(game, seats(exec_spec(example_bot), players, 11), log);
        EXPECT_TRUE(game.finished()) << rules;
    }
}

// A program that writes every line it is sent to a file and answers the first option by its name, without a step.
std::vector<nlohmann::json> recorded_messages(const std::string& rules, int players, runtime::TableLog& log) {
    const auto record = process_folder() / ("received_" + rules + ".jsonl");
    const auto path = process_folder() / "recorder.py";
    std::ofstream(path) << R"(import json, sys
with open(sys.argv[1], "w") as record:
    for line in sys.stdin:
        record.write(line)
        message = json.loads(line)
        if message["decision"]:
            print(json.dumps({"type": "act", "name": message["decision"]["options"][0]["name"]}), flush=True)
)";
    const std::string command = "python3 " + path.string() + " " + record.string();
    Game game = start(rules, players, 2);
    play_out(game, seats(exec_spec(command), players, 2), log);
    std::vector<nlohmann::json> messages;
    std::ifstream in(record);
    for (std::string line; std::getline(in, line);) messages.push_back(nlohmann::json::parse(line));
    return messages;
}

TEST(ExecBot, IsSentItsSeatsStatesAndEachOfItsLogLinesOnce) {
    runtime::TableLog log(3);
    const auto messages = recorded_messages("diams.rules", 3, log);
    ASSERT_GE(messages.size(), 2U);
    std::vector<std::string> received;
    for (std::size_t i = 0; i < messages.size(); ++i) {
        const auto& m = messages[i];
        const bool last = i + 1 == messages.size();
        EXPECT_EQ(m["type"], "state");
        EXPECT_EQ(m["protocol"], 1);
        EXPECT_EQ(m["seat"], 0);
        EXPECT_EQ(m["log_from"], received.size()) << "message " << i;
        for (const auto& line : m["log"]) received.push_back(line);
        EXPECT_EQ(m["finished"], last);
        EXPECT_EQ(m["decision"].is_null(), last);
        EXPECT_EQ(m["results"].is_null(), !last);
        if (i > 0) {
            EXPECT_GT(m["step"], messages[i - 1]["step"]);
        }
        for (const auto& player : m["view"]["players"]) {  // the others' hands stay hidden until the game is over
            for (const auto& zone : player["zones"]) {
                const bool hidden_cards_shown = zone.contains("cards") && zone["seen"] != "open";
                EXPECT_FALSE(!last && !player["you"] && hidden_cards_shown) << "message " << i;
            }
        }
    }
    EXPECT_EQ(received, log.readable(0));
    EXPECT_FALSE(received.empty());
}

TEST(ExecBot, TheProgramIsStoppedWhenTheGameIsOver) {
    const auto said_goodbye = process_folder() / "goodbye";
    std::filesystem::remove(said_goodbye);
    const auto polite = script("polite.sh", "while read -r line; do echo '{\"type\": \"act\", \"action\": 0}'; done\n"
                                            "echo bye > " + said_goodbye.string() + "\n");
    EXPECT_EQ(pig_error(exec_spec(polite)), "no error");
    EXPECT_TRUE(std::filesystem::exists(said_goodbye)) << "the program read the end of its input and exited";

    // One that goes on after its input has ended is killed within a second or so.
    const auto stubborn = script("stubborn.sh", "while read -r line; do echo '{\"type\": \"act\", \"action\": 0}'; "
                                                "done\nsleep 30\n");
    const auto start = Clock::now();
    EXPECT_EQ(pig_error(exec_spec(stubborn)), "no error");
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(5));
}

// The error of a game of Pig whose seat 1 runs this script.
std::string misbehaviour(const std::string& name, const std::string& text, double timeout_seconds = 10) {
    const auto command = script(name, text);
    const std::string error = pig_error(exec_spec(command, timeout_seconds));
    const std::string named = "the bot exec:\"" + command + "\" in seat 1 (player 1) ";
    EXPECT_EQ(error.substr(0, named.size()), named) << error;
    return error.substr(std::min(error.size(), named.size()));
}

TEST(ExecBot, ProgramsThatMisbehaveStopTheGameWithAClearError) {
    EXPECT_EQ(misbehaviour("garbage.sh", "read -r line; echo hello\n"), "answered 'hello' instead of an act message");
    EXPECT_EQ(misbehaviour("error.sh", "read -r line; echo '{\"type\": \"error\", \"message\": \"no\"}'\n"),
              "answered '{\"type\": \"error\", \"message\": \"no\"}' instead of an act message");
    EXPECT_EQ(misbehaviour("quits.sh", "exit 1\n"), "exited with status 1 before the game ended");
    EXPECT_EQ(misbehaviour("once.sh", "read -r line; echo '{\"type\": \"act\", \"action\": 0}'\n"),
              "exited with status 0 before the game ended");
    EXPECT_EQ(misbehaviour("no_such.sh", "no_such_bot_program\n"),
              "exited with status 127 (the shell found no such command) before the game ended");
    EXPECT_EQ(misbehaviour("action.sh", "read -r line; echo '{\"type\": \"act\", \"step\": 0, \"action\": 99}'\n"),
              "chose action 99, which does not exist (its options are numbered 0 to 1)");
    EXPECT_EQ(misbehaviour("name.sh", "read -r line; echo '{\"type\": \"act\", \"name\": \"fly\"}'\n"),
              "chose \"fly\", which is not the name of one of its options");
    EXPECT_EQ(misbehaviour("step.sh", "read -r line; echo '{\"type\": \"act\", \"step\": 5, \"action\": 0}'\n"),
              "answered for step 5, but the game is at step 0");
    EXPECT_EQ(misbehaviour("neither.sh", "read -r line; echo '{\"type\": \"act\", \"step\": 0}'\n"),
              "sent a wrong act message: an act message names its action: \"action\": K or \"name\": \"...\"");
    // Numbers that are not whole, negative or too large are refused with the field named, never rounded or wrapped.
    EXPECT_EQ(misbehaviour("minus.sh", "read -r line; echo '{\"type\": \"act\", \"step\": -1, \"action\": 0}'\n"),
              "sent a wrong act message: \"step\" must be a whole number from 0 to 9223372036854775807, not -1");
    EXPECT_EQ(misbehaviour("half.sh", "read -r line; echo '{\"type\": \"act\", \"action\": 0.5}'\n"),
              "sent a wrong act message: \"action\" must be a whole number from 0, not a number with a fraction or "
              "exponent (0.5)");
    EXPECT_EQ(misbehaviour("huge.sh", "read -r line; echo '{\"type\": \"act\", \"action\": 1e300}'\n"),
              "sent a wrong act message: \"action\" must be a whole number from 0, not a number with a fraction or "
              "exponent (1e+300)");
    EXPECT_EQ(misbehaviour("big.sh", "read -r line; echo '{\"type\": \"act\", \"action\": 4294967296}'\n"),
              "sent a wrong act message: \"action\" must be a whole number from 0 to 2147483647, not 4294967296");
    EXPECT_EQ(misbehaviour("deep.sh", "read -r line; printf '%.0s[' $(seq 30000); echo\n"),
              "answered '" + std::string(80, '[') + "...' instead of an act message");
    EXPECT_EQ(misbehaviour("long.sh", "read -r line; head -c 1100000 /dev/zero | tr '\\0' x\n"),
              "wrote a line of over 1048576 bytes instead of an act message");
}

TEST(ExecBot, AProgramThatAnswersLateIsStoppedAtItsTimeout) {
    const auto start = Clock::now();
    EXPECT_EQ(misbehaviour("sleeps.sh", "read -r line; sleep 20\n", 0.25), "took more than 0.25 s to answer (step 0)");
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(3)) << "the program was not waited for";
}

TEST(ExecBot, ASimulationNamesTheGameAndTheBot) {
    const auto command = script("sim_garbage.sh", "read -r line; echo hello\n");
    try {
        simulate(request("pig.rules", 2, "random,exec:" + command, 10, 2));
        ADD_FAILURE() << "no error";
    } catch (const SimulationError& e) {
        EXPECT_EQ(e.game_index, 0);
        EXPECT_NE(std::string(e.what()).find("failed: the bot exec:\"" + command +
                                             "\" in seat 2 (player 2) answered 'hello' instead of an act message"),
                  std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace rulesrun
