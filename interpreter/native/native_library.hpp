// A native engine's shared library: found in the cache or built there with the system's C++ compiler, then loaded.
// POSIX only (posix_spawn, dlopen).
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace rulesrun::runtime {

// The compiler failed, or a library could not be written or loaded: the message says which, and where its output is.
class NativeBuildError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The C++ compiler that builds native engines: $CXX when set, else the first of c++, g++ and clang++ on the PATH.
struct NativeCompiler {
    std::string path;
    std::string identity;  // the first line of its --version: part of the cache key
};
std::optional<NativeCompiler> find_native_compiler();

// The flags every native engine is compiled with (part of the cache key). -march=native: the library runs where it
// was built, and the cache key names the machine's compiler, not the processor, so a cache folder shared between
// different processors would need one folder each (see docs/engine.md).
const std::string& native_compile_flags();

// Where libraries are kept: $RULESRUN_CACHE_DIR, else $XDG_CACHE_HOME/rulesrun, else ~/.cache/rulesrun; with
// native/ under it.
std::string native_cache_folder();

// A loaded library; closed when the last copy goes.
class NativeLibrary {
public:
    explicit NativeLibrary(const std::string& path);  // throws NativeBuildError
    ~NativeLibrary();
    NativeLibrary(const NativeLibrary&) = delete;
    NativeLibrary& operator=(const NativeLibrary&) = delete;
    // The address of an exported symbol, or nullptr.
    [[nodiscard]] void* symbol(const char* name) const;
    [[nodiscard]] const std::string& path() const { return path_; }

private:
    void* handle_ = nullptr;
    std::string path_;
};

struct BuiltLibrary {
    std::string path;
    bool built_now = false;      // false: found in the cache
    double build_seconds = 0;    // the compiler's time when built now
};

// The library of this source: from the cache when it is there (its name is a hash of the source, the headers the
// source includes, the compiler and its flags), else compiled now and the cache trimmed to its size
// (native_cache.hpp). Two processes building the same library at once both succeed (each writes its own file and
// renames it into place). Throws NativeBuildError.
BuiltLibrary build_native_library(const std::string& source, const NativeCompiler& compiler);

}  // namespace rulesrun::runtime
