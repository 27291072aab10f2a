// Where `rulesrun serve` keeps its tables: one SQLite file under --data. Each action is written in its own
// transaction before anyone is told of it, so a server killed at any moment starts again with every table where it
// was.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "table.hpp"

struct sqlite3;

namespace rulesrun::serve {

struct StoreError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Store {
public:
    // Opens (or creates) the database file; throws StoreError naming the file and what went wrong.
    explicit Store(const std::string& path);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    void add_table(const TableRecord& table);
    void add_action(const std::string& table, std::size_t step, const runtime::ActionRecord& action);
    // The table's seats and settings written again (its rematch was made).
    void update_plan(const TableRecord& table);
    // Forgets the table's actions from `step` on (they were taken back).
    void remove_actions_from(const std::string& table, std::size_t step);
    void remove_table(const std::string& table);
    // Every table with its actions in order.
    [[nodiscard]] std::vector<TableRecord> tables();

private:
    void run(const std::string& sql);
    sqlite3* db_ = nullptr;
    std::string path_;
};

}  // namespace rulesrun::serve
