/* One replay of a backtest's session (docs/rules.md §23): the runner plays
 * the session's steps, and instead of printing a trace it keeps, per alert
 * instance, when it was made, first shown and how it ended, and a hash of
 * every event with its time. Played as recorded, it measures when each
 * reaction (a dismiss or an action step) came after its alert's show;
 * played under a policy, it makes those reactions the same time after the
 * show under the policy, and the response model's for the rest. */
#ifndef XYZALERT_REPLAY_H
#define XYZALERT_REPLAY_H

#include <stdint.h>

#include "cli.h"
#include "xyzalert_tooling.h"

/* The scenario runner (runner.h). */
typedef struct runner runner;

/* How a replay plays its session. */
typedef enum replay_mode {
    REPLAY_AS_RECORDED, /* the file's own alerts and times: measures reactions */
    REPLAY_UNDER_POLICY /* a policy's alerts, caps and campaigns; reactions follow their alerts */
} replay_mode;

/* The events a replay hears (host.c). */
typedef enum replay_event_kind {
    REPLAY_SHOW, REPLAY_HIDE, REPLAY_UNHIDE, REPLAY_REMOVE, REPLAY_FINISH, REPLAY_ACTION, REPLAY_OTHER
} replay_event_kind;

/* The longest end or skip reason word kept, with its NUL. */
#define REPLAY_WORD 32

/* One alert instance (or a campaign's skip, or an add the policy removed),
 * known in every replay of the session by `key`: an add's step and
 * position, or a campaign's id and the number of its trigger or skip. */
typedef struct replay_record {
    uint64_t key;
    xyz_alert *alert;     /* a reference the replay owns; NULL for a skip or a removed add */
    char *id;             /* the alert's id (owned); NULL for a campaign's skip */
    char *campaign;       /* the campaign that made it or skipped (owned), or NULL */
    char *variant;        /* its campaign's variant (owned), or NULL */
    double created, shown; /* shown < 0: never shown */
    char end[REPLAY_WORD]; /* how it ended or why it was skipped; "" while live */
    bool on_screen;
    bool waiting_model;   /* the model's reaction waits for the next unhide */
} replay_record;

/* A reaction the file made, as its replay as recorded measured it: on the
 * instance `key`, `delay` seconds after its first show; or, when that
 * instance was not on screen then (not a user's reaction to it), at the
 * file's time `delay`. `action`: an index, or -1 for a dismiss. */
typedef struct planned_reaction {
    uint64_t key;
    double delay;
    long action;
    bool anchored;
} planned_reaction;

typedef struct reaction_plan {
    planned_reaction *items;
    size_t count, capacity;
} reaction_plan;

/* A reaction waiting for its time (a min-heap by time, then order). */
typedef struct pending_reaction {
    double at;
    size_t order;
    size_t record; /* its record's index; SIZE_MAX: found by `key` when due */
    uint64_t key;
    long action;
    bool anchored; /* a reaction to its alert: only while it is on screen */
    bool modelled;
} pending_reaction;

/* A name of the session's alerts, looked up once per replay: its
 * definition in the session, its id, and under a policy the policy's
 * definition of that id (NULL: the policy removes it). */
typedef struct replay_name {
    const xyz_definition *own;
    const char *id;
    const xyz_definition *policy;
} replay_name;

typedef struct replay {
    replay_mode mode;
    const xyz_catalog *policy;          /* under a policy */
    const xyz_response_model *model;    /* NULL: the standard model */
    const reaction_plan *plan;          /* under a policy: the file's, sorted by key */
    reaction_plan measured;             /* as recorded: filled */
    const bool *file_errors;            /* under a policy: the steps that failed as recorded, or NULL */
    const xyz_step_info *steps;         /* the session's steps, read once (NULL: read as played) */
    bool *errors;                       /* as recorded: per step, whether it failed */
    replay_record *records;
    size_t record_count, record_capacity;
    size_t *slots; /* alert pointer -> record index + 1 (open addressing) */
    size_t slot_capacity;
    pending_reaction *pending;
    size_t pending_count, pending_capacity, pending_order;
    size_t *positions; /* the current add's alerts' positions in its step */
    const char **kept; /* and their names (the scenario's) */
    size_t *attempts;  /* per campaign of the policy: its triggers and skips so far */
    names name_index;     /* name -> its index in `names` */
    replay_name *names;
    size_t name_count, name_capacity;
    uint64_t hash;     /* of every event, its alert's key and its time */
    struct replay_action { size_t record; char *action; } *actions; /* the actions taken, in order */
    size_t action_count, action_capacity;
    char *failure;     /* why the replay failed (owned), or NULL */
    size_t dropped;    /* the file's reactions dropped: their alert was not on screen */
    size_t modelled;   /* reactions the model made */
    size_t removed;    /* adds of alerts the policy does not define */
} replay;

/* Plays `scenario` as `mode` says into `out` (zeroed by the caller but for
 * mode, policy, model, plan, file_errors and steps). Returns false when the
 * session cannot be played under the policy (out->failure says why). */
bool replay_run(replay *out, const xyz_scenario *scenario);
/* Frees what the replay holds. */
void replay_free(replay *rp);
/* The replay's record of `key`, or NULL. */
const replay_record *replay_find(const replay *rp, uint64_t key);

/* Hooks the runner calls (steps.c, host.c, clock.c, trace.c). */
void replay_before_step(runner *r, size_t index);
void replay_move_clock(runner *r, double to);
bool replay_skips_step(runner *r, xyz_step_info *step);
/* Whether `r` replays a session under a backtest's policy (not as recorded,
 * not a simulation). */
bool replay_under_policy(const runner *r);
void replay_added(runner *r, xyz_alert *const *alerts, size_t count);
void replay_not_added(runner *r, size_t count); /* the add failed: the last `count` records go */
void replay_event(runner *r, replay_event_kind kind, xyz_alert *alert, const char *detail);
/* `id`: the trigger's instance's alert id (its definition's), or NULL. */
void replay_campaign(runner *r, const char *campaign, xyz_campaign_event kind, const char *reason, xyz_alert *alert,
                     const char *id);
void replay_error(runner *r, const char *code, const char *message);

/* reactions.c: the file's reactions and the model's, in time order. */
void reactions_begin(runner *r);
void reactions_shown(runner *r, replay_record *record);
void reactions_unhidden(runner *r, replay_record *record);

#endif
