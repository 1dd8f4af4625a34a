/* Misuse returns an error and changes nothing: NULL handles, bad enums,
 * wrong states, bad sizes. */
#include "harness.h"

static void null_handles_are_einval(void) {
    CHECK_STATUS(xyz_dispatch_destroy(NULL), XYZ_EINVAL);
    CHECK_STR(xyz_last_error(), "xyz_dispatch_destroy: dispatch is NULL");
    CHECK_STATUS(xyz_dispatch_set_name(NULL, "x"), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_add(NULL, NULL, 0), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_page_did_appear(NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_page_will_disappear(NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_set_parent(NULL, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_set_active_child(NULL, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_set_active_child_provider(NULL, NULL, NULL, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_set_target(NULL, "x", NULL), XYZ_EINVAL);
    xyz_rect zero = {0, 0, 0, 0};
    CHECK_STATUS(xyz_dispatch_keyboard_changed(NULL, zero, 0), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_flush(NULL), XYZ_EINVAL);
    CHECK(xyz_dispatch_find(NULL, "x") == NULL);
    CHECK(xyz_dispatch_snapshot_json(NULL) == NULL);
    CHECK(xyz_dispatch_name(NULL) == NULL && xyz_dispatch_parent(NULL) == NULL);
    CHECK_STATUS(xyz_alert_set_priority(NULL, 1), XYZ_EINVAL);
    CHECK_STR(xyz_last_error(), "xyz_alert_set_priority: alert is NULL");
    CHECK_STATUS(xyz_alert_set_exclusive(NULL, XYZ_EXCLUSIVE_COVER), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_add_dependency(NULL, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_add_dependency_id(NULL, "x"), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_waiting(NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_ready(NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_dismiss(NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_cancel(NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_trigger_action(NULL, 0), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_target(NULL, "x"), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_keyboard_avoidance(NULL, true, 0), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_frame(NULL, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_style(NULL, "x"), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_title(NULL, "x"), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_message(NULL, "x"), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_add_action(NULL, "x", "x", XYZ_ACTION_DEFAULT), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_clear_actions(NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_meta(NULL, "{}"), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_user_data(NULL, NULL, NULL), XYZ_EINVAL);
    CHECK(xyz_alert_id(NULL) == NULL && xyz_alert_priority(NULL) == 0);
    CHECK(xyz_alert_exclusive(NULL) == XYZ_EXCLUSIVE_WAIT && xyz_alert_state(NULL) == XYZ_STATE_FINISHED);
    CHECK(xyz_alert_dispatch(NULL) == NULL && xyz_alert_explain(NULL) == NULL);
    CHECK(xyz_alert_target(NULL) == NULL && xyz_alert_style(NULL) == NULL && xyz_alert_title(NULL) == NULL);
    CHECK(xyz_alert_message(NULL) == NULL && xyz_alert_meta(NULL) == NULL && xyz_alert_user_data(NULL) == NULL);
    CHECK(xyz_alert_action_count(NULL) == 0 && xyz_alert_action_id(NULL, 0) == NULL);
    CHECK(xyz_alert_action_title(NULL, 0) == NULL && xyz_alert_action_style(NULL, 0) == XYZ_ACTION_DEFAULT);
    CHECK(xyz_alert_retain(NULL) == NULL);
    xyz_alert_release(NULL);
}

static void null_strings_and_arrays_are_einval(void) {
    xyz_dispatch *d = xyz_dispatch_create(NULL, NULL);
    xyz_alert *a = xyz_alert_create("a");
    CHECK_STATUS(xyz_dispatch_set_name(d, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_set_target(d, NULL, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_dispatch_add(d, NULL, 2), XYZ_EINVAL);
    xyz_alert *with_null[] = {a, NULL};
    CHECK_STATUS(xyz_dispatch_add(d, with_null, 2), XYZ_EINVAL);
    CHECK_STR(xyz_last_error(), "xyz_dispatch_add: alerts[1] is NULL");
    CHECK(xyz_alert_state(a) == XYZ_STATE_IDLE);
    CHECK(xyz_dispatch_find(d, NULL) == NULL);
    CHECK_STATUS(xyz_alert_add_dependency(a, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_add_dependency_id(a, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_add_dependency_id(a, ""), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_target(a, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_target(a, ""), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_set_style(a, NULL), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_add_action(a, NULL, "t", XYZ_ACTION_DEFAULT), XYZ_EINVAL);
    CHECK_STATUS(xyz_alert_add_action(a, "i", NULL, XYZ_ACTION_DEFAULT), XYZ_EINVAL);
    CHECK(xyz_alert_action_count(a) == 0);
    xyz_dispatch_destroy(d);
    xyz_alert_release(a);
}

/* What the alert set format refuses, the C API refuses too, so that every
 * recording of a content change loads (and an on-screen alert gets no
 * update for it). */
static void content_the_files_refuse_is_refused(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    CHECK_OK(xyz_dispatch_start_recording(home));
    xyz_alert *a = xyz_alert_create("a");
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_STR(recorder_take(&r), "show a page\n");
    CHECK_STATUS(xyz_alert_set_style(a, ""), XYZ_EINVAL);
    CHECK_STR(xyz_last_error(), "style of alert 'a' must not be empty");
    CHECK_STR(xyz_alert_style(a), "alert");
    CHECK_STATUS(xyz_alert_add_action(a, "", "Empty", XYZ_ACTION_DEFAULT), XYZ_EINVAL);
    CHECK_STR(xyz_last_error(), "an action id of alert 'a' must not be empty");
    CHECK_OK(xyz_alert_add_action(a, "ok", "OK", XYZ_ACTION_DEFAULT));
    CHECK_STATUS(xyz_alert_add_action_flags(a, "ok", "Again", XYZ_ACTION_CANCEL, 0), XYZ_EDUPLICATE);
    CHECK_STR(xyz_last_error(), "alert 'a' already has an action with id 'ok'");
    CHECK(xyz_alert_action_count(a) == 1);
    CHECK_STR(recorder_take(&r), "update a -\n");
    char *json = xyz_dispatch_recording_json(home);
    CHECK(json != NULL);
    xyz_error error;
    xyz_catalog *replay = xyz_catalog_load_string(json, strlen(json), &error); /* validates the scenario in full */
    CHECK(replay != NULL);
    xyz_catalog_free(replay);
    xyz_free(json);
    xyz_alert_release(a);
    CHECK_OK(xyz_dispatch_destroy(home));
}

static void bad_enum_values_are_einval(void) {
    xyz_alert *a = xyz_alert_create("a");
    CHECK_STATUS(xyz_alert_set_exclusive(a, (xyz_exclusive)3), XYZ_EINVAL);
    CHECK_STR(xyz_last_error(), "xyz_alert_set_exclusive: 3 is not a valid xyz_exclusive");
    CHECK_STATUS(xyz_alert_set_exclusive(a, (xyz_exclusive)-1), XYZ_EINVAL);
    CHECK(xyz_alert_exclusive(a) == XYZ_EXCLUSIVE_WAIT);
    CHECK_STATUS(xyz_alert_add_action(a, "i", "t", (xyz_action_style)7), XYZ_EINVAL);
    CHECK(xyz_alert_action_count(a) == 0);
    xyz_alert_release(a);
    /* xyz_alert_create_with checks both before it creates anything (valgrind: no leak). */
    CHECK(xyz_alert_create_with("a", 1, (xyz_exclusive)3) == NULL);
    CHECK_STR(xyz_last_error(), "xyz_alert_create_with: 3 is not a valid xyz_exclusive");
    CHECK(xyz_alert_create_with("bad\xff", 1, XYZ_EXCLUSIVE_COVER) == NULL);
    CHECK_STR(xyz_last_error(), "xyz_alert_create_with: id is not valid UTF-8");
}

static void a_host_of_unknown_size_is_rejected_without_destroying_its_context(void) {
    recorder r = {0};
    xyz_host host = recorder_host(&r);
    host.size = 8;
    CHECK(xyz_dispatch_create(&host, NULL) == NULL);
    CHECK(strstr(xyz_last_error(), "xyz_host.size is 8") != NULL);
    host.size = sizeof host + 8;
    CHECK(xyz_dispatch_create(&host, NULL) == NULL);
    CHECK(r.context_destroyed == 0);
}

static void wrong_states_are_estate_and_change_nothing(void) {
    recorder r = {0};
    xyz_dispatch *home = recorder_page(&r, "home");
    xyz_alert *a = xyz_alert_create("a");
    CHECK_STATUS(xyz_alert_cancel(a), XYZ_ESTATE);
    CHECK_OK(xyz_dispatch_add(home, &a, 1));
    CHECK_STATUS(xyz_dispatch_add(home, &a, 1), XYZ_ESTATE);
    CHECK_STATUS(xyz_alert_set_priority(a, 1), XYZ_ESTATE);
    CHECK_STATUS(xyz_alert_set_waiting(a), XYZ_ESTATE);
    CHECK_OK(xyz_alert_dismiss(a));
    CHECK_STATUS(xyz_alert_dismiss(a), XYZ_ESTATE);
    CHECK_STATUS(xyz_alert_cancel(a), XYZ_ESTATE);
    CHECK_STATUS(xyz_alert_set_ready(a), XYZ_ESTATE);
    CHECK_STATUS(xyz_alert_set_title(a, "late"), XYZ_ESTATE);
    CHECK_STATUS(xyz_alert_trigger_action(a, 0), XYZ_ESTATE);
    CHECK(xyz_alert_state(a) == XYZ_STATE_FINISHED && xyz_alert_title(a) == NULL);
    CHECK_STR(recorder_take(&r), "show a page\nfinish a dismissed\n");
    xyz_rect bad = {0, 0, 0, 0};
    CHECK_STATUS(xyz_dispatch_keyboard_changed(home, bad, -1), XYZ_EINVAL);
    xyz_dispatch_destroy(home);
    xyz_alert_release(a);
}

static xyz_dispatch *mutating_provider(xyz_dispatch *parent, void *context) {
    xyz_alert *sneaky = xyz_alert_create("sneaky");
    CHECK_STATUS(xyz_dispatch_add(parent, &sneaky, 1), XYZ_ESTATE);
    xyz_alert_release(sneaky);
    return (xyz_dispatch *)context;
}

static void a_provider_cannot_change_the_schedule(void) {
    recorder r = {0};
    xyz_dispatch *tab = recorder_page(&r, "tab");
    xyz_dispatch *home = recorder_page(&r, "home");
    CHECK_OK(xyz_dispatch_set_parent(home, tab));
    CHECK_OK(xyz_dispatch_set_active_child_provider(tab, mutating_provider, home, NULL));
    CHECK(xyz_dispatch_find(tab, "sneaky") == NULL);
    xyz_dispatch_destroy(home);
    xyz_dispatch_destroy(tab);
}

const test_case misuse_tests[] = {
    {"content_the_files_refuse_is_refused", content_the_files_refuse_is_refused},
    {"null_handles_are_einval", null_handles_are_einval},
    {"null_strings_and_arrays_are_einval", null_strings_and_arrays_are_einval},
    {"bad_enum_values_are_einval", bad_enum_values_are_einval},
    {"a_host_of_unknown_size_is_rejected_without_destroying_its_context", a_host_of_unknown_size_is_rejected_without_destroying_its_context},
    {"wrong_states_are_estate_and_change_nothing", wrong_states_are_estate_and_change_nothing},
    {"a_provider_cannot_change_the_schedule", a_provider_cannot_change_the_schedule},
    {NULL, NULL},
};
