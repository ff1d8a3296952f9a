// pipeline.cpp — the visitors, in the order they run. Read top to bottom to
// see how a Numba kernel travels through Caramba (CONTRIBUTING.md explains
// how to add one). Each visitor lives in visitors/<name>.{h,cpp}.
#include "caramba/pipeline.h"

#include "visitors/unsupported_detector.h"

namespace caramba {

std::vector<std::unique_ptr<Visitor>> BuildPipeline() {
  std::vector<std::unique_ptr<Visitor>> p;
  // 1. Decide per kernel whether it can be migrated; say why not.
  p.push_back(std::make_unique<UnsupportedDetector>());
  return p;
}

}  // namespace caramba
