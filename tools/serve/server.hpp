// `rulesrun serve`: an HTTP and WebSocket server (Boost.Beast on one Asio thread) for tables of any of its games.
// People create a table on the lobby page and get one link per seat; each link's page receives only its seat's
// messages (docs/protocol.md). Bots think on a thread of their own, so a slow bot or client never holds up the
// others. Every table and action is stored (store.hpp) before anyone is told of it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <nlohmann/json.hpp>

#include "store.hpp"
#include "table.hpp"

namespace rulesrun::serve {

struct ServerOptions {
    std::string host = "127.0.0.1";
    unsigned short port = 8080;
    std::string data_folder = "rulesrun-data";
    std::size_t max_tables = 1000;
    double idle_hours = 48;             // a table without an action for this long is closed
    std::size_t max_message_bytes = 16 * 1024;
    // Per connection (rate_limit.hpp): WebSocket messages and HTTP requests a second, on average (twice as many at
    // once); 0: no limit. A person clicks a few times a second, a bot answers one decision at a time.
    double messages_per_second = 20;
    double requests_per_second = 10;
    // Programs the lobby may seat (`--bots exec:"python3 my_bot.py"`): only the server's operator names them; a
    // request from the network can never start a program of its choosing.
    std::string programs;
    double bot_timeout_seconds = default_bot_timeout_seconds;
};

class Client;

class Server {
public:
    // `games`: name -> rules file. Loads every game (throws LoadFailed-like errors from the caller's loader), opens
    // the store and makes every stored table again.
    Server(boost::asio::io_context& io, ServerOptions options,
           std::map<std::string, std::shared_ptr<const runtime::GameDefinition>> games);
    ~Server();

    // Accepts connections until the io_context stops. Throws when the address cannot be listened on.
    void listen();
    [[nodiscard]] unsigned short port() const { return port_; }

    // HTTP API (the lobby page's): the games and their options; a new table from a JSON request.
    [[nodiscard]] nlohmann::json games_json() const;
    // {"game", "players", "options": {name: value}, "seats": ["human", "random", ...], "names"?: ["Ann", "", ...],
    // "seed"?} -> the table's links; throws std::invalid_argument with what was wrong. `names`: what each person
    // chose to be called (at most 30 characters, "" for none); a bot's seat has none.
    nlohmann::json create_table(const nlohmann::json& request);

    // WebSocket clients.
    // The table and seat a connection opens, or an error text.
    struct Opened {
        Table* table = nullptr;
        int seat = -1;
        std::string error;
    };
    Opened open(const std::string& table, const std::string& token);
    void join(const std::string& table, const std::shared_ptr<Client>& client);
    void leave(const std::string& table, const std::shared_ptr<Client>& client);
    // A message a client sent: an act applied, a rematch made or an undo taken (and every client of the table told),
    // or an error to that client.
    void receive(const std::string& table, int seat, const std::string& text, Client& from);

    [[nodiscard]] const ServerOptions& options() const { return options_; }
    [[nodiscard]] std::size_t table_count() const { return tables_.size(); }

private:
    struct TableEntry {
        std::unique_ptr<Table> table;
        std::set<std::shared_ptr<Client>> clients;
        bool bot_thinking = false;
        // Bots that keep a process and read the table's log (exec): one per seat for the whole game.
        std::map<int, std::shared_ptr<Bot>> programs;
        std::chrono::steady_clock::time_point last_action;
        // Bumped when actions are taken back: a bot's answer thought before then is not taken.
        std::uint64_t generation = 0;
    };

    void restore_tables();
    void broadcast(TableEntry& entry);
    // The state `seat` gets, with what the server adds about the table (docs/protocol.md, "table").
    [[nodiscard]] nlohmann::json message_for(const TableEntry& entry, int seat, std::size_t log_from) const;
    [[nodiscard]] nlohmann::json table_about(const TableEntry& entry, int seat) const;
    // {"type": "rematch"}: a new table for the same game, seats and names, each person told his own new link.
    std::string rematch(const std::string& id, TableEntry& entry, int seat);
    // {"type": "undo"}: the seat's last decision and what followed are taken back (Table::take_back says when).
    std::string undo(const std::string& id, TableEntry& entry, int seat);
    TableEntry& add_table(TableRecord record);
    void run_bots(const std::string& id);
    void bot_chose(const std::string& id, std::uint64_t generation, std::size_t step, int seat, int action,
                   const std::string& error);
    std::string take(const std::string& id, TableEntry& entry, int seat, const Table::Answer& answer);
    void close_idle_tables();
    [[nodiscard]] std::vector<BotSpec> programs_for(const runtime::GameDefinition& game) const;
    BotSpec parse_seat(const std::string& text, const runtime::GameDefinition& game) const;
    void end_programs(TableEntry& entry);
    void schedule_idle_check();

    boost::asio::io_context& io_;
    ServerOptions options_;
    std::map<std::string, std::shared_ptr<const runtime::GameDefinition>> games_;
    std::unique_ptr<Store> store_;
    std::map<std::string, TableEntry> tables_;
    boost::asio::thread_pool bots_{1};
    boost::asio::steady_timer idle_timer_;
    boost::asio::ip::tcp::acceptor acceptor_;
    unsigned short port_ = 0;
};

// 128 bits from the system's random source, as 32 hexadecimal digits: the secret of a link.
std::string new_token(std::size_t hex_digits = 32);

}  // namespace rulesrun::serve
