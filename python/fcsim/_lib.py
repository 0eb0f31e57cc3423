# SPDX-License-Identifier: BSD-3-Clause
"""ctypes access to the installed libfcsim: configurations in, JSON out.

Only functions of the public C API (include/fcsim/) are called, and results
come back as the library's JSON text, never as C structures, so this module
does not change when the structures do.
"""
import ctypes
import os

_ERROR_CODES = {  # include/fcsim/error.h
    -1: "FCSIM_EINVAL", -2: "FCSIM_ENOMEM", -3: "FCSIM_EIO", -4: "FCSIM_EPARSE", -5: "FCSIM_EUNKNOWN_KEY",
    -6: "FCSIM_ERANGE", -7: "FCSIM_ECOMBINATION", -8: "FCSIM_EDEADLOCK", -9: "FCSIM_EINTERNAL",
    -10: "FCSIM_EINTERRUPTED",
}
# bad input: what the command line answers with exit status 2
_CONFIG_CODES = {-1, -3, -4, -5, -6, -7}


class Error(Exception):
    """An fcsim error: the library's message, and its code (`.code`, `.name`)."""

    def __init__(self, message, code=0):
        super().__init__(message)
        self.message = message
        self.code = code
        self.name = _ERROR_CODES.get(code, "")


class ConfigError(Error, ValueError):
    """Bad input: unknown key, bad value, impossible combination, unreadable file.
    The message is the library's, exactly as `fcsim` prints it after `fcsim: `."""


class SimulationError(Error, RuntimeError):
    """A run that failed (deadlock, internal error)."""


def _library_path():
    env = os.environ.get("FCSIM_LIBRARY")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        from . import _install  # written by `cmake --install`
    except ImportError:
        raise ImportError("fcsim: this copy of the package was not installed by `cmake --install` "
                          "(it records where libfcsim is); set FCSIM_LIBRARY to libfcsim.so") from None
    for candidate in (os.path.join(here, _install.LIBDIR_RELATIVE, _install.SONAME),
                      os.path.join(_install.LIBDIR, _install.SONAME)):
        if os.path.exists(candidate):
            return candidate
    raise ImportError("fcsim: libfcsim not found beside the package (%s) nor in %s"
                      % (os.path.normpath(os.path.join(here, _install.LIBDIR_RELATIVE)), _install.LIBDIR))


def _load():
    lib = ctypes.CDLL(_library_path())
    p, s, i = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int
    for name, res, args in (
        ("fcsim_version", s, []),
        ("fcsim_error_size", ctypes.c_size_t, []),
        ("fcsim_error_code", i, [p]),
        ("fcsim_error_message", s, [p]),
        ("fcsim_config_create", p, []),
        ("fcsim_config_destroy", None, [p]),
        ("fcsim_config_load_file", i, [p, s, p]),
        ("fcsim_config_set_assignment", i, [p, s, s, p]),
        ("fcsim_config_validate", i, [p, p]),
        ("fcsim_config_get", s, [p, s]),
        ("fcsim_sim_create", i, [p, ctypes.POINTER(p), p]),
        ("fcsim_sim_destroy", None, [p]),
        ("fcsim_sim_run", i, [p, p, p, p]),
        ("fcsim_sim_json", p, [p, ctypes.c_uint, p]),
        ("fcsim_topo_json", p, [p, p]),
        ("fcsim_replications_json", p, [p, i, ctypes.c_uint, p]),
        ("fcsim_replicate_seed", ctypes.c_uint64, [ctypes.c_uint64, i]),
        ("fcsim_free", None, [p]),
    ):
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    return lib


_lib = None


def lib():
    global _lib
    if _lib is None:
        _lib = _load()
    return _lib


class _Err:
    """A struct fcsim_error the library fills; its size and message come from the library."""

    def __init__(self):
        self.buf = ctypes.create_string_buffer(lib().fcsim_error_size())

    @property
    def ptr(self):
        return ctypes.cast(self.buf, ctypes.c_void_p)

    def raise_for(self, code=None):
        code = code or lib().fcsim_error_code(self.ptr) or -9
        msg = lib().fcsim_error_message(self.ptr).decode("utf-8", "replace")
        cls = ConfigError if code in _CONFIG_CODES else SimulationError
        raise cls(msg or _ERROR_CODES.get(code, "error %d" % code), code)


def _take_text(ptr):
    try:
        return ctypes.string_at(ptr).decode("utf-8")
    finally:
        lib().fcsim_free(ptr)


class Config:
    """A configuration built as the command line builds it: defaults, then the
    file, then each `section.key=value` (origin `--set`, so messages match)."""

    def __init__(self, path=None, settings=()):
        self.ptr = lib().fcsim_config_create()
        if not self.ptr:
            raise MemoryError("fcsim: out of memory")
        err = _Err()
        try:
            if path is not None:
                rc = lib().fcsim_config_load_file(self.ptr, os.fsencode(path), err.ptr)
                if rc:
                    err.raise_for(rc)
            for key, value in settings:
                rc = lib().fcsim_config_set_assignment(self.ptr, ("%s=%s" % (key, value)).encode(), b"--set", err.ptr)
                if rc:
                    err.raise_for(rc)
            rc = lib().fcsim_config_validate(self.ptr, err.ptr)
            if rc:
                err.raise_for(rc)
        except BaseException:
            self.close()
            raise

    def has_key(self, key):
        return lib().fcsim_config_get(self.ptr, key.encode()) is not None

    def close(self):
        if self.ptr:
            lib().fcsim_config_destroy(self.ptr)
            self.ptr = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def run_json(self, flags):
        err = _Err()
        sim = ctypes.c_void_p()
        rc = lib().fcsim_sim_create(self.ptr, ctypes.byref(sim), err.ptr)
        if rc:
            err.raise_for(rc)
        try:
            rc = lib().fcsim_sim_run(sim, None, None, err.ptr)
            if rc and rc != -8:  # a deadlock still has results: the JSON says so
                err.raise_for(rc)
            text = lib().fcsim_sim_json(sim, flags, err.ptr)
            if not text:
                err.raise_for()
            return _take_text(text)
        finally:
            lib().fcsim_sim_destroy(sim)

    def replications_json(self, n, flags):
        """`n` replications with the command line's seeds, combined (as
        `fcsim run --replications n --json`)."""
        err = _Err()
        text = lib().fcsim_replications_json(self.ptr, n, flags, err.ptr)
        if not text:
            err.raise_for()
        return _take_text(text)

    def topo_json(self):
        err = _Err()
        text = lib().fcsim_topo_json(self.ptr, err.ptr)
        if not text:
            err.raise_for()
        return _take_text(text)
