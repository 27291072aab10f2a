// Guessing what a seat did not see. Another seat's secret choice (`by p secretly`) or a number chance drew out of
// sight (a die rolled behind a screen) may sit in a private field or in the suspended rules' locals, which
// determinization leaves as they are: a search bot that played on them would play on what its player cannot know.
// Instead, the bot plays on games its seat cannot tell apart from the real one, in which those were drawn again.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chance_redraw.hpp"
#include "game.hpp"

namespace rulesrun::runtime {

// Made once per decision of `seat` (the game is played again once, to learn what the seat saw at each step), drawn
// from at each search iteration.
class UnseenRedraw {
public:
    // With every_answer, a step of another seat's secret answer that a few random draws do not fit is tried with each
    // of that seat's options in turn (in a random order): a seat that sees what was answered (Hearts' passed cards)
    // lets one option in hundreds fit, which random draws rarely find. The search bot draws without it (it plays on
    // without searching when nothing fits); the Python module's resample_from_infostate with it.
    UnseenRedraw(const Game& game, int seat, bool every_answer = false);

    // The game played again from its start with the same shuffles and every answer of the history, except that each
    // other seat's secret answer is drawn at random among its options, and each number drawn by a rule whose result
    // the seat did not see is drawn again; each such step is drawn until the seat sees after it exactly what it saw
    // then (its whole view, and who is to act), each later step where it read a line must read the same (a number
    // drawn out of sight and shown later is known from then on: it is not drawn again), and the whole game until it
    // sees what it sees now. Nothing when there is nothing to draw or the history is not the whole game's (a
    // determinized copy); when no draw fits after `attempts`, the last one that fitted, else nothing.
    [[nodiscard]] std::optional<Game> draw(std::uint64_t seed, int attempts = 8) const;
    // Goes on with `replay`, a game this seat's earlier UnseenRedraw drew up to the first `from` answers of the
    // history (a decision ago), to the end of the history, drawing the steps after it as draw does: a drawn game
    // follows the real one at the cost of the steps since, not of the whole game. False when a step cannot be drawn
    // to fit or the seat would not see now what it sees (the game is then of no use).
    [[nodiscard]] bool advance(Game& replay, std::size_t from, std::uint64_t seed) const;
    // Whether draw can give anything: the seat did not see something that was drawn or answered.
    [[nodiscard]] bool draws_anything() const { return !steps_.empty(); }
    // Whether playing the game again from its start led to this very game, as it must for anything to be drawn: false
    // for a game whose history is not its whole past (a determinized copy).
    [[nodiscard]] bool replays_the_game() const { return replays_; }

private:
    // One step of the game as the seat lived it: the start (no answer), then each answer of the history.
    struct Step {
        bool others_secret = false;              // another seat's secret answer
        std::uint64_t key = 0;                   // the answer's key (Game::action_key), to find it in a replay's menu
        std::vector<ChanceSite> unseen_numbers;  // the rules whose numbers drawn in this step the seat did not see
        std::vector<std::string> seen;           // all the seat can tell after it (only for steps that may be drawn)
        // After the first step that may be drawn, the lines the seat read in the other steps: a drawn game must
        // read the same (a line may tell what was drawn before, as a card shown). Its view is checked at the end.
        std::vector<std::string> lines;
        // every_answer: the keys of the options of another seat's secret answer that fit what the seat saw by
        // themselves (the rest of the game as it went); drawn first. Empty: not learnt (then any option is drawn).
        std::vector<std::uint64_t> fitting;
        [[nodiscard]] bool drawn() const { return others_secret || !unseen_numbers.empty(); }
    };

    bool learn(const Game& game);
    void learn_fitting_answers(const Game& before, std::size_t index, Step& step, long& budget) const;
    // Whether `replay`, played on from step `index` with the history's answers found by their keys, shows the seat at
    // every later step and at the end what it saw: the game as it went, but for what was changed before `index`.
    bool rest_fits(Game& replay, std::size_t index, long& budget) const;
    [[nodiscard]] int fitting_answer(const Game& before, const ActionRecord& answer, const Step& step, Rng& rng) const;
    void learn_unseen_numbers(const Game& before, std::size_t index, Step& step, bool whole_game) const;
    // Whether `replay`, played on from step `index` with the history's answers, shows the seat what it saw then at
    // every step whose `seen` or `lines` were kept.
    bool later_steps_fit(Game& replay, std::size_t index) const;
    // A step as a drawn game played it: the game before it and the answer given.
    struct Played {
        Game before;
        std::size_t step = 0;
        int action = -1;
    };
    bool draw_step(Game& replay, const ActionRecord* answer, const Step& step, Rng& rng, ChanceRedraw& chance,
                   int& drawn) const;
    [[nodiscard]] int given(const Game& replay, const ActionRecord& answer, const Step& step) const;
    bool redraw_earlier(Game& replay, const std::vector<Played>& played, std::size_t failing, Rng& rng,
                        ChanceRedraw& chance) const;
    bool try_step(Game& replay, const Game& before, const ActionRecord* answer, const Step& step, int action,
                  ChanceRedraw& chance) const;

    const Game& game_;
    int seat_;
    bool every_answer_ = false;
    std::vector<Step> steps_;  // empty when nothing is to be drawn
    bool replays_ = false;
    mutable std::optional<Game> last_fitted_;
};

}  // namespace rulesrun::runtime
