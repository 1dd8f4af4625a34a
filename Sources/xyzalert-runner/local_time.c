/* The scenario's local time (docs/rules.md §22): "utc_offset" is handed
 * over as it is; "utc_offsets" (a recording's) by the entry in force at
 * each wall time; "time_zone" is set as TZ for the scenario's run and read
 * back with localtime_r(), so that daylight-saving changes apply; a
 * scenario with none is in UTC, and prints the same trace everywhere. */
#include "runner.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void local_time_begin(runner *r) {
    r->has_offset = xyz_scenario_utc_offset(r->scenario, &r->offset);
    const char *zone = xyz_scenario_time_zone(r->scenario);
    if (!zone) return;
    const char *old = getenv("TZ");
    r->had_tz = old != NULL;
    r->saved_tz = old ? strdup(old) : NULL;
    setenv("TZ", zone, 1);
    tzset();
    r->has_zone = true;
}

void local_time_end(runner *r) {
    if (!r->has_zone) return;
    if (r->had_tz && r->saved_tz) {
        setenv("TZ", r->saved_tz, 1);
    } else {
        unsetenv("TZ");
    }
    tzset();
    free(r->saved_tz);
    r->saved_tz = NULL;
    r->has_zone = false;
}

/* Days from 1970-01-01 to the civil date y-m-d (proleptic Gregorian). */
static long days_from_civil(long y, long m, long d) {
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* The offset of the last "utc_offsets" entry at or before `wall` (the
 * first's before it), by bisection. */
static double changing_offset(const runner *r, size_t count, double wall) {
    size_t low = 0, high = count; /* the answer is the last entry whose wall <= `wall` */
    while (high - low > 1) {
        size_t middle = low + (high - low) / 2;
        double at;
        xyz_scenario_utc_offset_change(r->scenario, middle, &at, NULL);
        if (at <= wall) low = middle; else high = middle;
    }
    double offset = 0;
    xyz_scenario_utc_offset_change(r->scenario, low, NULL, &offset);
    return offset;
}

/* The scenario's offset at `wall`: its fixed one, its changing ones, its
 * zone's, or 0 (UTC). */
static double offset_at(const runner *r, double wall) {
    if (r->has_offset) return r->offset;
    size_t changes = xyz_scenario_utc_offset_change_count(r->scenario);
    if (changes > 0) return changing_offset(r, changes, wall);
    if (!r->has_zone || !(wall > -1e15 && wall < 1e15)) return 0;
    time_t t = (time_t)wall;
    if ((double)t > wall) t--; /* toward the past, as floor() (no libm for the tool) */
    struct tm local;
    if (!localtime_r(&t, &local)) return 0;
    /* (tm_gmtoff is not POSIX: the offset is the local fields read as UTC,
     * less the time itself.) */
    double as_utc = (double)days_from_civil(local.tm_year + 1900L, local.tm_mon + 1L, local.tm_mday) * 86400.0
                    + local.tm_hour * 3600.0 + local.tm_min * 60.0 + local.tm_sec;
    return as_utc - (double)t;
}

double local_time_offset(double wall, void *context) {
    const page *p = context;
    return offset_at(p->runner, wall);
}

double local_time_at(double clock, void *context) {
    const runner *r = context;
    double wall = xyz_scenario_wall_clock(r->scenario) + clock;
    return wall + offset_at(r, wall);
}

const char *local_time_text(runner *r, double wall, char *out) {
    return local_seconds_text(wall + offset_at(r, wall), out);
}

const char *local_seconds_text(double local, char *out) {
    static const char *const days[] = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"}; /* day 0: 1970-01-01 */
    if (!isfinite(local) || local > 1e15 || local < -1e15) {
        snprintf(out, 16, "-");
        return out;
    }
    /* (Integer floors, so that the tool needs no libm.) */
    long long seconds = (long long)local;
    if ((double)seconds > local) seconds--;
    long long day = seconds / 86400 - (seconds % 86400 < 0);
    int second = (int)(seconds - day * 86400);
    int weekday = (int)(((day % 7) + 7) % 7);
    snprintf(out, 16, "%s %02d:%02d:%02d", days[weekday], (second / 3600) % 24, second / 60 % 60, second % 60);
    return out;
}
