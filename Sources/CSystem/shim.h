/* What the Swift code needs of the C library, as one module for both
 * builds: the normal one and the Embedded one, which has no Glibc overlay
 * (and no ContinuousClock, which pulls in Swift Concurrency): files for the
 * loader, and the clock. */
#ifndef XYZALERT_CSYSTEM_H
#define XYZALERT_CSYSTEM_H

#include <errno.h>
#if defined(__wasm__)
/* WebAssembly (make wasm): one thread and no pthread.h; the platform file
 * (Sources/xyzalert-wasm/platform.c) keeps the thread-specific values. */
typedef unsigned pthread_key_t;
typedef unsigned long pthread_t;
int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
void *pthread_getspecific(pthread_key_t key);
int pthread_setspecific(pthread_key_t key, const void *value);
pthread_t pthread_self(void);
#else
#include <pthread.h>
#endif
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* errno is a macro, and open() is variadic: neither imports into Swift. */
static inline int xyz_errno(void) { return errno; }
static inline int xyz_open(const char *path, int flags, unsigned mode) { return open(path, flags, (mode_t)mode); }
/* S_ISDIR and S_ISREG are function-like macros. */
static inline int xyz_is_directory(mode_t mode) { return S_ISDIR(mode); }
static inline int xyz_is_regular_file(mode_t mode) { return S_ISREG(mode); }
/* write(2), under a name no Swift method shadows. */
static inline ssize_t xyz_write(int fd, const void *bytes, size_t count) { return write(fd, bytes, count); }

#if defined(__wasm__)
/* WebAssembly: the JavaScript side's clocks and time zone names
 * (platform.c imports them). */
double xyz_monotonic_seconds(void);
double xyz_real_time_seconds(void);
int xyz_time_zone_exists(const char *name);
#else
/* Seconds on the system's monotonic clock, counting time suspended
 * (CLOCK_BOOTTIME, the clock Swift's ContinuousClock reads on Linux): the
 * engine's clock when a page's host has none (docs/rules.md §12). */
static inline double xyz_monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_BOOTTIME, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Seconds since the epoch on the system's real-time clock: a history's and
 * a campaign's calendar when the host gives none. */
static inline double xyz_real_time_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}
#endif

#endif
