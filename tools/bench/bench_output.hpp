// The report as text: key=value lines, one per object of figures, for reading and for pasting into notes.
//   bench=diamant engine=interpreter games=... games_per_second=...    (a nested object: engine=its key)
//   bench=memory games_played=... rss_kib=...                         (each element of a nested array)
//   bench=diamant players=4 ... ratio=...                             (the section's own fields, last)
// The --json report is the sections' figures as they are, in one object keyed by section name.
#pragma once

#include <cstdio>
#include <string>

#include "figures.hpp"

namespace rulesrun::bench {

void print_section(std::FILE* out, const std::string& name, const Figures& figures);

}  // namespace rulesrun::bench
