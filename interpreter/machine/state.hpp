// A game's state as flat vectors of values (docs/engine.md), and the Instance it refers to: everything fixed once
// the settings are known (how many cards, where each one's fields are, the zones' regions, the board's spaces).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "card_knowledge.hpp"
#include "chance_redraw.hpp"
#include "game_types.hpp"
#include "program.hpp"
#include "random.hpp"
#include "value_stack.hpp"

namespace rulesrun::runtime {

struct Instance;

struct Frame {
    std::int32_t callable = 0;
    std::int32_t pc = 0;
    std::int32_t base = 0;  // its locals start here in StateData::locals
};

// One decision a seat must make before the game goes on.
struct Pending {
    std::int32_t seat = 0;
    std::int32_t choice = -1;          // index in Program::choices, or -1 for a menu
    std::int32_t menu = -1;            // index in Program::menus
    std::int32_t options_begin = 0;    // the options' values in StateData::pending_options (subsets: lists)
    std::int32_t options_count = 0;
    std::int32_t answer = -1;          // the chosen action, once chosen (simultaneous decisions wait for all)
    std::int32_t frame_base = 0;       // locals of the frame that asked (for the prompt)
};

struct StateData {
    std::shared_ptr<const Instance> instance;

    std::vector<Value> slots;        // options, decks, state fields, player fields, card fields, space fields
    ValueStack heap;                 // lists, records and texts made while running: [length, values...]
    // Every zone has a region of zone_capacity places in zone_cards; its cards lie together somewhere in it, from
    // zone_start on, the top card first. So drawing the top card, or putting one on top, moves no other card.
    std::vector<Value> zone_cards;
    std::vector<Value> zone_start;   // per zone instance: where its top card lies in its region
    std::vector<Value> zone_size;    // per zone instance
    std::vector<Value> card_zone;    // per card: its zone instance, or -1
    std::vector<Value> card_pos;     // per card: its place in its zone's region (its position is card_pos - start)
    // What the seats know of where the cards are (card_knowledge.hpp), kept only when the game has secrets.
    std::vector<SeatMask> card_known;       // per card: the seats that know its zone (and its place, in a hidden pile)
    std::vector<CardWindow> card_window;    // per card: where seats that saw it put at a random position look for it
    std::vector<std::int32_t> zone_window_top;  // per zone instance: at least the highest window.high of its cards
    ToldCards told;                          // what seats were told of cards they cannot see (`tell ... whether`)
    // Per zone instance: shown to everyone (`show ZONE to everyone`) and no card put into it since: every seat sees
    // its cards.
    std::vector<std::uint8_t> zone_face_up;
    bool knowledge_kept = true;  // off: the knowledge above is stale (Game::keep_knowledge)

    // The index in zone_cards of the top card of zone instance `zone`; its cards follow.
    [[nodiscard]] std::size_t zone_top(std::size_t zone) const;

    std::vector<Frame> frames;       // the suspended rules: innermost last
    ValueStack locals;
    std::vector<Pending> pending;
    ValueStack pending_options;
    std::vector<std::string> prompts;  // per pending decision, only when messages are kept
    ValueStack scratch;                // elements of lists being built (a stack: nested builds share it)
    std::vector<Value> triggered;      // events a move statement triggered: pairs of event and card

    Rng rng{1};
    // Chance results forced by a test (docs/fixtures.md), consumed from forced_next on; empty in real games, so
    // roll, random and shuffle only look at them when forced_next < forced.size().
    std::vector<ForcedChance> forced;
    std::size_t forced_next = 0;
    ChanceProbe probed;  // what a probe among the forced results noted (game_tree.cpp)
    // The forced results used since the start (probes left out), as the game used them (a number drawn again by
    // chance_redraw as drawn again): with the seed, they play the history again (Game::chance_to_replay).
    std::vector<ForcedChance> forced_used;
    // Set only while the search bot plays a game again with other numbers where its seat saw none (not owned).
    ChanceRedraw* chance_redraw = nullptr;
    std::vector<ActionRecord> history;
    SeatMask secret_answerers = 0;  // the seats that answered a secret choice (`by p secretly`) in the history
    std::vector<StatSample> samples;
    std::vector<Message> messages;
    bool keep_messages = false;
    bool play_started = false;
    bool finished = false;
    std::vector<Value> final_scores;   // per seat, once finished
    std::vector<Value> final_winners;  // per seat: 1 for a winner, once finished
    std::vector<Value> final_rank_keys;  // per seat, each key of `rank(p) = ...` in order, once finished
    bool final_draw = false;           // `with draw`: nobody won or lost
    // Whether a length limit ended the game: the rules' own (`end game after N actions`) or the run's cap on a game's
    // length (a draw: Game::cap_actions). The cap is kept by Game::restart.
    enum class LengthLimit : std::uint8_t { none, rules, cap } ended_at_limit = LengthLimit::none;
    std::size_t action_cap = 0;  // 0: none
    std::int64_t steps = 0;
    // Functions cannot change the game, so a function's value stays right until something it reads changes:
    // `changes` counts the writes of each StateKind, and each function (with at most one argument) remembers its
    // last value with the sum of the counts it depends on (see Machine::state_stamp). A function of nothing keeps its
    // value for the whole game, whatever happens. Not part of a game's identity (operator== ignores them).
    std::array<std::int64_t, state_kinds> changes{};
    void every_kind_changed() {  // a new deal, private fields changed from outside the rules
        for (auto& count : changes) ++count;
    }
    struct Remembered {
        std::int64_t stamp = -1;  // Machine::state_stamp when it was worked out; -1: nothing remembered
        Value argument = 0;
        Value result = 0;
    };
    std::vector<Remembered> remembered;
    std::int32_t heap_after_collection = 0;
};

struct Instance {
    const Program* program = nullptr;
    std::int32_t players = 0;
    std::vector<Value> option_values;

    std::int32_t player_base = 0;     // slot of seat 0's first field
    std::int32_t player_stride = 0;
    std::vector<std::int32_t> card_type, card_base;         // per card
    std::vector<std::int32_t> zone_first;                   // per zone declaration: its first instance
    std::vector<std::int32_t> zone_decl, zone_owner, zone_offset, zone_capacity;  // per zone instance
    std::vector<std::int32_t> board_first, board_rows, board_columns;              // per board
    std::vector<std::int32_t> space_board, space_base;      // per space; the last slot of a space is "alive"
    std::vector<std::int32_t> space_row, space_column;      // per space, from 0 (a ring's spaces: row = position)
    std::vector<std::int32_t> die_faces;
    std::vector<std::int32_t> slot_types;                   // per slot: type index when it may hold a heap value
    // For card knowledge (card_knowledge.hpp): per zone instance, the seats that see its cards, and whether it is a
    // hidden ordered pile (where every seat follows which position a card leaves from or goes to).
    std::vector<SeatMask> zone_seers;
    std::vector<std::uint8_t> zone_is_pile;
    SeatMask all_seats = 0;
    bool tracks_knowledge = false;  // some zone is not public

    StateData initial;  // the state before `setup` runs
};

inline std::size_t StateData::zone_top(std::size_t zone) const {
    return static_cast<std::size_t>(instance->zone_offset[zone] + zone_start[zone]);
}

}  // namespace rulesrun::runtime
