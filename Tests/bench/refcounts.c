/* Counts the atomic reference-count operations the library makes, by call
 * site: an LD_PRELOAD shim for Tests/bench/refcounts.py (`make refcounts`).
 *
 * On this machine an atomic retain or release costs as much as dozens of
 * plain instructions, so after the instruction count it is the figure that
 * decides the engine's speed (docs/performance.md). callgrind counts calls
 * to swift_retain and swift_release, but many of those do no atomic work:
 * NULL, and objects whose count is immortal (empty arrays, string literals),
 * which the runtime's fast path skips. This shim interposes the two entry
 * points the library calls through its PLT, and counts, per return address,
 * only the calls on a mortal object: the ones that take the runtime's
 * `lock cmpxchg`. The test mirrors the runtime's own (Swift 6, 64-bit: the
 * strong count's increment overflows into the sign bit for immortal and
 * side-table counts). A retain_n or release_n counts once: it is one atomic
 * operation. Bridge-object and unowned operations are not counted.
 *
 * At exit it writes "RETAINS RELEASES OBJECT OFFSET SYMBOL" lines to the file
 * named by REFCOUNTS_OUT. Not part of the library or its tests. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { SITES = 4096 };

/* The runtime's own entry points (a data pointer written through, as POSIX
 * allows for dlsym results and ISO C cannot say). */
static void *(*real_retain)(void *);
static void (*real_release)(void *);
static void *(*real_retain_n)(void *, uint32_t);
static void (*real_release_n)(void *, uint32_t);

static struct {
    void *caller;
    long retains, releases;
} sites[SITES];
static int used;

static int is_mortal(void *object) {
    if (object == NULL) {
        return 0;
    }
    int64_t bits = *(int64_t *)((char *)object + 8);
    return (int64_t)((uint64_t)bits + 0x200000000u) >= 0;
}

static void note(void *caller, void *object, int retain, long n) {
    if (!is_mortal(object)) {
        return;
    }
    for (int i = 0; i < used; i++) {
        if (sites[i].caller == caller) {
            *(retain ? &sites[i].retains : &sites[i].releases) += n;
            return;
        }
    }
    if (used < SITES) {
        sites[used].caller = caller;
        *(retain ? &sites[used].retains : &sites[used].releases) = n;
        used++;
    }
}

void *swift_retain(void *object) {
    if (!real_retain) {
        *(void **)&real_retain = dlsym(RTLD_NEXT, "swift_retain");
    }
    note(__builtin_return_address(0), object, 1, 1);
    return real_retain(object);
}

void swift_release(void *object) {
    if (!real_release) {
        *(void **)&real_release = dlsym(RTLD_NEXT, "swift_release");
    }
    note(__builtin_return_address(0), object, 0, 1);
    real_release(object);
}

void *swift_retain_n(void *object, uint32_t n) {
    if (!real_retain_n) {
        *(void **)&real_retain_n = dlsym(RTLD_NEXT, "swift_retain_n");
    }
    note(__builtin_return_address(0), object, 1, 1);
    return real_retain_n(object, n);
}

void swift_release_n(void *object, uint32_t n) {
    if (!real_release_n) {
        *(void **)&real_release_n = dlsym(RTLD_NEXT, "swift_release_n");
    }
    note(__builtin_return_address(0), object, 0, 1);
    real_release_n(object, n);
}

__attribute__((destructor)) static void write_counts(void) {
    const char *path = getenv("REFCOUNTS_OUT");
    FILE *out = path ? fopen(path, "w") : NULL;
    if (out == NULL) {
        return;
    }
    for (int i = 0; i < used; i++) {
        Dl_info info;
        if (dladdr(sites[i].caller, &info) == 0 || info.dli_fname == NULL) {
            continue;
        }
        fprintf(out, "%ld %ld %s 0x%lx %s\n", sites[i].retains, sites[i].releases, info.dli_fname,
                (unsigned long)((char *)sites[i].caller - (char *)info.dli_fbase),
                info.dli_sname ? info.dli_sname : "?");
    }
    fclose(out);
}
