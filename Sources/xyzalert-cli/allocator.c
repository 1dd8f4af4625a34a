/* The tool's memory allocator: malloc and its family for the whole
 * process, the library's and Jansson's allocations included.
 *
 * A backtest loads, replays three times and frees every session: some
 * thirty thousand small blocks a user (Jansson's values, the engine's
 * objects), freed in bursts that overflow the C library's per-thread cache
 * of seven blocks a size, so that most of them took malloc's slow paths.
 * Here a block of up to 512 bytes comes from a list of free blocks of its
 * size class and goes back to it, a few instructions each way: a backtest
 * replays about a fifth faster (docs/performance.md, "Backtests"). The tool
 * owns its process, so it may choose its allocator; the library never does
 * (a guest does not change its host's allocator), and a host linking the
 * library keeps its own.
 *
 * Small blocks live in one reserved range of address space, carved into
 * 64 KB slabs of one size class each; a slab's class is kept in a table, so
 * that a block needs no header and `free` knows a small block by its
 * address. Slabs are never returned: the lists reuse them, so the memory
 * held is the most ever live at once. Larger blocks, aligned ones, and
 * small ones once the range is used up come from the C library's own
 * allocator (its `__libc_` names, which glibc exports for allocators like
 * this one) with a 16-byte header that says where the C library's block
 * starts and how much of it the caller may use. glibc calls these functions
 * for its own allocations too (strdup, stdio's buffers), so every block the
 * process frees is one of these two kinds.
 *
 * One thread: the tool never starts one (its jobs are processes). Valgrind
 * sees the small blocks as one mapping, so it can tell nothing of them:
 * run the SwiftPM build's tool under it (below).
 *
 * Only the tool that make builds (make dist, and the wheel's) has it:
 * SwiftPM links the engine into its tool under the library's version
 * script, which keeps these functions to the tool's own code while the C
 * library and the Swift runtime would go on with their own malloc, so the
 * package leaves this file out (Package.swift). make shipped-test checks
 * that the shipped tool exports them to the whole process. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* glibc's own allocator, under the names it exports for replacements. */
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *block, size_t size);
void *__libc_memalign(size_t alignment, size_t size);
void __libc_free(void *block);

/* The replacements (declared here too: <stdlib.h> under C99 declares
 * only some of them). */
size_t malloc_usable_size(void *block);
void *memalign(size_t alignment, size_t size);
void *aligned_alloc(size_t alignment, size_t size);
void *valloc(size_t size);
void *pvalloc(size_t size);

enum {
    GRAIN = 16,   /* class k holds blocks of k * GRAIN bytes; malloc's alignment */
    CLASSES = 32, /* so small blocks are up to 512 bytes */
    SLAB_SHIFT = 16,
};
#define SLAB_BYTES ((size_t)1 << SLAB_SHIFT)
/* Address space reserved for small blocks (untouched pages cost nothing). */
#define RANGE_BYTES ((size_t)1 << 30)

static char *range, *range_next, *range_end;
static bool range_failed;
static unsigned char slab_class[RANGE_BYTES >> SLAB_SHIFT];
static void *free_blocks[CLASSES + 1];
static char *carve_next[CLASSES + 1], *carve_end[CLASSES + 1];

/* A large or aligned block's header, right before the caller's bytes. */
typedef struct header {
    void *start; /* what the C library returned */
    size_t size; /* the bytes the caller may use */
} header;

static bool is_small(const void *block) {
    return (uintptr_t)block - (uintptr_t)range < (uintptr_t)(range_end - range);
}

static size_t small_size(const void *block) {
    return (size_t)slab_class[(size_t)((const char *)block - range) >> SLAB_SHIFT] * GRAIN;
}

static bool reserve_range(void) {
    if (range || range_failed) return range != NULL;
    void *reserved = mmap(NULL, RANGE_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (reserved == MAP_FAILED) {
        range_failed = true;
        return false;
    }
    range = range_next = reserved;
    range_end = range + RANGE_BYTES;
    return true;
}

/* A small block of `size` bytes from its class's list or slab; NULL when
 * the size is not small or the range is used up. */
static void *take_small(size_t size) {
    size_t size_class = size ? (size + GRAIN - 1) / GRAIN : 1;
    if (size_class > CLASSES) return NULL;
    void *block = free_blocks[size_class];
    if (block) {
        free_blocks[size_class] = *(void **)block;
        return block;
    }
    size_t bytes = size_class * GRAIN;
    if ((size_t)(carve_end[size_class] - carve_next[size_class]) < bytes) {
        if (!reserve_range() || (size_t)(range_end - range_next) < SLAB_BYTES) return NULL;
        slab_class[(size_t)(range_next - range) >> SLAB_SHIFT] = (unsigned char)size_class;
        carve_next[size_class] = range_next;
        carve_end[size_class] = range_next + SLAB_BYTES;
        range_next += SLAB_BYTES;
    }
    block = carve_next[size_class];
    carve_next[size_class] += bytes;
    return block;
}

/* Whether `size` plus `extra` bytes can be asked for; ENOMEM when not. */
static bool room_for(size_t size, size_t extra) {
    if (size <= SIZE_MAX - extra) return true;
    errno = ENOMEM;
    return false;
}

/* The caller's `size` bytes at `start + offset` of a C library block
 * (NULL stays NULL), its header right before them. */
static void *behind_header(char *start, size_t offset, size_t size) {
    if (!start) return NULL;
    char *block = start + offset;
    ((header *)(void *)block)[-1] = (header){start, size};
    return block;
}

/* A block from the C library, `size` usable bytes aligned to `alignment`
 * (a power of two, at least GRAIN), behind a header; zeroed if asked (by
 * the C library's calloc, which need not clear memory fresh from the
 * system). */
static void *take_large(size_t size, size_t alignment, bool zeroed) {
    if (!room_for(size, alignment)) return NULL;
    char *start = zeroed              ? __libc_calloc(1, size + GRAIN)
                  : alignment == GRAIN ? __libc_malloc(size + GRAIN)
                                       : __libc_memalign(alignment, size + alignment);
    return behind_header(start, alignment, size);
}

static void *take(size_t size) {
    void *block = take_small(size);
    return block ? block : take_large(size, GRAIN, false);
}

void *malloc(size_t size) {
    return take(size);
}

/* (free's body: this file calls it by this name, never as `free`, which
 * <stdlib.h> declares as a leaf that could not touch the lists.) */
static void give_back(void *block) {
    if (!block) return;
    if (is_small(block)) {
        size_t size_class = small_size(block) / GRAIN;
        *(void **)block = free_blocks[size_class];
        free_blocks[size_class] = block;
        return;
    }
    __libc_free(((header *)block)[-1].start);
}

void free(void *block) {
    give_back(block);
}

void *calloc(size_t count, size_t size) {
    size_t total;
    if (size && count > SIZE_MAX / size) {
        errno = ENOMEM;
        return NULL;
    }
    total = count * size;
    void *block = take_small(total);
    if (!block) return take_large(total, GRAIN, true);
    memset(block, 0, total);
    return block;
}

size_t malloc_usable_size(void *block) {
    if (!block) return 0;
    return is_small(block) ? small_size(block) : ((header *)block)[-1].size;
}

void *realloc(void *block, size_t size) {
    if (!block) return take(size);
    if (size == 0) { /* as glibc: the block is freed */
        give_back(block);
        return NULL;
    }
    bool small = is_small(block), stays_large = size > CLASSES * GRAIN;
    size_t have = malloc_usable_size(block);
    if (size <= have && (small || stays_large)) return block;
    header *h = (header *)block - 1;
    if (!small && stays_large && (char *)h == h->start) {
        /* A large unaligned block stays large: the C library may grow it in place. */
        if (!room_for(size, GRAIN)) return NULL;
        return behind_header(__libc_realloc(h->start, size + GRAIN), GRAIN, size);
    }
    void *moved = take(size);
    if (!moved) return NULL;
    memcpy(moved, block, have < size ? have : size);
    give_back(block);
    return moved;
}

static bool power_of_two(size_t n) {
    return n && !(n & (n - 1));
}

static void *take_aligned(size_t alignment, size_t size) {
    return alignment <= GRAIN ? take(size) : take_large(size, alignment, false);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (!power_of_two(alignment) || alignment % sizeof(void *)) return EINVAL;
    int saved = errno;
    void *block = take_aligned(alignment, size);
    errno = saved;
    if (!block) return ENOMEM;
    *out = block;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (!power_of_two(alignment)) {
        errno = EINVAL;
        return NULL;
    }
    return take_aligned(alignment, size);
}

/* As glibc's: an alignment that is not a power of two is rounded up to one. */
void *memalign(size_t alignment, size_t size) {
    size_t rounded = 1;
    while (rounded < alignment) {
        if (rounded > SIZE_MAX / 2) {
            errno = EINVAL;
            return NULL;
        }
        rounded *= 2;
    }
    return take_aligned(rounded, size);
}

void *valloc(size_t size) {
    return take_aligned((size_t)sysconf(_SC_PAGESIZE), size);
}

void *pvalloc(size_t size) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (!room_for(size, page)) return NULL;
    return take_aligned(page, size ? (size + page - 1) / page * page : page);
}
