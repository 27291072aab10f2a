// Saved games into what `play --resume` and `replay` do before they play: the file read, its game started again
// (on one of the project's games: a save names its rules file, and the fuzzer must not read the machine's files),
// its seats read as bots, and every saved action checked and applied. A save refused with a reason is an answer.
#include <cstddef>
#include <cstdint>
#include <filesystem>

#include "fuzz_support.hpp"
#include "game_setup.hpp"
#include "saved_games.hpp"

namespace {

// The project's game a save plays: the one its rules path names by file name, else Pig.
std::string project_rules(const std::string& saved_path) {
    const std::string name = std::filesystem::path(saved_path).filename().string();
    for (const char* known : {"pig.rules", "diamant.rules", "diams.rules"}) {
        if (name == known) return rulesrun::fuzz::project_file(std::string("rules/") + known);
    }
    return rulesrun::fuzz::project_file("rules/pig.rules");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace rulesrun;
    try {
        SavedGame saved = read_save_file(fuzz::as_file(data, size, ".json"));
        saved.rules_path = project_rules(saved.rules_path);
        auto game = cli::start_saved_game(saved, "fuzz.json", true);
        (void)cli::saved_seats(saved, game.definition());
        for (std::size_t i = 0; i < saved.actions.size(); ++i) cli::apply_saved_action(game, saved.actions[i], i + 1);
    } catch (const SaveFileError&) {
    } catch (const cli::ReplayMismatch&) {
    } catch (const runtime::SettingsError&) {
    } catch (const runtime::RuleError&) {
    }
    return 0;
}
