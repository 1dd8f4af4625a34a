"""JSON read with the place of every value, for files the package itself
checks (an event mapping): a syntax error, or a value the caller rejects,
is a :class:`~xyzalert.ParseError` / :class:`~xyzalert.SchemaError` with
file, line, column and JSON pointer, as the library's own loads give."""

from __future__ import annotations

import json
from typing import Any, Dict, Set

from .errors import ParseError, ReadError, SchemaError

_SPACE = " \t\n\r"


def pointer_token(key: str) -> str:
    """`key` as one token of a JSON pointer (RFC 6901: ~ and / escaped)."""
    return key.replace("~", "~0").replace("/", "~1")


class Located:
    """A parsed document and the byte offset of each value by pointer."""

    def __init__(self, text: str, source: str) -> None:
        """Parses `text` (read from `source`); ParseError when it is not one
        JSON value, or has a key twice in an object."""
        self.text = text
        self.source = source
        try:
            self.value: Any = json.loads(text)
        except json.JSONDecodeError as error:
            raise ParseError(f"invalid JSON: {error.msg}", source=source, line=error.lineno, column=error.colno,
                             position=error.pos, path="") from None
        self.offsets: Dict[str, int] = {}
        self._walk(self._skip(0), "")

    @classmethod
    def read(cls, path: str) -> "Located":
        """The file at `path`, read as UTF-8 (ReadError when it cannot be)."""
        try:
            with open(path, encoding="utf-8") as file:
                text = file.read()
        except (OSError, UnicodeDecodeError) as error:
            raise ReadError(f"cannot read: {getattr(error, 'strerror', None) or error}", source=path) from None
        return cls(text, path)

    def error(self, message: str, pointer: str) -> SchemaError:
        """A schema error at the value `pointer` (its nearest parent known)."""
        while pointer and pointer not in self.offsets:
            pointer = pointer.rpartition("/")[0]
        place = self.offsets.get(pointer, 0)
        return SchemaError(message, source=self.source, line=self._line(place), column=self._column(place),
                           position=place, path=pointer)

    def _line(self, offset: int) -> int:
        return self.text.count("\n", 0, offset) + 1

    def _column(self, offset: int) -> int:
        return offset - (self.text.rfind("\n", 0, offset) + 1) + 1

    def _skip(self, i: int) -> int:
        while i < len(self.text) and self.text[i] in _SPACE:
            i += 1
        return i

    def _walk(self, i: int, pointer: str) -> int:
        """Records the value at `i` and its children; returns its end. A
        key met twice in one object is a ParseError at the second."""
        self.offsets[pointer] = i
        text = self.text
        if text[i] == "{":
            i = self._skip(i + 1)
            if text[i] == "}":
                return i + 1
            keys: Set[str] = set()
            while True:
                key, end = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
                if key in keys:
                    raise ParseError(f"invalid JSON: duplicate key \"{key}\"", source=self.source,
                                     line=self._line(i), column=self._column(i), position=i, path="")
                keys.add(key)
                i = self._skip(self._skip(end) + 1)  # past ":"
                i = self._skip(self._walk(i, f"{pointer}/{pointer_token(key)}"))
                if text[i] == "}":
                    return i + 1
                i = self._skip(i + 1)  # past ","
        if text[i] == "[":
            i = self._skip(i + 1)
            if text[i] == "]":
                return i + 1
            index = 0
            while True:
                i = self._skip(self._walk(i, f"{pointer}/{index}"))
                index += 1
                if text[i] == "]":
                    return i + 1
                i = self._skip(i + 1)
        _, end = json.JSONDecoder().raw_decode(text, i)
        return int(end)
