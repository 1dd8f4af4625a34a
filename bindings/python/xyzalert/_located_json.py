"""JSON read with the place of every value, for files the package itself
checks (an event mapping): a syntax error, or a value the caller rejects,
is a :class:`~xyzalert.ParseError` / :class:`~xyzalert.SchemaError` with
file, line, column and JSON pointer, as the library's own loads give."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

from .errors import ParseError, ReadError, SchemaError

_SPACE = " \t\n\r"


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _reject_duplicates(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key \"{key}\"")
        out[key] = value
    return out


class Located:
    """A parsed document and the byte offset of each value by pointer."""

    def __init__(self, text: str, source: str) -> None:
        """Parses `text` (read from `source`); ParseError when it is not one
        JSON value, or has a key twice in an object."""
        self.text = text
        self.source = source
        try:
            self.value: Any = json.loads(text, object_pairs_hook=_reject_duplicates)
        except json.JSONDecodeError as error:
            raise ParseError(f"invalid JSON: {error.msg}", source=source, line=error.lineno, column=error.colno,
                             position=error.pos, path="") from None
        except ValueError as error:  # a duplicate key: found again below to place it
            self.value = None
            self.offsets: Dict[str, int] = {}
            place = self._duplicate_place()
            raise ParseError(f"invalid JSON: {error}", source=source, line=self._line(place),
                             column=self._column(place), position=place, path="") from None
        self.offsets = {}
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
        """Records the value at `i` and its children; returns its end."""
        self.offsets[pointer] = i
        text = self.text
        if text[i] == "{":
            i = self._skip(i + 1)
            if text[i] == "}":
                return i + 1
            while True:
                key, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
                i = self._skip(self._skip(i) + 1)  # past ":"
                i = self._skip(self._walk(i, f"{pointer}/{_escape(key)}"))
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

    def _duplicate_place(self) -> int:
        """The offset of the first key met twice in one object."""
        found: List[int] = []
        # Keys in text order, one set per open object (and array).
        text = self.text
        stack: List[set] = []
        i = 0
        while i < len(text):
            c = text[i]
            if c == '"':
                key, end = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
                after = self._skip(end)
                if stack and after < len(text) and text[after] == ":":
                    if key in stack[-1]:
                        found.append(i)
                        break
                    stack[-1].add(key)
                i = end
                continue
            if c == "{":
                stack.append(set())
            elif c == "}":
                stack.pop()
            elif c == "[":
                stack.append(set())
            elif c == "]":
                stack.pop()
            i += 1
        return found[0] if found else 0
