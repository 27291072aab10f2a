#include "terminal.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "step_progress.hpp"

namespace rulesrun::cli {

namespace {

bool set_and_not_empty(const char* name) {
    const char* value = std::getenv(name);
    return value != nullptr && *value != '\0';
}

}  // namespace

bool controls_enabled(FILE* stream) {
    const char* term = std::getenv("TERM");
    const bool dumb = term != nullptr && std::strcmp(term, "dumb") == 0;
    return isatty(fileno(stream)) != 0 && !dumb;
}

// NO_COLOR follows no-color.org: present and not empty, it turns colour off.
bool colour_enabled(FILE* stream) { return controls_enabled(stream) && !set_and_not_empty("NO_COLOR"); }

Style Style::for_stdout() { return {colour_enabled(stdout), controls_enabled(stdout)}; }

std::string Style::wrap(const char* code, const std::string& text) const {
    return colour_ ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : text;
}

ProgressBar::ProgressBar(std::int64_t total)
    : total_(total), enabled_(controls_enabled(stderr)), start_(std::chrono::steady_clock::now()) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(std::int64_t done) {
    if (!enabled_ || total_ <= 0) return;
    if (!drawn_ && std::chrono::steady_clock::now() - start_ < std::chrono::seconds(1)) return;
    const int percent = static_cast<int>(done * 100 / total_);
    if (percent == last_percent_) return;
    last_percent_ = percent;
    constexpr int width = 40;
    const int filled = percent * width / 100;
    // The time left: the time the games played so far took, scaled to the games left.
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const std::string left =
        done > 0 ? fmt::format(", {} left", duration_text(elapsed * static_cast<double>(total_ - done) / static_cast<double>(done)))
                 : "";
    fmt::print(stderr, "\r[{}{}] {:3}% {}/{} games{}   ", std::string(filled, '#'), std::string(width - filled, ' '),
               percent, done, total_, left);
    std::fflush(stderr);
    drawn_ = true;
}

void ProgressBar::finish() {
    if (!drawn_) return;
    fmt::print(stderr, "\r{:100}\r", "");
    std::fflush(stderr);
    drawn_ = false;
}

}  // namespace rulesrun::cli
