// The SIGBUS guard for read-only file mappings; see include/mapping_guard.h.
#define _GNU_SOURCE
#include "mapping_guard.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// A slot is free when its start is 0. Start and end are written with the slot reserved (claimed by a
// compare-and-swap of `slotInUse`), and the start last, so the handler never sees half a slot.
static atomic_int slotInUse[MAPPING_GUARD_SLOTS];
static _Atomic(uintptr_t) slotStart[MAPPING_GUARD_SLOTS];
static _Atomic(uintptr_t) slotEnd[MAPPING_GUARD_SLOTS];
static _Atomic(uint64_t) slotFaults[MAPPING_GUARD_SLOTS];
static _Atomic(size_t) slotFirstLost[MAPPING_GUARD_SLOTS];

static struct sigaction previousAction;
static uintptr_t pageSize = 4096;
static pthread_once_t installOnce = PTHREAD_ONCE_INIT;
static atomic_int installed;

// Replaces [page, end of the mapping) with zero pages when the faulting address lies in a registered
// mapping. Only async-signal-safe work: atomics and the mmap system call.
static int zeroFillIfGuarded(uintptr_t address) {
    for (int i = 0; i < MAPPING_GUARD_SLOTS; i++) {
        uintptr_t start = atomic_load(&slotStart[i]);
        uintptr_t end = atomic_load(&slotEnd[i]);
        if (start == 0 || address < start || address >= end) continue;
        uintptr_t page = address & ~(pageSize - 1);
        uintptr_t last = (end + pageSize - 1) & ~(pageSize - 1);
        void *zeros = mmap((void *)page, last - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros == MAP_FAILED) return 0;
        size_t lost = page > start ? (size_t)(page - start) : 0;
        size_t seen = atomic_load(&slotFirstLost[i]);
        while (lost < seen && !atomic_compare_exchange_weak(&slotFirstLost[i], &seen, lost)) {}
        // Counted after the offset is stored: a reader that sees a count also sees an offset.
        atomic_fetch_add(&slotFaults[i], 1);
        return 1;
    }
    return 0;
}

static void onBusError(int signal, siginfo_t *info, void *context) {
    (void)signal; (void)context;
    // si_code > 0: raised by the kernel for a memory access (not kill or raise), so si_addr is meaningful.
    if (info != NULL && info->si_code > 0 && zeroFillIfGuarded((uintptr_t)info->si_addr)) return;
    // Not a vanished page of ours: hand the signal back to the earlier disposition. For a fault the
    // instruction runs again and faults again under it; a sent signal is raised again.
    sigaction(SIGBUS, &previousAction, NULL);
    if (info == NULL || info->si_code <= 0) raise(SIGBUS);
}

static void install(void) {
    long size = sysconf(_SC_PAGESIZE);
    if (size > 0) pageSize = (uintptr_t)size;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = onBusError;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGBUS, &action, &previousAction) == 0) atomic_store(&installed, 1);
}

int mapping_guard_register(const void *start, size_t length) {
    if (start == NULL || length == 0 || (uintptr_t)start > UINTPTR_MAX - length) return -1;
    pthread_once(&installOnce, install);
    if (!atomic_load(&installed)) return -1;
    for (int i = 0; i < MAPPING_GUARD_SLOTS; i++) {
        int free = 0;
        if (!atomic_compare_exchange_strong(&slotInUse[i], &free, 1)) continue;
        atomic_store(&slotFaults[i], 0);
        atomic_store(&slotFirstLost[i], SIZE_MAX);
        atomic_store(&slotEnd[i], (uintptr_t)start + length);
        atomic_store(&slotStart[i], (uintptr_t)start);
        return i;
    }
    return -1;
}

void mapping_guard_unregister(int slot) {
    if (slot < 0 || slot >= MAPPING_GUARD_SLOTS) return;
    atomic_store(&slotStart[slot], 0);
    atomic_store(&slotEnd[slot], 0);
    atomic_store(&slotInUse[slot], 0);
}

uint64_t mapping_guard_fault_count(int slot) {
    if (slot < 0 || slot >= MAPPING_GUARD_SLOTS) return 0;
    return atomic_load(&slotFaults[slot]);
}

size_t mapping_guard_first_lost_offset(int slot) {
    if (slot < 0 || slot >= MAPPING_GUARD_SLOTS) return SIZE_MAX;
    return atomic_load(&slotFirstLost[slot]);
}
