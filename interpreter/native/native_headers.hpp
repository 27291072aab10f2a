// The interpreter's headers that native engines' code includes (machine.hpp and what it includes), built into
// rulesrun (embed_native_headers.cmake) so that a native engine compiles against exactly the machine that loads it,
// wherever rulesrun runs.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

namespace rulesrun::runtime {

// Each header's file name and text.
const std::vector<std::pair<std::string_view, std::string_view>>& native_headers();

}  // namespace rulesrun::runtime
