// A hole of a text: `{p.chips}` shows a value; `{share:diamond}` shows a count with its word, singular for 1 and -1
// ("1 diamond", "3 diamonds"), and `{n:billion earthling/billion earthlings}` gives the plural where adding "s" (or
// "es") would be wrong. Shared by the checker, the secrecy analysis and the compiler, so all read holes alike.
#pragma once

#include <string>

namespace rulesrun::checking {

struct TextHole {
    std::string path;      // "share", "p.chips"
    std::string singular;  // "" for a plain hole
    std::string plural;
    bool counted = false;  // written with ':'
};

// "es" after s, x, z, ch and sh; else "s".
inline std::string regular_plural(const std::string& word) {
    const auto ends = [&](const char* tail) { return word.size() >= std::char_traits<char>::length(tail) &&
                                                     word.ends_with(tail); };
    return word + (ends("s") || ends("x") || ends("z") || ends("ch") || ends("sh") ? "es" : "s");
}

// The ':' of a count, outside parentheses and brackets (a named argument's ':' is the expression's own:
// `{sorted(xs, descending: true)}`), or npos.
inline std::size_t count_colon(const std::string& inside) {
    int depth = 0;
    for (std::size_t i = 0; i < inside.size(); ++i) {
        const char c = inside[i];
        if (c == '(' || c == '[') ++depth;
        if ((c == ')' || c == ']') && depth > 0) --depth;
        if (c == ':' && depth == 0) return i;
    }
    return std::string::npos;
}

inline TextHole split_hole(const std::string& inside) {
    const auto colon = count_colon(inside);
    if (colon == std::string::npos) return {inside, "", "", false};
    TextHole hole{inside.substr(0, colon), inside.substr(colon + 1), "", true};
    if (const auto slash = hole.singular.find('/'); slash != std::string::npos) {
        hole.plural = hole.singular.substr(slash + 1);
        hole.singular.resize(slash);
    } else {
        hole.plural = regular_plural(hole.singular);
    }
    return hole;
}

}  // namespace rulesrun::checking
