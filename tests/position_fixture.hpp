// Position fixtures (docs/fixtures.md): a rules file that imports a game, puts it into a chosen position with its own
// `setup` block, and carries a script in `#>` comment lines: the settings, forced chance results, the exact legal
// actions expected, actions to apply and facts expected afterwards.
#pragma once

#include <string>
#include <vector>

namespace rulesrun::testing_support {

// One `#> KEYWORD [for SEAT]: VALUE` line of a fixture.
struct FixtureDirective {
    std::size_t line = 0;
    std::size_t column = 0;        // of the keyword
    std::size_t value_column = 0;  // of the value
    std::string keyword;           // "players", "expect actions", ...
    std::string seat;              // after `for`, or empty
    std::string value;
};

// Runs the fixture; returns every failure as "FILE:LINE:COL: message" (empty when the fixture holds).
std::vector<std::string> run_position_fixture(const std::string& path);

// The directives of a fixture, with a "FILE:LINE:COL: message" for each malformed `#>` line.
std::vector<FixtureDirective> read_fixture_directives(const std::string& path, std::vector<std::string>& errors);

}  // namespace rulesrun::testing_support
