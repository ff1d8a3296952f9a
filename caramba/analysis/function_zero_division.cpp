// function_zero_division.cpp — see function_zero_division.h.
#include "caramba/analysis/function_zero_division.h"

#include <cctype>

#include "caramba/analysis/integer_division.h"
#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

// A nonzero integer literal, maybe signed and parenthesised: never zero.
bool NonzeroLiteral(Node d) {
  for (;;) {
    while (d && d.Type() == "parenthesized_expression") d = d.NamedChild(0);
    if (d && d.Type() == "unary_operator") {
      d = d.ChildByField("argument");
      continue;
    }
    break;
  }
  if (!d || d.Type() != "integer") return false;
  std::string_view t = d.Text();
  if (t.empty() || !std::isdigit(static_cast<unsigned char>(t[0]))) return false;
  for (char c : t)
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '_') return false;
  return t.find_first_not_of("0_") != std::string_view::npos;
}

// The codes of the divisions of `body` that may raise.
std::set<int> OwnCodes(const Node& body) {
  std::set<int> codes;
  Walk(body, [&](const Node& n) {
    std::string_view t = n.Type();
    if (t == "function_definition" || t == "class_definition" || t == "lambda") return false;
    std::string_view op;
    Node divisor;
    if (t == "binary_operator") {
      op = n.ChildByField("operator").Text();
      divisor = n.ChildByField("right");
    } else if (t == "augmented_assignment") {
      op = n.ChildByField("operator").Text();
      divisor = n.ChildByField("right");
    }
    if ((op == "//" || op == "//=") && !NonzeroLiteral(divisor)) codes.insert(kIntegerDivisionByZero);
    if ((op == "%" || op == "%=") && !NonzeroLiteral(divisor)) codes.insert(kIntegerModuloByZero);
    return true;
  });
  return codes;
}

}  // namespace

FunctionZeroDivision ComputeFunctionZeroDivision(const Tree& tree, const ModuleInfo& mod,
                                                 const std::vector<KernelPlan>& functions) {
  FunctionZeroDivision out;
  for (const KernelPlan& f : functions) {
    if (f.kernel_index >= mod.kernels.size()) continue;
    const Kernel& k = mod.kernels[f.kernel_index];
    auto model = k.options.find("error_model");
    if (model != k.options.end() && model->second.find("numpy") != std::string::npos) continue;
    Node def = tree.Root().DescendantForByteRange(f.def_start, f.def_end);
    while (def && def.Type() != "function_definition") def = def.Parent();
    if (!def) continue;
    std::set<int> codes = OwnCodes(def.ChildByField("body"));
    if (!codes.empty()) out[f.function_name] = std::move(codes);
  }
  // What the functions they call may leave, to a fixed point.
  for (bool changed = true; changed;) {
    changed = false;
    for (const KernelPlan& f : functions)
      for (const HelperCall& c : f.calls) {
        auto callee = out.find(c.function);
        if (callee == out.end()) continue;
        std::set<int> add = callee->second;  // a copy: `out` may grow below
        std::set<int>& mine = out[f.function_name];
        for (int code : add) changed = mine.insert(code).second || changed;
      }
  }
  return out;
}

}  // namespace caramba
