// Simulation runs: worker threads take games in index order from a shared counter, play them with their own Game
// and bots (reused from game to game), and sum the results into their own report; the reports are merged at the end.
#include "simulation.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "seeds.hpp"
#include "table_log.hpp"

namespace rulesrun {

namespace {

using runtime::Game;

// Games are handed out a few at a time: fewer trips to the shared counter, still a fine-grained progress bar.
constexpr std::int64_t games_per_claim = 16;

}  // namespace

SimulationReport empty_simulation_report(const runtime::GameDefinition& definition, int players) {
    SimulationReport report;
    report.cooperative = definition.cooperative();
    report.wins.assign(players, 0);
    report.shared_wins.assign(players, 0);
    report.wins_among.assign(players, std::vector<std::int64_t>(players, 0));
    report.ranks.assign(players, std::vector<std::int64_t>(players, 0));
    report.scores.resize(players);
    report.ranked_before.assign(players, std::vector<std::int64_t>(players, 0));
    report.decisions.assign(players, 0);
    report.decision_nanoseconds.assign(players, 0);
    report.stats.resize(definition.stats().size());
    for (std::size_t i = 0; i < definition.stats().size(); ++i)
        if (definition.stats()[i].per_player) report.stats[i].per_seat.resize(players);
    return report;
}

namespace {

// What the workers share: the next game to claim (counted within the shard), the games done, and the first failure.
struct Run {
    const SimulationRequest& request;
    const std::int64_t games;  // of the shard
    std::atomic<std::int64_t> next_game{0};
    std::atomic<std::int64_t> games_done{0};
    std::atomic<int> workers_left{0};
    std::mutex mutex;  // guards failure, failed_at and the condition variable's wake-ups
    std::condition_variable finished;
    // Games from this index (within the shard) on are not played: the lowest failing game so far (or the game count).
    std::atomic<std::int64_t> failed_at{0};
    std::optional<SimulationError> failure;

    explicit Run(const SimulationRequest& r) : request(r), games(r.shard.games_of(r.games)), failed_at(games) {}

    // `j` counts the shard's games; the failure names the game of the whole run.
    void fail(std::int64_t j, const std::string& message) {
        const std::lock_guard lock(mutex);
        if (j >= failed_at.load()) return;
        failed_at.store(j);
        const std::int64_t index = request.shard.game_index(j);
        failure.emplace(index, simulation_game_seed(request.settings.seed, index), message);
    }

};

// The bot of `seat` decides; with `timed`, the time it took is added to the seat's (two clock reads per decision).
int decide(Bot& bot, const Game& game, int seat, SimulationReport& report, bool timed) {
    ++report.decisions[seat];
    if (!timed) return bot.choose(game, seat);
    const auto start = std::chrono::steady_clock::now();
    const int action = bot.choose(game, seat);
    report.decision_nanoseconds[seat] +=
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
    return action;
}

// Plays the game to its end. With a table's log (some bot reads it), the engine's messages and the choices go into
// it, in the order `rulesrun play` tells them; without one, nothing is formatted.
void play_out(Game& game, const std::vector<std::unique_ptr<Bot>>& bots, std::vector<int>& seats,
              SimulationReport& report, runtime::TableLog* log, bool timed) {
    while (!game.finished()) {
        game.to_act(seats);
        if (seats.empty()) throw runtime::RuleError("the game is not finished but nobody is to act");
        if (log) log->add_messages(game.take_messages());
        for (const int seat : seats) {
            const int options = game.action_count(seat);
            report.choices.add(options);
            report.choices_histogram.add(options);
            report.forced_decisions += options == 1;
            const int action = decide(*bots[seat], game, seat, report, timed);
            if (log) log->hold_choice(seat, game.action_name(seat, action), game.choice_is_secret(seat));
            game.apply(seat, action);
        }
        if (log) log->tell_held_choices(game);  // as at a table: a simultaneous decision's answers together
    }
    if (log) log->add_messages(game.take_messages());
    for (int seat = 0; seat < game.players(); ++seat) bots[seat]->game_over(game, seat);
}

void record_game(const Game& game, SimulationReport& report) {
    const auto results = game.results();
    ++report.games;
    const auto winners = static_cast<std::size_t>(std::count(results.winners.begin(), results.winners.end(), true));
    for (int seat = 0; seat < game.players(); ++seat) {
        if (results.winners[seat]) {
            ++(results.shared_win ? report.shared_wins : report.wins)[seat];
            ++report.wins_among[seat][results.cooperative ? 0 : winners - 1];
        }
        ++report.ranks[seat][static_cast<std::size_t>(results.ranks[seat] - 1)];
        report.scores[seat].add(results.scores[seat]);
        for (int other = 0; other < game.players(); ++other)
            report.ranked_before[seat][other] += results.ranks[seat] < results.ranks[other];
    }
    if (results.shared_win) ++report.shared_win_games;
    if (results.draw) ++report.draws;
    if (results.everybody_loses) ++report.everybody_loses;
    if (game.stopped_at_cap()) ++report.stopped_games;
    if (game.ended_at_rules_limit()) ++report.limit_games;
    report.length.add(static_cast<std::int64_t>(game.history().size()));
    report.length_histogram.add(static_cast<std::int64_t>(game.history().size()));
    for (const auto& sample : game.samples()) {
        auto& summary = report.stats[sample.stat];
        summary.all.add(sample.value);
        summary.histogram.add(sample.value);
        if (!summary.per_seat.empty() && sample.seat >= 0) summary.per_seat[sample.seat].add(sample.value);
    }
}

// What one worker keeps from game to game: its Game (restarted for each game), its bots, its running totals.
class Worker {
public:
    explicit Worker(const SimulationRequest& request)
        : request_(request), report_(empty_simulation_report(*request.game, request.settings.players)) {
        if (std::any_of(request.bots.begin(), request.bots.end(), [](const BotSpec& bot) { return bot.reads_log(); }))
            log_.emplace(request.settings.players);
        for (int seat = 0; seat < request.settings.players; ++seat) {
            bots_.push_back(make_bot(request.bots[seat], request.settings.seed, seat));
            if (log_) bots_.back()->follow(&*log_);
        }
    }

    // Plays game `index` from its seed and adds it to the report. Throws what the game throws.
    void play(std::int64_t index) {
        const std::uint64_t seed = simulation_game_seed(request_.settings.seed, index);
        start(seed);
        if (log_) *log_ = runtime::TableLog(request_.settings.players);  // the same object: the bots follow it
        for (int seat = 0; seat < request_.settings.players; ++seat) bots_[seat]->start_game(seed, seat);
        play_out(*game_, bots_, seats_, report_, log_ ? &*log_ : nullptr, request_.time_decisions);
        record_game(*game_, report_);
        if (request_.on_game_end) request_.on_game_end(index, *game_);
    }

    // A game that failed halfway is not reused.
    void forget_game() { game_.reset(); }

    SimulationReport& report() { return report_; }

private:
    void start(std::uint64_t seed) {
        if (game_) return game_->restart(seed);
        auto settings = request_.settings;
        settings.seed = seed;
        game_.emplace(request_.game, settings, log_.has_value());  // messages only for a log
        game_->cap_actions(static_cast<std::size_t>(request_.max_actions));
        // Random bots never determinize: the seats' knowledge would be kept for nobody.
        game_->keep_knowledge(!std::all_of(request_.bots.begin(), request_.bots.end(),
                                           [](const BotSpec& bot) { return bot.kind == BotKind::random; }));
        report_.seat_names.clear();
        for (int seat = 0; seat < game_->players(); ++seat) report_.seat_names.push_back(game_->seat_name(seat));
    }

    const SimulationRequest& request_;
    SimulationReport report_;
    std::optional<runtime::TableLog> log_;  // what was said at the table, when a bot reads it (declared before the
                                            // bots, which point to it)
    std::vector<std::unique_ptr<Bot>> bots_;
    std::optional<Game> game_;
    std::vector<int> seats_;  // kept so that no action allocates
};

// One thread: claims the shard's games in index order until none is left, or until a game below them has failed.
SimulationReport work(Run& run) {
    Worker worker(run.request);
    for (;;) {
        const std::int64_t first = run.next_game.fetch_add(games_per_claim);
        const std::int64_t end = std::min(first + games_per_claim, run.games);
        for (std::int64_t j = first; j < end && j < run.failed_at.load(); ++j) {
            try {
                worker.play(run.request.shard.game_index(j));
            } catch (const std::exception& e) {
                run.fail(j, e.what());
                worker.forget_game();
            }
            run.games_done.fetch_add(1, std::memory_order_relaxed);
        }
        if (first >= run.games || first >= run.failed_at.load()) return std::move(worker.report());
    }
}

void check_request(const SimulationRequest& request) {
    if (!request.game) throw std::invalid_argument("simulate: no game");
    if (request.games < 0) throw std::invalid_argument("simulate: the number of games is negative");
    if (request.max_actions < 0) throw std::invalid_argument("simulate: the cap on a game's length is negative");
    if (request.threads < 1) throw std::invalid_argument("simulate: fewer than one thread");
    if (request.shard.count < 1 || request.shard.index < 0 || request.shard.index >= request.shard.count)
        throw std::invalid_argument("simulate: the shard is out of range");
    if (static_cast<int>(request.bots.size()) != request.settings.players)
        throw BotListError(fmt::format("{} bots for {} players: give one bot per seat", request.bots.size(),
                                       request.settings.players));
    for (const auto& bot : request.bots)
        if (bot.kind == BotKind::human) throw BotListError("'human' cannot play in a simulation");
}

// Calls the progress callback about ten times a second until every worker has returned.
void wait_for_workers(Run& run) {
    std::unique_lock lock(run.mutex);
    while (!run.finished.wait_for(lock, std::chrono::milliseconds(100), [&] { return run.workers_left.load() == 0; }))
        if (run.request.progress) {
            lock.unlock();
            run.request.progress(run.games_done.load());
            lock.lock();
        }
}

}  // namespace

SimulationError::SimulationError(std::int64_t index, std::uint64_t seed, const std::string& message)
    : std::runtime_error(fmt::format("game {} (seed {}) failed: {}", index + 1, seed, message)),
      game_index(index),
      game_seed(seed) {}

std::uint64_t simulation_game_seed(std::uint64_t base_seed, std::int64_t index) {
    return derive_seed(base_seed, static_cast<std::uint64_t>(index));
}

// Sums of exact counts, divided last: the same figure whatever the order the games were played in.
double SimulationReport::win_points(std::size_t seat) const {
    double points = 0;
    for (std::size_t k = 0; k < wins_among[seat].size(); ++k) {
        points += static_cast<double>(wins_among[seat][k]) / static_cast<double>(k + 1);
    }
    return points + static_cast<double>(draws) / static_cast<double>(wins.size());
}

void SimulationReport::merge(const SimulationReport& other) {
    games += other.games;
    if (seat_names.empty()) seat_names = other.seat_names;
    for (std::size_t seat = 0; seat < wins.size(); ++seat) {
        wins[seat] += other.wins[seat];
        shared_wins[seat] += other.shared_wins[seat];
        for (std::size_t k = 0; k < wins_among[seat].size(); ++k) wins_among[seat][k] += other.wins_among[seat][k];
        for (std::size_t r = 0; r < ranks[seat].size(); ++r) ranks[seat][r] += other.ranks[seat][r];
        scores[seat].merge(other.scores[seat]);
        for (std::size_t t = 0; t < ranked_before[seat].size(); ++t)
            ranked_before[seat][t] += other.ranked_before[seat][t];
        decisions[seat] += other.decisions[seat];
        decision_nanoseconds[seat] += other.decision_nanoseconds[seat];
    }
    shared_win_games += other.shared_win_games;
    draws += other.draws;
    everybody_loses += other.everybody_loses;
    stopped_games += other.stopped_games;
    limit_games += other.limit_games;
    length.merge(other.length);
    length_histogram.merge(other.length_histogram);
    choices.merge(other.choices);
    choices_histogram.merge(other.choices_histogram);
    forced_decisions += other.forced_decisions;
    for (std::size_t i = 0; i < stats.size(); ++i) {
        stats[i].all.merge(other.stats[i].all);
        stats[i].histogram.merge(other.stats[i].histogram);
        for (std::size_t seat = 0; seat < stats[i].per_seat.size(); ++seat)
            stats[i].per_seat[seat].merge(other.stats[i].per_seat[seat]);
    }
}

SimulationReport simulate(const SimulationRequest& request) {
    check_request(request);
    Run run(request);
    const int threads = static_cast<int>(std::clamp<std::int64_t>(run.games, 1, request.threads));
    std::vector<SimulationReport> reports(threads);
    std::vector<std::thread> workers;
    run.workers_left = threads;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&run, &reports, t] {
            reports[t] = work(run);
            const std::lock_guard lock(run.mutex);
            --run.workers_left;
            run.finished.notify_all();
        });
    wait_for_workers(run);
    for (auto& worker : workers) worker.join();
    if (run.failure) throw *run.failure;
    auto total = empty_simulation_report(*request.game, request.settings.players);
    for (const auto& report : reports) total.merge(report);
    if (request.progress) request.progress(total.games);
    return total;
}

}  // namespace rulesrun
