#include "unseen_redraw.hpp"

#include <algorithm>
#include <utility>

#include "random.hpp"
#include "seat_view.hpp"

namespace rulesrun::runtime {

namespace {

constexpr int step_tries = 8;        // draws of one step before the whole game is drawn again
constexpr int number_probes = 3;     // draws of one rule's numbers when learning whether the seat saw them

bool acts(const Game& game, int seat) {
    const auto acting = game.to_act();
    return std::find(acting.begin(), acting.end(), seat) != acting.end();
}

// The answer given again, or false when it cannot be (the game went another way).
bool answer_again(Game& replay, int seat, int action) {
    if (replay.finished() || !acts(replay, seat) || action >= replay.action_count(seat)) return false;
    replay.apply(seat, action);
    return true;
}

// All the seat can tell of the game after a step played with messages kept (`lines`, taken from it): its view, who is
// to act, the lines it read, and its menu.
std::vector<std::string> seen_after(const Game& game, int seat, const std::vector<Message>& lines) {
    std::vector<std::string> seen = view_facts(game, seat);
    for (const int acting : game.to_act()) seen.push_back("to act: " + std::to_string(acting));
    for (const Message& m : lines) {
        if (m.readable_by(seat)) seen.push_back("log: " + m.text);
    }
    if (!game.finished() && acts(game, seat)) {
        for (int a = 0; a < game.action_count(seat); ++a) {
            seen.push_back("menu: " + game.action_name(seat, a) + " " + game.action_mark(seat, a));
        }
    }
    return seen;
}

std::vector<std::string> seen_after_step(Game& game, int seat) { return seen_after(game, seat, game.take_messages()); }

std::vector<std::string> lines_read(const std::vector<Message>& lines, int seat) {
    std::vector<std::string> read;
    for (const Message& m : lines) {
        if (m.readable_by(seat)) read.push_back(m.text);
    }
    return read;
}

}  // namespace

UnseenRedraw::UnseenRedraw(const Game& game, int seat) : game_(game), seat_(seat) {
    if (game.finished()) return;
    try {
        if (!learn(game)) steps_.clear();
    } catch (const RuleError&) {
        steps_.clear();  // the history is not this game's from its start
    }
    if (std::none_of(steps_.begin(), steps_.end(), [](const Step& s) { return s.drawn(); })) steps_.clear();
}

// Plays the game again as it went, noting at each step what the seat saw and which of the numbers drawn it did not.
bool UnseenRedraw::learn(const Game& game) {
    Game replay = game;
    replay.keep_messages(true);
    ChanceRedraw chance;
    replay.redraw_chance(&chance);
    const auto& history = game.history();
    steps_.resize(history.size() + 1);
    std::vector<std::pair<std::size_t, Game>> with_numbers;  // the steps with numbers unseen then, and the game before
    bool drawn_before = false;  // a step before this one may be drawn: from here on, what the seat reads counts
    for (std::size_t i = 0; i <= history.size(); ++i) {
        const ActionRecord* answer = i == 0 ? nullptr : &history[i - 1];
        Step& step = steps_[i];
        chance.drawing_sites.clear();
        Game before = replay;
        if (answer) {
            step.others_secret = answer->seat != seat_ && replay.choice_is_secret(answer->seat);
            if (!answer_again(replay, answer->seat, answer->action)) return false;
        } else {
            replay.restart(game.settings().seed);
        }
        const auto lines = replay.take_messages();
        if (drawn_before) step.lines = lines_read(lines, seat_);
        if (!step.others_secret && chance.drawing_sites.empty()) continue;
        step.seen = seen_after(replay, seat_, lines);
        step.unseen_numbers = chance.drawing_sites;  // candidates, each tried below
        if (!step.unseen_numbers.empty()) learn_unseen_numbers(before, i, step, false);
        if (!step.unseen_numbers.empty()) with_numbers.emplace_back(i, std::move(before));
        drawn_before = drawn_before || step.drawn();
        if (!step.drawn()) step.seen.clear();
    }
    // A number unseen when drawn may be shown later: tried again, every later step where the seat read a line known.
    for (auto& [index, before] : with_numbers) learn_unseen_numbers(before, index, steps_[index], true);
    return replay.to_act() == game.to_act() && view_facts(replay, seat_) == view_facts(game, seat_);
}

// Keeps in step.unseen_numbers the rules whose numbers, drawn again alone, can come out different with the seat
// seeing exactly the same then and, with `whole_game`, at every later step where it read something: those it did not
// see.
void UnseenRedraw::learn_unseen_numbers(const Game& before, std::size_t index, Step& step, bool whole_game) const {
    const auto& history = game_.history();
    const ActionRecord* answer = index == 0 ? nullptr : &history[index - 1];
    std::vector<ChanceSite> unseen;
    for (const ChanceSite site : step.unseen_numbers) {
        ChanceRedraw probe;
        probe.numbers = Rng(site);
        for (int i = 0; i < number_probes; ++i) {
            Game replay = before;
            probe.redrawn_sites = {site};
            replay.redraw_chance(&probe);
            probe.changed = 0;
            try {
                if (answer) {
                    if (!answer_again(replay, answer->seat, answer->action)) continue;
                } else {
                    replay.restart(game_.settings().seed);
                }
            } catch (const RuleError&) {
                continue;
            }
            if (probe.changed == 0 || seen_after_step(replay, seat_) != step.seen) continue;
            probe.redrawn_sites.clear();  // the same rule drawing again later draws as in the game
            if (!whole_game || later_steps_fit(replay, index)) {
                unseen.push_back(site);
                break;
            }
        }
    }
    step.unseen_numbers = std::move(unseen);
}

bool UnseenRedraw::later_steps_fit(Game& replay, std::size_t index) const {
    const auto& history = game_.history();
    try {
        for (std::size_t k = index + 1; k <= history.size(); ++k) {
            if (!answer_again(replay, history[k - 1].seat, history[k - 1].action)) return false;
            const auto lines = replay.take_messages();
            const Step& step = steps_[k];
            if (!step.seen.empty() ? seen_after(replay, seat_, lines) != step.seen : lines_read(lines, seat_) != step.lines)
                return false;
        }
    } catch (const RuleError&) {
        return false;
    }
    return true;
}

// One step drawn until the seat sees what it saw after it; false when no draw fits.
bool UnseenRedraw::draw_step(Game& replay, const ActionRecord* answer, const Step& step, Rng& rng,
                             ChanceRedraw& chance) const {
    // The drawn game may have gone another way before this step (other cards passed, another seat to lead): then the
    // answer cannot be given again, drawn or not.
    if (answer && (replay.finished() || !acts(replay, answer->seat))) return false;
    replay.keep_messages(true);  // only here: what the seat read is compared after the step
    const Game before = replay;
    for (int i = 0; i < step_tries; ++i) {
        if (i > 0) replay = before;
        chance.redrawn_sites = step.unseen_numbers;
        chance.changed = 0;
        int action = answer ? answer->action : -1;
        try {
            if (answer) {
                if (step.others_secret) action = static_cast<int>(rng.below(static_cast<std::uint32_t>(replay.action_count(answer->seat))));
                if (!answer_again(replay, answer->seat, action)) continue;
            } else {
                replay.restart(game_.settings().seed);
            }
        } catch (const RuleError&) {
            continue;  // a rule failed on what was drawn: not a game the seat could be in
        }
        const bool same = chance.changed == 0 && (!answer || action == answer->action);
        if (same || seen_after_step(replay, seat_) == step.seen) {
            replay.take_messages();
            replay.keep_messages(false);
            return true;
        }
    }
    return false;
}

std::optional<Game> UnseenRedraw::draw(std::uint64_t seed, int attempts) const {
    if (steps_.empty()) return std::nullopt;
    Rng rng(seed);
    for (int attempt = 0; attempt < attempts; ++attempt) {
        Game replay = game_;
        replay.keep_messages(false);
        replay.take_messages();
        if (advance(replay, 0, rng.next())) {
            if (!last_fitted_) last_fitted_ = replay;
            return replay;
        }
    }
    return last_fitted_;
}

bool UnseenRedraw::advance(Game& replay, std::size_t from, std::uint64_t seed) const {
    const auto& history = game_.history();
    if (steps_.empty() || from > history.size()) return false;
    Rng rng(seed);
    ChanceRedraw chance;
    chance.numbers = Rng(rng.next());
    replay.redraw_chance(&chance);
    bool fits = true;
    for (std::size_t i = from; fits && i <= history.size(); ++i) {
        const ActionRecord* answer = i == 0 ? nullptr : &history[i - 1];
        if (steps_[i].drawn()) {
            fits = draw_step(replay, answer, steps_[i], rng, chance);
            continue;
        }
        chance.redrawn_sites.clear();
        const bool checked = !steps_[i].lines.empty();
        replay.keep_messages(checked);
        try {
            fits = answer ? answer_again(replay, answer->seat, answer->action) : (replay.restart(game_.settings().seed), true);
        } catch (const RuleError&) {
            fits = false;
        }
        if (checked) {
            // A line the seat read here may tell what was drawn before (a card shown): the drawn game must agree.
            fits = fits && lines_read(replay.take_messages(), seat_) == steps_[i].lines;
            replay.keep_messages(false);
        }
    }
    replay.redraw_chance(nullptr);
    return fits && replay.to_act() == game_.to_act() && view_facts(replay, seat_) == view_facts(game_, seat_);
}

}  // namespace rulesrun::runtime
