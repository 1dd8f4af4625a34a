// expect: request_flush must be public and not overloaded
#include "xyzalert.hpp"
class deferred : public xyz::host {
    void request_flush(xyz::dispatch_ref) override {}
};
void f(deferred &h) { xyz::dispatch d(h); }
