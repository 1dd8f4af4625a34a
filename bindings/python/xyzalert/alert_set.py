"""Alert sets loaded from JSON (docs/rules.md §8, docs/formats.md "Alert sets").

The C interface calls an alert set a catalog (``xyz_catalog``); the
docs and this package call it an alert set."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, List, Optional, Union

from . import _check, _lib
from ._handle import Handle
from .alert import Alert
from .errors import NotFoundError

if TYPE_CHECKING:
    from .history import History

lib = _lib.lib


@_lib.serialize_methods()
class AlertSet(Handle):
    """Validated alert definitions. ``len()`` counts them, ``ids`` lists
    them in file order, :meth:`create_alert` makes fresh instances."""

    def __init__(self, handle: int, owner: Any = None) -> None:
        """Wraps a catalog handle from the library; use :meth:`load` or
        :meth:`loads` instead."""
        self._handle = handle
        self._owner = owner  # a scenario whose set this is: it frees the handle

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"]) -> "AlertSet":
        """Loads a file; raises ParseError, SchemaError or ReadError with the location."""
        return cls(_lib.load("xyz_catalog_load_file", _check.path(path, "path")))

    @classmethod
    def loads(cls, text: Union[str, bytes]) -> "AlertSet":
        """Loads JSON text (source "<string>")."""
        data = _json_text(text)
        return cls(_lib.load("xyz_catalog_load_string", data, len(data)))

    def _free(self, handle: int) -> None:
        """Frees the definitions (for a scenario's set: forgets them, the
        scenario frees them)."""
        if self._owner is None:
            lib.xyz_catalog_free(handle)

    def __len__(self) -> int:
        return int(lib.xyz_catalog_definition_count(self._handle))

    @property
    def ids(self) -> List[str]:
        """The definitions' ids, in file order."""
        return [lib.xyz_definition_id(lib.xyz_catalog_definition(self._handle, i)).decode("utf-8")
                for i in range(len(self))]

    def apply_caps(self, history: "History") -> None:
        """Sets the caps of the file's "caps" member on `history`, key by key."""
        from .history import History  # (history.py imports nothing of this module)
        _check.instance(history, History, "history")
        lib.xyz_catalog_apply_caps(self._handle, history._handle)

    def page_of(self, id: str) -> Optional[str]:
        """The page of a scenario's alert."""
        definition = lib.xyz_catalog_find(self._handle, _check.text(id, "id"))
        return _lib.decode(lib.xyz_definition_page(definition)) if definition else None

    def after_alerts(self, name: str) -> List[str]:
        """The definitions whose latest instance the alert called `name`
        depends on by handle (JSON ``after_alerts``)."""
        definition = lib.xyz_catalog_find(self._handle, _check.text(name, "name"))
        if not definition:
            return []
        return [lib.xyz_definition_after_alert(definition, i).decode("utf-8")
                for i in range(lib.xyz_definition_after_alert_count(definition))]

    @property
    def campaigns_version(self) -> Optional[str]:
        """The file's "campaigns_version" (docs/rules.md §22), or None."""
        return _lib.decode(lib.xyz_catalog_campaigns_version(self._handle))

    @property
    def campaign_ids(self) -> List[str]:
        """The ids of the file's campaigns, in file order."""
        return [lib.xyz_catalog_campaign_id(self._handle, i).decode("utf-8")
                for i in range(lib.xyz_catalog_campaign_count(self._handle))]

    def variants(self, campaign: str) -> List[str]:
        """The ids of campaign `campaign`'s variants, in file order (none: [];
        NotFoundError for an unknown campaign)."""
        ids = self.campaign_ids
        _check.text(campaign, "campaign")
        if campaign not in ids:
            raise NotFoundError(f"no campaign {campaign!r} in the alert set")
        position = ids.index(campaign)
        return [lib.xyz_catalog_variant_id(self._handle, position, k).decode("utf-8")
                for k in range(lib.xyz_catalog_variant_count(self._handle, position))]

    def choose_variant(self, campaign: str, user_id: str) -> str:
        """The variant of `campaign` that `user_id` gets at a first choice
        (docs/rules.md §22): the library's own function, as ``xyzalert
        variants`` counts them. NotFoundError for an unknown campaign or one
        without variants."""
        return lib.xyz_catalog_choose_variant(self._handle, _check.text(campaign, "campaign"),
                                              _check.text(user_id, "user_id")).decode("utf-8")

    def create_alert(self, id: str) -> Alert:
        """A fresh idle instance of definition `id` (NotFoundError if there is none)."""
        return Alert._own(lib.xyz_catalog_create_alert(self._handle, _check.text(id, "id")))


def _json_text(text: Any) -> bytes:
    """JSON text as bytes: a str (encoded as UTF-8) or bytes."""
    if isinstance(text, bytes):
        return text
    return _check.text(text, "text")
