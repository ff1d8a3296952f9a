// subview_transformer.cpp — see subview_transformer.h.
#include "visitors/subview_transformer.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "caramba/analysis/call_graph.h"
#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/walk.h"
#include "caramba/text.h"

namespace caramba {

namespace {

class KernelSubviews {
 public:
  KernelSubviews(const Context& ctx, const KernelPlan& plan, EditList& edits)
      : ctx_(ctx), plan_(plan), edits_(edits), nl_(ctx.newline()) {
    def_ = ctx.tree().Root().DescendantForByteRange(plan.def_start, plan.def_end);
    while (def_ && def_.Type() != "function_definition") def_ = def_.Parent();
    // Fresh temporaries: past every `_pk_svN` already in the definition.
    if (def_)
      Walk(def_, [&](const Node& n) {
        if (n.Type() == "identifier" && n.Text().rfind(kSubviewPrefix, 0) == 0) {
          std::string rest(n.Text().substr(kSubviewPrefix.size()));
          if (!rest.empty() && rest.find_first_not_of("0123456789") == std::string::npos)
            next_ = std::max(next_, std::stoi(rest) + 1);
        }
        return true;
      });
    std::string def_indent(IndentationAt(ctx.source(), def_ ? def_.StartByte() : 0));
    Node body = def_ ? def_.ChildByField("body") : Node();
    std::string body_indent(body ? IndentationAt(ctx.source(), body.StartByte()) : "");
    unit_ = body_indent.size() > def_indent.size() ? body_indent.substr(def_indent.size()) : "    ";
  }

  void Run() {
    if (!def_) return;
    WalkWithParent(def_.ChildByField("body"), def_, [&](const Node& n, const Node& p) {
      if (n.Type() != "subscript" || (p.Type() == "subscript" && p.ChildByField("value") == n)) return true;
      if (!IsView(n)) return true;
      if (p.Type() == "assignment" && p.ChildByField("right") == n) Bind(n, p.Parent(), "");
      else if (p.Type() == "argument_list") Bind(n, Statement(n), Fresh());
      return false;
    });
    for (auto& [pos, text] : inserts_) edits_.Insert(pos, text, "subview");
  }

 private:
  // A subscript whose value is a view: fewer indices than the base's rank,
  // or a slice.
  bool IsView(const Node& s) const {
    Node base = s.ChildByField("value");
    if (base.Type() != "identifier") return false;
    auto it = plan_.types.find(base.Text());
    if (it == plan_.types.end() || it->second.rank == 0) return false;
    auto idx = s.ChildrenByField("subscript");
    bool slice = false;
    for (const Node& x : idx) slice = slice || x.Type() == "slice";
    return slice || static_cast<int>(idx.size()) < it->second.rank;
  }

  // The statement before which the bindings go.
  Node Statement(Node n) const {
    while (n.Parent() && n.Parent().Type() != "block" && n.Parent().Type() != "module") n = n.Parent();
    return n;
  }

  std::string Fresh() { return std::string(kSubviewPrefix) + std::to_string(next_++); }

  static bool IsNonNegativeLiteral(const Node& e) { return e.Type() == "integer"; }
  static bool IsNegativeLiteral(const Node& e) {
    return e.Type() == "unary_operator" && e.Child(0).Text() == "-" && e.ChildByField("argument").Type() == "integer";
  }

  // `s = base[...]` (name empty: the assignment `stmt` is rewritten in place)
  // or `name = base[...]` before `stmt` with the subscript replaced by name.
  void Bind(const Node& sub, const Node& stmt, const std::string& name) {
    std::string base(sub.ChildByField("value").Text());
    int rank = plan_.types.at(base).rank;
    std::vector<std::string> lines, parts;
    auto idx = sub.ChildrenByField("subscript");
    int d = 0;
    for (const Node& x : idx) {
      std::string ext = "int(" + base + ".extent(" + std::to_string(d) + "))";
      if (x.Type() == "identifier") {
        parts.emplace_back(x.Text());
      } else if (x.Type() == "slice") {
        auto bounds = x.NamedChildren();
        Node lo, hi;
        bool before_colon = true;
        for (const Node& c : x.Children()) {
          if (c.Type() == ":") before_colon = false;
          else if (c.IsNamed() && c.Type() != "comment") (before_colon ? lo : hi) = c;
        }
        if (!lo && !hi) {
          parts.emplace_back(":");
        } else {
          std::string l = Fresh(), h = Fresh();
          if (!lo) lines.push_back(l + " = 0");
          else Bound(lo, l, ext, lines);
          if (!hi) lines.push_back(h + " = " + base + ".extent(" + std::to_string(d) + ")");
          else Bound(hi, h, ext, lines);
          if (lo && !(IsNonNegativeLiteral(lo) && lo.Text() == "0")) {
            // Python: an empty slice when hi <= lo.
            lines.push_back("if " + h + " < " + l + ":");
            lines.push_back(unit_ + h + " = " + l);
          }
          parts.push_back(l + ":" + h);
        }
      } else {
        std::string t = Fresh();
        if (IsNonNegativeLiteral(x)) {
          lines.push_back(t + " = " + std::string(x.Text()));
        } else if (IsNegativeLiteral(x)) {
          lines.push_back(t + " = " + ext + " - " + std::string(x.ChildByField("argument").Text()));
        } else {
          // Numba wraps a negative index once.
          lines.push_back(t + " = " + std::string(x.Text()));
          lines.push_back("if " + t + " < 0:");
          lines.push_back(unit_ + t + " = " + t + " + " + ext);
        }
        parts.push_back(t);
      }
      ++d;
    }
    for (; d < rank; ++d) parts.emplace_back(":");
    std::string view = base + "[";
    for (size_t i = 0; i < parts.size(); ++i) view += (i ? ", " : "") + parts[i];
    view += "]";
    std::string ind(IndentationAt(ctx_.source(), stmt.StartByte()));
    if (!name.empty()) {
      lines.push_back(name + " = " + view);
      edits_.Replace(sub.StartByte(), sub.EndByte(), name, "subview argument");
    } else if (view != sub.Text()) {
      edits_.Replace(sub.StartByte(), sub.EndByte(), view, "subview");
    }
    std::string text;
    for (const auto& l : lines) text += l + std::string(nl_) + ind;
    if (!text.empty()) inserts_[stmt.StartByte()] += text;
  }

  // A slice bound into `t`, as Python computes it: wrapped once when
  // negative, then clamped to [0, extent].
  void Bound(const Node& e, const std::string& t, const std::string& ext, std::vector<std::string>& lines) {
    if (IsNonNegativeLiteral(e)) {
      lines.push_back(t + " = " + std::string(e.Text()));
      if (e.Text() != "0") {
        lines.push_back("if " + t + " > " + ext + ":");
        lines.push_back(unit_ + t + " = " + ext);
      }
      return;
    }
    if (IsNegativeLiteral(e)) {
      lines.push_back(t + " = " + ext + " - " + std::string(e.ChildByField("argument").Text()));
      lines.push_back("if " + t + " < 0:");
      lines.push_back(unit_ + t + " = 0");
      return;
    }
    lines.push_back(t + " = " + std::string(e.Text()));
    lines.push_back("if " + t + " < 0:");
    lines.push_back(unit_ + t + " = " + t + " + " + ext);
    lines.push_back(unit_ + "if " + t + " < 0:");
    lines.push_back(unit_ + unit_ + t + " = 0");
    lines.push_back("if " + t + " > " + ext + ":");
    lines.push_back(unit_ + t + " = " + ext);
  }

  const Context& ctx_;
  const KernelPlan& plan_;
  EditList& edits_;
  std::string_view nl_;
  std::string unit_;
  Node def_;
  int next_ = 0;
  std::map<uint32_t, std::string> inserts_;
};

}  // namespace

VisitorResult SubviewTransformer::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  for (const KernelPlan* plan : PlansToRewrite(ctx.Get<KernelPlanAnalysis>(), ctx.module(), ctx.options().kernels))
    KernelSubviews(ctx, *plan, r.edits).Run();
  return r;
}

}  // namespace caramba
