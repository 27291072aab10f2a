// Rules files that check, played: two games at the smallest player counts, each action picked from the input's
// hash, every seat's view and wire message made along the way, for at most 120 actions a game (chess takes 3 s so
// under the sanitizers). A rule that fails at run time (RuleError) or settings the file refuses are answers;
// anything else is a finding.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "rulesrun.hpp"

namespace {

constexpr int games_per_input = 2;
constexpr int actions_per_game = 120;

void play(const std::shared_ptr<const rulesrun::runtime::GameDefinition>& definition, int players,
          rulesrun::fuzz::Choices& choices) {
    using namespace rulesrun::runtime;
    const ResolvedSettings settings = resolve_settings(*definition, {players, {}, choices.state});
    Game game(definition, settings, true);
    std::vector<std::string> log;
    for (int actions = 0; actions < actions_per_game && !game.finished(); ++actions) {
        const auto seats = game.to_act();
        if (seats.empty()) break;
        for (const int seat : seats) {
            for (const auto& message : game.take_messages()) log.push_back(message.text);
            (void)rulesrun::json_text(state_message(game, seat, log, 0));
            const int action = choices.below(game.action_count(seat));
            (void)game.action_name(seat, action);
            game.apply(seat, action);
            if (game.finished()) break;
        }
    }
    if (game.finished()) (void)game.results();
    (void)rulesrun::json_text(state_message(game, -1, log, 0));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace rulesrun::runtime;
    const auto loaded = load_game(rulesrun::fuzz::as_file(data, size, ".rules"));
    if (!loaded.game) return -1;  // does not check: fuzz_rules covers it, the corpus need not keep it
    rulesrun::fuzz::Choices choices{rulesrun::fuzz::input_hash(data, size)};
    const int low = loaded.game->min_players(), high = std::min(loaded.game->max_players(), low + 1);
    for (int game = 0; game < games_per_input; ++game) {
        try {
            play(loaded.game, low + game % (high - low + 1), choices);
        } catch (const RuleError&) {
        } catch (const SettingsError&) {
        }
    }
    return 0;
}
