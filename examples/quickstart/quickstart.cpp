#include <cstdio>
#include <xyzalert.hpp>

struct screen : xyz::host {                      // override only what you draw
    void show(xyz::alert &a, std::string_view, void *) override {
        std::printf("show %s\n", a.id().value_or("(no id)").c_str());
    }
};

int main() {
    screen s;
    xyz::dispatch home(s);                       // one page, destroyed at scope exit
    home.page_did_appear();
    xyz::alert consent("consent"), welcome("welcome");
    consent.set_priority(10);
    home.add({welcome, consent});                // throws xyz::error on failure
    consent.dismiss();
}
