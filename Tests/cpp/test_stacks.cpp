// Stacks, upserts and dialog-manager controls (docs/rules.md §19) through the
// C++ wrapper: lane limits, eviction, upserts, keep_open actions, the lifo
// order, displaced alerts and cancel_queued.
#include "harness.hpp"

namespace {

xyz::alert toast(const char *id) {
    xyz::alert a(id);
    a.set_lane("toast");
    return a;
}

void lane_limits_and_eviction() {
    recorder r;
    xyz::dispatch app = visible_page(r, "app");
    CHECK(app.lane_limit("toast") == std::make_pair(std::size_t{1}, xyz::on_full::queue));
    app.set_lane_limit("toast", 2);
    xyz::alert a = toast("a"), b = toast("b"), c = toast("c");
    app.add({a, b, c});
    CHECK(r.take() == "show a page\nshow b page\n");
    CHECK(c.why().code == xyz::why_code::behind);
    app.set_lane_limit("toast", 2, xyz::on_full::evict_oldest);
    CHECK(r.take() == "remove a evicted\nfinish a evicted\nshow c page\n");
    CHECK(app.lane_limit("toast").second == xyz::on_full::evict_oldest);
    EXPECT_THROW(xyz::error, app.set_lane_limit("toast", 0));
    CHECK(xyz::to_string(xyz::end_reason::displaced) == "displaced");
    CHECK(xyz::to_string(xyz::on_full::evict_oldest) == "evict_oldest" && xyz::to_string(xyz::order::lifo) == "lifo");
    CHECK(xyz::to_string(xyz::when_displaced::drop) == "drop" && xyz::to_string(static_cast<xyz::order>(7)) == "unknown");
    CHECK(xyz::to_string(xyz::limit::period::window) == "window");
}

void upsert_keep_open_lifo_displaced_and_cancel_queued() {
    recorder r;
    xyz::dispatch app = visible_page(r, "app");
    xyz::alert inbox("inbox");
    inbox.add_action(xyz::action{"undo", "Undo", xyz::action_style::default_, true});
    inbox.add_action("close", "Close", xyz::action_style::cancel);
    CHECK(inbox.actions().at(0).keep_open && !inbox.actions().at(1).keep_open);
    app.add({inbox});
    xyz::alert again("inbox");
    again.set_on_duplicate(xyz::on_duplicate::update);
    CHECK(xyz_alert_set_title(again.get(), "3 new messages") == XYZ_OK);
    app.add({again});
    CHECK(r.take() == "show inbox page\nfinish inbox duplicate\n");
    CHECK(inbox.title() == "3 new messages" && inbox.actions().empty() && inbox.occurrence_count() == 1);
    xyz::alert storm("inbox");
    storm.set_on_duplicate(xyz::on_duplicate::coalesce);
    app.add({storm});
    CHECK(r.take() == "finish inbox duplicate\n" && inbox.occurrence_count() == 2);
    CHECK(xyz::to_string(xyz::on_duplicate::coalesce) == "coalesce");
    inbox.add_action(xyz::action{"undo", "Undo", xyz::action_style::default_, true});
    inbox.trigger_action(0);
    CHECK(r.take() == "action inbox 0\n" && inbox.state() == xyz::state::showing);
    inbox.dismiss();
    r.take();
    CHECK(app.order() == xyz::order::fifo);
    app.set_order(xyz::order::lifo);
    xyz::alert tip("tip"), first("first"), second("second"), login("login");
    tip.set_when_displaced(xyz::when_displaced::drop);
    CHECK(tip.when_displaced() == xyz::when_displaced::drop);
    app.add({tip});
    app.add({first, second});
    login.set_priority(9).set_exclusive(xyz::exclusive::hide_others);
    app.add({login});
    CHECK(r.take() == "show tip page\nremove tip displaced\nfinish tip displaced\nshow login page\n");
    login.dismiss();
    CHECK(r.take() == "finish login dismissed\nshow second page\n");
    CHECK(app.cancel_queued() == 1 && app.cancel_queued("promo") == 0);
    CHECK(r.take() == "finish first cancelled\n" && second.state() == xyz::state::showing);
}

void preempt_and_uncoverable() {
    recorder r;
    xyz::dispatch app = visible_page(r, "app");
    xyz::alert sync("sync"), news("news"), consent("consent"), outage("outage");
    sync.set_priority(5).set_exclusive(xyz::exclusive::cover);
    news.set_priority(5).set_exclusive(xyz::exclusive::cover).set_preempt(xyz::preempt::equal);
    CHECK(news.preempt() == xyz::preempt::equal && sync.preempt() == xyz::preempt::lower);
    app.add({sync});
    app.add({news});
    CHECK(r.take() == "show sync page\nshow news page\n");
    EXPECT_THROW(xyz::error, news.set_preempt(xyz::preempt::lower));
    sync.dismiss();
    news.dismiss();
    r.take();
    consent.set_coverable(false);
    CHECK(!consent.coverable() && outage.coverable());
    outage.set_priority(10).set_exclusive(xyz::exclusive::cover);
    app.add({consent});
    app.add({outage});
    CHECK(r.take() == "show consent page\n");
    CHECK(outage.why().code == xyz::why_code::behind && outage.why().cause_alert == consent);
    consent.dismiss();
    CHECK(r.take() == "finish consent dismissed\nshow outage page\n");
    CHECK(xyz::to_string(xyz::preempt::equal) == "equal");
}

}  // namespace

extern const std::vector<test_case> stack_tests;
const std::vector<test_case> stack_tests = {
    {"lane_limits_and_eviction", lane_limits_and_eviction},
    {"upsert_keep_open_lifo_displaced_and_cancel_queued", upsert_keep_open_lifo_displaced_and_cancel_queued},
    {"preempt_and_uncoverable", preempt_and_uncoverable},
};
