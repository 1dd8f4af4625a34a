/* What the Swift code needs of the C library, as one module for both
 * builds: the normal one and the Embedded one, which has no Glibc overlay
 * (and no ContinuousClock, which pulls in Swift Concurrency). */
#ifndef XYZALERT_CSYSTEM_H
#define XYZALERT_CSYSTEM_H

#include <time.h>

/* Seconds on the system's monotonic clock, counting time suspended
 * (CLOCK_BOOTTIME, the clock Swift's ContinuousClock reads on Linux): the
 * engine's clock when a page's host has none (docs/rules.md §12). */
static inline double xyz_monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_BOOTTIME, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

#endif
