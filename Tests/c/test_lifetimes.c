/* References the engine holds without keeping their object alive, each
 * cleared by the object as it goes (the Embedded build has no weak
 * references): a history's list of the domains that use it, and a C page's
 * active-child provider. Each test reaches the reference after its object
 * died: without the clearing, valgrind (make c-test) and AddressSanitizer
 * (make sanitize) report the read of freed memory. */
#include "harness.h"

/* A domain that dies leaves its history's list (Domain.deinit): the
 * history's later calls visit every domain still on the list. */
static void a_domain_that_dies_leaves_its_history(void) {
    xyz_history *history = xyz_history_create(NULL, NULL, NULL);
    recorder r = {0};
    for (int i = 0; i < 40; i++) {
        xyz_dispatch *page = recorder_page(&r, "home");
        CHECK_OK(xyz_dispatch_set_history(page, history));
        xyz_alert *alert = xyz_alert_create("a");
        CHECK_OK(xyz_dispatch_add(page, &alert, 1));
        xyz_alert_release(alert);
        CHECK_OK(xyz_dispatch_destroy(page));
    }
    (void)recorder_take(&r);
    /* Each visits the list: a session, caps, a load. */
    CHECK_OK(xyz_history_begin_session(history));
    CHECK_OK(xyz_history_set_limit(history, "id:a", 1, XYZ_PER_SESSION, 0));
    const char saved[] = "{\"version\": 1, \"session\": 9, \"keys\": {}}";
    CHECK_OK(xyz_history_load_string(history, saved, sizeof saved - 1, NULL));
    /* A page attached now is the only one the history serves. */
    xyz_dispatch *page = recorder_page(&r, "later");
    CHECK_OK(xyz_dispatch_set_history(page, history));
    CHECK_OK(xyz_history_begin_session(history));
    CHECK(xyz_history_session(history) == 10);
    CHECK_OK(xyz_dispatch_destroy(page));
    xyz_history_release(history);
}

static xyz_dispatch *first_child(xyz_dispatch *parent, void *context) {
    (void)parent;
    return context;
}

static int freed;
static void count_free(void *context) {
    (void)context;
    freed++;
}

/* A provider the engine drops because an explicit active child replaced
 * it clears its page's reference to it (CProvider.deinit): the context
 * getter then answers NULL instead of reading the freed provider. */
static void a_provider_dropped_by_the_engine_leaves_its_page(void) {
    recorder r = {0};
    xyz_dispatch *tabs = recorder_page(&r, "tabs");
    xyz_dispatch *tab = recorder_page(&r, "tab");
    CHECK_OK(xyz_dispatch_set_parent(tab, tabs));
    freed = 0;
    CHECK_OK(xyz_dispatch_set_active_child_provider(tabs, first_child, tab, count_free));
    CHECK(xyz_dispatch_active_child_context(tabs) == tab);
    CHECK_OK(xyz_dispatch_set_active_child(tabs, tab));
    CHECK(freed == 1);
    CHECK(xyz_dispatch_active_child_context(tabs) == NULL);
    /* And a new provider is named again. */
    CHECK_OK(xyz_dispatch_set_active_child_provider(tabs, first_child, tab, count_free));
    CHECK(xyz_dispatch_active_child_context(tabs) == tab);
    CHECK_OK(xyz_dispatch_destroy(tab));
    CHECK_OK(xyz_dispatch_destroy(tabs));
    CHECK(freed == 2);
    (void)recorder_take(&r);
}

const test_case lifetime_tests[] = {
    {"a_domain_that_dies_leaves_its_history", a_domain_that_dies_leaves_its_history},
    {"a_provider_dropped_by_the_engine_leaves_its_page", a_provider_dropped_by_the_engine_leaves_its_page},
    {NULL, NULL},
};
