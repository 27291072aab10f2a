#include "server.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>
#include <random>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <fmt/format.h>

#include "connections.hpp"

namespace rulesrun::serve {

namespace {

constexpr auto idle_check_every = std::chrono::minutes(1);

// A lobby request's field that must be a text; a missing or wrong one is refused with its name.
std::string text_field(const nlohmann::json& request, const char* field) {
    const auto it = request.find(field);
    if (it == request.end()) throw std::invalid_argument(fmt::format("'{}' is missing", field));
    if (!it->is_string()) throw std::invalid_argument(fmt::format("'{}' must be a text, not {}", field, json_kind(*it)));
    return it->get<std::string>();
}

// A lobby request's field that, when given, must be a whole number from 0 to `most`.
std::uint64_t whole_number_field(const nlohmann::json& request, const char* field, std::uint64_t otherwise,
                                 std::uint64_t most) {
    const auto it = request.find(field);
    if (it == request.end()) return otherwise;
    const bool whole = it->is_number_unsigned() || (it->is_number_integer() && it->get<std::int64_t>() >= 0);
    if (!whole || it->get<std::uint64_t>() > most) {
        throw std::invalid_argument(fmt::format("'{}' must be a whole number from 0 to {}, not {}", field, most,
                                                json_text(*it).substr(0, 40)));
    }
    return it->get<std::uint64_t>();
}

constexpr std::size_t longest_name = 30;  // characters of a name chosen in the lobby

// A name a person chose: shown to everyone at the table, so at most `longest_name` characters and no control
// characters (a line break or an escape would forge lines on the page or in a terminal).
std::string chosen_name(const nlohmann::json& value, std::size_t seat) {
    if (!value.is_string()) {
        throw std::invalid_argument(fmt::format("the name of seat {} must be a text, not {}", seat + 1, json_kind(value)));
    }
    std::string name = value.get<std::string>();
    const auto first = name.find_first_not_of(' ');
    name = first == std::string::npos ? "" : name.substr(first, name.find_last_not_of(' ') - first + 1);
    std::size_t characters = 0;
    for (const unsigned char c : name) {
        if (c < 0x20 || c == 0x7f) {
            throw std::invalid_argument(fmt::format("the name of seat {} holds a control character", seat + 1));
        }
        if ((c & 0xc0) != 0x80) ++characters;
    }
    if (characters > longest_name) {
        throw std::invalid_argument(fmt::format("the name of seat {} has {} characters, more than {}", seat + 1,
                                                characters, longest_name));
    }
    return name;
}

// The lobby's "names": one per seat when given, "" for none; a bot's seat has none.
void read_names(const nlohmann::json& request, TableRecord& record) {
    const auto names = request.find("names");
    if (names == request.end()) return;
    if (!names->is_array() || names->size() != record.seats.size()) {
        throw std::invalid_argument(fmt::format("'names' must list a name (or \"\") for each of the {} seats",
                                                record.seats.size()));
    }
    for (std::size_t seat = 0; seat < record.seats.size(); ++seat) {
        const std::string name = chosen_name((*names)[seat], seat);
        if (!name.empty() && record.seats[seat].player.kind != BotKind::human) {
            throw std::invalid_argument(fmt::format("seat {} is a bot's: only a person's seat has a name", seat + 1));
        }
        record.seats[seat].name = name;
    }
}

std::string table_link(const std::string& id, const std::string& token) {
    return fmt::format("/table?table={}&token={}", id, token);
}

}  // namespace

std::vector<BotSpec> Server::programs_for(const runtime::GameDefinition& game) const {
    if (options_.programs.empty()) return {};
    auto specs = parse_bot_list(options_.programs, game.strategies(), false);
    for (auto& spec : specs) spec.timeout_seconds = options_.bot_timeout_seconds;
    return specs;
}

// A seat of a table: a person, one of the game's bots, or one of the programs the operator allowed.
BotSpec Server::parse_seat(const std::string& text, const runtime::GameDefinition& game) const {
    auto specs = parse_bot_list(text, game.strategies(), true);
    if (specs.size() != 1) throw std::invalid_argument(fmt::format("seat '{}' names more than one player", text));
    BotSpec spec = specs.front();
    if (spec.kind != BotKind::exec) return spec;
    for (const auto& allowed : programs_for(game)) {
        if (allowed.text() == spec.text()) return allowed;
    }
    throw std::invalid_argument(fmt::format("'{}' is not one of this server's programs: only those it was started "
                                            "with (rulesrun serve --bots) may take a seat", text));
}

std::string new_token(std::size_t hex_digits) {
    std::random_device source;
    std::string token;
    while (token.size() < hex_digits) token += fmt::format("{:08x}", source());
    return token.substr(0, hex_digits);
}

Server::Server(boost::asio::io_context& io, ServerOptions options,
               std::map<std::string, std::shared_ptr<const runtime::GameDefinition>> games)
    : io_(io), options_(std::move(options)), games_(std::move(games)), idle_timer_(io), acceptor_(io) {
    std::filesystem::create_directories(options_.data_folder);
    store_ = std::make_unique<Store>((std::filesystem::path(options_.data_folder) / "tables.sqlite").string());
    restore_tables();
}

Server::~Server() { bots_.join(); }

void Server::restore_tables() {
    for (auto& record : store_->tables()) {
        const auto game = games_.find(record.game);
        if (game == games_.end()) {
            std::cerr << fmt::format("table {} is not resumed: its game '{}' is not served now\n", record.id, record.game);
            continue;
        }
        const std::string id = record.id;
        try {
            for (auto& seat : record.seats) seat.player = parse_seat(seat.player.name, *game->second);
            auto& entry = tables_[id];
            entry.table = std::make_unique<Table>(game->second, std::move(record));
            entry.last_action = std::chrono::steady_clock::now();
        } catch (const std::exception& e) {
            tables_.erase(id);
            std::cerr << fmt::format("table {} is not resumed: {}\n", id, e.what());
        }
    }
    for (const auto& [id, entry] : tables_) boost::asio::post(io_, [this, id = id] { run_bots(id); });
}

void Server::listen() {
    using boost::asio::ip::tcp;
    const tcp::endpoint endpoint(boost::asio::ip::make_address(options_.host), options_.port);
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(boost::asio::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen();
    port_ = acceptor_.local_endpoint().port();
    start_accepting(io_, acceptor_, *this);
    schedule_idle_check();
}

nlohmann::json Server::games_json() const {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& [name, game] : games_) {
        nlohmann::json bots = nlohmann::json::array();
        for (const auto& name : known_bot_names(game->strategies(), false)) bots.push_back(name);
        for (const auto& program : programs_for(*game)) bots.push_back(program.text());
        nlohmann::json options = nlohmann::json::array();
        for (const auto& o : game->options()) {
            options.push_back({{"name", o.name}, {"description", o.description}, {"values", o.values}, {"default", o.default_value}});
        }
        list.push_back({{"name", name},
                        {"title", game->title()},
                        {"min_players", game->min_players()},
                        {"max_players", game->max_players()},
                        {"options", options},
                        {"bots", bots}});
    }
    return list;
}

nlohmann::json Server::create_table(const nlohmann::json& request) {
    if (tables_.size() >= options_.max_tables) {
        throw std::invalid_argument(fmt::format("the server already has {} tables, its limit (--max-tables)", tables_.size()));
    }
    if (!request.is_object()) throw std::invalid_argument("a table is asked for with an object: {\"game\": ..., \"seats\": [...]}");
    const std::string name = text_field(request, "game");
    const auto game = games_.find(name);
    if (game == games_.end()) throw std::invalid_argument(fmt::format("no game is named '{}' here", name));
    TableRecord record;
    record.id = new_token(12);
    record.game = name;
    record.settings.players = static_cast<int>(whole_number_field(request, "players", game->second->min_players(), 1000));
    if (request.contains("options")) {
        if (!request.at("options").is_object()) throw std::invalid_argument("'options' must be an object of option values");
        for (const auto& [option, value] : request.at("options").items()) {
            record.settings.options.emplace_back(option, value.is_string() ? value.get<std::string>() : json_text(value));
        }
    }
    record.settings.seed = whole_number_field(request, "seed", std::random_device{}(), std::numeric_limits<std::uint64_t>::max());
    try {
        (void)runtime::resolve_settings(*game->second, record.settings);
    } catch (const runtime::SettingsError& e) {
        throw std::invalid_argument(e.what());
    }
    const auto seats = request.find("seats");
    if (seats == request.end() || !seats->is_array() || static_cast<int>(seats->size()) != record.settings.players ||
        !std::all_of(seats->begin(), seats->end(), [](const nlohmann::json& seat) { return seat.is_string(); })) {
        throw std::invalid_argument(fmt::format("'seats' must list who plays each of the {} seats, as texts", record.settings.players));
    }
    try {
        for (const auto& seat : *seats) record.seats.push_back({parse_seat(seat.get<std::string>(), *game->second), new_token(), ""});
    } catch (const BotListError& e) {
        throw std::invalid_argument(e.what());
    }
    for (auto& seat : record.seats) {
        if (seat.player.kind != BotKind::human) seat.token.clear();
    }
    read_names(request, record);
    record.spectator_token = new_token();
    const std::string id = record.id;
    auto& entry = add_table(std::move(record));
    nlohmann::json links = nlohmann::json::array();
    const runtime::Game& g = entry.table->game();
    for (int seat = 0; seat < g.players(); ++seat) {
        const auto& plan = entry.table->record().seats[static_cast<std::size_t>(seat)];
        links.push_back({{"seat", seat},
                         {"name", g.seat_name(seat)},
                         {"chosen_name", plan.name},
                         {"player", plan.player.text()},
                         {"link", plan.token.empty() ? nlohmann::json(nullptr) : nlohmann::json(table_link(id, plan.token))}});
    }
    run_bots(id);
    return {{"table", id},
            {"seats", links},
            {"spectator", table_link(id, entry.table->record().spectator_token)}};
}

// A new table stored, then made (its record checked against its game by the caller).
Server::TableEntry& Server::add_table(TableRecord record) {
    store_->add_table(record);
    const std::string id = record.id;
    const auto game = games_.at(record.game);
    auto& entry = tables_[id];
    entry.table = std::make_unique<Table>(game, std::move(record));
    entry.last_action = std::chrono::steady_clock::now();
    return entry;
}

nlohmann::json Server::message_for(const TableEntry& entry, int seat, std::size_t log_from) const {
    auto message = entry.table->state_for(seat, log_from);
    message["table"] = table_about(entry, seat);
    return message;
}

// Who sits where (the names chosen, which seats are bots), this seat's link to the rematch once there is one (a
// spectator gets the rematch's spectator link), and whether it may undo.
nlohmann::json Server::table_about(const TableEntry& entry, int seat) const {
    const TableRecord& record = entry.table->record();
    nlohmann::json people = nlohmann::json::array();
    for (const auto& plan : record.seats) {
        people.push_back({{"name", plan.name},
                          {"bot", plan.player.kind == BotKind::human ? nlohmann::json(nullptr)
                                                                     : nlohmann::json(plan.player.text())}});
    }
    nlohmann::json rematch = nullptr;
    if (const auto next = tables_.find(record.rematch); !record.rematch.empty() && next != tables_.end()) {
        const TableRecord& again = next->second.table->record();
        const std::string& token = seat < 0 ? again.spectator_token : again.seats[static_cast<std::size_t>(seat)].token;
        rematch = table_link(again.id, token);
    }
    return {{"id", record.id}, {"people", people}, {"rematch", rematch}, {"undo", entry.table->may_undo(seat)}};
}

std::string Server::rematch(const std::string& id, TableEntry& entry, int seat) {
    const TableRecord& old = entry.table->record();
    if (seat < 0) return "a spectator cannot ask for a rematch";
    if (!entry.table->game().finished()) return "a rematch is for a finished game: this one goes on";
    if (!old.rematch.empty() && tables_.count(old.rematch)) {  // asked already: everyone has his link
        broadcast(entry);
        return "";
    }
    if (tables_.size() >= options_.max_tables) {
        return fmt::format("the server already has {} tables, its limit (--max-tables)", tables_.size());
    }
    TableRecord again;
    again.id = new_token(12);
    again.game = old.game;
    again.settings = old.settings;
    std::random_device source;
    again.settings.seed = (std::uint64_t{source()} << 32) | source();
    for (const auto& plan : old.seats) {
        again.seats.push_back({plan.player, plan.player.kind == BotKind::human ? new_token() : "", plan.name});
    }
    again.spectator_token = new_token();
    TableRecord updated = old;
    updated.actions.clear();
    updated.rematch = again.id;
    try {
        add_table(std::move(again));
        store_->update_plan(updated);
    } catch (const StoreError& e) {
        std::cerr << fmt::format("table {}: its rematch could not be stored: {}\n", id, e.what());
        return fmt::format("the server could not keep the rematch: {}", e.what());
    }
    entry.table->set_rematch(updated.rematch);
    run_bots(updated.rematch);
    broadcast(entry);
    return "";
}

std::string Server::undo(const std::string& id, TableEntry& entry, int seat) {
    const Table::TakeBack back = entry.table->take_back(seat);
    if (!back.refused.empty()) return back.refused;
    try {
        store_->remove_actions_from(id, back.step);
    } catch (const StoreError& e) {
        std::cerr << fmt::format("table {}: an undo could not be stored: {}\n", id, e.what());
        return fmt::format("the server could not take it back: {}", e.what());
    }
    entry.table->keep_steps(back.step);
    ++entry.generation;
    entry.bot_thinking = false;  // a bot thinking now answers a position that is gone: its answer is dropped
    entry.last_action = std::chrono::steady_clock::now();
    for (const auto& client : entry.clients) client->log_sent = 0;  // the log is told again from its start
    broadcast(entry);
    const nlohmann::json notice{{"type", "notice"},
                                {"protocol", runtime::protocol_version},
                                {"message", fmt::format("Taken back: {} (and what followed).", back.name)}};
    for (const auto& client : entry.clients) {
        if (client->seat() == seat) client->send(json_text(notice));
    }
    return "";
}

Server::Opened Server::open(const std::string& table, const std::string& token) {
    const auto found = tables_.find(table);
    if (found == tables_.end()) return {nullptr, -1, fmt::format("no table '{}' on this server (it ended, or the link is wrong)", table)};
    const auto seat = found->second.table->seat_of(token);
    if (!seat) return {nullptr, -1, "this link's token opens no seat of this table"};
    return {found->second.table.get(), *seat, ""};
}

void Server::join(const std::string& table, const std::shared_ptr<Client>& client) {
    const auto found = tables_.find(table);
    if (found == tables_.end()) return;
    found->second.clients.insert(client);
    client->log_sent = found->second.table->log_size(client->seat());
    client->send(json_text(message_for(found->second, client->seat(), 0)));
}

void Server::leave(const std::string& table, const std::shared_ptr<Client>& client) {
    const auto found = tables_.find(table);
    if (found != tables_.end()) found->second.clients.erase(client);
}

void Server::receive(const std::string& table, int seat, const std::string& text, Client& from) {
    const auto found = tables_.find(table);
    if (found == tables_.end()) return from.send(json_text(runtime::error_message("this table has ended")));
    TableEntry& entry = found->second;
    std::string error;
    try {
        const auto message = parse_json_input(text);
        const auto type = message.is_object() ? message.value("type", nlohmann::json()) : nlohmann::json();
        if (type == "rematch") {
            error = rematch(table, entry, seat);
        } else if (type == "undo") {
            error = undo(table, entry, seat);
        } else {
            const runtime::ActMessage act = runtime::read_act_message(message);
            error = !act.error.empty() ? act.error : take(table, entry, seat, entry.table->check(seat, act.step, act.action, act.name));
        }
    } catch (const JsonInputError& e) {
        error = fmt::format("the message is {}", e.what());
    }
    if (!error.empty()) return from.send(json_text(runtime::error_message(error)));
    run_bots(table);
}

// An answer checked by the table: stored first (a server killed now loses nothing), then applied and told to every
// client of the table. The error text when it was refused or could not be stored or applied.
std::string Server::take(const std::string& id, TableEntry& entry, int seat, const Table::Answer& answer) {
    if (!answer.refused.empty()) return answer.refused;
    try {
        store_->add_action(id, entry.table->game().history().size(), {seat, answer.action});
    } catch (const StoreError& e) {
        std::cerr << fmt::format("table {}: an action could not be stored: {}\n", id, e.what());
        return fmt::format("the server could not keep your action, so it was not taken: {}", e.what());
    }
    try {
        entry.table->apply(seat, answer.action);
    } catch (const runtime::RuleError& e) {
        std::cerr << fmt::format("table {}: the rules failed: {}\n", id, e.what());
        return fmt::format("the rules failed: {}", e.what());
    }
    entry.last_action = std::chrono::steady_clock::now();
    broadcast(entry);
    return "";
}

void Server::broadcast(TableEntry& entry) {
    for (const auto& client : entry.clients) {
        client->send(json_text(message_for(entry, client->seat(), client->log_sent)));
        client->log_sent = entry.table->log_size(client->seat());
    }
}

// The bot whose turn it is thinks on a copy of the game on the bots' thread; its answer comes back here and is
// applied if the game has not moved on meanwhile.
void Server::run_bots(const std::string& id) {
    const auto found = tables_.find(id);
    if (found == tables_.end() || found->second.bot_thinking) return;
    if (found->second.table->game().finished()) return end_programs(found->second);
    const Table& table = *found->second.table;
    const int seat = table.bot_to_act();
    if (seat < 0) return;
    TableEntry& entry = found->second;
    entry.bot_thinking = true;
    auto game = std::make_shared<runtime::Game>(table.game());
    std::shared_ptr<Bot> bot;
    std::shared_ptr<runtime::TableLog> log;
    if (table.record().seats[static_cast<std::size_t>(seat)].player.reads_log()) {
        auto& program = entry.programs[seat];
        if (!program) program = table.bot_for(seat);
        bot = program;
        log = std::make_shared<runtime::TableLog>(table.log());  // the bot reads it on its own thread
    } else {
        bot = table.bot_for(seat);
    }
    const std::size_t step = game->history().size();
    const std::uint64_t generation = entry.generation;
    boost::asio::post(bots_, [this, id, game, bot, log, seat, step, generation] {
        int action = -1;
        std::string error;
        try {
            if (log) bot->follow(log.get());
            action = bot->choose(*game, seat);
        } catch (const std::exception& e) {
            error = e.what();
        }
        boost::asio::post(io_, [this, id, generation, step, seat, action, error] {
            bot_chose(id, generation, step, seat, action, error);
        });
    });
}

void Server::bot_chose(const std::string& id, std::uint64_t generation, std::size_t step, int seat, int action,
                       const std::string& error) {
    const auto found = tables_.find(id);
    if (found == tables_.end()) return;
    TableEntry& entry = found->second;
    if (generation != entry.generation) return;  // thought before an undo: another bot may be thinking now
    entry.bot_thinking = false;
    if (!error.empty()) {
        std::cerr << fmt::format("table {}: the bot of seat {} failed: {}\n", id, seat + 1, error);
        for (const auto& client : entry.clients) client->send(json_text(runtime::error_message(fmt::format("the bot of {} failed: {}", entry.table->game().seat_name(seat), error))));
        return;
    }
    if (step != entry.table->game().history().size()) return run_bots(id);  // the game moved on while it thought
    const std::string refused = take(id, entry, seat, entry.table->check(seat, static_cast<std::int64_t>(step), action, ""));
    if (!refused.empty()) {
        std::cerr << fmt::format("table {}: the bot of seat {} was not followed: {}\n", id, seat + 1, refused);
        return;
    }
    run_bots(id);
}

// The programs of a finished game get its last state and are let go (on the bots' thread: they may take a moment).
void Server::end_programs(TableEntry& entry) {
    for (auto& [seat, program] : entry.programs) {
        auto game = std::make_shared<runtime::Game>(entry.table->game());
        auto log = std::make_shared<runtime::TableLog>(entry.table->log());
        boost::asio::post(bots_, [game, log, seat = seat, program = std::move(program)] {
            try {
                program->follow(log.get());
                program->game_over(*game, seat);
            } catch (const std::exception& e) {
                std::cerr << fmt::format("a program's end: {}\n", e.what());
            }
        });
    }
    entry.programs.clear();
}

void Server::schedule_idle_check() {
    idle_timer_.expires_after(idle_check_every);
    idle_timer_.async_wait([this](boost::system::error_code ec) {
        if (ec) return;
        close_idle_tables();
        schedule_idle_check();
    });
}

void Server::close_idle_tables() {
    const auto limit = std::chrono::duration<double, std::ratio<3600>>(options_.idle_hours);
    const auto now = std::chrono::steady_clock::now();
    for (auto it = tables_.begin(); it != tables_.end();) {
        if (now - it->second.last_action < limit || it->second.bot_thinking) {
            ++it;
            continue;
        }
        for (const auto& client : it->second.clients) client->send(json_text(runtime::error_message("this table was closed: nobody played for too long")));
        store_->remove_table(it->first);
        it = tables_.erase(it);
    }
}

}  // namespace rulesrun::serve
