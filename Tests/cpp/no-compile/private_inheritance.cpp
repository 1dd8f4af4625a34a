// expect: derive publicly from xyz::host
#include "xyzalert.hpp"
struct hidden : private xyz::host {};
void f(hidden &h) { xyz::dispatch d(h); }
