// The C++ text of a compiled program's native engine (docs/engine.md, "The native engine"): one function per
// expression, each doing what the interpreter's handler for it does (machine_eval_handlers.cpp), with its constants
// written in and its children called directly instead of through their handlers.
//
// Nothing of the rules' text reaches the generated code: only numbers (indices, constants) do. Names, texts and
// places in the rules stay in the Program, which the generated functions read at run time, so a rules file cannot
// inject anything into the C++.
#pragma once

#include <cstdint>
#include <string>

#include "program.hpp"

namespace rulesrun::runtime {

// The name of the function a native library exports; it installs the library's handlers into a copy of the program
// (see native_engine.cpp).
inline constexpr const char* native_install_symbol = "rulesrun_native_install";
// Changes whenever what the generated code expects of the machine changes (its headers are part of the cache key too).
inline constexpr int native_abi_version = 2;

// The translation unit of the program's native engine. `program` must be prepared (prepare_to_run): the generated
// handlers follow the interpreter's choice of handler for each expression.
std::string native_source(const Program& program);

}  // namespace rulesrun::runtime
