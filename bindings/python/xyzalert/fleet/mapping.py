"""An event mapping (docs/formats.md, "Event mappings"): which collected
events become which steps of a session, checked with located errors."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from .._located_json import Located, pointer_token

#: The inactivity that ends a session by default: 30 minutes, as Segment
#: and Google Analytics count sessions.
DEFAULT_GAP = 1800.0

_MEMBERS = ("version", "policy", "root", "screens", "session", "events", "traits", "reactions")
_REACTIONS = ("add", "dismiss", "action")
_POLICY_MEMBERS = ("alerts", "caps", "campaigns", "campaigns_version")


@dataclass(frozen=True)
class TrackRule:
    """A collected event kept as a `track` step: the engine's event name
    and the properties kept (None: all)."""

    event: str
    props: Optional[Tuple[str, ...]] = None


@dataclass(frozen=True)
class ReactionRule:
    """An app event that is a step on an alert: the event's name, the
    property naming the alert, and (for `action`) the property holding
    the action's index or id."""

    event: str
    alert: str
    index: Optional[str] = None


@dataclass
class Mapping:
    """A checked mapping, and the policy it names, read."""

    source: str
    root: str = "app"
    screens: Dict[str, str] = field(default_factory=dict)
    gap: float = DEFAULT_GAP
    opened: Optional[str] = None
    events: Dict[str, TrackRule] = field(default_factory=dict)
    traits: Tuple[str, ...] = ()
    reactions: Dict[str, Tuple[str, ReactionRule]] = field(default_factory=dict)  # by event name
    #: The policy's members a session carries (`alerts` with their page).
    policy: Dict[str, Any] = field(default_factory=dict)
    #: Action ids of each alert of the policy, in order.
    actions: Dict[str, List[str]] = field(default_factory=dict)

    @property
    def pages(self) -> Dict[str, Dict[str, str]]:
        """The pages of every session: the root, and each screen's page
        as its child."""
        out: Dict[str, Dict[str, str]] = {self.root: {}}
        for page in sorted(set(self.screens.values())):
            if page != self.root:
                out[page] = {"parent": self.root}
        return out


def load_mapping(path: "os.PathLike[str] | str") -> Mapping:
    """Reads and checks the mapping at `path` (and its policy): a
    ParseError, SchemaError or ReadError naming file, line, column and
    JSON pointer otherwise."""
    source = os.fspath(path)
    doc = Located.read(source)
    return _check(doc, source)


def _check(doc: Located, source: str) -> Mapping:
    root = doc.value
    if not isinstance(root, dict):
        raise doc.error("a mapping must be an object", "")
    _only(doc, root, _MEMBERS, "", f" (a mapping has {', '.join(_MEMBERS)})")
    if root.get("version") != 1:
        raise doc.error("\"version\" must be 1", "/version" if "version" in root else "")
    out = Mapping(source=source)
    out.root = _name(doc, root.get("root", "app"), "/root", "\"root\"")
    screens = _object(doc, root.get("screens", {}), "/screens", "\"screens\"")
    out.screens = {k: _name(doc, v, f"/screens/{pointer_token(k)}", f"screen \"{k}\"") for k, v in screens.items()}
    _session(doc, root.get("session", {}), out)
    events = _object(doc, root.get("events", {}), "/events", "\"events\"")
    for name, rule in events.items():
        out.events[name] = _track_rule(doc, rule, f"/events/{pointer_token(name)}", name)
    traits = root.get("traits", [])
    if not isinstance(traits, list) or not all(isinstance(t, str) and t for t in traits):
        raise doc.error("\"traits\" must be an array of non-empty strings (the identify traits kept)", "/traits")
    out.traits = tuple(traits)
    reactions = _object(doc, root.get("reactions", {}), "/reactions", "\"reactions\"")
    for kind, rule in reactions.items():
        where = f"/reactions/{pointer_token(kind)}"
        if kind not in _REACTIONS:
            raise doc.error(f"unknown reaction \"{kind}\" (one of {', '.join(_REACTIONS)})", where)
        reaction = _reaction_rule(doc, rule, where, kind)
        if reaction.event in out.reactions or reaction.event in out.events:
            raise doc.error(f"event \"{reaction.event}\" is mapped twice", f"{where}/event")
        out.reactions[reaction.event] = (kind, reaction)
    if "policy" not in root:
        raise doc.error("a mapping needs \"policy\": the alert set the app ran, which every session carries", "")
    _policy(doc, root["policy"], out)
    return out


def _only(doc: Located, body: Dict[str, Any], allowed: Tuple[str, ...], pointer: str, listed: str) -> None:
    """An unknown member of `body` (at `pointer`) is an error: `listed`
    says which members there are."""
    for key in body:
        if key not in allowed:
            raise doc.error(f"unknown member \"{key}\"{listed}", f"{pointer}/{pointer_token(key)}")


def _object(doc: Located, value: Any, pointer: str, what: str) -> Dict[str, Any]:
    if not isinstance(value, dict):
        raise doc.error(f"{what} must be an object", pointer)
    return value


def _name(doc: Located, value: Any, pointer: str, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise doc.error(f"{what} must be a non-empty string, got {json.dumps(value)}", pointer)
    return value


def _session(doc: Located, value: Any, out: Mapping) -> None:
    session = _object(doc, value, "/session", "\"session\"")
    _only(doc, session, ("gap", "opened"), "/session", " of \"session\" (gap, opened)")
    gap = session.get("gap", DEFAULT_GAP)
    if isinstance(gap, bool) or not isinstance(gap, (int, float)) or not gap > 0:
        raise doc.error(f"\"gap\" must be a number of seconds above 0, got {json.dumps(gap)}", "/session/gap")
    out.gap = float(gap)
    if "opened" in session:
        out.opened = _name(doc, session["opened"], "/session/opened", "\"opened\"")


def _track_rule(doc: Located, rule: Any, pointer: str, name: str) -> TrackRule:
    if isinstance(rule, str):
        return TrackRule(_name(doc, rule, pointer, f"event \"{name}\""))
    body = _object(doc, rule, pointer, f"event \"{name}\" (an event name, or {{\"event\": ..., \"props\": [...]}})")
    _only(doc, body, ("event", "props"), pointer, " (event, props)")
    event = _name(doc, body.get("event"), f"{pointer}/event", "\"event\"")
    props = body.get("props")
    if props is not None and (not isinstance(props, list) or not all(isinstance(p, str) and p for p in props)):
        raise doc.error("\"props\" must be an array of property names", f"{pointer}/props")
    return TrackRule(event, None if props is None else tuple(props))


def _reaction_rule(doc: Located, rule: Any, pointer: str, kind: str) -> ReactionRule:
    body = _object(doc, rule, pointer, f"reaction \"{kind}\"")
    allowed = ("event", "alert", "index") if kind == "action" else ("event", "alert")
    _only(doc, body, allowed, pointer, f" ({', '.join(allowed)})")
    event = _name(doc, body.get("event"), f"{pointer}/event", "\"event\"")
    alert = _name(doc, body.get("alert"), f"{pointer}/alert", "\"alert\" (the property naming the alert)")
    index = None
    if kind == "action":
        index = _name(doc, body.get("index"), f"{pointer}/index", "\"index\" (the property naming the action)")
    return ReactionRule(event, alert, index)


def _policy(doc: Located, value: Any, out: Mapping) -> None:
    name = _name(doc, value, "/policy", "\"policy\"")
    path = os.path.join(os.path.dirname(out.source), name)
    if not os.path.isfile(path):
        raise doc.error(f"cannot read policy \"{name}\": no such file", "/policy")
    from ..alert_set import AlertSet  # the library's own check, located in the policy's file

    AlertSet.load(path)
    with open(path, encoding="utf-8") as file:
        body = json.load(file)
    out.actions = {a["id"]: [action["id"] for action in a.get("actions", [])] for a in body["alerts"]}
    out.policy = {key: body[key] for key in _POLICY_MEMBERS if key in body}
    # (An alert set's alerts name no page: they are the root's.)
    out.policy["alerts"] = [dict(alert, page=out.root) for alert in body["alerts"]]
