# Doxygen over the C headers, as XML for Sphinx (Breathe): `make docs`.
# Read from the repository root; no HTML of its own.
PROJECT_NAME           = XYZAlert
INPUT                  = include/xyzalert.h include/xyzalert_tooling.h
OUTPUT_DIRECTORY       = .build/docs/doxygen/c
GENERATE_HTML          = NO
GENERATE_LATEX         = NO
GENERATE_XML           = YES
XML_PROGRAMLISTING     = NO
OPTIMIZE_OUTPUT_FOR_C  = YES
EXTRACT_ALL            = NO
ENABLE_PREPROCESSING   = YES
MACRO_EXPANSION        = YES
EXPAND_ONLY_PREDEF     = YES
# The C view of the header: no __cplusplus, so XYZ_HOST_INIT is there.
PREDEFINED             = XYZ_API= XYZ_WARN_UNUSED_RESULT= "XYZ_DEPRECATED(msg)="
QUIET                  = YES
WARNINGS               = YES
WARN_IF_UNDOCUMENTED   = YES
WARN_IF_DOC_ERROR      = YES
WARN_NO_PARAMDOC       = NO
WARN_AS_ERROR          = FAIL_ON_WARNINGS
FULL_PATH_NAMES        = NO
SORT_MEMBER_DOCS       = NO
HAVE_DOT               = NO
DISTRIBUTE_GROUP_DOC   = YES
