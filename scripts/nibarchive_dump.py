#!/usr/bin/env python3
"""Print the objects and values of NIBArchive files as the PyPI `nibarchive` package decodes them.

Used by the differential test (Tests/ArchiveModelTests/NIBArchiveDifferentialTests.swift).

Usage: nibarchive_dump.py FILE...

For each file, a line "== FILE" and the header counts "counts\t<objects>\t<keys>\t<values>\t<classes>",
then for each object in table order "object\t<index>\t<class name>", followed by one line per value
of the object in stored order: "value\t<key>\t<type code>\t<payload>". The payload is a decimal
integer for types 0-3, the hex of the little-endian bytes for a float or double (6, 7), the hex of
the bytes for data (8), the object index for a reference (10), and empty for types 4, 5 and 9.
The type code is the stored byte: the package's names for 4 and 5 (BOOL_TRUE, BOOL_FALSE) are
swapped with respect to what ibtool writes, so only the codes are compared. When parsing fails, a
line "!! error: <message>" follows. Exits with status 3 when the package is missing
(pip install nibarchive).
"""

import io
import struct
import sys

try:
    from nibarchive import NIBArchiveParser
except ImportError:
    try:
        from nibarchive.parse import NIBArchiveParser
    except ImportError:
        print("nibarchive module not found (pip install nibarchive)", file=sys.stderr)
        sys.exit(3)


def payload(value):
    code = int(value.type)
    data = value.data
    if code in (0, 1, 2, 3, 10):
        return str(data)
    if code == 6:
        return struct.pack("<f", data).hex()
    if code == 7:
        return struct.pack("<d", data).hex()
    if code == 8:
        # The package turns some data into doubles or nested archives; the original bytes are wanted.
        if isinstance(data, list):
            return (bytes([7]) + struct.pack("<%dd" % len(data), *data)).hex()
        if isinstance(data, (bytes, bytearray)):
            return bytes(data).hex()
        return "nested"
    return ""


def dump(path):
    print("== " + path)
    try:
        with open(path, "rb") as f:
            archive = NIBArchiveParser(verify=True).parse(io.BytesIO(f.read()))
        h = archive.header
        print("counts\t%d\t%d\t%d\t%d" % (h.object_count, h.key_count, h.value_count, h.class_name_count))
        for index, obj in enumerate(archive.objects):
            print("object\t%d\t%s" % (index, archive.get_class_name(obj).name))
            for value in archive.get_object_values(obj):
                key = archive.get_value_key(value).name
                # NIBARCHIVE (a nested archive) is the package's own type for data that is a nib.
                code = 8 if value.type.name == "NIBARCHIVE" else int(value.type)
                print("value\t%s\t%d\t%s" % (key, code, payload(value)))
    except Exception as error:  # the file's problem, reported for the test to show
        print("!! error: %s" % error)


for name in sys.argv[1:]:
    dump(name)
