// Balance figures of a simulation, for designers: does the first seat win more than its share, how often games are
// shared or lost by all, how long they last, and how much choice the players really have.
#pragma once

#include <cstdint>

#include "proportions.hpp"
#include "simulation.hpp"

namespace rulesrun {

struct BalanceFigures {
    std::int64_t games = 0;
    double fair_share = 0;         // the wins there were, split evenly between the seats, per game
    double first_seat_wins = 0;    // the first seat's win points per game (a win among k winners: 1/k; a draw: 1/n)
    Interval first_seat_interval;  // its 95% interval (Wilson)
    double shared_wins = 0;
    Interval shared_interval;
    double draws = 0;
    Interval draws_interval;
    double everybody_loses = 0;
    Interval everybody_loses_interval;
    double mean_length = 0;        // actions per game
    double length_ci95 = 0;
    std::int64_t decisions = 0;    // decisions of a seat, over all games
    double mean_choices = 0;       // legal actions per decision
    double forced_share = 0;       // decisions with a single legal action
};

BalanceFigures balance_of(const SimulationReport& report);

}  // namespace rulesrun
