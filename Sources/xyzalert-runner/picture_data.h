/* The picture's data (picture.c records it, picture_svg.c draws it):
 * private to those two files. */
#ifndef XYZALERT_PICTURE_DATA_H
#define XYZALERT_PICTURE_DATA_H

#include "picture.h"

enum { ROW_HEIGHT = 20, BAR_HEIGHT = 12, STEP_WIDTH = 40, TIMED_STEP_WIDTH = 24, TIME_WIDTH = 800, CHAR_WIDTH = 7,
       TOP = 70, MARK_ROWS = 3 };
enum { NONE = -1, PAGE_VISIBLE = 100 };

/* A state taking effect at a place of the scenario. */
typedef struct change {
    size_t step, seq; /* seq: after that many events of the step (0: at its start) */
    double time;
    int state; /* an xyz_state, PAGE_VISIBLE, or NONE */
} change;

typedef struct row {
    char *label;
    const char *name; /* an instance's alert name (borrowed from the scenario) */
    xyz_alert *alert; /* retained; NULL for a page */
    int state;
    change *changes;
    size_t count, capacity;
    char end[64]; /* the end reason, once finished */
    change ended; /* where it finished (its step, event and time) */
} row;

/* A campaign's trigger or skip, drawn as a mark on the row under the others. */
typedef struct mark {
    change at;
    bool skip;
    char *label; /* "campaign" or "campaign: reason" */
} mark;

struct picture {
    mark *marks;
    size_t mark_count, mark_capacity;
    row *rows;
    size_t count, capacity, pages;
    size_t step, seq;
    double clock;
    size_t *events;        /* events per step */
    double *begins, *ends; /* the clock at each step's start and end */
    bool *played;
    size_t steps;
    /* The rows whose alert may still change state (not finished), so that
     * sampling costs O(live alerts), not O(every row drawn so far). */
    size_t *live;
    size_t live_count, live_capacity;
    /* How many instances each alert name has had, for "name (2)": names
     * to an index into `instances_of`. */
    names instance_names;
    size_t *instances_of;
    size_t name_count, name_capacity;
    /* Local time at a virtual time, for window bands (NULL: none drawn). */
    double (*local)(double clock, void *context);
    void *local_context;
    bool local_axis; /* the time axis in local time (picture_local_axis) */
};

#endif
