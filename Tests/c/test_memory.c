/* Ownership: retain/release balance and user-data destructors that run
 * exactly once, when the alert is freed. valgrind checks the rest. */
#include "harness.h"

static int destroyed[8];

static void count_destroy(void *data) {
    destroyed[*(int *)data]++;
}

static int slot[8] = {0, 1, 2, 3, 4, 5, 6, 7};

static void user_data_is_destroyed_once_when_the_last_reference_goes(void) {
    memset(destroyed, 0, sizeof destroyed);
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_alert_set_user_data(a, &slot[0], count_destroy));
    CHECK(xyz_alert_user_data(a) == &slot[0]);
    xyz_alert_retain(a);
    xyz_alert_release(a);
    CHECK(destroyed[0] == 0);
    xyz_alert_release(a);
    CHECK(destroyed[0] == 1);
}

static void replacing_user_data_destroys_the_old_data_once(void) {
    memset(destroyed, 0, sizeof destroyed);
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_alert_set_user_data(a, &slot[1], count_destroy));
    CHECK_OK(xyz_alert_set_user_data(a, &slot[2], count_destroy));
    CHECK(destroyed[1] == 1 && destroyed[2] == 0);
    CHECK_OK(xyz_alert_set_user_data(a, NULL, NULL));
    CHECK(destroyed[2] == 1);
    xyz_alert_release(a);
    CHECK(destroyed[1] == 1 && destroyed[2] == 1);
}

static void a_dispatch_keeps_its_alerts_until_they_finish(void) {
    memset(destroyed, 0, sizeof destroyed);
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = xyz_alert_create("a");
    xyz_alert *b = xyz_alert_create("b");
    CHECK(xyz_alert_set_user_data(a, &slot[3], count_destroy) == XYZ_OK);
    CHECK(xyz_alert_set_user_data(b, &slot[4], count_destroy) == XYZ_OK);
    xyz_alert *batch[] = {a, b};
    CHECK_OK(xyz_dispatch_add(home, batch, 2));
    xyz_alert_release(a);
    xyz_alert_release(b);
    CHECK(destroyed[3] == 0 && destroyed[4] == 0);
    CHECK(xyz_alert_state(xyz_dispatch_find(home, "a")) == XYZ_STATE_SHOWING);
    CHECK_OK(xyz_alert_dismiss(xyz_dispatch_find(home, "a")));
    CHECK(destroyed[3] == 1 && destroyed[4] == 0);
    CHECK_OK(xyz_dispatch_destroy(home));
    CHECK(destroyed[3] == 1 && destroyed[4] == 1);
}

static void keep_on_finish(recorder *r, const char *event, xyz_alert *alert) {
    if (strcmp(event, "finish") == 0) {
        r->user = xyz_alert_retain(alert);
    }
}

static void a_callback_may_retain_a_borrowed_alert(void) {
    memset(destroyed, 0, sizeof destroyed);
    recorder r = {0};
    r.react = keep_on_finish;
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = xyz_alert_create("a");
    CHECK(xyz_alert_set_user_data(a, &slot[5], count_destroy) == XYZ_OK);
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    xyz_alert_release(a);
    CHECK_OK(xyz_alert_cancel(xyz_dispatch_find(home, "a")));
    CHECK(destroyed[5] == 0);
    CHECK(xyz_alert_state((xyz_alert *)r.user) == XYZ_STATE_FINISHED);
    xyz_alert_release((xyz_alert *)r.user);
    CHECK(destroyed[5] == 1);
    xyz_dispatch_destroy(home);
}

static void dependencies_keep_and_then_drop_their_targets(void) {
    memset(destroyed, 0, sizeof destroyed);
    xyz_alert *dep = xyz_alert_create("dep");
    xyz_alert *a = xyz_alert_create("a");
    CHECK(xyz_alert_set_user_data(dep, &slot[6], count_destroy) == XYZ_OK);
    CHECK_OK(xyz_alert_add_dependency(a, dep));
    xyz_alert_release(dep);
    CHECK(destroyed[6] == 0);
    xyz_alert_release(a);
    CHECK(destroyed[6] == 1);
}

static void many_alerts_come_and_go(void) {
    memset(destroyed, 0, sizeof destroyed);
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    for (int i = 0; i < 2000; i++) {
        xyz_alert *a = xyz_alert_create(i % 2 ? "odd" : NULL);
        CHECK(xyz_alert_set_user_data(a, &slot[7], count_destroy) == XYZ_OK);
        CHECK_OK(xyz_dispatch_add(home, &a, 1));
        CHECK_OK(xyz_alert_dismiss(a));
        xyz_alert_release(a);
        r.length = 0;
    }
    CHECK(destroyed[7] == 2000);
    xyz_dispatch_destroy(home);
}

const test_case memory_tests[] = {
    {"user_data_is_destroyed_once_when_the_last_reference_goes", user_data_is_destroyed_once_when_the_last_reference_goes},
    {"replacing_user_data_destroys_the_old_data_once", replacing_user_data_destroys_the_old_data_once},
    {"a_dispatch_keeps_its_alerts_until_they_finish", a_dispatch_keeps_its_alerts_until_they_finish},
    {"a_callback_may_retain_a_borrowed_alert", a_callback_may_retain_a_borrowed_alert},
    {"dependencies_keep_and_then_drop_their_targets", dependencies_keep_and_then_drop_their_targets},
    {"many_alerts_come_and_go", many_alerts_come_and_go},
    {NULL, NULL},
};
