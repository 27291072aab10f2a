// `choose subset of`: the different selections a player may choose, each offered once.
//
// Interchangeable elements form groups, and a selection is how many of each group it takes (the first ones in the
// domain's order), so a market of 30 diamonds of 6 kinds offers the few hundred different takes, not 2^30 sets of
// cards. Selections are listed as an odometer whose first group counts fastest. With `with total`, a depth-first
// search over the groups (last group first, so the order is the same) drops every branch whose remaining groups
// cannot reach the total any more: only the selections that add up to it are visited, whatever the domain's size.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "machine.hpp"

namespace rulesrun::runtime {

// Whether two elements of a subset's domain are interchangeable: equal values, or cards of one type whose fields
// are all equal (two 3-diamonds in the market: taking one or the other is the same choice).
bool Machine::interchangeable(Value a, Value b, std::int32_t type_index) const {
    const ValueType& type = p_.type(type_index);
    if (type.kind == ValueKind::record && holds_cards(type.id)) return interchangeable_records(a, b, type.id);
    if (type.kind != ValueKind::card) return values_equal(a, b, type_index);
    if (a == b) return true;
    const auto x = static_cast<std::size_t>(a), y = static_cast<std::size_t>(b);
    if (in_.card_type[x] != in_.card_type[y]) return false;
    const auto& fields = p_.card_types[static_cast<std::size_t>(in_.card_type[x])].fields;
    for (std::size_t f = 0; f < fields.size(); ++f) {
        const Value u = s_.slots[static_cast<std::size_t>(in_.card_base[x]) + f];
        const Value v = s_.slots[static_cast<std::size_t>(in_.card_base[y]) + f];
        if (!values_equal(u, v, fields[f].type)) return false;  // texts by their letters
    }
    return true;
}

// Whether a record type has a field that holds a card: its records are then compared by their cards' fields.
bool Machine::holds_cards(std::int32_t record_type) const {
    for (const auto& f : p_.record_types[static_cast<std::size_t>(record_type)].fields)
        if (p_.type(f.type).kind == ValueKind::card) return true;
    return false;
}

// Two records whose fields are equal, or hold interchangeable cards (a choice of "tempura from the hand" offered once
// for three tempura cards).
bool Machine::interchangeable_records(Value a, Value b, std::int32_t record_type) const {
    if (a == b) return true;
    if (a == none_value || b == none_value) return false;
    const auto& fields = p_.record_types[static_cast<std::size_t>(record_type)].fields;
    for (std::size_t f = 0; f < fields.size(); ++f) {
        const Value u = s_.heap[static_cast<std::size_t>(a + 1) + f];
        const Value v = s_.heap[static_cast<std::size_t>(b + 1) + f];
        if (!interchangeable(u, v, fields[f].type)) return false;
    }
    return true;
}

namespace {

// Fingerprints are FNV-1a over the fields that are mixed in: scalars (lists, texts and records are left out).
constexpr std::uint64_t fingerprint_start = 0xcbf29ce484222325ULL;
std::uint64_t mix(std::uint64_t h, std::uint64_t x) { return (h ^ x) * 0x100000001b3ULL; }
bool mixed_in(ValueKind k) { return k != ValueKind::text && k != ValueKind::list && k != ValueKind::record; }

// A set of fingerprints as bits of a filter at least 32 times as large as the options, each chosen by a hash of the
// fingerprint: a bit found set already is rare when no two fingerprints are equal. The filter of a usual decision
// lives on the stack, a larger one with the thread, so decisions allocate nothing.
class FingerprintFilter {
public:
    explicit FingerprintFilter(std::size_t count) {
        while ((std::size_t{1} << bits_) < 32 * count) ++bits_;
        const std::size_t words = std::size_t{1} << (bits_ - 6);
        if (words <= on_stack_.size()) {
            words_ = on_stack_.data();
            std::fill_n(words_, words, 0);
        } else {
            thread_local std::vector<std::uint64_t> large;
            large.assign(words, 0);
            words_ = large.data();
        }
    }
    FingerprintFilter(const FingerprintFilter&) = delete;  // words_ may point into the object itself
    FingerprintFilter& operator=(const FingerprintFilter&) = delete;
    // Marks f's bit; whether it was marked already.
    bool marked_before(std::uint64_t f) {
        const std::uint64_t place = (f * 0x9e3779b97f4a7c15ULL) >> (64 - bits_);
        std::uint64_t& word = words_[place / 64];
        const std::uint64_t bit = std::uint64_t{1} << (place % 64);
        const bool before = (word & bit) != 0;
        word |= bit;
        return before;
    }

private:
    int bits_ = 10;
    std::array<std::uint64_t, 256> on_stack_;  // up to 512 options; not zeroed beyond the words used
    std::uint64_t* words_ = nullptr;
};

// Whether no two of the `count` fingerprints that fingerprint_of(i) gives are equal. Most decisions (a board's
// moves, a hand of different cards) repeat nothing: each fingerprint is made once and marks the filter, and only a
// bit found marked (rare) has the fingerprints before it made again to be compared. The common path thus stores
// nothing but the filter's bits and takes no branch it cannot predict.
template <typename FingerprintOf>
bool fingerprints_differ(std::size_t count, const FingerprintOf& fingerprint_of) {
    constexpr std::size_t few = 12;  // a few: comparing each pair costs less than anything else
    if (count <= few) {
        std::array<std::uint64_t, few> fingerprints;
        for (std::size_t i = 0; i < count; ++i) {
            fingerprints[i] = fingerprint_of(i);
            for (std::size_t j = 0; j < i; ++j) {
                if (fingerprints[j] == fingerprints[i]) return false;
            }
        }
        return true;
    }
    // More options made in an order (a board's spaces, moves square by square) often have increasing fingerprints
    // when these are the values themselves: then none is repeated, seen in one pass that writes nothing.
    std::size_t increasing = 1;
    for (std::uint64_t last = fingerprint_of(0); increasing < count; ++increasing) {
        const std::uint64_t f = fingerprint_of(increasing);
        if (f <= last) break;
        last = f;
    }
    if (increasing == count) return true;
    FingerprintFilter filter(count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t f = fingerprint_of(i);
        if (filter.marked_before(f)) [[unlikely]] {
            for (std::size_t j = 0; j < i; ++j) {
                if (fingerprint_of(j) == f) return false;
            }
        }
    }
    return true;
}

// option_fingerprint of a record on the heap, given the fields fingerprinted_fields found. One or two such fields (a
// move's squares) are the fingerprint themselves, side by side, so that options made in order have increasing ones;
// more are hashed.
[[gnu::always_inline]] inline std::uint64_t record_fingerprint(const Value* heap, Value record,
                                                               const std::vector<std::size_t>& scalar_fields) {
    if (record == none_value) return fingerprint_start;
    const Value* const values = heap + record + 1;
    if (scalar_fields.size() <= 2) {
        std::uint64_t packed = 0;
        for (const std::size_t f : scalar_fields) packed = packed << 32 | static_cast<std::uint32_t>(values[f]);
        return packed;
    }
    std::uint64_t h = fingerprint_start;
    for (const std::size_t f : scalar_fields) h = mix(h, static_cast<std::uint32_t>(values[f]));
    return h;
}

}  // namespace

// Equal values, or cards of a type with equal fields, hash alike: the scalar fields are mixed in (lists and texts
// are left out, so equal ones still meet in the comparison). Records: record_fingerprint.
std::uint64_t Machine::option_fingerprint(Value v, std::int32_t type_index) const {
    const ValueType& type = p_.type(type_index);
    auto scalar = [this](std::int32_t t) { return mixed_in(p_.type(t).kind); };
    std::uint64_t h = fingerprint_start;
    if (v == none_value) return h;
    if (type.kind == ValueKind::card) {
        const auto card = static_cast<std::size_t>(v);
        const auto& fields = p_.card_types[static_cast<std::size_t>(in_.card_type[card])].fields;
        h = mix(h, static_cast<std::uint64_t>(in_.card_type[card]));
        for (std::size_t f = 0; f < fields.size(); ++f) {
            if (scalar(fields[f].type)) h = mix(h, static_cast<std::uint32_t>(s_.slots[static_cast<std::size_t>(in_.card_base[card]) + f]));
        }
        return h;
    }
    return scalar(type_index) ? static_cast<std::uint32_t>(v) : h;
}

// The fields of a record type that its fingerprints mix in, found once per decision.
const std::vector<std::size_t>& Machine::fingerprinted_fields(std::int32_t record_type) const {
    thread_local std::vector<std::size_t> scalar_fields;
    scalar_fields.clear();
    const auto& fields = p_.record_types[static_cast<std::size_t>(record_type)].fields;
    for (std::size_t f = 0; f < fields.size(); ++f) {
        if (mixed_in(p_.type(fields[f].type).kind)) scalar_fields.push_back(f);
    }
    return scalar_fields;
}

// Keeps the first of each set of interchangeable options, in their order. When no two options have the same
// fingerprint none is dropped; otherwise options are sorted by fingerprint, and only those with equal fingerprints
// are compared.
void Machine::drop_repeated_options(std::size_t begin, std::int32_t type_index) {
    ValueStack& options = s_.pending_options;
    const std::size_t count = options.size() - begin;
    if (count < 2) return;
    const Value* const offered = options.data() + begin;
    auto drop_with = [&](const auto& fingerprint_of) {
        if (fingerprints_differ(count, fingerprint_of)) return;
        thread_local std::vector<std::uint64_t> fingerprints;  // with the thread: decisions allocate nothing
        fingerprints.clear();
        for (std::size_t i = 0; i < count; ++i) fingerprints.push_back(fingerprint_of(i));
        drop_interchangeable(begin, type_index, fingerprints);
    };
    const ValueType& type = p_.type(type_index);
    if (type.kind == ValueKind::record && holds_cards(type.id)) {
        // Interchangeable cards hash alike: each card field mixes in the card's fingerprint, not its identity.
        const auto& fields = p_.record_types[static_cast<std::size_t>(type.id)].fields;
        drop_with([&](std::size_t i) {
            std::uint64_t h = fingerprint_start;
            const Value record = offered[i];
            if (record == none_value) return h;
            for (std::size_t f = 0; f < fields.size(); ++f) {
                const Value v = s_.heap[static_cast<std::size_t>(record + 1) + f];
                const ValueKind kind = p_.type(fields[f].type).kind;
                if (kind == ValueKind::card) h = mix(h, option_fingerprint(v, fields[f].type));
                else if (mixed_in(kind)) h = mix(h, static_cast<std::uint32_t>(v));
            }
            return h;
        });
    } else if (type.kind == ValueKind::record) {
        const std::vector<std::size_t>& scalar_fields = fingerprinted_fields(type.id);
        const Value* const heap = s_.heap.data();
        drop_with([&](std::size_t i) { return record_fingerprint(heap, offered[i], scalar_fields); });
    } else if (type.kind == ValueKind::card || type.kind == ValueKind::text || type.kind == ValueKind::list) {
        drop_with([&](std::size_t i) { return option_fingerprint(offered[i], type_index); });
    } else {  // numbers, players, spaces...: equal only when the same value
        drop_with([&](std::size_t i) -> std::uint64_t { return static_cast<std::uint32_t>(offered[i]); });
    }
}

// Some options have equal fingerprints: they are sorted by fingerprint, and those with equal ones compared.
void Machine::drop_interchangeable(std::size_t begin, std::int32_t type_index,
                                   const std::vector<std::uint64_t>& fingerprints) {
    ValueStack& options = s_.pending_options;
    const std::size_t count = options.size() - begin;
    // A machine lives for one step: these buffers live with the thread, so decisions allocate nothing.
    thread_local std::vector<std::pair<std::uint64_t, std::uint32_t>> keys;
    thread_local std::vector<char> repeated;
    keys.clear();
    for (std::size_t i = 0; i < count; ++i) keys.emplace_back(fingerprints[i], static_cast<std::uint32_t>(i));
    std::sort(keys.begin(), keys.end());
    repeated.assign(count, 0);
    bool any = false;
    for (std::size_t first = 0; first < count;) {
        std::size_t end = first + 1;
        while (end < count && keys[end].first == keys[first].first) ++end;
        for (std::size_t later = first + 1; later < end; ++later) {
            const Value v = options[begin + keys[later].second];
            for (std::size_t earlier = first; earlier < later; ++earlier) {
                const std::uint32_t kept = keys[earlier].second;
                if (repeated[kept] || !interchangeable(options[begin + kept], v, type_index)) continue;
                repeated[keys[later].second] = 1;
                any = true;
                break;
            }
        }
        first = end;
    }
    if (!any) return;
    std::size_t out = begin;
    for (std::size_t i = 0; i < count; ++i) {
        if (!repeated[i]) options[out++] = options[begin + i];
    }
    options.pop_to(out);
}

// Offers the selection that takes taken[g] elements of each group g, if the choice's `where` allows it.
void Machine::offer_selection(const Choice& ch, const SubsetGroups& groups, const std::vector<std::size_t>& taken,
                              const SourceLocation& loc) {
    charge(1, loc);
    const std::size_t mark = s_.scratch.size();
    for (std::size_t g = 0; g < groups.size(); ++g) {
        s_.scratch.append(groups[g].data(), taken[g]);
    }
    const bool empty = s_.scratch.size() == mark;
    const Value selection = list_of(s_.scratch, mark, loc);
    s_.scratch.pop_to(mark);
    // `optional`: choosing nothing is always allowed, whatever the condition says.
    if (ch.where >= 0 && !(ch.optional && empty)) {
        s_.locals[static_cast<std::size_t>(base_ + ch.slot)] = selection;
        if (eval(ch.where) == 0) return;
    }
    s_.pending_options.push_back(selection);
}

void Machine::offer_subsets(const Choice& ch, const Sequence& domain, const SourceLocation& loc) {
    SubsetGroups groups;
    for (std::int32_t i = 0; i < domain.length; ++i) {
        const Value v = element(domain, i);
        auto same = std::find_if(groups.begin(), groups.end(),
                                 [&](const auto& g) { return interchangeable(g.front(), v, ch.option_type); });
        if (same != groups.end()) same->push_back(v);
        else groups.push_back({v});
    }
    if (ch.total_target >= 0) {
        offer_subsets_with_total(ch, groups, loc);
        return;
    }
    double selections = 1;
    for (const auto& g : groups) selections *= static_cast<double>(g.size() + 1);
    if (selections > max_subset_options) {
        fail(loc, fmt::format("choosing a subset of these {} things offers {:.0f} different selections (at most {}); "
                              "'with total' lists only those that add up to a total",
                              domain.length, selections, max_subset_options));
    }
    std::vector<std::size_t> taken(groups.size(), 0);
    for (bool more = true; more;) {
        offer_selection(ch, groups, taken, loc);
        more = false;  // the next selection: the first group counts fastest
        for (std::size_t g = 0; g < groups.size() && !more; ++g) {
            if (taken[g] < groups[g].size()) {
                ++taken[g];
                more = true;
            } else {
                taken[g] = 0;
            }
        }
    }
}

// `with total`: branch and bound over the groups. Groups g and above are decided; the ones below can still add
// between low[g] and high[g] (any sign), so a partial sum outside [total - high[g], total - low[g]] is dropped.
void Machine::offer_subsets_with_total(const Choice& ch, const SubsetGroups& groups, const SourceLocation& loc) {
    const std::int64_t total = eval(ch.total_target);
    if (total == none_value) fail(loc, "the total of this choice is 'none'");
    const std::size_t count = groups.size();
    std::vector<std::int64_t> amount(count), low(count + 1, 0), high(count + 1, 0);
    for (std::size_t g = 0; g < count; ++g) {
        s_.locals[static_cast<std::size_t>(base_ + ch.total_slot)] = groups[g].front();
        amount[g] = eval(ch.total_amount);
        if (amount[g] == none_value) fail(loc, "an element of this choice has no amount to add up ('none')");
        const std::int64_t all = amount[g] * static_cast<std::int64_t>(groups[g].size());
        low[g + 1] = low[g] + std::min<std::int64_t>(0, all);
        high[g + 1] = high[g] + std::max<std::int64_t>(0, all);
    }
    const std::size_t before = s_.pending_options.size();
    std::vector<std::size_t> taken(count, 0);
    if (ch.optional && total != 0) offer_selection(ch, groups, taken, loc);  // "pass" comes first, as without a total
    std::vector<std::int64_t> sum_from(count + 1, 0);  // sum_from[g]: what groups g and above add up to
    // The first count of group g, from `first` on, that leaves the total within reach of the groups below it.
    auto next_count = [&](std::size_t g, std::size_t first) {
        for (std::size_t n = first; n <= groups[g].size(); ++n) {
            charge(1, loc);
            const std::int64_t sum = sum_from[g + 1] + static_cast<std::int64_t>(n) * amount[g];
            if (sum + low[g] <= total && total <= sum + high[g]) {
                taken[g] = n;
                sum_from[g] = sum;
                return true;
            }
        }
        return false;
    };
    if (total < low[count] || total > high[count]) return;
    for (std::size_t g = count;;) {
        if (g == 0) {
            if (sum_from[0] == total) offer_selection(ch, groups, taken, loc);
            if (s_.pending_options.size() - before > static_cast<std::size_t>(max_subset_options)) {
                fail(loc, fmt::format("this subset choice offers more than {} different selections", max_subset_options));
            }
        } else {
            --g;
            if (next_count(g, 0)) continue;
            ++g;
        }
        while (g < count && !next_count(g, taken[g] + 1)) ++g;  // back: the lowest decided group that can take more
        if (g == count) return;
    }
}

}  // namespace rulesrun::runtime
