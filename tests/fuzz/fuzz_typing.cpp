// What a person types at a menu in `play`: each line of the input is read as `play` reads an entry (a number, a name,
// coordinates, a selection of elements, an arithmetic expression, a prefix) against the menu of the seat to act, and
// the action it names, if any, is played. The first byte picks the game: Pig (names), chess (coordinates) or
// Diam's (`choose subset of`: selections).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "action_entry.hpp"
#include "fuzz_support.hpp"
#include "rulesrun.hpp"

namespace {

using namespace rulesrun;

std::shared_ptr<const runtime::GameDefinition> game(const char* path) {
    return runtime::load_game(fuzz::project_file(path)).game;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::shared_ptr<const runtime::GameDefinition> games[] = {
        game("rules/pig.rules"), game("rules/classics/chess.rules"), game("rules/diams.rules")};
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    if (input.empty()) return 0;
    const auto& definition = games[static_cast<unsigned char>(input.front()) % 3];
    runtime::Game played(definition, runtime::resolve_settings(*definition, {definition->min_players(), {}, 5}));
    std::vector<std::string> names;
    std::size_t start = 1;
    while (start < input.size() && !played.finished()) {
        std::size_t end = input.find('\n', start);
        if (end == std::string_view::npos) end = input.size();
        const std::string_view line = input.substr(start, end - start);
        start = end + 1;
        const int seat = played.to_act().front();
        names.clear();
        for (int a = 0; a < played.action_count(seat); ++a) names.push_back(played.action_name(seat, a));
        const auto action = cli::parse_action_entry(line, names);
        if (action) played.apply(seat, *action);
        (void)cli::actions_starting_with(line, names);
    }
    return 0;
}
