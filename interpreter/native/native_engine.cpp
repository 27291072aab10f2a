// The native engine behind a GameDefinition (native_engine.hpp): a copy of the program whose expressions are
// evaluated by the library's functions, which keeps the library loaded as long as the program is used.
#include "native_engine.hpp"

#include <fmt/format.h>

#include "machine.hpp"
#include "native_library.hpp"
#include "native_source.hpp"

namespace rulesrun::runtime {

namespace {

// The program and the library its handlers live in: the program goes first, then the library is closed.
struct NativeProgram {
    std::unique_ptr<NativeLibrary> library;
    Program program;
};

using Install = int (*)(int abi, long long expressions, long long instructions, EvalHandler* handlers, NativeRun* run);

std::shared_ptr<const Program> native_program(const Program& interpreted, const std::string& library_path) {
    auto native = std::make_shared<NativeProgram>();
    native->library = std::make_unique<NativeLibrary>(library_path);
    native->program = interpreted;
    auto install = reinterpret_cast<Install>(native->library->symbol(native_install_symbol));
    if (!install) throw NativeBuildError(fmt::format("{} is not a native engine of rulesrun (no {})", library_path, native_install_symbol));
    std::vector<EvalHandler> handlers;
    handlers.reserve(native->program.exprs.size());
    for (const Expr& e : native->program.exprs) handlers.push_back(e.handler);
    NativeRun run = nullptr;
    if (!install(native_abi_version, static_cast<long long>(handlers.size()),
                 static_cast<long long>(native->program.code.size()), handlers.data(), &run)) {
        throw NativeBuildError(fmt::format("{} was built for another program or another rulesrun", library_path));
    }
    for (std::size_t i = 0; i < handlers.size(); ++i) native->program.exprs[i].handler = handlers[i];
    native->program.native_run = run;
    return {native, &native->program};
}

}  // namespace

Engine engine_named(const std::string& name) {
    if (name == "interpreter") return Engine::interpreter;
    if (name == "native") return Engine::native;
    throw UsageError(fmt::format("unknown engine '{}': the engines are 'interpreter' and 'native'", name));
}

EngineChoice with_engine(std::shared_ptr<const GameDefinition> game, Engine engine) {
    EngineChoice choice;
    choice.game = game;
    if (engine == Engine::interpreter) return choice;
    const std::optional<NativeCompiler> compiler = find_native_compiler();
    if (!compiler) {
        choice.notice = "no C++ compiler found (c++, g++ or clang++ on the PATH, or $CXX): the interpreter runs instead "
                        "of the native engine";
        return choice;
    }
    const BuiltLibrary library = build_native_library(native_source(game->program()), *compiler);
    choice.game = std::make_shared<GameDefinition>(native_program(game->program(), library.path));
    choice.engine = Engine::native;
    choice.built_now = library.built_now;
    choice.build_seconds = library.build_seconds;
    choice.library = library.path;
    return choice;
}

}  // namespace rulesrun::runtime
