// expect: create it from the host's own class
// A reference to xyz::host cannot tell whether request_flush and now are overridden.
#include <memory>
#include "xyzalert.hpp"
void f(std::unique_ptr<xyz::host> &h) { xyz::dispatch d(*h); }
