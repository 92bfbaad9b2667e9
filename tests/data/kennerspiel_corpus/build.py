"""Pack records of the kennerspiel corpus tool into one compact test file.

Usage (from a copy of ``tools/kennerspiel-corpus`` next to the rules data,
after ``node corpus.mjs --seed N --out DIR`` for each seed)::

    python tests/data/kennerspiel_corpus/build.py OUT.jsonl.gz DIR [DIR ...]

Each line of the gzip'd JSON-lines file is one record trimmed to what
``tests/ora/test_kennerspiel_corpus.py`` reads (the same fields as the files
in ``tests/data/kennerspiel/``): ``id`` (the seed folder and the tool's id),
``mode``, ``moves``, ``observations`` (``after_moves``, ``kind``),
``reference.final_scores`` and ``reference.checkpoints`` (the wheel, and
goods and Wonders per player, when each settlement phase begins).
"""
from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path


def compact(rec: dict, prefix: str) -> dict:
    ref = rec["expected"]["reference_engine"]
    return {
        "id": f"{prefix}/{rec['id']}",
        "mode": rec["mode"],
        "moves": rec["moves"],
        "observations": [{"after_moves": o["after_moves"], "kind": o["kind"]} for o in rec["observations"]],
        "reference": {
            "final_scores": [{k: s[k] for k in ("goods", "economic", "settlements", "total")}
                             for s in ref["final"]["scores"]],
            "checkpoints": [{"after_moves": c["after_moves"], "why": c["why"], "rondel": c["rondel"],
                             "players": [{"color": p["color"], "goods": p["goods"], "wonders": p["wonders"]}
                                         for p in c["players"]]}
                            for c in ref["checkpoints"]],
        },
    }


def main(out: str, folders: list[str]) -> None:
    records = []
    for folder in folders:
        for path in sorted(Path(folder).glob("random-*.json")):
            records.append(compact(json.loads(path.read_text()), Path(folder).name))
    with gzip.open(out, "wt", encoding="utf-8", compresslevel=9) as f:
        for rec in records:
            f.write(json.dumps(rec, separators=(",", ":")) + "\n")
    print(f"{len(records)} records -> {out}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
