# Doxygen over the C++ wrapper, as XML for Sphinx (Breathe): `make docs`.
@INCLUDE               = docs/site/Doxyfile.common
INPUT                  = include/xyzalert.hpp include/xyzalert
FILE_PATTERNS          = *.hpp
OUTPUT_DIRECTORY       = .build/docs/doxygen/cpp
PREDEFINED             = XYZ_API= XYZ_WARN_UNUSED_RESULT= "XYZ_DEPRECATED(msg)=" __cplusplus=201703L
EXCLUDE_SYMBOLS        = xyz::detail xyz::detail::*
