// profile_cache.cpp — see profile_cache.h.
#include "caramba/profile_cache.h"

#include <filesystem>

#include <sys/stat.h>

namespace fs = std::filesystem;

namespace caramba {

ProfileCache::ProfileCache(ProfileFlags flags, bool long_lived) : flags_(std::move(flags)), long_lived_(long_lived) {}

bool ProfileCache::Load(const std::string& path, std::shared_ptr<const TypeProfile>* profile, std::string* error) {
  struct stat st {};
  bool exists = ::stat(path.c_str(), &st) == 0;
  int64_t mtime = exists ? static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec : -1;
  uint64_t size = exists ? static_cast<uint64_t>(st.st_size) : 0;
  auto it = loaded_.find(path);
  bool fresh = it != loaded_.end() && (!long_lived_ || (it->second.mtime_ns == mtime && it->second.size == size));
  if (!fresh) {
    Entry e;
    e.mtime_ns = mtime;
    e.size = size;
    std::string why;
    if (auto p = LoadTypeProfile(path, &why)) e.profile = std::make_shared<const TypeProfile>(std::move(*p));
    else e.error = why;
    it = loaded_.insert_or_assign(path, std::move(e)).first;
  }
  if (!it->second.error.empty()) {
    *error = it->second.error;
    return false;
  }
  *profile = it->second.profile;
  return true;
}

bool ProfileCache::For(std::string_view file, std::shared_ptr<const TypeProfile>* profile, std::string* error,
                       const ProfileFlags* flags) {
  std::lock_guard<std::mutex> lock(mu_);
  const ProfileFlags& f = flags ? *flags : flags_;
  profile->reset();
  if (f.no_types) return true;
  if (!f.types.empty()) return Load(f.types, profile, error);
  std::error_code ec;
  fs::path p = file.empty() || file == "-" ? fs::current_path(ec) : fs::absolute(fs::path(file), ec);
  std::string dir = (fs::is_directory(p, ec) ? p : p.parent_path()).lexically_normal().string();
  std::string found;
  auto it = found_in_.find(dir);
  if (it != found_in_.end() && !long_lived_) {
    found = it->second;
  } else {
    found = FindProjectProfile(dir);
    found_in_[dir] = found;
  }
  if (found.empty()) return true;
  return Load(found, profile, error);
}

}  // namespace caramba
