#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a macro casting -1 to a destructor pointer: not importable. Not needed for reads,
   which never bind blobs; kept out. */
#endif
