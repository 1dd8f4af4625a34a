"""The rows of the property tables (properties.py) with their names and
types in every language: what every writer of property_mirrors.py and
accessor_mirrors.py reads."""
from enum_mirrors import c_suffix, swift_case
from enums import ENUMS
from properties import ALERT_KEYS, PAGE_PROPERTIES, PROPERTIES
from regions import camel

ENUM_BY_SWIFT = {e["swift"]: e for e in ENUMS}


#: What each kind of value is in every language: the Swift type, the C
#: type, C++'s argument and result types, Python's type (what the getter
#: gives, what the setter takes), the ctypes type.
KINDS = {
    "bool": dict(swift="Bool", c="bool", cpp_in="bool", cpp_out="bool", py="bool", py_in="bool", ctypes="c_bool"),
    "seconds": dict(swift="Double", c="double", cpp_in="double", cpp_out="double", py="float",
                    py_in="Union[str, float]", ctypes="c_double"),
    "number": dict(swift="Double", c="double", cpp_in="double", cpp_out="double", py="float", py_in="float",
                   ctypes="c_double"),
    "int32": dict(swift="Int32", c="int32_t", cpp_in="std::int32_t", cpp_out="std::int32_t", py="int", py_in="int",
                  ctypes="c_int32"),
    "name": dict(swift="String", c="const char *", cpp_in="detail::text", cpp_out="std::string", py="str",
                 py_in="str", ctypes="_S"),
    "count": dict(swift="Int", c="size_t", cpp_in="std::size_t", cpp_out="std::size_t", py="int", py_in="int",
                  ctypes="c_size_t"),
    "json": dict(swift="String?", c="const char *", cpp_in="detail::text", cpp_out="std::optional<std::string>",
                 py="Optional[Dict[str, Any]]", py_in="Optional[Union[Mapping[str, Any], str]]", ctypes="_S"),
    "text": dict(swift="String?", c="const char *", cpp_in="detail::text", cpp_out="std::optional<std::string>",
                 py="Optional[str]", py_in="Optional[str]", ctypes="_S"),
}
# A page's name ("" allowed) and duration scale (checked by the engine) have
# the types of a non-empty name and of a number; only their checks differ.
KINDS["label"] = KINDS["name"]
KINDS["scale"] = KINDS["number"]


#: Who has the properties: the alert (PROPERTIES) and the page
#: (PAGE_PROPERTIES). `c` is the C functions' prefix and handle type,
#: `handle` the C parameter's and the engine's name, `strings` where a
#: C string getter's copy lives (valid until the value changes).
OWNERS = {
    "alert": dict(c="xyz_alert", swift="Alert", handle="alert", strings="CAlertData.of(alert).strings.get",
                  cpp="alert", python="AlertProperties", python_handle="self._handle"),
    "page": dict(c="xyz_dispatch", swift="Dispatch", handle="dispatch", strings="cHost(dispatch)?.strings.get",
                 cpp="dispatch_ref", python="DispatchProperties", python_handle="self._require_open()"),
}


class Property:
    """One row of PROPERTIES or PAGE_PROPERTIES, with its names in every language."""

    def __init__(self, row, owner="alert"):
        self.row = row
        self.owner = OWNERS[owner]
        self.page = owner == "page"
        self.key = row["key"]
        self.swift = camel(self.key)
        self.setter = row.get("swift_set", "set" + self.swift[0].upper() + self.swift[1:])
        self.getter = row.get("swift_get", self.swift)
        self.hand = row.get("engine") == "hand"
        self.live = row.get("settable") == "live"
        self.c_set = "%s_set_%s" % (self.owner["c"], self.key)
        self.c_get = row.get("c_get", "%s_%s" % (self.owner["c"], self.key))
        #: The handle's name in the C declaration and its errors ("alert", "root").
        self.handle = row.get("handle", self.owner["handle"])
        self.c_param = row.get("c_param", self.key)
        self.enum = ENUM_BY_SWIFT.get(row["type"])
        self.kind = "enum" if self.enum else row["type"]
        assert self.enum or self.kind in KINDS, "unknown type %s" % row["type"]
        self.seconds = self.kind == "seconds"
        self.string = self.kind in ("name", "label", "text", "json")
        #: A string that may be none (NULL, nullopt, None).
        self.optional = self.kind in ("text", "json")
        if self.enum:
            words = [v[0] for v in self.enum["values"]]
            assert row["default"] in words, "default %r of %s is not a word of %s" % (row["default"], self.key, row["type"])
            self.default_value = next(v for v in self.enum["values"] if v[0] == row["default"])
            self.types = dict(swift=row["type"], c=self.enum["c"], cpp_in="xyz::" + self.enum["cpp"],
                              cpp_out="xyz::" + self.enum["cpp"], py="_enums." + self.enum["python"],
                              py_in="Union[_enums.%s, str]" % self.enum["python"], ctypes="c_int")
        else:
            self.types = KINDS[self.kind]

    @property
    def swift_type(self):
        return self.types["swift"]

    def spelled(self, enum_default, true="true", false="false", none="nil"):
        """The default as a language writes it: `enum_default` for an enum,
        the number, `true` or `false` for a flag, the quoted string, `none`
        for no text."""
        if self.enum:
            return enum_default
        default = self.row["default"]
        if self.string:
            return none if default is None else '"%s"' % default
        if self.kind == "bool":
            return true if default else false
        return repr(default)

    @property
    def swift_default(self):
        return self.spelled(self.enum and "." + swift_case(self.row["default"]))

    @property
    def c_type(self):
        return self.types["c"]

    @property
    def c_default(self):
        return self.spelled(self.enum and self.enum["prefix"] + c_suffix(self.default_value), none="NULL")

    @property
    def json_default(self):
        return self.spelled(self.enum and '"%s"' % self.row["default"], none=None)

    @property
    def python_default(self):
        return self.spelled(self.enum and "_enums.%s.%s" % (self.enum["python"], c_suffix(self.default_value)),
                            "True", "False", "None")

    @property
    def doc_sentence(self):
        """The doc as a sentence of its own (capitalized, a period)."""
        return self.row["doc"][0].upper() + self.row["doc"][1:] + "."

    @property
    def python_doc_default(self):
        """The default as Python's docs say it (`OnDuplicate.REJECT`, `0: none`)."""
        return self.python_default[len("_enums."):] if self.enum else self.default_words or self.python_default

    @property
    def reading(self):
        """The schema's expression that reads the property from `field`."""
        if self.enum:
            return 'try choice(field, "%s", %s.self)' % (self.key, self.swift_type)
        assert self.kind in ("seconds", "bool"), "the schema reads %s by hand" % self.key
        return 'try %s(field, "%s")' % (self.kind, self.key)

    @property
    def default_words(self):
        """The default as the docs of C, C++ and Python say it: "0: none" for
        seconds, "none" for no text."""
        if "default_words" in self.row:
            return self.row["default_words"]
        if self.seconds:
            return "%s: none" % self.c_default
        return "none" if self.optional and self.row["default"] is None else None

    def sentence(self, default):
        """The setter's account: its doc, its default, its note."""
        text = "%s (default %s)." % (self.row["doc"], default)
        return text + (" " + self.row["note"] if self.row.get("note") else "")


PROPS = [Property(row) for row in PROPERTIES]
PAGE_PROPS = [Property(row, "page") for row in PAGE_PROPERTIES]
BY_KEY = {p.key: p for p in PROPS}
for _entry in ALERT_KEYS:
    assert isinstance(_entry, tuple) or _entry in BY_KEY, "ALERT_KEYS names no property %r" % (_entry,)
assert len(BY_KEY) == sum(1 for e in ALERT_KEYS if isinstance(e, str)), "a property is missing from ALERT_KEYS"


def wrapped_doc(text, first, rest, close, width=100):
    """`text` as comment lines of at most `width` characters."""
    words, lines, line = text.split(), [], first
    for word in words:
        if len(line) + 1 + len(word) > width and line.strip() not in (first.strip(), rest.strip()):
            lines.append(line)
            line = rest + word
        else:
            line += ("" if line in (first, rest) else " ") + word
    lines.append(line + close)
    return "\n".join(lines)
