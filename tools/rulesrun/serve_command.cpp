// `rulesrun serve [FILE...]`: loads the games, opens the tables' database and serves until interrupted
// (tools/serve/server.hpp). A game is offered under its file's name without extension ("diams").
#include <csignal>
#include <filesystem>
#include <iostream>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <fmt/format.h>

#include "commands.hpp"
#include "game_setup.hpp"
#include "server.hpp"

namespace rulesrun::cli {

namespace {

std::vector<std::string> rules_files(const std::vector<std::string>& given) {
    if (!given.empty()) return given;
    std::vector<std::string> found;
    if (std::filesystem::is_directory("rules")) {
        for (const auto& entry : std::filesystem::directory_iterator("rules")) {
            if (entry.path().extension() == ".rules") found.push_back(entry.path().string());
        }
    }
    if (found.empty()) throw ArgumentError("no rules files given, and no rules/ folder with .rules files here");
    std::sort(found.begin(), found.end());
    return found;
}

// Each handler catches what its request may throw; should one still escape, it ends that request only: the
// server logs it and goes on serving every other table (asio lets run() be called again after a handler threw).
void run_until_stopped(boost::asio::io_context& io) {
    for (;;) {
        try {
            io.run();
            return;
        } catch (const std::exception& e) {
            std::cerr << fmt::format("rulesrun serve: a request failed and was dropped: {}\n", e.what());
        }
    }
}

}  // namespace

int run_serve(const ServeOptions& options) {
    std::map<std::string, std::shared_ptr<const runtime::GameDefinition>> games;
    for (const auto& file : rules_files(options.files)) {
        const std::string name = std::filesystem::path(file).stem().string();
        if (games.contains(name)) throw ArgumentError(fmt::format("two rules files are named '{}': rename one", name));
        games[name] = load_definition(file);
    }
    boost::asio::io_context io;
    serve::ServerOptions settings;
    settings.host = options.host;
    settings.port = static_cast<unsigned short>(options.port);
    settings.data_folder = options.data;
    settings.max_tables = static_cast<std::size_t>(options.max_tables);
    settings.idle_hours = options.idle_hours;
    settings.programs = options.bots;
    if (options.bot_timeout) settings.bot_timeout_seconds = *options.bot_timeout;
    settings.messages_per_second = options.message_rate;
    settings.requests_per_second = options.request_rate;
    for (const auto& [name, game] : games) {
        if (options.bots.empty()) break;
        for (const auto& spec : parse_bot_list(options.bots, game->strategies(), false)) {
            if (spec.kind != BotKind::exec) {
                throw ArgumentError(fmt::format("serve --bots names programs (exec:COMMAND); '{}' is one of a game's "
                                                "own bots, which the lobby offers anyway", spec.text()));
            }
        }
    }
    serve::Server server(io, settings, std::move(games));
    try {
        server.listen();
    } catch (const boost::system::system_error& e) {
        throw std::runtime_error(fmt::format("cannot listen on {}:{}: {}", options.host, options.port, e.code().message()));
    }
    std::signal(SIGPIPE, SIG_IGN);
    boost::asio::signal_set stop(io, SIGINT, SIGTERM);
    stop.async_wait([&io](const boost::system::error_code&, int) { io.stop(); });
    const std::size_t served = server.games_json().size();
    std::cout << fmt::format("rulesrun serves {} game{} at http://{}:{}/ ({} table{} resumed; tables kept in {})\n",
                             served, served == 1 ? "" : "s", options.host,
                             server.port(), server.table_count(), server.table_count() == 1 ? "" : "s", options.data)
              << std::flush;
    run_until_stopped(io);
    std::cout << "rulesrun serve: stopped\n";
    return exit_ok;
}

}  // namespace rulesrun::cli
