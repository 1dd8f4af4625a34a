/*
 * The GTK 4 host's pages: the engine's pages, whose callbacks draw the
 * alerts as cards (pages.c), shared with the window (window.c).
 */
#ifndef XYZALERT_GTK_PAGES_H
#define XYZALERT_GTK_PAGES_H

#include "window.h"

/** Creates page `name` of `app` (its callbacks draw into the app's window)
 * and files it in `app->pages`; NULL, with xyz_last_error(), if the engine
 * refuses it. */
xyz_dispatch *page_new(App *app, const char *name);
/** Takes a card off screen and frees it (`app->cards`' destroy function). */
void card_free(gpointer data);
/** Redraws the reasons panel once the main loop is idle (window.c). */
void app_refresh_later(App *app);

#endif
