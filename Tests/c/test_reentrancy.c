/* Rule 7 from C: callbacks that call back into the engine. */
#include "harness.h"

static void dismiss_on_show(recorder *r, const char *event, xyz_alert *alert) {
    (void)r;
    if (strcmp(event, "show") == 0 && strcmp(xyz_alert_id(alert), "a") == 0) {
        CHECK_OK(xyz_alert_dismiss(alert));
    }
}

static void a_callback_may_dismiss_the_alert_it_shows(void) {
    recorder r = {0};
    r.react = dismiss_on_show;
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a[] = {xyz_alert_create("a"), xyz_alert_create("b")};
    CHECK_OK(xyz_dispatch_add(home, a, 2));
    CHECK_STR(recorder_take(&r), "show a page\nfinish a dismissed\nshow b page\n");
    xyz_dispatch_destroy(home);
    xyz_alert_release(a[0]);
    xyz_alert_release(a[1]);
}

static void add_on_show_without_nesting(recorder *r, const char *event, xyz_alert *alert) {
    if (strcmp(event, "show") == 0 && strcmp(xyz_alert_id(alert), "a") == 0) {
        xyz_alert *c = make_alert("c", 10, XYZ_EXCLUSIVE_COVER);
        CHECK_OK(xyz_dispatch_add(xyz_alert_dispatch(alert), &c, 1));
        xyz_alert_release(c); /* the dispatch keeps its own reference */
        recorder_note(r, "add returned");
    }
}

static void calls_from_callbacks_never_nest_a_pass(void) {
    recorder r = {0};
    r.react = add_on_show_without_nesting;
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_STR(recorder_take(&r), "show a page\nadd returned\nshow c page\n");
    xyz_dispatch_destroy(home);
    xyz_alert_release(a);
}

static void destroy_own_dispatch_on_show(recorder *r, const char *event, xyz_alert *alert) {
    if (strcmp(event, "show") == 0) {
        xyz_dispatch *d = xyz_alert_dispatch(alert);
        CHECK_OK(xyz_dispatch_destroy(d));
        recorder_note(r, r->context_destroyed ? "context already destroyed" : "context still alive");
        CHECK_STATUS(xyz_dispatch_destroy(d), XYZ_ESTATE);
        /* The alert pointer stays valid for the rest of the callback. */
        CHECK(xyz_alert_state(alert) == XYZ_STATE_FINISHED);
    }
}

static void a_callback_may_destroy_its_own_dispatch(void) {
    recorder r = {0};
    r.react = destroy_own_dispatch_on_show;
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a[] = {xyz_alert_create("a"), xyz_alert_create("b")};
    CHECK_OK(xyz_dispatch_add(home, a, 2));
    r.react = NULL;
    CHECK_STR(recorder_take(&r), "show a page\nremove a destroyed\nfinish a destroyed\nfinish b destroyed\n"
                                 "context still alive\n");
    CHECK(r.context_destroyed == 1);
    xyz_alert_release(a[0]);
    xyz_alert_release(a[1]);
}

static void set_parent_from_callback(recorder *r, const char *event, xyz_alert *alert) {
    if (strcmp(event, "show") == 0) {
        CHECK_STATUS(xyz_dispatch_set_parent(xyz_alert_dispatch(alert), (xyz_dispatch *)r->user), XYZ_ESTATE);
    }
}

static void set_parent_from_a_callback_is_a_state_error(void) {
    recorder r = {0};
    recorder other = {0};
    r.react = set_parent_from_callback;
    xyz_dispatch *parent = recorder_page(&other, "parent");
    r.user = parent;
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK(xyz_dispatch_parent(home) == NULL);
    xyz_dispatch_destroy(home);
    xyz_dispatch_destroy(parent);
    xyz_alert_release(a);
}

static void flush_at_once(recorder *r, const char *event, xyz_alert *alert) {
    (void)alert;
    if (strcmp(event, "flush?") == 0) {
        CHECK_OK(xyz_dispatch_flush((xyz_dispatch *)r->user));
    }
}

static void a_deferred_host_may_flush_from_request_flush(void) {
    recorder r = {0};
    r.deferred = 1;
    xyz_dispatch *home = recorder_page(&r, "home");
    CHECK_OK(xyz_dispatch_flush(home)); /* answers the request made by page_did_appear */
    recorder_take(&r);
    r.user = home;
    r.react = flush_at_once;
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_STR(recorder_take(&r), "flush? home\nshow a page\n");
    xyz_dispatch_destroy(home);
    xyz_alert_release(a);
}

/* A host that lays the alert out again when told to move it: it sets a new
 * frame from inside the move callback, 1000 times over. */
static void reframe_on_move(recorder *r, const char *event, xyz_alert *alert) {
    int *moves = r->user;
    if (strcmp(event, "move") == 0 && ++*moves < 1000) {
        xyz_rect frame = {0, 500 + *moves, 100, 100};
        CHECK_OK(xyz_alert_set_frame(alert, &frame));
    }
}

/* The frame set inside a move callback is not swept inside it (that
 * recursed until the stack overflowed): one more move comes after it returns. */
static void a_move_callback_that_sets_the_frame_does_not_recurse(void) {
    recorder r = {0};
    int moves = 0;
    r.user = &moves;
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = xyz_alert_create("a");
    xyz_rect frame = {0, 500, 100, 100};
    CHECK_OK(xyz_alert_set_frame(a, &frame));
    CHECK_OK(xyz_alert_set_keyboard_avoidance(a, true, 0));
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    recorder_take(&r);
    r.react = reframe_on_move;
    CHECK_OK(xyz_dispatch_keyboard_changed(home, (xyz_rect){0, 550, 100, 300}, 0.25));
    CHECK(moves == 1000);
    const char *log = recorder_take(&r);
    const char *first = "move a -50 0.25\nmove a -51 0\nmove a -52 0\n"; /* one more move per new frame */
    CHECK(strncmp(log, first, strlen(first)) == 0);
    r.react = NULL;
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
}

const test_case reentrancy_tests[] = {
    {"a_move_callback_that_sets_the_frame_does_not_recurse", a_move_callback_that_sets_the_frame_does_not_recurse},
    {"a_callback_may_dismiss_the_alert_it_shows", a_callback_may_dismiss_the_alert_it_shows},
    {"calls_from_callbacks_never_nest_a_pass", calls_from_callbacks_never_nest_a_pass},
    {"a_callback_may_destroy_its_own_dispatch", a_callback_may_destroy_its_own_dispatch},
    {"set_parent_from_a_callback_is_a_state_error", set_parent_from_a_callback_is_a_state_error},
    {"a_deferred_host_may_flush_from_request_flush", a_deferred_host_may_flush_from_request_flush},
    {NULL, NULL},
};
