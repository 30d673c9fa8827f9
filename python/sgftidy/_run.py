"""Options, contexts, diagnostics and the runs over a file or bytes."""

from __future__ import annotations

import ctypes
import errno as _errno
import os
from dataclasses import dataclass
from typing import Any, Iterable, Optional, Union

from ._lib import (AT_FDCWD, DIAG_FN, Buffer, Diag, Memory, lib, libc)

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]

SEVERITIES = ("info", "warning", "error", "fatal")

# The library options with a number or yes/no value, by the long name of
# sgftidy(1) (dashes as underscores): their SGFT_OPT_* value and whether
# they take True/False.  -s (split) and --dump-tree write no SGF text to
# a caller, and are refused.
_OPTIONS = {
    "find_start": (1, int),
    "linebreaks": (2, int),
    "encoding_mode": (3, int),
    "width": (4, int),
    "keep_header": (5, bool),
    "write_critical": (6, bool),
    "no_warnings": (7, bool),
    "strict": (8, bool),
    "delete_unknown": (9, bool),
    "delete_obsolete": (10, bool),
    "expand": (11, bool),
    "pass_tt": (12, bool),
    "delete_move_markup": (13, bool),
    "signature": (14, int),
    "fix_variations": (15, bool),
    "reverse_variations": (17, bool),
    "delete_empty_nodes": (18, bool),
    "no_soft_breaks": (19, bool),
    "node_linebreaks": (20, bool),
    "parse_only": (22, bool),
    "strip_analysis": (23, bool),
    "superko": (24, bool),
    "fix_handicap": (25, bool),
    "short_ranks": (26, bool),
    "strip_times": (27, bool),
}
# The options of a list or a name.
_OTHERS = ("mute", "disable", "delete", "encoding", "default_encoding",
           "utf8_default")
_SIGNATURES = {"sgfc": 1, "symmetric": 2}
OPTION_NAMES = tuple(sorted(list(_OPTIONS) + list(_OTHERS)))


class Error(Exception):
    """A fault the library reported: number is the message number (or a
    negative SGFT_E* status), text its text; diagnostics all the messages
    of the run."""

    def __init__(self, number: int, text: str,
                 diagnostics: Iterable["Diagnostic"] = ()) -> None:
        super().__init__(f"{number}: {text}")
        self.number = number
        self.text = text
        self.diagnostics = list(diagnostics)


@dataclass(frozen=True)
class Diagnostic:
    """One message: its number and key, severity ('info', 'warning',
    'error' or 'fatal'), place (line and column from 1, None for a
    message of no place), text, and whether the output may have lost
    information (critical)."""

    number: int
    severity: str
    line: Optional[int]
    column: Optional[int]
    key: str
    text: str
    critical: bool = False


def _message_numbers(name: str, value: Any) -> list[int]:
    """The message numbers a mute or disable value names: numbers, keys
    (any case) or rules of sgftidy --list-rules."""
    items = [value] if isinstance(value, (int, str)) else list(value)
    numbers = []
    for item in items:
        if isinstance(item, bool):
            raise TypeError(f"{name}: a message number or key, not {item!r}")
        if isinstance(item, int):
            if not lib.sgft_msg_known(item):
                raise ValueError(f"{name}: {item} is no message number")
            numbers.append(item)
            continue
        if not isinstance(item, str):
            raise TypeError(f"{name}: a message number or key, "
                            f"not {item!r}")
        key = item.upper().encode()
        found = [n for n in range(1, 200)
                 if lib.sgft_msg_known(n) and lib.sgft_msg_key(n) == key]
        if not found:
            for i in range(lib.sgft_rule_count()):
                if lib.sgft_rule_key(i) == item.lower().encode():
                    j = 0
                    while lib.sgft_rule_message(i, j):
                        found.append(lib.sgft_rule_message(i, j))
                        j += 1
        if not found:
            raise ValueError(f"{name}: {item!r} is no message key or rule")
        numbers.extend(found)
    return numbers


def _strings(name: str, value: Any) -> list[str]:
    items = [value] if isinstance(value, str) else list(value)
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"{name}: a property id, not {item!r}")
    return items


def make_options(options: dict[str, Any]) -> int:
    """A new sgft_options for the keyword options (TypeError for an
    unknown name, ValueError for a value out of range)."""
    for name in options:
        if name not in _OPTIONS and name not in _OTHERS:
            raise TypeError(f"unknown option {name!r}; valid options: "
                            + ", ".join(OPTION_NAMES))
    opts = lib.sgft_options_new()
    if not opts:
        raise MemoryError()
    try:
        for name, value in options.items():
            _set(opts, name, value)
    except BaseException:
        lib.sgft_options_free(opts)
        raise
    return opts


def _set(opts: int, name: str, value: Any) -> None:
    if name in _OPTIONS:
        number, kind = _OPTIONS[name]
        if name == "signature" and isinstance(value, str):
            if value not in _SIGNATURES:
                raise ValueError("signature: 0, 1, 2, 'sgfc' or 'symmetric'")
            value = _SIGNATURES[value]
        if kind is bool and not isinstance(value, bool):
            raise TypeError(f"{name}: True or False, not {value!r}")
        if kind is int and (isinstance(value, bool)
                            or not isinstance(value, int)):
            raise TypeError(f"{name}: a number, not {value!r}")
        if lib.sgft_options_set(opts, number, int(value)) != 0:
            raise ValueError(f"{name}: {value!r} is out of its range")
    elif name in ("mute", "disable"):
        for n in _message_numbers(name, value):
            if lib.sgft_options_disable(opts, n) != 0:
                raise ValueError(f"{name}: {n} is no message number")
    elif name == "delete":
        for pid in _strings(name, value):
            if lib.sgft_options_delete_prop(opts, pid.encode()) != 0:
                raise ValueError(f"delete: {pid!r} is no known property")
    elif name in ("encoding", "default_encoding"):
        if not isinstance(value, str):
            raise TypeError(f"{name}: a charset name, not {value!r}")
        fn = (lib.sgft_options_set_encoding if name == "encoding"
              else lib.sgft_options_set_default_encoding)
        if fn(opts, value.encode()) != 0:
            raise ValueError(f"{name}: {value!r} is no charset known")
    elif name == "utf8_default":
        if not isinstance(value, bool):
            raise TypeError(f"{name}: True or False, not {value!r}")
        if value:
            lib.sgft_options_set_default_encoding(opts, b"UTF-8")


def _diagnostic(d: Diag) -> Diagnostic:
    has_pos = d.has_pos
    return Diagnostic(
        number=d.code,
        severity=SEVERITIES[d.severity] if 0 <= d.severity < 4 else "error",
        line=d.line if has_pos else None,
        column=d.col if has_pos else None,
        key=(d.key or b"").decode("utf-8", "replace"),
        text=(d.text or b"").decode("utf-8", "replace"),
        critical=bool(d.critical),
    )


class Context:
    """An sgft_ctx with its options and the diagnostics it received."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.diagnostics: list[Diagnostic] = []
        self._opts = make_options(options)
        self._fn = DIAG_FN(self._receive)  # kept alive with the context
        self.ctx = lib.sgft_ctx_new(self._opts, self._fn, None)
        if not self.ctx:
            lib.sgft_options_free(self._opts)
            raise MemoryError()

    def _receive(self, diag: Any, _userdata: Any) -> None:
        self.diagnostics.append(_diagnostic(diag.contents))

    def close(self) -> None:
        if self.ctx:
            lib.sgft_ctx_free(self.ctx)
            lib.sgft_options_free(self._opts)
            self.ctx = None

    def __enter__(self) -> "Context":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def take(self) -> list[Diagnostic]:
        got, self.diagnostics = self.diagnostics, []
        return got

    def fault(self, status: int, path: Optional[str] = None) -> None:
        """Raises the exception of a negative status."""
        if status == -1:
            raise MemoryError()
        err = ctypes.get_errno()
        if status in (-2, -3, -4) and err:
            raise OSError(err, os.strerror(err), path)
        raise error_of(self.diagnostics, status)

    def run_bytes(self, data: bytes, write: bool) -> Optional[bytes]:
        """sgft_run over data; the output when write is true."""
        keep = ctypes.create_string_buffer(data, len(data))
        mem = Memory(ctypes.cast(keep, ctypes.c_void_p), len(data), 0)
        buf = Buffer(None, 0, 0)
        wr = ctypes.cast(lib.sgft_buffer_write, ctypes.c_void_p) \
            if write else None
        rd = ctypes.cast(lib.sgft_memory_read, ctypes.c_void_p)
        try:
            status = lib.sgft_run(self.ctx, rd, ctypes.byref(mem), wr,
                                  ctypes.byref(buf) if write else None)
            if status < 0:
                self.fault(status)
            return ctypes.string_at(buf.data, buf.len) if write else None
        finally:
            if buf.data:
                libc.free(buf.data)

    def summary(self) -> Any:
        return lib.sgft_ctx_summary(self.ctx).contents


def error_of(diagnostics: list[Diagnostic], status: int = 0) -> Error:
    """The Error of a run: its first fatal message, else its first
    critical one, else the status."""
    for d in diagnostics:
        if d.severity == "fatal":
            return Error(d.number, d.text, diagnostics)
    for d in diagnostics:
        if d.critical:
            return Error(d.number, d.text, diagnostics)
    text = lib.sgft_strerror(status).decode()
    return Error(status, text, diagnostics)


def is_path(source: Any) -> bool:
    return isinstance(source, (str, os.PathLike))


def fspath(source: Any) -> str:
    path = os.fspath(source)
    if not isinstance(path, str):
        raise TypeError("a path as str or os.PathLike of str")
    return path


def load(ctx: Context, source: Source) -> bytes:
    """The bytes of source: the bytes given, or the file read as the
    library opens its inputs (a folder is refused)."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    if not is_path(source):
        raise TypeError("source: a path (str or os.PathLike) or bytes, "
                        f"not {type(source).__name__}")
    path = fspath(source)
    fd = lib.sgft_input_open(ctx.ctx, AT_FDCWD, os.fsencode(path))
    if fd < 0:
        err = ctypes.get_errno() or _errno.EIO
        raise OSError(err, os.strerror(err), path)
    with os.fdopen(fd, "rb") as f:
        return f.read()


def check(source: Source, **options: Any) -> list[Diagnostic]:
    """The messages of a check of source, a path or bytes (nothing is
    written).  Options as sgftidy(1)'s long options: mute=[35],
    strict=True ..."""
    if "split" in options or "dump_tree" in options:
        raise TypeError("check: split and dump_tree write files or "
                        "listings; not available here")
    with Context(options) as ctx:
        if is_path(source):
            path = fspath(source)
            status = lib.sgft_run_file(ctx.ctx, os.fsencode(path), None)
            if status < 0:
                ctx.fault(status, path)
        else:
            ctx.run_bytes(load(ctx, source), write=False)
        return ctx.take()


def _normal_form(ctx: Context, data: bytes, options: dict[str, Any]) -> bytes:
    out = ctx.run_bytes(data, write=True)
    s = ctx.summary()
    if s.fatal or (s.critical and not options.get("write_critical")):
        raise error_of(ctx.diagnostics)
    return out or b""


def _refuse_for_text(name: str, options: dict[str, Any]) -> None:
    for o in ("split", "dump_tree", "parse_only"):
        if o in options:
            raise TypeError(f"{name}: the option {o} gives no SGF text")


def normalize(source: Source, **options: Any) -> bytes:
    """The normal form (FF[4], UTF-8) of source, a path or bytes.
    Raises Error after a fatal message, or a critical one without
    write_critical=True."""
    _refuse_for_text("normalize", options)
    with Context(options) as ctx:
        return _normal_form(ctx, load(ctx, source), options)
