// The wrapper at the edges a real host hits: the C API's NULL meanings
// without null strings, nesting counted by every call, hosts seen through
// base classes, empty handles as arguments, a clock without a first
// reading, content the files refuse, raw C calls, errors that took effect,
// dispatch_ref, assignment, NUL bytes, full parse errors, definitions, user
// data and versions. What must not compile is in Tests/cpp/no-compile/.
#include <cmath>
#include <memory>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "harness.hpp"

namespace {

// ---- 1. no null strings: a nullptr does not compile, a null char pointer is an error

static_assert(!std::is_convertible_v<std::nullptr_t, xyz::detail::text>, "nullptr is not a string");
static_assert(std::is_convertible_v<const char *, xyz::detail::text>, "C strings are");
static_assert(std::is_convertible_v<std::string, xyz::detail::text>, "std::string is");
static_assert(std::is_convertible_v<std::string_view, xyz::detail::text>, "string_view is");

void the_c_apis_null_meanings_have_names() {
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    xyz::alert a("a");
    a.set_title("T").set_message("M").set_meta("{\"k\": 1}");
    const char *null_string = nullptr;
    xyz::error e = EXPECT_THROW(xyz::error, a.set_title(null_string));
    CHECK(e.code() == xyz::status::invalid && std::string(e.what()) == "set_title: title is a null pointer");
    CHECK(EXPECT_THROW(xyz::error, a.set_message(null_string)).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, a.set_meta(null_string)).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, home.cancel_tagged(null_string)).code() == xyz::status::invalid);
    CHECK(a.title() == std::optional<std::string>("T")); // nothing changed
    a.clear_title().clear_message().clear_meta();
    CHECK(!a.title() && !a.message() && !a.meta());
    home.add({a, xyz::alert("b")});
    r.take();
    CHECK(home.cancel_all() == 2);
    CHECK(r.take() == "remove a cancelled\nfinish a cancelled\nfinish b cancelled\n");
}

// Each property of the table has its setter and getter, the keyboard's
// two halves included, and a value read back as set.
void every_property_reads_back_what_was_set() {
    xyz::alert a("a");
    a.set_priority(3).set_exclusive(xyz::exclusive::cover).set_lane("toasts").set_target("banner");
    a.set_style("toast").set_avoid_keyboard(false).set_keyboard_adjust(-8).set_coverable(false);
    CHECK(a.priority() == 3 && a.exclusive() == xyz::exclusive::cover && a.lane() == "toasts");
    CHECK(a.target() == "banner" && a.style() == "toast" && !a.title());
    CHECK(!a.avoid_keyboard() && a.keyboard_adjust() == -8 && !a.coverable());
    CHECK(EXPECT_THROW(xyz::error, a.set_lane("")).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, a.set_keyboard_adjust(1.0 / 0.0)).code() == xyz::status::invalid);
    CHECK(a.lane() == "toasts" && a.keyboard_adjust() == -8);  // nothing changed
}

// Every enum's words read back into values, as the JSON formats spell them.
void words_parse_back_into_values() {
    CHECK(xyz::from_string<xyz::exclusive>("hide_others") == xyz::exclusive::hide_others);
    CHECK(xyz::from_string<xyz::order>("lifo") == xyz::order::lifo);
    CHECK(xyz::from_string<xyz::limit_per>(xyz::to_string(xyz::limit_per::week)) == xyz::limit_per::week);
    CHECK(!xyz::from_string<xyz::exclusive>("Cover") && !xyz::from_string<xyz::exclusive>(""));
    CHECK(!xyz::from_string<xyz::state>("unknown"));
}

// ---- 2. every call that can deliver a callback counts nesting

struct announcer : recorder {
    bool reached = false;
    bool threw = false;
    void update(xyz::alert &a) override {
        if (!threw) {
            threw = true;
            throw std::runtime_error("from update");
        }
        note("update " + id(a), a);
    }
    void announce(xyz::alert &a, xyz::politeness, std::string_view) override {
        a.set_message("said");  // a content setter inside a callback: never rethrows the stored exception
        reached = true;
    }
};

void a_content_setter_inside_a_callback_does_not_rethrow() {
    announcer h;
    xyz::dispatch home = visible_page(h, "home");
    xyz::alert a("a");
    home.add(a);
    h.reached = false;
    // set_title delivers update (which throws) and then announce (which sets the message).
    CHECK(std::string(EXPECT_THROW(std::runtime_error, a.set_title("new")).what()) == "from update");
    CHECK(h.reached && a.message() == std::optional<std::string>("said"));
}

// ---- 3. hosts seen through a base class

struct middle : xyz::host {
    std::vector<std::string> log;
    void show(xyz::alert &a, std::string_view, void *) override { log.push_back("show " + a.id().value_or("")); }
};

struct deferring : middle {
    int requested = 0;
    void request_flush(xyz::dispatch_ref) override { requested++; }
};

void a_host_passed_as_a_base_class_is_refused() {
    deferring d;
    middle &seen_as_middle = d;
    xyz::error e = EXPECT_THROW(xyz::error, xyz::dispatch(seen_as_middle));
    CHECK(e.code() == xyz::status::invalid);
    CHECK(std::string(e.what()).find("passed as a base class") != std::string::npos);
    xyz::dispatch page(d); // its own class: deferred, as it asks
    page.page_did_appear();
    page.add(xyz::alert("a"));
    CHECK(d.requested == 1 && d.log.empty());
    page.flush();
    CHECK(d.log == std::vector<std::string>{"show a"});
}

// Overrides found however they are declared: private, or beside an unrelated
// overload of the same name. (A private or overloaded request_flush or now is
// a compile-time error: Tests/cpp/no-compile/.)
class private_host : public xyz::host {
public:
    std::vector<std::string> log;
    void show(int) {} // an unrelated overload named like a callback

private:
    void show(xyz::alert &a, std::string_view, void *) override { log.push_back("show " + a.id().value_or("")); }
    void finish(xyz::alert &a, xyz::end_reason r) override {
        log.push_back("finish " + a.id().value_or("") + " " + std::string(xyz::to_string(r)));
    }
};

void private_and_overloaded_callbacks_are_called() {
    private_host h;
    xyz::dispatch page(h);
    page.page_did_appear();
    xyz::alert a("a");
    page.add(a);
    a.dismiss();
    CHECK((h.log == std::vector<std::string>{"show a", "finish a dismissed"}));
}

// ---- 4. an empty handle as an argument is an error, never NULL

void empty_handles_as_arguments_are_errors() {
    recorder r;
    xyz::dispatch tabs = visible_page(r, "tabs"), home = visible_page(r, "home"), chats = visible_page(r, "chats");
    home.set_parent(tabs);
    chats.set_parent(tabs);
    tabs.set_active_child(home);
    xyz::dispatch gone = visible_page(r, "gone");
    xyz::dispatch taker = std::move(gone);
    CHECK(EXPECT_THROW(xyz::error, tabs.set_active_child(gone)).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, chats.set_parent(gone)).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, chats.set_parent(xyz::dispatch_ref())).code() == xyz::status::invalid);
    CHECK(chats.parent() == tabs);                                        // still a child
    chats.add(xyz::alert("in-chats"));
    CHECK(chats.find("in-chats")->state() == xyz::state::ready);          // home is still the only active child
    xyz::alert moved("m");
    xyz::alert keeper = std::move(moved);
    xyz::error e = EXPECT_THROW(xyz::error, home.add(moved));
    CHECK(e.code() == xyz::status::invalid && std::string(e.what()).find("empty") != std::string::npos);
    CHECK(EXPECT_THROW(xyz::error, keeper.add_dependency(moved)).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, home.add({keeper, xyz::alert()})).code() == xyz::status::invalid);
    CHECK(keeper.state() == xyz::state::idle);
    xyz::history h;
    xyz::history h2 = std::move(h);
    CHECK(EXPECT_THROW(xyz::error, tabs.set_history(h)).code() == xyz::status::invalid);
    tabs.set_history(h2);
    CHECK(tabs.history() == std::optional<xyz::history>(h2));
    tabs.detach_history();
    CHECK(!tabs.history());
    xyz::catalog c = xyz::catalog::load_file("examples/alerts.json");
    xyz::catalog c2 = std::move(c);
    CHECK(EXPECT_THROW(xyz::error, home.add(c)).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, c2.apply_caps(h)).code() == xyz::status::invalid);
}

// ---- 5. a clock without a first reading starts no countdown

struct late_clock : recorder {
    double clock = std::nan("");
    bool throws = true;
    double now() override {
        if (throws) throw std::runtime_error("clock not ready");
        return clock;
    }
};

void a_clock_that_throws_first_ends_nothing_at_once() {
    late_clock c;
    xyz::dispatch home = visible_page(c, "home");
    xyz::alert t("t");
    t.set_duration(2);
    CHECK(std::string(EXPECT_THROW(std::runtime_error, home.add(t)).what()) == "clock not ready");
    c.throws = false;
    c.clock = 5000; // the first good reading: the countdown runs from here
    home.tick();
    CHECK(t.state() == xyz::state::showing && home.next_deadline() == std::optional<double>(2));
    c.clock = 5002;
    home.tick();
    CHECK(t.state() == xyz::state::finished);
}

// ---- 6. the API refuses what the files refuse

void content_the_files_refuse_is_refused() {
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    home.start_recording();
    xyz::alert a("a");
    home.add(a);
    CHECK(EXPECT_THROW(xyz::error, a.set_style("")).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, a.add_action("", "Empty")).code() == xyz::status::invalid);
    a.add_action("ok", "OK");
    CHECK(EXPECT_THROW(xyz::error, a.add_action("ok", "Again")).code() == xyz::status::duplicate);
    CHECK(a.actions().size() == 1 && a.style() == "alert");
    a.clear_actions();
    CHECK(a.actions().empty());
    xyz::catalog replay = xyz::catalog::load_string(home.recording_json()); // it loads
    CHECK(replay.size() == 1);
}

// ---- 7. raw C calls: the tick wrapper, and when a stored exception surfaces

struct timed_host : recorder {
    double clock = 0;
    xyz::dispatch_ref timer_root;
    double timer_delay = -1;
    double now() override { return clock; }
    void set_timer(xyz::dispatch_ref root, double delay) override {
        timer_root = root;
        timer_delay = delay;
    }
};

void the_timer_recipe_needs_no_raw_call() {
    timed_host h;
    xyz::dispatch home = visible_page(h, "home");
    xyz::alert t("t");
    t.set_duration(1);
    home.add(t);
    CHECK(h.timer_root == home && h.timer_delay == 1);
    h.clock = 1;
    h.timer_root.tick(); // what the host's timer calls
    CHECK(t.state() == xyz::state::finished);
}

void an_exception_left_by_a_raw_call_surfaces_before_the_next_call() {
    recorder r;
    r.react = [](const std::string &line, xyz::alert &) {
        if (line == "finish a dismissed") throw std::runtime_error("from a raw call");
    };
    xyz::dispatch home = visible_page(r, "home");
    xyz::alert a("a");
    home.add(a);
    CHECK(xyz_alert_dismiss(a.get()) == XYZ_OK); // a raw call: no wrapper call to rethrow from
    xyz::alert b("b");
    CHECK(std::string(EXPECT_THROW(std::runtime_error, home.add(b)).what()) == "from a raw call");
    CHECK(b.state() == xyz::state::idle); // the call did not take effect
    home.add(b);                          // nothing left behind now
    CHECK(b.state() == xyz::state::showing);
}

// ---- 8. catalogs by name, status words, errors that took effect

void catalogs_distinguish_names_from_ids() {
    xyz::catalog scenario = xyz::catalog::load_string(R"({"version": 1, "pages": {"p": {}}, "alerts": [
        {"name": "first", "id": "same", "page": "p"}, {"name": "second", "id": "same", "page": "p", "priority": 4}],
        "steps": []})");
    CHECK((scenario.names() == std::vector<std::string>{"first", "second"}));
    CHECK((scenario.ids() == std::vector<std::string>{"same", "same"}));
    CHECK(scenario.contains("second") && !scenario.contains("same"));
    xyz::alert second = scenario.create_alert("second");
    CHECK(second.id() == std::optional<std::string>("same") && second.priority() == 4);
    xyz::definition d = scenario.definition(1);
    CHECK(d.name() == "second" && d.id() == "same" && d.priority() == 4 && d.page() == std::optional<std::string>("p"));
    CHECK(EXPECT_THROW(xyz::error, scenario.definition(2)).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, scenario.create_alert("same")).code() == xyz::status::not_found);
    xyz::catalog taken = std::move(scenario);
    CHECK(EXPECT_THROW(xyz::error, scenario.create_alert("first")).code() == xyz::status::invalid);
    CHECK(xyz::to_string(xyz::status::invalid) == "invalid" && xyz::to_string(xyz::status::owner) == "owner");
}

void an_error_whose_events_stood_says_it_took_effect() {
    recorder r;
    xyz::dispatch tabs(r), a = visible_page(r, "a"), b = visible_page(r, "b");
    a.set_parent(tabs);
    b.set_parent(tabs);
    a.add(xyz::alert("in-a"));
    b.add(xyz::alert("in-b"));
    int calls = 0;
    xyz::dispatch_ref answers[] = {a, b};
    tabs.set_active_child_provider([&](xyz::dispatch_ref) { return answers[++calls % 2]; });
    xyz::error e = EXPECT_THROW(xyz::error, tabs.page_did_appear());
    CHECK(e.code() == xyz::status::state && e.took_effect());
    CHECK(!EXPECT_THROW(xyz::error, xyz::alert("idle").dismiss()).took_effect());
    tabs.set_active_child_provider(nullptr);
}

// ---- 9. dispatch_ref, assignment, handles, NUL bytes, parse errors

void callbacks_and_getters_hand_out_dispatch_refs() {
    std::vector<xyz::dispatch_ref> flushed;
    xyz::callbacks c;
    c.request_flush = [&](xyz::dispatch_ref root) { flushed.push_back(root); };
    xyz::dispatch tabs(c), home(c);
    home.set_parent(tabs);
    tabs.page_did_appear();
    home.page_did_appear();
    xyz::alert a("a");
    home.add(a);
    CHECK(!flushed.empty() && flushed.back() == tabs);
    flushed.back().flush(); // the ref runs the root's passes
    CHECK(a.state() == xyz::state::showing);
    CHECK(a.dispatch() == home && home.parent() == tabs && !tabs.parent());
    CHECK(a.dispatch().name().empty() && a.dispatch().find("a") == a);
    std::unordered_set<xyz::dispatch_ref> pages{tabs, home, a.dispatch()};
    CHECK(pages.size() == 2);
}

void assignment_releases_what_was_held() {
    freed = 0;
    xyz::alert a = counted("a");
    a = counted("b"); // move assignment: "a" released at once
    CHECK(freed == 1);
    xyz::alert c = counted("c");
    a = c; // copy assignment: "b" released
    CHECK(freed == 2 && a == c);
    a = xyz::alert();
    c = xyz::alert();
    CHECK(freed == 3 && !a && !c);
    CHECK(!xyz::alert() && xyz::alert(""));  // default: empty; "" : an anonymous engine alert
    recorder r;
    xyz::dispatch page = visible_page(r, "first");
    page.add(xyz::alert("x"));
    r.take();
    page = visible_page(r, "second"); // the first page is destroyed now, not handed back
    CHECK(r.take() == "remove x destroyed\nfinish x destroyed\n");
    std::unordered_set<xyz::alert> set{c, c};
    CHECK(set.size() == 1);
}

void nul_bytes_are_errors_not_truncation() {
    using namespace std::string_literals;
    recorder r;
    xyz::dispatch home = visible_page(r, "home");
    xyz::error e = EXPECT_THROW(xyz::error, xyz::alert("a\0b"s));
    CHECK(e.code() == xyz::status::invalid && std::string(e.what()) == "xyz::alert: id contains a NUL byte at offset 1");
    xyz::alert t("t");
    t.add_tag("x");
    home.add(t);
    CHECK(EXPECT_THROW(xyz::error, home.cancel_tagged("x\0-not-this-tag"s)).code() == xyz::status::invalid);
    CHECK(t.state() == xyz::state::showing);
    CHECK(EXPECT_THROW(xyz::error, t.set_lane("to\0ast"s)).code() == xyz::status::invalid);
    CHECK(EXPECT_THROW(xyz::error, xyz::catalog::load_file("examples/alerts.json\0.bak"s)).code() == xyz::status::invalid);
}

void parse_errors_carry_the_whole_place() {
    std::string key(300, 'k');
    std::string json = "{\"alerts\": [{\"id\": \"a\", \"" + key + "\": 1}]}";
    xyz::parse_error p = EXPECT_THROW(xyz::parse_error, xyz::catalog::load_string(json));
    CHECK(p.pointer() == "/alerts/0/" + key);
    CHECK(std::string(p.what()).rfind("<string>:1:25: error: unknown key", 0) == 0);
    std::string dir = "Tests/data/" + std::string(280, 'd') + "/missing.json";
    xyz::parse_error io = EXPECT_THROW(xyz::parse_error, xyz::catalog::load_file(dir));
    CHECK(io.source() == dir && io.code() == xyz::status::io);
}

// ---- 10. what was missing

void user_data_dependencies_definitions_and_versions() {
    struct note {
        int *destroyed;
        explicit note(int *counter) : destroyed(counter) {}
        ~note() { ++*destroyed; }
    };
    int destroyed = 0;
    {
        xyz::alert a("a");
        a.set_user_data(std::make_unique<note>(&destroyed));
        CHECK(a.user_data<note>()->destroyed == &destroyed);
        a.add_dependency("login").add_dependency("consent");
        CHECK((a.dependency_ids() == std::vector<std::string>{"login", "consent"}));
    }
    CHECK(destroyed == 1);
    xyz::catalog c = xyz::catalog::load_file("examples/alerts.json");
    xyz::definition promo = c.definition(1);
    CHECK(promo.name() == "promo" && promo.priority() == 10 && promo.exclusive() == xyz::exclusive::cover);
    CHECK(promo.title() == std::optional<std::string>("Summer sale"));
    CHECK(xyz::keyboard_offset(xyz::rect{0, 500, 100, 100}, xyz::rect{0, 550, 100, 300}) == -50);
    CHECK(xyz::library_version() == xyz::header_version && xyz::library_is_compatible());
    CHECK(xyz::library_version_string() == XYZALERT_VERSION_STRING);
}

}  // namespace

extern const std::vector<test_case> edge_tests;
const std::vector<test_case> edge_tests = {
    {"the_c_apis_null_meanings_have_names", the_c_apis_null_meanings_have_names},
    {"every_property_reads_back_what_was_set", every_property_reads_back_what_was_set},
    {"words_parse_back_into_values", words_parse_back_into_values},
    {"a_content_setter_inside_a_callback_does_not_rethrow", a_content_setter_inside_a_callback_does_not_rethrow},
    {"a_host_passed_as_a_base_class_is_refused", a_host_passed_as_a_base_class_is_refused},
    {"private_and_overloaded_callbacks_are_called", private_and_overloaded_callbacks_are_called},
    {"empty_handles_as_arguments_are_errors", empty_handles_as_arguments_are_errors},
    {"a_clock_that_throws_first_ends_nothing_at_once", a_clock_that_throws_first_ends_nothing_at_once},
    {"content_the_files_refuse_is_refused", content_the_files_refuse_is_refused},
    {"the_timer_recipe_needs_no_raw_call", the_timer_recipe_needs_no_raw_call},
    {"an_exception_left_by_a_raw_call_surfaces_before_the_next_call",
     an_exception_left_by_a_raw_call_surfaces_before_the_next_call},
    {"catalogs_distinguish_names_from_ids", catalogs_distinguish_names_from_ids},
    {"an_error_whose_events_stood_says_it_took_effect", an_error_whose_events_stood_says_it_took_effect},
    {"callbacks_and_getters_hand_out_dispatch_refs", callbacks_and_getters_hand_out_dispatch_refs},
    {"assignment_releases_what_was_held", assignment_releases_what_was_held},
    {"nul_bytes_are_errors_not_truncation", nul_bytes_are_errors_not_truncation},
    {"parse_errors_carry_the_whole_place", parse_errors_carry_the_whole_place},
    {"user_data_dependencies_definitions_and_versions", user_data_dependencies_definitions_and_versions},
};
