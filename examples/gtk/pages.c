/*
 * The GTK 4 host's pages (pages.h): one xyz_host per page, whose callbacks
 * draw the alerts as cards in the window (window.c) and wire the engine to
 * GLib's main loop. Timers are g_timeout_add (set_timer), flushes
 * g_idle_add (request_flush), the clock g_get_monotonic_time (now); a
 * toast holds while a GtkEventControllerMotion has the pointer over it.
 */
#include "pages.h"

#include <math.h>
#include <string.h>

/* What one page's callbacks need: the app and the page's name. */
typedef struct PageHost {
    App *app;
    char *page;
} PageHost;

/* ---- cards */

static void on_button(GtkButton *button, Card *card) {
    size_t index = GPOINTER_TO_SIZE(g_object_get_data(G_OBJECT(button), "index"));
    app_act(card->app, card->alert, index);
}

static void show_title(Card *card) {
    const char *title = xyz_alert_title(card->alert);
    char *text = g_strdup_printf("%s%s", title ? title : "", card->held ? "  (held)" : "");
    gtk_label_set_text(GTK_LABEL(card->title), text);
    g_free(text);
}

/* Draws the alert's title, message and buttons again (update). */
static void fill(Card *card) {
    show_title(card);
    const char *message = xyz_alert_message(card->alert);
    gtk_label_set_text(GTK_LABEL(card->message), message ? message : "");
    gtk_widget_set_visible(card->message, message != NULL);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(card->buttons)) != NULL) {
        gtk_box_remove(GTK_BOX(card->buttons), child);
    }
    for (size_t i = 0, n = xyz_alert_action_count(card->alert); i < n; i++) {
        GtkWidget *button = gtk_button_new_with_label(xyz_alert_action_title(card->alert, i));
        gtk_widget_set_name(button, xyz_alert_action_id(card->alert, i));
        g_object_set_data(G_OBJECT(button), "index", GSIZE_TO_POINTER(i));
        g_signal_connect(button, "clicked", G_CALLBACK(on_button), card);
        gtk_box_append(GTK_BOX(card->buttons), button);
    }
}

/* A toast's countdown holds while the pointer is over it. */
static void set_held(Card *card, bool held) {
    if (held == card->held) {
        return;
    }
    card->held = held;
    if ((held ? xyz_alert_hold(card->alert) : xyz_alert_unhold(card->alert)) != XYZ_OK) {
        app_note(card->app, xyz_last_error());
    }
    (held ? gtk_widget_add_css_class : gtk_widget_remove_css_class)(card->box, "held");
    show_title(card);
}

static void on_enter(GtkEventControllerMotion *motion, double x, double y, Card *card) {
    (void)motion, (void)x, (void)y;
    set_held(card, true);
}

static void on_leave(GtkEventControllerMotion *motion, Card *card) {
    (void)motion;
    set_held(card, false);
}

static Card *card_new(App *app, xyz_alert *alert, bool toast) {
    Card *card = g_new0(Card, 1);
    card->app = app;
    card->alert = xyz_alert_retain(alert);
    card->toast = toast;
    card->box = gtk_box_new(toast ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, 8);
    gtk_widget_add_css_class(card->box, toast ? "toast" : "card");
    card->title = gtk_label_new("");
    gtk_widget_add_css_class(card->title, "title");
    card->message = gtk_label_new("");
    gtk_label_set_wrap(GTK_LABEL(card->message), TRUE);
    gtk_label_set_max_width_chars(GTK_LABEL(card->message), 36);
    card->buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_box_append(GTK_BOX(card->box), card->title);
    gtk_box_append(GTK_BOX(card->box), card->message);
    gtk_box_append(GTK_BOX(card->box), card->buttons);
    if (toast) {
        GtkEventController *motion = gtk_event_controller_motion_new();
        g_signal_connect(motion, "enter", G_CALLBACK(on_enter), card);
        g_signal_connect(motion, "leave", G_CALLBACK(on_leave), card);
        gtk_widget_add_controller(card->box, motion);
    } else {
        gtk_widget_set_halign(card->box, GTK_ALIGN_CENTER);
        gtk_widget_set_valign(card->box, GTK_ALIGN_CENTER);
    }
    fill(card);
    return card;
}

/* Takes the card off screen and frees it (the GHashTable's destroy function). */
void card_free(gpointer data) {
    Card *card = data;
    GtkWidget *parent = gtk_widget_get_parent(card->box);
    if (GTK_IS_OVERLAY(parent)) {
        gtk_overlay_remove_overlay(GTK_OVERLAY(parent), card->box);
    } else if (parent) {
        gtk_box_remove(GTK_BOX(parent), card->box);
    }
    xyz_alert_release(card->alert);
    g_free(card);
}

/* ---- the engine's callbacks: each hands on to the window */

static void on_show(xyz_alert *alert, const char *target, void *view, void *context) {
    (void)target, (void)view;
    PageHost *host = context;
    App *app = host->app;
    const char *lane = xyz_alert_lane(alert);
    bool toast = lane && strcmp(lane, "toast") == 0;
    Card *card = card_new(app, alert, toast);
    g_hash_table_insert(app->cards, alert, card);
    GtkWidget *page = g_hash_table_lookup(app->tab_widgets, host->page);
    if (toast) {
        gtk_box_append(GTK_BOX(app->toasts), card->box);
    } else if (page) {
        gtk_overlay_add_overlay(GTK_OVERLAY(page), card->box);
    }
    app_refresh_later(app);
}

static void set_drawn(App *app, xyz_alert *alert, bool visible) {
    Card *card = app_card(app, alert);
    if (card) {
        gtk_widget_set_visible(card->box, visible);
    }
    app_refresh_later(app);
}

static void on_hide(xyz_alert *alert, xyz_hide_reason reason, void *context) {
    (void)reason;
    set_drawn(((PageHost *)context)->app, alert, false);
}

static void on_unhide(xyz_alert *alert, void *context) { set_drawn(((PageHost *)context)->app, alert, true); }

static void erase(App *app, xyz_alert *alert) {
    g_hash_table_remove(app->cards, alert);  /* card_free */
    app_refresh_later(app);
}

static void on_remove(xyz_alert *alert, xyz_end_reason reason, void *context) {
    (void)reason;
    erase(((PageHost *)context)->app, alert);
}

/* Queued alerts end without remove. */
static void on_finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    (void)reason;
    erase(((PageHost *)context)->app, alert);
}

static void on_update(xyz_alert *alert, void *context) {
    Card *card = app_card(((PageHost *)context)->app, alert);
    if (card) {
        fill(card);
    }
}

/* The strip shows what a screen reader is told (GTK 4.8 has no
 * announcement API; 4.14's gtk_accessible_announce would go here). */
static void on_announce(xyz_alert *alert, xyz_politeness politeness, const char *text, void *context) {
    (void)alert;
    App *app = ((PageHost *)context)->app;
    g_string_prepend(app->said, "  |  ");
    g_string_prepend(app->said, text);
    if (politeness == XYZ_ANNOUNCE_ASSERTIVE) {
        g_string_prepend(app->said, "! ");
    }
    if (app->said->len > 400) {
        g_string_truncate(app->said, 400);
    }
    char *line = g_strdup_printf("Announced: %s", app->said->str);
    gtk_label_set_text(GTK_LABEL(app->announcements), line);
    g_free(line);
}

static gboolean flush_now(gpointer data) {
    App *app = data;
    app->flush = 0;
    (void)xyz_dispatch_flush(app_root(app));
    return G_SOURCE_REMOVE;
}

/* Deferred mode: the engine's work runs once, when the loop is idle. */
static void on_request_flush(xyz_dispatch *root, void *context) {
    (void)root;
    App *app = ((PageHost *)context)->app;
    if (!app->flush) {
        /* Before GTK lays out and draws (G_PRIORITY_HIGH_IDLE + 10, + 20):
         * the next frame shows the result. */
        app->flush = g_idle_add_full(G_PRIORITY_HIGH_IDLE, flush_now, app, NULL);
    }
}

static double on_now(void *context) {
    App *app = ((PageHost *)context)->app;
    return (double)(g_get_monotonic_time() - app->started) / 1e6;
}

static gboolean tick(gpointer data) {
    App *app = data;
    app->timer = 0;
    (void)xyz_dispatch_tick(app_root(app));
    return G_SOURCE_REMOVE;
}

static void on_set_timer(xyz_dispatch *root, double delay, void *context) {
    (void)root;
    App *app = ((PageHost *)context)->app;
    if (app->timer) {
        g_source_remove(app->timer);
        app->timer = 0;
    }
    if (delay >= 0) {  /* negative: no countdown runs */
        app->timer = g_timeout_add((guint)ceil(delay * 1000), tick, app);
    }
}

static void on_campaign(xyz_dispatch *root, const char *campaign, xyz_campaign_event kind, const char *reason,
                        xyz_alert *instance, void *context) {
    (void)root, (void)kind;
    App *app = ((PageHost *)context)->app;
    char *line;
    if (instance) {
        g_ptr_array_add(app->live, xyz_alert_retain(instance));  /* explained while it waits */
        line = g_strdup_printf("campaign '%s': %s in %g s", campaign, xyz_alert_id(instance),
                               xyz_alert_show_after(instance));
    } else {
        line = g_strdup_printf("campaign '%s' skipped: %s", campaign, reason ? reason : "");
    }
    app_note(app, line);
    g_free(line);
}

static void page_host_free(void *context) {
    PageHost *host = context;
    g_free(host->page);
    g_free(host);
}

xyz_dispatch *page_new(App *app, const char *name) {
    PageHost *host = g_new0(PageHost, 1);
    host->app = app;
    host->page = g_strdup(name);
    xyz_host callbacks = {
        .size = sizeof callbacks, .context = host, .destroy_context = page_host_free,
        .show = on_show, .hide = on_hide, .unhide = on_unhide, .remove = on_remove, .finish = on_finish,
        .update = on_update, .announce = on_announce, .campaign = on_campaign,
        /* these three: deferred mode, the host's clock, the host's timers */
        .request_flush = on_request_flush, .now = on_now, .set_timer = on_set_timer,
    };
    xyz_dispatch *page = xyz_dispatch_create(&callbacks, NULL);
    if (!page) {
        page_host_free(host);  /* a refused host's context stays ours */
        return NULL;
    }
    (void)xyz_dispatch_set_name(page, name);
    g_hash_table_insert(app->pages, g_strdup(name), page);
    return page;
}
