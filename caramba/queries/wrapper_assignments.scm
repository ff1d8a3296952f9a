; `g = njit(f)`, `g = njit(parallel=True)(f)`, `f = nb.jit("f8(f8)", nopython=True)(f)`:
; a jit applied by a call instead of a decorator. The analysis checks that the
; callee resolves to Numba and that the argument names a function.
(expression_statement
  (assignment
    left: (identifier) @target
    right: (call
      function: (_) @callee
      arguments: (argument_list . (identifier) @wrapped .)) @call)) @statement
