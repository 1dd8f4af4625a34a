/*
 * The GTK 4 host's window: tabs (one page each, under the window's root
 * page), a dialog area in every tab, a stack of toasts in the bottom-right
 * corner, the reasons panel and the announcements strip. The engine
 * decides; window.c draws what its callbacks say and wires the engine to
 * GLib's main loop (docs/event-loops.md).
 */
#ifndef XYZALERT_GTK_WINDOW_H
#define XYZALERT_GTK_WINDOW_H

#include <gtk/gtk.h>
#include <stdbool.h>

#include "xyzalert.h"

/** One alert on screen: a card in a tab's dialog area, or a toast. */
typedef struct Card {
    struct App *app;
    xyz_alert *alert; /* retained */
    GtkWidget *box, *title, *message, *buttons;
    bool toast, held;
} Card;

/** The application: its window and widgets, its pages and what it draws. */
typedef struct App {
    GtkWidget *window, *notebook, *reasons, *announcements, *toasts;
    GHashTable *tab_widgets; /* tab name -> its page's overlay (borrowed) */
    GHashTable *pages;       /* page name ("window" or a tab) -> xyz_dispatch (owned) */
    GHashTable *tab_of;      /* alert id -> page name */
    GHashTable *cards;       /* xyz_alert -> Card (owned) */
    GPtrArray *live;         /* retained xyz_alert, for the reasons panel */
    GPtrArray *tab_names;    /* in the order of the tabs */
    xyz_catalog *policy;
    xyz_history *history;
    char *history_path;
    GString *said, *notes;
    gint64 started;          /* g_get_monotonic_time() at start */
    guint timer, flush, refresh;
    bool minimised;
} App;

/** The app for the alert set at `policy` and the history at `history_path`
 * (loaded if it exists); NULL, with the reason printed, when the alert set
 * cannot be loaded. */
App *app_new(const char *policy, const char *history_path);
/** Destroys the pages (tabs first), then the window and everything else. */
void app_free(App *app);

/** Adds a fresh instance of the alert set's `id` to its page; returns it
 * retained (the caller releases it). */
xyz_alert *app_add(App *app, const char *id);
/** Selects a tab: its page becomes the window's active child. */
void app_select(App *app, const char *tab);
/** The user chose button `index` of `alert`. */
void app_act(App *app, xyz_alert *alert, size_t index);
/** Writes the display history (creating its folder); false on failure. */
bool app_save_history(App *app);
/** A line for the reasons panel, above the reasons (errors, caps). */
void app_note(App *app, const char *text);

/** The root page (the window's). */
xyz_dispatch *app_root(App *app);
/** The card drawing `alert`, if it is drawn. */
Card *app_card(App *app, const xyz_alert *alert);
/** The toasts in the corner that GTK maps now. */
int app_visible_toasts(App *app);
/** The reasons panel's text (g_free it). */
char *app_reasons_text(App *app);

#endif
