#!/usr/bin/env python3
"""Independent decoder for cross-checks: prints, for an NSKeyedArchiver plist (binary or XML), one
line per $objects entry with its class name as resolved through $class, or '-' for entries without
one. The first line is the object count. Uses only Python's plistlib."""
import plistlib
import sys


def uid(value):
    """A UID as an int: plistlib.UID in binary plists, a {"CF$UID": n} dict in XML ones."""
    if isinstance(value, plistlib.UID):
        return value.data
    if isinstance(value, dict) and list(value) == ["CF$UID"] and isinstance(value["CF$UID"], int):
        return value["CF$UID"]
    return None


def class_of(objects, entry):
    if not isinstance(entry, dict) or "$class" not in entry:
        return "-"
    ref = uid(entry["$class"])
    if ref is None or ref >= len(objects):
        return "-"
    cls = objects[ref]
    if isinstance(cls, dict) and isinstance(cls.get("$classname"), str):
        return cls["$classname"]
    return "-"


def main(path):
    with open(path, "rb") as f:
        data = plistlib.load(f)
    objects = data.get("$objects", []) if isinstance(data, dict) else []
    print(len(objects))
    for entry in objects:
        print(class_of(objects, entry))


if __name__ == "__main__":
    main(sys.argv[1])
