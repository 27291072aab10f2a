// The keyboard and screen of `play` and `replay --step`: asking a human for an action (by number or by name, again
// after a wrong entry), "pass the keyboard" pauses, and the end of standard input.
#pragma once

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "rulesrun.hpp"
#include "terminal.hpp"

namespace rulesrun::cli {

// Standard input ended while a human was expected to type something.
struct EndOfInput {};

// What a human may type instead of an action: `undo` (take back his last decision) and `quit` (save and stop).
// `help` is answered by the console itself.
enum class TableRequest { undo, quit };

// An action's index, or a request.
struct Answer {
    int action = -1;
    std::optional<TableRequest> request;
};

class Console {
public:
    // `echo`: write each line read after it is read, so that a transcript of piped input reads like a session at a
    // terminal (where the terminal itself shows what is typed).
    Console(std::istream& in, std::ostream& out, Style style, bool echo)
        : in_(in), out_(out), style_(style), echo_(echo) {}
    // Standard input and output; echoes when standard input is not a terminal.
    static Console standard();

    [[nodiscard]] std::ostream& out() { return out_; }
    [[nodiscard]] const Style& style() const { return style_; }

    // Shows `seat` what it may see, the prompt and the numbered actions, and reads entries until one names an
    // action or a request (`help` is answered here). Throws EndOfInput.
    Answer ask_action(const runtime::Game& game, int seat);

    // Waits for Enter before the next player sits down. With `hide_screen` (the screen holds what the previous
    // player saw), the screen and its scrollback are cleared (on a terminal) before and after. Throws EndOfInput.
    void pass_keyboard(const std::string& seat_name, bool hide_screen);

    // Prints `question` and waits for Enter. Throws EndOfInput.
    void wait_for_enter(const std::string& question);

private:
    std::string read_line();

    std::istream& in_;
    std::ostream& out_;
    Style style_;
    bool echo_;
};

}  // namespace rulesrun::cli
