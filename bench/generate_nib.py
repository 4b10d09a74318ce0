#!/usr/bin/env python3
"""Generate a large, valid, deterministic NIBArchive for measuring archive-browse on nibs (issue 26).

The "wide" shape of generate.py in nib form: a root whose UINibTopLevelObjectsKey array lists N
NSDictionary records {id: NSNumber, name: NSString, score: NSNumber (double)}, the three key strings
shared; collections list their elements as UINibEncoderEmptyKey values after NSInlinedValue = true.

    python3 bench/generate_nib.py --target-bytes 100M -o /tmp/100m.nib
    python3 bench/generate_nib.py --records 1000 -o /tmp/small.nib
"""

import argparse
import random
import struct
import sys


def varint(v):
    out = bytearray()
    while True:
        out.append(v & 0x7F)
        v >>= 7
        if not v:
            break
    out[-1] |= 0x80
    return bytes(out)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--records", type=int)
    p.add_argument("--target-bytes")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("-o", required=True)
    a = p.parse_args()
    records = a.records
    if records is None:
        t = a.target_bytes or "1M"
        mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(t[-1].upper(), 1)
        records = int(float(t.rstrip("KMGkmg")) * mult) // 68
    rng = random.Random(a.seed)
    keys = ["UINibTopLevelObjectsKey", "NSInlinedValue", "UINibEncoderEmptyKey", "NS.bytes", "NS.intval", "NS.dblval"]
    K = {k: i for i, k in enumerate(keys)}
    classes = ["NSObject", "NSArray", "NSString", "NSDictionary", "NSNumber"]
    C = {c: i for i, c in enumerate(classes)}
    objects = []  # (class, first, count)
    values = bytearray()
    nvalues = 0

    def obj(cls, vals):
        nonlocal nvalues, values
        objects.append((C[cls], nvalues, len(vals)))
        for v in vals:
            values += v
            nvalues += 1

    def ref(key, i):
        return varint(K[key]) + bytes([10]) + struct.pack("<I", i)

    def data(key, b):
        return varint(K[key]) + bytes([8]) + varint(len(b)) + b

    # ids: 0 root, 1 array, 2..4 key strings, then 4 objects per record
    first_record = 5
    obj("NSObject", [ref("UINibTopLevelObjectsKey", 1)])
    obj("NSArray", [varint(K["NSInlinedValue"]) + bytes([5])] + [ref("UINibEncoderEmptyKey", first_record + 4 * r) for r in range(records)])
    for name in ("id", "name", "score"):
        obj("NSString", [data("NS.bytes", name.encode())])
    for r in range(records):
        d = first_record + 4 * r
        obj("NSDictionary", [varint(K["NSInlinedValue"]) + bytes([5]),
                             ref("UINibEncoderEmptyKey", 2), ref("UINibEncoderEmptyKey", d + 1),
                             ref("UINibEncoderEmptyKey", 3), ref("UINibEncoderEmptyKey", d + 2),
                             ref("UINibEncoderEmptyKey", 4), ref("UINibEncoderEmptyKey", d + 3)])
        obj("NSNumber", [varint(K["NS.intval"]) + bytes([3]) + struct.pack("<q", r)])
        obj("NSString", [data("NS.bytes", ("record %d %08x" % (r, rng.getrandbits(32))).encode())])
        obj("NSNumber", [varint(K["NS.dblval"]) + bytes([7]) + struct.pack("<d", rng.random())])
    out = bytearray(b"NIBArchive" + struct.pack("<II", 1, 10) + bytes(32))
    tables = []
    tables.append((len(objects), len(out)))
    for c, f, n in objects:
        out += varint(c) + varint(f) + varint(n)
    tables.append((len(keys), len(out)))
    for k in keys:
        out += varint(len(k)) + k.encode()
    tables.append((nvalues, len(out)))
    out += values
    tables.append((len(classes), len(out)))
    for c in classes:
        out += varint(len(c) + 1) + varint(0) + c.encode() + b"\0"
    for i, (count, offset) in enumerate(tables):
        out[18 + 8 * i:26 + 8 * i] = struct.pack("<II", count, offset)
    with open(a.o, "wb") as f:
        f.write(out)
    print("%s: %d records, %d objects, %d values, %d bytes" % (a.o, records, len(objects), nvalues, len(out)), file=sys.stderr)


if __name__ == "__main__":
    main()
