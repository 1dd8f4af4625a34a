/* Campaigns (docs/rules.md §21) through the C API: the set attached from a
 * catalog (which may be freed after), tracking, attributes, the host's
 * campaign callback, instances' getters, and bad input that changes
 * nothing. Run under valgrind by `make c-test`. */
#include "harness.h"
#include "xyzalert_tooling.h"

static const char rating[] =
    "{\"alerts\": [{\"id\": \"rate\", \"title\": \"Enjoying it?\"}, {\"id\": \"tip\"}],"
    " \"campaigns\": ["
    "  {\"id\": \"rate-after-two\", \"alert\": \"rate\", \"trigger\": {\"event\": \"done\", \"count\": 2},"
    "   \"audience\": {\"!\": {\"var\": \"rated\"}}, \"delay\": \"5s\", \"cancel_on\": {\"event\": \"started\"}},"
    "  {\"id\": \"tips\", \"alert\": \"tip\", \"trigger\": [{\"event\": \"idle\", \"where\": {\">\": [{\"var\": \"event.s\"}, 9]}},"
    "   {\"event\": \"help\"}], \"start\": 0, \"end\": \"2100-01-01T00:00:00Z\"}]}";

static xyz_dispatch *rating_page(recorder *r) {
    r->clocked = 1;
    xyz_dispatch *home = recorder_page(r, "home");
    xyz_error error;
    xyz_catalog *set = xyz_catalog_load_string(rating, strlen(rating), &error);
    CHECK(set != NULL);
    CHECK_OK(xyz_dispatch_set_campaigns(home, set));
    xyz_catalog_free(set); /* the domain keeps what it needs */
    return home;
}

static void track_counts_delays_cancels_and_reports(void) {
    recorder r = {0};
    xyz_dispatch *home = rating_page(&r);
    CHECK_OK(xyz_dispatch_track(home, "done", NULL));
    CHECK_OK(xyz_dispatch_track(home, "done", "{\"tasks\": 2}"));
    CHECK(strstr(recorder_take(&r), "trigger rate-after-two\n") != NULL);
    CHECK_OK(xyz_dispatch_track(home, "started", "{}"));
    CHECK(strncmp(recorder_take(&r), "finish rate cancelled\n", 22) == 0); /* (then its timer request) */
    CHECK_OK(xyz_dispatch_track(home, "done", NULL));
    CHECK_OK(xyz_dispatch_track(home, "done", NULL));
    CHECK(xyz_dispatch_next_deadline(home) == 5);
    recorder_advance(&r, &home, 1, 5);
    const char *log = recorder_take(&r);
    CHECK(strstr(log, "trigger rate-after-two\n") != NULL && strstr(log, "show rate page\n") != NULL);
    CHECK_OK(xyz_dispatch_track(home, "idle", "{\"s\": 3}"));
    CHECK_STR(recorder_take(&r), "");
    CHECK_OK(xyz_dispatch_track(home, "idle", "{\"s\": 30}"));
    CHECK_STR(recorder_take(&r), "trigger tips\n");
    /* The snapshot lists each campaign's counts, in set order. */
    char *snapshot = xyz_dispatch_snapshot_json(home);
    CHECK(strstr(snapshot, "\"campaigns\": {\"rate-after-two\": {\"triggers\": [4], \"cancel_on\": [1]}, "
                           "\"tips\": {\"triggers\": [1], \"cancel_on\": []}}") != NULL);
    xyz_free(snapshot);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* The instance's getters, and the trace's words for the new enumerators. */
static struct {
    char campaign[64];
    int instances;
} seen;

static void on_campaign(xyz_dispatch *root, const char *campaign, xyz_campaign_event kind, const char *reason,
                        xyz_alert *alert, void *context) {
    (void)root;
    (void)context;
    CHECK((kind == XYZ_CAMPAIGN_TRIGGER) == (alert != NULL) && (kind == XYZ_CAMPAIGN_SKIP) == (reason != NULL));
    if (alert) {
        CHECK_STR(xyz_alert_campaign(alert), campaign);
        CHECK(xyz_alert_variant(alert) == NULL);
        CHECK(xyz_alert_state(alert) == XYZ_STATE_IDLE); /* added right after */
        snprintf(seen.campaign, sizeof seen.campaign, "%s", campaign);
        seen.instances++;
    }
}

static void the_callback_sees_the_instance_before_its_add(void) {
    xyz_host host = XYZ_HOST_INIT(.campaign = on_campaign);
    xyz_dispatch *home = xyz_dispatch_create(&host, NULL);
    xyz_error error;
    xyz_catalog *set = xyz_catalog_load_string(rating, strlen(rating), &error);
    CHECK_OK(xyz_dispatch_set_campaigns(home, set));
    CHECK_OK(xyz_dispatch_track(home, "help", NULL));
    CHECK(seen.instances == 1);
    CHECK_STR(seen.campaign, "tips");
    CHECK_OK(xyz_dispatch_set_campaigns(home, NULL));
    CHECK_OK(xyz_dispatch_track(home, "help", NULL));
    CHECK(seen.instances == 1);
    xyz_catalog_free(set);
    CHECK(xyz_alert_campaign(NULL) == NULL && xyz_alert_variant(NULL) == NULL);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void attributes_round_trip_and_bad_json_changes_nothing(void) {
    recorder r = {0};
    xyz_dispatch *home = rating_page(&r);
    xyz_dispatch *child = recorder_page(&r, "child");
    CHECK_OK(xyz_dispatch_set_parent(child, home));
    CHECK_OK(xyz_dispatch_set_attribute(home, "plan", "\"free\""));
    CHECK_OK(xyz_dispatch_set_attributes_json(home, "{\"n\": 1.5, \"tags\": [\"a\"]}"));
    char *before = xyz_dispatch_attributes_json(child);
    CHECK_STR(before, "{\"plan\":\"free\",\"n\":1.5,\"tags\":[\"a\"]}");
    CHECK(xyz_dispatch_track(home, "done", "[1]") == XYZ_EINVAL);
    CHECK(strstr(xyz_last_error(), "props_json must be a JSON object") != NULL);
    CHECK(xyz_dispatch_track(home, "done", "{\"a\": ") == XYZ_EINVAL);
    CHECK(strstr(xyz_last_error(), "props_json") != NULL);
    CHECK(xyz_dispatch_set_attribute(home, "plan", "free") == XYZ_EINVAL);
    CHECK(xyz_dispatch_set_attribute(home, "", "1") == XYZ_EINVAL);
    CHECK(xyz_dispatch_set_attribute(child, "plan", "1") == XYZ_ESTATE);
    CHECK(xyz_dispatch_set_attributes_json(home, "[1]") == XYZ_EINVAL);
    CHECK(xyz_dispatch_set_attributes_json(home, NULL) == XYZ_EINVAL);
    CHECK(xyz_dispatch_set_campaigns(child, NULL) == XYZ_ESTATE);
    CHECK(xyz_dispatch_track(NULL, "done", NULL) == XYZ_EINVAL);
    CHECK(xyz_dispatch_track(home, NULL, NULL) == XYZ_EINVAL);
    CHECK(xyz_dispatch_attributes_json(NULL) == NULL);
    char *after = xyz_dispatch_attributes_json(home);
    CHECK_STR(after, before);
    CHECK_STR(recorder_take(&r), "");
    xyz_free(before);
    xyz_free(after);
    CHECK_OK(xyz_dispatch_set_attribute(home, "plan", NULL));
    char *removed = xyz_dispatch_attributes_json(home);
    CHECK_STR(removed, "{\"n\":1.5,\"tags\":[\"a\"]}");
    xyz_free(removed);
    CHECK_OK(xyz_dispatch_destroy(child));
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void a_set_naming_a_missing_definition_is_a_located_error(void) {
    static const char *const broken[][2] = {
        {"{\"alerts\": [], \"campaigns\": [{\"id\": \"c\", \"alert\": \"nope\", \"trigger\": {\"event\": \"e\"}}]}",
         "/campaigns/0/alert"},
        {"{\"alerts\": [{\"id\": \"a\"}], \"campaigns\": [{\"id\": \"c\", \"alert\": \"a\", \"trigger\": {\"count\": 2}}]}",
         "/campaigns/0/trigger"},
        {"{\"alerts\": [{\"id\": \"a\"}], \"campaigns\": [{\"id\": \"c\", \"alert\": \"a\", \"trigger\": {\"event\": \"e\", "
         "\"count\": 0}}]}", "/campaigns/0/trigger/count"},
        {"{\"alerts\": [{\"id\": \"a\"}], \"campaigns\": [{\"id\": \"c\", \"alert\": \"a\", \"trigger\": {\"event\": \"e\"}},"
         " {\"id\": \"c\", \"alert\": \"a\", \"trigger\": {\"event\": \"e\"}}]}", "/campaigns/1/id"},
        {"{\"alerts\": [{\"id\": \"a\"}], \"campaigns\": [{\"id\": \"c\", \"alert\": \"a\", \"trigger\": {\"event\": \"e\"},"
         " \"start\": \"2026-12-01T00:00:00Z\", \"end\": 100}]}", "/campaigns/0/end"},
        {"{\"alerts\": [{\"id\": \"a\"}], \"campaigns\": [{\"id\": \"c\", \"alert\": \"a\", \"trigger\": {\"event\": \"e\"},"
         " \"start\": \"2026-02-30T00:00:00Z\"}]}", "/campaigns/0/start"},
        {"{\"alerts\": [{\"id\": \"a\"}], \"campaigns\": [{\"id\": \"c\", \"alert\": \"a\", \"trigger\": {\"event\": \"e\","
         " \"where\": {\"bogus\": [1]}}}]}", "/campaigns/0/trigger/where"},
    };
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        xyz_error error;
        CHECK(xyz_catalog_load_string(broken[i][0], strlen(broken[i][0]), &error) == NULL);
        CHECK(error.status == XYZ_ESCHEMA);
        CHECK_STR(error.pointer, broken[i][1]);
        CHECK(error.line == 1 && error.column > 1);
    }
}

/* docs/rules.md §22: variants chosen by user_id and kept, a control
 * instance that ends `control` after its campaign event, a test campaign
 * that skips its audience, a replaced set that withdraws a pending
 * instance, and the catalog's campaign getters. */
static const char experiment[] =
    "{\"campaigns_version\": \"v1\", \"alerts\": [{\"id\": \"offer\", \"title\": \"20%\"}, {\"id\": \"preview\"},"
    " {\"id\": \"reminder\"}],"
    " \"campaigns\": [{\"id\": \"discount\", \"alert\": \"offer\", \"trigger\": {\"event\": \"cart\"},"
    "   \"variants\": [{\"id\": \"offer\", \"weight\": 1}, {\"id\": \"holdout\", \"weight\": 1, \"control\": true}]},"
    "  {\"id\": \"qa\", \"alert\": \"preview\", \"trigger\": {\"event\": \"qa\"}, \"test\": true,"
    "   \"audience\": {\"==\": [1, 2]}},"
    "  {\"id\": \"later\", \"alert\": \"reminder\", \"trigger\": {\"event\": \"later\"}, \"delay\": 60}]}";

static void variants_control_test_campaigns_and_withdrawn(void) {
    recorder r = {0};
    r.clocked = 1;
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_error error;
    xyz_catalog *set = xyz_catalog_load_string(experiment, strlen(experiment), &error);
    CHECK(set != NULL);
    CHECK_STR(xyz_catalog_campaigns_version(set), "v1");
    CHECK(xyz_catalog_campaign_count(set) == 3 && xyz_catalog_variant_count(set, 0) == 2);
    CHECK_STR(xyz_catalog_campaign_id(set, 0), "discount");
    CHECK_STR(xyz_catalog_variant_id(set, 0, 1), "holdout");
    CHECK(xyz_catalog_variant_id(set, 0, 2) == NULL && strstr(xyz_last_error(), "out of range") != NULL);
    CHECK(xyz_catalog_choose_variant(set, "qa", "u") == NULL && strstr(xyz_last_error(), "no variants") != NULL);
    CHECK(xyz_catalog_choose_variant(set, "nope", "u") == NULL);
    /* Users of each variant, by the library's own choice. */
    const char *holdout_user = NULL, *offer_user = NULL;
    static const char *const users[] = {"ada", "grace", "linus", "margaret", "ken", "barbara"};
    for (size_t i = 0; i < sizeof users / sizeof users[0]; i++) {
        const char *v = xyz_catalog_choose_variant(set, "discount", users[i]);
        if (strcmp(v, "holdout") == 0 && !holdout_user) holdout_user = users[i];
        if (strcmp(v, "offer") == 0 && !offer_user) offer_user = users[i];
    }
    CHECK(holdout_user && offer_user);
    CHECK_OK(xyz_dispatch_set_campaigns(home, set));
    /* No user: skipped before the audience. */
    CHECK_OK(xyz_dispatch_track(home, "cart", NULL));
    CHECK_STR(recorder_take(&r), "skip discount no_user\n");
    char value[64];
    snprintf(value, sizeof value, "\"%s\"", holdout_user);
    CHECK_OK(xyz_dispatch_set_attribute(home, "user_id", value));
    CHECK_OK(xyz_dispatch_track(home, "cart", NULL));
    CHECK_STR(recorder_take(&r), "trigger discount\ncontrol discount\nfinish offer control\n");
    snprintf(value, sizeof value, "\"%s\"", offer_user);
    CHECK_OK(xyz_dispatch_set_attribute(home, "user_id", value));
    CHECK_OK(xyz_dispatch_track(home, "cart", NULL));
    CHECK_STR(recorder_take(&r), "trigger discount\nshow offer page\n");
    /* A test campaign skips its audience (1 == 2 never passes). */
    CHECK_OK(xyz_dispatch_track(home, "qa", NULL));
    CHECK_STR(recorder_take(&r), "trigger qa\n");
    /* Pending instances are withdrawn: of a campaign the new set lacks
     * (later), and of one whose alert changed (qa: preview, now offer);
     * the one on screen stays. */
    CHECK_OK(xyz_dispatch_track(home, "later", NULL));
    CHECK_STR(recorder_take(&r), "trigger later\ntimer home 60\n");
    static const char without_later[] =
        "{\"alerts\": [{\"id\": \"offer\", \"title\": \"20%\"}],"
        " \"campaigns\": [{\"id\": \"qa\", \"alert\": \"offer\", \"trigger\": {\"event\": \"qa\"}}]}";
    xyz_catalog *next = xyz_catalog_load_string(without_later, strlen(without_later), &error);
    CHECK(next != NULL && xyz_catalog_campaigns_version(next) == NULL);
    CHECK_OK(xyz_dispatch_set_campaigns(home, next));
    CHECK_STR(recorder_take(&r), "finish preview withdrawn\nfinish reminder withdrawn\ntimer home -1\n");
    xyz_catalog_free(next);
    xyz_catalog_free(set);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* docs/rules.md §21.12: a trigger callback that replaces or detaches the
 * set stops the event there; the instance it was told of is added only
 * when the new set keeps its campaign as it was, else it ends withdrawn. */
static const char two_campaigns[] =
    "{\"alerts\": [{\"id\": \"first\", \"title\": \"old\"}, {\"id\": \"second\"}],"
    " \"campaigns\": [{\"id\": \"c1\", \"alert\": \"first\", \"trigger\": {\"event\": \"e\"}},"
    "  {\"id\": \"c2\", \"alert\": \"second\", \"trigger\": {\"event\": \"e\"}}]}";
static const char only_first_changed[] =
    "{\"alerts\": [{\"id\": \"first\", \"title\": \"new\"}],"
    " \"campaigns\": [{\"id\": \"c1\", \"alert\": \"first\", \"trigger\": {\"event\": \"e\"}}]}";
static const char only_first_same[] =
    "{\"alerts\": [{\"id\": \"first\", \"title\": \"old\"}],"
    " \"campaigns\": [{\"id\": \"c1\", \"alert\": \"first\", \"trigger\": {\"event\": \"e\"}}]}";

static struct {
    xyz_dispatch *home;
    xyz_catalog *next; /* NULL: detach */
    int done;
} swap;

static void swap_set_once(recorder *r, const char *event, xyz_alert *alert) {
    (void)r;
    (void)alert;
    if (strcmp(event, "trigger") != 0 || swap.done) return;
    swap.done = 1;
    CHECK_OK(xyz_dispatch_set_campaigns(swap.home, swap.next));
}

static void a_set_replaced_from_a_trigger_callback_stops_the_event(void) {
    static const char *const sets[] = {NULL, only_first_changed, only_first_same};
    static const char *const logs[] = {
        "trigger c1\nfinish first withdrawn\n",
        "trigger c1\nfinish first withdrawn\n",
        "trigger c1\nshow first page\n",
    };
    for (size_t i = 0; i < 3; i++) {
        recorder r = {0};
        xyz_dispatch *home = recorder_page(&r, "home");
        xyz_error error;
        xyz_catalog *set = xyz_catalog_load_string(two_campaigns, strlen(two_campaigns), &error);
        xyz_catalog *next = sets[i] ? xyz_catalog_load_string(sets[i], strlen(sets[i]), &error) : NULL;
        CHECK_OK(xyz_dispatch_set_campaigns(home, set));
        swap.home = home;
        swap.next = next;
        swap.done = 0;
        r.react = swap_set_once;
        CHECK_OK(xyz_dispatch_track(home, "e", NULL));
        CHECK_STR(recorder_take(&r), logs[i]);
        /* Nothing of the old set is left queued: c2 never fired. */
        char *snapshot = xyz_dispatch_snapshot_json(home);
        CHECK(strstr(snapshot, "\"second\"") == NULL);
        xyz_free(snapshot);
        CHECK_OK(xyz_dispatch_destroy(home));
        xyz_catalog_free(next);
        xyz_catalog_free(set);
    }
}

/* xyz_dispatch_campaign_why: a code per event, the rule's failing part,
 * borrowed strings, the sentence, misses reported on request, and errors
 * that leave `*out` alone. */
static void campaign_why_says_what_each_event_did(void) {
    recorder r = {0};
    xyz_dispatch *home = rating_page(&r);
    xyz_campaign_why why = XYZ_CAMPAIGN_WHY_INIT;
    CHECK_OK(xyz_dispatch_campaign_why(home, "tips", &why));
    CHECK(why.code == XYZ_CAMPAIGN_WHY_UNTRACKED && why.event == NULL && why.trigger == -1 && why.detail == NULL);
    CHECK_OK(xyz_dispatch_track(home, "idle", "{\"s\": 3}"));
    CHECK_OK(xyz_dispatch_campaign_why(home, "tips", &why));
    CHECK(why.code == XYZ_CAMPAIGN_WHY_WHERE && why.trigger == 0);
    CHECK_STR(why.event, "idle");
    CHECK_STR(why.detail, ">(event.s = 3, 9) is false");
    char *sentence = xyz_dispatch_explain_campaign(home, "tips");
    CHECK_STR(sentence, "'tips' did not fire at 'idle': the where of triggers/0 failed: >(event.s = 3, 9) is false");
    xyz_free(sentence);
    CHECK_OK(xyz_dispatch_track(home, "done", NULL));
    CHECK_OK(xyz_dispatch_campaign_why(home, "rate-after-two", &why));
    CHECK(why.code == XYZ_CAMPAIGN_WHY_COUNT && why.trigger == 0);
    CHECK_STR(why.detail, "the 1st matching event; it fires on every 2nd");
    CHECK_OK(xyz_dispatch_set_attribute(home, "rated", "true"));
    CHECK_OK(xyz_dispatch_track(home, "done", NULL));
    CHECK_OK(xyz_dispatch_campaign_why(home, "rate-after-two", &why));
    CHECK(why.code == XYZ_CAMPAIGN_WHY_AUDIENCE && why.trigger == -1);
    CHECK_STR(why.detail, "!(rated = true) is false");
    CHECK_OK(xyz_dispatch_track(home, "help", NULL));
    CHECK_OK(xyz_dispatch_campaign_why(home, "tips", &why));
    CHECK(why.code == XYZ_CAMPAIGN_WHY_FIRED && why.trigger == 1 && why.detail == NULL);
    recorder_take(&r);
    /* Misses reach the callback only on request, with their word. */
    CHECK(!xyz_dispatch_is_reporting_misses(home));
    CHECK_OK(xyz_dispatch_set_reports_misses(home, true));
    CHECK_OK(xyz_dispatch_track(home, "idle", "{\"s\": 1}"));
    CHECK_STR(recorder_take(&r), "miss tips where\n");
    /* Errors change nothing. */
    xyz_campaign_why untouched = XYZ_CAMPAIGN_WHY_INIT;
    untouched.trigger = 7;
    CHECK_STATUS(xyz_dispatch_campaign_why(home, "nope", &untouched), XYZ_ENOTFOUND);
    CHECK(strstr(xyz_last_error(), "no campaign 'nope'") != NULL && untouched.trigger == 7);
    CHECK(xyz_dispatch_explain_campaign(home, "nope") == NULL);
    CHECK_STATUS(xyz_dispatch_campaign_why(home, NULL, &untouched), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_campaign_why(home, "tips", NULL), XYZ_EINVAL);
    untouched.size = 4;
    CHECK_STATUS(xyz_dispatch_campaign_why(home, "tips", &untouched), XYZ_EINVAL);
    CHECK(untouched.trigger == 7);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* docs/formats.md, "Warnings": a valid document's warnings, located; a
 * document with a problem gives that problem and no warning. */
static void check_warnings_are_located_and_only_for_valid_documents(void) {
    static const char test_with_audience[] =
        "{\"alerts\": [{\"id\": \"a\"}], \"campaigns\": [{\"id\": \"qa\", \"alert\": \"a\", \"test\": true,\n"
        " \"trigger\": {\"event\": \"e\"}, \"audience\": true}]}";
    xyz_error warnings[4];
    size_t count = 9;
    CHECK_OK(xyz_check_string_warnings(test_with_audience, strlen(test_with_audience), warnings, 4, &count));
    CHECK(count == 1 && warnings[0].line == 2 && warnings[0].status == XYZ_ESCHEMA);
    CHECK_STR(warnings[0].pointer, "/campaigns/0/audience");
    CHECK(strstr(warnings[0].message, "test campaign \"qa\" ignores its audience") == warnings[0].message);
    CHECK_OK(xyz_check_string_warnings(rating, strlen(rating), warnings, 4, &count));
    CHECK(count == 0);
    CHECK_STATUS(xyz_check_string_warnings("{\"alerts\": 1}", 13, warnings, 4, &count), XYZ_ESCHEMA);
    CHECK(count == 0);
    CHECK_STATUS(xyz_check_string_warnings(rating, strlen(rating), NULL, 4, &count), XYZ_EINVAL);
    CHECK_STATUS(xyz_check_file_warnings(NULL, warnings, 4, &count), XYZ_EINVAL);
    CHECK_STATUS(xyz_check_file_warnings("/nonexistent/x.json", warnings, 4, &count), XYZ_EIO);
}

const test_case campaign_tests[] = {
    {"check_warnings_are_located_and_only_for_valid_documents", check_warnings_are_located_and_only_for_valid_documents},
    {"campaign_why_says_what_each_event_did", campaign_why_says_what_each_event_did},
    {"a_set_replaced_from_a_trigger_callback_stops_the_event", a_set_replaced_from_a_trigger_callback_stops_the_event},
    {"variants_control_test_campaigns_and_withdrawn", variants_control_test_campaigns_and_withdrawn},
    {"track_counts_delays_cancels_and_reports", track_counts_delays_cancels_and_reports},
    {"the_callback_sees_the_instance_before_its_add", the_callback_sees_the_instance_before_its_add},
    {"attributes_round_trip_and_bad_json_changes_nothing", attributes_round_trip_and_bad_json_changes_nothing},
    {"a_set_naming_a_missing_definition_is_a_located_error", a_set_naming_a_missing_definition_is_a_located_error},
    {NULL, NULL},
};
