/* Calls a host makes from inside callbacks that, made naively, would nest
 * once per alert: a finish that cancels the queue again, a tick from a
 * finish, an announce that changes the title. Each must stay at depth 1
 * (docs/rules.md §3 rule 7, §13, §17). */
#include "harness.h"

#include <stdint.h>
#include <stdlib.h>

/* A host that counts how deep its callbacks are nested and reacts in finish
 * and announce. */
typedef struct {
    xyz_dispatch *page;
    int depth;
    int deepest;
    long finishes;
    long by_reason[16]; /* finishes by end reason */
    long announces;
    int cancel_from_finish; /* 1: cancel_queued(NULL), 2: cancel_tagged("t") */
    int tick_from_finish;
    int retitle_from_announce; /* how many more titles to set */
    double clock;
    size_t inner_counts; /* what the nested calls reported */
} nesting_host;

static void nest_finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    (void)alert;
    nesting_host *h = context;
    h->finishes++;
    if ((unsigned)reason < 16) {
        h->by_reason[reason]++;
    }
    if (++h->depth > h->deepest) {
        h->deepest = h->depth;
    }
    size_t count = 0;
    if (h->cancel_from_finish == 1) {
        CHECK_OK(xyz_dispatch_cancel_queued(h->page, NULL, &count));
    } else if (h->cancel_from_finish == 2) {
        CHECK_OK(xyz_dispatch_cancel_tagged(h->page, "t", &count));
    }
    h->inner_counts += count;
    if (h->tick_from_finish) {
        CHECK_OK(xyz_dispatch_tick(h->page));
    }
    h->depth--;
}

static void nest_announce(xyz_alert *alert, xyz_politeness politeness, const char *text, void *context) {
    (void)politeness;
    (void)text;
    nesting_host *h = context;
    h->announces++;
    if (++h->depth > h->deepest) {
        h->deepest = h->depth;
    }
    if (h->retitle_from_announce > 0) {
        char title[32];
        snprintf(title, sizeof title, "title %d", h->retitle_from_announce--);
        CHECK_OK(xyz_alert_set_title(alert, title));
    }
    h->depth--;
}

static double nest_now(void *context) {
    return ((nesting_host *)context)->clock;
}

static xyz_dispatch *nesting_page(nesting_host *h) {
    xyz_host host = {0};
    host.size = sizeof host;
    host.context = h;
    host.finish = nest_finish;
    host.announce = nest_announce;
    host.now = nest_now;
    h->page = xyz_dispatch_create(&host, NULL);
    CHECK(h->page != NULL);
    CHECK_OK(xyz_dispatch_page_did_appear(h->page));
    return h->page;
}

/* One alert on screen (so that the rest queue) and `n` queued, tagged "t". */
static xyz_alert **queue_many(nesting_host *h, size_t n) {
    xyz_alert **alerts = calloc(n + 1, sizeof *alerts);
    CHECK(alerts != NULL);
    for (size_t i = 0; i <= n; i++) {
        alerts[i] = xyz_alert_create(NULL);
        if (i > 0) {
            CHECK_OK(xyz_alert_add_tag(alerts[i], "t"));
        }
    }
    CHECK_OK(xyz_dispatch_add(h->page, alerts, n + 1));
    CHECK(xyz_alert_state(alerts[0]) == XYZ_STATE_SHOWING);
    return alerts;
}

static void release_all(xyz_alert **alerts, size_t n) {
    for (size_t i = 0; i <= n; i++) {
        xyz_alert_release(alerts[i]);
    }
    free(alerts);
}

/* 3,000 queued; each finish clears the queue again. Naively that nests
 * 3,000 deep (20,000 overflowed the stack of a release build); the depth
 * is checked, so a smaller queue shows the same. (Kept small: the checked
 * builds verify every invariant after each of the nested calls.) */
static void cancel_from_finish_joins_the_running_cancel(int how) {
    enum { N = 3000 };
    nesting_host h = {0};
    nesting_page(&h);
    xyz_alert **alerts = queue_many(&h, N);
    h.cancel_from_finish = how;
    size_t count = 0;
    if (how == 1) {
        CHECK_OK(xyz_dispatch_cancel_queued(h.page, NULL, &count));
    } else {
        CHECK_OK(xyz_dispatch_cancel_tagged(h.page, "t", &count));
    }
    CHECK(h.deepest == 1);
    CHECK(h.finishes == N);
    CHECK(count == N);        /* the outer call ended (and counts) them all */
    CHECK(h.inner_counts == 0); /* the joined calls ended none themselves */
    CHECK(h.by_reason[XYZ_END_CANCELLED] == N);
    for (size_t i = 1; i <= N; i++) {
        CHECK(xyz_alert_state(alerts[i]) == XYZ_STATE_FINISHED);
    }
    CHECK(xyz_alert_state(alerts[0]) == XYZ_STATE_SHOWING);
    h.cancel_from_finish = 0;
    CHECK_OK(xyz_dispatch_destroy(h.page));
    release_all(alerts, N);
}

static void cancel_queued_from_finish_stays_at_depth_one(void) {
    cancel_from_finish_joins_the_running_cancel(1);
}

static void cancel_tagged_from_finish_stays_at_depth_one(void) {
    cancel_from_finish_joins_the_running_cancel(2);
}

/* An alert added by a finish callback while the cancel runs is cancelled
 * by the joined request too (it asked for every queued alert). */
typedef struct {
    nesting_host base;
    xyz_alert *late;
} late_host;

static void add_late_then_cancel(xyz_alert *alert, xyz_end_reason reason, void *context) {
    late_host *h = context;
    nest_finish(alert, reason, context);
    if (h->late == NULL) {
        h->late = xyz_alert_create("late");
        CHECK_OK(xyz_dispatch_add(h->base.page, &h->late, 1));
        CHECK(xyz_alert_state(h->late) == XYZ_STATE_READY);
    }
}

static void a_joined_cancel_reaches_alerts_added_meanwhile(void) {
    late_host h = {0};
    xyz_host host = {0};
    host.size = sizeof host;
    host.context = &h;
    host.finish = add_late_then_cancel;
    h.base.page = xyz_dispatch_create(&host, NULL);
    CHECK_OK(xyz_dispatch_page_did_appear(h.base.page));
    xyz_alert **alerts = queue_many(&h.base, 3);
    h.base.cancel_from_finish = 1;
    size_t count = 0;
    CHECK_OK(xyz_dispatch_cancel_queued(h.base.page, NULL, &count));
    CHECK(count == 4);
    CHECK(h.base.deepest == 1);
    CHECK(xyz_alert_state(h.late) == XYZ_STATE_FINISHED);
    CHECK(h.base.by_reason[XYZ_END_CANCELLED] == 4);
    h.base.cancel_from_finish = 0;
    CHECK_OK(xyz_dispatch_destroy(h.base.page));
    xyz_alert_release(h.late);
    release_all(alerts, 3);
}

/* 2,000 queued alerts with a ttl all expire at one tick; each finish ticks
 * again. */
static void tick_from_finish_stays_at_depth_one(void) {
    enum { N = 2000 };
    nesting_host h = {0};
    nesting_page(&h);
    xyz_alert **alerts = calloc(N + 1, sizeof *alerts);
    CHECK(alerts != NULL);
    for (size_t i = 0; i <= N; i++) {
        alerts[i] = xyz_alert_create(NULL);
        if (i > 0) {
            CHECK_OK(xyz_alert_set_ttl(alerts[i], 1));
        }
    }
    CHECK_OK(xyz_dispatch_add(h.page, alerts, N + 1));
    h.tick_from_finish = 1;
    h.clock = 2;
    CHECK_OK(xyz_dispatch_tick(h.page));
    CHECK(h.deepest == 1);
    CHECK(h.finishes == N);
    CHECK(h.by_reason[XYZ_END_EXPIRED] == N);
    h.tick_from_finish = 0;
    CHECK_OK(xyz_dispatch_destroy(h.page));
    release_all(alerts, N);
}

/* An announce callback that sets the title gets the next announce after it
 * returns, as update does: depth 1 for 8,000 changes. */
static void retitle_from_announce_stays_at_depth_one(void) {
    enum { N = 8000 };
    nesting_host h = {0};
    nesting_page(&h);
    xyz_alert *alert = xyz_alert_create("a");
    CHECK_OK(xyz_alert_set_title(alert, "first"));
    h.retitle_from_announce = N;
    CHECK_OK(xyz_dispatch_add(h.page, &alert, 1));
    CHECK(h.deepest == 1);
    CHECK(h.announces == N + 1); /* the first show, then each new title */
    CHECK_STR(xyz_alert_title(alert), "title 1");
    CHECK_OK(xyz_dispatch_destroy(h.page));
    xyz_alert_release(alert);
}

const test_case nesting_tests[] = {
    {"cancel_queued_from_finish_stays_at_depth_one", cancel_queued_from_finish_stays_at_depth_one},
    {"cancel_tagged_from_finish_stays_at_depth_one", cancel_tagged_from_finish_stays_at_depth_one},
    {"a_joined_cancel_reaches_alerts_added_meanwhile", a_joined_cancel_reaches_alerts_added_meanwhile},
    {"tick_from_finish_stays_at_depth_one", tick_from_finish_stays_at_depth_one},
    {"retitle_from_announce_stays_at_depth_one", retitle_from_announce_stays_at_depth_one},
    {NULL, NULL},
};
