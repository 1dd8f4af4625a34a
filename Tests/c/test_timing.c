/* Timing for people through the C interface (docs/rules.md §17): holds, the
 * duration scale, show_after, min_visible, lane gaps, announcements and the
 * host struct that grew for them. */
#include <math.h>

#include "harness.h"
#include "xyzalert_tooling.h"

static xyz_dispatch *clocked_page(recorder *r, const char *name) {
    r->clocked = 1;
    return recorder_page(r, name);
}

static xyz_alert *toast(const char *id, double duration, const char *lane) {
    xyz_alert *a = make_alert(id, 1, XYZ_EXCLUSIVE_COVER);
    CHECK_OK(xyz_alert_set_duration(a, duration));
    CHECK_OK(xyz_alert_set_lane(a, lane));
    return a;
}

static void add_one(xyz_dispatch *d, xyz_alert *a) {
    CHECK_OK(xyz_dispatch_add(d, &a, 1));
}

typedef struct said {
    char text[256];
    int count;
    xyz_politeness last;
} said;

static void on_announce(xyz_alert *alert, xyz_politeness politeness, const char *text, void *context) {
    said *s = context;
    (void)alert;
    snprintf(s->text, sizeof s->text, "%s", text);
    s->count++;
    s->last = politeness;
}

static void the_host_struct_grew_by_announce_and_old_sizes_still_work(void) {
    said s = {"", 0, XYZ_ANNOUNCE_OFF};
    xyz_host host = XYZ_HOST_INIT(.context = &s, .announce = on_announce);
    CHECK(sizeof host == 136); /* LP64, as the header says (0.4: campaign, utc_offset) */
    xyz_dispatch *d = xyz_dispatch_create(&host, NULL);
    CHECK_OK(xyz_dispatch_page_did_appear(d));
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_alert_set_title(a, "Saved"));
    CHECK_OK(xyz_alert_set_message(a, "3 files"));
    add_one(d, a);
    CHECK(s.count == 1 && strcmp(s.text, "Saved. 3 files") == 0 && s.last == XYZ_ANNOUNCE_POLITE);
    CHECK_OK(xyz_alert_set_style(a, "toast")); /* same text: not again */
    CHECK(s.count == 1);
    CHECK_OK(xyz_alert_set_message(a, NULL));
    CHECK(s.count == 2 && strcmp(s.text, "Saved") == 0);
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(d));
    host.size = 112; /* the 0.2 header's: announce counts as NULL */
    d = xyz_dispatch_create(&host, NULL);
    CHECK(d != NULL);
    CHECK_OK(xyz_dispatch_destroy(d));
    host.size = 120; /* the 0.3 header's: campaign counts as NULL */
    d = xyz_dispatch_create(&host, NULL);
    CHECK(d != NULL);
    CHECK_OK(xyz_dispatch_destroy(d));
    host.size = 128; /* a size no released header had (0.4 grew by two members at once) */
    CHECK(xyz_dispatch_create(&host, NULL) == NULL && strstr(xyz_last_error(), "136") != NULL);
    CHECK_STR(xyz_politeness_name(XYZ_ANNOUNCE_ASSERTIVE), "assertive");
    CHECK_STR(xyz_politeness_name((xyz_politeness)3), "unknown");
}

static void holds_keep_the_time_left_and_are_counted(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    xyz_alert *t = toast("t", 3, "main");
    add_one(home, t);
    r.clock = 1;
    CHECK_OK(xyz_alert_hold(t));
    CHECK_OK(xyz_alert_hold(t));
    CHECK(xyz_dispatch_next_deadline(home) < 0);
    r.clock = 50;
    CHECK_OK(xyz_alert_unhold(t));
    CHECK(xyz_dispatch_next_deadline(home) < 0); /* still held once */
    CHECK_OK(xyz_alert_unhold(t));
    CHECK(xyz_dispatch_next_deadline(home) == 2);
    CHECK(xyz_alert_unhold(t) == XYZ_ESTATE);
    CHECK_OK(xyz_dispatch_hold_timers(home));
    CHECK(xyz_dispatch_next_deadline(home) < 0);
    CHECK_OK(xyz_dispatch_unhold_timers(home));
    CHECK(xyz_dispatch_unhold_timers(home) == XYZ_ESTATE);
    recorder_advance(&r, &home, 1, 2);
    CHECK_STR(recorder_take(&r), "show t page\ntimer home 3\ntimer home -1\ntimer home 2\ntimer home -1\n"
                                 "timer home 2\nremove t timeout\nfinish t timeout\n");
    xyz_alert_release(t);
    xyz_dispatch *child = clocked_page(&r, "child");
    CHECK_OK(xyz_dispatch_set_parent(child, home));
    CHECK(xyz_dispatch_hold_timers(child) == XYZ_ESTATE);
    CHECK(xyz_dispatch_set_duration_scale(child, 2) == XYZ_ESTATE);
    CHECK(xyz_dispatch_set_gap(child, "toast", 1) == XYZ_ESTATE);
    CHECK_OK(xyz_dispatch_destroy(child));
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void the_scale_retimes_and_infinity_never_times_out(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    xyz_alert *t = toast("t", 4, "main");
    add_one(home, t);
    r.clock = 2;
    CHECK_OK(xyz_dispatch_set_duration_scale(home, 0.5)); /* 2 s left become 1 */
    CHECK(xyz_dispatch_next_deadline(home) == 1);
    CHECK_OK(xyz_dispatch_set_duration_scale(home, INFINITY));
    CHECK(xyz_dispatch_next_deadline(home) < 0 && isinf(xyz_dispatch_duration_scale(home)));
    CHECK(xyz_dispatch_set_duration_scale(home, 0) == XYZ_EINVAL);
    CHECK(xyz_dispatch_set_duration_scale(home, NAN) == XYZ_EINVAL);
    CHECK(xyz_dispatch_set_duration_scale(home, -1) == XYZ_EINVAL);
    xyz_alert_release(t);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* A 5 s toast shown at 0; at 1 the scale goes to an extreme and back to 1,
 * at once or one second later: the share left is kept exactly (4 s at
 * once; 4 less 1/scale later, which is 4 for a huge scale). It was read
 * back from a deadline that overflowed (1e308) or underflowed (5e-324). */
static void the_scale_keeps_the_share_left_at_its_extremes(void) {
    const double extremes[] = {1e300, 1e308, 1.7976931348623157e308, INFINITY, 5e-324, 1e-300};
    for (size_t i = 0; i < sizeof extremes / sizeof extremes[0]; i++) {
        for (int later = 0; later <= 1; later++) {
            double scale = extremes[i];
            if (later && scale < 1) {
                continue; /* (a tiny scale spends the rest in no time: below) */
            }
            recorder r = {0};
            xyz_dispatch *home = clocked_page(&r, "home");
            xyz_alert *t = toast("t", 5, "main");
            add_one(home, t);
            r.clock = 1;
            CHECK_OK(xyz_dispatch_set_duration_scale(home, scale));
            r.clock += later;
            CHECK_OK(xyz_dispatch_set_duration_scale(home, 1));
            if (xyz_dispatch_next_deadline(home) != 4) {
                fprintf(stderr, "scale %g, back after %d s: %.17g s left\n", scale, later,
                        xyz_dispatch_next_deadline(home));
                CHECK(0);
            }
            xyz_alert_release(t);
            CHECK_OK(xyz_dispatch_destroy(home));
        }
    }
    /* A tiny scale: one second of it spends the whole duration. */
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    xyz_alert *t = toast("t", 5, "main");
    add_one(home, t);
    CHECK_OK(xyz_dispatch_set_duration_scale(home, 5e-324));
    CHECK(xyz_dispatch_next_deadline(home) < 1e-300);
    r.clock = 1;
    CHECK_OK(xyz_dispatch_set_duration_scale(home, 1));
    CHECK(xyz_dispatch_next_deadline(home) == 0);
    xyz_alert_release(t);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void show_after_min_visible_and_gaps(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    CHECK_OK(xyz_dispatch_set_gap(home, "toast", 1));
    CHECK(xyz_dispatch_gap(home, "toast") == 1);
    CHECK(xyz_dispatch_set_gap(home, "", 1) == XYZ_EINVAL);
    xyz_alert *spin = make_alert("spin", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_show_after(spin, 0.5));
    CHECK_OK(xyz_alert_set_min_visible(spin, 2));
    CHECK(xyz_alert_set_show_after(spin, -1) == XYZ_EINVAL);
    add_one(home, spin);
    CHECK(xyz_alert_state(spin) == XYZ_STATE_WAITING);
    xyz_why why = XYZ_WHY_INIT;
    CHECK_OK(xyz_alert_why(spin, &why));
    CHECK(why.code == XYZ_WHY_SHOW_AFTER && why.until == 0.5);
    recorder_advance(&r, &home, 1, 1);
    CHECK_OK(xyz_alert_dismiss(spin));
    CHECK_OK(xyz_alert_why(spin, &why));
    CHECK(why.code == XYZ_WHY_MIN_VISIBLE && why.until == 1.5);
    recorder_advance(&r, &home, 1, 2);
    xyz_alert *a = toast("a", 0, "toast"), *b = toast("b", 0, "toast");
    add_one(home, a);
    CHECK_OK(xyz_alert_dismiss(a));
    add_one(home, b);
    CHECK_OK(xyz_alert_why(b, &why));
    CHECK(why.code == XYZ_WHY_LANE_GAP && why.until == 1);
    recorder_advance(&r, &home, 1, 1);
    CHECK_STR(recorder_take(&r), "timer home 0.5\nshow spin page\ntimer home 1.5\n"
                                 "remove spin dismissed\nfinish spin dismissed\n"
                                 "show a page\nfinish a dismissed\ntimer home 1\nshow b page\n");
    xyz_alert_release(spin);
    xyz_alert_release(a);
    xyz_alert_release(b);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* One grammar of seconds with a unit, the files' and the C function's
 * alike: each text is accepted by both, with the same value, or by neither. */
static void seconds_with_a_unit_have_one_grammar(void) {
    static const struct {
        const char *text;
        double seconds; /* < 0: refused */
    } cases[] = {
        {"90s", 90}, {"30m", 1800}, {"12h", 43200}, {"90d", 7776000}, {"1.5h", 5400}, {"0s", 0},
        {"007s", 7}, {"0.25m", 15},
        {"0x10s", -1}, {"1e3s", -1}, {".5s", -1}, {"5.s", -1}, {"-0s", -1}, {"+1s", -1}, {"1 s", -1},
        {" 1s", -1}, {"s", -1}, {"1", -1}, {"1S", -1}, {"1w", -1}, {"\xd9\xa3s", -1} /* an Arabic-Indic 3 */,
        {"1.2.3s", -1}, {"inf s", -1}, {"nans", -1}, {"", -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double parsed = -7;
        xyz_status status = xyz_seconds_parse(cases[i].text, &parsed);
        char json[200];
        snprintf(json, sizeof json, "{\"alerts\": [{\"id\": \"a\", \"duration\": \"%s\"}]}", cases[i].text);
        xyz_error problems[2];
        size_t found = 0;
        xyz_status checked = xyz_check_string(json, strlen(json), problems, 2, &found);
        if (cases[i].seconds < 0) {
            CHECK(status == XYZ_EINVAL && parsed == -7);
            CHECK(checked == XYZ_ESCHEMA);
        } else {
            CHECK(status == XYZ_OK && parsed == cases[i].seconds);
            CHECK(checked == XYZ_OK);
        }
        if (check_failed) {
            fprintf(stderr, "  (for \"%s\")\n", cases[i].text);
            return;
        }
    }
    CHECK(xyz_seconds_parse(NULL, NULL) == XYZ_EINVAL);
}

const test_case timing_tests[] = {
    {"seconds_with_a_unit_have_one_grammar", seconds_with_a_unit_have_one_grammar},
    {"the_scale_keeps_the_share_left_at_its_extremes", the_scale_keeps_the_share_left_at_its_extremes},
    {"the_host_struct_grew_by_announce_and_old_sizes_still_work", the_host_struct_grew_by_announce_and_old_sizes_still_work},
    {"holds_keep_the_time_left_and_are_counted", holds_keep_the_time_left_and_are_counted},
    {"the_scale_retimes_and_infinity_never_times_out", the_scale_retimes_and_infinity_never_times_out},
    {"show_after_min_visible_and_gaps", show_after_min_visible_and_gaps},
    {NULL, NULL}};
