/*
 * The GTK 4 host's window (window.h): its tabs, toolbar and panels; the
 * pages and their cards are pages.c's. Every countdown holds while the
 * window's GdkToplevel is minimised.
 */
#include "window.h"
#include "pages.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char css[] =
    ".card { background: white; border: 3px solid #3465a4; border-radius: 6px; padding: 12px; }"
    ".card .title { font-weight: bold; font-size: 14pt; }"
    ".toast { background: #4e9a06; border: 2px solid #4e9a06; border-radius: 4px; padding: 4px 8px; }"
    ".toast > label { color: white; font-weight: bold; }"
    ".toast.held { border-color: #fce94f; }"
    ".reasons text { background: #fffdf0; }"
    ".announcements { background: #fce94f; padding: 4px; }";

/* ---- the window */

static char *reason_line(xyz_alert *alert) {
    xyz_why why = XYZ_WHY_INIT;
    if (xyz_alert_why(alert, &why) != XYZ_OK) {
        return g_strdup(xyz_last_error());
    }
    char *sentence = xyz_alert_explain(alert);
    char *line = g_strdup_printf("%s: [%s] %s", xyz_alert_id(alert), xyz_why_code_name(why.code), sentence ? sentence : "");
    xyz_free(sentence);
    return line;
}

static gboolean refresh(gpointer data) {
    App *app = data;
    app->refresh = 0;
    GString *text = g_string_new(app->notes->str);
    g_string_append(text, "Why each live alert is where it is:\n\n");
    for (guint i = 0; i < app->live->len;) {
        xyz_alert *alert = g_ptr_array_index(app->live, i);
        if (xyz_alert_state(alert) == XYZ_STATE_FINISHED) {
            g_ptr_array_remove_index(app->live, i);  /* releases it */
            continue;
        }
        char *line = reason_line(alert);
        g_string_append_printf(text, "%s\n\n", line);
        g_free(line);
        i++;
    }
    gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(app->reasons)), text->str, -1);
    g_string_free(text, TRUE);
    /* The title names the dialog shown on the selected tab, if one shows. */
    GtkWidget *current = gtk_notebook_get_nth_page(GTK_NOTEBOOK(app->notebook),
                                                   gtk_notebook_get_current_page(GTK_NOTEBOOK(app->notebook)));
    GString *title = g_string_new("XYZAlert (GTK)");
    GHashTableIter iter;
    gpointer key, value;
    g_hash_table_iter_init(&iter, app->cards);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        Card *card = value;
        if (!card->toast && gtk_widget_get_parent(card->box) == current && gtk_widget_get_visible(card->box)) {
            const char *shown = xyz_alert_title(card->alert);
            g_string_prepend(title, " - ");
            g_string_prepend(title, shown ? shown : "");
        }
    }
    gtk_window_set_title(GTK_WINDOW(app->window), title->str);
    g_string_free(title, TRUE);
    return G_SOURCE_REMOVE;
}

void app_refresh_later(App *app) {
    if (!app->refresh) {
        app->refresh = g_idle_add_full(G_PRIORITY_HIGH_IDLE, refresh, app, NULL);
    }
}

/* The tab's page becomes the window's active child. */
static void activate(App *app, const char *tab) {
    if (xyz_dispatch_set_active_child(app_root(app), g_hash_table_lookup(app->pages, tab)) != XYZ_OK) {
        app_note(app, xyz_last_error());
    }
    app_refresh_later(app);
}

/* The user selected a tab (switch-page comes before the notebook changes). */
static void on_switch_page(GtkNotebook *notebook, GtkWidget *page, guint number, App *app) {
    (void)notebook, (void)number;
    activate(app, gtk_widget_get_name(page));
}

/* Every countdown holds while the window is minimised. */
static void on_toplevel_state(GdkToplevel *toplevel, GParamSpec *pspec, App *app) {
    (void)pspec;
    bool minimised = (gdk_toplevel_get_state(toplevel) & GDK_TOPLEVEL_STATE_MINIMIZED) != 0;
    if (minimised != app->minimised) {
        app->minimised = minimised;
        (void)(minimised ? xyz_dispatch_hold_timers : xyz_dispatch_unhold_timers)(app_root(app));
    }
}

static void on_realize(GtkWidget *window, App *app) {
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    g_signal_connect(surface, "notify::state", G_CALLBACK(on_toplevel_state), app);
}

static void add_clicked(GtkButton *button, App *app) {
    xyz_alert_release(app_add(app, gtk_widget_get_name(GTK_WIDGET(button))));
}

static void track_clicked(GtkButton *button, App *app) {
    (void)xyz_dispatch_track(app_root(app), gtk_widget_get_name(GTK_WIDGET(button)), NULL);
    app_refresh_later(app);
}

/* The tab an alert's "meta" names ("window" when none). */
static char *tab_of(const xyz_catalog *policy, const char *id) {
    xyz_alert *alert = xyz_catalog_create_alert(policy, id);
    const char *meta = xyz_alert_meta(alert);
    json_t *object = meta ? json_loads(meta, 0, NULL) : NULL;
    const char *tab = json_string_value(json_object_get(object, "tab"));
    char *out = g_strdup(tab ? tab : "window");
    json_decref(object);
    xyz_alert_release(alert);
    return out;
}

static void build_tab(App *app, const char *tab) {
    GtkWidget *overlay = gtk_overlay_new();
    gtk_widget_set_name(overlay, tab);
    GtkWidget *lines = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_margin_start(lines, 12);
    gtk_widget_set_margin_top(lines, 12);
    char *heading = g_ascii_strup(tab, -1);
    gtk_box_append(GTK_BOX(lines), gtk_label_new(heading));
    g_free(heading);
    for (int i = 1; i <= 5; i++) {
        char *text = g_strdup_printf("%s item %d: nothing urgent here.", tab, i);
        GtkWidget *label = gtk_label_new(text);
        gtk_widget_set_halign(label, GTK_ALIGN_START);
        gtk_box_append(GTK_BOX(lines), label);
        g_free(text);
    }
    gtk_overlay_set_child(GTK_OVERLAY(overlay), lines);
    gtk_notebook_append_page(GTK_NOTEBOOK(app->notebook), overlay, gtk_label_new(tab));
    g_hash_table_insert(app->tab_widgets, g_strdup(tab), overlay);
    g_ptr_array_add(app->tab_names, g_strdup(tab));
}

static GtkWidget *toolbar_button(GtkWidget *toolbar, const char *label, const char *name, GCallback clicked, App *app) {
    GtkWidget *button = gtk_button_new_with_label(label);
    gtk_widget_set_name(button, name);
    g_signal_connect(button, "clicked", clicked, app);
    gtk_box_append(GTK_BOX(toolbar), button);
    return button;
}

App *app_new(const char *policy, const char *history_path) {
    xyz_error error;
    xyz_catalog *catalog = xyz_catalog_load_file(policy, &error);
    if (!catalog) {
        fprintf(stderr, "xyzalert-gtk: %s\n", xyz_last_error());
        return NULL;
    }
    App *app = g_new0(App, 1);
    app->policy = catalog;
    app->started = g_get_monotonic_time();
    app->history_path = g_strdup(history_path);
    app->tab_widgets = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    app->pages = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    app->tab_of = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    app->cards = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, card_free);
    app->live = g_ptr_array_new_with_free_func((GDestroyNotify)xyz_alert_release);
    app->tab_names = g_ptr_array_new_with_free_func(g_free);
    app->said = g_string_new("");
    app->notes = g_string_new("");

    /* The display history: loaded if there is one, in a new session. */
    app->history = xyz_history_create(NULL, NULL, NULL);
    if (xyz_history_load_file_flags(app->history, history_path, XYZ_HISTORY_MISSING_OK, &error) != XYZ_OK) {
        char *line = g_strdup_printf("history not loaded, starting afresh: %s", xyz_last_error());
        app_note(app, line);
        g_free(line);
    }
    (void)xyz_history_begin_session(app->history);
    (void)xyz_catalog_apply_caps(catalog, app->history);

    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);

    /* The widgets: toolbar, tabs (the toasts over them) beside the reasons panel, the strip below. */
    app->window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(app->window), 900, 600);
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *toolbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *corner = gtk_overlay_new();
    app->notebook = gtk_notebook_new();
    gtk_widget_set_hexpand(corner, TRUE);
    gtk_widget_set_vexpand(corner, TRUE);
    gtk_overlay_set_child(GTK_OVERLAY(corner), app->notebook);
    app->toasts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_halign(app->toasts, GTK_ALIGN_END);
    gtk_widget_set_valign(app->toasts, GTK_ALIGN_END);
    gtk_widget_set_margin_end(app->toasts, 12);
    gtk_widget_set_margin_bottom(app->toasts, 12);
    gtk_overlay_add_overlay(GTK_OVERLAY(corner), app->toasts);
    app->reasons = gtk_text_view_new();
    gtk_text_view_set_editable(GTK_TEXT_VIEW(app->reasons), FALSE);
    gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(app->reasons), GTK_WRAP_WORD);
    gtk_widget_add_css_class(app->reasons, "reasons");
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), app->reasons);
    gtk_widget_set_size_request(scroller, 300, -1);
    gtk_box_append(GTK_BOX(row), corner);
    gtk_box_append(GTK_BOX(row), scroller);
    gtk_widget_set_vexpand(row, TRUE);
    app->announcements = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(app->announcements), 0);
    gtk_label_set_ellipsize(GTK_LABEL(app->announcements), PANGO_ELLIPSIZE_END);
    gtk_widget_add_css_class(app->announcements, "announcements");
    gtk_box_append(GTK_BOX(column), toolbar);
    gtk_box_append(GTK_BOX(column), row);
    gtk_box_append(GTK_BOX(column), app->announcements);
    gtk_window_set_child(GTK_WINDOW(app->window), column);

    /* The pages: the window's root, and one per tab its alerts name. */
    xyz_dispatch *root = page_new(app, "window");
    for (size_t i = 0, n = xyz_catalog_definition_count(catalog); i < n; i++) {
        const char *id = xyz_definition_id(xyz_catalog_definition(catalog, i));
        char *tab = tab_of(catalog, id);
        if (strcmp(tab, "window") != 0 && !g_hash_table_contains(app->tab_widgets, tab)) {
            build_tab(app, tab);
            xyz_dispatch *page = page_new(app, tab);
            if (xyz_dispatch_set_parent(page, root) != XYZ_OK) {
                app_note(app, xyz_last_error());
            }
            (void)xyz_dispatch_page_did_appear(page);
        }
        g_hash_table_insert(app->tab_of, g_strdup(id), tab);
        char *label = g_strdup_printf("+ %s", id);
        toolbar_button(toolbar, label, id, G_CALLBACK(add_clicked), app);
        g_free(label);
    }
    toolbar_button(toolbar, "start task", "task_started", G_CALLBACK(track_clicked), app);
    toolbar_button(toolbar, "complete task", "task_completed", G_CALLBACK(track_clicked), app);
    (void)xyz_dispatch_set_history(root, app->history);
    (void)xyz_dispatch_set_lane_limit(root, "toast", 3, XYZ_ON_FULL_QUEUE);  /* a stack of three toasts */
    (void)xyz_dispatch_page_did_appear(root);
    /* The campaign asks for a rating after every third completed task. */
    (void)xyz_dispatch_set_campaigns(root, catalog);
    (void)xyz_dispatch_set_attributes_json(root, "{\"rated\": false}");
    g_signal_connect(app->notebook, "switch-page", G_CALLBACK(on_switch_page), app);
    g_signal_connect(app->window, "realize", G_CALLBACK(on_realize), app);
    if (app->tab_names->len > 0) {
        app_select(app, g_ptr_array_index(app->tab_names, 0));
    }
    refresh(app);
    return app;
}

void app_free(App *app) {
    if (!app) {
        return;
    }
    /* The tabs' pages, then the root: their live alerts end (the callbacks
     * still find every widget). */
    for (guint i = 0; i < app->tab_names->len; i++) {
        xyz_dispatch *page = g_hash_table_lookup(app->pages, g_ptr_array_index(app->tab_names, i));
        (void)xyz_dispatch_destroy(page);
    }
    (void)xyz_dispatch_destroy(app_root(app));
    g_hash_table_destroy(app->pages);
    for (guint *source = &app->timer; source <= &app->refresh; source++) {
        if (*source) {
            g_source_remove(*source);
        }
    }
    g_hash_table_destroy(app->cards);
    g_ptr_array_free(app->live, TRUE);
    gtk_window_destroy(GTK_WINDOW(app->window));
    g_hash_table_destroy(app->tab_widgets);
    g_hash_table_destroy(app->tab_of);
    g_ptr_array_free(app->tab_names, TRUE);
    g_string_free(app->said, TRUE);
    g_string_free(app->notes, TRUE);
    xyz_history_release(app->history);
    xyz_catalog_free(app->policy);
    g_free(app->history_path);
    g_free(app);
}

xyz_alert *app_add(App *app, const char *id) {
    xyz_alert *alert = xyz_catalog_create_alert(app->policy, id);
    if (!alert) {
        app_note(app, xyz_last_error());
        return NULL;
    }
    g_ptr_array_add(app->live, xyz_alert_retain(alert));
    xyz_dispatch *page = g_hash_table_lookup(app->pages, g_hash_table_lookup(app->tab_of, id));
    if (xyz_dispatch_add(page, &alert, 1) != XYZ_OK) {  /* a duplicate id, for instance */
        app_note(app, xyz_last_error());
    }
    xyz_why why = XYZ_WHY_INIT;
    if (xyz_alert_why(alert, &why) == XYZ_OK && why.code == XYZ_WHY_FINISHED && why.end_reason == XYZ_END_CAPPED) {
        char *line = g_strdup_printf("'%s' was not shown: a frequency cap holds it", id);
        app_note(app, line);
        g_free(line);
    }
    app_refresh_later(app);
    return alert;
}

void app_select(App *app, const char *tab) {
    GtkWidget *widget = g_hash_table_lookup(app->tab_widgets, tab);
    int number = widget ? gtk_notebook_page_num(GTK_NOTEBOOK(app->notebook), widget) : -1;
    if (number >= 0 && gtk_notebook_get_current_page(GTK_NOTEBOOK(app->notebook)) != number) {
        gtk_notebook_set_current_page(GTK_NOTEBOOK(app->notebook), number);  /* switch-page tells the engine */
    } else if (widget) {
        activate(app, tab);
    }
}

void app_act(App *app, xyz_alert *alert, size_t index) {
    const char *id = xyz_alert_id(alert);
    if (id && strcmp(id, "rating") == 0 && strcmp(xyz_alert_action_id(alert, index), "rate") == 0) {
        (void)xyz_dispatch_set_attribute(app_root(app), "rated", "true");  /* the campaign admits no other */
    }
    if (xyz_alert_trigger_action(alert, index) != XYZ_OK) {
        app_note(app, xyz_last_error());
    }
}

bool app_save_history(App *app) {
    char *folder = g_path_get_dirname(app->history_path);
    g_mkdir_with_parents(folder, 0700);
    g_free(folder);
    xyz_error error;
    if (xyz_history_save_file(app->history, app->history_path, &error) != XYZ_OK) {
        fprintf(stderr, "xyzalert-gtk: %s\n", xyz_last_error());
        return false;
    }
    return true;
}

void app_note(App *app, const char *text) {
    g_string_prepend(app->notes, "\n");
    g_string_prepend(app->notes, text);
    g_string_prepend(app->notes, "! ");
    app_refresh_later(app);
}

xyz_dispatch *app_root(App *app) { return g_hash_table_lookup(app->pages, "window"); }

Card *app_card(App *app, const xyz_alert *alert) { return g_hash_table_lookup(app->cards, alert); }

int app_visible_toasts(App *app) {
    int count = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(app->toasts); child; child = gtk_widget_get_next_sibling(child)) {
        count += gtk_widget_get_mapped(child);
    }
    return count;
}

char *app_reasons_text(App *app) {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(app->reasons));
    GtkTextIter start, end;
    gtk_text_buffer_get_bounds(buffer, &start, &end);
    return gtk_text_buffer_get_text(buffer, &start, &end, FALSE);
}
