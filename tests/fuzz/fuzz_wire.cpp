// Wire messages into a table of `rulesrun serve`, as Server::receive takes them: each line of the input is one
// message from the seat its first byte names (a spectator, or seat 1 or 2 of Pig, or of Diamant's three seats, whose
// decisions are simultaneous), parsed with the depth limit, read as an act, checked by the table and applied; each
// answer and every seat's state are written as the server would send them.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"
#include "table.hpp"

namespace {

using namespace rulesrun;

std::shared_ptr<const runtime::GameDefinition> game(const char* name) {
    auto loaded = runtime::load_game(fuzz::project_file(std::string("rules/") + name + ".rules"));
    return loaded.game;
}

serve::TableRecord record(const std::string& name, int players) {
    serve::TableRecord r;
    r.id = "fuzz";
    r.game = name;
    r.settings.players = players;
    r.settings.seed = 7;
    for (int seat = 0; seat < players; ++seat) {
        BotSpec human;
        human.kind = BotKind::human;
        human.name = "human";
        r.seats.push_back({human, "token" + std::to_string(seat), ""});
    }
    r.spectator_token = "spectator";
    return r;
}

std::string receive(serve::Table& table, int seat, std::string_view text) {
    try {
        const runtime::ActMessage act = runtime::read_act_message(parse_json_input(text));
        if (!act.error.empty()) return act.error;
        const auto answer = table.check(seat, act.step, act.action, act.name);
        if (!answer.refused.empty()) return answer.refused;
        table.apply(seat, answer.action);
        return "";
    } catch (const JsonInputError& e) {
        return e.what();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const auto pig = game("pig");
    static const auto diamant = game("diamant");
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const bool simultaneous = !input.empty() && (input.front() & 1);
    serve::Table table(simultaneous ? diamant : pig, simultaneous ? record("diamant", 3) : record("pig", 2));
    const int players = table.game().players();
    std::size_t start = input.empty() ? 0 : 1;
    while (start < input.size()) {
        std::size_t end = input.find('\n', start);
        if (end == std::string_view::npos) end = input.size();
        const std::string_view line = input.substr(start, end - start);
        start = end + 1;
        if (line.empty()) continue;
        const int seat = static_cast<unsigned char>(line.front()) % (players + 1) - 1;
        const std::string error = receive(table, seat, line.substr(1));
        if (!error.empty()) (void)json_text(runtime::error_message(error));
        for (int s = -1; s < players; ++s) (void)json_text(table.state_for(s, 0));
    }
    return 0;
}
