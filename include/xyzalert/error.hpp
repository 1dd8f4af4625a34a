/* xyzalert/error.hpp: xyz::error and xyz::parse_error. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_ERROR_HPP
#define XYZALERT_ERROR_HPP

#include "enums.hpp"

namespace xyz {

/* ---------------------------------------------------------------- errors */

/** A failed call: the status, the engine's message, and whether it took
 * effect all the same (see Errors). */
class error : public std::runtime_error {
public:
    /** An error with `code` and `message`; `took_effect`: the failed call left changes behind. */
    error(xyz::status code, const std::string &message, bool took_effect = false)
        : std::runtime_error(message), code_(code), took_effect_(took_effect) {}
    /** The status of the failed call. */
    [[nodiscard]] xyz::status code() const noexcept { return code_; }
    /** True only for the status::state of a call whose passes did not
     * settle: its events stand (xyz_last_error_has_effects()). */
    [[nodiscard]] bool took_effect() const noexcept { return took_effect_; }

private:
    xyz::status code_;
    bool took_effect_;
};

/** A JSON document that could not be loaded, and where. what() is the
 * engine's message, which starts with "source:line:column:". */
class parse_error : public error {
public:
    /** From a load's xyz_error; the source and pointer are taken in full
     * from `source` and xyz_last_error_pointer() (the struct cuts them). */
    parse_error(const xyz_error &e, std::string source)
        : error(static_cast<xyz::status>(e.status), xyz_last_error()), source_(std::move(source)),
          pointer_(xyz_last_error_pointer()), line_(e.line), column_(e.column), position_(e.position) {}
    /** The file, or "<string>". */
    [[nodiscard]] const std::string &source() const noexcept { return source_; }
    /** The JSON pointer of the offending value ("" for the root). */
    [[nodiscard]] const std::string &pointer() const noexcept { return pointer_; }
    /** 1-based line and column (in characters); 0 for I/O errors. */
    [[nodiscard]] int line() const noexcept { return line_; }
    /** 1-based column (in characters) of the offending value; 0 when unknown. */
    [[nodiscard]] int column() const noexcept { return column_; }
    /** 0-based byte offset. */
    [[nodiscard]] std::size_t position() const noexcept { return position_; }

private:
    std::string source_, pointer_;
    int line_, column_;
    std::size_t position_;
};

}  // namespace xyz

#endif /* XYZALERT_ERROR_HPP */
