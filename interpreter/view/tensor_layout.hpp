// The observation tensor's layout (docs/python.md, "Tensors"): one segment per fact of a seat's view
// (tensor_facts.hpp), made from the facts of many views (the Python module's discovery run,
// python/bindings/game_context.cpp), so that its size is the game's, fixed at load:
// - a number (a field or a zone's size showing integers): one slot with the value, and a second one set when the
//   value reads "secret" (another seat's private field), if discovery met that;
// - any other value (an enum, a player, a board's cell): one slot per value met, then one for a value never met;
// - items (a zone's cards by their text, a space's pawns): their count per text met, then one for texts never met.
// A fact discovery never met has no slot. Encoding reads the seat's facts alone: what the seat cannot see cannot
// change its tensor.
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "tensor_facts.hpp"

namespace rulesrun::runtime {

struct TensorSegment {
    enum class Kind { number, one_hot, counts } kind = Kind::number;
    std::string name;
    std::size_t offset = 0;
    std::size_t size = 0;
    std::vector<std::string> labels;  // one per slot: the values or texts, "other" last; a number's "value", "secret"
};

class TensorLayout {
public:
    [[nodiscard]] const std::vector<TensorSegment>& segments() const { return segments_; }
    [[nodiscard]] std::size_t size() const { return size_; }
    // Writes the facts into `out` (size() floats, zeroed here first).
    void encode(const std::vector<ViewFact>& facts, float* out) const;

    friend class TensorLayoutBuilder;

private:
    void add(TensorSegment segment);

    std::vector<TensorSegment> segments_;
    std::unordered_map<std::string, std::size_t> by_name_;
    std::vector<std::unordered_map<std::string, std::size_t>> slot_of_label_;  // per segment
    std::size_t size_ = 0;
};

// Collects the facts of many views, then makes the layout: segments in the order their facts were first met.
class TensorLayoutBuilder {
public:
    void add(const std::vector<ViewFact>& facts);
    [[nodiscard]] TensorLayout finish() const;

private:
    struct Seen {
        ViewFact::Kind kind = ViewFact::Kind::value;
        std::set<std::string> values;  // values or item texts met
        bool all_integers = true;      // every value met (but "secret") reads as an integer
        bool secret = false;           // "secret" met
    };
    std::vector<std::string> order_;
    std::map<std::string, Seen> seen_;
};

// Whether `text` reads as an integer, and which.
bool parse_integer(const std::string& text, long long& value);

}  // namespace rulesrun::runtime
