// --resume FOLDER: a sweep's finished configurations kept on disk, so that an interrupted sweep goes on where it
// stopped and no configuration is played twice. FOLDER/sweep.json holds the sweep's description (its shard included);
// FOLDER/configuration-I.json the exact figures of each finished configuration I (partial_result.hpp), each written
// whole: to a temporary file first, then renamed.
#pragma once

#include <optional>
#include <string>

#include "partial_result.hpp"
#include "rulesrun.hpp"

namespace rulesrun::cli {

class SweepStore {
public:
    // Creates the folder if missing and records the description there; throws ArgumentError when the folder holds
    // another sweep (naming the difference) and std::runtime_error when it cannot be written.
    SweepStore(std::string folder, const PartJson& description);

    // Configuration i's report when it was finished, read into `shape`; nothing otherwise.
    [[nodiscard]] std::optional<SimulationReport> finished(std::size_t i, const SimulationReport& shape) const;
    void save(std::size_t i, const SimulationReport& report) const;

private:
    [[nodiscard]] std::string path_of(std::size_t i) const;
    std::string folder_;
};

}  // namespace rulesrun::cli
