// alert::why() (docs/rules.md §18) through the C++ wrapper: the code as an
// enum class, the cause as a wrapper, the page or the id, and the sentence.
#include "harness.hpp"

namespace {

void why_gives_the_code_and_its_cause() {
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    xyz::alert idle("idle");
    xyz::why w = idle.why();
    CHECK(w.code == xyz::why_code::idle && !w.cause_alert && !w.cause_page && !w.until);
    CHECK(xyz::to_string(xyz::why_code::lower_priority) == "lower_priority");

    xyz::alert login("login", 5, xyz::exclusive::wait);
    xyz::alert behind("behind");
    xyz::alert by_id("by-id");
    by_id.add_dependency("login");
    home.add({login, behind, by_id});
    w = behind.why();
    CHECK(w.code == xyz::why_code::behind && w.cause_alert && *w.cause_alert == login);
    CHECK(w.sentence == behind.explain());
    w = by_id.why();
    CHECK(w.code == xyz::why_code::id_dependency && w.cause_id == std::optional<std::string>("login"));
    CHECK(w.cause_alert && *w.cause_alert == login);

    home.page_will_disappear();
    w = login.why();
    CHECK(w.code == xyz::why_code::hidden_page && w.cause_page == home);
    behind.cancel();
    w = behind.why();
    CHECK(w.code == xyz::why_code::finished && w.end_reason == xyz::end_reason::cancelled);
}

}  // namespace

extern const std::vector<test_case> why_tests;
const std::vector<test_case> why_tests = {
    {"why_gives_the_code_and_its_cause", why_gives_the_code_and_its_cause},
};
