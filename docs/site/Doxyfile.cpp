# Doxygen over the C++ wrapper, as XML for Sphinx (Breathe): `make docs`.
# Read from the repository root; no HTML of its own.
PROJECT_NAME           = XYZAlert
INPUT                  = include/xyzalert.hpp include/xyzalert
FILE_PATTERNS          = *.hpp
OUTPUT_DIRECTORY       = .build/docs/doxygen/cpp
GENERATE_HTML          = NO
GENERATE_LATEX         = NO
GENERATE_XML           = YES
XML_PROGRAMLISTING     = NO
EXTRACT_ALL            = NO
ENABLE_PREPROCESSING   = YES
MACRO_EXPANSION        = YES
EXPAND_ONLY_PREDEF     = YES
PREDEFINED             = XYZ_API= XYZ_WARN_UNUSED_RESULT= "XYZ_DEPRECATED(msg)=" __cplusplus=201703L
QUIET                  = YES
WARNINGS               = YES
WARN_IF_UNDOCUMENTED   = YES
WARN_IF_DOC_ERROR      = YES
WARN_NO_PARAMDOC       = NO
WARN_AS_ERROR          = FAIL_ON_WARNINGS
FULL_PATH_NAMES        = NO
SORT_MEMBER_DOCS       = NO
HAVE_DOT               = NO
EXCLUDE_SYMBOLS        = xyz::detail xyz::detail::*
DISTRIBUTE_GROUP_DOC   = YES
