// Building, caching and loading native engines' libraries (native_library.hpp).
#include "native_library.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "native_cache.hpp"
#include "native_headers.hpp"
#include "native_source.hpp"

extern char** environ;

namespace rulesrun::runtime {

namespace fs = std::filesystem;

namespace {

// FNV-1a, 64 bits: the cache key (not a defence against a hostile cache folder, which is the user's own).
struct Hash {
    std::uint64_t value = 14695981039346656037ULL;
    void add(std::string_view text) {
        for (const char c : text) value = (value ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
        value = (value ^ 0xffu) * 1099511628211ULL;  // the end of one piece: "ab"+"c" differs from "a"+"bc"
    }
    [[nodiscard]] std::string hex() const { return fmt::format("{:016x}", value); }
};

// Runs a program (no shell: the arguments are passed as they are) with its standard output and error going to
// `output` (a file, created or emptied), or to a pipe whose text is returned when `output` is empty. Returns the
// exit status (-1: it could not start or was killed) and what it wrote when piped.
std::pair<int, std::string> run_program(const std::vector<std::string>& arguments, const std::string& output) {
    std::vector<char*> argv;
    for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    int pipe_ends[2] = {-1, -1};
    if (output.empty() && pipe(pipe_ends) != 0) return {-1, ""};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (output.empty()) {
        posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], 1);
        posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], 2);
        posix_spawn_file_actions_addclose(&actions, pipe_ends[0]);
        posix_spawn_file_actions_addclose(&actions, pipe_ends[1]);
    } else {
        posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_adddup2(&actions, 1, 2);
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    pid_t pid = -1;
    const int started = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    std::string text;
    if (output.empty()) {
        close(pipe_ends[1]);
        char buffer[4096];
        ssize_t n = 0;
        while (started == 0 && (n = read(pipe_ends[0], buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<std::size_t>(n));
        close(pipe_ends[0]);
    }
    if (started != 0) return {-1, text};
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) return {-1, text};
    }
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
}

bool executable_on_path(const std::string& name) {
    if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0;
    const char* path = std::getenv("PATH");
    std::stringstream folders(path ? path : "/usr/bin:/bin");
    std::string folder;
    while (std::getline(folders, folder, ':')) {
        if (!folder.empty() && access((folder + "/" + name).c_str(), X_OK) == 0) return true;
    }
    return false;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// The headers the generated code includes, written once per version of them into the cache.
std::string write_headers(const fs::path& cache) {
    Hash hash;
    for (const auto& [name, text] : native_headers()) {
        hash.add(name);
        hash.add(text);
    }
    const fs::path folder = cache / ("include-" + hash.hex());
    if (fs::exists(folder / "complete")) return folder.string();
    const fs::path temporary = cache / fmt::format("include-{}.{}", hash.hex(), getpid());
    fs::create_directories(temporary);
    for (const auto& [name, text] : native_headers()) {
        std::ofstream(temporary / std::string(name), std::ios::binary) << text;
    }
    std::ofstream(temporary / "complete") << "";
    std::error_code ignored;
    fs::rename(temporary, folder, ignored);  // another process may have put its copy there first: the same files
    if (ignored) fs::remove_all(temporary, ignored);
    return folder.string();
}

}  // namespace

std::optional<NativeCompiler> find_native_compiler() {
    std::vector<std::string> candidates;
    if (const char* cxx = std::getenv("CXX"); cxx && *cxx) {
        candidates = {cxx};
    } else {
        candidates = {"c++", "g++", "clang++"};
    }
    for (const std::string& candidate : candidates) {
        if (!executable_on_path(candidate)) continue;
        const auto [status, version] = run_program({candidate, "--version"}, "");
        if (status == 0) return NativeCompiler{candidate, first_line(version)};
    }
    return std::nullopt;
}

const std::string& native_compile_flags() {
    static const std::string flags = "-std=c++20 -O2 -march=native -fPIC -shared -fvisibility=hidden -fno-plt -w";
    return flags;
}

std::string native_cache_folder() {
    fs::path root;
    if (const char* dir = std::getenv("RULESRUN_CACHE_DIR"); dir && *dir) {
        root = dir;
    } else if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
        root = fs::path(xdg) / "rulesrun";
    } else if (const char* home = std::getenv("HOME"); home && *home) {
        root = fs::path(home) / ".cache" / "rulesrun";
    } else {
        root = fs::temp_directory_path() / "rulesrun-cache";
    }
    return (root / "native").string();
}

NativeLibrary::NativeLibrary(const std::string& path) : path_(path) {
    handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_) {
        const char* why = dlerror();
        throw NativeBuildError(fmt::format("cannot load the native engine {}: {}", path, why ? why : "unknown error"));
    }
}

NativeLibrary::~NativeLibrary() {
    if (handle_) dlclose(handle_);
}

void* NativeLibrary::symbol(const char* name) const { return dlsym(handle_, name); }

BuiltLibrary build_native_library(const std::string& source, const NativeCompiler& compiler) {
    const std::uintmax_t limit = native_cache_limit();  // a wrong setting is told before a build, not after
    const fs::path cache = native_cache_folder();
    std::error_code error;
    fs::create_directories(cache, error);
    if (error) throw NativeBuildError(fmt::format("cannot make the native engines' cache folder {}: {}", cache.string(), error.message()));
    const std::string include = write_headers(cache);
    Hash hash;
    hash.add(fmt::format("abi {}", native_abi_version));
    hash.add(source);
    hash.add(fs::path(include).filename().string());  // the headers' version; not the folder, so a cache may move
    hash.add(compiler.path);
    hash.add(compiler.identity);
    hash.add(native_compile_flags());
    const fs::path library = cache / (hash.hex() + ".so");
    if (fs::exists(library)) {
        mark_library_used(library);
        return {library.string(), false, 0};
    }

    const fs::path source_file = cache / (hash.hex() + ".cpp");
    const std::string temporary = fmt::format("{}.{}.tmp", library.string(), getpid());
    const std::string log = fmt::format("{}.{}.log", (cache / hash.hex()).string(), getpid());
    {
        std::ofstream out(source_file, std::ios::binary);
        out << source;
        if (!out) throw NativeBuildError(fmt::format("cannot write {}", source_file.string()));
    }
    std::vector<std::string> arguments = {compiler.path};
    std::stringstream flags(native_compile_flags());
    for (std::string flag; flags >> flag;) arguments.push_back(flag);
    arguments.insert(arguments.end(), {"-I", include, source_file.string(), "-o", temporary});
    const auto started = std::chrono::steady_clock::now();
    const int status = run_program(arguments, log).first;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (status != 0) {
        std::ifstream in(log);
        std::string first;
        std::getline(in, first);
        throw NativeBuildError(fmt::format("the C++ compiler ({}) could not build the native engine ({}): {} (its "
                                           "whole output is in {})",
                                           compiler.path, status < 0 ? "it did not run to the end" : fmt::format("exit status {}", status),
                                           first, log));
    }
    fs::remove(log, error);
    fs::rename(temporary, library, error);
    if (error) throw NativeBuildError(fmt::format("cannot put the native engine in place as {}: {}", library.string(), error.message()));
    trim_native_cache(cache, limit, {library, include});
    return {library.string(), true, seconds};
}

}  // namespace rulesrun::runtime
