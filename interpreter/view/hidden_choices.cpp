#include "hidden_choices.hpp"

#include <algorithm>

#include "random.hpp"
#include "seat_view.hpp"

namespace rulesrun::runtime {

namespace {

// `game`'s history again on `replay` (restarted), other seats' secret answers drawn with `rng`; false when a saved
// answer cannot be given (the game went another way).
bool replay_history(const Game& game, Game& replay, int seat, Rng& rng) {
    for (const ActionRecord& r : game.history()) {
        if (replay.finished()) return false;
        const auto acting = replay.to_act();
        if (std::find(acting.begin(), acting.end(), r.seat) == acting.end()) return false;
        const int count = replay.action_count(r.seat);
        int action = r.action;
        if (r.seat != seat && replay.choice_is_secret(r.seat)) {
            action = static_cast<int>(rng.below(static_cast<std::uint32_t>(count)));
        }
        if (action >= count) return false;
        replay.apply(r.seat, action);
    }
    return true;
}

}  // namespace

SecretChoiceRedraw::SecretChoiceRedraw(const Game& game, int seat)
    : game_(game), seat_(seat), needed_(!game.finished() && game.others_answered_in_secret(seat)) {
    if (!needed_) return;
    seen_ = view_facts(game, seat);
    acting_ = game.to_act();
}

std::optional<Game> SecretChoiceRedraw::draw(std::uint64_t seed, int attempts) const {
    if (!needed_) return std::nullopt;
    Rng rng(seed);
    for (int attempt = 0; attempt < attempts; ++attempt) {
        Game replay = game_;
        replay.keep_messages(false);
        replay.restart(game_.settings().seed);
        try {
            if (!replay_history(game_, replay, seat_, rng)) continue;
        } catch (const RuleError&) {
            continue;  // a rule failed on a drawn answer: that world is not one the seat could be in
        }
        if (replay.to_act() == acting_ && view_facts(replay, seat_) == seen_) return replay;
    }
    return std::nullopt;
}

}  // namespace rulesrun::runtime
