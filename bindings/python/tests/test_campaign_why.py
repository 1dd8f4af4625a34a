"""Why a campaign did not fire (docs/rules.md §21): Dispatch.campaign_why
and explain_campaign per code, the failing part of a rule worded from what
it read then, misses reported on request, the cause of an ineligible end,
and explain_rule's shapes (docs/rules.md §20)."""

import json

import pytest

from xyzalert import (AlertSet, CampaignEvent, CampaignWhyCode, Dispatch, EndReason, History, Host, NotFoundError,
                      WhyCode, explain_rule)

SET = {
    "alerts": [{"id": "upsell", "title": "Go Pro"}, {"id": "tip"}],
    "campaigns": [
        {"id": "upsell", "alert": "upsell",
         "trigger": {"event": "order", "where": {">=": [{"var": "event.order_number"}, 3]}},
         "audience": {"and": [{"==": [{"var": "plan"}, "free"]}, {"sem_ver": [{"var": "app_version"}, ">=", "2.4"]}]},
         "delay": 5},
        {"id": "every-third", "alert": "tip", "trigger": {"event": "open", "count": 3}},
        {"id": "once", "alert": "tip", "trigger": {"event": "open", "nth": 2}},
        {"id": "later", "alert": "tip", "trigger": {"event": "open", "from": 4}},
        {"id": "future", "alert": "tip", "trigger": {"event": "tap"}, "start": "2100-01-01T00:00:00Z"},
        {"id": "past", "alert": "tip", "trigger": {"event": "tap"}, "end": "2000-01-01T00:00:00Z"},
        {"id": "ab", "alert": "tip", "trigger": {"event": "ab"}, "variants": [{"id": "x", "weight": 1}]},
        {"id": "elsewhere", "alert": "tip", "trigger": {"event": "ab"}, "page": "checkout"},
    ],
}


class Log(Host):
    def __init__(self):
        self.lines = []
        self.whys = []

    def now(self):
        return 0.0

    def finish(self, alert, reason):
        self.lines.append(f"finish {alert.id} {reason.name.lower()}")

    def campaign(self, root, campaign, kind, reason, alert):
        self.lines.append(f"{kind.name.lower()} {campaign}" + (f" {reason}" if reason else ""))
        if kind in (CampaignEvent.SKIP, CampaignEvent.MISS):
            self.whys.append(root.campaign_why(campaign).detail)


def page(attributes=None):
    log = Log()
    home = Dispatch(log, name="home")
    home.page_did_appear()
    home.history = History(lambda: 1_800_000_000.0)  # 2027-01-15T08:00:00Z
    home.set_campaigns(AlertSet.loads(json.dumps(SET)))
    home.set_attributes(attributes or {"plan": "free", "app_version": "2.4.0"})
    return home, log


def test_untracked_until_an_event_its_triggers_name():
    home, _ = page()
    why = home.campaign_why("upsell")
    assert (why.code, why.event, why.trigger, why.detail) == (CampaignWhyCode.UNTRACKED, None, None, None)
    assert why.sentence == "'upsell': no event its triggers name ('order') was tracked since its campaigns were set"


def test_where_names_the_failing_part_and_a_missing_variable():
    home, _ = page()
    home.track("order", {"order_number": 2})
    why = home.campaign_why("upsell")
    assert (why.code, why.event, why.trigger) == (CampaignWhyCode.WHERE, "order", 0)
    assert why.detail == ">=(event.order_number = 2, 3) is false"
    assert why.sentence == ("'upsell' did not fire at 'order': the where of triggers/0 failed: "
                            ">=(event.order_number = 2, 3) is false")
    assert home.explain_campaign("upsell") == why.sentence
    home.track("order", {"orders": 5})
    assert home.campaign_why("upsell").detail == (
        'var "event.order_number" is missing (did you mean "event.orders"?): '
        ">=(event.order_number missing, 3) is false")


@pytest.mark.parametrize("campaign, opens, detail", [
    ("every-third", 2, "the 2nd matching event; it fires on every 3rd"),
    ("once", 3, "the 3rd matching event; it fires on the 2nd only"),
    ("later", 3, "the 3rd matching event; it fires from the 4th on"),
])
def test_count_says_which_event_and_what_fires(campaign, opens, detail):
    home, _ = page()
    for _ in range(opens):
        home.track("open")
    why = home.campaign_why(campaign)
    assert (why.code, why.trigger, why.detail) == (CampaignWhyCode.COUNT, 0, detail)
    assert why.sentence == f"'{campaign}' did not fire at 'open': triggers/0 counted it, {detail}"


def test_dates_audience_user_and_page():
    home, log = page({"plan": "pro", "app_version": "2.3.9"})
    home.track("tap")
    assert home.campaign_why("future").code == CampaignWhyCode.NOT_STARTED
    assert home.campaign_why("future").detail == ("it starts at 2100-01-01T00:00:00Z; the clock read "
                                                  "2027-01-15T08:00:00Z")
    assert home.campaign_why("past").code == CampaignWhyCode.ENDED
    assert home.campaign_why("past").trigger is None
    home.track("order", {"order_number": 3})
    why = home.campaign_why("upsell")
    assert (why.code, why.trigger) == (CampaignWhyCode.AUDIENCE, None)
    assert why.detail == '==(plan = "pro", "free") is false'  # the first failing part of the and
    home.track("ab")
    assert home.campaign_why("ab").code == CampaignWhyCode.NO_USER
    assert home.campaign_why("elsewhere").code == CampaignWhyCode.NO_PAGE
    # The skips' callbacks could read the same reasons.
    assert log.whys == [home.campaign_why("future").detail, home.campaign_why("past").detail, why.detail,
                        None, None]


def test_the_failing_part_is_worded_from_what_the_rule_read_then():
    home, _ = page({"plan": "pro", "app_version": "2.4.0"})
    home.track("order", {"order_number": 3})
    home.set_attribute("plan", "team")  # after the miss: the reason keeps "pro"
    home.set_attribute("app_version", "3.0.0")
    assert home.campaign_why("upsell").detail == '==(plan = "pro", "free") is false'
    home.track("order", {"order_number": 3})
    assert home.campaign_why("upsell").detail == '==(plan = "team", "free") is false'


def test_fired_and_a_new_set_starts_untracked():
    home, _ = page()
    home.track("order", {"order_number": 3})
    why = home.campaign_why("upsell")
    assert (why.code, why.event, why.trigger, why.detail) == (CampaignWhyCode.FIRED, "order", 0, None)
    assert why.sentence == "'upsell' fired at 'order' (triggers/0)"
    home.set_campaigns(AlertSet.loads(json.dumps(SET)))
    assert home.campaign_why("upsell").code == CampaignWhyCode.UNTRACKED


def test_misses_reach_the_host_only_on_request():
    home, log = page()
    home.track("order", {"order_number": 1})
    home.track("open")
    assert log.lines == []
    assert home.reports_misses is False
    home.reports_misses = True
    home.track("order", {"order_number": 1})
    home.track("open")
    assert log.lines == ["miss upsell where", "miss every-third count", "trigger once", "miss later count"]
    assert log.whys[0] == ">=(event.order_number = 1, 3) is false"


def test_errors():
    home, _ = page()
    with pytest.raises(NotFoundError, match="no campaign 'nope'$"):
        home.campaign_why("nope")
    with pytest.raises(NotFoundError, match=r"no campaign 'upsel' \(did you mean 'upsell'\?\)"):
        home.campaign_why("upsel")
    with pytest.raises(NotFoundError):
        home.explain_campaign("nope")
    bare = Dispatch(Host(), name="bare")
    with pytest.raises(NotFoundError):
        bare.campaign_why("upsell")
    child = Dispatch(Host(), name="child")
    child.parent = home
    with pytest.raises(Exception):
        child.reports_misses = True
    assert home.campaign_why("upsell").code == CampaignWhyCode.UNTRACKED


def test_an_ineligible_end_names_the_failing_part():
    home, log = page()
    home.track("order", {"order_number": 3})
    assert home.campaign_why("upsell").code == CampaignWhyCode.FIRED
    alert = home.find("upsell")  # waiting out its delay
    home.set_attribute("plan", "pro")
    assert log.lines == ["trigger upsell", "finish upsell ineligible"]
    why = alert.why()
    assert (why.code, why.key, why.end_reason) == (WhyCode.FINISHED, "audience", EndReason.INELIGIBLE)
    assert why.rule == '==(plan = "pro", "free") is false'
    assert alert.explain() == ("'upsell' finished: ineligible: its campaign's audience stopped admitting it: "
                               '==(plan = "pro", "free") is false')


@pytest.mark.parametrize("rule, data, failing", [
    (True, None, None),
    ({"and": [True, {"<": [{"var": "a"}, 1]}]}, {"a": 2}, "<(a = 2, 1) is false"),
    ({"or": [{"var": "a"}, {"==": [{"var": "b"}, "x"]}]}, {"a": 0, "b": "y"},
     'none of the 2 parts of an or passes: a = 0 gives 0, which counts as false; ==(b = "y", "x") is false'),
    ({"if": [{"var": "a"}, False, True]}, {"a": 1}, "the if takes the branch of a = 1, the constant false"),
    ({"if": [{"var": "a"}, True]}, {"a": 0}, "no condition of an if holds and it has no else: it gives null"),
    ({"!": {"var": "ok"}}, {"ok": True}, "!(ok = true) is false"),
    (False, None, "the rule is the constant false"),
    ({"var": "plna"}, {"plan": "free"}, 'var "plna" is missing (did you mean "plan"?): plna missing gives null, '
                                        "which counts as false"),
    ({"var": ["x", 0]}, {}, 'var "x" is missing, and its default: the rule is the constant 0'),
    ({"<": [{"+": [{"var": "a"}, 1]}, 2]}, {"a": 3}, "<(+(a = 3, 1) = 4, 2) is false"),
    ({"==": [{"var": "s"}, 1]}, {"s": "x" * 100}, '==(s = "' + "x" * 44 + '..., 1) is false'),
    ({"*": []}, None, "the rule stops with null (an operator JavaScript's reference throws on, more than 1000000 "
                      "steps, or a value nested deeper than 256)"),
])
def test_explain_rule_shapes(rule, data, failing):
    explained = explain_rule(rule, data)
    assert explained.failing == failing
    assert (failing is None) == bool(explained.result not in (None, False, 0, "", []))
