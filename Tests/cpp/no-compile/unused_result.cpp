// expect: ignoring return value
// Getters are [[nodiscard]], like the C functions marked XYZ_WARN_UNUSED_RESULT.
#include "xyzalert.hpp"
void f(xyz::alert &a) { a.title(); }
