// Windows, excludes and calendar caps (docs/rules.md §22) through the C++
// wrapper: the window setters and getters, a bad window that throws and
// changes nothing, a host's utc_offset, on_outside drop, and a per-day limit.
#include "harness.hpp"

namespace {

// 2026-12-07 (a Monday) 07:30 UTC plus the virtual clock.
constexpr double monday_0730 = 1796628600;

struct local_recorder : recorder {
    double clock = 0;
    double offset = 3600;  // 08:30 local
    double now() override { return clock; }
    double utc_offset(double) override { return offset; }
};

xyz::history wall_history(local_recorder &r) {
    return xyz::history([&r] { return monday_0730 + r.clock; });
}

void windows_round_trip_and_a_bad_one_changes_nothing() {
    xyz::alert a("a");
    a.add_window({XYZ_TUESDAY | XYZ_THURSDAY, 180, 1440}).add_exclude({XYZ_EVERY_DAY, 1380, 60});
    const std::vector<xyz::window> windows = {{XYZ_TUESDAY | XYZ_THURSDAY, 180, 1440}};
    const std::vector<xyz::window> excludes = {{XYZ_EVERY_DAY, 1380, 60}};
    CHECK(a.windows() == windows);
    CHECK(a.windows(true) == excludes);
    bool threw = false;
    try {
        a.add_window({XYZ_MONDAY, 600, 600});
    } catch (const xyz::error &e) {
        threw = e.code() == xyz::status::invalid && std::string(e.what()).find("empty") != std::string::npos;
    }
    CHECK(threw);
    CHECK(a.windows().size() == 1);
    a.set_on_outside(xyz::on_outside::drop);
    CHECK(a.on_outside() == xyz::on_outside::drop && xyz::to_string(xyz::on_outside::drop) == "drop");
    a.clear_windows();
    CHECK(a.windows().empty() && a.windows(true).empty());
}

void the_hosts_offset_places_the_window_and_drop_ends_it() {
    local_recorder r;
    xyz::history history = wall_history(r);
    xyz::dispatch home = visible_page(r, "home");
    home.set_history(history);
    xyz::alert waiting("waiting");
    waiting.add_window({XYZ_EVERY_DAY, 9 * 60, 10 * 60});
    home.add(waiting);
    xyz::why why = waiting.why();
    CHECK(why.code == xyz::why_code::outside_window && why.until == 1800);
    xyz::alert dropped("dropped");
    dropped.set_lane("side").add_window({XYZ_EVERY_DAY, 9 * 60, 10 * 60}).set_on_outside(xyz::on_outside::drop);
    home.add(dropped);
    CHECK(r.take() == "finish dropped outside_window\n");
    r.clock = 1800;
    home.tick();
    CHECK(r.take() == "show waiting page\n");
    CHECK(xyz::to_string(xyz::end_reason::outside_window) == "outside_window");
}

void a_per_day_limit_reads_local_days() {
    local_recorder r;
    r.offset = -7 * 3600 - 1800;  // local midnight at 07:30 UTC
    xyz::history history = wall_history(r);
    xyz::dispatch home = visible_page(r, "home");
    home.set_history(history);
    xyz::alert first("tip");
    first.add_limit(xyz::limit::per_day(1));
    const std::vector<xyz::limit> daily = {xyz::limit::per_day(1)};
    CHECK(first.limits() == daily);
    home.add(first);
    first.dismiss();
    xyz::alert again("tip");
    again.add_limit(xyz::limit::per_day(1)).set_on_capped(xyz::on_capped::wait);
    home.add(again);
    CHECK(again.why().code == xyz::why_code::capped && again.why().until == 86400);
    CHECK(xyz::to_string(xyz::limit::period::week) == "week");
}

const char *const experiment_set = R"({
  "campaigns_version": "v2",
  "alerts": [{"id": "offer", "title": "20% off"}],
  "campaigns": [{"id": "discount", "alert": "offer", "trigger": {"event": "cart"},
                 "variants": [{"id": "offer", "weight": 1}, {"id": "holdout", "weight": 1, "control": true}]}]
})";

struct campaign_log : recorder {
    void campaign(xyz::dispatch_ref, std::string_view id, xyz::campaign_event kind,
                  std::optional<std::string_view>, xyz::alert *instance) override {
        log.push_back(std::string(xyz::to_string(kind)) + " " + std::string(id) + " " +
                      (instance ? instance->variant().value_or("-") : "-"));
    }
};

void variants_and_a_control_instance() {
    xyz::catalog set = xyz::catalog::load_string(experiment_set);
    CHECK(set.campaigns_version() == std::optional<std::string>("v2"));
    CHECK(set.campaign_ids() == std::vector<std::string>{"discount"});
    CHECK(set.variants(0) == (std::vector<std::string>{"offer", "holdout"}));
    std::string holdout_user;
    for (const char *user : {"ada", "grace", "linus", "margaret", "ken"}) {
        if (set.choose_variant("discount", user) == "holdout") {
            holdout_user = user;
            break;
        }
    }
    CHECK(!holdout_user.empty());
    bool threw = false;
    try {
        (void)set.choose_variant("nope", "u");
    } catch (const xyz::error &e) {
        threw = e.code() == xyz::status::not_found;
    }
    CHECK(threw);
    campaign_log r;
    xyz::dispatch home = visible_page(r, "home");
    home.set_campaigns(set);
    home.set_attribute("user_id", "\"" + holdout_user + "\"");
    home.track("cart");
    CHECK(r.take() == "trigger discount holdout\ncontrol discount holdout\nfinish offer control\n");
    CHECK(xyz::to_string(xyz::end_reason::withdrawn) == "withdrawn");
}

}  // namespace

extern const std::vector<test_case> calendar_tests;
const std::vector<test_case> calendar_tests = {
    {"windows_round_trip_and_a_bad_one_changes_nothing", windows_round_trip_and_a_bad_one_changes_nothing},
    {"the_hosts_offset_places_the_window_and_drop_ends_it", the_hosts_offset_places_the_window_and_drop_ends_it},
    {"a_per_day_limit_reads_local_days", a_per_day_limit_reads_local_days},
    {"variants_and_a_control_instance", variants_and_a_control_instance},
};
