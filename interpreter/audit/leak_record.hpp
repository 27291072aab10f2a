// What the two halves of the leak audit share (audit.cpp: states compared before each decision; history_audit.cpp:
// whole games played again with hidden values drawn again): how a seat's channels are rendered, and how a difference
// between two renderings becomes a Leak in the report, once per channel and origin.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "audit.hpp"
#include "seat_message.hpp"

namespace rulesrun {

// The menu as the seat sees it: each action's name and its mark (`marked by`).
inline std::string action_names(const runtime::Game& game, int seat) {
    std::string names;
    for (int a = 0; a < game.action_count(seat); ++a) {
        names += (a ? "\n" : "") + game.action_name(seat, a);
        if (const auto mark = game.action_mark(seat, a); !mark.empty()) names += " [" + mark + "]";
    }
    return names;
}

// What the server sends the seat (its log is compared line by line elsewhere). Without the step count: a guessed
// state has no history, and the count is public anyway; nor the results, which the end of the game makes public.
inline nlohmann::json wire_message(const runtime::Game& game, int seat) {
    auto message = runtime::state_message(game, seat, {}, 0);
    message.erase("step");
    message.erase("results");
    return message;  // compared as a value, written out only for a leak's report
}

class LeakRecorder {
public:
    LeakRecorder(AuditReport& report, std::set<std::string>& known) : report_(report), known_(known) {}

    // Records a leak when the two renderings differ (once per channel and origin); true when they are the same.
    template <typename T>
    bool same(const runtime::Game& game, const std::string& channel, int seat, const std::string& origin, const T& seen,
              const T& instead, const std::string& reproduction) {
        if (seen == instead) return true;
        if (known_.insert(channel + "\n" + origin).second) {
            report_.leaks.push_back(
                {seat, game.seat_name(seat), channel, origin, rendered(seen), rendered(instead), reproduction});
        }
        return false;
    }

    AuditReport& report() { return report_; }

private:
    static std::string rendered(const std::string& text) { return text; }
    static std::string rendered(const std::vector<std::uint64_t>& keys) {
        std::string text;
        for (const auto key : keys) text += (text.empty() ? "" : " ") + fmt::format("{:016x}", key);
        return text;
    }
    static std::string rendered(const nlohmann::json& message) { return message.dump(1); }
    static std::string rendered(const std::vector<std::string>& lines) {
        std::string text;
        for (const auto& line : lines) text += (text.empty() ? "" : "\n") + line;
        return text;
    }

    AuditReport& report_;
    std::set<std::string>& known_;
};

}  // namespace rulesrun
