/* Stacks, upserts and dialog-manager controls through the C interface
 * (docs/rules.md §19): lane limits and eviction, upserts, actions that keep
 * the alert open, the lifo order, displaced alerts, cancel_queued, and the
 * arguments each refuses. */
#include "harness.h"

static xyz_alert *in_lane(const char *id, const char *lane) {
    xyz_alert *a = make_alert(id, 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_lane(a, lane));
    return a;
}

static void add_one(xyz_dispatch *d, xyz_alert *a) {
    CHECK_OK(xyz_dispatch_add(d, &a, 1));
}

static void a_lane_limit_stacks_and_a_full_lane_evicts(void) {
    recorder r = {0};
    xyz_dispatch *app = recorder_page(&r, "app");
    xyz_on_full on_full = XYZ_ON_FULL_EVICT_OLDEST;
    CHECK(xyz_dispatch_lane_limit(app, "toast", &on_full) == 1 && on_full == XYZ_ON_FULL_QUEUE);
    CHECK_OK(xyz_dispatch_set_lane_limit(app, "toast", 2, XYZ_ON_FULL_QUEUE));
    xyz_alert *a = in_lane("a", "toast"), *b = in_lane("b", "toast"), *c = in_lane("c", "toast");
    xyz_alert *batch[] = {a, b, c};
    CHECK_OK(xyz_dispatch_add(app, batch, 3));
    CHECK_STR(recorder_take(&r), "show a page\nshow b page\n");
    xyz_why why = XYZ_WHY_INIT;
    CHECK_OK(xyz_alert_why(c, &why));
    CHECK(why.code == XYZ_WHY_BEHIND && why.alert == a);
    /* Now the full lane evicts: the oldest visible one makes room. */
    CHECK_OK(xyz_dispatch_set_lane_limit(app, "toast", 2, XYZ_ON_FULL_EVICT_OLDEST));
    CHECK_STR(recorder_take(&r), "remove a evicted\nfinish a evicted\nshow c page\n");
    CHECK(xyz_dispatch_lane_limit(app, "toast", &on_full) == 2 && on_full == XYZ_ON_FULL_EVICT_OLDEST);
    CHECK_OK(xyz_dispatch_set_order(app, XYZ_ORDER_LIFO));
    char *json = xyz_dispatch_snapshot_json(app);
    CHECK(strstr(json, "\"lanes\": {\"toast\": {\"visible\": 2, \"on_full\": \"evict_oldest\"}}") != NULL);
    CHECK(strstr(json, "\"order\": \"lifo\"") != NULL);
    xyz_free(json);
    CHECK_STR(xyz_end_reason_name(XYZ_END_EVICTED), "evicted");
    CHECK_STR(xyz_end_reason_name(XYZ_END_DISPLACED), "displaced");
    /* What it refuses, changing nothing. */
    CHECK(xyz_dispatch_set_lane_limit(app, "toast", 0, XYZ_ON_FULL_QUEUE) == XYZ_EINVAL);
    CHECK(xyz_dispatch_set_lane_limit(app, "", 2, XYZ_ON_FULL_QUEUE) == XYZ_EINVAL);
    CHECK(xyz_dispatch_set_lane_limit(app, NULL, 2, XYZ_ON_FULL_QUEUE) == XYZ_EINVAL);
    CHECK(xyz_dispatch_set_lane_limit(app, "toast", 2, (xyz_on_full)7) == XYZ_EINVAL);
    CHECK(xyz_dispatch_set_lane_limit(NULL, "toast", 2, XYZ_ON_FULL_QUEUE) == XYZ_EINVAL);
    CHECK(xyz_dispatch_lane_limit(app, "toast", NULL) == 2);
    xyz_dispatch *child = recorder_page(&r, "child");
    CHECK_OK(xyz_dispatch_set_parent(child, app));
    CHECK(xyz_dispatch_set_lane_limit(child, "toast", 3, XYZ_ON_FULL_QUEUE) == XYZ_ESTATE);
    CHECK(xyz_dispatch_lane_limit(child, "toast", NULL) == 2); /* the domain's */
    CHECK_STR(recorder_take(&r), "");
    xyz_alert_release(a);
    xyz_alert_release(b);
    xyz_alert_release(c);
    CHECK_OK(xyz_dispatch_destroy(child));
    CHECK_OK(xyz_dispatch_destroy(app));
}

static void an_upsert_updates_then_finishes_the_new_alert(void) {
    recorder r = {0};
    xyz_dispatch *app = recorder_page(&r, "app");
    xyz_alert *live = make_alert("inbox", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_title(live, "1 new message"));
    add_one(app, live);
    xyz_alert *again = make_alert("inbox", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_title(again, "3 new messages"));
    CHECK_OK(xyz_alert_set_on_duplicate(again, XYZ_ON_DUPLICATE_UPDATE));
    CHECK(xyz_alert_on_duplicate(again) == XYZ_ON_DUPLICATE_UPDATE);
    CHECK_STR(xyz_on_duplicate_name(XYZ_ON_DUPLICATE_UPDATE), "update");
    add_one(app, again);
    CHECK_STR(recorder_take(&r), "show inbox page\nupdate inbox 3 new messages\nfinish inbox duplicate\n");
    CHECK_STR(xyz_alert_title(live), "3 new messages");
    CHECK(xyz_alert_state(live) == XYZ_STATE_SHOWING && xyz_alert_state(again) == XYZ_STATE_FINISHED);
    CHECK(xyz_alert_occurrence_count(live) == 1); /* an update does not count */
    /* coalesce: an update that counts. */
    xyz_alert *storm = make_alert("inbox", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_on_duplicate(storm, XYZ_ON_DUPLICATE_COALESCE));
    CHECK_STR(xyz_on_duplicate_name(XYZ_ON_DUPLICATE_COALESCE), "coalesce");
    add_one(app, storm);
    CHECK_STR(recorder_take(&r), "update inbox -\nfinish inbox duplicate\n");
    CHECK(xyz_alert_occurrence_count(live) == 2 && xyz_alert_occurrence_count(storm) == 1);
    CHECK(xyz_alert_occurrence_count(NULL) == 0 && strstr(xyz_last_error(), "alert is NULL") != NULL);
    xyz_alert_release(storm);
    xyz_alert_release(live);
    xyz_alert_release(again);
    CHECK_OK(xyz_dispatch_destroy(app));
}

static void a_keep_open_action_delivers_action_only(void) {
    recorder r = {0};
    xyz_dispatch *app = recorder_page(&r, "app");
    xyz_alert *a = make_alert("archived", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_action_flags(a, "undo", "Undo", XYZ_ACTION_DEFAULT, XYZ_ACTION_KEEP_OPEN));
    CHECK_OK(xyz_alert_add_action(a, "close", "Close", XYZ_ACTION_CANCEL));
    CHECK(xyz_alert_add_action_flags(a, "x", "X", XYZ_ACTION_DEFAULT, 2) == XYZ_EINVAL);
    CHECK(xyz_alert_action_count(a) == 2);
    CHECK(xyz_alert_action_flags(a, 0) == XYZ_ACTION_KEEP_OPEN && xyz_alert_action_flags(a, 1) == 0);
    CHECK(xyz_alert_action_flags(a, 9) == 0);
    add_one(app, a);
    CHECK_OK(xyz_alert_trigger_action(a, 0));
    CHECK(xyz_alert_state(a) == XYZ_STATE_SHOWING);
    CHECK_OK(xyz_alert_trigger_action(a, 1));
    CHECK_STR(recorder_take(&r), "show archived page\naction archived 0\naction archived 1\n"
                                 "remove archived dismissed\nfinish archived dismissed\n");
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(app));
}

static void lifo_displaced_and_cancel_queued(void) {
    recorder r = {0};
    xyz_dispatch *app = recorder_page(&r, "app");
    CHECK(xyz_dispatch_order(app) == XYZ_ORDER_FIFO);
    CHECK_OK(xyz_dispatch_set_order(app, XYZ_ORDER_LIFO));
    CHECK(xyz_dispatch_order(app) == XYZ_ORDER_LIFO);
    CHECK(xyz_dispatch_set_order(app, (xyz_order)5) == XYZ_EINVAL);
    xyz_alert *tip = make_alert("tip", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_when_displaced(tip, XYZ_WHEN_DISPLACED_DROP));
    CHECK(xyz_alert_when_displaced(tip) == XYZ_WHEN_DISPLACED_DROP);
    CHECK(xyz_alert_set_when_displaced(tip, (xyz_when_displaced)3) == XYZ_EINVAL);
    add_one(app, tip);
    xyz_alert *first = make_alert("first", 0, XYZ_EXCLUSIVE_WAIT), *second = make_alert("second", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *pair[] = {first, second};
    CHECK_OK(xyz_dispatch_add(app, pair, 2));
    xyz_alert *login = make_alert("login", 9, XYZ_EXCLUSIVE_HIDE_OTHERS);
    add_one(app, login);
    CHECK(xyz_alert_set_when_displaced(tip, XYZ_WHEN_DISPLACED_RESTORE) == XYZ_ESTATE);
    CHECK_STR(recorder_take(&r), "show tip page\nremove tip displaced\nfinish tip displaced\nshow login page\n");
    CHECK_OK(xyz_alert_dismiss(login));
    CHECK_STR(recorder_take(&r), "finish login dismissed\nshow second page\n");
    size_t count = 9;
    CHECK(xyz_dispatch_cancel_queued(app, "", &count) == XYZ_EINVAL && count == 0);
    CHECK_OK(xyz_dispatch_cancel_queued(app, NULL, &count));
    CHECK(count == 1);
    CHECK_OK(xyz_dispatch_cancel_queued(app, NULL, NULL));
    CHECK_STR(recorder_take(&r), "finish first cancelled\n");
    CHECK(xyz_alert_state(second) == XYZ_STATE_SHOWING);
    xyz_alert_release(tip);
    xyz_alert_release(first);
    xyz_alert_release(second);
    xyz_alert_release(login);
    CHECK_OK(xyz_dispatch_destroy(app));
}

static xyz_alert *preempting(const char *id) {
    xyz_alert *a = make_alert(id, 5, XYZ_EXCLUSIVE_COVER);
    CHECK_OK(xyz_alert_set_preempt(a, XYZ_PREEMPT_EQUAL));
    return a;
}

static void preempt_equal_shows_over_equals_added_before_it(void) {
    recorder r = {0};
    xyz_dispatch *app = recorder_page(&r, "app");
    xyz_alert *sync = make_alert("sync", 5, XYZ_EXCLUSIVE_COVER);
    CHECK(xyz_alert_preempt(sync) == XYZ_PREEMPT_LOWER);
    add_one(app, sync);
    /* A batch on a fifo page: each covers the one added before it. */
    xyz_alert *x = preempting("x"), *y = preempting("y");
    CHECK(xyz_alert_preempt(x) == XYZ_PREEMPT_EQUAL);
    xyz_alert *pair[] = {x, y};
    CHECK_OK(xyz_dispatch_add(app, pair, 2));
    CHECK_STR(recorder_take(&r), "show sync page\nshow x page\nshow y page\n");
    /* On a lifo page the later add shows first, and the earlier one,
     * older than it, waits for it (no flip). */
    xyz_dispatch *lifo = recorder_page(&r, "lifo");
    CHECK_OK(xyz_dispatch_set_order(lifo, XYZ_ORDER_LIFO));
    xyz_alert *base = make_alert("base", 5, XYZ_EXCLUSIVE_WAIT);
    add_one(lifo, base);
    xyz_alert *older = preempting("older"), *newer = preempting("newer");
    xyz_alert *batch[] = {older, newer};
    CHECK_OK(xyz_dispatch_add(lifo, batch, 2));
    CHECK_STR(recorder_take(&r), "show base page\nshow newer page\n");
    xyz_why why = XYZ_WHY_INIT;
    CHECK_OK(xyz_alert_why(older, &why));
    CHECK(why.code == XYZ_WHY_BEHIND && why.alert == newer);
    char *sentence = xyz_alert_explain(older);
    CHECK_STR(sentence, "'older' is blocked by 'newer' (priority 5, added after it)");
    xyz_free(sentence);
    CHECK_OK(xyz_alert_dismiss(newer));
    CHECK_STR(recorder_take(&r), "finish newer dismissed\nshow older page\n");
    /* What it refuses, changing nothing. */
    CHECK(xyz_alert_set_preempt(x, XYZ_PREEMPT_LOWER) == XYZ_ESTATE && xyz_alert_preempt(x) == XYZ_PREEMPT_EQUAL);
    CHECK(xyz_alert_set_preempt(sync, (xyz_preempt)2) == XYZ_EINVAL);
    CHECK(xyz_alert_set_preempt(NULL, XYZ_PREEMPT_EQUAL) == XYZ_EINVAL);
    CHECK(xyz_alert_preempt(NULL) == XYZ_PREEMPT_LOWER);
    CHECK_STR(xyz_preempt_name(XYZ_PREEMPT_EQUAL), "equal");
    CHECK_STR(xyz_preempt_name((xyz_preempt)2), "unknown");
    xyz_alert *all[] = {sync, x, y, base, older, newer};
    for (size_t i = 0; i < 6; i++) {
        xyz_alert_release(all[i]);
    }
    CHECK_OK(xyz_dispatch_destroy(lifo));
    CHECK_OK(xyz_dispatch_destroy(app));
}

static void an_uncoverable_alert_is_not_covered_hidden_or_evicted(void) {
    recorder r = {0};
    xyz_dispatch *app = recorder_page(&r, "app");
    /* A snackbar lane whose new snackbar evicts the one on screen. */
    CHECK_OK(xyz_dispatch_set_lane_limit(app, "snack", 1, XYZ_ON_FULL_EVICT_OLDEST));
    xyz_alert *recording = in_lane("recording", "snack"), *saved = in_lane("saved", "snack");
    CHECK(xyz_alert_is_coverable(recording));
    CHECK_OK(xyz_alert_set_coverable(recording, false));
    CHECK(!xyz_alert_is_coverable(recording));
    add_one(app, recording);
    add_one(app, saved);
    CHECK_STR(recorder_take(&r), "show recording page\n");
    xyz_why why = XYZ_WHY_INIT;
    CHECK_OK(xyz_alert_why(saved, &why));
    CHECK(why.code == XYZ_WHY_BEHIND && why.alert == recording);
    /* A lane with room: a hide_others candidate would hide it, and waits. */
    CHECK_OK(xyz_dispatch_set_lane_limit(app, "toast", 2, XYZ_ON_FULL_QUEUE));
    xyz_alert *upload = in_lane("upload", "toast"), *outage = in_lane("outage", "toast");
    CHECK_OK(xyz_alert_set_coverable(upload, false));
    CHECK_OK(xyz_alert_set_priority(outage, 9));
    CHECK_OK(xyz_alert_set_exclusive(outage, XYZ_EXCLUSIVE_HIDE_OTHERS));
    add_one(app, upload);
    add_one(app, outage);
    CHECK_STR(recorder_take(&r), "show upload page\n");
    CHECK_OK(xyz_alert_why(outage, &why));
    CHECK(why.code == XYZ_WHY_BEHIND && why.alert == upload);
    char *sentence = xyz_alert_explain(outage);
    CHECK_STR(sentence, "'outage' is blocked by 'upload': it is not coverable (lane 'toast')");
    xyz_free(sentence);
    CHECK_OK(xyz_alert_dismiss(upload));
    CHECK_OK(xyz_alert_dismiss(recording));
    CHECK_STR(recorder_take(&r), "finish upload dismissed\nshow outage page\nfinish recording dismissed\nshow saved page\n");
    CHECK(xyz_alert_set_coverable(recording, true) == XYZ_ESTATE);
    CHECK(xyz_alert_set_coverable(NULL, false) == XYZ_EINVAL && xyz_alert_is_coverable(NULL));
    xyz_alert_release(recording);
    xyz_alert_release(saved);
    xyz_alert_release(upload);
    xyz_alert_release(outage);
    CHECK_OK(xyz_dispatch_destroy(app));
}

const test_case stack_tests[] = {
    {"a_lane_limit_stacks_and_a_full_lane_evicts", a_lane_limit_stacks_and_a_full_lane_evicts},
    {"an_upsert_updates_then_finishes_the_new_alert", an_upsert_updates_then_finishes_the_new_alert},
    {"a_keep_open_action_delivers_action_only", a_keep_open_action_delivers_action_only},
    {"lifo_displaced_and_cancel_queued", lifo_displaced_and_cancel_queued},
    {"preempt_equal_shows_over_equals_added_before_it", preempt_equal_shows_over_equals_added_before_it},
    {"an_uncoverable_alert_is_not_covered_hidden_or_evicted", an_uncoverable_alert_is_not_covered_hidden_or_evicted},
    {NULL, NULL}};
