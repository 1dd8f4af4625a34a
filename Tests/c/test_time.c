/* Time through the C ABI (docs/rules.md §12): durations that pause while
 * hidden, ttl, ticks, the host's clock and timer, polling, bad values. */
#include <math.h>

#include "harness.h"

/* A clocked recorder's visible page. */
static xyz_dispatch *clocked_page(recorder *r, const char *name) {
    r->clocked = 1;
    return recorder_page(r, name);
}

/* A `cover` toast of priority 1 with a duration and a ttl (+1 reference). */
static xyz_alert *toast(const char *id, double duration, double ttl) {
    xyz_alert *a = make_alert(id, 1, XYZ_EXCLUSIVE_COVER);
    xyz_alert_set_duration(a, duration);
    xyz_alert_set_ttl(a, ttl);
    return a;
}

static void add_one(xyz_dispatch *d, xyz_alert *a) {
    CHECK_OK(xyz_dispatch_add(d, &a, 1));
    xyz_alert_release(a);
}

static void a_duration_ends_a_showing_alert_with_timeout(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    add_one(home, toast("t", 3, 0));
    CHECK_STR(recorder_take(&r), "show t page\ntimer home 3\n");
    r.clock = 2.9;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK_STR(recorder_take(&r), "timer home 0.1\n"); /* early: nothing but a new request */
    r.clock = 3;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK_STR(recorder_take(&r), "remove t timeout\nfinish t timeout\n");
    CHECK(xyz_dispatch_next_deadline(home) < 0);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void the_duration_pauses_while_hidden(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    add_one(home, toast("t", 3, 0));
    r.clock = 1;
    xyz_alert *dialog = make_alert("dialog", 9, XYZ_EXCLUSIVE_HIDE_OTHERS);
    CHECK_OK(xyz_dispatch_add(home, &dialog, 1));
    recorder_advance(&r, &home, 1, 10);
    CHECK_OK(xyz_alert_dismiss(dialog));
    xyz_alert_release(dialog);
    recorder_advance(&r, &home, 1, 1);
    CHECK_OK(xyz_dispatch_page_will_disappear(home));
    recorder_advance(&r, &home, 1, 50);
    CHECK_OK(xyz_dispatch_page_did_appear(home));
    recorder_advance(&r, &home, 1, 0.5);
    CHECK_STR(recorder_take(&r), "show t page\ntimer home 3\n"
              "hide t covered\nshow dialog page\ntimer home -1\n"
              "finish dialog dismissed\nunhide t\ntimer home 2\n"
              "hide t page\ntimer home -1\n"
              "unhide t\ntimer home 1\n");
    recorder_advance(&r, &home, 1, 1);
    CHECK_STR(recorder_take(&r), "remove t timeout\nfinish t timeout\n");
    CHECK(r.clock == 63.5);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void a_ttl_expires_unseen_alerts_only(void) {
    recorder r = {0};
    r.clocked = 1;
    xyz_host host = recorder_host(&r);
    xyz_dispatch *home = xyz_dispatch_create(&host, NULL);
    xyz_dispatch_set_name(home, "home");
    add_one(home, toast("stale", 0, 5));
    add_one(home, toast("shown", 0, 5));
    recorder_advance(&r, &home, 1, 4);
    CHECK_OK(xyz_dispatch_page_did_appear(home)); /* "stale" shows, "shown" waits behind it */
    xyz_alert *cover = make_alert("cover", 9, XYZ_EXCLUSIVE_HIDE_OTHERS);
    CHECK_OK(xyz_dispatch_add(home, &cover, 1));
    recorder_advance(&r, &home, 1, 100);
    CHECK_STR(recorder_take(&r), "timer home 5\nshow stale page\nhide stale covered\nshow cover page\n"
              "finish shown expired\n"); /* the tick used the timer up: no -1 needed */
    CHECK(xyz_alert_state(xyz_dispatch_find(home, "stale")) == XYZ_STATE_HIDDEN);
    xyz_alert_release(cover);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void chained_timers_and_ties_fire_in_order(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    xyz_alert *batch[3] = {make_alert("a", 0, XYZ_EXCLUSIVE_WAIT), make_alert("b", 0, XYZ_EXCLUSIVE_WAIT),
                           make_alert("c", 0, XYZ_EXCLUSIVE_WAIT)};
    for (int i = 0; i < 3; i++) CHECK_OK(xyz_alert_set_duration(batch[i], 1));
    CHECK_OK(xyz_dispatch_add(home, batch, 3));
    recorder_advance(&r, &home, 1, 10);
    /* Each tick uses the timer up; the next deadline is asked for after it. */
    CHECK_STR(recorder_take(&r), "show a page\ntimer home 1\n"
              "remove a timeout\nfinish a timeout\nshow b page\ntimer home 1\n"
              "remove b timeout\nfinish b timeout\nshow c page\ntimer home 1\n"
              "remove c timeout\nfinish c timeout\n");
    for (int i = 0; i < 3; i++) xyz_alert_release(batch[i]);
    CHECK_OK(xyz_dispatch_page_will_disappear(home));
    add_one(home, toast("first", 0, 4));
    r.clock = 11;
    add_one(home, toast("second", 0, 3));
    r.clock = 14;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK_STR(recorder_take(&r), "timer home 4\nfinish first expired\nfinish second expired\n");
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void deferred_mode_ends_during_the_tick(void) {
    recorder r = {0};
    r.deferred = 1;
    xyz_dispatch *home = clocked_page(&r, "home");
    CHECK_OK(xyz_dispatch_flush(home));
    xyz_alert *pair[2] = {toast("a", 1, 0), toast("b", 1, 0)};
    CHECK_OK(xyz_dispatch_add(home, pair, 2));
    CHECK_OK(xyz_dispatch_flush(home));
    recorder_take(&r);
    r.clock = 1;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK_STR(recorder_take(&r), "remove a timeout\nfinish a timeout\nflush? home\n");
    CHECK(xyz_alert_state(pair[1]) == XYZ_STATE_READY);
    CHECK_OK(xyz_dispatch_flush(home));
    CHECK_STR(recorder_take(&r), "show b page\ntimer home 1\n");
    xyz_alert_release(pair[0]);
    xyz_alert_release(pair[1]);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void destroy_with_timers_pending(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    xyz_alert *t = toast("t", 5, 0);
    add_one(home, xyz_alert_retain(t));
    recorder_take(&r);
    CHECK_OK(xyz_dispatch_destroy(home));
    CHECK_STR(recorder_take(&r), "remove t destroyed\nfinish t destroyed\ntimer home -1\n");
    CHECK(r.context_destroyed == 1);
    CHECK(xyz_alert_state(t) == XYZ_STATE_FINISHED);
    xyz_alert_release(t);
}

/* Moves the clock to `until`, ticking whenever the requested timer is due,
 * as a main loop driven by set_timer alone does. */
static void run_timers(recorder *r, xyz_dispatch *home, double until) {
    while (r->timer_set && r->timer_due <= until) {
        r->clock = r->timer_due;
        r->timer_set = 0;
        CHECK_OK(xyz_dispatch_tick(home));
    }
    r->clock = until;
}

/* The same calls, timed by set_timer and by polling next_deadline: the same events. */
static void a_polling_host_sees_the_same_trace(void) {
    char traces[2][2048];
    for (int polling = 0; polling < 2; polling++) {
        recorder r = {0};
        xyz_dispatch *home = clocked_page(&r, "home");
        xyz_alert *three[3] = {toast("a", 2, 0), make_alert("b", 0, XYZ_EXCLUSIVE_WAIT), toast("c", 1, 3)};
        CHECK_OK(xyz_dispatch_add(home, three, 3));
        xyz_alert *d = make_alert("d", 5, XYZ_EXCLUSIVE_HIDE_OTHERS);
        const double times[3] = {1.5, 5.5, 15.5};
        for (int step = 0; step < 3; step++) {
            if (polling) {
                recorder_advance(&r, &home, 1, times[step] - r.clock);
            } else {
                run_timers(&r, home, times[step]);
            }
            if (step == 0) CHECK_OK(xyz_dispatch_add(home, &d, 1));
            if (step == 1) CHECK_OK(xyz_alert_dismiss(d));
        }
        /* The events only: every timer line dropped. */
        char *out = traces[polling];
        out[0] = '\0';
        const char *log = recorder_take(&r);
        for (const char *line = log; *line;) {
            size_t n = (size_t)(strchr(line, '\n') - line) + 1;
            if (strncmp(line, "timer ", 6) != 0) strncat(out, line, n);
            line += n;
        }
        for (int i = 0; i < 3; i++) xyz_alert_release(three[i]);
        xyz_alert_release(d);
        CHECK_OK(xyz_dispatch_destroy(home));
    }
    CHECK_STR(traces[0], traces[1]);
    CHECK_STR(traces[1], "show a page\nhide a covered\nshow d page\nfinish c expired\nfinish d dismissed\n"
              "unhide a\nremove a timeout\nfinish a timeout\nshow b page\n");
}

static void durations_and_ttl_are_checked(void) {
    xyz_alert *a = xyz_alert_create("a");
    const double bad[] = {-1, NAN, INFINITY, -INFINITY, -0.001};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_STATUS(xyz_alert_set_duration(a, bad[i]), XYZ_EINVAL);
        CHECK_STATUS(xyz_alert_set_ttl(a, bad[i]), XYZ_EINVAL);
    }
    CHECK_STR(xyz_last_error(), "ttl of alert 'a' must be a finite number of seconds, 0 or more, not -0.001");
    CHECK(xyz_alert_duration(a) == 0 && xyz_alert_ttl(a) == 0);
    CHECK_OK(xyz_alert_set_duration(a, 2.5));
    CHECK_OK(xyz_alert_set_ttl(a, 0));
    CHECK(xyz_alert_duration(a) == 2.5);
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_STATUS(xyz_alert_set_duration(a, 1), XYZ_ESTATE);
    CHECK_STATUS(xyz_alert_set_ttl(a, 1), XYZ_ESTATE);
    CHECK(xyz_alert_duration(a) == 2.5);
    CHECK_STATUS(xyz_dispatch_tick(NULL), XYZ_EINVAL);
    CHECK(xyz_dispatch_next_deadline(NULL) < 0);
    CHECK(xyz_alert_duration(NULL) == 0 && xyz_alert_ttl(NULL) == 0);
    CHECK_STATUS(xyz_alert_set_duration(NULL, 1), XYZ_EINVAL);
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
    CHECK_STR(xyz_end_reason_name(XYZ_END_TIMEOUT), "timeout");
    CHECK_STR(xyz_end_reason_name(XYZ_END_EXPIRED), "expired");
}

/* docs/rules.md §12: a clock whose first readings are NaN gives no time; a
 * countdown started then runs from the first finite reading, not from 0. */
static void a_clock_without_a_first_reading_starts_no_countdown(void) {
    recorder r = {0};
    r.clock = NAN;
    xyz_dispatch *home = clocked_page(&r, "home");
    add_one(home, toast("t", 2, 0));
    CHECK_STR(recorder_take(&r), "show t page\ntimer home 2\n");
    CHECK_OK(xyz_dispatch_tick(home));
    r.clock = 1000; /* the first good reading: the domain's time goes on from 0 */
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK_STR(recorder_take(&r), "timer home 2\ntimer home 2\n"); /* early ticks: the same 2 s left */
    CHECK(xyz_dispatch_next_deadline(home) == 2);
    r.clock = 1001.5;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK(xyz_dispatch_next_deadline(home) == 0.5);
    r.clock = NAN; /* a bad reading later stands at the last good one */
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK(xyz_dispatch_next_deadline(home) == 0.5);
    r.clock = 1002;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK_STR(recorder_take(&r), "timer home 0.5\ntimer home 0.5\nremove t timeout\nfinish t timeout\n");
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* A first reading that is finite is the domain's time as it is. */
static void a_good_first_reading_is_taken_as_it_is(void) {
    recorder r = {0};
    r.clock = 500;
    xyz_dispatch *home = clocked_page(&r, "home");
    add_one(home, toast("t", 2, 0));
    r.clock = 502;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK_STR(recorder_take(&r), "show t page\ntimer home 2\nremove t timeout\nfinish t timeout\n");
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* docs/rules.md §12: times stay finite. A deadline past the largest time is
 * the largest time (never infinite), so a timer request is finite. */
static void deadlines_and_timer_delays_stay_finite(void) {
    recorder r = {0};
    r.clock = 1.7e308;
    xyz_dispatch *home = clocked_page(&r, "home");
    add_one(home, toast("t", 1e308, 0));
    CHECK_STR(recorder_take(&r), "show t page\ntimer home 9.76931e+306\n"); /* up to the largest time */
    double left = xyz_dispatch_next_deadline(home);
    CHECK(isfinite(left) && left > 9e306);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* Two roots whose clocks read -1e308 and +1e308, joined and split: the time
 * left is carried each way (at these magnitudes 3 s is below the clock's
 * precision, so none is left), never a NaN deadline a polling host spins on. */
static void joining_far_apart_clocks_keeps_deadlines_finite(void) {
    recorder low = {0}, high = {0};
    low.clock = -1e308;
    high.clock = 1e308;
    xyz_dispatch *child = clocked_page(&low, "child");
    xyz_dispatch *parent = clocked_page(&high, "parent");
    add_one(child, toast("t", 3, 0));
    CHECK_OK(xyz_dispatch_set_parent(child, parent));
    double joined = xyz_dispatch_next_deadline(child);
    CHECK(isfinite(joined) && joined >= 0 && joined <= 3);
    CHECK_OK(xyz_dispatch_set_parent(child, NULL));
    double left = xyz_dispatch_next_deadline(child);
    CHECK(isfinite(left) && left >= 0 && left <= 3);
    CHECK_OK(xyz_dispatch_tick(child));
    CHECK(strstr(recorder_take(&low), "finish t timeout") != NULL);
    CHECK_OK(xyz_dispatch_destroy(child));
    CHECK_OK(xyz_dispatch_destroy(parent));
}

/* A clock that goes back: only forward movement counts, so a 1 s duration
 * lasts 1 s of forward time, not the jump back as well. */
static void a_clock_that_goes_back_does_not_stretch_a_countdown(void) {
    recorder r = {0};
    r.clock = 10;
    xyz_dispatch *home = clocked_page(&r, "home");
    add_one(home, toast("t", 1, 0));
    r.clock = -90; /* set back by 100 s: the domain's time stays at 10 */
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK(xyz_dispatch_next_deadline(home) == 1);
    r.clock = -89;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK_STR(recorder_take(&r), "show t page\ntimer home 1\ntimer home 1\nremove t timeout\nfinish t timeout\n");
    CHECK_OK(xyz_dispatch_destroy(home));
}

const test_case time_tests[] = {
    {"deadlines_and_timer_delays_stay_finite", deadlines_and_timer_delays_stay_finite},
    {"joining_far_apart_clocks_keeps_deadlines_finite", joining_far_apart_clocks_keeps_deadlines_finite},
    {"a_clock_that_goes_back_does_not_stretch_a_countdown", a_clock_that_goes_back_does_not_stretch_a_countdown},
    {"a_clock_without_a_first_reading_starts_no_countdown", a_clock_without_a_first_reading_starts_no_countdown},
    {"a_good_first_reading_is_taken_as_it_is", a_good_first_reading_is_taken_as_it_is},
    {"a_duration_ends_a_showing_alert_with_timeout", a_duration_ends_a_showing_alert_with_timeout},
    {"the_duration_pauses_while_hidden", the_duration_pauses_while_hidden},
    {"a_ttl_expires_unseen_alerts_only", a_ttl_expires_unseen_alerts_only},
    {"chained_timers_and_ties_fire_in_order", chained_timers_and_ties_fire_in_order},
    {"deferred_mode_ends_during_the_tick", deferred_mode_ends_during_the_tick},
    {"destroy_with_timers_pending", destroy_with_timers_pending},
    {"a_polling_host_sees_the_same_trace", a_polling_host_sees_the_same_trace},
    {"durations_and_ttl_are_checked", durations_and_ttl_are_checked},
    {NULL, NULL},
};
