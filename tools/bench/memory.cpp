#include "memory.hpp"

#include <chrono>
#include <fstream>

#include <unistd.h>

#include "throughput.hpp"

namespace rulesrun::bench {

std::int64_t resident_kib() {
    std::ifstream statm("/proc/self/statm");  // sizes in pages: total, resident, ...
    std::int64_t total_pages = 0, resident_pages = 0;
    if (!(statm >> total_pages >> resident_pages)) return 0;
    return resident_pages * sysconf(_SC_PAGESIZE) / 1024;
}

MemoryRun run_for_memory(InterpreterPlayout& playout, std::int64_t games, std::uint64_t first_seed) {
    using Clock = std::chrono::steady_clock;
    MemoryRun run;
    run.games = games;
    run.rss_kib_before = resident_kib();
    const std::int64_t interval = (games + 9) / 10;  // at most ten samples
    const Clock::time_point start = Clock::now();
    const double cpu_start = cpu_seconds_now();
    for (std::int64_t played = 1; played <= games; ++played) {
        playout(first_seed + static_cast<std::uint64_t>(played - 1));
        if (played % interval == 0 || played == games)
            run.samples.push_back({played, resident_kib(), playout.game().state_values()});
    }
    run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    run.cpu_seconds = cpu_seconds_now() - cpu_start;
    return run;
}

}  // namespace rulesrun::bench
