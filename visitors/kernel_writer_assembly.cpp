// kernel_writer_assembly.cpp — SemanticTransformer's KernelWriter, assembly:
// edited regions joined into the workunit text.
// The KernelWriter and the order of its steps: kernel_writer.h, kernel_writer.cpp.
#include "visitors/kernel_writer.h"

#include "caramba/analysis/workunit_names.h"

#include <algorithm>

namespace caramba {

// ---- assembly ----------------------------------------------------------------
void KernelWriter::RemoveLine(uint32_t s, uint32_t e) {
  std::string_view src = ctx_.source();
  uint32_t start = s;
  while (start > 0 && (src[start - 1] == ' ' || src[start - 1] == '\t')) --start;
  uint32_t end = e;
  while (end < src.size() && src[end] != '\n') ++end;
  if (end < src.size()) ++end;
  // Keep the region boundaries intact: the body's first statement is cut
  // from its own start, the rest with their indentation.
  // (The region is the prange loop's body for parallel kernels.)
  Node region = region_root_ ? region_root_ : body_;
  if (start < region.StartByte()) {
    // The next statement takes the removed one's place, which may follow
    // comments kept from before the body: drop its indentation too.
    start = s;
    while (end < region.EndByte() && (src[end] == ' ' || src[end] == '\t')) ++end;
  }
  if (end > region.EndByte()) end = e;
  removed_.push_back({start, end});
}

std::string KernelWriter::Region(uint32_t start, uint32_t end) {
  std::vector<Edit> local;
  auto add = [&](Edit e) {
    e.start -= start;
    e.end -= start;
    local.push_back(std::move(e));
  };
  for (const Edit& e : edits_.Edits())
    if (e.start >= start && e.end <= end) add(e);
  uint32_t seq = 100000;
  for (const auto& [pos, text] : pending_inserts_)
    if (pos >= start && pos <= end) add(Edit{pos, pos, text, "prelude", seq++});
  // Removed lines may share bytes: the first statement's removal also takes
  // the next line's indentation (a docstring followed by an allocation).
  std::vector<std::pair<uint32_t, uint32_t>> removed = removed_;
  std::sort(removed.begin(), removed.end());
  std::vector<std::pair<uint32_t, uint32_t>> merged;
  for (const auto& r : removed) {
    if (!merged.empty() && r.first <= merged.back().second) merged.back().second = std::max(merged.back().second, r.second);
    else merged.push_back(r);
  }
  for (const auto& [s, e] : merged) {
    if (s < start || e > end) continue;
    // Drop edits inside the removed range.
    // (An insertion at its end belongs to the next statement: kept.)
    local.erase(std::remove_if(local.begin(), local.end(),
                               [&](const Edit& x) {
                                 return x.start >= s - start && x.end <= e - start &&
                                        !(x.start == x.end && x.start == e - start && e > s);
                               }),
                local.end());
    add(Edit{s, e, "", "remove", seq++});
  }
  std::sort(local.begin(), local.end(), [](const Edit& a, const Edit& b) {
    if (a.start != b.start) return a.start < b.start;
    return a.sequence < b.sequence;
  });
  for (size_t i = 0; i < local.size(); ++i) local[i].sequence = static_cast<uint32_t>(i);
  ApplyResult r = ApplyEdits(ctx_.source().substr(start, end - start), local);
  if (!r.ok()) failed_ = *r.overlap;
  std::string text = r.text;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  return text;
}

// tree-sitter hangs comments between `:` and the first statement on the
// compound statement, not on its block; they belong to the body.
uint32_t KernelWriter::LeadingComments(const Node& compound, const Node& block) {
  uint32_t start = block.StartByte();
  bool after_colon = false;
  for (const Node& c : compound.Children()) {
    if (c == block) break;
    if (c.Type() == ":") after_colon = true;
    else if (after_colon && c.Type() == "comment" && c.StartByte() < start) start = std::min(start, c.StartByte());
  }
  return start;
}

std::string KernelWriter::Dedent(const std::string& text, const std::string& from, const std::string& to) const {
  std::string out;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t eol = text.find('\n', pos);
    std::string line = text.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
    if (line.compare(0, from.size(), from) == 0) line = to + line.substr(from.size());
    out += line;
    if (eol == std::string::npos) break;
    out += "\n";
    pos = eol + 1;
  }
  return out;
}

std::string KernelWriter::Header(const std::string& ind) {
  Prelude pre;
  std::vector<std::string> lines;
  if (par_ == loop_ && Triangular()) {
    // Iteration i of a triangular nest does work proportional to i (or to
    // n - i); Kokkos gives each thread one contiguous block of indices, so
    // the first (or last) thread would do most of it. Folding the order,
    // 0, n-1, 1, n-2, ..., gives every block pairs of short and long
    // iterations: the same set of iterations, balanced.
    auto args = loop_.ChildByField("right").ChildByField("arguments").NamedChildren();
    std::string count = args.size() == 1 ? "(" + LowerExpr(args[0], env_, pre) + ")"
                                         : "(" + LowerExpr(args[1], env_, pre) + ") - (" + LowerExpr(args[0], env_, pre) + ")";
    std::string fold = "_pk_fold";
    lines.push_back(fold + ": pk.int64 = " + tid_ + " // 2");
    lines.push_back("if " + tid_ + " % 2 == 1:");
    lines.push_back(unit_ + fold + " = " + count + " - 1 - " + fold);
    lines.push_back(plan_.loop_var + ": pk.int64 = " + LoopValue(loop_, fold, pre));
  } else if (par_ == loop_) {
    lines.push_back(plan_.loop_var + ": pk.int64 = " + LoopValue(loop_, tid_, pre));
  } else {
    // Flattened: tid >= 0 and the inner count > 0 (else nothing runs), so
    // C's truncating // and % equal Python's floor semantics here.
    lines.push_back(plan_.loop_var + ": pk.int64 = " + LoopValue(loop_, "(" + tid_ + " // _pk_n1)", pre));
    lines.push_back(plan_.inner_loop_var + ": pk.int64 = " + LoopValue(par_, "(" + tid_ + " % _pk_n1)", pre));
  }
  std::string out;
  for (const auto& l : pre) out += ind + l + nl_;
  for (const auto& l : lines) out += ind + l + nl_;
  return out;
}

// True when the parallel loop is `prange(stop)` or `prange(start, stop)`
// (step 1) and a range loop in its body has a bound that depends on the
// parallel loop's variable (`for j in range(i + 1, n)`): a triangular nest.
// Only on the CPU's parallel spaces: on a GPU, neighbouring threads of a warp
// would get the shortest and the longest iterations, and the warp waits for
// the longest (its blocks are scheduled dynamically there anyway). The
// runtime's default space (Default) is OpenMP unless the user moves it: the
// folded order stays correct on a GPU, only not faster there.
bool KernelWriter::Triangular() const {
  const std::string& space = ctx_.options().space;
  if (!loop_ || plan_.inner_loop_start || (space != "OpenMP" && space != "Threads" && space != "Default")) return false;
  // Arrays that may overlap run the workunit on pk.Serial, in order.
  if (!plan_.alias_checks.empty()) return false;
  auto args = loop_.ChildByField("right").ChildByField("arguments").NamedChildren();
  if (args.empty() || args.size() > 2) return false;
  bool found = false;
  Walk(loop_.ChildByField("body"), [&](const Node& n) {
    if (found) return false;
    if (n.Type() == "for_statement") {
      Node call = n.ChildByField("right");
      if (call.Type() == "call" && call.ChildByField("function").Text() == "range" &&
          Mentions(call.ChildByField("arguments"), plan_.loop_var))
        found = true;
    }
    return true;
  });
  return found;
}

// The value of the loop variable of `loop` at iteration `index`.
std::string KernelWriter::LoopValue(const Node& loop, const std::string& index, Prelude& pre) {
  Node call = loop.ChildByField("right");
  auto args = call.ChildByField("arguments").NamedChildren();
  std::string value = index;
  if (args.size() >= 2) {
    std::string start = LowerExpr(args[0], env_, pre);
    std::string step = args.size() == 3 ? LowerExpr(args[2], env_, pre) : "";
    bool start_zero = args[0].Type() == "integer" && args[0].Text() == "0";
    std::string scaled = step.empty() || step == "1" ? index
                         : index + " * " + (args[2].Type() == "integer" || args[2].Type() == "identifier" ? step : "(" + step + ")");
    value = start_zero ? scaled : start + " + " + scaled;
  }
  // `(tid // _pk_n1)` needs its parentheses only inside a sum or product.
  if (value == index && value.front() == '(') value = value.substr(1, value.size() - 2);
  return value;
}

std::string KernelWriter::Signature() {
  std::string sig = tid_;
  if (plan_.dispatch == Dispatch::kReduce ? plan_.reduction.op == ReduceOp::kSum
                                          : plan_.returns == ReturnKind::kScalar && !loop_) {
    Scalar t = loop_ ? plan_.reduction.type : plan_.return_type;
    if (t == Scalar::kBool) t = Scalar::kInt64;
    // Kokkos reduces values whose size is a multiple of an int's: a uint8
    // result (uint8_checksum) travels in a 64-bit accumulator of its
    // signedness, which holds its value.
    if (IsInteger(t) && BitWidth(t) < 32) t = IsSigned(t) ? Scalar::kInt64 : Scalar::kUInt64;
    sig += ", " + acc_ + ": pk.Acc[" + DialectScalar(t) + "]";
  }
  auto used = [&](const std::string& p) { return Mentions(body_, p); };
  auto add = [&](const std::string& name, const Type& t, bool annotate) {
    workunit_params_.push_back(name);
    sig += ", " + name;
    if (!annotate) return;
    if (t.rank == 0) sig += ": " + DialectScalar(t.scalar);
    else sig += ": pk.View" + std::to_string(t.rank) + "D[" + ViewScalar(t.scalar) + "]";
  };
  for (size_t i = 0; i < plan_.params.size(); ++i) {
    const std::string& p = plan_.params[i];
    if (!used(p)) continue;
    const Type& t = plan_.types.at(p);
    bool known = t.rank == 0 || plan_.types_recorded;
    if (!loop_ && t.rank == 0 && plan_.assigned_params.count(p)) {  // the body starts with `p = _pk_in_p`
      std::string in = ParamInName(p);
      param_sources_[in] = p;
      add(in, t, known);
      continue;
    }
    add(p, t, known);
  }
  for (const auto& a : plan_.allocations) {
    const Type& t = plan_.types.at(a.var);
    add(a.var, t, t.scalar != Scalar::kUnknown);
  }
  if (!names_.cell.empty()) add(names_.cell, Type{plan_.reduction.type, 1, 'C'}, true);
  if (par_ != loop_) add("_pk_n1", Type{Scalar::kInt64, 0, 'A'}, true);  // the inner count of a flattened nest
  if (!env_.zero_division_codes.empty()) {
    names_.zero_division = env_.zero_division_flag;
    names_.zero_division_codes = env_.zero_division_codes;
    add(names_.zero_division, Type{Scalar::kInt32, 1, 'C'}, true);
  }
  // The step of a serial loop the caller runs around the dispatch.
  if (!plan_.time_var.empty() && Mentions(loop_, plan_.time_var))
    add(plan_.time_var, Type{Scalar::kInt64, 0, 'A'}, true);
  return sig;
}

}  // namespace caramba
