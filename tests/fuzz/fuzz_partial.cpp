// The partial results `rulesrun merge` reads: the file read and checked as a part of a run (format, version, shard),
// the run's arguments read back, and its figures read into the report of the game it names (here always Pig for two,
// or a comparison's per-game figures). A part refused with a reason is an answer.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "partial_runs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace rulesrun;
    static const auto pig = runtime::load_game(fuzz::project_file("rules/pig.rules")).game;
    try {
        const cli::Part part = cli::read_part(fuzz::as_file(data, size, ".json"));
        (void)cli::check_parts({part});
        (void)cli::options_of_run(part.run);
        if (part.run.value("command", "") == "compare") {
            (void)cli::figures_from_json(part.result.at("a"));
            (void)cli::figures_from_json(part.result.at("b"));
        } else {
            (void)cli::report_from_json(part.result, empty_simulation_report(*pig, 2));
        }
    } catch (const cli::PartFormatError&) {
    } catch (const cli::ArgumentError&) {
    } catch (const nlohmann::json::exception&) {  // a field of the run of the wrong type: merge reports it (main.cpp)
    }
    return 0;
}
