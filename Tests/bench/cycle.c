/* The project's C-ABI cycle benchmark, the same workload as seed_baseline.c:
 * one priority-0 `wait` alert is showing, N ready priority-0 `wait` alerts are
 * queued behind it; one cycle = create a priority-10 `cover` alert, add it (it
 * shows), dismiss it, release it. Usage: cycle N CYCLES -> "ns_per_cycle V". */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "xyzalert.h"

static long shows;

static void on_show(xyz_alert *alert, const char *target, void *view, void *context) {
    (void)alert, (void)target, (void)view, (void)context;
    shows++;
}

static void check(xyz_status status) {
    if (status != XYZ_OK) {
        fprintf(stderr, "cycle: %s\n", xyz_last_error());
        exit(1);
    }
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000, cycles = argc > 2 ? strtoul(argv[2], 0, 10) : 1000;
    xyz_host host = XYZ_HOST_INIT(.show = on_show);
    xyz_dispatch *page = xyz_dispatch_create(&host, NULL);
    check(xyz_dispatch_page_did_appear(page));
    xyz_alert *blocker = xyz_alert_create("blocker");
    check(xyz_dispatch_add(page, &blocker, 1));
    xyz_alert_release(blocker);
    for (size_t i = 0; i < n; i++) {
        char id[32];
        snprintf(id, sizeof id, "q%zu", i);
        xyz_alert *queued = xyz_alert_create(id);
        check(xyz_dispatch_add(page, &queued, 1));
        xyz_alert_release(queued);
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (size_t c = 0; c < cycles; c++) {
        xyz_alert *top = xyz_alert_create("top");
        check(xyz_alert_set_priority(top, 10));
        check(xyz_alert_set_exclusive(top, XYZ_EXCLUSIVE_COVER));
        check(xyz_dispatch_add(page, &top, 1));
        if (xyz_alert_state(top) != XYZ_STATE_SHOWING) {
            fprintf(stderr, "workload broken\n");
            return 1;
        }
        check(xyz_alert_dismiss(top));
        xyz_alert_release(top);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ns = ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) / (double)cycles;
    printf("ns_per_cycle %.1f (queued %zu, shows %ld)\n", ns, n, shows);
    check(xyz_dispatch_destroy(page));
    return 0;
}
