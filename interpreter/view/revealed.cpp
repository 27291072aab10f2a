#include "revealed.hpp"

#include <algorithm>
#include <optional>

#include "seat_view.hpp"
#include "seeds.hpp"

namespace rulesrun::runtime {

namespace {

// Everything `seat` reads while the steps are applied to `game`: each screen and each message; nothing when a step
// cannot be taken there (that alone tells the seat something).
std::optional<std::string> what_seat_reads(Game game, const std::vector<NamedAction>& steps, int seat) {
    (void)game.take_messages();  // said before the steps
    std::string read;
    for (const auto& step : steps) {
        const auto acting = game.to_act();
        if (std::find(acting.begin(), acting.end(), step.seat) == acting.end()) return std::nullopt;
        int found = -1;
        for (int a = 0; a < game.action_count(step.seat) && found < 0; ++a) {
            if (game.action_name(step.seat, a) == step.name) found = a;
        }
        if (found < 0) return std::nullopt;
        game.apply(step.seat, found);
        for (const auto& text : messages_for(game.take_messages(), seat)) read += text + '\n';
        read += view_text(game, seat);
    }
    return read;
}

}  // namespace

bool reveals_hidden(const Game& before, const std::vector<NamedAction>& steps, int seat, std::uint64_t seed,
                    int samples) {
    const auto truth = what_seat_reads(before, steps, seat);
    if (!truth) return true;
    for (int i = 0; i < samples; ++i) {
        const std::uint64_t sample_seed = derive_seed(seed, static_cast<std::uint64_t>(i));
        Game guess = before.determinized(seat, sample_seed);
        guess.vary_private_fields(seat, sample_seed);
        try {
            if (what_seat_reads(std::move(guess), steps, seat) != truth) return true;
        } catch (const RuleError&) {
            return true;  // a rule failed in a world the seat cannot rule out: the steps depended on what it lacks
        }
    }
    return false;
}

}  // namespace rulesrun::runtime
