// numpy_lowering.cpp — see numpy_lowering.h; the lowering's files are listed
// in numpy_lowerer.h. This one holds the entry points, the text helpers and
// the Lowerer's names and diagnostics.
#include "caramba/analysis/numpy_lowering.h"

#include <algorithm>

#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/numpy_table.h"
#include "caramba/analysis/walk.h"

namespace caramba {

namespace numpy_lowering {

Node StripParens(Node n) {
  while (n.Type() == "parenthesized_expression" && n.NamedChildCount() == 1) n = n.NamedChild(0);
  return n;
}

// A name, literal, attribute, call or subscript: needs no parentheses.
bool IsAtom(const std::string& t) {
  if (t.empty()) return false;
  int depth = 0;
  for (char c : t) {
    if (c == '(' || c == '[') ++depth;
    else if (c == ')' || c == ']') --depth;
    else if (depth == 0 && !(isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.')) return false;
  }
  return depth == 0 && t[0] != '(';
}
// A name, a literal or `a.shape[d]`: cheap enough to repeat, no temporary.
bool IsSimple(const std::string& t) {
  if (t.empty()) return false;
  if (isdigit(static_cast<unsigned char>(t[0])) && t.find_first_not_of("0123456789._eE") == std::string::npos) return true;
  size_t p = t.find(".shape[");
  std::string head = p == std::string::npos ? t : t.substr(0, p);
  for (char c : head)
    if (!(isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  if (p == std::string::npos) return true;
  std::string tail = t.substr(p + 7);
  return tail.size() >= 2 && tail.back() == ']' && tail.find_first_not_of("0123456789") == tail.size() - 1;
}
bool IsLinear(const std::string& t) {
  size_t i = 0;
  while (i < t.size() && (isalnum(static_cast<unsigned char>(t[i])) || t[i] == '_')) ++i;
  if (i == 0 || isdigit(static_cast<unsigned char>(t[0]))) return false;
  if (i == t.size()) return true;
  if (t.size() < i + 4 || (t.compare(i, 3, " - ") != 0 && t.compare(i, 3, " + ") != 0)) return false;
  return IsIntegerText(t.substr(i + 3));
}

std::vector<std::string> NamesIn(const std::string& text) {
  std::vector<std::string> out;
  for (size_t i = 0; i < text.size();) {
    if (!(isalpha(static_cast<unsigned char>(text[i])) || text[i] == '_')) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && (isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
    if (i == 0 || text[i - 1] != '.') out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

bool IsIntegerText(const std::string& t) {
  return !t.empty() && t.size() <= 9 && t.find_first_not_of("0123456789") == std::string::npos;
}

std::string Paren(const std::string& t) { return IsAtom(t) ? t : "(" + t + ")"; }

std::string FirstLine(std::string_view t) {
  std::string s(t.substr(0, t.find('\n')));
  while (!s.empty() && (s.back() == '\r' || s.back() == '\\' || s.back() == ' ')) s.pop_back();
  return s;
}

// A generated line `<indent><text>` (indented relative to the statement it
// replaces, whose own indentation is `base`) whose text spans several lines:
// the user's expression continued inside brackets. Its continuation lines
// move in by `<indent>`, and never start left of `base`. Python accepts
// continuation lines at any indentation, but tree-sitter does not parse one
// that starts left of the block it sits in, and the lowering places
// statements inside new loops.
std::string ShiftContinuations(const std::string& line, const std::string& base) {
  if (line.find('\n') == std::string::npos) return line;
  size_t lead = std::min(line.find_first_not_of(" \t"), line.size());
  std::string indent = line.substr(0, lead), out;
  for (size_t i = 0; i < line.size(); ++i) {
    out += line[i];
    if (line[i] != '\n') continue;
    size_t ws = i + 1;
    while (ws < line.size() && (line[ws] == ' ' || line[ws] == '\t')) ++ws;
    out += indent + (ws - i - 1 < base.size() ? base : line.substr(i + 1, ws - i - 1));
    i = ws - 1;
  }
  return out;
}

std::string Squeeze(std::string_view t) {
  std::string s;
  for (char c : t)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\\') s += c;
  return s;
}

Lowerer::Lowerer(const NumpyLoweringInput& in, NumpyLowering& out) : in_(in), out_(out) {
  body_ = in.def.ChildByField("body");
  Walk(in.def, [&](const Node& n) {
    if (n.Type() == "identifier") used_.insert(std::string(n.Text()));
    // How often each name is bound: top-level temporaries whose text only
    // reads names bound at most once are shared between statements.
    Node target;
    if (n.Type() == "assignment" || n.Type() == "augmented_assignment") target = n.ChildByField("left");
    if (n.Type() == "for_statement") target = n.ChildByField("left");
    // (An element write `b[i] = ...` binds no name.)
    if (target)
      Walk(target, [&](const Node& id) {
        if (id.Type() == "identifier") bound_[std::string(id.Text())] += n.Type() == "assignment" ? 1 : 2;
        return id.Type() != "subscript" && id.Type() != "attribute";
      });
    return true;
  });
  numpy_ = in.imports.AliasOf("numpy");
  // Extent aliases: `n = a.shape[0]`, `n, m = a.shape`, `n = len(a)`.
  auto never_rebound = [&](const Node& array) {
    return array.Type() == "identifier" && Rank(array) > 0 && !bound_.count(std::string(array.Text()));
  };
  auto alias = [&](const Node& name, const std::string& extent, uint32_t end) {
    if (name.Type() == "identifier" && bound_[std::string(name.Text())] == 1)
      aliases_[std::string(name.Text())] = ExtentAlias{extent, end};
  };
  for (const Node& s : Statements(body_)) {
    if (s.Type() != "expression_statement" || s.NamedChildCount() != 1) continue;
    Node a = s.NamedChild(0);
    if (a.Type() != "assignment") continue;
    Node left = a.ChildByField("left"), right = StripParens(a.ChildByField("right"));
    if (!right) continue;
    if (left.Type() == "identifier" && bound_[std::string(left.Text())] == 1)
      top_bound_[std::string(left.Text())] = s.EndByte();
    if (right.Type() == "subscript" && right.ChildByField("value").Type() == "attribute") {
      Node attr = right.ChildByField("value");
      auto subs = right.ChildrenByField("subscript");
      Node array = attr.ChildByField("object");
      if (attr.ChildByField("attribute").Text() == "shape" && subs.size() == 1 && subs[0].Type() == "integer" &&
          never_rebound(array) && std::stoi(std::string(subs[0].Text())) < Rank(array))
        alias(left, std::string(array.Text()) + ".shape[" + std::string(subs[0].Text()) + "]", s.EndByte());
    } else if (right.Type() == "attribute" && right.ChildByField("attribute").Text() == "shape" &&
               (left.Type() == "pattern_list" || left.Type() == "tuple_pattern")) {
      Node array = right.ChildByField("object");
      auto names = left.NamedChildren();
      if (never_rebound(array) && static_cast<int>(names.size()) == Rank(array))
        for (size_t d = 0; d < names.size(); ++d)
          alias(names[d], std::string(array.Text()) + ".shape[" + std::to_string(d) + "]", s.EndByte());
    } else if (right.Type() == "call" && right.ChildByField("function").Text() == "len") {
      auto args = right.ChildByField("arguments").NamedChildren();
      if (args.size() == 1 && never_rebound(args[0]))
        alias(left, std::string(args[0].Text()) + ".shape[0]", s.EndByte());
    }
  }
}

void Lowerer::FindSliceAliases() {
  auto param = [&](const std::string& id) {
    return std::find(in_.params.begin(), in_.params.end(), id) != in_.params.end();
  };
  // Names bound by a plain assignment or a loop (an augmented assignment of
  // an array updates it in place: a view of it sees the update either way).
  std::set<std::string> rebound;
  Walk(body_, [&](const Node& n) {
    if (n.Type() == "assignment" || n.Type() == "for_statement")
      Walk(n.ChildByField("left"), [&](const Node& id) {
        if (id.Type() == "identifier") rebound.insert(std::string(id.Text()));
        return id.Type() != "subscript" && id.Type() != "attribute";
      });
    return true;
  });
  for (const Node& s : Statements(body_)) {
    if (s.Type() != "expression_statement" || s.NamedChildCount() != 1) continue;
    Node a = s.NamedChild(0);
    if (a.Type() != "assignment" || a.ChildByField("left").Type() != "identifier") continue;
    std::string x(a.ChildByField("left").Text());
    Node right = StripParens(a.ChildByField("right"));
    if (right.Type() != "subscript" || bound_[x] != 1 || WrittenThrough(x)) continue;
    Node base = right.ChildByField("value");
    std::string b(base.Type() == "identifier" ? base.Text() : "");
    // The base: a parameter never rebound, or an array the kernel binds
    // once at the top level before the slice (`b = a * 2.0`, then
    // `c = b[:, 0]`). c is a view of b in NumPy, so reading b where c is read
    // gives c's elements even after stores into b; a column of b itself
    // would reach a workunit as a non-contiguous array (pk.array refuses it).
    auto once = top_bound_.find(b);
    bool temporary = !b.empty() && !param(b) && bound_[b] == 1 && once != top_bound_.end() && once->second <= s.StartByte();
    if (b.empty() || (!(param(b) && !rebound.count(b)) && !temporary) || Rank(base) < 1) continue;
    bool slice = false, fixed = true;
    for (const Node& i : right.ChildrenByField("subscript")) {
      slice = slice || i.Type() == "slice";
      Walk(i, [&](const Node& t) {
        if (t.Type() == "identifier" && (!param(std::string(t.Text())) || rebound.count(std::string(t.Text()))))
          fixed = false;
        return fixed;
      });
    }
    if (slice && fixed) slice_aliases_[x] = SliceAlias{right, s.EndByte()};
  }
}

void Lowerer::Run() {
  FindSliceAliases();
  RefuseRandom();
  Block(body_);
  for (const auto& [at, text] : hoisted_) {
    // One insertion per point: a loop header's own prelude goes there too.
    auto same = std::find_if(out_.rewrites.begin(), out_.rewrites.end(),
                             [&](const NumpyRewrite& w) { return w.start == at && w.end == at; });
    if (same != out_.rewrites.end()) same->text = text + same->text;
    else out_.rewrites.push_back({at, at, text});
  }
  // Rewriting part of a kernel whose other part stays refused is pointless.
  if (abstained_) out_.rewrites.clear();
}

void Lowerer::Fail(DiagId id, const std::string& what, const Node& n, std::string help) {
  auto d = Diagnostic::Make(id, "'" + in_.kernel + "': " + what, in_.path).At(n.StartByte(), n.EndByte());
  if (!help.empty()) d.Help(std::move(help));
  out_.refusals.push_back(std::move(d));
  throw Failure{};
}

void Lowerer::Note(DiagId id, const std::string& what, const Node& n) {
  out_.notes.push_back(
      Diagnostic::Make(id, "'" + in_.kernel + "': " + what, in_.path).At(n.StartByte(), n.EndByte()));
}

std::string Lowerer::Fresh(const std::string& what) {
  for (;;) {
    std::string name = std::string(kNumpyPrefix) + what + std::to_string(counter_++);
    if (!used_.count(name)) {
      used_.insert(name);
      return name;
    }
  }
}

std::string Lowerer::Index(size_t d) {
  while (index_.size() <= d) {
    std::string name = std::string(kNumpyPrefix) + "i" + std::to_string(index_.size());
    while (used_.count(name)) name += "_";
    used_.insert(name);
    index_.push_back(name);
  }
  return index_[d];
}

}  // namespace numpy_lowering

NumpyLowering LowerNumpy(const NumpyLoweringInput& in) {
  NumpyLowering out;
  numpy_lowering::Lowerer(in, out).Run();
  return out;
}

std::vector<NumpyRewrite> FallbackRewrites(const Node& def, const ImportTable& /*imports*/, uint32_t decorator_start,
                                           uint32_t decorator_end, std::string_view /*newline*/) {
  std::vector<NumpyRewrite> out;
  std::string_view src = def.SourceView();
  auto line_end = [&](uint32_t e) {
    while (e < src.size() && src[e] != '\n') ++e;
    return e < src.size() ? e + 1 : e;
  };
  // Only the decorator goes: the body stays NumPy's. Rewriting its ufuncs to
  // PyKokkos host ufuncs (pk.exp(...)) would hand them NumPy arrays, which
  // upstream PyKokkos refuses (PYKOKKOS_RT_STRICT=upstream checks it).
  out.push_back({decorator_start, line_end(decorator_end), ""});
  return out;
}

std::vector<std::string> ReductionArgumentNames(const Node& body, const ImportTable& imports) {
  std::vector<std::string> out;
  Walk(body, [&](const Node& n) {
    if (n.Type() != "call") return true;
    Node fn = n.ChildByField("function");
    const NumpyFunction* f = FindNumpyFunction(imports.Resolve(fn));
    if (f && f->cls == NumpyClass::kReduction) {
      for (const Node& a : n.ChildByField("arguments").NamedChildren())
        if (a.Type() == "identifier") out.emplace_back(a.Text());
    } else if (!f && fn.Type() == "attribute" && fn.ChildByField("object").Type() == "identifier" &&
               n.ChildByField("arguments").NamedChildCount() == 0 && FindNumpyMethod(fn.ChildByField("attribute").Text())) {
      out.emplace_back(fn.ChildByField("object").Text());
    }
    return true;
  });
  return out;
}

}  // namespace caramba
