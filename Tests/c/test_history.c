/* Caps, cool-downs and the display history through the C ABI
 * (docs/rules.md §16): the history object and its persistence format, bad
 * files that change nothing, caps on alerts and keys, drop and wait, the
 * timer a waiting alert asks for, sessions, reasons, joins, recordings. */
#define _XOPEN_SOURCE 700 /* mkdtemp, truncate, chmod, dirent */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xyzalert_tooling.h"

#include "harness.h"

/* The wall clock of these tests: 1e9 plus the recorder's clock. */
static double wall_of(void *context) {
    recorder *r = context;
    return 1e9 + r->clock;
}

static xyz_dispatch *clocked_page(recorder *r, const char *name) {
    r->clocked = 1;
    return recorder_page(r, name);
}

/* An alert with one limit on its id (+1 reference). */
static xyz_alert *limited(const char *id, uint32_t count, xyz_limit_per per, double window, xyz_on_capped policy) {
    xyz_alert *a = make_alert(id, 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_limit(a, count, per, window));
    CHECK_OK(xyz_alert_set_on_capped(a, policy));
    return a;
}

static void add_one(xyz_dispatch *d, xyz_alert *a) {
    CHECK_OK(xyz_dispatch_add(d, &a, 1));
    xyz_alert_release(a);
}

static void the_history_is_reference_counted_and_checks_its_arguments(void) {
    xyz_history *h = xyz_history_create(NULL, NULL, NULL);
    CHECK(h != NULL);
    CHECK(xyz_history_retain(h) == h);
    xyz_history_release(h);
    CHECK(xyz_history_session(h) == 1);
    CHECK(xyz_history_set_limit(h, "kind:x", 1, XYZ_PER_SESSION, 0) == XYZ_EINVAL);
    CHECK(strstr(xyz_last_error(), "unknown cap key 'kind:x'") != NULL);
    CHECK(xyz_history_set_limit(h, "tag:", 1, XYZ_PER_SESSION, 0) == XYZ_EINVAL);
    CHECK(xyz_history_set_limit(h, "all", 0, XYZ_PER_SESSION, 0) == XYZ_EINVAL);
    CHECK(xyz_history_set_limit(h, "all", 1, XYZ_PER_WINDOW, NAN) == XYZ_EINVAL);
    CHECK(xyz_history_set_limit(h, "all", 1, (xyz_limit_per)7, 0) == XYZ_EINVAL);
    CHECK(xyz_history_set_limit(NULL, "all", 1, XYZ_PER_SESSION, 0) == XYZ_EINVAL);
    CHECK(xyz_history_set_cooldown(h, "all", -1) == XYZ_EINVAL);
    CHECK(xyz_history_set_limit(h, NULL, 1, XYZ_PER_SESSION, 0) == XYZ_EINVAL);
    CHECK(xyz_history_begin_session(NULL) == XYZ_EINVAL);
    CHECK(xyz_history_json(NULL) == NULL);
    CHECK_OK(xyz_history_begin_session(h)); /* a new history's first session begins: 1 */
    CHECK(xyz_history_session(h) == 1);
    CHECK_OK(xyz_history_begin_session(h));
    CHECK(xyz_history_session(h) == 2);
    CHECK_OK(xyz_history_clear_caps(h, NULL));
    xyz_history_release(h);
    xyz_history_release(NULL);
}

/* Loads `text` into a history holding `before`: the load fails with
 * `status` at line:column and pointer, and the history is unchanged. */
static void check_bad_history(const char *text, xyz_status status, int line, int column, const char *pointer) {
    xyz_history *h = xyz_history_create(NULL, NULL, NULL);
    const char *before = "{\"version\": 1, \"session\": 3, \"keys\": {\"id:a\": {\"lifetime\": 2}}}";
    xyz_error error;
    CHECK_OK(xyz_history_load_string(h, before, strlen(before), &error));
    char *saved = xyz_history_json(h);
    CHECK(xyz_history_load_string(h, text, strlen(text), &error) == status);
    CHECK(error.status == status);
    CHECK(error.line == line && error.column == column);
    CHECK_STR(error.pointer, pointer);
    CHECK_STR(error.source, "<string>");
    char *after = xyz_history_json(h);
    CHECK_STR(after, saved); /* nothing changed */
    CHECK(xyz_history_session(h) == 3);
    xyz_free(saved);
    xyz_free(after);
    xyz_history_release(h);
}

static void a_bad_history_file_is_a_located_error_that_changes_nothing(void) {
    check_bad_history("{\"version\": 1, \"session\": 2, \"keys\": {\"id:a\": {\"lifetime\": 1, \"displays\": [1, 2",
                      XYZ_EPARSE, 1, 80, "/keys/id:a/displays"); /* where the text ends */                                     /* truncated */
    check_bad_history("{\"version\": 1, \"keys\": {\"id:a\": {\"lifetime\": \"many\"}}}",
                      XYZ_ESCHEMA, 1, 46, "/keys/id:a/lifetime");                /* wrong type */
    check_bad_history("{\"version\": 4, \"session\": 1}", XYZ_ESCHEMA, 1, 13, "/version"); /* future */
    check_bad_history("{\"session\": 1}", XYZ_ESCHEMA, 1, 1, "");               /* no version */
    check_bad_history("{\"version\": 1, \"keys\": {\"when:x\": {}}}", XYZ_ESCHEMA, 1, 25, "/keys/when:x");
    check_bad_history("[1, 2]", XYZ_ESCHEMA, 1, 1, "");                          /* corrupt */
    check_bad_history("{\"version\": 1, \"keys\": {\"all\": {\"displays\": [9, 3]}}}",
                      XYZ_ESCHEMA, 1, 49, "/keys/all/displays/1");               /* out of order */
    /* A file that cannot be read; and the app goes on with an empty history. */
    xyz_history *h = xyz_history_create(NULL, NULL, NULL);
    xyz_error error;
    CHECK(xyz_history_load_file(h, "/nonexistent/history.json", &error) == XYZ_EIO);
    CHECK_STR(error.source, "/nonexistent/history.json");
    char *text = xyz_history_json(h);
    CHECK_STR(text, "{\"version\": 1, \"session\": 1, \"keys\": {}}");
    xyz_free(text);
    xyz_history_release(h);
}

static void a_lifetime_limit_drops_the_second_display_at_add(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    xyz_history *h = xyz_history_create(wall_of, &r, NULL);
    CHECK_OK(xyz_dispatch_set_history(home, h));
    CHECK(xyz_dispatch_history(home) == h);
    xyz_alert *first = limited("rate", 1, XYZ_PER_LIFETIME, 0, XYZ_ON_CAPPED_DROP);
    CHECK_OK(xyz_dispatch_add(home, &first, 1));
    CHECK_OK(xyz_alert_dismiss(first));
    xyz_alert_release(first);
    xyz_alert *second = limited("rate", 1, XYZ_PER_LIFETIME, 0, XYZ_ON_CAPPED_DROP);
    CHECK_OK(xyz_dispatch_add(home, &second, 1));
    CHECK(xyz_alert_state(second) == XYZ_STATE_FINISHED);
    xyz_why why = XYZ_WHY_INIT;
    CHECK_OK(xyz_alert_why(second, &why));
    CHECK(why.code == XYZ_WHY_FINISHED && why.end_reason == XYZ_END_CAPPED);
    xyz_alert_release(second);
    CHECK_STR(recorder_take(&r), "show rate page\nfinish rate dismissed\nfinish rate capped\n");
    char *saved = xyz_history_json(h);
    CHECK_STR(saved, "{\"version\": 1, \"session\": 1, \"keys\": {\"id:rate\": {\"lifetime\": 1}}}");
    xyz_free(saved);
    /* An alert without id cannot have caps. */
    xyz_alert *anonymous = limited(NULL, 1, XYZ_PER_SESSION, 0, XYZ_ON_CAPPED_DROP);
    CHECK(xyz_dispatch_add(home, &anonymous, 1) == XYZ_EINVAL);
    xyz_alert_release(anonymous);
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_history_release(h);
}

static void a_waiting_alert_asks_for_the_timer_of_its_cooldown_and_lets_others_pass(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    xyz_history *h = xyz_history_create(wall_of, &r, NULL);
    CHECK_OK(xyz_dispatch_set_history(home, h));
    CHECK_OK(xyz_history_set_cooldown(h, "tag:promo", 30));
    xyz_alert *a = make_alert("a", 5, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_tag(a, "promo"));
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    r.clock = 10;
    CHECK_OK(xyz_alert_dismiss(a));
    xyz_alert_release(a);
    xyz_alert *b = make_alert("b", 5, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_tag(b, "promo"));
    CHECK_OK(xyz_alert_set_on_capped(b, XYZ_ON_CAPPED_WAIT));
    xyz_alert *c = make_alert("c", 1, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *batch[] = {b, c};
    CHECK_OK(xyz_dispatch_add(home, batch, 2));
    CHECK_STR(recorder_take(&r), "show a page\nfinish a dismissed\nshow c page\ntimer home 20\n");
    xyz_why why = XYZ_WHY_INIT;
    CHECK_OK(xyz_alert_why(b, &why));
    CHECK(why.code == XYZ_WHY_COOLING_DOWN);
    CHECK_STR(why.key, "tag:promo");
    CHECK_STR(why.rule, "at least 30s between displays");
    CHECK(why.until == 20);
    char *sentence = xyz_alert_explain(b);
    CHECK_STR(sentence, "'b' is cooling down: at least 30s between displays (tag:promo)");
    xyz_free(sentence);
    CHECK_OK(xyz_alert_dismiss(c));
    recorder_advance(&r, &home, 1, 25);
    CHECK_STR(recorder_take(&r), "finish c dismissed\nshow b page\n"); /* (the tick used the timer up) */
    xyz_alert_release(b);
    xyz_alert_release(c);
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_history_release(h);
}

static void a_session_limit_frees_at_the_next_session_in_every_domain(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    xyz_dispatch *other = clocked_page(&r, "other");
    xyz_history *h = xyz_history_create(wall_of, &r, NULL);
    CHECK_OK(xyz_dispatch_set_history(home, h));
    CHECK_OK(xyz_dispatch_set_history(other, h)); /* shared */
    CHECK_OK(xyz_history_set_limit(h, "all", 1, XYZ_PER_SESSION, 0));
    add_one(home, make_alert("x", 0, XYZ_EXCLUSIVE_WAIT));
    xyz_alert *y = make_alert("y", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_on_capped(y, XYZ_ON_CAPPED_WAIT));
    add_one(other, y);
    CHECK_STR(recorder_take(&r), "show x page\n");
    CHECK(xyz_dispatch_next_deadline(other) < 0); /* frees with a session only */
    CHECK_OK(xyz_history_begin_session(h));
    CHECK_STR(recorder_take(&r), "show y page\n");
    /* Two domains with different histories cannot join. */
    xyz_history *h2 = xyz_history_create(wall_of, &r, NULL);
    CHECK_OK(xyz_dispatch_set_history(other, h2));
    CHECK(xyz_dispatch_set_parent(other, home) == XYZ_ESTATE);
    CHECK(strstr(xyz_last_error(), "different histories") != NULL);
    CHECK_OK(xyz_dispatch_set_history(other, NULL));
    CHECK_OK(xyz_dispatch_set_parent(other, home));
    CHECK(xyz_dispatch_history(other) == h);
    CHECK(xyz_dispatch_set_history(other, h2) == XYZ_ESTATE); /* not a root */
    CHECK_OK(xyz_dispatch_destroy(other));
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_history_release(h);
    xyz_history_release(h2);
}

static void recordings_carry_the_history_and_the_sessions(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    xyz_history *h = xyz_history_create(wall_of, &r, NULL);
    CHECK_OK(xyz_dispatch_set_history(home, h));
    CHECK_OK(xyz_history_set_limit(h, "lane:main", 2, XYZ_PER_WINDOW, 3600));
    CHECK_OK(xyz_dispatch_start_recording(home));
    add_one(home, limited("a", 1, XYZ_PER_SESSION, 0, XYZ_ON_CAPPED_WAIT));
    CHECK_OK(xyz_history_begin_session(h));
    CHECK_OK(xyz_history_set_cooldown(h, "all", 5));
    char *json = xyz_dispatch_recording_json(home);
    CHECK(json != NULL);
    CHECK(json && strstr(json, "\"wall_clock\": 1000000000.0") != NULL);
    CHECK(json && strstr(json, "\"caps\": {\"lane:main\": {\"limit\": [{\"count\": 2, \"per\": 3600.0}]}}") != NULL);
    CHECK(json && strstr(json, "{\"session\": {}}") != NULL);
    CHECK(json && strstr(json, "{\"caps\": {\"all\": {\"cooldown\": 5.0}}}") != NULL);
    CHECK(json && strstr(json, "\"on_capped\": \"wait\"") != NULL);
    CHECK(json && strstr(json, "\"limit\": [{\"count\": 1, \"per\": \"session\"}]") != NULL);
    xyz_free(json);
    /* A load cannot be replayed. */
    const char *text = "{\"version\": 1}";
    CHECK_OK(xyz_history_load_string(h, text, strlen(text), NULL));
    CHECK(xyz_dispatch_recording_json(home) == NULL);
    CHECK(strstr(xyz_last_error(), "a history was loaded") != NULL);
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_history_release(h);
}

static void count_destroy(void *context) {
    ++*(int *)context;
}

static double fixed_clock(void *context) {
    (void)context;
    return 5;
}

static void the_clock_context_is_destroyed_once_with_the_last_reference(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    int destroyed = 0;
    xyz_history *h = xyz_history_create(fixed_clock, &destroyed, count_destroy);
    CHECK_OK(xyz_dispatch_set_history(home, h));
    xyz_history_release(h); /* the domain keeps it */
    CHECK(destroyed == 0);
    CHECK(xyz_history_session(xyz_dispatch_history(home)) == 1);
    CHECK_OK(xyz_dispatch_destroy(home));
    CHECK(destroyed == 1);
}

static void the_alert_reads_back_its_caps(void) {
    xyz_alert *a = limited("a", 3, XYZ_PER_WINDOW, 86400, XYZ_ON_CAPPED_WAIT);
    CHECK_OK(xyz_alert_add_limit(a, 1, XYZ_PER_LIFETIME, 0));
    CHECK_OK(xyz_alert_add_limit(a, 4, XYZ_PER_WINDOW, 86400)); /* replaces the limit of that period */
    CHECK_OK(xyz_alert_add_limit(a, 9, XYZ_PER_WINDOW, 60));
    CHECK_OK(xyz_alert_set_cooldown(a, 2.5));
    CHECK(xyz_alert_limit_count(a) == 3);
    uint32_t count = 0;
    xyz_limit_per per = XYZ_PER_SESSION;
    double window = 0;
    CHECK_OK(xyz_alert_limit(a, 0, &count, &per, &window));
    CHECK(count == 4 && per == XYZ_PER_WINDOW && window == 86400);
    CHECK_OK(xyz_alert_limit(a, 1, &count, &per, &window));
    CHECK(count == 1 && per == XYZ_PER_LIFETIME && window == 0);
    CHECK_OK(xyz_alert_limit(a, 2, &count, &per, &window));
    CHECK(count == 9 && per == XYZ_PER_WINDOW && window == 60);
    CHECK(xyz_alert_limit(a, 3, &count, &per, &window) == XYZ_EINVAL);
    CHECK(xyz_alert_cooldown(a) == 2.5);
    CHECK(xyz_alert_on_capped(a) == XYZ_ON_CAPPED_WAIT);
    CHECK(xyz_alert_set_on_capped(a, (xyz_on_capped)5) == XYZ_EINVAL);
    CHECK(xyz_alert_set_cooldown(a, INFINITY) == XYZ_EINVAL);
    CHECK_OK(xyz_alert_clear_caps(a));
    CHECK(xyz_alert_limit_count(a) == 0 && xyz_alert_cooldown(a) == 0);
    xyz_alert_release(a);
}

/* Counts past INT32_MAX, and the session number at 2^53, where counting
 * stops: whatever the engine writes loads again (it once wrote lifetimes
 * its loader refused). */
static void histories_round_trip_at_the_edges_of_their_counts(void) {
    recorder r = {0};
    xyz_dispatch *home = clocked_page(&r, "home");
    xyz_history *h = xyz_history_create(wall_of, &r, NULL);
    CHECK_OK(xyz_dispatch_set_history(home, h));
    xyz_error error;
    const char *start = "{\"version\": 1, \"session\": 9007199254740991, \"keys\": {\"id:big\": {\"lifetime\": 4294967294}}}";
    CHECK_OK(xyz_history_load_string(h, start, strlen(start), &error));
    add_one(home, limited("big", UINT32_MAX, XYZ_PER_LIFETIME, 0, XYZ_ON_CAPPED_DROP));
    CHECK_OK(xyz_history_begin_session(h));
    CHECK_OK(xyz_history_begin_session(h)); /* stays at 2^53 */
    CHECK(xyz_history_session(h) == 9007199254740992LL);
    char *saved = xyz_history_json(h);
    CHECK_STR(saved, "{\"version\": 1, \"session\": 9007199254740992, \"keys\": {\"id:big\": {\"lifetime\": 4294967295}}}");
    xyz_history *again = xyz_history_create(wall_of, &r, NULL);
    CHECK_OK(xyz_history_load_string(again, saved, strlen(saved), &error));
    char *resaved = xyz_history_json(again);
    CHECK_STR(resaved, saved);
    xyz_free(resaved);
    xyz_free(saved);
    /* The loaded count is exact: the limit of 4294967295 is used up. */
    xyz_dispatch *other = clocked_page(&r, "other");
    CHECK_OK(xyz_dispatch_set_history(other, again));
    xyz_alert *capped = limited("big", UINT32_MAX, XYZ_PER_LIFETIME, 0, XYZ_ON_CAPPED_DROP);
    CHECK_OK(xyz_dispatch_add(other, &capped, 1));
    CHECK(xyz_alert_state(capped) == XYZ_STATE_FINISHED);
    xyz_alert_release(capped);
    /* Past 2^53 is refused, naming the range. */
    const char *past = "{\"version\": 1, \"session\": 9007199254740993}";
    CHECK(xyz_history_load_string(again, past, strlen(past), &error) == XYZ_ESCHEMA);
    CHECK(strstr(error.message, "from 1 to 9007199254740992") != NULL);
    CHECK_OK(xyz_dispatch_destroy(other));
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_history_release(again);
    xyz_history_release(h);
}

/* Saving writes the whole text atomically, keeps the old file's mode, and
 * fails with the reason and nothing left behind; a load reads at most
 * XYZ_FILE_SIZE_LIMIT bytes. */
static void a_history_saves_to_a_file_atomically(void) {
    char directory[] = "/tmp/xyz-save-XXXXXX";
    CHECK(mkdtemp(directory) != NULL);
    char path[128], missing[160];
    snprintf(path, sizeof path, "%s/history.json", directory);
    snprintf(missing, sizeof missing, "%s/no/such/dir/history.json", directory);
    xyz_history *h = xyz_history_create(NULL, NULL, NULL);
    CHECK_OK(xyz_history_begin_session(h));
    FILE *old = fopen(path, "w");
    CHECK(old != NULL);
    fputs("old", old);
    fclose(old);
    CHECK(chmod(path, 0640) == 0);
    xyz_error error;
    CHECK_OK(xyz_history_save_file(h, path, &error));
    struct stat status;
    CHECK(stat(path, &status) == 0 && (status.st_mode & 0777) == 0640);
    xyz_history *loaded = xyz_history_create(NULL, NULL, NULL);
    CHECK_OK(xyz_history_load_file(loaded, path, &error));
    CHECK(xyz_history_session(loaded) == 1);
    CHECK_OK(xyz_history_begin_session(loaded)); /* the first after a load moves on */
    CHECK(xyz_history_session(loaded) == 2);
    /* A missing file: XYZ_EIO and nothing changed; with
     * XYZ_HISTORY_MISSING_OK a new history. Other failures stay XYZ_EIO. */
    CHECK(xyz_history_load_file_flags(loaded, missing, 0, &error) == XYZ_EIO);
    CHECK(xyz_history_session(loaded) == 2);
    CHECK_OK(xyz_history_load_file_flags(loaded, missing, XYZ_HISTORY_MISSING_OK, &error));
    CHECK(error.status == XYZ_OK && xyz_history_session(loaded) == 1);
    char *fresh = xyz_history_json(loaded);
    CHECK_STR(fresh, "{\"version\": 1, \"session\": 1, \"keys\": {}}");
    xyz_free(fresh);
    CHECK_OK(xyz_history_begin_session(loaded));
    CHECK(xyz_history_session(loaded) == 1);
    CHECK(xyz_history_load_file_flags(loaded, directory, XYZ_HISTORY_MISSING_OK, &error) == XYZ_EIO);
    CHECK_STR(error.message, "cannot open: Is a directory");
    CHECK(xyz_history_load_file_flags(loaded, path, 2, &error) == XYZ_EINVAL);
    CHECK(strstr(error.message, "unknown flags 0x2") != NULL);
    CHECK(xyz_history_load_file_flags(loaded, NULL, 0, &error) == XYZ_EINVAL);
    CHECK(xyz_history_load_file_flags(NULL, missing, XYZ_HISTORY_MISSING_OK, &error) == XYZ_EINVAL);
    CHECK_OK(xyz_history_load_file_flags(loaded, path, XYZ_HISTORY_MISSING_OK, &error));
    CHECK(xyz_history_session(loaded) == 1);
    CHECK(xyz_history_save_file(h, missing, &error) == XYZ_EIO);
    CHECK_STR(error.message, "cannot write: No such file or directory");
    CHECK_STR(error.source, missing);
    CHECK(xyz_history_save_file(NULL, path, &error) == XYZ_EINVAL);
    CHECK(xyz_history_save_file(h, NULL, &error) == XYZ_EINVAL);
    /* Only the saved file is left in the directory. */
    DIR *listing = opendir(directory);
    CHECK(listing != NULL);
    int entries = 0;
    for (struct dirent *entry; (entry = readdir(listing)) != NULL;) {
        if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0) {
            CHECK_STR(entry->d_name, "history.json");
            entries++;
        }
    }
    closedir(listing);
    CHECK(entries == 1);
    /* A (sparse) file one byte over the limit is refused before it is read. */
    CHECK(truncate(path, (off_t)XYZ_FILE_SIZE_LIMIT + 1) == 0);
    CHECK(xyz_history_load_file(loaded, path, &error) == XYZ_EIO);
    CHECK_STR(error.message, "cannot read: larger than 268435456 bytes (256 MiB), the most a file load reads");
    CHECK(XYZ_FILE_SIZE_LIMIT == 268435456u);
    CHECK(xyz_history_session(loaded) == 1); /* unchanged by the failed load */
    CHECK(xyz_file_write(path, "{}", 2, &error) == XYZ_OK);
    CHECK(xyz_file_write(path, NULL, 1, &error) == XYZ_EINVAL);
    CHECK(remove(path) == 0 && rmdir(directory) == 0);
    xyz_history_release(loaded);
    xyz_history_release(h);
}

/* The history's clock must not call the engine: every call that would
 * change the history from inside it is XYZ_ESTATE, as adds already were. */
typedef struct {
    xyz_history *history;
    xyz_status statuses[5];
    int readings;
} meddling_clock;

static double meddle(void *context) {
    meddling_clock *m = context;
    if (m->history && m->readings++ == 0) {
        m->statuses[0] = xyz_history_begin_session(m->history);
        m->statuses[1] = xyz_history_set_cooldown(m->history, "all", 5);
        m->statuses[2] = xyz_history_set_limit(m->history, "all", 1, XYZ_PER_SESSION, 0);
        m->statuses[3] = xyz_history_clear_caps(m->history, NULL);
        const char *text = "{\"version\": 1, \"session\": 9}";
        xyz_error error;
        m->statuses[4] = xyz_history_load_string(m->history, text, strlen(text), &error);
    }
    return 1000;
}

static void calls_from_inside_the_history_clock_are_refused(void) {
    meddling_clock m = {0};
    xyz_history *h = xyz_history_create(meddle, &m, NULL);
    m.history = h;
    char *text = xyz_history_json(h); /* reads the clock */
    CHECK(m.readings >= 1);
    for (int i = 0; i < 5; i++) {
        CHECK(m.statuses[i] == XYZ_ESTATE);
    }
    CHECK_STR(text, "{\"version\": 1, \"session\": 1, \"keys\": {}}");
    xyz_free(text);
    m.history = NULL;
    xyz_history_release(h);
}

/* docs/rules.md §16, "Diagnostics": caps without a history are noted once,
 * as a bit the host reads; with a history, nothing. */
static void caps_without_a_history_are_a_diagnostic(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    CHECK(xyz_dispatch_diagnostics(home) == 0 && xyz_dispatch_diagnostics(NULL) == 0);
    xyz_alert *capped = xyz_alert_create("capped");
    CHECK_OK(xyz_alert_add_limit(capped, 1, XYZ_PER_DAY, 0));
    CHECK_OK(xyz_dispatch_add(home, &capped, 1));
    CHECK(xyz_dispatch_diagnostics(home) == 1u << XYZ_DIAGNOSTIC_CAPS_WITHOUT_HISTORY);
    CHECK_STR(xyz_diagnostic_name(XYZ_DIAGNOSTIC_WINDOWS_WITHOUT_HISTORY), "windows_without_history");
    xyz_alert_release(capped);
    CHECK_OK(xyz_dispatch_destroy(home));
}

const test_case history_tests[] = {
    {"caps_without_a_history_are_a_diagnostic", caps_without_a_history_are_a_diagnostic},
    {"calls_from_inside_the_history_clock_are_refused", calls_from_inside_the_history_clock_are_refused},
    {"a_history_saves_to_a_file_atomically", a_history_saves_to_a_file_atomically},
    {"histories_round_trip_at_the_edges_of_their_counts", histories_round_trip_at_the_edges_of_their_counts},
    {"the_history_is_reference_counted_and_checks_its_arguments", the_history_is_reference_counted_and_checks_its_arguments},
    {"a_bad_history_file_is_a_located_error_that_changes_nothing", a_bad_history_file_is_a_located_error_that_changes_nothing},
    {"a_lifetime_limit_drops_the_second_display_at_add", a_lifetime_limit_drops_the_second_display_at_add},
    {"a_waiting_alert_asks_for_the_timer_of_its_cooldown_and_lets_others_pass",
     a_waiting_alert_asks_for_the_timer_of_its_cooldown_and_lets_others_pass},
    {"a_session_limit_frees_at_the_next_session_in_every_domain", a_session_limit_frees_at_the_next_session_in_every_domain},
    {"recordings_carry_the_history_and_the_sessions", recordings_carry_the_history_and_the_sessions},
    {"the_alert_reads_back_its_caps", the_alert_reads_back_its_caps},
    {"the_clock_context_is_destroyed_once_with_the_last_reference",
     the_clock_context_is_destroyed_once_with_the_last_reference},
    {NULL, NULL}};
