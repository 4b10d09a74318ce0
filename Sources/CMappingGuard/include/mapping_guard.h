#ifndef ARCHIVE_BROWSE_MAPPING_GUARD_H
#define ARCHIVE_BROWSE_MAPPING_GUARD_H

#include <stddef.h>
#include <stdint.h>

/// Guards read-only file mappings against the file being cut short by another process.
///
/// Linux removes the pages of a mapping that lie past a file's new end, and the next read of one raises
/// SIGBUS. For a registered mapping, the guard's SIGBUS handler replaces the missing pages (from the
/// faulting page to the end of the mapping) with zero pages and lets the read run again, so the reader
/// sees zeros instead of dying, and counts the event so that a front end can say the file changed.
/// A SIGBUS anywhere else goes to the disposition that was in place before the guard's (the default,
/// or Swift's backtracer), so a real fault still stops the process.
///
/// The registry is process-wide because signal dispositions are: it holds at most
/// `MAPPING_GUARD_SLOTS` mappings at a time. Every function may be called from any thread.

#define MAPPING_GUARD_SLOTS 64

/// Registers `length` bytes at `start` (a mapping made with `mmap`); installs the handler on first
/// use. Returns the slot to pass to the other functions, or -1 when every slot is taken or the handler
/// could not be installed (the caller should then read the file instead of mapping it).
int mapping_guard_register(const void *start, size_t length);

/// Forgets `slot` (call before `munmap`). Out-of-range slots are ignored.
void mapping_guard_unregister(int slot);

/// How many times pages of `slot` were found missing and replaced with zeros (0 for a bad slot).
uint64_t mapping_guard_fault_count(int slot);

/// The lowest offset into the mapping of a page that was replaced with zeros, or SIZE_MAX when none was.
size_t mapping_guard_first_lost_offset(int slot);

#endif
