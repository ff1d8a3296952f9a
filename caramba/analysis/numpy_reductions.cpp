// numpy_reductions.cpp — whole-array reductions (np.sum & co, np.dot of vectors,
// np.linalg.norm) lowered to accumulator loops in the prelude.
// See numpy_lowerer.h for how the files share the work.
#include <algorithm>

#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/walk.h"

namespace caramba::numpy_lowering {

std::string Lowerer::Reduce(const Node& call) {
  // `u @ v` of two vectors is np.dot(u, v).
  bool op = call.Type() == "binary_operator";
  const NumpyFunction* f = op ? FindNumpyFunction("numpy.dot") : Row(call);
  Node fn = op ? call.ChildByField("operator") : call.ChildByField("function");
  std::vector<Node> args;
  if (op) args = {call.ChildByField("left"), call.ChildByField("right")};
  else for (const Node& a : call.ChildByField("arguments").NamedChildren()) {
    if (a.Type() == "keyword_argument" || a.Type() == "comment") {
      if (a.Type() == "keyword_argument")
        Fail(DiagId::kNumpyExpression, "calls " + std::string(fn.Text()) + " with '" + std::string(a.Text()) + "'", a,
             "only the whole-array reduction is lowered (no axis, dtype or out)");
      continue;
    }
    args.push_back(a);
  }
  bool method = !op && FindNumpyFunction(in_.imports.Resolve(fn)) == nullptr;
  if (method) args = {fn.ChildByField("object")};
  if (static_cast<int>(args.size()) < f->min_args || static_cast<int>(args.size()) > f->max_args)
    Fail(DiagId::kNumpyExpression, "calls " + std::string(fn.Text()) + " with " + std::to_string(args.size()) + " arguments", call);
  // The elements a boolean mask selects (numpy_masked.cpp).
  if (args.size() == 1 && (f->reduce == NumpyReduce::kSum || f->reduce == NumpyReduce::kMean ||
                           f->reduce == NumpyReduce::kProd))
    if (Node masked = MaskedOperand(args[0])) return MaskedReduce(call, f, masked);
  // np.dot(row, x) whose value is a scalar: with one operand a known array,
  // a parameter nothing indexes on the other side can only be a vector
  // (anything else makes an array, which a scalar context rejects).
  std::string dot_vector;
  if (f->reduce == NumpyReduce::kDot && args.size() == 2) {
    for (int k = 0; k < 2; ++k) {
      const Node& other = args[1 - k];
      if (args[k].Type() == "identifier" && Rank(args[k]) == 0 && !in_.has_signature && HasLeaf(other) &&
          std::find(in_.params.begin(), in_.params.end(), std::string(args[k].Text())) != in_.params.end())
        dot_vector = std::string(args[k].Text());
    }
  }
  for (const Node& a : args) {
    if (!dot_vector.empty() && a.Type() == "identifier" && a.Text() == dot_vector) continue;
    CheckOperandKinds(a);
    // np.sum(a) of a parameter nothing indexes: a vector, a matrix, or a
    // scalar? The loops differ, plain NumPy handles all (fallback, CRB515).
    if (a.Type() == "identifier" && !in_.has_signature && Rank(a) == 0 &&
        std::find(in_.params.begin(), in_.params.end(), std::string(a.Text())) != in_.params.end())
      Fail(DiagId::kNumpyAmbiguousOperand,
           "the rank of '" + std::string(a.Text()) + "' (passed to " + std::string(fn.Text()) + ") is unknown", a,
           "add an eager signature to the decorator");
    if (!IsArrayValued(a))
      Fail(f->reduce == NumpyReduce::kDot ? DiagId::kNumpyMatrixProduct : DiagId::kNumpyExpression,
           "calls " + std::string(fn.Text()) + " on '" + FirstLine(a.Text()) + "', which is not an array here", a);
  }
  std::vector<std::vector<Leaf>> leaves(args.size());
  std::vector<std::vector<Dim>> shapes(args.size());
  std::vector<std::string> clauses;
  for (size_t k = 0; k < args.size(); ++k) {
    if (!dot_vector.empty() && args[k].Type() == "identifier" && args[k].Text() == dot_vector) {
      Leaf v;
      v.node = args[k];
      v.base = dot_vector;
      v.fixed = {""};
      v.entries_key = dot_vector + "[:]";
      std::string n = dot_vector + ".shape[0]";
      Dim whole;
      whole.offset = "0";
      whole.stop = whole.length = n;
      whole.key = dot_vector + "|0|:";
      v.dims.push_back(whole);
      ids_.insert(dot_vector);
      leaves[k].push_back(v);
    } else {
      Leaves(args[k], leaves[k]);
    }
    if (top_)
      for (Leaf& l : leaves[k]) HoldDims(l.dims, true);
    auto c = Broadcast(leaves[k], shapes[k], true);
    if (top_) HoldDims(shapes[k], true);
    clauses.insert(clauses.end(), c.begin(), c.end());
  }
  std::string name(NumpyReduceName(f->reduce));
  bool guarded = false;
  guarded |= Guard(clauses, "ValueError", "operands of " + name + " could not be broadcast together");
  if (f->reduce == NumpyReduce::kDot) {
    if (shapes[0].size() != 1 || shapes[1].size() != 1)
      Fail(DiagId::kNumpyMatrixProduct, "calls " + std::string(fn.Text()) + " on arrays that are not both vectors", call);
    if (shapes[0][0].key != shapes[1][0].key)
      guarded |= Guard({"(" + shapes[0][0].length + " != " + shapes[1][0].length + ")"}, "ValueError",
            "shapes of the vectors of np.dot not aligned");
  }
  std::vector<Dim> result = shapes[0];
  bool arg = f->reduce == NumpyReduce::kArgMax || f->reduce == NumpyReduce::kArgMin;
  bool spread = f->reduce == NumpyReduce::kVar || f->reduce == NumpyReduce::kStd;  // starts with the mean
  if (f->reduce == NumpyReduce::kMax || f->reduce == NumpyReduce::kMin || f->reduce == NumpyReduce::kMean || arg ||
      spread) {
    std::vector<std::string> empty;
    std::string any;
    for (size_t d = 0; d < result.size(); ++d) any += (d ? " or " : "") + result[d].length + " == 0";
    empty.push_back(any);
    if (f->reduce == NumpyReduce::kMean || spread)
      guarded |= Guard(empty, "ZeroDivisionError", "division by zero in np.mean of an empty array");
    else if (arg)
      guarded |= Guard(empty, "ValueError",
                       std::string("attempt to get ") + (f->reduce == NumpyReduce::kArgMax ? "argmax" : "argmin") +
                           " of an empty sequence");
    else
      guarded |= Guard(empty, "ValueError",
                       std::string("zero-size array to reduction operation ") +
                (f->reduce == NumpyReduce::kMax ? "maximum" : "minimum") + " which has no identity");
  }
  if (guarded)
    Note(DiagId::kNumpyGuard, "checks the shapes of " + std::string(fn.Text()) + "(...) in the caller", call);
  HoldDims(result, true);
  for (auto& ls : leaves)
    for (Leaf& l : ls) {
      // Leaves of the driving operand share the result lengths.
      for (size_t j = 0; j < l.dims.size(); ++j) {
        const Dim& r = result[result.size() - l.dims.size() + j];
        if (l.dims[j].key == r.key && l.dims[j].stride.empty()) l.dims[j].length = r.length;
      }
      HoldDims(l.dims, false);
    }
  Scalar es = Scalar::kUnknown;
  for (const Node& a : args) {
    Scalar s = ElementScalar(a, in_.types, in_.imports);
    es = es == Scalar::kUnknown ? s : (s == Scalar::kUnknown ? s : Promote(es, s));
  }
  bool integer = IsInteger(es) || es == Scalar::kBool;
  std::string acc = Fresh("acc");
  // The reduction's loops reuse the index names of the statement around it.
  std::map<std::string, std::string> outer_starts = start_;
  std::vector<std::string> idx = Indices(result);
  std::vector<std::string> elems;
  std::vector<std::string>* caller_sink = sink_;
  std::vector<std::string> per;  // per-element temporaries, inside the loop
  sink_ = &per;
  for (size_t k = 0; k < args.size(); ++k) {
    size_t next = 0;
    if (!dot_vector.empty() && args[k].Type() == "identifier" && args[k].Text() == dot_vector)
      elems.push_back(Access(leaves[k][0], idx));
    else
      elems.push_back(ElementText(args[k], idx, leaves[k], next));
  }
  sink_ = &lines_;
  std::vector<std::string> body;
  auto loops = [&]() {
    std::string ind = Loops(result, body, idx);
    for (const auto& l : per) body.push_back(ind + l);
    return ind;
  };
  switch (f->reduce) {
    case NumpyReduce::kMax:
    case NumpyReduce::kMin: {
      bool max = f->reduce == NumpyReduce::kMax;
      if (top_ && !numpy_.empty() && (integer || IsFloat(es))) {
        // At the top level the reduction can be a loop of its own that the
        // automatic parallelisation runs in parallel: `acc = max(acc, v)`,
        // the form the reduction recogniser takes. Integers are exact in
        // any order. A floating-point max meets NaNs, which NumPy returns:
        // the max reads a NaN as +inf (so its order does not matter), and
        // only when the result is +inf does a second loop count the NaNs to
        // tell a NaN from a real +inf (min alike, with -inf).
        std::string inf = numpy_ + ".inf", worst = (max ? "-" : "") + inf, best = (max ? "" : "-") + inf;
        std::string first = worst;
        if (integer) {
          std::vector<std::string> zero(idx.size(), "0");
          size_t next = 0;
          first = ElementText(args[0], zero, leaves[0], next);
        }
        lines_.push_back(acc + " = " + first);
        std::string ind = loops();
        std::string value = elems[0];
        if (!integer) {
          std::string v = Fresh("v");
          body.push_back(ind + v + " = " + elems[0]);
          value = "(" + v + " if " + v + " == " + v + " else " + best + ")";
        }
        body.push_back(ind + acc + " = " + (max ? "max(" : "min(") + acc + ", " + value + ")");
        if (!integer) {
          std::string nan = Fresh("nan");
          body.push_back("if " + acc + " == " + best + ":");
          std::vector<std::string> check;
          check.push_back(nan + " = 0");
          std::string cind = Loops(result, check, idx);
          for (const auto& l : per) check.push_back(cind + l);
          std::string v = Fresh("v");
          check.push_back(cind + v + " = " + elems[0]);
          check.push_back(cind + "if " + v + " != " + v + ":");
          check.push_back(cind + in_.indent_unit + nan + " += 1");
          check.push_back("if " + nan + " > 0:");
          check.push_back(in_.indent_unit + acc + " = " + numpy_ + ".nan");
          for (const auto& l : check) body.push_back(in_.indent_unit + l);
        }
        break;
      }
      std::vector<std::string> zero(idx.size(), "0");
      size_t next = 0;
      lines_.push_back(acc + " = " + ElementText(args[0], zero, leaves[0], next));
      std::string ind = loops();
      std::string v = Fresh("v");
      body.push_back(ind + v + " = " + elems[0]);
      // NaN propagates as in NumPy: once acc is NaN nothing compares greater.
      body.push_back(ind + "if " + v + (f->reduce == NumpyReduce::kMax ? " > " : " < ") + acc + " or " + v + " != " + v + ":");
      body.push_back(ind + in_.indent_unit + acc + " = " + v);
      break;
    }
    case NumpyReduce::kArgMax:
    case NumpyReduce::kArgMin: {
      // The flattened position counts the iterations (row-major, as NumPy).
      std::vector<std::string> zero(idx.size(), "0");
      size_t next = 0;
      std::string best = Fresh("best"), at = Fresh("k"), v = Fresh("v");
      lines_.push_back(best + " = " + ElementText(args[0], zero, leaves[0], next));
      lines_.push_back(acc + " = 0");
      lines_.push_back(at + " = 0");
      std::string ind = loops();
      body.push_back(ind + v + " = " + elems[0]);
      // The first NaN wins: nothing replaces a NaN best, a NaN replaces any other.
      body.push_back(ind + "if " + v + (f->reduce == NumpyReduce::kArgMax ? " > " : " < ") + best + " or (" + v +
                     " != " + v + " and " + best + " == " + best + "):");
      body.push_back(ind + in_.indent_unit + best + " = " + v);
      body.push_back(ind + in_.indent_unit + acc + " = " + at);
      body.push_back(ind + at + " += 1");
      break;
    }
    case NumpyReduce::kProd: {
      lines_.push_back(acc + (integer ? " = 1" : " = 1.0"));
      std::string ind = loops();
      body.push_back(ind + acc + " *= " + elems[0]);
      break;
    }
    case NumpyReduce::kDot: {
      lines_.push_back(acc + (integer ? " = 0" : " = 0.0"));
      std::string ind = loops();
      body.push_back(ind + acc + " += " + Paren(elems[0]) + " * " + Paren(elems[1]));
      break;
    }
    case NumpyReduce::kNorm: {
      lines_.push_back(acc + " = 0.0");
      std::string ind = loops();
      body.push_back(ind + acc + " += " + Paren(elems[0]) + " * " + Paren(elems[0]));
      break;
    }
    case NumpyReduce::kVar:
    case NumpyReduce::kStd: {
      // As Numba computes it: the mean first, then the squared deviations
      // from it, in the same order.
      lines_.push_back(acc + " = 0.0");
      std::string ind = loops();
      body.push_back(ind + acc + " += " + elems[0]);
      std::string count;
      for (size_t d = 0; d < result.size(); ++d) count += (d ? " * " : "") + result[d].length;
      std::string mean = Fresh("mu"), dev = Fresh("d");
      body.push_back(mean + " = " + acc + " / " + Paren(count));
      std::string squares = Fresh("acc");  // its own accumulator: each loop is one reduction
      body.push_back(squares + " = 0.0");
      ind = loops();
      body.push_back(ind + dev + " = " + Paren(elems[0]) + " - " + mean);
      body.push_back(ind + squares + " += " + dev + " * " + dev);
      acc = squares;
      break;
    }
    default: {  // sum, mean
      lines_.push_back(acc + (integer && f->reduce == NumpyReduce::kSum ? " = 0" : " = 0.0"));
      std::string ind = loops();
      body.push_back(ind + acc + " += " + elems[0]);
      break;
    }
  }
  lines_.insert(lines_.end(), body.begin(), body.end());
  sink_ = caller_sink;
  start_ = outer_starts;
  if (f->reduce == NumpyReduce::kMean || spread) {
    std::string count;
    for (size_t d = 0; d < result.size(); ++d) count += (d ? " * " : "") + result[d].length;
    if (f->reduce == NumpyReduce::kStd) {
      if (numpy_.empty()) Fail(DiagId::kNumpyExpression, "needs numpy imported to lower np.std", call);
      return numpy_ + ".sqrt(" + acc + " / " + Paren(count) + ")";
    }
    return "(" + acc + " / " + Paren(count) + ")";
  }
  if (f->reduce == NumpyReduce::kNorm) {
    if (numpy_.empty()) Fail(DiagId::kNumpyExpression, "needs numpy imported to lower np.linalg.norm", call);
    return numpy_ + ".sqrt(" + acc + ")";
  }
  return acc;
}

}  // namespace caramba::numpy_lowering
