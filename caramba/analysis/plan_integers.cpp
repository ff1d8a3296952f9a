// plan_integers.cpp — KernelPlan builder: integer operations whose Numba
// typing the lowering cannot reproduce. What it can reproduce is lowered by
// integer_lowering.h; the rules are integer_typing.h's tables. Each refusal
// uses the code of its construct: a NumPy cast (CRB201), a comparison that
// cannot be rewritten (CRB128), a local of no single type (CRB124).
// The Builder and the order of its steps: plan_builder.h, kernel_plan.cpp.
#include "caramba/analysis/integer_lowering.h"
#include "caramba/analysis/integer_typing.h"
#include "caramba/analysis/plan_builder.h"
#include "caramba/analysis/walk.h"

namespace caramba {
namespace kernel_plan_detail {

namespace {

bool IntLike(Scalar s) { return IsInteger(s) || s == Scalar::kBool; }

}  // namespace

void Builder::CheckIntegerTyping() {
  const ImportTable& imports = mod_.imports;
  auto type_of = [&](const Node& e) { return TypeOfExpr(e, plan_.types, imports).scalar; };
  bool unsigned_refused = false;
  Walk(body_, [&](const Node& n) {
    std::string_view t = n.Type();
    if (t == "call" && !unsigned_refused && !recorded_ && !function_args_) {
      // An unsigned cast makes the signedness and width of every integer
      // around it decide the code (integer_typing.h); static inference
      // proves an array integer, never which integer: a guess would be
      // output (type_inference.h's rule).
      auto cast = IntegerCastOf(n, imports);
      std::string names;
      for (const auto& p : plan_.params)
        if (plan_.types[p].scalar != Scalar::kUnknown && !IsFloat(plan_.types[p].scalar))
          names += (names.empty() ? "'" : ", '") + p + "'";
      if (cast && IsUnsigned(*cast) && !names.empty()) {
        Refuse(DiagId::kNoTypeEvidence,
               "the translation depends on whether the values of " + names +
                   " are signed or unsigned integers (it converts with " +
                   std::string(n.ChildByField("function").Text()) + "()), and nothing in the kernel says which",
               n,
               "record the types Numba sees when your code runs: `caramba record -- python your_script.py`, "
               "or give the kernel an eager signature");
        unsigned_refused = true;
      }
    }
    if (t == "call") {
      // np.uint32(2.5) truncates; out of range the conversion is undefined
      // (LLVM's and C++'s alike), so no translation can promise Numba's
      // value. np.int64 of a float keeps its own lowering (an int64
      // temporary, as int()).
      // A float only assumed (no recorded types) is CRB140's to report.
      bool assumed = !unknown_dtype_.empty() || !assumed_float_.empty();
      auto cast = IntegerCastOf(n, imports);
      if (cast && *cast != Scalar::kInt64 && !assumed) {
        Node arg = n.ChildByField("arguments").NamedChild(0);
        Scalar at = type_of(arg);
        if (at != Scalar::kUnknown && !IntLike(at) && !IntegerLiteralBits(arg))
          Refuse(DiagId::kNumpyInKernel,
                 "converts the " + std::string(ScalarName(at)) + " value '" + std::string(arg.Text()) + "' with " +
                     std::string(n.ChildByField("function").Text()) + "()",
                 n,
                 "out of range the conversion is undefined in Numba and in C++ alike: convert it with np.int64(x) "
                 "first, then to the narrower type");
      }
    }
    if (t == "comparison_operator") {
      // Numba compares a uint64 with a signed value as numbers; C++
      // converts the signed one to unsigned (-1 becomes 2**64 - 1).
      auto ops = n.NamedChildren();
      for (size_t i = 0; i + 1 < ops.size(); ++i) {
        Scalar a = type_of(ops[i]), b = type_of(ops[i + 1]);
        const Node* sgn = a == Scalar::kUInt64 && IsSigned(b) ? &ops[i + 1] : b == Scalar::kUInt64 && IsSigned(a) ? &ops[i] : nullptr;
        if (sgn && !IsNonNegativeIntegerConstant(*sgn, imports)) {
          Refuse(DiagId::kCannotLower,
                 "compares a uint64 value with the signed value '" + std::string(sgn->Text()) + "'", n,
                 "Numba compares the numbers, C++ would compare them as uint64: convert one side yourself "
                 "(np.int64(u) or np.uint64(s))");
          break;
        }
      }
    }
    return true;
  });
  // A local given uint64 values and signed ones is a float64 where Numba's
  // control flow joins them, and keeps each type where it does not: which
  // one a use sees is not known here.
  for (const auto& name : plan_.locals) {
    const Type& ty = plan_.types[name];
    if (ty.rank != 0 || ty.scalar != Scalar::kFloat64) continue;
    bool ints = true, any = false;
    Node first;
    Walk(body_, [&](const Node& n) {
      if (n.Type() != "assignment" && n.Type() != "augmented_assignment") return true;
      Node l = n.ChildByField("left"), r = n.ChildByField("right");
      if (l.Type() != "identifier" || l.Text() != name || !r) return true;
      Scalar v = type_of(r);
      if (n.Type() == "augmented_assignment") {
        std::string op(n.ChildByField("operator").Text());
        v = op == "/=" ? Scalar::kFloat64 : NumbaIntegerBinary(op.substr(0, op.size() - 1), Scalar::kUInt64, v);
      }
      ints = ints && IntLike(v);
      any = true;
      if (!first) first = n;
      return true;
    });
    if (any && ints)
      Refuse(DiagId::kUnknownType, "gives '" + name + "' both uint64 and signed integer values", first,
             "Numba makes it a float64 only where control flow joins the two: keep the uint64 values in a "
             "variable of their own, or convert them with np.int64()");
  }
}

}  // namespace kernel_plan_detail
}  // namespace caramba
