// Diamant's rules (docs/games/diamant.md, rules/diamant.rules) as properties of many seeded games. The test
// steers the stay-or-leave decisions (at random, everyone staying, two seats mirroring each other...), reads the
// table from a spectator's view between decisions (chests, explorers in the mine, what lies in front of them, the
// deck's size, the path's cards with their diamonds, the cards out of the game) and the `say` messages (which card
// was turned, when a round starts), and checks each transition against the rulebook: the expected values come from
// the spec, computed from what was on the table before.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <numeric>
#include <regex>

#include "game.hpp"
#include "seat_view.hpp"
#include "random.hpp"

namespace rulesrun::runtime {
namespace {

constexpr int mine_cards = 30;  // 15 treasures and 3 cards of each of 5 hazards
const std::vector<std::string> hazard_kinds = {"snakes", "spiders", "lava", "rockfall", "rams"};

std::shared_ptr<const GameDefinition> diamant() {
    static const std::shared_ptr<const GameDefinition> game = [] {
        LoadedGame loaded = load_game(std::string(RULESRUN_SOURCE_DIR) + "/rules/diamant.rules");
        std::string messages;
        for (const auto& d : loaded.diagnostics) messages += render_diagnostic(loaded.sources, d, false);
        EXPECT_TRUE(loaded.game) << messages;
        return loaded.game;
    }();
    return game;
}

using Options = std::vector<std::pair<std::string, std::string>>;

Game start(int players, std::uint64_t seed, const Options& options = {}) {
    Settings settings;
    settings.players = players;
    settings.seed = seed;
    settings.options = options;
    return Game(diamant(), resolve_settings(*diamant(), settings), true);
}

// ---- the table, read from a spectator's view ------------------------------------------------------------------------

struct Card {
    std::string label;   // "7 diamonds", "snakes"
    int value = 0;       // a treasure's printed diamonds (0 for a hazard)
    std::string hazard;  // a hazard's kind ("" for a treasure)
    int gems = 0;        // the diamonds lying on it
};

int diamonds_on(const std::vector<Card>& cards) {
    return std::accumulate(cards.begin(), cards.end(), 0, [](int sum, const Card& c) { return sum + c.gems; });
}

struct Explorer {
    int chest = 0;
    bool in_mine = false;
    int in_front = 0;
};

struct Table {
    bool finished = false;
    int round = 0;
    std::vector<Explorer> players;
    int deck = -1;
    std::vector<Card> path, out_of_game;

    [[nodiscard]] int loot_on_path() const { return diamonds_on(path); }
    [[nodiscard]] int explorers() const {
        return static_cast<int>(std::count_if(players.begin(), players.end(), [](const Explorer& e) { return e.in_mine; }));
    }
};

Card card_named(const std::string& label) {
    static const std::regex treasure(R"((\d+) diamonds)");
    Card card;
    card.label = label;
    std::smatch m;
    if (std::regex_match(label, m, treasure)) {
        card.value = std::stoi(m[1]);
    } else {
        EXPECT_NE(std::find(hazard_kinds.begin(), hazard_kinds.end(), label), hazard_kinds.end()) << "not a mine card: " << label;
        card.hazard = label;
    }
    return card;
}

// "[snakes (gems 0), 7 diamonds (gems 7)]"
std::vector<Card> cards_in(const std::string& list) {
    static const std::regex one(R"(\s*([^,\[\]]+?) \(gems (\d+)\))");
    std::vector<Card> cards;
    for (auto it = std::sregex_iterator(list.begin(), list.end(), one); it != std::sregex_iterator(); ++it) {
        Card card = card_named((*it)[1]);
        card.gems = std::stoi((*it)[2]);
        cards.push_back(card);
    }
    return cards;
}

Table read_table(const Game& game) {
    Table t;
    t.finished = game.finished();
    t.players.resize(static_cast<std::size_t>(game.players()));
    std::map<std::string, std::string> facts;
    for (const auto& fact : view_facts(game, -1)) {
        const auto at = fact.find(" = ");
        if (at != std::string::npos) facts[fact.substr(0, at)] = fact.substr(at + 3);
    }
    auto fact = [&](const std::string& name) {
        const auto it = facts.find(name);
        EXPECT_NE(it, facts.end()) << "no fact " << name;
        return it == facts.end() ? std::string() : it->second;
    };
    t.round = std::stoi(fact("round_number"));
    for (int seat = 0; seat < game.players(); ++seat) {
        const std::string name = game.seat_name(seat);
        Explorer& e = t.players[static_cast<std::size_t>(seat)];
        e.chest = std::stoi(fact(name + ".chest"));
        e.in_mine = fact(name + ".in_mine") == "true";
        e.in_front = std::stoi(fact(name + ".in_front"));
    }
    t.deck = std::stoi(fact("deck"));  // "26 cards (face down)"
    t.path = cards_in(fact("path"));
    t.out_of_game = cards_in(fact("out_of_game"));
    return t;
}

// ---- steering a game and recording it -------------------------------------------------------------------------------

// Whether `seat` leaves the mine now, given the table.
using Policy = std::function<bool(const Table&, int seat)>;

// One stay-or-leave decision and what followed it, up to the next decision (or the end).
struct Step {
    Table before;
    std::vector<int> leavers;
    std::vector<std::string> said;
    Table after;

    [[nodiscard]] bool round_goes_on() const { return !after.finished && after.round == before.round; }
    [[nodiscard]] bool leaves(int seat) const { return std::find(leavers.begin(), leavers.end(), seat) != leavers.end(); }
};

struct Played {
    std::vector<std::string> messages;  // everything said, from the start
    Table opening;                      // at the first decision
    std::vector<Step> steps;
    Table end;
    Results results;
    std::vector<StatSample> samples;
};

int action_named(const Game& game, int seat, const std::string& name) {
    for (int a = 0; a < game.action_count(seat); ++a) {
        if (game.action_name(seat, a) == name) return a;
    }
    ADD_FAILURE() << game.seat_name(seat) << " has no action " << name;
    return 0;
}

Played play(int players, std::uint64_t seed, const Policy& leaves, const Options& options = {}) {
    Played out;
    Game game = start(players, seed, options);
    out.messages = messages_for(game.take_messages(), -1);
    Table table = read_table(game);
    out.opening = table;
    while (!game.finished()) {
        Step step;
        step.before = table;
        for (const int seat : game.to_act()) {
            const bool leave = leaves(table, seat);
            if (leave) step.leavers.push_back(seat);
            game.apply(seat, action_named(game, seat, leave ? "leave" : "stay"));
        }
        step.said = messages_for(game.take_messages(), -1);
        out.messages.insert(out.messages.end(), step.said.begin(), step.said.end());
        table = read_table(game);
        step.after = table;
        out.steps.push_back(step);
    }
    out.end = table;
    out.results = game.results();
    out.samples = game.samples();
    return out;
}

Policy everyone_stays() {
    return [](const Table&, int) { return false; };
}

// Each explorer leaves with probability 1 / `one_in` at each decision.
Policy at_random(std::uint64_t seed, std::uint32_t one_in) {
    auto rng = std::make_shared<Rng>(seed);
    return [rng, one_in](const Table&, int) { return rng->below(one_in) == 0; };
}

std::string where(int players, std::uint64_t seed, const Options& options = {}) {
    std::string out = std::to_string(players) + " players, seed " + std::to_string(seed);
    for (const auto& [name, value] : options) out += ", " + name + "=" + value;
    return out;
}

// The cards turned up in each round, in order, from the messages ("Round 2 of 5: ...", "The explorers find lava").
std::vector<std::vector<Card>> cards_turned_per_round(const std::vector<std::string>& messages) {
    std::vector<std::vector<Card>> rounds;
    const std::string found = "The explorers find ";
    for (const auto& m : messages) {
        if (m.rfind("Round ", 0) == 0) rounds.emplace_back();
        if (m.rfind(found, 0) == 0) {
            EXPECT_FALSE(rounds.empty()) << "a card turned before the first round: " << m;
            if (!rounds.empty()) rounds.back().push_back(card_named(m.substr(found.size())));
        }
    }
    return rounds;
}

// The cards turned up in these messages before the next round starts.
std::vector<Card> cards_turned_before_the_next_round(const std::vector<std::string>& said) {
    std::vector<Card> cards;
    const std::string found = "The explorers find ";
    for (const auto& m : said) {
        if (m.rfind("Round ", 0) == 0) break;
        if (m.rfind(found, 0) == 0) cards.push_back(card_named(m.substr(found.size())));
    }
    return cards;
}

// Whether this card, turned after `earlier` in the same round, is a second hazard of its kind.
bool second_hazard(const Card& card, const std::vector<Card>& earlier) {
    return !card.hazard.empty() &&
           std::any_of(earlier.begin(), earlier.end(), [&](const Card& c) { return c.hazard == card.hazard; });
}

// Whether a round with these cards turned ended on a second hazard (its last card).
bool ends_on_second_hazard(const std::vector<Card>& turned) {
    return !turned.empty() && second_hazard(turned.back(), {turned.begin(), turned.end() - 1});
}

std::vector<std::string> labels(const std::vector<Card>& cards) {
    std::vector<std::string> out;
    for (const auto& c : cards) out.push_back(c.label);
    std::sort(out.begin(), out.end());
    return out;
}

// The tables right after a card was turned up (its last path card): the first decision and every later one.
std::vector<const Table*> tables_after_a_card(const Played& game) {
    std::vector<const Table*> out = {&game.opening};
    for (const Step& s : game.steps) {
        if (!s.after.finished) out.push_back(&s.after);
    }
    return out;
}

// Every player count, both variants, `games` seeds each, with explorers leaving at random.
template <class Check>
void for_random_games(int games, Check&& check) {
    for (const std::string variant : {"seed", "official"}) {
        for (int players = 3; players <= 8; ++players) {
            for (int i = 0; i < games; ++i) {
                const auto seed = static_cast<std::uint64_t>(1000 * players + i);
                const Options options = {{"variant", variant}};
                SCOPED_TRACE(where(players, seed, options));
                check(play(players, seed, at_random(seed, 3), options), variant);
                if (testing::Test::HasFailure()) return;
            }
        }
    }
}

// ---- the rules ------------------------------------------------------------------------------------------------------

TEST(DiamantRules, OnlyExplorersInTheMineDecideAndNeverBeforeTheRoundsFirstCard) {
    for (int players = 3; players <= 8; ++players) {
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            SCOPED_TRACE(where(players, seed));
            Game game = start(players, seed);
            Rng rng(seed);
            int last_round = 0;
            while (!game.finished()) {
                const Table t = read_table(game);
                std::vector<int> in_mine;
                for (int seat = 0; seat < players; ++seat) {
                    if (t.players[static_cast<std::size_t>(seat)].in_mine) in_mine.push_back(seat);
                }
                EXPECT_EQ(game.to_act(), in_mine);
                // The first decision of a round comes after its first card, and only then.
                EXPECT_EQ(t.path.size() == 1, t.round != last_round) << "round " << t.round << ", path of " << t.path.size();
                last_round = t.round;
                for (const int seat : game.to_act()) {
                    EXPECT_EQ(game.action_count(seat), 2);
                    game.apply(seat, action_named(game, seat, rng.below(4) == 0 ? "leave" : "stay"));
                }
            }
            if (HasFailure()) return;
        }
    }
}

TEST(DiamantRules, LeaversShareThePathsDiamondsEquallyAndTheRemainderStaysOnTheCards) {
    int shares_with_remainder = 0;  // k >= 2 leavers, L % k > 0, and the round went on
    for_random_games(25, [&](const Played& game, const std::string& variant) {
        for (const Step& s : game.steps) {
            const int k = static_cast<int>(s.leavers.size());
            const int loot = s.before.loot_on_path();
            const int share = k > 0 ? loot / k : 0;
            for (std::size_t seat = 0; seat < s.before.players.size(); ++seat) {
                const Explorer& was = s.before.players[seat];
                const Explorer& is = s.after.players[seat];
                if (s.leaves(static_cast<int>(seat))) {
                    // The share and whatever was in front of him (official variant) go into the chest.
                    EXPECT_EQ(is.chest, was.chest + share + was.in_front)
                        << "leaver " << seat << ", " << k << " leave with " << loot;
                } else {
                    EXPECT_EQ(is.chest, was.chest) << "seat " << seat << " did not leave";
                }
            }
            for (const int seat : s.leavers) {
                const Explorer& was = s.before.players[static_cast<std::size_t>(seat)];
                // Diamonds in front exist in the official variant only; 1 diamond, 2 diamonds.
                const std::string diamonds = std::to_string(share) + (share == 1 ? " diamond" : " diamonds");
                const std::string in_front =
                    variant == "official" ? " from the path and " + std::to_string(was.in_front) + " in front" : "";
                const std::string message = "player " + std::to_string(seat + 1) + " leaves the mine with " + diamonds +
                                            in_front + ": " + std::to_string(was.chest + share + was.in_front) +
                                            " in the chest";
                EXPECT_NE(std::find(s.said.begin(), s.said.end(), message), s.said.end()) << message;
            }
            if (!s.round_goes_on()) continue;
            // The cards already on the path are still there, first; what was not shared lies on them.
            ASSERT_GT(s.after.path.size(), s.before.path.size());
            const auto old_end = s.after.path.begin() + static_cast<long>(s.before.path.size());
            const std::vector<Card> old_cards(s.after.path.begin(), old_end);
            EXPECT_EQ(labels(old_cards), labels(s.before.path));
            EXPECT_EQ(diamonds_on(old_cards), loot - share * k) << k << " leave with " << loot;
            for (int seat = 0; seat < static_cast<int>(s.after.players.size()); ++seat) {
                const bool was_inside = s.before.players[static_cast<std::size_t>(seat)].in_mine;
                EXPECT_EQ(s.after.players[static_cast<std::size_t>(seat)].in_mine, was_inside && !s.leaves(seat)) << seat;
            }
            if (k >= 2 && loot % k > 0) ++shares_with_remainder;
        }
    });
    EXPECT_GT(shares_with_remainder, 50) << "too few shares with a remainder to test";
}

TEST(DiamantRules, ASecondHazardEndsTheRoundAndLeavesTheGameForGood) {
    int rounds_struck = 0;
    auto check = [&](const Played& game) {
        const auto rounds = cards_turned_per_round(game.messages);
        ASSERT_EQ(rounds.size(), 5u);
        // A round ends at its first second hazard: no card is turned after it.
        for (const auto& turned : rounds) {
            for (std::size_t i = 0; i + 1 < turned.size(); ++i) {
                EXPECT_FALSE(second_hazard(turned[i], {turned.begin(), turned.begin() + static_cast<long>(i)}))
                    << "the round went on after a second " << turned[i].label;
            }
        }
        // Before round r: the second hazards of the rounds before it are out of the game, and the deck holds every
        // other card (the path's cards, turned up from it this round, included).
        std::vector<const Table*> round_starts = {&game.opening};  // each round's first decision
        for (const Step& s : game.steps) {
            if (!s.after.finished && s.after.round != s.before.round) round_starts.push_back(&s.after);
        }
        ASSERT_EQ(round_starts.size(), rounds.size());
        std::vector<Card> removed;
        for (std::size_t r = 0; r < rounds.size(); ++r) {
            const Table& first = *round_starts[r];
            ASSERT_EQ(first.round, static_cast<int>(r) + 1);
            EXPECT_EQ(first.deck + static_cast<int>(first.path.size()), mine_cards - static_cast<int>(removed.size()))
                << "round " << r + 1;
            EXPECT_EQ(labels(first.out_of_game), labels(removed)) << "round " << r + 1;
            if (ends_on_second_hazard(rounds[r])) {
                removed.push_back(rounds[r].back());
                ++rounds_struck;
            }
        }
        EXPECT_EQ(labels(game.end.out_of_game), labels(removed));
        EXPECT_EQ(game.end.deck, mine_cards - static_cast<int>(removed.size()));
        EXPECT_TRUE(game.end.path.empty());
    };
    for (int players = 3; players <= 8; ++players) {
        for (std::uint64_t seed = 1; seed <= 30; ++seed) {
            SCOPED_TRACE(where(players, seed));
            // When everyone stays, only a second hazard can end a round: every round does.
            const Played stay = play(players, seed, everyone_stays());
            const auto rounds = cards_turned_per_round(stay.messages);
            for (const auto& turned : rounds) EXPECT_TRUE(ends_on_second_hazard(turned)) << "a round of stayers ended otherwise";
            check(stay);
            check(play(players, seed, at_random(seed, 3)));
            if (HasFailure()) return;
        }
    }
    EXPECT_GT(rounds_struck, 900);  // 180 games with everyone staying: 5 each
}

TEST(DiamantRules, InTheSeedVariantATreasuresDiamondsStayOnItsCard) {
    int treasures = 0;
    for_random_games(20, [&](const Played& game, const std::string& variant) {
        if (variant != "seed") return;
        for (const Table* t : tables_after_a_card(game)) {
            // All the card's diamonds lie on it; nothing is ever in front of an explorer.
            const Card& turned = t->path.back();
            EXPECT_EQ(turned.gems, turned.value) << turned.label;
            for (const auto& e : t->players) EXPECT_EQ(e.in_front, 0);
            treasures += turned.value > 0;
        }
    });
    EXPECT_GT(treasures, 100);
}

TEST(DiamantRules, InTheOfficialVariantATreasureIsSplitAtOnceAndASecondHazardTakesWhatIsInFront) {
    int splits_with_remainder = 0, explorers_caught_with_diamonds = 0;
    for_random_games(25, [&](const Played& game, const std::string& variant) {
        if (variant != "official") return;
        // The card just turned, a treasure of value v, is split among the k explorers inside: each gets v / k in
        // front of him, v % k stays on the card. (Everyone is inside at a round's first card.)
        const Table* previous = nullptr;
        for (const Table* t : tables_after_a_card(game)) {
            const bool same_round = previous != nullptr && previous->round == t->round;
            const Card& c = t->path.back();
            const int k = t->explorers();
            ASSERT_GT(k, 0);
            for (std::size_t seat = 0; seat < t->players.size(); ++seat) {
                const int before = same_round ? previous->players[seat].in_front : 0;
                const Explorer& is = t->players[seat];
                EXPECT_EQ(is.in_front, is.in_mine ? before + c.value / k : 0) << "seat " << seat << ", " << c.label;
            }
            EXPECT_EQ(c.gems, c.value % k) << c.label << " among " << k;
            if (c.value % k > 0) ++splits_with_remainder;
            previous = t;
        }
        // A round that ends while someone stayed inside ends on a second hazard: those caught take nothing home.
        for (const Step& s : game.steps) {
            if (s.round_goes_on() || static_cast<int>(s.leavers.size()) == s.before.explorers()) continue;
            const auto turned = cards_turned_before_the_next_round(s.said);
            ASSERT_EQ(turned.size(), 1u);
            EXPECT_TRUE(second_hazard(turned.front(), s.before.path)) << turned.front().label;
            for (std::size_t seat = 0; seat < s.before.players.size(); ++seat) {
                if (!s.before.players[seat].in_mine || s.leaves(static_cast<int>(seat))) continue;
                EXPECT_EQ(s.after.players[seat].chest, s.before.players[seat].chest) << "caught seat " << seat;
                if (s.before.players[seat].in_front > 0) ++explorers_caught_with_diamonds;
            }
        }
    });
    EXPECT_GT(splits_with_remainder, 50);
    EXPECT_GT(explorers_caught_with_diamonds, 50);
}

TEST(DiamantRules, WhenEveryoneHasLeftTheRoundEndsWithoutAnotherCard) {
    int rounds_left = 0;
    auto check = [&](const Played& game) {
        for (const Step& s : game.steps) {
            if (static_cast<int>(s.leavers.size()) != s.before.explorers()) continue;
            ++rounds_left;
            // Nothing is turned before the next round starts (or the game ends).
            EXPECT_TRUE(cards_turned_before_the_next_round(s.said).empty());
            if (s.before.round == 5) {
                EXPECT_TRUE(s.after.finished);
            } else {
                EXPECT_EQ(s.after.round, s.before.round + 1);
            }
        }
    };
    for (int players = 3; players <= 8; ++players) {
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            SCOPED_TRACE(where(players, seed));
            // Everyone leaves together once three cards are on the path; or each explorer at random.
            check(play(players, seed, [](const Table& t, int) { return t.path.size() >= 3; }));
            check(play(players, seed, at_random(seed, 2)));
            if (HasFailure()) return;
        }
    }
    EXPECT_GT(rounds_left, 600);
}

// The expected winners, from the spec: the players with the most diamonds in the chest (ties share the win).
std::vector<bool> richest(const Table& end) {
    int most = 0;
    for (const auto& e : end.players) most = std::max(most, e.chest);
    std::vector<bool> out;
    for (const auto& e : end.players) out.push_back(e.chest == most);
    return out;
}

TEST(DiamantRules, TiedChestsShareTheWinOrDraw) {
    int shared_by_the_mirrored_pair = 0, sole_wins = 0;
    for (int players = 3; players <= 8; ++players) {
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            SCOPED_TRACE(where(players, seed));
            // Seats 0 and 1 always decide alike, so their chests stay equal; the others decide at random.
            Rng rng(seed);
            bool pair_leaves = false;
            int pair_decided_at = -1;
            auto policy = [&](const Table& t, int seat) {
                const int moment = t.round * 100 + static_cast<int>(t.path.size());
                if (seat <= 1) {
                    if (pair_decided_at != moment) pair_leaves = rng.below(4) == 0;
                    pair_decided_at = moment;
                    return pair_leaves;
                }
                return rng.below(4) == 0;
            };
            const Played game = play(players, seed, policy);
            const Results& r = game.results;
            ASSERT_EQ(game.end.players[0].chest, game.end.players[1].chest);
            const std::vector<bool> expected = richest(game.end);
            const auto winners = std::count(expected.begin(), expected.end(), true);
            // Every player tied for the most is a draw (docs/language.md, "The end").
            const bool draw = winners == players;
            EXPECT_EQ(r.draw, draw);
            EXPECT_EQ(r.winners, draw ? std::vector<bool>(static_cast<std::size_t>(players), false) : expected);
            EXPECT_EQ(r.shared_win, winners > 1 && !draw);
            EXPECT_FALSE(r.everybody_loses);
            for (std::size_t seat = 0; seat < static_cast<std::size_t>(players); ++seat) {
                EXPECT_EQ(r.scores[seat], game.end.players[seat].chest) << "the score is the chest";
            }
            EXPECT_EQ(r.ranks[0], r.ranks[1]);
            if (expected[0] && winners < players) ++shared_by_the_mirrored_pair;
            if (winners == 1) ++sole_wins;
            if (HasFailure()) return;
        }
    }
    EXPECT_GT(shared_by_the_mirrored_pair, 10);
    EXPECT_GT(sole_wins, 10);
    // Nobody ever leaving: every chest is empty, everyone tied: a draw.
    const Played stay = play(4, 7, everyone_stays());
    EXPECT_EQ(stay.results.winners, std::vector<bool>(4, false));
    EXPECT_TRUE(stay.results.draw);
    EXPECT_FALSE(stay.results.shared_win);
}

// ---- statistics and options -----------------------------------------------------------------------------------------

int stat_index(const std::string& name) {
    const auto& stats = diamant()->stats();
    for (std::size_t i = 0; i < stats.size(); ++i) {
        if (stats[i].name == name) return static_cast<int>(i);
    }
    ADD_FAILURE() << "no statistic " << name;
    return -1;
}

std::vector<StatSample> samples_of(const Played& game, const std::string& name) {
    std::vector<StatSample> out;
    const int stat = stat_index(name);
    for (const auto& s : game.samples) {
        if (s.stat == stat) out.push_back(s);
    }
    return out;
}

TEST(DiamantRules, EachRoundRecordsTheCardsTurnedAndTheDiamondsRevealed) {
    for_random_games(15, [&](const Played& game, const std::string&) {
        const auto rounds = cards_turned_per_round(game.messages);
        ASSERT_EQ(rounds.size(), 5u);
        const auto turned = samples_of(game, "cards_turned");
        const auto revealed = samples_of(game, "diamonds_revealed");
        const auto on_hazard = samples_of(game, "ended_on_hazard");
        ASSERT_EQ(turned.size(), 5u);
        ASSERT_EQ(revealed.size(), 5u);
        ASSERT_EQ(on_hazard.size(), 5u);
        for (std::size_t r = 0; r < 5; ++r) {
            int diamonds = 0;
            for (const auto& c : rounds[r]) diamonds += c.value;
            EXPECT_GE(turned[r].value, 1) << "round " << r + 1;
            EXPECT_EQ(turned[r].value, static_cast<int>(rounds[r].size())) << "round " << r + 1;
            EXPECT_EQ(revealed[r].value, diamonds) << "round " << r + 1;
            EXPECT_EQ(on_hazard[r].value, ends_on_second_hazard(rounds[r]) ? 1 : 0) << "round " << r + 1;
            EXPECT_EQ(turned[r].seat, -1);
        }
        const auto final_diamonds = samples_of(game, "final_diamonds");
        const auto won = samples_of(game, "won");
        const auto winners_count = samples_of(game, "winners_count");
        const std::size_t n = game.end.players.size();
        ASSERT_EQ(final_diamonds.size(), n);
        ASSERT_EQ(won.size(), n);
        ASSERT_EQ(winners_count.size(), 1u);
        for (const auto& s : final_diamonds) {
            ASSERT_TRUE(s.seat >= 0 && s.seat < static_cast<int>(n));
            EXPECT_EQ(s.value, game.end.players[static_cast<std::size_t>(s.seat)].chest) << "seat " << s.seat;
        }
        for (const auto& s : won) EXPECT_EQ(s.value, game.results.winners[static_cast<std::size_t>(s.seat)] ? 1 : 0);
        EXPECT_EQ(winners_count[0].value, std::count(game.results.winners.begin(), game.results.winners.end(), true));
    });
}

TEST(DiamantRules, TheRoundsOptionSetsHowManyRoundsArePlayed) {
    for (const auto& [rounds, options] : {std::pair{5, Options{}}, std::pair{3, Options{{"rounds", "3"}}},
                                          std::pair{1, Options{{"rounds", "1"}}}, std::pair{20, Options{{"rounds", "20"}}}}) {
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            SCOPED_TRACE(where(4, seed, options));
            const Played game = play(4, seed, at_random(seed, 3), options);
            std::vector<std::string> starts;
            for (const auto& m : game.messages) {
                if (m.rfind("Round ", 0) == 0) starts.push_back(m);
            }
            ASSERT_EQ(starts.size(), static_cast<std::size_t>(rounds));
            for (int r = 1; r <= rounds; ++r) {
                EXPECT_EQ(starts[static_cast<std::size_t>(r - 1)],
                          "Round " + std::to_string(r) + " of " + std::to_string(rounds) + ": everyone enters the mine");
            }
            EXPECT_EQ(game.end.round, rounds);
            EXPECT_EQ(samples_of(game, "cards_turned").size(), static_cast<std::size_t>(rounds));
        }
    }
}

std::string settings_error(int players, const Options& options) {
    try {
        Settings settings;
        settings.players = players;
        settings.options = options;
        resolve_settings(*diamant(), settings);
    } catch (const SettingsError& e) {
        return e.what();
    }
    return "no error";
}

TEST(DiamantRules, WrongSettingsAreRefusedWithAMessageNamingTheProblem) {
    auto expect_error = [](int players, const Options& options, const std::vector<std::string>& words) {
        const std::string message = settings_error(players, options);
        for (const auto& word : words) EXPECT_NE(message.find(word), std::string::npos) << "'" << message << "' lacks " << word;
    };
    expect_error(2, {}, {"3 to 8 players", "2"});
    expect_error(9, {}, {"3 to 8 players", "9"});
    expect_error(4, {{"varient", "official"}}, {"varient"});
    expect_error(4, {{"variant", "boxed"}}, {"variant", "boxed", "seed", "official"});
    expect_error(4, {{"rounds", "0"}}, {"rounds", "'0'", "1 to 20"});
    expect_error(4, {{"rounds", "21"}}, {"rounds", "21", "1 to 20"});
    expect_error(4, {{"rounds", "five"}}, {"rounds", "five", "1 to 20"});
    // Within the limits, nothing is wrong.
    EXPECT_EQ(settings_error(3, {{"variant", "official"}, {"rounds", "1"}}), "no error");
    EXPECT_EQ(settings_error(8, {{"variant", "seed"}, {"rounds", "20"}}), "no error");
}

}  // namespace
}  // namespace rulesrun::runtime
