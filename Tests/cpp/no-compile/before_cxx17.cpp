// std: c++14
// expect: xyzalert.hpp needs C++17 or later
#include "xyzalert.hpp"
