// profile_cache.h — which type profile a translation uses: the one named by
// --types, none with --no-types, else the project's `.caramba/types.json`
// found from the input file (FindProjectProfile). Every front end (the
// single-file CLI, batch mode, difftest, the LSP) goes through it, so they
// agree, and a profile is read once per run rather than once per file.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "caramba/type_profile.h"

namespace caramba {

/// The command-line choice (translate_flags.h adds the flags).
struct ProfileFlags {
  std::string types;      // --types PROFILE ("" = find the project's)
  bool no_types = false;  // --no-types
};

class ProfileCache {
 public:
  /// `long_lived` (the LSP): look for project profiles again on every call
  /// and reload a profile whose file changed, so a new `caramba record` is
  /// seen without restarting the server. Otherwise each folder is searched
  /// once and each profile read once.
  explicit ProfileCache(ProfileFlags flags = {}, bool long_lived = false);

  /// The profile for translating `file` (a path; stdin is looked up from the
  /// working folder): null when there is none. False with `error` set (the
  /// file and what is wrong with it) when the profile cannot be read.
  /// `flags` replaces the cache's own flags for this call (a document's
  /// `[tool.caramba] types`, in the language server).
  bool For(std::string_view file, std::shared_ptr<const TypeProfile>* profile, std::string* error,
           const ProfileFlags* flags = nullptr);

  const ProfileFlags& flags() const { return flags_; }

 private:
  struct Entry {
    std::shared_ptr<const TypeProfile> profile;
    std::string error;
    int64_t mtime_ns = 0;
    uint64_t size = 0;
  };
  bool Load(const std::string& path, std::shared_ptr<const TypeProfile>* profile, std::string* error);

  ProfileFlags flags_;
  bool long_lived_;
  std::mutex mu_;
  std::map<std::string, Entry> loaded_;           // by profile path
  std::map<std::string, std::string> found_in_;   // folder -> its project profile ("" = none)
};

/// The help line printed under a CRB012 error.
inline constexpr std::string_view kProfileHelp =
    "record the profile again with caramba record, pass another with --types, or translate without it "
    "(--no-types)";

}  // namespace caramba
