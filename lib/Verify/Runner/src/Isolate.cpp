#include "Isolate.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <poll.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace cllint::runner {
namespace {

using Clock = std::chrono::steady_clock;

void writeAll(int fd, const std::string &data) {
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return; // the parent is gone; nothing useful left to do
    done += static_cast<std::size_t>(n);
  }
}

[[noreturn]] void childMain(int fd, const std::function<std::string()> &work) {
  std::string reply;
  try {
    reply = work();
  } catch (const std::exception &e) {
    reply = nlohmann::json{{"error", e.what()}}.dump();
  } catch (...) {
    reply = nlohmann::json{{"error", "unknown exception"}}.dump();
  }
  writeAll(fd, reply);
  ::close(fd);
  // _exit: no atexit handlers or static destructors of the parent's state, and driver
  // threads are torn down with the process rather than joined.
  ::_exit(0);
}

// Waits for `pid` until `deadline`; true when it was reaped into `status`.
bool reapUntil(pid_t pid, Clock::time_point deadline, int &status) {
  for (;;) {
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid)
      return true;
    if (r < 0 && errno != EINTR)
      return true; // not our child any more; nothing to wait for
    if (Clock::now() >= deadline)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void killAndReap(pid_t pid) {
  ::kill(pid, SIGKILL);
  int status = 0;
  // A process stuck inside a GPU driver may take a while to die; don't wait forever.
  reapUntil(pid, Clock::now() + std::chrono::seconds(10), status);
}

std::string describeStatus(int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char *name = ::strsignal(sig);
    return "killed by signal " + std::to_string(sig) +
           (name ? std::string(" (") + name + ")" : std::string());
  }
  if (WIFEXITED(status))
    return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "stopped unexpectedly";
}

} // namespace

IsolatedOutcome runIsolated(const std::function<std::string()> &work, int timeoutMs) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    return {IsolatedOutcome::Kind::Failed, "", std::string("pipe: ") + std::strerror(errno)};
  std::fflush(nullptr); // or buffered output would be written twice, once by the child
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return {IsolatedOutcome::Kind::Failed, "", std::string("fork: ") + std::strerror(errno)};
  }
  if (pid == 0) {
    ::close(fds[0]);
    childMain(fds[1], work);
  }
  ::close(fds[1]);

  const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
  std::string reply;
  bool eof = false;
  char buffer[65536];
  while (!eof) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0)
      break;
    pollfd p{fds[0], POLLIN, 0};
    int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0)
      continue;
    ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      eof = true;
    else
      reply.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);

  if (!eof) {
    killAndReap(pid);
    return {IsolatedOutcome::Kind::TimedOut, "", ""};
  }
  int status = 0;
  // The reply is complete; the child is exiting. Give it the rest of the deadline (and at
  // least a second) before treating it as hung in teardown.
  if (!reapUntil(pid, std::max(deadline, Clock::now() + std::chrono::seconds(1)), status)) {
    killAndReap(pid);
    if (!reply.empty())
      return {IsolatedOutcome::Kind::Finished, reply, ""};
    return {IsolatedOutcome::Kind::TimedOut, "", ""};
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !reply.empty())
    return {IsolatedOutcome::Kind::Finished, reply, ""};
  return {IsolatedOutcome::Kind::Failed, reply, describeStatus(status)};
}

} // namespace cllint::runner
