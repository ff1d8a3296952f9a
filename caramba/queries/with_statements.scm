; `with callee(...):` blocks (numba.objmode is found this way).
(with_statement
  (with_clause
    (with_item
      value: [(call function: (_) @callee) (_) @callee]))) @with
