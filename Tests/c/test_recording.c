/* Recording (docs/rules.md §15) through the C ABI: a host's session, recorded, replays
 * through the tool's own scenario runner (Sources/xyzalert-runner/simulate.c,
 * linked in) to the events the host saw, in order; and what cannot be
 * recorded is refused or reported. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "cli.h"
#include "harness.h"

/* ---- a host that logs events as expect lines without the step ---- */

typedef struct session session;
typedef struct rec_page {
    session *s;
    const char *name;
    double skew; /* a clock of its own: the session's plus this */
} rec_page;

struct session {
    char log[32768];
    size_t length;
    double clock;
    double clock_step; /* added to the clock after every reading (a real clock moves) */
    xyz_dispatch *root;
    /* Reactions: from inside the show callback of the alert with this id,
     * dismiss it (once), and add `extra` to the root (once). */
    const char *dismiss_on_show;
    const char *add_on_show;
    const char *add_on_hide; /* likewise, from the hide callback */
    xyz_alert *extra;
};

static void logf_line(session *s, const char *event, xyz_alert *alert, const char *detail) {
    const char *id = xyz_alert_id(alert);
    const char *name = id ? id : xyz_alert_user_data(alert);
    s->length += (size_t)snprintf(s->log + s->length, sizeof s->log - s->length, "%s %s%s%s\n", event,
                                  name ? name : "-", detail && detail[0] ? " " : "", detail ? detail : "");
}

static void s_show(xyz_alert *alert, const char *target, void *view, void *context) {
    rec_page *p = context;
    session *s = p->s;
    (void)view;
    const char *lane = xyz_alert_lane(alert);
    char detail[200];
    snprintf(detail, sizeof detail, "%s%s%s%s%s", p->name, strcmp(target, "page") ? " " : "",
             strcmp(target, "page") ? target : "", strcmp(lane, "main") ? " lane:" : "", strcmp(lane, "main") ? lane : "");
    logf_line(s, "show", alert, detail);
    const char *id = xyz_alert_id(alert);
    if (id && s->dismiss_on_show && strcmp(id, s->dismiss_on_show) == 0) {
        s->dismiss_on_show = NULL;
        CHECK_OK(xyz_alert_dismiss(alert));
    }
    if (id && s->add_on_show && strcmp(id, s->add_on_show) == 0) {
        s->add_on_show = NULL;
        CHECK_OK(xyz_dispatch_add(s->root, &s->extra, 1));
    }
}
static void s_hide(xyz_alert *alert, xyz_hide_reason reason, void *context) {
    session *s = ((rec_page *)context)->s;
    logf_line(s, "hide", alert, xyz_hide_reason_name(reason));
    const char *id = xyz_alert_id(alert);
    if (id && s->add_on_hide && strcmp(id, s->add_on_hide) == 0) {
        s->add_on_hide = NULL;
        CHECK_OK(xyz_dispatch_add(s->root, &s->extra, 1));
    }
}
static void s_unhide(xyz_alert *alert, void *context) { logf_line(((rec_page *)context)->s, "unhide", alert, NULL); }
static void s_remove(xyz_alert *alert, xyz_end_reason reason, void *context) {
    logf_line(((rec_page *)context)->s, "remove", alert, xyz_end_reason_name(reason));
}
static void s_finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    logf_line(((rec_page *)context)->s, "finish", alert, xyz_end_reason_name(reason));
}
static void s_move(xyz_alert *alert, double dy, double duration, void *context) {
    char number[32];
    (void)duration;
    logf_line(((rec_page *)context)->s, "move", alert, format_number(number, dy));
}
static void s_action(xyz_alert *alert, size_t index, void *context) {
    logf_line(((rec_page *)context)->s, "action", alert, xyz_alert_action_id(alert, index));
}
static void s_update(xyz_alert *alert, void *context) { logf_line(((rec_page *)context)->s, "update", alert, NULL); }
static void s_announce(xyz_alert *alert, xyz_politeness politeness, const char *text, void *context) {
    (void)text;
    logf_line(((rec_page *)context)->s, "announce", alert, xyz_politeness_name(politeness));
}
static double s_now(void *context) {
    rec_page *p = context;
    session *s = p->s;
    double reading = s->clock + p->skew;
    s->clock += s->clock_step;
    return reading;
}

static xyz_dispatch *s_page(rec_page *p, session *s, const char *name) {
    p->s = s;
    p->name = name;
    p->skew = 0;
    xyz_host host = XYZ_HOST_INIT(.context = p, .show = s_show, .hide = s_hide, .unhide = s_unhide, .remove = s_remove,
                                  .finish = s_finish, .move = s_move, .action = s_action, .update = s_update,
                                  .announce = s_announce, .now = s_now);
    xyz_dispatch *d = xyz_dispatch_create(&host, NULL);
    CHECK(d != NULL);
    CHECK_OK(xyz_dispatch_set_name(d, name));
    return d;
}

/* The recording replayed by the tool's runner, as expect lines without
 * their step numbers (the host's log has none). */
static char *replay(const char *json) {
    xyz_error error;
    xyz_scenario *scenario = xyz_scenario_load_string(json, strlen(json), &error);
    if (!scenario) {
        fprintf(stderr, "the recording does not load: %d:%d: %s (at %s)\n%s\n", error.line, error.column,
                error.message, error.pointer, json);
        return NULL;
    }
    line_list lines = {0};
    run_options options = {FORMAT_EXPECT, NULL, &lines, false, -1, NULL, NULL};
    (void)run_scenario(scenario, &options);
    xyz_scenario_free(scenario);
    size_t size = 1;
    for (size_t i = 0; i < lines.count; i++) size += strlen(lines.items[i]) + 1;
    char *out = calloc(size, 1);
    for (size_t i = 0; i < lines.count; i++) {
        strcat(out, strchr(lines.items[i], ' ') + 1);
        strcat(out, "\n");
    }
    lines_free(&lines);
    return out;
}

/* Checks that the recording started on `root` replays to the host's log. */
static void check_round_trip(session *s, xyz_dispatch *root) {
    char *json = xyz_dispatch_recording_json(root);
    if (!json) {
        fprintf(stderr, "no recording: %s\n", xyz_last_error());
        CHECK(json != NULL);
        return;
    }
    /* `xyzalert check` accepts it too (it reports every problem). */
    xyz_error problems[4];
    size_t found = 0;
    CHECK_OK(xyz_check_string(json, strlen(json), problems, 4, &found));
    CHECK(found == 0);
    for (size_t i = 0; i < found && i < 4; i++)
        fprintf(stderr, "check: %d:%d: %s (at %s)\n", problems[i].line, problems[i].column, problems[i].message,
                problems[i].pointer);
    char *replayed = replay(json);
    CHECK(replayed != NULL);
    if (replayed) {
        CHECK_STR(replayed, s->log);
        if (strcmp(replayed, s->log) != 0) fprintf(stderr, "recording:\n%s\n", json);
    }
    free(replayed);
    xyz_free(json);
}

static void add1(xyz_dispatch *d, xyz_alert *a) {
    CHECK_OK(xyz_dispatch_add(d, &a, 1));
    xyz_alert_release(a);
}

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


/* A fresh session with one visible page "home", recorded from now on. */
static xyz_dispatch *recorded_home(session *s, rec_page *page) {
    memset(s, 0, sizeof *s);
    xyz_dispatch *home = s_page(page, s, "home");
    CHECK_OK(xyz_dispatch_page_did_appear(home));
    CHECK_OK(xyz_dispatch_start_recording(home));
    return home;
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

/* ---- what the third adversarial run found recordings could not replay ---- */

/* A hold made while idle stays on the alert after its add. */
static void a_hold_made_while_idle_replays(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_duration(a, 2));
    CHECK_OK(xyz_alert_hold(a));
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    s.clock = 3;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK(xyz_alert_state(a) == XYZ_STATE_SHOWING);
    CHECK_OK(xyz_alert_unhold(a));
    s.clock = 6;
    CHECK_OK(xyz_dispatch_tick(home));
    CHECK_STR(s.log, "show a home\nremove a timeout\nfinish a timeout\n");
    check_round_trip(&s, home);
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* A tag added to a queued alert counts for a later cancel by tag. */
static void a_tag_added_after_the_add_replays(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    add1(home, make_alert("a", 0, XYZ_EXCLUSIVE_WAIT));
    xyz_alert *b = make_alert("b", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(home, &b, 1));
    CHECK_OK(xyz_alert_add_tag(b, "later"));
    size_t count = 0;
    CHECK_OK(xyz_dispatch_cancel_queued(home, "later", &count));
    CHECK(count == 1);
    CHECK_STR(s.log, "show a home\nfinish b cancelled\n");
    check_round_trip(&s, home);
    xyz_alert_release(b);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* An alert without id that has caps (it can never be added) as a
 * dependency by handle: the file declares it, and loads. */
static void an_anonymous_dependency_with_caps_replays(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    xyz_alert *never = xyz_alert_create(NULL);
    CHECK_OK(xyz_alert_add_limit(never, 1, XYZ_PER_LIFETIME, 0));
    CHECK_OK(xyz_alert_set_cooldown(never, 10));
    xyz_alert *b = make_alert("b", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_dependency(b, never));
    add1(home, b);
    add1(home, make_alert("c", 0, XYZ_EXCLUSIVE_WAIT));
    CHECK_STR(s.log, "show c home\n");
    check_round_trip(&s, home);
    xyz_alert_release(never);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* An action added to an alert on screen, then chosen. */
static void an_action_added_on_screen_replays(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_OK(xyz_alert_add_action(a, "ok", "OK", XYZ_ACTION_DEFAULT));
    CHECK_OK(xyz_alert_trigger_action(a, 0));
    CHECK_STR(s.log, "show a home\nupdate a\naction a ok\nremove a dismissed\nfinish a dismissed\n");
    check_round_trip(&s, home);
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* A recorded root joins a domain whose keyboard is up: its alert moves. */
static void joining_a_domain_with_the_keyboard_up_replays(void) {
    session s;
    rec_page pages[2];
    xyz_dispatch *home = recorded_home(&s, &pages[0]);
    xyz_dispatch *app = s_page(&pages[1], &s, "app");
    CHECK_OK(xyz_dispatch_page_did_appear(app));
    xyz_rect keyboard = {0, 500, 400, 300};
    CHECK_OK(xyz_dispatch_keyboard_changed(app, keyboard, 0));
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_rect frame = {0, 400, 400, 200};
    CHECK_OK(xyz_alert_set_frame(a, &frame));
    add1(home, a);
    CHECK_OK(xyz_dispatch_set_parent(home, app));
    CHECK_STR(s.log, "show a home\nmove a -100\n");
    check_round_trip(&s, home);
    CHECK_OK(xyz_dispatch_destroy(home));
    CHECK_OK(xyz_dispatch_destroy(app));
}

/* A recorded root without a history joins a domain that has one, before
 * any add: the file starts from that history, and its caps replay. Once
 * alerts were added, the file cannot hold it and says so. */
static void joining_a_domain_with_a_history_replays(void) {
    for (int added_first = 0; added_first < 2; added_first++) {
        session s;
        rec_page pages[2];
        xyz_dispatch *home = recorded_home(&s, &pages[0]);
        xyz_dispatch *app = s_page(&pages[1], &s, "app");
        CHECK_OK(xyz_dispatch_page_did_appear(app));
        xyz_history *h = xyz_history_create(NULL, NULL, NULL);
        CHECK_OK(xyz_history_set_limit(h, "id:tip", 1, XYZ_PER_SESSION, 0));
        CHECK_OK(xyz_dispatch_set_history(app, h));
        if (added_first) {
            xyz_alert *first = make_alert("first", 0, XYZ_EXCLUSIVE_WAIT);
            CHECK_OK(xyz_dispatch_add(home, &first, 1));
            CHECK_OK(xyz_alert_dismiss(first));
            xyz_alert_release(first);
        }
        CHECK_OK(xyz_dispatch_set_parent(home, app));
        for (int i = 0; i < 2; i++) {
            xyz_alert *tip = make_alert("tip", 0, XYZ_EXCLUSIVE_WAIT);
            CHECK_OK(xyz_dispatch_add(home, &tip, 1));
            if (xyz_alert_state(tip) == XYZ_STATE_SHOWING) CHECK_OK(xyz_alert_dismiss(tip));
            xyz_alert_release(tip);
        }
        if (!added_first) {
            CHECK_STR(s.log, "show tip home\nfinish tip dismissed\nfinish tip capped\n");
            check_round_trip(&s, home);
        } else {
            CHECK(xyz_dispatch_recording_json(home) == NULL);
            CHECK(strstr(xyz_last_error(), "history") != NULL);
        }
        CHECK_OK(xyz_dispatch_destroy(home));
        CHECK_OK(xyz_dispatch_destroy(app));
        xyz_history_release(h);
    }
}

/* A page met as a child keeps its own root settings (docs/rules.md §17.6):
 * after it splits off, its scale of infinity keeps its toast up. */
static void a_child_keeps_its_own_root_settings_in_the_file(void) {
    session s;
    memset(&s, 0, sizeof s);
    rec_page pages[2];
    xyz_dispatch *app = s_page(&pages[0], &s, "app");
    xyz_dispatch *tab = s_page(&pages[1], &s, "tab");
    CHECK_OK(xyz_dispatch_set_duration_scale(tab, INFINITY));
    CHECK_OK(xyz_dispatch_set_gap(tab, "toast", 3));
    CHECK_OK(xyz_dispatch_set_lane_limit(tab, "toast", 2, XYZ_ON_FULL_QUEUE));
    CHECK_OK(xyz_dispatch_page_did_appear(app));
    CHECK_OK(xyz_dispatch_page_did_appear(tab));
    CHECK_OK(xyz_dispatch_set_parent(tab, app));
    CHECK_OK(xyz_dispatch_start_recording(app));
    CHECK_OK(xyz_dispatch_set_parent(tab, NULL));
    xyz_alert *t = make_alert("t", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_duration(t, 1));
    CHECK_OK(xyz_alert_set_lane(t, "toast"));
    add1(tab, t);
    add1(tab, make_alert("u", 0, XYZ_EXCLUSIVE_WAIT));
    xyz_alert *v = make_alert("v", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_ttl(v, 10)); /* (a deadline: the tick reads the clock) */
    add1(tab, v);
    s.clock = 5;
    CHECK_OK(xyz_dispatch_tick(tab));
    CHECK_STR(s.log, "show t tab lane:toast\nshow u tab\n");
    check_round_trip(&s, app);
    CHECK_OK(xyz_dispatch_destroy(app));
    CHECK_OK(xyz_dispatch_destroy(tab));
}

/* The largest counts and windows the setters take are held by the file. */
static void the_setters_edges_replay(void) {
    session s;
    rec_page page;
    xyz_dispatch *home = recorded_home(&s, &page);
    xyz_history *h = xyz_history_create(NULL, NULL, NULL);
    CHECK_OK(xyz_dispatch_set_history(home, h));
    CHECK_OK(xyz_history_set_limit(h, "all", UINT32_MAX, XYZ_PER_WINDOW, 1.7976931348623157e308));
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_limit(a, UINT32_MAX, XYZ_PER_WINDOW, 1e300));
    CHECK_OK(xyz_alert_add_limit(a, UINT32_MAX, XYZ_PER_LIFETIME, 0));
    CHECK_OK(xyz_alert_set_cooldown(a, 5e-324));
    add1(home, a);
    CHECK_OK(xyz_dispatch_set_lane_limit(home, "toast", 2147483647, XYZ_ON_FULL_EVICT_OLDEST));
    CHECK_OK(xyz_dispatch_set_capacity(home, 2147483647));
    CHECK_OK(xyz_dispatch_set_gap(home, "toast", 1.7976931348623157e308));
    CHECK_OK(xyz_dispatch_set_duration_scale(home, 5e-324));
    CHECK_STR(s.log, "show a home\n");
    check_round_trip(&s, home);
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_history_release(h);
}

/* A display counted in a history the recorded domain shares, by a page the
 * recording does not see, breaks the recording (its replay would not count
 * it); one on a recorded page does not. */
static void a_display_elsewhere_in_a_shared_history_is_reported(void) {
    for (int elsewhere = 0; elsewhere < 2; elsewhere++) {
        session s;
        rec_page pages[2];
        memset(&s, 0, sizeof s);
        xyz_history *h = xyz_history_create(NULL, NULL, NULL);
        CHECK_OK(xyz_history_set_limit(h, "all", 10, XYZ_PER_SESSION, 0));
        xyz_dispatch *home = s_page(&pages[0], &s, "home");
        xyz_dispatch *other = s_page(&pages[1], &s, "other");
        CHECK_OK(xyz_dispatch_set_history(home, h));
        CHECK_OK(xyz_dispatch_set_history(other, h));
        CHECK_OK(xyz_dispatch_page_did_appear(home));
        CHECK_OK(xyz_dispatch_page_did_appear(other));
        CHECK_OK(xyz_dispatch_start_recording(home));
        add1(elsewhere ? other : home, make_alert("a", 0, XYZ_EXCLUSIVE_WAIT));
        char *json = xyz_dispatch_recording_json(home);
        if (elsewhere) {
            CHECK(json == NULL);
            CHECK(strstr(xyz_last_error(), "shares its history with a page the recording does not see") != NULL);
        } else {
            CHECK(json != NULL);
        }
        xyz_free(json);
        CHECK_OK(xyz_dispatch_destroy(home));
        CHECK_OK(xyz_dispatch_destroy(other));
        xyz_history_release(h);
    }
}

const test_case recording_tests[] = {
    {"a_display_elsewhere_in_a_shared_history_is_reported", a_display_elsewhere_in_a_shared_history_is_reported},
    {"a_hold_made_while_idle_replays", a_hold_made_while_idle_replays},
    {"a_tag_added_after_the_add_replays", a_tag_added_after_the_add_replays},
    {"an_anonymous_dependency_with_caps_replays", an_anonymous_dependency_with_caps_replays},
    {"an_action_added_on_screen_replays", an_action_added_on_screen_replays},
    {"joining_a_domain_with_the_keyboard_up_replays", joining_a_domain_with_the_keyboard_up_replays},
    {"joining_a_domain_with_a_history_replays", joining_a_domain_with_a_history_replays},
    {"a_child_keeps_its_own_root_settings_in_the_file", a_child_keeps_its_own_root_settings_in_the_file},
    {"the_setters_edges_replay", the_setters_edges_replay},
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
