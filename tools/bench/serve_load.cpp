// rulesrun_serve_load: how `rulesrun serve` holds up under many tables at once. An in-process server on loopback
// gets --tables tables of a game, each with one scripted client (a WebSocket client that answers at once with a
// random option after --think-ms) and bots in the other seats; the clients play for --seconds. Printed: actions per second and the
// latency of a client's action (from sending it to receiving the state that follows), p50 and p99. A benchmark, not
// a test: nothing is asserted (the target on a 2-core machine is 500 tables with p99 under 50 ms).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "server.hpp"

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

struct Figures {
    std::vector<double> latencies_ms;
    std::size_t actions = 0, errors = 0, finished = 0, connected = 0;
};

// One scripted seat: connects, answers each decision at once, measures how long each answer takes to come back.
class ScriptedClient : public std::enable_shared_from_this<ScriptedClient> {
public:
    ScriptedClient(boost::asio::io_context& io, Figures& figures, std::uint32_t seed, std::chrono::milliseconds think)
        : socket_(io), figures_(figures), rng_(seed), think_(think), timer_(io) {}

    void start(const tcp::endpoint& server, std::string target) {
        target_ = std::move(target);
        beast::get_lowest_layer(socket_).async_connect(server, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return self->failed();
            self->socket_.async_handshake("127.0.0.1", self->target_, [self](beast::error_code ec2) {
                if (ec2) return self->failed();
                ++self->figures_.connected;
                self->read();
            });
        });
    }

private:
    void read() {
        socket_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;
            const auto message = nlohmann::json::parse(beast::buffers_to_string(self->buffer_.data()));
            self->buffer_.consume(self->buffer_.size());
            self->handle(message);
            self->read();
        });
    }

    void handle(const nlohmann::json& message) {
        if (message.at("type") == "error") {
            ++figures_.errors;
            return;
        }
        const auto step = message.at("step").get<std::int64_t>();
        if (waiting_ && step > sent_step_) {
            figures_.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent_at_).count());
            ++figures_.actions;
            waiting_ = false;
        }
        if (message.at("finished").get<bool>()) {
            ++figures_.finished;
            return;
        }
        if (waiting_ || message.at("decision").is_null()) return;
        const auto count = message.at("decision").at("options").size();
        const auto action = std::uniform_int_distribution<std::size_t>(0, count - 1)(rng_);
        outgoing_ = nlohmann::json{{"type", "act"}, {"step", step}, {"action", action}}.dump();
        waiting_ = true;
        sent_step_ = step;
        // A person thinks before answering (from half to one and a half times --think-ms); the latency counts from
        // the moment the answer is sent.
        const auto think = std::chrono::milliseconds(std::uniform_int_distribution<std::int64_t>(think_.count() / 2, think_.count() * 3 / 2)(rng_));
        timer_.expires_after(think);
        timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (ec) return;
            self->sent_at_ = Clock::now();
            self->socket_.text(true);
            self->socket_.async_write(boost::asio::buffer(self->outgoing_), [self](beast::error_code, std::size_t) {});
        });
    }

    void failed() { ++figures_.errors; }

    websocket::stream<beast::tcp_stream> socket_;
    Figures& figures_;
    std::mt19937 rng_;
    std::chrono::milliseconds think_;
    boost::asio::steady_timer timer_;
    std::string target_, outgoing_;
    beast::flat_buffer buffer_;
    bool waiting_ = false;
    std::int64_t sent_step_ = -1;
    Clock::time_point sent_at_;
};

double percentile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, static_cast<std::size_t>(p * static_cast<double>(values.size())))];
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"rulesrun_serve_load: many tables of a game at once on an in-process `rulesrun serve`, played by "
                 "scripted WebSocket clients and bots over loopback; prints actions per second and action latency."};
    std::string rules = std::string(RULESRUN_SOURCE_DIR) + "/rules/pig.rules";
    int tables = 500;
    double seconds = 10;
    std::string bots = "random";
    int think_ms = 1000;
    app.add_option("--rules", rules, "Rules file (default rules/pig.rules)");
    app.add_option("--tables", tables, "Tables at once (default 500)")->check(CLI::Range(1, 100000));
    app.add_option("--seconds", seconds, "How long the clients play (default 10)")->check(CLI::PositiveNumber);
    app.add_option("--bots", bots, "Who sits in the other seats (default random)");
    app.add_option("--think-ms", think_ms, "How long a client waits before answering, as a quick player would "
                                           "(default 1000; 0: at once, which saturates the server)")->check(CLI::Range(0, 60000));
    CLI11_PARSE(app, argc, argv);

    const auto loaded = rulesrun::runtime::load_game(rules);
    if (!loaded.game) {
        std::cerr << "rulesrun_serve_load: " << rules << " has errors (rulesrun check says which)\n";
        return 1;
    }
    const auto data = std::filesystem::temp_directory_path() / fmt::format("rulesrun-load-{}", ::getpid());
    std::filesystem::remove_all(data);
    boost::asio::io_context server_io;
    rulesrun::serve::ServerOptions options;
    options.port = 0;
    options.data_folder = data.string();
    options.max_tables = static_cast<std::size_t>(tables);
    rulesrun::serve::Server server(server_io, options, {{"game", loaded.game}});
    server.listen();
    std::vector<std::string> targets;
    for (int t = 0; t < tables; ++t) {
        nlohmann::json seats = nlohmann::json::array({"human"});
        for (int s = 1; s < loaded.game->min_players(); ++s) seats.push_back(bots);
        const auto created = server.create_table({{"game", "game"}, {"players", loaded.game->min_players()}, {"seats", seats}, {"seed", t + 1}});
        targets.push_back(created.at("seats").at(0).at("link").get<std::string>());
    }
    std::thread server_thread([&] { server_io.run(); });

    boost::asio::io_context client_io;
    Figures figures;
    const tcp::endpoint endpoint(boost::asio::ip::make_address("127.0.0.1"), server.port());
    for (int t = 0; t < tables; ++t) {
        std::string target = targets[static_cast<std::size_t>(t)];
        target.replace(0, std::string("/table").size(), "/ws");
        std::make_shared<ScriptedClient>(client_io, figures, static_cast<std::uint32_t>(t), std::chrono::milliseconds(think_ms))->start(endpoint, target);
    }
    const auto start = Clock::now();
    client_io.run_for(std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(seconds)));
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    server_io.stop();
    server_thread.join();
    std::filesystem::remove_all(data);

    fmt::print("serve_load game={} tables={} think_ms={} clients_connected={} seconds={:.1f} client_actions={} "
               "games_finished={} errors={}\n",
               loaded.game->title(), tables, think_ms, figures.connected, elapsed, figures.actions, figures.finished,
               figures.errors);
    fmt::print("serve_load client_actions_per_second={:.0f} latency_ms_p50={:.2f} latency_ms_p99={:.2f} latency_ms_max={:.2f}\n",
               static_cast<double>(figures.actions) / elapsed, percentile(figures.latencies_ms, 0.5),
               percentile(figures.latencies_ms, 0.99), percentile(figures.latencies_ms, 1.0));
    return 0;
}
