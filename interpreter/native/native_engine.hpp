// The native engine (docs/engine.md, "The native engine"): a game's rules written as C++ (native_source.hpp), built
// once into a cached library (native_library.hpp) and loaded, behind the same GameDefinition as the interpreter. Its
// games are the interpreter's, bit for bit: the same rules, options, seed and choices give the same game, the same
// figures and the same errors; only the time differs.
#pragma once

#include <memory>
#include <string>

#include "game.hpp"

namespace rulesrun::runtime {

enum class Engine { interpreter, native };

// "interpreter" or "native"; throws UsageError naming the allowed values otherwise.
Engine engine_named(const std::string& name);

struct EngineChoice {
    std::shared_ptr<const GameDefinition> game;  // runs on the engine asked for, or on the interpreter (see notice)
    Engine engine = Engine::interpreter;         // the engine `game` runs on
    bool built_now = false;                      // the native library was compiled now, not found in the cache
    double build_seconds = 0;
    std::string library;                         // the native library's path
    // One line for the user when the interpreter runs although the native engine was asked for (no C++ compiler).
    std::string notice;
};

// The game on the engine asked for. With Engine::native: from the cache, or compiled now; without a C++ compiler
// the interpreter runs, with a notice. Throws NativeBuildError when the compiler fails or the library cannot be
// loaded.
EngineChoice with_engine(std::shared_ptr<const GameDefinition> game, Engine engine);

}  // namespace rulesrun::runtime
