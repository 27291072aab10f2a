// rulesrun_bench_native: how fast the hand-written baselines play random games, for comparison with the interpreter.
//
// For each game it plays random games with the seeds N, N+1, N+2... for about S seconds and prints one line of
// key=value fields:
//   game=diamant players=4 variant=seed rounds=5 games=... seconds=... games_per_second=... mean_game_length=...
//       mean_cards_turned=... mean_diamonds_revealed=... mean_ended_on_hazard=...
//   game=diablo size=6 games=... seconds=... games_per_second=... mean_game_length=... mean_winner_checkers=...
//       mean_empty_square_moves=... black_win_rate=...
//   game=connect_four games=... seconds=... games_per_second=... mean_game_length=...
//       (and tic_tac_toe, connect_four_kept_heights, breakthrough alike)
// Diamant's game length is the mine cards turned in the whole game; its other means are per round. Diablo's game
// length is in turns, the board games' in moves.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "breakthrough.hpp"
#include "connect_four.hpp"
#include "connect_four_kept_heights.hpp"
#include "diablo.hpp"
#include "diamant.hpp"
#include "native_board_playout.hpp"
#include "tic_tac_toe.hpp"

namespace {

using rulesrun::bench::Colour;
using rulesrun::bench::DiabloGame;
using rulesrun::bench::DiabloResult;
using rulesrun::bench::DiamantGame;
using rulesrun::bench::DiamantOptions;
using rulesrun::bench::DiamantResult;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Plays `play_one(seed)` for seeds first_seed, first_seed + 1... until `seconds` have passed; returns the games played
// and the time they took. The clock is read after every game: a game takes far longer than reading it.
template <class PlayOne>
std::pair<long, double> play_for(double seconds, std::uint64_t first_seed, PlayOne&& play_one) {
    const Clock::time_point start = Clock::now();
    long games = 0;
    double elapsed = 0;
    do {
        play_one(first_seed + static_cast<std::uint64_t>(games));
        ++games;
        elapsed = seconds_since(start);
    } while (elapsed < seconds);
    return {games, elapsed};
}

void bench_diamant(double seconds, std::uint64_t seed) {
    const DiamantOptions options;  // 4 players, the seed variant, 5 rounds
    double cards = 0, revealed = 0, hazards = 0;
    const auto [games, elapsed] = play_for(seconds, seed, [&](std::uint64_t game_seed) {
        const DiamantResult r = DiamantGame::play_random(options, game_seed);
        for (int round = 0; round < r.rounds; ++round) {
            cards += r.round_stats[round].cards_turned;
            revealed += r.round_stats[round].diamonds_revealed;
            hazards += r.round_stats[round].ended_on_hazard ? 1 : 0;
        }
    });
    const double rounds = static_cast<double>(games) * options.rounds;
    std::printf(
        "game=diamant players=%d variant=seed rounds=%d games=%ld seconds=%.3f games_per_second=%.1f "
        "mean_game_length=%.4f mean_cards_turned=%.4f mean_diamonds_revealed=%.4f mean_ended_on_hazard=%.4f\n",
        options.players, options.rounds, games, elapsed, games / elapsed, cards / games, cards / rounds,
        revealed / rounds, hazards / rounds);
}

void bench_diablo(int side, double seconds, std::uint64_t seed) {
    double turns = 0, winner_checkers = 0, empty_moves = 0, black_wins = 0;
    const auto [games, elapsed] = play_for(seconds, seed, [&](std::uint64_t game_seed) {
        const DiabloResult r = DiabloGame::play_random(side, game_seed);
        turns += r.turns;
        winner_checkers += r.winner_checkers;
        empty_moves += r.moves_to_empty;
        black_wins += r.winner == Colour::black ? 1 : 0;
    });
    std::printf(
        "game=diablo size=%d games=%ld seconds=%.3f games_per_second=%.1f mean_game_length=%.4f "
        "mean_winner_checkers=%.4f mean_empty_square_moves=%.4f black_win_rate=%.4f\n",
        side, games, elapsed, games / elapsed, turns / games, winner_checkers / games, empty_moves / games,
        black_wins / games);
}

// A board game played by the benchmark's random bot (native_board_playout.hpp).
template <class Game, class Move>
void bench_board_game(const char* name, double seconds, std::uint64_t seed) {
    rulesrun::bench::NativeBoardPlayout<Game, Move> playout;
    double moves = 0;
    const auto [games, elapsed] =
        play_for(seconds, seed, [&](std::uint64_t game_seed) { moves += playout(game_seed).length; });
    std::printf("game=%s games=%ld seconds=%.3f games_per_second=%.1f mean_game_length=%.4f\n", name, games, elapsed,
                games / elapsed, moves / games);
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Plays random games of the hand-written baselines and prints games per second, one line per game."};
    double seconds = 2.0;
    std::uint64_t seed = 1;
    app.add_option("--seconds", seconds, "how long to play each game (default 2)")->check(CLI::Range(0.001, 3600.0));
    app.add_option("--seed", seed, "the first game's seed; the next games take the next seeds (default 1)");
    CLI11_PARSE(app, argc, argv);

    bench_diamant(seconds, seed);
    bench_diablo(6, seconds, seed);
    bench_diablo(8, seconds, seed);
    bench_board_game<rulesrun::bench::TicTacToeGame, int>("tic_tac_toe", seconds, seed);
    bench_board_game<rulesrun::bench::ConnectFourGame, int>("connect_four", seconds, seed);
    bench_board_game<rulesrun::bench::ConnectFourKeptHeightsGame, int>("connect_four_kept_heights", seconds, seed);
    bench_board_game<rulesrun::bench::BreakthroughGame, rulesrun::bench::BreakthroughMove>("breakthrough", seconds,
                                                                                            seed);
    return 0;
}
