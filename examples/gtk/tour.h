/* The GTK host's scripted tour (tour.c). */
#ifndef XYZALERT_GTK_TOUR_H
#define XYZALERT_GTK_TOUR_H

#include "window.h"

/** Plays the tour through `app` on `loop` (run until the tour ends);
 * screenshots go to `screenshots` (none when NULL). Returns 0 when every
 * check passed, else 1. */
int tour_run(App *app, const char *screenshots, GMainLoop *loop);

#endif
