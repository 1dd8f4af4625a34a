"""The mirrors of the alert's property table (properties.py) besides its
accessors (accessor_mirrors.py): the engine's `AlertProperties` and its
accessors, the schema's reading, Python's `AlertSettings`, and
docs/formats.md's alert table."""
from accessor_mirrors import python_checked
from properties import ALERT_KEYS, SCENARIO_KEYS
from property_rows import BY_KEY, PROPS, wrapped_doc
from regions import NOTICE, ROOT, replace_region, wrap


PLAIN = [p for p in PROPS if not p.hand]
#: Hand-engine rows whose definitions (alert sets, recordings) the table
#: still writes: `PropertyValues`.
VALUES = [p for p in PROPS if p.hand and p.row.get("definition") != "hand"]
# ---------------------------------------------------------------- engine

def struct_body(props):
    """A struct's stored values of `props` and `init()`."""
    out = []
    for p in props:
        out.append(wrapped_doc(p.doc_sentence, "    /// ", "    /// ", ""))
        out.append("    public var %s: %s = %s" % (p.swift, p.swift_type, p.swift_default))
    return out + ["", "    public init() {}"]


def engine():
    out = ["// " + NOTICE, "",
           "/// The alert's plain properties (scripts/interface/properties.py):",
           "/// each set on an idle alert and read back, read from an alert set,",
           "/// written into recordings. `Alert.properties` holds them.",
           "public struct AlertProperties: Equatable, Sendable {"]
    out += struct_body(PLAIN) + ["}", "", "extension Alert {"]
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
    out += struct_body(VALUES) + ["", "    /// What `alert` has.", "    public init(of alert: Alert) {"]
    out += ["        %s = alert.%s" % (p.swift, p.getter) for p in VALUES]
    out += ["    }", "}", ""]
    return "\n".join(out)


# ---------------------------------------------------------------- recordings

def held(p):
    """Where a recording's definition keeps property `p`."""
    if not p.hand:
        return "properties." + p.swift
    return p.row["held"] if p.row.get("definition") == "hand" else "values." + p.swift


def member_line(p):
    """The line that writes `p` as a member of a recording's alert, when not
    at its default."""
    value = held(p)
    if p.optional:
        return '        if let text = %s { m.append(("%s", %s)) }' % (
            value, p.key, "text" if p.kind == "json" else "JSONText.string(text)")
    if p.kind == "bool":
        return '        if %s%s { m.append(("%s", "%s")) }' % ("!" if p.row["default"] else "", value, p.key,
                                                              "false" if p.row["default"] else "true")
    text = {"enum": "JSONText.string(%s.description)", "int32": '"\\(%s)"', "name": "JSONText.string(%s)"}.get(
        p.kind, "JSONText.number(%s)") % value
    return '        if %s != %s { m.append(("%s", %s)) }' % (value, p.swift_default, p.key, text)


def recording():
    """Recording.Definition's members, in docs/formats.md's order: each
    row's from the row, the others (lists, a scenario's own) from `other`."""
    out = ["// " + NOTICE, "",
           "extension Recording.Definition {",
           "    /// The members of the alert object this definition writes (those not",
           "    /// at their defaults), in docs/formats.md's order, but `id` and `page`:",
           "    /// each property from its row, every other member as `other` gives it",
           "    /// (nil: left out).",
           "    func members(_ other: (String) -> String?) -> [(String, String)] {",
           "        var m: [(String, String)] = []"]
    keys = [e if isinstance(e, str) else e[0] for e in ALERT_KEYS] + SCENARIO_KEYS
    for key in keys:
        if key in ("id", "page", "name"):
            continue
        if key in BY_KEY:
            out.append(member_line(BY_KEY[key]))
        else:
            out.append('        if let text = other("%s") { m.append(("%s", text)) }' % (key, key))
    return "\n".join(out + ["        return m", "    }", "}", ""])


# ---------------------------------------------------------------- C functions

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

#: The rows `Alert()` takes as parameters of its own (xyz_alert_create_with).
SETTINGS = [p for p in PROPS if not p.row.get("created_with")]


def python_settings_fields(text):
    out = []
    for p in SETTINGS:
        out.append(wrapped_doc("%s (default %s)." % (p.doc_sentence[:-1], p.python_doc_default),
                               "    #: ", "    #: ", "", 100))
        out.append("    %s: %s" % (p.key, p.types["py_in"]))
    return replace_region(text, "alert property settings", "\n".join(out), "    # %s")


def python_settings_calls(text):
    out = []
    for p in SETTINGS:
        default = p.python_default
        if p.string and p.row["default"] is not None:
            default = "b" + default  # (the checked value is bytes)
        out.append('    %s = %s' % (p.key, python_checked(p, 'get("%s", %s)' % (p.key, p.python_default))))
        out.append("    if %s %s %s:" % (p.key, "is not" if p.kind == "bool" or default == "None" else "!=", default))
        out.append("        calls.append((lib.%s, %s))" % (p.c_set, p.key))
    return replace_region(text, "alert property calls", "\n".join(out), "    # %s")


# ---------------------------------------------------------------- docs

def formats_table(text):
    out = ["| member | default | value |", "|---|---|---|"]
    for entry in ALERT_KEYS:
        if isinstance(entry, tuple):
            out.append("| `%s` | %s | %s |" % entry)
        else:
            p = BY_KEY[entry]
            cell = p.row["table"] if "table" in p.row else "%s: %s" % (p.row["doc"], p.row["values"])
            default = "none" if p.json_default is None else "`%s`" % p.json_default
            out.append("| `%s` | %s | %s |" % (p.key, default, cell))
    return replace_region(text, "alert table", "\n".join(out), "<!-- %s -->")


def generate(files):
    files[ROOT / "Sources/XYZAlert/Model/AlertProperties.swift"] = engine()
    files[ROOT / "Sources/XYZAlertJSON/PropertyKeys.swift"] = schema()
    files[ROOT / "Sources/XYZAlert/Recording/DefinitionMembers.swift"] = recording()
    for path, write in [("bindings/python/xyzalert/_arguments.py", python_settings_fields),
                        ("docs/formats.md", formats_table)]:
        files[ROOT / path] = write(files[ROOT / path])
    path = ROOT / "bindings/python/xyzalert/_arguments.py"
    files[path] = python_settings_calls(files[path])
