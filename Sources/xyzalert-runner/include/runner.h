/* The scenario runner (Sources/xyzalert-runner), a library that the
 * `xyzalert` tool, the C suite and the fuzzers link: its state, and what
 * its files share. simulate.c runs a whole scenario; steps.c plays steps
 * (step_table.c, generated, maps each kind to its call); host.c is the
 * pages' host, whose callbacks print through trace.c (events in the four
 * trace formats) and play the steps nested in them. Calls go one way:
 * host.c -> steps.c -> trace.c. */
#ifndef XYZALERT_CLI_RUNNER_H
#define XYZALERT_CLI_RUNNER_H

#include "cli.h"
#include "picture.h"
#include "replay.h"

/* The text timeline's event column: as wide as the longest event name it
 * prints ("campaigns"; "announce" is the longest event of an alert). */
#define EVENT_WIDTH 9

/* One page: its dispatch (NULL once destroyed) and the host context. */
typedef struct page {
    runner *runner;
    const char *name;
    xyz_dispatch *dispatch;
    /* A clock of its own (a step's "clocks"): while `clock_generation` is
     * the runner's, the page's host reads `own_time` plus the time the
     * virtual clock moved since it read `own_since`. */
    unsigned long clock_generation;
    double own_time, own_since;
} page;

/* An alert the runner added (a reference it owns), for --why: whether its
 * finish came during the step the reasons are printed after. */
typedef struct why_entry {
    xyz_alert *alert;
    bool finished_in_step;
} why_entry;

/* The latest instance of each alert id, and the latest one before it
 * that was not finished when it came (references the runner owns). */
typedef struct instance {
    const char *id;
    xyz_alert *alert;
    xyz_alert *older;
} instance;

struct runner {
    const xyz_scenario *scenario;
    /* Where instances come from: the scenario's own alerts, or a
     * backtest's policy (replay.c); runner_open() sets the first. */
    const xyz_catalog *alerts;
    /* A backtest's replay (replay.c), which hears every event instead of
     * the trace; NULL while simulating. */
    struct replay *replay;
    /* Every step, read once for a backtest's replays of one session (NULL:
     * each read from the scenario when played). */
    const xyz_step_info *steps;
    bool json;
    trace_format format;
    line_list *capture; /* expect lines go here instead of stdout */
    bool colour;
    bool quiet; /* while tearing down after the last step */
    bool explain; /* --explain: misses traced, skips, misses and finishes say why */
    size_t step;
    bool step_printed; /* the text format prints a step's label once */
    char label[256];
    int label_width; /* the widest step label, for aligned columns */
    int time_width;  /* and the widest time (at least 8) */
    double clock;    /* the virtual clock, in seconds from 0 (docs/rules.md §12) */
    unsigned long clock_generation; /* counts "at" times: pages' own clocks last until the next */
    /* The wall clock a step's "wall" set (while wall_generation is
     * clock_generation): wall_time plus the time moved since own_since. */
    unsigned long wall_generation;
    double wall_time, wall_since;
    bool timed;      /* the scenario advances the clock: the text shows times */
    bool local;      /* it has a wall_clock: the text shows the user's local time */
    /* Nested steps (a recording's calls made from inside callbacks, with
     * "during"): the outer step playing, the events it has had, and the
     * next step that may be nested in it. */
    size_t outer;
    long events;
    size_t next_nested;
    bool playing; /* an outer step is being played */
    picture *picture; /* --format svg: drawn instead of printed */
    /* Per step, read from the scenario once: its "at" time (when has_at)
     * and its "during" event (0: a step of its own). */
    size_t step_count;
    double *at;
    bool *has_at;
    long *during;
    page *pages;
    size_t page_count;
    names page_index;
    instance *instances;
    size_t instance_count;
    names instance_index;
    /* --why (why.c): the step after which the reasons are printed (-1:
     * none), in JSON or text, and every alert added, in order. */
    long why_step;
    bool why_json;
    why_entry *why_alerts;
    size_t why_count, why_capacity;
    /* The display history every root page shares (docs/rules.md §16): its
     * wall clock reads the scenario's wall_clock plus the virtual clock. */
    xyz_history *history;
    /* --record: whether the first page's domain is recorded, and the
     * recording as it stood when a destroy step ended that page (NULL
     * until then; the caller frees it with xyz_free). */
    bool recording;
    /* The pages that had an event, for advance_clock (one flag per page),
     * and the pages' dispatches as advance_clock takes them (scratch). */
    touched changed;
    xyz_dispatch **dispatches;
    char *recording_at_destroy;
    size_t recording_ended_at;
    /* The user's local time (docs/rules.md §22; local_time.c): a fixed
     * offset, or the scenario's time zone set as TZ while it runs (the
     * TZ it replaced, to restore); neither: UTC. */
    bool has_offset;
    double offset;
    bool has_zone;
    char *saved_tz;
    bool had_tz;
};

/* setup.c: the pages, the history, the campaigns and the attributes of
 * r->scenario before the first step (`history_in`: a history file to start
 * from instead of the scenario's own, or NULL), and their teardown. */
void runner_open(runner *r, const char *history_in);
void runner_close(runner *r);

/* local_time.c: the scenario's local time, from its start to its end, and
 * the utc_offset callback every page's host has. */
void local_time_begin(runner *r);
void local_time_end(runner *r);
double local_time_offset(double wall, void *context);
/* Local time (wall clock plus offset) at virtual time `clock`, for the
 * picture's window bands (`context`: the runner). */
double local_time_at(double clock, void *context);
/* The user's local time at wall-clock time `wall` (the offset in force
 * then added), as "Tue 08:00:00" into `out` (16 bytes); "-" for a time
 * out of range. */
const char *local_time_text(runner *r, double wall, char *out);
/* simulate.c: the runner's wall clock (what the history reads). */
double runner_wall_clock(void *context);

/* host.c: the host of page `p`, every callback reported. */
xyz_host runner_host(page *p, bool deferred);

/* trace.c: events as lines of the chosen format. */
void runner_line_start(runner *r);
void trace_event(runner *r, const char *event, xyz_alert *alert, const char *key, const char *value);
void trace_show(page *p, xyz_alert *alert, const char *target);
/* A campaign's event (docs/rules.md §21, §22): a skip's reason, or the
 * variant of a trigger's or a control's instance, as the detail (`key` in JSON). */
/* `why`: --explain's, or NULL. */
void trace_campaign(runner *r, const char *event, const char *campaign, const char *key, const char *detail,
                    const char *why);
void trace_finish(runner *r, xyz_alert *alert, const char *reason);
/* A set of campaigns attached mid-scenario: event "campaigns", no alert,
 * its version (NULL: none) as the detail. */
void trace_campaigns(runner *r, const char *version);
void trace_move(runner *r, xyz_alert *alert, double dy, double duration);
void trace_update(runner *r, xyz_alert *alert);
void trace_announce(runner *r, xyz_alert *alert, xyz_politeness politeness, const char *text);
void trace_note(runner *r, const char *text);
void runner_error_event(runner *r, const char *code, const char *message);
void runner_check_status(runner *r, xyz_status status);

/* steps.c: pages and alert instances by name. */
page *runner_find_page(runner *r, const char *name);
size_t runner_page_number(runner *r, const char *name);
xyz_dispatch *runner_live_page(runner *r, const char *name);
instance *runner_find_instance(runner *r, const char *id);
xyz_alert *runner_dependency_of(runner *r, const char *name);
xyz_alert *runner_latest(runner *r, const char *id);
void runner_forget(runner *r, const char *id);
void runner_remember(runner *r, const char *id, xyz_alert *alert);
void runner_remember_instance(runner *r, const char *id, xyz_alert *alert);

/* step_table.c (generated by scripts/interface): each kind's name, what it
 * acts on, and the call it makes. */
typedef enum step_subject { STEP_ON_NOTHING, STEP_ON_PAGE, STEP_ON_ALERT } step_subject;
extern const char *const runner_step_names[];
extern const step_subject runner_step_subjects[];
extern const size_t runner_step_kind_count;
void runner_run_step(runner *r, const xyz_step_info *step);

/* steps.c and clock.c: the steps the table leaves to a function of their own. */
void run_appear(runner *r, const xyz_step_info *step);
void run_disappear(runner *r, const xyz_step_info *step);
void run_destroy(runner *r, const xyz_step_info *step);
void run_add(runner *r, const xyz_step_info *step);
void run_select(runner *r, const xyz_step_info *step);
void run_advance(runner *r, const xyz_step_info *step);
/* clock.c: moves r->clock to `to` (not before it), ticking every live
 * page's deadlines on the way, in time order (advance_clock). */
void runner_advance_to(runner *r, double to);
void run_update(runner *r, const xyz_step_info *step);
void run_parent(runner *r, const xyz_step_info *step);
void run_depend(runner *r, const xyz_step_info *step);
void run_set_campaigns(runner *r, const xyz_step_info *step);

/* steps.c: playing steps. */
void runner_describe(runner *r, const xyz_step_info *step);
long runner_nested_in(runner *r, size_t index);
void runner_play(runner *r, size_t index);
/* Every step in order, nested ones from the callbacks of their outer step. */
void runner_play_all(runner *r);
/* The name `name` (an alert of the scenario) has in the instance table:
 * itself, or under a backtest's policy its id (replay.c). */
const char *runner_instance_name(runner *r, const char *name);
/* A fresh instance of the scenario's alert `name`, from r->alerts (NULL
 * when there is none: out of memory, or the policy does not define it). */
xyz_alert *runner_create_alert(runner *r, const char *name);
/* The scenario's definition of its alert `name` (NULL: none). */
const xyz_definition *runner_definition(runner *r, const char *name);
void runner_run_nested(runner *r);
void runner_setup(xyz_status status);
xyz_step_info runner_step_at(const xyz_scenario *scenario, size_t index);
/* Step `index` of r's scenario (from r->steps when there are). */
xyz_step_info runner_step(const runner *r, size_t index);

/* why.c: --why. */
void why_note_added(runner *r, xyz_alert *const *alerts, size_t count);
void why_note_finished(runner *r, xyz_alert *alert);
void why_report(runner *r);
/* why_campaigns.c: then what each campaign's last event did. */
void why_report_campaigns(runner *r);
void why_free(runner *r);

#endif
