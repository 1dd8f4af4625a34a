"""What every property of both tables gets, the alert's (PROPERTIES) and
the page's (PAGE_PROPERTIES): its C setter and getter
(Sources/XYZAlertABI/PropertyFunctions.swift), their declarations in
include/xyzalert.h, C++ accessors (properties.hpp: bases of xyz::alert and
xyz::dispatch_ref), Python's
declarations and properties (_declarations.py, _properties.py), and the
rows of docs/conventions.md."""
from enum_mirrors import cpp_name, js_name, with_since
from property_rows import PAGE_PROPS, PROPS, wrapped_doc
from regions import NOTICE, ROOT, camel, end, ensure_region, replace_region

STRING_ARGUMENT = "UnsafePointer<CChar>?"


# ---------------------------------------------------------------- C functions

def abi_checked(p):
    """The Swift expression of the setter's argument, checked."""
    if p.enum:
        return 'try checkedEnum(value.rawValue, %s.init(rawValue:), #function, "%s")' % (p.swift_type, p.c_type)
    if p.kind in ("name", "label"):
        return 'try requireString(value, #function, "%s")' % p.c_param
    if p.kind == "text":
        return 'try optionalString(value, #function, "%s")' % p.c_param
    if p.kind == "json":  # (ContentFunctions.swift: the loader's rules)
        return 'try checkedObject(try optionalString(value, #function, "%s"), #function, "%s")' % (p.c_param, p.c_param)
    return "value"


def abi_setter(p):
    """The C setter. An alert's idle-only setter borrows its handle (it
    calls no host code: `borrowing`); one that works on a live alert, and
    every page's, may deliver callbacks and holds a reference (`require`)."""
    owner, handle = p.owner, p.owner["handle"]
    argument = p.c_type if p.enum else STRING_ARGUMENT if p.string else p.swift_type
    out = ["@c @implementation",
           "public func %s(_ pointer: OpaquePointer?, _ value: %s) -> xyz_status {" % (p.c_set, argument),
           "    status { () throws(AlertError) in"]
    if p.kind == "count":  # (size_t: the engine counts in Int32)
        out += ["        guard value >= 0, value <= Int(Int32.max) else {",
                '            throw AlertError(.invalidArgument, "%s: %s \\(UInt(bitPattern: value)) is above 2147483647")'
                % (p.c_set, p.key), "        }"]
    found = 'try require(pointer, %s.self, #function, "%s")' % (owner["swift"], p.handle)
    if p.row.get("swift_assign"):
        out += ["        let %s = %s" % (handle, found), "        %s.%s = %s" % (handle, p.getter, abi_checked(p))]
    elif p.live or p.page:
        out.append("        %s.%s(%s)" % (found, p.setter, abi_checked(p)))
    else:
        out += ['        try borrowing(pointer, %s.self, #function, "%s") { %s throws(AlertError) in'
                % (owner["swift"], p.handle, handle),
                "            try %s.%s(%s)" % (handle, p.setter, abi_checked(p)), "        }"]
    return out + ["    }", "}"]


def abi_getter(p):
    """The C getter: the default for a NULL handle; a string is a copy the
    owner keeps (valid until the value changes or the owner dies)."""
    owner, handle = p.owner, p.owner["handle"]
    found = 'try require(pointer, %s.self, #function, "%s")' % (owner["swift"], p.handle)
    out = ["@c @implementation"]
    if p.string:
        return out + ["public func %s(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {" % p.c_get,
                      "    value(nil) { () throws(AlertError) in",
                      "        let %s = %s" % (handle, found),
                      '        return %s("%s", %s.%s)' % (owner["strings"], p.key, handle, p.getter),
                      "    }", "}"]
    if p.enum:
        return out + ["public func %s(_ pointer: OpaquePointer?) -> %s {" % (p.c_get, p.c_type),
                      "    value(%s) { () throws(AlertError) in" % p.c_default,
                      "        %s(rawValue: UInt32(%s.%s.rawValue))" % (p.c_type, found, p.getter),
                      "    }", "}"]
    return out + ["public func %s(_ pointer: OpaquePointer?) -> %s {" % (p.c_get, p.swift_type),
                  "    value(%s) { () throws(AlertError) in %s.%s }" % (p.c_default, found, p.getter), "}"]


def abi():
    out = ["// " + NOTICE, "", "import CXYZAlert", "import XYZAlert", "",
           "// The properties of alerts and pages: <prefix>_set_<key> and its getter."]
    for p in PROPS + PAGE_PROPS:
        out += [""] + abi_setter(p) + [""] + abi_getter(p)
    return "\n".join(out) + "\n"


def errors_sentence(p):
    """The header's account of the setter's errors and the getter's NULL."""
    if "errors" in p.row:
        errors = " " + p.row["errors"]
    else:
        errors = " Any state but finished (XYZ_ESTATE)" if p.live else " Idle alerts only (XYZ_ESTATE)"
        errors += {"enum": "; XYZ_EINVAL for a bad value.",
                   "seconds": "; NaN, infinities and negative values are XYZ_EINVAL.",
                   "number": "; NaN and infinities are XYZ_EINVAL.",
                   "name": '; XYZ_EINVAL for NULL or "".',
                   "text": "; NULL is none.",
                   "json": "; NULL is none; XYZ_EINVAL for text that is not one JSON object (the loader's rules: "
                           "UTF-8, no duplicate keys), with the line and column in the message."}.get(p.kind, ".")
    if p.string:
        return errors + (" The getter's string is borrowed: valid until the value changes or the %s dies; NULL "
                         "for a NULL %s%s." % (p.owner["handle"], p.handle, " or none" if p.optional else ""))
    return errors + " The getter gives %s for NULL." % p.c_default


def header_declaration(p):
    sets = "Sets " + p.sentence(p.default_words or p.c_default)
    space = "" if p.c_type.endswith("*") else " "
    handle = "%s *%s" % (p.owner["c"], p.handle)
    return "\n".join(["/** @{ */", wrapped_doc(with_since(sets + errors_sentence(p), p.row["since"], "0.1"),
                                                "/** ", " * ", " */", 80),
                      "XYZ_API xyz_status %s(%s, %s%s%s);" % (p.c_set, handle, p.c_type, space, p.c_param),
                      "XYZ_API %s%s%s(const %s);" % (p.c_type, space, p.c_get, handle), "/** @} */"])


def header(text):
    """Each property's declarations in a region of its own (`property
    <key>`, `page property <key>`), in the header's section of its job; a
    new property's region is made after the one of the row before it."""
    for props, prefix in [(PROPS, "property "), (PAGE_PROPS, "page property ")]:
        previous = None
        for p in props:
            name = prefix + p.key
            if previous:  # (a new property's place: after the previous one's region and its blank line)
                at = text.index("\n", text.index(end(previous))) + 1
                text = ensure_region(text, name, at + (text[at] == "\n"), "/* %s */")
            assert "BEGIN GENERATED %s " % name in text, "make the region of the first property by hand"
            text = replace_region(text, name, header_declaration(p), "/* %s */")
            previous = name
    return text


# ---------------------------------------------------------------- C++

def cpp_default(p):
    """The default as C++'s docs say it."""
    if p.enum:
        return "xyz::%s::%s" % (p.enum["cpp"], cpp_name(p.row["default"]))
    return p.default_words or p.json_default


def cpp_accessors(p):
    """`set_<key>` (an alert's returns the alert, a page's nothing) and
    `<key>()`, as members of the base class `Owner` derives from."""
    t = p.types["cpp_in"]
    doc = "Sets %s%s" % (p.sentence(cpp_default(p)), "" if p.live or p.page else " Idle alerts only.")
    head, tail = ("void set_%s(%s value) const {", []) if p.page else ("Owner &set_%s(%s value) {", ["        return self();"])
    out = [wrapped_doc(doc, "    /** ", "     * ", " */"), "    " + head % (p.key, t)]
    if p.string:
        out.append('        std::string checked = value.checked("set_%s: %s");' % (p.key, p.c_param))
        value = "checked.c_str()"
    else:
        value = "static_cast<%s>(value)" % p.c_type if p.enum else "value"
    out += ["        call([&] { return %s(handle(), %s); });" % (p.c_set, value)] + tail + ["    }"]
    if p.optional:
        out += ["    /** No %s (C: %s(alert, NULL)). */" % (p.key, p.c_set),
                "    Owner &clear_%s() {" % p.key,
                "        call([&] { return %s(handle(), nullptr); });" % p.c_set,
                "        return self();", "    }"]
    out.append("    /** What set_%s() sets. */" % p.key)
    if p.enum:
        getter = "static_cast<%s>(%s(handle()))" % (t, p.c_get)
    elif p.string:
        getter = "optional_string(%s(handle()))" % p.c_get + ("" if p.optional else '.value_or("")')
    else:
        getter = "%s(handle())" % p.c_get
    noexcept = "" if p.string else " noexcept"
    return out + ["    [[nodiscard]] %s %s() const%s { return %s; }" % (p.types["cpp_out"], p.key, noexcept, getter)]


def cpp():
    """include/xyzalert/properties.hpp: the accessors as two base classes
    (the curiously recurring template: `Owner` is the class deriving)."""
    out = ["/* " + NOTICE + " */",
           "/* xyzalert/properties.hpp: the accessors of the property tables, the bases of",
           " * xyz::alert and xyz::dispatch_ref. Part of the C++ wrapper: include",
           ' * "xyzalert.hpp", which includes every part in order. */',
           "#ifndef XYZALERT_PROPERTIES_HPP", "#define XYZALERT_PROPERTIES_HPP", "",
           '#include "detail.hpp"', "", "namespace xyz {", "namespace detail {"]
    for props, name, what, handle in [(PROPS, "alert_properties", "xyz::alert", "xyz_alert"),
                                      (PAGE_PROPS, "page_properties", "xyz::dispatch_ref", "xyz_dispatch")]:
        out += ["", "/** The property accessors of %s (`Owner`), which derives from it. */" % what,
                "template <class Owner>", "class %s {" % name, "public:"]
        out += [line for p in props for line in cpp_accessors(p)]
        out += ["", "protected:", "    %s() noexcept = default;" % name, "", "private:",
                "    %s *handle() const noexcept { return static_cast<const Owner &>(*this).get(); }" % handle]
        if not props[0].page:
            out.append("    Owner &self() noexcept { return static_cast<Owner &>(*this); }")
        out.append("};")
    out += ["", "}  // namespace detail", "}  // namespace xyz", "", "#endif /* XYZALERT_PROPERTIES_HPP */"]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- Python

def python_declarations(text):
    for props, region in [(PROPS, "alert properties"), (PAGE_PROPS, "page properties")]:
        out = []
        for p in props:
            out.append('    "%s": (c_int, [_P, %s], _status),' % (p.c_set, p.types["ctypes"]))
            out.append('    "%s": (%s, [_P], _plain),' % (p.c_get, p.types["ctypes"]))
        text = replace_region(text, region, "\n".join(out), "    # %s")
    return text


def python_checked(p, value):
    """Python's expression that checks `value` for property `p` (raising
    before any C call) and gives the C call's argument."""
    if p.enum:
        return 'int(_check.choice(%s, _enums.%s, "%s"))' % (value, p.enum["python"], p.key)
    return {"bool": '_check.flag(%s, "%s")', "seconds": '_history.seconds(%s, "%s")',
            "number": '_check.number(%s, "%s")', "scale": '_check.number(%s, "%s")', "int32": '_check.int32(%s, "%s")',
            "count": '_check.integer(%%s, "%%s", 0, %d)' % (2 ** 31 - 1),
            "name": '_check.text(%s, "%s")', "label": '_check.text(%s, "%s")',
            "text": '_check.optional_text(%s, "%s")', "json": 'meta_text(%s, "%s")'}[p.kind] % (value, p.key)


def python_property(p):
    doc = p.sentence(p.python_doc_default)
    doc = doc[0].upper() + doc[1:] + ("" if p.page else " Settable until finished." if p.live else " Settable while idle.")
    handle = p.owner["python_handle"]
    if p.string:
        getter = {"text": "_lib.decode(lib.%s(%s))", "json": "meta_dict(lib.%s(%s))"}.get(
            p.kind, 'lib.%s(%s).decode("utf-8")')
    else:
        getter = p.types["py"] + "(lib.%s(%s))"
    getter %= (p.c_get, handle)
    return ["    @property", "    def %s(self) -> %s:" % (p.key, p.types["py"]),
            wrapped_doc(doc, '        """', "        ", '"""', 100), "        return " + getter, "",
            "    @%s.setter" % p.key, "    def %s(self, value: %s) -> None:" % (p.key, p.types["py_in"]),
            "        lib.%s(%s, %s)" % (p.c_set, handle, python_checked(p, "value")), ""]


def python_properties():
    out = ["# " + NOTICE, '"""The properties the property tables declare, each a getter and a',
           'setter of one C pair: an alert\'s (a base of :class:`Alert`) and a',
           'page\'s (a base of :class:`Dispatch`)."""', "", "from __future__ import annotations", "",
           "from typing import Any, Dict, Mapping, Optional, Union", "", "from . import _check, _enums, _lib",
           "from . import history as _history", "from ._arguments import meta_dict, meta_text", "",
           "lib = _lib.lib", "", "",
           "class AlertProperties:", '    """The table\'s properties of an alert."""', "", "    _handle: int", ""]
    out += [line for p in PROPS for line in python_property(p)]
    out += ["", "class DispatchProperties:", '    """The table\'s properties of a page."""', "",
            "    def _require_open(self) -> int:", "        raise NotImplementedError", ""]
    out += [line for p in PAGE_PROPS for line in python_property(p)]
    return "\n".join(out).rstrip("\n") + "\n"


# ---------------------------------------------------------------- JavaScript

JS_TYPES = {"bool": "boolean", "seconds": "number", "number": "number", "scale": "number", "int32": "number",
            "count": "number", "name": "string", "label": "string", "text": "string | null",
            "json": "Record<string, unknown> | null"}


def js_rows(props):
    return ["  [%s]," % ", ".join(['"%s"' % camel(p.key), '"%s"' % p.c_get, '"%s"' % p.c_set, '"%s"' % p.kind,
                                   '"%s"' % js_name(p.enum) if p.enum else "null"]) for p in props]


def js_properties():
    """bindings/js/properties.mjs: the rows xyzalert.mjs makes accessors of."""
    out = ["/* The properties of an alert and of a page: [JavaScript name, C getter,",
           " * C setter, kind, enum] each; xyzalert.mjs makes a getter and a setter",
           " * of each row. Generated by scripts/interface from its tables: edit them,",
           " * not this. */", "", "/** The alert's properties (Alert). */", "export const ALERT_PROPERTIES = Object.freeze(["]
    out += js_rows(PROPS) + ["]);", "", "/** The page's properties (Dispatch). */", "export const PAGE_PROPERTIES = Object.freeze(["]
    out += js_rows(PAGE_PROPS) + ["]);"]
    return "\n".join(out) + "\n"


def js_property_types():
    """bindings/js/properties.d.mts: the accessors' declarations."""
    out = ["/* The properties of an alert and of a page (properties.mjs). Generated by scripts/interface. */",
           'import type { %s } from "./enums.mjs";' % ", ".join(sorted({js_name(p.enum) + "Word" for p in PROPS + PAGE_PROPS if p.enum}))]
    out += ["", "/** A row: [JavaScript name, C getter, C setter, kind, enum or null]. */",
            "export type PropertyRow = readonly [string, string, string, string, string | null];",
            "export declare const ALERT_PROPERTIES: readonly PropertyRow[];",
            "export declare const PAGE_PROPERTIES: readonly PropertyRow[];"]
    for name, props in [("AlertProperties", PROPS), ("PageProperties", PAGE_PROPS)]:
        out += ["", "/** The table's properties of %s. */" % ("an alert" if props is PROPS else "a page"),
                "export interface %s {" % name]
        for p in props:
            doc = p.row["doc"][0].upper() + p.row["doc"][1:] + "."
            out += ["  /** %s */" % doc.replace("\n", " "),
                    "  %s: %s;" % (camel(p.key), js_name(p.enum) + "Word" if p.enum else JS_TYPES[p.kind])]
        out.append("}")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- docs

def conventions_rows(text):
    out = ["| Property | C | C++ | Python | Swift |", "|---|---|---|---|---|"]
    for p in PROPS + PAGE_PROPS:
        o = "d" if p.page else "a"
        what = "page: " + p.key if p.page else p.key + (" (live)" if p.live else "")
        swift_set = "%s = v" % p.getter if p.row.get("swift_assign") else "%s(_:)" % p.setter
        out.append("| %s | `%s(%s, v)` / `%s(%s)` | `%s.set_%s(v)` / `%s.%s()` | `%s.%s = v` / `%s.%s` | `%s` / `%s` |"
                   % (what, p.c_set, o, p.c_get, o, o, p.key, o, p.key, o, p.key, o, p.key, swift_set, p.getter))
    return replace_region(text, "property rows", "\n".join(out), "<!-- %s -->")


def generate(files):
    files[ROOT / "Sources/XYZAlertABI/PropertyFunctions.swift"] = abi()
    files[ROOT / "bindings/python/xyzalert/_properties.py"] = python_properties()
    files[ROOT / "include/xyzalert/properties.hpp"] = cpp()
    files[ROOT / "bindings/js/properties.mjs"] = js_properties()
    files[ROOT / "bindings/js/properties.d.mts"] = js_property_types()
    for path, write in [("include/xyzalert.h", header),
                        ("bindings/python/xyzalert/_declarations.py", python_declarations),
                        ("docs/conventions.md", conventions_rows)]:
        files[ROOT / path] = write(files[ROOT / path])
