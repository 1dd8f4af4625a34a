/*
 * A small C++ host: a tab bar with two tabs, three alerts, and a callback
 * that throws (the screen cannot draw a banner); the exception reaches the
 * call that caused it, after the engine has finished its work. Build and run:
 *
 *   make lib
 *   g++ -std=c++17 -Iinclude examples/cpp/tabs.cpp -o tabs \
 *       -L"$(swift build --show-bin-path)" -lxyzalert -Wl,-rpath,"$(swift build --show-bin-path)"
 *   ./tabs
 */
#include <cstdio>
#include <stdexcept>
#include <string>

#include "xyzalert.hpp"

// What this host knows about its screen: here, a name to print.
struct screen : xyz::host {
    const char *name;
    explicit screen(const char *n) : name(n) {}

    void show(xyz::alert &alert, std::string_view target, void *) override {
        if (alert.style() == "banner") {
            throw std::runtime_error("cannot draw banner '" + alert.id().value_or("") + "'");
        }
        std::printf("[%s] show   %-8s on %.*s\n", name, alert.id()->c_str(), int(target.size()), target.data());
    }
    void hide(xyz::alert &alert, xyz::hide_reason reason) override {
        std::printf("[%s] hide   %-8s (%s)\n", name, alert.id()->c_str(), xyz::to_string(reason).data());
    }
    void unhide(xyz::alert &alert) override { std::printf("[%s] unhide %s\n", name, alert.id()->c_str()); }
    void finish(xyz::alert &alert, xyz::end_reason reason) override {
        std::printf("[%s] finish %-8s (%s)\n", name, alert.id()->c_str(), xyz::to_string(reason).data());
    }
};

int main() {
    screen bar("tabs"), home_screen("home"), chats_screen("chats");
    xyz::dispatch tabs(bar), home(home_screen), chats(chats_screen);
    home.set_parent(tabs);
    chats.set_parent(tabs);
    tabs.set_active_child(home);
    tabs.set_name("tabs");
    home.set_name("home");
    chats.set_name("chats");
    for (xyz::dispatch *page : {&tabs, &home, &chats}) {
        page->page_did_appear();
    }

    xyz::alert rating("rating"), unread("unread"), offline("offline");
    rating.set_title("Enjoying the app?");
    unread.set_priority(10).set_title("3 new messages");
    offline.set_priority(100).set_exclusive(xyz::exclusive::hide_others).set_style("banner");
    home.add(rating);   // shows on the home tab
    chats.add(unread);  // waits: the chats tab is not selected
    tabs.set_active_child(chats);  // rating hides, unread shows

    try {
        tabs.add(offline);  // covers the tabs, then the banner cannot be drawn
    } catch (const std::exception &e) {
        std::printf("caught: %s\n", e.what());
        offline.cancel();  // the engine is consistent: take the banner back
    }
    std::printf("offline is %s\n", xyz::to_string(offline.state()).data());
    unread.dismiss();
    tabs.set_active_child(home);  // rating comes back
    std::printf("%s\n", rating.explain().c_str());
    return 0;  // the dispatches destroy their pages; the alerts release themselves
}
