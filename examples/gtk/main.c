/*
 * A GTK 4 host of XYZAlert, in C: tabs with dialogs, a toast stack held on
 * hover, the reasons panel and the announcements, on GLib's main loop.
 *
 *   xyzalert-gtk [--policy FILE] [--history FILE] [--tour [--screenshots DIR]]
 *
 * The alert set defaults to examples/desktop/alerts.json, the history to
 * g_get_user_data_dir()/xyzalert-gtk/history.json (saved when the window
 * closes). --tour plays the scripted tour (tour.c) and exits with its
 * verdict. Build it against an installed XYZAlert with CMake (CMakeLists.txt;
 * docs/event-loops.md says how it is wired).
 */
#include <stdio.h>

#include "tour.h"
#include "window.h"

static gboolean on_close(GtkWindow *window, GMainLoop *loop) {
    (void)window;
    g_main_loop_quit(loop);
    return TRUE;  /* app_free destroys it */
}

int main(int argc, char **argv) {
    char *policy = NULL, *history = NULL, *screenshots = NULL;
    gboolean tour = FALSE;
    GOptionEntry entries[] = {
        {"policy", 0, 0, G_OPTION_ARG_FILENAME, &policy, "The alert set", "FILE"},
        {"history", 0, 0, G_OPTION_ARG_FILENAME, &history, "The display history", "FILE"},
        {"tour", 0, 0, G_OPTION_ARG_NONE, &tour, "Play the scripted tour and exit with its verdict", NULL},
        {"screenshots", 0, 0, G_OPTION_ARG_FILENAME, &screenshots, "Where the tour saves its screenshots", "DIR"},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GError *error = NULL;
    GOptionContext *options = g_option_context_new("- a GTK 4 host of XYZAlert");
    g_option_context_add_main_entries(options, entries, NULL);
    gboolean parsed = g_option_context_parse(options, &argc, &argv, &error);
    g_option_context_free(options);
    if (!parsed) {
        fprintf(stderr, "xyzalert-gtk: %s\n", error->message);
        g_error_free(error);
        return 2;
    }
    gtk_init();
    if (!history) {
        history = g_build_filename(g_get_user_data_dir(), "xyzalert-gtk", "history.json", NULL);
    }
    App *app = app_new(policy ? policy : XYZALERT_EXAMPLE_POLICY, history);
    int status = 1;
    if (app) {
        GMainLoop *loop = g_main_loop_new(NULL, FALSE);
        g_signal_connect(app->window, "close-request", G_CALLBACK(on_close), loop);
        gtk_window_present(GTK_WINDOW(app->window));
        if (tour) {
            status = tour_run(app, screenshots, loop);
        } else {
            g_main_loop_run(loop);
            status = app_save_history(app) ? 0 : 1;
        }
        app_free(app);
        g_main_loop_unref(loop);
    }
    g_free(policy);
    g_free(history);
    g_free(screenshots);
    return status;
}
