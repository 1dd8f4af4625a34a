/* Queue policies through the C ABI (docs/rules.md §13): tags and
 * cancel_tagged. */
#include "harness.h"
#include "xyzalert_tooling.h"

static xyz_alert *tagged(const char *id, int priority, xyz_exclusive exclusive, const char *tag) {
    xyz_alert *a = make_alert(id, priority, exclusive);
    if (tag) xyz_alert_add_tag(a, tag);
    return a;
}

static void add_released(xyz_dispatch *d, xyz_alert **batch, size_t n) {
    CHECK_OK(xyz_dispatch_add(d, batch, n));
    for (size_t i = 0; i < n; i++) xyz_alert_release(batch[i]);
}

static void tags_are_kept_in_order_without_repeats(void) {
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_alert_add_tag(a, "promo"));
    CHECK_OK(xyz_alert_add_tag(a, "marketing"));
    CHECK_OK(xyz_alert_add_tag(a, "promo"));
    CHECK(xyz_alert_tag_count(a) == 2);
    CHECK_STR(xyz_alert_tag(a, 0), "promo");
    CHECK_STR(xyz_alert_tag(a, 1), "marketing");
    CHECK(xyz_alert_tag(a, 2) == NULL);
    CHECK(xyz_alert_has_tag(a, "marketing") && !xyz_alert_has_tag(a, "Promo") && !xyz_alert_has_tag(a, NULL));
    CHECK_STATUS(xyz_alert_add_tag(a, ""), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_add_tag(a, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_add_tag(NULL, "x"), XYZ_EINVAL);
    CHECK(xyz_alert_tag_count(a) == 2);
    xyz_alert_release(a);
}

static void cancel_tagged_ends_top_first_then_in_candidate_order(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *first[] = {tagged("low", 1, XYZ_EXCLUSIVE_COVER, "promo"), tagged("keep", 0, XYZ_EXCLUSIVE_WAIT, NULL)};
    add_released(home, first, 2);
    xyz_alert *high = tagged("high", 5, XYZ_EXCLUSIVE_COVER, "promo");
    add_released(home, &high, 1);
    xyz_alert *queued[] = {tagged("q1", 0, XYZ_EXCLUSIVE_WAIT, "promo"), tagged("q9", 9, XYZ_EXCLUSIVE_WAIT, "promo"),
                           tagged("other", 0, XYZ_EXCLUSIVE_WAIT, "other")};
    add_released(home, queued, 3);
    recorder_take(&r);
    size_t count = 99;
    CHECK_OK(xyz_dispatch_cancel_tagged(home, "promo", &count));
    CHECK(count == 4);
    CHECK_STR(recorder_take(&r), "remove high cancelled\nfinish high cancelled\nremove low cancelled\n"
              "finish low cancelled\nfinish q9 cancelled\nfinish q1 cancelled\nshow keep page\n");
    CHECK_OK(xyz_dispatch_cancel_tagged(home, "promo", &count));
    CHECK(count == 0);
    CHECK_OK(xyz_dispatch_cancel_tagged(home, NULL, NULL)); /* every live alert, count not wanted */
    CHECK_STR(recorder_take(&r), "remove keep cancelled\nfinish keep cancelled\nfinish other cancelled\n");
    CHECK_STATUS(xyz_dispatch_cancel_tagged(home, "", &count), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_cancel_tagged(NULL, "x", &count), XYZ_EINVAL);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void suspend_is_counted_and_holds_the_subtree(void) {
    recorder r = {0};
    xyz_dispatch *tab = recorder_page(&r, "tab");
    xyz_dispatch *home = recorder_page(&r, "home");
    CHECK_OK(xyz_dispatch_set_parent(home, tab));
    CHECK_OK(xyz_dispatch_suspend(tab));
    CHECK_OK(xyz_dispatch_suspend(tab));
    CHECK(xyz_dispatch_is_suspended(tab) && !xyz_dispatch_is_suspended(home));
    xyz_alert *rating = make_alert("rating", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(home, &rating, 1));
    char *why = xyz_alert_explain(rating);
    CHECK_STR(why, "'rating' is held: page 'tab' is suspended");
    xyz_free(why);
    char *snapshot = xyz_dispatch_snapshot_json(home);
    CHECK(strstr(snapshot, "\"name\": \"tab\", \"visible\": true, \"participating\": true, \"parent\": null, "
                           "\"active_child\": null, \"provider\": false, \"suspended\": true") != NULL);
    xyz_free(snapshot);
    CHECK_OK(xyz_dispatch_resume(tab));
    CHECK_STR(recorder_take(&r), "");
    CHECK_OK(xyz_dispatch_resume(tab));
    CHECK_STR(recorder_take(&r), "show rating page\n");
    CHECK_STATUS(xyz_dispatch_resume(tab), XYZ_ESTATE);
    CHECK_STATUS(xyz_dispatch_suspend(NULL), XYZ_EINVAL);
    CHECK(!xyz_dispatch_is_suspended(NULL));
    xyz_alert_release(rating);
    CHECK_OK(xyz_dispatch_destroy(home));
    CHECK_OK(xyz_dispatch_destroy(tab));
}

static void content_set_on_an_on_screen_alert_is_an_update(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *shown = make_alert("shown", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *queued = make_alert("queued", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *pair[] = {shown, queued};
    CHECK_OK(xyz_dispatch_add(home, pair, 2));
    CHECK_OK(xyz_alert_set_title(shown, "3 new messages"));
    CHECK_OK(xyz_alert_set_title(shown, "3 new messages")); /* the same again: nothing changes, no update */
    CHECK_OK(xyz_alert_set_message(queued, "waits"));        /* queued: just takes it */
    CHECK_OK(xyz_alert_add_action(shown, "ok", "OK", XYZ_ACTION_DEFAULT));
    CHECK_STR(recorder_take(&r), "show shown page\nupdate shown 3 new messages\nupdate shown 3 new messages\n");
    xyz_alert *cover = make_alert("cover", 9, XYZ_EXCLUSIVE_HIDE_OTHERS);
    CHECK_OK(xyz_dispatch_add(home, &cover, 1));
    CHECK_OK(xyz_alert_set_style(shown, "toast")); /* hidden is on screen too */
    CHECK_STR(recorder_take(&r), "hide shown covered\nshow cover page\nupdate shown 3 new messages\n");
    CHECK_STATUS(xyz_alert_trigger_action(shown, 0), XYZ_ESTATE); /* hidden: its actions cannot be chosen */
    CHECK_OK(xyz_alert_cancel(shown));
    CHECK_STATUS(xyz_alert_set_title(shown, "late"), XYZ_ESTATE);
    recorder_take(&r);
    CHECK_STR(xyz_alert_message(queued), "waits");
    xyz_alert_release(shown);
    xyz_alert_release(queued);
    xyz_alert_release(cover);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void over_capacity_the_lowest_ranked_is_dropped(void) {
    recorder r = {0};
    xyz_host host = recorder_host(&r);
    xyz_dispatch *home = xyz_dispatch_create(&host, NULL);
    xyz_dispatch_set_name(home, "home");
    CHECK_OK(xyz_dispatch_set_capacity(home, 2));
    CHECK(xyz_dispatch_capacity(home) == 2);
    xyz_alert *batch[] = {make_alert("p1", 1, XYZ_EXCLUSIVE_WAIT), make_alert("p3", 3, XYZ_EXCLUSIVE_WAIT),
                          make_alert("p0", 0, XYZ_EXCLUSIVE_WAIT), make_alert("q3", 3, XYZ_EXCLUSIVE_WAIT)};
    add_released(home, batch, 4);
    CHECK_STR(recorder_take(&r), "finish p0 dropped\nfinish p1 dropped\n");
    xyz_alert *tie = make_alert("t3", 3, XYZ_EXCLUSIVE_WAIT);
    add_released(home, &tie, 1);
    CHECK_STR(recorder_take(&r), "finish t3 dropped\n"); /* among equals the one added last */
    CHECK_OK(xyz_dispatch_set_capacity(home, 1));
    CHECK_STR(recorder_take(&r), "finish q3 dropped\n");
    CHECK_OK(xyz_dispatch_page_did_appear(home));
    CHECK_STR(recorder_take(&r), "show p3 page\n");
    CHECK_STATUS(xyz_dispatch_set_capacity(home, (size_t)1 << 40), XYZ_EINVAL);
    CHECK(xyz_dispatch_capacity(home) == 1);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void duplicates_are_rejected_ignored_or_replaced(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *first = make_alert("msg", 1, XYZ_EXCLUSIVE_COVER);
    CHECK_OK(xyz_dispatch_add(home, &first, 1));
    CHECK(xyz_alert_on_duplicate(first) == XYZ_ON_DUPLICATE_REJECT);
    xyz_alert *rejected = make_alert("msg", 1, XYZ_EXCLUSIVE_COVER);
    CHECK_STATUS(xyz_dispatch_add(home, &rejected, 1), XYZ_EDUPLICATE);
    CHECK(xyz_alert_state(rejected) == XYZ_STATE_IDLE);
    CHECK_OK(xyz_alert_set_on_duplicate(rejected, XYZ_ON_DUPLICATE_IGNORE));
    xyz_alert *other = make_alert("other", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *batch[] = {rejected, other};
    CHECK_OK(xyz_dispatch_add(home, batch, 2));
    CHECK(xyz_alert_state(rejected) == XYZ_STATE_FINISHED && xyz_alert_state(other) == XYZ_STATE_READY);
    xyz_alert *newer = make_alert("msg", 1, XYZ_EXCLUSIVE_COVER);
    CHECK_OK(xyz_alert_set_on_duplicate(newer, XYZ_ON_DUPLICATE_REPLACE));
    CHECK_OK(xyz_dispatch_add(home, &newer, 1));
    CHECK_STR(recorder_take(&r), "show msg page\nfinish msg duplicate\nremove msg replaced\nfinish msg replaced\n"
              "show msg page\n");
    CHECK(xyz_dispatch_find(home, "msg") == newer);
    CHECK_STATUS(xyz_alert_set_on_duplicate(newer, XYZ_ON_DUPLICATE_IGNORE), XYZ_ESTATE);
    CHECK_STATUS(xyz_alert_set_on_duplicate(other, (xyz_on_duplicate)5), XYZ_EINVAL);
    CHECK_STR(xyz_on_duplicate_name(XYZ_ON_DUPLICATE_REPLACE), "replace");
    CHECK_STR(xyz_on_duplicate_name((xyz_on_duplicate)5), "unknown");
    xyz_alert_release(first);
    xyz_alert_release(rejected);
    xyz_alert_release(other);
    xyz_alert_release(newer);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void lanes_are_arbitrated_on_their_own(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *dialog = make_alert("dialog", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *toast = make_alert("toast", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_lane(toast, "toast"));
    CHECK_STR(xyz_alert_lane(toast), "toast");
    CHECK_STR(xyz_alert_lane(dialog), "main");
    xyz_alert *modal = make_alert("modal", 9, XYZ_EXCLUSIVE_HIDE_OTHERS);
    xyz_alert *batch[] = {dialog, toast, modal};
    CHECK_OK(xyz_dispatch_add(home, batch, 3));
    /* "main" before "toast"; the modal hides only its own lane. */
    CHECK_STR(recorder_take(&r), "show modal page\nshow toast page\n");
    char *snapshot = xyz_dispatch_snapshot_json(home);
    CHECK(strstr(snapshot, "\"id\": \"toast\", \"priority\": 0, \"exclusive\": \"wait\", \"state\": \"showing\", "
                           "\"page\": 0, \"unmet_dependencies\": 0, \"lane\": \"toast\"") != NULL);
    xyz_free(snapshot);
    CHECK_STATUS(xyz_alert_set_lane(toast, "main"), XYZ_ESTATE);
    CHECK_STATUS(xyz_alert_set_lane(dialog, ""), XYZ_ESTATE);
    xyz_alert *fresh = xyz_alert_create("fresh");
    CHECK_STATUS(xyz_alert_set_lane(fresh, ""), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_lane(fresh, NULL), XYZ_EINVAL);
    xyz_alert_release(fresh);
    for (int i = 0; i < 3; i++) xyz_alert_release(batch[i]);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* The replaced alert was on screen and waited for by id and by handle: the
 * handle dependent is freed, the id dependent waits for the new alert. */
static void replace_frees_handle_dependents_and_keeps_id_dependents_waiting(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *old = make_alert("msg", 1, XYZ_EXCLUSIVE_COVER);
    CHECK_OK(xyz_dispatch_add(home, &old, 1));
    xyz_alert *by_handle = make_alert("by_handle", 3, XYZ_EXCLUSIVE_COVER);
    CHECK_OK(xyz_alert_add_dependency(by_handle, old));
    xyz_alert *by_id = make_alert("by_id", 2, XYZ_EXCLUSIVE_COVER);
    CHECK_OK(xyz_alert_add_dependency_id(by_id, "msg"));
    xyz_alert *pair[] = {by_handle, by_id};
    CHECK_OK(xyz_dispatch_add(home, pair, 2));
    xyz_alert *newer = make_alert("msg", 1, XYZ_EXCLUSIVE_COVER);
    CHECK_OK(xyz_alert_set_on_duplicate(newer, XYZ_ON_DUPLICATE_REPLACE));
    recorder_take(&r);
    CHECK_OK(xyz_dispatch_add(home, &newer, 1));
    CHECK_STR(recorder_take(&r), "remove msg replaced\nfinish msg replaced\nshow by_handle page\n");
    CHECK(xyz_alert_state(by_id) == XYZ_STATE_READY);
    CHECK_OK(xyz_alert_dismiss(by_handle));
    CHECK_STR(recorder_take(&r), "finish by_handle dismissed\nshow msg page\n");
    CHECK_OK(xyz_alert_dismiss(newer));
    CHECK_STR(recorder_take(&r), "finish msg dismissed\nshow by_id page\n");
    xyz_alert_release(old);
    xyz_alert_release(by_handle);
    xyz_alert_release(by_id);
    xyz_alert_release(newer);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void a_scenario_reads_its_expect_list(void) {
    const char *text = "{\"pages\": {\"p\": {}}, \"alerts\": [{\"id\": \"a\", \"page\": \"p\"}],\n"
                       " \"steps\": [{\"appear\": \"p\"}, {\"add\": \"a\"}],\n"
                       " \"expect\": [\"1 show a p\"]}";
    xyz_error error;
    xyz_scenario *scenario = xyz_scenario_load_string(text, strlen(text), &error);
    CHECK(scenario != NULL);
    if (!scenario) return;
    CHECK(xyz_scenario_has_expect(scenario) && xyz_scenario_expect_count(scenario) == 1);
    int line = 0, column = 0;
    CHECK_STR(xyz_scenario_expect(scenario, 0, &line, &column), "1 show a p");
    CHECK(line == 3 && column == 13);
    CHECK(xyz_scenario_expect(scenario, 1, NULL, NULL) == NULL);
    size_t start = 0, end = 0;
    CHECK(xyz_scenario_expect_span(scenario, &start, &end, &line, &column));
    CHECK(text[start] == '[' && text[end - 1] == ']' && line == 3 && column == 12);
    xyz_scenario_free(scenario);
    const char *bad = "{\"pages\": {\"p\": {}}, \"alerts\": [], \"steps\": [], \"expect\": [\"0 show a p\"]}";
    CHECK(xyz_scenario_load_string(bad, strlen(bad), &error) == NULL);
    CHECK_STR(error.pointer, "/expect/0");
    CHECK(strstr(error.message, "out of range: the scenario has 0 steps") != NULL);
}

const test_case policy_tests[] = {
    {"tags_are_kept_in_order_without_repeats", tags_are_kept_in_order_without_repeats},
    {"cancel_tagged_ends_top_first_then_in_candidate_order", cancel_tagged_ends_top_first_then_in_candidate_order},
    {"suspend_is_counted_and_holds_the_subtree", suspend_is_counted_and_holds_the_subtree},
    {"content_set_on_an_on_screen_alert_is_an_update", content_set_on_an_on_screen_alert_is_an_update},
    {"over_capacity_the_lowest_ranked_is_dropped", over_capacity_the_lowest_ranked_is_dropped},
    {"duplicates_are_rejected_ignored_or_replaced", duplicates_are_rejected_ignored_or_replaced},
    {"lanes_are_arbitrated_on_their_own", lanes_are_arbitrated_on_their_own},
    {"replace_frees_handle_dependents_and_keeps_id_dependents_waiting",
     replace_frees_handle_dependents_and_keeps_id_dependents_waiting},
    {"a_scenario_reads_its_expect_list", a_scenario_reads_its_expect_list},
    {NULL, NULL},
};
