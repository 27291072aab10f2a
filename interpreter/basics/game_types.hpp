// The plain types that cross stages: the errors a game reports, what a rules file declares for its users (options,
// statistics, strategies), the settings of one game, and what a game records (actions, statistic samples, forced
// chance, results). The compiler fills the declarations, the machine the records, the engine hands both to front ends.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rulesrun::runtime {

// A rule failed while running (an endless loop, a choice with no legal option, an empty list read...). The message
// names the rule and its place: "diamant.rules:120:5: in procedure explore: ...".
struct RuleError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Wrong settings for a game (unknown option, value out of range, unsupported player count).
struct SettingsError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// Something the caller got wrong: an action index out of range, a seat that is not to act, a finished game.
struct UsageError : std::logic_error {
    using std::logic_error::logic_error;
};

struct OptionInfo {
    std::string name;
    std::string description;
    std::vector<std::string> values;  // the allowed values, or {"LOW to HIGH"} for a range
    std::string default_value;
};

struct StatInfo {
    std::string name;
    std::string description;
    bool per_player = false;
};

struct StrategyInfo {
    std::string name;
    std::string description;
};

struct Settings {
    int players = 0;  // 0: the game's smallest player count
    std::vector<std::pair<std::string, std::string>> options;  // name=value pairs as typed; the others keep defaults
    std::uint64_t seed = 1;
};

// The settings checked against a game: every option with its value (declaration order), the player count.
struct ResolvedSettings {
    int players = 0;
    std::vector<std::pair<std::string, std::string>> options;  // every option, as text
    std::vector<std::int32_t> option_values;                    // the same, as runtime values
    std::uint64_t seed = 1;
};

// A line of the game's log (`say` or `show`) and who may read it.
struct Message {
    std::string text;
    std::vector<int> seats;  // the seats that may read it, in seat order; empty: everyone
    bool shown = false;      // made by `show`: its readers learn what it shows (part of what they may know)
    std::string origin;      // the statement that made it: "file.rules:LINE:COLUMN" (for the leak audit)

    [[nodiscard]] bool readable_by(int seat) const {
        if (seats.empty()) return true;
        for (const int s : seats) {
            if (s == seat) return true;
        }
        return false;
    }
    friend bool operator==(const Message&, const Message&) = default;
};

struct ActionRecord {
    int seat = 0;
    int action = 0;  // index in the list of legal actions of that seat at that moment
};

struct StatSample {
    int stat = 0;   // index in GameDefinition::stats()
    int seat = -1;  // for per-player statistics
    std::int32_t value = 0;
};

// A chance result forced by a test (docs/fixtures.md): the next `roll` or `random` gives `number`, or the next
// `shuffle` puts the cards shown as `order` on top of the zone, in that order (the others below, shuffled). A forced
// result that the rules could not produce there (a face the die does not have, a card not in the zone, a number where
// a shuffle comes) stops the game with a RuleError that names `origin` (where the test forced it).
// A `probe` forces nothing: the roll, random or shuffle that reaches it is noted (Game::probed_chance) and goes on as
// usual, a number giving its lowest value. The game tree (game_tree.hpp) learns so what the next draw may give.
struct ForcedChance {
    enum class Kind { number, order, probe } kind = Kind::number;
    std::int32_t number = 0;
    std::vector<std::string> order;
    std::string origin;
    friend bool operator==(const ForcedChance&, const ForcedChance&) = default;
};

// What a probe noted (ForcedChance::Kind::probe): nothing, a number from `low` to `high`, or a shuffle. A shuffle
// also notes the names (`shown as`) of the zone's cards in card order, so that the solver (solver.hpp) can force each
// order in turn by name, and whether cards shown alike are alike (same card type, fields showing the same values):
// when they are not, an order forced by name cannot say which of them goes where.
struct ChanceProbe {
    enum class Kind { none, number, shuffle } kind = Kind::none;
    std::int32_t low = 0;
    std::int32_t high = 0;
    std::vector<std::string> cards;
    bool alike_when_shown_alike = true;
};

// How a game ended (docs/language.md, "The end"). Exactly one of: some winners (alone or shared), a draw, or
// everybody loses.
struct Results {
    std::vector<std::int32_t> scores;  // per seat (all 0 when the game declares no score)
    std::vector<int> ranks;            // the winners share rank 1; the others follow by the rank keys (or the score),
                                       // tied players sharing a rank; everybody 1 in a draw or a cooperative game
    std::vector<bool> winners;         // per seat (none in a draw)
    bool draw = false;                 // nobody won or lost: `with draw`, or every player of a competitive game won
    bool everybody_loses = false;      // no winner at all, and not a draw
    bool shared_win = false;           // more than one winner (some, not all, in a competitive game)
    bool cooperative = false;          // the game is cooperative: the players won or lost together

    // A seat's share of the game's win: 1/k when it is one of k winners, 1/n to each of n players in a draw.
    [[nodiscard]] double win_share(std::size_t seat) const {
        if (draw) return 1.0 / static_cast<double>(winners.size());
        if (!winners[seat]) return 0.0;
        if (cooperative) return 1.0;
        std::size_t count = 0;
        for (const bool w : winners) count += w;
        return 1.0 / static_cast<double>(count);
    }
};

}  // namespace rulesrun::runtime
