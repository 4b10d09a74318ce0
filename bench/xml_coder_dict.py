#!/usr/bin/env python3
"""Writes an NSKeyedArchiver archive (bplist00) whose root is an NSDictionary stored in the XML
coder's form: N `NS.key.i`/`NS.object.i` field pairs (as IB3 XML archives and older keyed archives
write dictionaries), each key and value a string object. Issue 35: `--dump` of it must take at most
twice its `--check`.

    bench/xml_coder_dict.py OUT [N]      (N defaults to 10000)
"""
import plistlib
import sys


def build(n):
    objects = ["$null"]
    cls = len(objects)
    objects.append({"$classname": "NSDictionary", "$classes": ["NSDictionary", "NSObject"]})
    root = {"$class": plistlib.UID(cls)}
    for i in range(n):
        objects.append("key %d" % i)
        root["NS.key.%d" % i] = plistlib.UID(len(objects) - 1)
        objects.append("value %d" % i)
        root["NS.object.%d" % i] = plistlib.UID(len(objects) - 1)
    objects.append(root)
    return {"$archiver": "NSKeyedArchiver", "$version": 100000,
            "$top": {"root": plistlib.UID(len(objects) - 1)}, "$objects": objects}


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    with open(sys.argv[1], "wb") as f:
        plistlib.dump(build(count), f, fmt=plistlib.FMT_BINARY, sort_keys=False)
