"""XYZAlert for Python: a headless alert scheduling engine, through ctypes.

>>> import xyzalert
>>> class Screen(xyzalert.Host):
...     def show(self, alert, target, view):
...         print("show", alert.id)
>>> with xyzalert.Dispatch(Screen(), name="home") as home:
...     home.page_did_appear()
...     home.add(xyzalert.Alert("hello"))
show hello

The library is found through the XYZALERT_LIBRARY environment variable, then
a copy inside this package, then the repository's build directory, then the
system's library path.

Threads: any thread may call any function; every call into the library
holds one re-entrant lock (callbacks included), so calls from several
threads take turns. A callback must not wait for another thread that calls
into xyzalert: that would deadlock.

Docstrings cite the repository's documents by path ("docs/rules.md §12"):
they are at https://github.com/xyzalert/xyzalert (docs/guide.md for use,
docs/rules.md for the rules, docs/formats.md for the JSON formats).
"""

from . import _lib
# BEGIN GENERATED enum imports (scripts/interface: edit its tables, not this region)
from ._enums import (ActionStyle, CampaignEvent, CampaignWhyCode, Diagnostic, EndReason, Exclusive, HideReason,
                     OnCapped, OnDuplicate, OnFull, OnOutside, Order, Politeness, Preempt, State, Status,
                     WhenDisplaced, WhyCode)
# END GENERATED enum imports
from ._enums import StepKind
from ._arguments import AlertSettings
from .alert import Action, Alert, Why, keyboard_offset
from .alert_set import AlertSet
from .scenario import Page, Scenario, Step
from .dispatch import Dispatch
from .errors import (CycleError, DuplicateIdError, InvalidArgumentError, NotFoundError, OwnerError, ParseError,
                     ReadError, SchemaError, StateError, XYZAlertError)
from .history import History, Limit
from .windows import Window
from .host import Host
from .rules import RuleExplanation, eval_rule, explain_rule
from ._why import CampaignWhy
from .runner import ScenarioPlayer, record_scenario, run_scenario
from .timers import AsyncioHost, Holds
from . import backtest, fleet

__version__ = "0.5.0"


def version() -> str:
    """The loaded library's version, e.g. "0.5.0" (``__version__`` is the
    package's; a package uses a library of its own version or newer)."""
    return _lib.lib.xyz_version_string().decode("ascii")


__all__ = [
    "Action", "Alert", "AlertSet", "AlertSettings", "AsyncioHost", "CampaignWhy", "CycleError", "Dispatch",
    "DuplicateIdError",
    "History", "Holds", "Host", "InvalidArgumentError", "Limit", "NotFoundError", "OwnerError", "Page", "ParseError",
    "ReadError", "Scenario", "ScenarioPlayer", "SchemaError", "StateError", "Step", "StepKind", "Why", "Window",
    "RuleExplanation", "XYZAlertError", "eval_rule", "explain_rule", "keyboard_offset", "record_scenario", "run_scenario", "version",
    # BEGIN GENERATED enum exports (scripts/interface: edit its tables, not this region)
    "ActionStyle", "CampaignEvent", "CampaignWhyCode", "Diagnostic", "EndReason", "Exclusive", "HideReason",
    "OnCapped", "OnDuplicate", "OnFull", "OnOutside", "Order", "Politeness", "Preempt", "State", "Status",
    "WhenDisplaced", "WhyCode",
    # END GENERATED enum exports
]
