#!/usr/bin/env python3
"""Independent NSKeyedArchiver resolver over Python's plistlib, for cross-checks of
`archive-browse --unarchive json` and `--diff` (Tests/CLITests/ExportCorpusTests.swift).

  nska_resolve.py --values FILE          reachable strings and numbers of a keyed archive, as JSON
  nska_resolve.py --compare FILE OUT     every reachable string and number of FILE appears in the
                                         JSON document OUT (archive-browse's export); exit 1 if not
  nska_resolve.py --rewrite IN OUT [--seed N] [--change UID]
                                         the same graph written again as a binary plist with the
                                         $objects order shuffled (UIDs renumbered); --change appends
                                         "-changed" to the string $objects[UID]

Exit status 3: the file is not a keyed archive plistlib can read (the caller skips it).
Walks with an explicit stack and a visited set, so cycles and shared objects cost nothing."""
import json
import plistlib
import random
import sys


def uid_of(value):
    """A UID as an int: plistlib.UID in binary plists, {"CF$UID": n} in XML ones; else None."""
    if isinstance(value, plistlib.UID):
        return value.data
    if isinstance(value, dict) and list(value) == ["CF$UID"] and isinstance(value["CF$UID"], int):
        return value["CF$UID"]
    return None


def load(path):
    try:
        with open(path, "rb") as f:
            root = plistlib.load(f)
    except Exception as error:  # plistlib raises many types on damaged input
        print(f"not readable by plistlib: {error}", file=sys.stderr)
        sys.exit(3)
    if not isinstance(root, dict) or not isinstance(root.get("$objects"), list) or not isinstance(root.get("$top"), dict):
        print("not a keyed archive", file=sys.stderr)
        sys.exit(3)
    return root


def reachable_values(root):
    """Strings and numbers reachable from $top through UIDs (class dictionaries excluded)."""
    objects = root["$objects"]
    strings, numbers = set(), set()
    seen = set()
    pending = list(root["$top"].values())
    while pending:
        value = pending.pop()
        ref = uid_of(value)
        if ref is not None:
            if ref == 0 or ref in seen or ref >= len(objects):
                continue
            seen.add(ref)
            target = objects[ref]
            if isinstance(target, str) and target == "$null":
                continue
            if isinstance(target, dict) and "$class" in target:
                pending.extend(v for k, v in target.items() if k != "$class")
            elif isinstance(target, dict) and "$classname" in target:
                continue
            else:
                pending.append(("inline", target))
            continue
        if isinstance(value, tuple):
            value = value[1]
        if isinstance(value, bool):
            continue
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                continue  # lone surrogates: not text another reader can hold
            strings.add(value)
        elif isinstance(value, (int, float)):
            if value == value:  # not NaN
                numbers.add(value)
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, dict):
            pending.extend(value.values())
    return strings, numbers


def document_values(document):
    """Strings (values and keys, keys also with one leading $ removed) and numbers of a JSON document."""
    strings, numbers = set(), set()
    pending = [document]
    while pending:
        value = pending.pop()
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, str):
            strings.add(value)
        elif isinstance(value, (int, float)):
            numbers.add(value)
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                strings.add(key)
                if key.startswith("$$"):
                    strings.add(key[1:])
                pending.append(item)
    return strings, numbers


def compare(path, export_path):
    strings, numbers = reachable_values(load(path))
    with open(export_path, "rb") as f:
        document = json.load(f)
    have_strings, have_numbers = document_values(document)
    missing = sorted(repr(s) for s in strings - have_strings) + sorted(repr(n) for n in numbers - have_numbers)
    for item in missing[:20]:
        print("missing:", item)
    print(f"{len(strings)} strings, {len(numbers)} numbers reachable; {len(missing)} missing")
    sys.exit(1 if missing else 0)


def renumber(value, mapping):
    """value with every UID replaced by its new number (iterative over nested containers)."""
    def convert(v):
        ref = uid_of(v)
        if ref is not None:
            return plistlib.UID(mapping.get(ref, ref))
        return v
    result = convert(value)
    pending = [result]
    while pending:
        container = pending.pop()
        if isinstance(container, list):
            for i, item in enumerate(container):
                container[i] = convert(item)
                pending.append(container[i])
        elif isinstance(container, dict):
            for key in list(container):
                container[key] = convert(container[key])
                pending.append(container[key])
    return result


def rewrite(path, out, seed, change):
    root = load(path)
    objects = root["$objects"]
    if change is not None:
        if not (0 < change < len(objects)) or not isinstance(objects[change], str):
            print(f"$objects[{change}] is not a string", file=sys.stderr)
            sys.exit(2)
        objects[change] = objects[change] + "-changed"
    order = list(range(1, len(objects)))
    random.Random(seed).shuffle(order)
    order = [0] + order
    mapping = {old: new for new, old in enumerate(order)}
    new_objects = [renumber(objects[old], mapping) for old in order]
    result = dict(root)
    result["$objects"] = new_objects
    result["$top"] = renumber(root["$top"], mapping)
    with open(out, "wb") as f:
        plistlib.dump(result, f, fmt=plistlib.FMT_BINARY)


def main(argv):
    if len(argv) >= 2 and argv[0] == "--values":
        strings, numbers = reachable_values(load(argv[1]))
        print(json.dumps({"strings": sorted(strings), "numbers": sorted(numbers, key=float)}))
    elif len(argv) == 3 and argv[0] == "--compare":
        compare(argv[1], argv[2])
    elif len(argv) >= 3 and argv[0] == "--rewrite":
        seed, change = 1, None
        rest = argv[3:]
        while rest:
            if rest[0] == "--seed":
                seed = int(rest[1])
            elif rest[0] == "--change":
                change = int(rest[1])
            rest = rest[2:]
        rewrite(argv[1], argv[2], seed, change)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
