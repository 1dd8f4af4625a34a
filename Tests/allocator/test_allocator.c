/* The tool's allocator (Sources/xyzalert-cli/allocator.c), linked into
 * this program as into the tool, so that it is this process's malloc too:
 * it answers the whole malloc family as the C library's does (sizes,
 * alignments, contents kept by realloc, zeroed calloc, errors), it gets the
 * C library's own allocations (strdup, getline, stdio), and freed blocks
 * are reused, so that memory stays flat. A random sequence of calls (a
 * fixed seed, printed; `test-allocator SEED` replays another) checks every
 * block's bytes before it is freed. Ends with "N passed, N failed". */
#define _GNU_SOURCE /* getline, asprintf, memalign, valloc, pvalloc, malloc_usable_size */
#include <errno.h>
#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int passed, failed;
static unsigned long long seed = 1;

#define CHECK(cond)                                                                             \
    do {                                                                                        \
        if (cond) {                                                                             \
            passed++;                                                                           \
        } else {                                                                                \
            failed++;                                                                           \
            fprintf(stderr, "%s:%d: FAIL %s (seed %llu)\n", __FILE__, __LINE__, #cond, seed); \
        }                                                                                       \
    } while (0)

/* splitmix64 */
static uint64_t state;
static uint64_t next(void) {
    uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}
static size_t below(size_t n) {
    return (size_t)(next() % n);
}

static bool aligned(const void *block, size_t alignment) {
    return (uintptr_t)block % alignment == 0;
}

/* (Called through these, the compiler neither judges the sizes and
 * pointers of the calls that must fail nor assumes what an allocation
 * returns.) */
static void *(*volatile call_malloc)(size_t) = malloc;
static void *(*volatile call_calloc)(size_t, size_t) = calloc;
static void *(*volatile call_realloc)(void *, size_t) = realloc;
static void *(*volatile call_aligned_alloc)(size_t, size_t) = aligned_alloc;
static void *(*volatile call_memalign)(size_t, size_t) = memalign;
static void *(*volatile call_pvalloc)(size_t) = pvalloc;

/* Small blocks are the allocator's: no header, sizes in steps of 16. A C
 * library's malloc gives 24 usable bytes for 1 and puts 64 bytes between
 * two blocks of 48. */
static void small_blocks_are_the_allocator_s(void) {
    void *one = malloc(1);
    CHECK(one && malloc_usable_size(one) == 16);
    free(one);
    CHECK(malloc_usable_size(NULL) == 0);
    /* Class 31 (496 bytes): nothing else here uses it, so the two come
     * one after the other from a fresh slab. */
    char *a = malloc(490), *b = malloc(490);
    CHECK(a && b && b - a == 496 && malloc_usable_size(a) == 496);
    /* The last one freed is the next one given. */
    uintptr_t freed = (uintptr_t)b;
    free(b);
    char *again = call_malloc(496);
    CHECK((uintptr_t)again == freed);
    free(a);
    free(again);
    char *copy = strdup("made by the C library");
    CHECK(copy && malloc_usable_size(copy) == 32 && strcmp(copy, "made by the C library") == 0);
    free(copy);
}

static void large_and_aligned_blocks_keep_their_sizes_and_alignments(void) {
    char *large = malloc(100000);
    CHECK(large && aligned(large, 16) && malloc_usable_size(large) == 100000);
    memset(large, 7, 100000);
    large = realloc(large, 300000);
    CHECK(large && large[99999] == 7 && malloc_usable_size(large) == 300000);
    free(large);
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t alignments[] = {1, 8, 16, 32, 64, 4096, 65536};
    for (size_t i = 0; i < sizeof alignments / sizeof *alignments; i++) {
        size_t alignment = alignments[i];
        void *block = NULL;
        if (alignment >= sizeof(void *)) {
            CHECK(posix_memalign(&block, alignment, 100) == 0 && aligned(block, alignment) &&
                  malloc_usable_size(block) >= 100);
            free(block);
        }
        block = aligned_alloc(alignment, 200);
        CHECK(block && aligned(block, alignment));
        block = realloc(block, 5000); /* an aligned block moves, its bytes kept */
        CHECK(block && aligned(block, 16) && malloc_usable_size(block) >= 5000);
        free(block);
        block = memalign(alignment, 10);
        CHECK(block && aligned(block, alignment));
        free(block);
    }
    void *rounded = call_memalign(48, 10); /* as glibc: rounded up to 64 */
    CHECK(rounded && aligned(rounded, 64));
    free(rounded);
    void *v = valloc(10), *p = pvalloc(10);
    CHECK(v && aligned(v, page) && p && aligned(p, page) && malloc_usable_size(p) >= page);
    free(v);
    free(p);
}

static void errors_are_the_c_library_s(void) {
    void *block = (void *)&block;
    CHECK(posix_memalign(&block, 24, 10) == EINVAL && block == (void *)&block);
    CHECK(posix_memalign(&block, 4, 10) == EINVAL);
    CHECK(posix_memalign(&block, 0, 10) == EINVAL);
    CHECK(posix_memalign(&block, 64, SIZE_MAX - 8) == ENOMEM);
    errno = 0;
    CHECK(call_aligned_alloc(24, 10) == NULL && errno == EINVAL); /* as glibc 2.38 and later */
    errno = 0;
    CHECK(call_malloc(SIZE_MAX) == NULL && errno == ENOMEM);
    errno = 0;
    CHECK(call_malloc(SIZE_MAX - 8) == NULL && errno == ENOMEM);
    errno = 0;
    CHECK(call_calloc(SIZE_MAX / 2, 4) == NULL && errno == ENOMEM);
    errno = 0;
    CHECK(call_pvalloc(SIZE_MAX - 2) == NULL && errno == ENOMEM);
    char *kept = malloc(100);
    strcpy(kept, "kept");
    errno = 0;
    CHECK(call_realloc(kept, SIZE_MAX - 4) == NULL && errno == ENOMEM && strcmp(kept, "kept") == 0);
    CHECK(call_realloc(kept, 0) == NULL); /* freed, as glibc does */
    void *zero = malloc(0), *other = malloc(0);
    CHECK(zero && other && zero != other);
    free(zero);
    free(other);
    free(NULL);
    void *fresh = realloc(NULL, 40);
    CHECK(fresh && malloc_usable_size(fresh) == 48);
    free(fresh);
    int *zeroes = calloc(1000, sizeof *zeroes);
    bool all_zero = zeroes != NULL;
    for (int i = 0; all_zero && i < 1000; i++) all_zero = zeroes[i] == 0;
    CHECK(all_zero);
    free(zeroes);
}

/* What the C library allocates for itself comes back to free here. */
static void the_c_library_s_own_blocks_are_freed_here(void) {
    FILE *file = tmpfile();
    CHECK(file != NULL);
    if (!file) return;
    for (int i = 0; i < 300; i++) fprintf(file, "line %d of a file long enough to make getline grow its buffer %d\n", i, i);
    rewind(file);
    char *line = NULL;
    size_t room = 0;
    int lines = 0;
    while (getline(&line, &room, file) > 0) lines++;
    CHECK(lines == 300 && malloc_usable_size(line) >= room);
    free(line);
    fclose(file);
    char *text = NULL;
    CHECK(asprintf(&text, "%0400d", 5) == 400 && text && text[399] == '5');
    free(text);
}

/* Freed blocks are given again: a second round of the same sizes takes
 * exactly the first round's blocks, no new memory. */
static int by_address(const void *a, const void *b) {
    uintptr_t x = (uintptr_t)*(void *const *)a, y = (uintptr_t)*(void *const *)b;
    return x < y ? -1 : x > y;
}

static void memory_is_reused(void) {
    enum { COUNT = 20000 };
    static void *first[COUNT], *second[COUNT];
    for (int i = 0; i < COUNT; i++) first[i] = malloc(24 + (size_t)(i % 5) * 40);
    for (int i = 0; i < COUNT; i++) free(first[i]);
    for (int i = 0; i < COUNT; i++) second[i] = malloc(24 + (size_t)(i % 5) * 40);
    for (int i = 0; i < COUNT; i++) free(second[i]);
    qsort(first, COUNT, sizeof *first, by_address);
    qsort(second, COUNT, sizeof *second, by_address);
    CHECK(memcmp(first, second, sizeof first) == 0);
}

/* ---- a random sequence of calls ---- */

enum { SLOTS = 512, STEPS = 200000 };

typedef struct slot {
    unsigned char *block;
    size_t size;
    unsigned char fill;
} slot;

static size_t random_size(void) {
    switch (below(8)) {
    case 0: return below(17);
    case 1: return 512 + below(3);
    case 2: return 400 + below(200);
    case 3: return 600 + below(70000);
    default: return below(300);
    }
}

static bool intact(const slot *s, size_t length) {
    for (size_t i = 0; i < length; i++) {
        if (s->block[i] != s->fill) return false;
    }
    return true;
}

static void random_calls_keep_every_block_s_bytes(void) {
    static slot slots[SLOTS];
    state = seed;
    int broken = 0, misaligned = 0, short_blocks = 0;
    for (int step = 0; step < STEPS; step++) {
        slot *s = &slots[below(SLOTS)];
        if (s->block && !intact(s, s->size)) broken++;
        size_t size = random_size();
        size_t alignment = (size_t)1 << below(8); /* 1 to 128 */
        unsigned char fill = (unsigned char)next();
        size_t call = below(6);
        if (call == 0 && !s->block) call = 1; /* nothing to grow */
        switch (call) {
        case 0: { /* realloc keeps the shorter length's bytes */
            size_t want = size ? size : 1;
            unsigned char *moved = realloc(s->block, want);
            if (!moved) break;
            s->block = moved;
            if (!intact(s, want < s->size ? want : s->size)) broken++;
            s->size = want;
            break;
        }
        case 1:
            free(s->block);
            s->block = malloc(size);
            s->size = size;
            break;
        case 2:
            free(s->block);
            s->block = calloc(1, size);
            s->size = size;
            for (size_t i = 0; s->block && i < size; i++) {
                if (s->block[i]) {
                    broken++;
                    break;
                }
            }
            break;
        case 3: {
            free(s->block);
            void *block = NULL;
            if (alignment < sizeof(void *)) alignment = sizeof(void *);
            s->block = posix_memalign(&block, alignment, size) == 0 ? block : NULL;
            s->size = size;
            if (s->block && !aligned(s->block, alignment)) misaligned++;
            break;
        }
        case 4:
            free(s->block);
            s->block = aligned_alloc(alignment, size);
            s->size = size;
            if (s->block && !aligned(s->block, alignment)) misaligned++;
            break;
        default:
            free(s->block);
            s->block = NULL;
            s->size = 0;
            continue;
        }
        if (!s->block) continue;
        if (!aligned(s->block, 16)) misaligned++;
        if (malloc_usable_size(s->block) < s->size) short_blocks++;
        s->fill = fill;
        memset(s->block, fill, s->size);
    }
    for (int i = 0; i < SLOTS; i++) {
        if (slots[i].block && !intact(&slots[i], slots[i].size)) broken++;
        free(slots[i].block);
        slots[i].block = NULL;
    }
    CHECK(broken == 0);
    CHECK(misaligned == 0);
    CHECK(short_blocks == 0);
}

int main(int argc, char **argv) {
    if (argc > 1) seed = strtoull(argv[1], NULL, 10);
    printf("seed %llu\n", seed);
    small_blocks_are_the_allocator_s();
    large_and_aligned_blocks_keep_their_sizes_and_alignments();
    errors_are_the_c_library_s();
    the_c_library_s_own_blocks_are_freed_here();
    memory_is_reused();
    random_calls_keep_every_block_s_bytes();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
