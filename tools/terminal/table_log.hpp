// What happened at the table, line by line, with who may read each line: in hot-seat play each seat sees, at its
// turn, what happened since its last turn as far as it may see it (the engine's messages carry their readers; a
// secret choice is told in full to its chooser only).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace rulesrun::cli {

class TableLog {
public:
    explicit TableLog(int seats) : read_upto_(static_cast<std::size_t>(seats), 0) {}

    // `readers` empty: everyone.
    void add(std::string text, std::vector<int> readers);

    // The lines `seat` may read among those added since its last recap, and marks them read. Without
    // `with_public`, only the lines said to some seats (the public ones are on screen already).
    std::vector<std::string> recap(int seat, bool with_public);

private:
    struct Line {
        std::string text;
        std::vector<int> readers;
    };
    std::vector<Line> lines_;
    std::vector<std::size_t> read_upto_;  // per seat: the lines before this one are read
};

}  // namespace rulesrun::cli
