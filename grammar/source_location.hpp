// Where something is in a rules file, and the diagnostics that point there.
#pragma once

#include <cstddef>
#include <string>

namespace rulesrun {

struct SourceLocation {
    int file = -1;         // index into the SourceSet that loaded the file; -1 when unknown
    std::size_t line = 0;  // 1-based
    std::size_t column = 0;  // 1-based, in bytes
    std::size_t offset = 0;  // byte offset from the start of the file
};

enum class Severity { error, warning };

struct Diagnostic {
    Severity severity = Severity::error;
    SourceLocation loc;
    std::string message;
};

}  // namespace rulesrun
