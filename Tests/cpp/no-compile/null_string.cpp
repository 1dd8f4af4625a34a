// expect: use of deleted function
// The C API's NULL ("clear the title") is clear_title(): a nullptr is no string.
#include "xyzalert.hpp"
void f(xyz::alert &a) { a.set_title(nullptr); }
