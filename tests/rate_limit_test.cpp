// How often one connection may ask something of `rulesrun serve` (tools/serve/rate_limit.hpp): a burst of twice the
// rate at once, then the rate; what is refused says how long to wait; 0 is no limit.
#include <gtest/gtest.h>

#include <chrono>

#include "rate_limit.hpp"

namespace rulesrun::serve {
namespace {

using namespace std::chrono_literals;

TEST(RateLimit, AllowsABurstOfTwiceTheRateThenRefuses) {
    RateLimit limit(10);
    const auto now = RateLimit::Clock::now();
    for (int i = 0; i < 20; ++i) EXPECT_TRUE(limit.take(now)) << i;
    EXPECT_FALSE(limit.take(now));
    EXPECT_EQ(limit.burst(), 20);
}

TEST(RateLimit, RefillsAtItsRateAndSaysHowLongToWait) {
    RateLimit limit(10);
    auto now = RateLimit::Clock::now();
    while (limit.take(now)) {
    }
    const auto wait = limit.wait(now);
    EXPECT_GT(wait, 90ms);
    EXPECT_LE(wait, 100ms);
    now += 100ms;
    EXPECT_EQ(limit.wait(now), RateLimit::Clock::duration::zero());
    EXPECT_TRUE(limit.take(now));
    EXPECT_FALSE(limit.take(now));
    now += 10s;  // a quiet moment refills the burst, no more
    for (int i = 0; i < 20; ++i) EXPECT_TRUE(limit.take(now)) << i;
    EXPECT_FALSE(limit.take(now));
}

TEST(RateLimit, ARateBelowOneStillAllowsOneAtOnce) {
    RateLimit limit(0.25);
    auto now = RateLimit::Clock::now();
    EXPECT_TRUE(limit.take(now));
    EXPECT_FALSE(limit.take(now));
    EXPECT_GT(limit.wait(now), 3900ms);
}

TEST(RateLimit, ZeroIsNoLimit) {
    RateLimit limit(0);
    const auto now = RateLimit::Clock::now();
    for (int i = 0; i < 100000; ++i) ASSERT_TRUE(limit.take(now));
    EXPECT_EQ(limit.wait(now), RateLimit::Clock::duration::zero());
}

}  // namespace
}  // namespace rulesrun::serve
