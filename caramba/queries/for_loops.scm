; `for target in callee(args):` loops — prange and range loops alike.
(for_statement
  left: (_) @target
  right: (call
    function: (_) @callee
    arguments: (argument_list) @args)
  body: (block) @body) @loop
