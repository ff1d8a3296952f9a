// workunit_names.cpp — see workunit_names.h.
#include "caramba/analysis/workunit_names.h"

#include "caramba/analysis/phases.h"

namespace caramba {

std::string WorkunitName(std::string_view kernel, bool thesis) {
  if (thesis || !PhaseOwner(kernel).empty()) return std::string(kernel);
  return std::string(kWorkunitPrefix) + std::string(kernel);
}

std::string SignatureVariantName(std::string_view kernel, std::string_view what_differs) {
  return std::string(kernel) + "_" + std::string(what_differs);
}

}  // namespace caramba
