// What every HTML page of the reports shares: escaping the texts that come from rules files and the command line, the
// style sheet, and the page's frame. Pages are self-contained: inline CSS and SVG, nothing fetched.
#pragma once

#include <string>

namespace rulesrun::cli {

[[nodiscard]] std::string escape(const std::string& text);

// "<!DOCTYPE html>...<h1>TITLE</h1>": the page up to its first heading.
[[nodiscard]] std::string page_start(const std::string& title);
[[nodiscard]] std::string page_end();

[[nodiscard]] std::string percent(double rate);

}  // namespace rulesrun::cli
