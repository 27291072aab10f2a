// How often one connection may ask something of `rulesrun serve` (WebSocket messages, lobby requests): a token
// bucket. A connection may send `per_second` on average, and up to twice that at once after a quiet moment (a page
// that opens, a bot that answers several decisions in a row); beyond that, what it sends is refused and the server
// reads nothing more from it until it may send again, so a flood slows only its sender.
#pragma once

#include <algorithm>
#include <chrono>

namespace rulesrun::serve {

class RateLimit {
public:
    using Clock = std::chrono::steady_clock;

    // per_second 0: no limit.
    explicit RateLimit(double per_second)
        : per_second_(per_second), burst_(std::max(1.0, 2 * per_second)), tokens_(burst_), last_(Clock::now()) {}

    // Whether one more may go now (it is counted).
    bool take(Clock::time_point now = Clock::now()) {
        if (per_second_ <= 0) return true;
        refill(now);
        if (tokens_ < 1) return false;
        tokens_ -= 1;
        return true;
    }

    // How long until one more may go.
    [[nodiscard]] Clock::duration wait(Clock::time_point now = Clock::now()) {
        if (per_second_ <= 0) return Clock::duration::zero();
        refill(now);
        if (tokens_ >= 1) return Clock::duration::zero();
        return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>((1 - tokens_) / per_second_));
    }

    [[nodiscard]] double per_second() const { return per_second_; }
    [[nodiscard]] int burst() const { return static_cast<int>(burst_); }

private:
    void refill(Clock::time_point now) {
        const std::chrono::duration<double> elapsed = now - last_;
        last_ = now;
        tokens_ = std::min(burst_, tokens_ + elapsed.count() * per_second_);
    }

    double per_second_;
    double burst_;
    double tokens_;
    Clock::time_point last_;
};

}  // namespace rulesrun::serve
