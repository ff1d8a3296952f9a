// shape_rank.h — the rank of the array an allocation makes from its shape
// argument (np.empty(shape), np.zeros(shape), np.ones(shape), np.full(shape, v)).
#pragma once

#include "caramba/analysis/scalar_types.h"
#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace caramba {

/// A tuple or list of n extents makes n dimensions, `a.shape` as many as
/// `a` has, one integer one. 0 when it cannot be told (a name bound to a
/// tuple, an array of unknown rank): the allocated array's type is then
/// unknown, never a guessed 1-D that later diagnostics would state as fact.
int AllocationRank(const Node& shape, const TypeTable& types, const ImportTable& imports);

}  // namespace caramba
