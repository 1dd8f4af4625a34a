// The C++ wrapper's callbacks: a callback's exception rethrown once by the
// outermost call, a destructor dropping one, calls inside callbacks, only
// the overridden callbacks installed, callables and providers.
#include <stdexcept>
#include <string>
#include <vector>

#include "harness.hpp"

namespace {

// ---- callback exceptions

struct thrower : recorder {
    std::string on; // the event to throw from, the first time it comes
    int thrown = 0;
    void check(const std::string &event) {
        if (event == on && thrown == 0) {
            thrown++;
            throw std::runtime_error("from " + event);
        }
    }
    void show(xyz::alert &a, std::string_view t, void *v) override { recorder::show(a, t, v); check("show"); }
    void hide(xyz::alert &a, xyz::hide_reason r) override { recorder::hide(a, r); check("hide"); }
    void unhide(xyz::alert &a) override { recorder::unhide(a); check("unhide"); }
    void remove(xyz::alert &a, xyz::end_reason r) override { recorder::remove(a, r); check("remove"); }
    void finish(xyz::alert &a, xyz::end_reason r) override { recorder::finish(a, r); check("finish"); }
    void move(xyz::alert &a, double dy, double d) override { recorder::move(a, dy, d); check("move"); }
    void action(xyz::alert &a, std::size_t i) override { recorder::action(a, i); check("action"); }
};

void an_exception_from_every_callback_is_rethrown_once() {
    const char *events[] = {"show", "hide", "unhide", "remove", "finish", "move", "action"};
    for (const char *event : events) {
        thrower t;
        t.on = event;
        xyz::dispatch home = visible_page(t, "home");
        xyz::alert low("low"), top("top");
        top.set_priority(5).set_exclusive(xyz::exclusive::hide_others).add_action("ok", "OK");
        low.set_frame(xyz::rect{0, 500, 100, 100});
        int caught = 0;
        auto step = [&](auto &&body) {
            try {
                body();
            } catch (const std::runtime_error &e) {
                caught++;
                CHECK(std::string(e.what()) == std::string("from ") + event);
            }
        };
        step([&] { home.add(low); });                                       // show low
        step([&] { home.keyboard_changed(xyz::rect{0, 550, 100, 300}); }); // move low
        step([&] { home.add(top); });                                       // show top, hide low
        step([&] { top.trigger_action(0); });                               // action, remove, finish top, unhide low
        CHECK(t.thrown == 1 && caught == 1);
        // The engine finished its work: the next alert is scheduled normally.
        low.dismiss();
        xyz::alert next("next");
        home.add(next);
        CHECK(next.state() == xyz::state::showing);
    }
}

void only_the_first_exception_of_a_call_is_rethrown() {
    recorder r;
    int thrown = 0;
    r.react = [&](const std::string &line, xyz::alert &) {
        if (line.rfind("finish", 0) == 0) {
            thrown++;
            throw std::runtime_error("finish " + std::to_string(thrown));
        }
    };
    xyz::dispatch home = visible_page(r, "home");
    home.add({xyz::alert("a"), xyz::alert("b")});
    std::runtime_error e = EXPECT_THROW(std::runtime_error, home.close()); // two finishes throw
    CHECK(thrown == 2 && std::string(e.what()) == "finish 1");
}

void calls_inside_callbacks_throw_their_own_failures() {
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    bool caught_inside = false;
    r.react = [&](const std::string &line, xyz::alert &a) {
        if (line == "show a page") {
            try {
                a.set_priority(9); // showing: a state error, thrown here
            } catch (const xyz::error &e) {
                caught_inside = e.code() == xyz::status::state;
            }
            a.dismiss(); // re-entrant: takes effect at once
        }
    };
    home.add({xyz::alert("a"), xyz::alert("b")});
    CHECK(caught_inside);
    CHECK(r.take() == "show a page\nfinish a dismissed\nshow b page\n");
    // An uncaught failure inside a callback reaches the outer call, once.
    r.react = [&](const std::string &line, xyz::alert &a) {
        if (line == "show c page") a.trigger_action(7);
    };
    home.find("b")->dismiss();
    CHECK(EXPECT_THROW(xyz::error, home.add(xyz::alert("c"))).code() == xyz::status::invalid);
    CHECK(home.find("c")->state() == xyz::state::showing);
}

void a_destructor_drops_a_callback_exception() {
    recorder r;
    r.react = [](const std::string &line, xyz::alert &) {
        if (line.rfind("finish", 0) == 0) throw std::runtime_error("dropped");
    };
    {
        xyz::dispatch home = visible_page(r, "home");
        home.add(xyz::alert("a"));
    } // must not terminate
    xyz::alert next("n"); // nothing left pending
    recorder quiet;
    xyz::dispatch other = visible_page(quiet, "other");
    other.add(next);
    CHECK(next.state() == xyz::state::showing);
}

// ---- installed callbacks

struct shows_only : xyz::host {
    int shown = 0;
    void show(xyz::alert &, std::string_view, void *) override { shown++; }
};

struct defers : shows_only {
    int requested = 0;
    void request_flush(xyz::dispatch_ref) override { requested++; }
};

void only_overridden_callbacks_are_installed() {
    shows_only s;
    xyz::dispatch immediate(s);
    immediate.page_did_appear();
    immediate.add(xyz::alert("a"));
    CHECK(s.shown == 1); // no request_flush installed: immediate mode
    defers d;
    xyz::dispatch deferred(d);
    deferred.page_did_appear();
    deferred.add(xyz::alert("a"));
    CHECK(d.shown == 0 && d.requested == 1); // request_flush overridden (in a derived class): deferred
    deferred.flush();
    CHECK(d.shown == 1);
}

struct defers_and_throws : xyz::host {
    int requested = 0;
    void request_flush(xyz::dispatch_ref) override {
        requested++;
        throw std::runtime_error("no main loop");
    }
};

void an_exception_from_request_flush_is_rethrown_by_the_call() {
    defers_and_throws d;
    xyz::dispatch page(d);
    CHECK(std::string(EXPECT_THROW(std::runtime_error, page.page_did_appear()).what()) == "no main loop");
    page.flush();
    xyz::alert a("a");
    CHECK(std::string(EXPECT_THROW(std::runtime_error, page.add(a)).what()) == "no main loop");
    CHECK(a.state() == xyz::state::ready && d.requested == 2); // added: the flush is still to come
    page.flush();
    CHECK(a.state() == xyz::state::showing);
}

void callables_work_as_well() {
    std::vector<std::string> log;
    xyz::callbacks c;
    c.show = [&](xyz::alert &a, std::string_view target, void *) { log.push_back("show " + *a.id() + " " + std::string(target)); };
    c.finish = [&](xyz::alert &a, xyz::end_reason r) { log.push_back("finish " + *a.id() + " " + std::string(xyz::to_string(r))); };
    xyz::dispatch home(c);
    home.page_did_appear();
    xyz::alert a("a");
    home.add(a);
    a.cancel();
    CHECK((log == std::vector<std::string>{"show a page", "finish a cancelled"}));
}

void a_provider_chooses_the_active_child_and_its_exception_is_rethrown() {
    recorder r;
    xyz::dispatch tabs = visible_page(r, "tabs");
    xyz::dispatch one = visible_page(r, "one"), two = visible_page(r, "two");
    one.set_parent(tabs);
    two.set_parent(tabs);
    one.add(xyz::alert("in-one"));
    two.add(xyz::alert("in-two"));
    r.take();
    xyz::dispatch_ref chosen = two;
    tabs.set_active_child_provider([&](xyz::dispatch_ref) { return chosen; });
    CHECK(r.take() == "hide in-one page\nshow in-two page\n");
    auto failing = [](xyz::dispatch_ref) -> xyz::dispatch_ref { throw std::runtime_error("provider"); };
    // Setting it runs a pass, which asks it: the call takes effect, then rethrows.
    CHECK(std::string(EXPECT_THROW(std::runtime_error, tabs.set_active_child_provider(failing)).what()) == "provider");
    // Every call whose pass asks it rethrows, once, after taking effect.
    CHECK(std::string(EXPECT_THROW(std::runtime_error, one.add(xyz::alert("late"))).what()) == "provider");
    CHECK(one.find("late").has_value());
    tabs.set_active_child_provider(nullptr);
    tabs.flush();
    CHECK(one.find("in-one")->state() == xyz::state::showing && two.find("in-two")->state() == xyz::state::showing);
}

}  // namespace

extern const std::vector<test_case> callback_tests;
const std::vector<test_case> callback_tests = {
    {"an_exception_from_every_callback_is_rethrown_once", an_exception_from_every_callback_is_rethrown_once},
    {"only_the_first_exception_of_a_call_is_rethrown", only_the_first_exception_of_a_call_is_rethrown},
    {"calls_inside_callbacks_throw_their_own_failures", calls_inside_callbacks_throw_their_own_failures},
    {"a_destructor_drops_a_callback_exception", a_destructor_drops_a_callback_exception},
    {"only_overridden_callbacks_are_installed", only_overridden_callbacks_are_installed},
    {"an_exception_from_request_flush_is_rethrown_by_the_call", an_exception_from_request_flush_is_rethrown_by_the_call},
    {"callables_work_as_well", callables_work_as_well},
    {"a_provider_chooses_the_active_child_and_its_exception_is_rethrown",
     a_provider_chooses_the_active_child_and_its_exception_is_rethrown},
};
