// Diamant written by hand in C++: the baseline the interpreter running rules/diamant.rules is measured against.
//
// It implements exactly the rules of rules/diamant.rules (and docs/games/diamant.md), Decisions included:
// the seed and official variants, 1 to 20 rounds, the second hazard of a kind removed for good, tied players sharing
// the win, and "when the mine runs out of cards every explorer still inside leaves". The state is a few fixed arrays,
// so playing allocates nothing.
//
// A game is played by a bot (who leaves at each decision) and watched by an observer (hooks for the tests; the default
// one does nothing and costs nothing).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>

#include "bench_random.hpp"

namespace rulesrun::bench {

enum class DiamantVariant { seed, official };

struct DiamantOptions {
    int players = 4;  // 3 to 8
    DiamantVariant variant = DiamantVariant::seed;
    int rounds = 5;  // 1 to 20
};

inline constexpr int kDiamantMinPlayers = 3;
inline constexpr int kDiamantMaxPlayers = 8;
inline constexpr int kDiamantMaxRounds = 20;
inline constexpr int kMineCards = 30;
inline constexpr int kTreasureCards = 15;
inline constexpr int kHazardKinds = 5;
inline constexpr int kCardsPerHazard = 3;

// Mine cards are numbered 0..29: 0..14 are the treasures in this order, 15..29 the hazards, three of each kind.
inline constexpr std::array<int, kTreasureCards> kTreasureValues = {1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17};
inline constexpr bool is_treasure(int card) { return card < kTreasureCards; }
inline constexpr int hazard_kind(int card) { return (card - kTreasureCards) / kCardsPerHazard; }

class DiamantGame;

// A set of players, bit p standing for player p (seats 0..7).
using PlayerSet = std::uint8_t;

// The statistics rules/diamant.rules records at the end of each round.
struct DiamantRoundStats {
    int cards_turned = 0;       // mine cards turned up, the card that ends the round included
    int diamonds_revealed = 0;  // diamonds printed on the treasure cards turned up
    bool ended_on_hazard = false;

    bool operator==(const DiamantRoundStats&) const = default;
};

struct DiamantResult {
    int players = 0;
    int rounds = 0;
    std::array<int, kDiamantMaxPlayers> chest{};  // final diamonds of players 0..players-1
    std::array<DiamantRoundStats, kDiamantMaxRounds> round_stats{};
    PlayerSet winners = 0;  // the richest players (ties share the win)

    int winners_count() const { return std::popcount(winners); }
    bool operator==(const DiamantResult&) const = default;
};

// The observer's hooks, all empty: a game played without an observer does no extra work.
struct NoDiamantObserver {
    void before_leave(const DiamantGame&, PlayerSet) {}
    void after_leave(const DiamantGame&, PlayerSet) {}
    void after_explore(const DiamantGame&) {}
    void after_round(const DiamantGame&, const DiamantRoundStats&) {}
};

// The random bot: uniform over the legal options, i.e. every explorer still inside stays or leaves with one chance in
// two, each on his own (the decisions are simultaneous), drawn in seat order.
struct RandomDiamantBot {
    PlayerSet choose_leavers(const DiamantGame& game, Rng& rng) const;
};

class DiamantGame {
public:
    explicit DiamantGame(const DiamantOptions& options) : options_(options) {
        if (options.players < kDiamantMinPlayers || options.players > kDiamantMaxPlayers)
            throw std::invalid_argument("Diamant needs 3 to 8 players");
        if (options.rounds < 1 || options.rounds > kDiamantMaxRounds)
            throw std::invalid_argument("Diamant has 1 to 20 rounds");
        for (int card = 0; card < kMineCards; ++card) cards_[card] = static_cast<std::uint8_t>(card);
    }

    // ---- Whole games --------------------------------------------------------------------------------------------

    // Plays every round of a new game (the game must be fresh) and returns the chests, statistics and winners.
    template <class Bot, class Observer = NoDiamantObserver>
    DiamantResult play(Rng& rng, const Bot& bot, Observer&& observer = {}) {
        DiamantResult result;
        result.players = options_.players;
        result.rounds = options_.rounds;
        for (int round = 0; round < options_.rounds; ++round)
            result.round_stats[round] = play_round(rng, bot, observer);
        for (int p = 0; p < options_.players; ++p) result.chest[p] = chest_[p];
        result.winners = richest();
        return result;
    }

    // One game of random bots with the given seed.
    static DiamantResult play_random(const DiamantOptions& options, std::uint64_t seed) {
        Rng rng(seed);
        DiamantGame game(options);
        return game.play(rng, RandomDiamantBot{});
    }

    // One round, as `play_round` in rules/diamant.rules.
    template <class Bot, class Observer = NoDiamantObserver>
    DiamantRoundStats play_round(Rng& rng, const Bot& bot, Observer&& observer = {}) {
        start_round(rng);
        for (;;) {
            // 1. Stay or leave, skipped before the first card: nobody has a reason to leave yet.
            if (cards_turned_ > 0) {
                const PlayerSet leavers = bot.choose_leavers(*this, rng);
                if (leavers != 0) {
                    observer.before_leave(*this, leavers);
                    leave(leavers);
                    observer.after_leave(*this, leavers);
                }
                if (explorers_ == 0) break;  // everyone has left: the round is over
            }
            // Decision of the rules file: when the mine has no card left, every explorer still inside leaves.
            if (deck_empty()) {
                const PlayerSet leavers = explorers_;
                observer.before_leave(*this, leavers);
                leave(leavers);
                observer.after_leave(*this, leavers);
                break;
            }
            // 2. Explore.
            explore();
            observer.after_explore(*this);
            if (struck_) break;
        }
        const DiamantRoundStats stats = end_round();
        observer.after_round(*this, stats);
        return stats;
    }

    // ---- The steps of a round (public so that tests can play a round by hand) -----------------------------------

    // Every card still in the game goes back into the mine, shuffled; every player enters the mine.
    void start_round(Rng& rng) {
        rng.shuffle(cards_.data(), cards_in_game_);
        cards_turned_ = 0;
        hazards_on_path_ = 0;
        loot_on_path_ = 0;
        diamonds_revealed_ = 0;
        struck_ = false;
        explorers_ = all_players();
        ++rounds_started_;
    }

    // The leavers share the diamonds on the path equally, rounded down, and take them home with whatever is in front
    // of them; the remainder stays on the path for later leavers.
    void leave(PlayerSet leavers) {
        const int count = std::popcount(leavers);
        const int share = loot_on_path_ / count;
        loot_on_path_ -= share * count;
        for (int p = 0; p < options_.players; ++p) {
            if (!(leavers & bit(p))) continue;
            chest_[p] += share + in_front_[p];
            in_front_[p] = 0;
        }
        explorers_ &= static_cast<PlayerSet>(~leavers);
    }

    // Turns the top card of the mine face up at the end of the path.
    void explore() {
        const int card = cards_[cards_turned_++];
        if (is_treasure(card)) {
            place_treasure(kTreasureValues[card]);
            return;
        }
        const int kind_bit = 1 << hazard_kind(card);
        if (hazards_on_path_ & kind_bit) {
            hazard_strikes();
        } else {
            hazards_on_path_ |= kind_bit;
        }
    }

    // Records the round's statistics; a second hazard leaves the game for good (the deck is one card smaller in later
    // rounds) and every other path card goes back to the mine.
    DiamantRoundStats end_round() {
        DiamantRoundStats stats{cards_turned_, diamonds_revealed_, struck_};
        if (struck_) {
            // The struck card is the last one turned; the order of the rest does not matter, the next round shuffles.
            std::swap(cards_[cards_turned_ - 1], cards_[cards_in_game_ - 1]);
            --cards_in_game_;
        }
        in_front_ = {};
        explorers_ = 0;
        loot_on_path_ = 0;
        return stats;
    }

    // ---- Reading the state --------------------------------------------------------------------------------------

    int players() const { return options_.players; }
    DiamantVariant variant() const { return options_.variant; }
    PlayerSet all_players() const { return static_cast<PlayerSet>((1u << options_.players) - 1); }
    PlayerSet explorers() const { return explorers_; }
    int chest(int p) const { return chest_[p]; }
    int in_front(int p) const { return in_front_[p]; }
    // Only the total matters: the rules take diamonds off the path cards first card first, but nothing ever reads
    // how the rest is spread over the cards.
    int loot_on_path() const { return loot_on_path_; }
    int cards_turned() const { return cards_turned_; }
    int diamonds_revealed() const { return diamonds_revealed_; }
    int cards_in_game() const { return cards_in_game_; }  // 30 minus the removed hazards
    bool deck_empty() const { return cards_turned_ == cards_in_game_; }
    bool struck() const { return struck_; }
    int rounds_started() const { return rounds_started_; }

    // The players with the most diamonds in their chest.
    PlayerSet richest() const {
        int most = 0;
        for (int p = 0; p < options_.players; ++p) most = chest_[p] > most ? chest_[p] : most;
        PlayerSet winners = 0;
        for (int p = 0; p < options_.players; ++p)
            if (chest_[p] == most) winners |= bit(p);
        return winners;
    }

    static PlayerSet bit(int p) { return static_cast<PlayerSet>(1u << p); }

private:
    void place_treasure(int value) {
        diamonds_revealed_ += value;
        if (options_.variant == DiamantVariant::seed) {
            loot_on_path_ += value;  // the diamonds wait on the card for whoever leaves later
            return;
        }
        // Official variant: split at once among the explorers still inside; the remainder stays on the card.
        const int count = std::popcount(explorers_);
        for (int p = 0; p < options_.players; ++p)
            if (explorers_ & bit(p)) in_front_[p] += value / count;
        loot_on_path_ += value % count;
    }

    // A second hazard of one kind ends the round at once: whoever is still inside flees empty-handed.
    void hazard_strikes() {
        struck_ = true;
        for (int p = 0; p < options_.players; ++p)
            if (explorers_ & bit(p)) in_front_[p] = 0;
        explorers_ = 0;
    }

    DiamantOptions options_;
    // cards_[0..cards_in_game_) are the cards still in the game; during a round they are the mine in order, and
    // cards_[0..cards_turned_) is the path.
    std::array<std::uint8_t, kMineCards> cards_{};
    int cards_in_game_ = kMineCards;
    int cards_turned_ = 0;
    int hazards_on_path_ = 0;  // bit k: a hazard of kind k is on the path
    int loot_on_path_ = 0;
    int diamonds_revealed_ = 0;
    bool struck_ = false;
    PlayerSet explorers_ = 0;
    std::array<int, kDiamantMaxPlayers> chest_{};
    std::array<int, kDiamantMaxPlayers> in_front_{};
    int rounds_started_ = 0;
};

inline PlayerSet RandomDiamantBot::choose_leavers(const DiamantGame& game, Rng& rng) const {
    PlayerSet leavers = 0;
    for (int p = 0; p < game.players(); ++p)
        if ((game.explorers() & DiamantGame::bit(p)) && rng.coin()) leavers |= DiamantGame::bit(p);
    return leavers;
}

}  // namespace rulesrun::bench
