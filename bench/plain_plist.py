#!/usr/bin/env python3
"""Writes a plain (not keyed) property list of N small dictionaries for the conversion benchmark
(issue 39): the shape `plutil -convert` users meet, every value kind a plist has.

    python3 bench/plain_plist.py --records 200000 -o /tmp/plain.bplist          # ~20 MB bplist00
    python3 bench/plain_plist.py --records 200000 --format xml -o /tmp/plain.plist

Each record: {id: int, name: str, score: real, active: bool, created: date, tags: [str, str],
blob: 16 bytes of data, note: str with characters XML escapes (<, &) in one record of ten}.
Deterministic (no randomness): the same N gives the same bytes.
"""
import argparse
import datetime
import plistlib
import sys


def records(n):
    base = datetime.datetime(2001, 1, 1)
    out = []
    for i in range(n):
        rec = {
            "id": i * 7919,
            "name": f"record {i:07d} \u00e9t\u00e9",
            "score": i / 7.0,
            "active": i % 3 == 0,
            "created": base + datetime.timedelta(seconds=i * 97),
            "tags": [f"tag{i % 50}", f"group {i // 1000}"],
            "blob": (i.to_bytes(4, "big") * 4),
        }
        if i % 10 == 0:
            rec["note"] = f"a < b & c > d, line {i}"
        out.append(rec)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--records", type=int, default=200000)
    p.add_argument("--format", choices=["binary", "xml"], default="binary")
    p.add_argument("-o", "--output", required=True)
    a = p.parse_args()
    fmt = plistlib.FMT_BINARY if a.format == "binary" else plistlib.FMT_XML
    with open(a.output, "wb") as f:
        plistlib.dump(records(a.records), f, fmt=fmt, sort_keys=False)
    print(f"{a.output}: {a.records} records", file=sys.stderr)


if __name__ == "__main__":
    main()
