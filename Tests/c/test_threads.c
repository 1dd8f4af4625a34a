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


/* A domain used from a second thread while a callback of it runs on the
 * first: the second thread's calls are refused (XYZ_ESTATE), nothing
 * changes, and once the first call has returned they work. (The callback
 * runs the other thread to completion itself, so the test has no race.) */
typedef struct intruder {
    xyz_dispatch *home;
    xyz_alert *shown;
    int intrude_on_show; /* whether the show callback runs the other thread */
    xyz_status add, cancel, title, destroy;
    char message[256];
} intruder;

static void *intrude(void *arg) {
    intruder *in = arg;
    xyz_alert *other = xyz_alert_create("other");
    in->add = xyz_dispatch_add(in->home, &other, 1);
    snprintf(in->message, sizeof in->message, "%s", xyz_last_error());
    in->cancel = xyz_alert_cancel(in->shown);
    in->title = xyz_alert_set_title(in->shown, "from another thread");
    in->destroy = xyz_dispatch_destroy(in->home);
    xyz_alert_release(other);
    return NULL;
}

static void intrude_on_show(xyz_alert *alert, const char *target, void *view, void *context) {
    (void)target;
    (void)view;
    intruder *in = context;
    if (!in->intrude_on_show) return;
    in->shown = alert;
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, intrude, in) == 0);
    CHECK(pthread_join(thread, NULL) == 0);
}

static void a_call_from_another_thread_during_a_callback_is_refused(void) {
    intruder in;
    memset(&in, 0, sizeof in);
    in.intrude_on_show = 1;
    xyz_host host = XYZ_HOST_INIT(.context = &in, .show = intrude_on_show);
    in.home = xyz_dispatch_create(&host, NULL);
    CHECK_OK(xyz_dispatch_page_did_appear(in.home));
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_dispatch_add(in.home, &a, 1));
    CHECK(in.add == XYZ_ESTATE && in.cancel == XYZ_ESTATE && in.title == XYZ_ESTATE && in.destroy == XYZ_ESTATE);
    CHECK_STR(in.message, "xyz_dispatch_add: called from two threads at once: a callback of this domain is running "
                          "on another thread, and a domain must be used from one thread at a time");
    CHECK(xyz_alert_state(a) == XYZ_STATE_SHOWING);
    CHECK(xyz_alert_title(a) == NULL);
    CHECK(xyz_dispatch_find(in.home, "other") == NULL);
    /* Once the call has returned, another thread may use the domain. */
    in.intrude_on_show = 0;
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, intrude, &in) == 0);
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(in.add == XYZ_OK && in.cancel == XYZ_OK && in.title == XYZ_ESTATE /* cancelled */ && in.destroy == XYZ_OK);
    xyz_alert_release(a);
}

const test_case thread_tests[] = {
    {"a_call_from_another_thread_during_a_callback_is_refused", a_call_from_another_thread_during_a_callback_is_refused},
    {"the_last_error_is_per_thread", the_last_error_is_per_thread},
    {"different_domains_run_on_different_threads", different_domains_run_on_different_threads},
    {NULL, NULL},
};
