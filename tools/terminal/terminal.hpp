// The terminal: colour (only on a terminal, never with NO_COLOR or TERM=dumb), clearing the screen between players,
// and the progress bar of long simulations.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace rulesrun::cli {

// Whether `stream` is a terminal that understands control sequences (not TERM=dumb): clearing the screen,
// redrawing a line.
bool controls_enabled(FILE* stream);
// Whether output to `stream` may use colour: controls are enabled and NO_COLOR is not set.
bool colour_enabled(FILE* stream);

// Wraps texts in ANSI colour codes when enabled, else leaves them alone.
class Style {
public:
    Style(bool colour, bool controls) : colour_(colour), controls_(controls) {}
    // The style for standard output.
    static Style for_stdout();
    [[nodiscard]] bool colour() const { return colour_; }
    [[nodiscard]] std::string bold(const std::string& text) const { return wrap("1", text); }
    [[nodiscard]] std::string dim(const std::string& text) const { return wrap("2", text); }
    [[nodiscard]] std::string red(const std::string& text) const { return wrap("31", text); }
    [[nodiscard]] std::string green(const std::string& text) const { return wrap("32", text); }
    [[nodiscard]] std::string yellow(const std::string& text) const { return wrap("33", text); }
    [[nodiscard]] std::string cyan(const std::string& text) const { return wrap("36", text); }
    // Clears the screen on a terminal (so the next player does not see the previous one's secrets); else nothing.
    // The scrollback is cleared too: scrolling back must not show the previous player's hand.
    [[nodiscard]] std::string clear_screen() const { return controls_ ? "\x1b[H\x1b[2J\x1b[3J" : ""; }

private:
    [[nodiscard]] std::string wrap(const char* code, const std::string& text) const;
    bool colour_;
    bool controls_;
};

// "[#######      ] 52% 52000/100000 games, 1m05s left" on standard error, redrawn in place; shown only when standard error is
// a terminal and the run has lasted over a second, so short runs and pipes stay clean.
class ProgressBar {
public:
    explicit ProgressBar(std::int64_t total);
    ~ProgressBar();
    ProgressBar(const ProgressBar&) = delete;
    ProgressBar& operator=(const ProgressBar&) = delete;

    void update(std::int64_t done);
    // Erases the bar (if it was drawn).
    void finish();

private:
    std::int64_t total_;
    bool enabled_;
    bool drawn_ = false;
    int last_percent_ = -1;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace rulesrun::cli
