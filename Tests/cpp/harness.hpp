// What the C++ wrapper's test files share: the CHECK macros (Tests/check.h),
// EXPECT_THROW, a counter of freed alerts, a recording host and the test
// table's entry.
#ifndef XYZ_TEST_CPP_HARNESS_HPP
#define XYZ_TEST_CPP_HARNESS_HPP

#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "../check.h"
#include "xyzalert.hpp"


// Checks that `body` throws E and returns it (or a default one).
template <class E, class F>
inline E expect_throw(F &&body, int line) {
    try {
        body();
    } catch (const E &e) {
        return e;
    } catch (const std::exception &other) {
        std::fprintf(stderr, "%s:%d: threw another exception: %s\n", __FILE__, line, other.what());
        check_failed = 1;
        throw;
    }
    std::fprintf(stderr, "%s:%d: did not throw\n", __FILE__, line);
    check_failed = 1;
    throw std::logic_error("no exception");
}
#define EXPECT_THROW(E, body) expect_throw<E>([&] { static_cast<void>(body); }, __LINE__)

// Counts engine alerts freed: user data whose destructor runs when the
// engine frees the alert.
inline int freed = 0;
inline void count_free(void *) { freed++; }
inline xyz::alert counted(const char *id) {
    xyz::alert a(id);
    if (xyz_alert_set_user_data(a.get(), nullptr, count_free) != XYZ_OK) throw std::logic_error("user data");
    return a;
}

// A host that logs events and can react to them.
struct recorder : xyz::host {
    std::vector<std::string> log;
    std::function<void(const std::string &event, xyz::alert &)> react;

    void note(const std::string &line, xyz::alert &a) {
        log.push_back(line);
        if (react) react(line, a);
    }
    std::string id(xyz::alert &a) { return a.id().value_or("?"); }
    void show(xyz::alert &a, std::string_view target, void *) override { note("show " + id(a) + " " + std::string(target), a); }
    void hide(xyz::alert &a, xyz::hide_reason r) override { note("hide " + id(a) + " " + std::string(xyz::to_string(r)), a); }
    void unhide(xyz::alert &a) override { note("unhide " + id(a), a); }
    void remove(xyz::alert &a, xyz::end_reason r) override { note("remove " + id(a) + " " + std::string(xyz::to_string(r)), a); }
    void finish(xyz::alert &a, xyz::end_reason r) override { note("finish " + id(a) + " " + std::string(xyz::to_string(r)), a); }
    void move(xyz::alert &a, double dy, double) override { note("move " + id(a) + " " + std::to_string(int(dy)), a); }
    void action(xyz::alert &a, std::size_t i) override { note("action " + id(a) + " " + std::to_string(i), a); }
    std::string take() {
        std::string out;
        for (auto &line : log) out += line + "\n";
        log.clear();
        return out;
    }
};

// A visible page of host `r`, created from r's own class (see xyz::host::of).
template <class H>
xyz::dispatch visible_page(H &r, const char *name) {
    xyz::dispatch d(r);
    d.set_name(name);
    d.page_did_appear();
    return d;
}

struct test_case {
    const char *name;
    void (*run)();
};

#endif
