#!/usr/bin/env python3
"""Print what the PyPI `mac_alias` package reads from bookmark data files, one JSON object a line.

Used by the differential test (Tests/ArchiveModelTests/BookmarkDifferentialTests.swift).

Usage: bookmark_dump.py FILE...

For each file: {"file": FILE, "tocs": [[id, ["0x1004", ...keys as hex or "s:<string key>"]], ...],
"path": [...], "fileIDs": [...], "volumeName": ..., "volumePath": ..., "volumeUUID": ...,
"volumeSize": ..., "creationDate": <seconds since 2001>, "volumeCreationDate": ...} with the keys
it has, or {"file": FILE, "error": "..."} when the package refuses the data. mac_alias reads only
the 48-byte header; a Finder alias file's 56-byte header ('book', 'mark') is rewritten to the
48-byte form first (the data area, where every offset points, is unchanged), and the output says
so with "rewrittenHeader": true. Exits with status 3 when the package is missing
(pip install mac_alias).
"""

import contextlib
import io
import json
import struct
import sys

try:
    from mac_alias import Bookmark
    from mac_alias.utils import osx_epoch
except ImportError:
    print("mac_alias module not found (pip install mac_alias)", file=sys.stderr)
    sys.exit(3)

KEYS = {
    "path": 0x1004,
    "fileIDs": 0x1005,
    "creationDate": 0x1040,
    "volumePath": 0x2002,
    "volumeName": 0x2010,
    "volumeUUID": 0x2011,
    "volumeSize": 0x2012,
    "volumeCreationDate": 0x2013,
}


def standard_header(data):
    if data[:16] != b"book\0\0\0\0mark\0\0\0\0":
        return data, False
    offset = struct.unpack("<I", data[20:24])[0]
    body = data[offset:]
    return b"book" + struct.pack("<III", 48 + len(body), 0x10040000, 48) + b"\0" * 32 + body, True


def plain(value):
    if hasattr(value, "tzinfo"):
        return (value - osx_epoch).total_seconds()
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def dump(path):
    with open(path, "rb") as f:
        data, rewritten = standard_header(f.read())
    out = {"file": path}
    if rewritten:
        out["rewrittenHeader"] = True
    try:
        # The package prints unknown item types to standard output.
        with contextlib.redirect_stdout(io.StringIO()):
            bookmark = Bookmark.from_bytes(data)
    except Exception as error:  # noqa: BLE001 - any refusal is reported, not raised
        out["error"] = "%s: %s" % (type(error).__name__, error)
        return out
    out["tocs"] = [
        [tid, [("0x%04x" % k) if isinstance(k, int) else "s:" + str(k) for k in toc]]
        for tid, toc in bookmark.tocs
    ]
    for name, key in KEYS.items():
        value = bookmark.get(key)
        if value is not None:
            out[name] = plain(value)
    return out


def main():
    for path in sys.argv[1:]:
        print(json.dumps(dump(path)))


if __name__ == "__main__":
    main()
