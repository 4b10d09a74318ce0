#!/usr/bin/env python3
"""Print the typedstream object table of files as pytypedstream decodes them.

Used by the differential test (Tests/ArchiveModelTests/TypedstreamDifferentialTests.swift).

Usage: typedstream_classes.py FILE...

For each file, a line "== FILE", then one line per object-table entry in stream order:
"<index>\t<kind>\t<name>", where kind is "object" (name = its class name), "class" (name = the
class name) or "cstring" (name empty). When pytypedstream fails, the entries read so far are printed
and then a line "!! error: <message>". Exits with status 3 when the module is not installed
(pip install pytypedstream).

pytypedstream is used generically: its table of known classes is emptied so every object is decoded
from its typed groups alone (as archive-browse does), and its integer reader is taught the 8-byte
tag 0x87 that only crabstep documents (pytypedstream 0.1.0 rejects it).
"""

import sys

try:
    from typedstream import archiving, stream
except ImportError:
    print("typedstream module not found (pip install pytypedstream)", file=sys.stderr)
    sys.exit(3)

_TAG_INTEGER_8 = -121
_original_read_integer = stream.TypedStreamReader._read_integer


def _read_integer(self, head=None, *, signed):
    head = self._read_head_byte(head)
    if head == _TAG_INTEGER_8:
        return int.from_bytes(self._read_exact(8), self.byte_order, signed=signed)
    return _original_read_integer(self, head, signed=signed)


stream.TypedStreamReader._read_integer = _read_integer
archiving.archived_classes_by_name.clear()

_KIND = {
    stream.ObjectReference.Type.OBJECT: "object",
    stream.ObjectReference.Type.CLASS: "class",
    stream.ObjectReference.Type.C_STRING: "cstring",
}


def _name(kind, value):
    if kind == stream.ObjectReference.Type.OBJECT:
        if isinstance(value, archiving.GenericArchivedObject):
            return value.clazz.name.decode("utf-8", errors="backslashreplace")
        return "?"
    if kind == stream.ObjectReference.Type.CLASS:
        return value.name.decode("utf-8", errors="backslashreplace")
    return ""


def dump(path):
    print(f"== {path}")
    unarchiver = archiving.Unarchiver.open(path)
    error = None
    try:
        unarchiver.decode_all()
    except Exception as e:  # report and print what was read
        error = f"{type(e).__name__}: {e}"
    finally:
        unarchiver.close()
    for index, (kind, value) in enumerate(unarchiver.shared_object_table):
        print(f"{index}\t{_KIND[kind]}\t{_name(kind, value)}")
    if error is not None:
        print(f"!! error: {error}")


def main(paths):
    for path in paths:
        dump(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
