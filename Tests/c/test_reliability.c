/* Regression tests for what an adversarial run found: calls on a dispatch
 * that is being destroyed, passes that never settle, offsets that overflow,
 * and strings that must stay bytes. */
#include "harness.h"
#include "xyzalert_tooling.h"

#include <math.h>
#include <stdlib.h>

/* ---- every getter on a dispatch that is being destroyed ---- */

typedef struct {
    xyz_dispatch *probe; /* the dispatch to inspect from the callback */
    int probes;
} destroy_probe;

static void probe_everything(recorder *r, const char *event, xyz_alert *alert) {
    destroy_probe *p = r->user;
    if (strcmp(event, "finish") != 0 && strcmp(event, "remove") != 0) {
        return;
    }
    p->probes++;
    char *snapshot = xyz_dispatch_snapshot_json(p->probe);
    CHECK(snapshot != NULL);
    xyz_free(snapshot);
    char *why = xyz_alert_explain(alert);
    CHECK(why != NULL);
    xyz_free(why);
    (void)xyz_dispatch_find(p->probe, "x");
    (void)xyz_dispatch_find(p->probe, "y");
    (void)xyz_dispatch_parent(p->probe);
    (void)xyz_dispatch_name(p->probe);
    (void)xyz_alert_dispatch(alert);
}

/* Parent and child joined and visible; one alert shows on `showing_on`, one
 * queues on the other page; `victim` is destroyed and every callback looks at
 * the dispatch `probe` with every getter. */
static void destroy_while_probing(int destroy_parent, int probe_parent, int show_on_child) {
    recorder r = {0};
    destroy_probe p = {0};
    r.user = &p;
    xyz_dispatch *parent = recorder_page(&r, "P");
    xyz_dispatch *child = recorder_page(&r, "C");
    CHECK_OK(xyz_dispatch_set_parent(child, parent));
    xyz_alert *x = xyz_alert_create("x");
    xyz_alert *y = xyz_alert_create("y");
    CHECK_OK(xyz_dispatch_add(show_on_child ? child : parent, &x, 1));
    CHECK_OK(xyz_dispatch_add(show_on_child ? parent : child, &y, 1));
    CHECK(xyz_alert_state(x) == XYZ_STATE_SHOWING);
    CHECK(xyz_alert_state(y) == XYZ_STATE_READY);
    xyz_dispatch *victim = destroy_parent ? parent : child;
    xyz_dispatch *other = destroy_parent ? child : parent;
    p.probe = probe_parent ? parent : child;
    r.react = probe_everything;
    CHECK_OK(xyz_dispatch_destroy(victim));
    r.react = NULL;
    CHECK(p.probes > 0);
    CHECK_OK(xyz_dispatch_destroy(other));
    xyz_alert_release(x);
    xyz_alert_release(y);
}

static void getters_are_safe_on_a_dispatch_being_destroyed(void) {
    for (int bits = 0; bits < 8; bits++) {
        destroy_while_probing(bits & 1, (bits >> 1) & 1, (bits >> 2) & 1);
    }
}

/* The repro of the report: destroy P; in y's finish, snapshot P. */
static void snapshot_of_the_destroyed_parent_from_finish(void) {
    destroy_while_probing(1, 1, 1);
    destroy_while_probing(0, 0, 0);
}

/* ---- passes that never settle ---- */

typedef struct {
    xyz_dispatch *children[2];
    long calls;
} flip_flop;

static xyz_dispatch *alternate(xyz_dispatch *parent, void *context) {
    (void)parent;
    flip_flop *f = context;
    return f->children[f->calls++ % 2];
}

static void an_alternating_provider_cannot_hang_a_call(void) {
    recorder r = {0};
    flip_flop f = {{NULL, NULL}, 0};
    xyz_host host = recorder_host(&r);
    xyz_dispatch *tab = xyz_dispatch_create(&host, NULL);
    xyz_dispatch_set_name(tab, "tab");
    f.children[0] = recorder_page(&r, "a");
    f.children[1] = recorder_page(&r, "b");
    CHECK_OK(xyz_dispatch_set_parent(f.children[0], tab));
    CHECK_OK(xyz_dispatch_set_parent(f.children[1], tab));
    xyz_alert *a = xyz_alert_create("in-a");
    xyz_alert *b = xyz_alert_create("in-b");
    CHECK_OK(xyz_dispatch_add(f.children[0], &a, 1));
    CHECK_OK(xyz_dispatch_add(f.children[1], &b, 1));
    CHECK_OK(xyz_dispatch_set_active_child_provider(tab, alternate, &f, NULL));
    recorder_take(&r);
    f.calls = 0;
    CHECK_STATUS(xyz_dispatch_page_did_appear(tab), XYZ_ESTATE);
    CHECK(strstr(xyz_last_error(), "did not settle") != NULL);
    CHECK(xyz_last_error_has_effects()); /* its events stand */
    CHECK(strstr(xyz_last_error(), "page 'tab'") != NULL);
    CHECK(f.calls < 10000);
    /* The state is consistent: each alert is in a state its last event said. */
    xyz_state sa = xyz_alert_state(a), sb = xyz_alert_state(b);
    CHECK(sa == XYZ_STATE_SHOWING || sa == XYZ_STATE_HIDDEN || sa == XYZ_STATE_READY);
    CHECK(sb == XYZ_STATE_SHOWING || sb == XYZ_STATE_HIDDEN || sb == XYZ_STATE_READY);
    /* A settled answer settles the domain at the next call. */
    CHECK_OK(xyz_dispatch_set_active_child(tab, f.children[1]));
    CHECK(xyz_alert_state(b) == XYZ_STATE_SHOWING);
    CHECK(xyz_alert_state(a) != XYZ_STATE_SHOWING);
    CHECK_OK(xyz_dispatch_destroy(tab));
    CHECK_OK(xyz_dispatch_destroy(f.children[0]));
    CHECK_OK(xyz_dispatch_destroy(f.children[1]));
    xyz_alert_release(a);
    xyz_alert_release(b);
}

/* A host whose show callback cancels the alert and adds a new one forever
 * makes progress at every pass: each alert is new. The bound grows with the
 * alerts a call adds, so such a call is not cut short early, and it still
 * ends once the host stops. */
static int replacements_left;

static void replace_on_show(recorder *r, const char *event, xyz_alert *alert) {
    (void)r;
    if (strcmp(event, "show") == 0 && replacements_left > 0) {
        replacements_left--;
        xyz_dispatch *d = xyz_alert_dispatch(alert);
        CHECK_OK(xyz_alert_cancel(alert));
        xyz_alert *next = xyz_alert_create(NULL);
        CHECK_OK(xyz_dispatch_add(d, &next, 1));
        xyz_alert_release(next);
    }
}

static void a_long_chain_of_callback_adds_is_not_cut_short(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    replacements_left = 5000;
    r.react = replace_on_show;
    xyz_alert *first = xyz_alert_create(NULL);
    CHECK_OK(xyz_dispatch_add(home, &first, 1));
    CHECK(replacements_left == 0);
    r.react = NULL;
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_alert_release(first);
}

/* ---- keyboard arithmetic stays finite ---- */

static void huge_frames_give_finite_offsets(void) {
    xyz_rect frame = {0, 100, 10, 1e308};
    xyz_rect keyboard = {0, -1e308, 10, 10};
    double dy = xyz_keyboard_offset(frame, keyboard, -1.7e308);
    CHECK(isfinite(dy));
    CHECK(dy == -1.7976931348623157e308);
    xyz_rect tall = {0, 1e308, 10, 1e308};
    CHECK(isfinite(xyz_keyboard_offset(tall, (xyz_rect){0, 0, 10, 10}, 0)));

    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_alert_set_keyboard_avoidance(a, true, -1.7e308));
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_OK(xyz_alert_set_frame(a, &frame));
    recorder_take(&r);
    CHECK_OK(xyz_dispatch_keyboard_changed(home, (xyz_rect){0, 50, 10, 10}, 0));
    CHECK_STR(recorder_take(&r), "move a -1.79769e+308 0\n");
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_alert_release(a);
}

static void a_keyboard_of_negative_height_is_hidden(void) {
    xyz_rect frame = {0, 100, 10, 10};
    CHECK(xyz_keyboard_offset(frame, (xyz_rect){0, 50, 10, -5}, 0) == 0);
    CHECK(xyz_keyboard_offset(frame, (xyz_rect){0, 50, 10, 0}, 0) == 0);
    CHECK(xyz_keyboard_offset(frame, (xyz_rect){0, 50, 10, 5}, 0) == -60);
}

/* ---- strings are bytes ---- */

#define COMPOSED "caf\xc3\xa9"     /* café, U+00E9 */
#define DECOMPOSED "cafe\xcc\x81"  /* café, e + U+0301 */

static void canonically_equivalent_ids_are_different_ids(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a[] = {xyz_alert_create(COMPOSED), xyz_alert_create(DECOMPOSED)};
    CHECK_OK(xyz_dispatch_add(home, a, 2));
    CHECK(xyz_dispatch_find(home, COMPOSED) == a[0]);
    CHECK(xyz_dispatch_find(home, DECOMPOSED) == a[1]);
    CHECK_STR(xyz_alert_id(a[0]), COMPOSED);
    CHECK_STR(xyz_alert_id(a[1]), DECOMPOSED);
    /* An id dependency names exactly one of them. */
    xyz_alert *after = xyz_alert_create("after");
    CHECK_OK(xyz_alert_add_dependency_id(after, DECOMPOSED));
    CHECK_OK(xyz_dispatch_add(home, &after, 1));
    CHECK_OK(xyz_alert_dismiss(a[0]));
    CHECK(xyz_alert_state(after) == XYZ_STATE_READY);
    CHECK_OK(xyz_alert_cancel(a[1]));
    CHECK(xyz_alert_state(after) == XYZ_STATE_SHOWING);
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_alert_release(a[0]);
    xyz_alert_release(a[1]);
    xyz_alert_release(after);
}

static void strings_come_back_byte_identical(void) {
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_alert_set_title(a, COMPOSED));
    CHECK_STR(xyz_alert_title(a), COMPOSED);
    CHECK_OK(xyz_alert_set_title(a, DECOMPOSED));
    CHECK_STR(xyz_alert_title(a), DECOMPOSED);
    CHECK_OK(xyz_alert_set_message(a, COMPOSED));
    CHECK_STR(xyz_alert_message(a), COMPOSED);
    CHECK_OK(xyz_alert_set_message(a, DECOMPOSED));
    CHECK_STR(xyz_alert_message(a), DECOMPOSED);
    CHECK_OK(xyz_alert_set_meta(a, "{\"k\": \"" COMPOSED "\"}"));
    CHECK_STR(xyz_alert_meta(a), "{\"k\": \"" COMPOSED "\"}");
    CHECK_OK(xyz_alert_set_meta(a, "{\"k\": \"" DECOMPOSED "\"}"));
    CHECK_STR(xyz_alert_meta(a), "{\"k\": \"" DECOMPOSED "\"}");
    CHECK_OK(xyz_alert_set_target(a, COMPOSED));
    CHECK_STR(xyz_alert_target(a), COMPOSED);
    CHECK_OK(xyz_alert_set_target(a, DECOMPOSED));
    CHECK_STR(xyz_alert_target(a), DECOMPOSED);
    xyz_alert_release(a);

    xyz_dispatch *d = xyz_dispatch_create(NULL, NULL);
    CHECK_OK(xyz_dispatch_set_name(d, COMPOSED));
    CHECK_STR(xyz_dispatch_name(d), COMPOSED);
    CHECK_OK(xyz_dispatch_set_name(d, DECOMPOSED));
    CHECK_STR(xyz_dispatch_name(d), DECOMPOSED);
    CHECK_OK(xyz_dispatch_destroy(d));
}

static void targets_resolve_byte_for_byte(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    int view = 0;
    CHECK_OK(xyz_dispatch_set_target(home, COMPOSED, &view));
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_alert_set_target(a, DECOMPOSED));
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_STR(recorder_take(&r), "show a " DECOMPOSED "\n");
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_alert_release(a);
}

static void invalid_utf8_is_rejected(void) {
    CHECK(xyz_alert_create("\xff") == NULL);
    CHECK(strstr(xyz_last_error(), "UTF-8") != NULL);
    xyz_alert *a = xyz_alert_create("a");
    CHECK_STATUS(xyz_alert_set_title(a, "bad \xfe"), XYZ_EINVAL);
    CHECK(strstr(xyz_last_error(), "xyz_alert_set_title") != NULL);
    CHECK(xyz_alert_title(a) == NULL);
    CHECK_STATUS(xyz_alert_set_message(a, "\xc3"), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_style(a, "\xc3("), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_target(a, "\xed\xa0\x80"), XYZ_EINVAL); /* a surrogate */
    CHECK_STR(xyz_alert_target(a), "page");
    CHECK_STATUS(xyz_alert_add_dependency_id(a, "\xff"), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_add_action(a, "ok", "\xff", XYZ_ACTION_DEFAULT), XYZ_EINVAL);
    CHECK(xyz_alert_action_count(a) == 0);
    xyz_dispatch *d = xyz_dispatch_create(NULL, NULL);
    CHECK_STATUS(xyz_dispatch_set_name(d, "\x80"), XYZ_EINVAL);
    CHECK_STR(xyz_dispatch_name(d), "");
    CHECK_STATUS(xyz_dispatch_set_target(d, "\xff", NULL), XYZ_EINVAL);
    CHECK(xyz_dispatch_find(d, "\xff") == NULL);
    CHECK_OK(xyz_dispatch_destroy(d));
    xyz_alert_release(a);
}

/* ---- diagnostics: line, column, position and pointer agree ---- */

/* Line and column (1-based, columns in characters) of byte `position`. */
static void line_and_column(const char *text, size_t position, int *line, int *column) {
    *line = 1;
    *column = 1;
    for (size_t i = 0; i < position; i++) {
        if (text[i] == '\n') {
            (*line)++;
            *column = 1;
        } else if (((unsigned char)text[i] & 0xC0) != 0x80) {
            (*column)++;
        }
    }
}

/* Loads `text` (which must fail) and checks that its error is consistent:
 * the position is a character boundary within the text, line and column are
 * those of the position, the pointer holds no control character. */
static xyz_error load_failing(const char *text) {
    xyz_error error;
    size_t length = strlen(text);
    CHECK(xyz_scenario_load_string(text, length, &error) == NULL);
    CHECK(error.status == XYZ_EPARSE || error.status == XYZ_ESCHEMA);
    CHECK(error.position <= length);
    CHECK(error.position == length || ((unsigned char)text[error.position] & 0xC0) != 0x80);
    int line, column;
    line_and_column(text, error.position <= length ? error.position : length, &line, &column);
    if (error.line != line || error.column != column) {
        fprintf(stderr, "  %s: %d:%d at position %zu, expected %d:%d\n", text, error.line, error.column,
                error.position, line, column);
        CHECK(error.line == line && error.column == column);
    }
    for (const char *p = error.pointer; *p; p++) {
        CHECK((unsigned char)*p >= 0x20);
    }
    return error;
}

static void diagnostics_agree_with_the_text(void) {
    xyz_error e = load_failing("{\"alerts\": [{\"id\": \"a\", \"\xc3\xa9\": 1}]}");
    CHECK_STR(e.pointer, "/alerts/0/\xc3\xa9");
    e = load_failing("{\"alerts\": [{\"id\": \"a\n");
    CHECK(e.status == XYZ_EPARSE);
    e = load_failing("{\"alerts\": \xc3\xa9}");
    CHECK(e.position == 11 && e.column == 12);
    e = load_failing("\xef\xbb\xbf{\"alerts\": []}");
    CHECK(e.position == 0);
    e = load_failing("{\n");
    CHECK(e.line == 2 && e.column == 1 && e.position == 2);
    load_failing("{\"alerts\": [{\"id\": \"caf\xc3\xa9\", \"priority\": \"x\"}]}");
    load_failing("{\"alerts\": [1, 2, \"\xe2\x82\xac");
    load_failing("[\"\xe2\x82\xac\xe2\x82\xac\", tru");
}

/* ---- scenario pages ---- */

static void a_parent_chain_into_a_cycle_is_an_error_not_a_hang(void) {
    const char *text = "{\"pages\": {\"c\": {\"parent\": \"a\"}, \"a\": {\"parent\": \"b\"}, "
                       "\"b\": {\"parent\": \"a\"}}, \"alerts\": [], \"steps\": []}";
    xyz_error e = load_failing(text);
    CHECK(e.status == XYZ_ESCHEMA);
    CHECK(strstr(e.message, "parent cycle: a -> b -> a") != NULL);
    CHECK_STR(e.pointer, "/pages/a/parent");
}

static void canonically_equivalent_page_names_are_different_pages(void) {
    const char *text = "{\"pages\": {\"" COMPOSED "\": {}, \"" DECOMPOSED "\": {\"parent\": \"" COMPOSED "\"}}, "
                       "\"alerts\": [{\"id\": \"" COMPOSED "\", \"page\": \"" DECOMPOSED "\"}, "
                       "{\"id\": \"" DECOMPOSED "\", \"page\": \"" COMPOSED "\"}], \"steps\": []}";
    xyz_error error;
    xyz_scenario *scenario = xyz_scenario_load_string(text, strlen(text), &error);
    if (!scenario) {
        fprintf(stderr, "  %s\n", error.message);
    }
    CHECK(scenario != NULL);
    xyz_scenario_free(scenario);
}

/* ---- a host that normalises content in its update callback ---- */

static int updates_seen;

static void normalise_on_update(recorder *r, const char *event, xyz_alert *alert) {
    (void)r;
    if (strcmp(event, "update") == 0) {
        updates_seen++;
        CHECK(updates_seen < 100); /* (a runaway would show here, not as a crash) */
        if (updates_seen < 100) CHECK_OK(xyz_alert_set_title(alert, "normalised"));
    }
}

/* Setting the content from the alert's own update callback does not
 * recurse: the change is delivered as one more update once the callback
 * returns, and setting what is already there delivers nothing. */
static void a_host_normalising_content_in_update_does_not_recurse(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    recorder_take(&r);
    updates_seen = 0;
    r.react = normalise_on_update;
    CHECK_OK(xyz_alert_set_title(a, "Hello"));
    CHECK_STR(recorder_take(&r), "update a Hello\nupdate a normalised\n");
    CHECK(updates_seen == 2);
    CHECK_STR(xyz_alert_title(a), "normalised");
    CHECK_OK(xyz_alert_set_title(a, "normalised")); /* nothing changes: no update */
    CHECK_STR(recorder_take(&r), "");
    r.react = NULL;
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* An index past every action is reported as the unsigned number it is. */
static void an_action_index_is_reported_unsigned(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = make_alert("a", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_STATUS(xyz_alert_trigger_action(a, (size_t)-1), XYZ_EINVAL);
    CHECK_STR(xyz_last_error(), "alert 'a' has no action 18446744073709551615 (it has 0)");
    CHECK_STATUS(xyz_alert_trigger_action(a, (size_t)1 << 63), XYZ_EINVAL);
    CHECK_STR(xyz_last_error(), "alert 'a' has no action 9223372036854775808 (it has 0)");
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* Joining and splitting over and over (a tab attached and detached as the
 * user moves around) keeps add order and never runs out of numbers: each
 * join used to double them. */
static void joining_and_splitting_again_and_again_keeps_add_order(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_dispatch *tab = recorder_page(&r, "tab");
    CHECK_OK(xyz_dispatch_suspend(home)); /* nothing shows: the queues keep their order */
    CHECK_OK(xyz_dispatch_suspend(tab));
    xyz_alert *first = make_alert("first", 1, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *second = make_alert("second", 1, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *third = make_alert("third", 1, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(tab, &first, 1));
    CHECK_OK(xyz_dispatch_add(home, &second, 1));
    CHECK_OK(xyz_dispatch_add(tab, &third, 1));
    for (int i = 0; i < 200; i++) {
        CHECK_OK(xyz_dispatch_set_parent(tab, home));
        CHECK_OK(xyz_dispatch_set_parent(tab, NULL));
    }
    CHECK_OK(xyz_dispatch_set_parent(tab, home));
    CHECK_STR(recorder_take(&r), "");
    CHECK_OK(xyz_dispatch_resume(tab));
    CHECK_OK(xyz_dispatch_resume(home));
    /* home's own alert first (the tab's joined after it), then the tab's in their order. */
    CHECK_STR(recorder_take(&r), "show second page\n");
    CHECK_OK(xyz_alert_dismiss(second));
    CHECK_OK(xyz_alert_dismiss(first));
    CHECK_STR(recorder_take(&r), "finish second dismissed\nshow first page\nfinish first dismissed\nshow third page\n");
    xyz_alert_release(first);
    xyz_alert_release(second);
    xyz_alert_release(third);
    CHECK_OK(xyz_dispatch_destroy(tab));
    CHECK_OK(xyz_dispatch_destroy(home));
}

/* Messages about an alert without id read as sentences ("cannot cancel:
 * an alert without id has finished", not "alert an alert without id"). */
static void messages_name_an_alert_without_id_plainly(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *anonymous = xyz_alert_create(NULL);
    CHECK_STATUS(xyz_alert_cancel(anonymous), XYZ_ESTATE);
    CHECK_STR(xyz_last_error(), "cannot cancel an alert without id: it has not been added");
    CHECK_OK(xyz_dispatch_add(home, &anonymous, 1));
    CHECK_OK(xyz_alert_cancel(anonymous));
    CHECK_STATUS(xyz_alert_cancel(anonymous), XYZ_ESTATE);
    CHECK_STR(xyz_last_error(), "cannot cancel: an alert without id has finished");
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_alert_release(anonymous);
}

const test_case reliability_tests[] = {
    {"messages_name_an_alert_without_id_plainly", messages_name_an_alert_without_id_plainly},
    {"joining_and_splitting_again_and_again_keeps_add_order", joining_and_splitting_again_and_again_keeps_add_order},
    {"a_host_normalising_content_in_update_does_not_recurse", a_host_normalising_content_in_update_does_not_recurse},
    {"an_action_index_is_reported_unsigned", an_action_index_is_reported_unsigned},
    {"diagnostics_agree_with_the_text", diagnostics_agree_with_the_text},
    {"a_parent_chain_into_a_cycle_is_an_error_not_a_hang", a_parent_chain_into_a_cycle_is_an_error_not_a_hang},
    {"canonically_equivalent_page_names_are_different_pages", canonically_equivalent_page_names_are_different_pages},
    {"getters_are_safe_on_a_dispatch_being_destroyed", getters_are_safe_on_a_dispatch_being_destroyed},
    {"snapshot_of_the_destroyed_parent_from_finish", snapshot_of_the_destroyed_parent_from_finish},
    {"an_alternating_provider_cannot_hang_a_call", an_alternating_provider_cannot_hang_a_call},
    {"a_long_chain_of_callback_adds_is_not_cut_short", a_long_chain_of_callback_adds_is_not_cut_short},
    {"huge_frames_give_finite_offsets", huge_frames_give_finite_offsets},
    {"a_keyboard_of_negative_height_is_hidden", a_keyboard_of_negative_height_is_hidden},
    {"canonically_equivalent_ids_are_different_ids", canonically_equivalent_ids_are_different_ids},
    {"strings_come_back_byte_identical", strings_come_back_byte_identical},
    {"targets_resolve_byte_for_byte", targets_resolve_byte_for_byte},
    {"invalid_utf8_is_rejected", invalid_utf8_is_rejected},
    {NULL, NULL},
};
