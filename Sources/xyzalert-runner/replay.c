/* A backtest's replay of one session (replay.h; docs/rules.md §23): the
 * instances' records, the events' hash, the steps a policy changes, and
 * playing a whole session. Reactions are reactions.c's. */
#include <stdlib.h>
#include <string.h>

#include "runner.h"

static void *grown(void *items, size_t *capacity, size_t size) {
    size_t more = *capacity ? 2 * *capacity : 16;
    void *bigger = realloc(items, more * size);
    if (!bigger) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    *capacity = more;
    return bigger;
}

static char *copied(const char *text) {
    char *copy = text ? strdup(text) : NULL;
    if (text && !copy) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    return copy;
}

/* ---- the events' hash (FNV-1a, 64 bits) ---- */

static void hash_bytes(replay *rp, const void *bytes, size_t length) {
    const unsigned char *b = bytes;
    for (size_t i = 0; i < length; i++) rp->hash = (rp->hash ^ b[i]) * 1099511628211u;
}

static void hash_text(replay *rp, const char *text) {
    hash_bytes(rp, text ? text : "", text ? strlen(text) + 1 : 1);
}

static uint64_t text_hash(const char *text) {
    uint64_t hash = 14695981039346656037u;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) hash = (hash ^ *c) * 1099511628211u;
    return hash;
}

/* ---- records, and the map from alert handles to them ---- */

static size_t slot_of(const replay *rp, const xyz_alert *alert) {
    size_t mask = rp->slot_capacity - 1;
    size_t i = (size_t)(((uintptr_t)alert >> 4) * 11400714819323198485u) & mask;
    while (rp->slots[i] && rp->records[rp->slots[i] - 1].alert != alert) i = (i + 1) & mask;
    return i;
}

static replay_record *record_of(const replay *rp, const xyz_alert *alert) {
    if (!rp->slot_capacity || !alert) return NULL;
    size_t slot = rp->slots[slot_of(rp, alert)];
    return slot ? &rp->records[slot - 1] : NULL;
}

static void index_alert(replay *rp, size_t index) {
    if (2 * (rp->record_count + 1) > rp->slot_capacity) {
        /* (Records without a handle take no slot; counting them all is simpler.) */
        size_t capacity = rp->slot_capacity ? 2 * rp->slot_capacity : 64;
        free(rp->slots);
        rp->slots = calloc(capacity, sizeof *rp->slots);
        if (!rp->slots) {
            fprintf(diagnostics(), "xyzalert: out of memory\n");
            exit(EXIT_USAGE);
        }
        rp->slot_capacity = capacity;
        for (size_t i = 0; i < rp->record_count; i++) {
            if (rp->records[i].alert && i != index) rp->slots[slot_of(rp, rp->records[i].alert)] = i + 1;
        }
    }
    rp->slots[slot_of(rp, rp->records[index].alert)] = index + 1;
}

/* A new record (its alert retained), indexed by its alert. */
static replay_record *add_record(replay *rp, uint64_t key, xyz_alert *alert, const char *id, double now) {
    if (rp->record_count == rp->record_capacity) {
        rp->records = grown(rp->records, &rp->record_capacity, sizeof *rp->records);
    }
    size_t index = rp->record_count++;
    replay_record *record = &rp->records[index];
    memset(record, 0, sizeof *record);
    record->key = key;
    record->alert = xyz_alert_retain(alert);
    record->id = copied(id);
    record->created = now;
    record->shown = -1;
    if (alert) index_alert(rp, index);
    return record;
}

const replay_record *replay_find(const replay *rp, uint64_t key) {
    for (size_t i = 0; i < rp->record_count; i++) {
        if (rp->records[i].key == key) return &rp->records[i];
    }
    return NULL;
}

static void set_word(char out[REPLAY_WORD], const char *word) {
    size_t length = word ? strlen(word) : 0;
    if (length > REPLAY_WORD - 1) length = REPLAY_WORD - 1;
    memcpy(out, word ? word : "", length);
    out[length] = 0;
}

/* An add's key: its step and the alert's place in it. */
static uint64_t add_key(size_t step, size_t position) {
    return (uint64_t)step << 16 | (uint64_t)position;
}

/* ---- names under a policy ---- */

bool replay_under_policy(const runner *r) {
    return r->replay && r->replay->mode == REPLAY_UNDER_POLICY;
}

/* What `name` (an alert of the session) is, looked up once per replay;
 * NULL past the table's room (then looked up at each use). */
static const replay_name *known_name(runner *r, const char *name) {
    replay *rp = r->replay;
    size_t index;
    if (names_find(&rp->name_index, name, &index)) return &rp->names[index];
    if (rp->name_count == rp->name_capacity) return NULL;
    replay_name *found = &rp->names[rp->name_count];
    found->own = xyz_catalog_find(xyz_scenario_catalog(r->scenario), name);
    const char *id = xyz_definition_id(found->own);
    found->id = id ? id : name;
    found->policy = replay_under_policy(r) ? xyz_catalog_find(r->alerts, found->id) : found->own;
    names_put(&rp->name_index, name, rp->name_count);
    return &rp->names[rp->name_count++];
}

const char *runner_instance_name(runner *r, const char *name) {
    if (!replay_under_policy(r)) return name;
    const replay_name *known = known_name(r, name);
    if (known) return known->id;
    const char *id = xyz_definition_id(xyz_catalog_find(xyz_scenario_catalog(r->scenario), name));
    return id ? id : name;
}

/* The policy defines the alert called `name` in the session. */
static bool policy_defines(runner *r, const char *name) {
    const replay_name *known = known_name(r, name);
    return known ? known->policy != NULL : xyz_catalog_find(r->alerts, runner_instance_name(r, name)) != NULL;
}

xyz_alert *runner_create_alert(runner *r, const char *name) {
    if (!replay_under_policy(r)) return xyz_catalog_create_alert(r->alerts, name);
    return policy_defines(r, name) ? xyz_catalog_create_alert(r->alerts, runner_instance_name(r, name)) : NULL;
}

const xyz_definition *runner_definition(runner *r, const char *name) {
    const replay_name *known = r->replay ? known_name(r, name) : NULL;
    return known ? known->own : xyz_catalog_find(xyz_scenario_catalog(r->scenario), name);
}

/* The instance a step on `name` acts on, as runner_latest() finds it,
 * without an error event; NULL when there is none. */
static xyz_alert *quiet_latest(runner *r, const char *name) {
    instance *found = runner_find_instance(r, name);
    if (!found || !found->alert) return NULL;
    if (found->older && xyz_alert_state(found->alert) == XYZ_STATE_FINISHED &&
        xyz_alert_state(found->older) != XYZ_STATE_FINISHED) {
        return found->older;
    }
    return found->alert;
}

/* ---- hooks ---- */

/* As recorded: where a reaction step came, for the replays under policies. */
static void measure_reaction(runner *r, const xyz_step_info *step) {
    replay_record *record = record_of(r->replay, quiet_latest(r, step->alert));
    if (!record) return;
    reaction_plan *plan = &r->replay->measured;
    if (plan->count == plan->capacity) plan->items = grown(plan->items, &plan->capacity, sizeof *plan->items);
    bool anchored = record->shown >= 0 && record->on_screen;
    plan->items[plan->count++] = (planned_reaction){
        .key = record->key,
        .delay = anchored ? r->clock - record->shown : r->clock,
        .action = step->kind == XYZ_STEP_ACTION ? (long)step->index : -1,
        .anchored = anchored,
    };
}

/* Under a policy: the add keeps the alerts the policy defines; each other
 * one is recorded as removed. */
static bool filter_add(runner *r, xyz_step_info *step) {
    replay *rp = r->replay;
    static const char *const none[1];
    const char **kept = step->alert_count ? calloc(step->alert_count, sizeof *kept) : NULL;
    free(rp->positions);
    rp->positions = step->alert_count ? calloc(step->alert_count, sizeof *rp->positions) : NULL;
    size_t count = 0;
    for (size_t i = 0; i < step->alert_count; i++) {
        const char *id = runner_instance_name(r, step->alerts[i]);
        if (policy_defines(r, step->alerts[i])) {
            rp->positions[count] = i;
            kept[count++] = step->alerts[i];
        } else {
            replay_record *record = add_record(rp, add_key(r->step, i), NULL, id, r->clock);
            set_word(record->end, "removed_by_policy");
            rp->removed++;
        }
    }
    /* The kept names live in the scenario; the list until the next add. */
    free((void *)rp->kept);
    rp->kept = kept;
    step->alerts = count ? kept : none;
    step->alert_count = count;
    return count == 0;
}

void replay_before_step(runner *r, size_t index) {
    (void)index;
    if (replay_under_policy(r)) replay_move_clock(r, r->clock);
}

bool replay_skips_step(runner *r, xyz_step_info *step) {
    replay *rp = r->replay;
    if (rp->mode == REPLAY_AS_RECORDED) {
        if (step->kind == XYZ_STEP_DISMISS || step->kind == XYZ_STEP_ACTION) measure_reaction(r, step);
        return false;
    }
    switch (step->kind) {
    case XYZ_STEP_TICK: /* deadlines fall where the policy puts them */
    case XYZ_STEP_CAPS: /* the policy's caps */
    case XYZ_STEP_SET_CAMPAIGNS: /* the policy's campaigns */
    case XYZ_STEP_DISMISS: /* reactions follow their alerts (reactions.c) */
    case XYZ_STEP_ACTION:
        return true;
    case XYZ_STEP_ADD:
        return filter_add(r, step);
    default:
        break;
    }
    if (runner_step_subjects[step->kind] == STEP_ON_ALERT) {
        /* A step on an alert the policy removed, or already ended, has
         * nothing to act on. */
        const char *id = runner_instance_name(r, step->alert);
        xyz_alert *alert = quiet_latest(r, id);
        if (!alert || xyz_alert_state(alert) == XYZ_STATE_FINISHED) return true;
        step->alert = id;
    }
    return false;
}

void replay_added(runner *r, xyz_alert *const *alerts, size_t count) {
    replay *rp = r->replay;
    for (size_t i = 0; i < count; i++) {
        /* Ids are counted under policies only (there, the step names them). */
        size_t position = replay_under_policy(r) ? rp->positions[i] : i;
        const char *id = replay_under_policy(r) ? runner_instance_name(r, rp->kept[i]) : NULL;
        add_record(rp, add_key(r->step, position), alerts[i], id, r->clock);
    }
}

void replay_not_added(runner *r, size_t count) {
    replay *rp = r->replay;
    for (size_t i = 0; i < count && rp->record_count; i++) {
        replay_record *record = &rp->records[--rp->record_count];
        xyz_alert_release(record->alert);
        free(record->id);
    }
    /* The handles' map again, without them (a failed add is rare). */
    memset(rp->slots, 0, rp->slot_capacity * sizeof *rp->slots);
    for (size_t i = 0; i < rp->record_count; i++) {
        if (rp->records[i].alert) rp->slots[slot_of(rp, rp->records[i].alert)] = i + 1;
    }
}

void replay_event(runner *r, replay_event_kind kind, xyz_alert *alert, const char *detail) {
    if (r->quiet) return;
    replay *rp = r->replay;
    replay_record *record = record_of(rp, alert);
    uint64_t key = record ? record->key : 0;
    unsigned char code = (unsigned char)kind;
    hash_bytes(rp, &code, 1);
    hash_bytes(rp, &key, sizeof key);
    hash_bytes(rp, &r->clock, sizeof r->clock);
    hash_text(rp, detail);
    if (!record) return;
    switch (kind) {
    case REPLAY_SHOW:
        record->on_screen = true;
        if (record->shown < 0) {
            record->shown = r->clock;
            reactions_shown(r, record);
        }
        break;
    case REPLAY_UNHIDE:
        record->on_screen = true;
        if (record->waiting_model) reactions_unhidden(r, record);
        break;
    case REPLAY_HIDE:
    case REPLAY_REMOVE:
        record->on_screen = false;
        break;
    case REPLAY_FINISH:
        record->on_screen = false;
        set_word(record->end, detail);
        break;
    case REPLAY_ACTION:
        if (rp->action_count == rp->action_capacity) {
            rp->actions = grown(rp->actions, &rp->action_capacity, sizeof *rp->actions);
        }
        rp->actions[rp->action_count++] = (struct replay_action){(size_t)(record - rp->records), copied(detail)};
        break;
    default:
        break;
    }
}

/* The policy's own copy of a campaign's id, and its index. */
static size_t campaign_index(const runner *r, const char *campaign) {
    size_t count = xyz_catalog_campaign_count(r->alerts);
    for (size_t i = 0; i < count; i++) {
        if (strcmp(xyz_catalog_campaign_id(r->alerts, i), campaign) == 0) return i;
    }
    return count;
}

void replay_campaign(runner *r, const char *campaign, xyz_campaign_event kind, const char *reason, xyz_alert *alert,
                     const char *id) {
    replay *rp = r->replay;
    unsigned char code = (unsigned char)(16 + kind);
    hash_bytes(rp, &code, 1);
    hash_text(rp, campaign);
    hash_text(rp, reason);
    hash_bytes(rp, &r->clock, sizeof r->clock);
    if (kind != XYZ_CAMPAIGN_TRIGGER && kind != XYZ_CAMPAIGN_SKIP) return;
    size_t index = campaign_index(r, campaign);
    size_t count = xyz_catalog_campaign_count(r->alerts);
    if (!rp->attempts) rp->attempts = calloc(count + 1, sizeof *rp->attempts);
    size_t attempt = rp->attempts ? rp->attempts[index]++ : 0;
    uint64_t key = (text_hash(campaign) ^ (attempt * 0x9E3779B97F4A7C15u)) | (uint64_t)1 << 63;
    replay_record *record = add_record(rp, key, alert, alert && replay_under_policy(r) ? id : NULL, r->clock);
    record->campaign = copied(campaign);
    record->variant = copied(alert ? xyz_alert_variant(alert) : NULL);
    if (kind == XYZ_CAMPAIGN_SKIP) set_word(record->end, reason);
}

void replay_error(runner *r, const char *code, const char *message) {
    replay *rp = r->replay;
    if (rp->mode == REPLAY_AS_RECORDED) {
        rp->errors[r->step] = true;
    } else if (!rp->failure && !(rp->file_errors && rp->file_errors[r->step])) {
        xyz_step_info step = runner_step(r, r->step);
        rp->failure = text_printf("step %zu (%s): %s: %s", r->step, runner_step_names[step.kind], code, message);
    }
}

/* ---- a whole session ---- */

bool replay_run(replay *rp, const xyz_scenario *scenario) {
    runner r;
    memset(&r, 0, sizeof r);
    r.scenario = scenario;
    r.why_step = -1;
    r.format = FORMAT_EXPECT;
    r.replay = rp;
    r.alerts = rp->mode == REPLAY_UNDER_POLICY ? rp->policy : NULL;
    r.steps = rp->steps;
    rp->hash = 14695981039346656037u;
    size_t definitions = xyz_catalog_definition_count(xyz_scenario_catalog(scenario));
    rp->names = calloc(definitions + 1, sizeof *rp->names);
    if (!rp->names || !names_init(&rp->name_index, definitions)) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    rp->name_capacity = definitions;
    runner_open(&r, NULL);
    if (rp->mode == REPLAY_AS_RECORDED) {
        rp->errors = calloc(r.step_count + 1, sizeof *rp->errors);
    } else {
        /* Steps made inside callbacks are steps of their own, right after
         * the step around them: the policy's callbacks differ. */
        memset(r.during, 0, r.step_count * sizeof *r.during);
        reactions_begin(&r);
    }
    if (rp->mode == REPLAY_AS_RECORDED && !rp->errors) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    runner_play_all(&r);
    runner_close(&r);
    return rp->failure == NULL;
}

void replay_free(replay *rp) {
    for (size_t i = 0; i < rp->record_count; i++) {
        xyz_alert_release(rp->records[i].alert);
        free(rp->records[i].id);
        free(rp->records[i].campaign);
        free(rp->records[i].variant);
    }
    for (size_t i = 0; i < rp->action_count; i++) free(rp->actions[i].action);
    free(rp->actions);
    free(rp->records);
    free(rp->slots);
    free(rp->pending);
    free(rp->positions);
    free((void *)rp->kept);
    free(rp->attempts);
    free(rp->names);
    names_free(&rp->name_index);
    free(rp->errors);
    free(rp->failure);
    free(rp->measured.items);
    memset(rp, 0, sizeof *rp);
}
