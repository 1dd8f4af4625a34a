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


class Status(_Named):
    """``xyz_status``: the result of every C call that can fail. ``str()``
    gives the C name (``XYZ_EINVAL``)."""

    def __str__(self) -> str:
        return "XYZ_" + self.name

    OK = 0
    EINVAL = 1
    ESTATE = 2
    EDUPLICATE = 3
    ECYCLE = 4
    ENOTFOUND = 5
    EPARSE = 6
    ESCHEMA = 7
    EIO = 8
    EOWNER = 9


class State(_Named):
    """An alert's life (docs/rules.md §2)."""

    IDLE = 0
    WAITING = 1
    READY = 2
    SHOWING = 3
    HIDDEN = 4
    FINISHED = 5


class Exclusive(_Named):
    """How an alert treats the alerts already on screen."""

    WAIT = 0
    COVER = 1
    HIDE_OTHERS = 2


class OnDuplicate(_Named):
    """What adding does with an alert whose id is already live in the domain."""

    REJECT = 0
    """The add raises :class:`DuplicateIdError` and changes nothing (default)."""
    IGNORE = 1
    """The new alert does not join: it finishes with ``DUPLICATE`` during the add."""
    REPLACE = 2
    """The live alert ends with ``REPLACED``; the new one is added."""
    UPDATE = 3
    """Upsert: the live alert takes the new one's content (and its duration,
    counted again, when it has one) and gets ``update`` if on screen; the new
    one finishes with ``DUPLICATE``."""
    COALESCE = 4
    """``UPDATE``, and the live alert's :attr:`Alert.occurrence_count` goes up by
    one, its countdown restarts and it is announced again (a toast storm
    shows as one toast with a count)."""


class WhenDisplaced(_Named):
    """What happens to an alert that would be hidden covered (docs/rules.md §19)."""

    RESTORE = 0
    """It is hidden, and unhides when it can (the default)."""
    DROP = 1
    """It ends instead, with ``DISPLACED``."""


class Preempt(_Named):
    """Which on-screen alerts a ``cover`` or ``hide_others`` alert shows over
    (docs/rules.md §19)."""

    LOWER = 0
    """Lower priorities only (the default)."""
    EQUAL = 1
    """Also those of its priority added before it: the newest of equal priority wins."""


class OnFull(_Named):
    """What a full lane does with a ``wait`` candidate (docs/rules.md §19)."""

    QUEUE = 0
    """It stays queued until there is room (the default)."""
    EVICT_OLDEST = 1
    """The lane's oldest visible alert ends with ``EVICTED``, then it shows."""


class Order(_Named):
    """Among candidates of equal priority, which shows first (docs/rules.md §19)."""

    FIFO = 0
    """The earlier add (the default)."""
    LIFO = 1
    """The later add."""


class HideReason(_Named):
    """Why an on-screen alert is hidden."""

    PAGE = 0
    COVERED = 1


class Politeness(_Named):
    """How a screen reader should say an alert (docs/rules.md §17)."""

    POLITE = 0
    """When the reader is idle (the default)."""
    ASSERTIVE = 1
    """At once, interrupting."""
    OFF = 2
    """Not announced."""


class OnCapped(_Named):
    """What a capped alert does (docs/rules.md §16)."""

    DROP = 0
    """It ends with ``CAPPED``, when added or when it would show (default)."""
    WAIT = 1
    """It stays queued, is not selected, and is looked at again when its caps free."""


class OnOutside(_Named):
    """What an alert does when it would be selected outside its windows (docs/rules.md §22)."""

    WAIT = 0
    """It stays queued and is looked at again at the next opening (default)."""
    DROP = 1
    """It ends with ``OUTSIDE_WINDOW``."""


class EndReason(_Named):
    """Why an alert ended."""

    DISMISSED = 0
    CANCELLED = 1
    DESTROYED = 2
    TIMEOUT = 3
    """It had been showing for its whole ``duration``."""
    EXPIRED = 4
    """Its ``ttl`` ran out before it was ever on screen."""
    DUPLICATE = 5
    """Added with ``on_duplicate=IGNORE`` while its id was live: it never joined."""
    REPLACED = 6
    """A new alert with its id and ``on_duplicate=REPLACE`` took its place."""
    DROPPED = 7
    """Its dispatch held more queued alerts than its capacity, and it ranked lowest."""
    CAPPED = 8
    """A frequency cap or cool-down forbade its display, and its ``on_capped`` is ``DROP``."""
    EVICTED = 9
    """Its lane was full and evicts (``OnFull.EVICT_OLDEST``): a newer alert took its room."""
    DISPLACED = 10
    """It would have been hidden covered, and its ``when_displaced`` is ``DROP``."""
    INELIGIBLE = 11
    """Its campaign's audience stopped admitting it before it showed (docs/rules.md §21)."""
    OUTSIDE_WINDOW = 12
    """It would have been selected outside its windows, and its ``on_outside`` is ``DROP`` (docs/rules.md §22)."""
    CONTROL = 13
    """An instance of a control variant, at the moment it would have shown: counted for caps, never shown (docs/rules.md §22)."""
    WITHDRAWN = 14
    """A new campaign set no longer has its campaign, or changed its definition, before it was on screen (docs/rules.md §22)."""


class CampaignEvent(_Named):
    """What a campaign callback reports (docs/rules.md §21)."""

    TRIGGER = 0
    """A trigger fired and made an instance."""
    SKIP = 1
    """A trigger fired and made none (the reason says why)."""
    CONTROL = 2
    """An instance of a control variant reached the moment it would have shown (docs/rules.md §22): it finishes
    ``CONTROL`` right after."""


class ActionStyle(_Named):
    """How an action button wants to be drawn."""

    DEFAULT = 0
    CANCEL = 1
    DESTRUCTIVE = 2


class StepKind(_Named):
    """What a scenario step does (``xyz_step_kind``)."""

    # generated by scripts/steps.py: begin
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
    # generated by scripts/steps.py: end


class WhyCode(_Named):
    """Why an alert is where it is (``xyz_why_code``, docs/rules.md §18).
    ``str()`` gives the trace word ("behind", "not_ready", ...)."""

    IDLE = 0
    SHOWING = 1
    HIDDEN_PAGE = 2
    HIDDEN_COVERED = 3
    NOT_READY = 4
    SHOW_AFTER = 5
    """Waiting for its show_after delay (``until``)."""
    DEPENDENCY = 6
    ID_DEPENDENCY = 7
    PAGE_NOT_VISIBLE = 8
    NOT_ACTIVE_CHILD = 9
    SUSPENDED = 10
    BEHIND = 11
    LOWER_PRIORITY = 12
    DEFERRED = 13
    LANE_GAP = 14
    """Its lane's gap held its show back (``until``)."""
    CAPPED = 15
    """A frequency cap holds it (:attr:`Why.key`, :attr:`Why.rule`)."""
    COOLING_DOWN = 16
    """A cool-down holds it (:attr:`Why.key`, :attr:`Why.rule`)."""
    MIN_VISIBLE = 17
    """Dismissed or cancelled, on screen until its minimum visible time (``until``)."""
    FINISHED = 18
    HELD = 19
    """Showing, its countdown held (its own hold, or the root's timer holds)."""
    TRIGGER_DELAY = 20
    """Waiting: the delay of the campaign that made it has not passed (``until``)."""
    OUTSIDE_WINDOW = 21
    """Ready, outside its windows or inside an exclude (:attr:`Why.rule`); ``until`` the next opening."""
