// pipeline.h — the ordered list of visitors (pipeline.cpp is the one short
// file that says how a kernel travels through Caramba).
#pragma once

#include <memory>
#include <vector>

#include "caramba/visitor.h"

namespace caramba {

std::vector<std::unique_ptr<Visitor>> BuildPipeline();

}  // namespace caramba
