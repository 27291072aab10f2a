#include "step_progress.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

#include <fmt/format.h>

#include "terminal.hpp"

namespace rulesrun::cli {

std::string duration_text(double seconds) {
    const auto s = static_cast<std::int64_t>(seconds + 0.5);
    if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, s % 3600 / 60);
    if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
    return fmt::format("{}s", s);
}

StepProgress::StepProgress(std::int64_t games, std::size_t steps, std::string step_name)
    : total_(games),
      steps_(steps),
      step_name_(std::move(step_name)),
      terminal_(controls_enabled(stderr)),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

StepProgress::~StepProgress() { finish(); }

double StepProgress::seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::string StepProgress::time_left(std::int64_t done) const {
    if (done <= 0) return "time left unknown yet";
    const double left = seconds() * static_cast<double>(total_ - done) / static_cast<double>(done);
    return "about " + duration_text(left) + " left";
}

void StepProgress::update(std::int64_t step_games) {
    if (!terminal_ || total_ <= 0) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - start_ < std::chrono::seconds(1) || (drawn_ && now - last_draw_ < std::chrono::milliseconds(250))) return;
    last_draw_ = now;
    const std::int64_t done = done_ + step_games;
    const int percent = static_cast<int>(done * 100 / total_);
    constexpr int width = 30;
    const int filled = percent * width / 100;
    fmt::print(stderr, "\r[{}{}] {:3}% {}/{} games, {} {}/{}, {}   ", std::string(filled, '#'),
               std::string(width - filled, ' '), percent, done, total_, step_name_, std::min(step_ + 1, steps_), steps_,
               time_left(done));
    std::fflush(stderr);
    drawn_ = true;
}

void StepProgress::step_done(const std::string& label, std::int64_t games, bool kept) {
    ++step_;
    done_ += games;
    if (terminal_) return update(0);
    if (kept)
        fmt::print(stderr, "{} {}/{} ({}): kept from the earlier run\n", step_name_, step_, steps_, label);
    else
        fmt::print(stderr, "{} {}/{} ({}): {} games; {} elapsed, {}\n", step_name_, step_, steps_, label, games,
                   duration_text(seconds()), time_left(done_));
    std::fflush(stderr);
}

void StepProgress::finish() {
    if (!drawn_) return;
    fmt::print(stderr, "\r{:110}\r", "");
    std::fflush(stderr);
    drawn_ = false;
}

}  // namespace rulesrun::cli
