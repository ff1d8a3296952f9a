// function_extents.h — the array extents each @pk.function receives as int
// parameters.
//
// Upstream PyKokkos' translator rejects `v.extent(d)` inside a @pk.function
// ("Function extent not supported for translation"), and it copies every
// @pk.function of a file into every workunit of the file, so one such helper
// rejects the whole file. A workunit may read extents, so the workunit (or
// the @pk.function) that calls a helper passes the extents the helper needs
// as extra int parameters instead.
//
// A helper needs (p, d) when its body reads `p.extent(d)` of an array
// parameter p with a literal d, or when it passes p to a helper that needs
// the extent d of the matching parameter (computed to a fixed point, so the
// needs of a depth-3 chain reach its top). Extents of arrays that are not
// parameters (a subview the helper makes itself) are not handled: the
// runtime's strict check still refuses those (CRB150).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/syntax.h"

namespace caramba {

struct ExtentParam {
  std::string array;  // the helper's array parameter
  size_t param_index = 0;  // its position among the helper's parameters
  int dim = 0;
  std::string name;   // the int parameter that carries it (`_pk_<array>_extent<dim>`)
};

/// Per @pk.function name, its extent parameters, in the order they follow
/// its own parameters (by parameter, then by dimension).
using FunctionExtents = std::map<std::string, std::vector<ExtentParam>>;

FunctionExtents ComputeFunctionExtents(const Tree& tree, const std::vector<KernelPlan>& functions);

/// When `call` is `a.extent(d)` with `a` an identifier and `d` an integer
/// literal: a and d.
bool AsLiteralExtent(const Node& call, std::string* array, int* dim);

}  // namespace caramba
