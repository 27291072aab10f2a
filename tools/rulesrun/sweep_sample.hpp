// `rulesrun sweep --sample N`: N configurations of a grid too large to play whole, chosen to cover it evenly. The
// design is a maximin Latin hypercube over the axes' value indices: many Latin hypercubes are drawn from the seed
// (each axis cut into N strata of its values, one point per stratum, the strata of the axes matched at random), and
// the one whose two closest points are farthest apart (the fewest pairs that close on a tie) is kept, distances being
// taken with each axis scaled to [0, 1]; it is then spread further by swaps of two points' values on one axis (which
// keep it a Latin hypercube), each kept when it widens the design, as in Morris and Mitchell's search. Two points that fall on the same configuration (possible when an axis has
// fewer values than N) are moved to the free configuration farthest from the others. The same seed and grid give
// the same sample everywhere (the project's own generator).
#pragma once

#include <cstdint>
#include <vector>

namespace rulesrun::cli {

// The grid's configuration count, the product of `sizes`; saturates at UINT64_MAX.
std::uint64_t grid_size(const std::vector<std::size_t>& sizes);

// `count` distinct configurations of the grid whose axes have `sizes` values (each a value index per axis), in the
// grid's order (the last axis varying fastest). Needs 1 <= count < grid_size(sizes).
std::vector<std::vector<std::size_t>> space_filling_sample(const std::vector<std::size_t>& sizes, std::size_t count,
                                                           std::uint64_t seed);

}  // namespace rulesrun::cli
