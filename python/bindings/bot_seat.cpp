#include "bot_seat.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rulesrun::python {

namespace {

BotSpec one_bot(const GameContext& context, const std::string& spec) {
    auto specs = parse_bot_list(spec, context.definition()->strategies(), false);
    if (specs.size() != 1) throw BotListError(fmt::format("rulesrun.bot takes one bot, not the list '{}'", spec));
    if (specs.front().kind == BotKind::exec)
        throw BotListError("rulesrun.bot: an exec: bot is a program of its own; play it with rulesrun.simulate");
    return specs.front();
}

}  // namespace

BotSeat::BotSeat(std::shared_ptr<GameContext> context, const std::string& spec, int seat, std::uint64_t seed)
    : context_(std::move(context)), name_(spec), seat_(seat) {
    if (seat < 0 || seat >= context_->players())
        throw runtime::UsageError(fmt::format("no player {}: players are 0 to {}", seat, context_->players() - 1));
    bot_ = make_bot(one_bot(*context_, spec), seed, seat);
    bot_->start_game(seed, seat);
}

int BotSeat::step(const State& state) {
    if (state.context() != context_) throw runtime::UsageError("the bot was made for another game");
    const std::vector<int> seats = state.acting_seats();
    if (std::find(seats.begin(), seats.end(), seat_) == seats.end())
        throw runtime::UsageError(fmt::format("player {} has nothing to decide in this state", seat_));
    return state.id_at(seat_, bot_->choose(state.game(), seat_));
}

void BotSeat::restart(std::uint64_t seed) { bot_->start_game(seed, seat_); }

}  // namespace rulesrun::python
