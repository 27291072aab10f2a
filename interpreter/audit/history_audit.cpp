#include "history_audit.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "chance_redraw.hpp"
#include "random.hpp"
#include "seat_view.hpp"

namespace rulesrun {

namespace {

using runtime::ActionRecord;
using runtime::ChanceRedraw;
using runtime::ChanceSite;
using runtime::Game;
using runtime::Message;

constexpr int probes_per_site = 3;  // draws of one rule alone, to learn whether the seat can tell
constexpr int tries_per_step = 8;   // draws of a step with every such rule, before it is played as it was

bool to_act(const Game& game, int seat) {
    const auto seats = game.to_act();
    return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

// What the seat may know after a step: its view, who is to act, and the lines the rules showed it.
std::vector<std::string> may_know(const Game& game, int seat, const std::vector<Message>& lines) {
    std::vector<std::string> known = runtime::view_facts(game, seat);
    for (const int acting : game.to_act()) known.push_back("to act: " + std::to_string(acting));
    for (const Message& m : lines) {
        if (m.shown && m.readable_by(seat)) known.push_back("shown: " + m.text);
    }
    return known;
}

// Everything the seat reads after a step: what it may know, the lines said to it and its menu. A number that changes
// none of it was drawn out of the seat's sight.
std::vector<std::string> reads(const Game& game, int seat, const std::vector<Message>& lines) {
    std::vector<std::string> read = may_know(game, seat, lines);
    for (const Message& m : lines) {
        if (!m.shown && m.readable_by(seat)) read.push_back("said: " + m.text);
    }
    if (!game.finished() && to_act(game, seat)) read.push_back("menu: " + action_names(game, seat));
    return read;
}

// One step of the replay: the start, or one answer of the history.
struct Step {
    const ActionRecord* answer = nullptr;  // nothing: the start
    std::string answer_name;               // as the true game named it
    bool others_secret = false;            // another seat's secret answer: drawn among its options
};

// One copy of the game after a step, with the lines it said.
struct Played {
    Game game;
    std::vector<Message> lines;
};

class HistoryReplay {
public:
    HistoryReplay(const Game& played, int seat, std::uint64_t seed, LeakRecorder& leaks, std::string where)
        : played_(played), seat_(seat), rng_(seed), leaks_(leaks), where_(std::move(where)) {
        drawn_.numbers = Rng(rng_.next());
    }

    void run() {
        Game truth = played_;
        truth.keep_messages(true);
        truth.redraw_chance(&noted_);
        Game other = truth;
        other.redraw_chance(&drawn_);
        const auto& history = played_.history();
        bool alike = true;  // the other game is the true one: nothing was drawn otherwise yet
        for (std::size_t i = 0; i <= history.size(); ++i) {
            Step step;
            if (i > 0) {
                step.answer = &history[i - 1];
                step.answer_name = truth.action_name(step.answer->seat, step.answer->action);
                step.others_secret = step.answer->seat != seat_ && truth.choice_is_secret(step.answer->seat);
            }
            noted_.drawing_sites.clear();
            noted_.shuffling_sites.clear();
            std::optional<Played> truth_after = play(truth, step, step.answer ? step.answer->action : -1);
            if (!truth_after) return;  // cannot happen: the true game replays as it went
            truth = std::move(truth_after->game);
            if (alike && noted_.drawing_sites.empty() && noted_.shuffling_sites.empty() && !step.others_secret) {
                other = truth;  // nothing differs yet, nor is anything to be drawn: the same game, nothing to compare
                other.redraw_chance(&drawn_);
                continue;
            }
            std::optional<Played> other_after = draw(other, step, may_know(truth, seat_, truth_after->lines));
            if (!other_after) {
                // The seat learned what was drawn (the rules showed it): the other game goes on from the true one, and
                // what is drawn from here on is drawn again.
                ++leaks_.report().not_comparable;
                other = truth;
                other.redraw_chance(&drawn_);
                alike = true;
                continue;
            }
            alike = alike && !varied_;
            other = std::move(other_after->game);
            ++leaks_.report().comparisons;
            compare(truth, truth_after->lines, other, other_after->lines, i);
        }
    }

private:
    // The step played on a copy of `before`: the start again, or the answer: `action` when it is not -1 (the true
    // game's own, or another seat's secret answer drawn), else the option of the same name (as the seat's log names
    // it). Nothing when it cannot be played.
    std::optional<Played> play(const Game& before, const Step& step, int action) const {
        Game game = before;
        try {
            if (!step.answer) {
                game.restart(played_.settings().seed);
            } else {
                const int seat = step.answer->seat;
                if (game.finished() || !to_act(game, seat)) return std::nullopt;
                if (action < 0) action = runtime::action_named(game, seat, step.answer_name).value_or(-1);
                if (action < 0 || action >= game.action_count(seat)) return std::nullopt;
                game.apply(seat, action);
            }
        } catch (const runtime::RuleError&) {
            return std::nullopt;  // a rule failed on what was drawn: not a game the seat could be in
        }
        auto lines = game.take_messages();
        return Played{std::move(game), std::move(lines)};
    }

    // The step played with what the seat may not know drawn again: a draw where the seat may know what it knows in
    // the true game, else the step as it was, else nothing (the seat learned something the draws changed).
    std::optional<Played> draw(const Game& before, const Step& step, const std::vector<std::string>& knows) {
        drawn_.redrawn_sites.clear();
        drawn_.reshuffled_sites.clear();
        std::optional<Played> as_it_was = play(before, step, -1);
        if (!noted_.drawing_sites.empty() || !noted_.shuffling_sites.empty())
            learn_what_varies(before, step, as_it_was, knows);
        if (!drawn_.redrawn_sites.empty() || !drawn_.reshuffled_sites.empty() || step.others_secret) {
            for (int t = 0; t < tries_per_step; ++t) {
                const int secret = step.others_secret ? drawn_answer(before, step.answer->seat) : -1;
                drawn_.changed = 0;
                auto drawn = play(before, step, secret);
                if (drawn && may_know(drawn->game, seat_, drawn->lines) == knows) {
                    varied_ = drawn_.changed > 0 || secret != -1;
                    return drawn;
                }
            }
        }
        drawn_.redrawn_sites.clear();
        drawn_.reshuffled_sites.clear();
        varied_ = false;
        if (as_it_was && may_know(as_it_was->game, seat_, as_it_was->lines) == knows) return as_it_was;
        return std::nullopt;
    }

    int drawn_answer(const Game& before, int seat) {
        if (before.finished() || !to_act(before, seat)) return -1;
        return static_cast<int>(rng_.below(static_cast<std::uint32_t>(std::max(1, before.action_count(seat)))));
    }

    // Which of the step's numbers the seat did not see drawn, and which of its shuffles it cannot tell changed: each
    // drawn again alone a few times.
    void learn_what_varies(const Game& before, const Step& step, const std::optional<Played>& as_it_was,
                           const std::vector<std::string>& knows) {
        if (!as_it_was) return;
        const std::vector<std::string> read = reads(as_it_was->game, seat_, as_it_was->lines);
        std::vector<ChanceSite> numbers, shuffles;
        for (const ChanceSite site : noted_.drawing_sites) {
            auto same_read = [&](const Played& p) { return reads(p.game, seat_, p.lines) == read; };
            if (varies(before, step, {site}, {}, same_read)) numbers.push_back(site);
        }
        for (const ChanceSite site : noted_.shuffling_sites) {
            auto same_known = [&](const Played& p) { return may_know(p.game, seat_, p.lines) == knows; };
            if (varies(before, step, {}, {site}, same_known)) shuffles.push_back(site);
        }
        drawn_.redrawn_sites = std::move(numbers);
        drawn_.reshuffled_sites = std::move(shuffles);
    }

    template <typename Fits>
    bool varies(const Game& before, const Step& step, std::vector<ChanceSite> numbers, std::vector<ChanceSite> shuffles,
                const Fits& fits) {
        drawn_.redrawn_sites = std::move(numbers);
        drawn_.reshuffled_sites = std::move(shuffles);
        for (int p = 0; p < probes_per_site; ++p) {
            drawn_.changed = 0;
            const auto probe = play(before, step, -1);
            if (probe && drawn_.changed > 0 && fits(*probe)) return true;
        }
        return false;
    }

    // Everything the seat is shown after the step, in the true game and in the other.
    void compare(const Game& truth, const std::vector<Message>& truth_lines, const Game& other,
                 const std::vector<Message>& other_lines, std::size_t step) {
        const std::string where = step == 0 ? where_ + ": at the start (before the first decision)"
                                            : fmt::format("{}: after action {}", where_, step);
        compare_said(truth, truth_lines, other_lines, where);
        leaks_.same(truth, "screen", seat_, "the view's layout", runtime::view_text(truth, seat_),
                    runtime::view_text(other, seat_), where);
        leaks_.same(truth, "network message", seat_, "the seat's state message (docs/protocol.md)",
                    wire_message(truth, seat_), wire_message(other, seat_), where);
        if (truth.finished() || other.finished() || !to_act(truth, seat_) || !to_act(other, seat_)) return;
        const std::string choice = truth.choice_origin(seat_);
        leaks_.same(truth, "prompt", seat_, choice, truth.prompt(seat_), other.prompt(seat_), where);
        leaks_.same(truth, "actions", seat_, choice, action_names(truth, seat_), action_names(other, seat_), where);
    }

    void compare_said(const Game& truth, const std::vector<Message>& seen, const std::vector<Message>& instead,
                      const std::string& where) {
        auto said = [&](const std::vector<Message>& lines) {
            std::vector<const Message*> out;
            for (const Message& m : lines) {
                if (!m.shown && m.readable_by(seat_)) out.push_back(&m);
            }
            return out;
        };
        const auto a = said(seen), b = said(instead);
        for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
            const Message* x = i < a.size() ? a[i] : nullptr;
            const Message* y = i < b.size() ? b[i] : nullptr;
            if (x && y && x->text == y->text) continue;
            leaks_.same(truth, "log", seat_, (x ? x : y)->origin, x ? x->text : std::string("(nothing)"),
                        y ? y->text : std::string("(nothing)"), where);
            return;
        }
    }

    const Game& played_;
    int seat_;
    Rng rng_;
    LeakRecorder& leaks_;
    std::string where_;
    ChanceRedraw noted_;  // the true game's: notes which rules draw, changes nothing
    ChanceRedraw drawn_;  // the other's
    bool varied_ = false;  // whether the last step drawn came out otherwise than in the true game
};

}  // namespace

void audit_history(const Game& played, int seat, std::uint64_t seed, LeakRecorder& leaks, const std::string& where) {
    HistoryReplay(played, seat, seed, leaks, where).run();
}

}  // namespace rulesrun
