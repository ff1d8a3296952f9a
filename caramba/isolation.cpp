// isolation.cpp — see isolation.h.
#include "caramba/isolation.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <exception>
#include <mutex>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace caramba {

namespace {

std::mutex& GuardMutex() {
  static std::mutex m;
  return m;
}
thread_local bool t_holds_guard = false;

bool WriteAll(int fd, const char* p, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

}  // namespace

ParentWorkGuard::ParentWorkGuard() {
  GuardMutex().lock();
  t_holds_guard = true;
}
ParentWorkGuard::~ParentWorkGuard() {
  t_holds_guard = false;
  GuardMutex().unlock();
}

bool IsolationEnabled() {
  const char* v = std::getenv("CARAMBA_NO_ISOLATION");
  return !v || !*v || std::string_view(v) == "0";
}

ChildOutcome RunInChild(const std::function<std::string()>& work) {
  ChildOutcome out;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    out.failure = std::string("cannot create a pipe for the translator process: ") + std::strerror(errno);
    return out;
  }
  pid_t pid = ::fork();
  if (pid < 0) {
    int err = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    out.failure = std::string("cannot start the translator process: ") + std::strerror(err);
    return out;
  }
  if (pid == 0) {
    ::close(fds[0]);
    // A crash is reported by the parent; a core file of each would only fill the disk.
    struct rlimit no_core {0, 0};
    ::setrlimit(RLIMIT_CORE, &no_core);
    std::string bytes;
    char tag = 'R';
    try {
      bytes = work();
    } catch (const std::exception& e) {
      tag = 'E';
      bytes = std::string("internal error: ") + e.what();
    } catch (...) {
      tag = 'E';
      bytes = "internal error: unknown exception";
    }
    bool written = WriteAll(fds[1], &tag, 1) && WriteAll(fds[1], bytes.data(), bytes.size());
    ::close(fds[1]);
    ::_exit(written ? 0 : 3);  // no atexit handlers, no static destructors: they belong to the parent
  }
  ::close(fds[1]);
  // Let other batch workers fork and work while this child computes.
  bool relock = t_holds_guard;
  if (relock) {
    t_holds_guard = false;
    GuardMutex().unlock();
  }
  std::string got;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got.append(buf, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (relock) {
    GuardMutex().lock();
    t_holds_guard = true;
  }
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    const char* name = ::strsignal(sig);
    out.failure = "the translator crashed (signal " + std::to_string(sig) + ", " + (name ? name : "?") +
                  "); nothing was written for this file";
    return out;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || got.empty()) {
    out.failure = "the translator process exited with status " +
                  std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) +
                  " before it finished; nothing was written for this file";
    return out;
  }
  if (got[0] == 'E') {
    out.failure = got.substr(1);
    return out;
  }
  out.ok = true;
  out.bytes = got.substr(1);
  return out;
}

namespace {

// PassResult over the pipe: CBOR keeps file names and texts byte for byte
// (JSON text would need valid UTF-8).
std::string EncodeResult(const PassResult& r) {
  nlohmann::json j;
  j["ok"] = r.ok;
  j["output"] = r.output;
  nlohmann::json ds = nlohmann::json::array();
  for (const Diagnostic& d : r.diagnostics) {
    nlohmann::json e{{"code", std::string(d.Code())}, {"severity", static_cast<int>(d.severity)},
                     {"message", d.message},          {"path", d.path},
                     {"end", d.end},                  {"help", d.help}};
    if (d.start) e["start"] = *d.start;
    ds.push_back(std::move(e));
  }
  j["diagnostics"] = std::move(ds);
  std::vector<uint8_t> cbor = nlohmann::json::to_cbor(j);
  return std::string(cbor.begin(), cbor.end());
}

PassResult DecodeResult(const std::string& bytes) {
  nlohmann::json j = nlohmann::json::from_cbor(bytes);
  PassResult r;
  r.ok = j.at("ok").get<bool>();
  r.output = j.at("output").get<std::string>();
  for (const auto& e : j.at("diagnostics")) {
    const DiagInfo* info = FindDiag(e.at("code").get<std::string>());
    Diagnostic d = Diagnostic::Make(info ? info->id : DiagId::kInternal, e.at("message").get<std::string>(),
                                    e.at("path").get<std::string>());
    d.severity = static_cast<Severity>(e.at("severity").get<int>());
    d.end = e.at("end").get<uint32_t>();
    d.help = e.at("help").get<std::string>();
    if (e.contains("start")) d.start = e.at("start").get<uint32_t>();
    r.diagnostics.push_back(std::move(d));
  }
  return r;
}

}  // namespace

PassResult RunTranslationIsolated(const PassManager& pm, const std::string& source, std::string_view path,
                                  const TranslateOptions& options) {
  if (!IsolationEnabled()) return pm.Run(source, path, options);
  ChildOutcome c = RunInChild([&] { return EncodeResult(pm.Run(source, path, options)); });
  PassResult r;
  if (!c.ok) {
    r.diagnostics.push_back(
        Diagnostic::Make(DiagId::kTranslatorCrashed, c.failure, std::string(path))
            .Help("please report this with the input file; run with CARAMBA_NO_ISOLATION=1 under a debugger "
                  "to see the crash itself"));
    return r;
  }
  r = DecodeResult(c.bytes);
  // What the child computed but cannot send: recomputed from the texts (a
  // parse and the module analysis, cheap next to the translation).
  bool syntax_error = false;
  for (const Diagnostic& d : r.diagnostics)
    if (d.id == DiagId::kSyntaxError || d.id == DiagId::kPython2Syntax || d.id == DiagId::kTooDeep)
      syntax_error = true;
  if (!syntax_error) {
    Tree input = Tree::Parse(source);
    r.input_module = std::make_shared<ModuleInfo>(AnalyzeModule(input, path));
  }
  if (r.ok) r.output_tree = std::make_shared<const Tree>(Tree::Parse(r.output));
  return r;
}

void RunOnLargeStack(const std::function<void()>& fn) {
  constexpr size_t kStack = size_t{512} << 20;
  struct Call {
    const std::function<void()>* fn;
    std::exception_ptr error;
  } call{&fn, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStack);
  pthread_t thread;
  auto body = [](void* p) -> void* {
    auto* c = static_cast<Call*>(p);
    try {
      (*c->fn)();
    } catch (...) {
      c->error = std::current_exception();
    }
    return nullptr;
  };
  int rc = pthread_create(&thread, &attr, body, &call);
  pthread_attr_destroy(&attr);
  if (rc != 0) {
    fn();  // no thread to be had: the caller's stack (the depth limit still bounds the walks)
    return;
  }
  pthread_join(thread, nullptr);
  if (call.error) std::rethrow_exception(call.error);
}

void MaybeCrashForTest(std::string_view source) {
  const char* marker = std::getenv("CARAMBA_TEST_CRASH_MARKER");
  if (marker && *marker && source.find(marker) != std::string_view::npos) std::raise(SIGSEGV);
}

}  // namespace caramba
