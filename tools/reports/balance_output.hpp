// The balance figures of a simulation (interpreter/simulation/balance.hpp) as lines of text and as JSON.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "rulesrun.hpp"

namespace rulesrun::cli {

void print_balance_text(std::ostream& out, const BalanceFigures& balance);
nlohmann::ordered_json balance_json(const BalanceFigures& balance);

}  // namespace rulesrun::cli
