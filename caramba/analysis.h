// analysis.h — analyses computed on demand, cached per text version, and
// invalidated when a visitor changes the text (Pythran's pass manager idea).
//
// An analysis is a struct with a `Result` type, a `kName`, and a static
// `Compute(const AnalysisInput&)`. Visitors ask the Context for analyses by
// type; the cache computes each at most once per text version.
#pragma once

#include <any>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <typeindex>

#include "caramba/module_analysis.h"
#include "caramba/options.h"
#include "caramba/syntax.h"

namespace caramba {

struct AnalysisInput {
  const Tree& tree;
  std::string_view path;
  /// The run's options, for analyses whose facts depend on them (the
  /// kernel plan reads --parallelize); null means the defaults.
  const TranslateOptions* options = nullptr;
};

/// Imports, aliases and kernels of the module (module_analysis.h).
struct ModuleAnalysis {
  using Result = ModuleInfo;
  static constexpr std::string_view kName = "module";
  static Result Compute(const AnalysisInput& in) { return AnalyzeModule(in.tree, in.path); }
};

class AnalysisCache {
 public:
  template <typename A>
  const typename A::Result& Get(const AnalysisInput& in) {
    auto key = std::type_index(typeid(A));
    auto it = cache_.find(key);
    if (it == cache_.end()) {
      auto t0 = std::chrono::steady_clock::now();
      std::any value = A::Compute(in);
      seconds_[std::string(A::kName)] +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      ++computations_;
      it = cache_.emplace(key, std::move(value)).first;
    }
    return std::any_cast<const typename A::Result&>(it->second);
  }
  /// Stores a result computed elsewhere (the pass manager's analysis of the
  /// input), so the first visitor does not compute it again.
  template <typename A>
  void Put(typename A::Result value) {
    cache_[std::type_index(typeid(A))] = std::any(std::move(value));
  }
  /// Moves a cached result out (null if none), for a text about to change.
  template <typename A>
  std::shared_ptr<const typename A::Result> Take() {
    auto it = cache_.find(std::type_index(typeid(A)));
    if (it == cache_.end()) return nullptr;
    auto out = std::make_shared<const typename A::Result>(std::move(std::any_cast<typename A::Result&>(it->second)));
    cache_.erase(it);
    return out;
  }
  /// Drops every cached result (the text changed).
  void Invalidate() { cache_.clear(); }
  /// How many analyses were computed so far (tests check the caching).
  size_t Computations() const { return computations_; }
  /// Seconds spent per analysis name, for --time-passes.
  const std::map<std::string, double>& Seconds() const { return seconds_; }

 private:
  std::map<std::type_index, std::any> cache_;
  std::map<std::string, double> seconds_;
  size_t computations_ = 0;
};

}  // namespace caramba
