// process.cpp — see process.h.
#include "caramba/difftest/process.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace caramba::difftest {

namespace {

constexpr size_t kStderrKeep = 64 * 1024;

std::vector<std::string> BuildEnv(const std::map<std::string, std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    std::string kv(*e);
    std::string key = kv.substr(0, kv.find('='));
    if (!extra.count(key)) env.push_back(kv);
  }
  for (const auto& [k, v] : extra) env.push_back(k + "=" + v);
  return env;
}

}  // namespace

ProcessOutcome PosixProcessRunner::Run(const ProcessSpec& spec,
                                       const std::function<bool(std::string_view)>& on_line) {
  ProcessOutcome out;
  if (spec.argv.empty()) {
    out.error = "empty command";
    return out;
  }
  int out_pipe[2], err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) {
    out.error = std::string("pipe: ") + std::strerror(errno);
    return out;
  }
  // Everything the child needs is built before fork (no allocation after it).
  std::vector<std::string> env_s = BuildEnv(spec.env);
  std::vector<char*> argv, envp;
  for (const auto& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (auto& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);

  pid_t pid = fork();
  if (pid < 0) {
    out.error = std::string("fork: ") + std::strerror(errno);
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) close(fd);
    return out;
  }
  if (pid == 0) {
    setpgid(0, 0);  // its own group, so a timeout kills everything it started
    dup2(out_pipe[1], 1);
    dup2(err_pipe[1], 2);
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, 0);
    if (!spec.cwd.empty() && chdir(spec.cwd.c_str()) != 0) _exit(126);
    if (spec.argv[0].find('/') == std::string::npos) {
      environ = envp.data();
      execvp(argv[0], argv.data());
    } else {
      execve(argv[0], argv.data(), envp.data());
    }
    const char msg[] = "difftest: cannot execute the interpreter\n";
    ssize_t ignored = write(2, msg, sizeof msg - 1);
    (void)ignored;
    _exit(127);
  }
  setpgid(pid, pid);  // also in the parent: no race with the child's own call
  close(out_pipe[1]);
  close(err_pipe[1]);
  out.started = true;

  using Clock = std::chrono::steady_clock;
  auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(spec.timeout_s));
  std::string line_buf, err_buf;
  bool out_open = true, err_open = true;
  char buf[65536];
  while (out_open || err_open) {
    auto now = Clock::now();
    if (now >= deadline) {
      kill(-pid, SIGKILL);
      out.timed_out = true;
      break;
    }
    int wait_ms = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count()) + 1;
    pollfd fds[2];
    int nfds = 0;
    if (out_open) fds[nfds++] = {out_pipe[0], POLLIN, 0};
    if (err_open) fds[nfds++] = {err_pipe[0], POLLIN, 0};
    int rc = poll(fds, nfds, std::min(wait_ms, 1000));
    if (rc < 0) {
      if (errno == EINTR) continue;
      kill(-pid, SIGKILL);
      out.error = std::string("poll: ") + std::strerror(errno);
      break;
    }
    for (int i = 0; i < nfds; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(fds[i].fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      bool is_out = fds[i].fd == out_pipe[0];
      if (n <= 0) {
        (is_out ? out_open : err_open) = false;
        continue;
      }
      if (is_out) {
        line_buf.append(buf, static_cast<size_t>(n));
        size_t start = 0, nl;
        while ((nl = line_buf.find('\n', start)) != std::string::npos) {
          if (on_line(std::string_view(line_buf).substr(start, nl - start)))
            deadline = Clock::now() +
                       std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(spec.timeout_s));
          start = nl + 1;
        }
        line_buf.erase(0, start);
      } else {
        err_buf.append(buf, static_cast<size_t>(n));
        if (err_buf.size() > 2 * kStderrKeep) err_buf.erase(0, err_buf.size() - kStderrKeep);
      }
    }
  }
  if (!line_buf.empty() && !out.timed_out) on_line(line_buf);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  // Stragglers of the group (a compiler the driver started) go too.
  kill(-pid, SIGKILL);
  close(out_pipe[0]);
  close(err_pipe[0]);
  if (!out.timed_out) {
    if (WIFEXITED(status)) {
      out.exited = true;
      out.exit_code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
      out.signal = WTERMSIG(status);
    }
  }
  if (err_buf.size() > kStderrKeep) err_buf.erase(0, err_buf.size() - kStderrKeep);
  out.stderr_tail = std::move(err_buf);
  return out;
}

}  // namespace caramba::difftest
