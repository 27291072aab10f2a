#include "unseen_redraw.hpp"

#include <algorithm>
#include <utility>

#include "random.hpp"
#include "seat_view.hpp"

namespace rulesrun::runtime {

namespace {

constexpr int step_tries = 8;        // draws of one step before the whole game is drawn again
constexpr int number_probes = 3;     // draws of one rule's numbers when learning whether the seat saw them
constexpr std::size_t answers_looked_back = 8;  // every_answer: the steps before a failing one whose answers are tried
// every_answer: the steps played at most while learning which options of the others' secret answers fit alone (a
// long game's earliest answers are left unlearnt past it: they are drawn among all their options).
constexpr long fitting_budget = 400000;

bool acts(const Game& game, int seat) {
    const auto acting = game.to_act();
    return std::find(acting.begin(), acting.end(), seat) != acting.end();
}

// The answer given again, or false when it cannot be (the game went another way).
bool answer_again(Game& replay, int seat, int action) {
    if (action < 0 || replay.finished() || !acts(replay, seat) || action >= replay.action_count(seat)) return false;
    replay.apply(seat, action);
    return true;
}

// Starts `replay` again as `played` started: its seed, and the chance results forced in it (Game::chance_to_replay).
void restart_as(Game& replay, const Game& played) { replay.restart(played.settings().seed, played.chance_to_replay()); }

// The key of `action` in `replay` for the answer's seat, 0 when it has no such action.
std::uint64_t replay_key(const Game& replay, const ActionRecord& answer, int action) {
    if (action < 0 || replay.finished() || !acts(replay, answer.seat) || action >= replay.action_count(answer.seat)) return 0;
    return replay.action_key(answer.seat, action);
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

// Whether a step replayed (its messages not yet taken) left the seat what the real step left it: all it could tell,
// where that was kept (`seen`), else the lines it read (`lines_then`).
bool step_reads_alike(Game& replay, int seat, const std::vector<std::string>& seen,
                      const std::vector<std::string>& lines_then) {
    const auto lines = replay.take_messages();
    return !seen.empty() ? seen_after(replay, seat, lines) == seen : lines_read(lines, seat) == lines_then;
}

}  // namespace

UnseenRedraw::UnseenRedraw(const Game& game, int seat, bool every_answer)
    : game_(game), seat_(seat), every_answer_(every_answer) {
    if (game.finished()) return;
    try {
        replays_ = learn(game);
        if (!replays_) steps_.clear();
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
    std::vector<std::pair<std::size_t, Game>> secret;        // every_answer: the others' secret answers, the game before
    bool drawn_before = false;  // a step before this one may be drawn: from here on, what the seat reads counts
    for (std::size_t i = 0; i <= history.size(); ++i) {
        const ActionRecord* answer = i == 0 ? nullptr : &history[i - 1];
        Step& step = steps_[i];
        chance.drawing_sites.clear();
        Game before = replay;
        if (answer) {
            step.others_secret = answer->seat != seat_ && replay.choice_is_secret(answer->seat);
            step.key = replay.action_key(answer->seat, answer->action);
            if (!answer_again(replay, answer->seat, answer->action)) return false;
        } else {
            restart_as(replay, game);
        }
        const auto lines = replay.take_messages();
        if (drawn_before) step.lines = lines_read(lines, seat_);
        if (!step.others_secret && chance.drawing_sites.empty()) continue;
        step.seen = seen_after(replay, seat_, lines);
        step.unseen_numbers = chance.drawing_sites;  // candidates, each tried below
        if (!step.unseen_numbers.empty()) learn_unseen_numbers(before, i, step, false);
        if (every_answer_ && step.others_secret) secret.emplace_back(i, before);
        if (!step.unseen_numbers.empty()) with_numbers.emplace_back(i, std::move(before));
        drawn_before = drawn_before || step.drawn();
        if (!step.drawn()) step.seen.clear();
    }
    // A number unseen when drawn may be shown later: tried again, every later step where the seat read a line known.
    for (auto& [index, before] : with_numbers) learn_unseen_numbers(before, index, steps_[index], true);
    const bool replayed = replay.to_act() == game.to_act() && view_facts(replay, seat_) == view_facts(game, seat_);
    // The latest answers first: they are the ones the seat's recent view says most about.
    long budget = fitting_budget;
    for (auto it = secret.rbegin(); replayed && it != secret.rend() && budget > 0; ++it)
        learn_fitting_answers(it->second, it->first, steps_[it->first], budget);
    return replayed;
}

// What the seat knows directly of another seat's secret answer: the options that, given instead of the real one with
// the rest of the game as it went, show it what it saw at every step since and now (Hearts: a pass that keeps every
// card its seat plays later and gives the receiver those it plays from it). A drawn game draws among them; the whole
// drawn game is still checked, so they only make a fitting draw likelier (the true answer is always among them).
void UnseenRedraw::learn_fitting_answers(const Game& before, std::size_t index, Step& step, long& budget) const {
    const ActionRecord& answer = game_.history()[index - 1];
    const int options = before.action_count(answer.seat);
    std::vector<std::uint64_t> fitting;
    for (int a = 0; a < options && budget > 0; ++a) {
        Game replay = before;
        replay.keep_messages(true);
        try {
            if (!answer_again(replay, answer.seat, a)) continue;
        } catch (const RuleError&) {
            continue;
        }
        --budget;
        if (seen_after_step(replay, seat_) != step.seen) continue;
        if (rest_fits(replay, index, budget)) fitting.push_back(before.action_key(answer.seat, a));
    }
    if (budget > 0) step.fitting = std::move(fitting);  // learnt in full: else left unlearnt
}

bool UnseenRedraw::rest_fits(Game& replay, std::size_t index, long& budget) const {
    const auto& history = game_.history();
    try {
        for (std::size_t k = index + 1; k <= history.size(); ++k) {
            const int action = given(replay, history[k - 1], steps_[k]);
            if (!answer_again(replay, history[k - 1].seat, action)) return false;
            --budget;
            if (!step_reads_alike(replay, seat_, steps_[k].seen, steps_[k].lines)) return false;
        }
    } catch (const RuleError&) {
        return false;
    }
    return replay.to_act() == game_.to_act() && view_facts(replay, seat_) == view_facts(game_, seat_);
}

// An option of another seat's secret answer among those that fit alone, at random; -1 when none is on the menu (a
// drawn game gone another way) or none was learnt.
int UnseenRedraw::fitting_answer(const Game& before, const ActionRecord& answer, const Step& step, Rng& rng) const {
    if (step.fitting.empty()) return -1;
    std::vector<int> candidates;
    for (int a = 0; a < before.action_count(answer.seat); ++a) {
        const std::uint64_t key = before.action_key(answer.seat, a);
        if (std::find(step.fitting.begin(), step.fitting.end(), key) != step.fitting.end()) candidates.push_back(a);
    }
    if (candidates.empty()) return -1;
    return candidates[rng.below(static_cast<std::uint32_t>(candidates.size()))];
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
                    restart_as(replay, game_);
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

// The answer as the game gave it, in `replay`'s menu: the action with the same key (Game::action_key), which another
// deal of the cards the seat cannot see may have put at another place of another seat's menu; -1 when there is none.
int UnseenRedraw::given(const Game& replay, const ActionRecord& answer, const Step& step) const {
    if (replay.finished() || !acts(replay, answer.seat)) return -1;
    if (replay_key(replay, answer, answer.action) == step.key) return answer.action;
    for (int a = 0; a < replay.action_count(answer.seat); ++a) {
        if (replay.action_key(answer.seat, a) == step.key) return a;
    }
    return -1;
}

static std::vector<int> shuffled(std::uint32_t count, Rng& rng) {
    std::vector<int> order(count);
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    for (std::size_t i = order.size(); i > 1; --i) {
        std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
    }
    return order;
}

bool UnseenRedraw::later_steps_fit(Game& replay, std::size_t index) const {
    const auto& history = game_.history();
    try {
        for (std::size_t k = index + 1; k <= history.size(); ++k) {
            if (!answer_again(replay, history[k - 1].seat, history[k - 1].action)) return false;
            if (!step_reads_alike(replay, seat_, steps_[k].seen, steps_[k].lines)) return false;
        }
    } catch (const RuleError&) {
        return false;
    }
    return true;
}

// One step drawn until the seat sees what it saw after it; false when no draw fits.
bool UnseenRedraw::draw_step(Game& replay, const ActionRecord* answer, const Step& step, Rng& rng,
                             ChanceRedraw& chance, int& drawn) const {
    // The drawn game may have gone another way before this step (other cards passed, another seat to lead): then the
    // answer cannot be given again, drawn or not.
    if (answer && (replay.finished() || !acts(replay, answer->seat))) return false;
    replay.keep_messages(true);  // only here: what the seat read is compared after the step
    const Game before = replay;
    const auto options = [&] { return static_cast<std::uint32_t>(before.action_count(answer->seat)); };
    for (int i = 0; i < step_tries; ++i) {
        drawn = !answer ? -1 : step.others_secret ? static_cast<int>(rng.below(options())) : given(before, *answer, step);
        if (answer && step.others_secret) {
            if (const int fits_alone = fitting_answer(before, *answer, step, rng); fits_alone >= 0) drawn = fits_alone;
        }
        if (try_step(replay, before, answer, step, drawn, chance)) return true;
    }
    if (!every_answer_ || !answer || !step.others_secret) return false;
    for (const int action : shuffled(options(), rng)) {
        drawn = action;
        if (try_step(replay, before, answer, step, action, chance)) return true;
    }
    return false;
}

// The earlier steps of `played` (the last ones before step `failing`, which no draw fitted) tried again: each other
// seat's secret answer among them with each of its options in turn, the steps after it given again as they were
// drawn, and the failing step with a random answer. The answers of a simultaneous decision are seen only once all are
// in (Hearts' passes: the cards a seat receives show what one other seat passed, whichever answered first).
bool UnseenRedraw::redraw_earlier(Game& replay, const std::vector<Played>& played, std::size_t failing, Rng& rng,
                                  ChanceRedraw& chance) const {
    const auto& history = game_.history();
    // An answer as drawn before (another seat's secret one), else as the game gave it, in `then`'s menu.
    const auto again = [&](const Game& then, const Played& p) {
        const Step& step = steps_[p.step];
        return step.others_secret ? p.action : given(then, history[p.step - 1], step);
    };
    for (std::size_t k = played.size(); k-- > 0;) {
        const Played& varied = played[k];
        const Step& step = steps_[varied.step];
        if (!step.others_secret) continue;
        const auto options = static_cast<std::uint32_t>(varied.before.action_count(history[varied.step - 1].seat));
        for (const int option : shuffled(options, rng)) {
            if (option == varied.action) continue;
            bool fits = try_step(replay, varied.before, &history[varied.step - 1], step, option, chance);
            for (std::size_t later = k + 1; fits && later < played.size(); ++later) {
                const Game then = replay;
                fits = try_step(replay, then, &history[played[later].step - 1], steps_[played[later].step],
                                again(then, played[later]), chance);
            }
            if (!fits) continue;
            const Game then = replay;
            const ActionRecord& answer = history[failing - 1];
            if (!acts(then, answer.seat)) continue;
            const auto count = static_cast<std::uint32_t>(then.action_count(answer.seat));
            const int action = steps_[failing].others_secret ? static_cast<int>(rng.below(count))
                                                             : given(then, answer, steps_[failing]);
            if (try_step(replay, then, &answer, steps_[failing], action, chance)) return true;
        }
    }
    return false;
}

// The step from `before` with this answer (-1: the start) and the unseen numbers drawn again: true, with `replay` after
// it, when the seat sees what it saw.
bool UnseenRedraw::try_step(Game& replay, const Game& before, const ActionRecord* answer, const Step& step, int action,
                            ChanceRedraw& chance) const {
    replay = before;
    chance.redrawn_sites = step.unseen_numbers;
    chance.changed = 0;
    replay.keep_messages(true);
    try {
        if (answer) {
            if (!answer_again(replay, answer->seat, action)) return false;
        } else {
            restart_as(replay, game_);
        }
    } catch (const RuleError&) {
        return false;  // a rule failed on what was drawn: not a game the seat could be in
    }
    // The same numbers and answer as the game's: the seat sees the same, unless an earlier step was drawn otherwise
    // and shows only now (every_answer checks it; the search bot takes the shortcut, its drawn game checked at the end).
    const bool same = !every_answer_ && chance.changed == 0 && (!answer || replay_key(before, *answer, action) == step.key);
    if (step.drawn() && !same && seen_after_step(replay, seat_) != step.seen) return false;
    replay.take_messages();
    replay.keep_messages(false);
    return true;
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
    if (from > 0) replay.follow_chance_of(game_);  // its chance to come as the game's, where that was forced
    bool fits = true;
    std::vector<Played> played;  // every_answer: the last steps, as they were played
    for (std::size_t i = from; fits && i <= history.size(); ++i) {
        const ActionRecord* answer = i == 0 ? nullptr : &history[i - 1];
        std::optional<Game> before;
        if (every_answer_ && answer) before = replay;
        int action = answer ? given(replay, *answer, steps_[i]) : -1;
        if (steps_[i].drawn()) {
            fits = draw_step(replay, answer, steps_[i], rng, chance, action);
            if (!fits && every_answer_ && answer) fits = redraw_earlier(replay, played, i, rng, chance);
        } else {
            chance.redrawn_sites.clear();
            const bool checked = !steps_[i].lines.empty();
            replay.keep_messages(checked);
            try {
                fits = answer ? answer_again(replay, answer->seat, action) : (restart_as(replay, game_), true);
            } catch (const RuleError&) {
                fits = false;
            }
            if (checked) {
                // A line the seat read here may tell what was drawn before (a card shown): the drawn game must agree.
                fits = fits && lines_read(replay.take_messages(), seat_) == steps_[i].lines;
                replay.keep_messages(false);
            }
        }
        if (!before) continue;
        played.push_back({std::move(*before), i, action});
        if (played.size() > answers_looked_back) played.erase(played.begin());
    }
    replay.redraw_chance(nullptr);
    return fits && replay.to_act() == game_.to_act() && view_facts(replay, seat_) == view_facts(game_, seat_);
}

}  // namespace rulesrun::runtime
