"""The alert's and the page's properties: the tables every mirror of them
is written from (README.md lists the mirrors).

PROPERTIES are the alert's: a value the host sets and reads back, read
from an alert set's JSON, with a getter and a setter in C, C++ and Python;
the first rows are plain (stored by the engine as they are, idle only:
everything, the engine's storage and recordings included, is written from
the row), the others have engine accessors written by hand.

A row: `key` (the JSON member and the C, C++ and Python name), `type` (an
enum of enums.py by its Swift name, "bool", "seconds" (finite, 0 or more),
"number" (finite), "int32", "name" (a non-empty string), "text" (a
string or none), "json" (the text of one JSON object, or none), or for a page "label", "count" or "scale"), `default` (a word of that enum, True/False, a number, a
string, or None: no text), `since`, `what` (the noun the engine's state
error names: "cannot set <what>: ..."; plain rows), `doc` (what it is, a noun phrase without
its default, in the words of every language: it ends the C header's
"Sets ..." sentence, Python's docstring and the formats table's cell),
`values` (the formats table's account of its values), optional `note`
(more sentences for the header and Python), `c_get` (the C getter's name
when it is not `xyz_alert_<key>`), `engine="hand"` for a property whose
engine accessors are written by hand (then `swift_get` and `swift_set`
name them when they are not `<camelKey>` and `set<CamelKey>`, and `table`
is its formats table cell), `definition="hand"` when alert sets and
recordings keep it in a field of their own (`held`: that field of a
recording's definition), `settable="live"` for a
property set in any state but finished (idle only otherwise), `c_param`
(the C setter's parameter when it is not the key), `created_with` for the
two `Alert()` and `xyz_alert_create_with` take as parameters.

ALERT_KEYS is every member of an alert object, in the order of
docs/formats.md's table and of the schema's list of known keys: the name
of a property row, or a (key, default, value) triple for a member whose
engine calls are written by hand (they have more than one value, act at
once, or live in a box of their own).
"""

PROPERTIES = [
    dict(key="on_duplicate", type="OnDuplicate", default="reject", since="0.2", what="the duplicate policy",
         doc="what an add does when the alert's id is already live in the domain",
         values='`"reject"` (an error), `"ignore"` (the new one finishes with reason `duplicate`), `"replace"` '
                '(the live one ends with reason `replaced`, the new one is added), `"update"` (an upsert: the live '
                "one takes the new one's content, and its `duration` when it has one, counted again; the new one "
                'finishes with reason `duplicate`; docs/rules.md §19), or `"coalesce"` (`"update"`, and the live '
                "one's occurrence count goes up by one, its countdown restarts and it is announced again, the same "
                "text included: a toast storm is one toast with a count)",
         note="Two alerts of one batch with the same id are a duplicate error whatever their policy."),
    dict(key="when_displaced", type="WhenDisplaced", default="restore", since="0.3",
         what="what happens when displaced",
         doc="what happens where the alert would be hidden covered (by a hide_others alert or a lane's limit)",
         values='`"restore"` (hidden, it comes back) or `"drop"` (it ends with reason `displaced`)'),
    dict(key="preempt", type="Preempt", default="lower", since="0.4", what="the preemption",
         doc="which on-screen alerts the alert shows over when it is cover or hide_others",
         values='`"lower"` priorities, or `"equal"`: also those of its own priority added before it (the newest '
                "of equal priority wins; docs/rules.md §19). No effect on a `wait` alert",
         note="It changes nothing for a wait alert."),
    dict(key="coverable", type="bool", default=True, since="0.4", what="whether it is coverable",
         c_get="xyz_alert_is_coverable",
         doc="whether the alert may be covered",
         values="`false`: while it is on screen, nothing of its lane covers, hides or evicts it; those candidates "
                "wait until it leaves",
         note="While an alert that is not coverable is on screen on a participating page, no candidate of its "
              "lane covers it, hides it or evicts it: they wait until it leaves (docs/rules.md §19)."),

    # Properties whose engine getter and setter are written by hand (they act
    # at once, or live in a box of their own: `engine="hand"`) and whose
    # definitions (alert sets, recordings) hold them as fields of their own
    # (`definition="hand"`): the table writes their C functions and what
    # mirrors those (header, C++, Python, docs). `settable="live"`: any
    # state but finished (the host may be told at once), not idle only.
    dict(key="priority", type="int32", default=0, since="0.1", engine="hand", definition="hand",
         held="priority", created_with=True,
         doc="the alert's priority: larger is more important",
         table="an integer from -2147483648 to 2147483647; larger is more important"),
    dict(key="exclusive", type="Exclusive", default="wait", since="0.1", engine="hand", definition="hand",
         held="exclusive",
         created_with=True,
         doc="how the alert treats the alerts on screen when it shows",
         note="See docs/rules.md §3.",
         table='`"wait"` (never shows over another alert), `"cover"` (shows over lower priorities, which stay visible) or `"hide_others"` (shows over lower priorities and hides everything below)'),
    dict(key="target", type="name", default="page", since="0.1", engine="hand", definition="hand",
         held="target", settable="live",
         c_param="name",
         doc="the layer the alert shows on: the page itself, or a layer its page or an ancestor registered",
         note="It takes effect at its next show.",
         table='a non-empty layer name the host registered (`"page"` is the page itself)'),
    dict(key="style", type="name", default="alert", since="0.1", engine="hand", definition="hand",
         held="content.style", settable="live",
         swift_get="content.style",
         doc='the presentation hint: "alert", "sheet", "toast" or any word the host knows',
         note="On screen, the host is told at once (update).",
         table='a non-empty presentation hint: `"alert"`, `"sheet"`, `"toast"` or any word the host knows'),
    dict(key="title", type="text", default=None, since="0.1", engine="hand", definition="hand",
         held="content.title", settable="live",
         swift_get="content.title",
         doc="the title the host draws",
         note="On screen, the host is told at once (update), and a showing alert's new title is announced.",
         table="a string (may be empty)"),
    dict(key="message", type="text", default=None, since="0.1", engine="hand", definition="hand",
         held="content.message", settable="live",
         swift_get="content.message",
         doc="the message the host draws",
         note="On screen, the host is told at once (update), and a showing alert's new message is announced.",
         table="a string (may be empty)"),
    dict(key="meta", type="json", default=None, since="0.1", engine="hand", definition="hand",
         held="content.meta", settable="live",
         c_param="json", swift_get="content.meta",
         doc="the host's own data: the text of one JSON object, handed back as it was given, or made compact "
             "when read from an alert set",
         note="On screen, the host is told at once (update).",
         table="any JSON object, handed to the host as compact JSON text"),
    dict(key="avoid_keyboard", type="bool", default=True, since="0.5", engine="hand", definition="hand",
         held="avoidKeyboard",
         settable="live", c_get="xyz_alert_has_keyboard_avoidance", swift_get="avoidsKeyboard", swift_set="setAvoidsKeyboard",
         doc="whether the alert moves clear of the keyboard",
         note="An on-screen alert whose offset changes is moved during the call.",
         table="whether the alert moves clear of the keyboard"),
    dict(key="keyboard_adjust", type="number", default=0, since="0.5", engine="hand", definition="hand",
         held="keyboardAdjust",
         settable="live",
         doc="the points added to the keyboard offset, a negative number moving the alert further up",
         note="An on-screen alert whose offset changes is moved during the call.",
         table="a finite number added to the keyboard offset (negative moves further up)"),
    dict(key="lane", type="name", default="main", since="0.2", engine="hand", definition="hand", held="lane",
         doc="the lane the alert is arbitrated in",
         note="Each lane of a domain is arbitrated on its own: one stack, one candidate order and one visibility "
              "per lane, so an alert only waits for, covers or hides alerts of its own lane; within a pass the "
              "lanes are taken in byte order of their names. Participation, dependencies, ids, capacity and "
              "suspension are shared, and keyboard avoidance, page hiding and destroying see every lane (the "
              "most recently shown alert first).",
         table="a non-empty name; each lane has its own stack, candidate order and visibility (lanes are taken in byte order of their names)"),

    # The same, whose definitions' values the table writes too
    # (`PropertyValues`: the schema's reading, AlertDefinition, recordings),
    # except for `definition="hand"` (cooldown and on_outside: a definition
    # keeps them with the caps and the windows they belong to).
    dict(key="duration", type="seconds", default=0, since="0.2", engine="hand",
         doc="the seconds the alert may be showing, in total, before it ends by itself with reason timeout",
         note="The count runs only while the alert is showing and pauses while it is hidden, so a toast is "
              "never used up unseen.",
         table='seconds (a number, 0 or more; 0 is no limit) the alert may be *showing* before it ends by itself: `remove` and `finish` with reason `timeout`. The count pauses while it is hidden'),
    dict(key="ttl", type="seconds", default=0, since="0.2", engine="hand", swift_set="setTTL",
         doc="the seconds from its add within which the alert must first be on screen, or it ends with "
             "reason expired (finish only)",
         note="Once it has been on screen the ttl no longer applies.",
         table='seconds (0 or more; 0 is no limit) from its add within which the alert must first be on screen, or it ends with `finish` reason `expired`. Once shown it no longer applies'),
    dict(key="cooldown", type="seconds", default=0, since="0.3", engine="hand", definition="hand",
         held="caps.cooldown",
         swift_get="caps.cooldown",
         doc="the alert's own cool-down: the seconds at least between two displays of its id",
         note="See docs/rules.md §16.",
         table="seconds at least between two displays of the alert's id (0: none). Needs an `id`"),
    dict(key="on_capped", type="OnCapped", default="drop", since="0.3", engine="hand",
         doc="what the alert does when a cap holds it",
         note="See docs/rules.md §16.",
         table='what the alert does when a cap holds it: `"drop"` (it finishes with reason `capped`) or `"wait"` (it stays queued until its caps free)'),
    dict(key="on_outside", type="OnOutside", default="wait", since="0.4", engine="hand", definition="hand",
         held="windows.onOutside",
         doc="what the alert does when it would be selected outside its windows or inside an exclude",
         note="See docs/rules.md §22.",
         table='what it does when it would be selected outside its windows or inside an exclude: `"wait"` (queued until the next opening, why code `outside_window`) or `"drop"` (it finishes with reason `outside_window`)'),
    dict(key="show_after", type="seconds", default=0, since="0.3", engine="hand",
         doc="the seconds the alert stays waiting after its add before it becomes ready by itself",
         note="Ending it earlier means it never shows; an alert added waiting must still be marked ready "
              "(docs/rules.md §17).",
         table='seconds it stays waiting after its add before it becomes ready by itself (docs/rules.md §17); ended earlier, it never shows'),
    dict(key="min_visible", type="seconds", default=0, since="0.3", engine="hand",
         doc="the seconds from its first show before which a dismiss or cancel waits",
         note="The call succeeds and the alert ends at the minimum, with that call's reason, remove before "
              "finish (for a dismiss too; docs/rules.md §17).",
         table='seconds from its first show before which a dismiss or cancel waits (the alert then ends with `remove` and `finish`)'),
    dict(key="announce", type="Politeness", default="polite", since="0.3", engine="hand",
         doc="how the host's announce callback is told to say the alert",
         note="See docs/rules.md §17.",
         table='how a screen reader says it: `"polite"`, `"assertive"` or `"off"`'),
]

ALERT_KEYS = [
    ('id', 'required',
     'a non-empty string, unique in the file (compared byte for byte)'),
    "priority",
    "exclusive",
    ('after', '`[]`',
     'ids of alerts of the same file; an instance waits while a live alert with one of these ids exists in its domain'),
    ('ready', '`true`',
     '`false` adds instances waiting, until the host marks them ready'),
    "target",
    "style",
    "title",
    "message",
    ('actions', '`[]`',
     'buttons, each `{"id", "title", "style", "keep_open"}`: `id` a non-empty string unique within the alert, `title` a string, `style` `"default"` (the default), `"cancel"` or `"destructive"`, `keep_open` `true` for a button that delivers `action` only and leaves the alert open (default `false`, docs/rules.md §19)'),
    "avoid_keyboard",
    "keyboard_adjust",
    "meta",
    "duration",
    "ttl",
    ('tags', '`[]`',
     'non-empty strings, no repeats; for `cancel_tagged`'),
    "on_duplicate",
    "lane",
    ('limit', 'none',
     'caps on the alert\'s id (docs/rules.md §16): one limit or a list, each `{"count": N, "per": P}` with `count` an integer from 1 to 4294967295 (the range of the C interface\'s `uint32_t`, and Python\'s) and `per` `"session"`, `"lifetime"`, `"day"` or `"week"` (the local calendar day, or week from Monday: docs/rules.md §22) or a window of seconds above 0; at most one limit per period. Needs an `id`'),
    "cooldown",
    "on_capped",
    ('windows', 'none',
     'when, in the user\'s local time, it may be selected to show (docs/rules.md §22): a list of `{"days": ["mon", ...], "from": "HH:MM", "to": "HH:MM"}`; `days` (`mon` ... `sun`, at least one) defaults to every day; `from` 00:00 to 23:59, `to` 00:00 to 24:00, exclusive (`"00:00"` as `to` is the midnight ending the day); a `from` after its `to` wraps past midnight and belongs to the day of its `from`; `from` equal to `to` is an error'),
    ('exclude', 'none',
     'the same shape: never selected inside one (quiet hours)'),
    "on_outside",
    "show_after",
    "min_visible",
    "announce",
    "when_displaced",
    "preempt",
    "coverable",
    ('page', '—',
     'only in scenarios (below); an error in a plain alert set'),
]

#: The members only a scenario's alert may have (docs/formats.md's scenarios).
SCENARIO_KEYS = ["page", "name", "after_alerts", "frame", "holds"]

#: The page's properties (a dispatch's): the same columns, with `errors`
#: (the header's account of the setter's errors, when the type's is not
#: it), `handle` (the C parameter when it is not "dispatch"), `default_words`
#: (the default as the docs say it) and `swift_assign` (the engine's value
#: is assigned, not set through a method). Every page property acts at once
#: (a pass, re-timed countdowns), so each is `engine="hand"`.
PAGE_PROPERTIES = [
    dict(key="name", type="label", default="", since="0.1", engine="hand", swift_assign=True,
         doc="the page's name, for explanations, snapshots and traces",
         note='"" clears it.',
         errors="XYZ_EINVAL for NULL."),
    dict(key="capacity", type="count", default=0, since="0.2", engine="hand", default_words="0: no limit",
         doc="the most queued alerts (live, not on screen: waiting or ready) the page keeps",
         note="Right after alerts join its queue (an add), before any pass and in both pass modes, while it "
              "holds more, the lowest-ranked queued alert (lowest priority; among equals the one added last) "
              "ends with finish, reason dropped; the add still succeeds. Lowering the capacity enforces it at "
              "once, then a pass. O(log n) per alert dropped; keeping count costs O(log n) per add, show and "
              "end while a capacity is set, nothing otherwise.",
         errors="XYZ_EINVAL for a capacity above INT32_MAX."),
    dict(key="order", type="QueueOrder", default="fifo", since="0.3", engine="hand",
         doc="the tie-break among the page's candidates of equal priority",
         note="It applies to alerts added from then on; each keeps the place its add gave it.",
         errors="XYZ_EINVAL for a bad value, XYZ_ESTATE for a destroyed dispatch."),
    dict(key="duration_scale", type="scale", default=1, since="0.3", engine="hand", handle="root", c_param="scale",
         doc="the factor every duration of the root's domain is multiplied by, above 0 (infinity: never time out)",
         note="For hosts that follow the OS setting (Android's recommended timeout) or a user preference. "
              "Running countdowns are re-timed in proportion.",
         errors="XYZ_EINVAL for a scale of 0 or less or NaN, XYZ_ESTATE for a page that is not a root."),
    dict(key="reports_misses", type="bool", default=False, since="0.5", engine="hand", handle="root", c_param="on",
         c_get="xyz_dispatch_is_reporting_misses", swift_get="reportsMisses", swift_set="setReportsMisses",
         doc="whether the root's campaign callback also reports each trigger evaluation that made no instance "
             "and no skip (kind miss, reason \"where\" or \"count\"; docs/rules.md §21)",
         note="For tools that explain campaigns (xyzalert simulate --explain): read why with "
              "xyz_dispatch_campaign_why() from the callback. Not while the domain is recorded: a recording "
              "holds no miss reports.",
         errors="XYZ_ESTATE for a page that is not a root."),
]
