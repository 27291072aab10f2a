#include "table_log.hpp"

#include <algorithm>

namespace rulesrun::cli {

void TableLog::add(std::string text, std::vector<int> readers) { lines_.push_back({std::move(text), std::move(readers)}); }

std::vector<std::string> TableLog::recap(int seat, bool with_public) {
    std::vector<std::string> texts;
    std::size_t& upto = read_upto_.at(static_cast<std::size_t>(seat));
    for (; upto < lines_.size(); ++upto) {
        const Line& line = lines_[upto];
        const bool readable =
            line.readers.empty() ? with_public
                                 : std::find(line.readers.begin(), line.readers.end(), seat) != line.readers.end();
        if (readable) texts.push_back(line.text);
    }
    return texts;
}

}  // namespace rulesrun::cli
