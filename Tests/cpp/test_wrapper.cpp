// The C++ wrapper (include/xyzalert.hpp): what it adds to the C API. RAII
// balance, copies and moves, errors, and a few scheduling traces through it
// (callbacks: test_callbacks.cpp). Built as C++17 and C++20,
// run under valgrind (make cpp-test) and with ASan/UBSan (make sanitize).
// Ends with "N passed, N failed".
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness.hpp"

int check_failed = 0;

namespace {

// ---- RAII, copies and moves

void every_handle_is_released_exactly_once() {
    freed = 0;
    {
        recorder r;
        xyz::dispatch home = visible_page(r, "home");
        xyz::alert a = counted("a");
        xyz::alert b = counted("b");
        home.add({a, b});
        a.dismiss();
        CHECK(freed == 0); // our wrappers still hold them
    }
    CHECK(freed == 2);
    freed = 0;
    try {
        recorder r;
        xyz::dispatch home = visible_page(r, "home");
        xyz::alert a = counted("a");
        home.add(a);
        throw std::runtime_error("midway"); // unwinds: wrappers release, the page is destroyed
    } catch (const std::runtime_error &) {
    }
    CHECK(freed == 1);
}

void copies_share_and_moves_transfer() {
    freed = 0;
    {
        xyz::alert a = counted("a");
        xyz::alert copy = a;
        CHECK(copy == a && copy.get() == a.get());
        xyz::alert moved = std::move(copy);
        CHECK(copy.get() == nullptr && moved == a);
        CHECK(!copy.id() && copy.state() == xyz::state::finished); // a moved-from alert is empty, not a crash
        a = xyz::alert("other");
        CHECK(freed == 0); // `moved` still holds the first
        moved = a;
        CHECK(freed == 1);
    }
    CHECK(freed == 1); // "other" had no counter
    recorder r;
    xyz::dispatch first = visible_page(r, "first");
    xyz_dispatch *raw = first.get();
    xyz::dispatch second = std::move(first);
    CHECK(first.get() == nullptr && second.get() == raw);
    second.close();
    second.close(); // twice does nothing
    CHECK(second.get() == nullptr);
}

void a_dispatch_destroys_its_page_on_scope_exit() {
    recorder r;
    {
        xyz::dispatch home = visible_page(r, "home");
        home.add(xyz::alert("a"));
        home.add(xyz::alert("b"));
    }
    CHECK(r.take() == "show a page\nremove a destroyed\nfinish a destroyed\nfinish b destroyed\n");
}

// ---- errors

void every_failure_throws_its_status() {
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    home.add(xyz::alert("a"));
    xyz::error e = EXPECT_THROW(xyz::error, home.add(xyz::alert("a")));
    CHECK(e.code() == xyz::status::duplicate);
    CHECK(std::string(e.what()) == "cannot add alert 'a': a live alert with that id is already in the domain of page 'home'");
    CHECK(EXPECT_THROW(xyz::error, xyz::alert("idle").dismiss()).code() == xyz::status::state);
    xyz::alert x("x"), y("y");
    y.add_dependency(x);
    CHECK(EXPECT_THROW(xyz::error, x.add_dependency(y)).code() == xyz::status::cycle);
    xyz::dispatch stranger = visible_page(r, "stranger");
    CHECK(EXPECT_THROW(xyz::error, home.set_active_child(stranger)).code() == xyz::status::owner);
    CHECK(EXPECT_THROW(xyz::error, xyz::alert("m").set_meta("[1, 2]")).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, xyz::alert("bad\xff")).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, xyz::alert("bad\xff", 1, xyz::exclusive::cover)).code() == xyz::status::invalid);
    xyz::alert ranked("ranked", 7, xyz::exclusive::hide_others);
    CHECK(ranked.id() == "ranked" && ranked.priority() == 7 && ranked.exclusive() == xyz::exclusive::hide_others);
    xyz::alert shown = *home.find("a");
    CHECK(EXPECT_THROW(xyz::error, shown.set_priority(3)).code() == xyz::status::state); // not idle
    CHECK(EXPECT_THROW(xyz::error, shown.trigger_action(0)).code() == xyz::status::invalid);
    xyz::parse_error p = EXPECT_THROW(xyz::parse_error, xyz::catalog::load_string("{\"alerts\": [{\"id\": 5}]}"));
    CHECK(p.code() == xyz::status::schema && p.line() == 1 && p.column() == 20 && p.pointer() == "/alerts/0/id");
    CHECK(p.source() == "<string>" && p.position() == 19);
    static_assert(std::is_same_v<xyz::alert_set, xyz::catalog>, "the docs' name is the same type");
    CHECK(xyz::alert_set::load_string("{\"alerts\": [{\"id\": \"a\"}]}").size() == 1);
    xyz::parse_error io = EXPECT_THROW(xyz::parse_error, xyz::catalog::load_file("Tests/data/no-such-file.json"));
    CHECK(io.code() == xyz::status::io && io.line() == 0);
    xyz::catalog c = xyz::catalog::load_file("examples/alerts.json");
    CHECK(EXPECT_THROW(xyz::error, c.create_alert("nope")).code() == xyz::status::not_found);
    r.take();
}

// ---- a few traces through the wrapper

void hide_others_dependencies_and_pages() {
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    xyz::alert login("login"), promo("promo"), update("update");
    login.set_priority(50);
    promo.set_priority(10).add_dependency("login");
    update.set_priority(90).set_exclusive(xyz::exclusive::hide_others).set_waiting();
    home.add({login, promo, update});
    update.set_ready();
    home.page_will_disappear();
    home.page_did_appear();
    update.dismiss();
    login.dismiss();
    CHECK(r.take() ==
          "show login page\nhide login covered\nshow update page\nhide update page\nunhide update\n"
          "finish update dismissed\nunhide login\nfinish login dismissed\nshow promo page\n");
    CHECK(promo.explain() == "'promo' is showing on page 'home' (target 'page')");
}

void catalogs_make_alerts() {
    xyz::catalog c = xyz::catalog::load_file("examples/alerts.json");
    CHECK(c.size() == 3 && (c.ids() == std::vector<std::string>{"login", "promo", "rating"}));
    CHECK(c.contains("promo") && !c.contains("nope"));
    xyz::alert promo = c.create_alert("promo");
    CHECK(promo.priority() == 10 && promo.exclusive() == xyz::exclusive::cover);
    CHECK(promo.title() == std::optional<std::string>("Summer sale") && promo.target() == "window");
    std::vector<xyz::action> actions = promo.actions();
    CHECK(actions.size() == 2 && actions[1].id == "close" && actions[1].style == xyz::action_style::cancel);
    CHECK(promo.meta() == std::optional<std::string>("{\"image\":\"sale.png\"}"));
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    home.add(c);
    CHECK(r.take() == "show login page\n");
    xyz::catalog moved = std::move(c);
    CHECK(c.get() == nullptr && moved.size() == 3);
}

void enums_have_their_names() {
    CHECK(xyz::to_string(xyz::state::showing) == "showing");
    CHECK(xyz::to_string(xyz::exclusive::hide_others) == "hide_others");
    CHECK(xyz::to_string(xyz::hide_reason::covered) == "covered");
    CHECK(xyz::to_string(xyz::end_reason::destroyed) == "destroyed");
    CHECK(xyz::to_string(xyz::action_style::default_) == "default");
    CHECK(xyz::to_string(xyz::status::not_found) == "not_found" && xyz::to_string(xyz::status::ok) == "ok");
    CHECK(xyz::to_string(static_cast<xyz::state>(42)) == "unknown");
}


// ---- time

// A host on a virtual clock that keeps the timer it was asked for.
struct clocked : recorder {
    double clock = 0;
    std::vector<double> timers;
    double now() override { return clock; }
    void set_timer(xyz::dispatch_ref, double delay) override { timers.push_back(delay); }
};

struct clock_throws : xyz::host {
    double now() override { throw std::runtime_error("no clock"); }
};

void durations_ttl_and_ticks_through_the_wrapper() {
    clocked c;
    xyz::dispatch home(c);
    home.set_name("home");
    home.page_did_appear();
    xyz::alert t("t");
    t.set_exclusive(xyz::exclusive::cover).set_priority(1).set_duration(3);
    xyz::alert q("q");
    q.set_ttl(2);
    home.add({t, q});
    CHECK(t.duration() == 3 && q.ttl() == 2 && c.timers == std::vector<double>{2});
    CHECK(home.next_deadline() == std::optional<double>(2));
    c.clock = 2;
    home.tick();
    c.clock = 3;
    home.tick();
    CHECK(c.take() == "show t page\nfinish q expired\nremove t timeout\nfinish t timeout\n");
    CHECK(!home.next_deadline().has_value());
    CHECK(xyz::to_string(xyz::end_reason::timeout) == "timeout" && xyz::to_string(xyz::end_reason::expired) == "expired");
    CHECK(EXPECT_THROW(xyz::error, xyz::alert("x").set_duration(-1)).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, t.set_ttl(1)).code() == xyz::status::state);
    // A clock that throws: the exception comes out of the call that read it.
    clock_throws broken;
    xyz::dispatch other(broken);
    other.page_did_appear();
    xyz::alert timed("timed");
    timed.set_duration(1);
    CHECK(std::string(EXPECT_THROW(std::runtime_error, other.add(timed)).what()) == "no clock");
    CHECK(timed.state() == xyz::state::showing);
    // Not overriding the clock installs none: the system's is used.
    recorder plain;
    xyz::dispatch system = visible_page(plain, "system");
    xyz::alert long_toast("long");
    long_toast.set_duration(60);
    system.add(long_toast);
    CHECK(system.next_deadline().value_or(0) > 59);
}

struct redraws : recorder {
    void update(xyz::alert &a) override { note("update " + id(a) + " " + a.title().value_or("-"), a); }
};

void updates_reach_an_overriding_host() {
    redraws r;
    xyz::dispatch home(r); // created from the static type that overrides update
    home.page_did_appear();
    xyz::alert a("a");
    home.add(a);
    a.set_title("2 new messages");
    CHECK(r.take() == "show a page\nupdate a 2 new messages\n");
}

// A host that normalises the title in its update callback: the change is
// delivered once more after the callback returns, never inside it, and a
// title equal to the alert's delivers nothing (no recursion).
struct normalising : xyz::host {
    std::vector<std::string> seen;
    void update(xyz::alert &a) override {
        seen.push_back(a.title().value_or("-"));
        if (seen.size() < 100) a.set_title("normalised");
    }
};

void a_host_normalising_content_in_update_does_not_recurse() {
    normalising n;
    xyz::dispatch home(n);
    home.page_did_appear();
    xyz::alert a("a");
    home.add(a);
    a.set_title("Hello");
    CHECK(n.seen == (std::vector<std::string>{"Hello", "normalised"}));
    a.set_title("normalised");
    CHECK(n.seen.size() == 2);
}

void tags_and_cancel_tagged_through_the_wrapper() {
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    xyz::alert a("a"), b("b"), c("c");
    a.add_tag("promo").add_tag("x");
    b.add_tag("promo");
    home.add({a, b, c});
    CHECK(a.tags() == (std::vector<std::string>{"promo", "x"}) && a.has_tag("x") && !c.has_tag("promo"));
    r.take();
    CHECK(home.cancel_tagged("promo") == 2);
    CHECK(r.take() == "remove a cancelled\nfinish a cancelled\nfinish b cancelled\nshow c page\n");
    CHECK(home.cancel_all() == 1);
    CHECK(r.take() == "remove c cancelled\nfinish c cancelled\n");
    home.suspend();
    CHECK(home.is_suspended());
    home.add(xyz::alert("held"));
    CHECK(r.take() == "");
    home.resume();
    CHECK(r.take() == "show held page\n" && !home.is_suspended());
    CHECK(EXPECT_THROW(xyz::error, home.resume()).code() == xyz::status::state);
    xyz::alert dup("held");
    dup.set_on_duplicate(xyz::on_duplicate::ignore);
    home.add(dup);
    CHECK(dup.state() == xyz::state::finished && dup.on_duplicate() == xyz::on_duplicate::ignore);
    CHECK(r.take() == "finish held duplicate\n" && xyz::to_string(xyz::on_duplicate::replace) == "replace");
    xyz::alert toast("toast");
    toast.set_lane("toast");
    home.add(toast);
    CHECK(toast.lane() == "toast" && r.take() == "show toast page\n");
    CHECK(EXPECT_THROW(xyz::error, home.cancel_tagged("")).code() == xyz::status::invalid);
}

void recording_through_the_wrapper() {
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    CHECK(EXPECT_THROW(xyz::error, home.recording_json()).code() == xyz::status::state);
    home.start_recording();
    home.add(xyz::alert("a"));
    home.stop_recording();
    home.add(xyz::alert("b"));
    const std::string json = home.recording_json();
    CHECK(json.find("{\"add\": \"a\"}") != std::string::npos && json.find("\"b\"") == std::string::npos);
    CHECK(EXPECT_THROW(xyz::error, home.start_recording()).code() == xyz::status::state); /* live alerts */
}

const test_case tests[] = {
    {"every_handle_is_released_exactly_once", every_handle_is_released_exactly_once},
    {"copies_share_and_moves_transfer", copies_share_and_moves_transfer},
    {"a_dispatch_destroys_its_page_on_scope_exit", a_dispatch_destroys_its_page_on_scope_exit},
    {"every_failure_throws_its_status", every_failure_throws_its_status},
    {"hide_others_dependencies_and_pages", hide_others_dependencies_and_pages},
    {"catalogs_make_alerts", catalogs_make_alerts},
    {"enums_have_their_names", enums_have_their_names},
    {"durations_ttl_and_ticks_through_the_wrapper", durations_ttl_and_ticks_through_the_wrapper},
    {"tags_and_cancel_tagged_through_the_wrapper", tags_and_cancel_tagged_through_the_wrapper},
    {"updates_reach_an_overriding_host", updates_reach_an_overriding_host},
    {"a_host_normalising_content_in_update_does_not_recurse", a_host_normalising_content_in_update_does_not_recurse},
    {"recording_through_the_wrapper", recording_through_the_wrapper},
};

}  // namespace

extern const std::vector<test_case> callback_tests; // test_callbacks.cpp
extern const std::vector<test_case> why_tests; // test_why.cpp
extern const std::vector<test_case> history_tests; // test_history.cpp
extern const std::vector<test_case> timing_tests; // test_timing.cpp
extern const std::vector<test_case> stack_tests;  // test_stacks.cpp
extern const std::vector<test_case> edge_tests;   // test_edges.cpp
extern const std::vector<test_case> campaign_tests; // test_campaigns.cpp
extern const std::vector<test_case> calendar_tests; // test_calendars.cpp

int main() {
    int passed = 0, failed = 0;
    std::vector<test_case> all(std::begin(tests), std::end(tests));
    all.insert(all.end(), callback_tests.begin(), callback_tests.end());
    all.insert(all.end(), why_tests.begin(), why_tests.end());
    all.insert(all.end(), history_tests.begin(), history_tests.end());
    all.insert(all.end(), timing_tests.begin(), timing_tests.end());
    all.insert(all.end(), stack_tests.begin(), stack_tests.end());
    all.insert(all.end(), edge_tests.begin(), edge_tests.end());
    all.insert(all.end(), campaign_tests.begin(), campaign_tests.end());
    all.insert(all.end(), calendar_tests.begin(), calendar_tests.end());
    for (const test_case &t : all) {
        check_failed = 0;
        try {
            t.run();
        } catch (const std::exception &e) {
            std::fprintf(stderr, "%s: unexpected exception: %s\n", t.name, e.what());
            check_failed = 1;
        }
        if (check_failed) {
            std::fprintf(stderr, "FAIL %s\n", t.name);
            failed++;
        } else {
            std::printf("ok   %s\n", t.name);
            passed++;
        }
    }
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
