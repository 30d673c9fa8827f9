"""The C library through ctypes: finding it, the structures of
include/sgftidy.h and the prototypes of the calls the package makes."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from typing import Optional

# The soname of the library this package is written for (libtool's
# -version-info 5:0:1); a later one keeps the same calls.
SONAMES = ("libsgftidy.so.4",)
MIN_VERSION = 0x000800
AT_FDCWD = -100


class Diag(ctypes.Structure):
    _fields_ = [
        ("code", ctypes.c_int),
        ("key", ctypes.c_char_p),
        ("severity", ctypes.c_int),
        ("critical", ctypes.c_bool),
        ("has_pos", ctypes.c_bool),
        ("offset", ctypes.c_uint64),
        ("line", ctypes.c_ulong),
        ("col", ctypes.c_ulong),
        ("text", ctypes.c_char_p),
        ("fix_old", ctypes.c_void_p),
        ("fix_new", ctypes.c_void_p),
        ("fix_old_len", ctypes.c_size_t),
        ("fix_new_len", ctypes.c_size_t),
    ]


class Summary(ctypes.Structure):
    _fields_ = [
        ("errors", ctypes.c_ulong),
        ("warnings", ctypes.c_ulong),
        ("infos", ctypes.c_ulong),
        ("critical", ctypes.c_ulong),
        ("ignored", ctypes.c_ulong),
        ("fatal", ctypes.c_ulong),
        ("trees", ctypes.c_ulong),
        ("written", ctypes.c_bool),
        ("output", ctypes.c_int),
    ]


class Memory(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("len", ctypes.c_size_t),
        ("pos", ctypes.c_size_t),
    ]


class Buffer(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("len", ctypes.c_size_t),
        ("cap", ctypes.c_size_t),
    ]


class Rank(ctypes.Structure):
    _fields_ = [
        ("number", ctypes.c_int),
        ("kind", ctypes.c_int),
        ("uncertain", ctypes.c_bool),
        ("established", ctypes.c_bool),
    ]


class Result(ctypes.Structure):
    _fields_ = [
        ("winner", ctypes.c_int),
        ("kind", ctypes.c_int),
        ("has_margin", ctypes.c_bool),
        ("margin", ctypes.c_double),
    ]


class Date(ctypes.Structure):
    _fields_ = [
        ("year", ctypes.c_int),
        ("month", ctypes.c_int),
        ("day", ctypes.c_int),
    ]


DIAG_FN = ctypes.CFUNCTYPE(None, ctypes.POINTER(Diag), ctypes.c_void_p)
READ_FN = ctypes.CFUNCTYPE(ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p,
                           ctypes.c_size_t)
WRITE_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                            ctypes.c_size_t)
DATE_FN = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p,
                           ctypes.POINTER(Date))

P = ctypes.c_void_p
S = ctypes.c_char_p
I = ctypes.c_int
SZ = ctypes.c_size_t

# name: (result, arguments)
PROTOTYPES = {
    "sgft_strerror": (S, [I]),
    "sgft_version": (S, []),
    "sgft_version_number": (I, []),
    "sgft_options_new": (P, []),
    "sgft_options_free": (None, [P]),
    "sgft_options_set": (I, [P, I, ctypes.c_long]),
    "sgft_options_set_encoding": (I, [P, S]),
    "sgft_options_set_default_encoding": (I, [P, S]),
    "sgft_options_disable": (I, [P, I]),
    "sgft_options_delete_prop": (I, [P, S]),
    "sgft_ctx_new": (P, [P, DIAG_FN, P]),
    "sgft_ctx_free": (None, [P]),
    "sgft_ctx_summary": (ctypes.POINTER(Summary), [P]),
    "sgft_run": (I, [P, P, P, P, P]),
    "sgft_run_file": (I, [P, S, S]),
    "sgft_input_open": (I, [P, I, S]),
    "sgft_memory_read": (ctypes.c_long, [P, P, SZ]),
    "sgft_buffer_write": (I, [P, P, SZ]),
    "sgft_reader_memory": (P, [P, P, SZ]),
    "sgft_reader_open": (P, [P, S]),
    "sgft_reader_next": (I, [P, ctypes.POINTER(P)]),
    "sgft_reader_free": (None, [P]),
    "sgft_tree_check": (I, [P, P]),
    "sgft_tree_index": (ctypes.c_ulong, [P]),
    "sgft_tree_root": (P, [P]),
    "sgft_node_child": (P, [P]),
    "sgft_node_next": (P, [P]),
    "sgft_node_props": (P, [P]),
    "sgft_prop_next": (P, [P]),
    "sgft_prop_id": (S, [P]),
    "sgft_prop_values": (P, [P]),
    "sgft_value_next": (P, [P]),
    "sgft_value_raw": (P, [P, P, ctypes.POINTER(SZ)]),
    "sgft_value_text": (P, [P, P, ctypes.c_bool]),
    "sgft_output_open": (P, [P, S]),
    "sgft_output_write": (I, [P, P, SZ]),
    "sgft_output_commit": (I, [P, ctypes.POINTER(I)]),
    "sgft_output_abort": (None, [P]),
    "sgft_msg_known": (ctypes.c_bool, [I]),
    "sgft_msg_key": (S, [I]),
    "sgft_msg_text": (S, [I]),
    "sgft_rule_count": (SZ, []),
    "sgft_rule_key": (S, [SZ]),
    "sgft_rule_message": (I, [SZ, SZ]),
    "sgft_result_parse": (I, [S, SZ, ctypes.POINTER(Result)]),
    "sgft_komi_parse": (I, [S, SZ, ctypes.POINTER(ctypes.c_double)]),
    "sgft_handicap_parse": (I, [S, SZ, ctypes.POINTER(I)]),
    "sgft_size_parse": (I, [S, SZ, ctypes.POINTER(I), ctypes.POINTER(I)]),
    "sgft_rank_parse": (I, [S, SZ, ctypes.POINTER(Rank)]),
    "sgft_dates_parse": (I, [S, SZ, DATE_FN, P]),
}


def _candidates() -> list[str]:
    names = []
    env = os.environ.get("SGFTIDY_LIBRARY")
    if env:
        return [env]
    found = ctypes.util.find_library("sgftidy")
    if found:
        names.append(found)
    names.extend(SONAMES)
    return names


def load() -> ctypes.CDLL:
    """The library: the file SGFTIDY_LIBRARY names, else the one
    ctypes.util.find_library finds, else the soname of this version."""
    tried = []
    lib: Optional[ctypes.CDLL] = None
    for name in _candidates():
        try:
            lib = ctypes.CDLL(name, use_errno=True)
            break
        except OSError as e:
            tried.append(f"{name}: {e}")
    if lib is None:
        raise ImportError("libsgftidy not found (set SGFTIDY_LIBRARY to its "
                          "path): " + "; ".join(tried))
    for name, (res, args) in PROTOTYPES.items():
        fn = getattr(lib, name)
        fn.restype = res
        fn.argtypes = args
    if lib.sgft_version_number() < MIN_VERSION:
        raise ImportError("libsgftidy %s is too old (0.8.0 or later needed)"
                          % lib.sgft_version().decode())
    return lib


lib = load()
libc = ctypes.CDLL(None)
libc.free.argtypes = [ctypes.c_void_p]
libc.free.restype = None
