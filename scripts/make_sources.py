#!/usr/bin/env python3
"""Builds sources of archives for archive-browse's tests and benchmark (issue 27).

usage: make_sources.py KIND DIR [CORPUS]   (exit 0, the fixture is under DIR)

KIND: folder, zip, zip-with-db, chatdb, damaged-db, wal-db, virtual-db, bomb-zip, many-zip:N, big-db:N, copies:N
Archives are written with plistlib; with CORPUS (../shared/corpus, or the stand-ins the tests
build in code when it is absent: Tests/TestSupport/StandInCorpus.swift) its typedstream and NIB
files are used too. Nothing here reads the network.
"""
import os, plistlib, sqlite3, sys, zipfile, zlib, gzip, base64

def keyed(text):
    """A minimal NSKeyedArchiver archive of an NSString (UIDs via plistlib.UID)."""
    return plistlib.dumps({"$archiver": "NSKeyedArchiver", "$version": 100000,
                           "$top": {"root": plistlib.UID(1)},
                           "$objects": ["$null", text]}, fmt=plistlib.FMT_BINARY)

def corpus_file(corpus, rel):
    if not corpus:
        return None
    path = os.path.join(corpus, rel)
    return open(path, "rb").read() if os.path.exists(path) else None

def typedstream(corpus):
    return corpus_file(corpus, "typedstream/crabstep__AttributedBodyTextOnly")

def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)

def folder(d, corpus):
    root = os.path.join(d, "folder")
    write(os.path.join(root, "a.plist"), plistlib.dumps({"name": "a"}, fmt=plistlib.FMT_BINARY))
    write(os.path.join(root, "sub", "b.xml"), plistlib.dumps({"name": "b"}))
    write(os.path.join(root, "sub", "readme.txt"), b"not an archive\n")
    write(os.path.join(root, "sub", "deeper", "c.archive"), keyed("hello"))
    write(os.path.join(root, "broken.plist"), plistlib.dumps({"x": 1}, fmt=plistlib.FMT_BINARY)[:-10])
    write(os.path.join(root, "wrapped.gz"), gzip.compress(plistlib.dumps({"g": 1}, fmt=plistlib.FMT_BINARY), mtime=0))
    write(os.path.join(root, "Main.storyboardc", "Info.plist"), plistlib.dumps({"UIStoryboardDesignatedEntryPointIdentifier": "x"}, fmt=plistlib.FMT_BINARY))
    nib = corpus_file(corpus, "nibarchive/viraptor-ibtool__StatusBar.nib")
    if nib:
        write(os.path.join(root, "Main.storyboardc", "UIViewController-x.nib", "runtime.nib"), nib)
        write(os.path.join(root, "View.nib", "keyedobjects-101300.nib"), nib)
    ts = typedstream(corpus)
    if ts:
        write(os.path.join(root, "message.ts"), ts)
    os.symlink("..", os.path.join(root, "sub", "loop"))
    os.symlink("/etc", os.path.join(root, "outside"))
    return root

def zip_source(d, corpus):
    path = os.path.join(d, "App.ipa")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("Payload/App.app/Info.plist", plistlib.dumps({"CFBundleIdentifier": "com.example.app"}, fmt=plistlib.FMT_BINARY))
        z.writestr("Payload/App.app/Settings.plist", plistlib.dumps({"k": [1, 2, 3]}))
        z.writestr("Payload/App.app/App", b"\x7fELF" + b"\0" * 100)
        z.writestr(zipfile.ZipInfo("Payload/App.app/stored.archive"), keyed("stored"), compress_type=zipfile.ZIP_STORED)
        nib = corpus_file(corpus, "nibarchive/viraptor-ibtool__StatusBar.nib")
        if nib:
            z.writestr("Payload/App.app/Base.lproj/Main.storyboardc/UIViewController-x.nib", nib)
    return path

def chat_db(d, corpus):
    path = os.path.join(d, "chat.db")
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE message (ROWID INTEGER PRIMARY KEY, text TEXT, attributedBody BLOB, payload_data BLOB, date INTEGER)")
    ts = typedstream(corpus) or keyed("Hello from the archive")
    db.execute("INSERT INTO message VALUES (1, 'hi', ?, NULL, 1)", (ts,))
    db.execute("INSERT INTO message VALUES (2, 'no archive', NULL, NULL, 2)")
    db.execute("INSERT INTO message VALUES (1234, 'app', ?, ?, 3)", (ts, keyed("payload")))
    db.execute("INSERT INTO message VALUES (1235, 'half', ?, NULL, 4)", (keyed("cut")[:30],))
    db.execute("CREATE TABLE \"odd \"\"name\" (v TEXT)")
    db.execute("INSERT INTO \"odd \"\"name\" VALUES (?)", (plistlib.dumps({"xml": True}).decode(),))
    db.execute("INSERT INTO \"odd \"\"name\" VALUES (?)", (base64.b64encode(keyed("b64")).decode(),))
    db.commit()
    db.close()
    return path

def damaged_db(d, corpus):
    path = chat_db(d, corpus)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE filler (v BLOB, padding BLOB)")
    for i in range(200):
        db.execute("INSERT INTO filler VALUES (?, ?)", (keyed("filler %d" % i), os.urandom(3000)))
    db.commit()
    db.close()
    data = bytearray(open(path, "rb").read())
    # Overwrite the pages of the end of the file (the filler table's leaves) with garbage.
    page = int.from_bytes(data[16:18], "big")
    for offset in range(len(data) - 20 * page, len(data) - 2 * page):
        data[offset] = 0x5A
    open(path, "wb").write(bytes(data))
    return path

def wal_db(d, corpus):
    """A chat.db whose last rows sit in a -wal file beside it (the writer never checkpointed)."""
    path = chat_db(d, corpus)
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA wal_autocheckpoint=0")
    db.execute("INSERT INTO message VALUES (5000, 'in the log', ?, NULL, 5)", (keyed("only in the WAL"),))
    db.commit()
    # Leave without closing, as a crashed or still-running writer does: -wal and -shm stay.
    sys.stdout.write(path + "\n")
    sys.stdout.flush()
    os._exit(0)

def virtual_db(d, corpus):
    """A healthy database with a virtual table whose module only Apple's SQLite has (as in a Photos
    library). CREATE VIRTUAL TABLE needs the module, so its schema row is written directly (writable_schema)."""
    path = os.path.join(d, "Photos.sqlite")
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE ZASSET (Z_PK INTEGER PRIMARY KEY, ZTITLE TEXT, ZARCHIVE BLOB)")
    db.execute("INSERT INTO ZASSET VALUES (1, 'beach', ?)", (keyed("a photo's archive"),))
    db.commit()
    db.execute("PRAGMA writable_schema=ON")
    db.execute("INSERT INTO sqlite_master (type, name, tbl_name, rootpage, sql) VALUES ('table', 'RidList_VirtualReader', "
               "'RidList_VirtualReader', 0, 'CREATE VIRTUAL TABLE RidList_VirtualReader USING VirtualBufferReaderModule(type INTEGER, data BLOB)')")
    db.commit()
    db.close()
    return path

def zip_with_db(d, corpus):
    """A ZIP holding an SQLite database (which SQLite cannot read from inside it) and a ZIP in a ZIP."""
    db = chat_db(d, corpus)
    inner = os.path.join(d, "inner.zip")
    with zipfile.ZipFile(inner, "w") as z:
        z.writestr("deep.plist", plistlib.dumps({"deep": 1}, fmt=plistlib.FMT_BINARY))
    path = os.path.join(d, "outer.zip")
    with zipfile.ZipFile(path, "w") as z:
        z.write(db, "Documents/chat.db")
        z.write(inner, "inner.zip")
    os.remove(db)
    os.remove(inner)
    return path

def bomb_zip(d, corpus):
    path = os.path.join(d, "bomb.zip")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("bomb.plist", b"bplist00" + b"\0" * (64 << 20))
        z.writestr("ok.plist", plistlib.dumps({"ok": True}, fmt=plistlib.FMT_BINARY))
    return path

def many_zip(d, n):
    path = os.path.join(d, "many.zip")
    one = plistlib.dumps({"n": 1}, fmt=plistlib.FMT_BINARY)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        for i in range(n):
            z.writestr("e/%06d.plist" % i, one)
    return path

def big_db(d, n):
    path = os.path.join(d, "big.db")
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)")
    one = keyed("row")
    db.executemany("INSERT INTO t (body) VALUES (?)", ((one,) for _ in range(n)))
    db.commit()
    db.close()
    return path

def copies(d, n, corpus):
    """The corpus's archives (plist, keyed, typedstream, NIB) copied N times into one folder."""
    root = os.path.join(d, "copies")
    files = []
    for category in ("keyed-binary", "keyed-xml", "plist", "typedstream", "nibarchive"):
        folder = os.path.join(corpus, category)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".xib"):
                files.append((category, name, open(os.path.join(folder, name), "rb").read()))
    for i in range(n):
        for category, name, data in files:
            write(os.path.join(root, "%03d" % i, category, name), data)
    return root

def main():
    kind, d = sys.argv[1], sys.argv[2]
    corpus = sys.argv[3] if len(sys.argv) > 3 and os.path.isdir(sys.argv[3]) else None
    os.makedirs(d, exist_ok=True)
    name, _, count = kind.partition(":")
    if name == "folder": print(folder(d, corpus))
    elif name == "zip": print(zip_source(d, corpus))
    elif name == "chatdb": print(chat_db(d, corpus))
    elif name == "damaged-db": print(damaged_db(d, corpus))
    elif name == "wal-db": wal_db(d, corpus)
    elif name == "virtual-db": print(virtual_db(d, corpus))
    elif name == "bomb-zip": print(bomb_zip(d, corpus))
    elif name == "zip-with-db": print(zip_with_db(d, corpus))
    elif name == "many-zip": print(many_zip(d, int(count)))
    elif name == "big-db": print(big_db(d, int(count)))
    elif name == "copies": print(copies(d, int(count), corpus))
    else:
        sys.exit("unknown kind " + kind)

main()
