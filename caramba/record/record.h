// record.h — recording the types Numba compiles (`caramba record`, and
// difftest before it translates; docs/types.md).
//
// A Recording is a private temporary folder holding the Python hook
// (record_hook.py, installed as `sitecustomize.py`) and the fragments that the
// recorded Python processes write at exit, one per process. The caller runs
// its command with Environment() added, then Collect()s the fragments into
// one TypeProfile.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "caramba/file_system.h"
#include "caramba/type_profile.h"

namespace caramba::record {

/// caramba/record/record_hook.py, embedded at build time.
std::string_view HookSource();

class Recording {
 public:
  /// Creates the folder under $TMPDIR and writes the hook; null with `error`
  /// set when that fails.
  static std::unique_ptr<Recording> Start(std::string* error);
  /// Removes the folder and everything in it.
  ~Recording();
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;

  /// What to add to the recorded command's environment: PYTHONPATH with the
  /// hook's folder first (an inherited PYTHONPATH follows it), and
  /// CARAMBA_RECORD_DIR, where the fragments go.
  std::map<std::string, std::string> Environment() const;

  /// Every fragment written so far, merged (MergeTypeProfile). A fragment
  /// that cannot be read is skipped with a warning.
  TypeProfile Collect(std::vector<std::string>* warnings) const;

  /// Number of fragment files (one per Python process that saw Numba).
  size_t FragmentCount() const;

 private:
  explicit Recording(std::string dir) : dir_(std::move(dir)) {}
  std::string dir_;
};

/// What WriteMerged did.
struct WriteSummary {
  size_t kernels = 0, signatures = 0;          // in the profile written
  size_t new_kernels = 0, new_signatures = 0;  // added by this recording
};

/// Merges `recorded` into the profile at `path` (an existing one is read
/// first and must be valid) and writes it atomically, creating its folder.
/// False with `error` set (the existing file is then left as it was).
bool WriteMerged(const std::string& path, const TypeProfile& recorded, FileSystem& fs, WriteSummary* summary,
                 std::string* error);

}  // namespace caramba::record
