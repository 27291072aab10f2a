// Trimming the native engines' cache folder to its size (native_cache.hpp).
#include "native_cache.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "native_library.hpp"

namespace fs = std::filesystem;

namespace rulesrun::runtime {

namespace {

constexpr std::uintmax_t default_limit_megabytes = 256;
constexpr std::uintmax_t megabyte = 1024 * 1024;
// Another process may have found a library this recently and not loaded it yet.
constexpr auto used_lately = std::chrono::minutes(10);
// What a build leaves, and headers of other versions, are kept this long: a run of another version may use them.
constexpr auto leftover_age = std::chrono::hours(24);

struct CachedLibrary {
    fs::path library;
    fs::file_time_type used;
    std::uintmax_t bytes = 0;  // the library and its source
};

std::uintmax_t size_or_zero(const fs::path& file) {
    std::error_code error;
    const std::uintmax_t size = fs::file_size(file, error);
    return error ? 0 : size;
}

fs::path source_of(const fs::path& library) { return fs::path(library).replace_extension(".cpp"); }

bool is_leftover(const fs::path& entry, const CacheInUse& in_use) {
    const std::string name = entry.filename().string();
    if (name.starts_with("include-")) return entry != in_use.headers;
    const fs::path extension = entry.extension();
    if (extension == ".tmp" || extension == ".log") return true;
    return extension == ".cpp" && !fs::exists(fs::path(entry).replace_extension(".so"));  // its build failed
}

}  // namespace

std::uintmax_t native_cache_limit() {
    const char* text = std::getenv("RULESRUN_CACHE_MAX_MB");
    if (text == nullptr || *text == '\0') return default_limit_megabytes * megabyte;
    const char* end = text + std::strlen(text);
    std::uintmax_t megabytes = 0;
    const auto [stop, error] = std::from_chars(text, end, megabytes);
    if (error != std::errc() || stop != end || megabytes > std::numeric_limits<std::uintmax_t>::max() / megabyte) {
        throw NativeBuildError(
            fmt::format("RULESRUN_CACHE_MAX_MB must be a whole number of megabytes (the native engines' cache "
                        "size), not '{}'",
                        text));
    }
    return megabytes * megabyte;
}

void mark_library_used(const fs::path& library) {
    std::error_code ignored;
    fs::last_write_time(library, fs::file_time_type::clock::now(), ignored);
}

void trim_native_cache(const fs::path& cache, std::uintmax_t limit, const CacheInUse& in_use) {
    const fs::file_time_type now = fs::file_time_type::clock::now();
    std::vector<CachedLibrary> libraries;
    std::vector<fs::path> leftovers;
    std::uintmax_t total = 0;
    std::error_code error;
    fs::directory_iterator entries(cache, error);
    for (; !error && entries != fs::directory_iterator(); entries.increment(error)) {
        const fs::directory_entry& entry = *entries;
        std::error_code gone;
        const fs::file_time_type time = entry.last_write_time(gone);
        if (gone) continue;  // removed meanwhile by another process
        if (entry.path().extension() == ".so") {
            libraries.push_back({entry.path(), time, size_or_zero(entry.path()) + size_or_zero(source_of(entry.path()))});
            total += libraries.back().bytes;
        } else if (now - time > leftover_age && is_leftover(entry.path(), in_use)) {
            leftovers.push_back(entry.path());
        }
    }
    for (const fs::path& leftover : leftovers) fs::remove_all(leftover, error);
    std::sort(libraries.begin(), libraries.end(),
              [](const CachedLibrary& a, const CachedLibrary& b) { return a.used < b.used; });
    for (const CachedLibrary& cached : libraries) {
        if (total <= limit) break;
        if (cached.library == in_use.library || now - cached.used < used_lately) continue;
        if (!fs::remove(cached.library, error)) continue;
        fs::remove(source_of(cached.library), error);
        total -= cached.bytes;
    }
}

}  // namespace rulesrun::runtime
