// Checks on the raw bytes of a rules file before it is parsed: rules files are untrusted input.
#pragma once

#include <optional>
#include <string_view>

#include "source_location.hpp"

namespace rulesrun {

// A NUL byte, a byte sequence that is not UTF-8, or a control character: the file is not a rules file.
std::optional<Diagnostic> find_text_problem(std::string_view text, int file_index);

// The offset of the first byte at or after `offset` that is neither blank nor part of a comment.
std::size_t skip_blanks_and_comments(std::string_view text, std::size_t offset);

}  // namespace rulesrun
