#include "tensor_layout.hpp"

#include <algorithm>
#include <charconv>

namespace rulesrun::runtime {

namespace {

constexpr const char* secret_text = "secret";
constexpr const char* other_label = "other";

}  // namespace

bool parse_integer(const std::string& text, long long& value) {
    const char* end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, value);
    return error == std::errc{} && at == end && !text.empty();
}

void TensorLayout::add(TensorSegment segment) {
    segment.offset = size_;
    segment.size = segment.labels.size();
    size_ += segment.size;
    std::unordered_map<std::string, std::size_t> slots;
    for (std::size_t i = 0; i < segment.labels.size(); ++i) slots.emplace(segment.labels[i], i);
    by_name_.emplace(segment.name, segments_.size());
    slot_of_label_.push_back(std::move(slots));
    segments_.push_back(std::move(segment));
}

void TensorLayout::encode(const std::vector<ViewFact>& facts, float* out) const {
    std::fill(out, out + size_, 0.0F);
    for (const ViewFact& fact : facts) {
        const auto found = by_name_.find(fact.name);
        if (found == by_name_.end()) continue;
        const TensorSegment& segment = segments_[found->second];
        const auto& slots = slot_of_label_[found->second];
        float* at = out + segment.offset;
        const auto slot_of = [&](const std::string& label) {
            const auto s = slots.find(label);
            return s == slots.end() ? segment.size - 1 : s->second;  // "other"
        };
        switch (segment.kind) {
            case TensorSegment::Kind::number: {
                long long value = 0;
                if (parse_integer(fact.value, value)) at[0] = static_cast<float>(value);
                else if (fact.value == secret_text && segment.size > 1) at[1] = 1.0F;
                break;
            }
            case TensorSegment::Kind::one_hot: at[slot_of(fact.value)] = 1.0F; break;
            case TensorSegment::Kind::counts:
                for (const std::string& item : fact.items) at[slot_of(item)] += 1.0F;
                break;
        }
    }
}

void TensorLayoutBuilder::add(const std::vector<ViewFact>& facts) {
    for (const ViewFact& fact : facts) {
        auto [at, added] = seen_.try_emplace(fact.name);
        Seen& seen = at->second;
        if (added) {
            seen.kind = fact.kind;
            order_.push_back(fact.name);
        }
        if (fact.kind == ViewFact::Kind::items) {
            seen.values.insert(fact.items.begin(), fact.items.end());
            continue;
        }
        long long value = 0;
        if (fact.value == secret_text) seen.secret = true;
        else if (!parse_integer(fact.value, value)) seen.all_integers = false;
        if (fact.value != secret_text || !seen.all_integers) seen.values.insert(fact.value);
    }
}

TensorLayout TensorLayoutBuilder::finish() const {
    TensorLayout layout;
    for (const std::string& name : order_) {
        const Seen& seen = seen_.at(name);
        TensorSegment segment;
        segment.name = name;
        if (seen.kind == ViewFact::Kind::value && seen.all_integers) {
            segment.kind = TensorSegment::Kind::number;
            segment.labels = {"value"};
            if (seen.secret) segment.labels.emplace_back(secret_text);
        } else {
            segment.kind = seen.kind == ViewFact::Kind::items ? TensorSegment::Kind::counts : TensorSegment::Kind::one_hot;
            segment.labels.assign(seen.values.begin(), seen.values.end());
            if (seen.kind == ViewFact::Kind::value && seen.secret &&
                std::find(segment.labels.begin(), segment.labels.end(), secret_text) == segment.labels.end())
                segment.labels.emplace_back(secret_text);
            segment.labels.emplace_back(other_label);
        }
        layout.add(std::move(segment));
    }
    return layout;
}

}  // namespace rulesrun::runtime
