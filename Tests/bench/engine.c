/* The engine's benchmarks through the public C header (make bench runs them
 * through Tests/bench/compare.py, beside seed_baseline.c). Each shape prints
 * one line, "SHAPE SIZE NS", NS being nanoseconds per unit of work:
 *
 *   cycle N      the seed's workload: one priority-0 `wait` alert showing, N
 *                ready priority-0 alerts queued behind it; a unit is one
 *                cycle: create a priority-10 `cover` alert, add it (it shows),
 *                dismiss it, release it.
 *   pages N      a root page with N tabs (explicit active child), 10 alerts
 *                queued and one showing on each; a unit is one tab switch
 *                (the old tab's alert hides, the new one's is restored) plus
 *                one cycle on the new tab.
 *   chain N      N alerts, each `after` the one before it by id, added in one
 *                batch; a unit is one dismissal of the showing link, which
 *                frees the next one, which shows.
 *   keyboard N   N `cover` alerts showing with frames in the keyboard's way;
 *                a unit is one alert moved (the keyboard goes up and down).
 *   deferred N   deferred mode: N alerts added one by one, then one flush;
 *                a unit is one add (with its share of the flush and of
 *                cancelling the round's alerts).
 *   timers N     N alerts queued on a hidden page, each with a far ttl (N
 *                pending deadlines, on a virtual clock); a unit is one fired
 *                timer: an alert whose ttl is the earliest is added, the
 *                clock moves to it, a tick expires it.
 *
 * Usage: engine SHAPE SIZE [REPEATS]. Every result is checked, so a broken
 * engine fails here rather than reporting a fast time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xyzalert.h"

static long events;

static void on_show(xyz_alert *alert, const char *target, void *view, void *context) {
    (void)alert, (void)target, (void)view, (void)context;
    events++;
}

static void on_move(xyz_alert *alert, double dy, double duration, void *context) {
    (void)alert, (void)dy, (void)duration, (void)context;
    events++;
}

static void on_request_flush(xyz_dispatch *root, void *context) {
    (void)root;
    *(int *)context = 1;
}

static double virtual_now(void *context) {
    return *(double *)context;
}

static void check(xyz_status status) {
    if (status != XYZ_OK) {
        fprintf(stderr, "engine bench: %s\n", xyz_last_error());
        exit(1);
    }
}

static void expect(int condition, const char *what) {
    if (!condition) {
        fprintf(stderr, "engine bench: workload broken: %s\n", what);
        exit(1);
    }
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static xyz_dispatch *new_page(void) {
    xyz_host host = XYZ_HOST_INIT(.show = on_show, .move = on_move);
    xyz_dispatch *page = xyz_dispatch_create(&host, NULL);
    expect(page != NULL, "create a page");
    return page;
}

/* Adds a new alert to `page` and releases the caller's reference. */
static xyz_alert *add_new(xyz_dispatch *page, const char *id, int32_t priority, xyz_exclusive exclusive) {
    xyz_alert *alert = xyz_alert_create(id);
    check(xyz_alert_set_priority(alert, priority));
    check(xyz_alert_set_exclusive(alert, exclusive));
    check(xyz_dispatch_add(page, &alert, 1));
    xyz_alert_release(alert);
    return alert;
}

static void queue_behind_a_showing_alert(xyz_dispatch *page, const char *prefix, size_t n) {
    char id[48];
    snprintf(id, sizeof id, "%s-base", prefix);
    add_new(page, id, 0, XYZ_EXCLUSIVE_WAIT);
    for (size_t i = 0; i < n; i++) {
        snprintf(id, sizeof id, "%s-q%zu", prefix, i);
        add_new(page, id, 0, XYZ_EXCLUSIVE_WAIT);
    }
}

static void one_cycle(xyz_dispatch *page) {
    xyz_alert *top = xyz_alert_create("top");
    check(xyz_alert_set_priority(top, 10));
    check(xyz_alert_set_exclusive(top, XYZ_EXCLUSIVE_COVER));
    check(xyz_dispatch_add(page, &top, 1));
    expect(xyz_alert_state(top) == XYZ_STATE_SHOWING, "the cover alert shows");
    check(xyz_alert_dismiss(top));
    xyz_alert_release(top);
}

/* The cycle at n queued; on a page with `history` when it is not NULL (the
 * page takes its own reference). */
static double cycle_with(size_t n, size_t units, xyz_history *history) {
    xyz_dispatch *page = new_page();
    if (history) {
        check(xyz_dispatch_set_history(page, history));
    }
    check(xyz_dispatch_page_did_appear(page));
    queue_behind_a_showing_alert(page, "p", n);
    double start = now_ns();
    for (size_t c = 0; c < units; c++) {
        one_cycle(page);
    }
    double ns = (now_ns() - start) / (double)units;
    check(xyz_dispatch_destroy(page));
    return ns;
}

static double pages(size_t n, size_t units) {
    xyz_dispatch *root = new_page();
    xyz_dispatch **tabs = calloc(n, sizeof *tabs);
    for (size_t i = 0; i < n; i++) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, "tab%zu", i);
        tabs[i] = new_page();
        check(xyz_dispatch_set_parent(tabs[i], root));
        check(xyz_dispatch_set_active_child(root, tabs[i]));
        check(xyz_dispatch_page_did_appear(tabs[i]));
        queue_behind_a_showing_alert(tabs[i], prefix, 10);
    }
    check(xyz_dispatch_page_did_appear(root));
    double start = now_ns();
    for (size_t c = 0; c < units; c++) {
        xyz_dispatch *tab = tabs[c % n];
        check(xyz_dispatch_set_active_child(root, tab));
        one_cycle(tab);
    }
    double ns = (now_ns() - start) / (double)units;
    for (size_t i = 0; i < n; i++) {
        check(xyz_dispatch_destroy(tabs[i]));
    }
    check(xyz_dispatch_destroy(root));
    free(tabs);
    return ns;
}

static double chain(size_t n) {
    xyz_dispatch *page = new_page();
    check(xyz_dispatch_page_did_appear(page));
    xyz_alert **links = calloc(n, sizeof *links);
    for (size_t i = 0; i < n; i++) {
        char id[32], before[32];
        snprintf(id, sizeof id, "link%zu", i);
        links[i] = xyz_alert_create(id);
        if (i > 0) {
            snprintf(before, sizeof before, "link%zu", i - 1);
            check(xyz_alert_add_dependency_id(links[i], before));
        }
    }
    check(xyz_dispatch_add(page, links, n));
    double start = now_ns();
    for (size_t i = 0; i < n; i++) {
        expect(xyz_alert_state(links[i]) == XYZ_STATE_SHOWING, "the next link shows");
        check(xyz_alert_dismiss(links[i]));
    }
    double ns = (now_ns() - start) / (double)n;
    for (size_t i = 0; i < n; i++) {
        xyz_alert_release(links[i]);
    }
    free(links);
    check(xyz_dispatch_destroy(page));
    return ns;
}

static double keyboard(size_t n, size_t units) {
    xyz_dispatch *page = new_page();
    check(xyz_dispatch_page_did_appear(page));
    for (size_t i = 0; i < n; i++) {
        char id[32];
        snprintf(id, sizeof id, "panel%zu", i);
        xyz_alert *alert = add_new(page, id, (int32_t)i + 1, XYZ_EXCLUSIVE_COVER);
        xyz_rect frame = {0, 500 + (double)i, 300, 200};
        check(xyz_alert_set_frame(alert, &frame));
        expect(xyz_alert_state(alert) == XYZ_STATE_SHOWING, "every panel shows");
    }
    xyz_rect up = {0, 400, 320, 300}, down = {0, 0, 0, 0};
    long before = events;
    size_t changes = units / n + 1;
    double start = now_ns();
    for (size_t c = 0; c < changes; c++) {
        check(xyz_dispatch_keyboard_changed(page, c % 2 ? down : up, 0.25));
    }
    double ns = (now_ns() - start) / (double)(changes * n);
    expect(events - before == (long)(changes * n), "every panel moves at every change");
    check(xyz_dispatch_destroy(page));
    return ns;
}

static double deferred(size_t n, size_t units) {
    int requested = 0;
    xyz_host host = XYZ_HOST_INIT(.show = on_show, .request_flush = on_request_flush, .context = &requested);
    xyz_dispatch *page = xyz_dispatch_create(&host, NULL);
    check(xyz_dispatch_page_did_appear(page));
    xyz_alert **round = calloc(n, sizeof *round);
    size_t rounds = units / n + 1;
    double start = now_ns();
    for (size_t r = 0; r < rounds; r++) {
        for (size_t i = 0; i < n; i++) {
            char id[32];
            snprintf(id, sizeof id, "d%zu", i);
            round[i] = xyz_alert_create(id);
            check(xyz_alert_set_priority(round[i], (int32_t)(i % 13)));
            check(xyz_dispatch_add(page, &round[i], 1));
        }
        expect(requested, "a flush is requested");
        requested = 0;
        check(xyz_dispatch_flush(page));
        for (size_t i = 0; i < n; i++) {
            check(xyz_alert_cancel(round[i]));
            xyz_alert_release(round[i]);
        }
        expect(requested, "a flush is requested after the cancels");
        requested = 0;
        check(xyz_dispatch_flush(page));
    }
    double ns = (now_ns() - start) / (double)(rounds * n);
    free(round);
    check(xyz_dispatch_destroy(page));
    return ns;
}

static double timers(size_t n, size_t units) {
    double clock = 0;
    xyz_host host = XYZ_HOST_INIT(.now = virtual_now, .context = &clock);
    xyz_dispatch *page = xyz_dispatch_create(&host, NULL);
    for (size_t i = 0; i < n; i++) {
        xyz_alert *alert = xyz_alert_create(NULL);
        check(xyz_alert_set_ttl(alert, 1e9 + (double)i));
        check(xyz_dispatch_add(page, &alert, 1));
        xyz_alert_release(alert);
    }
    double start = now_ns();
    for (size_t c = 0; c < units; c++) {
        xyz_alert *alert = xyz_alert_create(NULL);
        check(xyz_alert_set_ttl(alert, 1));
        check(xyz_dispatch_add(page, &alert, 1));
        expect(xyz_dispatch_next_deadline(page) == 1, "the new alert's ttl is the earliest deadline");
        clock += 1;
        check(xyz_dispatch_tick(page));
        expect(xyz_alert_state(alert) == XYZ_STATE_FINISHED, "the tick expires it");
        xyz_alert_release(alert);
    }
    double ns = (now_ns() - start) / (double)units;
    check(xyz_dispatch_destroy(page));
    return ns;
}

static double ticking_clock(void *context) {
    double *wall = context;
    *wall += 1e-3;
    return *wall;
}

static double capped(size_t n, size_t units) {
    static double wall = 1.7e9;
    xyz_history *history = xyz_history_create(ticking_clock, &wall, NULL);
    check(xyz_history_set_limit(history, "all", UINT32_MAX, XYZ_PER_WINDOW, 1));
    check(xyz_history_set_cooldown(history, "all", 1e-6));
    double ns = cycle_with(n, units, history);
    xyz_history_release(history);
    return ns;
}

static double stack(size_t n, size_t units) {
    xyz_dispatch *page = new_page();
    check(xyz_dispatch_set_lane_limit(page, "main", n / 2, XYZ_ON_FULL_QUEUE));
    check(xyz_dispatch_page_did_appear(page));
    for (size_t i = 0; i < n; i++) {
        char id[32];
        snprintf(id, sizeof id, "pile%zu", i);
        xyz_alert *alert = add_new(page, id, (int32_t)i, XYZ_EXCLUSIVE_COVER);
        expect(xyz_alert_state(alert) == XYZ_STATE_SHOWING, "each cover alert shows");
    }
    double start = now_ns();
    for (size_t c = 0; c < units; c++) {
        xyz_alert *top = xyz_alert_create("top");
        check(xyz_alert_set_priority(top, (int32_t)n));
        check(xyz_alert_set_exclusive(top, XYZ_EXCLUSIVE_COVER));
        check(xyz_dispatch_add(page, &top, 1));
        expect(xyz_alert_state(top) == XYZ_STATE_SHOWING, "the cover alert shows");
        check(xyz_alert_dismiss(top));
        xyz_alert_release(top);
    }
    double ns = (now_ns() - start) / (double)units;
    check(xyz_dispatch_destroy(page));
    return ns;
}

/* The resident set in bytes (Linux: /proc/self/statm), 0 where unknown. */
static double resident_bytes(void) {
    FILE *statm = fopen("/proc/self/statm", "r");
    unsigned long size = 0, resident = 0;
    if (!statm) {
        return 0;
    }
    int read = fscanf(statm, "%lu %lu", &size, &resident);
    fclose(statm);
    return read == 2 ? (double)resident * 4096.0 : 0;
}

static double memory(size_t n) {
    xyz_dispatch *page = new_page();
    check(xyz_dispatch_page_did_appear(page));
    add_new(page, "showing", 0, XYZ_EXCLUSIVE_WAIT);
    double before = resident_bytes();
    xyz_alert *alert = NULL;
    for (size_t i = 0; i < n; i++) {
        alert = xyz_alert_create(NULL);
        check(xyz_dispatch_add(page, &alert, 1));
        xyz_alert_release(alert);
    }
    double bytes = (resident_bytes() - before) / (double)n;
    expect(alert != NULL && xyz_alert_state(alert) == XYZ_STATE_READY, "the last alert is queued");
    check(xyz_dispatch_destroy(page));
    return bytes;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: engine cycle|pages|chain|keyboard|deferred|timers|capped|stack|memory SIZE [UNITS]\n");
        return 2;
    }
    const char *shape = argv[1];
    size_t size = strtoul(argv[2], 0, 10), units = argc > 3 ? strtoul(argv[3], 0, 10) : 100000;
    double ns;
    if (!strcmp(shape, "cycle")) {
        ns = cycle_with(size, units, NULL);
    } else if (!strcmp(shape, "pages")) {
        ns = pages(size, units);
    } else if (!strcmp(shape, "chain")) {
        ns = chain(size);
    } else if (!strcmp(shape, "keyboard")) {
        ns = keyboard(size, units);
    } else if (!strcmp(shape, "deferred")) {
        ns = deferred(size, units);
    } else if (!strcmp(shape, "timers")) {
        ns = timers(size, units);
    } else if (!strcmp(shape, "capped")) {
        ns = capped(size, units);
    } else if (!strcmp(shape, "stack")) {
        ns = stack(size, units);
    } else if (!strcmp(shape, "memory")) {
        ns = memory(size);
    } else {
        fprintf(stderr, "engine bench: unknown shape '%s'\n", shape);
        return 2;
    }
    printf("%s %zu %.1f\n", shape, size, ns);
    return 0;
}
