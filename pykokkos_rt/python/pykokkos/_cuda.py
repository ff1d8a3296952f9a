"""pk.View on the GPU (docs/gpu.md): device memory plus a host mirror.

A `pk.View` lives on the device when the core was built with Cuda and the view
is created with `space=pk.CudaSpace` (or `CudaUVMSpace`), or with the default
memory space while the default execution space is `pk.Cuda` (as upstream).
Its device memory is a `_core.DeviceArray`; `.data` and `np.asarray(view)`
give the host mirror, a NumPy array of the same layout.

Coherence, per view:
- `_host_valid` / `_dev_valid`: which copies hold the latest values.
- `_escaped`: the host mirror was handed out (`.data`, `np.asarray`, indexing),
  so the host may change at any time through a reference we cannot see.
A Cuda dispatch uploads the mirror first when the device copy is stale or the
mirror has escaped; after the kernel, an escaped view is copied back at once
(a held NumPy reference then sees the kernel's writes, exactly as with a plain
NumPy array), while a view nobody holds a host reference to stays on the
device and is copied back lazily on the next host access. The view un-escapes
when `sys.getrefcount` proves that no reference to the mirror (or to a NumPy
view of it, which references it as its base) is left: that is the case where
"the host did not change since the last dispatch" can be proven, and then no
copy is made. Host-space dispatches (Serial, OpenMP) use the mirror.
"""
import sys as _sys

from . import _core

# Views of the mirror, the attribute slot and getrefcount's own argument:
# the count when nothing outside this object refers to the mirror.
_BASE_REFS = 2


def _make_class(View):
    class DeviceView(View):
        __slots__ = ()

        def __init__(self, shape, dtype=None, space=None, layout=None, trait=None):
            kw = {}
            if dtype is not None:
                kw["dtype"] = dtype
            if space is not None:
                kw["space"] = space
            if layout is not None:
                kw["layout"] = layout
            if trait is not None:
                kw["trait"] = trait
            View.__init__(self, shape, **kw)  # allocates the zeroed host mirror via the `data` setter
            self.__dict__["_dev"] = _core.DeviceArray(list(self._host.shape), self._host.dtype)
            self.__dict__["_host_valid"] = True  # both zero
            self.__dict__["_dev_valid"] = True
            self.__dict__["_escaped"] = False

        # -- the host mirror ---------------------------------------------
        @property
        def data(self):
            self._to_host()
            self.__dict__["_escaped"] = True
            return self.__dict__["_host"]

        @data.setter
        def data(self, array):
            self.__dict__["_host"] = array
            self.__dict__["_host_valid"] = True
            self.__dict__["_dev_valid"] = False
            self.__dict__["_escaped"] = True

        def _to_host(self):
            d = self.__dict__
            if not d["_host_valid"]:
                d["_dev"].download(d["_host"])
                d["_host_valid"] = True

        # Shape queries never touch the data.
        @property
        def shape(self):
            return self.__dict__["_host"].shape

        @property
        def size(self):
            return self.__dict__["_host"].size

        def rank(self):
            return self.__dict__["_host"].ndim

        def extent(self, dimension):
            return self.__dict__["_host"].shape[dimension]

        def __len__(self):
            return self.__dict__["_host"].shape[0]

        @property
        def on_device(self):
            """True: this view's data lives in GPU memory."""
            return True

        # -- dispatch hooks (pykokkos._dispatch) -------------------------
        def _signature_array(self):
            return self.__dict__["_host"]

        def _kernel_arg(self, space):
            d = self.__dict__
            if space != "Cuda":
                self._to_host()
                return d["_host"]
            if d["_escaped"] and _sys.getrefcount(d["_host"]) <= _BASE_REFS:
                # No reference to the mirror is left: any host writes are
                # done; upload them once and keep the view on the device.
                d["_escaped"] = False
                if d["_host_valid"]:
                    d["_dev_valid"] = False
            if d["_escaped"] or not d["_dev_valid"]:
                d["_dev"].upload(d["_host"])
                d["_dev_valid"] = True
            return d["_dev"]

        def _after_kernel(self, space):
            d = self.__dict__
            if space != "Cuda":
                d["_dev_valid"] = False  # the kernel may have written the mirror
                return
            if d["_escaped"]:
                d["_dev"].download(d["_host"])  # a held reference sees the result now
                d["_host_valid"] = True
            else:
                d["_host_valid"] = False

        def sync_stats(self):
            d = self.__dict__
            return {"host_valid": d["_host_valid"], "device_valid": d["_dev_valid"], "escaped": d["_escaped"]}

    return DeviceView


DeviceView = None  # set by pykokkos.__init__ once View exists


def init(View, spaces):
    global DeviceView
    DeviceView = _make_class(View) if "Cuda" in spaces else None
    return DeviceView
