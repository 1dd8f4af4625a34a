"""The interface's enumerations, declared once (scripts/interface/README.md).

An enum:
  c        the C type (xyz_state); None: the engine's only (no C enum).
  prefix   the C constants' prefix (XYZ_STATE_).
  swift    the engine's Swift type (Sources/XYZAlert/Model/Words.swift);
           None: the engine has its own (status: AlertError.Code).
  python   the Python class (bindings/python/xyzalert/_enums.py); None: none.
  cpp      the C++ enum class (include/xyzalert/enums.hpp); None: none.
  since    the version that added it.
  doc      one line (or a few) for every language.
  fast_eq  the engine compares it on every pass: `==` on raw values (with
           the synthesized one the optimizer retains the object compared).
  values   rows (word, doc, since?, extra?): `word` is what JSON files,
           traces and *_name() say; the C constant is PREFIX + WORD upper
           case, the Swift case the word in lowerCamelCase, the Python
           member the word upper case, the C++ enumerator the word (a
           keyword gets "_"). extra: {"c": suffix, "python": name} where
           a spelling differs (xyz_status).
The values are the ABI's: 0, 1, 2, ... in order; add at the end only.
"""

ENUMS = [
    dict(c="xyz_status", prefix="XYZ_", swift=None, python="Status", cpp="status", since="0.1",
         doc="The result of every function that can fail.", name_doc="The enumerator's name, e.g. \"XYZ_EINVAL\".",
         values=[
             ("ok", "Success.", None, {"c": "OK"}),
             ("invalid", "A bad argument: NULL handle, empty name, bad enum or index.", None, {"c": "EINVAL"}),
             ("state", "The object is in the wrong state (finished, destroyed, ...).", None, {"c": "ESTATE"}),
             ("duplicate", "An id is already used by a live alert of the domain.", None, {"c": "EDUPLICATE"}),
             ("cycle", "The call would create a dependency or parent cycle.", None, {"c": "ECYCLE"}),
             ("not_found", "Something named does not exist.", None, {"c": "ENOTFOUND"}),
             ("parse", "Malformed JSON.", None, {"c": "EPARSE"}),
             ("schema", "Well-formed JSON that breaks the alert set schema.", None, {"c": "ESCHEMA"}),
             ("io", "A file could not be read.", None, {"c": "EIO"}),
             ("owner", "A dispatch named as a child is not a child of that parent.", None, {"c": "EOWNER"}),
         ]),
    dict(c="xyz_state", prefix="XYZ_STATE_", swift="AlertState", python="State", cpp="state", since="0.1",
         fast_eq=True, doc="An alert's life: created idle, added waiting or ready, on screen (showing\n"
                           "or hidden), finished (docs/rules.md §2).",
         values=[
             ("idle", "Created, not yet added."),
             ("waiting", "Added; the host has not marked it ready."),
             ("ready", "Added and ready; queued until the scheduling rules let it show."),
             ("showing", "On screen and visible."),
             ("hidden", "On screen but hidden (its page does not participate, or covered)."),
             ("finished", "Ended; never shown again."),
         ]),
    dict(c="xyz_exclusive", prefix="XYZ_EXCLUSIVE_", swift="Exclusive", python="Exclusive", cpp="exclusive",
         since="0.1", fast_eq=True, doc="How an alert treats the alerts already on screen (docs/rules.md §3).",
         values=[
             ("wait", "Never shows over another alert: waits until the screen is free (default)."),
             ("cover", "Shows over lower priorities; they stay visible below it."),
             ("hide_others", "Shows over lower priorities and hides everything below it."),
         ]),
    dict(c="xyz_hide_reason", prefix="XYZ_HIDE_", swift="HideReason", python="HideReason", cpp="hide_reason",
         since="0.1", doc="Why an on-screen alert is hidden.",
         values=[
             ("page", "Its page does not participate (not visible, or not the active child)."),
             ("covered", "A hide_others alert above it hides it."),
         ]),
    dict(c="xyz_end_reason", prefix="XYZ_END_", swift="EndReason", python="EndReason", cpp="end_reason",
         since="0.1", doc="Why an alert ended.",
         values=[
             ("dismissed", "Dismissed, or one of its actions was chosen."),
             ("cancelled", "Cancelled by the host."),
             ("destroyed", "Its dispatch was destroyed."),
             ("timeout", "It had been showing for its whole duration.", "0.2"),
             ("expired", "Its ttl ran out before it was ever on screen.", "0.2"),
             ("duplicate", "Added with on_duplicate ignore while its id was live: it never joined (docs/rules.md §13).",
              "0.2"),
             ("replaced", "A new alert with its id and on_duplicate replace took its place.", "0.2"),
             ("dropped", "Its dispatch was over capacity and it ranked lowest.", "0.2"),
             ("capped", "A frequency cap or cool-down forbade its display, and its on_capped is drop\n"
                        "(docs/rules.md §16).", "0.3"),
             ("evicted", "Its lane was full and evicts (on_full evict_oldest): a newer alert took its room.", "0.3"),
             ("displaced", "It would have been hidden covered, and its when_displaced is drop.", "0.3"),
             ("ineligible", "Its campaign's audience stopped admitting it before it showed (docs/rules.md §21).",
              "0.4"),
             ("outside_window", "It would have been selected outside its windows (or inside an exclude),\n"
                                "and its on_outside is drop (docs/rules.md §22).", "0.4"),
             ("control", "An instance of a control variant, at the moment it would have shown: counted\n"
                         "for caps, never shown (docs/rules.md §22).", "0.4"),
             ("withdrawn", "A new campaign set no longer has its campaign, or changed its definition,\n"
                           "before it was on screen (docs/rules.md §22).", "0.4"),
         ]),
    dict(c="xyz_on_duplicate", prefix="XYZ_ON_DUPLICATE_", swift="OnDuplicate", python="OnDuplicate",
         cpp="on_duplicate", since="0.2", fast_eq=True,
         doc="What adding does with an alert whose id is already live in the domain\n(docs/rules.md §13).",
         values=[
             ("reject", "The add fails (XYZ_EDUPLICATE) and changes nothing (default)."),
             ("ignore", "The new alert does not join: it finishes duplicate during the add."),
             ("replace", "The live alert ends (replaced); the new one is added in its place."),
             ("update", "Upsert: the live alert takes the new one's content (and its duration,\n"
                        "counted again, when it has one) and gets update if on screen; the new one\n"
                        "does not join: it finishes duplicate, after that update.", "0.3"),
             ("coalesce", "update, and the live alert's occurrence count goes up by one, its countdown\n"
                          "restarts (with its own duration when the new one has none) and it is\n"
                          "announced again, even with the same text (docs/rules.md §19).", "0.4"),
         ]),
    dict(c="xyz_when_displaced", prefix="XYZ_WHEN_DISPLACED_", swift="WhenDisplaced", python="WhenDisplaced",
         cpp="when_displaced", since="0.3", fast_eq=True,
         doc="What happens to an on-screen alert that would be hidden covered\n(docs/rules.md §19).",
         values=[
             ("restore", "It is hidden (covered) and unhides when it can (default)."),
             ("drop", "It ends instead: remove, finish, both displaced."),
         ]),
    dict(c="xyz_preempt", prefix="XYZ_PREEMPT_", swift="Preempt", python="Preempt", cpp="preempt", since="0.4",
         fast_eq=True, doc="Which on-screen alerts a cover or hide_others alert shows over\n(docs/rules.md §19).",
         values=[
             ("lower", "Lower priorities only (default)."),
             ("equal", "Also those of its own priority added before it: the newest of equal\n"
                       "priority wins."),
         ]),
    dict(c="xyz_on_full", prefix="XYZ_ON_FULL_", swift="OnFull", python="OnFull", cpp="on_full", since="0.3",
         fast_eq=True, doc="What a full lane does with a wait candidate (docs/rules.md §19).",
         values=[
             ("queue", "It stays queued until there is room (default)."),
             ("evict_oldest", "The lane's oldest visible alert ends (evicted), then it shows."),
         ]),
    dict(c="xyz_order", prefix="XYZ_ORDER_", swift="QueueOrder", python="Order", cpp="order", since="0.3",
         fast_eq=True, doc="Among candidates of equal priority, which shows first (docs/rules.md §19).",
         values=[
             ("fifo", "The earlier add (default)."),
             ("lifo", "The later add."),
         ]),
    dict(c="xyz_politeness", prefix="XYZ_ANNOUNCE_", swift="Politeness", python="Politeness", cpp="politeness",
         since="0.3", doc="How a screen reader should say an alert (docs/rules.md §17).",
         values=[
             ("polite", "When the reader is idle (default)."),
             ("assertive", "At once, interrupting."),
             ("off", "Not announced."),
         ]),
    dict(c="xyz_on_capped", prefix="XYZ_ON_CAPPED_", swift="OnCapped", python="OnCapped", cpp="on_capped",
         since="0.3", doc="What a capped alert does (docs/rules.md §16).",
         values=[
             ("drop", "It ends capped, at its add or when it would show (default)."),
             ("wait", "It stays queued, is not selected, and is looked at again when its caps free."),
         ]),
    dict(c="xyz_limit_per", prefix="XYZ_PER_", swift="LimitPer", python="LimitPer", cpp="limit_per", since="0.3",
         exported=False,
         doc="What a limit counts displays over (docs/rules.md §16).",
         values=[
             ("session", "Since the history's session began (xyz_history_begin_session())."),
             ("lifetime", "Ever, as far as the history goes back."),
             ("window", "The last `window` seconds."),
             ("day", "The current local calendar day (docs/rules.md §22).", "0.4"),
             ("week", "The current local calendar week, Monday first.", "0.4"),
         ]),
    dict(c="xyz_on_outside", prefix="XYZ_ON_OUTSIDE_", swift="OnOutside", python="OnOutside", cpp="on_outside",
         since="0.4", doc="What an alert does when it would be selected outside its windows\n"
                          "or inside an exclude (docs/rules.md §22).",
         values=[
             ("wait", "It stays queued and is looked at again at the next opening (default)."),
             ("drop", "It ends outside_window."),
         ]),
    dict(c="xyz_action_style", prefix="XYZ_ACTION_", swift="ActionStyle", python="ActionStyle",
         cpp="action_style", since="0.1", doc="How an action button wants to be drawn.",
         values=[
             ("default", "The usual button."),
             ("cancel", "The button that backs out."),
             ("destructive", "A button whose action destroys or deletes something."),
         ]),
    dict(c="xyz_why_code", prefix="XYZ_WHY_", swift="WhyCode", python="WhyCode", cpp="why_code", since="0.3",
         doc="Why an alert is where it is (xyz_alert_why()): a stable code, the\n"
             "first cause that applies in the order of the scheduling rules\n"
             "(docs/rules.md §18 has each code's meaning, an example and the order).\n"
             "Codes only ever gain values at the end.",
         values=[
             ("idle", "created, not added"),
             ("showing", "on screen, visible"),
             ("hidden_page", "hidden: `page` (its page or an ancestor) does not participate"),
             ("hidden_covered", "hidden: `alert`, a hide_others alert above it"),
             ("not_ready", "added waiting; the host has not marked it ready"),
             ("show_after", "waiting: its show_after delay has not passed (`until`)"),
             ("dependency", "waiting for `alert` to finish"),
             ("id_dependency", "waiting while `alert` has the id `id`"),
             ("page_not_visible", "`page` (its page or an ancestor) is not visible or was destroyed"),
             ("not_active_child", "`page` (its page or an ancestor) is not an active child"),
             ("suspended", "`page` (its page or an ancestor) is suspended"),
             ("behind", "`alert`, on screen, keeps it queued (it is wait, or not of higher priority)"),
             ("lower_priority", "`alert`, a candidate before it, shows first at the next pass"),
             ("deferred", "nothing holds it: it changes at the next pass (deferred mode: the flush)"),
             ("lane_gap", "its lane's gap after an alert left held its show back (`until`)"),
             ("capped", "a frequency cap holds it: `key`, `rule`; `until` when it frees by time"),
             ("cooling_down", "a cool-down holds it: `key`, `rule`, `until`"),
             ("min_visible", "dismissed or cancelled, on screen until its minimum visible time (`until`)"),
             ("finished", "ended; `end_reason` says why"),
             ("held", "on screen, visible, its countdown held (its own hold, the root's timer holds)", "0.4"),
             ("trigger_delay", "waiting: the delay of the campaign that made it has not passed (`until`)", "0.4"),
             ("outside_window", "ready, outside its windows or inside an exclude: `rule`; `until` the next\n"
                                "opening", "0.4"),
         ]),
    dict(c="xyz_campaign_event", prefix="XYZ_CAMPAIGN_", swift="CampaignEventKind", python="CampaignEvent",
         cpp="campaign_event", since="0.4", doc="What a campaign callback reports (docs/rules.md §21).",
         values=[
             ("trigger", "A trigger fired and made an instance (the event's alert)."),
             ("skip", "A trigger fired and made none (the reason says why)."),
             ("control", "An instance of a control variant reached the moment it would have shown: it\n"
                         "finishes control right after (docs/rules.md §22)."),
             ("miss", "A trigger's event made no instance and no skip: its where failed, or its count\n"
                      "was not reached (the reason says which). Only while the root reports misses.", "0.5"),
         ]),
    dict(c="xyz_campaign_why_code", prefix="XYZ_CAMPAIGN_WHY_", swift="CampaignWhyCode", python="CampaignWhyCode",
         cpp="campaign_why_code", since="0.5",
         doc="What the last event a campaign's triggers named did (xyz_dispatch_campaign_why(),\n"
             "docs/rules.md §21): fired, or the stable code of why it made no instance.\n"
             "Codes only ever gain values at the end.",
         values=[
             ("untracked", "No event its triggers name was tracked since its set was attached."),
             ("fired", "The event made an instance (or cancelled: a cancel_on trigger)."),
             ("where", "The trigger's where rule failed: `detail` is the part that failed."),
             ("count", "The trigger counted the event but does not fire at that count: `detail`."),
             ("not_started", "Before the campaign's start: the event did not count."),
             ("ended", "At or after the campaign's end: the event did not count."),
             ("audience", "Its audience rule failed: `detail` is the part that failed."),
             ("no_user", "Bucketing needs a user_id attribute and there is none."),
             ("no_page", "The campaign names a page that is not in the domain."),
         ]),
    dict(c="xyz_diagnostic", prefix="XYZ_DIAGNOSTIC_", swift="Diagnostic", python="Diagnostic", cpp="diagnostic",
         since="0.5",
         doc="Something a host set up that works other than it likely meant, noted once per domain\n"
             "and never printed (xyz_dispatch_diagnostics(), docs/rules.md §16).",
         values=[
             ("caps_without_history", "An alert with a limit or cool-down was added to a domain without a\n"
                                      "history: caps apply only with one (xyz_dispatch_set_history())."),
             ("windows_without_history", "An alert with windows or excludes was added to a domain without a\n"
                                         "history: they read the host's wall clock, not a history's."),
         ]),
    dict(c=None, swift="SkipReason", python=None, cpp=None, since="0.4",
         doc="Why a trigger's event made no instance: the reason of a skip or miss campaign event.",
         values=[
             ("none", "None (a trigger event)."),
             ("not_started", "Before the campaign's start."),
             ("ended", "At or after the campaign's end."),
             ("audience", "Its audience rule failed."),
             ("no_user", "Bucketing needs a user_id attribute and there is none."),
             ("no_page", "The campaign names a page that is not in the domain."),
             ("where", "A miss: the trigger's where rule failed.", "0.5"),
             ("count", "A miss: the trigger counted the event but does not fire at that count.", "0.5"),
         ]),
]
