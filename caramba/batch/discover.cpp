// discover.cpp — see discover.h.
#include "caramba/batch/discover.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "caramba/batch/git_ignore.h"
#include "caramba/batch/ignore.h"

namespace caramba {

std::string CleanPath(const std::string& path) {
  if (path.empty()) return path;
  bool absolute = path[0] == '/';
  std::vector<std::string> parts;
  size_t i = 0;
  while (i <= path.size()) {
    size_t j = path.find('/', i);
    if (j == std::string::npos) j = path.size();
    std::string seg = path.substr(i, j - i);
    if (!seg.empty() && seg != ".") parts.push_back(seg);
    i = j + 1;
  }
  std::string out = absolute ? "/" : "";
  for (size_t k = 0; k < parts.size(); ++k) out += (k ? "/" : "") + parts[k];
  return out.empty() ? "." : out;
}

std::string JoinPath(const std::string& dir, const std::string& name) {
  if (dir.empty() || dir == ".") return name;
  if (dir.back() == '/') return dir + name;
  return dir + "/" + name;
}

namespace {

bool EndsWith(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool Within(const std::string& path, const std::string& dir) {
  if (dir == "/") return !path.empty() && path[0] == '/';
  return path == dir || (path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 && path[dir.size()] == '/');
}

using Identity = std::pair<uint64_t, uint64_t>;  // (dev, ino)

class Walker {
 public:
  Walker(const DiscoverOptions& opts, FileSystem& fs, Discovery& out) : opts_(opts), fs_(fs), out_(out) {
    for (const auto& d : opts.skip_dirs)
      if (auto fi = fs.Stat(d, true)) skip_.insert({fi->dev, fi->ino});
  }

  void AddRealRoot(const std::string& real) { root_reals_.push_back(real); }

  void WalkRoot(const std::string& root, const std::string& root_abs) {
    excludes_ = IgnoreRules();
    // Anchored exclude globs ("src/legacy") are relative to the working
    // directory and to the root; plain names ("build") match at any depth.
    std::string cwd = fs_.RealPath(".");
    auto add_exclude = [&](const std::string& pattern) {
      if (pattern.find('/') == std::string::npos || pattern.find('/') == pattern.size() - 1) {
        excludes_.Add(pattern, "/");
      } else {
        if (!cwd.empty()) excludes_.Add(pattern, cwd);
        if (!opts_.config_dir.empty()) excludes_.Add(pattern, opts_.config_dir);
        excludes_.Add(pattern, root_abs);
      }
    };
    for (const auto& p : opts_.exclude ? *opts_.exclude : DefaultExcludes()) add_exclude(p);
    for (const auto& p : opts_.extend_exclude) add_exclude(p);

    // What git ignores (git_ignore.h): .gitignore files at every level of the
    // repository, .git/info/exclude and core.excludesFile; nothing outside one.
    git_.reset();
    if (opts_.respect_gitignore) git_ = GitIgnore::Open(root_abs);
    std::vector<Identity> ancestors;
    if (auto fi = fs_.Stat(root, true)) ancestors.push_back({fi->dev, fi->ino});
    size_t before = out_.files.size();
    Walk(root, root_abs, "", ancestors, false);
    if (out_.files.size() == before)
      out_.diagnostics.push_back(Diagnostic::Make(DiagId::kNoPythonFiles,
                                                  "no Python files found under '" + root + "'", root));
  }

  /// Records a file found by the walk or named on the command line.
  void AddFile(InputFile f, const FileInfo& fi, bool via_link) {
    out_.files.push_back(std::move(f));
    found_.push_back({{fi.dev, fi.ino}, via_link});
  }

  /// One entry per file (a file reached twice, through a link or two roots,
  /// is translated once): the first path that is not a link wins, else the
  /// first path; the list keeps walk order.
  void Dedupe() {
    std::map<Identity, size_t> pick;
    for (size_t i = 0; i < found_.size(); ++i) {
      auto [it, fresh] = pick.emplace(found_[i].first, i);
      if (!fresh && found_[it->second].second && !found_[i].second) it->second = i;
    }
    std::vector<InputFile> kept;
    for (size_t i = 0; i < found_.size(); ++i)
      if (pick[found_[i].first] == i) kept.push_back(std::move(out_.files[i]));
    out_.files = std::move(kept);
  }

 private:
  bool InsideRoots(const std::string& real) const {
    for (const auto& r : root_reals_)
      if (Within(real, r)) return true;
    return false;
  }

  // `via_link`: some directory on the way down was a followed symlink.
  void Walk(const std::string& dir, const std::string& dir_abs, const std::string& rel,
            std::vector<Identity>& ancestors, bool via_link) {
    std::vector<std::string> names;
    Diagnostic diag;
    if (!fs_.ListDir(dir, &names, &diag)) {
      out_.diagnostics.push_back(diag);
      return;
    }
    std::sort(names.begin(), names.end());
    for (const std::string& name : names) {
      std::string path = JoinPath(dir, name);
      std::string abs = dir_abs + "/" + name;
      std::string child_rel = rel.empty() ? name : rel + "/" + name;
      auto lst = fs_.Stat(path, false);
      if (!lst) continue;  // vanished while we walked
      FileInfo info = *lst;
      std::string write_path = path;
      if (lst->type == FileInfo::Type::kSymlink) {
        auto target = fs_.Stat(path, true);
        bool relevant = target && (target->type == FileInfo::Type::kDirectory ||
                                   (target->type == FileInfo::Type::kRegular && EndsWith(name, ".py")));
        if (!relevant) continue;  // a link to data or a broken link: not ours
        if (Excluded(abs, target->type == FileInfo::Type::kDirectory)) continue;
        if (!opts_.follow_symlinks) {
          out_.diagnostics.push_back(
              Diagnostic::Make(DiagId::kSymlinkSkipped, "symlink '" + path + "' not followed", path)
                  .Help("pass --follow-symlinks to follow links that stay inside the given paths"));
          continue;
        }
        std::string real = fs_.RealPath(path);
        if (real.empty() || !InsideRoots(real)) {
          out_.diagnostics.push_back(
              Diagnostic::Make(DiagId::kSymlinkSkipped,
                               "symlink '" + path + "' not followed: it points outside the given paths", path)
                  .Help("name the target on the command line to migrate it"));
          continue;
        }
        info = *target;
        write_path = real;  // -i replaces the target, not the link
      } else if (Excluded(abs, lst->type == FileInfo::Type::kDirectory)) {
        continue;
      }
      if (info.type == FileInfo::Type::kDirectory) {
        if (name == ".git" || skip_.count({info.dev, info.ino})) continue;
        Identity id{info.dev, info.ino};
        auto loop = std::find(ancestors.begin(), ancestors.end(), id);
        if (loop != ancestors.end()) {
          out_.diagnostics.push_back(Diagnostic::Make(
              DiagId::kSymlinkLoop, "symlink loop: '" + path + "' leads back to a directory above it", path));
          continue;
        }
        bool link = via_link || lst->type == FileInfo::Type::kSymlink;
        // Many links to one directory: walk it through a link once. A real
        // path is always walked (its files win the de-duplication).
        if (link && !link_dirs_seen_.insert(id).second) continue;
        ancestors.push_back(id);
        Walk(path, abs, child_rel, ancestors, link);
        ancestors.pop_back();
      } else if (info.type == FileInfo::Type::kRegular && EndsWith(name, ".py")) {
        InputFile f;
        f.path = path;
        f.rel = child_rel;
        f.write_path = write_path;
        f.mode = info.mode;
        AddFile(std::move(f), info, via_link || lst->type == FileInfo::Type::kSymlink);
      }
    }
  }

  bool Excluded(const std::string& abs, bool is_dir) {
    if (excludes_.Match(abs, is_dir).value_or(false) ||
        (git_ && git_->Ignored(abs, is_dir))) {
      ++out_.excluded;
      return true;
    }
    return false;
  }

  const DiscoverOptions& opts_;
  FileSystem& fs_;
  Discovery& out_;
  IgnoreRules excludes_;
  std::unique_ptr<GitIgnore> git_;
  std::vector<std::string> root_reals_;
  std::set<Identity> skip_, link_dirs_seen_;
  std::vector<std::pair<Identity, bool>> found_;  // parallel to out_.files: identity, reached via a link
};

}  // namespace

Discovery Discover(const std::vector<std::string>& roots, const DiscoverOptions& options, FileSystem& fs,
                   const std::string& stdin_filename) {
  Discovery out;
  Walker walker(options, fs, out);
  std::vector<std::string> reals(roots.size());
  for (size_t i = 0; i < roots.size(); ++i) {
    if (roots[i] == "-") continue;
    reals[i] = fs.RealPath(roots[i]);
    if (!reals[i].empty()) walker.AddRealRoot(reals[i]);
  }
  for (size_t i = 0; i < roots.size(); ++i) {
    if (roots[i] == "-") {
      InputFile f;
      f.path = stdin_filename.empty() ? "-" : stdin_filename;
      f.rel = stdin_filename.empty() ? "stdin.py" : CleanPath(stdin_filename);
      f.is_stdin = true;
      FileInfo none;  // stdin is no file: an identity no real file has
      none.dev = ~uint64_t{0};
      walker.AddFile(std::move(f), none, false);
      continue;
    }
    std::string root = CleanPath(roots[i]);
    auto fi = fs.Stat(root, true);
    if (!fi) {
      out.diagnostics.push_back(
          Diagnostic::Make(DiagId::kFileNotFound, "no such file or directory: '" + roots[i] + "'", roots[i]));
      continue;
    }
    if (fi->type == FileInfo::Type::kDirectory) {
      // Without a real path (a fake file system) the cleaned path stands in.
      walker.WalkRoot(root, reals[i].empty() ? (root[0] == '/' ? root : "/" + root) : reals[i]);
    } else if (fi->type == FileInfo::Type::kRegular) {
      InputFile f;
      f.path = root;
      f.rel = root.substr(root.rfind('/') == std::string::npos ? 0 : root.rfind('/') + 1);
      f.write_path = reals[i].empty() ? root : reals[i];
      // A file named explicitly through a link is written through the link.
      auto l = fs.Stat(root, false);
      bool link = l && l->type == FileInfo::Type::kSymlink;
      if (!link) f.write_path = root;
      f.mode = fi->mode;
      walker.AddFile(std::move(f), *fi, link);
    } else {
      out.diagnostics.push_back(Diagnostic::Make(
          DiagId::kNotAFile, "'" + roots[i] + "' is not a regular file or a directory", roots[i]));
    }
  }
  walker.Dedupe();
  return out;
}

}  // namespace caramba
