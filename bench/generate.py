#!/usr/bin/env python3
"""Generate large, valid, deterministic Cocoa archives for benchmarking archive-browse.

Keyed archives (NSKeyedArchiver layout: $archiver, $version 100000, $top {root}, $objects with
"$null" first) in several shapes, written as binary plists or XML plists; and typedstream files
(NSArchiver format, little-endian "streamtyped", system version 1000).

    python3 bench/generate.py --shape wide --objects 1200007 --format binary -o /tmp/x.bplist
    python3 bench/generate.py --shape wide --target-bytes 100M --format binary --writer stream -o /tmp/100m.bplist
    python3 bench/generate.py --format typedstream --objects 1000000 -o /tmp/x.typedstream
    python3 bench/generate.py --self-test

Shapes (the number of $objects entries is --objects, rounded to whole records; the exact count is
printed on stderr):
  wide    NSArray of NSDictionary {id: int, name: string, score: real}; 4 entries per dictionary
          plus 7 (the TOOLCHAIN.md shape: --objects 1200007 = 300,000 dictionaries)
  deep    a tree of custom `Node` objects {name, value, parent, children}; every node points back at
          its parent (cycles). Nodes hang in chains of --chain nodes, so the tree is deep.
  shared  NSArray of NSDictionary records whose keys and values are all drawn (skewed) from a pool of
          shared strings, so a few strings have hundreds of thousands of referrers.
  mixed   NSMutableDictionary root holding an NSMutableArray of records of varied classes:
          NSMutableDictionary, NSDate, NSData, NSMutableString, NSURL, NSSet (of shared strings),
          Node pairs with parent back-references (cycles), plain strings.
  flat    NSArray of N plain strings and integers (one entry each): a 1M-element array for the
          redraw benchmark.

Writers for --format binary:
  plistlib  Python's plistlib with plistlib.UID (whole archive in memory; ~1 GB RSS at 1.2M objects).
            CF-like: top object 0, pre-order, equal scalars uniqued.
  stream    own streaming bplist00 writer: top object 0, minimal ref/offset sizes, UIDs and key
            strings uniqued, other scalars not uniqued; memory ~ 30 bytes per object.
  auto      (default) plistlib up to 2,000,000 objects, stream above.
XML is always written by our own streaming writer (plistlib cannot write UIDs in XML): CF style,
tab indentation, sorted keys, UIDs as <dict><key>CF$UID</key><integer>N</integer></dict>.

Everything is deterministic for a given --seed (default 1).
"""

import argparse
import base64
import math
import os
import plistlib
import random
import struct
import sys
import time
from array import array

UID = plistlib.UID


class Refs:
    """A list of UIDs (NS.objects/NS.keys) kept compact: a range or an array of $objects indices."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __iter__(self):
        return iter(self.items)


def class_dict(name, chain):
    return {"$classname": name, "$classes": [name] + list(chain)}


# ---------------------------------------------------------------------------------------------
# Shapes. Each has .count (number of $objects entries), .root (index of the root object),
# .cyclic, .describe(), and .entries() yielding the entries in index order. An entry is a
# str/int/float/bool/bytes, or a dict whose values are UID, int, float, bool, str, Refs, or a
# list of str ($classes).
# ---------------------------------------------------------------------------------------------


class Wide:
    """$objects: 0 $null, 1 root NSArray, 2 NSArray class, 3 NSDictionary class, 4-6 keys
    "id"/"name"/"score", then per dictionary j (at 7+4j): dict, int, string, real."""

    cyclic = False

    def __init__(self, objects, seed):
        self.n = max(1, round((objects - 7) / 4))
        self.count = 7 + 4 * self.n
        self.root = 1
        self.seed = seed

    def describe(self):
        return f"NSArray of {self.n} NSDictionary"

    def entries(self):
        rng = random.Random(self.seed)
        n = self.n
        yield "$null"
        yield {"$class": UID(2), "NS.objects": Refs(range(7, 7 + 4 * n, 4))}
        yield class_dict("NSArray", ["NSObject"])
        yield class_dict("NSDictionary", ["NSObject"])
        yield "id"
        yield "name"
        yield "score"
        keys = Refs(range(4, 7))
        cls = UID(3)
        first = ("Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Dennis")
        for j in range(n):
            base = 7 + 4 * j
            yield {"$class": cls, "NS.keys": keys, "NS.objects": Refs(range(base + 1, base + 4))}
            yield j
            yield f"{first[j % 10]} {j}"
            yield rng.random() * 100.0


class Deep:
    """A tree of Node objects with parent back-references. Node i: dict at 3+3i, its name string at
    4+3i, its children NSArray at 5+3i. Node i's parent is i-1, except every --chain'th node, which
    hangs from a random earlier node."""

    cyclic = True

    def __init__(self, objects, seed, chain):
        self.m = max(1, (objects - 3) // 3)
        self.count = 3 + 3 * self.m
        self.root = 3
        self.seed = seed
        self.chain = max(1, chain)
        rng = random.Random(seed)
        m = self.m
        parent = array("l", [-1]) * m
        depth = array("l", [0]) * m
        for i in range(1, m):
            p = i - 1 if i % self.chain else rng.randrange(i)
            parent[i] = p
            depth[i] = depth[p] + 1
        self.max_depth = max(depth) if m else 0
        # children in CSR form
        counts = array("l", [0]) * (m + 1)
        for i in range(1, m):
            counts[parent[i] + 1] += 1
        for i in range(m):
            counts[i + 1] += counts[i]
        fill = array("l", counts)
        kids = array("l", [0]) * max(0, m - 1)
        for i in range(1, m):
            p = parent[i]
            kids[fill[p]] = i
            fill[p] += 1
        self.parent, self.start, self.kids = parent, counts, kids

    def describe(self):
        return f"{self.m} Node objects, max depth {self.max_depth}, chains of {self.chain}, parent back-references"

    def entries(self):
        yield "$null"
        yield class_dict("Node", ["NSObject"])
        yield class_dict("NSArray", ["NSObject"])
        node_cls, arr_cls = UID(1), UID(2)
        parent, start, kids = self.parent, self.start, self.kids
        for i in range(self.m):
            base = 3 + 3 * i
            p = parent[i]
            yield {
                "$class": node_cls,
                "name": UID(base + 1),
                "value": (i * 7919) % 100003,
                "parent": UID(3 + 3 * p if p >= 0 else 0),
                "children": UID(base + 2),
            }
            yield f"node {i}"
            yield {"$class": arr_cls, "NS.objects": Refs(array("l", (3 + 3 * c for c in kids[start[i]:start[i + 1]])))}


class Shared:
    """0 $null, 1 root NSArray, 2 NSArray class, 3 NSDictionary class, 4.. S shared strings, then R
    records (one entry each): NSDictionary with 4 distinct keys from the first 8 shared strings and
    4 values drawn from the pool with a skewed (Zipf-like) distribution."""

    cyclic = False

    def __init__(self, objects, seed):
        self.s = max(16, objects // 50)
        self.r = max(1, objects - 4 - self.s)
        self.count = 4 + self.s + self.r
        self.root = 1
        self.seed = seed

    def describe(self):
        return f"NSArray of {self.r} NSDictionary over {self.s} shared strings"

    def entries(self):
        rng = random.Random(self.seed)
        s, r = self.s, self.r
        base = 4 + s
        yield "$null"
        yield {"$class": UID(2), "NS.objects": Refs(range(base, base + r))}
        yield class_dict("NSArray", ["NSObject"])
        yield class_dict("NSDictionary", ["NSObject"])
        words = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel")
        for k in range(s):
            yield words[k] if k < 8 else f"{words[k % 8]}-{k}"
        cls = UID(3)
        key_pool = list(range(4, 12))
        for _ in range(r):
            keys = rng.sample(key_pool, 4)
            keys.sort()
            vals = [4 + min(s - 1, int(s * rng.random() ** 4)) for _ in range(4)]
            yield {"$class": cls, "NS.keys": Refs(keys), "NS.objects": Refs(vals)}


class Mixed:
    """Root NSMutableDictionary {title, items, shared}; items is an NSMutableArray of records of
    eight kinds in turn (15 entries per 8 records); shared is an NSSet of the shared string pool."""

    cyclic = True
    CLASSES = [
        ("NSMutableDictionary", ["NSDictionary", "NSObject"]),  # 2
        ("NSMutableArray", ["NSArray", "NSObject"]),  # 3
        ("NSDate", ["NSObject"]),  # 4
        ("NSMutableString", ["NSString", "NSObject"]),  # 5
        ("NSURL", ["NSObject"]),  # 6
        ("NSSet", ["NSObject"]),  # 7
        ("Node", ["NSObject"]),  # 8
        ("NSArray", ["NSObject"]),  # 9
    ]
    KEYS = ["id", "name", "score", "title", "items", "shared"]  # 10..15
    SIZES = [4, 1, 1, 1, 2, 1, 4, 1]  # entries per record kind

    def __init__(self, objects, seed):
        self.fixed = 2 + len(self.CLASSES) + len(self.KEYS) + 1 + 2  # $null, root, classes, keys, title, items, set
        self.s = max(16, objects // 100)
        rest = max(8, objects - self.fixed - self.s)
        self.r = max(1, rest * 8 // 15)
        self.prefix = [0]
        for size in self.SIZES:
            self.prefix.append(self.prefix[-1] + size)
        self.count = self.fixed + self.s + self.head(self.r)
        self.root = 1
        self.seed = seed

    def head(self, j):
        """Offset of record j's first entry from the first record."""
        return (j // 8) * self.prefix[8] + self.prefix[j % 8]

    def describe(self):
        return f"NSMutableDictionary with an NSMutableArray of {self.r} mixed records and {self.s} shared strings"

    def entries(self):
        rng = random.Random(self.seed)
        n_cls, n_keys = len(self.CLASSES), len(self.KEYS)
        key0 = 2 + n_cls  # 10
        title = key0 + n_keys  # 16
        items = title + 1  # 17
        shared_set = items + 1  # 18
        pool = shared_set + 1  # 19
        rec0 = pool + self.s
        assert rec0 == self.fixed + self.s
        yield "$null"
        yield {"$class": UID(2), "NS.keys": Refs([key0 + 3, key0 + 4, key0 + 5]), "NS.objects": Refs([title, items, shared_set])}
        for name, chain in self.CLASSES:
            yield class_dict(name, chain)
        for k in self.KEYS:
            yield k
        yield "Benchmark archive (mixed shape)"
        yield {"$class": UID(3), "NS.objects": Refs(array("l", (rec0 + self.head(j) for j in range(self.r))))}
        yield {"$class": UID(7), "NS.objects": Refs(range(pool, pool + self.s))}
        for k in range(self.s):
            yield f"tag-{k:06d}"
        for j in range(self.r):
            at = rec0 + self.head(j)
            kind = j % 8
            if kind == 0:
                yield {"$class": UID(2), "NS.keys": Refs(range(key0, key0 + 3)), "NS.objects": Refs(range(at + 1, at + 4))}
                yield j
                yield f"record {j}"
                yield rng.random()
            elif kind == 1:
                yield {"$class": UID(4), "NS.time": 700000000.0 + rng.random() * 1e8}
            elif kind == 2:
                yield rng.getrandbits(8 * 32).to_bytes(32, "big")[: 8 + j % 25]
            elif kind == 3:
                yield {"$class": UID(5), "NS.string": f"mutable string {j} \u00e9\u00e8 \u65e5\u672c"}
            elif kind == 4:
                yield {"$class": UID(6), "NS.base": UID(0), "NS.relative": UID(at + 1)}
                yield f"https://example.com/item/{j}"
            elif kind == 5:
                picks = sorted({pool + int(self.s * rng.random() ** 3) for _ in range(3)})
                yield {"$class": UID(7), "NS.objects": Refs(picks)}
            elif kind == 6:
                # Node A (at) -> children NSArray (at+1) -> Node B (at+2) -> parent A: a cycle.
                yield {"$class": UID(8), "name": UID(pool + j % self.s), "value": j, "parent": UID(0), "children": UID(at + 1)}
                yield {"$class": UID(9), "NS.objects": Refs([at + 2])}
                yield {"$class": UID(8), "name": UID(at + 3), "value": -j, "parent": UID(at)}
                yield f"child of {j}"
            else:
                yield f"plain {j}"


class Flat:
    """0 $null, 1 root NSArray, 2 NSArray class, then N elements: strings and integers in turn."""

    cyclic = False

    def __init__(self, objects, seed):
        self.n = max(1, objects - 3)
        self.count = 3 + self.n
        self.root = 1

    def describe(self):
        return f"NSArray of {self.n} strings and integers"

    def entries(self):
        yield "$null"
        yield {"$class": UID(2), "NS.objects": Refs(range(3, 3 + self.n))}
        yield class_dict("NSArray", ["NSObject"])
        for j in range(self.n):
            yield f"element {j}" if j % 2 == 0 else j * 31


def make_shape(name, objects, seed, chain):
    if name == "wide":
        return Wide(objects, seed)
    if name == "deep":
        return Deep(objects, seed, chain)
    if name == "shared":
        return Shared(objects, seed)
    if name == "mixed":
        return Mixed(objects, seed)
    if name == "flat":
        return Flat(objects, seed)
    raise SystemExit(f"generate.py: unknown shape {name!r}")


# ---------------------------------------------------------------------------------------------
# Writers
# ---------------------------------------------------------------------------------------------


def write_plistlib(shape, path):
    """Build the archive in memory and let plistlib write it (binary)."""
    cache = {}

    def uid(k):
        u = cache.get(k)
        if u is None:
            u = cache[k] = UID(k)
        return u

    def conv(v):
        if isinstance(v, UID):
            return uid(v.data)
        if isinstance(v, Refs):
            return [uid(k) for k in v.items]
        return v

    objects = []
    for e in shape.entries():
        if isinstance(e, dict):
            e = {k: conv(v) for k, v in e.items()}
        objects.append(e)
    assert len(objects) == shape.count, (len(objects), shape.count)
    top = {"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": uid(shape.root)}, "$objects": objects}
    with open(path, "wb") as f:
        plistlib.dump(top, f, fmt=plistlib.FMT_BINARY, sort_keys=True)


def _int_bytes_needed(n):
    """Smallest of 1, 2, 4, 8 bytes that can hold the unsigned value n."""
    for size in (1, 2, 4, 8):
        if n < 1 << (8 * size):
            return size
    raise ValueError(n)


class StreamBplistWriter:
    """bplist00 writer that never holds the archive: objects are written as soon as their
    children are; index 0 (the top dict) is written last; the offset table is kept as an array."""

    def __init__(self, f, ref_size, dry_run=False):
        self.f = f
        self.dry = dry_run
        self.ref_size = ref_size
        self.buf = bytearray()
        self.pos = 8
        self.offsets = array("Q", [0])  # slot 0 reserved for the top dict
        self.count = 1
        self.strings = {}  # uniqued key/class strings -> object index
        if not dry_run:
            f.write(b"bplist00")

    def _emit(self, data):
        idx = self.count
        self.count += 1
        if not self.dry:
            self.offsets.append(self.pos)
            self.buf += data
            if len(self.buf) >= 1 << 20:
                self.f.write(self.buf)
                self.buf = bytearray()
        self.pos += len(data)
        return idx

    @staticmethod
    def _marker(kind, n):
        if n < 15:
            return bytes([kind | n])
        size = _int_bytes_needed(n)
        return bytes([kind | 0xF, 0x10 | {1: 0, 2: 1, 4: 2, 8: 3}[size]]) + n.to_bytes(size, "big")

    @staticmethod
    def _scalar_bytes(v):
        if v is True:
            return b"\x09"
        if v is False:
            return b"\x08"
        if isinstance(v, int):
            if v < 0:
                return b"\x13" + struct.pack(">q", v)
            size = _int_bytes_needed(v)
            if size == 8 and v >= 1 << 63:
                return b"\x14" + v.to_bytes(16, "big")
            return bytes([0x10 | {1: 0, 2: 1, 4: 2, 8: 3}[size]]) + v.to_bytes(size, "big")
        if isinstance(v, float):
            return b"\x23" + struct.pack(">d", v)
        if isinstance(v, str):
            if v.isascii():
                raw = v.encode("ascii")
                return StreamBplistWriter._marker(0x50, len(raw)) + raw
            raw = v.encode("utf-16-be")
            return StreamBplistWriter._marker(0x60, len(raw) // 2) + raw
        if isinstance(v, (bytes, bytearray)):
            return StreamBplistWriter._marker(0x40, len(v)) + bytes(v)
        if isinstance(v, UID):
            size = _int_bytes_needed(v.data)
            return bytes([0x80 | (size - 1)]) + v.data.to_bytes(size, "big")
        raise TypeError(f"cannot write {type(v).__name__}")

    def scalar(self, v):
        return self._emit(self._scalar_bytes(v))

    def string_uniqued(self, s):
        idx = self.strings.get(s)
        if idx is None:
            idx = self.strings[s] = self.scalar(s)
        return idx

    def refs(self, idxs):
        a = array({1: "B", 2: "H", 4: "I", 8: "Q"}[self.ref_size], idxs)
        if sys.byteorder == "little":
            a.byteswap()
        return a.tobytes()

    def array(self, idxs):
        idxs = list(idxs)
        return self._emit(self._marker(0xA0, len(idxs)) + self.refs(idxs))

    def dict(self, key_idxs, val_idxs):
        return self._emit(self._marker(0xD0, len(key_idxs)) + self.refs(key_idxs) + self.refs(val_idxs))

    def finish(self, top_key_idxs, top_val_idxs):
        """Write the top dict as object 0, the offset table and the trailer. Returns file size."""
        top = self._marker(0xD0, len(top_key_idxs)) + self.refs(top_key_idxs) + self.refs(top_val_idxs)
        top_offset = self.pos
        self.pos += len(top)
        if self.dry:
            return None
        self.offsets[0] = top_offset
        self.buf += top
        self.f.write(self.buf)
        self.buf = bytearray()
        table_offset = self.pos
        off_size = _int_bytes_needed(table_offset)
        fmt = {1: "B", 2: "H", 4: "I", 8: "Q"}[off_size]
        table = array(fmt, self.offsets)
        if sys.byteorder == "little":
            table.byteswap()
        self.f.write(table.tobytes())
        trailer = bytes(6) + bytes([off_size, self.ref_size]) + struct.pack(">QQQ", self.count, 0, table_offset)
        self.f.write(trailer)
        return table_offset + len(self.offsets) * off_size + 32


def _stream_bplist_pass(shape, f, ref_size, dry_run):
    w = StreamBplistWriter(f, ref_size, dry_run)
    uid_index = array("l", [-1]) * shape.count
    entry_index = array("I" if ref_size <= 4 else "Q", [0]) * shape.count

    def uid_obj(k):
        i = uid_index[k]
        if i < 0:
            i = uid_index[k] = w.scalar(UID(k))
        return i

    def value(v):
        if isinstance(v, UID):
            return uid_obj(v.data)
        if isinstance(v, Refs):
            return w.array([uid_obj(k) for k in v.items])
        if isinstance(v, list):  # $classes
            return w.array([w.string_uniqued(s) for s in v])
        if isinstance(v, str):
            return w.scalar(v)
        return w.scalar(v)

    n = 0
    for e in shape.entries():
        if isinstance(e, dict):
            keys = sorted(e)
            kidx = [w.string_uniqued(k) for k in keys]
            vidx = [w.string_uniqued(e[k]) if k == "$classname" else value(e[k]) for k in keys]
            entry_index[n] = w.dict(kidx, vidx)
        else:
            entry_index[n] = w.scalar(e)
        n += 1
    assert n == shape.count, (n, shape.count)
    objects = w._emit(w._marker(0xA0, n) + w.refs(entry_index))
    top_dict = w.dict([w.string_uniqued("root")], [uid_obj(shape.root)])
    keys = ["$archiver", "$objects", "$top", "$version"]
    kidx = [w.string_uniqued(k) for k in keys]
    vidx = [w.string_uniqued("NSKeyedArchiver"), objects, top_dict, w.scalar(100000)]
    size = w.finish(kidx, vidx)
    return w.count, size


def write_stream_bplist(shape, path):
    # Pick the smallest ref size. If a cheap bound does not settle it, count objects in a dry run.
    lo, hi = shape.count + 1, 8 * shape.count + 64
    if _int_bytes_needed(lo) == _int_bytes_needed(hi):
        ref_size = _int_bytes_needed(hi)
    else:
        total, _ = _stream_bplist_pass(shape, None, 8, dry_run=True)
        ref_size = _int_bytes_needed(total)
    with open(path, "wb") as f:
        total, size = _stream_bplist_pass(shape, f, ref_size, dry_run=False)
    if total >= 1 << (8 * ref_size):
        raise SystemExit(f"generate.py: internal error: {total} objects do not fit {ref_size}-byte refs")
    return total


def _xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_xml(shape, path):
    """Streaming CF-style XML writer with CF$UID dicts."""
    out = []
    size = 0
    f = open(path, "w", encoding="utf-8", newline="\n")

    def flush():
        nonlocal out
        f.write("".join(out))
        out = []

    def uid(ind, k):
        out.append(f"{ind}<dict>\n{ind}\t<key>CF$UID</key>\n{ind}\t<integer>{k}</integer>\n{ind}</dict>\n")

    def scalar(ind, v):
        if v is True:
            out.append(f"{ind}<true/>\n")
        elif v is False:
            out.append(f"{ind}<false/>\n")
        elif isinstance(v, int):
            out.append(f"{ind}<integer>{v}</integer>\n")
        elif isinstance(v, float):
            out.append(f"{ind}<real>{v!r}</real>\n")
        elif isinstance(v, str):
            out.append(f"{ind}<string>{_xml_escape(v)}</string>\n")
        elif isinstance(v, (bytes, bytearray)):
            b64 = base64.b64encode(bytes(v)).decode("ascii")
            width = max(16, 76 - len(ind.expandtabs(8)))
            lines = "".join(f"{ind}{b64[i:i + width]}\n" for i in range(0, len(b64), width))
            out.append(f"{ind}<data>\n{lines}{ind}</data>\n")
        elif isinstance(v, UID):
            uid(ind, v.data)
        else:
            raise TypeError(f"cannot write {type(v).__name__}")

    def value(ind, v):
        if isinstance(v, Refs) or isinstance(v, list):
            if len(v) == 0:
                out.append(f"{ind}<array/>\n")
                return
            out.append(f"{ind}<array>\n")
            inner = ind + "\t"
            for x in v:
                if isinstance(v, Refs):
                    uid(inner, x)
                else:
                    scalar(inner, x)
                if len(out) > 20000:  # a huge NS.objects array must not pile up in memory
                    flush()
            out.append(f"{ind}</array>\n")
        else:
            scalar(ind, v)

    out.append('<?xml version="1.0" encoding="UTF-8"?>\n'
               '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
               '<plist version="1.0">\n<dict>\n\t<key>$archiver</key>\n\t<string>NSKeyedArchiver</string>\n'
               "\t<key>$objects</key>\n\t<array>\n")
    n = 0
    for e in shape.entries():
        if isinstance(e, dict):
            out.append("\t\t<dict>\n")
            for k in sorted(e):
                out.append(f"\t\t\t<key>{_xml_escape(k)}</key>\n")
                value("\t\t\t", e[k])
            out.append("\t\t</dict>\n")
        else:
            scalar("\t\t", e)
        n += 1
        if len(out) > 20000:
            flush()
    assert n == shape.count, (n, shape.count)
    out.append("\t</array>\n\t<key>$top</key>\n\t<dict>\n\t\t<key>root</key>\n")
    uid("\t\t", shape.root)
    out.append("\t</dict>\n\t<key>$version</key>\n\t<integer>100000</integer>\n</dict>\n</plist>\n")
    flush()
    f.close()


# ---------------------------------------------------------------------------------------------
# typedstream (NSArchiver) writer: an NSMutableArray of NSString and NSNumber objects, with every
# 16th element a reference to an earlier element (shared object). FORMATS.md section D.
# ---------------------------------------------------------------------------------------------

TAG_INT2, TAG_INT4, TAG_FLOAT, TAG_NEW, TAG_NIL, TAG_END = 0x81, 0x82, 0x83, 0x84, 0x85, 0x86
FIRST_REF = -110


class TypedstreamWriter:
    def __init__(self, f):
        self.f = f
        self.buf = bytearray()
        self.shared = {}  # shared string -> index
        self.objects = 0  # object-table entries so far (C strings, classes, objects)
        self.classes = {}  # class name -> object-table index
        self.buf += b"\x04\x0bstreamtyped"
        self.int_signed(1000)

    def flush(self, force=False):
        if force or len(self.buf) >= 1 << 20:
            self.f.write(self.buf)
            self.buf = bytearray()

    def int_signed(self, v):
        if -110 <= v <= 127:
            self.buf += struct.pack("<b", v)
        elif -32768 <= v <= 32767:
            self.buf += bytes([TAG_INT2]) + struct.pack("<h", v)
        else:
            self.buf += bytes([TAG_INT4]) + struct.pack("<i", v)

    def int_unsigned(self, v):
        if 0 <= v <= 127:
            self.buf += bytes([v])
        elif v <= 0x7FFF:
            self.buf += bytes([TAG_INT2]) + struct.pack("<H", v)
        else:
            self.buf += bytes([TAG_INT4]) + struct.pack("<I", v)

    def ref(self, n):
        self.int_signed(n + FIRST_REF)

    def unshared(self, b):
        self.int_unsigned(len(b))
        self.buf += b

    def shared_string(self, s):
        b = s.encode("utf-8")
        idx = self.shared.get(b)
        if idx is None:
            self.shared[b] = len(self.shared)
            self.buf.append(TAG_NEW)
            self.unshared(b)
        else:
            self.ref(idx)

    def class_chain(self, chain):
        """chain: [(name, version), ...] from the class up to NSObject."""
        for name, version in chain:
            if name in self.classes:
                self.ref(self.classes[name])
                return
            self.buf.append(TAG_NEW)
            self.shared_string(name)
            self.int_signed(version)
            self.classes[name] = self.objects
            self.objects += 1
        self.buf.append(TAG_NIL)

    def begin_object(self, chain):
        self.buf.append(TAG_NEW)
        number = self.objects
        self.objects += 1
        self.class_chain(chain)
        return number

    def end_object(self):
        self.buf.append(TAG_END)

    def c_string(self, s):
        self.buf.append(TAG_NEW)
        self.shared_string(s)
        self.objects += 1

    def double(self, v):
        self.buf.append(TAG_FLOAT)
        self.buf += struct.pack("<d", v)


NSSTRING = [("NSString", 1), ("NSObject", 0)]
NSNUMBER = [("NSNumber", 0), ("NSValue", 0), ("NSObject", 0)]
NSMUTABLEARRAY = [("NSMutableArray", 0), ("NSArray", 0), ("NSObject", 0)]


def write_typedstream(count, seed, path):
    rng = random.Random(seed)
    with open(path, "wb") as f:
        w = TypedstreamWriter(f)
        w.shared_string("@")
        w.begin_object(NSMUTABLEARRAY)
        w.shared_string("i")
        w.int_signed(count)
        numbers = []  # object numbers of earlier elements, for shared references
        for j in range(count):
            w.shared_string("@")
            if j % 16 == 15 and numbers:
                w.ref(numbers[rng.randrange(len(numbers))])
            elif j % 3 == 0:
                numbers.append(w.begin_object(NSSTRING))
                w.shared_string("+")
                w.unshared(f"string {j} caf\u00e9".encode("utf-8"))
                w.end_object()
            elif j % 3 == 1:
                numbers.append(w.begin_object(NSNUMBER))
                w.shared_string("*")
                w.c_string("i")
                w.shared_string("i")
                w.int_signed(j * 37 - 1000)
                w.end_object()
            else:
                numbers.append(w.begin_object(NSNUMBER))
                w.shared_string("*")
                w.c_string("d")
                w.shared_string("d")
                w.double(rng.random() * 1000.0)
                w.end_object()
            if len(numbers) > 4096:
                del numbers[:2048]
            w.flush()
        w.end_object()
        w.flush(force=True)


# ---------------------------------------------------------------------------------------------


def parse_bytes(text):
    units = {"": 1, "K": 10**3, "M": 10**6, "G": 10**9}  # decimal, like the sizes in the report
    t = text.strip().upper().rstrip("B")
    unit = t[-1] if t and t[-1] in "KMG" else ""
    return int(float(t[: len(t) - len(unit)]) * units[unit])


def generate(args, objects, path):
    if args.format == "typedstream":
        write_typedstream(objects, args.seed, path)
        return f"typedstream NSMutableArray of {objects} NSString/NSNumber elements", objects
    shape = make_shape(args.shape, objects, args.seed, args.chain)
    if args.format == "xml":
        write_xml(shape, path)
        writer = "xml-stream"
    else:
        writer = args.writer
        if writer == "auto":
            writer = "plistlib" if shape.count <= 2_000_000 else "stream"
        if writer == "plistlib":
            write_plistlib(shape, path)
        else:
            write_stream_bplist(shape, path)
        writer = f"binary-{writer}"
    return f"{args.shape}: {shape.describe()}; {shape.count} $objects entries; writer {writer}", shape.count


def calibrate(args, target):
    """Objects needed for about `target` bytes: measure a sample of the same shape and writer,
    then a second sample near the estimate (capped at 300,000 objects), because the bytes per
    object grow with the ref and offset sizes, which depend on the object count."""
    import tempfile
    sample = 20000
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "sample")
        for _ in range(2):
            _, count = generate(args, sample, p)
            estimate = max(100, int(target * count / os.path.getsize(p)))
            if estimate == sample:
                break
            sample = min(estimate, 300_000)
    return estimate


def self_test():
    """Every shape through every writer must load back (plistlib) to the same archive; the
    typedstream output must read with pytypedstream when it is installed."""
    import tempfile

    def uidify(v):
        if isinstance(v, dict):
            if list(v) == ["CF$UID"]:
                return UID(v["CF$UID"])
            return {k: uidify(x) for k, x in v.items()}
        if isinstance(v, list):
            return [uidify(x) for x in v]
        return v

    with tempfile.TemporaryDirectory() as d:
        for shape in ("wide", "deep", "shared", "mixed", "flat"):
            for objects in (5, 1000, 70000):
                loaded = []
                for fmt, writer in (("binary", "plistlib"), ("binary", "stream"), ("xml", "auto")):
                    ns = argparse.Namespace(format=fmt, writer=writer, shape=shape, seed=3, chain=50)
                    p = os.path.join(d, f"{shape}-{objects}-{fmt}-{writer}")
                    generate(ns, objects, p)
                    with open(p, "rb") as f:
                        loaded.append(uidify(plistlib.load(f)))
                assert loaded[0] == loaded[1], f"{shape}/{objects}: stream bplist differs from plistlib"
                assert loaded[0] == loaded[2], f"{shape}/{objects}: XML differs from plistlib"
                top = loaded[0]
                assert top["$archiver"] == "NSKeyedArchiver" and top["$version"] == 100000
                objs = top["$objects"]
                assert objs[0] == "$null"

                def check(v):
                    if isinstance(v, UID):
                        assert 0 <= v.data < len(objs), f"{shape}: dangling UID {v.data}"
                    elif isinstance(v, dict):
                        for x in v.values():
                            check(x)
                    elif isinstance(v, list):
                        for x in v:
                            check(x)

                check(top["$top"])
                for o in objs:
                    check(o)
                print(f"self-test: {shape} {objects}: {len(objs)} objects, 3 writers agree", file=sys.stderr)
        p = os.path.join(d, "ts")
        write_typedstream(5000, 3, p)
        try:
            import typedstream
        except ImportError:
            print("self-test: pytypedstream not installed; typedstream output not cross-checked", file=sys.stderr)
        else:
            root = typedstream.unarchive_from_file(p)
            elements = root.elements
            assert len(elements) == 5000, len(elements)
            assert type(elements[0]).__name__ == "NSString" and elements[0].value == "string 0 caf\u00e9"
            assert type(elements[1]).__name__ == "NSNumber" and elements[1].value == 37 - 1000
            print(f"self-test: typedstream 5000 elements read back by pytypedstream {type(root).__name__}", file=sys.stderr)
    print("self-test: ok", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shape", choices=["wide", "deep", "shared", "mixed", "flat"], default="wide")
    ap.add_argument("--objects", type=int, help="number of $objects entries (typedstream: array elements)")
    ap.add_argument("--target-bytes", help="instead of --objects: aim for about this file size (decimal units: 1M, 100M, 1G)")
    ap.add_argument("--format", choices=["binary", "xml", "typedstream"], default="binary")
    ap.add_argument("--writer", choices=["auto", "plistlib", "stream"], default="auto", help="binary writer")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chain", type=int, default=1000, help="deep shape: nodes per chain")
    ap.add_argument("-o", "--output")
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args()
    if args.self_test:
        self_test()
        return
    if not args.output or (args.objects is None) == (args.target_bytes is None):
        ap.error("need -o FILE and exactly one of --objects N / --target-bytes SIZE")
    objects = args.objects if args.objects is not None else calibrate(args, parse_bytes(args.target_bytes))
    if objects < 1:
        ap.error("--objects must be at least 1")
    t0 = time.monotonic()
    tmp = args.output + ".partial"
    what, count = generate(args, objects, tmp)
    os.replace(tmp, args.output)
    size = os.path.getsize(args.output)
    print(f"generate.py: {args.output}: {what}; {size} bytes ({size / 1e6:.1f} MB) in {time.monotonic() - t0:.1f} s",
          file=sys.stderr)


if __name__ == "__main__":
    main()
