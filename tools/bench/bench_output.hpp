// The report as text: key=value lines, one per object of figures, for reading and for pasting into notes.
//   bench=diamant engine=interpreter games=... games_per_second=...    (a nested object: engine=its key)
//   bench=memory games_played=... rss_kib=...                         (each element of a nested array)
//   bench=diamant players=4 ... ratio=...                             (the section's own fields, last)
// The --json report is the sections' figures as they are, in one object keyed by section name.
//
// After the lines, the summary section is printed again as a table for people:
//   game           hand-written games/s   interpreter games/s   ratio
//   diamant                     254480.1               29301.3    8.69
#pragma once

#include <cstdio>
#include <string>

#include "figures.hpp"

namespace rulesrun::bench {

void print_section(std::FILE* out, const std::string& name, const Figures& figures);

// The summary section's rows (bench_run.hpp) as a table with a heading.
void print_summary_table(std::FILE* out, const Figures& summary);

}  // namespace rulesrun::bench
