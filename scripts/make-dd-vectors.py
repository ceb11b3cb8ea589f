#!/usr/bin/env python3
"""Makes the bridge double-dummy test vectors of troef-bots (bots/tests/data/dd-vectors.json).

The oracle is Bo Haglund's DDS, through PyPI's `endplay` package (which bundles it):

    python3 -m venv /tmp/dd && /tmp/dd/bin/pip install endplay
    /tmp/dd/bin/python scripts/make-dd-vectors.py > bots/tests/data/dd-vectors.json

The output holds only deals and DDS's answers (no DDS code):

* `tables`: `--deals` random deals (a seeded shuffle of the 52 cards, 13 each to N, E, S, W)
  with their 20-cell double-dummy tables: for each declarer N E S W and strain C D H S NT, the
  tricks the declarer's side takes with best play when the declarer's left-hand opponent leads,
  play running clockwise.
* `positions`: `--positions` mid-play positions: a random deal, strain and first leader, then a
  random number (1..40) of random legal cards played; for the player to play, every legal card
  with the tricks his side takes from there on (the trick in progress included), as DDS's
  SolveBoard reports them.

The same seed gives the same file. The committed set, `dd-vectors-v2`, is
`--deals 40 --positions 2000 --seed 2026` (its tables and first 200 positions are the earlier
`dd-vectors-v1`; more tables would make the test too slow, while the many cheap mid-play
positions are what caught the solver's relevance bugs).
"""

import argparse
import json
import random
import sys

from endplay.dds import calc_dd_table, solve_board
from endplay.types import Deal, Denom, Player

RANKS = "AKQJT98765432"
SUITS = "SHDC"  # PBN order within a hand
SEATS = "NESW"
STRAINS = [("C", Denom.clubs), ("D", Denom.diamonds), ("H", Denom.hearts), ("S", Denom.spades), ("NT", Denom.nt)]
PLAYERS = [Player.north, Player.east, Player.south, Player.west]


def random_pbn(rng):
    deck = [rank + suit for suit in SUITS for rank in RANKS]
    rng.shuffle(deck)
    hands = []
    for seat in range(4):
        cards = deck[13 * seat : 13 * seat + 13]
        groups = []
        for suit in SUITS:
            groups.append("".join(r for r in RANKS if r + suit in cards))
        hands.append(".".join(groups))
    return "N:" + " ".join(hands)


def card_code(card):
    """endplay card -> our two-character code (rank then suit), e.g. TH."""
    text = str(card)  # e.g. '♥Q'
    suit = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[text[0]]
    rank = text[1:].upper().replace("10", "T")
    return rank + suit


def table_of(pbn):
    table = calc_dd_table(Deal(pbn))
    out = {}
    for seat, player in zip(SEATS, PLAYERS):
        out[seat] = {name: int(table[denom, player]) for name, denom in STRAINS}
    return out


def position_of(rng):
    pbn = random_pbn(rng)
    strain_name, denom = rng.choice(STRAINS)
    first = rng.randrange(4)
    deal = Deal(pbn)
    deal.trump = denom
    deal.first = PLAYERS[first]
    played = []
    for _ in range(rng.randint(1, 40)):
        moves = list(deal.legal_moves())
        card = rng.choice(moves)
        played.append(card_code(card))
        deal.play(card)
    solved = solve_board(deal)
    scores = {card_code(card): int(tricks) for card, tricks in solved}
    return {"deal": pbn, "strain": strain_name, "leader": SEATS[first], "played": played, "scores": scores}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tables = []
    for _ in range(args.deals):
        pbn = random_pbn(rng)
        tables.append({"deal": pbn, "table": table_of(pbn)})
    positions = [position_of(rng) for _ in range(args.positions)]
    # One deal or position per line, so that a diff shows what changed.
    out = sys.stdout
    out.write('{"name": "dd-vectors-v2", "oracle": "DDS (Bo Haglund) through endplay", ')
    out.write('"seed": %d,\n"tables": [\n' % args.seed)
    out.write(",\n".join(json.dumps(item) for item in tables))
    out.write('\n],\n"positions": [\n')
    out.write(",\n".join(json.dumps(item) for item in positions))
    out.write("\n]}\n")


if __name__ == "__main__":
    main()
