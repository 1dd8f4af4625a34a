/* Threading rules: the last error is per thread, and different domains may
 * live on different threads at the same time. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>

#include "harness.h"

static void *fail_in_thread(void *arg) {
    (void)arg;
    xyz_alert_dismiss(NULL);
    return (void *)(xyz_last_error());
}

static void the_last_error_is_per_thread(void) {
    xyz_alert *a = xyz_alert_create("main");
    CHECK_STATUS(xyz_alert_cancel(a), XYZ_ESTATE);
    pthread_t thread;
    void *other = NULL;
    CHECK(pthread_create(&thread, NULL, fail_in_thread, NULL) == 0);
    CHECK(pthread_join(thread, &other) == 0);
    CHECK_STR(xyz_last_error(), "cannot cancel alert 'main': it has not been added");
    xyz_alert_release(a);
}

typedef struct worker {
    int shown;
    int finished;
    int failed_adds;
} worker;

static void count_show(xyz_alert *alert, const char *target, void *view, void *context) {
    (void)alert;
    (void)target;
    (void)view;
    ((worker *)context)->shown++;
}

static void count_finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    (void)alert;
    (void)reason;
    ((worker *)context)->finished++;
}

static void *run_domain(void *arg) {
    worker *w = arg;
    xyz_host host = XYZ_HOST_INIT(.context = w, .show = count_show, .finish = count_finish);
    xyz_dispatch *page = xyz_dispatch_create(&host, NULL);
    xyz_dispatch_page_did_appear(page);
    for (int i = 0; i < 300; i++) {
        xyz_alert *a = xyz_alert_create("same-id-in-both-domains");
        if (xyz_dispatch_add(page, &a, 1) != XYZ_OK) {
            w->failed_adds++;
        }
        xyz_alert_dismiss(a);
        xyz_alert_release(a);
    }
    xyz_dispatch_destroy(page);
    return NULL;
}

static void different_domains_run_on_different_threads(void) {
    worker workers[2] = {{0, 0, 0}, {0, 0, 0}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) {
        CHECK(pthread_create(&threads[i], NULL, run_domain, &workers[i]) == 0);
    }
    for (int i = 0; i < 2; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0);
        CHECK(workers[i].shown == 300 && workers[i].finished == 300 && workers[i].failed_adds == 0);
    }
}

const test_case thread_tests[] = {
    {"the_last_error_is_per_thread", the_last_error_is_per_thread},
    {"different_domains_run_on_different_threads", different_domains_run_on_different_threads},
    {NULL, NULL},
};
