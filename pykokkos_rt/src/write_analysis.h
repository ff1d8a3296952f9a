// write_analysis.h — which parameters of a workunit the kernel may write.
//
// A read-only NumPy array (writeable=False, a buffer over `bytes`, a memmap
// opened with mode "r") must not reach a kernel that writes it: the write
// would change memory that NumPy promised not to change, or crash on a
// read-only mapping. Numba refuses such a call with a TypingError; the
// runtime refuses it with a TypeError naming the workunit and the parameter.
//
// The analysis is conservative in one direction only: a parameter counts as
// written when an assignment or augmented assignment stores into it (through
// any number of subscripts or subviews), when it is the view of an atomic, or
// when it is passed to a @pk.function of the file that writes the matching
// parameter. Everything else is read-only.
#pragma once

#include <string>
#include <vector>

namespace caramba {
class Tree;
}

namespace pykokkos_rt {

/// For each name of `params` (the workunit's kernel parameters), whether the
/// top-level function `workunit` of `tree` may write it.
std::vector<bool> WrittenParams(const caramba::Tree& tree, const std::string& workunit,
                                const std::vector<std::string>& params);

}  // namespace pykokkos_rt
