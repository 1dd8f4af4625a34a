// Campaigns (docs/rules.md §21) through the C++ wrapper: a catalog's
// campaigns attached, events tracked, attributes set, the host's campaign
// callback, an instance's campaign, and bad JSON that changes nothing.
#include "harness.hpp"

namespace {

const char *const rating_set = R"({
  "alerts": [{"id": "rate", "title": "Enjoying it?"}],
  "campaigns": [{"id": "rate-after-two", "alert": "rate", "trigger": {"event": "done", "count": 2},
                 "audience": {"!": {"var": "rated"}}, "delay": 5, "cancel_on": {"event": "started"}}]
})";

struct campaign_recorder : recorder {
    void campaign(xyz::dispatch_ref, std::string_view id, xyz::campaign_event kind,
                  std::optional<std::string_view> reason, xyz::alert *instance) override {
        std::string line = std::string(xyz::to_string(kind)) + " " + std::string(id);
        if (reason) line += " " + std::string(*reason);
        if (instance) line += " (" + instance->campaign().value_or("?") + ")";
        log.push_back(line);
    }
    double clock = 0;
    double now() override { return clock; }
};

void a_catalogs_campaigns_trigger_delay_and_cancel() {
    campaign_recorder r;
    xyz::dispatch home = visible_page(r, "home");
    {
        xyz::catalog set = xyz::catalog::load_string(rating_set);
        home.set_campaigns(set);
    }  // the domain keeps what it needs
    home.track("done");
    home.track("done", R"({"tasks": 2})");
    CHECK(r.take() == "trigger rate-after-two (rate-after-two)\n");
    home.track("started");
    CHECK(r.take() == "finish rate cancelled\n");
    home.set_attribute("rated", "true");
    home.track("done");
    home.track("done");
    CHECK(r.take() == "skip rate-after-two audience\n");
    CHECK(home.attributes_json() == R"({"rated":true})");
    home.remove_attribute("rated");
    home.set_attributes(R"({"plan": "free", "app_version": "1.0"})");
    CHECK(home.attributes_json() == R"({"plan":"free","app_version":"1.0"})");
    home.track("done");
    home.track("done");
    r.clock = 5;
    home.tick();
    CHECK(r.take() == "trigger rate-after-two (rate-after-two)\nshow rate page\n");
    home.detach_campaigns();
    home.track("done");
    home.track("done");
    CHECK(r.take().empty());
}

void bad_json_is_an_error_and_changes_nothing() {
    campaign_recorder r;
    xyz::dispatch home = visible_page(r, "home");
    home.set_attribute("plan", "\"free\"");
    xyz::error e = EXPECT_THROW(xyz::error, home.track("done", "[1, 2]"));
    CHECK(e.code() == xyz::status::invalid);
    EXPECT_THROW(xyz::error, home.track("done", "{"));
    EXPECT_THROW(xyz::error, home.set_attribute("plan", "free"));
    EXPECT_THROW(xyz::error, home.set_attributes("[]"));
    EXPECT_THROW(xyz::error, home.track(""));
    CHECK(home.attributes_json() == R"({"plan":"free"})");
    xyz::parse_error missing = EXPECT_THROW(xyz::parse_error, xyz::catalog::load_string(
        R"({"alerts": [], "campaigns": [{"id": "c", "alert": "nope", "trigger": {"event": "e"}}]})"));
    CHECK(missing.pointer() == "/campaigns/0/alert");
    CHECK(xyz::to_string(xyz::end_reason::ineligible) == "ineligible");
    CHECK(xyz::to_string(xyz::why_code::trigger_delay) == "trigger_delay");
}

void campaign_why_and_explain_rule() {
    campaign_recorder r;
    xyz::dispatch home = visible_page(r, "home");
    {
        xyz::catalog set = xyz::catalog::load_string(rating_set);
        home.set_campaigns(set);
    }
    xyz::campaign_why why = home.campaign_why("rate-after-two");
    CHECK(why.code == xyz::campaign_why_code::untracked && !why.event && !why.trigger && !why.detail);
    home.track("done");
    why = home.campaign_why("rate-after-two");
    CHECK(why.code == xyz::campaign_why_code::count && why.event == "done" && why.trigger == 0);
    CHECK(why.detail == "the 1st matching event; it fires on every 2nd");
    CHECK(why.sentence == "'rate-after-two' did not fire at 'done': triggers/0 counted it, the 1st matching event; "
                          "it fires on every 2nd");
    CHECK(home.explain_campaign("rate-after-two") == why.sentence);
    home.set_reports_misses(true);
    CHECK(home.reports_misses());
    home.track("done");  // the 2nd: it fires
    home.track("done");
    CHECK(r.take() == "trigger rate-after-two (rate-after-two)\nmiss rate-after-two count\n");
    xyz::error missing = EXPECT_THROW(xyz::error, (void)home.campaign_why("nope"));
    CHECK(missing.code() == xyz::status::not_found);
    CHECK(EXPECT_THROW(xyz::error, (void)home.explain_campaign("nope")).code() == xyz::status::not_found);
    CHECK(xyz::to_string(xyz::campaign_why_code::no_user) == "no_user");
    xyz::rule_explanation explained = xyz::explain_rule(R"({"<": [{"var": "a"}, 1]})", R"({"a": 2})");
    CHECK(explained.result == "false" && explained.failing == "<(a = 2, 1) is false");
    explained = xyz::explain_rule("true");
    CHECK(explained.result == "true" && !explained.failing);
    EXPECT_THROW(xyz::parse_error, (void)xyz::explain_rule(R"({"nope": 1})"));
    // docs/rules.md §16, "Diagnostics": a cap without a history is noted.
    CHECK(home.diagnostics().empty());
    xyz::alert capped("capped");
    capped.add_limit(xyz::limit::per_session(1));
    home.add({capped});
    CHECK(home.diagnostics() == std::vector<xyz::diagnostic>{xyz::diagnostic::caps_without_history});
}

}  // namespace

extern const std::vector<test_case> campaign_tests;
const std::vector<test_case> campaign_tests = {
    {"a_catalogs_campaigns_trigger_delay_and_cancel", a_catalogs_campaigns_trigger_delay_and_cancel},
    {"bad_json_is_an_error_and_changes_nothing", bad_json_is_an_error_and_changes_nothing},
    {"campaign_why_and_explain_rule", campaign_why_and_explain_rule},
};
