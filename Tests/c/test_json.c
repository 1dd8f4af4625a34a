/* JSON alert sets and scenarios through the C API: every bad input of
 * Tests/data/bad reports the location its .expected file names, and the
 * accessors give back what the files say. Run from the repository root. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "harness.h"
#include "xyzalert_tooling.h"

static char *read_all(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *data = malloc((size_t)size + 1);
    *length = fread(data, 1, (size_t)size, file);
    data[*length] = '\0';
    fclose(file);
    return data;
}

/* Whether `line` is one of the two lines xyzalert check prints under a
 * located error (the file's line, "   4 | ...", and the caret's, "     | ^"):
 * the tool's, not the library's. */
static bool is_source_line(const char *line) {
    line += strspn(line, " ");
    line += strspn(line, "0123456789");
    return strncmp(line, " | ", 3) == 0 || strncmp(line, "| ", 2) == 0;
}

/* `text` past the source lines it starts with. */
static const char *past_source_lines(const char *text) {
    while (*text && is_source_line(text)) {
        text += strcspn(text, "\n");
        text += *text == '\n';
    }
    return text;
}

/* xyz_check_file() of the bad file `name` gives exactly the error lines of
 * `expected` ("NAME.json:LINE:COLUMN: error: MESSAGE (at POINTER)" each, as
 * xyzalert check prints them, each followed by its source lines), in order. */
static void check_every_problem(const char *path, const char *name, const char *expected) {
    xyz_error problems[32];
    size_t count = 99;
    xyz_status status = xyz_check_file(path, problems, 32, &count);
    CHECK(status == XYZ_EPARSE || status == XYZ_ESCHEMA);
    CHECK(count > 0 && status == problems[0].status);
    const char *line = expected;
    for (size_t i = 0; i < count && i < 32; i++) {
        line = past_source_lines(line);
        char formatted[2048];
        snprintf(formatted, sizeof formatted, "%s:%d:%d: error: %s (at %s)\n", name, problems[i].line,
                 problems[i].column, problems[i].message, problems[i].pointer[0] ? problems[i].pointer : "\"\"");
        size_t n = strcspn(line, "\n") + 1;
        CHECK(strlen(formatted) == n && strncmp(formatted, line, n) == 0);
        if (strlen(formatted) != n || strncmp(formatted, line, n) != 0) {
            fprintf(stderr, "  problem %zu: %s", i, formatted);
        }
        line += n;
    }
    line = past_source_lines(line);
    CHECK(*line == '\0'); /* every expected line was reported */
}

/* Checks one bad file against "NAME.json:LINE:COLUMN: error: MESSAGE (at
 * POINTER)": loading reports the first line; checking reports all of them. */
static void check_bad_file(const char *name) {
    char path[512], expected_path[512];
    snprintf(path, sizeof path, "Tests/data/bad/%s", name);
    snprintf(expected_path, sizeof expected_path, "Tests/data/bad/%.*s.expected", (int)(strlen(name) - 5), name);
    size_t length;
    char *expected = read_all(expected_path, &length);
    CHECK(expected != NULL);
    if (!expected) return;
    check_every_problem(path, name, expected);
    expected[strcspn(expected, "\n")] = '\0';
    int line = 0, column = 0, consumed = 0;
    char *after_name = expected + strlen(name);
    CHECK(sscanf(after_name, ":%d:%d: error: %n", &line, &column, &consumed) == 2);
    char *message = after_name + consumed;
    char *at = strstr(message, " (at ");
    while (at && strstr(at + 1, " (at ")) at = strstr(at + 1, " (at ");
    CHECK(at != NULL);
    if (!at) { free(expected); return; }
    *at = '\0';
    char *pointer = at + 5;
    pointer[strlen(pointer) - 1] = '\0';
    if (strcmp(pointer, "\"\"") == 0) pointer[0] = '\0'; /* the root */

    xyz_error error;
    xyz_catalog *set = xyz_catalog_load_file(path, &error);
    CHECK(set == NULL);
    CHECK(error.status == (strncmp(name, "syntax-", 7) == 0 || strncmp(name, "not-utf8", 8) == 0 ? XYZ_EPARSE : XYZ_ESCHEMA));
    CHECK(error.line == line && error.column == column);
    CHECK_STR(error.message, message);
    CHECK_STR(error.pointer, pointer);
    CHECK_STR(error.source, path);
    CHECK(strstr(xyz_last_error(), message) != NULL);
    /* The same text from memory: the same place, source "<string>". */
    size_t text_length;
    char *text = read_all(path, &text_length);
    xyz_error from_memory;
    CHECK(xyz_catalog_load_string(text, text_length, &from_memory) == NULL);
    CHECK(from_memory.line == line && from_memory.column == column && from_memory.position == error.position);
    CHECK_STR(from_memory.source, "<string>");
    free(text);
    free(expected);
    xyz_catalog_free(set);
}

static void every_bad_input_reports_its_exact_location(void) {
    DIR *dir = opendir("Tests/data/bad");
    CHECK(dir != NULL);
    if (!dir) return;
    int files = 0;
    for (struct dirent *entry; (entry = readdir(dir));) {
        size_t n = strlen(entry->d_name);
        if (n > 5 && strcmp(entry->d_name + n - 5, ".json") == 0) {
            int before = check_failed;
            check_failed = 0;
            check_bad_file(entry->d_name);
            if (check_failed) fprintf(stderr, "  (in %s)\n", entry->d_name);
            check_failed |= before;
            files++;
        }
    }
    closedir(dir);
    CHECK(files >= 50);
}

static void io_errors_and_null_arguments(void) {
    xyz_error error;
    CHECK(xyz_catalog_load_file("Tests/data/no-such-file.json", &error) == NULL);
    CHECK(error.status == XYZ_EIO && error.line == 0);
    CHECK_STR(error.message, "cannot open: No such file or directory");
    CHECK(xyz_catalog_load_file(NULL, &error) == NULL && error.status == XYZ_EINVAL);
    CHECK(xyz_catalog_load_string(NULL, 0, &error) == NULL && error.status == XYZ_EINVAL);
    CHECK(xyz_catalog_load_file("Tests/data/no-such-file.json", NULL) == NULL);
    CHECK(xyz_scenario_load_file(NULL, NULL) == NULL);
    CHECK(xyz_catalog_definition_count(NULL) == 0 && xyz_definition_id(xyz_catalog_definition(NULL, 0)) == NULL);
    CHECK(xyz_catalog_create_alert(NULL, "a") == NULL);
    CHECK_STATUS(xyz_dispatch_add_catalog(NULL, NULL), XYZ_EINVAL);
    CHECK(xyz_scenario_step_count(NULL) == 0);
    CHECK_STATUS(xyz_scenario_step_info(NULL, 0, NULL), XYZ_EINVAL);
    xyz_catalog_free(NULL);
    xyz_scenario_free(NULL);
}

static void deep_huge_and_binary_input_is_an_error_not_a_crash(void) {
    size_t depth = 100000;
    char *deep = malloc(2 * depth + 16);
    size_t n = (size_t)sprintf(deep, "{\"alerts\": ");
    memset(deep + n, '[', depth);
    memset(deep + n + depth, ']', depth);
    deep[n + 2 * depth] = '}';
    xyz_error error;
    CHECK(xyz_catalog_load_string(deep, n + 2 * depth + 1, &error) == NULL);
    CHECK(error.status == XYZ_EPARSE && strstr(error.message, "maximum parsing depth") != NULL);
    CHECK(strlen(error.pointer) < sizeof error.pointer);
    free(deep);
    const char binary[] = {'{', 0, 1, 2, (char)0xff, '}'};
    CHECK(xyz_catalog_load_string(binary, sizeof binary, &error) == NULL && error.status == XYZ_EPARSE);
    CHECK(xyz_catalog_load_string("", 0, &error) == NULL && error.status == XYZ_EPARSE);
    /* A very long unknown key: the message is cut to fit, still terminated. */
    char long_key[2048] = "{\"alerts\": [{\"id\": \"a\", \"";
    size_t start = strlen(long_key);
    memset(long_key + start, 'k', 1500);
    strcpy(long_key + start + 1500, "\": 1}]}");
    CHECK(xyz_catalog_load_string(long_key, strlen(long_key), &error) == NULL);
    /* The message quotes the key abbreviated; the pointer is cut to fit. */
    CHECK(error.status == XYZ_ESCHEMA && strstr(error.message, "kkk...\" in an alert") != NULL);
    CHECK(strlen(error.pointer) == sizeof error.pointer - 1);
    /* A message longer than the field is cut to fit, still terminated. */
    char long_after[2048] = "{\"alerts\": [{\"id\": \"a\", \"after\": [\"";
    start = strlen(long_after);
    memset(long_after + start, 'k', 1500);
    strcpy(long_after + start + 1500, "\"]}]}");
    CHECK(xyz_catalog_load_string(long_after, strlen(long_after), &error) == NULL);
    CHECK(error.status == XYZ_ESCHEMA && strlen(error.message) == sizeof error.message - 1);
}

static void an_alert_set_gives_back_its_definitions(void) {
    xyz_error error;
    xyz_catalog *set = xyz_catalog_load_file("examples/alerts.json", &error);
    CHECK(set != NULL && error.status == XYZ_OK);
    CHECK(xyz_catalog_definition_count(set) == 3);
    CHECK_STR(xyz_definition_id(xyz_catalog_definition(set, 1)), "promo");
    CHECK(xyz_definition_id(xyz_catalog_definition(set, 3)) == NULL);
    CHECK(xyz_definition_page(xyz_catalog_find(set, "promo")) == NULL);
    xyz_alert *promo = xyz_catalog_create_alert(set, "promo");
    CHECK(xyz_alert_priority(promo) == 10 && xyz_alert_exclusive(promo) == XYZ_EXCLUSIVE_COVER);
    CHECK_STR(xyz_alert_target(promo), "window");
    CHECK_STR(xyz_alert_title(promo), "Summer sale");
    CHECK_STR(xyz_alert_message(promo), "Everything -20%");
    CHECK_STR(xyz_alert_meta(promo), "{\"image\":\"sale.png\"}");
    CHECK(xyz_alert_action_count(promo) == 2 && xyz_alert_action_style(promo, 1) == XYZ_ACTION_CANCEL);
    CHECK(xyz_alert_dependency_id_count(promo) == 1);
    CHECK_STR(xyz_alert_dependency_id(promo, 0), "login");
    CHECK(xyz_alert_dependency_id(promo, 1) == NULL);
    CHECK(xyz_catalog_create_alert(set, "nope") == NULL);
    CHECK_STR(xyz_last_error(), "xyz_catalog_create_alert: no alert \"nope\" in this catalog");

    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    CHECK_OK(xyz_dispatch_add_catalog(home, set));
    /* login shows; promo is waiting ("ready": false) and after login; rating after promo. */
    CHECK_STR(recorder_take(&r), "show login page\n");
    CHECK(xyz_alert_state(xyz_dispatch_find(home, "promo")) == XYZ_STATE_WAITING);
    CHECK_STATUS(xyz_dispatch_add_catalog(home, set), XYZ_EDUPLICATE);
    xyz_dispatch_destroy(home);
    xyz_alert_release(promo);
    xyz_catalog_free(set);
}

static void a_scenario_gives_back_pages_and_steps(void) {
    xyz_error error;
    xyz_scenario *s = xyz_scenario_load_file("examples/tabs.json", &error);
    CHECK(s != NULL);
    if (!s) return;
    CHECK(!xyz_scenario_is_deferred(s));
    CHECK(xyz_scenario_page_count(s) == 3);
    CHECK_STR(xyz_scenario_page_name(s, 0), "tabbar");
    CHECK_STR(xyz_scenario_page_active(s, 0), "home");
    CHECK(xyz_scenario_page_parent(s, 0) == NULL);
    CHECK_STR(xyz_scenario_page_parent(s, 2), "tabbar");
    CHECK(xyz_scenario_page_name(s, 3) == NULL);
    const xyz_catalog *set = xyz_scenario_catalog(s);
    CHECK(xyz_catalog_definition_count(set) == 4);
    CHECK_STR(xyz_definition_page(xyz_catalog_find(set, "maintenance")), "tabbar");
    CHECK(xyz_scenario_step_count(s) == 14);
    xyz_step_info step = XYZ_STEP_INFO_INIT;
    CHECK_OK(xyz_scenario_step_info(s, 5, &step));
    CHECK(step.kind == XYZ_STEP_ADD && step.alert_count == 1);
    CHECK_STR(step.alerts[0], "maintenance");
    CHECK_STR(step.page, "tabbar");
    CHECK_OK(xyz_scenario_step_info(s, 7, &step));
    CHECK(step.kind == XYZ_STEP_SELECT && step.flush);
    CHECK_STR(step.child, "profile");
    CHECK_OK(xyz_scenario_step_info(s, 13, &step));
    CHECK(step.kind == XYZ_STEP_SELECT && step.child == NULL);
    CHECK_STATUS(xyz_scenario_step_info(s, 14, &step), XYZ_EINVAL);
    xyz_scenario_free(s);

    s = xyz_scenario_load_file("examples/keyboard.json", &error);
    CHECK_OK(xyz_scenario_step_info(s, 3, &step));
    CHECK(step.kind == XYZ_STEP_KEYBOARD && step.frame.y == 560 && step.frame.height == 252 && step.duration == 0.25);
    xyz_scenario_free(s);

    CHECK(xyz_scenario_load_file("examples/alerts.json", &error) == NULL);
    CHECK(error.status == XYZ_ESCHEMA);
    CHECK_STR(error.message, "not a scenario: a scenario's root has \"pages\" or \"steps\" (an alert set has neither)");
    const char text[] = "{\"pages\": {\"p\": {}}, \"deferred\": true, \"alerts\": [], \"steps\": [{\"flush\": \"p\"}]}";
    s = xyz_scenario_load_string(text, sizeof text - 1, &error);
    CHECK(s != NULL && xyz_scenario_is_deferred(s));
    xyz_scenario_free(s);
}

/* Every kind's arguments, and each step's clock and nesting, in one struct;
 * the 0.2 reading (xyz_step and the side getters) agrees with it. */
static void every_step_field_reads_from_one_struct(void) {
    const char text[] =
        "{\"pages\": {\"p\": {}, \"q\": {}}, \"alerts\": [{\"id\": \"a\", \"page\": \"p\"}, {\"id\": \"b\", \"page\": \"p\"}],"
        " \"steps\": [{\"add\": [\"a\", \"b\"], \"at\": 2.5},"
        " {\"update\": {\"alert\": \"a\", \"title\": null, \"style\": \"toast\", \"meta\": {\"k\": 1}}, \"during\": 1},"
        " {\"update\": {\"alert\": \"a\", \"clear_actions\": true, \"add_action\": {\"id\": \"ok\", \"title\": \"OK\", \"style\": \"cancel\"}}},"
        " {\"cancel_tagged\": {\"page\": \"p\", \"tag\": \"t\"}}, {\"cancel_tagged\": {\"page\": \"p\"}},"
        " {\"parent\": {\"page\": \"q\", \"parent\": \"p\"}}, {\"parent\": {\"page\": \"q\", \"parent\": null}},"
        " {\"target\": {\"alert\": \"a\", \"target\": \"sheet\"}}, {\"depend\": {\"alert\": \"b\", \"on\": \"a\"}},"
        " {\"depend\": {\"alert\": \"b\", \"id\": \"x\"}}, {\"select\": {\"page\": \"p\", \"child\": null, \"flush\": false}},"
        " {\"avoidance\": {\"alert\": \"a\", \"enabled\": false, \"adjust\": -8}}, {\"frame\": {\"alert\": \"a\", \"frame\": null}},"
        " {\"frame\": {\"alert\": \"a\", \"frame\": [1, 2, 3, 4]}}, {\"capacity\": {\"page\": \"p\", \"capacity\": 3}}]}";
    xyz_error error;
    xyz_scenario *s = xyz_scenario_load_string(text, sizeof text - 1, &error);
    CHECK(s != NULL);
    if (!s) {
        printf("    %s\n", error.message);
        return;
    }
    xyz_step_info st[15];
    for (size_t i = 0; i < 15; i++) {
        xyz_step_info init = XYZ_STEP_INFO_INIT;
        st[i] = init;
        CHECK_OK(xyz_scenario_step_info(s, i, &st[i]));
        CHECK(st[i].size == sizeof(xyz_step_info));
    }
    CHECK(st[0].kind == XYZ_STEP_ADD && st[0].has_at && st[0].at == 2.5 && st[0].during == 0 && st[0].alert_count == 2);
    CHECK(st[1].kind == XYZ_STEP_UPDATE && !st[1].has_at && st[1].during == 1);
    CHECK(st[1].sets == (XYZ_SETS_TITLE | XYZ_SETS_STYLE | XYZ_SETS_META) && st[1].title == NULL);
    CHECK_STR(st[1].style, "toast");
    CHECK_STR(st[1].meta, "{\"k\":1}");
    CHECK(st[2].sets == (XYZ_SETS_CLEAR_ACTIONS | XYZ_SETS_ADD_ACTION) && st[2].action_style == XYZ_ACTION_CANCEL);
    CHECK_STR(st[2].action_id, "ok");
    CHECK_STR(st[2].action_title, "OK");
    CHECK_STR(st[3].tag, "t");
    CHECK(st[4].kind == XYZ_STEP_CANCEL_TAGGED && st[4].tag == NULL);
    CHECK_STR(st[5].parent, "p");
    CHECK(st[6].kind == XYZ_STEP_PARENT && st[6].parent == NULL);
    CHECK_STR(st[7].target, "sheet");
    CHECK(st[8].id == NULL);
    CHECK_STR(st[8].on, "a");
    CHECK(st[9].on == NULL);
    CHECK_STR(st[9].id, "x");
    CHECK(st[10].kind == XYZ_STEP_SELECT && !st[10].flush && st[10].child == NULL);
    CHECK(st[11].kind == XYZ_STEP_AVOIDANCE && !st[11].enabled && st[11].adjust == -8);
    CHECK(st[12].kind == XYZ_STEP_FRAME && !st[12].has_frame);
    CHECK(st[13].has_frame && st[13].frame.x == 1 && st[13].frame.height == 4);
    CHECK(st[14].kind == XYZ_STEP_CAPACITY && st[14].index == 3);

    /* A size below any version is refused and leaves the struct alone; a
     * larger one (a later header) gets what this library knows, and keeps
     * its own size and the bytes beyond. */
    xyz_step_info small = XYZ_STEP_INFO_INIT;
    small.size = 8;
    CHECK_STATUS(xyz_scenario_step_info(s, 0, &small), XYZ_EINVAL);
    CHECK(small.kind == XYZ_STEP_APPEAR && small.page == NULL);
    CHECK(strstr(xyz_last_error(), "XYZ_STEP_INFO_INIT") != NULL);
    struct { xyz_step_info info; unsigned char later[16]; } large;
    memset(&large, 0xAB, sizeof large);
    large.info.size = (uint32_t)sizeof large;
    CHECK_OK(xyz_scenario_step_info(s, 3, &large.info));
    CHECK(large.info.size == sizeof large && large.info.kind == XYZ_STEP_CANCEL_TAGGED && large.later[15] == 0xAB);
    CHECK_STATUS(xyz_scenario_step_info(s, 0, NULL), XYZ_EINVAL);

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    xyz_step old;
    CHECK_OK(xyz_scenario_step(s, 0, &old));
    CHECK(old.kind == XYZ_STEP_ADD && old.alert_count == 2);
    double number = 0;
    CHECK(xyz_scenario_step_number(s, 0, "at", &number) && number == 2.5);
    CHECK(xyz_scenario_step_number(s, 1, "during", &number) && number == 1);
    CHECK(xyz_scenario_step_has(s, 1, "title") && xyz_scenario_step_text(s, 1, "title") == NULL);
    CHECK(!xyz_scenario_step_has(s, 1, "message"));
    CHECK_STR(xyz_scenario_step_text(s, 1, "meta"), "{\"k\":1}");
    CHECK(xyz_scenario_step_number(s, 2, "action_style", &number) && number == XYZ_ACTION_CANCEL);
    CHECK(!xyz_scenario_step_has(s, 4, "tag"));
    CHECK(xyz_scenario_step_has(s, 6, "parent") && xyz_scenario_step_text(s, 6, "parent") == NULL);
    CHECK(xyz_scenario_step_number(s, 10, "flush", &number) && number == 0);
    CHECK(xyz_scenario_step_number(s, 12, "frame_unknown", &number) && number == 1);
    CHECK(xyz_scenario_step_number(s, 14, "capacity", &number) && number == 3);
#pragma GCC diagnostic pop
    xyz_scenario_free(s);
}

/* xyz_error.pointer is cut to its 256 bytes; xyz_last_error_pointer() has it
 * in full, and is "" again after a failure that is not a load's. */
static void the_last_error_keeps_a_long_pointer_in_full(void) {
    char key[400], json[600], expected[420];
    memset(key, 'k', sizeof key - 1);
    key[sizeof key - 1] = '\0';
    snprintf(json, sizeof json, "{\"alerts\": [{\"id\": \"a\", \"%s\": 1}]}", key);
    snprintf(expected, sizeof expected, "/alerts/0/%s", key);
    xyz_error error;
    CHECK(xyz_catalog_load_string(json, strlen(json), &error) == NULL);
    CHECK(strlen(error.pointer) == sizeof error.pointer - 1);
    CHECK_STR(xyz_last_error_pointer(), expected);
    CHECK(xyz_alert_dismiss(NULL) == XYZ_EINVAL);
    CHECK_STR(xyz_last_error_pointer(), "");
}

/* For a tool that rewrites "expect": its place only, whatever it holds. */
static void a_scenario_loads_for_rewriting_whatever_its_expect_holds(void) {
    const char *path = ".build/expect-stale.json";
    FILE *file = fopen(path, "w");
    CHECK(file != NULL);
    fputs("{\"pages\": {\"p\": {}}, \"alerts\": [], \"steps\": [{\"appear\": \"p\"}], \"expect\": [\"7 show a p\"]}", file);
    fclose(file);
    xyz_error error;
    CHECK(xyz_scenario_load_file(path, &error) == NULL && error.status == XYZ_ESCHEMA);
    xyz_scenario *s = xyz_scenario_load_file_for_rewrite(path, &error);
    CHECK(s != NULL);
    size_t start = 0, end = 0;
    CHECK(xyz_scenario_expect_span(s, &start, &end, NULL, NULL) && end > start);
    CHECK(xyz_scenario_expect_count(s) == 0);
    xyz_scenario_free(s);
    CHECK(xyz_scenario_load_file_for_rewrite(NULL, &error) == NULL && error.status == XYZ_EINVAL);
}

/* A host may give Jansson its own allocator (json_set_alloc_funcs, before
 * any JSON value of its process; the tool's backtest does): then what
 * Jansson allocates for the library, the library frees with Jansson's free.
 * The blocks here carry a mark before them, so libc's free() of one is an
 * invalid free (valgrind fails the run) and a block freed twice or never
 * shows in the counts. The set's campaign alert has a real number: its
 * definition's text is written with Jansson's own digits (json_dumps). */
enum { MARK = 0x6a736f6e };
static long marked_count, marked_live, unmarked_frees;

static void *marked_malloc(size_t size) {
    size_t *block = malloc(2 * sizeof(size_t) + size);
    if (!block) return NULL;
    block[0] = MARK;
    marked_count++;
    marked_live++;
    return block + 2;
}

static void marked_free(void *pointer) {
    if (!pointer) return;
    size_t *block = (size_t *)pointer - 2;
    if (block[0] != MARK) {
        unmarked_frees++;
        return;
    }
    block[0] = 0;
    marked_live--;
    free(block);
}

static void a_host_s_jansson_allocator_frees_what_it_allocated(void) {
    const char *set = "{\"alerts\": [{\"id\": \"sale\", \"title\": \"Sale\", \"ttl\": 2.5}],"
                      " \"campaigns\": [{\"id\": \"c\", \"alert\": \"sale\", \"trigger\": {\"event\": \"open\"}}]}";
    json_malloc_t saved_malloc;
    json_free_t saved_free;
    json_get_alloc_funcs(&saved_malloc, &saved_free);
    json_set_alloc_funcs(marked_malloc, marked_free);
    xyz_error error;
    xyz_catalog *catalog = xyz_catalog_load_string(set, strlen(set), &error);
    xyz_catalog_free(catalog);
    json_set_alloc_funcs(saved_malloc, saved_free);
    CHECK(catalog != NULL);
    CHECK(marked_count > 0);
    CHECK(marked_live == 0);
    CHECK(unmarked_frees == 0);
}

const test_case json_tests[] = {
    {"a_host_s_jansson_allocator_frees_what_it_allocated", a_host_s_jansson_allocator_frees_what_it_allocated},
    {"a_scenario_loads_for_rewriting_whatever_its_expect_holds", a_scenario_loads_for_rewriting_whatever_its_expect_holds},
    {"the_last_error_keeps_a_long_pointer_in_full", the_last_error_keeps_a_long_pointer_in_full},
    {"every_bad_input_reports_its_exact_location", every_bad_input_reports_its_exact_location},
    {"io_errors_and_null_arguments", io_errors_and_null_arguments},
    {"deep_huge_and_binary_input_is_an_error_not_a_crash", deep_huge_and_binary_input_is_an_error_not_a_crash},
    {"an_alert_set_gives_back_its_definitions", an_alert_set_gives_back_its_definitions},
    {"a_scenario_gives_back_pages_and_steps", a_scenario_gives_back_pages_and_steps},
    {"every_step_field_reads_from_one_struct", every_step_field_reads_from_one_struct},
    {NULL, NULL},
};
