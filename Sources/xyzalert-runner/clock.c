/* The runner's virtual clock: the "advance" step, which moves it forward
 * and ticks each page's domain at each of its deadlines on the way, in
 * time order (a heap of deadlines). */
#include <math.h>
#include <stdlib.h>

#include "runner.h"

void touched_add(touched *t, size_t page) {
    if (t && !t->flags[page]) {
        t->flags[page] = true;
        t->list[t->count++] = page;
    }
}

/* A deadline of the advance: when, and whose page. */
typedef struct due {
    double at;
    size_t page;
} due;

static bool before(due a, due b) {
    return a.at < b.at || (a.at == b.at && a.page < b.page);
}

/* A binary min-heap of dues (`before` order). */
typedef struct due_heap {
    due *items;
    size_t count, capacity;
} due_heap;

static void heap_push(due_heap *h, due d) {
    if (h->count == h->capacity) {
        h->capacity = h->capacity ? 2 * h->capacity : 16;
        due *bigger = realloc(h->items, h->capacity * sizeof *bigger);
        if (!bigger) {
            fprintf(diagnostics(), "xyzalert: out of memory\n");
            exit(EXIT_USAGE);
        }
        h->items = bigger;
    }
    size_t i = h->count++;
    while (i > 0 && before(d, h->items[(i - 1) / 2])) {
        h->items[i] = h->items[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->items[i] = d;
}

static void heap_pop(due_heap *h) {
    due last = h->items[--h->count];
    size_t i = 0;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= h->count) break;
        if (child + 1 < h->count && before(h->items[child + 1], h->items[child])) child++;
        if (!before(h->items[child], last)) break;
        h->items[i] = h->items[child];
        i = child;
    }
    if (h->count) h->items[i] = last;
}

/* Files page `i`'s deadline, if it has one, as of `clock`; `filed[i]` is
 * the time of its one valid entry (NAN: none), older entries are stale. */
static void file_deadline(due_heap *h, double *filed, xyz_dispatch *const *pages, size_t i, double clock) {
    double d = pages[i] ? xyz_dispatch_next_deadline(pages[i]) : -1;
    filed[i] = d >= 0 ? clock + d : NAN;
    if (d >= 0) heap_push(h, (due){clock + d, i});
}

void advance_clock(double *clock, xyz_dispatch *const *pages, size_t count, double seconds, touched *changed,
                   void (*tick_failed)(xyz_status status, void *context), void *context) {
    double target = *clock + seconds;
    due_heap heap = {0};
    double *filed = malloc((count ? count : 1) * sizeof *filed);
    if (!filed) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    for (size_t i = 0; i < count; i++) {
        file_deadline(&heap, filed, pages, i, *clock);
    }
    if (changed) {
        for (size_t k = 0; k < changed->count; k++) changed->flags[changed->list[k]] = false;
        changed->count = 0;
    }
    while (heap.count) {
        due top = heap.items[0];
        heap_pop(&heap);
        if (top.at != filed[top.page]) continue; /* replaced by a later filing */
        /* The domain may have changed since without telling: asked again. */
        double d = pages[top.page] ? xyz_dispatch_next_deadline(pages[top.page]) : -1;
        if (d < 0 || *clock + d != top.at) {
            if (d >= 0) heap_push(&heap, (due){*clock + d, top.page});
            filed[top.page] = d >= 0 ? *clock + d : NAN;
            continue;
        }
        if (top.at > target) break;
        *clock = top.at;
        xyz_status status = xyz_dispatch_tick(pages[top.page]);
        if (status != XYZ_OK && tick_failed) {
            tick_failed(status, context);
        }
        if (!changed) { /* every page asked again */
            heap.count = 0;
            for (size_t i = 0; i < count; i++) file_deadline(&heap, filed, pages, i, *clock);
            continue;
        }
        file_deadline(&heap, filed, pages, top.page, *clock);
        for (size_t k = 0; k < changed->count; k++) {
            size_t i = changed->list[k];
            changed->flags[i] = false;
            if (i != top.page) file_deadline(&heap, filed, pages, i, *clock);
        }
        changed->count = 0;
    }
    free(heap.items);
    free(filed);
    *clock = target;
}

static void report_tick(xyz_status status, void *context) {
    runner_check_status(context, status);
}

void runner_advance_to(runner *r, double to) {
    for (size_t i = 0; i < r->page_count; i++) {
        r->dispatches[i] = r->pages[i].dispatch;
    }
    advance_clock(&r->clock, r->dispatches, r->page_count, to - r->clock, &r->changed, report_tick, r);
    r->clock = to;
}

/* The "advance" step, over the scenario's live pages. A clock past the
 * largest finite time is refused (an error event): time stays finite. */
void run_advance(runner *r, const xyz_step_info *step) {
    double seconds = step->duration;
    if (!isfinite(r->clock + seconds)) {
        char message[200];
        snprintf(message, sizeof message, "advance %gs would take the clock past the largest finite time; it stays at %g",
                 seconds, r->clock);
        runner_error_event(r, "invalid", message);
        return;
    }
    if (r->replay) {
        replay_move_clock(r, r->clock + seconds); /* reactions on the way */
    } else {
        runner_advance_to(r, r->clock + seconds);
    }
}
