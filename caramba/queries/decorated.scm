; Functions and classes with decorators; each decorator is captured.
(decorated_definition
  (decorator)+ @decorator
  definition: [(function_definition) (class_definition)] @definition) @decorated
