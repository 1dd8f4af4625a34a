/* The scheduling rules (docs/rules.md §3-§5) through the C API. */
#include "harness.h"

static void add_all(xyz_dispatch *d, xyz_alert **alerts, size_t n) {
    CHECK_OK(xyz_dispatch_add(d, alerts, n));
}

static void release_all(xyz_alert **alerts, size_t n) {
    for (size_t i = 0; i < n; i++) {
        xyz_alert_release(alerts[i]);
    }
}

static void rule1_only_participating_pages_show_alerts(void) {
    recorder r = {0};
    xyz_host host = recorder_host(&r);
    xyz_dispatch *tab = xyz_dispatch_create(&host, NULL);
    xyz_dispatch *home = recorder_page(&r, "home");
    CHECK_OK(xyz_dispatch_set_parent(home, tab));
    xyz_alert *h = xyz_alert_create("h");
    add_all(home, &h, 1);
    CHECK_STR(recorder_take(&r), "");
    CHECK_OK(xyz_dispatch_page_did_appear(tab));
    CHECK_STR(recorder_take(&r), "show h page\n");
    xyz_dispatch_destroy(tab);
    xyz_dispatch_destroy(home);
    xyz_alert_release(h);
}

static void rules3_and_4_priority_then_add_order_and_exclusive_behaviours(void) {
    recorder r = {0};
    xyz_host host = recorder_host(&r);
    xyz_dispatch *home = xyz_dispatch_create(&host, NULL);
    xyz_alert *a[] = {make_alert("x", 1, XYZ_EXCLUSIVE_WAIT), make_alert("y", 5, XYZ_EXCLUSIVE_WAIT),
                      make_alert("z", 5, XYZ_EXCLUSIVE_WAIT), make_alert("c", 5, XYZ_EXCLUSIVE_COVER),
                      make_alert("h", 9, XYZ_EXCLUSIVE_HIDE_OTHERS)};
    add_all(home, a, 3);
    CHECK_OK(xyz_dispatch_page_did_appear(home));
    add_all(home, &a[3], 1); /* cover at equal priority: stays queued, after z */
    CHECK(xyz_alert_state(a[3]) == XYZ_STATE_READY);
    add_all(home, &a[4], 1); /* hide_others above: hides y */
    CHECK_OK(xyz_alert_dismiss(a[4]));
    CHECK_OK(xyz_alert_dismiss(a[1]));
    CHECK_STR(recorder_take(&r), "show y page\nhide y covered\nshow h page\nfinish h dismissed\nunhide y\n"
                                 "finish y dismissed\nshow z page\n");
    xyz_dispatch_destroy(home);
    release_all(a, 5);
}

static void rule5_and_6_visibility_and_event_order(void) {
    recorder r = {0};
    xyz_dispatch *tab = recorder_page(&r, "tab");
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_dispatch *me = recorder_page(&r, "me");
    CHECK_OK(xyz_dispatch_set_parent(home, tab));
    CHECK_OK(xyz_dispatch_set_parent(me, tab));
    CHECK_OK(xyz_dispatch_set_active_child(tab, home));
    xyz_alert *a[] = {make_alert("t", 0, XYZ_EXCLUSIVE_WAIT), make_alert("h1", 5, XYZ_EXCLUSIVE_COVER),
                      make_alert("h2", 6, XYZ_EXCLUSIVE_COVER), make_alert("m", 50, XYZ_EXCLUSIVE_HIDE_OTHERS)};
    add_all(tab, &a[0], 1);
    add_all(home, &a[1], 1);
    add_all(home, &a[2], 1);
    add_all(me, &a[3], 1);
    recorder_take(&r);
    CHECK_OK(xyz_dispatch_set_active_child(tab, me));
    CHECK_STR(recorder_take(&r), "hide h2 page\nhide h1 page\nhide t covered\nshow m page\n");
    CHECK_OK(xyz_dispatch_page_will_disappear(me));
    CHECK_STR(recorder_take(&r), "hide m page\nunhide t\n");
    xyz_dispatch_destroy(me);
    xyz_dispatch_destroy(home);
    xyz_dispatch_destroy(tab);
    release_all(a, 4);
}

static void section4_dependencies_by_handle_and_id_across_pages(void) {
    recorder r = {0};
    xyz_dispatch *tab = recorder_page(&r, "tab");
    xyz_dispatch *home = recorder_page(&r, "home");
    CHECK_OK(xyz_dispatch_set_parent(home, tab));
    xyz_alert *login = make_alert("login", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *promo = make_alert("promo", 9, XYZ_EXCLUSIVE_COVER);
    xyz_alert *rating = make_alert("rating", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_dependency_id(promo, "login"));
    CHECK_OK(xyz_alert_add_dependency(rating, promo));
    add_all(tab, &login, 1);
    xyz_alert *later[] = {promo, rating};
    add_all(home, later, 2);
    CHECK_OK(xyz_alert_dismiss(login));
    CHECK_OK(xyz_alert_dismiss(promo));
    CHECK_STR(recorder_take(&r), "show login page\nfinish login dismissed\nshow promo page\nfinish promo dismissed\n"
                                 "show rating page\n");
    xyz_dispatch_destroy(home);
    xyz_dispatch_destroy(tab);
    xyz_alert_release(login);
    release_all(later, 2);
}

static void section4_cycles_are_rejected_and_named(void) {
    xyz_alert *a = xyz_alert_create("a");
    xyz_alert *b = xyz_alert_create("b");
    CHECK_OK(xyz_alert_add_dependency(b, a));
    CHECK_STATUS(xyz_alert_add_dependency(a, b), XYZ_ECYCLE);
    CHECK_STR(xyz_last_error(), "cannot add the dependency: dependency cycle: 'a' -> 'b' -> 'a'");
    CHECK_STATUS(xyz_alert_add_dependency_id(a, "a"), XYZ_ECYCLE);
    xyz_alert_release(a);
    xyz_alert_release(b);
}

static void section5_destroy_order_and_re_arbitration(void) {
    recorder r = {0};
    recorder home_r = {0};
    xyz_dispatch *tab = recorder_page(&r, "tab");
    xyz_dispatch *home = recorder_page(&home_r, "home");
    CHECK_OK(xyz_dispatch_set_parent(home, tab));
    xyz_alert *a[] = {make_alert("low", 0, XYZ_EXCLUSIVE_WAIT), make_alert("high", 5, XYZ_EXCLUSIVE_COVER),
                      make_alert("q", 1, XYZ_EXCLUSIVE_WAIT), make_alert("t", 0, XYZ_EXCLUSIVE_WAIT)};
    add_all(home, &a[0], 1);
    add_all(home, &a[1], 1);
    add_all(home, &a[2], 1);
    add_all(tab, &a[3], 1);
    recorder_take(&home_r);
    CHECK_OK(xyz_dispatch_destroy(home));
    CHECK_STR(recorder_take(&home_r), "remove high destroyed\nfinish high destroyed\nremove low destroyed\n"
                                      "finish low destroyed\nfinish q destroyed\n");
    CHECK(home_r.context_destroyed == 1);
    CHECK_STR(recorder_take(&r), "show t page\n");
    xyz_dispatch_destroy(tab);
    release_all(a, 4);
}

static void section5_parents_ids_and_owners(void) {
    recorder r = {0};
    xyz_dispatch *a = recorder_page(&r, "a");
    xyz_dispatch *b = recorder_page(&r, "b");
    xyz_dispatch *stranger = recorder_page(&r, "stranger");
    CHECK_OK(xyz_dispatch_set_parent(b, a));
    CHECK_STATUS(xyz_dispatch_set_parent(a, b), XYZ_ECYCLE);
    CHECK_STR(xyz_last_error(), "parent cycle: page 'a' -> page 'b' -> page 'a'");
    CHECK_STATUS(xyz_dispatch_set_active_child(a, stranger), XYZ_EOWNER);
    xyz_alert *x1 = xyz_alert_create("x");
    xyz_alert *x2 = xyz_alert_create("x");
    add_all(b, &x1, 1);
    add_all(stranger, &x2, 1);
    CHECK_STATUS(xyz_dispatch_set_parent(stranger, a), XYZ_EDUPLICATE);
    xyz_alert *x3 = xyz_alert_create("x");
    CHECK_STATUS(xyz_dispatch_add(a, &x3, 1), XYZ_EDUPLICATE);
    CHECK(xyz_alert_state(x3) == XYZ_STATE_IDLE);
    CHECK_OK(xyz_dispatch_set_parent(b, NULL));
    CHECK(xyz_dispatch_parent(b) == NULL);
    xyz_dispatch_destroy(a);
    xyz_dispatch_destroy(b);
    xyz_dispatch_destroy(stranger);
    xyz_alert_release(x1);
    xyz_alert_release(x2);
    xyz_alert_release(x3);
}

const test_case rule_tests[] = {
    {"rule1_only_participating_pages_show_alerts", rule1_only_participating_pages_show_alerts},
    {"rules3_and_4_priority_then_add_order_and_exclusive_behaviours", rules3_and_4_priority_then_add_order_and_exclusive_behaviours},
    {"rule5_and_6_visibility_and_event_order", rule5_and_6_visibility_and_event_order},
    {"section4_dependencies_by_handle_and_id_across_pages", section4_dependencies_by_handle_and_id_across_pages},
    {"section4_cycles_are_rejected_and_named", section4_cycles_are_rejected_and_named},
    {"section5_destroy_order_and_re_arbitration", section5_destroy_order_and_re_arbitration},
    {"section5_parents_ids_and_owners", section5_parents_ids_and_owners},
    {NULL, NULL},
};
