// rulesrun_strength: how well a bot (by default the search bot) plays each game, against random play and against
// every strategy the rules file declares. For each pairing it plays --games games at the game's smallest player
// count (or --players), the bot in each seat in turn (the others all play the opponent), and prints the bot's win rate with its 95%
// confidence interval (Wilson), the opponents' win rate per seat in the same games, and the time taken. A shared win
// counts as a win for each winner. In a one-player game the bot and the opponent each play --games games alone (the
// bot's games once, shown in every row).
//
//   rulesrun_strength [--games N] [--players N] [--bot SPEC] [--seed N] [--threads N] [FILE...]   (default: every rules/*.rules)
//
// Exit codes: 0 done (a game that does not load or fails is reported in its row), 2 wrong arguments.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "rulesrun.hpp"

namespace rulesrun {
namespace {

struct StrengthOptions {
    std::int64_t games = 200;
    int players = 0;  // 0: the game's smallest count
    std::string bot = "mcts:iterations=200";
    std::uint64_t seed = 1;
    int threads = 2;
    std::vector<std::string> files;
};

struct Pairing {
    std::int64_t games = 0;
    std::int64_t bot_wins = 0;
    std::int64_t opponent_wins = 0;  // summed over the opponents' seats
    std::int64_t opponent_seat_games = 0;
    double seconds = 0;
};

SimulationReport run(const std::shared_ptr<const runtime::GameDefinition>& game, int players,
                     const std::vector<BotSpec>& bots, std::int64_t games, std::uint64_t seed, int threads) {
    SimulationRequest request;
    request.game = game;
    request.settings = runtime::resolve_settings(*game, {players, {}, seed});
    request.bots = bots;
    request.games = games;
    request.threads = threads;
    return simulate(request);
}

std::int64_t won(const SimulationReport& r, int seat) {
    return r.wins[static_cast<std::size_t>(seat)] + r.shared_wins[static_cast<std::size_t>(seat)];
}

Pairing play_pairing(const std::shared_ptr<const runtime::GameDefinition>& game, int players, const BotSpec& bot,
                     const BotSpec& opponent, const StrengthOptions& options, std::optional<SimulationReport>& bot_alone) {
    Pairing out;
    const auto start = std::chrono::steady_clock::now();
    if (players == 1) {  // the bot's games alone do not depend on the opponent: played once for every pairing
        if (!bot_alone) bot_alone = run(game, 1, {bot}, options.games, options.seed, options.threads);
        const SimulationReport& alone = *bot_alone;
        const auto other = run(game, 1, {opponent}, options.games, options.seed, options.threads);
        out = Pairing{alone.games, won(alone, 0), won(other, 0), other.games, 0};
    } else {
        const std::int64_t per_seat = (options.games + players - 1) / players;
        for (int seat = 0; seat < players; ++seat) {
            std::vector<BotSpec> bots(static_cast<std::size_t>(players), opponent);
            bots[static_cast<std::size_t>(seat)] = bot;
            const auto r = run(game, players, bots, per_seat, derive_seed(options.seed, static_cast<std::uint64_t>(seat)),
                               options.threads);
            out.games += r.games;
            out.bot_wins += won(r, seat);
            for (int other = 0; other < players; ++other) {
                if (other != seat) out.opponent_wins += won(r, other);
            }
            out.opponent_seat_games += r.games * (players - 1);
        }
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

std::string percent_with_interval(double hits, std::int64_t trials) {
    const Interval ci = wilson95(hits, trials);
    return fmt::format("{:5.1f}% [{:5.1f}, {:5.1f}]", 100 * hits / static_cast<double>(trials), 100 * ci.low, 100 * ci.high);
}

void print_header(const std::string& bot) {
    std::printf("%-18s %7s  %-12s %6s  %-26s %-26s %6s %8s\n", "game", "players", "opponent", "games",
                (bot.substr(0, bot.find(':')) + " wins [95% CI]").c_str(), "opponent wins per seat", "fair", "seconds");
}

void measure_file(const std::string& path, const StrengthOptions& options) {
    const std::string name = std::filesystem::path(path).stem().string();
    const auto loaded = runtime::load_game(path);
    if (!loaded.game) {
        std::printf("%-18s does not load (%s)\n", name.c_str(),
                    loaded.diagnostics.empty() ? "no diagnostic" : loaded.diagnostics.front().message.c_str());
        return;
    }
    const auto& game = loaded.game;
    const int players = options.players > 0 ? options.players : game->min_players();
    if (players < game->min_players() || players > game->max_players()) {
        std::printf("%-18s is not for %d players (%d to %d)\n", name.c_str(), players, game->min_players(),
                    game->max_players());
        return;
    }
    const auto bots = parse_bot_list(options.bot, game->strategies(), false);
    if (bots.size() != 1) throw BotListError(fmt::format("--bot '{}' names {} bots: give one", options.bot, bots.size()));
    const BotSpec& bot = bots.front();
    std::vector<std::string> opponents{"random"};
    for (const auto& s : game->strategies()) opponents.push_back(s.name);
    std::optional<SimulationReport> bot_alone;
    for (const auto& opponent_name : opponents) {
        const auto opponent = parse_bot_list(opponent_name, game->strategies(), false).at(0);
        try {
            const Pairing p = play_pairing(game, players, bot, opponent, options, bot_alone);
            std::printf("%-18s %7d  %-12s %6lld  %-26s %-26s %5.1f%% %8.1f\n", name.c_str(), players,
                        opponent_name.c_str(), static_cast<long long>(p.games),
                        percent_with_interval(static_cast<double>(p.bot_wins), p.games).c_str(),
                        percent_with_interval(static_cast<double>(p.opponent_wins), p.opponent_seat_games).c_str(),
                        100.0 / players, p.seconds);
        } catch (const std::exception& e) {
            std::printf("%-18s %7d  %-12s does not run: %s\n", name.c_str(), players, opponent_name.c_str(), e.what());
        }
        std::fflush(stdout);
    }
}

std::vector<std::string> every_rules_file(const std::string& folder) {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() == ".rules") files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace
}  // namespace rulesrun

int main(int argc, char** argv) {
    using namespace rulesrun;
    CLI::App app{"Measures a bot's strength in every game: win rates with 95% confidence intervals against random "
                 "play and against each strategy the rules file declares, seats rotated."};
    StrengthOptions options;
    app.add_option("--games", options.games, "games per pairing (default 200)")->check(CLI::Range(1, 1'000'000));
    app.add_option("--players", options.players, "players (default: each game's smallest count)")
        ->check(CLI::Range(1, 64));
    app.add_option("--bot", options.bot, "the bot measured (default mcts:iterations=200)");
    app.add_option("--seed", options.seed, "base seed (default 1)");
    app.add_option("--threads", options.threads, "threads (default 2)")->check(CLI::Range(1, 256));
    app.add_option("FILE", options.files, "rules files (default: every rules/*.rules)")->check(CLI::ExistingFile);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : 2;
    }
    if (options.files.empty()) options.files = every_rules_file(RULESRUN_SOURCE_DIR "/rules");
    print_header(options.bot);
    const auto start = std::chrono::steady_clock::now();
    for (const auto& file : options.files) {
        try {
            measure_file(file, options);
        } catch (const BotListError& e) {
            std::fprintf(stderr, "rulesrun_strength: %s\n", e.what());
            return 2;
        }
    }
    std::printf("total: %.0f s\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return 0;
}
