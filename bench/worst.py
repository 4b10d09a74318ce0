#!/usr/bin/env python3
"""Generate worst-case inputs for the memory measurement of issue 37 item 2 (bench/worst.sh).

Each case is a file whose shape pushes one decoder to its largest in-memory result per input byte:

    prose-brace    '{' then prose (a text file that opens an OpenStep dictionary and never closes it)
    bplist-badrefs keyed archive (binary plist) whose array holds N UIDs past the end of $objects
    bplist-onebyte binary plist: an array of N distinct one-byte objects (true)
    ts-classes     typedstream: N objects, each with its class record written out again (TAG_NEW)
    nib-values     NIBArchive: one object with N values
    ib3-unknown    IB3 XML archive (version 7.10) whose <data> holds N unknown elements
    deep-xml       XML plist, D nested <array>
    deep-openstep  OpenStep plist, D nested '('
    deep-bplist    binary plist, D nested one-element arrays
    deep-ib3       IB3 XML archive, D nested <object class="NSMutableArray">

    python3 bench/worst.py --case prose-brace --bytes 200M -o /tmp/w/prose-200m.txt
    python3 bench/worst.py --case bplist-onebyte --count 1000000 -o /tmp/w/onebyte.bplist
    python3 bench/worst.py --case deep-xml --depth 100000 -o /tmp/w/deep.plist
"""

import argparse
import os
import plistlib
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import TypedstreamWriter, TAG_NEW, TAG_NIL  # noqa: E402
from generate_nib import varint  # noqa: E402

PROSE = (b"It was the best of times, it was the worst of times, it was the age of wisdom, "
         b"it was the age of foolishness; the archive opened a brace and then simply kept talking. ")
IB3_HEAD = (b'<?xml version="1.0" encoding="UTF-8"?>\n'
            b'<archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="7.10">\n<data>\n')
IB3_TAIL = b"</data>\n</archive>\n"


def parse_size(text):
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1].upper(), 1)
    return int(float(text.rstrip("KMGkmg")) * mult)


def prose_brace(f, size):
    f.write(b"{")
    chunk = PROSE * ((1 << 20) // len(PROSE) + 1)
    left = size - 1
    while left > 0:
        part = chunk[:left]
        f.write(part)
        left -= len(part)


def bplist_badrefs(f, count):
    refs = [plistlib.UID(2_000_000_000 + i) for i in range(count)]
    top = {
        "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": plistlib.UID(1)},
        "$objects": ["$null", {"$class": plistlib.UID(2), "NS.objects": refs},
                     {"$classname": "NSArray", "$classes": ["NSArray", "NSObject"]}],
    }
    plistlib.dump(top, f, fmt=plistlib.FMT_BINARY, sort_keys=False)


def int_object(n):
    return bytes([0x13]) + struct.pack(">Q", n)


def write_bplist(f, objects, top=0):
    """objects: list of encoded object bytes (refs already 3 bytes wide); writes header, offsets, trailer."""
    offsets = []
    pos = 8
    f.write(b"bplist00")
    for o in objects:
        offsets.append(pos)
        f.write(o)
        pos += len(o)
    table = pos
    f.write(b"".join(struct.pack(">I", off) for off in offsets))
    f.write(bytes(6) + bytes([4, 3]) + struct.pack(">QQQ", len(objects), top, table))


def array_object(refs):
    head = bytes([0xA0 | len(refs)]) if len(refs) < 15 else bytes([0xAF]) + int_object(len(refs))
    return head + b"".join(r.to_bytes(3, "big") for r in refs)


def bplist_onebyte(f, count):
    write_bplist(f, [array_object(list(range(1, count + 1)))] + [b"\x09"] * count)


def deep_bplist(f, depth):
    write_bplist(f, [array_object([i + 1]) for i in range(depth)] + [array_object([])])


def ts_classes(f, count):
    w = TypedstreamWriter(f)
    w.shared_string("@")
    w.buf.append(TAG_NEW)
    w.objects += 1
    w.buf.append(TAG_NEW)  # NSMutableArray class record
    w.shared_string("NSMutableArray")
    w.int_signed(0)
    w.objects += 1
    w.buf.append(TAG_NIL)
    w.shared_string("i")
    w.int_signed(count)
    for _ in range(count):
        w.shared_string("@")
        w.classes = {}  # forget the classes: each object writes its class record again
        w.begin_object([("NSObject", 0)])
        w.end_object()
        w.flush()
    w.end_object()
    w.flush(force=True)


def nib_values(f, count):
    out = bytearray(b"NIBArchive" + struct.pack("<II", 1, 10) + bytes(32))
    tables = [(1, len(out))]
    out += bytes([0x80, 0x80]) + varint(count)  # class 0, first value 0, count
    tables.append((1, len(out)))
    out += varint(3) + b"key"
    tables.append((count, len(out)))
    out += b"\x80\x04" * count  # key 0, type 4 (true)
    tables.append((1, len(out)))
    out += varint(9) + varint(0) + b"NSObject\0"
    for i, (n, offset) in enumerate(tables):
        out[18 + 8 * i:26 + 8 * i] = struct.pack("<II", n, offset)
    f.write(out)


def ib3_unknown(f, count):
    f.write(IB3_HEAD)
    for i in range(0, count, 10000):
        f.write(b"".join(b'<unknown%d a="x">t</unknown%d>\n' % (j, j) for j in range(i, min(count, i + 10000))))
    f.write(IB3_TAIL)


def deep_xml(f, depth):
    f.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n')
    f.write(b"<array>" * depth + b"</array>" * depth)
    f.write(b"\n</plist>\n")


def deep_openstep(f, depth):
    f.write(b"(" * depth + b")" * depth + b"\n")


def deep_ib3(f, depth):
    f.write(IB3_HEAD)
    f.write(b'<object class="NSMutableArray" key="NS.object.0">' * depth)
    f.write(b"</object>" * depth + b"\n")
    f.write(IB3_TAIL)


CASES = {
    "prose-brace": ("bytes", prose_brace), "bplist-badrefs": ("count", bplist_badrefs),
    "bplist-onebyte": ("count", bplist_onebyte), "ts-classes": ("count", ts_classes),
    "nib-values": ("count", nib_values), "ib3-unknown": ("count", ib3_unknown),
    "deep-xml": ("depth", deep_xml), "deep-openstep": ("depth", deep_openstep),
    "deep-bplist": ("depth", deep_bplist), "deep-ib3": ("depth", deep_ib3),
}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--case", required=True, choices=sorted(CASES))
    p.add_argument("--bytes", default="200M", help="size for prose-brace (e.g. 1M, 200M)")
    p.add_argument("--count", type=int, default=1_000_000)
    p.add_argument("--depth", type=int, default=100_000)
    p.add_argument("-o", required=True)
    a = p.parse_args()
    kind, fn = CASES[a.case]
    arg = {"bytes": parse_size(a.bytes), "count": a.count, "depth": a.depth}[kind]
    with open(a.o, "wb") as f:
        fn(f, arg)
    print("%s: %s %s=%d, %d bytes" % (a.o, a.case, kind, arg, os.path.getsize(a.o)), file=sys.stderr)


if __name__ == "__main__":
    main()
