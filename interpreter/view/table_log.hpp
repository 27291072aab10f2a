// What happened at the table, line by line, with who may read each line: the engine's messages carry their readers,
// and a choice is told to everyone, or in full to its chooser only when it was secret (the others learn that it was
// made). Hot-seat play shows each seat, at its turn, what happened since its last turn; the server sends each seat
// the lines it may read.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "game.hpp"

namespace rulesrun::runtime {

// "black chooses c3-c5", and "black chooses in secret" for the others when the choice is secret.
[[nodiscard]] std::string choice_text(const Game& game, int seat, const std::string& action_name);
[[nodiscard]] std::string secret_choice_text(const Game& game, int seat);

class TableLog {
public:
    explicit TableLog(int seats)
        : read_upto_(static_cast<std::size_t>(seats), 0), readable_(static_cast<std::size_t>(seats) + 1) {}

    // `readers` empty: everyone.
    void add(std::string text, std::vector<int> readers);
    void add_messages(std::vector<Message> messages);
    // A choice made (its action's name taken before it was applied).
    void add_choice(const Game& game, int seat, const std::string& action_name, bool secret);
    // The same, held while other seats of the decision are still to choose: the answers to a simultaneous decision
    // are told together, by tell_held_choices, once all are in.
    void hold_choice(int seat, std::string action_name, bool secret);
    void tell_held_choices(const Game& game);
    [[nodiscard]] std::size_t held_choices() const { return held_.size(); }

    // The lines `seat` may read among those added since its last recap, and marks them read. Without
    // `with_public`, only the lines said to some seats (the public ones are on screen already).
    std::vector<std::string> recap(int seat, bool with_public);

    // The lines `seat` may read, from its `from`th such line on (seat -1: a spectator, the public lines only).
    [[nodiscard]] std::vector<std::string> readable(int seat, std::size_t from = 0) const;
    // How many lines `seat` may read.
    [[nodiscard]] std::size_t readable_count(int seat) const;
    [[nodiscard]] std::size_t size() const { return lines_.size(); }

private:
    struct Line {
        std::string text;
        std::vector<int> readers;
        [[nodiscard]] bool readable_by(int seat) const;
    };
    [[nodiscard]] const std::vector<std::size_t>& lines_of(int seat) const;
    struct Held {
        int seat;
        std::string name;
        bool secret;
    };
    std::vector<Held> held_;
    std::vector<Line> lines_;
    std::vector<std::size_t> read_upto_;  // per seat: the lines before this one are read
    // Per seat, then the spectator last: the indices of the lines it may read (a server sends only new ones).
    std::vector<std::vector<std::size_t>> readable_;
};

}  // namespace rulesrun::runtime
