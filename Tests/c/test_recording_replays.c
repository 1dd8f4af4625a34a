/* Recording (docs/rules.md §15): what the third adversarial run found
 * recordings could not replay, each now a session that replays to the
 * events the host saw (recording_session.h). */
#include <math.h>
#include <stdlib.h>

#include "recording_session.h"

/* A hold made while idle stays on the alert after its add. */
static void a_hold_made_while_idle_replays(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_duration(a, 2));
    CHECK_OK(xyz_alert_hold(a));
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    s.clock = 3;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK(xyz_alert_state(a) == XYZ_STATE_SHOWING);
    CHECK_OK(xyz_alert_unhold(a));
    s.clock = 6;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK_STR(s.log, "show a home\nremove a timeout\nfinish a timeout\n");
    check_round_trip(&s, home);
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* A tag added to a queued alert counts for a later cancel by tag. */
static void a_tag_added_after_the_add_replays(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    add1(home, make_alert("a", 0, XYZ_EXCLUSIVE_WAIT));
    xyz_alert *b = make_alert("b", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(home, &b, 1));
    CHECK_OK(xyz_alert_add_tag(b, "later"));
    size_t count = 0;
    CHECK_OK(xyz_dispatch_cancel_queued(home, "later", &count));
    CHECK(count == 1);
    CHECK_STR(s.log, "show a home\nfinish b cancelled\n");
    check_round_trip(&s, home);
    xyz_alert_release(b);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* An alert without id that has caps (it can never be added) as a
 * dependency by handle: the file declares it, and loads. */
static void an_anonymous_dependency_with_caps_replays(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    xyz_alert *never = xyz_alert_create(NULL);
    CHECK_OK(xyz_alert_add_limit(never, 1, XYZ_PER_LIFETIME, 0));
    CHECK_OK(xyz_alert_set_cooldown(never, 10));
    xyz_alert *b = make_alert("b", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_dependency(b, never));
    add1(home, b);
    add1(home, make_alert("c", 0, XYZ_EXCLUSIVE_WAIT));
    CHECK_STR(s.log, "show c home\n");
    check_round_trip(&s, home);
    xyz_alert_release(never);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* An action added to an alert on screen, then chosen. */
static void an_action_added_on_screen_replays(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_OK(xyz_alert_add_action(a, "ok", "OK", XYZ_ACTION_DEFAULT));
    CHECK_OK(xyz_alert_trigger_action(a, 0));
    CHECK_STR(s.log, "show a home\nupdate a\naction a ok\nremove a dismissed\nfinish a dismissed\n");
    check_round_trip(&s, home);
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* A recorded root joins a domain whose keyboard is up: its alert moves. */
static void joining_a_domain_with_the_keyboard_up_replays(void) {
    session s;
    rec_page pages[2];
    xyz_dispatch *home = recorded_home(&s, &pages[0]);
    xyz_dispatch *app = s_page(&pages[1], &s, "app");
    CHECK_OK(xyz_dispatch_page_did_appear(app));
    xyz_rect keyboard = {0, 500, 400, 300};
    CHECK_OK(xyz_dispatch_keyboard_changed(app, keyboard, 0));
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_rect frame = {0, 400, 400, 200};
    CHECK_OK(xyz_alert_set_frame(a, &frame));
    add1(home, a);
    CHECK_OK(xyz_dispatch_set_parent(home, app));
    CHECK_STR(s.log, "show a home\nmove a -100\n");
    check_round_trip(&s, home);
    CHECK_OK(xyz_dispatch_destroy(home));
    CHECK_OK(xyz_dispatch_destroy(app));
}

/* A recorded root without a history joins a domain that has one, before
 * any add: the file starts from that history, and its caps replay. Once
 * alerts were added, the file cannot hold it and says so. */
static void joining_a_domain_with_a_history_replays(void) {
    for (int added_first = 0; added_first < 2; added_first++) {
        session s;
        rec_page pages[2];
        xyz_dispatch *home = recorded_home(&s, &pages[0]);
        xyz_dispatch *app = s_page(&pages[1], &s, "app");
        CHECK_OK(xyz_dispatch_page_did_appear(app));
        xyz_history *h = xyz_history_create(NULL, NULL, NULL);
        CHECK_OK(xyz_history_set_limit(h, "id:tip", 1, XYZ_PER_SESSION, 0));
        CHECK_OK(xyz_dispatch_set_history(app, h));
        if (added_first) {
            xyz_alert *first = make_alert("first", 0, XYZ_EXCLUSIVE_WAIT);
            CHECK_OK(xyz_dispatch_add(home, &first, 1));
            CHECK_OK(xyz_alert_dismiss(first));
            xyz_alert_release(first);
        }
        CHECK_OK(xyz_dispatch_set_parent(home, app));
        for (int i = 0; i < 2; i++) {
            xyz_alert *tip = make_alert("tip", 0, XYZ_EXCLUSIVE_WAIT);
            CHECK_OK(xyz_dispatch_add(home, &tip, 1));
            if (xyz_alert_state(tip) == XYZ_STATE_SHOWING) CHECK_OK(xyz_alert_dismiss(tip));
            xyz_alert_release(tip);
        }
        if (!added_first) {
            CHECK_STR(s.log, "show tip home\nfinish tip dismissed\nfinish tip capped\n");
            check_round_trip(&s, home);
        } else {
            CHECK(xyz_dispatch_recording_json(home) == NULL);
            CHECK(strstr(xyz_last_error(), "history") != NULL);
        }
        CHECK_OK(xyz_dispatch_destroy(home));
        CHECK_OK(xyz_dispatch_destroy(app));
        xyz_history_release(h);
    }
}

/* A page met as a child keeps its own root settings (docs/rules.md §17.6):
 * after it splits off, its scale of infinity keeps its toast up. */
static void a_child_keeps_its_own_root_settings_in_the_file(void) {
    session s;
    memset(&s, 0, sizeof s);
    rec_page pages[2];
    xyz_dispatch *app = s_page(&pages[0], &s, "app");
    xyz_dispatch *tab = s_page(&pages[1], &s, "tab");
    CHECK_OK(xyz_dispatch_set_duration_scale(tab, INFINITY));
    CHECK_OK(xyz_dispatch_set_gap(tab, "toast", 3));
    CHECK_OK(xyz_dispatch_set_lane_limit(tab, "toast", 2, XYZ_ON_FULL_QUEUE));
    CHECK_OK(xyz_dispatch_page_did_appear(app));
    CHECK_OK(xyz_dispatch_page_did_appear(tab));
    CHECK_OK(xyz_dispatch_set_parent(tab, app));
    CHECK_OK(xyz_dispatch_start_recording(app));
    CHECK_OK(xyz_dispatch_set_parent(tab, NULL));
    xyz_alert *t = make_alert("t", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_duration(t, 1));
    CHECK_OK(xyz_alert_set_lane(t, "toast"));
    add1(tab, t);
    add1(tab, make_alert("u", 0, XYZ_EXCLUSIVE_WAIT));
    xyz_alert *v = make_alert("v", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_ttl(v, 10)); /* (a deadline: the tick reads the clock) */
    add1(tab, v);
    s.clock = 5;
    CHECK_OK(xyz_dispatch_tick(tab));
    CHECK_STR(s.log, "show t tab lane:toast\nshow u tab\n");
    check_round_trip(&s, app);
    CHECK_OK(xyz_dispatch_destroy(app));
    CHECK_OK(xyz_dispatch_destroy(tab));
}

/* The largest counts and windows the setters take are held by the file. */
static void the_setters_edges_replay(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    xyz_history *h = xyz_history_create(NULL, NULL, NULL);
    CHECK_OK(xyz_dispatch_set_history(home, h));
    CHECK_OK(xyz_history_set_limit(h, "all", UINT32_MAX, XYZ_PER_WINDOW, 1.7976931348623157e308));
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_limit(a, UINT32_MAX, XYZ_PER_WINDOW, 1e300));
    CHECK_OK(xyz_alert_add_limit(a, UINT32_MAX, XYZ_PER_LIFETIME, 0));
    CHECK_OK(xyz_alert_set_cooldown(a, 5e-324));
    add1(home, a);
    CHECK_OK(xyz_dispatch_set_lane_limit(home, "toast", 2147483647, XYZ_ON_FULL_EVICT_OLDEST));
    CHECK_OK(xyz_dispatch_set_capacity(home, 2147483647));
    CHECK_OK(xyz_dispatch_set_gap(home, "toast", 1.7976931348623157e308));
    CHECK_OK(xyz_dispatch_set_duration_scale(home, 5e-324));
    CHECK_STR(s.log, "show a home\n");
    check_round_trip(&s, home);
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_history_release(h);
}

/* A display counted in a history the recorded domain shares, by a page the
 * recording does not see, breaks the recording (its replay would not count
 * it); one on a recorded page does not. */
static void a_display_elsewhere_in_a_shared_history_is_reported(void) {
    for (int elsewhere = 0; elsewhere < 2; elsewhere++) {
        session s;
        rec_page pages[2];
        memset(&s, 0, sizeof s);
        xyz_history *h = xyz_history_create(NULL, NULL, NULL);
        CHECK_OK(xyz_history_set_limit(h, "all", 10, XYZ_PER_SESSION, 0));
        xyz_dispatch *home = s_page(&pages[0], &s, "home");
        xyz_dispatch *other = s_page(&pages[1], &s, "other");
        CHECK_OK(xyz_dispatch_set_history(home, h));
        CHECK_OK(xyz_dispatch_set_history(other, h));
        CHECK_OK(xyz_dispatch_page_did_appear(home));
        CHECK_OK(xyz_dispatch_page_did_appear(other));
        CHECK_OK(xyz_dispatch_start_recording(home));
        add1(elsewhere ? other : home, make_alert("a", 0, XYZ_EXCLUSIVE_WAIT));
        char *json = xyz_dispatch_recording_json(home);
        if (elsewhere) {
            CHECK(json == NULL);
            CHECK(strstr(xyz_last_error(), "shares its history with a page the recording does not see") != NULL);
        } else {
            CHECK(json != NULL);
        }
        xyz_free(json);
        CHECK_OK(xyz_dispatch_destroy(home));
        CHECK_OK(xyz_dispatch_destroy(other));
        xyz_history_release(h);
    }
}

const test_case recording_replay_tests[] = {
    {"a_display_elsewhere_in_a_shared_history_is_reported", a_display_elsewhere_in_a_shared_history_is_reported},
    {"a_hold_made_while_idle_replays", a_hold_made_while_idle_replays},
    {"a_tag_added_after_the_add_replays", a_tag_added_after_the_add_replays},
    {"an_anonymous_dependency_with_caps_replays", an_anonymous_dependency_with_caps_replays},
    {"an_action_added_on_screen_replays", an_action_added_on_screen_replays},
    {"joining_a_domain_with_the_keyboard_up_replays", joining_a_domain_with_the_keyboard_up_replays},
    {"joining_a_domain_with_a_history_replays", joining_a_domain_with_a_history_replays},
    {"a_child_keeps_its_own_root_settings_in_the_file", a_child_keeps_its_own_root_settings_in_the_file},
    {"the_setters_edges_replay", the_setters_edges_replay},
    {NULL, NULL},
};
