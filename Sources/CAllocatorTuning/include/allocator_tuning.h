#ifndef ARCHIVE_BROWSE_ALLOCATOR_TUNING_H
#define ARCHIVE_BROWSE_ALLOCATOR_TUNING_H

/// Makes the C allocator give large freed blocks back to the system. glibc serves blocks above a
/// threshold that grows with the largest block freed (up to 32 MiB) from its arenas and keeps them
/// there once freed, so the per-object tables one whole-file pass frees would stay in the process's
/// resident memory through the next pass; a fixed threshold of `bytes` maps such blocks and unmaps
/// them when freed. Elsewhere (Darwin, musl) a no-op: their allocators return large blocks already.
/// Process-wide: call once, at start-up, from the executable.
void allocator_return_large_blocks(int bytes);

#endif
