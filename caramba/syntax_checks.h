// syntax_checks.h — the checks behind FindSyntaxProblems (syntax.h), private
// to the front end. Tree-sitter's Python grammar is more lenient than
// CPython: it recovers from errors without an ERROR node in places, and it
// accepts constructs CPython's tokenizer, parser or compiler refuse. Each
// check here closes one such gap, so a file CPython refuses is CRB005 (or
// CRB006) before any visitor sees it.
//
//   syntax_checks.cpp  the one walk over the tree (ERROR/MISSING nodes,
//                      Python 2, and the per-node checks below)
//   syntax_tree.cpp    constructs in the wrong place: starred expressions,
//                      `await`, assignments inside expressions, statements
//                      run together on one line, return/break outside ...
//   syntax_tokens.cpp  tokens: numbers, names, non-printable characters, `<>`
//   syntax_layout.cpp  lines and blocks: indentation, nesting limits
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "caramba/syntax.h"

namespace caramba::syntax_checks {

/// What the walk knows about the path to a node: the ancestors, outermost
/// first (the module is path.front(), the node's parent path.back()).
using Path = std::vector<Node>;

void Report(std::vector<SyntaxProblem>* out, const Node& n, std::string message);
void Report(std::vector<SyntaxProblem>* out, uint32_t start, uint32_t end, std::string message);

// --- syntax_tree.cpp: checks of one node in its context, called by the walk.
void CheckTreeNode(const Node& n, const Path& path, std::vector<SyntaxProblem>* out);

// --- syntax_tokens.cpp
/// A number token (integer, float): false when its children need no visit.
void CheckNumber(const Node& n, std::vector<SyntaxProblem>* out);
/// An identifier spelled like a keyword CPython reserves (`await` alone on a
/// line, `nonlocal` run into a name): the grammar takes it as a name.
void CheckIdentifier(const Node& n, std::vector<SyntaxProblem>* out);
/// The name as CPython compares names: NFKC-normalised (fullwidth `ｘ` is `x`).
std::string NormalizedName(std::string_view name);
void FindNonPrintable(const Tree& tree, std::vector<SyntaxProblem>* out);
/// A line break inside a string in single quotes (not escaped by `\`).
void CheckStringLines(const Node& n, std::vector<SyntaxProblem>* out);
void FindContinuationAtEnd(const Tree& tree, std::vector<SyntaxProblem>* out);
void FindPython2Operators(const Tree& tree, std::vector<SyntaxProblem>* out);

// --- syntax_layout.cpp
void FindIndentationProblems(const Tree& tree, std::vector<SyntaxProblem>* out);
void FindNestingLimits(const Tree& tree, std::vector<SyntaxProblem>* out);

}  // namespace caramba::syntax_checks
