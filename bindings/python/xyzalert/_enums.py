"""The engine's enumerations, with the C ABI's values."""

from __future__ import annotations

import enum


class _Named(enum.IntEnum):
    """An IntEnum whose ``str()`` and ``format()`` give the word traces and
    JSON files use (``finish a dismissed``), on every Python version (3.11
    made ``str()`` of an IntEnum its number); ``int()`` and comparisons with
    integers still give the C ABI's value."""

    def __str__(self) -> str:
        return self.name.lower()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class _CNamed(_Named):
    """A _Named whose ``str()`` is the C name (``XYZ_EINVAL``)."""

    def __str__(self) -> str:
        return "XYZ_" + self.name


# BEGIN GENERATED enums (scripts/interface: edit its tables, not this region)
class Status(_CNamed):
    """``xyz_status``: the result of every function that can fail."""

    OK = 0
    """Success."""
    EINVAL = 1
    """A bad argument: NULL handle, empty name, bad enum or index."""
    ESTATE = 2
    """The object is in the wrong state (finished, destroyed, ...)."""
    EDUPLICATE = 3
    """An id is already used by a live alert of the domain."""
    ECYCLE = 4
    """The call would create a dependency or parent cycle."""
    ENOTFOUND = 5
    """Something named does not exist."""
    EPARSE = 6
    """Malformed JSON."""
    ESCHEMA = 7
    """Well-formed JSON that breaks the alert set schema."""
    EIO = 8
    """A file could not be read."""
    EOWNER = 9
    """A dispatch named as a child is not a child of that parent."""


class State(_Named):
    """``xyz_state``: an alert's life: created idle, added waiting or ready, on screen (showing
    or hidden), finished (docs/rules.md §2)."""

    IDLE = 0
    """Created, not yet added."""
    WAITING = 1
    """Added; the host has not marked it ready."""
    READY = 2
    """Added and ready; queued until the scheduling rules let it show."""
    SHOWING = 3
    """On screen and visible."""
    HIDDEN = 4
    """On screen but hidden (its page does not participate, or covered)."""
    FINISHED = 5
    """Ended; never shown again."""


class Exclusive(_Named):
    """``xyz_exclusive``: how an alert treats the alerts already on screen (docs/rules.md §3)."""

    WAIT = 0
    """Never shows over another alert: waits until the screen is free (default)."""
    COVER = 1
    """Shows over lower priorities; they stay visible below it."""
    HIDE_OTHERS = 2
    """Shows over lower priorities and hides everything below it."""


class HideReason(_Named):
    """``xyz_hide_reason``: why an on-screen alert is hidden."""

    PAGE = 0
    """Its page does not participate (not visible, or not the active child)."""
    COVERED = 1
    """A hide_others alert above it hides it."""


class EndReason(_Named):
    """``xyz_end_reason``: why an alert ended."""

    DISMISSED = 0
    """Dismissed, or one of its actions was chosen."""
    CANCELLED = 1
    """Cancelled by the host."""
    DESTROYED = 2
    """Its dispatch was destroyed."""
    TIMEOUT = 3
    """(0.2) It had been showing for its whole duration."""
    EXPIRED = 4
    """(0.2) Its ttl ran out before it was ever on screen."""
    DUPLICATE = 5
    """(0.2) Added with on_duplicate ignore while its id was live: it never joined (docs/rules.md §13)."""
    REPLACED = 6
    """(0.2) A new alert with its id and on_duplicate replace took its place."""
    DROPPED = 7
    """(0.2) Its dispatch was over capacity and it ranked lowest."""
    CAPPED = 8
    """(0.3) A frequency cap or cool-down forbade its display, and its on_capped is drop
    (docs/rules.md §16)."""
    EVICTED = 9
    """(0.3) Its lane was full and evicts (on_full evict_oldest): a newer alert took its room."""
    DISPLACED = 10
    """(0.3) It would have been hidden covered, and its when_displaced is drop."""
    INELIGIBLE = 11
    """(0.4) Its campaign's audience stopped admitting it before it showed (docs/rules.md §21)."""
    OUTSIDE_WINDOW = 12
    """(0.4) It would have been selected outside its windows (or inside an exclude),
    and its on_outside is drop (docs/rules.md §22)."""
    CONTROL = 13
    """(0.4) An instance of a control variant, at the moment it would have shown: counted
    for caps, never shown (docs/rules.md §22)."""
    WITHDRAWN = 14
    """(0.4) A new campaign set no longer has its campaign, or changed its definition,
    before it was on screen (docs/rules.md §22)."""


class OnDuplicate(_Named):
    """``xyz_on_duplicate``: what adding does with an alert whose id is already live in the domain
    (docs/rules.md §13)."""

    REJECT = 0
    """The add fails (XYZ_EDUPLICATE) and changes nothing (default)."""
    IGNORE = 1
    """The new alert does not join: it finishes duplicate during the add."""
    REPLACE = 2
    """The live alert ends (replaced); the new one is added in its place."""
    UPDATE = 3
    """(0.3) Upsert: the live alert takes the new one's content (and its duration,
    counted again, when it has one) and gets update if on screen; the new one
    does not join: it finishes duplicate, after that update."""
    COALESCE = 4
    """(0.4) update, and the live alert's occurrence count goes up by one, its countdown
    restarts (with its own duration when the new one has none) and it is
    announced again, even with the same text (docs/rules.md §19)."""


class WhenDisplaced(_Named):
    """``xyz_when_displaced``: what happens to an on-screen alert that would be hidden covered
    (docs/rules.md §19)."""

    RESTORE = 0
    """It is hidden (covered) and unhides when it can (default)."""
    DROP = 1
    """It ends instead: remove, finish, both displaced."""


class Preempt(_Named):
    """``xyz_preempt``: which on-screen alerts a cover or hide_others alert shows over
    (docs/rules.md §19)."""

    LOWER = 0
    """Lower priorities only (default)."""
    EQUAL = 1
    """Also those of its own priority added before it: the newest of equal
    priority wins."""


class OnFull(_Named):
    """``xyz_on_full``: what a full lane does with a wait candidate (docs/rules.md §19)."""

    QUEUE = 0
    """It stays queued until there is room (default)."""
    EVICT_OLDEST = 1
    """The lane's oldest visible alert ends (evicted), then it shows."""


class Order(_Named):
    """``xyz_order``: among candidates of equal priority, which shows first (docs/rules.md §19)."""

    FIFO = 0
    """The earlier add (default)."""
    LIFO = 1
    """The later add."""


class Politeness(_Named):
    """``xyz_politeness``: how a screen reader should say an alert (docs/rules.md §17)."""

    POLITE = 0
    """When the reader is idle (default)."""
    ASSERTIVE = 1
    """At once, interrupting."""
    OFF = 2
    """Not announced."""


class OnCapped(_Named):
    """``xyz_on_capped``: what a capped alert does (docs/rules.md §16)."""

    DROP = 0
    """It ends capped, at its add or when it would show (default)."""
    WAIT = 1
    """It stays queued, is not selected, and is looked at again when its caps free."""


class LimitPer(_Named):
    """``xyz_limit_per``: what a limit counts displays over (docs/rules.md §16)."""

    SESSION = 0
    """Since the history's session began (xyz_history_begin_session())."""
    LIFETIME = 1
    """Ever, as far as the history goes back."""
    WINDOW = 2
    """The last `window` seconds."""
    DAY = 3
    """(0.4) The current local calendar day (docs/rules.md §22)."""
    WEEK = 4
    """(0.4) The current local calendar week, Monday first."""


class OnOutside(_Named):
    """``xyz_on_outside``: what an alert does when it would be selected outside its windows
    or inside an exclude (docs/rules.md §22)."""

    WAIT = 0
    """It stays queued and is looked at again at the next opening (default)."""
    DROP = 1
    """It ends outside_window."""


class ActionStyle(_Named):
    """``xyz_action_style``: how an action button wants to be drawn."""

    DEFAULT = 0
    """The usual button."""
    CANCEL = 1
    """The button that backs out."""
    DESTRUCTIVE = 2
    """A button whose action destroys or deletes something."""


class WhyCode(_Named):
    """``xyz_why_code``: why an alert is where it is (xyz_alert_why()): a stable code, the
    first cause that applies in the order of the scheduling rules
    (docs/rules.md §18 has each code's meaning, an example and the order).
    Codes only ever gain values at the end."""

    IDLE = 0
    """created, not added"""
    SHOWING = 1
    """on screen, visible"""
    HIDDEN_PAGE = 2
    """hidden: `page` (its page or an ancestor) does not participate"""
    HIDDEN_COVERED = 3
    """hidden: `alert`, a hide_others alert above it"""
    NOT_READY = 4
    """added waiting; the host has not marked it ready"""
    SHOW_AFTER = 5
    """waiting: its show_after delay has not passed (`until`)"""
    DEPENDENCY = 6
    """waiting for `alert` to finish"""
    ID_DEPENDENCY = 7
    """waiting while `alert` has the id `id`"""
    PAGE_NOT_VISIBLE = 8
    """`page` (its page or an ancestor) is not visible or was destroyed"""
    NOT_ACTIVE_CHILD = 9
    """`page` (its page or an ancestor) is not an active child"""
    SUSPENDED = 10
    """`page` (its page or an ancestor) is suspended"""
    BEHIND = 11
    """`alert`, on screen, keeps it queued (it is wait, or not of higher priority)"""
    LOWER_PRIORITY = 12
    """`alert`, a candidate before it, shows first at the next pass"""
    DEFERRED = 13
    """nothing holds it: it changes at the next pass (deferred mode: the flush)"""
    LANE_GAP = 14
    """its lane's gap after an alert left held its show back (`until`)"""
    CAPPED = 15
    """a frequency cap holds it: `key`, `rule`; `until` when it frees by time"""
    COOLING_DOWN = 16
    """a cool-down holds it: `key`, `rule`, `until`"""
    MIN_VISIBLE = 17
    """dismissed or cancelled, on screen until its minimum visible time (`until`)"""
    FINISHED = 18
    """ended; `end_reason` says why"""
    HELD = 19
    """(0.4) on screen, visible, its countdown held (its own hold, the root's timer holds)"""
    TRIGGER_DELAY = 20
    """(0.4) waiting: the delay of the campaign that made it has not passed (`until`)"""
    OUTSIDE_WINDOW = 21
    """(0.4) ready, outside its windows or inside an exclude: `rule`; `until` the next
    opening"""


class CampaignEvent(_Named):
    """``xyz_campaign_event``: what a campaign callback reports (docs/rules.md §21)."""

    TRIGGER = 0
    """A trigger fired and made an instance (the event's alert)."""
    SKIP = 1
    """A trigger fired and made none (the reason says why)."""
    CONTROL = 2
    """An instance of a control variant reached the moment it would have shown: it
    finishes control right after (docs/rules.md §22)."""
    MISS = 3
    """(0.5) A trigger's event made no instance and no skip: its where failed, or its count
    was not reached (the reason says which). Only while the root reports misses."""


class CampaignWhyCode(_Named):
    """``xyz_campaign_why_code``: what the last event a campaign's triggers named did (xyz_dispatch_campaign_why(),
    docs/rules.md §21): fired, or the stable code of why it made no instance.
    Codes only ever gain values at the end."""

    UNTRACKED = 0
    """No event its triggers name was tracked since its set was attached."""
    FIRED = 1
    """The event made an instance (or cancelled: a cancel_on trigger)."""
    WHERE = 2
    """The trigger's where rule failed: `detail` is the part that failed."""
    COUNT = 3
    """The trigger counted the event but does not fire at that count: `detail`."""
    NOT_STARTED = 4
    """Before the campaign's start: the event did not count."""
    ENDED = 5
    """At or after the campaign's end: the event did not count."""
    AUDIENCE = 6
    """Its audience rule failed: `detail` is the part that failed."""
    NO_USER = 7
    """Bucketing needs a user_id attribute and there is none."""
    NO_PAGE = 8
    """The campaign names a page that is not in the domain."""


class Diagnostic(_Named):
    """``xyz_diagnostic``: something a host set up that works other than it likely meant, noted once per domain
    and never printed (xyz_dispatch_diagnostics(), docs/rules.md §16)."""

    CAPS_WITHOUT_HISTORY = 0
    """An alert with a limit or cool-down was added to a domain without a
    history: caps apply only with one (xyz_dispatch_set_history())."""
    WINDOWS_WITHOUT_HISTORY = 1
    """An alert with windows or excludes was added to a domain without a
    history: they read the host's wall clock, not a history's."""

#: Each status's word: the code of a trace's error event, C++'s to_string.
STATUS_WORDS = {
    Status.OK: "ok",
    Status.EINVAL: "invalid",
    Status.ESTATE: "state",
    Status.EDUPLICATE: "duplicate",
    Status.ECYCLE: "cycle",
    Status.ENOTFOUND: "not_found",
    Status.EPARSE: "parse",
    Status.ESCHEMA: "schema",
    Status.EIO: "io",
    Status.EOWNER: "owner",
}
# END GENERATED enums


class StepKind(_Named):
    """What a scenario step does (``xyz_step_kind``)."""

    # BEGIN GENERATED steps (scripts/interface: edit its tables, not this region)
    APPEAR = 0
    DISAPPEAR = 1
    DESTROY = 2
    ADD = 3
    READY = 4
    DISMISS = 5
    CANCEL = 6
    ACTION = 7
    SELECT = 8
    KEYBOARD = 9
    FRAME = 10
    FLUSH = 11
    ADVANCE = 12
    """Move the virtual clock forward by ``duration`` seconds."""
    CANCEL_TAGGED = 13
    """Cancel the live alerts of ``page``'s domain with ``tag`` (None: all)."""
    SUSPEND = 14
    RESUME = 15
    UPDATE = 16
    """Set the ``title``, ``message`` and ``style`` given (in that order) on ``alert``."""
    TICK = 17
    """The steps from here on come with recordings (docs/formats.md, "Recordings"),
    which ``xyzalert simulate`` plays."""
    PARENT = 18
    CAPACITY = 19
    AVOIDANCE = 20
    TARGET = 21
    DEPEND = 22
    SESSION = 23
    """The scenario's history begins a session."""
    CAPS = 24
    """The scenario's history gets the step's caps."""
    HOLD = 25
    UNHOLD = 26
    HOLD_TIMERS = 27
    UNHOLD_TIMERS = 28
    DURATION_SCALE = 29
    """The page's duration scale becomes ``scale`` (infinity: never)."""
    GAP = 30
    """The page's gap of ``lane`` becomes ``duration`` seconds."""
    CANCEL_QUEUED = 31
    """Cancel the queued alerts of ``page``'s domain with ``tag`` (None: all)."""
    LANE_LIMIT = 32
    """The limit of ``lane`` becomes ``index`` visible, full lanes doing ``on_full``."""
    ORDER = 33
    """The page's tie-break order becomes ``order``."""
    TAG = 34
    """``tag`` is added to ``alert`` (recordings: a tag added after the add)."""
    NOTE = 35
    """No call: the trace gets a ``note`` event with the step's ``message`` as ``text``."""
    TRACK = 36
    """``d.track(id, props)``: the event ``id`` with the properties of ``meta`` (JSON text)."""
    SET_ATTRIBUTE = 37
    """``d.set_attribute(id, value)``: the value is ``meta``'s JSON (None removes it)."""
    SET_CAMPAIGNS = 38
    """Every root page's campaigns become those of the file ``id`` (``Scenario.campaign_sets``)."""
    # END GENERATED steps
