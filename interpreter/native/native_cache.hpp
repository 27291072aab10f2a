// The native engines' cache folder kept within a size: each rules file edited and run again adds a library, so the
// libraries least recently used are removed once the folder holds too many. POSIX file times; no locks: a library
// used lately is never removed, so another process may be loading it.
#pragma once

#include <cstdint>
#include <filesystem>

namespace rulesrun::runtime {

// The size the cache's libraries and their sources may take: $RULESRUN_CACHE_MAX_MB megabytes, else 256 MB.
// Throws NativeBuildError when the variable is not a whole number.
std::uintmax_t native_cache_limit();

// Notes that a library is used now: its file time is what trimming goes by. A cache that cannot be written is left.
void mark_library_used(const std::filesystem::path& library);

// What trimming must leave: the library just built or found, and the headers it was built with.
struct CacheInUse {
    std::filesystem::path library;
    std::filesystem::path headers;
};

// Removes the least recently used libraries, each with its source, until those left take at most `limit` bytes;
// never those in use nor one used in the last ten minutes. Also removes what runs of a day ago or more left behind:
// unfinished builds, compilers' logs, sources whose build failed, headers of other versions of rulesrun. What cannot
// be removed is left as it is.
void trim_native_cache(const std::filesystem::path& cache, std::uintmax_t limit, const CacheInUse& in_use);

}  // namespace rulesrun::runtime
