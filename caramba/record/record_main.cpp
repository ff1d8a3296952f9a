// record_main.cpp — `caramba record [-o PROFILE] -- CMD ARGS...`: runs the
// user's command with the recording hook and merges what Numba compiled into
// the project's type profile (docs/types.md).
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <fcntl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>

#include "caramba/cli.h"
#include "caramba/cli_parse.h"
#include "caramba/record/record.h"
#include "caramba/subcommands.h"

extern char** environ;

namespace fs = std::filesystem;

namespace caramba {

namespace {

volatile sig_atomic_t g_child = 0;

// SIGTERM/SIGHUP sent to caramba go on to the command, which then exits and
// lets us write what it recorded. (Ctrl-C reaches the command by itself: it
// is in our process group, the terminal's foreground group.)
void Forward(int sig) {
  if (g_child > 0) kill(g_child, sig);
}

struct Outcome {
  bool started = false;
  int status = 0;     // the shell's convention: the exit code, or 128 + signal
  std::string error;  // why it could not start
};

// Runs argv with the environment plus `extra`, stdin/stdout/stderr inherited.
Outcome RunCommand(const std::vector<std::string>& args, const std::map<std::string, std::string>& extra) {
  Outcome o;
  std::vector<std::string> env_s;
  for (char** e = environ; *e; ++e) {
    std::string kv(*e);
    if (!extra.count(kv.substr(0, kv.find('=')))) env_s.push_back(kv);
  }
  for (const auto& [k, v] : extra) env_s.push_back(k + "=" + v);
  std::vector<char*> argv, envp;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (auto& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);

  // exec's errno comes back through a close-on-exec pipe: nothing arrives
  // when exec succeeded.
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    o.error = std::string("pipe: ") + std::strerror(errno);
    return o;
  }
  // Like system(): the command gets Ctrl-C, caramba waits for it to finish.
  struct sigaction ignore {}, old_int {}, old_quit {}, fwd {}, old_term {}, old_hup {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  fwd.sa_handler = Forward;
  sigemptyset(&fwd.sa_mask);
  sigaction(SIGINT, &ignore, &old_int);
  sigaction(SIGQUIT, &ignore, &old_quit);
  sigaction(SIGTERM, &fwd, &old_term);
  sigaction(SIGHUP, &fwd, &old_hup);
  auto restore = [&] {
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGQUIT, &old_quit, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
    sigaction(SIGHUP, &old_hup, nullptr);
  };
  pid_t pid = fork();
  if (pid < 0) {
    o.error = std::string("fork: ") + std::strerror(errno);
    close(fds[0]);
    close(fds[1]);
    restore();
    return o;
  }
  if (pid == 0) {
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGQUIT, &old_quit, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
    sigaction(SIGHUP, &old_hup, nullptr);
    close(fds[0]);
    environ = envp.data();
    execvp(argv[0], argv.data());
    int e = errno;
    ssize_t ignored = write(fds[1], &e, sizeof e);
    (void)ignored;
    _exit(127);
  }
  g_child = pid;
  close(fds[1]);
  int exec_errno = 0;
  ssize_t n;
  while ((n = read(fds[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR) {
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  g_child = 0;
  restore();
  if (n == static_cast<ssize_t>(sizeof exec_errno)) {
    o.error = std::strerror(exec_errno);
    return o;
  }
  o.started = true;
  o.status = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
  return o;
}

std::string Shown(const std::string& path) {
  std::error_code ec;
  fs::path rel = fs::path(path).lexically_relative(fs::current_path(ec));
  return !ec && !rel.empty() && *rel.begin() != ".." ? rel.string() : path;
}

std::string Plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

int RecordMain(const std::vector<std::string>& args, std::istream&, std::ostream& out, std::ostream& err,
               FileSystem& fsys) {
  auto dd = std::find(args.begin(), args.end(), std::string("--"));
  std::vector<std::string> options(args.begin(), dd);
  std::vector<std::string> command(dd == args.end() ? args.end() : dd + 1, args.end());
  std::string output;
  CLI::App app{"caramba record [-q|-v] [-o PROFILE] -- CMD ARGS...\n\n"
               "Runs CMD and records the types Numba compiles for every kernel it calls (docs/types.md).",
               "caramba record"};
  app.set_help_flag("-h,--help", "print this help and exit");
  app.add_option("-o,--output", output,
                 "the profile to write or extend (default: .caramba/types.json in the project root, the "
                 "nearest folder above holding .caramba/, pyproject.toml or .git)");
  bool quiet = false, verbose = false;
  app.add_flag("-q,--quiet", quiet, "print errors only (no summary, no warnings)");
  app.add_flag("-v,--verbose", verbose, "also print each recorded kernel with its signatures");
  app.prefix_command();  // without --, the first word that is not an option starts the command
  app.footer(
      "\nExamples: caramba record -- python run.py;  caramba record -- python -m pytest tests/\n"
      "Every Python process CMD starts is recorded (subprocesses, pytest-xdist workers,\n"
      "multiprocessing children). The profile is extended: signatures are added, none removed.\n"
      "Exit status: CMD's, or 2 when CMD cannot be run or the profile cannot be written.\n"
      "Translations use the profile by themselves (caramba FILE; --types/--no-types choose).");
  if (auto stop = ParseArgs(app, options, out, err, "caramba record", "run caramba record --help")) return *stop;
  if (dd == args.end()) command = app.remaining();
  auto fail = [&](const std::string& msg) {
    err << "caramba record: error[CRB013]: " << msg << "\n";
    return static_cast<int>(kExitFailure);
  };
  if (command.empty()) return fail("no command to run (usage: caramba record [-o PROFILE] -- CMD ARGS...)");
  if (quiet && verbose) return fail("-q and -v contradict each other: choose one");

  std::error_code ec;
  if (output.empty()) output = (fs::path(FindProjectRoot(fs::current_path(ec).string())) / ".caramba" / "types.json").string();
  // Check the existing profile before running what may be a long command.
  if (fsys.Stat(output, true)) {
    std::string why;
    if (!LoadTypeProfile(output, &why))
      return fail(why + " (it was not changed: fix or delete it, or write elsewhere with -o)");
  }

  std::string why;
  std::unique_ptr<record::Recording> rec = record::Recording::Start(&why);
  if (!rec) return fail(why);
  Outcome run = RunCommand(command, rec->Environment());
  if (!run.started) return fail("cannot run '" + command[0] + "': " + run.error);

  std::vector<std::string> warnings;
  TypeProfile recorded = rec->Collect(&warnings);
  if (!quiet)
    for (const auto& w : warnings) err << "caramba record: warning: " << w << "\n";
  if (recorded.kernels.empty()) {
    err << "caramba record: no Numba kernel was compiled by '" << command[0] << "'; " << Shown(output)
        << " was not written"
        << (rec->FragmentCount() == 0 ? " (did a Python process that imports Numba run? Python started with -I "
                                        "or -E ignores the hook)"
                                      : "")
        << "\n";
    return run.status;
  }
  record::WriteSummary sum;
  if (!record::WriteMerged(output, recorded, fsys, &sum, &why)) return fail("cannot write the profile: " + why);
  if (verbose)
    for (const ProfiledKernel& k : recorded.kernels)
      for (const ProfiledSignature& sig : k.signatures) {
        err << "caramba record: " << Shown(k.file) << ":" << k.line << ": " << k.qualname << "(";
        for (size_t i = 0; i < sig.args.size(); ++i) err << (i ? ", " : "") << sig.args[i].numba;
        err << ")\n";
      }
  if (!quiet)
    err << "caramba record: " << Plural(recorded.kernels.size(), "kernel", "kernels") << ", "
        << Plural(SignatureCount(recorded), "signature", "signatures") << " recorded (" << sum.new_signatures
        << " new) in " << Shown(output) << "; it now holds " << Plural(sum.kernels, "kernel", "kernels") << ", "
        << Plural(sum.signatures, "signature", "signatures") << "\n";
  if (run.status != 0) err << "caramba record: the command exited with status " << run.status << "\n";
  return run.status;
}

}  // namespace caramba
