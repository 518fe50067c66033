#!/usr/bin/env python3
"""An independent reading of the published function of sealed dice (crates/room/src/dice_seed.rs's note),
written from its words alone with Python's hashlib and hmac: it checks a room's log (JSON entries) and prints
what `fivedice verify --log FILE` prints, so the two can be compared.

Usage: verify_dice.py FILE"""
import hashlib
import hmac
import json
import struct
import sys


def faces(seed, seq):
    block = 0
    while True:
        message = b"fivedice dice v1" + struct.pack(">Q", seq) + struct.pack(">I", block)
        for byte in hmac.new(seed, message, hashlib.sha256).digest():
            if byte < 252:
                yield byte % 6 + 1
        block += 1


def check(entries):
    events = [(entry["seq"], entry["event"]) for entry in entries]
    commitment = next((e["started"].get("dice_commitment") for _, e in events if "started" in e), None)
    if commitment is None:
        return {"dice": "not_sealed"}
    reveal = next(((seq, e["dice_revealed"]["seed"]) for seq, e in events if "dice_revealed" in e), None)
    if reveal is None:
        return {"dice": "not_revealed"}
    reveal_seq, seed_hex = reveal
    seed = bytes.fromhex(seed_hex)
    if hashlib.sha256(b"fivedice seed v1" + seed).hexdigest() != commitment:
        return {"dice": "failed", "seq": reveal_seq}
    rolls, held, dice = 0, [False] * 6, None
    for seq, event in events:
        if "started" in event:
            drawn = faces(seed, seq)
            rounds = event["started"]["first_player_roll"]["rounds"]
            if any(face != next(drawn) for round_ in rounds for _, face in round_):
                return {"dice": "failed", "seq": seq}
            rolls += 1
        play = event.get("played", {}).get("play")
        if not isinstance(play, dict):
            # A play without a value (an undo): the log being checked has none before its reveal.
            continue
        if "roll" in play:
            drawn = faces(seed, seq)
            previous = dice or [1] * len(play["roll"])
            expected = [previous[i] if held[i] else next(drawn) for i in range(len(play["roll"]))]
            if expected != play["roll"]:
                return {"dice": "failed", "seq": seq}
            dice, rolls = play["roll"], rolls + 1
        elif "hold" in play:
            held[play["hold"]] = True
        elif "release" in play:
            held[play["release"]] = False
        else:
            # A box written (or a bonus): the next turn starts with nothing held and no dice.
            held, dice = [False] * 6, None
    return {"dice": "checked", "rolls": rolls}


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as file:
        loaded = json.load(file)
    print(json.dumps(check(loaded if isinstance(loaded, list) else loaded["entries"]), separators=(",", ":")))
