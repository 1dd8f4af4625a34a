"""The C reference of XYZAlert's documentation site, by topic.

`.. xyz-c-topic:: NAME` (in docs/api/c/NAME.md) renders every documented
declaration of the header sections that make up the topic, in header order,
each through Breathe, and adds to each function what its declaration and
the header's conventions say about it: its parameters, what it returns,
the errors it can give and who owns what. The sections are the header's own
banner comments (`/* ------ alerts */`); TOPICS maps them to pages, and a
section no topic claims fails the build, as does a topic naming a section
the headers lack.

It also links the guide to the reference: an inline literal `xyz_name()` (or
`xyz_name`) naming a function of the C headers becomes a link to it.
"""

import functools
import pathlib
import re
import xml.etree.ElementTree as ElementTree

from docutils import nodes
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.errors import ExtensionError
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

# Topic page -> (title, header sections in page order).
TOPICS = {
    "basics": ("Versions, errors and types", ["macros", "version", "errors", "types"]),
    "dispatch": ("Dispatches", ["dispatch", "recording"]),
    "alerts": ("Alerts", ["alerts", "keyboard avoidance", "user data", "dependencies"]),
    "content": ("Content", ["content"]),
    "time": ("Time, timing for people and windows", ["time", "timing for people", "windows"]),
    "history": ("Caps and history", ["history and caps"]),
    "alert-sets": ("Alert sets from JSON", ["JSON: catalogs"]),
    "rules": ("Rules", ["rules"]),
    "campaigns": ("Campaigns", ["campaigns"]),
    "tooling": ("Tooling: checking, scenarios, expectations, response models",
                ["checking", "scenarios", "expectations", "response models"]),
    "deprecated": ("Deprecated names", ["deprecated (0.1 names)", "deprecated (0.3 names)"]),
}

HEADERS = ("xyzalert.h", "xyzalert_tooling.h")
BANNER = re.compile(r"^/\* -{4,} (.+?) \*/$")

# The handle types and what ends each.
HANDLES = {
    "xyz_dispatch": "xyz_dispatch_destroy()",
    "xyz_alert": "xyz_alert_release()",
    "xyz_history": "xyz_history_release()",
    "xyz_catalog": "xyz_catalog_free()",
    "xyz_scenario": "xyz_scenario_free()",
    "xyz_definition": None,
}


# The handle types with a retain function.
RETAINED = ("xyz_alert", "xyz_history")


def header_sections(include):
    """(header, section, first line, last line) of every banner section."""
    sections = []
    for name in HEADERS:
        lines = (include / name).read_text().splitlines()
        starts = [(i + 1, m.group(1)) for i, line in enumerate(lines) if (m := BANNER.match(line))]
        for k, (line, section) in enumerate(starts):
            end = starts[k + 1][0] - 1 if k + 1 < len(starts) else len(lines)
            sections.append((name, section, line, end))
    return sections


def text_of(element):
    return "".join(element.itertext()) if element is not None else ""


class Declaration:
    """One documented declaration of a C header, from Doxygen's XML."""

    def __init__(self, kind, name, header, line, element):
        self.kind, self.name, self.header, self.line, self.element = kind, name, header, line, element

    @functools.cached_property
    def prose(self):
        return " ".join((text_of(self.element.find("briefdescription")) + " "
                         + text_of(self.element.find("detaileddescription"))).split())

    @functools.cached_property
    def returns(self):
        return " ".join(text_of(self.element.find("type")).split())

    @functools.cached_property
    def parameters(self):
        out = []
        for param in self.element.findall("param"):
            kind = " ".join(text_of(param.find("type")).split())
            name = text_of(param.find("declname"))
            if kind and kind != "void":
                out.append((kind, name))
        return out


def declarations(xml_directory):
    """Every documented declaration of the C headers, in header order."""
    found = []
    for header in HEADERS:
        path = pathlib.Path(xml_directory) / (header.replace("_", "__").replace(".h", "_8h") + ".xml")
        root = ElementTree.parse(path).getroot()
        for member in root.iter("memberdef"):
            kind = member.get("kind")
            line = int(member.find("location").get("line"))
            name = member.findtext("name")
            if kind == "enum" and not name.startswith("xyz_"):
                continue  # an anonymous enum: its typedef stands for it
            found.append(Declaration(kind, name, header, line, member))
        for inner in root.iter("innerclass"):
            compound = ElementTree.parse(pathlib.Path(xml_directory) / (inner.get("refid") + ".xml")).getroot()
            definition = compound.find("compounddef")
            line = int(definition.find("location").get("line"))
            found.append(Declaration("struct", inner.text, header, line, definition))
    # `typedef enum xyz_state {...} xyz_state;`: the enum's entry stands for both.
    tagged = {d.name for d in found if d.kind in ("enum", "struct")}
    found = [d for d in found if not (d.kind == "typedef" and d.name in tagged)]
    return sorted(found, key=lambda d: (HEADERS.index(d.header), d.line))


def since(prose):
    match = re.match(r"\((\d+\.\d+)\)", prose)
    return match.group(1) if match else "0.1"


def handle_type(kind):
    """The handle type a parameter or result type points at, or None."""
    match = re.fullmatch(r"(?:const )?(xyz_[a-z_]+) ?\*", kind)
    return match.group(1) if match and match.group(1) in HANDLES else None


def describe_parameter(kind, position):
    """What the conventions say of one parameter."""
    handle = handle_type(kind)
    if handle:
        return f"the {handle[4:]}, borrowed for the call (NULL: XYZ_EINVAL)" if position == 0 else \
            f"a {handle[4:]}, borrowed for the call"
    if kind.endswith("_fn") or "(*" in kind or (kind.startswith("xyz_") and kind.endswith("_destroy")):
        return "a function of the host's, called as the description says"
    if kind == "const char *":
        return "UTF-8 text, read during the call and copied (the engine keeps no pointer to it)"
    if kind in ("void *", "const void *"):
        return "the host's pointer, opaque: the engine never dereferences it"
    if kind == "xyz_error *":
        return "the caller's, filled with what failed and where when the call fails (see the description)"
    if kind.endswith("**") or (kind.endswith("*") and not kind.startswith("const") and position > 0):
        return "an output, the caller's memory, filled as the description says"
    if kind.endswith("*"):
        return "the caller's memory, read during the call"
    return None


def describe_result(declaration):
    """(returns, ownership) sentences, from the result type and the prose."""
    kind, prose, name = declaration.returns, declaration.prose, declaration.name
    handle = handle_type(kind)
    if kind == "void":
        return None, None
    if kind == "xyz_status":
        return "XYZ_OK, or the error; on an error nothing changed and xyz_last_error() says what and where", None
    if kind == "char *":
        return "a string (NULL on an error, with xyz_last_error() set)", \
            "the caller's: free it with xyz_free()"
    if kind == "const char *":
        return "a string, or NULL", \
            "borrowed: UTF-8 owned by the engine, valid until the owning object changes that value or dies"
    if handle:
        ender = HANDLES[handle]
        if re.search(r"_(create|load)(_|$)", name) or re.search(r"\+1|new reference", prose):
            return f"a new {handle[4:]}, or NULL on an error (xyz_last_error() says why)", \
                f"the caller's: end it with {ender}" if ender else "the caller's"
        if name.endswith("_retain"):
            return f"the same {handle[4:]} (NULL stays NULL)", "one more reference, released with " + ender
        keep = f" (xyz_{handle[4:]}_retain() keeps it longer)" if handle in RETAINED else ""
        return f"the {handle[4:]}, or NULL", f"borrowed: this call gives no reference of its own; valid as the description says{keep}"
    if kind in ("void *", "const void *"):
        return "the host's pointer, as it was given", "the host's"
    if declaration.parameters and handle_type(declaration.parameters[0][0]):
        return f"the value ({kind}); a neutral value (0, false, NULL) for a NULL handle, with xyz_last_error() set", None
    return f"the value ({kind})", None


def errors_of(declaration):
    codes = sorted(set(re.findall(r"\bXYZ_E[A-Z]+\b", declaration.prose)))
    if declaration.returns == "xyz_status" and declaration.parameters and \
            any(handle_type(kind) or kind == "const char *" for kind, _ in declaration.parameters):
        codes = sorted(set(codes) | {"XYZ_EINVAL"})
    return codes


def field(name, body):
    item = nodes.field()
    item += nodes.field_name(text=name)
    content = nodes.field_body()
    content += body if isinstance(body, nodes.Node) else nodes.paragraph(text=body)
    item += content
    return item


def function_fields(declaration):
    """The field list added to a function's entry."""
    fields = nodes.field_list(classes=["xyz-conventions"])
    parameters = declaration.parameters
    if parameters:
        items = nodes.bullet_list()
        for position, (kind, name) in enumerate(parameters):
            paragraph = nodes.paragraph()
            paragraph += nodes.literal(text=name or f"#{position + 1}")
            paragraph += nodes.Text(f" ({kind})")
            meaning = describe_parameter(kind, position)
            if meaning:
                paragraph += nodes.Text(": " + meaning)
            items += nodes.list_item("", paragraph)
        fields += field("Parameters", items)
    returns, ownership = describe_result(declaration)
    if returns:
        fields += field("Returns", returns)
    codes = errors_of(declaration)
    if declaration.returns == "xyz_status":
        fields += field("Errors", ", ".join(codes) + " (see the description)" if codes else "see the description")
    elif codes:
        fields += field("Errors", "sets xyz_last_error(): " + ", ".join(codes))
    if ownership:
        fields += field("Ownership", ownership)
    fields += field("Since", since(declaration.prose))
    return fields


DIRECTIVE = {"function": "doxygenfunction", "typedef": "doxygentypedef", "enum": "doxygenenum",
             "define": "doxygendefine", "struct": "doxygenstruct", "variable": "doxygenvariable"}


class CTopic(SphinxDirective):
    """`.. xyz-c-topic:: NAME`: a topic's sections and declarations."""

    required_arguments = 1

    def run(self):
        topic = self.arguments[0]
        if topic not in TOPICS:
            raise self.error(f"unknown topic {topic!r}; the topics are {', '.join(TOPICS)}")
        sections, all_declarations, _ = reference(self.config)
        out = []
        for wanted in TOPICS[topic][1]:
            matches = [s for s in sections if s[1] == wanted]
            if not matches:
                raise self.error(f"no header section {wanted!r}")
            header, name, first, last = matches[0]
            section = nodes.section(ids=[nodes.make_id(f"section-{name}")])
            section += nodes.title(text=f"{name[0].upper()}{name[1:]} ({header})")
            for declaration in all_declarations:
                if declaration.header != header or not first <= declaration.line <= last:
                    continue
                lines = StringList([f".. {DIRECTIVE[declaration.kind]}:: {declaration.name}",
                                    "   :project: c"], source=self.get_source_info()[0])
                holder = nodes.container()
                self.state.nested_parse(lines, self.content_offset, holder)
                if declaration.kind == "function":
                    desc = next(holder.findall(addnodes.desc), None)
                    if desc is None:
                        raise self.error(f"Breathe rendered nothing for {declaration.name}")
                    content = next(desc.findall(addnodes.desc_content))
                    content += function_fields(declaration)
                section += holder.children
            out.append(section)
        return out


def inside(node, kinds):
    node = node.parent
    while node is not None:
        if isinstance(node, kinds):
            return True
        node = node.parent
    return False


class LinkFunctionNames(SphinxTransform):
    """`xyz_name()` in a page's text links to the C reference."""

    default_priority = 200

    def apply(self):
        known = reference(self.config)[2]
        for literal in list(self.document.findall(nodes.literal)):
            if inside(literal, (nodes.reference, addnodes.pending_xref, addnodes.desc)):
                continue
            match = re.fullmatch(r"(xyz_[a-z0-9_]+)(\(\))?", literal.astext())
            if not match or match.group(1) not in known:
                continue
            xref = addnodes.pending_xref("", refdomain="c", reftype="func", reftarget=match.group(1),
                                         refexplicit=True, refwarn=True)
            xref += literal.deepcopy()
            literal.replace_self(xref)


class RepositoryLinks(SphinxPostTransform):
    """A guide link to a file of the repository outside docs/ (an example,
    CONTRIBUTING.md) keeps its text and loses its target: the site is read
    apart from the sources (installed under share/doc). A link to a path
    that does not exist stays, and fails the build as MyST reports it."""

    default_priority = 5  # before MyST resolves its references (9)

    def apply(self):
        source = pathlib.Path(self.env.doc2path(self.env.docname)).parent
        docs = pathlib.Path(self.env.srcdir).resolve()
        repository = docs.parent
        for xref in list(self.document.findall(addnodes.pending_xref)):
            target = xref.get("reftarget", "")
            if xref.get("reftype") not in ("myst", "doc") or "://" in target:
                continue
            path = (source / target.split("#")[0]).resolve()
            if not path.is_relative_to(docs) and path.is_relative_to(repository) and \
                    (path.exists() or path.with_suffix(".md").exists()):
                xref.replace_self(nodes.inline("", "", *xref.children))


@functools.cache
def read_reference(xml, include):
    """(sections, declarations, function names) of the C headers, checked:
    every section claimed by a topic, no declaration outside a section."""
    xml = pathlib.Path(xml)
    if not (xml / "index.xml").exists():
        raise ExtensionError(f"no Doxygen XML at {xml}: run doxygen docs/site/Doxyfile.c first (make docs does)")
    sections = header_sections(pathlib.Path(include))
    found = declarations(xml)
    claimed = {name for _, names in TOPICS.values() for name in names}
    unclaimed = [s[1] for s in sections if s[1] not in claimed]
    if unclaimed:
        raise ExtensionError(f"header sections no topic of the C reference claims: {unclaimed}")
    before_first = [d.name for d in found if d.line < min(s[2] for s in sections if s[0] == d.header)]
    if before_first:
        raise ExtensionError(f"declarations before the first section of their header: {before_first}")
    return sections, found, frozenset(d.name for d in found if d.kind == "function")


def reference(config):
    include = pathlib.Path(config.xyz_include)
    return read_reference(config.breathe_projects["c"], str(include))


def setup(app):
    app.add_config_value("xyz_include", "", "env")
    app.add_directive("xyz-c-topic", CTopic)
    app.add_transform(LinkFunctionNames)
    app.add_post_transform(RepositoryLinks)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
