// record.cpp — see record.h.
#include "caramba/record/record.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include <unistd.h>

namespace fs = std::filesystem;

namespace caramba::record {

std::unique_ptr<Recording> Recording::Start(std::string* error) {
  std::error_code ec;
  fs::path tmp = fs::temp_directory_path(ec);
  if (ec) tmp = "/tmp";
  std::string tmpl = (tmp / "caramba-record-XXXXXX").string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) {
    *error = "cannot create a temporary folder under " + tmp.string();
    return nullptr;
  }
  std::unique_ptr<Recording> r(new Recording(buf.data()));
  fs::create_directories(fs::path(r->dir_) / "hook", ec);
  if (!ec) fs::create_directories(fs::path(r->dir_) / "fragments", ec);
  std::ofstream hook(fs::path(r->dir_) / "hook" / "sitecustomize.py", std::ios::binary);
  hook << HookSource();
  hook.close();
  if (ec || !hook) {
    *error = "cannot write the recording hook into " + r->dir_;
    return nullptr;
  }
  return r;
}

Recording::~Recording() {
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

std::map<std::string, std::string> Recording::Environment() const {
  std::string path = (fs::path(dir_) / "hook").string();
  if (const char* old = std::getenv("PYTHONPATH"); old && *old) path += ":" + std::string(old);
  return {{"PYTHONPATH", path}, {"CARAMBA_RECORD_DIR", (fs::path(dir_) / "fragments").string()}};
}

namespace {

std::vector<fs::path> Fragments(const std::string& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(fs::path(dir) / "fragments", ec)) {
    std::string name = e.path().filename().string();
    // ".fragment-*.tmp" are being written (or were, by a process that died).
    if (name.rfind("fragment-", 0) == 0 && e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

using SigId = std::tuple<std::string, std::string, std::string>;  // canonical file, qualname, arg types

std::set<SigId> SignatureIds(const TypeProfile& p) {
  std::set<SigId> ids;
  for (const auto& k : p.kernels)
    for (const auto& s : k.signatures) {
      std::string args;
      for (const auto& a : s.args) args += a.numba + "\x1f";
      ids.emplace(k.canonical, k.qualname, args);
    }
  return ids;
}

}  // namespace

size_t Recording::FragmentCount() const { return Fragments(dir_).size(); }

TypeProfile Recording::Collect(std::vector<std::string>* warnings) const {
  TypeProfile all;
  for (const fs::path& f : Fragments(dir_)) {
    std::ifstream in(f, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::string why;
    auto p = ParseTypeProfile(text.str(), f.string(), &why);
    if (!p) {
      warnings->push_back("skipped a fragment the hook wrote: " + why);
      continue;
    }
    MergeTypeProfile(&all, *p);
  }
  return all;
}

bool WriteMerged(const std::string& path, const TypeProfile& recorded, FileSystem& fsys, WriteSummary* summary,
                 std::string* error) {
  TypeProfile profile;
  if (fsys.Stat(path, true)) {
    auto old = LoadTypeProfile(path, error);
    if (!old) {
      *error += " (it was not changed: fix or delete it, or write elsewhere with -o)";
      return false;
    }
    profile = std::move(*old);
  }
  std::set<SigId> before = SignatureIds(profile);
  std::set<std::pair<std::string, std::string>> kernels_before;
  for (const auto& k : profile.kernels) kernels_before.emplace(k.canonical, k.qualname);
  MergeTypeProfile(&profile, recorded);
  profile.path = path;
  profile.root = ProfileRootFor(path);

  *summary = WriteSummary{};
  summary->kernels = profile.kernels.size();
  summary->signatures = SignatureCount(profile);
  for (const auto& id : SignatureIds(recorded)) summary->new_signatures += !before.count(id);
  for (const auto& k : recorded.kernels) summary->new_kernels += !kernels_before.count({k.canonical, k.qualname});

  Diagnostic d;
  std::string dir = fs::path(path).parent_path().string();
  if (!dir.empty() && !fsys.MakeDirs(dir, &d)) {
    *error = d.message;
    return false;
  }
  if (!fsys.WriteAtomic(path, TypeProfileToJson(profile), &d)) {
    *error = d.message;
    return false;
  }
  return true;
}

}  // namespace caramba::record
