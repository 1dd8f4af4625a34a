"""The mirrors of the enum table (enums.py): the C header's enum blocks and
name functions, the ABI's name tables, the engine's Swift enums, the C++
enum classes and their to_string, and Python's IntEnums."""
from enums import ENUMS
from regions import NOTICE, ROOT, camel, ensure_region, replace_region, wrap

C_KEYWORDS = {"default", "delete", "new", "this", "class", "public", "private", "and", "or", "not"}


def c_suffix(value):
    return value[3].get("c", value[0].upper()) if len(value) > 3 else value[0].upper()


def since_of(value):
    return value[2] if len(value) > 2 and value[2] else None


def swift_case(word):
    name = camel(word)
    return "`%s`" % name if name in ("default", "where") else name


def with_since(doc, since, base):
    """`doc` marked "(since) " when `since` is later than `base`."""
    return "(%s) %s" % (since, doc) if since and since != base else doc


def comment_lines(doc, first, rest, close=""):
    lines = doc.split("\n")
    out = [first + lines[0]] + [rest + line for line in lines[1:]]
    out[-1] += close
    return "\n".join(out)


# ---------------------------------------------------------------- C header

def header_enum(e):
    doc = with_since(e["doc"], e["since"], "0.1")
    lines = [comment_lines(doc, "/** ", " * ", " */"), "typedef enum %s {" % e["c"]]
    names = [e["prefix"] + c_suffix(v) + (" = 0" if i == 0 else "") + ("," if i < len(e["values"]) - 1 else "")
             for i, v in enumerate(e["values"])]
    width = max(len(n) for n in names) + 1
    for name, v in zip(names, e["values"]):
        vdoc = with_since(v[1], since_of(v), e["since"])
        lines.append(comment_lines(vdoc, "    %-*s/**< " % (width, name), " " * (4 + width + 5), " */"))
    lines.append("} %s;" % e["c"])
    return "\n".join(lines)


def header_names():
    lines = ['/** @{ */',
             '/** The word of each value, as the JSON formats, snapshots and traces',
             ' * write it ("unknown" for a value that is not an enumerator: a newer',
             ' * library\'s, a bad cast). Static storage; never NULL; any thread. */']
    for e in ENUMS:
        if not e["c"] or e["c"] == "xyz_status":
            continue
        words = wrap(['"%s"' % v[0] for v in e["values"]], 4, 100).replace("\n    ", "\n * ")
        since = "(%s) " % e["since"] if e["since"] != "0.1" else ""
        lines.append("/** %s%s. */" % (since, words))
        lines.append("XYZ_API const char *%s_name(%s value);" % (e["c"], e["c"]))
    lines.append("/** @} */")
    return "\n".join(lines)


def header(text):
    for e in ENUMS:
        if e["c"]:
            # (A new enum's block goes after the others, before the names.)
            names_at = text.rindex("\n", 0, text.index("BEGIN GENERATED enum names ")) + 1
            text = ensure_region(text, "enum " + e["c"], names_at, "/* %s */")
            text = replace_region(text, "enum " + e["c"], header_enum(e), "/* %s */")
    return replace_region(text, "enum names", header_names(), "/* %s */")


# ---------------------------------------------------------------- ABI

def abi_names():
    out = ["// %s." % NOTICE,
           "// The *_name() functions: each enum value's word (docs/conventions.md).",
           "import CXYZAlert",
           ""]
    for e in ENUMS:
        if not e["c"]:
            continue
        words = [e["prefix"] + c_suffix(v) if e["c"] == "xyz_status" else v[0] for v in e["values"]]
        out += ["@c @implementation",
                "public func %s_name(_ value: %s) -> UnsafePointer<CChar>? {" % (e["c"], e["c"]),
                "    enumName(value.rawValue, [",
                wrap(['"%s"' % w for w in words], 8, 110).join(["        ", ","]),
                "    ])",
                "}",
                ""]
    return "\n".join(out)


# ---------------------------------------------------------------- Swift engine

def swift_words():
    """Sources/XYZAlert/Model/Words.swift: the engine's enums and their cases."""
    out = ["// %s." % NOTICE,
           "// The interface's enumerations as the engine holds them: raw values are",
           "// the C ABI's; their words are in WordTables.swift.",
           ""]
    for e in ENUMS:
        if not e["swift"]:
            continue
        out.append(comment_lines(e["doc"], "/// ", "/// "))
        out.append("public enum %s: Int32, Sendable, InterfaceEnum {" % e["swift"])
        for i, v in enumerate(e["values"]):
            out.append(comment_lines(with_since(v[1], since_of(v), e["since"]), "    /// ", "    /// "))
            out.append("    case %s%s" % (swift_case(v[0]), " = 0" if i == 0 else ""))
        out += ["}", ""]
        if e.get("fast_eq"):
            out += ["extension %s {" % e["swift"],
                    "    /// Raw values compared: the synthesized `==` makes the optimizer retain",
                    "    /// the object whose property is compared, around each comparison.",
                    "    @inline(__always)",
                    "    public static func == (a: %s, b: %s) -> Bool { a.rawValue == b.rawValue }" % (
                        e["swift"], e["swift"]),
                    "}", ""]
    return "\n".join(out).rstrip() + "\n"


def swift_word_tables():
    """Sources/XYZAlert/Model/WordTables.swift: each enum's words, both ways."""
    out = ["// %s." % NOTICE,
           "// The words of the interface's enumerations (the JSON formats' and the",
           "// traces'): a case's description, and the case a word reads back as.",
           "",
           "/// An enumeration of the interface: its cases' descriptions are its words,",
           "/// and a word reads back as its case.",
           "public protocol InterfaceEnum: CaseIterable, CustomStringConvertible {",
           "    /// The case whose word is `word`; nil for any other text.",
           "    init?(word: String)",
           "}",
           ""]
    for e in ENUMS:
        if not e["swift"]:
            continue
        out += ["extension %s {" % e["swift"], "    public var description: String {", "        switch self {"]
        for v in e["values"]:
            out.append('        case .%s: "%s"' % (camel(v[0]), v[0]))
        out += ["        }", "    }", "", "    public init?(word: String) {", "        switch word {"]
        for v in e["values"]:
            out.append('        case "%s": self = .%s' % (v[0], camel(v[0])))
        out += ["        default: return nil", "        }", "    }", "}", ""]
    return "\n".join(out).rstrip() + "\n"


# ---------------------------------------------------------------- C++

def cpp_name(word):
    return word + "_" if word in C_KEYWORDS else word


def cpp_enums():
    out = []
    for e in ENUMS:
        if not e["cpp"]:
            continue
        out.append(comment_lines("%s (%s)." % (e["doc"].rstrip("."), e["c"]), "/** ", " * ", " */"))
        out.append("enum class %s : int {" % e["cpp"])
        for v in e["values"]:
            out.append("    %s = %s%s," % (cpp_name(v[0]), e["prefix"], c_suffix(v)))
        out += ["};", ""]
    out += ["/** @{ */",
            "/** The word of each value, as the JSON formats write it (\"showing\",",
            " * \"hide_others\", ...); \"unknown\" for a value that is not an enumerator.",
            " * Static storage. A status has no JSON word: its enumerator's name here",
            " * (\"ok\", \"not_found\", ...); xyz_status_name() gives the C name. */"]
    for e in ENUMS:
        if not e["cpp"]:
            continue
        if e["c"] == "xyz_status":
            out.append("inline std::string_view to_string(%s v) {" % e["cpp"])
            out.append("    switch (v) {")
            for v in e["values"]:
                out.append('    case %s::%s: return "%s";' % (e["cpp"], cpp_name(v[0]), v[0]))
            out += ["    }", '    return "unknown";', "}"]
        else:
            out.append("inline std::string_view to_string(%s v) { return %s_name(static_cast<%s>(v)); }" % (
                e["cpp"], e["c"], e["c"]))
    out += ["/** @} */", "",
            "/** The enumerator whose word is `word` (what to_string() gives; the JSON",
            " * formats' word), or nullopt: `xyz::from_string<xyz::exclusive>(\"cover\")`.",
            " * Every enum but status (whose values are not counted from 0). */",
            "template <class Enum>",
            "[[nodiscard]] std::optional<Enum> from_string(std::string_view word) {",
            '    static_assert(!std::is_same_v<Enum, status>, "a status has no JSON word");',
            "    for (int value = 0;; value++) {  // (each enum's values run from 0 without a gap)",
            "        std::string_view known = to_string(static_cast<Enum>(value));",
            '        if (known == "unknown") {',
            "            return std::nullopt;",
            "        }",
            "        if (known == word) {",
            "            return static_cast<Enum>(value);",
            "        }",
            "    }",
            "}"]
    return "\n".join(out)


# ---------------------------------------------------------------- Python

def python_enums():
    out = []
    for e in ENUMS:
        if not e["python"]:
            continue
        base = "_CNamed" if e["c"] == "xyz_status" else "_Named"
        out += ["", "", "class %s(%s):" % (e["python"], base)]
        doc = "``%s``: %s" % (e["c"], e["doc"][0].lower() + e["doc"][1:])
        out.append(comment_lines(doc, '    """', "    ", '"""'))
        out.append("")
        for i, v in enumerate(e["values"]):
            out.append("    %s = %d" % (c_suffix(v), i))
            out.append(comment_lines(with_since(v[1], since_of(v), e["since"]), '    """', "    ", '"""'))
    return "\n".join(out[2:])


STATUS = next(e for e in ENUMS if e["c"] == "xyz_status")


def status_words_c():
    out = ["/* A status's word: the code of an error event (docs/formats.md, \"Traces\"). */",
           "static const char *error_code(xyz_status status) {", "    switch (status) {"]
    for v in STATUS["values"]:
        out.append('    case XYZ_%s: return "%s";' % (c_suffix(v), v[0]))
    out += ["    }", '    return "invalid";', "}"]
    return "\n".join(out)


def status_words_python():
    rows = ['    Status.%s: "%s",' % (c_suffix(v), v[0]) for v in STATUS["values"]]
    return "\n\n#: Each status's word: the code of a trace's error event, C++'s to_string.\n" \
           "STATUS_WORDS = {\n" + "\n".join(rows) + "\n}"


def python_exports(text):
    """The package's imports of its public enums and their names in
    `__all__` (an enum with `exported=False` stays in its module)."""
    names = sorted(e["python"] for e in ENUMS if e["python"] and e.get("exported", True))
    text = replace_region(text, "enum imports", "from ._enums import (" + wrap(names, 21) + ")", "# %s")
    return replace_region(text, "enum exports", "    " + wrap(['"%s"' % n for n in names], 4) + ",", "    # %s")


def python_name_declarations():
    """Python's declarations of the `*_name()` functions."""
    return "\n".join('    "%s_name": (_S, [c_int], _plain, UNLOCKED),' % e["c"] for e in ENUMS if e["c"])


# ------------------------------------------------------------ JavaScript

def js_name(e):
    """The JavaScript name of an enum: Python's class name, else the C
    type's words (xyz_hide_reason: HideReason)."""
    return e["python"] or "".join(part.title() for part in e["c"][len("xyz_"):].split("_"))


def js_enums():
    """bindings/js/enums.mjs: each enum's words, indexed by the C value."""
    out = ["/* The engine's enumerations: each one's words, indexed by the C",
           " * ABI's value (the JavaScript package says a value by its word).",
           " * Generated by scripts/interface from its tables: edit them, not this. */"]
    for e in ENUMS:
        if not e["c"]:
            continue
        out += ["", "/** `%s`: %s */" % (e["c"], (e["doc"][0].lower() + e["doc"][1:]).replace("\n", "\n * ")),
                "export const %s = Object.freeze([%s]);" % (js_name(e), ", ".join('"%s"' % v[0] for v in e["values"]))]
    return "\n".join(out) + "\n"


def js_enum_types():
    """The TypeScript declarations' word types, one a enum."""
    out = []
    for e in ENUMS:
        if not e["c"]:
            continue
        out += ["/** `%s`: %s */" % (e["c"], (e["doc"][0].lower() + e["doc"][1:]).replace("\n", "\n * ")),
                "export type %sWord = %s;" % (js_name(e), " | ".join('"%s"' % v[0] for v in e["values"])),
                "export declare const %s: readonly %sWord[];" % (js_name(e), js_name(e))]
    return "\n".join(out)


def generate(files):
    """Writes the mirrors of the enums into `files`."""
    files[ROOT / "bindings/js/enums.mjs"] = js_enums()
    types = ROOT / "bindings/js/enums.d.mts"
    files[types] = "/* The engine's enumerations' words (enums.mjs). Generated by scripts/interface. */\n" + js_enum_types() + "\n"
    h = ROOT / "include/xyzalert.h"
    files[h] = header(files[h])
    files[ROOT / "Sources/XYZAlertABI/EnumNames.swift"] = abi_names()
    files[ROOT / "Sources/XYZAlert/Model/Words.swift"] = swift_words()
    files[ROOT / "Sources/XYZAlert/Model/WordTables.swift"] = swift_word_tables()
    hpp = ROOT / "include/xyzalert/enums.hpp"
    files[hpp] = replace_region(files[hpp], "enums", cpp_enums(), "/* %s */")
    py = ROOT / "bindings/python/xyzalert/_enums.py"
    files[py] = replace_region(files[py], "enums", python_enums() + status_words_python(), "# %s")
    declarations = ROOT / "bindings/python/xyzalert/_declarations.py"
    files[declarations] = replace_region(files[declarations], "enum names", python_name_declarations(), "    # %s")
    package = ROOT / "bindings/python/xyzalert/__init__.py"
    files[package] = python_exports(files[package])
    trace = ROOT / "Sources/xyzalert-runner/trace.c"
    files[trace] = replace_region(files[trace], "status words", status_words_c(), "/* %s */")
