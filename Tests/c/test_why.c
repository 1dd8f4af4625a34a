/* Reasons as data (docs/rules.md §18) through the C interface: every code
 * an alert can have in this version, each with its cause (alert, page or
 * id) and `until`; names; the versioned struct; the sentence agrees. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* xyz_alert_why(alert), checked to succeed. */
static xyz_why why_of(const xyz_alert *alert) {
    xyz_why why = XYZ_WHY_INIT;
    CHECK_OK(xyz_alert_why(alert, &why));
    return why;
}

/* The code is `code`, the cause is exactly (cause_alert, cause_page, id). */
#define CHECK_WHY(alert_, code_, cause_alert, cause_page, id_)                          \
    do {                                                                                \
        xyz_why w_ = why_of(alert_);                                                    \
        if (w_.code != (code_)) {                                                       \
            fprintf(stderr, "%s:%d: why is %s, expected %s\n", __FILE__, __LINE__,      \
                    xyz_why_code_name(w_.code), xyz_why_code_name(code_));              \
            check_failed = 1;                                                           \
        }                                                                               \
        CHECK(w_.alert == (cause_alert));                                               \
        CHECK(w_.page == (cause_page));                                                 \
        CHECK_STR(w_.id, (id_));                                                        \
    } while (0)

/* The explanation names the cause: the sentence is worded from the same data. */
static void check_sentence_has(const xyz_alert *alert, const char *part) {
    char *sentence = xyz_alert_explain(alert);
    if (!sentence || !strstr(sentence, part)) {
        fprintf(stderr, "explanation \"%s\" does not name \"%s\"\n", sentence ? sentence : "(null)", part);
        check_failed = 1;
    }
    xyz_free(sentence);
}

static void every_state_has_its_code(void) {
    recorder r = {0};
    r.clocked = 1;
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *idle = make_alert("idle", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_WHY(idle, XYZ_WHY_IDLE, NULL, NULL, NULL);
    CHECK(why_of(idle).until == -1);

    xyz_alert *toast = make_alert("toast", 1, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_duration(toast, 4));
    CHECK_OK(xyz_dispatch_add(home, &toast, 1));
    CHECK_WHY(toast, XYZ_WHY_SHOWING, NULL, NULL, NULL);
    r.clock = 1.5;
    CHECK(why_of(toast).until == 2.5);

    xyz_alert *later = make_alert("later", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_set_waiting(later));
    CHECK_OK(xyz_alert_set_ttl(later, 10));
    CHECK_OK(xyz_dispatch_add(home, &later, 1));
    CHECK_WHY(later, XYZ_WHY_NOT_READY, NULL, NULL, NULL);
    CHECK(why_of(later).until == 10);
    check_sentence_has(later, "not marked it ready");

    xyz_alert *cover = make_alert("cover", 9, XYZ_EXCLUSIVE_HIDE_OTHERS);
    CHECK_OK(xyz_dispatch_add(home, &cover, 1));
    CHECK_WHY(toast, XYZ_WHY_HIDDEN_COVERED, cover, NULL, NULL);
    CHECK(why_of(toast).until == -1); /* hidden: its duration is paused */
    check_sentence_has(toast, "covered by 'cover'");

    CHECK_OK(xyz_dispatch_page_will_disappear(home));
    CHECK_WHY(cover, XYZ_WHY_HIDDEN_PAGE, NULL, home, NULL);
    check_sentence_has(cover, "'home' is not visible");
    CHECK_OK(xyz_dispatch_page_did_appear(home));

    CHECK_OK(xyz_alert_dismiss(cover));
    xyz_why w = why_of(cover);
    CHECK(w.code == XYZ_WHY_FINISHED && w.end_reason == XYZ_END_DISMISSED);
    CHECK_OK(xyz_alert_cancel(later));
    w = why_of(later);
    CHECK(w.code == XYZ_WHY_FINISHED && w.end_reason == XYZ_END_CANCELLED && w.until == -1);

    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_alert *alerts[] = {idle, toast, later, cover};
    for (size_t i = 0; i < 4; i++) xyz_alert_release(alerts[i]);
}

static void queued_alerts_name_what_holds_them(void) {
    recorder r = {0};
    xyz_dispatch *tabs = recorder_page(&r, "tabs");
    xyz_dispatch *feed = recorder_page(&r, "feed");
    xyz_dispatch *chat = recorder_page(&r, "chat");
    CHECK_OK(xyz_dispatch_set_parent(feed, tabs));
    CHECK_OK(xyz_dispatch_set_parent(chat, tabs));
    CHECK_OK(xyz_dispatch_set_active_child(tabs, feed));

    xyz_alert *hidden_tab = make_alert("hidden-tab", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(chat, &hidden_tab, 1));
    CHECK_WHY(hidden_tab, XYZ_WHY_NOT_ACTIVE_CHILD, NULL, chat, NULL);
    check_sentence_has(hidden_tab, "page 'chat' is not the active child of page 'tabs'");

    xyz_alert *login = make_alert("login", 5, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_dispatch_add(feed, &login, 1));
    xyz_alert *by_handle = make_alert("by-handle", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_dependency(by_handle, login));
    xyz_alert *by_id = make_alert("by-id", 0, XYZ_EXCLUSIVE_WAIT);
    CHECK_OK(xyz_alert_add_dependency_id(by_id, "login"));
    xyz_alert *behind = make_alert("behind", 0, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *weaker = make_alert("weaker", 5, XYZ_EXCLUSIVE_COVER);
    xyz_alert *batch[] = {by_handle, by_id, behind, weaker};
    CHECK_OK(xyz_dispatch_add(feed, batch, 4));
    CHECK_WHY(by_handle, XYZ_WHY_DEPENDENCY, login, NULL, NULL);
    CHECK_WHY(by_id, XYZ_WHY_ID_DEPENDENCY, login, NULL, "login");
    CHECK_WHY(behind, XYZ_WHY_BEHIND, login, NULL, NULL);
    CHECK_WHY(weaker, XYZ_WHY_BEHIND, login, NULL, NULL);
    check_sentence_has(by_id, "dependency 'login'");
    check_sentence_has(weaker, "blocked by 'login' (priority 5 >= 5)");

    CHECK_OK(xyz_dispatch_suspend(tabs));
    xyz_alert *held = make_alert("held", 9, XYZ_EXCLUSIVE_COVER);
    CHECK_OK(xyz_dispatch_add(feed, &held, 1));
    CHECK_WHY(held, XYZ_WHY_SUSPENDED, NULL, tabs, NULL);
    check_sentence_has(held, "page 'tabs' is suspended");
    CHECK_OK(xyz_dispatch_resume(tabs));
    CHECK_WHY(held, XYZ_WHY_SHOWING, NULL, NULL, NULL);

    CHECK_OK(xyz_dispatch_page_will_disappear(tabs));
    CHECK_WHY(by_handle, XYZ_WHY_PAGE_NOT_VISIBLE, NULL, tabs, NULL);
    CHECK_WHY(login, XYZ_WHY_HIDDEN_PAGE, NULL, tabs, NULL);

    CHECK_OK(xyz_dispatch_destroy(chat));
    CHECK_OK(xyz_dispatch_destroy(feed));
    CHECK_OK(xyz_dispatch_destroy(tabs));
    xyz_alert *alerts[] = {hidden_tab, login, by_handle, by_id, behind, weaker, held};
    for (size_t i = 0; i < 7; i++) xyz_alert_release(alerts[i]);
}

static void before_a_flush_the_first_candidate_goes_first(void) {
    recorder r = {0};
    r.deferred = 1;
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *low = make_alert("low", 1, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *high = make_alert("high", 5, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *same = make_alert("same", 5, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *batch[] = {low, high, same};
    CHECK_OK(xyz_dispatch_add(home, batch, 3));
    CHECK_WHY(high, XYZ_WHY_DEFERRED, NULL, NULL, NULL);
    CHECK_WHY(low, XYZ_WHY_LOWER_PRIORITY, high, NULL, NULL);
    CHECK_WHY(same, XYZ_WHY_LOWER_PRIORITY, high, NULL, NULL);
    check_sentence_has(low, "'high' shows first (priority 5, above 1)");
    check_sentence_has(same, "'high' shows first (priority 5, added earlier)");
    check_sentence_has(high, "will show at the next pass (a flush is requested)");
    CHECK_OK(xyz_dispatch_flush(home));
    CHECK_WHY(high, XYZ_WHY_SHOWING, NULL, NULL, NULL);
    CHECK_WHY(low, XYZ_WHY_BEHIND, high, NULL, NULL);
    CHECK_OK(xyz_dispatch_destroy(home));
    xyz_alert_release(low);
    xyz_alert_release(high);
    xyz_alert_release(same);
}

static void names_and_the_versioned_struct(void) {
    static const char *const names[] = {"idle", "showing", "hidden_page", "hidden_covered", "not_ready",
                                        "show_after", "dependency", "id_dependency", "page_not_visible",
                                        "not_active_child", "suspended", "behind", "lower_priority", "deferred",
                                        "lane_gap", "capped", "cooling_down", "min_visible", "finished", "held",
                                        "trigger_delay", "outside_window"};
    for (int i = 0; i <= XYZ_WHY_OUTSIDE_WINDOW; i++) {
        CHECK_STR(xyz_why_code_name((xyz_why_code)i), names[i]);
    }
    CHECK_STR(xyz_why_code_name((xyz_why_code)(XYZ_WHY_OUTSIDE_WINDOW + 1)), "unknown");

    xyz_alert *a = xyz_alert_create("a");
    xyz_why small = XYZ_WHY_INIT;
    small.size = 4;
    small.code = XYZ_WHY_BEHIND;
    CHECK_STATUS(xyz_alert_why(a, &small), XYZ_EINVAL);
    CHECK(small.code == XYZ_WHY_BEHIND && small.size == 4);
    CHECK(strstr(xyz_last_error(), "XYZ_WHY_INIT") != NULL);
    struct { xyz_why why; unsigned char later[8]; } large;
    memset(&large, 0xAB, sizeof large);
    large.why.size = (uint32_t)sizeof large;
    CHECK_OK(xyz_alert_why(a, &large.why));
    CHECK(large.why.size == sizeof large && large.why.code == XYZ_WHY_IDLE && large.why.alert == NULL);
    CHECK(large.later[0] == 0xAB && large.later[7] == 0xAB);
    xyz_why why = XYZ_WHY_INIT;
    CHECK_STATUS(xyz_alert_why(NULL, &why), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_why(a, NULL), XYZ_EINVAL);
    xyz_alert_release(a);
}

const test_case why_tests[] = {
    {"every_state_has_its_code", every_state_has_its_code},
    {"queued_alerts_name_what_holds_them", queued_alerts_name_what_holds_them},
    {"before_a_flush_the_first_candidate_goes_first", before_a_flush_the_first_candidate_goes_first},
    {"names_and_the_versioned_struct", names_and_the_versioned_struct},
    {NULL, NULL},
};
