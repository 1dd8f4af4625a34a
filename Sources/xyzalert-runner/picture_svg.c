/* xyzalert simulate --format svg: drawing the picture picture.c recorded,
 * as SVG (see picture.c for what it shows and its sizes). */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "picture_data.h"

/* `s` as XML character data. Control characters other than tab are left
 * out, and U+FFFE and U+FFFF, which XML forbids too, are written as U+FFFD. */
static void text(FILE *out, const char *s) {
    for (; *s; s++) {
        const unsigned char *u = (const unsigned char *)s;
        if (u[0] == 0xEF && u[1] == 0xBF && (u[2] == 0xBE || u[2] == 0xBF)) {
            fputs("\xEF\xBF\xBD", out);
            s += 2;
            continue;
        }
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\t') fputc(*s, out);
        }
    }
}

static const char *fill_of(int state) {
    switch (state) {
    case XYZ_STATE_WAITING: return "url(#waiting)";
    case XYZ_STATE_READY: return "#9ecae1";
    case XYZ_STATE_SHOWING: return "#31a354";
    case XYZ_STATE_HIDDEN: return "#fdae6b";
    case PAGE_VISIBLE: return "#9e9ac8";
    default: return "none";
    }
}

/* Where each step is drawn: from x0[step], for `width[step]` pixels, of
 * which the first part is time since `origin[step]` (timed scenarios). */
typedef struct layout {
    bool timed;
    double left, scale, width;
    double *x0, *widths, *origin;
} layout;

/* b - a, kept finite (the times of a scenario may be anywhere up to
 * +-DBL_MAX, and their difference overflow): the picture's arithmetic
 * depends on how many steps and events there are, never on the times. */
static double difference(double b, double a) {
    double d = b - a;
    if (d != d) return 0;
    return d > DBL_MAX ? DBL_MAX : d < -DBL_MAX ? -DBL_MAX : d;
}

/* The largest whole number at most x (libm's floor, which the tool does
 * not link). Values of 2^52 and more are whole already. */
static double round_down(double x) {
    if (!(x > -4503599627370496.0 && x < 4503599627370496.0)) return x;
    double whole = (double)(long long)x;
    return whole > x ? whole - 1 : whole;
}

static void lay_out(const picture *p, layout *l) {
    l->x0 = calloc(p->steps + 1, sizeof *l->x0);
    l->widths = calloc(p->steps + 1, sizeof *l->widths);
    l->origin = calloc(p->steps + 1, sizeof *l->origin);
    if (!l->x0 || !l->widths || !l->origin) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    /* A step's time runs from the end of the step before (its own start
     * when the clock went back, or at the first reading after 0). */
    /* (The total is kept divided by the number of steps, which keeps it finite.) */
    double previous = 0, total = 0;
    bool read = false;
    for (size_t s = 0; s < p->steps; s++) {
        double begin = p->played[s] ? p->begins[s] : previous, end = p->played[s] ? p->ends[s] : previous;
        l->origin[s] = begin < previous || (!read && begin != previous) ? begin : previous;
        read = read || begin != 0 || end != 0;
        double span = difference(end, l->origin[s]);
        total += span > 0 ? span / (double)p->steps : 0;
        previous = end;
    }
    l->scale = l->timed && total > 0 ? TIME_WIDTH / (double)p->steps / total : 0;
    if (l->scale > 80) l->scale = 80; /* at most 80 pixels a second */
    double x = l->left;
    for (size_t s = 0; s < p->steps; s++) {
        double end = p->played[s] ? p->ends[s] : l->origin[s];
        l->x0[s] = x;
        double span = difference(end, l->origin[s]);
        l->widths[s] = l->timed ? TIMED_STEP_WIDTH + (span > 0 ? span * l->scale : 0) : STEP_WIDTH;
        x += l->widths[s];
    }
    l->x0[p->steps] = x;
    l->width = x;
}

/* docs/rules.md §22: behind the row of an alert with windows, a light
 * green band wherever they let it be selected, sampled every 2 pixels of
 * each step's width (a step without time is one sample). */
static void window_bands(FILE *out, const picture *p, const layout *l, xyz_alert *alert, double y) {
    if (!p->local || (xyz_alert_window_count(alert, false) == 0 && xyz_alert_window_count(alert, true) == 0)) return;
    double start = -1;
    for (size_t s = 0; s < p->steps; s++) {
        double t0 = l->origin[s], t1 = p->played[s] ? p->ends[s] : t0;
        double span = difference(t1, t0);
        for (double dx = 0; dx < l->widths[s]; dx += 2) {
            double t = t0;
            if (l->timed && l->scale > 0 && span > 0) {
                double into = dx - TIMED_STEP_WIDTH / 2.0;
                t = t0 + (into <= 0 ? 0 : into / l->scale > span ? span : into / l->scale);
            }
            bool open = xyz_alert_is_in_window(alert, p->local(t, p->local_context));
            double x = l->x0[s] + dx;
            if (open && start < 0) start = x;
            if (!open && start >= 0) {
                fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"#e3f2e6\"/>", start, y + 1,
                        x - start, ROW_HEIGHT - 2);
                start = -1;
            }
        }
    }
    if (start >= 0) {
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"#e3f2e6\"/>", start, y + 1,
                l->width - start, ROW_HEIGHT - 2);
    }
}

static double x_of(const picture *p, const layout *l, size_t step, size_t seq, double time) {
    if (step >= p->steps) return l->width;
    double fraction = (double)seq / (double)(p->events[step] + 1);
    if (!l->timed) return l->x0[step] + fraction * STEP_WIDTH;
    /* Events after the call's own moment (timers an advance fires) sit on
     * the time axis itself, where its round time labels are. */
    if (p->played[step] && time > p->begins[step]) fraction = 1;
    double offset = difference(time, l->origin[step]) * l->scale;
    double width = l->widths[step] - TIMED_STEP_WIDTH; /* (the step's time, drawn) */
    offset = offset < 0 ? 0 : offset > width ? width : offset;
    return l->x0[step] + offset + fraction * TIMED_STEP_WIDTH;
}

/* A time label at `x` unless it would overlap the one before (which ends
 * at *end) or repeat its time: the user's local time with a local axis
 * ("Tue 08:00:00"), else seconds (6 significant digits, "120s"). */
static void time_label(FILE *out, const picture *p, double x, double t, double *end, double *labelled, bool tick) {
    char label[32];
    if (p->local_axis && p->local) {
        local_seconds_text(p->local(t, p->local_context), label);
    } else {
        snprintf(label, sizeof label, "%.6gs", t);
    }
    int n = (int)strlen(label);
    if (t == *labelled || x < *end + 6) return;
    fprintf(out, "<text x=\"%.1f\" y=\"%d\" stroke=\"none\" fill=\"#08519c\">%s</text>", x + 2, TOP - 24, label);
    if (tick) fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#9ecae1\"/>", x, TOP - 20, x, TOP - 14);
    *end = x + 2 + n * 6.0;
    *labelled = t;
}

/* Time labels at the round times in (from, to) (and at `to` itself when
 * `through`), drawn after `seq` events of the step. At most as many as fit
 * the step's width, 50 pixels apart: bounded by the picture's size, never
 * by the times (a count that stops moving ends the loop). */
static void round_times(FILE *out, const picture *p, const layout *l, size_t step, size_t seq, double from, double to,
                        bool through, double every, double *label_end, double *labelled) {
    double first = round_down(from / every) + 1;
    for (double n = first; n - first < 64 && n + 1 != n; n++) {
        double t = n * every;
        if (through ? t > to : t >= to) break;
        if (t > from) time_label(out, p, x_of(p, l, step, seq, t), t, label_end, labelled, true);
    }
}

/* A line where each step's call is made and its number; in a timed
 * scenario, the time where a step's call is made and at round times within
 * the time steps span, at least 50 pixels apart. */
static void axis(FILE *out, const picture *p, const layout *l, double bottom) {
    static const double nice[] = {0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100,
                                  200, 500, 1000, 2000, 5000, 10000, 30000, 100000};
    /* (On a local axis, spans a clock reads: minutes, hours, days.) */
    static const double clock_nice[] = {0.001, 0.01, 0.1, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600,
                                        7200, 10800, 21600, 43200, 86400};
    const double *steps = p->local_axis ? clock_nice : nice;
    size_t count = p->local_axis ? sizeof clock_nice / sizeof clock_nice[0] : sizeof nice / sizeof nice[0];
    size_t k = 0;
    while (k + 1 < count && steps[k] * l->scale < 50) k++;
    double every = steps[k];
    /* Beyond: 2, 5 and 10 times as much, for as long as it takes. */
    for (int n = 0; l->scale > 0 && every * l->scale < 50 && every < DBL_MAX / 10; n++) {
        every *= n % 3 == 1 ? 2.5 : 2;
    }
    double step_label = -1e9, label_end = -1e9, labelled = -DBL_MAX;
    fprintf(out, "<g font-size=\"10\" fill=\"#555\" stroke=\"#ddd\">\n");
    for (size_t s = 0; s < p->steps; s++) {
        double begin = p->played[s] ? p->begins[s] : l->origin[s];
        double x = x_of(p, l, s, 0, begin);
        fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\"/>", x, TOP - 20, x, bottom);
        if (x - step_label >= 16) {
            fprintf(out, "<text x=\"%.1f\" y=\"%d\" stroke=\"none\">%zu</text>", x + 2, TOP - 9, s);
            step_label = x;
        }
        if (l->timed && p->played[s] && l->scale > 0) {
            /* Round times of the span before the call, the call's time, round times after it. */
            round_times(out, p, l, s, 0, l->origin[s], begin, false, every, &label_end, &labelled);
            time_label(out, p, x, begin, &label_end, &labelled, false);
            round_times(out, p, l, s, p->events[s] + 1, begin, p->ends[s], true, every, &label_end, &labelled);
        }
        fputc('\n', out);
    }
    fprintf(out, "</g>\n");
}

void picture_write(const picture *p, FILE *out, const char *title, bool timed) {
    size_t longest = 5;
    for (size_t i = 0; i < p->count; i++) {
        size_t n = strlen(p->rows[i].label);
        longest = n > longest ? n : longest;
    }
    layout l = {timed, 16.0 + (double)longest * CHAR_WIDTH, 0, 0, NULL, NULL, NULL};
    lay_out(p, &l);
    double width = l.width + 90 > 660 ? l.width + 90 : 660; /* room for the last end reason, and the legend */
    for (size_t i = 0; i < p->mark_count; i++) { /* and for each campaign mark's label */
        double right = x_of(p, &l, p->marks[i].at.step, p->marks[i].at.seq, p->marks[i].at.time) + 12
                       + (double)strlen(p->marks[i].label) * 5.5;
        width = right > width ? right : width;
    }
    double bottom = TOP + (double)p->count * ROW_HEIGHT + (p->pages && p->count > p->pages ? 8 : 0);
    double marks_y = bottom;
    if (p->mark_count) bottom += ROW_HEIGHT + 8 + 10 * (MARK_ROWS - 2);
    double height = bottom + 56;

    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                 "font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"12\">\n", width, height, width, height);
    fprintf(out, "<title>");
    text(out, title);
    fprintf(out, "</title>\n<defs><pattern id=\"waiting\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                 "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#e0e0e0\"/>"
                 "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#9a9a9a\" stroke-width=\"3\"/></pattern></defs>\n");
    fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(out, "<text x=\"8\" y=\"20\" font-size=\"14\" font-weight=\"bold\">");
    text(out, title);
    fprintf(out, "</text><text x=\"8\" y=\"36\" font-size=\"10\" fill=\"#555\">x: %s</text>\n",
            !timed ? "steps"
            : p->local_axis ? "steps, each as wide as the time it spans (the user's local time, in blue) and a little more"
                            : "steps, each as wide as the time it spans (seconds, in blue) and a little more");
    axis(out, p, &l, bottom);

    for (size_t i = 0; i < p->count; i++) {
        const row *r = &p->rows[i];
        double y = TOP + (double)i * ROW_HEIGHT + (i >= p->pages && p->pages ? 8 : 0);
        fprintf(out, "<g>");
        if (r->alert) window_bands(out, p, &l, r->alert, y);
        fprintf(out, "<text x=\"8\" y=\"%.1f\"%s>", y + 14, r->alert ? "" : " font-style=\"italic\"");
        text(out, r->label);
        fprintf(out, "</text>");
        double last_x = l.left;
        for (size_t k = 0; k < r->count; k++) {
            const change *c = &r->changes[k];
            double x0 = x_of(p, &l, c->step, c->seq, c->time);
            double x1 = k + 1 < r->count ? x_of(p, &l, r->changes[k + 1].step, r->changes[k + 1].seq, r->changes[k + 1].time)
                                         : l.width;
            last_x = k + 1 < r->count ? x1 : x0;
            if (c->state == NONE) {
                last_x = x0;
                continue;
            }
            double w = x1 - x0 < 1.5 ? 1.5 : x1 - x0;
            fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\" stroke=\"#555\" "
                         "stroke-width=\"0.5\"/>", x0, y + 4, w, BAR_HEIGHT, fill_of(c->state));
        }
        if (r->end[0]) {
            /* One that never showed nor queued (capped or a duplicate at its
             * add) ends where it finished. */
            if (r->count == 0) last_x = x_of(p, &l, r->ended.step, r->ended.seq, r->ended.time);
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#a50f15\">", last_x + 3, y + 14);
            text(out, r->end);
            fprintf(out, "</text>");
        }
        fprintf(out, "</g>\n");
    }
    if (p->pages && p->count > p->pages) {
        double y = TOP + (double)p->pages * ROW_HEIGHT + 4;
        fprintf(out, "<line x1=\"8\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>\n", y, l.width, y);
    }

    if (p->mark_count) {
        /* Campaigns: a blue triangle per trigger, a grey cross per skip,
         * each with its label as a tooltip, and written beside it on the
         * first of MARK_ROWS lines where it overlaps no other label (none
         * free: the tooltip only). */
        fprintf(out, "<g font-size=\"9\"><text x=\"8\" y=\"%.1f\" font-style=\"italic\">campaigns</text>\n", marks_y + 18);
        double line_end[MARK_ROWS];
        for (int k = 0; k < MARK_ROWS; k++) line_end[k] = -1e9;
        for (size_t i = 0; i < p->mark_count; i++) {
            const mark *m = &p->marks[i];
            double mx = x_of(p, &l, m->at.step, m->at.seq, m->at.time), my = marks_y + 14;
            if (m->skip) {
                fprintf(out, "<path d=\"M%.1f %.1f l8 8 m0 -8 l-8 8\" stroke=\"#777\" stroke-width=\"1.5\">", mx - 4, my - 4);
            } else {
                fprintf(out, "<path d=\"M%.1f %.1f l5 -9 l5 9 z\" fill=\"#2b6cb0\">", mx - 5, my + 4);
            }
            fprintf(out, "<title>");
            text(out, m->label);
            fprintf(out, "</title></path>\n");
            for (int k = 0; k < MARK_ROWS; k++) {
                if (line_end[k] + 4 > mx + 7) continue;
                fprintf(out, "<text class=\"mark-label\" x=\"%.1f\" y=\"%.1f\" fill=\"%s\">", mx + 7, my - 6 + 10.0 * k,
                        m->skip ? "#555" : "#2b6cb0");
                text(out, m->label);
                fprintf(out, "</text>\n");
                line_end[k] = mx + 7 + (double)strlen(m->label) * 5.5;
                break;
            }
        }
        fprintf(out, "</g>\n");
    }

    static const struct {
        int state;
        const char *name;
    } legend[] = {{PAGE_VISIBLE, "page visible"}, {XYZ_STATE_WAITING, "waiting (not ready)"},
                  {XYZ_STATE_READY, "queued (ready)"}, {XYZ_STATE_SHOWING, "showing"}, {XYZ_STATE_HIDDEN, "hidden"}};
    double x = 8, y = bottom + 24;
    fprintf(out, "<g font-size=\"11\">\n");
    for (size_t i = 0; i < sizeof legend / sizeof legend[0]; i++) {
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" height=\"%d\" fill=\"%s\" stroke=\"#555\" stroke-width=\"0.5\"/>"
                     "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", x, y, BAR_HEIGHT, fill_of(legend[i].state), x + 30, y + 10,
                legend[i].name);
        x += 40 + (double)strlen(legend[i].name) * 6.5;
    }
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#a50f15\">end reason</text>\n", x, y + 10);
    bool bands = false;
    for (size_t i = 0; p->local && i < p->count && !bands; i++) {
        xyz_alert *a = p->rows[i].alert;
        bands = a && (xyz_alert_window_count(a, false) || xyz_alert_window_count(a, true));
    }
    if (bands) {
        x += 90;
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" height=\"%d\" fill=\"#e3f2e6\"/>"
                     "<text x=\"%.1f\" y=\"%.1f\">in its windows</text>\n", x, y, BAR_HEIGHT, x + 30, y + 10);
    }
    fprintf(out, "</g>\n</svg>\n");
    free(l.x0);
    free(l.widths);
    free(l.origin);
}
