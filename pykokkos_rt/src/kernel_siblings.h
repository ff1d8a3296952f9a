// kernel_siblings.h — the other workunits of a module, so that the first
// call of one workunit builds them all in one translation unit (build_cache.h,
// BuildAndLoad) instead of one compiler run per workunit.
#pragma once

#include <string>
#include <vector>

#include "kernel_compiler.h"

namespace caramba {
class Tree;
}

namespace pykokkos_rt {

/// Requests for the other top-level workunits of `request`'s file that the
/// file itself dispatches (`<pk>.parallel_for/reduce/scan(policy, name, ...)`,
/// as translated callers and host programs do), on the space the dispatch
/// names (`<pk>.RangePolicy(<pk>.Serial, ...)`), on `default_space` where it
/// names `<pk>.get_default_space()` (translated callers of parallel kernels
/// do; "" = `request.space`), or else `request.space`.
/// Argument types come from evidence only: the parameter's annotation
/// (kFromAnnotation), or the argument of the same name in `request` (the
/// phases of one host program pass the same arrays under the same names). A
/// workunit with a parameter of neither kind, dispatched with a reducer or a
/// TeamPolicy, or a functor method, is left out: it compiles at its own first
/// call. A wrong guess costs compile time, never a wrong kernel: each call
/// still looks its own specialisation up by its exact source.
std::vector<KernelRequest> SiblingRequests(const KernelRequest& request, const caramba::Tree& tree,
                                           const std::string& default_space = "");

}  // namespace pykokkos_rt
