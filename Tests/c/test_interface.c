/* The interface: the name functions, catalogs and their definitions, meta
 * validation, the dispatch of an ending alert, the state before each
 * callback, and checking files for every problem (older hosts and names:
 * test_versions.c). */
#include <stddef.h>
#include <stdlib.h>

#include "harness.h"
#include "xyzalert_tooling.h"

/* ---- names ---- */

static void every_enumerator_has_its_json_name(void) {
    static const char *const states[] = {"idle", "waiting", "ready", "showing", "hidden", "finished"};
    for (int i = 0; i <= XYZ_STATE_FINISHED; i++) {
        CHECK_STR(xyz_state_name((xyz_state)i), states[i]);
    }
    CHECK_STR(xyz_exclusive_name(XYZ_EXCLUSIVE_WAIT), "wait");
    CHECK_STR(xyz_exclusive_name(XYZ_EXCLUSIVE_COVER), "cover");
    CHECK_STR(xyz_exclusive_name(XYZ_EXCLUSIVE_HIDE_OTHERS), "hide_others");
    CHECK_STR(xyz_hide_reason_name(XYZ_HIDE_PAGE), "page");
    CHECK_STR(xyz_hide_reason_name(XYZ_HIDE_COVERED), "covered");
    CHECK_STR(xyz_end_reason_name(XYZ_END_DISMISSED), "dismissed");
    CHECK_STR(xyz_end_reason_name(XYZ_END_CANCELLED), "cancelled");
    CHECK_STR(xyz_end_reason_name(XYZ_END_DESTROYED), "destroyed");
    CHECK_STR(xyz_end_reason_name(XYZ_END_TIMEOUT), "timeout");
    CHECK_STR(xyz_end_reason_name(XYZ_END_EXPIRED), "expired");
    CHECK_STR(xyz_end_reason_name(XYZ_END_DUPLICATE), "duplicate");
    CHECK_STR(xyz_end_reason_name(XYZ_END_REPLACED), "replaced");
    CHECK_STR(xyz_end_reason_name(XYZ_END_DROPPED), "dropped");
    CHECK_STR(xyz_end_reason_name(XYZ_END_CAPPED), "capped");
    CHECK_STR(xyz_on_capped_name(XYZ_ON_CAPPED_DROP), "drop");
    CHECK_STR(xyz_on_capped_name(XYZ_ON_CAPPED_WAIT), "wait");
    CHECK_STR(xyz_on_capped_name((xyz_on_capped)2), "unknown");
    CHECK_STR(xyz_when_displaced_name(XYZ_WHEN_DISPLACED_RESTORE), "restore");
    CHECK_STR(xyz_when_displaced_name(XYZ_WHEN_DISPLACED_DROP), "drop");
    CHECK_STR(xyz_when_displaced_name((xyz_when_displaced)2), "unknown");
    CHECK_STR(xyz_on_full_name(XYZ_ON_FULL_QUEUE), "queue");
    CHECK_STR(xyz_on_full_name(XYZ_ON_FULL_EVICT_OLDEST), "evict_oldest");
    CHECK_STR(xyz_on_full_name((xyz_on_full)2), "unknown");
    CHECK_STR(xyz_order_name(XYZ_ORDER_FIFO), "fifo");
    CHECK_STR(xyz_order_name(XYZ_ORDER_LIFO), "lifo");
    CHECK_STR(xyz_order_name((xyz_order)2), "unknown");
    CHECK_STR(xyz_limit_per_name(XYZ_PER_SESSION), "session");
    CHECK_STR(xyz_limit_per_name(XYZ_PER_LIFETIME), "lifetime");
    CHECK_STR(xyz_limit_per_name(XYZ_PER_WINDOW), "window");
    CHECK_STR(xyz_limit_per_name(XYZ_PER_DAY), "day");
    CHECK_STR(xyz_limit_per_name(XYZ_PER_WEEK), "week");
    CHECK_STR(xyz_limit_per_name((xyz_limit_per)5), "unknown");
    CHECK_STR(xyz_on_outside_name(XYZ_ON_OUTSIDE_WAIT), "wait");
    CHECK_STR(xyz_on_outside_name(XYZ_ON_OUTSIDE_DROP), "drop");
    CHECK_STR(xyz_on_outside_name((xyz_on_outside)2), "unknown");
    CHECK_STR(xyz_step_kind_name(XYZ_STEP_APPEAR), "appear");
    CHECK_STR(xyz_step_kind_name(XYZ_STEP_CANCEL_TAGGED), "cancel_tagged");
    CHECK_STR(xyz_step_kind_name(XYZ_STEP_NOTE), "note");
    CHECK_STR(xyz_step_kind_name(XYZ_STEP_TRACK), "track");
    CHECK_STR(xyz_step_kind_name(XYZ_STEP_SET_ATTRIBUTE), "set_attribute");
    CHECK_STR(xyz_step_kind_name(XYZ_STEP_SET_CAMPAIGNS), "set_campaigns");
    CHECK_STR(xyz_step_kind_name((xyz_step_kind)(XYZ_STEP_SET_CAMPAIGNS + 1)), "unknown");
    CHECK_STR(xyz_end_reason_name(XYZ_END_INELIGIBLE), "ineligible");
    CHECK_STR(xyz_end_reason_name(XYZ_END_OUTSIDE_WINDOW), "outside_window");
    CHECK_STR(xyz_end_reason_name(XYZ_END_CONTROL), "control");
    CHECK_STR(xyz_end_reason_name(XYZ_END_WITHDRAWN), "withdrawn");
    CHECK_STR(xyz_campaign_event_name(XYZ_CAMPAIGN_TRIGGER), "trigger");
    CHECK_STR(xyz_campaign_event_name(XYZ_CAMPAIGN_SKIP), "skip");
    CHECK_STR(xyz_campaign_event_name(XYZ_CAMPAIGN_CONTROL), "control");
    CHECK_STR(xyz_campaign_event_name(XYZ_CAMPAIGN_MISS), "miss");
    CHECK_STR(xyz_campaign_event_name((xyz_campaign_event)4), "unknown");
    CHECK_STR(xyz_campaign_why_code_name(XYZ_CAMPAIGN_WHY_WHERE), "where");
    CHECK_STR(xyz_campaign_why_code_name(XYZ_CAMPAIGN_WHY_NO_PAGE), "no_page");
    CHECK_STR(xyz_campaign_why_code_name((xyz_campaign_why_code)9), "unknown");
    CHECK_STR(xyz_action_style_name(XYZ_ACTION_DEFAULT), "default");
    CHECK_STR(xyz_action_style_name(XYZ_ACTION_CANCEL), "cancel");
    CHECK_STR(xyz_action_style_name(XYZ_ACTION_DESTRUCTIVE), "destructive");
    /* Values that are not enumerators (a newer library's, or a bad cast). */
    CHECK_STR(xyz_state_name((xyz_state)6), "unknown");
    CHECK_STR(xyz_exclusive_name((xyz_exclusive)3), "unknown");
    CHECK_STR(xyz_hide_reason_name((xyz_hide_reason)2), "unknown");
    CHECK_STR(xyz_end_reason_name((xyz_end_reason)15), "unknown");
    CHECK_STR(xyz_action_style_name((xyz_action_style)-1), "unknown");
    /* Static storage: the same pointer every time. */
    CHECK(xyz_state_name(XYZ_STATE_READY) == xyz_state_name(XYZ_STATE_READY));
}

/* ---- catalogs ---- */

static void definitions_read_without_creating_alerts(void) {
    xyz_error error;
    xyz_catalog *catalog = xyz_catalog_load_file("examples/alerts.json", &error);
    CHECK(catalog != NULL);
    if (!catalog) return;
    CHECK(xyz_catalog_definition_count(catalog) == 3);
    const xyz_definition *login = xyz_catalog_definition(catalog, 0);
    const xyz_definition *promo = xyz_catalog_find(catalog, "promo");
    CHECK(xyz_catalog_definition(catalog, 3) == NULL && xyz_catalog_find(catalog, "nope") == NULL);
    CHECK(promo == xyz_catalog_definition(catalog, 1));
    CHECK_STR(xyz_definition_id(login), "login");
    CHECK(xyz_definition_priority(login) == 100 && xyz_definition_exclusive(login) == XYZ_EXCLUSIVE_HIDE_OTHERS);
    CHECK(xyz_definition_is_ready(login) && !xyz_definition_is_ready(promo));
    CHECK_STR(xyz_definition_target(login), "page");
    CHECK_STR(xyz_definition_style(login), "alert");
    CHECK(xyz_definition_title(login) == NULL && xyz_definition_meta(login) == NULL);
    CHECK(xyz_definition_page(login) == NULL); /* a plain alert set */
    CHECK(xyz_definition_priority(promo) == 10 && xyz_definition_exclusive(promo) == XYZ_EXCLUSIVE_COVER);
    CHECK_STR(xyz_definition_target(promo), "window");
    CHECK_STR(xyz_definition_title(promo), "Summer sale");
    CHECK_STR(xyz_definition_message(promo), "Everything -20%");
    CHECK_STR(xyz_definition_meta(promo), "{\"image\":\"sale.png\"}");
    double adjust = 0;
    CHECK(xyz_definition_has_keyboard_avoidance(promo, &adjust) && adjust == -8);
    CHECK(xyz_definition_has_keyboard_avoidance(promo, NULL));
    CHECK(xyz_definition_after_count(promo) == 1);
    CHECK_STR(xyz_definition_after(promo, 0), "login");
    CHECK(xyz_definition_after(promo, 1) == NULL);
    CHECK(xyz_definition_action_count(promo) == 2);
    CHECK_STR(xyz_definition_action_id(promo, 1), "close");
    CHECK_STR(xyz_definition_action_title(promo, 1), "Later");
    CHECK(xyz_definition_action_style(promo, 1) == XYZ_ACTION_CANCEL);
    CHECK(xyz_definition_action_id(promo, 2) == NULL && xyz_definition_action_style(promo, 2) == XYZ_ACTION_DEFAULT);
    /* NULL: neutral values and an error that names the function. */
    CHECK(xyz_definition_id(NULL) == NULL);
    CHECK_STR(xyz_last_error(), "xyz_definition_id: definition is NULL");
    CHECK(xyz_definition_priority(NULL) == 0 && xyz_definition_after_count(NULL) == 0);
    CHECK(!xyz_definition_has_keyboard_avoidance(NULL, &adjust));
    CHECK(xyz_catalog_find(catalog, NULL) == NULL);
    CHECK_STR(xyz_last_error(), "xyz_catalog_find: id is NULL");
    /* An instance says what its definition says. */
    xyz_alert *a = xyz_catalog_create_alert(catalog, "promo");
    CHECK(xyz_alert_priority(a) == xyz_definition_priority(promo));
    CHECK_STR(xyz_alert_meta(a), xyz_definition_meta(promo));
    xyz_alert_release(a);
    xyz_catalog_free(catalog);
}

static void scenario_definitions_have_their_pages(void) {
    xyz_error error;
    xyz_scenario *scenario = xyz_scenario_load_file("examples/tabs.json", &error);
    CHECK(scenario != NULL);
    if (!scenario) return;
    const xyz_catalog *catalog = xyz_scenario_catalog(scenario);
    CHECK(xyz_catalog_definition_count(catalog) > 0);
    for (size_t i = 0; i < xyz_catalog_definition_count(catalog); i++) {
        CHECK(xyz_definition_page(xyz_catalog_definition(catalog, i)) != NULL);
    }
    xyz_scenario_free(scenario);
}

/* ---- meta ---- */

static void meta_must_be_one_json_object(void) {
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_alert_set_meta(a, "{\"campaign\": \"summer\"}"));
    static const struct {
        const char *json;
        const char *message;
    } bad[] = {
        {"{oops", "xyz_alert_set_meta: json invalid JSON: string or '}' expected near 'oops' at line 1, column 5"},
        {"[1,2]", "xyz_alert_set_meta: json must be a JSON object, got an array at line 1, column 1"},
        {"\"text\"", "xyz_alert_set_meta: json invalid JSON: '[' or '{' expected near '\"text\"' at line 1, column 6"},
        {"", "xyz_alert_set_meta: json invalid JSON: '[' or '{' expected near end of file at line 1, column 1"},
        {"{\"a\": 1, \"a\": 2}", "xyz_alert_set_meta: json invalid JSON: duplicate object key near '\"a\"' at line 1, column 12"},
        {"{} {}", "xyz_alert_set_meta: json invalid JSON: end of file expected near '{' at line 1, column 4"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_STATUS(xyz_alert_set_meta(a, bad[i].json), XYZ_EINVAL);
        CHECK_STR(xyz_last_error(), bad[i].message);
        CHECK_STR(xyz_alert_meta(a), "{\"campaign\": \"summer\"}"); /* unchanged, verbatim */
    }
    CHECK_STATUS(xyz_alert_set_meta(a, "{\"a\": \"\xff\"}"), XYZ_EINVAL); /* not UTF-8 */
    CHECK_OK(xyz_alert_set_meta(a, " { } "));
    CHECK_STR(xyz_alert_meta(a), " { } ");
    CHECK_OK(xyz_alert_set_meta(a, NULL));
    CHECK(xyz_alert_meta(a) == NULL);
    xyz_alert_release(a);
}

/* ---- the dispatch of an ending alert ---- */

typedef struct ending {
    xyz_dispatch *expected;
    int seen, wrong;
} ending;

static void expect_dispatch(recorder *r, const char *event, xyz_alert *alert) {
    ending *e = r->user;
    if (strcmp(event, "remove") == 0 || strcmp(event, "finish") == 0 || strcmp(event, "action") == 0) {
        e->seen++;
        if (xyz_alert_dispatch(alert) != e->expected || xyz_alert_state(alert) != XYZ_STATE_FINISHED) {
            e->wrong++;
        }
    }
}

static void an_ending_alert_keeps_its_dispatch_during_remove_and_finish(void) {
    recorder r = {0};
    ending e = {NULL, 0, 0};
    r.user = &e;
    r.react = expect_dispatch;
    xyz_dispatch *d = recorder_page(&r, "home");
    e.expected = d;
    xyz_alert *a = make_alert("a", 1, XYZ_EXCLUSIVE_COVER);
    xyz_alert *b = make_alert("b", 2, XYZ_EXCLUSIVE_COVER);
    xyz_alert *c = make_alert("c", 3, XYZ_EXCLUSIVE_COVER);
    xyz_alert *q = make_alert("q", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_action(c, "ok", "OK", XYZ_ACTION_DEFAULT));
    xyz_alert *all[] = {a, b, c, q};
    CHECK_OK(xyz_dispatch_add(d, all, 4));
    CHECK_OK(xyz_alert_trigger_action(c, 0)); /* action, remove, finish */
    CHECK_OK(xyz_alert_cancel(b));             /* remove, finish */
    CHECK_OK(xyz_alert_dismiss(a));            /* finish */
    CHECK(e.seen == 6 && e.wrong == 0);
    CHECK(xyz_alert_dispatch(a) == NULL && xyz_alert_dispatch(c) == NULL); /* after finish */
    CHECK(xyz_alert_dispatch(q) == d);
    CHECK(xyz_alert_state(q) == XYZ_STATE_SHOWING);
    CHECK_OK(xyz_dispatch_destroy(d)); /* q: remove and finish, from a dispatch being destroyed */
    CHECK(e.seen == 8 && e.wrong == 0);
    CHECK(xyz_alert_dispatch(q) == NULL);
    for (int i = 0; i < 4; i++) xyz_alert_release(all[i]);
}

/* ---- the state before each callback ---- */

static void state_matches(recorder *r, const char *event, xyz_alert *alert) {
    int *wrong = r->user;
    if (!alert) return;
    xyz_state s = xyz_alert_state(alert);
    xyz_state expected = strcmp(event, "show") == 0 || strcmp(event, "unhide") == 0 ? XYZ_STATE_SHOWING
                         : strcmp(event, "hide") == 0                              ? XYZ_STATE_HIDDEN
                         : strcmp(event, "move") == 0                              ? s
                                                                                   : XYZ_STATE_FINISHED;
    char *snapshot = xyz_dispatch_snapshot_json(xyz_alert_dispatch(alert));
    char needle[64];
    snprintf(needle, sizeof needle, "\"id\": \"%s\"", xyz_alert_id(alert));
    /* A live alert is in the snapshot; a finished one no longer is. */
    int listed = snapshot && strstr(snapshot, needle) != NULL;
    if (s != expected || listed != (s != XYZ_STATE_FINISHED)) {
        (*wrong)++;
    }
    xyz_free(snapshot);
}

static void the_state_is_complete_before_every_callback(void) {
    recorder r = {0};
    int wrong = 0;
    r.user = &wrong;
    r.react = state_matches;
    xyz_dispatch *d = recorder_page(&r, "home");
    xyz_alert *low = make_alert("low", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *top = make_alert("top", 5, XYZ_EXCLUSIVE_HIDE_OTHERS);
    CHECK_OK(xyz_dispatch_add(d, &low, 1));
    CHECK_OK(xyz_dispatch_add(d, &top, 1)); /* show top, hide low */
    CHECK_OK(xyz_dispatch_page_will_disappear(d));
    CHECK_OK(xyz_dispatch_page_did_appear(d));
    CHECK_OK(xyz_alert_cancel(top)); /* remove, finish, unhide low */
    CHECK_OK(xyz_dispatch_destroy(d));
    CHECK(strlen(recorder_take(&r)) > 0);
    CHECK(wrong == 0);
    xyz_alert_release(low);
    xyz_alert_release(top);
}

/* ---- checking every problem ---- */

static void check_reports_every_problem_up_to_capacity(void) {
    /* Five alerts with a bad priority each: five problems, in order. */
    const char text[] = "{\"version\": 1, \"alerts\": [{\"id\": \"a\", \"priority\": \"x\"}, {\"id\": \"b\", "
                        "\"priority\": \"x\"}, {\"id\": \"c\", \"priority\": \"x\"}, {\"id\": \"d\", \"priority\": "
                        "\"x\"}, {\"id\": \"e\", \"priority\": \"x\"}]}";
    xyz_error errors[8];
    size_t count = 99;
    CHECK_STATUS(xyz_check_string(text, sizeof text - 1, errors, 8, &count), XYZ_ESCHEMA);
    CHECK(count == 5);
    for (size_t i = 0; i < count; i++) {
        char pointer[32];
        snprintf(pointer, sizeof pointer, "/alerts/%zu/priority", i);
        CHECK_STR(errors[i].pointer, pointer);
        CHECK(errors[i].status == XYZ_ESCHEMA && (i == 0 || errors[i].position > errors[i - 1].position));
    }
    CHECK_STATUS(xyz_check_string(text, sizeof text - 1, errors, 2, &count), XYZ_ESCHEMA);
    CHECK(count == 2);
    CHECK_STR(errors[1].pointer, "/alerts/1/priority");
    /* Capacity 0: the status alone. */
    CHECK_STATUS(xyz_check_string(text, sizeof text - 1, NULL, 0, &count), XYZ_ESCHEMA);
    CHECK(count == 0);
    /* Valid: nothing. */
    const char valid[] = "{\"version\": 1, \"alerts\": []}";
    CHECK_OK(xyz_check_string(valid, sizeof valid - 1, errors, 8, &count));
    CHECK(count == 0);
    /* Malformed JSON and unreadable files have exactly one problem. */
    CHECK_STATUS(xyz_check_string("{", 1, errors, 8, &count), XYZ_EPARSE);
    CHECK(count == 1);
    CHECK_STATUS(xyz_check_file("Tests/data/no-such-file.json", errors, 8, &count), XYZ_EIO);
    CHECK(count == 1 && errors[0].status == XYZ_EIO);
    /* Bad arguments. */
    CHECK_STATUS(xyz_check_file(NULL, errors, 8, &count), XYZ_EINVAL);
    CHECK_STATUS(xyz_check_file("examples/alerts.json", errors, 8, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_check_file("examples/alerts.json", NULL, 1, &count), XYZ_EINVAL);
    CHECK_STATUS(xyz_check_string(NULL, 0, errors, 8, &count), XYZ_EINVAL);
    /* Counting the alerts of a valid file, as loading it does. */
    size_t alerts = 99;
    xyz_error load_error;
    xyz_catalog *catalog = xyz_catalog_load_file("examples/alerts.json", &load_error);
    CHECK(catalog != NULL);
    CHECK_OK(xyz_check_file_alerts("examples/alerts.json", errors, 8, &count, &alerts));
    CHECK(count == 0 && catalog && alerts == xyz_catalog_definition_count(catalog) && alerts > 0);
    xyz_catalog_free(catalog);
    CHECK_OK(xyz_check_file_alerts("examples/alerts.json", errors, 8, &count, NULL));
    CHECK_STATUS(xyz_check_file_alerts("Tests/data/no-such-file.json", errors, 8, &count, &alerts), XYZ_EIO);
    CHECK(count == 1 && alerts == 0);
    CHECK_STATUS(xyz_check_file_alerts("Tests/data/bad/id-duplicate.json", errors, 8, &count, &alerts), XYZ_ESCHEMA);
    CHECK(count == 1 && alerts == 0);
    CHECK_STATUS(xyz_check_file_alerts(NULL, errors, 8, &count, &alerts), XYZ_EINVAL);
}

/* A scenario's local time: a fixed offset, changing ones (a recording's
 * "utc_offsets"), a zone, or none; a set_campaigns step of a scenario
 * from memory reads no file. */
static void a_scenarios_local_time_and_files_it_will_not_read(void) {
    static const char changing[] =
        "{\"alerts\": [], \"pages\": {\"p\": {}}, \"steps\": [], \"utc_offsets\": [[10, 3600], [20.5, -1800]]}";
    xyz_error error;
    xyz_scenario *s = xyz_scenario_load_string(changing, sizeof changing - 1, &error);
    CHECK(s != NULL);
    double wall = -1, offset = -1;
    CHECK(xyz_scenario_utc_offset_change_count(s) == 2 && !xyz_scenario_utc_offset(s, NULL));
    CHECK_OK(xyz_scenario_utc_offset_change(s, 1, &wall, &offset));
    CHECK(wall == 20.5 && offset == -1800);
    CHECK_OK(xyz_scenario_utc_offset_change(s, 0, NULL, &offset));
    CHECK(offset == 3600);
    wall = offset = 7;
    CHECK_STATUS(xyz_scenario_utc_offset_change(s, 2, &wall, &offset), XYZ_EINVAL);
    CHECK(wall == 7 && offset == 7 && strstr(xyz_last_error(), "out of range") != NULL);
    CHECK(xyz_scenario_utc_offset_change_count(NULL) == 0);
    CHECK_STATUS(xyz_scenario_utc_offset_change(NULL, 0, NULL, NULL), XYZ_EINVAL);
    xyz_scenario_free(s);
    static const char reads[] =
        "{\"alerts\": [], \"pages\": {\"p\": {}}, \"steps\": [{\"set_campaigns\": \"/etc/passwd\"}]}";
    CHECK(xyz_scenario_load_string(reads, sizeof reads - 1, &error) == NULL);
    CHECK(error.status == XYZ_ESCHEMA && strcmp(error.pointer, "/steps/0/set_campaigns") == 0);
    CHECK(strstr(error.message, "reads no file") != NULL && strstr(error.message, "root") == NULL);
}

const test_case interface_tests[] = {
    {"a_scenarios_local_time_and_files_it_will_not_read", a_scenarios_local_time_and_files_it_will_not_read},
    {"every_enumerator_has_its_json_name", every_enumerator_has_its_json_name},
    {"definitions_read_without_creating_alerts", definitions_read_without_creating_alerts},
    {"scenario_definitions_have_their_pages", scenario_definitions_have_their_pages},
    {"meta_must_be_one_json_object", meta_must_be_one_json_object},
    {"an_ending_alert_keeps_its_dispatch_during_remove_and_finish",
     an_ending_alert_keeps_its_dispatch_during_remove_and_finish},
    {"the_state_is_complete_before_every_callback", the_state_is_complete_before_every_callback},
    {"check_reports_every_problem_up_to_capacity", check_reports_every_problem_up_to_capacity},
    {NULL, NULL},
};
