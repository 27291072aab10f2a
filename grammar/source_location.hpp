// Where something is in a rules file, and the diagnostics that point there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace rulesrun {

// 16 bytes: every compiled expression and instruction carries one (max_rules_file_bytes keeps files far below
// 4 GiB).
struct SourceLocation {
    int file = -1;             // index into the SourceSet that loaded the file; -1 when unknown
    std::uint32_t line = 0;    // 1-based
    std::uint32_t column = 0;  // 1-based, in bytes
    std::uint32_t offset = 0;  // byte offset from the start of the file
};

// A location from the parser's positions (counted in std::size_t; files are small enough for 32 bits).
inline SourceLocation location_at(int file, std::size_t line, std::size_t column, std::size_t offset) {
    return {file, static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(column), static_cast<std::uint32_t>(offset)};
}

enum class Severity { error, warning };

struct Diagnostic {
    Severity severity = Severity::error;
    SourceLocation loc;
    std::string message;
};

}  // namespace rulesrun
