#include "batch.hpp"

#include "commands.hpp"
#include "simulation_output.hpp"
#include "simulation_runs.hpp"

namespace rulesrun::python {

RandomGames play_random(const GameContext& context, std::int64_t count, std::uint64_t seed) {
    RandomGames out;
    const int players = context.players();
    std::vector<std::unique_ptr<Bot>> bots;
    for (int seat = 0; seat < players; ++seat) bots.push_back(make_bot(BotSpec{}, seed, seat));
    runtime::Game game = context.new_game(simulation_game_seed(seed, 0));
    game.keep_messages(false);
    game.keep_knowledge(false);  // random bots never determinize
    std::vector<int> seats;
    for (std::int64_t index = 0; index < count; ++index) {
        const std::uint64_t game_seed = simulation_game_seed(seed, index);
        game.restart(game_seed);
        for (int seat = 0; seat < players; ++seat) bots[static_cast<std::size_t>(seat)]->start_game(game_seed, seat);
        while (!game.finished()) {
            game.to_act(seats);
            for (const int seat : seats) game.apply(seat, bots[static_cast<std::size_t>(seat)]->choose(game, seat));
        }
        const runtime::Results results = game.results();
        for (int seat = 0; seat < players; ++seat) {
            out.returns.push_back(context.request().returns == Returns::score
                                      ? static_cast<double>(results.scores[static_cast<std::size_t>(seat)])
                                      : results.win_share(static_cast<std::size_t>(seat)));
        }
        const auto length = static_cast<std::int64_t>(game.history().size());
        out.lengths.push_back(length);
        out.steps += length;
    }
    return out;
}

std::string simulate_json(const SimulateArguments& arguments) {
    cli::SimulateOptions options;
    options.file = arguments.path;
    options.games = arguments.games;
    options.seed = arguments.seed;
    options.bots = arguments.bots;
    options.players = arguments.players;
    options.options = arguments.options;
    options.threads = arguments.threads;
    options.json = true;
    const SimulationRequest request = cli::simulation_request(arguments.path, options);
    const SimulationReport report = simulate(request);
    return cli::simulation_json({*request.game, request.settings, request.bots}, report);
}

}  // namespace rulesrun::python
