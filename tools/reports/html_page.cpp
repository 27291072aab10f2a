#include "html_page.hpp"

#include <fmt/format.h>

namespace rulesrun::cli {

namespace {

const char* const style = R"(body{font-family:sans-serif;margin:2em;max-width:60em;color:#222}
table{border-collapse:collapse;margin:0.5em 0}td,th{border:1px solid #ccc;padding:0.2em 0.6em;text-align:right}
th{background:#f0f0f0}td:first-child,th:first-child{text-align:left}svg{display:block;margin:0.3em 0 1.2em 0}
.bar{fill:#4a7bb7}.whisker{stroke:#222;stroke-width:1.5}.fair{stroke:#c33;stroke-dasharray:4 3}
.axis{stroke:#888}text{font-size:11px;fill:#222}h2{margin-top:1.5em}.significant{font-weight:bold}
.zero{stroke:#c33}svg.difference{margin:0}
.warnings{background:#fff4e5;border:1px solid #e0a040;padding:0.5em 1em 0.5em 2em;overflow-wrap:anywhere})";

}  // namespace

std::string escape(const std::string& text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out += c;
        }
    }
    return out;
}

std::string page_start(const std::string& title) {
    return fmt::format("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n"
                       "<style>{}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
                       escape(title), style, escape(title));
}

std::string page_end() { return "</body>\n</html>\n"; }

std::string percent(double rate) { return fmt::format("{:.1f}%", 100 * rate); }

}  // namespace rulesrun::cli
