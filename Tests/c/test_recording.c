/* Recording (docs/rules.md §15) through the C ABI: a host's session, recorded, replays
 * through the tool's own scenario runner (Sources/xyzalert-runner/simulate.c,
 * linked in) to the events the host saw, in order; and what cannot be
 * recorded is refused or reported. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "cli.h"
#include "recording_session.h"

static const char catalog_json[] =
    "{\"alerts\": [{\"id\": \"promo\", \"priority\": 10, \"exclusive\": \"cover\", \"title\": \"Sale\","
    " \"actions\": [{\"id\": \"open\", \"title\": \"Open\"}], \"tags\": [\"marketing\"]},"
    " {\"id\": \"toast\", \"priority\": 1, \"exclusive\": \"cover\", \"duration\": 2, \"lane\": \"toast\"}]}";

/* Everything a host does, in one session: pages joining later and leaving,
 * alerts from a catalog and without ids, handle and id dependencies,
 * content, keyboard and frames, time read from the host's clock with a
 * late tick, calls made from inside callbacks, policies and lanes. */
static void a_recorded_session_replays_to_the_same_events(void) {
    session s;
    memset(&s, 0, sizeof s);
    rec_page pages[4];
    xyz_dispatch *app = s_page(&pages[0], &s, "app");
    xyz_dispatch *feed = s_page(&pages[1], &s, "feed");
    s.root = app;
    CHECK_OK(xyz_dispatch_set_parent(feed, app));
    CHECK_OK(xyz_dispatch_page_did_appear(app));
    s.clock = 100;
    CHECK_OK(xyz_dispatch_start_recording(app));
    xyz_error error;
    xyz_catalog *catalog = xyz_catalog_load_string(catalog_json, sizeof catalog_json - 1, &error);
    CHECK(catalog != NULL);

    /* A page created later joins while empty. */
    xyz_dispatch *chat = s_page(&pages[2], &s, "chat");
    CHECK_OK(xyz_dispatch_page_did_appear(chat));
    CHECK_OK(xyz_dispatch_suspend(chat));
    CHECK_OK(xyz_dispatch_set_parent(chat, app));
    CHECK_OK(xyz_dispatch_page_did_appear(feed));

    /* An alert without id, a handle dependency on it, content changes. */
    xyz_alert *anonymous = make_alert(NULL, 5, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_user_data(anonymous, "#1", NULL));
    CHECK_OK(xyz_alert_set_title(anonymous, "Hello"));
    xyz_alert *login = make_alert("login", 50, XYZ_EXCLUSIVE_HIDE_OTHERS);
    CHECK_OK(xyz_alert_add_action(login, "ok", "OK", XYZ_ACTION_DEFAULT));
    CHECK_OK(xyz_alert_add_dependency(login, anonymous));
    xyz_alert *batch[2] = {anonymous, login};
    CHECK_OK(xyz_dispatch_add(feed, batch, 2));
    CHECK_OK(xyz_alert_set_title(anonymous, "Hello again"));
    CHECK_OK(xyz_alert_add_action(anonymous, "fine", "Fine", XYZ_ACTION_CANCEL));
    CHECK_OK(xyz_alert_set_meta(anonymous, "{\"n\": 1}"));
    CHECK_OK(xyz_alert_clear_actions(anonymous));
    CHECK_OK(xyz_alert_set_style(anonymous, "sheet"));
    s.clock = 101.5;
    CHECK_OK(xyz_alert_dismiss(anonymous));
    xyz_alert_release(anonymous);

    /* From the catalog: a promo held by the login's id, a toast lane. */
    xyz_alert *promo = xyz_catalog_create_alert(catalog, "promo");
    CHECK_OK(xyz_alert_add_dependency_id(promo, "login"));
    add1(app, promo);
    add1(app, xyz_catalog_create_alert(catalog, "toast"));
    CHECK_OK(xyz_alert_trigger_action(login, 0));
    xyz_alert_release(login);

    /* Keyboard and frames; avoidance changed while showing. */
    xyz_alert *sheet = make_alert("sheet", 60, XYZ_EXCLUSIVE_COVER);
    xyz_rect frame = {0, 500, 300, 200};
    CHECK_OK(xyz_alert_set_frame(sheet, &frame));
    xyz_alert_retain(sheet);
    add1(feed, sheet);
    CHECK_OK(xyz_dispatch_keyboard_changed(feed, (xyz_rect){0, 600, 400, 300}, 0.25));
    xyz_rect moved = {0, 450, 300, 200};
    CHECK_OK(xyz_alert_set_frame(sheet, &moved));
    CHECK_OK(xyz_alert_set_keyboard_avoidance(sheet, true, -8));
    CHECK_OK(xyz_alert_set_frame(sheet, NULL));
    CHECK_OK(xyz_alert_cancel(sheet));
    xyz_alert_release(sheet);

    /* A late tick: the toast's deadline passes, another call comes first. */
    s.clock = 104;
    xyz_alert *note = make_alert("note", 2, XYZ_EXCLUSIVE_WAIT);
    add1(chat, note);
    s.clock = 105;
    CHECK_OK(xyz_dispatch_tick(app));

    /* Calls from inside callbacks: dismissed as it shows, an add from a show. */
    s.dismiss_on_show = "flash";
    s.add_on_show = "flash";
    s.extra = make_alert("second", 70, XYZ_EXCLUSIVE_COVER);
    add1(feed, make_alert("flash", 80, XYZ_EXCLUSIVE_COVER));
    xyz_alert_release(s.extra);

    /* Two instances of one id, configured differently; policies. */
    xyz_alert *again = make_alert("second", 1, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_on_duplicate(again, XYZ_ON_DUPLICATE_REPLACE));
    add1(feed, again);
    xyz_alert *ignored = make_alert("second", 1, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_on_duplicate(ignored, XYZ_ON_DUPLICATE_IGNORE));
    add1(feed, ignored);
    CHECK_OK(xyz_dispatch_set_capacity(feed, 1));
    add1(feed, make_alert("low", -5, XYZ_EXCLUSIVE_WAIT));
    CHECK_OK(xyz_dispatch_resume(chat));
    size_t cancelled = 0;
    CHECK_OK(xyz_dispatch_cancel_tagged(app, "marketing", &cancelled));
    CHECK(cancelled == 1);

    /* The tree changes: an active child, a page leaving and coming back, a destroy. */
    CHECK_OK(xyz_dispatch_set_active_child(app, chat));
    CHECK_OK(xyz_dispatch_set_active_child(app, NULL));
    CHECK_OK(xyz_dispatch_set_parent(chat, NULL));
    add1(chat, make_alert("alone", 3, XYZ_EXCLUSIVE_WAIT));
    CHECK_OK(xyz_dispatch_set_parent(chat, feed));
    rec_page late;
    xyz_dispatch *settings = s_page(&late, &s, "feed"); /* a name taken: the file renames it */
    late.name = "feed#2";
    CHECK_OK(xyz_dispatch_set_parent(settings, app));
    CHECK_OK(xyz_dispatch_page_did_appear(settings));
    add1(settings, make_alert("gear", 90, XYZ_EXCLUSIVE_HIDE_OTHERS));
    CHECK_OK(xyz_dispatch_page_will_disappear(settings));
    CHECK_OK(xyz_dispatch_destroy(settings));
    CHECK_OK(xyz_dispatch_destroy(chat));

    check_round_trip(&s, app);
    char *json = xyz_dispatch_recording_json(app);
    CHECK(json && strstr(json, "\"name\": \"second#2\""));
    CHECK(json && strstr(json, "\"name\": \"#1\""));
    CHECK(json && strstr(json, "\"after_alerts\": [\"#1\"]"));
    CHECK(json && strstr(json, "\"during\": 1"));
    CHECK(json && strstr(json, "\"at\": 105.0"));
    CHECK(json && strstr(json, "\"feed#2\""));
    xyz_free(json);
    CHECK_OK(xyz_dispatch_stop_recording(app));
    CHECK_OK(xyz_dispatch_destroy(feed));
    CHECK_OK(xyz_dispatch_destroy(app));
    xyz_catalog_free(catalog);
}

static void recording_in_deferred_mode_keeps_the_flushes(void) {
    recorder r = {0};
    r.deferred = 1;
    xyz_dispatch *home = recorder_page(&r, "home");
    CHECK_OK(xyz_dispatch_start_recording(home));
    add1(home, make_alert("a", 1, XYZ_EXCLUSIVE_WAIT));
    add1(home, make_alert("b", 5, XYZ_EXCLUSIVE_WAIT));
    CHECK_OK(xyz_dispatch_flush(home));
    char *json = xyz_dispatch_recording_json(home);
    CHECK(json && strstr(json, "\"deferred\": true"));
    char *replayed = json ? replay(json) : NULL;
    CHECK_STR(replayed, "show b home\n");
    free(replayed);
    xyz_free(json);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static xyz_dispatch *no_child(xyz_dispatch *parent, void *context) {
    (void)parent;
    (void)context;
    return NULL;
}

static void what_cannot_be_replayed_is_refused_or_reported(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    CHECK_STATUS(xyz_dispatch_start_recording(NULL), XYZ_EINVAL);
    CHECK(xyz_dispatch_recording_json(NULL) == NULL);
    CHECK(xyz_dispatch_recording_json(home) == NULL);
    CHECK(strstr(xyz_last_error(), "no recording was started") != NULL);
    CHECK_STATUS(xyz_dispatch_stop_recording(home), XYZ_ESTATE);

    /* Live alerts before the start: what they did cannot be replayed. */
    xyz_alert *a = make_alert("a", 1, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_STATUS(xyz_dispatch_start_recording(home), XYZ_ESTATE);
    CHECK(strstr(xyz_last_error(), "1 live alert(s)") != NULL);
    CHECK_OK(xyz_alert_cancel(a));
    xyz_alert_release(a);
    recorder_take(&r);

    /* A provider before the start is refused; one set later breaks it. */
    xyz_dispatch *child = recorder_page(&r, "child");
    CHECK_OK(xyz_dispatch_set_parent(child, home));
    CHECK_OK(xyz_dispatch_set_active_child_provider(home, no_child, NULL, NULL));
    CHECK_STATUS(xyz_dispatch_start_recording(home), XYZ_ESTATE);
    CHECK(strstr(xyz_last_error(), "active-child provider") != NULL);
    CHECK_OK(xyz_dispatch_set_active_child(home, NULL));
    CHECK_OK(xyz_dispatch_start_recording(home));
    CHECK_STATUS(xyz_dispatch_start_recording(child), XYZ_ESTATE); /* recorded already */
    CHECK_OK(xyz_dispatch_set_active_child_provider(home, no_child, NULL, NULL));
    CHECK(xyz_dispatch_recording_json(home) == NULL);
    CHECK(strstr(xyz_last_error(), "cannot be replayed") && strstr(xyz_last_error(), "active-child provider"));

    /* A fresh start forgets that; a page joining with live alerts breaks it. */
    CHECK_OK(xyz_dispatch_set_active_child(home, NULL));
    CHECK_OK(xyz_dispatch_start_recording(home));
    xyz_dispatch *other = recorder_page(&r, "other");
    add1(other, make_alert("b", 1, XYZ_EXCLUSIVE_WAIT));
    CHECK_OK(xyz_dispatch_set_parent(other, home));
    CHECK(xyz_dispatch_recording_json(home) == NULL);
    CHECK(strstr(xyz_last_error(), "joined the recorded domain with alerts") != NULL);

    /* After a stop, calls are not recorded; what was stays readable. */
    CHECK_OK(xyz_dispatch_destroy(other));
    CHECK_OK(xyz_dispatch_start_recording(home));
    add1(home, make_alert("c", 1, XYZ_EXCLUSIVE_WAIT));
    CHECK_OK(xyz_dispatch_stop_recording(home));
    CHECK_OK(xyz_dispatch_stop_recording(home)); /* twice is harmless */
    add1(home, make_alert("d", 1, XYZ_EXCLUSIVE_WAIT));
    char *json = xyz_dispatch_recording_json(home);
    CHECK(json && strstr(json, "\"c\"") && !strstr(json, "\"d\""));
    xyz_free(json);
    CHECK_OK(xyz_dispatch_destroy(child));
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* The same session with and without a recording gives the same events. */
static void recording_changes_no_event(void) {
    char logs[2][4096];
    for (int recorded = 0; recorded < 2; recorded++) {
        recorder r = {0};
        r.clocked = 1;
        xyz_dispatch *home = recorder_page(&r, "home");
        if (recorded) CHECK_OK(xyz_dispatch_start_recording(home));
        xyz_alert *t = make_alert("t", 1, XYZ_EXCLUSIVE_COVER);
        CHECK_OK(xyz_alert_set_duration(t, 2));
        add1(home, t);
        add1(home, make_alert("d", 9, XYZ_EXCLUSIVE_HIDE_OTHERS));
        r.clock = 5;
        CHECK_OK(xyz_dispatch_tick(home));
        snprintf(logs[recorded], sizeof logs[recorded], "%s", recorder_take(&r));
        CHECK_OK(xyz_dispatch_destroy(home));
    }
    CHECK_STR(logs[1], logs[0]);
}


/* Content setters given what the alert already has change nothing: no
 * update, no step (a step written for them replayed as another setter). */
static void setters_that_change_nothing_record_nothing(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    xyz_alert *a = make_alert("a", 1, XYZ_EXCLUSIVE_WAIT);
    xyz_alert_retain(a);
    add1(home, a);
    CHECK_OK(xyz_alert_set_style(a, "alert")); /* the default */
    CHECK_OK(xyz_alert_set_title(a, NULL));    /* none, still none */
    CHECK_OK(xyz_alert_set_message(a, NULL));
    CHECK_OK(xyz_alert_set_meta(a, NULL));
    CHECK_OK(xyz_alert_clear_actions(a));
    CHECK_OK(xyz_alert_set_message(a, "hello"));
    CHECK_OK(xyz_alert_set_message(a, "hello"));           /* the same bytes */
    CHECK_OK(xyz_alert_set_message(a, "e\xcc\x81"));       /* decomposed */
    CHECK_OK(xyz_alert_set_message(a, "\xc3\xa9"));        /* composed: other bytes, an update */
    CHECK_OK(xyz_alert_set_style(a, "toast"));
    CHECK_OK(xyz_alert_set_style(a, "toast"));
    /* (Each new text is announced: two forms of one character are two texts.) */
    CHECK_STR(s.log, "show a home\nupdate a\nannounce a polite\nupdate a\nannounce a polite\nupdate a\n"
                     "announce a polite\nupdate a\n");
    char *json = xyz_dispatch_recording_json(home);
    CHECK(json && !strstr(json, "\"title\": null") && !strstr(json, "clear_actions") && !strstr(json, "\"meta\""));
    xyz_free(json);
    check_round_trip(&s, home);
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* An add of no alerts does nothing and records nothing (a step
 * {"add": []} would not load). */
static void an_empty_add_records_nothing(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    xyz_alert *none[1] = {NULL};
    CHECK_OK(xyz_dispatch_add(home, NULL, 0));
    CHECK_OK(xyz_dispatch_add(home, none, 0));
    add1(home, make_alert("a", 1, XYZ_EXCLUSIVE_WAIT));
    CHECK_OK(xyz_dispatch_add(home, NULL, 0));
    char *json = xyz_dispatch_recording_json(home);
    CHECK(json && !strstr(json, "\"add\": []"));
    xyz_free(json);
    check_round_trip(&s, home);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* "after" ids compare byte for byte in the file as in the engine: an id
 * that only looks like a recorded one, or names no alert at all, never
 * blocks and is left out (the loader refuses ids no alert has). */
static void id_dependencies_on_ids_of_no_alert_replay(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    add1(home, make_alert("e\xcc\x81", 5, XYZ_EXCLUSIVE_WAIT)); /* decomposed */
    xyz_alert *b = make_alert("b", 9, XYZ_EXCLUSIVE_COVER);
    CHECK_OK(xyz_alert_add_dependency_id(b, "\xc3\xa9")); /* composed: another id */
    CHECK_OK(xyz_alert_add_dependency_id(b, "nobody"));
    add1(home, b);
    CHECK_STR(s.log, "show e\xcc\x81 home\nshow b home\n");
    char *json = xyz_dispatch_recording_json(home);
    CHECK(json && !strstr(json, "\"after\""));
    xyz_free(json);
    check_round_trip(&s, home);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* Whether a file with this meta object passes `check`. */
static int file_accepts_meta(const char *meta) {
    char text[512];
    snprintf(text, sizeof text, "{\"alerts\": [{\"id\": \"a\", \"meta\": %s}]}", meta);
    xyz_error problems[4];
    size_t found = 0;
    xyz_status status = xyz_check_string(text, strlen(text), problems, 4, &found);
    return status == XYZ_OK && found == 0;
}

/* What the API accepts a recording holds and replays; what the files
 * refuse the API refuses: the extremes of durations, ttls, capacities,
 * and meta objects. */
static void the_api_and_the_files_agree_on_values(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    s.clock = 1;
    CHECK_OK(xyz_dispatch_set_capacity(home, 2147483647));
    CHECK_STATUS(xyz_dispatch_set_capacity(home, (size_t)2147483647 + 1), XYZ_EINVAL);
    xyz_alert *big = make_alert("big", 1, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_duration(big, 1.7976931348623157e308));
    CHECK_OK(xyz_alert_set_ttl(big, 1.7976931348623157e308));
    add1(home, big);
    xyz_alert *tiny = make_alert("tiny", 9, XYZ_EXCLUSIVE_COVER);
    CHECK_OK(xyz_alert_set_duration(tiny, 4.9406564584124654e-324));
    CHECK_OK(xyz_alert_set_meta(tiny, "{\"n\": -0, \"m\": 1e308, \"o\": {\"deep\": [true, null]}}"));
    add1(home, tiny);
    s.clock = 2;
    CHECK_OK(xyz_dispatch_tick(home));
    check_round_trip(&s, home);
    CHECK_OK(xyz_dispatch_destroy(home));

    static const char *const metas[] = {
        "{\"n\": -0}", "{\"n\": -0.0}", "{\"n\": 1e308}", "{\"n\": 1e400}", "{\"n\": 123456789012345678901234567890}",
        "{\"a\": 1, \"a\": 2}", "{\"o\": {\"a\": 1, \"a\": 2}}", "{\"s\": \"\\u0000\"}", "[1]", "\"text\"", "{}",
        "{\"n\": 9223372036854775807}", "{\"n\": -9223372036854775808}", "{\"n\": 9223372036854775808}",
    };
    xyz_alert *probe = xyz_alert_create("probe");
    for (size_t i = 0; i < sizeof metas / sizeof metas[0]; i++) {
        int api = xyz_alert_set_meta(probe, metas[i]) == XYZ_OK;
        int file = file_accepts_meta(metas[i]);
        if (api != file) fprintf(stderr, "meta %s: the API %s it, the files %s it\n", metas[i],
                                 api ? "accepts" : "refuses", file ? "accept" : "refuse");
        CHECK(api == file);
    }
    xyz_alert_release(probe);
}

/* While a recorded call runs, every clock reading is its first one, in
 * whichever recorded domain it is read: the domain a join makes, and calls
 * made from callbacks (the clock here moves on every reading). */
static void clock_readings_across_a_join_and_nested_calls_replay(void) {
    session s;
    memset(&s, 0, sizeof s);
    s.clock = 5;
    s.clock_step = 0.5;
    rec_page pages[2];
    xyz_dispatch *app = s_page(&pages[0], &s, "app");
    xyz_dispatch *shell = s_page(&pages[1], &s, "shell"); /* not visible */
    CHECK_OK(xyz_dispatch_page_did_appear(app));
    s.root = app;
    CHECK_OK(xyz_dispatch_start_recording(app));
    xyz_alert *shown = make_alert("shown", 1, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_duration(shown, 3));
    add1(app, shown);
    /* Joining the hidden shell hides "shown"; its hide callback adds an
     * alert with a ttl, whose clock is the merged domain's. */
    s.extra = make_alert("late", 2, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_ttl(s.extra, 1));
    s.add_on_hide = "shown";
    CHECK_OK(xyz_dispatch_set_parent(app, shell));
    xyz_alert_release(s.extra);
    s.clock += 2;
    CHECK_OK(xyz_dispatch_tick(shell));
    CHECK_OK(xyz_dispatch_page_did_appear(shell));
    s.clock += 1;
    CHECK_OK(xyz_dispatch_tick(shell));
    CHECK_OK(xyz_dispatch_set_parent(app, NULL));
    check_round_trip(&s, app);
    CHECK_OK(xyz_dispatch_destroy(app));
    CHECK_OK(xyz_dispatch_destroy(shell));
}

/* Pages whose hosts keep clocks of their own (here "tab" reads 100 s more
 * than "app"): a split and a join carry each alert's time left from one
 * clock to the other, recorded or not, and the replay gives each page's
 * clock the time it read (the step's "clocks"). */
static void clocks_of_their_own_across_a_split_and_a_join_replay(void) {
    char logs[2][32768];
    for (int recorded = 0; recorded < 2; recorded++) {
        session s;
        memset(&s, 0, sizeof s);
        rec_page pages[2];
        xyz_dispatch *app = s_page(&pages[0], &s, "app");
        xyz_dispatch *tab = s_page(&pages[1], &s, "tab");
        pages[1].skew = 100;
        CHECK_OK(xyz_dispatch_page_did_appear(app));
        CHECK_OK(xyz_dispatch_set_parent(tab, app));
        s.root = app;
        if (recorded) CHECK_OK(xyz_dispatch_start_recording(app));
        /* "x" waits on the hidden tab with 5 s to live (until app's 5). */
        xyz_alert *x = make_alert("x", 1, XYZ_EXCLUSIVE_WAIT);
        CHECK_OK(xyz_alert_set_ttl(x, 5));
        add1(tab, x);
        s.clock = 1; /* the tab leaves with 4 s left: until its own 105 */
        CHECK_OK(xyz_dispatch_set_parent(tab, NULL));
        s.clock = 2; /* and comes back with 3 s left: until app's 5 */
        CHECK_OK(xyz_dispatch_set_parent(tab, app));
        s.clock = 4.5;
        CHECK_OK(xyz_dispatch_tick(app));
        CHECK_STR(s.log, "");
        s.clock = 5.5;
        CHECK_OK(xyz_dispatch_tick(app));
        CHECK_STR(s.log, "finish x expired\n");
        /* A second alert leaves with the tab and times out on its clock. */
        xyz_alert *y = make_alert("y", 1, XYZ_EXCLUSIVE_WAIT);
        CHECK_OK(xyz_alert_set_ttl(y, 2));
        add1(tab, y); /* until app's 7.5 */
        s.clock = 6;
        CHECK_OK(xyz_dispatch_set_parent(tab, NULL)); /* until the tab's 107.5 */
        s.clock = 7;
        CHECK_OK(xyz_dispatch_tick(tab));
        CHECK_STR(s.log, "finish x expired\n");
        s.clock = 7.5;
        CHECK_OK(xyz_dispatch_tick(tab));
        CHECK_STR(s.log, "finish x expired\nfinish y expired\n");
        if (recorded) check_round_trip(&s, app);
        snprintf(logs[recorded], sizeof logs[recorded], "%s", s.log);
        CHECK_OK(xyz_dispatch_destroy(app));
        CHECK_OK(xyz_dispatch_destroy(tab));
    }
    CHECK_STR(logs[1], logs[0]);
}

const test_case recording_tests[] = {
    {"setters_that_change_nothing_record_nothing", setters_that_change_nothing_record_nothing},
    {"an_empty_add_records_nothing", an_empty_add_records_nothing},
    {"id_dependencies_on_ids_of_no_alert_replay", id_dependencies_on_ids_of_no_alert_replay},
    {"the_api_and_the_files_agree_on_values", the_api_and_the_files_agree_on_values},
    {"clock_readings_across_a_join_and_nested_calls_replay", clock_readings_across_a_join_and_nested_calls_replay},
    {"clocks_of_their_own_across_a_split_and_a_join_replay", clocks_of_their_own_across_a_split_and_a_join_replay},
    {"a_recorded_session_replays_to_the_same_events", a_recorded_session_replays_to_the_same_events},
    {"recording_in_deferred_mode_keeps_the_flushes", recording_in_deferred_mode_keeps_the_flushes},
    {"what_cannot_be_replayed_is_refused_or_reported", what_cannot_be_replayed_is_refused_or_reported},
    {"recording_changes_no_event", recording_changes_no_event},
    {NULL, NULL},
};
