"""`pykokkos.linalg`: upstream's small host linear-algebra module."""
from . import l3_blas  # noqa: F401
