/**
 * @file
 * xyzalert.hpp: the C++ interface of XYZAlert, header-only over xyzalert.h
 * (C++17 or later, the standard library only). Everything is in namespace
 * xyz.
 *
 * CONVENTIONS (on top of those of xyzalert.h)
 *
 * Ownership. xyz::alert holds one reference to an engine alert: copies share
 * it (retain), moves transfer it, assignment releases the old one, the
 * destructor releases it. A default-constructed xyz::alert is empty (no
 * engine alert; `if (a)` tells); xyz::alert("id") creates one. xyz::dispatch
 * owns its page and destroys it on scope exit, on assignment or with
 * close(); it is move-only. xyz::dispatch_ref is a non-owning handle to a
 * page, valid while the page lives: what callbacks, providers, parent() and
 * alert::dispatch() hand out, with every operation of a page; an
 * xyz::dispatch is one. xyz::catalog owns a loaded alert set (move-only);
 * xyz::history is reference counted like xyz::alert. get() returns the raw
 * handle, borrowed. Handles compare with == and hash (std::hash) by the
 * engine object they refer to. No function needs the caller to new or
 * delete anything.
 *
 * Errors. Every wrapper whose C call fails throws xyz::error, carrying the
 * status, the engine's message (xyz_last_error()) and took_effect(); loading
 * throws xyz::parse_error, which adds the place (source, line, column, byte
 * position, JSON pointer, all in full). As in C, a failed call changes
 * nothing, except the one failure that says so: took_effect() is true for
 * the status::state of a call whose passes did not settle (its events
 * stand). Strings are passed as std::string, std::string_view or C strings;
 * a null `const char *` or a string with an embedded NUL byte is
 * status::invalid (C would cut it), and `nullptr` itself does not compile:
 * the C API's NULL meanings have names (clear_title(), cancel_all(),
 * detach(), activate_all_children(), ...). An empty (moved-from, closed or
 * default) handle passed as an argument is status::invalid, never the C
 * API's NULL. Getters never throw, except next_deadline(), why(), explain()
 * and snapshot_json(), which read the host's clock and rethrow what it threw.
 *
 * Callbacks. A host derives (publicly) from xyz::host and overrides the
 * callbacks it needs; or it fills an xyz::callbacks with callables. The
 * event callbacks are virtual calls, so they reach the host's dynamic type.
 * request_flush and now change what the engine does (deferred mode; the
 * host's clock instead of the system's), so whether a class overrides them
 * is found at compile time: create the dispatch from the host's own class.
 * A reference to xyz::host itself does not compile, a reference to a base
 * class of the host's dynamic type is status::invalid, and a request_flush
 * or now that is private or overloaded does not compile (static_assert).
 *
 * Callback exceptions. An exception thrown by a callback (or an active-child
 * provider, or the clock) never unwinds through the engine: it is caught at
 * the C boundary and stored (the first one; later ones are dropped), and
 * the engine finishes the call. Then:
 *  - the outermost wrapper call that delivered the callback rethrows it
 *    once the C call has returned (the call took effect; its own failure,
 *    if any, is dropped);
 *  - calls made from inside callbacks never rethrow it; they do throw their
 *    own failures, which a callback may catch (if it does not, they are
 *    handled like any exception of the callback);
 *  - a callback delivered by a C function called directly (no wrapper call
 *    running) stores it, and the next wrapper call that can deliver
 *    callbacks rethrows it before it does anything (that call does not take
 *    effect); the wrappers cover every C call a host needs (dispatch_ref's
 *    tick(), flush(), next_deadline(), ...), so this happens only to hosts
 *    that mix in raw calls;
 *  - destructors and move assignments drop it (they cannot throw): call
 *    close() to receive it.
 * The alert passed to a callback is a fresh xyz::alert sharing the engine's
 * alert: keep a copy to keep the alert.
 *
 * Threading. As in C: one domain from one thread at a time. The stored
 * exception is per thread.
 */
#ifndef XYZALERT_HPP
#define XYZALERT_HPP

#if !defined(__cplusplus) || (__cplusplus < 201703L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 201703L))
#error "xyzalert.hpp needs C++17 or later (e.g. -std=c++17); C code includes xyzalert.h"
#endif

#include "xyzalert/enums.hpp"
#include "xyzalert/error.hpp"
#include "xyzalert/detail.hpp"
#include "xyzalert/seconds.hpp"
#include "xyzalert/rules.hpp"
#include "xyzalert/alert.hpp"
#include "xyzalert/callbacks.hpp"
#include "xyzalert/history.hpp"
#include "xyzalert/catalog.hpp"
#include "xyzalert/dispatch_ref.hpp"
#include "xyzalert/host.hpp"
#include "xyzalert/dispatch.hpp"
#include "xyzalert/why.hpp"
#include "xyzalert/hash.hpp"

#endif /* XYZALERT_HPP */
