"""`pykokkos.interface`: upstream's module of the user-facing names
(`from pykokkos.interface import View, DataType, ...`); here the same
objects as the package's top level."""
import pykokkos as _pk

_NAMES = ["View", "View1D", "View2D", "View3D", "View4D", "View5D", "View6D", "View7D", "ScratchView1D",
          "ScratchView2D", "ScratchView3D", "Acc", "DataType", "ExecutionSpace", "MemorySpace", "Layout", "Trait",
          "RangePolicy", "TeamPolicy", "TeamMember", "TeamThreadRange", "ThreadVectorRange", "TeamVectorRange",
          "MDRangePolicy", "ViewTypeInfo", "workunit", "function", "functor", "workload", "main", "callback",
          "classtype", "execute", "parallel_for", "parallel_reduce", "parallel_scan", "array", "asarray", "fence",
          "set_default_space", "get_default_space", "single", "PerTeam", "PerThread", "AUTO", "Timer", "printf",
          "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64",
          "double", "real", "bool"]
for _n in _NAMES:
    globals()[_n] = getattr(_pk, _n)
globals()["float"] = _pk.float32
__all__ = list(_NAMES) + ["float"]
del _n
