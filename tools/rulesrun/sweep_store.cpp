#include "sweep_store.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "commands.hpp"
#include "partial_runs.hpp"

namespace rulesrun::cli {

namespace {

namespace fs = std::filesystem;

PartJson read_json(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(fmt::format("--resume: cannot read '{}'", path));
    try {
        std::ostringstream text;
        text << in.rdbuf();
        return parse_ordered_json_input(text.str());
    } catch (const JsonInputError& e) {
        throw std::runtime_error(
            fmt::format("--resume: '{}' is damaged ({}); remove it to play it again", path, e.what()));
    }
}

// Written to a temporary file renamed over the path: an interruption leaves the old file or the new one, whole.
void write_whole(const std::string& path, const std::string& text) {
    const std::string temporary = path + ".part";
    {
        std::ofstream out(temporary, std::ios::binary);
        out << text << '\n';
        out.close();
        if (!out) throw std::runtime_error(fmt::format("--resume: cannot write '{}'", temporary));
    }
    fs::rename(temporary, path);
}

}  // namespace

SweepStore::SweepStore(std::string folder, const PartJson& description) : folder_(std::move(folder)) {
    std::error_code error;
    fs::create_directories(folder_, error);
    if (error)
        throw std::runtime_error(fmt::format("--resume: cannot create the folder '{}': {}", folder_, error.message()));
    const std::string path = (fs::path(folder_) / "sweep.json").string();
    if (fs::exists(path)) {
        const std::string difference = run_difference(read_json(path), description);
        if (!difference.empty())
            throw ArgumentError(fmt::format("--resume {}: the folder holds another sweep ({}); give another folder",
                                            folder_, difference));
        return;
    }
    write_whole(path, description.dump(2));
}

std::string SweepStore::path_of(std::size_t i) const {
    return (fs::path(folder_) / fmt::format("configuration-{}.json", i + 1)).string();
}

std::optional<SimulationReport> SweepStore::finished(std::size_t i, const SimulationReport& shape) const {
    const std::string path = path_of(i);
    if (!fs::exists(path)) return std::nullopt;
    try {
        return report_from_json(read_json(path), shape);
    } catch (const PartFormatError& e) {
        throw std::runtime_error(
            fmt::format("--resume: '{}' is damaged ({}); remove it to play it again", path, e.what()));
    }
}

void SweepStore::save(std::size_t i, const SimulationReport& report) const {
    write_whole(path_of(i), report_to_json(report).dump());
}

}  // namespace rulesrun::cli
