# record_hook.py — the Python side of `caramba record` (and of difftest's
# type recording): Numba is the type oracle, so we ask it.
#
# Embedded into the caramba binary at build time (caramba/record/CMakeLists.txt)
# and written, as `sitecustomize.py`, into a private folder that caramba puts
# first on PYTHONPATH for the command it runs. Every Python process started
# under that command (subprocesses, pytest-xdist workers, multiprocessing
# children) imports it at start-up, and at exit writes one fragment file into
# $CARAMBA_RECORD_DIR: for every Numba dispatcher of the user's code, every
# signature it compiled, the return type, and Numba's types of the locals.
# caramba merges the fragments into the profile (caramba/type_profile.h).
#
# It must never change what the user's program does: it imports nothing heavy
# at start-up (Numba is looked at only when the program imported it), every
# failure is caught and reported on stderr, and the user's own sitecustomize
# still runs (chained below).
#
# Fragment format: the profile format of docs/types.md, without "root" and
# "relative" (caramba adds them when it merges).
import os
import sys

_ENV_DIR = "CARAMBA_RECORD_DIR"
_records = {}  # (file, qualname, line, arg spellings) -> (kernel, signature)
_written_by = set()  # pids that already wrote their fragment
_numba_dir = None


def _warn(what):
    try:
        sys.stderr.write("caramba record: warning: %s\n" % what)
    except Exception:
        pass


def _describe_type(t):
    """A Numba type as {"numba": spelling, "kind": ..., parsed fields}."""
    from numba.core import types

    try:
        t = types.unliteral(t)  # Literal[int](3) is an int64 to everyone but the typer
    except Exception:
        pass
    spelling = str(t)
    numeric = (types.Integer, types.Float, types.Complex, types.Boolean)
    if isinstance(t, types.Array):
        # 0-d arrays are not scalars, and arrays of records are not numbers.
        if t.ndim >= 1 and isinstance(t.dtype, numeric):
            d = {"numba": spelling, "kind": "array", "dtype": str(t.dtype), "ndim": int(t.ndim),
                 "layout": str(t.layout)}
            if not getattr(t, "mutable", True):
                d["readonly"] = True
            return d
        return {"numba": spelling, "kind": "other"}
    if isinstance(t, numeric):
        return {"numba": spelling, "kind": "scalar", "dtype": spelling}
    if isinstance(t, types.NoneType):
        return {"numba": spelling, "kind": "none"}
    return {"numba": spelling, "kind": "other"}


def _def_line(code):
    """The line of the `def` keyword (co_firstlineno is the first decorator's)."""
    import linecache

    first = code.co_firstlineno
    for line in range(first, first + 200):
        text = linecache.getline(code.co_filename, line)
        if not text:
            break
        s = text.lstrip()
        if s.startswith("def ") or s.startswith("async def "):
            return line
    return first


def _user_names(code):
    return set(code.co_varnames) | set(code.co_cellvars)


def _describe_locals(typemap, names):
    """Numba's typemap, SSA versions merged (x, x.1, x.2 -> x), only the user's
    own names (no $ temporaries, arg.x, parfor internals). Returns (locals,
    unstable names)."""
    seen = {}
    for var, t in typemap.items():
        if var.startswith("$") or var.startswith("arg."):
            continue
        base, dot, version = var.rpartition(".")
        if not dot or not version.isdigit():
            base = var
        if base not in names:
            continue
        seen.setdefault(base, []).append(_describe_type(t))
    out, unstable = {}, []
    for name in sorted(seen):
        spellings = {d["numba"] for d in seen[name]}
        if len(spellings) == 1:
            out[name] = seen[name][0]
        else:
            unstable.append(name)
    return out, unstable


def _describe_closure(func, out):
    """Names a nested kernel reads from its enclosing function: Numba froze
    their values when it compiled (its typemap has only unnamed loads of
    them), and caramba passes them as parameters to the kernel it lifts to
    module level, so they are recorded with the type of the frozen value."""
    if not func.__closure__:
        return
    from numba import typeof

    for name, cell in zip(func.__code__.co_freevars, func.__closure__):
        if name in out:
            continue
        try:
            out[name] = _describe_type(typeof(cell.cell_contents))
        except Exception:  # a value Numba cannot type (the kernel then failed to compile)
            pass


def _is_users(func):
    global _numba_dir
    fname = func.__code__.co_filename
    if not fname or fname.startswith("<"):
        return False
    if _numba_dir is None:
        import numba

        _numba_dir = os.path.dirname(os.path.abspath(numba.__file__)) + os.sep
    return not os.path.abspath(fname).startswith(_numba_dir)


_paused = False  # pause(): signatures compiled from then on are not recorded


def pause():
    """Stops recording, keeping what was compiled so far (difftest calls it
    before its generated inputs, whose types are its own guesses)."""
    global _paused
    try:
        _scan_live_dispatchers()
    except Exception as e:
        _warn("cannot list the Numba dispatchers: %s: %s" % (type(e).__name__, e))
    _paused = True


def _note(disp, cres):
    """Records one compiled overload of a dispatcher."""
    from numba.core.dispatcher import Dispatcher

    if _paused:
        return
    if not isinstance(disp, Dispatcher) or getattr(cres, "objectmode", False):
        return
    func = disp.py_func
    if not _is_users(func):
        return
    code = func.__code__
    sig = cres.signature
    arg_types = [_describe_type(a) for a in sig.args]
    key = (os.path.abspath(code.co_filename), func.__qualname__, code.co_firstlineno,
           tuple(a["numba"] for a in arg_types))
    if key in _records:
        return
    nparams = code.co_argcount + code.co_kwonlyargcount
    kernel = {"file": key[0], "qualname": func.__qualname__, "line": _def_line(code),
              "params": list(code.co_varnames[:nparams])}
    entry = {"args": arg_types, "return": _describe_type(sig.return_type)}
    # A result loaded from Numba's disk cache has no typemap (caramba turns
    # cache loading off while recording; this is the fallback).
    fndesc = getattr(cres, "fndesc", None)
    typemap = getattr(fndesc, "typemap", None)
    if typemap is None and getattr(cres, "type_annotation", None) is not None:
        typemap = getattr(cres.type_annotation, "typemap", None)
    if typemap is not None:
        entry["locals"], entry["unstable_locals"] = _describe_locals(typemap, _user_names(code))
        _describe_closure(func, entry["locals"])
    _records[key] = (kernel, entry)


def _safe_note(disp, cres):
    try:
        _note(disp, cres)
    except Exception as e:  # never break the user's program
        _warn("cannot record a signature of %r: %s: %s" % (getattr(disp, "__name__", disp), type(e).__name__, e))


def _patch_dispatcher(mod):
    """Wraps add_overload: every compiled signature (lazy, eager, from a
    factory whose dispatcher is gone by exit) is seen when it is added."""
    cls = getattr(mod, "_DispatcherBase", None)
    if cls is None or getattr(cls.add_overload, "_caramba", False):
        return
    original = cls.add_overload

    def add_overload(self, cres):
        original(self, cres)
        _safe_note(self, cres)

    add_overload._caramba = True
    cls.add_overload = add_overload


def _patch_caching(mod):
    """Results loaded from Numba's disk cache carry no typemap: while
    recording, every kernel is compiled (the cache is still written)."""
    cls = getattr(mod, "FunctionCache", None)
    if cls is None or getattr(cls.load_overload, "_caramba", False):
        return

    def load_overload(self, sig, target_context):
        return None

    load_overload._caramba = True
    cls.load_overload = load_overload


_PATCHES = {"numba.core.dispatcher": _patch_dispatcher, "numba.core.caching": _patch_caching}


class _PostImport:
    """A meta path finder that patches the Numba modules above right after
    they are executed, so nothing is imported before the program asks."""

    def find_spec(self, name, path=None, target=None):
        patch = _PATCHES.get(name)
        if patch is None:
            return None
        import importlib.util

        # Find the real spec with the other finders.
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        loader = spec.loader
        real_exec = loader.exec_module

        def exec_module(module):
            real_exec(module)
            try:
                patch(module)
            except Exception as e:
                _warn("cannot hook %s: %s: %s" % (name, type(e).__name__, e))

        loader.exec_module = exec_module
        return spec


def _scan_live_dispatchers():
    """Dispatchers whose overloads were added before the hook saw them."""
    import gc

    from numba.core.dispatcher import Dispatcher

    for obj in gc.get_objects():
        try:
            if not isinstance(obj, Dispatcher):
                continue
        except ReferenceError:  # a dead weakref.proxy
            continue
        for cres in list(obj.overloads.values()):
            _safe_note(obj, cres)


_writing = False  # a fragment is being written (a SIGTERM then waits for it)
_term_pending = False


def _write_fragment():
    global _writing
    pid = os.getpid()
    if pid in _written_by:
        return
    _written_by.add(pid)
    _writing = True
    try:
        _write_fragment_now(pid)
    finally:
        _writing = False
        if _term_pending:
            _die_of_sigterm()


def _die_of_sigterm():
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)


def _write_fragment_now(pid):
    folder = os.environ.get(_ENV_DIR)
    if not folder or "numba" not in sys.modules:
        return
    try:
        _scan_live_dispatchers()
    except Exception as e:
        _warn("cannot list the Numba dispatchers: %s: %s" % (type(e).__name__, e))
    if not _records:
        return
    import json

    kernels = {}
    for (file, qualname, line, _), (kernel, entry) in _records.items():
        k = kernels.setdefault((file, qualname, line), dict(kernel, signatures=[]))
        k["signatures"].append(entry)
    doc = {"version": 1, "generator": "caramba record (fragment of process %d)" % pid,
           "kernels": list(kernels.values())}
    try:
        import tempfile

        fd, tmp = tempfile.mkstemp(prefix=".fragment-%d-" % pid, suffix=".tmp", dir=folder)
        with os.fdopen(fd, "w") as f:
            json.dump(doc, f)
        # The rename makes the fragment visible only once it is complete.
        os.replace(tmp, os.path.join(folder, "fragment-%d-%s.json" % (pid, os.path.basename(tmp)[-12:-4])))
    except Exception as e:
        _warn("cannot write the type fragment: %s: %s" % (type(e).__name__, e))


def _install():
    import atexit

    sys.meta_path.insert(0, _PostImport())
    # Already imported (a sitecustomize of the user's imported Numba): patch now.
    for name, patch in _PATCHES.items():
        if name in sys.modules:
            patch(sys.modules[name])
    atexit.register(_write_fragment)
    # os._exit skips atexit; multiprocessing's forked children leave that way.
    real_exit = os._exit

    def _exit(status):
        try:
            _write_fragment()
        finally:
            real_exit(status)

    os._exit = _exit
    # SIGTERM's default action skips atexit too, and multiprocessing.Pool
    # ends its workers with SIGTERM: write first, then die the same way.
    import signal

    if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        def _on_term(signum, frame):
            global _term_pending
            if _writing:  # arrived while exiting normally: finish the fragment first
                _term_pending = True
                return
            try:
                _write_fragment()
            finally:
                _die_of_sigterm()

        signal.signal(signal.SIGTERM, _on_term)


def _chain_user_sitecustomize():
    """Runs the sitecustomize this one hides (the user's or the system's)."""
    import importlib.util

    here = os.path.dirname(os.path.abspath(__file__))
    me = sys.modules.get(__name__)
    # Our folder stays on PYTHONPATH for child processes, but not on sys.path.
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    sys.modules["_caramba_record_hook"] = me
    del sys.modules[__name__]
    try:
        if importlib.util.find_spec("sitecustomize") is not None:
            import sitecustomize  # noqa: F401  (the next one on sys.path)
    except Exception:
        import traceback

        sys.stderr.write("Error in sitecustomize; set PYTHONVERBOSE for traceback:\n")
        traceback.print_exc()


if os.environ.get(_ENV_DIR):
    try:
        _install()
        # A stable name for tools that drive the recording (difftest's driver).
        sys.modules["_caramba_record"] = sys.modules[__name__]
    except Exception as e:
        _warn("cannot install the recording hook: %s: %s" % (type(e).__name__, e))
_chain_user_sitecustomize()
