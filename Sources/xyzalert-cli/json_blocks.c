/* Jansson's small blocks during a backtest, from free lists by size.
 *
 * Loading one session makes about a thousand small Jansson values (an
 * object, its table and its keys for every step) and frees them all when
 * the loader is done; the C library's malloc makes each of those a slow
 * path once its per-thread cache of seven blocks a size is full. Here a
 * freed block goes on a list of its size class and the next value of that
 * size takes it back: a backtest replays about 20% faster (measured:
 * docs/performance.md, "Backtests"). The tool owns its process, so it may
 * choose how the Jansson it shares with the library allocates; the library
 * itself never does (a guest does not change its host's allocator).
 *
 * Blocks of up to 256 bytes come from 64 KB slabs that are never returned
 * (the lists reuse them: memory is bounded by the largest document's
 * values at once); larger ones go to malloc. Every block has a 16-byte
 * header holding its class (0: from malloc). The slabs stay reachable
 * through `slabs`, so valgrind counts them as in use, not lost. One thread:
 * the tool's jobs are processes. */
#include <jansson.h>
#include <stdlib.h>

#include "backtest_run.h"

enum { GRAIN = 16, CLASSES = 16, SLAB_BYTES = 65536 };

/* A block's header: its size class while in use, the next free block of
 * its class while free. 16 bytes, so the value after it is aligned as
 * malloc's are. */
typedef union header {
    union header *next;
    size_t size_class;
    long double alignment;
} header;

static header *free_blocks[CLASSES + 1];
static char *slab_next, *slab_end;
static void **slabs;
static size_t slab_count, slab_room;

/* A new slab to carve blocks from; false when there is no memory. */
static bool new_slab(void) {
    if (slab_count == slab_room) {
        size_t room = slab_room ? 2 * slab_room : 16;
        void **more = realloc(slabs, room * sizeof *more);
        if (!more) return false;
        slabs = more;
        slab_room = room;
    }
    char *slab = malloc(SLAB_BYTES);
    if (!slab) return false;
    slabs[slab_count++] = slab;
    slab_next = slab;
    slab_end = slab + SLAB_BYTES;
    return true;
}

static void *block_malloc(size_t size) {
    size_t size_class = size ? (size + GRAIN - 1) / GRAIN : 1;
    header *h;
    if (size_class > CLASSES) {
        if (!(h = malloc(sizeof *h + size))) return NULL;
        h->size_class = 0;
        return h + 1;
    }
    if ((h = free_blocks[size_class])) {
        free_blocks[size_class] = h->next;
    } else {
        size_t need = sizeof *h + size_class * GRAIN;
        if ((size_t)(slab_end - slab_next) < need && !new_slab()) return NULL;
        h = (header *)(void *)slab_next;
        slab_next += need;
    }
    h->size_class = size_class;
    return h + 1;
}

static void block_free(void *block) {
    if (!block) return;
    header *h = (header *)block - 1;
    size_t size_class = h->size_class;
    if (size_class == 0) {
        free(h);
        return;
    }
    h->next = free_blocks[size_class];
    free_blocks[size_class] = h;
}

void json_blocks_use(void) {
    json_set_alloc_funcs(block_malloc, block_free);
}
