// xyz::history and alert caps (docs/rules.md §16) through the C++ wrapper:
// the clock as a std::function kept as long as the engine needs it, caps on
// alerts and keys, sessions, reasons, and located errors from bad files.
#include "harness.hpp"

#include <cstdio>
#include <unistd.h>

namespace {

void caps_hold_alerts_and_sessions_free_them() {
    double wall = 1000;
    recorder r;
    xyz::history h([&wall] { return wall; });
    {
        xyz::dispatch home = visible_page(r, "home");
        home.set_history(h);
        CHECK(home.history() && home.history()->get() == h.get());
        h.set_limit("tag:promo", xyz::limit::per_session(1));
        xyz::alert sale("sale");
        sale.add_tag("promo");
        xyz::alert later("later");
        later.add_tag("promo").set_on_capped(xyz::on_capped::wait);
        home.add({sale});
        sale.dismiss();
        home.add({later});
        xyz::why w = later.why();
        CHECK(w.code == xyz::why_code::capped && w.key == std::optional<std::string>("tag:promo"));
        CHECK(w.rule == std::optional<std::string>("1 of 1 displays this session") && !w.until);
        h.begin_session();
        CHECK(r.log.back() == "show later page");
        CHECK(h.session() == 1);  // a new history's first session is 1

        xyz::alert rate("rate");
        rate.add_limit(xyz::limit::lifetime(1)).add_limit(xyz::limit::in_window(2, 3600)).set_cooldown(60);
        CHECK(rate.limits().size() == 2 && rate.limits()[1] == xyz::limit::in_window(2, 3600));
        CHECK(rate.cooldown() == 60 && rate.on_capped() == xyz::on_capped::drop);
        EXPECT_THROW(xyz::error, rate.add_limit(xyz::limit::per_session(0)));
        wall = 2000;
        CHECK(h.json() == "{\"version\": 1, \"session\": 1, \"keys\": {\"tag:promo\": {\"session\": 1}}}");
    }
    // The dispatch is gone, the history stays usable; a copy shares it.
    xyz::history copy = h;
    CHECK(copy.get() == h.get());
}

void a_bad_history_throws_a_located_parse_error_and_changes_nothing() {
    xyz::history h([] { return 5.0; });
    h.load_string("{\"version\": 1, \"session\": 3}");
    std::string before = h.json();
    xyz::parse_error e = EXPECT_THROW(xyz::parse_error, h.load_string("{\"version\": 7}"));
    CHECK(e.line() == 1 && e.column() == 13 && e.pointer() == "/version" && e.code() == xyz::status::schema);
    CHECK(h.json() == before);
    EXPECT_THROW(xyz::parse_error, h.load_file("/nonexistent/history.json"));
    EXPECT_THROW(xyz::error, h.set_limit("when:now", xyz::limit::per_session(1)));
}

// The clock's exception is rethrown from the call that read it (it was
// swallowed), and the engine went on with the last good reading.
void a_throwing_clock_is_rethrown_from_the_call_that_read_it() {
    bool fail = false;
    double wall = 50;
    xyz::history h([&]() -> double {
        if (fail) throw std::runtime_error("no clock");
        return wall;
    });
    h.set_cooldown("all", 10);
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    home.set_history(h);
    xyz::alert a("a");
    home.add({a});
    xyz::alert waits("waits");
    waits.set_on_capped(xyz::on_capped::wait);
    home.add({waits});
    fail = true;
    wall = 100;  // (unread: the clock throws)
    // The pass after the dismiss reads 50, the last good reading: `waits`
    // is cooling down, so it stays queued.
    CHECK(std::string(EXPECT_THROW(std::runtime_error, a.dismiss()).what()) == "no clock");
    CHECK(waits.state() == xyz::state::ready);
    CHECK(waits.why().code == xyz::why_code::cooling_down);  // (reads no clock: kept from the pass)
    xyz::alert other("other");
    other.set_on_capped(xyz::on_capped::wait);
    EXPECT_THROW(std::runtime_error, home.add({other}));
    EXPECT_THROW(std::runtime_error, h.json());
    EXPECT_THROW(std::runtime_error, h.begin_session());
    fail = false;
    wall = 55;  // (the display at 50 still counts for the cool-down)
    CHECK(h.json() == "{\"version\": 1, \"session\": 1, \"keys\": {\"all\": {\"displays\": [50.0]}}}");
}

// An announce callback that throws: rethrown from the call that showed the alert.
struct throwing_announcer : recorder {
    void announce(xyz::alert &, xyz::politeness, std::string_view) override { throw std::runtime_error("announce"); }
};

void an_exception_from_announce_is_rethrown() {
    throwing_announcer r;
    xyz::dispatch home = visible_page(r, "home");
    xyz::alert a("a");
    a.set_title("Hello");
    CHECK(std::string(EXPECT_THROW(std::runtime_error, home.add({a})).what()) == "announce");
    CHECK(a.state() == xyz::state::showing);
    CHECK(std::string(EXPECT_THROW(std::runtime_error, a.set_title("Again")).what()) == "announce");
}

// save_file writes the history atomically and throws a located error
// (status::io, the file and the reason) when it cannot.
void a_history_saves_to_a_file() {
    xyz::history h([] { return 5.0; });
    h.begin_session();
    std::string path = "/tmp/xyz-cpp-history-" + std::to_string(::getpid()) + ".json";
    h.save_file(path);
    xyz::history loaded([] { return 5.0; });
    loaded.load_file(path);
    CHECK(loaded.session() == 1);
    loaded.begin_session();  // the first after a load moves on
    CHECK(loaded.session() == 2);
    // A missing file: an error, or with missing_ok a new history.
    std::string missing = path + ".missing";
    xyz::parse_error gone = EXPECT_THROW(xyz::parse_error, loaded.load_file(missing));
    CHECK(gone.code() == xyz::status::io && loaded.session() == 2);
    loaded.load_file(missing, true);
    CHECK(loaded.session() == 1 && loaded.json() == "{\"version\": 1, \"session\": 1, \"keys\": {}}");
    loaded.begin_session();
    CHECK(loaded.session() == 1);
    xyz::parse_error e = EXPECT_THROW(xyz::parse_error, h.save_file("/nonexistent/dir/history.json"));
    CHECK(e.code() == xyz::status::io && std::string(e.what()).find("No such file or directory") != std::string::npos);
    CHECK(std::remove(path.c_str()) == 0);
}

// Exceptions from the callbacks of cancel_queued and load_string are rethrown
// from those calls (the calls took effect).
struct throwing_host : recorder {
    const char *fail_on = "";
    void finish(xyz::alert &a, xyz::end_reason r) override {
        recorder::finish(a, r);
        if (std::string(fail_on) == "finish") throw std::runtime_error("finish");
    }
    void show(xyz::alert &a, std::string_view t, void *v) override {
        recorder::show(a, t, v);
        if (std::string(fail_on) == "show") throw std::runtime_error("show");
    }
};

void exceptions_from_callbacks_of_cancels_and_loads_are_rethrown() {
    throwing_host r;
    xyz::history h([] { return 100.0; });
    xyz::dispatch home = visible_page(r, "home");
    home.set_history(h);
    h.set_limit("id:b", xyz::limit::per_session(1));
    xyz::alert a("a"), q("q");
    home.add({a, q});
    r.fail_on = "finish";
    CHECK(std::string(EXPECT_THROW(std::runtime_error, home.cancel_queued()).what()) == "finish");
    CHECK(q.state() == xyz::state::finished);
    r.fail_on = "";
    a.dismiss();
    xyz::alert b("b");
    home.add({b});
    b.dismiss();
    xyz::alert again("b");
    again.set_on_capped(xyz::on_capped::wait);
    home.add({again});
    CHECK(again.state() == xyz::state::ready);
    r.fail_on = "show";  // a load that frees the cap shows it
    CHECK(std::string(EXPECT_THROW(std::runtime_error, h.load_string("{\"version\": 1, \"session\": 5}")).what()) == "show");
    CHECK(again.state() == xyz::state::showing);
    r.fail_on = "";
}

// Seconds with a unit, through the library's one parser.
void seconds_with_a_unit_parse_as_the_files_read_them() {
    CHECK(xyz::parse_seconds("90s") == 90 && xyz::parse_seconds("1.5h") == 5400 && xyz::parse_seconds("90d") == 7776000);
    xyz::error e = EXPECT_THROW(xyz::error, xyz::parse_seconds("1e3s"));
    CHECK(e.code() == xyz::status::invalid && std::string(e.what()).find("digits, an optional fraction") != std::string::npos);
    EXPECT_THROW(xyz::error, xyz::parse_seconds("-0s"));
}

// Rules: results as JSON text, load errors as located parse_errors.
void rules_evaluate_and_report_located_errors() {
    CHECK(xyz::eval_rule(R"({"+": ["1", 1]})") == "2");
    CHECK(xyz::eval_rule(R"({"in": [{"var": "plan"}, ["free", "trial"]]})", R"({"plan": "trial"})") == "true");
    CHECK(xyz::eval_rule(R"({"sem_ver": [{"var": "v"}, "^", "2"]})", std::string(R"({"v": "2.9.1"})")) == "true");
    CHECK(xyz::eval_rule(R"({"*": []})") == "null");
    xyz::parse_error e = EXPECT_THROW(xyz::parse_error, xyz::eval_rule("{\"and\": [\n {\"strats_with\": [1, 2]}]}"));
    CHECK(e.code() == xyz::status::schema && e.source() == "<rule>" && e.pointer() == "/and/0" && e.line() == 2 &&
          e.column() == 2);
    CHECK(std::string(e.what()).find("did you mean 'starts_with'?") != std::string::npos);
    e = EXPECT_THROW(xyz::parse_error, xyz::eval_rule("1", "{"));
    CHECK(e.code() == xyz::status::parse && e.source() == "<data>");
    xyz::error nul = EXPECT_THROW(xyz::error, xyz::eval_rule(std::string("1\0", 2)));
    CHECK(nul.code() == xyz::status::invalid);
}

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
// The 0.3 name, kept (deprecated) for one minor version at least.
void the_0_3_name_load_json_still_works() {
    xyz::history h;
    h.load_json("{\"version\": 1, \"session\": 6}");
    CHECK(h.session() == 6);
    EXPECT_THROW(xyz::parse_error, h.load_json("{"));
    CHECK(h.session() == 6);
}
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace

extern const std::vector<test_case> history_tests;
const std::vector<test_case> history_tests = {
    {"caps_hold_alerts_and_sessions_free_them", caps_hold_alerts_and_sessions_free_them},
    {"a_bad_history_throws_a_located_parse_error_and_changes_nothing",
     a_bad_history_throws_a_located_parse_error_and_changes_nothing},
    {"a_throwing_clock_is_rethrown_from_the_call_that_read_it", a_throwing_clock_is_rethrown_from_the_call_that_read_it},
    {"an_exception_from_announce_is_rethrown", an_exception_from_announce_is_rethrown},
    {"a_history_saves_to_a_file", a_history_saves_to_a_file},
    {"seconds_with_a_unit_parse_as_the_files_read_them", seconds_with_a_unit_parse_as_the_files_read_them},
    {"exceptions_from_callbacks_of_cancels_and_loads_are_rethrown", exceptions_from_callbacks_of_cancels_and_loads_are_rethrown},
    {"the_0_3_name_load_json_still_works", the_0_3_name_load_json_still_works},
    {"rules_evaluate_and_report_located_errors", rules_evaluate_and_report_located_errors},
};
