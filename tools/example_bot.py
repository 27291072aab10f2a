#!/usr/bin/env python3
"""A complete rulesrun bot: it plays any game, choosing at random among the options.

Take a seat with it:

    rulesrun play rules/pig.rules --bots human,exec:"python3 tools/example_bot.py 7"
    rulesrun simulate rules/pig.rules --bots exec:"python3 tools/example_bot.py",random --games 20

rulesrun writes one JSON message per line on its standard input (docs/protocol.md): a "state" each time its seat
must decide, and a last one when the game is over; it answers each decision with one "act" line on its standard
output. The optional argument seeds its choices (default 1), so the same games get the same answers. It stops when
its input ends. Only the standard library is used; write what you like on standard error, it is shown as it is.
"""

import json
import random
import sys


def answer(state, rng):
    """The act message for a state that asks this seat to decide."""
    option = rng.choice(state["decision"]["options"])
    return {"type": "act", "step": state["step"], "action": option["action"]}


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    for line in sys.stdin:  # one message per line, until rulesrun closes our input
        message = json.loads(line)
        if message["type"] != "state" or message["decision"] is None:
            continue  # the game is over (message["results"] says who won), or nothing to decide
        print(json.dumps(answer(message, rng)), flush=True)


if __name__ == "__main__":
    main()
