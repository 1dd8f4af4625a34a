/* The picture of a scenario's timeline (simulate --format svg). */
#ifndef XYZALERT_PICTURE_H
#define XYZALERT_PICTURE_H

#include "cli.h"

typedef struct picture picture;

/* For a scenario of `steps` steps and `names` alert definitions;
 * picture_free() releases it. */
picture *picture_new(size_t steps, size_t names);
void picture_free(picture *p);

/* Rows: the pages first, in order, then each alert instance as it is
 * created (`name` is borrowed and must outlive the picture), retained until
 * picture_free(); picture_forget() drops an instance whose add failed. */
void picture_page(picture *p, const char *name);
void picture_instance(picture *p, xyz_alert *alert, const char *name);
void picture_forget(picture *p, xyz_alert *alert);

/* Where the scenario is: a step begins at `clock`; an event was delivered
 * (every instance's state is read); the step is done. */
void picture_at(picture *p, size_t step, double clock);
void picture_event(picture *p, double clock);
void picture_step_done(picture *p, double clock);

/* Page `page` (its row) became visible or not, or was destroyed; an
 * instance finished with `reason`. */
void picture_page_visible(picture *p, size_t page, bool visible);
void picture_page_destroyed(picture *p, size_t page);
void picture_finished(picture *p, xyz_alert *alert, const char *reason);
/* A campaign's "trigger" or "skip" (reason: its word, NULL for a trigger)
 * at the current step and event, drawn as a mark under the rows. */
void picture_campaign(picture *p, double clock, const char *event, const char *campaign, const char *reason);

/* docs/rules.md §22: how to read local time (wall clock plus offset) at
 * virtual time `clock`, for the bands that show when an alert with windows
 * may be selected. Without it no band is drawn. */
void picture_local_time(picture *p, double (*local)(double clock, void *context), void *context);

/* The time axis in the user's local time ("Tue 08:00:00", read through
 * picture_local_time) instead of seconds: for a scenario with a wall clock. */
void picture_local_axis(picture *p);

/* Local time `local` (wall clock plus offset) as "Tue 08:00:00" into `out`
 * (16 bytes); "-" out of range (local_time.c). */
const char *local_seconds_text(double local, char *out);

/* The SVG document; x is virtual time when `timed`, else steps. */
void picture_write(const picture *p, FILE *out, const char *title, bool timed);

#endif
