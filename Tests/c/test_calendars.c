#define _POSIX_C_SOURCE 200809L /* setenv, tzset, strdup */
/* Windows, excludes and calendar caps (docs/rules.md §22) through the C
 * API: the setters and getters with their bad input, the host's
 * utc_offset (and its clamps), the process's zone when it is NULL, the
 * timer asked for the next opening, and a calendar-day limit. Run under
 * valgrind by `make c-test`. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void add_one(xyz_dispatch *d, xyz_alert *a) {
    CHECK_OK(xyz_dispatch_add(d, &a, 1));
}

/* A wall clock the test moves with the recorder's clock: 2026-12-07
 * (a Monday) 07:30 UTC plus the virtual time. */
static const double monday_0730 = 1796628600;
static double wall_clock(void *context) {
    const recorder *r = context;
    return monday_0730 + r->clock;
}

static double offset_answer;
static double answer_offset(double wall, void *context) {
    (void)wall;
    (void)context;
    return offset_answer;
}

/* A clocked page whose host gives `utc_offset` (NULL: the process's zone)
 * and a history on the wall clock above. */
static xyz_dispatch *calendar_page(recorder *r, double (*utc_offset)(double, void *), xyz_history **history) {
    r->clocked = 1;
    xyz_host host = recorder_host(r);
    host.utc_offset = utc_offset;
    xyz_dispatch *page = xyz_dispatch_create(&host, NULL);
    CHECK(page != NULL);
    CHECK_OK(xyz_dispatch_set_name(page, "home"));
    *history = xyz_history_create(wall_clock, r, NULL);
    CHECK_OK(xyz_dispatch_set_history(page, *history));
    CHECK_OK(xyz_dispatch_page_did_appear(page));
    return page;
}

static void windows_are_set_read_and_checked(void) {
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_alert_add_window(a, XYZ_TUESDAY | XYZ_THURSDAY, 3 * 60, 1440));
    CHECK_OK(xyz_alert_add_exclude(a, XYZ_EVERY_DAY, 23 * 60, 60));
    CHECK_OK(xyz_alert_add_window(a, XYZ_SUNDAY, 22 * 60, 0)); /* 00:00 as an end: 24:00 */
    CHECK(xyz_alert_window_count(a, false) == 2 && xyz_alert_window_count(a, true) == 1);
    unsigned days = 0;
    int from = -1, to = -1;
    CHECK_OK(xyz_alert_window(a, false, 0, &days, &from, &to));
    CHECK(days == (XYZ_TUESDAY | XYZ_THURSDAY) && from == 180 && to == 1440);
    CHECK_OK(xyz_alert_window(a, false, 1, &days, &from, &to));
    CHECK(days == XYZ_SUNDAY && from == 1320 && to == 1440);
    CHECK_OK(xyz_alert_window(a, true, 0, &days, &from, &to));
    CHECK(days == XYZ_EVERY_DAY && from == 1380 && to == 60);
    CHECK(xyz_alert_window(a, true, 1, &days, &from, &to) == XYZ_EINVAL);
    CHECK(strstr(xyz_last_error(), "out of range") != NULL);
    /* Bad windows: an error that says what, and nothing changes. */
    CHECK(xyz_alert_add_window(a, 0, 60, 120) == XYZ_EINVAL);
    CHECK(strstr(xyz_last_error(), "at least one day") != NULL);
    CHECK(xyz_alert_add_window(a, 128, 60, 120) == XYZ_EINVAL);
    CHECK(xyz_alert_add_window(a, XYZ_MONDAY, 1440, 60) == XYZ_EINVAL);
    CHECK(strstr(xyz_last_error(), "start") != NULL);
    CHECK(xyz_alert_add_window(a, XYZ_MONDAY, -1, 60) == XYZ_EINVAL);
    CHECK(xyz_alert_add_window(a, XYZ_MONDAY, 60, 1441) == XYZ_EINVAL);
    CHECK(xyz_alert_add_exclude(a, XYZ_MONDAY, 60, 60) == XYZ_EINVAL);
    CHECK(strstr(xyz_last_error(), "empty") != NULL);
    CHECK(xyz_alert_window_count(a, false) == 2 && xyz_alert_window_count(a, true) == 1);
    CHECK(xyz_alert_on_outside(a) == XYZ_ON_OUTSIDE_WAIT);
    CHECK(xyz_alert_set_on_outside(a, (xyz_on_outside)7) == XYZ_EINVAL);
    CHECK_OK(xyz_alert_set_on_outside(a, XYZ_ON_OUTSIDE_DROP));
    CHECK(xyz_alert_on_outside(a) == XYZ_ON_OUTSIDE_DROP);
    CHECK_OK(xyz_alert_clear_windows(a));
    CHECK(xyz_alert_window_count(a, false) == 0 && xyz_alert_window_count(a, true) == 0);
    CHECK(xyz_alert_window_count(NULL, false) == 0);
    CHECK(xyz_alert_add_window(NULL, XYZ_MONDAY, 0, 60) == XYZ_EINVAL);
    /* Idle alerts only. */
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    add_one(home, a);
    CHECK(xyz_alert_add_window(a, XYZ_MONDAY, 0, 60) == XYZ_ESTATE);
    CHECK(xyz_alert_set_on_outside(a, XYZ_ON_OUTSIDE_WAIT) == XYZ_ESTATE);
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void an_alert_outside_its_window_waits_for_the_opening(void) {
    recorder r = {0};
    xyz_history *history;
    offset_answer = 3600; /* 08:30 local */
    xyz_dispatch *home = calendar_page(&r, answer_offset, &history);
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_alert_add_window(a, XYZ_EVERY_DAY, 9 * 60, 10 * 60));
    add_one(home, a);
    CHECK(xyz_alert_state(a) == XYZ_STATE_READY);
    xyz_why why = XYZ_WHY_INIT;
    CHECK_OK(xyz_alert_why(a, &why));
    CHECK(why.code == XYZ_WHY_OUTSIDE_WINDOW && why.until == 1800);
    CHECK(strstr(why.rule, "09:00-10:00") != NULL);
    CHECK(xyz_dispatch_next_deadline(home) == 1800); /* a timer for the opening */
    recorder_take(&r);
    recorder_advance(&r, &home, 1, 1799);
    CHECK(xyz_alert_state(a) == XYZ_STATE_READY);
    recorder_advance(&r, &home, 1, 1);
    CHECK(xyz_alert_state(a) == XYZ_STATE_SHOWING);
    /* On screen it stays after the window closes. */
    recorder_advance(&r, &home, 1, 7200);
    CHECK(xyz_alert_state(a) == XYZ_STATE_SHOWING);
    xyz_alert_release(a);
    /* Drop: it ends outside_window when it would be selected. */
    xyz_alert *b = xyz_alert_create("b");
    CHECK_OK(xyz_alert_set_lane(b, "side"));
    CHECK_OK(xyz_alert_add_window(b, XYZ_EVERY_DAY, 9 * 60, 10 * 60));
    CHECK_OK(xyz_alert_set_on_outside(b, XYZ_ON_OUTSIDE_DROP));
    recorder_take(&r);
    add_one(home, b);
    CHECK(xyz_alert_state(b) == XYZ_STATE_FINISHED);
    CHECK_OK(xyz_alert_why(b, &why));
    CHECK(why.code == XYZ_WHY_FINISHED && why.end_reason == XYZ_END_OUTSIDE_WINDOW);
    CHECK(strstr(recorder_take(&r), "finish b outside_window") != NULL);
    xyz_alert_release(b);
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_history_release(history);
}

static void bad_offsets_are_clamped_never_a_wrong_day_or_a_hang(void) {
    /* NaN reads as UTC: 07:30 is outside 09:00-10:00 (with the offset of
     * +1 h it was 08:30, outside too; +2 h would put it inside). */
    struct { double answer; int from; int inside; } cases[] = {
        {NAN, 7 * 60, 1},            /* UTC: 07:30 is in 07:00-08:00 */
        {INFINITY, 60 * 25 % 1440, 1}, /* +18 h: 01:30 Tuesday is in 01:00-02:00 */
        {-1e300, 13 * 60, 1},        /* -18 h: 13:30 Sunday is in 13:00-14:00 */
        {7200, 7 * 60, 0},           /* +2 h: 09:30 is not in 07:00-08:00 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        recorder r = {0};
        xyz_history *history;
        offset_answer = cases[i].answer;
        xyz_dispatch *home = calendar_page(&r, answer_offset, &history);
        xyz_alert *a = xyz_alert_create("a");
        CHECK_OK(xyz_alert_add_window(a, XYZ_EVERY_DAY, cases[i].from, cases[i].from + 60));
        add_one(home, a);
        CHECK((xyz_alert_state(a) == XYZ_STATE_SHOWING) == (cases[i].inside != 0));
        xyz_alert_release(a);
        CHECK_OK(xyz_dispatch_destroy(home));
        xyz_history_release(history);
    }
}

static void a_null_utc_offset_is_the_process_zone(void) {
    const char *old = getenv("TZ");
    char *saved = old ? strdup(old) : NULL;
    setenv("TZ", "Asia/Tokyo", 1); /* +9 h: 16:30 */
    tzset();
    recorder r = {0};
    xyz_history *history;
    xyz_dispatch *home = calendar_page(&r, NULL, &history);
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_alert_add_window(a, XYZ_MONDAY, 16 * 60, 17 * 60));
    add_one(home, a);
    CHECK(xyz_alert_state(a) == XYZ_STATE_SHOWING);
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_history_release(history);
    if (saved) setenv("TZ", saved, 1); else unsetenv("TZ");
    tzset();
    free(saved);
}

static void a_calendar_day_limit_frees_at_local_midnight(void) {
    recorder r = {0};
    xyz_history *history;
    offset_answer = -7 * 3600 - 1800; /* 00:00 local at 07:30 UTC */
    xyz_dispatch *home = calendar_page(&r, answer_offset, &history);
    recorder_advance(&r, &home, 1, -60 + 86400); /* Monday 23:59 local */
    xyz_alert *a = xyz_alert_create("tip");
    CHECK_OK(xyz_alert_add_limit(a, 1, XYZ_PER_DAY, 0));
    CHECK_OK(xyz_alert_set_on_capped(a, XYZ_ON_CAPPED_WAIT));
    uint32_t count = 0;
    xyz_limit_per per = XYZ_PER_SESSION;
    double window = -1;
    CHECK_OK(xyz_alert_limit(a, 0, &count, &per, &window));
    CHECK(count == 1 && per == XYZ_PER_DAY && window == 0);
    add_one(home, a);
    CHECK_OK(xyz_alert_dismiss(a));
    xyz_alert_release(a);
    a = xyz_alert_create("tip");
    CHECK_OK(xyz_alert_add_limit(a, 1, XYZ_PER_DAY, 0));
    CHECK_OK(xyz_alert_set_on_capped(a, XYZ_ON_CAPPED_WAIT));
    add_one(home, a);
    xyz_why why = XYZ_WHY_INIT;
    CHECK_OK(xyz_alert_why(a, &why));
    CHECK(why.code == XYZ_WHY_CAPPED && why.until == 60);
    CHECK(strstr(why.rule, "today") != NULL);
    recorder_advance(&r, &home, 1, 60);
    CHECK(xyz_alert_state(a) == XYZ_STATE_SHOWING);
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_history_release(history);
}

const test_case calendar_tests[] = {
    {"windows_are_set_read_and_checked", windows_are_set_read_and_checked},
    {"an_alert_outside_its_window_waits_for_the_opening", an_alert_outside_its_window_waits_for_the_opening},
    {"bad_offsets_are_clamped_never_a_wrong_day_or_a_hang", bad_offsets_are_clamped_never_a_wrong_day_or_a_hang},
    {"a_null_utc_offset_is_the_process_zone", a_null_utc_offset_is_the_process_zone},
    {"a_calendar_day_limit_frees_at_local_midnight", a_calendar_day_limit_frees_at_local_midnight},
    {NULL, NULL},
};
