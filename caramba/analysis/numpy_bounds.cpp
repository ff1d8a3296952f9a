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
  if (s.Type() == "integer") {
    // A start j >= 0 normalises to min(j, n), which is j wherever an element
    // is touched (the slice is empty when j >= n): the offset is j itself.
    if (!hi || s.Text() == "0") return std::string(s.Text());
    return "min(" + std::string(s.Text()) + ", " + n + ")";
  }
  if (s.Type() == "unary_operator" && s.Child(0).Text() == "-" && s.ChildByField("argument").Type() == "integer")
    return "max(" + n + " - " + std::string(s.ChildByField("argument").Text()) + ", 0)";
  std::string e = ScalarText(b);
  // One line per bound: a name or a name minus a literal is repeated in
  // place rather than held in a temporary of its own.
  if (top_ && !IsLinear(e)) e = Hold(e, "b");
  if (!IsLinear(e)) e = Paren(e);
  return "min(max(" + e + " + " + n + " if " + e + " < 0 else " + e + ", 0), " + n + ")";
}

bool Lowerer::ExtentMinus(const Node& e, std::string& extent, std::string& spelling, long& minus) const {
  Node n = StripParens(e);
  minus = 0;
  if (n.Type() == "binary_operator" && n.ChildByField("operator").Text() == "-" &&
      StripParens(n.ChildByField("right")).Type() == "integer") {
    std::string lit(StripParens(n.ChildByField("right")).Text());
    if (lit.size() > 9 || lit.find_first_not_of("0123456789") != std::string::npos) return false;
    minus = std::stol(lit);
    n = StripParens(n.ChildByField("left"));
  }
  if (n.Type() == "identifier") {
    auto it = aliases_.find(std::string(n.Text()));
    if (it == aliases_.end() || it->second.end > stmt_.StartByte()) return false;
    extent = it->second.extent;
    spelling = std::string(n.Text());
    return true;
  }
  if (n.Type() == "subscript" && n.ChildByField("value").Type() == "attribute") {
    Node attr = n.ChildByField("value"), array = attr.ChildByField("object");
    auto subs = n.ChildrenByField("subscript");
    if (attr.ChildByField("attribute").Text() != "shape" || array.Type() != "identifier" || subs.size() != 1 ||
        subs[0].Type() != "integer")
      return false;
    extent = std::string(array.Text()) + ".shape[" + std::string(subs[0].Text()) + "]";
    spelling = extent;
    return true;
  }
  if (n.Type() == "call" && n.ChildByField("function").Text() == "len") {
    auto args = n.ChildByField("arguments").NamedChildren();
    if (args.size() != 1 || args[0].Type() != "identifier") return false;
    extent = std::string(args[0].Text()) + ".shape[0]";
    spelling = std::string(n.Text());
    return true;
  }
  return false;
}

std::string Lowerer::SpellExtent(const std::string& extent) const {
  const std::string* best = nullptr;
  uint32_t first = 0;
  for (const auto& [name, a] : aliases_)
    if (a.extent == extent && a.end <= stmt_.StartByte() && (!best || a.end < first)) {
      best = &name;
      first = a.end;
    }
  return best ? *best : extent;
}

// Python clamps a start to [0, n] and a stop to [0, n] after adding n to a
// negative one. With a literal start j >= 0 the elements are those of
// range(j, stop) exactly when the stop is
// - absent (n) or a negative literal -k (max(n - k, 0), and range() of a
//   stop below j is empty anyway), or
// - n - k for the extent n itself, evaluated: when n - k < 0 Python
//   takes max(2n - k, 0), which leaves the slice empty for every n < k only
//   when j >= k - 2 (the largest such stop is 2(k - 1) - k = k - 2).
// Anything else (a literal stop, another array's extent, a computed start)
// keeps the clamped form.
bool Lowerer::PlainSlice(const Node& lo, const Node& hi, const std::string& extent, Dim& dim) const {
  long j = 0;
  if (lo) {
    Node s = StripParens(lo);
    if (s.Type() != "integer" || s.Text().size() > 9 || s.Text().find_first_not_of("0123456789") != std::string_view::npos)
      return false;
    j = std::stol(std::string(s.Text()));
  }
  std::string spelling = SpellExtent(extent);
  long k = 0;
  if (hi) {
    Node h = StripParens(hi);
    std::string named;
    if (h.Type() == "unary_operator" && h.Child(0).Text() == "-" && h.ChildByField("argument").Type() == "integer") {
      std::string lit(h.ChildByField("argument").Text());
      if (lit.size() > 9 || lit.find_first_not_of("0123456789") != std::string::npos) return false;
      k = std::stol(lit);
    } else if (ExtentMinus(h, named, spelling, k) && named == extent) {
      if (j < k - 2) return false;
    } else {
      return false;
    }
  }
  auto minus = [&](long c) { return c ? spelling + " - " + std::to_string(c) : spelling; };
  dim.plain = true;
  dim.offset = std::to_string(j);
  dim.stop = minus(k);
  dim.length = k + j ? "max(" + minus(k + j) + ", 0)" : spelling;
  dim.key = "plain|" + extent + "|" + std::to_string(k + j);
  return true;
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
  Node n = StripParens(e);
  if (n.Type() == "identifier") {
    auto alias = slice_aliases_.find(std::string(n.Text()));
    if (alias != slice_aliases_.end() && alias->second.end <= stmt_.StartByte()) {
      Leaf viewed = MakeLeaf(alias->second.slice);
      viewed.node = e;
      return viewed;
    }
  }
  Leaf leaf;
  leaf.node = e;
  Node base = n.Type() == "subscript" ? n.ChildByField("value") : n;
  if (base.Type() != "identifier")
    Fail(DiagId::kNumpyExpression, "indexes the array expression '" + FirstLine(n.Text()) + "' more than once", e);
  leaf.base = std::string(base.Text());
  bool named_before = ids_.count(leaf.base) > 0;
  ids_.insert(leaf.base);
  int rank = Rank(base);
  std::vector<Node> idx;
  if (n.Type() == "subscript") idx = n.ChildrenByField("subscript");
  if (static_cast<int>(idx.size()) > rank)
    Fail(DiagId::kNumpyExpression, "indexes the " + std::to_string(rank) + "-D array '" + leaf.base + "' with " +
                                       std::to_string(idx.size()) + " indices", e);
  leaf.entries_key = n.Type() == "subscript" ? Squeeze(n.Text()) : leaf.base + "[:]";
  auto own = new_dims_.find(leaf.base);
  if (n.Type() == "identifier" && own != new_dims_.end()) {
    // Its shape check reads the expression's extents, not the new array.
    ids_.erase(leaf.base);
    for (const Dim& d : own->second)
      for (const std::string& id : NamesIn(d.length))
        if (id != "max" && id != "min" && id.rfind(kNumpyPrefix, 0) != 0) ids_.insert(id);
    leaf.fixed.assign(own->second.size(), "");
    leaf.dims = own->second;
    return leaf;
  }
  // A new array of this lowering allocated with an operand's extents
  // (`un = u.copy()`: u.shape[0], u never bound again) has those extents: its
  // slices then compare with u's by key, with no broadcast check, and its
  // shape check reads u's shape, which the caller knows.
  bool own_extents = own != new_dims_.end() && own->second.size() == static_cast<size_t>(rank);
  auto extent_of = [&](int d) {
    std::string extent = leaf.base + ".shape[" + std::to_string(d) + "]";
    const std::string& len = own_extents ? own->second[d].length : extent;
    size_t dot = len.find(".shape[");
    if (own_extents && IsSimple(len) && dot != std::string::npos && !bound_.count(len.substr(0, dot))) {
      ids_.insert(len.substr(0, dot));
      return len;
    }
    own_extents = false;
    return extent;
  };
  for (int d = 0; d < rank; ++d) {
    std::string extent = extent_of(d);
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
    // A literal step: `a[::2]`, `a[1:n:3]`, and `a[::-1]` (the whole axis reversed).
    long by = 1;
    bool backwards = false;
    if (step) {
      Node st = StripParens(step);
      backwards = st.Type() == "unary_operator" && st.Child(0).Text() == "-";
      Node lit = backwards ? st.ChildByField("argument") : st;
      if (lit.Type() != "integer" || !IsIntegerText(std::string(lit.Text())) || std::stol(std::string(lit.Text())) == 0)
        Fail(DiagId::kNumpyExpression, "slices with the step '" + FirstLine(step.Text()) + "'", step,
             "write the step as a positive integer literal (or -1 over the whole axis)");
      by = std::stol(std::string(lit.Text()));
      if (backwards && (lo || hi || by != 1))
        Fail(DiagId::kNumpyExpression, "slices backwards with bounds or a step below -1", step,
             "write np.flip(a[lo:hi]) for a reversed slice");
    }
    Dim dim;
    if (by == 1 && !backwards && PlainSlice(lo, hi, extent, dim)) {
      leaf.fixed.push_back("");
      leaf.dims.push_back(dim);
      continue;
    }
    std::string lo_text = Bound(lo, false, extent), hi_text = Bound(hi, true, extent);
    dim.offset = lo_text;
    dim.stop = hi_text;
    dim.length = Length(dim);
    dim.key = leaf.base + "|" + std::to_string(d) + "|" + Squeeze(lo ? lo.Text() : "") + ":" + Squeeze(hi ? hi.Text() : "");
    if (by != 1) {
      // ceil((stop - offset) / step) elements, none when the stop is below the offset.
      dim.step = std::to_string(by);
      dim.length = "max((" + hi_text + " - " + Paren(lo_text) + " + " + std::to_string(by - 1) + ") // " + dim.step + ", 0)";
      dim.key += ":" + dim.step;
    }
    if (backwards) {
      dim.reversed = true;
      dim.key += ":-1";
    }
    leaf.fixed.push_back("");
    leaf.dims.push_back(dim);
  }
  if (own_extents && !named_before) ids_.erase(leaf.base);
  return leaf;
}

std::string Lowerer::Length(const Dim& d) {
  return d.offset == "0" ? d.stop : "max(" + d.stop + " - " + d.offset + ", 0)";
}

// Bound texts into temporaries (evaluated once, before the loops).
std::vector<Dim> Lowerer::BroadcastOperands(const Node& x, std::vector<Leaf>& leaves) {
  CheckOperandKinds(x);
  Leaves(x, leaves);
  for (Leaf& l : leaves) HoldDims(l.dims, true);
  std::vector<Dim> shape;
  Guard(Broadcast(leaves, shape, true), "ValueError",
        "operands could not be broadcast together in " + Squeeze(FirstLine(x.Text())));
  HoldDims(shape, true);
  return shape;
}

std::string Lowerer::LoopedElement(const Node& x, bool shape_lengths, std::vector<Dim>& shape,
                                   std::vector<std::string>& idx, std::vector<std::string>& per) {
  std::vector<Leaf> leaves;
  shape = BroadcastOperands(x, leaves);
  for (Leaf& l : leaves) {
    if (shape_lengths)
      for (size_t j = 0; j < l.dims.size() && l.dims.size() == shape.size(); ++j)
        if (l.dims[j].key == shape[j].key && l.dims[j].stride.empty()) l.dims[j].length = shape[j].length;
    HoldDims(l.dims, false);
  }
  idx = Indices(shape);
  sink_ = &per;
  size_t next = 0;
  std::string elem = ElementText(x, idx, leaves, next);
  sink_ = &lines_;
  return elem;
}

void Lowerer::HoldDims(std::vector<Dim>& dims, bool lengths) {
  for (Dim& d : dims) {
    if (d.offset.empty()) d.offset = "0";
    // A plain dimension's texts are a literal and a name minus a literal.
    if (!d.plain) {
      std::string length = d.step.empty() ? Length(d) : d.length;
      d.offset = Hold(d.offset, "o");
      if (lengths) d.length = Hold(d.step.empty() ? Length(d) : length, "n");
    }
    if (!d.stride.empty()) d.stride = Hold(d.stride, "s");
  }
}

bool Lowerer::Guard(const std::vector<std::string>& clauses, const std::string& exception, const std::string& message) {
  if (clauses.empty()) return false;
  std::string cond;
  std::set<std::string> seen;  // operands with the same bounds give the same clause
  for (const std::string& c : clauses)
    if (seen.insert(c).second) cond += (cond.empty() ? "" : " or ") + c;
  // The same check on unchanged names passed at an earlier top-level
  // statement: nothing between can change a shape.
  if (top_ && Invariant(cond) && !guarded_.insert(cond).second) return false;
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
    const Dim& r = result[d];
    std::string range = !r.plain ? r.length : r.offset == "0" ? r.stop : r.offset + ", " + r.stop;
    out_lines.push_back(ind + "for " + idx[d] + " in range(" + range + "):");
    ind += in_.indent_unit;
  }
  return ind;
}

std::vector<std::string> Lowerer::Indices(const std::vector<Dim>& result) {
  std::vector<std::string> idx;
  for (size_t d = 0; d < result.size(); ++d) {
    idx.push_back(Index(d));
    start_[idx[d]] = result[d].plain ? result[d].offset : "0";
  }
  return idx;
}

std::string Lowerer::Position(const std::string& i) const {
  auto it = start_.find(i);
  return it == start_.end() || it->second == "0" ? i : i + " - " + it->second;
}

}  // namespace caramba::numpy_lowering
