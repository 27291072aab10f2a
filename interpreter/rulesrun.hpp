// The interpreter's public API: everything a front end (the rulesrun command, the terminal, reports, benchmarks, the
// network server to come) may use. Front ends include this header and nothing else of interpreter/; the stages'
// other headers are their own business (docs/architecture.md).
#pragma once

// Basics shared by every stage: errors, settings, records; the seeded generator.
#include "game_types.hpp"
#include "random.hpp"
#include "seeds.hpp"
#include "spoken_names.hpp"

// Checking a rules file: diagnostics with their places.
#include "check.hpp"
#include "source_set.hpp"

// Writing rules files: the canonical layout (`rulesrun fmt`), the tokens, and what the names of a file refer to (for
// the language server).
#include "formatter.hpp"
#include "lexer.hpp"
#include "name_index.hpp"

// The engine: load a game, play it, save it; count its tree of moves.
#include "game.hpp"
#include "game_tree.hpp"
#include "json_input.hpp"
#include "save_file.hpp"

// What a seat may see.
#include "unseen_redraw.hpp"
#include "revealed.hpp"
#include "seat_message.hpp"
#include "seat_view.hpp"
#include "table_log.hpp"
#include "tensor_facts.hpp"
#include "tensor_layout.hpp"

// Bots: random, the rules' strategies, the search bot, programs that take a seat.
#include "bots.hpp"
#include "exec_bot.hpp"
#include "mcts.hpp"

// Exact play for small games: the whole tree, backward induction or CFR+, best responses.
#include "solver.hpp"
#include "solver_tree.hpp"

// Many games between bots: statistics, balance, comparisons, the bots' ratings.
#include "balance.hpp"
#include "comparison.hpp"
#include "histogram.hpp"
#include "proportions.hpp"
#include "ratings.hpp"
#include "simulation.hpp"
#include "statistics.hpp"

// The leak audit.
#include "audit.hpp"

// The native engine: the rules compiled to machine code, the same games faster.
#include "native_engine.hpp"
#include "native_library.hpp"
