/* The interface across versions: hosts built against older headers (a
 * shorter xyz_host), XYZ_HOST_INIT, and the names of 0.1 to 0.3 that still
 * compile and forward to their replacements. */
#include <stddef.h>
#include <stdlib.h>

#include "harness.h"
#include "xyzalert_tooling.h"

/* ---- hosts of older versions ---- */

/* xyz_host exactly as the 0.1 header declared it. */
typedef struct host_0_1 {
    uint32_t size;
    void *context;
    void (*show)(xyz_alert *alert, const char *target, void *view, void *context);
    void (*hide)(xyz_alert *alert, xyz_hide_reason reason, void *context);
    void (*unhide)(xyz_alert *alert, void *context);
    void (*remove)(xyz_alert *alert, xyz_end_reason reason, void *context);
    void (*finish)(xyz_alert *alert, xyz_end_reason reason, void *context);
    void (*move)(xyz_alert *alert, double dy, double duration, void *context);
    void (*action)(xyz_alert *alert, size_t index, void *context);
    void (*request_flush)(xyz_dispatch *root, void *context);
    void (*destroy_context)(void *context);
} host_0_1;

typedef struct old_host_log {
    int shown, finished, destroyed;
} old_host_log;

static void old_show(xyz_alert *alert, const char *target, void *view, void *context) {
    (void)alert;
    (void)target;
    (void)view;
    ((old_host_log *)context)->shown++;
}

static void old_finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    (void)alert;
    (void)reason;
    ((old_host_log *)context)->finished++;
}

static void old_destroy(void *context) {
    ((old_host_log *)context)->destroyed++;
}

static void a_host_built_against_0_1_works(void) {
    old_host_log log = {0, 0, 0};
    /* The rest of a larger block is garbage: the library must read only the
     * 0.1 prefix, never what follows it. */
    unsigned char block[sizeof(host_0_1) + 64];
    memset(block, 0xA5, sizeof block);
    host_0_1 old;
    memset(&old, 0, sizeof old);
    old.size = sizeof old;
    old.context = &log;
    old.show = old_show;
    old.finish = old_finish;
    old.destroy_context = old_destroy;
    memcpy(block, &old, sizeof old);
    xyz_dispatch *d = xyz_dispatch_create((const xyz_host *)(void *)block, NULL);
    CHECK(d != NULL);
    if (!d) return;
    CHECK_OK(xyz_dispatch_page_did_appear(d));
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_dispatch_add(d, &a, 1));
    CHECK(log.shown == 1);
    CHECK_OK(xyz_alert_dismiss(a));
    CHECK(log.finished == 1);
    xyz_alert_release(a);
    /* Timers work too: the garbage where 0.2 put now and set_timer is not
     * called, the system clock is used and the host polls. */
    xyz_alert *toast = xyz_alert_create("toast");
    CHECK_OK(xyz_alert_set_duration(toast, 3600));
    CHECK_OK(xyz_dispatch_add(d, &toast, 1));
    double left = xyz_dispatch_next_deadline(d);
    CHECK(left > 3500 && left <= 3600);
    CHECK_OK(xyz_dispatch_tick(d));
    CHECK(xyz_alert_state(toast) == XYZ_STATE_SHOWING);
    xyz_alert_release(toast);
    CHECK_OK(xyz_dispatch_destroy(d));
    CHECK(log.destroyed == 1);
    CHECK(log.finished == 2);
}

/* A host built against the 0.2 header with time (up to set_timer, 104 bytes
 * on LP64): works, and what follows it (update) is never read. */
static void a_host_built_before_update_works(void) {
    recorder r = {0};
    xyz_host full = recorder_host(&r);
    size_t size = offsetof(xyz_host, set_timer) + sizeof full.set_timer;
    unsigned char block[sizeof(xyz_host) + 64];
    memset(block, 0xA5, sizeof block);
    full.size = (uint32_t)size;
    memcpy(block, &full, size);
    xyz_dispatch *d = xyz_dispatch_create((const xyz_host *)(void *)block, NULL);
    CHECK(d != NULL);
    if (!d) return;
    xyz_dispatch_set_name(d, "old");
    CHECK_OK(xyz_dispatch_page_did_appear(d));
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_dispatch_add(d, &a, 1));
    CHECK_OK(xyz_alert_set_title(a, "changed")); /* no update callback: the host has none */
    CHECK_STR(recorder_take(&r), "show a page\n");
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(d));
    CHECK(r.context_destroyed == 1);
}

static void sizes_no_header_had_are_refused(void) {
    old_host_log log = {0, 0, 0};
    xyz_host host = XYZ_HOST_INIT(.context = &log, .destroy_context = old_destroy);
    /* 88, 104 and 112 were sizes of released headers (LP64); these never were. */
    const uint32_t bad[] = {0, 4, 8, 96, (uint32_t)sizeof host - 4, (uint32_t)sizeof host + 8, 0xFFFFFFFFu};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        host.size = bad[i];
        CHECK(xyz_dispatch_create(&host, NULL) == NULL);
        CHECK(strstr(xyz_last_error(), "which no version of xyzalert.h had") != NULL);
    }
    CHECK(log.destroyed == 0); /* a refused host's context stays the caller's */
}

static void host_init_sets_the_size_and_the_members_given(void) {
    old_host_log log = {0, 0, 0};
    xyz_host host = XYZ_HOST_INIT(.context = &log, .show = old_show);
    CHECK(host.size == sizeof(xyz_host));
    CHECK(host.context == &log && host.show == old_show);
    CHECK(host.hide == NULL && host.finish == NULL && host.destroy_context == NULL);
    xyz_host empty = XYZ_HOST_INIT();
    CHECK(empty.size == sizeof(xyz_host) && empty.context == NULL);
    xyz_dispatch *d = xyz_dispatch_create(&empty, NULL);
    CHECK(d != NULL);
    CHECK_OK(xyz_dispatch_destroy(d));
}

/* The 0.1 names still compile (with a warning naming the replacement, here
 * silenced) and forward to the new functions. */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
static void the_0_1_names_still_work(void) {
    xyz_error error;
    const char text[] = "{\"version\": 1, \"alerts\": [{\"id\": \"a\"}, {\"id\": \"b\", \"after\": [\"a\"]}]}";
    xyz_alert_set *set = xyz_alert_set_load_string(text, sizeof text - 1, &error);
    CHECK(set != NULL);
    CHECK(xyz_alert_set_count(set) == 2);
    CHECK_STR(xyz_alert_set_id(set, 1), "b");
    CHECK(xyz_alert_set_id(set, 2) == NULL);
    CHECK(xyz_alert_set_page(set, "a") == NULL);
    xyz_alert *b = xyz_alert_set_create_alert(set, "b");
    CHECK(xyz_alert_dependency_id_count(b) == 1);
    xyz_alert_release(b);
    recorder r = {0};
    xyz_dispatch *d = recorder_page(&r, "home");
    CHECK_OK(xyz_dispatch_add_set(d, set));
    CHECK_STR(recorder_take(&r), "show a page\n");
    CHECK_OK(xyz_dispatch_destroy(d));
    xyz_alert_set_free(set);
    CHECK(xyz_alert_set_load_file("Tests/data/no-such-file.json", &error) == NULL && error.status == XYZ_EIO);
    xyz_scenario *scenario = xyz_scenario_load_file("examples/tabs.json", &error);
    CHECK(xyz_scenario_alert_set(scenario) == xyz_scenario_catalog(scenario));
    xyz_scenario_free(scenario);
}

/* So do the 0.2 names of the bool getters that 0.3 named is_/has_. */
static void the_0_2_names_still_work(void) {
    xyz_error error;
    const char text[] = "{\"version\": 1, \"alerts\": [{\"id\": \"a\", \"ready\": false, \"keyboard_adjust\": -4}]}";
    xyz_catalog *set = xyz_catalog_load_string(text, sizeof text - 1, &error);
    const xyz_definition *a = xyz_catalog_definition(set, 0);
    double adjust = 0;
    CHECK(xyz_definition_ready(a) == xyz_definition_is_ready(a) && !xyz_definition_ready(a));
    CHECK(xyz_definition_keyboard_avoidance(a, &adjust) && adjust == -4);
    xyz_catalog_free(set);
    const char deferred[] = "{\"pages\": {\"p\": {}}, \"deferred\": true, \"alerts\": [], \"steps\": [{\"flush\": \"p\"}]}";
    xyz_scenario *scenario = xyz_scenario_load_string(deferred, sizeof deferred - 1, &error);
    CHECK(xyz_scenario_deferred(scenario) && xyz_scenario_is_deferred(scenario));
    xyz_scenario_free(scenario);
}

/* And the 0.3 names that 0.4 renamed to the header's own rules. */
static void the_0_3_names_still_work(void) {
    xyz_error error;
    const char text[] = "{\"version\": 1, \"alerts\": [{\"id\": \"a\"}, {\"id\": \"b\"}]}";
    xyz_catalog *set = xyz_catalog_load_string(text, sizeof text - 1, &error);
    CHECK(xyz_catalog_count(set) == 2 && xyz_catalog_definition_count(set) == 2);
    CHECK(xyz_catalog_count(NULL) == 0);
    xyz_catalog_free(set);
    xyz_history *h = xyz_history_create(NULL, NULL, NULL);
    const char saved[] = "{\"version\": 1, \"session\": 4, \"keys\": {}}";
    CHECK_OK(xyz_history_load_json(h, saved, sizeof saved - 1, &error));
    CHECK(xyz_history_session(h) == 4);
    CHECK(xyz_history_load_json(h, "{", 1, &error) == XYZ_EPARSE);
    CHECK(xyz_history_session(h) == 4);
    xyz_history_release(h);
}
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif

const test_case version_tests[] = {
    {"a_host_built_against_0_1_works", a_host_built_against_0_1_works},
    {"a_host_built_before_update_works", a_host_built_before_update_works},
    {"sizes_no_header_had_are_refused", sizes_no_header_had_are_refused},
    {"host_init_sets_the_size_and_the_members_given", host_init_sets_the_size_and_the_members_given},
    {"the_0_1_names_still_work", the_0_1_names_still_work},
    {"the_0_3_names_still_work", the_0_3_names_still_work},
    {"the_0_2_names_still_work", the_0_2_names_still_work},
    {NULL, NULL},
};
