; Every import statement, at any depth (imports inside functions count too).
(import_statement) @import
(import_from_statement) @import_from
