// file_system.cpp — see file_system.h.
#include "caramba/file_system.h"

#include <cerrno>
#include <csignal>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <regex>
#include <sys/stat.h>
#include <unistd.h>

#include "caramba/text.h"

namespace caramba {

std::optional<std::string> RealFileSystem::Read(const std::string& path, Diagnostic* diag) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    int err = errno;
    if (err == ENOENT || err == ENOTDIR)
      *diag = Diagnostic::Make(DiagId::kFileNotFound, "no such file: '" + path + "'", path);
    else
      *diag = Diagnostic::Make(DiagId::kUnreadable, "cannot access '" + path + "': " + std::strerror(err), path);
    return std::nullopt;
  }
  if (!S_ISREG(st.st_mode)) {
    std::string what = S_ISDIR(st.st_mode) ? "a directory" : "not a regular file";
    *diag = Diagnostic::Make(DiagId::kNotAFile, "'" + path + "' is " + what + ", expected a Python file", path);
    return std::nullopt;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *diag = Diagnostic::Make(DiagId::kUnreadable, "cannot open '" + path + "': " + std::strerror(errno), path);
    return std::nullopt;
  }
  std::string out;
  out.reserve(static_cast<size_t>(st.st_size));
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      ::close(fd);
      *diag = Diagnostic::Make(DiagId::kUnreadable, "cannot read '" + path + "': " + std::strerror(err), path);
      return std::nullopt;
    }
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return out;
}

bool RealFileSystem::WriteAtomic(const std::string& path, std::string_view content, Diagnostic* diag) {
  return WriteImpl(path, content, std::nullopt, diag, false);
}

bool RealFileSystem::WriteAtomicWithMode(const std::string& path, std::string_view content, uint32_t mode,
                                         Diagnostic* diag) {
  return WriteImpl(path, content, mode, diag, false);
}

namespace {

// A write beyond `ulimit -f` must fail with EFBIG (reported as CRB007, the
// temporary file removed), not kill the process with SIGXFSZ.
void IgnoreFileSizeSignal() {
  static const bool once = [] {
    std::signal(SIGXFSZ, SIG_IGN);
    return true;
  }();
  (void)once;
}

bool WriteFd(int fd, std::string_view content, int* err) {
  size_t off = 0;
  while (off < content.size()) {
    ssize_t n = ::write(fd, content.data() + off, content.size() - off);
    if (n < 0) {
      if (errno == EINTR) continue;
      *err = errno;
      return false;
    }
    off += static_cast<size_t>(n);
  }
  return true;
}

// ".NAME.caramba-XXXXXX" in NAME's directory, with NAME shortened so the
// temporary name fits NAME_MAX however long the real one is.
std::string TempTemplate(const std::string& dir, const std::string& base) {
  const size_t kExtra = std::string_view(".").size() + std::string_view(".caramba-XXXXXX").size();
  std::string stem = base.size() + kExtra > NAME_MAX ? base.substr(0, NAME_MAX - kExtra) : base;
  return dir + "/." + stem + ".caramba-XXXXXX";
}

}  // namespace

bool RealFileSystem::WriteImpl(const std::string& given_path, std::string_view content,
                               std::optional<uint32_t> new_mode, Diagnostic* diag, bool no_replace) {
  IgnoreFileSizeSignal();
  auto fail = [&](const std::string& what) {
    *diag = Diagnostic::Make(DiagId::kOutputWrite, "cannot write '" + given_path + "': " + what, given_path);
    return false;
  };
  // umask() is process-global and racy when batch workers write in
  // parallel: read it once.
  static const mode_t kUmask = [] { mode_t m = ::umask(0); ::umask(m); return m; }();
  mode_t mode = new_mode ? static_cast<mode_t>(*new_mode & 07777) : (0666 & ~kUmask);
  std::string path = given_path;
  struct stat st {};
  bool exists = ::lstat(path.c_str(), &st) == 0;
  if (exists && no_replace) return fail("it already exists (refusing to overwrite it)");
  if (exists && S_ISLNK(st.st_mode)) {
    // A symlink stays a symlink: its target is written (replaced atomically
    // in the target's directory), as an editor saving through it would.
    char buf[PATH_MAX];
    if (!::realpath(path.c_str(), buf)) return fail("it is a symlink whose target does not exist");
    path = buf;
    exists = ::lstat(path.c_str(), &st) == 0;
  }
  bool keep_owner = false;
  if (exists) {
    if (S_ISDIR(st.st_mode)) return fail("it is a directory");
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
      // A device or a pipe (-o /dev/null, -o /dev/stdout, a FIFO) is written
      // to, never replaced: renaming a file over it would replace the device.
      int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
      if (fd < 0) return fail(std::strerror(errno));
      int err = 0;
      bool ok = WriteFd(fd, content, &err);
      ::close(fd);
      return ok ? true : fail(std::strerror(err));
    }
    if (!S_ISREG(st.st_mode)) return fail("it is not a regular file, a character device or a FIFO");
    if (st.st_nlink > 1)
      return fail("it has " + std::to_string(st.st_nlink) +
                  " hard links; replacing it would split them (break the links, or write elsewhere)");
    mode = st.st_mode & 07777;
    keep_owner = st.st_uid != ::geteuid() || st.st_gid != ::getegid();
  }
  std::string dir = ".";
  if (auto slash = path.rfind('/'); slash != std::string::npos) dir = slash == 0 ? "/" : path.substr(0, slash);
  std::string base = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  std::string tmp = TempTemplate(dir, base);
  int fd = ::mkstemp(tmp.data());
  if (fd < 0) return fail(std::strerror(errno));
  auto fail_tmp = [&](int err) {
    ::close(fd);
    ::unlink(tmp.c_str());
    return fail(std::strerror(err));
  };
  int err = 0;
  if (!WriteFd(fd, content, &err)) return fail_tmp(err);
  // The replacement keeps the owner and group of the file it replaces; where
  // that is not allowed (another user's file), nothing is replaced.
  if (keep_owner && ::fchown(fd, st.st_uid, st.st_gid) != 0) {
    ::close(fd);
    ::unlink(tmp.c_str());
    return fail("it belongs to another user or group, and the replacement could not keep its owner (" +
                std::string(std::strerror(errno)) + ")");
  }
  if (::fchmod(fd, mode) != 0 || ::fsync(fd) != 0) return fail_tmp(errno);
  ::close(fd);
  if (no_replace) {
    // link() never replaces: a file that appeared meanwhile is kept.
    int rc = ::link(tmp.c_str(), path.c_str());
    int lerr = errno;
    ::unlink(tmp.c_str());
    if (rc != 0) return fail(lerr == EEXIST ? "it already exists (refusing to overwrite it)" : std::strerror(lerr));
    return true;
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    int rerr = errno;
    ::unlink(tmp.c_str());
    return fail(std::strerror(rerr));
  }
  return true;
}

bool RealFileSystem::WriteNew(const std::string& path, std::string_view content, uint32_t mode, Diagnostic* diag) {
  return WriteImpl(path, content, mode, diag, /*no_replace=*/true);
}

bool RealFileSystem::SameFile(const std::string& a, const std::string& b) {
  struct stat sa {}, sb {};
  if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

// Defaults for file systems that only serve the single-file CLI.
std::optional<FileInfo> FileSystem::Stat(const std::string&, bool) { return std::nullopt; }
bool FileSystem::ListDir(const std::string& path, std::vector<std::string>*, Diagnostic* diag) {
  *diag = Diagnostic::Make(DiagId::kUnreadable, "cannot list '" + path + "': not supported by this file system", path);
  return false;
}
bool FileSystem::MakeDirs(const std::string& path, Diagnostic* diag) {
  *diag = Diagnostic::Make(DiagId::kOutputWrite, "cannot create '" + path + "': not supported by this file system",
                           path);
  return false;
}
bool FileSystem::WriteAtomicWithMode(const std::string& path, std::string_view content, uint32_t,
                                     Diagnostic* diag) {
  return WriteAtomic(path, content, diag);
}
std::string FileSystem::RealPath(const std::string&) { return {}; }
bool FileSystem::WriteNew(const std::string& path, std::string_view content, uint32_t mode, Diagnostic* diag) {
  if (Stat(path, false)) {
    *diag = Diagnostic::Make(DiagId::kOutputWrite, "cannot write '" + path + "': it already exists (refusing to overwrite it)",
                             path);
    return false;
  }
  return WriteAtomicWithMode(path, content, mode, diag);
}

std::optional<FileInfo> RealFileSystem::Stat(const std::string& path, bool follow) {
  struct stat st {};
  if ((follow ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st)) != 0) return std::nullopt;
  FileInfo fi;
  fi.type = S_ISREG(st.st_mode)   ? FileInfo::Type::kRegular
            : S_ISDIR(st.st_mode) ? FileInfo::Type::kDirectory
            : S_ISLNK(st.st_mode) ? FileInfo::Type::kSymlink
                                  : FileInfo::Type::kOther;
  fi.mode = st.st_mode & 07777;
  fi.dev = st.st_dev;
  fi.ino = st.st_ino;
  fi.size = static_cast<uint64_t>(st.st_size);
  return fi;
}

bool RealFileSystem::ListDir(const std::string& path, std::vector<std::string>* names, Diagnostic* diag) {
  DIR* d = ::opendir(path.c_str());
  if (!d) {
    *diag = Diagnostic::Make(DiagId::kUnreadable, "cannot list '" + path + "': " + std::strerror(errno), path);
    return false;
  }
  names->clear();
  errno = 0;
  while (struct dirent* e = ::readdir(d)) {
    std::string n = e->d_name;
    if (n != "." && n != "..") names->push_back(std::move(n));
  }
  int err = errno;
  ::closedir(d);
  if (err != 0) {
    *diag = Diagnostic::Make(DiagId::kUnreadable, "cannot list '" + path + "': " + std::strerror(err), path);
    return false;
  }
  return true;
}

bool RealFileSystem::MakeDirs(const std::string& path, Diagnostic* diag) {
  if (path.empty()) return true;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return true;
    *diag = Diagnostic::Make(DiagId::kOutputWrite, "cannot create directory '" + path + "': a file is in the way",
                             path);
    return false;
  }
  if (auto slash = path.find_last_of('/'); slash != std::string::npos && slash > 0)
    if (!MakeDirs(path.substr(0, slash), diag)) return false;
  // EEXIST: another worker created it between the stat and here.
  if (::mkdir(path.c_str(), 0777) != 0 && errno != EEXIST) {
    *diag = Diagnostic::Make(DiagId::kOutputWrite,
                             "cannot create directory '" + path + "': " + std::strerror(errno), path);
    return false;
  }
  return true;
}

std::string RealFileSystem::RealPath(const std::string& path) {
  char buf[PATH_MAX];
  if (!::realpath(path.c_str(), buf)) return {};
  return buf;
}

std::optional<Diagnostic> CheckSourceBytes(std::string_view bytes, const std::string& path) {
  if (LooksBinary(bytes)) {
    size_t at = bytes.find('\0');
    return Diagnostic::Make(DiagId::kNotUtf8,
                            "'" + path + "' looks binary (NUL byte at offset " + std::to_string(at) + ")", path);
  }
  int64_t bad = FindInvalidUtf8(bytes);
  if (bad >= 0) {
    LineIndex idx(bytes);
    LineCol lc = idx.At(static_cast<uint32_t>(bad));
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(bytes[static_cast<size_t>(bad)]));
    return Diagnostic::Make(DiagId::kNotUtf8,
                            "'" + path + "' is not valid UTF-8: byte " + hex + " at line " +
                                std::to_string(lc.line) + ", byte " + std::to_string(lc.byte_column + 1),
                            path)
        .Help("convert it, e.g. iconv -f latin1 -t utf-8");
  }
  // PEP 263 coding cookie on line 1 or 2.
  static const std::regex kCookie(R"(^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+))");
  LineIndex idx(bytes);
  for (uint32_t line = 1; line <= 2 && line <= idx.LineCount(); ++line) {
    std::string l(idx.Line(line));
    std::smatch m;
    if (std::regex_search(l, m, kCookie)) {
      std::string enc = m[1].str();
      std::string low;
      for (char c : enc) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (low != "utf-8" && low != "utf8" && low != "utf_8" && low != "ascii" && low != "us-ascii" &&
          low.rfind("utf-8-", 0) != 0)
        return Diagnostic::Make(DiagId::kUnknownEncoding,
                                "'" + path + "' declares encoding '" + enc + "' on line " + std::to_string(line),
                                path);
      break;
    }
    // Only a comment/blank first line lets the cookie sit on line 2.
    if (l.find_first_not_of(" \t\f") != std::string::npos && l[l.find_first_not_of(" \t\f")] != '#') break;
  }
  return std::nullopt;
}

}  // namespace caramba
