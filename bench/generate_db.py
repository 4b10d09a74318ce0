#!/usr/bin/env python3
"""A database of N keyed archives for the benchmark's source row (issue 38): table
message(ROWID, date, text, attributedBody) whose attributedBody is an NSKeyedArchiver binary plist
(an NSDictionary of a string and a number, as small message metadata is), one per row.

    generate_db.py N OUT.db
"""
import plistlib
import sqlite3
import sys


def archive(i):
    uid = plistlib.UID
    objects = [
        "$null",
        {"NS.keys": [uid(2), uid(3)], "NS.objects": [uid(4), uid(5)], "$class": uid(6)},
        "text", "count", f"message {i}", i,
        {"$classname": "NSDictionary", "$classes": ["NSDictionary", "NSObject"]},
    ]
    return plistlib.dumps({"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": uid(1)},
                           "$objects": objects}, fmt=plistlib.FMT_BINARY)


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    db = sqlite3.connect(out)
    db.execute("CREATE TABLE message (ROWID INTEGER PRIMARY KEY, date INTEGER, text TEXT, attributedBody BLOB)")
    db.executemany("INSERT INTO message VALUES (?, ?, ?, ?)",
                   ((i, 700_000_000 + i, f"message {i}", archive(i)) for i in range(1, n + 1)))
    db.commit()
    db.close()
    print(out)


if __name__ == "__main__":
    main()
