// The progress of a long run made of steps (a sweep's configurations, a ladder's seatings), on standard error: on a
// terminal, one bar over every game of every step with the step and the time left, redrawn in place; otherwise (a pipe,
// a log, a batch job) one plain line as each step finishes, with the time left. The time left is the time the games
// played so far took, scaled to the games left.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace rulesrun::cli {

// "1h02m", "3m05s", "12s".
std::string duration_text(double seconds);

class StepProgress {
public:
    // `games`: every game still to play, over `steps` steps, each called a `step_name`.
    StepProgress(std::int64_t games, std::size_t steps, std::string step_name = "configuration");
    ~StepProgress();
    StepProgress(const StepProgress&) = delete;
    StepProgress& operator=(const StepProgress&) = delete;

    // Games finished so far in the current step.
    void update(std::int64_t step_games);
    // The current step is over: `label` names it, `games` is how many games it played (none when `kept`: its results
    // were kept from an earlier run).
    void step_done(const std::string& label, std::int64_t games, bool kept);
    // Erases the bar (if it was drawn).
    void finish();

private:
    [[nodiscard]] double seconds() const;
    [[nodiscard]] std::string time_left(std::int64_t done) const;

    std::int64_t total_;
    std::size_t steps_;
    std::string step_name_;
    std::size_t step_ = 0;       // steps finished
    std::int64_t done_ = 0;      // games of the finished steps
    bool terminal_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace rulesrun::cli
