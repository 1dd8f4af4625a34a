/* Every function of the header, one behaviour at a time. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "harness.h"

static void version_macros_and_functions_agree(void) {
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", XYZALERT_VERSION_MAJOR, XYZALERT_VERSION_MINOR,
             XYZALERT_VERSION_PATCH);
    CHECK_STR(xyz_version_string(), expected);
    CHECK_STR(XYZALERT_VERSION_STRING, expected);
    CHECK(xyz_version() == XYZALERT_VERSION_MAJOR * 1000000 + XYZALERT_VERSION_MINOR * 1000 + XYZALERT_VERSION_PATCH);
    CHECK(xyz_version() == XYZALERT_VERSION_NUMBER);
    /* Each part lands in its own slot of the number. */
    CHECK(xyz_version() / 1000000 == XYZALERT_VERSION_MAJOR);
    CHECK(xyz_version() / 1000 % 1000 == XYZALERT_VERSION_MINOR);
    CHECK(xyz_version() % 1000 == XYZALERT_VERSION_PATCH);
}

static void status_names_cover_every_status(void) {
    const char *names[] = {"XYZ_OK", "XYZ_EINVAL", "XYZ_ESTATE", "XYZ_EDUPLICATE", "XYZ_ECYCLE",
                           "XYZ_ENOTFOUND", "XYZ_EPARSE", "XYZ_ESCHEMA", "XYZ_EIO", "XYZ_EOWNER"};
    for (int i = 0; i <= XYZ_EOWNER; i++) {
        CHECK_STR(xyz_status_name((xyz_status)i), names[i]);
    }
    CHECK_STR(xyz_status_name((xyz_status)42), "unknown");
}

static void last_error_describes_the_last_failure_and_is_never_null(void) {
    CHECK(xyz_last_error() != NULL);
    xyz_alert *a = xyz_alert_create("a");
    CHECK_STATUS(xyz_alert_dismiss(a), XYZ_ESTATE);
    CHECK_STR(xyz_last_error(), "cannot dismiss alert 'a': it is idle, not on screen (cancel ends an alert in any live state)");
    CHECK(!xyz_last_error_has_effects()); /* an ordinary failure changed nothing */
    CHECK_OK(xyz_alert_set_priority(a, 3));
    CHECK_STR(xyz_last_error(), "cannot dismiss alert 'a': it is idle, not on screen (cancel ends an alert in any live state)");
    xyz_alert_release(a);
    xyz_free(NULL);
}

static void a_dispatch_has_a_name_and_no_parent(void) {
    xyz_dispatch *d = xyz_dispatch_create(NULL, NULL);
    CHECK(d != NULL);
    CHECK_STR(xyz_dispatch_name(d), "");
    CHECK_OK(xyz_dispatch_set_name(d, "home"));
    CHECK_STR(xyz_dispatch_name(d), "home");
    CHECK(xyz_dispatch_parent(d) == NULL);
    CHECK_OK(xyz_dispatch_destroy(d));
}

static void alerts_have_ids_priorities_and_behaviours(void) {
    xyz_alert *a = xyz_alert_create("login");
    xyz_alert *anonymous = xyz_alert_create(NULL);
    xyz_alert *empty = xyz_alert_create("");
    CHECK_STR(xyz_alert_id(a), "login");
    CHECK(xyz_alert_id(anonymous) == NULL && xyz_alert_id(empty) == NULL);
    CHECK(xyz_alert_priority(a) == 0 && xyz_alert_exclusive(a) == XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_priority(a, -7));
    CHECK_OK(xyz_alert_set_exclusive(a, XYZ_EXCLUSIVE_HIDE_OTHERS));
    CHECK(xyz_alert_priority(a) == -7 && xyz_alert_exclusive(a) == XYZ_EXCLUSIVE_HIDE_OTHERS);
    CHECK(xyz_alert_state(a) == XYZ_STATE_IDLE);
    CHECK(xyz_alert_dispatch(a) == NULL);
    CHECK(xyz_alert_retain(a) == a);
    xyz_alert_release(a);
    xyz_alert_release(a);
    xyz_alert_release(anonymous);
    xyz_alert_release(empty);
    /* The same in one call. */
    xyz_alert *b = xyz_alert_create_with("promo", 12, XYZ_EXCLUSIVE_COVER);
    xyz_alert *c = xyz_alert_create_with(NULL, INT32_MIN, XYZ_EXCLUSIVE_WAIT);
    CHECK_STR(xyz_alert_id(b), "promo");
    CHECK(xyz_alert_priority(b) == 12 && xyz_alert_exclusive(b) == XYZ_EXCLUSIVE_COVER);
    CHECK(xyz_alert_state(b) == XYZ_STATE_IDLE);
    CHECK(xyz_alert_id(c) == NULL && xyz_alert_priority(c) == INT32_MIN && xyz_alert_exclusive(c) == XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_priority(b, 3)); /* still idle: still settable */
    CHECK(xyz_alert_priority(b) == 3);
    xyz_alert_release(b);
    xyz_alert_release(c);
}

static void add_show_dismiss_through_the_c_api(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *b = make_alert("b", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *batch[] = {a, b};
    CHECK_OK(xyz_dispatch_add(home, batch, 2));
    CHECK(xyz_alert_state(a) == XYZ_STATE_SHOWING && xyz_alert_state(b) == XYZ_STATE_READY);
    CHECK(xyz_alert_dispatch(a) == home);
    CHECK(xyz_dispatch_find(home, "b") == b);
    CHECK(xyz_dispatch_find(home, "zzz") == NULL);
    CHECK_OK(xyz_alert_dismiss(a));
    CHECK_OK(xyz_alert_cancel(b));
    CHECK_STR(recorder_take(&r), "show a page\nfinish a dismissed\nshow b page\nremove b cancelled\nfinish b cancelled\n");
    CHECK_OK(xyz_dispatch_add(home, NULL, 0));
    CHECK_OK(xyz_dispatch_destroy(home));
    CHECK(r.context_destroyed == 1);
    xyz_alert_release(a);
    xyz_alert_release(b);
}

static void waiting_alerts_show_once_ready(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_waiting(a));
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK(xyz_alert_state(a) == XYZ_STATE_WAITING);
    CHECK_OK(xyz_alert_set_ready(a));
    CHECK_STR(recorder_take(&r), "show a page\n");
    xyz_dispatch_destroy(home);
    xyz_alert_release(a);
}

static void actions_are_content_and_can_be_triggered(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = xyz_alert_create("promo");
    CHECK_OK(xyz_alert_add_action(a, "open", "Open", XYZ_ACTION_DEFAULT));
    CHECK_OK(xyz_alert_add_action(a, "close", "Later", XYZ_ACTION_CANCEL));
    CHECK(xyz_alert_action_count(a) == 2);
    CHECK_STR(xyz_alert_action_id(a, 1), "close");
    CHECK_STR(xyz_alert_action_title(a, 0), "Open");
    CHECK(xyz_alert_action_style(a, 1) == XYZ_ACTION_CANCEL);
    CHECK(xyz_alert_action_id(a, 2) == NULL && xyz_alert_action_style(a, 9) == XYZ_ACTION_DEFAULT);
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_STATUS(xyz_alert_trigger_action(a, 2), XYZ_EINVAL);
    CHECK_OK(xyz_alert_trigger_action(a, 1));
    CHECK_STR(recorder_take(&r), "show promo page\naction promo 1\nremove promo dismissed\nfinish promo dismissed\n");
    xyz_alert *b = xyz_alert_create("b");
    CHECK_OK(xyz_alert_add_action(b, "x", "X", XYZ_ACTION_DESTRUCTIVE));
    CHECK_OK(xyz_alert_clear_actions(b));
    CHECK(xyz_alert_action_count(b) == 0);
    xyz_alert_release(b);
    xyz_dispatch_destroy(home);
    xyz_alert_release(a);
}

static void content_strings_round_trip(void) {
    xyz_alert *a = xyz_alert_create("a");
    CHECK_STR(xyz_alert_style(a), "alert");
    CHECK(xyz_alert_title(a) == NULL && xyz_alert_message(a) == NULL && xyz_alert_meta(a) == NULL);
    CHECK_OK(xyz_alert_set_style(a, "sheet"));
    CHECK_OK(xyz_alert_set_title(a, "Summer sale"));
    CHECK_OK(xyz_alert_set_message(a, "Everything -20%"));
    CHECK_OK(xyz_alert_set_meta(a, "{\"image\": \"sale.png\"}"));
    CHECK_STR(xyz_alert_style(a), "sheet");
    CHECK_STR(xyz_alert_title(a), "Summer sale");
    CHECK_STR(xyz_alert_message(a), "Everything -20%");
    CHECK_STR(xyz_alert_meta(a), "{\"image\": \"sale.png\"}");
    CHECK_OK(xyz_alert_set_title(a, NULL));
    CHECK(xyz_alert_title(a) == NULL);
    CHECK_STR(xyz_alert_target(a), "page");
    CHECK_OK(xyz_alert_set_target(a, "window"));
    CHECK_STR(xyz_alert_target(a), "window");
    xyz_alert_release(a);
}

static int views[3];

static void targets_resolve_to_registered_views(void) {
    recorder r = {0};
    xyz_host host = recorder_host(&r);
    xyz_dispatch *tab = xyz_dispatch_create(&host, &views[0]);
    xyz_dispatch *home = xyz_dispatch_create(&host, NULL);
    CHECK_OK(xyz_dispatch_page_did_appear(tab));
    CHECK_OK(xyz_dispatch_page_did_appear(home));
    CHECK_OK(xyz_dispatch_set_parent(home, tab));
    CHECK(xyz_dispatch_parent(home) == tab);
    CHECK_OK(xyz_dispatch_set_target(tab, "window", &views[1]));
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *b = make_alert("b", 1, XYZ_EXCLUSIVE_COVER);
    xyz_alert_set_target(b, "window");
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_OK(xyz_dispatch_add(home, &b, 1));
    /* a is on home's page view (NULL), b on the window registered by tab. */
    CHECK_STR(recorder_take(&r), "show a page\nshow b window view\n");
    CHECK_STATUS(xyz_dispatch_set_target(tab, "", NULL), XYZ_EINVAL);
    xyz_dispatch_destroy(home);
    xyz_dispatch_destroy(tab);
    CHECK(r.context_destroyed == 2);
    xyz_alert_release(a);
    xyz_alert_release(b);
}

static void keyboard_avoidance_moves_visible_alerts(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    xyz_rect frame = {0, 500, 300, 200};
    CHECK_OK(xyz_alert_set_frame(a, &frame));
    CHECK_OK(xyz_alert_set_keyboard_avoidance(a, true, -8));
    xyz_rect keyboard = {0, 600, 400, 300};
    CHECK_OK(xyz_dispatch_keyboard_changed(home, keyboard, 0.25));
    CHECK_OK(xyz_alert_set_keyboard_avoidance(a, false, 0));
    CHECK_OK(xyz_alert_set_frame(a, NULL));
    CHECK_STR(recorder_take(&r), "show a page\nmove a -108 0.25\nmove a 0 0\n");
    CHECK(xyz_keyboard_offset(frame, keyboard, -8) == -108);
    xyz_rect hidden = {0, 900, 400, 0};
    CHECK(xyz_keyboard_offset(frame, hidden, -8) == 0);
    xyz_dispatch_destroy(home);
    xyz_alert_release(a);
}

/* The two halves of xyz_alert_set_keyboard_avoidance(), each read back:
 * setting one keeps the other, and an on-screen alert moves at once. */
static void keyboard_avoidance_has_a_setter_and_getter_for_each_half(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = xyz_alert_create("a");
    CHECK(xyz_alert_has_keyboard_avoidance(a) && xyz_alert_keyboard_adjust(a) == 0);
    CHECK_OK(xyz_alert_set_keyboard_adjust(a, -8));
    CHECK(xyz_alert_has_keyboard_avoidance(a) && xyz_alert_keyboard_adjust(a) == -8);
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    xyz_rect frame = {0, 500, 300, 200};
    CHECK_OK(xyz_alert_set_frame(a, &frame));
    xyz_rect keyboard = {0, 600, 400, 300};
    CHECK_OK(xyz_dispatch_keyboard_changed(home, keyboard, 0.25));
    CHECK_OK(xyz_alert_set_keyboard_adjust(a, -20));
    CHECK_OK(xyz_alert_set_avoid_keyboard(a, false));
    CHECK(!xyz_alert_has_keyboard_avoidance(a) && xyz_alert_keyboard_adjust(a) == -20);
    CHECK_STATUS(xyz_alert_set_keyboard_adjust(a, NAN), XYZ_EINVAL);
    CHECK(xyz_alert_keyboard_adjust(a) == -20);
    CHECK_STR(recorder_take(&r), "show a page\nmove a -108 0.25\nmove a -120 0\nmove a 0 0\n");
    CHECK_OK(xyz_alert_dismiss(a));
    CHECK_STATUS(xyz_alert_set_avoid_keyboard(a, true), XYZ_ESTATE);
    CHECK_STATUS(xyz_alert_set_keyboard_adjust(NULL, 1), XYZ_EINVAL);
    CHECK(xyz_alert_has_keyboard_avoidance(NULL) && xyz_alert_keyboard_adjust(NULL) == 0);
    xyz_dispatch_destroy(home);
    xyz_alert_release(a);
}

static void explain_and_snapshot_are_owned_by_the_caller(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *login = make_alert("login", 5, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *promo = make_alert("pro\"mo", 1, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_dependency_id(promo, "login"));
    xyz_alert *batch[] = {login, promo};
    CHECK_OK(xyz_dispatch_add(home, batch, 2));
    char *why = xyz_alert_explain(promo);
    CHECK_STR(why, "'pro\"mo' is waiting for dependency 'login' (showing)");
    xyz_free(why);
    char *json = xyz_dispatch_snapshot_json(home);
    CHECK_STR(json,
              "{\"pages\": [{\"name\": \"home\", \"visible\": true, \"participating\": true, \"parent\": null, "
              "\"active_child\": null, \"provider\": false, \"suspended\": false, \"capacity\": 0, "
              "\"order\": \"fifo\", \"queue\": [{\"id\": \"pro\\\"mo\", \"priority\": 1, \"exclusive\": \"wait\", \"state\": \"ready\", "
              "\"page\": 0, \"unmet_dependencies\": 1, \"lane\": \"main\", \"why\": \"id_dependency\", "
              "\"cause\": {\"id\": \"login\"}}]}], \"lanes\": {}, "
              "\"stack\": [{\"id\": \"login\", \"priority\": 5, \"exclusive\": \"wait\", \"state\": \"showing\", "
              "\"page\": 0, \"unmet_dependencies\": 0, \"lane\": \"main\", \"why\": \"showing\", \"cause\": null}], "
              "\"keyboard\": [0.0, 0.0, 0.0, 0.0], \"deferred\": false, "
              "\"flush_requested\": false}");
    xyz_free(json);
    xyz_dispatch_destroy(home);
    xyz_alert_release(login);
    xyz_alert_release(promo);
}

static xyz_dispatch *provided;
static int provider_contexts_freed;

static xyz_dispatch *provide(xyz_dispatch *parent, void *context) {
    (void)parent;
    (void)context;
    return provided;
}

static void free_provider_context(void *context) {
    CHECK(context == &provided);
    provider_contexts_freed++;
}

static void active_children_explicit_and_provided(void) {
    recorder r = {0};
    xyz_dispatch *tab = recorder_page(&r, "tab");
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_dispatch *me = recorder_page(&r, "me");
    CHECK_OK(xyz_dispatch_set_parent(home, tab));
    CHECK_OK(xyz_dispatch_set_parent(me, tab));
    xyz_alert *h = xyz_alert_create("h");
    xyz_alert *m = xyz_alert_create("m");
    CHECK_OK(xyz_dispatch_set_active_child(tab, home));
    CHECK_OK(xyz_dispatch_add(me, &m, 1));
    CHECK_OK(xyz_dispatch_add(home, &h, 1));
    provided = me;
    provider_contexts_freed = 0;
    CHECK_OK(xyz_dispatch_set_active_child_provider(tab, provide, &provided, free_provider_context));
    CHECK_STR(recorder_take(&r), "show h page\nhide h page\nshow m page\n");
    provided = home;
    CHECK_OK(xyz_dispatch_flush(tab));
    CHECK_STR(recorder_take(&r), "hide m page\nunhide h\n");
    CHECK_OK(xyz_dispatch_set_active_child_provider(tab, NULL, NULL, NULL));
    CHECK(provider_contexts_freed == 1);
    CHECK_OK(xyz_dispatch_set_active_child_provider(tab, provide, &provided, free_provider_context));
    CHECK_OK(xyz_dispatch_destroy(tab));
    CHECK(provider_contexts_freed == 2);
    xyz_dispatch_destroy(home);
    xyz_dispatch_destroy(me);
    xyz_alert_release(h);
    xyz_alert_release(m);
}

static void deferred_mode_asks_the_root_host_to_flush(void) {
    recorder r = {0};
    r.deferred = 1;
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = xyz_alert_create("a");
    xyz_alert *b = xyz_alert_create("b");
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_OK(xyz_dispatch_add(home, &b, 1));
    CHECK_STR(recorder_take(&r), "flush? home\n");
    CHECK_OK(xyz_dispatch_flush(home));
    CHECK_STR(recorder_take(&r), "show a page\n");
    CHECK_OK(xyz_alert_dismiss(a));
    CHECK_STR(recorder_take(&r), "finish a dismissed\nflush? home\n");
    CHECK_OK(xyz_dispatch_flush(home));
    CHECK_STR(recorder_take(&r), "show b page\n");
    xyz_dispatch_destroy(home);
    xyz_alert_release(a);
    xyz_alert_release(b);
}

const test_case abi_tests[] = {
    {"version_macros_and_functions_agree", version_macros_and_functions_agree},
    {"status_names_cover_every_status", status_names_cover_every_status},
    {"last_error_describes_the_last_failure_and_is_never_null", last_error_describes_the_last_failure_and_is_never_null},
    {"a_dispatch_has_a_name_and_no_parent", a_dispatch_has_a_name_and_no_parent},
    {"alerts_have_ids_priorities_and_behaviours", alerts_have_ids_priorities_and_behaviours},
    {"add_show_dismiss_through_the_c_api", add_show_dismiss_through_the_c_api},
    {"waiting_alerts_show_once_ready", waiting_alerts_show_once_ready},
    {"actions_are_content_and_can_be_triggered", actions_are_content_and_can_be_triggered},
    {"content_strings_round_trip", content_strings_round_trip},
    {"targets_resolve_to_registered_views", targets_resolve_to_registered_views},
    {"keyboard_avoidance_moves_visible_alerts", keyboard_avoidance_moves_visible_alerts},
    {"keyboard_avoidance_has_a_setter_and_getter_for_each_half", keyboard_avoidance_has_a_setter_and_getter_for_each_half},
    {"explain_and_snapshot_are_owned_by_the_caller", explain_and_snapshot_are_owned_by_the_caller},
    {"active_children_explicit_and_provided", active_children_explicit_and_provided},
    {"deferred_mode_asks_the_root_host_to_flush", deferred_mode_asks_the_root_host_to_flush},
    {NULL, NULL},
};
