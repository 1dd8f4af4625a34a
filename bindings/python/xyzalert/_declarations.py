"""Every C function of the headers, declared once in one table (restype,
argtypes, result check, and whether the hot path calls it), as `lib`
(serialized; `_fast` declares the hot path's calls a second time).
"""

from __future__ import annotations

import ctypes
from ctypes import (CFUNCTYPE, POINTER, c_bool, c_char_p, c_double, c_int, c_int32, c_int64, c_long, c_size_t, c_uint, c_uint32, c_uint64,
                    c_void_p)
from typing import Any, Dict, Tuple

from ._deferred import _non_null, _plain, _status
from ._enums import Status
from ._loading import library as _library
from ._locking import serialized
from ._types import PROVIDER, WALL_CLOCK, CampaignWhyInfo, Error, Host, Rect, StepInfo, WhyInfo


_P = c_void_p
_S = c_char_p
_FREE = CFUNCTYPE(None, c_void_p)

# Constructors and other calls whose NULL result means XYZ_EINVAL.
_non_null_or_invalid = _non_null(Status.EINVAL)
# xyz_dispatch_recording_json: NULL for a dispatch the bindings pass is XYZ_ESTATE.
_non_null_or_state = _non_null(Status.ESTATE)

#: Flags of a declaration. UNLOCKED: `lib` calls it without the lock, as it
#: touches no domain and no shared state (versions, names, the thread's last
#: error, freeing a string, the keyboard formula, creating an alert,
#: evaluating a rule) or is
#: reference counting (atomic; an alert the engine still uses holds a
#: reference of its own). HOT: `hot` declares it too (see `_fast`).
UNLOCKED = 1
HOT = 2

#: name: (restype, argtypes, errcheck[, flags])
_DECLARATIONS: Dict[str, Tuple[Any, ...]] = {
    "xyz_version": (c_int, [], _plain, UNLOCKED),
    "xyz_version_string": (_S, [], _plain, UNLOCKED),
    # BEGIN GENERATED enum names (scripts/interface: edit its tables, not this region)
    "xyz_status_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_state_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_exclusive_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_hide_reason_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_end_reason_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_on_duplicate_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_when_displaced_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_preempt_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_on_full_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_order_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_politeness_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_on_capped_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_limit_per_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_on_outside_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_action_style_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_why_code_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_campaign_event_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_campaign_why_code_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_diagnostic_name": (_S, [c_int], _plain, UNLOCKED),
    # END GENERATED enum names
    "xyz_step_kind_name": (_S, [c_int], _plain, UNLOCKED),
    "xyz_last_error": (_S, [], None, UNLOCKED),
    "xyz_last_error_has_effects": (c_bool, [], None, UNLOCKED),
    "xyz_last_error_pointer": (_S, [], None, UNLOCKED),
    "xyz_free": (None, [c_void_p], None, UNLOCKED),
    "xyz_keyboard_offset": (c_double, [Rect, Rect, c_double], _plain, UNLOCKED),
    # dispatch
    "xyz_dispatch_create": (_P, [POINTER(Host), c_void_p], _non_null_or_invalid),
    "xyz_dispatch_destroy": (c_int, [_P], _status),
    # BEGIN GENERATED page properties (scripts/interface: edit its tables, not this region)
    "xyz_dispatch_set_name": (c_int, [_P, _S], _status),
    "xyz_dispatch_name": (_S, [_P], _plain),
    "xyz_dispatch_set_capacity": (c_int, [_P, c_size_t], _status),
    "xyz_dispatch_capacity": (c_size_t, [_P], _plain),
    "xyz_dispatch_set_order": (c_int, [_P, c_int], _status),
    "xyz_dispatch_order": (c_int, [_P], _plain),
    "xyz_dispatch_set_duration_scale": (c_int, [_P, c_double], _status),
    "xyz_dispatch_duration_scale": (c_double, [_P], _plain),
    "xyz_dispatch_set_reports_misses": (c_int, [_P, c_bool], _status),
    "xyz_dispatch_is_reporting_misses": (c_bool, [_P], _plain),
    # END GENERATED page properties
    "xyz_dispatch_add": (c_int, [_P, POINTER(c_void_p), c_size_t], _status, HOT),
    "xyz_dispatch_page_did_appear": (c_int, [_P], _status),
    "xyz_dispatch_page_will_disappear": (c_int, [_P], _status),
    "xyz_dispatch_set_parent": (c_int, [_P, _P], _status),
    "xyz_dispatch_parent": (_P, [_P], _plain),
    "xyz_dispatch_set_active_child": (c_int, [_P, _P], _status),
    "xyz_dispatch_set_active_child_provider": (c_int, [_P, PROVIDER, c_void_p, _FREE], _status),
    "xyz_dispatch_active_child_context": (c_void_p, [_P], _plain),
    "xyz_dispatch_set_target": (c_int, [_P, _S, c_void_p], _status),
    "xyz_dispatch_keyboard_changed": (c_int, [_P, Rect, c_double], _status),
    "xyz_dispatch_flush": (c_int, [_P], _status),
    "xyz_dispatch_tick": (c_int, [_P], _status),
    "xyz_dispatch_suspend": (c_int, [_P], _status),
    "xyz_dispatch_resume": (c_int, [_P], _status),
    "xyz_dispatch_is_suspended": (c_bool, [_P], _plain),
    "xyz_dispatch_cancel_tagged": (c_int, [_P, _S, POINTER(c_size_t)], _status),
    "xyz_dispatch_next_deadline": (c_double, [_P], _plain),
    "xyz_dispatch_find": (_P, [_P, _S], _plain),
    "xyz_dispatch_snapshot_json": (c_void_p, [_P], _non_null_or_invalid),
    "xyz_dispatch_start_recording": (c_int, [_P], _status),
    "xyz_dispatch_stop_recording": (c_int, [_P], _status),
    "xyz_dispatch_recording_json": (c_void_p, [_P], _non_null_or_state),
    "xyz_dispatch_add_catalog": (c_int, [_P, _P], _status),
    "xyz_dispatch_set_history": (c_int, [_P, _P], _status),
    "xyz_dispatch_hold_timers": (c_int, [_P], _status),
    "xyz_dispatch_unhold_timers": (c_int, [_P], _status),
    "xyz_dispatch_set_gap": (c_int, [_P, _S, c_double], _status),
    "xyz_dispatch_gap": (c_double, [_P, _S], _plain),
    "xyz_dispatch_cancel_queued": (c_int, [_P, _S, POINTER(c_size_t)], _status),
    "xyz_dispatch_set_lane_limit": (c_int, [_P, _S, c_size_t, c_int], _status),
    "xyz_dispatch_lane_limit": (c_size_t, [_P, _S, POINTER(c_int)], _plain),
    # BEGIN GENERATED alert properties (scripts/interface: edit its tables, not this region)
    "xyz_alert_set_on_duplicate": (c_int, [_P, c_int], _status),
    "xyz_alert_on_duplicate": (c_int, [_P], _plain),
    "xyz_alert_set_when_displaced": (c_int, [_P, c_int], _status),
    "xyz_alert_when_displaced": (c_int, [_P], _plain),
    "xyz_alert_set_preempt": (c_int, [_P, c_int], _status),
    "xyz_alert_preempt": (c_int, [_P], _plain),
    "xyz_alert_set_coverable": (c_int, [_P, c_bool], _status),
    "xyz_alert_is_coverable": (c_bool, [_P], _plain),
    "xyz_alert_set_priority": (c_int, [_P, c_int32], _status),
    "xyz_alert_priority": (c_int32, [_P], _plain),
    "xyz_alert_set_exclusive": (c_int, [_P, c_int], _status),
    "xyz_alert_exclusive": (c_int, [_P], _plain),
    "xyz_alert_set_target": (c_int, [_P, _S], _status),
    "xyz_alert_target": (_S, [_P], _plain),
    "xyz_alert_set_style": (c_int, [_P, _S], _status),
    "xyz_alert_style": (_S, [_P], _plain),
    "xyz_alert_set_title": (c_int, [_P, _S], _status),
    "xyz_alert_title": (_S, [_P], _plain),
    "xyz_alert_set_message": (c_int, [_P, _S], _status),
    "xyz_alert_message": (_S, [_P], _plain),
    "xyz_alert_set_meta": (c_int, [_P, _S], _status),
    "xyz_alert_meta": (_S, [_P], _plain),
    "xyz_alert_set_avoid_keyboard": (c_int, [_P, c_bool], _status),
    "xyz_alert_has_keyboard_avoidance": (c_bool, [_P], _plain),
    "xyz_alert_set_keyboard_adjust": (c_int, [_P, c_double], _status),
    "xyz_alert_keyboard_adjust": (c_double, [_P], _plain),
    "xyz_alert_set_lane": (c_int, [_P, _S], _status),
    "xyz_alert_lane": (_S, [_P], _plain),
    "xyz_alert_set_duration": (c_int, [_P, c_double], _status),
    "xyz_alert_duration": (c_double, [_P], _plain),
    "xyz_alert_set_ttl": (c_int, [_P, c_double], _status),
    "xyz_alert_ttl": (c_double, [_P], _plain),
    "xyz_alert_set_cooldown": (c_int, [_P, c_double], _status),
    "xyz_alert_cooldown": (c_double, [_P], _plain),
    "xyz_alert_set_on_capped": (c_int, [_P, c_int], _status),
    "xyz_alert_on_capped": (c_int, [_P], _plain),
    "xyz_alert_set_on_outside": (c_int, [_P, c_int], _status),
    "xyz_alert_on_outside": (c_int, [_P], _plain),
    "xyz_alert_set_show_after": (c_int, [_P, c_double], _status),
    "xyz_alert_show_after": (c_double, [_P], _plain),
    "xyz_alert_set_min_visible": (c_int, [_P, c_double], _status),
    "xyz_alert_min_visible": (c_double, [_P], _plain),
    "xyz_alert_set_announce": (c_int, [_P, c_int], _status),
    "xyz_alert_announce": (c_int, [_P], _plain),
    # END GENERATED alert properties
    "xyz_alert_add_action_flags": (c_int, [_P, _S, _S, c_int, c_uint], _status),
    "xyz_alert_action_flags": (c_uint, [_P, c_size_t], _plain),
    "xyz_scenario_page_order": (c_int, [_P, c_size_t], _plain),
    "xyz_scenario_page_lane_limit_count": (c_size_t, [_P, c_size_t], _plain),
    "xyz_scenario_page_lane_limit_lane": (_S, [_P, c_size_t, c_size_t], _plain),
    "xyz_scenario_page_lane_limit_visible": (c_size_t, [_P, c_size_t, c_size_t], _plain),
    "xyz_scenario_page_lane_limit_on_full": (c_int, [_P, c_size_t, c_size_t], _plain),
    "xyz_dispatch_history": (_P, [_P], _plain),
    # display history and caps
    "xyz_history_create": (_P, [WALL_CLOCK, c_void_p, _FREE], _non_null_or_invalid),
    "xyz_history_retain": (_P, [_P], None),
    "xyz_history_release": (None, [_P], None),
    "xyz_history_load_string": (c_int, [_P, _S, c_size_t, POINTER(Error)], None),
    "xyz_history_load_file": (c_int, [_P, _S, POINTER(Error)], None),
    "xyz_history_load_file_flags": (c_int, [_P, _S, c_uint, POINTER(Error)], None),
    "xyz_history_json": (c_void_p, [_P], _non_null_or_invalid),
    "xyz_history_save_file": (c_int, [_P, _S, POINTER(Error)], None),
    "xyz_seconds_parse": (c_int, [_S, POINTER(c_double)], None),
    "xyz_rule_eval_json": (c_int, [_S, _S, POINTER(c_void_p), POINTER(Error)], None, UNLOCKED),
    "xyz_rule_explain_json": (c_int, [_S, _S, POINTER(c_void_p), POINTER(c_void_p), POINTER(Error)], None, UNLOCKED),
    "xyz_history_begin_session": (c_int, [_P], _status),
    "xyz_dispatch_set_campaigns": (c_int, [_P, _P], _status),
    "xyz_dispatch_track": (c_int, [_P, _S, _S], _status),
    "xyz_dispatch_set_attribute": (c_int, [_P, _S, _S], _status),
    "xyz_dispatch_set_attributes_json": (c_int, [_P, _S], _status),
    "xyz_dispatch_attributes_json": (c_void_p, [_P], _non_null_or_invalid),
    "xyz_alert_campaign": (_S, [_P], _plain),
    "xyz_alert_variant": (_S, [_P], _plain),
    "xyz_dispatch_campaign_why": (c_int, [_P, _S, POINTER(CampaignWhyInfo)], _status),
    "xyz_dispatch_diagnostics": (c_uint32, [_P], _plain),
    "xyz_dispatch_explain_campaign": (c_void_p, [_P, _S], _non_null_or_invalid),
    "xyz_alert_campaign_definition": (_S, [_P], _plain),
    "xyz_scenario_attributes_json": (_S, [_P], _plain),
    "xyz_history_session": (c_int64, [_P], _plain),
    "xyz_history_set_limit": (c_int, [_P, _S, c_uint32, c_int, c_double], _status),
    "xyz_history_set_cooldown": (c_int, [_P, _S, c_double], _status),
    "xyz_history_clear_caps": (c_int, [_P, _S], _status),
    "xyz_catalog_apply_caps": (c_int, [_P, _P], _status),
    # alert
    "xyz_alert_create": (_P, [_S], _non_null_or_invalid, UNLOCKED),
    "xyz_alert_create_with": (_P, [_S, c_int32, c_int], _non_null_or_invalid, UNLOCKED | HOT),
    "xyz_alert_retain": (_P, [_P], None, UNLOCKED),
    "xyz_alert_release": (None, [_P], None, UNLOCKED | HOT),
    "xyz_alert_id": (_S, [_P], _plain),
    "xyz_alert_state": (c_int, [_P], _plain),
    "xyz_alert_occurrence_count": (c_uint64, [_P], _plain),
    "xyz_alert_add_tag": (c_int, [_P, _S], _status),
    "xyz_alert_tag_count": (c_size_t, [_P], _plain),
    "xyz_alert_tag": (_S, [_P, c_size_t], _plain),
    "xyz_alert_has_tag": (c_bool, [_P, _S], _plain),
    "xyz_alert_add_limit": (c_int, [_P, c_uint32, c_int, c_double], _status),
    "xyz_alert_limit_count": (c_size_t, [_P], _plain),
    "xyz_alert_limit": (c_int, [_P, c_size_t, POINTER(c_uint32), POINTER(c_int), POINTER(c_double)], _status),
    "xyz_alert_clear_caps": (c_int, [_P], _status),
    "xyz_alert_add_window": (c_int, [_P, c_uint, c_int, c_int], _status),
    "xyz_alert_add_exclude": (c_int, [_P, c_uint, c_int, c_int], _status),
    "xyz_alert_clear_windows": (c_int, [_P], _status),
    "xyz_alert_window_count": (c_size_t, [_P, c_bool], _plain),
    "xyz_alert_window": (c_int, [_P, c_bool, c_size_t, POINTER(c_uint), POINTER(c_int), POINTER(c_int)], _status),
    "xyz_alert_is_in_window": (c_bool, [_P, c_double], _plain),
    "xyz_alert_hold": (c_int, [_P], _status),
    "xyz_alert_unhold": (c_int, [_P], _status),
    "xyz_alert_dispatch": (_P, [_P], _plain),
    "xyz_alert_add_dependency": (c_int, [_P, _P], _status),
    "xyz_alert_add_dependency_id": (c_int, [_P, _S], _status),
    "xyz_alert_dependency_id_count": (c_size_t, [_P], _plain),
    "xyz_alert_dependency_id": (_S, [_P, c_size_t], _plain),
    "xyz_alert_set_waiting": (c_int, [_P], _status),
    "xyz_alert_set_ready": (c_int, [_P], _status),
    "xyz_alert_dismiss": (c_int, [_P], _status, HOT),
    "xyz_alert_cancel": (c_int, [_P], _status),
    "xyz_alert_trigger_action": (c_int, [_P, c_size_t], _status),
    "xyz_alert_explain": (c_void_p, [_P], _non_null_or_invalid),
    "xyz_alert_why": (c_int, [_P, POINTER(WhyInfo)], _status),
    "xyz_alert_set_keyboard_avoidance": (c_int, [_P, c_bool, c_double], _status),
    "xyz_alert_set_frame": (c_int, [_P, POINTER(Rect)], _status),
    "xyz_alert_add_action": (c_int, [_P, _S, _S, c_int], _status),
    "xyz_alert_clear_actions": (c_int, [_P], _status),
    "xyz_alert_action_count": (c_size_t, [_P], _plain),
    "xyz_alert_action_id": (_S, [_P, c_size_t], _plain),
    "xyz_alert_action_title": (_S, [_P, c_size_t], _plain),
    "xyz_alert_action_style": (c_int, [_P, c_size_t], _plain),
    "xyz_alert_set_user_data": (c_int, [_P, c_void_p, _FREE], _status),
    "xyz_alert_user_data": (c_void_p, [_P], _plain),
    # catalogs (alert sets) and their definitions
    "xyz_catalog_load_file": (_P, [_S, POINTER(Error)], None),
    "xyz_catalog_load_string": (_P, [_S, c_size_t, POINTER(Error)], None),
    "xyz_catalog_free": (None, [_P], None),
    "xyz_catalog_definition_count": (c_size_t, [_P], _plain),
    "xyz_catalog_definition": (_P, [_P, c_size_t], _plain),
    "xyz_catalog_find": (_P, [_P, _S], _plain),
    "xyz_catalog_create_alert": (_P, [_P, _S], _non_null(Status.ENOTFOUND)),
    "xyz_definition_id": (_S, [_P], _plain),
    "xyz_definition_priority": (c_int32, [_P], _plain),
    "xyz_definition_exclusive": (c_int, [_P], _plain),
    "xyz_definition_is_ready": (c_bool, [_P], _plain),
    "xyz_definition_page": (_S, [_P], _plain),
    "xyz_definition_target": (_S, [_P], _plain),
    "xyz_definition_style": (_S, [_P], _plain),
    "xyz_definition_title": (_S, [_P], _plain),
    "xyz_definition_message": (_S, [_P], _plain),
    "xyz_definition_meta": (_S, [_P], _plain),
    "xyz_definition_has_keyboard_avoidance": (c_bool, [_P, POINTER(c_double)], _plain),
    "xyz_definition_duration": (c_double, [_P], _plain),
    "xyz_definition_on_duplicate": (c_int, [_P], _plain),
    "xyz_definition_lane": (_S, [_P], _plain),
    "xyz_definition_tag_count": (c_size_t, [_P], _plain),
    "xyz_definition_tag": (_S, [_P, c_size_t], _plain),
    "xyz_definition_ttl": (c_double, [_P], _plain),
    "xyz_definition_after_count": (c_size_t, [_P], _plain),
    "xyz_definition_after": (_S, [_P, c_size_t], _plain),
    "xyz_definition_name": (_S, [_P], _plain),
    "xyz_definition_after_alert_count": (c_size_t, [_P], _plain),
    "xyz_definition_after_alert": (_S, [_P, c_size_t], _plain),
    "xyz_definition_action_count": (c_size_t, [_P], _plain),
    "xyz_definition_action_id": (_S, [_P, c_size_t], _plain),
    "xyz_definition_action_title": (_S, [_P, c_size_t], _plain),
    "xyz_definition_action_style": (c_int, [_P, c_size_t], _plain),
    # checking (xyzalert_tooling.h)
    "xyz_check_file": (c_int, [_S, POINTER(Error), c_size_t, POINTER(c_size_t)], None),
    "xyz_check_file_alerts": (c_int, [_S, POINTER(Error), c_size_t, POINTER(c_size_t), POINTER(c_size_t)], None),
    "xyz_check_string": (c_int, [_S, c_size_t, POINTER(Error), c_size_t, POINTER(c_size_t)], None),
    "xyz_check_file_warnings": (c_int, [_S, POINTER(Error), c_size_t, POINTER(c_size_t)], None),
    "xyz_check_string_warnings": (c_int, [_S, c_size_t, POINTER(Error), c_size_t, POINTER(c_size_t)], None),
    "xyz_file_write": (c_int, [_S, _S, c_size_t, POINTER(Error)], None),
    # scenarios
    "xyz_scenario_load_file": (_P, [_S, POINTER(Error)], None),
    "xyz_scenario_load_file_for_rewrite": (_P, [_S, POINTER(Error)], None),
    "xyz_scenario_load_string": (_P, [_S, c_size_t, POINTER(Error)], None),
    "xyz_scenario_free": (None, [_P], None),
    # response models (a backtest's: the tool's, which xyzalert.backtest runs)
    "xyz_response_model_load_file": (_P, [_S, POINTER(Error)], None),
    "xyz_response_model_load_string": (_P, [_S, c_size_t, POINTER(Error)], None),
    "xyz_response_model_free": (None, [_P], None),
    "xyz_response_model_react": (c_int, [_P, _P, POINTER(c_double), POINTER(c_long)], _status),
    "xyz_scenario_catalog": (_P, [_P], _plain),
    "xyz_scenario_is_deferred": (c_bool, [_P], _plain),
    "xyz_scenario_page_count": (c_size_t, [_P], _plain),
    "xyz_scenario_page_name": (_S, [_P, c_size_t], _plain),
    "xyz_scenario_page_parent": (_S, [_P, c_size_t], _plain),
    "xyz_scenario_page_active": (_S, [_P, c_size_t], _plain),
    "xyz_scenario_step_count": (c_size_t, [_P], _plain),
    "xyz_scenario_step_info": (c_int, [_P, c_size_t, POINTER(StepInfo)], _status),
    "xyz_scenario_page_capacity": (c_size_t, [_P, c_size_t], _plain),
    "xyz_scenario_has_expect": (c_bool, [_P], _plain),
    "xyz_scenario_wall_clock": (c_double, [_P], _plain),
    "xyz_scenario_utc_offset": (c_bool, [_P, POINTER(c_double)], _plain),
    "xyz_scenario_time_zone": (_S, [_P], _plain),
    "xyz_scenario_utc_offset_change_count": (c_size_t, [_P], _plain),
    "xyz_scenario_utc_offset_change": (c_int, [_P, c_size_t, POINTER(c_double), POINTER(c_double)], _status),
    "xyz_scenario_step_catalog": (_P, [_P, c_size_t], _non_null_or_invalid),
    "xyz_catalog_campaigns_version": (_S, [_P], _plain),
    "xyz_catalog_campaign_count": (c_size_t, [_P], _plain),
    "xyz_catalog_campaign_id": (_S, [_P, c_size_t], _non_null_or_invalid),
    "xyz_catalog_variant_count": (c_size_t, [_P, c_size_t], _plain),
    "xyz_catalog_variant_id": (_S, [_P, c_size_t, c_size_t], _non_null_or_invalid),
    "xyz_catalog_choose_variant": (_S, [_P, _S, _S], _non_null(Status.ENOTFOUND)),
    "xyz_scenario_page_duration_scale": (c_double, [_P, c_size_t], _plain),
    "xyz_scenario_step_clock_count": (c_size_t, [_P, c_size_t], _plain),
    "xyz_scenario_step_clock_page": (_S, [_P, c_size_t, c_size_t], _plain),
    "xyz_scenario_step_clock": (c_double, [_P, c_size_t, c_size_t], _plain),
    "xyz_scenario_step_wall": (c_bool, [_P, c_size_t, POINTER(c_double)], _plain),
    "xyz_scenario_page_gap_count": (c_size_t, [_P, c_size_t], _plain),
    "xyz_scenario_page_gap_lane": (_S, [_P, c_size_t, c_size_t], _plain),
    "xyz_scenario_page_gap": (c_double, [_P, c_size_t, c_size_t], _plain),
    "xyz_scenario_history_json": (_S, [_P], _plain),
    "xyz_scenario_step_apply_caps": (c_int, [_P, c_size_t, _P], _status),
    "xyz_scenario_expect_count": (c_size_t, [_P], _plain),
    "xyz_scenario_expect": (_S, [_P, c_size_t, POINTER(c_int), POINTER(c_int)], _plain),
    "xyz_scenario_expect_span": (c_bool, [_P, POINTER(c_size_t), POINTER(c_size_t), POINTER(c_int), POINTER(c_int)],
                                 _plain),
}

def flags(name: str) -> int:
    """The flags of the declaration of `name` (0 when it has none)."""
    entry = _DECLARATIONS[name]
    return entry[3] if len(entry) > 3 else 0


for _name, _entry in _DECLARATIONS.items():
    _function = getattr(_library, _name)
    _function.restype, _function.argtypes = _entry[0], _entry[1]
    if _entry[2] is not None:
        _function.errcheck = _entry[2]


class _Locked:
    """The library's functions, each called with `lock` held (see
    `serialized`) unless flagged UNLOCKED, as attributes of the same names."""

    def __init__(self, library: ctypes.CDLL) -> None:
        self._name = library._name
        for name in _DECLARATIONS:
            function = getattr(library, name)
            setattr(self, name, function if flags(name) & UNLOCKED else serialized(function))

    def __getattr__(self, name: str) -> Any:  # (for the type checker: every xyz_* is set above)
        raise AttributeError(name)


#: Every C function, serialized unless flagged UNLOCKED.
lib: Any = _Locked(_library)
