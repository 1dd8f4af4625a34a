// expect: use of deleted function
// The C API's NULL tag ("every alert") is cancel_all().
#include "xyzalert.hpp"
void f(xyz::dispatch &d) { (void)d.cancel_tagged(nullptr); }
