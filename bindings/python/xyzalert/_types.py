"""The C structs and callback types of ``include/xyzalert.h``, as ctypes
declares them.
"""

from __future__ import annotations

from ctypes import (CFUNCTYPE, POINTER, Structure, c_bool, c_char, c_char_p, c_double, c_int, c_int32, c_size_t,
                    c_uint, c_uint32, c_void_p)


class Rect(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


SHOW = CFUNCTYPE(None, c_void_p, c_char_p, c_void_p, c_void_p)
HIDE = CFUNCTYPE(None, c_void_p, c_int, c_void_p)
UNHIDE = CFUNCTYPE(None, c_void_p, c_void_p)
END = CFUNCTYPE(None, c_void_p, c_int, c_void_p)
MOVE = CFUNCTYPE(None, c_void_p, c_double, c_double, c_void_p)
ACTION = CFUNCTYPE(None, c_void_p, c_size_t, c_void_p)
REQUEST_FLUSH = CFUNCTYPE(None, c_void_p, c_void_p)
DESTROY = CFUNCTYPE(None, c_void_p)
PROVIDER = CFUNCTYPE(c_void_p, c_void_p, c_void_p)
NOW = CFUNCTYPE(c_double, c_void_p)
SET_TIMER = CFUNCTYPE(None, c_void_p, c_double, c_void_p)
WALL_CLOCK = CFUNCTYPE(c_double, c_void_p)
ANNOUNCE = CFUNCTYPE(None, c_void_p, c_int, c_char_p, c_void_p)
CAMPAIGN = CFUNCTYPE(None, c_void_p, c_char_p, c_int, c_char_p, c_void_p, c_void_p)
UTC_OFFSET = CFUNCTYPE(c_double, c_double, c_void_p)


class Host(Structure):
    _fields_ = [("size", c_uint32), ("context", c_void_p), ("show", SHOW), ("hide", HIDE), ("unhide", UNHIDE),
                ("remove", END), ("finish", END), ("move", MOVE), ("action", ACTION),
                ("request_flush", REQUEST_FLUSH), ("destroy_context", DESTROY), ("now", NOW),
                ("set_timer", SET_TIMER), ("update", UNHIDE), ("announce", ANNOUNCE), ("campaign", CAMPAIGN),
                ("utc_offset", UTC_OFFSET)]


class Error(Structure):
    _fields_ = [("status", c_int), ("line", c_int), ("column", c_int), ("position", c_size_t),
                ("source", c_char * 256), ("pointer", c_char * 256), ("message", c_char * 512)]


class StepInfo(Structure):
    """xyz_step_info (0.3): one step, every field; `size` set by the caller."""

    _fields_ = [("size", c_uint32), ("kind", c_int), ("page", c_char_p), ("child", c_char_p), ("alert", c_char_p),
                ("alerts", POINTER(c_char_p)), ("alert_count", c_size_t), ("index", c_size_t), ("frame", Rect),
                ("duration", c_double), ("has_at", c_bool), ("at", c_double), ("during", c_size_t),
                ("tag", c_char_p), ("parent", c_char_p), ("target", c_char_p), ("on", c_char_p), ("id", c_char_p),
                ("flush", c_bool), ("has_frame", c_bool), ("enabled", c_bool), ("adjust", c_double),
                ("sets", c_uint32), ("title", c_char_p), ("message", c_char_p), ("style", c_char_p),
                ("meta", c_char_p), ("action_id", c_char_p), ("action_title", c_char_p), ("action_style", c_int),
                ("lane", c_char_p), ("scale", c_double), ("action_flags", c_uint), ("on_full", c_int),
                ("order", c_int)]


class CampaignWhyInfo(Structure):
    """xyz_campaign_why (0.5): what a campaign's last event did; `size` set by the caller."""

    _fields_ = [("size", c_uint32), ("code", c_int), ("event", c_char_p), ("trigger", c_int32), ("detail", c_char_p)]


class WhyInfo(Structure):
    """xyz_why (0.3): an alert's reason; `size` set by the caller."""

    _fields_ = [("size", c_uint32), ("code", c_int), ("alert", c_void_p), ("page", c_void_p), ("id", c_char_p),
                ("until", c_double), ("end_reason", c_int), ("key", c_char_p), ("rule", c_char_p)]
