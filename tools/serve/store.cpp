#include "store.hpp"

#include <sqlite3.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace rulesrun::serve {

namespace {

// A prepared statement, finalized when it goes out of scope.
class Statement {
public:
    Statement(sqlite3* db, const std::string& sql, const std::string& path) : db_(db) {
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement_, nullptr) != SQLITE_OK) {
            throw StoreError(fmt::format("{}: {}", path, sqlite3_errmsg(db)));
        }
    }
    ~Statement() { sqlite3_finalize(statement_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int i, const std::string& text) {
        sqlite3_bind_text(statement_, i, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& bind(int i, std::int64_t value) {
        sqlite3_bind_int64(statement_, i, value);
        return *this;
    }
    // Runs a statement that returns no rows.
    void run(const std::string& path) {
        if (sqlite3_step(statement_) != SQLITE_DONE) throw StoreError(fmt::format("{}: {}", path, sqlite3_errmsg(db_)));
    }
    bool next() { return sqlite3_step(statement_) == SQLITE_ROW; }
    std::string text(int column) {
        const auto* t = sqlite3_column_text(statement_, column);
        return t ? reinterpret_cast<const char*>(t) : "";
    }
    std::int64_t integer(int column) { return sqlite3_column_int64(statement_, column); }

private:
    sqlite3* db_;
    sqlite3_stmt* statement_ = nullptr;
};

// The seats and settings of a table as JSON text (the player count, options and seed, each seat's bot, token and
// chosen name, the table of its rematch).
std::string plan_json(const TableRecord& t) {
    nlohmann::json seats = nlohmann::json::array();
    for (const auto& s : t.seats) seats.push_back({{"player", s.player.text()}, {"token", s.token}, {"name", s.name}});
    nlohmann::json options = nlohmann::json::array();
    for (const auto& [name, value] : t.settings.options) options.push_back({name, value});
    return nlohmann::json{{"players", t.settings.players},
                          {"options", options},
                          {"seed", t.settings.seed},
                          {"seats", seats},
                          {"spectator", t.spectator_token},
                          {"rematch", t.rematch}}
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

Store::Store(const std::string& path) : path_(path) {
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw StoreError(fmt::format("cannot open {}: {}", path, why));
    }
    sqlite3_busy_timeout(db_, 2000);
    run("PRAGMA journal_mode=WAL");
    // In WAL mode, NORMAL keeps every committed action through a crash of the server (kill -9); only a crash of the
    // machine itself may lose the last ones. FULL would wait for the disk at every action.
    run("PRAGMA synchronous=NORMAL");
    run("CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, plan TEXT NOT NULL)");
    run("CREATE TABLE IF NOT EXISTS actions (tab TEXT NOT NULL, step INTEGER NOT NULL, seat INTEGER NOT NULL, "
        "action INTEGER NOT NULL, PRIMARY KEY (tab, step))");
}

Store::~Store() { sqlite3_close(db_); }

void Store::run(const std::string& sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        const std::string why = error ? error : "unknown error";
        sqlite3_free(error);
        throw StoreError(fmt::format("{}: {}", path_, why));
    }
}

void Store::add_table(const TableRecord& table) {
    Statement(db_, "INSERT INTO tables (id, game, plan) VALUES (?, ?, ?)", path_)
        .bind(1, table.id)
        .bind(2, table.game)
        .bind(3, plan_json(table))
        .run(path_);
}

void Store::add_action(const std::string& table, std::size_t step, const runtime::ActionRecord& action) {
    Statement(db_, "INSERT INTO actions (tab, step, seat, action) VALUES (?, ?, ?, ?)", path_)
        .bind(1, table)
        .bind(2, static_cast<std::int64_t>(step))
        .bind(3, action.seat)
        .bind(4, action.action)
        .run(path_);
}

void Store::update_plan(const TableRecord& table) {
    Statement(db_, "UPDATE tables SET plan = ? WHERE id = ?", path_).bind(1, plan_json(table)).bind(2, table.id).run(path_);
}

void Store::remove_actions_from(const std::string& table, std::size_t step) {
    Statement(db_, "DELETE FROM actions WHERE tab = ? AND step >= ?", path_)
        .bind(1, table)
        .bind(2, static_cast<std::int64_t>(step))
        .run(path_);
}

void Store::remove_table(const std::string& table) {
    run("BEGIN");
    Statement(db_, "DELETE FROM actions WHERE tab = ?", path_).bind(1, table).run(path_);
    Statement(db_, "DELETE FROM tables WHERE id = ?", path_).bind(1, table).run(path_);
    run("COMMIT");
}

std::vector<TableRecord> Store::tables() {
    std::vector<TableRecord> out;
    Statement rows(db_, "SELECT id, game, plan FROM tables ORDER BY rowid", path_);
    while (rows.next()) {
        TableRecord t;
        t.id = rows.text(0);
        t.game = rows.text(1);
        const auto plan = parse_json_input(rows.text(2));
        t.settings.players = plan.at("players").get<int>();
        for (const auto& o : plan.at("options")) t.settings.options.emplace_back(o.at(0).get<std::string>(), o.at(1).get<std::string>());
        t.settings.seed = plan.at("seed").get<std::uint64_t>();
        for (const auto& s : plan.at("seats")) {
            SeatPlan seat;
            seat.player.name = s.at("player").get<std::string>();  // parsed against the game by the server
            seat.token = s.at("token").get<std::string>();
            seat.name = s.value("name", "");  // tables stored before names were chosen have none
            t.seats.push_back(std::move(seat));
        }
        t.spectator_token = plan.at("spectator").get<std::string>();
        t.rematch = plan.value("rematch", "");
        Statement actions(db_, "SELECT seat, action FROM actions WHERE tab = ? ORDER BY step", path_);
        actions.bind(1, t.id);
        while (actions.next()) {
            t.actions.push_back({static_cast<int>(actions.integer(0)), static_cast<int>(actions.integer(1))});
        }
        out.push_back(std::move(t));
    }
    return out;
}

}  // namespace rulesrun::serve
