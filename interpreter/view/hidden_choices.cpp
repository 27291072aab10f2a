#include "hidden_choices.hpp"

#include <algorithm>

#include "random.hpp"
#include "seat_view.hpp"

namespace rulesrun::runtime {

namespace {

// `game`'s history again on `replay` (restarted), other seats' secret answers drawn with `rng` (counted in `drawn`);
// false when a saved answer cannot be given (the game went another way).
bool replay_history(const Game& game, Game& replay, int seat, Rng& rng, int& drawn) {
    for (const ActionRecord& r : game.history()) {
        if (replay.finished()) return false;
        const auto acting = replay.to_act();
        if (std::find(acting.begin(), acting.end(), r.seat) == acting.end()) return false;
        const int count = replay.action_count(r.seat);
        int action = r.action;
        if (r.seat != seat && replay.choice_is_secret(r.seat)) {
            action = static_cast<int>(rng.below(static_cast<std::uint32_t>(count)));
            ++drawn;
        }
        if (action >= count) return false;
        replay.apply(r.seat, action);
    }
    return true;
}

}  // namespace

std::optional<Game> with_secret_choices_redrawn(const Game& game, int seat, std::uint64_t seed, int attempts) {
    if (game.secret_answers() == 0 || game.finished()) return std::nullopt;
    const auto seen = view_facts(game, seat);
    const auto acting = game.to_act();
    Rng rng(seed);
    for (int attempt = 0; attempt < attempts; ++attempt) {
        Game replay = game;
        replay.keep_messages(false);
        replay.restart(game.settings().seed);
        int drawn = 0;
        try {
            if (!replay_history(game, replay, seat, rng, drawn)) continue;
        } catch (const RuleError&) {
            continue;  // a rule failed on a drawn answer: that world is not one the seat could be in
        }
        if (drawn == 0) return std::nullopt;  // every secret answer was the seat's own: nothing to guess
        if (replay.secret_answers() == game.secret_answers() && replay.to_act() == acting &&
            view_facts(replay, seat) == seen) {
            return replay;
        }
    }
    return std::nullopt;
}

}  // namespace rulesrun::runtime
