// What the fuzz targets share (tests/fuzz/, docs/reliability.md): the input written to a file of this process (the
// loaders read files, as rulesrun does), the project's rules files, and a cheap generator for the choices a target
// makes from its input.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>

namespace rulesrun::fuzz {

// The input as a file of this process, rewritten for each input (the name keeps the extension the loader expects).
inline std::string as_file(const std::uint8_t* data, std::size_t size, const std::string& extension) {
    static const std::string path = "/tmp/rulesrun_fuzz_" + std::to_string(::getpid()) + extension;
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data),
                                                                  static_cast<std::streamsize>(size));
    return path;
}

inline std::string project_file(const std::string& relative) { return std::string(RULESRUN_SOURCE_DIR) + "/" + relative; }

// FNV-1a of the input: a seed that follows the input, so a finding replays the same games.
inline std::uint64_t input_hash(const std::uint8_t* data, std::size_t size) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
    return h;
}

// splitmix64: the fuzz targets' own choices (which action to play), not the game's chance.
struct Choices {
    std::uint64_t state;
    int below(int n) {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return n <= 1 ? 0 : static_cast<int>((z ^ (z >> 31)) % static_cast<std::uint64_t>(n));
    }
};

}  // namespace rulesrun::fuzz
