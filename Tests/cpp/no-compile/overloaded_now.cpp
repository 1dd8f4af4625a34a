// expect: now must be public and not overloaded
#include "xyzalert.hpp"
struct clocked : xyz::host {
    double now() override { return 1; }
    double now(int) { return 2; }
};
void f(clocked &h) { xyz::dispatch d(h); }
