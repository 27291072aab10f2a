// The leak audit's second half: a whole game played again from its start for one seat, with what that seat may not
// know drawn again, compared step by step with the true game from its very first line.
//
// The states compared before each decision (audit.cpp) cannot vary what only the past holds: the lines said before
// the first decision, and numbers drawn by `roll` or `random` and kept in a suspended rule's locals (a dealer's hole
// card kept in a `let`), which determinization leaves as they are. Here the game is replayed answer by answer in
// two copies, the true one and another in which, at each step,
// - each number the seat did not see drawn is drawn again (a number is unseen when drawing it again alone changes
//   nothing the seat reads after that step: its view, who is to act, its log and its menu; the search bot draws the
//   same numbers again, view/unseen_redraw.hpp; a die rolled in the open and said in the log is seen),
// - each shuffle's order is changed by swapping cards (two at a time) where the seat cannot tell,
// - another seat's secret answer is drawn among its options,
// as long as the seat may know the same in both: its view, who is to act, and the lines the rules `show` it. Then
// everything else it is shown must be the same too: the lines said to it (from the start's on), its screen, its
// network message, its prompt and its menu. A difference is a leak. When no draw keeps what the seat may know the
// same (the rules showed it the number), that step is not compared: the seat learned it, as the rules allow, and
// the other game goes on from the true one.
#pragma once

#include <cstdint>
#include <string>

#include "game.hpp"
#include "leak_record.hpp"

namespace rulesrun {

// Replays `played` (its history from its start) once for `seat`, drawing as `seed` says. Counts the steps compared
// in the report's comparisons and those that could not be (the seat learned what was drawn) in its not_comparable;
// a leak's reproduction is `where` followed by the step.
void audit_history(const runtime::Game& played, int seat, std::uint64_t seed, LeakRecorder& leaks,
                   const std::string& where);

}  // namespace rulesrun
