/* The CHECK macros of the C suite (Tests/c) and the C++ wrapper's suite
 * (Tests/cpp): a failed check prints where and what, sets `check_failed`
 * (which each suite defines and resets before each test) and goes on. */
#ifndef XYZ_TEST_CHECK_H
#define XYZ_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

#include "xyzalert.h"

extern int check_failed;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);  \
            check_failed = 1;                                                         \
        }                                                                             \
    } while (0)

#define CHECK_STR(actual, expected)                                                   \
    do {                                                                              \
        const char *a_ = (actual), *e_ = (expected);                                  \
        if (a_ == NULL || e_ == NULL ? a_ != e_ : strcmp(a_, e_) != 0) {              \
            fprintf(stderr, "%s:%d: CHECK_STR failed: %s\n  actual:   %s\n  expected: %s\n", \
                    __FILE__, __LINE__, #actual, a_ ? a_ : "(null)", e_ ? e_ : "(null)"); \
            check_failed = 1;                                                         \
        }                                                                             \
    } while (0)

/* Checks a call's status; on a mismatch prints both names and the last error. */
#define CHECK_STATUS(call, expected)                                                  \
    do {                                                                              \
        xyz_status s_ = (call);                                                       \
        if (s_ != (expected)) {                                                       \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s (%s)\n", __FILE__,    \
                    __LINE__, #call, xyz_status_name(s_), xyz_status_name(expected),  \
                    xyz_last_error());                                                \
            check_failed = 1;                                                         \
        }                                                                             \
    } while (0)

#define CHECK_OK(call) CHECK_STATUS(call, XYZ_OK)

#endif
