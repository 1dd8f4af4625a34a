"""The mirrors of the property table (properties.py): the engine's
`AlertProperties` and accessors, the C functions and their declarations,
the schema's reading, C++ accessors, Python's declarations, settings and
properties, and docs/formats.md's alert table."""
from enum_mirrors import c_suffix, cpp_name, swift_case
from enums import ENUMS
from properties import ALERT_KEYS, PROPERTIES, SCENARIO_KEYS
from regions import NOTICE, ROOT, camel, end, ensure_region, replace_region, wrap

ENUM_BY_SWIFT = {e["swift"]: e for e in ENUMS}


class Property:
    """One row of PROPERTIES, with its names in every language."""

    def __init__(self, row):
        self.row = row
        self.key = row["key"]
        self.swift = camel(self.key)
        self.setter = row.get("swift_set", "set" + self.swift[0].upper() + self.swift[1:])
        self.getter = row.get("swift_get", self.swift)
        self.hand = row.get("engine") == "hand"
        self.c_set = "xyz_alert_set_" + self.key
        self.c_get = row.get("c_get", "xyz_alert_" + self.key)
        self.enum = ENUM_BY_SWIFT.get(row["type"])
        assert self.enum or row["type"] in ("bool", "seconds"), "unknown type %s" % row["type"]
        self.seconds = row["type"] == "seconds"
        if self.enum:
            words = [v[0] for v in self.enum["values"]]
            assert row["default"] in words, "default %r of %s is not a word of %s" % (row["default"], self.key, row["type"])
            self.default_value = next(v for v in self.enum["values"] if v[0] == row["default"])

    @property
    def swift_type(self):
        return self.row["type"] if self.enum else "Double" if self.seconds else "Bool"

    def spelled(self, enum_default, true="true", false="false"):
        """The default as a language writes it: `enum_default` for an enum,
        the number for seconds, `true` or `false` for a flag."""
        if self.enum:
            return enum_default
        if self.seconds:
            return repr(self.row["default"])
        return true if self.row["default"] else false

    @property
    def swift_default(self):
        return self.spelled(self.enum and "." + swift_case(self.row["default"]))

    @property
    def c_type(self):
        return self.enum["c"] if self.enum else "double" if self.seconds else "bool"

    @property
    def c_default(self):
        return self.spelled(self.enum and self.enum["prefix"] + c_suffix(self.default_value))

    @property
    def json_default(self):
        return self.spelled(self.enum and '"%s"' % self.row["default"])

    @property
    def python_default(self):
        return self.spelled(self.enum and "_enums.%s.%s" % (self.enum["python"], c_suffix(self.default_value)),
                            "True", "False")

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
        return 'try %s(field, "%s")' % ("seconds" if self.seconds else "bool", self.key)

    @property
    def json_text(self):
        """The Swift expression of the JSON text of a value other than the default."""
        if self.enum:
            return "JSONText.string(%s.description)" % self.swift
        if self.seconds:
            return "JSONText.number(%s)" % self.swift
        return '"%s"' % ("false" if self.row["default"] else "true")

    @property
    def default_words(self):
        """The default as the docs of C, C++ and Python say it: "0: none" for seconds."""
        return "%s: none" % self.c_default if self.seconds else None

    def sentence(self, default):
        """The setter's account: its doc, its default, its note."""
        text = "%s (default %s)." % (self.row["doc"], default)
        return text + (" " + self.row["note"] if self.row.get("note") else "")


PROPS = [Property(row) for row in PROPERTIES]
PLAIN = [p for p in PROPS if not p.hand]
#: Hand-engine rows whose definitions (alert sets, recordings) the table
#: still writes: `PropertyValues`.
VALUES = [p for p in PROPS if p.hand and p.row.get("definition") != "hand"]
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


# ---------------------------------------------------------------- engine

def struct_body(props):
    """A struct's stored values of `props`, `init()`, and `changedMembers`."""
    out = []
    for p in props:
        out.append(wrapped_doc(p.doc_sentence, "    /// ", "    /// ", ""))
        out.append("    public var %s: %s = %s" % (p.swift, p.swift_type, p.swift_default))
    out += ["", "    public init() {}", ""]
    tail = ["    /// The values that differ from their defaults, as members of an",
            "    /// alert object (key, JSON text), in table order.",
            "    public var changedMembers: [(String, String)] {",
            "        var members: [(String, String)] = []"]
    for p in props:
        tail.append('        if %s != %s { members.append(("%s", %s)) }' % (p.swift, p.swift_default, p.key, p.json_text))
    return out, tail + ["        return members", "    }", "}", ""]


def engine():
    out = ["// " + NOTICE, "",
           "/// The alert's plain properties (scripts/interface/properties.py):",
           "/// each set on an idle alert and read back, read from an alert set,",
           "/// written into recordings. `Alert.properties` holds them.",
           "public struct AlertProperties: Equatable, Sendable {"]
    fields, members = struct_body(PLAIN)
    out += fields + members + ["extension Alert {"]
    for p in PLAIN:
        out.append(wrapped_doc(p.doc_sentence, "    /// ", "    /// ", ""))
        out.append("    @inline(__always) public var %s: %s { properties.%s }" % (p.swift, p.swift_type, p.swift))
        out.append("")
        out.append("    /// Sets `%s`. Idle alerts only (`.state` otherwise)." % p.swift)
        out += ["    public func %s(_ value: %s) throws(AlertError) {" % (p.setter, p.swift_type),
                "        let checked = domainToCheck",
                "        defer { checked?.checkAfterCall() }",
                '        try requireIdle("set %s")' % p.row["what"],
                "        properties.%s = value" % p.swift,
                "    }", ""]
    out += ["    /// Sets every property at once (an idle alert: a definition's instance).",
            "    public func setProperties(_ properties: AlertProperties) throws(AlertError) {",
            "        let checked = domainToCheck",
            "        defer { checked?.checkAfterCall() }",
            '        try requireIdle("set its properties")',
            "        self.properties = properties",
            "    }", "}", ""]
    out += ["/// The values of the properties whose engine accessors are written by",
            "/// hand (`duration`, ...), as an alert set's or a recording's definition",
            "/// holds them: read from an alert (an alert set's instances get them",
            "/// through their setters: XYZAlertJSON's `apply(to:)`).",
            "public struct PropertyValues: Equatable, Sendable {"]
    fields, members = struct_body(VALUES)
    out += fields + ["    /// What `alert` has.", "    public init(of alert: Alert) {"]
    out += ["        %s = alert.%s" % (p.swift, p.getter) for p in VALUES]
    out += ["    }", ""] + members
    return "\n".join(out)


# ---------------------------------------------------------------- C functions

def abi():
    out = ["// " + NOTICE, "", "import CXYZAlert", "import XYZAlert", "",
           "// The alert's plain properties: xyz_alert_set_<key> and its getter."]
    for p in PROPS:
        out += ["", "@c @implementation"]
        out.append("public func %s(_ pointer: OpaquePointer?, _ value: %s) -> xyz_status {" % (p.c_set, p.c_type if p.enum else p.swift_type))
        out.append("    status { () throws(AlertError) in")
        out.append('        let alert = try require(pointer, Alert.self, #function, "alert")')
        if p.enum:
            out.append('        try alert.%s(try checkedEnum(value.rawValue, %s.init(rawValue:), #function, "%s"))'
                       % (p.setter, p.swift_type, p.c_type))
        else:
            out.append("        try alert.%s(value)" % p.setter)
        out += ["    }", "}", "", "@c @implementation"]
        if p.enum:
            out += ["public func %s(_ pointer: OpaquePointer?) -> %s {" % (p.c_get, p.c_type),
                    "    value(%s) { () throws(AlertError) in" % p.c_default,
                    '        %s(rawValue: UInt32(try require(pointer, Alert.self, #function, "alert").%s.rawValue))'
                    % (p.c_type, p.getter),
                    "    }", "}"]
        else:
            out += ["public func %s(_ pointer: OpaquePointer?) -> %s {" % (p.c_get, p.swift_type),
                    '    value(%s) { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").%s }'
                    % (p.c_default, p.getter), "}"]
    return "\n".join(out) + "\n"


def header_declaration(p):
    sets = "Sets " + p.sentence(p.default_words or p.c_default)
    if p.enum:
        errors = " Idle alerts only (XYZ_ESTATE); XYZ_EINVAL for a bad value."
    elif p.seconds:
        errors = " Idle alerts only (XYZ_ESTATE); NaN, infinities and negative values are XYZ_EINVAL."
    else:
        errors = " Idle alerts only (XYZ_ESTATE)."
    errors += " The getter gives %s for NULL." % p.c_default
    return "\n".join(["/** @{ */", wrapped_doc("(%s) %s%s" % (p.row["since"], sets, errors), "/** ", " * ", " */", 80),
                      "XYZ_API xyz_status %s(xyz_alert *alert, %s %s);" % (p.c_set, p.c_type, p.key),
                      "XYZ_API %s %s(const xyz_alert *alert);" % (p.c_type, p.c_get), "/** @} */"])


def header(text):
    """Each property's declarations in a region of its own (`property
    <key>`), in the header's section of its job; a new property's region
    is made after the one of the property before it in the table."""
    previous = None
    for p in PROPS:
        name = "property " + p.key
        if previous:  # (a new property's place: after the previous one's region and its blank line)
            at = text.index("\n", text.index(end(previous))) + 1
            text = ensure_region(text, name, at + (text[at] == "\n"), "/* %s */")
        assert "BEGIN GENERATED %s " % name in text, "make the region of the first property by hand"
        text = replace_region(text, name, header_declaration(p), "/* %s */")
        previous = name
    return text


# ---------------------------------------------------------------- schema

def schema():
    keys = [e if isinstance(e, str) else e[0] for e in ALERT_KEYS]
    alert_keys = ['"%s"' % k for k in keys if k not in SCENARIO_KEYS]
    scenario_keys = ['"%s"' % k for k in SCENARIO_KEYS]
    out = ["// " + NOTICE, "", "import XYZAlert", "", "extension Schema {",
           "    /// The members of an alert object, in docs/formats.md's order.",
           "    static let alertKeys = [" + wrap(alert_keys, 28) + "]",
           "    /// What a scenario's alert may have besides.",
           "    static let scenarioAlertKeys = [" + wrap(scenario_keys, 36) + "]", "",
           "    /// Reads member `key` of an alert into `properties` or `values` when",
           "    /// it is one of the table's properties; false when it is not.",
           "    func readProperty(_ key: String, _ field: JSONValue, into properties: inout AlertProperties,",
           "                      _ values: inout PropertyValues) throws(LoadError) -> Bool {",
           "        switch key {"]
    out += ['        case "%s": properties.%s = %s' % (p.key, p.swift, p.reading) for p in PLAIN]
    out += ['        case "%s": values.%s = %s' % (p.key, p.swift, p.reading) for p in VALUES]
    out += ["        default: return false", "        }", "        return true", "    }", "}", "",
            "extension PropertyValues {",
            "    /// Sets on the idle `alert` each value that is not its default (a",
            "    /// definition's instance; the engine's own calls never set them so).",
            "    func apply(to alert: Alert) throws(AlertError) {"]
    for p in VALUES:
        out.append("        if %s != %s { try alert.%s(%s) }" % (p.swift, p.swift_default, p.setter, p.swift))
    out += ["    }", "}", ""]
    return "\n".join(out)


# ---------------------------------------------------------------- C++

def cpp(text):
    out = []
    for p in PROPS:
        t = "xyz::" + p.enum["cpp"] if p.enum else p.c_type
        value = "static_cast<%s>(value)" % p.c_type if p.enum else "value"
        default = "xyz::%s::%s" % (p.enum["cpp"], cpp_name(p.row["default"])) if p.enum else p.default_words or p.json_default
        out += [wrapped_doc("Sets %s" % p.sentence(default) + " Idle alerts only.", "    /** ", "     * ", " */"),
                "    alert &set_%s(%s value) {" % (p.key, t),
                "        detail::call([&] { return %s(handle_, %s); });" % (p.c_set, value),
                "        return *this;", "    }",
                "    /** What set_%s() sets. */" % p.key]
        if p.enum:
            out.append("    [[nodiscard]] %s %s() const noexcept { return static_cast<%s>(%s(handle_)); }"
                       % (t, p.key, t, p.c_get))
        else:
            out.append("    [[nodiscard]] %s %s() const noexcept { return %s(handle_); }" % (p.c_type, p.key, p.c_get))
    return replace_region(text, "alert properties", "\n".join(out), "    /* %s */")


# ---------------------------------------------------------------- Python

def python_declarations(text):
    out = []
    for p in PROPS:
        c = "c_int" if p.enum else "c_double" if p.seconds else "c_bool"
        out.append('    "%s": (c_int, [_P, %s], _status),' % (p.c_set, c))
        out.append('    "%s": (%s, [_P], _plain),' % (p.c_get, c))
    return replace_region(text, "alert properties", "\n".join(out), "    # %s")


def python_settings_fields(text):
    out = []
    for p in PLAIN:
        t = "Union[_enums.%s, str]" % p.enum["python"] if p.enum else "bool"
        out.append(wrapped_doc("%s (default %s)." % (p.doc_sentence[:-1], p.python_doc_default),
                               "    #: ", "    #: ", "", 100))
        out.append("    %s: %s" % (p.key, t))
    return replace_region(text, "alert property settings", "\n".join(out), "    # %s")


def python_settings_calls(text):
    out = []
    for p in PLAIN:
        if p.enum:
            out.append('    %s = _check.choice(get("%s", %s), _enums.%s, "%s")' % (p.key, p.key, p.python_default, p.enum["python"], p.key))
            out.append("    if %s is not %s:" % (p.key, p.python_default))
            out.append("        calls.append((lib.%s, int(%s)))" % (p.c_set, p.key))
        else:
            out.append('    if _check.flag(get("%s", %s), "%s") is not %s:' % (p.key, p.python_default, p.key, p.python_default))
            out.append("        calls.append((lib.%s, %s))" % (p.c_set, not p.row["default"]))
    return replace_region(text, "alert property calls", "\n".join(out), "    # %s")


def python_properties(text):
    out = []
    for p in PROPS:
        doc = p.sentence(p.python_doc_default)
        doc = doc[0].upper() + doc[1:]
        if p.enum:
            getter = "return _enums.%s(lib.%s(self._handle))" % (p.enum["python"], p.c_get)
            t, arg = "_enums." + p.enum["python"], "Union[_enums.%s, str]" % p.enum["python"]
            check = '_check.choice(value, _enums.%s, "%s")' % (p.enum["python"], p.key)
            setter = "lib.%s(self._handle, int(%s))" % (p.c_set, check)
        elif p.seconds:
            getter = "return float(lib.%s(self._handle))" % p.c_get
            t, arg = "float", "Union[str, float]"
            setter = 'lib.%s(self._handle, _history.seconds(value, "%s"))' % (p.c_set, p.key)
        else:
            getter = "return bool(lib.%s(self._handle))" % p.c_get
            t, arg = "bool", "bool"
            setter = 'lib.%s(self._handle, _check.flag(value, "%s"))' % (p.c_set, p.key)
        out += ["    @property", "    def %s(self) -> %s:" % (p.key, t),
                wrapped_doc(doc + " Settable while idle.", '        """', "        ", '"""', 100),
                "        " + getter, "",
                "    @%s.setter" % p.key, "    def %s(self, value: %s) -> None:" % (p.key, arg),
                "        " + setter, ""]
    return replace_region(text, "alert properties", "\n".join(out).rstrip("\n"), "    # %s")


# ---------------------------------------------------------------- docs

def formats_table(text):
    out = ["| member | default | value |", "|---|---|---|"]
    for entry in ALERT_KEYS:
        if isinstance(entry, tuple):
            out.append("| `%s` | %s | %s |" % entry)
        else:
            p = BY_KEY[entry]
            cell = p.row["table"] if "table" in p.row else "%s: %s" % (p.row["doc"], p.row["values"])
            out.append("| `%s` | `%s` | %s |" % (p.key, p.json_default, cell))
    return replace_region(text, "alert table", "\n".join(out), "<!-- %s -->")


def conventions_rows(text):
    out = ["| Property | C | C++ | Python | Swift |", "|---|---|---|---|---|"]
    for p in PROPS:
        out.append("| %s | `%s(a, v)` / `%s(a)` | `a.set_%s(v)` / `a.%s()` | `a.%s = v` / `a.%s` | `%s(_:)` / `%s` |"
                   % (p.key, p.c_set, p.c_get, p.key, p.key, p.key, p.key, p.setter, p.getter))
    return replace_region(text, "property rows", "\n".join(out), "<!-- %s -->")


def generate(files):
    files[ROOT / "Sources/XYZAlert/Model/AlertProperties.swift"] = engine()
    files[ROOT / "Sources/XYZAlertABI/PropertyFunctions.swift"] = abi()
    files[ROOT / "Sources/XYZAlertJSON/PropertyKeys.swift"] = schema()
    for path, write in [("include/xyzalert.h", header), ("include/xyzalert/alert.hpp", cpp),
                        ("bindings/python/xyzalert/_declarations.py", python_declarations),
                        ("bindings/python/xyzalert/_arguments.py", python_settings_fields),
                        ("bindings/python/xyzalert/alert.py", python_properties),
                        ("docs/formats.md", formats_table), ("docs/conventions.md", conventions_rows)]:
        files[ROOT / path] = write(files[ROOT / path])
    path = ROOT / "bindings/python/xyzalert/_arguments.py"
    files[path] = python_settings_calls(files[path])
