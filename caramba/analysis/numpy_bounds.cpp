// numpy_bounds.cpp — slice bounds normalised as Python does, the temporaries that hold
// bound texts, shape checks and the loops over a result shape.
// See numpy_lowerer.h for how the files share the work.
#include <algorithm>

#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/walk.h"

namespace caramba::numpy_lowering {

// Python's normalisation of a slice bound against extent `n`.
std::string Lowerer::Bound(const Node& b, bool hi, const std::string& n) {
  if (!b) return hi ? n : "0";
  Node s = StripParens(b);
  if (s.Type() == "integer") return s.Text() == "0" ? "0" : "min(" + std::string(s.Text()) + ", " + n + ")";
  if (s.Type() == "unary_operator" && s.Child(0).Text() == "-" && s.ChildByField("argument").Type() == "integer")
    return "max(" + n + " - " + std::string(s.ChildByField("argument").Text()) + ", 0)";
  std::string e = ScalarText(b);
  if (top_) e = Hold(e, "b");
  e = Paren(e);
  return "min(max(" + e + " + " + n + " if " + e + " < 0 else " + e + ", 0), " + n + ")";
}

// A value repeated by a conditional expression, in a temporary of the
// current context (before the statement, or per element inside the loop).
std::string Lowerer::HoldValue(const std::string& text) {
  if (IsSimple(text)) return text;
  std::string name = Fresh("m");
  sink_->push_back(name + " = " + text);
  return name;
}

// Bound text in a temporary when it is not already a name or literal;
// one temporary per text within a statement.
std::string Lowerer::Hold(const std::string& text, const std::string& kind) {
  if (IsSimple(text)) return text;
  auto it = held_.find(text);
  if (it != held_.end()) return it->second;
  bool shared = top_ && Invariant(text);
  if (shared) {
    auto jt = shared_.find(text);
    if (jt != shared_.end()) return jt->second;
  }
  std::string name = Fresh(kind);
  lines_.push_back(name + " = " + text);
  held_[text] = name;
  if (shared) shared_[text] = name;
  return name;
}

// The text reads only names bound at most once (parameters, set-up
// scalars, the lowering's own top-level temporaries): its value is the
// same in every later top-level statement.
bool Lowerer::Invariant(const std::string& text) const {
  for (size_t i = 0; i < text.size();) {
    if (isalpha(static_cast<unsigned char>(text[i])) || text[i] == '_') {
      size_t j = i;
      while (j < text.size() && (isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
      std::string id = text.substr(i, j - i);
      bool attribute = i > 0 && text[i - 1] == '.';
      auto it = bound_.find(id);
      if (!attribute && it != bound_.end() && it->second > 1 && id.rfind(kNumpyPrefix, 0) != 0) return false;
      i = j;
    } else {
      ++i;
    }
  }
  return true;
}

Leaf Lowerer::MakeLeaf(const Node& e) {
  Leaf leaf;
  leaf.node = e;
  Node n = StripParens(e);
  Node base = n.Type() == "subscript" ? n.ChildByField("value") : n;
  if (base.Type() != "identifier")
    Fail(DiagId::kNumpyExpression, "indexes the array expression '" + FirstLine(n.Text()) + "' more than once", e);
  leaf.base = std::string(base.Text());
  ids_.insert(leaf.base);
  int rank = Rank(base);
  std::vector<Node> idx;
  if (n.Type() == "subscript") idx = n.ChildrenByField("subscript");
  if (static_cast<int>(idx.size()) > rank)
    Fail(DiagId::kNumpyExpression, "indexes the " + std::to_string(rank) + "-D array '" + leaf.base + "' with " +
                                       std::to_string(idx.size()) + " indices", e);
  leaf.entries_key = n.Type() == "subscript" ? Squeeze(n.Text()) : leaf.base + "[:]";
  for (int d = 0; d < rank; ++d) {
    std::string extent = leaf.base + ".shape[" + std::to_string(d) + "]";
    Node i = d < static_cast<int>(idx.size()) ? idx[d] : Node();
    if (i && i.Type() != "slice") {
      if (IsArrayValued(i)) Fail(DiagId::kNumpyExpression, "indexes an array with an array", i);
      leaf.fixed.push_back(ScalarText(i));
      continue;
    }
    Node lo, hi, step;
    if (i) {
      int colons = 0;
      for (const Node& c : i.Children()) {
        if (!c.IsNamed() && c.Text() == ":") { ++colons; continue; }
        if (!c.IsNamed() || c.Type() == "comment") continue;
        (colons == 0 ? lo : colons == 1 ? hi : step) = c;
      }
    }
    for (const Node& b : {lo, hi})
      if (b)
        Walk(b, [&](const Node& x) {
          if (x.Type() == "identifier") ids_.insert(std::string(x.Text()));
          return true;
        });
    if (step && !(StripParens(step).Type() == "integer" && StripParens(step).Text() == "1"))
      Fail(DiagId::kNumpyExpression, "slices with a step", step, "only steps of 1 are lowered");
    std::string lo_text = Bound(lo, false, extent), hi_text = Bound(hi, true, extent);
    Dim dim;
    dim.offset = lo_text;
    dim.stop = hi_text;
    dim.length = Length(dim);
    dim.key = leaf.base + "|" + std::to_string(d) + "|" + Squeeze(lo ? lo.Text() : "") + ":" + Squeeze(hi ? hi.Text() : "");
    leaf.fixed.push_back("");
    leaf.dims.push_back(dim);
  }
  return leaf;
}

std::string Lowerer::Length(const Dim& d) {
  return d.offset == "0" ? d.stop : "max(" + d.stop + " - " + d.offset + ", 0)";
}

// Bound texts into temporaries (evaluated once, before the loops).
void Lowerer::HoldDims(std::vector<Dim>& dims, bool lengths) {
  for (Dim& d : dims) {
    if (d.offset.empty()) d.offset = "0";
    d.offset = Hold(d.offset, "o");
    if (lengths) {
      d.stop = Hold(d.stop, "e");
      d.length = Hold(Length(d), "n");
    }
    if (!d.stride.empty()) d.stride = Hold(d.stride, "s");
  }
}

bool Lowerer::Guard(const std::vector<std::string>& clauses, const std::string& exception, const std::string& message) {
  if (clauses.empty()) return false;
  std::string cond;
  for (size_t k = 0; k < clauses.size(); ++k) cond += (k ? " or " : "") + clauses[k];
  lines_.push_back("if " + cond + ":");
  lines_.push_back(in_.indent_unit + "raise " + exception + "(\"" + message + "\")");
  out_.guard_sites.push_back({stmt_.StartByte(), stmt_.EndByte(), {ids_.begin(), ids_.end()}});
  return true;
}

// Opens one loop per result dimension; returns the indentation inside.
std::string Lowerer::Loops(const std::vector<Dim>& result, std::vector<std::string>& out_lines, std::vector<std::string>& idx) {
  std::string ind;
  idx.clear();
  for (size_t d = 0; d < result.size(); ++d) {
    idx.push_back(Index(d));
    out_lines.push_back(ind + "for " + idx[d] + " in range(" + result[d].length + "):");
    ind += in_.indent_unit;
  }
  return ind;
}

}  // namespace caramba::numpy_lowering
