// rulesrun: check, format (fmt), describe (info), play, simulate, sweep, tune, rate bots (ladder) (and merge shards),
// replay, audit, count (tree) and solve games written in the rules language, and serve an editor (lsp). This file only reads the command line (naming the
// closest command to a mistyped one) and turns errors into messages and exit codes; each command lives in its own file.
#include <algorithm>
#include <functional>
#include <iostream>
#include <string_view>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "rulesrun.hpp"
#include "commands.hpp"
#include "game_setup.hpp"
#include "saved_games.hpp"
#include "validators.hpp"

namespace {

using namespace rulesrun::cli;

void add_check(CLI::App& app, CheckOptions& o) {
    auto* check = app.add_subcommand("check", "Check rules files and report every problem found (exit 0: no error, "
                                              "1: errors, 2: wrong arguments).");
    check->add_option("FILE", o.files, "Rules files to check")->required();
    check->add_flag("--json", o.json, "Print the diagnostics as a JSON array (file, line, column, severity, "
                                      "message)");
}

void add_fmt(CLI::App& app, FmtOptions& o) {
    auto* fmt_command = app.add_subcommand("fmt", "Rewrite rules files in the one canonical layout (indentation, "
                                                  "spaces, blank lines; comments and line breaks kept) (exit 0: done, "
                                                  "1: a file has syntax errors or, with --check, is not formatted).");
    fmt_command->add_option("FILE", o.files, "Rules files, or folders of them (searched recursively); '-' formats "
                                             "standard input to standard output")->required();
    fmt_command->add_flag("--check", o.check, "Write nothing: name the files that are not formatted and exit 1 if "
                                              "there is one (for CI)");
}

void add_lsp(CLI::App& app, LspOptions& /*o*/) {
    app.add_subcommand("lsp", "Serve an editor: a Language Server Protocol server on standard input and output "
                              "(diagnostics, hover, definition, references, completion, rename, formatting; "
                              "docs/editors.md says how to set up VS Code, Neovim and Vim).");
}

void add_info(CLI::App& app, InfoOptions& o) {
    auto* info = app.add_subcommand("info", "Show what a player or designer needs to know of a game: players, options "
                                            "(values, defaults), the decisions it asks, statistics, strategies (exit "
                                            "1: the rules file has errors).");
    info->add_option("FILE", o.file, "The rules file")->required();
    info->add_flag("--json", o.json, "Print the same as one JSON object");
}

// A day: beyond it a timeout means none, and the deadlines' arithmetic stays far from overflowing.
constexpr double longest_bot_timeout = 86400;

std::string bot_timeout_help() {
    return fmt::format("Seconds an exec: bot may take to answer one decision before the game stops with an error "
                       "(default {})", rulesrun::default_bot_timeout_seconds);
}

// --engine, the same for every command that plays games.
void add_engine_option(CLI::App& command, std::string& engine) {
    command.add_option("--engine", engine, "What runs the rules: interpreter, or native (the rules compiled to machine "
                                           "code with the system's C++ compiler, built once and kept in "
                                           "~/.cache/rulesrun: the same games, faster)")
        ->check(CLI::IsMember({"interpreter", "native"}));
}

void add_play(CLI::App& app, PlayOptions& o) {
    auto* play = app.add_subcommand("play", "Play a game at this terminal, humans and bots (exit 3: standard input "
                                            "ended before the game did).");
    auto* file = play->add_option("FILE", o.file, "The rules file");
    auto* players = play->add_option("--players", o.players, "Number of players (default: the game's smallest, or "
                                                             "the length of --bots)")->check(count_value(1000));
    auto* options = play->add_option("--option", o.options, "A game option NAME=VALUE (repeatable)")
        ->allow_extra_args(false);
    auto* seed = play->add_option("--seed", o.seed, "Seed of the game's chance (default: from the clock, printed)")
                      ->check(seed_value());
    auto* bots = play->add_option("--bots", o.bots, "Who plays each seat, from seat 1, comma-separated: human, "
                                                    "random, mcts, a strategy of the game, or exec:COMMAND (a program "
                                                    "speaking docs/protocol.md on its standard input and output; a "
                                                    "command with commas goes in double quotes: 'exec:\"python3 "
                                                    "bot.py --level 2, fast\"'); the last name also plays the seats "
                                                    "left (default: human,random: you in seat 1, random bots in the "
                                                    "others)");
    play->add_option("--bot-timeout", o.bot_timeout, bot_timeout_help())->check(seconds_value(longest_bot_timeout));
    play->add_option("--save", o.save, "Save the game to this file after every action");
    play->add_option("--resume", o.resume, "Continue an unfinished saved game (and save it there, unless --save)")
        ->excludes(file)->excludes(players)->excludes(options)->excludes(seed)->excludes(bots);
    play->add_flag("--force", o.force, "With --resume: go on even if the rules file or the files it imports have "
                                       "changed since the game was saved");
    play->add_flag("--run-programs", o.run_programs, "With --resume: run the saved game's exec: seats (programs) "
                                                     "without asking; without it, play asks at a terminal and refuses "
                                                     "elsewhere (a saved game is as dangerous as a script)");
    add_engine_option(*play, o.engine);
}

// --slurm FOLDER --tasks N, the same for simulate and sweep.
void add_slurm_options(CLI::App& command, std::string& folder, std::int64_t& tasks, bool& submit) {
    auto* slurm = command.add_option("--slurm", folder, "Play nothing: write into this folder a Slurm job array whose "
                                                        "--tasks tasks are the run's shards, a merge job that runs once "
                                                        "they all succeed, and submit.sh, which submits both");
    auto* count = command.add_option("--tasks", tasks, "The Slurm job array's tasks (shards), with --slurm")
                      ->check(count_value(1'000'000));
    slurm->needs(count);
    count->needs(slurm);
    command.add_flag("--submit", submit, "With --slurm: also submit the job (runs submit.sh: sbatch must be on this "
                                         "machine)")->needs(slurm);
}

// --processes N, the same for simulate and sweep.
void add_processes_option(CLI::App& command, int& processes) {
    command.add_option("--processes", processes, "Play the run as N shards in N processes of this rulesrun, then "
                                                 "merge them: the same output as in one process (each gets --threads, "
                                                 "else the processors shared between them)")
        ->check(count_value(1024));
}

// --max-actions N, the same for simulate, sweep, tune and ladder.
void add_max_actions_option(CLI::App& command, std::int64_t& max_actions) {
    command.add_option("--max-actions", max_actions,
                       fmt::format("The cap on a game's length: a game still going after N actions is stopped, counted "
                                   "as a draw and reported (default {}; a limit the rules declare, 'end game after N "
                                   "actions', ends it first with its own outcome)", rulesrun::default_max_actions))
        ->check(count_value(INT64_MAX));
}

void add_simulate(CLI::App& app, SimulateOptions& o) {
    auto* simulate = app.add_subcommand("simulate", "Play many games between bots and report wins, scores and the "
                                                    "game's statistics.");
    simulate->add_option("FILE", o.file, "The rules file")->required();
    simulate->add_option("--games", o.games, fmt::format("Number of games (default {})", default_simulated_games))
        ->check(count_value(INT64_MAX));
    simulate->add_option("--seed", o.seed, "Base seed: game i is seeded from it and i (default 1)")
        ->check(seed_value());
    simulate->add_option("--bots", o.bots, "Who plays each seat, from seat 1, comma-separated: random, mcts, a "
                                           "strategy of the game, or exec:COMMAND (a program speaking "
                                           "docs/protocol.md on its standard input and output, started for each "
                                           "game; a command with commas goes in double quotes: 'exec:\"python3 "
                                           "bot.py --level 2, fast\"'); the last name also plays the seats left, so "
                                           "one name plays every seat (default: random)");
    simulate->add_option("--bot-timeout", o.bot_timeout, bot_timeout_help())
        ->check(seconds_value(longest_bot_timeout));
    simulate->add_option("--option", o.options, "A game option NAME=VALUE (repeatable)")
        ->allow_extra_args(false);
    simulate->add_option("--players", o.players, "Number of players (default: the game's smallest, or the length "
                                                 "of --bots)")->check(count_value(1000));
    simulate->add_option("--threads", o.threads, "Threads to run games on (default: one per processor); the results "
                                                 "do not depend on it")->check(count_value(1024));
    simulate->add_flag("--json", o.json, "Print the report as one JSON object");
    simulate->add_option("--report", o.report, "Also write the report as a self-contained HTML page (charts, "
                                               "histograms) to this file");
    simulate->add_option("--compare", o.compare, "Another rules file (a changed copy) to play the same games: prints "
                                                 "every figure for both, their difference and its 95% CI");
    simulate->add_option("--shard", o.shard, "K/N: play only the K-th of N shards of the run (the games whose index "
                                             "i has i % N = K - 1, with the whole run's seeds) and print its "
                                             "partial result as JSON, for 'rulesrun merge'");
    add_processes_option(*simulate, o.processes);
    add_slurm_options(*simulate, o.slurm, o.tasks, o.submit);
    add_max_actions_option(*simulate, o.max_actions);
    add_engine_option(*simulate, o.engine);
}

void add_sweep(CLI::App& app, SweepOptions& o) {
    auto* sweep = app.add_subcommand("sweep", "Simulate every combination of the given option values (and player "
                                              "counts), or a space-filling sample of them, all on the same games' "
                                              "seeds, and report every figure of each with its 95% interval.");
    sweep->footer("Example: rulesrun sweep rules/cosmic_disaster.rules --option jacks=1,3,5 --option reveal=2,3 "
                  "--players 1,2,3,4 --games 2000 --report sweep.html. Every configuration plays games seeded from the "
                  "same base seed (common random numbers), so the differences between configurations are paired. "
                  "A grid too large to play whole: --sample 40 plays 40 configurations spread over it (--option "
                  "rescue_goal=10..40 --option stars_lost --sample 40). "
                  "Progress goes to standard error: a bar with the time left on a terminal, a line per configuration "
                  "otherwise.");
    sweep->add_option("FILE", o.file, "The rules file")->required();
    sweep->add_option("--option", o.options, "NAME=V1,V2,...: an option and the values to sweep it over (repeatable; "
                                             "one value fixes it); NAME=LOW..HIGH: every whole number from LOW to "
                                             "HIGH; NAME alone: every value the rules allow it")
        ->allow_extra_args(false);
    sweep->add_option("--players", o.players, "Player counts to sweep over, comma-separated: 2,3,4 (default: the "
                                              "game's smallest, or the length of --bots)");
    sweep->add_option("--sample", o.sample, fmt::format("N: play only N configurations of the grid, chosen to cover "
                                                        "it evenly (a maximin Latin hypercube over the settings' "
                                                        "values, drawn from --seed); N at least the grid's size plays "
                                                        "the whole grid (at most {})", most_sample))
        ->check(count_value(most_sample));
    sweep->add_option("--bots", o.bots, "Who plays each seat, as for simulate (default: random)");
    sweep->add_option("--bot-timeout", o.bot_timeout, bot_timeout_help())->check(seconds_value(longest_bot_timeout));
    sweep->add_option("--games", o.games, fmt::format("Games per configuration (default {})", default_simulated_games))
        ->check(count_value(INT64_MAX));
    sweep->add_option("--seed", o.seed, "Base seed: game i of every configuration is seeded from it and i (default 1)")
        ->check(seed_value());
    sweep->add_option("--threads", o.threads, "Threads to run games on (default: one per processor); the results do "
                                              "not depend on it")->check(count_value(1024));
    sweep->add_flag("--json", o.json, "Print the results as one JSON object");
    sweep->add_option("--report", o.report, "Also write a self-contained HTML page: the table, and each figure "
                                            "plotted against each swept setting with its interval");
    sweep->add_option("--shard", o.shard, "K/N: play only the K-th of N shards of every configuration and print the "
                                          "partial result as JSON, for 'rulesrun merge'");
    add_processes_option(*sweep, o.processes);
    sweep->add_option("--resume", o.resume, "A folder (created if missing) that keeps each finished configuration: "
                                            "run the same command again after an interruption and the finished "
                                            "configurations are not played again");
    add_slurm_options(*sweep, o.slurm, o.tasks, o.submit);
    add_max_actions_option(*sweep, o.max_actions);
    add_engine_option(*sweep, o.engine);
}

void add_tune(CLI::App& app, TuneOptions& o) {
    auto* tune = app.add_subcommand("tune", "Find the option values whose figures come closest to targets (a game "
                                            "length, a statistic, a seat's share of the wins), with their 95% "
                                            "intervals.");
    tune->footer("Example: rulesrun tune rules/pig.rules --vary target --target length=60 --games 2000. Successive "
                 "halving: every setting plays the same games (common random numbers), the closer half plays twice "
                 "as many, until one is left, which plays --games; a target is met when it lies inside that "
                 "setting's 95% interval. Figures: length (actions per game), draws (their rate), wins:K (seat K's "
                 "share of the wins) and the game's statistics (rulesrun info).");
    tune->add_option("FILE", o.file, "The rules file")->required();
    tune->add_option("--vary", o.vary, "NAME (all its values; a range at 17 evenly spaced ones, then "
                                       "closer around the best, down to neighbouring values) or NAME=V1,V2,...: an "
                                       "option to tune (repeatable)")
        ->required()->allow_extra_args(false);
    tune->add_option("--target", o.targets, "FIGURE=VALUE: what a figure should be (repeatable; the distances to "
                                            "several targets, each relative to its value, are added)")
        ->required()->allow_extra_args(false);
    tune->add_option("--players", o.players, "Number of players (default: the game's smallest, or the length of "
                                             "--bots)")->check(count_value(1000));
    tune->add_option("--bots", o.bots, "Who plays each seat, as for simulate (default: random)");
    tune->add_option("--bot-timeout", o.bot_timeout, bot_timeout_help())->check(seconds_value(longest_bot_timeout));
    tune->add_option("--games", o.games, fmt::format("Games the best setting plays at the end (default {}); the "
                                                     "rounds before play fewer", default_simulated_games))
        ->check(count_value(INT64_MAX));
    tune->add_option("--seed", o.seed, "Base seed: game i of every setting is seeded from it and i (default 1)")
        ->check(seed_value());
    tune->add_option("--threads", o.threads, "Threads to run games on (default: one per processor); the results do "
                                             "not depend on it")->check(count_value(1024));
    tune->add_flag("--json", o.json, "Print the rounds, the best setting and its figures as one JSON object");
    tune->add_option("--report", o.report, "Also write a self-contained HTML page: each target against the best "
                                           "setting's figure and its 95% interval, and every round's settings by "
                                           "distance to the targets");
    add_max_actions_option(*tune, o.max_actions);
    add_engine_option(*tune, o.engine);
}

void add_ladder(CLI::App& app, LadderOptions& o) {
    auto* ladder = app.add_subcommand("ladder", "Rate bots against each other: every pair meets in every seating on "
                                                "the same seeds; prints each bot's rating (Bradley-Terry, Elo scale) "
                                                "with its 95% interval, the win matrix and the game's skill depth.");
    ladder->footer(
        "Example: rulesrun ladder rules/pig.rules --bots random,hold_at_20,mcts:iterations=200 --games 100. Each "
        "pairing plays one bot alone in each seat in turn and the other in the rest, each way round (in a two-player "
        "game: each way round), all on the same games' seeds, so that the luck of the deal cancels. Every game gives "
        "the bot alone its seat's mean result against the other's seats: ranked before 1, level 1/2 (a draw, a shared "
        "win), after 0. The ratings are anchored at random when it plays, else at the weakest bot. The skill depth is "
        "the gap between the strongest and the weakest. Progress goes to standard error: a bar with the time left on "
        "a terminal, a line per seating otherwise.");
    ladder->add_option("FILE", o.file, "The rules file")->required();
    ladder->add_option("--bots", o.bots, "The bots to rate, comma-separated, at least two: random, mcts (with its "
                                         "parameters: mcts:iterations=200), a strategy of the game, or exec:COMMAND "
                                         "(a program speaking docs/protocol.md; a command with commas goes in double "
                                         "quotes)")->required();
    ladder->add_option("--games", o.games, fmt::format("Games per pairing, split evenly between its seatings: a "
                                                       "multiple of their number (default {}, rounded up to one)",
                                                       default_ladder_games))
        ->check(count_value(INT64_MAX));
    ladder->add_option("--players", o.players, "Number of players (default: the game's smallest, at least 2)")
        ->check(count_value(1000));
    ladder->add_option("--option", o.options, "A game option NAME=VALUE (repeatable)")->allow_extra_args(false);
    ladder->add_option("--seed", o.seed, "Base seed: game i of every seating is seeded from it and i (default 1)")
        ->check(seed_value());
    ladder->add_option("--threads", o.threads, "Threads to run games on (default: one per processor); the results do "
                                               "not depend on it")->check(count_value(1024));
    ladder->add_option("--bot-timeout", o.bot_timeout, bot_timeout_help())->check(seconds_value(longest_bot_timeout));
    ladder->add_flag("--json", o.json, "Print the results as one JSON object");
    ladder->add_option("--report", o.report, "Also write the results as a self-contained HTML page (a chart of the "
                                             "ratings, the win matrix coloured) to this file");
    ladder->add_flag("--no-times", o.no_times, "Leave out the time each bot takes per decision (a measurement that "
                                               "differs from run to run): the output is then the same bytes every "
                                               "run, in one process or merged from shards");
    ladder->add_option("--shard", o.shard, "K/N: play only the K-th of N shards of every seating and print the "
                                           "partial result as JSON, for 'rulesrun merge'");
    add_processes_option(*ladder, o.processes);
    add_max_actions_option(*ladder, o.max_actions);
    add_engine_option(*ladder, o.engine);
}

void add_merge(CLI::App& app, MergeOptions& o) {
    auto* merge = app.add_subcommand("merge", "Combine the partial results of every shard of one run (simulate "
                                              "--shard K/N, with or without --compare, sweep --shard K/N or ladder "
                                              "--shard K/N) into exactly what the run played in one go prints.");
    merge->footer("The parts must come from the same rules files (unchanged since), settings, bots, seed, game count "
                  "and shard count, with every shard from 1 to N once. The rules files are read again from the paths "
                  "the parts recorded.");
    merge->add_option("PARTS", o.parts, "The partial result files, one per shard, in any order")->required();
    merge->add_flag("--json", o.json, "Print the merged report as one JSON object");
    merge->add_option("--report", o.report, "Also write the merged report as a self-contained HTML page to this file");
}

void add_replay(CLI::App& app, ReplayOptions& o) {
    auto* replay = app.add_subcommand("replay", "Play a saved game again from its rules file, action by action.");
    replay->add_option("FILE", o.file, "The saved game (written by play --save)")->required();
    replay->add_flag("--step", o.step, "Draw each position and wait for Enter before each action");
    replay->add_option("--seat", o.seat,
                       "Replay as this seat saw the game (its number or name: its hand, what was said to it); "
                       "without it, as a spectator sees it (public information only)");
    replay->add_flag("--force", o.force, "Replay even if the rules file or the files it imports have changed since "
                                         "the game was saved");
}

void add_audit(CLI::App& app, AuditOptions& o) {
    auto* audit = app.add_subcommand("audit", "Look for leaks of secrets: play games between bots and check that "
                                              "nothing a seat is shown depends on what it may not know (exit 0: no "
                                              "leak, 1: a leak or an error).");
    audit->add_option("FILE", o.files, "Rules files to audit; a folder stands for its .rules files")->required();
    audit->add_option("--games", o.games, "Games per player count (default 12; half with random bots, half with "
                                          "the game's strategies)")->check(count_value(1000000));
    audit->add_option("--players", o.players, "Number of players (default: the game's smallest and the next one)")
        ->check(count_value(1000));
    audit->add_option("--seed", o.seed, "Base seed: game i is seeded from it and i (default 1)")->check(seed_value());
    audit->add_option("--variants", o.variants, "States compared with the true one, per seat and decision, and "
                                                "replays of each game per seat with what it could not see drawn "
                                                "again (default 2)")->check(count_value(1000));
    audit->add_option("--option", o.options, "A game option NAME=VALUE (repeatable): audit that variant of the game")
        ->allow_extra_args(false);
    audit->add_option("--max-actions", o.max_actions, "Actions audited per game: a game still going then is left "
                                                      "there, and counted (default 2000)")
        ->check(count_value(1'000'000'000));
}

void add_tree(CLI::App& app, TreeOptions& o) {
    auto* tree = app.add_subcommand("tree", "Count the sequences of moves of each length from the start of a game, and "
                                            "those that end it (a perft table: a check of the rules' moves).");
    tree->footer("A ply is one decision: one seat's action, or where several seats decide at once, one action of "
                 "each (every combination is a branch). Each number a roll or random may give is a branch of its "
                 "own; a shuffle is dealt once from the seed (its orders are too many to enumerate). The counts grow "
                 "exponentially with the depth.");
    tree->add_option("FILE", o.file, "The rules file")->required();
    // Beyond a thousand plies no tree can be walked to the end; the limit only keeps the walk's recursion sane.
    tree->add_option("--depth", o.depth, "Plies to count, from 1 to 1000")->required()->check(count_value(1000));
    tree->add_option("--players", o.players, "Number of players (default: the game's smallest)")
        ->check(count_value(1000));
    tree->add_option("--option", o.options, "A game option NAME=VALUE (repeatable)")->allow_extra_args(false);
    tree->add_option("--seed", o.seed, "Seed of the shuffles (default 1)")->check(seed_value());
    tree->add_flag("--json", o.json, "Print the counts as one JSON object");
}

void add_solve(CLI::App& app, SolveOptions& o) {
    auto* solve = app.add_subcommand("solve", "Work out a small game's value for each seat and a policy that reaches "
                                              "it, or how far a list of bots is from it (exit 1: the game is too large "
                                              "or a rule failed).");
    solve->footer("The whole tree is built: every decision, every number a roll or random may give and every order of "
                  "a shuffle, with their chances. Perfect information: backward induction (minimax for two seats). "
                  "Hidden information: CFR+ over the information sets, each made only from what its seat may know "
                  "(its view and what it read at the table at each of its decisions, and its own answers). Each "
                  "seat's best response to the others' policy is computed exactly: NashConv is the sum of what they "
                  "gain, the exploitability half of it for two seats.");
    solve->add_option("FILE", o.file, "The rules file")->required();
    solve->add_option("--players", o.players, "Number of players (default: the game's smallest, or the length of "
                                              "--bots)")->check(count_value(1000));
    solve->add_option("--option", o.options, "A game option NAME=VALUE (repeatable)")->allow_extra_args(false);
    solve->add_option("--seed", o.seed, "Seed of the bots' questions and of what the strategies guess (default 1; "
                                        "the tree enumerates all chance)")->check(seed_value());
    solve->add_option("--iterations", o.iterations, fmt::format("Iterations of CFR+ with hidden information "
                                                                "(default {})", rulesrun::default_solver_iterations))
        ->check(count_value(100'000'000));
    solve->add_option("--bots", o.bots, "Evaluate these bots instead of solving, from seat 1, comma-separated: random, "
                                        "mcts (with its parameters), a strategy of the game; the last name also plays "
                                        "the seats left. Prints each seat's best response to the others' bots and "
                                        "the exploitability");
    solve->add_option("--samples", o.samples, fmt::format("Answers asked of a bot that does not say its preferences "
                                                          "(mcts) at each information set (default {})",
                                                          rulesrun::default_bot_samples))
        ->check(count_value(100'000));
    solve->add_option("--value", o.value, "What a seat's value counts: score (the game's own units, as chips), or "
                                          "outcome (win shares: 1 a win, 1/k each of k winners, 1/n each in a draw); "
                                          "default: score when the scores sum to zero at every end, else outcome")
        ->check(CLI::IsMember({"score", "outcome"}));
    solve->add_option("--max-nodes", o.max_nodes, fmt::format("Refuse a tree of more nodes than this (default {}: "
                                                              "at most about 2 GiB and a minute)",
                                                              rulesrun::default_max_solver_nodes))
        ->check(count_value(2'000'000'000));
    solve->add_option("--policy-rows", o.policy_rows, "Information sets whose policy is printed, each seat's earliest "
                                                      "decisions first (default 40; 0: none)")
        ->check(CLI::Range(std::int64_t{0}, std::int64_t{2'000'000'000}));
    solve->add_flag("--json", o.json, "Print the figures and the policy as one JSON object");
}

void add_serve(CLI::App& app, ServeOptions& o) {
    auto* serve = app.add_subcommand("serve", "Serve games over the network: people play in their browsers, each from "
                                              "a link to their seat, with bots on the server (README, \"Play over the "
                                              "network\").");
    serve->add_option("FILE", o.files, "Rules files to offer (default: every .rules file in rules/)");
    serve->add_option("--host", o.host, "Address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for "
                                        "every network)");
    serve->add_option("--port", o.port, "Port to listen on (default 8080; 0 picks a free one)")->check(CLI::Range(0, 65535));
    serve->add_option("--data", o.data, "Folder of the tables' database, created if missing (default rulesrun-data)");
    serve->add_option("--max-tables", o.max_tables, "Most tables at once (default 1000)")->check(count_value(1000000));
    serve->add_option("--idle-hours", o.idle_hours, "Close a table nobody has played at for this long (default 48)")
        ->check(CLI::PositiveNumber);
    serve->add_option("--bots", o.bots, "Programs the lobby may also seat, besides each game's bots: "
                                        "exec:\"COMMAND\" entries, comma-separated (docs/protocol.md); people on the "
                                        "network can choose only these, never a command of their own");
    serve->add_option("--bot-timeout", o.bot_timeout, bot_timeout_help())->check(seconds_value(longest_bot_timeout));
    serve->add_option("--message-rate", o.message_rate, "WebSocket messages one connection may send a second, twice as "
                                                        "many at once; more are refused with an error and slowed "
                                                        "(default 20; 0: no limit)")
        ->check(CLI::Range(0.0, 1e6));
    serve->add_option("--request-rate", o.request_rate, "HTTP requests one connection may send a second, twice as many "
                                                        "at once; more are answered 429 and slowed (default 10; 0: no "
                                                        "limit)")
        ->check(CLI::Range(0.0, 1e6));
}

// The commands, one line each: for `rulesrun` alone and for a command that does not exist.
struct CommandSummary {
    const char* name;
    const char* summary;
};
constexpr CommandSummary command_summaries[] = {
    {"check", "check rules files and report every problem found"},
    {"fmt", "rewrite rules files in the canonical layout, or check that they are"},
    {"info", "show a game's players, options, decisions, statistics and strategies"},
    {"play", "play a game at this terminal, humans and bots"},
    {"simulate", "play many games between bots and report wins, scores and statistics"},
    {"sweep", "simulate every combination of option values and player counts, or a sample of them"},
    {"tune", "find option values whose figures meet targets (length, statistics, wins)"},
    {"ladder", "rate bots against each other (Elo, win matrix) and measure the game's skill depth"},
    {"merge", "combine the partial results of a sharded simulation, sweep or ladder"},
    {"replay", "play a saved game again, action by action"},
    {"audit", "look for leaks of secrets in a game"},
    {"tree", "count the sequences of moves of each length (perft), to check a game's moves"},
    {"solve", "work out a small game's value and optimal play, or how exploitable some bots are"},
    {"serve", "serve games over the network, to play in browsers"},
    {"lsp", "serve an editor: diagnostics, hover, completion... (Language Server Protocol)"},
};

void print_commands(std::ostream& out) {
    out << "Commands:\n";
    for (const auto& c : command_summaries) out << fmt::format("  {:<9} {}\n", c.name, c.summary);
    out << "Run 'rulesrun COMMAND --help' for the options of a command, 'rulesrun --help' for all of them.\n";
}

// Levenshtein distance: how many letters to insert, remove or change to turn a into b.
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// The command closest to a mistyped one (two letters off at most, or one it starts), or null.
const char* closest_command(std::string_view typed) {
    const char* best = nullptr;
    std::size_t best_distance = 3;
    for (const auto& c : command_summaries) {
        const std::string_view name = c.name;
        const std::size_t distance = typed.size() >= 2 && name.starts_with(typed) ? 1 : edit_distance(typed, name);
        if (distance < best_distance && distance < std::max<std::size_t>(typed.size(), 2)) {
            best = c.name;
            best_distance = distance;
        }
    }
    return best;
}

// The first argument that is not a flag names the command (rulesrun's own options take no value). Returns the
// exit code when it names none, after saying so; -1 when it does or when there is no command word at all.
int check_command_word(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view word = argv[i];
        if (word.empty() || word.front() == '-') continue;
        for (const auto& c : command_summaries) {
            if (word == c.name) return -1;
        }
        if (const char* close = closest_command(word)) {
            std::cerr << fmt::format("rulesrun: unknown command '{}' (did you mean '{}'?)\n", word, close);
        } else {
            std::cerr << fmt::format("rulesrun: unknown command '{}'\n", word);
            print_commands(std::cerr);
        }
        return exit_arguments;
    }
    return -1;
}

int error(int code, const std::string& message) {
    std::cerr << "rulesrun: error: " << message << '\n';
    return code;
}

// Runs the chosen command; every error becomes a message on standard error and its exit code.
int run_command(const std::function<int()>& command) {
    try {
        return command();
    } catch (const ArgumentError& e) {
        return error(exit_arguments, e.what());
    } catch (const rulesrun::runtime::SettingsError& e) {
        return error(exit_arguments, e.what());
    } catch (const rulesrun::BotListError& e) {
        return error(exit_arguments, e.what());
    } catch (const LoadFailed& e) {
        return error(exit_failed, e.what());
    } catch (const rulesrun::runtime::RuleError& e) {
        return error(exit_failed, fmt::format("a rule failed: {}", e.what()));
    } catch (const rulesrun::SimulationError& e) {
        return error(exit_failed, e.what());
    } catch (const std::exception& e) {  // save files, replays that no longer fit, files that cannot be written
        return error(exit_failed, e.what());
    }
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"rulesrun: write a tabletop game's rules once, then check, play and simulate it."};
    app.require_subcommand(0, 1);
    app.footer("Run 'rulesrun COMMAND --help' for the options of a command.");
    app.set_version_flag("--version", "rulesrun " RULESRUN_VERSION, "Print the version of rulesrun and exit");
    if (const int code = check_command_word(argc, argv); code >= 0) return code;
    CheckOptions check;
    FmtOptions fmt_options;
    LspOptions lsp;
    InfoOptions info;
    PlayOptions play;
    SimulateOptions simulate;
    MergeOptions merge;
    SweepOptions sweep;
    TuneOptions tune;
    LadderOptions ladder;
    ReplayOptions replay;
    AuditOptions audit;
    ServeOptions serve;
    TreeOptions tree;
    SolveOptions solve;
    add_check(app, check);
    add_fmt(app, fmt_options);
    add_lsp(app, lsp);
    add_info(app, info);
    add_play(app, play);
    add_simulate(app, simulate);
    add_sweep(app, sweep);
    add_tune(app, tune);
    add_ladder(app, ladder);
    add_merge(app, merge);
    add_replay(app, replay);
    add_audit(app, audit);
    add_serve(app, serve);
    add_tree(app, tree);
    add_solve(app, solve);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return exit_arguments;
    }
    if (app.get_subcommands().empty()) {  // `rulesrun` alone, or with flags only
        std::cerr << "rulesrun: no command given: rulesrun COMMAND [OPTIONS] FILE...\n";
        print_commands(std::cerr);
        return exit_arguments;
    }
    if (app.got_subcommand("check")) return run_command([&] { return run_check(check); });
    if (app.got_subcommand("fmt")) return run_command([&] { return run_fmt(fmt_options); });
    if (app.got_subcommand("lsp")) return run_command([&] { return run_lsp(lsp); });
    if (app.got_subcommand("info")) return run_command([&] { return run_info(info); });
    if (app.got_subcommand("play")) return run_command([&] { return run_play(play); });
    if (app.got_subcommand("simulate")) return run_command([&] { return run_simulate(simulate); });
    if (app.got_subcommand("sweep")) return run_command([&] { return run_sweep(sweep); });
    if (app.got_subcommand("tune")) return run_command([&] { return run_tune(tune); });
    if (app.got_subcommand("ladder")) return run_command([&] { return run_ladder(ladder); });
    if (app.got_subcommand("merge")) return run_command([&] { return run_merge(merge); });
    if (app.got_subcommand("replay")) return run_command([&] { return run_replay(replay); });
    if (app.got_subcommand("audit")) return run_command([&] { return run_audit(audit); });
    if (app.got_subcommand("serve")) return run_command([&] { return run_serve(serve); });
    if (app.got_subcommand("tree")) return run_command([&] { return run_tree(tree); });
    if (app.got_subcommand("solve")) return run_command([&] { return run_solve(solve); });
    return exit_arguments;
}
