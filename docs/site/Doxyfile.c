# Doxygen over the C headers, as XML for Sphinx (Breathe): `make docs`.
@INCLUDE               = docs/site/Doxyfile.common
INPUT                  = include/xyzalert.h include/xyzalert_tooling.h
OUTPUT_DIRECTORY       = .build/docs/doxygen/c
OPTIMIZE_OUTPUT_FOR_C  = YES
# The C view of the header: no __cplusplus, so XYZ_HOST_INIT is there.
PREDEFINED             = XYZ_API= XYZ_WARN_UNUSED_RESULT= "XYZ_DEPRECATED(msg)="
