#!/usr/bin/env python3
"""Checks the win vectors of a haifu vector suite (docs/VECTORS.md) with the PyPI `mahjong`
package: a consumer outside Rust, to show the form needs nothing of haifu.

    pip install mahjong
    haifu vectors LOGS --kinds win -o wins.jsonl
    python3 docs/vectors_check.py wins.jsonl

For each win it scores the hand from the vector's fields alone and compares han, fu and the
hand's points (honba and sticks left out) with the vector's `value`. Rule sets differ between
scorers in corners (the mahjong package has its own options); the mismatches it prints are
where the two disagree. Not part of the test run.
"""

import json
import re
import sys

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
MELDS = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "kakan": Meld.SHOUMINKAN, "ankan": Meld.KAN}


class Pool:
    """Hands out the 136-array ids of one hand's tiles, each physical copy once: `0` is the
    red five (copy 0 of its five), a plain 5 takes copies 1-3 first."""

    def __init__(self):
        self.used = set()

    def tiles(self, text):
        out = []
        for digits, suit in re.findall(r"([0-9]+)([mpsz])", text):
            for d in digits:
                kind = "mpsz".index(suit) * 9 + (5 if d == "0" else int(d)) - 1
                copies = [0] if d == "0" else ([1, 2, 3, 0] if d == "5" and suit != "z" else [0, 1, 2, 3])
                tile = next(kind * 4 + c for c in copies if kind * 4 + c not in self.used)
                self.used.add(tile)
                out.append(tile)
        return out


def meld(text, pool):
    """A meld string of the vectors (`pon 5p<C+05p`, `ankan 9p`, …) as a Meld."""
    verb, rest = text.split(" ", 1)
    if verb == "kita":
        return None
    if verb in ("ankan", "kakan", "kan"):
        kind = rest.split("<")[0]
        kind = ("5" if kind[0] == "0" else kind[0]) + kind[1]
        return Meld(MELDS[verb], sorted(pool.tiles(kind[0] * 4 + kind[1])), opened=(verb != "ankan"))
    called, hand = rest.split("+")
    return Meld(MELDS[verb], sorted(pool.tiles(called.split("<")[0]) + pool.tiles(hand)), opened=True)


def check(v, calculator):
    situation = set(v["situation"])
    config = HandConfig(
        is_tsumo=v["method"] == "tsumo",
        is_riichi=v["riichi"] != "none",
        is_daburu_riichi=v["riichi"] == "double-riichi",
        is_ippatsu="ippatsu" in situation,
        is_rinshan="rinshan" in situation,
        is_chankan="chankan" in situation,
        is_haitei="haitei" in situation,
        is_houtei="houtei" in situation,
        is_tenhou="tenhou" in situation,
        is_chiihou="chiihou" in situation,
        player_wind=WINDS[v["seat_wind"]],
        round_wind=WINDS[v["round_wind"]],
        options=OptionalRules(has_open_tanyao=True, has_aka_dora=True),
    )
    pool = Pool()
    winning = pool.tiles(v["winning_tile"])[0]
    concealed = pool.tiles(v["hand"])
    melds = [m for m in (meld(text, pool) for text in v["melds"]) if m is not None]
    hand = concealed + [winning] + [t for m in melds for t in m.tiles]
    # Indicators are other copies: a pool of their own.
    indicators = Pool().tiles("".join(v["dora_indicators"]))
    if v["riichi"] != "none":
        indicators += Pool().tiles("".join(v["ura_indicators"]))
    result = calculator.estimate_hand_value(hand, winning, melds=melds, dora_indicators=indicators, config=config)
    if result.error:
        return f"not a win: {result.error}"
    value = v["value"]
    points = result.cost["total"] if v["method"] == "tsumo" else result.cost["main"]
    theirs = (result.han, result.fu, points)
    ours = (value["han"], value["fu"], value["points"])
    if value["yakuman"]:
        theirs, ours = theirs[2:], ours[2:]
    return None if theirs == ours else f"mahjong says {theirs}, the vector {ours}"


def main(path):
    calculator = HandCalculator()
    wins = mismatches = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            v = json.loads(line)
            if v.get("v") != 1:
                sys.exit(f"{path}: vector version {v.get('v')} is not 1")
            if v["kind"] != "win" or v["kita"] or v["players"] != 4:
                continue
            wins += 1
            problem = check(v, calculator)
            if problem:
                mismatches += 1
                if mismatches <= 20:
                    print(f"{v['game']} event {v['event']}: {problem}")
    print(f"{wins} wins checked: {mismatches} differ")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
