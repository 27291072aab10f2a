// The balance figures of a simulation (interpreter/simulation/balance.hpp) as lines of text and as JSON.
#pragma once

#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "rulesrun.hpp"

namespace rulesrun::cli {

// Whether the seats play with the same bot, so that the first seat's figure measures the seat and not the bot.
[[nodiscard]] bool seats_comparable(const std::vector<BotSpec>& bots);

void print_balance_text(std::ostream& out, const BalanceFigures& balance, bool comparable);
// With seats that play different bots, "first_seat_wins" is left out.
nlohmann::ordered_json balance_json(const BalanceFigures& balance, bool comparable);

}  // namespace rulesrun::cli
