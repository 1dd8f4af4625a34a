// xyz::history and alert caps (docs/rules.md §16) through the C++ wrapper:
// the clock as a std::function kept as long as the engine needs it, caps on
// alerts and keys, sessions, reasons, and located errors from bad files.
#include "harness.hpp"

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
        CHECK(h.session() == 2);

        xyz::alert rate("rate");
        rate.add_limit(xyz::limit::lifetime(1)).add_limit(xyz::limit::in_window(2, 3600)).set_cooldown(60);
        CHECK(rate.limits().size() == 2 && rate.limits()[1] == xyz::limit::in_window(2, 3600));
        CHECK(rate.cooldown() == 60 && rate.on_capped() == xyz::on_capped::drop);
        EXPECT_THROW(xyz::error, rate.add_limit(xyz::limit::per_session(0)));
        wall = 2000;
        CHECK(h.json() == "{\"version\": 1, \"session\": 2, \"keys\": {\"tag:promo\": {\"session\": 1}}}");
    }
    // The dispatch is gone, the history stays usable; a copy shares it.
    xyz::history copy = h;
    CHECK(copy.get() == h.get());
}

void a_bad_history_throws_a_located_parse_error_and_changes_nothing() {
    xyz::history h([] { return 5.0; });
    h.load_json("{\"version\": 1, \"session\": 3}");
    std::string before = h.json();
    xyz::parse_error e = EXPECT_THROW(xyz::parse_error, h.load_json("{\"version\": 7}"));
    CHECK(e.line() == 1 && e.column() == 13 && e.pointer() == "/version" && e.code() == xyz::status::schema);
    CHECK(h.json() == before);
    EXPECT_THROW(xyz::parse_error, h.load_file("/nonexistent/history.json"));
    EXPECT_THROW(xyz::error, h.set_limit("when:now", xyz::limit::per_session(1)));
}

void a_throwing_clock_is_taken_as_its_last_good_reading() {
    bool fail = false;
    xyz::history h([&fail]() -> double {
        if (fail) throw std::runtime_error("no clock");
        return 50;
    });
    h.set_cooldown("all", 10);
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    home.set_history(h);
    home.add({xyz::alert("a")});
    fail = true;
    CHECK(h.json() == "{\"version\": 1, \"session\": 1, \"keys\": {\"all\": {\"displays\": [50.0]}}}");
}

}  // namespace

extern const std::vector<test_case> history_tests;
const std::vector<test_case> history_tests = {
    {"caps_hold_alerts_and_sessions_free_them", caps_hold_alerts_and_sessions_free_them},
    {"a_bad_history_throws_a_located_parse_error_and_changes_nothing",
     a_bad_history_throws_a_located_parse_error_and_changes_nothing},
    {"a_throwing_clock_is_taken_as_its_last_good_reading", a_throwing_clock_is_taken_as_its_last_good_reading},
};
