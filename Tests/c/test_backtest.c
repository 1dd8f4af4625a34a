/* Backtests (docs/rules.md §23) through the runner's own functions, so that
 * valgrind sees every replay, record and report: the response model's
 * interface, one session replayed under two policies, and the report's
 * state read back and merged. */
#define _POSIX_C_SOURCE 200809L /* open_memstream, fmemopen */
#include <stdlib.h>

#include "backtest.h"
#include "harness.h"
#include "report_views.h"

static const char baseline_json[] =
    "{\"alerts\": [{\"id\": \"x\", \"priority\": 1}, {\"id\": \"y\", \"priority\": 9},"
    " {\"id\": \"m\", \"actions\": [{\"id\": \"open\", \"title\": \"Open\"}]}]}";
static const char candidate_json[] =
    "{\"alerts\": [{\"id\": \"x\", \"priority\": 1, \"show_after\": 2}, {\"id\": \"y\", \"priority\": 9}]}";
/* x is dismissed 4 s after its show; y waits for it; m has no reaction. */
static const char session_json[] =
    "{\"pages\": {\"home\": {}}, \"attributes\": {\"user_id\": \"ada\"},"
    " \"alerts\": [{\"id\": \"x\", \"page\": \"home\"}, {\"id\": \"y\", \"page\": \"home\", \"priority\": 9},"
    "  {\"id\": \"m\", \"page\": \"home\"}],"
    " \"steps\": [{\"appear\": \"home\"}, {\"add\": \"x\"}, {\"advance\": 4}, {\"dismiss\": \"x\"}, {\"add\": \"y\"},"
    "  {\"add\": \"m\"}, {\"advance\": 20}]}";

static xyz_catalog *catalog(const char *json) {
    xyz_error error;
    xyz_catalog *c = xyz_catalog_load_string(json, strlen(json), &error);
    CHECK(c != NULL);
    return c;
}

static uint64_t number(const report *rep, const char *key, size_t p) {
    const report_counts *counts = report_find(rep, key);
    return counts ? counts->n[p] : 0;
}

static void a_model_loads_and_chooses_the_same_each_time(void) {
    static const char json[] = "{\"version\": 1, \"default\": {\"dismiss_after\": \"2s\"},"
                               " \"alerts\": {\"m\": {\"actions\": {\"0\": 1, \"dismiss\": 1}}}}";
    xyz_error error;
    xyz_response_model *model = xyz_response_model_load_string(json, strlen(json), &error);
    CHECK(model != NULL);
    recorder r;
    memset(&r, 0, sizeof r);
    xyz_dispatch *home = recorder_page(&r, "home");
    CHECK_OK(xyz_dispatch_set_attribute(home, "user_id", "\"ada\""));
    xyz_alert *m = make_alert("m", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(home, &m, 1));
    double after = 0;
    long action = 7, again = 7;
    CHECK_OK(xyz_response_model_react(model, m, &after, &action));
    CHECK(after == 2);
    CHECK(action == 0 || action == -1);
    CHECK_OK(xyz_response_model_react(model, m, &after, &again));
    CHECK(again == action);
    /* The choice is fractional's over "ada" + "m": the rule gives the same. */
    char *chosen = NULL;
    CHECK_OK(xyz_rule_eval_json("{\"fractional\": [\"adam\", [\"0\", 1], [\"dismiss\", 1]]}", "{}", &chosen, &error));
    CHECK_STR(chosen, action == 0 ? "\"0\"" : "\"dismiss\"");
    xyz_free(chosen);
    /* No model: a dismiss after 5 s. */
    CHECK_OK(xyz_response_model_react(NULL, m, &after, &action));
    CHECK(after == 5 && action == -1);
    CHECK_STATUS(xyz_response_model_react(model, NULL, &after, &action), XYZ_EINVAL);
    CHECK_STATUS(xyz_response_model_react(model, m, NULL, &action), XYZ_EINVAL);
    xyz_alert_release(m);
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_response_model_free(model);
    xyz_response_model_free(NULL);
}

static void a_bad_model_is_a_located_error(void) {
    static const char json[] = "{\"version\": 1,\n \"alerts\": {\"m\": {\"actions\": {\"01\": 1}}}}";
    xyz_error error;
    CHECK(xyz_response_model_load_string(json, strlen(json), &error) == NULL);
    CHECK(error.status == XYZ_ESCHEMA && error.line == 2 && error.column == 31);
    CHECK_STR(error.pointer, "/alerts/m/actions/01");
    CHECK_STR(error.message, "a choice is an action's index (\"0\", \"1\", ...) or \"dismiss\", got \"01\"");
    static const char zero[] = "{\"version\": 1, \"default\": {\"actions\": {\"0\": 0}}}";
    CHECK(xyz_response_model_load_string(zero, strlen(zero), &error) == NULL);
    CHECK_STR(error.message, "the weights of actions must not all be 0");
    CHECK(xyz_response_model_load_string("{}", 2, &error) == NULL);
    CHECK_STR(error.message, "a response model needs \"version\": 1");
    CHECK(xyz_response_model_load_file("/nonexistent/model.json", &error) == NULL);
    CHECK(error.status == XYZ_EIO);
    CHECK(xyz_response_model_load_string(NULL, 0, &error) == NULL && error.status == XYZ_EINVAL);
}

static void a_session_replays_under_both_policies(void) {
    backtest_inputs in = {{catalog(baseline_json), catalog(candidate_json)}, 2, NULL};
    report rep;
    report_init(&rep, 2, 10);
    backtest_session(&in, (session_name){"s.jsonl", 1}, session_json, strlen(session_json), &rep);
    CHECK(rep.sessions == 1 && rep.changed[1] == 1 && rep.not_replayable == 0);
    /* x shows 2 s later, its dismiss moves with it, and y waits 2 s longer. */
    CHECK(number(&rep, "alert\ty\ttime_ms\t0", 0) == 0 && number(&rep, "alert\ty\ttime\t0", 0) == 1);
    CHECK(report_time_quantile(&rep, "y", 1, 0.5) == 2);
    /* m: removed by the candidate; the baseline's model dismissed it. */
    CHECK(number(&rep, "removed_by_policy", 1) == 1 && number(&rep, "reactions\tmodelled", 0) == 2);
    CHECK(rep.change_count == 3);
    CHECK_STR(rep.changes[0].alert, "x");
    CHECK_STR(rep.changes[0].kind, "shifted");
    CHECK(rep.changes[0].delta == 2);
    CHECK_STR(rep.changes[2].alert, "m");
    CHECK_STR(rep.changes[2].reason, "removed_by_policy");
    /* Not JSON: not replayable, with where. */
    backtest_session(&in, (session_name){"s.jsonl", 2}, "{", 1, &rep);
    CHECK(rep.not_replayable == 1 && rep.error_count == 1);
    CHECK_STR(rep.errors[0].message, "does not load (column 2): invalid JSON: string or '}' expected near end of file");
    report_free(&rep);
    xyz_catalog_free((xyz_catalog *)in.policies[0]);
    xyz_catalog_free((xyz_catalog *)in.policies[1]);
}

static void a_reports_state_reads_back_and_merges(void) {
    backtest_inputs in = {{catalog(baseline_json), catalog(candidate_json)}, 2, NULL};
    report whole, first, second, merged;
    report_init(&whole, 2, 2);
    report_init(&first, 2, 2);
    report_init(&second, 2, 2);
    report_init(&merged, 2, 2);
    for (unsigned long line = 1; line <= 3; line++) {
        session_name name = {"s.jsonl", line};
        backtest_session(&in, name, session_json, strlen(session_json), &whole);
        backtest_session(&in, name, session_json, strlen(session_json), line == 2 ? &first : &second);
    }
    char *texts[3] = {NULL};
    size_t lengths[3];
    const report *parts[2] = {&second, &first};
    for (int k = 0; k < 2; k++) { /* the parts' states, read into `merged` */
        FILE *out = open_memstream(&texts[k], &lengths[k]);
        report_write_state(parts[k], out);
        fclose(out);
        FILE *in_state = fmemopen(texts[k], lengths[k], "r");
        char why[200] = "";
        CHECK(report_read_state(&merged, in_state, why));
        fclose(in_state);
    }
    const char *names[2] = {"a.json", "b.json"};
    char *expected = NULL, *actual = NULL;
    size_t expected_length, actual_length;
    FILE *out = open_memstream(&expected, &expected_length);
    report_print_json(&whole, names, out);
    fclose(out);
    out = open_memstream(&actual, &actual_length);
    report_print_json(&merged, names, out);
    fclose(out);
    CHECK_STR(actual, expected);
    CHECK(merged.change_count == 2); /* the first 2 of 9 changes, by place */
    /* A state of other policies is refused. */
    report other;
    report_init(&other, 3, 2);
    FILE *in_state = fmemopen(texts[0], lengths[0], "r");
    char why[200] = "";
    CHECK(!report_read_state(&other, in_state, why));
    CHECK_STR(why, "a state of 2 policies keeping 2 changes, not 3 and 2");
    fclose(in_state);
    report_free(&other);
    free(expected);
    free(actual);
    free(texts[0]);
    free(texts[1]);
    report_free(&whole);
    report_free(&first);
    report_free(&second);
    report_free(&merged);
    xyz_catalog_free((xyz_catalog *)in.policies[0]);
    xyz_catalog_free((xyz_catalog *)in.policies[1]);
}

const test_case backtest_tests[] = {
    {"a_model_loads_and_chooses_the_same_each_time", a_model_loads_and_chooses_the_same_each_time},
    {"a_bad_model_is_a_located_error", a_bad_model_is_a_located_error},
    {"a_session_replays_under_both_policies", a_session_replays_under_both_policies},
    {"a_reports_state_reads_back_and_merges", a_reports_state_reads_back_and_merges},
    {NULL, NULL},
};
