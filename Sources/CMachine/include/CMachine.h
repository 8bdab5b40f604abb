#ifndef CMACHINE_H
#define CMACHINE_H

// What the C library and the CPU offer that Swift cannot name, for the renderer's hot loops.

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/// Stores one 32-bit pixel `count` times. wchar_t is 32 bits on Linux, so glibc's wmemset
/// is a 32-bit fill with its AVX2/AVX-512 variant chosen for the CPU at load time (Swift's
/// own loop stores 16 bytes at a time). Swift cannot see wmemset through Glibc's module.
static inline void machine_fill32(uint32_t *destination, uint32_t pixel, size_t count) {
    _Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wchar_t is 32 bits on this platform");
    wmemset((wchar_t *)destination, (wchar_t)pixel, count);
}

/// Asks for the cache line holding `address` ahead of writing to it. A hint: it never faults,
/// whatever the address.
static inline void machine_prefetch_for_write(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

/// Asks for the cache line holding `address` ahead of reading it. A hint: it never faults.
static inline void machine_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// Tells the CPU that this thread is spinning on a value another thread will change.
static inline void machine_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/// Whether this processor runs code compiled for x86-64-v3 (Haswell's level: AVX2, FMA, BMI1
/// and BMI2, LZCNT, MOVBE, F16C), which the package's baseline (x86-64 with SSE2) cannot assume.
static inline int machine_runs_x86_64_v3(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("x86-64-v3");
#else
    return 0;
#endif
}

#endif
