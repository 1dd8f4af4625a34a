/* The recording tests' host (recording_session.c): it logs every event as
 * an expect line without its step, reads a clock the test moves, and
 * checks that a recording replays through the tool's runner to its log. */
#ifndef XYZALERT_TEST_RECORDING_SESSION_H
#define XYZALERT_TEST_RECORDING_SESSION_H

#include "harness.h"

typedef struct session session;
typedef struct rec_page {
    session *s;
    const char *name;
    double skew; /* a clock of its own: the session's plus this */
} rec_page;

struct session {
    char log[32768];
    size_t length;
    double clock;
    double clock_step; /* added to the clock after every reading (a real clock moves) */
    xyz_dispatch *root;
    /* Reactions: from inside the show callback of the alert with this id,
     * dismiss it (once), and add `extra` to the root (once). */
    const char *dismiss_on_show;
    const char *add_on_show;
    const char *add_on_hide; /* likewise, from the hide callback */
    xyz_alert *extra;
};

/** Creates page `name` of session `s` on the logging host (`p` its context). */
xyz_dispatch *s_page(rec_page *p, session *s, const char *name);
/** The recording replayed by the tool's runner, as expect lines without
 * their step numbers (malloc'd; NULL when it does not load). */
char *replay(const char *json);
/** Checks that the recording started on `root` replays to the host's log. */
void check_round_trip(session *s, xyz_dispatch *root);
/** Adds `a` to `d` and drops the caller's reference. */
void add1(xyz_dispatch *d, xyz_alert *a);
/** A fresh session with one visible page "home", recorded from now on. */
xyz_dispatch *recorded_home(session *s, rec_page *page);

#endif
