// Timing for people (docs/rules.md §17) through the C++ wrapper: holds, the
// duration scale, show_after, min_visible, lane gaps and announcements.
#include <cmath>

#include "harness.hpp"

namespace {

struct clocked : recorder {
    double clock = 0;
    std::vector<std::string> said;
    double now() override { return clock; }
    void announce(xyz::alert &a, xyz::politeness p, std::string_view text) override {
        said.push_back(id(a) + " " + std::string(xyz::to_string(p)) + " " + std::string(text));
    }
};

void holds_scale_and_announcements() {
    clocked r;
    xyz::dispatch home(r);
    home.page_did_appear();
    xyz::alert t("t");
    t.set_duration(2).set_announce(xyz::politeness::assertive);
    CHECK(xyz_alert_set_title(t.get(), "Saved") == XYZ_OK);
    home.add({t});
    CHECK(r.said == std::vector<std::string>{"t assertive Saved"});
    t.hold();
    r.clock = 10;
    home.tick();
    CHECK(t.state() == xyz::state::showing);
    t.unhold();
    EXPECT_THROW(xyz::error, t.unhold());
    home.set_duration_scale(INFINITY);
    r.clock = 100;
    home.tick();
    CHECK(t.state() == xyz::state::showing && std::isinf(home.duration_scale()));
    home.set_duration_scale(1);
    home.hold_timers();
    home.unhold_timers();
    r.clock = 102;
    home.tick();
    CHECK(t.state() == xyz::state::finished);
    home.set_gap("toast", 1.5);
    CHECK(home.gap("toast") == 1.5 && home.gap("main") == 0);
}

void show_after_and_min_visible() {
    clocked r;
    xyz::dispatch home(r);
    home.page_did_appear();
    xyz::alert spin("spin");
    spin.set_show_after(0.5).set_min_visible(1);
    CHECK(spin.show_after() == 0.5 && spin.min_visible() == 1);
    home.add({spin});
    CHECK(spin.why().code == xyz::why_code::show_after);
    r.clock = 0.5;
    home.tick();
    CHECK(spin.state() == xyz::state::showing);
    spin.dismiss();
    CHECK(spin.why().code == xyz::why_code::min_visible && spin.state() == xyz::state::showing);
    r.clock = 1.5;
    home.tick();
    CHECK(spin.state() == xyz::state::finished);
    CHECK(r.log.back() == "finish spin dismissed");
}

}  // namespace

extern const std::vector<test_case> timing_tests;
const std::vector<test_case> timing_tests = {
    {"holds_scale_and_announcements", holds_scale_and_announcements},
    {"show_after_and_min_visible", show_after_and_min_visible},
};
